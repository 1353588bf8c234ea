"""Images inside documents (issue 16 item 3, second part): DOCX, PPTX, XLSX, ODT, EPUB and
notebook images read by OCR where they stand, read once when repeated, tiny and broken
ones counted, limits, DOCX charts as tables, the counts in the report and log.md, and
the pictures shown to an agent's model that accepts images.

Tests that read text by OCR need Tesseract and skip without it, naming the install
command; the tests of counting, limits, charts and a missing OCR engine run everywhere."""

from __future__ import annotations

import base64
import io
import json
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest
from agent_script import ScriptedChatModel
from conftest import drop
from image_fixtures import picture, scanned_pdf
from langchain_core.messages import AIMessage
from office_fixtures import add_docx_chart, make_docx, replace_part

from wikid import Action, Project
from wikid.extract import figures, markitdown_formats, notebook, ocr, odt, pdf, sheet, word
from wikid.extract.figures import ImageSettings, image_settings
from wikid.images import describe_counts

needs_ocr = pytest.mark.skipif(ocr.tesseract() is None, reason=f"no OCR engine: {ocr.INSTALL}")
CONTRACT = ["Vendor: Acme Anvils", "Payment terms: 30 days"]
WHITEBOARD = ["Owner: Grace Hopper", "Deadline: 2026-12-24"]


@pytest.fixture
def no_ocr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ocr, "tesseract", lambda: None)


def _docx_with_pictures(*images: bytes, chart: bool = False) -> bytes:
    def build(document: Any) -> None:
        document.add_heading("Payment terms", 1)
        document.add_paragraph("The signed page of the contract follows.")
        for data in images:
            document.add_picture(io.BytesIO(data))
        if chart:
            add_docx_chart(document, "Revenue by quarter", ["Q1", "Q2", "Q3"],
                           {"Revenue": [100, 120.5, 90], "Costs": [80, 85, 70]})
        document.add_paragraph("Signed in Lyon.")
    return make_docx(["Acme Anvils contract"], build)


@needs_ocr
def test_a_docx_pictures_text_is_read_where_it_stands_once_and_tiny_ones_are_decorative() -> None:
    contract = picture(CONTRACT)
    out = word.extract(_docx_with_pictures(contract, contract, picture([], (16, 16))), ".docx")
    text = out.text
    assert text.index("The signed page of the contract follows.") < text.index("*Image 1, text read by OCR:*") \
        < text.index("Vendor: Acme Anvils") < text.index("Signed in Lyon.")
    assert text.count("Payment terms: 30 days") == 1  # the repeated picture is read once
    assert out.images == {"read": 1, "decorative": 1, "duplicate": 1}
    [figure] = out.figures
    assert (figure.number, figure.where) == (1, "under 'Payment terms'")
    assert "The signed page of the contract follows." in figure.nearby and "Signed in Lyon." in figure.nearby
    assert figure.jpeg is None  # kept only when the worker is asked to (an agent's model)
    assert any(w.startswith("text read by OCR (tesseract") for w in out.warnings)


def test_a_docx_picture_whose_bytes_are_broken_is_counted_and_the_text_kept() -> None:
    data = _docx_with_pictures(picture(CONTRACT))
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        [media] = [n for n in package.namelist() if n.startswith("word/media/")]
    out = word.extract(replace_part(data, media, b"\x89PNG\r\n\x1a\nnot really a picture"), ".docx")
    assert out.images == {"broken": 1}
    assert "Signed in Lyon." in out.text and "\ue000" not in out.text


def test_without_an_ocr_engine_images_are_counted_and_the_message_names_the_install(no_ocr: None) -> None:
    out = word.extract(_docx_with_pictures(picture(CONTRACT), picture(WHITEBOARD)), ".docx")
    assert out.images == {"no_ocr": 2}
    assert "Signed in Lyon." in out.text and "Vendor" not in out.text
    assert any("2 image(s) not read" in w and "apt install tesseract-ocr" in w for w in out.warnings), out.warnings
    assert describe_counts(out.images) == "2 images: 2 not read (no OCR engine)"


def test_a_docx_charts_cached_values_become_a_table_after_its_paragraph(no_ocr: None) -> None:
    out = word.extract(_docx_with_pictures(chart=True), ".docx")
    table = ("**Chart: Revenue by quarter**\n\n| Category | Revenue | Costs |\n|---|---|---|\n"
             "| Q1 | 100 | 80 |\n| Q2 | 120.5 | 85 |\n| Q3 | 90 | 70 |")
    assert table in out.text
    assert out.text.index("The signed page") < out.text.index(table) < out.text.index("Signed in Lyon.")
    assert out.images == {}


def test_images_past_the_documents_limits_are_counted_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "MAX_IMAGES", 1)
    pictures = [picture([f"Line {n}"]) for n in range(3)]
    with image_settings(ImageSettings(deadline=time.monotonic() - 1)):  # the time budget is spent
        out = word.extract(_docx_with_pictures(*pictures), ".docx")
    expected = {"over_limit": 3} if ocr.tesseract() else {"no_ocr": 1, "over_limit": 2}
    assert out.images == expected
    assert any(w.startswith(f"{expected['over_limit']} image(s) not read: over the limits of 1 images")
               for w in out.warnings), out.warnings


