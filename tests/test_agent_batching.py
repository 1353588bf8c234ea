"""Agent batches: split by `agent.batch_chars`, documents the offline similarity groups
together stay together, and the prompt stays bounded however large the wiki is."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from agent_script import ScriptedChatModel

from wikid.config import AgentConfig, Config
from wikid.manager import ExistingConcept, SourceDocument
from wikid.manager.agent.prompt import (
    MAX_WIKI_VIEW,
    UNTRUSTED_RULE,
    ConceptView,
    build_prompt,
)
from wikid.manager.agent.tools import ToolsEngine, _batches

WHEN = datetime(2026, 7, 12, 13, 5, tzinfo=UTC)


class Wiki:
    def __init__(self, concepts: list[ExistingConcept]) -> None:
        self._concepts = concepts

    def concepts(self) -> list[ExistingConcept]:
        return self._concepts

    def archived_text(self, resource: str) -> str | None:
        return None


def test_batches_pack_groups_by_size_and_never_split_a_group() -> None:
    docs = [SourceDocument(f"d{i}.txt", "x" * size) for i, size in enumerate([40, 40, 30, 100, 10])]
    assert _batches(docs, [[0, 1], [2], [3], [4]], budget=100) == [[0, 1], [2], [3], [4]]
    assert _batches(docs, [[0, 1], [2], [3], [4]], budget=120) == [[0, 1, 2], [3, 4]]
    assert _batches(docs, [[0, 2], [1], [3, 4]], budget=75) == [[0, 2], [1], [3, 4]]


def test_documents_about_one_entity_share_an_agent_batch() -> None:
    acme = "Vendor: Acme Corp\nVAT: DE123456789\nAcme Corp sells industrial hardware and spare parts.\n"
    docs = [
        SourceDocument("a/acme-2024.txt", acme + "Payment terms: 30 days\n" + "filler text " * 20),
        SourceDocument("b/other.txt", "Vendor: Globex\nGlobex writes accounting software.\n" + "other words " * 20),
        SourceDocument("c/acme-2025.txt", acme + "Payment terms: 45 days\n" + "filler text " * 20),
    ]
    config = Config(agent=AgentConfig(batch_chars=400))
    engine = ToolsEngine(ScriptedChatModel(steps=[]), config, WHEN)
    engine.manage(docs, Wiki([]))
    batches = [s.inputs for s in engine.stats]
    assert len(batches) == 2
    assert any(set(b) == {"a/acme-2024.txt", "c/acme-2025.txt"} for b in batches)
    for stats in engine.stats:
        assert stats.model_calls >= 1 and stats.chars_sent >= stats.prompt_chars > 0


def _concepts(n: int) -> list[ExistingConcept]:
    return [
        ExistingConcept(f"topics/topic-{i:05d}", {"type": "Topic", "title": f"Topic {i} alpha{i % 97} beta{i % 13}",
                                                   "description": f"About item {i}."}, f"Body of topic {i}.\n")
        for i in range(n)
    ]


def test_prompt_size_does_not_grow_with_the_wiki() -> None:
    docs = [SourceDocument("acme.txt", "Vendor: Acme Corp\nTopic 7 alpha7 beta7 is related.\n")]
    sizes: dict[int, Any] = {}
    for n in (10, 10_000):
        engine = ToolsEngine(ScriptedChatModel(steps=[]), Config(), WHEN)
        engine.manage(docs, Wiki(_concepts(n)))
        [stats] = engine.stats
        sizes[n] = stats.prompt_chars
    assert sizes[10_000] <= sizes[10] + MAX_WIKI_VIEW * 300
    big_view = [ConceptView(f"c{i}", f"Concept {i}", "d" * 1000) for i in range(10_000)]
    prompt = build_prompt([("a.txt", 10)], big_view)
    assert len(prompt) < 20_000 and prompt.count("/wiki/c") == MAX_WIKI_VIEW
    assert UNTRUSTED_RULE in prompt


def test_after_a_model_error_later_batches_are_not_run_and_say_why() -> None:
    from agent_script import call, calls

    docs = [SourceDocument("acme.txt", "Vendor: Acme Corp\nAcme Corp sells industrial hardware and parts.\n"),
            SourceDocument("globex.txt", "Vendor: Globex\nGlobex writes accounting software for firms.\n")]
    model = ScriptedChatModel(steps=[
        calls(call("write_page", concept_id="vendors/acme-corp", type="Vendor", title="Acme Corp",
                   description="Acme Corp sells hardware.", body="Acme sells hardware.", inputs=["acme.txt"])),
        ConnectionError("connection reset"),
    ])
    engine = ToolsEngine(model, Config(agent=AgentConfig(mode="tools", batch_chars=10)), WHEN)
    result = engine.manage(docs, Wiki([]))
    assert list(result.pages) == ["vendors/acme-corp"]
    assert result.notes == {"globex.txt": "not drafted: the model failed on an earlier batch "
                                          "(the model failed: ConnectionError: connection reset)"}
    assert [s.inputs for s in engine.stats] == [["acme.txt"]]  # the second batch never ran


def test_write_page_gives_each_source_a_unique_id_beside_the_earlier_pages() -> None:
    from wikid.manager.agent.tools import page_from_fields

    earlier = ExistingConcept("vendors/acme", {"type": "Vendor", "title": "Acme", "sources": [
        {"id": "acme", "resource": "/archive/old/acme.pdf", "title": "acme.pdf"}]}, "Acme.\n")
    text, ids, unknown = page_from_fields("Vendor", "Acme", "Acme sells parts.", "Acme sells parts.[^acme-2]",
                                          ["a/acme.txt", "b/acme.txt", "nope.txt"], ["a/acme.txt", "b/acme.txt"], earlier)
    assert ids == {"acme-2": "a/acme.txt", "acme-3": "b/acme.txt"} and unknown == ["nope.txt"]
    assert "[^acme-2]: acme.txt" in text and "/archive/old/acme.pdf" in text
