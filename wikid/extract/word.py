"""Word (.docx) documents as markdown, with python-docx.

The body is read in document order straight from its XML children, so paragraphs
and tables stay interleaved as the author placed them (python-docx's `paragraphs`
and `tables` lists lose that order). Content controls (`w:sdt`, used by templates and
forms) are descended into, since their text is the document's text.

Mapping: `Title` and `Heading 1` → `#`, `Heading N` → N `#` (at most 6); list
paragraphs (numbered in the paragraph or through a `List Bullet`/`List Number`
style) → `- ` items, indented two spaces per level, numbered lists included since the
numbers themselves live in the numbering definitions; tables → GFM tables with the
first row as header (a merged cell repeats its text in every row and column it
spans, which keeps the columns aligned); other paragraphs as plain text. Inline
formatting is dropped.

Images (`a:blip` pictures, old VML `v:imagedata`) are marked where they stand and read
by OCR (`figures.py`); a chart's cached series become a table after its paragraph
(`charts.py`). An image in a table cell is read after the table.

Headers and footers carry page furniture (company, confidentiality, document ids)
that still says something about the document. They are appended after the body
under `## Header` and `## Footer`, each paragraph once however many sections or
first/even-page variants repeat it, so the body keeps its own heading hierarchy.

`info` holds the core properties' title, author (`dc:creator`, not the last editor) and
modified (else created) date, read by `docinfo.ooxml_info`.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml.ns import qn
from docx.table import Table
from docx.text.paragraph import Paragraph

from wikid.extract.base import Extracted, ExtractionError, describe_error, gfm_table
from wikid.extract.charts import chart_markdown
from wikid.extract.docinfo import guarded, ooxml_info
from wikid.extract.figures import Pictures
from wikid.images import describe_counts
from wikid.reasons import Reason

if TYPE_CHECKING:
    from docx.document import Document as DocxDocument
    from docx.oxml.xmlchemy import BaseOxmlElement
    from docx.section import _Footer, _Header

_HEADING = re.compile(r"Heading ([1-9])")
_LIST_STYLE = re.compile(r"List (?:Bullet|Number)(?: ([2-9]))?")
_PARAGRAPH, _TABLE, _CONTENT_CONTROL = qn("w:p"), qn("w:tbl"), qn("w:sdt")
_BLIP, _CHART, _VML_IMAGE = qn("a:blip"), qn("c:chart"), "{urn:schemas-microsoft-com:vml}imagedata"
_EMBED, _RID = qn("r:embed"), qn("r:id")
_HEADERS = ("header", "first_page_header", "even_page_header")
_FOOTERS = ("footer", "first_page_footer", "even_page_footer")

Block = tuple[bool, str]  # (is a list item, markdown)


def extract(data: bytes, suffix: str) -> Extracted:
    """Markdown for a .docx body, then its headers and footers."""
    pictures = Pictures()
    try:
        document = Document(io.BytesIO(data))
        styles = _style_names(document)
        parts = [_join(_blocks(document.element.body, document, styles, pictures))]
        for title, attrs in (("Header", _HEADERS), ("Footer", _FOOTERS)):
            if furniture := _furniture(document, attrs, styles, pictures):
                parts.append(f"## {title}\n\n" + "\n\n".join(furniture))
    except Exception as exc:  # noqa: BLE001 - python-docx/lxml/zipfile raise many types on damaged files
        raise ExtractionError(
            Reason.EXTRACTION_FAILED, f"python-docx could not read the document: {describe_error(exc)}"
        ) from None
    read = pictures.resolve("\n\n".join(part for part in parts if part))
    if not read.text.strip():
        raise ExtractionError(Reason.EMPTY, "the document has no text" + (f" ({describe_counts(read.counts)})" if read.counts else ""))
    return Extracted(read.text + "\n", read.warnings, guarded(ooxml_info, data), read.counts, read.figures)



def _style_names(document: DocxDocument) -> dict[str | None, str]:
    """Paragraph style id -> style name, with None for the default style.

    python-docx's `paragraph.style` searches every style of the document for each
    paragraph; on long documents that was 80% of the time. Looking names up once is
    6x faster on a 0.6 MB file (bench/extract.py).
    """
    names: dict[str | None, str] = {s.style_id: s.name or "" for s in document.styles}
    default = document.styles.default(WD_STYLE_TYPE.PARAGRAPH)
    names[None] = default.name or "" if default is not None else ""
    return names


def _blocks(
    container: BaseOxmlElement, parent: DocxDocument | _Header | _Footer, styles: dict[str | None, str],
    pictures: Pictures,
) -> Iterator[Block]:
    """Each non-empty paragraph and table under `container`, in document order, each
    followed by the charts in it; images are marked in the paragraph that holds them."""
    for child in container.iterchildren():
        if child.tag == _PARAGRAPH:
            paragraph = Paragraph(child, parent)
            marks, charts = _drawings(child, paragraph.part.related_parts, pictures)
            if block := _paragraph(child, paragraph, styles, marks):
                yield block
            yield from ((False, chart) for chart in charts)
        elif child.tag == _TABLE:
            table = Table(child, parent)
            rows = [[cell.text for cell in row.cells] for row in table.rows]
            marks, charts = _drawings(child, table.part.related_parts, pictures)
            if any(cell.strip() for row in rows for cell in row):
                yield False, gfm_table(rows)
            if marks:
                yield False, marks
            yield from ((False, chart) for chart in charts)
        elif child.tag == _CONTENT_CONTROL and (content := child.find(qn("w:sdtContent"))) is not None:
            yield from _blocks(content, parent, styles, pictures)


def _drawings(element: BaseOxmlElement, related: dict[str, Any], pictures: Pictures) -> tuple[str, list[str]]:
    """The image placeholders (one string) and chart tables found under `element`.

    An image linked from outside the package (`r:link`, no `r:embed`) has no bytes here
    and is not counted.
    """
    marks: list[str] = []
    charts: list[str] = []
    for node in element.iter(_BLIP, _VML_IMAGE, _CHART):
        rid = node.get(_EMBED) if node.tag == _BLIP else node.get(_RID)
        if not rid:
            continue
        part = related.get(rid)
        if node.tag == _CHART:
            if part is not None and (table := chart_markdown(part.blob)):
                charts.append(table)
        else:
            marks.append(pictures.mark(part.blob if part is not None else None))
    return "".join(marks), charts


def _paragraph(element: BaseOxmlElement, paragraph: Paragraph, styles: dict[str | None, str],
               marks: str = "") -> Block | None:
    text = paragraph.text.strip() + marks
    if not text:
        return None
    style = styles.get(element.style, styles[None])
    if style == "Title":
        return False, "# " + _one_line(text)
    if heading := _HEADING.fullmatch(style):
        return False, "#" * min(int(heading[1]), 6) + " " + _one_line(text)
    level = _list_level(element, style)
    if level is not None:
        return True, "  " * level + "- " + _one_line(text)
    return False, text


def _list_level(element: BaseOxmlElement, style: str) -> int | None:
    """The nesting level of a list paragraph (0 = top), None for other paragraphs."""
    num_id = element.xpath("./w:pPr/w:numPr/w:numId/@w:val")
    if num_id:  # numbering on the paragraph overrides its style's; numId 0 means "none"
        if num_id[0] == "0":
            return None
        ilvl = element.xpath("./w:pPr/w:numPr/w:ilvl/@w:val")
        return int(ilvl[0]) if ilvl and ilvl[0].isdigit() else 0
    style_list = _LIST_STYLE.fullmatch(style)
    return int(style_list[1] or 1) - 1 if style_list else None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _join(blocks: Iterator[Block]) -> str:
    """Blocks separated by blank lines; consecutive list items stay one list."""
    out: list[str] = []
    previous_item = False
    for is_item, markdown in blocks:
        if out:
            out.append("\n" if is_item and previous_item else "\n\n")
        out.append(markdown)
        previous_item = is_item
    return "".join(out)


def _furniture(document: DocxDocument, attrs: tuple[str, ...], styles: dict[str | None, str],
               pictures: Pictures) -> list[str]:
    """The distinct header (or footer) blocks of every section, in first-seen order."""
    seen: list[str] = []
    for section in document.sections:
        for attr in attrs:
            header_footer = getattr(section, attr)
            if header_footer.is_linked_to_previous:  # no definition of its own: nothing new
                continue
            for _, markdown in _blocks(header_footer.part.element, header_footer, styles, pictures):
                if pictures.strip(markdown) not in map(pictures.strip, seen):
                    seen.append(markdown)
    return seen

