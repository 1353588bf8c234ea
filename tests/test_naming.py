from datetime import UTC, datetime
from itertools import islice

from wikid.filenames import split_name
from wikid.intake.naming import archive_candidates, archive_family, page_rel

WHEN = datetime(2026, 7, 12, 13, 5, tzinfo=UTC)


def first(rel: str, n: int = 4) -> list[str]:
    return list(islice(archive_candidates(rel, WHEN), n))


def test_archive_names_follow_design_section_3() -> None:
    assert first("contracts/acme-2025.pdf") == [
        "contracts/acme-2025.pdf",
        "contracts/acme-2025.2026-07-12-1305.pdf",
        "contracts/acme-2025.2026-07-12-1305.1.pdf",
        "contracts/acme-2025.2026-07-12-1305.2.pdf",
    ]


def test_markdown_originals_get_orig_outermost() -> None:
    assert first("orders.md", 3) == [
        "orders.md.orig",
        "orders.2026-07-12-1305.md.orig",
        "orders.2026-07-12-1305.1.md.orig",
    ]
    assert first("A/Foo.MD", 2) == ["A/Foo.MD.orig", "A/Foo.2026-07-12-1305.MD.orig"]


def test_only_last_suffix_is_the_extension() -> None:
    assert split_name("a.tar.gz") == ("a.tar", ".gz")
    assert split_name("README") == ("README", "")
    assert first("README", 2) == ["README", "README.2026-07-12-1305"]


def test_stamp_is_utc_whatever_the_offset() -> None:
    local = datetime(2026, 7, 12, 15, 5, tzinfo=UTC).astimezone()
    assert list(islice(archive_candidates("x.txt", local), 2))[1] == "x.2026-07-12-1505.txt"


def test_page_path_normalises_markdown_extensions() -> None:
    assert page_rel("Foo.MD") == "Foo.md"
    assert page_rel("a/b/notes.markdown") == "a/b/notes.md"
    assert page_rel("x.Markdown") == "x.md"


def test_paths_whose_archive_names_can_coincide_share_a_family() -> None:
    """Claims run in parallel per archive_family: two markdown paths of different families
    must never be offered the same name, or which one gets it would depend on timing."""
    stamp = "2026-07-12-1305"
    names = ["x.md", f"x.{stamp}.md", f"x.{stamp}.1.md", f"x.{stamp}.{stamp}.md", f"x.{stamp}.2.{stamp}.md",
             "X.MD", "x.markdown", f"x.{stamp}.markdown", "x.v2.md", "x.md.md", f"x.md.{stamp}.md", "y.md",
             f"{stamp}.md", f".{stamp}.md", "x.2026-07-12-1306.md", "x.1.md"]
    rels = [f"{folder}{name}" for folder in ("", "notes/", "Notes/") for name in names]
    offered = {rel: {c.casefold() for c in first(rel, 6)} for rel in rels}
    families = {rel: archive_family(rel, WHEN) for rel in rels}
    for a in rels:
        for b in rels:
            if offered[a] & offered[b]:
                assert families[a] == families[b], (a, b)
    assert families["x.md"] == families[f"x.{stamp}.md"] == families[f"x.{stamp}.1.md"] == families["X.MD"]
    assert len({families["x.md"], families["y.md"], families["x.v2.md"], families["x.markdown"],
                families["notes/x.md"], families["x.2026-07-12-1306.md"]}) == 6
