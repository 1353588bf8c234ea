"""Just enough markdown scanning for the linter: code blanking, links, footnotes, headings.

Pure text in, plain values out. Positions are character offsets into the text that
was passed in, so callers can turn them into line numbers. Code is handled by
*blanking* it (every character of a fenced block or inline code span becomes a
space, newlines are kept), after which simple regular expressions cannot match
anything inside code and offsets still line up with the original text.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from urllib.parse import unquote

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_LINK_CLOSE_OPEN = re.compile(r"(?<!\\)\]\(")
_REF_DEFINITION = re.compile(r"^[ \t]{0,3}\[((?:[^\]\\\n]|\\.)+)\]:[ \t]*(?:<([^>\n]*)>|(\S+))", re.MULTILINE)
_FOOTNOTE = re.compile(r"(?<!\\)\[\^([^\]\s\\]+)\]")  # `\[^\]` is escaped text, not a footnote
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def _spaces(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def blank_code(text: str) -> str:
    """`text` with fenced code blocks and inline code spans replaced by spaces.

    A fence may be indented (fences inside list items are); an unclosed fence runs
    to the end of the text, as in CommonMark. Inline code is matched within a line.
    """
    if "```" in text or "~~~" in text:
        lines = text.split("\n")
        fence: str | None = None
        for i, line in enumerate(lines):
            match = _FENCE.match(line)
            if fence is None:
                if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
                    fence = match.group(1)
                    lines[i] = " " * len(line)
            else:
                if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) and not match.group(2).strip():
                    fence = None
                lines[i] = " " * len(line)
        text = "\n".join(lines)
    if "`" in text:
        text = _INLINE_CODE.sub(_spaces, text)
    return text


def line_of(text: str, pos: int, first_line: int = 1) -> int:
    """1-based line number of character offset `pos` (plus the line `text` starts on)."""
    return text.count("\n", 0, pos) + first_line


def _destination(text: str, i: int) -> tuple[str, int, int] | None:
    """Parse a link destination starting at `i` (just after `](`): the destination (escapes
    removed) and where it is written; None when it is not a link."""
    n = len(text)
    while i < n and text[i] in " \t":
        i += 1
    if i < n and text[i] == "<":
        end = text.find(">", i + 1)
        if end < 0 or "\n" in text[i + 1 : end]:
            return None
        start, dest, i = i + 1, text[i + 1 : end], end + 1
        stop = end
    else:
        start, depth = i, 0
        while i < n:
            c = text[i]
            if c in " \t\r\n":
                break
            if c == "\\" and i + 1 < n:
                i += 2
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    break
                depth -= 1
            i += 1
        dest, stop = text[start:i], i
    while i < n and text[i] in " \t\r\n":
        i += 1
    if i >= n or text[i] not in ")\"'(":
        return None
    return _ESCAPED.sub(r"\1", dest), start, stop


@dataclass(frozen=True)
class RawLink:
    target: str  # the destination as written (escapes removed)
    pos: int  # character offset of the link in the scanned text
    span: tuple[int, int]  # where the destination is written (to rewrite it in place)


def find_links(blanked: str) -> list[RawLink]:
    """Inline links and images `[text](target "title")` and reference definitions `[label]: target`."""
    links: list[RawLink] = []
    if "](" in blanked:
        for match in _LINK_CLOSE_OPEN.finditer(blanked):
            found = _destination(blanked, match.end())
            if found is not None:
                links.append(RawLink(found[0], match.start(), (found[1], found[2])))
    if "]:" in blanked:
        for match in _REF_DEFINITION.finditer(blanked):
            if not match.group(1).startswith("^"):
                group = 2 if match.group(2) is not None else 3
                links.append(RawLink(match.group(group), match.start(), match.span(group)))
    return links


def find_footnotes(blanked: str) -> dict[str, int]:
    """Footnote labels (references and definitions) -> offset of their first use."""
    labels: dict[str, int] = {}
    if "[^" in blanked:
        for match in _FOOTNOTE.finditer(blanked):
            labels.setdefault(match.group(1), match.start())
    return labels


@dataclass(frozen=True)
class Resolved:
    """Where an internal link points: a normalised bundle path ('' is the root)."""

    path: str
    wants_dir: bool  # the target ended in `/`
    outside: bool  # `..` climbed above the bundle root


def resolve_link(target: str, page_dir: str) -> Resolved | None:
    """Resolve a link target written in a page of directory `page_dir`; None when it is not
    a bundle path (external URL with a scheme, `//host`, `mailto:`, a pure `#fragment`, empty)."""
    target = target.strip()
    if not target or target[0] == "#" or target.startswith("//") or _SCHEME.match(target):
        return None
    target = target.split("#", 1)[0].split("?", 1)[0]
    if not target:
        return None
    target = unquote(target)
    if target.startswith("/"):
        joined = target.lstrip("/")
    else:
        joined = posixpath.join(page_dir, target) if page_dir else target
    norm = posixpath.normpath(joined) if joined else "."
    outside = norm == ".." or norm.startswith("../")
    return Resolved("" if norm == "." else norm, target.endswith("/"), outside)


_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$")


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    line: int  # 1-based, relative to the scanned text


def headings(blanked: str, first_line: int = 1) -> list[Heading]:
    """ATX headings (`# Title`) outside code."""
    found: list[Heading] = []
    if "#" not in blanked:
        return found
    for i, line in enumerate(blanked.split("\n")):
        if line.lstrip(" ").startswith("#"):
            match = _HEADING.match(line)
            if match:
                found.append(Heading(len(match.group(1)), (match.group(2) or "").strip(), i + first_line))
    return found


def table_cells(line: str) -> list[str] | None:
    """The cells of a GFM table row (`| a | b |`), unescaped pipes split; None when not a row."""
    stripped = line.strip()
    if "|" not in stripped:
        return None
    stripped = stripped.removeprefix("|")
    if stripped.endswith("|") and not stripped.endswith("\\|"):
        stripped = stripped[:-1]
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", stripped)]


def unverified_rows(body: str, blanked: str | None = None) -> list[tuple[str, int]]:
    """(attribute, 0-based line in `body`) of every `unverified` row of a `# Conflicts` table.

    An unverified row is a disagreement nobody decided (design §4.3): the linter's
    CONFLICT_UNRESOLVED and the query's open-conflict flag are both this one rule.
    """
    if "unverified" not in body.casefold():
        return []
    lines = body.split("\n")
    heads = headings(blank_code(body) if blanked is None else blanked, 1)
    rows: list[tuple[str, int]] = []
    for i, head in enumerate(heads):
        if head.text.casefold() != "conflicts":
            continue
        end = next((h.line - 1 for h in heads[i + 1 :] if h.level <= head.level), len(lines))
        status_col: int | None = None
        for number in range(head.line, end):
            cells = table_cells(lines[number])
            if cells is None:
                continue
            folded = [c.casefold() for c in cells]
            if status_col is None and "status" in folded:
                status_col = folded.index("status")
                continue
            statuses = [folded[status_col]] if status_col is not None and status_col < len(folded) else folded
            if "unverified" in statuses:
                rows.append((cells[0] or "?", number))
    return rows
