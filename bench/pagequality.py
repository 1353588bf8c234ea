"""Benchmark the quality of the pages wikid writes: defects per page and facts kept, each beside its target.

Runs `wikid update` (offline engine, fixed clock) on a scratch copy of each corpus's
documents -- by default ../shared/corpus/realdocs/ (61 real documents about 15 tools)
and sample-project/ (the README's example) -- and reads every page wikid wrote
(`generated.by: wikid/...`; the human-written pages of a corpus are copied as they are
and not judged), under wiki/ but not index.md, log.md or wiki/archive/.

Defects: each class is counted on the page body (not its frontmatter, unless said),
outside fenced code blocks and inline code spans. Figure: defects per page, over all
the pages of a corpus (and per class). Target <= 0.3 per page.

* markup          -- source markup left in: reST roles (:option:`x`) and directives
                     (.. note::), roff escapes (\\fB, \\-, \\(em, \\&), asciidoc anchors
                     [[NAME]] and cross-references <<x>>, HTML entities (&amp;) and tags
                     (<div, <br>), grid-table borders (+----+), setext underlines
                     (====, ----, ~~~~ right under a line of prose; a lone ==== rule
                     anywhere), and empty bullets (a `* * *` rule read as a list).
* empty_column    -- a table in which some column is empty in every data row.
* cut             -- a table cell, a bullet item, the frontmatter description or a
                     `**Key** -- value` / `Key -- value` line that ends with an ellipsis
                     (not command syntax: `[FILE]...`, `SRC...`, inside backticks), or
                     with a dangling function word (the, a, of, to, and, with, ...),
                     a comma or a dash: cut mid-sentence -- unless a source the page
                     cites ends a line the same way and its sentence does not go on
                     below (an item that ends with a comma, `and more...`, a table
                     row's text): those are the source's own words.
* repeated        -- a sentence of >= 8 words (casefolded, punctuation stripped) that
                     occurs again on the same page; each extra occurrence counts. Table
                     rows, definition-list entries (`* **term** -- ...`) and field
                     lines (`* Delivery: within 10 days`), the items of a list
                     with an item the page says nowhere else (a document's list kept
                     whole, some of its items said by another document too), the
                     Sources section and footnote definitions are left out, and so
                     is a sentence a cited source itself says as many times.
* empty_key       -- a bold key with nothing after it: `* **Synopsis**`,
                     `**Synopsis** --`, or `| Key |  |` in a key/value table.
* file_name_title -- a heading, the page title or an entry of the page's Sources list
                     that is a bare file name: `doc-36.docx`, `README.md`, `doc-18`.
                     A frontmatter `sources[].title` equal to its own resource's file
                     name is the record of a document that has no title (the reader
                     sees the Sources list, which names it by what it is); one that is
                     some other file name counts.
* code_as_key     -- a heading, an attribute key or a table's first-column cell that is
                     code: `$ `, `()`, `;`, `{`, `}`, `=`, `|`, `#!`, a cell starting
                     `# `, or a shell command line (`tar -xvf x.tar`). A reference term
                     is a good key even with those characters: an option (`-v`,
                     `--verbose`, `-o FILE`, `--exclude=PATTERN`), a signature
                     (`match(regex; flags)`), a sub-option (`dict=size`), an operator in
                     a table or operators a heading names (`=`, `==, !=`; not a lone
                     `}`), a key binding (`ESC-}`), a syntax summary
                     (`module <metadata>;`), a label and its term (`Pipe: |`).
                     In a definition list's table (first header Option, Command, Term,
                     Syntax, ...), or its bullets (`* **term** -- description`), only a
                     prompt, a line continued with a backslash or statements count: the
                     source lists commands and syntax as its terms.
* fragment        -- a heading or bold key that is a sentence fragment: it ends with a
                     function word or a comma, starts with a lowercase and/or/the/of/to,
                     or has more than 12 words (a question, ending with `?`, is whole,
                     and so is a name over an operator's syntax: `Comma: ,`).
* unclosed_code   -- a code block whose fence never closes (a reference written after
                     its closing fence): the rest of the page reads as code.

Facts kept: found in each source's text (the extracted text its pages cite, else the
archived file itself when it is text) with plain regular expressions, independently of
wikid's readers; a fact is kept when a page citing that source states it (title,
description or body, not the Sources section or footnote definitions; both sides
casefolded, markdown emphasis, backticks and escapes stripped, dashes and quotes
unified, compared as runs of words). Figure: the share of facts kept, per corpus.

* man_name        -- a man page's NAME line (`rsync - a fast, versatile, local/remote
                     file-copying tool`, joined when wrapped over up to 3 lines): its
                     description whole, and its first name. Target >= 0.95.
* man_synopsis    -- the first non-empty line after SYNOPSIS (its first 10 words; a
                     line of fewer than 4 is joined with the next, as HTML conversions
                     wrap `make` / `[OPTION]... [TARGET]...`; spaces are ignored too, as
                     they glue `-B` to its argument). Target >= 0.95.
* newest_version  -- for a changelog or NEWS source (its title or first lines say
                     changelog/NEWS/CHANGES/release notes and it has a version heading,
                     or it has >= 2 version headings), the highest version of its version
                     headings (`7.88.1`, `Version 4.4`, `* Noteworthy changes in release
                     3.11`, `pkg (1.2-3) unstable;`, `## [2.1.0] - 2024-01-02`), in version
                     order (a Debian changelog: its first entry), standing alone on the
                     page (1.12 is not in 1.12.1 or 1.12-3). Target >= 0.90.
* list_items      -- for a changelog, the items of its newest entry (between its first
                     version heading and the next; older entries may be summarised), for
                     any other short source (<= 1,200 words) every list item (`- `, `* `,
                     `+ `, `1. `, `1) `, `o `, `• `, joined with their continuation
                     lines); items of < 3 words or only a link are skipped. An item is
                     kept when its first 8 words are on the page. Target >= 0.85.

Text coverage: the share of the sources' prose that the pages keep (readers found
paragraphs of an option, nested lists, whole entries gone without a sign). Each source's
text is cut into chunks, whitespace-normalised: its blank-line separated blocks, split
again at each list item and where a line stands left of the one above it (a manual's
next option); headings, fenced code, code or data (fewer than 60% of the tokens
words or options) and chunks of < 12 words are left out; of a changelog only what
precedes its second version heading is judged (older entries may be summarised, as for
list_items). A chunk is kept when at least half of its 5-word shingles (casefolded runs
of letters and digits, markup stripped as for facts) are on one page citing the source
(title, description and body, code included; not the Sources section). Figure: chunks
kept / chunks, per corpus. Baseline: a digest that cuts each source off -- each page
replaced by the same leading share of each of its sources, as many words in all as the
page (the whole sources when the page is as long): wikid, choosing what to leave out,
should keep more than that.

A row also counts the inputs `wikid update` failed on (left in input/ to retry; target
none): a corpus whose documents were not placed is not judged on them.

--details prints every defect (page, class, the offending line), every fact lost
(source, kind, what was expected) and every chunk of text lost (source, its words, the
pages citing it, its first 100 characters) to stderr. --wikid-root DIR measures another checkout
(e.g. a frozen copy of an older wikid): DIR goes first on PYTHONPATH instead of this one.

Usage: python bench/pagequality.py [--corpus DIR ...] [--wikid-root DIR] [--keep DIR] [--details] [--json]
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import table  # bench/table.py
import yaml
from table import Row, attempt, progress

ROOT = Path(__file__).resolve().parents[1]
REALDOCS = ROOT.parent / "shared" / "corpus" / "realdocs"
SAMPLE = ROOT / "sample-project"
NOW = "2026-12-01T00:00:00Z"
DEFECT_TARGET = 0.3  # defects per page, at most
FACT_TARGETS = {"man_name": 0.95, "man_synopsis": 0.95, "newest_version": 0.90, "list_items": 0.85}
SHORT_WORDS = 1200  # a source this long or shorter has all its list items checked
ITEM_WORDS = 8  # an item is kept when its first ITEM_WORDS words are on the page
SYNOPSIS_WORDS = 10
REPEAT_WORDS = 8
FRAGMENT_WORDS = 12
CHUNK_WORDS = 12  # a source's paragraph or item shorter than this is not judged for coverage
SHINGLE = 5  # words per shingle
KEPT_SHARE = 0.5  # a chunk is kept when this share of its shingles is on a page citing its source
CODE_SHARE = 0.6  # a chunk in which fewer tokens than this share are words is code or data
NOT_INPUT = {"truth.json", "sources.json"}  # a corpus's labels, never copied into input/
TEXT_SUFFIXES = {".md", ".markdown", ".txt", ".text", ".rst", ".adoc", ".asciidoc", ".org", ".csv", ".tsv"}

# ---------------------------------------------------------------------------------------
# Pages: frontmatter, body, and the body's lines outside code


def split_page(text: str) -> tuple[dict, str]:
    """(frontmatter, body) of a page; a text without frontmatter is all body."""
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end == -1 and text.endswith("\n---"):
            end = len(text) - 4
        if end != -1:
            try:
                meta = yaml.safe_load(text[4:end]) or {}
            except yaml.YAMLError:
                meta = {}
            return (meta if isinstance(meta, dict) else {}), text[end + 5 :]
    return {}, text


_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def prose_lines(body: str, fence_at: re.Pattern[str] = _FENCE) -> list[tuple[int, str]]:
    """(index, line) of the body's lines outside fenced code blocks (fences left out);
    `fence_at` tells an opening fence, by default one indented by at most 3 spaces."""
    return _outside_fences(body, fence_at)[0]


def _outside_fences(body: str, fence_at: re.Pattern[str]) -> tuple[list[tuple[int, str]], str]:
    """The body's lines outside fenced code blocks (see `prose_lines`), and the opening
    line of a block still open at its end ("" when every block closes)."""
    out: list[tuple[int, str]] = []
    fence = opened = ""
    for i, line in enumerate(body.splitlines()):
        match = fence_at.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) \
                    and not line.strip()[len(match.group(1)):].strip():
                fence = ""
            continue
        if match:
            fence, opened = match.group(1), line
            continue
        out.append((i, line))
    return out, opened if fence else ""


_INLINE_CODE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_FOOTNOTE_REF = re.compile(r"\[\^[^\]\s]+\](?!:)")
_FOOTNOTE_DEF = re.compile(r"^\[\^[^\]\s]+\]:")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)(?:[*+-]|\d{1,3}[.)])(?:\s+|$)")


def without_code(line: str) -> str:
    return _INLINE_CODE.sub(" ", line)


_MD_LINK = re.compile(r"\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)")  # `[Muse](https://x/y_(z))`


def plain(text: str) -> str:
    """Text without footnote references, markdown links' targets, emphasis, backticks and escapes."""
    text = _FOOTNOTE_REF.sub("", text)
    text = _MD_LINK.sub(r"\1", text)
    text = re.sub(r"\\([\\`*_{}\[\]()#+\-.!|<>&~=\"'])", r"\1", text)
    text = re.sub(r"\*\*|__|`", "", text)
    text = re.sub(r"\*+(?=\S)|(?<=\S)\*+", "", text)
    text = re.sub(r"(?<!\w)_(?=\S)|(?<=\S)_(?!\w)", "", text)
    return text.strip()


