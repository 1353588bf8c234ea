"""The offline engine on real documents nobody tuned it for (../shared/corpus/realdocs/).

61 real documents about 15 command-line tools (manual pages as HTML, PDF and text,
READMEs, NEWS, FAQs, changelogs, conversions to docx/odt/md/rst), read in place and
copied into a scratch project. `truth.json` says which tool each document is about.
The figures bench/quality.py reports are held to their targets here, and the wiki
must be the same byte for byte whether the drop arrives in one batch or in three
(in another order), log.md aside, which tells the same changes and what the later
batches updated: invariant I6 on real documents. Skipped when the corpus is absent.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from conftest import FIXED_NOW, tree_bytes, wiki_differences
from sklearn.metrics import adjusted_rand_score

from wikid import Project
from wikid.okf.bundle import walk_bundle
from wikid.okf.page import split_page

REALDOCS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "realdocs"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (REALDOCS / "truth.json").is_file(), reason="../shared/corpus/realdocs/ is absent")]
BATCHES = ["batch-c", "batch-a", "batch-b"]


def ingest(root: Path, parts: list[str]) -> Project:
    """A project that received the corpus's `parts` folders one batch each, in that order."""
    project = Project(root)
    project.init()
    for part in parts:
        shutil.copytree(REALDOCS / "input" / part, project.paths.input / part)
        for path in (project.paths.input / part).rglob("*"):
            path.chmod(0o644)
        report = project.update()
        assert not [f for f in report.files if f.action in ("retry", "ignored")], report.files
    return project


@pytest.fixture(scope="module")
def one_batch(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("realdocs") / "one"
    project = Project(root)
    project.init()
    shutil.copytree(REALDOCS / "input", project.paths.input, dirs_exist_ok=True)
    for path in project.paths.input.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    with pytest.MonkeyPatch.context() as patch:  # module-scoped: the per-test clock is not set yet
        patch.setenv("WIKID_NOW", FIXED_NOW)
        project.update()
    return project


def pages(project: Project) -> dict[str, dict]:
    wiki = project.paths.wiki
    return {cid: split_page((wiki / f"{cid}.md").read_text())[0] for cid in walk_bundle(wiki).concept_ids}


def test_documents_about_one_tool_make_one_page_named_after_it(one_batch: Project) -> None:
    truth = json.loads((REALDOCS / "truth.json").read_text())
    page_of: dict[str, str] = {}
    found = pages(one_batch)
    for cid, fm in sorted(found.items()):
        for entry in fm["sources"]:
            page_of.setdefault(entry["resource"].removeprefix("/archive/").removesuffix(".orig"), cid)
    inputs = sorted(truth)
    assert set(page_of) == set(inputs)
    ari = adjusted_rand_score([truth[i] for i in inputs], [page_of[i] for i in inputs])
    assert ari >= 0.9, ari
    named = 0
    for cid, fm in found.items():
        entity = Counter(truth[i] for i in inputs if page_of[i] == cid).most_common(1)[0][0]
        words = re.findall(r"[^\W_]+", fm["title"].casefold())
        named += entity.split("-")[0] in words
    assert named / len(found) >= 0.9, {cid: fm["title"] for cid, fm in found.items()}


def test_pages_hold_no_invented_conflicts_and_lint_clean(one_batch: Project) -> None:
    wiki = one_batch.paths.wiki
    for cid in walk_bundle(wiki).concept_ids:
        assert "# Conflicts" not in (wiki / f"{cid}.md").read_text(), cid
    report = one_batch.lint()
    assert (report.errors, report.warnings) == (0, 0), [f"{f.file}: {f.code} {f.message}" for f in report.findings]


def test_three_batches_in_another_order_give_the_same_wiki_byte_for_byte(one_batch: Project, tmp_path: Path) -> None:
    split = ingest(tmp_path / "three", BATCHES)
    assert wiki_differences(tree_bytes(one_batch.paths.wiki), tree_bytes(split.paths.wiki)) == []
