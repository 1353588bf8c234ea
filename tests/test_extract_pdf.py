"""PDF extraction: page order and headings, encryption, scans, damaged files, document information."""

from __future__ import annotations

import pytest
from pdf_fixtures import build_pdf, encrypt_pdf, make_pdf, make_pdf_without_text, pdf_text_string, placed_text_stream

from wikid.extract.base import ExtractionError
from wikid.extract.pdf import MAX_INFO_BYTES, extract, mend_spacing
from wikid.intake.classify import Reason

PAGES = ["Quarterly report\nRevenue grew by 12 percent.", "Second page text.", "Third page (last)."]
EXPECTED = (
    "## Page 1\n\nQuarterly report\nRevenue grew by 12 percent.\n\n"
    "## Page 2\n\nSecond page text.\n\n"
    "## Page 3\n\nThird page (last).\n"
)


def failure(data: bytes) -> ExtractionError:
    with pytest.raises(ExtractionError) as info:
        extract(data, ".pdf")
    return info.value


def test_pages_in_order_each_under_its_heading() -> None:
    result = extract(make_pdf(PAGES), ".pdf")
    assert result.text == EXPECTED
    assert result.warnings == ()


def test_text_is_normalised() -> None:
    # PDFium ends lines with CRLF, keeps form feeds drawn as text and marks a
    # line-end hyphen with U+FFFE (joining the lines): all cleaned up.
    result = extract(make_pdf(["trailing   \nform\x0cfeed\nexam-\nple"]), ".pdf")
    assert result.text == "## Page 1\n\ntrailing\nformfeed\nexample\n"


def test_a_typesetters_caret_and_tilde_read_as_the_characters_they_show() -> None:
    """grep's manual as a PDF: `surrounding it with ˆ and $` (U+02C6), which neither
    reads as a regular expression's caret nor is found by a query for `^`."""
    result = extract(make_pdf(["match \u02c6foo$ in \u02dc/notes"]), ".pdf")
    assert result.text == "## Page 1\n\nmatch ^foo$ in ~/notes\n"


@pytest.mark.slow
def test_pages_without_text_are_named_in_a_warning() -> None:
    result = extract(make_pdf(["one", "", "", "four", " "]), ".pdf")
    assert result.text == "## Page 1\n\none\n\n## Page 4\n\nfour\n"
    assert result.warnings == ("no text on pages 2-3, 5 (scanned images?)",)


@pytest.mark.parametrize("algorithm", ["AES-256", "AES-128", "RC4-128"])
def test_user_password_is_encrypted(algorithm: str) -> None:
    error = failure(encrypt_pdf(make_pdf(PAGES), "secret", algorithm))
    assert error.reason == Reason.ENCRYPTED


@pytest.mark.parametrize("algorithm", ["AES-256", "AES-128", "RC4-128"])
def test_owner_password_only_is_extracted(algorithm: str) -> None:
    data = encrypt_pdf(make_pdf(PAGES), "", algorithm, owner_password="owner")
    assert extract(data, ".pdf").text == EXPECTED


@pytest.mark.slow
def test_no_text_layer_is_empty() -> None:
    error = failure(make_pdf_without_text(3))
    assert error.reason == Reason.EMPTY
    assert error.detail.startswith("no text layer (a scanned document?)")


def test_no_pages_is_empty() -> None:
    error = failure(make_pdf([]))
    assert (error.reason, error.detail) == (Reason.EMPTY, "the PDF has no pages")


def test_an_earlier_password_error_does_not_leak_into_the_next_file() -> None:
    # PDFium's last-error code is global and only set by a failed load; pypdfium2's
    # PdfDocument(bytes) reads it for page-less documents too, and then reported
    # "Incorrect password" for the file after an encrypted one.
    assert failure(encrypt_pdf(make_pdf(PAGES), "secret")).reason == Reason.ENCRYPTED
    assert failure(make_pdf([])).reason == Reason.EMPTY
    assert failure(encrypt_pdf(make_pdf(PAGES), "secret")).reason == Reason.ENCRYPTED
    assert failure(b"%PDF-1.7\n" + bytes(100)).reason == Reason.EXTRACTION_FAILED


