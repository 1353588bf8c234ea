"""Issue 15, items 1 and 3: a person's edit made while a batch runs is never lost, and no
page is left citing an archive path that does not hold the bytes it was written from.

Each race is made deterministic by doing the person's (or the other program's) action
at the instant the batch reaches a given step.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from conftest import drop

from wikid import Action, Project, fsio
from wikid.intake import managed, pagewrite
from wikid.intake.journal import Journal
from wikid.okf.page import split_page

FIRST = b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n"
SECOND = b"Vendor: Acme Anvils\nDate: 2025-02-10\nPayment terms: 45 days\n"
EDIT = "\n\nA note a person added by hand.\n"
PAGE = "vendor/acme-anvils.md"


def _project(tmp_path: Path) -> Project:
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "contracts/acme-2024.txt", FIRST)
    project.update()
    assert (project.paths.wiki / PAGE).is_file()
    return project


def _edit_before_writing(monkeypatch: pytest.MonkeyPatch, page: Path) -> list[int]:
    """Append to `page` when the batch saves its journal for the last time before it
    writes pages (previous versions are archived by then): the window of the issue."""
    real = Journal.save
    done: list[int] = []

    def save(self: Journal, paths: Any) -> None:
        real(self, paths)
        if self.step == "claimed" and self.pages and not self.claiming_pages and not done:
            with page.open("a", encoding="utf-8") as f:
                f.write(EDIT)
            done.append(1)

    monkeypatch.setattr(Journal, "save", save)
    return done


def _citations_hold(project: Project, originals: dict[str, bytes]) -> None:
    """Every page's archive citations exist; the ones of `originals` (input rel -> bytes)
    hold those bytes when the page cites them."""
    wiki = project.paths.wiki
    for page in wiki.rglob("*.md"):
        if page.relative_to(wiki).parts[0] == "archive" or page.name in ("index.md", "log.md"):
            continue
        frontmatter, _ = split_page(page.read_text(encoding="utf-8"))
        for source in frontmatter.get("sources") or []:
            resource = source.get("resource", "")
            if resource.startswith("/archive/"):
                path = wiki / resource.lstrip("/")
                assert path.is_file(), f"{page} cites {resource}, which does not exist"
                for rel, data in originals.items():
                    if resource == f"/archive/{rel}":
                        assert path.read_bytes() == data, f"{page} cites {resource}, which holds other bytes"


@pytest.mark.parametrize("earlier_edit", [False, True], ids=["generated-page", "page-edited-earlier"])
def test_an_edit_made_while_the_batch_writes_is_kept_and_the_batch_retries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, earlier_edit: bool
) -> None:
    project = _project(tmp_path)
    page = project.paths.wiki / PAGE
    if earlier_edit:
        with page.open("a", encoding="utf-8") as f:
            f.write("\n\nAn earlier hand edit.\n")
    drop(project, "contracts/acme-2025.txt", SECOND)
    done = _edit_before_writing(monkeypatch, page)
    report = project.update()
    assert done, "the batch never reached the window"
    text = page.read_text(encoding="utf-8")
    assert text.endswith(EDIT), "the person's edit was replaced"
    assert "45 days" not in text
    second = next(f for f in report.files if f.input == "contracts/acme-2025.txt")
    assert second.action == Action.RETRY and "edited while wikid was writing it" in second.message, second
    assert (project.paths.input / "contracts/acme-2025.txt").read_bytes() == SECOND
    assert not project.paths.journal.exists()

    monkeypatch.undo()
    report = project.update()
    second = next(f for f in report.files if f.input == "contracts/acme-2025.txt")
    assert second.action == Action.UPDATED, second
    assert second.previous_archived_as, "the edited page was replaced without archiving it"
    kept = (project.paths.wiki / second.previous_archived_as).read_text(encoding="utf-8")
    assert kept == text  # the person's edit, byte for byte
    _citations_hold(project, {"contracts/acme-2025.txt": SECOND, "contracts/acme-2024.txt": FIRST})


def test_an_edit_landing_between_the_check_and_the_replace_is_swapped_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last instant: the page is edited after it was compared, as the new bytes go in."""
    dest = tmp_path / "page.md"
    dest.write_bytes(b"old\n")
    real = pagewrite.exchange

    def edit_then_exchange(a: Path, b: Path) -> bool:
        if b == dest and dest.read_bytes() == b"old\n":
            dest.write_bytes(b"old\nedited\n")
        return real(a, b)

    monkeypatch.setattr(pagewrite, "exchange", edit_then_exchange)
    kept: list[bytes] = []
    why = pagewrite.swap_page(dest, b"new\n", b"old\n", kept.append)
    assert why == pagewrite.EDITED
    assert dest.read_bytes() == b"old\nedited\n"
    assert kept == [] and os.listdir(tmp_path) == ["page.md"]
    assert pagewrite.swap_page(dest, b"new\n", b"old\nedited\n", kept.append) is None
    assert dest.read_bytes() == b"new\n"


