"""RTF to plain text with striprtf.

markitdown returns an RTF file's raw source; striprtf interprets it: destinations
(font and colour tables, pictures, metadata) are dropped, `\\uN` escapes become
Unicode with their `\\ucN` fallback characters skipped, and `\\'hh` escapes are
decoded in the current font's `\\fcharset` or else the document's `\\ansicpg`.

striprtf builds its font table before it meets `\\ansicpg`, so a font whose charset
it does not map (`\\fcharset1`, "default", is common) decodes in the caller's default
instead of the document's code page; and a code page Python spells differently
(`\\ansicpg10000`, Mac Roman) makes it switch to UTF-8. So the code page is read
here, the declaration is replaced by a plain `\\ansi`, and striprtf gets the code
page as its default. The bytes are decoded with it too: RTF is 7-bit in principle,
but some writers put raw 8-bit text in the declared code page. Bytes the code page
leaves undefined become U+FFFD rather than failing the document. Tables come out as
striprtf writes them: cells separated by `|`, a row per line.

striprtf drops the `\\info` group, so `info` is read from the source: `\\title`,
`\\author` (decoded in the same code page, by striprtf) and `\\revtim`, else
`\\creatim`, as an ISO date (with the time when the group gives hours or minutes, and
no zone: RTF does not say). Only the first `\\info` group is read, at most
`MAX_INFO_CHARS` of it.
"""

from __future__ import annotations

import codecs
import datetime as dt
import re

from striprtf.striprtf import rtf_to_text

from wikid.extract.base import Extracted, ExtractionError, clean_info, describe_error
from wikid.extract.docinfo import guarded
from wikid.extract.text import looks_binary
from wikid.reasons import Reason

DEFAULT_CODEPAGE = "cp1252"
# Windows code page numbers whose Python codec is not called cpNNNN.
_CODECS = {
    10000: "mac_roman",
    10006: "mac_greek",
    10007: "mac_cyrillic",
    10029: "mac_latin2",
    10079: "mac_iceland",
    10081: "mac_turkish",
}
_ANSICPG = re.compile(rb"\\ansicpg(\d{1,5})")
_RTF_HEADER = b"{\\rtf"
MAX_INFO_CHARS = 64 * 1024
_INFO_GROUP = re.compile(r"\{\\info(?![A-Za-z])")
_BRACE_OR_ESCAPE = re.compile(r"\\.|[{}]", re.DOTALL)
_TEXT_FIELD = r"\{\\%s(?![A-Za-z]) ?((?:\\.|[^{}\\])*)\}"
_TIME_FIELD = r"\{\\%s((?:\\[a-z]{1,8}-?\d{0,6} ?)*)\}"
_TIME_PART = re.compile(r"\\(yr|mo|dy|hr|min|sec)(\d{1,6})")


def extract(data: bytes, suffix: str) -> Extracted:
    """The text of an RTF document."""
    source = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not source.startswith(_RTF_HEADER):
        raise ExtractionError(Reason.EXTRACTION_FAILED, "not an RTF document: it does not start with {\\rtf")
    codepage, source = _take_codepage(source)
    decoded = source.decode(codepage, errors="replace")
    try:
        text = rtf_to_text(decoded, encoding=codepage, errors="replace")
    except Exception as exc:  # striprtf raises whatever its regex walk trips over
        raise ExtractionError(
            Reason.EXTRACTION_FAILED, f"RTF conversion failed: {describe_error(exc)}"
        ) from exc
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if looks_binary(text):
        raise ExtractionError(Reason.EXTRACTION_FAILED, "binary content inside the RTF envelope")
    if not text:
        raise ExtractionError(Reason.EMPTY, "the RTF document has no text")
    return Extracted(text + "\n", info=guarded(_info, decoded, codepage))


def _info(source: str, codepage: str) -> dict[str, str]:
    """Title, author and revision (else creation) time from the first `\\info` group."""
    start = _INFO_GROUP.search(source)
    if start is None:
        return {}
    group = _group(source[start.start() : start.start() + MAX_INFO_CHARS])

    def text(word: str) -> str | None:
        found = re.search(_TEXT_FIELD % word, group)
        if found is None:
            return None
        value = re.sub(r"[\r\n]", "", found.group(1))  # line breaks in RTF source are not text
        plain: str = rtf_to_text("{\\rtf1\\ansi " + value + "}", encoding=codepage, errors="replace")
        return plain

    def time(word: str) -> str | None:
        found = re.search(_TIME_FIELD % word, group)
        return _iso_time(found.group(1)) if found else None

    return clean_info(title=text("title"), author=text("author"), date=time("revtim") or time("creatim"))


def _group(window: str) -> str:
    """The group that opens `window`, up to its closing brace (all of `window` when it
    does not close there)."""
    depth = 0
    for match in _BRACE_OR_ESCAPE.finditer(window):
        token = match.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth == 0:
                return window[: match.end()]
    return window


def _iso_time(words: str) -> str | None:
    """`\\yr2024\\mo3\\dy1\\hr10\\min0` as `2024-03-01T10:00:00`; the date alone without
    hours and minutes; None without a valid year, month and day."""
    parts = dict(_TIME_PART.findall(words))
    try:
        date = dt.date(int(parts["yr"]), int(parts["mo"]), int(parts["dy"]))
        if "hr" not in parts and "min" not in parts:
            return date.isoformat()
        clock = dt.time(int(parts.get("hr", 0)), int(parts.get("min", 0)), int(parts.get("sec", 0)))
    except (KeyError, ValueError):
        return None
    return dt.datetime.combine(date, clock).isoformat()


def _take_codepage(source: bytes) -> tuple[str, bytes]:
    """The codec for the declared `\\ansicpg` (cp1252 when absent or unknown), and the
    source with that declaration replaced by a plain `\\ansi`."""
    match = _ANSICPG.search(source)
    if match is None:
        return DEFAULT_CODEPAGE, source
    number = int(match.group(1))
    codepage = _CODECS.get(number, f"cp{number}")
    try:
        codecs.lookup(codepage)
    except LookupError:
        codepage = DEFAULT_CODEPAGE
    return codepage, source[: match.start()] + b"\\ansi" + source[match.end() :]
