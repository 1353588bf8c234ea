"""`wikid migrate` (issue 16 item 2): OKF v0.1 pages upgraded to v0.2 in place."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import drop

from wikid import Project
from wikid.maintenance.migrate import MIGRATED_BY, migrate_bundle, migrate_page
from wikid.okf.frontmatter import parse_frontmatter
from wikid.okf.lint import lint_bundle

GA4 = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "okf" / "ga4-v0.1"
WHEN = datetime(2026, 7, 12, 13, 5, tzinfo=UTC)

V01 = """---
type: Metric
title: User Count
timestamp: '2026-05-28T22:50:09+00:00'
x-owner: analytics   # an unknown key, kept
status: superseded
tags:
- metric
---

Total number of unique users.

# Citations
- [Demo dataset](https://example.org/analytics/demo)
- https://example.org/answer/7029846
- [Demo dataset again](https://example.org/analytics/demo)

# Notes
Kept.
"""


def test_a_v01_page_becomes_v02_with_its_keys_in_place() -> None:
    new, changes = migrate_page(V01)
    assert changes == ["`timestamp` -> `generated: {by, at}`", "status superseded -> deprecated",
                       "`# Citations` -> 2 `sources` entries"]
    fm = parse_frontmatter(new).data
    assert fm is not None
    assert list(fm) == ["type", "title", "generated", "x-owner", "status", "tags", "sources"]
    assert fm["generated"] == {"by": MIGRATED_BY, "at": "2026-05-28T22:50:09+00:00"}
    assert fm["status"] == "deprecated"
    assert fm["sources"] == [
        {"id": "demo-dataset", "resource": "https://example.org/analytics/demo", "title": "Demo dataset"},
        {"id": "answer-7029846", "resource": "https://example.org/answer/7029846"},
    ]
    assert "x-owner: analytics   # an unknown key, kept" in new
    assert "# Citations" not in new and "# Notes\nKept.\n" in new and "Total number of unique users." in new


def test_generated_wins_over_timestamp_and_current_is_stable() -> None:
    text = "---\ntype: Note\ngenerated:\n  by: human:ann\n  at: '2026-01-01T00:00:00Z'\ntimestamp: '2025-01-01T00:00:00Z'\nstatus: current\n---\nBody.\n"
    new, changes = migrate_page(text)
    assert changes == ["dropped `timestamp` (`generated` is set)", "status current -> stable"]
    assert new == "---\ntype: Note\ngenerated:\n  by: human:ann\n  at: '2026-01-01T00:00:00Z'\nstatus: stable\n---\nBody.\n"


def test_citations_join_existing_sources_without_duplicates() -> None:
    text = ("---\ntype: Note\nsources:\n- id: demo\n  resource: https://example.org/analytics/demo\n---\n"
            "Body.\n\n## Citations\n* [Demo](https://example.org/analytics/demo)\n* [Other](https://example.org/other)\n")
    new, _ = migrate_page(text)
    fm = parse_frontmatter(new).data
    assert fm is not None and [s["resource"] for s in fm["sources"]] == [
        "https://example.org/analytics/demo", "https://example.org/other"]
    assert new.endswith("Body.\n")


def test_a_v02_page_is_left_alone() -> None:
    text = "---\ntype: Note\ntitle: Fine\n---\n```\n# Citations\n- https://x.org\n```\n"
    assert migrate_page(text) == (text, [])


@pytest.mark.skipif(not GA4.is_dir(), reason="the shared OKF corpus is not here")
def test_the_ga4_v01_bundle_lints_without_legacy_findings(tmp_path: Path) -> None:
    bundle = tmp_path / "ga4"
    shutil.copytree(GA4, bundle)
    before = {p.relative_to(bundle): p.read_bytes() for p in bundle.rglob("*") if p.is_file()}
    assert {f.code for f in lint_bundle(bundle).findings} >= {"LEGACY_TIMESTAMP", "LEGACY_CITATIONS"}
    report = migrate_bundle(bundle, bundle / "archive", WHEN)
    assert report.pages and not report.kept
    assert not [f for f in lint_bundle(bundle).findings if f.code.startswith("LEGACY_")]
    for rel, name in report.archived.items():
        assert (bundle / "archive" / name).read_bytes() == before[Path(rel)]
    after = {p.relative_to(bundle): p.read_bytes() for p in bundle.rglob("*") if p.is_file()}
    for rel, data in before.items():
        if str(rel) not in report.pages:
            assert after[rel] == data, rel  # untouched pages: byte-identical
    again = migrate_bundle(bundle, bundle / "archive", WHEN)
    assert again.pages == {}
    assert {p.relative_to(bundle): p.read_bytes() for p in bundle.rglob("*") if p.is_file()} == after


def test_the_project_wiki_is_migrated_with_a_log_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from wikid.cli import main

    project = Project(tmp_path / "proj")
    project.init()
    drop(project, "metrics/users.md", V01.encode())
    project.update()
    page = project.paths.wiki / "metrics/users.md"
    before = page.read_bytes()
    assert main(["migrate", "-C", str(project.root), "--dry-run"]) == 0
    assert "would migrate metrics/users.md" in capsys.readouterr().out and page.read_bytes() == before
    report = project.migrate()
    assert list(report.archived) == ["metrics/users.md"]
    assert (project.paths.wiki / "archive" / report.archived["metrics/users.md"]).read_bytes() == before
    assert "Migrated [metrics/users](/metrics/users.md) to OKF v0.2" in (project.paths.wiki / "log.md").read_text()
    assert not [f for f in project.lint().findings if f.code.startswith("LEGACY_")]
    assert project.migrate().pages == {}
