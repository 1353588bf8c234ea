"""The batch journal (`.wikid/journal.json`): finish or roll back an interrupted batch (I5).

The manager step changes three places that must agree: archive names claimed for
the inputs, the pages citing those names, and the input names removed afterwards.
The journal records, durably and before each phase, what the batch is about to do:

* `claimed` — archive names (hard links or copies) and extracted-text copies exist,
  previous page versions are archived, pages may be partly written. Recovery rolls
  back: pages this batch wrote are restored (or removed), the archive names it claimed
  for inputs still in input/ are removed. The inputs are then simply processed again.
* `written` — every page is durable. Recovery rolls forward: pages the engine
  superseded (renamed or merged, saved under .wikid/rollback/) are removed if still
  unedited, and input names whose file is unchanged are removed, completing the move
  into the archive. A superseded page that a rollback finds gone is put back.

A batch that finishes deletes the journal, then its scratch (.wikid/rollback/,
.wikid/extract/); no journal means nothing to recover but that scratch, which a batch
killed after deleting its journal leaves behind.
"""

from __future__ import annotations

import itertools
import os
import shutil
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from wikid.fsio import atomic_replace, fsync_dir, read_regular, remove_stale_temps
from wikid.intake.archive import Fingerprint, fingerprint
from wikid.intake.naming import archive_candidates, extracted_text_rel
from wikid.intake.owned import digest, settle
from wikid.paths import ProjectPaths
from wikid.state import read_json, write_json


@dataclass
class JournalDoc:
    path: str  # the input's path on disk
    expected: Fingerprint
    archived: str  # archive-relative name of the original
    text: str  # archive-relative name of its extracted text


@dataclass
class JournalPage:
    sha256: str  # of the bytes this batch writes ("" for a page it removes)
    previous: str | None  # archive-relative name of the page's previous version
    backup: str | None = None  # or, for a page the engine owns, its copy under .wikid/rollback/
    removed: bool = False  # the engine superseded the page: removed once the batch's pages are written


@dataclass
class Journal:
    step: str
    when: str  # the batch's instant: archive names derive from it
    docs: dict[str, JournalDoc] = field(default_factory=dict)
    pages: dict[str, JournalPage] = field(default_factory=dict)
    # Recorded once before each claiming phase (one save per phase, not per file: a
    # save rewrites the whole journal and fsyncs it, so per file it cost O(n^2)):
    # inputs whose archive names are being claimed, rel -> path on disk (the name may
    # differ from input/<rel>: NFD on disk, NFC rel) ...
    claiming: dict[str, str] = field(default_factory=dict)
    # ... and pages whose previous versions are being archived; for each name claimed
    # (input rel, extracted-text rel, page rel), the first candidate that was free:
    # undoing a claim starts there and never touches what earlier batches archived.
    claiming_pages: list[str] = field(default_factory=list)
    claim_from: dict[str, str] = field(default_factory=dict)

    def save(self, paths: ProjectPaths) -> None:
        write_json(paths.journal, asdict(self))
        fsync_dir(paths.state)


def load(paths: ProjectPaths) -> Journal | None:
    data = read_json(paths.journal)
    if not isinstance(data, dict):
        return None
    return Journal(
        str(data.get("step")),
        str(data.get("when")),
        {rel: JournalDoc(d["path"], tuple(d["expected"]), d["archived"], d["text"]) for rel, d in data.get("docs", {}).items()},
        {pid: JournalPage(p["sha256"], p.get("previous"), p.get("backup"), bool(p.get("removed")))
         for pid, p in data.get("pages", {}).items()},
        *_claims(paths, data),
        dict(data.get("claim_from") or {}),
    )


