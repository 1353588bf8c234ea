"""Benchmark `wikid watch`: drop-to-page latency, and what an idle daemon costs.

What it measures, on a fresh project in a temporary folder under /tmp (removed afterwards):

* latency -- `wikid -C <project> watch` runs as a subprocess, exactly as users start it,
  with the default watch settings except WIKID_WATCH_STABILITY_SECONDS=0. One file at a
  time is dropped at a new path in input/ (plain write_bytes); the clock starts just
  before the write and stops when the result is visible, polled every 10 ms:
    - .md  -- a small conformant OKF page (frontmatter with type/title/description,
              ~300 bytes): done when wiki/<path> holds the same bytes and input/<path>
              is gone.
    - .txt -- a small non-conformant text document naming a vendor: it goes through
              the extraction worker and the offline manager engine; done when
              wiki/archive/<path> holds the same bytes and input/<path> is gone (a page
              is durable before its original is released, so its concept page exists).
              The first .txt of a daemon also starts the extraction worker and
              imports numpy/scipy for the engine, so it is reported on its own ("first").
  Series: .md with the default batch quiet window (10 s), .md and .txt with
  WIKID_WATCH_BATCH_QUIET_SECONDS=0.5 so the overhead is not drowned by the window.
  After each sample the benchmark waits 0.5 s so the daemon's post-batch work (index
  regeneration after its own writes in wiki/) does not spill into the next sample.
  Baseline: the configured wait, here just the batch quiet window (stability is 0;
  the window runs from the drop's last event); ratio = measured / configured wait, so
  1.00x would be zero overhead. Figures are p50, p95 (linear
  interpolation between ranks) and max; time.perf_counter, wall clock, up to 10 ms of
  polling granularity included.

* idle -- a child Python process (`python -c`) runs the real CLI
  (`wikid.cli.main(["-C", dir, "watch"])`) in its main thread with the default watch settings (stability 5 s, quiet 10 s), and a
  second thread measures, after the daemon is ready and has settled for a few seconds,
  --idle-seconds (default 60) of doing nothing: CPU seconds of the whole process
  (resource.getrusage, user + system) as % of one core, wakeups per second (voluntary +
  involuntary context switches of the daemon's threads, from /proc/self/task/*/status,
  the measuring thread excluded), VmRSS, and which heavy modules are in sys.modules:
  deepagents, langchain, langgraph, anthropic, openai, sklearn, markitdown, onnxruntime
  must not be (target: ~0% CPU, none of them); numpy, scipy and the office-format
  libraries are listed for information. Two rows: a fresh daemon, and one that has
  ingested one .md and one .txt first (the steady state of a daemon that has worked);
  for the latter any processes it leaves behind are measured too: their CPU and RSS are added to the row and
  shown separately (RSS counts pages they share with each other once per process). Baseline for CPU: 0% (just the figure);
  for memory: the VmRSS of a bare `python -c "import time; time.sleep(5)"`, ratio =
  daemon RSS / bare RSS.

Why: the daemon is meant to run for months on a small machine. The latency figure says
what wikid adds on top of the waiting the user configured (it should be a few tens of
milliseconds for a page, a little more for a document that needs the manager); the
idle figures say that a daemon with nothing to do costs nothing (no busy loop, no
agent framework or ML library loaded up front).

Usage: python bench/daemon.py [--quick] [--idle-seconds N] [--md-default N] [--md-fast N] [--txt N] [--json]
--quick runs 3 / 10 / 3 samples and a 10 s idle period for a smoke run (~2 minutes);
the full run takes ~5 minutes.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Self

import table  # bench/table.py
from table import Row, attempt

from wikid import Project
from wikid.daemon.watcher import filesystem_type

FORBIDDEN = ("deepagents", "langchain", "langgraph", "anthropic", "openai", "sklearn", "markitdown", "onnxruntime")
NOTED = ("numpy", "scipy", "pypdfium2", "pypdf", "docx", "openpyxl", "pandas", "magika")
DEFAULT_STABILITY, DEFAULT_QUIET = 5.0, 10.0  # wikid.config.WatchConfig
FAST_QUIET = 0.5
POLL = 0.01
GAP = 0.5


# ---------------------------------------------------------------- helpers

def clean_env(**overrides: str) -> dict[str, str]:
    """The caller's environment without WIKID_* settings (no model: offline engine), plus overrides."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WIKID_")}
    env.update(overrides)
    return env


def wait_for(condition: Callable[[], bool], timeout: float, what: str, poll: float = POLL) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(poll)


def read_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        return None


def conformant_page(i: int) -> bytes:
    return (
        "---\n"
        "type: Note\n"
        f"title: Bench note {i}\n"
        f"description: A small page dropped by bench/daemon.py, number {i}.\n"
        "---\n\n"
        f"# Bench note {i}\n\n"
        "The warehouse team reviews storage capacity every quarter and records the "
        f"outcome here. Review {i} found nothing unusual.\n"
    ).encode()


