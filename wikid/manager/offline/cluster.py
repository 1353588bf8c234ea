"""Group documents into entities and match each group to an existing concept.

Signals, strongest first:

1. *Hard links* — two documents that assert the same identifier (a code such as
   `BGI-4471` in a field, their name or frontmatter) or the same *strong* name (a
   `Name:`/`Vendor:`/`Host:`-style field or a frontmatter title, compared without case,
   accents, a leading "the" or a legal form like "Ltd."); also a document whose title
   line is exactly a strong name of another, like a letter under the supplier's
   letterhead.
2. *Content links* — TF-IDF cosine of words and character n-grams (vectors.py) of at
   least `cluster_threshold`, or half of it when a weak signal agrees (equal titles,
   an identifier asserted by one and mentioned by the other, one's strong name
   written in the other). Short notes about one thing share its vocabulary. A content
   link is refused when both documents mention names and their names disagree: two
   tools' changelogs share a whole template of words, not a subject; or when both
   claim names in their titles and no claim of one is (part of) a claim of the other.
3. *Name links* — what long and varied documents about one entity share is its name
   (names.py): groups merge, best first, while the mean name similarity of their
   documents (average linkage; pairs that share no name count 0) is at least
   `name_threshold`. Average linkage, not single: a tool's manual mentions a second
   tool often enough to look like it once, never on average over both families.
4. *Strays* -- a document still alone that is about one name (mentioned again and
   again, twice as often as any other) joins the one group that claims that name, or,
   when the name is its own, the one group whose documents repeat it (_join_strays).

One constraint overrides every link: two groups whose strong names differ are never
joined (two contracts from the same template, for two suppliers, are two entities).
A document plainly about an entity of the wiki carries that entity's name for this
constraint (two call notes from one template, about two suppliers, stay apart).

The result is independent of the order documents arrive in: documents are sorted by
input path first, and every link is processed in one canonical order (hard links;
content links by decreasing cosine, then index; name merges by decreasing mean,
then index) through a union-find that honours the constraint.

Thresholds (OfflineConfig, see wikid/config.py):

* `cluster_threshold` 0.15 — on the labelled corpus of tests/test_offline_cluster.py
  (short documents, several formats) same-entity pairs score 0.08-0.37 (median 0.20)
  and different-entity pairs 0.01 median, 0.06 at the 95th percentile, 0.23 at most
  (two contracts from one template, kept apart by their names). On long real
  documents (manual pages, changelogs, release notes) the truncated vectors score
  same-entity pairs 0.02 at the median: content links matter for short texts only.
* `name_threshold` 0.45 — on three corpora of real documentation (61, 54 and 65
  documents about 15 command-line tools, 12 Python modules and 12 other tools) the
  name cosine of same-entity pairs has its median at 0.70-0.92 and different-entity
  pairs their 99th percentile at 0.33-0.65; average linkage at 0.40-0.50 scores an
  adjusted Rand index of 0.90-1.00 on all three (bench/quality.py).
* `match_threshold` 0.25 — matching a group to an *existing* page (which then gets
  rewritten) must be surer than grouping two new documents: a wrong match edits a page
  about something else, a missed one only leaves two pages to merge by hand.
* CORROBORATED_RATIO 0.5 — a weak signal halves the evidence needed, but never to
  nothing: two documents titled "Notes" still need a shared vocabulary.
* NAME_AGREEMENT 0.1 — the name cosine below which two documents that both mention
  names are about different things, whatever their words share.
"""

from __future__ import annotations

import heapq
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from wikid.config import OfflineConfig
from wikid.document.identity import entity_name
from wikid.manager import ExistingConcept
from wikid.manager.offline.names import PROMINENT, NameIndex, head_mentions, name_vectors
from wikid.manager.offline.related import without_related
from wikid.manager.offline.signals import DocSignals, codes
from wikid.manager.offline.textutil import cased_words, eligible_name, name_key, words
from wikid.manager.offline.vectors import Tokens, similar_pairs, tfidf_vectors

CORROBORATED_RATIO = 0.5
NAME_AGREEMENT = 0.1


@dataclass(frozen=True)
class ConceptInfo:
    """What matching needs from an existing concept page."""

    id: str
    title: str
    text: str  # title, description and body, for TF-IDF
    identifiers: frozenset[str]


