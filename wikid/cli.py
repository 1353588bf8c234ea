"""The `wikid` command: argument parsing and printing over `wikid.Project`, nothing else."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from wikid import __version__

# Imported where used, so that `wikid query` answered by the daemon imports only what it
# needs to ask it (see wikid.project), and `wikid extract` starts its worker first.
if TYPE_CHECKING:
    from wikid.extract.runner import ExtractOutcome
    from wikid.extract.spawn import WorkerProcess
    from wikid.intake.report import UpdateReport
    from wikid.maintenance.migrate import MigrationReport
    from wikid.maintenance.remove import RemovalReport
    from wikid.okf.lint import LintReport
    from wikid.project import RetryReport, ServiceReport, StatusReport
    from wikid.query.results import QueryResponse

EXIT_OK, EXIT_ERRORS = 0, 1  # argparse itself exits 2 on usage errors
# `update`: files left in input/ for a reason outside them (UpdateReport.not_processed),
# or a batch stopped by a failed write (BatchFailed): fix the cause and run again.
EXIT_NOT_PROCESSED = 3
EXIT_BROKEN_PIPE = 128 + 13  # what a process killed by SIGPIPE reports, as `yes | head` does


# What each command does, prints and how it ends: `wikid COMMAND --help` shows it
# (tests/test_cli.py checks every command and option has help).
_ABOUT = {
    "init": """\
Create a wikid project in the folder (-C, default: the current directory): input/,
wiki/ with index.md and log.md, .wikid/ and a commented wikid.yaml. Never overwrites a
file that exists, so it is safe to run again.

Prints each path it created, then how to go on. Exits 0; 1 when -C names a file.""",
    "update": """\
Take in everything in input/ once, then exit: conformant OKF pages are copied into
wiki/, other documents are extracted and written up as concept pages, every original
is archived under wiki/archive/, and index.md and log.md are regenerated.

Prints one line per file with its outcome, then a summary and the lint of the pages
written (--json: the whole report):
  created    a new page (the page, and where the original was archived)
  updated    a page replaced or re-derived (the previous version archived when needed)
  unchanged  the page already said it (the original is archived all the same)
  ignored    left in input/ with a reason code (unsupported, empty, encrypted,
             extraction_failed, too_large, unsafe, reserved, io_failed)
  retry      left in input/ for a reason outside the file, tried again next run
Progress is shown on a terminal only.

Exit codes:
  0  every file was processed or deliberately ignored
  1  the command could not run (not a project, a bad wikid.yaml, another wikid holds
     the project, a bad WIKID_NOW)
  2  usage error
  3  a file could not be processed for a reason outside it (a full disk or another
     failed write, permissions: io_failed; a model error: retry); it waits in input/,
     the others were processed. Fix the cause and run again.""",
    "status": """\
Show what waits in input/ (and why a file is ignored, including remembered extraction
failures), the number of concept pages, the last run, and whether a daemon runs on the
project (its PID, state and queue). Changes nothing.

Prints one section per item (--json: an object). Exits 0; 1 when the folder is not a
project.""",
    "serve": """\
Serve the project's wiki to a browser, read-only: its pages rendered and sanitized,
its search (the ranking of `wikid query`, as you type), the archived originals to
download and the project's state (the daemon, the last batch, ignored files).

Prints the address it serves on, then a line per request. Listens on 127.0.0.1:8765
unless --host/--port say otherwise (beyond this machine, put a proxy with
authentication in front). Runs until SIGTERM or Ctrl-C and exits 0; exits 1 when the
port is taken, the folder is not a project or the `serve` extra is not installed
(pip install 'wikid[serve]'). `wikid watch --serve` serves from inside the daemon.""",
    "watch": """\
Run the daemon in the foreground: take in whatever is dropped into input/ in batches
(a file once it has stopped changing, the files dropped together in one batch),
regenerate the index.md files after edits in wiki/, and answer `wikid query` from a
warm index.

Logs to stderr, one line per event: each file's outcome as `wikid update` prints it,
then the batch's summary. Runs until SIGTERM or Ctrl-C (SIGINT): it finishes the
current batch and exits 0. SIGHUP re-reads wikid.yaml. Exits 1 at once when the folder
is not a project or another wikid holds it.

Settings: the `watch:` section of the project's wikid.yaml (stability_seconds,
batch_quiet_seconds, batch_max_wait_seconds, rescan_seconds, polling), or environment
variables such as WIKID_WATCH_STABILITY_SECONDS. To run it as a systemd service:
`wikid service install`.""",
    "extract": """\
