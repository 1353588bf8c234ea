"""Shared fixtures: a fresh project, a fixed clock, page builders and tree snapshots."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from wikid import Project

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "okf"
BENCH = Path(__file__).resolve().parents[1] / "bench"
FIXED_NOW = "2026-07-12T13:05:00Z"
OPT_IN = ("stress", "model")  # markers whose tests run only when -m names them


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the stress and model tests unless the -m expression names their marker:
    `pytest`, `pytest -m "not slow"` and `pytest -m slow` run none of them, `pytest -m
    stress` (or `-m "stress or model"`) runs those. An `addopts = -m ...` did this until a
    -m on the command line replaced it."""
    named = {m for m in OPT_IN if re.search(rf"\b{m}\b", config.getoption("markexpr") or "")}
    kept: list[pytest.Item] = []
    left_out: list[pytest.Item] = []
    for item in items:
        (left_out if any(item.get_closest_marker(m) for m in OPT_IN if m not in named) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def load_bench(name: str) -> ModuleType:
    """bench/<name>.py as a module, so its pure functions can be tested; bench/ goes on
    sys.path first, as its scripts import their neighbours (`table`) by name."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs at a known instant unless it overrides WIKID_NOW itself."""
    monkeypatch.setenv("WIKID_NOW", FIXED_NOW)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    for var in [v for v in os.environ if v.startswith("WIKID_") and v != "WIKID_NOW"]:
        monkeypatch.delenv(var)
    return FIXED_NOW


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch) -> None:
    """`.hostile` files go to tests/hostile_extractors.py, whose 'extractor' misbehaves on
    command (hang, allocate, segfault, raise, slow, …): the worker imports it like a format."""
    from wikid.extract import registry

    monkeypatch.setitem(registry.EXTRACTORS, ".hostile", "hostile_extractors")


@pytest.fixture
def project(tmp_path: Path) -> Project:
    proj = Project(tmp_path / "proj")
    proj.init()
    return proj


def page(type_: str = "Note", title: str = "A page", body: str = "Body text.\n", **extra: str) -> bytes:
    lines = ["---", f"type: {type_}", f"title: {title}"]
    lines += [f"{k}: {v}" for k, v in extra.items()]
    return ("\n".join(lines) + "\n---\n" + body).encode()


def drop(project: Project, rel: str, data: bytes) -> Path:
    path = project.paths.input / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def tree_bytes(root: Path) -> dict[str, bytes]:
    """Every regular file under `root` (links not followed) with its bytes."""
    out: dict[str, bytes] = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                out[path.relative_to(root).as_posix()] = path.read_bytes()
    return out


def tree_state(root: Path) -> dict[str, tuple[str, int]]:
    """Digest and mtime of every file: equal snapshots mean nothing was written."""
    return {
        rel: (hashlib.sha256(data).hexdigest(), (root / rel).stat().st_mtime_ns)
        for rel, data in tree_bytes(root).items()
    }


def wiki_differences(one_batch: dict[str, bytes], split: dict[str, bytes]) -> list[str]:
    """How a wiki built from a drop in several batches differs from the one built in one
    (invariant I6), both as tree_bytes of wiki/: the files that differ, and log.md lines
    that are not the history of the same changes. log.md says all one batch says, and
    what the later batches changed in pages earlier ones wrote (updated them, or merged
    a page created earlier into another)."""
    one, other = dict(one_batch), dict(split)
    one_log = set(one.pop("log.md", b"").decode().splitlines())
    split_log = set(other.pop("log.md", b"").decode().splitlines())
    problems = sorted(k for k in set(one) | set(other) if one.get(k) != other.get(k))
    problems += [f"log.md lacks: {line}" for line in sorted(one_log - split_log)]
    merged = {m.group(1) for line in split_log if (m := re.match(r"\* \*\*Update\*\*: Merged `([^`]+)`", line))}
    for line in sorted(split_log - one_log):
        created = re.match(r"\* \*\*Creation\*\*: Added \[([^]]+)\]", line)
        if not (line.startswith("* **Update**: ") or (created and created.group(1) in merged)):
            problems.append(f"log.md has in addition: {line}")
    return problems


def assert_nothing_lost(inputs: dict[str, bytes], project: Project) -> None:
    """I1: each input's bytes are in input/ or byte-identical somewhere in wiki/archive/."""
    archived = set(tree_bytes(project.paths.archive).values()) if project.paths.archive.exists() else set()
    for rel, data in inputs.items():
        path = project.paths.input / rel
        in_place = path.is_file() and not path.is_symlink() and path.read_bytes() == data
        assert in_place or data in archived, f"input/{rel} is neither in input/ nor archived"


def billion_laughs_page() -> bytes:
    lines = ["---", 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = name
    lines += ["type: Note", "---", "body"]
    return "\n".join(lines).encode()


SAMPLE_PROJECT = Path(__file__).resolve().parents[1] / "sample-project"


def updated_sample(root: Path, extra_inputs: dict[str, bytes] | None = None) -> Project:
    """A copy of the repository's sample project (plus `extra_inputs`, input-relative)
    after one `wikid update` at the fixed clock: a wiki with folders, sources and a
    conflict table, for tests that read a real wiki."""
    import shutil

    shutil.copytree(SAMPLE_PROJECT, root)
    project = Project(root)
    for rel, data in (extra_inputs or {}).items():
        drop(project, rel, data)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WIKID_NOW", FIXED_NOW)
        project.update()
    return project
