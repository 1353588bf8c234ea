"""What the model is shown in draft mode: one cluster's evidence, bounded.

Versioned: change DRAFT_PROMPT_VERSION whenever the text changes. The documents'
text is shared out over the cluster's sources (`agent.draft_chars` in all, the most
descriptive source first), so a prompt never outgrows a small model's context.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from wikid.manager.agent.prompt import UNTRUSTED_RULE

DRAFT_PROMPT_VERSION = "wikid-agent-draft/5"
MIN_SOURCE_CHARS = 600

SYSTEM = f"""\
You write one page of a team's knowledge wiki about one entity (a product, tool,
organisation, person, contract, service, process or topic), from the source documents
the user gives you. wikid turns your JSON answer into the page. {UNTRUSTED_RULE}

Fill in:
* title: the entity's name as the sources write it, not a document's title.
* type: the kind of entity in one or two words (Vendor, Tool, Library, Contract,
  Service, Person, Runbook, Meeting ...).
* description: one sentence saying what the entity is.
* summary: two to four sentences of what the sources say about it.
* facts: each attribute value a source states (terms, prices, limits, versions,
  contacts ...) that wikid does not already have: one fact per source and attribute, the value copied exactly
  as the source writes it (a few words or a number, never a sentence), the source's
  id, and the date that source states (YYYY-MM-DD) or null. A line such as
  `Delivery time: 5 days` in source `acme-2025` dated 2025-02-10 is the fact
  {{"attribute": "Delivery time", "value": "5 days", "source": "acme-2025", "date": "2025-02-10"}}.
  When sources disagree, give each source's value: wikid builds the conflict table
  from the dates.
* sections: up to three short sections (two or three sentences each) a reader needs (what it does, how it is used,
  terms, history ...) that the summary does not already say, each with the ids of
  the sources it comes from.
* related: titles of related pages, only from the list of existing pages.
* inputs: the input paths this page covers -- all of them, unless a document is
  about a different entity.
Write in the language of the documents. Use only what the documents say. Be brief:
at most 20 facts, the most important first. Write the JSON compactly, without indentation.
"""


@dataclass(frozen=True)
class Evidence:
    """One source of the cluster, as the model sees it."""

    id: str
    input: str | None  # its input path when it is a document of this batch
    title: str
    kind: str | None
    date: date | None
    text: str


def _share(evidence: list[Evidence], budget: int) -> list[str]:
    """Each source's excerpt: the budget shared out, what a short one leaves going to the rest."""
    out = [""] * len(evidence)
    left = max(budget, MIN_SOURCE_CHARS * len(evidence))
    order = sorted(range(len(evidence)), key=lambda i: len(evidence[i].text))
    for n, i in enumerate(order):
        share = left // (len(order) - n)
        text = evidence[i].text
        out[i] = text if len(text) <= share else text[:share].rsplit(" ", 1)[0] + " …"
        left -= len(out[i])
    return out


def draft_messages(
    guess_title: str,
    guess_type: str | None,
    evidence: list[Evidence],
    known: list[tuple[str, str, str, date | None]],
    candidates: list[tuple[str, str, str, date | None]],
    pages: list[str],
    earlier: tuple[str, str] | None,
    budget: int,
    images: list[dict[str, Any]] | None = None,
) -> list[BaseMessage]:
    """The system and user messages for one cluster: wikid's guesses, the page it
    updates (title, description), the sources with excerpts, the facts wikid's own
    reading found (attribute, value, source id, date: the model need not repeat them,
    its reply is most of its time), candidate `Name: value` lines to keep or leave, the
    existing pages' titles, and the sources' images as content blocks
    (manager.agent.images) for a model that accepts them."""
    kind = f", a {guess_type}" if guess_type else " (decide its type)"
    lines = [f"wikid's guess: the entity is \"{guess_title}\"{kind}."]
    if earlier:
        lines.append(f"This updates the existing page \"{earlier[0]}\": {earlier[1]}")
    lines.append("")
    lines.append("Sources:")
    for e, excerpt in zip(evidence, _share(evidence, budget), strict=True):
        where = f"input `{e.input}`" if e.input else "cited by the existing page"
        lines.append(f"\n### source id `{e.id}` -- {e.title} ({e.kind or 'document'}, "
                     f"{e.date.isoformat() if e.date else 'undated'}; {where})\n{excerpt}")
    if known:
        lines.append("\nFacts wikid already has (attribute | value | source | date); do not repeat them in `facts`:")
        lines += [f"* {a} | {v} | {s} | {d.isoformat() if d else 'undated'}" for a, v, s, d in known]
    if candidates:
        lines.append("\nCandidate facts from the sources (attribute | value | source | date): put in `facts` "
                     "those that describe the entity:")
        lines += [f"* {a} | {v} | {s} | {d.isoformat() if d else 'undated'}" for a, v, s, d in candidates]
    lines.append("In `facts`, add any other value the text states that is not listed above.")
    lines.append("\nExisting pages: " + ("; ".join(pages) if pages else "(none)"))
    inputs = [e.input for e in evidence if e.input]
    lines.append("\nInputs of this cluster: " + ", ".join(f"`{i}`" for i in inputs))
    if not images:
        return [SystemMessage(SYSTEM), HumanMessage("\n".join(lines))]
    lines.append("\nImages of the sources follow, each after a line naming its source; a fact read in an image "
                 "cites that source.")
    return [SystemMessage(SYSTEM), HumanMessage([{"type": "text", "text": "\n".join(lines)}, *images])]
