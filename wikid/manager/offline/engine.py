"""The offline manager engine: deterministic, model-free, the embedded default (design §6).

    engine = OfflineEngine(config.offline, clock.now())
    result = engine.manage(documents, wiki)   # ManagerResult: pages + notes

Documents are put in canonical order (by input path) before anything else, so the
result depends only on their contents and paths, never on the order they arrive in
(invariant I6). Each usable document lands in exactly one page; a document without any
word of text is left out with a note.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from wikid.config import OfflineConfig
from wikid.document.blocks import Block
from wikid.document.dates import parse_date
from wikid.document.identity import Identity, entity_name, kind_of_title, opening_title, subject_names
from wikid.document.model import Paragraph
from wikid.document.outline import bounded, read_outline
from wikid.document.reading import read
from wikid.filenames import split_name
from wikid.manager import ExistingConcept, ManagerResult, SourceDocument, WikiView
from wikid.manager.offline.cluster import CORROBORATED_RATIO, Group, concept_info, group_documents, top_name
from wikid.manager.offline.content import Content, read_content
from wikid.manager.offline.datafiles import (
    DATA_FILES,
    MIN_COSINE,
    Placer,
    content_title,
    says_something,
    table_title,
    word_counts,
)
from wikid.manager.offline.names import PROMINENT, NameIndex, with_packages
from wikid.manager.offline.pages import (
    Composition,
    PageDraft,
    PageSource,
    body_blocks,
    composition,
    read_back,
    render,
)
from wikid.manager.offline.prior import read_prior, written_by_engine
from wikid.manager.offline.related import listed, mentions, page_text, ranked
from wikid.manager.offline.resolve import Observation, resolve
from wikid.manager.offline.signals import DocSignals, Field, read_signals
from wikid.manager.offline.textutil import cased_words, humanize_stem, name_key, norm_key, slugify, words
from wikid.manager.offline.vectors import Tokens, similar_pairs, tfidf_vectors
from wikid.okf.concept_id import RESERVED_DIRS, RESERVED_SLUGS

# Kinds of document about a whole project rather than one of its commands, and how
# much more their title's claim weighs when a page is named (see OfflineEngine._title).
PROJECT_KINDS = frozenset({"README", "release notes", "changelog", "news", "FAQ", "to-do list", "history",
                           "contribution guide", "installation notes", "overview", "guide"})
PROJECT_CLAIM = 1.5
# What a data file is when it says nothing of itself, by its format.
DATA_KINDS = {".csv": "table", ".tsv": "table", ".xlsx": "spreadsheet", ".json": "data file",
              ".jsonl": "data file", ".ndjson": "data file", ".yaml": "data file", ".yml": "data file",
              ".toml": "data file"}
NO_TEXT_NOTE = "no usable text: the extracted text has no words, so no page can describe it"
# Headings the extractors add (`## Page 3`, `## Sheet: Q1`, `## Slide 2`): not content.
_LAYOUT_HEADING = re.compile(r"(?im)^#{1,6}\s+(page \d+|slide \d+|sheet: .*)\s*$")
_FM_MANAGED = ("type", "title", "description", "tags", "generated", "sources", "timestamp")
# The engine reads a document's signals (name, fields, sentences, identifiers) and
# clusters it on at most its first MAX_SIGNAL_CHARS characters; its page still cites
# the whole archived document. Signal extraction holds ~12x the text it reads, so on
# a 60 MB text (limits.max_file_mb allows 100 MB) the process running the batch, the
# daemon, peaked at 1,037 MB RSS (20 MB: 381 MB; read_signals alone 247 MB and 11 s
# under tracemalloc). A million characters (a 300-page report) takes 0.5 s and 12 MB,
# and what a document is about is stated at its start (the vectors read 20,000).
MAX_SIGNAL_CHARS = 1_000_000
MAX_ATTRIBUTE_ROWS = 8  # a data file listing more names and values than this is a table, not facts


@dataclass(frozen=True)
class _Doc:
    """One document as the engine reads it: its signals (fields, identifiers, dates,
    attributes), its identity (title, kind, subjects) and its main content."""

    document: SourceDocument
    signals: DocSignals
    identity: Identity
    blocks: tuple[Block, ...]
    body: str = ""  # the text read (at most its opening), without a frontmatter
    entry: dict[str, Any] | None = None  # a source of a page being re-derived: its `sources` entry
    page: str | None = None  # ... and that page

    @property
    def subjects(self) -> list[str]:
        """The names it says it is about: its identity's, a strong name it asserts, and
        the package or project it says it belongs to."""
        named = [self.signals.name] if self.signals.strong_name and self.signals.name else []
        subjects = named + list(self.identity.subjects)
        folded = {s.casefold() for s in subjects}
        return subjects + [p for p in self.identity.projects if p.casefold() not in folded]

    @property
    def date(self) -> date | None:
        return self.signals.date or self.identity.date

    @property
    def suffix(self) -> str:
        return split_name(self.document.input_rel.rsplit("/", 1)[-1])[1].lower()


def read_document(document: SourceDocument) -> _Doc:
    """Signals, identity and main blocks of one document (at most its opening is read).

    Blocks and signals are read from the main content only: page headers, menus,
    tables of contents and sidebars state no fields and name no subject.
    """
    reading = read(_opening(document.text), document.info)
    return _Doc(document, read_signals(reading.main_text), reading.identity, reading.blocks, reading.body)


def source_title(doc: _Doc) -> str:
    """The title a `sources` entry gives a document: its own, else its file name."""
    return doc.identity.title or doc.document.input_rel.rsplit("/", 1)[-1]


def stored_info(entry: dict[str, Any]) -> dict[str, str]:
    """The document properties an earlier page's `sources` entry recorded, read back so
    that re-deriving the page from the archived text gives what the first batch gave.
    A title that is only the file's name was not the document's own (source_title)."""
    info: dict[str, str] = {}
    rel = _archived_rel(entry) or ""
    name = rel.rsplit("/", 1)[-1]
    title, author, when = entry.get("title"), entry.get("author"), entry.get("last_modified")
    if isinstance(title, str) and title and title != name and title != humanize_stem(name or "x"):
        info["title"] = title
    if isinstance(author, str) and author:
        info["author"] = author
    if isinstance(when, str) and when:
        info["date"] = when
    return info


def _opening(text: str) -> str:
    """The part of a document's text the engine reads (see MAX_SIGNAL_CHARS)."""
    return text[:MAX_SIGNAL_CHARS]


