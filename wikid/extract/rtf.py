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
"""

from __future__ import annotations

import codecs
import re

from striprtf.striprtf import rtf_to_text

from wikid.extract.base import Extracted, ExtractionError, describe_error
from wikid.extract.text import looks_binary
from wikid.intake.classify import Reason

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


def extract(data: bytes, suffix: str) -> Extracted:
    """The text of an RTF document."""
    source = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not source.startswith(_RTF_HEADER):
        raise ExtractionError(Reason.EXTRACTION_FAILED, "not an RTF document: it does not start with {\\rtf")
    codepage, source = _take_codepage(source)
    try:
        text = rtf_to_text(source.decode(codepage, errors="replace"), encoding=codepage, errors="replace")
    except Exception as exc:  # striprtf raises whatever its regex walk trips over
        raise ExtractionError(
            Reason.EXTRACTION_FAILED, f"RTF conversion failed: {describe_error(exc)}"
        ) from exc
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if looks_binary(text):
        raise ExtractionError(Reason.EXTRACTION_FAILED, "binary content inside the RTF envelope")
    if not text:
        raise ExtractionError(Reason.EMPTY, "the RTF document has no text")
    return Extracted(text + "\n")


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
