"""Hostile inputs: every one ends as a reason code or a correct page, and nothing else happens.

The corpus (hostile_corpus.py: encrypted, truncated and junk documents, zip and XML
bombs, 2 GB sparse files, links and FIFOs, hostile names and paths, YAML bombs, a
prompt injection, ...) goes through `Project.update()` and through the daemon. Each
input must end exactly as its `Expected` says; the wiki must lint clean; no input's
bytes may be lost (I1); a second run must change nothing; the canary outside the
project must never be read into it and the outside tree never be written (I4); the
daemon must survive, stay within its memory bound and exit cleanly on SIGTERM.

Extraction limits are lowered (128 MB, 20 s) so the bombs fail in seconds; the
`stress` variants run bigger bombs against the default limits. The tests at the end
pin bugs this corpus found and that are fixed (NFD names, lint on a nesting bomb, a
huge text in the batch process).
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_corpus import (
    CANARY_TOKEN,
    PAGE,
    SKIPPED,
    Expected,
    build,
)

from wikid import Project
from wikid.extract.runner import Extractor
from wikid.intake.naming import page_rel
from wikid.intake.report import Action, FileResult
from wikid.okf.page import split_page

pytestmark = pytest.mark.slow  # outside the fast subset (-m "not slow")

REPO = Path(__file__).resolve().parents[2]
LIMITS = {"WIKID_LIMITS_EXTRACT_MEMORY_MB": "128", "WIKID_LIMITS_EXTRACT_TIMEOUT_SECONDS": "20"}
FAST_WATCH = {
    "WIKID_WATCH_STABILITY_SECONDS": "0.4",
    "WIKID_WATCH_BATCH_QUIET_SECONDS": "0.6",
    "WIKID_WATCH_BATCH_MAX_WAIT_SECONDS": "5",
    "WIKID_WATCH_RESCAN_SECONDS": "2",
}
DAEMON_PEAK_RSS_MB = 400
WORKER_BASELINE_MB = 512  # a worker's RSS: what it mapped before a request (imports) plus its budget
BIG = 100 << 20  # files over this size are compared by identity, never read


# --- snapshots -----------------------------------------------------------------------


Identity = tuple[str, ...]  # ("file", sha256) | ("big", size, mtime) | ("link", target) | ("special", kind)


def _identity(st: os.stat_result, read: Callable[[], bytes], link: Callable[[], str]) -> Identity:
    if stat.S_ISLNK(st.st_mode):
        return ("link", link())
    if stat.S_ISREG(st.st_mode):
        if st.st_size > BIG:
            return ("big", str(st.st_size), str(st.st_mtime_ns))
        return ("file", hashlib.sha256(read()).hexdigest())
    return ("special", oct(stat.S_IFMT(st.st_mode)))


def input_snapshot(root: Path) -> dict[bytes, Identity]:
    """Every non-directory under `root` by its raw relative path (bytes), walked with
    directory descriptors so paths beyond PATH_MAX are reached too; links not followed."""
    out: dict[bytes, Identity] = {}
    base = os.fsencode(root)
    for dirpath, dirnames, filenames, dirfd in os.fwalk(base):
        rel_dir = os.path.relpath(dirpath, base)
        names = list(filenames) + [d for d in dirnames if stat.S_ISLNK(os.lstat(d, dir_fd=dirfd).st_mode)]
        for name in names:
            st = os.lstat(name, dir_fd=dirfd)

            def read(name: bytes = name, dirfd: int = dirfd) -> bytes:
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dirfd)
                with os.fdopen(fd, "rb") as fh:
                    return fh.read()

            rel = name if rel_dir == b"." else rel_dir + b"/" + name
            out[rel] = _identity(st, read, lambda name=name, dirfd=dirfd: os.readlink(name, dir_fd=dirfd).decode(
                "utf-8", "surrogateescape"))
    return out


def tree_snapshot(root: Path) -> dict[str, tuple[Identity, int, int]]:
    """Names, contents, modes and mtimes of everything under `root` (directories and links
    included, links not followed): equal snapshots mean nothing there was written."""
    out: dict[str, tuple[Identity, int, int]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            st = path.lstat()
            ident: Identity = ("dir",) if stat.S_ISDIR(st.st_mode) else _identity(
                st, path.read_bytes, lambda path=path: os.readlink(path))
            out[path.relative_to(root).as_posix()] = (ident, st.st_mode, st.st_mtime_ns)
    return out


def regular_files(root: Path) -> Iterator[Path]:
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                yield path


# --- the corpus on disk ----------------------------------------------------------------


@dataclass
class Hostile:
    """A project, the outside world next to it, the corpus and what was there before."""

    project: Project
    outside: Path
    expected: dict[str, Expected]
    inputs: dict[bytes, Identity] = field(default_factory=dict)
    outside_before: dict[str, tuple[Identity, int, int]] = field(default_factory=dict)

    def raw(self, rel: str) -> bytes:
        exp = self.expected[rel]
        return exp.raw if exp.raw is not None else rel.encode()

    def identity_of(self, rel: str) -> Identity | None:
        """What the input held before the run (a directory reported as one entry: its file)."""
        raw = self.raw(rel)
        if raw in self.inputs:
            return self.inputs[raw]
        inside = [k for k in self.inputs if k.startswith(raw + b"/")]
        return self.inputs[inside[0]] if len(inside) == 1 else None


def make_corpus(
    root: Path, where: str = "proj", stress: bool = False, include: Callable[[Expected], bool] = lambda e: True
) -> Hostile:
    """Build the corpus into `root/<where>/input` (the project's input/, or a drop folder
    at the same depth, so relative links and path lengths stay the same)."""
    project = Project(root / "proj")
    project.init()
    drop_input = root / where / "input"
    expected = build(drop_input, root / "outside", stress=stress, include=include)
    hostile = Hostile(project, root / "outside", expected)
    hostile.inputs = input_snapshot(drop_input)
    hostile.outside_before = tree_snapshot(root / "outside")
    return hostile


# --- checks ------------------------------------------------------------------------------


def page_sources(project: Project) -> tuple[dict[str, str], list[str]]:
    """resource -> citing page, and every problem with a page (parse, `type`)."""
    cited: dict[str, str] = {}
    problems: list[str] = []
    for path in regular_files(project.paths.wiki):
        rel = path.relative_to(project.paths.wiki).as_posix()
        if rel.startswith("archive/") or path.name in ("index.md", "log.md") or not rel.endswith(".md"):
            continue
        frontmatter, _ = split_page(path.read_text(encoding="utf-8"))
        if not isinstance(frontmatter.get("type"), str) or not frontmatter["type"].strip():
            problems.append(f"wiki/{rel} has no string `type`")
        for source in frontmatter.get("sources") or []:
            if isinstance(source, dict) and isinstance(source.get("resource"), str):
                cited.setdefault(source["resource"], rel)
    return cited, problems


def check_outcomes(hostile: Hostile, reasons: dict[str, tuple[str, str]], results: dict[str, FileResult] | None) -> None:
    """Each input ended as expected: skipped or ignored (still in input/, same bytes,
    its reason and message), or a page (gone from input/, archived byte for byte,
    copied verbatim or cited by a concept page whose archived text holds the marker).

    `reasons`: input -> (reason, message) as the project reports ignored files.
    `results`: the FileResults of `Project.update()` (None for the daemon).
    """
    project = hostile.project
    after = input_snapshot(project.paths.input)
    cited, problems = page_sources(project)
    assert not problems, problems
    failures: list[str] = []
    for rel, exp in sorted(hostile.expected.items()):
        shown = rel if len(rel) < 120 else f"{rel[:60]}…{rel[-40:]}"
        label = f"input/{shown} ({exp.category}: {exp.why})"
        raw = hostile.raw(rel)
        result = results.get(rel) if results is not None else None
        if exp.outcome == SKIPPED:
            if results is not None and result is not None:
                failures.append(f"{label}: expected to be skipped silently, reported as {result.action}")
            if after.get(raw) != hostile.inputs[raw]:
                failures.append(f"{label}: a skipped file was touched")
            continue
        if exp.outcome != PAGE:
            got = reasons.get(rel)
            if got is None or got[0] != exp.outcome:
                failures.append(f"{label}: expected reason `{exp.outcome}`, got {got}")
            elif exp.detail and exp.detail not in got[1]:
                failures.append(f"{label}: message {got[1]!r} does not say {exp.detail!r}")
            still = after.get(raw) if raw in after else next(
                (v for k, v in after.items() if k.startswith(raw + b"/")), None)
            if still is None or still != hostile.identity_of(rel):
                failures.append(f"{label}: an ignored input must stay in input/ unchanged")
            continue
        if raw in after:
            failures.append(f"{label}: expected a page, but it is still in input/ ({reasons.get(rel)})")
            continue
        archived = f"{rel}.orig" if rel.lower().endswith((".md", ".markdown")) else rel
        archive_path = project.paths.archive / archived
        digest = hostile.inputs[raw]
        if not archive_path.is_file() or ("file", hashlib.sha256(archive_path.read_bytes()).hexdigest()) != digest:
            failures.append(f"{label}: not archived byte for byte as wiki/archive/{archived}")
            continue
        if result is not None and (result.action not in (Action.CREATED, Action.UPDATED, Action.UNCHANGED)
                                   or result.archived_as != f"archive/{archived}"):
            failures.append(f"{label}: reported {result.action} archived as {result.archived_as}")
        if exp.conformant:
            page = project.paths.wiki / page_rel(rel)
            if not page.is_file() or ("file", hashlib.sha256(page.read_bytes()).hexdigest()) != digest:
                failures.append(f"{label}: not copied byte for byte to wiki/{page_rel(rel)}")
            continue
        citing = cited.get(f"/archive/{archived}")
        if citing is None:
            failures.append(f"{label}: no concept page cites /archive/{archived}")
            continue
        if result is not None and result.page != citing:
            failures.append(f"{label}: reported page {result.page}, cited by {citing}")
        if exp.marker:
            frontmatter, _ = split_page((project.paths.wiki / citing).read_text(encoding="utf-8"))
            texts = [s.get("text") for s in frontmatter.get("sources", []) if s.get("resource") == f"/archive/{archived}"]
            extracted = project.paths.wiki / str(texts[0]).lstrip("/") if texts and texts[0] else None
            if extracted is None or exp.marker not in extracted.read_text(encoding="utf-8"):
                failures.append(f"{label}: the archived extracted text {texts} lacks {exp.marker!r}")
    assert not failures, "\n".join(failures)


def check_nothing_lost(hostile: Hostile) -> None:
    """I1: every input's bytes are in input/ or byte-identical in wiki/archive/."""
    project = hostile.project
    after = input_snapshot(project.paths.input)
    archived = {("file", hashlib.sha256(p.read_bytes()).hexdigest()) for p in regular_files(project.paths.archive)}
    lost = [raw for raw, ident in hostile.inputs.items()
            if ident[0] in ("file", "big") and after.get(raw) != ident and ident not in archived]
    assert not lost, f"inputs neither in input/ nor archived: {lost}"


