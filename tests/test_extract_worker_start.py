"""The extraction worker starts from any caller (issue 15 item 9), and a worker that
cannot start is the environment's fault: files wait in input/, nothing is marked failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXED_NOW, drop

from wikid import Action, Project
from wikid.extract import runner, spawn

SCRIPT = """
import json, sys
from pathlib import Path
from wikid import Project
print("top-level code ran", file=sys.stderr)
project = Project(Path(sys.argv[1]))
project.init()
(project.paths.input / "acme.txt").write_text("Vendor: Acme Anvils\\n")
report = project.update()
print(json.dumps([[f.input, str(f.action), f.message] for f in report.files]))
"""


@pytest.mark.slow
@pytest.mark.parametrize("how", ["script", "stdin", "dash-c"])
def test_the_python_api_works_without_a_main_guard(tmp_path: Path, how: str) -> None:
    """A worker used to re-import the caller's __main__: the script ran again (and hit
    ProjectLocked), `python -` failed on '<stdin>'."""
    proj = str(tmp_path / "proj")
    script = tmp_path / "unguarded.py"
    script.write_text(SCRIPT)
    command = {"script": [sys.executable, str(script), proj], "stdin": [sys.executable, "-", proj],
               "dash-c": [sys.executable, "-c", SCRIPT, proj]}[how]
    temp = tmp_path / "tmp"
    temp.mkdir()
    done = subprocess.run(command, input=SCRIPT if how == "stdin" else None, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "WIKID_NOW": FIXED_NOW, "TMPDIR": str(temp)})
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("top-level code ran") == 1, done.stderr
    [[name, action, _]] = json.loads(done.stdout.strip().splitlines()[-1])
    assert (name, action) == ("acme.txt", "created")
    assert list(temp.iterdir()) == []  # item 8: multiprocessing's forkserver left /tmp/pymp-* behind


def test_a_worker_that_cannot_start_leaves_the_files_waiting(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    drop(project, "acme.txt", b"Vendor: Acme Anvils\n")
    monkeypatch.setattr(spawn.sys, "executable", str(project.root / "no-such-python"))
    [result] = project.update().files
    assert result.action == Action.RETRY and "the extraction worker did not start" in result.message, result
    assert (project.paths.input / "acme.txt").exists()
    assert not project.paths.ignored.exists() or "acme.txt" not in project.paths.ignored.read_text()


def test_the_worker_is_offline_at_the_os_level_where_linux_allows(tmp_path: Path) -> None:
    """Item 15: "networking disabled" was a Python-level socket replacement; a library
    calling the OS (here `_socket`, under the replacement) could still connect."""
    from wikid.config import LimitsConfig
    from wikid.extract import registry

    if not sys.platform.startswith("linux"):
        pytest.skip("network namespaces are Linux's")
    probe = tmp_path / "probe.netprobe"
    probe.write_bytes(b"")
    registry.EXTRACTORS[".netprobe"] = "netprobe_extractor"
    try:
        with runner.Extractor(LimitsConfig()) as extractor:
            outcome = extractor.extract(probe)
            network = extractor.network
    finally:
        del registry.EXTRACTORS[".netprobe"]
    if network != "network namespace":
        pytest.skip(f"this kernel allows no network namespace here ({network})")
    assert outcome.text is not None and outcome.text.startswith("refused:"), outcome
    assert "unreachable" in outcome.text.lower()


def test_a_worker_imports_the_module_it_is_told_to_preload_before_any_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wikid extract` names the file's format module when it starts the worker, which
    imports it while the command line is still importing wikid."""
    probe = tmp_path / "probe"
    probe.write_text("")
    monkeypatch.setenv("PRELOAD_PROBE", str(probe))
    worker = spawn.WorkerProcess(preload="preload_probe")
    try:
        worker.ready()
        deadline = time.monotonic() + 60
        while probe.read_text() != "imported" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert probe.read_text() == "imported"
    finally:
        worker.stop()


PROBE_CLI = """
import json, sys
from wikid.extract import spawn
seen = {}
start = spawn.WorkerProcess.__init__
def recording(self, *args, **kwargs):
    seen["at start"] = sorted(m for m in ("wikid.config", "wikid.project", "wikid.extract.runner") if m in sys.modules)
    start(self, *args, **kwargs)
spawn.WorkerProcess.__init__ = recording
from wikid.cli import main
code = main(["-C", sys.argv[1], "extract", sys.argv[2]])
seen["after"] = sorted(m for m in ("wikid.intake.pipeline", "wikid.okf.lint", "wikid.document.reading") if m in sys.modules)
print(json.dumps([code, seen]))
"""


def test_wikid_extract_starts_its_worker_before_importing_the_rest_and_imports_little(tmp_path: Path) -> None:
    """Issue 17: the command imported all of wikid and only then started the worker, one
    after the other; now they overlap, and the batch, the linter and the engines'
    document reader are not imported at all (the last one only for --json)."""
    notes = tmp_path / "notes.txt"
    notes.write_text("Payment terms: 45 days\n")
    done = subprocess.run([sys.executable, "-c", PROBE_CLI, str(tmp_path), str(notes)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Payment terms: 45 days"
    assert json.loads(done.stdout.splitlines()[-1]) == [0, {"at start": [], "after": []}]


def test_wikid_extract_says_when_its_worker_cannot_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from wikid.cli import main

    notes = tmp_path / "notes.txt"
    notes.write_text("Payment terms: 45 days\n")
    monkeypatch.setattr(spawn.sys, "executable", str(tmp_path / "no-such-python"))
    assert main(["-C", str(tmp_path), "extract", str(notes)]) == 1
    assert capsys.readouterr().err.startswith("wikid: error: the extraction worker did not start: ")


def test_wikid_extract_stops_its_early_worker_when_the_configuration_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from wikid.cli import main

    started: list[spawn.WorkerProcess] = []
    real = spawn.WorkerProcess.__init__

    def recording(self: spawn.WorkerProcess, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        started.append(self)

    monkeypatch.setattr(spawn.WorkerProcess, "__init__", recording)
    (tmp_path / "wikid.yaml").write_text("limits:\n  extract_workers: 0\n")
    notes = tmp_path / "notes.txt"
    notes.write_text("Payment terms: 45 days\n")
    assert main(["-C", str(tmp_path), "extract", str(notes)]) == 1
    assert "`limits.extract_workers` must be at least 1" in capsys.readouterr().err
    assert len(started) == 1 and not started[0].alive()
