"""The reader agent for `wikid query --answer` when a model is configured (design §7).

Closed-book over the wiki: the agent gets the question and the top-ranked concept
pages as read-only files (a `ConfinedBackend` with `read_only=True`: every write is
refused, the middleware's offloads stay in memory). Its answer is checked in code:
only links to the pages it was given count as citations, and an answer without one
becomes the fixed not-found sentence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from deepagents import create_deep_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage

from wikid.config import Config
from wikid.fsio import NotRegularFile, read_regular
from wikid.manager.agent.backend import ConfinedBackend
from wikid.manager.agent.prompt import UNTRUSTED_RULE
from wikid.paths import ProjectPaths
from wikid.query.answer import NOT_COVERED
from wikid.query.results import Answer, Citation, QueryResponse, QueryResult

READER_PROMPT_VERSION = "wikid-agent-reader/1"
READER_PAGES = 5
RECURSION_LIMIT = 30
_LINK = re.compile(r"\]\(<?/?(wiki/[^)>\s]+\.md)>?\)")

READER_RULES = f"""\
You answer questions from an OKF knowledge wiki ({READER_PROMPT_VERSION}), closed-book:
use only the concept pages listed below (files under /wiki/, read them with read_file),
never your own knowledge. Cite every claim with a markdown link to the page it comes
from, exactly as listed: `[Title](wiki/<id>.md)`. Answer in the language of the
question, in a few sentences. If the pages do not answer the question, reply exactly:
{NOT_COVERED}

{UNTRUSTED_RULE.replace("/extracts/", "/wiki/")}
"""


def _text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content blocks
        return "".join(b if isinstance(b, str) else str(b.get("text", "")) for b in content
                       if isinstance(b, str) or (isinstance(b, dict) and b.get("type") == "text"))
    return ""


def reader_prompt(results: Sequence[QueryResult]) -> str:
    lines = [READER_RULES, "## Pages (best match first)"]
    for r in results[:READER_PAGES]:
        lines.append(f"* [{r.title}](wiki/{r.id}.md) — file /wiki/{r.id}.md")
    return "\n".join(lines)


def reader_answer(
    model: BaseChatModel,
    question: str,
    results: Sequence[QueryResult],
    pages: Mapping[str, str],
    label: str = "agent",
) -> Answer:
    """Answer `question` from `pages` (concept id -> text of the top results)."""
    shown = [r for r in results[:READER_PAGES] if r.id in pages]
    by = f"agent:{label}"
    if not shown:
        return Answer(NOT_COVERED, False, by)
    backend = ConfinedBackend({}, {r.id: pages[r.id] for r in shown}, read_only=True)
    agent = create_deep_agent(model, tools=[], system_prompt=reader_prompt(shown), backend=backend)
    state = agent.invoke({"messages": [HumanMessage(question)]}, config={"recursion_limit": RECURSION_LIMIT})
    final = next((m for m in reversed(state["messages"]) if isinstance(m, AIMessage) and not m.tool_calls), None)
    text = _text(final.content).strip() if final is not None else ""
    by_path = {f"wiki/{r.id}.md": r for r in shown}
    cited = [by_path[p] for p in dict.fromkeys(_LINK.findall(text)) if p in by_path]
    if not text or NOT_COVERED in text or not cited:
        return Answer(NOT_COVERED, False, by)
    sentences = re.split(r"(?<=[.!?])\s+", text)
    citations = []
    for r in cited:
        sentence = next((s for s in sentences if f"wiki/{r.id}.md" in s), text)
        citations.append(Citation(sentence, r.id, r.title, r.path))
    return Answer(text, True, by, citations)


def answer_with_model(paths: ProjectPaths, config: Config, response: QueryResponse, model: BaseChatModel | None) -> QueryResponse:
    """`response` with its answer composed by the reader agent (`model`, or the configured
    `model:` after the preflight). A model failure keeps the extractive answer and says why."""
    from dataclasses import replace

    from wikid.manager.agent.chat import configured_model, model_label

    label = config.model or ""
    if model is None:
        model = configured_model(config)
    else:
        label = model_label(model)
    pages: dict[str, str] = {}
    for r in response.results[:READER_PAGES]:
        try:
            data, _ = read_regular(paths.wiki / f"{r.id}.md")
            pages[r.id] = data.decode("utf-8", "replace")
        except (OSError, NotRegularFile):
            continue
    try:
        answer = reader_answer(model, response.query, response.results, pages, label)
    except Exception as exc:  # noqa: BLE001 - the extractive answer stays; the report says why
        if response.answer is None:
            return response
        return replace(response, answer=replace(
            response.answer, by=f"extractive (the reader agent failed: {type(exc).__name__}: {exc})"))
    return replace(response, answer=answer)
