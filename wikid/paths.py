"""Where things live in a wikid project (design §1)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ProjectPaths:
    root: Path

    @property
    def input(self) -> Path:
        return self.root / "input"

    @property
    def wiki(self) -> Path:
        return self.root / "wiki"

    @property
    def archive(self) -> Path:
        return self.wiki / "archive"

    @property
    def state(self) -> Path:
        return self.root / ".wikid"

    @property
    def lock(self) -> Path:
        return self.state / "lock"

    @property
    def last_run(self) -> Path:
        return self.state / "last_run.json"

    @property
    def ignored(self) -> Path:
        return self.state / "ignored.json"

    @property
    def page_cache(self) -> Path:
        return self.state / "pages.json"

    @property
    def owned(self) -> Path:
        return self.state / "owned.json"

    @property
    def rollback(self) -> Path:
        return self.state / "rollback"

    @property
    def extract_staging(self) -> Path:
        return self.state / "extract"

    @property
    def journal(self) -> Path:
        return self.state / "journal.json"

    @property
    def daemon_state(self) -> Path:
        return self.state / "daemon.json"

    @property
    def retry_request(self) -> Path:
        """`wikid retry` asking the running daemon to forget remembered failures."""
        return self.state / "retry.json"

    @property
    def query_index(self) -> Path:
        return self.state / "query-index"

    @property
    def query_journal(self) -> Path:
        """The running daemon's list of pages changed since it stored the query index."""
        return self.state / "query-journal"

    @property
    def query_socket(self) -> Path:
        return self.state / "query.sock"
