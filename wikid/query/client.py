"""`wikid query`'s side: ask the daemon's warm index, else use the stored one.

The daemon is tried first, over `.wikid/query.sock`, with a short timeout: a daemon
that is busy, stale or from another wikid version must not make a query slower than
answering it here. numpy and the index code are imported only for that fallback, so
a query the daemon answers costs the process nothing but the round trip.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from wikid.paths import ProjectPaths
from wikid.query.results import EmptyWiki, QueryRequest, QueryResponse

PROTOCOL = 3  # 2: results may come from source texts (and carry `source`); 3: `k` may be null
TIMEOUT_SECONDS = 2.0
MAX_REPLY = 64 * 1024 * 1024
# sun_path holds 108 bytes; longer socket paths are reached through the directory's fd.
MAX_SOCKET_PATH = 100
# How many times a query without the daemon re-ranks after finding pages it was about
# to show changed on disk (answer_here).
RECHECKS = 3


@contextmanager
def socket_address(path: Path) -> Iterator[str]:
    """An address for `path` that fits in sun_path, however deep the project lies."""
    if len(os.fsencode(path)) < MAX_SOCKET_PATH:
        yield str(path)
        return
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        yield f"/proc/self/fd/{fd}/{path.name}"
    finally:
        os.close(fd)


def ask_daemon(path: Path, request: QueryRequest) -> QueryResponse | None:
    """The daemon's response, or None when no daemon answers properly in time."""
    message = json.dumps({"protocol": PROTOCOL, **request.__dict__}).encode() + b"\n"
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn, socket_address(path) as address:
            conn.settimeout(TIMEOUT_SECONDS)
            conn.connect(address)
            conn.sendall(message)
            chunks, size = [], 0
            while chunk := conn.recv(1 << 16):
                chunks.append(chunk)
                size += len(chunk)
                if size > MAX_REPLY:
                    return None
        reply = json.loads(b"".join(chunks))
        if reply.get("protocol") != PROTOCOL or "error" in reply:
            return None
        return QueryResponse.from_dict(reply["response"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def run_query(paths: ProjectPaths, request: QueryRequest, default_k: Callable[[], int]) -> QueryResponse:
    """Answer `request` for the project; raise EmptyWiki when there is nothing to search.
    A request without `k` is answered with `default_k()` here (the daemon reads its own)."""
    response = ask_daemon(paths.query_socket, request)
    if response is None:
        if request.k is None:
            request = replace(request, k=default_k())
        response = answer_here(paths, request)
    if response.concepts == 0:
        raise EmptyWiki("the wiki has no concept pages yet: drop files into input/ and run `wikid update`")
    return response


def answer_here(paths: ProjectPaths, request: QueryRequest) -> QueryResponse:
    """Answer `request` from the stored index, checked by the daemon's journal or else by
    the wiki's folders (query.folders), and then the pages it is about to show: a page
    among them that changed since it was indexed (an edit in place shows in no folder)
    is indexed anew and the query ranked again, until the pages shown are as indexed
    (at most RECHECKS times: a page rewritten without pause is shown as it is read)."""
    from wikid.query.search import rank, respond, wiki_reader
    from wikid.query.store import fresh_index, stale_pages

    index = fresh_index(paths.query_index, paths.wiki, paths.query_journal, folders_path=paths.query_folders)
    ranking = rank(index, request)
    changed: set[str] = set()
    for _ in range(RECHECKS):
        stale = stale_pages(index, paths.wiki, ranking.pages)
        if not stale:
            break
        changed.update(stale)  # all of them: a reader that cannot store refreshes from the stored file each time
        index = fresh_index(paths.query_index, paths.wiki, pages=changed, folders_path=paths.query_folders)
        ranking = rank(index, request)
    return respond(index, request, ranking, wiki_reader(paths.wiki))