@needs_ocr
def test_a_pptx_picture_is_read_under_its_slide() -> None:
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    for title, lines in (("Quarterly review", CONTRACT), ("Whiteboard", WHITEBOARD)):
        slide = deck.slides.add_slide(deck.slide_layouts[5])
        slide.shapes.title.text = title
        slide.shapes.add_picture(io.BytesIO(picture(lines)), Inches(1), Inches(2))
    buffer = io.BytesIO()
    deck.save(buffer)
    out = markitdown_formats.extract(buffer.getvalue(), ".pptx")
    second = out.text.index("## Slide 2")
    assert out.text.index("Vendor: Acme Anvils") < second < out.text.index("Owner: Grace Hopper")
    assert [f.where for f in out.figures] == ["slide 1, under 'Quarterly review'", "slide 2, under 'Whiteboard'"]
    assert out.images == {"read": 2}


@needs_ocr
def test_xlsx_pictures_are_read_after_their_sheets_table() -> None:
    import openpyxl
    from openpyxl.drawing.image import Image as SheetImage

    workbook = openpyxl.Workbook()
    prices = workbook.active
    prices.title = "Prices"
    prices.append(["Item", "Price"])
    prices.append(["Anvil", 120])
    prices.add_image(SheetImage(io.BytesIO(picture(WHITEBOARD))), "D2")
    workbook.create_sheet("Scan").add_image(SheetImage(io.BytesIO(picture(CONTRACT))), "A1")
    buffer = io.BytesIO()
    workbook.save(buffer)
    out = sheet.extract(buffer.getvalue(), ".xlsx")
    assert out.text.index("| Anvil | 120 |") < out.text.index("Owner: Grace Hopper") \
        < out.text.index("## Sheet: Scan") < out.text.index("Vendor: Acme Anvils")
    assert [f.where for f in out.figures] == ["sheet 'Prices'", "sheet 'Scan'"]


