"""The linter's checks: pure functions over one file's bytes and the set of paths that exist.

Every finding has a stable code (CODES below is the documented table). Errors are
exactly OKF v0.2's hard conformance rules (§11): a concept page needs parseable
frontmatter that is a mapping with a non-empty `type`; an `index.md` below the root has
no frontmatter; `log.md` date headings are `YYYY-MM-DD`; and, since OKF files are
UTF-8 (§4), a markdown file that does not decode is an error too. Everything else is a
warning (soft guidance worth fixing) or info (mildest: history and navigation hints).

Nothing here touches the disk; `wikid.okf.lint` walks the bundle once and feeds these.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from urllib.parse import unquote

import yaml

from wikid.okf.frontmatter import BOM, Frontmatter, parse_frontmatter, split_frontmatter
from wikid.okf.index import ConceptEntry
from wikid.okf.lint_markdown import (
    blank_code,
    find_footnotes,
    find_links,
    headings,
    line_of,
    resolve_link,
    unverified_rows,
)

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # marks count characters with either loader
ERROR, WARNING, INFO = "error", "warning", "info"
SEVERITIES = (ERROR, WARNING, INFO)
KNOWN_OKF_VERSIONS = ("0.1", "0.2")
ARCHIVE_PREFIX = "/archive/"


@dataclass(frozen=True)
class Code:
    name: str
    severity: str
    what: str
    fix: str
    fixable: bool = False  # `wikid lint --fix` repairs it


CODES: dict[str, Code] = {
    c.name: c
    for c in [
        # errors: the hard rules of OKF v0.2 §11
        Code("NOT_UTF8", ERROR, "a markdown file is not valid UTF-8", "re-save the file as UTF-8"),
        Code("FRONTMATTER_MISSING", ERROR, "a concept page does not start with a `---` frontmatter block",
             "start the file with `---`, `type: <Kind>`, `---`"),
        Code("FRONTMATTER_UNTERMINATED", ERROR, "the opening `---` has no closing `---` line",
             "add a `---` line after the last YAML key"),
        Code("FRONTMATTER_INVALID", ERROR, "the frontmatter is not parseable YAML",
             "correct the YAML between the `---` lines (quote values containing `: ` or `#`)"),
        Code("FRONTMATTER_NOT_MAPPING", ERROR, "the frontmatter is empty, a list or a scalar",
             "write `key: value` lines, at least `type: <Kind>`"),
        Code("TYPE_MISSING", ERROR, "the frontmatter has no `type` key", "add `type: <Kind>`"),
        Code("TYPE_EMPTY", ERROR, "`type` is empty or not a string", "give `type` a short name, e.g. `Reference`"),
        Code("INDEX_FRONTMATTER", ERROR, "an `index.md` below the bundle root has frontmatter",
             "delete the `---` block (or regenerate with --fix)"),
        Code("LOG_DATE_HEADING", ERROR, "a `## ` date heading in `log.md` is not `YYYY-MM-DD`",
             "write the day as `## 2026-07-01`"),
        # warnings: soft guidance
        Code("BROKEN_LINK", WARNING, "an internal link points to nothing (or out of the bundle)",
             "correct the path or create the page"),
        Code("ARCHIVE_SOURCE_MISSING", WARNING, "a `/archive/…` path in `resource` or `sources[]` does not exist",
             "restore the archived original or correct the path"),
        Code("FOOTNOTE_NO_SOURCE", WARNING, "a footnote label matches no `sources[].id`",
             "add a `sources` entry with that `id`, or use an existing id as the label"),
        Code("TIMESTAMP_NO_OFFSET", WARNING, "a timestamp has no UTC offset", "append `Z` or an offset", True),
        Code("TIMESTAMP_INVALID", WARNING, "a timestamp is not an ISO 8601 date/time",
             "write e.g. `'2026-06-30T14:00:00Z'`"),
        Code("INDEX_STALE", WARNING, "an `index.md` differs from what the generator writes", "regenerate", True),
        Code("DUPLICATE_TITLE", WARNING, "two concepts share a title", "give each a distinct title, or merge them"),
        Code("CONFLICT_UNRESOLVED", WARNING, "a `# Conflicts` table has `unverified` rows",
             "decide the current value: mark it `canonical`, the others `superseded`"),
        Code("OKF_VERSION_UNQUOTED", WARNING, "root `okf_version` is a YAML number", 'quote it: `okf_version: "0.2"`'),
        Code("OKF_VERSION_UNKNOWN", WARNING, "root `okf_version` is not 0.1 or 0.2", 'write `okf_version: "0.2"`'),
        Code("LOG_DATE_ORDER", WARNING, "`log.md` date blocks are not newest first, one per day",
             "move the entries under one heading per day, newest first"),
        Code("UNREADABLE", WARNING, "a markdown file could not be read", "check its permissions"),
        # info: the mildest hints
        Code("LEGACY_TIMESTAMP", INFO, "v0.1 `timestamp` key", "write `generated: {by: <actor>, at: <timestamp>}`"),
        Code("LEGACY_CITATIONS", INFO, "v0.1 body `# Citations` list", "move citations to `sources` + footnotes"),
        Code("ORPHAN_PAGE", INFO, "no page or index.md links to the concept", "link it from a related page or its index"),
        Code("INDEX_MISSING", INFO, "a directory holding concepts has no `index.md`", "generate it", True),
    ]
}


@dataclass(frozen=True)
class Finding:
    code: str
    severity: str
    file: str  # bundle-relative POSIX path
    line: int | None
    message: str

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.file, self.line or 0, self.code, self.message)

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "severity": self.severity, "file": self.file, "line": self.line, "message": self.message}


def finding(code: str, file: str, line: int | None, message: str) -> Finding:
    return Finding(code, CODES[code].severity, file, line, message)


def _show(value: object, limit: int = 80) -> str:
    if isinstance(value, str):
        text = value
    elif isinstance(value, (date, datetime)):
        text = value.isoformat()
    else:
        text = repr(value)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def decode(data: bytes, rel: str) -> tuple[str | None, Finding | None]:
    """The text of a markdown file, or the NOT_UTF8 finding (with the line of the first bad byte)."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 1].hex()
        return None, finding("NOT_UTF8", rel, line, f"not valid UTF-8 (byte 0x{bad}); re-save the file as UTF-8")


