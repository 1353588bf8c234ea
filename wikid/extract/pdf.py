"""PDF text, page by page, as markdown: a `## Page N` heading before each page with text.

PDFium (pypdfium2) is the text engine: about 1 ms a page, 20x faster than pypdf, and
it keeps word spacing where pypdf glues words together. pypdf is only the fallback
for files PDFium refuses to open: its lenient parser recovers some damaged files
PDFium rejects (a trailer without /Root, some byte-level corruption), and its text
then comes with a warning that word spacing may be off.

Outcomes, deliberately:
* a PDF that does not open with the empty password (a user password, or a security
  handler PDFium does not support) is `encrypted`; owner-password-only files open
  and are extracted;
* no text on any page is `empty` ("no text layer"), since a scan without OCR has
  nothing for wikid to read; some pages without text give a warning naming them;
* a page that cannot be parsed is skipped with a warning; a file neither library can
  open, and a file where no page can be parsed, is `extraction_failed`. A truncated
  PDF usually loses its xref and trailer, which both libraries need, so it fails as
  a whole rather than yielding its first pages.

`info` holds the document information dictionary's Title and Author, and its ModDate
(else CreationDate) in ISO 8601; pypdf reads them when it reads the pages.

Page headings are only written for pages with text, so the numbers stay the real page
numbers. The spacing justified text leaves in and between words is mended (`mend_spacing`).
Text is normalised: CRLF/CR to LF, control characters (form feeds) dropped,
trailing spaces stripped, runs of blank lines folded, and PDFium's end-of-line
hyphen marker (U+FFFE, with the line break already removed) dropped, which joins
hyphenated words again.
"""

from __future__ import annotations

import ctypes
import io
import itertools
import re
import statistics
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from wikid.extract import figures, ocr
from wikid.extract.base import Extracted, ExtractionError, clean_info, describe_error
from wikid.extract.docinfo import first_date, guarded, pdf_date
from wikid.images import ImageOutcome
from wikid.reasons import Reason

if TYPE_CHECKING:  # pypdf is imported only for a file PDFium refuses: ~70 ms of every worker's start
    from pypdf import PdfReader

MAX_OCR_PAGES = 100
OCR_DPI = 300  # the most a scanned page is rendered at for OCR
MIN_OCR_DPI = 150

_LOCKED = frozenset({pdfium_c.FPDF_ERR_PASSWORD, pdfium_c.FPDF_ERR_SECURITY})
_LOAD_ERRORS = {pdfium_c.FPDF_ERR_FILE: "file access error", pdfium_c.FPDF_ERR_FORMAT: "data format error"}
_DROPPED = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffe]")
_BLANK_RUNS = re.compile(r"\n{3,}")
_MODIFIER_LETTERS = str.maketrans({"\u02c6": "^", "\u02dc": "~"})
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
SPACE_PER_PITCH = 0.42  # a space is about 0.42 of the line pitch in body text (5 pt at a 12 pt pitch)
PARAGRAPH_GAP = 0.35  # a gap this much larger than the line pitch starts a paragraph
SENTENCE_GAP = 2.5  # ... unless a sentence goes on across it and it is less than this many pitches
MAX_INDENT = 40
_WORD = re.compile(r"(?<![A-Za-z])[A-Za-z]+(?![A-Za-z])")
# a word and the space after it, the next word looked at but not taken (it may be split too: `is e ven`)
_SPLIT_WORD = re.compile(r"(?<![A-Za-z])([A-Za-z][a-z]{0,15}) (?=([a-z]{1,15})(?![A-Za-z]))")
_SPACED_PUNCTUATION = re.compile(r"(?<=[A-Za-z)]) (?=[,;] )|(?<=[A-Za-z][’']) (?=(?:t|s|d|m|ll|re|ve)(?![A-Za-z]))")
_GLUED_WORD = re.compile(r"(?<![^\s(])([a-z]{2,12})([A-Z][A-Za-z0-9_]{2,40})(?![A-Za-z0-9_])")
# a capitalised word glued to a word in capitals after it (`IfFILE`, `TheCONTROL`: a font change)
_GLUED_CAPS = re.compile(r"(?<![^\s(])([A-Z][a-z]{1,11})([A-Z]{2,40})(?![A-Za-z0-9_])")
# a word in capitals split in two (`CONTR OL`; `IfD ATE`, glued to the word before it too),
# the second piece looked at but not taken
_SPLIT_CAPS = re.compile(r"(?<![A-Z])([A-Z]{1,15}) (?=([A-Z]{1,15})(?![A-Za-z]))")
MIN_GLUE_WORD_COUNT = 3  # the first part of a glued pair is a common word of the document (`the`, `when`)
# A document information value longer than this (UTF-16 bytes) is not read: no title
# is 32,000 characters long, and PDFium can only copy a value whole.
MAX_INFO_BYTES = 64 * 1024


