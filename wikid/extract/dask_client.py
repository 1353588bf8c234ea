"""Extraction on a Dask cluster (`extract.executor: dask`): the daemon's side.

Each document becomes an ExtractTask (dask_task.ExtractTask: the file's bytes, read
here, or its path when the workers share input/'s filesystem), run on a Dask worker
through the same isolated extraction worker the local pool uses. Small documents go
up to GROUP_DOCS (and GROUP_BYTES) to a Dask task, never so many that a worker thread
would get fewer than two tasks of what is left: Dask's own cost of a task, 2-4 ms on
one machine, is as much as extracting a small document (5,000 mixed documents took
3.6x the local pool's time one to a task). Only outcomes come back; the
batch, its journal and the archive stay on this machine, so whatever happens to the
cluster a file is either extracted or left in input/ with a reason code.

What can go wrong, and what each costs:

* The scheduler cannot be reached or has no workers when the batch starts: every
  document waits in input/ (ClusterUnavailable, a spawn.WorkerStartError: the batch
  reports them as `retry`), as when no local worker can start.
* A worker dies mid-task (or holding a result not fetched yet): Dask itself runs the task again elsewhere (up to its
  `distributed.scheduler.allowed-failures`); past that, or when the scheduler restarts
  (the client reconnects and its tasks are cancelled), or a worker holds a task past
  its deadline, the task is sent again, at most ATTEMPTS times in all. A document that
  still has no outcome is `io_failed` (left in input/; the daemon retries it with
  back-off), never marked as a broken document.
* A document past its time or memory limit fails as it does locally
  (`extraction_failed`), inside the Dask worker's extraction worker.
* The scheduler goes away for longer than CONNECT_SECONDS, or the cluster finishes
  nothing for a whole deadline: the documents not yet back are `io_failed`.
* A worker running another wikid version: the batch stops its extraction
  (ClusterUnavailable) rather than mix texts two versions extracted.

Tasks are sent a window at a time (WINDOW_PER_THREAD per worker thread), so the
daemon holds the bytes of a bounded number of files, and a task's deadline
(task_deadline) runs from when the scheduler says a worker took it, not from when it
was queued. dask.distributed is imported only here, when the
executor is dask (`pip install 'wikid[dask]'`).
"""

from __future__ import annotations

import queue
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from wikid._version import __version__
from wikid.config import ExtractConfig, LimitsConfig
from wikid.extract.base import ExtractionError
from wikid.extract.dask_task import ExtractTask, extract_tasks
from wikid.extract.runner import ExtractOutcome, failure, prepare
from wikid.extract.source import read_document
from wikid.extract.spawn import WORKER_START_SECONDS, WorkerStartError
from wikid.extract.state import ExtractionState
from wikid.reasons import Reason

CONNECT_SECONDS = 30.0  # to reach the scheduler, for it to have a worker, for it to come back
ATTEMPTS = 3  # times a task is sent before its document is left in input/
WINDOW_PER_THREAD = 4  # tasks in flight per worker thread: enough to hide the round trips
GROUP_DOCS = 16  # documents a Dask task may hold
GROUP_BYTES = 1 << 20  # and their bytes: a larger document goes alone
TICK_SECONDS = 0.5  # how often the deadlines and the cluster's size are looked at, at most
MARGIN_SECONDS = 60.0  # a task's deadline beyond its time limit and a worker's start


class ClusterUnavailable(WorkerStartError):
    """The Dask cluster cannot take the batch (no scheduler, no workers, no dask here,
    another wikid on the workers): the batch's documents wait in input/. `why` says
    what is wrong, without what it means for the documents."""

    def __init__(self, why: str) -> None:
        super().__init__(f"{why}; the documents wait in input/")
        self.why = why


class _SchedulerGone(Exception):
    """The scheduler went away mid-batch and did not come back in time."""


def task_deadline(limits: LimitsConfig) -> float:
    """Seconds a task may be on a worker before it counts as lost: twice what one
    extraction may take (its time limit and a fresh extraction worker's start), since
    the scheduler hands a worker a task more than it has threads (its
    `worker-saturation`) and one may wait there for another; and a margin for the trip."""
    return 2 * (limits.extract_timeout_seconds + WORKER_START_SECONDS) + MARGIN_SECONDS


def connect(address: str, timeout: float | None = None, workers: bool = True) -> Any:
    """A dask.distributed Client of the scheduler at `address` (that has a worker, with
    `workers`), given `timeout` seconds (default CONNECT_SECONDS) for each; raises
    ClusterUnavailable saying why not."""
    timeout = CONNECT_SECONDS if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise ClusterUnavailable("`extract.executor` is dask but dask.distributed is not installed here: "
                                 "pip install 'wikid[dask]'") from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterUnavailable(f"the Dask scheduler at {address} cannot be reached ({exc}; "
                                 "extract.scheduler in wikid.yaml)") from None
    try:
        if workers:
            client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError):
        client.close()
        raise ClusterUnavailable(f"the Dask scheduler at {address} has no worker (none joined within "
                                 f"{timeout:g} s)") from None
    return client