def split_cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", inner)]


_SEPARATOR_CELL = re.compile(r"^:?-{1,}:?$")


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]  # data rows, each padded to the header's width
    lines: list[str]  # the data rows' lines, for reporting
    header_line: str


def tables(body: str) -> list[Table]:
    """Markdown tables outside code: header, separator, data rows."""
    found: list[Table] = []
    block: list[str] = []

    def flush() -> None:
        if len(block) >= 2 and all(_SEPARATOR_CELL.match(c) for c in split_cells(block[1]) if c):
            header = split_cells(block[0])
            rows, lines = [], []
            for line in block[2:]:
                cells = split_cells(line)
                rows.append((cells + [""] * len(header))[: max(len(header), len(cells))])
                lines.append(line)
            found.append(Table(header, rows, lines, block[0]))
        block.clear()

    for _, line in prose_lines(body):
        if line.lstrip().startswith("|"):
            block.append(line)
        else:
            flush()
    flush()
    return found


def items(body: str) -> list[str]:
    """Bullet items outside code, each joined with its indented continuation lines."""
    out: list[str] = []
    current: list[str] | None = None
    indent = 0
    for _, line in prose_lines(body):
        match = _BULLET.match(line)
        if match and not _THEMATIC_BREAK.match(line):
            if current is not None:
                out.append(" ".join(current))
            current, indent = [line[match.end():].strip()], len(match.group(1))
        elif current is not None and line.strip() and (len(line) - len(line.lstrip())) > indent \
                and not line.lstrip().startswith("|"):
            current.append(line.strip())
        else:
            if current is not None:
                out.append(" ".join(current))
            current = None
    if current is not None:
        out.append(" ".join(current))
    return out


def items_over_code(body: str) -> set[str]:
    """Bullet items (as `items` joins them) whose next text is a code block set under
    them: `..., such as` over its example is whole, not cut."""
    lines = body.split("\n")
    found: set[str] = set()
    listed = items(body)
    for n, line in enumerate(lines):
        match = _BULLET.match(line)
        if not match or _THEMATIC_BREAK.match(line):
            continue
        k = n + 1
        while k < len(lines) and lines[k].strip() and (len(lines[k]) - len(lines[k].lstrip())) > len(match.group(1)) \
                and not lines[k].lstrip().startswith(("```", "~~~")):
            k += 1
        while k < len(lines) and not lines[k].strip():
            k += 1
        if k < len(lines) and lines[k].lstrip().startswith(("```", "~~~")) \
                and (len(lines[k]) - len(lines[k].lstrip())) > len(match.group(1)):
            first = line[match.end():].strip()
            found |= {item for item in listed if item.startswith(first)}
    return found


_BOLD_KEY = re.compile(r"^\s*(?:[*+-]\s+)?(\*\*|__)(?P<key>[^*_].*?)\1\s*(?P<sep>:|—|–|-)?\s*(?P<value>.*)$")
_DASH_KEY = re.compile(r"^(?P<key>[^|#>*\s][^|]*?)\s+[—–]\s+(?P<value>\S.*)$")


@dataclass(frozen=True)
class Attribute:
    key: str
    value: str
    line: str
    bullet: bool
    bold: bool


def attributes(body: str) -> list[Attribute]:
    """`**Key** -- value`, `**Key**: value`, `* **Key** value` and `Key -- value` lines (a
    plain key of at most 6 words before an em or en dash). Code and tables are left out."""
    out: list[Attribute] = []
    for _, line in prose_lines(body):
        if _HEADING.match(line) or line.lstrip().startswith("|"):
            continue
        bullet = _BULLET.match(line) is not None
        if (m := _BOLD_KEY.match(line)) and not m.group("key").endswith("*"):
            key = m.group("key").strip()
            value = m.group("value").strip()
            if key.endswith(":") and not m.group("sep"):
                key = key[:-1].strip()
            out.append(Attribute(key, value, line, bullet, True))
        elif not bullet and (m := _DASH_KEY.match(line)) and len(m.group("key").split()) <= 6:
            out.append(Attribute(m.group("key").strip(), m.group("value").strip(), line, False, False))
    return out


def sources_section_lines(body: str) -> set[int]:
    """Indexes of the lines of the `# Sources` section and of footnote definitions."""
    skip: set[int] = set()
    inside = 0
    for i, line in enumerate(body.splitlines()):
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            if inside and level <= inside:
                inside = 0
            if heading.group(2).strip().casefold() == "sources":
                inside = level
        if inside or _FOOTNOTE_DEF.match(line):
            skip.add(i)
    return skip


# ---------------------------------------------------------------------------------------
# Defect classes: each a pure function of the page's text returning the offending lines

FUNCTION_WORDS = frozenset(
    "the a an of to and or using with for in but that which when while if as by from into than "
    "via such whose its their your these those is are was were be whether because nor".split())
FRAGMENT_END_WORDS = FUNCTION_WORDS | {"include", "includes", "including", "following", "follows", "other"}
FRAGMENT_START_WORDS = frozenset({"and", "or", "the", "of", "to"})

_ROLE = re.compile(r"(?<![\w`]):[a-z][\w+.-]*:`[^`\n]+`")
_DIRECTIVE = re.compile(r"^\s*\.\.\s+(?:[\w-]+::|_[\w .-]+:|\|[\w -]+\|)")
_ROFF_FONT = re.compile(r"\\f[BIRP]")  # a text a converter left roff in
_ROFF = re.compile(r"\\f[BIRPC(]|\\\([a-zA-Z]{2}|\\&|(?<=[^\s\\])\\-|(?<=\s)\\-(?=\w)")
_ANCHOR = re.compile(r"\\?\[\\?\[[A-Za-z_][\w:.-]*\\?\]\\?\]|<<[A-Za-z_][\w.-]*(?:,[^<>]*)?>>"
                     r"|\S::(?:\s+\+(?:\s|$)|\s*$)|\s\+\s+-{4,}(?:\s|$)")  # also a flattened `term::` / `+` / `----`
_ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#\d{1,6}|#[xX][0-9a-fA-F]{1,5});")
_TAG = re.compile(
    r"</?(?:div|span|br|p|a|b|i|u|em|strong|font|table|tr|td|th|tbody|thead|ul|ol|li|pre|code|img|"
    r"h[1-6]|sup|sub|tt|hr|center|blockquote|dl|dt|dd|small|big|section|article|nav|header|footer)"
    r"(?:\s[^<>]*)?/?>", re.IGNORECASE)
_GRID = re.compile(r"^\s*\+(?:[-=]{3,}\+)+\s*$|^\s*\|={3,}\s*$")
_RULE_EQUALS = re.compile(r"^\s*(?:\\?=){3,}\s*$")
_UNDERLINE = re.compile(r"^\s*(?:(?:\\?-){3,}|(?:\\?~){3,}|(?:\\?\^){3,})\s*$")
_THEMATIC_BREAK = re.compile(r"^\s{0,3}([*_-])(?:\s*\1){2,}\s*$")  # `---`, `* * *`: a markdown rule
_DEFINITION_BULLET = re.compile(r"^\s*[*+-]\s+(?:\*\*[^*]+\*\*|`[^`]+`) — ")
_FIELD_BULLET = re.compile(r"^\s*[*-] [A-Z][\w ()-]{0,30}: \S")  # `* Payment terms: 30 days`
_EMPTY_BULLET = re.compile(r"^\s*(?:[*+-]|\d{1,3}[.)])(?:\s+(?:\\?[-*+=_~.])*)?\s*$")


