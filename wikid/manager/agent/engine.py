"""The agent manager engine (design §6): deepagents drafts pages, wikid verifies them.

    engine = AgentEngine(chat_model, config, when)
    result = engine.manage(documents, wiki)   # ManagerResult; engine.stats per batch

The agent never touches the disk: it works in a `ConfinedBackend` (in memory) that
holds the batch's extracted texts, the existing concepts most similar to the batch and
the pages it drafts. The drafted pages are returned as `ManagerResult.pages`;
`wikid.intake.managed` verifies, archives and writes them, so every invariant holds
whatever the model does. A model error (connection, timeout, rate limit, recursion
limit) propagates: the pipeline then leaves every input of the run in input/.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from deepagents import create_deep_agent
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langchain_core.tools import StructuredTool

from wikid.clock import iso
from wikid.config import Config
from wikid.manager import ExistingConcept, ManagerResult, SourceDocument, WikiView
from wikid.manager.agent.backend import ConfinedBackend
from wikid.manager.agent.prompt import (
    MAX_WIKI_VIEW,
    PROMPT_VERSION,
    ConceptView,
    build_prompt,
)
from wikid.manager.offline.cluster import concept_info, group_documents
from wikid.manager.offline.signals import read_signals
from wikid.okf.frontmatter import parse_frontmatter
from wikid.okf.lint_checks import ERROR, KnownPaths, check_page
from wikid.okf.page import render_page, split_page

RECURSION_BASE = 40
RECURSION_PER_DOCUMENT = 12
RECURSION_MAX = 400
NOT_CITED_NOTE = "the agent wrote no page citing it"


@dataclass
class BatchStats:
    """What one agent batch cost: model calls and characters sent to the model."""

    inputs: list[str]
    input_chars: int
    prompt_chars: int
    model_calls: int = 0
    chars_sent: int = 0
    pages: int = 0


class _Counter(BaseCallbackHandler):
    """Counts chat-model calls and the characters of the messages sent to them."""

    def __init__(self, stats: BatchStats) -> None:
        self.stats = stats

    def on_chat_model_start(self, serialized: Any, messages: list[list[Any]], **kwargs: Any) -> None:
        self.stats.model_calls += 1
        for batch in messages:
            for message in batch:
                content = getattr(message, "content", "")
                self.stats.chars_sent += len(content) if isinstance(content, str) else len(str(content))


def model_label(model: BaseChatModel, spec: str | None = None) -> str:
    """`provider:model` for `generated.by`: the configured spec, or the model's own name."""
    if spec:
        return spec
    for attr in ("model_name", "model", "model_id"):
        value = getattr(model, attr, None)
        if isinstance(value, str) and value:
            return value
    return type(model).__name__


def _batches(documents: Sequence[SourceDocument], groups: Sequence[Sequence[int]], budget: int) -> list[list[int]]:
    """Pack groups (document indices that belong together) into batches of at most
    `budget` characters; a group larger than the budget is a batch on its own."""
    batches: list[list[int]] = []
    current: list[int] = []
    size = 0
    for group in groups:
        chars = sum(len(documents[i].text) for i in group)
        if current and size + chars > budget:
            batches.append(current)
            current, size = [], 0
        current.extend(group)
        size += chars
    if current:
        batches.append(current)
    return batches


def _cited(text: str) -> set[str]:
    fm = parse_frontmatter(text)
    sources = fm.data.get("sources") if isinstance(fm.data, dict) else None
    return {e["resource"] for e in (sources if isinstance(sources, list) else [])
            if isinstance(e, dict) and isinstance(e.get("resource"), str)}


def _lint_errors(concept_id: str, text: str, known: KnownPaths) -> list[str]:
    result = check_page(f"{concept_id}.md", text.encode("utf-8"), known)
    return [f"{f.code} (line {f.line}): {f.message}" for f in result.findings if f.severity == ERROR]


