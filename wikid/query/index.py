"""The query index as plain arrays, and the one function that changes it.

A document (a concept page) is one or more *rows*, each a term vector: row 0 is the
page's own text, then one row per passage chunk of each source text the page cites
(wikid.query.document.source_chunks). A long source is cut into chunks because one
vector for a whole manual drowns a fact in its length: a six-word query matches a
500-character chunk holding it far better than 50,000 characters around it
(bench/knownitem.py on realdocs: 99% of the facts found with chunks, 86% with one
vector per text).

Weights are scikit-learn's `TfidfTransformer(sublinear_tf=True, smooth_idf=True,
norm="l2")` applied to the rows' (field-weighted) counts: tf = 1 + ln(count), idf =
1 + ln((R + 1) / (df + 1)) over the R rows, every row L2-normalised, cosine per row
(tests/test_query_index.py checks the scores against scikit-learn itself). A page
scores the better of its own row's cosine and SOURCE_WEIGHT times its best source
row's (`page_scores`). The arrays are laid out for a query, which touches only the
postings of its own terms:

* `terms`   - the vocabulary, sorted (a term's id is its rank);
* `indptr`, `rows`, `tf` - postings by term (CSC): the rows holding term t are
  `rows[indptr[t]:indptr[t+1]]`, ascending, with their sublinear tf;
* `starts`  - the rows of document d are `starts[d]:starts[d+1]`, its own row first;
* `ends`    - per row, the character offset where a source row's chunk ends in its
  text (0 for a page's own row), so a snippet needs no re-chunking of the text;
* `idf` per term, `norms` per row and `row_doc` (each row's document), derived.

A query reads an index through `Searchable`: this QueryIndex in memory (the daemon's,
a refresh's), or the stored index mapped from disk (wikid.query.stored.MappedIndex),
which reads only the postings of the query's terms and the records it shows.

Documents are numbered in concept-id order, their rows follow in that order. The
state is canonical - a function of the set of documents and nothing else - so an
index refreshed page by page holds exactly the arrays a rebuild would, and scores
cannot drift (every sum runs in term order). `apply_changes` is both the incremental
refresh and the build (a build is "add every page to the empty index"). Its Python
work is O(changed rows); keeping the arrays canonical costs a few vectorised
O(postings) passes, because a new row changes R and some df, and with them every norm.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import compress
from typing import NamedTuple, Protocol

import numpy as np

Signature = list[int]  # [size, mtime_ns, ctime_ns, inode], as walk_bundle gives it

# A source passage counts half as much as the page's own text: the page is the digest
# the wiki vouches for, so it wins whenever it says the thing; a source decides where
# the page is silent. Measured on realdocs (bench/knownitem.py): 0.5 finds 99.4% of
# the facts (0.35: 98.8%, 0.25: 94.5%) and every page comes first for its own title as
# often as without sources (86.9%); 0.75 and 1.0 find no more facts and push 7-8% of
# the pages out of first place for their own title.
SOURCE_WEIGHT = 0.5


class Source(NamedTuple):
    """A source text a page cites, and how many of the page's rows it holds."""

    id: str
    title: str
    path: str  # the archived extracted text, relative to wiki/ (archive/...)
    chunks: int | None  # None: it could not be read when the page was indexed (retried on refresh)


class PageRecord(NamedTuple):
    """What results show about a page, and the content hash that says whether it changed.

    A named tuple, not a dataclass: a cold query loads one per page, and building
    10,000 frozen dataclasses alone costs 20 ms.
    """

    id: str
    title: str
    type: str | None
    conflict: bool
    sha256: bytes
    signature: Signature | None  # stat that vouches for sha256 without re-reading; None: re-hash
    sources: tuple[Source, ...] = ()  # in row order, after the page's own row


@dataclass(frozen=True)
class IndexedPage:
    record: PageRecord
    vectors: list[dict[str, float]]  # term -> sublinear tf, one per row: the page's, then its sources'
    ends: list[int]  # per row: where its chunk ends in its source text (0 for the page's own row)


