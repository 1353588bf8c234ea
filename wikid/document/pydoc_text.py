"""pydoc's text layout read as the outline it draws.

`python -m pydoc module` (and `help()`) sets a class's body off with a margin of pipes
(`    |  method(self)` / `    |      What it does.`), separates its groups with rules of
dashes, and lists after the class's own members every member it inherits from each
base class (`Methods inherited from Message:`), each with its base's docstring -- on a
module with a few classes that is most of the text, and the same sentences again and
again.

`unmargined(text)` takes the margins off (each replaced by spaces, so the indentation
the text reader reads stays), drops the rules, and leaves out the inherited groups:
their members are documented on their own class. The class tree that opens CLASSES
(each class under its base, one a line, indented by level) gets a bullet a line, so
it reads as the nested list it is, not as a heading over a paragraph of names. A text
without such margins comes back as it is.
"""

from __future__ import annotations

import re

_MARGIN = re.compile(r"^(\s*)\|(?:  |\s*$)")
_RULE = re.compile(r"^-{20,}\s*$")
_INHERITED = re.compile(
    r"^\s*(?:methods|class methods|static methods|data descriptors|data and other attributes|readonly properties)"
    r"(?: and other attributes)? inherited from [\w.]+:\s*$", re.IGNORECASE)
_CLASSES = re.compile(r"^CLASSES\s*$")
_TREE_LINE = re.compile(r"^(\s+)([\w.]+(?:\([\w., ]*\))?)\s*$")
MIN_MARGIN_LINES = 3
PYDOC_INDENT = 4  # pydoc indents each level of its class tree by four spaces


def unmargined(text: str) -> str:
    """`text` with pydoc's class margins, rules and inherited members taken out (see
    the module docstring)."""
    lines = text.split("\n")
    if sum(1 for line in lines[:5000] if _MARGIN.match(line)) < MIN_MARGIN_LINES:
        return text
    out: list[str] = []
    skipping = False
    tree: int | None = None  # in the class tree under CLASSES: the indentation of its roots
    for line in lines:
        margin = _MARGIN.match(line)
        if not margin:
            skipping = False
            node = _TREE_LINE.match(line) if tree is not None else None
            if node:
                indent = len(node.group(1))
                tree = tree or indent
                line = " " * tree + "  " * ((indent - tree) // PYDOC_INDENT) + "* " + node.group(2)
            else:
                tree = 0 if _CLASSES.match(line) else None
            out.append(line)
            continue
        content = line[margin.end():]
        if _RULE.match(content):
            skipping = False
            continue
        if _INHERITED.match(content):
            skipping = True
            continue
        if not skipping:
            out.append((margin.group(1) + "   " + content).rstrip() if content.strip() else "")
    return "\n".join(out)
