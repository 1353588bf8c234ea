"""`wikid.yaml` plus environment overrides, validated up front.

Every key is optional. An unknown key or a value of the wrong type is an error that
names the key and where it came from (the file or the environment variable), so a
typo never silently falls back to a default.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields, is_dataclass, replace
from pathlib import Path
from typing import Any

import yaml

CONFIG_NAME = "wikid.yaml"


class ConfigError(ValueError):
    """The configuration cannot be used; the message says which key and how to fix it."""


@dataclass(frozen=True)
class WatchConfig:
    stability_seconds: float = 5.0
    batch_quiet_seconds: float = 10.0
    batch_max_wait_seconds: float = 120.0
    rescan_seconds: float = 300.0
    polling: bool | str = "auto"


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity, which a cgroup cpuset or
    systemd's CPUAffinity= narrows), else the machine's."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


@dataclass(frozen=True)
class LimitsConfig:
    max_file_mb: float = 100.0
    extract_timeout_seconds: float = 120.0
    extract_memory_mb: float = 1024.0  # per worker
    extract_workers: int = field(default_factory=available_cpus)  # worker processes extracting a batch at once


@dataclass(frozen=True)
class ExtractConfig:
    """Where a batch's documents are extracted (wikid/extract/executor.py): `local`, this
    machine's pool of workers; `dask`, the workers of a dask.distributed cluster whose
    scheduler is `scheduler`. `shared_input`: where the cluster's workers see this
    project's input/ folder, when they share its filesystem (a task then carries a path
    instead of the file's bytes)."""

    executor: str = "local"
    scheduler: str | None = None
    shared_input: str | None = None


@dataclass(frozen=True)
class AgentConfig:
    # draft: wikid clusters and gathers the evidence, the model fills one typed draft per
    # cluster (structured output), wikid renders and verifies the page -- what a small
    # local model can drive. tools: the model drives a deepagents tool loop (strong models).
    mode: str = "draft"
    batch_chars: int = 200_000  # tools mode: text per agent batch
    draft_chars: int = 12_000  # draft mode: document text shown to the model per cluster
    # Show the model the images of documents (photos, scans, figures) beside their OCR
    # text: auto = when the model's profile says it accepts images.
    images: bool | str = "auto"


@dataclass(frozen=True)
class OfflineConfig:
    """Thresholds of the offline manager engine (see wikid/manager/offline/cluster.py)."""

    cluster_threshold: float = 0.15
    name_threshold: float = 0.35
    match_threshold: float = 0.25
    default_type: str = "Topic"


@dataclass(frozen=True)
class QueryConfig:
    k: int = 10


@dataclass(frozen=True)
class Config:
    engine: str = "auto"
    model: str | None = None
    # Passed to langchain's init_chat_model with the model: base_url, temperature,
    # timeout (seconds; a call past it is a model error), max_tokens, and any option
    # the provider takes (max_retries, api_key, ...).
    model_options: dict[str, Any] = field(default_factory=dict)
    watch: WatchConfig = field(default_factory=WatchConfig)
    ignore: tuple[str, ...] = ()
    limits: LimitsConfig = field(default_factory=LimitsConfig)
    extract: ExtractConfig = field(default_factory=ExtractConfig)
    agent: AgentConfig = field(default_factory=AgentConfig)
    offline: OfflineConfig = field(default_factory=OfflineConfig)
    query: QueryConfig = field(default_factory=QueryConfig)

    @property
    def max_file_bytes(self) -> int:
        return int(self.limits.max_file_mb * 1024 * 1024)


_CHOICES: dict[str, tuple[Any, ...]] = {
    "engine": ("auto", "offline", "agent"),
    "watch.polling": ("auto", True, False),
    "agent.mode": ("draft", "tools"),
    "extract.executor": ("local", "dask"),
    "agent.images": ("auto", True, False),
}
# Allowed ranges (low, high, whether low itself is allowed) of the numeric settings
# that have one; the others only must not be negative. A value out of range would
# crash a command (`query.k: 0`) or fail every document (a 0 s extraction timeout).
_RANGES: dict[str, tuple[float, float, bool]] = {
    "query.k": (1, 10_000, True),
    "limits.max_file_mb": (0, float("inf"), False),
    "limits.extract_timeout_seconds": (0, float("inf"), False),
    "limits.extract_memory_mb": (64, float("inf"), True),
    "limits.extract_workers": (1, float("inf"), True),
    "watch.batch_max_wait_seconds": (0, float("inf"), False),
    "watch.rescan_seconds": (0, float("inf"), False),
    "agent.batch_chars": (1, float("inf"), True),
    "agent.draft_chars": (1, float("inf"), True),
    "offline.cluster_threshold": (0, 1, True),
    "offline.name_threshold": (0, 1, True),
    "offline.match_threshold": (0, 1, True),
}


def _range_text(low: float, high: float, inclusive: bool) -> str:
    def show(x: float) -> str:
        return f"{x:g}" if isinstance(x, float) else f"{x:,}"
    if high == float("inf"):
        return f"at least {show(low)}" if inclusive else f"more than {show(low)}"
    return f"between {show(low)} and {show(high)}" if inclusive else f"more than {show(low)} and at most {show(high)}"


