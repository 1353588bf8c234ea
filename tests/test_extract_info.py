"""Document properties (Extracted.info) across formats: date syntaxes, bounds, failures
that must never cost a document, and `wikid extract --json`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from office_fixtures import core_properties, make_docx, make_pptx, make_xlsx, replace_part
from pdf_fixtures import make_pdf
from test_extract_markup import epub
from test_extract_odt_rtf import ODT_TEXT, meta_xml, odt_package

from wikid.extract import docinfo, html, markitdown_formats, odt, pdf, rtf, sheet, word
from wikid.extract.base import clean_info

CORE = core_properties(dc_title="Report", dc_creator="Ann", dcterms_modified="2024-03-01T10:00:00Z")


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("2024", "2024"),
        ("2024-03", "2024-03"),
        ("2024-03-01", "2024-03-01"),
        ("2024-03-01T10:00", "2024-03-01T10:00:00"),
        (" 2024-03-01T10:00:00Z ", "2024-03-01T10:00:00+00:00"),
        ("2024-03-01T10:00:00.123456789+01:00", "2024-03-01T10:00:00+01:00"),
        ("2024-03-01 10:00:00 -0530", "2024-03-01T10:00:00-05:30"),
        ("2024-03-01t10:00:00z", "2024-03-01T10:00:00+00:00"),
        ("0000-01-01", None),
        ("2024-02-30", None),
        ("2024-03-01T24:00:00", None),
        ("2024-03-01T10:00:00+24:00", None),
        ("March 1, 2024", None),
        ("20240301", None),
        ("", None),
    ],
)
def test_iso_date(text: str, iso: str | None) -> None:
    assert docinfo.iso_date(text) == iso


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("D:2024", "2024"),
        ("D:202403", "2024-03"),
        ("D:20240301", "2024-03-01"),
        ("D:2024030110", "2024-03-01T10:00:00"),
        ("D:20240301100000", "2024-03-01T10:00:00"),
        ("D:20240301100000Z", "2024-03-01T10:00:00+00:00"),
        ("D:20240301100000Z00'00'", "2024-03-01T10:00:00+00:00"),
        ("D:20240301100000+01'00'", "2024-03-01T10:00:00+01:00"),
        ("D:20240301100000-08'00", "2024-03-01T10:00:00-08:00"),
        ("D:20240301100000+05", "2024-03-01T10:00:00+05:00"),
        ("20240301100000+01'00'\x00", "2024-03-01T10:00:00+01:00"),
        ("D:191240301100000", None),  # the two-digit-year bug of old writers: "19" + "124"
        ("D:20241301", None),
        ("D:20240301100000+25'00'", None),
        ("2024-03-01", None),
        ("D:", None),
    ],
)
def test_pdf_date(text: str, iso: str | None) -> None:
    assert docinfo.pdf_date(text) == iso


def test_clean_info_stays_cheap_on_megabytes_of_short_words() -> None:
    # `" ".join(value.split())` first made a list of millions of words: about 1 GB here.
    huge = "ab " * 20_000_000 + "end"
    assert clean_info(title=huge) == {"title": ("ab " * 100)[:300]}
    assert clean_info(title=" \n" * 1_000_000 + "Title\x00 x") == {"title": "Title x"}


def test_a_huge_core_properties_part_is_read_only_to_its_bound() -> None:
    padding = "<cp:keywords>" + "k " * docinfo.MAX_PART_BYTES + "</cp:keywords>"
    core = core_properties(dc_title="Report").replace(b"</cp:coreProperties>", padding.encode() + b"</cp:coreProperties>")
    assert sheet.extract(replace_part(make_xlsx({"S": [["x"]]}), "docProps/core.xml", core), ".xlsx").info == {}


def _documents() -> list[tuple[object, str, bytes]]:
    """(module, suffix, document with properties) for every format that reads some."""
    return [
        (pdf, ".pdf", make_pdf(["Text."], info=b"/Title (Report) /Author (Ann)")),
        (word, ".docx", replace_part(make_docx(["Text."]), "docProps/core.xml", CORE)),
        (sheet, ".xlsx", replace_part(make_xlsx({"S": [["x"]]}), "docProps/core.xml", CORE)),
        (markitdown_formats, ".pptx", replace_part(make_pptx([("T", "Text.")]), "docProps/core.xml", CORE)),
        (markitdown_formats, ".epub", epub()),
        (html, ".html", b"<html><head><title>Report</title></head><body><p>Text.</p></body></html>"),
        (odt, ".odt", odt_package(ODT_TEXT, meta_xml("<dc:title>Report</dc:title>"))),
        (rtf, ".rtf", rb"{\rtf1\ansi{\info{\title Report}}Text.\par}"),
    ]


@pytest.mark.parametrize(("module", "suffix", "data"), _documents(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_failure_while_reading_properties_never_costs_the_document(
    module: object, suffix: str, data: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    extract = module.extract  # type: ignore[attr-defined]
    expected = extract(data, suffix)
    assert expected.info.get("title") in ("Report", "The Lighthouse Book")

    def broken(**values: object) -> dict[str, str]:
        raise MemoryError

    target = docinfo if suffix in (".docx", ".xlsx", ".pptx") else module
    monkeypatch.setattr(target, "clean_info", broken)
    result = extract(data, suffix)
    assert (result.text, result.warnings, result.info) == (expected.text, expected.warnings, {})


def test_extract_json_shows_the_properties(tmp_path: Path) -> None:
    document = tmp_path / "report.docx"
    document.write_bytes(replace_part(make_docx(["Payment terms: 45 days"]), "docProps/core.xml", CORE))
    done = subprocess.run([sys.executable, "-m", "wikid", "-C", str(tmp_path), "extract", "--json", str(document)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["ok"] is True and data["text"] == "Payment terms: 45 days\n"
    assert data["info"] == {"title": "Report", "author": "Ann", "date": "2024-03-01T10:00:00+00:00"}
