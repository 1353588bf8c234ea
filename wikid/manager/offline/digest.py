"""What a page says about one of its sources: a digest of the document's main content.

For each source the page shows what it is and what it holds, never more than a
reader needs to decide whether to open it (the archive keeps the whole text, and
`wikid query` searches it):

* its first real sentences: prose of the main content (furniture.py) with six words
  or more, mostly letters, not licence or generated-file boilerplate;
* its outline: the section headings (two levels) with the first sentence under each;
* its tables as tables (the first few rows);
* for structured data (a spreadsheet, CSV, JSON or YAML) its structure: columns or
  keys, how many rows or records, a few sample rows;
* when it has none of these (a changelog of bullet points), its first list items.

Pure functions of the document's blocks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import yaml

from wikid.document.blocks import CODE, HEADING, ITEM, LAYOUT, PARAGRAPH, TABLE, Block, is_field, plain, table_rows
from wikid.document.furniture import is_boilerplate
from wikid.okf.frontmatter import refusal

MAX_SENTENCES = 3
MAX_OUTLINE = 10
MAX_TABLES = 2
MAX_TABLE_ROWS = 8
MAX_ITEMS = 5
MAX_CELL_CHARS = 80
MAX_SENTENCE_CHARS = 300
MAX_STRUCTURED_CHARS = 2_000_000  # larger JSON/YAML is described by its size only
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[]?[A-Z0-9])")
_ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|no|nr|dr|mr|mrs|ms|st|fig|vol|ch|sec)|\b[A-Z])\.$", re.IGNORECASE)
_DEFINITION = re.compile(r"^\S+ (?:is|are|was|were|provides|lets|allows)\b")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DATA_SUFFIXES = frozenset(".csv .tsv .xlsx .json .jsonl .ndjson .yaml .yml .toml".split())


@dataclass(frozen=True)
class SourceDigest:
    sentences: tuple[str, ...]
    outline: tuple[tuple[str, str], ...]  # (heading, first sentence under it, or "")
    tables: tuple[tuple[tuple[str, ...], ...], ...]  # each: header row, then rows
    table_rows: tuple[int, ...]  # how many data rows each of `tables` has in the document
    structure: str | None  # one sentence on a data document's shape
    items: tuple[str, ...]


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph: cut after . ! ? before a capital, not after an abbreviation."""
    out: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        piece = text[start : m.start() + 1]
        if _ABBREVIATION.search(piece.rstrip("\"')]")):
            continue
        out.append(piece.strip())
        start = m.end()
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


def is_sentence(text: str, names: frozenset[str] = frozenset()) -> bool:
    """Real prose: six words or more, mostly letters, ending like a sentence, not
    boilerplate; starting with a capital unless it starts with one of `names` (words
    of the document's title: "frobnik reads each image …") or defines a lower-case
    name ("jq is a …")."""
    if not text or len(text) > MAX_SENTENCE_CHARS or text[-1] not in ".!?":
        return False
    tokens = text.split()
    letters = sum(ch.isalpha() for ch in text)
    if len(tokens) < 6 or letters < 0.6 * len(text.replace(" ", "")):
        return False
    if text[0] in "-*+|>[(" or (text[0].islower() and tokens[0] not in names and not _DEFINITION.match(text)):
        return False  # a fragment: the rest of a sentence wrapped across a page break
    return not is_boilerplate(text)


def sentences(blocks: list[Block], limit: int = MAX_SENTENCES, names: frozenset[str] = frozenset()) -> list[str]:
    """The first real sentences of the paragraphs, in order; of the list items when
    no paragraph has one (minutes and notes are written as lists)."""
    for kind in (PARAGRAPH, ITEM):
        out: list[str] = []
        for block in blocks:
            if block.kind != kind or is_field(block) or is_boilerplate(block.text):
                continue
            for sentence in split_sentences(block.text):
                if is_sentence(sentence, names):
                    out.append(sentence)
                    if len(out) >= limit:
                        return out
        if out:
            return out
    return []


def display_heading(text: str) -> str:
    """A heading as a reader expects it: `DESCRIPTION` -> `Description`."""
    text = text.strip(" :¶")
    if text.isupper() and len(text) > 3:
        text = text.capitalize()
    return text


