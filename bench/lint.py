"""Benchmark `wikid lint` (lint_bundle) on generated wikis.

What it measures, for each N in --sizes (default 1000 and 10000): a generated wiki of
N concept pages spread over N/50 directories (nested two levels), each page with
wikid-style frontmatter (type, title, description, tags, generated {by, at}, two
sources whose `/archive/...` originals exist), three paragraphs with footnotes, three
links to other concepts (bundle-absolute and relative), a fenced code block with a
link-like line inside it, and every 20th page a `# Conflicts` table; one `index.md`
per directory written by the generator, and a `log.md`. 1% of the pages carry a broken
link, so the run has findings to report.

Timed (wall clock, time.perf_counter, best of --repeat runs): `lint_bundle(wiki)`.
Baseline: the least any linter must do -- walk the tree, read every page and parse its
YAML frontmatter (C loader). The notes give lint's microseconds per concept, which
stay flat from the smallest N to the largest when lint is linear.

Usage: python bench/lint.py [--sizes 1000,10000] [--repeat 3] [--json]
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import table  # bench/table.py
import yaml
from intake import WORDS  # bench/intake.py: the same vocabulary and sentences
from intake import sentence as _sentence
from table import Row, attempt

from wikid.okf.bundle import regenerate_indexes
from wikid.okf.lint import lint_bundle

PER_DIR = 50


def _concept_id(i: int) -> str:
    d = i // PER_DIR
    return f"area{d // 10:03d}/group{d % 10}/c{i:06d}"


def page_text(rng: random.Random, i: int, n: int, broken: bool) -> str:
    cid = _concept_id(i)
    sources = [f"s{i}-a", f"s{i}-b"]
    others = [_concept_id(rng.randrange(n)) for _ in range(3)]
    links = [f"[{o}](/{o}.md)" for o in others[:2]]
    links.append(f"[neighbour](../group{(i // PER_DIR) % 10}/{_concept_id(i ^ 1).rsplit('/', 1)[-1]}.md)")
    if broken:
        links.append("[gone](/nowhere/missing.md)")
    paragraphs = [
        " ".join(_sentence(rng) for _ in range(3)) + f"[^{sources[k % 2]}]" for k in range(3)
    ]
    body = [
        paragraphs[0],
        "See " + ", ".join(links) + ".",
        paragraphs[1],
        "```text\n[not a link](/inside/code.md) and [^not-a-footnote]\n```",
        paragraphs[2],
    ]
    if i % 20 == 0:
        body.append(
            "# Conflicts\n\n| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
            f"| Price | 10 | [^{sources[0]}] | 2024-01-01 | superseded |\n"
            f"| Price | 12 | [^{sources[1]}] | 2025-01-01 | canonical |"
        )
    body.append("\n".join(f"[^{s}]: Source {s}" for s in sources))
    front = (
        "---\n"
        "type: Note\n"
        f"title: {rng.choice(WORDS).capitalize()} {rng.choice(WORDS)} {i}\n"
        f"description: {_sentence(rng)}\n"
        f"tags: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]\n"
        "generated:\n  by: wikid/0.1.0\n  at: '2026-07-12T13:05:00Z'\n"
        "sources:\n"
        + "".join(
            f"- id: {s}\n  resource: /archive/{cid}-{s}.txt\n  title: Source {s}\n  last_modified: '2025-01-01'\n"
            for s in sources
        )
        + "---\n\n"
    )
    return front + "\n\n".join(body) + "\n"


def generate_wiki(wiki: Path, n: int) -> int:
    """Write the wiki; return how many pages carry a broken link."""
    rng = random.Random(11)
    broken = 0
    for i in range(n):
        cid = _concept_id(i)
        is_broken = i % 100 == 7
        broken += is_broken
        path = wiki / f"{cid}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page_text(rng, i, n, is_broken), encoding="utf-8")
        archive = wiki / "archive" / cid
        archive.parent.mkdir(parents=True, exist_ok=True)
        for s in (f"s{i}-a", f"s{i}-b"):
            Path(f"{archive}-{s}.txt").write_text("original\n", encoding="utf-8")
    regenerate_indexes(wiki)
    (wiki / "log.md").write_text("# Wiki Update Log\n\n## 2026-07-12\n\n* **Creation**: Added pages.\n", encoding="utf-8")
    return broken


def baseline(wiki: Path) -> int:
    """Walk, read every page, parse its frontmatter: the floor for any OKF linter."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    parsed = 0
    for dirpath, dirnames, filenames in os.walk(wiki):
        if dirpath == str(wiki):
            dirnames[:] = [d for d in dirnames if d != "archive"]
        for name in filenames:
            if name.endswith(".md") and name not in ("index.md", "log.md"):
                text = (Path(dirpath) / name).read_text(encoding="utf-8")
                end = text.find("\n---\n", 4)
                yaml.load(text[4:end], Loader=loader)
                parsed += 1
    return parsed


def best_of(repeat: int, fn) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def size_rows(n: int, repeat: int, notes: list[str]) -> list[Row]:
    """lint_bundle against the walk-read-parse floor on a generated wiki of N concepts."""
    tmp = Path(tempfile.mkdtemp(prefix="wikid-bench-lint-", dir="/tmp"))
    try:
        wiki = tmp / "wiki"
        broken = generate_wiki(wiki, n)
        lint_s, report = best_of(repeat, lambda: lint_bundle(wiki))
        base_s, parsed = best_of(repeat, lambda: baseline(wiki))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    assert parsed == n, parsed
    assert report.errors == 0, report.summary()
    assert report.codes().get("BROKEN_LINK") == broken, report.summary()
    notes.append(f"lint, {n:,} concepts: {lint_s / n * 1e6:.0f} us/concept; {report.summary()}")
    return [Row(f"lint, {n:,} concepts", lint_s, base_s, "s", "walk+read+parse YAML")]


def main() -> int:
    parser = table.parser(__doc__, sizes="1000,10000")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is shown")
    args = parser.parse_args()
    sizes: list[int] = args.sizes
    notes = [f"lint: best of {args.repeat} runs"]
    rows = [row for n in sizes
            for row in attempt(f"lint, {n:,} concepts", size_rows, n, args.repeat, notes)]
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
