"""One batch, in the order design §2 prescribes: scan → classify → intake → archive
→ regenerate indexes → log.

This module is the only one that changes the project on disk during a batch, so the
invariants live here: a page is durable (temp + fsync + rename, directory fsynced)
before its original is archived (I2); originals get a second name in the archive
before the input name is removed (I1); nothing is ever overwritten that was not
archived first (I3); writes stay inside input/, wiki/ and .wikid/ (I4).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from wikid.clock import iso, now
from wikid.config import Config
from wikid.fsio import NotRegularFile, atomic_create, atomic_replace, fsync_dir, read_regular
from wikid.intake.archive import (
    ChangedDuringIngest,
    archive_bytes,
    claim_original,
    release_original,
)
from wikid.intake.classify import (
    Bucket,
    Classification,
    Reason,
    classify_markdown,
    classify_path,
    ignored,
)
from wikid.intake.report import Action, FileResult, UpdateReport
from wikid.intake.scan import InputEntry, scan_input
from wikid.extract.runner import Extractor
from wikid.intake.ignores import IgnoreMemory
from wikid.manager import NO_ENGINE_MESSAGE, SourceDocument, select_manager
from wikid.okf.bundle import regenerate_indexes
from wikid.okf.index import link_target
from wikid.okf.log import add_entries
from wikid.paths import ProjectPaths

Progress = Callable[[int, int, str], None]

CHUNK_FILES = 256
CHUNK_BYTES = 64 << 20
WRITER_THREADS = 8


@dataclass(frozen=True)
class Classified:
    entry: InputEntry
    result: Classification
    data: bytes = b""
    stat: os.stat_result | None = None


def classify_entry(entry: InputEntry, max_bytes: int) -> Classified:
    """Classify one scanned entry, reading the file only when the bytes decide."""
    if entry.io_error:
        return Classified(entry, ignored(Reason.IO_FAILED, entry.io_error))
    if entry.unsafe:
        return Classified(entry, ignored(Reason.UNSAFE, entry.unsafe))
    by_path = classify_path(entry.rel, entry.size, max_bytes)
    if by_path is not None:
        return Classified(entry, by_path)
    try:
        data, st = read_regular(entry.path, max_bytes)
    except NotRegularFile:
        return Classified(entry, ignored(Reason.UNSAFE, "replaced by a link or special file while being read"))
    except OSError as exc:
        return Classified(entry, ignored(Reason.IO_FAILED, f"cannot be read: {exc.strerror or exc}"))
    if len(data) > max_bytes:
        return Classified(entry, classify_path(entry.rel, len(data), max_bytes))
    return Classified(entry, classify_markdown(entry.rel, data), data, st)


def classify_inputs(paths: ProjectPaths, config: Config) -> Iterator[Classified]:
    """Every entry under input/, classified, in sorted order."""
    for entry in scan_input(paths.input, config.ignore):
        yield classify_entry(entry, config.max_file_bytes)


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


def _fsync_dirs(dirs: set[Path]) -> None:
    for directory in sorted(dirs):
        fsync_dir(directory)


def _write_page(paths: ProjectPaths, item: Classified, when: datetime) -> FileResult:
    """Put one conformant page in place; the original is archived afterwards."""
    page = item.result.page
    assert page is not None
    dest = paths.wiki / page
    base = FileResult(item.entry.rel, Bucket.CONFORMANT, Action.CREATED, page=page)
    try:
        existing, _ = read_regular(dest)
    except FileNotFoundError:
        existing = None
    except (NotRegularFile, IsADirectoryError, NotADirectoryError):
        return _retry(base, f"wiki/{page} exists and is not a regular page; move it away")
    if existing == item.data:
        return replace(base, action=Action.UNCHANGED, message="identical page already in the wiki")
    if existing is None:
        atomic_create(dest, item.data)
        return replace(base, message="new page")
    previous = archive_bytes(existing, paths.archive, page, when)
    fsync_dir((paths.archive / previous).parent)
    current, _ = read_regular(dest)
    if current != existing:
        return _retry(base, f"wiki/{page} was edited during the run; retrying next run")
    atomic_replace(dest, item.data)
    return replace(
        base,
        action=Action.UPDATED,
        message="replaced a different page; its previous version is archived",
        previous_archived_as=f"archive/{previous}",
    )


def _retry(result: FileResult, message: str) -> FileResult:
    return replace(result, action=Action.RETRY, reason=Reason.IO_FAILED, message=message)


def _try_write_page(paths: ProjectPaths, item: Classified, when: datetime) -> FileResult:
    try:
        return _write_page(paths, item, when)
    except OSError as exc:
        return _retry(
            FileResult(item.entry.rel, Bucket.CONFORMANT, Action.RETRY, page=item.result.page),
            f"could not write wiki/{item.result.page}: {exc.strerror or exc}",
        )


def _ingest_chunk(paths: ProjectPaths, chunk: list[Classified], when: datetime) -> list[FileResult]:
    # Creating a file dominates intake on real disks and overlaps well across threads;
    # a chunk never holds one page path twice, so the writers never race each other.
    with ThreadPoolExecutor(WRITER_THREADS) as pool:
        attempts = list(pool.map(lambda item: _try_write_page(paths, item, when), chunk))
    results = [r for r in attempts if r.action == Action.RETRY]
    written = [(item, r) for item, r in zip(chunk, attempts) if r.action != Action.RETRY]
    _fsync_dirs({(paths.wiki / r.page).parent for _, r in written if r.page})

    claimed: list[tuple[Classified, FileResult, str]] = []
    for item, result in written:
        try:
            name = claim_original(item.entry.path, paths.archive, item.entry.rel, when)
        except OSError as exc:
            results.append(_retry(result, f"page written, but the original could not be archived: {exc.strerror or exc}"))
            continue
        claimed.append((item, result, name))
    _fsync_dirs({(paths.archive / name).parent for _, _, name in claimed})

    released_dirs: set[Path] = set()
    for item, result, name in claimed:
        assert item.stat is not None
        try:
            release_original(item.entry.path, item.stat, paths.archive / name)
        except ChangedDuringIngest as exc:
            results.append(replace(result, action=Action.RETRY, message=str(exc)))
            continue
        except OSError as exc:
            results.append(_retry(result, f"archived, but the input could not be removed: {exc.strerror or exc}"))
            continue
        released_dirs.add(item.entry.path.parent)
        results.append(replace(result, archived_as=f"archive/{name}"))
    _fsync_dirs(released_dirs)
    return results


def _page_link(page: str) -> str:
    concept = page[: -len(".md")]
    return f"[{concept}](/{link_target(page)})"


def _log_bullet(result: FileResult, newly_ignored: bool) -> str | None:
    if result.action == Action.CREATED:
        return f"* **Creation**: Added {_page_link(result.page or '')}."
    if result.action == Action.UPDATED:
        old = result.previous_archived_as or ""
        return (
            f"* **Update**: Replaced {_page_link(result.page or '')}; the previous version "
            f"is archived as [{old}](/{link_target(old)})."
        )
    if result.action == Action.IGNORED and newly_ignored:
        return f"* **Ignored**: `input/{result.input}` ({result.reason}): {result.message}."
    if result.action == Action.RETRY:
        return f"* **Warning**: `input/{result.input}`: {result.message}."
    return None


def _extract_documents(
    paths: ProjectPaths,
    config: Config,
    items: list[Classified],
    memory: IgnoreMemory,
    progress: Progress | None,
) -> tuple[list[SourceDocument], list[tuple[InputEntry, Reason, str]]]:
    """Extract every non-conformant input in an isolated worker; stage the texts.

    Failures become ignores with their reason code; a file whose failure is
    remembered unchanged is not extracted again.
    """
    documents: list[SourceDocument] = []
    failed: list[tuple[InputEntry, Reason, str]] = []
    with Extractor(config.limits) as extractor:
        for n, item in enumerate(items, 1):
            if progress:
                progress(n, len(items), f"extracting {item.entry.rel}")
            known = memory.recall(item.entry)
            if known is not None:
                failed.append((item.entry, *known))
                continue
            outcome = extractor.extract(item.entry.path)
            if outcome.reason is not None or outcome.text is None:
                failed.append((item.entry, outcome.reason or Reason.EXTRACTION_FAILED, outcome.detail))
                continue
            atomic_replace(paths.extract_staging / f"{item.entry.rel}.txt", outcome.text.encode("utf-8"))
            documents.append(SourceDocument(item.entry.rel, outcome.text, outcome.warnings))
    return documents, failed


def run_batch(paths: ProjectPaths, config: Config, when: datetime, progress: Progress | None = None) -> UpdateReport:
    """Run one batch over everything now in input/ and report what happened to each file."""
    report = UpdateReport(started_at=iso(when))
    items = list(classify_inputs(paths, config))
    total = len(items)
    conformant = [i for i in items if i.result.bucket == Bucket.CONFORMANT]
    results: list[FileResult] = []
    done = 0
    for chunk in _chunks(conformant):
        results.extend(_ingest_chunk(paths, chunk, when))
        done += len(chunk)
        if progress:
            progress(done, total, chunk[-1].entry.rel)

    memory = IgnoreMemory(paths.ignored)
    ignored_now = [(i.entry, i.result.reason or Reason.UNSUPPORTED, i.result.message)
                   for i in items if i.result.bucket == Bucket.IGNORED]
    shutil.rmtree(paths.extract_staging, ignore_errors=True)
    non_conformant = [i for i in items if i.result.bucket == Bucket.NON_CONFORMANT]
    documents, failed = _extract_documents(paths, config, non_conformant, memory, progress)
    ignored_now += failed
    manager = select_manager(config)
    if manager is None:
        for doc in documents:
            warned = f", {len(doc.warnings)} warning(s)" if doc.warnings else ""
            results.append(FileResult(doc.input_rel, Bucket.NON_CONFORMANT, Action.PENDING,
                                      message=f"extracted {len(doc.text)} characters{warned}; {NO_ENGINE_MESSAGE}"))
    shutil.rmtree(paths.extract_staging, ignore_errors=True)
    for entry, reason, message in ignored_now:
        results.append(FileResult(entry.rel, Bucket.IGNORED, Action.IGNORED, reason=reason, message=message))
    fresh = memory.save(ignored_now)

    report.files = sorted(results, key=lambda r: r.input)
    bullets = [b for r in report.files if (b := _log_bullet(r, r.input in fresh))]
    report.indexes_changed = regenerate_indexes(paths.wiki, paths.page_cache)
    if bullets:
        log_path = paths.wiki / "log.md"
        try:
            current = log_path.read_bytes().decode("utf-8", "surrogateescape")
        except FileNotFoundError:
            current = None
        text = add_entries(current, when.strftime("%Y-%m-%d"), bullets)
        atomic_replace(log_path, text.encode("utf-8", "surrogateescape"))
        report.log_entries = len(bullets)
    report.finished_at = iso(now())
    return report