def test_truncated_pdf_fails() -> None:
    # Cut in half, the file has lost its xref and trailer (the /Root reference):
    # neither PDFium nor pypdf can find the pages, so nothing is half-extracted.
    data = make_pdf(PAGES)
    error = failure(data[: len(data) // 2])
    assert error.reason == Reason.EXTRACTION_FAILED
    assert "PDFium" in error.detail and "pypdf" in error.detail


def test_lost_eof_marker_is_still_read() -> None:
    data = make_pdf(PAGES)
    assert extract(data[: data.rindex(b"%%EOF")], ".pdf").text == EXPECTED


def test_junk_after_header_fails() -> None:
    error = failure(b"%PDF-1.7\n" + b"\x00 this is not a pdf \xff" * 200)
    assert error.reason == Reason.EXTRACTION_FAILED


def test_pypdf_reads_what_pdfium_refuses() -> None:
    # A trailer without /Root: PDFium gives up, pypdf finds the catalog by scanning.
    data = make_pdf(PAGES).replace(b"/Root 1 0 R", b"/Rooo 1 0 R")
    result = extract(data, ".pdf")
    assert "Revenue grew by 12 percent." in result.text and "## Page 3" in result.text
    assert len(result.warnings) == 1 and result.warnings[0].startswith("PDFium could not open the file")


def test_encryption_found_by_the_pypdf_fallback() -> None:
    data = encrypt_pdf(make_pdf(PAGES), "secret", "AES-128").replace(b"/Root", b"/Rooo")
    assert failure(data).reason == Reason.ENCRYPTED


def test_a_page_that_cannot_be_parsed_is_skipped_with_a_warning() -> None:
    # Object 6 is page 2's page dictionary in make_pdf's layout.
    data = make_pdf(PAGES).replace(b"6 0 obj", b"6 0 xxx")
    result = extract(data, ".pdf")
    assert result.text == EXPECTED.replace("## Page 2\n\nSecond page text.\n\n", "")
    assert result.warnings == ("could not parse page 2; skipped",)


# --- document information (info) ---------------------------------------------------

INFO = (b"/Title (Quarterly report) /Author " + pdf_text_string("Zoë Ünal")
        + b" /ModDate (D:20240301100000+01'00') /CreationDate (D:20230115)")
EXPECTED_INFO = {"title": "Quarterly report", "author": "Zoë Ünal", "date": "2024-03-01T10:00:00+01:00"}


def test_document_information_gives_title_author_and_modification_date() -> None:
    result = extract(make_pdf(PAGES, info=INFO), ".pdf")
    assert result.info == EXPECTED_INFO
    assert result.text == EXPECTED


def test_pypdf_reads_the_same_document_information() -> None:
    data = make_pdf(PAGES, info=INFO).replace(b"/Root 1 0 R", b"/Rooo 1 0 R")
    result = extract(data, ".pdf")
    assert result.warnings[0].startswith("PDFium could not open the file")
    assert result.info == EXPECTED_INFO


def test_owner_password_only_file_gives_its_document_information() -> None:
    data = encrypt_pdf(make_pdf(PAGES, info=INFO), "", "AES-256", owner_password="owner")
    assert extract(data, ".pdf").info == EXPECTED_INFO


def test_no_document_information_gives_no_info() -> None:
    assert extract(make_pdf(PAGES), ".pdf").info == {}
    assert extract(make_pdf(PAGES, info=b"/Producer (pdfTeX) /Title () /Author ( )"), ".pdf").info == {}


@pytest.mark.parametrize(
    ("entries", "date"),
    [
        (b"/CreationDate (D:20230115)", "2023-01-15"),  # no ModDate: the creation date
        (b"/ModDate (yesterday) /CreationDate (D:2023011509)", "2023-01-15T09:00:00"),  # unparsable: the next
        (b"/ModDate (D:20241301000000Z)", None),  # month 13: omitted
        (b"/ModDate (Tue Mar  1 10:00:00 2024)", None),
        (b"/ModDate (20240301235959Z)", "2024-03-01T23:59:59+00:00"),  # no D: prefix
        (b"/ModDate (D:20240301100000-05'30)", "2024-03-01T10:00:00-05:30"),  # PDF 2.0: no closing quote
    ],
)
def test_dates_in_pdf_syntax_become_iso_or_are_omitted(entries: bytes, date: str | None) -> None:
    info = extract(make_pdf(PAGES, info=b"/Title (T) " + entries), ".pdf").info
    assert info == ({"title": "T", "date": date} if date else {"title": "T"})


@pytest.mark.parametrize("fallback", [False, True], ids=["pdfium", "pypdf"])
def test_a_title_with_nuls_and_line_breaks_is_one_clean_line(fallback: bool) -> None:
    data = make_pdf(PAGES, info=b"/Title (\\000  Quarterly\\r\\n\\treport\\000 ) /Author (Ann\\000Bob)")
    if fallback:
        data = data.replace(b"/Root 1 0 R", b"/Rooo 1 0 R")
    assert extract(data, ".pdf").info == {"title": "Quarterly report", "author": "Ann Bob"}


@pytest.mark.parametrize("fallback", [False, True], ids=["pdfium", "pypdf"])
def test_a_title_too_long_to_be_one_is_not_read(fallback: bool) -> None:
    # PDFium only copies a value whole: one of megabytes (a hostile file) is skipped.
    data = make_pdf(PAGES, info=b"/Title (" + b"ab " * MAX_INFO_BYTES + b") /Author (Ann)")
    if fallback:
        data = data.replace(b"/Root 1 0 R", b"/Rooo 1 0 R")
    assert extract(data, ".pdf").info == {"author": "Ann"}


def test_word_spacing_justified_text_leaves_is_mended_from_the_document_itself() -> None:
    pages = [
        "The default level is fast. It is faster than before, and even and never fail when it can, when asked.\n"
        "Use --verbose with --robot. The values are kept in the archive file.",
        "The def ault is 6. It is f aster. Currently--r obot is used. S is e ven.\n"
        "Similarly , it doesn’ t stop. It ne ver runs when NAME is set, whenNAME is unset.\n"
        "Go a way, a way, away. It starts with a dot; see startswith. A bug is a bug report: bugreport.\n"
        "The v alues are kept in the archive file, one per line.",
        None,
    ]
    mended = mend_spacing(pages)
    assert mended[0] == pages[0] and mended[2] is None
    assert mended[1] == (
        "The default is 6. It is faster. Currently--robot is used. S is even.\n"
        "Similarly, it doesn’t stop. It never runs when NAME is set, when NAME is unset.\n"
        # real words stay apart, whatever the document glues elsewhere
        "Go a way, a way, away. It starts with a dot; see startswith. A bug is a bug report: bugreport.\n"
        "The values are kept in the archive file, one per line.")


def test_a_word_in_capitals_split_or_glued_to_the_word_before_it_is_mended() -> None:
    """tar's manual as a PDF: an argument set in italics comes out glued to the word
    before it and split (`IfFILE`, `TheCONTR OL`, `IfD ATE`); the document's own words
    say where they part. Words in capitals that are words apart stay so."""
    pages = ["If the archive is a FILE, the CONTROL and DATE and SIGNAL values apply. If so, stop.\n"
             "If set, stop. The end. If you wish. The USA IS big. The rest.",
             "IfFILE is given, read it. TheCONTR OL argument is kept. IfD ATE starts with /, it is a file. "
             "IfSIGN AL is given, print it. D ATE-OR-FILE is a date."]
    assert mend_spacing(pages)[1] == ("If FILE is given, read it. The CONTROL argument is kept. If DATE starts with /, "
                                      "it is a file. If SIGNAL is given, print it. DATE-OR-FILE is a date.")
    assert mend_spacing(pages)[0] == pages[0]


def test_indentation_is_measured_at_the_documents_one_line_pitch() -> None:
    """rsyncd.conf's PDF: a page of spaced paragraphs measured a line pitch of 16.8 pt
    where the others measured 12.1, so its parameters stood 5 columns in instead of 7
    and read as text under the parameter on the page before."""
    dense = [(108, 700, "first option"), *[(144, 700 - 12 * k, f"Its text, line {k}.") for k in range(1, 12)]]
    spaced = [(108, 700, "second option"), *[(144, 700 - 18 * k, f"Spaced text, line {k}.") for k in range(1, 4)],
              (108, 620, "third option"), *[(144, 620 - 18 * k, f"More text, line {k}.") for k in range(1, 4)]]
    pages = [dense, dense, spaced]
    for page in pages:
        page.insert(0, (72, 740, "HEADER"))
    result = extract(build_pdf([placed_text_stream(p) for p in pages]), ".pdf")
    indents = {line.strip(): len(line) - len(line.lstrip()) for line in result.text.splitlines() if "option" in line}
    assert indents["first option"] == indents["second option"] == indents["third option"] > 0


def test_a_sentence_going_on_across_a_wider_gap_stays_one_paragraph() -> None:
    """git's PDF: a raised `[6]>` set `... maintenance is` a little apart from
    `primarily done.` under it, and the blank line the gap made cut the sentence in two
    paragraphs; a gap after a sentence's end is still a paragraph's end."""
    lines = [(72, 700, "Report bugs to the frob mailing list where the development and maintenance is"),
             (72, 680, "primarily done. You do not have to be subscribed to the list."),
             (72, 668, "See the list archive for earlier reports."),
             (72, 648, "Issues which are security relevant go to the security list."),
             *[(72, 636 - 12 * k, f"Line {k} of the text.") for k in range(1, 6)]]
    text = extract(build_pdf([placed_text_stream(lines)]), ".pdf").text
    assert "maintenance is\nprimarily done." in text
    assert "earlier reports.\n\nIssues which" in text