def _has_words(text: str) -> bool:
    """Whether the text has a word outside the headings the extractors add.

    The opening decides for nearly every document; the whole text is searched only
    when the opening has none, so no document with words is refused as empty.
    """
    def found(part: str) -> bool:
        return re.search(r"\w", _LAYOUT_HEADING.sub("", part)) is not None

    opening = _opening(text)
    return found(opening) or (len(opening) < len(text) and found(text))


def _page_source(doc: _Doc, ident: str, title: str, when: date | None, entity: str) -> PageSource:
    """What the page carries of one source (content.py), labelled for readers: its own
    title, else what it is and what about ("make README"), never its file name."""
    body = bounded(doc.body)
    content = read_content(read_outline(body, doc.suffix), body, doc.identity.kind, doc.identity.title, doc.suffix)
    kind = doc.identity.kind or _kind_of(content, doc.suffix, body)
    entity_words = f" {' '.join(words(entity))} "
    names = entity_words.strip() != "" and any(entity_words in f" {' '.join(words(s))} " for s in content.lead)
    return PageSource(ident, _label(doc, title, entity, kind), when, content, kind, doc.identity.author, names)


def _kind_of(content: Content, suffix: str, body: str) -> str | None:
    """What a document is when its title does not say: by its shape."""
    if content.man is not None:
        return "manual page"
    if content.releases:
        return "changelog" if content.debian else "release notes"
    if content.data or content.tables:
        return DATA_KINDS.get(suffix)
    if _is_minutes(content):
        return "meeting notes"
    named = _SELF_NAMED.match(content.lead[0]) if content.lead else None
    if named and (kind := kind_of_title(named.group(1))):
        return kind  # `This is the file README for the frob distribution.`
    return "README" if _is_readme(content, body) else None


# A document's opening that says which file it is: `This is the file README for ...`,
# `This file is the NEWS of ...`, `This is the FAQ for ...`.
_SELF_NAMED = re.compile(r"^This (?:file )?is the (?:file )?([\w.-]+)\b", re.IGNORECASE)


# Sections a project's README has (how to get, build, install and report on it); two
# of them make a document one.
_README_SECTIONS = frozenset({"installation", "installing", "install", "building", "build", "compiling",
                              "downloading", "download", "getting started", "requirements", "dependencies",
                              "bug reporting", "reporting bugs", "bugs", "contributing", "development",
                              "documentation", "license", "licence", "copying", "source code",
                              "source repository", "version control", "ports"})


# What a README says and other documents do not: which of the project's files to read
# (`See the file INSTALL`, `The file NEWS describes ...`), where to report bugs, the
# home page. Two of them make an untitled plain document one (ed's, groff's).
_PROJECT_FILE = re.compile(r"\b(?:README|INSTALL|NEWS|COPYING|ChangeLog|AUTHORS|THANKS|LICEN[CS]E|CONTRIBUTING|"
                           r"HACKING)\b")
_README_SAYINGS = (re.compile(r"\breport(?:ing)? (?:any )?bugs\b|\bbug reports?\b", re.IGNORECASE),
                   re.compile(r"\bhome ?page\b", re.IGNORECASE))


def _is_readme(content: Content, body: str) -> bool:
    if content.man is not None or content.releases:
        return False
    titles = {" ".join(s.title.casefold().strip(" :").split()) for s in content.sections}
    said = len(set(_PROJECT_FILE.findall(body))) + sum(1 for p in _README_SAYINGS if p.search(body))
    return len(titles & _README_SECTIONS) >= 2 or said >= 2


_MEETING_LABELS = frozenset({"attendees", "participants", "present", "agenda", "action items", "actions",
                             "decisions", "minutes"})


def _is_minutes(content: Content) -> bool:
    """A record of a meeting: who attended, or an agenda, action items, decisions."""
    for section in content.sections:
        if section.title.casefold().strip(" :") in _MEETING_LABELS:
            return True
        for block in section.blocks:
            if isinstance(block, Paragraph) and block.text.partition(":")[0].casefold().strip() in _MEETING_LABELS \
                    and ":" in block.text:
                return True
    return False


def _stated(doc: _Doc, content: Content) -> tuple[Field, ...]:
    """The attributes a document states. A manual page or a changelog states its facts
    in its NAME line, synopsis and releases (content.facts); a `word: text` line in it
    is prose, an example or a bug number (`Closes: #568248`), never a property; its
    tables and frontmatter still count. A data file's long listing of names and values
    (a build's 22 settings) is on the page as its table: it is not stated again row by
    row as attributes."""
    front = doc.signals.frontmatter
    if any(len(t.rows) > MAX_ATTRIBUTE_ROWS for t in content.tables):
        return tuple(a for a in doc.signals.attributes if a.label in front)
    if content.man is None and not content.releases:
        return doc.signals.attributes
    return tuple(a for a in doc.signals.attributes if a.row or a.label in front)


