"""Issue 15: faults that must end cleanly (read-only folders, full disks) and what the
daemon and the command line say about them."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from conftest import drop, page
from test_daemon import FAST, in_process_daemon, ready, wait_until

from wikid import Action, Project
from wikid.intake import scan

DOC = b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n"


def _read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """`folder` at 0555 (injected: the tests may run as root, whom modes do not stop)."""
    real = os.access

    def access(path: object, mode: int, **kwargs: object) -> bool:
        if Path(str(path)) == folder and mode & os.W_OK:
            return False
        return real(path, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(scan.os, "access", access)


def test_a_read_only_input_folder_archives_nothing_and_names_the_folder(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 6: the file cannot be moved out of input/: nothing is archived (not once per
    run, as before), no page is written, and the message blames the folder."""
    drop(project, "shared/acme.txt", DOC)
    _read_only(monkeypatch, project.paths.input / "shared")
    for _ in range(3):
        report = project.update()
        result = report.files[0]
        assert result.action == Action.IGNORED and result.reason == "io_failed", result
        assert "its folder input/shared/ is read-only" in result.message and "chmod u+w input/shared" in result.message
    assert not project.paths.archive.exists() or not any(p.is_file() for p in project.paths.archive.rglob("*"))
    assert not (project.paths.wiki / "vendor").exists()
    log = (project.paths.wiki / "log.md").read_text(encoding="utf-8")
    assert log.count("input/shared/acme.txt") == 1  # reported once, not every run
    monkeypatch.undo()
    report = project.update()
    assert report.files[0].action == Action.CREATED, report.files[0]
    assert sorted(p.name for p in project.paths.archive.rglob("*") if p.is_file()) == ["acme-extracted.txt", "acme.txt"]


def test_a_conformant_page_keeps_its_mode_when_replaced(project: Project) -> None:
    """Item 8: a page a person set to 0444 comes back 0444 (it came back 0644)."""
    drop(project, "note.md", page(title="Note"))
    project.update()
    target = project.paths.wiki / "note.md"
    target.chmod(0o444)
    drop(project, "note.md", page(title="Note", body="Second version.\n"))
    assert project.update().files[0].action == Action.UPDATED
    assert b"Second version." in target.read_bytes()
    assert target.stat().st_mode & 0o777 == 0o444


@pytest.mark.slow
def test_the_daemon_logs_each_files_outcome(project: Project, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Item 13: the batch line named no files; now each file's outcome is an INFO line,
    an ignored one with its reason code."""
    for key, value in {**FAST, "WIKID_WATCH_RESCAN_SECONDS": "0.5"}.items():
        monkeypatch.setenv(key, value)
    caplog.set_level(logging.INFO, logger="wikid")
    with in_process_daemon(project):
        wait_until(ready(project), what="daemon start")
        drop(project, "note.md", page(title="Note"))
        drop(project, "tool.exe", b"MZ\x90\x00" + bytes(64))
        wait_until(lambda: any("batch of" in r.getMessage() for r in caplog.records), what="a batch")
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert any(line.startswith("created   input/note.md -> wiki/note.md") for line in lines), lines
    assert any(line.startswith("ignored   input/tool.exe [unsupported]") for line in lines), lines


def _limits(project: Project, timeout: float) -> None:
    (project.root / "wikid.yaml").write_text(f"limits:\n  extract_timeout_seconds: {timeout}\n", encoding="utf-8")


@pytest.mark.slow
def test_a_failure_under_a_limit_is_retried_once_the_limit_changes(project: Project, hostile: None) -> None:
    """Item 11: a document that failed on the time limit failed again after the limit was
    raised (and after `touch`): the only way out was deleting .wikid/ignored.json."""
    drop(project, "slow.hostile", b"slow")
    _limits(project, 1)
    first = project.update().files[0]
    assert first.reason == "extraction_failed" and "time limit of 1 s exceeded" in first.message, first
    assert project.update().files[0].message == first.message  # remembered: not extracted again
    _limits(project, 30)
    assert project.update().files[0].action == Action.CREATED


def test_wikid_retry_forgets_remembered_failures(
    project: Project, hostile: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from wikid.cli import main
    from wikid.extract.runner import Extractor

    extracted: list[str] = []
    real = Extractor.extract
    monkeypatch.setattr(Extractor, "extract", lambda self, path: extracted.append(Path(path).name) or real(self, path))
    drop(project, "scans/broken.hostile", b"raise")
    drop(project, "other.hostile", b"raise")
    project.update()
    project.update()
    assert sorted(extracted) == ["broken.hostile", "other.hostile"]  # the second run remembered both
    assert main(["retry", "-C", str(project.root), "input/scans"]) == 0
    out = capsys.readouterr().out
    assert "forgot input/scans/broken.hostile" in out and "other.hostile" not in out
    assert "1 remembered failure(s) forgotten" in out
    project.update()
    assert sorted(extracted) == ["broken.hostile", "broken.hostile", "other.hostile"]
    assert project.retry().forgotten == ["other.hostile", "scans/broken.hostile"]
    assert main(["-C", str(project.root), "retry", "/elsewhere/x.pdf"]) == 1
    assert "is not inside" in capsys.readouterr().err


def test_the_command_line_takes_c_anywhere_and_names_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 12: -C FILE, -C after the command, status outside a project."""
    from wikid.cli import main

    afile = tmp_path / "afile"
    afile.write_text("x")
    for argv in (["-C", str(afile), "status"], ["init", "-C", str(afile)], ["-C", str(afile), "update"]):
        assert main(argv) == 1, argv
        assert "is a file, not a project folder" in capsys.readouterr().err
    assert main(["status", "-C", str(tmp_path)]) == 1
    assert f"{tmp_path} is not a wikid project" in capsys.readouterr().err
    assert main(["init", "-C", str(tmp_path / "p")]) == 0
    capsys.readouterr()
    assert main(["status", "-C", str(tmp_path / "p")]) == 0
    assert "Concepts in wiki/: 0" in capsys.readouterr().out


def test_a_reader_that_goes_away_ends_the_command_quietly(project: Project) -> None:
    """Item 12: `wikid status | head -1` printed BrokenPipeError tracebacks."""
    import subprocess
    import sys

    for n in range(3000):
        drop(project, f"bin/tool-{n:04}.exe", b"MZ")
    process = subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project.root), "status"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"Concepts in wiki/")
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


