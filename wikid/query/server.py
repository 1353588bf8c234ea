"""The daemon's side of `wikid query`: a warm index in memory, served on a Unix socket.

* `WarmIndex` holds the index between queries. The daemon's loop refreshes it after
  each batch (the pages the batch wrote) and after edits in `wiki/` (a walk); the
  watcher's events name the pages that changed, and a query first re-checks those
  (by content hash, like any refresh), so a page saved a moment ago is already
  searchable. A failure to refresh is logged and the previous index keeps serving:
  the index is a cache, never a reason to stop.
* With inotify watching wiki/ (not the polling observer, which misses an edit that
  keeps size and mtime), it also keeps the change journal (wikid.query.journal):
  each time it stores the index it vouches for that generation, and each page the
  watcher reports goes into the journal as into its own pending set. A `wikid query`
  that cannot reach the socket then checks only those pages instead of walking.
* `QueryServer` listens on `.wikid/query.sock` in a background thread, one JSON
  request per connection (a line of at most MAX_REQUEST bytes, read within
  TIMEOUT_SECONDS), one JSON reply. A bad or slow request gets an error reply or is
  dropped; nothing a client sends ends the thread. Requests are served one at a
  time: each takes milliseconds, and a single thread cannot be flooded into
  spawning more.
* The socket is mode 0600 from the moment it has its public name: it is bound in a
  fresh 0700 directory, chmod-ed, then renamed into place. (Setting the umask
  instead would change the mode of files other threads create meanwhile.)
"""

from __future__ import annotations

import json
import logging
import os
import select
import shutil
import socket
import tempfile
import threading
from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import Any

from wikid.config import load_config
from wikid.paths import ProjectPaths
from wikid.query.client import PROTOCOL, TIMEOUT_SECONDS, socket_address
from wikid.query.index import QueryIndex, empty_index
from wikid.query.journal import Journal
from wikid.query.results import QueryRequest, QueryResponse
from wikid.query.search import execute, wiki_reader
from wikid.query.store import refresh
from wikid.query.stored import open_index, save

log = logging.getLogger("wikid")

MAX_REQUEST = 64 * 1024
MAX_QUERY_CHARS = 4096
MAX_K = 1000
ACCEPT_RETRY_SECONDS = 0.2


class WarmIndex:
    """The daemon's in-memory index. Thread-safe: the loop refreshes, the server queries."""

    def __init__(self, paths: ProjectPaths) -> None:
        self.paths = paths
        self._lock = threading.Lock()
        self._index: QueryIndex | None = None
        self._dirty: set[str] = set()
        self._walk = True  # something changed that needs a walk of wiki/ to find
        self._unsaved = False
        self._generation: str | None = None  # of the stored index that holds what self._index holds
        self._journal: Journal | None = None

    def keep_journal(self) -> None:
        """From now on a watcher reports every change to wiki/ (`changed`): vouch for the
        stored index in the journal. Call before the first refresh."""
        self._journal = Journal(self.paths.query_journal)

    def changed(self, concept_id: str | None) -> None:
        """A page changed in wiki/ (None: a directory, so any page below it may have,
        or events were lost)."""
        with self._lock:
            if concept_id is None:
                self._walk = True
            else:
                self._dirty.add(concept_id)
            if self._journal is not None:
                self._journal.note(concept_id)

    def _refreshed(self, full: bool, pages: Collection[str] = ()) -> QueryIndex:
        """The index brought up to date (lock held): pending pages and `pages`, or the whole wiki."""
        if self._index is None:
            stored = open_index(self.paths.query_index)
            try:
                self._index = stored.materialize() if stored else empty_index()
                self._generation = stored.generation if stored else None
            except (ValueError, UnicodeError):  # a corrupt file: rebuilt
                self._index = empty_index()
            full = True
        if full or self._walk or self._dirty or pages:
            scope = None if full or self._walk else self._dirty | set(pages)
            self._index, changed = refresh(self._index, self.paths.wiki, scope)
            self._unsaved |= changed
            self._dirty.clear()
            self._walk = False
        return self._index

    def refresh(self, pages: Collection[str] | None = None) -> None:
        """Refresh - the pages named (what a batch wrote), or the whole wiki (a walk) -,
        store the index if it changed since it was stored or the file stored is not the
        one it stored (`wikid reindex` wrote one, say), and vouch for it in the journal."""
        try:
            with self._lock:
                index = self._refreshed(full=pages is None, pages=pages or ())
                stored = open_index(self.paths.query_index)
                if self._unsaved or stored is None or stored.generation != self._generation:
                    self._generation = save(self.paths.query_index, index)
                    self._unsaved = False
                if self._journal is not None:
                    self._journal.start(self._generation, [*self._dirty, *([None] if self._walk else [])])
        except Exception as exc:  # noqa: BLE001 - the index is a cache: log, keep serving the previous one
            log.warning("query index refresh failed: %s: %s", type(exc).__name__, exc)

    def close(self) -> None:
        """Stop vouching for the stored index: call before the watcher stops."""
        with self._lock:
            if self._journal is not None:
                self._journal.stop()

    def query(self, request: QueryRequest) -> QueryResponse:
        if request.k is None:  # the client left it to wikid.yaml, as it is now
            request = replace(request, k=load_config(self.paths.root).query.k)
        with self._lock:
            index = self._refreshed(full=False)
        return replace(execute(index, request, wiki_reader(self.paths.wiki)), via="daemon")


