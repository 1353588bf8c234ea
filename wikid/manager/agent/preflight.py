"""Check a `model:` setting before any file is touched (design §6).

`preflight(spec, options=...)` raises ConfigError with one message naming the setting
to fix when the agent stack or the provider package is missing, its API key is unset,
or the endpoint (`model_options.base_url`, a local ollama server) does not answer. An
endpoint on the loopback needs no API key. It imports nothing heavy: packages are
looked up with `find_spec`, the endpoint is asked with urllib.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from wikid.config import ConfigError


@dataclass(frozen=True)
class Provider:
    module: str  # importable package that init_chat_model uses
    pip: str  # what to install
    key_vars: tuple[str, ...] = ()  # any one of them is enough; () = no key needed


PROVIDERS: dict[str, Provider] = {
    "anthropic": Provider("langchain_anthropic", "langchain-anthropic", ("ANTHROPIC_API_KEY",)),
    "openai": Provider("langchain_openai", "langchain-openai", ("OPENAI_API_KEY",)),
    "azure_openai": Provider("langchain_openai", "langchain-openai", ("AZURE_OPENAI_API_KEY",)),
    "ollama": Provider("langchain_ollama", "langchain-ollama"),
    "google_genai": Provider("langchain_google_genai", "langchain-google-genai", ("GOOGLE_API_KEY", "GEMINI_API_KEY")),
    "google_vertexai": Provider("langchain_google_vertexai", "langchain-google-vertexai"),
    "mistralai": Provider("langchain_mistralai", "langchain-mistralai", ("MISTRAL_API_KEY",)),
    "groq": Provider("langchain_groq", "langchain-groq", ("GROQ_API_KEY",)),
    "deepseek": Provider("langchain_deepseek", "langchain-deepseek", ("DEEPSEEK_API_KEY",)),
    "xai": Provider("langchain_xai", "langchain-xai", ("XAI_API_KEY",)),
    "fireworks": Provider("langchain_fireworks", "langchain-fireworks", ("FIREWORKS_API_KEY",)),
    "together": Provider("langchain_together", "langchain-together", ("TOGETHER_API_KEY",)),
    "cohere": Provider("langchain_cohere", "langchain-cohere", ("COHERE_API_KEY",)),
    "bedrock": Provider("langchain_aws", "langchain-aws"),
    "bedrock_converse": Provider("langchain_aws", "langchain-aws"),
}

# init_chat_model's inference for a model name without `provider:` (the common ones).
_PREFIXES = (
    ("gpt-", "openai"), ("o1", "openai"), ("o3", "openai"), ("o4", "openai"), ("chatgpt", "openai"),
    ("claude", "anthropic"), ("gemini", "google_genai"), ("mistral", "mistralai"),
    ("command", "cohere"), ("deepseek", "deepseek"), ("grok", "xai"),
)

OLLAMA_DEFAULT = ("localhost", 11434)
CONNECT_TIMEOUT = 1.0
ENDPOINT_TIMEOUT = 5.0
AGENT_STACK = ("deepagents", "langchain")  # the `agent` extra: what the agent engine and reader import
AGENT_PIP = "pip install 'wikid[agent]'"


def is_loopback(url: str) -> bool:
    """Whether an endpoint URL names this machine (no key is needed to talk to it)."""
    host = (urlsplit(url).hostname or "").lower()
    return host in ("localhost", "::1") or host.startswith("127.")


def endpoint_answers(base_url: str, timeout: float = ENDPOINT_TIMEOUT) -> str | None:
    """None when an HTTP server answers at `base_url` (any status: it is there), else why not."""
    try:
        with urllib.request.urlopen(base_url.rstrip("/") + "/models", timeout=timeout):
            return None
    except urllib.error.HTTPError:
        return None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return str(reason) or type(exc).__name__


def provider_of(spec: str) -> str | None:
    """The provider a model spec names (`anthropic:claude-…` -> anthropic), or None if unknown."""
    spec = spec.strip()
    if ":" in spec:
        head = spec.split(":", 1)[0].strip().lower()
        if head in PROVIDERS:
            return head
    lowered = spec.lower()
    return next((p for prefix, p in _PREFIXES if lowered.startswith(prefix)), None)


def ollama_address(environ: Mapping[str, str]) -> tuple[str, int]:
    """Host and port of the ollama server: OLLAMA_HOST (`host`, `host:port`, a URL) or localhost:11434."""
    raw = (environ.get("OLLAMA_HOST") or "").strip()
    if not raw:
        return OLLAMA_DEFAULT
    parts = urlsplit(raw if "//" in raw else f"//{raw}")
    host = parts.hostname or OLLAMA_DEFAULT[0]
    if host in ("0.0.0.0", "::"):
        host = "localhost"
    try:
        port = parts.port or OLLAMA_DEFAULT[1]
    except ValueError:
        raise ConfigError(f"environment variable OLLAMA_HOST={raw!r} is not a host[:port]; fix it or unset it") from None
    return host, port


def _reachable(host: str, port: int, timeout: float) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def preflight(
    spec: str,
    environ: Mapping[str, str] | None = None,
    timeout: float = CONNECT_TIMEOUT,
    options: Mapping[str, Any] | None = None,
) -> str:
    """Check that `model: spec` with `model_options` can run here; return the provider
    name ('' if unknown).

    Raises ConfigError naming the setting (`model` / WIKID_MODEL, the key variable,
    `model_options.base_url`, OLLAMA_HOST) and, for a missing package, the pip command.
    """
    env = os.environ if environ is None else environ
    options = options or {}
    setting = f"`model: {spec}` (wikid.yaml or WIKID_MODEL)"
    missing = [m for m in AGENT_STACK if importlib.util.find_spec(m) is None]
    if missing:
        raise ConfigError(f"{setting} needs the agent engine's packages ({', '.join(missing)} missing): "
                          f"run `{AGENT_PIP}`, or unset `model` to use the offline engine")
    base_url = options.get("base_url")
    if isinstance(base_url, str) and base_url.strip():
        problem = endpoint_answers(base_url.strip(), max(timeout, ENDPOINT_TIMEOUT))
        if problem is not None:
            raise ConfigError(
                f"`model_options.base_url: {base_url}` (wikid.yaml or WIKID_MODEL_OPTIONS_BASE_URL): no model "
                f"server answers there ({problem}); start the server or fix the URL"
            )
    provider = provider_of(spec)
    if provider is None:
        # Another init_chat_model provider: langchain will check it at the first call.
        return ""
    info = PROVIDERS[provider]
    if importlib.util.find_spec(info.module) is None:
        raise ConfigError(
            f"{setting} needs the Python package {info.pip}, which is not installed; "
            f"run `pip install {info.pip}` or change `model`"
        )
    keyless = options.get("api_key") or (isinstance(base_url, str) and is_loopback(base_url))
    if info.key_vars and not keyless and not any((env.get(var) or "").strip() for var in info.key_vars):
        names = " or ".join(info.key_vars)
        raise ConfigError(
            f"{setting} needs an API key: set the environment variable {names} "
            f"(for the wikid process or its service unit), or change `model`"
        )
    if provider == "ollama" and not base_url:
        host, port = ollama_address(env)
        if not _reachable(host, port, timeout):
            raise ConfigError(
                f"{setting}: no ollama server answers at {host}:{port}; start it with `ollama serve`, "
                "set OLLAMA_HOST to where it runs, or change `model`"
            )
    return provider
