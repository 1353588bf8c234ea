"""Group one batch's documents into entities and match each group to an existing concept.

Signals, strongest first:

1. *Hard links* — two documents that assert the same identifier (a code such as
   `BGI-4471` in a field, their name or frontmatter) or the same *strong* name (a
   `Name:`/`Vendor:`/`Host:`-style field or a frontmatter title, compared without case,
   accents, a leading "the" or a legal form like "Ltd."); also a document whose title
   line (first heading or first short line: a *weak* name) is exactly a strong name of
   another, like a letter or invoice under the supplier's letterhead.
2. *About links* — a document without a strong name of its own that is plainly about a
   named entity of the batch or the wiki: it mentions that name (or its distinctive
   first word, or an identifier asserted for it) in at least half of its paragraphs
   and at least twice, more than any other name. A meeting note about one supplier
   joins the supplier; a weekly note touching five topics stays a page of its own.
3. *Similarity links* — TF-IDF cosine (vectors.py) of at least `cluster_threshold`.
4. *Corroborated links* — cosine of at least `cluster_threshold * CORROBORATED_RATIO`
   when a weak signal agrees: equal weak names (first heading / first line), an
   identifier asserted by one document and mentioned by the other, or one document's
   strong name written in the other.

One constraint overrides every link: two groups whose strong names differ are never
joined (two contracts from the same template, for two suppliers, are two entities).
A document plainly about an entity of the wiki carries that entity's name for this
constraint (two call notes from one template, about two suppliers, stay apart).

The algorithm is order-independent: documents are sorted by input path first, links
are processed in one canonical order (hard links, then by decreasing cosine, then by
document index) through a union-find that honours the constraint. Connected
components are single-linkage; the strong-name constraint is what stops chains.

Thresholds (OfflineConfig, see wikid/config.py). The cosines are those of vectors.py:
each document keeps its 64 word and 192 character features that other documents
share, which puts them on a lower scale than untruncated TF-IDF.

* `cluster_threshold` 0.15 — on the labelled corpus of tests/test_offline_cluster.py
  (short documents, several formats) same-entity pairs score 0.08-0.37 (median 0.20)
  and different-entity pairs 0.01 median, 0.06 at the 95th percentile, 0.23 at most
  (two contracts from one template, kept apart by their names). With the name and
  identifier signals thresholds 0.15-0.20 cluster that corpus perfectly (0.10 chains
  two entities: F1 0.94; 0.25 splits one: 0.98); on TF-IDF alone pairwise F1 is 0.86
  at 0.10, 0.81 at 0.15, 0.77 at 0.20, 0.31 at 0.25. 0.15 keeps the most margin from
  the unrelated tail while TF-IDF alone still finds most pairs.
* `match_threshold` 0.25 — matching a group to an *existing* page (which then gets
  rewritten) must be surer than grouping two new documents: a wrong match edits a page
  about something else, a missed one only leaves two pages to merge by hand. On the
  corpus split into "first document of each entity" (the wiki) and "the rest" (a new
  batch), 0.10-0.25 send every later document to its entity's page, 0.30 misses one.
* CORROBORATED_RATIO 0.5 — a weak signal halves the evidence needed, but never to
  nothing: two documents titled "Notes" still need a shared vocabulary.
"""

from __future__ import annotations

from collections import defaultdict
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from wikid.config import OfflineConfig
from wikid.manager import ExistingConcept
from wikid.manager.offline.signals import DocSignals, codes
from wikid.manager.offline.related import without_related
from wikid.manager.offline.textutil import eligible_name, name_key, words
from wikid.manager.offline.vectors import similar_pairs, tfidf_vectors

CORROBORATED_RATIO = 0.5


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

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        na, nb = self.name[ra], self.name[rb]
        if na and nb and na != nb:
            return
        root, child = min(ra, rb), max(ra, rb)
        self.parent[child] = root
        self.name[root] = na or nb


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