def extract(data: bytes, suffix: str) -> Extracted:
    """Markdown for a PDF's text layer; see the module docstring for the outcomes."""
    # The raw loader, not PdfDocument(data): pypdfium2 also rejects a document with no
    # pages and then reports PDFium's last error, which is stale (left by an earlier
    # file, say a password error). FPDF_GetLastError is only reliable right after a
    # failed load. PDFium reads `data` in place; it stays referenced until we return.
    raw = pdfium_c.FPDF_LoadMemDocument64(data, len(data), None)
    if not raw:
        code = pdfium_c.FPDF_GetLastError()
        if code in _LOCKED:
            raise ExtractionError(Reason.ENCRYPTED, "the PDF cannot be opened without a password")
        pdfium_error = _LOAD_ERRORS.get(code, "unknown error")
        pages, info = _pypdf_pages(data, f"PDFium: {pdfium_error}")
        warnings = [f"PDFium could not open the file ({pdfium_error}), so pypdf read it; word spacing may be off"]
    else:
        with pdfium.PdfDocument(raw) as pdf:
            pages = _pdfium_pages(pdf)
            info = guarded(_info, lambda key: _pdfium_value(pdf, key))
            warnings, reader = _ocr_blank_pages(pdf, pages)
            return _assemble(pages, warnings, info, reader)
    return _assemble(pages, warnings, info)


def _ocr_blank_pages(pdf: pdfium.PdfDocument, pages: list[str | None]) -> tuple[list[str], figures.ImageReader]:
    """Read the pages without a text layer (scans) by OCR, in place, when an OCR engine is
    installed (at most MAX_OCR_PAGES, at the scan's resolution, within the worker's deadline); what was
    done, as warnings, and the reader that counted each page as an image."""
    reader = figures.ImageReader()
    blank = [i for i, text in enumerate(pages) if text == ""]
    if not blank:
        return [], reader
    if ocr.tesseract() is None:
        reader.count(ImageOutcome.NO_OCR, len(blank))
        return [], reader
    warnings = []
    if len(blank) > MAX_OCR_PAGES:
        warnings.append(f"only the first {MAX_OCR_PAGES} of {len(blank)} pages without a text layer were read by OCR")
        reader.count(ImageOutcome.OVER_LIMIT, len(blank) - MAX_OCR_PAGES)
        blank = blank[:MAX_OCR_PAGES]
    read, late = [], []
    for i in blank:
        before = len(reader.outcomes)
        page = pdf[i]
        found = reader.read_picture(page.render(scale=_scan_dpi(page) / 72).to_pil(), f"page {i + 1}", "")
        if found is not None and found.text:
            pages[i] = _normalise(found.text)
            read.append(i + 1)
        elif reader.outcomes[before:] == [ImageOutcome.OVER_LIMIT]:
            late.append(i + 1)
    if read:
        warnings.append(f"{_page_list(read)} had no text layer and {'was' if len(read) == 1 else 'were'} read by OCR "
                        f"({ocr.version()}): check names and figures against the scan")
    if late:
        warnings.append(f"{_page_list(late)} not read by OCR: the time the document may take ran out")
    return warnings, reader


