"""Answer one query against an index: rank the pages, then read them for passages.

Ranking uses the index alone (index.page_scores: a page's own text, or a chunk of a
source text it cites, at SOURCE_WEIGHT). Each result is then read as it is on disk
now, at the rows holding most of the query (FIRST_ROWS_READ of them for the first,
ROWS_READ for the others an answer quotes, one for the rest): the source chunks among them, and the page's own
text when its row is one of them, of which only the parts holding the query's terms
are read. What is read is cut into passages (wikid.query.passages) and scored against
the query (wikid.query.relevance), each score lifted by up to REGION_WEIGHT by how
much of the query the row it was read at holds. The best is the result's snippet: the passage with its
heading (and the sentence introducing it, for an entry of a list), cut to
SNIPPET_CHARS around its best window, prefixed with a link to the source's archived
text when it is quoted from one, `[Title](wiki/archive/...-extracted.txt): ...`. A
page matched by its title or id alone shows its description. A page's line that only
names one of its sources by its title (its `# Sources` list, a footnote) is not a
passage (`cites`). The answer
(wikid.query.answer) quotes the best passages of the top results.

Results scoring below RELATIVE_CUTOFF times the best are dropped before the pages are
read: they share a common word with the query, not its subject, and listing them
beside the match (or quoting them in the answer) only hides it. Measured on realdocs:
the page sought by 165 fact queries and 61 title queries never scored below 0.67 x
the best; asked for the pages about each of its 15 tools by name, 1 relevant page in
61 fell below 0.2 x the best and 9 below 0.3 x, hence 0.2.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wikid.fsio import read_regular
from wikid.okf.frontmatter import split_frontmatter
from wikid.query.answer import ANSWER_PAGES, extractive_answer, link
from wikid.query.document import read_page, source_chunks
from wikid.query.index import (
    SOURCE_WEIGHT,
    Searchable,
    best_rows,
    held_weights,
    prefixed,
    query_weights,
    row_source,
    scores,
    top,
)
from wikid.query.passages import LEAD_CHARS, Passage, cut, framed
from wikid.query.question import subject_counts
from wikid.query.relevance import MIN_STEM, VARIANT_WEIGHT, Found, QueryTerms, Scored, excerpt, variant
from wikid.query.results import QueryRequest, QueryResponse, QueryResult, SourceRef
from wikid.query.store import read_source
from wikid.query.tokenize import tokens

SNIPPET_CHARS = 240
RELATIVE_CUTOFF = 0.2
# The rows a result is read at for passages: its source chunks and its page's own text
# that hold the most of the query (the idf of the distinct terms held; the cosine, which
# rewards a chunk repeating one term, breaks ties), none holding less than HELD_CUTOFF
# of what the best one holds; the passage that answers is often not in the one chunk
# that scored best. The first result is read at FIRST_ROWS_READ rows, the others an
# answer quotes (answer.ANSWER_PAGES) at ROWS_READ, the rest, whose snippet is all that
# is shown of them, at their best row. A passage's score is lifted by up to
# REGION_WEIGHT by the share of the query its row holds, a source's row weighed by
# SOURCE_WEIGHT as the page's score weighs it: a passage read where the document
# matches the question as a whole is likelier to answer it, and the page is the digest
# the wiki vouches for.
#
# Measured on bench/answers.py (answering passage in the top-3 snippets, first corpus
# of 25 questions / second of 20, the second measured only), every result read at 3 or
# 5 rows: 3 rows by cosine, no lift 21/12; 5 rows by cosine 19/14; 5 by the query held
# 18/15, with the lift 20/15, the lift without SOURCE_WEIGHT 18/15; 4 rows 20/14, 6 rows
# 20/15. HELD_CUTOFF 0.5 and the first result alone at 5 rows: the same answers for a
# sixth and a third less reading (0.6, 0.7: 20/15, 18/15).
FIRST_ROWS_READ = 5
ROWS_READ = 3
HELD_CUTOFF = 0.5
REGION_WEIGHT = 0.5
CITING_CHARS = 40  # a line longer than its source's title and this cannot be one citing it
# A passage naming this many of its page's sources by their whole titles lists them.
LISTED_TITLES = 2
# When the query names pages by a word of their titles, the others score 1 / NAMED_WEIGHT
# of their cosine (named_first). Measured on bench/answers.py's questions naming their tool by
# one word: the tool's page first for 19 of answers-d's 23 (GNU tar's chunk on
# `--show-omitted-dirs` outscored GNU grep for "grep show the line number of each
# match"), 22 at 1.3, 23 at 1.6 and 2.0; answers-a 6/6 and -b 7/7 at each; the
# answering passages and answers of all three, and known-item@3 on bench/quality.py's
# nine corpora, unchanged.
NAMED_WEIGHT = 1.6
NAMED_CANDIDATES = 20
NAMED_AT_MOST = 2
KIND_WORDS = 3  # what may follow a source's title in a page's line citing it: its kind ("Manual page")


@dataclass(frozen=True)
class WikiReader:
    """How a query reads the wiki as it is now: a page's text (None if it vanished since
    it was indexed) and a source's archived text (None if it cannot be read)."""

    page: Callable[[str], str | None]
    source: Callable[[str], str | None]


