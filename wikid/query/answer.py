"""An extractive answer: the best passages of the top pages, each with its citation.

No model and no paraphrase: every sentence is quoted from a page, or from the archived
text of a source the page cites, so it is in the language of the documents, and is
followed by a link to where it was quoted from: `[Title](wiki/<id>.md)` or
`[Source title](wiki/archive/...-extracted.txt)`. The quotes are the passages the
search scored best (wikid.query.relevance) among the top ANSWER_PAGES results, best
first, at most MAX_SENTENCES, none weaker than half the best and none twice: a quote
whose words are mostly (REPEAT_SHARE) those of one already chosen is a repeat, so
case, spacing, punctuation, markup and a few words more or less do not make it look
new (a digest's description often repeats its first sentence, and a page repeats its
source). A quote is the sentences of its passage that hold its best
window, led by the passage's heading ("EXIT STATUS — 2 if trouble": the number alone
says nothing). Only the results the search kept are quoted, so no page far below the
best (search.RELATIVE_CUTOFF) is. When nothing matches, the answer says plainly that
the wiki does not cover the question.
"""

from __future__ import annotations

import re

from wikid.query.passages import framed
from wikid.query.relevance import Found, excerpt
from wikid.query.results import Answer, Citation, QueryResult
from wikid.query.tokenize import tokens

NOT_COVERED = "The wiki does not cover this question."
ANSWER_PAGES = 3
MAX_SENTENCES = 3
QUOTE_CHARS = 400  # a quote longer than this is cut around its best window
# A quote whose words are this share of an earlier quote's or more says it again: a
# page's table row and its source's option line, one sentence with a word more.
REPEAT_SHARE = 0.8

_LINK_TEXT_SPECIAL = re.compile(r"([\\\[\]])")


def link(title: str, path: str) -> str:
    """`[Title](path)`, with brackets in the title escaped and odd paths in <>."""
    title = _LINK_TEXT_SPECIAL.sub(r"\\\1", title)
    target = f"<{path}>" if any(c in path for c in " ()<>") else path
    return f"[{title}]({target})"


def quote(found: Found) -> str:
    """The passage as the snippet shows it, at up to QUOTE_CHARS: whole when it is that
    short, else its best window (led by its first sentence when that is short)."""
    return excerpt(found.scored, QUOTE_CHARS)


def extractive_answer(pages: list[tuple[QueryResult, list[Found]]]) -> Answer:
    """Answer from the ranked pages: each result with its scored passages."""
    scored = [(found.scored.score, result.rank, found.scored.passage.at, result, found)
              for result, passages in pages[:ANSWER_PAGES] for found in passages]
    if not scored:
        return Answer(NOT_COVERED, False, "extractive")
    strongest = max(value for value, *_ in scored)
    chosen: list[tuple[QueryResult, Found, str]] = []
    said: list[set[str]] = []
    for value, _, _, result, found in sorted(scored, key=lambda s: (-s[0], s[1], s[2])):
        if value < strongest / 2 or len(chosen) == MAX_SENTENCES:
            break
        text = quote(found)
        words = set(tokens(text))
        if not any(len(words & before) >= REPEAT_SHARE * len(words) for before in said):
            said.append(words)
            chosen.append((result, found, text))
    sentences = [Citation(text, r.id, r.title, r.path, found.source) for r, found, text in chosen]
    parts = []
    for (_, found, _), c in zip(chosen, sentences, strict=True):
        cite = link(c.source.title, c.source.path) if c.source else link(c.title, c.path)
        parts.append(f"{framed(found.scored.passage, c.text, QUOTE_CHARS // 2)} {cite}")
    return Answer(" ".join(parts), True, "extractive", sentences)
