"""Images inside documents (DOCX, PPTX, XLSX, ODT, EPUB, notebooks): read once each by
OCR, their text placed where the image stood.

A format module collects a document's images in reading order with `Pictures.mark`,
which returns a placeholder to put in the markdown where the image is; `resolve` then
reads every image in one pass and puts its text after the line that held it (after a
table, when the image sat in a table cell), under `*Image N, text read by OCR:*`.
Resolving after the markdown is built lets one pass see each image's location (the
`## Page|Slide|Sheet` and the heading above it) and the text around it, which the
agent engine shows its model beside the image.

Per image, in order: past MAX_IMAGES, over MAX_IMAGE_BYTES or past the time budget it is
not read (`over_limit`); the same bytes as an earlier image are read once
(`duplicate`); bytes no decoder reads are `broken`; a vector drawing (WMF, EMF, SVG)
or a picture where OCR finds nothing is `unreadable`; a tiny one is `decorative`
(ocr.decorative); without an OCR engine the rest are `no_ocr`. The counts travel with
the text to the batch report and log.md.

The time budget: OCR takes seconds a page, so a document with hundreds of scanned
images would hit the worker's time limit and lose even its text. The worker sets a
deadline (`image_settings`) short of that limit; images past it are counted, not read.
"""

from __future__ import annotations

import hashlib
import io
import re
import secrets
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from wikid.extract import ocr
from wikid.images import Figure, ImageOutcome

MAX_IMAGES = 100  # images examined per document
MAX_IMAGE_BYTES = 30 * 1024 * 1024
MAX_KEPT = 20  # pictures kept per document for a model that accepts images
KEPT_SIDE = 1024  # px: the longer side of a kept picture
NEARBY_CHARS = 300
_UNIT = re.compile(r"^## (?:(Page|Slide) (\d+)|Sheet: (.+))$")
_HEADING = re.compile(r"^#{1,6} +(.+?)\s*#*$")
_IMAGE_LINK = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_MARKER = re.compile("( ?)\ue000([0-9a-f]+)x(\\d+)\ue001( ?)")


@dataclass(frozen=True)
class ImageSettings:
    """How the worker wants a document's images read: no OCR after `deadline`
    (time.monotonic()), and whether to keep a scaled JPEG of each for the agent."""

    deadline: float | None = None
    keep: bool = False


_SETTINGS: ContextVar[ImageSettings] = ContextVar("wikid_image_settings", default=ImageSettings())  # noqa: B039 - frozen


@contextmanager
def image_settings(settings: ImageSettings) -> Iterator[None]:
    """Apply `settings` to the documents extracted inside the block."""
    token = _SETTINGS.set(settings)
    try:
        yield
    finally:
        _SETTINGS.reset(token)


@dataclass(frozen=True)
class Resolved:
    """A document's markdown with its images' text in place, and what became of them."""

    text: str
    counts: dict[str, int] = field(default_factory=dict)
    figures: tuple[Figure, ...] = ()
    warnings: tuple[str, ...] = ()


