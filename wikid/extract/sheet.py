"""Excel (.xlsx) workbooks as markdown: a `## Sheet: <name>` heading and a GFM table per sheet.

openpyxl runs in read-only mode (rows are streamed from the zip, not built into a
cell grid) with `data_only=True`, so formulas give their cached values. Each sheet's
declared `<dimension>` is discarded with `reset_dimensions()`: many real files declare
`A1` and read-only mode would otherwise return that single cell.

Tables are trimmed to the cells that hold values: leading empty rows go (the first
row with a value is the header), and so do trailing empty rows and empty columns on
either side; empty rows inside the data stay, they often separate blocks. Sheets
without values are skipped: they carry nothing to read.

Cells are written as Excel shows them, not as Python would: dates as `YYYY-MM-DD`,
datetimes at midnight as dates (Excel stores dates as datetimes), other datetimes as
ISO seconds, floats with at most 15 significant digits like Excel's General format
(no `.0` on integral values, no binary noise like 0.30000000000000004, exponent
notation for huge values), booleans as TRUE/FALSE, empty cells empty.

A sheet keeps at most `MAX_ROWS` data rows: wikid needs to know what a sheet is
about, not every row of a log export, and the markdown must stay a readable size. The
dropped rows with values are counted for the warning, but only over the next
`COUNTED_ROWS` rows: openpyxl parses about 15,000 rows a second, and counting all of a
million-row sheet would spend most of the extraction time limit on rows never shown.

Images anchored on a sheet (its drawing part's pictures) are read by OCR after the
sheet's table (`figures.py`): openpyxl's read-only mode does not load them, so the
package's relationships are followed directly (workbook → sheet → drawing → media).

`info` holds the core properties' title, creator and modified (else created) date, read
by `docinfo.ooxml_info` (openpyxl fills in creator "openpyxl" and today's date for
properties a workbook leaves out).
"""

from __future__ import annotations

import datetime as dt
import io
import itertools
import posixpath
import zipfile
import zlib
from typing import TYPE_CHECKING
from xml.etree import ElementTree

from openpyxl import load_workbook

from wikid.extract.base import Extracted, ExtractionError, describe_error, gfm_table
from wikid.extract.docinfo import guarded, ooxml_info, read_part
from wikid.extract.figures import MAX_IMAGE_BYTES, Pictures
from wikid.reasons import Reason

if TYPE_CHECKING:
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

MAX_ROWS = 10_000
COUNTED_ROWS = 100_000
_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_R_EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"
_BLIP = "{http://schemas.openxmlformats.org/drawingml/2006/main}blip"
_DRAWING = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}wsDr"


def extract(data: bytes, suffix: str) -> Extracted:
    """Markdown for every non-empty sheet of a .xlsx workbook, in workbook order."""
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl/zipfile/lxml raise many types on damaged files
        detail = f"openpyxl could not open the workbook: {describe_error(exc)}"
        raise ExtractionError(Reason.EXTRACTION_FAILED, detail) from None
    sections: list[str] = []
    warnings: list[str] = []
    pictures = Pictures()
    images = _sheet_images(data)
    has_values = False
    try:
        for sheet in workbook.worksheets:
            try:
                rows, dropped, unread = _read(sheet)
            except Exception as exc:  # noqa: BLE001 - cells are parsed lazily, so damage can surface here
                raise ExtractionError(
                    Reason.EXTRACTION_FAILED, f"openpyxl could not read sheet {sheet.title!r}: {describe_error(exc)}"
                ) from None
            has_values = has_values or bool(rows)
            marks = "".join(pictures.mark(image) for image in images.get(sheet.title, []))
            if rows or marks:
                sections.append("\n\n".join(filter(None, [f"## Sheet: {sheet.title}", gfm_table(rows), marks])))
            if dropped or unread:
                warnings.append(_cap_warning(sheet.title, dropped, unread))
    finally:
        workbook.close()
    read = pictures.resolve("\n\n".join(sections))
    if not has_values and not any(figure.text for figure in read.figures):
        raise ExtractionError(Reason.EMPTY, "the workbook has no cells with values")
    return Extracted(read.text + "\n", tuple(warnings) + read.warnings, guarded(ooxml_info, data), read.counts, read.figures)


