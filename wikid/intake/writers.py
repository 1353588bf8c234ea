"""The threads conformant intake writes with, and how work is handed to them.

A batch of small pages is bound by fsync latency, not by the CPU: with WRITER_THREADS
threads, that many fsyncs are in flight at once and the filesystem commits them
together. Work goes to the threads in slices of PER_TASK items, because a task per
item costs the submitting thread ~30 µs (a future, a lock, a queue entry), which for
thousands of pages is time the thread does not spend classifying.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import TypeVar

WRITER_THREADS = 8
PER_TASK = 16

T = TypeVar("T")
R = TypeVar("R")


def writer_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(WRITER_THREADS, thread_name_prefix="wikid-writer")


def _run_slice(fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
    return [fn(item) for item in items]


def submit_slice(pool: Executor, fn: Callable[[T], R], items: Sequence[T]) -> Future[list[R]]:
    """Run `fn` over `items` in one task of `pool`."""
    return pool.submit(_run_slice, fn, items)


def map_in_slices(pool: Executor, fn: Callable[[T], R], items: Sequence[T], per_task: int = PER_TASK) -> list[R]:
    """`[fn(item) for item in items]`, computed on `pool` `per_task` items per task; the
    first exception raised is raised here once every task has ended."""
    futures = [submit_slice(pool, fn, items[at : at + per_task]) for at in range(0, len(items), per_task)]
    return [result for future in collect(futures) for result in future]


def collect(futures: Sequence[Future[R]]) -> list[R]:
    """The results of `futures` in order, after every one of them has ended: a failure in
    one does not leave the others running unseen while the caller unwinds."""
    for future in futures:
        future.exception()  # waits; the exception itself is raised below
    return [future.result() for future in futures]
