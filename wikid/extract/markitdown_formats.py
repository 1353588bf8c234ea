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

`info` is read beside the conversion (markitdown keeps only a title): for HTML the
`<title>` markitdown found, `<meta name="author">`, and the first ISO date among
`<meta>` `date`, `article:modified_time`, `article:published_time`, `dcterms.modified`
and `DC.date`, from a second, cheap BeautifulSoup parse of the head alone (what comes
before `</head>` or `<body>`, at most MAX_HEAD_BYTES, `<meta>` elements only); for an
EPUB the package document's first `dc:title`, its `dc:creator`s and first `dc:date`;
for a PPTX the core properties (`docinfo.ooxml_info`).
"""

from __future__ import annotations

import io
import os
import re
import warnings
import zipfile

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

from markitdown import StreamInfo  # noqa: E402  (telemetry must be off first)
from markitdown.converters import EpubConverter, HtmlConverter, PptxConverter  # noqa: E402
from bs4 import BeautifulSoup, SoupStrainer  # noqa: E402  (installed with markitdown)

from wikid.extract.base import Extracted, ExtractionError, clean_info, describe_error  # noqa: E402
from wikid.extract.docinfo import DC, first_date, guarded, iso_date, ooxml_info, read_part, texts  # noqa: E402
from wikid.extract.text import looks_binary  # noqa: E402
from wikid.intake.classify import Reason  # noqa: E402

_SLIDE_MARKER = re.compile(r"^<!-- Slide number: (\d+) -->$", re.MULTILINE)
_H1 = re.compile(r"^# ", re.MULTILINE)
MAX_HEAD_BYTES = 256 * 1024
_HEAD_END = re.compile(rb"</head[\s>]|<body[\s>]", re.IGNORECASE)
_META_DATES = ("date", "article:modified_time", "article:published_time", "dcterms.modified", "dc.date")
_CONTAINER_ROOTFILE = "{urn:oasis:names:tc:opendocument:xmlns:container}rootfile"
_OPF_METADATA = "{http://www.idpf.org/2007/opf}metadata"


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
    if suffix == ".pptx":
        info = guarded(ooxml_info, data)
    elif suffix == ".epub":
        info = guarded(_epub_info, data)
    else:
        info = guarded(_html_info, data, result.title)
    return Extracted(text + "\n", notes, info)


def _with_title(text: str, title: object) -> str:
    heading = " ".join(str(title or "").split())
    if not heading or _H1.search(text):
        return text
    return f"# {heading}\n\n{text}".strip()


def _html_info(data: bytes, title: object) -> dict[str, str]:
    """`title` (markitdown's `<title>`), and the author and date `<meta>` elements of the head."""
    end = _HEAD_END.search(data, 0, MAX_HEAD_BYTES)
    if end is not None:
        head = data[: end.start()]
    elif len(data) <= MAX_HEAD_BYTES:
        head = data
    else:  # no end of head in sight: the first MAX_HEAD_BYTES, cut after a tag, not inside a character
        head = data[: data.rfind(b">", 0, MAX_HEAD_BYTES) + 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # BeautifulSoup's parser hints
        soup = BeautifulSoup(head, "html.parser", from_encoding="utf-8", parse_only=SoupStrainer("meta"))
    meta: dict[str, str] = {}
    for element in soup.find_all("meta"):
        key, content = element.get("name") or element.get("property"), element.get("content")
        if isinstance(key, str) and isinstance(content, str):
            meta.setdefault(key.strip().lower(), content)
    date = first_date(iso_date, *(meta.get(key) for key in _META_DATES))
    return clean_info(title=title, author=meta.get("author"), date=date)


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
