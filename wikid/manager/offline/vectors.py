"""TF-IDF document vectors and thresholded cosine similarity, fast enough for 10k documents.

Each document is represented by two l2-normalised TF-IDF vectors, concatenated with
weight sqrt(1/2) each, so the cosine of two documents is the mean of their word and
character cosines:

* words: unigrams and bigrams of `\\w\\w+` tokens (lower-cased), sublinear tf;
* characters: 3-5-grams inside whitespace-separated words, padded with one space
  (scikit-learn's `char_wb` analyzer), sublinear tf. They match inflections,
  compounds, codes and spellings that words miss ("Rösttechnik"/"Rosttechnik").

The counts are built with sparse matrix arithmetic instead of `TfidfVectorizer`'s
per-n-gram Python loop (10x faster at 10k documents, same features): character
n-grams are computed once per distinct word and spread to documents with one sparse
product; weights are those of scikit-learn's `TfidfTransformer(sublinear_tf=True)`.

Each part keeps only its TOP_WORD / TOP_CHAR heaviest features per document before
normalising. That bounds the cost of the all-pairs product at a given number of
documents (common features appear in every document and would make it dense: 200 s at
10k documents untruncated, ~6 s truncated; past ~15k, see similar_pairs) and drops the
long tail of stop words and common n-grams that otherwise lift the similarity of
unrelated texts. It does not depend on the batch size, so a document pair scores the
same whether it arrives alone or among 10k others (up to IDF, which is a property of
the batch).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

import numpy as np
import scipy.sparse as sp

TOP_WORD = 64
TOP_CHAR = 192
MAX_TEXT_CHARS = 20_000  # a document's opening says what it is about; the rest costs time
MAX_WORD_CHARS = 40  # longer "words" (URLs, hashes, base64) add only noise n-grams
CHAR_NGRAMS = (3, 5)
CHUNK_ROWS = 1000  # documents weighted at a time
BLOCK_CELLS = 4_000_000  # rows per similarity block = BLOCK_CELLS // columns (~50 MB)
COLUMN_PARTS = 16  # slices of the right-hand side: with `upper`, a block skips those left of it
PRODUCT_BUDGET = 1_500_000_000  # multiply-adds of the exact all-pairs product (~5 s here; 10k generated docs: 0.75e9)
RARE_DF = 32  # past the budget, only features at most this many documents share propose pairs
CANDIDATES_AT_ONCE = 20_000  # pairs whose cosines are summed at a time (~100 MB)

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
# Markup that says how a text is laid out, not what it is about: table pipes and rules,
# heading and emphasis marks, dashes standing alone. Two CSV dumps must not look alike
# because both are tables.
_MARKUP = re.compile(r"[|#*`>]+|(?<![\w-])[-:=]+(?![\w-])")


def _first_seen(ids: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(`ids`, each of them below `size`, renumbered in the order each first occurs; the
    distinct ids in that order): the numbering a vocabulary built by reading the ids in
    turn would give them. Each id's first position is found without sorting the ids."""
    first = np.full(size, len(ids), dtype=np.int64)
    np.minimum.at(first, ids, np.arange(len(ids), dtype=np.int64))
    seen = np.flatnonzero(first < len(ids))
    order = seen[np.argsort(first[seen])]
    rank = np.zeros(size, dtype=np.int64)
    rank[order] = np.arange(len(order), dtype=np.int64)
    return rank[ids], order


def _local(per_doc: Sequence[np.ndarray], size: int) -> tuple[list[np.ndarray], np.ndarray]:
    """Each text's token ids (below `size`) renumbered by first occurrence among
    `per_doc` (split back per text), and the distinct ids in that order."""
    lengths = [len(ids) for ids in per_doc]
    flat = np.concatenate(per_doc) if per_doc else np.zeros(0, dtype=np.int64)
    ranks, order = _first_seen(flat, size)
    return np.split(ranks, np.cumsum(lengths)[:-1]) if per_doc else [], order


