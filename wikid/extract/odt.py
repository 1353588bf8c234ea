"""OpenDocument text (.odt) to markdown, with the standard library only.

markitdown has no ODT support. odfpy would add a dependency (last released 2020)
that parses every part of the package into its own DOM and offers plain text, not
structure, so the walk below would be needed anyway. `content.xml` alone holds the
text, and `zipfile` plus ElementTree read it safely: ElementTree never fetches
external entities, and the bundled expat (2.4+) stops entity-expansion bombs.

Mapping, in document order: `text:h` becomes a `#` heading at its outline level
(capped at 6), `text:p` a paragraph, `text:list` a `- ` list (nested lists indented),
`table:table` a GFM table. Inside paragraphs, runs of whitespace collapse as ODF
prescribes, while `text:s` (with its count), `text:tab` and `text:line-break` give
literal spaces, a tab and a newline. Footnotes are kept inline in brackets. Deleted
text of tracked changes, comments and the generated table of contents are skipped:
the first is not the document's text, the others repeat or annotate it.

Images (`draw:image` in a `draw:frame`, the package's `Pictures/...` files, and the
pictures Office keeps of embedded objects) are marked where their frame stands and read
by OCR (`figures.py`).

`info` comes from `meta.xml`: `dc:title`, the author (`meta:initial-creator`, else
`dc:creator`, which ODF defines as the last editor) and `dc:date` (the last change),
else `meta:creation-date`. It is read with the same expat parser, under the stricter
limits of `docinfo.read_part`.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterator
from xml.etree import ElementTree

from wikid.extract.base import Extracted, ExtractionError, clean_info, describe_error, gfm_table
from wikid.extract.docinfo import DC, first_date, guarded, iso_date, read_part, texts
from wikid.extract.figures import MAX_IMAGE_BYTES, Pictures
from wikid.reasons import Reason

_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_META = "{urn:oasis:names:tc:opendocument:xmlns:meta:1.0}"
_DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

_H, _P = f"{_TEXT}h", f"{_TEXT}p"
_LIST, _LIST_ITEMS = f"{_TEXT}list", {f"{_TEXT}list-item", f"{_TEXT}list-header"}
_SPACE, _TAB, _LINE_BREAK = f"{_TEXT}s", f"{_TEXT}tab", f"{_TEXT}line-break"
_NOTE_BODY = f"{_TEXT}note-body"
_TABLE_EL, _ROW = f"{_TABLE}table", f"{_TABLE}table-row"
_CELLS = {f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"}
_ROW_GROUPS = {f"{_TABLE}{name}" for name in ("table-header-rows", "table-rows", "table-row-group")}
_SKIPPED = {
    f"{_TEXT}tracked-changes",
    f"{_TEXT}note-citation",
    f"{_TEXT}table-of-content",
    f"{_OFFICE}annotation",
}
# Repeated rows and cells are written out, up to this many copies: spreadsheets
# pasted into a document can declare a million empty repeats.
MAX_REPEAT = 100
_WHITESPACE = re.compile(r"[ \t\r\n]+")

# A paragraph as pieces of text: (text, literal). Literal pieces come from text:s,
# text:tab and text:line-break and are kept as they are; the others collapse.
_Pieces = list[tuple[str, bool]]


def extract(data: bytes, suffix: str) -> Extracted:
    """Markdown for the body of an OpenDocument text document."""
    pictures = Pictures()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            root = ElementTree.fromstring(package.read("content.xml"))
            _mark_images(root, package, pictures)
    except KeyError as exc:
        raise _failed("the ODT package has no content.xml") from exc
    except (zipfile.BadZipFile, ElementTree.ParseError, zlib.error, EOFError, OSError,
            RuntimeError, NotImplementedError) as exc:
        raise _failed(f"ODT content could not be read: {describe_error(exc)}") from exc
    body = root.find(f"{_OFFICE}body/{_OFFICE}text")
    if body is None:
        raise _failed("content.xml has no office:text body; is this a text document?")
    try:
        read = pictures.resolve("\n\n".join(_blocks(body)))
    except RecursionError as exc:
        raise _failed("the document is nested too deeply to read") from exc
    if not read.text.strip():
        raise ExtractionError(Reason.EMPTY, "the ODT document has no text")
    return Extracted(read.text + "\n", read.warnings, guarded(_info, data), read.counts, read.figures)


def _mark_images(root: ElementTree.Element, package: zipfile.ZipFile, pictures: Pictures) -> None:
    """Replace each frame holding an image by its placeholder: a span inside a paragraph,
    a paragraph of its own elsewhere (a frame anchored to the page). One frame can hold
    an embedded object and the picture of it; the picture is what is read."""
    for parent in root.iter():
        for position, child in enumerate(parent):
            if child.tag != f"{_DRAW}frame" or (image := child.find(f"{_DRAW}image")) is None:
                continue
            href = image.get(_XLINK_HREF, "")
            try:
                with package.open(href) as member:
                    data: bytes | None = member.read(MAX_IMAGE_BYTES + 1)
            except (KeyError, OSError, zipfile.BadZipFile, zlib.error, RuntimeError, NotImplementedError):
                data = None  # linked from outside the package, or damaged: counted as broken
            inline = parent.tag in (_P, _H) or parent.tag.startswith(_TEXT)
            mark = ElementTree.Element(f"{_TEXT}span" if inline else _P)
            mark.text, mark.tail = pictures.mark(data), child.tail
            parent[position] = mark


def _info(data: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        if "meta.xml" not in package.namelist():
            return {}
        meta = read_part(package, "meta.xml", f"{_OFFICE}meta")
    if meta is None:
        return {}
    authors = texts(meta, f"{_META}initial-creator") + texts(meta, f"{DC}creator")
    date = first_date(iso_date, *texts(meta, f"{DC}date"), *texts(meta, f"{_META}creation-date"))
    return clean_info(title=next(iter(texts(meta, f"{DC}title")), None), author=next(iter(authors), None), date=date)


def _failed(detail: str) -> ExtractionError:
    return ExtractionError(Reason.EXTRACTION_FAILED, detail)


def _blocks(parent: ElementTree.Element) -> list[str]:
    blocks: list[str] = []
    for element in parent:
        if element.tag == _H:
            title = " ".join(_paragraph(element).split())
            level = min(max(_int_attr(element, f"{_TEXT}outline-level", 1), 1), 6)
            blocks.append(f"{'#' * level} {title}" if title else "")
        elif element.tag == _P:
            blocks.append(_paragraph(element))
        elif element.tag == _LIST:
            blocks.append("\n".join(_list_lines(element, 0)))
        elif element.tag == _TABLE_EL:
            blocks.append(gfm_table(_table_rows(element)))
        elif element.tag not in _SKIPPED:
            blocks.extend(_blocks(element))  # sections, index bodies, text boxes...
    return [block for block in blocks if block]


def _list_lines(element: ElementTree.Element, depth: int) -> list[str]:
    lines: list[str] = []
    indent = "  " * depth
    for item in element:
        if item.tag not in _LIST_ITEMS:
            continue
        marker = "- "
        for child in item:
            if child.tag == _LIST:
                lines += _list_lines(child, depth + 1)
                continue
            text = _paragraph(child) if child.tag in (_H, _P) else " ".join(_blocks(child))
            for line in text.split("\n"):
                if line.strip():
                    lines.append(f"{indent}{marker}{line.strip()}")
                    marker = "  "
    return lines


def _table_rows(table: ElementTree.Element) -> list[list[str]]:
    rows = [_trimmed(row) for row in _rows(table)]
    return [row for row in rows if row]


def _rows(parent: ElementTree.Element) -> Iterator[list[str]]:
    for child in parent:
        if child.tag in _ROW_GROUPS:
            yield from _rows(child)
        elif child.tag == _ROW:
            cells: list[str] = []
            for cell in child:
                if cell.tag in _CELLS:
                    text = " ".join(_blocks(cell))
                    cells += [text] * _repeat(cell, f"{_TABLE}number-columns-repeated")
            for _ in range(_repeat(child, f"{_TABLE}number-rows-repeated")):
                yield cells


def _trimmed(cells: list[str]) -> list[str]:
    end = len(cells)
    while end and not cells[end - 1].strip():
        end -= 1
    return cells[:end]


def _repeat(element: ElementTree.Element, attribute: str) -> int:
    return min(max(_int_attr(element, attribute, 1), 1), MAX_REPEAT)


def _int_attr(element: ElementTree.Element, attribute: str, default: int) -> int:
    try:
        return int(element.get(attribute, default))
    except ValueError:
        return default


def _paragraph(element: ElementTree.Element) -> str:
    pieces: _Pieces = []
    _collect(element, pieces)
    out: list[str] = []
    after_space = True  # no collapsible space at the start of a paragraph
    for text, literal in pieces:
        if not literal:
            text = _WHITESPACE.sub(" ", text)
            if after_space and text.startswith(" "):
                text = text[1:]
            if not text:
                continue
        out.append(text)
        after_space = text.endswith("\n") if literal else text.endswith(" ")
    return "".join(out).strip()


def _collect(element: ElementTree.Element, pieces: _Pieces) -> None:
    pieces.append((element.text or "", False))
    for child in element:
        if child.tag == _SPACE:
            pieces.append((" " * _int_attr(child, f"{_TEXT}c", 1), True))
        elif child.tag == _TAB:
            pieces.append(("\t", True))
        elif child.tag == _LINE_BREAK:
            pieces.append(("\n", True))
        elif child.tag == _NOTE_BODY:
            pieces.append((f" [{' '.join(_blocks(child))}]", False))
        elif child.tag in (_P, _H):  # paragraphs nested in frames, notes and text boxes
            pieces.append((" ", False))
            _collect(child, pieces)
        elif child.tag not in _SKIPPED:
            _collect(child, pieces)
        pieces.append((child.tail or "", False))
