"""wikid — a drop-folder daemon that keeps an OKF wiki true.

    from wikid import Project
    report = Project("my-project").update()

    from wikid import Daemon
    Daemon(Project("my-project")).run()  # `wikid watch`, until SIGTERM/SIGINT

The names below are imported on first use (PEP 562), so importing one part of wikid —
the extraction worker, the query client — does not import all of it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from wikid._version import __version__

_EXPORTS = {
    "Action": "wikid.intake.report",
    "Answer": "wikid.query.results",
    "BatchFailed": "wikid.project",
    "Bucket": "wikid.intake.classify",
    "Config": "wikid.config",
    "ConfigError": "wikid.config",
    "Daemon": "wikid.daemon.service",
    "EmptyWiki": "wikid.query.results",
    "FileResult": "wikid.intake.report",
    "InputStatus": "wikid.project",
    "Project": "wikid.project",
    "ProjectLocked": "wikid.lock",
    "ProjectNotFound": "wikid.project",
    "QueryResponse": "wikid.query.results",
    "QueryResult": "wikid.query.results",
    "Reason": "wikid.intake.classify",
    "RetryReport": "wikid.project",
    "ServiceNotInstalled": "wikid.project",
    "ServiceReport": "wikid.project",
    "StatusReport": "wikid.project",
    "UpdateReport": "wikid.intake.report",
    "serve_forever": "wikid.serve.server",
}

__all__ = [
    "Action",
    "Answer",
    "BatchFailed",
    "Bucket",
    "Config",
    "ConfigError",
    "Daemon",
    "EmptyWiki",
    "FileResult",
    "InputStatus",
    "Project",
    "ProjectLocked",
    "ProjectNotFound",
    "QueryResponse",
    "QueryResult",
    "Reason",
    "RetryReport",
    "ServiceNotInstalled",
    "ServiceReport",
    "StatusReport",
    "UpdateReport",
    "__version__",
    "serve_forever",
]

if TYPE_CHECKING:
    from wikid.config import Config, ConfigError
    from wikid.daemon.service import Daemon
    from wikid.intake.classify import Bucket, Reason
    from wikid.intake.report import Action, FileResult, UpdateReport
    from wikid.lock import ProjectLocked
    from wikid.project import (
        BatchFailed,
        InputStatus,
        Project,
        ProjectNotFound,
        RetryReport,
        ServiceNotInstalled,
        ServiceReport,
        StatusReport,
    )
    from wikid.query.results import Answer, EmptyWiki, QueryResponse, QueryResult
    from wikid.serve.server import serve_forever


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'wikid' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
