"""A scripted chat model that drives the real deepagents graph offline (anchors.md:
GenericFakeChatModel has no bind_tools). Each step is an AIMessage, a callable
(messages -> AIMessage) or an exception to raise; after the script it says "done".
A call without a system message is deepagents' summarization: it gets a fixed summary
and does not consume a step."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import PrivateAttr

_ids = itertools.count(1)

Step = AIMessage | Callable[[list[BaseMessage]], AIMessage] | BaseException


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"name": name, "args": args, "id": f"call-{next(_ids)}", "type": "tool_call"}


def calls(*tool_calls: dict[str, Any]) -> AIMessage:
    return AIMessage(content="", tool_calls=list(tool_calls))


class ScriptedChatModel(BaseChatModel):
    steps: list[Any]
    model_name: str = "scripted"
    _position: int = PrivateAttr(default=0)
    _seen: list[list[BaseMessage]] = PrivateAttr(default_factory=list)
    _tools: list[str] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def seen(self) -> list[list[BaseMessage]]:
        return self._seen

    @property
    def tool_names(self) -> list[str]:
        return self._tools

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        self._tools[:] = [getattr(t, "name", None) or (t.get("name") if isinstance(t, dict) else str(t)) for t in tools]
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        self._seen.append(list(messages))
        if not any(m.type == "system" for m in messages):  # deepagents' summarization call
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content="Summary of the work so far."))])
        if self._position < len(self.steps):
            step = self.steps[self._position]
            self._position += 1
        else:
            step = AIMessage(content="done")
        if isinstance(step, BaseException):
            raise step
        message = step(messages) if callable(step) else step
        return ChatResult(generations=[ChatGeneration(message=message)])
