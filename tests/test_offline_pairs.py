"""The offline engine's similar pairs: the pairs found through rare features against the
whole product (vectors.similar_pairs, product_pairs, rare_feature_pairs)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

from wikid.manager.offline import vectors

REALDOCS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "realdocs"

Pairs = tuple[np.ndarray, np.ndarray, np.ndarray]


def random_rows(rng: np.random.Generator, rows: int, columns: int, per_row: int) -> sp.csr_matrix:
    """Rows like the TF-IDF vectors: float32, sorted indices, norm 1, a Zipf-like spread of
    columns so that a few are in most rows and most in a few."""
    weights = 1 / np.arange(1, columns + 1)
    weights /= weights.sum()
    data, indices, indptr = [], [], [0]
    for _ in range(rows):
        cols = np.sort(rng.choice(columns, size=rng.integers(1, per_row + 1), replace=False, p=weights))
        values = rng.random(len(cols)) + 0.05
        data.append(values / np.linalg.norm(values))
        indices.append(cols)
        indptr.append(indptr[-1] + len(cols))
    return sp.csr_matrix((np.concatenate(data).astype(np.float32), np.concatenate(indices), indptr),
                         shape=(rows, columns))


def as_dict(pairs: Pairs) -> dict[tuple[int, int], float]:
    i, j, s = pairs
    return dict(zip(zip(i.tolist(), j.tolist(), strict=True), s.tolist(), strict=True))


def assert_same(found: Pairs, expected: Pairs) -> None:
    for got, want in zip(found, expected, strict=True):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def shares(left: sp.csr_matrix, right: sp.csr_matrix, rare: np.ndarray, i: int, j: int) -> bool:
    return bool(set(left[i].indices[rare[left[i].indices]]) & set(right[j].indices))


@pytest.mark.parametrize("upper", [True, False])
@pytest.mark.parametrize("floor", [0.0, 0.075, 0.3])
def test_with_every_feature_rare_the_pairs_are_the_whole_products_to_the_bit(upper: bool, floor: float) -> None:
    rng = np.random.default_rng(3)
    left = random_rows(rng, 300, 400, 40)
    right = left if upper else random_rows(rng, 120, 400, 40)
    expected = vectors.product_pairs(left, right, floor, upper=upper)
    assert len(expected[0]) > 100
    found = vectors.rare_feature_pairs(left, right, floor, np.ones(400, dtype=bool), upper=upper)
    assert_same(found, expected)


@pytest.mark.parametrize("upper", [True, False])
def test_rare_features_find_exactly_the_pairs_that_share_one(upper: bool) -> None:
    rng = np.random.default_rng(5)
    left = random_rows(rng, 250, 600, 30)
    right = left if upper else random_rows(rng, 150, 600, 30)
    df = np.bincount(left.indices, minlength=600) + (0 if upper else np.bincount(right.indices, minlength=600))
    rare = df <= 12
    whole = as_dict(vectors.product_pairs(left, right, 0.05, upper=upper))
    found = as_dict(vectors.rare_feature_pairs(left, right, 0.05, rare, upper=upper))
    expected = {pair: s for pair, s in whole.items() if shares(left, right, rare, *pair)}
    assert found == expected
    assert 0 < len(found) < len(whole)  # some pairs share only common features: they are the ones missed


def test_similar_pairs_takes_the_whole_product_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(7)
    rows = random_rows(rng, 200, 300, 30)
    whole = vectors.product_pairs(rows, rows, 0.075, upper=True)
    assert_same(vectors.similar_pairs(rows, rows, 0.075, upper=True), whole)
    monkeypatch.setattr(vectors, "PRODUCT_BUDGET", 0)
    monkeypatch.setattr(vectors, "RARE_DF", 8)
    df = np.bincount(rows.indices, minlength=300)
    assert_same(vectors.similar_pairs(rows, rows, 0.075, upper=True),
                vectors.rare_feature_pairs(rows, rows, 0.075, df <= 8, upper=True))


@pytest.mark.skipif(not (REALDOCS / "input").is_dir(), reason="../shared/corpus/realdocs/ is absent")
@pytest.mark.parametrize("upper", [True, False])
def test_on_real_documents_every_pair_is_found_with_the_products_cosine(upper: bool) -> None:
    paths = sorted(p for p in (REALDOCS / "input").rglob("*") if p.suffix in {".txt", ".md", ".rst"})
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in paths]
    rows = vectors.tfidf_vectors(texts)
    assert rows.has_canonical_format  # the order both ways sum a cosine in
    half = rows.shape[0] // 2
    left, right = (rows, rows) if upper else (rows[:half], rows[half:])
    for floor, at_least in ((0.0, 100), (0.02, 10), (0.075, 1)):
        expected = vectors.product_pairs(left, right, floor, upper=upper)
        assert len(expected[0]) >= at_least
        found = vectors.rare_feature_pairs(left, right, floor, np.ones(rows.shape[1], dtype=bool), upper=upper)
        assert_same(found, expected)


@pytest.mark.skipif(not (REALDOCS / "input").is_dir(), reason="../shared/corpus/realdocs/ is absent")
def test_vectors_of_texts_read_for_another_fit_are_those_of_the_texts_alone() -> None:
    """Issue 30: a batch reads the wiki's pages once for its two fits (vectors.Tokens);
    each fit must still number its columns, and so sum its cosines, as a fit of its own
    texts alone: the same rows to the bit, in any order, with texts read before or not."""
    paths = sorted(p for p in (REALDOCS / "input").rglob("*") if p.suffix in {".txt", ".md", ".rst"})
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in paths] + ["", "x", "Ünïcode wörds | # --"]
    rng = np.random.default_rng(7)
    tokens = vectors.Tokens()
    for _ in range(4):
        chosen = [texts[i] for i in rng.permutation(len(texts))[: rng.integers(1, len(texts) + 1)]]
        shared, alone = vectors.tfidf_vectors(chosen, tokens), vectors.tfidf_vectors(chosen)
        assert shared.shape == alone.shape
        for part in ("indptr", "indices", "data"):
            assert getattr(shared, part).tobytes() == getattr(alone, part).tobytes()


@pytest.mark.parametrize("top", [3, 40_000, 2**40])
def test_dense_ranks_number_keys_as_numpys_unique_does(top: int) -> None:
    # 2**40 with 2**23 positions needs more than 62 bits: numpy's own unique answers
    rng = np.random.default_rng(7)
    for n in (1, 2, 1000, 2**23 if top == 2**40 else 100_000):
        keys = rng.integers(0, top, n, dtype=np.int64)
        expected = np.unique(keys, return_inverse=True)[1].ravel()
        assert np.array_equal(vectors._dense_ranks(keys), expected), (top, n)
    assert len(vectors._dense_ranks(np.zeros(0, dtype=np.int64))) == 0
