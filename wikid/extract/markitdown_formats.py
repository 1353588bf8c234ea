"""EPUB and PPTX to markdown through markitdown's converters (HTML has its own module, html.py).

The converters are called directly on a stream. `MarkItDown.convert()` would first
identify the stream with magika (an ONNX model) and, handed a string that looks like a
URL, fetch it; a converter reads only the bytes it is given. Importing markitdown
loads magika and onnxruntime (about 1.5 s), so only the extraction worker imports
this module (the registry names it, it does not import it), before the worker caps
its memory; and only after `ORT_DISABLE_TELEMETRY=1` is set: without it onnxruntime
starts a telemetry thread that contacts a Microsoft host and writes a device id.

What markitdown decides is kept, with one adjustment so every format reads alike:
PPTX slides start with `## Slide N` (markitdown marks them `<!-- Slide number: N -->`),
and slide titles, which markitdown makes `#` headings, become `###` so they nest under
their slide. EPUBs already carry a metadata block with the book title. markitdown
reports a degraded conversion with a plain `UserWarning`; those become the document's
warnings. Parser hints from BeautifulSoup are `UserWarning` subclasses and dropped.

Images: a PPTX picture is marked right after markitdown's `![alt](name)` for it (a
subclass wraps its picture conversion), an EPUB image after the `![alt](src)` that
names it (its `src` resolved against the book's files); `figures.py` reads them by OCR.

`info` is read beside the conversion: for an EPUB the package document's first
`dc:title`, its `dc:creator`s and first `dc:date`; for a PPTX the core properties
(`docinfo.ooxml_info`).
"""

from __future__ import annotations

import io
import os
import posixpath
import re
import warnings
import zipfile
import zlib
from typing import Any
from urllib.parse import unquote

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

from markitdown import StreamInfo  # telemetry must be off first
from markitdown.converters import EpubConverter, PptxConverter

from wikid.extract.base import Extracted, ExtractionError, clean_info, describe_error
from wikid.extract.docinfo import DC, first_date, guarded, iso_date, ooxml_info, read_part, texts
from wikid.extract.figures import MAX_IMAGE_BYTES, Pictures
from wikid.extract.text import looks_binary
from wikid.reasons import Reason

_SLIDE_MARKER = re.compile(r"^<!-- Slide number: (\d+) -->$", re.MULTILINE)
_H1 = re.compile(r"^# ", re.MULTILINE)
_IMAGE_LINK = re.compile(r"!\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"\n]*\")?\)")
_CONTAINER_ROOTFILE = "{urn:oasis:names:tc:opendocument:xmlns:container}rootfile"
_OPF_METADATA = "{http://www.idpf.org/2007/opf}metadata"


class _PptxPictures(PptxConverter):
    """markitdown's PPTX converter, marking each picture's image after its markdown."""

    def __init__(self, pictures: Pictures) -> None:
        super().__init__()
        self.pictures = pictures

    def _convert_picture_to_markdown(self, shape: Any, **kwargs: Any) -> str:
        markdown: str = super()._convert_picture_to_markdown(shape, **kwargs)
        try:
            blob = shape.image.blob
        except Exception:  # noqa: BLE001 - python-pptx raises on SVG-only and linked pictures
            blob = None
        return markdown + self.pictures.mark(blob) + "\n"


def extract(data: bytes, suffix: str) -> Extracted:
    """Markdown for an EPUB book or a PPTX deck."""
    pictures = Pictures()
    converter = _PptxPictures(pictures) if suffix == ".pptx" else EpubConverter()
    label = suffix.lstrip(".").upper()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = converter.convert(io.BytesIO(data), StreamInfo(extension=suffix))
    except Exception as exc:  # markitdown, zipfile, python-pptx, bs4 and expat all raise their own
        raise ExtractionError(
            Reason.EXTRACTION_FAILED, f"{label} conversion failed: {describe_error(exc)}"
        ) from exc
    text = result.markdown.strip()
    if suffix == ".pptx":
        text = _SLIDE_MARKER.sub(r"## Slide \1", _H1.sub("### ", text))
    else:
        text = _mark_book_images(data, text, pictures)
    if looks_binary(text):
        raise ExtractionError(Reason.EXTRACTION_FAILED, f"binary content where {label} was expected")
    read = pictures.resolve(text)
    if not read.text.strip():
        raise ExtractionError(Reason.EMPTY, f"the {label} document has no text")
    notes = tuple(str(w.message) for w in caught if w.category is UserWarning) + read.warnings
    info = guarded(ooxml_info, data) if suffix == ".pptx" else guarded(_epub_info, data)
    return Extracted(read.text.strip() + "\n", notes, info, read.counts, read.figures)


def _mark_book_images(data: bytes, text: str, pictures: Pictures) -> str:
    """Mark each `![alt](src)` of an EPUB's markdown with the book's image file it names.

    markitdown concatenates the chapters, so a `src` (relative to its chapter) is matched
    by path suffix: `../images/fig1.png` is the book's `.../images/fig1.png`. A `src`
    that names no file of the book is left alone and not counted.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as book:
            names = [i.filename for i in book.infolist() if not i.is_dir()]

            def mark(match: re.Match[str]) -> str:
                wanted = posixpath.normpath(unquote(match[1].split("#", 1)[0])).lstrip("./")
                found = sorted(n for n in names if n == wanted or n.endswith("/" + wanted))
                if not wanted or not found:
                    return match[0]
                with book.open(found[0]) as image:
                    return match[0] + pictures.mark(image.read(MAX_IMAGE_BYTES + 1))

            return _IMAGE_LINK.sub(mark, text)
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, zlib.error):
        return text


def _epub_info(data: bytes) -> dict[str, str]:
    """The first title, the creators and the first date of the package document's metadata."""
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        rootfile = read_part(book, "META-INF/container.xml", _CONTAINER_ROOTFILE)
        path = rootfile.get("full-path") if rootfile is not None else None
        metadata = read_part(book, path, _OPF_METADATA) if path else None
    if metadata is None:
        return {}
    title = next(iter(texts(metadata, f"{DC}title")), None)
    return clean_info(title=title, author=", ".join(texts(metadata, f"{DC}creator")),
                      date=first_date(iso_date, *texts(metadata, f"{DC}date")))
