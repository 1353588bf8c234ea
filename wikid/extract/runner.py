"""The parent side of extraction: one worker process per batch, replaced on failure.

Format libraries run in a child process with a time limit and a memory limit, so a
zip bomb, a pathological PDF or a library hang costs one file, never the daemon.
The worker is reused across the files of a batch (format libraries are imported
once, not once per file) and replaced whenever it times out, dies or reports a
memory error. `multiprocessing.Pool` is not used: it never reports a worker that
died, so only a per-request deadline catches that (anchors.md). Nor is
`multiprocessing.Process`: every start method but fork re-imports the caller's main
module in the child (a script without a main guard runs twice, `python -` fails on
`<stdin>`), and its forkserver leaves `/tmp/pymp-*` behind. The worker is a plain
`python -c` child talking over a socket pair with multiprocessing's `Connection`.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType

from wikid.config import LimitsConfig
from wikid.document.reading import read
from wikid.extract.registry import extractor_module
from wikid.extract.worker import READY
from wikid.images import Figure
from wikid.reasons import Reason
from wikid.intake.naming import split_name


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


WORKER_START_SECONDS = 30.0
# The share of the time limit a document's images may take by OCR: past it, images are
# counted and not read, so the document's text still arrives within the limit.
IMAGE_TIME_SHARE = 0.75
# The worker's command: `-S` skips site (~60 ms of .pth files) since the child gets the
# parent's import path (site-packages, a checkout, a test's helpers) and, first, the folder
# this wikid was imported from (an editable install finds it through a .pth hook).
_BOOT = "import json, sys; sys.path[:] = json.loads(sys.argv[1]); from wikid.extract.worker import main; main(sys.argv[2:])"
_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent.parent)


class WorkerStartError(RuntimeError):
    """No worker could be started: a fault of the environment, not of any document, so
    the files stay in input/ to be retried rather than being marked as failed."""


class Extractor:
    """Extracts documents in an isolated worker; use as a context manager per batch."""

    def __init__(self, limits: LimitsConfig, keep_images: bool = False) -> None:
        """`keep_images`: keep a scaled copy of each image read, for an agent's model."""
        self.timeout = limits.extract_timeout_seconds
        self.keep_images = keep_images
        self.memory_budget = int(limits.extract_memory_mb * 1048576)
        self.max_bytes = int(limits.max_file_mb * 1048576)
        self.network: str | None = None  # how the worker is kept offline (see worker._offline)
        self._process: subprocess.Popen[bytes] | None = None
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
        if self._process is not None:
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process = None

    def _kill(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
        self.close()

    def _exit_status(self) -> int | None:
        if self._process is None:
            return None
        try:
            return self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return None

    def _worker(self) -> Connection:
        if self._conn is None or self._process is None or self._process.poll() is not None:
            self.close()
            parent, child = socket.socketpair()
            path = json.dumps([_PACKAGE_ROOT, *sys.path])
            command = [sys.executable, "-S", "-c", _BOOT, path, str(child.fileno()), str(self.memory_budget), str(os.getpid())]
            try:
                self._process = subprocess.Popen(command, stdin=subprocess.DEVNULL, pass_fds=[child.fileno()])
            except OSError as exc:
                parent.close()
                raise WorkerStartError(f"the extraction worker did not start: {exc.strerror or exc} ({sys.executable})") from None
            finally:
                child.close()
            self._conn = Connection(parent.detach())
            try:
                ready = self._conn.recv() if self._conn.poll(WORKER_START_SECONDS) else None
            except (EOFError, OSError):
                ready = None
            if not (isinstance(ready, tuple) and ready[:1] == READY):
                code = self._exit_status()
                self._kill()
                raise WorkerStartError(f"the extraction worker did not start (exit status {code}); its error is above")
            self.network = str(ready[1])
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
            conn.send((str(path), suffix, module, self.max_bytes, self.timeout * IMAGE_TIME_SHARE, self.keep_images))
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