def _label(doc: _Doc, title: str, entity: str, kind: str | None) -> str:
    """A source's name on the page: its title unless that is only its file name; a data
    file's, what its name or else its table's columns say it holds (a JSON object's
    first keys, `node, acorn and ada`, say less than `Frob data file`)."""
    name = doc.document.input_rel.rsplit("/", 1)[-1]
    if title and title != name and title != humanize_stem(name):
        return title
    if doc.suffix in DATA_FILES and says_something(_stem(doc.document.input_rel)):
        return humanize_stem(doc.document.input_rel)  # `frob-prices-2025.csv`: what its name says it holds
    if doc.suffix in DATA_FILES and (held := table_title(doc.body)):
        return held  # `Code, phrase and description table`: what its columns hold, not `frob table`
    plain = doc.suffix.lower() in ("", ".txt", ".text", ".md", ".markdown", ".rst")
    what = kind or ("notes" if plain else f"{doc.suffix.lstrip('.').upper()} document")
    return f"{entity} {what}" if entity else what[:1].upper() + what[1:]


def _entry_title(concept: ExistingConcept, ident: str, doc: _Doc) -> str:
    """The title an earlier page's `sources` entry gives a source (else its own)."""
    title = next((e.get("title") for e in concept.sources if e.get("id") == ident), None)
    return title if isinstance(title, str) and title else source_title(doc)


class TypeFolders:
    """The top-level folders where people keep pages of each type in the wiki, counted
    once per batch: asking the whole wiki for every page was pages x pages."""

    def __init__(self, concepts: Sequence[ExistingConcept]) -> None:
        self.counts: dict[str, Counter[str]] = defaultdict(Counter)
        for concept in concepts:
            kind = concept.frontmatter.get("type")
            if isinstance(kind, str) and "/" in concept.id and not written_by_engine(concept.frontmatter):
                self.counts[kind.casefold()][concept.id.split("/", 1)[0]] += 1

    def folder(self, type_: str) -> str | None:
        """Where most people's pages of this type are (ties alphabetically), so a new
        Vendor page joins `vendors/`, not `vendor/`. This engine's own pages do not
        count: where it put a page must not decide where it puts the next (the outcome
        would depend on what arrived first)."""
        folders = self.counts.get(type_.casefold())
        if not folders:
            return None
        best = max(folders.values())
        return min(f for f, n in folders.items() if n == best)


def _spellings(doc: _Doc, key: str) -> Counter[str]:
    """How the document writes a name key ("sqlite" -> "SQLite"), with how often. A
    capitalised name written with a dotted part glued on is one name ("Frob.js",
    "Frob.IO"): the key of "frob" is spelled as the project's name, not cut at the
    dot; a lowercase one is a file ("frob.tar.gz", "frob.c") and stays the name alone."""
    pattern = re.compile(r"(?<!\w)(" + r"[\W_]+".join(map(re.escape, key.split())) + r")(\.[^\W\d_]+)?(?!\w)",
                         re.IGNORECASE)
    return Counter(m.group(0) if m.group(2) and m.group(1)[0].isupper() else m.group(1)
                   for b in doc.blocks[:300] for m in pattern.finditer(b.text))


def _stem(input_rel: str) -> str:
    return split_name(input_rel.rsplit("/", 1)[-1])[0]


def _description(concept: ExistingConcept) -> str:
    value = concept.frontmatter.get("description")
    return value if isinstance(value, str) else ""


