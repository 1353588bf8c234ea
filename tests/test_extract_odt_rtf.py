"""ODT (standard-library walk of content.xml) and RTF (striprtf) extraction, and their document properties."""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest

from wikid.extract import odt, rtf
from wikid.extract.base import ExtractionError
from wikid.intake.classify import Reason

# --- ODT --------------------------------------------------------------------------

NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:xlink="http://www.w3.org/1999/xlink"'
)

MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>"""

BODY = """
<text:sequence-decls><text:sequence-decl text:display-outline-level="0" text:name="Table"/></text:sequence-decls>
<text:tracked-changes><text:changed-region text:id="c1"><text:deletion>
 <office:change-info><dc:creator>Bob</dc:creator></office:change-info><text:p>DELETED TEXT</text:p>
</text:deletion></text:changed-region></text:tracked-changes>
<text:table-of-content text:name="Contents"><text:index-body>
 <text:p>Project Report<text:tab/>1</text:p></text:index-body></text:table-of-content>
<text:h text:outline-level="1">Project <text:span>Report</text:span></text:h>
<text:p>Two <text:s/>spaces, five <text:s text:c="4"/>spaces and   collapsed
    whitespace.</text:p>
<text:p/>
<text:p>Name:<text:tab/>Ada<text:line-break/>Role:<text:tab/>Engineer</text:p>
<text:p>A <text:span> B</text:span> <text:a xlink:href="https://example.org">C</text:a>, claim<text:note
 text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Source:
 2024 survey.</text:p></text:note-body></text:note>.<office:annotation><dc:creator>Bob</dc:creator>
 <text:p>COMMENT</text:p></office:annotation></text:p>
<text:h text:outline-level="2">Tasks</text:h>
<text:list>
 <text:list-item><text:p>Write draft</text:p></text:list-item>
 <text:list-item><text:p>Review</text:p>
  <text:list><text:list-item><text:p>by Ann</text:p></text:list-item></text:list></text:list-item>
 <text:list-item><text:p>Publish</text:p></text:list-item>
</text:list>
<text:section text:name="S1"><text:p>In a section.</text:p></text:section>
<text:h text:outline-level="8">Deep</text:h>
<table:table table:name="T1">
 <table:table-column table:number-columns-repeated="3"/>
 <table:table-header-rows><table:table-row>
  <table:table-cell><text:p>Item</text:p></table:table-cell>
  <table:table-cell><text:p>Qty</text:p></table:table-cell><table:table-cell/>
 </table:table-row></table:table-header-rows>
 <table:table-row>
  <table:table-cell table:number-columns-spanned="2"><text:p>Apples | pears</text:p></table:table-cell>
  <table:covered-table-cell/><table:table-cell><text:p>x</text:p></table:table-cell>
 </table:table-row>
 <table:table-row><table:table-cell table:number-columns-repeated="2"><text:p>7</text:p></table:table-cell></table:table-row>
 <table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>
</table:table>
"""

EXPECTED = """# Project Report

Two  spaces, five     spaces and collapsed whitespace.

Name:\tAda
Role:\tEngineer

A B C, claim [Source: 2024 survey.].

## Tasks

- Write draft
- Review
  - by Ann
- Publish

In a section.

###### Deep

