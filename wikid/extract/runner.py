"""The parent side of extraction: documents sent to an isolated worker, one at a time.

Format libraries run in a child process with a time limit and a memory limit, so a
zip bomb, a pathological PDF or a library hang costs one file, never the daemon.
An `Extractor` reuses its worker across the files it is given (format libraries are
imported once, not once per file) and replaces it whenever it times out, dies or
reports a memory error. How a worker is started is spawn.py's; a batch runs several
extractors at once (pool.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType

from wikid.config import LimitsConfig
from wikid.extract.registry import extractor_for
from wikid.extract.spawn import WorkerProcess
from wikid.images import Figure
from wikid.reasons import Reason


@dataclass(frozen=True)
class ExtractOutcome:
    """What wikid sees in one file: markdown text, warnings, the document's own
    properties (see extract.base.INFO_KEYS) and what became of its images (counts by
    wikid.images.ImageOutcome, and the figures a model may be shown), or a reason code."""

    text: str | None
    warnings: tuple[str, ...] = ()
    reason: Reason | None = None
    detail: str = ""
    info: Mapping[str, str] = field(default_factory=dict)
    images: Mapping[str, int] = field(default_factory=dict)
    figures: tuple[Figure, ...] = ()

    @property
    def ok(self) -> bool:
        return self.reason is None

    def identity(self) -> dict[str, object] | None:
        """What the text and properties say the document is, as the engines read it."""
        from wikid.document.reading import read  # for `wikid extract --json` only: ~25 ms of imports

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
            "images": dict(self.images),
            "identity": self.identity(),
            "text": self.text,
        }


def failure(reason: Reason, detail: str) -> ExtractOutcome:
    return ExtractOutcome(None, (), reason, detail)


# The share of the time limit a document's images may take by OCR: past it, images are
# counted and not read, so the document's text still arrives within the limit.
IMAGE_TIME_SHARE = 0.75


class Extractor:
    """Extracts documents one at a time in an isolated worker; use as a context manager
    per batch. `worker`: one started early by the caller (see spawn.py), else one is
    started on the first file. `keep_images`: keep a scaled copy of each image read, for
    an agent's model."""

    def __init__(self, limits: LimitsConfig, worker: WorkerProcess | None = None, keep_images: bool = False) -> None:
        self.timeout = limits.extract_timeout_seconds
        self.keep_images = keep_images
        self.memory_budget = int(limits.extract_memory_mb * 1048576)
        self.max_bytes = int(limits.max_file_mb * 1048576)
        self.network: str | None = None  # how the worker is kept offline (see worker._offline)
        self._worker = worker

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
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    def interrupt(self) -> None:
        """Kill the worker from another thread: the file in progress comes back as
        crashed, and the next file gets a fresh worker (pool.py, ending a batch early)."""
        worker = self._worker
        if worker is not None:
            worker.interrupt()

    def _kill(self) -> None:
        if self._worker is not None:
            self._worker.kill()
            self._worker = None

    def _exit_status(self) -> int | None:
        return self._worker.exit_status() if self._worker is not None else None

    def _connection(self) -> Connection:
        """The ready worker's pipe; a worker that died while idle is replaced first.
        Raises spawn.WorkerStartError."""
        if self._worker is None or not self._worker.alive():
            self.close()
            self._worker = WorkerProcess()
        conn = self._worker.ready()
        self.network = self._worker.network
        return conn

    def extract(self, path: Path) -> ExtractOutcome:
        """Extract one file; every failure comes back as a reason code, never raised."""
        found = prepare(path, self.max_bytes)
        if isinstance(found, ExtractOutcome):
            return found
        return self.run(str(path), *found)

    def run(self, source: str | bytes, suffix: str, module: str) -> ExtractOutcome:
        """Extract a file the worker reads by its path, or its bytes (`source`), with the
        format module `module`; every failure comes back as a reason code, never raised.
        Raises spawn.WorkerStartError when no worker starts."""
        conn = self._connection()
        try:
            conn.send((source, suffix, module, self.max_bytes, self.timeout * IMAGE_TIME_SHARE, self.keep_images,
                       self.memory_budget))
            if not conn.poll(self.timeout):
                self._kill()
                return failure(Reason.EXTRACTION_FAILED, f"time limit of {self.timeout:g} s exceeded (limits.extract_timeout_seconds)")
            status, first, second, info, images, figures, stays = conn.recv()
        except (EOFError, OSError):
            code = self._exit_status()
            self._kill()
            return failure(Reason.EXTRACTION_FAILED, f"the extractor crashed (exit status {code}); likely out of memory or a library fault")
        if not stays:
            self.close()
        if status == "ok":
            return ExtractOutcome(first, tuple(second), info=info, images=images, figures=figures)
        return failure(Reason(first), second)


def prepare(path: Path, max_bytes: int) -> tuple[str, str] | ExtractOutcome:
    """The file's lower-case extension and its format module, or why no worker need see
    it (a type wikid does not read, a file it cannot stat, one over the size limit)."""
    suffix, module = extractor_for(path.name)
    if module is None:
        return failure(Reason.UNSUPPORTED, f"`{suffix or path.name}` files are not a supported document type")
    try:
        size = path.lstat().st_size
    except OSError as exc:
        return failure(Reason.IO_FAILED, f"cannot be read: {exc.strerror or exc}")
    if size > max_bytes:
        return failure(Reason.TOO_LARGE, f"{size / 1048576:.1f} MB is over the {max_bytes / 1048576:.0f} MB limit (limits.max_file_mb)")
    return suffix, module
