"""JSON Lines (`.jsonl`, `.ndjson`): one `## Record N` section per record.

A flat record reads as `key: value` lines (what the engines read as a document's
fields); anything nested stays JSON in a fenced block. Blank lines are skipped; a line
that is not JSON is skipped with a warning naming it (the first ten). A file of more
than MAX_RECORDS records shows those and a summary of the rest (how many, which
fields), rather than pasting everything: the archive keeps the whole file.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from wikid.extract.base import Extracted, ExtractionError
from wikid.extract.text import decode_text, fenced, looks_binary
from wikid.reasons import Reason

MAX_RECORDS = 500
NAMED_BAD_LINES = 10


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def record_text(record: Any) -> str:
    """One record as markdown: `key: value` lines for a flat object, else fenced JSON."""
    if isinstance(record, dict) and record and all(_scalar(v) and "\n" not in str(v) for v in record.values()):
        return "\n".join(f"{key}: {'' if value is None else value}" for key, value in record.items()) + "\n"
    return fenced(json.dumps(record, indent=2, ensure_ascii=False), "json")


def extract(data: bytes, suffix: str) -> Extracted:
    text, warnings = decode_text(data)
    if looks_binary(text):
        raise ExtractionError(Reason.EXTRACTION_FAILED, "binary content: this is not a JSON Lines file")
    records: list[Any] = []
    bad: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except ValueError:
            bad.append(number)
    if not records:
        if bad:
            raise ExtractionError(Reason.EXTRACTION_FAILED, f"no line is JSON (line {bad[0]} is not)")
        raise ExtractionError(Reason.EMPTY, "the file holds no record")
    if bad:
        named = ", ".join(map(str, bad[:NAMED_BAD_LINES])) + (", …" if len(bad) > NAMED_BAD_LINES else "")
        warnings.append(f"{len(bad)} line(s) are not JSON and were skipped: line {named}")
    sections = [f"## Record {n}\n\n{record_text(r)}" for n, r in enumerate(records[:MAX_RECORDS], 1)]
    if len(records) > MAX_RECORDS:
        fields = Counter(k for r in records if isinstance(r, dict) for k in r)
        listed = ", ".join(f"{k} ({n})" for k, n in fields.most_common(30))
        sections.append(f"## The other {len(records) - MAX_RECORDS} records\n\n"
                        f"{len(records)} records in all; fields (records holding them): {listed or 'none'}.\n")
        warnings.append(f"only the first {MAX_RECORDS} of {len(records)} records are shown; the rest is summarised")
    return Extracted("\n".join(sections), tuple(warnings))
