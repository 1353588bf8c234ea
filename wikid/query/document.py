"""What the query index reads from a concept page, and the passages snippets come from.

Pure text in, plain values out. A page is indexed under five fields whose token
counts are added with weights before the sublinear tf is taken, so a word in the
title or the concept id counts like three in the body and a word in the description
or tags like two: a page *about* a thing beats a page that mentions it in passing,
while a long body still adds evidence (weighted zones, one vector per page).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from wikid.okf.frontmatter import parse_frontmatter
from wikid.okf.lint_markdown import table_cells, unverified_rows
from wikid.query.tokenize import term_counts, tokens

FIELD_WEIGHTS = {"title": 3, "id": 3, "description": 2, "tags": 2, "body": 1}

_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_FOOTNOTE_REF = re.compile(r"\[\^[^\]\s]+\]")
_EMPHASIS = re.compile(r"(\*\*|__|`|~~|<br\s*/?>)")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_FOOTNOTE_DEF = re.compile(r"^\s*\[\^[^\]]+\]:")
_RULE = re.compile(r"^\s*(?:[-*_]\s*){3,}$")
_SEPARATOR_CELL = re.compile(r"^:?-+:?$")
# A sentence ends at . ! ? followed by a space, or right after a CJK full stop.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？])")


@dataclass(frozen=True)
class PageText:
    """The parts of a page the index and the snippets use."""

    title: str
    type: str | None
    description: str
    tags: list[str]
    body: str


def read_page(concept_id: str, text: str) -> PageText:
    """Split a page into its fields; a page without readable frontmatter is all body."""
    fm = parse_frontmatter(text)
    slug = concept_id.rsplit("/", 1)[-1]
    if fm.data is None:
        return PageText(slug, None, "", [], text)
    tags = fm.data.get("tags")
    if isinstance(tags, str):
        tags = [tags]
    tag_list = [str(t) for t in tags if isinstance(t, (str, int, float))] if isinstance(tags, list) else []
    return PageText(fm.text("title") or slug, fm.type, fm.text("description"), tag_list, text[fm.body_start :])


def term_weights(concept_id: str, page: PageText) -> dict[str, float]:
    """Sublinear tf (1 + ln of the field-weighted count) of every term of the page."""
    fields = {
        "title": page.title,
        "id": concept_id,
        "description": page.description,
        "tags": " ".join(page.tags),
        "body": page.body,
    }
    counts: Counter[str] = Counter()
    for name, text in fields.items():
        weight = FIELD_WEIGHTS[name]
        for term, n in term_counts(text).items():
            counts[term] += weight * n
    return {term: 1.0 + math.log(n) for term, n in counts.items()}


def open_conflict(body: str) -> bool:
    """Whether a `# Conflicts` table has a row marked `unverified`.

    That is a conflict nobody has decided: no value is canonical, so whatever the
    page says about that attribute may be wrong. Rows marked `canonical`/`superseded`
    are settled (the page states the current value) and are not flagged. The rule is
    the linter's CONFLICT_UNRESOLVED (one function serves both).
    """
    return bool(unverified_rows(body))


def coverage(passage: str, query_idf: dict[str, float]) -> float:
    """How much of a query a passage holds: the idf of each distinct query term in it."""
    present = set(tokens(passage))
    return sum(w for t, w in query_idf.items() if t in present)


def plain(markdown: str) -> str:
    """One line of readable text: links become their text, footnote marks and emphasis go."""
    text = _FOOTNOTE_REF.sub("", markdown)
    text = _LINK.sub(r"\1", text)
    text = _EMPHASIS.sub("", text)
    return " ".join(text.split())


def _table_row(cells: list[str]) -> str | None:
    if all(_SEPARATOR_CELL.match(c) for c in cells if c) or not any(cells):
        return None
    kept = [plain(c) for c in cells]
    return " | ".join(c for c in kept if c)


def passages(body: str) -> list[str]:
    """The body cut into sentences, list items and table rows, as plain text, in order.

    Headings, rules, footnote definitions and code fences are not passages: a snippet
    or an answer quotes what the page says, not its scaffolding.
    """
    out: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            text = plain(" ".join(paragraph))
            out.extend(s for s in _SENTENCE_END.split(text) if s.strip())
            paragraph.clear()

    for line in body.split("\n"):
        stripped = line.strip()
        cells = table_cells(line) if stripped.startswith("|") else None
        if (not stripped or stripped.startswith("#") or stripped.startswith(("```", "~~~"))
                or _RULE.match(line) or _FOOTNOTE_DEF.match(line)):
            flush()
        elif cells is not None:
            flush()
            row = _table_row(cells)
            if row:
                out.append(row)
        elif _LIST_ITEM.match(line):
            flush()
            paragraph.append(_LIST_ITEM.sub("", line))
        else:
            paragraph.append(stripped)
    flush()
    return out
