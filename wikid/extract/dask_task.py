"""What a Dask worker runs for wikid: documents extracted through the isolated worker.

A Dask task is a group of ExtractTasks (small documents go several to a task: Dask's
own cost, 2-4 ms a task, is as much as extracting one). An ExtractTask holds a file's
bytes (or its path, as the Dask worker sees a shared filesystem), its format module
and the project's limits. The Dask worker extracts it exactly as the
local pool does: in an `Extractor`'s child process (runner.py, spawn.py, worker.py),
with the same time and memory limits and no network, so a hostile document costs one
file and never the Dask worker, and the text is the same bytes as on the daemon's
machine. Extractors are kept per Dask worker process and reused from task to task (a
format library is imported once per extractor, not once per file); a task checks one
out, so two of the worker's threads never share one.

This module is imported by the Dask workers (which need wikid installed, the same
version: the daemon compares `WIKID_VERSION` with its own) and imports nothing of
dask, so the daemon can build tasks without it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from wikid._version import __version__ as WIKID_VERSION
from wikid.config import LimitsConfig
from wikid.extract.runner import Extractor, ExtractOutcome


@dataclass(frozen=True)
class ExtractTask:
    """One document to extract: `source` is its bytes, or its path on the Dask worker."""

    name: str  # input-relative, for the logs of the Dask worker
    source: bytes | str
    suffix: str
    module: str
    limits: LimitsConfig
    keep_images: bool


_idle: dict[tuple[LimitsConfig, bool], list[Extractor]] = {}
_lock = threading.Lock()


def _checkout(key: tuple[LimitsConfig, bool]) -> Extractor:
    """An idle extractor for these settings; those kept for other settings are stopped
    (the project's limits changed: their workers would wait unused)."""
    with _lock:
        stale = [e for other, kept in _idle.items() if other != key for e in kept]
        for other in [k for k in _idle if k != key]:
            del _idle[other]
        kept = _idle.setdefault(key, [])
        extractor = kept.pop() if kept else None
    for old in stale:
        old.close()
    return extractor or Extractor(key[0], keep_images=key[1])


def _checkin(key: tuple[LimitsConfig, bool], extractor: Extractor) -> None:
    with _lock:
        _idle.setdefault(key, []).append(extractor)


def extract_tasks(tasks: tuple[ExtractTask, ...]) -> tuple[str, list[ExtractOutcome]]:
    """(this wikid's version, the outcome of each) of a group of tasks with the same
    settings, one after the other. A worker that cannot start raises
    spawn.WorkerStartError: the daemon retries the group, as it does for a lost worker."""
    key = (tasks[0].limits, tasks[0].keep_images)
    extractor = _checkout(key)
    try:
        outcomes = [extractor.run(task.source, task.suffix, task.module) for task in tasks]
    except BaseException:
        extractor.close()
        raise
    _checkin(key, extractor)
    return WIKID_VERSION, outcomes