def cluster_size(client: Any) -> tuple[int, int]:
    """(workers, threads) of the cluster the client is connected to."""
    threads = client.nthreads()
    return len(threads), sum(threads.values())


def describe_cluster(address: str, timeout: float) -> ExtractionState:
    """The cluster at `address` as `wikid status` shows it: its workers and threads, or
    why it cannot be reached (`problem`)."""
    state = ExtractionState("dask", address)
    try:
        client = connect(address, timeout, workers=False)
    except ClusterUnavailable as exc:
        state.problem = exc.why
        return state
    try:
        state.workers, state.threads = cluster_size(client)
    finally:
        client.close()
    return state


def extract_on_dask(settings: ExtractConfig, limits: LimitsConfig, input_root: Path, paths: Sequence[Path],
                    keep_images: bool, state: ExtractionState,
                    changed: Callable[[], None] = lambda: None) -> Iterator[tuple[int, ExtractOutcome]]:
    """(index in `paths`, outcome) for every file under `input_root`, in the order they
    come back from the cluster at `settings.scheduler`; `state` is kept up to date
    and `changed` called when it is. Raises ClusterUnavailable (see the module)."""
    assert settings.scheduler is not None  # config.load_config requires it with dask
    client = connect(settings.scheduler)
    try:
        yield from _Batch(client, settings, limits, input_root, paths, keep_images, state, changed).run()
    finally:
        client.close()


