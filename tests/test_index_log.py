from pathlib import Path

from conftest import drop, page

from wikid import Action, Project
from wikid.okf.bundle import KnownPage, regenerate_indexes, signature, walk_bundle
from wikid.okf.index import ConceptEntry, render_indexes
from wikid.okf.log import add_entries


def test_root_index_has_frontmatter_and_lists_dirs_then_concepts() -> None:
    out = render_indexes([
        ConceptEntry("zeta", "Zeta", "Last letter."),
        ConceptEntry("vendors/acme", "Acme Corp", "A supplier."),
        ConceptEntry("alpha", "Alpha", ""),
    ])
    assert out[""] == (
        '---\nokf_version: "0.2"\n---\n# Wiki Index\n\n'
        "* [vendors/](vendors/)\n"
        "* [Alpha](alpha.md)\n"
        "* [Zeta](zeta.md) - Last letter.\n"
    )
    assert out["vendors"] == "# Vendors Index\n\n* [Acme Corp](acme.md) - A supplier.\n"


def test_every_ancestor_directory_gets_an_index() -> None:
    out = render_indexes([ConceptEntry("a/b/c/deep", "Deep", "")])
    assert set(out) == {"", "a", "a/b", "a/b/c"}
    assert out["a"] == "# A Index\n\n* [b/](b/)\n"
    assert out["a/b/c"] == "# C Index\n\n* [Deep](deep.md)\n"


def test_links_are_encoded_and_labels_escaped() -> None:
    out = render_indexes([ConceptEntry("my notes/a (1)", "Weird [x]", "")])
    assert "* [my notes/](my%20notes/)" in out[""]
    assert "* [Weird \\[x\\]](a%20%281%29.md)" in out["my notes"]


def test_heading_names_are_readable() -> None:
    out = render_indexes([ConceptEntry("bigquery-tables/t", "T", ""), ConceptEntry("x_y/t", "T", "")])
    assert out["bigquery-tables"].startswith("# Bigquery tables Index\n")
    assert out["x_y"].startswith("# X y Index\n")


def test_concept_order_is_by_title_then_id_whatever_the_input_order() -> None:
    entries = [ConceptEntry(f"c{i}", t, "") for i, t in enumerate(["b", "A", "a", "C"])]
    assert render_indexes(entries) == render_indexes(list(reversed(entries)))
    body = render_indexes(entries)[""]
    assert body.index("[A]") < body.index("[a]") < body.index("[b]") < body.index("[C]")