def _carried(fm: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """What a page's frontmatter carries into its next version: its tags, and the keys
    this engine does not manage (a person's or another tool's), as they are."""
    tags = fm.get("tags")
    return ([t for t in tags if isinstance(t, str)] if isinstance(tags, list) else [],
            {k: v for k, v in fm.items() if k not in _FM_MANAGED})


def _as_written(concept: ExistingConcept) -> PageDraft:
    """The draft of a page as its frontmatter stands (its body is read back apart),
    carrying what `_draft` would carry of it (`_carried`)."""
    tags, extra = _carried(concept.frontmatter)
    return PageDraft(
        type=str(concept.frontmatter.get("type")),
        title=concept.title,
        description=_description(concept),
        tags=tags,
        sources=concept.sources,
        extra=extra,
        cited=[],
        prose="",
        notes=(),
        attributes=[],
        conflicts=[],
        related=[],
        footnotes={},
    )


def _resource(entry: Any) -> str:
    """Sort key of a `sources` entry: its archive path (placeholders name the same path)."""
    value = entry.get("resource") if isinstance(entry, dict) else None
    return value if isinstance(value, str) else ""


def _archived_rel(entry: dict[str, Any]) -> str | None:
    """The input path a source was archived from, as a canonical sort key: its archive
    path without `/archive/` and without the `.orig` a markdown original gets."""
    resource = entry.get("resource")
    if not isinstance(resource, str) or not resource.startswith("/archive/"):
        return None
    rel = resource.removeprefix("/archive/")
    return rel.removesuffix(".orig")


_TYPE_SUFFIX = re.compile(r"\s+\([^()]*\)$")  # distinct_title's "(Command)", "(Topic 2)"


def _concerned(docs: list[_Doc], pages: list[ExistingConcept], config: OfflineConfig, tokens: Tokens) -> set[str]:
    """Ids of the `pages` the documents concern (see OfflineEngine._rederivable); `tokens`
    keeps the pages' words read for the batch's clustering (group_documents)."""
    infos = [concept_info(c) for c in pages]
    texts = ["\n\n".join(b.text for b in d.blocks) for d in docs]
    words_of = [cased_words(t) for t in texts]
    out: set[str] = set()
    # A page answers to its title, without the type distinct_title may have added
    # ("frob (Command)"), and to what its sources' titles name ("quiltutils" of the
    # manual pages of `qlist` and `qcount`: a README naming them concerns it). One index
    # of those and of the documents' claims, so that a name written with its version
    # glued on ("frob8.6") finds the name ("frob") on either side.
    answers = [{name_key(c.title), name_key(_TYPE_SUFFIX.sub("", c.title))}
               | {k for e in c.sources if isinstance(e.get("title"), str)
                  for subject in subject_names(e["title"]) if (k := name_key(subject))}
               for c in pages]
    claims = {k for d in docs for s in d.subjects if (k := name_key(s))}
    index = NameIndex(set().union(*answers) | claims)
    mentioned = {index.keys[i] for t in words_of for i in index.counts(*t)}
    # A page's text is searched for the claims only, and for the names that are a claim
    # with its version glued on (they count for the claim): searching every page for
    # every page's name made each of its words a probe of a set that grows with the wiki.
    claimed = NameIndex(claims | {index.keys[v] for v, base in index.versioned.items() if index.keys[base] in claims})
    identifiers = set().union(*(d.signals.identifiers | d.signals.mentioned_identifiers for d in docs))
    for concept, info, names in zip(pages, infos, answers, strict=True):
        if names & mentioned or info.identifiers & identifiers or claims & {
                claimed.keys[i] for i in claimed.counts(*cased_words(info.text))}:
            out.add(concept.id)
    vectors = tfidf_vectors([*texts, *(i.text for i in infos)], tokens)
    _, cols, _ = similar_pairs(vectors[: len(texts)], vectors[len(texts):], config.match_threshold * CORROBORATED_RATIO, upper=False)
    out |= {pages[j].id for j in cols.tolist()}
    return out | _concerned_by_words(docs, texts, pages, [i.text for i in infos])


def _concerned_by_words(docs: list[_Doc], texts: list[str], pages: list[ExistingConcept],
                        page_texts: list[str]) -> set[str]:
    """Ids of the pages that a document naming nothing may join, or that may take one
    in, by their words (_attach_unnamed), so that its place is weighed among the groups
    one batch would weigh (I6): a document of the batch that names nothing concerns the
    two pages its words are nearest (the one it may join, the one it must be clearly
    nearer than); a page of one source that never repeats its title (a data file's, a
    note's of its own) is concerned by a batch whose words its own are near, and so are
    the two pages nearest it."""
    unnamed = [i for i, d in enumerate(docs) if not d.signals.strong_name and (
        d.suffix in DATA_FILES or (not d.identity.packages and _repeats_nothing(d.subjects, texts[i])))]
    lone = [j for j, c in enumerate(pages) if len(c.sources) == 1 and not _repeats_title(c)]
    if not unnamed and not lone:
        return set()
    doc_words = [word_counts(t) for t in texts]
    near = Placer(doc_words, doc_words + [word_counts(page_texts[j]) for j in lone])
    lone = [j for j in lone if (scores := near.scores(word_counts(page_texts[j]))) and scores[0][0] >= MIN_COSINE]
    if not unnamed and not lone:
        return set()
    page_words = [word_counts(t) for t in page_texts]
    placer = Placer(page_words, doc_words + page_words)
    out = {pages[j].id for j in lone}
    for words_, own in [*((doc_words[i], None) for i in unnamed), *((page_words[j], j) for j in lone)]:
        nearest = [(score, j) for score, j in placer.scores(words_) if j != own][:2]
        out |= {pages[j].id for score, j in nearest if score >= MIN_COSINE}
    return out


def _repeats_nothing(subjects: Sequence[str], text: str) -> bool:
    """Whether a text mentions none of the names it claims more than once."""
    index = NameIndex({k for s in subjects if (k := name_key(s))})
    return all(n < PROMINENT for n in index.counts(*cased_words(text)).values())


def _repeats_title(concept: ExistingConcept) -> bool:
    """Whether a page's text -- not its headings, footnotes or Sources list -- repeats
    its title: a page about a named entity does, one titled from what a data file or a
    note holds does not."""
    body = concept.body.split("\n# Sources", 1)[0]
    prose = "\n".join(line for line in body.splitlines() if not line.startswith(("#", "[^")))
    index = NameIndex({name_key(_TYPE_SUFFIX.sub("", concept.title))})
    return sum(index.counts(*cased_words(prose)).values()) >= PROMINENT


def _unnamed(doc: _Doc, group: Group, subjects: Sequence[str]) -> bool:
    """Whether a document alone in its group names nothing it is about, so that only its
    words can say where it belongs: a data file without a name field, or a note that
    names nothing but its title's subject and does not repeat that -- it names a topic
    rather than an entity (a protocol's "Format of vault colon listings") -- and
    installs no package. A note naming another entity even once is not placed by its
    words: that name was weighed already, and found to be a mention in passing."""
    if doc.signals.strong_name:
        return False
    if doc.suffix in DATA_FILES:
        return True
    own = {name_key(s) for s in subjects}
    return not doc.identity.packages and all(n < PROMINENT and name in own for name, n in group.names.items())


def _attach_unnamed(groups: list[Group], docs: list[_Doc], texts: list[str],
                    subjects: Sequence[Sequence[str]]) -> tuple[list[Group], dict[str, str]]:
    """Each document alone in its group that names nothing (_unnamed) joins the group
    whose documents use its words -- a data file's values, a note's vocabulary
    (datafiles.py) -- or stays alone; with the reason for each."""
    lone = [g for g in groups if len(g.members) == 1 and g.concept_id is None
            and _unnamed(docs[g.members[0]], g, subjects[g.members[0]])]
    if not lone:
        return groups, {}
    words = [word_counts(t) for t in texts]
    alone = {id(g) for g in lone}
    hosts = [g for g in groups if id(g) not in alone and any(docs[m].suffix not in DATA_FILES for m in g.members)]
    host_words = [sum((words[m] for m in g.members), Counter()) for g in hosts]
    placer = Placer(host_words, words)
    moves: dict[int, Group] = {}
    reasons: dict[str, str] = {}
    for group in lone:
        m = group.members[0]
        placement = placer.place(words[m], note=docs[m].suffix not in DATA_FILES)
        rel = docs[m].document.input_rel
        reasons[rel] = ("joined: " if placement.group is not None else "a page of its own: ") + placement.reason
        if placement.group is not None:
            moves[m] = hosts[placement.group]
    for m, host in moves.items():
        host.members = sorted(host.members + [m])
    return [g for g in groups if not (len(g.members) == 1 and g.members[0] in moves)], reasons


def _superseded(redone: set[str], groups: list[Group], ids: list[str], docs: list[_Doc]) -> dict[str, str]:
    """Re-derived pages no group writes again -> the page that now holds most of their sources."""
    holders: dict[str, Counter[str]] = {}
    for group, page in zip(groups, ids, strict=True):
        for m in group.members:
            if (held := docs[m].page) is not None:
                holders.setdefault(held, Counter())[page] += 1
    gone = sorted(redone - set(ids))
    return {old: min(holders[old], key=lambda p: (-holders[old][p], p)) for old in gone if old in holders}


def distinct_title(title: str, type_: str, used: set[str]) -> str:
    """`title`, or `title (type)`, `title (type 2)`, … -- the first no other page has
    (compared case-folded): a page that is not the entity of an existing page with the
    same title must not read as it (lint's DUPLICATE_TITLE)."""
    candidate, n = title, 1
    while candidate.casefold() in used:
        candidate = f"{title} ({type_})" if n == 1 else f"{title} ({type_} {n})"
        n += 1
    used.add(candidate.casefold())
    return candidate


def unique_id(base: str, taken: set[str]) -> str:
    """`base`, or `base-2`, `base-3`, … — the first not in `taken` (compared case-folded)."""
    candidate, n = base, 2
    while candidate.casefold() in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate.casefold())
    return candidate


