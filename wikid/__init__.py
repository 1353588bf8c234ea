"""wikid — a drop-folder daemon that keeps an OKF wiki true.

    from wikid import Project
    report = Project("my-project").update()
"""

from wikid._version import __version__
from wikid.config import Config, ConfigError
from wikid.intake.classify import Bucket, Reason
from wikid.intake.report import Action, FileResult, UpdateReport
from wikid.lock import ProjectLocked
from wikid.project import InputStatus, Project, ProjectNotFound, StatusReport
from wikid.query.results import Answer, EmptyWiki, QueryResponse, QueryResult

__all__ = [
    "Action",
    "Answer",
    "Bucket",
    "Config",
    "ConfigError",
    "EmptyWiki",
    "FileResult",
    "InputStatus",
    "Project",
    "ProjectLocked",
    "ProjectNotFound",
    "QueryResponse",
    "QueryResult",
    "Reason",
    "StatusReport",
    "UpdateReport",
    "__version__",
]
