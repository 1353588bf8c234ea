"""ruff and mypy with the project's own configuration (pyproject.toml), as tests: the
README's test command, and so CI (.ci/run runs exactly that command), runs them too.
Skipped where they are not installed; `pip install -e '.[test]'` brings them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed: pip install -e '.[test]'")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)


def test_ruff_finds_nothing() -> None:
    """wikid/, tests/, bench/ and scripts/: lint rules and import order (the rule set in pyproject.toml)."""
    done = run("ruff", "check", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow  # 30 s without a cache (CI, a fresh clone); `python -m mypy` alone is quick once cached
def test_mypy_finds_nothing() -> None:
    """The package, strict (pyproject.toml); a cache in .mypy_cache makes a second run quick."""
    done = run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