def test_a_replaced_page_keeps_its_permission_bits(tmp_path: Path) -> None:
    dest = tmp_path / "page.md"
    dest.write_bytes(b"old\n")
    dest.chmod(0o444)
    assert pagewrite.swap_page(dest, b"new\n", b"old\n", lambda data: None) is None
    assert dest.read_bytes() == b"new\n" and (dest.stat().st_mode & 0o777) == 0o444


def test_a_page_created_by_someone_meanwhile_is_not_replaced(tmp_path: Path) -> None:
    dest = tmp_path / "page.md"
    dest.write_bytes(b"theirs\n")
    why = pagewrite.swap_page(dest, b"ours\n", None, lambda data: None)
    assert why and "created by someone else" in why and dest.read_bytes() == b"theirs\n"


def test_removing_a_page_someone_edited_keeps_the_edit(tmp_path: Path) -> None:
    dest = tmp_path / "page.md"
    dest.write_bytes(b"edited\n")
    assert pagewrite.swap_page(dest, None, b"ours\n", lambda data: None) == pagewrite.EDITED
    assert dest.read_bytes() == b"edited\n"
    dest.write_bytes(b"ours\n")
    assert pagewrite.swap_page(dest, None, b"ours\n", lambda data: None) is None
    assert not dest.exists() and os.listdir(tmp_path) == []


def _around(monkeypatch: pytest.MonkeyPatch, name: str, before: Any = None, after: Any = None) -> None:
    real = getattr(managed, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if before:
            before(*args)
        result = real(*args, **kwargs)
        if after:
            after(*args)
        return result

    monkeypatch.setattr(managed, name, wrapper)


def _rewrite_in_place(path: Path, data: bytes) -> None:
    with path.open("r+b") as f:  # same inode, same size
        f.write(data)
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000))


def test_an_input_rewritten_in_place_after_its_claim_is_not_cited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = Project(tmp_path / "proj")
    project.init()
    original = project.paths.input / "contracts/acme.txt"
    drop(project, "contracts/acme.txt", FIRST)
    rewritten = FIRST.replace(b"30 days", b"90 days")
    _around(monkeypatch, "claim_original", after=lambda src, *rest: _rewrite_in_place(Path(src), rewritten))
    report = project.update()
    result = report.files[0]
    assert result.action == Action.RETRY and "changed while it was being ingested" in result.message, result
    assert original.read_bytes() == rewritten
    assert not (project.paths.wiki / PAGE).exists()
    assert not (project.paths.archive / "contracts/acme.txt").exists()

    monkeypatch.undo()
    report = project.update()
    assert report.files[0].action == Action.CREATED
    assert "90 days" in (project.paths.wiki / PAGE).read_text(encoding="utf-8")
    _citations_hold(project, {"contracts/acme.txt": rewritten})


def test_an_input_rewritten_while_its_page_is_written_rolls_the_page_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path)
    page = project.paths.wiki / PAGE
    before = page.read_bytes()
    drop(project, "contracts/acme-2025.txt", SECOND)
    second = project.paths.input / "contracts/acme-2025.txt"
    rewritten = SECOND.replace(b"45 days", b"60 days")
    _around(monkeypatch, "swap_page", after=lambda *args: _rewrite_in_place(second, rewritten))
    report = project.update()
    result = next(f for f in report.files if f.input == "contracts/acme-2025.txt")
    assert result.action == Action.RETRY and "changed while it was being ingested" in result.message, result
    assert page.read_bytes() == before
    assert second.read_bytes() == rewritten
    _citations_hold(project, {"contracts/acme-2024.txt": FIRST})

    monkeypatch.undo()
    project.update()
    assert "60 days" in page.read_text(encoding="utf-8")
    _citations_hold(project, {"contracts/acme-2024.txt": FIRST, "contracts/acme-2025.txt": rewritten})