FULL_DOCS = {f"contracts/v{i}.txt": f"Vendor: Vendor{i} Corp\nDate: 2024-03-0{i}\nPayment terms: {30 + i} days\n".encode()
             for i in range(1, 6)}
FULL_DOCS["notes/a.md"] = page(title="A note")


def _fill(project: Project) -> None:
    for rel, data in FULL_DOCS.items():
        drop(project, rel, data)


def _disk_full_after(monkeypatch: pytest.MonkeyPatch, k: int) -> list[int]:
    """Every os.write from the k-th on fails with ENOSPC (a disk that fills up)."""
    import errno

    real = os.write
    calls = [0]

    def write(fd: int, data: bytes) -> int:
        calls[0] += 1
        if calls[0] >= k:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
    return calls


@pytest.mark.slow
@pytest.mark.parametrize("earlier", [False, True], ids=["new-pages", "updating-pages"])
def test_a_disk_filling_up_anywhere_in_a_batch_ends_cleanly(tmp_path: Path, earlier: bool) -> None:
    """Item 4: at every fill level, no traceback, nothing lost, no page citing a missing
    archive file, and the next run (space freed) gives the wiki an undisturbed run gives."""
    from conftest import assert_nothing_lost
    from test_races import _citations_hold

    from wikid import BatchFailed

    def start(name: str) -> Project:
        project = Project(tmp_path / name)
        project.init()
        if earlier:
            drop(project, "old/v1.txt", b"Vendor: Vendor1 Corp\nDate: 2023-01-05\nPayment terms: 15 days\n")
            drop(project, "old/n.md", page(title="A note", body="Earlier.\n"))
            project.update()
        _fill(project)
        return project

    reference = start("reference")
    reference.update()
    expected = {p.relative_to(reference.paths.wiki): p.read_bytes() for p in reference.paths.wiki.rglob("*")
                if p.is_file() and p.name != "log.md"}
    k = 1
    while True:
        project = start(f"full-{k}")
        with pytest.MonkeyPatch.context() as full:  # not `monkeypatch`: its undo would unfix the clock
            calls = _disk_full_after(full, k)
            try:
                report = project.update()
            except BatchFailed as exc:
                assert "No space left on device" in str(exc) and "is full: free space" in str(exc), exc
                report = None
        assert_nothing_lost(FULL_DOCS, project)
        _citations_hold(project, {})
        if report is not None:
            for f in report.files:
                assert f.action != Action.RETRY or f.reason == "io_failed", f
                assert f.action != Action.IGNORED or f.reason == "io_failed", f
        project.update()
        assert not any(p.is_file() for p in project.paths.input.rglob("*")), k
        got = {p.relative_to(project.paths.wiki): p.read_bytes() for p in project.paths.wiki.rglob("*")
               if p.is_file() and p.name != "log.md"}
        assert got == expected, f"disk full at write {k}: the wiki differs from an undisturbed run"
        if calls[0] < k:
            break  # the batch wrote fewer than k times: every fill level was tried
        k += 1
    assert k > 10