def _scan_dpi(page: pdfium.PdfPage) -> float:
    """The resolution to render a scanned page at for OCR: its images' own (a 150 dpi scan
    rendered at 300 dpi has 4x the pixels and takes OCR ~1.8x as long for no more text,
    bench/ocr.py), between MIN_OCR_DPI and OCR_DPI; OCR_DPI when it holds no image."""
    best = 0.0
    for image in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=2):
        try:
            width, height = image.get_px_size()
            left, bottom, right, top = image.get_bounds()
        except Exception:  # noqa: BLE001 - a damaged image object: it tells nothing about the scan
            continue
        if right - left > 1 and top - bottom > 1:
            best = max(best, width / ((right - left) / 72), height / ((top - bottom) / 72))
    return min(max(best, MIN_OCR_DPI), OCR_DPI) if best else OCR_DPI


def _pypdf_pages(data: bytes, pdfium_error: str) -> tuple[list[str | None], dict[str, str]]:
    from pypdf import PasswordType, PdfReader

    try:
        reader = PdfReader(io.BytesIO(data))
        locked = reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED
        pages = [] if locked else list(reader.pages)
    except Exception as exc:  # noqa: BLE001 - pypdf raises far more than PyPdfError on damaged files
        raise ExtractionError(
            Reason.EXTRACTION_FAILED, f"not a readable PDF: {pdfium_error}; pypdf: {describe_error(exc)}"
        ) from None
    if locked:
        raise ExtractionError(Reason.ENCRYPTED, "the PDF cannot be opened without a password")
    info = guarded(_info, lambda key: _pypdf_value(reader, key))
    return [_page_text(page.extract_text) for page in pages], info


def _info(value: Callable[[str], str | None]) -> dict[str, str]:
    """Title, Author and ModDate (else CreationDate) from a document information reader."""
    date = first_date(pdf_date, value("ModDate"), value("CreationDate"))
    return clean_info(title=value("Title"), author=value("Author"), date=date)


def _pdfium_value(pdf: pdfium.PdfDocument, key: str) -> str | None:
    """One document information value as PDFium decodes it ("" when absent), None when
    it is too long to be a property."""
    name = key.encode("ascii") + b"\x00"
    size = pdfium_c.FPDF_GetMetaText(pdf, name, None, 0)
    if size > MAX_INFO_BYTES:
        return None
    buffer = ctypes.create_string_buffer(size)
    pdfium_c.FPDF_GetMetaText(pdf, name, buffer, size)
    return buffer.raw[: max(size - 2, 0)].decode("utf-16-le", errors="replace")


def _pypdf_value(reader: PdfReader, key: str) -> str | None:
    """One document information value as pypdf decodes it, None when absent, not a
    string or too long."""
    from pypdf.generic import ByteStringObject, TextStringObject

    metadata = reader.metadata
    value = metadata.get(f"/{key}") if metadata is not None else None
    value = value.get_object() if value is not None else None  # an indirect reference in some files
    if not isinstance(value, TextStringObject | ByteStringObject) or len(value) > MAX_INFO_BYTES // 2:
        return None  # absent, not a string, or too long to be a property (as with PDFium)
    if isinstance(value, ByteStringObject):  # not valid PDFDocEncoding (a NUL in it, say): str() guesses UTF-16
        return bytes(value).decode("latin-1")
    return str(value)


_Row = tuple[float, float, int, str]  # (left, bottom, visual lines, text)


