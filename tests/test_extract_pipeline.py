"""Extraction inside `wikid update`: failures become reason codes, files stay put."""

from __future__ import annotations

import os

import pytest
from conftest import drop

from wikid import Action, Project, Reason
from wikid.extract.runner import Extractor


def test_failures_are_ignored_with_reason_and_the_file_stays(project: Project) -> None:
    junk = drop(project, "scans/junk.pdf", b"not a pdf")
    drop(project, "notes/blank.txt", b"   \n\t\n")
    drop(project, "notes/meeting.txt", b"Decided: ship on Friday.\n")
    report = project.update()
    got = {f.input: (f.action, f.reason) for f in report.files}
    assert got == {
        "notes/blank.txt": (Action.IGNORED, Reason.EMPTY),
        "notes/meeting.txt": (Action.CREATED, None),
        "scans/junk.pdf": (Action.IGNORED, Reason.EXTRACTION_FAILED),
    }
    assert junk.read_bytes() == b"not a pdf"
    meeting = next(f for f in report.files if f.action == Action.CREATED)
    assert (project.paths.wiki / (meeting.archived_as or "")).read_bytes() == b"Decided: ship on Friday.\n"
    assert (project.paths.archive / "notes/meeting-extracted.txt").read_text() == "Decided: ship on Friday.\n"
    log = (project.paths.wiki / "log.md").read_text()
    assert "* **Ignored**: `input/scans/junk.pdf` (extraction_failed): not a PDF: no %PDF- header in the first 1 KB." in log
    assert not project.paths.extract_staging.exists()


def count_extractions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, record the name of every file the pipeline hands to the extractor."""
    calls: list[str] = []
    real = Extractor.extract

    def counting(self, path):  # type: ignore[no-untyped-def]
        calls.append(path.name)
        return real(self, path)

    monkeypatch.setattr(Extractor, "extract", counting)
    return calls


def test_a_remembered_failure_is_not_extracted_again_until_the_file_changes(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    junk = drop(project, "junk.pdf", b"not a pdf")
    project.update()
    calls = count_extractions(monkeypatch)
    second = project.update()
    assert calls == [] and second.files[0].reason == Reason.EXTRACTION_FAILED
    assert (project.paths.wiki / "log.md").read_text().count("junk.pdf") == 1
    junk.write_bytes(b"still not a pdf")
    os.utime(junk, ns=(10**18, 10**18))
    monkeypatch.setenv("WIKID_NOW", "2026-07-13T09:00:00Z")  # a day's block names a file once
    project.update()
    assert calls == ["junk.pdf"]
    assert (project.paths.wiki / "log.md").read_text().count("junk.pdf") == 2


def test_status_lists_remembered_extraction_failures(project: Project) -> None:
    drop(project, "junk.pdf", b"not a pdf")
    project.update()
    drop(project, "fresh.pdf", b"unseen")
    status = project.status()
    assert [p.input for p in status.pending] == ["fresh.pdf"]
    assert [(i.input, i.reason, i.message) for i in status.ignored] == [
        ("junk.pdf", "extraction_failed", "not a PDF: no %PDF- header in the first 1 KB")
    ]


def test_touching_a_failed_file_does_not_retry_it_but_changing_it_does(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    junk = drop(project, "scan.pdf", b"not a pdf, and never will be")
    project.update()
    calls = count_extractions(monkeypatch)
    os.utime(junk, ns=(2 * 10**18, 2 * 10**18))  # `touch`: same bytes, new mtime
    report = project.update()
    assert calls == [] and report.files[0].reason == Reason.EXTRACTION_FAILED
    assert (project.paths.wiki / "log.md").read_text().count("scan.pdf") == 1
    junk.write_bytes(b"still not a pdf, but different")
    project.update()
    assert calls == ["scan.pdf"]
