"""Benchmark `wikid query`: index build, incremental refresh, cold and warm queries.

What it measures, for each N in --sizes (default 1000,10000,100000), on a generated
wiki of N short concept pages (frontmatter with type/title/description/tags and a
body of ~60-120 words drawn from a Zipf-distributed vocabulary of 40,000 invented
words, 100 pages per directory; written by numpy-drawn words, ~5 minutes for
1,000,000 pages) - and, with --sources (default: both), the same wiki where every page
cites one archived extracted text of SOURCE_PARAGRAPHS paragraphs (~600 words, ~4.5 KB:
a short document, three times the page), which the index reads in ~500-character
chunks. For each N in --scale (bench/run: 1000000), pages without sources and only
the build and the query figures (not the refresh, not the scikit-learn baseline).

* build       -- `Project.reindex()`: walk, read, hash, tokenize and weigh every page,
                 store the index. Baseline: scikit-learn's TfidfVectorizer (same
                 tokenizer, sublinear tf) fitted on the same page texts read from
                 disk - what the index would cost built the textbook way.
* refresh     -- one page edited by hand, then the refresh a walk does (`wikid
                 serve`'s check; a query's first after a rebuild): walk, re-hash,
                 re-index that page, store.
                 Baseline: the build above (what a refresh must be far cheaper than).
                 And one page a batch wrote, then the batch's refresh of the pages it
                 names (no walk). Baseline: the refresh with a walk.
* cold query, no daemon -- wall time and peak RSS of whole `wikid -C P query "..."
                 --json` processes (page cache and bytecode cache warm): each stats
                 the wiki's folders and the pages it shows (wikid.query.folders), not
                 every page. Baseline: `python -c "import numpy"`, the start-up floor
                 of any numpy program. The first query after the build walks the
                 wiki once to record its folders: its time is in the notes.
* warm p50/p95 -- a running `wikid watch` answers over its Unix socket (the client is
                 this process; time per request/response, snippets included).
                 Baseline: the same queries scored in-process by a plain scipy
                 sparse product over the same L2-normalised TF-IDF matrix, with
                 argpartition for the top 10 - the floor, no snippets, no I/O.
* warm p50, whole process -- `wikid query` processes the daemon answers. Baseline:
                 `python -c pass`, the floor of any Python command.
* cold query, daemon watching -- `wikid query` processes that cannot reach the
                 socket (it is moved aside) while the daemon watches wiki/ and keeps
                 the change journal: no walk. Baseline: `python -c "import numpy"`.

Every process figure is the median of PROCESS_RUNS runs, taking turns with its
baseline's runs, so that other work on the machine weighs on both alike. Targets
(issue 17), shown as extra rows: a cold query within 2x its floor up to 100,000 pages
and 3x at 1,000,000, under 120 MB at 100,000; a daemon-answered process within 2x
`python -c pass`; a warm p50 under 20 ms. The notes give each index's size and the
load average.

Usage: python bench/query.py [--sizes 1000,10000,100000] [--sources without,with] [--scale 1000000] [--keep DIR]
       [--json]
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import scipy.sparse as sp
import table  # bench/table.py
from table import Row, attempt, progress

from wikid import Project
from wikid.query.client import ask_daemon
from wikid.query.results import QueryRequest
from wikid.query.store import RACY_NS, fresh_index, load
from wikid.query.stored import open_index

TYPES = ["Vendor", "Service", "Team", "Meeting", "Policy", "Runbook", "Customer", "Product", "Term"]
SYLLABLES = "ka lo mi ne ru sa ti vo pe da gu ri ma ko sen tal dor vin mar pel or an el is um".split()
VOCABULARY = 40_000
PROCESS_RUNS = 11  # of each process figure and its floor, taking turns
WARM_QUERIES = 200
# Issue 17's targets: a cold `wikid query` process within 2x `python -c "import numpy"`
# up to 100,000 pages (3x at 1,000,000) and under 120 MB at 100,000; a query the daemon
# answers, the whole process, within 2x `python -c pass`.
COLD_FACTOR, COLD_FACTOR_LARGE, LARGE = 2.0, 3.0, 1_000_000
RSS_TARGET_MB, RSS_TARGET_PAGES = 120.0, 100_000
WARM_PROCESS_FACTOR = 2.0
WARM_P50_TARGET = 0.020  # seconds: the median answer of a running daemon
SOURCE_PARAGRAPHS = 12  # of 4 sentences of 8-14 words: ~600 words per source text


def vocabulary(rng: random.Random) -> list[str]:
    words: set[str] = set()
    while len(words) < VOCABULARY:
        words.add("".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))))
    return sorted(words)


class Text:
    """Zipf-distributed words: a few very common, a long tail of rare ones."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.words = vocabulary(self.rng)
        self.rng.shuffle(self.words)
        weights = [1.0 / (rank + 1) for rank in range(len(self.words))]
        self.cumulative = list(np.cumsum(weights))

    def words_(self, k: int) -> list[str]:
        return self.rng.choices(self.words, cum_weights=self.cumulative, k=k)


