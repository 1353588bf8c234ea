"""Answer one query against an index: rank, then read the top pages for snippets.

Ranking uses the index alone; the snippet of each result comes from the page as it
is on disk now. A snippet is the best-matching *passage* (sentence, list item or
table row) of the page body: the one holding the most query-term weight (the sum
of the idf of the distinct query terms it contains; earliest wins a tie), cut to
SNIPPET_CHARS around its first match. A page that matched only through its title,
id or tags shows its description instead.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from wikid.fsio import read_regular
from wikid.query.answer import extractive_answer
from wikid.query.document import PageText, coverage, passages, read_page
from wikid.query.index import QueryIndex, query_weights, scores, top
from wikid.query.results import QueryRequest, QueryResponse, QueryResult
from wikid.query.tokenize import term_counts

SNIPPET_CHARS = 240

PageReader = Callable[[str], PageText | None]


def best_passage(candidates: list[str], query_idf: dict[str, float]) -> str | None:
    best, best_score = None, 0.0
    for passage in candidates:
        value = coverage(passage, query_idf)
        if value > best_score:
            best, best_score = passage, value
    return best


def trim(text: str, query_idf: dict[str, float], limit: int = SNIPPET_CHARS) -> str:
    """`text` cut to about `limit` characters around the first query term, on word breaks."""
    if len(text) <= limit:
        return text
    folded = text.casefold()
    at = min((p for t in query_idf if (p := folded.find(t)) >= 0), default=0)
    start = max(0, at - limit // 3)
    if start:
        space = text.find(" ", start, at)
        start = space + 1 if space >= 0 else start
    end = start + limit
    if end < len(text):
        space = text.rfind(" ", start + limit // 2, end)
        end = space if space >= 0 else end
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def page_reader(wiki: Path) -> PageReader:
    """Read a concept page as it is now (None if it vanished since it was indexed)."""
    def read(concept_id: str) -> PageText | None:
        try:
            data, _ = read_regular(wiki / f"{concept_id}.md")
        except OSError:
            return None
        return read_page(concept_id, data.decode("utf-8", "replace"))

    return read


def execute(index: QueryIndex, request: QueryRequest, read: PageReader) -> QueryResponse:
    """Rank the pages of `index` for `request.query` and build the response."""
    weights = query_weights(index, term_counts(request.query))
    query_idf = {index.terms[tid]: float(index.idf[tid]) for tid, _ in weights}
    ranked: list[tuple[int, float]] = []
    if weights:
        pages, values = scores(index, weights)
        if request.type is not None:
            wanted = request.type.casefold()
            keep = np.array([(index.records[p].type or "").casefold() == wanted for p in pages.tolist()], bool)
            pages, values = pages[keep], values[keep]
        ranked = top(pages, values, request.k)
    results: list[QueryResult] = []
    texts: list[tuple[QueryResult, list[str]]] = []
    for rank, (doc, score) in enumerate(ranked, 1):
        record = index.records[doc]
        page = read(record.id)
        body = passages(page.body) if page else []
        snippet = best_passage(body, query_idf) or (page.description if page else "") or (body[0] if body else "")
        result = QueryResult(rank, score, record.id, record.title, f"wiki/{record.id}.md",
                             trim(snippet, query_idf), record.conflict, record.type)
        results.append(result)
        texts.append((result, ([page.description] if page and page.description else []) + body))
    answer = extractive_answer(texts, query_idf) if request.answer else None
    return QueryResponse(request.query, len(index), results, answer)
