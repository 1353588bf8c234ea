"""Language-agnostic tokens for the query index: the same function reads pages and queries.

* NFKC, then case folding: full-width and compatibility forms, ligatures and case
  all meet in one spelling ("ＡＢＣ", "ﬁle", "STRASSE" match "abc", "file", "straße").
  Accents are kept: "résumé" and "resume" are different words in many languages.
* Tokens are runs of Unicode letters and digits together with their combining marks
  (without the marks, Indic and other scripts would fall apart at every vowel sign)
  and zero-width (non-)joiners. Everything else separates, underscores included,
  so `snake_case` and `ALG-32` give two tokens each.
* Chinese, Japanese and Korean runs become their characters and the overlapping
  character bigrams ("東京都" -> "東", "京", "都", "東京", "京都"), as Lucene's CJK
  analyzer does with unigrams on: those scripts put no spaces between words; bigrams
  match words well without a dictionary, and the single characters let one-character
  words ("雨", "山") be found. idf keeps the common characters light.
* No stop-word list and no minimum length: inverse document frequency gives words
  that occur everywhere almost no weight, in every language alike.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter

from wikid.query.marks import MARKS

# Han (with extensions and compatibility ideographs), kana, Hangul and the CJK
# iteration marks. Only characters inside letter runs are tested against it.
_CJK_CHARS = (
    "\u1100-\u11ff\u3005-\u3007\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff\uf900-\ufaff\U0001b000-\U0001b16f\U00020000-\U000323af"
)
_RUN = re.compile(f"\\w[\\w{MARKS}\u200c\u200d]*")


@functools.cache
def _cjk() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(one CJK character, a run of CJK or of other characters), compiled when first
    needed: the class's supplementary-plane ranges take ~6 ms to compile, which a query
    process for ASCII text (most queries, every English page) never has to pay."""
    return re.compile(f"[{_CJK_CHARS}]"), re.compile(f"[{_CJK_CHARS}]+|[^{_CJK_CHARS}]+")


# For ASCII text a token is a run of [0-9a-z] (normalized text has no capitals and no
# underscores): everything else becomes a space and str.split cuts the runs, ~6x faster
# than the regex scan, which pages written in English pay on every batch.
_ASCII_SEPARATORS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})


def normalize(text: str) -> str:
    """The spelling tokens are cut from: NFKC, case-folded, underscores as spaces."""
    return unicodedata.normalize("NFKC", text).casefold().replace("_", " ")


def _split_cjk(run: str) -> list[str]:
    out: list[str] = []
    cjk, segments = _cjk()
    for segment in segments.findall(run):
        if not cjk.match(segment):
            out.append(segment)
        else:
            out.extend(segment)
            out.extend(segment[i : i + 2] for i in range(len(segment) - 1))
    return out


def tokens(text: str) -> list[str]:
    """The tokens of `text`, in order."""
    normalized = normalize(text)
    if normalized.isascii():
        return normalized.translate(_ASCII_SEPARATORS).split()
    runs = _RUN.findall(normalized)
    cjk = _cjk()[0]
    if not cjk.search(normalized):  # one scan instead of one per run: most text has no CJK
        return runs
    out: list[str] = []
    for run in runs:
        if cjk.search(run):
            out.extend(_split_cjk(run))
        else:
            out.append(run)
    return out


def spaced(term: str) -> bool:
    """Whether `term` is one of a text's words, which open after a space or a mark,
    not a CJK character or pair, which stand anywhere in a run of text."""
    return term.isascii() or not _cjk()[0].match(term)


def word_tokens(text: str) -> list[tuple[int, str]]:
    """The tokens of `text`, each with the number of the space-separated word it is in
    (what a snippet cuts on)."""
    if text.isascii():  # NFKC changes no ASCII character: case-fold and cut each word at once
        return [(at, token) for at, word in enumerate(text.lower().split(" "))
                for token in word.translate(_ASCII_SEPARATORS).split()]
    return [(at, token) for at, word in enumerate(text.split(" ")) for token in tokens(word)]


def term_counts(text: str) -> Counter[str]:
    """How often each token occurs in `text`."""
    return Counter(tokens(text))
