"""An extractive answer: the top pages' best sentences, each with its citation.

No model and no paraphrase: every sentence is quoted from a page (so it is in the
language of the pages) and followed by a link to it, `[Title](wiki/<id>.md)`. The
sentences are the ones holding the most query-term weight among the top
ANSWER_PAGES results, at most MAX_SENTENCES, none weaker than half the best, in
rank and page order so they read as a paragraph. When nothing matches, the answer
says plainly that the wiki does not cover the question.
"""

from __future__ import annotations

import re

from wikid.query.document import coverage
from wikid.query.results import Answer, Citation, QueryResult

NOT_COVERED = "The wiki does not cover this question."
ANSWER_PAGES = 3
MAX_SENTENCES = 3

_LINK_TEXT_SPECIAL = re.compile(r"([\\\[\]])")


def citation(result: QueryResult) -> str:
    """`[Title](wiki/<id>.md)`, with brackets in the title escaped and odd paths in <>."""
    title = _LINK_TEXT_SPECIAL.sub(r"\\\1", result.title)
    target = f"<{result.path}>" if any(c in result.path for c in " ()<>") else result.path
    return f"[{title}]({target})"


def extractive_answer(pages: list[tuple[QueryResult, list[str]]], query_idf: dict[str, float]) -> Answer:
    """Answer from the ranked pages (result, passages in page order)."""
    scored = []
    for result, passages in pages[:ANSWER_PAGES]:
        for position, sentence in enumerate(passages):
            value = coverage(sentence, query_idf)
            if value > 0:
                scored.append((value, result.rank, position, result, sentence))
    if not scored and pages and pages[0][1]:
        result, passages = pages[0]
        scored = [(0.0, result.rank, 0, result, passages[0])]  # matched by title or id only
    if not scored:
        return Answer(NOT_COVERED, False, "extractive")
    best = max(value for value, *_ in scored)
    chosen = sorted(scored, key=lambda s: (-s[0], s[1], s[2]))[:MAX_SENTENCES]
    chosen = sorted((s for s in chosen if s[0] >= best / 2), key=lambda s: (s[1], s[2]))
    sentences = [Citation(sentence, r.id, r.title, r.path) for _, _, _, r, sentence in chosen]
    text = " ".join(f"{c.text} {citation(r)}" for c, (_, _, _, r, _) in zip(sentences, chosen))
    return Answer(text, True, "extractive", sentences)
