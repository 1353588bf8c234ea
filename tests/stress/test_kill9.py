"""I1, I2, I5 under real `kill -9`: a mixed drop survives SIGKILL at step boundaries and at random times.

tests/test_crash_recovery.py raises an exception at the manager's step boundaries,
in-process. That cannot show what a real SIGKILL leaves behind: temp files, a
half-written journal, a lock, an extraction worker, a daemon's socket, state files.
Here `wikid update` and `wikid watch` run as subprocesses and die by SIGKILL, either
at the Nth call of an instrumented function (tests/stress/kill_hook.py) or after a
seeded random delay. After every kill I1 (nothing lost) and I2 (nothing archived
without a page) are checked at once; after the last one `wikid update` must finish,
and the end state must satisfy I5: every input archived exactly once and cited by
exactly one concept page (one page per entity), no duplicate concepts, no journal,
staging or temp file left, lint clean, ignored files still in input/ with their reason.

Several rounds mean several batches, and the offline engine is not (yet)
batch-split deterministic, so the wiki is *not* compared with an uninterrupted run.

SHORT runs in the default suite; FULL (`python -m pytest -m stress
tests/stress/test_kill9.py`) drops ~300 files and kills at 40+ points.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

import pytest
from conftest import assert_nothing_lost, page, tree_bytes
from office_fixtures import make_docx, make_xlsx
from pdf_fixtures import make_pdf, make_pdf_without_text

from wikid import Project
from wikid.intake.naming import page_rel
from wikid.okf.bundle import walk_bundle
from wikid.okf.page import split_page

pytestmark = pytest.mark.slow  # outside the fast subset (-m "not slow")

REPO = Path(__file__).resolve().parents[2]
HOOK = Path(__file__).with_name("kill_hook.py")
RUN_TIMEOUT = 180.0  # seconds for one wikid process; a hang fails the test, not CI
KILLED = -signal.SIGKILL
TEMP_NAME = re.compile(r"^\..+\.wikid-\d+-\d+\.tmp$")  # wikid/fsio.py _temp_name
FAST_WATCH = {
    "WIKID_WATCH_STABILITY_SECONDS": "0.3",
    "WIKID_WATCH_BATCH_QUIET_SECONDS": "0.4",
    "WIKID_WATCH_BATCH_MAX_WAIT_SECONDS": "5",
    "WIKID_WATCH_RESCAN_SECONDS": "30",
}



# ---------------------------------------------------------------------------
# The drop: deterministic, seeded, every format, entities that should cluster.

VENDORS = [
    "Acme Anvils", "Bluestone Green Coffee Importers Ltd", "Cobalt Crate Company", "Delta Dyeworks",
    "Evergreen Paper Mills", "Foxglove Fasteners", "Granite Glassworks", "Harbor Hemp Ropes",
]
HOSTS = ["alg-32.example.net", "bgi-17.example.net", "cdx-05.example.net", "dmz-88.example.net"]
RIVERS = ["Amazon", "Danube", "Mekong", "Niger", "Volga", "Yukon", "Rhine", "Indus", "Loire", "Tagus"]
FIRST_DAY = date(2021, 1, 4)


@dataclass
class Drop:
    """Every file dropped so far, and what wikid must do with it."""

    files: dict[str, bytes] = field(default_factory=dict)  # input-relative path -> bytes
    conformant: set[str] = field(default_factory=set)  # copied to wiki/<page_rel> byte for byte
    ignored: dict[str, str] = field(default_factory=dict)  # left in input/ with this reason code
    skipped: set[str] = field(default_factory=set)  # junk names: left in input/, never reported
    entity: dict[str, str] = field(default_factory=dict)  # document -> the vendor or host it is about

    @property
    def documents(self) -> set[str]:
        """Inputs that must end as a cited source of exactly one concept page."""
        return set(self.files) - self.conformant - set(self.ignored) - self.skipped

    def add(self, other: Drop) -> None:
        clash = set(self.files) & set(other.files)
        assert not clash, f"generator bug: paths dropped twice: {sorted(clash)[:5]}"
        self.files.update(other.files)
        self.conformant |= other.conformant
        self.ignored.update(other.ignored)
        self.skipped |= other.skipped
        self.entity.update(other.entity)


def _document(i: int, rng: random.Random) -> tuple[str, bytes, str]:
    """One non-conformant document about a vendor or a host, in one of seven formats:
    its path, its bytes and the entity (the concept page's title) it is about."""
    day = (FIRST_DAY + timedelta(days=i)).isoformat()  # unique per file: unique bytes
    if i % 20 == 9:
        host = HOSTS[(i // 20) % len(HOSTS)]
        role = rng.choice(["database", "cache", "web server"])
        text = f"Host: {host}\nDate: {day}\nRole: {role}\nOwner: platform team\n"
        return f"ops/hosts/{host.split('.')[0]}/check-{i:04d}.txt", text.encode(), host
    vendor = rng.choice(VENDORS)
    slug = vendor.split()[0].lower()
    lines = [f"Vendor: {vendor}", f"Date: {day}", f"Payment terms: {rng.choice([15, 30, 45, 60])} days",
             f"Currency: {rng.choice(['EUR', 'USD'])}"]
    base = f"contracts/{slug}/{2021 + i % 3}/doc-{i:04d}"
    kind = i % 10
    if kind == 1:
        return base + ".txt", ("\n".join(lines) + "\n").encode(), vendor
    if kind == 2:
        rows = "".join(f"{k},{v}\n" for k, v in (line.split(": ", 1) for line in lines))
        return base + ".csv", ("field,value\n" + rows).encode(), vendor
    if kind == 3:  # markdown without frontmatter: non-conformant
        return base + ".md", (f"# Terms agreed with {vendor}\n\n" + "\n\n".join(lines) + "\n").encode(), vendor
    if kind == 4:
        return base + ".docx", make_docx(lines), vendor
    if kind == 6:
        return base + ".xlsx", make_xlsx({"Terms": [line.split(": ", 1) for line in lines]}), vendor
    if kind == 7:
        return base + ".pdf", make_pdf(["\n".join(lines)]), vendor
    if kind == 8:  # a prose note plainly about one named vendor (named twice, no `Vendor:` field)
        text = (f"Call notes, {day}.\n\nSpoke with the {vendor} account manager about the delayed "
                f"shipment number {i}. {vendor} promise delivery within {rng.randint(2, 9)} weeks.\n")
        return f"notes/calls/{slug}-call-{i:04d}.txt", text.encode(), vendor
    return base + ".docx", make_docx([f"Supplier memo {i}", *lines]), vendor


def make_drop(first: int, count: int, seed: int) -> Drop:
    """`count` files numbered from `first` (so waves never collide), plus a few that are
    ignored (empty, unsupported, reserved, a scan without text) or skipped as junk."""
    drop = Drop()
    for i in range(first, first + count):
        rng = random.Random(f"{seed}-{i}")
        if i % 10 in (0, 5):
            river = RIVERS[(i // 10) % len(RIVERS)]
            ext = rng.choice([".md", ".md", ".markdown", ".MD"])
            rel = f"pages/{river.lower()}/survey-{i:04d}{ext}"
            body = f"The gauge on the {river} read {rng.randint(100, 900)} cm on day {i} of the survey.\n"
            drop.files[rel] = page("Survey", f"{river} survey {i}", body)
            drop.conformant.add(rel)
        else:
            rel, data, entity = _document(i, rng)
            drop.files[rel] = data
            drop.entity[rel] = entity
    misc = f"misc/wave-{first:04d}"
    for rel, data, reason in [
        (f"{misc}/empty.txt", b"", "empty"),
        (f"{misc}/firmware.bin", bytes(range(256)) + str(first).encode(), "unsupported"),
        (f"{misc}/index.md", page("Note", f"Reserved {first}"), "reserved"),
        (f"{misc}/scan.pdf", make_pdf_without_text(1), "empty"),
    ]:
        drop.files[rel] = data
        drop.ignored[rel] = reason
    for rel in (f"{misc}/.DS_Store", f"{misc}/download.pdf.part"):
        drop.files[rel] = f"junk {first}".encode()
        drop.skipped.add(rel)
    ingested = [data for rel, data in drop.files.items() if rel not in drop.ignored and rel not in drop.skipped]
    assert len(set(ingested)) == len(ingested), "generator bug: two ingested inputs share their bytes"
    return drop


def put(project: Project, drop: Drop) -> None:
    for rel, data in drop.files.items():
        path = project.paths.input / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


# ---------------------------------------------------------------------------
# Rounds: each one runs wikid in a subprocess and SIGKILLs it.


@dataclass(frozen=True)
class Round:
    """One wikid process and how it dies: at a hooked call, or after a random delay."""

    command: str  # "update" or "watch"
    target: str | None = None  # MODULE:ATTR for kill_hook.py; None: kill after a seeded random delay
    nth: int = 1
    when: str = "after"
    drop: int = 0  # new files dropped into input/ before this round
    sure: bool = True  # the point is certainly reached (the pipeline is deterministic)

    @property
    def label(self) -> str:
        if self.target is None:
            return f"{self.command}@random"
        return f"{self.command}:{self.target}#{self.nth}:{self.when}"


def at(target: str, nth: int, when: str = "after", drop: int = 0, command: str = "update", sure: bool = True) -> Round:
    return Round(command, target, nth, when, drop, sure)


def timed(command: str, drop: int) -> Round:
    return Round(command, drop=drop)


@dataclass(frozen=True)
class Scenario:
    """A first drop of `files` files, then the rounds in order, then a finishing update."""

    files: int
    seed: int
    rounds: tuple[Round, ...]


def _env(watch: bool) -> dict[str, str]:
    """The test's environment (WIKID_NOW from conftest) with this checkout importable."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])
    if watch:
        env.update(FAST_WATCH)
    return env


def _argv(project: Project, round_: Round) -> list[str]:
    wikid = ["-C", str(project.root), round_.command]
    if round_.target is None:
        return [sys.executable, "-m", "wikid", *wikid]
    return [sys.executable, str(HOOK), round_.target, str(round_.nth), round_.when, "--", *wikid]


def _settled(project: Project, pid: int, drop: Drop) -> bool:
    """The daemon `pid` is idle with nothing queued and only ignored/junk files in input/."""
    try:
        state = json.loads(project.paths.daemon_state.read_text())
    except (OSError, ValueError):
        return False
    if state.get("pid") != pid or state.get("state") != "idle" or state.get("queued"):
        return False
    left = {p.relative_to(project.paths.input).as_posix() for p in project.paths.input.rglob("*") if p.is_file()}
    return left <= set(drop.ignored) | drop.skipped


def run_round(project: Project, round_: Round, drop: Drop, rng: random.Random, log: Path) -> tuple[int, str]:
    """Run one round to its end; return the exit code (-9: killed) and what happened."""
    with open(log, "ab") as out:
        out.write(f"\n===== {round_.label}\n".encode())
        out.flush()
        process = subprocess.Popen(_argv(project, round_), env=_env(round_.command == "watch"),
                                   stdout=out, stderr=subprocess.STDOUT)
    try:
        if round_.target is None:
            delay = rng.uniform(0.3, 5.0 if round_.command == "update" else 6.0)  # start-up to batch end
            try:
                return process.wait(timeout=delay), f"finished before the kill at {delay:.2f}s"
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGKILL)
                return process.wait(timeout=RUN_TIMEOUT), f"killed at {delay:.2f}s"
        if round_.command == "update":
            returncode = process.wait(timeout=RUN_TIMEOUT)
            return returncode, "killed at the point" if returncode == KILLED else "finished: point not reached"
        deadline = time.monotonic() + RUN_TIMEOUT
        while process.poll() is None:  # a daemon never exits by itself: stop it once it has nothing to do
            if _settled(project, process.pid, drop):
                process.send_signal(signal.SIGTERM)
                return process.wait(timeout=RUN_TIMEOUT), "daemon settled without reaching the point"
            assert time.monotonic() < deadline, f"{round_.label}: daemon neither died nor settled"
            time.sleep(0.05)
        return process.returncode, "killed at the point" if process.returncode == KILLED else "exited by itself"
    except subprocess.TimeoutExpired:
        raise AssertionError(f"{round_.label}: wikid hung for {RUN_TIMEOUT}s (log: {log})") from None
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


# ---------------------------------------------------------------------------
# Invariant checks.


def _archive_originals(project: Project) -> dict[str, bytes]:
    """Archived originals: not extracted texts, not a page's previous version (`*.md`), not temp files."""
    archive = project.paths.archive
    files = tree_bytes(archive) if archive.exists() else {}
    return {rel: data for rel, data in files.items()
            if not rel.endswith("-extracted.txt") and not rel.endswith(".md")
            and not TEMP_NAME.match(rel.rsplit("/", 1)[-1])}


def _citations(project: Project) -> dict[str, list[dict[str, object]]]:
    """Each concept page's `sources` entries (pages without any are left out)."""
    out: dict[str, list[dict[str, object]]] = {}
    for concept_id in walk_bundle(project.paths.wiki).concept_ids:
        frontmatter, _ = split_page((project.paths.wiki / f"{concept_id}.md").read_text(encoding="utf-8"))
        sources = frontmatter.get("sources")
        if isinstance(sources, list) and sources:
            out[concept_id] = [s for s in sources if isinstance(s, dict)]
    return out


def _left_behind(project: Project) -> str:
    """Where a kill landed, judged from what it left: the journal's step, staging, or nothing."""
    paths = project.paths
    try:
        step = f"journal {json.loads(paths.journal.read_text())['step']}"
    except (OSError, ValueError, KeyError):
        step = "no journal"
    staged = "extraction staged" if paths.extract_staging.exists() else "no staging"
    return f"{step}, {staged}"


def check_after_kill(project: Project, drop: Drop, label: str) -> None:
    """I1 and I2 right after a SIGKILL, before anything recovers.

    I1: every input's bytes are in input/ or in the archive. I2: an input whose name
    is gone from input/ has its content in the wiki: a conformant page holds its
    bytes; a document's archived copy is cited by a concept page on disk.
    """
    assert_nothing_lost(drop.files, project)
    archived = _archive_originals(project)
    cited = {s.get("resource") for sources in _citations(project).values() for s in sources}
    for rel, data in drop.files.items():
        if (project.paths.input / rel).is_file():
            continue
        if rel in drop.conformant:
            target = project.paths.wiki / page_rel(rel)
            assert target.is_file() and target.read_bytes() == data, (
                f"after {label}: input/{rel} left input/ but wiki/{page_rel(rel)} does not hold its bytes (I2)")
        else:
            names = [name for name, copy in archived.items() if copy == data]
            assert any(f"/archive/{name}" in cited for name in names), (
                f"after {label}: input/{rel} left input/ (archived as {names}) but no page cites it (I2)")


def check_end_state(project: Project, drop: Drop, report: dict[str, object]) -> list[str]:
    """I1, I2, I5 once a run finished, and one page per entity holding its documents."""
    paths = project.paths
    assert_nothing_lost(drop.files, project)
    assert not paths.journal.exists(), f"the journal is left over: {paths.journal.read_text()[:500]}"
    for staging in (paths.extract_staging, paths.state / "rollback"):
        assert not staging.exists(), f"{staging.name} staging is left over: {sorted(staging.rglob('*'))[:10]}"

    left = {p.relative_to(paths.input).as_posix(): p.read_bytes() for p in paths.input.rglob("*") if p.is_file()}
    expected_left = {rel: drop.files[rel] for rel in [*drop.ignored, *drop.skipped]}
    assert left == expected_left, (
        f"input/ should hold exactly the ignored and junk files: extra {sorted(set(left) - set(expected_left))[:10]}, "
        f"missing or changed {sorted(r for r in expected_left if left.get(r) != expected_left[r])[:10]}")

    files = report.get("files")
    assert isinstance(files, list)
    by_input = {f["input"]: f for f in files}
    retried = [f"{f['input']}: {f['message']}" for f in files if f["action"] == "retry"]
    assert not retried, f"the final update left files to retry: {retried[:10]}"
    for rel, reason in drop.ignored.items():
        got = by_input.get(rel, {})
        assert got.get("action") == "ignored" and got.get("reason") == reason, (
            f"input/{rel} should be reported ignored [{reason}], the final update says {got}")
    for rel in drop.skipped:
        assert rel not in by_input, f"junk input/{rel} should be skipped silently, not reported"
    status = {i.input: i.reason for i in project.status().ignored}
    assert status == drop.ignored, f"`wikid status` ignored list differs: {status} != {drop.ignored}"

    temps = sorted(p.relative_to(paths.root).as_posix()
                   for root in (paths.wiki, paths.state) for p in root.rglob("*") if TEMP_NAME.match(p.name))
    assert not temps, f"temp files left by killed runs: {temps[:5]}"

    # Every ingested input archived exactly once: the archived originals are, as a
    # multiset, exactly the bytes of the inputs that were not ignored.
    originals = _archive_originals(project)
    by_bytes: dict[bytes, list[str]] = {}
    for name, data in originals.items():
        by_bytes.setdefault(data, []).append(name)
    ingested = {rel: data for rel, data in drop.files.items() if rel in drop.documents | drop.conformant}
    unknown = sorted(n for n, data in originals.items() if data not in set(ingested.values()))
    assert not unknown, f"archived files that are no input (claims never rolled back?): {unknown[:10]}"
    copies = {rel: sorted(by_bytes.get(data, [])) for rel, data in ingested.items()}
    missing = sorted(rel for rel, names in copies.items() if not names)
    assert not missing, f"inputs neither in input/ nor archived: {missing[:10]}"
    doubled = {rel: names for rel, names in copies.items() if len(names) > 1}
    assert not doubled, f"inputs archived more than once: {dict(list(doubled.items())[:5])}"

    # Conformant pages: byte for byte at their page path.
    for rel in sorted(drop.conformant):
        target = paths.wiki / page_rel(rel)
        assert target.is_file() and target.read_bytes() == drop.files[rel], (
            f"wiki/{page_rel(rel)} does not hold the bytes of input/{rel}")
        assert all(n.endswith(".orig") for n in copies[rel]), (
            f"input/{rel} archived as {copies[rel]}: a markdown original's archive name must end in .orig")

    # Documents: each archived original cited by exactly one concept page, whose
    # `text` is its archived extracted text; no two concept pages for one entity.
    citations = _citations(project)
    cited_by: dict[str, list[str]] = {}
    texts: set[str] = set()
    for concept_id, sources in citations.items():
        for source in sources:
            cited_by.setdefault(str(source.get("resource")), []).append(concept_id)
            if isinstance(source.get("text"), str):
                texts.add(str(source["text"]))
                assert (paths.wiki / str(source["text"]).lstrip("/")).is_file(), (
                    f"wiki/{concept_id}.md cites extracted text {source['text']} that does not exist")
    for rel in sorted(drop.documents):
        (name,) = copies[rel]
        pages = cited_by.get(f"/archive/{name}", [])
        assert len(pages) == 1, f"input/{rel} (archived as {name}) is cited by {len(pages)} pages: {pages}"
    uncited = sorted(r for r in cited_by if r.removeprefix("/archive/") not in originals)
    assert not uncited, f"pages cite archive files that hold no input: {uncited[:10]}"
    extracted = {f"/archive/{n}" for n in tree_bytes(paths.archive) if n.endswith("-extracted.txt")}
    assert extracted == texts, f"extracted texts no page cites: {sorted(extracted - texts)[:10]}"
    titles = {c: split_page((paths.wiki / f"{c}.md").read_text(encoding="utf-8"))[0].get("title") for c in citations}
    duplicates = {t: n for t, n in Counter(titles.values()).items() if n > 1}
    assert not duplicates, f"duplicate concepts (one title, several pages): {duplicates}"
    # One page per entity, holding every document about it.
    misfiled = sorted(f"input/{rel} ({drop.entity[rel]}) -> {titles[cited_by[f'/archive/{copies[rel][0]}'][0]]}"
                      for rel in drop.documents
                      if titles[cited_by[f"/archive/{copies[rel][0]}"][0]] != drop.entity[rel])
    missing_pages = sorted(set(drop.entity.values()) - set(titles.values()))
    assert not misfiled and not missing_pages, (
        f"{len(misfiled)} document(s) on another entity's page, e.g. {misfiled[:3]}; entities without a page: "
        f"{missing_pages}")
    assert set(map(str, titles.values())) <= set(drop.entity.values()), (
        f"concept pages for no entity dropped: {sorted(set(map(str, titles.values())) - set(drop.entity.values()))}")

    lint = project.lint()
    assert lint.ok and lint.errors == 0, "wikid lint: " + "; ".join(
        f"{f.file}:{f.line} {f.code} {f.message}" for f in lint.findings[:10])


# ---------------------------------------------------------------------------
# Scenarios. N values are chosen for the drop sizes below and are reached in an
# uninterrupted pipeline; `sure=False` marks points in recovery or in the daemon
# whose reach depends on where the previous kill landed.

M = "wikid.intake.managed"
C = "wikid.intake.conformant"
A = "wikid.intake.archive"
P = "wikid.intake.pipeline"
J = "wikid.intake.journal"
R = "wikid.extract.runner"

SHORT = Scenario(files=48, seed=7, rounds=(
    at(f"{C}:put_page", 3),                          # conformant pages partly written, none archived
    at(f"{R}:Extractor.extract", 12),                # extraction half done, nothing staged yet
    at(f"{M}:_claim", 9),                            # journal `claimed`: archive names half claimed
    at(f"{J}:_unclaim", 1),                          # ... and killed again while rolling that back
    at(f"{M}:swap_page", 4),                         # pages half written: roll back
    at(f"{M}:release_original", 11, "before"),       # journal `written`: roll forward
    at("wikid.okf.bundle:atomic_replace", 2, drop=8),  # index.md files half regenerated
    at(f"{M}:_previous_version", 1, "after", drop=8),  # updating a page: previous version archived
    timed("update", drop=10),
    timed("watch", drop=10),
    timed("update", drop=0),
))

FULL = Scenario(files=300, seed=11, rounds=(
    # Conformant intake (60 pages in 10 folders): write, fsync, claim, release.
    at(f"{C}:put_page", 1, "before"),
    at(f"{C}:put_page", 17),
    at("wikid.intake.pagewrite:atomic_create", 20),
    at(f"{C}:fsync_dir", 5),
    at(f"{C}:archive_inputs", 1, "before"),
    at(f"{A}:claim_original", 12),
    at(f"{A}:release_original", 7, "before"),
    at(f"{A}:release_original", 33),
    at("wikid.fsio:write_temp", 3),                  # a staged extracted text's temp file
    # Extraction and the manager's first batch (240 documents, no page yet).
    at(f"{R}:Extractor.extract", 1, "before"),
    at(f"{R}:Extractor.extract", 150),
    at(f"{P}:atomic_replace", 90),                   # staging write of an extracted text
    at(f"{P}:manage_documents", 1, "before"),
    at(f"{M}:Journal.save", 1),
    at(f"{M}:_claim", 1, "before"),
    at(f"{M}:_claim", 60),
    at(f"{M}:claim_original", 100),
    at(f"{M}:archive_bytes", 120, "before"),
    at(f"{A}:write_temp", 80),                       # an extracted text's archive copy, not yet linked
    at(f"{J}:_unclaim", 2),                          # killed again while rolling that back
    at(f"{J}:_roll_back", 1),                        # rolled back, journal not yet removed
    at(f"{M}:_previous_version", 5, "before"),
    at(f"{M}:fsync_dir", 3),
    at(f"{M}:swap_page", 1, "before"),
    at(f"{M}:swap_page", 6),
    at(f"{M}:release_original", 1, "before"),        # journal `written`
    at(f"{J}:_roll_forward", 1, "before"),           # killed before rolling it forward
    # The end of a batch: ignores, indexes, log, lint, query index, last run.
    at(f"{P}:IgnoreMemory.save", 1, "before", drop=30),
    at("wikid.intake.ignores:write_json", 1, drop=10),
    at(f"{P}:regenerate_indexes", 1, "before", drop=10),
    at("wikid.okf.bundle:write_json", 1, drop=10),
    at("wikid.okf.bundle:atomic_replace", 3, drop=10),
    at(f"{P}:lint_bundle", 1, "before", drop=10),
    at(f"{P}:refresh_query_index", 1, drop=10),
    at("wikid.query.store:atomic_replace", 1, "before", drop=10),
    at("wikid.project:write_json", 1, "before", drop=10),
    # Updating existing concept pages: previous versions archived, then restored.
    at(f"{M}:_previous_version", 2, drop=20),
    at(f"{M}:swap_page", 3),                        # the 3rd page replaced
    at(f"{J}:atomic_replace", 1),                    # rollback restoring the previous version
    at(f"{M}:release_original", 5),
    at(f"{M}:finish", 1, "before", drop=10),
    # The daemon: the same boundaries in a batch of `wikid watch`, and its start-up recovery.
    at(f"{M}:_claim", 4, drop=20, command="watch", sure=False),  # daemon batching depends on timing
    at(f"{M}:_previous_version", 3, drop=10, command="watch", sure=False),
    at("wikid.daemon.service:recover", 1, command="watch"),
    *(timed("update", drop=12) for _ in range(5)),
    *(timed("watch", drop=12) for _ in range(5)),
))


@pytest.mark.parametrize("scenario", [
    pytest.param(SHORT, id="short"),
    pytest.param(FULL, id="full", marks=pytest.mark.stress),
])
def test_sigkill_anywhere_loses_nothing_and_a_restart_finishes(scenario: Scenario, tmp_path: Path) -> None:
    project = Project(tmp_path / "proj")
    project.init()
    drop = make_drop(0, scenario.files, scenario.seed)
    put(project, drop)
    next_file = scenario.files
    rng = random.Random(scenario.seed)
    log = tmp_path / "wikid.log"
    outcomes: list[tuple[Round, int, str]] = []
    for round_ in scenario.rounds:
        if round_.drop:
            wave = make_drop(next_file, round_.drop, scenario.seed)
            next_file += round_.drop
            put(project, wave)
            drop.add(wave)
        returncode, what = run_round(project, round_, drop, rng, log)
        assert returncode in (0, KILLED), f"{round_.label}: wikid exited {returncode} ({what}); see {log}"
        if returncode == KILLED:
            what += f" ({_left_behind(project)})"
        outcomes.append((round_, returncode, what))
        check_after_kill(project, drop, round_.label)

    final = subprocess.run([sys.executable, "-m", "wikid", "-C", str(project.root), "update", "--json"],
                           env=_env(False), capture_output=True, timeout=RUN_TIMEOUT)
    assert final.returncode == 0, f"the finishing update failed: {final.stderr.decode()[-2000:]}"
    check_end_state(project, drop, json.loads(final.stdout))

    boundary = [(r, rc) for r, rc, _ in outcomes if r.target is not None]
    missed_sure = [r.label for r, rc in boundary if r.sure and rc != KILLED]
    missed = [r.label for r, rc in boundary if rc != KILLED]
    summary = (f"{len(drop.files)} files; boundary kills {len(boundary) - len(missed)}/{len(boundary)}"
               f" (not reached: {missed}); timed: "
               + ", ".join(f"{r.command} {what}" for r, _, what in outcomes if r.target is None))
    print(summary)
    assert not missed_sure, f"kill points that must be reached were not (wrong N or dead code?): {missed_sure}"
    assert len(boundary) - len(missed) >= 0.8 * len(boundary), f"too few boundary kills were real: {summary}"


# ---------------------------------------------------------------------------
# Bugs this test found (temp files and double archive names left by a kill outside
# the journal; documents of two vendors filed on one page), each reproduced by one
# deterministic kill or batch and fixed.


def _kill_once_then_finish(tmp_path: Path, target: str, nth: int, when: str) -> tuple[Project, bytes]:
    """One conformant page dropped, wikid killed at `target`, then a finishing update."""
    project = Project(tmp_path / "proj")
    project.init()
    data = page("Survey", "Danube survey", "The gauge read 412 cm.\n")
    drop = Drop(files={"pages/danube.md": data}, conformant={"pages/danube.md"})
    put(project, drop)
    returncode, _ = run_round(project, at(target, nth, when), drop, random.Random(0), tmp_path / "wikid.log")
    assert returncode == KILLED, f"{target}#{nth} was not reached (exit {returncode})"
    check_after_kill(project, drop, target)
    final = subprocess.run([sys.executable, "-m", "wikid", "-C", str(project.root), "update"],
                           env=_env(False), capture_output=True, timeout=RUN_TIMEOUT)
    assert final.returncode == 0, final.stderr.decode()[-2000:]
    assert_nothing_lost(drop.files, project)
    assert (project.paths.wiki / "pages/danube.md").read_bytes() == data
    return project, data


def test_a_kill_between_temp_write_and_rename_leaves_no_temp_file(tmp_path: Path) -> None:
    project, _ = _kill_once_then_finish(tmp_path, "wikid.fsio:write_temp", 1, "after")
    temps = [p.relative_to(project.root).as_posix() for p in project.root.rglob("*") if TEMP_NAME.match(p.name)]
    assert not temps, f"temp files left after a finished run: {temps}"


def test_a_kill_between_claim_and_release_archives_a_conformant_page_once(tmp_path: Path) -> None:
    project, data = _kill_once_then_finish(tmp_path, "wikid.intake.archive:release_original", 1, "before")
    copies = sorted(rel for rel, copy in tree_bytes(project.paths.archive).items() if copy == data)
    assert len(copies) == 1, f"input/pages/danube.md archived {len(copies)} times: {copies}"


def test_two_spreadsheets_of_one_template_land_on_their_own_vendor_pages(project: Project) -> None:
    """No kill needed: found by the end-state check above, reproduced in one batch."""
    def sheet(vendor: str, day: str) -> bytes:
        return make_xlsx({"Terms": [["Vendor", vendor], ["Date", day], ["Payment terms", "60 days"], ["Currency", "EUR"]]})

    drop = Drop(files={
        "harbor-1.txt": b"Vendor: Harbor Hemp Ropes\nDate: 2021-01-06\nPayment terms: 45 days\n",
        "foxglove-1.txt": b"Vendor: Foxglove Fasteners\nDate: 2021-01-07\nPayment terms: 15 days\n",
        "harbor-2.xlsx": sheet("Harbor Hemp Ropes", "2021-03-11"),
        "foxglove-2.xlsx": sheet("Foxglove Fasteners", "2021-03-21"),
    })
    put(project, drop)
    pages = {f.input: f.page for f in project.update().files}
    assert pages["harbor-1.txt"] == pages["harbor-2.xlsx"] == "vendor/harbor-hemp-ropes.md", pages
    assert pages["foxglove-1.txt"] == "vendor/foxglove-fasteners.md", pages
    assert pages["foxglove-2.xlsx"] == "vendor/foxglove-fasteners.md", pages