def page_rows(textpage: pdfium.PdfTextPage) -> tuple[str, list[_Row] | None]:
    """A page's text as PDFium gives it and its lines with where each starts (its first
    character's box), or None for the lines when PDFium's text and its characters do
    not match. A line PDFium joined at a hyphenation (U+FFFE) spans one more line."""
    text: str = textpage.get_text_range()
    if len(text) != textpage.count_chars():
        return text, None
    rows: list[_Row] = []
    pos = 0
    for match in [*_LINE_BREAK.finditer(text), None]:
        end = match.start() if match else len(text)
        line = text[pos:end]
        stripped = line.lstrip()
        if stripped:
            left, bottom, _, _ = textpage.get_charbox(pos + len(line) - len(stripped))
            rows.append((left, bottom, 1 + stripped.count("\ufffe"), stripped))
        if match is None:
            break
        pos = match.end()
    return text, rows


def line_pitch(pages: list[list[_Row] | None]) -> float | None:
    """The document's line pitch: the median distance between consecutive lines over
    all its pages, or None without enough lines to measure it. One pitch for the whole
    document, not one a page: a page of spaced paragraphs measured 16.8 pt where the
    others measured 12.1, and its indentation came out 1.4 times shallower, so an
    option on it read as text under the option on the page before."""
    pitches = [a[1] - b[1] for rows in pages if rows for a, b in itertools.pairwise(rows)
               if a[2] == 1 and 0 < a[1] - b[1] < 60]
    return statistics.median(pitches) if len(pitches) >= 2 else None


def laid_out(text: str, rows: list[_Row] | None, pitch: float | None) -> str:
    """A page's text with its layout: each line indented by where it starts (one space
    per ~0.42 line pitch from the left margin, so a man page's body stands 7 columns in
    and an option's description 14) and a blank line where the gap to the line above is
    larger than the line pitch (a new paragraph). PDFium gives the lines in reading
    order but no layout (page_rows). Without a pitch the text comes as PDFium gives it.
    """
    if not rows or pitch is None:
        return text
    space = pitch * SPACE_PER_PITCH
    margin = min(r[0] for r in rows)
    out: list[str] = []
    above: tuple[float, int] | None = None
    for left, bottom, spans, line in rows:
        if above is not None:
            gap = above[0] - bottom
            # (not inside a sentence: `... maintenance is` over `primarily done.` is one paragraph
            # set a little apart, by a raised `[6]>` on the line above)
            going_on = out[-1].rstrip()[-1:] not in ".!?:;)" and line[:1].islower()
            if (gap > (above[1] + PARAGRAPH_GAP) * pitch and not (going_on and gap < SENTENCE_GAP * pitch)) \
                    or gap < -pitch:
                out.append("")
        out.append(" " * min(MAX_INDENT, max(0, round((left - margin) / space))) + line)
        above = (bottom, spans)
    return "\n".join(out)


def _pdfium_pages(pdf: pdfium.PdfDocument) -> list[str | None]:
    """Each page's laid-out text (None for a page PDFium cannot read), at the
    document's one line pitch."""
    read: list[tuple[str, list[_Row] | None] | None] = []
    for n in range(len(pdf)):
        try:
            read.append(page_rows(pdf[n].get_textpage()))
        except Exception:  # noqa: BLE001 - one bad page must not cost the others; reported by _assemble
            read.append(None)
    pitch = line_pitch([r[1] for r in read if r is not None])
    return [_page_text(laid_out, *r, pitch) if r is not None else None for r in read]


def _page_text(read: Callable[..., str], *args: object) -> str | None:
    """The normalised text of one page (`read(*args)`), or None when the library cannot parse it."""
    try:
        return _normalise(read(*args))
    except Exception:  # noqa: BLE001 - one bad page must not cost the others; reported by _assemble
        return None


def _normalise(text: str) -> str:
    """The page's text with control characters dropped, line ends and blank runs made
    plain, and the modifier letters a typesetter prints for `^` and `~` (`ˆ`, `˜` in a
    manual's regular expressions and paths) given back as the characters they show."""
    text = _DROPPED.sub("", text.replace("\r\n", "\n").replace("\r", "\n")).translate(_MODIFIER_LETTERS)
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    return _BLANK_RUNS.sub("\n\n", text).strip()


