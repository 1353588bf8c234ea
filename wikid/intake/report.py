"""What a batch did, file by file: the value `Project.update()` returns.

The CLI formats it for people (`summary()`, `lines()`) and for programs
(`to_dict()`, stable keys).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum

from wikid.images import describe_counts
from wikid.intake.classify import Bucket, Reason

Progress = Callable[[int, int, str], None]  # (done, total, what) for a progress display


class Action(StrEnum):
    CREATED = "created"  # a new page was written
    UPDATED = "updated"  # an existing, different page was archived and replaced
    UNCHANGED = "unchanged"  # the identical page was already there; the original was archived
    IGNORED = "ignored"  # left in input/ with a reason code
    RETRY = "retry"  # a transient problem; the file stays in input/ and is tried again


@dataclass(frozen=True)
class FileResult:
    input: str  # path relative to input/
    bucket: Bucket
    action: Action
    reason: Reason | None = None
    message: str = ""
    page: str | None = None  # wiki-relative page path
    archived_as: str | None = None  # wiki-relative path of the archived original
    previous_archived_as: str | None = None  # where the replaced page's old bytes went
    images: dict[str, int] = field(default_factory=dict)  # a document's images by wikid.images.ImageOutcome

    def to_dict(self) -> dict[str, object]:
        # Every field is a str, an enum, None or the flat `images` counts: no deep copy
        # (asdict) needed, which for a batch of thousands of files is most of the cost of
        # recording it.
        def plain(value: object) -> object:
            return str(value) if isinstance(value, StrEnum) else dict(value) if isinstance(value, dict) else value

        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}

    def line(self) -> str:
        """One line for people (the CLI's report, the daemon's log): what happened, where
        the page and the original went, and the reason code of a file left in input/."""
        target = f" -> wiki/{self.page}" if self.page and self.action != Action.RETRY else ""
        reason = f" [{self.reason}]" if self.reason else ""
        notes = [self.message]
        if self.archived_as:
            notes.append(f"original archived as wiki/{self.archived_as}")
        if self.previous_archived_as:
            notes.append(f"previous version archived as wiki/{self.previous_archived_as}")
        if self.images:
            notes.append(describe_counts(self.images))
        shown = self.input.replace("\n", "\\n")
        return f"{self.action:<9} input/{shown}{target}{reason}: {'; '.join(notes)}"


@dataclass
class UpdateReport:
    started_at: str
    finished_at: str = ""
    files: list[FileResult] = field(default_factory=list)
    indexes_changed: list[str] = field(default_factory=list)
    log_entries: int = 0
    recovery: str | None = None  # what was done about a batch interrupted earlier
    lint: str | None = None  # one-line lint summary of the pages this batch wrote
    engine_stats: dict[str, object] = field(default_factory=dict)  # agent: model calls, characters sent
    pages_refreshed: list[str] = field(default_factory=list)  # pages rewritten that no input of the batch cites
    # Pages the offline engine wrote earlier and this batch superseded: renamed or
    # merged because later documents said more -> the page that now holds their sources.
    pages_moved: dict[str, str] = field(default_factory=dict)
    # What the batch could not finish although its files are safe (a full disk: log.md,
    # index.md, the remembered ignores not written), each saying what to do.
    warnings: list[str] = field(default_factory=list)
    failed: str | None = None  # why the batch stopped before any file was taken (then files is empty)

    def by_action(self, action: Action) -> list[FileResult]:
        return [f for f in self.files if f.action == action]

    @property
    def changed_wiki(self) -> bool:
        return bool(self.indexes_changed or self.log_entries or self.pages_refreshed or self.pages_moved) or any(
            f.action in (Action.CREATED, Action.UPDATED, Action.UNCHANGED) for f in self.files
        )

    def not_processed(self) -> list[FileResult]:
        """The files neither processed nor deliberately ignored: left in input/ for a
        reason outside them (a full disk, a folder they cannot be read or moved out of, a
        model or an extraction worker that failed) and tried again. `wikid update` exits
        non-zero when there are any, so a script or a service manager can tell."""
        return [f for f in self.files if f.action == Action.RETRY or f.reason == Reason.IO_FAILED]

    def counts(self) -> dict[str, int]:
        return {str(a): len(self.by_action(a)) for a in Action}

    def summary(self) -> str:
        parts = [f"{n} {name}" for name, n in self.counts().items() if n]
        return "nothing to do: input/ is empty" if not parts else ", ".join(parts)

    def model_cost(self) -> str | None:
        """What the agent engine's model calls cost this batch, in one line (None when
        no model ran): calls, tokens when the endpoint reports them, seconds."""
        stats = self.engine_stats
        calls = stats.get("model_calls")
        if not isinstance(calls, int):
            return None
        parts = [f"{calls} model call{'s' if calls != 1 else ''}"]
        prompt, completion = stats.get("prompt_tokens"), stats.get("completion_tokens")
        if isinstance(prompt, int) and isinstance(completion, int) and (prompt or completion):
            parts.append(f"{prompt:,} prompt + {completion:,} completion tokens")
        seconds = stats.get("seconds")
        if isinstance(seconds, (int, float)):
            parts.append(f"{seconds:.1f} s")
        return f"agent ({stats.get('mode', 'agent')} mode): " + ", ".join(parts)

    def to_dict(self) -> dict[str, object]:
        return {
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "counts": self.counts(),
            "files": [f.to_dict() for f in self.files],
            "indexes_changed": self.indexes_changed,
            "log_entries": self.log_entries,
            "recovery": self.recovery,
            "lint": self.lint,
            "engine_stats": self.engine_stats,
            "pages_refreshed": self.pages_refreshed,
            "pages_moved": self.pages_moved,
            "warnings": self.warnings,
            "failed": self.failed,
        }
