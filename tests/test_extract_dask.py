"""Extraction on a Dask cluster (issue 30): a real `distributed.LocalCluster` (worker
processes, two of them, one thread each) takes the batch's documents; the wiki is the
one the local pool writes, the limits hold inside the Dask workers, and a worker killed
mid-batch, an unreachable scheduler, a task past its deadline or a worker running
another wikid never lose a document nor archive one whose text did not come back."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import assert_nothing_lost, drop, tree_bytes
from hostile_extractors import AWAITED
from image_fixtures import picture, scanned_pdf

from wikid import Action, Project, Reason
from wikid.extract import dask_client, ocr

distributed = pytest.importorskip("distributed", reason="pip install -e '.[dask]' (the test extra has it)")
pytestmark = pytest.mark.slow  # a local cluster of worker processes: outside the fast subset (-m "not slow")

SAMPLE = Path(__file__).resolve().parents[1] / "sample-project" / "input"
needs_ocr = pytest.mark.skipif(ocr.tesseract() is None, reason=f"no OCR engine: {ocr.INSTALL}")


def start_cluster() -> distributed.LocalCluster:
    return distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=":0")


@pytest.fixture(scope="module")
def cluster() -> Iterator[distributed.LocalCluster]:
    with start_cluster() as running:
        yield running


@pytest.fixture
def on_dask(cluster: distributed.LocalCluster, monkeypatch: pytest.MonkeyPatch) -> str:
    """Point wikid at the module's cluster (as `extract.executor: dask` would)."""
    monkeypatch.setenv("WIKID_EXTRACT_EXECUTOR", "dask")
    monkeypatch.setenv("WIKID_EXTRACT_SCHEDULER", cluster.scheduler_address)
    return cluster.scheduler_address


def twin_projects(tmp_path: Path, inputs: dict[str, bytes]) -> tuple[Project, Project]:
    projects = (Project(tmp_path / "local"), Project(tmp_path / "dask"))
    for project in projects:
        project.init()
        for rel, data in inputs.items():
            drop(project, rel, data)
    return projects


def sample_inputs() -> dict[str, bytes]:
    return {path.relative_to(SAMPLE).as_posix(): path.read_bytes() for path in sorted(SAMPLE.rglob("*")) if path.is_file()}


