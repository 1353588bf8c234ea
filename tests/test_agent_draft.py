"""The agent engine's draft mode (the default) with scripted chat models: the model
fills a typed draft per cluster; wikid renders the page, checks every fact, date and
citation against the sources, and keeps the inputs no accepted page covers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from agent_script import ScriptedChatModel
from conftest import assert_nothing_lost, drop
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import RunnableLambda

from wikid import Action, Project
from wikid.manager.agent.prompt import UNTRUSTED_RULE
from wikid.manager.agent.schema import Draft, DraftUnreadable, read_draft
from wikid.okf.page import split_page

ACME_2024 = (b"Acme Corp supply contract\nDate: 2024-03-01\nVendor: Acme Corp\nPayment terms: 30 days\n"
             b"Acme sells industrial hardware to us.\n")
ACME_2025 = (b"Acme Corp terms update\nDate: 2025-02-10\nVendor: Acme Corp\nPayment terms: 45 days\n"
             b"From now on Acme invoices are due in 45 days.\n")
GLOBEX = b"Globex price list\nVendor: Globex\nGlobex writes accounting software for small firms.\n"


def draft(**fields: Any) -> dict[str, Any]:
    base = {"title": "Acme Corp", "type": "vendor", "description": "Acme Corp sells industrial hardware to us.",
            "summary": "Acme Corp is a hardware vendor whose payment terms changed in 2025.",
            "sections": [], "facts": [], "related": [], "inputs": []}
    return {**base, **fields}


def as_text(fields: dict[str, Any]) -> AIMessage:
    return AIMessage(content="Here is the page:\n```json\n" + json.dumps(fields) + "\n```")


def page_of(project: Project, rel: str) -> tuple[dict[str, Any], str]:
    return split_page((project.paths.wiki / rel).read_text())


def test_a_typed_draft_becomes_a_page_whose_facts_wikid_checks(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "acme-2025.txt", ACME_2025)
    facts = [
        {"attribute": "Payment terms", "value": "30 days", "source": "acme-2024", "date": "2024-03-01"},
        # the model misdates the newer source and invents a value no source states
        {"attribute": "Payment terms", "value": "45 days", "source": "acme-2025", "date": "2023-01-01"},
        {"attribute": "Discount", "value": "12 %", "source": "acme-2025"},
        {"attribute": "Products", "value": "industrial hardware", "source": "[^acme-2024]"},
        {"attribute": "Date", "value": "2025-02-10", "source": "acme-2025"},  # the document's own date
    ]
    sections = [{"heading": "Terms", "text": "Invoices are due in 45 days since February 2025.", "sources": ["acme-2025", "nope"]}]
    reply = as_text(draft(facts=facts, sections=sections))
    reply.usage_metadata = {"input_tokens": 1200, "output_tokens": 340, "total_tokens": 1540}
    model = ScriptedChatModel(steps=[reply])
    report = project.update(model=model)
    assert {(f.input, f.action, f.page) for f in report.files} == {
        ("acme-2024.txt", Action.CREATED, "vendor/acme-corp.md"), ("acme-2025.txt", Action.CREATED, "vendor/acme-corp.md")}
    frontmatter, body = page_of(project, "vendor/acme-corp.md")
    assert (frontmatter["type"], frontmatter["title"]) == ("Vendor", "Acme Corp")
    assert frontmatter["description"] == "Acme Corp sells industrial hardware to us."
    assert frontmatter["generated"]["by"] == "wikid/scripted"
    assert [s["id"] for s in frontmatter["sources"]] == ["acme-2024", "acme-2025"]
    assert all(s["resource"].startswith("/archive/") and s["text"].startswith("/archive/") for s in frontmatter["sources"])
    assert "| Payment terms | 30 days | [^acme-2024] | 2024-03-01 | superseded |" in body
    assert "| Payment terms | 45 days | [^acme-2025] | 2025-02-10 | canonical |" in body  # the source's own date
    assert "| Products | industrial hardware | [^acme-2024] |" in body
    assert "12 %" not in body and "Discount" not in body
    assert "# Terms\n\nInvoices are due in 45 days since February 2025.[^acme-2025]\n" in body
    assert "[^acme-2024]: Acme Corp supply contract" in body
    stats = report.engine_stats
    assert (stats["mode"], stats["model_calls"], stats["pages"]) == ("draft", 1, 1)
    [one] = stats["drafts"]  # type: ignore[index]
    assert one["extra"] == {"how": "text", "facts_kept": 3, "facts_dropped": 2, "dates_corrected": 1, "dropped": [
        "Discount = 12 % (source 'acme-2025'): is not in acme-2025",
        "Date = 2025-02-10 (source 'acme-2025'): is the document's own date, not an attribute"]}
    assert one["seconds"] >= 0 and one["chars_sent"] > 0
    assert (stats["prompt_tokens"], stats["completion_tokens"]) == (1200, 340)
    assert report.model_cost().startswith("agent (draft mode): 1 model call, 1,200 prompt + 340 completion tokens, ")  # type: ignore[union-attr]
    assert report.to_dict()["engine_stats"]["model_calls"] == 1  # type: ignore[index]
    system, user = model.seen[0][0], model.seen[0][1]
    assert UNTRUSTED_RULE in system.content
    assert "source id `acme-2025`" in user.content and "Payment terms: 45 days" in user.content
    _, _, rest = user.content.partition("Facts wikid already has")
    listed = [line for line in rest.splitlines() if line.startswith("* ")]
    assert listed[:2] == ["* Payment terms | 30 days | acme-2024 | 2024-03-01",  # wikid read them: not to repeat
                          "* Payment terms | 45 days | acme-2025 | 2025-02-10"]
    assert not [line for line in listed if line.startswith(("* Date |", "* Vendor |"))]  # a date, the name


def test_an_undated_mention_is_not_made_canonical_by_the_model(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "acme-note.txt", b"Acme Corp call note\nVendor: Acme Corp\nSomeone said payment terms are 60 days.\n")
    facts = [{"attribute": "Payment terms", "value": "30 days", "source": "acme-2024"},
             {"attribute": "Payment terms", "value": "60 days", "source": "acme-note", "date": "2026-01-01"}]
    project.update(model=ScriptedChatModel(steps=[as_text(draft(facts=facts))]))
    _, body = page_of(project, "vendor/acme-corp.md")
    assert "| Payment terms | 60 days | [^acme-note] | undated | unverified |" in body  # the model's 2026 is in no source
    assert "| Payment terms | 30 days | [^acme-2024] | 2024-03-01 | canonical |" in body


def test_an_unreadable_reply_is_retried_once_quoting_the_problem(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    model = ScriptedChatModel(steps=[AIMessage(content="Sure! The page is about Acme."), as_text(draft())])
    report = project.update(model=model)
    [f] = report.files
    assert (f.action, f.page) == (Action.CREATED, "vendor/acme-corp.md")
    retry = model.seen[1][-1].content
    assert "the reply holds no JSON object" in retry and '"title"' in retry  # the schema is quoted
    assert report.engine_stats["drafts"][0]["extra"]["how"] == "retry"  # type: ignore[index]


def test_a_reply_still_unusable_after_the_retry_leaves_the_inputs_with_the_reason(project: Project) -> None:
    inputs = {"acme-2024.txt": ACME_2024}
    drop(project, "acme-2024.txt", ACME_2024)
    model = ScriptedChatModel(steps=[AIMessage(content="no"), as_text({"title": "Acme"})])
    [f] = project.update(model=model).files
    assert f.action == Action.RETRY
    assert "could not be used" in f.message and "type" in f.message and "Field required" in f.message
    assert (project.paths.input / "acme-2024.txt").read_bytes() == ACME_2024
    assert_nothing_lost(inputs, project)


class StructuredModel(ScriptedChatModel):
    """A scripted model with structured output: it returns its steps' drafts parsed, and
    keeps the schemas it was bound to."""

    schemas: Any = None  # a list to keep them in (Any: pydantic keeps the caller's list, not a copy)

    def with_structured_output(self, schema: Any, **kwargs: Any) -> Any:
        assert (schema is Draft or isinstance(schema, dict)) and kwargs == {"method": "json_schema", "include_raw": True}
        if self.schemas is not None:
            self.schemas.append(schema)

        def answer(messages: list[BaseMessage]) -> dict[str, Any]:
            raw = self.invoke(messages)
            parsed = Draft.model_validate_json(raw.content) if schema is Draft else json.loads(raw.content)
            return {"raw": raw, "parsed": parsed, "parsing_error": None}

        return RunnableLambda(answer)


def test_structured_output_is_used_when_the_model_has_it(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    model = StructuredModel(steps=[AIMessage(content=json.dumps(draft(title="Acme Corporation")))])
    report = project.update(model=model)
    [f] = report.files
    assert (f.action, f.page) == (Action.CREATED, "vendor/acme-corporation.md")
    assert report.engine_stats["drafts"][0]["extra"]["how"] == "structured"  # type: ignore[index]
    assert not any("JSON schema" in str(m.content) for m in model.seen[0])  # no text instructions needed


def test_a_model_error_keeps_the_pages_accepted_before_it(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "globex.txt", GLOBEX)
    model = ScriptedChatModel(steps=[as_text(draft()), ConnectionError("the model server went away")])
    by_input = {f.input: f for f in project.update(model=model).files}
    assert (by_input["acme-2024.txt"].action, by_input["acme-2024.txt"].page) == (Action.CREATED, "vendor/acme-corp.md")
    assert by_input["globex.txt"].action == Action.RETRY
    assert "ConnectionError: the model server went away" in by_input["globex.txt"].message
    assert (project.paths.input / "globex.txt").read_bytes() == GLOBEX


class APITimeoutError(Exception):
    """Named as the openai SDK names its timeout (the engine knows a timeout by its name)."""


class LengthFinishReasonError(Exception):
    """Named as the openai SDK names a reply cut at max_tokens."""


def test_a_draft_that_ran_past_max_tokens_is_not_sent_again(project: Project) -> None:
    """The 1.5B model repeated one sentence of a section until max_tokens: the reply
    could not be parsed, and the batch failed and was retried with the same prompt."""
    drop(project, "acme-2024.txt", ACME_2024)
    model = ScriptedChatModel(steps=[LengthFinishReasonError("the length limit was reached")])
    report = project.update(model=model)
    [f] = report.files
    assert f.action == Action.CREATED and len(model.seen) == 1
    [stats] = report.engine_stats["drafts"]  # type: ignore[misc]
    assert stats["extra"]["fallback"] == "offline" and stats["error"].startswith("the model ran past max_tokens")


def test_a_draft_that_timed_out_is_not_sent_again_its_cluster_gets_the_offline_page(project: Project) -> None:
    """A draft cut by the timeout was sent again with the same prompt, each time costing
    the whole timeout (882 s for one cluster). Now: one call, then the offline engine's
    page for that cluster with the reason in engine_stats, and the next cluster drafted."""
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "globex.txt", GLOBEX)
    model = ScriptedChatModel(steps=[APITimeoutError("Request timed out."),
                                     as_text(draft(title="Globex", description="Globex writes accounting software.",
                                                   summary="Globex sells accounting software to small firms."))])
    report = project.update(model=model)
    by_input = {f.input: f for f in report.files}
    assert len(model.seen) == 2, "the timed-out draft is not asked again"
    acme = by_input["acme-2024.txt"]
    assert acme.action == Action.CREATED and acme.page is not None
    frontmatter, body = page_of(project, acme.page)
    assert frontmatter["generated"]["by"].startswith("wikid/0") and "Payment terms" in body  # the offline page
    assert by_input["globex.txt"].action == Action.CREATED
    assert page_of(project, by_input["globex.txt"].page or "")[0]["generated"]["by"] == "wikid/scripted"
    first, second = report.engine_stats["drafts"]  # type: ignore[misc]
    assert first["extra"]["fallback"] == "offline" and first["pages"] == 1
    assert "the model timed out (APITimeoutError: Request timed out.)" in first["error"]
    assert second["error"] is None and second["pages"] == 1


def _sized_calls(model_options: dict[str, Any], texts: list[str]) -> tuple[list[dict[str, Any]], list[Any]]:
    """The options each cluster's draft call was built with, one cluster per text, and
    the schemas the calls were bound to."""
    from datetime import datetime

    from wikid.config import Config
    from wikid.manager import BlankWiki, SourceDocument
    from wikid.manager.agent.draft import DraftEngine

    built: list[dict[str, Any]] = []
    schemas: list[Any] = []

    def remodel(**options: Any) -> StructuredModel:
        built.append(options)
        reply = AIMessage(content=json.dumps(draft(title=f"Tool {len(built)}", type="tool")))
        return StructuredModel(steps=[reply], schemas=schemas)

    config = Config(model="openai:qwen", model_options=model_options)
    documents = [SourceDocument(f"tool-{n}.txt", text) for n, text in enumerate(texts)]
    configured = StructuredModel(steps=[AIMessage(content=json.dumps(draft(title="Tool", type="tool")))] * len(texts))
    DraftEngine(configured, config, datetime(2026, 7, 12), "openai:qwen", remodel).manage(documents, BlankWiki())
    return built, schemas


def test_each_draft_call_is_sized_for_its_reply_and_on_a_local_endpoint_for_its_prompt() -> None:
    """No max_tokens was set by default, and a local model got the same 300 s for any
    prompt: a long cluster was cut, then sent again."""
    from wikid.config import DEFAULT_MODEL_TIMEOUT
    from wikid.manager.agent.schema import MAX_CHARS, reply_tokens

    short = "Frobnicator\nThe frobnicator reshapes files in place.\n"
    long = "Quuxifier\n" + "The quuxifier rewrites every header of a file it is given. " * 150
    local, schemas = _sized_calls({"base_url": "http://127.0.0.1:8080/v1"}, [short, long])
    assert [c["max_tokens"] for c in local] == [reply_tokens(1)] * 2
    assert DEFAULT_MODEL_TIMEOUT < local[0]["timeout"] < local[1]["timeout"], local  # grows with the prompt
    # and every string of the reply is bounded, so a model repeating itself stops
    assert [s["properties"]["summary"]["maxLength"] for s in schemas] == [MAX_CHARS["summary"]] * 2
    assert all(s["$defs"]["Section"]["properties"]["text"]["maxLength"] == MAX_CHARS["text"] for s in schemas)
    hosted, schemas = _sized_calls({"base_url": "https://models.example.com/v1"}, [short])
    assert hosted == [{"max_tokens": reply_tokens(1)}]  # a hosted endpoint keeps its timeout
    assert schemas == [Draft]  # and gets the plain schema (strict schemas refuse maxLength)
    # wikid.yaml sizes the calls itself: the configured model is used as it is
    assert _sized_calls({"base_url": "http://127.0.0.1:8080/v1", "max_tokens": 900, "timeout": 60}, [short])[0] == []


def test_a_model_error_before_any_page_leaves_every_input(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "globex.txt", GLOBEX)
    report = project.update(model=ScriptedChatModel(steps=[ConnectionError("connection refused")]))
    assert [(f.input, f.action) for f in report.files] == [("acme-2024.txt", Action.RETRY), ("globex.txt", Action.RETRY)]
    assert all("connection refused" in f.message and "stays in input/" in f.message for f in report.files)


def test_an_input_the_draft_does_not_cover_stays_in_input(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "acme-2025.txt", ACME_2025)
    by_input = {f.input: f for f in project.update(model=ScriptedChatModel(
        steps=[as_text(draft(inputs=["input/acme-2025.txt"]))])).files}
    assert by_input["acme-2025.txt"].action == Action.CREATED
    assert by_input["acme-2024.txt"].action == Action.RETRY
    assert "did not cover it" in by_input["acme-2024.txt"].message
    frontmatter, _ = page_of(project, "vendor/acme-corp.md")
    assert [s["id"] for s in frontmatter["sources"]] == ["acme-2025"]


def test_naming_another_clusters_input_merges_it(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "globex.txt", GLOBEX)
    model = ScriptedChatModel(steps=[as_text(draft(inputs=["acme-2024.txt", "globex.txt"]))])
    report = project.update(model=model)
    assert {(f.input, f.page) for f in report.files} == {("acme-2024.txt", "vendor/acme-corp.md"),
                                                          ("globex.txt", "vendor/acme-corp.md")}
    assert report.engine_stats["model_calls"] == 1  # the merged cluster is not drafted again


def test_related_links_only_to_pages_that_exist_and_titles_cannot_link_out(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    drop(project, "globex.txt", GLOBEX)
    model = ScriptedChatModel(steps=[
        as_text(draft(related=["Globex", "Initech"])),
        as_text(draft(title="[Globex](../../../etc/passwd)", description="Globex writes software.", related=["acme corp"])),
    ])
    report = project.update(model=model)
    assert all(f.action == Action.CREATED for f in report.files), [f.message for f in report.files]
    pages = {f.page for f in report.files}
    _, acme = page_of(project, "vendor/acme-corp.md")
    assert "Initech" not in acme
    [globex] = pages - {"vendor/acme-corp.md"}
    frontmatter, body = page_of(project, globex)
    assert frontmatter["title"] == "Globex"  # the model's title is no name; wikid's stays
    assert "* [Acme Corp](/vendor/acme-corp.md)" in body
    assert f"* [Globex](/{globex})" in acme
    assert "passwd" not in body
    lint = project.lint()
    assert not [f for f in lint.findings if f.severity == "error"], lint.findings


def test_read_draft_is_lenient_about_fences_trailing_commas_and_schema_wrappers() -> None:
    assert read_draft('```json\n{"title": "A", "type": "Tool", "description": "d", "summary": "s",}\n```').title == "A"
    wrapped = {"properties": {"title": "B", "type": "Tool", "description": "d", "summary": "s"}}
    assert read_draft(json.dumps(wrapped)).title == "B"
    with pytest.raises(DraftUnreadable, match="description"):
        read_draft('{"title": "C", "type": "Tool", "summary": "s"}')


def test_a_page_titled_like_a_generated_file_gets_another_name(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    [f] = project.update(model=ScriptedChatModel(steps=[as_text(draft(title="Index"))])).files
    assert (f.action, f.page) == (Action.CREATED, "vendor/index-page.md")


def test_a_sentence_the_page_already_says_is_not_said_again(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    summary = "Acme Corp is a hardware vendor. It supplies parts."
    sections = [{"heading": "Overview", "text": "Acme Corp is a hardware vendor. It supplies parts.", "sources": []},
                {"heading": "Products", "text": "It supplies parts. Acme sells industrial hardware to us.", "sources": []}]
    project.update(model=ScriptedChatModel(steps=[as_text(draft(summary=summary, sections=sections))]))
    _, body = page_of(project, "vendor/acme-corp.md")
    assert body.count("It supplies parts.") == 1 and "# Overview" not in body
    assert "# Products\n\nAcme sells industrial hardware to us." in body


def test_a_draft_updating_a_page_keeps_its_earlier_sources_and_checks_facts_against_them(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME_2024)
    (project.root / "wikid.yaml").write_text("engine: offline\n")
    [first] = project.update().files
    (project.root / "wikid.yaml").write_text("engine: agent\n")
    drop(project, "acme-2025.txt", ACME_2025)
    facts = [{"attribute": "Products", "value": "industrial hardware", "source": "acme-2024"}]  # in the archived text only
    model = ScriptedChatModel(steps=[as_text(draft(title="Acme Corporation", facts=facts))])
    [f] = project.update(model=model).files
    assert (f.action, f.page) == (Action.UPDATED, first.page)  # the existing page, its title kept
    frontmatter, body = page_of(project, first.page)
    assert frontmatter["title"] == "Acme Corp"
    assert [s["id"] for s in frontmatter["sources"]] == ["acme-2024", "acme-2025"]
    assert "| Products | industrial hardware | [^acme-2024] |" in body
    assert "| Payment terms | 30 days | [^acme-2024] | 2024-03-01 | superseded |" in body
    assert "source id `acme-2024`" in model.seen[0][1].content and "cited by the existing page" in model.seen[0][1].content


MINUTES = b"""Ops weekly 12 June 2025