@dataclass
class Group:
    """One entity: its documents (indices, ascending) and the concept it updates, if any."""

    members: list[int]
    concept_id: str | None = None
    similar: dict[str, float] = field(default_factory=dict)  # existing id -> best cosine (the agent's view)
    names: dict[str, int] = field(default_factory=dict)  # name key -> mentions by the members
    mentioned: dict[str, list[int]] = field(default_factory=dict)  # name key -> members mentioning it
    reasons: dict[int, str] = field(default_factory=dict)  # member -> why it joined, or stayed alone


class _UnionFind:
    """Union-find whose roots carry a strong name; differently named roots never merge."""

    def __init__(self, names: list[str | None]) -> None:
        self.parent = list(range(len(names)))
        self.name = list(names)

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def compatible(self, ra: int, rb: int) -> bool:
        na, nb = self.name[ra], self.name[rb]
        return not (na and nb and na != nb)

    def union(self, a: int, b: int) -> int | None:
        """Join the groups of `a` and `b`; their root, or None when the names forbid it."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if not self.compatible(ra, rb):
            return None
        root, child = min(ra, rb), max(ra, rb)
        self.parent[child] = root
        self.name[root] = self.name[ra] or self.name[rb]
        return root


def _padded_words(text: str) -> str:
    return " " + " ".join(words(text)) + " "


def _corroborated(a: DocSignals, b: DocSignals, text_a: str, text_b: str) -> bool:
    """A weak signal that `a` and `b` are about the same entity (see the module docstring)."""
    if a.name_key and a.name_key == b.name_key:
        return True
    if (a.identifiers & b.mentioned_identifiers) or (b.identifiers & a.mentioned_identifiers):
        return True
    for named, other in ((a, text_b), (b, text_a)):
        if named.strong_name and named.name_key and f" {named.name_key} " in other:
            return True
    return False


_BLOCK = re.compile(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d{1,3}[.)])\s)")


class _Aliases:
    """Ways a text can mention a named entity: its full name key, or its first word
    alone when that word is distinctive (5+ letters, shared with no other name), plus
    the identifiers asserted for it ("Northwind" for "Northwind Packaging GmbH")."""

    def __init__(self, names: dict[str, set[str]]) -> None:
        # Probed like related.TitleIndex (one set lookup per name length, not a scan of
        # every name sharing a first word); the shortest full name wins at a position,
        # then a distinctive first word.
        self.full: dict[tuple[str, ...], str] = {}
        heads: dict[str, set[str]] = defaultdict(set)
        for key in sorted(names):
            if eligible_name(key):
                tokens = key.split()
                self.full[tuple(tokens)] = key
                if len(tokens) > 1 and len(tokens[0]) >= 5 and not tokens[0].isdigit():
                    heads[tokens[0]].add(key)
        self.lengths = sorted({len(name) for name in self.full})
        self.heads = {head: next(iter(keys)) for head, keys in heads.items() if len(keys) == 1}
        self.firsts = {name[0] for name in self.full} | set(self.heads)
        self.by_ident = {i: key for key, idents in names.items() for i in idents}

    def _at(self, tokens: list[str], pos: int) -> str | None:
        """The name mentioned at `tokens[pos]`, if any."""
        for length in self.lengths:
            key = self.full.get(tuple(tokens[pos : pos + length]))
            if key is not None:
                return key
        return self.heads.get(tokens[pos])

    def about(self, text: str) -> str | None:
        """The one name `text` is about: mentioned in at least half of its blocks
        (paragraphs, list items, its title line) and at least twice, more than any other."""
        blocks = [b for b in _BLOCK.split(text) if b.strip()]
        hits: dict[str, int] = defaultdict(int)
        mentions: dict[str, int] = defaultdict(int)
        for block in blocks:
            tokens = words(block)
            found: dict[str, int] = defaultdict(int)
            for pos, token in enumerate(tokens):
                if token in self.firsts and (key := self._at(tokens, pos)) is not None:
                    found[key] += 1
            for ident in codes(block):
                if ident in self.by_ident:
                    found[self.by_ident[ident]] += 1
            for key, count in found.items():
                hits[key] += 1
                mentions[key] += count
        ranked = sorted(((hits[k], mentions[k], k) for k in hits), reverse=True)
        if not ranked:
            return None
        best_hits, best_mentions, best = ranked[0]
        if best_hits * 2 < len(blocks) or best_mentions < 2:
            return None
        if len(ranked) > 1 and ranked[1][:2] == (best_hits, best_mentions):
            return None
        return best


def _divided(mentions: dict[int, int], anchors: set[int]) -> bool:
    """Whether a document mentions two or more entities named in fields or by the
    wiki's titles without one of them dominating (twice the mentions of the next):
    a budget review of two suppliers' costs is about neither of them alone."""
    counts = sorted((c for name, c in mentions.items() if name in anchors), reverse=True)
    return len(counts) >= 2 and counts[0] < 2 * counts[1]


