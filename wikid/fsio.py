"""Durable, never-overwriting file operations.

Everything wikid writes goes through here so the invariants of design §2 live in
one place: content is written to a hidden temp file next to its destination,
fsynced, then renamed (replace) or linked (create, which fails if the name is
taken). Inputs are opened without following links and without blocking on FIFOs.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import itertools
import os
import re
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

_counter = itertools.count()


class NotRegularFile(OSError):
    """The path is a link, FIFO, socket or device; wikid never opens those."""


def fsync_dir(path: Path) -> None:
    """Make the directory entries in `path` (new names, renames, unlinks) durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


_TEMP = re.compile(r"^\..+\.wikid-\d+-\d+\.tmp$")


def _temp_name(dest: Path) -> Path:
    return dest.parent / f".{dest.name}.wikid-{os.getpid()}-{next(_counter)}.tmp"


def remove_stale_temps(root: Path) -> list[Path]:
    """Delete the temp files a killed wikid process left under `root`; return them.

    Only for a caller holding the project lock: then no live process is writing one.
    A temp file is never the only copy of anything (its destination or source still
    holds the bytes), so removing it loses nothing.
    """
    removed = []
    for dirpath, _, files in os.walk(root):
        for name in files:
            if _TEMP.match(name):
                path = Path(dirpath) / name
                path.unlink(missing_ok=True)
                removed.append(path)
    return removed


def write_temp(dest: Path, data: bytes | BinaryIO) -> Path:
    """Write `data` (bytes, or a file to stream from) durably to a hidden temp file
    beside `dest` and return its path."""
    tmp = _temp_name(dest)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
    try:
        fd = os.open(tmp, flags, 0o666)
    except FileNotFoundError:  # the folder is new: asking first would cost every write a failed mkdir
        dest.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, flags, 0o666)
    try:
        chunks = [data] if isinstance(data, bytes) else iter(lambda: data.read(1 << 20), b"")
        for chunk in chunks:
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view):]
        os.fsync(fd)
    except OSError as exc:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        if exc.filename is None:  # os.write names no file: say which one could not be written
            raise OSError(exc.errno, exc.strerror, str(dest)) from exc
        raise
    except BaseException:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    os.close(fd)
    return tmp


FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


def mount_point(path: Path) -> Path:
    """The mount point of the filesystem holding `path` (or its nearest existing parent)."""
    path = Path(os.path.abspath(path))
    while not path.exists() and path != path.parent:
        path = path.parent
    device = path.stat().st_dev
    while path != path.parent and path.parent.stat().st_dev == device:
        path = path.parent
    return path


def write_problem(exc: OSError) -> str:
    """What a failed write means for a person: the file, the error and, for a full disk
    or quota, the filesystem to free space on."""
    what = f"could not write {exc.filename}: {exc.strerror or exc}" if exc.filename else f"a write failed: {exc.strerror or exc}"
    if exc.errno in FULL and exc.filename:
        try:
            what += f" (the filesystem mounted at {mount_point(Path(exc.filename))} is full: free space, then run again)"
        except OSError:
            pass
    return what


def atomic_replace(dest: Path, data: bytes | BinaryIO) -> None:
    """Replace `dest` with `data` (bytes, or a file to stream from) atomically: readers
    see the old or the new bytes, never a mix.

    Only for files wikid owns (generated `index.md`/`log.md`, state under `.wikid/`)
    or whose previous bytes the caller has already archived.
    """
    tmp = write_temp(dest, data)
    try:
        os.replace(tmp, dest)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


_RENAME_NOREPLACE = 1  # linux/fs.h
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


@functools.cache
def linux_libc() -> ctypes.CDLL | None:
    """The C library, for the Linux calls Python has no binding for (renameat2, unshare,
    prctl); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def _renameat2(a: Path, b: Path, flags: int) -> bool:
    """Linux `renameat2(a, b, flags)`: False where the platform or the filesystem cannot
    (glibc >= 2.28, musl >= 1.2.1, most local filesystems can), OSError for real failures."""
    renameat2 = getattr(linux_libc(), "renameat2", None)
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), flags) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def exchange(a: Path, b: Path) -> bool:
    """Swap the files at `a` and `b` atomically (Linux `renameat2(RENAME_EXCHANGE)`).

    Returns False where the platform or the filesystem cannot (the caller falls back to
    a plain rename); raises OSError for real failures. The standard library has no
    binding for it, hence ctypes: it is the only way to replace a file and get back,
    atomically, exactly the inode that was displaced.
    """
    return _renameat2(a, b, _RENAME_EXCHANGE)


def atomic_create(dest: Path, data: bytes) -> None:
    """Create `dest` with `data` atomically; raise FileExistsError if the name is taken.

    The temp file is renamed into place where the filesystem can refuse to replace
    (`renameat2(RENAME_NOREPLACE)`), else linked and unlinked: one change to the folder
    instead of two, which counts when many pages are created in one folder at once."""
    tmp = write_temp(dest, data)
    try:
        if _renameat2(tmp, dest, _RENAME_NOREPLACE):
            return
        os.link(tmp, dest)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.unlink()


def read_regular(path: Path, max_bytes: int | None = None) -> tuple[bytes, os.stat_result]:
    """Read a regular file without following a link or blocking on a FIFO.

    Returns the bytes and the `fstat` of the descriptor they came from, so callers
    can later check the file did not change under them. With `max_bytes`, reading
    stops once more than that many bytes arrived (a file that grew past the cap). Raises NotRegularFile for
    anything that is not a plain file, and a plain OSError for real I/O failures.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegularFile(errno.ELOOP, "symbolic link", str(path)) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if max_bytes is not None and total > max_bytes:
                break
        return b"".join(chunks), st
    finally:
        os.close(fd)


def prune_empty_dirs(root: Path, directories: Iterable[Path]) -> None:
    """Remove each of `directories` that is empty, then its parents while they are,
    never `root` itself or anything outside it (folders a removed page leaves behind)."""
    for directory in sorted(set(directories), key=lambda d: -len(d.parts)):
        current = directory
        while current != root and root in current.parents:
            try:
                current.rmdir()  # only succeeds when empty
            except OSError:
                break
            fsync_dir(current.parent)
            current = current.parent
