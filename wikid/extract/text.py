"""Plain-text formats: decode the bytes reliably, then keep the text as it is.

Decoding follows evidence, not guesses: a byte-order mark decides first (UTF-32
before UTF-16, whose LE mark is a prefix of UTF-32's); then the NUL-byte pattern of
BOM-less UTF-16 (checked before UTF-8 because ASCII text in UTF-16 is also valid
UTF-8, NULs included); then strict UTF-8; and only then a single-byte fallback,
announced in a warning. The fallback is cp1252, a superset of Latin-1's printable
characters, with Latin-1 for the five bytes cp1252 leaves undefined, so every byte
decodes. Statistical charset guessers are not used: one picked cp1257 (Baltic) for a
Latin-1 file, silently corrupting every accented letter.

Output shapes: `.csv`/`.tsv` become a GFM table (first row as header, capped at
MAX_TABLE_ROWS). Structured data formats (JSON, YAML, TOML, XML) are wrapped in a
fenced code block tagged with their language, because markdown would otherwise
misread them: a YAML or TOML `# comment` renders as a heading and XML tags vanish as
HTML. Everything else, markdown included, is returned as decoded, except a markdown
frontmatter that wikid refuses to load as hostile (an alias bomb, nesting that would
crash libyaml, over 1 M characters): it becomes a fenced YAML block, so no later
reader of the text (the offline engine, an agent) hands it to a YAML loader.
"""

from __future__ import annotations

import codecs
import csv
import io
import re

from wikid.extract.base import Extracted, ExtractionError, gfm_table
from wikid.okf.frontmatter import parse_frontmatter, split_frontmatter
from wikid.reasons import Reason

MAX_TABLE_ROWS = 1000
BINARY_SHARE = 0.05

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_DELIMITERS = {".csv": ",", ".tsv": "\t"}
_MARKDOWN = frozenset({".md", ".markdown"})
_FENCED = {
    ".json": "json",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
    ".xml": "xml",
}
# Control characters no text file is made of: C0 except tab, line feed, vertical
# tab, form feed, carriage return and escape (ANSI colours in logs), DEL, and C1.
_CONTROL = re.compile("[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f-\x9f]")
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")
_BACKTICKS = re.compile("`+")


def extract(data: bytes, suffix: str) -> Extracted:
    """The file's text: a GFM table for CSV/TSV, fenced code for data formats."""
    text, warnings = decode_text(data)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if looks_binary(text):
        raise ExtractionError(
            Reason.EXTRACTION_FAILED, "binary content: this is not a text file despite its extension"
        )
    if not text.strip():
        raise ExtractionError(Reason.EMPTY, "the file holds only whitespace")
    if suffix in _DELIMITERS:
        table, table_warnings = _table(text, _DELIMITERS[suffix], suffix)
        return Extracted(table, tuple(warnings + table_warnings))
    if suffix in _FENCED:
        return Extracted(fenced(text, _FENCED[suffix]), tuple(warnings))
    if suffix in _MARKDOWN:
        text, inert = _inert_frontmatter(text)
        warnings += inert
    return Extracted(text, tuple(warnings))


def _inert_frontmatter(text: str) -> tuple[str, list[str]]:
    """The text with a hostile frontmatter turned into a fenced YAML block, and a warning."""
    fm = parse_frontmatter(text)
    split = split_frontmatter(text)
    if not fm.hostile or split is None:
        return text, []
    yaml_text, body_start = split
    block = fenced(yaml_text, "yaml")
    return f"{block}\n{text[body_start:]}", [f"{fm.error}: it was not read and is kept as a code block"]


def looks_binary(text: str) -> bool:
    """True when control characters make up more than BINARY_SHARE of the text."""
    return len(_CONTROL.findall(text)) > BINARY_SHARE * len(text)


def decode_text(data: bytes) -> tuple[str, list[str]]:
    """The text in `data`, and a warning for each guess made on the way."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _decode_marked(data[len(bom) :], encoding)
    utf16 = _utf16_by_nul_pattern(data)
    for encoding in ([utf16] if utf16 else []) + ["utf-8"]:
        try:
            return data.decode(encoding), []
        except UnicodeDecodeError:
            pass
    return _decode_single_byte(data)


def _decode_marked(data: bytes, encoding: str) -> tuple[str, list[str]]:
    try:
        return data.decode(encoding), []
    except UnicodeDecodeError as exc:
        text = data.decode(encoding, errors="replace")
        return text, [f"the {encoding} byte-order mark was followed by invalid {encoding} ({exc.reason}); "
                      "undecodable bytes were replaced with U+FFFD"]


def _utf16_by_nul_pattern(data: bytes) -> str | None:
    """UTF-16 LE/BE when NULs fill one byte of most pairs and almost none of the other."""
    if len(data) < 4 or len(data) % 2:
        return None
    pairs = len(data) // 2
    even_nuls, odd_nuls = data[0::2].count(0), data[1::2].count(0)
    if odd_nuls > 0.3 * pairs and even_nuls < 0.05 * pairs:
        return "utf-16-le"
    if even_nuls > 0.3 * pairs and odd_nuls < 0.05 * pairs:
        return "utf-16-be"
    return None


def _decode_single_byte(data: bytes) -> tuple[str, list[str]]:
    text = data.decode("cp1252", errors="surrogateescape")
    undefined = len(_ESCAPED_BYTE.findall(text))
    text = _ESCAPED_BYTE.sub(lambda m: chr(ord(m.group()) - 0xDC00), text)
    warning = "not valid UTF-8 or UTF-16 and no byte-order mark: decoded as cp1252"
    if undefined:
        warning += f", with latin-1 for {undefined} byte(s) cp1252 leaves undefined"
    return text, [warning]


def _table(text: str, delimiter: str, suffix: str) -> tuple[str, list[str]]:
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        rows = [row for row in reader if any(cell.strip() for cell in row)]
    except csv.Error as exc:
        raise ExtractionError(
            Reason.EXTRACTION_FAILED, f"{suffix} parsing failed at line {reader.line_num}: {exc}"
        ) from exc
    if not rows:
        raise ExtractionError(Reason.EMPTY, f"the {suffix} file has no cell with content")
    warnings = []
    if len(rows) - 1 > MAX_TABLE_ROWS:
        warnings.append(f"table cut to its first {MAX_TABLE_ROWS} of {len(rows) - 1} data rows")
        rows = rows[: MAX_TABLE_ROWS + 1]
    return gfm_table(rows) + "\n", warnings


def fenced(text: str, language: str) -> str:
    """`text` as a fenced code block, the fence longer than any backtick run inside."""
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    body = text.rstrip("\n")
    return f"{fence}{language}\n{body}\n{fence}\n"