def wiki_reader(wiki: Path) -> WikiReader:
    """Read pages and source texts from `wiki` as they are now."""
    def page(concept_id: str) -> str | None:
        try:
            data, _ = read_regular(wiki / f"{concept_id}.md")
        except OSError:
            return None
        return data.decode("utf-8", "replace")

    return WikiReader(page, lambda path: read_source(wiki, path))


def body(page: str) -> str:
    """A page's text after its frontmatter (all of it without one): the frontmatter's
    YAML is not parsed, a query needs the title alone and the index has it."""
    split = split_frontmatter(page)
    return page[split[1] :] if split else page


def query_terms(index: Searchable, query: str) -> QueryTerms:
    """The query's distinct terms weighed by their idf in the index; a term the index has
    never seen weighs as a term of one row would (it may still match a variant of itself).

    (Weighing terms by the pages holding them instead, so that the tool a question names
    outweighs words its manual says in passing, found fewer answering passages on
    bench/answers.py's first corpus: 12 of 25 in the top-3 snippets against 14.)"""
    unseen = 1.0 + math.log((len(index.norms) + 1.0) / 2.0)
    weights = {}
    for term in subject_counts(query):
        tid = index.term_id(term)
        weights[term] = float(index.idf[tid]) if tid is not None else unseen
    return QueryTerms(weights)


def page_passages(index: Searchable, doc: int, rows: np.ndarray, cosine: np.ndarray, page: str | None,
                  read: WikiReader, terms: QueryTerms, holding: dict[str, list[tuple[int, float]]],
                  depth: int = ROWS_READ) -> list[Found]:
    """The scored passages of one page's `depth` rows holding the most of the query
    (`rows`, `cosine`: the page's hit rows; `holding`: the index terms holding each
    query term, as `holders` gives them): the source chunks among them, and the page's
    own text when its row is one of them.

    A page's text is one row, however long (a digest may run to 80 KB), so which of its
    parts to read is decided by the query's terms in each part (`spans_held`)."""
    record, first = index.records[doc], int(index.starts[doc])
    found: list[Found] = []
    cited: dict[str, SourceRef] = {}
    if depth > 1:
        # The terms the page's title holds are left out unless they are all the query
        # has: the title names what every row of the page is about, so a row holding
        # it says nothing about where on the page the answer is, while a changelog
        # naming its tool in every entry would outweigh the manual's option that answers.
        held = held_weights(index, [(weight, holding[term]) for term, weight
                                    in terms.subject(terms.held(record.title)).items()], rows)
        # How much of the query each row holds, as the page's score weighs a source's rows.
        share = np.where(rows == first, held, SOURCE_WEIGHT * held) / max(float(held.max(initial=0.0)), 1e-12)
        cutoff = HELD_CUTOFF * float(held.max(initial=0.0))
        order = [i for i in np.lexsort((-cosine, -held))[:depth].tolist() if held[i] >= cutoff]
    else:  # one row read: the one that scored the page, and no other to weigh it against
        share = np.ones(len(rows))
        order = np.argsort(-np.where(rows == first, cosine, SOURCE_WEIGHT * cosine), kind="stable")[:1].tolist()
    regions: dict[str, list[tuple[int, int, float]]] = {}
    for i in order:
        row = int(rows[i])
        lift = 1.0 + REGION_WEIGHT * float(share[i])
        if hit := row_source(record, row - first):
            source, chunk = hit
            start = int(index.ends[row - 1]) if chunk else 0
            regions.setdefault(source.path, []).append((start, int(index.ends[row]), lift))
            cited[source.path] = SourceRef(source.id, source.title, f"wiki/{source.path}")
        elif page:
            text = body(page)
            titles = [t for source in record.sources if (t := tokens(source.title))]
            longest = max((len(source.title) for source in record.sources), default=0) + CITING_CHARS
            spans = source_chunks(text)
            inside = terms.spans_held(text, spans, terms.held(record.title))
            best_spans = sorted(range(len(spans)), key=lambda n: -inside[n])[:depth]
            for start, end in merged([spans[n] for n in best_spans if inside[n] > 0]):
                found += [Found(lifted(s, lift), None) for p in cut(text, start, end)
                          if not cites(p, titles, longest) and (s := terms.score(p, record.title))]
    for path, chunks in regions.items():
        source_text = read.source(path)
        if not source_text:
            continue
        ref, frame = cited[path], f"{cited[path].title} {record.title}"
        for start, end in merged([(a, b) for a, b, _ in chunks]):
            lift = max(value for a, b, value in chunks if a < end and b > start)
            found += [Found(lifted(s, lift), ref) for p in cut(source_text, start, end) if (s := terms.score(p, frame))]
    return found


