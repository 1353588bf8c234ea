"""Which names a document mentions, and how much: the evidence of what it is about.

Documents about one entity share few words beyond its name. A manual page, a
changelog and a FAQ of one tool have different vocabularies (TF-IDF over all their
words puts a changelog nearer other tools' changelogs than its own tool's manual),
but each of them repeats the tool's name, again and again. So the engine clusters on
*names*: the vocabulary is the set of names the documents give themselves (their
titles' subjects, manual-page NAME lines, `Name:`-style fields) and the titles of the
wiki's concepts; a document's name vector counts how often it mentions each.

Weights are sqrt(count) times smooth idf over the documents being clustered: a name
every document mentions (the platform, the company writing them) says little, a
name a few documents repeat says what they are about. The square root keeps the
proportions a logarithm would flatten: a page that names `ssl` 279 times and
`socket` 150 times is about ssl (ln gives 6.6 and 6.0: half socket). Names are
counted wherever their words occur, so "GNU make" counts for "GNU make" and for
"make": the shortest name a family of documents shares gets the most weight, which
is what makes "make", "GNU make" and "make-dfsg" documents one entity. A name
written glued to its version ("frob8.6", "frob3": a versioned package's name)
counts for the name too ("frob") when that is a name of its own.

A name stated in a field or a wiki page's title is also counted through its first
word, written with a capital, when that word is distinctive (five letters or more,
the start of no other name and not a name itself): documents write "Northwind" for
"Northwind Packaging GmbH", and "order" is not "Order Portal".
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
import scipy.sparse as sp

MIN_HEAD_LETTERS = 5
PROMINENT = 2  # mentions that make a name part of what a document is about
# A first word that is a name and a version glued together: `frob8` of "frob8.6", `frob3`.
_GLUED_VERSION = re.compile(r"^([a-z]{2,}?)\d{1,2}$")


class NameIndex:
    """Counts mentions of a fixed set of names (keys: folded words joined by spaces)
    in token lists, in time linear in the text: one set probe per token that starts a
    name and per distinct name length."""

    def __init__(self, keys: Iterable[str], headed: Iterable[str] = ()) -> None:
        """`keys` are every name; `headed` those that may also be mentioned by their first
        word alone (names stated in fields: "Northwind" for "Northwind Packaging GmbH";
        a title's subject "Vendor onboarding" must not count every "vendor")."""
        self.keys = sorted({k for k in keys if k})
        self.ids = {k: i for i, k in enumerate(self.keys)}
        self.full: dict[tuple[str, ...], int] = {tuple(k.split()): i for i, k in enumerate(self.keys)}
        heads: dict[str, set[int]] = defaultdict(set)
        for key in sorted(set(headed) & set(self.ids)):
            tokens = key.split()
            if len(tokens) > 1 and len(tokens[0]) >= MIN_HEAD_LETTERS and not tokens[0].isdigit():
                heads[tokens[0]].add(self.ids[key])
        for key, i in self.ids.items():  # a first word shared with another name is no alias
            tokens = key.split()
            if len(tokens) > 1 and tokens[0] in heads:
                heads[tokens[0]].add(i)
        singles = {tokens[0] for tokens in self.full if len(tokens) == 1}
        self.heads = {h: next(iter(ids)) for h, ids in heads.items() if len(ids) == 1 and h not in singles}
        self.lengths = sorted({len(t) for t in self.full})
        self.firsts = {t[0] for t in self.full} | set(self.heads)
        self.versioned: dict[int, int] = {}  # a name glued to its version -> the name ("frob8 6" -> "frob")
        for name, i in self.full.items():
            if (m := _GLUED_VERSION.match(name[0])) and all(t.isdigit() for t in name[1:]) \
                    and (base := self.full.get((m.group(1),))) is not None:
                self.versioned[i] = base

    def __len__(self) -> int:
        return len(self.keys)

    def counts(self, tokens: Sequence[str], capitals: Sequence[bool] | None = None) -> Counter[int]:
        """Name id -> number of mentions in `tokens`; a first word alone counts only
        where `capitals` says it was capitalised ("Order" of "Order Portal", not "order")
        and is not a word of a name counted already."""
        found: Counter[int] = Counter()
        covered = 0  # tokens before this position are inside a name already counted
        for pos, token in enumerate(tokens):
            if token not in self.firsts:
                continue
            matched = False
            for length in self.lengths:
                if pos + length > len(tokens):
                    break  # a shorter slice at the end would count a shorter name twice
                name = self.full.get(tuple(tokens[pos : pos + length]))
                if name is not None:
                    found[name] += 1
                    if name in self.versioned:
                        found[self.versioned[name]] += 1
                    matched = True
                    covered = max(covered, pos + length)
            if (not matched and pos >= covered and (head := self.heads.get(token)) is not None
                    and (capitals is None or capitals[pos])):
                found[head] += 1  # not the last word of "Sugar Harbor" taken for "Harbor Freight"
        return found


def head_mentions(index: NameIndex, claims: Iterable[int], tokens: Sequence[str],
                  capitals: Sequence[bool]) -> dict[int, int]:
    """How often a document writes the first word of each name it claims, capitalised,
    for names of two words or more whose first word is distinctive (MIN_HEAD_LETTERS, no
    name of its own): "LangGraph Python SDK" names itself as "LangGraph" throughout and
    the whole title once. Name id -> count, for claims whose head is written more often
    than the whole name."""
    out: dict[int, int] = {}
    for name in claims:
        parts = index.keys[name].split()
        head = parts[0]
        if len(parts) < 2 or len(head) < MIN_HEAD_LETTERS or head.isdigit() or (head,) in index.full:
            continue
        count = sum(1 for token, capital in zip(tokens, capitals, strict=True) if capital and token == head)
        if count > 0:
            out[name] = count
    return out


def name_vectors(mentions: Sequence[Mapping[int, int]], size: int, known: Iterable[int] = (),
                 claimed: Sequence[Iterable[int]] = (), listings: Sequence[bool] = (),
                 keys: Sequence[str] = (), heads: Sequence[Mapping[int, int]] = ()) -> sp.csr_matrix:
    """L2-normalised rows of sqrt(count) x smooth idf (see the module docstring).

    Document frequency counts the documents that repeat a name (PROMINENT mentions):
    a name that is also a common word ("less", "make") is written once in passing by
    many documents, and only its own documents repeat it. A document's vector holds
    every name it mentions that another document repeats (one mention of the package
    in a command's manual page ties it to its family), and the names it `claimed`
    (its title's). A name
    no other document mentions links nothing and would only crowd out the names it
    shares ("make-dfsg" in one changelog hides its many "make"s), so it is left out
    -- unless it is `known`, the title of a concept of the wiki, which the wiki
    counts as one more document naming it. A document that claims no name and
    mentions one name once ("cleaned with frobnik beforehand", one line of a README
    of two hundred) has no name evidence at all: that mention is not what it is about
    -- unless the document is a data file (`listings`), whose cells name only what
    it lists.

    Left out of the vector, such a name of its own still weighs in its norm when the
    document repeats it, claims no name it shares (the package a command's page says
    it belongs to) and no name it shares is a part of it or holds it (`keys`, the
    names by id, say which): a README about `frob`, which no other document names,
    that mentions `websockets` five times or `executing` once is about frob, and those
    names are a small part of what it says -- not, once frob is left out, all of it.
    "make-dfsg" of a changelog that says "make" throughout stays out of its norm: the
    name it shares is part of its own. A claimed name counts there as often as the
    document writes it or its first word (`heads`, head_mentions): a README titled
    "LangGraph Python SDK" that says "LangGraph" eleven times and names a sibling
    product twice is about the first.
    """
    n = len(mentions)
    df = np.zeros(max(size, 1), dtype=np.float64)
    anywhere = np.zeros(max(size, 1), dtype=np.float64)  # documents mentioning it at all
    for row in mentions:
        for name, count in row.items():
            anywhere[name] += 1
            if count >= PROMINENT:
                df[name] += 1
    for name in known:
        df[name] += 1
    idf = np.log((n + 1) / (df + 1)) + 1
    rows, cols, vals = [], [], []
    for r, row in enumerate(mentions):
        own = set(claimed[r]) if r < len(claimed) else set()
        if not own and sum(row.values()) < PROMINENT and not (r < len(listings) and listings[r]):
            continue  # one name said once in passing is no evidence of what it is about
        weights = {name: math.sqrt(count) * idf[name] for name, count in row.items()
                   if count > 0 and (df[name] + (count < PROMINENT) >= 2 or (name in own and anywhere[name] >= 2))}
        said = heads[r] if r < len(heads) else {}
        unshared = 0.0 if own & weights.keys() else sum(
            count * idf[name] ** 2 for name in own
            if (count := max(row.get(name, 0), said.get(name, 0))) >= PROMINENT and keys
            and not any(_related(keys[name], keys[k]) for k in weights))
        norm = math.sqrt(sum(w * w for w in weights.values()) + unshared) or 1.0
        for name in sorted(weights):
            rows.append(r)
            cols.append(name)
            vals.append(weights[name] / norm)
    return sp.csr_matrix((vals, (rows, cols)), shape=(n, max(size, 1)), dtype=np.float64)


def _related(a: str, b: str) -> bool:
    """Whether one name key is a part of the other ("make" of "make dfsg")."""
    return f" {a} " in f" {b} " or f" {b} " in f" {a} "


_DOTTED = re.compile(r"^[^\W\d][\w-]*(?:\.[\w-]+)+$")


def with_packages(claims: Sequence[Sequence[str]], key: Callable[[str], str]) -> list[list[str]]:
    """Each document's claimed names, plus the package a dotted name belongs to when
    another document claims that package: `xml.dom.minidom` and `adduser.conf` (a
    module path, a configuration file's name, the last part of a path) belong to
    `xml` and `adduser`, the entity the pages of a package's modules and files share;
    so do two documents' modules of one package no document is about (`urllib.error`,
    `urllib.parse`). `key` folds a name for comparison (textutil.name_key)."""
    claimed = {key(name) for names in claims for name in names}
    parents = Counter(key(parent) for names in claims
                      for parent in {p for name in names for p in _parents(name)})
    out: list[list[str]] = []
    for names in claims:
        extra: list[str] = []
        for name in names:
            for parent in _parents(name):
                if (key(parent) in claimed or parents[key(parent)] >= 2) and parent not in names and parent not in extra:
                    extra.append(parent)
                    break
        out.append([*names, *extra])
    return out


def _parents(name: str) -> list[str]:
    """The packages a dotted name (a module path, a file's name, the last part of a
    path) belongs to, outermost first: `xml.dom.minidom` -> `xml`, `xml.dom`."""
    last = name.rstrip("/").rsplit("/", 1)[-1]
    if not _DOTTED.match(last):
        return []
    parts = last.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts))]