def _claims(paths: ProjectPaths, data: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """The claiming records; journals of earlier versions held one input and one page."""
    claiming, pages = data.get("claiming"), data.get("claiming_pages")
    if isinstance(claiming, str):
        claiming = {claiming: data.get("claiming_path") or str(paths.input / claiming)}
    if pages is None:
        pages = [data["claiming_page"]] if data.get("claiming_page") else []
    return dict(claiming or {}), list(pages)


def finish(paths: ProjectPaths) -> None:
    """End a batch: its journal, then the scratch it kept for a rollback."""
    paths.journal.unlink(missing_ok=True)
    fsync_dir(paths.state)
    _remove_scratch(paths)


def _remove_scratch(paths: ProjectPaths) -> None:
    """A batch's scratch: superseded pages saved for a rollback and the extracted texts
    it staged. Only a batch in progress needs them; `recover` runs before any batch,
    under the project lock, so what it finds belongs to a dead one."""
    shutil.rmtree(paths.rollback, ignore_errors=True)
    shutil.rmtree(paths.extract_staging, ignore_errors=True)


def _bytes(path: Path) -> bytes | None:
    try:
        return read_regular(path)[0]
    except OSError:
        return None


def _unclaim(paths: ProjectPaths, rel: str, when: datetime, ours: bytes | None, start: str | None) -> None:
    """Remove the names this batch may have claimed for `rel` before recording them: from
    `start` (the first name that was free, see Journal.claim_from) on, those holding
    `ours` (the bytes the batch put there; None: nothing of its own survives to compare)."""
    candidates = archive_candidates(rel, when)
    if start is not None:
        candidates = itertools.dropwhile(lambda c: c != start, candidates)
    for candidate in candidates:
        path = paths.archive / candidate
        if not path.exists():
            return
        if ours is not None and _bytes(path) == ours:
            path.unlink()


def _roll_back(paths: ProjectPaths, journal: Journal) -> None:
    when = datetime.fromisoformat(journal.when.replace("Z", "+00:00"))
    for rel, path in journal.claiming.items():
        if rel in journal.docs:
            continue  # recorded: undone below
        _unclaim(paths, rel, when, _bytes(Path(path)), journal.claim_from.get(rel))
        text_rel = extracted_text_rel(rel)
        staged = _bytes(paths.extract_staging / f"{rel}.txt")
        _unclaim(paths, text_rel, when, staged, journal.claim_from.get(text_rel))
    for page_id in journal.claiming_pages:
        if page_id in journal.pages:
            continue
        _unclaim(paths, f"{page_id}.md", when, _bytes(paths.wiki / f"{page_id}.md"), journal.claim_from.get(f"{page_id}.md"))
    for page_id, page in journal.pages.items():
        target = paths.wiki / f"{page_id}.md"
        current = _bytes(target)
        if page.removed:
            saved = _bytes(paths.rollback / page.backup) if page.backup else None
            if current is None and saved is not None:
                atomic_replace(target, saved)  # removed before the batch was undone: back it comes
            continue
        if page.previous:
            previous: Path | None = paths.archive / page.previous
        else:
            previous = paths.rollback / page.backup if page.backup else None
        if current is not None and digest(current) == page.sha256:
            if previous is not None:
                atomic_replace(target, read_regular(previous)[0])
            else:
                target.unlink()
        if previous is not None and _bytes(target) == _bytes(previous):
            previous.unlink()  # the page holds those bytes again: the copy is redundant
    for doc in journal.docs.values():
        source, archived = Path(doc.path), paths.archive / doc.archived
        if not source.exists():
            continue  # the archive holds its only copy now: keep it
        try:
            linked = os.path.samestat(os.lstat(source), os.lstat(archived))
        except OSError:
            linked = False
        if linked or _bytes(source) == _bytes(archived):
            archived.unlink(missing_ok=True)
            (paths.archive / doc.text).unlink(missing_ok=True)


def _roll_forward(paths: ProjectPaths, journal: Journal) -> None:
    for page_id, page in journal.pages.items():
        if page.removed and page.backup:
            remove_superseded(paths, page_id, _bytes(paths.rollback / page.backup))
    for doc in journal.docs.values():
        original = Path(doc.path)
        try:
            if fingerprint(os.lstat(original)) == tuple(doc.expected):
                original.unlink()
        except FileNotFoundError:
            continue


def remove_superseded(paths: ProjectPaths, page_id: str, saved: bytes | None) -> bool:
    """Remove a page the engine superseded if it still holds the bytes saved before the
    batch wrote (`saved`); a page someone edited meanwhile stays. Whether it was removed."""
    target = paths.wiki / f"{page_id}.md"
    if saved is None or _bytes(target) != saved:
        return False
    target.unlink()
    fsync_dir(target.parent)
    return True


def sweep_temps(paths: ProjectPaths) -> str | None:
    """Remove temp files a killed process left in wiki/ and .wikid/ (at the start of a
    process that holds the lock: any such file belongs to a dead run); say so, or None."""
    removed = [p for root in (paths.wiki, paths.state) for p in remove_stale_temps(root)]
    return f"removed {len(removed)} temp file(s) left by an interrupted run" if removed else None


def recover(paths: ProjectPaths) -> str | None:
    """Finish or undo an interrupted batch; return what was done, or None if nothing was."""
    journal = load(paths)
    if journal is None:
        if paths.journal.exists():
            finish(paths)
        else:  # a batch killed after it removed its journal, or before it wrote one
            _remove_scratch(paths)
        return None
    if journal.step == "written":
        _roll_forward(paths, journal)
        done = f"finished an interrupted batch ({len(journal.docs)} inputs archived)"
    else:
        _roll_back(paths, journal)
        done = f"rolled back an interrupted batch ({len(journal.docs)} inputs left in input/)"
    settle(paths, journal.pages)
    finish(paths)
    return done
