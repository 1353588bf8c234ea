"""The child side of extraction: runs format libraries under a memory cap, offline.

Runs in a separate process (started by spawn.py, driven by runner.py). Each request
gets a fresh soft address-space limit of "what is mapped now + the budget", so imports
made for an earlier file do not eat the next file's budget. The network is cut before
any library is imported: extractors never fetch anything. On Linux the worker moves into
a network namespace of its own (no interface but a loopback that is down), as root
directly, otherwise inside a new user namespace when the kernel allows unprivileged
ones; where neither is possible, Python's socket constructors refuse (a library
calling the OS directly could still connect). The worker says which in its first
message (`Extractor.network`).
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import os
import resource
import signal
import socket
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from wikid.extract.base import ExtractionError, describe_error
from wikid.extract.figures import ImageSettings, image_settings
from wikid.extract.sniff import check_content
from wikid.extract.source import read_document
from wikid.extract.spawn import READY
from wikid.fsio import linux_libc
from wikid.reasons import Reason


class _NoNetwork(socket.socket):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise OSError("network access is disabled while extracting documents")


NETNS = "network namespace"
PYTHON_ONLY = "python sockets disabled"
_CLONE_NEWNET, _CLONE_NEWUSER = 0x40000000, 0x10000000
_PR_SET_PDEATHSIG = 1


def _own_network_namespace(libc: ctypes.CDLL | None) -> bool:
    """Leave the host's network: a new namespace (privileged), else a new user namespace
    with one (unprivileged; a root process keeps to the first, since inside a user
    namespace it could no longer read files other users own)."""
    if libc is None:
        return False
    if libc.unshare(_CLONE_NEWNET) == 0:
        return True
    return os.geteuid() != 0 and libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) == 0


def _offline() -> str:
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"
    os.environ["HF_HUB_OFFLINE"] = "1"
    isolated = _own_network_namespace(linux_libc())
    socket.socket = _NoNetwork  # type: ignore[misc]
    socket.create_connection = _NoNetwork
    return NETNS if isolated else PYTHON_ONLY


def _mapped_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * resource.getpagesize()


def _limit_memory(budget: int) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = _mapped_bytes() + budget
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def extract_one(source: str | bytes, suffix: str, module: str, max_bytes: int, image_seconds: float,
                keep_images: bool, memory_budget: int) -> tuple[Any, ...]:
    """("ok", text, warnings, info, image counts, figures) or ("fail", reason, detail,
    None, None, None) for one file, given by its path or as its bytes (the Dask executor
    reads it on the daemon's machine); its images are read by OCR for at most
    `image_seconds` and kept for a model when `keep_images` (figures.ImageSettings).

    The file is read and the format module imported before the memory cap applies,
    so the budget is what the extraction itself may allocate.
    """
    if isinstance(source, bytes):
        data = source
    else:
        try:
            data = read_document(Path(source), max_bytes)
        except ExtractionError as exc:
            return _fail(exc.reason, exc.detail)
    extractor = importlib.import_module(module)
    images = ImageSettings(deadline=time.monotonic() + image_seconds, keep=keep_images)
    _limit_memory(memory_budget)
    try:
        check_content(suffix, data)
        with image_settings(images):
            result = extractor.extract(data, suffix)
    except ExtractionError as exc:
        if _out_of_memory(exc):
            raise MemoryError(exc.detail) from exc
        return _fail(exc.reason, exc.detail)
    finally:
        _unlimit_memory()
    if not result.text.strip():
        return _fail(Reason.EMPTY, "no text in the document")
    return ("ok", result.text, list(result.warnings), dict(result.info), dict(result.images), result.figures)


def _fail(reason: Reason, detail: str) -> tuple[Any, ...]:
    return ("fail", reason.value, detail, None, None, None)


def _out_of_memory(exc: BaseException) -> bool:
    """Whether a format module's failure is a MemoryError it wrapped (their broad
    `except Exception` catches it too): that is the memory cap, not a damaged file."""
    seen: set[int] = set()
    cause = exc.__cause__ or exc.__context__
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, MemoryError):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _unlimit_memory() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def main(argv: list[str]) -> None:
    """The worker process (spawn._BOOT): FD of its end of the socket pair, the parent's PID,
    a format module to import before the first request ("" for none).

    It ends with `os._exit`: it holds nothing to flush or release, and Python's orderly
    shutdown with the format libraries loaded took 40-65 ms, paid by every batch and by
    every `wikid extract`, which waits for its worker to end.
    """
    libc = linux_libc()
    if libc is not None:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # dies with wikid, even mid-file
    if os.getppid() != int(argv[1]):  # the parent died before that took effect
        return
    serve(Connection(int(argv[0])), argv[2])
    with contextlib.suppress(OSError, ValueError):  # what a library printed, if anything
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(0)


def serve(conn: Connection, preload: str = "") -> None:
    """Answer extraction requests (path or bytes, suffix, module, size limit, OCR time,
    whether to keep images, memory budget) until
    the parent closes the pipe. `preload` is imported once the worker is offline, while
    the parent prepares the first request.

    Each reply ends with a flag saying whether the worker stays: after a memory error
    or an unexpected library exception it exits, so the next file starts in a fresh
    process rather than in a damaged one.
    """
    network = _offline()
    # Ctrl-C in a terminal and systemd's stop signal reach the whole process group; the
    # worker must not die of them mid-file (that would read as a broken document). It
    # ends when the daemon closes the pipe.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    conn.send((*READY, network))
    if preload:
        with contextlib.suppress(Exception):  # the request imports it again and reports the failure
            importlib.import_module(preload)
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        memory_budget = request[-1]
        healthy = False
        try:
            reply = extract_one(*request)
            healthy = True
        except MemoryError:
            reply = _fail(Reason.EXTRACTION_FAILED,
                          f"memory limit of {memory_budget // 1048576} MB exceeded (limits.extract_memory_mb)")
        except Exception as exc:  # noqa: BLE001 - a library bug costs one file, not the batch
            reply = _fail(Reason.EXTRACTION_FAILED, describe_error(exc))
        conn.send((*reply, healthy))
        if not healthy:
            return