# The model options wikid knows the type of; any other key goes to the provider as is.
MODEL_OPTION_TYPES: dict[str, tuple[type, ...]] = {
    "base_url": (str,), "temperature": (int, float), "timeout": (int, float), "max_tokens": (int,),
    "max_retries": (int,), "api_key": (str,),
}
DEFAULT_MODEL_TIMEOUT = 300.0  # seconds; a model call that hangs longer fails the batch's remaining drafts


def _model_options(value: Any, origin: str) -> dict[str, Any]:
    """`model_options`: a mapping of init_chat_model keyword arguments; the known ones typed."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and k.isidentifier() for k in value):
        raise ConfigError(f"{origin}: `model_options` must be a mapping of option names to values "
                          f"(e.g. base_url: http://127.0.0.1:8080/v1), not {value!r}")
    for key, option in value.items():
        types = MODEL_OPTION_TYPES.get(key)
        if types is None or option is None:
            continue
        if isinstance(option, bool) or not isinstance(option, types):
            raise ConfigError(f"{origin}: `model_options.{key}` must be {' or '.join(t.__name__ for t in types)}, not {option!r}")
        if key == "base_url" and isinstance(option, str) and not option.strip().startswith(("http://", "https://")):
            raise ConfigError(f"{origin}: `model_options.base_url` must be an http(s) URL such as http://127.0.0.1:8080/v1, not {option!r}")
        if key in ("timeout", "max_tokens") and isinstance(option, int | float) and option <= 0:
            raise ConfigError(f"{origin}: `model_options.{key}` must be positive, got {option!r}")
    return dict(value)


# A dask.distributed address: a protocol and where (tcp://10.0.0.5:8786, tls://host:8786).
_SCHEDULER = re.compile(r"[a-z][a-z0-9+]*://\S+")


def _check(key: str, value: Any, default: Any, origin: str) -> Any:
    """Coerce one scalar to the type of its default, or raise naming key and origin."""
    choices = _CHOICES.get(key)
    if choices is not None:
        if not any(value == c and type(value) is type(c) for c in choices):
            allowed = " | ".join(str(c).lower() if isinstance(c, bool) else c for c in choices)
            raise ConfigError(f"{origin}: `{key}` must be one of {allowed}, not {value!r}")
        return value
    if key == "model":
        if value is None or (isinstance(value, str) and value.strip()):
            return value
        raise ConfigError(f"{origin}: `model` must be a provider string such as anthropic:claude-sonnet-4-5, not {value!r}")
    if key == "model_options":
        return _model_options(value, origin)
    if key == "extract.scheduler":
        if value is None or (isinstance(value, str) and _SCHEDULER.fullmatch(value.strip())):
            return value.strip() if isinstance(value, str) else None
        raise ConfigError(f"{origin}: `extract.scheduler` must be a Dask scheduler address such as "
                          f"tcp://HOST:8786, not {value!r}")
    if key == "extract.shared_input":
        if value is None or (isinstance(value, str) and value.startswith("/")):
            return value
        raise ConfigError(f"{origin}: `extract.shared_input` must be an absolute path (where the Dask workers "
                          f"see this project's input/ folder), not {value!r}")
    if key == "ignore":
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        raise ConfigError(f"{origin}: `ignore` must be a list of glob patterns, not {value!r}")
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    else:
        ok = isinstance(value, type(default))
    if not ok:
        raise ConfigError(
            f"{origin}: `{key}` must be {type(default).__name__} (like {default!r}), not {value!r}"
        )
    if isinstance(value, (int, float)) and value < 0:
        raise ConfigError(f"{origin}: `{key}` must not be negative, got {value!r}")
    if key in _RANGES and isinstance(value, (int, float)):
        low, high, inclusive = _RANGES[key]
        if not ((value >= low if inclusive else value > low) and value <= high):
            raise ConfigError(f"{origin}: `{key}` must be {_range_text(low, high, inclusive)}, not {value!r}")
    return value


def _apply(base: Any, data: dict[str, Any], origin: str, prefix: str = "") -> Any:
    """Return `base` (a config dataclass) with the keys of `data` applied and checked."""
    known = {f.name: f for f in fields(base)}
    changes: dict[str, Any] = {}
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if not isinstance(key, str) or key not in known:
            raise ConfigError(
                f"{origin}: unknown key `{dotted}`; known keys here: {', '.join(sorted(known))}"
            )
        current = getattr(base, key)
        if key == "model_options" and isinstance(value, dict):
            changes[key] = {**current, **_check(dotted, value, current, origin)}
            continue
        if is_dataclass(current):
            if value is None:
                continue
            if not isinstance(value, dict):
                raise ConfigError(f"{origin}: `{dotted}` must be a mapping of settings, not {value!r}")
            changes[key] = _apply(current, value, origin, f"{dotted}.")
        else:
            changes[key] = _check(dotted, value, current, origin)
    return replace(base, **changes)


def _env_overrides(environ: dict[str, str]) -> list[tuple[str, dict[str, Any]]]:
    """Map `WIKID_<SECTION>_<KEY>` / `WIKID_<KEY>` variables to config fragments."""
    found = []
    defaults = Config()
    for f in fields(Config):
        section = getattr(defaults, f.name)
        if is_dataclass(section):
            for sub in fields(section):
                var = f"WIKID_{f.name}_{sub.name}".upper()
                if var in environ:
                    found.append((var, {f.name: {sub.name: _env_value(var, environ[var])}}))
        else:
            var = f"WIKID_{f.name}".upper()
            if var in environ:
                found.append((var, {f.name: _env_value(var, environ[var])}))
    prefix = "WIKID_MODEL_OPTIONS_"
    for var in sorted(v for v in environ if v.startswith(prefix) and len(v) > len(prefix)):
        found.append((var, {"model_options": {var[len(prefix):].lower(): _env_value(var, environ[var])}}))
    return found


def _env_value(var: str, raw: str) -> Any:
    try:
        return yaml.safe_load(raw) if raw.strip() else None
    except yaml.YAMLError:
        raise ConfigError(f"environment variable {var}={raw!r} is not a readable value") from None


def load_config(project: Path, environ: dict[str, str] | None = None) -> Config:
    """Read `<project>/wikid.yaml` (if present) and apply environment overrides."""
    env = dict(os.environ if environ is None else environ)
    config = Config()
    path = project / CONFIG_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc}); fix or remove the file") from None
    if text is not None:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path}: not valid YAML: {exc}") from None
        if data is not None and not isinstance(data, dict):
            raise ConfigError(f"{path}: must be a mapping of settings, not {type(data).__name__}")
        config = _apply(config, data or {}, str(path))
    for var, fragment in _env_overrides(env):
        config = _apply(config, fragment, f"environment variable {var}")
    if config.extract.executor == "dask" and not config.extract.scheduler:
        raise ConfigError(f"{path} or the environment: `extract.executor` is dask but `extract.scheduler` is not set; "
                          "give the Dask scheduler's address (tcp://HOST:8786, or WIKID_EXTRACT_SCHEDULER)")
    return config


DEFAULT_CONFIG_TEXT = """\
# wikid configuration. Every key is optional; the values shown are the defaults.
# Any key can be overridden from the environment as WIKID_<SECTION>_<KEY> or
# WIKID_<KEY> (for example WIKID_MODEL, WIKID_WATCH_STABILITY_SECONDS).

