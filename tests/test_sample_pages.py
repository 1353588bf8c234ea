"""The sample project's pages, as a reader gets them: golden pages and what they carry.

The golden files (tests/golden/sample/) are the pages the offline engine writes from
sample-project/input at a fixed clock, read and judged by a person; a change to how
pages are written shows here as a diff to read again. Regenerate them, after reading
the diff, with:

    UPDATE_GOLDEN=1 python -m pytest tests/test_sample_pages.py

The other tests say what no regeneration may lose: every step of the runbook, every
agenda point and action item of the meeting notes, the links between the pages the
notes talk about, no section titled by a file name.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from wikid import Project
from wikid.okf.frontmatter import parse_frontmatter

SAMPLE = Path(__file__).resolve().parents[1] / "sample-project" / "input"
GOLDEN = Path(__file__).resolve().parent / "golden" / "sample"
NOW = "2026-07-12T13:05:00Z"
_ITEM = re.compile(r"^\s*(?:[-*]|\d+\.)\s+(.+?)\s*$")


@pytest.fixture(scope="module")
def wiki(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    project = Project(tmp_path_factory.mktemp("sample") / "proj")
    project.init()
    shutil.copytree(SAMPLE, project.paths.input, dirs_exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WIKID_NOW", NOW)
        report = project.update()
    assert report.lint is not None and report.lint.startswith("lint: 0 errors"), report.lint
    yield project.paths.wiki


def engine_pages(wiki: Path) -> dict[str, str]:
    """The pages the offline engine wrote (not the copied conformant pages, not indexes)."""
    out = {}
    for path in sorted(wiki.rglob("*.md")):
        rel = path.relative_to(wiki).as_posix()
        if rel.startswith("archive/") or path.name in ("index.md", "log.md"):
            continue
        text = path.read_text()
        meta = parse_frontmatter(text).data or {}
        if str((meta.get("generated") or {}).get("by", "")).startswith("wikid/"):
            out[rel] = text
    return out


def body(text: str) -> str:
    return text.split("\n---\n", 1)[1]


def items(markdown: str) -> list[str]:
    return [m.group(1) for line in markdown.splitlines() if (m := _ITEM.match(line))]


def plain(text: str) -> str:
    return " ".join(re.sub(r"\[\^[^\]]+\]|[*_`\\]", "", text).split())


def test_the_pages_are_the_golden_pages(wiki: Path) -> None:
    pages = engine_pages(wiki)
    assert {"meeting/ops-weekly.md", "runbooks/espresso-machine-maintenance.md",
            "vendors/bluestone-green-coffee-importers-ltd.md"} <= set(pages)
    if os.environ.get("UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for rel, text in pages.items():
            (GOLDEN / rel).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / rel).write_text(text)
    golden = {p.relative_to(GOLDEN).as_posix(): p.read_text() for p in GOLDEN.rglob("*.md")}
    assert sorted(pages) == sorted(golden)
    for rel, text in pages.items():
        diff = "".join(difflib.unified_diff(golden[rel].splitlines(True), text.splitlines(True), f"golden/{rel}", rel))
        assert not diff, f"{rel} changed; read the diff, then UPDATE_GOLDEN=1 to accept:\n{diff}"


def test_every_step_of_the_runbook_is_on_its_page(wiki: Path) -> None:
    source = (SAMPLE / "notes" / "espresso-machine-maintenance.md").read_text()
    page = plain(body((wiki / "runbooks" / "espresso-machine-maintenance.md").read_text()))
    steps = items(source)
    assert len(steps) >= 6
    missing = [step for step in steps if plain(step) not in page]
    assert not missing, missing
    assert "+49 40 5550 1822" in page  # the dealer's phone number


def test_the_meeting_page_keeps_every_agenda_point_and_action_item(wiki: Path) -> None:
    source = (SAMPLE / "meetings" / "2025-06-12-ops-weekly.txt").read_text()
    page_text = (wiki / "meeting" / "ops-weekly.md").read_text()
    page = plain(body(page_text))
    points = items(source)
    assert len(points) >= 8
    missing = [p for p in points if plain(p) not in page]
    assert not missing, missing
    for heading in ("# Action items", "# Dispatch", "# Green coffee"):
        assert f"\n{heading}\n" in body(page_text)
    # The pages the notes talk about are linked: Bluestone by its first name alone.
    for target in ("/vendors/bluestone-green-coffee-importers-ltd.md", "/vendors/atlas-freight.md",
                   "/services/order-portal.md"):
        assert f"]({target})" in page_text
    # ... and the vendor page links back to the notes that name it.
    assert "](/meeting/ops-weekly.md)" in (wiki / "vendors" / "bluestone-green-coffee-importers-ltd.md").read_text()


def test_the_meetings_attendees_are_said_once(wiki: Path) -> None:
    """The notes open on `Attendees:` and `Notes:`; the page stated both as attributes
    and again as a list under a heading of the notes' title."""
    page = body((wiki / "meeting" / "ops-weekly.md").read_text())
    assert page.count("Maya Ortiz (chair)") == 1
    assert "| Attendees | Maya Ortiz (chair), Jonas Berg" in page


def test_no_heading_or_source_is_a_file_name(wiki: Path) -> None:
    file_name = re.compile(r"^#+ .*\b[\w-]+\.(?:md|txt|pdf|docx|csv|html)\s*$|^\* [\w-]+\.(?:md|txt|pdf|docx|csv) —", re.M)
    for rel, text in engine_pages(wiki).items():
        assert not file_name.search(body(text)), (rel, file_name.findall(body(text)))


def test_the_notices_changed_terms_stand_under_the_sentence_announcing_them(wiki: Path) -> None:
    """The terms notice says its terms `change as below` over the three new terms; the
    page kept the sentence and lost what is below it, the attributes stating the terms."""
    page = body((wiki / "vendors" / "bluestone-green-coffee-importers-ltd.md").read_text())
    notice = page.split("# Notice of updated commercial terms", 1)[1].split("\n# ", 1)[0]
    said = notice.index("change as below")
    assert [notice.find(term) > said for term in ("* Payment terms: 45 days", "* Minimum order: 10 bags per shipment",
                                                  "* Delivery: DAP Portside roastery")] == [True, True, True]