def markup(page: str, sources: tuple[str, ...] = ()) -> list[str]:
    """Lines with source markup left in (see the module docstring). A backslash
    sequence a cited source with no roff in it writes as its own words (a sed FAQ's
    `\\&`, `\\(grouping\\)`) is what the source says, not a converter's leftover."""
    said = [s for s in sources if not _ROFF_FONT.search(s)]

    def leftover_roff(text: str) -> bool:
        unescaped = re.sub(r"\\([\\`*_{}\[\]()#+\-.!|<>&])", r"\1", text)
        return any(not any(m.group(0) in s for s in said) for m in _ROFF.finditer(unescaped))

    body = split_page(page)[1]
    lines = body.splitlines()

    def holds_block(i: int) -> bool:
        """Whether the item a marker line opens has its content indented under it (`1.`
        over its example: a step that is its commands), so the marker is no leftover."""
        after = next((x for x in lines[i + 1:] if x.strip()), "")
        return bool(re.match(r"^\s*\d{1,3}[.)]\s*$", lines[i])) and len(after) - len(after.lstrip()) >= 3

    out: list[str] = []
    previous, last = "", -2
    for i, line in prose_lines(body):
        if i != last + 1:  # after a code block: no line of prose above this one
            previous = ""
        last = i
        text = without_code(line)
        stripped = line.strip()
        if (_ROLE.search(line) or _DIRECTIVE.match(line) or (_ROFF.search(text) and leftover_roff(text)) or _ANCHOR.search(text)
                or _ENTITY.search(text) or _TAG.search(text) or _GRID.match(line) or _RULE_EQUALS.match(line)) or (_UNDERLINE.match(line) and previous.strip() and not previous.lstrip().startswith(("|", "#")) \
                and not _UNDERLINE.match(previous)) or (stripped and _EMPTY_BULLET.match(line) and not _THEMATIC_BREAK.match(line) and not holds_block(i)):
            out.append(line)
        previous = line
    return out


def empty_column(page: str) -> list[str]:
    """A table's header line (with the empty columns named) for each table in which some
    column is empty in every data row."""
    out: list[str] = []
    for tab in tables(split_page(page)[1]):
        if not tab.rows:
            continue
        width = max(len(tab.header), *(len(r) for r in tab.rows))
        empty = [i for i in range(width) if all(not (r[i] if i < len(r) else "").strip() for r in tab.rows)]
        if empty:
            names = ", ".join(f"column {i + 1}" + (f" ({tab.header[i]!r})" if i < len(tab.header) and tab.header[i]
                                                   else "") for i in empty)
            out.append(f"{tab.header_line}  [{names} empty; first row: {tab.lines[0].strip()}]")
    return out


# syntax: `[file]...`, `FILE...`, a lone word repeated (man's conventions: `argument ...`)
_SYNTAX_ELLIPSIS = re.compile(r"(?:[\],>]|\b[A-Z][A-Z0-9_]*|^[\w-]+ )\s?(?:\.\.\.|…)$")
KEY_CUT_WORDS = frozenset({"the", "a", "an", "of", "to", "and", "or", "with"})


def is_cut(value: str, min_words: int = 2, words_set: frozenset[str] = FUNCTION_WORDS) -> bool:
    """Whether a value ends mid-sentence: an ellipsis that is not command syntax, or a
    dangling function word, comma or dash. Code (a command, an option) is never cut."""
    value = _FOOTNOTE_REF.sub("", value).strip()
    if not value or re.search(r"`\s*$", value):  # ends with code: syntax, not prose
        return False
    text = without_code(value).strip()
    if is_option_term(plain(text)) or (is_code_key(text) and len(text.split()) <= 8):
        return False
    if text.endswith(("...", "…")):
        return not _SYNTAX_ELLIPSIS.search(text)
    words = re.findall(r"[\w'’]+", text)
    if len(words) < min_words:
        return False
    if re.search(r"(?:,|\s[-–—]|[a-z]-)$", text):
        return True
    last = re.search(r"(?<![\w-])([a-z]+)$", text)
    return last is not None and last.group(1) in words_set


def cut(page: str, sources: tuple[str, ...] = ()) -> list[str]:
    """Cells, bullet items, the description and attribute values that end mid-sentence
    (a table's first column, its keys, only when cut after and/or/the/of/to/with or a comma),
    unless one of the page's `sources` (their texts) ends that line the same way."""
    meta, body = split_page(page)
    out: list[str] = []

    def cut_here(value: str, min_words: int = 2, words_set: frozenset[str] = FUNCTION_WORDS) -> bool:
        return is_cut(value, min_words, words_set) and not ends_so_in_source(value, sources)

    description = meta.get("description")
    if isinstance(description, str) and cut_here(description):
        out.append(f"description: {description}")
    for tab in tables(body):
        for cells, line in zip(tab.rows, tab.lines, strict=True):
            keys, values = (cells[:1], cells[1:]) if len(cells) > 1 else ([], cells)
            if any(cut_here(c) for c in values) or any(cut_here(c, 2, KEY_CUT_WORDS) for c in keys):
                out.append(line)
    over_code = items_over_code(body)
    for item in items(body):
        if cut_here(item) and item not in over_code:
            out.append(f"* {item}")
    for attribute in attributes(body):
        if not attribute.bullet and attribute.value and cut_here(attribute.value):
            out.append(attribute.line)
    return out


TAIL_WORDS = 5  # how much of a value's end is looked up in its sources
_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s")


@functools.lru_cache(maxsize=64)
def _plain_lines(text: str) -> str:
    return "\n".join(plain(line) if line.strip() else line for line in text.split("\n"))


def ends_so_in_source(value: str, sources: tuple[str, ...]) -> bool:
    """Whether a source ends a line where the value ends, and the sentence does not go
    on below it: the text of a table row (a column layout or the next row's key), a
    list item before the next item, a line before a blank line or a capitalised one.
    A value that ends so in its source is the source's own words (`and more...`, an
    item ending with a comma), not a cut the page made."""
    words = plain(_FOOTNOTE_REF.sub("", value)).split()[-TAIL_WORDS:]
    if not words or not sources:
        return False
    # (a CSV cell may close its quote after them; a cell of a source's table ends at its bar)
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words) + r"(?:[\"']?[ \t]*(?:\n|$)|[ \t]*\|)")
    # the source may set the words in emphasis or code (`*logical or*`, `` `__repr__`, ``),
    # which the page's plain text has lost: its lines are compared as plain text too
    for text in (_plain_lines(source) for source in sources):
        for m in pattern.finditer(text):
            rest = text[m.end():]
            following = rest.split("\n", 1)[0]
            if not following.strip() or m.end() == len(text) or _LIST_MARKER.match(following) \
                    or not following.strip()[0].islower() or re.search(r"\S {2,}\S", following.strip()):
                return True
            here = text.rfind("\n", 0, m.start()) + 1
            if len(following) - len(following.lstrip()) < len(text[here:]) - len(text[here:].lstrip()):
                return True  # the next line stands left of this one: a new entry
    return False


def _sentence_key(sentence: str) -> str:
    """A sentence's words, casefolded, without addresses: a page writes a link's address
    after its text (`See this documentation (https://...)`), its source's markdown does
    not show it, and the two are one sentence."""
    return " ".join(re.sub(r"[^\w\s]", " ", _ADDRESS.sub(" ", plain(sentence)).casefold()).split())


_ADDRESS = re.compile(r"\(?\b(?:https?|ftp)://[^\s)]+\)?")