# engine: auto               # auto | offline | agent   (auto = agent when a model is set)
# model: null                # e.g. anthropic:claude-sonnet-4-5, or openai:qwen for a local server
# model_options:             # passed to the chat model (WIKID_MODEL_OPTIONS_<KEY> overrides one)
#   base_url: http://127.0.0.1:8080/v1   # an OpenAI-compatible endpoint (llama.cpp, vLLM, LM Studio);
#                                        # one on the loopback needs no API key
#   temperature: 0
#   timeout: 300               # seconds; a call that hangs longer is a model error (unset:
#                              # 300, and for a draft on a local endpoint, grows with the prompt)
#   max_tokens: 2048           # unset: a draft gets what its reply schema needs

# watch:
#   stability_seconds: 5       # quiet time + unchanged size/mtime before a file is ready
#   batch_quiet_seconds: 10    # input/ quiet this long -> run the batch
#   batch_max_wait_seconds: 120
#   rescan_seconds: 300        # full rescan safety net
#   polling: auto              # auto (polling on network filesystems) | true | false

# ignore: []                   # extra glob patterns, relative to input/ (e.g. "drafts/**")

# limits:
#   max_file_mb: 100
#   extract_timeout_seconds: 120
#   extract_memory_mb: 1024    # per extraction worker
#   extract_workers: 4         # files extracted at once, a worker each (default: the number of CPUs)

# extract:                     # where documents are extracted (pip install 'wikid[dask]' for dask)
#   executor: local            # local: this machine's workers | dask: a dask.distributed cluster
#   scheduler: null            # with dask: the scheduler's address, e.g. tcp://10.0.0.5:8786
#   shared_input: null         # where the Dask workers see input/ when they share its filesystem
#                              # (tasks then carry paths, not the files' bytes)

# agent:
#   mode: draft                # draft: one typed draft per cluster, rendered by wikid | tools: a tool loop
#   draft_chars: 12000         # draft mode: document text shown to the model per cluster
#   batch_chars: 200000        # tools mode: text per agent batch
#   images: auto               # show document images to the model: auto (when its profile
#                              # says it accepts images) | true | false

# offline:                     # the model-free manager engine
#   cluster_threshold: 0.15    # content similarity at which two documents describe one entity
#   name_threshold: 0.35       # mean similarity of the names two groups of documents mention, to merge them
#   match_threshold: 0.25      # similarity at which a cluster updates an existing concept
#   default_type: Topic        # page type when no document states one

# query:
#   k: 10
"""