Attendees: Maya, Jonas, Sam

Dispatch
- Atlas Freight has no pickup on Friday 15 August; orders go out on Thursday instead.

Action items
- Sam: post-mortem for the portal outage by 19 June.
- Luis: email wholesale customers about the August pickup change.
"""


def test_a_draft_page_keeps_every_step_and_action_item_the_model_left_out(project: Project) -> None:
    """The model writes prose; the lists, steps and action items of the documents are
    wikid's to carry, whatever the model's summary kept."""
    drop(project, "ops-weekly.txt", MINUTES)
    fields = draft(title="Ops weekly", type="meeting", description="Weekly operations meeting.",
                   summary="The ops team met on 12 June 2025 and discussed dispatch.",
                   sections=[{"heading": "Dispatch", "text": "Atlas Freight changes its August pickup.", "sources": []}])
    report = project.update(model=ScriptedChatModel(steps=[as_text(fields)]))
    [f] = report.files
    assert f.action == Action.CREATED, f.message
    _, body = page_of(project, f.page)
    for item in ("Sam: post-mortem for the portal outage by 19 June.",
                 "Luis: email wholesale customers about the August pickup change.",
                 "Atlas Freight has no pickup on Friday 15 August; orders go out on Thursday instead."):
        assert f"* {item}" in body, body
    assert body.index("The ops team met on 12 June 2025") < body.index("* Sam: post-mortem")
    assert body.count("Sam: post-mortem") == 1


def test_a_drafted_title_loses_the_words_that_say_what_kind_of_document_told_of_it(project: Project) -> None:
    """Issue 26: "Globex status report" is a document's name; the page is Globex's."""
    drop(project, "globex.txt", GLOBEX)
    report = project.update(model=ScriptedChatModel(steps=[as_text(draft(
        title="Globex status report", type="vendor", description="Globex writes accounting software."))]))
    [f] = report.files
    frontmatter, _ = page_of(project, f.page)
    assert frontmatter["title"] == "Globex"
