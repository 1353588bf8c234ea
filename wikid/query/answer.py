"""An extractive answer: the top pages' best sentences, each with its citation.

No model and no paraphrase: every sentence is quoted from a page, or from the archived
text of a source that scored the page, so it is in the language of the documents, and
is followed by a link to where it was quoted from: `[Title](wiki/<id>.md)` or
`[Source title](wiki/archive/...-extracted.txt)`. The sentences are the ones holding
the most query-term weight among the top ANSWER_PAGES results, at most MAX_SENTENCES,
none weaker than half the best and none twice: sentences are compared by their tokens,
so case, spacing, punctuation and markup do not make a repeat look new (a digest's
description often repeats its first sentence, and a page repeats its source). They are
given in rank and page order so they read as a paragraph. Only the results the search
kept are quoted, so no page far below the best (search.RELATIVE_CUTOFF) is. When
nothing matches, the answer says plainly that the wiki does not cover the question.
"""

from __future__ import annotations

import re

from wikid.query.document import coverage
from wikid.query.results import Answer, Citation, QueryResult, SourceRef
from wikid.query.tokenize import tokens

NOT_COVERED = "The wiki does not cover this question."
ANSWER_PAGES = 3
MAX_SENTENCES = 3

_LINK_TEXT_SPECIAL = re.compile(r"([\\\[\]])")


def link(title: str, path: str) -> str:
    """`[Title](path)`, with brackets in the title escaped and odd paths in <>."""
    title = _LINK_TEXT_SPECIAL.sub(r"\\\1", title)
    target = f"<{path}>" if any(c in path for c in " ()<>") else path
    return f"[{title}]({target})"


def extractive_answer(pages: list[tuple[QueryResult, list[str], list[str]]], query_idf: dict[str, float]) -> Answer:
    """Answer from the ranked pages: (result, its passages in page order, the passages
    of the source chunk that scored it, empty when the page scored by itself)."""
    scored: list[tuple[float, int, int, QueryResult, str, SourceRef | None]] = []
    for result, own, quoted in pages[:ANSWER_PAGES]:
        candidates = [(s, None) for s in own] + [(s, result.source) for s in quoted]
        for position, (sentence, source) in enumerate(candidates):
            value = coverage(sentence, query_idf)
            if value > 0:
                scored.append((value, result.rank, position, result, sentence, source))
    if not scored and pages and pages[0][1]:
        result, own, _ = pages[0]
        scored = [(0.0, result.rank, 0, result, own[0], None)]  # matched by title or id only
    if not scored:
        return Answer(NOT_COVERED, False, "extractive")
    best = max(value for value, *_ in scored)
    chosen, seen = [], set()
    for candidate in sorted(scored, key=lambda s: (-s[0], s[1], s[2])):
        key = tuple(tokens(candidate[4]))
        if candidate[0] < best / 2 or len(chosen) == MAX_SENTENCES:
            break
        if key not in seen:
            seen.add(key)
            chosen.append(candidate)
    chosen.sort(key=lambda s: (s[1], s[2]))
    sentences = [Citation(sentence, r.id, r.title, r.path, source) for _, _, _, r, sentence, source in chosen]
    text = " ".join(f"{c.text} {link(c.source.title, c.source.path) if c.source else link(c.title, c.path)}"
                    for c in sentences)
    return Answer(text, True, "extractive", sentences)
