"""The public sample bundles in ../shared/corpus/okf/ ingest unchanged (read in place)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CORPUS, tree_bytes

from wikid import Action, Project, Reason

BUNDLES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir()) if CORPUS.is_dir() else []


@pytest.mark.slow
@pytest.mark.skipif(not BUNDLES, reason="../shared/corpus/okf/ is not present")
@pytest.mark.parametrize("bundle", BUNDLES)
def test_real_bundle_ingests_byte_identical(tmp_path: Path, bundle: str) -> None:
    source = CORPUS / bundle
    proj = Project(tmp_path / "proj")
    proj.init()
    shutil.copytree(source, proj.paths.input, dirs_exist_ok=True)  # a copy in tmp, never in the repo
    originals = tree_bytes(source)
    report = proj.update()

    by_input = {f.input: f for f in report.files}
    assert set(by_input) == set(originals)
    reserved = {rel for rel in originals if rel.rsplit("/", 1)[-1] in ("index.md", "log.md")}
    concepts = {rel for rel in originals if rel.endswith(".md")} - reserved
    assert reserved and concepts
    for rel in reserved:
        assert (by_input[rel].action, by_input[rel].reason) == (Action.IGNORED, Reason.RESERVED)
        assert (proj.paths.input / rel).read_bytes() == originals[rel]
    for rel in concepts:
        assert by_input[rel].action == Action.CREATED, (rel, by_input[rel].message)
        assert (proj.paths.wiki / rel).read_bytes() == originals[rel]
        assert (proj.paths.wiki / "archive" / f"{rel}.orig").read_bytes() == originals[rel]
    others = set(originals) - reserved - concepts
    for rel in others:  # viz.html: extracted and described by a concept page
        assert by_input[rel].action == Action.CREATED, (rel, by_input[rel].message)
        assert (proj.paths.wiki / str(by_input[rel].archived_as)).read_bytes() == originals[rel]
    root_index = (proj.paths.wiki / "index.md").read_text()
    for top in {rel.split("/", 1)[0] for rel in concepts if "/" in rel}:
        assert f"* [{top}/]({top}/)" in root_index