def test_a_batch_that_cannot_start_is_recorded_for_status(project: Project, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    import errno

    from wikid import BatchFailed
    from wikid.cli import main

    _fill(project)
    (project.paths.wiki / "log.md").unlink()
    real = project._ensure_log

    def full() -> bool:
        raise OSError(errno.ENOSPC, "No space left on device", str(project.paths.wiki / "log.md"))

    monkeypatch.setattr(project, "_ensure_log", full)
    with pytest.raises(BatchFailed, match=r"could not write .*log\.md: No space left on device"):
        project.update()
    monkeypatch.setattr(project, "_ensure_log", real)
    status = project.status()
    assert status.last_run is not None and "No space left on device" in str(status.last_run["failed"])
    assert len(status.pending) == len(FULL_DOCS)
    assert main(["status", "-C", str(project.root)]) == 0
    assert "FAILED: could not write" in capsys.readouterr().out


def test_update_exits_3_when_a_file_could_not_be_processed(project: Project, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A batch whose files waited for a folder's permissions or a full disk exited 0, so a
    script or a systemd unit could not tell. 0: every file processed or deliberately
    ignored; 3: a file could not be processed for a reason outside it; usage errors stay 2."""
    import errno

    from wikid.cli import EXIT_NOT_PROCESSED, main

    root = str(project.root)
    drop(project, "bin/tool.exe", b"MZ")
    drop(project, "notes/a.md", page(title="A note"))
    assert main(["-C", root, "update"]) == 0  # an unsupported file is ignored on purpose
    assert "ignored   input/bin/tool.exe [unsupported]" in capsys.readouterr().out
    drop(project, "shared/acme.txt", DOC)
    with pytest.MonkeyPatch.context() as denied:
        _read_only(denied, project.paths.input / "shared")
        assert main(["-C", root, "update"]) == EXIT_NOT_PROCESSED == 3
        out = capsys.readouterr().out
        assert "input/shared/acme.txt [io_failed]" in out and "1 file(s) not processed" in out
        assert main(["-C", root, "update", "--json"]) == 3
        assert '"reason": "io_failed"' in capsys.readouterr().out
    assert main(["-C", root, "update"]) == 0
    capsys.readouterr()

    drop(project, "notes/b.md", page(title="B note"))

    def full() -> bool:
        raise OSError(errno.ENOSPC, "No space left on device", str(project.paths.wiki / "log.md"))

    monkeypatch.setattr(Project, "_ensure_log", lambda self: full())
    assert main(["-C", root, "update"]) == 3
    assert "No space left on device" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        main(["-C", root, "update", "--frobnicate"])
    assert usage.value.code == 2


def test_a_log_that_cannot_be_written_is_a_warning_not_a_crash(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from wikid.intake import pipeline

    _fill(project)

    def full(*args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", str(project.paths.wiki / "log.md"))

    monkeypatch.setattr(pipeline, "write_log", full)
    report = project.update()
    assert {f.action for f in report.files} == {Action.CREATED}
    assert any("log.md misses this batch's" in w for w in report.warnings), report.warnings
    assert "log.md misses" in str(project.status().last_run)


def test_wikid_retry_goes_through_the_daemon_that_holds_the_project(
    project: Project, hostile: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """`wikid retry` cannot take the lock a running daemon holds: it asks the daemon
    (SIGHUP), which forgets the failures and queues the files again."""
    import json
    import signal

    drop(project, "broken.hostile", b"raise")
    project.update()
    assert "broken.hostile" in project.paths.ignored.read_text()
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    caplog.set_level(logging.INFO, logger="wikid")
    with in_process_daemon(project) as daemon:
        wait_until(ready(project), what="daemon start")
        state = json.loads(project.paths.daemon_state.read_text())
        sent: list[int] = []

        def kill(pid: int, sig: int) -> None:  # the daemon runs in this process's thread
            if sig:
                sent.append(sig)
                daemon._on_signal(sig, None)

        monkeypatch.setattr(os, "kill", kill)
        report = project.retry(["broken.hostile"])
        assert report.daemon_pid == state["pid"] and report.forgotten == []
        assert sent == [signal.SIGHUP]
        wait_until(lambda: any("wikid retry: forgot 1 remembered failure" in r.getMessage() for r in caplog.records),
                   what="the daemon forgetting")
        wait_until(lambda: sum("input/broken.hostile" in r.getMessage() for r in caplog.records) >= 1, what="a retry")
    assert not project.paths.retry_request.exists()


def test_a_retry_request_left_for_the_daemon_is_handled_when_it_starts(
    project: Project, hostile: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import json

    drop(project, "broken.hostile", b"raise")
    project.update()
    project.paths.retry_request.write_text(json.dumps(["broken.hostile"]))
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    caplog.set_level(logging.INFO, logger="wikid")
    with in_process_daemon(project):
        wait_until(lambda: any("wikid retry: forgot 1 remembered failure" in r.getMessage() for r in caplog.records),
                   what="the request handled at start-up")
    assert not project.paths.retry_request.exists()
