"""The index arrays: scikit-learn's TF-IDF over rows, and a canonical state whatever the history."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from sklearn.feature_extraction.text import TfidfTransformer

from wikid.query.index import (
    SOURCE_WEIGHT,
    IndexedPage,
    PageRecord,
    QueryIndex,
    Source,
    apply_changes,
    empty_index,
    held_weights,
    page_scores,
    prefixed,
    query_weights,
    row_source,
    scores,
    top,
)

WORDS = [f"w{i}" for i in range(60)] + ["東京", "café", "ærø"]
ARRAYS = ("indptr", "rows", "tf", "starts", "ends", "idf", "norms", "row_doc")


def indexed(concept_id: str, *rows: dict[str, int]) -> IndexedPage:
    """A page whose own row has the counts rows[0], and one source with a chunk per further row."""
    sources = (Source("s", "S", f"archive/{concept_id}.txt", len(rows) - 1),) if len(rows) > 1 else ()
    record = PageRecord(concept_id, concept_id.title(), "Note", False, bytes(32), None, sources)
    vectors = [{t: 1.0 + math.log(n) for t, n in counts.items()} for counts in rows]
    return IndexedPage(record, vectors, [0] + [10 * (i + 1) for i in range(len(rows) - 1)])


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


def test_scores_are_scikit_learns_sublinear_smooth_l2_cosine_over_rows() -> None:
    rng = random.Random(1)
    corpus = {f"p{i:02d}": [random_counts(rng) for _ in range(rng.choice([1, 1, 2, 4]))] for i in range(40)}
    index = apply_changes(empty_index(), [], [indexed(i, *c) for i, c in corpus.items()])
    counts = np.array([[row.get(t, 0) for t in index.terms] for i in index.ids for row in corpus[i]], float)
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
    live: dict[str, list[dict[str, int]]] = {}
    index = empty_index()
    for step in range(120):
        removed: set[str] = set()
        added: dict[str, list[dict[str, int]]] = {}
        for _ in range(rng.choice([1, 1, 1, 3, 8])):
            concept_id = f"d{rng.randint(0, 4)}/p{rng.randint(0, 40):02d}"
            if concept_id in live and rng.random() < 0.3:
                removed.add(concept_id)
                added.pop(concept_id, None)
            else:  # a page alone, or with source chunks: a change may move every later row
                added[concept_id] = [random_counts(rng) for _ in range(rng.choice([1, 1, 2, 5]))]
                removed.discard(concept_id)
        index = apply_changes(index, removed, [indexed(i, *c) for i, c in added.items()])
        for concept_id in removed:
            live.pop(concept_id, None)
        live.update(added)
        if step % 10 == 9:
            rebuilt = apply_changes(empty_index(), [], [indexed(i, *c) for i, c in sorted(live.items())])
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


def test_a_page_scores_its_own_row_or_half_its_best_source_chunk() -> None:
    index = apply_changes(empty_index(), [], [
        indexed("a", {"x": 1, "y": 1}),  # own text about x
        indexed("b", {"y": 1}, {"z": 1}, {"x": 1, "w": 1}, {"x": 2}),  # x only in its source's chunks
        indexed("c", {"w": 1}),
    ])
    weights = query_weights(index, {"x": 1})
    pages, values, rows = page_scores(index, weights)
    hit, cosine = scores(index, weights)
    by_row = dict(zip(hit.tolist(), cosine.tolist(), strict=True))
    assert pages.tolist() == [0, 1]
    assert values[0] == by_row[0] and rows[0] == 0
    best_chunk = max(by_row[r] for r in (3, 4))
    assert values[1] == SOURCE_WEIGHT * best_chunk and rows[1] == [3, 4][[by_row[3], by_row[4]].index(best_chunk)]
    assert row_source(index.records[1], int(rows[1] - index.starts[1])) == (index.records[1].sources[0],
                                                                            int(rows[1] - index.starts[1]) - 1)
    assert row_source(index.records[1], 0) is None
    tied = apply_changes(index, [], [indexed("d", {"v": 1}, {"x": 2}, {"x": 2})])
    pages, values, rows = page_scores(tied, query_weights(tied, {"x": 1}))
    assert rows[pages.tolist().index(3)] == tied.starts[3] + 1  # equal chunks: the first gives the score


def test_rows_follow_their_pages_through_changes() -> None:
    index = apply_changes(empty_index(), [], [indexed("b", {"x": 1}, {"y": 1}), indexed("d", {"x": 1})])
    index = apply_changes(index, [], [indexed("a", {"z": 1}, {"z": 1}, {"q": 1}), indexed("c", {"q": 1})])
    assert index.ids == ["a", "b", "c", "d"] and index.starts.tolist() == [0, 3, 5, 6, 7]
    assert index.row_doc.tolist() == [0, 0, 0, 1, 1, 2, 3]
    assert index.ends.tolist() == [0, 10, 20, 0, 10, 0, 0]
    index = apply_changes(index, {"a"}, [])
    assert index.starts.tolist() == [0, 2, 3, 4] and index.ends.tolist() == [0, 10, 0, 0]
    y = index.term_id("y")
    assert y is not None and index.rows[index.indptr[y]:index.indptr[y + 1]].tolist() == [1]


def test_a_row_holds_each_query_term_once_at_its_fullest_form() -> None:
    """held_weights: for each query term, its weight times the fullest of its forms a row
    holds (the term 1.0, a variant less), however many of them it holds."""
    index = apply_changes(empty_index(), [], [indexed("p", {"w1": 1}, {"grows": 1, "growing": 2}, {"growing": 1},
                                                       {"w2": 3})])
    rows = np.arange(4)
    grows, growing, w2 = (index.term_id(t) for t in ("grows", "growing", "w2"))
    assert grows is not None and growing is not None and w2 is not None
    held = held_weights(index, [(2.0, [(grows, 1.0), (growing, 0.6)]), (3.0, [(w2, 1.0)])], rows)
    assert held.tolist() == [0.0, 2.0, pytest.approx(1.2), 3.0]
    assert [term for _, term in prefixed(index, "grow")] == ["growing", "grows"]
    assert list(prefixed(index, "zzz")) == []
