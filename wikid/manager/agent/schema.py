"""The typed page draft a model fills in draft mode, and lenient reading of it.

The model never writes a page: it returns a `Draft` (through structured output, or as
JSON in plain text), and wikid renders and verifies the page (draft.py, render.py).
The schema is small on purpose: a 1.5B model constrained to it by the server's
grammar fills it correctly, while free-form pages defeated it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, Field, ValidationError

# Bounds on what one reply may hold: the reply's length is most of a small local model's
# time (it generates ~10 tokens/s on 2 cores), and a page needs no more.
MAX_FACTS = 20
MAX_SECTIONS = 3
# What a reply that fills the schema takes, in tokens, as the compact JSON the prompt
# asks for: a fact (attribute, value, source id, date) ~40, a section (heading, two or
# three sentences, source ids) ~150, the rest (title, type, description, a summary of
# up to four sentences, up to ten related titles) ~400, an input path ~20.
FACT_TOKENS, SECTION_TOKENS, OTHER_TOKENS, INPUT_TOKENS = 40, 150, 400, 20


def reply_tokens(inputs: int) -> int:
    """`max_tokens` for one draft of a cluster of `inputs` documents: a reply with every
    fact and section the schema allows, and half as much again. A reply cut short is
    unreadable JSON, so the bound only stops a model that runs on (repeating itself)."""
    full = OTHER_TOKENS + MAX_FACTS * FACT_TOKENS + MAX_SECTIONS * SECTION_TOKENS + inputs * INPUT_TOKENS
    return full * 3 // 2


class Fact(BaseModel):
    """One value one source states for one attribute."""

    attribute: str = Field(description="what the value is, e.g. 'Payment terms', 'Price per kg', 'Contact'")
    value: str = Field(description="the value exactly as the source writes it: a few words or a number, not a sentence")
    source: str = Field(description="the id of the source that states it")
    date: str | None = Field(default=None, description="the date (YYYY-MM-DD) that source states for it, or null")


class Section(BaseModel):
    heading: str = Field(description="a short heading")
    text: str = Field(description="two or three sentences, from the sources")
    sources: list[str] = Field(default_factory=list, description="ids of the sources this text comes from")


class Draft(BaseModel):
    """One concept page about one entity."""

    title: str = Field(description="the entity's name (not a document's title)")
    type: str = Field(description="the kind of entity, one or two words: Vendor, Product, Tool, Person, Contract ...")
    description: str = Field(description="one sentence saying what the entity is")
    summary: str = Field(description="two to four sentences: what the sources say about the entity")
    facts: list[Fact] = Field(max_length=MAX_FACTS, description="every short attribute value a source states (a few "
                              "words or a number each, copied from a `Name: value` line or a sentence), one per "
                              "source and attribute")
    sections: list[Section] = Field(default_factory=list, max_length=MAX_SECTIONS)
    related: list[str] = Field(default_factory=list, max_length=10, description="titles of related pages from the list")
    inputs: list[str] = Field(default_factory=list, description="the input paths this page covers")


# The longest text each field may hold, in characters: sent as maxLength to a local
# endpoint, whose grammar-constrained decoding then ends a string a small model would
# repeat until max_tokens (the 1.5B model wrote one section's sentence over and over:
# the whole reply thrown away). Hosted providers refuse maxLength in strict schemas and
# get the plain one; wikid trims what it keeps either way.
MAX_CHARS = {"title": 120, "type": 40, "description": 400, "summary": 1200, "attribute": 80, "value": 200,
             "source": 80, "date": 20, "heading": 80, "text": 900, "sources": 80, "related": 120, "inputs": 300}


def bounded_schema() -> dict[str, Any]:
    """The Draft's JSON schema with every string bounded by MAX_CHARS (strings in lists
    each): for a local endpoint's constrained decoding."""
    schema = Draft.model_json_schema()

    def bound(node: dict[str, Any]) -> None:
        for name, prop in node.get("properties", {}).items():
            limit = MAX_CHARS.get(name)
            for option in [prop, *prop.get("anyOf", [])]:
                target = option.get("items", {}) if option.get("type") == "array" else option
                if limit and target.get("type") == "string":
                    target["maxLength"] = limit

    for node in [schema, *schema.get("$defs", {}).values()]:
        bound(node)
    return schema


class DraftUnreadable(ValueError):
    """The model's reply is not a Draft; the message says why (quoted back in the retry)."""


_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def _json_object(text: str) -> Any:
    """The first JSON object in `text`: inside a code fence or bare, trailing commas
    forgiven (small models add them)."""
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    for candidate in candidates:
        start, end = candidate.find("{"), candidate.rfind("}")
        if start < 0 or end <= start:
            continue
        chunk = candidate[start:end + 1]
        for attempt in (chunk, _TRAILING_COMMA.sub(r"\1", chunk)):
            try:
                return json.loads(attempt)
            except json.JSONDecodeError:
                continue
    raise DraftUnreadable("the reply holds no JSON object")


def read_draft(reply: Any) -> Draft:
    """A Draft from a structured-output result (a Draft or a dict) or a text reply."""
    if isinstance(reply, Draft):
        return reply
    data = reply if isinstance(reply, dict) else _json_object(str(reply))
    if isinstance(data, dict) and isinstance(data.get("properties"), dict) and "title" not in data:
        data = data["properties"]  # some models echo the schema's wrapper around the values
    if isinstance(data, dict):
        data.setdefault("facts", [])  # required of a model constrained to the schema; none is a fine answer
    try:
        return Draft.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'reply'}: {e['msg']}" for e in exc.errors()[:5])
        raise DraftUnreadable(f"the JSON does not match the draft schema ({problems})") from None


def schema_text() -> str:
    """The JSON schema, for a model asked to answer in plain text."""
    return json.dumps(Draft.model_json_schema(), separators=(",", ":"))
