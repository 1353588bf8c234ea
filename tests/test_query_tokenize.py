"""The query tokenizer: language-agnostic, normalised, CJK bigrams, marks kept in words."""

from __future__ import annotations

import re
import unicodedata

from wikid.query.marks import MARKS, UNICODE_VERSION
from wikid.query.tokenize import tokens


def test_letter_and_digit_runs_case_folded_without_stop_words() -> None:
    assert tokens("The ALG-32 pump_station, (rev. 7)!") == ["the", "alg", "32", "pump", "station", "rev", "7"]


def test_nfkc_and_case_folding_meet_in_one_spelling() -> None:
    assert tokens("ＡＢＣ ﬁle STRASSE Straße") == ["abc", "file", "strasse", "strasse"]
    assert tokens("cafe\u0301") == tokens("CAFÉ") == ["café"]  # decomposed input too


def test_accents_are_kept() -> None:
    assert tokens("résumé resume Ærøskøbing") == ["résumé", "resume", "ærøskøbing"]


def test_combining_marks_stay_inside_words() -> None:
    assert tokens("हिन्दी भाषा") == ["हिन्दी", "भाषा"]
    assert tokens("ภาษาไทย") == ["ภาษาไทย"]


def test_cjk_runs_become_characters_and_overlapping_bigrams() -> None:
    assert tokens("東京都") == ["東", "京", "都", "東京", "京都"]
    assert tokens("서울시") == ["서", "울", "시", "서울", "울시"]
    assert tokens("水") == ["水"]
    assert tokens("iPhone手机") == ["iphone", "手", "机", "手机"]
    assert tokens("東京、大阪") == ["東", "京", "東京", "大", "阪", "大阪"]  # punctuation separates


def test_the_marks_table_matches_the_unicode_database() -> None:
    table = {ord(c) for part in _ranges(MARKS) for c in part}
    for cp in table:
        assert unicodedata.category(chr(cp)).startswith("M"), hex(cp)
    if unicodedata.unidata_version == UNICODE_VERSION:
        expected = {cp for cp in range(0x110000) if unicodedata.category(chr(cp)).startswith("M")}
        assert table == expected, f"regenerate wikid/query/marks.py for Unicode {unicodedata.unidata_version}"


def _ranges(spec: str) -> list[list[str]]:
    out, i = [], 0
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-":
            out.append([chr(cp) for cp in range(ord(spec[i]), ord(spec[i + 2]) + 1)])
            i += 3
        else:
            out.append([spec[i]])
            i += 1
    return out


def test_half_width_katakana_is_split_like_full_width_once_normalized() -> None:
    """NFKC turns half-width katakana into full-width: the CJK rule applies after it."""
    assert tokens("ﾃｽﾄ abc") == tokens("テスト abc") == ["テ", "ス", "ト", "テス", "スト", "abc"]


def test_ascii_text_splits_exactly_as_the_general_rule() -> None:
    """The ASCII fast path cuts the runs the Unicode rule cuts: every printable and
    control character, and text that stops being ASCII by one character."""
    every = "".join(chr(c) for c in range(128))
    sample = f"{every} a_b A-1 x\ty\nz {every[::-1]} snake_case ALG-32"
    general = re.findall(r"\w+", sample.lower().replace("_", " "))
    assert tokens(sample) == general
    assert tokens(sample + " é") == general + ["é"]  # the general path, same runs


def test_a_query_in_ascii_never_compiles_the_cjk_patterns() -> None:
    """The CJK class's supplementary-plane ranges cost ~6 ms to compile at import, about
    3 % of a cold query at 100,000 pages; a process that only meets ASCII text skips it,
    and text with CJK still splits into characters and pairs."""
    import subprocess
    import sys

    code = ("import wikid.query.tokenize as t; t.tokens('Frob the widget files'); "
            "print(t._cjk.cache_info().currsize); print(t.tokens('東京で'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "0"
    assert out[1] == str(["東", "京", "で", "東京", "京で"])
