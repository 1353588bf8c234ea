"""One batch, in the order design §2 prescribes: scan → classify → conformant intake →
extract → manager → verify → archive → regenerate indexes → log.

Only the intake modules called from here change the project on disk during a batch,
so the invariants live in one place: a page is durable before its original is
archived (I2); originals get a second name in the archive before the input name is
removed (I1); nothing is overwritten that was not archived first (I3); writes stay
inside input/, wiki/ and .wikid/ (I4).
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from wikid.clock import iso, now
from wikid.config import Config
from wikid.extract.executor import extract_batch
from wikid.extract.runner import ExtractOutcome
from wikid.extract.spawn import WorkerStartError
from wikid.fsio import NotRegularFile, atomic_replace, prune_empty_dirs, read_regular, write_problem
from wikid.images import describe_counts
from wikid.intake import owned
from wikid.intake.classify import Bucket, Reason, classify_markdown, classify_path, ignored
from wikid.intake.conformant import Classified, Written, ingest_conformant
from wikid.intake.ignores import IgnoreMemory, extraction_settings
from wikid.intake.journal import recover
from wikid.intake.managed import manage_documents
from wikid.intake.progress import BatchProgress
from wikid.intake.report import Action, FileResult, Progress, UpdateReport
from wikid.intake.scan import InputEntry, scan_input
from wikid.manager import SourceDocument
from wikid.manager.select import agent_selected
from wikid.okf.bundle import cached_titles, regenerate_indexes
from wikid.okf.index import link_target
from wikid.okf.lint import lint_bundle
from wikid.okf.log import add_entries
from wikid.paths import ProjectPaths


def classify_entry(entry: InputEntry, max_bytes: int) -> Classified:
    """Classify one scanned entry, reading the file only when the bytes decide."""
    if entry.io_error:
        return Classified(entry, ignored(Reason.IO_FAILED, entry.io_error))
    if entry.unsafe:
        return Classified(entry, ignored(Reason.UNSAFE, entry.unsafe))
    by_path = classify_path(entry.rel, entry.size, max_bytes)
    if by_path is not None:
        return Classified(entry, by_path)
    try:
        data, st = read_regular(entry.path, max_bytes)
    except NotRegularFile:
        return Classified(entry, ignored(Reason.UNSAFE, "replaced by a link or special file while being read"))
    except OSError as exc:
        return Classified(entry, ignored(Reason.IO_FAILED, f"cannot be read: {exc.strerror or exc}"))
    if len(data) > max_bytes and (grown := classify_path(entry.rel, len(data), max_bytes)) is not None:
        return Classified(entry, grown)  # it grew past the limit while it was read
    return Classified(entry, classify_markdown(entry.rel, data), data, st)


def classify_inputs(paths: ProjectPaths, config: Config, only: Collection[str] | None = None) -> list[Classified]:
    """Every entry under input/ (or those of `only`), classified, in sorted order."""
    entries = scan_input(paths.input, config.ignore)
    return [classify_entry(e, config.max_file_bytes) for e in entries if only is None or e.rel in only]


def _page_link(page: str) -> str:
    concept = page[: -len(".md")]
    return f"[{concept}](/{link_target(page)})"


def _log_bullet(result: FileResult, newly_ignored: bool) -> str | None:
    if result.action == Action.CREATED:
        return f"* **Creation**: Added {_page_link(result.page or '')}."
    if result.action == Action.UPDATED and not result.previous_archived_as:
        return f"* **Update**: Updated {_page_link(result.page or '')}."
    if result.action == Action.UPDATED:
        old = result.previous_archived_as or ""
        return (
            f"* **Update**: Replaced {_page_link(result.page or '')}; the previous version "
            f"is archived as [{old}](/{link_target(old)})."
        )
    if result.action == Action.UNCHANGED:
        return f"* **Update**: Archived `input/{result.input}`; {_page_link(result.page or '')} already held its content."
    if result.action == Action.IGNORED and newly_ignored:
        return f"* **Ignored**: `input/{result.input}` ({result.reason}): {result.message}."
    if result.action == Action.RETRY:
        return f"* **Warning**: `input/{result.input}`: {result.message}."
    return None


def _images_bullet(result: FileResult) -> str | None:
    """What became of the images of a document the batch took in, for log.md."""
    if not result.images or result.action not in (Action.CREATED, Action.UPDATED, Action.UNCHANGED):
        return None
    return f"* **Images**: `input/{result.input}`: {describe_counts(result.images)}."


def _extract_documents(
    paths: ProjectPaths,
    config: Config,
    items: list[Classified],
    memory: IgnoreMemory,
    progress: Progress | None,
    keep_images: bool = False,
    recorded: BatchProgress | None = None,
) -> tuple[list[SourceDocument], list[tuple[InputEntry, Reason, str]]]:
    """Extract every non-conformant input in isolated workers, here or on a Dask
    cluster (`extract.executor`); stage the texts.

    Failures become ignores with their reason code; a file whose failure is
    remembered unchanged is not extracted again. Everything after the extraction goes
    in the order of `items`, whichever worker finished first. `keep_images`: keep the
    documents' pictures for an agent's model. `recorded`: where `wikid status` sees
    how far the extraction got.
    """
    documents: list[SourceDocument] = []
    failed: list[tuple[InputEntry, Reason, str]] = []
    remembered = {item.entry.rel: known for item in items if (known := memory.recall(item.entry)) is not None}
    todo = [item for item in items if item.entry.rel not in remembered]
    outcomes: dict[str, ExtractOutcome] = {}
    extracted = extract_batch(config, paths.input, [item.entry.path for item in todo], keep_images,
                              recorded.extracting if recorded else lambda state: None)
    for done, (index, outcome) in enumerate(extracted, 1):
        outcomes[todo[index].entry.rel] = outcome
        if progress:
            progress(done, len(todo), f"extracted {todo[index].entry.rel}")
    for item in items:
        if item.entry.rel in remembered:
            failed.append((item.entry, *remembered[item.entry.rel]))
            continue
        outcome = outcomes[item.entry.rel]
        if outcome.reason is not None or outcome.text is None:
            failed.append((item.entry, outcome.reason or Reason.EXTRACTION_FAILED, outcome.detail))
            continue
        try:
            atomic_replace(paths.extract_staging / f"{item.entry.rel}.txt", outcome.text.encode("utf-8"))
        except OSError as exc:
            failed.append((item.entry, Reason.IO_FAILED, f"its extracted text could not be staged: {write_problem(exc)}"))
            continue
        documents.append(SourceDocument(item.entry.rel, outcome.text, outcome.warnings, outcome.info,
                                        outcome.images, outcome.figures))
    return documents, failed


def run_batch(
    paths: ProjectPaths,
    config: Config,
    when: datetime,
    progress: Progress | None = None,
    only: Collection[str] | None = None,
    model: Any | None = None,
) -> UpdateReport:
    """Run one batch over input/ (or the inputs named in `only`) and report each file.

    Ignores are remembered per batch: with `only`, records of other files are kept.
    """
    report = UpdateReport(started_at=iso(when), recovery=recover(paths))
    items = classify_inputs(paths, config, only)
    conformant = [i for i in items if i.result.bucket == Bucket.CONFORMANT]
    prepared = _query_pages(paths) if conformant else None
    ingested = ingest_conformant(paths, conformant, when, progress, prepared.add_written if prepared else None)
    results = ingested.files

    memory = IgnoreMemory(paths.ignored, extraction_settings(config.limits))
    ignored_now = [(i.entry, i.result.reason or Reason.UNSUPPORTED, i.result.message)
                   for i in items if i.result.bucket == Bucket.IGNORED]
    non_conformant = [i for i in items if i.result.bucket == Bucket.NON_CONFORMANT]
    recorded = BatchProgress(paths.batch_progress)  # for `wikid status` while documents are extracted and written
    try:
        try:
            keep_images = agent_selected(config, model) and config.agent.images is not False
            documents, failed = _extract_documents(paths, config, non_conformant, memory, progress, keep_images,
                                                   recorded)
        except WorkerStartError as exc:  # nothing is wrong with the files: they wait in input/
            documents, failed = [], []
            results += [FileResult(i.entry.rel, Bucket.NON_CONFORMANT, Action.RETRY, message=str(exc))
                        for i in non_conformant]
        ignored_now += failed
        entries = {i.entry.rel: i.entry for i in non_conformant}
        # Conformant pages copied now may gain back-links from pages the offline engine
        # wrote; with no such page (a wiki of people's pages only) there is nothing to relink.
        fresh = [f.page[: -len(".md")] for f in results if f.page and f.action in (Action.CREATED, Action.UPDATED)]
        fresh = fresh if owned.load(paths) else []
        if documents:
            recorded.stage("writing pages", force=True)
        managed = manage_documents(paths, config, documents, entries, when, model, fresh)
    finally:
        recorded.end()
    images = {d.input_rel: dict(d.images) for d in documents if d.images}
    results += [replace(f, images=images[f.input]) if f.input in images else f for f in managed.files]
    report.warnings += managed.warnings
    report.engine_stats.update(managed.stats)
    report.pages_refreshed += managed.refreshed + managed.created
    report.pages_moved.update(managed.moved)
    shutil.rmtree(paths.extract_staging, ignore_errors=True)
    for entry, reason, message in ignored_now:
        results.append(FileResult(entry.rel, Bucket.IGNORED, Action.IGNORED, reason=reason, message=message))
    newly_ignored: Collection[str]
    try:
        newly_ignored = memory.save(ignored_now, keep=None if only is None else lambda rel: rel not in only)
    except OSError as exc:
        report.warnings.append(f"the ignored files are not remembered: {write_problem(exc)}")
        newly_ignored = {entry.rel for entry, _, _ in ignored_now}

    report.files = sorted(results, key=lambda r: r.input)
    bullets = list(dict.fromkeys(b for r in report.files if (b := _log_bullet(r, r.input in newly_ignored))))
    bullets += [b for r in report.files if (b := _images_bullet(r))]
    bullets += [f"* **Update**: Updated {_page_link(f'{page}.md')}." for page in managed.refreshed]
    bullets += [f"* **Creation**: Added {_page_link(f'{page}.md')}." for page in managed.created]
    bullets += [f"* **Update**: Merged `{old}` into {_page_link(f'{new}.md')}; its sources are cited there."
                for old, new in sorted(report.pages_moved.items())]
    if report.recovery:
        bullets.insert(0, f"* **Warning**: wikid {report.recovery}.")
    try:
        report.indexes_changed = regenerate_indexes(paths.wiki, paths.page_cache, ingested.pages)
    except OSError as exc:
        report.warnings.append(f"index.md files not regenerated ({write_problem(exc)}); "
                               "the next run or `wikid lint --fix` regenerates them")
    prune_empty_dirs(paths.wiki, [(paths.wiki / f"{page}.md").parent for page in report.pages_moved])
    if bullets:
        try:
            report.log_entries = write_log(paths, when, bullets)
        except OSError as exc:
            report.warnings.append(f"log.md misses this batch's {len(bullets)} entries: {write_problem(exc)}")
    written = {f.page for f in report.files if f.page and f.action in (Action.CREATED, Action.UPDATED)}
    written |= {f"{page}.md" for page in report.pages_refreshed}
    written -= {f"{page}.md" for page in report.pages_moved}
    if written:
        try:
            summary = lint_bundle(paths.wiki, written, cached_titles(paths.page_cache), ingested.pages).summary()
            report.lint = f"{summary} ({len(written)} page(s) written by this batch checked)"
        except Exception as exc:  # noqa: BLE001 - a lint bug must not fail a batch whose work is done
            report.lint = f"lint failed: {type(exc).__name__}: {exc}"
    if report.changed_wiki:
        refresh_query_index(paths, batch_pages(report), prepared and prepared.pages)
    report.finished_at = iso(now())
    return report


def write_log(paths: ProjectPaths, when: datetime, bullets: list[str]) -> int:
    """Add `bullets` to `log.md` under `when`'s day; return how many."""
    log_path = paths.wiki / "log.md"
    try:
        current = log_path.read_bytes().decode("utf-8", "surrogateescape")
    except FileNotFoundError:
        current = None
    text = add_entries(current, when.strftime("%Y-%m-%d"), bullets)
    atomic_replace(log_path, text.encode("utf-8", "surrogateescape"))
    return len(bullets)