class Writer:
    """Pages written fast enough for a 1,000,000-page wiki: the words of a block of
    pages drawn by numpy at once (same Zipf vocabulary), one write per file."""

    def __init__(self, text: Text, seed: int = 42) -> None:
        self.rng = np.random.default_rng(seed)
        self.words = np.array(text.words, dtype=object)
        self.cumulative = np.array(text.cumulative)
        self.types = np.array(TYPES, dtype=object)

    def draw(self, k: int) -> list[str]:
        at = np.searchsorted(self.cumulative, self.rng.random(k) * self.cumulative[-1], side="right")
        return self.words[np.minimum(at, len(self.words) - 1)].tolist()

    def paragraphs(self, n: int, sentences: int) -> str:
        lengths = self.rng.integers(8, 15, n * sentences).tolist()
        words = self.draw(sum(lengths))
        out, at = [], 0
        for length in lengths:
            out.append(words[at].capitalize() + " " + " ".join(words[at + 1 : at + length]) + ".")
            at += length
        return "\n\n".join(" ".join(out[p * sentences : (p + 1) * sentences]) for p in range(n))

    def page(self, i: int, source: str | None) -> str:
        head = self.draw(14)
        title = f"{head[0].title()} {head[1].title()} {i}"
        description = head[2].capitalize() + " " + " ".join(head[3:12]) + "."
        cites = (f"sources:\n- id: doc-{i:06d}\n  resource: {source.removesuffix('-extracted.txt')}.docx\n"
                 f"  title: Document {i}\n  text: {source}\n") if source else ""
        return (f"---\ntype: {self.types[i % len(self.types)]}\ntitle: {title}\ndescription: {description}\n"
                f"tags: [{head[12]}, {head[13]}]\n{cites}---\n\n# {title}\n\n{self.paragraphs(2, 3)}\n")


