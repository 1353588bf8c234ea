"""The query index on disk, and keeping it true to the pages in `wiki/`.

Persisted form: one uncompressed `.npz` (`.wikid/query-index.npz`) holding the
arrays of wikid.query.index, the vocabulary as one UTF-8 blob (terms never contain a
newline), each page's SHA-256 and stat signature, and a small JSON manifest (ids,
titles, types, conflict flags). One file, replaced atomically, so a reader never
sees half an index; it loads with numpy alone (no scipy, no scikit-learn: the query
process must start fast). An unreadable or foreign file is treated as missing.

Freshness is decided by content hash. Every query walks the wiki (a stat per page);
a page whose stat signature - size, mtime, ctime, inode - still matches the one
recorded when its bytes were hashed is not read again, any other page is re-hashed
and re-indexed only if its SHA-256 changed. So `touch` re-indexes nothing, and an
edit that keeps size and mtime (`cp -p`, `rsync -t`, an editor restoring the time)
is still caught: the kernel sets ctime on every write and no tool can set it back.
A signature is only trusted when the file's ctime is older than RACY_NS at hashing
time, so a second write within the filesystem's timestamp granularity is never
missed (git's "racily clean" rule). Reading and hashing every page on every query
instead costs 17-26 us a page (0.2 s at 10,000 pages, measured: as much as the rest
of a cold query) for no more safety.

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
import io
import json
import os
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from wikid.fsio import atomic_replace, read_regular
from wikid.okf.bundle import walk_bundle
from wikid.okf.concept_id import RESERVED_DIRS
from wikid.query.document import chunk_rows, open_conflict, read_page, term_weights
from wikid.query.index import (IndexedPage, PageRecord, QueryIndex, Signature, Source, apply_changes,
                               empty_index)

# Bump whenever the layout, the tokenizer, the field weights or the chunking change: a
# stored index built another way is then rebuilt, since no content hash would tell it is stale.
FORMAT = 2
RACY_NS = 2_000_000_000
CHUNK_ROWS = 20_000
# About 150,000 words, a 500-page book: the rest of a longer text is not searched. It
# bounds the time one page takes to index (tokenizing runs at ~4 MB/s).
MAX_SOURCE_CHARS = 1_000_000
SourceRows = Callable[[str], list[tuple[dict[str, float], int]] | None]  # path -> (vector, end) per chunk


def save(path: Path, index: QueryIndex) -> None:
    """Write `index` to `path` atomically."""
    manifest = {
        "format": FORMAT,
        "ids": index.ids,
        "titles": [r.title for r in index.records],
        "types": [r.type for r in index.records],
        "conflict": [r.conflict for r in index.records],
        "sources": [[list(s) for s in r.sources] for r in index.records],
    }
    signatures = np.array([r.signature or [-1, -1, -1, -1] for r in index.records], np.int64).reshape(-1, 4)
    buffer = io.BytesIO()
    np.savez(
        buffer,
        manifest=np.frombuffer(json.dumps(manifest, ensure_ascii=False).encode(), np.uint8),
        terms=np.frombuffer("\n".join(index.terms).encode(), np.uint8),
        sha256=np.frombuffer(b"".join(r.sha256 for r in index.records), np.uint8),
        signatures=signatures,
        indptr=index.indptr, rows=index.rows, tf=index.tf, starts=index.starts, ends=index.ends, idf=index.idf,
        norms=index.norms,
    )
    atomic_replace(path, buffer.getvalue())


def load(path: Path) -> QueryIndex | None:
    """The index stored at `path`, or None when there is none that this wikid can read."""
    try:
        with np.load(path) as data:
            manifest = json.loads(data["manifest"].tobytes())
            if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
                return None
            blob = data["terms"].tobytes().decode()
            sha = data["sha256"].tobytes()
            signatures = data["signatures"].tolist()
            arrays = {k: data[k] for k in ("indptr", "rows", "tf", "starts", "ends", "idf", "norms")}
    except Exception:  # a cache: whatever cannot be read (truncated, foreign, corrupt) is rebuilt
        return None
    signatures = [s if s[0] >= 0 else None for s in signatures]
    hashes = [sha[at : at + 32] for at in range(0, len(sha), 32)]
    sources = [tuple(Source._make(s) for s in cited) if cited else () for cited in manifest["sources"]]
    columns = (manifest["ids"], manifest["titles"], manifest["types"], manifest["conflict"], hashes, signatures,
               sources)
    records = list(map(PageRecord._make, zip(*columns)))
    row_doc = np.repeat(np.arange(len(records), dtype=np.int32), np.diff(arrays["starts"]))
    return QueryIndex(records, list(manifest["ids"]), blob.split("\n") if blob else [], row_doc=row_doc, **arrays)


def _signature(st: os.stat_result) -> Signature:
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def vouching_signature(st: os.stat_result, now_ns: int) -> Signature | None:
    """The signature to record for bytes just hashed: None while the file is too recent
    for its timestamps to tell a later write within the same clock tick apart."""
    return _signature(st) if max(st.st_mtime_ns, st.st_ctime_ns) < now_ns - RACY_NS else None


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
               rows_of: SourceRows) -> IndexedPage:
    """Parse and weigh one page's bytes, and the texts of the sources it cites."""
    page = read_page(concept_id, data.decode("utf-8", "replace"))
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
            found[concept_id] = _signature(st)
    return found


