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
YAML frontmatter (C loader). Growth is lint's seconds per concept relative to the
smallest N: ~1.0 means linear.

Usage: python bench/lint.py [--sizes 1000,10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

from wikid.okf.bundle import regenerate_indexes
from wikid.okf.lint import lint_bundle
from machine import machine_line  # bench/machine.py

WORDS = (
    "invoice contract renewal latency outage storage billing customer vendor support "
    "migration roadmap budget quarterly review escalation incident capacity pricing "
    "discount warehouse shipment onboarding security audit compliance retention backup "
    "dashboard metric owner deadline approval procurement licence region replica"
).split()
PER_DIR = 50


def _sentence(rng: random.Random) -> str:
    words = rng.choices(WORDS, k=rng.randint(8, 16))
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated N values")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is shown")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]

    rows = []
    for n in sizes:
        tmp = Path(tempfile.mkdtemp(prefix="wikid-bench-lint-", dir="/tmp"))
        try:
            wiki = tmp / "wiki"
            broken = generate_wiki(wiki, n)
            lint_s, report = best_of(args.repeat, lambda w=wiki: lint_bundle(w))
            base_s, parsed = best_of(args.repeat, lambda w=wiki: baseline(w))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        assert parsed == n, parsed
        assert report.errors == 0, report.summary()
        assert report.codes().get("BROKEN_LINK") == broken, report.summary()
        rows.append((n, lint_s, base_s, report.summary()))

    header = f"{'N':>6} {'lint s':>8} {'us/concept':>10} {'growth':>6} {'baseline s':>10} {'ratio':>6}  findings"
    print(header)
    print("-" * len(header))
    first_per = rows[0][1] / rows[0][0] if rows else 1.0
    for n, lint_s, base_s, summary in rows:
        per = lint_s / n
        print(f"{n:>6} {lint_s:>8.3f} {per * 1e6:>10.1f} {per / first_per:>6.2f} {base_s:>10.3f} "
              f"{lint_s / base_s:>6.1f}  {summary}")
    print(machine_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
