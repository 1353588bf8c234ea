"""The agent engine's draft mode (the default, `agent.mode: draft`): what a small local
model can drive.

    engine = DraftEngine(chat_model, config, when)
    result = engine.manage(documents, wiki)   # ManagerResult; result.stats per cluster

wikid clusters the documents and gathers the evidence exactly as the offline engine
does (its `plan`), then asks the model for one typed `Draft` per cluster (schema.py,
structured.py). The model chooses the title, type, description, summary, sections,
facts, related pages and which inputs the page covers; wikid checks each of them
against the sources and renders the page itself (render.py):

* a fact must cite a source of the page and its value must be in that source's text;
  its date is the date the source states (a different date from the model is
  corrected), and `resolve` decides canonical, superseded and unverified from those
  dates, together with the facts wikid read itself;
* `related` links only to pages that exist; sections cite only the page's sources;
* the model may merge clusters by naming another cluster's inputs, or leave an input
  out: an input no accepted page covers stays in input/ with a note, as in tools mode;
* the rendered page is linted; a page with an error is not returned.

Each call is sized for its cluster (chat.call_options) when wikid builds the model: a
`max_tokens` sized to the reply schema and, on a local endpoint, a timeout that grows
with the prompt and a schema whose strings are bounded (schema.bounded_schema). A call that times out or runs past max_tokens is never sent again
unchanged: the cluster gets the offline engine's page, and its stats say why. Any other model error (connection,
rate limit) stops the drafting: the pages accepted so far are kept and the remaining
inputs stay in input/ with the error in their note (when no page was accepted yet, the
error propagates and the whole batch is retried).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import date, datetime
from functools import cached_property
from typing import Any

from wikid.clock import iso
from wikid.config import Config
from wikid.document.dates import parse_date
from wikid.document.identity import entity_name
from wikid.document.sentences import split_sentences
from wikid.images import Figure
from wikid.manager import ExistingConcept, ManagerResult, SourceDocument, WikiView
from wikid.manager.agent.chat import call_options, local_endpoint, model_label
from wikid.manager.agent.draft_prompt import (
    DRAFT_PROMPT_VERSION,
    Evidence,
    draft_messages,
)
from wikid.manager.agent.images import accepts_images, image_blocks, text_chars
from wikid.manager.agent.render import SourceLine, VerifiedDraft, render_draft
from wikid.manager.agent.schema import MAX_SECTIONS, Draft, DraftUnreadable, reply_tokens
from wikid.manager.agent.structured import ask_draft
from wikid.manager.agent.usage import Stopwatch, Usage, UsageCounter, totals
from wikid.manager.agent.verify import known_paths, lint_errors
from wikid.manager.offline.content import Content
from wikid.manager.offline.engine import OfflineEngine, TypeFolders, distinct_title, unique_id
from wikid.manager.offline.pages import PageDraft, PageSource, carried, lead_sentences, render
from wikid.manager.offline.resolve import Observation, resolve
from wikid.manager.offline.textutil import norm_key, slugify
from wikid.okf.concept_id import RESERVED_SLUGS

MAX_TITLE_CHARS = 80
MAX_TITLE_WORDS = 10
MAX_TYPE_CHARS = 40
MAX_DESCRIPTION_CHARS = 300
MAX_PAGES_SHOWN = 30
MAX_EARLIER_SOURCES = 3
MAX_FOUND_SHOWN = 40  # facts wikid read, and candidate lines, shown to the model (each)
# Labels under which a document states its own date: the source's date (and so the
# conflict table's), never an attribute of the entity.
DOCUMENT_DATE_LABELS = frozenset({"date", "dated", "updated", "last updated", "last modified", "modified",
                                  "created", "published", "revised", "as of"})
MAX_FIELD_SCAN = 20_000  # characters of a source scanned for `Name: value` lines
_FIELD_LINE = re.compile(r"(?m)^[ \t]*(?:[-*][ \t]+)?([A-Za-z][\w ()/&.'-]{0,40}?)[ \t]*:[ \t]+(\S[^\n]{0,100})$")
MAX_DROPPED_SHOWN = 5  # facts dropped, with why, in the batch's stats
_MARKUP = re.compile(r"[\[\]<>{}`]")
_TYPE = re.compile(r"[A-Za-z][A-Za-z0-9 -]{0,39}")


class _Unowned:
    """The wiki as draft mode's plan sees it: no page is the offline engine's to
    re-derive, rename or merge (the agent's pages are its own, and offline pages
    stay as they are until the offline engine runs again)."""

    def __init__(self, wiki: WikiView) -> None:
        self.wiki = wiki

    def concepts(self) -> list[ExistingConcept]:
        return self.wiki.concepts()

    def archived_text(self, resource: str) -> str | None:
        return self.wiki.archived_text(resource)

    def fresh_pages(self) -> list[str]:
        return self.wiki.fresh_pages()

    def owned_pages(self) -> set[str]:
        return set()


@dataclass(frozen=True)
class _Accepted:
    """A verified draft waiting for its related links: the inputs it covers, the page
    names the model related it to, and the usage record of its model call."""

    draft: VerifiedDraft
    inputs: list[str]
    related: list[str]
    usage: Usage


@dataclass(frozen=True)
class _Offline:
    """The offline engine's page for a cluster whose draft call was cut off: its plan's
    draft, the inputs it covers, and the usage record that says why."""

    draft: PageDraft
    inputs: list[str]
    usage: Usage


def cut_off(exc: BaseException) -> str | None:
    """How a model call was cut off, or None for another error: "timed out" (whatever the
    provider's SDK calls it: openai.APITimeoutError, httpx.ReadTimeout, TimeoutError ...)
    or "ran past max_tokens" (openai.LengthFinishReasonError: a small model that runs on
    repeating itself), raised or wrapped. Sent again unchanged, such a call ends the
    same way (at temperature 0 a model runs on again)."""
    seen: BaseException | None = exc
    while seen is not None:
        names = [c.__name__ for c in type(seen).__mro__]
        if isinstance(seen, TimeoutError) or any("Timeout" in n for n in names):
            return "timed out"
        if any("LengthFinishReason" in n for n in names):
            return "ran past max_tokens"
        seen = seen.__cause__ or seen.__context__
    return None


@dataclass
class _Source:
    """One source a page may cite: its `sources` entry, what the page lists of it, its
    whole text (to check values against) and the input it comes from in this batch."""

    entry: dict[str, Any]
    shown: PageSource
    text: str
    input: str | None
    figures: tuple[Figure, ...] = ()

    @cached_property
    def folded(self) -> str:
        """The text as `supported` compares it, folded once however many facts cite it."""
        return _fold(self.text)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[\"'`*_|]", " ", text).split())


def supported(value: str, folded_text: str) -> bool:
    """Whether `value` is written in a text (case, spacing, quotes and emphasis aside);
    `folded_text` is the text through `_fold`."""
    folded = _fold(value).strip(" .,;:")
    return bool(folded) and folded in folded_text


def field_lines(text: str) -> list[tuple[str, str]]:
    """`Name: value` lines of a text (a short name, a value that is not a sentence
    running on): what a model is offered as candidate facts, to keep or leave."""
    out = []
    for match in _FIELD_LINE.finditer(text[:MAX_FIELD_SCAN]):
        label, value = " ".join(match.group(1).split()), match.group(2).strip()
        if len(label.split()) <= 5 and len(value.split()) <= 12 and not label.lower().startswith(("http", "note")):
            out.append((label, value))
    return out


def _title(proposed: str) -> str | None:
    """The model's title as a page's: the entity's name, without the words that say
    what kind of document told of it ("Harbor Lights status report" -> "Harbor Lights")."""
    title = entity_name(" ".join(proposed.split()).strip(" #*"))
    if not title or len(title) > MAX_TITLE_CHARS or len(title.split()) > MAX_TITLE_WORDS or title.endswith("."):
        return None
    if _MARKUP.search(title):  # a link, an image, code or HTML is no name
        return None
    return title


def _type(proposed: str) -> str | None:
    kind = " ".join(proposed.split())
    if not _TYPE.fullmatch(kind) or len(kind.split()) > 3:
        return None
    return kind[:1].upper() + kind[1:]


def _sentence(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def _input_name(named: str) -> str:
    return named.strip().strip("`'\"").removeprefix("/").removeprefix("input/").removeprefix("archive/")


def _source_id(named: str, sources: dict[str, _Source]) -> str | None:
    """The source a fact or section names: by id, `[^id]`, input path or title."""
    cleaned = named.strip().strip("`'\"[]^ ")
    if cleaned in sources:
        return cleaned
    for ident, source in sources.items():
        if cleaned and cleaned in (source.input, _input_name(source.entry.get("resource", "")), source.shown.title):
            return ident
    return None


class DraftEngine:
    """One structured-output call per cluster; wikid renders and verifies each page."""

    name = "agent"

    def __init__(self, model: Any, config: Config, when: datetime, label: str | None = None,
                 remodel: Callable[..., Any] | None = None) -> None:
        """`remodel(**options)`: the configured model built again with other options for
        one call (chat.configured_model); None for a model given ready (the Python API),
        whose own settings stand."""
        self.model = model
        self.config = config
        self.when = when
        self.label = model_label(model, label)
        self.remodel = remodel
        self.stats: list[Usage] = []

    def manage(self, documents: Sequence[SourceDocument], wiki: WikiView) -> ManagerResult:
        offline = OfflineEngine(self.config.offline, self.when)
        plan = offline.plan(documents, _Unowned(wiki))
        concepts = wiki.concepts()
        clusters = [page for page in plan.pages if page in plan.members]
        sources = self._sources(plan.pages, plan.members)
        owner = {rel: page for page in clusters for rel in (d.document.input_rel for d in plan.members[page])}
        notes = dict(plan.notes)
        claimed: set[str] = set()
        taken = {c.id.casefold() for c in concepts}
        used_titles = {c.title.casefold() for c in concepts}
        folders = TypeFolders(concepts)
        accepted: dict[str, _Accepted] = {}  # final page id -> what is rendered there
        offline_pages: dict[str, _Offline] = {}  # final page id -> the offline page of a cluster cut off
        guesses = [plan.pages[p].title for p in clusters] + [c.title for c in concepts]
        stopped: str | None = None
        local = self.remodel is not None and local_endpoint(self.config)  # its replies bounded (schema.MAX_CHARS)
        for page in clusters:
            mine = [rel for rel in owner if owner[rel] == page and rel not in claimed]
            if not mine:
                continue
            if stopped:
                notes.update(dict.fromkeys(mine, f"not drafted: the model failed on an earlier cluster ({stopped})"))
                continue
            draft = plan.pages[page]
            earlier = plan.updates.get(page)
            kept = self._earlier_sources(draft, sources, wiki)
            page_sources = _with_inputs(kept, mine, sources)
            usage = Usage(mine, sum(len(sources[rel].text) for rel in mine))
            self.stats.append(usage)
            messages = self._messages(draft, page_sources, earlier, guesses)
            usage.prompt_chars = sum(text_chars(m.content) for m in messages)
            sized = call_options(self.config, usage.prompt_chars, reply_tokens(len(mine))) if self.remodel else {}
            if sized:
                usage.extra["call"] = sized
            try:
                with Stopwatch(usage):
                    answer, how = ask_draft(self.remodel(**sized) if sized and self.remodel else self.model, messages,
                                            [UsageCounter(usage)], bounded=local)
                usage.extra["how"] = how
            except DraftUnreadable as exc:
                usage.error = f"the model's draft could not be used: {exc}"
                notes.update(dict.fromkeys(mine, usage.error))
                continue
            except Exception as exc:
                usage.error = f"{type(exc).__name__}: {exc}"
                how_cut = cut_off(exc)
                if how_cut:  # sent again it would end the same way: the offline page, and why
                    members = [d.document.input_rel for d in plan.members[page]]
                    if sorted(mine) != sorted(members):  # an earlier draft took some of them
                        notes.update(dict.fromkeys(mine, f"not drafted: the model {how_cut} ({usage.error})"))
                        continue
                    usage.extra["fallback"] = "offline"
                    usage.error = f"the model {how_cut} ({usage.error}); the offline engine's page is used"
                    final = page if earlier is not None else unique_id(page, taken)
                    offline_pages[final] = _Offline(
                        draft if earlier is not None else replace(draft, title=distinct_title(draft.title, draft.type,
                                                                                              used_titles)),
                        mine, usage)
                    claimed.update(mine)
                    continue
                if not accepted and not offline_pages:
                    raise
                stopped = usage.error
                notes.update(dict.fromkeys(mine, f"not drafted: the model failed ({stopped})"))
                continue
            covered = self._covered(answer, mine, sources, claimed)
            claimed.update(covered)
            for rel in mine:
                if rel not in covered:
                    notes[rel] = f"the model's draft of `{answer.title or draft.title}` did not cover it"
            if not covered:
                continue
            page_sources = _with_inputs(kept, covered, sources)
            verified = self._verify(answer, draft, earlier, page_sources, usage)
            if earlier is not None:
                final = page
            else:
                title = distinct_title(verified.title, verified.type, used_titles)
                folder = offline.folder_for(verified.type, folders)
                slug = slugify(title) or slugify(draft.title) or "concept"
                slug = f"{slug}-page" if slug in RESERVED_SLUGS else slug  # index.md / log.md are generated
                final = unique_id(f"{folder}/{slug}", taken)
                verified = replace(verified, title=title)
            accepted[final] = _Accepted(verified, covered, answer.related, usage)
        pages = self._render(accepted, offline_pages, concepts, notes)
        stats = {"mode": "draft", "prompt_version": DRAFT_PROMPT_VERSION, **totals(self.stats),
                 "drafts": [asdict(u) for u in self.stats]}
        return ManagerResult(pages, notes, stats=stats)

    def _sources(self, drafts: dict[str, PageDraft], members: dict[str, list[Any]]) -> dict[str, _Source]:
        """Input path -> what a page citing it needs, from the plan's drafts."""
        out: dict[str, _Source] = {}
        for page, docs in members.items():
            draft = drafts[page]
            entries = {e.get("resource"): e for e in draft.sources if isinstance(e, dict)}
            shown = {s.id: s for s in draft.cited}
            for doc in docs:
                rel = doc.document.input_rel
                entry = entries[f"/archive/{rel}"]
                out[rel] = _Source(dict(entry), shown[entry["id"]], doc.document.text, rel, doc.document.figures)
        return out

    def _earlier_sources(self, draft: PageDraft, sources: dict[str, _Source], wiki: WikiView) -> dict[str, _Source]:
        """Source id -> source for the sources a page already cites that are no input of
        this batch (an update keeps them), their texts read back from the archive."""
        out: dict[str, _Source] = {}
        batch = {f"/archive/{rel}" for rel in sources}
        shown = {s.id: s for s in draft.cited}
        for entry in draft.sources:
            ident = entry.get("id") if isinstance(entry, dict) else None
            if not isinstance(ident, str) or entry.get("resource") in batch:
                continue
            text = wiki.archived_text(entry["text"]) if isinstance(entry.get("text"), str) else None
            fallback = PageSource(ident, str(entry.get("title") or ident), parse_date(entry.get("last_modified")),
                                  Content())  # its text is not archived
            out[ident] = _Source(dict(entry), shown.get(ident, fallback), text or "", None)
        return out

    def _messages(self, draft: PageDraft, sources: dict[str, _Source], earlier: ExistingConcept | None,
                  guesses: list[str]) -> list[Any]:
        evidence: list[Evidence] = []
        olds = 0
        for ident, source in sources.items():
            if source.input is None:
                olds += 1
                if olds > MAX_EARLIER_SOURCES or not source.text:
                    continue
            evidence.append(Evidence(ident, source.input, source.shown.title, source.shown.kind,
                                     source.shown.date, source.text))
        known = _observed(draft, sources)
        seen = {(norm_key(a), s) for a, _, s, _ in known}
        candidates = []
        for ident, source in sources.items():
            for label, value in field_lines(source.text):
                if norm_key(label) in DOCUMENT_DATE_LABELS or _fold(value) == _fold(draft.title):
                    continue  # the source's date, the entity's name: no attribute
                if (norm_key(label), ident) not in seen:
                    seen.add((norm_key(label), ident))
                    candidates.append((label, value, ident, source.shown.date))
        pages = [t for t in dict.fromkeys(guesses) if t.casefold() != draft.title.casefold()][:MAX_PAGES_SHOWN]
        said = (earlier.title, str(earlier.frontmatter.get("description") or "")) if earlier else None
        kind = None if draft.type == self.config.offline.default_type else draft.type
        pictures = [(f"source `{e.id}`", f) for e in evidence for f in sources[e.id].figures] \
            if accepts_images(self.model, self.config.agent.images) else []
        return draft_messages(draft.title, kind, evidence, known[:MAX_FOUND_SHOWN], candidates[:MAX_FOUND_SHOWN],
                              pages, said, self.config.agent.draft_chars, image_blocks(pictures))

    def _covered(self, answer: Draft, mine: list[str], sources: dict[str, _Source], claimed: set[str]) -> list[str]:
        """The inputs the page covers: those the model names (its cluster's, or another
        cluster's to merge it in) that no earlier page took; all of its cluster's when
        it names none of the batch's inputs."""
        named = [_input_name(n) for n in answer.inputs]
        valid = [rel for rel in dict.fromkeys(named) if rel in sources and rel not in claimed]
        return sorted(valid) if valid else list(mine)

    def _verify(self, answer: Draft, draft: PageDraft, earlier: ExistingConcept | None,
                sources: dict[str, _Source], usage: Usage) -> VerifiedDraft:
        """The model's draft with every claim checked against `sources` (see the module)."""
        checks: dict[str, Any] = {"facts_kept": 0, "facts_dropped": 0, "dates_corrected": 0}
        dropped: list[str] = []
        stated = {ident: s.shown.date for ident, s in sources.items()}
        observations = [Observation(norm_key(a), a, v, s, stated.get(s)) for a, v, s, _ in _observed(draft, sources)]
        for fact in answer.facts:
            ident = _source_id(fact.source, sources)
            label, value = " ".join(fact.attribute.split()), " ".join(fact.value.split())
            why = ("names no source of the page" if ident is None else "has no attribute" if not norm_key(label)
                   else "is the document's own date, not an attribute" if norm_key(label) in DOCUMENT_DATE_LABELS
                   else None if supported(value, sources[ident].folded) else f"is not in {ident}")
            if why or ident is None:  # (no source always has a why)
                checks["facts_dropped"] += 1
                if len(dropped) < MAX_DROPPED_SHOWN:
                    dropped.append(f"{label or '?'} = {value or '?'} (source {fact.source!r}): {why}")
                continue
            when = stated[ident]
            claimed = parse_date(fact.date) if fact.date else None
            if when is None and claimed is not None and (fact.date or "") in sources[ident].text:
                when = claimed
            elif claimed is not None and claimed != when:
                checks["dates_corrected"] += 1
            observations.append(Observation(norm_key(label), label, value, ident, when))
            checks["facts_kept"] += 1
        attributes, conflicts = resolve(observations)
        usage.extra.update(checks)
        if dropped:
            usage.extra["dropped"] = dropped
        sections = []
        lead = " ".join(answer.summary.split())
        said = {_fold(x) for x in split_sentences(lead)} | {_fold(answer.description)}
        for section in answer.sections[:MAX_SECTIONS]:
            heading = " ".join(section.heading.split())
            new = [x for x in split_sentences(" ".join(section.text.split())) if _fold(x) not in said]
            said |= {_fold(x) for x in new}  # a small model repeats itself: each sentence once per page
            if heading and new:
                ids = [i for n in section.sources if (i := _source_id(n, sources))]
                sections.append((heading, " ".join(new), ids))
        lead = lead or " ".join(lead_sentences([s.shown for s in sources.values()], draft.title)[0])
        description = _sentence(answer.description, MAX_DESCRIPTION_CHARS) or _sentence(lead, MAX_DESCRIPTION_CHARS)
        if earlier is not None:
            title, kind = earlier.title, str(earlier.frontmatter.get("type") or draft.type)
        else:
            title, kind = _title(answer.title) or draft.title, _type(answer.type) or draft.type
        folders = {slugify(p) for s in sources.values() if s.input for p in s.input.split("/")[:-1]} - {""}
        tags = list(draft.tags) if earlier is not None else sorted({slugify(kind)} | folders)
        listed = [SourceLine(i, s.shown.title, s.shown.kind, s.shown.date) for i, s in sources.items()]
        cited = [replace(s.shown, id=ident) for ident, s in sources.items()]
        written = [lead] + [text for _, text, _ in sections]
        kept = carried(cited, title, written, attributes, conflicts)
        return VerifiedDraft(kind, title, description or title, lead, sections, attributes, conflicts,
                             [s.entry for s in sources.values()], listed, [], tags, dict(draft.extra), tuple(kept))

    def _render(self, accepted: dict[str, _Accepted], offline_pages: dict[str, _Offline],
                concepts: list[ExistingConcept], notes: dict[str, str]) -> dict[str, str]:
        """Each accepted draft rendered with its related links resolved, and each offline
        page with the related links that still lead somewhere, if it lints clean."""
        titles = {c.id: c.title for c in concepts} | {page: a.draft.title for page, a in accepted.items()}
        titles |= {page: o.draft.title for page, o in offline_pages.items()}
        by_title = {title.casefold(): page for page, title in titles.items()}
        generated = {"by": f"wikid/{self.label}", "at": iso(self.when)}
        drafted: list[_Accepted | _Offline] = [*accepted.values(), *offline_pages.values()]
        known = known_paths({f"{page}.md" for page in titles} | {f"archive/{rel}" for a in drafted for rel in a.inputs})
        texts: dict[str, tuple[str, list[str], Usage]] = {}
        for page, a in accepted.items():
            targets = [by_title.get(" ".join(name.split()).casefold()) for name in a.related]
            related = [(titles[t], t) for t in dict.fromkeys(t for t in targets if t and t != page)]
            texts[page] = render_draft(replace(a.draft, related=related), generated), a.inputs, a.usage
        for page, o in offline_pages.items():
            related = [(titles[t], t) for _, t in o.draft.related if t in titles and t != page]
            texts[page] = render(replace(o.draft, related=related), self.when), o.inputs, o.usage
        pages: dict[str, str] = {}
        for page, (text, inputs, usage) in texts.items():
            errors = lint_errors(page, text, known)
            if errors:
                notes.update({rel: f"the page drafted for it failed lint: {'; '.join(errors[:3])}" for rel in inputs})
                continue
            pages[page] = text
            usage.pages = 1
        return pages


def _with_inputs(earlier: dict[str, _Source], covered: list[str], sources: dict[str, _Source]) -> dict[str, _Source]:
    """Source id -> source for a page covering `covered`: its earlier sources, then the
    covered inputs, ids unique on the page."""
    out = dict(earlier)
    taken = {ident.casefold() for ident in out}
    for rel in covered:
        source = sources[rel]
        ident = unique_id(source.entry["id"], taken)
        out[ident] = replace(source, entry={**source.entry, "id": ident})
    return out


def _observed(draft: PageDraft, sources: dict[str, _Source]) -> list[tuple[str, str, str, date | None]]:
    """What wikid's own reading found, per source of the page: (attribute, value, source, date)."""
    out: list[tuple[str, str, str, date | None]] = []
    for a in draft.attributes:
        if a.status == "agreed":
            out += [(a.label, a.value, s, None) for s in a.sources if s in sources]
    out += [(c.label, c.value, c.source, c.date) for c in draft.conflicts if c.source in sources]
    return out

