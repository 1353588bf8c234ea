"""What the agent engine's model calls cost, per batch: calls, tokens, characters, seconds.

`Usage` is filled by a langchain callback (`UsageCounter`) passed to every model call,
so the figures are the same whichever mode or provider ran. Token counts come from the
provider's `usage_metadata` and stay 0 when the endpoint does not report them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler


@dataclass
class Usage:
    """One batch (tools mode) or one cluster's draft (draft mode)."""

    inputs: list[str]
    input_chars: int
    prompt_chars: int = 0
    model_calls: int = 0
    chars_sent: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    pages: int = 0
    error: str | None = None  # why the batch stopped early, when it did
    extra: dict[str, Any] = field(default_factory=dict)


class UsageCounter(BaseCallbackHandler):
    """Counts chat-model calls, the characters sent and the tokens the endpoint reports."""

    def __init__(self, usage: Usage) -> None:
        self.usage = usage

    def on_chat_model_start(self, serialized: Any, messages: list[list[Any]], **kwargs: Any) -> None:
        self.usage.model_calls += 1
        for batch in messages:
            for message in batch:
                content = getattr(message, "content", "")
                self.usage.chars_sent += len(content) if isinstance(content, str) else len(str(content))

    def on_llm_end(self, response: Any, **kwargs: Any) -> None:
        for generations in getattr(response, "generations", []) or []:
            for generation in generations:
                meta = getattr(getattr(generation, "message", None), "usage_metadata", None) or {}
                self.usage.prompt_tokens += int(meta.get("input_tokens") or 0)
                self.usage.completion_tokens += int(meta.get("output_tokens") or 0)


class Stopwatch:
    """Adds the wall time of a `with` block to a Usage's seconds."""

    def __init__(self, usage: Usage) -> None:
        self.usage = usage

    def __enter__(self) -> Usage:
        self.start = time.monotonic()
        return self.usage

    def __exit__(self, *exc: object) -> None:
        self.usage.seconds += time.monotonic() - self.start


def totals(batches: list[Usage]) -> dict[str, Any]:
    """The run's sums, for the report line and `--json`."""
    return {
        "model_calls": sum(b.model_calls for b in batches),
        "prompt_tokens": sum(b.prompt_tokens for b in batches),
        "completion_tokens": sum(b.completion_tokens for b in batches),
        "seconds": round(sum(b.seconds for b in batches), 2),
        "pages": sum(b.pages for b in batches),
    }
