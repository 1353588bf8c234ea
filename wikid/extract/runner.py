"""The parent side of extraction: one worker process per batch, replaced on failure.

Format libraries run in a child process with a time limit and a memory limit, so a
zip bomb, a pathological PDF or a library hang costs one file, never the daemon.
The worker is reused across the files of a batch (format libraries are imported
once, not once per file) and replaced whenever it times out, dies or reports a
memory error. `multiprocessing.Pool` is not used: it never reports a worker that
died, so only a per-request deadline catches that (anchors.md).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import TracebackType

from wikid.config import LimitsConfig
from wikid.document.reading import read
from wikid.extract.registry import extractor_module
from wikid.extract.worker import READY, serve
from wikid.intake.classify import Reason
from wikid.intake.naming import split_name


@dataclass(frozen=True)
class ExtractOutcome:
    """What wikid sees in one file: markdown text, warnings and the document's own
    properties (see extract.base.INFO_KEYS), or a reason code."""

    text: str | None
    warnings: tuple[str, ...] = ()
    reason: Reason | None = None
    detail: str = ""
    info: Mapping[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.reason is None

    def identity(self) -> dict[str, object] | None:
        """What the text and properties say the document is, as the engines read it."""
        if self.text is None:
            return None
        found = read(self.text, self.info).identity
        return {"title": found.title, "kind": found.kind, "subjects": list(found.subjects),
                "type": found.entity_type, "date": found.date.isoformat() if found.date else None,
                "author": found.author}

    def to_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "reason": str(self.reason) if self.reason else None,
            "detail": self.detail,
            "warnings": list(self.warnings),
            "chars": len(self.text) if self.text is not None else 0,
            "info": dict(self.info),
            "identity": self.identity(),
            "text": self.text,
        }


def failure(reason: Reason, detail: str) -> ExtractOutcome:
    return ExtractOutcome(None, (), reason, detail)


WORKER_START_SECONDS = 30.0


class WorkerStartError(RuntimeError):
    """No worker could be started: a fault of the environment, not of any document, so
    the files stay in input/ to be retried rather than being marked as failed."""


class Extractor:
    """Extracts documents in an isolated worker; use as a context manager per batch."""

    def __init__(self, limits: LimitsConfig) -> None:
        self.timeout = limits.extract_timeout_seconds
        self.memory_budget = int(limits.extract_memory_mb * 1048576)
        self.max_bytes = int(limits.max_file_mb * 1048576)
        self._context = multiprocessing.get_context("forkserver")
        # Workers fork from the server: with the worker module preloaded there, a new
        # worker starts in ~13 ms instead of ~150 ms of re-importing wikid.
        self._context.set_forkserver_preload(["wikid.extract.worker"])
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None

    def __enter__(self) -> Extractor:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stop the worker (closing the pipe ends it; a stuck one is killed)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._process is not None and self._process.pid is not None:
            self._process.join(timeout=5)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()
            self._process = None

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
        self.close()

    def _worker(self) -> Connection:
        if self._conn is None or self._process is None or not self._process.is_alive():
            self.close()
            parent, child = self._context.Pipe()
            self._process = self._context.Process(
                target=serve, args=(child, self.memory_budget), name="wikid-extract", daemon=True
            )
            self._process.start()
            child.close()
            self._conn = parent
            try:
                ready = parent.recv() if parent.poll(WORKER_START_SECONDS) else None
            except (EOFError, OSError):
                ready = None
            if ready != READY:
                self._process.join(timeout=1)
                code = self._process.exitcode
                self._kill()
                raise WorkerStartError(
                    f"the extraction worker did not start (exit status {code}). A worker process "
                    "imports the program's main module: if wikid runs from a Python script, put the "
                    "script's top-level code under `if __name__ == \"__main__\":`"
                )
        return self._conn

    def extract(self, path: Path) -> ExtractOutcome:
        """Extract one file; every failure comes back as a reason code, never raised."""
        suffix = split_name(path.name)[1].lower()
        module = extractor_module(suffix)
        if module is None:
            return failure(Reason.UNSUPPORTED, f"`{suffix or path.name}` files are not a supported document type")
        try:
            size = path.lstat().st_size
        except OSError as exc:
            return failure(Reason.IO_FAILED, f"cannot be read: {exc.strerror or exc}")
        if size > self.max_bytes:
            return failure(Reason.TOO_LARGE, f"{size / 1048576:.1f} MB is over the {self.max_bytes / 1048576:.0f} MB limit (limits.max_file_mb)")
        conn = self._worker()
        try:
            conn.send((str(path), suffix, module, self.max_bytes))
            if not conn.poll(self.timeout):
                self._kill()
                return failure(Reason.EXTRACTION_FAILED, f"time limit of {self.timeout:g} s exceeded (limits.extract_timeout_seconds)")
            status, first, second, info, stays = conn.recv()
        except (EOFError, OSError):
            code = None
            if self._process is not None:
                self._process.join(timeout=5)
                code = self._process.exitcode
            self._kill()
            return failure(Reason.EXTRACTION_FAILED, f"the extractor crashed (exit status {code}); likely out of memory or a library fault")
        if not stays:
            self.close()
        if status == "ok":
            return ExtractOutcome(first, tuple(second), info=info)
        return failure(Reason(first), second)
