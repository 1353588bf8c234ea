"""Office fixtures built in memory (python-docx, openpyxl, python-pptx, msoffcrypto-tool): no binaries committed."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Mapping, Sequence
from xml.sax.saxutils import escape

import docx
import openpyxl
from docx.document import Document
from msoffcrypto.format.ooxml import OOXMLFile


def make_docx(paragraphs: Sequence[str] = (), build: Callable[[Document], None] | None = None) -> bytes:
    """A .docx with one plain paragraph per string, then whatever `build` adds."""
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    if build is not None:
        build(document)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def make_xlsx(sheets: Mapping[str, Sequence[Sequence[object]]]) -> bytes:
    """A .xlsx with one sheet per entry, rows appended from A1; `{}` gives one empty sheet."""
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for name, rows in sheets.items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    if not workbook.worksheets:
        workbook.create_sheet("Sheet")
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def make_encrypted_ooxml(data: bytes, password: str) -> bytes:
    """`data` (a .docx/.xlsx/.pptx) encrypted the way Office does it: ECMA-376 Agile
    encryption, an OLE2 container holding `EncryptionInfo` and `EncryptedPackage`."""
    out = io.BytesIO()
    OOXMLFile(io.BytesIO(data)).encrypt(password, out)
    return out.getvalue()


def make_pptx(slides: Sequence[tuple[str, str]]) -> bytes:
    """A deck with one title-and-body slide per (title, body)."""
    from pptx import Presentation

    deck = Presentation()
    for title, body in slides:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = body
    buffer = io.BytesIO()
    deck.save(buffer)
    return buffer.getvalue()


def replace_part(package: bytes, name: str, content: bytes | None) -> bytes:
    """The ZIP `package` with part `name` replaced by `content` (added if missing, dropped when None)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename != name:
                target.writestr(info, source.read(info))
        if content is not None:
            target.writestr(name, content)
    return out.getvalue()


def core_properties(**elements: str) -> bytes:
    """An OOXML `docProps/core.xml` with the given elements, e.g. `dc_title="Report"`,
    `dcterms_modified="2024-03-01T10:00:00Z"` (prefix, underscore, local name); text is
    written as given, so it may be anything a careless producer writes."""
    body = "".join(f"<{tag.replace('_', ':', 1)}>{escape(text)}</{tag.replace('_', ':', 1)}>"
                   for tag, text in elements.items())
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        f'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">{body}</cp:coreProperties>'
    ).encode()


def add_docx_chart(document: Document, title: str, categories: Sequence[str],
                   series: Mapping[str, Sequence[float]]) -> None:
    """A clustered bar chart in a new paragraph, as Word stores one: a chart part with its
    cached series (written by python-pptx's chart XML writer) and an inline drawing
    referring to it."""
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part
    from docx.oxml import parse_xml
    from pptx.chart.data import CategoryChartData
    from pptx.chart.xmlwriter import ChartXmlWriter
    from pptx.enum.chart import XL_CHART_TYPE

    data = CategoryChartData()
    data.categories = list(categories)
    for name, values in series.items():
        data.add_series(name, list(values))
    xml = ChartXmlWriter(XL_CHART_TYPE.COLUMN_CLUSTERED, data).xml
    titled = xml.replace("<c:chart>", f'<c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>{escape(title)}'
                                      "</a:t></a:r></a:p></c:rich></c:tx></c:title>", 1)
    n = len([p for p in document.part.package.iter_parts() if "/charts/" in p.partname]) + 1
    part = Part(PackURI(f"/word/charts/chart{n}.xml"),
                "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
                titled.encode("utf-8"), document.part.package)
    rid = document.part.relate_to(part, RELATIONSHIP_TYPE.CHART)
    drawing = parse_xml(
        '<w:r xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
        'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
        'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<w:drawing><wp:inline><wp:extent cx="5486400" cy="3200400"/><wp:docPr id="{100 + n}" name="Chart {n}"/>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
        f'<c:chart r:id="{rid}"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')
    document.add_paragraph()._p.append(drawing)
