"""Benchmark `wikid serve`: page render, revalidation, index pages and search latency.

For each N in --sizes (default 10000,100000) a wiki of N generated pages (bench/query.py's
generator: 100 per folder, Zipf words, no source texts) with its index.md files and
query index, and one page copied into wiki/archive/ as a plain file. Then, over one
keep-alive HTTP connection from this process, each figure is the median of --requests
requests, taking turns with the same number of requests for that static file from the
same server (the baseline: what the server costs when nothing is rendered or searched):

* page         -- GET a concept page: read, parse the frontmatter, render and sanitize
                  the Markdown, the fact box and the backlinks, in the template.
* page, 304    -- the same GET with the ETag the browser holds: a stat and a hash.
* folder index -- GET a folder (its index.md of 100 concepts, paginated).
* root index   -- GET /wiki/ (N/100 folders: the longest index of the wiki).
* search, watch --serve -- GET /search?q=...&fragment=1 (what search-as-you-type
                  asks) answered from the daemon's warm index.
* search, serve alone -- the same from a `wikid serve` with no daemon: answered from
                  the stored index as last checked against the pages, the next check
                  (a walk of wiki/) running in the background every 2 s meanwhile
                  (wikid/serve/search.py); --alone-requests requests.
* backlinks ready -- seconds from the server's start until a page shows its backlinks
                  (the first walk reads every page); no baseline.

Usage: python bench/serve.py [--sizes 10000,100000] [--requests 200] [--alone-requests 200] [--keep DIR] [--json]
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote, urlsplit

import table  # bench/table.py
from query import Text, bench_env, generate, queries, scratch  # bench/query.py
from table import Row, attempt, progress

from wikid import Project
from wikid.okf.bundle import regenerate_indexes

BASELINE = "static file, same server"
START_SECONDS = 3600


@contextmanager
def server(project: Path, *args: str) -> Iterator[tuple[str, float]]:
    """`wikid <args> --port 0` on the project: its base URL and the monotonic time it started."""
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project), *args, "--port", "0"],
                               env=bench_env(), stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    assert process.stderr is not None
    try:
        url = None
        for line in process.stderr:
            if " on http://" in line:
                url = line.split(" on ", 1)[1].split()[0].rstrip("/")
                break
        if url is None:
            raise RuntimeError(f"wikid {' '.join(args)} did not start (exit {process.wait()})")
        threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # keep draining it
        yield url, started
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=600)


class Client:
    """One keep-alive connection; `get` returns (seconds, status, body)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[float, int, bytes]:
        start = time.perf_counter()
        self.conn.request("GET", path, headers=headers or {})
        response = self.conn.getresponse()
        body = response.read()
        return time.perf_counter() - start, response.status, body

    def etag(self, path: str) -> str:
        self.conn.request("GET", path)
        response = self.conn.getresponse()
        response.read()
        return response.headers["etag"]


def alternate(client: Client, paths: list[str], baseline: str, headers: dict[str, str] | None = None
              ) -> tuple[float, float]:
    """Median seconds of GET `paths` (each must answer 200 or 304) and of as many GETs of
    `baseline`, taking turns."""
    ours, theirs = [], []
    for path in paths:
        seconds, status, _ = client.get(path, headers)
        assert status in (200, 304), (path, status)
        ours.append(seconds)
        seconds, status, _ = client.get(baseline)
        assert status == 200, (baseline, status)
        theirs.append(seconds)
    return statistics.median(ours), statistics.median(theirs)


def prepare(project: Path, n: int) -> tuple[list[str], str, str]:
    """The wiki of N pages with its indexes and query index; (page paths, folder, static file)."""
    generate(project, n, sources=False)
    paths = Project(project).paths
    regenerate_indexes(paths.wiki, paths.page_cache)
    time.sleep(2)  # pages just written are re-hashed until their timestamps age (query/store.py RACY_NS)
    Project(project).reindex()
    static = paths.archive / "baseline" / "page.txt"
    static.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(paths.wiki / "d0000" / "page-000000.md", static)
    pages = [f"/wiki/d{i // 100:04d}/page-{i:06d}.md" for i in range(0, n, max(1, n // 1000))]
    return pages, "/wiki/d0000/", "/wiki/archive/baseline/page.txt"


def row(figure: str, pair: tuple[float, float]) -> Row:
    return Row(figure, pair[0], pair[1], "s", BASELINE)


def size_rows(project: Path, n: int, requests: int, alone_requests: int) -> list[Row]:
    progress(f"serve: generating {n:,} pages, their indexes and the query index")
    pages, folder, static = prepare(project, n)
    asked = [f"/search?fragment=1&q={quote(q)}" for q in queries(Text(7), requests)]
    pick = [pages[i % len(pages)] for i in range(requests)]
    label = f"serve {n:,} pages"
    rows: list[Row] = []
    with server(project, "watch", "--serve") as (url, started):
        client = Client(url)
        deadline = started + START_SECONDS
        while b"Still reading" in client.get(pages[0])[2] or b"No other page" not in client.get(pages[0])[2]:
            if time.monotonic() > deadline:
                raise RuntimeError("the backlinks were not ready in time")
            time.sleep(0.1)
        rows.append(Row(f"{label}: backlinks ready after start", time.monotonic() - started, None, "s",
                        "(first walk of every page)"))
        client.get(asked[0])  # the daemon's warm index is loaded
        rows.append(row(f"{label}: page p50", alternate(client, pick, static)))
        tags = {path: client.etag(path) for path in set(pick)}
        ours, theirs = [], []
        for path in pick:
            seconds, status, _ = client.get(path, {"if-none-match": tags[path]})
            assert status == 304, status
            ours.append(seconds)
            theirs.append(client.get(static)[0])
        rows.append(row(f"{label}: page revalidated (304) p50", (statistics.median(ours), statistics.median(theirs))))
        rows.append(row(f"{label}: folder index (100 pages) p50", alternate(client, [folder] * requests, static)))
        rows.append(row(f"{label}: root index ({n // 100:,} folders) p50",
                        alternate(client, ["/wiki/"] * max(5, requests // 10), static)))
        rows.append(row(f"{label}: search p50, watch --serve (warm index)", alternate(client, asked, static)))
    for r in rows:
        progress(r.progress())
    with server(project, "serve") as (url, _):
        client = Client(url)
        client.get(asked[0])
        alone = row(f"{label}: search p50, serve alone (stored index)",
                    alternate(client, asked[:alone_requests], static))
        progress(alone.progress())
        rows.append(alone)
    return rows


def main() -> int:
    parser = table.parser(__doc__, sizes="10000,100000")
    parser.add_argument("--requests", type=int, default=200, help="requests per figure (default 200)")
    parser.add_argument("--alone-requests", type=int, default=200,
                        help="searches of a `wikid serve` without a daemon (default 200)")
    parser.add_argument("--keep", metavar="DIR", help="generate the projects here and keep them")
    args = parser.parse_args()
    rows: list[Row] = []
    notes = [f"serve: medians of {args.requests} requests over one keep-alive connection, each followed by one for "
             f"the baseline file; 1-minute load average {os.getloadavg()[0]:.1f} at the start"]
    for n in args.sizes:
        with scratch(args.keep, "wikid-bench-serve-") as tmp:
            rows += attempt(f"serve {n:,} pages", size_rows, tmp / f"wiki-{n}", n, args.requests, args.alone_requests,
                            announce=False)  # size_rows announced its rows
    notes.append(f"serve: 1-minute load average {os.getloadavg()[0]:.1f} at the end")
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
