"""Notebooks and JSON Lines (issue 16 item 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import drop

from wikid import Action, Project, Reason
from wikid.config import LimitsConfig
from wikid.extract import notebook, records
from wikid.extract.base import ExtractionError
from wikid.extract.runner import Extractor


def _notebook(cells: list[dict[str, object]], **metadata: object) -> bytes:
    return json.dumps({"nbformat": 4, "metadata": {"kernelspec": {"language": "julia"}, **metadata},
                       "cells": cells}).encode()


def test_a_notebook_reads_as_markdown_with_fenced_code_in_the_kernels_language() -> None:
    data = _notebook([
        {"cell_type": "markdown", "source": ["# Churn model\n", "Monthly churn by region."]},
        {"cell_type": "code", "source": "s = \"```\"\nprintln(s)", "outputs": [
            {"output_type": "stream", "text": [f"line {n}\n" for n in range(100)]},
            {"output_type": "execute_result", "data": {"text/plain": "42"}},
            {"output_type": "display_data", "data": {"image/png": "iVBOR", "text/plain": "<Figure>"}},
            {"output_type": "error", "ename": "KeyError", "evalue": "'region'"}]},
        {"cell_type": "code", "source": "", "outputs": []},
    ], title="Churn")
    out = notebook.extract(data, ".ipynb")
    assert out.text.startswith("# Churn model\nMonthly churn by region.\n")
    assert "````julia\ns = \"```\"\nprintln(s)\n````" in out.text  # a fence longer than the code's backticks
    assert "line 39\n… (60 more lines)" in out.text and "line 40" not in out.text
    assert "```text\n42\n```" in out.text and "KeyError: 'region'" in out.text
    assert out.warnings == () and out.images == {"broken": 1}  # "iVBOR" is not base64 of an image
    assert "<Figure>" not in out.text  # the image's repr is not text
    assert out.info == {"title": "Churn"}


@pytest.mark.parametrize("data", [b"{not json", b"[1, 2]", b'{"cells": 3}'])
def test_a_broken_notebook_is_extraction_failed(data: bytes) -> None:
    with pytest.raises(ExtractionError) as caught:
        notebook.extract(data, ".ipynb")
    assert caught.value.reason == Reason.EXTRACTION_FAILED and "not a notebook" in caught.value.detail


def test_json_lines_become_one_section_per_record() -> None:
    lines = [json.dumps({"vendor": "Acme Anvils", "terms": "30 days"}), "", "   ",
             *["oops"] * 12, json.dumps({"nested": {"a": [1, 2]}}), json.dumps("just a string")]
    out = records.extract("\n".join(lines).encode(), ".jsonl")
    assert out.text.startswith("## Record 1\n\nvendor: Acme Anvils\nterms: 30 days\n")
    assert "## Record 2\n\n```json\n{\n  \"nested\"" in out.text and "## Record 3" in out.text
    assert "## Record 4" not in out.text
    assert out.warnings == ("12 line(s) are not JSON and were skipped: line 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, …",)


def test_a_large_json_lines_file_is_summarised() -> None:
    data = "\n".join(json.dumps({"id": n, "status": "open"}) for n in range(records.MAX_RECORDS + 250)).encode()
    out = records.extract(data, ".ndjson")
    assert f"## Record {records.MAX_RECORDS}\n" in out.text and f"## Record {records.MAX_RECORDS + 1}\n" not in out.text
    assert f"## The other 250 records\n\n{records.MAX_RECORDS + 250} records in all; fields" in out.text
    assert "id (750), status (750)" in out.text
    assert out.warnings == (f"only the first {records.MAX_RECORDS} of {records.MAX_RECORDS + 250} records are shown; "
                            "the rest is summarised",)


def test_no_json_line_at_all_is_extraction_failed() -> None:
    with pytest.raises(ExtractionError, match="no line is JSON"):
        records.extract(b"a\nb\n", ".jsonl")


def test_notebooks_and_records_go_through_the_worker_and_become_pages(tmp_path: Path) -> None:
    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "analysis.ipynb", _notebook([{"cell_type": "markdown", "source": "# Churn model\nChurn is 4%."}]))
    drop(project, "vendors.jsonl", b'{"Vendor": "Zenith Corp", "Payment terms": "60 days"}\n')
    drop(project, "broken.ipynb", b"{nope")
    with Extractor(LimitsConfig()) as extractor:
        assert extractor.extract(project.paths.input / "analysis.ipynb").text == "# Churn model\nChurn is 4%.\n"
    report = {f.input: f for f in project.update().files}
    assert report["analysis.ipynb"].action == Action.CREATED and report["vendors.jsonl"].action == Action.CREATED
    assert report["broken.ipynb"].reason == "extraction_failed"
