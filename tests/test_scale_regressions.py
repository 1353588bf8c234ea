"""Regressions of bugs the hostile-input stress tests found (tests/stress/test_hostile.py).

* M1 — a document whose name is stored decomposed (NFD, as macOS writes it) is
  scanned under its NFC name; it must be archived from its real path, also when a
  batch interrupted while claiming it is rolled back.
* L1 — a frontmatter nested 100,000 levels deep overflowed libyaml's C stack
  (a segfault) where it was loaded without parse_frontmatter's bounds: in lint, and
  in the offline engine reading any extracted text that opens with `---`.
* O1 — the offline engine held ~12x a document's text while reading its signals,
  in the process running the batch (the daemon): it reads only the opening now. Its
  line patterns are linear: one heading line with 5,000 spaces inside took minutes.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from datetime import UTC, datetime

import pytest

import wikid.intake.managed as managed
import wikid.manager.offline.engine as engine
from wikid import Action, Project
from wikid.config import OfflineConfig
from wikid.document.outline import read_outline
from wikid.intake import journal
from wikid.manager import BlankWiki, SourceDocument
from wikid.manager.offline.content import read_content
from wikid.manager.offline.signals import read_signals
from wikid.okf.page import split_page

NFD_NAME = "cafe\u0301 menu.txt"  # "café" with a combining acute accent
NFC_NAME = "caf\u00e9 menu.txt"
NFD_TEXT = b"Vendor: Decomposed Cafe\nThe decomposed cafe menu lists coffee and cake.\n"
DEEP_FRONTMATTER = "---\ntype: Note\nx: " + "[" * 100_000 + "]" * 100_000 + "\n---\n"


class Killed(BaseException):
    """Stops a batch the way a kill would: no error handler catches it."""


# --- M1: NFD names ---------------------------------------------------------------------


def test_an_nfd_named_document_is_archived_and_cited_in_one_update(project: Project) -> None:
    (project.paths.input / NFD_NAME).write_bytes(NFD_TEXT)
    [result] = project.update().files
    assert result.action == Action.CREATED, result
    assert result.archived_as == f"archive/{NFC_NAME}"
    assert list(project.paths.input.iterdir()) == []
    assert (project.paths.archive / NFC_NAME).read_bytes() == NFD_TEXT
    assert result.page is not None
    frontmatter, _ = split_page((project.paths.wiki / result.page).read_text())
    assert [s["resource"] for s in frontmatter["sources"]] == [f"/archive/{NFC_NAME}"]


def test_a_batch_killed_while_claiming_an_nfd_named_document_rolls_back(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal finds the claimed file again by its real path: the next run removes
    the archive name claimed before the kill instead of archiving the original twice."""
    (project.paths.input / NFD_NAME).write_bytes(NFD_TEXT)
    real = managed.claim_original

    def claim_then_die(*args, **kwargs):  # type: ignore[no-untyped-def]
        real(*args, **kwargs)
        raise Killed

    monkeypatch.setattr(managed, "claim_original", claim_then_die)
    with pytest.raises(Killed):
        project.update()
    claiming = journal.load(project.paths)
    assert claiming is not None and claiming.claiming == {NFC_NAME: str(project.paths.input / NFD_NAME)}
    monkeypatch.setattr(managed, "claim_original", real)

    [result] = project.update().files
    assert result.action == Action.CREATED, result
    assert sorted(p.name for p in project.paths.archive.iterdir()) == sorted(
        [NFC_NAME, "caf\u00e9 menu-extracted.txt"])
    assert list(project.paths.input.iterdir()) == []


def test_a_journal_of_an_earlier_version_still_loads(project: Project) -> None:
    project.paths.journal.write_text(json.dumps(
        {"step": "claimed", "when": "2026-07-12T13:05:00Z", "docs": {}, "pages": {}, "claiming": "a.txt",
         "claiming_page": "vendor/acme"}))
    loaded = journal.load(project.paths)
    assert loaded is not None
    assert (loaded.claiming, loaded.claiming_pages) == ({"a.txt": str(project.paths.input / "a.txt")}, ["vendor/acme"])
    assert journal.recover(project.paths) is not None
    assert not project.paths.journal.exists()