def holders(index: Searchable, terms: QueryTerms) -> dict[str, list[tuple[int, float]]]:
    """For each query term, the index's terms that hold it and how fully: itself, and
    its variants at VARIANT_WEIGHT (`growing` for `grows`: a row is read for the
    passages it holds, and a passage holds a variant)."""
    out = {}
    for term in terms.weights:
        found = [(tid, 1.0 if word == term else VARIANT_WEIGHT) for tid, word in prefixed(index, term[:MIN_STEM])
                 if word == term or variant(term, word)] if len(term) >= MIN_STEM else []
        if not found and (tid := index.term_id(term)) is not None:
            found = [(tid, 1.0)]
        out[term] = found
    return out


def cites(passage: Passage, titles: list[list[str]], longest: int) -> bool:
    """Whether `passage` is a page's line naming one of its sources by its title (its
    `# Sources` list, a footnote), or a lead listing them (a suite's "this page gathers
    the manual pages: ..."): where the page's facts come from, not one of them; the
    title frames every passage read from that source. (`longest`: the longest title's
    length and CITING_CHARS; a longer line says more than a title.)"""
    short = len(passage.text) <= longest
    runs = [title for title in titles if len(title) > 1]
    if not short and len(runs) < LISTED_TITLES:
        return False  # (most passages of most pages: not read again for titles)
    words = tokens(passage.text)
    if short and any(words[: len(title)] == title and len(words) - len(title) <= KIND_WORDS for title in titles):
        return True
    return sum(_holds_run(words, title) for title in runs) >= LISTED_TITLES


def _holds_run(words: list[str], run: list[str]) -> bool:
    return any(words[at : at + len(run)] == run for at in range(len(words) - len(run) + 1) if words[at] == run[0])


def lifted(scored: Scored, lift: float) -> Scored:
    """`scored` weighed by how well the region it was read in matched the query."""
    return Scored(scored.score * lift, scored.passage, scored.window, scored.own)


def merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of one text, those closer than a region's look back (LEAD_CHARS) joined, so
    that no part of the text is read twice."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start - out[-1][1] <= LEAD_CHARS:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return out


def best(found: list[Found]) -> Found | None:
    """The best-scoring passage; on a tie the page's own (the digest the wiki vouches for), then the first."""
    return max(found, key=lambda f: (f.scored.score, f.source is None), default=None)