def text_document(i: int) -> bytes:
    return (
        f"Vendor: Bench Supplier {i} Ltd\n"
        f"Date: 2025-0{1 + i % 9}-1{i % 10}\n"
        f"Payment terms: {30 + 15 * (i % 3)} days\n\n"
        f"Bench Supplier {i} delivers storage racks to the warehouse team; "
        "invoices go to the billing service.\n"
    ).encode()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def vm_kb(status_path: str, key: str) -> int:
    with open(status_path) as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def bare_python_rss_kb() -> int:
    """Baseline memory: VmRSS of a Python that imports nothing and sleeps."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"], env=clean_env())
    try:
        time.sleep(1.0)
        return vm_kb(f"/proc/{child.pid}/status", "VmRSS")
    finally:
        child.kill()
        child.wait()


# ---------------------------------------------------------------- latency

class WatchProcess:
    """`wikid -C root watch` as a subprocess with the given environment overrides."""

    def __init__(self, root: Path, log: Path, **env: str) -> None:
        self.project = Project(root)
        self.project.init()
        self.log_path = log
        self.env = clean_env(**env)
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Self:
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "wikid", "-C", str(self.project.root), "watch"],
                env=self.env, stdout=log, stderr=subprocess.STDOUT,
            )
        try:
            wait_for(self._ready, 60, "the daemon to start", poll=0.05)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _ready(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise RuntimeError(f"wikid watch exited with {self.process.returncode}:\n{self.log_tail()}")
        return self.project.paths.daemon_state.exists()

    def __exit__(self, *exc: object) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            rc = self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"wikid watch did not stop on SIGTERM:\n{self.log_tail()}") from None
        if rc != 0 and exc[0] is None:
            raise RuntimeError(f"wikid watch exited with {rc}:\n{self.log_tail()}")

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def drop(self, rel: str, data: bytes, done: Callable[[], bool], timeout: float) -> float:
        """Write input/<rel>, return seconds until `done()` holds (polled every 10 ms)."""
        path = self.project.paths.input / rel
        start = time.perf_counter()
        path.write_bytes(data)
        try:
            wait_for(done, timeout, f"input/{rel} to be ingested")
        except TimeoutError as exc:
            raise TimeoutError(f"{exc}; daemon log:\n{self.log_tail()}") from None
        elapsed = time.perf_counter() - start
        time.sleep(GAP)
        return elapsed

    def drop_page(self, i: int, timeout: float) -> float:
        rel, data = f"note-{i:04d}.md", conformant_page(i)
        source, target = self.project.paths.input / rel, self.project.paths.wiki / rel
        return self.drop(rel, data, lambda: not source.exists() and read_or_none(target) == data, timeout)

    def drop_document(self, i: int, timeout: float) -> float:
        rel, data = f"supplier-{i:04d}.txt", text_document(i)
        source, archived = self.project.paths.input / rel, self.project.paths.archive / rel
        return self.drop(rel, data, lambda: not source.exists() and read_or_none(archived) == data, timeout)


Series = list[tuple[str, list[float], float]]  # (figure, samples in seconds, configured wait)


def default_window_series(tmp: Path, md_default: int) -> Series:
    """.md drops with the default 10 s batch quiet window."""
    wait = 0.0 + DEFAULT_QUIET
    with WatchProcess(tmp / "latency-default", tmp / "latency-default.log",
                      WIKID_WATCH_STABILITY_SECONDS="0") as daemon:
        samples = [daemon.drop_page(i, timeout=wait + 60) for i in range(md_default)]
    return [(f"daemon: drop .md, quiet {DEFAULT_QUIET:g} s (default)", samples, wait)]


def fast_window_series(tmp: Path, md_fast: int, txt: int) -> Series:
    """.md, then .txt drops with a 0.5 s window, so wikid's own work is not drowned by the wait."""
    series = []
    wait = 0.0 + FAST_QUIET
    with WatchProcess(tmp / "latency-fast", tmp / "latency-fast.log",
                      WIKID_WATCH_STABILITY_SECONDS="0",
                      WIKID_WATCH_BATCH_QUIET_SECONDS=str(FAST_QUIET)) as daemon:
        samples = [daemon.drop_page(i, timeout=wait + 60) for i in range(md_fast)]
        series.append((f"daemon: drop .md, quiet {FAST_QUIET:g} s", samples, wait))
        first = daemon.drop_document(0, timeout=wait + 120)
        series.append((f"daemon: drop .txt, quiet {FAST_QUIET:g} s, first", [first], wait))
        samples = [daemon.drop_document(i, timeout=wait + 60) for i in range(1, txt + 1)]
        series.append((f"daemon: drop .txt, quiet {FAST_QUIET:g} s, then", samples, wait))
    return series