def test_an_input_deleted_mid_batch_leaves_no_page_citing_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "contracts/acme-2024.txt", FIRST)
    drop(project, "contracts/acme-2025.txt", SECOND)
    gone = project.paths.input / "contracts/acme-2025.txt"
    _around(monkeypatch, "_claim", before=lambda paths, doc, *rest: doc.input_rel.endswith("2025.txt") and gone.unlink())
    report = project.update()
    assert {f.input: f.action for f in report.files} == {"contracts/acme-2024.txt": Action.RETRY,
                                                         "contracts/acme-2025.txt": Action.RETRY}
    assert not (project.paths.wiki / PAGE).exists()
    assert (project.paths.input / "contracts/acme-2024.txt").read_bytes() == FIRST
    assert not (project.paths.archive / "contracts/acme-2024.txt").exists()

    monkeypatch.undo()
    report = project.update()
    assert report.files[0].action == Action.CREATED
    text = (project.paths.wiki / PAGE).read_text(encoding="utf-8")
    assert "acme-2025" not in text
    _citations_hold(project, {"contracts/acme-2024.txt": FIRST})


def test_an_archive_that_refuses_the_original_leaves_no_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`wiki/archive/` read-only (injected: the tests may run as root, who ignores modes)."""
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "contracts/acme.txt", FIRST)

    def refuse(*args: Any) -> None:
        raise PermissionError(13, "Permission denied", str(project.paths.archive))

    monkeypatch.setattr(managed, "claim_original", refuse)
    report = project.update()
    result = report.files[0]
    assert result.action == Action.RETRY and result.reason == "io_failed", result
    assert "could not be archived" in result.message
    assert not (project.paths.wiki / PAGE).exists()
    assert report.counts().get("created", 0) == 0


def test_a_page_folder_that_refuses_writes_is_a_retry_per_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 item 5: `wiki/vendor/` read-only (injected: root ignores modes) while a
    document updates a page in it: that file waits as io_failed; the batch goes on."""
    project = _project(tmp_path)
    page = project.paths.wiki / PAGE
    before = page.read_bytes()
    drop(project, "contracts/acme-2025.txt", SECOND)
    drop(project, "hosts/alg-32.txt", b"Host: alg-32.example.net\nRole: database\nOwner: platform team\n")
    real = fsio.write_temp

    def refuse(dest: Path, data: Any) -> Path:
        if dest.parent == page.parent:
            raise PermissionError(13, "Permission denied", str(dest.parent))
        return real(dest, data)

    monkeypatch.setattr(pagewrite, "write_temp", refuse, raising=False)
    monkeypatch.setattr(fsio, "write_temp", refuse)
    report = project.update()
    by_input = {f.input: f for f in report.files}
    second = by_input["contracts/acme-2025.txt"]
    assert second.action == Action.RETRY and second.reason == "io_failed", second
    assert f"wiki/{PAGE} could not be written: Permission denied" in second.message
    assert by_input["hosts/alg-32.txt"].action == Action.CREATED
    assert page.read_bytes() == before
    assert (project.paths.input / "contracts/acme-2025.txt").read_bytes() == SECOND
    assert not list(project.paths.archive.glob("contracts/acme-2025*"))
    monkeypatch.undo()
    assert {f.action for f in project.update().files} == {Action.UPDATED}


