"""The manager step (design §2.5–2.7): engine → verify → claim → write → release.

The engine only drafts pages. Everything that protects the user's data happens here,
in code: every drafted page must parse and have a `type` under a legal concept id;
every input must be cited by a page (through its `/archive/<input-rel>` placeholder)
or it stays in input/ as a leftover. Cited originals (and their extracted texts) are
first given their archive names while they stay in input/, so the pages can be
written once with the real names: the placeholder becomes the archived original,
and each source entry gets `text:` for the archived extracted text. Input names are
removed only after the pages are durable (I2); the journal lets a restart finish or
undo a batch interrupted anywhere in between (I5).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any

from wikid.clock import iso
from wikid.config import Config
from wikid.fsio import NotRegularFile, atomic_replace, fsync_dir, read_regular, write_problem
from wikid.intake import owned
from wikid.intake.archive import (
    ChangedDuringIngest,
    archive_bytes,
    claim_original,
    fingerprint,
    first_free,
    keeper,
    release_original,
)
from wikid.intake.classify import Bucket, Reason
from wikid.intake.journal import Journal, JournalDoc, JournalPage, finish, recover, remove_superseded
from wikid.intake.naming import extracted_text_rel
from wikid.intake.pagewrite import PageBlocked, PagePut, swap_page
from wikid.intake.report import Action, FileResult
from wikid.intake.scan import InputEntry
from wikid.manager import ExistingConcept, ManagerResult, SourceDocument
from wikid.manager.select import select_manager
from wikid.okf.bundle import walk_bundle
from wikid.okf.concept_id import concept_id_problem
from wikid.okf.frontmatter import conformance_error, parse_frontmatter
from wikid.okf.page import render_page, split_page
from wikid.paths import ProjectPaths


class DiskWiki:
    """The `WikiView` engines get: the wiki on disk, read-only."""

    def __init__(self, paths: ProjectPaths, fresh: list[str] | None = None) -> None:
        self.paths = paths
        self.fresh = sorted(fresh or [])
        self._digests: dict[str, str] | None = None
        self._owned: set[str] | None = None

    def fresh_pages(self) -> list[str]:
        return self.fresh

    def concepts(self) -> list[ExistingConcept]:
        out = []
        self._digests = {}
        for concept_id in walk_bundle(self.paths.wiki).concept_ids:
            try:
                data, _ = read_regular(self.paths.wiki / f"{concept_id}.md")
                frontmatter, body = split_page(data.decode("utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            self._digests[concept_id] = owned.digest(data)
            out.append(ExistingConcept(concept_id, frontmatter, body))
        return out

    def owned_pages(self) -> set[str]:
        """Read once: the engine asks for every page it drafts, and reading the record
        of every page each time made a batch cost its pages times the wiki's."""
        if self._owned is None:
            if self._digests is None:
                self.concepts()
            assert self._digests is not None
            ownership = owned.load(self.paths)
            self._owned = {page for page, digest in self._digests.items() if digest in ownership.get(page, ())}
        return self._owned

    def archived_text(self, resource: str) -> str | None:
        rel = PurePosixPath(resource.lstrip("/"))
        if rel.parts[:1] != ("archive",) or ".." in rel.parts:
            return None
        try:
            data, _ = read_regular(self.paths.wiki / rel)
        except (OSError, NotRegularFile):
            return None
        return data.decode("utf-8", "replace")


def _placeholder(rel: str) -> str:
    return f"/archive/{rel}"


@dataclass
class _Page:
    id: str
    frontmatter: dict[str, Any]
    body: str
    text: str
    put: PagePut | None = None


def _verify(drafts: dict[str, str], documents: list[SourceDocument]) -> tuple[list[_Page], dict[str, str]]:
    """Pages that may be written, and a problem note for each draft that may not."""
    problems: dict[str, str] = {}
    pages: list[_Page] = []
    for concept_id, text in sorted(drafts.items()):
        problem = concept_id_problem(concept_id) or conformance_error(parse_frontmatter(text))
        if problem:
            problems[concept_id] = f"the engine drafted an unusable page `{concept_id}`: {problem}"
            continue
        frontmatter, body = split_page(text)
        pages.append(_Page(concept_id, frontmatter, body, text))
    return pages, problems