def _word_counts(per_doc: Sequence[np.ndarray], size: int) -> sp.csr_matrix:
    """Unigram + bigram counts (documents x n-grams) of texts given as word ids
    (numbered by first occurrence, `size` of them)."""
    size = max(size, 1)
    rows, keys = [], []
    for r, ids in enumerate(per_doc):
        bigrams = size + ids[:-1] * size + ids[1:] if len(ids) > 1 else ids[:0]
        both = np.concatenate([ids, bigrams])
        rows.append(np.full(len(both), r, dtype=np.int64))
        keys.append(both)
    all_keys = np.concatenate(keys) if keys else np.zeros(0, dtype=np.int64)
    cols = _dense_ranks(all_keys)
    shape = (len(per_doc), int(cols.max()) + 1 if len(cols) else 1)
    data = np.ones(len(all_keys), dtype=np.float32)
    return sp.csr_matrix((data, (np.concatenate(rows) if rows else all_keys, cols)), shape=shape)


def _dense_ranks(keys: np.ndarray) -> np.ndarray:
    """Each of `keys` (non-negative int64) numbered by its rank among the distinct keys:
    `np.unique(keys, return_inverse=True)[1]`, which finds the inverse with an argsort
    that grew faster than its input here (0.74 s for 5 million keys, 2.4 s for 15
    million; a batch into a wiki of 30,000 spent 5.7 s in it). The keys are sorted
    with their positions packed into the low bits (one plain sort: 0.19 and 0.37 s)
    when both fit in 62 bits, as they do but for vocabularies of millions of words."""
    n = len(keys)
    shift = max((n - 1).bit_length(), 1)
    if n == 0 or int(keys.max()).bit_length() + shift > 62:
        return np.unique(keys, return_inverse=True)[1].ravel()
    packed = np.sort((keys << shift) | np.arange(n, dtype=np.int64))
    ordered = packed >> shift
    first = np.empty(n, dtype=bool)
    first[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    out = np.empty(n, dtype=np.int64)
    out[packed & ((1 << shift) - 1)] = np.cumsum(first) - 1
    return out


class Tokens:
    """Texts tokenised once for any number of TF-IDF fits (tfidf_vectors).

    A batch into a wiki fits IDF twice on its documents and the wiki's pages (which
    pages it concerns, then its clusters and their matches), each time on other rows;
    reading the pages' words and their character n-grams was most of either fit.
    A text's words and whitespace-separated words are read once and kept as ids of one
    vocabulary; each fit renumbers the ids by their first occurrence among its own
    texts, as a vocabulary read from those texts alone would, so its vectors are those
    of the texts alone, to the bit."""

    def __init__(self) -> None:
        self._read: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # text -> (word ids, whitespace-word ids), int32
        self._words: dict[str, int] = {}
        self._spelled: dict[str, int] = {}  # whitespace-separated words, cut at MAX_WORD_CHARS
        self._grams: dict[str, int] = {}
        self._grams_of: list[np.ndarray] = []  # whitespace-word id -> its char_wb n-grams' ids, in order

    def _tokens(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        """(word ids, whitespace-word ids) of a text, read the first time it is asked for."""
        known = self._read.get(text)
        if known is not None:
            return known
        lowered = _MARKUP.sub(" ", text[:MAX_TEXT_CHARS].lower())
        found = _TOKEN.findall(lowered)
        spelled = [w[:MAX_WORD_CHARS] for w in lowered.split()]
        for word in dict.fromkeys(found):
            self._words.setdefault(word, len(self._words))
        for word in dict.fromkeys(spelled):
            if word not in self._spelled:
                self._add_spelling(word)
        read = (np.fromiter(map(self._words.__getitem__, found), dtype=np.int32, count=len(found)),
                np.fromiter(map(self._spelled.__getitem__, spelled), dtype=np.int32, count=len(spelled)))
        self._read[text] = read
        return read

    def _add_spelling(self, word: str) -> None:
        """A new whitespace-separated word, and its char_wb n-grams."""
        self._spelled[word] = len(self._grams_of)
        padded = f" {word} "
        lo, hi = CHAR_NGRAMS
        self._grams_of.append(np.fromiter(
            (self._grams.setdefault(padded[k : k + n], len(self._grams))
             for n in range(lo, hi + 1) for k in range(len(padded) - n + 1)), dtype=np.int32))

    def counts(self, texts: Sequence[str]) -> tuple[sp.csr_matrix, sp.csr_matrix, sp.csr_matrix]:
        """(word n-gram counts, documents x words, words x char_wb n-grams) of `texts`.

        The last two multiply to the documents' n-gram counts; the product is formed a
        chunk of documents at a time (see _tfidf_top) because it is the largest matrix
        of the whole engine. Columns are numbered as reading `texts` alone numbers them.
        """
        read = [self._tokens(t) for t in texts]
        word_ids, distinct_words = _local([w for w, _ in read], len(self._words))
        words = _word_counts(word_ids, len(distinct_words))
        spelled_ids, vocab = _local([s for _, s in read], len(self._grams_of))
        lengths = np.fromiter((len(r) for r in spelled_ids), dtype=np.int64, count=len(spelled_ids))
        doc_rows = np.repeat(np.arange(len(texts), dtype=np.int64), lengths)
        cols = np.concatenate(spelled_ids) if spelled_ids else np.zeros(0, dtype=np.int64)
        doc_words = sp.csr_matrix(
            (np.ones(len(cols), dtype=np.float32), (doc_rows, cols)), shape=(len(texts), max(len(vocab), 1))
        )
        sequences = [self._grams_of[w] for w in vocab.tolist()]
        g_cols, grams = _first_seen(np.concatenate(sequences) if sequences else np.zeros(0, dtype=np.int64),
                                     len(self._grams))
        w_rows = np.repeat(np.arange(len(vocab), dtype=np.int64),
                           np.fromiter((len(g) for g in sequences), dtype=np.int64, count=len(sequences)))
        word_grams = sp.csr_matrix(
            (np.ones(len(w_rows), dtype=np.float32), (w_rows, g_cols)),
            shape=(max(len(vocab), 1), max(len(grams), 1)),
        )
        return words, doc_words, word_grams


def _tfidf_top(chunks: Callable[[], Iterator[sp.csr_matrix]], n_rows: int, n_cols: int, keep: int) -> sp.csr_matrix:
    """TF-IDF rows truncated to their `keep` heaviest shared features, built chunk by chunk.

    Weights are exactly `TfidfTransformer(sublinear_tf=True)`'s (smooth idf, l2 norm),
    computed here so that the full count matrix never has to exist at once: a first
    pass over the chunks counts document frequencies, a second weights and truncates.

    Truncation keeps only features another row shares (one found in a single row can
    never add to a similarity) and does not renormalise: the dot product of two rows
    is then a lower bound of their true cosine, equal to it when their shared features
    fit in `keep`. np.argpartition picks them, deterministically for equal input.

    Rows come with sorted indices, the columns numbered from the last: sorted that way,
    a row lists its features in the order the product above leaves them in (scipy's
    product lists a row's columns last first), the order every cosine was summed in
    before the rows were sorted. similar_pairs sums each cosine over the features in the rows' order, by
    the sparse product or pair by pair; sorted rows make both orders one.
    """
    df = np.zeros(n_cols, dtype=np.int64)
    for chunk in chunks():
        df += np.bincount(chunk.indices, minlength=n_cols)
    idf = (np.log((1 + n_rows) / (1 + df)) + 1).astype(np.float32)
    shared = df >= 2
    out = []
    for chunk in chunks():
        weighted = chunk.tocsr(copy=True)
        weighted.sum_duplicates()
        weighted.data = ((np.log(weighted.data) + 1) * idf[weighted.indices]).astype(np.float32)
        norms = np.sqrt(np.asarray(weighted.multiply(weighted).sum(axis=1)).ravel())
        weighted = sp.csr_matrix(sp.diags((1 / np.where(norms > 0, norms, 1)).astype(np.float32)) @ weighted)
        data, indices, indptr = weighted.data, weighted.indices, weighted.indptr
        data[~shared[indices]] = 0
        for r in range(weighted.shape[0]):
            start, end = indptr[r], indptr[r + 1]
            if end - start > keep:
                segment = data[start:end]
                segment[np.argpartition(-segment, keep - 1)[keep:]] = 0
        weighted.eliminate_zeros()
        weighted.indices = (n_cols - 1 - weighted.indices).astype(weighted.indices.dtype)
        weighted.sort_indices()
        out.append(weighted)
    if not out:
        return sp.csr_matrix((n_rows, n_cols), dtype=np.float32)
    return sp.vstack(out, format="csr").astype(np.float32)


def tfidf_vectors(texts: Sequence[str], tokens: Tokens | None = None) -> sp.csr_matrix:
    """One row per text (see the module docstring); IDF is fitted on `texts`. `tokens`
    keeps what is read of each text for the next fit (the same vectors either way).

    Row norms are at most 1; the dot product of two rows approximates their cosine.
    """
    n = len(texts)
    words, doc_words, word_grams = (tokens or Tokens()).counts(texts)

    def word_chunks() -> Iterator[sp.csr_matrix]:
        for start in range(0, n, CHUNK_ROWS):
            yield words[start : start + CHUNK_ROWS]

    def char_chunks() -> Iterator[sp.csr_matrix]:
        for start in range(0, n, CHUNK_ROWS):
            yield doc_words[start : start + CHUNK_ROWS] @ word_grams

    half = np.float32(np.sqrt(0.5))
    parts = [
        _tfidf_top(word_chunks, n, words.shape[1], TOP_WORD) * half,
        _tfidf_top(char_chunks, n, word_grams.shape[1], TOP_CHAR) * half,
    ]
    return sp.hstack(parts, format="csr").astype(np.float32)


def similar_pairs(
    left: sp.csr_matrix, right: sp.csr_matrix, floor: float, *, upper: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(i, j, cosine) for every row i of `left` and j of `right` with cosine >= floor,
    ordered by (i, j). With `upper` (left is right), only pairs i < j. Cosines are
    rounded to 6 decimals so that float noise cannot reorder ties.

    The all-pairs product (product_pairs, exact) is used while it costs at most
    PRODUCT_BUDGET multiply-adds. Its cost is the number of (pair, shared feature)
    triples, and a feature that a fixed share of the documents carry makes it grow as
    the square of their number (it took 379 of the 907 s of an update of 100,000
    generated documents).
    No exact method is linear here: at a floor this low, bounds on the common
    features' part of a cosine (prefix filtering, norms) still admit most pairs.
    Past the budget, pairs are proposed only by the features at most RARE_DF documents
    share (rare_feature_pairs, linear), which misses the pairs whose words are all
    common, mostly unrelated documents just over the floor (docs/performance.md).
    """
    df_left = np.bincount(left.indices, minlength=left.shape[1]).astype(np.float64)
    df_right = df_left if upper else np.bincount(right.indices, minlength=right.shape[1]).astype(np.float64)
    if float(df_left @ df_right) / (2 if upper else 1) <= PRODUCT_BUDGET:
        return product_pairs(left, right, floor, upper=upper)
    rare = df_left <= RARE_DF if upper else df_left + df_right <= RARE_DF
    return rare_feature_pairs(left, right, floor, rare, upper=upper)


def product_pairs(
    left: sp.csr_matrix, right: sp.csr_matrix, floor: float, *, upper: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """similar_pairs through the whole sparse product, exactly.

    Computed in row blocks so memory stays bounded (BLOCK_CELLS) whatever the number of
    documents. `right` is cut into COLUMN_PARTS slices of rows once, so that with `upper`
    a block is multiplied only with the slices from its first row on: about half the
    work of the whole product, and every cosine summed as before (over the left row's
    features, in their order), so the pairs are the same to the last bit.
    """
    parts = [(first, right[first : first + -(-right.shape[0] // COLUMN_PARTS)].T.tocsr())
             for first in range(0, right.shape[0], -(-right.shape[0] // COLUMN_PARTS) or 1)]
    step = max(1, BLOCK_CELLS // max(right.shape[0], 1))
    out_i, out_j, out_s = [], [], []
    for start in range(0, left.shape[0], step):
        rows = left[start : start + step]
        for first, part in parts:
            if upper and first + part.shape[1] <= start:
                continue  # every column of this part is left of the block's first row
            block = (rows @ part).tocoo()
            keep = block.data >= floor
            i = block.row[keep].astype(np.int64) + start
            j = block.col[keep].astype(np.int64) + first
            s = block.data[keep]
            if upper:
                mask = i < j
                i, j, s = i[mask], j[mask], s[mask]
            out_i.append(i)
            out_j.append(j)
            out_s.append(s)
    return _ordered(out_i, out_j, out_s)


def rare_feature_pairs(
    left: sp.csr_matrix, right: sp.csr_matrix, floor: float, rare: np.ndarray, *, upper: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """similar_pairs among the pairs that share a `rare` feature (a boolean per column).

    Candidates come from the product of the rows' rare features alone, whose cost is
    at most RARE_DF times their number; each candidate's cosine is then the sum of
    the products of all its shared features, in float32 and in the order of the
    columns, as the sparse product sums them on rows with sorted indices: a pair found
    scores what product_pairs gives it on such rows, to the bit.
    """
    def rare_part(m: sp.csr_matrix) -> sp.csr_matrix:
        marks = m.astype(np.float32)  # a copy: the rows' values stay as they are
        marks.data = rare[marks.indices].astype(np.float32)
        marks.eliminate_zeros()
        return marks

    rare_left = rare_part(left)
    rare_right_t = (rare_left if upper else rare_part(right)).T.tocsr()
    cand_i, cand_j = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int64)]
    for start in range(0, left.shape[0], CHUNK_ROWS):
        block = (rare_left[start : start + CHUNK_ROWS] @ rare_right_t).tocoo()
        i = block.row.astype(np.int64) + start
        j = block.col.astype(np.int64)
        keep = i < j if upper else slice(None)
        cand_i.append(i[keep])
        cand_j.append(j[keep])
    ci, cj = np.concatenate(cand_i), np.concatenate(cand_j)
    left_sorted, right_sorted = left.sorted_indices(), right.sorted_indices()
    ones = np.ones(left.shape[1], dtype=np.float32)
    out_i, out_j, out_s = [], [], []
    for start in range(0, len(ci), CANDIDATES_AT_ONCE):
        i, j = ci[start : start + CANDIDATES_AT_ONCE], cj[start : start + CANDIDATES_AT_ONCE]
        s = left_sorted[i].multiply(right_sorted[j]).tocsr() @ ones
        keep = s >= floor
        out_i.append(i[keep])
        out_j.append(j[keep])
        out_s.append(s[keep])
    return _ordered(out_i, out_j, out_s)


def _ordered(out_i: list[np.ndarray], out_j: list[np.ndarray], out_s: list[np.ndarray]
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pairs found, concatenated, ordered by (i, j), cosines rounded to 6 decimals."""
    if not out_i:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0)
    i, j = np.concatenate(out_i), np.concatenate(out_j)
    s = np.round(np.concatenate(out_s).astype(np.float64), 6)
    order = np.lexsort((j, i))
    return i[order], j[order], s[order]
