"""Conformant intake (design §2.3): OKF pages are copied byte for byte, no model.

Pages are written first (in chunks, on a few threads: creating files dominates on
real disks), their directories fsynced, and only then are the originals archived
(I2). A chunk never holds one page path twice, so two inputs for one page (`a.md`,
`a.MD`) are applied one after the other and nothing is lost.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime

from wikid.fsio import fsync_dir
from wikid.intake.archive import ArchiveRequest, archive_inputs, fingerprint
from wikid.intake.classify import Bucket, Classification, Reason
from wikid.intake.pagewrite import PageBlocked, put_page
from wikid.intake.report import Action, FileResult, Progress
from wikid.intake.scan import InputEntry
from wikid.paths import ProjectPaths

CHUNK_FILES = 256
CHUNK_BYTES = 64 << 20
WRITER_THREADS = 8

_MESSAGES = {
    Action.CREATED: "new page",
    Action.UPDATED: "replaced a different page; its previous version is archived",
    Action.UNCHANGED: "identical page already in the wiki",
}


@dataclass(frozen=True)
class Classified:
    entry: InputEntry
    result: Classification
    data: bytes = b""
    stat: os.stat_result | None = None


def retry(result: FileResult, message: str) -> FileResult:
    return replace(result, action=Action.RETRY, reason=Reason.IO_FAILED, message=message)


def _chunks(items: list[Classified]) -> Iterator[list[Classified]]:
    """Groups small enough to hold in memory, never holding one page path twice."""
    chunk: list[Classified] = []
    pages: set[str] = set()
    size = 0
    for item in items:
        page = item.result.page or ""
        if chunk and (page in pages or len(chunk) >= CHUNK_FILES or size >= CHUNK_BYTES):
            yield chunk
            chunk, pages, size = [], set(), 0
        chunk.append(item)
        pages.add(page)
        size += len(item.data)
    if chunk:
        yield chunk


def _write(paths: ProjectPaths, item: Classified, when: datetime) -> FileResult:
    page = item.result.page or ""
    base = FileResult(item.entry.rel, Bucket.CONFORMANT, Action.CREATED, page=page)
    try:
        put = put_page(paths.wiki, paths.archive, page, item.data, when)
    except PageBlocked as exc:
        return retry(base, str(exc))
    except OSError as exc:
        return retry(base, f"could not write wiki/{page}: {exc.strerror or exc}")
    return replace(base, action=put.action, message=_MESSAGES[put.action],
                   previous_archived_as=put.previous_archived_as)


def _ingest_chunk(paths: ProjectPaths, chunk: list[Classified], when: datetime) -> list[FileResult]:
    with ThreadPoolExecutor(WRITER_THREADS) as pool:
        attempts = list(pool.map(lambda item: _write(paths, item, when), chunk))
    results = [r for r in attempts if r.action == Action.RETRY]
    written = {r.input: r for r in attempts if r.action != Action.RETRY}
    for directory in sorted({(paths.wiki / r.page).parent for r in written.values() if r.page}):
        fsync_dir(directory)
    requests = [
        ArchiveRequest(item.entry.rel, item.entry.path, fingerprint(item.stat))
        for item in chunk
        if item.entry.rel in written and item.stat is not None
    ]
    archived, failed = archive_inputs(paths.archive, requests, when)
    for rel, result in written.items():
        if rel in archived:
            results.append(replace(result, archived_as=f"archive/{archived[rel]}"))
        else:
            results.append(retry(result, failed.get(rel, "not archived")))
    return results


def ingest_conformant(paths: ProjectPaths, items: list[Classified], when: datetime, progress: Progress | None = None) -> list[FileResult]:
    """Copy every conformant page into the wiki and archive its original."""
    results: list[FileResult] = []
    done = 0
    for chunk in _chunks(items):
        results.extend(_ingest_chunk(paths, chunk, when))
        done += len(chunk)
        if progress:
            progress(done, len(items), chunk[-1].entry.rel)
    return results
