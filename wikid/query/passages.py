"""Passages: the pieces of a page or a source text that a snippet or an answer quotes.

A passage is one paragraph, one list item or one table row, as plain text: in a man
page or a manual that is an option with its description, an exit status with its
meaning, a paragraph of prose. It carries what frames it without being in it, its
*context*: the heading it sits under, the sentence that introduces the list it is in
(a paragraph ending with a colon: "exits with the following status:"), the question
it answers (a short paragraph ending with a question mark, as a FAQ writes them), and
the header of its table. Asked "what does exit status 2 mean", the passage that
answers is "2 if trouble" under "EXIT STATUS": its words alone hardly match, its
context does (wikid.query.relevance weighs the two).

An entry of a reference -- an option, an exit status, a setting, a table row -- opens
with the name it describes, its *tag*, set apart by the layout: a man page's tag in the
indent with the description to its right or on the lines below, indented further; a
definition list's term; a Markdown list item's `code` or **bold** name before a colon
or a dash; a table row's first cell. The paragraphs indented under an entry go on
describing it, and carry its tag too, as do those under a line that is only a name
(`Storage=` over its quoted description): "Please note that ..." under `-P max-procs`
is about -P.

A query reads only the parts of a text that matched (`cut(text, start, end)`): the
readers of wikid.document parse a whole document (25-85 ms for a 50 KB man page),
while a query must answer in milliseconds, so this is one pass over the lines of the
region, started up to LEAD_CHARS before it so that what frames its first paragraph is
known, and a look back for the heading above it. It reads what wikid's extractors and
pages write: Markdown (ATX and setext headings, lists, GFM tables, fences, quotes) and text
laid out by its authors (flush-left ALL-CAPS section names, indented paragraphs, a
word hyphenated at a line break).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wikid.okf.lint_markdown import table_cells

# How far before a region a query looks for the heading over it and for the paragraph
# introducing it: a section of a long manual may start far above the match.
LOOKBACK_CHARS = 20_000
HEADING_STEP = 2_000
LEAD_CHARS = 1_000  # how far before a region the sentence introducing its list is looked for
MAX_QUESTION_CHARS = 200  # a paragraph ending with "?" no longer than this is a question
MAX_LEAD_CHARS = 200  # one ending with ":" no longer than this only introduces what follows

_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_FOOTNOTE_REF = re.compile(r"(?<!\\)\[\^[^\]\s\\]+\]")
_EMPHASIS = re.compile(r"(\*\*|__|`|~~|<br\s*/?>)")
_MARKUP = re.compile(r"[\[\]*_`~<\\]")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~\"'])")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?=\S)")
_FOOTNOTE_DEF = re.compile(r"^\s*\[\^[^\]]+\]:")
_RULE = re.compile(r"^\s*(?:[-*_=]\s*){3,}$")
_SEPARATOR_CELL = re.compile(r"^:?-+:?$")
_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
# A section name as man pages and plain-text manuals write it: flush left, ALL CAPS,
# a few words (`EXIT STATUS`, `SEE ALSO`).
_CAPS = re.compile(r"^[A-Z][A-Z0-9 &/,()'-]{1,48}[A-Z0-9)]$")
# A line that may be a heading, after its line break (a literal the scan can look for first).
_HEADING_LINE = re.compile(r"\n( {0,3}#{1,6}[ \t]+\S[^\n]*|[A-Z][A-Z0-9 &/,()'-]{1,48}[A-Z0-9)][ \t]*)(?=\n|$)")
_BLANK = re.compile(r"\n[ \t]*\n")
_HYPHENS = ("\u2010", "\u00ad")  # groff's break hyphen, a soft hyphen
MAX_TAG_CHARS = 80  # the longest name an entry opens with: an option with its argument and long form
# A name and its description on one line: `9      the specified files were not found` (a
# man page's tag in the indent, 3 or more spaces before the description: justified
# prose spreads its words by one or two), `**-d**: decompress`, `-k, --keep — keep it`,
# `Exit status: 0 for a normal exit, ...` (a label of up to three words).
_TAG_GAP = re.compile(r"^(\S+(?: \S+){0,2}?)(?: {3,}|\t)(?=\S)")
_TAG_MARKED = re.compile(r"^(`[^`]+`|\*\*[^*]+\*\*)\s*[:\u2014\u2013]\s")
_TAG_DASH = re.compile(r"^(.+?) [\u2014\u2013] (?=\S)")
_EMPHASIZED = re.compile(r"(?<![\w*])\*([^*\s](?:[^*]*[^*\s])?)\*(?![\w*])")
# The labels of an aside ("Note: ...", "Warning: ..."; docutils' admonitions): they open
# a remark, not an entry of a reference.
ADMONITIONS = frozenset("attention caution danger error hint important note tip warning".split())
_TAG_LABEL = re.compile(r"^([A-Z][\w-]*(?: [\w-]+){0,2}): (?=\S)")


@dataclass(frozen=True)
class Passage:
    text: str  # plain text on one line
    heading: str  # the heading it sits under, as written ("" when none)
    context: str  # what frames it: headings, the sentence introducing it, the question it answers, a table's header
    at: int  # where it starts in the text it was cut from (orders passages; one met twice is one)
    lead: str = ""  # the sentence introducing it, when it is an entry of a list (shown with it)
    # The name of the entry it is or goes on describing; `text` opens with it unless the
    # passage is a later paragraph of the entry's description.
    tag: str = ""
    code: bool = False  # lines of a fenced block: an example's command or its output


def plain(markdown: str) -> str:
    """One line of readable text: links become their text, footnote marks, emphasis
    (`**strong**`, `*em*`; not the star of a glob, `*.c`) and escapes go."""
    if not _MARKUP.search(markdown):
        return " ".join(markdown.split())  # most lines of most texts
    text = _FOOTNOTE_REF.sub("", markdown)
    text = _LINK.sub(r"\1", text)
    text = _ESCAPE.sub(r"\1", _EMPHASIZED.sub(r"\1", _EMPHASIS.sub("", text)))
    return " ".join(text.split())


def _is_caps_heading(line: str) -> bool:
    """Whether a line is a section name in capitals: not one ending in a Markdown hard
    line break (two spaces, a backslash), which runs on into the line below it as one
    paragraph (a command key over its description: `ESC-G` then what it does)."""
    if line != line.lstrip() or line.endswith(("  ", "\\")) or len(line.split()) > 6 or not _CAPS.match(line.rstrip()):
        return False
    letters = sum(c.isalpha() for c in line)
    return letters >= 3 and letters >= 0.6 * len(line.replace(" ", ""))


def _heading(line: str) -> str | None:
    """The title of a heading line, or None."""
    if atx := _ATX.match(line):
        return plain(atx.group(2)) or None
    return line.strip() if _is_caps_heading(line) else None


def framed(passage: Passage, text: str, lead_chars: int) -> str:
    """`text` (the passage or part of it) as shown: after its heading, after the
    sentence introducing it when that is at most `lead_chars` long, and after the name
    of the entry it describes when it does not open with it."""
    lead = f"{passage.lead} " if passage.lead and len(passage.lead) <= lead_chars else ""
    if passage.tag and not passage.text.startswith(passage.tag):
        lead += f"{passage.tag} — "
    return f"{passage.heading} — {lead}{text}" if passage.heading else f"{lead}{text}"


def _is_name(line: str) -> bool:
    """Whether a one-line paragraph only names something (`Storage=`, `-k, --keep`,
    `EXAMPLE`): short, and not a sentence nor a clause that ends in punctuation."""
    return len(line) <= MAX_TAG_CHARS and not line.endswith((".", "!", "?", ":", ";", ",")) and len(line.split()) <= 6


def heading_before(text: str, at: int) -> tuple[str, int]:
    """The last heading in the LOOKBACK_CHARS before `at` and where its line starts ("", 0 when none).

    Looked for back from `at`, HEADING_STEP characters (whole lines) at a time: the
    heading over a region is most often near it, and a query cuts many regions."""
    first = max(0, at - LOOKBACK_CHARS)
    end = at
    while end > first:
        start = max(first, text.rfind("\n", first, end - HEADING_STEP) + 1) if end - HEADING_STEP > first else first
        last = None
        for match in _HEADING_LINE.finditer(text, max(0, start - 1), end):
            if (title := _heading(match.group(1))) is not None:
                last = title, match.start(1)
        if last is not None:
            return last
        end = start
    if first == 0 and (title := _heading(text[: text.find("\n")] if "\n" in text else text)) is not None:
        return title, 0  # the text's first line, with no line break before it
    return "", 0


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _join(lines: list[str]) -> str:
    """A paragraph's lines as one: a word hyphenated at a line break is joined again."""
    out = ""
    for line in lines:
        out = out[:-1] + line if out.endswith(_HYPHENS) else f"{out} {line}" if out else line
    return out