def test_regenerate_from_disk_writes_removes_stale_and_skips_archive(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    (wiki / "vendors").mkdir(parents=True)
    (wiki / "vendors" / "acme.md").write_text("---\ntype: Vendor\ntitle: Acme\ndescription: Sells\n  anvils.\n---\n")
    (wiki / "broken.md").write_text("no frontmatter at all\n")
    (wiki / "empty-dir").mkdir()
    (wiki / "empty-dir" / "index.md").write_text("# stale\n")
    (wiki / "archive" / "x").mkdir(parents=True)
    (wiki / "archive" / "x" / "old.md").write_text("---\ntype: x\n---\n")
    (wiki / ".hidden.md").write_text("---\ntype: x\n---\n")
    (wiki / "log.md").write_text("# Wiki Update Log\n")

    changed = regenerate_indexes(wiki)
    assert sorted(changed) == ["empty-dir/index.md", "index.md", "vendors/index.md"]
    assert not (wiki / "empty-dir" / "index.md").exists()
    assert not (wiki / "archive" / "index.md").exists()
    root = (wiki / "index.md").read_text()
    assert "* [broken](broken.md)\n" in root and "archive" not in root and "hidden" not in root
    assert (wiki / "vendors" / "index.md").read_text() == "# Vendors Index\n\n* [Acme](acme.md) - Sells anvils.\n"
    assert walk_bundle(wiki).concept_ids == ["broken", "vendors/acme"]


def test_regenerate_twice_writes_nothing_the_second_time(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    (wiki / "a").mkdir(parents=True)
    (wiki / "a" / "p.md").write_text("---\ntype: x\n---\n")
    regenerate_indexes(wiki)
    before = (wiki / "a" / "index.md").stat().st_mtime_ns
    assert regenerate_indexes(wiki) == []
    assert (wiki / "a" / "index.md").stat().st_mtime_ns == before


def test_log_creates_day_block_newest_first_and_appends_same_day() -> None:
    text = add_entries(None, "2026-07-11", ["* **Creation**: Added [a](/a.md)."])
    text = add_entries(text, "2026-07-12", ["* **Creation**: Added [b](/b.md)."])
    text = add_entries(text, "2026-07-12", ["* **Update**: Replaced [b](/b.md)."])
    assert text == (
        "# Wiki Update Log\n\n"
        "## 2026-07-12\n\n"
        "* **Creation**: Added [b](/b.md).\n"
        "* **Update**: Replaced [b](/b.md).\n\n"
        "## 2026-07-11\n\n"
        "* **Creation**: Added [a](/a.md).\n"
    )


def test_a_day_block_keeps_every_change_whatever_order_its_runs_came_in() -> None:
    created = ["* **Creation**: Added [b](/b.md).", "* **Ignored**: `input/x.exe` (unsupported): no."]
    later = ["* **Update**: Updated [b](/b.md).", "* **Update**: Updated [c](/c.md).", "* **Creation**: Added [a](/a.md)."]
    one_way = add_entries(add_entries(None, "2026-07-12", created), "2026-07-12", later)
    other_way = add_entries(add_entries(None, "2026-07-12", later), "2026-07-12", created)
    assert one_way == other_way == (
        "# Wiki Update Log\n\n## 2026-07-12\n\n"
        "* **Creation**: Added [a](/a.md).\n"
        "* **Creation**: Added [b](/b.md).\n"
        "* **Update**: Updated [b](/b.md).\n"  # a page created that day and updated later: both are said
        "* **Update**: Updated [c](/c.md).\n"
        "* **Ignored**: `input/x.exe` (unsupported): no.\n"
    )


def test_log_md_records_every_outcome_of_a_batch(project: Project) -> None:
    """A batch that updated pages left no entry when the pages were created earlier the
    same day: the creation was taken to say it. Each batch's outcomes are in the log."""
    drop(project, "acme-2024.txt", b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n")
    drop(project, "note.md", page(title="Note"))
    drop(project, "tool.exe", b"MZ")
    project.update()
    drop(project, "acme-2025.txt", b"Vendor: Acme Anvils\nDate: 2025-03-01\nPayment terms: 45 days\n")
    drop(project, "note.md", page(title="Note"))  # the same page again
    drop(project, "broken.pdf", b"junk")
    report = project.update()
    assert {f.input: f.action for f in report.files} == {
        "acme-2025.txt": Action.UPDATED, "note.md": Action.UNCHANGED, "broken.pdf": Action.IGNORED,
        "tool.exe": Action.IGNORED}
    day = (project.paths.wiki / "log.md").read_text().split("## ")[1].splitlines()
    assert day[2:] == [
        "* **Creation**: Added [note](/note.md).",
        "* **Creation**: Added [vendor/acme-anvils](/vendor/acme-anvils.md).",
        "* **Update**: Archived `input/note.md`; [note](/note.md) already held its content.",
        "* **Update**: Updated [vendor/acme-anvils](/vendor/acme-anvils.md).",
        "* **Ignored**: `input/broken.pdf` (extraction_failed): not a PDF: no %PDF- header in the first 1 KB.",
        "* **Ignored**: `input/tool.exe` (unsupported): `.exe` files are not a supported document type.",
    ]


def test_runs_out_of_date_order_still_give_one_block_per_day_newest_first() -> None:
    text = None
    for day, name in [("2030-01-05", "a"), ("2020-03-01", "b"), ("2030-01-05", "c"), ("2025-06-01", "d"),
                      ("2020-03-01", "e"), ("2031-01-01", "f")]:
        text = add_entries(text, day, [f"* **Creation**: Added [{name}](/{name}.md)."])
    assert text == (
        "# Wiki Update Log\n\n"
        "## 2031-01-01\n\n* **Creation**: Added [f](/f.md).\n\n"
        "## 2030-01-05\n\n* **Creation**: Added [a](/a.md).\n* **Creation**: Added [c](/c.md).\n\n"
        "## 2025-06-01\n\n* **Creation**: Added [d](/d.md).\n\n"
        "## 2020-03-01\n\n* **Creation**: Added [b](/b.md).\n* **Creation**: Added [e](/e.md).\n"
    )


def test_a_clock_set_back_keeps_the_log_in_date_order(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from wikid import Project

    project = Project(tmp_path / "proj")
    project.init()
    for n, now in enumerate(["2030-01-05T10:00:00Z", "2020-03-01T10:00:00Z", "2030-01-05T11:00:00Z"]):
        monkeypatch.setenv("WIKID_NOW", now)
        (project.paths.input / f"note-{n}.md").write_text(f"---\ntype: Note\ntitle: Note {n}\n---\nBody {n}.\n")
        project.update()
    log = (project.paths.wiki / "log.md").read_text()
    assert [line for line in log.splitlines() if line.startswith("## ")] == ["## 2030-01-05", "## 2020-03-01"]
    assert "LOG_DATE_ORDER" not in {f.code for f in project.lint().findings}


def test_log_keeps_what_a_person_wrote() -> None:
    original = "# Wiki Update Log\n\nKept by the data team.\n\n## 2026-01-01\n\n* **Creation**: by hand.\n"
    text = add_entries(original, "2026-07-12", ["* new"])
    assert text.startswith("# Wiki Update Log\n\nKept by the data team.\n\n## 2026-07-12\n\n* new\n\n## 2026-01-01")
    assert add_entries(original, "2026-07-12", []) == original


def test_cache_skips_unchanged_pages_and_sees_edits(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import wikid.okf.bundle as bundle

    wiki, cache = tmp_path / "wiki", tmp_path / "pages.json"
    wiki.mkdir()
    for i in range(5):
        (wiki / f"p{i}.md").write_text(f"---\ntype: x\ntitle: Page {i}\n---\n")
    regenerate_indexes(wiki, cache)
    reads: list[str] = []
    real = bundle.read_concept_entry
    monkeypatch.setattr(bundle, "read_concept_entry",
                        lambda root, cid, known=None: (reads.append(cid), real(root, cid, known))[1])
    assert regenerate_indexes(wiki, cache) == [] and reads == []
    (wiki / "p3.md").write_text("---\ntype: x\ntitle: Renamed by hand\n---\n")
    assert regenerate_indexes(wiki, cache) == ["index.md"]
    assert reads == ["p3"]
    assert "* [Renamed by hand](p3.md)" in (wiki / "index.md").read_text()


def test_pages_the_caller_holds_are_not_parsed_again_unless_changed_since(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A batch hands over the pages it wrote with their parsed frontmatter: index.md
    uses that parse, except for a page edited since (its bytes differ), which is parsed."""
    import wikid.okf.bundle as bundle
    from wikid.okf.frontmatter import parse_frontmatter

    wiki = tmp_path / "wiki"
    known = _written_pages(wiki, signed=False)
    (wiki / "p2.md").write_text("---\ntype: x\ntitle: Edited after the batch wrote it\n---\n")
    parsed: list[str] = []
    monkeypatch.setattr(bundle, "parse_frontmatter", lambda text: (parsed.append(text), parse_frontmatter(text))[1])
    regenerate_indexes(wiki, tmp_path / "pages.json", known)
    assert parsed == ["---\ntype: x\ntitle: Edited after the batch wrote it\n---\n"]
    index = (wiki / "index.md").read_text()
    assert "* [Page 0](p0.md)" in index and "* [Edited after the batch wrote it](p2.md)" in index


def test_a_page_that_still_has_its_written_signature_is_not_read(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The batch took each page's signature right after writing it: while the page has
    it, index.md uses the batch's parse without reading the page; a page edited since
    has another signature and is read."""
    import wikid.okf.bundle as bundle

    wiki = tmp_path / "wiki"
    known = _written_pages(wiki, signed=True)
    (wiki / "p2.md").write_text("---\ntype: x\ntitle: Edited, longer than before\n---\n")
    reads: list[str] = []
    real = bundle.read_regular
    monkeypatch.setattr(bundle, "read_regular", lambda path, *a, **k: (reads.append(path.name), real(path, *a, **k))[1])
    regenerate_indexes(wiki, tmp_path / "pages.json", known)
    assert reads == ["p2.md"]
    index = (wiki / "index.md").read_text()
    assert "* [Page 0](p0.md)" in index and "* [Edited, longer than before](p2.md)" in index


def _written_pages(wiki: Path, signed: bool) -> dict[str, KnownPage]:
    """Pages p0..p2 written to `wiki` as a batch hands them over (KnownPage), with the
    signature each had once written when `signed`."""
    import os

    from wikid.okf.frontmatter import parse_frontmatter

    wiki.mkdir()
    known: dict[str, KnownPage] = {}
    for i in range(3):
        text = f"---\ntype: x\ntitle: Page {i}\n---\n"
        (wiki / f"p{i}.md").write_text(text)
        written = signature(os.lstat(wiki / f"p{i}.md")) if signed else None
        known[f"p{i}.md"] = KnownPage(text.encode(), parse_frontmatter(text), written)
    return known
