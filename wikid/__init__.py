"""wikid — a drop-folder daemon that keeps an OKF wiki true.

    from wikid import Project
    report = Project("my-project").update()
"""

from wikid.config import Config, ConfigError
from wikid.intake.classify import Bucket, Reason
from wikid.intake.report import Action, FileResult, UpdateReport
from wikid.lock import ProjectLocked
from wikid.project import InputStatus, Project, ProjectNotFound, StatusReport

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Bucket",
    "Config",
    "ConfigError",
    "FileResult",
    "InputStatus",
    "Project",
    "ProjectLocked",
    "ProjectNotFound",
    "Reason",
    "StatusReport",
    "UpdateReport",
    "__version__",
]
