"""How well a passage answers a query: the idf-weighted share of the query it holds.

Each distinct query term weighs its idf in the index (a word in every row weighs
almost nothing, a rare one a lot; a word the index has never seen weighs as much as
the rarest). A passage holds a term fully when the term is one of its words (not one
after "non": `non-listening` is no `listening`), at
VARIANT_WEIGHT when one of its words is a variant of the term (`overwrite` for
`overwriting`, `exists` for `exist`: the same first letters, a short different end;
no stemmer is language-neutral, this is), and at CONTEXT_WEIGHT when only its
context holds it (the heading over it, the sentence introducing its list, the
question it answers, the title of its page or source): "2 if trouble" under the
heading EXIT STATUS answers "exit status 2".

An entry of a reference opens with the name it describes (an option, a status number,
a table row's first cell: `Passage.tag`). The terms its name holds weigh TAG_BONUS
more ("9 the specified zipfiles were not found" answers "unzip exit code 9" before a
paragraph that mentions 9 among other codes) -- except the terms its page's or source's
title holds: a manual's NAME line is tagged with the tool's name, which frames every
passage of the manual and names no entry of it --, and an entry weighs ENTRY_WEIGHT times
as much as prose holding the same terms: questions about a tool ask what an option, a
status, a setting does. So does a passage under a heading the query names whole ("exit
status" in the query, EXIT STATUS over "1 if no lines were selected"). A paragraph
that goes on describing an entry (indented under it) holds its name's terms too, but is
weighed as prose: the entry's first paragraph says what it is. The score is the share of
the query's weight a passage holds (0 to 1), plus the bonus, times ENTRY_WEIGHT for an
entry.

Only the best window of WINDOW_WORDS tokens of a passage counts, so a long paragraph
that mentions every term somewhere does not beat a sentence that says the thing: the
words that answer a question stand close together. That window is also what a
snippet shows of a long passage (`excerpt`).

Measured with bench/answers.py's first corpus (25 questions on 29 real documents), as
the scoring was built: a bonus for two query terms in a row (`exit status`) found as
many answering passages in the top-3 snippets (15) and fewer in the answer (13
against 16); a bonus for an entry whose tag is a query term (`-k`, `2`) fewer in the
snippets (13); a context counting 0.7, or a window of 36 tokens, one fewer. Later, with
the words framing a question left out of the query (wikid.query.question), entries'
names read from their layout (wikid.query.passages) and passages read deeper
(wikid.query.search), as built (first corpus / second, measured only, 25 and 20
questions): 20/15 in the top-3 snippets; TAG_BONUS 0.5 20/13, 1.0 17/12, none 19/15
(and one answer fewer); ENTRY_WEIGHT 1.0 19/14, 1.3 20/14; an entry named by a query
term also holding its context fully 20/15, so it does not. No TAG_BONUS for the terms
a title holds, a word after "non" not held (with a page's lines citing its sources
left out, search.cites): 20/17 in the snippets, 22/17 in the answer, against 20/15 and
21/17; bench/answers-more.json's sets, unchanged (3/5 of 23, 3/3 of 12).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Collection
from dataclasses import dataclass

from wikid.query.passages import Passage
from wikid.query.results import SourceRef
from wikid.query.tokenize import spaced, tokens, word_tokens

VARIANT_WEIGHT = 0.6
CONTEXT_WEIGHT = 0.5
TAG_BONUS = 0.25
# An entry that opens with its name is weighed this much more than prose holding the
# same terms: the passage answering a question about a tool is an entry of its
# reference 22 times in 25 on bench/answers.py's first corpus (17 in 20 on the second),
# where entries are 57% of the passages.
ENTRY_WEIGHT = 1.2
# A passage under a heading of this many words or more, every one of them a query term,
# weighs as an entry: the question names its section. One word is too little to tell
# (a query's "file" names no section FILES); answers-b lost a snippet to one-word headings.
MIN_SECTION_WORDS = 2
# A word after "non" (`non-listening`, split at its hyphen) says the opposite of the
# term it spells, unless the query asks for "non" too.
NEGATING = frozenset({"non"})
# A passage that says the opposite of what it names -- its text, after the entry's name,
# opens with a negation ("-n  Suppresses line numbers", "Do not print the banner") --
# answers a question asking for the thing only when the question negates too ("start
# without the banner"); otherwise it weighs NEGATED_WEIGHT. The English words of
# negation, as question.py's are the English words of a question.
NEGATION_WORDS = frozenset("not no never without nothing none cannot don doesn suppress suppresses disable disables "
                           "omit omits".split())
NEGATED_WEIGHT = 0.7
# A fenced block's lines -- an example's command and what it prints, a list laid out as
# code -- show the words a question asks about more often than they say what they are:
# asked which format specifier shows the maximum resident set size, a sample output's
# `Maximum resident set size (kbytes): 32` outranked the entry of the specifier that
# prints it. Measured on bench/answers.py (a / b / d / h, top-3 snippets and answer):
# 1.0 18/21, 16/17, 5/8, 6/7; 0.9 19/21, 16/18, 5/8, 6/7; 0.9 on the lines that open
# with no name only, 18/21, 16/18, 5/8, 6/7.
CODE_WEIGHT = 0.9
WINDOW_WORDS = 24  # about a sentence
MIN_STEM = 4  # letters two words share before they can be variants of one another
MAX_ENDING = 3  # letters either may add after what they share
# What a term's weight is raised to when the parts of a long page to read are chosen by
# the terms in them (QueryTerms.spans_held). Measured on bench/answers.py (answers-a /
# -b / -d, answering passage in the top-3 snippets and in the answer, title terms left
# out): 1 (the weight) 20/17/2 and 20/17/5, 1.5 20/17/3 and 20/17/6, 2 19/17/3 and 20/17/6.
SPAN_POWER = 1.5
# A sentence ends at . ! ? followed by a space, or right after a CJK full stop.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？])")


@dataclass(frozen=True)
class Scored:
    score: float  # how well it answers: see the module's docstring (the share of the query held, 0-1, and more)
    passage: Passage
    window: tuple[int, int]  # the best window, in tokens of passage.text
    own: bool = True  # the passage or its own context holds a term, not only its page's or source's title


@dataclass(frozen=True)
class Found:
    """A scored passage and where it was read: the page itself (source None) or a source's text."""

    scored: Scored
    source: SourceRef | None


