"""Sentences of prose: where one ends, and whether a piece of text is one.

Pure functions of a string, used wherever wikid quotes a document: the lead of a page,
an option's first sentence, a summary a model wrote.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping

from wikid.document.furniture import is_boilerplate

MAX_SENTENCE_CHARS = 300
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[]?[A-Z0-9])")
_ABBREVIATION = re.compile(
    r"(?:\b(?:e\.g|i\.e|a\.k\.a|aka|viz|al|etc|vs|cf|approx|incl|no|nr|dr|mr|mrs|ms|st|fig|vol|ch|sec|resp|esp)|(?:^|(?<=\s))[A-Z])\.$",
    re.IGNORECASE
)
# An abbreviation ends where its stop does, so it is looked for in the last characters
# before the stop only (search's `pos`: `^`, `\b` and look-behinds still see the whole
# text): scanning all the text before each stop was 2.8 s of the offline engine's
# 10k-document bench. Longer than the pattern's longest match (`approx.`) and a
# newline after it (`$`).
_ABBREVIATION_TAIL = 16
_DEFINITION = re.compile(r"^\S+(?: \([^()]{1,80}\))? (?:is|are|was|were|provides|lets|allows)\b")  # `frob (file robot) is`


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph: cut after . ! ? before a capital, not after an
    abbreviation, not after an ellipsis that leaves its sentence open, and not inside
    parentheses."""
    out: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        ended = text[start : m.start()]  # up to the stop (the match starts after it)
        piece = text[start : m.end()]
        if _ABBREVIATION.search(ended, max(0, len(ended) - _ABBREVIATION_TAIL)) or (ended.endswith("...") and (
                text[m.end():][:1].isdigit() or goes_on(ended.rstrip(". ")))) \
                or piece.count("(") > piece.count(")"):
            continue  # `e.g.`, `200 k ... 900 k`, `It is no bug, but ... If`, `(aka. OCSP stapling)`:
            # no sentence ends inside parentheses
        out.append(piece.strip())
        start = m.end()
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


def first_sentence(text: str) -> str:
    """The first sentence of `text`, whole (all of it when it has one sentence)."""
    sentences = split_sentences(text)
    return sentences[0] if sentences else ""


def is_sentence(text: str, names: frozenset[str] = frozenset()) -> bool:
    """Real prose: six words or more, mostly letters, ending like a sentence, not
    boilerplate; starting with a capital unless it starts with one of `names` (words
    of the document's title: "frobnik reads each image …") or defines a lower-case
    name ("frob is a …")."""
    if not text or len(text) > MAX_SENTENCE_CHARS or text[-1] not in ".!?":
        return False
    tokens = text.split()
    letters = sum(ch.isalpha() for ch in text)
    if len(tokens) < 6 or letters < 0.6 * len(text.replace(" ", "")):
        return False
    if text[0] in "-*+|>[(<{$#=/" or (text[0].islower() and tokens[0] not in names and not _DEFINITION.match(text)):
        return False  # a fragment: the rest of a sentence wrapped across a page break
    return not is_boilerplate(text)


# Words a title never ends with: a text ending with one goes on after it (`Using the`,
# `Bug reports should ideally include:`, `Note especially the following:`).
_OPEN_ENDS = frozenset(
    "a an the of to and or nor but with without for in into on at by from as than that this these those "
    "which who whose where when while if is are was were be been using via such include includes "
    "including follows following below like e.g i.e".split())


def goes_on(text: str) -> bool:
    """Whether `text` stops mid-sentence: it ends with a comma, a hyphen or a word a
    title or a whole value never ends with (see _OPEN_ENDS)."""
    stripped = text.rstrip(" :")
    if not stripped:
        return False
    if stripped[-1] in ",-(–—":
        return True
    return stripped.split()[-1].casefold().strip(".") in _OPEN_ENDS


def display_heading(text: str, spellings: Mapping[str, str] | None = None) -> str:
    """A heading as a reader expects it: `DESCRIPTION` -> `Description`, `EXIT STATUS`
    -> `Exit status`; a word keeps the spelling the document's text gives it
    (`TCP FORWARDING` -> `TCP forwarding` when the text says TCP, `SQLITE` -> `SQLite`),
    a word without vowels stays an acronym (`SSH`), and an identifier stays as written
    (`OPT_APPEND_NEWLINE`, `X11`, a name's template `ASM<DIALECT>`)."""
    text = text.strip(" :¶")
    if not (text.isupper() and len(text) > 3) or "_" in text or (" " not in text and any(c.isdigit() for c in text)) \
            or any(c in text for c in "<>${}="):
        return text
    known = spellings or {}

    def cased(part: str, first: bool) -> str:
        core = part.strip("()[]{},.;:'\"")
        if not core:
            return part
        if core.casefold() in known:
            return part.replace(core, known[core.casefold()])
        if len(core) >= 2 and ((core.isalpha() and not set(core) & _VOWELS) or any(c.isdigit() for c in core)):
            return part
        lowered = part.lower()
        return lowered[:1].upper() + lowered[1:] if first else lowered

    words = text.split(" ")
    opening = next((n for n, word in enumerate(words) if any(c.isalpha() for c in word)), 0)  # after `2.1.`
    return " ".join("-".join(cased(piece, n == opening and k == 0) for k, piece in enumerate(word.split("-")))
                    for n, word in enumerate(words))


_VOWELS = frozenset("AEIOUY")
_CASED_WORD = re.compile(r"\b[A-Za-z][A-Za-z0-9]*\b")
MIN_SPELLING_SHARE = 0.8
MIN_SHOUTED_CHARS = 6  # a word this long in capitals is a title's shouting (`MANAGEMENT`), not an acronym (`POSIX`)


def spellings(texts: Iterable[str]) -> dict[str, str]:
    """How a text spells its words with capitals inside them (`TCP`, `SQLite`, `GnuPG`),
    casefolded word -> spelling, where that spelling is what the text writes nearly always
    (a long word it only ever writes in capitals, in its titles, is no spelling).

    Only the words written somewhere with a capital inside are weighed: every other
    spelling of theirs counts, the many words never so written need no look."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(_CASED_WORD.findall(text))
    capitalised = {word.casefold() for word in counts if word[1:] != word[1:].lower()}  # the words are ASCII
    forms: dict[str, dict[str, int]] = {}
    for word, seen in counts.items():
        if (key := word.casefold()) in capitalised:
            forms.setdefault(key, {})[word] = seen
    out: dict[str, str] = {}
    for key, written in forms.items():
        form, seen = max(written.items(), key=lambda pair: (pair[1], pair[0]))
        shouted = form.isupper() and len(form) >= MIN_SHOUTED_CHARS and bool(set(form) & _VOWELS)
        if any(c.isupper() for c in form[1:]) and not shouted and seen >= MIN_SPELLING_SHARE * sum(written.values()):
            out[key] = form
    return out
