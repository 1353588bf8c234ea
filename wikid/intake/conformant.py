"""Conformant intake (design §2.3): OKF pages are copied byte for byte, no model.

A batch is bound by fsyncs, so each step runs on the writer threads (see
wikid.intake.writers), like the least any durable copy must do: every page is written
(temp file, fsync, link or exchange), then the pages' directories are fsynced, and
only then are the originals archived (I2).

A page whose path, or whose previous version's archive names, it shares with a page
earlier in the batch (`a.md` and `a.MD`: one `archive_family`) waits for a later
round: it is written after the earlier one is written and archived, so nothing is lost
and every archive name is the one a serial run would take.

The pages written are handed on with the frontmatter parsed at classification
(`KnownPage`), so that index.md regeneration and the batch's lint use that parse
instead of parsing the page again.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from datetime import datetime

from wikid.fsio import fsync_dir
from wikid.intake.archive import ArchiveRequest, archive_inputs, fingerprint
from wikid.intake.classify import Bucket, Classification, Reason
from wikid.intake.naming import archive_family
from wikid.intake.pagewrite import PageBlocked, put_page
from wikid.intake.report import Action, FileResult, Progress
from wikid.intake.scan import InputEntry
from wikid.intake.writers import map_in_slices, writer_pool
from wikid.okf.bundle import KnownPage
from wikid.paths import ProjectPaths

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


@dataclass
class Ingested:
    """What conformant intake did: a result per input, and the pages it wrote (page
    path -> their bytes and parsed frontmatter)."""

    files: list[FileResult] = field(default_factory=list)
    pages: dict[str, KnownPage] = field(default_factory=dict)


@dataclass(frozen=True)
class Written:
    """One page's write: the item, its result and the page's signature once written
    (None: not known, or not written)."""

    item: Classified
    result: FileResult
    signature: list[int] | None = None


def retry(result: FileResult, message: str) -> FileResult:
    return replace(result, action=Action.RETRY, reason=Reason.IO_FAILED, message=message)


def _rounds(items: list[Classified], when: datetime) -> list[list[Classified]]:
    """The items in order, each in the round after the last one holding its page's
    `archive_family`. Within a round the inputs' families differ too (inputs of one
    family have pages of one family), as `archive_inputs` requires."""
    rounds: list[list[Classified]] = []
    last: dict[str, int] = {}
    for item in items:
        family = archive_family(item.result.page or "", when)
        n = last[family] = last.get(family, -1) + 1
        if n == len(rounds):
            rounds.append([])
        rounds[n].append(item)
    return rounds


def _write(paths: ProjectPaths, item: Classified, when: datetime) -> Written:
    page = item.result.page or ""
    base = FileResult(item.entry.rel, Bucket.CONFORMANT, Action.CREATED, page=page)
    try:
        put = put_page(paths.wiki, paths.archive, page, item.data, when)
    except PageBlocked as exc:
        return Written(item, retry(base, str(exc)))
    except OSError as exc:
        return Written(item, retry(base, f"could not write wiki/{page}: {exc.strerror or exc}"))
    return Written(item, FileResult(item.entry.rel, Bucket.CONFORMANT, put.action, message=_MESSAGES[put.action],
                                    page=page, previous_archived_as=put.previous_archived_as), put.signature)


def _archive(paths: ProjectPaths, pool: Executor, written: Sequence[Written], when: datetime, out: Ingested) -> None:
    """Fsync the written pages' directories, then archive their originals (I2)."""
    done: dict[str, tuple[Classified, FileResult]] = {}
    for one in written:
        item, result = one.item, one.result
        if result.action == Action.RETRY:
            out.files.append(result)
            continue
        done[item.entry.rel] = (item, result)
        if result.page and item.result.frontmatter is not None:
            out.pages[result.page] = KnownPage(item.data, item.result.frontmatter, one.signature)
    folders = {(result.page or "").rpartition("/")[0] for _, result in done.values()}
    map_in_slices(pool, fsync_dir, sorted(paths.wiki / folder for folder in folders), per_task=1)
    requests = [ArchiveRequest(item.entry.rel, item.entry.path, fingerprint(item.stat))
                for item, _ in done.values() if item.stat is not None]
    archived, failed = archive_inputs(paths.archive, requests, when, pool)
    for rel, (_, result) in done.items():
        if rel in archived:
            out.files.append(replace(result, archived_as=f"archive/{archived[rel]}"))
        else:
            out.files.append(retry(result, failed.get(rel, "not archived")))


def ingest_conformant(paths: ProjectPaths, items: list[Classified], when: datetime, progress: Progress | None = None,
                      while_writing: Callable[[Sequence[Written]], None] | None = None) -> Ingested:
    """Copy every conformant page into the wiki and archive its original.

    `while_writing` is called on this thread with each slice of pages written (or
    not: see each result), while the writer threads go on with the next: CPU work on
    pages the batch holds anyway (the query index's) fills the time this thread would
    spend waiting."""
    out = Ingested()
    count = 0

    def written(part: Sequence[Written]) -> None:
        nonlocal count
        count += len(part)
        if progress:
            progress(count, len(items), part[-1].item.entry.rel)
        if while_writing is not None:
            while_writing(part)

    with writer_pool() as pool:
        for group in _rounds(items, when):
            pages = map_in_slices(pool, lambda item: _write(paths, item, when), group, done=written,
                                  folder=lambda item: (item.result.page or "").rpartition("/")[0])
            _archive(paths, pool, pages, when, out)
    return out
