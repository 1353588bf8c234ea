"""The index arrays: scikit-learn's TF-IDF, and a canonical state whatever the history."""

from __future__ import annotations

import math
import random

import numpy as np
from sklearn.feature_extraction.text import TfidfTransformer

from wikid.query.index import (IndexedPage, PageRecord, QueryIndex, apply_changes, empty_index, query_weights,
                               scores, top)

WORDS = [f"w{i}" for i in range(60)] + ["東京", "café", "ærø"]
ARRAYS = ("indptr", "docs", "tf", "idf", "norms")


def indexed(concept_id: str, counts: dict[str, int]) -> IndexedPage:
    record = PageRecord(concept_id, concept_id.title(), "Note", False, bytes(32), None)
    return IndexedPage(record, {t: 1.0 + math.log(n) for t, n in counts.items()})


def random_counts(rng: random.Random) -> dict[str, int]:
    return {w: rng.randint(1, 9) for w in rng.sample(WORDS, rng.randint(1, 12))}


def assert_same(a: QueryIndex, b: QueryIndex) -> None:
    assert a.ids == b.ids and a.records == b.records and a.terms == b.terms
    for name in ARRAYS:
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and np.array_equal(x, y), name


def ranking(index: QueryIndex, query: dict[str, int]) -> list[tuple[int, float]]:
    pages, values = scores(index, query_weights(index, query))
    return top(pages, values, 1000)


def test_scores_are_scikit_learns_sublinear_smooth_l2_cosine() -> None:
    rng = random.Random(1)
    corpus = {f"p{i:02d}": random_counts(rng) for i in range(40)}
    index = apply_changes(empty_index(), [], [indexed(i, c) for i, c in corpus.items()])
    counts = np.array([[corpus[i].get(t, 0) for t in index.terms] for i in index.ids], float)
    transformer = TfidfTransformer(sublinear_tf=True, smooth_idf=True, norm="l2").fit(counts)
    matrix = transformer.transform(counts)
    for _ in range(20):
        query = random_counts(rng)
        vector = transformer.transform(np.array([[query.get(t, 0) for t in index.terms]], float))
        expected = (matrix @ vector.T).toarray().ravel()
        pages, values = scores(index, query_weights(index, query))
        assert np.allclose(values, expected[pages], rtol=1e-12, atol=0)
        assert set(pages.tolist()) == set(np.flatnonzero(expected).tolist())


def test_any_history_of_changes_gives_the_arrays_of_a_rebuild() -> None:
    rng = random.Random(7)
    live: dict[str, dict[str, int]] = {}
    index = empty_index()
    for step in range(120):
        removed: set[str] = set()
        added: dict[str, dict[str, int]] = {}
        for _ in range(rng.choice([1, 1, 1, 3, 8])):
            concept_id = f"d{rng.randint(0, 4)}/p{rng.randint(0, 40):02d}"
            if concept_id in live and rng.random() < 0.3:
                removed.add(concept_id)
                added.pop(concept_id, None)
            else:
                added[concept_id] = random_counts(rng)
                removed.discard(concept_id)
        index = apply_changes(index, removed, [indexed(i, c) for i, c in added.items()])
        for concept_id in removed:
            live.pop(concept_id, None)
        live.update(added)
        if step % 10 == 9:
            rebuilt = apply_changes(empty_index(), [], [indexed(i, c) for i, c in sorted(live.items())])
            assert_same(index, rebuilt)
            for _ in range(5):
                query = random_counts(rng)
                assert ranking(index, query) == ranking(rebuilt, query)


def test_terms_of_removed_pages_leave_the_vocabulary() -> None:
    index = apply_changes(empty_index(), [], [indexed("a", {"x": 1, "rare": 2}), indexed("b", {"x": 1})])
    index = apply_changes(index, {"a"}, [])
    assert index.terms == ["x"] and index.ids == ["b"]
    assert apply_changes(index, {"b"}, []).terms == []


def test_ties_go_to_the_lower_concept_id_and_runs_repeat_exactly() -> None:
    pages = [indexed(f"p{i}", {"same": 1, f"own{i}": 1}) for i in range(30)]
    index = apply_changes(empty_index(), [], list(reversed(pages)))
    first = ranking(index, {"same": 1})
    assert [p for p, _ in first] == list(range(30))
    assert len({v for _, v in first}) == 1
    assert top(*scores(index, query_weights(index, {"same": 1})), 5) == first[:5]
    assert [ranking(index, {"same": 1, "own3": 1}) for _ in range(3)].count(ranking(index, {"same": 1, "own3": 1})) == 3


def test_unknown_terms_are_ignored() -> None:
    index = apply_changes(empty_index(), [], [indexed("a", {"x": 1})])
    assert query_weights(index, {"nowhere": 3}) == []
    assert query_weights(index, {"x": 1, "nowhere": 3}) == [(0, 1.0)]