def repeated(page: str, sources: tuple[str, ...] = ()) -> list[str]:
    """Each extra occurrence of a sentence of >= REPEAT_WORDS words on the page (prose and
    bullet items; table rows, headings, the Sources section and footnote definitions are
    not counted), beyond as many times as one of its `sources` says it (a manual that
    repeats a remark under three settings), or says the label it opens with (see `_keys`)."""
    body = split_page(page)[1]
    skip = sources_section_lines(body)
    paragraphs: list[tuple[str, int | None]] = []  # (text, the list it is an item of)
    current: list[str] = []
    listed: int | None = None  # the list the current paragraph is an item of
    lists = 0
    bullets: int | None = None  # the indent of the bullets of the list being read
    for i, line in prose_lines(body):
        stripped = line.strip()
        # a definition list's entries are table rows written as bullets: two terms may say the
        # same of themselves (`-Z keeps the window zoomed` under two commands); so are a
        # document's field lines (`* Delivery: within 10 days` in a contract and in the notice
        # that restates its terms: each document's record)
        special = i in skip or not stripped or stripped.startswith("|") or _HEADING.match(line) \
            or _DEFINITION_BULLET.match(line) or _FIELD_BULLET.match(line)
        bullet = _BULLET.match(line)
        indent = len(line) - len(line.lstrip())
        if stripped and not bullet and (bullets is None or indent <= bullets):
            bullets = None  # (text at the list's margin or left of it ends the list)
        if bullet and bullets != indent:
            lists, bullets = lists + 1, indent
        if special or bullet:
            if current:
                paragraphs.append((" ".join(current), listed))
            current, listed = [], None
            if not special:
                current, listed = [line[bullet.end():].strip()], lists  # type: ignore[union-attr]
            continue
        current.append(stripped)
    if current:
        paragraphs.append((" ".join(current), listed))
    said = [[(s, _sentence_key(s)) for s in re.split(r"(?<=[.!?])\s+", _INLINE_CODE.sub(r"\2", _FOOTNOTE_REF.sub("", p)))]
            for p, _ in paragraphs]  # (a code span's text is the sentence's own: two naming different fields differ)
    total = Counter(k for sentences in said for _, k in sentences)
    # a document's list kept whole -- an item of it said elsewhere on the page too -- is its record, as
    # its field lines are: a list with an item of its own is not counted, only one said wholly again
    whole = {listed for (_, listed), sentences in zip(paragraphs, said, strict=True)
             if listed is not None and all(total[k] <= 1 for _, k in sentences)}
    seen: Counter[str] = Counter()
    out: list[str] = []
    for (_, listed), sentences in zip(paragraphs, said, strict=True):
        for sentence, key in sentences:
            if len(key.split()) < REPEAT_WORDS:
                continue
            seen[key] += 1
            if seen[key] > 1 and listed not in whole and seen[key] > max(
                    (_said(source, k) for source in sources for k in _keys(sentence, key)), default=0):
                out.append(sentence.strip())
    return out


def _keys(sentence: str, key: str) -> list[str]:
    """A sentence's key, and for a label over the names it lists (`Methods inherited from
    Base: close, flush.`, a page's summary of the members the source documents under
    it) the label's too: said as often as the source says the label."""
    label, colon, _ = sentence.partition(": ")
    return [key, _sentence_key(label + ":")] if colon and len(label.split()) >= 3 else [key]


@functools.lru_cache(maxsize=64)
def _sentence_keys(source: str) -> str:
    """The source's text as sentence keys, its words broken across lines by groff's
    hyphen (`ig‐` over `nored`) joined as a page joins them."""
    return f" {_sentence_key(_BROKEN_WORD.sub('', source))} "


_BROKEN_WORD = re.compile(r"[\u2010\u00ad]\s+")


def _said(source: str, key: str) -> int:
    """How many times a source says a sentence (compared as _sentence_key text)."""
    return len(re.findall(rf"(?<= ){re.escape(key)}(?= )", _sentence_keys(source)))  # (two in a row share a space)


def empty_key(page: str) -> list[str]:
    """Bold keys with nothing after them, and key/value rows with an empty value."""
    body = split_page(page)[1]
    out: list[str] = []
    lines = dict(prose_lines(body))
    for index, line in lines.items():
        m = _BOLD_KEY.match(line)
        if not m or m.group("value").strip() or _HEADING.match(line):
            continue
        bullet = _BULLET.match(line) is not None
        if not bullet and not m.group("sep"):
            continue  # a bold line alone is a pseudo-heading, not a key
        following = next((lines[j] for j in sorted(lines) if j > index and lines[j].strip()), "")
        nested = bullet and _BULLET.match(following) is not None and \
            len(following) - len(following.lstrip()) > len(line) - len(line.lstrip())
        if not nested:
            out.append(line)
    for tab in tables(body):
        header = [plain(h).casefold() for h in tab.header]
        key_value = len(header) == 2 or (len(header) == 3 and header[2] in {"source", "sources"})
        if not key_value:
            continue
        for cells, line in zip(tab.rows, tab.lines, strict=True):
            if plain(cells[0]) and not plain(cells[1] if len(cells) > 1 else ""):
                out.append(line)
    return out


DOCUMENT_SUFFIXES = (
    "txt|md|markdown|rst|adoc|asciidoc|html|htm|xhtml|pdf|docx|doc|odt|ods|odp|rtf|csv|tsv|xlsx|xls|pptx|ppt|"
    "json|yaml|yml|xml|bmp|png|jpe?g|gif|tiff?|log|orig|gz|bz2|xz|zst|zip|tar|tex|org|epub|text|eml|msg")
_FILE_NAME = re.compile(rf"^(?:[\w.+-]+\.(?:{DOCUMENT_SUFFIXES})|[A-Za-z]+[-_]\d+)$", re.IGNORECASE)


def is_file_name(title: str) -> bool:
    return _FILE_NAME.match(plain(title).strip()) is not None


def file_name_title(page: str) -> list[str]:
    """The page title, source titles and headings that are bare file names."""
    meta, body = split_page(page)
    out: list[str] = []
    if isinstance(meta.get("title"), str) and is_file_name(meta["title"]):
        out.append(f"title: {meta['title']}")
    for source in meta.get("sources") or []:
        if isinstance(source, dict) and isinstance(source.get("title"), str) and is_file_name(source["title"]):
            own = str(source.get("resource") or "").rsplit("/", 1)[-1].removesuffix(".orig")
            if source["title"] != own:
                out.append(f"sources[{source.get('id', '?')}].title: {source['title']}")
    in_sources = False
    for line in body.splitlines():
        if line.startswith("# "):
            in_sources = line[2:].strip().casefold() == "sources"
        elif in_sources and (entry := _SOURCE_ENTRY.match(line)) and is_file_name(entry.group(1)):
            out.append(line)
    for _, line in prose_lines(body):
        m = _HEADING.match(line)
        if m and len(m.group(1)) <= 4 and is_file_name(m.group(2)):
            out.append(line)
    return out


_SOURCE_ENTRY = re.compile(r"^\* (.+?) — ")  # `* GNU make README — README, 2025-01-01.[^doc-36]`


_OPTION_TOKEN = re.compile(r"^[-+]{1,2}[\w#?@.\"][^\s]*$")
_COMMAND_LINE = re.compile(r"^(?:sudo\s+)?[a-z][\w.+-]*\s+-{1,2}[\w?#][^\s]*\s+\S")
_CODE_WORD = re.compile(r"^(?:(?:if|while|until|elif)\s*[(\[]|(?:echo|printf|export|return|def|function|let|var|const|"
                        r"cd|sudo|unset|eval|exec|import|from|print)\s+\S)")
_SIGNATURE = re.compile(r"^[A-Za-z_][\w.:]*(?:\(…\))?(?:\[…\])?$")  # name, name(...), name[...]
_KEY_BINDING = re.compile(r"^(?:(?:ESC|CONTROL|CTRL|META|ALT|SHIFT|[CM])-\S+|[ˆ^]\S+)$")  # less: `ESC-}`, `^L`
_VERSION_PART = re.compile(r"^v?\d+(?:\.\d+)*$")
_ASSIGNMENT = re.compile(r"^[A-Za-z_][\w.-]*=[^\s=]+$")  # dict=size, windowLog=wlog
_LABELLED = re.compile(r"^[A-Z][\w' -]*:\s+(?P<term>\S.*)$")  # jq's `Pipe: |`, `Object Construction: {}`


def collapse(text: str) -> str:
    """Bracketed groups ((...), <...>, [...], {...}) replaced by empty ones, innermost first."""
    for _ in range(6):
        shorter = re.sub(r"\([^()]*\)", "(…)", text)
        shorter = re.sub(r"<[^<>]*>", "<…>", shorter)
        shorter = re.sub(r"\[[^\[\]]*\]", "[…]", shorter)
        shorter = re.sub(r"\{[^{}]*\}", "{…}", shorter)
        if shorter == text:
            break
        text = shorter
    return text


def is_option_term(key: str) -> bool:
    """`-v`, `--verbose`, `-v, --verbose`, `-o FILE`, `--exclude=PATTERN`, `-S .suf --suffix .suf`,
    `-O[type], --output-sync[=type]`: options, each with at most one argument, no code."""
    tokens = [t for t in re.split(r",\s+|\s+or\s+|\s+", key.strip().rstrip(",")) if t]
    if not tokens or not _OPTION_TOKEN.match(tokens[0]) or tokens[0] in {"-", "--"}:
        return False
    options = sum(1 for t in tokens if _OPTION_TOKEN.match(t))
    return len(tokens) - options <= options and not any(t in {"|", ";", "&&", "||", "$"} for t in tokens)


def is_term(text: str, cell: bool) -> bool:
    """A legitimate key that merely contains code characters: an option, a function
    signature (`match(regex; flags)`), a sub-option (`dict=size`), an operator in a table
    or a heading naming operators (`=`, `==, !=`), or a list of these."""
    if is_option_term(text):
        return True
    parts = [p for p in re.split(r",\s*|\s+or\s+|\s+", collapse(text)) if p]
    if not parts:
        return False
    symbols = all(not re.search(r"\w", p) and len(p) <= 3 for p in parts)
    if symbols:  # an operator table's key; as a heading, operators named (`==, !=`) but a lone brace is code
        return cell or all(re.fullmatch(r"[=!<>+*/%&^~-]{1,3}", p) for p in parts)
    return all(_SIGNATURE.match(p) or _ASSIGNMENT.match(p) or _OPTION_TOKEN.match(p) or _KEY_BINDING.match(p)
               or _VERSION_PART.match(p) or p in {"<…>", "[…]", "[…]..."} for p in parts) \
        and len(parts) <= 6 and not all(p in {"<…>", "[…]", "[…]..."} for p in parts)


