"""Which executor extracts a batch's documents: this machine's pool or a Dask cluster.

`extract.executor: local` (the default) runs pool.py's isolated workers here;
`extract.executor: dask` sends each document to a dask.distributed cluster
(dask_client.py), whose workers run the same isolated worker. Either way the outcomes
come back to the batch as (index, outcome) pairs in the order they finish, the batch
puts them back in the order of its files, and an `ExtractionState` says how far it
got, for `wikid status`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from wikid.config import Config
from wikid.extract.pool import extract_all
from wikid.extract.runner import ExtractOutcome
from wikid.extract.state import ExtractionState

STATUS_TIMEOUT_SECONDS = 5.0  # `wikid status` waits no longer for a Dask scheduler


def extract_batch(config: Config, input_root: Path, paths: Sequence[Path], keep_images: bool = False,
                  changed: Callable[[ExtractionState], None] = lambda state: None,
                  ) -> Iterator[tuple[int, ExtractOutcome]]:
    """(index in `paths`, outcome) for every file under `input_root`, in the order they
    finish, on the configured executor; `changed` is called with its state as it moves.
    Raises spawn.WorkerStartError when no worker can take the batch (the documents then
    wait in input/)."""
    settings = config.extract
    if not paths:
        return
    if settings.executor == "dask":
        from wikid.extract.dask_client import extract_on_dask  # imports dask.distributed

        state = ExtractionState("dask", settings.scheduler, total=len(paths))
        yield from extract_on_dask(settings, config.limits, input_root, paths, keep_images, state,
                                   lambda: changed(state))
        return
    workers = min(config.limits.extract_workers, len(paths))
    state = ExtractionState("local", None, workers, workers, len(paths), in_flight=workers)
    changed(state)
    for index, outcome in extract_all(config.limits, paths, keep_images):
        state.done += 1
        state.in_flight = min(workers, state.total - state.done)
        changed(state)
        yield index, outcome


def describe_executor(config: Config) -> ExtractionState:
    """The configured executor as `wikid status` shows it when no batch runs: the local
    pool's workers, or the Dask cluster's (asked of its scheduler)."""
    settings = config.extract
    if settings.executor == "dask" and settings.scheduler:
        from wikid.extract.dask_client import describe_cluster  # imports dask.distributed

        return describe_cluster(settings.scheduler, STATUS_TIMEOUT_SECONDS)
    workers = config.limits.extract_workers
    return ExtractionState("local", None, workers, workers)
