"""`wikid serve`: the wiki, its search and the project's state in a browser.

Read-only by construction: every route answers GET (and HEAD) only and reads from
wiki/, the daemon's published state and the query index; nothing a request carries
can make it write. Pages hold untrusted document text, so the Markdown is rendered
by a real CommonMark parser and its HTML sanitized (markdown.py), and every response
carries a Content-Security-Policy that lets no inline script run.

The web stack (starlette, uvicorn, jinja2, nh3) is the optional `serve` extra and is
imported only by these modules, so the daemon without `--serve` and `wikid query` do
not load it.
"""

from __future__ import annotations

import importlib.util

STACK = ("starlette", "uvicorn", "jinja2", "nh3")


class ServeError(RuntimeError):
    """The server cannot start: the web stack is missing, or the address cannot be bound.
    The message says what to do."""


def require_stack() -> None:
    """Raise ServeError naming the install command when part of the web stack is missing
    (checked before a daemon starts watching, not when the first request comes)."""
    missing = [name for name in STACK if importlib.util.find_spec(name) is None]
    if missing:
        raise ServeError(f"serving the wiki needs {', '.join(missing)}: pip install 'wikid[serve]'")