_CALL_FORM = re.compile(r"[\w.$]+\([\w ,;.$]*\)(?:, [\w.$]+(?:\([\w ,;.$]*\))?)*")  # `until(cond; next)`


def is_code_key(key: str, cell: bool = False) -> bool:
    text = plain(key)
    if not text or is_option_term(text):
        return False
    if cell and text.startswith("# "):
        return True
    if _CALL_FORM.fullmatch(text):
        return False  # a function's form names what the section documents (jq's `while(cond; update)`)
    if "$ " in f" {text}" or "#!" in text or _CODE_WORD.match(text) or _COMMAND_LINE.match(text):
        return True
    labelled = _LABELLED.match(text)
    # a syntax summary may end its statement: jq's `module <metadata>;`
    syntax = text[:-1].rstrip() if text.endswith(";") and text.count(";") == 1 else text
    if (labelled and is_term(labelled.group("term"), True)) or is_term(syntax, cell):
        return False
    flat = collapse(text)
    if ";" in flat and len(re.findall(r"[A-Za-z]{2,}", flat)) < 5:  # `a; b`; but not `exists; do you wish ...`
        return True
    return any(mark in flat for mark in ("()", "{", "}", "=", "|"))


def bad_keys(body: str, is_bad: Callable[[str], bool], keyed: Callable[[Attribute], bool]) -> list[str]:
    """The heading lines and the lines of the attributes chosen by `keyed` whose text
    (a heading's title, an attribute's key) `is_bad`."""
    out = [line for _, line in prose_lines(body) if (m := _HEADING.match(line)) and is_bad(m.group(2))]
    return out + [a.line for a in attributes(body) if keyed(a) and is_bad(a.key)]


def code_as_key(page: str) -> list[str]:
    """Headings, attribute keys and first-column table cells that are code."""
    body = split_page(page)[1]
    out = bad_keys(body, is_code_key, lambda a: bool(a.value) and not (a.bullet and a.bold))
    # a definition list written as bullets (`* **==, !=** -- ...`) lists terms as its table does
    out += [a.line for a in attributes(body) if a.value and a.bullet and a.bold and is_code_statement(a.key)]
    for tab in tables(body):
        if len(tab.header) < 2:
            continue
        listed = plain(tab.header[0]).strip().casefold() in DEFINITION_HEADERS
        for cells, line in zip(tab.rows, tab.lines, strict=True):
            if is_code_statement(cells[0]) if listed else is_code_key(cells[0], cell=True):
                out.append(line)
    return out


# The first column of a definition list written as a table: what the source lists as
# terms -- options, commands, syntax (`command | getline`, `window-size largest |
# smallest`), examples (`gpg -se -r Bob file`). A term there is code only when it is
# a piece of a program: a prompt, a line continued with `\`, a block or statements.
DEFINITION_HEADERS = frozenset({"option", "command", "term", "syntax", "question", "variable", "name", "command line",
                                "example", "invocation"})


def is_code_statement(cell: str) -> bool:
    text = plain(cell).strip()
    if text.startswith(("$ ", "# ", "#!")) or (text.endswith("\\") and len(text.rstrip("\\").strip()) >= 2):
        # (a lone `\\` is an escape a table of escapes lists, no line continued)
        return True
    if re.match(r"--?\w", text):
        return False  # an option with its arguments' syntax (`--extra-submit <file>[;<file>]`) is a term
    # a signature's arguments (`match(regex; flags)`) are not statements, nor is a
    # sentence's semicolon: statements come with a program's symbols
    text = re.sub(r"\([^()]*\)", "", text)
    # (`mt=01;31`, a setting whose value is numbers a semicolon separates, is one term)
    return bool(re.search(r"\{[^}]*;", text) or (re.search(r";\s*\S", re.sub(r"\d;(?=\d)", "", text))
                                                 and re.search(r"[=$&<>\[\]]", text)))


_NAMED_SYNTAX = re.compile(r"[A-Z][\w /-]{0,40}: [^\w\s]+(?:, [^\w\s]+)*")  # `Comma: ,`, `Pipe: |`


def is_fragment(key: str) -> bool:
    text = plain(key).rstrip(":").strip()
    words = re.findall(r"[\w'’]+", text)
    if not words:
        return False
    if text.endswith("?") or _NAMED_SYNTAX.fullmatch(text):
        return False  # a question (a FAQ's, as its heading or term) is whole however long; so is `Comma: ,`
    if len(text.split()) > FRAGMENT_WORDS or text.endswith(",") or re.search(r"\w\s+[-–—]$", text):
        return True
    if words[0] in FRAGMENT_START_WORDS and text.split()[0].rstrip(",;") == words[0]:
        return True  # lowercase as written, and a word, not a name (`<or>, <and>`: a format's elements)
    return len(words) >= 2 and re.search(r"[A-Za-z]$", text) is not None and words[-1].casefold() in FRAGMENT_END_WORDS \
        and words[-1].islower()


def fragment(page: str) -> list[str]:
    """Headings and bold keys that are sentence fragments; a definition list written
    as bullets (`* **exclude from** -- ...`) names its terms as the source does, so its
    term is a fragment only when long or ending with a comma, as a table's would be."""
    body = split_page(page)[1]
    out = bad_keys(body, is_fragment, lambda a: a.bold and not (a.bullet and a.value))
    return out + [a.line for a in attributes(body) if a.bold and a.bullet and a.value and is_long_fragment(a.key)]


def is_long_fragment(key: str) -> bool:
    text = plain(key).rstrip(":").strip()
    # (a term's forms, one or the other, are whole however many: `ENTER or RETURN or ^N or e or j`)
    forms = " or " in text and all(len(part.split()) <= 3 for part in text.split(" or "))
    return not text.endswith("?") and not forms and (len(text.split()) > FRAGMENT_WORDS or text.endswith(","))


def unclosed_code(page: str) -> list[str]:
    """The opening line of a fenced code block still open at the page's end."""
    opened = _outside_fences(split_page(page)[1], _ANY_FENCE)[1]
    return [opened] if opened else []


_ANY_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")  # (a list item's code is indented deeper than three spaces)


DEFECTS: dict[str, Callable[[str], list[str]]] = {
    "markup": markup, "empty_column": empty_column, "cut": cut, "repeated": repeated, "empty_key": empty_key,
    "file_name_title": file_name_title, "code_as_key": code_as_key, "fragment": fragment,
    "unclosed_code": unclosed_code,
}

# ---------------------------------------------------------------------------------------
# Facts: found in a source's text with plain regular expressions

_WORD = re.compile(r"[-+]*\w+(?:['./+:-]+\w+)*")
_DASHES = re.compile(r"\s+\\?-\s+|\s*[—–]\s*|\s+\\-\s*")


def loose(text: str) -> str:
    """Casefolded words (markdown and roff escapes stripped, dashes and quotes unified)
    joined by single spaces: what two texts are compared as."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"(\w)[\u2010\u00ad]\s+(\w)", r"\1\2", text)  # `statis‐ tics`: a formatter's hyphenation
    text = re.sub(r"\\f[BIRP]|\\f\(..|\\&", "", text)
    text = _DASHES.sub(" - ", text.replace("\\-", "-"))
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", text)  # reference links (`[text][ref]`) too
    # addresses, which a page writes after a link's text or leaves out where the link only annotates a word
    text = re.sub(r" ?\((?:https?|ftp)://(?:[^\s()]|\([^\s()]*\))+\)", "", text)
    text = re.sub(r"<?(?:https?|ftp)://[^\s<>]+>?", " ", text)
    text = plain(text).casefold()
    return " ".join(w.strip("_") for w in _WORD.findall(text) if w.strip("_-+"))


def contains(haystack: str, needle: str) -> bool:
    """Whether the loose words of `needle` are a run of the loose words `haystack`."""
    words = loose(needle)
    return bool(words) and f" {words} " in f" {haystack} "


_CAPS_HEADING = re.compile(r"^[A-Z][A-Z0-9 /_-]*[A-Z](?:\s*\([^()]*\))?$")


def _heading_name(line: str) -> str:
    """The text of a man page section heading -- `NAME`, `## NAME`, `## Name`, `**NAME**`,
    `SYNOPSIS (deprecated)` -- or "" for any other line."""
    stripped = line.strip()
    if len(line) - len(line.lstrip()) > 3:
        return ""
    if stripped.startswith("#"):
        return stripped.lstrip("#").strip()
    name = stripped[2:-2].strip() if stripped.startswith("**") and stripped.endswith("**") else stripped
    return name if _CAPS_HEADING.match(name) else ""


def _section_lines(lines: list[str], start: int, limit: int) -> list[str]:
    """Up to `limit` lines of the paragraph after line `start` (blank lines and setext
    underlines skipped before it), stopping at a blank line, a heading or a fence."""
    out: list[str] = []
    for line in lines[start + 1 :]:
        stripped = line.strip()
        if not stripped or re.fullmatch(r"[-=~]{3,}", stripped) or _FENCE.match(line):
            if out:
                break
            continue
        if _heading_name(line):
            break
        out.append(stripped)
        if len(out) == limit:
            break
    return out


_NAME_LINE = re.compile(r"^(?P<names>[\w.+:@-]+(?:\s*,\s*[\w.+:@-]+)*)\s+(?:\\-|-|—|–)\s+(?P<description>\S.*)$")


def man_name(text: str) -> tuple[str, str] | None:
    """(name, description) of a man page's NAME line, or None when the text is not one."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        heading = _heading_name(line)
        if heading != "NAME" and not (heading.casefold() == "name" and line.strip().startswith("#")):
            continue
        joined = plain(" ".join(_section_lines(lines, i, 3)))
        joined = re.sub(r"\\f[BIRP]|\\&", "", joined).replace("\\-", "-")
        m = _NAME_LINE.match(" ".join(joined.split()))
        if not m:
            continue
        description = m.group("description")
        inner = _NAME_LINE.match(description)  # `zstd - zstd, zstdmt, unzstd - Compress ...`
        if inner and "," in inner.group("names"):
            description = inner.group("description")
        return m.group("names").split(",")[0].strip(), description.strip().rstrip(".").strip()
    return None


