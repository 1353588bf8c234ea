"""Remembered ignores (`.wikid/ignored.json`): report a bad file once, retry it only when it changes.

Keyed by input path; a record holds the reason, the message, the file's size and
mtime and, for a file that failed extraction, the SHA-256 of its bytes and the
settings the extraction ran under (the limits, wikid's version). Such a file is not
extracted again while it is the same file — same size and mtime, or, after a `touch`,
a copy with a new mtime, a sync tool rewriting it, the same content — and the settings
are the same. So an encrypted PDF left in input/ costs nothing per run, while raising
`limits.extract_timeout_seconds` (or upgrading wikid) retries what failed under the
old limit. Other ignores (unsupported, io_failed, …) are decided again every run;
their records only keep the log from repeating them. `forget` is `wikid retry`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from wikid._version import __version__
from wikid.config import LimitsConfig
from wikid.intake.scan import InputEntry
from wikid.reasons import Reason
from wikid.state import read_json, write_json

EXTRACTION_REASONS = frozenset({Reason.ENCRYPTED, Reason.EMPTY, Reason.EXTRACTION_FAILED, Reason.TOO_LARGE})


def extraction_settings(limits: LimitsConfig) -> dict[str, object]:
    """What an extraction failure may depend on besides the file: when it changes, the
    failure is retried."""
    return {"wikid": __version__, "max_file_mb": limits.max_file_mb,
            "extract_timeout_seconds": limits.extract_timeout_seconds, "extract_memory_mb": limits.extract_memory_mb}


def _digest(path: Path) -> str | None:
    try:
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC), "rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest()
    except OSError:
        return None


def _identity(record: object) -> tuple[object, ...]:
    """What must differ for an ignore to count as new: the content when it is known."""
    if not isinstance(record, dict):
        return ()
    content = record.get("sha256") or (record.get("size"), record.get("mtime_ns"))
    return (record.get("reason"), record.get("message"), content)


def under(rel: str, targets: list[str]) -> bool:
    """Whether input-relative `rel` is one of `targets` or inside one of them."""
    return any(rel == t or rel.startswith(f"{t.rstrip('/')}/") or not t.strip("/") for t in targets)


class IgnoreMemory:
    def __init__(self, path: Path, settings: dict[str, object] | None = None) -> None:
        self.path = path
        self.settings = settings or {}
        stored = read_json(path)
        self.old: dict[str, dict[str, object]] = stored if isinstance(stored, dict) else {}

    def recall(self, entry: InputEntry) -> tuple[Reason, str] | None:
        """The remembered extraction failure of this same file (same size and mtime, or
        same bytes) under the same settings."""
        record = self.old.get(entry.rel)
        if not isinstance(record, dict) or record.get("reason") not in EXTRACTION_REASONS:
            return None
        if record.get("settings") != self.settings:
            return None
        same = (record.get("size"), record.get("mtime_ns")) == (entry.size, entry.mtime_ns)
        if not same and record.get("sha256") and record.get("size") == entry.size:
            same = _digest(entry.path) == record["sha256"]
        if not same:
            return None
        try:
            return Reason(str(record.get("reason"))), str(record.get("message", ""))
        except ValueError:
            return None

    def _record(self, entry: InputEntry, reason: Reason, message: str) -> dict[str, object]:
        record: dict[str, object] = {
            "reason": str(reason), "message": message, "size": entry.size, "mtime_ns": entry.mtime_ns,
        }
        if reason in EXTRACTION_REASONS:
            record["settings"] = self.settings
            old = self.old.get(entry.rel)
            unchanged = isinstance(old, dict) and (old.get("size"), old.get("mtime_ns")) == (entry.size, entry.mtime_ns)
            digest = old.get("sha256") if unchanged and isinstance(old, dict) else _digest(entry.path)
            if digest:
                record["sha256"] = digest
        return record

    def save(
        self, ignored: list[tuple[InputEntry, Reason, str]], keep: Callable[[str], bool] | None = None
    ) -> set[str]:
        """Store this run's ignores; return the newly ignored inputs.

        Records of files this run did not look at (`keep(rel)` true) are kept; the
        others are forgotten (the file left or is no longer ignored).
        """
        new = {rel: r for rel, r in self.old.items() if keep is not None and keep(rel)}
        new.update({entry.rel: self._record(entry, reason, message) for entry, reason, message in ignored})
        fresh = {rel for rel, record in new.items() if _identity(self.old.get(rel)) != _identity(record)}
        if new != self.old and (new or self.path.exists()):
            write_json(self.path, new)
        return fresh

    def forget(self, targets: list[str]) -> list[str]:
        """Forget the records of the inputs at or under `targets` (input-relative; "" is
        all of input/), so the next run tries them again; return the inputs forgotten."""
        gone = sorted(rel for rel in self.old if under(rel, targets))
        if gone:
            self.old = {rel: r for rel, r in self.old.items() if rel not in gone}
            write_json(self.path, self.old)
        return gone
