"""The Python packages a text installs and imports: what a README is about in code.

    installed_names(text)                  # `pip install -U frob` -> ["frob"]
    package_subject(text, claimed, installed)

A package's README often titles itself otherwise than its package ("Thread-pool
Controls" for `threadpoolctl`, "Internationalized Domain Names in Applications" for
`idna`), or not at all (a logo, badges, then prose), but its install command and its
examples name the package, and its text repeats that name. identity.py takes the
package as a subject when the text names it more than its title's subject, and records
what a document installs (a document that installs the package it is about is a whole
of its own: the engine never files it as a part of another group).
"""

from __future__ import annotations

import re
import sys
from collections import Counter

# A command that installs a package: `pip install -U frob`, `python3 -m pip install
# frob[extra]`, `uv add frob`, `poetry add frob`. Its argument is what the text is
# about -- unless it installs requirements, a path or an address (`-r`, `-e`, `./x`).
_INSTALL = re.compile(r"(?:^|[\s`'\"$>(*])(?:python3?\s+-m\s+)?(?:pip3?|uv pip|uv|poetry|pipx)\s+(?:install|add)\s+"
                      r"([^\n`<>|;&#]{1,200})")
_INSTALLS_FILES = frozenset("-r --requirement -e --editable -c --constraint".split())
_OPTION_VALUE = frozenset("-i --index-url --extra-index-url -t --target --prefix --root --python --group -f "
                          "--find-links".split())
_PACKAGE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]{0,80})(?=$|[\[=<>!~;@,*)])")
# `import frob`, `from frob.x import y`, at a line's start (or a `>>>` prompt's).
_IMPORT = re.compile(r"^\s*(?:>>>\s+|\.\.\.\s+)?(?:from\s+([A-Za-z_]\w{0,60}(?:\.\w{1,60}){0,5})\s+import\s"
                     r"|import\s+([A-Za-z_]\w{0,60}(?:\.\w{1,60}){0,5})(?:\s+as\s+\w+)?\s*$)", re.MULTILINE)
_STANDARD_LIBRARY = frozenset(sys.stdlib_module_names) | {"__future__"}
_FOLDED_WORD = re.compile(r"[^\W_]+")


def installed_names(text: str) -> list[str]:
    """The packages a text's install commands install, in order (see _INSTALL)."""
    found: list[str] = []
    for m in _INSTALL.finditer(text):
        tokens = m.group(1).split()
        name = None
        skip = False
        for token in tokens:
            if skip:
                skip = False
                continue
            if token in _INSTALLS_FILES:
                break
            if token.startswith("-"):
                skip = token in _OPTION_VALUE
                continue
            package = _PACKAGE.match(token.strip("'\""))
            name = package.group(1) if package and not package.group(1).casefold().endswith(
                (".txt", ".whl", ".gz", ".zip", ".py", ".cfg", ".toml")) else None
            break
        if name and name not in found:
            found.append(name)
    return found


def imported_names(text: str) -> list[str]:
    """The modules a text's code imports (`frob.client` of `from frob.client import x`),
    outside the standard library, most imported first."""
    counts = Counter(a or b for a, b in _IMPORT.findall(text))
    return [name for name, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            if name.split(".")[0] not in _STANDARD_LIBRARY]


def _mentions(name: str, words: Counter[str], text_words: list[str]) -> int:
    """How often `text_words` (folded) mention `name`: as one word, or as its words in a row."""
    want = list(folded(name))
    if len(want) == 1:
        return words[want[0]]
    return sum(1 for i in range(len(text_words) - len(want) + 1) if text_words[i : i + len(want)] == want)


def folded(name: str) -> tuple[str, ...]:
    """A name's words, folded: `Flask-CORS` and `flask_cors` are one name."""
    return tuple(_FOLDED_WORD.findall(name.casefold()))


def package_subject(text: str, claimed: list[str], installed: list[str]) -> str | None:
    """The package a text installs or imports, when it names it more often than any
    name it `claimed` (its title's): a README titled "Thread-pool Controls" that says
    `pip install threadpoolctl` and `threadpoolctl` throughout is about that package;
    one that also installs its test runner (`pip install pytest`) is not about it.
    `installed` are the text's installed_names."""
    own = {folded(name) for name in claimed}
    packages = installed + imported_names(text)
    if not packages or any(folded(name) in own for name in packages):
        return None  # nothing, or what its title names (`Flask-CORS`, `pip install flask-cors`)
    text_words = _FOLDED_WORD.findall(text.casefold())
    words = Counter(text_words)
    top = max((_mentions(name, words, text_words) for name in claimed), default=0)
    for name in packages:
        package = name.split(".")[0]
        count = _mentions(package, words, text_words)
        if count >= 2 and count > top:
            return package
    return None
