"""Render one concept page (design §4) from resolved values; no decisions are made here.

Layout: kept prose of an earlier page (if any), the extractive summary (one paragraph
per source, newest first, each ending in that source's footnote; under `# Source
Notes` when prose precedes it), `# Attributes`, `# Conflicts` (only when sources
disagree), `# Related Concepts` (bundle-absolute links to pages that exist), then the
footnote definitions of every label the body cites.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import wikid
from wikid.clock import iso
from wikid.manager.offline.prior import SOURCE_NOTES
from wikid.manager.offline.related import HEADING
from wikid.manager.offline.resolve import AttributeRow, ConflictRow
from wikid.okf.page import render_page

MAX_SUMMARY_SOURCES = 4  # a page built from 50 invoices does not need 50 summary paragraphs
MAX_DESCRIPTION_CHARS = 200
_FOOTNOTE_REF = re.compile(r"\[\^([^\]]+)\]")
EARLIER_PAGE = "earlier page"  # Source cell of a value the earlier page states without a source


@dataclass(frozen=True)
class PageSource:
    """A source cited on the page, with what the summary and footnotes need."""

    id: str
    title: str
    date: date | None
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class PageDraft:
    type: str
    title: str
    description: str | None  # None: derive one (see `describe`)
    tags: list[str]
    sources: list[dict[str, Any]]  # frontmatter entries, in order
    extra: dict[str, Any]  # other frontmatter keys of an earlier page, preserved
    cited: list[PageSource]  # sources with text, for the summary
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


def summary_paragraphs(cited: list[PageSource]) -> list[str]:
    """One paragraph per source with sentences (newest first, then by id), up to two sentences."""
    ordered = sorted(cited, key=lambda s: (s.date is None, -(s.date.toordinal() if s.date else 0), s.id))
    paragraphs = []
    for source in ordered:
        if source.sentences:
            paragraphs.append(" ".join(source.sentences[:2]) + f"[^{source.id}]")
        if len(paragraphs) == MAX_SUMMARY_SOURCES:
            break
    return paragraphs


def describe(draft: PageDraft, summary: list[str]) -> str:
    """One sentence: the current values that sources disagreed on, else the first summary sentence."""
    resolved = [a for a in draft.attributes if a.status == "canonical"][:3]
    if resolved:
        values = "; ".join(f"{a.label}: {a.value}" for a in resolved)
        return f"{draft.title} ({draft.type}); current {values}."
    if summary:
        first = _FOOTNOTE_REF.sub("", summary[0])
        first = re.split(r"(?<=[.!?])\s", first, maxsplit=1)[0]
        if len(first) > MAX_DESCRIPTION_CHARS:
            first = first[: MAX_DESCRIPTION_CHARS].rsplit(" ", 1)[0] + "…"
        return first
    count = len(draft.sources)
    return f"{draft.type} {draft.title}, described by {count} source{'s' if count != 1 else ''}."


def _date(value: date | None) -> str:
    return value.isoformat() if value else "undated"


def compose(draft: PageDraft) -> tuple[str, str]:
    """The page's description and body (footnote definitions included)."""
    summary = summary_paragraphs(draft.cited)
    parts: list[str] = []
    if draft.prose:
        parts.append(draft.prose)
    paragraphs = [*draft.notes, *summary]
    if paragraphs:
        if draft.prose:
            parts.append(f"# {SOURCE_NOTES}")
        parts += paragraphs
    if draft.attributes:
        rows = ["# Attributes", "", "| Attribute | Value | Source |", "|---|---|---|"]
        for a in draft.attributes:
            refs = " ".join(dict.fromkeys(_ref(s) for s in a.sources))
            rows.append(f"| {cell(a.label)} | {cell(a.value)} | {refs} |")
        parts.append("\n".join(rows))
    if draft.conflicts:
        rows = ["# Conflicts", "", "| Attribute | Value | Source | Date | Status |", "|---|---|---|---|---|"]
        for c in draft.conflicts:
            rows.append(f"| {cell(c.label)} | {cell(c.value)} | {_ref(c.source)} | {_date(c.date)} | {c.status} |")
        parts.append("\n".join(rows))
    if draft.related:
        parts.append(f"# {HEADING}\n\n" + "\n".join(f"* [{_link_text(t)}](/{i}.md)" for t, i in draft.related))
    body = "\n\n".join(parts)
    titles = {s["id"]: str(s.get("title") or s["id"]) for s in draft.sources if isinstance(s.get("id"), str)}
    cited_labels = list(dict.fromkeys(_FOOTNOTE_REF.findall(body)))
    definitions = []
    for label in cited_labels:
        text = titles.get(label) or draft.footnotes.get(label)
        if text:
            definitions.append(f"[^{label}]: {' '.join(text.split())}")
    if definitions:
        body += "\n\n" + "\n".join(definitions)
    return draft.description or describe(draft, summary), body


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