# A command-line option's name (`--numeric-sort`, `-n`): its words name the option,
# not a tool (`symdump --numeric-sort` is no mention of `sort`); its value may (`--sum=quickhash`).
_OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")


def _without_options(text: str) -> str:
    return _OPTION.sub(" ", text)


_CODE_PREFIX = re.compile(r"([A-Z]{2,})-")
MIN_FAMILY_CODES = 2


def _join_code_families(
    uf: _UnionFind,
    signals: Sequence[DocSignals],
    own: Sequence[Sequence[str]],
    names: dict[str, set[str]],
    first_named: dict[str, int],
    concept_keys: dict[str, list[int]],
    about_concept: dict[int, str],
) -> None:
    """A document that names nothing but lists codes of one entity's family -- the
    letters before the first dash of an identifier the entity asserts: lots BGI-25-011
    and BGI-25-014 of a vendor whose ID is BGI-4471 -- is that entity's data (a price
    list, an inventory): it joins the entity's documents, or its page."""
    family: dict[str, set[str]] = defaultdict(set)
    for key, idents in names.items():
        for ident in idents:
            if m := _CODE_PREFIX.match(ident):
                family[m.group(1)].add(key)
    if not family:
        return
    for idx, sig in enumerate(signals):
        if sig.strong_name or own[idx]:
            continue
        prefixes = Counter(m.group(1) for code in sig.mentioned_identifiers if (m := _CODE_PREFIX.match(code)))
        owners = {key for prefix, n in prefixes.items() if n >= MIN_FAMILY_CODES for key in family.get(prefix, ())}
        if len(owners) != 1:
            continue
        key = owners.pop()
        if key in first_named:
            uf.union(first_named[key], idx)
        elif key in concept_keys and idx not in about_concept:
            about_concept[idx] = key
            root = uf.find(idx)
            uf.name[root] = uf.name[root] or key


def _name_similarity(vectors: sp.csr_matrix) -> sp.csr_matrix:
    """Name cosine of every document pair that shares a name (upper triangle)."""
    product = sp.triu(vectors @ vectors.T, k=1).tocsr()
    product.data = np.round(product.data, 9)  # float noise must not reorder ties
    product.eliminate_zeros()
    return product


