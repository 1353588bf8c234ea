"""Conformant intake and the invariants of design §2 (I1, I2, I3, I4, I7)."""

from __future__ import annotations

import errno
import os
import time
from collections import Counter
from pathlib import Path

import pytest
from conftest import assert_nothing_lost, drop, page, tree_bytes, tree_state

import wikid.fsio as fsio
import wikid.intake.archive as archive_mod
import wikid.intake.classify as classify_mod
import wikid.intake.conformant as conformant
import wikid.intake.pagewrite as pagewrite
import wikid.intake.pipeline as pipeline
import wikid.intake.writers as writers
import wikid.okf.bundle as bundle
import wikid.okf.lint_checks as lint_checks
import wikid.query.document as query_document
from wikid import Action, Project


def test_conformant_page_is_copied_byte_for_byte_and_original_archived(project: Project) -> None:
    data = "\ufeff---\r\ntype: Vendor\r\ntitle: Acme Corp\r\ndescription: Sells anvils.\r\nodd_key: [1, 2]\r\n---\r\nBody\r\n".encode()
    drop(project, "vendors/acme.MD", data)
    report = project.update()
    [f] = report.files
    assert (f.action, f.page, f.archived_as) == (Action.CREATED, "vendors/acme.md", "archive/vendors/acme.MD.orig")
    assert (project.paths.wiki / "vendors/acme.md").read_bytes() == data
    assert (project.paths.wiki / "archive/vendors/acme.MD.orig").read_bytes() == data
    assert not (project.paths.input / "vendors/acme.MD").exists()
    assert "* [Acme Corp](acme.md) - Sells anvils.\n" in (project.paths.wiki / "vendors/index.md").read_text()
    assert "* [vendors/](vendors/)\n" in (project.paths.wiki / "index.md").read_text()
    log = (project.paths.wiki / "log.md").read_text()
    assert log == "# Wiki Update Log\n\n## 2026-07-12\n\n* **Creation**: Added [vendors/acme](/vendors/acme.md).\n"


def test_identical_existing_page_is_left_alone(project: Project) -> None:
    drop(project, "a.md", page())
    project.update()
    before = (project.paths.wiki / "a.md").stat().st_mtime_ns
    log_before = (project.paths.wiki / "log.md").read_bytes()
    drop(project, "a.md", page())
    [f] = project.update().files
    assert f.action == Action.UNCHANGED and f.archived_as == "archive/a.2026-07-12-1305.md.orig"
    assert (project.paths.wiki / "a.md").stat().st_mtime_ns == before
    log = (project.paths.wiki / "log.md").read_bytes()
    assert log.replace(b"* **Update**: Archived `input/a.md`; [a](/a.md) already held its content.\n", b"") == log_before


def test_different_existing_page_is_archived_before_replacement(project: Project) -> None:
    old, new = page(title="Old"), page(title="New")
    (project.paths.wiki / "a.md").write_bytes(old)  # written by a person, not by wikid
    drop(project, "a.md", new)
    [f] = project.update().files
    assert f.action == Action.UPDATED
    assert (project.paths.wiki / "a.md").read_bytes() == new
    assert (project.paths.wiki / f.previous_archived_as).read_bytes() == old  # type: ignore[operator]
    assert (project.paths.wiki / f.archived_as).read_bytes() == new  # type: ignore[operator]
    assert f.previous_archived_as != f.archived_as
    log = (project.paths.wiki / "log.md").read_text()
    assert f"* **Update**: Replaced [a](/a.md); the previous version is archived as [{f.previous_archived_as}](/{f.previous_archived_as})." in log


def test_same_file_dropped_twice_gets_a_new_archive_name(project: Project) -> None:
    drop(project, "doc.md", page())
    first = project.update().files[0].archived_as
    drop(project, "doc.md", page())
    second = project.update().files[0].archived_as
    drop(project, "doc.md", page())
    third = project.update().files[0].archived_as
    assert [first, second, third] == [
        "archive/doc.md.orig",
        "archive/doc.2026-07-12-1305.md.orig",
        "archive/doc.2026-07-12-1305.1.md.orig",
    ]
    for name in (first, second, third):
        assert (project.paths.wiki / name).read_bytes() == page()  # type: ignore[operator]


