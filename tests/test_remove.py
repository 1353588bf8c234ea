"""`wikid remove` (issue 16 item 1): pages move to wiki/trash/, nothing is deleted, the
links to them follow, everything else stays byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import drop, page

from wikid import Project
from wikid.maintenance.remove import RemoveRefused
from wikid.okf.relink import relink

ACME = b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n"
ZENITH = b"Vendor: Zenith Corp\nDate: 2024-03-01\nPayment terms: 60 days\n"
LINKS = """---
type: Note
title: Links
sources:
  - id: acme
    resource: /vendor/acme-anvils.md   # the vendor page
---
See [A](/vendor/acme-anvils.md#terms), [rel](vendor/acme-anvils.md), [w](/wiki/vendor/acme-anvils.md),
[enc](/vendor/acme%2Danvils.md) and [other](/vendor/zenith-corp.md).

```
[fenced](/vendor/acme-anvils.md)
```

Inline `[code](/vendor/acme-anvils.md)` stays.

[ref]: /vendor/acme-anvils.md "Acme"
"""


@pytest.fixture
def wiki(tmp_path: Path) -> Project:
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "acme.txt", ACME)
    drop(project, "zen.txt", ZENITH)
    project.update()
    drop(project, "links.md", LINKS.encode())
    drop(project, "plain.md", page(title="Plain", body="Nothing to see [here](/vendor/zenith-corp.md).\n"))
    project.update()
    assert (project.paths.wiki / "vendor/acme-anvils.md").is_file()
    return project


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_a_removed_page_goes_to_the_trash_and_its_links_follow(wiki: Project) -> None:
    w = wiki.paths.wiki
    before = _tree(w)
    report = wiki.remove(["wiki/vendor/acme-anvils.md"])
    assert report.pages == {"vendor/acme-anvils.md": "vendor/acme-anvils.md.orig"}
    trashed = w / "trash/vendor/acme-anvils.md.orig"
    assert trashed.read_bytes() == before["vendor/acme-anvils.md"]
    assert not (w / "vendor/acme-anvils.md").exists()
    text = (w / "links.md").read_text(encoding="utf-8")
    new = "/trash/vendor/acme-anvils.md.orig"
    for link in (f"[A]({new}#terms)", f"[rel]({new})", f"[w]({new})", f"[enc]({new})", f"[ref]: {new} \"Acme\"",
                 f"resource: {new}   # the vendor page", "[fenced](/vendor/acme-anvils.md)",
                 "`[code](/vendor/acme-anvils.md)`", "[other](/vendor/zenith-corp.md)"):
        assert link in text, link
    assert report.links == {"links.md": 6}
    after = _tree(w)
    for rel in ("plain.md", "vendor/zenith-corp.md"):  # pages without such links: byte-identical
        assert after[rel] == before[rel]
    assert {k: v for k, v in after.items() if k.startswith("archive/") and k in before} == \
        {k: v for k, v in before.items() if k.startswith("archive/")}  # originals untouched
    assert any(k.startswith("archive/links") and after[k] == before["links.md"] for k in after if k not in before)
    log = (w / "log.md").read_text(encoding="utf-8")
    assert "* **Removal**: Removed `vendor/acme-anvils.md`; it is kept as [trash/vendor/acme-anvils.md.orig]" in log
    assert "trash" not in (w / "index.md").read_text(encoding="utf-8")
    assert "acme-anvils" not in (w / "vendor/index.md").read_text(encoding="utf-8")
    assert not wiki.lint().findings
    assert all(r.id != "vendor/acme-anvils" for r in wiki.query("Acme Anvils payment terms"))


def test_a_folder_goes_whole_and_disappears(wiki: Project) -> None:
    report = wiki.remove(["vendor/"])
    assert sorted(report.pages) == ["vendor/acme-anvils.md", "vendor/zenith-corp.md"]
    assert report.folders == ["vendor"]
    assert not (wiki.paths.wiki / "vendor").exists()
    assert sorted(p.name for p in (wiki.paths.wiki / "trash/vendor").iterdir()) == \
        ["acme-anvils.md.orig", "zenith-corp.md.orig"]
    wiki.update()  # a batch with nothing new brings nothing back
    assert not (wiki.paths.wiki / "vendor").exists()
    assert "vendor/acme-anvils" not in wiki.paths.owned.read_text()


def test_a_dry_run_changes_nothing(wiki: Project) -> None:
    before = _tree(wiki.paths.wiki)
    report = wiki.remove(["vendor/acme-anvils"], dry_run=True)
    assert report.dry_run and report.pages == {"vendor/acme-anvils.md": "vendor/acme-anvils.md.orig"}
    assert report.links == {"links.md": 6} and report.folders == []
    assert _tree(wiki.paths.wiki) == before


def test_a_second_removal_of_the_same_path_never_overwrites_the_trash(wiki: Project) -> None:
    wiki.remove(["vendor/acme-anvils.md"])
    drop(wiki, "vendor/acme-anvils.md", page(type_="Vendor", title="Acme Anvils"))  # a page there again
    wiki.update()
    report = wiki.remove(["vendor/acme-anvils.md"])
    [name] = report.pages.values()
    assert name.startswith("vendor/acme-anvils.") and name.endswith(".md.orig") and name != "vendor/acme-anvils.md.orig"
    assert len(list((wiki.paths.wiki / "trash/vendor").iterdir())) == 2


@pytest.mark.parametrize(("target", "message"), [
    ("index.md", "generated by wikid"), ("vendor/index.md", "generated by wikid"), ("log.md", "generated by wikid"),
    ("archive/acme.txt", "wiki/archive/ is wikid's"), ("trash/x.md.orig", "wiki/trash/ is wikid's"),
    ("/etc/passwd", "not an absolute one"), ("../secret.md", "no `..`"), ("vendor/nope.md", "no such page or folder"),
])
def test_what_may_not_be_removed_is_refused_with_the_reason(wiki: Project, target: str, message: str) -> None:
    with pytest.raises(RemoveRefused, match=message):
        wiki.remove([target])


def test_a_folder_without_concepts_is_refused(wiki: Project) -> None:
    (wiki.paths.wiki / "empty").mkdir()
    with pytest.raises(RemoveRefused, match="holds no concept page"):
        wiki.remove(["empty"])


def test_the_command_line(wiki: Project, capsys: pytest.CaptureFixture[str]) -> None:
    from wikid.cli import main

    assert main(["remove", "-C", str(wiki.root), "--dry-run", "vendor/acme-anvils.md"]) == 0
    out = capsys.readouterr().out
    assert "would move wiki/vendor/acme-anvils.md -> wiki/trash/vendor/acme-anvils.md.orig" in out
    assert "would relink 6 link(s) in wiki/links.md" in out
    assert main(["remove", "-C", str(wiki.root), "log.md"]) == 1
    assert "generated by wikid" in capsys.readouterr().err


def test_relink_leaves_a_page_without_such_links_identical() -> None:
    text = "---\ntype: Note\n---\n[a](/x.md) `[b](/gone.md)`\n"
    assert relink(text, "n.md", {"gone.md": "trash/gone.md.orig"}) == (text, 0)