class _Firm:
    """What a group of documents is firmly about: the name that at least two of its
    members claim, whole or as part of a longer name ("tar" of a manual page and "GNU
    tar" of the release notes' title), and that its members mention most. Two groups firmly about
    different names are two entities however much they mention each other (the
    pages of `ssl` talk about sockets half the time); a single document, or a group
    that mentions another name more than the one it claims (a `lesskey` manual page
    about `less`), can still join another group."""

    def __init__(self, claims: Sequence[Iterable[int]], mentions: Sequence[dict[int, int]],
                 keys: Sequence[str]) -> None:
        self.keys = keys
        self.claims = [Counter(set(c)) for c in claims]
        self.mentions = [Counter(m) for m in mentions]
        self.size = [1] * len(self.claims)  # documents in each root's group
        self.firm_of: dict[int, int | None] | None = None  # root -> its firm name, once tracked
        self.holders: dict[int, set[int]] = defaultdict(set)  # firm name -> roots firmly about it

    def merge(self, root: int, other: int) -> None:
        self.claims[root] += self.claims[other]
        self.mentions[root] += self.mentions[other]
        self.size[root] += self.size[other]
        if self.firm_of is not None:
            for r in (root, other):
                if (old := self.firm_of.pop(r, None)) is not None:
                    self.holders[old].discard(r)
            self._track(root)

    def track(self, roots: Iterable[int]) -> None:
        """Keep, from now on, which groups are firmly about each name (claimed_elsewhere)."""
        self.firm_of = {}
        for root in roots:
            self._track(root)

    def _track(self, root: int) -> None:
        assert self.firm_of is not None
        self.firm_of[root] = name = self.name(root)
        if name is not None:
            self.holders[name].add(root)

    def claimed_elsewhere(self, a: int, b: int) -> bool:
        """Whether one of two groups, not firmly about a name itself, claims the name a
        third group is firmly about while the other group is firmly about another: a
        module's page whose title names its package (`urllib.request`) belongs with
        that package's group, not with the group whose name it mentions most (`http`)."""
        for x, y in ((a, b), (b, a)):
            if self.name(x) is None and self.name(y) is not None and any(
                    r not in (x, y) for name in self.claims[x] if name != self.name(y)
                    for r in self.holders.get(name, ())):
                return True
        return False

    def name(self, root: int) -> int | None:
        claims, mentions = self.claims[root], self.mentions[root]
        if not claims or not mentions:
            return None
        held = {k: sum(n for other, n in claims.items() if _part_of(self.keys[k], self.keys[other])) for k in claims}
        best = max(held.values())
        claimed = min(k for k, v in held.items() if v == best)
        top = max(mentions.values())
        return claimed if best >= 2 and mentions[claimed] == top else None

    def _own(self, root: int) -> int | None:
        """The name one document claims and is about: its names (a title's and the
        package's, "Frob SDK" and `frob-sdk`) together are repeated, twice as often as
        any other name (a README of `frob` that mentions `websockets` five times). The
        one of them it mentions most, ties to the lower id."""
        mentions, claims = self.mentions[root], self.claims[root]
        own = sum(count for name, count in mentions.items() if name in claims)
        other = max((count for name, count in mentions.items() if name not in claims), default=0)
        if own < PROMINENT or own < 2 * other:
            return None
        return min((name for name in claims if mentions.get(name)), key=lambda name: (-mentions[name], name),
                   default=None)

    def apart(self, a: int, b: int) -> bool:
        """Whether two groups are firmly about different names; or two single documents,
        each about a name of its own (_own): one document naming another is no family for
        it to join (two READMEs that mention each other's packages) -- unless one claims
        the other's own name too (a command's manual page whose footer names the project
        its README is about: the command is part of it)."""
        na, nb = self.name(a), self.name(b)
        if na is None and nb is None and self.size[a] == self.size[b] == 1:
            na, nb = self._own(a), self._own(b)
            if na is not None and nb is not None and (na in self.claims[b] or nb in self.claims[a]):
                return False
        return na is not None and nb is not None and na != nb


