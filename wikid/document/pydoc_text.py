"""pydoc's text layout read as the outline it draws.

`python -m pydoc module` (and `help()`) sets a class's body off with a margin of pipes
(`    |  method(self)` / `    |      What it does.`), separates its groups with rules of
dashes, and lists after the class's own members every member it inherits from each
base class (`Methods inherited from Message:`), each with its base's docstring -- on a
module with a few classes that is most of the text, and the same sentences again and
again.

`unmargined(text)` takes the margins off (each replaced by spaces, so the indentation
the text reader reads stays), drops the rules, and leaves out the inherited groups'
docstrings (their members are documented on their own class, when the module has it),
saying in a line which members each base of the module's gives the class
(`Methods inherited from Base: close, flush.`; not
the builtin types', whose members are Python's). The class tree that opens CLASSES
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
_FROM_BUILTINS = re.compile(r"inherited from builtins\.\w+:$")  # (`str`'s forty methods are Python's, not the module's)
_MEMBER = re.compile(r"^([A-Za-z_]\w*)\b")  # a member's name at the head of its line: `addFilter(self, filter)`
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
    inherited: list[str] = []  # an inherited group's label (at its margin), then its members' names
    tree: int | None = None  # in the class tree under CLASSES: the indentation of its roots

    def said() -> None:
        if len(inherited) > 1 and not _FROM_BUILTINS.search(inherited[0]):
            out.extend([f"{inherited[0]} {', '.join(inherited[1:])}.", ""])
        inherited.clear()

    for line in lines:
        margin = _MARGIN.match(line)
        if not margin:
            skipping = False
            said()
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
            said()
            continue
        if _INHERITED.match(content):
            said()
            skipping = True
            inherited.append(margin.group(1) + "   " + content.strip())
            continue
        if skipping and content[:1].strip() and (name := _MEMBER.match(content)) and not name.group(1).startswith("__"):
            inherited.append(name.group(1))
        if not skipping:
            out.append((margin.group(1) + "   " + content).rstrip() if content.strip() else "")
    return "\n".join(out)
