"""Daemon bugs found by the event-storm stress test (tests/stress/test_event_storm.py)."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import FIXED_NOW, page

from wikid import Project
from wikid.daemon import tracker
from wikid.daemon.service import Daemon
from wikid.daemon.watcher import start_observer

FAST = {
    "WIKID_WATCH_STABILITY_SECONDS": "0.3",
    "WIKID_WATCH_BATCH_QUIET_SECONDS": "0.3",
    "WIKID_WATCH_BATCH_MAX_WAIT_SECONDS": "5",
    "WIKID_WATCH_RESCAN_SECONDS": "86400",  # out of reach: only the fix may find what the watcher lost
}


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)


def daemon_state(project: Project) -> dict[str, object]:
    try:
        return json.loads(project.paths.daemon_state.read_text())
    except (OSError, ValueError):
        return {}


def test_files_written_into_a_folder_do_not_each_make_the_daemon_rescan_it(tmp_path: Path) -> None:
    """Every file created in a folder also raised a "folder modified" event, and the daemon
    rescanned the whole folder for each: quadratic (18 s of a 1,800-file storm)."""
    folder = tmp_path / "input" / "standing"
    folder.mkdir(parents=True)
    events: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
    observer = start_observer([tmp_path / "input"], events, polling=False)
    try:
        names = [f"p{i}.md" for i in range(200)]
        for name in names:
            (folder / name).write_bytes(page(title=name))
        seen: list[str] = []
        wanted = {str(folder / name) for name in names}

        def all_seen() -> bool:
            while True:
                try:
                    seen.append(events.get_nowait()[1])
                except queue.Empty:
                    return wanted <= set(seen)

        wait_until(all_seen, 30, "an event for every file")
        time.sleep(0.3)  # let the folder's own events, if any, arrive
        all_seen()
    finally:
        observer.stop()
    assert seen.count(str(folder)) == 0, f"the folder was queued {seen.count(str(folder))} times for 200 files"


def test_events_handled_late_in_a_long_drain_carry_the_time_they_were_handled(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One clock for a whole drain backdated its last events: after a slow drain (a storm)
    input/ looked quiet and files looked stable although events had just arrived."""
    for name in ("a.md", "b.md"):
        (project.paths.input / name).write_bytes(page(title=name))
    daemon = Daemon(project)
    handle = daemon._event

    def slow(root: str, path: str, clock: float) -> None:
        handle(root, path, clock)
        time.sleep(0.3)

    monkeypatch.setattr(daemon, "_event", slow)
    for name in ("a.md", "b.md"):
        daemon.events.put((str(project.paths.input), str(project.paths.input / name)))
    daemon._drain(1.0)
    watched = daemon.tracker.watched
    assert watched["b.md"].last_event - watched["a.md"].last_event >= 0.25
    assert daemon.tracker.last_activity == watched["b.md"].last_event


def test_daemon_json_says_idle_again_after_every_batch(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """daemon.json was rewritten only when the queue length changed: after a retried batch
    (the queue is empty before and after) it said "batch" for the whole back-off, and
    forever once the daemon gave up on the file."""
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    # a binary-exact delay: a due retry is stable at once, so it is taken in the same
    # iteration as it became due, with the queue empty before and after
    monkeypatch.setenv("WIKID_WATCH_STABILITY_SECONDS", "0.25")
    monkeypatch.setattr(tracker, "RETRY_FIRST_SECONDS", 0.05)
    (project.paths.input / "stuck.md").write_bytes(page(title="Stuck"))
    daemon = Daemon(project)
    attempts: list[int] = []

    def failing_batch(*args: object, **kwargs: object) -> None:
        attempts.append(1)
        raise RuntimeError("engine down")

    monkeypatch.setattr(daemon.project, "batch", failing_batch)
    runner = threading.Thread(target=daemon.run)
    runner.start()
    try:
        wait_until(lambda: len(attempts) >= tracker.MAX_ATTEMPTS, 30, "the daemon to give up on the file")
        wait_until(lambda: daemon_state(project).get("state") == "idle", 5, 'daemon.json to say "idle" again')
    finally:
        daemon.stop_requested = True
        runner.join(timeout=30)
    assert not runner.is_alive()
    assert len(attempts) == tracker.MAX_ATTEMPTS


def _max_queued_events() -> int:
    try:
        return int(Path("/proc/sys/fs/inotify/max_queued_events").read_text())
    except (OSError, ValueError):
        return 16384


@pytest.mark.slow
def test_an_inotify_queue_overflow_makes_the_daemon_rescan(project: Project, tmp_path: Path) -> None:
    """The kernel drops events beyond max_queued_events and watchdog only logs it: a file
    whose events were dropped waited in input/ for the periodic rescan (5 min by default).
    The daemon is stopped (SIGSTOP) while temp files churn in one folder (as a sync client's
    do), so the queue overflows for real; the page then written in another folder has no
    event left, and nothing else makes the daemon look at that folder."""
    limit = _max_queued_events()
    if limit > 1_000_000:
        pytest.skip(f"max_queued_events is {limit}: overflowing it would take too long")
    standing, quiet = project.paths.input / "standing", project.paths.input / "quiet"
    standing.mkdir()
    quiet.mkdir()
    log_path = tmp_path / "daemon.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("WIKID_")}
    with open(log_path, "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project.root), "watch"],
                                   env={**env, "WIKID_NOW": FIXED_NOW, **FAST}, stdout=log, stderr=subprocess.STDOUT)
    lost = quiet / "lost.md"
    try:
        wait_until(lambda: daemon_state(project).get("pid") == process.pid, 60, "the daemon to start")
        process.send_signal(signal.SIGSTOP)
        try:
            for i in range(limit // 2):  # each: IN_CREATE, IN_OPEN, IN_CLOSE_WRITE, IN_DELETE
                temp = standing / f"sync-{i}.tmp"
                temp.write_bytes(b"")
                temp.unlink()
            lost.write_bytes(page(title="Lost"))
        finally:
            process.send_signal(signal.SIGCONT)
        wait_until(lambda: not lost.exists(), 60, "the page written after the overflow to be ingested")
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
    assert (project.paths.wiki / "quiet" / "lost.md").read_bytes() == page(title="Lost")
    assert "(inotify queue overflow); rescanning input/" in log_path.read_text()


def test_the_watcher_asks_the_kernel_for_changes_only_not_for_reads(tmp_path: Path) -> None:
    """Every open and close of a file in wiki/ was an inotify event: the daemon's own walk
    of a 1,000,000-page wiki overflowed the kernel's queue, and watchdog's rescan after an
    overflow opened every folder and overflowed it again, so the daemon never settled."""
    from watchdog.observers.inotify_c import InotifyConstants

    observer = start_observer([tmp_path], queue.SimpleQueue(), polling=False)
    try:
        masks = [emitter.get_event_mask_from_filter() for emitter in observer.emitters]  # type: ignore[attr-defined]
    finally:
        observer.stop()
    reads = InotifyConstants.IN_OPEN | InotifyConstants.IN_ACCESS | InotifyConstants.IN_CLOSE_NOWRITE
    assert masks and all(not mask & reads for mask in masks)
    assert all(mask & InotifyConstants.IN_MODIFY and mask & InotifyConstants.IN_ATTRIB for mask in masks)
