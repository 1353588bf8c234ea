"""Remembered ignores (`.wikid/ignored.json`): report a bad file once, retry it only when it changes.

Keyed by input path; a record holds the reason, the message and the file's size and
mtime. A file that failed extraction is not extracted again while its record still
matches, so an encrypted PDF left in input/ costs nothing per run; touching or
replacing it retries it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from wikid.intake.classify import Reason
from wikid.intake.scan import InputEntry
from wikid.state import read_json, write_json


def _record(entry: InputEntry, reason: Reason, message: str) -> dict[str, object]:
    return {"reason": str(reason), "message": message, "size": entry.size, "mtime_ns": entry.mtime_ns}


class IgnoreMemory:
    def __init__(self, path: Path) -> None:
        self.path = path
        stored = read_json(path)
        self.old: dict[str, dict[str, object]] = stored if isinstance(stored, dict) else {}

    def recall(self, entry: InputEntry) -> tuple[Reason, str] | None:
        """The remembered failure of this exact file (same size and mtime), if any."""
        record = self.old.get(entry.rel)
        if not isinstance(record, dict) or (record.get("size"), record.get("mtime_ns")) != (entry.size, entry.mtime_ns):
            return None
        try:
            return Reason(str(record.get("reason"))), str(record.get("message", ""))
        except ValueError:
            return None

    def save(
        self, ignored: list[tuple[InputEntry, Reason, str]], keep: Callable[[str], bool] | None = None
    ) -> set[str]:
        """Store this run's ignores; return the newly ignored inputs.

        Records of files this run did not look at (`keep(rel)` true) are kept; the
        others are forgotten (the file left or is no longer ignored).
        """
        new = {rel: r for rel, r in self.old.items() if keep is not None and keep(rel)}
        new.update({entry.rel: _record(entry, reason, message) for entry, reason, message in ignored})
        fresh = {rel for rel, record in new.items() if self.old.get(rel) != record}
        if new != self.old and (new or self.path.exists()):
            write_json(self.path, new)
        return fresh
