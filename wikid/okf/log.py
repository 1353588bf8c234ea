"""Add dated entries to `log.md` (OKF §9): `## YYYY-MM-DD` blocks, newest first.

Pure text in, text out. Whatever a person wrote in the log is kept; a second run on
the same day adds its bullets to that day's block, which is kept in one canonical
order (see `day_block`).
"""

from __future__ import annotations

import re

LOG_HEADING = "# Wiki Update Log"
_DATE_HEADING = re.compile(r"^## (\d{4}-\d{2}-\d{2})\s*$")
_KINDS = ("Creation", "Update", "Warning", "Ignored")
_BULLET = re.compile(r"^\* \*\*(Creation|Update|Warning|Ignored)\*\*: ")


def empty_log() -> str:
    return LOG_HEADING + "\n"


def day_block(lines: list[str]) -> list[str]:
    """One day's lines in canonical order: what a person wrote first, then wikid's bullets
    once each, by kind (creation, update, warning, ignored) and text. Every change a run
    made is kept, a page a later run of the same day updated included (they were folded
    into the day's creation, so a batch that updated pages left no trace); the order the
    runs came in does not matter.
    """
    while lines and not lines[0].strip():
        lines = lines[1:]
    others = [line for line in lines if not _BULLET.match(line)]
    while others and not others[-1].strip():
        others.pop()
    ours = list(dict.fromkeys(line for line in lines if _BULLET.match(line)))
    ours.sort(key=lambda line: (_KINDS.index(_BULLET.match(line).group(1)), line))  # type: ignore[union-attr]
    return others + ([""] if others and ours else []) + ours


def add_entries(text: str | None, day: str, bullets: list[str]) -> str:
    """Return `text` with `bullets` added to the `## day` block: the day's block wherever
    it is, else a new one where newest-first order puts it. Runs need not come in date
    order (a clock set back, `WIKID_NOW`): there is still one block per day, newest first."""
    if not bullets:
        return text if text is not None else empty_log()
    lines = (text if text else empty_log()).splitlines()
    headings = [(i, m.group(1)) for i, line in enumerate(lines) if (m := _DATE_HEADING.match(line))]
    same = next((i for i, d in headings if d == day), None)
    if same is not None:
        end = next((i for i, _ in headings if i > same), len(lines))
        block = day_block(lines[same + 1 : end] + bullets)
        new_lines = lines[: same + 1] + [""] + block + [""] + lines[end:]
    else:
        at = next((i for i, d in headings if d < day), len(lines))  # before the first older day
        head = lines[:at]
        while head and not head[-1].strip():
            head.pop()
        block = [f"## {day}", ""] + day_block(bullets) + [""]
        new_lines = head + [""] + block + lines[at:]
    return "\n".join(new_lines).rstrip("\n") + "\n"
