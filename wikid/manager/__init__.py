"""The manager: turns extracted documents into concept pages (design §2.5, §6).

Engines implement `Manager`. The pipeline hands them plain values and gets plain
values back; it alone writes pages, verifies citations and archives inputs, so the
invariants do not depend on which engine ran.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from wikid.images import Figure


@dataclass(frozen=True)
class SourceDocument:
    """One non-conformant input, as text the engine may read (never the binary)."""

    input_rel: str  # path relative to input/; cited as /archive/<input_rel>
    text: str
    warnings: tuple[str, ...] = ()
    info: Mapping[str, str] = field(default_factory=dict)  # the document's own properties (extract.base.INFO_KEYS)
    images: Mapping[str, int] = field(default_factory=dict)  # how many of its images had each ImageOutcome
    figures: tuple[Figure, ...] = ()  # its images' text and place, with pictures when kept for a model


@dataclass(frozen=True)
class ExistingConcept:
    """A concept page already in the wiki, as an engine sees it."""

    id: str  # bundle path without .md, e.g. "vendor/acme-corp"
    frontmatter: dict[str, Any]
    body: str

    @property
    def title(self) -> str:
        value = self.frontmatter.get("title")
        return value if isinstance(value, str) and value.strip() else self.id.rsplit("/", 1)[-1]

    @property
    def sources(self) -> list[dict[str, Any]]:
        value = self.frontmatter.get("sources")
        return [s for s in value if isinstance(s, dict)] if isinstance(value, list) else []


class WikiView(Protocol):
    """Read-only access to the wiki for an engine."""

    def concepts(self) -> list[ExistingConcept]:
        """Every concept page (not index.md/log.md, not the archive), sorted by id."""
        ...

    def archived_text(self, resource: str) -> str | None:
        """The text of a `/archive/...` file (an extracted-text copy), or None if missing."""
        ...

    def fresh_pages(self) -> list[str]:
        """Concept ids the batch wrote before the engine ran (conformant pages copied from input/)."""
        ...

    def owned_pages(self) -> set[str]:
        """Concept ids of pages the offline engine wrote that nobody has changed since
        (intake/owned.py): the engine may re-derive, rename or merge these."""
        ...


class BlankWiki:
    """The WikiView of a wiki with no pages yet: for calling an engine on documents
    alone (scripts, benchmarks, tests) without a project on disk."""

    def concepts(self) -> list[ExistingConcept]:
        return []

    def archived_text(self, resource: str) -> str | None:
        return None

    def fresh_pages(self) -> list[str]:
        return []

    def owned_pages(self) -> set[str]:
        return set()


@dataclass(frozen=True)
class ManagerResult:
    """Pages to write (concept id -> full page text) and why any input was left out.

    A page cites an input through a `sources` entry whose `resource` is the
    placeholder `/archive/<input-rel>`; the pipeline verifies every input is cited,
    archives it, then rewrites the placeholder to the real archive path and adds
    `text:` (the archived extracted-text copy) to that entry.
    """

    pages: dict[str, str]
    notes: dict[str, str] = field(default_factory=dict)  # input_rel -> why it was not used
    stats: dict[str, Any] = field(default_factory=dict)  # engine-specific costs (agent: per-batch model calls)
    # Pages the engine owns that this result supersedes -> the page that now holds
    # most of their sources (a page renamed, or merged into another). The pipeline
    # removes one only if it is still unedited and every source it cites is cited by
    # a page of the result.
    removed: dict[str, str] = field(default_factory=dict)


class Manager(Protocol):
    name: str

    def manage(self, documents: Sequence[SourceDocument], wiki: WikiView) -> ManagerResult:
        """Cluster `documents`, match them against the wiki, and draft one page per entity."""
        ...
