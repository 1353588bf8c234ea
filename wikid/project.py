"""`Project` — the public API. The CLI, the daemon (wikid/daemon/service.py) and the web
server (wikid/serve/) are built on it and go through this class only; it imports none of them."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from wikid.clock import iso, now
from wikid.lock import ProjectLock, ProjectLocked
from wikid.paths import ProjectPaths
from wikid.query.client import run_query
from wikid.query.results import QueryRequest, QueryResponse, QueryResult, ReindexReport

# The rest is imported by the methods that use it, so that `wikid query` answered by the
# daemon imports none of it (yaml, the extractors, intake, lint: ~60 ms of a 100 ms process).
if TYPE_CHECKING:  # langchain is imported only when the agent engine runs
    from langchain_core.language_models import BaseChatModel

    from wikid.config import Config
    from wikid.extract.runner import ExtractOutcome
    from wikid.extract.spawn import WorkerProcess
    from wikid.intake.report import Progress, UpdateReport
    from wikid.maintenance.migrate import MigrationReport
    from wikid.maintenance.remove import RemovalReport
    from wikid.okf.lint import LintReport


@dataclass(frozen=True)
class InputStatus:
    input: str
    bucket: str
    reason: str | None
    message: str


@dataclass
class StatusReport:
    pending: list[InputStatus] = field(default_factory=list)
    ignored: list[InputStatus] = field(default_factory=list)
    concepts: int = 0
    last_run: dict[str, object] | None = None
    daemon: dict[str, object] | None = None  # the running `wikid watch`: pid, state, queue
    # The extraction executor (extract.state.ExtractionState): local or dask, its workers.
    executor: dict[str, object] | None = None
    # The batch running now (intake.progress): pid, stage, its extraction's counts.
    batch: dict[str, object] | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "pending": [p.__dict__ for p in self.pending],
            "ignored": [i.__dict__ for i in self.ignored],
            "concepts": self.concepts,
            "last_run": self.last_run,
            "daemon": self.daemon,
            "executor": self.executor,
            "batch": self.batch,
        }


def _running_daemon(paths: ProjectPaths) -> dict[str, object] | None:
    """The daemon's published state, if its process is still alive."""
    from wikid.state import live_record

    state = live_record(paths.daemon_state)
    return None if state is None or state.get("state") == "stopped" else state


@dataclass
class RetryReport:
    """What `Project.retry` did: the inputs whose remembered failure it forgot, or the
    running daemon it asked to do so (it holds the project)."""

    forgotten: list[str] = field(default_factory=list)
    daemon_pid: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"forgotten": self.forgotten, "daemon_pid": self.daemon_pid}


@dataclass
class ServiceReport:
    """What `Project.install_service` did: the unit file (written, or already there with
    the same text, or only shown), its text, and the commands that enable it."""

    path: str
    text: str
    written: bool
    enable: list[str]

    def to_dict(self) -> dict[str, object]:
        return {"path": self.path, "written": self.written, "enable": self.enable, "text": self.text}


class ServiceNotInstalled(RuntimeError):
    """The unit was not written: a different unit file is where it would go (never
    overwritten), or its folder cannot be written (the message says what to do)."""


class ProjectNotFound(FileNotFoundError):
    """The project folder does not exist (a typo in -C must not create a new project)."""


class BatchFailed(RuntimeError):
    """A batch stopped because a write it needs failed; the message says why and what to
    do, and the files it had not finished stay in input/."""


class OutsideInput(ValueError):
    """A path given for input/ is not in it."""


