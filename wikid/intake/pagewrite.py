"""Put one page at its wiki path without losing whatever was there (I3).

A new path is created with a link (fails if someone took the name meanwhile); an
identical page is left alone; a different page has its previous bytes archived, and
is replaced only if nobody edited it while that happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from wikid.fsio import NotRegularFile, atomic_create, atomic_replace, fsync_dir, read_regular
from wikid.intake.archive import archive_bytes
from wikid.intake.report import Action


class PageBlocked(Exception):
    """The page cannot be written now; the message says why and what to do."""


@dataclass(frozen=True)
class PagePut:
    action: Action  # CREATED, UPDATED or UNCHANGED
    previous_archived_as: str | None = None  # wiki-relative, for UPDATED


def put_page(wiki: Path, archive: Path, page: str, data: bytes, when: datetime) -> PagePut:
    """Write `data` to `wiki/<page>`; the caller fsyncs the page's directory."""
    dest = wiki / page
    try:
        existing, _ = read_regular(dest)
    except FileNotFoundError:
        existing = None
    except (NotRegularFile, IsADirectoryError, NotADirectoryError):
        raise PageBlocked(f"wiki/{page} exists and is not a regular page; move it away") from None
    if existing == data:
        return PagePut(Action.UNCHANGED)
    if existing is None:
        atomic_create(dest, data)
        return PagePut(Action.CREATED)
    previous = archive_bytes(existing, archive, page, when)
    fsync_dir((archive / previous).parent)
    current, _ = read_regular(dest)
    if current != existing:
        raise PageBlocked(f"wiki/{page} was edited during the run; retrying next run")
    atomic_replace(dest, data)
    return PagePut(Action.UPDATED, f"archive/{previous}")
