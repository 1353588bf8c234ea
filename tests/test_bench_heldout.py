"""bench/heldout.py builds eight held-out corpora that benchmarks can trust.

Why: the held-out corpora are only worth something if they are what bench/quality.py
expects (truth.json naming every input), if their names give nothing away, if they
share no entity with the devset the engine was tuned on, and if every run on one
machine gives the same bytes -- otherwise two benchmark runs would not be comparable.
Skipped where the machine has no man pages or too few of the candidate tools (a-d, g, h), or
too few installed Python packages with a long description (e, f). Two builds take ten
to twenty seconds.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BENCH, load_bench

pytestmark = pytest.mark.slow  # outside the fast subset (-m "not slow")

SCRIPT = BENCH / "heldout.py"
NAMES = ("heldout-a", "heldout-b", "heldout-c", "heldout-d")

heldout = load_bench("heldout")


def build(outdir: Path, names: tuple[str, ...] = NAMES) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, str(SCRIPT), str(outdir), "--only", ",".join(names)],
                          capture_output=True, text=True, timeout=120)
    if done.returncode != 0 and "tools available on this machine" in done.stderr:
        pytest.skip(f"too few candidate tools convert on this machine: {done.stderr.strip()[-300:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def read_corpus(corpus: Path) -> tuple[dict[str, str], dict[str, dict[str, str]], list[str]]:
    """truth.json, sources.json and the input file names of a built corpus."""
    truth = json.loads((corpus / "truth.json").read_text(encoding="utf-8"))
    sources = json.loads((corpus / "sources.json").read_text(encoding="utf-8"))
    return truth, sources, sorted(p.name for p in (corpus / "input").iterdir())


def digests(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_builds_four_deterministic_labelled_corpora(tmp_path: Path) -> None:
    if not Path("/usr/share/man").is_dir():
        pytest.skip("/usr/share/man is absent: no man pages to build the corpora from")
    for name in NAMES:
        if len(heldout.installed_tools(name)) < heldout.TOOLS_PER_CORPUS:
            pytest.skip(f"{name}: fewer than {heldout.TOOLS_PER_CORPUS} candidate tools installed "
                        f"({heldout.installed_tools(name)})")
    out = tmp_path / "out"
    first = build(out)
    assert sum(line.startswith(NAMES) for line in first.stderr.splitlines()) == len(NAMES), first.stderr

    entities: dict[str, set[str]] = {}
    entities_files: dict[str, list[str]] = {}
    for name in NAMES:
        corpus = out / name
        truth, sources, files = read_corpus(corpus)
        assert len(files) >= 24, files
        assert sorted(truth) == files and sorted(sources) == files
        assert all(isinstance(v, str) and v for v in truth.values())
        assert all(sources[f]["entity"] == truth[f] and sources[f]["source"].startswith(
            ("usr/share/", "pydoc ", "command ")) and sources[f]["conversion"] for f in files)
        entities[name] = set(truth.values())
        entities_files[name] = files
        assert len(entities[name]) == 8, entities[name]
        for filename in files:
            assert all(entity.casefold() not in filename.casefold() for entity in entities[name]), filename
            assert (corpus / "input" / filename).stat().st_size >= heldout.MIN_BYTES
    for n, name in enumerate(NAMES):
        assert not entities[name] & heldout.excluded_entities()
        assert all(not entities[name] & entities[other] for other in NAMES[n + 1:])
    listed_earlier = {t.entity for name in ("heldout-a", "heldout-b") for t in heldout.CORPORA[name][1]}
    assert not (entities["heldout-c"] | entities["heldout-d"]) & listed_earlier
    # c and d have what the cases need: data files beside the documents they are about
    for name in ("heldout-c", "heldout-d"):
        assert sum(Path(f).suffix in (".csv", ".json") for f in entities_files[name]) >= 3

    before = digests(out)
    (out / "heldout-a" / "input" / "stray.txt").write_text("left over from an older run\n")
    build(out)
    assert digests(out) == before  # replaced, not merged, and byte for byte the same


PACKAGE_NAMES = ("heldout-e", "heldout-f")


def test_builds_two_deterministic_corpora_of_package_readmes(tmp_path: Path) -> None:
    """e and f: disjoint sets of installed packages, each with its long description (a
    README of MIN_README_WORDS words or more) first, named after its content type."""
    try:
        expected = heldout.package_corpora()
    except SystemExit as exc:
        pytest.skip(str(exc))
    out = tmp_path / "out"
    first = build(out, PACKAGE_NAMES)
    assert sum(line.startswith(PACKAGE_NAMES) for line in first.stderr.splitlines()) == 2, first.stderr
    entities: dict[str, set[str]] = {}
    for name in PACKAGE_NAMES:
        corpus = out / name
        truth, sources, files = read_corpus(corpus)
        assert sorted(truth) == files and sorted(sources) == files
        assert len(files) == len(expected[name])
        entities[name] = set(truth.values())
        assert heldout.MIN_PACKAGES <= len(entities[name]) <= heldout.PACKAGES_PER_CORPUS
        readmes = [f for f in files if sources[f]["source"].endswith(".dist-info/METADATA")]
        assert sorted(truth[f] for f in readmes) == sorted(entities[name])  # one README per package
        for filename in files:
            assert re.fullmatch(r"doc-\d{2,}\.(?:md|rst|txt)", filename), filename
            assert sources[filename]["source"].startswith("site-packages/")
            assert sources[filename]["package"] == truth[filename] and sources[filename]["version"]
        for filename in readmes:
            assert len((corpus / "input" / filename).read_text(encoding="utf-8").split()) >= heldout.MIN_README_WORDS
    assert not entities["heldout-e"] & entities["heldout-f"]

    before = digests(out)
    build(out, PACKAGE_NAMES)
    assert digests(out) == before


FRESH_NAMES = ("heldout-g", "heldout-h")


def test_builds_two_more_corpora_of_tools_no_other_corpus_lists(tmp_path: Path) -> None:
    """g (projects with data files, as c) and h (manual pages, READMEs, NEWS, as a and b)
    leave out every tool listed for a-d (and h every tool listed for g): corpora nobody
    tuned for while a-f were being looked at."""
    if not Path("/usr/share/man").is_dir():
        pytest.skip("/usr/share/man is absent: no man pages to build the corpora from")
    for name in FRESH_NAMES:
        if len(heldout.installed_tools(name)) < heldout.TOOLS_PER_CORPUS:
            pytest.skip(f"{name}: fewer than {heldout.TOOLS_PER_CORPUS} candidate tools installed "
                        f"({heldout.installed_tools(name)})")
    out = tmp_path / "out"
    build(out, FRESH_NAMES)
    listed = {t.entity for name in NAMES for t in heldout.CORPORA[name][1]}
    entities: dict[str, set[str]] = {}
    for name in FRESH_NAMES:
        truth, sources, files = read_corpus(out / name)
        assert sorted(truth) == files and sorted(sources) == files
        entities[name] = set(truth.values())
        assert len(entities[name]) == heldout.TOOLS_PER_CORPUS, entities[name]
        assert not entities[name] & (listed | heldout.excluded_entities())
        assert all(re.fullmatch(r"doc-\d{2,}\.\w+", f) for f in files)
    assert not entities["heldout-h"] & {t.entity for t in heldout.CORPORA["heldout-g"][1]}
    _, _, g_files = read_corpus(out / "heldout-g")
    assert sum(Path(f).suffix in (".csv", ".json") for f in g_files) >= 3
    before = digests(out)
    build(out, FRESH_NAMES)
    assert digests(out) == before
