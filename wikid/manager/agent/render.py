"""Render a concept page from a verified draft (draft mode): wikid, not the model,
writes the frontmatter, `sources`, footnotes and the fact tables, so every page the
model drives parses, cites what it uses and states conflicts in the OKF table."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from wikid.manager.offline.pages import fact_tables, footnote_definitions, inline
from wikid.manager.offline.related import HEADING
from wikid.manager.offline.resolve import AttributeRow, ConflictRow
from wikid.okf.page import render_page


@dataclass(frozen=True)
class SourceLine:
    """A cited source as the `# Sources` list shows it."""

    id: str
    title: str
    kind: str | None
    date: date | None


@dataclass(frozen=True)
class VerifiedDraft:
    """A draft whose every citation, value and date wikid has checked."""

    type: str
    title: str
    description: str
    summary: str
    sections: list[tuple[str, str, list[str]]]  # heading, text, source ids
    attributes: list[AttributeRow]
    conflicts: list[ConflictRow]
    sources: list[dict[str, Any]]  # frontmatter entries
    listed: list[SourceLine]
    related: list[tuple[str, str]]  # (title, concept id)
    tags: list[str]
    extra: dict[str, Any]  # other frontmatter keys of the page it updates, kept
    carried: tuple[str, ...] = ()  # what wikid carries from the sources: usage, lists, tables, changes


def _refs(ids: list[str]) -> str:
    return "".join(f"[^{i}]" for i in dict.fromkeys(ids))


def _what(line: SourceLine) -> str:
    parts = [line.kind[:1].upper() + line.kind[1:] if line.kind else "Document"]
    if line.date:
        parts.append(line.date.isoformat())
    return ", ".join(parts)


def render_draft(draft: VerifiedDraft, generated: dict[str, str]) -> str:
    """The page text in the offline engine's order: the model's summary, the facts,
    the model's sections, what wikid carries from the sources (usage, every list and
    step, tables, recent changes), related concepts, sources, footnotes."""
    every = [s.id for s in draft.listed]
    parts = [inline(draft.summary) + _refs(every)] if draft.summary else []
    parts += fact_tables(draft.attributes, draft.conflicts)
    for heading, text, ids in draft.sections:
        parts.append(f"# {inline(heading)}\n\n{inline(text)}{_refs(ids)}")
    parts += draft.carried
    if draft.related:
        links = [f"* [{t.replace('[', '(').replace(']', ')')}](/{i}.md)" for t, i in draft.related]
        parts.append(f"# {HEADING}\n\n" + "\n".join(links))
    if draft.listed:
        lines = [f"* {inline(s.title)} — {inline(_what(s))}.[^{s.id}]" for s in draft.listed]
        parts.append("# Sources\n\n" + "\n".join(lines))
    body = "\n\n".join(parts)
    titles = {s["id"]: str(s.get("title") or s["id"]) for s in draft.sources if isinstance(s.get("id"), str)}
    definitions = footnote_definitions(body, titles)
    if definitions:
        body += "\n\n" + definitions
    frontmatter: dict[str, Any] = {"type": draft.type, "title": draft.title, "description": draft.description,
                                   "tags": draft.tags, "generated": generated, "sources": draft.sources}
    for key, value in draft.extra.items():
        frontmatter.setdefault(key, value)
    return render_page(frontmatter, body)