def man_synopsis(text: str) -> str | None:
    """The first line of a man page's SYNOPSIS (its first SYNOPSIS_WORDS words), or None."""
    if man_name(text) is None:
        return None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        heading = _heading_name(line)
        if not re.match(r"(?i)^synopsis\b", heading) or (heading[:8] != "SYNOPSIS" and not line.strip().startswith("#")):
            continue
        paragraph = _section_lines(lines, i, 3)
        if not paragraph:
            return None
        first = paragraph[0]
        for more in paragraph[1:]:
            if len(loose(first).split()) >= 4:
                break
            first = f"{first} {more}"
        words = plain(first).split()
        return " ".join(words[:SYNOPSIS_WORDS]) if len(loose(first).split()) else None
    return None


VERSION = r"v?\d+(?:\.\d+)+(?:[-+~:.]?[\w.+~:-]*\w)?"
# `1.2.3, 2024-01-02` is a heading; `1.0.1, 1.0.2 and 1.0.3,` and `5.0, open the file` are prose
_VERSION_AT_START = re.compile(
    rf"^\[?(?P<v>{VERSION})\]?\s*(?:$|[(\[:—–]|,\s*(?:\d{{4}}-|\d{{1,2}} [A-Z]|[A-Z][a-z]+ \d)|-\s|\s-|\s\(|\s\[|\s\d{{4}}-)")
_VERSION_WORD = re.compile(r"(?i)^(?:version|release|v)\s*(?P<v>\d+(?:\.\d+)*(?:[-+~.][\w.+~-]*\w)?)\s*(?:$|[(\[:,—–-])")
_DEBIAN = re.compile(r"^[a-z0-9][\w.+-]*\s+\((?P<v>[^()\s]+)\)\s+[\w.,-]+(?:\s+[\w.,-]+)*;\s*urgency=", re.IGNORECASE)
_DATE_VERSION = re.compile(rf"^\d{{4}}-\d\d-\d\d\s*\((?:version\s+)?(?P<v>{VERSION})\)")
_KEYWORD_VERSION = re.compile(
    r"\b(?:changes|news|release notes|changelog|history)\b.*?\b(?:release|version)s?\s+\"?v?"
    r"(?P<v>\d+(?:\.\d+)*)\"?(?:\s+(?:and|to)\s+\"?v?(?P<w>\d+(?:\.\d+)*))?"
    r"|^(?:news|changes|release notes|changelog)\b(?: (?:for|of|in))?\s+[\w.+-]+\s+(?:from\s+)?v?(?P<x>\d+(?:\.\d+)+)\b"
    r"(?:\s+to\s+v?(?P<y>\d+(?:\.\d+)+)\b)?",
    re.IGNORECASE)


def _strip_heading_marks(line: str) -> str:
    text = plain(re.sub(r"^\s*(?:#{1,6}\s+|[*+-]\s+|\\\*\\\*\s+|\*\*\s+)", "", line))
    return text.strip()


def version_heading(line: str) -> str | None:
    """The version a changelog heading line names, or None when the line is not one.
    Unindented: `7.88.1 (2023-02-20)`, `Version 4.4`, `version 1.34 - name, date`,
    `pkg (1.2-3) unstable; urgency=low`, `## [2.1.0] - 2024-01-02`, `### 2022-12-28 (3.40.1)`;
    at any indentation, a short line naming changes and a release: `* Noteworthy changes in
    release 3.11 (2023-05-13)`, `Major changes between "less" versions 581 and 590`, `Changes in
    frob from 1.06 to 1.07.` (the later version)."""
    if not line.strip():
        return None
    text = _strip_heading_marks(line)
    if len(text.split()) <= 14:
        m = _KEYWORD_VERSION.search(text)
        if m and (m.group("w") or m.group("v") or m.group("y") or m.group("x")):
            return m.group("w") or m.group("v") or m.group("y") or m.group("x")  # `from 1.4 to 1.4.1`: the later
    if line[:1].isspace():
        return None
    for pattern in (_DEBIAN, _DATE_VERSION, _VERSION_AT_START, _VERSION_WORD):
        m = pattern.match(text)
        if m:
            return m.group("v").lstrip("v")
    return None


def version_key(version: str) -> tuple:
    """Version order: numeric parts as numbers, others as text below any number."""
    parts = re.findall(r"\d+|[a-z]+", version.casefold())
    epoch = 0
    if ":" in version and version.split(":", 1)[0].isdigit():
        epoch = int(version.split(":", 1)[0])
        parts = re.findall(r"\d+|[a-z]+", version.split(":", 1)[1].casefold())
    return (epoch, *((1, int(p), "") if p.isdigit() else (0, 0, p) for p in parts))


_CHANGELOG_WORDS = re.compile(r"(?i)\b(?:change ?log|news|changes|release notes|release history|history of)\b")


_MANUAL_NAME = re.compile(r"^(?:#{1,3} *)?(?:\*\*)?NAME(?:\*\*)?\s*$", re.MULTILINE)


def changelog_versions(text: str, title: str = "") -> list[tuple[int, str]]:
    """(line index, version) of the version headings of a changelog source, in order; []
    when the text is not a changelog (see the module docstring)."""
    if _MANUAL_NAME.search("\n".join(text.splitlines()[:40])):
        return []  # a manual page (`NAME` heads it): its example data's `1.5.3` lines are no releases
    found = [(i, v) for i, line in enumerate(text.splitlines()) if (v := version_heading(line))]
    named = _CHANGELOG_WORDS.search(title) or _CHANGELOG_WORDS.search("\n".join(text.splitlines()[:12]))
    if len(found) >= 2 or (found and named):
        return found
    return []


def newest_version(text: str, title: str = "") -> str | None:
    """The highest version a changelog names; a Debian changelog's first entry (newest
    first by policy, and `3.3a-3` follows `3.3-2` in Debian's order, not in version_key's)."""
    versions = changelog_versions(text, title)
    if not versions:
        return None
    if _DEBIAN.match(_strip_heading_marks(text.splitlines()[versions[0][0]])):
        return versions[0][1]
    return max((v for _, v in versions), key=version_key)


_ITEM = re.compile(r"^(?P<indent>\s*)(?:[-*+•·o]|\d{1,3}[.)]|#\.)\s+(?P<text>\S.*)$")
_ONLY_LINK = re.compile(r"^(?:<?https?://\S+>?|\[[^\]]*\]\([^)]*\)|<[^<>\s]+>)[.;,]?$")


def list_items(text: str, title: str = "") -> list[str]:
    """The list items a page citing this source should keep: every item of a short
    source, and the items of a changelog's newest entry. Items are joined with their
    continuation lines; items of < 3 words, or only a link, are left out."""
    lines = text.splitlines()
    versions = changelog_versions(text, title)
    spans: list[tuple[int, int]] = []
    if versions:
        first = versions[0][0]
        spans.append((first + 1, versions[1][0] if len(versions) > 1 else len(lines)))
    elif len(text.split()) <= SHORT_WORDS:
        spans.append((0, len(lines)))
    out: list[str] = []
    heading_lines = {i for i, _ in versions}
    for start, end in spans:
        i = start
        while i < end:
            m = _ITEM.match(lines[i])
            if not m or i in heading_lines:
                i += 1
                continue
            parts, indent = [m.group("text").strip()], len(m.group("indent"))
            i += 1
            while i < end and lines[i].strip() and not _ITEM.match(lines[i]) and i not in heading_lines \
                    and len(lines[i]) - len(lines[i].lstrip()) > indent:
                parts.append(lines[i].strip())
                i += 1
            item = " ".join(parts)
            if _ONLY_LINK.match(item.strip()) or len(loose(item).split()) < 3:
                continue
            out.append(" ".join(loose(item).split()[:ITEM_WORDS]))
    return list(dict.fromkeys(out))