def _region(text: str, start: int, end: int, heading: int) -> tuple[int, int]:
    """`start`-`end` widened to whole paragraphs (not back past the heading over it,
    whose line starts at `heading`)."""
    if start > 0:
        blanks = [m.end() for m in _BLANK.finditer(text, max(heading, start - LEAD_CHARS), start + 1)]
        start = blanks[-1] if blanks else max(heading, text.rfind("\n", 0, start) + 1)
    if end < len(text):
        after = _BLANK.search(text, end, min(len(text), end + LEAD_CHARS))
        end = after.start() if after else min(len(text), end + LEAD_CHARS)
    return start, end


def _floor(text: str, lo: int, heading: int) -> int:
    """Where to start reading for a region that starts at `lo`: the first paragraph in
    the LEAD_CHARS before it, not past the heading over it (whose line starts at
    `heading`). What is in force at `lo` -- the question asked, the sentence introducing
    a list, the entry a paragraph describes -- is read there, not guessed."""
    floor = max(heading, lo - LEAD_CHARS)
    if floor == heading:
        return floor
    blank = _BLANK.search(text, floor, lo)
    return blank.end() if blank else lo


class _Reader:
    """The state of one pass over a region's lines: the heading, question, lead, entry
    and table header in force, and the paragraph being gathered."""

    def __init__(self, heading: str, start: int, end: int) -> None:
        self.heading, self.question, self.lead, self.header = heading, "", "", ""
        self.lead_indent = 0
        self.lead_entry = False  # the lead is itself an entry: only what is indented under it is its entry
        # The name of the entry whose description goes on, and its indentation: the
        # paragraphs indented under it are its description too ("", 0 when none).
        self.owner, self.owner_indent = "", 0
        # A lead or a name, until it is known to introduce entries: (text, at, stop, its lead, its tag, code).
        self.pending: tuple[str, int, int, str, str, bool] | None = None
        self.start, self.end = start, end  # passages must overlap this span
        self.lines: list[str] = []
        self.at = self.indent = self.column = 0
        self.item = self.defined = self.hanging = self.broken = False
        self.fenced = False  # the lines read are a fenced block's
        self.first = ""  # the paragraph's first line as written, after its indentation or list marker
        self.out: list[Passage] = []

    def emit(self, body: str, at: int, stop: int, entry: bool = False, tag: str = "") -> None:
        """Keep a passage. An entry makes the lead before it its context, not a passage:
        "2 if trouble" is the answer, "exits with the following status:" only says what
        it is."""
        if entry:
            self.pending = None
        else:
            self.close()
        self._keep(body, at, stop, self.lead if entry else "", tag, self.fenced)

    def close(self) -> None:
        """A lead or a name no entry followed is a passage after all."""
        if self.pending is not None:
            text, at, stop, lead, tag, code = self.pending
            self.pending = None
            self._keep(text, at, stop, lead, tag, code)

    def _keep(self, body: str, at: int, stop: int, lead: str, tag: str = "", code: bool = False) -> None:
        if stop > self.start and at < self.end and body:
            context = " ".join(filter(None, (self.heading, self.question, lead, self.header)))
            self.out.append(Passage(body, self.heading, context, at, lead, tag, code))

    def begin(self, line: str, at: int, item: bool) -> None:
        self.at, self.item = at, item
        self.indent = _indent(line.expandtabs(8))

    def add(self, line: str, text: str) -> None:
        """One more line of the paragraph: `line` as written, `text` what it says (without
        a list item's marker)."""
        wide = line.expandtabs(8)
        if not self.lines:
            self.first, self.broken = text, line.endswith(("  ", "\\"))
            self.column = max(wide.find(text[:8]), self.indent)  # where its words start, after a list marker
        elif len(self.lines) == 1:
            self.hanging = _indent(wide) > self.column
        self.lines.append(text)

    def tag(self) -> str:
        """The name the paragraph opens with, when its layout sets one apart: a first line
        over a description indented further (a man page's option) or after a line break
        or a definition's colon, or a name and its description on one line."""
        first = self.first
        if match := _TAG_MARKED.match(first) or _TAG_DASH.match(first) or _TAG_GAP.match(first) \
                or _TAG_LABEL.match(first):
            name = match.group(1)
        elif len(self.lines) > 1 and (self.hanging or self.broken or self.defined):
            name = first
        else:
            return ""
        name = plain(name)
        return name if len(name) <= MAX_TAG_CHARS and name.casefold() not in ADMONITIONS else ""

    def flush(self, stop: int) -> None:
        """End the paragraph: a question frames what follows it; a paragraph ending with
        a colon introduces the entries after it (list items, table rows, code, paragraphs
        indented further, definitions) until a paragraph that is none of those. An entry
        that opens with a name (`tag`), or a short line that is only a name, owns the
        paragraphs indented under it: they go on with its description, and are about
        what it names."""
        if not self.lines:
            return
        # A paragraph before the span is read for what it frames, not quoted: its text
        # is needed only when it may ask, introduce, or name.
        needed = stop > self.start or len(self.lines) == 1 or self.lines[-1].rstrip("*_`~").endswith((":", "?"))
        body = plain(_join(self.lines)) if needed else ""
        # A line that is only a name (`Storage=`) is a definition's term when what follows
        # is indented under it, and an entry of a list like an item.
        name = len(self.lines) == 1 and _is_name(body) and not (self.owner and self.indent > self.owner_indent)
        listed = self.item or self.defined or name
        entry = bool(self.lead) and (self.indent > self.lead_indent or (listed and not self.lead_entry))
        named = self.owner if self.owner and self.indent > self.owner_indent else ""
        if named:
            self.pending = None  # a name over what is indented under it: not a passage of its own
        elif self.owner:
            self.close()
            self.owner = ""
        tag = named or self.tag()
        self.lines.clear()
        self.defined = self.hanging = self.broken = False
        if body.endswith("?") and len(body) <= MAX_QUESTION_CHARS:
            self.close()
            self.question, self.lead, self.owner = body, "", ""
            return
        if not entry:
            self.lead = ""
        introduces = body.endswith(":") and len(body) <= MAX_LEAD_CHARS
        if introduces or name:  # a passage only if nothing it introduces or names follows
            if entry:
                self.pending = None
            else:
                self.close()
            self.pending = (body, self.at, stop, self.lead if entry else "", tag, self.fenced)
            if introduces:
                self.lead, self.lead_indent, self.lead_entry = body, self.indent, listed or bool(tag)
        else:
            self.emit(body, self.at, stop, entry, tag)
        if name or (tag and not named):
            self.owner, self.owner_indent = tag or plain(body), self.indent
        if body.endswith(":"):  # a paragraph that says more than what follows: a passage, and their context
            self.lead, self.lead_indent, self.lead_entry = body, self.indent, listed or bool(tag)

    def section(self, title: str) -> None:
        self.close()
        self.heading, self.question, self.lead, self.header, self.owner = title, "", "", "", ""