@dataclass(frozen=True)
class Plan:
    """What a batch gives: page id -> draft (including earlier pages whose related list
    changes), the documents each cluster's page covers, the existing page a cluster
    updates, notes on documents left out, pages superseded (ManagerResult.removed), and
    where each document left alone by its names went and why (ManagerResult.stats["placements"])."""

    pages: dict[str, PageDraft]
    members: dict[str, list[_Doc]]
    updates: dict[str, ExistingConcept]
    notes: dict[str, str]
    removed: dict[str, str]
    placements: dict[str, str] = field(default_factory=dict)  # input_rel -> why it joined a page or kept its own
    composed: dict[str, Composition] = field(default_factory=dict)  # page -> its draft composed (related list aside)


class OfflineEngine:
    """Clusters documents into entities and writes one concept page per entity."""

    name = "offline"
    # Every page is re-derived from all the sources it cites, so replacing a page this
    # engine wrote loses nothing and its previous version is not archived (owned.py).
    rederives_pages = True

    def __init__(self, config: OfflineConfig, now: datetime) -> None:
        self.config = config
        self.now = now

    def plan(self, documents: Sequence[SourceDocument], wiki: WikiView) -> Plan:
        """The pages this batch gives, before they are rendered (the agent's draft mode
        starts from it): clusters, titles, types, sources, attributes and conflicts."""
        notes: dict[str, str] = {}
        docs: list[_Doc] = []
        for document in sorted(documents, key=lambda d: d.input_rel):
            if _has_words(document.text):
                docs.append(read_document(document))
            else:
                notes[document.input_rel] = NO_TEXT_NOTE
        concepts = wiki.concepts()
        tokens = Tokens()  # the pages' words, read once for both fits on them
        earlier = self._rederivable(docs, concepts, wiki.owned_pages(), wiki, tokens)
        redone = {d.page for d in earlier if d.page is not None}  # (each has one: for the type checker)
        fixed = [c for c in concepts if c.id not in redone]
        docs = sorted(docs + earlier, key=lambda d: d.document.input_rel)
        by_id = {c.id: c for c in fixed}
        subjects = with_packages([d.subjects for d in docs], name_key)
        texts = ["\n\n".join(b.text for b in d.blocks) for d in docs]
        groups = group_documents(texts, [d.signals for d in docs], [concept_info(c) for c in fixed],
                                 self.config, subjects, [d.suffix in DATA_FILES for d in docs],
                                 [d.identity.packages for d in docs], tokens)
        del tokens  # what was read of the texts: not needed past clustering
        groups, placements = _attach_unnamed(groups, docs, texts, subjects)
        placements |= {docs[m].document.input_rel: why for g in groups for m, why in g.reasons.items()}
        mentioning: Counter[str] = Counter()  # name -> the batch's documents mentioning it
        for g in groups:
            mentioning.update({k: len(v) for k, v in g.mentioned.items()})

        taken = {c.id.casefold() for c in fixed}
        used_titles = {c.title.casefold() for c in fixed}
        folders = TypeFolders(fixed)
        ids: list[str] = []
        titles: list[str] = []
        types: list[str] = []
        for group in groups:
            members = [docs[m] for m in group.members]
            if group.concept_id is not None:
                concept = by_id[group.concept_id]
                existing_type = concept.frontmatter.get("type")
                ids.append(concept.id)
                titles.append(concept.title)
                types.append(existing_type if isinstance(existing_type, str) and existing_type.strip() else self._type(members))
                continue
            type_ = self._type(members)
            title = distinct_title(self._title(members, group, [subjects[m] for m in group.members], mentioning),
                                   type_, used_titles)
            folder = self.folder_for(type_, folders)
            slug = slugify(title) or slugify(_stem(members[0].document.input_rel)) or "concept"
            slug = f"{slug}-page" if slug in RESERVED_SLUGS else slug
            ids.append(unique_id(f"{folder}/{slug}", taken))
            titles.append(title)
            types.append(type_)

        drafts = [
            self._draft(types[g], titles[g], [docs[m] for m in group.members], by_id.get(group.concept_id or ""), wiki)
            for g, group in enumerate(groups)
        ]
        pages, composed = self._with_related(dict(zip(ids, drafts, strict=True)), fixed, wiki)
        sources_of = {page: [docs[m] for m in group.members] for page, group in zip(ids, groups, strict=True)}
        updates = {page: by_id[group.concept_id] for page, group in zip(ids, groups, strict=True) if group.concept_id}
        return Plan(pages, sources_of, updates, notes, _superseded(redone, groups, ids, docs), placements, composed)

    def manage(self, documents: Sequence[SourceDocument], wiki: WikiView) -> ManagerResult:
        plan = self.plan(documents, wiki)
        pages = {page: render(draft, self.now, plan.composed.get(page)) for page, draft in plan.pages.items()}
        stats: dict[str, Any] = {"placements": plan.placements} if plan.placements else {}
        return ManagerResult(pages, plan.notes, stats, removed=plan.removed)

    def _misplaced(self, concept: ExistingConcept, folders: TypeFolders) -> bool:
        """Whether a page of this engine sits outside the folder its type now goes to
        (people have since put pages of that type elsewhere): it is re-derived and moved."""
        type_ = concept.frontmatter.get("type")
        if not isinstance(type_, str) or "/" not in concept.id:
            return False
        return concept.id.split("/", 1)[0] != self.folder_for(type_, folders)

    def folder_for(self, type_: str, folders: TypeFolders) -> str:
        """The folder a page of this type goes to: where people keep such pages
        (`folders`, of the wiki's pages), else one named after the type (never `archive/`)."""
        folder = folders.folder(type_) or slugify(type_) or slugify(self.config.default_type) or "topic"
        return f"{folder}-pages" if folder in RESERVED_DIRS else folder

    def _rederivable(
        self, docs: list[_Doc], concepts: list[ExistingConcept], owned: set[str], wiki: WikiView, tokens: Tokens
    ) -> list[_Doc]:
        """The sources of the pages this engine owns that the batch's documents may
        concern, read back from their archived texts, so that they are clustered again
        with the batch: a drop split into several batches then gives the pages one
        batch gives (invariant I6), renamed or merged when later documents say more.

        A page concerns the batch when a document mentions its title or a name its
        sources' titles give, the page mentions a name a document claims, they share
        an identifier, or their words are similar (at the corroboration floor of
        matching); when one of them names nothing and their words are near
        (_concerned_by_words); and when it is not in the folder its type now goes to. A page with a source whose text is not
        archived cannot be re-derived and stays as it is.
        """
        candidates = [c for c in concepts if c.id in owned and written_by_engine(c.frontmatter)]
        if not candidates:
            return []
        related = _concerned(docs, candidates, self.config, tokens) if docs else set()
        folders = TypeFolders(concepts)
        related |= {c.id for c in candidates if self._misplaced(c, folders)}
        out: list[_Doc] = []
        for concept in candidates:
            if concept.id not in related:
                continue
            read: list[_Doc] = []
            for entry in concept.sources:
                text = wiki.archived_text(entry["text"]) if isinstance(entry.get("text"), str) else None
                rel = _archived_rel(entry)
                if text is None or rel is None:
                    read = []
                    break
                doc = read_document(SourceDocument(rel, text, info=stored_info(entry)))
                read.append(replace(doc, entry=dict(entry), page=concept.id))
            out += read
        return out

    def _with_related(
        self, drafts: dict[str, PageDraft], concepts: list[ExistingConcept], wiki: WikiView
    ) -> tuple[dict[str, PageDraft], dict[str, Composition]]:
        """The batch's drafts with their related lists, plus every page this engine wrote
        earlier whose list gains a page of the batch: one it drafted or a conformant page
        copied before it ran (see related.py); and the batch's drafts composed, which
        their text was read from (render writes them with their related lists). A page
        nobody has changed since the engine wrote it gets its new list alone (read_back);
        one someone changed is drafted again."""
        titles = {c.id: c.title for c in concepts} | {page: d.title for page, d in drafts.items()}
        others = [c for c in concepts if c.id not in drafts]
        other_texts = {c.id: page_text(c.title, _description(c), c.body) for c in others}
        fresh = [page for page in wiki.fresh_pages() if page in other_texts]  # copied from input/ this batch
        composed = {page: composition(d) for page, d in drafts.items()}
        owned = wiki.owned_pages()
        batch_texts = {page: page_text(drafts[page].title, c.description, c.body([])) for page, c in composed.items()}
        new = [*drafts, *fresh]
        new_pages = set(new)
        names = mentions(batch_texts | {page: other_texts[page] for page in fresh}, titles)  # new page -> pages it names
        named_batch = mentions(other_texts, {page: titles[page] for page in new})  # other page -> new pages it names
        named_by: dict[str, set[str]] = {page: set() for page in titles}
        for source, targets in [*names.items(), *named_batch.items()]:
            for target in targets:
                named_by[target].add(source)

        out = {
            page: replace(d, related=[(titles[r], r) for r in ranked(page, names[page], named_by[page])])
            for page, d in drafts.items()
        }
        for concept in others:
            gained = named_batch[concept.id] | (named_by[concept.id] & new_pages)
            was = listed(concept.body)
            current = [r for r in was if r in titles]
            if not (gained or len(current) < len(was)) or concept.id in fresh or not written_by_engine(concept.frontmatter):
                continue  # (fewer: listed pages the batch renamed or merged)
            own = mentions({concept.id: other_texts[concept.id]}, {r: titles[r] for r in current})[concept.id]
            related = ranked(concept.id, own | named_batch[concept.id], set(current) - own | gained)
            if related == current:
                continue
            kept = read_back(_description(concept), concept.body) if concept.id in owned else None
            if kept is None:  # someone changed it: drafted again, keeping what they wrote (prior.py)
                draft = self._draft(str(concept.frontmatter.get("type")), concept.title, [], concept, wiki)
            else:
                draft = _as_written(concept)
                composed[concept.id] = kept
            out[concept.id] = replace(draft, related=[(titles[r], r) for r in related])
        return out, composed

    def _title(self, members: list[_Doc], group: Group, subjects: list[list[str]], mentioning: Counter[str]) -> str:
        """The entity's name: the name most members assert in a field or frontmatter
        title; else, of the names the members' titles claim, the one the most members
        mention ("zstd" over "libzstd" and "Zstandard"), then the one their titles
        claim most ("XZ Utils" in four of five) -- a claim by a document about the
        whole project (README, release notes, changelog, FAQ …) counting more than one
        by a manual page about one of its commands, so "GNU diffutils" wins over
        "diff", "diff3" and "cmp" -- then the one mentioned most ("git" in
        "gittutorial", "gitfaq" …), spelled as their texts spell it most. A project
        two or more members say they belong to (identity.projects: "part of the
        util-linux package", a manual page's footer) comes first when at least half of
        the members that name anything mention it and fewer documents outside the group
        do (a platform every page's footer names is no one's project): the title of
        a package's commands and files is the package. So does a project one member
        states when the others claim names of their own, each claimed by one member
        only (the manual pages of `qlist` and `qcount` beside a README: "quiltutils",
        which the footer of one of them names), not when two members claim one name
        (a tool's manual and changelog: the tool, not its vendor). Else the first member's own
        title, else its file's name when that says something ("price-list-2025"), else
        what a data file holds (its columns or keys) or a text's opening
        (identity.opening_title) -- never a name like `doc-04`, which says nothing.
        `mentioning` counts the batch's documents mentioning each name."""
        named = [d.signals for d in members if d.signals.name and d.signals.strong_name and d.signals.name_key]
        if named:
            counts = Counter(s.name_key for s in named)
            best = max(counts.values())
            key = next(s.name_key for s in named if counts[s.name_key] == best)
            return next(s.name for s in named if s.name_key == key and s.name)
        keys = [{k for subject in names if (k := name_key(subject))} for names in subjects]  # each member's claims
        claimers: Counter[str] = Counter()  # name -> the members claiming it
        projects: Counter[str] = Counter()
        for claims, d in zip(keys, members, strict=True):
            projects.update({name_key(p) for p in d.identity.projects})
            claimers.update(claims)
        parts = [n for k, n in claimers.items() if k not in projects]  # names other than projects, by claimers
        one_each = len(parts) >= 2 and max(parts) == 1
        naming = sum(1 for m in group.members if any(m in ms for ms in group.mentioned.values()))
        shared = {k for k, n in projects.items() if (n >= 2 or one_each) and 2 * len(group.mentioned.get(k, ())) >= naming
                  and mentioning[k] - len(group.mentioned.get(k, ())) < len(group.mentioned.get(k, ()))}
        # name -> how strongly the members claim it; a project the members share counts as
        # a claim about the whole, one a member merely says it is part of does not outweigh
        # its own name (a lone manual page "part of the GNU project" is still the command's)
        claimed: defaultdict[str, float] = defaultdict(float)
        for d, claims in zip(members, keys, strict=True):
            weight = PROJECT_CLAIM if d.identity.kind in PROJECT_KINDS else 1.0
            for key in claims:
                claimed[key] += PROJECT_CLAIM if key in shared else weight
        top = top_name(group)
        candidates = [k for k in claimed if group.names.get(k)] or (
            [top] if top is not None and group.names[top] >= PROMINENT else [])
        if candidates:
            key = min(candidates, key=lambda k: (k not in shared, -len(group.mentioned.get(k, ())), -claimed[k],
                                                 -group.names.get(k, 0), k))
            written: Counter[str] = Counter()
            for d in members:
                written.update(_spellings(d, key))
            if written:
                return min(written, key=lambda w: (-written[w], w))
            return next((s for names in subjects for s in names if name_key(s) == key), key)
        first = members[0]
        if first.identity.title:
            return entity_name(first.identity.title)
        if says_something(_stem(first.document.input_rel)):
            return humanize_stem(first.document.input_rel)
        if first.suffix in DATA_FILES:
            return content_title(first.body) or f"Untitled {DATA_KINDS.get(first.suffix, 'data file')}"
        return opening_title(first.blocks) or "Untitled document"

    def _type(self, members: list[_Doc]) -> str:
        """Stated or name-implied types vote by strength; title-word hints (they describe a
        document: "Meeting", "Runbook") decide only when every member has the same one."""
        votes: Counter[str] = Counter()
        for d in members:
            if d.signals.type_hint and d.signals.type_strength >= 2:
                votes[d.signals.type_hint] += d.signals.type_strength
            elif d.identity.entity_type:
                votes[d.identity.entity_type] += 2
        if votes:
            best = max(votes.values())
            return min(t for t, v in votes.items() if v == best)
        hints = {d.signals.type_hint for d in members}
        if len(hints) == 1 and (only := hints.pop()):
            return only
        return self.config.default_type

    def _draft(
        self,
        type_: str,
        title: str,
        members: list[_Doc],
        concept: ExistingConcept | None,
        wiki: WikiView,
    ) -> PageDraft:
        earlier: list[Any] = []
        extra: dict[str, Any] = {}
        tags: list[str] = []
        description: str | None = None
        cited: list[PageSource] = []
        observations: list[Observation] = []  # what the old page states beyond its sources
        stated: list[Observation] = []  # what the sources state
        prose = ""
        prior_notes: tuple[str, ...] = ()
        footnotes: dict[str, str] = {}
        taken: set[str] = set()
        regenerated_docs: list[_Doc] = []
        if concept is not None:
            fm = concept.frontmatter
            raw_sources = fm.get("sources")
            earlier = list(raw_sources) if isinstance(raw_sources, list) else []
            tags, extra = _carried(fm)
            old_description = fm.get("description")
            if not written_by_engine(fm) and isinstance(old_description, str) and old_description.strip():
                description = old_description
            taken = {s["id"] for s in concept.sources if isinstance(s.get("id"), str)}
            regenerated: dict[str, _Doc] = {}
            dates = {}
            for entry in concept.sources:
                ident = entry.get("id")
                if not isinstance(ident, str):
                    continue
                dates[ident] = parse_date(entry.get("last_modified"))
                text = wiki.archived_text(entry["text"]) if isinstance(entry.get("text"), str) else None
                if text is not None:
                    rel = _resource(entry).removeprefix("/archive/")
                    doc = read_document(SourceDocument(rel, text, info=stored_info(entry)))
                    dates[ident] = doc.date or dates[ident]
                    regenerated[ident] = doc
            sections = {ident: _page_source(doc, ident, _entry_title(concept, ident, doc), dates[ident], title)
                        for ident, doc in regenerated.items()}
            derivable = body_blocks(list(sections.values()), type_, title)
            owned = concept.id in wiki.owned_pages()
            prior = read_prior(concept, set(regenerated), dates, taken, derivable, owned)
            prose, prior_notes, footnotes = prior.prose, prior.notes, prior.footnotes
            earlier += list(prior.legacy_sources)
            observations += prior.observations
            regenerated_docs = list(regenerated.values())
            for ident, doc in regenerated.items():
                stated += [Observation(a.key, a.label, a.value, ident, dates[ident])
                           for a in _stated(doc, sections[ident].content)]
                cited.append(sections[ident])

        new_entries = []
        for doc in members:
            rel = doc.document.input_rel
            ident = unique_id(slugify(_stem(rel)) or "source", taken)
            entry = {"id": ident, "resource": f"/archive/{rel}", "title": source_title(doc)}
            if doc.identity.author:
                entry["author"] = doc.identity.author
            if doc.date:
                entry["last_modified"] = f"{doc.date.isoformat()}T00:00:00Z"
            if doc.entry is not None:  # re-derived: archived already, under these names
                entry["resource"] = doc.entry["resource"]
                entry["text"] = doc.entry["text"]
            new_entries.append(entry)
            cited.append(_page_source(doc, ident, entry["title"], doc.date, title))
            stated += [Observation(a.key, a.label, a.value, ident, doc.date) for a in _stated(doc, cited[-1].content)]
        sources = [*earlier, *new_entries]
        if concept is None or written_by_engine(concept.frontmatter):
            # An update must equal one batch with every document (I6): sources in the
            # order of their archive paths, whichever batch each came in.
            sources.sort(key=_resource)
            position = {e.get("id"): n for n, e in enumerate(sources) if isinstance(e, dict)}
            stated.sort(key=lambda o: position.get(o.source, len(position)))
        folder_tags = sorted(
            {slugify(type_)} | {slugify(p) for d in members for p in d.document.input_rel.split("/")[:-1]} - {""}
        )
        tags += [t for t in folder_tags if t not in tags]
        if concept is None or written_by_engine(concept.frontmatter):
            tags = sorted(tags)  # so an update equals one batch with every document
        attributes, conflicts = resolve(observations + stated)
        # A keyed table's cells are shown as the table itself (the source's digest);
        # only those the sources dispute become attributes and conflicts.
        cells = {a.key for d in members for a in d.signals.attributes if a.row}
        cells |= {a.key for d in regenerated_docs for a in d.signals.attributes if a.row}
        attributes = [a for a in attributes if not (a.status == "agreed" and norm_key(a.label) in cells)]
        return PageDraft(
            type=type_,
            title=title,
            description=description,
            tags=tags,
            sources=sources,
            extra=extra,
            cited=cited,
            prose=prose,
            notes=prior_notes,
            attributes=attributes,
            conflicts=conflicts,
            related=[],
            footnotes=footnotes,
        )
