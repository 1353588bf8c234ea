"""One wikid process at a time per project: an advisory lock on `.wikid/lock`.

The kernel drops the lock when the holder dies, so a crash never leaves a stale
lock behind; the file only carries the holder's PID for the error message.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType


class ProjectLocked(RuntimeError):
    """Another wikid process works on this project."""


class ProjectLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def __enter__(self) -> ProjectLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise ProjectLocked(
                f"another wikid process (PID {holder}) is working on this project "
                f"(lock {self.path}); wait for it or stop it"
            ) from None
        try:  # the PID is only for the message above: a full disk must not stop the lock
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        self._fd = fd
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            try:
                os.ftruncate(self._fd, 0)
            except OSError:
                pass
            os.close(self._fd)
            self._fd = None