def latency_rows(series: Series, notes: list[str]) -> list[Row]:
    """p50 (and p95 where there are several samples) against the configured wait."""
    rows = []
    for figure, samples, wait in series:
        if not samples:
            continue
        p50 = percentile(samples, 0.5)
        rows.append(Row(f"{figure}, p50" if len(samples) > 1 else figure, p50, wait, "s", "configured wait"))
        if len(samples) > 1:
            rows.append(Row(f"{figure}, p95", percentile(samples, 0.95), wait, "s", "configured wait"))
        notes.append(f"{figure}: {len(samples)} sample(s), max {max(samples):.3f} s; "
                     f"p50 is {(p50 - wait) * 1000:.0f} ms of wikid work beyond the wait")
    return rows


# ---------------------------------------------------------------- idle

def _thread_switches(exclude: int) -> tuple[int, int]:
    """(context switches summed over this process's threads but `exclude`, thread count)."""
    total = threads = 0
    for tid in os.listdir("/proc/self/task"):
        if int(tid) == exclude:
            continue
        try:
            with open(f"/proc/self/task/{tid}/status") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                        total += int(line.split()[1])
        except FileNotFoundError:
            continue
        threads += 1
    return total, threads


def _children() -> dict[int, tuple[float, int]]:
    """pid -> (CPU seconds, VmRSS kB) of this process's live children (none expected)."""
    me, tick = os.getpid(), os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) != me:  # fields[1] is the ppid (field 4 of stat)
                continue
            cpu = (int(fields[11]) + int(fields[12])) / tick  # utime, stime
            found[int(entry)] = (cpu, vm_kb(f"/proc/{entry}/status", "VmRSS"))
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue
    return found


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _measure_idle(root: Path, seconds: float, after_batch: bool) -> dict[str, object]:
    paths = Project(root).paths
    wait_for(paths.daemon_state.exists, 60, "the daemon to start", poll=0.05)
    settle = 2.0
    if after_batch:
        (paths.input / "note.md").write_bytes(conformant_page(0))
        (paths.input / "supplier.txt").write_bytes(text_document(0))
        wait_for(lambda: not any(paths.input.iterdir()), 180, "the batch", poll=0.1)
        settle = DEFAULT_STABILITY + 3.0  # the index regeneration its own page writes trigger
    time.sleep(settle)
    me = threading.get_native_id()
    cpu0, (switches0, _), kids0, t0 = _self_cpu(), _thread_switches(me), _children(), time.monotonic()
    time.sleep(seconds)
    cpu1, (switches1, threads), kids1, t1 = _self_cpu(), _thread_switches(me), _children(), time.monotonic()
    elapsed = t1 - t0
    loaded = sorted({m.split(".")[0] for m in sys.modules})
    return {
        "seconds": elapsed,
        "cpu_seconds": cpu1 - cpu0,
        "wakeups": switches1 - switches0,
        "threads": threads,
        "rss_kb": vm_kb("/proc/self/status", "VmRSS"),
        "hwm_kb": vm_kb("/proc/self/status", "VmHWM"),
        "children": len(kids1),
        "children_cpu_seconds": sum(cpu for pid, (cpu, _) in kids1.items()) - sum(
            cpu for pid, (cpu, _) in kids0.items() if pid in kids1),
        "children_rss_kb": sum(rss for _, rss in kids1.values()),
        "forbidden": [m for m in loaded if m.startswith(FORBIDDEN)],
        "noted": [m for m in loaded if m in NOTED],
        "modules": len(sys.modules),
    }


def idle_child(root: Path, seconds: float, after_batch: bool) -> int:
    """Run in the child: the real CLI in the main thread, the measurement in another."""
    from wikid.cli import main as cli_main

    def measure() -> None:
        try:
            result = _measure_idle(root, seconds, after_batch)
        except Exception as exc:  # noqa: BLE001 -- report it, then stop the daemon all the same
            result = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(result), flush=True)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=measure, daemon=True).start()
    return cli_main(["-C", str(root), "watch"])


IDLE_CHILD = """\
import importlib.util, os, sys
sys.path.insert(0, os.path.dirname(sys.argv[1]))  # bench/table.py, bench/machine.py
spec = importlib.util.spec_from_file_location("wikid_bench_daemon", sys.argv[1])
bench = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = bench
spec.loader.exec_module(bench)
sys.exit(bench.idle_child(bench.Path(sys.argv[2]), float(sys.argv[3]), sys.argv[4] == "after-batch"))
"""