class AgentEngine:
    """Drafts one concept page per cluster with a deepagents agent, batch by batch."""

    name = "agent"

    def __init__(self, model: BaseChatModel, config: Config, when: datetime, label: str | None = None) -> None:
        self.model = model
        self.config = config
        self.when = when
        self.label = model_label(model, label)
        self.stats: list[BatchStats] = []
        self.rejected: dict[str, tuple[list[str], set[str]]] = {}  # page -> (lint errors, cited)

    def manage(self, documents: Sequence[SourceDocument], wiki: WikiView) -> ManagerResult:
        documents = sorted(documents, key=lambda d: d.input_rel)
        concepts = wiki.concepts()
        by_id = {c.id: c for c in concepts}
        groups = group_documents(
            [d.text for d in documents], [read_signals(d.text) for d in documents],
            [concept_info(c) for c in concepts], self.config.offline,
        ) if documents else []
        drafts: dict[str, str] = {}
        known_pages = {f"{c.id}.md" for c in concepts}
        for batch in _batches(documents, [g.members for g in groups], max(1, self.config.agent.batch_chars)):
            members = set(batch)
            scores: dict[str, float] = {}
            for g in groups:
                if members.intersection(g.members):
                    if g.concept_id:
                        scores[g.concept_id] = max(scores.get(g.concept_id, 0.0), 2.0)
                    for cid, score in g.similar.items():
                        scores[cid] = max(scores.get(cid, 0.0), score)
            view = sorted(scores, key=lambda cid: (-scores[cid], cid))[:MAX_WIKI_VIEW]
            drafted = self._run_batch([documents[i] for i in batch], [by_id[c] for c in view if c in by_id], drafts, known_pages)
            drafts.update(drafted)
            known_pages.update(f"{cid}.md" for cid in drafted)

        pages = {cid: self._stamp(text) for cid, text in drafts.items()}
        cited = set().union(*(_cited(text) for text in pages.values()))
        notes = {}
        for d in documents:
            resource = f"/archive/{d.input_rel}"
            if resource in cited:
                continue
            bad = [f"`{cid}`: {'; '.join(errs[:3])}" for cid, (errs, refs) in sorted(self.rejected.items()) if resource in refs]
            notes[d.input_rel] = f"the agent's page failed lint ({' | '.join(bad)})" if bad else NOT_CITED_NOTE
        return ManagerResult(pages, notes, stats={"prompt_version": PROMPT_VERSION,
                                                  "batches": [asdict(s) for s in self.stats]})

    def _stamp(self, text: str) -> str:
        """The page with `generated: {by: wikid/<model>, at: …}` (unparseable text is returned as is)."""
        try:
            frontmatter, body = split_page(text)
        except Exception:  # noqa: BLE001 - an unreadable draft is returned as is; managed.py rejects it
            return text
        if not isinstance(frontmatter, dict) or not frontmatter:
            return text
        frontmatter.pop("timestamp", None)
        frontmatter["generated"] = {"by": f"wikid/{self.label}", "at": iso(self.when)}
        return render_page(frontmatter, body)

    def _run_batch(
        self,
        documents: list[SourceDocument],
        view: list[ExistingConcept],
        drafts: dict[str, str],
        known_pages: set[str],
    ) -> dict[str, str]:
        """Run the agent over one batch; return the pages it drafted that lint error-free."""
        visible = {c.id: render_page(dict(c.frontmatter), c.body) for c in view}
        visible.update(drafts)  # pages earlier batches of this run drafted
        backend = ConfinedBackend({d.input_rel: d.text for d in documents}, visible)
        archive = {f"archive/{d.input_rel}" for d in documents}

        def known() -> KnownPaths:
            files = set(known_pages) | archive | {f"{cid}.md" for cid in backend.drafted_pages()} | {"index.md"}
            dirs = {""} | {"/".join(p.split("/")[:i]) for p in files for i in range(1, p.count("/") + 1)}
            return KnownPaths(frozenset(files), frozenset(dirs))

        def lint_page(concept_id: str) -> str:
            """Check the drafted page /wiki/<concept_id>.md against OKF v0.2; returns its errors."""
            concept_id = concept_id.strip().removeprefix("/wiki/").removeprefix("/").removesuffix(".md")
            text = backend.drafted_pages().get(concept_id)
            if text is None:
                return f"no drafted page /wiki/{concept_id}.md: write it first"
            errors = _lint_errors(concept_id, text, known())
            return "no errors" if not errors else "errors:\n" + "\n".join(errors)

        prompt = build_prompt([(d.input_rel, len(d.text)) for d in documents],
                              [ConceptView(c.id, c.title, str(c.frontmatter.get("description") or "")) for c in view])
        stats = BatchStats([d.input_rel for d in documents], sum(len(d.text) for d in documents), len(prompt))
        self.stats.append(stats)
        agent = create_deep_agent(
            self.model,
            tools=[StructuredTool.from_function(lint_page, name="lint_page")],
            system_prompt=prompt,
            backend=backend,
        )
        limit = min(RECURSION_MAX, RECURSION_BASE + RECURSION_PER_DOCUMENT * len(documents))
        agent.invoke(
            {"messages": [HumanMessage(f"Process the {len(documents)} input(s) listed in the system prompt.")]},
            config={"recursion_limit": limit, "callbacks": [_Counter(stats)]},
        )
        pages: dict[str, str] = {}
        for cid, text in backend.drafted_pages().items():
            errors = _lint_errors(cid, text, known())
            if errors:  # not returned: its inputs stay in input/ (the note says why)
                self.rejected[cid] = (errors, _cited(text))
                continue
            pages[cid] = text
        stats.pages = len(pages)
        return pages