def write_file(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def generate(project: Path, n: int, sources: bool) -> Text:
    """N pages, 100 per directory (and with `sources`, each citing an archived text)."""
    Project(project).init()
    text = Text(42)
    writer = Writer(text)
    for i in range(n):
        folder = f"d{i // 100:04d}"
        if i % 100 == 0:
            (project / "wiki" / folder).mkdir()
            if sources:
                (project / "wiki" / "archive" / folder).mkdir(parents=True)
        source = None
        if sources:
            source = f"/archive/{folder}/doc-{i:06d}-extracted.txt"
            write_file(project / "wiki" / source.lstrip("/"), writer.paragraphs(SOURCE_PARAGRAPHS, 4) + "\n")
        write_file(project / "wiki" / folder / f"page-{i:06d}.md", writer.page(i, source))
    return text


def queries(text: Text, n: int) -> list[str]:
    """Common, rare and mixed words, and titles: the shapes people type."""
    out = []
    for i in range(n):
        shape = i % 4
        if shape == 0:
            out.append(" ".join(text.words_(2)))
        elif shape == 1:
            out.append(" ".join(text.rng.sample(text.words[VOCABULARY // 2:], 2)))
        elif shape == 2:
            out.append(" ".join(text.words_(1) + text.rng.sample(text.words[1000:], 2)))
        else:
            out.append(" ".join(text.words_(3)))
    return out


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench_build(project: Path) -> tuple[float, float]:
    from sklearn.feature_extraction.text import TfidfVectorizer

    from wikid.query.tokenize import tokens

    time.sleep(RACY_NS / 1e9)  # pages just written are re-hashed until their timestamps age
    wikid_s, _ = timed(lambda: Project(project).reindex())

    def sklearn_build() -> object:  # pages and source texts alike, one vector each
        files = sorted((project / "wiki").rglob("page-*.md")) + sorted((project / "wiki").rglob("*-extracted.txt"))
        texts = [p.read_text(encoding="utf-8") for p in files]
        return TfidfVectorizer(analyzer=tokens, sublinear_tf=True).fit_transform(texts)

    baseline_s, _ = timed(sklearn_build)
    return wikid_s, baseline_s


def bench_refresh(project: Path, rounds: int = 3) -> tuple[float, float]:
    """A page edited by hand, then the refresh a walk does (re-hash, re-index, store); and a page a batch wrote, then the refresh the batch does (no walk).
    Medians of `rounds` of each, taking turns."""
    paths = Project(project).paths
    seconds: dict[bool, list[float]] = {False: [], True: []}
    for n in range(2 * rounds):
        named = n % 2 == 1
        concept_id = f"d0000/page-{n:06d}"
        page = project / "wiki" / f"{concept_id}.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nAn added line about zymurgy.\n", encoding="utf-8")
        wikid_s, index = timed(lambda: fresh_index(paths.query_index, paths.wiki,
                                                   pages=[concept_id] if named else None))  # noqa: B023
        assert index.term_id("zymurgy") is not None
        seconds[named].append(wikid_s)
    return statistics.median(seconds[False]), statistics.median(seconds[True])


def bench_env() -> dict[str, str]:
    # Bytecode caching on, as for an installed wikid (a PYTHONDONTWRITEBYTECODE
    # sandbox would otherwise recompile every module on every run).
    return {k: v for k, v in os.environ.items() if not k.startswith("WIKID_") and k != "PYTHONDONTWRITEBYTECODE"}


def interleaved(commands: dict[str, list[list[str]]], runs: int) -> dict[str, float]:
    """The median seconds of each command's runs; the commands take turns (a, b, a, b,
    ...) so that other work on the machine falls on all of them alike. Each command is
    a list of argvs, used in turn (a different query each run)."""
    env = bench_env()
    seconds: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(runs):
        for name, argvs in commands.items():
            start = time.perf_counter()
            subprocess.run(argvs[i % len(argvs)], env=env, stdout=subprocess.DEVNULL, check=False)
            seconds[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in seconds.items()}


def peak_rss(commands: dict[str, list[list[str]]], runs: int) -> dict[str, float]:
    """The median peak RSS (MB) of each command, run under GNU time: a process started
    straight from this one would report this one's size (the kernel carries the
    high-water mark of the process that forked it across the exec)."""
    gnu_time = shutil.which("time") or "/usr/bin/time"
    if not os.access(gnu_time, os.X_OK):
        raise RuntimeError("GNU time is not installed (apt-get install time)")
    peaks: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(runs):
        for name, argvs in commands.items():
            done = subprocess.run([gnu_time, "-f", "%M", *argvs[i % len(argvs)]], env=bench_env(),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
            peaks[name].append(int(done.stderr.split()[-1]) / 1024)
    return {name: statistics.median(values) for name, values in peaks.items()}


def wikid_query(project: Path, qs: list[str]) -> list[list[str]]:
    return [[sys.executable, "-m", "wikid", "-C", str(project), "query", q, "--json"] for q in qs]


NUMPY_FLOOR = [[sys.executable, "-c", "import numpy"]]
PYTHON_FLOOR = [[sys.executable, "-c", "pass"]]
RSS_RUNS = 3


def bench_cold(project: Path, qs: list[str]) -> tuple[dict[str, float], dict[str, float]]:
    """`wikid query` processes with no daemon (each checks the folders and the pages it
    shows) and the `import numpy` floor: median seconds, and median peak RSS; and the
    seconds of the first such process after the build, which walks the wiki to record
    its folders (and warms the page cache)."""
    first = interleaved({"first": wikid_query(project, qs[:1])}, 1)["first"]
    commands = {"wikid": wikid_query(project, qs), "floor": NUMPY_FLOOR}
    return {**interleaved(commands, PROCESS_RUNS), "first": first}, peak_rss(commands, RSS_RUNS)


def floor_latencies(project: Path, qs: list[str]) -> list[float]:
    """The same queries, scored by a plain sparse product over the same weights."""
    from wikid.query.index import query_weights
    from wikid.query.tokenize import term_counts

    index = load(Project(project).paths.query_index)
    assert index is not None
    term_of = np.repeat(np.arange(len(index.terms)), np.diff(index.indptr))
    weights = index.tf * index.idf[term_of] / index.norms[index.rows]
    matrix = sp.csr_matrix((weights, (index.rows, term_of)), shape=(len(index.norms), len(index.terms)))
    out = []
    for q in qs:
        start = time.perf_counter()
        vector = np.zeros(len(index.terms))
        for tid, w in query_weights(index, term_counts(q)):
            vector[tid] = w
        scores = matrix @ vector
        best = np.argpartition(-scores, 10)[:10]
        best[np.argsort(-scores[best])]
        out.append(time.perf_counter() - start)
    return out


@contextmanager
def running_daemon(project: Path, qs: list[str]) -> Iterator[subprocess.Popen[bytes]]:
    """`wikid watch` on the project, once it answers on its socket and vouches for the
    stored index in its change journal."""
    from wikid.query.journal import vouched_changes
    from wikid.query.stored import open_index

    paths = Project(project).paths
    log = open(project.parent / "daemon.log", "wb")  # noqa: SIM115 - closed in the finally below, once the daemon stopped
    daemon = subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project), "watch"],
                              env=bench_env(), stdout=log, stderr=subprocess.STDOUT)

    def vouched() -> bool:
        stored = open_index(paths.query_index)
        return stored is not None and vouched_changes(paths.query_journal, stored.generation) is not None

    try:
        deadline = time.monotonic() + 3600
        while ask_daemon(paths.query_socket, QueryRequest(qs[0])) is None or not vouched():
            if time.monotonic() > deadline or daemon.poll() is not None:
                raise RuntimeError(f"the daemon did not answer; see {project.parent / 'daemon.log'}")
            time.sleep(0.2)
        yield daemon
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(timeout=600)
        log.close()


def bench_warm(project: Path, qs: list[str]) -> tuple[list[float], list[float]]:
    """Latency of the daemon's answers over the socket, asked from this process."""
    socket_path = Project(project).paths.query_socket
    latencies = []
    for q in qs:
        start = time.perf_counter()
        response = ask_daemon(socket_path, QueryRequest(q))
        latencies.append(time.perf_counter() - start)
        assert response is not None and response.via == "daemon"
    return latencies, floor_latencies(project, qs)


def bench_warm_process(project: Path, qs: list[str]) -> tuple[float, float]:
    """Whole `wikid query` processes the daemon answers, and `python -c pass`: medians."""
    seconds = interleaved({"wikid": wikid_query(project, qs), "floor": PYTHON_FLOOR}, PROCESS_RUNS)
    return seconds["wikid"], seconds["floor"]


def bench_journal(project: Path, qs: list[str]) -> tuple[float, float]:
    """`wikid query` processes that cannot reach the daemon's socket (moved aside) while
    the daemon watches and vouches for the stored index: no walk. Against `import numpy`."""
    socket_path = Project(project).paths.query_socket
    aside = socket_path.with_name("query.sock.aside")
    os.rename(socket_path, aside)
    try:
        seconds = interleaved({"wikid": wikid_query(project, qs), "floor": NUMPY_FLOOR}, PROCESS_RUNS)
    finally:
        os.rename(aside, socket_path)
    return seconds["wikid"], seconds["floor"]


def percentile(values: list[float], p: float) -> float:
    return float(np.percentile(values, p))


def size_rows(project: Path, n: int, sources: bool, notes: list[str], scale_only: bool = False) -> list[Row]:
    """Every figure for a generated wiki of N pages; one that fails leaves the others.
    `scale_only`: the figures that must not grow with the wiki (cold and daemon-answered
    queries) and the build, without its scikit-learn baseline or the refresh."""
    gen_s, text = timed(lambda: generate(project, n, sources))
    progress(f"generated {n:,} pages{' and their source texts' if sources else ''} in {gen_s:.1f} s")
    notes.append(f"query {n:,} pages{' + sources' if sources else ''}: generated in {gen_s:.0f} s")
    qs = queries(text, WARM_QUERIES)  # type: ignore[arg-type]
    label = f"query {n:,} pages{' + sources' if sources else ''}:"
    factor = COLD_FACTOR_LARGE if n >= LARGE else COLD_FACTOR

    def build() -> list[Row]:
        if scale_only:
            time.sleep(RACY_NS / 1e9)
            wikid_s, _ = timed(lambda: Project(project).reindex())
            return [Row(f"{label} build (reindex)", wikid_s, None, "s", "no baseline at this size")]
        return [Row(f"{label} build (reindex)", *bench_build(project), "s", "sklearn TfidfVectorizer")]

    rows = attempt(f"{label} build (reindex)", build)
    rebuild_s = rows[0].wikid

    def refresh() -> list[Row]:
        walk_s, batch_s = bench_refresh(project)
        return [Row(f"{label} refresh, 1 page edited", walk_s, rebuild_s, "s", "full rebuild"),
                Row(f"{label} refresh, 1 page a batch wrote", batch_s, walk_s, "s", "refresh with a walk")]

    def cold() -> list[Row]:
        seconds, megabytes = bench_cold(project, qs)
        wikid_s, floor_s = seconds["wikid"], seconds["floor"]
        wikid_mb, floor_mb = megabytes["wikid"], megabytes["floor"]
        figure = f"{label} cold query (process, no daemon: folders)"
        notes.append(f"{label} the first cold query after the build (a walk, recording the folders) took "
                     f"{seconds['first']:.2f} s")
        out = [Row(figure, wikid_s, floor_s, "s", "python -c 'import numpy'"),
               Row(f"{figure}, {factor:g}x floor", wikid_s, factor * floor_s, "s", target=True),
               Row(f"{label} cold query peak RSS (no daemon)", wikid_mb, floor_mb, "MB", "python -c 'import numpy'")]
        if n == RSS_TARGET_PAGES:
            out.append(Row(f"{label} cold query peak RSS (no daemon)", wikid_mb, RSS_TARGET_MB, "MB", target=True))
        return out

    def daemon() -> list[Row]:
        out = []
        with running_daemon(project, qs):
            if not scale_only:
                latencies, floor = bench_warm(project, qs)
                p50 = percentile(latencies, 50)
                out += [Row(f"{label} warm query p50 (daemon)", p50, percentile(floor, 50), "s", "scipy X @ q"),
                        Row(f"{label} warm query p50 (daemon)", p50, WARM_P50_TARGET, "s", target=True),
                        Row(f"{label} warm query p95 (daemon)", percentile(latencies, 95), percentile(floor, 95),
                            "s", "scipy X @ q")]
            wikid_s, pass_s = bench_warm_process(project, qs)
            figure = f"{label} warm query p50 (whole process, daemon)"
            out += [Row(figure, wikid_s, pass_s, "s", "python -c pass"),
                    Row(f"{figure}, {WARM_PROCESS_FACTOR:g}x floor", wikid_s, WARM_PROCESS_FACTOR * pass_s, "s",
                        target=True)]
            wikid_s, floor_s = bench_journal(project, qs)
            figure = f"{label} cold query (process, daemon watching: journal)"
            out += [Row(figure, wikid_s, floor_s, "s", "python -c 'import numpy'"),
                    Row(f"{figure}, {factor:g}x floor", wikid_s, factor * floor_s, "s", target=True)]
        return out

    if not scale_only:
        rows += attempt(f"{label} refresh, 1 page edited", refresh)
    rows += attempt(f"{label} cold query (process)", cold)
    rows += attempt(f"{label} daemon", daemon)
    stored = open_index(Project(project).paths.query_index)
    if stored is not None:
        size = Project(project).paths.query_index.stat().st_size
        notes.append(f"{label} index {size / 1e6:.1f} MB on disk, {len(stored.norms):,} rows, "
                     f"{stored.rows.size:,} postings")
    return rows


@contextmanager
def scratch(keep: str | None, prefix: str) -> Iterator[Path]:
    """Where to generate a size's wiki: `keep` (kept), or a temporary folder removed after."""
    tmp = Path(keep) if keep else Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    try:
        yield tmp
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = table.parser(__doc__, sizes="1000,10000,100000")
    parser.add_argument("--keep", metavar="DIR", help="generate the projects here and keep them")
    parser.add_argument("--sources", default="without,with",
                        help="pages without and/or with a cited source text each (default: without,with)")
    parser.add_argument("--scale", default="", type=lambda text: [int(s) for s in text.split(",") if s.strip()],
                        help="sizes (e.g. 1000000) at which to measure only the build and the queries, on pages "
                             "without sources (bench/run: 1000000)")
    args = parser.parse_args()
    variants = [v.strip() == "with" for v in args.sources.split(",") if v.strip() in ("with", "without")]
    runs = [(n, sources, False) for n in args.sizes for sources in variants] + [(n, False, True) for n in args.scale]

    rows: list[Row] = []
    notes: list[str] = [f"query: each process figure is the median of {PROCESS_RUNS} runs taking turns with its "
                        f"floor's; warm = {WARM_QUERIES} queries over the socket; "
                        f"1-minute load average {os.getloadavg()[0]:.1f} at the start"]
    for n, sources, scale_only in runs:
        name = f"wiki-{n}{'-sources' if sources else ''}"
        with scratch(args.keep, "wikid-bench-query-") as tmp:
            rows += attempt(f"query {n:,} pages", size_rows, tmp / name, n, sources, notes, scale_only,
                            announce=False)  # size_rows announced its rows
    notes.append(f"query: 1-minute load average {os.getloadavg()[0]:.1f} at the end")
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