def _cited(page: _Page) -> set[str]:
    sources = page.frontmatter.get("sources")
    if not isinstance(sources, list):
        return set()
    return {s["resource"] for s in sources if isinstance(s, dict) and isinstance(s.get("resource"), str)}


class _Placeholders:
    """The batch's archived inputs by placeholder, to find the ones a page names in time
    proportional to the page: looking for every input's placeholder in every page made
    the batch's pages x its inputs (10,000 documents: 33 million string replacements)."""

    def __init__(self, archived: dict[str, tuple[str, str]]) -> None:
        self.archived = archived
        self.rel_of = {_placeholder(rel): rel for rel in archived}
        self.order = {rel: n for n, rel in enumerate(archived)}
        self.longest = max((len(p) for p in self.rel_of), default=0)

    def in_body(self, body: str) -> list[str]:
        """The inputs whose `(placeholder)` link the body holds, in the batch's order; with
        those whose placeholder another's replacement spells (replaced after it in turn)."""
        found: set[str] = set()
        start = body.find("(/archive/")
        while start >= 0:
            end = body.find(")", start)
            while 0 <= end <= start + self.longest + 1:
                if (rel := self.rel_of.get(body[start + 1 : end])) is not None:
                    found.add(rel)
                end = body.find(")", end + 1)
            start = body.find("(/archive/", start + 1)
        chained = list(found)
        while chained:
            spelled = self.rel_of.get(f"/archive/{self.archived[chained.pop()][0]}")
            if spelled is not None and spelled not in found:
                found.add(spelled)
                chained.append(spelled)
        return sorted(found, key=self.order.__getitem__)


def _rewrite(page: _Page, placeholders: _Placeholders) -> str:
    """The page with each archived input's placeholder replaced by its real paths."""
    body = page.body
    sources = page.frontmatter.get("sources")
    for entry in sources if isinstance(sources, list) else []:
        if not isinstance(entry, dict):
            continue
        rel = placeholders.rel_of.get(resource) if isinstance(resource := entry.get("resource"), str) else None
        if rel is not None:
            original, text = placeholders.archived[rel]
            entry["resource"] = f"/archive/{original}"
            entry["text"] = f"/archive/{text}"
    for rel in placeholders.in_body(body):
        body = body.replace(f"({_placeholder(rel)})", f"(/archive/{placeholders.archived[rel][0]})")
    return render_page(page.frontmatter, body)


def _withdraw(paths: ProjectPaths, doc: JournalDoc) -> None:
    """Undo a claim whose page will not be written: remove the archive names given to
    the input (it is still in input/, unchanged) and to its extracted text."""
    if _unlink_if_copy(Path(doc.path), paths.archive / doc.archived):
        (paths.archive / doc.text).unlink(missing_ok=True)


def _unlink_if_copy(original: Path, archived: Path) -> bool:
    """Remove the archive name `archived` if `original` (in input/) still holds the same
    file or bytes; whether it did. Anything else (the input gone, replaced by a link,
    unreadable) leaves the archive name: it may hold the only copy."""
    try:
        same = os.path.samestat(os.lstat(original), os.lstat(archived))
        same = same or read_regular(original)[0] == read_regular(archived)[0]
    except OSError:
        return False
    if same:
        archived.unlink()
    return same


def _resources(data: bytes) -> set[str]:
    """The `sources[].resource` values of a page's bytes."""
    fm = parse_frontmatter(data.decode("utf-8", "replace")).data or {}
    entries = sources if isinstance(sources := fm.get("sources"), list) else []
    return {e["resource"] for e in entries if isinstance(e, dict) and isinstance(e.get("resource"), str)}


def _removals(
    paths: ProjectPaths, superseded: dict[str, str], planned: dict[str, bytes], ownership: dict[str, list[str]]
) -> dict[str, bytes]:
    """The pages the engine superseded that may be removed, with their bytes: pages it
    owns and nobody edited (their digest is recorded) whose every source is cited by a
    page the batch writes (`planned`, with their archive names). Anything else stays."""
    cited = set().union(*(_resources(data) for data in planned.values())) if planned else set()
    out: dict[str, bytes] = {}
    for page_id in sorted(superseded):
        if page_id in planned or concept_id_problem(page_id):
            continue
        try:
            data, _ = read_regular(paths.wiki / f"{page_id}.md")
        except (OSError, NotRegularFile):
            continue
        if owned.digest(data) in ownership.get(page_id, ()) and _resources(data) <= cited:
            out[page_id] = data
    return out


