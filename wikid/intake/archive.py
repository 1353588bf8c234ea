"""Move originals into `wiki/archive/` without ever overwriting anything (design §3, I1, I3).

An original is archived in two steps so that at every instant its bytes exist in
`input/` or in the archive: `claim_original` gives the file a second name in the
archive (a hard link — atomic, fails if the name is taken — or, across
filesystems, a fsynced copy linked into place); `release_original` then unlinks the
input name, but only if the input has not changed since it was read.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

from wikid.fsio import fsync_dir, write_temp
from wikid.intake.naming import archive_candidates
from wikid.intake.writers import map_in_slices

_NO_HARD_LINK = {errno.EXDEV, errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK}


class ChangedDuringIngest(RuntimeError):
    """The input changed after wikid read it; it stays in input/ for the next run."""

    MESSAGE = "the file changed while it was being ingested; it stays in input/ and is retried"


def _link(src: Path, dest: Path) -> None:
    """Give `src` the name `dest`, creating its folder only when it is missing (a mkdir
    before every link would be a failed call and an exception per file)."""
    try:
        os.link(src, dest, follow_symlinks=False)
    except FileNotFoundError:  # a new folder, or `src` is gone (then the second link fails too)
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.link(src, dest, follow_symlinks=False)


def _first_free_link(src: Path, archive_root: Path, rel: str, when: datetime) -> str:
    """Link `src` under the first free candidate name. A name that is already a link to
    `src` itself was claimed by a run killed before it released the input: it is reused,
    so the original is not archived twice."""
    for candidate in archive_candidates(rel, when):
        dest = archive_root / candidate
        try:
            _link(src, dest)
        except FileExistsError:
            if os.path.samestat(os.lstat(src), os.lstat(dest)):
                return candidate
            continue
        return candidate
    raise AssertionError("archive_candidates is infinite")


def _first_free_create(archive_root: Path, rel: str, when: datetime, src: Path) -> str:
    """Claim a name with O_EXCL and copy into it (filesystems without hard links)."""
    for candidate in archive_candidates(rel, when):
        dest = archive_root / candidate
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            continue
        with os.fdopen(fd, "wb") as out, open(src, "rb") as inp:
            shutil.copyfileobj(inp, out, 1 << 20)
            out.flush()
            os.fsync(out.fileno())
        return candidate
    raise AssertionError("archive_candidates is infinite")


def _claim_copy(source: bytes | BinaryIO, archive_root: Path, rel: str, when: datetime) -> str:
    """Write a durable hidden copy in the archive, then give it the first free name."""
    tmp = write_temp(archive_root / next(archive_candidates(rel, when)), source)
    try:
        try:
            return _first_free_link(tmp, archive_root, rel, when)
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINK:
                raise
            return _first_free_create(archive_root, rel, when, tmp)
    finally:
        tmp.unlink(missing_ok=True)


def claim_original(src: Path, archive_root: Path, rel: str, when: datetime) -> str:
    """Give the input at `src` a name under `archive_root`; return it (archive-relative).

    A hard link where the filesystem allows it (no bytes copied); across filesystems
    a fsynced copy.
    """
    try:
        return _first_free_link(src, archive_root, rel, when)
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINK:
            raise
    with os.fdopen(os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC), "rb") as inp:
        return _claim_copy(inp, archive_root, rel, when)


Fingerprint = tuple[int, int, int]  # size, mtime_ns, inode of an input when it was read


def fingerprint(st: os.stat_result) -> Fingerprint:
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def release_original(src: Path, expected: Fingerprint, archived: Path, withdraw: bool = True) -> None:
    """Unlink the input name once its archived name is durable.

    If the input changed in place since it was read, the claim is withdrawn (the
    archive name is removed, the input stays for the next run) — unless `withdraw` is
    false: a page already cites the name, which must keep existing (the next run reuses
    it for the same file, see `_first_free_link`). If the input name now holds a
    different file, the archive keeps the one that was read — it is that file's only
    name — and the newcomer stays in input/.
    """
    try:
        now = os.lstat(src)
    except FileNotFoundError:
        return
    if fingerprint(now) == expected:
        os.unlink(src)
        return
    if now.st_ino != expected[2] and os.lstat(archived).st_ino == expected[2]:
        return
    if withdraw:
        archived.unlink()
    raise ChangedDuringIngest(ChangedDuringIngest.MESSAGE)


def first_free(archive_root: Path, rel: str, when: datetime) -> str:
    """The name a claim for `rel` would take now (recorded before claiming, so undoing
    the claim never touches the names earlier batches took)."""
    return next(c for c in archive_candidates(rel, when) if not os.path.lexists(archive_root / c))


@dataclass(frozen=True)
class ArchiveRequest:
    rel: str  # input-relative path, also the archive-relative name to start from
    path: Path
    expected: Fingerprint


def _fsync_dirs(pool: Executor, dirs: list[Path]) -> None:
    """Make the entries of `dirs` durable, each on a thread of its own."""
    map_in_slices(pool, fsync_dir, sorted(dirs), per_task=1)


def _folder(request: ArchiveRequest) -> str:
    return request.rel.rpartition("/")[0]


def _claim(request: ArchiveRequest, archive_root: Path, when: datetime) -> tuple[ArchiveRequest, str | OSError]:
    try:
        return request, claim_original(request.path, archive_root, request.rel, when)
    except OSError as exc:
        return request, exc


def _release(request: ArchiveRequest, archived: Path) -> str | None:
    """Why the input stays in input/, or None once its name is removed."""
    try:
        release_original(request.path, request.expected, archived)
    except ChangedDuringIngest as exc:
        return str(exc)
    except OSError as exc:
        return f"archived, but the input could not be removed: {exc.strerror or exc}"
    return None


def archive_inputs(
    archive_root: Path, requests: list[ArchiveRequest], when: datetime, pool: Executor
) -> tuple[dict[str, str], dict[str, str]]:
    """Move inputs whose content is durably in the wiki into the archive.

    Returns (archived, failed): input -> archive-relative name, and input -> why it
    stays in input/. Claims are made durable (one fsync per directory) before any
    input name is removed, and removals are made durable before returning. Every step
    runs on `pool`, so the requests must be of different `archive_family`s: claims for
    names that may coincide would otherwise race, and which input got which name would
    depend on timing.
    """
    claims = map_in_slices(pool, lambda r: _claim(r, archive_root, when), requests, folder=_folder)
    failed: dict[str, str] = {}
    claimed: list[tuple[ArchiveRequest, str]] = []
    for request, outcome in claims:
        if isinstance(outcome, OSError):
            failed[request.rel] = f"the original could not be archived: {outcome.strerror or outcome}"
        else:
            claimed.append((request, outcome))
    _fsync_dirs(pool, [archive_root / folder for folder in {name.rpartition("/")[0] for _, name in claimed}])
    released = map_in_slices(pool, lambda pair: (pair, _release(pair[0], archive_root / pair[1])), claimed,
                             folder=lambda pair: _folder(pair[0]))
    archived: dict[str, str] = {}
    for (request, name), problem in released:
        if problem is None:
            archived[request.rel] = name
        else:
            failed[request.rel] = problem
    _fsync_dirs(pool, [Path(folder) for folder in {os.path.dirname(r.path) for r, _ in claimed if r.rel in archived}])
    return archived, failed


def archive_bytes(data: bytes, archive_root: Path, rel: str, when: datetime) -> str:
    """Archive bytes wikid holds in memory (a page's previous version); return the name."""
    return _claim_copy(data, archive_root, rel, when)


def keep_bytes(data: bytes, archive_root: Path, rel: str, when: datetime) -> str:
    """`archive_bytes`, durable at once (its directory fsynced): for bytes kept one at a
    time, where no batch phase fsyncs the archive's directories together."""
    name = archive_bytes(data, archive_root, rel, when)
    fsync_dir((archive_root / name).parent)
    return name


def keeper(archive_root: Path, rel: str, when: datetime) -> Callable[[bytes], None]:
    """What `swap_page` hands bytes found in a page's way to: they are kept in the archive."""
    def keep(data: bytes) -> None:
        keep_bytes(data, archive_root, rel, when)
    return keep