def group_documents(
    texts: Sequence[str],
    signals: Sequence[DocSignals],
    concepts: Sequence[ConceptInfo],
    config: OfflineConfig,
) -> list[Group]:
    """Groups of documents (each document in exactly one), matched to concepts where one fits.

    `texts`/`signals` must already be in canonical order (sorted by input path).
    Groups are returned ordered by their first member.
    """
    n = len(texts)
    if n == 0:
        return []
    vectors = tfidf_vectors([*texts, *(c.text for c in concepts)])
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

    # Documents that assert no name of their own but are plainly about a named one.
    names: dict[str, set[str]] = defaultdict(set)
    first_named: dict[str, int] = {}
    for idx, sig in enumerate(signals):
        if sig.strong_name and sig.name_key:
            names[sig.name_key] |= sig.identifiers
            first_named.setdefault(sig.name_key, idx)
    concept_keys: dict[str, list[int]] = defaultdict(list)
    for j, c in enumerate(concepts):
        if key := name_key(c.title):
            names[key] |= c.identifiers
            concept_keys[key].append(j)
    aliases = _Aliases(names)
    about_concept: dict[int, str] = {}
    for idx, sig in enumerate(signals):
        if not sig.strong_name and (key := aliases.about(texts[idx])):
            if key in first_named:
                uf.union(first_named[key], idx)
            elif key in concept_keys:
                about_concept[idx] = key
                root = uf.find(idx)
                uf.name[root] = uf.name[root] or key  # about one entity: never joined to another

    padded: dict[int, str] = {}

    def pad(idx: int) -> str:
        if idx not in padded:
            padded[idx] = _padded_words(texts[idx])
        return padded[idx]

    order = sorted(range(len(ps)), key=lambda k: (-ps[k], pi[k], pj[k]))
    for k in order:
        i, j, s = int(pi[k]), int(pj[k]), float(ps[k])
        if s >= config.cluster_threshold or (
            s >= floor and _corroborated(signals[i], signals[j], pad(i), pad(j))
        ):
            uf.union(i, j)

    members_of: dict[int, list[int]] = defaultdict(list)
    for idx in range(n):
        members_of[uf.find(idx)].append(idx)
    groups = [Group(members) for _, members in sorted(members_of.items())]

    # Similarity of each document to each existing concept.
    doc_concept: dict[int, dict[int, float]] = defaultdict(dict)
    if concepts:
        concept_floor = config.match_threshold * CORROBORATED_RATIO
        ci, cj, cs = similar_pairs(docs, concept_vectors, concept_floor, upper=False)
        for i, j, s in zip(ci.tolist(), cj.tolist(), cs.tolist()):
            doc_concept[i][j] = s
    _match(groups, signals, concepts, doc_concept, about_concept, aliases, config)
    groups = _merge_same_concept(groups)
    for group in groups:
        for m in group.members:
            for j, s in doc_concept.get(m, {}).items():
                cid = concepts[j].id
                group.similar[cid] = max(s, group.similar.get(cid, 0.0))
    return groups


def _match(
    groups: list[Group],
    signals: Sequence[DocSignals],
    concepts: Sequence[ConceptInfo],
    doc_concept: dict[int, dict[int, float]],
    about_concept: dict[int, str],
    aliases: _Aliases,
    config: OfflineConfig,
) -> None:
    """Set `concept_id` of each group that describes an entity the wiki already has.

    Ranked: a shared identifier; then an equal name (a weak name also needs the
    corroboration floor of similarity), a document about the concept's title, or a
    concept page about the group's strong name (a "How we run payroll" page that is
    all about PayFlow); then cosine >= match_threshold — the last only when the group
    has no strong name or the concept carries that name.
    """
    if not concepts:
        return
    by_title: dict[str, list[int]] = defaultdict(list)
    by_ident: dict[str, list[int]] = defaultdict(list)
    for j, c in enumerate(concepts):
        if key := name_key(c.title):
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
            for j in by_title.get(sig.name_key, ()) if sig.name_key else ():
                if sig.strong_name or sims[j] >= floor:
                    candidates.append((1, -sims[j], concepts[j].id, j))
            for j in by_title.get(about_concept.get(m, ""), ()):
                candidates.append((1, -sims[j], concepts[j].id, j))
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
            by_concept[group.concept_id].members = sorted(by_concept[group.concept_id].members + group.members)
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
