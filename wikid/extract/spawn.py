"""Starting an extraction worker: a plain `python -S -c` child over a socket pair.

`multiprocessing.Pool` is not used: it never reports a worker that died, so only a
per-request deadline catches that (anchors.md). Nor is `multiprocessing.Process`:
every start method but fork re-imports the caller's main module in the child (a script
without a main guard runs twice, `python -` fails on `<stdin>`), and its forkserver
leaves `/tmp/pymp-*` behind. The worker is a plain `python -c` child talking over a
socket pair with multiprocessing's `Connection`.

Starting a worker does not wait for it: `WorkerProcess.ready()` does, on first use. So
a caller can do its own work while the worker starts and imports its own: `wikid
extract` starts one before it imports the rest of wikid, which it used to do first
(issue 17). For that, this module imports nothing of wikid.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from multiprocessing.connection import Connection
from pathlib import Path

WORKER_START_SECONDS = 30.0
READY = ("ready",)  # the worker's first message, with how its network is cut (worker._offline)
# The worker's command: `-S` skips site (~60 ms of .pth files) since the child gets the
# parent's import path (site-packages, a checkout, a test's helpers) and, first, the folder
# this wikid was imported from (an editable install finds it through a .pth hook).
_BOOT = "import json, sys; sys.path[:] = json.loads(sys.argv[1]); from wikid.extract.worker import main; main(sys.argv[2:])"
_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent.parent)


class WorkerStartError(RuntimeError):
    """No worker could be started: a fault of the environment, not of any document, so
    the files stay in input/ to be retried rather than being marked as failed."""


class WorkerProcess:
    """One worker process, started at construction, and the parent's end of its pipe.

    `preload`: the format module of the first file, when the caller knows it, for the
    worker to import while it would otherwise wait for that file (`wikid extract`)."""

    def __init__(self, preload: str | None = None) -> None:
        parent, child = socket.socketpair()
        path = json.dumps([_PACKAGE_ROOT, *sys.path])
        command = [sys.executable, "-S", "-c", _BOOT, path, str(child.fileno()), str(os.getpid()), preload or ""]
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, pass_fds=[child.fileno()])
        except OSError as exc:
            parent.close()
            raise WorkerStartError(f"the extraction worker did not start: {exc.strerror or exc} ({sys.executable})") from None
        finally:
            child.close()
        self.conn = Connection(parent.detach())
        self.network: str | None = None  # how the worker is kept offline, once it said so

    def ready(self) -> Connection:
        """The pipe, once the worker has said it is ready (waited for the first time only)."""
        if self.network is None:
            try:
                message = self.conn.recv() if self.conn.poll(WORKER_START_SECONDS) else None
            except (EOFError, OSError):
                message = None
            if not (isinstance(message, tuple) and message[:1] == READY):
                code = self.exit_status()
                self.kill()
                raise WorkerStartError(f"the extraction worker did not start (exit status {code}); its error is above")
            self.network = str(message[1])
        return self.conn

    def alive(self) -> bool:
        return self.process.poll() is None

    def exit_status(self) -> int | None:
        """The worker's exit status, given 5 s to exit; None when it has not."""
        try:
            return self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return None

    def interrupt(self) -> None:
        """Kill the worker, from any thread: the file it is extracting comes back as crashed."""
        self.process.kill()

    def kill(self) -> None:
        if self.alive():
            self.process.kill()
        self.stop()

    def stop(self) -> None:
        """Close the pipe, which ends the worker; a stuck one is killed."""
        self.conn.close()
        if self.exit_status() is None:
            self.process.kill()
            self.process.wait()
