"""Small pure text helpers shared by the offline engine: folding, slugs, name keys.

They live apart from the signal extraction so the rules for "are these two names
the same entity" and "what is this page's file name" are defined once.
"""

from __future__ import annotations

import re

from wikid.filenames import split_name
from wikid.slug import fold, slugify, without_marks

__all__ = ["LEGAL_SUFFIXES", "cased_words", "eligible_name", "fold", "humanize_stem", "name_key", "norm_key",
           "norm_value", "one_line", "slugify", "words"]

# Legal-form words dropped from the end of a name before names are compared, so that
# "Bluestone Green Coffee Importers Ltd." and "Bluestone Green Coffee Importers"
# count as one asserted name.
LEGAL_SUFFIXES = frozenset(
    "ltd limited inc incorporated llc llp lp gmbh ag bv nv sa sas sarl plc corp "
    "corporation co company oy ab srl spa kg pty".split()
)

_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Folded alphanumeric words, the unit names and mentions are compared in."""
    return _WORD.findall(fold(text))


_CASED_WORD = re.compile(r"[A-Za-z0-9]+")


def cased_words(text: str) -> tuple[list[str], list[bool]]:
    """`words(text)` and, for each, whether it was written with a capital first letter:
    a name's first word alone ("Northwind") counts as the name only as a proper noun."""
    if not text.isascii():
        text = without_marks(text)
    found = _CASED_WORD.findall(text)
    return [w.lower() for w in found], [w[0].isupper() for w in found]


def name_key(name: str) -> str:
    """The comparable form of an asserted name: folded words, no leading "the", no legal form."""
    tokens = words(name)
    if tokens and tokens[0] == "the":
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[-1] in LEGAL_SUFFIXES:
        tokens.pop()
    return " ".join(tokens)


def norm_value(value: str) -> str:
    """Values are compared case- and space-insensitively: "30 days" == "30  Days."."""
    text = re.sub(r"[*_`]+", "", value)
    return " ".join(text.casefold().split()).rstrip(".;,")


def norm_key(key: str) -> str:
    """Attribute keys match across sources whatever their case, markup or separators."""
    text = re.sub(r"[*_`]+", " ", key)
    return " ".join(text.casefold().replace("-", " ").split()).rstrip(" :")


def one_line(text: str) -> str:
    return " ".join(text.split())


def humanize_stem(input_rel: str) -> str:
    """A readable title from a file name ("bluestone-terms-update-2025.pdf" -> "Bluestone terms update 2025")."""
    stem = split_name(input_rel.rsplit("/", 1)[-1])[0]
    text = " ".join(re.sub(r"[_\-.]+", " ", stem).split())
    return text[:1].upper() + text[1:] if text else "Untitled"


def eligible_name(key: str) -> bool:
    """Names of one short word are too likely to be an ordinary word to count as a mention."""
    tokens = key.split()
    return len(tokens) >= 2 or (len(tokens) == 1 and len(tokens[0]) >= 5)
