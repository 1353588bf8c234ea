"""Open what a URL names inside wiki/, and nothing outside it.

A URL path is untrusted: `..`, an absolute path, a backslash, a NUL, a hidden name or
any of these percent-encoded (Starlette decodes the path once; what is still encoded
after that is a literal name) is refused, and so is a symbolic link anywhere on the
way, even one that points inside the wiki. The walk opens each folder relative to the
one before with O_NOFOLLOW (openat), so a folder swapped for a link between a check
and the open cannot lead elsewhere: there is no check apart from the open.

Callers get an open file descriptor and its fstat, and close it; a refusal is None,
which the app answers with 404 (never saying why: a reason would tell what exists).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

MAX_TEXT_BYTES = 64 * 1024 * 1024  # a page or an index read whole (an index of 100k pages is ~15 MB)
CHUNK = 1 << 16


@dataclass(frozen=True)
class Opened:
    fd: int
    st: os.stat_result
    parts: tuple[str, ...]  # the bundle path, split

    @property
    def is_dir(self) -> bool:
        return stat.S_ISDIR(self.st.st_mode)

    @property
    def rel(self) -> str:
        return "/".join(self.parts)


def split_path(rel: str) -> tuple[str, ...] | None:
    """The parts of a bundle path given in a URL, or None when it is not a plain relative
    path to something visible ('' is the wiki itself)."""
    if rel.startswith("/") or "\\" in rel or "\0" in rel:
        return None
    parts = tuple(p for p in rel.split("/"))
    if parts and parts[-1] == "":
        parts = parts[:-1]  # a folder's URL ends in `/`
    if any(p in ("", ".", "..") or p.startswith(".") for p in parts):
        return None
    return parts


def _open_at(parent: int, name: str, directory: bool) -> int:
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | (os.O_DIRECTORY if directory else os.O_NONBLOCK)
    return os.open(name, flags, dir_fd=parent)


@contextmanager
def open_in(wiki: Path, rel: str) -> Iterator[Opened | None]:
    """The regular file or folder wiki/`rel`, reached without a link; None when refused
    or missing. The descriptor is closed on leaving the block."""
    parts = split_path(rel)
    fd = -1
    try:
        if parts is not None:
            fd = os.open(wiki, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                try:
                    child = _open_at(fd, part, directory=not last)
                except OSError as exc:
                    if not last or exc.errno != errno.EISDIR:
                        raise
                    child = _open_at(fd, part, directory=True)
                os.close(fd)
                fd = child
            st = os.fstat(fd)
            if stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode):
                yield Opened(fd, st, parts)
                return
    except OSError:  # ELOOP (a link), ENOENT, ENOTDIR, EACCES, ENXIO (a socket) ...: not there
        pass
    finally:
        if fd >= 0:
            os.close(fd)
    yield None


def read_all(fd: int, limit: int = MAX_TEXT_BYTES) -> bytes | None:
    """The whole content of an open file, or None when it is larger than `limit`."""
    chunks, total = [], 0
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            return None
    return b"".join(chunks)


def read_text_in(wiki: Path, rel: str) -> tuple[str, os.stat_result] | None:
    """A text file of the wiki (a page, an index, log.md) as text, with its stat."""
    with open_in(wiki, rel) as opened:
        if opened is None or opened.is_dir:
            return None
        data = read_all(opened.fd)
        return None if data is None else (data.decode("utf-8", "replace"), opened.st)


def stream(fd: int) -> Iterator[bytes]:
    """The bytes of an open file in chunks, for a download; owns `fd` (a `dup` of the
    request's, so the bytes sent are those of the file whose stat made the headers)."""
    try:
        while chunk := os.read(fd, CHUNK):
            yield chunk
    finally:
        os.close(fd)


def stat_signature(st: os.stat_result) -> str:
    """What changes whenever the file does (see okf.bundle.signature): for an ETag."""
    return f"{st.st_size:x}-{st.st_mtime_ns:x}-{st.st_ctime_ns:x}-{st.st_ino:x}"
