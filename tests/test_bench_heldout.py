"""bench/heldout.py builds two held-out corpora that benchmarks can trust.

Why: the held-out corpora are only worth something if they are what bench/quality.py
expects (truth.json naming every input), if their names give nothing away, if they
share no entity with the devset the engine was tuned on, and if every run on one
machine gives the same bytes -- otherwise two benchmark runs would not be comparable.
Skipped where the machine has no man pages or too few of the candidate tools. Two
builds take a few seconds.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BENCH, load_bench

pytestmark = pytest.mark.slow  # outside the fast subset (-m "not slow")

SCRIPT = BENCH / "heldout.py"
NAMES = ("heldout-a", "heldout-b")

heldout = load_bench("heldout")


def build(outdir: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, str(SCRIPT), str(outdir)], capture_output=True, text=True, timeout=120)
    if done.returncode != 0 and "tools available on this machine" in done.stderr:
        pytest.skip(f"too few candidate tools convert on this machine: {done.stderr.strip()[-300:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def digests(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_builds_two_deterministic_labelled_corpora(tmp_path: Path) -> None:
    if not Path("/usr/share/man").is_dir():
        pytest.skip("/usr/share/man is absent: no man pages to build the corpora from")
    for name in NAMES:
        if len(heldout.installed_tools(name)) < heldout.TOOLS_PER_CORPUS:
            pytest.skip(f"{name}: fewer than {heldout.TOOLS_PER_CORPUS} candidate tools installed "
                        f"({heldout.installed_tools(name)})")
    out = tmp_path / "out"
    first = build(out)
    assert sum(line.startswith(NAMES) for line in first.stderr.splitlines()) == 2, first.stderr

    entities: dict[str, set[str]] = {}
    for name in NAMES:
        corpus = out / name
        truth = json.loads((corpus / "truth.json").read_text(encoding="utf-8"))
        sources = json.loads((corpus / "sources.json").read_text(encoding="utf-8"))
        files = sorted(p.name for p in (corpus / "input").iterdir())
        assert len(files) >= 24, files
        assert sorted(truth) == files and sorted(sources) == files
        assert all(isinstance(v, str) and v for v in truth.values())
        assert all(sources[f]["entity"] == truth[f] and sources[f]["source"].startswith("usr/share/")
                   and sources[f]["conversion"] for f in files)
        entities[name] = set(truth.values())
        assert len(entities[name]) == 8, entities[name]
        for filename in files:
            assert all(entity.casefold() not in filename.casefold() for entity in entities[name]), filename
            assert (corpus / "input" / filename).stat().st_size >= heldout.MIN_BYTES
    assert not entities["heldout-a"] & entities["heldout-b"]
    assert not (entities["heldout-a"] | entities["heldout-b"]) & heldout.excluded_entities()

    before = digests(out)
    (out / "heldout-a" / "input" / "stray.txt").write_text("left over from an older run\n")
    build(out)
    assert digests(out) == before  # replaced, not merged, and byte for byte the same