def _first_line(blocks: list[Block]) -> str:
    """What a section opens with when it has no sentence: its first line of text."""
    for block in blocks:
        if block.kind in (PARAGRAPH, ITEM) and not is_boilerplate(block.text):
            line = plain(block.raw[0]) if block.kind == PARAGRAPH else block.text
            if sum(c.isalpha() for c in line) >= 0.5 * max(len(line), 1):
                return line if len(line) <= MAX_CELL_CHARS * 2 else line[: MAX_CELL_CHARS * 2 - 1].rstrip() + "…"
    return ""


def outline(blocks: list[Block], title: str | None, names: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """Section headings of the two top levels used, each with its first sentence (or,
    without one, its first line); the heading that titles the document is not one."""
    headings = [b for b in blocks if b.kind == HEADING]
    if headings and blocks and headings[0] is next((b for b in blocks if b.kind != LAYOUT), None):
        headings = headings[1:]  # the document's own title
    if title:
        headings = [h for h in headings if h.text.casefold().strip(" ¶") != title.casefold()][:200]
    if not headings:
        return []
    levels = sorted({h.level for h in headings})[:2]
    out: list[tuple[str, str]] = []
    position = {id(b): n for n, b in enumerate(blocks)}
    for heading in headings:
        if heading.level not in levels:
            continue
        name = display_heading(heading.text)
        if not name or any(name.casefold() == seen.casefold() for seen, _ in out):
            continue
        following = []
        for block in blocks[position[id(heading)] + 1 :]:
            if block.kind in (HEADING, LAYOUT):
                break
            following.append(block)
        first = sentences(following, 1, names)
        out.append((name, first[0] if first else _first_line(following)))
        if len(out) >= MAX_OUTLINE:
            break
    return out


def _clip(cell: str) -> str:
    return cell if len(cell) <= MAX_CELL_CHARS else cell[: MAX_CELL_CHARS - 1].rstrip() + "…"


def tables(blocks: list[Block]) -> tuple[list[tuple[tuple[str, ...], ...]], list[int]]:
    """The first tables (header and up to MAX_TABLE_ROWS rows) and their full row counts."""
    shown, counts = [], []
    for block in blocks:
        if block.kind != TABLE:
            continue
        rows = [r for r in table_rows(block) if any(c for c in r)]
        if len(rows) < 2:
            continue
        shown.append(tuple(tuple(_clip(c) for c in r) for r in rows[: MAX_TABLE_ROWS + 1]))
        counts.append(len(rows) - 1)
        if len(shown) >= MAX_TABLES:
            break
    return shown, counts


def _names(keys: list[str], limit: int = 12) -> str:
    shown = ", ".join(keys[:limit])
    return shown + (f" and {len(keys) - limit} more" if len(keys) > limit else "")


def _records(value: Any) -> list[tuple[str | None, dict[Any, Any]]] | None:
    """(key, record) pairs when `value` is a collection of records: a list of objects,
    or an object whose values are all objects (a glossary keyed by term)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [(None, v) for v in value]
    if isinstance(value, dict) and len(value) > 1 and all(isinstance(v, dict) for v in value.values()):
        return [(str(k), v) for k, v in value.items()]
    return None


def _shape(value: Any, depth: int = 0) -> str:
    """A phrase on the shape of parsed JSON/YAML: keys, counts, the fields of records,
    looking inside an object of a few keys (two levels at most)."""
    records = _records(value)
    if records is not None:
        fields = sorted({str(k) for _, r in records for k in r})
        what = "a list" if isinstance(value, list) else f"an object of {len(records)} entries ({_names([k or '' for k, _ in records], 5)})"
        count = f" of {len(records)} records" if isinstance(value, list) else ", each a record"
        return f"{what}{count} with the fields {_names(fields)}"
    if isinstance(value, dict):
        keys = [str(k) for k in value]
        nested = [(str(k), v) for k, v in value.items() if isinstance(v, (dict, list))]
        head = f"an object with {len(value)} key{'s' if len(value) != 1 else ''} ({_names(keys)})"
        if depth < 2 and nested and len(value) <= 6:
            head += "; " + "; ".join(f"{k}: {_shape(v, depth + 1)}" for k, v in nested[:3])
        return head
    if isinstance(value, list):
        kinds = sorted({type(v).__name__ for v in value})
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}" + (f" ({', '.join(kinds)})" if value else "")
    return f"a single {type(value).__name__} value"


def _sample(value: Any, depth: int = 0) -> tuple[tuple[tuple[str, ...], ...], int] | None:
    """A few records of the first collection of records in `value`, as table rows
    (header first), and how many records it has."""
    records = _records(value)
    if records is not None:
        columns = [str(k) for k in dict.fromkeys(k for _, r in records[:MAX_TABLE_ROWS] for k, v in r.items()
                                                   if not isinstance(v, (dict, list)))][:6]
        keyed = records[0][0] is not None
        header = (("key",) if keyed else ()) + tuple(columns)
        if not columns:
            return None
        rows = [((_clip(k),) if keyed else ()) + tuple(_clip(str(r.get(c, ""))) for c in columns)
                for k, r in records[:MAX_TABLE_ROWS]]
        return (header, *rows), len(records)
    if isinstance(value, dict) and depth < 2:
        for child in value.values():
            if (found := _sample(child, depth + 1)) is not None:
                return found
    return None


def _parsed(block: Block) -> tuple[str, Any] | None:
    """(format, value) of a fenced JSON or YAML block, or None when it is neither."""
    info = block.raw[0].strip().lstrip("`~").strip().casefold() if block.raw else ""
    text = block.text
    if info not in ("json", "yaml", "yml", "jsonl", "ndjson") or len(text) > MAX_STRUCTURED_CHARS:
        return None
    try:
        if info in ("jsonl", "ndjson"):
            return "JSON lines", [json.loads(line) for line in text.splitlines() if line.strip()]
        if info == "json":
            return "JSON", json.loads(text)
        if refusal(text):
            return None
        documents = [d for d in yaml.load_all(text, Loader=_Loader) if d is not None]
    except (ValueError, yaml.YAMLError, RecursionError):
        return None
    if not documents:
        return None
    return ("YAML", documents[0]) if len(documents) == 1 else (f"YAML, {len(documents)} documents", documents)


def structured(blocks: list[Block]) -> tuple[str, tuple[tuple[tuple[str, ...], ...], int] | None] | None:
    """(a sentence on its shape, (sample rows, records)) of the first JSON or YAML block."""
    for block in blocks:
        if block.kind == CODE and (found := _parsed(block)):
            kind, value = found
            return f"{kind}: {_shape(value)}.", _sample(value)
    return None


def structure(blocks: list[Block], suffix: str, table_counts: list[int], shown: list[tuple[tuple[str, ...], ...]]) -> str | None:
    """One sentence on the shape of a tabular data document (CSV, TSV, XLSX)."""
    if suffix not in _DATA_SUFFIXES or not shown:
        return None
    parts = []
    for rows, count in zip(shown, table_counts):
        header = [c for c in rows[0] if c]
        columns = ", ".join(header[:12]) + (f" and {len(header) - 12} more" if len(header) > 12 else "")
        parts.append(f"{count} row{'s' if count != 1 else ''} with the columns {columns}")
    sheets = sum(1 for b in blocks if b.kind == LAYOUT and b.text.casefold().startswith("sheet:"))
    lead = f"{sheets} sheets; " if sheets > 1 else ""
    return f"A table of {lead}{'; '.join(parts)}."


def digest(blocks: list[Block], title: str | None, suffix: str) -> SourceDigest:
    """The digest of one document (see the module docstring)."""
    names = frozenset(w for w in (title or "").split() if w[:1].islower())
    shown, counts = tables(blocks)
    said = sentences(blocks, MAX_SENTENCES, names)
    items = [] if said else [b.text for b in blocks if b.kind == ITEM and not is_boilerplate(b.text)][:MAX_ITEMS]
    shape = structured(blocks)
    if shape is not None and shape[1] is not None:
        shown, counts = [*shown, shape[1][0]], [*counts, shape[1][1]]
    return SourceDigest(
        tuple(said), tuple(outline(blocks, title, names)), tuple(shown), tuple(counts),
        shape[0] if shape is not None else structure(blocks, suffix, counts, shown), tuple(items),
    )
