"""`wikid watch`: the long-running loop that turns drops into batches.

One thread does the work: it drains the watcher's event queue, asks the tracker
which files are stable, runs a batch when the window closes, rescans input/
periodically (watchers lose events), regenerates indexes after edits people make in
wiki/, keeps the observer alive, and talks to systemd. A second thread answers
`wikid query` from an index this loop keeps warm (wikid/query/server.py); with `--serve`,
a third serves the wiki to a browser from that same index (wikid/serve/). Batches run
one at a time; files arriving meanwhile queue up for the next one. The project lock
is held for the daemon's whole life, so a second daemon (or a `wikid update`) is
refused.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from watchdog.observers.api import BaseObserver

from wikid.clock import iso, now
from wikid.config import Config, ConfigError
from wikid.daemon.notify import Notifier
from wikid.daemon.tracker import Signature, Tracker
from wikid.daemon.watcher import EVENTS_LOST, OverflowAlarm, needs_polling, reports_every_change, start_observer
from wikid.intake.ignores import IgnoreMemory, under
from wikid.intake.journal import recover, sweep_temps
from wikid.intake.pipeline import batch_pages
from wikid.intake.report import Action
from wikid.intake.scan import canonical_rel, display_name, is_skipped_name, scan_input
from wikid.lock import ProjectLock
from wikid.manager.select import engine_name
from wikid.okf.bundle import regenerate_indexes
from wikid.okf.concept_id import RESERVED_DIRS
from wikid.project import Project
from wikid.query.results import QueryRequest
from wikid.query.server import QueryServer, WarmIndex
from wikid.reasons import Reason
from wikid.state import read_json, write_json

if TYPE_CHECKING:
    from wikid.serve.server import BackgroundServer

log = logging.getLogger("wikid")

ObserverFactory = Callable[[list[Path], "queue.SimpleQueue[tuple[str, str]]", bool], BaseObserver]
QUEUE_SHOWN = 100


UNREADABLE: Signature = (-1, -1)  # there, but cannot be looked at: the batch says why


def _signature(path: Path) -> Signature | None:
    """Size and mtime of `path`; None when it is gone."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:  # e.g. a path beyond PATH_MAX: still batched, and reported with a reason
        return UNREADABLE
    return (st.st_size, st.st_mtime_ns)