def test_the_sample_project_through_the_cluster_is_the_wiki_the_local_pool_writes(
    tmp_path: Path, cluster: distributed.LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    inputs = sample_inputs()
    local, remote = twin_projects(tmp_path, inputs)
    expected = local.update()
    monkeypatch.setenv("WIKID_EXTRACT_EXECUTOR", "dask")
    monkeypatch.setenv("WIKID_EXTRACT_SCHEDULER", cluster.scheduler_address)
    report = remote.update()
    assert [f.line() for f in report.files] == [f.line() for f in expected.files]
    assert report.counts()["created"] >= 5, report.summary()
    assert tree_bytes(remote.paths.wiki) == tree_bytes(local.paths.wiki)
    assert remote.status().ignored == local.status().ignored
    assert_nothing_lost(inputs, remote)
    executor = remote.status().executor
    assert executor is not None
    assert (executor["executor"], executor["scheduler"], executor["workers"], executor["threads"]) == (
        "dask", cluster.scheduler_address, 2, 2)
    assert remote.status().batch is None  # no batch runs now: its progress file is gone


def test_small_documents_go_several_to_a_task_and_each_thread_still_gets_work(
    tmp_path: Path, cluster: distributed.LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One Dask task a document cost Dask's own 2-4 ms a task, as much as extracting a
    small document: 5,000 mixed documents took 3.6x the local pool's time. Groups of up
    to GROUP_DOCS bring it to the pool's, with the same wiki, and never fewer than two
    tasks a worker thread while there are documents to share."""
    inputs = {f"notes/{n:02d}.txt": f"Vendor record {n}: Firm{n} Holdings supplies item {n}.\n".encode()
              for n in range(40)}
    local, remote = twin_projects(tmp_path, inputs)
    expected = local.update()
    monkeypatch.setenv("WIKID_EXTRACT_EXECUTOR", "dask")
    monkeypatch.setenv("WIKID_EXTRACT_SCHEDULER", cluster.scheduler_address)
    sent: list[int] = []
    group = dask_client._Batch.group

    def counted(self: dask_client._Batch, todo: object, threads: int) -> Iterator[object]:
        taken = list(group(self, todo, threads))  # type: ignore[arg-type]
        sent.append(len(taken))
        return iter(taken)

    monkeypatch.setattr(dask_client._Batch, "group", counted)
    report = remote.update()
    assert [f.line() for f in report.files] == [f.line() for f in expected.files]
    assert tree_bytes(remote.paths.wiki) == tree_bytes(local.paths.wiki)
    assert sum(sent) == 40 and max(sent) == min(dask_client.GROUP_DOCS, 40 // 4) and len(sent) >= 4, sent


@needs_ocr
def test_scanned_pages_are_read_by_ocr_on_the_cluster(tmp_path: Path, on_dask: str, monkeypatch: pytest.MonkeyPatch) -> None:
    vendors = ["Acme Anvils", "Brindle Bolts", "Corvid Cables"]
    inputs = {}
    for n, vendor in enumerate(vendors):
        lines = [f"Vendor: {vendor}", f"Payment terms: {30 + 15 * n} days", f"Contract number: C-{1000 + n}"]
        inputs[f"scans/{vendor.split()[0].lower()}.pdf"] = scanned_pdf(lines)
        inputs[f"scans/{vendor.split()[0].lower()}-photo.png"] = picture(lines)
    local, remote = twin_projects(tmp_path, inputs)
    report = remote.update()
    assert {f.action for f in report.files} == {Action.CREATED}, [f.line() for f in report.files]
    pages = "".join(path.read_text(encoding="utf-8") for path in remote.paths.wiki.rglob("*.md"))
    assert all(vendor in pages for vendor in vendors) and "60 days" in pages
    monkeypatch.setenv("WIKID_EXTRACT_EXECUTOR", "local")
    local.update()
    assert tree_bytes(remote.paths.wiki) == tree_bytes(local.paths.wiki)


def test_the_limits_hold_inside_the_dask_workers(tmp_path: Path, on_dask: str, hostile: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A hang, a crash, a memory hog and a connection attempt each cost their file, as
    in the local pool; the other documents are read, and the Dask workers survive."""
    monkeypatch.setenv("WIKID_LIMITS_EXTRACT_TIMEOUT_SECONDS", "3")
    monkeypatch.setenv("WIKID_LIMITS_EXTRACT_MEMORY_MB", "256")
    project = Project(tmp_path / "proj")
    project.init()
    for name, command in [("hang", "hang"), ("crash", "segfault"), ("hog", "allocate"), ("net", "network")]:
        drop(project, f"{name}.hostile", command.encode())
    drop(project, "fine.hostile", AWAITED.replace("order book", "price list").encode())
    report = project.update()
    outcome = {f.input: f for f in report.files}
    assert outcome["fine.hostile"].action == Action.CREATED
    assert all(outcome[f"{name}.hostile"].reason == Reason.EXTRACTION_FAILED for name in ("hang", "crash", "hog", "net"))
    assert "time limit of 3 s exceeded" in outcome["hang.hostile"].message
    assert "crashed" in outcome["crash.hostile"].message
    assert "memory limit of 256 MB exceeded" in outcome["hog.hostile"].message
    assert "network" in outcome["net.hostile"].message.lower() or "unreachable" in outcome["net.hostile"].message.lower()


def test_a_worker_killed_mid_batch_loses_nothing_and_archives_every_document_once(
    tmp_path: Path, hostile: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    with start_cluster() as cluster, distributed.Client(cluster, set_as_default=False) as client:
        monkeypatch.setenv("WIKID_EXTRACT_EXECUTOR", "dask")
        monkeypatch.setenv("WIKID_EXTRACT_SCHEDULER", cluster.scheduler_address)
        project = Project(tmp_path / "proj")
        project.init()
        inputs = {f"slow/{n}.hostile": f"sleep:2:Vendor record {n}: Firm{n} Holdings supplies item {n}.".encode()
                  for n in range(8)}
        for rel, data in inputs.items():
            drop(project, rel, data)
        pids = client.run(os.getpid)
        killed: list[int] = []

        def progress(done: int, total: int, what: str) -> None:
            if what.startswith("extracted ") and not killed:  # both workers are busy with the next files now
                killed.append(pids[sorted(pids)[0]])
                os.kill(killed[0], signal.SIGKILL)

        report = project.update(progress=progress)
        assert killed
        # The kill did hit work in flight: the scheduler took tasks back from the dead worker.
        log = list(cluster.scheduler.transition_log)  # (key, start, finish, recommendations, stimulus, ...)
        assert any(t[1] in ("processing", "memory") and "worker-cleanup" in t[4] for t in log), log
        assert {f.action for f in report.files} == {Action.CREATED}, [f.line() for f in report.files]
        archived = [f.archived_as for f in report.files]
        assert len(set(archived)) == len(inputs) and all(archived)
        assert not any(project.paths.input.rglob("*.hostile"))
        assert_nothing_lost(inputs, project)
        originals = list(project.paths.archive.rglob("*.hostile"))
        assert sorted(p.read_bytes() for p in originals) == sorted(inputs.values())  # each once


def test_an_unreachable_scheduler_leaves_the_documents_waiting(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dask_client, "CONNECT_SECONDS", 1.0)
    monkeypatch.setenv("WIKID_EXTRACT_EXECUTOR", "dask")
    monkeypatch.setenv("WIKID_EXTRACT_SCHEDULER", "tcp://127.0.0.1:9")
    drop(project, "notes/a.txt", b"Acme Anvils meeting notes: the order is confirmed.\n")
    drop(project, "page.md", b"---\ntype: Note\ntitle: A page\n---\nBody.\n")
    report = project.update()
    outcome = {f.input: f for f in report.files}
    assert outcome["page.md"].action == Action.CREATED  # conformant pages need no extraction
    assert outcome["notes/a.txt"].action == Action.RETRY
    assert "tcp://127.0.0.1:9 cannot be reached" in outcome["notes/a.txt"].message
    assert (project.paths.input / "notes/a.txt").exists() and not project.status().ignored


def test_a_task_past_its_deadline_is_sent_again_then_left_in_input(
    tmp_path: Path, hostile: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Dask worker that holds a task (here: one in a document that outlasts a deadline
    made short) is not waited on forever: the task is sent again, at most ATTEMPTS
    times, then its document waits in input/ as io_failed, and nothing is archived."""
    with start_cluster() as cluster:
        monkeypatch.setenv("WIKID_EXTRACT_EXECUTOR", "dask")
        monkeypatch.setenv("WIKID_EXTRACT_SCHEDULER", cluster.scheduler_address)
        monkeypatch.setenv("WIKID_LIMITS_EXTRACT_TIMEOUT_SECONDS", "30")
        project = Project(tmp_path / "proj")
        project.init()
        drop(project, "fine.txt", b"Acme Anvils price list: one anvil costs ninety euros.\n")
        assert [f.action for f in project.update().files] == [Action.CREATED]  # the cluster works
        monkeypatch.setattr(dask_client, "task_deadline", lambda limits: 0.5)
        drop(project, "stuck.hostile", b"sleep:6:Acme Anvils order book")  # far past a deadline of 0.5 s
        report = project.update()
    stuck = report.files[0]
    assert (stuck.input, stuck.action, stuck.reason) == ("stuck.hostile", Action.IGNORED, Reason.IO_FAILED), stuck.line()
    assert f"lost its extraction {dask_client.ATTEMPTS} times" in stuck.message and "no answer" in stuck.message
    assert (project.paths.input / "stuck.hostile").exists()
    assert not list(project.paths.archive.rglob("stuck*"))


def test_workers_running_another_wikid_are_refused(project: Project, on_dask: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dask_client, "__version__", "0.0.0-other")
    drop(project, "a.txt", b"Acme Anvils meeting notes: the order is confirmed.\n")
    report = project.update()
    assert [(f.action, f.input) for f in report.files] == [(Action.RETRY, "a.txt")]
    assert "this is wikid 0.0.0-other" in report.files[0].message
    assert (project.paths.input / "a.txt").exists()


def test_status_shows_the_running_batch_and_its_extraction(project: Project, on_dask: str) -> None:
    for n in range(3):
        drop(project, f"doc{n}.txt", f"Firm{n} Holdings record {n}: it supplies bolts.\n".encode())
    seen: list[dict] = []

    def progress(done: int, total: int, what: str) -> None:
        if what.startswith("extracted "):
            batch = project.status().batch
            assert batch is not None
            seen.append(batch)

    project.update(progress=progress)
    assert seen and seen[0]["pid"] == os.getpid() and seen[0]["stage"] == "extracting"
    extraction = seen[0]["extraction"]
    assert (extraction["executor"], extraction["total"], extraction["workers"]) == ("dask", 3, 2)
    assert project.status().batch is None