def variant(a: str, b: str) -> bool:
    """Whether two different words are forms of one word: they share their first
    MIN_STEM letters or more and differ by at most MAX_ENDING letters at either end."""
    if len(a) < MIN_STEM or len(b) < MIN_STEM or a[:MIN_STEM] != b[:MIN_STEM] or not a[:MIN_STEM].isalpha():
        return False
    shared = MIN_STEM
    while shared < min(len(a), len(b)) and a[shared] == b[shared]:
        shared += 1
    return len(a) - shared <= MAX_ENDING and len(b) - shared <= MAX_ENDING


class QueryTerms:
    """A query's distinct terms with their weights, and the memo of which words match them."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.weights = weights
        self.total = math.fsum(weights.values())
        self._by_stem: dict[str, list[str]] = {}
        for term in weights:
            self._by_stem.setdefault(term[:MIN_STEM], []).append(term)
        self._memo: dict[str, tuple[tuple[str, float], ...]] = {}
        self._contexts: dict[str, dict[str, float]] = {}
        self._frames: dict[tuple[str, str], tuple[dict[str, float], float, bool]] = {}
        self._stems = frozenset(self._by_stem)
        self._negation_asked = any(term in NEGATION_WORDS for term in weights)
        # The words two tokens in a row may make a term of start with (`white` for `whitespace`).
        self._heads = frozenset(term[:n] for term in weights for n in range(1, len(term)))

    def matches(self, word: str) -> tuple[tuple[str, float], ...]:
        """The query terms `word` is (1.0) or is a variant of (VARIANT_WEIGHT)."""
        found = self._memo.get(word)
        if found is None:
            found = tuple((term, 1.0 if term == word else VARIANT_WEIGHT)
                          for term in self._by_stem.get(word[:MIN_STEM], ()) if term == word or variant(term, word))
            self._memo[word] = found
        return found

    def spans_held(self, text: str, spans: list[tuple[int, int]], titled: Collection[str] = ()) -> list[float]:
        """For each (start, end) span of `text`, the weight of the terms whose first
        letters are in it: what picks the parts of a long page worth cutting into
        passages (a page of 80 KB is too long to cut whole for every query). The terms
        `titled` (those its title holds: they frame every part alike) are left out,
        unless they are all the query has, and each term weighs its weight to the
        SPAN_POWER: nearly every part of a manual holds "file" or "start" somewhere,
        and the part holding "welcome" alone is likelier to hold the answer than one
        holding both."""
        lowered = text.lower()
        ends = [end for _, end in spans]
        held = [0.0] * len(spans)
        for term, weight in self.subject(titled).items():  # found at a word's start, skipping to the next span after each
            probe = _probe(term)
            found = probe.search(lowered)
            while found and (n := bisect_right(ends, found.start())) < len(spans):
                held[n] += weight**SPAN_POWER
                found = probe.search(lowered, ends[n])
        return held

    def subject(self, titled: Collection[str]) -> dict[str, float]:
        """The terms' weights without those in `titled` (all of them when nothing else is left)."""
        return {t: w for t, w in self.weights.items() if t not in titled} or self.weights

    def hits(self, words: list[str]) -> list[tuple[int, dict[str, float]]]:
        """(position, the terms held there and how fully) for each token that holds a
        term; two tokens in a row hold the term they make together ("white space" holds
        `whitespace`)."""
        out = []
        memo, heads, weights = self._memo, self._heads, self.weights
        for at, word in enumerate(words):
            if at and words[at - 1] in NEGATING and words[at - 1] not in weights:
                continue
            held = memo.get(word)
            if held is None:
                held = self.matches(word)
            joined = words[at - 1] + word if at and words[at - 1] in heads else ""
            if joined in weights:
                out.append((at, {**dict(held), joined: 1.0}))
            elif held:
                out.append((at, dict(held)))
        return out

    def held(self, text: str) -> dict[str, float]:
        """How fully `text` holds each query term it holds."""
        out: dict[str, float] = {}
        for _, found in self.hits(tokens(text)):
            for term, value in found.items():
                out[term] = max(out.get(term, 0.0), value)
        return out

    def score(self, passage: Passage, frame: str = "") -> Scored | None:
        """`passage` scored, with `frame` (its page's or source's title) as more context;
        None when neither it nor its context holds a query term."""
        named = self._held_memo(passage.tag) if passage.tag else {}
        if named:
            base, outside, own = self._framing(passage.context, frame, named)
        elif (framing := self._frames.get((passage.context, frame))) is not None:
            base, outside, own = framing
        else:
            base, outside, own = self._frames[passage.context, frame] = self._framing(passage.context, frame, named)
        words = tokens(passage.text)
        hits = self.hits(words)
        if not hits and not base:
            return None
        weights = self.weights
        titled = self._held_memo(frame)  # the page's or source's subject: every passage's, no entry's own
        bonus = TAG_BONUS * math.fsum(weights[t] * v for t, v in named.items() if t not in titled) \
            if named and passage.text.startswith(passage.tag) else 0.0
        windows = [((0, len(words)), hits)]
        if len(words) > WINDOW_WORDS and hits:  # a window from each hit on
            starts = [at for at, _ in hits]  # ascending
            windows = [((first, first + WINDOW_WORDS), hits[i:bisect_left(starts, first + WINDOW_WORDS, lo=i)])
                       for i, first in enumerate(starts)]
        best, window = 0.0, (0, len(words))
        for span, inside in windows:
            held: dict[str, float] = {}
            for _, found in inside:
                for term, value in found.items():
                    if value > held.get(term, 0.0):
                        held[term] = value
            value = outside + math.fsum(weights[t] * (v - base.get(t, 0.0)) for t, v in held.items()
                                        if v > base.get(t, 0.0))
            if value > best:
                best, window = value, span
        if best <= 0:
            return None
        opens = passage.tag and passage.text.startswith(passage.tag)
        entry = ENTRY_WEIGHT if opens or self._asks_for(passage.heading, titled) else 1.0
        if passage.code:
            entry *= CODE_WEIGHT
        if not self._negation_asked and self._negated(passage.text[len(passage.tag):] if opens else passage.text):
            entry *= NEGATED_WEIGHT
        return Scored(entry * (best + bonus) / self.total, passage, window, bool(hits) or own)

    def _framing(self, context: str, frame: str, named: dict[str, float]) -> tuple[dict[str, float], float, bool]:
        """What each term is held at outside a passage's words -- by the name of its entry
        (`named`: the terms it holds), by its context, by the title framing it --, that
        weighed, and whether its own context or name holds any (memoized by the caller
        for the passages no name of which holds a term: most share their context)."""
        own, framing = self._held_memo(context), self._held_memo(frame)
        base = {t: max(named.get(t, 0.0), CONTEXT_WEIGHT * own.get(t, 0.0), CONTEXT_WEIGHT * framing.get(t, 0.0))
                for t in own.keys() | framing.keys() | named.keys()}
        return base, math.fsum(self.weights[t] * v for t, v in base.items()), bool(own or named)

    def _negated(self, text: str) -> bool:
        """Whether `text` (a passage's, after its entry's name) opens with a sentence
        that negates -- its first word a negation, or "do not" -- and holds most of the
        query it holds ("Suppresses line numbers.
        The default (to use line numbers) ...", not "Don't parse the input as JSON.
        Instead, each line of text is passed ...")."""
        first = _SENTENCE_END.split(text, maxsplit=1)[0]
        words = tokens(first)
        if not (words[:1] and words[0] in NEGATION_WORDS) and words[:2] not in (["do", "not"], ["does", "not"]):
            return False
        opening = math.fsum(self.weights[t] * v for t, v in self.held(first).items())
        return opening >= 0.5 * math.fsum(self.weights[t] * v for t, v in self.held(text).items())

    def _asks_for(self, heading: str, titled: dict[str, float]) -> bool:
        """Whether the query names the section `heading` heads: every word of a heading
        of MIN_SECTION_WORDS or more is a query term, not one of the title's ("what exit
        status does grep return": the passages under EXIT STATUS are its reference)."""
        words = tokens(heading)
        return len(words) >= MIN_SECTION_WORDS and all(w in self.weights and w not in titled for w in words)

    def _held_memo(self, text: str) -> dict[str, float]:
        """`held`, once per text: many passages share a heading, all of a text's its title."""
        found = self._contexts.get(text)
        if found is None:
            found = self._contexts[text] = self.held(text)
        return found


