"""The reader agent behind `query --answer` with a model: read-only, closed-book over
the top pages, citations checked in code, a fixed sentence when not covered."""

from __future__ import annotations

from agent_script import ScriptedChatModel, call, calls
from conftest import drop, page, tree_bytes
from langchain_core.messages import AIMessage

from wikid import Project
from wikid.query.answer import NOT_COVERED


def _wiki(project: Project) -> None:
    drop(project, "vendors/acme.md", page("Vendor", "Acme Corp", "Acme Corp pays its invoices within 45 days.\n"))
    drop(project, "vendors/globex.md", page("Vendor", "Globex", "Globex sells accounting software.\n"))
    project.update()


def test_the_reader_answers_with_checked_citations_and_writes_nothing(project: Project) -> None:
    _wiki(project)
    before = tree_bytes(project.paths.wiki)
    model = ScriptedChatModel(steps=[
        calls(call("read_file", file_path="/wiki/vendors/acme.md"),
              call("write_file", file_path="/wiki/vendors/evil.md", content="---\ntype: X\n---\n"),
              call("edit_file", file_path="/wiki/vendors/acme.md", old_string="45", new_string="90")),
        AIMessage(content="Acme Corp pays within 45 days [Acme Corp](wiki/vendors/acme.md)."),
    ])
    response = project.search("acme invoices days", answer=True, model=model)
    assert response.answer is not None and response.answer.covered
    assert response.answer.by == "agent:scripted"
    assert [c.id for c in response.answer.sentences] == ["vendors/acme"]
    assert "wiki/vendors/acme.md" in model.seen[0][0].content and "closed-book" in model.seen[0][0].content
    tool_replies = [m.content for m in model.seen[-1] if m.type == "tool"]
    assert sum("not allowed" in r for r in tool_replies) == 2
    assert tree_bytes(project.paths.wiki) == before


def test_the_reader_says_the_fixed_sentence_when_not_covered(project: Project) -> None:
    _wiki(project)
    for reply in (NOT_COVERED, "Acme pays in 45 days.", "See [x](wiki/vendors/unknown.md)."):
        model = ScriptedChatModel(steps=[AIMessage(content=reply)])
        answer = project.search("acme invoices", answer=True, model=model).answer
        assert answer is not None and (answer.text, answer.covered) == (NOT_COVERED, False)


def test_a_reader_failure_keeps_the_extractive_answer(project: Project) -> None:
    _wiki(project)
    model = ScriptedChatModel(steps=[ConnectionError("no route to api")])
    answer = project.search("acme invoices", answer=True, model=model).answer
    assert answer is not None and answer.covered and "ConnectionError" in answer.by and "no route to api" in answer.by


def test_a_configured_model_is_preflighted_for_answers_only(project: Project, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from wikid.config import ConfigError

    _wiki(project)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("WIKID_MODEL", "anthropic:claude-sonnet-4-5")
    assert project.search("acme").results  # ranking needs no model
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        project.search("acme", answer=True)