class Daemon:
    def __init__(
        self,
        project: Project,
        notifier: Notifier | None = None,
        observer_factory: ObserverFactory = start_observer,
        serve: tuple[str, int] | None = None,
    ) -> None:
        project.require_project()  # a typo in -C must not make a project of any folder
        self.project = project
        self.serve = serve  # (host, port) to serve the wiki to a browser on, or None
        self.web_url: str | None = None  # where it is served, once it is
        self.paths = project.paths
        self.notifier = notifier or Notifier.from_env()
        self.observer_factory = observer_factory
        self.events: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
        self.stop_requested = False
        self.reload_requested = False
        self.events_lost = False  # the watcher lost events: rescan input/ now
        self.real: dict[str, Path] = {}  # tracked rel -> the file's path as the OS names it
        self.config = project.config()
        engine_name(self.config)  # a model that cannot run is refused before watching starts
        self.tracker = self._tracker(self.config)
        self.wiki_changed_at: float | None = None
        self.last_ping = 0.0
        self.last_batch: dict[str, object] | None = None
        self.started_at = iso(now())
        self.warm = WarmIndex(self.paths)  # `wikid query`'s index, kept in memory
        if serve is not None:
            from wikid.serve import require_stack

            require_stack()  # a missing web stack is refused before watching starts, not later

    @staticmethod
    def _tracker(config: Config) -> Tracker:
        watch = config.watch
        return Tracker(watch.stability_seconds, watch.batch_quiet_seconds, watch.batch_max_wait_seconds)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if signum == signal.SIGHUP:
            self.reload_requested = True
        else:
            self.stop_requested = True

    def run(self) -> int:
        """Watch until SIGTERM/SIGINT; the caller maps exceptions to exit codes."""
        for directory in (self.paths.input, self.paths.wiki, self.paths.state):
            directory.mkdir(parents=True, exist_ok=True)
        with ProjectLock(self.paths.lock), self._web_server() as web:
            if threading.current_thread() is threading.main_thread():
                for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                    signal.signal(signum, self._on_signal)
            for recovered in (sweep_temps(self.paths), recover(self.paths)):
                if recovered:
                    log.warning("%s", recovered)
            regenerate_indexes(self.paths.wiki, self.paths.page_cache)
            polling, why = needs_polling(self.paths.input, self.config.watch.polling)
            log.info("watching %s with %s (%s)", self.paths.input, "polling" if polling else "inotify", why)
            alarm = OverflowAlarm(self.events)
            logging.getLogger("watchdog").addHandler(alarm)
            observer = self.observer_factory([self.paths.input, self.paths.wiki], self.events, polling)
            if reports_every_change(observer):
                self.warm.keep_journal()
            queries = QueryServer(self.warm, self.paths.query_socket)
            queries.start()
            if web is not None:
                web.start()
                self.web_url = web.url
            try:
                self._retry_requested()  # a `wikid retry` made while no daemon ran, or before it handled it
                self._rescan(time.monotonic())
                self.notifier.ready()
                self._loop(observer, polling)
            finally:
                self.notifier.stopping()
                if web is not None:
                    web.stop()
                queries.stop()
                self.warm.close()  # no more vouching for the stored index once nothing watches
                observer.stop()
                logging.getLogger("watchdog").removeHandler(alarm)
                self._write_state("stopped")
        log.info("stopped")
        return 0

    def _web_server(self) -> contextlib.AbstractContextManager[BackgroundServer | None]:
        """The browser's server (`--serve`), bound now so that a port in use is refused
        before watching starts; it answers searches from this daemon's warm index."""
        if self.serve is None:
            return contextlib.nullcontext()
        from wikid.serve.server import BackgroundServer, bind

        host, port = self.serve
        return BackgroundServer(self.project, bind(host, port), host,
                                lambda text: self.warm.query(QueryRequest(text, None)))

    def _tick(self) -> float:
        watch = self.config.watch
        return min(max(min(watch.stability_seconds, watch.batch_quiet_seconds) / 4, 0.05), 1.0)

    def _loop(self, observer: BaseObserver, polling: bool) -> None:
        last_rescan = self.last_ping = time.monotonic()
        state = None
        while not self.stop_requested:
            self._drain(self._tick())
            clock = time.monotonic()
            if self.reload_requested:
                self._reload()
            if not observer.is_alive():
                log.warning("the file watcher stopped; restarting it and rescanning input/")
                observer = self.observer_factory([self.paths.input, self.paths.wiki], self.events, polling)
                self.events_lost = True
                self.warm.changed(None)  # wiki/ went unwatched for a while
            if self.events_lost or clock - last_rescan >= self.config.watch.rescan_seconds:
                self.events_lost = False
                self._rescan(clock)
                self.warm.refresh()  # wiki/ events can be lost too
                last_rescan = clock
            self.tracker.poll(clock, lambda rel: _signature(self._path(rel)))
            if self.tracker.batch_due(clock):
                self._batch(clock)
                state = None  # daemon.json now says "batch": publish "idle" again even if the queue length is unchanged
            elif self.wiki_changed_at is not None and clock - self.wiki_changed_at >= self.config.watch.stability_seconds:
                self.wiki_changed_at = None
                changed = regenerate_indexes(self.paths.wiki, self.paths.page_cache)
                if changed:
                    log.info("regenerated %d index.md file(s) after edits in wiki/", len(changed))
                self.warm.refresh()
            interval = self.notifier.watchdog_interval
            if interval is not None and clock - self.last_ping >= interval:
                self.notifier.watchdog()
                self.last_ping = clock
            current = ("idle", self.tracker.pending)
            if current != state:
                state = current
                self._write_state("idle")
                self.notifier.status(f"idle; {self.tracker.pending} file(s) waiting in input/")

    def _drain(self, timeout: float) -> None:
        try:
            item = self.events.get(timeout=timeout)
        except queue.Empty:
            return
        while True:
            # each event's own time: a long drain (a storm) must not backdate the events it
            # processes last, or input/ looks quiet and files look stable while they still change
            self._event(*item, time.monotonic())
            try:
                item = self.events.get_nowait()
            except queue.Empty:
                return

    def _event(self, root: str, path: str, clock: float) -> None:
        if (root, path) == EVENTS_LOST:
            if not self.events_lost:
                log.warning("the kernel dropped file events (inotify queue overflow); rescanning input/")
            self.events_lost = True
            self.warm.changed(None)  # some may have been about wiki/
            return
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        if rel == "." or rel.startswith("../"):
            return
        parts = rel.split("/")
        if root == str(self.paths.wiki):
            if parts[0] in RESERVED_DIRS or parts[-1] in ("index.md", "log.md") or any(p.startswith(".") for p in parts):
                return
            if rel.endswith(".md"):
                self.warm.changed(rel[: -len(".md")])  # re-checked before the next query
            elif os.path.isdir(path) or not os.path.lexists(path):
                self.warm.changed(None)  # a folder came or went: walk wiki/ before the next query
            self.wiki_changed_at = clock
            return
        if any(is_skipped_name(p) for p in parts):
            return
        # Tracked under the name the scan gives it, which the batch's `only` must match.
        shown = canonical_rel(rel, self.paths.input)
        full = Path(root, *parts[: shown.count("/") + 1])
        try:
            if full == Path(path) and full.is_dir() and not full.is_symlink():
                for entry in scan_input(full, self.config.ignore):
                    self.real[f"{shown}/{entry.rel}"] = entry.path
                    self.tracker.seen(f"{shown}/{entry.rel}", clock, _signature(entry.path))
            else:
                self.real[shown] = full
                self.tracker.seen(shown, clock, _signature(full))
        except OSError as exc:  # e.g. a path beyond PATH_MAX: the scan reports it properly
            log.warning("cannot look at input/%s (%s); rescanning input/", display_name(rel), exc.strerror or exc)
            self.events_lost = True

    def _path(self, rel: str) -> Path:
        """Where the file tracked as `rel` is: its name on disk may differ (NFD, escaped bytes)."""
        return self.real.get(rel) or self.paths.input / rel

    def _rescan(self, clock: float) -> None:
        present = set()
        self.real = {}
        for entry in scan_input(self.paths.input, self.config.ignore):
            present.add(entry.rel)
            self.real[entry.rel] = entry.path
            self.tracker.seen(entry.rel, clock, _signature(entry.path))
        self.tracker.forget_missing(present)

    def _batch(self, clock: float) -> None:
        batch = self.tracker.take_batch()
        self.notifier.status(f"ingesting {len(batch)} file(s)")
        self._write_state("batch", sorted(batch))
        try:
            report = self.project.batch(self.config, self._progress, only=set(batch))
        except Exception as exc:  # noqa: BLE001 - a failed batch must not end the daemon; its files are retried
            log.error("batch of %d file(s) failed: %s: %s", len(batch), type(exc).__name__, exc)
            for rel, signature in batch.items():
                self.tracker.settle(rel, signature, time.monotonic(), retry=True)
            return
        done = time.monotonic()
        for result in report.files:
            log.info("%s", result.line())
            if result.action in (Action.IGNORED, Action.RETRY):
                seen = _signature(self._path(result.input)) or batch.get(result.input)
                if seen is None:
                    continue
                # An I/O failure (a read-only folder, a full disk) clears without the file changing.
                retry = result.action == Action.RETRY or result.reason == Reason.IO_FAILED
                self.tracker.settle(result.input, seen, done, retry=retry)
                if self.tracker.gave_up(result.input):
                    log.warning("giving up on input/%s after repeated failures (%s); it stays there until it changes",
                                result.input, result.message)
        if report.recovery:
            log.warning("%s", report.recovery)
        self.last_batch = {"finished_at": report.finished_at, "counts": report.counts()}
        cost = report.model_cost()
        log.info("batch of %d file(s): %s%s", len(batch), report.summary(), f"; {cost}" if cost else "")
        self.warm.refresh(batch_pages(report))

    def _progress(self, done: int, total: int, what: str) -> None:
        """Keep systemd informed (and its watchdog fed) while a long batch runs."""
        clock = time.monotonic()
        if clock - self.last_ping >= (self.notifier.watchdog_interval or 1.0):
            self.notifier.watchdog()
            self.notifier.status(f"ingesting: {done}/{total} {what}")
            self.last_ping = clock

    def _reload(self) -> None:
        self.reload_requested = False
        self.notifier.reloading()
        self._retry_requested()
        try:
            config = self.project.config()
        except ConfigError as exc:
            log.error("reload failed, keeping the previous configuration: %s", exc)
        else:
            if config.limits != self.config.limits:  # failures remembered under the old limits are retried
                self.tracker.settled.clear()
                self.events_lost = True
            self.config = config
            watch = config.watch
            self.tracker.stability, self.tracker.quiet = watch.stability_seconds, watch.batch_quiet_seconds
            self.tracker.max_wait = watch.batch_max_wait_seconds
            log.info("reloaded %s", self.paths.root / "wikid.yaml")
        self.notifier.ready()

    def _retry_requested(self) -> None:
        """Do what `wikid retry` asked (it cannot take the lock the daemon holds)."""
        targets = read_json(self.paths.retry_request)
        if not isinstance(targets, list):
            return
        targets = [str(t) for t in targets]
        forgotten = IgnoreMemory(self.paths.ignored).forget(targets)
        for rel in [r for r in self.tracker.settled if under(r, targets)]:
            del self.tracker.settled[rel]
        self.paths.retry_request.unlink(missing_ok=True)
        self.events_lost = True  # rescan now: the forgotten files are queued again
        log.info("wikid retry: forgot %d remembered failure(s); retrying them", len(forgotten))

    def _write_state(self, state: str, batch: list[str] | None = None) -> None:
        queued = sorted(set(self.tracker.watched) | set(self.tracker.window))
        write_json(self.paths.daemon_state, {
            "pid": os.getpid(),
            "state": state,
            "started_at": self.started_at,
            "batch": batch or [],
            "queue": queued[:QUEUE_SHOWN],
            "queued": len(queued),
            "last_batch": self.last_batch,
        })
