"""A running batch's progress on disk (`.wikid/batch.json`), for `wikid status`.

The process running a batch (`wikid update`, or the daemon) holds the project lock,
so `wikid status` cannot ask it; it reads this file instead. The batch writes its
stage and where its extraction stands (the executor, its workers, the files done, in
flight and sent again) at most once every WRITE_SECONDS, and removes the file when it
ends. A file whose process is gone (killed mid-batch) is not shown. Writing it is best
effort: a batch never fails because its progress could not be recorded.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from wikid.clock import iso, now
from wikid.extract.state import ExtractionState
from wikid.state import write_json

WRITE_SECONDS = 1.0


class BatchProgress:
    """The progress file of the batch this process runs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.started_at = iso(now())
        self.written = 0.0

    def stage(self, stage: str, state: ExtractionState | None = None, force: bool = False) -> None:
        """Record `stage` (`extracting`, `writing pages`) and the extraction's state, unless
        the last record is younger than WRITE_SECONDS (`force`: record it anyway)."""
        clock = time.monotonic()
        if not force and clock - self.written < WRITE_SECONDS:
            return
        self.written = clock
        record = {"pid": os.getpid(), "stage": stage, "started_at": self.started_at, "updated_at": iso(now()),
                  "extraction": state.to_dict() if state is not None else None}
        try:
            write_json(self.path, record)
        except OSError:
            pass

    def extracting(self, state: ExtractionState) -> None:
        self.stage("extracting", state, force=state.done in (0, state.total))

    def end(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass
