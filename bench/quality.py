"""Benchmark the offline engine's knowledge on real documents, each figure beside its target.

Runs `wikid update` (offline engine, fixed clock) on a scratch copy of a labelled
corpus -- by default ../shared/corpus/realdocs/ (61 real documents about 15 tools;
`truth.json` maps each input to the entity it is about) -- and measures:

* ARI         -- adjusted Rand index of the pages against truth.json: an input belongs
                 to the first page (by concept id) whose `sources` cite it. Target >= 0.9;
                 baseline: one page per document, what the engine wrote before (0.00).
* titles      -- share of pages whose title names their entity (the truth label most of
                 its inputs have) as a whole word: the entity's words, folded, appear
                 in a row among the title's words, or joined into one ("Node.js" names
                 `nodejs`); a package-style name counts by its
                 leading word too ("xz" for xz-utils), shown separately. Target >= 0.9.
* known-item  -- share of fact queries (bench/knownitem.py: six rarest words of
                 sentences taken from each document's extracted text) for which a page
                 citing that document is in the top 3. Target >= 0.9.
* conflicts   -- `# Conflicts` rows over all pages. The corpus states no real
                 disagreement: target 0.
* time        -- the whole `wikid update`; and `OfflineEngine.manage` on 1,000 and
                 10,000 generated documents (bench/cluster.py's generator), 10,000
                 under 2 minutes (target).

Usage: python bench/quality.py [--corpus DIR ...] [--sizes 1000,10000] [--keep DIR] [--json]
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC
from pathlib import Path

import table  # bench/table.py
from table import Row, attempt

ROOT = Path(__file__).resolve().parents[1]
REALDOCS = ROOT.parent / "shared" / "corpus" / "realdocs"
NOW = "2026-12-01T00:00:00Z"
TARGETS = {"ARI": 0.9, "titles": 0.9, "known-item": 0.9}
TIME_TARGET_10K = 120.0
_WORDS = re.compile(r"[^\W_]+")


def folded_words(text: str) -> list[str]:
    return _WORDS.findall(text.casefold())


def names_entity(title: str, entity: str) -> tuple[bool, bool]:
    """(strict, leading): the entity's words in a row among the title's, or written as
    one word ("Node.js" names the package `nodejs`); its first word."""
    have, want = folded_words(title), folded_words(entity)
    strict = any(have[i : i + len(want)] == want for i in range(len(have) - len(want) + 1)) if want else False
    strict = strict or any("".join(have[i:j]) == "".join(want) for i in range(len(have)) for j in range(i + 2, len(have) + 1))
    return strict, strict or (len(want) > 1 and want[0] in have)


def run_update(corpus: Path, project: Path) -> float:
    """Copy the corpus's input/ into a fresh project and run one `wikid update`; seconds."""
    if project.exists():
        shutil.rmtree(project)
    shutil.copytree(corpus / "input", project / "input")
    for path in (project / "input").rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    (project / "wiki").mkdir()  # input/ and wiki/: a project (`update` refuses any other folder)
    env = {**os.environ, "WIKID_NOW": NOW, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "wikid", "-C", str(project), "update", "--json"],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def pages_of(project: Path) -> dict[str, dict]:
    """Concept id -> frontmatter of every page under wiki/ (not indexes, logs or the archive)."""
    sys.path.insert(0, str(ROOT))
    from wikid.okf.bundle import walk_bundle
    from wikid.okf.page import split_page

    wiki = project / "wiki"
    return {cid: split_page((wiki / f"{cid}.md").read_text(encoding="utf-8"))[0] | {"_body": split_page(
        (wiki / f"{cid}.md").read_text(encoding="utf-8"))[1]} for cid in walk_bundle(wiki).concept_ids}


def _input_of(resource: str) -> str:
    rel = resource.removeprefix("/archive/")
    return rel[: -len(".orig")] if rel.endswith(".orig") else rel