def refresh(index: QueryIndex, wiki: Path, scope: Iterable[str] | None = None) -> tuple[QueryIndex, bool]:
    """`index` brought up to date with the pages on disk, and whether anything was updated.

    With `scope` (concept ids the caller saw change), only those pages are looked at;
    otherwise the whole wiki is walked. Pages that cannot be read drop out of the index.
    A page is also re-indexed when a source text it could not read then is there now.
    Parsed pages are merged in every CHUNK_ROWS rows, so a build never holds the term
    dictionaries of the whole wiki at once.
    """
    scope = None if scope is None else set(scope)
    current = _current(wiki, scope)
    now_ns = time.time_ns()
    records = dict(zip(index.ids, index.records))
    candidates = records.keys() if scope is None else scope & records.keys()
    removed = {i for i in candidates if i not in current}
    pages: list[IndexedPage] = []
    pending_rows = 0
    resigned: list[PageRecord] = []
    changed = False
    rows_of = source_rows(wiki)
    for concept_id, signature in current.items():
        known = records.get(concept_id)
        retry = known is not None and _unread_now_there(wiki, known)
        if known is not None and known.signature == signature and not retry:
            continue
        try:
            data, st = read_regular(wiki / f"{concept_id}.md")
        except OSError:
            if known is not None:
                removed.add(concept_id)
            continue
        digest, signature = hashlib.sha256(data).digest(), vouching_signature(st, now_ns)
        if known is None or known.sha256 != digest or retry:
            pages.append(index_page(concept_id, data, digest, signature, rows_of))
            pending_rows += len(pages[-1].vectors)
            if pending_rows >= CHUNK_ROWS:
                index, pages, removed, changed = apply_changes(index, removed, pages), [], set(), True
                pending_rows, rows_of = 0, source_rows(wiki)
        elif known.signature != signature:
            resigned.append(known._replace(signature=signature))
    if pages or removed:
        index, changed = apply_changes(index, removed, pages), True
    if resigned:
        index, changed = index.with_records(resigned), True
    return index, changed


def build(wiki: Path) -> QueryIndex:
    """A new index of every concept page in `wiki` (what `wikid reindex` writes)."""
    return refresh(empty_index(), wiki)[0]


def fresh_index(path: Path, wiki: Path) -> QueryIndex:
    """The stored index brought up to date, and stored again when it changed.

    Storing is best effort: a reader without write access to `.wikid/` still gets
    a correct answer, only the next query repeats the refresh.
    """
    index = load(path) or empty_index()
    index, changed = refresh(index, wiki)
    if changed:
        try:
            save(path, index)
        except OSError:
            pass
    return index
