"""What kind of line a line of plain text is, which the reader of plain text and the
block parser both ask: a line typed at a prompt, a comment, a line of running prose.
"""

from __future__ import annotations

import re

ASSIGNMENT = re.compile(r"^[A-Za-z_][\w.]*(?:\[[^\]]*\])? = \S")  # `DEBUG = 10`, `os.environ['X'] = 'y'`
SIGNATURE = re.compile(r"[A-Za-z_][\w.]*\((?:[^()]|\([^()]*\))*\)(?: -> [\w.\[\], ]+)?")  # a call's form: `f(a, b=None)`
SENTENCE_START = re.compile(r"^(?:[A-Z][a-z'’]+|A)[,;:]?$")  # `Restricts`, `When`, `A`
# A shell's or an interpreter's prompt and what was typed at it: `$ make`, `# ifconfig`,
# `% ls`, `db> .help`, `>>> import x`, `user@host:~$ ls`
PROMPT = re.compile(r"^\$(?=[a-z][\w.-]* [-+]\S)|^(?:[$#%]|>>>|[A-Za-z][\w.-]{0,20}>|\([a-z][\w.-]{0,20}\)|[\w.-]{1,32}@[\w.-]{1,64}:\S{0,100}[$#]|[a-z][\w.-]{0,31}:? ?\d{1,4} ?[=%$#>]) (?=\S)|^[A-Za-z][\w.-]{0,20}>$")
_WORD = re.compile(r"^[(\"'‘“]?[^\W\d_][\w'’-]*[)\"'’”.,;:!?]*$")
COMMENT = re.compile(r"^\s*(?:[#%$>]|//) ")
TRAILING_COMMENT = re.compile(r"\S {2,}(?:#|//) \S")  # `make check   # run the tests`


# the text of a code span a page can show as one: no backtick in it, no space or
# backslash at either end (a reader wraps it in backticks; the page shows it as code)
SPANNABLE = re.compile(r"[^`\s\\]|[^`\s][^`\n]{0,118}[^`\s\\]")


def spanned(text: str) -> str:
    """`text` as a code span where it can be one (see SPANNABLE), else as it is: what
    every reader does with a document's inline code."""
    return f"`{text}`" if SPANNABLE.fullmatch(text) else text


def is_prose_line(text: str) -> bool:
    """A line of running text: six words or more, nearly all of them words (a wrapped
    line of a paragraph ends anywhere, so its last character says nothing)."""
    tokens = text.split()
    if len(tokens) < 6 or COMMENT.match(text) or TRAILING_COMMENT.search(text):
        return False
    return sum(1 for token in tokens if _WORD.match(token)) >= 0.75 * len(tokens)


def is_session(text: str) -> bool:
    """A line typed at a prompt (`$ make install`, `db> .tables`): the prompt, one
    space and a command, not a sentence (`#  List all ...` is a key's entry, a line
    of prose may start with `% followed by ...`)."""
    prompt = PROMPT.match(text)
    if prompt is None:
        return False
    typed = text[prompt.end():]
    return not SENTENCE_START.match(typed.split(" ", 1)[0]) and not is_prose_line(typed)