def _odt(content: str, files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        package.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        package.writestr("content.xml", content)
        for name, data in files.items():
            package.writestr(name, data)
    return buffer.getvalue()


@needs_ocr
def test_an_odt_frames_image_is_read_in_its_paragraph_and_a_missing_one_is_broken() -> None:
    content = (
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<office:body><office:text><text:h text:outline-level="1">Site visit</text:h>'
        '<text:p>Photo of the board: <draw:frame><draw:image xlink:href="Pictures/board.png"/></draw:frame> as drawn.</text:p>'
        '<draw:frame><draw:image xlink:href="Pictures/gone.png"/></draw:frame>'
        '</office:text></office:body></office:document-content>')
    out = odt.extract(_odt(content, {"Pictures/board.png": picture(WHITEBOARD)}), ".odt")
    assert out.text.startswith("# Site visit\n\nPhoto of the board: as drawn.\n\n*Image 1, text read by OCR:*\n\n"
                               "Owner: Grace Hopper\nDeadline: 2026-12-24"), out.text
    assert out.images == {"read": 1, "broken": 1}


@needs_ocr
def test_an_epub_image_is_read_after_the_link_that_names_it() -> None:
    opf = ('<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata '
           'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Field guide</dc:title></metadata>'
           '<manifest><item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>'
           '<item id="i1" href="images/scan.png" media-type="image/png"/></manifest>'
           '<spine><itemref idref="c1"/></spine></package>')
    chapter = ('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body>'
               '<h1>Contracts</h1><p>The scanned page:</p><img src="../images/scan.png" alt="scan"/>'
               '<p>End of chapter.</p></body></html>')
    container = ('<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles>'
                 '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
                 '</rootfiles></container>')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as book:
        book.writestr("mimetype", "application/epub+zip")
        book.writestr("META-INF/container.xml", container)
        book.writestr("OEBPS/content.opf", opf)
        book.writestr("OEBPS/text/ch1.xhtml", chapter)
        book.writestr("OEBPS/images/scan.png", picture(CONTRACT))
    out = markitdown_formats.extract(buffer.getvalue(), ".epub")
    assert out.text.index("![scan](../images/scan.png)") < out.text.index("Vendor: Acme Anvils") \
        < out.text.index("End of chapter.")
    assert out.images == {"read": 1} and out.figures[0].where == "under 'Contracts'"


def test_a_notebooks_image_outputs_are_read_in_place_and_vector_ones_are_unreadable() -> None:
    png = base64.b64encode(picture(CONTRACT)).decode()
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="10">Revenue</text></svg>'
    data = json.dumps({"nbformat": 4, "metadata": {"kernelspec": {"language": "python"}}, "cells": [
        {"cell_type": "markdown", "source": "# Churn"},
        {"cell_type": "code", "source": "plot()", "outputs": [
            {"output_type": "display_data", "data": {"image/png": png, "text/plain": "<Figure size 640x480>"}},
            {"output_type": "display_data", "data": {"image/svg+xml": svg}}]},
        {"cell_type": "markdown", "source": "Done."}]}).encode()
    out = notebook.extract(data, ".ipynb")
    assert "<Figure" not in out.text and "<svg" not in out.text
    if ocr.tesseract() is None:
        assert out.images == {"unreadable": 1, "no_ocr": 1}
        return
    assert out.images == {"read": 1, "unreadable": 1}
    assert out.text.index("plot()") < out.text.index("Vendor: Acme Anvils") < out.text.index("Done.")


@needs_ocr
def test_a_scanned_pdfs_pages_are_counted_as_images_read() -> None:
    out = pdf.extract(scanned_pdf(CONTRACT), ".pdf")
    assert out.images == {"read": 1} and out.figures[0].where == "page 1"


@needs_ocr
def test_the_batch_reports_and_logs_each_documents_images(project: Project) -> None:
    contract = picture(CONTRACT)
    drop(project, "acme.docx", _docx_with_pictures(contract, contract, picture([], (16, 16))))
    report = project.update()
    [result] = report.files
    assert result.action == Action.CREATED and result.images == {"read": 1, "decorative": 1, "duplicate": 1}
    assert "3 images: 1 read by OCR, 1 decorative, 1 repeated" in result.line()
    assert result.to_dict()["images"] == {"read": 1, "decorative": 1, "duplicate": 1}
    log = (project.paths.wiki / "log.md").read_text()
    assert "* **Images**: `input/acme.docx`: 3 images: 1 read by OCR, 1 decorative, 1 repeated." in log
    page = (project.paths.wiki / result.page).read_text()
    assert "30 days" in page  # the fact read in the picture reached the page


def _draft_reply(**fields: Any) -> AIMessage:
    draft = {"title": "Acme Anvils", "type": "Vendor", "description": "Acme Anvils sells anvils to us.",
             "summary": "Acme Anvils is a vendor.", "sections": [], "facts": [], "related": [], "inputs": [], **fields}
    return AIMessage(content=json.dumps(draft))


@needs_ocr
@pytest.mark.parametrize("accepts", [True, False])
def test_a_model_that_accepts_images_is_shown_them_with_place_nearby_text_and_ocr(
        project: Project, accepts: bool) -> None:
    drop(project, "acme.docx", _docx_with_pictures(picture(CONTRACT)))
    model = ScriptedChatModel(steps=[_draft_reply()], profile={"image_inputs": accepts})
    report = project.update(model=model)
    assert [f.action for f in report.files] == [Action.CREATED]
    human = next(m for m in model.seen[0] if m.type == "human")
    if not accepts:
        assert isinstance(human.content, str)
        return
    text, said, image = human.content
    assert "Images of the sources follow" in text["text"]
    assert said["text"].startswith("Image 1 of source `acme` (under 'Payment terms').")
    assert "Text around it: The signed page of the contract follows." in said["text"]
    assert "OCR read in it: Vendor: Acme Anvils\nPayment terms: 30 days" in said["text"]
    assert image["type"] == "image" and image["mime_type"] == "image/jpeg"
    assert base64.b64decode(image["base64"]).startswith(b"\xff\xd8")  # a JPEG


@needs_ocr
def test_agent_images_false_never_sends_images(project: Project) -> None:
    (project.root / "wikid.yaml").write_text("agent:\n  images: false\n")
    drop(project, "acme.docx", _docx_with_pictures(picture(CONTRACT)))
    model = ScriptedChatModel(steps=[_draft_reply()], profile={"image_inputs": True})
    project.update(model=model)
    assert all(isinstance(m.content, str) for m in model.seen[0])


@needs_ocr
def test_the_extractor_keeps_pictures_only_when_asked(tmp_path: Path) -> None:
    from wikid.config import LimitsConfig
    from wikid.extract.runner import Extractor

    path = tmp_path / "a.docx"
    path.write_bytes(_docx_with_pictures(picture(CONTRACT)))
    for keep in (False, True):
        with Extractor(LimitsConfig(), keep_images=keep) as extractor:
            outcome = extractor.extract(path)
        assert outcome.ok and outcome.images == {"read": 1}
        [figure] = outcome.figures
        assert "Payment terms: 30 days" in figure.text
        assert (figure.jpeg is not None) == keep


def test_a_decompression_bomb_inside_a_document_is_over_the_limits_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", Image.MAX_IMAGE_PIXELS)  # restored after the test
    monkeypatch.setattr(ocr, "MAX_IMAGE_PIXELS", 10_000)  # the fixture's 1000x260 picture is then a "bomb"
    out = word.extract(_docx_with_pictures(picture(CONTRACT)), ".docx")
    assert out.images == {"over_limit": 1} and "Signed in Lyon." in out.text


def test_an_inserted_block_is_one_paragraph_and_the_documents_own_blank_lines_stay() -> None:
    lines = ["a", None, "*Image 1*", None, "", "b", "", "", "code after two blank lines"]
    assert figures._separated(lines) == ["a", "", "*Image 1*", "", "b", "", "", "code after two blank lines"]