class _Batch:
    def __init__(self, client: Any, settings: ExtractConfig, limits: LimitsConfig, input_root: Path,
                 paths: Sequence[Path], keep_images: bool, state: ExtractionState, changed: Callable[[], None]) -> None:
        self.client = client
        self.settings = settings
        self.limits = limits
        self.max_bytes = int(limits.max_file_mb * 1048576)
        self.input_root = input_root
        self.paths = paths
        self.keep_images = keep_images
        self.state = state
        self.changed = changed
        self.deadline = task_deadline(limits)
        self.attempts = [0] * len(paths)
        self.sent = 0  # tasks sent, which names each
        self.batch_id = uuid.uuid4().hex[:12]
        self.started: dict[str, tuple[str, float]] = {}  # task key -> (worker, when the scheduler said it ran there)
        self.last_progress = time.monotonic()
        self.last_look = 0.0
        self.ended: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def task(self, index: int) -> ExtractTask | ExtractOutcome:
        """The task for a document, or its outcome when no worker need see it."""
        path = self.paths[index]
        rel = path.relative_to(self.input_root).as_posix()
        found = prepare(path, self.max_bytes)
        if isinstance(found, ExtractOutcome):
            return found
        source: bytes | str
        if self.settings.shared_input:
            source = str(PurePosixPath(self.settings.shared_input, rel))
        else:
            try:
                source = read_document(path, self.max_bytes)
            except ExtractionError as exc:
                return failure(exc.reason, exc.detail)
        return ExtractTask(rel, source, *found, self.limits, self.keep_images)

    def run(self) -> Iterator[tuple[int, ExtractOutcome]]:
        todo: deque[int] = deque(range(len(self.paths)))
        flight: dict[Any, list[int]] = {}  # future -> the indices of its documents
        try:
            while todo or flight:
                window = self.look(flight)
                while todo and len(flight) < window:
                    group: list[tuple[int, ExtractTask]] = []
                    for index, task in self.group(todo, window // WINDOW_PER_THREAD):
                        if isinstance(task, ExtractOutcome):
                            yield self.done(index, task)
                        else:
                            group.append((index, task))
                    if not group:
                        continue
                    for index, _ in group:
                        self.attempts[index] += 1
                    self.sent += 1
                    future = self.client.submit(extract_tasks, tuple(task for _, task in group),
                                                key=f"wikid-extract-{self.batch_id}-{self.sent}", pure=False)
                    future.add_done_callback(self.ended.put)
                    flight[future] = [index for index, _ in group]
                self.state.in_flight = sum(len(indices) for indices in flight.values())
                self.changed()
                for future in self.finished(flight):
                    indices = flight.pop(future)
                    self.started.pop(future.key, None)
                    got = self.result(future)
                    if isinstance(got, list):
                        for index, outcome in zip(indices, got, strict=True):
                            yield self.done(index, outcome)
                    else:
                        yield from self.lost(indices, got, todo)
                for future in self.overdue(flight):
                    indices = flight.pop(future)
                    future.cancel()
                    yield from self.lost(indices, f"no answer {self.deadline * len(indices):g} s after it started", todo)
        except _SchedulerGone as gone:
            for future in flight:
                future.cancel()
            for index in [*(i for indices in flight.values() for i in indices), *todo]:
                yield self.done(index, failure(Reason.IO_FAILED, f"{gone}; it waits in input/ and is tried again"))
        finally:
            self.state.in_flight = 0
            self.changed()

    def group(self, todo: deque[int], threads: int) -> Iterator[tuple[int, ExtractTask | ExtractOutcome]]:
        """The next documents of `todo` for one Dask task, taken from it: up to GROUP_DOCS
        and GROUP_BYTES, and no more than leaves each of the cluster's `threads` two tasks
        of what is left; each with its task, or its outcome when no worker need see it."""
        most = max(1, min(GROUP_DOCS, len(todo) // (2 * max(threads, 1))))
        taken = size = 0
        while todo and taken < most:
            try:
                weight = self.paths[todo[0]].stat().st_size
            except OSError:
                weight = 0  # task() says why it cannot be read
            if taken and size + weight > GROUP_BYTES:
                return
            index = todo.popleft()
            task = self.task(index)
            if isinstance(task, ExtractTask):
                taken, size = taken + 1, size + weight
            yield index, task

    def done(self, index: int, outcome: ExtractOutcome) -> tuple[int, ExtractOutcome]:
        self.state.done += 1
        self.last_progress = time.monotonic()
        return index, outcome

    def lost(self, indices: list[int], cause: str, todo: deque[int]) -> Iterator[tuple[int, ExtractOutcome]]:
        """Send a lost task's documents again (first in line, in their order) while each
        has attempts left; the outcome of each that has none."""
        for index in reversed(indices):
            if self.attempts[index] < ATTEMPTS:
                todo.appendleft(index)
                self.state.resent += 1
            else:
                yield self.done(index, failure(
                    Reason.IO_FAILED, f"the Dask cluster lost its extraction {ATTEMPTS} times (last: {cause}); "
                                      "it waits in input/ and is tried again"))

    def result(self, future: Any) -> list[ExtractOutcome] | str:
        """The outcomes a finished task brought back, or what became of it."""
        if future.status == "finished":
            try:
                result: tuple[str, list[ExtractOutcome]] = future.result()
                version, outcomes = result
            except Exception as exc:  # noqa: BLE001 - the result could not be fetched: the worker holding it died
                return f"{type(exc).__name__}: {exc}"
            if version != __version__:
                raise ClusterUnavailable(f"a Dask worker at {self.settings.scheduler} runs wikid {version}, this is "
                                         f"wikid {__version__}: install the same wikid on every worker")
            return outcomes
        if future.status == "cancelled":
            return "the scheduler cancelled it (restarted, or the connection to it was lost)"
        error = future.exception()
        return f"{type(error).__name__}: {error}"

    def finished(self, flight: dict[Any, list[int]]) -> list[Any]:
        """The tasks that ended, waiting up to a tick for the first (each future puts
        itself in `ended` when it ends, on the client's thread)."""
        ended = []
        try:
            ended.append(self.ended.get(timeout=TICK_SECONDS) if flight else self.ended.get_nowait())
            while True:
                ended.append(self.ended.get_nowait())
        except queue.Empty:
            pass
        return [future for future in ended if future in flight]  # not one cancelled as overdue meanwhile

    def look(self, flight: dict[Any, list[int]]) -> int:
        """The window of tasks to keep in flight, from the cluster's size now; at most
        once a tick, also which tasks started where (for their deadlines). Raises
        _SchedulerGone when the scheduler or every worker has been gone too long."""
        now = time.monotonic()
        if now - self.last_look < TICK_SECONDS and self.state.threads:
            return WINDOW_PER_THREAD * self.state.threads
        self.last_look = now
        gone_since = None
        while True:
            try:
                if self.client.status == "running":
                    workers, threads = cluster_size(self.client)
                    if threads:
                        running = self.client.processing()
                        break
            except (OSError, RuntimeError):  # the scheduler went away between two calls
                pass
            gone_since = gone_since or time.monotonic()
            if self.client.status in ("closed", "closing") or time.monotonic() - gone_since > CONNECT_SECONDS:
                raise _SchedulerGone(f"the Dask scheduler at {self.settings.scheduler} or its workers went away "
                                     f"and did not come back within {CONNECT_SECONDS:g} s")
            time.sleep(TICK_SECONDS)
        self.state.workers, self.state.threads = workers, threads
        keys = {future.key for future in flight}
        for worker, tasks in running.items():
            for key in tasks:
                if key in keys and self.started.get(key, ("",))[0] != worker:
                    self.started[key] = (worker, now)  # a task moved to another worker starts again
        if flight and now - self.last_progress > self.deadline + CONNECT_SECONDS:
            raise _SchedulerGone(f"the Dask cluster at {self.settings.scheduler} finished nothing for "
                                 f"{now - self.last_progress:.0f} s")
        return WINDOW_PER_THREAD * threads

    def overdue(self, flight: dict[Any, list[int]]) -> list[Any]:
        """The tasks running past their deadline (a document's, times the documents)."""
        now = time.monotonic()
        late = [f for f, indices in flight.items()
                if (seen := self.started.get(f.key)) is not None and now - seen[1] > self.deadline * len(indices)]
        for future in late:
            del self.started[future.key]
        return late