def _sheet_images(data: bytes) -> dict[str, list[bytes | None]]:
    """Sheet name -> the bytes of the pictures its drawing holds, in drawing order
    (None for a picture whose file is missing). A package that cannot be followed has none."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            workbook = read_part(package, "xl/workbook.xml", f"{_MAIN}workbook")
            if workbook is None:
                return {}
            targets = _relationships(package, "xl/workbook.xml")
            found: dict[str, list[bytes | None]] = {}
            for sheet in workbook.iter(f"{_MAIN}sheet"):
                part = targets.get(sheet.get(_R_ID, ""))
                drawings = _relationships(package, part, "drawing").values() if part else ()
                images = [image for drawing in drawings for image in _drawing_images(package, drawing)]
                if images:
                    found[sheet.get("name", "")] = images
            return found
    except (KeyError, zipfile.BadZipFile, ElementTree.ParseError, OSError, zlib.error, RuntimeError,
            NotImplementedError):
        return {}


def _drawing_images(package: zipfile.ZipFile, drawing: str) -> list[bytes | None]:
    root = read_part(package, drawing, _DRAWING)
    if root is None:
        return []
    targets = _relationships(package, drawing, "image")
    images: list[bytes | None] = []
    for blip in root.iter(_BLIP):
        target = targets.get(blip.get(_R_EMBED, ""))
        try:
            with package.open(target or "") as member:
                images.append(member.read(MAX_IMAGE_BYTES + 1))
        except (KeyError, OSError):
            images.append(None)
    return images


def _relationships(package: zipfile.ZipFile, part: str, kind: str = "") -> dict[str, str]:
    """Relationship id -> package path of the parts `part` refers to (of type `kind`, the
    type URI's last segment, when given; external ones left out)."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", f"{name}.rels")
    if rels not in package.namelist():
        return {}
    root = read_part(package, rels, f"{_RELS}Relationships")
    targets: dict[str, str] = {}
    for rel in root.iter(f"{_RELS}Relationship") if root is not None else ():
        target = rel.get("Target", "")
        if rel.get("TargetMode") == "External" or not target or not rel.get("Type", "").endswith(f"/{kind}" if kind else ""):
            continue
        path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        targets[rel.get("Id", "")] = path
    return targets


def _read(sheet: ReadOnlyWorksheet) -> tuple[list[list[str]], int, bool]:
    """The sheet's trimmed rows as text (header first, at most MAX_ROWS data rows), how
    many rows with values the cap dropped, and whether rows were left unread (counting
    stops COUNTED_ROWS rows past the cap)."""
    sheet.reset_dimensions()
    source = sheet.iter_rows(values_only=True)  # type: ignore[misc]  # types-openpyxl types it for Worksheet only
    rows: list[list[str]] = []
    last_filled = 0  # len(rows) up to the last row with a value
    for values in source:
        cells = [_cell(v) for v in values]
        if any(cells):
            rows.append(cells)
            last_filled = len(rows)
        elif rows:
            rows.append(cells)
        if len(rows) > MAX_ROWS:
            break
    dropped = sum(1 for values in itertools.islice(source, COUNTED_ROWS) if any(v not in (None, "") for v in values))
    unread = next(source, None) is not None
    rows = rows[:last_filled]
    if not rows:
        return [], 0, False
    first = min(_first_filled(row) for row in rows if any(row))
    width = max(_last_filled(row) for row in rows)
    return [row[first:width] for row in rows], dropped, unread


def _cap_warning(title: str, dropped: int, unread: bool) -> str:
    rest = f" in the next {COUNTED_ROWS:,} rows and did not read the rest" if unread else ""
    return f"sheet {title!r}: kept the first {MAX_ROWS:,} data rows, dropped {dropped:,} more with values{rest}"


def _first_filled(row: list[str]) -> int:
    return next(i for i, cell in enumerate(row) if cell)


def _last_filled(row: list[str]) -> int:
    """One past the index of the row's last non-empty cell (0 for an empty row)."""
    return max((i + 1 for i, cell in enumerate(row) if cell), default=0)


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime) and value.time() == dt.time(0):
        return value.date().isoformat()
    if isinstance(value, dt.datetime | dt.time):
        return value.isoformat(timespec="seconds")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:.15g}"
    return str(value).strip()