def _probe(term: str) -> re.Pattern[str]:
    """Where a part of a text may hold `term`: a word opening with its first MIN_STEM
    letters (a variant's), or a number that is the term (`9`, not the 9 of `1989`); a
    CJK term anywhere (its script has no spaces to open a word)."""
    if not spaced(term):
        return re.compile(re.escape(term[:MIN_STEM]))
    end = r"(?![^\W_])" if term[:MIN_STEM].isdigit() and len(term) <= MIN_STEM else ""
    return re.compile(r"(?<![^\W_])" + re.escape(term[:MIN_STEM]) + end)


def excerpt(scored: Scored, limit: int) -> str:
    """The passage, or about `limit` characters of it: its best window from the start of
    its sentence (when that is near), led by the passage's first sentence when the
    window starts after it and that sentence is short (an option's name and what it
    does, an exit status's number); cut on word breaks and marked `…` where cut."""
    text = scored.passage.text
    if len(text) <= limit:
        return text
    words = text.split(" ")
    first, last = word_window(text, scored.window)
    if len(" ".join(words[:last])) <= limit:
        return _words(words, 0, limit)
    at = len(" ".join(words[:first])) + 1
    sentence = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
    if at - sentence <= limit // 3:
        first = len(text[:sentence].split(" ")) - 1 if sentence else 0
    opening = _SENTENCE_END.split(text, maxsplit=1)[0]
    led = bool(sentence) and len(opening) <= limit // 2 and first > len(opening.split(" "))
    budget = limit - len(opening) - 1 if led else limit
    while first > 0 and len(" ".join(words[first - 1 :])) <= budget:
        first -= 1  # a window at the end: fill the excerpt from before it
    if led and first > len(opening.split(" ")):
        return f"{opening} {_words(words, first, budget)}"
    return _words(words, first, limit)


def word_window(text: str, window: tuple[int, int]) -> tuple[int, int]:
    """A window in tokens of `text` as a window in its space-separated words."""
    at = [word for word, _ in word_tokens(text)]
    if not at:
        return 0, 0
    return at[min(window[0], len(at) - 1)], at[min(window[1], len(at)) - 1] + 1


def _words(words: list[str], first: int, limit: int) -> str:
    """Words from `first` on, about `limit` characters, `…` where cut."""
    kept: list[str] = []
    size = 0
    for word in words[first:]:
        if size + len(word) > limit and kept:
            break
        kept.append(word[:limit])  # a run without spaces (CJK) longer than the limit is cut in it
        size += len(word) + 1
    more = first + len(kept) < len(words) or len(kept[-1]) < len(words[first + len(kept) - 1])
    return ("…" if first else "") + " ".join(kept) + ("…" if more else "")