def check_confinement(hostile: Hostile, root: Path, allowed: set[str]) -> None:
    """I4: the canary token is nowhere under the project (wiki/ and .wikid/, extraction
    staging and query index included), the outside tree is exactly as it was, no link
    was created in the project and nothing was written next to it."""
    project = hostile.project
    tokens = (CANARY_TOKEN.encode(), CANARY_TOKEN.encode("utf-16-le"), CANARY_TOKEN.encode("utf-16-be"))
    for top in (project.paths.wiki, project.paths.state):
        for dirpath, dirnames, filenames in os.walk(top):
            for name in dirnames + filenames:
                path = Path(dirpath) / name
                assert not path.is_symlink(), f"wikid created a link: {path}"
                if path.is_file():
                    data = path.read_bytes()
                    assert not any(t in data for t in tokens), f"the canary outside the project leaked into {path}"
    assert tree_snapshot(hostile.outside) == hostile.outside_before, "the tree outside the project changed"
    assert not (hostile.outside / "pwned").exists(), "a YAML python tag ran code"
    assert set(os.listdir(root)) <= allowed, f"something was written next to the project: {os.listdir(root)}"


def check_lint(project: Project) -> None:
    report = project.lint()
    findings = [f"{f.code} {f.file}:{f.line} {f.message}" for f in report.findings if f.severity != "info"]
    assert report.errors == 0 and report.warnings == 0, "\n".join(findings)


