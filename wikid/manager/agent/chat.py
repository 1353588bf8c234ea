"""The configured chat model: `model:` plus `model_options:`, checked, then built.

Both the manager and the query reader get their model here, so a setting means the
same thing everywhere. The caller has run the preflight (`engine_name` for the manager,
`Project.search` for the reader: it asks the endpoint, so it runs once per run);
`timeout` defaults to DEFAULT_MODEL_TIMEOUT (a hung call is a model error), and an
endpoint on the loopback gets a placeholder API key (local servers ignore it, the
provider SDKs refuse to start without one).
"""

from __future__ import annotations

from typing import Any

from wikid.config import DEFAULT_MODEL_TIMEOUT, Config, ConfigError
from wikid.manager.agent.preflight import PROVIDERS, is_loopback, provider_of

LOCAL_API_KEY = "not-needed"


def chat_options(config: Config) -> dict[str, Any]:
    """The keyword arguments init_chat_model gets for `config.model`."""
    options = {k: v for k, v in config.model_options.items() if v is not None}
    options.setdefault("timeout", DEFAULT_MODEL_TIMEOUT)
    base_url = options.get("base_url")
    provider = provider_of(config.model or "")
    keyed = provider is not None and PROVIDERS[provider].key_vars
    if isinstance(base_url, str) and is_loopback(base_url) and keyed and "api_key" not in options:
        options["api_key"] = LOCAL_API_KEY
    return options


def configured_model(config: Config) -> Any:
    """The chat model `config` names (the caller has run the preflight); ConfigError says what to fix."""
    if not config.model:
        raise ConfigError("no chat model is configured: set `model` in wikid.yaml or WIKID_MODEL")
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(config.model, **chat_options(config))
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