def _average_linkage(uf: _UnionFind, similarity: sp.csr_matrix, threshold: float, firm: _Firm,
                     named: Sequence[bool]) -> None:
    """Merge groups of `uf`, best first, while their mean pairwise similarity is >= threshold.

    Groups are those `uf` already holds (hard and content links). Only pairs that
    share a name have an entry; the others count 0 in the mean. The mean is over the
    documents that mention a name (`named`): one that names nothing (a data file
    joined by its content) is no evidence for or against a merge. Merges the
    constraint forbids, that would join two groups firmly about different names, or
    a group to one firmly about another name than the one it claims with a third
    group (`_Firm`), are skipped. Deterministic: ties go to the lower root indices.
    """
    n = len(uf.parent)
    size: dict[int, int] = defaultdict(int)
    for x in range(n):
        size[uf.find(x)] += int(named[x])
        if uf.find(x) != x:
            firm.merge(uf.find(x), x)
    sums: dict[int, dict[int, float]] = defaultdict(dict)
    coo = similarity.tocoo()
    for i, j, s in zip(coo.row.tolist(), coo.col.tolist(), coo.data.tolist(), strict=True):
        a, b = uf.find(i), uf.find(j)
        if a != b:
            sums[a][b] = sums[a].get(b, 0.0) + s
            sums[b][a] = sums[b].get(a, 0.0) + s
    heap = [(-round(t / (size[a] * size[b]), 9), a, b) for a, nb in sums.items() for b, t in nb.items() if a < b]
    heapq.heapify(heap)
    firm.track(sorted({uf.find(x) for x in range(n)}))
    while heap:
        negative, a, b = heapq.heappop(heap)
        if -negative < threshold:
            break
        if uf.find(a) != a or uf.find(b) != b or b not in sums[a]:
            continue  # stale: one of them was merged since
        if abs(sums[a][b] / (size[a] * size[b]) + negative) > 1e-9:
            continue  # stale: the pair's sum changed
        root = None if firm.apart(a, b) or firm.claimed_elsewhere(a, b) else uf.union(a, b)
        if root is None:
            del sums[a][b], sums[b][a]
            continue
        other = b if root == a else a
        firm.merge(root, other)
        merged = sums.pop(other)
        merged.pop(root, None)
        mine = sums[root]
        mine.pop(other, None)
        size[root] += size.pop(other)
        for c, t in merged.items():
            sums[c].pop(other, None)
            mine[c] = mine.get(c, 0.0) + t
            sums[c][root] = mine[c]
        for c, t in mine.items():
            heapq.heappush(heap, (-round(t / (size[root] * size[c]), 9), min(root, c), max(root, c)))


def _claims_differ(a: set[int], b: set[int], keys: Sequence[str]) -> bool:
    """Whether two documents claim different names: none the same, none a part of the
    other's ("Harbor Lights" of "Harbor Lights steering")."""
    if a & b:
        return False
    return not any(_part_of(keys[x], keys[y]) or _part_of(keys[y], keys[x]) for x in a for y in b)


def _part_of(name: str, other: str) -> bool:
    """Whether the name key `name` is `other` or its words in a row ("tar" of "gnu tar")."""
    return f" {name} " in f" {other} "


def _join_strays(uf: _UnionFind, claims: Sequence[set[int]], mentions: Sequence[Counter[int]], firm: _Firm,
                 spread: set[int], keys: Sequence[str], standalone: set[int],
                 heads: Sequence[Mapping[int, int]]) -> dict[int, str]:
    """A document left alone whose text is about one name -- mentioned PROMINENT times
    and twice as often as any other -- that the documents of exactly one group claim
    joins that group: notes or a how-to that name their project throughout but claim
    no name the others mention (their title is a section's, or none). When that name
    is its own (a command's manual page), it joins the one group whose documents
    repeat it (the package's release notes listing the command's changes). A name
    mentioned in passing never moves a document; a name two groups claim or repeat
    is a tie, and the document keeps a page of its own; so does a `standalone` one,
    which installs the package it is about (a README of `frob`, which one tool's
    manual mentions as a checksum it supports, is not that tool's). A claimed name
    counts as often as its first word is written (`heads`, names.head_mentions). Returns why each
    document that is about a name joined a group or kept a page of its own."""
    reasons: dict[int, str] = {}
    size = Counter(uf.find(x) for x in range(len(uf.parent)))
    claimed_by: dict[int, set[int]] = defaultdict(set)
    for x, names in enumerate(claims):
        for name in names:
            claimed_by[name].add(uf.find(x))
    repeated_by: dict[int, list[int]] = defaultdict(list)  # name -> documents mentioning it PROMINENT times
    for y, seen in enumerate(mentions):
        for name, count in seen.items():
            if count >= PROMINENT:
                repeated_by[name].append(y)
    for x, said in enumerate(mentions):
        root = uf.find(x)
        if size[root] != 1 or x in spread or not said:
            continue
        counts = {**said, **{name: max(said.get(name, 0), n) for name, n in heads[x].items()}}
        (name, top), *rest = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        if top < PROMINENT or (rest and top < 2 * rest[0][1]):
            continue
        hosts = {uf.find(r) for r in claimed_by.get(name, ())} - {root}
        how = "claim"
        if not hosts and name in claims[x]:  # its own name: the group that repeats it
            hosts = {uf.find(y) for y in repeated_by.get(name, ()) if y != x}
            how = "repeat"
            if hosts and x in standalone:
                reasons[x] = (f"a page of its own: it is about {keys[name]!r}, a package it installs, which"
                              " another group's documents only repeat")
                continue
        if len(hosts) > 1:
            reasons[x] = f"a page of its own: it is about {keys[name]!r}, which {len(hosts)} groups {how}"
        if len(hosts) != 1 or firm.apart(host := hosts.pop(), root) or firm.claimed_elsewhere(host, root):
            continue
        joined = uf.union(host, x)
        if joined is not None:
            firm.merge(joined, root if joined == host else host)
            reasons[x] = f"joined: it is about {keys[name]!r}, which that group's documents {how}"
    return reasons


