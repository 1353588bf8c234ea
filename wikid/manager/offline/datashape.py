"""The shape of structured data (JSON, YAML, a CSV or spreadsheet table) in a sentence,
and a few of its records as table rows: what a page says of a data file.

Pure functions of parsed values and of the model's tables.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import yaml

from wikid.document.model import Code, Table
from wikid.okf.frontmatter import refusal

MAX_TABLE_ROWS = 8
MAX_LISTED_VALUES = 60  # a list of plain values says this many of them
MAX_FLAT_KEYS = 40  # a flat JSON/YAML object of this many keys or fewer is shown whole, as a table
MAX_STRUCTURED_CHARS = 2_000_000  # larger JSON/YAML is described by its size only
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DATA_SUFFIXES = frozenset(".csv .tsv .xlsx .json .jsonl .ndjson .yaml .yml .toml".split())


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
        head = f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
        if value and all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value):
            # its values themselves (curses' control names `NUL, SOH, STX, ...`): a reader wants them, not their type
            return f"{head}: {_names([_cell(v) for v in value], MAX_LISTED_VALUES)}"
        return head + (f" ({', '.join(kinds)})" if value else "")
    return f"a single {type(value).__name__} value"


def _sample(value: Any) -> tuple[tuple[tuple[str, ...], ...], int] | None:
    """A few records of the collection of records in `value` that says the most (its
    records times their fields), as table rows (header first), and how many records it
    has: cmake's capabilities showed the one field of its first list (`kind`), not the
    generators, names and what each supports."""
    found = list(_samples(value))
    return max(found, key=lambda f: (len(f[0]) - 1) * len(f[0][0])) if found else None


def _samples(value: Any, depth: int = 0) -> Iterator[tuple[tuple[tuple[str, ...], ...], int]]:
    """Each collection of records in `value` sampled as `_sample` shows it (see there)."""
    records = _records(value)
    if records is not None:
        columns = [str(k) for k in dict.fromkeys(k for _, r in records[:MAX_TABLE_ROWS] for k, v in r.items()
                                                   if not isinstance(v, (dict, list)))][:6]
        keyed = records[0][0] is not None
        header = (("key",) if keyed else ()) + tuple(columns)
        if columns:
            rows = [((k or "",) if keyed else ()) + tuple(_cell(r.get(c, "")) for c in columns)
                    for k, r in records[:MAX_TABLE_ROWS]]
            yield (header, *rows), len(records)
        return
    if isinstance(value, dict) and depth == 0 and 0 < len(value) <= MAX_FLAT_KEYS \
            and not any(isinstance(v, (dict, list)) for v in value.values()):
        # a flat object (a program's versions of its parts, a settings file) is its own table
        yield (("key", "value"), *((str(k), _cell(v)) for k, v in value.items())), len(value)
        return
    if isinstance(value, dict) and depth < 2:
        for child in value.values():
            yield from _samples(child, depth + 1)


def _cell(value: Any) -> str:
    return " ".join(str(value).split())


def _parsed(block: Code) -> tuple[str, Any] | None:
    """(format, value) of a fenced JSON or YAML block, or None when it is neither."""
    info = block.info.casefold()
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


def structured(codes: list[Code]) -> tuple[str, Table | None, int] | None:
    """(a sentence on its shape, a few records as a table, how many records) of the
    first JSON or YAML block, or None."""
    for block in codes:
        if (found := _parsed(block)):
            kind, value = found
            sample = _sample(value)
            if sample is None:
                return f"{kind}: {_shape(value)}.", None, 0
            rows, count = sample
            return f"{kind}: {_shape(value)}.", Table(rows[0], tuple(rows[1:])), count
    return None


def table_shape(tables: list[Table], sheets: int) -> str:
    """One sentence on the shape of a tabular data document (CSV, TSV, XLSX)."""
    parts = []
    for table in tables:
        header = [c for c in table.header if c]
        columns = ", ".join(header[:12]) + (f" and {len(header) - 12} more" if len(header) > 12 else "")
        count = len(table.rows)
        parts.append(f"{count} row{'s' if count != 1 else ''} with the columns {columns}")
    lead = f"{sheets} sheets; " if sheets > 1 else ""
    return f"A table of {lead}{'; '.join(parts)}."