class Pictures:
    """The images of one document, marked in its markdown in reading order."""

    def __init__(self) -> None:
        self._nonce = secrets.token_hex(4)  # a placeholder is never text a document holds
        self._data: list[bytes | None] = []

    def mark(self, data: bytes | None) -> str:
        """A placeholder for an image (None: one whose bytes could not be found)."""
        self._data.append(data)
        return f"\ue000{self._nonce}x{len(self._data) - 1}\ue001"

    def strip(self, text: str) -> str:
        """`text` without this document's placeholders, one space left where one stood
        between words (`photo: <image> below` reads `photo: below`)."""
        def gone(m: re.Match[str]) -> str:
            if m[2] != self._nonce:
                return m[0]
            between = m.start() > 0 and m.end() < len(text) and bool(m[1] or m[4])
            return " " if between else ""

        return _MARKER.sub(gone, text)

    def resolve(self, markdown: str) -> Resolved:
        """Read the marked images and put their text where they stood."""
        if not self._data:
            return Resolved(markdown.rstrip("\n"))
        reader = ImageReader()
        lines = markdown.split("\n")
        out: list[str | None] = []  # None: a blank line that separates an inserted block
        pending: list[str | None] = []  # blocks waiting for the end of a table
        unit = section = ""
        for n, line in enumerate(lines):
            if pending and not line.lstrip().startswith("|"):
                out += pending
                pending = []
            found = [int(m[3]) for m in _MARKER.finditer(line) if m[2] == self._nonce]
            clean = self.strip(line) if found else line
            if found_unit := _UNIT.match(clean):
                unit = f"{found_unit[1].lower()} {found_unit[2]}" if found_unit[1] else f"sheet '{found_unit[3]}'"
                section = ""
            elif heading := _HEADING.match(clean):
                section = heading[1]
            if not found:
                out.append(line)
                continue
            if clean.strip() or not line.strip():
                out.append(clean)
            where = ", ".join(filter(None, [unit, f"under '{section}'" if section else ""])) or "at the start"
            for index in found:
                figure = reader.read(self._data[index], where, self._nearby(lines, n))
                if figure is not None and figure.text:
                    (pending if clean.lstrip().startswith("|") else out).extend([None, block(figure), None])
        text = "\n".join(_separated(out + pending)).rstrip("\n")
        return Resolved(text, reader.counts(), tuple(reader.figures), reader.warnings())

    def _nearby(self, lines: list[str], n: int) -> str:
        """The text around line `n`: its own words, and the nearest lines with words
        before and after it within its page, slide or sheet (a caption, the paragraph
        that introduces the image); markdown image links are not words."""
        def words(k: int) -> str:
            return " ".join(_IMAGE_LINK.sub("", self.strip(lines[k])).split())

        def nearest(ks: range) -> str:
            for k in ks:
                if _UNIT.match(lines[k]):
                    return ""
                if text := words(k):
                    return text
            return ""

        before = nearest(range(n - 1, max(n - 20, -1), -1))
        after = nearest(range(n + 1, min(n + 20, len(lines))))
        return " ".join(filter(None, [before, words(n), after]))[:NEARBY_CHARS]


def _separated(lines: list[str | None]) -> list[str]:
    """The lines with each separator (None) made one blank line where none stands yet,
    so an inserted block is a paragraph of its own while the document's own runs of
    blank lines (in a code block, say) stay as they were."""
    out: list[str] = []
    separated = False  # the last line written is a separator's blank line
    for line in lines:
        if line is None:
            if out and out[-1] != "":
                out.append("")
                separated = True
        elif line == "" and separated:
            separated = False
        else:
            out.append(line)
            separated = False
    return out


_VECTOR_MAGIC = (b"\xd7\xcd\xc6\x9a", b"\x01\x00\x09\x00", b"\x02\x00\x09\x00")  # placeable and plain WMF


def _vector(data: bytes) -> bool:
    """A WMF, EMF or SVG drawing: no pixels for OCR (Pillow rasterises none of them here)."""
    head = data[:2048].lstrip().lower()
    return data.startswith(_VECTOR_MAGIC) or data[40:44] == b" EMF" or b"<svg" in head