def group_documents(
    texts: Sequence[str],
    signals: Sequence[DocSignals],
    concepts: Sequence[ConceptInfo],
    config: OfflineConfig,
    subjects: Sequence[Sequence[str]] | None = None,
    listings: Sequence[bool] = (),
    packages: Sequence[Sequence[str]] = (),
    tokens: Tokens | None = None,
) -> list[Group]:
    """Groups of documents (each document in exactly one), matched to concepts where one fits.

    `texts`/`signals` must already be in canonical order (sorted by input path);
    `subjects` are the names each document says it is about (its identity), or None
    for only the names its signals assert; `listings` says which are data files (a
    name in a cell is what they list, never a passing mention); `packages` the
    packages each installs (identity.installed_names: a document installing the
    package it is about is `standalone` in _join_strays); `tokens` what was read
    of the texts already (vectors.Tokens). Groups are returned ordered by their first
    member.
    """
    n = len(texts)
    if n == 0:
        return []
    vectors = tfidf_vectors([*texts, *(c.text for c in concepts)], tokens)
    docs, concept_vectors = vectors[:n], vectors[n:]
    floor = config.cluster_threshold * CORROBORATED_RATIO
    pi, pj, ps = similar_pairs(docs, docs, floor, upper=True)

    uf = _UnionFind([s.name_key if s.strong_name and s.name_key else None for s in signals])
    by_key: dict[str, list[int]] = defaultdict(list)
    for idx, sig in enumerate(signals):
        for ident in sig.identifiers:
            by_key[f"id:{ident}"].append(idx)
        if sig.strong_name and sig.name_key:
            by_key[f"name:{sig.name_key}"].append(idx)
    for idx, sig in enumerate(signals):  # a title line that is exactly a stated name
        if not sig.strong_name and f"name:{sig.name_key}" in by_key:
            by_key[f"name:{sig.name_key}"].append(idx)
    for key in sorted(by_key):
        by_key[key].sort()
        members = by_key[key]
        for other in members[1:]:
            uf.union(members[0], other)

    # Documents that assert no name of their own but are plainly about an entity of the wiki.
    names: dict[str, set[str]] = defaultdict(set)
    first_named: dict[str, int] = {}
    for idx, sig in enumerate(signals):
        if sig.strong_name and sig.name_key:
            names[sig.name_key] |= sig.identifiers
            first_named.setdefault(sig.name_key, idx)
    concept_keys: dict[str, list[int]] = defaultdict(list)
    for j, c in enumerate(concepts):
        for key in title_keys(c.title):
            names[key] |= c.identifiers
            concept_keys[key].append(j)
    aliases = _Aliases(names)
    about_concept: dict[int, str] = {}
    for idx, sig in enumerate(signals):
        if not sig.strong_name and (about := aliases.about(texts[idx])):
            if about in first_named:
                uf.union(first_named[about], idx)
            elif about in concept_keys:
                about_concept[idx] = about
                root = uf.find(idx)
                uf.name[root] = uf.name[root] or about  # about one entity: never joined to another

    # Name evidence: the names the documents give themselves and the wiki's titles.
    own = subjects if subjects is not None else [[s.name] if s.strong_name and s.name else [] for s in signals]
    _join_code_families(uf, signals, own, names, first_named, concept_keys, about_concept)
    vocabulary = {name_key(s) for names_ in own for s in names_} | set(names)
    index = NameIndex(vocabulary, names)
    claims = [{index.ids[k] for s in names_ if (k := name_key(s)) in index.ids} for names_ in own]
    mentions, heads = [], []
    for text, claim in zip(texts, claims, strict=True):
        cased = cased_words(_without_options(text))
        mentions.append(index.counts(*cased))
        heads.append(head_mentions(index, claim, *cased))
    name_vecs = name_vectors(mentions, len(index), [index.ids[k] for k in concept_keys if k in index.ids], claims,
                             listings, index.keys, heads)
    anchors = {index.ids[k] for k in names if k in index.ids}
    spread = [i for i, m in enumerate(mentions) if _divided(m, anchors)]
    if spread:  # about several named entities: name or content links would pick one at random
        keep = np.ones(n)
        keep[spread] = 0
        name_vecs = sp.diags(keep) @ name_vecs
    name_sim = _name_similarity(name_vecs)
    has_names = np.asarray(name_vecs.getnnz(axis=1) > 0)

    padded: dict[int, str] = {}

    def pad(idx: int) -> str:
        if idx not in padded:
            padded[idx] = _padded_words(texts[idx])
        return padded[idx]

    divided = set(spread)
    order = sorted(range(len(ps)), key=lambda k: (-ps[k], pi[k], pj[k]))
    for pair in order:
        i, j, similarity = int(pi[pair]), int(pj[pair]), float(ps[pair])
        if i in divided or j in divided or (has_names[i] and has_names[j] and name_sim[i, j] < NAME_AGREEMENT):
            continue
        if claims[i] and claims[j] and _claims_differ(claims[i], claims[j], index.keys):
            continue  # each says what it is about, and they differ: shared words are no evidence
        if similarity >= config.cluster_threshold or (
            similarity >= floor and _corroborated(signals[i], signals[j], pad(i), pad(j))
        ):
            uf.union(i, j)
    firm = _Firm(claims, mentions, index.keys)
    _average_linkage(uf, name_sim, config.name_threshold, firm, has_names.tolist())
    standalone = {i for i, installed in enumerate(packages)
                  if {name_key(p) for p in installed} & {name_key(s) for s in own[i]}}
    reasons = _join_strays(uf, claims, mentions, firm, divided, index.keys, standalone, heads)

    members_of: dict[int, list[int]] = defaultdict(list)
    for idx in range(n):
        members_of[uf.find(idx)].append(idx)
    groups = [Group(members, reasons={m: reasons[m] for m in members if m in reasons})
              for _, members in sorted(members_of.items())]
    for group in groups:
        totals: dict[str, int] = defaultdict(int)
        by: dict[str, list[int]] = defaultdict(list)
        for m in group.members:
            for name, count in mentions[m].items():
                totals[index.keys[name]] += count
                by[index.keys[name]].append(m)
        group.names, group.mentioned = dict(totals), dict(by)

    # Similarity of each document to each existing concept.
    doc_concept: dict[int, dict[int, float]] = defaultdict(dict)
    if concepts:
        concept_floor = config.match_threshold * CORROBORATED_RATIO
        ci, cj, cs = similar_pairs(docs, concept_vectors, concept_floor, upper=False)
        for i, j, s in zip(ci.tolist(), cj.tolist(), cs.tolist(), strict=True):
            doc_concept[i][j] = s
    _match(groups, signals, concepts, doc_concept, about_concept, aliases, config, own)
    groups = _merge_same_concept(groups)
    for group in groups:
        for m in group.members:
            for j, s in doc_concept.get(m, {}).items():
                cid = concepts[j].id
                group.similar[cid] = max(s, group.similar.get(cid, 0.0))
    return groups