def test_nfc_and_nfd_twin_names_never_share_an_archive_name_or_a_citation(tmp_path: Path) -> None:
    """Issue 15 item 2: `café.txt` spelled NFC and NFD in one folder, two vendors."""
    import unicodedata

    project = Project(tmp_path / "proj")
    project.init()
    nfc, nfd = (unicodedata.normalize(form, "café.txt") for form in ("NFC", "NFD"))
    one = b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n"
    two = b"Vendor: Zenith Zippers\nDate: 2024-04-01\nPayment terms: 60 days\n"
    (project.paths.input / nfc).write_bytes(one)
    (project.paths.input / nfd).write_bytes(two)
    report = project.update()
    assert [f.action for f in report.files] == [Action.CREATED, Action.CREATED], report.files
    archived = {f.archived_as for f in report.files}
    assert len(archived) == 2
    held = {(project.paths.wiki / a).read_bytes() for a in archived}
    assert held == {one, two}
    assert not any(project.paths.input.iterdir())
    _citations_hold(project, {nfc: one, nfd: two})
    pages = {f.page for f in report.files}
    assert len(pages) == 2
    assert not project.lint().findings
    from wikid.intake.scan import canonical_rel

    (project.paths.input / nfc).write_bytes(one)
    (project.paths.input / nfd).write_bytes(two)
    assert canonical_rel(nfd, project.paths.input) == nfd and canonical_rel(nfc, project.paths.input) == nfc
    (project.paths.input / nfc).unlink()
    assert canonical_rel(nfd, project.paths.input) == nfc  # alone, the NFD name is known by its NFC form


def test_rolling_back_a_claim_never_touches_what_earlier_batches_archived(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review of issue 15: the same bytes dropped again, then the batch undone: the undo
    removed the earlier batch's archive names too (matching bytes), which a page cites."""
    import errno

    project = _project(tmp_path)
    before = sorted(p.relative_to(project.paths.archive) for p in project.paths.archive.rglob("*") if p.is_file())
    drop(project, "contracts/acme-2024.txt", FIRST)  # the same name and bytes again
    real = Journal.save

    def save(self: Journal, paths: Any) -> None:
        if self.docs:  # claims made: the next save fails as on a full disk
            raise OSError(errno.ENOSPC, "No space left on device", str(paths.journal))
        real(self, paths)

    monkeypatch.setattr(Journal, "save", save)
    report = project.update()
    assert report.files[0].action == Action.RETRY and report.files[0].reason == "io_failed", report.files[0]
    monkeypatch.undo()
    after = sorted(p.relative_to(project.paths.archive) for p in project.paths.archive.rglob("*") if p.is_file())
    assert after == before
    _citations_hold(project, {"contracts/acme-2024.txt": FIRST})


def test_an_input_changing_after_its_page_is_written_keeps_the_cited_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review of issue 15: a change after the last check (here: just before the release)
    made the release withdraw the archive name the durable page cites."""
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "contracts/acme.txt", FIRST)
    real_release = managed.release_original

    def change_then_release(src: Path, *args: Any, **kwargs: Any) -> None:
        _rewrite_in_place(Path(src), FIRST.replace(b"30 days", b"99 days"))
        return real_release(src, *args, **kwargs)

    monkeypatch.setattr(managed, "release_original", change_then_release)
    report = project.update()
    assert report.files[0].action == Action.RETRY and "changed while" in report.files[0].message
    _citations_hold(project, {})  # the page cites a name that exists
    monkeypatch.undo()
    project.update()
    assert "99 days" in (project.paths.wiki / PAGE).read_text(encoding="utf-8")
    assert not any(project.paths.input.rglob("*.txt"))


def test_a_failure_after_the_pages_are_durable_is_reported_as_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review of issue 15: an error after the journal said `written` was reported as a
    rolled-back retry although the recovery rolled the batch forward."""
    import errno

    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "contracts/acme.txt", FIRST)

    def full(*args: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(project.paths.owned))

    monkeypatch.setattr(managed.owned, "settle", full)
    report = project.update()
    assert report.files[0].action == Action.CREATED, report.files[0]
    assert any("the next run finishes them" in w for w in report.warnings), report.warnings
    monkeypatch.undo()
    assert project.update().recovery is not None  # finished (rolled forward) at the next start
    assert (project.paths.wiki / PAGE).is_file() and not any(project.paths.input.rglob("*.txt"))


def test_half_a_claim_is_undone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review of issue 15: the original archived, its extracted text not (disk full): the
    original's archive name was left behind, uncited."""
    import errno

    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "contracts/acme.txt", FIRST)

    def full(*args: Any) -> str:
        raise OSError(errno.ENOSPC, "No space left on device", str(project.paths.archive))

    monkeypatch.setattr(managed, "archive_bytes", full)
    report = project.update()
    assert report.files[0].action == Action.RETRY and report.files[0].reason == "io_failed"
    assert not project.paths.archive.exists() or not any(p.is_file() for p in project.paths.archive.rglob("*"))