@dataclass(frozen=True)
class QueryIndex:
    records: list[PageRecord]  # sorted by id; a page's position is its number
    ids: list[str]
    terms: list[str]
    indptr: np.ndarray  # int64, len(terms) + 1
    rows: np.ndarray  # int32, one per posting
    tf: np.ndarray  # float64, one per posting
    starts: np.ndarray  # int64, len(records) + 1
    ends: np.ndarray  # int64, one per row
    idf: np.ndarray  # float64, one per term
    norms: np.ndarray  # float64, one per row
    row_doc: np.ndarray  # int32, one per row

    def __len__(self) -> int:
        return len(self.ids)

    def term_id(self, term: str) -> int | None:
        return find(self.terms, term)

    def postings(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        """(rows, sublinear tf) of the rows holding term `tid`, rows ascending."""
        start, end = self.indptr[tid], self.indptr[tid + 1]
        return self.rows[start:end], self.tf[start:end]

    def page_types(self, pages: Iterable[int]) -> list[str | None]:
        return [self.records[p].type for p in pages]

    def with_records(self, records: Iterable[PageRecord]) -> QueryIndex:
        """The same index with some records replaced (same ids and rows; a re-verified signature)."""
        updated = list(self.records)
        for record in records:
            updated[bisect_left(self.ids, record.id)] = record
        return replace(self, records=updated)


class Searchable(Protocol):
    """What a query reads of an index: a QueryIndex in memory, or the stored index
    mapped from disk (wikid.query.stored.MappedIndex), which reads only what it touches."""

    # Read-only: an index is never changed in place (a refresh builds another).
    @property
    def terms(self) -> Sequence[str]: ...

    @property
    def records(self) -> Sequence[PageRecord]: ...

    @property
    def idf(self) -> np.ndarray: ...

    @property
    def norms(self) -> np.ndarray: ...

    @property
    def starts(self) -> np.ndarray: ...

    @property
    def ends(self) -> np.ndarray: ...

    @property
    def row_doc(self) -> np.ndarray: ...

    def __len__(self) -> int: ...

    def term_id(self, term: str) -> int | None: ...

    def postings(self, tid: int) -> tuple[np.ndarray, np.ndarray]: ...

    def page_types(self, pages: Iterable[int]) -> list[str | None]: ...


def find(terms: Sequence[str], term: str) -> int | None:
    """The position of `term` in the sorted `terms`, or None."""
    i = bisect_left(terms, term)
    return i if i < len(terms) and terms[i] == term else None


def empty_index() -> QueryIndex:
    return _finish([], np.zeros(1, np.int64), np.zeros(0, np.int64), [], np.zeros(0, np.int64),
                   np.zeros(0, np.int64), np.zeros(0, np.float64))


def _finish(records: list[PageRecord], starts: np.ndarray, ends: np.ndarray, terms: list[str],
            term_of: np.ndarray, rows: np.ndarray, tf: np.ndarray) -> QueryIndex:
    """Build the index from postings sorted by (term, row); derive idf, norms and row_doc."""
    n_rows = int(starts[-1])
    df = np.bincount(term_of, minlength=len(terms)).astype(np.int64)
    indptr = np.zeros(len(terms) + 1, np.int64)
    np.cumsum(df, out=indptr[1:])
    idf = 1.0 + np.log((n_rows + 1.0) / (df + 1.0))
    weights = tf * idf[term_of]
    norms = np.sqrt(np.bincount(rows, weights * weights, minlength=n_rows))
    row_doc = np.repeat(np.arange(len(records), dtype=np.int32), np.diff(starts))
    return QueryIndex(records, [r.id for r in records], terms, indptr, rows.astype(np.int32), tf, starts, ends,
                      idf, norms, row_doc)


def apply_changes(index: QueryIndex, removed: Collection[str], pages: Sequence[IndexedPage]) -> QueryIndex:
    """`index` without the pages in `removed`, with `pages` added or replaced."""
    pages = sorted(pages, key=lambda p: p.record.id)
    new_ids = [p.record.id for p in pages]
    if len(set(new_ids)) != len(new_ids):
        raise ValueError("a page was given twice")
    old_ids, n_old = index.ids, len(index)

    keep_page = np.ones(n_old, bool)
    for gone in {*removed, *new_ids}:
        at = bisect_left(old_ids, gone)
        if at < n_old and old_ids[at] == gone:
            keep_page[at] = False
    kept_before = np.zeros(n_old + 1, np.int64)
    np.cumsum(keep_page, out=kept_before[1:])
    inserted_at = np.array([bisect_left(old_ids, i) for i in new_ids], np.int64)
    old_to_new = kept_before[:-1] + np.searchsorted(inserted_at, np.arange(n_old), side="right")
    new_pos = kept_before[inserted_at] + np.arange(len(pages))
    records = sorted([*compress(index.records, keep_page.tolist()), *(p.record for p in pages)], key=lambda r: r.id)
    n = len(records)

    # Rows: a kept page keeps its rows, in order, at its new place; a new page brings its vectors.
    vectors = [v for p in pages for v in p.vectors]
    per_page = np.array([len(p.vectors) for p in pages], np.int64)
    counts = np.zeros(n, np.int64)
    counts[old_to_new[keep_page]] = np.diff(index.starts)[keep_page]
    counts[new_pos] = per_page
    starts = np.zeros(n + 1, np.int64)
    np.cumsum(counts, out=starts[1:])
    n_rows = max(int(starts[-1]), 1)
    old_row_to_new = np.arange(len(index.row_doc)) + (starts[old_to_new] - index.starts[:-1])[index.row_doc]
    first_vector = np.zeros(len(pages), np.int64)
    np.cumsum(per_page[:-1], out=first_vector[1:])
    vector_rows = np.repeat(starts[new_pos] - first_vector, per_page) + np.arange(len(vectors))
    ends = np.zeros(int(starts[-1]), np.int64)
    kept_rows = keep_page[index.row_doc]
    ends[old_row_to_new[kept_rows]] = index.ends[kept_rows]
    ends[vector_rows] = np.fromiter((e for p in pages for e in p.ends), np.int64, len(vectors))

    # Vocabulary: old terms plus the unseen ones, each old id shifted by the new terms before it.
    new_terms = sorted({t for v in vectors for t in v})
    old_terms, v_old = index.terms, len(index.terms)
    positions = [bisect_left(old_terms, t) for t in new_terms]
    unseen = [(t, at) for t, at in zip(new_terms, positions, strict=True) if at >= v_old or old_terms[at] != t]
    unseen_at = np.array([at for _, at in unseen], np.int64)
    old_to_mid = np.arange(v_old) + np.searchsorted(unseen_at, np.arange(v_old), side="right")
    mid_id = {t: int(old_to_mid[at]) for t, at in zip(new_terms, positions, strict=True) if at < v_old and old_terms[at] == t}
    mid_id.update((t, at + j) for j, (t, at) in enumerate(unseen))
    mid_terms = sorted([*old_terms, *(t for t, _ in unseen)]) if unseen else old_terms

    # Postings: the kept ones stay sorted under both monotone renumberings; merge in the new.
    old_term_of = np.repeat(np.arange(v_old), np.diff(index.indptr))
    keep = keep_page[index.row_doc[index.rows]]
    keys = old_to_mid[old_term_of[keep]] * n_rows + old_row_to_new[index.rows[keep]]
    tf = index.tf[keep]
    add_terms = np.fromiter((mid_id[t] for v in vectors for t in v), np.int64)
    add_rows = np.repeat(vector_rows, [len(v) for v in vectors])
    add_tf = np.fromiter((w for v in vectors for w in v.values()), np.float64, len(add_terms))
    add_keys = add_terms * n_rows + add_rows
    order = np.argsort(add_keys, kind="stable")
    add_keys, add_tf = add_keys[order], add_tf[order]
    slots = np.searchsorted(keys, add_keys)
    keys, tf = np.insert(keys, slots, add_keys), np.insert(tf, slots, add_tf)
    mid_of, rows = np.divmod(keys, n_rows)

    used = np.bincount(mid_of, minlength=len(mid_terms)) > 0
    final_id = np.cumsum(used) - 1
    terms = list(compress(mid_terms, used.tolist())) if not used.all() else list(mid_terms)
    return _finish(records, starts, ends, terms, final_id[mid_of], rows, tf)


def merged(parts: Sequence[QueryIndex]) -> QueryIndex:
    """One index of the pages of all `parts` (no page in two of them), the same arrays
    as adding them page by page: what a refresh that weighed its pages a chunk at a
    time makes of its chunks, in one pass over the postings (O(P log parts)) instead of
    one pass over the whole index per chunk merged in."""
    parts = [part for part in parts if len(part)]
    if len(parts) <= 1:
        return parts[0] if parts else empty_index()
    records = sorted((r for part in parts for r in part.records), key=lambda r: r.id)
    ids = [r.id for r in records]
    if len(set(ids)) != len(ids):
        raise ValueError("a page is in two of the indexes merged")
    place = {concept_id: n for n, concept_id in enumerate(ids)}
    counts = np.zeros(len(ids), np.int64)
    new_docs = []
    for part in parts:
        docs = np.fromiter((place[i] for i in part.ids), np.int64, len(part))
        counts[docs] = np.diff(part.starts)
        new_docs.append(docs)
    starts = np.zeros(len(ids) + 1, np.int64)
    np.cumsum(counts, out=starts[1:])
    n_rows = max(int(starts[-1]), 1)
    terms = sorted({t for part in parts for t in part.terms})
    term_id = {t: n for n, t in enumerate(terms)}
    ends = np.zeros(int(starts[-1]), np.int64)
    keys, tfs = [], []
    for part, docs in zip(parts, new_docs, strict=False):
        row_to_new = np.arange(len(part.row_doc)) + (starts[docs] - part.starts[:-1])[part.row_doc]
        ends[row_to_new] = part.ends
        term_to_new = np.fromiter((term_id[t] for t in part.terms), np.int64, len(part.terms))
        term_of = np.repeat(np.arange(len(part.terms)), np.diff(part.indptr))
        keys.append(term_to_new[term_of] * n_rows + row_to_new[part.rows])
        tfs.append(part.tf)
    # Each part's keys are ascending already (both renumberings keep its order): a
    # stable sort merges the runs.
    key = np.concatenate(keys)
    order = np.argsort(key, kind="stable")
    term_of, rows = np.divmod(key[order], n_rows)
    return _finish(records, starts, ends, terms, term_of, rows, np.concatenate(tfs)[order])


def query_weights(index: Searchable, counts: dict[str, int]) -> list[tuple[int, float]]:
    """(term id, weight) of a query's known terms, L2-normalised, in term order."""
    known = sorted((tid, c) for t, c in counts.items() if (tid := index.term_id(t)) is not None)
    raw = [(tid, (1.0 + math.log(c)) * float(index.idf[tid])) for tid, c in known]
    norm = math.sqrt(math.fsum(w * w for _, w in raw))
    return [(tid, w / norm) for tid, w in raw]


def scores(index: Searchable, weights: list[tuple[int, float]]) -> tuple[np.ndarray, np.ndarray]:
    """(rows, cosine) of every row sharing a term with the query, rows ascending."""
    acc = np.zeros(len(index.norms), np.float64)
    for tid, w in weights:
        rows, tf = index.postings(tid)
        acc[rows] += tf * (w * float(index.idf[tid]))
    hit = np.flatnonzero(acc)
    return hit, acc[hit] / index.norms[hit]


def held_weights(index: Searchable, groups: list[tuple[float, list[tuple[int, float]]]], rows: np.ndarray) -> np.ndarray:
    """For each of `rows` (ascending), how much of the query it holds: for each query
    term, its weight (`groups`: the weight, then the index terms that hold it and how
    fully: itself 1.0, a variant less) times the fullest of them the row holds; however
    often a row repeats one term (a cosine rewards a chunk saying one word many times).
    Binary searches in the terms' postings, so it costs little for the few rows of the
    pages a query shows."""
    out = np.zeros(len(rows), np.float64)
    for weight, holders in groups:
        fullest = np.zeros(len(rows), np.float64)
        for tid, value in holders:
            posted, _ = index.postings(tid)
            if not len(posted):
                continue
            at = np.minimum(np.searchsorted(posted, rows), len(posted) - 1)
            fullest = np.maximum(fullest, (posted[at] == rows) * value)
        out += weight * fullest
    return out


def prefixed(index: Searchable, prefix: str) -> Iterator[tuple[int, str]]:
    """The index's terms starting with `prefix`, with their ids (the vocabulary is sorted)."""
    tid = bisect_left(index.terms, prefix)
    while tid < len(index.terms) and (term := index.terms[tid]).startswith(prefix):
        yield tid, term
        tid += 1


def page_scores(index: Searchable, weights: list[tuple[int, float]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pages, score, best row) of every page with a row sharing a term with the query.

    A page scores max(cosine of its own row, SOURCE_WEIGHT x cosine of its best source
    row); `best row` is the row that gave the score (the lowest on a tie, so the page's
    own). Pages ascending. Rows arrive sorted, so each page's rows are one run: a
    maximum per run, no sort (a sort of every hit row took 50 ms at 100,000 rows).
    """
    return best_rows(index, *scores(index, weights))


def best_rows(index: Searchable, rows: np.ndarray, cosine: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`page_scores` from the rows `scores` gave (the caller keeps them: a query reads
    more than the best row of the pages it shows)."""
    docs = index.row_doc[rows]
    values = np.where(rows == index.starts[docs], cosine, SOURCE_WEIGHT * cosine)
    new_run = np.diff(docs, prepend=-1) != 0
    run_starts, run_of = np.flatnonzero(new_run), np.cumsum(new_run) - 1
    best = np.maximum.reduceat(values, run_starts) if len(values) else values
    at_best = np.flatnonzero(values == best[run_of])
    first = at_best[np.flatnonzero(np.diff(run_of[at_best], prepend=-1))]
    return docs[run_starts], best, rows[first]


def row_source(record: PageRecord, row: int) -> tuple[Source, int] | None:
    """The source whose text holds the page's `row` (0, the page's own, has none), and
    which of that text's chunks the row is."""
    chunk = row - 1
    for source in record.sources if row > 0 else ():
        if chunk < (source.chunks or 0):
            return source, chunk
        chunk -= source.chunks or 0
    return None


def top(pages: np.ndarray, values: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The k best (page, score), best first; ties go to the lower page number (concept id)."""
    if len(pages) > k:
        threshold = np.partition(values, len(values) - k)[len(values) - k]
        near = values >= threshold
        pages, values = pages[near], values[near]
    order = np.lexsort((pages, -values))[:k]
    return [(int(pages[i]), float(values[i])) for i in order]
