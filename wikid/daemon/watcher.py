"""File-system events for the daemon: a watchdog observer whose handler only queues paths.

watchdog's pitfalls (anchors.md) shape this module: handlers stay trivial (an
exception there can kill the observer thread while the process lives on, so the
daemon checks `is_alive()`); inotify is silent on network filesystems, so those get
the polling observer; files or folders moved in from outside arrive as plain
`created`/`moved` events and are handled like any other path.
"""

from __future__ import annotations

import logging
import os
import queue
from pathlib import Path

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirModifiedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver
from watchdog.observers.inotify import InotifyObserver
from watchdog.observers.polling import PollingObserver

NETWORK_FILESYSTEMS = frozenset(
    {"nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "9p", "afs", "ceph", "glusterfs", "lustre", "gpfs",
     "fuse.sshfs", "sshfs", "fuse.rclone", "fuse.s3fs", "fuse.gcsfuse", "davfs", "fuse.davfs2"}
)


def _unescape(field: str) -> str:
    return field.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\")


def filesystem_type(path: Path, mounts: str | None = None) -> str:
    """The type of the filesystem holding `path`, from /proc/self/mounts ('' if unknown)."""
    if mounts is None:
        try:
            mounts = Path("/proc/self/mounts").read_text()
        except OSError:
            return ""
    target = os.path.realpath(path)
    best, kind = "", ""
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        point = _unescape(fields[1])
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, fields[2]
    return kind


def needs_polling(path: Path, setting: bool | str, mounts: str | None = None) -> tuple[bool, str]:
    """Whether to poll, and the reason to log."""
    if setting is True:
        return True, "watch.polling is true"
    if setting is False:
        return False, "watch.polling is false"
    kind = filesystem_type(path, mounts)
    if kind in NETWORK_FILESYSTEMS or kind.startswith("fuse.sshfs"):
        return True, f"{path} is on a network filesystem ({kind}), where inotify sees no remote changes"
    return False, f"{path} is on {kind or 'a local filesystem'}"


EVENTS_LOST = ("", "")  # on the queue: the kernel dropped events, rescan


class OverflowAlarm(logging.Handler):
    """Puts EVENTS_LOST on the daemon's queue when watchdog reports an inotify queue overflow.

    When more events arrive than the kernel queues (/proc/sys/fs/inotify/max_queued_events,
    16384 by default; a storm of drops while the daemon is busy), the kernel drops the rest
    and says IN_Q_OVERFLOW. watchdog only logs that (and re-adds its watches); nothing
    reaches the event handler, so without this the dropped files would wait for the
    periodic rescan (still the only net with watchdog releases that do not even log it).
    Attach it to the "watchdog" logger for the observer's lifetime.
    """

    def __init__(self, events: queue.SimpleQueue[tuple[str, str]]) -> None:
        super().__init__(logging.WARNING)
        self.events = events

    def emit(self, record: logging.LogRecord) -> None:
        if "overflow" in str(record.msg).lower():
            self.events.put(EVENTS_LOST)


class _Queueing(FileSystemEventHandler):
    def __init__(self, events: queue.SimpleQueue[tuple[str, str]], root: str) -> None:
        self.events, self.root = events, root

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory and event.event_type == "modified":
            return  # every file created or changed in it has its own event; rescanning the folder each time is quadratic
        self.events.put((self.root, os.fsdecode(event.src_path)))
        dest = getattr(event, "dest_path", "")
        if dest:
            self.events.put((self.root, os.fsdecode(dest)))


def reports_every_change(observer: BaseObserver) -> bool:
    """Whether `observer` hears every write: inotify's does (a write, a chmod, a utime
    each raise an event); the polling one compares size and mtime, so it misses an edit
    that keeps both (`cp -p`)."""
    return isinstance(observer, InotifyObserver)


# What changes a tree. Not opens, reads or closes without a write: inotify would queue
# two events for every file anyone reads (the daemon's own walks and index.md runs, a
# query's snippets, an editor), and at a million pages one walk overflows the kernel's
# queue (16,384 events), whose recovery - watchdog rescanning every folder - overflowed
# it again, for ever. `_Queueing` ignored those events anyway.
CHANGES = [FileCreatedEvent, DirCreatedEvent, FileModifiedEvent, DirModifiedEvent, FileMovedEvent, DirMovedEvent,
           FileDeletedEvent, DirDeletedEvent, FileClosedEvent]


def start_observer(
    roots: list[Path], events: queue.SimpleQueue[tuple[str, str]], polling: bool, poll_seconds: float = 2.0
) -> BaseObserver:
    """Watch `roots` recursively; every event puts (root, path) on `events`."""
    observer: BaseObserver = PollingObserver(timeout=poll_seconds) if polling else Observer()
    for root in roots:
        observer.schedule(_Queueing(events, str(root)), str(root), recursive=True, event_filter=CHANGES)
    observer.daemon = True
    observer.start()
    return observer