def _claim(paths: ProjectPaths, doc: SourceDocument, entry: InputEntry, when: datetime) -> tuple[str, str]:
    """Claim archive names for a document's original and its extracted text.

    The original is claimed at the path the scan found (`entry.path`), not at
    `input/<rel>`: the rel is NFC, while the name on disk may be NFD (as macOS writes).
    """
    original = claim_original(entry.path, paths.archive, doc.input_rel, when)
    try:
        text = archive_bytes(doc.text.encode("utf-8"), paths.archive, extracted_text_rel(doc.input_rel), when)
    except OSError:  # half a claim is no claim: the original's name goes too
        _unlink_if_copy(entry.path, paths.archive / original)
        raise
    return original, text


def _previous_version(
    paths: ProjectPaths, page_id: str, data: bytes, when: datetime, ours: list[str]
) -> tuple[Action, bytes | None, str | None, str | None]:
    """What writing `data` will do to the page, keeping what it replaces first.

    Returns the action, the existing bytes, and where they are kept: the archive name
    of a page someone else wrote, or (when its digest is in `ours`, see owned.py) a
    copy under .wikid/rollback/ for the journal only.
    """
    try:
        existing, _ = read_regular(paths.wiki / f"{page_id}.md")
    except FileNotFoundError:
        return Action.CREATED, None, None, None
    except (NotRegularFile, IsADirectoryError, NotADirectoryError):
        raise PageBlocked(f"wiki/{page_id}.md exists and is not a regular page; move it away") from None
    if existing == data:
        return Action.UNCHANGED, existing, None, None
    if owned.digest(existing) in ours:
        atomic_replace(paths.rollback / f"{page_id}.md", existing)
        return Action.UPDATED, existing, None, f"{page_id}.md"
    return Action.UPDATED, existing, archive_bytes(existing, paths.archive, f"{page_id}.md", when), None


@dataclass
class ManagedOutcome:
    """What the manager step did: each document's result, and the pages it changed
    that no input of the batch is cited by."""

    files: list[FileResult] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)  # the engine's costs (agent: model calls per batch)
    refreshed: list[str] = field(default_factory=list)  # earlier pages rewritten (a related list, a merge)
    created: list[str] = field(default_factory=list)  # pages created from earlier documents only (a split)
    moved: dict[str, str] = field(default_factory=dict)  # superseded pages removed -> the page now citing them
    warnings: list[str] = field(default_factory=list)  # what the next run must finish


def manage_documents(
    paths: ProjectPaths,
    config: Config,
    documents: list[SourceDocument],
    entries: dict[str, InputEntry],
    when: datetime,
    model: Any | None = None,
    fresh: list[str] | None = None,
) -> ManagedOutcome:
    """Turn extracted documents into concept pages and archive the documents they cite.

    `fresh` are the conformant pages the batch wrote: with no documents, the engine
    still runs to link its own pages to them.

    Order (each phase durable before the next, recorded in the journal): claim archive
    names for the cited originals and their texts, archive the pages' previous
    versions; write the pages with the real archive names; remove the input names.
    `model` is a ready chat model from the Python API (it selects the agent engine).
    """
    outcome = ManagedOutcome()
    if not documents and not fresh:
        return outcome
    documents = sorted(documents, key=lambda d: d.input_rel)
    try:
        manager = select_manager(config, when) if model is None else select_manager(config, when, model)
        result = manager.manage(documents, DiskWiki(paths, fresh))
        outcome.stats.update(result.stats)
    except Exception as exc:  # noqa: BLE001 - an engine failure leaves every input where it is
        message = f"the manager engine failed ({type(exc).__name__}: {exc}); the file stays in input/"
        outcome.files = [FileResult(d.input_rel, Bucket.NON_CONFORMANT, Action.RETRY, message=message) for d in documents]
        return outcome
    pages, problems = _verify(result.pages, documents)
    rederives = getattr(manager, "rederives_pages", False)
    try:
        return _apply(paths, documents, entries, when, result, pages, problems, outcome, rederives)
    except OSError as exc:  # a full disk, a folder turned read-only: nothing half-done stays
        return _rolled_back(paths, documents, exc, outcome)


