"""What a SIGKILL outside the journal can leave behind is cleaned up by the next run."""

from __future__ import annotations

import os

from conftest import drop, page, tree_bytes

from wikid import Action, Project


def test_temp_files_of_a_killed_run_are_removed_by_the_next_one(project: Project) -> None:
    drop(project, "a.md", page(title="A"))
    project.update()
    leftovers = [
        project.paths.wiki / ".a.md.wikid-4242-0.tmp",
        project.paths.archive / ".a.md.orig.wikid-4242-1.tmp",
        project.paths.state / ".ignored.json.wikid-4242-2.tmp",
    ]
    for path in leftovers:
        path.write_bytes(b"half a page")
    keep = project.paths.wiki / ".notes.tmp"  # a hidden file that is not wikid's
    keep.write_bytes(b"mine")
    report = project.update()
    assert [p for p in leftovers if p.exists()] == []
    assert keep.read_bytes() == b"mine"
    assert report.recovery == "removed 3 temp file(s) left by an interrupted run"


def test_a_page_whose_original_was_claimed_but_not_released_is_archived_once(project: Project) -> None:
    original = drop(project, "pages/danube.md", page(title="Danube"))
    project.update()
    archived = project.paths.archive / "pages/danube.md.orig"
    # A run killed between claim and release: the archive name is a link to the input.
    data = archived.read_bytes()
    os.link(archived, original)
    [f] = project.update().files
    assert (f.action, f.archived_as) == (Action.UNCHANGED, "archive/pages/danube.md.orig")
    assert not original.exists()
    assert list(tree_bytes(project.paths.archive / "pages").values()) == [data], "one archive name, not two"
