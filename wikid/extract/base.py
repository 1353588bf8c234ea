"""The contract every format extractor follows, and the markdown helpers they share.

A format module exposes `extract(data: bytes, suffix: str) -> Extracted` (the
suffix is the lower-case extension, for modules that read several formats) and raises
`ExtractionError(reason, detail)` for anything it cannot turn into text. It receives
the file's bytes (never a path: libraries that open paths themselves hide I/O errors
behind format errors) and must never touch the network.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from wikid.images import Figure
from wikid.reasons import Reason

# What a document's own properties say about it (PDF document info, Office core
# properties, ODF/EPUB metadata, HTML <title> and <meta>): the keys an extractor may
# fill, each a one-line string as the document states it. The text says the rest.
INFO_KEYS = ("title", "author", "date")


@dataclass(frozen=True)
class Extracted:
    """The markdown text wikid sees in a document, what it had to give up on, what
    the document's properties say about it (`info`, keys from INFO_KEYS), how many of its
    images had each outcome (`images`, keys from wikid.images.ImageOutcome) and the
    images a model may be shown (`figures`)."""

    text: str
    warnings: tuple[str, ...] = ()
    info: Mapping[str, str] = field(default_factory=dict)
    images: Mapping[str, int] = field(default_factory=dict)
    figures: tuple[Figure, ...] = ()


def clean_info(**values: object) -> dict[str, str]:
    """The non-empty values among `values`, each as one line of at most 300 characters.

    Document properties are free text written by any program: a title may hold line
    breaks or NULs, a date may be a datetime object. Keys outside INFO_KEYS are a bug.
    """
    out: dict[str, str] = {}
    for key, value in values.items():
        if key not in INFO_KEYS:
            raise ValueError(f"unknown document info key {key!r}")
        if value is None:
            continue
        text = value.isoformat() if hasattr(value, "isoformat") else str(value)
        text = " ".join(_first_words(text.replace("\x00", " "), 300))[:300]
        if text:
            out[key] = text
    return out


_WORD = re.compile(r"\S+")


def _first_words(text: str, length: int) -> list[str]:
    """The words of `text` up to `length` characters joined, as `text.split()` gives
    them; found lazily, since a hostile property can be megabytes of short words."""
    words: list[str] = []
    joined = -1
    for match in _WORD.finditer(text):
        words.append(match.group())
        joined += len(words[-1]) + 1
        if joined >= length:
            break
    return words


class ExtractionError(Exception):
    """A document that cannot be turned into text; `reason` is a stable code."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


_OBJECT_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def describe_error(exc: BaseException) -> str:
    """A library exception as a one-line detail for a report.

    Object addresses (python-docx puts a stream's repr in some messages) are dropped,
    so the same file always gives the same detail.
    """
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return _OBJECT_ADDRESS.sub("", " ".join(text.split()))[:500]


def _cell(value: str) -> str:
    """A cell's text as markdown that reads back as the same text: a data file's values
    are literal, so a `*color*` pattern is no emphasis, `__init__` no bold, `<b>` no tag
    and `&amp;` no ampersand (the readers would take them as markup and lose the marks)."""
    text = _CELL_MARKUP.sub(r"\\\1", " ".join(value.split()))
    return _CELL_ENTITY.sub(r"\\&", _CELL_EDGE_UNDERSCORE.sub(r"\\_", text))


_CELL_MARKUP = re.compile(r"([\\|`*\[\]<~])")
_CELL_EDGE_UNDERSCORE = re.compile(r"(?<![^\W_])_|_(?![^\W_])")  # `_x_` and `__init__`; `exc_info` stays
_CELL_ENTITY = re.compile(r"&(?=#?\w+;)")


def gfm_table(rows: Sequence[Sequence[str]]) -> str:
    """A GitHub-flavoured markdown table; the first row is the header.

    Rows are padded to the widest row, pipes escaped and line breaks folded, so any
    cell content keeps the table well-formed.
    """
    if not rows:
        return ""
    width = max(len(row) for row in rows) or 1
    padded = [[_cell(str(c)) for c in row] + [""] * (width - len(row)) for row in rows]
    lines = ["| " + " | ".join(padded[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(row) + " |" for row in padded[1:]]
    return "\n".join(lines)