def idle_row(tmp: Path, name: str, seconds: float, after_batch: bool) -> dict[str, object]:
    root = tmp / name
    Project(root).init()
    log = tmp / f"{name}.log"
    command = [sys.executable, "-c", IDLE_CHILD, os.path.abspath(__file__), str(root), str(seconds),
               "after-batch" if after_batch else "fresh"]
    with open(log, "wb") as err:
        done = subprocess.run(command, check=False, env=clean_env(), stdout=subprocess.PIPE, stderr=err,
                              timeout=seconds + 300)
    lines = done.stdout.decode().strip().splitlines()
    result = json.loads(lines[-1]) if lines else {"error": "no output"}
    if "error" in result or done.returncode != 0:
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-20:])
        raise RuntimeError(f"idle child failed (exit {done.returncode}): {result.get('error')}\n{tail}")
    return result


# ---------------------------------------------------------------- report

def idle_rows(figure: str, r: dict[str, object], bare_kb: int, notes: list[str]) -> list[Row]:
    """CPU (target ~0), RSS against a bare Python, and heavy modules loaded (target 0)."""
    secs = float(r["seconds"])  # type: ignore[arg-type]
    cpu = float(r["cpu_seconds"]) + float(r["children_cpu_seconds"])  # type: ignore[arg-type]
    rss = int(r["rss_kb"]) + int(r["children_rss_kb"])  # type: ignore[call-overload]
    forbidden = list(r["forbidden"])  # type: ignore[call-overload]
    label = f"daemon idle {secs:.0f} s, {figure}"
    notes.append(
        f"{label}: {int(r['wakeups']) / secs:.1f} wakeups/s; daemon process RSS {int(r['rss_kb']) / 1024:.1f} MB "  # type: ignore[call-overload]
        f"(peak {int(r['hwm_kb']) / 1024:.1f} MB), {r['threads']} threads, {r['modules']} modules; "  # type: ignore[call-overload]
        f"heavy modules loaded: {', '.join(forbidden) or 'none'}; also loaded: {', '.join(r['noted']) or 'none'}")  # type: ignore[arg-type]
    if r["children"]:
        notes.append(f"{label}: + {r['children']} child process(es) left running (none expected since the worker is a plain child ended per batch), "
                     f"RSS {int(r['children_rss_kb']) / 1024:.1f} MB, "  # type: ignore[call-overload]
                     f"CPU {float(r['children_cpu_seconds']):.3f} s, counted in the rows")  # type: ignore[arg-type]
    return [
        Row(f"{label}: CPU", cpu / secs * 100, None, "% core", "~0 (target)"),
        Row(f"{label}: RSS", rss / 1024, bare_kb / 1024, "MB", "bare python"),
        Row(f"{label}: heavy modules", len(forbidden), 0, "modules", target=True),
    ]


def main() -> int:
    parser = table.parser(__doc__)
    parser.add_argument("--quick", action="store_true", help="3/10/3 samples, 10 s idle")
    parser.add_argument("--md-default", type=int, help=".md samples with the default quiet window (10; quick 3)")
    parser.add_argument("--md-fast", type=int, help=f".md samples with a {FAST_QUIET} s quiet window (30; quick 10)")
    parser.add_argument("--txt", type=int, help="non-conformant .txt samples after the first (10; quick 3)")
    parser.add_argument("--idle-seconds", type=float, help="length of the idle period (60; quick 10)")
    args = parser.parse_args()

    quick = args.quick
    idle_seconds = args.idle_seconds if args.idle_seconds is not None else (10.0 if quick else 60.0)
    md_default = args.md_default if args.md_default is not None else (3 if quick else 10)
    md_fast = args.md_fast if args.md_fast is not None else (10 if quick else 30)
    txt = args.txt if args.txt is not None else (3 if quick else 10)

    notes: list[str] = []
    rows: list[Row] = []
    tmp = Path(tempfile.mkdtemp(prefix="wikid-bench-", dir="/tmp"))
    try:
        notes.append(f"daemon: /tmp on {filesystem_type(tmp) or 'unknown'}; latency = drop to page, polled every 10 ms")
        if md_default:
            rows += attempt("daemon: drop .md, default quiet window",
                            lambda: latency_rows(default_window_series(tmp, md_default), notes))
        rows += attempt(f"daemon: drop .md/.txt, quiet {FAST_QUIET:g} s",
                        lambda: latency_rows(fast_window_series(tmp, md_fast, txt), notes))
        bare_kb = bare_python_rss_kb()
        for figure, name, after_batch in (("fresh", "idle-fresh", False),
                                          ("after one .md + .txt", "idle-after-batch", True)):
            rows += attempt(f"daemon idle, {figure}",
                            lambda f, n, a: idle_rows(f, idle_row(tmp, n, idle_seconds, a), bare_kb, notes),
                            figure, name, after_batch)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
