"""The manager: turns extracted documents into concept pages (design §2.5, §6).

Engines implement `Manager`. The pipeline hands them plain values and gets plain
values back; it alone writes pages, verifies citations and archives inputs, so the
invariants do not depend on which engine ran.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from wikid.config import Config


@dataclass(frozen=True)
class SourceDocument:
    """One non-conformant input, as text the engine may read (never the binary)."""

    input_rel: str  # path relative to input/; cited as /archive/<input_rel>
    text: str
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class ManagerResult:
    """Pages to write (concept id -> full page text) and why any input was left out."""

    pages: dict[str, str]
    notes: dict[str, str]


class Manager(Protocol):
    name: str

    def manage(self, documents: Sequence[SourceDocument], wiki_dir: Path) -> ManagerResult:
        """Cluster `documents`, match them against the wiki, and draft one page per entity."""
        ...


NO_ENGINE_MESSAGE = (
    "no manager engine is available yet; the file stays in input/ and is ingested "
    "once an engine is installed"
)


def select_manager(config: Config) -> Manager | None:
    """The engine `config` asks for, or None when no engine can run here."""
    return None
