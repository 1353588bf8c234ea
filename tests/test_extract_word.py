"""Word extraction: document order, headings, lists, tables, headers/footers, damage, core properties."""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from collections.abc import Callable

import msoffcrypto
import pytest
from docx.document import Document
from docx.enum.section import WD_SECTION
from docx.oxml import parse_xml
from office_fixtures import core_properties, make_docx, make_encrypted_ooxml, make_xlsx, replace_part

from wikid.extract.base import ExtractionError
from wikid.extract.word import extract
from wikid.intake.classify import Reason


def report(document: Document) -> None:
    document.add_heading("Site survey", 0)
    document.add_paragraph("Surveyed on a dry day.")
    document.add_heading("Findings", 1)
    document.add_paragraph("Roof needs | repair", style="List Bullet")
    document.add_paragraph("Gutter detail", style="List Bullet 2")
    document.add_paragraph("Walls are sound", style="List Bullet")
    document.add_heading("Measurements", 2)
    table = document.add_table(rows=3, cols=2)
    for r, row in enumerate([["Room", "Area"], ["Hall", "12 m²"], ["Kitchen", "9\nm²"]]):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    document.add_paragraph("Measured with a laser.")
    document.add_heading("Very deep", 8)
    first = document.sections[0]
    first.header.paragraphs[0].text = "ACME Surveys - Confidential"
    first.footer.paragraphs[0].text = "Ref 2024/117"
    second = document.add_section(WD_SECTION.NEW_PAGE)  # inherits the header and footer
    second.header.is_linked_to_previous = False  # its own header, repeating one line
    second.header.paragraphs[0].text = "ACME Surveys - Confidential"
    second.header.add_paragraph("Appendix")
    document.add_paragraph("Appendix text.")


EXPECTED = """\
Prepared for the board.

# Site survey

Surveyed on a dry day.

# Findings

- Roof needs | repair
  - Gutter detail
- Walls are sound

## Measurements

| Room | Area |
|---|---|
| Hall | 12 m² |
| Kitchen | 9 m² |

Measured with a laser.

###### Very deep

Appendix text.

## Header

ACME Surveys - Confidential

Appendix

## Footer

Ref 2024/117
"""


def failure(data: bytes) -> ExtractionError:
    with pytest.raises(ExtractionError) as info:
        extract(data, ".docx")
    return info.value