# --- frontmatter -------------------------------------------------------------------------


def _yaml_start(text: str) -> int:
    """Offset in `text` where the YAML of a frontmatter block starts (after the first line)."""
    start = 1 if text.startswith(BOM) else 0
    return text.find("\n", start) + 1


_TOP_KEY_CACHE: dict[str, re.Pattern[str]] = {}


def _key_line(yaml_text: str, key: str) -> int | None:
    """File line of a top-level `key:` in frontmatter YAML (the YAML starts on file line 2)."""
    pattern = _TOP_KEY_CACHE.get(key)
    if pattern is None:
        pattern = _TOP_KEY_CACHE[key] = re.compile(rf"^['\"]?{re.escape(key)}['\"]?[ \t]*:", re.MULTILINE)
    match = pattern.search(yaml_text)
    return line_of(yaml_text, match.start(), 2) if match else None


def frontmatter_problem(text: str, rel: str, fm: Frontmatter) -> Finding:
    """Turn parse_frontmatter's failure into the precise error code, with a line.

    The YAML is loaded again (without the duplicate-key check) to find the line of a
    syntax error, except when parse_frontmatter refused to load it at all (`hostile`:
    too large, nested too deeply, an alias bomb): on 100,000 nested `[` libyaml's
    composer overflows the C stack and `wikid lint` would die with a segfault.
    """
    split = split_frontmatter(text)
    if split is None:
        if text.lstrip(BOM).startswith("---"):
            return finding("FRONTMATTER_UNTERMINATED", rel, 1,
                           "frontmatter opened by `---` on line 1 is never closed; add a `---` line after the last YAML key")
        return finding("FRONTMATTER_MISSING", rel, 1,
                       "no YAML frontmatter; start the file with a `---` line, `type: <Kind>`, and a closing `---` (OKF §11)")
    if not fm.hostile:
        try:
            data = yaml.load(split[0], Loader=_Loader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 2 if mark is not None else 2
            problem = getattr(exc, "problem", None) or "cannot be parsed"
            return finding("FRONTMATTER_INVALID", rel, line,
                           f"frontmatter is not valid YAML ({problem}); correct the YAML between the `---` lines "
                           "(quote values that contain `: `, ` #` or start with `[`, `{`, `*`, `&`, `@`, `%`)")
        except RecursionError:
            data = {}
        if not isinstance(data, dict):
            kind = "empty" if data is None else f"a YAML {type(data).__name__}"
            return finding("FRONTMATTER_NOT_MAPPING", rel, 2,
                           f"frontmatter is {kind}, not a mapping; write `key: value` lines, at least `type: <Kind>`")
    return finding("FRONTMATTER_INVALID", rel, 1,
                   f"{fm.error or 'frontmatter cannot be read'}; simplify the frontmatter")


# --- timestamps --------------------------------------------------------------------------

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATETIME = re.compile(
    r"^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)[ \t]*(Z|z|[+-]\d{2}(?::?\d{2})?)?$"
)


@dataclass(frozen=True)
class TimeField:
    path: tuple[str | int, ...]  # where in the frontmatter, e.g. ("generated", "at")
    value: Any
    date_ok: bool  # a plain YYYY-MM-DD is the spec's form for this field

    @property
    def name(self) -> str:
        out = ""
        for step in self.path:
            out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
        return out


def time_fields(data: dict[str, Any]) -> Iterator[TimeField]:
    """Every timestamp-valued field of a page: generated.at, verified[].at, stale_after,
    sources[].last_modified and the legacy timestamp."""
    generated = data.get("generated")
    if isinstance(generated, dict) and "at" in generated:
        yield TimeField(("generated", "at"), generated["at"], False)
    verified = data.get("verified")
    if isinstance(verified, dict) and "at" in verified:
        yield TimeField(("verified", "at"), verified["at"], False)
    elif isinstance(verified, list):
        for i, item in enumerate(verified):
            if isinstance(item, dict) and "at" in item:
                yield TimeField(("verified", i, "at"), item["at"], False)
    if "stale_after" in data:
        yield TimeField(("stale_after",), data["stale_after"], True)
    sources = data.get("sources")
    if isinstance(sources, list):
        for i, item in enumerate(sources):
            if isinstance(item, dict) and "last_modified" in item:
                yield TimeField(("sources", i, "last_modified"), item["last_modified"], True)
    if "timestamp" in data:
        yield TimeField(("timestamp",), data["timestamp"], False)


def classify_time(field_: TimeField) -> tuple[str | None, str | None]:
    """(problem, normalised) for one timestamp: problem is None (fine), "no_offset" or
    "invalid"; normalised is the fixed value for a no_offset timestamp that states a date.

    A naive time is assumed to be UTC (`Z` is added); a bare date where a datetime is
    required becomes midnight UTC. stale_after and sources[].last_modified may be a bare
    `YYYY-MM-DD` (OKF §5.1, §5.5).
    """
    value = field_.value
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            return None, None
        return "no_offset", value.isoformat() + "Z"
    if isinstance(value, date):
        return (None, None) if field_.date_ok else ("no_offset", f"{value.isoformat()}T00:00:00Z")
    if not isinstance(value, str):
        return "invalid", None
    text = value.strip()
    if _DATE.match(text):
        try:
            day = date.fromisoformat(text)
        except ValueError:
            return "invalid", None
        return (None, None) if field_.date_ok else ("no_offset", f"{day.isoformat()}T00:00:00Z")
    match = _DATETIME.match(text)
    if not match:
        return "invalid", None
    day_text, time_text, offset = match.groups()
    try:
        parsed = datetime.fromisoformat(f"{day_text}T{time_text.replace(',', '.')}")
    except ValueError:
        return "invalid", None
    if offset:
        return None, None
    return "no_offset", parsed.isoformat() + "Z"


@dataclass(frozen=True)
class Edit:
    start: int  # character offsets into the page text
    end: int
    old: str
    new: str
    field: str
    line: int


class _Located:
    """Lazily composed YAML node tree, to find the line and span of a frontmatter value."""

    def __init__(self, text: str, yaml_text: str) -> None:
        self.offset = _yaml_start(text)
        self.yaml_text = yaml_text
        self._root: yaml.Node | bool | None = False

    def node(self, path: tuple[str | int, ...]) -> yaml.Node | None:
        if self._root is False:
            try:
                self._root = yaml.compose(self.yaml_text, Loader=_Loader)
            except (yaml.YAMLError, RecursionError):
                self._root = None
        node = self._root
        for step in path:
            if isinstance(step, str):
                if not isinstance(node, yaml.MappingNode):
                    return None
                found = None
                for key, value in node.value:
                    if isinstance(key, yaml.ScalarNode) and key.value == step:
                        found = value
                node = found
            else:
                if not isinstance(node, yaml.SequenceNode) or step >= len(node.value):
                    return None
                node = node.value[step]
            if node is None:
                return None
        return node if isinstance(node, yaml.Node) else None

    def line(self, path: tuple[str | int, ...]) -> int | None:
        node = self.node(path)
        return node.start_mark.line + 2 if node is not None else None


def _same_scalar(span: str, value: Any) -> bool:
    """Whether `span` (cut from the page by YAML marks) is really the scalar being replaced."""
    try:
        return bool(yaml.load(span, Loader=_Loader) == value)
    except yaml.YAMLError:
        return False


def _quote(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def timestamp_edits(text: str) -> list[Edit]:
    """The in-place edits that add a UTC offset to every naive timestamp of a page.

    Only plain or quoted one-line scalars are edited; each becomes a single-quoted
    string. The rest of the text is untouched.
    """
    fm = parse_frontmatter(text)
    split = split_frontmatter(text) if fm.data is not None else None
    if fm.data is None or split is None:
        return []
    located = _Located(text, split[0])
    edits = []
    for tf in time_fields(fm.data):
        problem, fixed = classify_time(tf)
        if problem != "no_offset" or fixed is None:
            continue
        node = located.node(tf.path)
        if not isinstance(node, yaml.ScalarNode) or node.style not in (None, "", "'", '"'):
            continue
        start, end = located.offset + node.start_mark.index, located.offset + node.end_mark.index
        old = text[start:end]
        if "\n" in old or not _same_scalar(old, tf.value):
            continue
        edits.append(Edit(start, end, old, _quote(fixed), tf.name, node.start_mark.line + 2))
    return edits


def apply_edits(text: str, edits: list[Edit]) -> str:
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        assert text[edit.start : edit.end] == edit.old
        text = text[: edit.start] + edit.new + text[edit.end :]
    return text


# --- pages -------------------------------------------------------------------------------


@dataclass(frozen=True)
class KnownPaths:
    """What exists in the bundle: files and directories as bundle-relative POSIX paths ('' = root)."""

    files: frozenset[str] | set[str]
    dirs: frozenset[str] | set[str]

    def exists(self, path: str, wants_dir: bool) -> bool:
        return path in self.dirs if wants_dir else (path in self.files or path in self.dirs)


@dataclass
class FileResult:
    findings: list[Finding] = field(default_factory=list)
    targets: set[str] = field(default_factory=set)  # bundle paths of existing link targets
    entry: ConceptEntry | None = None  # concept pages: what the index generator would see
    title: str | None = None  # concept pages: an explicit `title`
    title_line: int | None = None


def _dir_of(rel: str) -> str:
    return rel.rpartition("/")[0]


def check_links(rel: str, blanked: str, first_line: int, known: KnownPaths, result: FileResult) -> None:
    """BROKEN_LINK for each internal link to nothing; existing targets go to result.targets."""
    page_dir = _dir_of(rel)
    for link in find_links(blanked):
        resolved = resolve_link(link.target, page_dir)
        if resolved is None:
            continue
        if resolved.outside:
            result.findings.append(finding(
                "BROKEN_LINK", rel, line_of(blanked, link.pos, first_line),
                f"link `{_show(link.target)}` leaves the bundle; link to a page inside it or use a full URL"))
        elif known.exists(resolved.path, resolved.wants_dir):
            result.targets.add(resolved.path)
        else:
            kind = "directory" if resolved.wants_dir else "file"
            result.findings.append(finding(
                "BROKEN_LINK", rel, line_of(blanked, link.pos, first_line),
                f"link `{_show(link.target)}` points to /{resolved.path}, no such {kind}; "
                "correct the path or create the page"))


def _conflicts(rel: str, body: str, blanked: str, first_line: int) -> list[Finding]:
    """CONFLICT_UNRESOLVED once per attribute with `unverified` rows in a `# Conflicts` table."""
    rows: dict[str, tuple[int, int]] = {}
    for attribute, number in unverified_rows(body, blanked):
        count, line = rows.get(attribute, (0, number + first_line))
        rows[attribute] = (count + 1, line)
    return [
        finding(
            "CONFLICT_UNRESOLVED", rel, line,
            f"conflict on \"{_show(attribute, 60)}\" is unresolved ({count} value{'s' if count != 1 else ''} "
            "marked `unverified`); decide the current value, mark it `canonical` and the others `superseded`")
        for attribute, (count, line) in rows.items()
    ]


def _archive_paths(data: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    resource = data.get("resource")
    if isinstance(resource, str):
        yield ("resource",), resource
    sources = data.get("sources")
    if isinstance(sources, list):
        for i, item in enumerate(sources):
            if isinstance(item, dict):
                for key in ("resource", "text"):
                    value = item.get(key)
                    if isinstance(value, str):
                        yield ("sources", i, key), value


def _source_ids(data: dict[str, Any]) -> set[str]:
    sources = data.get("sources")
    ids: set[str] = set()
    if isinstance(sources, list):
        for item in sources:
            if isinstance(item, dict) and item.get("id") is not None:
                ids.add(str(item["id"]))
    return ids


def check_page(rel: str, data: bytes, known: KnownPaths, parsed: Frontmatter | None = None) -> FileResult:
    """Every per-page check of a concept page (`rel` ends in `.md`). `parsed` is the
    frontmatter of `data` when the caller already parsed it (a batch's pages)."""
    concept_id = rel[: -len(".md")]
    slug = concept_id.rsplit("/", 1)[-1]
    text, bad = decode(data, rel)
    if text is None:
        return FileResult([bad] if bad else [], entry=ConceptEntry(concept_id, slug, ""))
    result = FileResult()
    fm = parsed if parsed is not None else parse_frontmatter(text)
    result.entry = ConceptEntry.of(concept_id, fm)
    if fm.data is None:
        result.findings.append(frontmatter_problem(text, rel, fm))
        body_start = 0
    else:
        body_start = fm.body_start
        _check_frontmatter(rel, text, body_start, fm.data, known, result)
    body = text[body_start:]
    first_line = text.count("\n", 0, body_start) + 1
    blanked = blank_code(body)
    check_links(rel, blanked, first_line, known, result)
    if fm.data is not None:
        ids = _source_ids(fm.data)
        for label, pos in find_footnotes(blanked).items():
            if label not in ids:
                result.findings.append(finding(
                    "FOOTNOTE_NO_SOURCE", rel, line_of(blanked, pos, first_line),
                    f"footnote [^{_show(label, 40)}] matches no `sources[].id`; add a `sources` entry with "
                    f"`id: {_show(label, 40)}` and its `resource`, or use an existing id as the label"))
    if "unverified" in blanked:
        result.findings += _conflicts(rel, body, blanked, first_line)
    if "itations" in blanked:  # cheap gate for "Citations" / "citations"
        for head in headings(blanked, first_line):
            if head.text.casefold() == "citations":
                result.findings.append(finding(
                    "LEGACY_CITATIONS", rel, head.line,
                    "legacy v0.1 `# Citations` list; record each citation as a `sources` entry "
                    "(id, resource, title) and cite it with a footnote `[^id]` (OKF v0.2 §13)"))
    return result


def _yaml_of(text: str, body_start: int) -> str:
    """The YAML of a parsed frontmatter block, from the body offset (as split_frontmatter cuts it)."""
    end = body_start
    if end and text[end - 1] == "\n":
        end -= 1
    return text[_yaml_start(text) : text.rfind("\n", 0, end) + 1]


def _check_frontmatter(
    rel: str, text: str, body_start: int, data: dict[str, Any], known: KnownPaths, result: FileResult
) -> None:
    yaml_text = _yaml_of(text, body_start)
    located: _Located | None = None

    def where(path: tuple[str | int, ...]) -> int | None:
        nonlocal located
        if located is None:
            located = _Located(text, yaml_text)
        return located.line(path)

    if "type" not in data:
        result.findings.append(finding("TYPE_MISSING", rel, 1,
                                       "frontmatter has no `type`; add a line such as `type: Reference` (OKF §11)"))
    elif not (isinstance(data["type"], str) and data["type"].strip()):
        kind = data["type"]
        empty = kind is None or (isinstance(kind, str) and not kind.strip())
        result.findings.append(finding(
            "TYPE_EMPTY", rel, _key_line(yaml_text, "type"),
            f"`type` is {'empty' if empty else 'not a string: ' + _show(kind, 40)}; "
            "give it a short name such as `type: Reference`"))
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        result.title = " ".join(title.split())
        result.title_line = _key_line(yaml_text, "title")

    for tf in time_fields(data):
        problem, fixed = classify_time(tf)
        if problem == "no_offset":
            hint = f"write {_quote(fixed)}" if fixed else "add `Z` or an offset"
            result.findings.append(finding(
                "TIMESTAMP_NO_OFFSET", rel, where(tf.path),
                f"{tf.name} `{_show(tf.value, 40)}` has no UTC offset; {hint} "
                "(`wikid lint --fix` does this, assuming the time is UTC)"))
        elif problem == "invalid":
            result.findings.append(finding(
                "TIMESTAMP_INVALID", rel, where(tf.path),
                f"{tf.name} `{_show(tf.value, 40)}` is not an ISO 8601 datetime; "
                f"write e.g. `'2026-06-30T14:00:00Z'`{' or a date `2026-06-30`' if tf.date_ok else ''}"))
    if "timestamp" in data:
        result.findings.append(finding(
            "LEGACY_TIMESTAMP", rel, _key_line(yaml_text, "timestamp"),
            "legacy v0.1 `timestamp`; record it as `generated: {by: <actor>, at: <timestamp>}` (OKF v0.2 §13)"))

    for path, value in _archive_paths(data):
        if not value.startswith(ARCHIVE_PREFIX):
            continue
        target = value[1:].split("#", 1)[0].rstrip("/")
        if known.exists(target, False) or known.exists(unquote(target), False):
            continue
        name = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(path))
        result.findings.append(finding(
            "ARCHIVE_SOURCE_MISSING", rel, where(path),
            f"{name} `{_show(value)}` does not exist; restore the archived original or correct the path"))


# --- index.md and log.md -----------------------------------------------------------------


def check_index(rel: str, data: bytes, known: KnownPaths) -> FileResult:
    """An `index.md`: no frontmatter below the root; a parseable root frontmatter with a
    quoted, known `okf_version`; links that resolve."""
    text, bad = decode(data, rel)
    if text is None:
        return FileResult([bad] if bad else [])
    result = FileResult()
    is_root = rel == "index.md"
    split = split_frontmatter(text)
    body_start = 0
    if split is not None:
        yaml_text, body_start = split
        if not is_root:
            last = text.count("\n", 0, body_start)
            result.findings.append(finding(
                "INDEX_FRONTMATTER", rel, 1,
                f"index.md below the bundle root must not have frontmatter (OKF §8); delete lines 1-{last} "
                "(`wikid lint --fix` regenerates the index)"))
        else:
            _check_root_frontmatter(rel, text, yaml_text, result)
    first_line = text.count("\n", 0, body_start) + 1
    check_links(rel, blank_code(text[body_start:]), first_line, known, result)
    return result


def _check_root_frontmatter(rel: str, text: str, yaml_text: str, result: FileResult) -> None:
    fm = parse_frontmatter(text)
    if fm.data is None:
        if yaml_text.strip():  # an empty `---`/`---` block at the root is harmless
            result.findings.append(frontmatter_problem(text, rel, fm))
        return
    if "okf_version" not in fm.data:
        return
    version = fm.data["okf_version"]
    line = _key_line(yaml_text, "okf_version")
    shown = version if isinstance(version, str) else str(version)
    if not isinstance(version, str):
        result.findings.append(finding(
            "OKF_VERSION_UNQUOTED", rel, line,
            f"okf_version: {shown} is read as a YAML {type(version).__name__}, not a version string; "
            f"quote it: `okf_version: \"{shown}\"` (OKF §8)"))
    if shown not in KNOWN_OKF_VERSIONS:
        result.findings.append(finding(
            "OKF_VERSION_UNKNOWN", rel, line,
            f"okf_version \"{_show(shown, 20)}\" is not a version this linter knows "
            f"({', '.join(KNOWN_OKF_VERSIONS)}); write `okf_version: \"0.2\"` for an OKF v0.2 bundle"))


_LOG_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def check_log(rel: str, data: bytes) -> FileResult:
    """`log.md`: every `## ` heading is a date group and must be `YYYY-MM-DD` (OKF §9, the hard
    rule); date groups should run newest first, one per day."""
    text, bad = decode(data, rel)
    if text is None:
        return FileResult([bad] if bad else [])
    result = FileResult()
    split = split_frontmatter(text)
    body_start = split[1] if split else 0
    first_line = text.count("\n", 0, body_start) + 1
    previous: tuple[date, int] | None = None
    for head in headings(blank_code(text[body_start:]), first_line):
        if head.level != 2:
            continue
        day: date | None = None
        if _LOG_DATE.match(head.text):
            try:
                day = date.fromisoformat(head.text)
            except ValueError:
                day = None
        if day is None:
            result.findings.append(finding(
                "LOG_DATE_HEADING", rel, head.line,
                f"log date heading `## {_show(head.text, 40)}` is not a `YYYY-MM-DD` date; write the day of the "
                "entries below it, e.g. `## 2026-07-01` (OKF §9)"))
            continue
        if previous is not None and day >= previous[0]:
            same = day == previous[0]
            result.findings.append(finding(
                "LOG_DATE_ORDER", rel, head.line,
                f"`## {day.isoformat()}` "
                + (f"repeats the date block of line {previous[1]}; " if same
                   else f"is newer than `## {previous[0].isoformat()}` above it (line {previous[1]}); ")
                + "keep one block per day, newest first (OKF §9)"))
        previous = (day, head.line)
    return result