def _rolled_back(paths: ProjectPaths, documents: list[SourceDocument], exc: OSError, outcome: ManagedOutcome) -> ManagedOutcome:
    """Every document waits in input/ (io_failed) after a write the batch depends on failed;
    the journal undoes what the batch did (now, or at the next start if undoing fails too)."""
    try:
        recover(paths)
        undone = "the batch was rolled back"
    except OSError:
        undone = "the next run rolls the batch back"
    message = f"left in input/ and retried: {write_problem(exc)}; {undone}"
    outcome.files = [FileResult(d.input_rel, Bucket.NON_CONFORMANT, Action.RETRY, Reason.IO_FAILED, message) for d in documents]
    outcome.refreshed, outcome.created, outcome.moved = [], [], {}
    return outcome


def _apply(
    paths: ProjectPaths, documents: list[SourceDocument], entries: dict[str, InputEntry], when: datetime,
    result: ManagerResult, pages: list[_Page], problems: dict[str, str], outcome: ManagedOutcome, rederives: bool,
) -> ManagedOutcome:
    """Claim, write and release (see manage_documents); raises OSError when a write the
    batch depends on (the journal, ownership records) fails."""
    citing: dict[str, list[_Page]] = {}
    for page in pages:
        for resource in sorted(_cited(page)):
            citing.setdefault(resource, []).append(page)

    journal = Journal("claimed", iso(when))
    failed: dict[str, str] = {}
    io_failed: set[str] = set()  # inputs, and pages, that wait for an I/O failure (io_failed)
    claims: dict[str, tuple[str, str]] = {}
    cited_docs = [doc for doc in documents if _placeholder(doc.input_rel) in citing]
    journal.claiming = {doc.input_rel: str(entries[doc.input_rel].path) for doc in cited_docs}
    for rel in [r for doc in cited_docs for r in (doc.input_rel, extracted_text_rel(doc.input_rel))]:
        journal.claim_from[rel] = first_free(paths.archive, rel, when)
    journal.save(paths)
    for doc in cited_docs:
        entry = entries[doc.input_rel]
        try:
            claims[doc.input_rel] = _claim(paths, doc, entry, when)
        except OSError as exc:
            failed[doc.input_rel] = f"the original could not be archived: {exc.strerror or exc}"
            io_failed.add(doc.input_rel)
            continue
        journal.docs[doc.input_rel] = JournalDoc(
            str(entry.path), (entry.size, entry.mtime_ns, entry.ino), *claims[doc.input_rel]
        )
    journal.claiming = {}
    # A page citing an input that is not archived, or not as it was read, is not written:
    # it would cite an archive name that does not hold what it was written from.
    failed.update(_changed(journal.docs))
    unusable = _citing_failed(pages, failed)
    problems.update(unusable)
    pages = [page for page in pages if page.id not in unusable]
    journal.claiming_pages = [page.id for page in pages]
    journal.claim_from.update({f"{page.id}.md": first_free(paths.archive, f"{page.id}.md", when) for page in pages})
    journal.save(paths)
    planned: dict[str, tuple[bytes, Action, bytes | None]] = {}
    ownership = owned.load(paths)
    placeholders = _Placeholders(claims)
    for page in pages:
        data = _rewrite(page, placeholders).encode("utf-8")
        try:
            ours = ownership.get(page.id, []) if rederives else []
            action, existing, previous, backup = _previous_version(paths, page.id, data, when, ours)
        except (PageBlocked, OSError) as exc:
            problems[page.id] = str(exc) if isinstance(exc, PageBlocked) else _io_problem(page.id, exc)
            io_failed |= set() if isinstance(exc, PageBlocked) else {page.id}
            continue
        planned[page.id] = (data, action, existing)
        page.put = PagePut(action, f"archive/{previous}" if previous else None)
        if action != Action.UNCHANGED:  # an unchanged page is nothing to undo (a rollback would delete it)
            journal.pages[page.id] = JournalPage(owned.digest(data), previous, backup)
        ownership[page.id] = [*ours, owned.digest(data)] if rederives else []
    _withdraw_uncited(paths, journal, claims, citing, planned)
    # Superseded pages go only once the pages now citing their sources are planned.
    removals = _removals(paths, result.removed, {pid: data for pid, (data, _, _) in planned.items()},
                         ownership if rederives else {})
    for page_id, existing in removals.items():  # kept for a rollback until the batch is done
        atomic_replace(paths.rollback / f"{page_id}.md", existing)
        journal.pages[page_id] = JournalPage("", None, f"{page_id}.md", removed=True)
    journal.claiming_pages = []
    owned.save(paths, ownership)
    for directory in sorted({(paths.archive / n).parent for c in claims.values() for n in c}
                            | {(paths.archive / p.previous).parent for p in journal.pages.values() if p.previous}):
        fsync_dir(directory)
    journal.save(paths)

    kept = _write_pages(paths, planned, when, io_failed)
    failed.update(changed := _changed(journal.docs))
    kept.update(_unwrite(paths, planned, _citing_failed([p for p in pages if p.id in planned], changed), when))
    for page_id, why in kept.items():
        problems[page_id] = why
        _forget_page(paths, journal, page_id, planned.pop(page_id))
    _withdraw_uncited(paths, journal, claims, citing, planned)
    written = {pid: data for pid, (data, _, _) in planned.items()}
    for page_id in [p for p in removals if p not in _removals(paths, dict.fromkeys(removals, ""), written,
                                                              ownership if rederives else {})]:
        del removals[page_id]  # a page that was to cite its sources was not written: it stays
        del journal.pages[page_id]
    journal.step = "written"
    journal.save(paths)
    gone: dict[str, str] = {}
    try:  # the pages are durable: what fails from here on, the next start finishes (roll forward)
        gone = {page_id: result.removed[page_id] for page_id, existing in removals.items()
                if remove_superseded(paths, page_id, existing)}
        released: set[Path] = set()
        for rel, record in journal.docs.items():
            original = Path(record.path)
            try:  # a page cites the archive name now: it stays, whatever happened to the input
                release_original(original, record.expected, paths.archive / record.archived, withdraw=False)
                released.add(original.parent)
            except ChangedDuringIngest as exc:
                failed[rel] = str(exc)
            except OSError as exc:
                failed[rel] = f"archived, but the input could not be removed: {exc.strerror or exc}"
                io_failed.add(rel)
        for directory in sorted(released):
            fsync_dir(directory)
        owned.settle(paths, [*planned, *removals, *kept])
        finish(paths)
    except OSError as exc:
        outcome.warnings.append(f"the batch's last steps failed ({write_problem(exc)}); the next run finishes them")
    outcome.moved = gone
    citing_ids = {page.id for d in documents for page in citing.get(_placeholder(d.input_rel), [])}
    for page_id, (_, action, _) in planned.items():
        if page_id not in citing_ids and action == Action.UPDATED:
            outcome.refreshed.append(page_id)
        elif page_id not in citing_ids and action == Action.CREATED:
            outcome.created.append(page_id)
    placements = result.stats.get("placements")
    outcome.files = [_doc_result(doc, citing, planned, claims, failed, io_failed, problems, result.notes,
                                 placements if isinstance(placements, dict) else {})
                     for doc in documents]
    return outcome


