"""Slow patterns searched only in texts that could hold a match.

    BOILERPLATE = Screened(re.compile(r"copyright ...|licen[cs]ed under ...", re.I), "copyright", "licen")
    BOILERPLATE.search(text)      # the pattern's own match, or None (finditer: its own matches)
    holds_any(text, ("licen",))   # whether a pattern needing one of these words could match

Python's `re` tries each alternative of an IGNORECASE pattern at each position of a
text: the boilerplate and licence-notice patterns cost ~250 ns a character, 9 s of the
offline engine's 10k-document bench, on texts that nearly never hold a notice. Every
match of such a pattern contains one of a few words -- each alternative has one of
them in its literal text -- so a text holding none of them, compared as IGNORECASE
compares letters, cannot match and is not searched (a text that holds one is searched
by the pattern itself, so results are the pattern's own). Found with `str.lower` and
`in`, 25 times faster than the pattern. A case-sensitive pattern is screened the same
way: a text holding its words holds them lower-cased too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Characters re.IGNORECASE takes for an ASCII letter besides its two cases (dotted and
# dotless i, long s, Kelvin sign), folded to it first so that no text the pattern
# matches is passed over; `lower()` maps no other character to an ASCII letter.
_ALSO_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def holds_any(text: str, words: tuple[str, ...]) -> bool:
    """Whether `text` holds one of `words` (lower case) as re.IGNORECASE compares them."""
    folded = (text if text.isascii() else text.translate(_ALSO_ASCII)).lower()
    return any(word in folded for word in words)


class Screened:
    """A pattern and words (lower case) one of which each of its matches contains."""

    def __init__(self, pattern: re.Pattern[str], *words: str) -> None:
        if not words or any(w != w.lower() for w in words):
            raise ValueError("a pattern is screened by words in lower case")
        self.pattern = pattern
        self.words = words

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if holds_any(text, self.words) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(text) if holds_any(text, self.words) else iter(())
