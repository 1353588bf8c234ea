"""Where a batch's extraction stands: what `wikid status` shows of a running batch."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass
class ExtractionState:
    """The executor (`local` or `dask` and its scheduler), its workers (Dask: workers and
    their threads; local: worker processes, one file each), and the batch's files:
    how many there are, how many came back, how many are being extracted now and how
    many were sent again after a worker, the scheduler or a deadline lost them."""

    executor: str
    scheduler: str | None = None
    workers: int = 0
    threads: int = 0
    total: int = 0
    done: int = 0
    in_flight: int = 0
    resent: int = 0
    problem: str = ""  # why the executor cannot be used (a scheduler out of reach)

    def to_dict(self) -> dict[str, object]:
        return asdict(self)
