"""Extracted markdown cut into blocks: headings, paragraphs, list items, tables, code.

The extractors write markdown of several dialects (markitdown's, python-docx's and
the ODT reader's ATX headings and GFM tables; PDF pages as hard-wrapped lines under
`## Page N`; text files as their authors wrote them: setext and reST underlines,
man pages' ALL-CAPS section names, `**NAME**` lines of converted man pages). One
parser reads them all, line by line, in time linear in the text: no pattern here
can backtrack over a long line.

A block's `text` is plain: links become their text, images their alt text,
emphasis and inline-code marks and backslash escapes are dropped, whitespace is one
space. `raw` keeps the lines as written (tables are rendered from it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wikid.document.linekinds import is_session

HEADING, PARAGRAPH, ITEM, TABLE, CODE, LAYOUT = "heading", "paragraph", "item", "table", "code", "layout"

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*)")
_LAYOUT = re.compile(r"^(?:page \d+|slide \d+|sheet: .*)$", re.IGNORECASE)  # what the extractors add
_FENCE = re.compile(r"^ {0,3}(`{3,}(?=[^`]*$)|~{3,})")  # a backtick fence's info string has no backtick
_UNDERLINE = re.compile(r"^ {0,3}(=+|-+|~+|\^+|\*+|#+|\"+)[ \t]*$")
_RULE = re.compile(r"^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
_TABLE_LINE = re.compile(r"^\s*\|.*\|\s*$")
_ITEM = re.compile(r"^(\s*)(?:[-*+•]|\d{1,3}[.)])[ \t]+(?=\S)")
_BOLD_LINE = re.compile(r"^\s*(?:\*\*|__)([^*_]{1,80})(?:\*\*|__)\s*$")
_LINK_DEF = re.compile(r"^ {0,3}\[[^\]]{1,200}\]:\s*\S")
_HTML_TAG = re.compile(r"<[A-Za-z/!?][^<>\n]{0,500}>")  # a tag starts with a name, `/`, `!` or `?`: "a < b and c > d" is text
# A link target: a destination (which may hold balanced parentheses) and an optional
# quoted title, as markitdown writes `[x](#id "title (with parentheses)")`.
_TARGET = r"\(\s*<?[^()\s<>]{0,2000}(?:\([^()\s]{0,200}\)[^()\s<>]{0,500}){0,3}>?(?:\s+(?:\"[^\"\n]{0,500}\"|'[^'\n]{0,500}'))?\s*\)"
_IMAGE = re.compile(r"!\[([^\[\]\n]{0,300})\]" + _TARGET + r"|!\[([^\[\]\n]{0,300})\]\[[^\[\]\n]{0,300}\]")
_LINK = re.compile(r"\[([^\[\]\n]{0,500})\]" + _TARGET + r"|\[([^\[\]\n]{0,500})\]\[[^\[\]\n]{0,300}\]")
_REST_LINK = re.compile(r"`([^`<>\n]{1,300}?)\s*<[^<>`\n]{0,2000}>`__?")  # reST `text <url>`_
_FOOTNOTE_REF = re.compile(r"\[\^[^\[\]\s]{1,100}\]")
_EMPHASIS = re.compile(r"\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|(?<![\w`])_(?=\S)|(?<=\S)_(?![\w])|`+|~~")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~\"'])")
_MODELINE = re.compile(r"-\*-.{0,80}?-\*-")  # emacs' `-*- outline -*-`: how to edit the file, not its text
# A `Key: value` line: it ends the paragraph before it and stands alone, as text
# extracted from a PDF letter or form has no blank lines between its fields.
_FIELD_LINE = re.compile(r"^\s*(?:\*\*)?[A-Z][\w /&'().-]{0,40}?(?:\*\*)?:(?:\*\*)?\s+\S")  # `**Key**: v`, `**Key:** v`
_MAN_SECTION = re.compile(r"^[A-Z][A-Z0-9 &/,()'-]{1,48}[A-Z0-9)]$|^[A-Z]{2,}$")
MAX_HEADING_CHARS = 200


@dataclass(frozen=True)
class Block:
    kind: str  # HEADING, PARAGRAPH, ITEM, TABLE, CODE or LAYOUT (`## Page 3`, `## Slide 2`, `## Sheet: X`)
    text: str  # plain text (a table: its rows' cells joined by " | ", one row per line)
    raw: tuple[str, ...]  # the lines as written
    line: int  # 0-based number of the block's first line in the text
    level: int = 0  # heading level 1-6; for an item, its indentation depth
    links: int = 0  # links and images in the block (navigation is mostly links)
    link_chars: int = 0  # characters of link text


def is_field(block: Block) -> bool:
    """A paragraph that is one `Key: value` line: a field, not prose."""
    return block.kind == PARAGRAPH and len(block.raw) == 1 and bool(_FIELD_LINE.match(block.raw[0]))


_INLINE_MARKUP = re.compile(r"[<\[!`*_\\~]|-\*-")


def plain(text: str) -> str:
    """Inline markdown as plain text (see the module docstring)."""
    if not _INLINE_MARKUP.search(text):
        return " ".join(text.split())  # nothing to unmark: most lines of most documents
    text = _HTML_TAG.sub(" ", _MODELINE.sub(" ", text))
    text = _IMAGE.sub(lambda m: m.group(1) or m.group(2) or "", text)
    text = _LINK.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)
    text = _FOOTNOTE_REF.sub("", _REST_LINK.sub(r"\1", text))
    text = _EMPHASIS.sub("", _ESCAPE.sub(r"\1", text.replace("\\*", "\x00").replace("\\_", "\x01")))
    return " ".join(text.replace("\x00", "*").replace("\x01", "_").split())


def _link_stats(lines: list[str]) -> tuple[int, int]:
    links = chars = 0
    for line in lines:
        for m in _IMAGE.finditer(line):
            links += 1
            chars += len(m.group(1) or m.group(2) or "") + 1
        for m in _LINK.finditer(_IMAGE.sub("", line)):
            links += 1
            chars += len(plain(m.group(1) if m.group(1) is not None else m.group(2)))
    return links, chars


def _heading_text(text: str) -> str:
    text = text.rstrip()
    stripped = text.rstrip("#")
    if stripped != text and (not stripped or stripped[-1] in " \t"):
        text = stripped
    return plain(text)[:MAX_HEADING_CHARS]


def _is_man_section(line: str) -> bool:
    """An ALL-CAPS line of a few words, flush left, as man pages and plain-text manuals
    write section names (`NAME`, `SEE ALSO`, `EXIT STATUS`); not a code (`BGI-4471`)."""
    line = line.rstrip()
    if line != line.lstrip() or len(line) > 50 or len(line.split()) > 5 or not _MAN_SECTION.match(line):
        return False
    letters = sum(c.isalpha() for c in line)
    return letters >= 3 and letters >= 0.6 * len(line.replace(" ", ""))


def parse(text: str) -> list[Block]:
    """The blocks of `text`, in order."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    blocks: list[Block] = []
    paragraph: list[str] = []
    start = 0

    def flush() -> None:
        if paragraph:
            links, chars = _link_stats(paragraph)
            body = plain(" ".join(p.strip() for p in paragraph))
            if body:
                blocks.append(Block(PARAGRAPH, body, tuple(paragraph), start, 0, links, chars))
            paragraph.clear()

    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
            i += 1
            continue
        fence = _FENCE.match(line)
        if fence:
            flush()
            j = i + 1
            while j < n and not lines[j].lstrip().startswith(fence.group(1)):
                j += 1
            body = lines[i + 1 : j]
            blocks.append(Block(CODE, "\n".join(body), tuple(lines[i : j + 1]), i))
            i = j + 1
            continue
        atx = _ATX.match(line)
        if atx:
            flush()
            heading = _heading_text(atx.group(2))
            kind = LAYOUT if _LAYOUT.match(heading) else HEADING
            if heading:
                links, chars = _link_stats([line])
                blocks.append(Block(kind, heading, (line,), i, len(atx.group(1)), links, chars))
            i += 1
            continue
        if _LINK_DEF.match(line):
            flush()
            i += 1
            continue
        if _TABLE_LINE.match(line):
            flush()
            j = i
            while j < n and _TABLE_LINE.match(lines[j]):
                j += 1
            rows = [plain(" | ".join(split_cells(r))) for r in lines[i:j] if not _is_separator(r)]
            links, chars = _link_stats(lines[i:j])
            blocks.append(Block(TABLE, "\n".join(rows), tuple(lines[i:j]), i, 0, links, chars))
            i = j
            continue
        nxt = lines[i + 1] if i + 1 < n else None
        # reST title with an over-line: ===== / Title / =====
        if _UNDERLINE.match(line) and nxt is not None and nxt.strip() and i + 2 < n \
                and lines[i + 2].strip() and lines[i + 2].strip()[0] == stripped[0] and _UNDERLINE.match(lines[i + 2]) \
                and len(nxt.strip()) <= len(stripped) + 2:
            flush()
            blocks.append(Block(HEADING, _heading_text(nxt.strip()), tuple(lines[i : i + 3]), i, 1))
            i += 3
            continue
        # setext / reST underline: Title / =====
        if not paragraph and nxt is not None and _UNDERLINE.match(nxt) and len(nxt.strip()) >= 3 \
                and not _ITEM.match(line) and len(stripped) <= 120 and not _RULE.match(line):
            flush()
            level = 1 if nxt.strip()[0] in "=#*" else 2
            blocks.append(Block(HEADING, _heading_text(stripped), (line, nxt), i, level))
            i += 2
            continue
        if _RULE.match(line) or (_UNDERLINE.match(line) and len(stripped) >= 3):
            flush()
            i += 1
            continue
        bold = _BOLD_LINE.match(line)
        previous_blank = i == 0 or not lines[i - 1].strip()
        if (bold and previous_blank and (nxt is None or not nxt.strip())) or _is_man_section(line):
            flush()
            blocks.append(Block(HEADING, _heading_text(bold.group(1) if bold else stripped), (line,), i, 2))
            i += 1
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            depth = len(item.group(1).expandtabs(4)) // 2
            body = [line[item.end():]]
            j = i + 1
            indent = len(item.group(0).expandtabs(4))
            while j < n and lines[j].strip() and not _ITEM.match(lines[j]) and not _ATX.match(lines[j]) \
                    and len(lines[j].expandtabs(4)) - len(lines[j].expandtabs(4).lstrip()) >= min(indent, 2):
                body.append(lines[j].strip())
                j += 1
            links, chars = _link_stats(body)
            text_ = plain(" ".join(body))
            if text_:
                blocks.append(Block(ITEM, text_, tuple(lines[i:j]), i, depth, links, chars))
            i = j
            continue
        if _FIELD_LINE.match(line) and not (paragraph and is_session(paragraph[0].strip())):
            flush()  # (`Starting program: ...` under `(gdb) run` is what the program printed)
            start = i
            paragraph.append(line)
            i += 1
            margin = len(line) - len(line.lstrip())
            while i < n and lines[i].strip() and len(lines[i]) - len(lines[i].lstrip()) > margin \
                    and not _FIELD_LINE.match(lines[i]) and not _ITEM.match(lines[i]):
                paragraph.append(lines[i])  # its value wrapped under it
                i += 1
            flush()
            continue
        if not paragraph:
            start = i
        paragraph.append(line)
        i += 1
    flush()
    return blocks


def _is_separator(line: str) -> bool:
    return all(re.fullmatch(r"\s*:?-+:?\s*", c) for c in split_cells(line) if c.strip()) and "-" in line


def split_cells(line: str) -> list[str]:
    """The cells of one GFM table line, `\\|` unescaped."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    cells, current, i = [], [], 0
    while i < len(inner):
        ch = inner[i]
        if ch == "\\" and i + 1 < len(inner) and inner[i + 1] in "|\\":
            current.append(inner[i + 1])
            i += 2
            continue
        if ch == "|":
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
        i += 1
    cells.append("".join(current).strip())
    return cells


def table_rows(block: Block) -> list[list[str]]:
    """A TABLE block's rows (header first), cells as plain text, separator rows dropped."""
    return [[plain(c) for c in split_cells(line)] for line in block.raw if not _is_separator(line)]
