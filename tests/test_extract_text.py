"""Plain-text extraction: encoding detection, CSV/TSV tables, fenced data, refusals."""

from __future__ import annotations

import codecs
import csv
import random

import pytest

from wikid.extract import registry, text
from wikid.extract.base import ExtractionError
from wikid.intake.classify import Reason


def failure(data: bytes, suffix: str = ".txt") -> ExtractionError:
    with pytest.raises(ExtractionError) as caught:
        text.extract(data, suffix)
    return caught.value


def test_utf8_is_decoded_without_warnings() -> None:
    result = text.extract("Grüße aus Köln, 東京 🙂\n".encode(), ".txt")
    assert result.text == "Grüße aus Köln, 東京 🙂\n"
    assert result.warnings == ()


@pytest.mark.parametrize(
    ("bom", "encoding"),
    [
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le"),
        (codecs.BOM_UTF32_BE, "utf-32-be"),
    ],
)
def test_byte_order_marks_decide_the_encoding_and_are_dropped(bom: bytes, encoding: str) -> None:
    result = text.extract(bom + "héllo\r\nwörld €\r\n".encode(encoding), ".txt")
    assert result.text == "héllo\nwörld €\n"
    assert result.warnings == ()


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom_is_recognised_by_its_nul_bytes(encoding: str) -> None:
    result = text.extract("Meeting notes: café at 10:00\nSecond line\n".encode(encoding), ".txt")
    assert result.text == "Meeting notes: café at 10:00\nSecond line\n"
    assert result.warnings == ()


def test_latin1_text_decodes_to_the_right_characters_with_a_warning() -> None:
    result = text.extract("Crème brûlée, déjà vu, señor, Ørsted\n".encode("latin-1"), ".txt")
    assert result.text == "Crème brûlée, déjà vu, señor, Ørsted\n"
    assert len(result.warnings) == 1
    assert "cp1252" in result.warnings[0]


def test_cp1252_punctuation_is_read_as_cp1252() -> None:
    result = text.extract("“Quoted” – costs 5 € …\n".encode("cp1252"), ".txt")
    assert result.text == "“Quoted” – costs 5 € …\n"
    assert "cp1252" in result.warnings[0]


def test_bytes_cp1252_leaves_undefined_fall_back_to_latin1() -> None:
    data = b"caf\xe9 " * 30 + b"\x81\n"
    result = text.extract(data, ".txt")
    assert result.text == "café " * 30 + "\x81\n"
    assert "latin-1 for 1 byte(s)" in result.warnings[0]


def test_a_bom_followed_by_invalid_bytes_decodes_with_replacements_and_a_warning() -> None:
    result = text.extract(codecs.BOM_UTF8 + b"caf\xe9 au lait\n", ".txt")
    assert result.text == "caf\ufffd au lait\n"
    assert "byte-order mark" in result.warnings[0]


def test_newlines_are_normalised() -> None:
    assert text.extract(b"one\r\ntwo\rthree\n", ".log").text == "one\ntwo\nthree\n"


def test_markdown_stays_as_it_is() -> None:
    source = "# Title\n\n* item with `code`\n\n| a | b |\n|---|---|\n"
    assert text.extract(source.encode(), ".md").text == source
    assert text.extract(source.encode(), ".markdown").text == source


@pytest.mark.parametrize(
    ("suffix", "language"),
    [(".json", "json"), (".yaml", "yaml"),
     (".yml", "yaml"), (".toml", "toml"), (".xml", "xml")],
)
def test_data_formats_are_fenced_with_their_language(suffix: str, language: str) -> None:
    result = text.extract(b"# not a heading\nkey: value\n\n", suffix)
    assert result.text == f"```{language}\n# not a heading\nkey: value\n```\n"


def test_the_fence_outgrows_backtick_runs_in_the_content() -> None:
    result = text.extract(b'{"doc": "```python\\nx\\n```"}', ".json")
    assert result.text == '````json\n{"doc": "```python\\nx\\n```"}\n````\n'


def test_csv_becomes_an_exact_gfm_table() -> None:
    data = b'name,city,note\r\n"Smith, Jane",Paris,"a|b"\r\nLee,,"two\r\nlines"\r\n\r\nKim,Oslo\r\n'
    result = text.extract(data, ".csv")
    assert result.text == (
        "| name | city | note |\n"
        "|---|---|---|\n"
        "| Smith, Jane | Paris | a\\|b |\n"
        "| Lee |  | two lines |\n"
        "| Kim | Oslo |  |\n"
    )
    assert result.warnings == ()


def test_csv_cells_are_literal_text_not_markup() -> None:
    """A data file's values are what they say: a terminal pattern `*color*` read back
    as emphasis lost its stars on the page (`color`), `__init__` would be a bold `init`
    and `<b>` a tag. The table escapes them, and only them (`exc_info` stays)."""
    data = b"name,value\nTERM,*color*\nglob,con[0-9]*x[0-9]*\nmethod,__init__\nkey,exc_info\ntag,<b> &amp; ~~x~~\n"
    values = [line.split(" | ")[1].removesuffix(" |") for line in text.extract(data, ".csv").text.splitlines()[2:]]
    assert values == ["\\*color\\*", "con\\[0-9\\]\\*x\\[0-9\\]\\*", "\\_\\_init\\_\\_", "exc_info",
                      "\\<b> \\&amp; \\~\\~x\\~\\~"]