def cut(text: str, start: int = 0, end: int | None = None) -> list[Passage]:
    """The passages of `text` that overlap `start`-`end` (all of it by default), in order.

    Headings, rules and footnote definitions are context or nothing, never passages:
    a snippet quotes what the text says, not its scaffolding. A fenced block's groups
    of lines are passages (an example command, a list the page laid out as code).
    """
    end = len(text) if end is None else end
    heading, heading_at = heading_before(text, start)
    lo, hi = _region(text, start, end, heading_at)
    lo = _floor(text, lo, heading_at)
    read = _Reader(heading if lo > heading_at else "", start, end)
    position = lo
    for line in text[lo:hi].split("\n"):
        line_at, position = position, position + len(line) + 1
        stripped = line.strip()
        mark = stripped[:1]  # most lines are prose: their first character rules the patterns below out
        if mark == ">" and not read.fenced and (quote := _QUOTE.match(line)):
            line = " " * quote.end() + line[quote.end():]  # a quoted line: indented by its marks
            stripped = line.strip()
            mark = stripped[:1]
        if mark in "`~" and _FENCE.match(line):
            read.flush(line_at)
            read.fenced = not read.fenced
        elif read.fenced:  # a block of code or of aligned lines: each group of lines is an entry of what introduced it
            if not stripped:
                read.flush(line_at)
            else:
                if not read.lines:
                    read.begin(line, line_at, True)
                read.add(line, stripped)
        elif not stripped:
            read.flush(line_at)
            read.header = ""
        elif (mark == "#" or (line[:1].isupper() and line.isupper())) and (title := _heading(line)) is not None:
            read.flush(line_at)
            read.section(title)
        elif mark in "=-" and len(read.lines) == 1 and _RULE.match(line) and set(stripped) <= set("=-") \
                and not read.item:
            read.section(plain(read.lines.pop()))  # setext: Title / =====
        elif mark in "-*_=[" and (_RULE.match(line) or _FOOTNOTE_DEF.match(line)):
            read.flush(line_at)
        elif (cells := table_cells(line) if mark == "|" else None) is not None:
            read.flush(line_at)
            filled = [c for c in (plain(c) for c in cells) if c and not _SEPARATOR_CELL.match(c)]
            row = " | ".join(filled)
            if not read.header:
                read.header = row  # until a blank line, the table's rows are read under it
            elif row:
                tag = filled[0] if len(filled) > 1 and len(filled[0]) <= MAX_TAG_CHARS else ""
                read.emit(row, line_at, position, entry=True, tag=tag)
        else:
            item = _LIST_ITEM.match(line) if mark in "-*+•" or mark.isdigit() else None
            if item:
                read.flush(line_at)
            if not read.lines:
                read.begin(line, line_at, bool(item))
            elif stripped.startswith(":") and len(read.lines) == 1:
                read.defined = True  # `term` / `:   description`, a definition list
            read.add(line, line[item.end():].strip() if item else stripped)
    read.flush(hi)
    read.close()
    return read.out
