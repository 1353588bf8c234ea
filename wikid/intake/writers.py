"""The threads conformant intake writes with, and how work is handed to them.

A batch of small pages is bound by fsyncs: with WRITER_THREADS threads, that many are
in flight at once and the filesystem commits them together. Work goes to the threads
in slices of PER_TASK items, because a task per item costs the submitting thread
~30 µs (a future, a lock, a queue entry): for thousands of pages, more than the work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor, wait
from typing import TypeVar

WRITER_THREADS = 8
PER_TASK = 16

T = TypeVar("T")
R = TypeVar("R")


def writer_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(WRITER_THREADS, thread_name_prefix="wikid-writer")


def _run_slice(fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
    return [fn(item) for item in items]


def map_in_slices(
    pool: Executor,
    fn: Callable[[T], R],
    items: Sequence[T],
    per_task: int | None = None,
    done: Callable[[Sequence[T]], None] | None = None,
) -> list[R]:
    """`[fn(item) for item in items]`, computed on `pool`, `per_task` (PER_TASK) items per task.

    `done` is called (on the calling thread) with each slice once it and every slice
    before it are done: for a progress display. An exception is raised here only after
    every task has ended, so nothing is still being written while the caller unwinds.
    """
    size = per_task or PER_TASK
    slices = [items[at : at + size] for at in range(0, len(items), size)]
    futures = [pool.submit(_run_slice, fn, part) for part in slices]
    results: list[R] = []
    try:
        for part, future in zip(slices, futures, strict=True):
            results += future.result()
            if done is not None:
                done(part)
    finally:
        wait(futures)
    return results