def test_two_inputs_for_one_page_in_one_batch_lose_nothing(project: Project) -> None:
    inputs = {"a.MD": page(title="Upper"), "a.md": page(title="Lower"), "a.markdown": page(title="Long")}
    for rel, data in inputs.items():
        drop(project, rel, data)
    report = project.update()
    assert [f.action for f in report.files] == [Action.CREATED, Action.UPDATED, Action.UPDATED]
    assert (project.paths.wiki / "a.md").read_bytes() == page(title="Lower")  # last in sorted order
    assert_nothing_lost(inputs, project)
    assert not any(project.paths.input.iterdir())


@pytest.mark.parametrize("slow", ["keep_bytes", "claim_original"])
def test_archive_names_that_could_coincide_are_taken_in_order(
    project: Project, monkeypatch: pytest.MonkeyPatch, slow: str
) -> None:
    """Pages are written and originals claimed on several threads. `x.md` and
    `x.2026-07-12-1305.md` may be offered the same archive names (for their pages'
    previous versions and for their originals): they are handled one after the other in
    sorted order, however long the first takes, so the names are those of a serial run
    (I6) and never depend on which thread was faster."""
    stamp = "2026-07-12-1305"
    monkeypatch.setattr(writers, "PER_TASK", 1)  # a task per page: nothing is serial by accident
    module = pagewrite if slow == "keep_bytes" else archive_mod
    real = getattr(module, slow)

    def slowly(*args, **kwargs):  # type: ignore[no-untyped-def]
        if f"x.{stamp}.md" in args:
            time.sleep(0.3)  # the first in order takes longest: a race would let x.md pass it
        return real(*args, **kwargs)

    monkeypatch.setattr(module, slow, slowly)
    project.paths.archive.mkdir(parents=True)
    (project.paths.archive / "x.md.orig").write_bytes(b"an earlier batch's file")
    for rel in ("x.md", f"x.{stamp}.md"):
        (project.paths.wiki / rel).write_bytes(page(title=f"old {rel}"))
        drop(project, rel, page(title=f"new {rel}"))
    files = {f.input: f for f in project.update().files}
    names = {rel: (f.previous_archived_as, f.archived_as) for rel, f in files.items()}
    assert names == {
        f"x.{stamp}.md": (f"archive/x.{stamp}.md.orig", f"archive/x.{stamp}.{stamp}.md.orig"),
        "x.md": (f"archive/x.{stamp}.1.md.orig", f"archive/x.{stamp}.2.md.orig"),
    }


