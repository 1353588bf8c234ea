"""Backlinks: which pages link to a page, for the whole wiki, kept in memory.

Finding them means reading every page, which a request cannot do on a large wiki
(100,000 pages take seconds). So the server keeps the links of every page and the
reverse map, and brings them up to date in a background thread: a walk stats every
page (okf.bundle.walk_bundle) and reads again only those whose signature changed.
A request never waits for a walk: it gets the backlinks as last computed and, when
they are older than `max_age`, starts the next walk. Nothing is written anywhere.

Links are found as the linter finds them (okf.lint_markdown: outside code, inline and
reference-style, bundle-rooted or relative); a link counts when it leads to another
concept page. Titles come from the wiki's page cache (`.wikid/pages.json`, kept by
every batch), the slug standing in for a page it does not know yet.
"""

from __future__ import annotations

import posixpath
import threading
import time
from pathlib import Path

from wikid.fsio import read_regular
from wikid.okf.bundle import cached_titles, walk_bundle
from wikid.okf.concept_id import RESERVED_DIRS
from wikid.okf.lint_markdown import blank_code, find_links, resolve_link

FIRST_WAIT_SECONDS = 2.0  # a small wiki's first walk is done by then; a large one's is not waited for


def page_links(concept_id: str, text: str) -> frozenset[str]:
    """The concept ids a page links to (itself excluded)."""
    page_dir = posixpath.dirname(concept_id)
    targets = set()
    for link in find_links(blank_code(text)):
        resolved = resolve_link(link.target, page_dir)
        if resolved is None or resolved.outside or not resolved.path.endswith(".md"):
            continue
        target = resolved.path[: -len(".md")]
        parts = target.split("/")
        if parts[0] not in RESERVED_DIRS and parts[-1] not in ("index", "log") and target != concept_id:
            targets.add(target)
    return frozenset(targets)


class Backlinks:
    """The wiki's links, refreshed in the background (thread-safe)."""

    def __init__(self, wiki: Path, page_cache: Path, max_age: float = 30.0) -> None:
        self.wiki = wiki
        self.page_cache = page_cache
        self.max_age = max_age
        self._lock = threading.Lock()
        self._signatures: dict[str, list[int]] = {}
        self._links: dict[str, frozenset[str]] = {}
        self._back: dict[str, set[str]] = {}
        self._titles: dict[str, str] = {}
        self._walked_at: float | None = None  # monotonic time the last walk started
        self._walking: threading.Thread | None = None
        self._first = threading.Event()

    def start(self) -> None:
        """Begin the first walk (call when the server starts)."""
        self._kick()

    def _kick(self) -> None:
        with self._lock:
            if self._walking is not None and self._walking.is_alive():
                return
            self._walked_at = time.monotonic()
            self._walking = threading.Thread(target=self.refresh, name="wikid-backlinks", daemon=True)
            self._walking.start()

    def refresh(self) -> None:
        """One walk: re-read the pages whose signature changed, forget the ones gone."""
        try:
            current = walk_bundle(self.wiki).concepts
            changed = {i: s for i, s in current.items() if self._signatures.get(i) != s}
            gone = self._signatures.keys() - current.keys()
            read: dict[str, frozenset[str]] = {}
            for concept_id in changed:
                try:
                    data, _ = read_regular(self.wiki / f"{concept_id}.md")
                except OSError:
                    data = b""
                read[concept_id] = page_links(concept_id, data.decode("utf-8", "replace"))
            titles = cached_titles(self.page_cache) if changed or gone else None
            with self._lock:
                for concept_id in [*gone, *read]:
                    for target in self._links.pop(concept_id, frozenset()):
                        self._back.get(target, set()).discard(concept_id)
                    self._signatures.pop(concept_id, None)
                for concept_id, targets in read.items():
                    self._links[concept_id] = targets
                    self._signatures[concept_id] = changed[concept_id]
                    for target in targets:
                        self._back.setdefault(target, set()).add(concept_id)
                if titles is not None:
                    self._titles = titles
        finally:
            self._first.set()

    def of(self, concept_id: str) -> list[tuple[str, str]] | None:
        """(id, title) of the pages linking to `concept_id`, by title; None until the first
        walk is done. Starts a walk when the last one is older than `max_age`."""
        if self._walked_at is None or time.monotonic() - self._walked_at >= self.max_age:
            self._kick()
        if not self._first.wait(FIRST_WAIT_SECONDS):
            return None
        with self._lock:
            found = [(i, self._titles.get(i) or i.rsplit("/", 1)[-1]) for i in self._back.get(concept_id, ())]
        return sorted(found, key=lambda item: (item[1].casefold(), item[0]))
