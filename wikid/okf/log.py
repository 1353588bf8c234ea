"""Add dated entries to `log.md` (OKF §9): `## YYYY-MM-DD` blocks, newest first.

Pure text in, text out. Whatever a person wrote in the log is kept; a second run on
the same day adds its bullets to the top of that day's block.
"""

from __future__ import annotations

import re

LOG_HEADING = "# Wiki Update Log"
_DATE_HEADING = re.compile(r"^## (\d{4}-\d{2}-\d{2})\s*$")


def empty_log() -> str:
    return LOG_HEADING + "\n"


def add_entries(text: str | None, day: str, bullets: list[str]) -> str:
    """Return `text` with `bullets` added under the `## day` heading (created if needed)."""
    if not bullets:
        return text if text is not None else empty_log()
    lines = (text if text else empty_log()).splitlines()
    first_date = next((i for i, line in enumerate(lines) if _DATE_HEADING.match(line)), None)
    if first_date is not None and _DATE_HEADING.match(lines[first_date]).group(1) == day:
        insert_at = first_date + 1
        while insert_at < len(lines) and not lines[insert_at].strip():
            insert_at += 1
        new_lines = lines[: first_date + 1] + [""] + bullets + lines[insert_at:]
    else:
        at = first_date if first_date is not None else len(lines)
        head = lines[:at]
        while head and not head[-1].strip():
            head.pop()
        block = [f"## {day}", ""] + bullets + [""]
        new_lines = head + [""] + block + lines[at:]
    return "\n".join(new_lines).rstrip("\n") + "\n"
