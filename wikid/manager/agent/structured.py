"""Ask a chat model for one `Draft`: structured output when the model supports it,
else JSON in plain text read leniently, with one retry that quotes the problem.

A model error (connection, timeout, rate limit) propagates; a reply that is not a
Draft after the retry raises DraftUnreadable.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from wikid.manager.agent.schema import Draft, DraftUnreadable, bounded_schema, read_draft, schema_text

TEXT_INSTRUCTION = "Reply with one JSON object only, no prose, matching this JSON schema:\n"


def _structured(model: Any, schema: type[Draft] | dict[str, Any]) -> Any | None:
    """The model bound to the Draft schema, or None when it has no structured output."""
    try:
        return model.with_structured_output(schema, method="json_schema", include_raw=True)
    except (NotImplementedError, ValueError, TypeError, AttributeError):
        return None


def ask_draft(model: Any, messages: list[BaseMessage], callbacks: list[Any],
              bounded: bool = False) -> tuple[Draft, str]:
    """The model's Draft for `messages`, and how it was obtained (structured | text | retry).
    `bounded`: constrain the reply with schema.bounded_schema (a local endpoint)."""
    config = {"callbacks": callbacks}
    bound = _structured(model, bounded_schema() if bounded else Draft)
    if bound is not None:
        out = bound.invoke(messages, config=config)
        if out.get("parsed") is not None:
            return read_draft(out["parsed"]), "structured"
        raw = out.get("raw")
        reply = getattr(raw, "content", "") if raw is not None else ""
        history = messages
    else:
        history = [*messages, HumanMessage(TEXT_INSTRUCTION + schema_text())]
        reply = model.invoke(history, config=config).content
    try:
        return read_draft(reply), "text"
    except DraftUnreadable as problem:
        retry = [*history, AIMessage(content=str(reply)),
                 HumanMessage(f"That reply cannot be used: {problem}. {TEXT_INSTRUCTION}{schema_text()}")]
        again = model.invoke(retry, config=config).content
        return read_draft(again), "retry"
