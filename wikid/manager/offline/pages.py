"""Render one concept page (design §4) from resolved values; no decisions are made here.

Layout:
* kept prose of an earlier page (if any), then what the sources say: a short summary
  from the source that best describes the entity (its manual page, reference or
  README before its release notes and changelogs), each sentence's paragraph ending
  in its source's footnote;
* the facts: `# Attributes` (agreed and canonical values) and `# Conflicts` (only
  when sources disagree);
* `# Sources`: one section per source — its own title, what it is and its date, its
  first sentences, its outline (headings with their first sentence), its tables,
  the shape of its data — most descriptive first; beyond MAX_DETAILED_SOURCES the
  rest are listed one line each;
* `# Related Concepts` (bundle-absolute links to pages that exist), then the footnote
  definitions of every label the body cites.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import wikid
from wikid.clock import iso
from wikid.manager.offline.digest import SourceDigest
from wikid.manager.offline.prior import SOURCE_NOTES, SOURCES
from wikid.manager.offline.related import HEADING
from wikid.manager.offline.resolve import AttributeRow, ConflictRow
from wikid.okf.page import render_page

MAX_DETAILED_SOURCES = 12  # a page built from 50 invoices lists the rest one line each
MAX_SUMMARY_SENTENCES = 3
MAX_DESCRIPTION_CHARS = 200
_FOOTNOTE_REF = re.compile(r"\[\^([^\]]+)\]")
EARLIER_PAGE = "earlier page"  # Source cell of a value the earlier page states without a source
# How well a kind of document describes its entity, best first: the summary comes
# from the first source in this order, and the sources are listed in it.
DESCRIPTIVE_KINDS = (
    "manual page", "module reference", "reference", "README", "overview", "guide", "tutorial", "FAQ",
    "contract", "notice", "invoice", "price list", "spreadsheet", "table", "data file", "policy", "runbook",
    "meeting notes", "incident report",
    "history", "contribution guide", "installation notes", "release notes", "changelog", "to-do list",
)


@dataclass(frozen=True)
class PageSource:
    """A source cited on the page, with what its section and the summary need."""

    id: str
    title: str
    date: date | None
    digest: SourceDigest
    kind: str | None = None
    author: str | None = None
    mentions_title: tuple[bool, ...] = field(default=())  # per digest sentence: names the page's entity


@dataclass(frozen=True)
class PageDraft:
    type: str
    title: str
    description: str | None  # None: derive one (see `describe`)
    tags: list[str]
    sources: list[dict[str, Any]]  # frontmatter entries, in order
    extra: dict[str, Any]  # other frontmatter keys of an earlier page, preserved
    cited: list[PageSource]  # sources with text, for the summary and their sections
    prose: str
    notes: tuple[str, ...]
    attributes: list[AttributeRow]
    conflicts: list[ConflictRow]
    related: list[tuple[str, str]]  # (title, concept id)
    footnotes: dict[str, str]  # label -> definition text for labels that are not sources


def cell(text: str) -> str:
    """Table-cell text: one line, pipes escaped."""
    return " ".join(text.replace("\\", "\\\\").replace("|", "\\|").split())


def _ref(label: str | None) -> str:
    return f"[^{label}]" if label else EARLIER_PAGE


def _link_text(title: str) -> str:
    return title.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


_MARKUP = re.compile(r"([\\`\[\]<>])")


def inline(text: str) -> str:
    """Text shown as markdown (a heading, a footnote, a list item) without it becoming
    a link, an image, code or HTML: a document titled `[x](../../secret)` must not
    link out of the wiki. Emphasis marks are left: they cannot point anywhere."""
    return _MARKUP.sub(r"\\\1", " ".join(text.split()))


def _rank(source: PageSource) -> tuple[int, int, int, str]:
    """Most descriptive first, then newest, then by id."""
    kind = DESCRIPTIVE_KINDS.index(source.kind) if source.kind in DESCRIPTIVE_KINDS else len(DESCRIPTIVE_KINDS) // 2
    return (kind, source.date is None, -(source.date.toordinal() if source.date else 0), source.id)


def ordered_sources(cited: list[PageSource]) -> list[PageSource]:
    return sorted(cited, key=_rank)


def summary(cited: list[PageSource]) -> tuple[list[str], str | None]:
    """The summary sentences (from the most descriptive source with prose, preferring
    sentences that name the entity) and the id of the source they come from."""
    for source in ordered_sources(cited):
        said = list(source.digest.sentences)
        if not said:
            continue
        naming = [s for s, named in zip(said, source.mentions_title) if named]
        first = naming[0] if naming else said[0]
        chosen = [first] + [s for s in said if s != first][: MAX_SUMMARY_SENTENCES - 1]
        return chosen, source.id
    return [], None


def describe(draft: PageDraft, said: list[str]) -> str:
    """One sentence: the current values that sources disagreed on, else the first summary
    sentence, else the shape of a data source ("A table of 40 rows with the columns …")."""
    resolved = [a for a in draft.attributes if a.status == "canonical"][:3]
    if resolved:
        values = "; ".join(f"{a.label}: {a.value}" for a in resolved)
        return f"{draft.title} ({draft.type}); current {values}."
    if said:
        first = said[0]
        if len(first) > MAX_DESCRIPTION_CHARS:
            first = first[:MAX_DESCRIPTION_CHARS].rsplit(" ", 1)[0] + "…"
        return first
    shape = next((s.digest.structure for s in ordered_sources(draft.cited) if s.digest.structure), None)
    if shape:
        return shape if len(shape) <= MAX_DESCRIPTION_CHARS else shape[:MAX_DESCRIPTION_CHARS].rsplit(" ", 1)[0] + "…"
    count = len(draft.sources)
    kinds = sorted({s.kind for s in draft.cited if s.kind})
    what = f" ({', '.join(kinds)})" if kinds else ""
    return f"{draft.type} {draft.title}, described by {count} source{'s' if count != 1 else ''}{what}."


def _date(value: date | None) -> str:
    return value.isoformat() if value else "undated"


def _table(rows: tuple[tuple[str, ...], ...], total: int) -> str:
    width = max(len(r) for r in rows)
    padded = [list(r) + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(cell(c) for c in padded[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(cell(c) for c in r) + " |" for r in padded[1:]]
    if total > len(rows) - 1:
        lines.append("")
        lines.append(f"({len(rows) - 1} of {total} rows.)")
    return "\n".join(lines)


def _what(source: PageSource) -> str:
    parts = [source.kind[:1].upper() + source.kind[1:] if source.kind else "Document"]
    if source.date:
        parts.append(source.date.isoformat())
    if source.author:
        parts.append(f"by {source.author}")
    return ", ".join(parts)


def derivable_blocks(source: PageSource) -> set[str]:
    """The blocks (whitespace folded) `source_section` may write for `source`, with or
    without the sentences a summary took: what an update may drop and write again."""
    blocks: set[str] = set()
    for used in (set(), set(source.digest.sentences)):
        blocks |= {" ".join(b.split()) for b in source_section(source, used).split("\n\n") if b.strip()}
    return blocks


def source_section(source: PageSource, used: set[str]) -> str:
    """The `## <title>` section of one source (sentences already in the summary are not repeated)."""
    d = source.digest
    lines = [f"## {inline(source.title)}", "", f"*{inline(_what(source))}.*[^{source.id}]"]
    said = [s for s in d.sentences if s not in used]
    if said:
        lines += ["", inline(" ".join(said)) + f"[^{source.id}]"]
    if d.structure:
        lines += ["", inline(d.structure)]
    if d.outline:
        lines.append("")
        lines += [f"* **{inline(h)}**" + (f" — {inline(first)}" if first else "") for h, first in d.outline]
    elif d.items:
        lines.append("")
        lines += [f"* {inline(item)}" for item in d.items]
    for rows, total in zip(d.tables, d.table_rows):
        lines += ["", _table(rows, total)]
    return "\n".join(lines)


def fact_tables(attributes: list[AttributeRow], conflicts: list[ConflictRow]) -> list[str]:
    """The `# Attributes` and `# Conflicts` sections (design §4.3), each only when it has rows."""
    parts = []
    if attributes:
        rows = ["# Attributes", "", "| Attribute | Value | Source |", "|---|---|---|"]
        for a in attributes:
            refs = " ".join(dict.fromkeys(_ref(s) for s in a.sources))
            rows.append(f"| {cell(a.label)} | {cell(a.value)} | {refs} |")
        parts.append("\n".join(rows))
    if conflicts:
        rows = ["# Conflicts", "", "| Attribute | Value | Source | Date | Status |", "|---|---|---|---|---|"]
        for c in conflicts:
            rows.append(f"| {cell(c.label)} | {cell(c.value)} | {_ref(c.source)} | {_date(c.date)} | {c.status} |")
        parts.append("\n".join(rows))
    return parts


def footnote_definitions(body: str, titles: dict[str, str]) -> str:
    """`[^label]: text` lines for the labels `body` cites, in first-cited order."""
    lines = []
    for label in dict.fromkeys(_FOOTNOTE_REF.findall(body)):
        text = titles.get(label)
        if text:
            lines.append(f"[^{label}]: {inline(text)}")
    return "\n".join(lines)


def compose(draft: PageDraft) -> tuple[str, str]:
    """The page's description and body (footnote definitions included)."""
    said, origin = summary(draft.cited)
    parts: list[str] = []
    if draft.prose:
        parts.append(draft.prose)
    paragraphs = list(draft.notes)
    if said:
        paragraphs.append(inline(" ".join(said)) + f"[^{origin}]")
    if paragraphs:
        if draft.prose:
            parts.append(f"# {SOURCE_NOTES}")
        parts += paragraphs
    parts += fact_tables(draft.attributes, draft.conflicts)
    ordered = ordered_sources(draft.cited)
    if ordered:
        sections = [f"# {SOURCES}"]
        for n, source in enumerate(ordered):
            if n < MAX_DETAILED_SOURCES:
                sections.append(source_section(source, set(said) if source.id == origin else set()))
            else:
                sections.append(f"* {inline(source.title)} — {inline(_what(source))}.[^{source.id}]")
        parts.append("\n\n".join(sections))
    if draft.related:
        parts.append(f"# {HEADING}\n\n" + "\n".join(f"* [{_link_text(t)}](/{i}.md)" for t, i in draft.related))
    body = "\n\n".join(parts)
    titles = {s["id"]: str(s.get("title") or s["id"]) for s in draft.sources if isinstance(s.get("id"), str)}
    definitions = footnote_definitions(body, {**draft.footnotes, **titles})
    if definitions:
        body += "\n\n" + definitions
    return draft.description or describe(draft, said), body


def render(draft: PageDraft, now: datetime) -> str:
    """The complete page text for `draft`, written with render_page."""
    description, body = compose(draft)
    frontmatter: dict[str, Any] = {
        "type": draft.type,
        "title": draft.title,
        "description": description,
        "tags": draft.tags,
        "generated": {"by": f"wikid/{wikid.__version__}", "at": iso(now)},
        "sources": draft.sources,
    }
    for key, value in draft.extra.items():
        frontmatter.setdefault(key, value)
    return render_page(frontmatter, body)
