"""How conformant intake hands work to its writer threads (wikid/intake/writers.py)."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest

from wikid.intake.writers import map_in_slices, writer_pool


def test_tasks_take_the_folders_in_turn_each_holding_one_folder() -> None:
    """Threads writing in one folder wait for each other, so concurrent tasks should be
    in different folders: slices of one folder each, the folders in turn."""
    items = ["a/1", "a/2", "a/3", "a/4", "a/5", "b/1", "b/2", "c/1"]
    slices: list[Sequence[str]] = []
    with writer_pool() as pool:
        results = map_in_slices(pool, str.upper, items, per_task=2, done=slices.append,
                                folder=lambda rel: rel.split("/")[0])
    assert [list(part) for part in slices] == [["A/1", "A/2"], ["B/1", "B/2"], ["C/1"], ["A/3", "A/4"], ["A/5"]]
    assert results == ["A/1", "A/2", "B/1", "B/2", "C/1", "A/3", "A/4", "A/5"]
    with writer_pool() as pool:
        assert map_in_slices(pool, str.upper, items, per_task=3) == [rel.upper() for rel in items]


def test_a_failure_is_raised_only_once_every_task_has_ended() -> None:
    """Nothing may still be writing while the batch unwinds (and, say, releases its lock)."""
    finished: list[int] = []

    def work(n: int) -> int:
        if n == 0:
            raise OSError(5, "I/O error")
        time.sleep(0.05)
        finished.append(n)
        return n

    with writer_pool() as pool:
        with pytest.raises(OSError, match="I/O error"):
            map_in_slices(pool, work, list(range(40)), per_task=1)
        assert sorted(finished) == list(range(1, 40))
