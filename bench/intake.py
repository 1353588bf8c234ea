"""Benchmark wikid's conformant intake and index regeneration.

What it measures, for each N in --sizes (default 1000 and 10000):

* intake      -- N generated OKF pages (frontmatter with type/title/description/tags,
                 a few paragraphs, ~1-3 KB each) spread over ~20 directories, some
                 nested two levels, dropped into <project>/input/. Timed: one
                 `Project(project).update()`. Baseline: a plain-shutil job doing the
                 same data movement (copyfile to wiki/<rel>, move to wiki/archive/<rel>).
* index-deep  -- `regenerate_indexes(wiki)` on a wiki of N concepts in one directory.
* index-wide  -- the same with the N concepts spread over N/10 sibling directories.
* index-refresh -- the daemon's steady state: one page edited in a wiki whose indexes
                 and page cache are fresh; only that page is re-read.
                 Baseline for both index figures: walk the wiki, read every page and
                 write one small file per directory with plain open().

Why: intake is the hot path of every batch, so its overhead over a bare
copy-and-move must stay a modest constant factor. wikid pays for durability
(temp file + fsync + rename/link per page, directory fsyncs, archive-before-release,
re-regenerated indexes and a log entry) that the baseline does not, so a ratio
well above 1 is expected; what matters is that it does not grow with N.
The index figures show index generation is O(concepts): seconds per concept should
stay flat from deep to wide and from 1000 to 10000 (an O(dirs x concepts) walk
would make the wide 10000 case ~100x slower per concept).

Each figure is timed once with time.perf_counter (wall clock) on freshly generated
files under a temporary folder in /tmp, which is removed afterwards.

Usage: python bench/intake.py [--sizes 1000,10000] [--json]
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from wikid import Project
from wikid.okf.bundle import regenerate_indexes
import table  # bench/table.py
from table import Row, attempt

DIRS = [
    "vendors", "vendors/hardware", "vendors/software", "services", "services/billing",
    "services/billing/invoices", "teams", "teams/platform", "teams/support", "meetings",
    "meetings/2025", "meetings/2025/q3", "policies", "runbooks", "runbooks/oncall",
    "customers", "customers/enterprise", "products", "glossary", "projects",
]
TYPES = ["Vendor", "Service", "Team", "Meeting", "Policy", "Runbook", "Customer", "Product", "Term"]
WORDS = (
    "invoice contract renewal latency outage storage billing customer vendor support "
    "migration roadmap budget quarterly review escalation incident capacity pricing "
    "discount warehouse shipment onboarding security audit compliance retention backup "
    "dashboard metric owner deadline approval procurement licence region replica"
).split()


def sentence(rng: random.Random) -> str:
    words = rng.choices(WORDS, k=rng.randint(8, 16))
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def page_text(rng: random.Random, i: int) -> str:
    """One conformant OKF page of roughly 1-3 KB."""
    title = f"{rng.choice(WORDS).capitalize()} {rng.choice(WORDS)} {i}"
    tags = ", ".join(sorted(set(rng.choices(WORDS, k=3))))
    paragraphs = [
        " ".join(sentence(rng) for _ in range(rng.randint(3, 5)))
        for _ in range(rng.randint(3, 5))
    ]
    return (
        "---\n"
        f"type: {rng.choice(TYPES)}\n"
        f"title: {title}\n"
        f"description: {sentence(rng)}\n"
        f"tags: [{tags}]\n"
        "---\n\n"
        f"# {title}\n\n" + "\n\n".join(paragraphs) + "\n"
    )


def generate_pages(root: Path, n: int, seed: int = 42) -> list[str]:
    """Write N pages round-robin over DIRS; return their relative paths."""
    rng = random.Random(seed)
    rels = []
    for i in range(n):
        rel = f"{DIRS[i % len(DIRS)]}/page-{i:06d}.md"
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page_text(rng, i), encoding="utf-8")
        rels.append(rel)
    return rels


def generate_wiki(wiki: Path, n: int, per_dir: int) -> None:
    """A wiki of N concepts, `per_dir` per directory, and no index.md yet."""
    rng = random.Random(7)
    for i in range(n):
        path = wiki / f"d{i // per_dir:05d}" / f"c{i:06d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page_text(rng, i), encoding="utf-8")


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench_intake(tmp: Path, n: int) -> tuple[float, float]:
    source = tmp / "source"
    generate_pages(source, n)

    project = tmp / "project"
    Project(project).init()
    shutil.copytree(source, project / "input", dirs_exist_ok=True)
    wikid_s, report = timed(lambda: Project(project).update())
    created = report.counts()["created"]
    assert created == n, f"expected {n} created pages, report says {report.summary()}"

    base = tmp / "baseline"
    shutil.copytree(source, base / "input")

    def plain_job() -> int:
        moved = 0
        for dirpath, _, filenames in os.walk(base / "input"):
            for name in sorted(filenames):
                src = Path(dirpath) / name
                rel = src.relative_to(base / "input")
                for dest in (base / "wiki" / rel, base / "wiki" / "archive" / rel):
                    dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, base / "wiki" / rel)
                shutil.move(src, base / "wiki" / "archive" / rel)
                moved += 1
        return moved

    baseline_s, moved = timed(plain_job)
    assert moved == n, f"baseline moved {moved} files, expected {n}"
    return wikid_s, baseline_s


def bench_indexes(tmp: Path, n: int, per_dir: int) -> tuple[float, float]:
    wiki = tmp / "wiki"
    generate_wiki(wiki, n, per_dir)
    wikid_s, changed = timed(lambda: regenerate_indexes(wiki))
    expected = -(-n // per_dir) + 1  # one index per directory, plus the root
    assert len(changed) == expected, f"{len(changed)} indexes written, expected {expected}"

    baseline_s, _ = timed(lambda: plain_indexes(wiki, tmp / "plain-indexes"))
    return wikid_s, baseline_s


def bench_index_refresh(tmp: Path, n: int) -> tuple[float, float]:
    """The steady state of a daemon: one page edited in a wiki whose indexes are fresh."""
    wiki, cache = tmp / "wiki", tmp / "pages.json"
    generate_wiki(wiki, n, per_dir=10)
    regenerate_indexes(wiki, cache)
    edited = wiki / "d00000" / "c000000.md"
    edited.write_text(edited.read_text(encoding="utf-8").replace("title: ", "title: Edited ", 1), encoding="utf-8")
    wikid_s, changed = timed(lambda: regenerate_indexes(wiki, cache))
    assert changed == ["d00000/index.md"], changed
    baseline_s, _ = timed(lambda: plain_indexes(wiki, tmp / "plain-indexes"))
    return wikid_s, baseline_s


def plain_indexes(wiki: Path, out: Path) -> int:
    """Baseline: walk the wiki, read every page and write one plain file per directory."""
    written = 0
    for dirpath, _, filenames in os.walk(wiki):
        text = []
        for name in sorted(filenames):
            if name != "index.md":
                text.append((Path(dirpath) / name).read_bytes()[:200])
        target = out / Path(dirpath).relative_to(wiki) / "index.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as f:
            f.write(b"\n".join(text))
        written += 1
    return written


def measured(figure: str, fn: Callable[[Path], tuple[float, float]], baseline_name: str) -> list[Row]:
    """Time one figure in a fresh temporary folder, removed afterwards."""
    tmp = Path(tempfile.mkdtemp(prefix="wikid-bench-", dir="/tmp"))
    try:
        wikid_s, baseline_s = fn(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return [Row(figure, wikid_s, baseline_s, "s", baseline_name)]


def size_rows(n: int) -> list[Row]:
    """The four figures for N pages or concepts."""
    figures: list[tuple[str, Callable[[Path], tuple[float, float]], str]] = [
        (f"intake, {n:,} pages (1 batch)", lambda tmp: bench_intake(tmp, n), "shutil copy+move"),
        (f"index.md regen, {n:,} concepts, 1 dir", lambda tmp: bench_indexes(tmp, n, per_dir=n),
         "plain walk+read+write"),
        (f"index.md regen, {n:,} concepts, {max(n // 10, 1):,} dirs",
         lambda tmp: bench_indexes(tmp, n, per_dir=10), "plain walk+read+write"),
        (f"index.md refresh, 1 edit in {n:,}", lambda tmp: bench_index_refresh(tmp, n),
         "plain walk+read+write"),
    ]
    rows: list[Row] = []
    for figure, fn, baseline_name in figures:
        rows += attempt(figure, lambda: measured(figure, fn, baseline_name))  # called at once
    return rows


def main() -> int:
    parser = table.parser(__doc__, sizes="1000,10000")
    args = parser.parse_args()
    sizes: list[int] = args.sizes
    rows = [row for n in sizes for row in size_rows(n)]
    return table.emit(rows, [], args.json)


if __name__ == "__main__":
    sys.exit(main())
