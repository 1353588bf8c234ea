"""`wikid query` and `wikid reindex` as users and scripts call them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import page

from wikid import Project
from wikid.cli import main

RESULT_KEYS = ["rank", "score", "id", "title", "path", "snippet", "conflict", "type"]


@pytest.fixture
def wiki(project: Project) -> Project:
    for concept_id, title, body in [
        ("vendors/acme", "Acme Corp", "Acme sells anvils. Payment terms are 45 days.\n"),
        ("vendors/globex", "Globex", "Globex ships rockets by rail.\n"),
        ("notes/misc", "Misc", "Nothing about anvils here, only a passing word.\n"),
    ]:
        path = project.paths.wiki / f"{concept_id}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(page(type_="Vendor" if "vendors" in concept_id else "Note", title=title, body=body))
    return project


def run(project: Project, *args: str) -> int:
    return main(["-C", str(project.root), *args])


def test_results_are_printed_with_score_id_title_path_and_snippet(wiki: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(wiki, "query", "anvils payment") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(" 1. ") and "Acme Corp  (vendors/acme)" in out[0]
    assert out[1] == "    wiki/vendors/acme.md"
    assert out[2] == "    Acme sells anvils. Payment terms are 45 days."


def test_nothing_relevant_exits_1(wiki: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(wiki, "query", "kubernetes") == 1
    assert "Nothing in the wiki matches 'kubernetes' (3 concept pages searched)." in capsys.readouterr().out


def test_an_empty_wiki_tells_the_user_what_to_do(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(project, "query", "anything") == 1
    err = capsys.readouterr().err
    assert "drop files into input/ and run `wikid update`" in err
    assert run(project, "query", "anything", "--json") == 1
    assert json.loads(capsys.readouterr().out) == {"query": "anything", "concepts": 0, "via": "index", "results": []}


@pytest.mark.parametrize("args", [["query", ""], ["query", "  "], ["query", "x", "-k", "0"], ["query", "x", "-k", "two"]])
def test_usage_errors_exit_2(wiki: Project, args: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        run(wiki, *args)
    assert exc.value.code == 2


def test_json_schema(wiki: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(wiki, "query", "acme anvils", "--json", "--answer", "-k", "1") == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["query", "concepts", "via", "results", "answer"]
    assert data["query"] == "acme anvils" and data["concepts"] == 3 and data["via"] == "index"
    [result] = data["results"]
    assert list(result) == RESULT_KEYS
    assert result["rank"] == 1 and 0 < result["score"] <= 1 and result["path"] == "wiki/vendors/acme.md"
    assert result["type"] == "Vendor" and result["conflict"] is False
    assert list(data["answer"]) == ["text", "covered", "by", "sentences"]
    assert list(data["answer"]["sentences"][0]) == ["text", "id", "title", "path"]
    assert run(wiki, "query", "anvils", "--json") == 0
    assert "answer" not in json.loads(capsys.readouterr().out)


def test_answer_is_printed_before_the_results(wiki: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(wiki, "query", "payment terms", "--answer") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Acme sells anvils. Payment terms are 45 days. [Acme Corp](wiki/vendors/acme.md)"
    assert out[1] == "" and out[2].startswith(" 1. ")


def test_type_filter(wiki: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(wiki, "query", "anvils", "--type", "note", "--json") == 0
    assert [r["id"] for r in json.loads(capsys.readouterr().out)["results"]] == ["notes/misc"]


def test_reindex(wiki: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(wiki, "reindex") == 0
    assert capsys.readouterr().out.startswith("indexed 3 concept page(s), ")
    assert run(wiki, "reindex", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["concepts"] == 3 and data["terms"] > 10 and data["postings"] >= data["terms"]


def test_the_query_path_never_imports_scikit_learn_or_scipy(wiki: Project) -> None:
    run(wiki, "reindex")
    extra = wiki.paths.wiki / "notes" / "late.md"
    extra.write_bytes(page(title="Late", body="Added after the index was built.\n"))  # forces a refresh
    code = (
        "import json, sys\n"
        "from wikid.cli import main\n"
        f"rc = main(['-C', {str(wiki.root)!r}, 'query', 'late anvils', '--answer'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('sklearn', 'scipy'))\n"
        "print(json.dumps([rc, heavy]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == [0, []]
