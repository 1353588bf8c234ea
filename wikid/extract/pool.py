"""Extraction on every core: the files of a batch shared among isolated workers.

Each worker is an `Extractor` of its own (runner.py), with the same time and memory
limits as a lone one and replaced after a failure, so a hang, a crash or a memory error
still costs one file. A thread of the parent drives each extractor: it hands its worker
the next file as soon as the last one is done, and waiting for the answer releases the
GIL. Outcomes are yielded as files finish, each with its file's index, and the caller
puts them back in the order of the files, so nothing downstream depends on which
worker was faster (design I6).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

from wikid.config import LimitsConfig
from wikid.extract.runner import Extractor, ExtractOutcome


def extract_all(limits: LimitsConfig, paths: Sequence[Path],
                keep_images: bool = False) -> Iterator[tuple[int, ExtractOutcome]]:
    """(index in `paths`, outcome) for every file, in the order the files finish, on
    `limits.extract_workers` workers at most (never more than there are files);
    `keep_images` as for Extractor.

    An exception in a worker's thread (spawn.WorkerStartError: no worker could start)
    is raised here once the other workers are stopped. Ending the iteration early
    stops them too, killing the files in progress.
    """
    todo: queue.SimpleQueue[int] = queue.SimpleQueue()
    for index in range(len(paths)):
        todo.put(index)
    finished: queue.SimpleQueue[tuple[int, ExtractOutcome] | BaseException] = queue.SimpleQueue()
    stopping = threading.Event()
    extractors = [Extractor(limits, keep_images=keep_images) for _ in range(min(limits.extract_workers, len(paths)))]

    def drive(extractor: Extractor) -> None:
        try:
            with extractor:
                while not stopping.is_set():
                    try:
                        index = todo.get_nowait()
                    except queue.Empty:
                        return
                    finished.put((index, extractor.extract(paths[index])))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread, which raises it
            finished.put(exc)

    threads = [threading.Thread(target=drive, args=(e,), name=f"wikid-extract-{n}", daemon=True)
               for n, e in enumerate(extractors, 1)]
    for thread in threads:
        thread.start()
    try:
        for _ in paths:
            got = finished.get()
            if isinstance(got, BaseException):
                raise got
            yield got
    finally:
        stopping.set()
        for thread, extractor in zip(threads, extractors, strict=True):
            while thread.is_alive():  # a thread between two files may start a new worker: kill that one too
                extractor.interrupt()
                thread.join(0.05)
