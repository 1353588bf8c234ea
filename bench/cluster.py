"""Benchmark the offline engine's clustering: time and peak memory at 1k and 10k documents.

What it measures, for each N in --sizes (default 1000 and 10000):

* signals  -- `read_signals` on N documents (names, identifiers, dates, attributes).
* cluster  -- `group_documents` alone: TF-IDF vectors (word 1-2-grams, char_wb 3-5-grams),
              blocked sparse all-pairs similarity, union-find; signals precomputed.
* engine   -- `OfflineEngine.manage`: everything above plus conflict resolution and
              rendering of every page, on an empty wiki.

Documents are synthetic and short (~100-300 words): N/3 entities with ~3 documents
each, in three shapes (a `Key: value` record with a name and an identifier, a prose
note that names the entity, a one-row CSV table), over a Zipf-distributed vocabulary of
6,000 pseudo-words so that unrelated documents share common words as real ones do.
Clustering quality against the generated labels is printed as a sanity check (ARI).

Each figure runs in a fresh child process so that its peak memory is its own: the
table shows the child's peak RSS against its RSS just before the measured call
(interpreter, libraries and the generated documents), so the ratio is how much the call
added. Wall time is one run, time.perf_counter. The baseline for time at the larger N is
linear growth from the smallest N (its time x N / N_smallest): a ratio near 1 means
linear, near 10 at 10x the documents quadratic.

--against DIR measures the engine figure of another wikid checkout too (issue 25's
criterion: within 1.5x of the engine before pages were built from the documents'
structure, commit 0b0f453: `git worktree add --detach /tmp/wt-before 0b0f453`), each
in its own child, the two alternated --repeat times (the machine is shared) and the
fastest run of each kept: a row against that engine and one against 1.5x it (target).

Usage: python bench/cluster.py [--sizes 1000,10000] [--against DIR [--repeat 2]] [--json]
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from queue import Empty
from typing import Any

import table  # bench/table.py
from table import Row, attempt

SYLLABLES = "ka lo mi ne ra tu vel dor sin pa qu ber tan gol fi xo ze mar lin to ha ri mo su".split()
FIELDS = ["Owner", "Region", "Tier", "Status", "Contact", "Plan", "Site", "Budget"]


def vocabulary(rng: random.Random, size: int = 6000) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))))
    return sorted(words)


def generate(n: int, seed: int = 1) -> tuple[list[tuple[str, str]], list[int]]:
    """N (input path, text) documents and the entity label of each."""
    rng = random.Random(seed)
    vocab = vocabulary(rng)
    weights = [1 / (i + 1) for i in range(len(vocab))]
    docs: list[tuple[str, str]] = []
    labels: list[int] = []
    entity = 0
    while len(docs) < n:
        name = " ".join(rng.choice(vocab).capitalize() for _ in range(2))
        code = f"ENT-{entity:05d}"
        topic = rng.sample(vocab, 25)
        fields = {f: " ".join(rng.choices(vocab, k=2)) for f in rng.sample(FIELDS, 4)}

        def prose(k: int, topic: list[str] = topic) -> str:
            words = rng.choices(vocab, weights, k=k) + rng.choices(topic, k=k // 5)
            rng.shuffle(words)
            return " ".join(words) + "."

        shapes = [
            f"# {name}\n\nName: {name}\nAsset ID: {code}\n"
            + "".join(f"{k}: {v}\n" for k, v in fields.items()) + "\n" + prose(rng.randint(80, 200)) + "\n",
            f"Notes on {name}\n\n{name} {prose(rng.randint(100, 250))} {name} again.\n",
            "| name | asset_id | " + " | ".join(fields) + " |\n|---|---|" + "---|" * len(fields) + "\n"
            f"| {name} | {code} | " + " | ".join(fields.values()) + " |\n\n" + prose(rng.randint(60, 150)) + "\n",
        ]
        for k, text in enumerate(shapes[: min(3, n - len(docs))]):
            docs.append((f"e{entity // 100:03d}/doc-{entity:05d}-{k}.txt", text))
            labels.append(entity)
        entity += 1
    return docs, labels


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def measure(figure: str, n: int, root: str | None, out: mp.Queue) -> None:
    """Child process: generate N documents, time one figure, report time and memory;
    with the wikid of the checkout at `root` when given (--against)."""
    if root is not None:
        sys.path.insert(0, root)
    from sklearn.metrics import adjusted_rand_score

    import wikid
    from wikid.config import OfflineConfig
    from wikid.manager import BlankWiki, SourceDocument
    from wikid.manager.offline import OfflineEngine
    from wikid.manager.offline.cluster import group_documents
    from wikid.manager.offline.signals import read_signals

    assert root is None or os.path.realpath(wikid.__file__).startswith(os.path.realpath(root)), wikid.__file__
    docs, labels = generate(n)
    texts = [t for _, t in docs]
    config = OfflineConfig()
    signals = [read_signals(t) for t in texts] if figure == "cluster" else None
    before = rss_mb()
    start = time.perf_counter()
    quality = float("nan")
    if figure == "signals":
        [read_signals(t) for t in texts]
    elif figure == "cluster":
        assert signals is not None
        groups = group_documents(texts, signals, [], config)
        predicted = [0] * n
        for g, group in enumerate(groups):
            for m in group.members:
                predicted[m] = g
        quality = adjusted_rand_score(labels, predicted)
    else:
        documents = [SourceDocument(rel, text) for rel, text in docs]
        result = OfflineEngine(config, datetime(2026, 7, 12, tzinfo=UTC)).manage(documents, BlankWiki())
        assert sum(text.count("resource: /archive/") for text in result.pages.values()) == n
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.put((seconds, peak, peak - before, quality))


def in_child(target: Callable[..., None], *args: object) -> Any:
    """What `target(*args, queue)` puts in its queue, run in a fresh (spawned) child so
    that its peak memory is its own (bench/update.py runs its figures this way too)."""
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    child = ctx.Process(target=target, args=(*args, queue))
    child.start()
    try:
        while True:
            try:
                return queue.get(timeout=1)
            except Empty:
                if not child.is_alive():  # a crashed child puts nothing: do not wait forever
                    return queue.get(timeout=1)
    except Empty:
        raise RuntimeError(f"the child for {args} exited with {child.exitcode} (traceback above)") from None
    finally:
        child.join()


def run(figure: str, n: int, root: str | None = None) -> tuple[float, float, float, float]:
    """(seconds, peak MB, MB added by the call, ARI) of one figure, from a fresh child."""
    return in_child(measure, figure, n, root)


NAMES = {"signals": "offline signals", "cluster": "offline clustering", "engine": "offline engine (manage)"}
AGAINST_TARGET = 1.5  # issue 25: the engine stays within 1.5x of the one it replaced


@dataclass(frozen=True)
class Against:
    """Another wikid checkout whose engine figure is measured beside this one's."""

    root: str
    repeat: int

    @property
    def name(self) -> str:
        done = subprocess.run(["git", "-C", self.root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        return done.stdout.strip() or self.root


def figure_rows(figure: str, n: int, first: tuple[int, float] | None, notes: list[str],
                against: Against | None = None) -> list[Row]:
    """Time against linear growth from the smallest N (`first`: that N and its seconds);
    for clustering and the engine, peak memory against the child's RSS before the call;
    the engine's time against the engine of `against` too."""
    if figure == "engine" and against is not None:
        theirs: list[float] = []
        mine: list[tuple[float, float, float, float]] = []
        for _ in range(against.repeat):  # alternated: a busy spell of the machine slows both
            theirs.append(run(figure, n, against.root)[0])
            mine.append(run(figure, n))
        seconds, peak, added, ari = min(mine)
    else:
        seconds, peak, added, ari = run(figure, n)
    label = f"{NAMES[figure]}, {n:,} docs"
    if first is None or first[0] == n:
        rows = [Row(label, seconds, None, "s")]
    else:
        rows = [Row(label, seconds, first[1] * n / first[0], "s", f"linear from N={first[0]:,}")]
    if figure == "engine" and against is not None:
        name = against.name
        rows += [Row(f"{label}, against {name}", seconds, min(theirs), "s", f"{name}'s engine, fastest of {len(theirs)}"),
                 Row(f"{label}, within {AGAINST_TARGET}x of {name}", seconds, AGAINST_TARGET * min(theirs), "s",
                     "(target)", target=True)]
        notes.append(f"{label}: this checkout {', '.join(f'{t:.2f}' for t, *_ in mine)} s, "
                     f"{name} {', '.join(f'{t:.2f}' for t in theirs)} s (alternated)")
    if figure != "signals":
        rows.append(Row(f"{label}, peak RSS", peak, peak - added, "MB", "RSS before the call"))
    if ari == ari:  # not NaN: clustering quality was measured
        notes.append(f"{label}: ARI {ari:.3f} against the generated entities")
    return rows


def main() -> int:
    parser = table.parser(__doc__, sizes="1000,10000")
    parser.add_argument("--against", help="a wikid checkout whose engine figure is measured beside this one's")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each engine with --against, alternated")
    args = parser.parse_args()
    sizes: list[int] = args.sizes
    against = Against(os.path.abspath(args.against), args.repeat) if args.against else None
    rows: list[Row] = []
    notes: list[str] = []
    for figure in NAMES:
        first: tuple[int, float] | None = None
        for n in sizes:
            measured = attempt(f"{NAMES[figure]}, {n:,} docs", figure_rows, figure, n, first, notes, against)
            rows += measured
            if first is None and measured[0].wikid is not None:
                first = (n, measured[0].wikid)
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
