"""Per-document signals the offline engine clusters and writes pages from.

Everything here is a pure function of one document's extracted text (never its file
name or modification time): the name it asserts, the identifiers it states, a type
hint, the document's own date and its attributes.

Extracted text comes in a handful of shapes (see wikid/extract): PDFs as
`## Page N` sections, DOCX with `#` headings, spreadsheets as `## Sheet: <name>`
plus GFM tables, CSV as one GFM table, text and markdown as written. The parser
reads all of them line by line: headings, GFM tables, `Key: value` lines and prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

import yaml

from wikid.document.blocks import plain, split_cells
from wikid.document.dates import parse_date
from wikid.document.furniture import without_editor_settings
from wikid.document.identity import generic_title, title_problem
from wikid.document.linekinds import is_session
from wikid.document.reading import frontmatter
from wikid.document.sentences import goes_on
from wikid.manager.offline.textutil import name_key, norm_key, norm_value, one_line

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Fields that assert the entity a document is about, in priority order (the first one
# present wins, wherever it stands), with the page type each one suggests. "Customer"
# comes late: a supplier contract names both parties and is about the supplier.
NAME_FIELDS: dict[str, str | None] = {
    "name": None,
    "vendor": "Vendor",
    "vendor name": "Vendor",
    "supplier": "Vendor",
    "supplier name": "Vendor",
    "company": "Organization",
    "company name": "Organization",
    "organization": "Organization",
    "organisation": "Organization",
    "product": "Product",
    "product name": "Product",
    "service": "Service",
    "service name": "Service",
    "host": "Server",
    "hostname": "Server",
    "server": "Server",
    "system": "System",
    "application": "Application",
    "project": "Project",
    "customer": "Customer",
    "client": "Customer",
}
TYPE_FIELDS = ("type", "category", "kind")
# Keys whose value is the document's own date, most specific first.
DATE_FIELDS = (
    "last updated", "updated", "last modified", "modified", "revised", "date", "dated",
    "issued", "as of", "effective", "effective date", "last_modified", "last_updated",
)
_DOC_DATE_KEYS = frozenset(DATE_FIELDS) - {"effective", "effective date"}
# Frontmatter keys that are page metadata rather than attributes of the entity.
_FM_META = frozenset(
    "type title description tags sources generated verified timestamp status okf_version "
    "stale_after".split()
)
# Words in a document's title that reveal its kind when no field states a type.
TITLE_TYPE_HINTS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset("meeting minutes weekly standup stand-up retro retrospective agenda".split()), "Meeting"),
    (frozenset("runbook procedure checklist maintenance how-to playbook".split()), "Runbook"),
    (frozenset("incident outage post-mortem postmortem".split()), "Incident"),
    (frozenset("policy".split()), "Policy"),
)
_MEETING_FIELDS = frozenset({"attendees", "participants", "present"})
# Keys whose value is an identifier even without a code shape ("Account number: 20931").
_ID_KEY = re.compile(r"\b(id|ids|number|no|nr|code|sku|serial|account|ref|reference|tag|asset)\b")
# Codes such as ALG-32, BGI-4471, BGI-25-011, 2025-RT-118: upper-case letters and
# digits joined by dashes, with at least one letter and one digit.
_CODE = re.compile(r"(?<![\w-])[A-Z0-9]{2,12}(?:-[A-Z0-9]{1,12})+(?![\w-])")
# Well-known standard/technology prefixes that are shared by unrelated documents.
_CODE_STOP_PREFIXES = frozenset(
    "ISO IEC EN DIN RFC UTF SHA MD COVID IEEE ANSI TLS SSL HTTP IPV PCI GDPR AES RSA "
    "ASCII ECMA USB HDMI DDR LTE".split()
)
_EXTRACTION_HEADING = re.compile(r"^(page \d+|slide \d+|sheet: .*)$", re.IGNORECASE)
# The patterns below are linear in the line: no lazy group followed by optional
# trailing whitespace (`(.*?)\s*#*\s*$` took minutes on one heading with 5,000
# spaces inside), no bracket scan that may run past the next `[`. Trailing blanks
# and closing `#`s are stripped after the match instead.
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)")
_FIELD = re.compile(
    r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:\*\*|__)?"
    r"(?P<key>[^\W\d_][\w ./&'()#-]{0,48}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+(?P<value>\S.*)"
)
_ITEM_LINE = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s")
_TABLE_LINE = re.compile(r"^\s*\|.*\|\s*$")
_SEPARATOR_CELL = re.compile(r"^\s*:?-{1,}:?\s*$")
_MD_LINK = re.compile(r"!?\[([^\[\]]*)\]\([^)\[]*\)")
_FOOTNOTE_REF = re.compile(r"\[\^[^\[\]]*\]")

MAX_KEY_WORDS = 5
MAX_VALUE_CHARS = 200  # longer "values" are prose, not attributes
MAX_TABLE_ROWS = 100  # rows of one multi-row table turned into attributes
MAX_ATTRIBUTES = 500

@dataclass(frozen=True)
class Field:
    """A scalar statement of the document: `Key: value`, a two-column table row, a record cell."""

    key: str  # normalised (norm_key)
    label: str  # as written
    value: str  # as written, on one line
    line: int = 0  # line of the body it stands on (frontmatter: 0)
    structured: bool = True  # in a table, the frontmatter or a run of `Key: value` lines
    row: bool = False  # a cell of a keyed table ("<row key> – <column>"): data, unlisted unless disputed


# Attributes are properties: a short key naming one, a short value. These keys are
# notes, navigation or version history in prose ("Note: …", "Next: …", "Changed in
# version 3.2: …"), never a property of the entity.
_NOT_PROPERTIES = frozenset(
    "note notes nb warning caution important tip hint example examples e.g see see also also cf todo fixme "
    "bug bugs fix fixed changed added removed deprecated new usage syntax next previous prev up home back "
    "top skip menu search contents index re subject fwd from to cc bcc sent q a question answer".split()
)
_BY_WHOM = frozenset({"note", "notes"})  # keys that name a person when their value is only names
_NAMES = re.compile(r"[A-Z][\w'’-]+(?: [A-Z][\w'’.-]*){0,3}(?:, [A-Z][\w'’-]+(?: [A-Z][\w'’.-]*){0,3})*")
_VERBS = frozenset("is are was were be been has have had can could will would should may might must do does did".split())
LEAD_LINES = 30  # where a document states what it is: its name, type and date fields
SHORT_DOC_LINES = 40  # a document this short is a note or a letter: a lone field is one
MAX_PROPERTY_KEY_WORDS = 4
MAX_PROPERTY_VALUE_WORDS = 20
MIN_COMPARED = 3  # a run of this many `Key: value` lines is a record, or a comparison of things


def _without_full_stop(value: str) -> str:
    """A value as a table cell shows it: `3 April 2025 (Jonas).` without the full stop
    that ended the line (a sentence's own, or an abbreviation's like `Ltd.`, stays)."""
    return value[:-1] if re.search(r"[)\d]\.$", value) else value


_LIST_OR_OPTION = re.compile(r"^(?:[-*+•○◦·▪o]\s|-)|.*--")


def is_property(field: Field) -> bool:
    """Whether a field is a real key/value statement (see _NOT_PROPERTIES): a key of at
    most four words without digits, code or verbs; a value of at most twenty words
    that is not a sentence of prose."""
    label, value = field.label.strip(), field.value.strip()
    words_ = label.split()
    if not words_ or len(words_) > MAX_PROPERTY_KEY_WORDS or len(label) > 40 or re.search(r"[\d`()\[\]{}<>=]", label):
        return False
    if _LIST_OR_OPTION.match(label):
        return False  # `o --no-iconv: Most transfers use this option.`: a list item about an option
    folded = [w.casefold().strip(".,:*") for w in words_]
    if (field.key in _NOT_PROPERTIES or folded[0] in _NOT_PROPERTIES or _VERBS & set(folded)) \
            and not (field.key in _BY_WHOM and _NAMES.fullmatch(value)):
        return False  # (a meeting's `Notes: Priya` names who took them: a property)
    value_words = value.split()
    if not value_words or len(value_words) > MAX_PROPERTY_VALUE_WORDS or len(value) > MAX_VALUE_CHARS:
        return False
    if value[-1:] == "." and len(value_words) >= 6 and not value[-2:-1].isdigit():
        return False  # a sentence: "Sam: post-mortem for the portal outage on the wiki by 19 June."
    return field.structured or not (label[:1].islower() or value[:1].islower())


@dataclass(frozen=True)
class DocSignals:
    """What one document asserts about the entity it describes."""

    name: str | None  # the asserted name, display form
    strong_name: bool  # True when stated by a name field or frontmatter title
    identifiers: frozenset[str]  # asserted: in the name, in fields, in frontmatter
    mentioned_identifiers: frozenset[str]  # every code anywhere in the text
    type_hint: str | None
    type_strength: int  # 3 stated, 2 implied by the name field or an invoice, 1 title words, 0 none
    date: date | None  # the document's own date
    attributes: tuple[Field, ...]  # first value per key, in document order
    frontmatter: dict[str, Any] = field(default_factory=dict)

    @property
    def name_key(self) -> str:
        return name_key(self.name) if self.name else ""


def codes(text: str) -> set[str]:
    """Identifier-shaped codes in `text` (see _CODE), minus standard prefixes and dates."""
    found = set()
    for m in _CODE.finditer(text):
        code = m.group(0)
        if not re.search(r"[A-Z]", code) or not re.search(r"\d", code):
            continue
        if code.split("-", 1)[0] in _CODE_STOP_PREFIXES:
            continue
        found.add(code)
    return found


def _known_key(cell: str) -> bool:
    key = norm_key(cell)
    return key in NAME_FIELDS or key in DATE_FIELDS or key in TYPE_FIELDS


def table_fields(lines: list[str]) -> tuple[list[Field], list[Field]]:
    """Scalar fields and row attributes of one GFM table.

    * A header like `Attribute | Value | …` (or `Setting | Default`): each row is
      `key -> value`. When a two-column header itself reads like a pair (`Vendor |
      Acme`, and another row's key is a name, date or type field too), it is a pair: a
      spreadsheet of key/value rows has no header, but markdown gives every table one.
      Any other table with a header (`Level | Numeric value`) is data, not fields.
    * A header and exactly one data row (a one-record CSV): `header[i] -> cell[i]`.
    * A header and several rows whose first column is a unique, non-numeric key (a
      price list, an inventory): `"<row key> – <header[i]>" -> cell[i]`, for the first
      MAX_TABLE_ROWS rows. Such row attributes let two versions of a sheet disagree
      (and be resolved by date) cell by cell; the page lists them only when sources
      dispute them (the table itself is on the page). Tables without a key column
      give none.
    Returns (fields, row_attributes); only fields can assert a name.
    """
    rows = [[_clean_inline(c) for c in split_cells(line)] for line in lines]
    header: list[str] | None = None
    if len(rows) >= 2 and rows[1] and all(_SEPARATOR_CELL.match(c) for c in rows[1]):
        header, rows = rows[0], rows[2:]
    rows = [r for r in rows if any(c for c in r)]
    fields: list[Field] = []
    row_attrs: list[Field] = []
    kv_header = header is not None and len(header) >= 2 and norm_key(header[0]) in {
        "attribute", "key", "field", "property", "setting", "parameter", "name", "item"
    } and norm_key(header[1]) in {"value", "values", "setting", "details", "default"}
    pair_sheet = header is not None and len(header) == 2 and not kv_header and _known_key(header[0]) and any(
        r and _known_key(r[0]) for r in rows
    )
    if pair_sheet and header is not None:  # (pair_sheet implies a header; said for the type checker)
        rows = [header, *rows]  # a key/value sheet: markdown made its first pair the header
    if header is None or kv_header or pair_sheet:
        for r in rows:
            if len(r) >= 2 and r[0] and r[1]:
                fields.append(Field(norm_key(r[0]), r[0], r[1]))
        return fields, row_attrs
    if len(rows) == 1:
        for key, value in zip(header, rows[0], strict=False):
            if key and value:
                fields.append(Field(norm_key(key), key, value))
        return fields, row_attrs
    keys = [r[0] for r in rows if r]
    if not keys or any(not k for k in keys) or len(set(map(norm_value, keys))) != len(keys):
        return fields, row_attrs
    if all(re.fullmatch(r"[\d.,\s%-]+", k) for k in keys):
        return fields, row_attrs
    for r in rows[:MAX_TABLE_ROWS]:
        for key, value in zip(header[1:], r[1:], strict=False):
            if key and value:
                label = f"{r[0]} – {key}"
                row_attrs.append(Field(norm_key(label), label, value, row=True))
    return fields, row_attrs


def _clean_inline(text: str) -> str:
    """Plain text: links and images become their text, footnote references, emphasis,
    code marks and escapes go. Copied onto a new page, links would dangle (relative
    ones, another page's footnotes), and the same value written in two markups
    (`Lib/json/\\_\\_init\\_\\_.py`, `Lib/json/__init__.py`) must compare equal."""
    return plain(text)


def _split_name(value: str) -> str:
    """The name part of a name field ("Acme Ltd., 14 Quay Street" -> "Acme Ltd.")."""
    value = _clean_inline(value)
    value = re.split(r"\s+[(\[–—]|\s+-\s+|;", value, maxsplit=1)[0]
    parts = [p.strip() for p in value.split(",")]
    name = parts[0]
    for part in parts[1:]:
        if name_key("x " + part) == "x":  # a legal form after a comma: "Acme, Inc."
            name = f"{name}, {part}"
        else:
            break
    return name.strip()[:120]


MAX_NAME_WORDS = 8


def _names_something(value: str) -> bool:
    """Whether a name field's value reads as a name: not an address or a path, not a
    phrase of prose ("an element of the structure"), a few words at most."""
    if "/" in value or "@" in value or len(value.split()) > MAX_NAME_WORDS:
        return False
    return title_problem(value) is None


@dataclass
class _Parsed:
    headings: list[str] = field(default_factory=list)
    first_line: str | None = None
    fields: list[Field] = field(default_factory=list)
    row_attrs: list[Field] = field(default_factory=list)
    short: bool = True


MIN_OPEN_WORDS = 8


def _completes_sentence(lines: list[str], i: int, wrapped: set[int]) -> bool:
    """Whether the `Key: value` run at line `i` ends a sentence the text before it left
    open (`... which corresponds to` over `input:  U+0041`): an example, not properties.
    (`wrapped`: the lines that go on a field's value.)"""
    n = i - 1
    while n >= 0 and (not lines[n].strip() or _FIELD.match(lines[n]) or n in wrapped):
        n -= 1
    if n < 0:
        return False
    start = n
    while start > 0 and lines[start - 1].strip():
        start -= 1
    paragraph = " ".join(line.strip() for line in lines[start:n + 1])
    # a wrapped sentence whose last line has no stop (`applying the transformation to` /
    # `these yields`), not a title or a parties line over a letter's fields
    last = lines[n].strip()
    open_ended = len(paragraph.split()) >= MIN_OPEN_WORDS and last[:1].islower() and last.split()[-1].isalpha() \
        and last.split()[-1].islower()
    return goes_on(lines[n].strip()) or open_ended


def _parse_body(body: str) -> _Parsed:
    """One pass over the lines: headings, fields and tables (what a summary says is
    read from the blocks, manager/offline/digest.py)."""
    out = _Parsed()
    lines = body.splitlines()
    in_code = False
    wrapped_lines: set[int] = set()

    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            in_code = not in_code
            i += 1
            continue
        if in_code:
            i += 1
            continue
        if not stripped:
            i += 1
            continue
        if is_session(stripped):  # `(gdb) run` and what it printed, to a blank line: no fields
            while i < len(lines) and lines[i].strip():
                i += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            text = _clean_inline(heading.group(2).rstrip().rstrip("#"))
            if text and not _EXTRACTION_HEADING.match(text):
                out.headings.append(text)
            i += 1
            continue
        if _TABLE_LINE.match(line):
            j = i
            while j < len(lines) and _TABLE_LINE.match(lines[j]):
                j += 1
            fields, row_attrs = table_fields(lines[i:j])
            out.fields += [replace(f, line=i) for f in fields]
            out.row_attrs += [replace(f, line=i) for f in row_attrs]
            i = j
            continue
        if out.first_line is None and not out.headings:
            out.first_line = _clean_inline(stripped)
        m = _FIELD.match(line)
        if m and len(m.group("key").split()) <= MAX_KEY_WORDS and not _completes_sentence(lines, i, wrapped_lines):
            wrapped = [m.group("value")]
            j = i + 1
            while j < len(lines) and lines[j].strip() and _indent(lines[j]) > _indent(line) \
                    and not _FIELD.match(lines[j]) and not _ITEM_LINE.match(lines[j]):
                wrapped.append(lines[j].strip())  # the value goes on, wrapped under its line
                wrapped_lines.add(j)
                j += 1
            key, value = m.group("key").strip(), _clean_inline(" ".join(wrapped))
            if not goes_on(value):  # (`files: "files" stands for ... entered on the`: a paragraph's first line)
                out.fields.append(Field(norm_key(key), key, value, i, False))
            i = j
            continue
        i += 1
    # A run of `Key: value` lines is structured; one key again and again is a program's
    # messages (`tar: Exiting with failure status`), not a record.
    keys_by_line = {f.line: f.key for f in out.fields if not f.structured}
    out.fields = [
        replace(f, structured=True) if not f.structured and any(
            keys_by_line.get(n) not in (None, f.key) for n in (f.line - 1, f.line + 1)) else f
        for f in out.fields
    ]
    out.fields = _without_comparisons(out.fields, keys_by_line, lines)
    out.short = sum(1 for line in lines if line.strip()) <= SHORT_DOC_LINES
    return out


def _without_comparisons(fields: list[Field], lines: dict[int, str], text: list[str]) -> list[Field]:
    """`fields` but for the runs of `Key: value` lines (`lines`: line -> key; lines of
    `text` run on as `_run_before` says) most of whose keys name no property (`GNU sed: no limit` over `sedmod v1.0:
    4096 bytes`, `HHsed v1.5: 4000 bytes`): a comparison of several things, not facts
    about one."""
    run_of: dict[int, int] = {}
    for n in sorted(lines):
        before = next((k for k in _run_before(n, text) if k in run_of), None)
        run_of[n] = run_of[before] if before is not None else n
    runs: dict[int, list[Field]] = {}
    for f in fields:
        if f.line in lines and not f.row:
            runs.setdefault(run_of[f.line], []).append(f)
    compared = [run for run in runs.values() if len(run) >= MIN_COMPARED
                and 2 * sum(is_property(replace(f, structured=True)) for f in run) < len(run)]
    dropped = {id(f) for run in compared for f in run}
    # a key of a comparison is compared wherever it stands (`GNU sed: no limit` again under
    # the next limit, with more of the keys that name properties there)
    keys = {f.key for run in compared for f in run}
    dropped |= {id(f) for run in runs.values() if 2 * sum(f.key in keys for f in run) >= len(run) for f in run}
    return [f for f in fields if id(f) not in dropped]


def _run_before(n: int, lines: list[str]) -> list[int]:
    """The lines before a `Key: value` line n that it runs on from: the one right before
    it, or, over a blank line at its indentation, the first line of the block above (a
    document's blocks are read apart, a blank line between each, and a field line with
    its wrapped value is a block of its own); a list's items are apart as written (a
    glossary's `* **IDE**: ...` are its items, not a record's fields)."""
    out = [n - 1]
    if n >= 2 and not _ITEM_LINE.match(lines[n]) and not lines[n - 1].strip() and lines[n - 2].strip():
        above = n - 2
        while above > 0 and lines[above - 1].strip():
            above -= 1
        if _indent(lines[above]) == _indent(lines[n]):
            out.append(above)
    return out


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
        return None
    return one_line(str(value)) or None


def read_signals(text: str) -> DocSignals:
    """Every signal of one extracted document (see the module docstring)."""
    fm, body = frontmatter(text)
    body = without_editor_settings(body)
    parsed = _parse_body(body)
    fm_fields = [
        Field(norm_key(str(k)), str(k), v)
        for k, raw in fm.items()
        if str(k) not in _FM_META and (v := _scalar(raw)) is not None
    ]
    fields = fm_fields + parsed.fields
    first: dict[str, Field] = {}  # where the document says what it is: names, types, dates
    for f in fields:
        if f.value and len(f.value) <= MAX_VALUE_CHARS and f.line < LEAD_LINES:
            first.setdefault(f.key, f)
    properties: dict[str, Field] = {}
    for f in fields:
        if (f.structured or parsed.short) and is_property(f):
            properties.setdefault(f.key, f)

    # Name: frontmatter title, then name fields by priority (strong); then the first
    # heading or a short first line (weak: often a document title, not an entity).
    name, strong, name_key_used, type_hint = None, False, None, None
    fm_title = _scalar(fm.get("title"))
    if fm_title:
        name, strong = fm_title, True
    for key, hinted in NAME_FIELDS.items():
        if key in first and (candidate := _split_name(first[key].value)) and _names_something(candidate):
            if name is None:
                name, strong = candidate, True
            name_key_used = key
            type_hint = hinted
            break
    title_line = parsed.headings[0] if parsed.headings else None
    if title_line is None and parsed.first_line and len(parsed.first_line.split()) <= 10 \
            and not _FIELD.match(parsed.first_line):
        title_line = parsed.first_line
    if name is None and title_line and not generic_title(title_line):
        name = title_line[:120]  # not a section's heading ("Features"): a hundred READMEs have one

    # Type: stated (frontmatter, Type: field) > the name field's kind (or an invoice,
    # whose letterhead names a vendor) > words of the title, which describe the
    # document more than the entity and so only decide for a group of such documents.
    stated_type = _scalar(fm.get("type")) or next(
        (first[k].value for k in TYPE_FIELDS if k in first and len(first[k].value.split()) <= 3), None
    )
    type_strength = 2 if type_hint else 0
    opening = set(re.findall(r"[a-z]+", " ".join(body.lstrip().splitlines()[:6]).casefold()))
    if stated_type:
        type_hint, type_strength = stated_type[:1].upper() + stated_type[1:], 3
    elif type_hint is None and "invoice" in opening:
        type_hint, type_strength = "Vendor", 2
    elif type_hint is None:
        title_words = set(re.findall(r"[\w-]+", (title_line or name or "").casefold()))
        if _MEETING_FIELDS & first.keys():
            type_hint, type_strength = "Meeting", 1
        elif hinted_type := next((t for hints, t in TITLE_TYPE_HINTS if hints & title_words), None):
            type_hint, type_strength = hinted_type, 1

    # Date: frontmatter, then date fields by specificity, then a date in the title line.
    doc_date, date_key = None, None
    for key in DATE_FIELDS:
        if (found := parse_date(fm.get(key))) is not None:
            doc_date, date_key = found, norm_key(key)
            break
        if key in first and (found := parse_date(first[key].value)) is not None:
            doc_date, date_key = found, key
            break
    if doc_date is None and title_line:
        doc_date = parse_date(title_line)

    skip = {k for k in (name_key_used, date_key) if k} | _DOC_DATE_KEYS | set(TYPE_FIELDS)
    attributes = [f for k, f in properties.items() if k not in skip]
    seen = set(properties)
    for f in parsed.row_attrs:
        if f.key not in seen and f.value and len(f.value) <= MAX_VALUE_CHARS:
            seen.add(f.key)
            attributes.append(f)
    attributes = [replace(f, value=_without_full_stop(f.value)) for f in attributes[:MAX_ATTRIBUTES]]

    asserted = set(codes(name or ""))
    for f in fields:
        asserted |= codes(f.value)
        if _ID_KEY.search(f.key):
            token = f.value.split()[0].strip(".,;") if f.value.split() else ""
            if len(token) >= 4 and re.search(r"\d", token) and parse_date(token) is None:
                asserted.add(token.upper())
    return DocSignals(
        name=name,
        strong_name=strong,
        identifiers=frozenset(asserted),
        mentioned_identifiers=frozenset(codes(body) | asserted),
        type_hint=type_hint,
        type_strength=type_strength,
        date=doc_date,
        attributes=tuple(attributes),
        frontmatter=fm,
    )