def title_keys(title: str) -> list[str]:
    """The name keys a page's title answers to: the title's, and its entity's without
    document-kind words ("Harbor Lights kickoff" answers to "harbor lights" too)."""
    return list(dict.fromkeys(k for k in (name_key(title), name_key(entity_name(title))) if k))


def top_name(group: Group) -> str | None:
    """The name the group's documents mention most, ties to the first key."""
    if not group.names:
        return None
    best = max(group.names.values())
    return min(k for k, v in group.names.items() if v == best)


def about_name(group: Group) -> str | None:
    """The name the group is plainly about: mentioned at least PROMINENT times and at
    least twice as often as any other (a meeting note naming a supplier once is not
    about the supplier)."""
    counts = sorted(group.names.values(), reverse=True)
    if not counts or counts[0] < PROMINENT or (len(counts) > 1 and counts[0] < 2 * counts[1]):
        return None
    return top_name(group)


def _match(
    groups: list[Group],
    signals: Sequence[DocSignals],
    concepts: Sequence[ConceptInfo],
    doc_concept: dict[int, dict[int, float]],
    about_concept: dict[int, str],
    aliases: _Aliases,
    config: OfflineConfig,
    subjects: Sequence[Sequence[str]] = (),
) -> None:
    """Set `concept_id` of each group that describes an entity the wiki already has.

    Ranked: a shared identifier; then an equal name (a weak name also needs the
    corroboration floor of similarity; the name the group's documents mention most
    counts as one), a document about the concept's title, or a concept page about the
    group's strong name (a "How we run payroll" page that is all about PayFlow); then
    cosine >= match_threshold — the last only when the group has no strong name or the
    concept carries that name.
    """
    if not concepts:
        return
    by_title: dict[str, list[int]] = defaultdict(list)
    by_ident: dict[str, list[int]] = defaultdict(list)
    for j, c in enumerate(concepts):
        for key in title_keys(c.title):
            by_title[key].append(j)
        for ident in c.identifiers:
            by_ident[ident].append(j)
    floor = config.match_threshold * CORROBORATED_RATIO
    for group in groups:
        sims: dict[int, float] = defaultdict(float)
        for m in group.members:
            for j, s in doc_concept.get(m, {}).items():
                sims[j] = max(sims[j], s)
        strong = {signals[m].name_key for m in group.members if signals[m].strong_name and signals[m].name_key}
        candidates: list[tuple[int, float, str, int]] = []
        for m in group.members:
            sig = signals[m]
            for ident in sig.identifiers:
                candidates += [(0, -sims[j], concepts[j].id, j) for j in by_ident.get(ident, ())]
            keys = {sig.name_key} | {name_key(n) for n in (subjects[m] if m < len(subjects) else ())}
            for key in sorted(k for k in keys if k):
                for j in by_title.get(key, ()):
                    if (sig.strong_name and key == sig.name_key) or sims[j] >= floor:
                        candidates.append((1, -sims[j], concepts[j].id, j))
            for j in by_title.get(about_concept.get(m, ""), ()):
                candidates.append((1, -sims[j], concepts[j].id, j))
        if not strong and (name := about_name(group)):
            candidates += [(1, -sims[j], concepts[j].id, j) for j in by_title.get(name, ())]
        for j, s in sorted(sims.items()):
            if s >= floor and strong and aliases.about(concepts[j].text) in strong:
                candidates.append((1, -s, concepts[j].id, j))
            if s >= config.match_threshold and (not strong or name_key(concepts[j].title) in strong):
                candidates.append((2, -s, concepts[j].id, j))
        if candidates:
            group.concept_id = min(candidates)[2]