Show the text wikid extracts from a file, inside the project or not (the project's
limits apply), to see why a document was ignored. Changes nothing.

Prints the markdown on stdout, warnings on stderr; or the reason code and its detail
on stderr. --json: one object with the text, what the document says it is, warnings
and images. Exits 0 when text was extracted, 1 when not.""",
    "lint": """\
Check wiki/ (or the OKF bundle folder PATH) against OKF v0.2 and for wiki health:
frontmatter, links, sources, indexes, the log. With --fix, first repair what is
mechanical and safe.

Prints one line per finding (FILE:LINE: SEVERITY CODE message) and a summary (--json:
the findings). Exits 0 without errors, 1 with an error (warnings do not count).""",
    "query": """\
Rank the concept pages for a question (TF-IDF over the pages and the sources they
cite); a running `wikid watch` answers from its warm index.

Prints each result: rank, score, title, page id, path and a snippet; with --answer an
answer citing its pages comes first (--json: an object). Exits 0 with results, 1 when
nothing matches or the wiki is empty.""",
    "reindex": """\
Rebuild the query index (.wikid/query-index) from every page in wiki/, ignoring the
stored one (`wikid query` brings it up to date by itself; this starts it afresh).

Prints the pages, sources and terms indexed and the time taken (--json: an object).
Exits 0.""",
    "remove": """\
Take concept pages (or every page under a folder) out of the wiki without deleting
anything: each moves to wiki/trash/, the links to it in the other pages point there,
indexes and log.md follow.

Prints each page moved, folder removed and page relinked, then a count (--json: an
object). Exits 0; 1 when a path is refused (the message says why).""",
    "migrate": """\
Upgrade OKF v0.1 pages to v0.2 in place, in the project's wiki/ or the bundle folder
PATH; each page is archived before it is rewritten, and untouched pages stay
byte-identical.

Prints each page migrated with its changes, then a count (--json: an object). Exits 0;
1 when PATH is not a folder.""",
    "service": """\
Run `wikid watch` on this project as a systemd service: `wikid service install`
writes the unit. `wikid service install --help` says more.""",
    "service install": """\
