"""The query index as plain arrays, and the one function that changes it.

Weights are scikit-learn's `TfidfTransformer(sublinear_tf=True, smooth_idf=True,
norm="l2")` applied to field-weighted counts: tf = 1 + ln(count), idf = 1 +
ln((N + 1) / (df + 1)), every page vector L2-normalised, score = cosine
(tests/test_query_index.py checks the scores against scikit-learn itself). The
arrays are laid out for a query, which touches only the postings of its own terms:

* `terms`   - the vocabulary, sorted (a term's id is its rank);
* `indptr`, `docs`, `tf` - postings by term (CSC): the pages holding term t are
  `docs[indptr[t]:indptr[t+1]]`, ascending, with their sublinear tf;
* `idf` per term and `norms` per page, derived from the above.

Pages are numbered in concept-id order. The state is canonical - a function of the
set of pages and nothing else - so an index refreshed page by page holds exactly
the arrays a rebuild would, and scores cannot drift (every sum runs in term order).
`apply_changes` is both the incremental refresh and the build (a build is "add every
page to the empty index"). Its Python work is O(changed pages); keeping the arrays
canonical costs a few vectorised O(postings) passes, because a new page changes
N and some df, and with them every norm.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import compress
from typing import NamedTuple

import numpy as np

Signature = list[int]  # [size, mtime_ns, ctime_ns, inode], as walk_bundle gives it


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


@dataclass(frozen=True)
class IndexedPage:
    record: PageRecord
    weights: dict[str, float]  # term -> sublinear tf


@dataclass(frozen=True)
class QueryIndex:
    records: list[PageRecord]  # sorted by id; a page's position is its number
    ids: list[str]
    terms: list[str]
    indptr: np.ndarray  # int64, len(terms) + 1
    docs: np.ndarray  # int32, one per posting
    tf: np.ndarray  # float64, one per posting
    idf: np.ndarray  # float64, one per term
    norms: np.ndarray  # float64, one per page

    def __len__(self) -> int:
        return len(self.ids)

    def term_id(self, term: str) -> int | None:
        i = bisect_left(self.terms, term)
        return i if i < len(self.terms) and self.terms[i] == term else None

    def with_records(self, records: Iterable[PageRecord]) -> QueryIndex:
        """The same index with some records replaced (same ids; a re-verified signature)."""
        updated = list(self.records)
        for record in records:
            updated[bisect_left(self.ids, record.id)] = record
        return replace(self, records=updated)


def empty_index() -> QueryIndex:
    return _finish([], [], np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float64))


def _finish(records: list[PageRecord], terms: list[str], term_of: np.ndarray, docs: np.ndarray,
            tf: np.ndarray) -> QueryIndex:
    """Build the index from postings sorted by (term, page); derive idf and norms."""
    n = len(records)
    df = np.bincount(term_of, minlength=len(terms)).astype(np.int64)
    indptr = np.zeros(len(terms) + 1, np.int64)
    np.cumsum(df, out=indptr[1:])
    idf = 1.0 + np.log((n + 1.0) / (df + 1.0))
    weights = tf * idf[term_of]
    norms = np.sqrt(np.bincount(docs, weights * weights, minlength=n))
    return QueryIndex(records, [r.id for r in records], terms, indptr, docs.astype(np.int32), tf, idf, norms)


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

    # Vocabulary: old terms plus the unseen ones, each old id shifted by the new terms before it.
    new_terms = sorted({t for p in pages for t in p.weights})
    old_terms, v_old = index.terms, len(index.terms)
    positions = [bisect_left(old_terms, t) for t in new_terms]
    unseen = [(t, at) for t, at in zip(new_terms, positions) if at >= v_old or old_terms[at] != t]
    unseen_at = np.array([at for _, at in unseen], np.int64)
    old_to_mid = np.arange(v_old) + np.searchsorted(unseen_at, np.arange(v_old), side="right")
    mid_id = {t: int(old_to_mid[at]) for t, at in zip(new_terms, positions) if at < v_old and old_terms[at] == t}
    mid_id.update((t, at + j) for j, (t, at) in enumerate(unseen))
    mid_terms = sorted([*old_terms, *(t for t, _ in unseen)]) if unseen else old_terms

    # Postings: the kept ones stay sorted under both monotone renumberings; merge in the new.
    old_term_of = np.repeat(np.arange(v_old), np.diff(index.indptr))
    keep = keep_page[index.docs]
    keys = old_to_mid[old_term_of[keep]] * max(n, 1) + old_to_new[index.docs[keep]]
    tf = index.tf[keep]
    add_terms = np.fromiter((mid_id[t] for p in pages for t in p.weights), np.int64)
    add_docs = np.repeat(new_pos, [len(p.weights) for p in pages])
    add_tf = np.fromiter((w for p in pages for w in p.weights.values()), np.float64, len(add_terms))
    add_keys = add_terms * max(n, 1) + add_docs
    order = np.argsort(add_keys, kind="stable")
    add_keys, add_tf = add_keys[order], add_tf[order]
    at = np.searchsorted(keys, add_keys)
    keys, tf = np.insert(keys, at, add_keys), np.insert(tf, at, add_tf)
    mid_of, docs = np.divmod(keys, max(n, 1))

    used = np.bincount(mid_of, minlength=len(mid_terms)) > 0
    final_id = np.cumsum(used) - 1
    terms = list(compress(mid_terms, used.tolist())) if not used.all() else list(mid_terms)
    return _finish(records, terms, final_id[mid_of], docs, tf)


def query_weights(index: QueryIndex, counts: dict[str, int]) -> list[tuple[int, float]]:
    """(term id, weight) of a query's known terms, L2-normalised, in term order."""
    known = sorted((tid, c) for t, c in counts.items() if (tid := index.term_id(t)) is not None)
    raw = [(tid, (1.0 + math.log(c)) * float(index.idf[tid])) for tid, c in known]
    norm = math.sqrt(math.fsum(w * w for _, w in raw))
    return [(tid, w / norm) for tid, w in raw]


def scores(index: QueryIndex, weights: list[tuple[int, float]]) -> tuple[np.ndarray, np.ndarray]:
    """(pages, cosine) of every page sharing a term with the query, pages ascending."""
    acc = np.zeros(len(index), np.float64)
    for tid, w in weights:
        start, end = index.indptr[tid], index.indptr[tid + 1]
        acc[index.docs[start:end]] += index.tf[start:end] * (w * float(index.idf[tid]))
    hit = np.flatnonzero(acc)
    return hit, acc[hit] / index.norms[hit]


def top(pages: np.ndarray, values: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The k best (page, score), best first; ties go to the lower page number (concept id)."""
    if len(pages) > k:
        threshold = np.partition(values, len(values) - k)[len(values) - k]
        near = values >= threshold
        pages, values = pages[near], values[near]
    order = np.lexsort((pages, -values))[:k]
    return [(int(pages[i]), float(values[i])) for i in order]
