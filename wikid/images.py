"""What became of the images in a document: the shared vocabulary of extraction (which
reads them), the batch report and log (which count them) and the agent engine (which
shows them to a model that accepts images).

Pure values only, so every layer can import it without pulling in Pillow or OCR.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class ImageOutcome(StrEnum):
    """One image's fate; the order is the order counts are shown in."""

    READ = "read"  # OCR found text in it
    UNREADABLE = "unreadable"  # decoded, but OCR found no text (a photo, a diagram, a vector drawing)
    DECORATIVE = "decorative"  # too small to hold text: an icon, a bullet, a rule
    DUPLICATE = "duplicate"  # the same bytes as an earlier image of the document: read once
    BROKEN = "broken"  # the bytes are not an image any decoder can read
    NO_OCR = "no_ocr"  # no OCR engine is installed
    OVER_LIMIT = "over_limit"  # past the document's limits (images, bytes, time)


_SHOWN = {
    ImageOutcome.READ: "read by OCR",
    ImageOutcome.UNREADABLE: "with no text found",
    ImageOutcome.DECORATIVE: "decorative",
    ImageOutcome.DUPLICATE: "repeated",
    ImageOutcome.BROKEN: "broken",
    ImageOutcome.NO_OCR: "not read (no OCR engine)",
    ImageOutcome.OVER_LIMIT: "not read (over the limits)",
}


def describe_counts(counts: Mapping[str, int]) -> str:
    """`3 images: 2 read by OCR, 1 decorative` for a report line or a log entry."""
    total = sum(counts.values())
    parts = [f"{counts[o]} {_SHOWN[o]}" for o in ImageOutcome if counts.get(o)]
    return f"{total} image{'s' if total != 1 else ''}: " + ", ".join(parts)


@dataclass(frozen=True)
class Figure:
    """An image of a document as the agent engine's model may see it: where it is
    (`page 3`, `slide 2, section 'Results'`), the text around it, what OCR read in it,
    and the picture itself (JPEG, scaled down) when it was kept for a model."""

    number: int  # its number among the document's figures, as the extracted text names it
    where: str
    nearby: str
    text: str
    jpeg: bytes | None = None