def batch_pages(report: UpdateReport) -> set[str]:
    """The concept pages a batch wrote, moved or removed, as its report names them: what
    the query index re-checks after it. A page the report does not name (a second page
    citing one document) is found by the next query's check, as a hand edit would be."""
    pages = {f.page[: -len(".md")] for f in report.files if f.page and f.action in (Action.CREATED, Action.UPDATED)}
    return pages | set(report.pages_refreshed) | set(report.pages_moved) | set(report.pages_moved.values())


class _QueryPages:
    """The conformant pages of a batch weighed for the query index while the batch
    writes them (query.store.PreparedPages); a page that cannot be weighed here is
    weighed by the refresh, as any other."""

    def __init__(self, pages: Any) -> None:
        self.pages = pages

    def add_written(self, written: Sequence[Written]) -> None:
        for one in written:
            page, frontmatter = one.item.result.page, one.item.result.frontmatter
            if one.result.action == Action.RETRY or not page or frontmatter is None:
                continue
            try:
                self.pages.add(page[: -len(".md")], one.item.data, frontmatter, one.signature)
            except Exception as exc:  # noqa: BLE001 - a cache: the refresh weighs the page itself
                logging.getLogger("wikid").debug("query index: %s not weighed early: %s", page, exc)


def _query_pages(paths: ProjectPaths) -> _QueryPages | None:
    """A holder of the pages the batch weighs early, None when the query index cannot
    be imported (numpy missing: the refresh then logs why)."""
    try:
        from wikid.query.store import PreparedPages
    except ImportError:
        return None
    return _QueryPages(PreparedPages(paths.wiki))


def refresh_query_index(paths: ProjectPaths, pages: Collection[str] | None = None, prepared: Any | None = None) -> None:
    """Step 9: bring `wikid query`'s index up to date with the pages this batch wrote
    (`pages`, concept ids: only those are re-checked; None: walk the whole wiki;
    `prepared`: a query.store.PreparedPages of pages weighed while they were written).

    The index is a cache that every query re-validates, so a failure here is logged and
    never fails a batch whose work is done. Imported here so numpy loads only when a
    batch changed the wiki, not for every `wikid` command.
    """
    try:
        from wikid.query.store import fresh_index

        fresh_index(paths.query_index, paths.wiki, pages=pages, prepared=prepared, folders_path=paths.query_folders)
    except Exception as exc:  # noqa: BLE001 - a cache: logged, never fails the batch (see above)
        logging.getLogger("wikid").warning("query index not refreshed: %s: %s", type(exc).__name__, exc)