def version_on(haystack_raw: str, version: str) -> bool:
    text = plain(haystack_raw)
    return re.search(rf"(?<![\w.]){re.escape(version)}(?![\w]|[.+~:-]\w)", text) is not None


# ---------------------------------------------------------------------------------------
# Text coverage: how much of each source's prose a page citing it keeps

_ANY_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")  # a source's fence may stand in a list item, indented
_RUN = re.compile(r"[^\W_]+")  # a run of letters or digits: a word as coverage compares them
_SETEXT = re.compile(r"^\s*(?:={3,}|-{3,}|~{3,}|\^{3,})\s*$")
# a token of prose: a word, maybe hyphenated or with an apostrophe, or a term prose names (an
# option, `--data`, or a function, `open()`), in quotes, brackets or emphasis
_PROSE_TOKEN = re.compile(r"[(\[\"'“‘*_`]*(?:[^\W\d_]+(?:['’-][^\W\d_]+)*|-{1,2}[^\W_][\w-]*|[A-Za-z_][\w.]*\(\))"
                          r"[)\]\"'”’*_`]*[.,;:!?]?[)\]\"'”’]*")


def text_chunks(text: str) -> list[str]:
    """A source's paragraphs and list or definition items, whitespace-normalised: its
    blank-line separated blocks, each split again where a list item starts or a line
    stands left of the one above it (a manual's next option under the last one's text).
    Headings, rules and fenced code are left out, and so are chunks of fewer than
    CHUNK_WORDS words (labels, one-line items) and code or data (is_code_chunk)."""
    chunks: list[str] = []
    current: list[str] = []
    last, indent = -2, 0

    def flush() -> None:
        chunk = " ".join(current)
        if len(coverage_words(chunk)) >= CHUNK_WORDS and not is_code_chunk(chunk):
            chunks.append(chunk)
        current.clear()

    for i, line in prose_lines(text, _ANY_FENCE):
        here = len(line) - len(line.lstrip())
        between = not line.strip() or _heading_name(line) or _SETEXT.match(line) or _THEMATIC_BREAK.match(line)
        if between or i != last + 1 or _ITEM.match(line) or here < indent:
            flush()  # (a fenced block between two lines ends the chunk above it too)
        if not between:
            current.append(line.strip())
        last, indent = i, here
    flush()
    return list(dict.fromkeys(chunks))


def covered_text(text: str, title: str = "") -> str:
    """The part of a source whose prose its pages should keep: all of it, but of a
    changelog only what comes before its second version heading -- its older entries may
    be summarised, as for list_items."""
    versions = changelog_versions(text, title)
    return "\n".join(text.splitlines()[:versions[1][0]]) if len(versions) > 1 else text


def is_code_chunk(chunk: str) -> bool:
    """Whether a chunk is code or data rather than prose: fewer than CODE_SHARE of its
    tokens are words (an example command line, a list of options, a table of numbers).
    Plain-text manuals indent prose and examples alike, so indentation cannot tell."""
    tokens = _MD_LINK.sub(r"\1", _ITEM.sub(r"\g<text>", chunk)).split()
    return sum(1 for t in tokens if _PROSE_TOKEN.fullmatch(t)) < CODE_SHARE * len(tokens)


def coverage_words(text: str) -> list[str]:
    """A text's casefolded runs of letters and digits, its markup stripped as `loose`
    strips it (emphasis, backticks, escapes, links' targets): what chunks and pages are
    compared as, so that `--git-dir` and `**git** dir` are the same words."""
    return _RUN.findall(loose(text))


def shingles(words: list[str]) -> set[str]:
    """Every run of SHINGLE words (a shorter text: none)."""
    return {" ".join(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def kept_on(chunk: set[str], pages: list[set[str]]) -> bool:
    """Whether KEPT_SHARE of a chunk's shingles are on one of the pages (their shingles)."""
    return any(len(chunk & page) >= KEPT_SHARE * len(chunk) for page in pages)


def lead_shingles(page_words: int, sources: list[list[str]]) -> set[str]:
    """The shingles of the baseline standing in for a page of `page_words` words: the
    same leading share of each of the page's sources' words, as many words in all (all of
    them when the page is as long as its sources). What a digest that cuts each source off
    at the page's length would keep -- wikid's page should keep more of the sources'
    paragraphs than that, since it can choose what to leave out."""
    share = min(1.0, page_words / max(1, sum(len(words) for words in sources)))
    return set().union(*(shingles(words[:round(share * len(words))]) for words in sources))


# ---------------------------------------------------------------------------------------
# A built wiki: its pages and sources


@dataclass
class Page:
    path: str  # relative to wiki/
    text: str
    meta: dict
    body: str
    haystack: str = ""  # loose words of title, description and body (no Sources, footnotes)
    raw: str = ""  # the same, as text (for versions)


@dataclass
class Source:
    key: str  # archive path of its text (or resource)
    title: str
    text: str
    pages: list[Page] = field(default_factory=list)


def is_wikid_page(meta: dict) -> bool:
    generated = meta.get("generated")
    return isinstance(generated, dict) and str(generated.get("by", "")).startswith("wikid")


def read_pages(wiki: Path) -> tuple[list[Page], int]:
    """The pages wikid wrote, and how many other (human) pages were left out."""
    pages: list[Page] = []
    human = 0
    for path in sorted(wiki.rglob("*.md")):
        rel = path.relative_to(wiki)
        if rel.parts[0] == "archive" or path.name in {"index.md", "log.md"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        meta, body = split_page(text)
        if not is_wikid_page(meta):
            human += 1
            continue
        skip = sources_section_lines(body)
        kept = "\n".join(line for i, line in enumerate(body.splitlines()) if i not in skip)
        raw = "\n".join([str(meta.get("title") or ""), str(meta.get("description") or ""), kept])
        pages.append(Page(str(rel), text, meta, body, loose(raw), raw))
    return pages, human


def read_sources(wiki: Path, pages: list[Page]) -> list[Source]:
    """Every source the pages cite, with its text and the pages citing it."""
    sources: dict[str, Source] = {}
    for page in pages:
        for entry in page.meta.get("sources") or []:
            if not isinstance(entry, dict):
                continue
            text_path = entry.get("text") if isinstance(entry.get("text"), str) else None
            resource = entry.get("resource") if isinstance(entry.get("resource"), str) else None
            key = text_path or resource
            if not key:
                continue
            if key not in sources:
                file = wiki / key.lstrip("/")
                suffix = Path(key.removesuffix(".orig")).suffix.casefold()
                if text_path is None and suffix not in TEXT_SUFFIXES:
                    continue
                try:
                    text = file.read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                sources[key] = Source(key, str(entry.get("title") or ""), text)
            if page not in sources[key].pages:
                sources[key].pages.append(page)
    return list(sources.values())


@dataclass
class Fact:
    kind: str
    source: str
    expected: str
    kept: bool


def source_facts(source: Source) -> list[Fact]:
    facts: list[Fact] = []

    def on_a_page(check: Callable[[Page], bool]) -> bool:
        return any(check(p) for p in source.pages)

    name = man_name(source.text)
    if name:
        command, description = name
        facts.append(Fact("man_name", source.key, f"{command} - {description}", on_a_page(
            lambda p: contains(p.haystack, description) and contains(p.haystack, command))))
        synopsis = man_synopsis(source.text)
        if synopsis:
            # HTML conversions glue an option to its argument (`-B*bind_interface*`): spaces aside
            squeezed = loose(synopsis).replace(" ", "")
            facts.append(Fact("man_synopsis", source.key, synopsis, on_a_page(
                lambda p: contains(p.haystack, synopsis) or squeezed in p.haystack.replace(" ", ""))))
    version = newest_version(source.text, source.title)
    if version:
        facts.append(Fact("newest_version", source.key, version, on_a_page(lambda p: version_on(p.raw, version))))
    for item in list_items(source.text, source.title):
        facts.append(Fact("list_items", source.key, item, on_a_page(lambda p, item=item: f" {item} " in f" {p.haystack} ")))
    return facts


@dataclass
class Chunk:
    source: str
    pages: tuple[str, ...]  # the pages citing its source
    text: str  # whitespace-normalised, as the source writes it
    words: int
    kept: bool  # by one of its pages
    kept_by_lead: bool  # by one of the baselines standing in for them (lead_shingles)


def source_coverage(source: Source, on_page: dict[str, set[str]], on_lead: dict[str, set[str]]) -> list[Chunk]:
    """Each prose chunk of a source, kept when KEPT_SHARE of its shingles are on one page
    citing it (`on_page`: each page's shingles), and kept by the baseline when they are in
    the lead standing in for one of those pages (`on_lead`)."""
    pages = tuple(p.path for p in source.pages)
    out: list[Chunk] = []
    for chunk in text_chunks(covered_text(source.text, source.title)):
        words = coverage_words(chunk)
        mine = shingles(words)
        out.append(Chunk(source.key, pages, chunk, len(words), kept_on(mine, [on_page[p] for p in pages]),
                         kept_on(mine, [on_lead[p] for p in pages])))
    return out


def coverage(pages: list[Page], sources: list[Source]) -> list[Chunk]:
    """Every prose chunk of every cited source, judged against the pages citing it and
    against their baselines; each page's shingles are made once, as a set."""
    words = {p.path: _RUN.findall(p.haystack) for p in pages}  # (a page's haystack is loose already)
    source_words = {s.key: coverage_words(s.text) for s in sources}
    cites: dict[str, list[str]] = {}
    for source in sources:
        for page in source.pages:
            cites.setdefault(page.path, []).append(source.key)
    on_page = {path: shingles(w) for path, w in words.items()}
    on_lead = {path: lead_shingles(len(words[path]), [source_words[k] for k in keys]) for path, keys in cites.items()}
    return [c for s in sources for c in source_coverage(s, on_page, on_lead)]


@dataclass
class Defect:
    page: str
    kind: str
    line: str


def page_defects(page: Page, sources: tuple[str, ...] = ()) -> list[Defect]:
    """The page's defects; `sources` (the texts it cites) tell a cut or a repeat from the source's own words."""
    return [Defect(page.path, kind, line) for kind, find in DEFECTS.items()
            for line in (find(page.text, sources) if find in (cut, repeated, markup) else find(page.text))]


def measure_wiki(wiki: Path) -> dict:
    """Every figure of the module docstring for a built wiki/ folder."""
    pages, human = read_pages(wiki)
    sources = read_sources(wiki, pages)
    cited: dict[str, list[str]] = {}
    for source in sources:
        for page in source.pages:
            cited.setdefault(page.path, []).append(source.text)
    defects = [d for p in pages for d in page_defects(p, tuple(cited.get(p.path, ())))]
    facts = [f for s in sources for f in source_facts(s)]
    return {"pages": len(pages), "human_pages": human, "sources": len(sources), "defects": defects, "facts": facts,
            "chunks": coverage(pages, sources)}


# ---------------------------------------------------------------------------------------
# Running wikid


def corpus_input(corpus: Path) -> Path:
    """The folder of documents: the corpus's input/ when it has one, else the corpus itself."""
    return corpus / "input" if (corpus / "input").is_dir() else corpus


def run_update(corpus: Path, project: Path, wikid_root: Path) -> list[str]:
    """Copy the corpus's documents into a fresh project and run one `wikid update`; the
    inputs it failed on (left in input/ to retry), each with its message."""
    if project.exists():
        shutil.rmtree(project)
    source = corpus_input(corpus)
    shutil.copytree(source, project / "input",
                    ignore=(lambda d, names: [n for n in names if n in NOT_INPUT]) if source == corpus else None)
    for path in (project / "input").rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    (project / "wiki").mkdir()  # input/ and wiki/: a project (`update` refuses any other folder)
    # run from the project, not from here: `python -m` puts the working directory first on
    # sys.path, and this checkout's wikid/ would shadow the one --wikid-root names
    done = subprocess.run([sys.executable, "-m", "wikid", "-C", str(project), "update", "--json"],
                          check=True, env=wikid_env(wikid_root), cwd=project, stdout=subprocess.PIPE, text=True)
    try:
        report = json.loads(done.stdout[done.stdout.index("{"):])
    except ValueError:
        return []
    return [f"{f.get('input')}: {f.get('message') or f.get('reason')}" for f in report.get("files") or []
            if isinstance(f, dict) and f.get("action") == "retry"]


def wikid_env(wikid_root: Path) -> dict[str, str]:
    return {**os.environ, "WIKID_NOW": NOW,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(wikid_root), os.environ.get("PYTHONPATH")]))}


