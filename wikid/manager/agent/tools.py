"""The agent engine's tool mode (design §6, `agent.mode: tools`): a deepagents tool
loop drafts pages, wikid verifies them. For strong models; small ones use draft mode.

    engine = ToolsEngine(chat_model, config, when)
    result = engine.manage(documents, wiki)   # ManagerResult; result.stats per batch

The agent never touches the disk: it works in a `ConfinedBackend` (in memory) that
holds the batch's extracted texts (under their input names), the existing concepts
most similar to the batch and the pages it drafts. `write_page` takes a page's fields
and returns lint's findings, so the model never has to produce frontmatter by hand.
The drafted pages are returned as `ManagerResult.pages`; `wikid.intake.managed`
verifies, archives and writes them, so every invariant holds whatever the model does.
When the recursion limit or a model error stops a batch, the pages it already drafted
that pass lint are kept; only the inputs no kept page cites stay in input/, with the
reason in their note and in the batch's stats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any

from deepagents import create_deep_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from langchain_core.tools import StructuredTool
from langgraph.errors import GraphRecursionError

from wikid.clock import iso
from wikid.config import Config
from wikid.filenames import split_name
from wikid.manager import ExistingConcept, ManagerResult, SourceDocument, WikiView
from wikid.manager.agent.backend import WIKI, ConfinedBackend
from wikid.manager.agent.chat import model_label
from wikid.manager.agent.images import accepts_images, image_blocks
from wikid.manager.agent.prompt import (
    MAX_WIKI_VIEW,
    PROMPT_VERSION,
    ConceptView,
    build_prompt,
)
from wikid.manager.agent.usage import Stopwatch, Usage, UsageCounter, totals
from wikid.manager.agent.verify import known_paths, lint_errors
from wikid.manager.offline.cluster import concept_info, group_documents
from wikid.manager.offline.engine import unique_id
from wikid.manager.offline.signals import read_signals
from wikid.manager.offline.textutil import slugify
from wikid.okf.frontmatter import parse_frontmatter
from wikid.okf.lint_checks import KnownPaths
from wikid.okf.page import render_page, split_page

RECURSION_BASE = 40
RECURSION_PER_DOCUMENT = 12
RECURSION_MAX = 400
NOT_CITED_NOTE = "the agent wrote no page citing it"
RECURSION_NOTE = "the agent reached its step limit"


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


def _concept_id(named: str) -> str:
    """The concept id a tool call names, as `/wiki/x.md`, `/x`, `x.md` or `x`."""
    return named.strip().removeprefix(WIKI).removeprefix("/").removesuffix(".md")


def page_from_fields(
    type_: str, title: str, description: str, body: str, inputs: Sequence[str],
    batch_inputs: Sequence[str], earlier: ExistingConcept | None,
) -> tuple[str, dict[str, str], list[str]]:
    """A page's text from the fields `write_page` takes: its sources are the earlier
    page's plus one entry per input named (by its path in this batch). Returns the
    text, source id -> input path for the new entries, and the inputs not in the batch."""
    sources: list[dict[str, Any]] = [dict(e) for e in earlier.sources] if earlier else []
    taken = {str(e.get("id")).casefold() for e in sources}
    cited = {e.get("resource") for e in sources}
    ids: dict[str, str] = {}
    unknown = [rel for rel in inputs if rel not in batch_inputs]
    for rel in dict.fromkeys(r for r in inputs if r in batch_inputs):
        if f"/archive/{rel}" in cited:
            continue
        ident = unique_id(slugify(split_name(rel.rsplit("/", 1)[-1])[0]) or "source", taken)
        ids[ident] = rel
        sources.append({"id": ident, "resource": f"/archive/{rel}", "title": rel.rsplit("/", 1)[-1]})
    defined = set()
    for line in body.splitlines():
        if line.startswith("[^") and "]:" in line:
            defined.add(line[2:line.index("]:")])
    notes = [f"[^{e['id']}]: {e.get('title') or e['id']}" for e in sources
             if isinstance(e.get("id"), str) and f"[^{e['id']}]" in body and e["id"] not in defined]
    text = body.rstrip() + ("\n\n" + "\n".join(notes) if notes else "") + "\n"
    frontmatter = {"type": type_.strip(), "title": title.strip(), "description": description.strip(), "sources": sources}
    return render_page(frontmatter, text), ids, unknown


class ToolsEngine:
    """Drafts one concept page per cluster with a deepagents agent, batch by batch."""

    name = "agent"

    def __init__(self, model: BaseChatModel, config: Config, when: datetime, label: str | None = None) -> None:
        self.model = model
        self.config = config
        self.when = when
        self.label = model_label(model, label)
        self.stats: list[Usage] = []
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
            if self.stats and self.stats[-1].error and not self.stats[-1].error.startswith(RECURSION_NOTE):
                break  # the model failed: the remaining batches would fail the same way
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
        stopped = {rel: s.error for s in self.stats if s.error for rel in s.inputs}
        ran = {rel for s in self.stats for rel in s.inputs}
        for d in documents:
            resource = f"/archive/{d.input_rel}"
            if resource in cited:
                continue
            bad = [f"`{cid}`: {'; '.join(errs[:3])}" for cid, (errs, refs) in sorted(self.rejected.items()) if resource in refs]
            if bad:
                notes[d.input_rel] = f"the agent's page failed lint ({' | '.join(bad)})"
            elif d.input_rel in stopped:
                notes[d.input_rel] = f"{NOT_CITED_NOTE} before it stopped: {stopped[d.input_rel]}"
            elif d.input_rel in ran:
                notes[d.input_rel] = NOT_CITED_NOTE
            else:
                notes[d.input_rel] = f"not drafted: the model failed on an earlier batch ({self.stats[-1].error})"
        return ManagerResult(pages, notes, stats={"mode": "tools", "prompt_version": PROMPT_VERSION,
                                                  **totals(self.stats),
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
            return known_paths(set(known_pages) | archive | {f"{cid}.md" for cid in backend.drafted_pages()})

        batch_inputs = [d.input_rel for d in documents]
        shown = {c.id: c for c in view}

        def write_page(concept_id: str, type: str, title: str, description: str, body: str, inputs: list[str]) -> str:
            """Write the concept page /wiki/<concept_id>.md. `type` is the kind of entity
            (Vendor, Product, Person ...), `description` one sentence, `body` markdown
            without frontmatter (cite a source with [^<source id>]), `inputs` the input
            paths (as listed in the system prompt) the page is based on. wikid adds the
            frontmatter and `sources`; the reply gives the source ids and lint's findings."""
            concept_id = _concept_id(concept_id)
            text, ids, unknown = page_from_fields(type, title, description, body, inputs, batch_inputs,
                                                  shown.get(concept_id))
            written = backend.write(f"{WIKI}{concept_id}.md", text)
            if written.error:
                return f"not written: {written.error}"
            reply = [f"written /wiki/{concept_id}.md"]
            if ids:
                reply.append("source ids: " + ", ".join(f"[^{i}] = {rel}" for i, rel in ids.items()))
            if unknown:
                reply.append("not inputs of this batch (ignored): " + ", ".join(unknown))
            errors = lint_errors(concept_id, text, known())
            reply.append("lint: no errors" if not errors else "lint errors (call write_page again to fix them):\n" + "\n".join(errors))
            return "\n".join(reply)

        def lint_page(concept_id: str) -> str:
            """Check the drafted page /wiki/<concept_id>.md against OKF v0.2; returns its errors."""
            concept_id = _concept_id(concept_id)
            text = backend.drafted_pages().get(concept_id)
            if text is None:
                return f"no drafted page /wiki/{concept_id}.md: write it first"
            errors = lint_errors(concept_id, text, known())
            return "no errors" if not errors else "errors:\n" + "\n".join(errors)

        prompt = build_prompt([(d.input_rel, len(d.text)) for d in documents],
                              [ConceptView(c.id, c.title, str(c.frontmatter.get("description") or "")) for c in view])
        stats = Usage(batch_inputs, sum(len(d.text) for d in documents), len(prompt))
        self.stats.append(stats)
        agent = create_deep_agent(
            self.model,
            tools=[StructuredTool.from_function(write_page, name="write_page"),
                   StructuredTool.from_function(lint_page, name="lint_page")],
            system_prompt=prompt,
            backend=backend,
        )
        limit = min(RECURSION_MAX, RECURSION_BASE + RECURSION_PER_DOCUMENT * len(documents))
        asked = f"Process the {len(documents)} input(s) listed in the system prompt."
        task: str | list[Any] = asked
        pictures = [(f"input `{d.input_rel}`", f) for d in documents for f in d.figures] \
            if accepts_images(self.model, self.config.agent.images) else []
        if blocks := image_blocks(pictures):
            task = [{"type": "text", "text": asked + " Images of the inputs follow, each after a line naming its input."},
                    *blocks]
        try:
            with Stopwatch(stats):
                agent.invoke(
                    {"messages": [HumanMessage(task)]},
                    config={"recursion_limit": limit, "callbacks": [UsageCounter(stats)]},
                )
        except GraphRecursionError:
            stats.error = f"{RECURSION_NOTE} ({limit} steps)"
        except Exception as exc:  # a model error: the drafts so far are still verified
            if not backend.drafted_pages():
                raise  # nothing drafted: the whole run's inputs stay, as before
            stats.error = f"the model failed: {type(exc).__name__}: {exc}"
        pages: dict[str, str] = {}
        for cid, text in backend.drafted_pages().items():
            errors = lint_errors(cid, text, known())
            if errors:  # not returned: its inputs stay in input/ (the note says why)
                self.rejected[cid] = (errors, _cited(text))
                continue
            pages[cid] = text
        stats.pages = len(pages)
        return pages
