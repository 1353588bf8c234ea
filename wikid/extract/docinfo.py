"""Reading what a document's own properties say (`Extracted.info`), the same way for every format.

Dates are given in ISO 8601 whatever syntax the format uses: `2024-03-01T10:00:00+01:00`,
`2024-03-01T10:00:00` when the document names no time zone, or only the date
(`2024-03-01`, `2024-03`, `2024`) when that is all it states. Fractions of a second are
dropped. A date that does not parse is left out, and the next candidate (a creation
date after a modification date) is tried.

XML parts of a ZIP package (OOXML `docProps/core.xml`, ODF `meta.xml`, the EPUB
package document) are read more cautiously than content, since they only ever hold a
few lines: at most MAX_PART_BYTES of the part, nothing from a part that declares
entities (real property parts never do), and parsing stops at the element that holds
the properties. The parser is ElementTree's expat, which never fetches external
entities.

`guarded` runs a reader so that nothing in the properties can fail a document: any
exception gives no info at all.
"""

from __future__ import annotations

import datetime as dt
import io
import posixpath
import re
import zipfile
from collections.abc import Callable, Mapping
from xml.etree import ElementTree

from wikid.extract.base import clean_info

MAX_PART_BYTES = 256 * 1024
_FEED_BYTES = 16 * 1024

DC = "{http://purl.org/dc/elements/1.1/}"
_DCTERMS = "{http://purl.org/dc/terms/}"
_RELATIONSHIPS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_CORE_PROPERTIES = "{http://schemas.openxmlformats.org/package/2006/metadata/core-properties}coreProperties"
_CORE_TYPE = "/metadata/core-properties"

# W3CDTF / ISO 8601 as written in XML properties and HTML <meta>: a date, optionally a
# time (a space is accepted for the T), optionally a zone.
_ISO = re.compile(
    r"(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,12})?)?"
    r" ?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?",
    re.IGNORECASE,
)
# PDF (ISO 32000 7.9.4): D:YYYYMMDDHHmmSSOHH'mm', everything after the year optional;
# the D: and the apostrophes are often missing.
_PDF = re.compile(
    r"(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Z+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?",
    re.IGNORECASE,
)


def guarded(read: Callable[..., Mapping[str, str]], *args: object) -> dict[str, str]:
    """`read(*args)`, or no info when reading the properties raises anything."""
    try:
        return dict(read(*args))
    except Exception:  # noqa: BLE001 - properties are optional: a damaged one never costs the document
        return {}


def iso_date(text: object) -> str | None:
    """An ISO 8601 / W3CDTF date or datetime in the form described above, None if it is not one."""
    match = _ISO.fullmatch(str(text or "").strip())
    if match is None:
        return None
    *fields, zone = match.groups()
    if zone is None:
        return _compose(fields, None)
    digits = zone[1:].replace(":", "")
    return _compose(fields, (zone[0], digits[:2], digits[2:]))


def pdf_date(text: object) -> str | None:
    """A PDF date string (`D:20240301100000+01'00'`) in ISO 8601, None if it is not one."""
    match = _PDF.fullmatch(str(text or "").replace("\x00", "").strip())
    if match is None:
        return None
    *fields, sign, hours, minutes = match.groups()
    return _compose(fields, (sign, hours or "", minutes or "") if sign else None)


def first_date(parse: Callable[[object], str | None], *values: object) -> str | None:
    """The first of `values` that `parse` can read."""
    for value in values:
        if value and (date := parse(value)) is not None:
            return date
    return None


def _compose(fields: list[str | None], zone: tuple[str, str, str] | None) -> str | None:
    """ISO text for (year, month, day, hour, minute, second) strings, later ones None when
    absent, and a zone (sign or Z, hours, minutes)."""
    year, month, day, hour, minute, second = fields
    try:
        if hour is None:
            date = dt.date(int(year or 0), int(month or 1), int(day or 1))
            return date.isoformat()[: 4 + 3 * (month is not None) + 3 * (day is not None)]
        tz = None
        if zone is not None:
            sign, hours, minutes = zone
            offset = dt.timedelta(hours=int(hours or 0), minutes=int(minutes or 0))
            tz = dt.UTC if sign in "Zz" else dt.timezone(-offset if sign == "-" else offset)
        moment = dt.datetime(int(year or 0), int(month or 1), int(day or 1), int(hour), int(minute or 0),
                             int(second or 0), tzinfo=tz)
    except ValueError:  # month 13, hour 25, a zone of a day or more, year 0000
        return None
    return moment.isoformat()


def read_part(package: zipfile.ZipFile, name: str, until: str) -> ElementTree.Element | None:
    """The first complete `until` element (a `{namespace}name` tag) of the XML part
    `name`, or None when it is not within the first MAX_PART_BYTES or the part
    declares entities. Raises KeyError for a missing part, ParseError for bad XML
    before the element ends."""
    with package.open(name) as stream:
        head = stream.read(MAX_PART_BYTES)
    if b"<!ENTITY" in head:
        return None
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(events=("end",))
    for start in range(0, len(head), _FEED_BYTES):
        parser.feed(head[start : start + _FEED_BYTES])  # in pieces: damage after the element is never seen
        for event in parser.read_events():
            if isinstance(element := event[-1], ElementTree.Element) and element.tag == until:
                return element
    return None


def texts(parent: ElementTree.Element, tag: str) -> list[str]:
    """The non-empty text of each `tag` element under `parent`, whitespace folded."""
    found = (" ".join("".join(element.itertext()).split()) for element in parent.iter(tag))
    return [text for text in found if text]


def ooxml_info(data: bytes) -> dict[str, str]:
    """Title, author (dc:creator) and date (modified, else created) from the core
    properties part of a .docx/.xlsx/.pptx, found through the package relationships.

    The Office libraries are not asked: python-docx and python-pptx invent a default
    part (title "Word Document", modified now) for a package without one, and openpyxl
    reports creator "openpyxl" and dates of now for properties a workbook leaves out.
    """
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        relationships = read_part(package, "_rels/.rels", f"{_RELATIONSHIPS}Relationships")
        if relationships is None:
            return {}
        target = next((rel.get("Target") for rel in relationships.iter(f"{_RELATIONSHIPS}Relationship")
                       if (rel.get("Type") or "").endswith(_CORE_TYPE)), None)
        if not target:
            return {}
        core = read_part(package, posixpath.normpath(target.lstrip("/")), _CORE_PROPERTIES)
    if core is None:
        return {}
    title, author = texts(core, f"{DC}title"), texts(core, f"{DC}creator")
    date = first_date(iso_date, *texts(core, f"{_DCTERMS}modified"), *texts(core, f"{_DCTERMS}created"))
    return clean_info(title=next(iter(title), None), author=next(iter(author), None), date=date)
