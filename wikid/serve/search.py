"""Search for `wikid serve` without the daemon in the same process: the stored index,
checked against the pages in the background instead of on every keystroke.

A check of the stored index against every page is a walk of wiki/, 0.3 s at 10,000
pages on the 2-CPU development machine (bench/serve.py) - not for a box that searches
as one types. So this asks a running daemon first, as `wikid query`
(query.client.run_query) does, and otherwise answers at once from the index as last
checked, starting the next check (query.store.fresh_index, a walk) in a thread once
that one is more than MAX_AGE_SECONDS old. The ranking is query.search.execute's, as for every query;
a page edited by hand is found by the search a check later. The first search waits
for the first check.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

from wikid.paths import ProjectPaths
from wikid.query.client import ask_daemon
from wikid.query.index import Searchable
from wikid.query.results import EmptyWiki, QueryRequest, QueryResponse
from wikid.query.search import execute, wiki_reader
from wikid.query.store import fresh_index

MAX_AGE_SECONDS = 2.0


class StoredSearch:
    """The web server's search over the stored index (thread-safe)."""

    def __init__(self, paths: ProjectPaths, default_k: Callable[[], int], max_age: float = MAX_AGE_SECONDS) -> None:
        self.paths = paths
        self.default_k = default_k
        self.max_age = max_age
        self._lock = threading.Lock()
        self._index: Searchable | None = None
        self._checked_at = 0.0
        self._checking: threading.Thread | None = None

    def _check(self) -> None:
        index = fresh_index(self.paths.query_index, self.paths.wiki, self.paths.query_journal)
        with self._lock:
            self._index = index

    def _current(self) -> Searchable:
        with self._lock:
            index, stale = self._index, time.monotonic() - self._checked_at >= self.max_age
            if stale and (self._checking is None or not self._checking.is_alive()):
                self._checked_at = time.monotonic()
                self._checking = threading.Thread(target=self._check, name="wikid-search-check", daemon=True)
                self._checking.start()
            checking = self._checking
        if index is None and checking is not None:
            checking.join()  # the first search: nothing checked to answer from yet
            with self._lock:
                index = self._index
        if index is None:  # the check failed: do it here, so the error is this request's
            self._check()
            index = self._index
        assert index is not None
        return index

    def __call__(self, text: str) -> QueryResponse:
        request = QueryRequest(text, None)
        response = ask_daemon(self.paths.query_socket, request)
        if response is None:
            response = execute(self._current(), replace(request, k=self.default_k()), wiki_reader(self.paths.wiki))
        if response.concepts == 0:
            raise EmptyWiki("the wiki has no concept pages yet: drop files into input/ and run `wikid update`")
        return response
