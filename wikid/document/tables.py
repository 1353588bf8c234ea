"""Tables as a reader means them, whatever the converter made of them.

HTML converters copy layout tables as data tables: groff renders a manual page's
tagged paragraphs (an option and what it does) as a table of four columns, two of
them empty spacers, sometimes with the tag and its description on rows of their own;
a wrapped description becomes rows whose first cell is empty. `tidy` turns such a
table back into what it holds: a data table without empty columns, a definition list
(term -> description), or plain paragraphs.
"""

from __future__ import annotations

from wikid.document.model import Block, Paragraph, Table, Term, Terms

MAX_TERM_CHARS = 80  # a definition list's term is a word or an option, not a sentence


def _width(rows: list[list[str]]) -> int:
    return max((len(r) for r in rows), default=0)


def tidy(header: list[str], rows: list[list[str]]) -> list[Block]:
    """The blocks a table stands for (see the module docstring)."""
    width = _width([header, *rows])
    grid = [r + [""] * (width - len(r)) for r in [header, *rows]]
    kept = [c for c in range(width) if any(r[c].strip() for r in grid)]
    layout = len(kept) < width or not any(c.strip() for c in header)
    grid = [[r[c] for c in kept] for r in grid]
    if not kept or not any(any(c for c in r) for r in grid):
        return []
    if not layout:
        head, body = grid[0], [r for r in grid[1:] if any(r)]
        return [Table(tuple(head), tuple(tuple(r) for r in body))] if body else _pairs_or_text([head])
    data = [r for r in grid if any(r)]  # a layout table's "header" is a row like the others
    if len(kept) == 1:
        return [Paragraph(r[0]) for r in data]
    if len(kept) == 2:
        return _pairs_or_text(data)
    head, body = data[0], _joined_continuations(data[1:])
    return [Table(tuple(head), tuple(tuple(r) for r in body))] if body else _pairs_or_text([head])


def _joined_continuations(rows: list[list[str]]) -> list[list[str]]:
    """Rows whose key cell is empty continue the row above (wrapped text)."""
    out: list[list[str]] = []
    for row in rows:
        if out and not row[0] and any(row[1:]):
            out[-1] = [a if not b else f"{a} {b}".strip() for a, b in zip(out[-1], row, strict=False)]
        else:
            out.append(list(row))
    return out


def _pairs_or_text(rows: list[list[str]]) -> list[Block]:
    """Two-column rows as a definition list: term and description side by side, a
    description continued on rows with no term, or a term alone on its row with its
    description on the next."""
    entries: list[tuple[str, str]] = []
    for row in rows:
        term, text = row[0], " ".join(c for c in row[1:] if c)
        if term and text:
            entries.append((term, text))
        elif term:
            entries.append((term, ""))
        elif entries:
            last_term, last_text = entries[-1]
            entries[-1] = (last_term, f"{last_text} {text}".strip())
    terms = [(t, d) for t, d in entries if d]
    if not terms or any(len(t) > MAX_TERM_CHARS for t, _ in terms):
        return [Paragraph(" ".join(c for c in row if c)) for row in rows if any(row)]
    return [Terms(tuple(Term(t, (Paragraph(d),)) for t, d in entries if d))]
