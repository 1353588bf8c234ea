"""`wikid migrate`: upgrade an OKF v0.1 bundle to v0.2 in place.

Per page (`migrate_page`, pure): `timestamp` becomes `generated: {by, at}` in the same
key position (dropped when `generated` exists), `status: current|superseded` becomes
`stable|deprecated`, a body `# Citations` list becomes `sources` entries (ids from the
titles, resources from the links or bare URLs, de-duplicated) and leaves the body.
The frontmatter is edited line by line, not re-serialised, so unknown keys, key order,
comments and quoting stay as they were; a page with nothing to upgrade is not touched.
Each page is archived before it is rewritten (`migrate_bundle`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from wikid.fsio import NotRegularFile, fsync_dir, read_regular
from wikid.intake.archive import keep_bytes, keeper
from wikid.intake.pagewrite import swap_page
from wikid.okf.bundle import walk_bundle
from wikid.okf.frontmatter import parse_frontmatter, split_frontmatter
from wikid.okf.lint_markdown import blank_code, headings
from wikid.slug import slugify

MIGRATED_BY = "process:okf-v0.1"  # who generated a v0.1 page is unknown: the actor says so
_TOP_KEY = re.compile(r"^([^\s#\-][^:\n]*):(.*?)\r?$")
_STATUS = {"current": "stable", "superseded": "deprecated"}
_LINK = re.compile(r"\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>)\]]+")
_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d+[.)])\s+(.*)$")
_OKF_VERSION = re.compile(r"^(okf_version:[ \t]*)(['\"]?)0\.1\2([ \t]*(?:#.*)?)$", re.MULTILINE)


@dataclass
class MigrationReport:
    """What `wikid migrate` changed (or, with `dry_run`, would change), page by page."""

    pages: dict[str, list[str]] = field(default_factory=dict)  # bundle path -> the changes made
    archived: dict[str, str] = field(default_factory=dict)  # bundle path -> where its v0.1 bytes went
    kept: dict[str, str] = field(default_factory=dict)  # bundle path -> why it was not rewritten
    dry_run: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"pages": self.pages, "archived": self.archived, "kept": self.kept, "dry_run": self.dry_run}


def _blocks(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Top-level key -> (first line, end line) of its block in the frontmatter lines."""
    starts = [(i, m.group(1).strip()) for i, line in enumerate(lines) if (m := _TOP_KEY.match(line))]
    return {key: (i, starts[n + 1][0] if n + 1 < len(starts) else len(lines)) for n, (i, key) in enumerate(starts)}


def _scalar(raw: str) -> str:
    """A YAML scalar as written after `key:`, quoted if it was not (a timestamp must stay a string)."""
    raw = raw.split(" #", 1)[0].strip()
    return raw if raw[:1] in ("'", '"') else json.dumps(raw)


def citations(body: str) -> tuple[list[dict[str, str]], tuple[int, int] | None]:
    """The entries of a body's `# Citations` list and where the section is (character span)."""
    blanked = blank_code(body)
    heads = headings(blanked)
    found = next((n for n, h in enumerate(heads) if h.text.casefold() == "citations"), None)
    if found is None:
        return [], None
    head = heads[found]
    starts = [m.start() for m in re.finditer(r"^", body, re.MULTILINE)]
    start = starts[head.line - 1]
    after = next((h for h in heads[found + 1:] if h.level <= head.level), None)
    end = starts[after.line - 1] if after else len(body)
    entries: list[dict[str, str]] = []
    for line in body[start:end].splitlines()[1:]:
        item = _ITEM.match(line)
        if not item:
            continue
        text = item.group(1).strip()
        link = _LINK.search(text)
        if link:
            title, resource = link.group(1).strip(), link.group(2)
        elif url := _URL.search(text):
            resource = url.group(0).rstrip(".,;")
            title = text.replace(url.group(0), "").strip(" -–—:") or resource
        else:
            continue
        entries.append({"title": title, "resource": resource})
    return entries, (start, end)


def _source_id(entry: dict[str, str], taken: set[str]) -> str:
    base = slugify(entry["title"]) if entry["title"] != entry["resource"] else ""
    if not base:  # a bare URL: its last path segment (with the one before a bare number), else its host
        host, _, path = re.sub(r"^\w+://(www\.)?", "", entry["resource"]).partition("/")
        segments = [seg for seg in re.split(r"[/?#]", path) if seg]
        tail = segments[-2:] if segments and segments[-1].isdigit() else segments[-1:]
        base = slugify(" ".join(tail)) or slugify(host) or "source"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


