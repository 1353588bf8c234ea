"""The manager step (design §2.5–2.7): engine → verify → write → archive → rewrite.

The engine only drafts pages. Everything that protects the user's data happens here,
in code: every drafted page must parse and have a `type` under a legal concept id;
every input must be cited by a page (through its `/archive/<input-rel>` placeholder)
or it stays in input/ as a leftover; pages are durable before originals are
archived; then the placeholders are rewritten to the real archive paths, and each
source entry gets `text:` pointing at the archived extracted-text copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePosixPath
from typing import Any

from wikid.config import Config
from wikid.fsio import NotRegularFile, atomic_replace, fsync_dir, read_regular
from wikid.intake.archive import ArchiveRequest, archive_bytes, archive_inputs
from wikid.intake.classify import Bucket, Reason
from wikid.intake.naming import extracted_text_rel
from wikid.intake.pagewrite import PageBlocked, PagePut, put_page
from wikid.intake.report import Action, FileResult
from wikid.intake.scan import InputEntry
from wikid.manager import ExistingConcept, SourceDocument, select_manager
from wikid.okf.bundle import walk_bundle
from wikid.okf.frontmatter import conformance_error, parse_frontmatter
from wikid.okf.page import render_page, split_page
from wikid.paths import ProjectPaths


class DiskWiki:
    """The `WikiView` engines get: the wiki on disk, read-only."""

    def __init__(self, paths: ProjectPaths) -> None:
        self.paths = paths

    def concepts(self) -> list[ExistingConcept]:
        out = []
        for concept_id in walk_bundle(self.paths.wiki).concept_ids:
            try:
                data, _ = read_regular(self.paths.wiki / f"{concept_id}.md")
                frontmatter, body = split_page(data.decode("utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            out.append(ExistingConcept(concept_id, frontmatter, body))
        return out

    def archived_text(self, resource: str) -> str | None:
        rel = PurePosixPath(resource.lstrip("/"))
        if rel.parts[:1] != ("archive",) or ".." in rel.parts:
            return None
        try:
            data, _ = read_regular(self.paths.wiki / rel)
        except (OSError, NotRegularFile):
            return None
        return data.decode("utf-8", "replace")


def concept_id_problem(concept_id: str) -> str | None:
    """Why an engine's concept id may not be written, or None when it is fine (I4)."""
    parts = concept_id.split("/")
    if not concept_id or concept_id.startswith("/") or any(p in ("", ".", "..") for p in parts):
        return "not a relative path"
    if any(p.startswith(".") for p in parts) or parts[0] == "archive":
        return "inside a hidden folder or the archive"
    if parts[-1] in ("index", "log"):
        return "index.md and log.md are reserved"
    return None


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


def _rewrite(page: _Page, archived: dict[str, tuple[str, str]]) -> str:
    """The page with each archived input's placeholder replaced by its real paths."""
    body = page.body
    sources = page.frontmatter.get("sources")
    for entry in sources if isinstance(sources, list) else []:
        if not isinstance(entry, dict):
            continue
        rel = next((r for r in archived if entry.get("resource") == _placeholder(r)), None)
        if rel is not None:
            original, text = archived[rel]
            entry["resource"] = f"/archive/{original}"
            entry["text"] = f"/archive/{text}"
    for rel, (original, _) in archived.items():
        body = body.replace(f"({_placeholder(rel)})", f"(/archive/{original})")
    return render_page(page.frontmatter, body)


def manage_documents(
    paths: ProjectPaths,
    config: Config,
    documents: list[SourceDocument],
    entries: dict[str, InputEntry],
    when: datetime,
) -> list[FileResult]:
    """Turn extracted documents into concept pages and archive the ones pages cite."""
    if not documents:
        return []
    documents = sorted(documents, key=lambda d: d.input_rel)
    try:
        result = select_manager(config, when).manage(documents, DiskWiki(paths))
    except Exception as exc:  # an engine failure leaves every input where it is
        message = f"the manager engine failed ({type(exc).__name__}: {exc}); the file stays in input/"
        return [FileResult(d.input_rel, Bucket.NON_CONFORMANT, Action.RETRY, message=message) for d in documents]
    pages, problems = _verify(result.pages, documents)

    for page in pages:
        try:
            page.put = put_page(paths.wiki, paths.archive, f"{page.id}.md", page.text.encode("utf-8"), when)
        except (PageBlocked, OSError) as exc:
            problems[page.id] = str(exc)
    written = [p for p in pages if p.put is not None]
    for directory in sorted({(paths.wiki / f"{p.id}.md").parent for p in written}):
        fsync_dir(directory)

    citing: dict[str, _Page] = {}
    for page in written:
        for resource in sorted(_cited(page)):
            citing.setdefault(resource, page)
    requests = [
        ArchiveRequest(d.input_rel, entries[d.input_rel].path,
                       (entries[d.input_rel].size, entries[d.input_rel].mtime_ns, entries[d.input_rel].ino))
        for d in documents
        if _placeholder(d.input_rel) in citing
    ]
    archived, failed = archive_inputs(paths.archive, requests, when)
    texts: dict[str, tuple[str, str]] = {}
    for doc in documents:
        if doc.input_rel in archived:
            text_name = archive_bytes(doc.text.encode("utf-8"), paths.archive, extracted_text_rel(doc.input_rel), when)
            texts[doc.input_rel] = (archived[doc.input_rel], text_name)
    for directory in sorted({(paths.archive / t).parent for _, t in texts.values()}):
        fsync_dir(directory)
    for page in written:
        if _cited(page) & {_placeholder(rel) for rel in texts}:
            atomic_replace(paths.wiki / f"{page.id}.md", _rewrite(page, texts).encode("utf-8"))

    results = []
    for doc in documents:
        page = citing.get(_placeholder(doc.input_rel))
        if page is None or doc.input_rel not in archived:
            why = failed.get(doc.input_rel) or result.notes.get(doc.input_rel) or "no page drafted by the engine cites it"
            if page is None and problems:
                why += f" ({'; '.join(problems.values())})"
            reason = Reason.IO_FAILED if doc.input_rel in failed else None
            results.append(FileResult(doc.input_rel, Bucket.NON_CONFORMANT, Action.RETRY, reason,
                                      f"left in input/ and retried: {why}"))
            continue
        assert page.put is not None
        results.append(FileResult(
            doc.input_rel, Bucket.NON_CONFORMANT, page.put.action,
            message=f"described by wiki/{page.id}.md",
            page=f"{page.id}.md",
            archived_as=f"archive/{archived[doc.input_rel]}",
            previous_archived_as=page.put.previous_archived_as,
        ))
    return results