def _doc_result(
    doc: SourceDocument, citing: dict[str, list[_Page]], planned: dict[str, Any], claims: dict[str, tuple[str, str]],
    failed: dict[str, str], io_failed: set[str], problems: dict[str, str], notes: dict[str, str],
    placements: dict[str, str],
) -> FileResult:
    """One document's line in the report: the page that describes it (and, when the
    engine weighed where it belongs, why it is there), or why it waits."""
    pages = citing.get(_placeholder(doc.input_rel), [])
    page = next((p for p in pages if p.id in planned), None)
    if page is None or doc.input_rel in failed:
        why = failed.get(doc.input_rel) or notes.get(doc.input_rel) or "no page drafted by the engine cites it"
        if page is None:
            mine = [problems[p.id] for p in pages if p.id in problems] or list(problems.values())
            if mine:
                why += f" ({'; '.join(mine)})"
        waits_for_io = doc.input_rel in io_failed or (page is None and any(p.id in io_failed for p in pages))
        reason = Reason.IO_FAILED if waits_for_io else None
        return FileResult(doc.input_rel, Bucket.NON_CONFORMANT, Action.RETRY, reason, f"left in input/ and retried: {why}")
    assert page.put is not None
    return FileResult(
        doc.input_rel, Bucket.NON_CONFORMANT, page.put.action,
        message=f"described by wiki/{page.id}.md" + (f" ({placements[doc.input_rel]})" if doc.input_rel in placements else ""),
        page=f"{page.id}.md",
        archived_as=f"archive/{claims[doc.input_rel][0]}",
        previous_archived_as=page.put.previous_archived_as,
    )