def count_extractions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, record the name of every file the pipeline hands to the extractor."""
    calls: list[str] = []
    real = Extractor.extract

    def counting(self: Any, path: Path) -> Any:
        calls.append(path.name)
        return real(self, path)

    monkeypatch.setattr(Extractor, "extract", counting)
    return calls


# --- 1. one update over the whole corpus --------------------------------------------------


def run_update(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stress: bool) -> None:
    if not stress:
        for key, value in LIMITS.items():
            monkeypatch.setenv(key, value)
    started = time.monotonic()
    hostile = make_corpus(tmp_path, stress=stress)
    built = time.monotonic()
    assert len(hostile.expected) >= 50
    project = hostile.project
    report = project.update()
    updated = time.monotonic()
    results = {r.input: r for r in report.files}
    unexpected = sorted(set(results) - set(hostile.expected))
    assert not unexpected, f"reported inputs the corpus does not know: {unexpected}"
    reasons = {r.input: (str(r.reason), r.message) for r in report.files if r.action == Action.IGNORED}
    retried = {r.input: r.message for r in report.files if r.action == Action.RETRY}
    assert not retried, f"inputs left for a retry (a batch-level failure): {retried}"
    check_outcomes(hostile, reasons, results)

    status = project.status()
    assert {s.input: (s.reason, s.message) for s in status.ignored} == reasons, "status disagrees with the report"
    assert not status.pending, f"status shows inputs still pending: {[s.input for s in status.pending]}"
    check_lint(project)
    check_nothing_lost(hostile)
    check_confinement(hostile, tmp_path, {"proj", "outside"})

    # A second run changes nothing: ignored files are remembered, not extracted again.
    wiki_before = tree_snapshot(project.paths.wiki)
    calls = count_extractions(monkeypatch)
    again = project.update()
    assert calls == [], f"remembered failures were extracted again: {calls}"
    changed = [r.input for r in again.files if r.action != Action.IGNORED]
    assert not changed, f"the second run acted on {changed}"
    assert {r.input: (str(r.reason), r.message) for r in again.files} == reasons
    assert tree_snapshot(project.paths.wiki) == wiki_before, "the second run changed wiki/"
    check_confinement(hostile, tmp_path, {"proj", "outside"})
    print(f"\n[hostile update] {len(hostile.expected)} inputs: built in {built - started:.1f} s, "
          f"update {updated - built:.1f} s ({report.summary()}), second update and checks "
          f"{time.monotonic() - updated:.1f} s")


def test_update_ends_every_hostile_input_as_a_reason_or_a_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_update(tmp_path, monkeypatch, stress=False)


@pytest.mark.stress
def test_update_with_default_limits_and_gigabyte_bombs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_update(tmp_path, monkeypatch, stress=True)


# --- 2. the daemon --------------------------------------------------------------------------


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def _status_kb(pid: int, key: str) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    pending = [pid]
    while pending:
        parent = pending.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children") as fh:
                    children = [int(c) for c in fh.read().split()]
            except OSError:
                continue
            found += children
            pending += children
    return found


class RssSampler(threading.Thread):
    """Samples the peak RSS (VmHWM) of the daemon and of every process it starts (the
    forkserver and the extraction workers) every 50 ms."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peaks_kb: dict[int, int] = {}
        self.stop_event = threading.Event()

    def run(self) -> None:
        while not self.stop_event.is_set():
            for pid in [self.pid, *_descendants(self.pid)]:
                hwm = _status_kb(pid, "VmHWM")
                if hwm is not None:
                    self.peaks_kb[pid] = max(self.peaks_kb.get(pid, 0), hwm)
            time.sleep(0.05)

    def finish(self) -> None:
        self.stop_event.set()
        self.join()

    @property
    def daemon_mb(self) -> float:
        return self.peaks_kb.get(self.pid, 0) / 1024

    @property
    def children_mb(self) -> float:
        return max((kb for pid, kb in self.peaks_kb.items() if pid != self.pid), default=0) / 1024


