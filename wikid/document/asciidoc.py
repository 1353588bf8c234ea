"""AsciiDoc (the format of git's manuals, many projects' docs) rewritten as CommonMark.

No maintained Python library parses AsciiDoc into a tree (asciidoc-py renders it to
DocBook or HTML through its own configuration files; Asciidoctor is Ruby), and read
as plain text its markup reaches the page (`[[PARTICIPANT]]`, `linkgit:git-log[1]`,
`term::` over a `+` and a `----` listing). Its block structure maps one to one onto
CommonMark's, so the document model reads it through the Markdown reader after this
line-by-line rewrite, linear in the text:

* titles: `= T`/`== T`… and two-line titles underlined with `=`, `-`, `~`, `^`, `+`;
* delimited listing and literal blocks (`----`, `....`) as fenced code, callouts
  (`<1>`) kept in the code as `(1)` and their explanations (`<1> text`) as an ordered
  list, so that each note still says which line it explains;
* labelled lists (`term::`, `term;;`) as definition lists, `+` continuations joined;
* ordered items `. text` as `1. text`;
* inline: anchors (`[[id]]`, `[[[id]]]`) dropped, cross references (`<<id,text>>`)
  as their text, `linkgit:name[1]` as `name(1)`, `link:url[text]`/`url[text]` as the
  text, block attributes (`[source,shell]`) and document attributes (`:toc:`) dropped.
"""

from __future__ import annotations

import re

_TITLE = re.compile(r"^(={1,6})\s+(\S.*?)\s*=*\s*$")
_UNDERLINE = re.compile(r"^([=\-~^+])\1+\s*$")
_LEVELS = {"=": 1, "-": 2, "~": 3, "^": 4, "+": 5}
_DELIMITER = re.compile(r"^(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,})\s*$")
_LABEL = re.compile(r"^(\S.*?)(::|;;|:::)\s*(.*)$")
_ORDERED = re.compile(r"^\s*\.{1,3}\s+(\S.*)$")
_CALLOUT = re.compile(r"\s*<(\d{1,2})>\s*$")
_CALLOUT_LINE = re.compile(r"^<(\d{1,2})>\s+(\S.*)$")
_BLOCK_ATTRIBUTE = re.compile(r"^\[[\w\s,.=\"'#%-]*\]\s*$")
_DOCUMENT_ATTRIBUTE = re.compile(r"^:[\w-]+!?:(\s.*)?$")
_ANCHOR = re.compile(r"\[\[\[?[\w:.-]+(?:,[^\]]*)?\]?\]\]")
_XREF = re.compile(r"<<([\w:.-]+)(?:,\s*([^>]+))?>>")
_LINKGIT = re.compile(r"\blinkgit:([\w.-]+)\[(\w+)\]")
_LINK = re.compile(r"\blink:(\S+?)\[([^\]]*)\]|\b((?:https?|ftp)://[^\s\[]+)\[([^\]]*)\]")

# Markup only AsciiDoc has; a text is read as AsciiDoc when two kinds of it occur.
_SIGNALS = (
    re.compile(r"\[\[[\w.-][\w:.-]*\]\]"),  # an anchor, not a POSIX class in a regex (`[[:alnum:]]`)
    re.compile(r"<<[\w:.-]+(?:,[^>]*)?>>"),
    re.compile(r"\blinkgit:[\w.-]+\[\w+\]|\blink:\S+\["),
    re.compile(r"^\S.*::\n\+$", re.MULTILINE),
    re.compile(r"^-{4,}\n(?:.*\n){1,200}?-{4,}$", re.MULTILINE),
    re.compile(r"^:[\w-]+:(?:\s.*)?$", re.MULTILINE),
    re.compile(r"^={1,5} \S", re.MULTILINE),
    re.compile(r"^\[(?:source|listing|verse|quote|NOTE|TIP|WARNING|IMPORTANT|CAUTION)[^\]\n]*\]$", re.MULTILINE),
)


def is_asciidoc(text: str) -> bool:
    """Whether `text` reads as AsciiDoc: two or more kinds of its own markup in it."""
    head = text[:200_000]
    return sum(1 for signal in _SIGNALS if signal.search(head)) >= 2


def _inline(line: str) -> str:
    line = _ANCHOR.sub("", line)
    line = _XREF.sub(lambda m: m.group(2) or m.group(1).replace("_", " "), line)
    line = _LINKGIT.sub(r"\1(\2)", line)
    return _LINK.sub(lambda m: (m.group(2) or m.group(1)) if m.group(1) else (m.group(4) or m.group(3)), line)


def to_markdown(text: str) -> str:
    """`text` (AsciiDoc) as CommonMark (see the module docstring)."""
    lines = text.replace("\r\n", "\n").split("\n")
    out: list[str] = []
    fence: str | None = None  # the delimiter of the listing block being copied
    label = False  # inside a labelled-list entry's text
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if fence is not None:
            if line == fence:
                out.append("```")
                fence = None
            else:
                out.append(_CALLOUT.sub(lambda m: f"  ({m.group(1)})", line))
            i += 1
            continue
        nxt = lines[i + 1].rstrip() if i + 1 < len(lines) else ""
        if (delimiter := _DELIMITER.match(line)) and delimiter.group(1)[0] in "-.":
            fence = line
            out += ["", "```"]
            label = False
        elif _BLOCK_ATTRIBUTE.match(line) or _DOCUMENT_ATTRIBUTE.match(line) or _DELIMITER.match(line):
            pass
        elif line == "+":
            out.append("")  # a continuation: the next block belongs to the same item
        elif title := _TITLE.match(line):
            out += ["", f"{'#' * len(title.group(1))} {_inline(title.group(2))}", ""]
            label = False
        elif line and nxt and _UNDERLINE.match(nxt) and abs(len(nxt) - len(line)) <= 3 and not line.startswith((" ", "\t")):
            out += ["", f"{'#' * _LEVELS[nxt[0]]} {_inline(line)}", ""]
            label = False
            i += 1
        elif (entry := _LABEL.match(line)) and not line.startswith((" ", "\t", "* ", "- ")) and "://" not in entry.group(1):
            out += ["", _inline(entry.group(1)), ""]
            if entry.group(3):
                out.append(f": {_inline(entry.group(3))}")
            else:
                label = True
        elif callout := _CALLOUT_LINE.match(line):
            out.append(f"{callout.group(1)}. {_inline(callout.group(2))}")
        elif label and line.strip():
            out.append(f": {_inline(line.strip())}")
            label = False
            while i + 1 < len(lines) and lines[i + 1].strip() and lines[i + 1].strip() != "+":
                i += 1  # the rest of the description's paragraph, however it is indented
                out.append("  " + _inline(lines[i].strip()))
        elif ordered := _ORDERED.match(line):
            out.append(f"1. {_inline(ordered.group(1))}")
        else:
            out.append(_inline(line))
            if not line.strip():
                label = False
        i += 1
    if fence is not None:
        out.append("```")
    return "\n".join(out)