def _io_problem(page_id: str, exc: OSError) -> str:
    return f"wiki/{page_id}.md could not be written: {exc.strerror or exc}"


def _changed(docs: dict[str, JournalDoc]) -> dict[str, str]:
    """Inputs that changed since they were read (an input since removed is not changed:
    its archive name holds it)."""
    out = {}
    for rel, doc in docs.items():
        try:
            if fingerprint(os.lstat(doc.path)) != tuple(doc.expected):
                out[rel] = ChangedDuringIngest.MESSAGE
        except FileNotFoundError:
            continue
    return out


def _citing_failed(pages: list[_Page], failed: dict[str, str]) -> dict[str, str]:
    """Pages citing an input in `failed`, each with why it is not written."""
    out = {}
    for page in pages:
        bad = sorted(rel for rel in failed if _placeholder(rel) in _cited(page))
        if bad:
            out[page.id] = f"wiki/{page.id}.md is not written: it cites input/{bad[0]} ({failed[bad[0]]})"
    return out


def _withdraw_uncited(
    paths: ProjectPaths, journal: Journal, claims: dict[str, tuple[str, str]],
    citing: dict[str, list[_Page]], planned: dict[str, Any],
) -> None:
    """A document no page to be written cites keeps its input name: its archive names go."""
    for rel in sorted(journal.docs):
        if not any(page.id in planned for page in citing[_placeholder(rel)]):
            _withdraw(paths, journal.docs.pop(rel))
            claims.pop(rel, None)


def _write_pages(
    paths: ProjectPaths, planned: dict[str, tuple[bytes, Action, bytes | None]], when: datetime, io_failed: set[str]
) -> dict[str, str]:
    """Write the planned pages, each only over the version planned against; the pages
    not written, with why (someone edited or created it meanwhile; a write failed: those
    are added to `io_failed`)."""
    kept: dict[str, str] = {}
    for page_id, (data, action, existing) in planned.items():
        if action == Action.UNCHANGED:
            continue
        try:
            why = swap_page(paths.wiki / f"{page_id}.md", data, existing, keeper(paths.archive, f"{page_id}.md", when))
        except OSError as exc:
            why = _io_problem(page_id, exc)
            io_failed.add(page_id)
        if why:
            kept[page_id] = why if why.startswith("wiki/") else f"wiki/{page_id}.md {why}"
    for directory in sorted({(paths.wiki / f"{page_id}.md").parent for page_id in planned}):
        fsync_dir(directory)
    return kept


def _unwrite(
    paths: ProjectPaths, planned: dict[str, tuple[bytes, Action, bytes | None]], pages: dict[str, str], when: datetime
) -> dict[str, str]:
    """Put back what `pages` held before this batch wrote them (they cite an input that
    changed after it was read); a page edited since keeps the edit (and is not returned)."""
    undone = {}
    for page_id, why in pages.items():
        data, action, existing = planned[page_id]
        if action == Action.UNCHANGED or swap_page(paths.wiki / f"{page_id}.md", existing, data,
                                                   keeper(paths.archive, f"{page_id}.md", when)) is None:
            undone[page_id] = why  # else edited since: it stays written, and so do its citations
    for directory in sorted({(paths.wiki / f"{page_id}.md").parent for page_id in pages}):
        fsync_dir(directory)
    return undone


def _forget_page(paths: ProjectPaths, journal: Journal, page_id: str, plan: tuple[bytes, Action, bytes | None]) -> None:
    """Drop a page the batch did not write from the journal; its previous version's
    archive copy goes if the page still holds those bytes (the copy is redundant)."""
    entry = journal.pages.pop(page_id, None)
    if entry is None or entry.previous is None:
        return
    try:
        current = read_regular(paths.wiki / f"{page_id}.md")[0]
    except OSError:
        return
    if current == plan[2]:
        (paths.archive / entry.previous).unlink(missing_ok=True)