def evaluate(project: Path, truth: dict[str, str]) -> dict:
    """Every figure of the module docstring except times, for a project after its update."""
    from sklearn.metrics import adjusted_rand_score

    pages = pages_of(project)
    page_of: dict[str, str] = {}
    for cid in sorted(pages):
        for entry in pages[cid].get("sources") or []:
            if isinstance(entry, dict) and isinstance(entry.get("resource"), str):
                page_of.setdefault(_input_of(entry["resource"]), cid)
    inputs = sorted(truth)
    labels = [truth[i] for i in inputs]
    predicted = [page_of.get(i, f"(no page) {i}") for i in inputs]
    ari = adjusted_rand_score(labels, predicted)
    entity_pages = sorted({page_of[i] for i in inputs if i in page_of})
    strict = lenient = 0
    misses = []
    for cid in entity_pages:
        entity = Counter(truth[i] for i in inputs if page_of.get(i) == cid).most_common(1)[0][0]
        title = str(pages[cid].get("title") or cid)
        s, lead = names_entity(title, entity)
        strict += s
        lenient += lead
        if not lead:
            misses.append(f"{cid}: {title!r} ({entity})")
    conflicts = 0
    for page in pages.values():
        body = page["_body"]
        if "\n# Conflicts" in "\n" + body:
            section = ("\n" + body).split("\n# Conflicts", 1)[1].split("\n# ", 1)[0]
            conflicts += sum(1 for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Attribute"))
    return {
        "documents": len(inputs), "entities": len(set(labels)), "pages": len(entity_pages),
        "ari": ari, "titles_strict": strict / max(len(entity_pages), 1),
        "titles": lenient / max(len(entity_pages), 1), "title_misses": misses, "conflicts": conflicts,
        "unplaced": [i for i in inputs if i not in page_of],
    }


def known_item_share(project: Path) -> tuple[float, float]:
    """Known-item shares (bench/knownitem.py): with the sources' texts, and from the pages' own text only."""
    sys.path.insert(0, str(ROOT))
    import knownitem  # bench/knownitem.py

    from wikid import Project

    wiki = Project(project)
    ours = knownitem.share(wiki.paths.wiki, knownitem.wikid_search(wiki))
    pages_only = knownitem.share(wiki.paths.wiki, knownitem.page_only_search(wiki))
    return ours["share"], pages_only["share"]


def corpus_rows(corpus: Path, keep: Path | None) -> list[Row]:
    name = corpus.name
    truth = json.loads((corpus / "truth.json").read_text())
    scratch = Path(tempfile.mkdtemp(prefix="wikid-quality-"))
    project = keep / name if keep else scratch / name
    try:
        seconds = run_update(corpus, project)
        figures = evaluate(project, truth)
        known = known_item_share(project)
    finally:
        if keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
    label = f"{name} ({figures['documents']} docs, {figures['entities']} entities)"
    print(f"{label}: {figures['pages']} pages; title misses: {figures['title_misses']}; "
          f"inputs without a page: {figures['unplaced']}", file=sys.stderr)
    rows = [
        Row(f"{label}: ARI of pages", figures["ari"], TARGETS["ARI"], "ARI", "(target)", target=True),
        Row(f"{label}: ARI of pages", figures["ari"], 0.0, "ARI", "one page per document"),
        Row(f"{label}: pages", figures["pages"], figures["entities"], "pages", "entities in truth.json"),
        Row(f"{label}: titles naming their entity", figures["titles"], TARGETS["titles"], "share", "(target)", target=True),
        Row(f"{label}: titles naming their entity, whole name", figures["titles_strict"], TARGETS["titles"], "share", "(target)", target=True),
        Row(f"{label}: # Conflicts rows", figures["conflicts"], 0, "rows", "(target: none)", target=True),
        Row(f"{label}: wikid update, whole batch", seconds, None, "s", "-"),
    ]
    rows += [
        Row(f"{label}: known-item search, top 3", known[0], TARGETS["known-item"], "share", "(target)", target=True),
        Row(f"{label}: known-item search, top 3", known[0], known[1], "share", "pages' own text only"),
    ]
    return rows


def generated_rows(sizes: list[int]) -> list[Row]:
    """OfflineEngine.manage on generated documents (bench/cluster.py's generator)."""
    sys.path.insert(0, str(ROOT))
    from datetime import datetime

    from cluster import generate  # bench/cluster.py

    from wikid.config import OfflineConfig
    from wikid.manager import BlankWiki, SourceDocument
    from wikid.manager.offline import OfflineEngine

    rows = []
    for n in sizes:
        docs, _ = generate(n)
        documents = [SourceDocument(rel, text) for rel, text in docs]
        engine = OfflineEngine(OfflineConfig(), datetime(2026, 12, 1, tzinfo=UTC))
        start = time.perf_counter()
        engine.manage(documents, BlankWiki())
        seconds = time.perf_counter() - start
        figure = f"offline engine, {n:,} generated documents"
        if n >= 10_000:
            rows.append(Row(figure, seconds, TIME_TARGET_10K, "s", "(target)", target=True))
        else:
            rows.append(Row(figure, seconds, None, "s", "-"))
    return rows


def main() -> None:
    parser = table.parser(__doc__)
    parser.add_argument("--corpus", action="append", type=Path, help="labelled corpus folder (input/, truth.json)")
    parser.add_argument("--sizes", default="1000,10000", help="generated document counts, comma-separated ('' for none)")
    parser.add_argument("--keep", type=Path, help="keep the scratch projects under this folder")
    args = parser.parse_args()
    corpora = args.corpus or ([REALDOCS] if REALDOCS.is_dir() else [])
    rows: list[Row] = []
    for corpus in corpora:
        rows += attempt(f"quality {corpus.name}", corpus_rows, corpus, args.keep)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if sizes:
        rows += attempt("quality generated", lambda: generated_rows(sizes))
    notes = [
        "quality: ARI/titles/conflicts from one `wikid update` (offline engine, WIKID_NOW fixed) on a scratch copy",
        "titles: entity named as a whole word; 'whole name' requires every word of a package name (xz-utils)",
    ]
    sys.exit(table.emit(rows, notes, args.json))


if __name__ == "__main__":
    main()
