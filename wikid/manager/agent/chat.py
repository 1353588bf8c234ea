"""The configured chat model: `model:` plus `model_options:`, checked, then built.

Both the manager and the query reader get their model here, so a setting means the
same thing everywhere. The caller has run the preflight (`engine_name` for the manager,
`Project.search` for the reader: it asks the endpoint, so it runs once per run);
`timeout` defaults to DEFAULT_MODEL_TIMEOUT (a hung call is a model error), and an
endpoint on the loopback gets a placeholder API key (local servers ignore it, the
provider SDKs refuse to start without one) and no retries.

`call_options` sizes one call that wikid.yaml does not size itself: a `max_tokens`
for the reply the caller expects, and on a local endpoint a timeout that grows with the
prompt; `configured_model(config, **those)` builds the model for that call.
"""

from __future__ import annotations

from typing import Any

from wikid.config import DEFAULT_MODEL_TIMEOUT, Config, ConfigError
from wikid.manager.agent.preflight import PROVIDERS, is_loopback, provider_of

LOCAL_API_KEY = "not-needed"
# Providers whose chat models take `max_tokens` and `max_retries` from init_chat_model
# (the OpenAI-compatible servers a local model runs behind among them); for the others
# wikid sets only what wikid.yaml says.
SIZED_PROVIDERS = frozenset({"openai", "azure_openai", "anthropic"})
# How fast a local model reads a prompt and writes a reply, at the slow end: llama.cpp
# with a 1.5B model on 2 cores read 40-95 prompt tokens/s and wrote 13-30 tokens/s, less
# when another job took a core (docs/local-model.md); these are about a third of the lows, so
# a call on a busy machine still ends before its timeout. A token is ~3.5 characters.
LOCAL_PROMPT_TOKENS_PER_SECOND = 15.0
LOCAL_REPLY_TOKENS_PER_SECOND = 5.0
CHARS_PER_TOKEN = 3.5


def chat_options(config: Config) -> dict[str, Any]:
    """The keyword arguments init_chat_model gets for `config.model`."""
    options = {k: v for k, v in config.model_options.items() if v is not None}
    options.setdefault("timeout", DEFAULT_MODEL_TIMEOUT)
    base_url = options.get("base_url")
    provider = provider_of(config.model or "")
    keyed = provider is not None and PROVIDERS[provider].key_vars
    if isinstance(base_url, str) and is_loopback(base_url) and keyed and "api_key" not in options:
        options["api_key"] = LOCAL_API_KEY
    if local_endpoint(config) and provider in SIZED_PROVIDERS:
        # A local server that timed out once times out again: the SDK's retries sent the
        # same draft three times, 300 s each (issue 27). Hosted endpoints keep them, for
        # rate limits and dropped connections.
        options.setdefault("max_retries", 0)
    return options


def local_endpoint(config: Config) -> bool:
    """Whether the configured model is served on this machine (model_options.base_url)."""
    base_url = config.model_options.get("base_url")
    return isinstance(base_url, str) and is_loopback(base_url)


def call_options(config: Config, prompt_chars: int, reply_tokens: int) -> dict[str, Any]:
    """The options of one call that wikid.yaml leaves unset and that the call should
    have: `max_tokens` = `reply_tokens` (what the expected reply takes, with room), and
    on a local endpoint a `timeout` long enough to read a prompt of `prompt_chars` and
    write that reply at a slow machine's pace (DEFAULT_MODEL_TIMEOUT at least). Empty
    for a provider that takes no such options."""
    options = config.model_options
    if provider_of(config.model or "") not in SIZED_PROVIDERS:
        return {}
    out: dict[str, Any] = {}
    if options.get("max_tokens") is None:
        out["max_tokens"] = reply_tokens
    if options.get("timeout") is None and local_endpoint(config):
        tokens = int(options.get("max_tokens") or reply_tokens)
        needed = prompt_chars / CHARS_PER_TOKEN / LOCAL_PROMPT_TOKENS_PER_SECOND + tokens / LOCAL_REPLY_TOKENS_PER_SECOND
        out["timeout"] = float(max(DEFAULT_MODEL_TIMEOUT, round(needed)))
    return out


def configured_model(config: Config, **overrides: Any) -> Any:
    """The chat model `config` names (the caller has run the preflight), with `overrides`
    of its options for one call (see call_options); ConfigError says what to fix."""
    if not config.model:
        raise ConfigError("no chat model is configured: set `model` in wikid.yaml or WIKID_MODEL")
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(config.model, **{**chat_options(config), **overrides})
    except Exception as exc:
        raise ConfigError(f"`model: {config.model}` cannot be used: {type(exc).__name__}: {exc}") from exc


def model_label(model: Any, spec: str | None = None) -> str:
    """`provider:model` for `generated.by`: the configured spec, or the model's own name."""
    if spec:
        return spec
    for attr in ("model_name", "model", "model_id"):
        value = getattr(model, attr, None)
        if isinstance(value, str) and value:
            return value
    return type(model).__name__
