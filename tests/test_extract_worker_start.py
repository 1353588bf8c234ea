"""The extraction worker starts from any caller (issue 15 item 9), and a worker that
cannot start is the environment's fault: files wait in input/, nothing is marked failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
