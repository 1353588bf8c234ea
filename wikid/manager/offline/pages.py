"""Render one concept page (design §4.2) from what its sources know; no decisions here.

The page says what the sources know about the entity, in this order:

* kept prose of an earlier page (someone's text), then the lead: what the entity is,
  in the best source's own words (a manual page's NAME line whole, then the first
  sentences of its description; else a README's, a reference's first sentences);
* `# Attributes` (agreed and canonical values, key facts) and `# Conflicts` (only
  when sources disagree);
* `# Usage`: each manual page's synopsis in a code block;
* the content, merged by topic: the sources' sections in order of how well each
  source describes the entity, a section two sources share written once with both
  parts; definition lists (options, keywords, exit codes, a FAQ's questions) as
  two-column tables;
* `# Recent Changes`: each changelog's newest releases with their version, date and
  changes (the newest with every change);
* `# See Also`: the manual pages the manual pages refer to;
* `# Related Concepts`, `# Sources` (each by its own title, kind and date), then the
  footnote definitions of every label the body cites.

Every block a source gave ends with (or, for a table or code, follows) that source's
footnote at least once per section, and no sentence is written twice on a page.
Text from documents is escaped, so it never becomes a link, an image, HTML or a
heading on the page.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from wikid._version import __version__
from wikid.clock import iso
from wikid.document.changes import Change, Release, version_key
from wikid.document.dates import parse_date
from wikid.document.identity import MODULE_REFERENCE
from wikid.document.linekinds import SIGNATURE, SPANNABLE
from wikid.document.manpage import AUTHOR_TITLES, BUGS_TITLES
from wikid.document.model import (
    Block,
    Code,
    ItemList,
    Outline,
    Paragraph,
    Section,
    Table,
    Term,
    Terms,
    block_text,
    walk,
)
from wikid.document.sentences import display_heading, is_sentence, split_sentences
from wikid.manager.offline.content import (
    ADDRESS,
    ANNOUNCES,
    DECLARED,
    LINK_ADDRESS,
    MAX_LABEL_WORDS,
    MAX_LEAD_SENTENCES,
    Content,
    is_field,
)
from wikid.manager.offline.keyfacts import key_facts
from wikid.manager.offline.prior import SOURCE_NOTES, SOURCES
from wikid.manager.offline.related import HEADING, LINK
from wikid.manager.offline.resolve import AttributeRow, ConflictRow
from wikid.manager.offline.signals import DATE_FIELDS
from wikid.manager.offline.textutil import name_key
from wikid.okf.page import render_page

MAX_DESCRIPTION_CHARS = 250
MAX_RELEASES_SHOWN = 3  # per changelog: the newest with every change, then the next ones briefly
MIN_GROUPED_PARTS = 6  # sections of a document beside the page's lead source that go under its own title
MAX_NEWEST_CHANGES = 60
MAX_OLDER_CHANGES = 10  # (pydantic's 2.13.0 under its patch releases hid a segfault fix at 5)
MAX_FEW_LEFT = 5  # changes past a release's limit shown rather than noted as left out
MAX_SHORT_RELEASE_WORDS = 200  # a release's changes told in fewer words are all shown, however many
MAX_PRE_RELEASES = 6  # a feature release's betas and candidates shown after it, at most
MAX_RELEASES_TO_FEATURE = 5  # patch releases above the newest feature release (x.y.0) a page shows down to it
MAX_FULL_RELEASE_WORDS = 4000  # a newest release told in more words: each change by its first sentence
MIN_BRIEF_WORDS = 10  # or its first two, when the first is a title this short
MAX_HEADING_LEVEL = 6  # markdown has six; a source nested deeper keeps its grouping (a policy's examples, under each of its classes)
MIN_REPEAT_CHARS = 40  # a shorter sentence of fewer than four words may stand twice (`Yes.`), a URL never
MIN_REPEAT_WORDS = 4
MAX_OWN_REPEATS = 10  # a sentence a document says more often is its template's: said once on the page
# a note of the version that brought what it stands under (cmake's `New in version 3.25.`
# under each variable it is true of): said again wherever it is true
_VERSION_NOTE = re.compile(r"^(?:New|Added|Changed|Deprecated|Removed)\b[\w ]{0,20}?\b(?:version|since|in) v?\d[\w.]*[.:]?$",
                           re.IGNORECASE)
USAGE = "Usage"
SYNOPSIS = "Synopsis"  # the synopses' heading when a manual has a USAGE section of its own, kept in its place
RECENT_CHANGES = "Recent Changes"
SEE_ALSO = "See Also"
# Headings this module writes; a source's section of the same name is written as
# `<name> (<source>)` so an update never mistakes it for the page's own.
OWN_HEADINGS = frozenset({"attributes", "conflicts", "usage", "synopsis", "recent changes", "see also", "related concepts", "sources",
                          "source notes", "schema", "citations"})
_WORDS = re.compile(r"\w+")
# what a class gets from a base (`Methods inherited from Base: close, flush.`): true of each class it is said under
_INHERITED_MEMBERS = re.compile(r"^[\w ]{1,40} inherited from [\w.]+: ")
_FOOTNOTE_REF = re.compile(r"(?<!\\)\[\^([^\]\\]+)\]")
EARLIER_PAGE = "earlier page"  # Source cell of a value the earlier page states without a source
# How well a kind of document describes its entity, best first: the lead comes from
# the first source in this order, and the sources are listed in it.
_INTRODUCING = frozenset({"README", "overview", "guide", "tutorial"})  # kinds of document that introduce a whole
DESCRIPTIVE_KINDS = (
    "manual page", "module reference", "reference", "README", "overview", "guide", "tutorial", "FAQ",
    "contract", "notice", "invoice", "price list", "spreadsheet", "table", "data file", "policy", "runbook",
    "meeting notes", "incident report",
    "history", "contribution guide", "installation notes", "release notes", "changelog", "news", "to-do list",
)
_UNKNOWN_KIND_RANK = DESCRIPTIVE_KINDS.index("spreadsheet")  # a document of no known kind ranks as a spreadsheet


@dataclass(frozen=True)
class PageSource:
    """A source cited on the page: its label for readers and what it says."""

    id: str
    title: str  # its own title, else what it is ("GNU Make README"): never a file name
    date: date | None
    content: Content
    kind: str | None = None
    author: str | None = None
    names_entity: bool = False  # its lead names the page's entity


@dataclass(frozen=True)
class PageDraft:
    type: str
    title: str
    description: str | None  # None: derive one (see `describe`)
    tags: list[str]
    sources: list[dict[str, Any]]  # frontmatter entries, in order
    extra: dict[str, Any]  # other frontmatter keys of an earlier page, preserved
    cited: list[PageSource]  # sources with text, for the lead and the content
    prose: str
    notes: tuple[str, ...]
    attributes: list[AttributeRow]
    conflicts: list[ConflictRow]
    related: list[tuple[str, str]]  # (title, concept id)
    footnotes: dict[str, str]  # label -> definition text for labels that are not sources
    labels: dict[str, str] = field(default_factory=dict)  # source id -> label, for sources with no text


# -- escaping ---------------------------------------------------------------------

_MARKUP = re.compile(r"([\\`\[\]<>*])")
_WORD_EDGE_UNDERSCORE = re.compile(r"(?<![^\W_])_|_(?![^\W_])")  # `__init__` is no bold `init`; `exc_info` stays
# a plain text's own emphasis, `_never_` or `_Sed & Awk, 2d edition_`, stays emphasis (no `_` inside)
_UNDERSCORE_EMPHASIS = re.compile(r"((?<![\w\\])_[^\s_](?:[^_]{0,200}?[^\s_\\])?_(?!\w))")
# The GNU quoting conventions of plain-text documents, `like this' and ``like this''
# (a README, NEWS, INSTALL): on a page they are typographic quotes, not backticks
# escaped to show. A backtick right after a word or a quote closes a code span
# (`echo "x"`), it opens no quotation.
# (a quote holds no apostrophe but inside a word: `HttpOptions(x='y')` between backticks is code)
_GNU_QUOTES = ((re.compile(r"(?<![\w`\"])``([^`'\s](?:[^`']|(?<=\w)'(?=\w)){0,78}?)''(?![\w'])"), "“\\1”"),
               (re.compile(r"(?<![\w`\"])`([^`'\s](?:[^`']|(?<=\w)'(?=\w)){0,78}?)'(?![\w'])"), "‘\\1’"))
# a code span: a backtick after no word, backslash or backtick, its text with no
# backtick and no space at either end, a backtick before no word (`sed 's/x\`//'` has none)
# but a plural's `s` (`FILE*`s)
_CODE_SPAN = re.compile(r"(?<![\\\w`])`(" + SPANNABLE.pattern + r")`(?=$|[^\w`]|s(?:$|\W))")
_BLOCK_START = re.compile(r"^(#{1,6}\s|>|[-+*]\s|\d{1,9}[.)]\s|=+\s*$|-+\s*$|\|)")


def inline(text: str) -> str:
    """Text shown as markdown (a heading, a footnote, a list item) without it becoming
    a link, an image, HTML or emphasis: a document titled `[x](../../secret)` must
    not link out of the wiki, gzip's `2**32` is no `2` and a bold `32`, a method's
    `__init__` no bold `init`. (The text
    is plain: the readers took the documents' own emphasis out.) GNU's `quoted' words
    read as ‘quoted’. A span a document set between backticks itself (a manual's
    `Object.prototype.__proto__`, a NEWS file's `void *`) is code, as it meant."""
    text = " ".join(text.split())
    for quoted, typographic in _GNU_QUOTES:
        text = quoted.sub(typographic, text)
    return "".join(f"`{part}`" if n % 2 else _escaped(part) for n, part in enumerate(_CODE_SPAN.split(text)))


def _escaped(text: str) -> str:
    text = _MARKUP.sub(r"\\\1", text)
    return "".join(part if n % 2 else _WORD_EDGE_UNDERSCORE.sub(r"\\_", part)
                   for n, part in enumerate(_UNDERSCORE_EMPHASIS.split(text)))


def text_block(text: str) -> str:
    """A paragraph or item text that also cannot start a heading, a list or a quote."""
    out = inline(text)
    return "\\" + out if _BLOCK_START.match(out) else out


def _indented(rendered: str, depth: int) -> str:
    """A block rendered at the margin, set under a list item `depth` levels deep: three
    spaces a level, once (twice would make an indented code block of a nested list)."""
    pad = "   " * depth
    return "\n".join(pad + line if line else line for line in rendered.splitlines())


def cell(text: str) -> str:
    """Table-cell text: one line, markup and pipes escaped."""
    return inline(text).replace("|", "\\|")


def _link_text(title: str) -> str:
    return title.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _ref(label: str | None) -> str:
    return f"[^{label}]" if label else EARLIER_PAGE


def fenced(text: str) -> str:
    longest = max((len(m.group(0)) for m in re.finditer(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text}\n{fence}"


# -- order and lead -------------------------------------------------------------------

def _rank(source: PageSource) -> tuple[int, int, int, str]:
    """Most descriptive first, then newest, then by id."""
    kind = DESCRIPTIVE_KINDS.index(source.kind) if source.kind in DESCRIPTIVE_KINDS else _UNKNOWN_KIND_RANK
    return (kind, source.date is None, -(source.date.toordinal() if source.date else 0), source.id)


def ordered_sources(cited: list[PageSource]) -> list[PageSource]:
    return sorted(cited, key=_rank)


def _lead_source(cited: list[PageSource], title: str) -> PageSource | None:
    """The source whose lead opens the page: a manual page of the entity itself, else
    the most descriptive source whose lead names the entity, else any with a lead."""
    with_lead = [s for s in ordered_sources(cited) if s.content.lead]
    own_man = [s for s in with_lead if _own_manual(s, title)]
    if not own_man and any(_own_manual(s, title) for s in cited):
        return None  # the entity's own reference says nothing of it (a package's, `frob`): see _plain_lead
    # a lead that opens with the entity's name says what it is (`Frob lists open files`), one
    # that only names it talks about it (`Agreed, the frob manual is dense`); among equals, one
    # from a text about the whole of it rather than one of its tools' manual pages
    naming = sorted((s for s in with_lead if s.names_entity),
                    key=lambda s: (not _defines(s.content.lead[0], title), s.content.man is not None))
    # A lead that does not name the entity is taken only from the page's most
    # descriptive source (a runbook's first sentence); from a lesser one (a letter
    # beside the contract) it would describe something else.
    first = ordered_sources(cited)[:1]
    chosen = next(iter(own_man or naming or [s for s in first if s.content.lead]), None)
    if chosen is not None and not own_man and chosen.content.man is not None \
            and not _defines(chosen.content.lead[0], title) and len(_commands(cited)) >= 2:
        return None  # a package of several commands: no one command's NAME line says what it is (see _plain_lead)
    if chosen is not None and not own_man and not _defines(chosen.content.lead[0], title) \
            and _defining(cited, title) is not None:
        return None  # a sentence that only names it (`Agreed, the frob manual is dense`): a defining one is further in
    return chosen


def _own_manual(source: PageSource, title: str) -> bool:
    """Whether a source is the entity's own manual page or module reference (`GNU
    frob`'s manual page is frob's: the title ends with the command's name; `Frob.js`'s
    manual page is `frob`'s: the title is the command's name with a dotted part glued on)."""
    key = name_key(title)
    if source.kind == MODULE_REFERENCE and name_key(source.title) == key:
        return True  # (a package's reference naming no purpose reads as no manual page: pydoc's `NAME` / `frob`)
    return source.content.man is not None and any(
        name_key(n) == key or key.endswith(" " + name_key(n)) or title.casefold().startswith(n.casefold() + ".")
        for n in source.content.man.names)


def _defining(cited: list[PageSource], title: str) -> tuple[list[str], str] | None:
    """The first paragraph of the sources' sections that opens by saying what the
    entity is (`Frob (for FRee OBjects) lists ...`, at the head of a later section), and
    its source, when no source's lead does: its first sentences."""
    for source in ordered_sources(cited):
        if source.content.man is not None or source.content.data:
            continue
        seen = 0
        for _, block in walk(Outline((), source.content.sections)):
            # a citation's abstract, wherever the document cites itself (its last section)
            text = _abstract(block) if isinstance(block, Code) else block.text if isinstance(block, Paragraph) else None
            seen += isinstance(block, Paragraph)
            if text is None or (seen > MAX_DEFINING_SCAN and isinstance(block, Paragraph)):
                continue
            said = split_sentences(text)
            if said and _defines(said[0], title) and is_sentence(said[0]):
                lead = said[:MAX_LEAD_SENTENCES]
                while len(lead) > 1 and lead[-1].endswith(":"):
                    lead.pop()  # what introduces the list after it stays with the list
                return lead, source.id
    return None


# A BibTeX entry's abstract (`abstract = {Frob is an open-source ...}`): how a README's
# "Citation" section says, in prose, what the project is.
_ABSTRACT = re.compile(r"^\s*abstract\s*=\s*[{\"]\s*([^{}\"]+?)\s*[}\"]", re.MULTILINE | re.IGNORECASE)


# Where an abstract turns from the work to the paper (`This paper presents ...`, `We describe ...`).
_ABOUT_THE_PAPER = re.compile(r"^(?:(?:In )?(?:this|the present) (?:paper|article|work|study|report|thesis)\b|We )",
                              re.IGNORECASE)


def _abstract(code: Code) -> str | None:
    """What a citation block's (BibTeX) abstract says of the work before it turns to
    the paper, as one paragraph, or None."""
    found = _ABSTRACT.search(code.text) if code.info.casefold() in ("bibtex", "bib", "biblatex") else None
    said = list(itertools.takewhile(lambda s: not _ABOUT_THE_PAPER.match(s), split_sentences(found.group(1)))) \
        if found else []
    return " ".join(" ".join(said).split()) or None


def _commands(cited: list[PageSource]) -> list[PageSource]:
    """The manual pages of distinct commands among the page's sources, in page order."""
    out: list[PageSource] = []
    for source in ordered_sources(cited):
        man = source.content.man
        if man is not None and man.purpose and all(o.content.man.names[0] != man.names[0] for o in out):  # type: ignore[union-attr]
            out.append(source)
    return out


def _defines(sentence: str, title: str) -> bool:
    """Whether `sentence` says what the entity is: its name as the subject (a note in
    parentheses after it) and then `is`/`are` or a verb saying what it does (`Frob
    (for FRee OBjects) lists ...`), not a sentence that only starts with the name
    (`Frob can help you find ...`, `GNU frob v4.0.5 32-bit binaries and docs.`, `The
    frob debugger sources have ...`); `This is Frob, the ...` introduces it."""
    opening = re.sub(r"^(?:the|a|an)\s+", "", sentence.strip("*_` "), flags=re.IGNORECASE).casefold()
    name = title.casefold()
    if (introduced := _THIS_IS.match(opening)) and opening[introduced.end():].startswith(name):
        return _NAMED_HERE.match(opening[introduced.end() + len(name):]) is not None  # `This is GDB, the GNU debugger.`
    if not opening.startswith(name) or opening[len(name):len(name) + 1].isalnum():
        return False
    return _DEFINING_PREDICATE.match(opening[len(name):]) is not None


_THIS_IS = re.compile(r"^this is (?:the |gnu )*")
_NAMED_HERE = re.compile(r"^(?: v?\d[\w.-]*)?(?:,|\.$| \()")  # `This is Frob 2.4, the ...`, not `This is the frob manual.`
_DEFINING_PREDICATE = re.compile(r"^(?:\s*\([^()]{1,80}\))?,?\s+(?:is|are|stands|means|(?!was\b|has\b|does\b)[a-z]{2,}(?<!s)s)\b")


def lead_sentences(cited: list[PageSource], title: str) -> tuple[list[str], str | None]:
    """The lead's sentences and the id of the source they come from."""
    source = _lead_source(cited, title)
    return (list(source.content.lead), source.id) if source else ([], None)


def describe(draft: PageDraft, lead: list[str]) -> str:
    """One sentence: the current values that sources disagreed on, else the lead's first
    sentence (a NAME line reads `name — purpose.`), else the shape of its data when
    data is all it has (a table of 18 rows does not say what a module is), else what
    the page is built from. Never cut: a sentence too long is not used."""
    resolved = [a for a in draft.attributes if a.status == "canonical"][:3]
    if resolved:
        values = "; ".join(f"{a.label}: {a.value}" for a in resolved)
        return f"{draft.title} ({draft.type}); current {values}."
    for sentence in lead[:1]:  # (a second sentence leans on the first: `The result is ... faster.`)
        sentence = _CODE_SPAN.sub(r"\1", _introduced(sentence, draft.title))  # (plain text: no code spans)
        sentence = sentence if sentence[-1:] in ".!?" else sentence + "."
        if len(sentence) <= MAX_DESCRIPTION_CHARS:
            return sentence
    package = [_module_name(m) for m in _package_modules(draft) if m.title.casefold() != draft.title.casefold()]
    if package:
        named = f"{draft.title} is a package of modules: {', '.join(package[:-1])} and {package[-1]}." if len(package) > 1 \
            else f"{draft.title} is a package; its module {package[0]}."
        if len(named) <= MAX_DESCRIPTION_CHARS:
            return named
    members = _commands(draft.cited)
    commands = [c.content.man.names[0] for c in members]  # type: ignore[union-attr]
    if len(commands) >= 2:
        named = f"{draft.title}: the {_members_noun(members)} {', '.join(commands[:-1])} and {commands[-1]}."
        if len(named) <= MAX_DESCRIPTION_CHARS:
            return named
    shape = next((s.content.data[0] for s in ordered_sources(draft.cited) if s.content.data), None)
    if shape and len(shape) <= MAX_DESCRIPTION_CHARS and all(s.content.data for s in draft.cited):
        return shape
    count = len(draft.sources)
    kinds = sorted({s.kind for s in draft.cited if s.kind})
    what = f" ({', '.join(kinds)})" if kinds else ""
    return f"{draft.type} {draft.title}, described by {count} source{'s' if count != 1 else ''}{what}."


# -- blocks -----------------------------------------------------------------------------

class _Writer:
    """Renders blocks, keeping each sentence to its first appearance on the page."""

    def __init__(self, known: frozenset[str] = frozenset(), prose: bool = True) -> None:
        self.said: dict[str, str] = {}  # sentence key -> the source that first said it
        self.known = known  # `label: value` of the page's attributes: a field line stating one is not repeated
        self.prose = prose  # False: a section's own paragraphs are left to a model's text (draft mode)
        self.entries = 0  # how deep in list items the writer is (see `fresh`)
        self.definitions = 0  # how deep in definition entries
        self.kept_whole = 0  # how deep in numbered lists or lists kept whole: an item of one is never left out (see `items`)
        self.defined: dict[tuple[str, str, str, str], str] = {}  # (scope, term, its signs, description) -> the source that wrote it
        self.scope = ""  # the command whose manual is being written: its option list is complete
        self.scope_name = ""  # ... as its manual names it
        self.first_said: dict[tuple[str, str, str], str] = {}  # (term, its signs, description) -> the command it was written for
        self.as_list = False  # the definition lists being written take a list's shape, not a table's
        self.source = ""  # the id of the source being written (see `_elsewhere`)
        self.entry_prose = False  # writing an entry's further paragraphs (see `_as_prose`)
        self.boilerplate: frozenset[str] = frozenset()  # sentence keys the source being written says over and over
        self._boilerplates: dict[str, frozenset[str]] = {}

    def write_source(self, source: PageSource) -> None:
        """Write `source` from now on: its id, and the sentences it repeats more than
        MAX_OWN_REPEATS times (a template's, `This is a Frob Environment Variable.`
        under each of 35 variables), which are said once."""
        self.source = source.id
        if source.id not in self._boilerplates:
            blocks = (b for _, b in walk(Outline((), source.content.sections)))
            counts = Counter(self._key(s) for b in blocks for s in split_sentences(block_text(b)))
            self._boilerplates[source.id] = frozenset(k for k, n in counts.items() if n > MAX_OWN_REPEATS)
        self.boilerplate = self._boilerplates[source.id]

    def fresh(self, text: str) -> str:
        """`text` without the sentences the page already has; inside a list item
        (`self.entries`) the whole text unless other sources said all of it, inside a
        definition (`self.definitions`) always the whole text: an entry needs every
        sentence of its description, and two options of sub-tools of one package saying
        the same of themselves is the documents' own repetition (`_terms` leaves out
        an entry the page has whole, term and all). An entry's further paragraphs keep
        what only its own document said before: curl's `This option is global ...`
        belongs under each option it is true of; so does a paragraph's sentence its own
        document says again under another heading (`Arguments to the command
        may specify some of the step settings.` under each step), unless the document
        says it so often that it is its template's (`self.boilerplate`)."""
        kept = []
        sentences = split_sentences(text)
        whole = self.definitions > 0 or self.kept_whole > 0 or (self.entries > 0 and not all(self._elsewhere(s) for s in sentences))
        for sentence in sentences:
            key = self._key(sentence)
            if not whole and (len(sentence.split()) >= MIN_REPEAT_WORDS or len(sentence) >= MIN_REPEAT_CHARS
                              or "://" in sentence) and not _VERSION_NOTE.match(sentence) and not _is_label(sentence) \
                    and not _INHERITED_MEMBERS.match(sentence) \
                    and key in self.said and not ((self.entry_prose or key not in self.boilerplate)
                                                  and not self._elsewhere(sentence)):
                continue
            self.said.setdefault(key, self.source)
            if self.scope_name and sentence.startswith(f"{self.scope_name} "):
                # (`frob is used to ...`, a manual's `It is used to ...` naming its entity again: another
                # source's `It is used to ...` after the same lead says it again)
                self.said.setdefault(self._key(f"It {sentence[len(self.scope_name) + 1:]}"), self.source)
            kept.append(sentence)
        return " ".join(kept)

    def fresh_example(self, code: str) -> bool:
        """Whether the page has no copy of an example from another source yet (see
        `fresh`); it has one from now on."""
        key = "\0" + " ".join(code.split())
        if self.said.get(key, self.source) != self.source:
            return False
        self.said.setdefault(key, self.source)
        return True

    def _elsewhere(self, sentence: str) -> bool:
        """Whether another source on the page said `sentence`: a document repeating an
        item of its own (the same seven error values under each of bzip2's calls, one
        RFC under two of http's classes) repeats it for its reader; only another
        document's copy makes the item one the page has."""
        return self.said.get(self._key(sentence), self.source) != self.source

    @staticmethod
    def _key(sentence: str) -> str:
        # `to: x` and `to x` are one sentence; so are two copies of it with or without the
        # addresses of its links (`frob (https://…) reads`, `frob (http://…) reads`, `frob reads`)
        return " ".join(_WORDS.findall(LINK_ADDRESS.sub("", sentence).casefold()))

    def blocks(self, blocks: tuple[Block, ...], ref: str, depth: int = 0) -> list[str]:
        """Markdown for `blocks`; `ref` (a footnote) ends the first block that can carry it.
        The definition lists among them take one shape: when one entry needs a list of its
        own (paragraphs, an example), every list is written so, not a one-row table
        between two lists (curl's options, an example after each)."""
        out: list[str] = []
        shape, self.as_list = self.as_list, _one_shape(blocks)
        announced: list[str] = []  # the field lines a sentence announces, kept though attributes state them
        announcing = False
        # a document's run of field lines (a contract's `Payment terms: 30 days` over `Minimum order: ...`)
        # is its section's content, kept whole as a list though the attributes state some of them
        # (not pydoc's `Methods inherited from Base: a, b.`, one a line under its class, each a sentence)
        field = [is_field(b) and isinstance(b, Paragraph) and not _INHERITED_MEMBERS.match(b.text) for b in blocks]
        fields = {n for n, f in enumerate(field) if f and any(0 <= k < len(blocks) and field[k] for k in (n - 1, n + 1))}
        ahead: dict[int, str] = {}  # blocks written before their turn (what a lead-in introduces)
        for n, block in enumerate(blocks):
            if not self.prose and isinstance(block, Paragraph):
                continue
            if isinstance(block, Paragraph) and (n in fields or (announcing and _fact_key(block.text) in self.known)):
                announced.append(f"* {inline(block.text)}")
                continue
            if announced:
                out.append("\n".join(announced) + (ref if ref and not _has_ref(out, ref) else ""))
                announced = []
            # (through the other field lines of the run: `Remarks: none` among the terms announced)
            announcing = isinstance(block, Paragraph) and (ANNOUNCES.search(block.text) is not None
                                                           or (announcing and is_field(block)))
            carried = ref if ref and not _has_ref(out, ref) else ""
            rendered = ahead.pop(n) if n in ahead else self.block(block, carried, depth)
            if isinstance(block, Paragraph) and n + 1 < len(blocks) and isinstance(blocks[n + 1], (ItemList, Code, Terms, Table)) \
                    and block.text.endswith(":") and not rendered.removesuffix(carried).endswith(":"):
                # a lead-in another source said too, over what it introduces: kept with it, not an orphaned list
                ahead[n + 1] = self.block(blocks[n + 1], "", depth)
                if ahead[n + 1]:
                    lead_in = text_block(_SENTENCE_BREAK.split(block.text)[-1])  # (its last sentence, whatever its case)
                    rendered = f"{rendered.removesuffix(carried)} {lead_in}".strip() + carried
            if rendered:
                out.append(rendered)
        if announced:
            out.append("\n".join(announced) + (ref if ref and not _has_ref(out, ref) else ""))
        self.as_list = shape
        return out

    def block(self, block: Block, ref: str, depth: int) -> str:
        if isinstance(block, Paragraph):
            if _fact_key(block.text) in self.known or _is_date_line(block.text) \
                    or (not any(c.isalnum() for c in block.text) and not self.definitions):
                return ""  # a fact the page states already, the document's date, a rule `=====` (an entry's `"` is its text)
            text = self.fresh(block.text)
            return text_block(text) + ref if text else ""
        if isinstance(block, ItemList):
            return self.items(block, ref, depth)
        if isinstance(block, Terms):
            return self.terms(block, ref, depth)
        if isinstance(block, Table):
            return self.table(block, "")
        if isinstance(block, Code):
            return fenced(block.text) if block.text.strip() else ""
        return ""

    def items(self, block: ItemList, ref: str, depth: int) -> str:
        # (one item left out would leave a gap in the numbers; a list another source has some of
        # its items of -- a README's `creation of X.509 certificates` beside the manual's -- is its
        # document's whole list: only a list another source has every item of is said once)
        whole = (block.ordered and len(block.items) > 1) or not all(
            all(self._elsewhere(s) for s in split_sentences(i.text)) for i in block.items)
        self.entries += 1
        self.kept_whole += whole
        try:
            return self._items(block, ref, depth)
        finally:
            self.entries -= 1
            self.kept_whole -= whole

    def _items(self, block: ItemList, ref: str, depth: int) -> str:
        lines: list[str] = []
        indent = "   " * depth
        for n, item in enumerate(block.items, 1):
            text = self.fresh(item.text) if any(c.isalnum() for c in item.text) else ""  # `- ...`: nothing said
            if not text and not item.children:
                continue
            marker = f"{block.start + n - 1}." if block.ordered else "*"
            bare = not text and block.ordered and not isinstance(item.children[0], ItemList)
            if text:  # an item of nothing but a nested list is that list, not an empty bullet over it
                lines.append(f"{indent}{marker} {text_block(text)}")
            elif bare:
                lines.append(f"{indent}{marker}")  # a step that is its example (`(2)` over its commands): still step 2
            for n_child, child in enumerate(item.children):
                if isinstance(child, (ItemList, Paragraph, Code, Terms, Table)):
                    rendered = self.block(child, "", 0)
                    # a paragraph, table or example apart from the line before: not run into it; right
                    # under a bare marker (CommonMark: an item opening with a blank line is empty)
                    if rendered:
                        lines += [_indented(rendered, depth + 1)] if isinstance(child, ItemList) or (bare and n_child == 0) \
                            else ["", _indented(rendered, depth + 1)]
        if not lines:
            return ""
        if ref:
            last = next(i for i in range(len(lines) - 1, -1, -1) if lines[i].lstrip().startswith(("*", "1", "2", "3", "4", "5", "6", "7", "8", "9")))
            lines[last] += ref
        return "\n".join(lines)

    def terms(self, block: Terms, ref: str, depth: int = 0) -> str:
        """A definition list: a two-column table when every description is a short
        paragraph or two, else a list of each term with its whole description."""
        self.definitions += 1
        try:
            return self._terms(block, ref, depth)
        finally:
            self.definitions -= 1

    def _terms(self, block: Terms, ref: str, depth: int = 0) -> str:
        entries = [self._as_for(t) for t in block.entries if t.term and (t.body or SIGNATURE.fullmatch(t.term))
                   and self._new_entry(t)]
        if not entries:
            return ""
        as_list, self.as_list = self.as_list, False  # (the lists inside an entry take their own shape)
        try:
            return self._entries(block, entries, ref, depth, as_list)
        finally:
            self.as_list = as_list

    def _entries(self, block: Terms, entries: list[Term], ref: str, depth: int, as_list: bool) -> str:
        if all(_simple(t) for t in entries) and not as_list:
            rows = [(t.term, self._description(t) or (EMPTY_VALUE if not t.body else "")) for t in entries]
            rows = [(t, d) for t, d in rows if d]  # (a method with no docstring is listed, its text `—`)
            if not rows:
                return ""
            named, said = _term_header(block)
            if len(rows) >= MIN_NUMBERED_TERMS and all(_NUMBERED_TERM.fullmatch(t) for t, _ in rows):
                # each name with its number (troff's warnings: `break 4`, `char 1`): two columns, not one cell
                lines = [f"| {'Name' if named == 'Term' else named} | Number | {said} |", "|---|---|---|"]
                lines += [f"| {cell(name)} | {number} | {cell(d)} |" for name, number, d in
                          ((*t.rsplit(" ", 1), d) for t, d in rows)]
            else:
                lines = [f"| {named} | {said} |", "|---|---|"]
                lines += [f"| {cell(t)} | {cell(d)} |" for t, d in rows]
            lines[-1] = lines[-1][:-2] + f"{ref} |" if ref else lines[-1]
            return "\n".join(lines)
        lines = []
        indent = "   " * depth
        # (a list of a program's commands, most with their usage: one without arguments is one too)
        commands = sum(bool(_SYNOPSIS.search(t.term)) for t in entries) * 2 > len(entries)
        for term in entries:
            shape, self.as_list = self.as_list, _one_shape(term.body)  # (tbl's key letters, examples between them)
            body = [self.block(b, "", 0) if n == 0 else self.further(b) for n, b in enumerate(term.body)]
            self.as_list = shape
            body = [b for b in body if b]
            if not body and not term.body and SIGNATURE.fullmatch(term.term):
                lines.append(f"{indent}* {_term_label(term.term)}")  # a function with no docstring is still one
                continue
            if not body:
                continue
            first = body.pop(0) if isinstance(term.body[0], Paragraph) and body else ""
            lines.append(f"{indent}* {_term_label(term.term, commands)}" + (f" — {first}" if first else ""))
            for rendered in body:
                lines.append("")
                lines.append(_indented(rendered, depth + 1))
        if not lines:
            return ""
        return _cited("\n".join(lines), ref)

    def _description(self, term: Term) -> str:
        """A simple entry's paragraphs as one table cell: the first whole, the further
        ones as prose (see `further`)."""
        paragraphs = [b.text for b in term.body if isinstance(b, Paragraph)]
        parts = [self.fresh(paragraphs[0])] if paragraphs else []
        with self._as_prose():
            parts += [self.fresh(p) for p in paragraphs[1:]]
        return " ".join(p for p in parts if p)

    def further(self, block: Block) -> str:
        """A block after an entry's description, as prose: a paragraph without the
        sentences the page has (a sibling command's `@file` said its second paragraph
        already), a list unless the page has all of it (a manual whose converter lost the
        `@file` term lists its text as an item of the entry before); only the description
        itself is always whole."""
        with self._as_prose():
            return self.block(block, "", 0)

    @contextmanager
    def _as_prose(self) -> Iterator[None]:
        """Text written meanwhile is an entry's prose, not its definition (see `fresh`)."""
        depth, self.definitions = self.definitions, 0
        prose, self.entry_prose = self.entry_prose, True
        try:
            yield
        finally:
            self.definitions = depth
            self.entry_prose = prose

    def _new_entry(self, term: Term) -> bool:
        """Whether the page has not yet written this entry, its term and its text, for
        the command being written: a second copy of one manual says nothing new, but a
        sibling command's `--quiet` said in the same words is still one of its options,
        and one document's entry under each of its sections (a `LabelsForSubprojects`
        under each step it applies to) is its own repetition, for its reader."""
        key = (self.scope, *self._entry_key(term))
        # (a manual's chapter that repeats a command's manual page lists nothing new)
        return self.defined.setdefault(key, self.source) == self.source and (bool(self.scope) or key[1:] not in self.first_said)

    def _entry_key(self, term: Term) -> tuple[str, str, str]:
        """An entry by its term's words and signs and its text's words: less's `(` and `)`
        (`Like {, ...` and `Like }, ...`) are two keys, `-q, --quiet` and `-q --quiet` one."""
        signs = "".join(c for c in term.term if not (c.isalnum() or c.isspace() or c in ",-"))
        return self._key(term.term), signs, self._key(" ".join(block_text(b) for b in term.body))

    def _as_for(self, term: Term) -> Term:
        """`term`, or when a sibling command's manual on the page gave the same entry in
        the same words at length (binutils' `@file`, said by each of its tools), the
        term with a pointer to it: the option is listed, its text said once."""
        key = self._entry_key(term)
        first = self.first_said.setdefault(key, self.scope_name)
        if first == self.scope_name or not first or len(key[-1].split()) < MIN_POINTED_WORDS:
            return term
        return Term(term.term, (Paragraph(f"As for {first}."),))

    def table(self, block: Table, ref: str) -> str:
        width = max(len(block.header), *(len(r) for r in block.rows)) if block.rows else len(block.header)
        if width == 0 or not block.rows:
            return ""
        header = list(block.header) + [""] * (width - len(block.header))
        rows = [list(row) + [""] * (width - len(row)) for row in block.rows]
        # a column no row fills says nothing (a text table's cell set by chance under a word of its header)
        filled = [c for c in range(width) if any(r[c].strip() for r in rows)]
        if len(filled) == 1 and not any(h.strip() for h in header):
            # one column of text and no header: wrapped lines a layout set in a table, a paragraph
            return text_block(" ".join(r[filled[0]] for r in rows)) + ref
        if len(filled) < width and width > 2:
            header, rows, width = [header[c] for c in filled], [[r[c] for c in filled] for r in rows], len(filled)
        lines = ["| " + " | ".join(cell(c) for c in header) + " |", "|" + "---|" * width]
        for padded in rows:
            if width == 2 and padded[0].strip() and not padded[1].strip():
                padded[1] = EMPTY_VALUE  # a key the source gives no value, said so
            lines.append("| " + " | ".join(cell(c) for c in padded) + " |")
        if ref:
            lines[-1] = lines[-1][:-2] + f"{ref} |"
        return "\n".join(lines)


def _is_date_line(text: str) -> bool:
    """`Date: 2024-03-01`: the source's own date, which `# Sources` states."""
    label, colon, value = text.partition(":")
    return bool(colon) and label.casefold().strip() in DATE_FIELDS and parse_date(value.strip()) is not None \
        and len(value.split()) <= 4


def _fact_key(text: str) -> str:
    """`label: value` of a field line (or of an attribute row), folded."""
    label, _, value = text.partition(":")
    return f"{' '.join(label.casefold().split())}: {' '.join(value.casefold().strip(' .').split())}"


MAX_CELL_WORDS = 80
MAX_LEAD_COMMANDS = 6  # commands a package's lead names by their NAME lines
MAX_DEFINING_SCAN = 40  # paragraphs of a source read for one that says what the entity is
MIN_POINTED_WORDS = 25  # a sibling command's entry this long, said in the same words, points to the first
EMPTY_VALUE = "—"


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")  # (`... issued. frob attempts ...`: a command opens a sentence in lower case)


_NUMBERED_TERM = re.compile(r"[^\s\d][^\s]{0,30} \d{1,12}")  # a name and its number (`break 4`)
MIN_NUMBERED_TERMS = 3


def _one_shape(blocks: tuple[Block, ...]) -> bool:
    """Whether the definition lists among `blocks` are all written as lists: one of
    them has an entry a table cannot hold, and a reader scanning for a term should not
    look in a table, then a list, then a table again."""
    listed = [b for b in blocks if isinstance(b, Terms)]
    return len(listed) > 1 and not all(_simple(t) for b in listed for t in b.entries)


def _simple(term: Term) -> bool:
    """A description a table cell holds: a paragraph or two, short."""
    return all(isinstance(b, Paragraph) for b in term.body) and \
        sum(len(b.text.split()) for b in term.body if isinstance(b, Paragraph)) <= MAX_CELL_WORDS


def _term_header(block: Terms) -> tuple[str, str]:
    terms = [t.term for t in block.entries]
    if sum(t.rstrip().endswith("?") and " " in t.strip() for t in terms) * 2 > len(terms):
        return "Question", "Answer"  # (not `.[]?`, an operator's syntax)
    if sum(t.startswith("-") for t in terms) * 2 > len(terms):
        return "Option", "Description"
    firsts = [t.split()[0] for t in terms if len(t.split()) > 1 and t[:1].islower()]
    if len(firsts) >= 2 and max(firsts.count(f) for f in set(firsts)) * 2 > len(terms):  # (one entry shows no command)
        return "Command", "Description"  # a manual's examples: `gpg -sb file` -> what it does
    return "Term", "Description"


def _term_label(term: str, commands: bool = False) -> str:
    """A term as a list item opens with it: an option, a signature (`frob(self,
    **kw)`, whose stars would end the bold), a class's declaration (`class X(base)`), an
    assignment (`parser = get_parser(value)`) or a command's usage in code -- in a list of
    `commands`, a command's name alone too (`kill-server` among `kill-session [-aC]`) --,
    anything else bold; a note on the usage (`(alias: neww)`) after the code, no part of
    what one types. A term its document set as code whole (`` `-c --stdout` ``, `` `-q`,
    `--quiet` ``) is read without its backticks first."""
    if _CODE_SPAN.sub("", term).strip(" ,/|") in ("", "or"):
        term = term.replace("`", "")
    aside = _ALIAS_NOTE.search(term)
    usage, note = (term[:aside.start()], f" {inline(aside.group(0).strip())}") if aside else (term, "")
    if (term.startswith("-") or "*" in term or _SIGNATURE.match(term) or _SYNOPSIS.search(term) or DECLARED.match(term)
            or _ASSIGNED_CALL.match(term) or (commands and _COMMAND_NAME.fullmatch(usage))) and "`" not in term:
        return f"`{' '.join(usage.split())}`{note}"
    return f"**{inline(term)}**"


_SIGNATURE = re.compile(r"^[\w.]+\s*\(.*\)\s*$")
_ASSIGNED_CALL = re.compile(r"^[A-Za-z_][\w.]* = [\w.]+\(.*\)$")
_SYNOPSIS = re.compile(r"\[-\w")  # a command's usage (`new-window [-abd] [-c dir]`)
_ALIAS_NOTE = re.compile(r"\s\((?:alias|aliases|also):[^()]*\)$")  # `... (alias: neww)` after a command's usage
_COMMAND_NAME = re.compile(r"[a-z][\w.-]*")  # `kill-server`


def _cited(text: str, ref: str) -> str:
    """`text` with `ref` at its end, or at the end of its first line when it ends in a
    code block: after a closing fence a reference keeps the code open to the page's end."""
    lines = text.split("\n")
    if not ref or not _FENCE_LINE.match(lines[-1]):
        return text + ref
    if _FENCE_LINE.match(lines[0]):
        return f"{text}\n\n{ref}"  # (code alone: the reference under it)
    lines[0] += ref
    return "\n".join(lines)


_FENCE_LINE = re.compile(r"^\s*(?:`{3,}|~{3,})\s*$")


def _has_ref(out: list[str], ref: str) -> bool:
    return any(ref in part for part in out)


def _heading(title: str, level: int, cased: bool = False) -> str:
    """A markdown heading; `cased`: the title is a section's as its content already
    cased it (a `DESTDIR` it kept in capitals stays so), else cased here."""
    return f"{'#' * min(level, MAX_HEADING_LEVEL)} {inline((title if cased else display_heading(title)).rstrip(':'))}"


def _section(writer: _Writer, section: Section, ref: str, level: int) -> list[str]:
    """A source's section as markdown at `level`, its subsections below it (a paragraph
    that only repeats the section's title is not written, nor a section's fields when
    the attributes state each of them). `ref` ends the first block
    that can carry it; a subsection of code alone carries it on its heading."""
    blocks = tuple(b for b in section.blocks if not (isinstance(b, Paragraph) and _topic_key(b.text) == _topic_key(section.title)))
    if all(is_field(b) and _fact_key(b.text) in writer.known for b in blocks):  # type: ignore[union-attr]
        blocks = ()  # fields alone, each an attribute (a meeting's `Attendees:` and `Notes:`): said once, up there
    out = writer.blocks(blocks, ref)
    bare: list[str] = []  # classes declared with nothing under them (http's exceptions): one list, not each a heading
    at = len(out)
    for sub in section.sections:
        cited = ref if not _has_ref(out, ref) else ""
        body = _section(writer, sub, cited, level + 1)
        if not body and DECLARED.match(sub.title):  # (a class with no docstring is still one)
            bare.append(f"* {inline(sub.title)}")
        elif sub.title and body:
            out.append(_heading(sub.title, level + 1, cased=True) + _uncited(body, cited))
        out += body
    if bare:
        out.insert(at, "\n".join(bare))  # (above the documented ones: under one of them it would read as its part)
    return out


def _uncited(body: list[str], ref: str) -> str:
    """`ref` when `body` (code alone: a package's contents, an example) does not carry it
    already: its heading does, not a line of its own."""
    return ref if body and not _has_ref(body, ref) else ""


# -- the page's parts -------------------------------------------------------------------

def _lead(writer: _Writer, draft: PageDraft) -> tuple[list[str], list[str]]:
    """(lead paragraphs, its sentences) of the page."""
    sentences, origin = lead_sentences(draft.cited, draft.title)
    if not sentences:
        found = _defining(draft.cited, draft.title)
        if found is not None:
            for sentence in found[0]:
                writer.fresh(sentence)  # said in the lead, not again in its section
        return _plain_lead(draft), found[0] if found else []
    source = next(s for s in draft.cited if s.id == origin)
    parts = []
    if source.content.man is not None:
        name, purpose = source.content.man.names[0], source.content.man.purpose
        first = f"**{inline(name)}** — {inline(purpose)}" if purpose else f"**{inline(name)}**"
        writer.fresh(sentences[0])
        rest = writer.fresh(" ".join(sentences[1:]))
        parts.append((first if first.endswith((".", "!", "?")) else first + ".") + (f" {inline(rest)}" if rest else ""))
    elif _tagline(sentences[0], draft.title):
        # `Data validation using type hints.` under `# Frob`: the name, then what it is
        writer.fresh(sentences[0])
        rest = writer.fresh(" ".join(sentences[1:]))
        parts.append(f"**{inline(draft.title)}** — {inline(sentences[0])}" + (f" {inline(rest)}" if rest else ""))
    else:
        said = writer.fresh(" ".join(sentences))
        parts.append(inline(_introduced(said, draft.title) if said.startswith(sentences[0]) else said))
    return [parts[0] + f"[^{origin}]"], sentences


def _introduced(text: str, title: str) -> str:
    """`text` with a first sentence that introduces the entity from inside its own
    distribution (`This is Frob, the GNU frobnicator.`, a README's opening) said of the
    entity instead (`Frob is the GNU frobnicator.`): on its page, "this" is nothing."""
    found = _INTRODUCED.match(text)
    if found is None or name_key(found.group("name")) != name_key(title):
        return text
    return f"{found.group('name')} is {found.group('what')}"


# `This is Frob, the ...`, `This is GNU Frob 2.4, a ...`: the name (a version after it
# dropped: the page states it), then what it is
_INTRODUCED = re.compile(r"^This is (?:GNU )?(?P<name>[\w.+-]+)(?: v?\d[\w.-]*)?, (?P<what>(?:the|an?) .+)$", re.DOTALL)


def _is_label(sentence: str) -> bool:
    """A few words that introduce what follows (`Data and other attributes defined
    here:`): said again over each thing it introduces, never left out as said before."""
    return sentence.endswith(":") and len(sentence.split()) <= MAX_LABEL_WORDS


def _tagline(sentence: str, title: str) -> bool:
    """Whether a lead sentence is a tagline that leaves the entity's name to the title
    above it (`Data validation using type hints.`, `A next-generation client.`):
    a few words, a phrase with no verb of its own saying what the entity is, not a
    sentence about something else (`It supports ...`, `This release ...`)."""
    words = sentence.rstrip(".!").split()
    return 0 < len(words) <= MAX_TAGLINE_WORDS and not any(w.casefold().strip(",") in _FINITE for w in words) \
        and name_key(title) not in name_key(sentence) and not _PRONOUN_START.match(sentence)


MAX_TAGLINE_WORDS = 12
# words that make a phrase a sentence: a finite verb (`is`, `was`, `has`) or a subject pronoun
_FINITE = frozenset("is are was were be been has have had do does did can will would should may might must "
                    "it this these we you they he she i".split())
_PRONOUN_START = re.compile(r"^(?:It|This|That|These|Those|There|Here|We|You|They)\b")


def _members_noun(members: list[PageSource]) -> str:
    """What a page's manual pages are: the references of its modules when each is a
    module's, the manual pages of its commands when each header says it is a
    command's, else manual pages (a file format's among them, or a converter lost the
    header) -- never "a set of commands", which misstates a project (a database, a
    library) whose commands they are."""
    if all(m.kind == MODULE_REFERENCE for m in members):
        return "references of its modules"
    sections = {m.content.man.section[:1] if m.content.man else "" for m in members}
    return "manual pages of its commands" if sections <= set(_COMMAND_SECTIONS) else "manual pages"


def _plain_lead(draft: PageDraft) -> list[str]:
    """A lead when no source says in a sentence what the entity is: the commands it
    holds, each by its NAME line (a package's manual pages); else its name and type,
    and what the page is built from."""
    described = ordered_sources(draft.cited)
    if not described:
        return []
    found = _defining(draft.cited, draft.title)
    if found is not None:
        return [inline(" ".join(found[0])) + f"[^{found[1]}]"]
    package = _package_modules(draft)
    if package:
        own = [m for m in package if m.title.casefold() == draft.title.casefold()]
        listed = "; ".join(_module_item(m) for m in package if m not in own)
        said = f"its own reference[^{own[0].id}] and " if own else ""
        return [f"**{inline(draft.title)}** is a package; this page gathers {said}the references of its modules: {listed}."]
    commands = _commands(draft.cited)
    if len(commands) >= 2:
        listed = "; ".join(f"**{inline(c.content.man.names[0])}** — {inline(c.content.man.purpose.rstrip('.'))}"  # type: ignore[union-attr]
                           f"[^{c.id}]" for c in commands[:MAX_LEAD_COMMANDS])
        more = len(commands) - MAX_LEAD_COMMANDS
        return [f"**{inline(draft.title)}**: this page gathers the {_members_noun(commands)}: {listed}"
                + (f"; and {more} more." if more > 0 else ".")]
    kinds = []
    for source in described[:4]:
        what = (source.kind or "document").lower() if source.kind != "README" else "README"
        kinds.append((what if what.endswith(("notes", "minutes")) else _a(what))
                     + (f" of {_spelled(source.date)}" if source.date else "")
                     + f"[^{source.id}]")
    more = len(described) - len(kinds)
    listed = ", ".join(kinds[:-1]) + (" and " if len(kinds) > 1 else "") + kinds[-1]
    if more:
        listed += f" and {more} more"
    kind = draft.type if draft.type.isupper() else draft.type.lower()  # `a vendor`, `an API`
    return [f"**{inline(draft.title)}** is {inline(_a(kind))}; this page gathers {listed}."]


def _package_modules(draft: PageDraft) -> list[PageSource]:
    """The module references of a package's page (`frob`: `frob.client`, `frob.cookies`
    and `frob` itself), the package's own first, when it has two or more and each is the
    package or one of its modules; else []."""
    key = draft.title.casefold()
    modules = [s for s in draft.cited if s.kind == MODULE_REFERENCE]
    if len(modules) < 2 or not all(m.title.casefold() == key or m.title.casefold().startswith(key + ".") for m in modules):
        return []
    return sorted(modules, key=lambda m: (m.title.casefold() != key, m.title.casefold()))


def _module_item(module: PageSource) -> str:
    """A module in a package's lead: its name, what its NAME line says it is, its source."""
    purpose = module.content.man.purpose.rstrip(".") if module.content.man else ""
    return f"**{inline(_module_name(module))}**" + (f" — {inline(purpose)}" if purpose else "") + f"[^{module.id}]"


def _module_name(module: PageSource) -> str:
    """A module reference's module, by its NAME line (`frob.parse`, not its title
    `frob.parse — Parse frob addresses.`)."""
    return module.content.man.names[0] if module.content.man else module.title


def _a(word: str) -> str:
    """A word with its indefinite article, by its first letter (`a vendor`, `an API`)."""
    return f"{'an' if word[:1].casefold() in 'aeiou' else 'a'} {word}"


def _spelled(day: date) -> str:
    """A date as a reader says it (`12 June 2025`), in a sentence."""
    return f"{day.day} {day:%B %Y}"


def _companion(source: PageSource, title: str, lead_origin: str | None) -> bool:
    """A manual page of another command or file that belongs to the entity (a helper
    command's page on its package's, `frob.conf(5)` on frob's): its parts go under its own heading, not
    among the entity's own usage and sections."""
    man = source.content.man
    if man is None or source.id == lead_origin:
        return False
    words = set(re.findall(r"[\w.+-]+", title.casefold()))
    return not any(name.casefold() in words or name.casefold() == title.casefold() for name in man.names)


def _companion_section(source: PageSource) -> Section:
    """A companion manual page as one section: `name — purpose`, its usage forms, its sections."""
    man = source.content.man
    assert man is not None
    forms = [wrapped for line in man.synopsis if not (line.endswith(":") and len(line.split()) <= 6)
             for wrapped in _wrapped_form(line)]
    purpose = (Paragraph(f"{man.names[0]} — {man.purpose}"),) if man.purpose else ()
    lead = (Paragraph(" ".join(source.content.lead[1:])),) if len(source.content.lead) > 1 else ()
    blocks = purpose + lead + ((Code("\n".join(forms)),) if forms else ()) + tuple(Paragraph(n) for n in man.synopsis_notes)
    return Section(man.names[0], 1, blocks, tuple(replace(s, level=s.level + 1) for s in source.content.sections))


def _usage_sources(draft: PageDraft, lead_origin: str | None) -> list[PageSource]:
    """The manual pages whose synopsis `# Usage` shows, the entity's own first."""
    mans = [s for s in ordered_sources(draft.cited) if s.content.man and s.content.man.synopsis
            and not _companion(s, draft.title, lead_origin)]
    return sorted(mans, key=lambda s: s.id != lead_origin)


def _wrapped_form(form: str) -> list[str]:
    """A usage form as a manual prints it: one line when short, else its options filled
    into lines of MAX_FORM_CHARS under the command's name, a bracketed group never
    broken (objdump's synopsis was one line of 1,700 characters)."""
    if len(form) <= MAX_FORM_CHARS or " " not in form:
        return [form]
    name, rest = form.split(" ", 1)
    lines, line = [], name
    for group in _form_groups(rest):
        if len(line) + 1 + len(group) > MAX_FORM_CHARS and line.strip():
            lines.append(line)
            line = " " * len(name)
        line += " " + group
    return [*lines, line]


MAX_FORM_CHARS = 80


def _form_groups(text: str) -> list[str]:
    """A usage form's words, a bracketed group (`[-b bfdname|--target=bfdname]`, `[-a [-b
    [-c]]]`) one word however deep its brackets nest -- up to a line's length: a bracket
    the source never closes (`[--visualize-jumps[=color|=off]`) does not take the rest."""
    groups: list[str] = []
    depth = 0
    for word in text.split():
        if depth and groups and len(groups[-1]) + len(word) < MAX_FORM_CHARS:
            groups[-1] += f" {word}"
        else:
            groups.append(word)
            depth = 0
        depth = max(0, depth + word.count("[") - word.count("]"))
    return groups


def _usage(writer: _Writer, draft: PageDraft, lead_origin: str | None) -> list[str]:
    """`# Usage`: each manual page's synopsis, the entity's own first; `# Synopsis` when
    one of them has a USAGE section of its own (a section of examples), which stays in its
    place among its manual's sections."""
    mans = _usage_sources(draft, lead_origin)
    if not mans:
        return []
    out = [f"# {_usage_heading(mans)}"]
    for source in mans:
        man = source.content.man
        assert man is not None
        if source.id != lead_origin or len(mans) > 1:
            out.append(f"**{inline(man.names[0])}** — {inline(man.purpose)}[^{source.id}]" if man.purpose
                       else f"**{inline(man.names[0])}**[^{source.id}]")
        lines: list[str] = []
        for line in man.synopsis:
            if line.endswith(":") and len(line.split()) <= 6:
                if lines:
                    out.append(fenced("\n".join(lines)))
                    lines = []
                out.append(f"*{inline(line[:-1])}:*")
            else:
                lines += _wrapped_form(line)
        if lines:
            out.append(fenced("\n".join(lines)))
        out += filter(None, (writer.block(Paragraph(note), f"[^{source.id}]", 0) for note in man.synopsis_notes))
    return ["\n\n".join(out)]


def _usage_heading(mans: list[PageSource]) -> str:
    """The heading of the manual pages' synopses: SYNOPSIS when one of them has a
    section on its usage besides its synopsis (a USAGE section of examples after the
    SYNOPSIS), which keeps that name, else USAGE."""
    own = any(_topic_key(s.title) == "usage" for source in mans for s in source.content.sections)
    return SYNOPSIS if own else USAGE


_COMMAND_SECTIONS = ("1", "6", "8")  # manual sections of commands: the entity's own page, on its page


def _see_also(draft: PageDraft) -> list[str]:
    """`# See Also`: the manual pages the sources' manual pages refer to, in order,
    without the page's own (by name and section, when its header gives the section) nor
    the page's entity as a command (a helper's `frob(1)` on frob's page; a library's
    manual `frob(3FROB)` stays), and what their SEE ALSO sections say in sentences."""
    mans = [s.content.man for s in draft.cited if s.content.man]
    # (a page of another section by the same name is another page: frob(7), the language, on frob(1)'s)
    own = {(name.casefold(), man.section) for man in mans for name in man.names}
    refs: dict[str, str] = {}
    notes: dict[str, str] = {}  # the section's sentences (`This is not the complete manual ...; see the Info entry`)
    said_notes: set[str] = set()
    groups: dict[str, dict[str, str]] = {}  # label -> its references (`Roff preprocessors:` over `frobeqn(1), ...`)
    grouped: set[str] = set()

    def add(ref: str, into: dict[str, str]) -> None:
        name, _, rest = ref.casefold().partition("(")
        section = rest.partition(")")[0]
        if (name, section) not in own and (name, "") not in own \
                and not (name == draft.title.casefold() and section[:1] in _COMMAND_SECTIONS):
            bare = ref.partition(")")[0].casefold()  # (`frob(1)` and `frob(1) (in frob-utils)` are one page)
            if len(ref) > len(into.get(bare, "")):
                into[bare] = ref

    for source in ordered_sources(draft.cited):
        man = source.content.man
        for label, labelled in man.see_also_groups if man else ():
            for ref in labelled:
                add(ref, groups.setdefault(label, {}))
                grouped.add(ref.partition(")")[0].casefold())
        for ref in man.see_also if man else ():
            if ref.partition(")")[0].casefold() not in grouped:
                add(ref, refs)
        for note in man.see_also_notes if man else ():
            # (what two sources say alike, said once: sentences said in an earlier note are left out)
            fresh = [x for x in split_sentences(note) if not _said_before(_sentence_key(x), said_notes)]
            said_notes.update(_sentence_key(x) for x in fresh)
            if fresh:
                notes.setdefault(note, f"{text_block(' '.join(fresh))}[^{source.id}]")
    listed = [f"* {text_block(label)}: {inline(', '.join(found.values()))}" for label, found in groups.items() if found]
    noted = " ".join(notes.values())  # (a page a note names, `They can be read with man(1)`, is not listed again alone)
    refs = {bare: ref for bare, ref in refs.items() if inline(ref) not in noted}
    if not refs and not notes and not listed:
        return []
    return [f"# {SEE_ALSO}", *([inline(", ".join(refs.values()))] if refs else []), *(["\n".join(listed)] if listed else []),
            *notes.values()]


def _said_before(key: str, said: set[str]) -> bool:
    """Whether a sentence (its key) was said, or said but for a few words after it (`...
    about Frob. : https://…`, what a lost line left)."""
    return key in said or any(key.startswith(k) and len(k.split()) >= MIN_SAID_WORDS
                              and len(key.split()) - len(k.split()) <= MAX_LEFT_WORDS for k in said)


MIN_SAID_WORDS = 6
MAX_LEFT_WORDS = 3


def _sentence_key(sentence: str) -> str:
    """A sentence compared: its words, any case, any punctuation (`Home Page: https://…`
    and `Home Page https://…` are one)."""
    return " ".join(_WORDS.findall(sentence.casefold()))


def _topic_key(title: str) -> str:
    """Titles naming one topic compare equal (`OPTIONS`, `Options:`); an option's case
    is its meaning (`-a` is not `-A`)."""
    shown = display_heading(title).rstrip(":")
    return " ".join((shown if shown.startswith(("-", "+")) else shown.casefold()).split())


def _content(writer: _Writer, draft: PageDraft, lead_origin: str | None) -> list[str]:
    """The sources' sections, merged by topic (see the module docstring); a companion
    manual page's under its own heading."""
    topics: dict[str, list[tuple[PageSource, Section]]] = {}
    titles: dict[str, str] = {}
    companions: list[PageSource] = []
    # a source's own section keeps its heading unless the page writes one of that name
    # (a README's `Usage` is the page's usage when no manual page gives a synopsis)
    usage = _usage_sources(draft, lead_origin)
    written = {_usage_heading(usage).casefold()} if usage else set()  # (the synopses' heading: the other is free)
    taken = OWN_HEADINGS - ({"usage", "synopsis"} - written) - ({"see also"} if not _see_also(draft) else set())
    modules = sum(s.kind == MODULE_REFERENCE for s in draft.cited)
    # the entity's own reference first (a package's, before its modules')
    for source in sorted(ordered_sources(draft.cited), key=lambda s: not _own_manual(s, draft.title)):
        if source.content.is_changelog and not source.content.sections:
            continue
        if _companion(source, draft.title, lead_origin):
            companions.append(source)
            continue
        for section in _grouped_parts(source, draft, lead_origin, modules):
            title = section.title or source.title
            key = _topic_key(title)
            if key in taken or (key == _topic_key(draft.title) and not section.title):
                title = f"{display_heading(title)} ({source.title})" if key in taken else title
                key = _topic_key(title)
            topics.setdefault(key, []).append((source, replace(section, title=title)))
            titles.setdefault(key, title)
        for table in source.content.tables if not source.content.sections else ():
            key = _topic_key(source.title)
            topics.setdefault(key, []).append((source, Section(source.title, 1, (table,))))
            titles.setdefault(key, source.title)
    # after the entity's own sections; when the page is a suite's, whose reference they are, after
    # what introduces the suite (its README) and before the rest (a design note, a data file)
    suite = not any(_own_manual(s, draft.title) for s in draft.cited) and len(_commands(draft.cited)) >= 2
    rest = {k: v for k, v in topics.items() if not any(s.kind in _INTRODUCING for s, _ in v)} if suite else {}
    for key in rest:
        del topics[key]
    for source in companions:
        section = _companion_section(source)
        topics[f"\0{source.id}"] = [(source, section)]
        titles[f"\0{source.id}"] = section.title
    topics.update(rest)
    out: list[str] = []
    said: set[tuple[str, tuple[Block, ...]]] = set()
    for key, parts in topics.items():
        body: list[str] = []
        refs = ""
        for source, whole in parts:
            unsaid = _unsaid(whole, said)
            if unsaid is None:
                continue
            # (a module's reference is its own scope: `__repr__` of two modules' classes is two members)
            writer.scope = _topic_key(source.content.man.names[0]) if source.content.man \
                else source.id if source.kind == MODULE_REFERENCE else ""
            writer.scope_name = source.content.man.names[0] if source.content.man else ""
            writer.write_source(source)
            part = _section(writer, unsaid, f"[^{source.id}]", 1)
            refs += _uncited(part, f"[^{source.id}]")
            body += part
        if body:
            out.append("\n\n".join([_heading(titles[key], 1) + refs, *body]))
    return out


def _unsaid(section: Section, said: set[tuple[str, tuple[Block, ...]]]) -> Section | None:
    """A section without its authors or where to report bugs when another source's
    said them word for word (a suite's manual pages each with the same `Authors`), None
    when it is one of them itself; `said` records what this one says."""
    key = (_topic_key(section.title), section.blocks)
    if section.blocks and not section.sections and key[0] in AUTHOR_TITLES | BUGS_TITLES:
        if key in said:
            return None
        said.add(key)
    kept = tuple(sub for s in section.sections if (sub := _unsaid(s, said)) is not None)
    return replace(section, sections=kept)


def _grouped_parts(source: PageSource, draft: PageDraft, lead_origin: str | None, modules: int) -> tuple[Section, ...]:
    """A source's sections as the page carries them: a document beside others that
    does not lead the page under the heading it holds its parts under, when its title
    was taken from elsewhere (`# Security` over a policy's `Reporting a bug in Frob`
    and its other parts; a design note `Frob storage architecture` over its
    `Solving a problem`); a long one (an overview of
    many parts, a FAQ of many chapters beside the entity's manual) under one heading of
    its own title, its parts below it, not each at the level of the entity's own
    Description and Options; so is each of the page's `modules` references when it has
    several and none leads (frob.error's classes are not frob.request's). A first
    part titled as the source is the opening, not a heading repeating the one above it."""
    sections = _with_own_lead(source, lead_origin)
    if source.id == lead_origin or source.content.man is not None or not sections:
        return sections
    own = source.content.heading
    # (the source's title when taken from that heading, `frob.ascii` from `Python: module frob.ascii`,
    # or when another source has a section of that name: a README's `Description` beside a manual's)
    others = {_topic_key(s.title) for other in draft.cited if other is not source for s in other.content.sections}
    heading = (source.title if set(_topic_key(source.title).split()) & set(_topic_key(own).split())
               or _topic_key(own) in others else own) if own and len(draft.cited) > 1 else ""
    heading = "" if _topic_key(heading) == _topic_key(draft.title) else heading
    several = modules > 1 and source.kind == MODULE_REFERENCE
    if not heading and lead_origin is None and len(draft.cited) > 1 and source.content.short \
            and sum(1 for s in sections if s.title) >= 2 and source.kind != MODULE_REFERENCE \
            and _topic_key(source.title) != _topic_key(draft.title):
        # a short document with parts of its own on a page that gathers several (a contract's
        # `# Parties`, `# Commercial terms` beside a notice): its parts under its title, not the page's
        heading = source.title
    if not heading and ((lead_origin is None and not several)
                        or (len(sections) < MIN_GROUPED_PARTS and source.kind != MODULE_REFERENCE)):
        return sections  # (a submodule's reference beside its package's: its classes are not the package's)
    opening, parts = (sections[0], sections[1:]) if not sections[0].title else (Section("", 1, ()), sections)
    if parts and ((not heading and _topic_key(parts[0].title) == _topic_key(source.title))  # (the heading the part would repeat)
                  or (heading == source.title and _topic_key(source.title).startswith(_topic_key(parts[0].title)))):
        heading = heading and parts[0].title  # (`Frob Agreement` over its parts, not its source's `Frob Agreement — Frob Ltd.`)
        opening = Section("", 1, opening.blocks + parts[0].blocks, opening.sections)
        parts = parts[0].sections + parts[1:]
    return (Section(heading, 1, opening.blocks, opening.sections + parts),)


def _with_own_lead(source: PageSource, lead_origin: str | None) -> tuple[Section, ...]:
    """A source's sections; a source that does not give the page its lead keeps its
    own first sentences at the head of its first section (a manual page's NAME line
    aside: the page names the command already)."""
    if source.content.data:
        return _data_sections(source)
    sections = source.content.sections
    lead = tuple(s for s in source.content.lead[1 if source.content.man else 0:] if not _repeats(s, source.title))
    if sections and not sections[0].title and sections[0].blocks and isinstance(sections[0].blocks[0], Paragraph) \
            and _repeats(sections[0].blocks[0].text, source.title):
        sections = (replace(sections[0], blocks=sections[0].blocks[1:]), *sections[1:])
    if source.id == lead_origin or not lead:
        return sections
    opening = Paragraph(" ".join(lead))
    # under a heading of its own, back at the head of the part it was taken from (a
    # policy's `# Security` over `## Reporting a bug in Frob` and its first sentence)
    taken = source.content.lead_section if source.content.heading else ""
    at = next((n for n, s in enumerate(sections) if taken and _topic_key(s.title) == _topic_key(taken)), None)
    if at is None and sections and not sections[0].title:
        at = 0
    if at is None:
        return (Section("", 1, (opening,)), *sections)
    return (*sections[:at], replace(sections[at], blocks=_lead_put_back(sections[at].blocks, opening, source.content)),
            *sections[at + 1:])


def _lead_put_back(blocks: tuple[Block, ...], opening: Paragraph, content: Content) -> tuple[Block, ...]:
    """A part's blocks with its lead back where it stood: after the blocks that came
    before it (`HTTP/1.1 frob library` and its example), joined again to what its
    paragraph went on to say; at the head when it stood first or that place is gone."""
    k = next((n for n, b in enumerate(blocks) if b == content.lead_after), None) if content.lead_after else None
    if k is None:
        return (opening, *blocks)
    after = blocks[k + 1] if k + 1 < len(blocks) else None
    if content.lead_rest and isinstance(after, Paragraph) and after.text == content.lead_rest:
        return (*blocks[:k + 1], Paragraph(f"{opening.text} {after.text}"), *blocks[k + 2:])
    return (*blocks[:k + 1], opening, *blocks[k + 1:])


def _repeats(text: str, title: str) -> bool:
    """Whether a source's opening line only says its title (`TODO file for frob.` under
    the heading `TODO file for frob`)."""
    return _topic_key(text.rstrip(".")) == _topic_key(title)


def _data_sections(source: PageSource) -> tuple[Section, ...]:
    """A data file's section: the sentence on its shape, then a few of its records
    (JSON, YAML), or its tables alone (CSV, spreadsheets, a flat object), never its raw
    text."""
    assert source.content.data is not None
    shape, sample, count = source.content.data
    blocks: tuple[Block, ...] = (Paragraph(shape),)
    if sample is not None:
        shown = len(sample.rows)
        if shown >= count:
            return (Section("", 1, (sample,)),)  # every record: the table says all the sentence would
        return (Section("", 1, blocks + (sample, Paragraph(f"{shown} of {count} records shown."))),)
    opening = tuple(b for s in source.content.sections if not s.title for b in s.blocks if not isinstance(b, Code))
    if any(isinstance(b, Table) for b in opening):
        blocks = ()  # the table it shows says what the sentence would (`an object with 21 keys (node, acorn, ...)`)
    return (Section("", 1, blocks + opening),) + tuple(s for s in source.content.sections if s.title)


def _release_heading(release: Release, debian: bool, several: bool, source: PageSource) -> str:
    name = release.version or release.title
    if debian:
        name = f"Debian {'news' if source.kind == 'news' else 'package'} {name}"  # (a NEWS file's notices, not changes)
    when = f" — {release.date.isoformat()}" if release.date and release.version else ""
    return f"## {inline(name)}{when}"


def _changes(writer: _Writer, changes: tuple[Change, ...], limit: int) -> tuple[list[str], int]:
    """The changes as lists, grouped under their groups; how many were left out. A
    release told at great length (a security release's write-up of each fix) shows
    each change by its first sentence (two, when the first only names it): every change
    listed, the page still readable. A release told in list items keeps, as prose, the
    paragraphs that open it or one of its groups (`The highlights of 2.4 are ...`, a
    group's `These fixes came from an audit ...`), each under its group."""
    items = [c for c in changes if c.kind == "item"]
    prose: set[int] = set()  # the changes shown as paragraphs
    if len(items) * 2 < len(changes):  # a release told in paragraphs, one change each (a list item or two among them)
        items = list(changes)
    else:
        listed: set[str | None] = set()  # groups whose items have begun
        kept: list[Change] = []
        for change in changes:
            if change.kind == "item":
                listed.add(change.group)
                kept.append(change)
            elif change.group not in listed and _opening(change, kept):
                kept.append(change)
                prose.add(id(change))
        items = kept
    listed_items = [c for c in items if id(c) not in prose]
    # (a release of short lines is shown whole: a list of the security fixes it carries)
    whole = len(listed_items) <= limit + MAX_FEW_LEFT or sum(len(c.text.split()) for c in listed_items) <= MAX_SHORT_RELEASE_WORDS
    cut = len(items) if whole else items.index(listed_items[limit])
    shown = items[:cut]  # (`3 more changes` once hid a release's main fix; an opening paragraph takes no change's place)
    brief = sum(len(c.text.split()) for c in shown) > MAX_FULL_RELEASE_WORDS
    out: list[str] = []
    group: str | None = None
    lines: list[str] = []
    for change in shown:
        if (change.group != group or id(change) in prose) and lines:
            out.append("\n".join(lines))
            lines = []
        if change.group != group and change.group:
            out.append(f"**{inline(change.group.rstrip(':'))}**")
        group = change.group
        text = writer.fresh(change.text)
        if not text:
            continue
        if id(change) in prose:
            out.append(text_block(text))
            continue
        said = split_sentences(text) if brief else []
        if len(said) > 1 and len(said[0].split()) < MIN_BRIEF_WORDS:
            said[0] = f"{said[0]} {said[1]}"  # `CVE-… (HIGH): frobd path escape.` names the fix; the next one tells it
        lines.append(f"* {text_block(said[0] if said else text)}")
        skipped = False  # an example the page has already: the sentence going on after it goes too
        for child in change.children if not brief else ():
            if isinstance(child, ItemList):
                nested = writer.items(child, "", 1)
                if nested:
                    lines.append(nested)
            elif isinstance(child, Code) and not writer.fresh_example(child.text):
                skipped = True  # (a Debian entry quoting the upstream NEWS the page shows already)
                continue
            elif not (skipped and isinstance(child, Paragraph) and child.text[:1].islower()) \
                    and (rendered := writer.block(child, "", 0)):
                lines += ["", _indented(rendered, 1)]  # the change's example, and what it says after it
            skipped = False
    if lines:
        out.append("\n".join(lines))
    return out, len(listed_items) - sum(id(c) not in prose for c in shown)


def _opening(change: Change, kept: list[Change]) -> bool:
    """Whether a paragraph before a group's items opens it: a sentence (not `[ Jane Roe
    ]`, not `Release date: 1-May-2024`), or the address one ending on a colon points to."""
    return change.text.endswith((".", "!", "?", ":")) or (
        bool(kept) and kept[-1].kind == "paragraph" and kept[-1].text.endswith(":") and ADDRESS.fullmatch(change.text) is not None)


def _shown(releases: tuple[Release, ...]) -> int:
    """How many of a changelog's releases a page shows: MAX_RELEASES_SHOWN, or down to
    the newest feature release (`2.13.0`, `1.21`) when patch releases (`2.13.4`,
    `2.13.3`, ...) stand above it: what most changed is in the feature release, and in
    its pre-releases (`2.13.0b3` ... `2.13.0b1`) right under it."""
    def feature(release: Release) -> bool:
        key = version_key(release.version)
        return len(key) == 2 or (len(key) >= 3 and key[-1] == 0)
    at = next((n for n, r in enumerate(releases[:MAX_RELEASES_TO_FEATURE + 1]) if feature(r)), None)
    shown = MAX_RELEASES_SHOWN if at is None else max(MAX_RELEASES_SHOWN, at + 1)
    if at is not None and releases[at].version:
        # and its pre-releases, where its changes were told (`See the beta releases for all changes`)
        pre = re.compile(re.escape(releases[at].version) + r"[-.]?(?:a|b|rc|alpha|beta|pre)\.?\d*\b")
        while shown < len(releases) and shown - at <= MAX_PRE_RELEASES and pre.search(releases[shown].title):
            shown += 1
    return shown


def _older_releases(source: PageSource) -> str:
    """A note of the releases a changelog holds past those the page shows (`*3 older
    releases, back to 1.0 (2019-04-02), are listed in the source.*`): the next log's
    heading does not then read as the release after the last one shown; without a count
    when the changelog's reader could not read them all."""
    content = source.content
    shown = _shown(content.releases)
    count = content.listed_releases - shown
    oldest = content.oldest_release
    if len(content.releases) > shown and not content.listed_releases:
        return f"*Older releases are listed in the source.*[^{source.id}]"  # (how many, its reader could not tell)
    if count <= 0:
        return ""
    back = f", back to {inline(oldest.version)}" + (f" ({oldest.date.isoformat()})" if oldest.date else "") + "," \
        if oldest is not None and oldest.version else ""
    many = count != 1
    return f"*{count} older release{'s' if many else ''}{back} {'are' if many else 'is'} listed in the source.*[^{source.id}]"


def _recent_changes(writer: _Writer, draft: PageDraft) -> list[str]:
    # versioned releases before a log of dated commits (jq's 2015 ChangeLog above its 2026 package);
    # the program's own before its packagers' (a Debian changelog's `New upstream release`)
    logs = sorted((s for s in ordered_sources(draft.cited) if s.content.is_changelog),
                  key=lambda s: (not any(r.version for r in s.content.releases), s.content.debian))
    if not logs:
        return []
    out = [f"# {RECENT_CHANGES}"]
    for source in logs:
        writer.source = source.id
        for n, release in enumerate(source.content.releases[:_shown(source.content.releases)]):
            if n and not release.changes:
                continue  # an older release the document lists without saying what changed
            parts, left = _changes(writer, release.changes, MAX_NEWEST_CHANGES if n == 0 else MAX_OLDER_CHANGES)
            out.append(_release_heading(release, source.content.debian, len(logs) > 1, source))
            ref = f"[^{source.id}]"
            if parts:
                parts[-1] = _cited(parts[-1], ref)
            else:
                parts = [f"*Listed in {inline(source.title)}.*{ref}"]
            if left:
                version = f" to {release.version}" if release.version else ""  # (each note says which release it is of)
                parts.append(f"*{left} more change{'s' if left != 1 else ''}{version} in {inline(source.title)}.*")
            out += parts
        if older := _older_releases(source):
            out.append(older)
    return ["\n\n".join(out)]


def fact_tables(attributes: list[AttributeRow], conflicts: list[ConflictRow]) -> list[str]:
    """The `# Attributes` and `# Conflicts` sections (design §4.3), each only when it has rows."""
    parts = []
    rows_ = [a for a in attributes if a.value.strip()]
    if rows_:
        rows = ["# Attributes", "", "| Attribute | Value | Source |", "|---|---|---|"]
        for a in rows_:
            refs = " ".join(dict.fromkeys(_ref(s) for s in a.sources))
            rows.append(f"| {cell(a.label)} | {cell(a.value)} | {refs} |")
        parts.append("\n".join(rows))
    if conflicts:
        rows = ["# Conflicts", "", "| Attribute | Value | Source | Date | Status |", "|---|---|---|---|---|"]
        for c in conflicts:
            rows.append(f"| {cell(c.label)} | {cell(c.value)} | {_ref(c.source)} | {_date(c.date)} | {c.status} |")
        parts.append("\n".join(rows))
    return parts


def _date(value: date | None) -> str:
    return value.isoformat() if value else "undated"


def _what(source: PageSource) -> str:
    parts = [source.kind[:1].upper() + source.kind[1:] if source.kind else "Document"]
    if source.date:
        parts.append(source.date.isoformat())
    if source.author:
        parts.append(f"by {source.author}")
    return ", ".join(parts)


def _sources(draft: PageDraft) -> list[str]:
    """`# Sources`: every source the page cites, by its label, kind and date, the one
    that leads the page first (a command's own manual page before its helper's), then the most
    descriptive."""
    shown = {s.id: s for s in draft.cited}
    lead = _lead_source(draft.cited, draft.title)
    ordered = ordered_sources(draft.cited)
    rank = {s.id: n for n, s in enumerate(([lead] if lead else []) + [s for s in ordered if s is not lead])}
    lines = []
    for entry in sorted(draft.sources, key=lambda e: rank.get(str(e.get("id")), len(rank))):
        ident = entry.get("id")
        if not isinstance(ident, str):
            continue
        source = shown.get(ident)
        if source is not None:
            lines.append(f"* {inline(source.title)} — {inline(_what(source))}.[^{ident}]")
        else:
            label = draft.labels.get(ident) or str(entry.get("title") or ident)
            lines.append(f"* {inline(label)}.[^{ident}]")
    return [f"# {SOURCES}\n\n" + "\n".join(lines)] if lines else []


def footnote_definitions(body: str, titles: dict[str, str]) -> str:
    """`[^label]: text` lines for the labels `body` cites, in first-cited order."""
    lines = []
    for label in dict.fromkeys(_FOOTNOTE_REF.findall(body)):
        text = titles.get(label)
        if text:
            lines.append(f"[^{label}]: {inline(text)}")
    return "\n".join(lines)


def _known_facts(attributes: list[AttributeRow], conflicts: list[ConflictRow]) -> frozenset[str]:
    return frozenset({_fact_key(f"{a.label}: {a.value}") for a in attributes}
                     | {_fact_key(f"{c.label}: {c.value}") for c in conflicts})


def carried(cited: list[PageSource], title: str, said: list[str], attributes: list[AttributeRow],
            conflicts: list[ConflictRow]) -> list[str]:
    """What a page drafted by a model carries from its sources besides the model's
    prose (draft mode): the usage, every list, step, action item, definition list,
    table and example of the sources' sections, and the recent changes; none of the
    sentences in `said` (the model's) is written again."""
    writer = _Writer(_known_facts(attributes, conflicts), prose=False)
    for text in said:
        writer.fresh(text)
    draft = PageDraft("", title, "", [], [], {}, cited, "", (), attributes, conflicts, [], {})
    origin = lead_sentences(cited, title)[1]
    return (_usage(writer, draft, origin) + _content(writer, draft, origin) + _recent_changes(writer, draft)
            + _see_also(draft))


def _attributes(draft: PageDraft, lead_origin: str | None) -> list[AttributeRow]:
    """The key facts of the page's sources (keyfacts.py), then the attributes they
    state as fields; a key fact a field already states is not stated twice."""
    stated = {a.label.casefold() for a in draft.attributes} | {c.label.casefold() for c in draft.conflicts}
    own = next((s.id for s in draft.cited if s.content.man and _topic_key(s.content.man.names[0]) == _topic_key(draft.title)),
               lead_origin)
    facts = key_facts([(s.id, s.content) for s in ordered_sources(draft.cited)], own)
    return [f for f in facts if f.label.casefold() not in stated] + draft.attributes


@dataclass(frozen=True)
class Composition:
    """A page's description and its body around its related list: what a batch reads
    of a page to find the pages it names (related.py) before that list is known, and
    writes with the list once it is, composed once."""

    description: str
    above: tuple[str, ...]  # the body's parts above the related list
    below: tuple[str, ...]  # ... and below it (the sources)
    footnotes: dict[str, str]  # label -> what a footnote of the body says

    def body(self, related: list[tuple[str, str]]) -> str:
        """The body with `related` as its related list (footnote definitions included)."""
        parts = list(self.above)
        if related:
            parts.append(f"# {HEADING}\n\n" + "\n".join(f"* [{_link_text(t)}](/{i}.md)" for t, i in related))
        body = "\n\n".join([*parts, *self.below])
        definitions = footnote_definitions(body, self.footnotes)
        return body + "\n\n" + definitions if definitions else body


def read_back(description: str, body: str) -> Composition | None:
    """The composition of a page this engine wrote and nobody has changed since, read
    back from its text (None when it is not laid out as `Composition.body` writes it):
    a batch that changes only its related list writes it with the new list, without
    drafting it again from every source it cites (which reads their archived texts
    again: the part of an update that grew with the wiki times the batch)."""
    lines = body.strip().split("\n")
    ends = [n for n, line in enumerate(lines) if line == f"# {SOURCES}"]
    if not ends:
        return None
    start = end = ends[-1]  # the related list stands right above the sources
    heading = f"# {HEADING}"
    if heading in lines[:start]:
        first = max(n for n, line in enumerate(lines[:start]) if line == heading)
        if lines[first + 1] != "" or lines[start - 1] != "" or not all(
                LINK.match(line) for line in lines[first + 2:start - 1]):
            return None  # laid out otherwise: drafted again
        start = first
    above = "\n".join(lines[:start]).rstrip("\n")
    return Composition(description, (above,) if above else (), ("\n".join(lines[end:]),), {})


def composition(draft: PageDraft) -> Composition:
    """The page `draft` gives, but for its related list (see Composition)."""
    _, origin = lead_sentences(draft.cited, draft.title)
    attributes = _attributes(draft, origin)
    writer = _Writer(_known_facts(attributes, draft.conflicts))
    parts: list[str] = []
    if draft.prose:
        parts.append(draft.prose)
        for paragraph in draft.prose.split("\n\n"):
            writer.fresh(paragraph)
    lead, sentences = _lead(writer, draft)
    paragraphs = list(draft.notes) + lead
    if paragraphs:
        if draft.prose:
            parts.append(f"# {SOURCE_NOTES}")
        parts += paragraphs
    parts += fact_tables(attributes, draft.conflicts)
    parts += _usage(writer, draft, origin)
    parts += _content(writer, draft, origin)
    parts += _recent_changes(writer, draft)
    parts += _see_also(draft)
    titles = {s.id: s.title for s in draft.cited}
    titles |= {s["id"]: str(s.get("title") or draft.labels.get(s["id"]) or s["id"])
               for s in draft.sources if isinstance(s.get("id"), str) and s["id"] not in titles}
    return Composition(draft.description or describe(draft, sentences), tuple(parts), tuple(_sources(draft)),
                       {**draft.footnotes, **titles})


def compose(draft: PageDraft) -> tuple[str, str]:
    """The page's description and body (footnote definitions included)."""
    composed = composition(draft)
    return composed.description, composed.body(draft.related)


def body_blocks(cited: list[PageSource], type_: str, title: str) -> set[str]:
    """The blocks (whitespace folded) a page of these sources alone has: what an update
    of a page this engine wrote from them may drop and write again (prior.py)."""
    draft = PageDraft(type_, title, "", [], [], {}, cited, "", (), [], [], [], {})
    _, body = compose(draft)
    return {" ".join(b.split()) for b in body.split("\n\n") if b.strip()}


def render(draft: PageDraft, now: datetime, composed: Composition | None = None) -> str:
    """The complete page text for `draft`, written with render_page; `composed`: the
    draft's composition when the batch has it already (its related list aside)."""
    composed = composed or composition(draft)
    description, body = composed.description, composed.body(draft.related)
    frontmatter: dict[str, Any] = {
        "type": draft.type,
        "title": draft.title,
        "description": description,
        "tags": draft.tags,
        "generated": {"by": f"wikid/{__version__}", "at": iso(now)},
        "sources": draft.sources,
    }
    for key, value in draft.extra.items():
        frontmatter.setdefault(key, value)
    return render_page(frontmatter, body)

