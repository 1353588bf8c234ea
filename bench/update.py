#!/usr/bin/env python3
"""The offline engine's whole update at scale: does its cost grow linearly?

For each N in --sizes (default 10,000, 50,000 and 100,000), a fresh child process
writes N synthetic documents (bench/cluster.py's generator: N/3 entities, three short
documents each, a Zipf vocabulary) into the input/ of a new project and times one
`Project.update()` with the offline engine: extraction on the local pool, clustering,
pages, related links, writing and archiving, index.md, log.md, the lint of the pages
written and the query index. Its peak RSS is taken against its RSS just before the
call (interpreter, libraries, nothing else: the documents are on disk).

With --second M (default 1% of N, at least 100), a second update follows in the same
process: M more documents (new entities, the generator's next ones) into the wiki the
first wrote. It shows what a small update costs in a wiki that size.

Rows: time at each N against linear growth from the smallest N; at the largest N also
against issue 30's target, 1.2x linear growth (12x the time at 10,000 for 100,000);
peak RSS against the RSS before the call. And where the time goes: the first update's
PHASES, each timed by wrapping the function that does it (calls nested in another
phase count in both: the engine's figure holds clustering and related links), against
linear growth from the smallest N at the largest N (rows) and at every N (notes): a
phase whose ratio grows with N is what grows faster than the batch.

Usage: python bench/update.py [--sizes 10000,50000,100000] [--second M] [--json]
"""

from __future__ import annotations

import functools
import importlib
import os
import resource
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import Queue
from pathlib import Path
from typing import Any

import table  # bench/table.py
from table import Row, attempt, format_value

TARGET = 1.2  # issue 30: time at 100,000 documents <= 12x the time at 10,000: 1.2x linear
# The update's phases: name -> (module, attribute path) of the function that does it,
# patched where the update looks it up.
PHASES: dict[str, tuple[str, str]] = {
    "extraction": ("wikid.intake.pipeline", "_extract_documents"),
    "engine (clustering, pages, related links)": ("wikid.manager.offline.engine", "OfflineEngine.manage"),
    "engine: clustering": ("wikid.manager.offline.engine", "group_documents"),
    "engine: related links": ("wikid.manager.offline.engine", "OfflineEngine._with_related"),
    "writing pages and archiving": ("wikid.intake.managed", "_apply"),
    "index.md": ("wikid.intake.pipeline", "regenerate_indexes"),
    "lint of the pages written": ("wikid.intake.pipeline", "lint_bundle"),
    "query index": ("wikid.intake.pipeline", "refresh_query_index"),
}


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def write_documents(input_dir: Path, docs: list[tuple[str, str]], prefix: str = "") -> None:
    for rel, text in docs:
        path = input_dir / prefix / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@contextmanager
def phase_timers() -> Iterator[dict[str, float]]:
    """Seconds spent in each of PHASES while the block runs (the functions wrapped, and
    put back after)."""
    spent: dict[str, float] = defaultdict(float)
    restore: list[tuple[Any, str, Any]] = []

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - start
        return wrapper

    for name, (module, path) in PHASES.items():
        *owners, attribute = path.split(".")
        owner: Any = importlib.import_module(module)
        for part in owners:
            owner = getattr(owner, part)
        original = owner.__dict__[attribute]
        restore.append((owner, attribute, original))
        setattr(owner, attribute, timed(name, original))
    try:
        yield spent
    finally:
        for owner, attribute, original in reversed(restore):
            setattr(owner, attribute, original)


def measure(n: int, second: int, out: Queue) -> None:
    """Child process: N documents, one update timed (and its phases); then `second`
    more, timed."""
    from cluster import generate  # bench/cluster.py

    from wikid import Project

    os.environ["WIKID_NOW"] = "2026-07-12T13:05:00Z"
    with tempfile.TemporaryDirectory(prefix="wikid-bench-update-") as tmp:
        project = Project(Path(tmp) / "proj")
        project.init()
        docs, _ = generate(n)
        write_documents(project.paths.input, docs)
        del docs
        before = rss_mb()
        with phase_timers() as phases:
            start = time.perf_counter()
            report = project.update()
            seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        counts = report.counts()
        if counts["created"] != n:
            raise RuntimeError(f"{counts} for {n} documents")
        again, refreshed = None, 0
        if second:
            more, _ = generate(n + second)
            write_documents(project.paths.input, more[n:], prefix="later")
            del more
            start = time.perf_counter()
            report = project.update()
            again = time.perf_counter() - start
            if report.counts()["created"] + report.counts()["updated"] != second:
                raise RuntimeError(f"second batch: {report.counts()}")
            refreshed = len(report.pages_refreshed)
        out.put((seconds, peak, before, again, refreshed, dict(phases)))


def run(n: int, second: int) -> tuple[float, float, float, float | None, int, dict[str, float]]:
    """(seconds, peak MB, MB before the call, seconds of the second update, pages it
    rewrote that none of its documents is cited by, seconds per phase of the first) for
    N, from a fresh child."""
    from cluster import in_child  # bench/cluster.py

    return in_child(measure, n, second)


def main() -> int:
    parser = table.parser(__doc__, sizes="10000,50000,100000")
    parser.add_argument("--second", type=int, default=None,
                        help="documents of the second update (default: 1%% of N, at least 100; 0: none)")
    args = parser.parse_args()
    sizes: list[int] = args.sizes
    rows: list[Row] = []
    notes: list[str] = []
    first: tuple[int, float] | None = None
    first_phases: dict[str, float] = {}
    for n in sizes:
        second = args.second if args.second is not None else max(100, n // 100)

        def figure(n: int = n, second: int = second, first: tuple[int, float] | None = first) -> list[Row]:
            nonlocal first_phases
            seconds, peak, before, again, refreshed, phases = run(n, second)
            label = f"offline update, {n:,} documents"
            out = [Row(label, seconds, None if first is None else first[1] * n / first[0], "s",
                       "" if first is None else f"linear from N={first[0]:,}")]
            if first is not None and n == sizes[-1] and n > first[0]:
                out.append(Row(f"{label}: {TARGET:g}x linear from N={first[0]:,}", seconds,
                               TARGET * first[1] * n / first[0], "s", target=True))
            out.append(Row(f"{label}, peak RSS", peak, before, "MB", "RSS before the call"))
            if first is None:
                first_phases = phases
            else:
                out += [Row(f"{label}: {name}", phases[name], first_phases[name] * n / first[0], "s",
                            f"linear from N={first[0]:,}")
                        for name in PHASES if n == sizes[-1] and first_phases.get(name) and name in phases]
            notes.append(f"{label}, phases: " + ", ".join(
                f"{name} {format_value(phases[name], 's')}" + (f" ({phases[name] / (first_phases[name] * n / first[0]):.2f}x linear)"
                                                  if first is not None and first_phases.get(name) else "")
                for name in PHASES if name in phases))
            if again is not None:
                out.append(Row(f"offline update, {second:,} more documents into the wiki of {n:,}", again, None, "s"))
                # pages whose related list gains a page of the batch: what the batch must
                # write beyond its own pages, which grows with the batch times the wiki
                notes.append(f"{label}: the second update rewrote {refreshed:,} pages that none of its documents is "
                             "cited by (their related lists gained a page of it)")
            notes.append(f"{label}: 1-minute load average {os.getloadavg()[0]:.1f} after it")
            return out

        measured = attempt(f"offline update, {n:,} documents", figure)
        rows += measured
        if first is None and measured[0].wikid is not None:
            first = (n, measured[0].wikid)
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
