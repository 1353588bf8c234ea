"""Dates written in documents: ISO, numeric day-first and common English forms.

A document's own date (design §4.3) comes from what it states, never from a file's
modification time; this module only reads a date out of a string.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
         ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
         ("october", "oct"), ("november", "nov"), ("december", "dec")]
    )
    for m in names
}
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DATE_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<!\d)(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)"), "ymd"),
    (re.compile(rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\.?\s+({_MONTH_RE})\.?,?\s+(\d{{4}})(?!\d)", re.I), "dmy"),
    (re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})(?!\d)", re.I), "mdy"),
    (re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)"), "dmy-num"),
)


def parse_date(value: Any) -> date | None:
    """The first date written in `value` (ISO or common written forms), or None."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    best: tuple[int, date] | None = None
    for pattern, order in _DATE_PATTERNS:
        for m in pattern.finditer(value):
            a, b, c = m.groups()
            try:
                if order == "ymd":
                    found = date(int(a), int(b), int(c))
                elif order == "dmy":
                    found = date(int(c), _MONTHS[b.lower()], int(a))
                elif order == "mdy":
                    found = date(int(c), _MONTHS[a.lower()], int(b))
                else:
                    found = date(int(c), int(b), int(a))
            except ValueError:
                continue
            if best is None or m.start() < best[0]:
                best = (m.start(), found)
            break
    return best[1] if best else None
