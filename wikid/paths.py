"""Where things live in a wikid project (design §1).

Each path is computed once per `ProjectPaths` (a batch asks for `wiki` and `archive`
for every page it writes, and joining paths is not free).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path


@dataclass(frozen=True)
class ProjectPaths:
    root: Path

    @cached_property
    def input(self) -> Path:
        return self.root / "input"

    @cached_property
    def wiki(self) -> Path:
        return self.root / "wiki"

    @cached_property
    def archive(self) -> Path:
        return self.wiki / "archive"

    @cached_property
    def state(self) -> Path:
        return self.root / ".wikid"

    @cached_property
    def lock(self) -> Path:
        return self.state / "lock"

    @cached_property
    def last_run(self) -> Path:
        return self.state / "last_run.json"

    @cached_property
    def ignored(self) -> Path:
        return self.state / "ignored.json"

    @cached_property
    def page_cache(self) -> Path:
        return self.state / "pages.json"

    @cached_property
    def owned(self) -> Path:
        return self.state / "owned.json"

    @cached_property
    def rollback(self) -> Path:
        return self.state / "rollback"

    @cached_property
    def extract_staging(self) -> Path:
        return self.state / "extract"

    @cached_property
    def journal(self) -> Path:
        return self.state / "journal.json"

    @cached_property
    def batch_progress(self) -> Path:
        """How far the batch running now got (intake.progress), for `wikid status`."""
        return self.state / "batch.json"

    @cached_property
    def daemon_state(self) -> Path:
        return self.state / "daemon.json"

    @cached_property
    def retry_request(self) -> Path:
        """`wikid retry` asking the running daemon to forget remembered failures."""
        return self.state / "retry.json"

    @cached_property
    def query_index(self) -> Path:
        return self.state / "query-index"

    @property
    def query_journal(self) -> Path:
        """The running daemon's list of pages changed since it stored the query index."""
        return self.state / "query-journal"

    @property
    def query_folders(self) -> Path:
        """The wiki's folders as the stored query index last found them (wikid.query.folders)."""
        return self.state / "query-folders"

    @cached_property
    def query_socket(self) -> Path:
        return self.state / "query.sock"
