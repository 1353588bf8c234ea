"""A batch extracts on several isolated workers (issue 17 item 4): outcomes find their
file whatever finishes first, a failure costs one file, and the wiki is the same."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from conftest import drop, tree_bytes
from hostile_extractors import AWAITED

from wikid import Project, Reason
from wikid.config import LimitsConfig
from wikid.extract.pool import extract_all


def files(tmp_path: Path, *commands: str) -> list[Path]:
    paths = []
    for n, command in enumerate(commands):
        path = tmp_path / f"{n}.hostile"
        path.write_text(command)
        paths.append(path)
    return paths


PRICES = "Acme Anvils price list: one anvil costs ninety euros."


@pytest.fixture
def flag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file an "await" document waits on until the test writes "go" into it."""
    path = tmp_path / "flag"
    path.write_bytes(b"")
    monkeypatch.setenv("HOSTILE_FLAG", str(path))
    return path


def test_outcomes_come_with_their_file_whichever_worker_finishes_first(tmp_path: Path, hostile: None, flag: Path) -> None:
    """The first file finishes only once the second's outcome is in: a second worker
    must have taken it, and each outcome still names its own file."""
    outcomes = extract_all(LimitsConfig(extract_workers=2), files(tmp_path, "await", PRICES))
    second = next(outcomes)
    flag.write_bytes(b"go")
    first = next(outcomes)
    assert [(index, outcome.text) for index, outcome in (second, first)] == [(1, PRICES), (0, AWAITED)]
    assert list(outcomes) == []


def test_a_hang_and_a_crash_each_cost_one_file_and_their_workers_are_replaced(tmp_path: Path, hostile: None) -> None:
    limits = LimitsConfig(extract_timeout_seconds=1.5, extract_workers=2)
    outcomes = dict(extract_all(limits, files(tmp_path, "hang", "segfault", "one", "two", "three")))
    assert outcomes[0].reason == Reason.EXTRACTION_FAILED and "time limit of 1.5 s" in outcomes[0].detail
    assert outcomes[1].reason == Reason.EXTRACTION_FAILED and "the extractor crashed" in outcomes[1].detail
    assert [outcomes[n].text for n in (2, 3, 4)] == ["one", "two", "three"]


def test_no_more_workers_than_configured(tmp_path: Path, hostile: None) -> None:
    pids = {outcome.text for _, outcome in extract_all(LimitsConfig(extract_workers=2), files(tmp_path, *["pid"] * 6))}
    assert 1 <= len(pids) <= 2
    pids = {outcome.text for _, outcome in extract_all(LimitsConfig(extract_workers=1), files(tmp_path, *["pid"] * 3))}
    assert len(pids) == 1


def test_leaving_early_kills_the_files_in_progress(tmp_path: Path, hostile: None) -> None:
    """A caller that stops reading (Ctrl-C in `wikid update`) does not wait for hung files."""
    limits = LimitsConfig(extract_timeout_seconds=3600, extract_workers=2)
    outcomes = extract_all(limits, files(tmp_path, "pid", "hang", "hang"))
    index, first = next(outcomes)
    assert (index, first.ok) == (0, True)
    closing = threading.Thread(target=outcomes.close)
    closing.start()
    closing.join(60)
    assert not closing.is_alive()
    assert not Path(f"/proc/{first.text}").exists()


def run(project: Project, workers: int, flag: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The progress messages of one `wikid update`; "go" is written once b.hostile is done."""
    monkeypatch.setenv("WIKID_LIMITS_EXTRACT_WORKERS", str(workers))
    finished: list[str] = []

    def progress(done: int, total: int, what: str) -> None:
        finished.append(what)
        if what == "extracted b.hostile":
            flag.write_bytes(b"go")

    project.update(progress=progress)
    return finished


def test_one_worker_or_two_give_a_byte_identical_wiki_and_the_same_remembered_failures(
    tmp_path: Path, hostile: None, flag: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """I6 with a pool: on two workers the second document finishes first."""
    projects = [Project(tmp_path / "one"), Project(tmp_path / "two")]
    for project in projects:
        project.init()
        drop(project, "a.hostile", b"await")
        drop(project, "b.hostile", PRICES.encode())
        drop(project, "c.hostile", b"raise")
        drop(project, "notes/meeting.txt", b"Acme Anvils meeting: the spring fair order is confirmed.\n")
    flag.write_bytes(b"go")  # one worker: nothing to wait for
    alone = run(projects[0], 1, flag, monkeypatch)
    flag.write_bytes(b"")
    shared = run(projects[1], 2, flag, monkeypatch)
    extracted = [what for what in alone if what.startswith("extracted ")]
    assert extracted == ["extracted a.hostile", "extracted b.hostile", "extracted c.hostile", "extracted notes/meeting.txt"]
    assert shared.index("extracted b.hostile") < shared.index("extracted a.hostile")
    assert tree_bytes(projects[0].paths.wiki) == tree_bytes(projects[1].paths.wiki)
    one, two = (project.status().ignored for project in projects)
    assert one == two and [(i.input, i.reason) for i in one] == [("c.hostile", "extraction_failed")]