def snippet(top: Found | None, concept_id: str, page: str | None) -> str:
    """The best passage with its heading, a source's prefixed with a link to its text;
    when the page matched by its title or id alone, its description (or that passage, or
    its first passage when it has no description)."""
    if top is None or not top.scored.own:
        parsed = read_page(concept_id, page) if page else None
        if parsed and parsed.description:
            return parsed.description
        if top is None:
            first = cut(parsed.body) if parsed else []
            return trim(first[0].text) if first else ""
    text = framed(top.scored.passage, excerpt(top.scored, SNIPPET_CHARS), SNIPPET_CHARS // 2)
    return f"{link(top.source.title, top.source.path)}: {text}" if top.source else text


def trim(text: str) -> str:
    """`text` cut to about SNIPPET_CHARS on a word break."""
    if len(text) <= SNIPPET_CHARS:
        return text
    end = text.rfind(" ", SNIPPET_CHARS // 2, SNIPPET_CHARS)
    return text[: end if end > 0 else SNIPPET_CHARS] + "…"


@dataclass(frozen=True)
class Ranking:
    """A query ranked against an index, before any page is read: its terms' weights (as
    index.query_weights gives them), the rows sharing a term with it (ascending, with
    their cosine) and the pages shown, best first."""

    weights: list[tuple[int, float]]
    rows: np.ndarray
    cosine: np.ndarray
    ranked: list[tuple[int, float]]  # (page, score)

    @property
    def pages(self) -> list[int]:
        return [doc for doc, _ in self.ranked]


def named_first(index: Searchable, ranked: list[tuple[int, float]], terms: set[str]) -> list[tuple[int, float]]:
    """`ranked` (the NAMED_CANDIDATES best pages or more, best first), but that when
    the query names some of them by a word of their titles, the others score
    1 / NAMED_WEIGHT of theirs: asked "frob show the line number of each match", the
    page about frob must not lose to a page whose one source chunk says "show", "line"
    and "number" more often (a named page keeps its cosine, so scores stay within 0-1).
    A word naming more than NAMED_AT_MOST of them names none (the "GNU" of several
    tools' titles). Pages past the candidates only fall, so the best are among them."""
    naming: dict[str, list[int]] = {}
    for doc, _ in ranked[:NAMED_CANDIDATES]:
        for word in set(tokens(index.records[doc].title)) & terms:
            naming.setdefault(word, []).append(doc)
    named = {doc for docs in naming.values() if len(docs) <= NAMED_AT_MOST for doc in docs}
    if not named:
        return ranked
    weighed = [(doc, score if doc in named else score / NAMED_WEIGHT) for doc, score in ranked]
    return sorted(weighed, key=lambda item: (-item[1], item[0]))


def rank(index: Searchable, request: QueryRequest) -> Ranking:
    """The pages of `index` to show for `request`, from the index alone. The caller
    resolves `request.k` (None: the project's `query.k`) before, as it has the project."""
    if request.k is None:
        raise ValueError("rank() needs request.k: read query.k from the project's wikid.yaml first")
    subjects = subject_counts(request.query)
    weights = query_weights(index, subjects)
    if not weights:
        return Ranking(weights, np.zeros(0, np.int64), np.zeros(0), [])
    rows, cosine = scores(index, weights)
    pages, values, _ = best_rows(index, rows, cosine)
    if request.type is not None:
        wanted = request.type.casefold()
        keep = np.array([(kind or "").casefold() == wanted for kind in index.page_types(pages.tolist())], bool)
        pages, values = pages[keep], values[keep]
    if len(pages):
        relevant = values >= RELATIVE_CUTOFF * values.max()
        pages, values = pages[relevant], values[relevant]
    best = top(pages, values, max(request.k, NAMED_CANDIDATES))
    return Ranking(weights, rows, cosine, named_first(index, best, set(subjects))[: request.k])


def respond(index: Searchable, request: QueryRequest, ranking: Ranking, read: WikiReader) -> QueryResponse:
    """The response to `request`: the ranked pages read as they are now, for their passages."""
    rows, cosine = ranking.rows, ranking.cosine
    terms = query_terms(index, request.query)
    holding = holders(index, terms)
    results: list[QueryResult] = []
    quotable: list[tuple[QueryResult, list[Found]]] = []
    for place, (doc, score) in enumerate(ranking.ranked, 1):
        record = index.records[doc]
        lo, hi = np.searchsorted(rows, [index.starts[doc], index.starts[doc + 1]]).tolist()
        page = read.page(record.id)
        depth = FIRST_ROWS_READ if place == 1 else ROWS_READ if place <= ANSWER_PAGES else 1
        found = page_passages(index, doc, rows[lo:hi], cosine[lo:hi], page, read, terms, holding, depth)
        top_found = best(found)
        result = QueryResult(place, score, record.id, record.title, f"wiki/{record.id}.md",
                             snippet(top_found, record.id, page), record.conflict, record.type,
                             top_found.source if top_found else None)
        results.append(result)
        quotable.append((result, found))
    answer = extractive_answer(quotable) if request.answer else None
    return QueryResponse(request.query, len(index), results, answer)


def execute(index: Searchable, request: QueryRequest, read: WikiReader) -> QueryResponse:
    """Rank the pages of `index` for `request.query` and build the response."""
    return respond(index, request, rank(index, request), read)