def start_daemon(project: Project, log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    python_path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    full_env = {**os.environ, "PYTHONPATH": python_path, **FAST_WATCH, **env}
    with open(log, "wb") as out:
        return subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project.root), "watch"],
                                env=full_env, stdout=out, stderr=subprocess.STDOUT, cwd=REPO)


def daemon_ready(project: Project, process: subprocess.Popen[bytes]) -> Callable[[], bool]:
    def published() -> bool:
        try:
            state = json.loads(project.paths.daemon_state.read_text())
        except (OSError, ValueError):
            return False
        return state.get("state") != "stopped" and state.get("pid") == process.pid

    return published


def remembered(project: Project) -> dict[str, tuple[str, str]]:
    """The ignores the daemon has recorded: input -> (reason, message)."""
    try:
        records = json.loads(project.paths.ignored.read_text())
    except (OSError, ValueError):
        return {}
    return {rel: (str(r.get("reason")), str(r.get("message"))) for rel, r in records.items() if isinstance(r, dict)}


def run_daemon(
    tmp_path: Path, stress: bool, include: Callable[[Expected], bool] = lambda e: True,
    timeout: float | None = None,
) -> None:
    """Drop the corpus (the inputs `include` admits) into a running daemon and check
    every outcome, its survival, its memory and its clean exit."""
    hostile = make_corpus(tmp_path, where="drop", stress=stress, include=include)
    project = hostile.project
    log = tmp_path / "daemon.log"
    daemon = start_daemon(project, log, {} if stress else LIMITS)
    sampler = RssSampler(daemon.pid)
    sampler.start()
    try:
        wait_until(daemon_ready(project, daemon), 60, "the daemon to start")
        dropped = time.monotonic()
        drop = os.fsencode(tmp_path / "drop" / "input")
        for name in sorted(os.listdir(drop)):  # a real drop: every top-level entry moved in
            os.rename(os.path.join(drop, name), os.path.join(os.fsencode(project.paths.input), name))
        pages = [hostile.raw(rel) for rel, exp in hostile.expected.items() if exp.outcome == PAGE]
        ignored = {rel: exp.outcome for rel, exp in hostile.expected.items() if exp.outcome not in (PAGE, SKIPPED)}
        base = os.fsencode(project.paths.input)

        def settled() -> bool:
            assert daemon.poll() is None, f"the daemon died (exit status {daemon.returncode}): {log.read_text()[-3000:]}"
            if any(os.path.lexists(os.path.join(base, raw)) for raw in pages):
                return False
            memory = remembered(project)
            if not all(memory.get(rel, ("",))[0] == reason for rel, reason in ignored.items()):
                return False
            try:
                state = json.loads(project.paths.daemon_state.read_text())
            except (OSError, ValueError):
                return False
            return state.get("state") == "idle" and state.get("queued") == 0 and state.get("last_batch") is not None

        wait_until(settled, timeout or (240 if stress else 90),
                   "every page input to leave input/ and every ignore to be recorded")
        done = time.monotonic()
        # Remembered ignores are not retried: rescans (every 2 s) find nothing to do.
        batches = log.read_text().count("batch of")
        memory = project.paths.ignored.read_bytes()
        time.sleep(5)
        assert daemon.poll() is None, f"the daemon died (exit status {daemon.returncode})"
        assert log.read_text().count("batch of") == batches, \
            f"ignored files were retried: {log.read_text().splitlines()[-5:]}"
        assert project.paths.ignored.read_bytes() == memory
    finally:
        daemon.send_signal(signal.SIGTERM)
        code = daemon.wait(timeout=60)
        sampler.finish()
    text = log.read_text()
    assert code == 0, f"the daemon did not exit cleanly on SIGTERM (status {code}): {text[-3000:]}"
    assert "Traceback" not in text and "failed:" not in text, f"the daemon logged a failure: {text[-3000:]}"
    check_outcomes(hostile, remembered(project), None)
    check_lint(project)
    check_nothing_lost(hostile)
    check_confinement(hostile, tmp_path, {"proj", "outside", "drop", "daemon.log"})
    print(f"\n[hostile daemon] {len(hostile.expected)} inputs settled in {done - dropped:.1f} s; "
          f"{text.count('batch of')} batches; peak RSS: daemon {sampler.daemon_mb:.0f} MB, "
          f"largest child {sampler.children_mb:.0f} MB")
    assert sampler.daemon_mb < DAEMON_PEAK_RSS_MB, f"daemon peak RSS {sampler.daemon_mb:.0f} MB"
    budget = int((LIMITS if not stress else {}).get("WIKID_LIMITS_EXTRACT_MEMORY_MB", "1024"))
    assert sampler.children_mb < budget + WORKER_BASELINE_MB, \
        f"extraction worker peak RSS {sampler.children_mb:.0f} MB with a {budget} MB budget"


