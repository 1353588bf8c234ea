"""What the query index reads from a concept page and the source texts it cites.

Pure text in, plain values out. A page is indexed under five fields whose token
counts are added with weights before the sublinear tf is taken, so a word in the
title or the concept id counts like three in the body and a word in the description
or tags like two: a page *about* a thing beats a page that mentions it in passing,
while a long body still adds evidence (weighted zones, one vector per page).

The archived extracted text of each source the page cites (`sources[].text`) is
indexed too, cut into chunks of about CHUNK_CHARS characters (`source_chunks`), each
chunk a vector of its own: a fact in a document that the page's digest left out is
still found, and ranks the page citing it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from wikid.okf.frontmatter import Frontmatter, parse_frontmatter
from wikid.okf.lint_markdown import unverified_rows
from wikid.query.tokenize import term_counts, tokens

FIELD_WEIGHTS = {"title": 3, "id": 3, "description": 2, "tags": 2, "body": 1}
# About a paragraph: short enough that a six-word query matches the chunk holding its
# fact well above the rest of a long text, long enough to keep a fact and its context
# together. On realdocs (bench/knownitem.py, SOURCE_WEIGHT 0.5) chunks of 500, 1,000
# and 2,000 characters find 99.4%, 98.8% and 98.2% of the facts for 238,000, 208,000
# and 178,000 postings (3.2, 2.8, 2.5 MB of index); one vector per text, 85.5%.
CHUNK_CHARS = 500
# A chunk closes at the first paragraph break, sentence end or table-row end after
# CHUNK_CHARS; past HARD_CHUNK_CHARS (a wall of text) at the last line break or space.
HARD_CHUNK_CHARS = 4 * CHUNK_CHARS
_CUT = re.compile(r"\n[ \t]*\n|(?<=[.!?])\s|(?<=[。！？])|\|[ \t]*\n")


class Cited(NamedTuple):
    """A source of a page whose archived text the index reads."""

    id: str
    title: str
    path: str  # relative to wiki/: archive/...


@dataclass(frozen=True)
class PageText:
    """The parts of a page the index and the snippets use."""

    title: str
    type: str | None
    description: str
    tags: list[str]
    body: str
    sources: list[Cited]


def archive_text_path(value: object) -> str | None:
    """`value` as a path under wiki/archive/ (`/archive/a/b.txt` -> `archive/a/b.txt`), or None.

    Only a bundle path below `/archive/` is ever read: a page is text anyone may have
    written, and its `text:` must not make a query read `/etc/passwd`, `../secrets` or
    anything else outside the archive wikid itself fills.
    """
    if not isinstance(value, str) or not value.startswith("/archive/"):
        return None
    parts = value[1:].split("/")
    if any(p in ("", ".", "..") or "\\" in p or "\0" in p for p in parts):
        return None
    return "/".join(parts)


def _cited(sources: Any) -> list[Cited]:
    """The sources whose `text` is an archive path, each path once, in page order."""
    out: dict[str, Cited] = {}
    for source in sources if isinstance(sources, list) else []:
        path = archive_text_path(source.get("text")) if isinstance(source, dict) else None
        if path is not None and path not in out:
            sid = source.get("id")
            sid = str(sid) if isinstance(sid, (str, int)) else path.rsplit("/", 1)[-1]
            title = source.get("title")
            out[path] = Cited(sid, " ".join(title.split()) if isinstance(title, str) and title.strip() else sid, path)
    return list(out.values())


def read_page(concept_id: str, text: str, parsed: Frontmatter | None = None) -> PageText:
    """Split a page into its fields; a page without readable frontmatter is all body.
    `parsed`: the frontmatter of `text` when the caller parsed it already (a batch)."""
    fm = parse_frontmatter(text) if parsed is None else parsed
    slug = concept_id.rsplit("/", 1)[-1]
    if fm.data is None:
        return PageText(slug, None, "", [], text, [])
    tags = fm.data.get("tags")
    if isinstance(tags, str):
        tags = [tags]
    tag_list = [str(t) for t in tags if isinstance(t, (str, int, float))] if isinstance(tags, list) else []
    return PageText(fm.text("title") or slug, fm.type, fm.text("description"), tag_list, text[fm.body_start :],
                    _cited(fm.data.get("sources")))


def term_weights(concept_id: str, page: PageText) -> dict[str, float]:
    """Sublinear tf (1 + ln of the field-weighted count) of every term of the page."""
    fields = {
        "title": page.title,
        "id": concept_id,
        "description": page.description,
        "tags": " ".join(page.tags),
        "body": page.body,
    }
    terms: list[str] = []
    for name, text in fields.items():  # a field's weight: its tokens counted that many times
        terms += tokens(text) * FIELD_WEIGHTS[name]
    return {term: 1.0 + math.log(n) for term, n in Counter(terms).items()}


def source_chunks(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans that cut a source text into chunks, covering all of it.

    A cut falls after a paragraph break, a sentence end or a table row, so a chunk holds
    whole passages and a snippet taken from one reads like one taken from a page.
    """
    spans: list[tuple[int, int]] = []
    start = 0
    while start < len(text):
        soft, hard = start + CHUNK_CHARS, start + HARD_CHUNK_CHARS
        if soft >= len(text):
            end = len(text)
        elif cut := _CUT.search(text, soft, hard):
            end = cut.end()
        elif hard >= len(text):
            end = len(text)
        else:
            line, space = text.rfind("\n", soft, hard), text.rfind(" ", soft, hard)
            end = (line if line >= 0 else space if space >= 0 else hard - 1) + 1
        spans.append((start, end))
        start = end
    return spans


def chunk_rows(text: str) -> list[tuple[dict[str, float], int]]:
    """Each chunk of a source text, in order: its sublinear tf (1 + ln count) and where it ends."""
    return [({t: 1.0 + math.log(n) for t, n in term_counts(text[a:b]).items()}, b) for a, b in source_chunks(text)]


def open_conflict(body: str) -> bool:
    """Whether a `# Conflicts` table has a row marked `unverified`.

    That is a conflict nobody has decided: no value is canonical, so whatever the
    page says about that attribute may be wrong. Rows marked `canonical`/`superseded`
    are settled (the page states the current value) and are not flagged. The rule is
    the linter's CONFLICT_UNRESOLVED (one function serves both).
    """
    return bool(unverified_rows(body))
