"""HTML, XHTML, EPUB and PPTX to markdown through markitdown's converters.

The converters are called directly on a stream. `MarkItDown.convert()` would first
identify the stream with magika (an ONNX model) and, handed a string that looks like a
URL, fetch it; a converter reads only the bytes it is given. Importing markitdown
loads magika and onnxruntime (about 1.5 s), so only the extraction worker imports
this module (the registry names it, it does not import it), before the worker caps
its memory; and only after `ORT_DISABLE_TELEMETRY=1` is set: without it onnxruntime
starts a telemetry thread that contacts a Microsoft host and writes a device id.

What markitdown decides is kept, with three adjustments so every format reads alike:
* PPTX slides start with `## Slide N` (markitdown marks them `<!-- Slide number: N -->`),
  and slide titles, which markitdown makes `#` headings, become `###` so they nest
  under their slide.
* An HTML page without a level-1 heading gets its `<title>` as one (markitdown drops
  the head); EPUBs already carry a metadata block with the book title.
* markitdown reports a degraded conversion (HTML nested too deeply for markdownify,
  read as plain text instead) with a plain `UserWarning`; those become the document's
  warnings. Parser hints from BeautifulSoup are `UserWarning` subclasses and dropped.
Script and style elements are removed by markitdown's HTML converter itself.
"""

from __future__ import annotations

import io
import os
import re
import warnings

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

from markitdown import StreamInfo  # noqa: E402  (telemetry must be off first)
from markitdown.converters import EpubConverter, HtmlConverter, PptxConverter  # noqa: E402

from wikid.extract.base import Extracted, ExtractionError, describe_error  # noqa: E402
from wikid.extract.text import looks_binary  # noqa: E402
from wikid.intake.classify import Reason  # noqa: E402

_SLIDE_MARKER = re.compile(r"^<!-- Slide number: (\d+) -->$", re.MULTILINE)
_H1 = re.compile(r"^# ", re.MULTILINE)


def extract(data: bytes, suffix: str) -> Extracted:
    """Markdown for an HTML page, an EPUB book or a PPTX deck."""
    converter = {".pptx": PptxConverter, ".epub": EpubConverter}.get(suffix, HtmlConverter)()
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
    elif suffix != ".epub":
        text = _with_title(text, result.title)
    if looks_binary(text):
        raise ExtractionError(Reason.EXTRACTION_FAILED, f"binary content where {label} was expected")
    if not text:
        raise ExtractionError(Reason.EMPTY, f"the {label} document has no text")
    notes = tuple(str(w.message) for w in caught if w.category is UserWarning)
    return Extracted(text + "\n", notes)


def _with_title(text: str, title: object) -> str:
    heading = " ".join(str(title or "").split())
    if not heading or _H1.search(text):
        return text
    return f"# {heading}\n\n{text}".strip()
