"""Spreadsheet extraction: sheets as GFM tables, cell formatting, row cap, damage, core properties."""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile

import openpyxl
import pytest
from office_fixtures import core_properties, make_docx, make_xlsx, replace_part

import wikid.extract.sheet as sheet
from wikid.extract.base import ExtractionError
from wikid.extract.sheet import extract
from wikid.intake.classify import Reason

WORKBOOK = {
    "Staff": [
        ["Name", "Started", "Salary", "Manager"],
        ["Ann", dt.date(2019, 4, 1), 52000.0, True],
        ["Bob | B.", dt.datetime(2021, 9, 13, 8, 30, 15), 48250.75, None],
        [None, None, None, None],
        ["Cy", dt.datetime(2020, 1, 2), 0.1 + 0.2, False],
        [None, None, None, None, None, None],
    ],
    "Nothing": [],
    "Offset": [
        [],
        [None, None, "Item", "Qty", "Note"],
        [None, None, "Bolts", 120, None],
        [None, None, "Nuts", 1.5e20, "bulk"],
        [None, None, None, dt.time(13, 45), None, None, None],
    ],
}

EXPECTED = """\
## Sheet: Staff

| Name | Started | Salary | Manager |
|---|---|---|---|
| Ann | 2019-04-01 | 52000 | TRUE |
| Bob \\| B. | 2021-09-13T08:30:15 | 48250.75 |  |
|  |  |  |  |
| Cy | 2020-01-02 | 0.3 | FALSE |

## Sheet: Offset

| Item | Qty | Note |
|---|---|---|
| Bolts | 120 |  |
| Nuts | 1.5e+20 | bulk |
|  | 13:45:00 |  |
"""


def failure(data: bytes) -> ExtractionError:
    with pytest.raises(ExtractionError) as info:
        extract(data, ".xlsx")
    return info.value


def test_sheets_as_tables() -> None:
    result = extract(make_xlsx(WORKBOOK), ".xlsx")
    assert result.text == EXPECTED
    assert result.warnings == ()


def test_row_cap_truncates_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheet, "MAX_ROWS", 3)
    rows = [["n", "square"]] + [[i, i * i] for i in range(1, 11)]
    result = extract(make_xlsx({"Squares": rows, "Small": [["a"], [1]]}), ".xlsx")
    assert result.text == (
        "## Sheet: Squares\n\n| n | square |\n|---|---|\n| 1 | 1 |\n| 2 | 4 |\n| 3 | 9 |\n\n"
        "## Sheet: Small\n\n| a |\n|---|\n| 1 |\n"
    )
    assert result.warnings == ("sheet 'Squares': kept the first 3 data rows, dropped 7 more with values",)


def test_counting_dropped_rows_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheet, "MAX_ROWS", 2)
    monkeypatch.setattr(sheet, "COUNTED_ROWS", 4)
    rows = [["n"]] + [[i] for i in range(1, 5)] + [[None], [None]] + [[i] for i in range(7, 11)]
    result = extract(make_xlsx({"Long": rows}), ".xlsx")
    assert result.text == "## Sheet: Long\n\n| n |\n|---|\n| 1 |\n| 2 |\n"
    assert result.warnings == (
        "sheet 'Long': kept the first 2 data rows, dropped 2 more with values"
        " in the next 4 rows and did not read the rest",
    )


@pytest.mark.parametrize("sheets", [{}, {"A": [], "B": [[None, None], [None]]}, {"Blank": [["  ", ""]]}])
def test_workbook_without_values_is_empty(sheets: dict[str, list[list[object]]]) -> None:
    error = failure(make_xlsx(sheets))
    assert error.reason == Reason.EMPTY


def _declare_dimension_a1(data: bytes) -> bytes:
    """The workbook with every sheet's <dimension ref=...> rewritten to A1, as some writers do."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            content = source.read(name)
            if name.startswith("xl/worksheets/sheet"):
                content, count = re.subn(rb'<dimension ref="[^"]*"', b'<dimension ref="A1"', content)
                assert count == 1
            target.writestr(name, content)
    return out.getvalue()


def test_dimension_declared_as_a1_still_yields_every_row() -> None:
    rows = [["id", "name"]] + [[i, f"row {i}"] for i in range(1, 6)]
    data = _declare_dimension_a1(make_xlsx({"Data": rows}))
    # The fixture really exercises the trap: read-only openpyxl trusts the declaration.
    workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    assert list(workbook["Data"].iter_rows(values_only=True)) == [("id",)]
    workbook.close()
    result = extract(data, ".xlsx")
    assert result.text.endswith("| 4 | row 4 |\n| 5 | row 5 |\n")
    assert result.text.count("\n| ") == 6


def _zip_of_junk() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("junk.bin", b"\x00\xff" * 100)
    return out.getvalue()


def _broken_sheet_xml(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            content = source.read(name)
            target.writestr(name, content[: len(content) // 2] if name == "xl/worksheets/sheet1.xml" else content)
    return out.getvalue()


GOOD = make_xlsx({"Data": [["a", "b"]] + [[i, i] for i in range(50)]})
CORRUPT = {
    "truncated": GOOD[: len(GOOD) // 2],
    "zip of junk": _zip_of_junk(),
    "zip header then zeros": b"PK\x03\x04" + bytes(300),
    "a docx": make_docx(["not a workbook"]),
    "broken sheet xml": _broken_sheet_xml(GOOD),
}


@pytest.mark.parametrize("name", CORRUPT)
def test_corrupt_xlsx_fails(name: str) -> None:
    error = failure(CORRUPT[name])
    assert error.reason == Reason.EXTRACTION_FAILED
    assert error.detail.startswith("openpyxl could not ")


# --- core properties (info) -------------------------------------------------------


def test_core_properties_give_title_creator_and_modified_date() -> None:
    core = core_properties(dc_title="Staff list", dc_creator="Ann Author", cp_lastModifiedBy="Bob",
                           dcterms_created="2023-05-02T08:00:00Z", dcterms_modified="2024-03-01T10:00:00.25+01:00")
    result = extract(replace_part(make_xlsx(WORKBOOK), "docProps/core.xml", core), ".xlsx")
    assert result.info == {"title": "Staff list", "author": "Ann Author", "date": "2024-03-01T10:00:00+01:00"}
    assert result.text == EXPECTED


def test_properties_a_workbook_leaves_out_are_not_invented() -> None:
    # openpyxl itself reports creator "openpyxl" and dates of now for these.
    data = replace_part(make_xlsx(WORKBOOK), "docProps/core.xml", core_properties(dc_title="Staff list"))
    assert extract(data, ".xlsx").info == {"title": "Staff list"}
    data = replace_part(make_xlsx(WORKBOOK), "docProps/core.xml", core_properties())
    assert extract(data, ".xlsx").info == {}


def test_what_openpyxl_wrote_is_reported_as_written() -> None:
    workbook = openpyxl.Workbook()
    workbook.active.append(["x"])
    workbook.properties.creator = "Ann\nAuthor"
    out = io.BytesIO()
    workbook.save(out)  # writes modified = now, in UTC
    info = extract(out.getvalue(), ".xlsx").info
    assert info["author"] == "Ann Author" and "title" not in info
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", info["date"])