def rezip(data: bytes, change: Callable[[str, bytes], bytes | None]) -> bytes:
    """`data` with each member replaced by change(name, bytes); None drops it."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            if (content := change(name, source.read(name))) is not None:
                target.writestr(name, content)
    return out.getvalue()


def test_structure_in_document_order() -> None:
    result = extract(make_docx(["Prepared for the board."], report), ".docx")
    assert result.text == EXPECTED
    assert result.warnings == ()


def test_numbered_paragraphs_are_list_items() -> None:
    def numbered(document: Document) -> None:
        document.add_paragraph("Step one", style="List Number")
        document.add_paragraph("Step two", style="List Number")
        document.add_paragraph("Done.")

    assert extract(make_docx(["Steps:"], numbered), ".docx").text == "Steps:\n\n- Step one\n- Step two\n\nDone.\n"


def test_content_controls_are_read() -> None:
    def wrap_in_sdt(document: Document) -> None:
        paragraph = document.add_paragraph("Inside a content control")._p
        sdt = parse_xml(
            '<w:sdt xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:sdtContent/></w:sdt>'
        )
        paragraph.addprevious(sdt)
        sdt[0].append(paragraph)
        document.add_paragraph("After it")

    result = extract(make_docx(["Before it"], wrap_in_sdt), ".docx")
    assert result.text == "Before it\n\nInside a content control\n\nAfter it\n"


@pytest.mark.parametrize("paragraphs", [[], ["", "   "]])
def test_no_text_is_empty(paragraphs: list[str]) -> None:
    assert failure(make_docx(paragraphs)).reason == Reason.EMPTY


def test_header_only_document_is_not_empty() -> None:
    def header(document: Document) -> None:
        document.sections[0].header.paragraphs[0].text = "Letterhead"

    assert extract(make_docx([], header), ".docx").text == "## Header\n\nLetterhead\n"


def _zip_of_junk() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("junk.bin", b"\x00\xff" * 100)
    return out.getvalue()


def test_other_ooxml_fails_with_a_stable_detail() -> None:
    error = failure(make_xlsx({"Sheet": [["a"]]}))
    assert error.reason == Reason.EXTRACTION_FAILED
    assert " at 0x" not in error.detail and "is not a Word file" in error.detail


GOOD = make_docx(["Hello"])
CORRUPT = {
    "truncated": GOOD[: len(GOOD) // 2],
    "zip of junk": _zip_of_junk(),
    "zip header then zeros": b"PK\x03\x04" + bytes(300),
    "no document part": rezip(GOOD, lambda name, content: None if name == "word/document.xml" else content),
    "broken document xml": rezip(
        GOOD, lambda name, content: content[: len(content) // 2] if name == "word/document.xml" else content
    ),
    "broken content types": rezip(GOOD, lambda name, content: b"junk" if name == "[Content_Types].xml" else content),
}


@pytest.mark.parametrize("name", CORRUPT)
def test_corrupt_docx_fails(name: str) -> None:
    error = failure(CORRUPT[name])
    assert error.reason == Reason.EXTRACTION_FAILED
    assert error.detail.startswith("python-docx could not read the document: ")


def test_encrypted_fixture_is_an_ole2_encrypted_package() -> None:
    data = make_docx(["Secret"])
    encrypted = make_encrypted_ooxml(data, "pw")
    assert encrypted.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
    assert "EncryptedPackage".encode("utf-16-le") in encrypted
    office = msoffcrypto.OfficeFile(io.BytesIO(encrypted))
    office.load_key(password="pw")
    decrypted = io.BytesIO()
    office.decrypt(decrypted)
    assert decrypted.getvalue() == data


# --- core properties (info) -------------------------------------------------------


def with_properties(document: Document) -> None:
    properties = document.core_properties
    properties.title = "Site survey 2024"
    properties.author = "Ann Author"
    properties.last_modified_by = "Bob Editor"
    properties.created = dt.datetime(2023, 5, 2, 8, 0, tzinfo=dt.UTC)
    properties.modified = dt.datetime(2024, 3, 1, 9, 30, tzinfo=dt.UTC)


def test_core_properties_give_title_author_and_modified_date() -> None:
    result = extract(make_docx(["Body."], with_properties), ".docx")
    assert result.info == {"title": "Site survey 2024", "author": "Ann Author", "date": "2024-03-01T09:30:00+00:00"}
    assert result.text == "Body.\n"


def test_created_date_when_modified_is_missing_or_unparsable() -> None:
    for modified in ({}, {"dcterms_modified": "last Tuesday"}):
        core = core_properties(dc_creator="Ann", **modified, dcterms_created="2023-05-02T10:00:00+02:00")
        data = replace_part(make_docx(["Body."]), "docProps/core.xml", core)
        assert extract(data, ".docx").info == {"author": "Ann", "date": "2023-05-02T10:00:00+02:00"}


def test_empty_core_properties_give_no_info() -> None:
    data = replace_part(make_docx(["Body."]), "docProps/core.xml", core_properties(dc_title="  ", cp_lastModifiedBy="Bob"))
    assert extract(data, ".docx").info == {}


def test_a_package_without_core_properties_gets_none_invented() -> None:
    # python-docx would make up a default part: title "Word Document", modified now.
    data = make_docx(["Body."])
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        rels = package.read("_rels/.rels").decode()
    rels = re.sub(r'<Relationship [^>]*metadata/core-properties"[^>]*/>', "", rels)
    data = replace_part(replace_part(data, "_rels/.rels", rels.encode()), "docProps/core.xml", None)
    result = extract(data, ".docx")
    assert (result.text, result.info) == ("Body.\n", {})


def test_a_title_with_line_breaks_is_one_line_and_an_impossible_date_is_omitted() -> None:
    core = core_properties(dc_title="\n  Site\r\n\tsurvey  ", dcterms_modified="2024-02-30T10:00:00Z")
    data = replace_part(make_docx(["Body."]), "docProps/core.xml", core)
    assert extract(data, ".docx").info == {"title": "Site survey"}
