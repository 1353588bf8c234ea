"""The change journal: the daemon's word that it saw every change to wiki/ since it stored the index.

Why: without it a `wikid query` must stat every page to find a hand edit (0.3 s at
100,000 pages on the 2-CPU development machine, 3 s at 1,000,000: the kernel's cost
alone), although nothing changed almost every time. Nothing but a watcher can know
that nothing changed, so only the daemon writes the journal, and only while its
watcher runs:

    .wikid/query-journal
    {"generation": "<the stored index it extends>"}     one JSON line, then
    "notes/plan"                                         a page that changed since, or
    null                                                 "anything may have changed: walk"

The daemon holds an exclusive lock (flock) on the file from the moment it writes the
first line until it stops; the kernel drops the lock when the daemon dies. A reader
that could take a shared lock knows nobody vouches for the file and walks the wiki.
A reader trusts the lines only under a lock held, for the generation it is reading,
and when the last line is whole. The daemon rewrites the file each time it stores
its index and adds a line for each page its watcher reports, in the same order as it
updates its own index: a journal-checked query is exactly as fresh as the daemon's
own answers.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterable
from pathlib import Path


def _line(concept_id: str | None) -> bytes:
    return json.dumps(concept_id, ensure_ascii=True).encode() + b"\n"


class Journal:
    """The daemon's side: it alone writes the journal, holding its lock while it does."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def start(self, generation: str, pending: Iterable[str | None] = ()) -> None:
        """Vouch for `generation` (just stored) plus the pages in `pending` (None: walk)."""
        if self._fd is None:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)  # readers hold a shared lock for an instant at most
            except BaseException:
                os.close(fd)
                raise
            self._fd = fd
        os.ftruncate(self._fd, 0)
        header = json.dumps({"generation": generation}).encode() + b"\n"
        os.write(self._fd, header + b"".join(map(_line, pending)))

    def note(self, concept_id: str | None) -> None:
        """A page changed (None: any page may have: a folder came or went, events were lost)."""
        if self._fd is not None:
            os.write(self._fd, _line(concept_id))

    def stop(self) -> None:
        """Stop vouching: the file stays, its lock goes, and readers walk again."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def vouched_changes(path: Path, generation: str) -> set[str] | None:
    """The pages changed since `generation` was stored, as the running daemon saw them;
    None when nobody vouches (no daemon, another generation, a walk asked for)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            pass  # the daemon holds it: it is watching
        else:
            return None
        data = b""
        while chunk := os.read(fd, 1 << 20):
            data += chunk
    except OSError:
        return None
    finally:
        os.close(fd)  # and with it the shared lock, if it was taken
    lines = data.split(b"\n")
    if len(lines) < 2 or lines[-1] or b"null" in lines:  # empty, a line still being written, a walk asked for
        return None
    try:
        header = json.loads(lines[0])
        changed = [json.loads(line) for line in lines[1:-1]]
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("generation") != generation:
        return None
    if not all(isinstance(c, str) for c in changed):
        return None
    return set(changed)
