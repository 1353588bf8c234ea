"""The query index on disk: a QueryIndex written as one index file, read back whole or mapped.

`save` writes the arrays of wikid.query.index in compact dtypes (wikid.query.indexfile):
postings as int32 rows and a one- or two-byte code per tf (a tf is 1 + ln(count), so
the few distinct values go in a table: 5 bytes a posting instead of 12), chunk ends
as uint32 (a chunk ends within the first MAX_SOURCE_CHARS, a million, of its text),
and every string (terms, concept ids, titles, sources) as a StringTable.
The header names a random `generation`, which changes with every save: the change
journal (wikid.query.journal) says which generation it extends.

Two ways to read it:

* `open_index` maps the file: a `MappedIndex` answers a query reading only the
  postings of the query's terms, the records of the pages it shows and a few
  per-row numbers, so opening it costs the same at 1,000 pages as at 1,000,000
  (a query over the whole `.npz` this replaced loaded 275 MB at 100,000 pages).
* `load` decodes it whole into a QueryIndex, which a refresh changes.

A file of another FORMAT, or none at all, is treated as missing and rebuilt.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, overload

import numpy as np

from wikid.query import indexfile
from wikid.query.index import PageRecord, QueryIndex, Signature, Source, find
from wikid.query.indexfile import MappedFile, StringTable, encode_strings

# Bump whenever the layout, the tokenizer, the field weights or the chunking change: a
# stored index built another way is then rebuilt, since no content hash would tell it is stale.
FORMAT = 3
# The file format 2 wrote; the first save in format 3 removes it.
LEGACY_NAME = "query-index.npz"


def _smallest_uint(largest: int) -> type[np.unsignedinteger[Any]]:
    return next(t for t in (np.uint8, np.uint16, np.uint32, np.uint64) if largest <= np.iinfo(t).max)


def _tf_codes(tf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(code per posting, value per code). Every tf is 1 + ln(count) of a whole count, so
    the values are few: they are numbered by count, and the table is taken from the tf
    values themselves, so it gives each back bit for bit (checked; np.unique would do
    the same in 1.1 s at 6.8 million postings, this in 0.1 s)."""
    counts = np.rint(np.exp(tf - 1.0)).astype(np.int64)
    present = np.flatnonzero(np.bincount(counts))
    rank = np.zeros(int(present[-1]) + 1 if len(present) else 0, np.int64)
    rank[present] = np.arange(len(present))
    codes = rank[counts].astype(_smallest_uint(max(len(present) - 1, 0)))
    values = np.zeros(len(present), np.float64)
    values[codes] = tf
    if values[codes].tobytes() != tf.tobytes():
        raise ValueError("two tf values for one count: a tf is not 1 + ln(count)")
    return codes, values


def _strings(name: str, strings: Sequence[str]) -> dict[str, np.ndarray]:
    data, offsets = encode_strings(strings)
    return {f"{name}_data": data, f"{name}_at": offsets}


def save(path: Path, index: QueryIndex) -> str:
    """Write `index` to `path` atomically, under a new generation; return the generation."""
    records = index.records
    types = sorted({r.type for r in records if r.type is not None})
    type_code = {t: n for n, t in enumerate(types, 1)}
    sources = [s for r in records for s in r.sources]
    src_at = np.zeros(len(records) + 1, np.int64)
    np.cumsum([len(r.sources) for r in records], out=src_at[1:])
    codes, values = _tf_codes(index.tf)
    arrays = {
        **_strings("terms", index.terms), "indptr": index.indptr, "idf": index.idf,
        "rows": index.rows, "tf_code": codes, "tf_values": values,
        "norms": index.norms, "ends": index.ends.astype(np.uint32), "row_doc": index.row_doc,
        "starts": index.starts,
        **_strings("ids", index.ids), **_strings("titles", [r.title for r in records]),
        "type_code": np.array([type_code.get(r.type, 0) if r.type else 0 for r in records], _smallest_uint(len(types))),
        "conflict": np.array([r.conflict for r in records], np.uint8),
        "sha256": np.frombuffer(b"".join(r.sha256 for r in records), np.uint8).reshape(-1, 32),
        "signatures": np.array([r.signature or [-1, -1, -1, -1] for r in records], np.int64).reshape(-1, 4),
        "src_at": src_at,
        **_strings("src_id", [s.id for s in sources]), **_strings("src_title", [s.title for s in sources]),
        **_strings("src_path", [s.path for s in sources]),
        "src_chunks": np.array([-1 if s.chunks is None else s.chunks for s in sources], np.int64),
    }
    meta = {"format": FORMAT, "generation": os.urandom(12).hex(), "types": types}
    indexfile.write(path, meta, arrays)
    path.with_name(LEGACY_NAME).unlink(missing_ok=True)
    return str(meta["generation"])


class _Records(Sequence[PageRecord]):
    """The pages' records, each built when asked for: a query shows ten of them."""

    def __init__(self, index: MappedIndex) -> None:
        self._index = index

    def __len__(self) -> int:
        return len(self._index)

    @overload
    def __getitem__(self, doc: int) -> PageRecord: ...

    @overload
    def __getitem__(self, doc: slice) -> list[PageRecord]: ...

    def __getitem__(self, doc: int | slice) -> PageRecord | list[PageRecord]:
        if isinstance(doc, slice):
            return [self[d] for d in range(*doc.indices(len(self)))]
        if not -len(self) <= doc < len(self):
            raise IndexError(doc)
        return self._index.record(doc % len(self))