def _merge_same_concept(groups: list[Group]) -> list[Group]:
    """Groups matched to one concept become one group: a page is written once per batch."""
    merged: list[Group] = []
    by_concept: dict[str, Group] = {}
    for group in groups:
        if group.concept_id is None:
            merged.append(group)
        elif group.concept_id in by_concept:
            target = by_concept[group.concept_id]
            target.members = sorted(target.members + group.members)
            for key, count in group.names.items():
                target.names[key] = target.names.get(key, 0) + count
            for key, members in group.mentioned.items():
                target.mentioned[key] = sorted(target.mentioned.get(key, []) + members)
            target.reasons.update(group.reasons)
        else:
            by_concept[group.concept_id] = group
            merged.append(group)
    return merged


def concept_info(concept: ExistingConcept) -> ConceptInfo:
    """ConceptInfo of a page. Its `# Related Concepts` list is left out of the text:
    other pages' titles there would make it look like those pages."""
    description = concept.frontmatter.get("description")
    text = "\n".join([concept.title, description if isinstance(description, str) else "", without_related(concept.body)])
    scalars = " ".join(str(v) for v in concept.frontmatter.values() if isinstance(v, (str, int, float)))
    return ConceptInfo(concept.id, concept.title, text, frozenset(codes(f"{text} {scalars}")))