def _assemble(pages: list[str | None], warnings: list[str], info: dict[str, str],
              reader: figures.ImageReader | None = None) -> Extracted:
    if not pages:
        raise ExtractionError(Reason.EMPTY, "the PDF has no pages")
    unreadable = [n for n, text in enumerate(pages, 1) if text is None]
    blank = [n for n, text in enumerate(pages, 1) if text == ""]
    if not any(pages):
        if unreadable:
            detail = f"no page could be parsed ({_page_list(unreadable)} failed)"
            raise ExtractionError(Reason.EXTRACTION_FAILED, detail)
        hint = "" if ocr.tesseract() else f"; to read scans, {ocr.INSTALL}"
        raise ExtractionError(Reason.EMPTY, f"no text layer (a scanned document?){hint}")
    if blank:
        warnings.append(f"no text on {_page_list(blank)} (scanned images?)")
    if unreadable:
        warnings.append(f"could not parse {_page_list(unreadable)}; skipped")
    body = "\n\n".join(f"## Page {n}\n\n{text}" for n, text in enumerate(mend_spacing(pages), 1) if text)
    if reader is None:
        return Extracted(body + "\n", tuple(warnings), info)
    return Extracted(body + "\n", tuple(warnings), info, reader.counts(), tuple(reader.figures))


def mend_spacing(pages: list[str | None]) -> list[str | None]:
    """The pages with the word spacing justified text leaves mended, the document
    itself as the dictionary (no word list covers a manual's vocabulary):

    * a word split in two (`def ault`, `--r obot`) is joined when the joined word
      occurs elsewhere in the document and neither piece occurs but in this split (a
      first piece of one letter, an option's, may: `f aster`); `a way` and `starts
      with` stay apart, their pieces being words of their own;
    * a space before a comma or semicolon, or inside a contraction, is dropped
      (`Similarly , xz`, `doesn’ t`);
    * a word glued to the capitalised word after it (`whenYYY`, `theServerAlive`), or a
      capitalised one to a word in capitals (`IfFILE`), is split when both parts occur
      on their own elsewhere and the glued form nowhere else; a word in capitals split
      in two (`CONTR OL`) is joined as a lower-case one is.
    """
    text = "\n".join(page for page in pages if page)
    words = Counter(_WORD.findall(text))
    pairs = Counter(_SPLIT_WORD.findall(text)) + Counter(_SPLIT_CAPS.findall(text))
    glued = Counter(_GLUED_WORD.findall(text)) + Counter(_GLUED_CAPS.findall(text))

    def join(match: re.Match[str]) -> str:
        first, second = match.group(1), match.group(2)
        only_here = pairs[(first, second)]
        pieces = words[second] <= only_here and (words[first] <= only_here or (len(first) == 1 and first not in "aAI"))
        return first if pieces and words[first + second] > 0 else match.group(0)

    def split(match: re.Match[str]) -> str:
        head, tail = match.group(1), match.group(2)
        found = words[head] >= MIN_GLUE_WORD_COUNT and words[tail] > 0 and glued[(head, tail)] == words[head + tail]
        return f"{head} {tail}" if found else match.group(0)

    def mend(page: str | None) -> str | None:
        if not page:
            return page
        joined = _SPLIT_CAPS.sub(join, _SPLIT_WORD.sub(join, page))  # then `TheCONTROL` is split as glued
        return _GLUED_CAPS.sub(split, _GLUED_WORD.sub(split, _SPACED_PUNCTUATION.sub("", joined)))

    return [mend(page) for page in pages]


def _page_list(numbers: list[int]) -> str:
    """`page 3` or `pages 1-4, 7`: consecutive pages folded into ranges."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and spans[-1][1] == n - 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    listed = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)
    return f"page {listed}" if len(numbers) == 1 else f"pages {listed}"

