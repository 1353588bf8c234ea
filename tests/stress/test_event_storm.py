"""Event storm: a burst of thousands of files plus a moved-in tree, each processed once.

`wikid watch` runs as users run it (a subprocess with short delays). Once it is
watching, the test writes a burst of files straight into input/ across many
directories and, in the middle of the burst, `os.rename`s a nested tree prepared
outside input/ (same filesystem) into it. It then polls until input/ holds no files
and checks that every input was processed exactly once:

* every original is archived exactly once (the archived originals, as a multiset of
  bytes, are the inputs; no second archive name such as `p1.2026-07-12-1305.md.orig`);
* every conformant page is in wiki/ byte for byte; every document is cited by exactly
  one concept page; log.md records each page's creation exactly once;
* the daemon reported a sane number of batches (not one per file), handed every file
  over once, stayed alive, and exits 0 on SIGTERM.

The periodic rescan is pushed out of reach (WIKID_WATCH_RESCAN_SECONDS) so a lost
event shows up as a file stuck in input/, not as a slow pass.

Half of the burst's directories exist before the daemon starts (standing folders people
drop into), the others are created by the burst.

The overflow variant (stress) stops the daemon (SIGSTOP) while a burst sized from
/proc/sys/fs/inotify/max_queued_events is written, so the kernel's inotify queue
overflows for real and events are dropped, as for a daemon starved of CPU during a
storm. The daemon must notice and rescan (tests/test_daemon_storm_regressions.py has a
quick version of that in CI).

Timings and the daemon's peak RSS are printed (`pytest -s`). The SHORT storm runs by
default; the FULL one (10,000 + 1,000 files) with `python -m pytest -m stress
tests/stress/test_event_storm.py -s`.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import FIXED_NOW, page, tree_bytes

from wikid import Project
from wikid.okf.page import split_page

pytestmark = pytest.mark.slow  # outside the fast subset (-m "not slow")

STORM_ENV = {
    "WIKID_NOW": FIXED_NOW,
    "WIKID_WATCH_STABILITY_SECONDS": "0.5",
    "WIKID_WATCH_BATCH_QUIET_SECONDS": "1.0",
    "WIKID_WATCH_BATCH_MAX_WAIT_SECONDS": "10",
    "WIKID_WATCH_RESCAN_SECONDS": "86400",  # out of reach: a lost event must not be papered over
    "WIKID_WATCH_POLLING": "false",  # inotify, whatever the filesystem: its limits are what we test
}
BATCH_LINE = re.compile(r"^INFO batch of (\d+) file\(s\): (.*)$", re.MULTILINE)
CREATION = re.compile(r"^\* \*\*Creation\*\*: Added \[([^\]]+)\]\(/([^)]+)\)\.$", re.MULTILINE)
SECOND_ARCHIVE_NAME = re.compile(r"\.\d{4}-\d{2}-\d{2}-\d{4}(\.\d+)?\.")
OVERFLOW_WARNING = "Inotify queue overflowed; filesystem events were lost"  # what watchdog logs
RESCAN_NOTICE = "(inotify queue overflow); rescanning input/"  # what the daemon logs then


@dataclass(frozen=True)
class Storm:
    burst: int  # files written straight into input/
    dirs: int  # directories the burst is spread over
    tree: int  # files in the tree moved into input/ mid-burst
    doc_every: int  # every n-th file is a .txt document (extraction + offline engine), the rest pages
    timeout: float  # seconds from the burst to an empty input/
    max_rss_mib: int  # bound on the daemon's peak RSS
    max_batches: int


SHORT = Storm(burst=1_500, dirs=30, tree=300, doc_every=10, timeout=300, max_rss_mib=400, max_batches=10)
FULL = Storm(burst=10_000, dirs=100, tree=1_000, doc_every=10, timeout=3_600, max_rss_mib=1_024, max_batches=25)


# --- inputs ---------------------------------------------------------------------------

_WORDS = ("granite", "basalt", "slate", "marble", "quartz", "shale", "gneiss", "schist", "flint", "chalk",
          "pallet", "crate", "invoice", "freight", "harbour", "depot", "kiln", "quarry", "barge", "ledger")


def _document(n: int, vendor: int) -> bytes:
    """A small vendor note (each vendor has two: a concept page citing both, or updated by the second)."""
    words = " ".join(_WORDS[(vendor * 7 + i * 3) % len(_WORDS)] for i in range(12))
    day = 1 + n % 28
    month = 1 + (n // 28) % 12
    year = 2000 + n // 336
    return (
        f"Vendor: Stonework Supplier {vendor} Ltd\n"
        f"Date: {year}-{month:02d}-{day:02d}\n"
        f"Payment terms: {30 + 15 * (n % 3)} days\n"
        f"Delivery depot: Depot {vendor}\n\n"
        f"Supplier {vendor} handles {words} (note {n}).\n"
    ).encode()


def _input(n: int, storm: Storm, stem: str) -> tuple[str, bytes]:
    """The n-th input file: a name (without directory) and its bytes; unique bytes per n."""
    if n % storm.doc_every == storm.doc_every - 1:
        return f"{stem}.txt", _document(n, n // (2 * storm.doc_every))
    return f"{stem}.md", page(type_="Note", title=f"Burst note {n}", body=f"Burst note number {n}.\n")


def burst_inputs(storm: Storm) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for i in range(storm.burst):
        name, data = _input(i, storm, f"f{i:05d}")
        files[f"burst/d{i % storm.dirs:03d}/{name}"] = data
    return files


def tree_inputs(storm: Storm) -> dict[str, bytes]:
    """A nested tree: files at every depth of tree/s*/p*/l*/."""
    files: dict[str, bytes] = {}
    for j in range(storm.tree):
        n = storm.burst + j
        levels = [f"s{j % 5}", f"p{(j // 5) % 4}", f"l{(j // 20) % 3}"][: j % 4]
        name, data = _input(n, storm, f"t{j:05d}")
        files["/".join(["tree", *levels, name])] = data
    return files


def write_all(root: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


# --- the daemon -----------------------------------------------------------------------

@dataclass
class Daemon:
    process: subprocess.Popen[bytes]
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def tail(self, lines: int = 25) -> str:
        return "\n".join(self.log().splitlines()[-lines:])

    def peak_rss_mib(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        match = re.search(r"^VmHWM:\s+(\d+) kB$", status, re.MULTILINE)
        assert match, f"no VmHWM in /proc/{self.process.pid}/status"
        return int(match.group(1)) / 1024

    def assert_alive(self, when: str) -> None:
        code = self.process.poll()
        assert code is None, f"the daemon exited with {code} {when}; log tail:\n{self.tail()}"

    def stop(self) -> None:
        """SIGTERM: it must finish what it does and exit 0."""
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)
            raise AssertionError(f"the daemon did not exit within 120 s of SIGTERM; log tail:\n{self.tail()}") from None
        assert code == 0, f"the daemon exited with {code} on SIGTERM; log tail:\n{self.tail()}"

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # in case a test left it stopped
            self.process.kill()
            self.process.wait(timeout=30)


def start_daemon(project: Project, log_path: Path) -> Daemon:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WIKID_")}
    with open(log_path, "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project.root), "watch"],
                                   env={**env, **STORM_ENV}, stdout=log, stderr=subprocess.STDOUT)
    return Daemon(process, log_path)


def wait_for(condition: Callable[[], bool], timeout: float, what: Callable[[], str], daemon: Daemon) -> None:
    """Poll `condition`; fail early if the daemon dies, with `what()` on a timeout."""
    deadline = time.monotonic() + timeout
    while not condition():
        daemon.assert_alive(f"while waiting for {what()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what()}; "
                                 f"daemon log tail:\n{daemon.tail()}")
        time.sleep(0.1)


def idle(project: Project, daemon: Daemon, queued: int | None = None) -> Callable[[], bool]:
    """daemon.json says this daemon is idle (with `queued` files queued, when given)."""
    def published() -> bool:
        try:
            state = json.loads(project.paths.daemon_state.read_text())
        except (OSError, ValueError):
            return False
        if queued is not None and state.get("queued") != queued:
            return False
        return state.get("pid") == daemon.process.pid and state.get("state") == "idle"

    return published


def files_under(root: Path) -> list[str]:
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)


# --- what must hold afterwards ---------------------------------------------------------

def archive_name(rel: str) -> str:
    return rel + ".orig" if rel.endswith(".md") else rel


def assert_each_processed_once(project: Project, inputs: dict[str, bytes]) -> None:
    wiki, archive = project.paths.wiki, project.paths.archive
    pages = {rel: data for rel, data in inputs.items() if rel.endswith(".md")}
    documents = {rel: data for rel, data in inputs.items() if rel.endswith(".txt")}

    # every original archived exactly once, under its own name
    archived = {rel: data for rel, data in tree_bytes(archive).items() if rel.split("/")[0] in ("burst", "tree")}
    seconds = sorted(rel for rel in archived if SECOND_ARCHIVE_NAME.search(rel))
    assert not seconds, f"{len(seconds)} input(s) archived a second time, e.g. {seconds[:5]}"
    originals = {rel: data for rel, data in archived.items() if not rel.endswith("-extracted.txt")}
    expected = {archive_name(rel): data for rel, data in inputs.items()}
    missing = sorted(set(expected) - set(originals))
    extra = sorted(set(originals) - set(expected))
    assert not missing and not extra, f"archive: {len(missing)} missing, e.g. {missing[:5]}; {len(extra)} unexpected, e.g. {extra[:5]}"
    assert Counter(originals.values()) == Counter(inputs.values()), "the archived originals are not the inputs' bytes"
    wrong = sorted(rel for rel in expected if originals[rel] != expected[rel])
    assert not wrong, f"{len(wrong)} archived original(s) differ from their input, e.g. {wrong[:5]}"
    extracted = sorted(rel for rel in archived if rel.endswith("-extracted.txt"))
    assert extracted == sorted(rel[: -len(".txt")] + "-extracted.txt" for rel in documents), \
        "each document's extracted text must be archived exactly once next to it"

    # every conformant page in wiki/, byte for byte
    absent = sorted(rel for rel in pages if not (wiki / rel).is_file())
    assert not absent, f"{len(absent)} conformant page(s) missing from wiki/, e.g. {absent[:5]}"
    changed = sorted(rel for rel, data in pages.items() if (wiki / rel).read_bytes() != data)
    assert not changed, f"{len(changed)} page(s) in wiki/ differ from their input, e.g. {changed[:5]}"

    # every concept page; every document cited by exactly one of them
    concepts: list[str] = []
    cited: Counter[str] = Counter()
    for dirpath, dirnames, names in os.walk(wiki):
        rel_dir = os.path.relpath(dirpath, wiki)
        if rel_dir == "archive":
            dirnames.clear()
            continue
        for name in names:
            if not name.endswith(".md") or name in ("index.md", "log.md"):
                continue
            rel = os.path.normpath(os.path.join(rel_dir, name)).replace(os.sep, "/")
            concepts.append(rel)
            if rel in pages:
                continue
            frontmatter = split_page((wiki / rel).read_text(encoding="utf-8"))[0]
            for source in frontmatter.get("sources") or []:
                if isinstance(source, dict) and isinstance(source.get("resource"), str):
                    cited[source["resource"]] += 1
    expected_citations = Counter(f"/archive/{rel}" for rel in documents)
    storm_citations = Counter({r: n for r, n in cited.items() if r.startswith(("/archive/burst/", "/archive/tree/"))})
    uncited = sorted(set(expected_citations) - set(storm_citations))
    twice = sorted(r for r, n in storm_citations.items() if n > 1)
    strays = sorted(set(storm_citations) - set(expected_citations))
    assert not uncited and not twice and not strays, (
        f"documents: {len(uncited)} cited by no page (e.g. {uncited[:5]}), {len(twice)} cited more than once "
        f"(e.g. {twice[:5]}), {len(strays)} citations of unknown archive paths (e.g. {strays[:5]})"
    )

    # log.md: one Creation per page, none for anything else
    created = Counter(link for _, link in CREATION.findall((wiki / "log.md").read_text(encoding="utf-8")))
    repeated = sorted(link for link, n in created.items() if n > 1)
    assert not repeated, f"{len(repeated)} page(s) logged as created more than once, e.g. {repeated[:5]}"
    assert set(created) == set(concepts), (
        f"log.md Creation entries vs pages: {sorted(set(concepts) - set(created))[:5]} never logged, "
        f"{sorted(set(created) - set(concepts))[:5]} logged but absent"
    )


def assert_batches(daemon_log: str, wiki_log: str, total: int, max_batches: int) -> list[int]:
    """Every file handed over once, in a sane number of batches; returns the batch sizes."""
    batches = BATCH_LINE.findall(daemon_log)
    assert batches, "the daemon logged no batch"
    sizes = [int(n) for n, _ in batches]
    outcomes: Counter[str] = Counter()
    for _, summary in batches:
        for part in summary.split(", "):  # "1790 created, 10 updated"
            count, _, name = part.partition(" ")
            outcomes[name if count.isdigit() else part] += int(count) if count.isdigit() else 1
    left = {name: n for name, n in outcomes.items() if name not in ("created", "updated")}
    warnings = [line for line in wiki_log.splitlines() if line.startswith(("* **Warning**", "* **Ignored**"))]
    assert not left, f"batches left files in input/ {left}; log.md says, e.g.:\n" + "\n".join(warnings[:5])
    assert sum(sizes) == total, (
        f"batches handled {sum(sizes)} file(s) for {total} input(s): a file was handed over twice or never "
        f"(sizes {sizes})"
    )
    assert len(sizes) <= max_batches, f"{len(sizes)} batches for {total} files (at most {max_batches} expected): {sizes}"
    errors = [line for line in daemon_log.splitlines() if line.startswith("ERROR") or "giving up" in line]
    assert not errors, f"the daemon logged errors: {errors[:5]}"
    return sizes


def report(label: str, written: float, seconds: float, sizes: list[int], rss_mib: float, daemon_log: str) -> None:
    print(f"\n[event storm] {label}: written in {written:.1f} s; burst to empty input/ in {seconds:.1f} s; "
          f"{len(sizes)} batch(es) of {sizes}; daemon peak RSS (VmHWM) {rss_mib:.0f} MiB; "
          f"inotify queue overflows {daemon_log.count(OVERFLOW_WARNING)}, rescans for them "
          f"{daemon_log.count(RESCAN_NOTICE)}")


def max_queued_events() -> int:
    try:
        return int(Path("/proc/sys/fs/inotify/max_queued_events").read_text())
    except (OSError, ValueError):
        return 16384  # the kernel's default


def run_storm(project: Project, tmp_path: Path, storm: Storm, label: str, paused: bool = False,
              standing_every: int = 2) -> str:
    """Start the daemon, storm input/, wait for it to empty, stop it, check everything; returns its log.

    `paused`: SIGSTOP the daemon while the storm is written and SIGCONT it afterwards, so
    that every event of the storm waits in the kernel's inotify queue at once.
    `standing_every`: every n-th burst directory exists (and is watched) before the daemon
    starts, a standing folder people drop into; the burst creates the others.
    """
    burst, tree = burst_inputs(storm), tree_inputs(storm)
    for d in range(0, storm.dirs, standing_every):
        (project.paths.input / f"burst/d{d:03d}").mkdir(parents=True)
    prepared = tmp_path / "prepared"
    write_all(prepared, tree)  # outside input/, same filesystem: the rename is atomic
    assert os.stat(prepared).st_dev == os.stat(project.paths.input).st_dev

    daemon = start_daemon(project, tmp_path / "daemon.log")
    try:
        wait_for(idle(project, daemon, queued=0), 60, lambda: "the daemon to start watching", daemon)
        if paused:
            daemon.process.send_signal(signal.SIGSTOP)
        started = time.monotonic()
        items = list(burst.items())
        half = len(items) // 2
        write_all(project.paths.input, dict(items[:half]))
        os.rename(prepared / "tree", project.paths.input / "tree")
        write_all(project.paths.input, dict(items[half:]))
        written = time.monotonic() - started
        if paused:
            daemon.process.send_signal(signal.SIGCONT)

        def left() -> str:
            remaining = files_under(project.paths.input)
            return f"input/ to empty ({len(remaining)} file(s) left, e.g. {remaining[:5]})"

        wait_for(lambda: not files_under(project.paths.input), storm.timeout, left, daemon)
        seconds = time.monotonic() - started
        wait_for(idle(project, daemon), 600, lambda: "daemon.json to say the last batch is over", daemon)
        daemon.assert_alive("after the storm")
        rss = daemon.peak_rss_mib()
        daemon.stop()
    finally:
        daemon.kill()

    inputs = {**burst, **tree}
    daemon_log = daemon.log()
    wiki_log = (project.paths.wiki / "log.md").read_text(encoding="utf-8")
    sizes = assert_batches(daemon_log, wiki_log, len(inputs), storm.max_batches)
    report(f"{label}: {storm.burst} burst + {storm.tree} moved-in files", written, seconds, sizes, rss, daemon_log)
    assert_each_processed_once(project, inputs)
    state = json.loads(project.paths.daemon_state.read_text())
    assert state["state"] == "stopped", f"daemon.json after SIGTERM: {state}"
    last_run = json.loads(project.paths.last_run.read_text())
    assert sum(last_run["counts"].values()) == sizes[-1], f"last_run.json {last_run['counts']} vs the last batch, {sizes[-1]} files"
    assert (state["last_batch"] or {}).get("counts") == last_run["counts"], "daemon.json's last batch is not last_run.json's"
    # the queue may still name files the last batch archived (their deletion events are
    # dropped only once stable), but never a file that is still waiting in input/
    waiting = [rel for rel in state["queue"] if os.path.lexists(project.paths.input / rel)]
    assert not waiting, f"daemon.json lists files still in input/ as queued: {waiting[:5]}"
    assert rss < storm.max_rss_mib, f"the daemon's peak RSS was {rss:.0f} MiB (bound {storm.max_rss_mib} MiB)"
    return daemon_log


# --- the storms ------------------------------------------------------------------------

@pytest.mark.parametrize("storm", [
    pytest.param(SHORT, id="short"),
    pytest.param(FULL, id="full", marks=pytest.mark.stress),
])
def test_an_event_storm_and_a_moved_in_tree_are_each_processed_once(
    project: Project, tmp_path: Path, storm: Storm, request: pytest.FixtureRequest
) -> None:
    run_storm(project, tmp_path, storm, request.node.callspec.id)


@pytest.mark.stress
def test_a_storm_that_overflows_the_inotify_queue_is_still_processed_once(project: Project, tmp_path: Path) -> None:
    """The daemon is stopped while the storm is written: every event waits in the kernel's
    queue, which holds max_queued_events, and the rest are dropped (IN_Q_OVERFLOW). A daemon
    starved of CPU in a real storm sees the same; it must rescan, not wait for the periodic
    rescan (which this test puts out of reach)."""
    limit = max_queued_events()
    if limit > 200_000:
        pytest.skip(f"max_queued_events is {limit}: a storm big enough to overflow it would take too long")
    # writing a file in a watched folder queues IN_CREATE, IN_OPEN, IN_MODIFY and IN_CLOSE_WRITE
    # (a folder created meanwhile has no watch yet, so every burst folder is a standing one)
    burst = max(limit // 3 + 1_000, SHORT.burst)
    storm = Storm(burst=burst, dirs=burst // 50, tree=SHORT.tree, doc_every=SHORT.doc_every, timeout=1_800,
                  max_rss_mib=FULL.max_rss_mib, max_batches=FULL.max_batches)
    daemon_log = run_storm(project, tmp_path, storm, "overflow", paused=True, standing_every=1)
    if OVERFLOW_WARNING in daemon_log:
        assert RESCAN_NOTICE in daemon_log, "watchdog reported the overflow but the daemon did not rescan"
    else:
        print(f"[event storm] overflow: none logged (max_queued_events {limit}); this watchdog may drop it silently")