Write the systemd unit that runs `wikid watch` on this project. Its ExecStart names
the wikid running now (this Python, `-m wikid`: a virtualenv's works as it is) and
the project's path.
  --user    (the default) ~/.config/systemd/user/wikid-<folder>.service
  --system  /etc/systemd/system/wikid@.service, a template unit whose instance name is
            the project's path (`systemd-escape --path`); run it as root
A unit file that is already there is never overwritten: the same unit is left as it
is, a different one is refused (exit 1).

Prints the file written and the commands that enable and start the service; with
--print, the unit and where it would go, writing nothing. Exits 0; 1 when the unit
cannot be written or the folder is not a project.""",
    "retry": """\
Forget the remembered extraction failures of files in input/, so the next run
extracts them again (after installing a library, repairing a file). With `wikid watch`
running, asks the daemon to do it (SIGHUP).

Prints the files forgotten, or the daemon asked (--json: an object). Exits 0.""",
}


def _parser() -> argparse.ArgumentParser:
    project = argparse.ArgumentParser(add_help=False)  # -C before or after the command
    project.add_argument("-C", "--project", metavar="DIR", default=argparse.SUPPRESS,
                         help="the project folder (default: current directory)")
    parser = argparse.ArgumentParser(
        prog="wikid",
        description="Turn a project folder into a self-maintaining OKF wiki.",
        epilog="`wikid COMMAND --help` says what a command does, prints and how it ends. Exit codes: 0 done, "
               "1 the command could not run, 2 usage error, 3 `update`: a file waits in input/ for a reason "
               "outside it (a full disk, permissions, a model error).",
        parents=[project],
    )
    parser.add_argument("--version", action="version", version=f"wikid {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                     help="one of these (`wikid COMMAND --help` for more):")

    def add(name: str, summary: str, group: argparse._SubParsersAction[argparse.ArgumentParser] | None = None,
            about: str | None = None, parents: list[argparse.ArgumentParser] | None = None) -> argparse.ArgumentParser:
        return (group or commands).add_parser(name, parents=[project, *(parents or [])], help=summary,
                                              description=_ABOUT[about or name],
                                              formatter_class=argparse.RawDescriptionHelpFormatter)

    add("init", "create input/, wiki/, .wikid/ and a commented wikid.yaml")
    update = add("update", "ingest everything in input/ once, then exit")
    update.add_argument("--json", action="store_true", help="print the report as JSON")
    status = add("status", "pending and ignored inputs, concept count, last run")
    status.add_argument("--json", action="store_true", help="print the status as JSON")
    address = argparse.ArgumentParser(add_help=False)
    address.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, this machine only)")
    address.add_argument("--port", type=_port, default=8765, help="the port to listen on (default: 8765; 0: any free port)")
    watch = add("watch", "run the daemon: ingest whatever is dropped into input/ until stopped", parents=[address])
    watch.add_argument("--serve", action="store_true", help="also serve the wiki to a browser, as `wikid serve` does")
    add("serve", "serve the wiki, its search and the daemon's state to a browser (read-only), until stopped",
        parents=[address])
    extract = add("extract", "show the text wikid extracts from a file, or why it cannot")
    extract.add_argument("file", help="any file, inside or outside the project")
    extract.add_argument("--json", action="store_true", help="print the outcome as JSON")
    lint = add("lint", "check wiki/ (or any OKF bundle) for conformance and health")
    lint.add_argument("path", nargs="?", help="an OKF bundle directory to lint instead of the project's wiki/")
    lint.add_argument("--json", action="store_true", help="print the findings as JSON")
    lint.add_argument(
        "--fix", action="store_true", help="regenerate stale index.md files and add a UTC offset to naive timestamps"
    )
    query = add("query", "find the concept pages that answer a question")
    query.add_argument("text", metavar="QUESTION", type=_question, help="what to look for, in any language")
    query.add_argument("-k", type=_positive, metavar="N", help="at most N results (default: query.k in wikid.yaml, 10)")
    query.add_argument("--type", metavar="T", help="only pages whose `type` is T (case-insensitive)")
    query.add_argument("--answer", action="store_true", help="also answer from the top pages, citing each sentence")
    query.add_argument("--json", action="store_true", help="print the results as JSON")
    reindex = add("reindex", "rebuild the query index from every page in wiki/")
    reindex.add_argument("--json", action="store_true", help="print the figures as JSON")
    remove = add("remove", "move concept pages (or folders of them) to wiki/trash/ and relink the pages citing them")
    remove.add_argument("paths", nargs="+", metavar="PATH", help="pages or folders in wiki/ (vendor/acme.md, wiki/vendor/)")
    remove.add_argument("--dry-run", action="store_true", help="list the pages, folders and links; change nothing")
    remove.add_argument("--json", action="store_true", help="print the outcome as JSON")
    migrate = add("migrate", "upgrade OKF v0.1 pages to v0.2 in place (each previous version archived)")
    migrate.add_argument("bundle", nargs="?", metavar="PATH", help="an OKF bundle folder instead of the project's wiki/")
    migrate.add_argument("--dry-run", action="store_true", help="list what would change; change nothing")
    migrate.add_argument("--json", action="store_true", help="print the outcome as JSON")
    service = add("service", "install the systemd unit that runs `wikid watch` on this project")
    actions = service.add_subparsers(dest="action", metavar="ACTION", required=True, help="what to do:")
    install = add("install", "write the unit, then say how to enable it", actions, "service install")
    scope = install.add_mutually_exclusive_group()
    scope.add_argument("--user", dest="system", action="store_const", const=False,
                       help="a user unit in ~/.config/systemd/user (the default)")
    scope.add_argument("--system", dest="system", action="store_const", const=True,
                       help="the system template unit in /etc/systemd/system, enabled for this project (as root)")
    install.set_defaults(system=False)
    install.add_argument("--print", dest="dry_run", action="store_true",
                         help="print the unit and where it would go; write nothing")
    install.add_argument("--unit-dir", metavar="DIR", help="write the unit into DIR instead (a package, a test)")
    retry = add("retry", "forget remembered extraction failures so the next run tries those files again")
    retry.add_argument("paths", nargs="*", metavar="PATH", help="files or folders in input/ (default: all)")
    retry.add_argument("--json", action="store_true", help="print what was forgotten as JSON")
    return parser


def _question(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("the question is empty")
    return text


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 to 65535, not {text!r}")
    return int(text)


def _show_path(text: str) -> str:
    return text.replace("\n", "\\n")


def _print_update(report: UpdateReport) -> None:
    if report.recovery:
        print(f"recovery: {report.recovery}")
    for f in report.files:
        print(f.line())
    for old, new in sorted(report.pages_moved.items()):
        print(f"{'merged':<9} wiki/{old}.md -> wiki/{new}.md: later documents showed one entity; its sources are cited there")
    for warning in report.warnings:
        print(f"warning: {warning}")
    print(f"Summary: {report.summary()}.")
    if report.model_cost():
        print(report.model_cost())
    if report.lint:
        print(report.lint)
    waiting = len(report.not_processed())
    if waiting:
        print(f"{waiting} file(s) not processed for a reason outside them (above); they stay in input/: "
              f"fix the cause and run `wikid update` again (exit {EXIT_NOT_PROCESSED}).")


def _print_status(status: StatusReport) -> None:
    print(f"Concepts in wiki/: {status.concepts}")
    print(f"Waiting in input/: {len(status.pending)}")
    for p in status.pending:
        print(f"  input/{_show_path(p.input)} ({p.bucket}): {p.message}")
    print(f"Ignored in input/: {len(status.ignored)}")
    for i in status.ignored:
        print(f"  input/{_show_path(i.input)} [{i.reason}]: {i.message}")
    if status.executor:
        print(f"Executor: {_executor_line(status.executor)}")
    batch = status.batch
    if batch:
        extraction = batch.get("extraction")
        done = f": {_extraction_line(extraction)}" if isinstance(extraction, dict) else ""
        print(f"Batch: running (PID {batch.get('pid')}) since {batch.get('started_at')}, {batch.get('stage')}{done}")
    daemon = status.daemon
    if daemon:
        print(f"Daemon: running (PID {daemon.get('pid')}), {daemon.get('state')}; "
              f"{daemon.get('queued', 0)} file(s) queued")
    else:
        print("Daemon: not running")
    last = status.last_run
    if last and last.get("failed"):
        print(f"Last run: {last.get('finished_at')} FAILED: {last.get('failed')}")
    elif last:
        recorded = last.get("counts")
        counts = ", ".join(f"{n} {a}" for a, n in recorded.items() if n) if isinstance(recorded, dict) else ""
        print(f"Last run: {last.get('finished_at')} ({counts or 'nothing done'})")
    else:
        print("Last run: never")


def _executor_line(executor: dict[str, object]) -> str:
    """`local pool, 2 workers`, `dask tcp://host:8786, 3 workers (6 threads)`, or why the
    cluster cannot be used."""
    if executor.get("executor") != "dask":
        return f"local pool, {executor.get('workers')} worker(s) (limits.extract_workers)"
    where = f"dask {executor.get('scheduler')}"
    if executor.get("problem"):
        return f"{where}: {executor['problem']}"
    return f"{where}, {executor.get('workers')} worker(s) ({executor.get('threads')} thread(s))"


def _extraction_line(extraction: dict[str, object]) -> str:
    """`120/5,000 files extracted, 4 in flight (1 sent again)`."""
    resent = extraction.get("resent")
    again = f" ({resent} sent again after a worker or the scheduler lost them)" if resent else ""
    return (f"{extraction.get('done', 0):,}/{extraction.get('total', 0):,} files extracted, "
            f"{extraction.get('in_flight', 0)} in flight{again}")


def _print_extract(file: str, outcome: ExtractOutcome) -> None:
    if outcome.ok:
        print(outcome.text, end="" if (outcome.text or "").endswith("\n") else "\n")
        for warning in outcome.warnings:
            print(f"wikid: warning: {file}: {warning}", file=sys.stderr)
        if outcome.images:
            from wikid.images import describe_counts

            print(f"wikid: {file}: {describe_counts(outcome.images)}", file=sys.stderr)
    else:
        print(f"wikid: {file}: {outcome.reason}: {outcome.detail}", file=sys.stderr)


def _print_lint(report: LintReport) -> None:
    for fix in report.fixes:
        where = f"{fix.file}:{fix.line}" if fix.line else fix.file
        print(f"{_show_path(where)}: fixed {fix.code} {fix.message}")
    for f in report.findings:
        where = f"{f.file}:{f.line}" if f.line else f.file
        print(f"{_show_path(where)}: {f.severity} {f.code} {f.message}")
    print(report.summary())


def _print_query(response: QueryResponse) -> None:
    if response.answer is not None:
        print(response.answer.text)
        print()
    if not response.results:
        print(f"Nothing in the wiki matches {response.query!r} ({response.concepts} concept pages searched).")
    for r in response.results:
        flag = "  [open conflict]" if r.conflict else ""
        print(f"{r.rank:>2}. {r.score:.3f}  {r.title}  ({_show_path(r.id)}){flag}")
        print(f"    {_show_path(r.path)}")
        if r.snippet:
            print(f"    {r.snippet}")


def _emit(as_json: bool, data: Callable[[], dict[str, object]], human: Callable[[], None]) -> None:
    """Print `data()` as JSON for programs, or call `human` to print it for people. The
    data is built only for JSON: `wikid extract --json` reads what the document is, which
    imports the engines' document reader; plain `wikid extract` need not."""
    if as_json:
        print(json.dumps(data(), indent=2, ensure_ascii=False))
    else:
        human()


class _TerminalProgress:
    """A one-line counter on stderr, shown only on a terminal (quiet under systemd)."""

    def __init__(self) -> None:
        self.enabled = sys.stderr.isatty()

    def __call__(self, done: int, total: int, current: str) -> None:
        if self.enabled:
            end = "\n" if done >= total else ""
            sys.stderr.write(f"\r\x1b[K[{done}/{total}] {_show_path(current)[-60:]}{end}")
            sys.stderr.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """The `wikid` command; a reader that goes away (`wikid … | head`) ends it quietly."""
    try:
        code = _run(_parser().parse_args(argv))
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return EXIT_BROKEN_PIPE
    return code


def _print_retry(report: RetryReport) -> None:
    if report.daemon_pid is not None:
        print(f"asked the running daemon (PID {report.daemon_pid}) to forget them; it retries them now")
    elif report.forgotten:
        for rel in report.forgotten:
            print(f"forgot input/{_show_path(rel)}")
        print(f"{len(report.forgotten)} remembered failure(s) forgotten; the next run tries them again.")
    else:
        print("no remembered failure there: nothing to retry.")


def _print_migrate(report: MigrationReport) -> None:
    for page, changes in report.pages.items():
        kept = f"; previous version archived as {report.archived[page]}" if page in report.archived else ""
        print(f"{'would migrate' if report.dry_run else 'migrated'} {_show_path(page)}: {', '.join(changes)}{kept}")
    for page, why in report.kept.items():
        print(f"not migrated: {_show_path(page)} {why}")
    print(f"{len(report.pages)} page(s) {'to migrate' if report.dry_run else 'migrated'} to OKF v0.2"
          f"{'' if report.pages else ': nothing to do'}.")


def _print_remove(report: RemovalReport) -> None:
    verb = "would move" if report.dry_run else "moved"
    for page, name in report.pages.items():
        print(f"{verb} wiki/{_show_path(page)} -> wiki/trash/{_show_path(name)}")
    for folder in report.folders:
        print(f"{'would remove' if report.dry_run else 'removed'} the folder wiki/{_show_path(folder)}/ (nothing else in it)")
    for page, count in report.links.items():
        print(f"{'would relink' if report.dry_run else 'relinked'} {count} link(s) in wiki/{_show_path(page)}")
    for page, why in report.kept.items():
        print(f"not relinked: wiki/{_show_path(page)} {why}")
    print(f"{len(report.pages)} page(s) {'would be ' if report.dry_run else ''}moved to wiki/trash/.")


def _print_service(report: ServiceReport, dry_run: bool) -> None:
    if dry_run:
        print(report.text, end="")
        print(f"\n# not written (--print); `wikid service install` writes it to {report.path}, then:")
        for command in report.enable:
            print(f"#   {command}")
        return
    print(f"wrote {report.path}" if report.written else f"{report.path} is this unit already: left as it is")
    print("enable and start it with:")
    for command in report.enable:
        print(f"  {command}")


def _early_worker(args: argparse.Namespace) -> WorkerProcess | None:
    """`wikid extract`'s worker, started before the rest of wikid is imported: the worker
    starts and imports the file's format library meanwhile, on another core (issue 17:
    the two used to come one after the other). None for other commands and for a file
    no worker would read."""
    if args.command != "extract":
        return None
    from wikid.extract.registry import extractor_for
    from wikid.extract.spawn import WorkerProcess

    module = extractor_for(Path(args.file).name)[1]
    return WorkerProcess(preload=module) if module else None


def _refusals() -> tuple[type[Exception], ...]:
    """The errors a command reports in one line and exits 1 on. Imported when an error is
    being handled (an except clause evaluates its tuple only then), not on every start."""
    from wikid.clock import ClockError
    from wikid.config import ConfigError
    from wikid.extract.spawn import WorkerStartError
    from wikid.lock import ProjectLocked
    from wikid.maintenance import RemoveRefused
    from wikid.okf import BundleNotFound
    from wikid.project import BatchFailed, OutsideInput, ProjectNotFound, ServiceNotInstalled
    from wikid.serve import ServeError

    return (ConfigError, ClockError, ProjectLocked, ProjectNotFound, BundleNotFound, OutsideInput, BatchFailed,
            RemoveRefused, WorkerStartError, ServiceNotInstalled, ServeError)


def _run(args: argparse.Namespace) -> int:
    try:
        worker = _early_worker(args)
    except _refusals() as exc:
        print(f"wikid: error: {exc}", file=sys.stderr)
        return EXIT_ERRORS
    from wikid.project import Project

    project = Project(getattr(args, "project", "."))
    try:
        if args.command == "init":
            for path in project.init():
                print(f"created {path}")
            print(f"wikid project ready in {project.root}: drop files into input/ and run `wikid update`.")
            return EXIT_OK
        if args.command == "update":
            from wikid.project import BatchFailed

            try:
                report = project.update(progress=_TerminalProgress())
            except BatchFailed as exc:
                print(f"wikid: error: {exc}", file=sys.stderr)
                return EXIT_NOT_PROCESSED
            _emit(args.json, report.to_dict, lambda: _print_update(report))
            return EXIT_NOT_PROCESSED if report.not_processed() else EXIT_OK
        if args.command == "status":
            status = project.status()
            _emit(args.json, status.to_dict, lambda: _print_status(status))
            return EXIT_OK
        if args.command in ("watch", "serve"):
            import logging

            logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s", stream=sys.stderr)
            if args.command == "serve":
                from wikid.serve.server import serve_forever

                return serve_forever(project, args.host, args.port)
            from wikid.daemon.service import Daemon

            return Daemon(project, serve=(args.host, args.port) if args.serve else None).run()
        if args.command == "extract":
            try:
                outcome = project.extract(args.file, worker)
            finally:
                if worker is not None:  # when the project's configuration was refused before it took the worker
                    worker.stop()
            _emit(args.json, lambda: {"file": args.file, **outcome.to_dict()}, lambda: _print_extract(args.file, outcome))
            return EXIT_OK if outcome.ok else EXIT_ERRORS
        if args.command == "lint":
            if args.path is not None:
                from wikid.okf.lint import lint as lint_directory

                linted = lint_directory(Path(args.path), fix=args.fix)
            else:
                linted = project.lint(fix=args.fix)
            _emit(args.json, linted.to_dict, lambda: _print_lint(linted))
            return EXIT_OK if linted.ok else EXIT_ERRORS
        if args.command == "query":
            from wikid.query.results import EmptyWiki, QueryResponse

            try:
                response = project.search(args.text, args.k, args.type, args.answer)
            except EmptyWiki as exc:
                if args.json:
                    print(json.dumps(QueryResponse(args.text, 0, []).to_dict(), indent=2, ensure_ascii=False))
                print(f"wikid: {exc}", file=sys.stderr)
                return EXIT_ERRORS
            _emit(args.json, response.to_dict, lambda: _print_query(response))
            return EXIT_OK if response.results else EXIT_ERRORS
        if args.command == "reindex":
            stats = project.reindex()
            _emit(args.json, lambda: stats.__dict__, lambda: print(
                f"indexed {stats.concepts} concept page(s), {stats.sources} source text(s), {stats.terms} terms,"
                f" in {stats.seconds:.2f} s"))
            return EXIT_OK
        if args.command == "remove":
            removed = project.remove(args.paths, dry_run=args.dry_run)
            _emit(args.json, removed.to_dict, lambda: _print_remove(removed))
            return EXIT_OK
        if args.command == "migrate":
            migrated = project.migrate(args.bundle, dry_run=args.dry_run)
            _emit(args.json, migrated.to_dict, lambda: _print_migrate(migrated))
            return EXIT_OK
        if args.command == "service":
            service = project.install_service(args.system, args.unit_dir, args.dry_run)
            _print_service(service, args.dry_run)
            return EXIT_OK
        if args.command == "retry":
            retried = project.retry(args.paths)
            _emit(args.json, retried.to_dict, lambda: _print_retry(retried))
            return EXIT_OK
    except _refusals() as exc:
        print(f"wikid: error: {exc}", file=sys.stderr)
        return EXIT_ERRORS
    raise AssertionError(f"unhandled command {args.command}")