def test_the_daemon_survives_the_corpus_in_bounded_memory(tmp_path: Path) -> None:
    run_daemon(tmp_path, stress=False)


@pytest.mark.stress
def test_the_daemon_survives_gigabyte_bombs_with_default_limits(tmp_path: Path) -> None:
    run_daemon(tmp_path, stress=True)


# --- reported bugs since fixed: regression tests ------------------------------------------


def test_an_nfd_named_document_is_archived(project: Project) -> None:
    """A document whose name is stored decomposed (NFD, as macOS writes it) is scanned
    under its NFC name; it is archived from its real path, not from `input/<NFC name>`
    (which does not exist: the file stayed in input/ and was retried forever)."""
    nfd = "cafe\u0301 menu.txt"
    (project.paths.input / nfd).write_text("Vendor: Decomposed Cafe\nThe decomposed cafe menu lists coffee.\n")
    [result] = project.update().files
    assert result.action == Action.CREATED, result
    assert not (project.paths.input / nfd).exists()
    assert (project.paths.archive / "caf\u00e9 menu.txt").is_file()


@pytest.mark.stress
def test_a_huge_text_does_not_blow_up_the_process_running_the_batch(tmp_path: Path) -> None:
    """Extraction is capped in its worker; the text it returns is then clustered and
    summarised in the daemon itself, which must stay within the daemon's bound too."""
    project = Project(tmp_path / "proj")
    project.init()
    words = "kalomi nerusa tivoze bado fegu hijopu " * 8
    (project.paths.input / "huge.txt").write_text(
        "Vendor: Huge Line Ltd\nA document of one very long line. " + words * ((60 << 20) // len(words)))
    python_path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    batch = subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(project.root), "update"], cwd=REPO,
                             env={**os.environ, "PYTHONPATH": python_path}, stdout=subprocess.DEVNULL)
    sampler = RssSampler(batch.pid)
    sampler.start()
    code = batch.wait(timeout=600)
    sampler.finish()
    assert code == 0
    assert sampler.daemon_mb < DAEMON_PEAK_RSS_MB, f"the batch process peaked at {sampler.daemon_mb:.0f} MB"


def test_lint_survives_a_wiki_page_with_a_deeply_nested_frontmatter(project: Project) -> None:
    """A page someone saves straight into wiki/ never passes intake's guards; `wikid lint`
    must report it (FRONTMATTER_INVALID), not die with a segfault."""
    (project.paths.wiki / "deep.md").write_text("---\ntype: Note\nx: " + "[" * 100_000 + "]" * 100_000 + "\n---\nBody.\n")
    python_path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    done = subprocess.run([sys.executable, "-m", "wikid", "-C", str(project.root), "lint"], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": python_path}, capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), f"exit status {done.returncode}: {done.stderr[-1000:]}"
    assert "FRONTMATTER_INVALID" in done.stdout
