"""Keeping the query index true to the pages in `wiki/`: the freshness check and the refresh.

The index is stored as one file (wikid.query.stored: compact arrays a query maps
rather than loads). Freshness is decided by content hash. A page whose stat
signature - size, mtime, ctime, inode - still matches the one recorded when its
bytes were hashed is not read again, any other page is re-hashed and re-indexed
only if its SHA-256 changed. So `touch` re-indexes nothing, and an edit that keeps
size and mtime (`cp -p`, `rsync -t`, an editor restoring the time) is still caught:
the kernel sets ctime on every write and no tool can set it back. A signature is
only trusted when the file's ctime is older than RACY_NS at hashing time, so a
second write within the filesystem's timestamp granularity is never missed (git's
"racily clean" rule). Reading and hashing every page on every query instead costs
17-26 us a page (0.2 s at 10,000 pages, measured: as much as the rest of a cold
query) for no more safety.

Which pages to look at (`fresh_index`: what a batch, and a `wikid query` the daemon
does not answer, do):

* After a batch, the pipeline names the pages it wrote, moved and removed (`pages`):
  the refresh re-checks those, not the whole wiki.
* While `wikid watch` runs with inotify, its watcher sees every change to wiki/ and
  the daemon writes it to the change journal (wikid.query.journal) as it takes it
  into its own index. A query that finds the journal vouched for (its lock held by
  the daemon) and naming the stored generation stats only the pages the journal
  names: none when nothing changed, whatever the size of the wiki.
* Otherwise - no daemon, or one that lost events - a query checks the wiki by its
  folders (wikid.query.folders): one lstat a folder, and a listing of those whose
  signature changed, which shows every page added, removed, renamed or saved by a
  rename; then it checks the pages it is about to show (`stale_pages`), which
  catches a page rewritten in place. Statting every page instead (a walk: ~2.5 us of
  kernel time a page on the 2-CPU development machine, 0.65 s with Python's share
  at 100,000 pages, 4-8x `import numpy`) is what a query did before; it is left
  to the first query after the index was stored by another process (the folders'
  record then names another generation) and to `wikid serve`'s check in the
  background. Only when a page differs is the stored index decoded whole,
  refreshed and stored again.

A page's rows include its sources' archived texts, read when the page is indexed.
Archived files are never overwritten, so the page's bytes are all that decides
whether its entry is stale - with one exception: a text that could not be read then
(not yet there, say) is recorded as unread, and every refresh re-indexes the page
once the file exists. Only `archive/` paths are read (document.archive_text_path),
through no symbolic link, at most MAX_SOURCE_CHARS characters each. (A text deleted
from the archive stays indexed until its page changes or `wikid reindex` runs.)
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path

from wikid.fsio import read_regular
from wikid.okf.bundle import signature as page_signature
from wikid.okf.bundle import walk_bundle
from wikid.okf.concept_id import RESERVED_DIRS
from wikid.okf.frontmatter import Frontmatter
from wikid.query import folders, journal
from wikid.query.document import chunk_rows, open_conflict, read_page, term_weights
from wikid.query.index import (
    IndexedPage,
    PageRecord,
    QueryIndex,
    Searchable,
    Signature,
    Source,
    apply_changes,
    empty_index,
    find,
    merged,
)
from wikid.query.stored import MappedIndex, open_index, save
from wikid.query.stored import load as load  # the stored index whole: store.load, as before the file was mapped

RACY_NS = 2_000_000_000
CHUNK_ROWS = 20_000
SIGNATURE_BLOCK = 65_536
# About 150,000 words, a 500-page book: the rest of a longer text is not searched. It
# bounds the time one page takes to index (tokenizing runs at ~4 MB/s).
MAX_SOURCE_CHARS = 1_000_000
SourceRows = Callable[[str], list[tuple[dict[str, float], int]] | None]  # path -> (vector, end) per chunk


def vouching_signature(signature: Signature, now_ns: int) -> Signature | None:
    """The signature to record for bytes just hashed: None while the file is too recent
    for its timestamps to tell a later write within the same clock tick apart."""
    return signature if max(signature[1], signature[2]) < now_ns - RACY_NS else None


def source_file(wiki: Path, path: str) -> Path | None:
    """wiki/`path` if it is a regular file reached through directories, not links."""
    parts = path.split("/")
    try:
        if all(stat.S_ISDIR(os.lstat(wiki.joinpath(*parts[:n])).st_mode) for n in range(1, len(parts))):
            target = wiki.joinpath(*parts)
            return target if stat.S_ISREG(os.lstat(target).st_mode) else None
    except OSError:
        pass
    return None


def read_source(wiki: Path, path: str) -> str | None:
    """The first MAX_SOURCE_CHARS characters of the archived text wiki/`path`, or None
    when it is not a regular file reached without links (or cannot be read)."""
    target = source_file(wiki, path)
    if target is None:
        return None
    try:
        data, _ = read_regular(target, max_bytes=4 * MAX_SOURCE_CHARS)  # UTF-8: at most 4 bytes a character
    except OSError:
        return None
    return data[: 4 * MAX_SOURCE_CHARS].decode("utf-8", "replace")[:MAX_SOURCE_CHARS]


def source_rows(wiki: Path) -> SourceRows:
    """The chunk rows of an archived text (None: unreadable); a text cited by several
    pages is read once per `source_rows` (one per merge of a refresh, to bound memory)."""
    memo: dict[str, list[tuple[dict[str, float], int]] | None] = {}

    def rows(path: str) -> list[tuple[dict[str, float], int]] | None:
        if path not in memo:
            text = read_source(wiki, path)
            memo[path] = None if text is None else chunk_rows(text)
        return memo[path]

    return rows


def index_page(concept_id: str, data: bytes, sha256: bytes, signature: Signature | None,
               rows_of: SourceRows, parsed: Frontmatter | None = None) -> IndexedPage:
    """Parse and weigh one page's bytes (`parsed`: their frontmatter, when the caller
    parsed it already), and the texts of the sources it cites."""
    page = read_page(concept_id, data.decode("utf-8", "replace"), parsed)
    vectors, ends = [term_weights(concept_id, page)], [0]
    sources = []
    for cited in page.sources:
        rows = rows_of(cited.path)
        sources.append(Source(*cited, None if rows is None else len(rows)))
        vectors += [vector for vector, _ in rows or ()]
        ends += [end for _, end in rows or ()]
    record = PageRecord(concept_id, page.title, page.type, open_conflict(page.body), sha256, signature,
                        tuple(sources))
    return IndexedPage(record, vectors, ends)


class PreparedPages:
    """Pages a batch is writing, weighed for the index while the batch waits for their
    fsyncs (the writer threads spend most of a conformant batch in the kernel), so that
    the refresh after the batch only checks that each page on disk still holds those
    bytes: that it still has the signature it was written with (then it is not read
    back), else that its bytes hash the same. The page's frontmatter parsed at
    classification is used, not parsed again."""

    def __init__(self, wiki: Path) -> None:
        self.rows_of = source_rows(wiki)
        self.pages: dict[str, IndexedPage] = {}

    def add(self, concept_id: str, data: bytes, parsed: Frontmatter | None = None,
            written: Signature | None = None) -> None:
        """Weigh the page `concept_id` holding `data`; `written`: its signature right
        after it was written (the record keeps it until the refresh signs the page)."""
        self.pages[concept_id] = index_page(concept_id, data, hashlib.sha256(data).digest(), written, self.rows_of,
                                            parsed)


def _unread_now_there(wiki: Path, record: PageRecord) -> bool:
    """Whether a source text that could not be read when `record` was indexed is readable now."""
    for source in record.sources:
        if source.chunks is None and (target := source_file(wiki, source.path)) and os.access(target, os.R_OK):
            return True
    return False


def _current(wiki: Path, scope: Iterable[str] | None) -> dict[str, Signature]:
    """Signatures of the concept pages on disk (only those named in `scope`, if given)."""
    if scope is None:
        return walk_bundle(wiki).concepts
    found: dict[str, Signature] = {}
    for concept_id in scope:
        parts = concept_id.split("/")
        if parts[0] in RESERVED_DIRS or parts[-1] in ("index", "log") or any(p.startswith(".") for p in parts):
            continue
        path = wiki / f"{concept_id}.md"
        try:
            st = os.lstat(path)
        except OSError:
            continue
        linked_dir = any(wiki.joinpath(*parts[:n]).is_symlink() for n in range(1, len(parts)))
        if stat.S_ISREG(st.st_mode) and not linked_dir:  # walk_bundle follows no links either
            found[concept_id] = page_signature(st)
    return found


def refresh(index: QueryIndex, wiki: Path, scope: Iterable[str] | None = None,
            current: dict[str, Signature] | None = None,
            prepared: Mapping[str, IndexedPage] | None = None) -> tuple[QueryIndex, bool]:
    """`index` brought up to date with the pages on disk, and whether anything was updated.

    With `scope` (concept ids the caller saw change), only those pages are looked at;
    otherwise the whole wiki is walked - unless the caller walked already and passes
    the signatures it found (`current`). Pages that cannot be read drop out of the
    index. A page is also re-indexed when a source text it could not read then is
    there now. Every CHUNK_ROWS rows, the pages parsed so far become an index of their
    own, and those are merged with `index` once, at the end (index.merged): a build
    never holds the term dictionaries of the whole wiki at once, and does not rewrite
    the growing index once per chunk either (which made a batch's refresh
    quadratic: ~50 s of a 100,000-document update). A page of `prepared`
    (PreparedPages) that still holds the bytes it was weighed from is not weighed again.
    """
    prepared = prepared or {}
    scope = None if scope is None else set(scope)
    current = _current(wiki, scope) if current is None else current
    now_ns = time.time_ns()
    records = dict(zip(index.ids, index.records, strict=False))
    candidates = records.keys() if scope is None else scope & records.keys()
    removed = {i for i in candidates if i not in current}
    pages: list[IndexedPage] = []
    chunks: list[QueryIndex] = []
    pending_rows = 0
    resigned: list[PageRecord] = []
    changed = False
    rows_of = source_rows(wiki)
    signature: Signature | None
    for concept_id, signature in current.items():
        known = records.get(concept_id)
        retry = known is not None and _unread_now_there(wiki, known)
        if known is not None and known.signature == signature and not retry:
            continue
        ready = prepared.get(concept_id)
        if ready is not None and ready.record.signature == signature and not retry:
            # As the batch wrote it: not read back; its digest is the weighed page's, so
            # the page is taken as weighed below and its bytes are not needed.
            digest, signature = ready.record.sha256, vouching_signature(signature, now_ns)
        else:
            try:
                data, st = read_regular(wiki / f"{concept_id}.md")
            except OSError:
                if known is not None:
                    removed.add(concept_id)
                continue
            digest, signature = hashlib.sha256(data).digest(), vouching_signature(page_signature(st), now_ns)
        if known is None or known.sha256 != digest or retry:
            if ready is not None and ready.record.sha256 == digest and not retry:
                pages.append(IndexedPage(ready.record._replace(signature=signature), ready.vectors, ready.ends))
            else:
                pages.append(index_page(concept_id, data, digest, signature, rows_of))
            pending_rows += len(pages[-1].vectors)
            if pending_rows >= CHUNK_ROWS:
                chunks.append(apply_changes(empty_index(), (), pages))
                pages, pending_rows, rows_of = [], 0, source_rows(wiki)
        elif known.signature != signature:
            resigned.append(known._replace(signature=signature))
    if chunks:  # the pages of the chunks leave `index` first, as replaced pages do
        weighed = {concept_id for chunk in chunks for concept_id in chunk.ids}
        index, changed = merged([apply_changes(index, removed | weighed, pages), *chunks]), True
    elif pages or removed:
        index, changed = apply_changes(index, removed, pages), True
    if resigned:
        index, changed = index.with_records(resigned), True
    return index, changed


def build(wiki: Path) -> QueryIndex:
    """A new index of every concept page in `wiki` (what `wikid reindex` writes)."""
    return refresh(empty_index(), wiki)[0]


def _same_bytes(wiki: Path, record: PageRecord) -> bool:
    """Whether the page of `record` still holds the bytes it was indexed from (read and hashed)."""
    try:
        data, _ = read_regular(wiki / f"{record.id}.md")
    except OSError:
        return False
    return hashlib.sha256(data).digest() == record.sha256


def _as_stored(stored: MappedIndex, wiki: Path, current: dict[str, Signature],
               scope: Mapping[str, int | None] | None) -> bool:
    """Whether `stored` holds exactly the pages of `current` (those of `scope`, each
    mapped to its number in `stored` or None, if given), each as it is now, and no page
    of it has a source text it could not read that is there now: then nothing needs
    refreshing.

    A page is as stored when its signature is the one recorded when it was hashed, or -
    for a page written too recently to be signed then, as a batch's pages are - when
    its bytes hash the same. A page signed once whose signature changed is not: it is
    refreshed, and the index stored again with its new signature, once, not re-hashed
    on every query.
    """
    differing: list[int] = []
    if scope is None:
        found = [current.get(i) for i in stored.ids]
        if len(current) != len(stored) or None in found:
            return False
        # Compared in blocks: one comparison in C per block when nothing changed, as
        # usual, and not a million signatures as lists at once (200 MB).
        for start in range(0, len(found), SIGNATURE_BLOCK):
            end = start + SIGNATURE_BLOCK
            was, now = stored.signatures[start:end].tolist(), found[start:end]
            if was != now:
                differing += [start + d for d, (a, b) in enumerate(zip(was, now, strict=False)) if a != b]
    else:
        for concept_id, doc in scope.items():
            if (doc is None) != (concept_id not in current):
                return False
            if doc is not None and stored.signatures[doc].tolist() != current[concept_id]:
                differing.append(doc)
    if not all(stored.signature(d) is None and _same_bytes(wiki, stored.records[d]) for d in differing):
        return False
    return not any(_unread_now_there(wiki, stored.records[d]) for d in stored.docs_with_unread_sources())


def stale_pages(index: Searchable, wiki: Path, docs: Iterable[int]) -> list[str]:
    """The pages among `docs` that no longer hold what `index` has of them: edited,
    replaced or gone. What a query checks of the pages it is about to show when it
    checked the wiki by its folders (wikid.query.folders), which do not show a page
    rewritten in place: a stat each, and a hash where the stat differs."""
    stale = []
    for doc in docs:
        record = index.records[doc]
        try:
            st = os.lstat(wiki / f"{record.id}.md")
        except OSError:
            stale.append(record.id)
            continue
        if not stat.S_ISREG(st.st_mode) or (page_signature(st) != record.signature and not _same_bytes(wiki, record)):
            stale.append(record.id)
    return stale


def _by_folders(stored: MappedIndex, wiki: Path, recorded: folders.Folders,
                now_ns: int) -> tuple[dict[str, int | None], dict[str, Signature], folders.Folders]:
    """The pages to check (each with its number in `stored`, or None), their signatures
    on disk, and the folders as found now: the pages of the folders that changed since
    `recorded`, of the folders new in them and of the folders that are gone."""
    found = folders.check(wiki, recorded)
    scope: dict[str, int | None] = {}
    for folder in found.listed.folders:
        scope.update(stored.pages_in(folder))
    for folder in found.gone:
        scope.update(stored.pages_in(folder, nested=True))
    scope.update((concept_id, None) for concept_id in found.listed.concepts.keys() - scope.keys())
    seen = {f: s for f, s in recorded.items() if f not in found.gone}
    seen.update(_signed(found.listed.folders, now_ns))
    return scope, dict(found.listed.concepts), seen


def fresh_index(path: Path, wiki: Path, journal_path: Path | None = None,
                pages: Collection[str] | None = None, prepared: PreparedPages | None = None,
                folders_path: Path | None = None) -> Searchable:
    """The stored index, checked against the pages on disk: the mapped file itself when
    it is current, else refreshed and stored again.

    Which pages are checked: `pages` when the caller names the ones it changed (a
    batch); else those the daemon's journal at `journal_path` names, when it vouches
    for the stored generation - at a cost that does not grow with the wiki -; else,
    with `folders_path`, those of the folders that changed since the record kept there
    (wikid.query.folders: a stat a folder; the caller then checks the pages it shows,
    stale_pages); else every page (a walk), after which that record is written anew.
    `prepared`: pages the batch weighed already. Storing is best effort: a reader
    without write access to `.wikid/` still gets a correct answer, only the next query
    repeats the refresh. A reader that refreshed what the journal named does not store:
    the daemon stores its own index, and a file written by anyone else would void its
    journal.
    """
    now_ns = time.time_ns()  # before any folder is listed: see _signed
    stored = open_index(path)
    index, scope, current, vouched = empty_index(), None, None, False
    recorded: folders.Folders | None = None  # the folders' record of the stored index
    seen: folders.Folders | None = None  # the folders as this check found them
    if stored is not None:
        try:
            recorded = folders.load(folders_path, stored.generation) if folders_path is not None else None
            if pages is not None:
                scope = {i: find(stored.ids, i) for i in pages}
                seen = None if recorded is None else folders.with_pages(recorded, pages)
            elif journal_path is not None and (changes := journal.vouched_changes(journal_path,
                                                                                   stored.generation)) is not None:
                scope, vouched = {i: find(stored.ids, i) for i in changes}, True
            elif recorded is not None:
                scope, current, seen = _by_folders(stored, wiki, recorded, now_ns)
            if scope is not None:
                scope.update((stored.ids[d], d) for d in stored.docs_with_unread_sources())
                current = {**_current(wiki, scope.keys() - (current or {}).keys()), **(current or {})}
            else:
                walked = walk_bundle(wiki)
                current, seen = walked.concepts, _signed(walked.folders, now_ns)
            if _as_stored(stored, wiki, current, scope):
                if folders_path is not None and seen is not None and seen != recorded:
                    folders.save(folders_path, stored.generation, seen)
                return stored
            index = stored.materialize()
        except (ValueError, UnicodeError):  # a corrupt file: rebuilt like a missing one
            index, scope, current, vouched, seen = empty_index(), None, None, False, None
    if scope is None and current is None:
        walked = walk_bundle(wiki)
        current, seen = walked.concepts, _signed(walked.folders, now_ns)
    index, changed = refresh(index, wiki, None if scope is None else scope.keys(), current,
                             prepared.pages if prepared is not None else None)
    if changed and not vouched:
        try:
            generation = save(path, index)
        except OSError:
            return index
        if folders_path is not None and seen is not None:
            folders.save(folders_path, generation, seen)
    return index


def _signed(found: folders.Folders, now_ns: int) -> folders.Folders:
    """The folders listed since `now_ns`, each with its signature where it may be
    recorded (the folder was older than the racy window then), else None."""
    return {f: s and vouching_signature(s, now_ns) for f, s in found.items()}
