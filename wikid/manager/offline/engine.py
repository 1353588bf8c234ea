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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from wikid.config import OfflineConfig
from wikid.intake.naming import split_name
from wikid.manager import ExistingConcept, ManagerResult, SourceDocument, WikiView
from wikid.manager.offline.cluster import concept_info, group_documents
from wikid.manager.offline.pages import PageDraft, PageSource, compose, render
from wikid.manager.offline.prior import read_prior, written_by_engine
from wikid.manager.offline.related import listed, mentions, page_text, ranked
from wikid.manager.offline.resolve import Observation, resolve
from wikid.document.dates import parse_date
from wikid.manager.offline.signals import DocSignals, read_signals
from wikid.manager.offline.textutil import humanize_stem, slugify

NO_TEXT_NOTE = "no usable text: the extracted text has no words, so no page can describe it"
RESERVED_SLUGS = frozenset({"index", "log"})  # index.md / log.md are never concepts (OKF §3)
RESERVED_DIRS = frozenset({"archive"})  # wiki/archive/ holds originals
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


@dataclass(frozen=True)
class _Doc:
    document: SourceDocument
    signals: DocSignals


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


def _stem(input_rel: str) -> str:
    return split_name(input_rel.rsplit("/", 1)[-1])[0]


def _description(concept: ExistingConcept) -> str:
    value = concept.frontmatter.get("description")
    return value if isinstance(value, str) else ""


def _resource(entry: Any) -> str:
    """Sort key of a `sources` entry: its archive path (placeholders name the same path)."""
    value = entry.get("resource") if isinstance(entry, dict) else None
    return value if isinstance(value, str) else ""


def _unique(base: str, taken: set[str]) -> str:
    """`base`, or `base-2`, `base-3`, … — the first not in `taken` (compared case-folded)."""
    candidate, n = base, 2
    while candidate.casefold() in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate.casefold())
    return candidate