class ImageReader:
    """One document's images, read in order under the worker's settings and counted."""

    def __init__(self) -> None:
        self.settings = _SETTINGS.get()
        self.outcomes: list[ImageOutcome] = []
        self.figures: list[Figure] = []
        self._seen: set[bytes] = set()

    def read(self, data: bytes | None, where: str, nearby: str) -> Figure | None:
        """The figure an embedded image's bytes make (None when it is not one), counted."""
        from PIL import Image

        if data is None:
            self.count(ImageOutcome.BROKEN)
            return None
        if len(self.outcomes) >= MAX_IMAGES or len(data) > MAX_IMAGE_BYTES:
            self.count(ImageOutcome.OVER_LIMIT)
            return None
        digest = hashlib.sha256(data).digest()
        if digest in self._seen:
            self.count(ImageOutcome.DUPLICATE)
            return None
        self._seen.add(digest)
        if _vector(data):
            self.count(ImageOutcome.UNREADABLE)
            return None
        Image.MAX_IMAGE_PIXELS = ocr.MAX_IMAGE_PIXELS
        try:
            picture = Image.open(io.BytesIO(data))
            picture.load()
        except Image.DecompressionBombError:  # over MAX_IMAGE_PIXELS: a bomb, or a poster nobody OCRs
            self.count(ImageOutcome.OVER_LIMIT)
            return None
        except Exception:  # noqa: BLE001 - Pillow raises many types on damaged or foreign bytes
            self.count(ImageOutcome.BROKEN)
            return None
        return self.read_picture(picture, where, nearby)

    def read_picture(self, picture: object, where: str, nearby: str) -> Figure | None:
        """The figure a decoded Pillow image makes: its text by OCR, within the deadline."""
        if ocr.decorative(picture):
            self.count(ImageOutcome.DECORATIVE)
            return None
        if ocr.tesseract() is None:
            self.count(ImageOutcome.NO_OCR)
            return None
        left = None if self.settings.deadline is None else self.settings.deadline - time.monotonic()
        if left is not None and left <= 0:
            self.count(ImageOutcome.OVER_LIMIT)
            return None
        try:
            text = ocr.read_pixels(picture, timeout=left)
        except subprocess.TimeoutExpired:
            self.count(ImageOutcome.OVER_LIMIT)
            return None
        self.count(ImageOutcome.READ if text else ImageOutcome.UNREADABLE)
        keep = self.settings.keep and len(self.figures) < MAX_KEPT
        figure = Figure(len(self.figures) + 1, where, nearby, text, _jpeg(picture) if keep else None)
        self.figures.append(figure)
        return figure

    def count(self, outcome: ImageOutcome, times: int = 1) -> None:
        """Count images that were not read (the caller knows why)."""
        self.outcomes += [outcome] * times

    def counts(self) -> dict[str, int]:
        tally = Counter(self.outcomes)
        return {str(o): tally[o] for o in ImageOutcome if tally[o]}

    def warnings(self) -> tuple[str, ...]:
        tally = Counter(self.outcomes)
        out = []
        if read := tally[ImageOutcome.READ]:
            out.append(f"text read by OCR ({ocr.version()}) from {read} image{'s' if read > 1 else ''}: "
                       f"check names and figures against {'them' if read > 1 else 'it'}")
        if tally[ImageOutcome.NO_OCR]:
            out.append(f"{tally[ImageOutcome.NO_OCR]} image(s) not read: reading text in images needs an OCR engine: "
                       f"{ocr.INSTALL}")
        if tally[ImageOutcome.OVER_LIMIT]:
            out.append(f"{tally[ImageOutcome.OVER_LIMIT]} image(s) not read: over the limits of {MAX_IMAGES} images, "
                       f"{MAX_IMAGE_BYTES // 1048576} MB an image, or the time the document may take")
        return tuple(out)


def block(figure: Figure) -> str:
    """The markdown that puts a figure's text in the document ('' when it has none)."""
    if not figure.text:
        return ""
    lines = [("\\" + line) if line.startswith("#") else line for line in figure.text.split("\n")]
    return f"*Image {figure.number}, text read by OCR:*\n\n" + "\n".join(lines)


def _jpeg(picture: object) -> bytes:
    """A picture as a JPEG at most KEPT_SIDE px on its longer side, for a model."""
    from PIL import Image

    assert isinstance(picture, Image.Image)
    image = picture.convert("RGB")
    image.thumbnail((KEPT_SIDE, KEPT_SIDE))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()
