"""Screened patterns (document/screen.py): the words that let a text skip a slow
case-insensitive pattern must never make a text that matches it skip it."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from wikid.document import facts, furniture
from wikid.document.facts import is_licence_text, licence
from wikid.document.furniture import is_boilerplate
from wikid.document.screen import Screened, holds_any

REALDOCS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "realdocs"
SAMPLE = Path(__file__).resolve().parents[1] / "sample-project"

# Every pattern read behind a screen, with the words that screen it.
SCREENED = [
    (furniture.BOILERPLATE.pattern, furniture.BOILERPLATE.words),
    (facts._LICENCE_TEXT.pattern, facts._LICENCE_TEXT.words),
    *((p, facts._LICENCE_WORDS) for p in (facts._GPL, *(p for p, _ in facts._NAMED), facts._FDL)),
]


_C = re._constants  # type: ignore[attr-defined]


def _literal_runs(items: list) -> list[str]:
    """The runs of literal characters in a parsed sequence, lower case (the parser keeps
    literals as written; IGNORECASE applies when the pattern is compiled)."""
    runs, run = [], ""
    for op, value in items:
        if op is _C.LITERAL:
            run += chr(value)
        else:
            runs.append(run)
            run = ""
    return [r.lower() for r in [*runs, run] if r]


def _holds_a_word(items: list, words: tuple[str, ...]) -> bool:
    """Whether every match of a parsed sequence contains one of `words`: a literal run
    of its own has one, or a part it cannot skip does (a group; alternatives that each
    do; a repeat of at least once)."""
    if any(word in run for word in words for run in _literal_runs(items)):
        return True
    for op, value in items:
        if op is _C.SUBPATTERN and _holds_a_word(list(value[3]), words):
            return True
        if op is _C.BRANCH and all(_holds_a_word(list(b), words) for b in value[1]):
            return True
        if op in (_C.MAX_REPEAT, _C.MIN_REPEAT) and value[0] >= 1 and _holds_a_word(list(value[2]), words):
            return True
    return False


@pytest.mark.parametrize(("pattern", "words"), SCREENED, ids=lambda x: str(x)[:40])
def test_each_alternative_of_a_screened_pattern_holds_one_of_its_words(pattern: re.Pattern[str],
                                                                        words: tuple[str, ...]) -> None:
    # An alternative added without a word to screen it would be skipped on every text.
    assert pattern.flags & re.IGNORECASE
    assert _holds_a_word(list(re._parser.parse(pattern.pattern, pattern.flags)), words)  # type: ignore[attr-defined]
    assert not _holds_a_word(list(re._parser.parse(pattern.pattern + "|unscreened", pattern.flags)), words)  # type: ignore[attr-defined]


def test_the_screen_takes_every_character_ignorecase_takes_for_an_ascii_letter() -> None:
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    for letter in string.ascii_lowercase:
        for found in set(re.findall(letter, every, re.IGNORECASE)):
            assert holds_any(f"x{found}x", (f"x{letter}x",)), (letter, hex(ord(found)))


def test_screened_notices_in_odd_cases_are_still_found() -> None:
    assert is_boilerplate("COPYRİGHT 2024 Frob Ltd.")  # a dotted capital I
    assert is_boilerplate("Licenſed under the Frob licence")  # a long s
    assert licence("Released under the GNU GENERAL PUBLIC LİCENSE, version 3") == "GNU General Public License, version 3"
    assert is_licence_text("WITHOUT ANY WARRANTY; without even the implied warranty")
    assert not is_boilerplate("Grind the beans, then tamp them evenly.")
    assert licence("Grind the beans, then tamp them evenly.") is None


def test_a_screen_refuses_words_a_case_insensitive_search_would_not_see() -> None:
    with pytest.raises(ValueError):
        Screened(re.compile("copyright"), "copyright")
    with pytest.raises(ValueError):
        Screened(re.compile("copyright", re.IGNORECASE), "Copyright")


def _real_paragraphs() -> list[str]:
    paragraphs: list[str] = []
    for root in (REALDOCS / "input", SAMPLE / "input"):
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            if path.is_file():
                text = path.read_bytes()[:200_000].decode("utf-8", errors="replace")
                paragraphs += [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    return paragraphs


def test_a_screened_search_finds_what_the_pattern_finds_on_real_documents() -> None:
    paragraphs = _real_paragraphs()
    if not paragraphs:
        pytest.skip("../shared/corpus/realdocs/ and sample-project/ are absent")
    matched = 0
    for text in paragraphs:
        for screened in (furniture.BOILERPLATE, facts._LICENCE_TEXT):
            expected = screened.pattern.search(text)
            got = screened.search(text)
            assert (got and got.span()) == (expected and expected.span())
            matched += expected is not None
    assert matched > 10  # the documents do hold notices: the comparison saw some