class Project:
    """A wikid project folder: `input/` to drop into, `wiki/` that wikid keeps true."""

    def __init__(self, path: str | Path = ".") -> None:
        self.paths = ProjectPaths(Path(path).absolute())

    @property
    def root(self) -> Path:
        return self.paths.root

    def config(self) -> Config:
        """The validated configuration (raises ConfigError naming the bad key)."""
        from wikid.config import load_config

        return load_config(self.root)

    def init(self) -> list[str]:
        """Create the project layout; return the paths created (existing files are kept)."""
        from wikid.config import CONFIG_NAME, DEFAULT_CONFIG_TEXT
        from wikid.fsio import atomic_create
        from wikid.okf.bundle import regenerate_indexes

        self._not_a_file()
        created: list[str] = []
        for directory in (self.paths.input, self.paths.wiki, self.paths.state):
            if not directory.is_dir():
                directory.mkdir(parents=True, exist_ok=True)
                created.append(f"{directory.relative_to(self.root)}/")
        if self._ensure_log():
            created.append("wiki/log.md")
        if not (self.paths.wiki / "index.md").exists():
            created.append("wiki/index.md")
        regenerate_indexes(self.paths.wiki, self.paths.page_cache)
        try:
            atomic_create(self.root / CONFIG_NAME, DEFAULT_CONFIG_TEXT.encode())
            created.append(CONFIG_NAME)
        except FileExistsError:
            pass
        return created

    def _require_root(self) -> None:
        self._not_a_file()
        if not self.root.is_dir():
            raise ProjectNotFound(
                f"project folder {self.root} does not exist; create it with `wikid -C {self.root} init`"
            )

    def _not_a_file(self) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise ProjectNotFound(f"{self.root} is a file, not a project folder; give -C the folder that holds input/ and wiki/")

    def is_project(self) -> bool:
        """Whether the folder holds a wikid project: a wikid.yaml, wikid's own state
        (.wikid/), or the layout of both input/ and wiki/. A folder that merely has an
        input/ or a wiki/ folder of its own is not one."""
        from wikid.config import CONFIG_NAME

        if (self.root / CONFIG_NAME).is_file() or self.paths.state.is_dir():
            return True
        return self.paths.input.is_dir() and self.paths.wiki.is_dir()

    def require_project(self) -> None:
        """A folder that holds no project is an error, not an empty project: a typo in -C
        must not report zeros, nor `update` or `watch` make a project of any folder.
        Public because the daemon and the web server, built on a Project, check it too."""
        from wikid.config import CONFIG_NAME

        self._require_root()
        if not self.is_project():
            raise ProjectNotFound(
                f"{self.root} is not a wikid project (no {CONFIG_NAME}, .wikid/, or input/ and wiki/); "
                f"create one with `wikid -C {self.root} init`"
            )

    def _ensure_log(self) -> bool:
        """Create an empty `wiki/log.md` unless one exists; return whether it was created."""
        from wikid.fsio import atomic_create
        from wikid.okf.log import empty_log

        try:
            atomic_create(self.paths.wiki / "log.md", empty_log().encode())
        except FileExistsError:
            return False
        return True

    def update(
        self,
        progress: Progress | None = None,
        only: Collection[str] | None = None,
        model: BaseChatModel | None = None,
    ) -> UpdateReport:
        """Run one batch over everything in `input/` (or the input-relative paths in
        `only`) and return what happened to each file.

        `model` (a langchain `BaseChatModel`) runs the agent engine with that model
        instead of the configured `model:` string (unless `engine: offline` is set)."""
        from wikid.intake.journal import sweep_temps
        from wikid.manager.select import engine_name

        self.require_project()
        config = self.config()
        engine_name(config, model)
        for directory in (self.paths.input, self.paths.wiki, self.paths.state):
            directory.mkdir(parents=True, exist_ok=True)
        with ProjectLock(self.paths.lock):
            swept = sweep_temps(self.paths)
            report = self.batch(config, progress, only, model)
        if swept:
            report.recovery = f"{report.recovery}; {swept}" if report.recovery else swept
        return report

    def batch(
        self,
        config: Config,
        progress: Progress | None = None,
        only: Collection[str] | None = None,
        model: BaseChatModel | None = None,
    ) -> UpdateReport:
        """One batch for a caller that already holds the project lock (the daemon).

        Raises BatchFailed when a write the whole batch needs fails (a full disk, an I/O
        error); the files it had not finished stay in input/ and `status` shows the
        failed run."""
        from wikid.fsio import write_problem
        from wikid.intake.pipeline import run_batch
        from wikid.intake.report import UpdateReport

        started = now()
        try:
            self._ensure_log()
            report = run_batch(self.paths, config, started, progress, only, model)
        except OSError as exc:
            failed = UpdateReport(started_at=iso(started), finished_at=iso(now()), failed=write_problem(exc))
            self._record(failed)
            raise BatchFailed(f"the batch stopped: {failed.failed}; the files it had not finished stay in input/") from exc
        if report.files or report.warnings:
            self._record(report)
        return report

    def _record(self, report: UpdateReport) -> None:
        """Keep the run for `status` (best effort: on a full disk even that may fail)."""
        from wikid.fsio import write_problem
        from wikid.state import write_json

        try:
            write_json(self.paths.last_run, report.to_dict())
        except OSError as exc:
            report.warnings.append(f"this run is not recorded for `wikid status`: {write_problem(exc)}")

    def retry(self, targets: Collection[str | Path] = ()) -> RetryReport:
        """Forget the remembered failures of the inputs at or under `targets` (paths in
        input/: `a.pdf`, `input/scans/`, absolute; none: all), so the next run extracts
        them again. A failure caused by a limit is retried by itself once the limit
        changes; this is for a cause wikid cannot see (a library installed, a file fixed
        in a way that kept its bytes). With `wikid watch` running, the daemon does it."""
        from wikid.intake.ignores import IgnoreMemory
        from wikid.state import write_json

        self._require_root()
        rels = [self._input_rel(t) for t in targets] or [""]
        try:
            with ProjectLock(self.paths.lock):
                return RetryReport(IgnoreMemory(self.paths.ignored).forget(rels))
        except ProjectLocked:
            daemon = _running_daemon(self.paths)
            if daemon is None:
                raise
            write_json(self.paths.retry_request, rels)
            os.kill(int(str(daemon["pid"])), signal.SIGHUP)
            return RetryReport([], int(str(daemon["pid"])))

    def _input_rel(self, target: str | Path) -> str:
        """`target` relative to input/ (given relative to it, with `input/`, or absolute)."""
        text = str(target)
        path = Path(text)
        if path.is_absolute():
            try:
                text = path.relative_to(self.paths.input).as_posix()
            except ValueError:
                raise OutsideInput(f"{target} is not inside {self.paths.input}; give a path in input/") from None
        elif text.startswith("input/") or text == "input":
            text = text[len("input"):]
        return text.strip("/")

    def remove(self, targets: Collection[str], dry_run: bool = False) -> RemovalReport:
        """Take concept pages (or every page under folders) out of the wiki: each moves to
        `wiki/trash/`, the surviving pages' links to it point there, indexes and `log.md`
        follow. Nothing is deleted. Raises RemoveRefused naming a path it may not remove.
        With `dry_run`, says what would happen and changes nothing."""
        self.require_project()
        from wikid.fsio import prune_empty_dirs
        from wikid.intake.pipeline import refresh_query_index, write_log
        from wikid.maintenance.remove import remove_pages
        from wikid.okf.bundle import regenerate_indexes
        from wikid.okf.index import link_target

        with ProjectLock(self.paths.lock):
            when = now()
            report = remove_pages(self.paths, [str(t) for t in targets], when, dry_run)
            if dry_run:
                return report
            regenerate_indexes(self.paths.wiki, self.paths.page_cache)
            prune_empty_dirs(self.paths.wiki, [(self.paths.wiki / page).parent for page in report.pages])
            bullets = [f"* **Removal**: Removed `{page}`; it is kept as [trash/{name}](/{link_target(f'trash/{name}')})."
                       for page, name in report.pages.items()]
            bullets += [f"* **Update**: Relinked [{page[: -len('.md')]}](/{link_target(page)}) to the removed page(s) in the trash."
                        for page in report.links]
            write_log(self.paths, when, bullets)
            refresh_query_index(self.paths)
        return report

    def migrate(self, bundle: str | Path | None = None, dry_run: bool = False) -> MigrationReport:
        """Upgrade OKF v0.1 pages to v0.2 in place (see wikid.maintenance.migrate): the
        project's wiki, or the bundle folder `bundle` (its previous pages then go to its
        own `archive/`). Each rewritten page is archived first; a run with nothing to do
        writes nothing. With `dry_run`, says what would change."""
        from wikid.intake.pipeline import refresh_query_index, write_log
        from wikid.maintenance.migrate import migrate_bundle
        from wikid.okf.bundle import regenerate_indexes
        from wikid.okf.index import link_target

        when = now()
        if bundle is not None:
            root = Path(bundle)
            if not root.is_dir():
                raise ProjectNotFound(f"{root} is not a folder; give the OKF bundle's folder")
            return migrate_bundle(root, root / "archive", when, dry_run)
        self.require_project()
        with ProjectLock(self.paths.lock):
            report = migrate_bundle(self.paths.wiki, self.paths.archive, when, dry_run)
            if report.archived:
                regenerate_indexes(self.paths.wiki, self.paths.page_cache)
                write_log(self.paths, when, [
                    f"* **Update**: Migrated [{rel[: -len('.md')]}](/{link_target(rel)}) to OKF v0.2; the previous "
                    f"version is archived as [archive/{name}](/{link_target(f'archive/{name}')})."
                    for rel, name in report.archived.items()])
                refresh_query_index(self.paths)
        return report

    def install_service(self, system: bool = False, unit_dir: str | Path | None = None,
                        dry_run: bool = False) -> ServiceReport:
        """Write the systemd unit that runs `wikid watch` on this project (see
        wikid/daemon/unit.py): a user unit, or with `system` the system template unit.
        ExecStart names this Python and `-m wikid`, so the unit runs the wikid running
        now, a virtualenv's included; the path is absolute, not resolved, since a
        virtualenv's python is a link whose target knows nothing of the virtualenv.
        `unit_dir`: instead of ~/.config/systemd/user or /etc/systemd/system. A unit
        file that exists is never overwritten: the same text is left as it is, another
        raises ServiceNotInstalled, as does a folder that cannot be written. With
        `dry_run`, writes nothing."""
        from wikid._version import __version__
        from wikid.daemon.unit import system_unit, unit_folder, user_unit
        from wikid.fsio import atomic_create

        self.require_project()
        command = [os.path.abspath(sys.executable), "-m", "wikid"]
        unit = (system_unit if system else user_unit)(command, self.root.resolve(), __version__)
        target = Path(unit_dir).absolute() / unit.name if unit_dir is not None else unit_folder(system) / unit.name
        report = ServiceReport(str(target), unit.text, False, list(unit.enable))
        if dry_run:
            return report
        data = unit.text.encode("utf-8")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_create(target, data)
        except FileExistsError:
            try:
                same = target.read_bytes() == data
            except OSError:
                same = False
            if not same:
                raise ServiceNotInstalled(
                    f"{target} exists and is not the unit this wikid writes; it is left as it is. Remove or rename "
                    f"it and run this again, or see the unit with `wikid service install --print`") from None
            return report
        except OSError as exc:
            hint = "; install the system unit as root (sudo)" if system and unit_dir is None else ""
            raise ServiceNotInstalled(f"cannot write {target}: {exc.strerror or exc}{hint}; "
                                      "`--print` shows the unit without writing it") from None
        report.written = True
        return report

    def extract(self, file: str | Path, worker: WorkerProcess | None = None) -> ExtractOutcome:
        """What wikid sees in one file (markdown and warnings, or a reason code).

        Any file can be inspected, inside the project or not; the project's limits apply.
        `worker`: one the caller started early (see extract/spawn.py), stopped here.
        """
        from wikid.config import Config
        from wikid.extract.runner import Extractor

        limits = self.config().limits if self.root.is_dir() else Config().limits
        with Extractor(limits, worker) as extractor:
            return extractor.extract(Path(file))

    def lint(self, fix: bool = False) -> LintReport:
        """Check `wiki/` against OKF v0.2 and for wiki health (see wikid.okf.lint).

        With `fix`, first repair what is mechanical and safe (stale or missing index.md,
        timestamps without a UTC offset), holding the project lock so no batch runs meanwhile.
        """
        from wikid.intake.archive import keep_bytes
        from wikid.okf.lint import LintReport
        from wikid.okf.lint import lint as run_lint

        self._require_root()
        if not self.paths.wiki.is_dir():
            return LintReport(str(self.paths.wiki))
        if not fix:
            return run_lint(self.paths.wiki)
        when = now()

        def keep_previous(rel: str, data: bytes) -> None:
            keep_bytes(data, self.paths.archive, rel, when)

        with ProjectLock(self.paths.lock):
            return run_lint(self.paths.wiki, fix=True, cache_path=self.paths.page_cache, keep_previous=keep_previous)

    def search(
        self,
        text: str,
        k: int | None = None,
        type: str | None = None,
        answer: bool = False,
        model: BaseChatModel | None = None,
    ) -> QueryResponse:
        """Rank the concept pages for `text`, with snippets (and an extractive answer).

        A running `wikid watch` answers from its warm index; otherwise the stored index
        is refreshed by content hash first. Raises EmptyWiki when there are no pages.
        With `answer` and a model (`model`, or `model:` configured and `engine` not
        `offline`), a read-only reader agent composes the answer from the top pages.
        """
        self._require_root()
        # The configuration (yaml) is read only where it is needed: by the daemon, or by
        # run_query when it answers here, for `query.k`; here only for a model's answer.
        response = run_query(self.paths, QueryRequest(text, k, type, answer), lambda: self.config().query.k)
        config = self.config() if answer and response.results else None
        if config is not None and (model is not None or (config.model and config.engine != "offline")):
            if model is None:
                from wikid.manager.agent.preflight import preflight

                preflight(str(config.model), options=config.model_options)  # before the reader imports the agent stack
            from wikid.manager.agent.reader import answer_with_model

            response = answer_with_model(self.paths, config, response, model)
        return response

    def query(self, text: str, k: int | None = None, type: str | None = None) -> list[QueryResult]:
        """The results of `search`, best first (empty: nothing in the wiki matches)."""
        return self.search(text, k, type).results

    def reindex(self) -> ReindexReport:
        """Rebuild the query index from every page, ignoring the stored one."""
        self._require_root()
        from wikid.query.store import build  # numpy: only for the commands that need it
        from wikid.query.stored import save

        started = time.perf_counter()
        index = build(self.paths.wiki)
        save(self.paths.query_index, index)
        texts = {s.path for r in index.records for s in r.sources if s.chunks is not None}
        return ReindexReport(len(index), len(index.terms), int(index.rows.size), time.perf_counter() - started,
                             len(texts))

    def status(self) -> StatusReport:
        """What is waiting in `input/`, what is ignored and why, the last run, the
        extraction executor and its workers (a Dask cluster's scheduler is asked), and
        how far the batch running now got."""
        from wikid.extract.executor import describe_executor
        from wikid.intake.classify import Bucket, ignored
        from wikid.intake.ignores import IgnoreMemory, extraction_settings
        from wikid.intake.pipeline import classify_inputs
        from wikid.okf.bundle import walk_bundle
        from wikid.state import live_record, read_json

        self.require_project()
        config = self.config()
        report = StatusReport()
        if self.paths.input.is_dir():
            memory = IgnoreMemory(self.paths.ignored, extraction_settings(config.limits))
            for item in classify_inputs(self.paths, config):
                result = item.result
                known = memory.recall(item.entry) if result.bucket == Bucket.NON_CONFORMANT else None
                if known is not None:
                    result = ignored(*known)
                entry = InputStatus(
                    item.entry.rel,
                    str(result.bucket),
                    str(result.reason) if result.reason else None,
                    result.message,
                )
                (report.ignored if result.bucket == Bucket.IGNORED else report.pending).append(entry)
        if self.paths.wiki.is_dir():
            report.concepts = len(walk_bundle(self.paths.wiki).concept_ids)
        last = read_json(self.paths.last_run)
        report.last_run = last if isinstance(last, dict) else None
        report.daemon = _running_daemon(self.paths)
        report.executor = describe_executor(config).to_dict()
        report.batch = live_record(self.paths.batch_progress)
        return report
