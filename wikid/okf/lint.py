"""`wikid lint`: OKF v0.2 conformance and wiki health for any bundle directory.

    report = lint_bundle(Path("wiki"))     # read-only
    fixes = fix_bundle(Path("wiki"))       # the mechanical, safe repairs
    report = lint(Path("wiki"), fix=True)  # both: fix, then lint what is left

The bundle is walked once, here (`walk`); each markdown file is read and parsed
once; the checks themselves are pure functions in `wikid.okf.lint_checks`. Codes,
severities and fixes are listed in `CODES` (and in docs/lint.md).

What is a page: every `.md` file that is not `index.md`/`log.md` (reserved at every
level). Hidden files and directories are skipped, and so is a root-level `archive/`
(a producer extension where wikid keeps originals): nothing there is linted, but
links and `/archive/...` resources may point into it and must exist.

JSON schema (`LintReport.to_dict()`, `wikid lint --json`), version 1:

    {
      "schema": 1,
      "root": "/abs/path/to/bundle",
      "ok": true,                       # no errors
      "summary": "lint: 0 errors, 2 warnings, 1 info (BROKEN_LINK 2, ORPHAN_PAGE 1)",
      "counts": {"error": 0, "warning": 2, "info": 1},
      "codes": {"BROKEN_LINK": 2, "ORPHAN_PAGE": 1},
      "checked": {"pages": 10, "indexes": 3, "logs": 1},
      "findings": [{"code": "BROKEN_LINK", "severity": "warning", "file": "a/b.md",
                    "line": 12, "message": "..."}],          # sorted by file, line, code
      "fixes": [{"code": "INDEX_STALE", "file": "a/index.md", "line": null,
                 "message": "regenerated index.md"}]       # only with --fix
    }

`file` is bundle-relative with `/` separators; `line` is 1-based or null.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from wikid.fsio import atomic_replace, read_regular
from wikid.okf import BundleNotFound
from wikid.okf.bundle import KnownPage, regenerate_indexes
from wikid.okf.concept_id import RESERVED_DIRS
from wikid.okf.index import ConceptEntry, render_indexes
from wikid.okf.lint_checks import (
    CODES,
    ERROR,
    INFO,
    SEVERITIES,
    WARNING,
    Code,
    Finding,
    KnownPaths,
    apply_edits,
    check_index,
    check_log,
    check_page,
    finding,
    timestamp_edits,
)

__all__ = [
    "CODES",
    "ERROR",
    "INFO",
    "WARNING",
    "BundleNotFound",
    "BundleTree",
    "Code",
    "Finding",
    "Fix",
    "LintReport",
    "fix_bundle",
    "lint",
    "lint_bundle",
    "walk",
]

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Fix:
    code: str
    file: str
    line: int | None
    message: str

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "file": self.file, "line": self.line, "message": self.message}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 or word == "info" else f"{n} {word}s"


@dataclass
class LintReport:
    root: str
    findings: list[Finding] = field(default_factory=list)
    fixes: list[Fix] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=lambda: {"pages": 0, "indexes": 0, "logs": 0})

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    @property
    def errors(self) -> int:
        return self.count(ERROR)

    @property
    def warnings(self) -> int:
        return self.count(WARNING)

    @property
    def infos(self) -> int:
        return self.count(INFO)

    @property
    def ok(self) -> bool:
        return self.errors == 0

    def codes(self) -> dict[str, int]:
        """Findings per code: errors first, then warnings, then info; by name within each."""
        counts: dict[str, int] = {}
        for f in self.findings:
            counts[f.code] = counts.get(f.code, 0) + 1
        rank = {s: i for i, s in enumerate(SEVERITIES)}
        return dict(sorted(counts.items(), key=lambda kv: (rank[CODES[kv[0]].severity], kv[0])))

    def summary(self) -> str:
        """One line, e.g. `lint: 0 errors, 3 warnings, 1 info (BROKEN_LINK 2, ORPHAN_PAGE 1)`."""
        text = f"lint: {_plural(self.errors, 'error')}, {_plural(self.warnings, 'warning')}, {_plural(self.infos, 'info')}"
        codes = self.codes()
        if codes:
            text += " (" + ", ".join(f"{code} {n}" for code, n in codes.items()) + ")"
        if self.fixes:
            text += f"; {_plural(len(self.fixes), 'fix')} applied".replace("fixs", "fixes")
        return text

    def to_dict(self) -> dict[str, object]:
        return {
            "schema": SCHEMA_VERSION,
            "root": self.root,
            "ok": self.ok,
            "summary": self.summary(),
            "counts": {ERROR: self.errors, WARNING: self.warnings, INFO: self.infos},
            "codes": self.codes(),
            "checked": dict(self.checked),
            "findings": [f.to_dict() for f in self.findings],
            "fixes": [f.to_dict() for f in self.fixes],
        }


@dataclass
class BundleTree:
    """One walk of a bundle: every path that exists, and the markdown files to lint."""

    files: set[str] = field(default_factory=set)
    dirs: set[str] = field(default_factory=lambda: {""})
    pages: list[str] = field(default_factory=list)  # concept pages, `dir/slug.md`
    indexes: list[str] = field(default_factory=list)  # directories holding an `index.md`
    logs: list[str] = field(default_factory=list)  # `log.md` paths


def walk(root: Path) -> BundleTree:
    """Walk `root` once. Links are recorded as existing names but never followed; hidden
    entries exist for link checks but are not descended into or linted; the root-level
    `archive/` is descended (its files are link and resource targets) but never linted."""
    if not root.is_dir():
        raise BundleNotFound(f"{root} is not a directory; give the folder of an OKF bundle")
    tree = BundleTree()
    stack: list[tuple[str, str, bool]] = [(str(root), "", False)]
    while stack:
        directory, rel_dir, in_archive = stack.pop()
        try:
            with os.scandir(directory) as it:
                children = list(it)
        except OSError:
            continue
        for child in children:
            name = child.name
            rel = f"{rel_dir}/{name}" if rel_dir else name
            try:
                if child.is_symlink():
                    if os.path.exists(child.path):
                        (tree.dirs if child.is_dir() else tree.files).add(rel)
                    continue
                is_dir = child.is_dir(follow_symlinks=False)
                is_file = not is_dir and child.is_file(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                tree.dirs.add(rel)
                if not name.startswith("."):
                    stack.append((child.path, rel, in_archive or (rel_dir == "" and name in RESERVED_DIRS)))
                continue
            tree.files.add(rel)
            if in_archive or not is_file or name.startswith(".") or not name.endswith(".md"):
                continue
            if name == "index.md":
                tree.indexes.append(rel_dir)
            elif name == "log.md":
                tree.logs.append(rel)
            else:
                tree.pages.append(rel)
    tree.pages.sort()
    tree.indexes.sort()
    tree.logs.sort()
    return tree


def _index_rel(directory: str) -> str:
    return f"{directory}/index.md" if directory else "index.md"


def _read(root: Path, rel: str, findings: list[Finding]) -> bytes | None:
    try:
        data, _ = read_regular(root / rel)
    except OSError as exc:
        findings.append(finding("UNREADABLE", rel, None,
                                f"could not be read ({exc.strerror or exc}); check its permissions, then lint again"))
        return None
    return data


def _first_difference(actual: bytes, wanted: str) -> int | None:
    try:
        have = actual.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    want = wanted.split("\n")
    for number, (a, b) in enumerate(zip(have, want, strict=False), start=1):
        if a != b:
            return number
    return min(len(have), len(want)) + (1 if len(have) != len(want) else 0)


def lint_bundle(
    root: Path,
    pages: Collection[str] | None = None,
    titles: Mapping[str, str] | None = None,
    known_pages: Mapping[str, KnownPage] | None = None,
) -> LintReport:
    """Lint the OKF bundle in directory `root` (read-only).

    With `pages` (bundle-relative page paths), only those pages and the log are
    checked, against the whole tree's paths; the whole-wiki checks (indexes, orphans)
    are skipped, and duplicate titles are checked against `titles` (concept id -> title
    of every concept, e.g. from the index cache) when given. A batch uses this to lint
    what it wrote in time proportional to the batch, not to the wiki. A page in
    `known_pages` (bundle-relative path -> its bytes and parsed frontmatter, as the
    batch wrote it) is checked from those instead of being read and parsed again.
    """
    root = Path(root)
    tree = walk(root)
    known = KnownPaths(tree.files, tree.dirs)
    findings: list[Finding] = []
    entries: list[ConceptEntry] = []
    inbound: set[str] = set()
    titled: dict[str, list[tuple[str, int | None, str]]] = {}

    for rel in tree.pages:
        if pages is not None and rel not in pages:
            continue
        held = known_pages.get(rel) if known_pages else None
        data = held.data if held is not None else _read(root, rel, findings)
        if data is None:
            concept_id = rel[: -len(".md")]
            entries.append(ConceptEntry(concept_id, concept_id.rsplit("/", 1)[-1], ""))
            continue
        result = check_page(rel, data, known, held.frontmatter if held is not None else None)
        findings += result.findings
        assert result.entry is not None
        entries.append(result.entry)
        result.targets.discard(rel)
        inbound |= result.targets
        if result.title:
            titled.setdefault(result.title.casefold(), []).append((rel, result.title_line, result.title))

    for rel in tree.logs:
        data = _read(root, rel, findings)
        if data is not None:
            findings += check_log(rel, data).findings
    if pages is not None:
        findings += _duplicates_elsewhere(titled, titles or {})
        findings.sort(key=Finding.sort_key)
        return LintReport(str(root.absolute()), findings, [], {"pages": len(entries), "indexes": 0, "logs": len(tree.logs)})

    index_bytes: dict[str, bytes] = {}
    for directory in tree.indexes:
        rel = _index_rel(directory)
        data = _read(root, rel, findings)
        if data is None:
            continue
        index_bytes[directory] = data
        result = check_index(rel, data, known)
        findings += result.findings
        inbound |= result.targets

    wanted = render_indexes(entries)
    present = set(tree.indexes)
    for directory, text in wanted.items():
        rel = _index_rel(directory)
        if directory not in present:
            findings.append(finding("INDEX_MISSING", rel, None,
                                    "this directory holds concepts but has no index.md; "
                                    "`wikid lint --fix` generates one"))
        elif directory in index_bytes and index_bytes[directory] != text.encode("utf-8"):
            line = _first_difference(index_bytes[directory], text)
            findings.append(finding("INDEX_STALE", rel, line,
                                    "index.md differs from what the generator writes from the concepts' titles and "
                                    "descriptions; `wikid lint --fix` regenerates it"))
    for directory in tree.indexes:
        if directory not in wanted:
            findings.append(finding("INDEX_STALE", _index_rel(directory), None,
                                    "index.md in a directory that holds no concepts; remove it "
                                    "(`wikid lint --fix` does)"))

    for rel in tree.pages:
        if rel not in inbound:
            findings.append(finding("ORPHAN_PAGE", rel, None,
                                    "no other page and no index.md links to this concept; link it from a related "
                                    "page or list it in its directory's index.md (`wikid lint --fix` regenerates indexes)"))

    for group in titled.values():
        if len(group) > 1:
            first = group[0][0]
            for rel, line, title in group[1:]:
                findings.append(_duplicate_title(rel, line, title, first))

    findings.sort(key=Finding.sort_key)
    checked = {"pages": len(tree.pages), "indexes": len(tree.indexes), "logs": len(tree.logs)}
    return LintReport(str(root.absolute()), findings, [], checked)


def _duplicate_title(rel: str, line: int | None, title: str, first: str) -> Finding:
    return finding("DUPLICATE_TITLE", rel, line, f"title \"{title}\" is also the title of /{first}; give each "
                   "concept a distinct title, or merge the pages if they describe the same thing")


def _duplicates_elsewhere(
    titled: dict[str, list[tuple[str, int | None, str]]], titles: Mapping[str, str]
) -> list[Finding]:
    """DUPLICATE_TITLE for the checked pages whose title another concept of the wiki has."""
    by_title: dict[str, list[str]] = {}
    for concept_id, title in titles.items():
        by_title.setdefault(title.casefold(), []).append(f"{concept_id}.md")
    out = []
    for key, group in titled.items():
        for rel, line, title in group:
            others = sorted(r for r in by_title.get(key, []) if r != rel)
            if others:
                out.append(_duplicate_title(rel, line, title, others[0]))
    return out


def fix_bundle(
    root: Path, cache_path: Path | None = None, keep_previous: Callable[[str, bytes], None] | None = None
) -> list[Fix]:
    """Apply the mechanical, safe repairs and return every one of them:

    * TIMESTAMP_NO_OFFSET: the value alone is rewritten in place as a quoted ISO 8601
      datetime ending in `Z` (the stated time is assumed to be UTC; a bare date where a
      datetime is required becomes midnight UTC); every other byte stays the same.
    * INDEX_STALE / INDEX_MISSING (and a non-root INDEX_FRONTMATTER): every index.md is
      regenerated from the concepts (`regenerate_indexes`); indexes of directories without
      concepts are removed.

    `keep_previous(rel, bytes)` is called before a page is rewritten: the project
    archives the page's previous version there, so a fix never loses a byte (I3).
    """
    root = Path(root)
    report = lint_bundle(root)
    fixes: list[Fix] = []
    for rel in sorted({f.file for f in report.findings if f.code == "TIMESTAMP_NO_OFFSET"}):
        path = root / rel
        try:
            data, st = read_regular(path)
            text = data.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        edits = timestamp_edits(text)
        if not edits:
            continue
        if keep_previous is not None:
            keep_previous(rel, data)
        atomic_replace(path, apply_edits(text, edits).encode("utf-8"))
        try:
            os.chmod(path, stat.S_IMODE(st.st_mode))
        except OSError:
            pass
        for edit in sorted(edits, key=lambda e: e.start):
            fixes.append(Fix("TIMESTAMP_NO_OFFSET", rel, edit.line, f"{edit.field}: {edit.old} -> {edit.new}"))

    index_codes = {f.file: f.code for f in report.findings if f.code in ("INDEX_STALE", "INDEX_MISSING")}
    if index_codes:
        for rel in regenerate_indexes(root, cache_path):
            if not (root / rel).exists():
                fixes.append(Fix("INDEX_STALE", rel, None, "removed index.md (its directory holds no concepts)"))
            elif index_codes.get(rel) == "INDEX_MISSING":
                fixes.append(Fix("INDEX_MISSING", rel, None, "created index.md"))
            else:
                fixes.append(Fix("INDEX_STALE", rel, None, "regenerated index.md"))
    return fixes


def lint(
    root: Path,
    fix: bool = False,
    cache_path: Path | None = None,
    keep_previous: Callable[[str, bytes], None] | None = None,
) -> LintReport:
    """Lint `root`; with `fix`, repair what is safe first and report the fixes with what is left."""
    fixes = fix_bundle(root, cache_path, keep_previous) if fix else []
    report = lint_bundle(root)
    report.fixes = fixes
    return report