| Item | Qty |  |
|---|---|---|
| Apples \\| pears |  | x |
| 7 | 7 |  |
"""


def content_xml(body: str, kind: str = "text") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {NAMESPACES} office:version="1.3">'
            f"<office:body><office:{kind}>{body}</office:{kind}></office:body></office:document-content>")


def odt_package(content: str | None, meta: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text",
                         compress_type=zipfile.ZIP_STORED)
        package.writestr("META-INF/manifest.xml", MANIFEST)
        if content is not None:
            package.writestr("content.xml", content)
        if meta is not None:
            package.writestr("meta.xml", meta)
    return buffer.getvalue()


def meta_xml(properties: str, prolog: str = '<?xml version="1.0" encoding="UTF-8"?>') -> str:
    return (f'{prolog}\n<office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" '
            f'office:version="1.3"><office:meta>{properties}</office:meta></office:document-meta>')


def odt_failure(data: bytes) -> ExtractionError:
    with pytest.raises(ExtractionError) as caught:
        odt.extract(data, ".odt")
    return caught.value


def test_odt_headings_paragraphs_lists_and_tables_in_document_order() -> None:
    data = odt_package(content_xml(BODY))
    assert data[30:38] == b"mimetype"  # stored first, as ODF requires
    result = odt.extract(data, ".odt")
    assert result.text == EXPECTED
    assert result.warnings == ()


def test_odt_list_items_with_several_paragraphs_continue_under_the_bullet() -> None:
    body = ("<text:list><text:list-item><text:p>First</text:p><text:p>more<text:line-break/>lines</text:p>"
            "</text:list-item><text:list-header><text:p>Header item</text:p></text:list-header></text:list>")
    assert odt.extract(odt_package(content_xml(body)), ".odt").text == (
        "- First\n  more\n  lines\n- Header item\n"
    )


def test_truncated_odt_fails() -> None:
    data = odt_package(content_xml(BODY))
    error = odt_failure(data[: len(data) // 2])
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "BadZipFile" in error.detail


def test_odt_without_content_xml_fails() -> None:
    error = odt_failure(odt_package(None))
    assert error.reason is Reason.EXTRACTION_FAILED
    assert error.detail == "the ODT package has no content.xml"


def test_odt_with_malformed_content_xml_fails() -> None:
    error = odt_failure(odt_package("<office:document-content><office:body>"))
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "ParseError" in error.detail


def test_odt_entity_expansion_bomb_is_refused_by_expat() -> None:
    entities = '<!ENTITY e0 "lollollollollollollollollollol">' + "".join(
        f'<!ENTITY e{i} "{f"&e{i - 1};" * 10}">' for i in range(1, 10)
    )
    bomb = f'<?xml version="1.0"?><!DOCTYPE d [{entities}]>' + content_xml("<text:p>&e9;</text:p>").split("?>", 1)[1]
    error = odt_failure(odt_package(bomb))
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "amplification" in error.detail


def test_odt_nested_too_deeply_fails_cleanly() -> None:
    body = "<text:p>" + "<text:span>" * 5000 + "deep" + "</text:span>" * 5000 + "</text:p>"
    error = odt_failure(odt_package(content_xml(body)))
    assert error.reason is Reason.EXTRACTION_FAILED
    assert error.detail == "the document is nested too deeply to read"


def test_odf_spreadsheet_named_odt_fails() -> None:
    error = odt_failure(odt_package(content_xml("<table:table/>", kind="spreadsheet")))
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "office:text" in error.detail


@pytest.mark.parametrize("body", ["", "<text:p>  </text:p><text:h text:outline-level='1'/><text:list/>"])
def test_odt_without_text_is_empty(body: str) -> None:
    assert odt_failure(odt_package(content_xml(body))).reason is Reason.EMPTY


# --- ODT properties (meta.xml) -----------------------------------------------------

ODT_TEXT = content_xml("<text:p>Hello.</text:p>")


def test_odt_meta_gives_title_initial_creator_and_last_change() -> None:
    meta = meta_xml("<meta:generator>LibreOffice/7.6</meta:generator><dc:title>Project\n  Report</dc:title>"
                    "<meta:initial-creator>Ann Author</meta:initial-creator><dc:creator>Bob Editor</dc:creator>"
                    "<meta:creation-date>2023-05-02T08:00:00</meta:creation-date>"
                    "<dc:date>2024-03-01T10:00:00.123456789</dc:date>")
    result = odt.extract(odt_package(ODT_TEXT, meta), ".odt")
    assert result.info == {"title": "Project Report", "author": "Ann Author", "date": "2024-03-01T10:00:00"}
    assert result.text == "Hello.\n"


def test_odt_meta_falls_back_to_creator_and_creation_date() -> None:
    meta = meta_xml("<dc:creator>Bob Editor</dc:creator><dc:date>not a date</dc:date>"
                    "<meta:creation-date>2023-05-02T08:00:00Z</meta:creation-date>")
    assert odt.extract(odt_package(ODT_TEXT, meta), ".odt").info == {
        "author": "Bob Editor", "date": "2023-05-02T08:00:00+00:00"}


@pytest.mark.parametrize("meta", [None, meta_xml("<meta:generator>x</meta:generator><dc:title> </dc:title>"),
                                  "<office:document-meta><office:meta>"], ids=["absent", "empty", "malformed"])
def test_odt_without_readable_properties_gives_no_info(meta: str | None) -> None:
    result = odt.extract(odt_package(ODT_TEXT, meta), ".odt")
    assert (result.text, result.info) == ("Hello.\n", {})


def test_odt_meta_declaring_entities_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET")
    laughs = '<!ENTITY e0 "lol">' + "".join(f'<!ENTITY e{i} "{f"&e{i - 1};" * 10}">' for i in range(1, 10))
    for dtd, title in ((laughs, "&e9;"), (f'<!ENTITY x SYSTEM "file://{secret}">', "&x;")):
        meta = meta_xml(f"<dc:title>{title}</dc:title><dc:creator>Ann</dc:creator>",
                        prolog=f'<?xml version="1.0"?><!DOCTYPE office:document-meta [{dtd}]>')
        result = odt.extract(odt_package(ODT_TEXT, meta), ".odt")
        assert (result.text, result.info) == ("Hello.\n", {})


# --- RTF --------------------------------------------------------------------------

FRENCH = (rb"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss\fcharset0 Arial;}}"
          rb"{\colortbl;\red255\green0\blue0;}{\info{\title Hidden metadata}}"
          rb"\f0\fs24 Caf\'e9 cr\'e8me \'e0 la carte co\'fbte 5 \u8364? seulement.\par"
          rb"\uc2 Deuxi\u232\'e8\'e8me ligne\par}")


def rtf_failure(data: bytes) -> ExtractionError:
    with pytest.raises(ExtractionError) as caught:
        rtf.extract(data, ".rtf")
    return caught.value


def test_rtf_hex_escapes_in_cp1252_and_unicode_escapes() -> None:
    result = rtf.extract(FRENCH, ".rtf")
    assert result.text == "Café crème à la carte coûte 5 € seulement.\nDeuxième ligne\n"
    assert result.warnings == ()


def test_rtf_hex_escapes_follow_ansicpg_for_fonts_striprtf_does_not_map() -> None:
    # \fcharset1 (DEFAULT_CHARSET) is not in striprtf's map; alone it decodes in cp1252: "Ïðèâåò".
    data = rb"{\rtf1\ansi\ansicpg1251\deff0{\fonttbl{\f0\fnil\fcharset1 Arial;}}\f0 \'cf\'f0\'e8\'e2\'e5\'f2!\par}"
    assert rtf.extract(data, ".rtf").text == "Привет!\n"


def test_raw_8bit_rtf_text_is_read_in_the_declared_code_page() -> None:
    data = b"{\\rtf1\\ansi\\ansicpg1251 " + "Привет, мир".encode("cp1251") + b"\\par}"
    assert rtf.extract(data, ".rtf").text == "Привет, мир\n"


@pytest.mark.parametrize(
    "data",
    [rb"{\rtf1\ansi\ansicpg99999 caf\'e9\par}",  # unknown: cp1252, where striprtf alone switches to UTF-8
     rb"{\rtf1\mac\ansicpg10000 caf\'8e\par}"],  # Mac Roman, which Python does not call cp10000
    ids=["unknown", "mac-roman"],
)
def test_rtf_code_pages_python_does_not_know_by_number(data: bytes) -> None:
    assert rtf.extract(data, ".rtf").text == "café\n"


def test_rtf_with_bom_and_leading_whitespace_is_accepted() -> None:
    assert rtf.extract(b"\xef\xbb\xbf\r\n{\\rtf1\\ansi Hello\\par}", ".rtf").text == "Hello\n"


@pytest.mark.parametrize("data", [random.Random(11).randbytes(2000), b"PK\x03\x04 not rtf", b"hello {\\rtf1}"])
def test_garbage_named_rtf_fails(data: bytes) -> None:
    error = rtf_failure(data)
    assert error.reason is Reason.EXTRACTION_FAILED
    assert error.detail.startswith("not an RTF document")


def test_binary_inside_an_rtf_header_fails() -> None:
    junk = bytes(b for b in random.Random(2).randbytes(3000) if b not in b"{}\\")
    error = rtf_failure(b"{\\rtf1\\ansi " + junk + b"}")
    assert error.reason is Reason.EXTRACTION_FAILED
    assert error.detail.startswith("binary content")


def test_rtf_with_only_formatting_is_empty() -> None:
    data = rb"{\rtf1\ansi{\fonttbl{\f0 Arial;}}{\info{\author Someone}}\f0\fs24 \par  \par }"
    assert rtf_failure(data).reason is Reason.EMPTY


# --- RTF properties (\info) -------------------------------------------------------


def test_rtf_info_gives_title_author_and_revision_time() -> None:
    data = (rb"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Arial;}}{\info{\title Caf\'e9 \u8364? report\{s\}}"
            rb"{\author Ren\'e9e}{\operator Bob}{\creatim\yr2023\mo5\dy2\hr8\min0}{\revtim\yr2024\mo3\dy1\hr10\min5}"
            rb"{\version2}{\nofpages1}}\f0 Body text.\par}")
    result = rtf.extract(data, ".rtf")
    assert result.info == {"title": "Café € report{s}", "author": "Renée", "date": "2024-03-01T10:05:00"}
    assert result.text == "Body text.\n"


def test_rtf_info_in_the_declared_code_page_raw_or_escaped() -> None:
    raw = b"{\\rtf1\\ansi\\ansicpg1251{\\info{\\title " + "Отчёт".encode("cp1251") + b"}{\\author \\'c0\\'ed\\'ff}}Text\\par}"
    assert rtf.extract(raw, ".rtf").info == {"title": "Отчёт", "author": "Аня"}


def test_rtf_invalid_revision_time_falls_back_to_creation_date() -> None:
    data = rb"{\rtf1\ansi{\info{\revtim\yr0\mo0\dy0\hr0\min0}{\creatim\yr2023\mo5\dy2}}Text\par}"
    assert rtf.extract(data, ".rtf").info == {"date": "2023-05-02"}


@pytest.mark.parametrize("data", [
    rb"{\rtf1\ansi Text\par}",
    rb"{\rtf1\ansi{\info{\title }{\author {\i nested}}{\revtim\yr2024\mo13\dy1}}Text\par}",
], ids=["no-info", "empty-nested-invalid"])
def test_rtf_without_usable_info_gives_none(data: bytes) -> None:
    result = rtf.extract(data, ".rtf")
    assert result.info == {} and result.text
