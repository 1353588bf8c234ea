"""Put one page at its wiki path without losing whatever was there (I3).

A new path is created with a link (fails if someone took the name meanwhile); an
identical page is left alone; a different page has its previous bytes archived, and
is replaced only if it still holds them (`swap_page`): a person's edit made while a
batch runs stays on the page, and the batch retries.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from wikid.fsio import NotRegularFile, atomic_create, exchange, read_regular, write_temp
from wikid.intake.archive import keep_bytes, keeper
from wikid.intake.report import Action
from wikid.okf.bundle import signature

EDITED = "was edited while wikid was writing it; the edit stays on the page and wikid retries next run"


class PageBlocked(Exception):
    """The page cannot be written now; the message says why and what to do."""


@dataclass(frozen=True)
class PagePut:
    action: Action  # CREATED, UPDATED or UNCHANGED
    previous_archived_as: str | None = None  # wiki-relative, for UPDATED
    # The page's signature once written (okf.bundle.signature): what later stages of
    # the batch compare instead of reading the page back. None when not known.
    signature: list[int] | None = None


def _current(dest: Path) -> bytes | None:
    try:
        return read_regular(dest)[0]
    except FileNotFoundError:
        return None


def swap_page(dest: Path, data: bytes | None, expected: bytes | None, keep: Callable[[bytes], None]) -> str | None:
    """Make `dest` hold `data` (None: remove it) only while it holds `expected` (None:
    while it does not exist). Returns None when done, else why not (the page then holds
    what someone else left there). The caller fsyncs the directory.

    A plain compare-then-rename would lose an edit made between the two. Where the
    platform allows, the new bytes are exchanged with the page in one atomic step and the
    displaced file is compared instead: if it is not `expected`, it is someone's edit
    and is swapped back. `keep` receives anything else found in the way (an edit that
    landed in the instant between the two swaps), so even that is not lost. A replaced
    page keeps its permission bits. The one window left: a process killed between the
    exchange and the swap back, in the microseconds after an edit landed, leaves that
    edit in the temp file, which the next start sweeps (a journal entry per swap would
    close it; not done).
    """
    if expected is None:
        assert data is not None
        try:
            atomic_create(dest, data)
        except FileExistsError:
            return "was created by someone else while wikid was writing it; wikid retries next run"
        return None
    try:
        current, st = read_regular(dest)
    except FileNotFoundError:
        return "was removed while wikid was writing it; wikid retries next run"
    if current != expected:
        return EDITED
    if data is None:
        hold = write_temp(dest, b"")
        os.replace(dest, hold)
    else:
        hold = write_temp(dest, data)
        os.chmod(hold, st.st_mode & 0o7777)
        if not exchange(hold, dest):
            os.replace(hold, dest)
            return None
    safe = True  # whether `hold` may go: it holds nothing that exists nowhere else
    try:
        displaced, _ = read_regular(hold)
        if displaced == expected:
            return None
        safe = False
        if data is None:
            try:
                os.link(hold, dest)
            except FileExistsError:
                keep(displaced)
        else:
            exchange(hold, dest)
            if (stray := read_regular(hold)[0]) != data:
                keep(stray)
        safe = True
        return EDITED
    finally:
        if safe:
            hold.unlink(missing_ok=True)
        else:  # putting an edit back or keeping it failed: it stays, under a name no sweep removes
            os.link(hold, dest.with_name(f"{dest.name}.wikid-kept-{os.getpid()}-{time.time_ns()}"))
            hold.unlink()


def put_page(wiki: Path, archive: Path, page: str, data: bytes, when: datetime) -> PagePut:
    """Write `data` to `wiki/<page>`; the caller fsyncs the page's directory."""
    dest = wiki / page
    try:
        existing = _current(dest)
    except (NotRegularFile, IsADirectoryError, NotADirectoryError):
        raise PageBlocked(f"wiki/{page} exists and is not a regular page; move it away") from None
    if existing == data:
        return PagePut(Action.UNCHANGED)
    previous = keep_bytes(existing, archive, page, when) if existing is not None else None
    problem = swap_page(dest, data, existing, keeper(archive, page, when))
    if problem:
        raise PageBlocked(f"wiki/{page} {problem}")
    return PagePut(Action.UPDATED if existing is not None else Action.CREATED, f"archive/{previous}" if previous else None,
                   _written_signature(dest, data))


def _written_signature(dest: Path, data: bytes) -> list[int] | None:
    """The signature of the page just written, None if it cannot be ours (another size).
    An edit of the same size made in the microseconds between the write and this stat
    would go unnoticed by a stage that trusts it, as by any signature-based check of a
    write within one clock tick; the query index re-hashes such recent pages anyway."""
    try:
        st = os.lstat(dest)
    except OSError:
        return None
    return signature(st) if st.st_size == len(data) else None
