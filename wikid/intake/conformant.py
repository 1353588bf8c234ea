"""Conformant intake (design §2.3): OKF pages are copied byte for byte, no model.

A page starts being written (temp file, fsync, link or exchange) on the writer
threads as soon as it is classified, while the batch goes on classifying the rest:
parsing then overlaps the fsyncs, which bound a batch of small pages. Once every page
is written, their directories are fsynced, and only then are the originals archived
(I2).

A page whose path, or whose previous version's archive names, it shares with a page
added earlier (`a.md` and `a.MD`: one `archive_family`) waits for a later round: it is
written after the earlier one is written and archived, so nothing is lost and every
archive name is the one a serial run would take.

Each page written is read back once (its bytes only: the frontmatter was parsed at
classification), so that index.md regeneration and the batch's lint use that parse
instead of reading and parsing the page again (`KnownPage`).
"""

from __future__ import annotations

import os
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from wikid.fsio import fsync_dir, read_regular
from wikid.intake.archive import ArchiveRequest, archive_inputs, fingerprint
from wikid.intake.classify import Bucket, Classification, Reason
from wikid.intake.naming import archive_family
from wikid.intake.pagewrite import PageBlocked, put_page
from wikid.intake.report import Action, FileResult
from wikid.intake.scan import InputEntry
from wikid.intake.writers import PER_TASK, collect, map_in_slices, submit_slice
from wikid.okf.bundle import KnownPage, signature
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
    """What conformant intake did: a result per input, and the pages it left in the
    wiki as it wrote them (page path -> bytes, parsed frontmatter, file signature)."""

    files: list[FileResult] = field(default_factory=list)
    pages: dict[str, KnownPage] = field(default_factory=dict)


Written = tuple[Classified, FileResult, KnownPage | None]


def retry(result: FileResult, message: str) -> FileResult:
    return replace(result, action=Action.RETRY, reason=Reason.IO_FAILED, message=message)


def _read_back(dest: Path, item: Classified) -> KnownPage | None:
    """The page as the batch left it; None if it no longer holds the bytes written
    (someone edited it already: later stages read it from disk)."""
    try:
        data, st = read_regular(dest)
    except OSError:
        return None
    if data != item.data or item.result.frontmatter is None:
        return None
    return KnownPage(item.data, item.result.frontmatter, signature(st))


class ConformantIntake:
    """Conformant intake of one batch: `add` each conformant page as it is classified,
    then `finish`. `pool` runs the writes (see wikid.intake.writers)."""

    def __init__(self, paths: ProjectPaths, when: datetime, pool: Executor) -> None:
        self.paths = paths
        self.when = when
        self.pool = pool
        self._rounds: list[list[Classified]] = []
        self._last_round: dict[str, int] = {}  # archive family of a page -> the last round holding one
        self._slice: list[Classified] = []  # the first round's pages not yet handed to the pool
        self._writing: list[Future[list[Written]]] = []

    def add(self, item: Classified) -> None:
        """Start writing `item`'s page, unless it must wait for a later round."""
        family = archive_family(item.result.page or "", self.when)
        n = self._last_round.get(family, -1) + 1
        self._last_round[family] = n
        if n == len(self._rounds):
            self._rounds.append([])
        self._rounds[n].append(item)
        if n == 0:
            self._slice.append(item)
            if len(self._slice) == PER_TASK:
                self._hand_over()

    def _hand_over(self) -> None:
        if self._slice:
            self._writing.append(submit_slice(self.pool, self._write, self._slice))
            self._slice = []

    def finish(self) -> Ingested:
        """Wait for the pages, make them durable, archive their originals; then the same
        for each later round."""
        self._hand_over()
        out = Ingested()
        for n, items in enumerate(self._rounds):
            if n == 0:
                written = [w for chunk in collect(self._writing) for w in chunk]
            else:
                written = map_in_slices(self.pool, self._write, items)
            self._archive(written, out)
        return out

    def _write(self, item: Classified) -> Written:
        page = item.result.page or ""
        base = FileResult(item.entry.rel, Bucket.CONFORMANT, Action.CREATED, page=page)
        try:
            put = put_page(self.paths.wiki, self.paths.archive, page, item.data, self.when)
        except PageBlocked as exc:
            return item, retry(base, str(exc)), None
        except OSError as exc:
            return item, retry(base, f"could not write wiki/{page}: {exc.strerror or exc}"), None
        result = replace(base, action=put.action, message=_MESSAGES[put.action],
                         previous_archived_as=put.previous_archived_as)
        return item, result, _read_back(self.paths.wiki / page, item)

    def _archive(self, written: list[Written], out: Ingested) -> None:
        """Fsync the written pages' directories, then archive their originals (I2)."""
        done: dict[str, tuple[Classified, FileResult]] = {}
        for item, result, page in written:
            if result.action == Action.RETRY:
                out.files.append(result)
                continue
            done[item.entry.rel] = (item, result)
            if page is not None and result.page:
                out.pages[result.page] = page
        folders = {(result.page or "").rpartition("/")[0] for _, result in done.values()}
        map_in_slices(self.pool, fsync_dir, sorted(self.paths.wiki / folder for folder in folders), per_task=1)
        requests = [ArchiveRequest(item.entry.rel, item.entry.path, fingerprint(item.stat))
                    for item, _ in done.values() if item.stat is not None]
        archived, failed = archive_inputs(self.paths.archive, requests, self.when, self.pool)
        for rel, (_, result) in done.items():
            if rel in archived:
                out.files.append(replace(result, archived_as=f"archive/{archived[rel]}"))
            else:
                out.files.append(retry(result, failed.get(rel, "not archived")))
