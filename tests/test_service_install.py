"""`wikid service install`: a unit whose ExecStart is the running wikid and the project,
written into a folder the test names (--unit-dir), never into ~/.config or /etc."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import wikid
from test_systemd_units import _diagnostics, _verify, parse_unit, value

from wikid.daemon.unit import escape_path, unit_folder


def _exec_start(unit: Path) -> list[str]:
    """ExecStart split as systemd splits it (its quoting is the shell's double quotes,
    with %% and $$ for a literal % and $)."""
    line = value(parse_unit(unit.read_text(encoding="utf-8")), "Service", "ExecStart")
    return [word.replace("%%", "%").replace("$$", "$") for word in shlex.split(line)]


@pytest.fixture
def odd_project(tmp_path: Path) -> Path:
    """A project whose path needs quoting in a unit: a space, a %, a $ and a dash."""
    root = tmp_path / "team wiki-50% $HOME"
    assert wikid("-C", str(root), "init").returncode == 0
    return root


def test_a_user_unit_runs_this_wikid_on_this_project(odd_project: Path, tmp_path: Path) -> None:
    units = tmp_path / "units"
    out = wikid("-C", str(odd_project), "service", "install", "--unit-dir", str(units))
    assert out.returncode == 0, out.stderr
    [unit] = list(units.iterdir())
    assert unit.name == "wikid-team-wiki-50-home.service"
    command = _exec_start(unit)
    assert command == [os.path.abspath(sys.executable), "-m", "wikid", "-C", str(odd_project.resolve()), "watch"]
    assert f"wrote {unit}" in out.stdout
    assert f"systemctl --user enable --now {unit.name}" in out.stdout and "systemctl --user daemon-reload" in out.stdout
    status = subprocess.run([*command[:-1], "status"], capture_output=True, text=True, timeout=120)
    assert status.returncode == 0 and "Concepts in wiki/: 0" in status.stdout, status.stderr  # it is a working wikid
    text = unit.read_text(encoding="utf-8")
    assert "KillMode=mixed" in text and "Type=notify" in text  # the shipped template, not a copy of it
    if shutil.which("systemd-analyze"):
        result = _verify(unit, tmp_path)
        assert not _diagnostics(result) and result.returncode == 0, result.stderr


def test_an_existing_unit_is_never_overwritten(odd_project: Path, tmp_path: Path) -> None:
    units = tmp_path / "units"
    assert wikid("-C", str(odd_project), "service", "install", "--unit-dir", str(units)).returncode == 0
    [unit] = list(units.iterdir())
    written = unit.stat().st_mtime_ns
    again = wikid("-C", str(odd_project), "service", "install", "--unit-dir", str(units))
    assert again.returncode == 0 and "is this unit already: left as it is" in again.stdout
    assert unit.stat().st_mtime_ns == written
    unit.write_text("[Service]\nExecStart=/opt/mine watch\n", encoding="utf-8")  # someone's own unit
    refused = wikid("-C", str(odd_project), "service", "install", "--unit-dir", str(units))
    assert refused.returncode == 1
    assert f"{unit} exists and is not the unit this wikid writes" in refused.stderr
    assert unit.read_text(encoding="utf-8") == "[Service]\nExecStart=/opt/mine watch\n"
    assert [p.name for p in units.iterdir()] == [unit.name]


def test_print_writes_nothing(odd_project: Path, tmp_path: Path) -> None:
    units = tmp_path / "units"
    for scope in ("--user", "--system"):
        out = wikid("-C", str(odd_project), "service", "install", scope, "--print", "--unit-dir", str(units))
        assert out.returncode == 0, out.stderr
        assert "\nExecStart=" in out.stdout and "# not written (--print)" in out.stdout
    assert not units.exists()
    home = tmp_path / "home"
    out = wikid("-C", str(odd_project), "service", "install", "--print", env={"HOME": str(home), "XDG_CONFIG_HOME": ""})
    assert f"writes it to {home}/.config/systemd/user/wikid-team-wiki-50-home.service" in out.stdout
    assert not home.exists()


def test_the_system_unit_is_a_template_enabled_for_the_project(odd_project: Path, tmp_path: Path) -> None:
    units = tmp_path / "units"
    out = wikid("-C", str(odd_project), "service", "install", "--system", "--unit-dir", str(units))
    assert out.returncode == 0, out.stderr
    unit = units / "wikid@.service"
    assert _exec_start(unit) == [os.path.abspath(sys.executable), "-m", "wikid", "-C", "%f", "watch"]
    instance = f"wikid@{escape_path(odd_project.resolve())}.service"
    assert f"systemctl enable --now '{instance}'" in out.stdout
    if shutil.which("systemd-analyze"):
        shutil.copy(unit, units / instance)  # verify loads a template through an instance
        result = _verify(units / instance, tmp_path)
        assert not _diagnostics(result) and result.returncode == 0, result.stderr


@pytest.mark.skipif(shutil.which("systemd-escape") is None, reason="systemd-escape is not installed")
@pytest.mark.parametrize("path", ["/srv/team-wiki", "/home/me/.wiki", "/data/team wiki/50% é", "/", "//a//b/"])
def test_instance_names_are_what_systemd_escape_gives(path: str) -> None:
    expected = subprocess.run(["systemd-escape", "--path", path], capture_output=True, text=True, check=True).stdout.strip()
    assert escape_path(Path(path)) == expected


def test_units_go_where_systemd_reads_them() -> None:
    assert unit_folder(True) == Path("/etc/systemd/system")
    assert unit_folder(False, {"XDG_CONFIG_HOME": "/cfg", "HOME": "/h"}) == Path("/cfg/systemd/user")
    assert unit_folder(False, {"HOME": "/h"}) == Path("/h/.config/systemd/user")


def test_a_folder_that_is_not_a_project_gets_no_unit(tmp_path: Path) -> None:
    out = wikid("-C", str(tmp_path), "service", "install", "--unit-dir", str(tmp_path / "units"))
    assert out.returncode == 1 and f"`wikid -C {tmp_path} init`" in out.stderr
    assert not (tmp_path / "units").exists()
