"""Answer one query against an index: rank, then read the top pages for snippets.

Ranking uses the index alone (index.page_scores: a page's own text, or a passage of
a source text it cites, at SOURCE_WEIGHT); the snippet of each result comes from the
files as they are on disk now. A snippet is the best-matching *passage* (sentence,
list item or table row) of whatever scored the page: the page body, or the source's
chunk, then prefixed with a link to the source's archived text,
`[Title](wiki/archive/...-extracted.txt): ...`. The best passage holds the most
query-term weight (the sum of the idf of the distinct query terms it contains;
earliest wins a tie), cut to SNIPPET_CHARS around its first match. A page that
matched only through its title, id or tags shows its description instead.

Results scoring below RELATIVE_CUTOFF times the best are dropped: they share a
common word with the query, not its subject, and listing them beside the match (or
quoting them in the answer) only hides it. Measured on realdocs: the page sought by
165 fact queries and 61 title queries never scored below 0.67 x the best; asked for
the pages about each of its 15 tools by name, 1 relevant page in 61 fell below 0.2 x
the best and 9 below 0.3 x, hence 0.2.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wikid.fsio import read_regular
from wikid.query.answer import extractive_answer, link
from wikid.query.document import PageText, coverage, passages, read_page
from wikid.query.index import Searchable, page_scores, query_weights, row_source, top
from wikid.query.results import QueryRequest, QueryResponse, QueryResult, SourceRef
from wikid.query.store import read_source
from wikid.query.tokenize import term_counts

SNIPPET_CHARS = 240
RELATIVE_CUTOFF = 0.2


@dataclass(frozen=True)
class WikiReader:
    """How a query reads the wiki as it is now: a page (None if it vanished since it
    was indexed) and a source's archived text (None if it cannot be read)."""

    page: Callable[[str], PageText | None]
    source: Callable[[str], str | None]


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


def wiki_reader(wiki: Path) -> WikiReader:
    """Read pages and source texts from `wiki` as they are now."""
    def page(concept_id: str) -> PageText | None:
        try:
            data, _ = read_regular(wiki / f"{concept_id}.md")
        except OSError:
            return None
        return read_page(concept_id, data.decode("utf-8", "replace"))

    return WikiReader(page, lambda path: read_source(wiki, path))


def execute(index: Searchable, request: QueryRequest, read: WikiReader) -> QueryResponse:
    """Rank the pages of `index` for `request.query` and build the response."""
    weights = query_weights(index, term_counts(request.query))
    query_idf = {index.terms[tid]: float(index.idf[tid]) for tid, _ in weights}
    ranked: list[tuple[int, float]] = []
    best_row: dict[int, int] = {}
    if weights:
        pages, values, rows = page_scores(index, weights)
        if request.type is not None:
            wanted = request.type.casefold()
            keep = np.array([(kind or "").casefold() == wanted for kind in index.page_types(pages.tolist())], bool)
            pages, values, rows = pages[keep], values[keep], rows[keep]
        ranked = top(pages, values, request.k)
        ranked = [(doc, score) for doc, score in ranked if score >= RELATIVE_CUTOFF * ranked[0][1]]
        at = np.searchsorted(pages, [doc for doc, _ in ranked])
        best_row = {doc: int(rows[i]) for (doc, _), i in zip(ranked, at.tolist())}
    results: list[QueryResult] = []
    texts: list[tuple[QueryResult, list[str], list[str]]] = []
    for rank, (doc, score) in enumerate(ranked, 1):
        record, row = index.records[doc], best_row[doc]
        source, quoted = None, []
        if hit := row_source(record, row - int(index.starts[doc])):
            cited, chunk = hit
            source = SourceRef(cited.id, cited.title, f"wiki/{cited.path}")
            text = read.source(cited.path) or ""
            quoted = passages(text[int(index.ends[row - 1]) if chunk else 0 : int(index.ends[row])])
        # The page itself is read only where it is quoted: a source's passage, when there
        # is one, is the snippet, and parsing the page would be wasted on it.
        page = read.page(record.id) if request.answer or not quoted else None
        own = passages(page.body) if page else []
        if source is not None and quoted:
            passage = best_passage(quoted, query_idf) or quoted[0]
            snippet = f"{link(source.title, source.path)}: {trim(passage, query_idf)}"
        else:
            snippet = trim(best_passage(own, query_idf) or (page.description if page else "") or
                           (own[0] if own else ""), query_idf)
        result = QueryResult(rank, score, record.id, record.title, f"wiki/{record.id}.md", snippet,
                             record.conflict, record.type, source)
        results.append(result)
        texts.append((result, ([page.description] if page and page.description else []) + own, quoted))
    answer = extractive_answer(texts, query_idf) if request.answer else None
    return QueryResponse(request.query, len(index), results, answer)