def parse_request(data: bytes) -> QueryRequest:
    """Validate one request line; ValueError says what is wrong with it."""
    try:
        message = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("the request is not JSON") from None
    if not isinstance(message, dict) or message.get("protocol") != PROTOCOL:
        raise ValueError(f"expected a JSON object with protocol {PROTOCOL}")
    query, k, kind, answer = (message.get(key) for key in ("query", "k", "type", "answer"))
    if not isinstance(query, str) or not query.strip() or len(query) > MAX_QUERY_CHARS:
        raise ValueError(f"`query` must be a non-empty string of at most {MAX_QUERY_CHARS} characters")
    if k is not None and (not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K):
        raise ValueError(f"`k` must be null or an integer from 1 to {MAX_K}")
    if kind is not None and not isinstance(kind, str):
        raise ValueError("`type` must be a string or null")
    if not isinstance(answer, bool):
        raise ValueError("`answer` must be true or false")
    return QueryRequest(query, k, kind, answer)


class QueryServer:
    def __init__(self, warm: WarmIndex, path: Path) -> None:
        self.warm = warm
        self.path = path
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._inode: int | None = None
        # The accept loop sleeps in select() on the socket and this pipe: stop() writes
        # to the pipe, so an idle daemon does not wake up to poll a stop flag.
        self._wake_r, self._wake_w = os.pipe()

    def start(self) -> None:
        """Warm the index, then listen, in a background thread."""
        self._thread = threading.Thread(target=self._run, name="wikid-query", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._wake_w < 0:
            return  # stopped before
        os.write(self._wake_w, b"x")
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._thread is None or not self._thread.is_alive():
            for fd in (self._wake_r, self._wake_w):
                os.close(fd)
            self._wake_r = self._wake_w = -1

    def _bind(self) -> socket.socket:
        staging = Path(tempfile.mkdtemp(prefix=".query-", dir=self.path.parent))  # mode 0700
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            temp = staging / "sock"
            with socket_address(temp) as address:
                listener.bind(address)
            os.chmod(temp, 0o600)
            os.replace(temp, self.path)
            self._inode = os.lstat(self.path).st_ino
        except BaseException:
            listener.close()
            raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        listener.listen(16)
        return listener

    def _run(self) -> None:
        # Listen only once the index is warm: until then clients find no daemon and
        # answer from the stored index themselves instead of waiting for this one.
        self.warm.refresh()
        if self._stop.is_set():
            return
        try:
            listener = self._bind()
        except OSError as exc:
            log.warning("wikid query cannot reach this daemon: %s cannot be created (%s)", self.path, exc)
            return
        log.info("answering queries on %s", self.path)
        try:
            waited: list[socket.socket | int] = [listener, self._wake_r]
            while not self._stop.is_set():
                ready, _, _ = select.select(waited, [], [])
                if self._wake_r in ready:
                    break
                try:
                    conn, _ = listener.accept()
                except OSError as exc:  # e.g. out of file descriptors: wait, do not spin
                    log.warning("query socket: %s", exc)
                    self._stop.wait(ACCEPT_RETRY_SECONDS)
                    continue
                with conn:
                    self._handle(conn)
        finally:
            listener.close()
            try:
                if os.lstat(self.path).st_ino == self._inode:
                    self.path.unlink()
            except OSError:
                pass

    def _handle(self, conn: socket.socket) -> None:
        reply: dict[str, Any]
        try:
            conn.settimeout(TIMEOUT_SECONDS)
            data = b""
            while b"\n" not in data and len(data) <= MAX_REQUEST:
                chunk = conn.recv(1 << 16)
                if not chunk:
                    break
                data += chunk
            if len(data) > MAX_REQUEST:
                reply = {"protocol": PROTOCOL, "error": f"request larger than {MAX_REQUEST} bytes"}
            else:
                request = parse_request(data.split(b"\n", 1)[0])
                reply = {"protocol": PROTOCOL, "response": self.warm.query(request).to_dict()}
        except ValueError as exc:
            reply = {"protocol": PROTOCOL, "error": str(exc)}
        except OSError:
            return  # the client went away or was too slow
        except Exception as exc:  # a bug must cost one reply, never the server thread
            log.exception("query failed")
            reply = {"protocol": PROTOCOL, "error": f"internal error: {type(exc).__name__}"}
        try:
            conn.sendall(json.dumps(reply, ensure_ascii=False).encode() + b"\n")
        except OSError:
            pass
