"""The threads conformant intake writes with, and how work is handed to them.

A batch of small pages is bound by fsyncs: with WRITER_THREADS threads, that many are
in flight at once and the filesystem commits them together. Work goes to the threads
in slices of PER_TASK items, because a task per item costs the submitting thread
~30 µs (a future, a lock, a queue entry): for thousands of pages, more than the work.
Given each item's folder, the slices take the folders in turn: threads changing one
folder wait for each other (its lock; on ext4 without a journal a new file's fsync
also writes its folder), and in sorted order all of them would be in the same folder.
Measured on the 2-CPU development machine at 10,000 pages in 20 folders, the write
phase took ~1.4x as long in sorted order.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor, wait
from itertools import zip_longest
from typing import TypeVar

WRITER_THREADS = 8
PER_TASK = 16

T = TypeVar("T")
R = TypeVar("R")


def writer_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(WRITER_THREADS, thread_name_prefix="wikid-writer")


def _slices(items: Sequence[T], size: int, folder: Callable[[T], Hashable] | None) -> list[Sequence[T]]:
    """`items` cut into slices of `size`; with `folder`, each slice holds one folder's
    items (in their order) and the slices take the folders in turn."""
    if folder is None:
        return [items[at : at + size] for at in range(0, len(items), size)]
    groups: dict[Hashable, list[T]] = {}
    for item in items:
        groups.setdefault(folder(item), []).append(item)
    by_folder = [[group[at : at + size] for at in range(0, len(group), size)] for group in groups.values()]
    return [part for layer in zip_longest(*by_folder) for part in layer if part is not None]


def _run_slice(fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
    return [fn(item) for item in items]


def map_in_slices(
    pool: Executor,
    fn: Callable[[T], R],
    items: Sequence[T],
    per_task: int | None = None,
    done: Callable[[Sequence[R]], None] | None = None,
    folder: Callable[[T], Hashable] | None = None,
) -> list[R]:
    """`fn` applied to every item on `pool`, `per_task` (PER_TASK) items per task; with
    `folder` (an item's folder), the tasks take the folders in turn and the results come
    in that order, else in the order of `items`.

    `done` is called (on the calling thread) with each slice's results once it and
    every slice before it are done: for a progress display. An exception is raised here
    only after every task has ended, so nothing is still being written while the caller
    unwinds.
    """
    slices = _slices(items, per_task or PER_TASK, folder)
    futures = [pool.submit(_run_slice, fn, part) for part in slices]
    results: list[R] = []
    try:
        for future in futures:
            part = future.result()
            results += part
            if done is not None:
                done(part)
    finally:
        wait(futures)
    return results