def wikid_imported(wikid_root: Path) -> str:
    """Where the wikid that `run_update` runs comes from, and its commit: what was measured."""
    with tempfile.TemporaryDirectory(prefix="wikid-pagequality-") as cwd:
        done = subprocess.run([sys.executable, "-c", "import wikid; print(wikid.__file__)"], capture_output=True,
                              text=True, env=wikid_env(wikid_root), cwd=cwd, timeout=120)
    package = Path(done.stdout.strip()).parent if done.returncode == 0 else None
    if package is None:
        return f"{wikid_root} (wikid not importable: {done.stderr.strip()[-200:]})"
    try:
        head = subprocess.run(["git", "-C", str(package.parent), "describe", "--always", "--dirty"],
                              capture_output=True, text=True, timeout=30)
        commit = head.stdout.strip() if head.returncode == 0 else ""
    except (OSError, subprocess.TimeoutExpired):
        commit = ""
    return f"{package}" + (f" ({commit})" if commit else "")


def share_row(label: str, kind: str, facts: list[Fact]) -> Row:
    mine = [f for f in facts if f.kind == kind]
    kept = sum(f.kept for f in mine)
    value = kept / len(mine) if mine else None
    return Row(f"{label}: facts kept, {kind} ({kept}/{len(mine)})", value, FACT_TARGETS[kind], "share", "(target)",
               target=True)


def print_details(name: str, figures: dict) -> None:
    for d in figures["defects"]:
        progress(f"  defect {name}/{d.page} [{d.kind}]: {d.line.strip()[:200]}")
    for f in figures["facts"]:
        if not f.kept:
            progress(f"  lost {name} {f.source} [{f.kind}]: {f.expected[:200]}")
    for c in figures["chunks"]:
        if not c.kept:
            progress(f"  lost {name} {c.source} [text, {c.words} words] on {', '.join(c.pages)}: {c.text[:100]}")


def coverage_row(label: str, chunks: list[Chunk]) -> Row:
    kept = sum(c.kept for c in chunks)
    lead = sum(c.kept_by_lead for c in chunks)
    return Row(f"{label}: text coverage, chunks kept ({kept}/{len(chunks)})", kept / len(chunks) if chunks else None,
               lead / len(chunks) if chunks else None, "share", f"sources' leads as long as the pages ({lead})")


def corpus_rows(corpus: Path, keep: Path | None, wikid_root: Path, details: bool) -> list[Row]:
    name = corpus.name
    documents = sum(1 for p in corpus_input(corpus).rglob("*") if p.is_file() and p.name not in NOT_INPUT)
    scratch = Path(tempfile.mkdtemp(prefix="wikid-pagequality-"))
    project = keep / name if keep else scratch / name
    try:
        failed = run_update(corpus, project, wikid_root)
        figures = measure_wiki(project / "wiki")
    finally:
        if keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
    pages = figures["pages"]
    per_class = Counter(d.kind for d in figures["defects"])
    label = f"{name} ({documents} documents)"
    progress(f"{label}: {pages} pages citing {figures['sources']} sources; {len(figures['defects'])} defects "
             f"({', '.join(f'{k} {v}' for k, v in per_class.most_common()) or 'none'}); "
             f"{figures['human_pages']} human-written pages not judged")
    if failed:
        progress(f"{label}: wikid failed on {len(failed)} inputs, left to retry: {failed[0]}")
    if details:
        print_details(name, figures)
    per_page = len(figures["defects"]) / pages if pages else None
    rows = [
        Row(f"{label}: pages judged", pages, None, "pages", f"+ {figures['human_pages']} human-written"),
        Row(f"{label}: inputs wikid failed on (left to retry)", len(failed), 0, "inputs", "(target: none)",
            target=True),
        Row(f"{label}: defects per page", per_page, DEFECT_TARGET, "defects/page", "(target)", target=True),
    ]
    rows += [Row(f"{label}: defects per page, {kind}", per_class[kind] / pages if pages else None, None,
                 "defects/page", f"{per_class[kind]} in all") for kind in DEFECTS]
    rows += [share_row(label, kind, figures["facts"]) for kind in FACT_TARGETS]
    rows.append(coverage_row(label, figures["chunks"]))
    return rows


def default_corpora() -> list[Path]:
    return [c for c in (REALDOCS, SAMPLE) if (c / "input").is_dir()]


def main() -> None:
    parser = table.parser(__doc__)
    parser.add_argument("--corpus", action="append", type=Path,
                        help="a folder of documents (or with input/ in it); repeatable "
                             "(default: ../shared/corpus/realdocs and sample-project)")
    parser.add_argument("--wikid-root", type=Path, default=ROOT,
                        help="the wikid checkout to measure, put first on PYTHONPATH (default this one)")
    parser.add_argument("--keep", type=Path, help="keep the built projects under this folder")
    parser.add_argument("--details", action="store_true",
                        help="print each defect, each lost fact and each lost chunk of text to stderr")
    args = parser.parse_args()
    corpora = args.corpus or default_corpora()
    root = args.wikid_root.resolve()
    measured = wikid_imported(root)
    progress(f"pagequality: measuring {measured}")
    rows: list[Row] = []
    for corpus in corpora:
        corpus = corpus.resolve()
        rows += attempt(f"pagequality {corpus.name}", corpus_rows, corpus, args.keep, root, args.details)
    notes = [
        f"pagequality: one `wikid update` (offline engine, WIKID_NOW fixed) per corpus; wikid measured: {measured}",
        "defects: counted on the pages wikid wrote (human-written pages are not judged); facts: found in the "
        "sources' own text with plain regexes, kept when a page citing the source states them; text coverage: "
        "a source's paragraphs and items kept when half their 5-word shingles are on a page citing it",
    ]
    sys.exit(table.emit(rows, notes, args.json))


if __name__ == "__main__":
    main()