def test_tsv_splits_on_tabs_only() -> None:
    result = text.extract("id\tlabel\n1\tone, two\n".encode("utf-16"), ".tsv")
    assert result.text == "| id | label |\n|---|---|\n| 1 | one, two |\n"


def test_csv_over_the_row_cap_is_cut_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text, "MAX_TABLE_ROWS", 2)
    result = text.extract(b"n\n1\n2\n3\n4\n5\n", ".csv")
    assert result.text == "| n |\n|---|\n| 1 |\n| 2 |\n"
    assert result.warnings == ("table cut to its first 2 of 5 data rows",)


def test_latin1_csv_keeps_both_the_table_and_the_decoding_warning() -> None:
    result = text.extract("ville,pays\nMünchen,Deutschland\n".encode("latin-1"), ".csv")
    assert result.text == "| ville | pays |\n|---|---|\n| München | Deutschland |\n"
    assert "cp1252" in result.warnings[0]


def test_a_csv_the_csv_module_rejects_fails_with_the_line() -> None:
    previous = csv.field_size_limit(10)
    try:
        error = failure(b"a,b\n1,this field is far too long\n", ".csv")
    finally:
        csv.field_size_limit(previous)
    assert error.reason is Reason.EXTRACTION_FAILED
    assert ".csv parsing failed at line 2" in error.detail


def test_a_csv_of_empty_cells_is_empty() -> None:
    assert failure(b",,\n , \n", ".csv").reason is Reason.EMPTY


@pytest.mark.parametrize("data", [b"  \n\t\r\n", codecs.BOM_UTF8, " \n".encode("utf-16")])
def test_whitespace_only_text_is_empty(data: bytes) -> None:
    error = failure(data)
    assert error.reason is Reason.EMPTY


@pytest.mark.parametrize(
    "data",
    [
        b"\x7fELF\x02\x01\x01" + b"\x00" * 200 + b"\x03\x00>\x00" * 50,
        random.Random(7).randbytes(4096),
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + random.Random(3).randbytes(500),
    ],
    ids=["elf", "random", "png"],
)
def test_binary_content_named_txt_fails(data: bytes) -> None:
    error = failure(data)
    assert error.reason is Reason.EXTRACTION_FAILED
    assert error.detail.startswith("binary content")


@pytest.mark.parametrize("suffix", sorted(registry.TEXT_SUFFIXES))
def test_every_registered_text_suffix_is_handled(suffix: str) -> None:
    assert registry.extractor_module(suffix) == "wikid.extract.text"
    assert "hello" in text.extract(b"hello\n", suffix).text


@pytest.mark.parametrize("suffix", sorted(registry.MARKDOWN_SUFFIXES))
def test_markdown_is_read_as_written(suffix: str) -> None:
    from wikid.extract import markdown

    assert registry.extractor_module(suffix) == "wikid.extract.markdown"
    written = "# frob\n\nfrob reshapes <b>data</b> files.\n\n<details>more</details>\n"
    assert markdown.extract(written.encode(), suffix).text == written


def test_markdown_that_is_mostly_raw_html_is_read_as_the_html_it_renders_to() -> None:
    """pandoc's markdown of a pydoc page is raw HTML tables: read as markdown, every class
    and method ran into one paragraph and the module's name was lost with its heading."""
    from wikid.extract import markdown

    entries = "".join(f'<dl>\n<dt><span id="-frob{n}"><strong>frob{n}</strong></span>(self)</dt>\n'
                      f'<dd>\n<span class="code">Frob it number {n}.</span>\n</dd>\n</dl>\n' for n in range(3))
    page = ('<table class="heading">\n<tbody>\n<tr class="odd heading-text decor">\n<td class="title"> <br />\n'
            '<strong><a href="spam.html" class="white">spam</a>.eggs</strong></td>\n'
            '<td class="extra"><a href=".">index</a></td>\n</tr>\n</tbody>\n</table>\n\n'
            '<span class="code">Eggs for spam.</span>\n\n<table class="section">\n<tbody>\n'
            '<tr class="odd decor functions-decor heading-text">\n<td colspan="3" class="section-title"> <br />\n'
            '<strong>Functions</strong></td>\n</tr>\n<tr class="even">\n<td class="decor functions-decor">'
            '<span class="code">      </span></td>\n<td> </td>\n'
            f'<td class="singlecolumn">{entries}</td>\n</tr>\n</tbody>\n</table>\n')
    read = markdown.extract(page.encode(), ".md").text
    assert read.startswith("# Python: module spam.eggs\n")
    assert "## Functions" in read
    assert "**frob1**(self)\n:   Frob it number 1." in read
    # http.cookies' docstring: `The Basics` over `----------`, each line ended by a hard
    # break, made a heading of the whole docstring above the rule
    docstring = '<span class="code">Here is a session.  \nThe Basics  \n----------  \nImporting is easy.</span>'
    read = markdown.extract(page.replace('<span class="code">Eggs for spam.</span>', docstring).encode(), ".md").text
    assert "Here is a session." in read and not [line for line in read.splitlines() if "Here is" in line and "#" in line]


def test_html_text_opening_with_hashes_is_no_heading() -> None:
    """http.cookies' docstring `# Define an exception visible to External modules` became
    a heading of the page, splitting the module in two."""
    from wikid.extract import html

    page = b"<html><body><h1>frob</h1><p>Intro text.</p><p><span># Define an exception<br />for frob</span></p></body></html>"
    read = html.extract(page, ".html").text
    assert "\n\\# Define an exception" in read and "\n# Define" not in read
