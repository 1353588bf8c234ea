"""`wikid watch` as users run it: a subprocess with short delays, real files, real signals."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import FIXED_NOW, assert_nothing_lost, page, tree_bytes

from wikid import Project
from wikid.daemon.service import Daemon
from wikid.okf.page import split_page

FAST = {
    "WIKID_WATCH_STABILITY_SECONDS": "0.4",
    "WIKID_WATCH_BATCH_QUIET_SECONDS": "0.6",
    "WIKID_WATCH_BATCH_MAX_WAIT_SECONDS": "5",
    "WIKID_WATCH_RESCAN_SECONDS": "30",
}


def wait_until(condition: Callable[[], bool], timeout: float = 60.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def start(project: Project, tmp_path: Path, **env: str) -> subprocess.Popen[bytes]:
    full_env = {**os.environ, "WIKID_NOW": FIXED_NOW, **FAST, **env}
    with open(tmp_path / f"daemon-{time.monotonic_ns()}.log", "wb") as log:  # the child keeps its own copy
        return subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project.root), "watch"],
                                env=full_env, stdout=log, stderr=subprocess.STDOUT)


def stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0


def input_files(project: Project) -> list[Path]:
    return [p for p in project.paths.input.rglob("*") if p.is_file()]


def ready(project: Project, process: subprocess.Popen[bytes] | None = None) -> Callable[[], bool]:
    """The daemon (this process's, when given) has published its state: it is watching."""
    def published() -> bool:
        try:
            state = json.loads(project.paths.daemon_state.read_text())
        except (OSError, ValueError):
            return False
        return state.get("state") != "stopped" and (process is None or state.get("pid") == process.pid)

    return published


@pytest.mark.slow
def test_a_file_written_slowly_is_ingested_once_and_complete(project: Project, tmp_path: Path) -> None:
    daemon = start(project, tmp_path, WIKID_WATCH_STABILITY_SECONDS="1.0")
    try:
        wait_until(ready(project), what="daemon start")
        content = page(title="Slow", body="word " * 1200)
        target = project.paths.input / "slow.md"
        with open(target, "wb") as fh:  # 100-byte chunks, 50 ms apart (paperless-ngx's own test)
            for start_at in range(0, len(content), 100):
                fh.write(content[start_at:start_at + 100])
                fh.flush()
                time.sleep(0.05)
        wait_until(lambda: not target.exists(), what="ingestion")
    finally:
        stop(daemon)
    assert (project.paths.wiki / "slow.md").read_bytes() == content
    assert tree_bytes(project.paths.archive) == {"slow.md.orig": content}


@pytest.mark.slow
def test_a_folder_moved_in_and_a_burst_of_files_are_each_ingested_once(project: Project, tmp_path: Path) -> None:
    outside = tmp_path / "prepared" / "handbook"
    for i in range(3):
        (outside / f"part{i}").mkdir(parents=True)
        (outside / f"part{i}" / "chapter.md").write_bytes(page(title=f"Chapter {i}"))
    burst = {f"burst/d{i % 10}/p{i}.md": page(title=f"P{i}", body=f"{i}\n") for i in range(1000)}
    daemon = start(project, tmp_path)
    try:
        wait_until(ready(project), what="daemon start")
        os.rename(outside, project.paths.input / "handbook")
        for rel, data in burst.items():
            path = project.paths.input / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        wait_until(lambda: not input_files(project), timeout=120, what="all files ingested")
    finally:
        stop(daemon)
    archived = tree_bytes(project.paths.archive)
    assert {rel + ".orig": data for rel, data in burst.items()}.items() <= archived.items()
    assert sorted(k for k in archived if k.startswith("handbook/")) == [f"handbook/part{i}/chapter.md.orig" for i in range(3)]
    assert len(archived) == 1003  # nothing archived twice


@pytest.mark.slow
def test_a_file_dropped_during_a_batch_goes_to_the_next_one(project: Project, tmp_path: Path) -> None:
    daemon = start(project, tmp_path)
    try:
        wait_until(ready(project), what="daemon start")
        for i in range(300):
            (project.paths.input / f"first-{i}.md").write_bytes(page(title=f"F{i}"))
        wait_until(lambda: b'"state": "batch"' in project.paths.daemon_state.read_bytes(), what="a batch")
        (project.paths.input / "late.md").write_bytes(page(title="Late"))
        wait_until(lambda: not input_files(project), timeout=120, what="the late file")
    finally:
        stop(daemon)
    assert (project.paths.archive / "late.md.orig").exists()


@contextmanager
def in_process_daemon(project: Project) -> Iterator[Daemon]:
    """A daemon running in a thread of this process, with an observer that hears nothing
    (only its scans find files); stopped and joined on leaving."""
    class Deaf:
        def is_alive(self) -> bool:
            return True

        def stop(self) -> None:
            pass

    with running(Daemon(project, observer_factory=lambda roots, events, polling: Deaf())) as daemon:  # type: ignore[arg-type,return-value]
        yield daemon


@contextmanager
def running(daemon: Daemon, timeout: float = 30) -> Iterator[Daemon]:
    """`daemon.run()` in a thread of this process; asked to stop and joined on leaving."""
    runner = threading.Thread(target=daemon.run)
    runner.start()
    try:
        yield daemon
    finally:
        daemon.stop_requested = True
        runner.join(timeout=timeout)
    assert not runner.is_alive()


@pytest.mark.slow
def test_rescan_catches_what_the_observer_missed(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in {**FAST, "WIKID_WATCH_RESCAN_SECONDS": "0.5"}.items():
        monkeypatch.setenv(key, value)
    with in_process_daemon(project):
        wait_until(ready(project), what="daemon start")
        (project.paths.input / "unseen.md").write_bytes(page(title="Unseen"))
        wait_until(lambda: (project.paths.wiki / "unseen.md").exists(), what="rescan")


def test_a_second_daemon_refuses_to_start(project: Project, tmp_path: Path) -> None:
    first = start(project, tmp_path)
    try:
        wait_until(ready(project), what="daemon start")
        second = subprocess.run([sys.executable, "-m", "wikid", "-C", str(project.root), "watch"],
                                capture_output=True, text=True, timeout=60, env={**os.environ, **FAST})
        assert second.returncode == 1
        assert f"PID {first.pid}" in second.stderr
        status = project.status()
        assert status.daemon is not None and status.daemon["pid"] == first.pid
    finally:
        stop(first)
    assert project.status().daemon is None


def test_a_restart_with_nothing_to_do_removes_a_dead_batchs_scratch(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a batch killed after deleting its journal leaves: every input archived, its
    staged texts and rollback copies still there. The restarted daemon has nothing to
    batch, and its recovery used to keep them (the kill -9 test's rare leftover)."""
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    (project.paths.input / "acme.txt").write_bytes(b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n")
    project.update()
    staged = project.paths.extract_staging / "acme.txt.txt"
    saved = project.paths.rollback / "vendor" / "old.md"
    for path in (staged, saved):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"left by a killed batch")
    with in_process_daemon(project):
        wait_until(ready(project), what="daemon start")
    assert not input_files(project)
    assert not project.paths.extract_staging.exists() and not project.paths.rollback.exists()


def test_systemd_notifications_reach_the_notify_socket(project: Project, tmp_path: Path) -> None:
    address = str(tmp_path / "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(30)
    daemon = start(project, tmp_path, NOTIFY_SOCKET=address, WATCHDOG_USEC="400000")
    messages: list[str] = []
    try:
        while "READY=1" not in messages:
            messages.append(listener.recv(4096).decode())
        while not any(m.startswith("WATCHDOG=1") for m in messages):
            messages.append(listener.recv(4096).decode())
    finally:
        stop(daemon)
    while "STOPPING=1" not in messages:
        messages.append(listener.recv(4096).decode())
    listener.close()
    assert any(m.startswith("STATUS=idle") for m in messages), messages


def test_edits_in_the_wiki_regenerate_the_indexes(project: Project, tmp_path: Path) -> None:
    daemon = start(project, tmp_path)
    try:
        wait_until(ready(project), what="daemon start")
        (project.paths.wiki / "handmade").mkdir()
        (project.paths.wiki / "handmade" / "note.md").write_bytes(page(title="Written by hand"))
        index = project.paths.wiki / "handmade" / "index.md"
        wait_until(index.exists, what="index regeneration")
    finally:
        stop(daemon)
    assert "* [Written by hand](note.md)" in index.read_text()
    assert "* [handmade/](handmade/)" in (project.paths.wiki / "index.md").read_text()


@pytest.mark.slow
def test_kill_9_mid_batch_loses_nothing_and_a_restart_finishes(project: Project, tmp_path: Path) -> None:
    """I1/I5 under real SIGKILLs at random moments of real batches."""
    rng = random.Random(7)
    inputs: dict[str, bytes] = {}
    for i in range(40):
        inputs[f"drop/pages/p{i}.md"] = page(title=f"Page {i}", body=f"Body {i}\n")
    for i in range(12):
        inputs[f"drop/docs/vendor-{i % 4}-{i}.txt"] = (
            f"Vendor: Vendor {i % 4} Ltd\nDate: 202{i % 5}-0{1 + i % 9}-1{i % 10}\nPayment terms: {30 + 15 * (i % 3)} days\n"
        ).encode()
    for rel, data in inputs.items():
        path = project.paths.input / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for _ in range(5):
        daemon = start(project, tmp_path)
        time.sleep(rng.uniform(0.8, 2.5))
        daemon.kill()
        daemon.wait()
        assert_nothing_lost(inputs, project)
    daemon = start(project, tmp_path)
    try:
        wait_until(ready(project, daemon), what="the restarted daemon")
        wait_until(lambda: not input_files(project), timeout=120, what="the restarted daemon to finish")
    finally:
        stop(daemon)
    assert_nothing_lost(inputs, project)
    assert not project.paths.journal.exists() and not project.paths.extract_staging.exists()
    archived = tree_bytes(project.paths.archive / "drop")
    originals = {k: v for k, v in archived.items() if not k.endswith("-extracted.txt")}
    assert sorted(originals.values()) == sorted(inputs.values()), "every input archived exactly once"
    cited: list[str] = []
    for concept in project.paths.wiki.rglob("*.md"):
        if "archive" in concept.relative_to(project.paths.wiki).parts or concept.name in ("index.md", "log.md"):
            continue
        sources = split_page(concept.read_text())[0].get("sources") or []
        cited += [s["resource"] for s in sources if isinstance(s, dict) and s.get("resource", "").startswith("/archive/drop/docs/")]
    docs = sorted(f"/archive/drop/{k}" for k in originals if k.startswith("docs/"))
    assert sorted(cited) == docs, "each document cited by exactly one page, no duplicates"
