"""The shipped systemd units: the directives design.md §10 promises, and `systemd-analyze verify`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNITS = Path(__file__).resolve().parents[1] / "systemd"
SYSTEM_UNIT = UNITS / "wikid@.service"
USER_UNIT = UNITS / "wikid.service"

Unit = dict[str, list[tuple[str, str]]]


def parse_unit(text: str) -> Unit:
    """systemd's unit syntax: sections, repeated keys, `#`/`;` comments, `\\` continuations."""
    unit: Unit = {}
    section: str | None = None
    pending = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not pending and (not line or line[0] in "#;"):
            continue
        if pending and line[:1] in ("#", ";"):
            continue  # comment lines inside a continuation are skipped, as systemd does
        if line.endswith("\\"):
            pending += line[:-1].rstrip() + " "
            continue
        line, pending = pending + line, ""
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            unit.setdefault(section, [])
            continue
        assert section is not None, f"line {number}: assignment outside a section"
        key, sep, value = line.partition("=")
        assert sep, f"line {number}: not KEY=value: {raw!r}"
        unit[section].append((key.strip(), value.strip()))
    assert not pending, "file ends inside a continuation"
    return unit


def values(unit: Unit, section: str, key: str) -> list[str]:
    return [v for k, v in unit.get(section, []) if k == key]


def value(unit: Unit, section: str, key: str) -> str:
    found = values(unit, section, key)
    assert found, f"[{section}] {key}= is missing"
    assert len(found) == 1, f"[{section}] {key}= is set {len(found)} times"
    return found[0]