class MappedIndex:
    """The stored index, mapped: what a query reads (wikid.query.index.Searchable), and
    what a freshness check compares with the pages on disk (ids, signatures)."""

    def __init__(self, file: MappedFile) -> None:
        meta, array = file.meta, file.array
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise ValueError("an index of another format")
        self.generation: str = meta["generation"]
        self._types: list[str | None] = [None, *meta["types"]]
        self.terms = StringTable(array("terms_data"), array("terms_at"))
        self.ids = StringTable(array("ids_data"), array("ids_at"))
        self.indptr, self.idf, self.rows = array("indptr"), array("idf"), array("rows")
        self._tf_code, self._tf_values = array("tf_code"), array("tf_values")
        self.norms, self.ends, self.row_doc = array("norms"), array("ends"), array("row_doc")
        self.starts = array("starts")
        self._titles = StringTable(array("titles_data"), array("titles_at"))
        self.type_code, self.conflict = array("type_code"), array("conflict")
        self.sha256, self.signatures = array("sha256"), array("signatures")
        self._src_at = array("src_at")
        self._src_id = StringTable(array("src_id_data"), array("src_id_at"))
        self._src_title = StringTable(array("src_title_data"), array("src_title_at"))
        self._src_path = StringTable(array("src_path_data"), array("src_path_at"))
        self._src_chunks = array("src_chunks")
        self.records = _Records(self)
        if not (len(self.ids) == len(self._titles) == len(self.type_code) == len(self.starts) - 1
                and len(self.indptr) == len(self.terms) + 1 and len(self.rows) == len(self._tf_code)):
            raise ValueError("the index file's arrays do not agree")

    def __len__(self) -> int:
        return len(self.ids)

    def term_id(self, term: str) -> int | None:
        return find(self.terms, term)

    def postings(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        start, end = self.indptr[tid], self.indptr[tid + 1]
        return self.rows[start:end], self._tf_values[self._tf_code[start:end]]

    def page_types(self, pages: Iterable[int]) -> list[str | None]:
        return [self._types[int(c)] for c in self.type_code[np.fromiter(pages, np.int64)]]

    def signature(self, doc: int) -> Signature | None:
        signature = self.signatures[doc].tolist()
        return signature if signature[0] >= 0 else None

    def sources(self, doc: int) -> tuple[Source, ...]:
        return tuple(Source(self._src_id[s], self._src_title[s], self._src_path[s],
                            None if (chunks := int(self._src_chunks[s])) < 0 else chunks)
                     for s in range(int(self._src_at[doc]), int(self._src_at[doc + 1])))

    def docs_with_unread_sources(self) -> list[int]:
        """The pages citing a source text that could not be read when they were indexed."""
        unread = np.flatnonzero(self._src_chunks < 0)
        docs = np.searchsorted(self._src_at, unread, side="right") - 1
        # Ascending already: each page once without np.unique, whose first call imports
        # numpy.ma (11 ms of a cold query's ~200).
        once: list[int] = docs[np.diff(docs, prepend=-1) != 0].tolist()
        return once

    def pages_in(self, folder: str, nested: bool = False) -> dict[str, int]:
        """The stored pages directly in `folder` ("" the wiki's root), or with `nested` at
        any depth below it, and their numbers; the ids outside it are not decoded."""
        start, stop = 0, len(self.ids)
        if folder:  # ids are sorted, and "0" follows "/": folder/... lies in one run
            start, stop = bisect_left(self.ids, f"{folder}/"), bisect_left(self.ids, f"{folder}0")
        if stop <= start:
            return {}
        docs: Iterable[int] = range(start, stop)
        if not nested:
            depth = folder.count("/") + 1 if folder else 0
            docs = (start + np.flatnonzero(self.ids.occurrences("/", start, stop) == depth)).tolist()
        return {self.ids[d]: d for d in docs}

    def record(self, doc: int) -> PageRecord:
        return PageRecord(self.ids[doc], self._titles[doc], self._types[int(self.type_code[doc])],
                          bool(self.conflict[doc]), self.sha256[doc].tobytes(), self.signature(doc),
                          self.sources(doc))

    def materialize(self) -> QueryIndex:
        """The whole index in memory, as a refresh changes it."""
        ids = self.ids.tolist()
        chunks = [None if c < 0 else c for c in self._src_chunks.tolist()]
        all_sources = [Source(*s) for s in zip(self._src_id, self._src_title, self._src_path, chunks, strict=False)]
        src_at = self._src_at.tolist()
        types = [self._types[c] for c in self.type_code.tolist()]
        sha = self.sha256.tobytes()
        signatures = [s if s[0] >= 0 else None for s in self.signatures.tolist()]
        records = [PageRecord(i, title, kind, bool(conflict), sha[32 * d : 32 * d + 32], signature,
                              tuple(all_sources[src_at[d] : src_at[d + 1]]))
                   for d, (i, title, kind, conflict, signature)
                   in enumerate(zip(ids, self._titles, types, self.conflict.tolist(), signatures, strict=False))]
        tf = self._tf_values[self._tf_code]
        return QueryIndex(records, ids, self.terms.tolist(), self.indptr.copy(), self.rows.copy(), tf,
                          self.starts.copy(), self.ends.astype(np.int64), self.idf.copy(), self.norms.copy(),
                          self.row_doc.copy())


def open_index(path: Path) -> MappedIndex | None:
    """The index stored at `path`, mapped, or None when there is none that this wikid can read."""
    try:
        return MappedIndex(indexfile.open_file(path))
    except Exception:  # noqa: BLE001 - a cache: whatever cannot be read (missing, truncated, foreign, corrupt) is rebuilt
        return None


def load(path: Path) -> QueryIndex | None:
    """The index stored at `path`, whole in memory, or None when there is none that this wikid can read."""
    mapped = open_index(path)
    if mapped is None:
        return None
    try:
        return mapped.materialize()
    except Exception:  # noqa: BLE001 - e.g. a file cut short after its header: rebuilt like any unreadable one
        return None
