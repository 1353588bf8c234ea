"""Images and scanned PDFs read by OCR (issue 16 item 3, first part: standalone images
and PDF pages without a text layer). The OCR tests need Tesseract; without it they skip
and say how to install it, and the tests of its absence run instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import drop
from image_fixtures import picture, scanned_pdf

from wikid import Action, Project, Reason
from wikid.extract import image, ocr, pdf
from wikid.extract.base import ExtractionError

needs_ocr = pytest.mark.skipif(ocr.tesseract() is None, reason=f"no OCR engine: {ocr.INSTALL}")
LINES = ["Vendor: Acme Anvils", "Payment terms: 30 days", "Contact: Ada Lovelace"]


@needs_ocr
@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "TIFF", "WEBP", "BMP", "GIF"])
def test_the_text_in_an_image_is_read(fmt: str) -> None:
    out = image.extract(picture(LINES, fmt=fmt), f".{fmt.lower()}")
    for line in LINES:
        assert line in out.text, (fmt, out.text)
    assert out.warnings[0].startswith("text read by OCR (tesseract")


@needs_ocr
def test_a_decorative_or_broken_image_says_so() -> None:
    with pytest.raises(ExtractionError) as tiny:
        image.extract(picture([], (16, 16)), ".png")
    assert tiny.value.reason == Reason.EMPTY and "decorative image (16x16 px)" in tiny.value.detail
    with pytest.raises(ExtractionError) as broken:
        image.extract(b"\x89PNG\r\n\x1a\nnot really", ".png")
    assert broken.value.reason == Reason.EXTRACTION_FAILED and "not a readable image" in broken.value.detail
    with pytest.raises(ExtractionError, match="OCR found no text"):
        image.extract(picture([], (800, 600)), ".png")


@needs_ocr
def test_a_scanned_pdf_is_read_by_ocr() -> None:
    out = pdf.extract(scanned_pdf(LINES), ".pdf")
    assert out.text.startswith("## Page 1\n\n")
    for line in LINES:
        assert line in out.text, out.text
    assert any("page 1 had no text layer and was read by OCR" in w for w in out.warnings), out.warnings


@needs_ocr
def test_a_photo_of_a_contract_becomes_a_page(tmp_path: Path) -> None:
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "scans/acme.jpg", picture(LINES, fmt="JPEG"))
    drop(project, "scans/acme-scan.pdf", scanned_pdf(LINES))
    report = project.update()
    assert {f.action for f in report.files} <= {Action.CREATED, Action.UPDATED}, report.files
    page = (project.paths.wiki / report.files[0].page).read_text(encoding="utf-8")
    assert "30 days" in page and "Acme Anvils" in page


def test_without_an_ocr_engine_an_image_is_unsupported_and_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ocr, "tesseract", lambda: None)
    with pytest.raises(ExtractionError) as caught:
        image.extract(b"\x89PNG", ".png")
    assert caught.value.reason == Reason.UNSUPPORTED
    assert "needs an OCR engine" in caught.value.detail and "apt install tesseract-ocr" in caught.value.detail


def test_without_an_ocr_engine_a_scan_is_empty_and_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ocr, "tesseract", lambda: None)
    with pytest.raises(ExtractionError) as caught:
        pdf.extract(scanned_pdf(LINES), ".pdf")
    assert caught.value.reason == Reason.EMPTY
    assert caught.value.detail == f"no text layer (a scanned document?); to read scans, {ocr.INSTALL}"


@pytest.mark.parametrize(("resolution", "rendered"), [(150, 150), (400, 300), (50, 150)])
def test_a_scanned_page_is_rendered_at_its_own_resolution_between_150_and_300_dpi(resolution: int, rendered: int) -> None:
    """Rendering a 150 dpi scan at 300 dpi made OCR ~1.8x slower for no more words (bench/ocr.py)."""
    import io

    import pypdfium2 as pdfium
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(picture(["Vendor: Acme"], (1240, 1754)))).save(out, "PDF", resolution=resolution)
    assert round(pdf._scan_dpi(pdfium.PdfDocument(out.getvalue())[0])) == rendered


def test_tesseract_runs_on_one_thread_unless_the_environment_says_otherwise(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tesseract's OpenMP threads made a page ~10x slower on 2 CPUs (bench/ocr.py):
    wikid runs it with OMP_THREAD_LIMIT=1, and keeps a limit the user set."""
    from PIL import Image

    fake = tmp_path / "tesseract"
    fake.write_text('#!/bin/sh\ncat > /dev/null\necho "threads=${OMP_THREAD_LIMIT:-unset}"\n')
    fake.chmod(0o755)
    monkeypatch.setattr(ocr, "tesseract", lambda: str(fake))
    monkeypatch.delenv("OMP_THREAD_LIMIT", raising=False)
    page = Image.new("L", (200, 100), 255)
    assert ocr.read_pixels(page) == "threads=1"
    monkeypatch.setenv("OMP_THREAD_LIMIT", "4")
    assert ocr.read_pixels(page) == "threads=4"
