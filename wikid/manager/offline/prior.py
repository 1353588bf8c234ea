"""What an existing concept page contributes when a batch updates it.

An update re-derives the page from all of its sources, using the extracted text
archived next to each earlier original (`sources[].text`). What cannot be re-derived
is carried over from the page itself, never dropped:

* prose that no regenerated source accounts for (a human-written page, or summary
  paragraphs whose sources' text is missing) is kept verbatim;
* attribute values the page states for such sources (its `# Attributes` and
  `# Conflicts` tables, a human `# Schema` table, `Key: value` lines) become
  observations again, dated by the source they cite (`sources[].last_modified`) or,
  on a page not written by this engine, by the page's own `generated.at`/`timestamp`;
* a v0.1 `# Citations` list becomes `sources` entries (never written back as a list).

Sections this engine writes (`# Attributes`, `# Conflicts`, `# Related Concepts`,
`# Source Notes`, and on its own pages `# Sources`) and a `# Schema` table are
regenerated, so they are not kept as prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from wikid.document.blocks import split_cells
from wikid.document.dates import parse_date
from wikid.manager import ExistingConcept
from wikid.manager.offline.resolve import Observation
from wikid.manager.offline.signals import read_signals
from wikid.manager.offline.textutil import norm_key, slugify

SOURCE_NOTES = "Source Notes"
SOURCES = "Sources"
MANAGED = frozenset({"attributes", "conflicts", "related concepts", "schema", "citations", "source notes"})
_FOOTNOTE_DEF = re.compile(r"^\[\^([^\]]+)\]:\s*(.*)$")
_FOOTNOTE_REF = re.compile(r"(?<!\\)\[\^([^\]\\]+)\]")
_TABLE_LINE = re.compile(r"^\s*\|.*\|\s*$")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_URL_TAIL = re.compile(r"[^/]+(?=/?$)")


@dataclass(frozen=True)
class Prior:
    prose: str  # kept verbatim at the top of the page
    notes: tuple[str, ...]  # summary paragraphs of sources whose text is gone
    observations: tuple[Observation, ...]
    footnotes: dict[str, str]  # every footnote definition of the old page
    legacy_sources: tuple[dict[str, Any], ...]  # from a v0.1 `# Citations` list


def written_by_engine(frontmatter: dict[str, Any]) -> bool:
    """True for pages this engine wrote (`generated.by: wikid/<version>`); the agent
    engine writes `wikid/<model>`, which is not a version (`wikid/scripted`, `wikid/openai:qwen`)."""
    generated = frontmatter.get("generated")
    by = generated.get("by") if isinstance(generated, dict) else None
    return isinstance(by, str) and re.fullmatch(r"wikid/\d[\w.+-]*", by) is not None


def _sections(lines: list[str]) -> list[tuple[str | None, list[str]]]:
    sections: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in lines:
        if line.startswith("# "):
            sections.append((line[2:].strip(), [line]))
        else:
            sections[-1][1].append(line)
    return sections


def _blocks(lines: list[str]) -> list[str]:
    return [b.strip("\n") for b in re.split(r"\n\s*\n", "\n".join(lines)) if b.strip()]


def _table_rows(lines: list[str]) -> list[list[str]]:
    rows = [split_cells(line) for line in lines if _TABLE_LINE.match(line) and not _SEPARATOR.match(line)]
    return rows[1:]  # without the header


def read_prior(
    concept: ExistingConcept, regenerated: set[str], source_dates: dict[str, date | None], taken_ids: set[str],
    derivable: set[str] = frozenset(),  # type: ignore[assignment]
    owned: bool = False,
) -> Prior:
    """The part of `concept` that its regenerated sources (`regenerated` ids) do not cover.

    `source_dates` maps every earlier source id to its date; `taken_ids` are source ids
    already used on the page (legacy citations get ids that avoid them); `derivable`
    are the blocks (whitespace folded) the engine writes for the regenerated sources
    anyway, so what a person added to a page this engine wrote is told apart from what
    the engine will write again, and kept. On a page this engine wrote that nobody has
    edited since (`owned`), `# Sources` holds only what the engine wrote (it puts kept
    prose at the top), so nothing in it is kept: an engine of another version wrote
    it differently.
    """
    fm = concept.frontmatter
    footnotes: dict[str, str] = {}
    lines = []
    for line in concept.body.splitlines():
        m = _FOOTNOTE_DEF.match(line)
        if m:
            footnotes.setdefault(m.group(1), m.group(2).strip())
        else:
            lines.append(line)
    earlier = [s["id"] for s in concept.sources if isinstance(s.get("id"), str)]
    kept_ids = [i for i in earlier if i not in regenerated]
    page_label = kept_ids[0] if len(kept_ids) == 1 else None
    # The date of values the page states itself: its one remaining source's date, else
    # (design §4.3 order) generated.at / timestamp of a page this engine did not write.
    page_date = source_dates.get(page_label) if page_label else None
    if page_date is None and not written_by_engine(fm):
        generated = fm.get("generated")
        page_date = parse_date(generated.get("at") if isinstance(generated, dict) else None) or parse_date(
            fm.get("timestamp")
        )

    def covered(block: str) -> bool:
        refs = set(_FOOTNOTE_REF.findall(block))
        return (bool(refs) and refs <= regenerated) or " ".join(block.split()) in derivable

    prose: list[str] = []
    notes: list[str] = []
    observations: list[Observation] = []
    conflict_keys: set[str] = set()
    legacy: list[dict[str, Any]] = []
    for title, section in _sections(lines):
        kind = (title or "").casefold()
        if kind == "conflicts":
            for row in _table_rows(section):
                if len(row) >= 5 and row[0] and row[1]:
                    label = (_FOOTNOTE_REF.findall(row[2]) or [None])[0]
                    conflict_keys.add(norm_key(row[0]))
                    if label not in regenerated:
                        observations.append(Observation(norm_key(row[0]), row[0], row[1], label, parse_date(row[3])))
        elif kind == "attributes":
            for row in _table_rows(section):
                if len(row) >= 3 and row[0] and row[1] and norm_key(row[0]) not in conflict_keys:
                    labels = _FOOTNOTE_REF.findall(row[2]) or [None]
                    for label in labels:
                        if label not in regenerated:
                            when = source_dates.get(label) if label else page_date
                            observations.append(Observation(norm_key(row[0]), row[0], row[1], label, when))
        elif kind == "source notes":
            notes += [b for b in _blocks(section[1:]) if not covered(b)]
        elif kind == "sources" and written_by_engine(fm):
            # Re-derived from the sources; on an edited page a block the engine would
            # not write again is someone's addition, and is kept.
            prose += [] if owned else [b for b in _blocks(section[1:]) if not covered(b)]
        elif kind == "citations":
            for item in _blocks(section[1:]):
                for entry in item.splitlines():
                    text = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", entry).strip()
                    if text:
                        legacy.append(_legacy_source(text, taken_ids))
        elif kind in MANAGED:  # a human `# Schema` table: its values, not its text
            for attr in read_signals("\n".join(section[1:])).attributes:
                observations.append(Observation(attr.key, attr.label, attr.value, page_label, page_date))
        else:
            kept = [b for b in _blocks(section) if not covered(b)]
            if kept and not (title is not None and kept == [section[0]] and len(section) > 1):
                prose += kept
            for attr in read_signals("\n\n".join(kept)).attributes:
                observations.append(Observation(attr.key, attr.label, attr.value, page_label, page_date))
    return Prior("\n\n".join(prose), tuple(notes), tuple(observations), footnotes, tuple(legacy))


def _legacy_source(text: str, taken: set[str]) -> dict[str, Any]:
    """A `sources` entry for one item of a v0.1 `# Citations` list."""
    link = re.match(r"^\[([^\]]*)\]\(([^)\s]+)\)", text)
    resource, title = (link.group(2), link.group(1) or link.group(2)) if link else (text, text)
    tail = _URL_TAIL.search(resource.split("?")[0].split("#")[0])
    base = slugify(tail.group(0) if tail else resource)[:40].strip("-") or "citation"
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}-{n}", n + 1
    taken.add(ident)
    return {"id": ident, "resource": resource, "title": title}
