"""Folding and slugs: the ASCII forms page file names and ids are made of (shared by the
engines, which name pages, and by maintenance commands, which name sources)."""

from __future__ import annotations

import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def without_marks(text: str) -> str:
    """`text` decomposed (NFKD) without its combining marks ("Rösttechnik" -> "Rosttechnik").

    Only the runs of non-ASCII characters are looked at character by character (no
    ASCII character is a mark): a page's text with a few dashes and quotes in it was
    one Python step per character, 19 M of them in the offline engine's 10k-document
    bench (5.6 s of its 80 under a profiler).
    """
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed
    return _NON_ASCII.sub(lambda run: "".join(c for c in run.group() if not unicodedata.combining(c)), decomposed)


def fold(text: str) -> str:
    """Lower-case ASCII approximation: NFKD, combining marks dropped ("Rösttechnik" -> "rosttechnik").

    ASCII text has nothing to decompose or drop: one C pass instead of a Python step
    per character (20 MB of text: 0.02 s instead of 2.2 s, and no 190 MB peak for
    the list `join` builds of 20 M characters).
    """
    if text.isascii():
        return text.lower()
    return without_marks(text).casefold()


def slugify(text: str) -> str:
    """An ASCII slug (lower-case, hyphens), or '' when nothing ASCII survives folding."""
    ascii_text = fold(text).encode("ascii", "ignore").decode("ascii")
    return _NON_ALNUM.sub("-", ascii_text).strip("-")[:80].strip("-")
