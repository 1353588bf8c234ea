"""Which engine a run uses, and building it (design §2.5): the agent engine's heavy
imports happen here, only when it is chosen. A module of its own, apart from the
manager's interface in `wikid.manager`, because it imports the engines and they import
that interface: the two in one module were an import circle."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Any

from wikid.config import Config, ConfigError
from wikid.manager import Manager


def agent_selected(config: Config, model: Any | None = None) -> bool:
    """Whether a run uses the agent engine (without checking that it can run)."""
    if config.engine == "auto":
        return bool(config.model or model is not None)
    return config.engine == "agent"


def engine_name(config: Config, model: Any | None = None) -> str:
    """The engine a run will use; raises ConfigError up front when it cannot run.

    `model` is a ready chat model passed through the Python API; it selects the agent
    engine unless `engine: offline` is set. A configured `model:` string is checked
    by the preflight (package, API key, local server) before any file is touched.
    """
    engine = "agent" if agent_selected(config, model) else "offline"
    if engine == "agent":
        if model is not None:
            return engine
        if not config.model:
            raise ConfigError(
                "`engine: agent` needs a chat model: set `model` in wikid.yaml or WIKID_MODEL "
                "(e.g. anthropic:claude-sonnet-4-5), or set `engine: offline`"
            )
        from wikid.manager.agent.preflight import preflight

        preflight(config.model, options=config.model_options)
    return engine


def select_manager(config: Config, when: datetime, model: Any | None = None) -> Manager:
    """Build the engine `config` asks for (heavy imports happen here, only when needed)."""
    if engine_name(config, model) == "agent":
        from wikid.manager.agent.chat import configured_model

        label = None
        remodel = None
        if model is None:
            model = configured_model(config)
            label = config.model
            remodel = functools.partial(configured_model, config)
        if config.agent.mode == "tools":
            from wikid.manager.agent.tools import ToolsEngine

            return ToolsEngine(model, config, when, label)
        from wikid.manager.agent.draft import DraftEngine

        return DraftEngine(model, config, when, label, remodel)
    from wikid.manager.offline.engine import OfflineEngine

    return OfflineEngine(config.offline, when)