# --- L1: deeply nested frontmatter -----------------------------------------------------


def test_lint_reports_a_deeply_nested_frontmatter_in_process(project: Project) -> None:
    (project.paths.wiki / "deep.md").write_text(DEEP_FRONTMATTER + "Body.\n")
    report = project.lint()
    [problem] = [f for f in report.findings if f.file == "deep.md" and f.severity == "error"]
    assert problem.code == "FRONTMATTER_INVALID"
    assert "nests more than" in problem.message


def test_a_text_document_opening_with_a_deeply_nested_frontmatter_gets_a_page(project: Project) -> None:
    """Any extracted text may open with `---`: the engine reads it with the same bounds."""
    (project.paths.input / "deep.txt").write_text(DEEP_FRONTMATTER + "Vendor: Deep Nest Ltd\n")
    [result] = project.update().files
    assert result.action == Action.CREATED, result
    assert result.page is not None and result.page.endswith("/deep-nest-ltd.md")


# --- O1: memory and time of the offline engine on a huge text --------------------------


@pytest.mark.slow
def test_the_offline_engine_reads_a_20_mb_text_in_bounded_memory_and_time() -> None:
    """Before the bound: a tracemalloc peak of 278 MB and 5.4 s (15 s under tracemalloc)."""
    words = "kalomi nerusa tivoze bado fegu hijopu " * 8
    text = "Vendor: Huge Line Ltd\nA document of one very long line. " + words * ((20 << 20) // len(words))
    offline = engine.OfflineEngine(OfflineConfig(), datetime(2026, 7, 12, tzinfo=UTC))
    tracemalloc.start()
    try:
        started = time.perf_counter()
        result = offline.manage([SourceDocument("huge.txt", text)], BlankWiki())
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert list(result.pages) == ["vendor/huge-line-ltd"]
    assert peak < 40 << 20, f"tracemalloc peak {peak / 2**20:.0f} MB"
    assert elapsed < 10, f"{elapsed:.1f} s"


def test_a_document_with_words_only_beyond_the_opening_is_not_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "MAX_SIGNAL_CHARS", 100)
    text = "## Page 1\n\n" * 50 + "The late words of a long scan.\n"
    offline = engine.OfflineEngine(OfflineConfig(), datetime(2026, 7, 12, tzinfo=UTC))
    result = offline.manage([SourceDocument("scan.pdf", text)], BlankWiki())
    assert result.notes == {}
    assert len(result.pages) == 1


HOSTILE_LINES = {
    "heading-with-inner-spaces": "# a" + " " * 200_000 + "x\n",
    "field-with-inner-spaces": "Key: v" + " " * 200_000 + "x\n",
    "nested-brackets": "Intro\n" + "[" * 100_000 + "]" * 100_000 + "\n",
    "open-footnotes": "Intro\n" + "[^" * 100_000 + "\n",
    "open-links": "Intro\n" + "[a](" * 50_000 + "\n",
}


@pytest.mark.parametrize("text", HOSTILE_LINES.values(), ids=HOSTILE_LINES.keys())
def test_signals_take_linear_time_on_hostile_lines(text: str) -> None:
    """Each took from 2 s (quadratic) to hours (cubic) before; now well under a second."""
    started = time.perf_counter()
    read_signals(text)
    assert time.perf_counter() - started < 5


def test_headings_and_links_read_as_before() -> None:
    text = "#  Bluestone  Roasters  ##\n\nThe [terms](http://x/y) set the new rates[^1] of this year.\n"
    signals = read_signals(text)
    assert signals.name == "Bluestone Roasters"
    assert read_content(read_outline(text, ".md"), text, None, None, ".md").lead == (
        "The terms set the new rates of this year.",)
    assert read_signals("## C#\n").name == "C"
