"""Screened patterns (document/screen.py): the words that let a text skip a slow
case-insensitive pattern must never make a text that matches it skip it."""

from __future__ import annotations

import re
import string
from collections import Counter
from pathlib import Path

import pytest

from wikid.document import facts, furniture, projects
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
    *((s.pattern, s.words) for s in projects._STATEMENTS),
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


def _inlined(items: list) -> list[list]:
    """The sequence once for each choice of its alternatives of plain literals, inlined:
    the parser takes a common prefix out of them (`describes|documents` is `d` and
    `escribes|ocuments`), and a word may span the prefix and the choice."""
    for n, (op, value) in enumerate(items):
        if op is _C.BRANCH and all(all(o is _C.LITERAL for o, _ in b) for b in value[1]):
            return [s for b in value[1] for s in _inlined([*items[:n], *list(b), *items[n + 1:]])]
    return [items]


def _holds_a_word(items: list, words: tuple[str, ...]) -> bool:
    """Whether every match of a parsed sequence contains one of `words`: a literal run
    of its own has one, or a part it cannot skip does (a group; alternatives that each
    do; a repeat of at least once)."""
    return all(_holds_a_word_inlined(choice, words) for choice in _inlined(items))


def _holds_a_word_inlined(items: list, words: tuple[str, ...]) -> bool:
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


def test_a_choice_of_two_licences_names_both() -> None:
    """less's COPYRIGHT: `under the terms of either (1) the GNU General Public License ...
    or (2) the Less License` was stated as the GPL alone."""
    text = ("You can redistribute it and/or modify it under the terms of either (1) the GNU Gen\u2010\n"
            "eral Public License as published by the Free Software Foundation; or (2) the Frob License. See README.")
    assert licence(" ".join(text.replace("\u2010\n", "").split())) == "GNU General Public License or the Frob License"
    assert licence("Released under the GNU General Public License. Or ask the Frob Authors License office.") == \
        "GNU General Public License"


def test_a_screen_refuses_words_it_would_not_see_and_no_words() -> None:
    with pytest.raises(ValueError):
        Screened(re.compile("copyright", re.IGNORECASE), "Copyright")
    with pytest.raises(ValueError):
        Screened(re.compile("copyright"))


def _real_paragraphs() -> list[str]:
    paragraphs: list[str] = []
    for root in (REALDOCS / "input", SAMPLE / "input"):
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            if path.is_file():
                text = path.read_bytes()[:200_000].decode("utf-8", errors="replace")
                paragraphs += [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    return paragraphs


def test_a_screened_search_finds_what_the_pattern_finds_on_real_documents() -> None:
    if not (REALDOCS / "input").is_dir():  # (sample-project's few notices alone cannot show the comparison)
        pytest.skip("../shared/corpus/realdocs/ is absent")
    paragraphs = _real_paragraphs()
    matched = Counter[str]()
    for text in paragraphs:
        flat = " ".join(text.split())
        for name, screened in [("notice", furniture.BOILERPLATE), ("notice", facts._LICENCE_TEXT),
                               *(("statement", s) for s in projects._STATEMENTS)]:
            expected = [m.span() for m in screened.pattern.finditer(flat)]
            assert [m.span() for m in screened.finditer(flat)] == expected
            got = screened.search(flat)
            assert (got and got.span()) == (expected[0] if expected else None)
            matched[name] += bool(expected)
    assert matched["notice"] > 10 and matched["statement"] >= 2  # the comparison saw matches