@pytest.fixture(scope="module")
def system_unit() -> Unit:
    return parse_unit(SYSTEM_UNIT.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def user_unit() -> Unit:
    return parse_unit(USER_UNIT.read_text(encoding="utf-8"))


def test_parser_handles_systemd_syntax() -> None:
    unit = parse_unit("# c\n[Service]\n; c\nA=1\nA=2\nB=x \\\n# skipped\n  y\n")
    assert unit == {"Service": [("A", "1"), ("A", "2"), ("B", "x y")]}


@pytest.mark.parametrize("path", [SYSTEM_UNIT, USER_UNIT], ids=lambda p: p.name)
def test_both_units_share_the_service_contract(path: Path) -> None:
    unit = parse_unit(path.read_text(encoding="utf-8"))
    assert value(unit, "Unit", "Description")
    assert value(unit, "Unit", "Documentation")
    svc = "Service"
    assert value(unit, svc, "Type") == "notify"
    assert value(unit, svc, "NotifyAccess") == "main"
    assert value(unit, svc, "Restart") == "on-failure"
    assert value(unit, svc, "RestartSec") == "5"
    assert value(unit, svc, "WatchdogSec") == "300"
    assert value(unit, svc, "TimeoutStopSec") == "120"
    assert value(unit, svc, "KillSignal") == "SIGTERM"
    assert value(unit, svc, "KillMode") == "mixed"  # SIGTERM to the daemon, not to its extraction workers
    exec_start = value(unit, svc, "ExecStart").split()
    assert exec_start[-2:] == ["watch", "$WATCH_ARGS"] and exec_start[-4] == "-C"
    assert "WATCH_ARGS=" in values(unit, svc, "Environment")  # empty unless an environment file sets it
    assert "WATCH_ARGS=--serve" in path.read_text(encoding="utf-8")  # and the unit says how to serve
    assert exec_start[0].endswith("/wikid")
    reload = value(unit, svc, "ExecReload").split()
    assert reload == ["/bin/kill", "-HUP", "$MAINPID"]
    assert value(unit, svc, "NoNewPrivileges") == "yes"
    assert value(unit, svc, "PrivateTmp") == "yes"
    assert value(unit, svc, "RestrictAddressFamilies").split() == ["AF_UNIX", "AF_INET", "AF_INET6"]
    assert value(unit, svc, "SystemCallArchitectures") == "native"
    assert value(unit, svc, "LockPersonality") == "yes"
    assert "PYTHONUNBUFFERED=1" in " ".join(values(unit, svc, "Environment")).split()
    assert all(v.startswith("-") for v in values(unit, svc, "EnvironmentFile"))  # optional files
    assert not values(unit, svc, "MemoryDenyWriteExecute")  # onnxruntime/numpy may need W+X
    assert not values(unit, svc, "User")  # left to the administrator (commented guidance)


def test_system_unit(system_unit: Unit) -> None:
    svc = "Service"
    assert value(system_unit, svc, "ExecStart") == "/usr/local/bin/wikid -C %f watch $WATCH_ARGS"
    assert value(system_unit, "Unit", "RequiresMountsFor") == "%f"
    assert value(system_unit, svc, "ProtectSystem") == "strict"
    assert values(system_unit, svc, "ReadWritePaths") == ["%f"]
    assert value(system_unit, svc, "ProtectHome") == "read-only"  # "yes" would hide projects under /home
    for key in (
        "PrivateDevices",
        "ProtectKernelTunables",
        "ProtectKernelModules",
        "ProtectControlGroups",
        "RestrictNamespaces",
    ):
        assert value(system_unit, svc, key) == "yes", key
    assert value(system_unit, svc, "UMask") == "0027"
    assert "-/etc/wikid/%i.env" in values(system_unit, svc, "EnvironmentFile")
    assert value(system_unit, "Install", "WantedBy") == "multi-user.target"
    text = SYSTEM_UNIT.read_text(encoding="utf-8")
    assert "systemd-escape --path" in text
    assert re.search(r"^#\s*User=wikid$", text, re.MULTILINE)
    assert re.search(r"^#\s*LoadCredential=\S+:\S+$", text, re.MULTILINE)


def test_user_unit(user_unit: Unit) -> None:
    svc = "Service"
    assert value(user_unit, svc, "ExecStart") == "%h/.local/bin/wikid -C %h/wiki-project watch $WATCH_ARGS"
    assert values(user_unit, svc, "EnvironmentFile") == ["-%h/.config/wikid/env"]
    assert value(user_unit, "Install", "WantedBy") == "default.target"
    # The user manager has no network-online.target and cannot use system-only ordering.
    assert not values(user_unit, "Unit", "After") and not values(user_unit, "Unit", "Wants")


# --- systemd-analyze verify (only where systemd is installed) ---------------------

DIAGNOSTIC = re.compile(r"\.service:\d+:|Unknown (key|section|lvalue)|Failed to parse|is not executable", re.IGNORECASE)


def _verify(unit_path: Path, tmp_path: Path, *, user: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SYSTEMD_LOG_COLOR="0", SYSTEMD_PAGER="")
    if user:
        runtime = tmp_path / "runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        env["XDG_RUNTIME_DIR"] = str(runtime)
    args = ["systemd-analyze", *(["--user"] if user else []), "verify", "--man=no", str(unit_path)]
    return subprocess.run(args, check=False, capture_output=True, text=True, env=env, timeout=60)


def _copy_with_exec(source: Path, target: Path, exec_args: str) -> None:
    """The unit with ExecStart pointed at a binary that exists here (verify checks it)."""
    text = source.read_text(encoding="utf-8")
    text, count = re.subn(r"^ExecStart=\S+", lambda _: f"ExecStart={sys.executable}", text, flags=re.MULTILINE)
    assert count == 1
    target.write_text(text + exec_args, encoding="utf-8")


def _diagnostics(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in (result.stdout + result.stderr).splitlines() if DIAGNOSTIC.search(line)]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_accepts_both_units(tmp_path: Path) -> None:
    units = tmp_path / "units"
    units.mkdir()
    project = tmp_path / "proj"
    project.mkdir()

    _copy_with_exec(SYSTEM_UNIT, units / "wikid@.service", "")
    instance = units / "wikid@srv-team\\x2dwiki.service"  # verify loads the template through the instance
    result = _verify(instance, tmp_path)
    assert not _diagnostics(result), result.stderr
    assert result.returncode == 0, result.stderr

    _copy_with_exec(USER_UNIT, units / "wikid.service", "")
    for user in (False, True):
        result = _verify(units / "wikid.service", tmp_path, user=user)
        if user and "Failed to initialize manager" in result.stderr:
            continue  # no usable user runtime directory here; the system-mode run already parsed it
        assert not _diagnostics(result), result.stderr
        assert result.returncode == 0, result.stderr

    # The check is not vacuous: an unknown directive is reported.
    _copy_with_exec(USER_UNIT, units / "broken.service", "\n[Service]\nNoSuchDirective=1\n")
    assert any("NoSuchDirective" in line for line in _diagnostics(_verify(units / "broken.service", tmp_path)))
