"""The markers that choose which tests run: the fast subset leaves out the stress and
model tests, which run only when -m names them (tests/conftest.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# A stress test (the full kill -9 run), a model test, and a slow test that is neither.
FILES = ["tests/stress/test_kill9.py", "tests/test_local_model.py", "tests/test_daemon.py"]


def collected(*options: str) -> set[str]:
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           *options, *FILES], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 5), done.stdout + done.stderr  # 5: nothing collected
    return {line for line in done.stdout.splitlines() if "::" in line}


@pytest.mark.slow  # six collections
def test_stress_and_model_tests_run_only_when_m_names_them() -> None:
    stress = "tests/stress/test_kill9.py::test_sigkill_anywhere_loses_nothing_and_a_restart_finishes[full]"
    model = "tests/test_local_model.py::"
    slow = "tests/test_daemon.py::test_kill_9_mid_batch_loses_nothing_and_a_restart_finishes"
    fast = "tests/test_daemon.py::test_a_second_daemon_refuses_to_start"
    default, quick, only_slow = collected(), collected("-m", "not slow"), collected("-m", "slow")
    for chosen in (default, quick, only_slow):
        assert stress not in chosen and not any(t.startswith(model) for t in chosen), chosen
    assert {slow, fast} <= default
    assert fast in quick and slow not in quick
    assert slow in only_slow and fast not in only_slow
    assert stress in collected("-m", "stress")
    assert any(t.startswith(model) for t in collected("-m", "model"))