def migrate_page(text: str) -> tuple[str, list[str]]:
    """`text` upgraded to OKF v0.2 and what changed; `text` itself and [] when nothing."""
    split = split_frontmatter(text)
    data = parse_frontmatter(text).data if split else None
    if split is None or not isinstance(data, dict):
        return text, []
    yaml_text, body_start = split
    head_end = text.index(yaml_text) if yaml_text else text.index("\n") + 1
    lines = yaml_text.splitlines(keepends=True)
    changes: list[str] = []
    blocks = _blocks(lines)
    if "timestamp" in blocks:
        first, end = blocks["timestamp"]
        if "generated" in data:
            lines[first:end] = []
            changes.append("dropped `timestamp` (`generated` is set)")
        else:
            at = _scalar(_TOP_KEY.match(lines[first]).group(2))  # type: ignore[union-attr]
            lines[first:end] = ["generated:\n", f"  by: {MIGRATED_BY}\n", f"  at: {at}\n"]
            changes.append("`timestamp` -> `generated: {by, at}`")
        blocks = _blocks(lines)
    status = data.get("status")
    if isinstance(status, str) and status in _STATUS and "status" in blocks:
        first, _ = blocks["status"]
        lines[first] = re.sub(rf"\b{status}\b", _STATUS[status], lines[first], count=1)
        changes.append(f"status {status} -> {_STATUS[status]}")
    body = text[body_start:]
    entries, span = citations(body)
    if span is not None:
        existing = sources if isinstance(sources := data.get("sources"), list) else []
        known = {s.get("resource") for s in existing if isinstance(s, dict)}
        taken = {str(s.get("id")) for s in existing if isinstance(s, dict) and s.get("id")}
        fresh = []
        for entry in entries:
            if entry["resource"] not in known:
                known.add(entry["resource"])
                fresh.append(entry)
        added = []
        for entry in fresh:
            added += [f"- id: {json.dumps(_source_id(entry, taken), ensure_ascii=False)}\n",
                      f"  resource: {json.dumps(entry['resource'], ensure_ascii=False)}\n"]
            if entry["title"] != entry["resource"]:
                added.append(f"  title: {json.dumps(entry['title'], ensure_ascii=False)}\n")
        if added:
            if lines and not lines[-1].endswith("\n"):
                lines[-1] += "\n"
            if "sources" in blocks:
                lines[blocks["sources"][1]:blocks["sources"][1]] = added
            else:
                lines += ["sources:\n", *added]
        body = (body[: span[0]].rstrip("\n") + "\n" + body[span[1]:].lstrip("\n")) if body[span[1]:].strip() \
            else body[: span[0]].rstrip("\n") + "\n"
        changes.append(f"`# Citations` -> {len(fresh)} `sources` entr{'y' if len(fresh) == 1 else 'ies'}")
    if not changes:
        return text, []
    new = text[:head_end] + "".join(lines) + text[head_end + len(yaml_text):body_start] + body
    if not isinstance(parse_frontmatter(new).data, dict):  # never write a page that no longer parses
        return text, []
    return new, changes


def migrate_index(text: str) -> tuple[str, list[str]]:
    """A root `index.md` whose frontmatter says `okf_version: 0.1` says 0.2."""
    split = split_frontmatter(text)
    if split is None or not _OKF_VERSION.search(split[0]):
        return text, []
    start = text.index(split[0])
    yaml_text = _OKF_VERSION.sub(r'\1"0.2"\3', split[0])
    return text[:start] + yaml_text + text[start + len(split[0]):], ['okf_version "0.1" -> "0.2"']


def migrate_bundle(root: Path, archive: Path, when: datetime, dry_run: bool = False,
                   keep: Callable[[str, bytes], Any] | None = None) -> MigrationReport:
    """Upgrade every page of the bundle at `root`; each rewritten page's previous bytes are
    archived under `archive` first. Pages with nothing to upgrade are not written."""
    report = MigrationReport(dry_run=dry_run)
    rels = [f"{c}.md" for c in walk_bundle(root).concept_ids] + ["index.md"]
    for rel in rels:
        try:
            data, _ = read_regular(root / rel)
            text = data.decode("utf-8")
        except (OSError, NotRegularFile, UnicodeDecodeError):
            continue
        new, changes = (migrate_index if rel == "index.md" else migrate_page)(text)
        if not changes:
            continue
        report.pages[rel] = changes
        if dry_run:
            continue
        name = keep_bytes(data, archive, rel, when)
        why = swap_page(root / rel, new.encode("utf-8"), data, keeper(archive, rel, when))
        if why:
            report.kept[rel] = why
            del report.pages[rel]
            continue
        report.archived[rel] = name
    for directory in sorted({(root / rel).parent for rel in report.archived}):
        fsync_dir(directory)
    return report