def test_a_batch_parses_each_page_once(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """Classification parses a page's frontmatter; index.md regeneration, the batch's lint
    and the query index use that parse (issue 17) instead of reading and parsing the
    page again."""
    parsed: Counter[str] = Counter()
    for module in (classify_mod, bundle, lint_checks, query_document):
        real = module.parse_frontmatter
        monkeypatch.setattr(module, "parse_frontmatter",
                            lambda text, real=real, name=module.__name__: (parsed.update([name]), real(text))[1])
    for i in range(5):
        drop(project, f"d/p{i}.md", page(title=f"Page {i}", body=f"See [missing](/nowhere-{i}.md).\n"))
    report = project.update()
    assert report.counts()["created"] == 5
    assert parsed == {"wikid.intake.classify": 5}
    assert report.lint and report.lint.startswith("lint: 0 errors, 5 warnings, 0 info (BROKEN_LINK 5)")
    assert "* [Page 3](p3.md)" in (project.paths.wiki / "d/index.md").read_text()
    assert [r.id for r in project.search("Page 3").results][:1] == ["d/p3"]  # indexed from that parse


def test_a_batch_does_not_read_back_the_pages_it_wrote(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page's signature is taken right after it is written; index.md regeneration
    and the query index compare it with the walk's instead of reading the page again."""
    import wikid.query.store as query_store

    reads: list[str] = []
    for module in (bundle, query_store):
        real = module.read_regular
        monkeypatch.setattr(module, "read_regular",
                            lambda path, *a, real=real, **k: (reads.append(path.name), real(path, *a, **k))[1])
    for i in range(5):
        drop(project, f"d/p{i}.md", page(title=f"Page {i}"))
    assert project.update().counts()["created"] == 5
    assert reads == []
    assert "* [Page 3](p3.md)" in (project.paths.wiki / "d/index.md").read_text()
    assert [r.id for r in project.search("Page 3").results][:1] == ["d/p3"]


def test_an_edit_made_after_the_batch_wrote_a_page_shows_in_its_index(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page the batch wrote is what index.md lists from its parse, unless the page
    changed since: then the edit is read from disk."""
    real = pipeline.regenerate_indexes

    def edit_first(*args, **kwargs):  # type: ignore[no-untyped-def]
        (project.paths.wiki / "d/a.md").write_bytes(page(title="Edited meanwhile"))
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "regenerate_indexes", edit_first)
    drop(project, "d/a.md", page(title="As dropped"))
    project.update()
    assert "* [Edited meanwhile](a.md)" in (project.paths.wiki / "d/index.md").read_text()


def test_existing_archive_files_are_never_overwritten(project: Project) -> None:
    squatters = {
        "doc.md.orig": b"someone else's file",
        "doc.2026-07-12-1305.md.orig": b"another one",
    }
    for name, data in squatters.items():
        (project.paths.archive).mkdir(parents=True, exist_ok=True)
        (project.paths.archive / name).write_bytes(data)
    drop(project, "doc.md", page())
    [f] = project.update().files
    assert f.archived_as == "archive/doc.2026-07-12-1305.1.md.orig"
    for name, data in squatters.items():
        assert (project.paths.archive / name).read_bytes() == data


def test_unrelated_pages_are_untouched(project: Project) -> None:
    (project.paths.wiki / "mine").mkdir()
    (project.paths.wiki / "mine" / "hand.md").write_bytes(page(title="Hand made"))
    drop(project, "other.md", page())
    project.update()
    assert (project.paths.wiki / "mine" / "hand.md").read_bytes() == page(title="Hand made")


def test_writes_stay_inside_the_project(tmp_path: Path) -> None:
    """I4 for wikid's own writes: nothing outside input/, wiki/, .wikid/ changes."""
    (tmp_path / "neighbour.txt").write_text("leave me")
    proj = Project(tmp_path / "proj")
    proj.init()
    (proj.root / "notes-beside.md").write_bytes(page())
    outside_before = tree_state(tmp_path)
    drop(proj, "x/y.md", page())
    drop(proj, "z.txt", b"text")
    proj.update()
    after = tree_state(tmp_path)
    changed = {k for k in set(outside_before) | set(after) if outside_before.get(k) != after.get(k)}
    allowed = ("proj/input/", "proj/wiki/", "proj/.wikid/")
    assert changed and all(k.startswith(allowed) for k in changed), changed


def test_empty_input_changes_nothing(project: Project) -> None:
    """I7: a second run with nothing in input/ writes nothing but the PID in the lock file."""
    drop(project, "a/b.md", page())
    drop(project, "ignored.exe", b"MZ")
    project.update()
    (project.paths.input / "ignored.exe").unlink()
    project.update()  # forgets the ignored file
    before = tree_state(project.root)
    report = project.update()
    assert report.files == [] and report.indexes_changed == [] and report.log_entries == 0
    after = tree_state(project.root)
    assert after.pop(".wikid/lock") and before.pop(".wikid/lock")
    assert after == before


def test_ignored_files_are_logged_once_until_they_change(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    target = drop(project, "tool.exe", b"MZ")
    project.update()
    project.update()
    log = (project.paths.wiki / "log.md").read_text()
    assert log.count("`input/tool.exe` (unsupported)") == 1
    target.write_bytes(b"MZ changed")
    os.utime(target, ns=(1, 1))
    monkeypatch.setenv("WIKID_NOW", "2026-07-13T09:00:00Z")  # a day's block names a file once
    project.update()
    assert (project.paths.wiki / "log.md").read_text().count("`input/tool.exe` (unsupported)") == 2


def test_page_is_durable_before_its_original_is_archived(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """I2: when an original is claimed, its page is on disk and its directory fsynced."""
    events: list[tuple[str, str]] = []
    real_fsync_dir, real_claim = conformant.fsync_dir, archive_mod.claim_original

    def fsync_dir(path: Path) -> None:
        events.append(("fsync", str(path)))
        real_fsync_dir(path)

    def claim(src: Path, root: Path, rel: str, when):  # type: ignore[no-untyped-def]
        page_path = project.paths.wiki / rel.replace(".MD", ".md")
        assert page_path.read_bytes() == src.read_bytes()
        events.append(("claim", str(page_path.parent)))
        return real_claim(src, root, rel, when)

    monkeypatch.setattr(conformant, "fsync_dir", fsync_dir)
    monkeypatch.setattr(archive_mod, "claim_original", claim)
    drop(project, "a/one.md", page())
    drop(project, "b/two.MD", page(title="Two"))
    project.update()
    for i, (kind, directory) in enumerate(events):
        if kind == "claim":
            assert ("fsync", directory) in events[:i]
    assert sum(kind == "claim" for kind, _ in events) == 2


FAULT_POINTS = [(pagewrite, "atomic_create"), (archive_mod, "claim_original"),
                (archive_mod, "release_original"), (archive_mod, "fsync_dir")]


@pytest.mark.parametrize("point", FAULT_POINTS, ids=lambda p: p[1])
@pytest.mark.parametrize("error", [OSError(errno.EIO, "I/O error"), KeyboardInterrupt()])
def test_a_failure_at_any_step_loses_nothing_and_the_next_run_finishes(
    project: Project, monkeypatch: pytest.MonkeyPatch, point: tuple[object, str], error: BaseException
) -> None:
    """I1 under injected faults (an I/O error, or an interruption standing in for a kill)."""
    inputs = {f"d{i % 3}/p{i}.md": page(title=f"P{i}") for i in range(9)}
    for rel, data in inputs.items():
        drop(project, rel, data)
    module, name = point
    real = getattr(module, name)
    calls = {"n": 0}

    def faulty(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 4:
            raise error
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, faulty)
    try:
        project.update()
    except BaseException as exc:  # noqa: BLE001 - the interruption propagates, as a kill would stop the run
        assert exc is error or isinstance(exc.__cause__, OSError)  # BatchFailed, from the OSError
    assert calls["n"] >= 4, "the fault was never injected"
    assert_nothing_lost(inputs, project)
    monkeypatch.setattr(module, name, real)
    report = project.update()
    assert all(f.action in (Action.CREATED, Action.UNCHANGED, Action.UPDATED) for f in report.files)
    assert not any(p.is_file() for p in project.paths.input.rglob("*"))
    assert_nothing_lost(inputs, project)
    for rel, data in inputs.items():
        assert (project.paths.wiki / rel).read_bytes() == data
    leftovers = [p for p in project.paths.wiki.rglob(".*") if p.is_file()]
    assert leftovers == []


def test_cross_filesystem_archive_falls_back_to_a_durable_copy(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    real_link = os.link

    def link(src, dst, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(src).startswith(str(project.paths.input)):
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        return real_link(src, dst, *args, **kwargs)

    monkeypatch.setattr(archive_mod.os, "link", link)
    (project.paths.archive).mkdir(parents=True)
    (project.paths.archive / "a.md.orig").write_bytes(b"taken")
    drop(project, "a.md", page(body="x" * 3_000_000))
    [f] = project.update().files
    assert f.archived_as == "archive/a.2026-07-12-1305.md.orig"
    assert (project.paths.wiki / f.archived_as).read_bytes() == page(body="x" * 3_000_000)
    assert (project.paths.archive / "a.md.orig").read_bytes() == b"taken"
    assert not (project.paths.input / "a.md").exists()
    assert [p.name for p in project.paths.archive.iterdir() if p.name.startswith(".")] == []


def test_file_changed_during_ingest_stays_in_input(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    target = drop(project, "a.md", page(title="First"))
    real_claim = archive_mod.claim_original

    def claim_then_edit(src: Path, root: Path, rel: str, when):  # type: ignore[no-untyped-def]
        name = real_claim(src, root, rel, when)
        with open(src, "ab") as fh:  # a writer appends after wikid read the file
            fh.write(b"more\n")
        return name

    monkeypatch.setattr(archive_mod, "claim_original", claim_then_edit)
    [f] = project.update().files
    assert f.action == Action.RETRY and "changed while it was being ingested" in f.message
    assert target.read_bytes() == page(title="First") + b"more\n"
    assert not (project.paths.archive / "a.md.orig").exists()
    monkeypatch.setattr(archive_mod, "claim_original", real_claim)
    [g] = project.update().files
    assert g.action == Action.UPDATED
    assert (project.paths.wiki / "a.md").read_bytes() == page(title="First") + b"more\n"


def test_input_replaced_during_ingest_keeps_both_versions(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    target = drop(project, "a.md", page(title="First"))
    real_claim = archive_mod.claim_original

    def claim_then_replace(src: Path, root: Path, rel: str, when):  # type: ignore[no-untyped-def]
        name = real_claim(src, root, rel, when)
        tmp = src.with_name("swap")
        tmp.write_bytes(page(title="Second"))
        os.rename(tmp, src)  # a sync tool replaces the file atomically
        return name

    monkeypatch.setattr(archive_mod, "claim_original", claim_then_replace)
    [f] = project.update().files
    assert f.action == Action.CREATED
    assert (project.paths.wiki / f.archived_as).read_bytes() == page(title="First")  # type: ignore[operator]
    assert target.read_bytes() == page(title="Second")


def test_a_page_path_held_by_a_directory_is_retried_not_lost(project: Project) -> None:
    (project.paths.wiki / "a.md").mkdir()
    drop(project, "a.md", page())
    [f] = project.update().files
    assert f.action == Action.RETRY and "not a regular page" in f.message
    assert (project.paths.input / "a.md").read_bytes() == page()


@pytest.mark.parametrize("step", ["_renameat2", "link"])
def test_interrupted_run_leaves_no_temp_files(project: Project, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    """Interrupted while a new page's temp file is being given its name: by a rename, or
    (where the filesystem cannot rename without replacing) by a link."""
    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    drop(project, "a.md", page())
    if step == "link":
        monkeypatch.setattr(fsio, "linux_libc", lambda: None)
    monkeypatch.setattr(fsio if step == "_renameat2" else os, step, boom)
    with pytest.raises(KeyboardInterrupt):
        project.update()
    assert [p for p in project.paths.wiki.rglob("*") if ".wikid-" in p.name] == []
    assert (project.paths.input / "a.md").exists() and not (project.paths.wiki / "a.md").exists()


def test_lock_keeps_a_second_run_out(project: Project) -> None:
    from wikid import ProjectLocked
    from wikid.lock import ProjectLock

    with ProjectLock(project.paths.lock), pytest.raises(ProjectLocked, match=f"PID {os.getpid()}"):
        project.update()
    drop(project, "a.md", page())
    assert project.update().files[0].action == Action.CREATED


def test_status_reports_pending_ignored_concepts_and_last_run(project: Project) -> None:
    drop(project, "a.md", page())
    drop(project, "tool.exe", b"MZ")
    project.update()
    drop(project, "notes.txt", b"hello")
    status = project.status()
    assert [p.input for p in status.pending] == ["notes.txt"]
    assert [(i.input, i.reason) for i in status.ignored] == [("tool.exe", "unsupported")]
    assert status.concepts == 1
    assert status.last_run is not None and status.last_run["counts"]["created"] == 1  # type: ignore[index]
    assert set(status.to_dict()) == {"pending", "ignored", "concepts", "last_run", "daemon", "executor", "batch"}
    assert status.executor is not None and status.executor["executor"] == "local" and status.batch is None


def test_archive_bytes_are_identical_to_every_input(project: Project) -> None:
    inputs = {f"dir{i}/page{i}.md": page(title=f"T{i}", body=f"{i}\n" * i) for i in range(20)}
    for rel, data in inputs.items():
        drop(project, rel, data)
    project.update()
    archived = tree_bytes(project.paths.archive)
    assert {rel + ".orig": data for rel, data in inputs.items()} == archived