class OfflineEngine:
    """Clusters documents into entities and writes one concept page per entity."""

    name = "offline"
    # Every page is re-derived from all the sources it cites, so replacing a page this
    # engine wrote loses nothing and its previous version is not archived (owned.py).
    rederives_pages = True

    def __init__(self, config: OfflineConfig, now: datetime) -> None:
        self.config = config
        self.now = now

    def manage(self, documents: Sequence[SourceDocument], wiki: WikiView) -> ManagerResult:
        notes: dict[str, str] = {}
        docs: list[_Doc] = []
        for document in sorted(documents, key=lambda d: d.input_rel):
            if _has_words(document.text):
                docs.append(_Doc(document, read_signals(_opening(document.text))))
            else:
                notes[document.input_rel] = NO_TEXT_NOTE
        concepts = wiki.concepts()
        by_id = {c.id: c for c in concepts}
        groups = group_documents(
            [_opening(d.document.text) for d in docs], [d.signals for d in docs], [concept_info(c) for c in concepts], self.config
        )

        taken = {c.id.casefold() for c in concepts}
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
            title, type_ = self._title(members), self._type(members)
            folder = slugify(type_) or slugify(self.config.default_type) or "topic"
            folder = f"{folder}-pages" if folder in RESERVED_DIRS else folder
            slug = slugify(title) or slugify(_stem(members[0].document.input_rel)) or "concept"
            slug = f"{slug}-page" if slug in RESERVED_SLUGS else slug
            ids.append(_unique(f"{folder}/{slug}", taken))
            titles.append(title)
            types.append(type_)

        drafts = [
            self._draft(types[g], titles[g], [docs[m] for m in group.members], by_id.get(group.concept_id or ""), wiki)
            for g, group in enumerate(groups)
        ]
        pages = self._with_related(dict(zip(ids, drafts)), concepts, wiki)
        return ManagerResult({page: render(draft, self.now) for page, draft in pages.items()}, notes)

    def _with_related(
        self, drafts: dict[str, PageDraft], concepts: list[ExistingConcept], wiki: WikiView
    ) -> dict[str, PageDraft]:
        """The batch's drafts with their related lists, plus every page this engine wrote
        earlier whose list gains a page of the batch: one it drafted or a conformant page
        copied before it ran (see related.py)."""
        titles = {c.id: c.title for c in concepts} | {page: d.title for page, d in drafts.items()}
        others = [c for c in concepts if c.id not in drafts]
        other_texts = {c.id: page_text(c.title, _description(c), c.body) for c in others}
        fresh = [page for page in wiki.fresh_pages() if page in other_texts]  # copied from input/ this batch
        batch_texts = {page: page_text(d.title, *compose(d)) for page, d in drafts.items()}
        new = [*drafts, *fresh]
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
            gained = named_batch[concept.id] | (named_by[concept.id] & set(new))
            if not gained or concept.id in fresh or not written_by_engine(concept.frontmatter):
                continue
            current = [r for r in listed(concept.body) if r in titles]
            own = mentions({concept.id: other_texts[concept.id]}, {r: titles[r] for r in current})[concept.id]
            related = ranked(concept.id, own | named_batch[concept.id], set(current) - own | gained)
            if related != current:
                type_ = concept.frontmatter.get("type")
                draft = self._draft(str(type_), concept.title, [], concept, wiki)
                out[concept.id] = replace(draft, related=[(titles[r], r) for r in related])
        return out

    def _title(self, members: list[_Doc]) -> str:
        """The name most members assert (strong names first, then weak), else the first file's name."""
        for strong in (True, False):
            named = [d.signals for d in members if d.signals.name and d.signals.strong_name == strong and d.signals.name_key]
            if named:
                counts = Counter(s.name_key for s in named)
                best = max(counts.values())
                key = next(s.name_key for s in named if counts[s.name_key] == best)
                return next(s.name for s in named if s.name_key == key and s.name)
        return humanize_stem(members[0].document.input_rel)

    def _type(self, members: list[_Doc]) -> str:
        """Stated or name-implied types vote by strength; title-word hints (they describe a
        document: "Meeting", "Runbook") decide only when every member has the same one."""
        votes: Counter[str] = Counter()
        for d in members:
            if d.signals.type_hint and d.signals.type_strength >= 2:
                votes[d.signals.type_hint] += d.signals.type_strength
        if votes:
            best = max(votes.values())
            return next(d.signals.type_hint for d in members if d.signals.type_hint and votes[d.signals.type_hint] == best)
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
        prose, prior_notes, footnotes = "", (), {}
        taken: set[str] = set()
        if concept is not None:
            fm = concept.frontmatter
            raw_sources = fm.get("sources")
            earlier = list(raw_sources) if isinstance(raw_sources, list) else []
            extra = {k: v for k, v in fm.items() if k not in _FM_MANAGED}
            old_tags = fm.get("tags")
            tags = [t for t in old_tags if isinstance(t, str)] if isinstance(old_tags, list) else []
            old_description = fm.get("description")
            if not written_by_engine(fm) and isinstance(old_description, str) and old_description.strip():
                description = old_description
            taken = {s["id"] for s in concept.sources if isinstance(s.get("id"), str)}
            regenerated: dict[str, PageSource] = {}
            regenerated_signals: list[tuple[str, DocSignals]] = []
            dates = {}
            for entry in concept.sources:
                ident = entry.get("id")
                if not isinstance(ident, str):
                    continue
                dates[ident] = parse_date(entry.get("last_modified"))
                text = wiki.archived_text(entry["text"]) if isinstance(entry.get("text"), str) else None
                if text is not None:
                    sig = read_signals(_opening(text))
                    dates[ident] = sig.date or dates[ident]
                    entry_title = str(entry.get("title") or ident)
                    regenerated[ident] = PageSource(ident, entry_title, dates[ident], sig.sentences)
                    regenerated_signals.append((ident, sig))
            prior = read_prior(concept, set(regenerated), dates, taken)
            prose, prior_notes, footnotes = prior.prose, prior.notes, prior.footnotes
            earlier += list(prior.legacy_sources)
            observations += prior.observations
            for ident, sig in regenerated_signals:
                stated += [Observation(a.key, a.label, a.value, ident, dates[ident]) for a in sig.attributes]
            cited += regenerated.values()

        new_entries = []
        for doc in members:
            rel = doc.document.input_rel
            ident = _unique(slugify(_stem(rel)) or "source", taken)
            source_title = humanize_stem(rel)
            entry: dict[str, Any] = {"id": ident, "resource": f"/archive/{rel}", "title": source_title}
            if doc.signals.date:
                entry["last_modified"] = f"{doc.signals.date.isoformat()}T00:00:00Z"
            new_entries.append(entry)
            cited.append(PageSource(ident, source_title, doc.signals.date, doc.signals.sentences))
            stated += [
                Observation(a.key, a.label, a.value, ident, doc.signals.date) for a in doc.signals.attributes
            ]
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
