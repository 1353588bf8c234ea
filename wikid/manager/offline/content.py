"""What one source contributes to its entity's page, read from its outline.

A page is what its sources know, so each source is read for:

* its lead: the whole sentences that say what its subject is (a manual page's NAME
  line and the first sentences of its DESCRIPTION; else the first paragraph of
  prose);
* its content: its sections as the document has them, carried whole when the
  document is short (a README, a runbook, minutes, a FAQ of a few questions: every
  step, item and table) and abridged when it is long (each section's first
  paragraphs whole, its lists' first items, every term of its definition lists with
  the first sentence of its description, a table's first rows, its first examples
  and those a paragraph introduces) -- shorter, never cut;
  a label over a list (`Daily` over its steps) and a list of topics each with its own
  items (an agenda) become sections of their own;
* a changelog's or NEWS file's newest releases (document/changes.py), instead of
  sections;
* key facts: the newest version and its date, where bugs go, the author;
* the shape of a data file.

Pure functions of one document's outline and identity.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from wikid.document.changes import Release, before_releases, is_debian_changelog, notes_among_releases, release_history
from wikid.document.facts import (
    LICENCE_HEADING,
    documentation_site,
    home_page,
    is_licence_text,
    licence,
    requirement,
    stated_version,
)
from wikid.document.furniture import is_boilerplate, is_revision_stamp, is_sign_off, without_closing
from wikid.document.linekinds import SIGNATURE
from wikid.document.manpage import ManPage, header_section, read_manpage
from wikid.document.model import (
    Block,
    Code,
    Item,
    ItemList,
    Outline,
    Paragraph,
    Section,
    Table,
    Term,
    Terms,
    block_text,
    walk,
    word_count,
)
from wikid.document.model import sections as all_sections
from wikid.document.projects import man_version
from wikid.document.sentences import display_heading, first_sentence, goes_on, is_sentence, spellings, split_sentences
from wikid.manager.offline.datashape import DATA_SUFFIXES, structured, table_shape

SHORT_WORDS = 32000  # a document this short is carried whole: a library's reference, a long manual page
LONG_BUDGET_WORDS = 16000  # what an abridged document carries (its definition lists aside)
MAX_LEAD_SENTENCES = 4
MAX_LEAD_CHARS = 600
MAX_LEAD_SECTIONS = 4  # a lead that defines the subject is looked for this far into a document
MIN_PROSE_WORDS = 6  # a paragraph this long that ends as a sentence is prose a later one may lean on
MAX_ITEMS = 60  # items of one list in an abridged document
MAX_PARAGRAPHS = 8  # paragraphs of one section in an abridged document, or more while
MAX_SECTION_WORDS = 600  # they hold this many words (a walk-through of short steps is kept whole)
MAX_EXAMPLES = 3  # short code blocks of one section besides those a paragraph introduces
MAX_SECTION_EXAMPLES = 15  # ... of a section of examples (a manual's EXAMPLES)
MAX_EXPLAINED = 3  # paragraphs past the budget that explain the example right above them
MAX_PARAGRAPH_WORDS = 300  # a longer "paragraph" is text a converter flattened: its first sentences
MAX_ITEM_CHARS = 700  # a longer item (of an abridged document) is shown by its first sentence
MAX_TERM_CHARS = 450  # a flattened term description (past MAX_PARAGRAPH_WORDS): its first sentences up to this
MAX_TERM_WORDS = 1000  # an entry of an abridged document: its further paragraphs, examples and lists up to this
MAX_FOLDED_ITEMS = 12  # a list a term's description introduces, folded into it up to this many items
MAX_INTRODUCED_BLOCKS = 12  # blocks a term's description introduces with a colon, kept under it
MAX_TABLE_ROWS = 200  # rows of a table in an abridged document: a reference table (a manual's formats) whole
MAX_SHORT_TABLE_ROWS = 200
MAX_CODE_LINES = 25
MAX_SHORT_CODE_LINES = 60  # an example an abridged document's kept text introduces
MAX_SETTINGS_LINES = 1000  # names and their values, one a line, of a short document kept whole
MAX_WHOLE_CODE_LINES = 150  # an example of a short document (a README's tour of its API), past it its first steps
MAX_TERMS = 400
# A sentence opening so asks the reader to do something or sets a condition: it says
# nothing of what the entity is, whatever follows (`Please read the manual first`,
# `When a new major version is released, ...`, `To build it, run ...`).
_ASIDE = re.compile(r"(?:please|note|see|read|check|make sure|do not|don't|thanks|thank you|when|whenever|if|unless"
                    r"|before|after|once|since|while|although|because|to \w+ (?:it|this|the)\b)\b", re.IGNORECASE)
# A sentence defining its one-word subject, spelled out or not (`frob (file robot) is a tool`).
_DEFINES = re.compile(r"^[\w.+-]+(?: \([^()]{1,80}\))? (?:is|are) (?:a|an|the)\b")
# What an API reference repeats of a base class (pydoc's `Methods inherited from Handler:`,
# javadoc's `Methods inherited from class java.lang.Object`).
_INHERITED = re.compile(r"^(?:[\w-]+ ){1,5}inherited from (?:class |interface )?[\w.]+:?$", re.IGNORECASE)
_PROMPT = re.compile(r"^(?:>>> |\$ |% |[\w@.-]*[$#] )")  # where a session's next step starts
MAX_FIELD_WORDS = 4
_VERSION_VALUE = re.compile(r"v?\d+(?:\.\d+)+[\w.+-]*")
_PATH_VALUE = re.compile(r"/[\w.+-]+(?:/[\w.+-]+)+")  # `/usr/lib/python3.11/logging/__init__.py`
_EXAMPLES = re.compile(r"(?:usage )?examples?(?: of use| usage)?", re.IGNORECASE)
_WARNING = re.compile(r"(?:warning|caution|danger|important)\b[:!.]?", re.IGNORECASE)  # an admonition's label
# Words by which a sentence leans on what came before it (`... changes this behavior`, `Note also that ...`).
_BACK_REFERENCE = re.compile(r"\b(?:this|these|such|above|also|likewise|thus|otherwise|instead)\b", re.IGNORECASE)
_CAPITALS = re.compile(r"[A-Z][A-Z0-9_]+")  # `CFLAGS`, `CMAKE_BUILD_TYPE`
MIN_IDENTIFIER_SHARE = 0.5
MIN_IDENTIFIERS = 2
# Words a sentence's lead-in opens with (`For example:`, `In this case:`, `So:`): no label.
_OPENERS = frozenset("for in with by as if when so thus then also e.g. i.e. to from on at after before".split())
_CALL_FORM = re.compile(r"[\w.]+\(.*\)")
_CLOSED = re.compile(r"[.!?:;][\"')\]]*$")  # a paragraph ending so ends its sentence
MAX_LABEL_WORDS = 8
MAX_DATUM_WORDS = 10  # a field's value this short, with no full stop, is a datum (`Posting-Frequency: irregular`)
CHANGELOG_KINDS = frozenset({"changelog", "release notes", "history", "news"})
MIN_RELEASES = 2  # a document of another kind lists changes under this many versions to be read as a changelog
# Kinds whose sections name versions in passing (a FAQ's `GNU frob v4.0 and higher`, a
# manual's `version 1.0.8`): never read as release notes (a README may end in its changelog).
NOT_CHANGELOG_KINDS = frozenset({"FAQ", "tutorial", "guide", "reference", "to-do list", "contribution guide",
                                 "installation notes"})
MIN_PRELUDE_WORDS = 120  # what a changelog says before its releases is carried from this long (not a NEWS file's preamble)
_FIELD = re.compile(r"^[A-Z][\w /&'().-]{0,40}?:\s+\S")
# a licence's grant over the clauses it lists: `... permitted provided that the following conditions are met:`
_CONDITIONS = re.compile(r"\bconditions?\b[^.]*:\s*$", re.IGNORECASE)
_EMAIL = re.compile(r"<?([\w.+-]+@[\w-]+(?:\.[\w-]+)+)>?")
_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>()\"']+[^\s<>()\"'.,;:]")
DECLARED = re.compile(r"^class [A-Za-z_]\w*\b")  # a module reference's class, by its declaration
# A sentence announcing the lines after it (`the terms change as below for all orders
# placed from 1 March`): those lines are what it says.
ANNOUNCES = re.compile(r"\bas (?:below|follows)\b|\bthe following\b|:$", re.IGNORECASE)
# A letter's opening (`Dear Maya,`) is no description; what follows it may be.
_SALUTATION = re.compile(r"^(?:dear|hi|hello|hey|greetings)\b[^,.!?:]{0,40}[,!:]\s*", re.IGNORECASE)
_AUXILIARIES = frozenset("will would can could should must may might shall is are was were be been has have had "
                         "do does".split())
# A speaker or a contraction makes a sentence (`Here's some I find interesting:`), never a label.
_PERSONAL = re.compile(r"\b(?:we|you|they|he|she)\b|(?<=\s)I(?=\s)|\b(?:here|there|that|it|what|let)'s\b|\w'(?:re|ve|ll|m)\b",
                       re.IGNORECASE)  # (`Priya's action items:` is a label)
_WRITTEN_BY = re.compile(r"^(?:[\w-]+(?: [\w-]+)? (?:was|were|is) )?(?:originally )?"
                         r"(?:written|created|developed|maintained|started) by\s+", re.IGNORECASE)
_MAINTAINED_BY = re.compile(r",? and (?:is |has been )?(?:currently |now )?maintained by\s+", re.IGNORECASE)
MAX_NAME_WORDS = 6
# `This manual page contributed by ...`: who wrote the manual, not the program
_OF_THE_MANUAL = re.compile(r"\b(?:manual|man) page\b|\bdocumentation\b", re.IGNORECASE)


@dataclass(frozen=True)
class Content:
    """What one source says, ready for a page to carry (see the module docstring)."""

    lead: tuple[str, ...] = ()
    man: ManPage | None = None
    sections: tuple[Section, ...] = ()
    releases: tuple[Release, ...] = ()  # the newest (changes.MAX_RELEASES)
    listed_releases: int = 0  # how many releases the changelog lists
    oldest_release: Release | None = None
    facts: tuple[tuple[str, str], ...] = ()
    data: tuple[str, Table | None, int] | None = None  # shape sentence, a sample of records, how many
    tables: tuple[Table, ...] = field(default=())  # a data file's own tables
    words: int = 0
    short: bool = True
    debian: bool = False  # its releases are a Debian package's
    heading: str = ""  # the heading holding the whole document (`# Security` over a policy's parts)
    lead_section: str = ""  # the title of the section the lead was taken from ("" for the opening)
    # where in that section the lead stood when blocks came before it (`HTTP/1.1 frob library` and an
    # example over the first sentence): the block before it, and what its paragraph said after it
    lead_after: Block | None = None
    lead_rest: str = ""

    @property
    def is_changelog(self) -> bool:
        return bool(self.releases)


def is_label(text: str) -> bool:
    """A few words that name what follows (`Daily`, `Weekly (Friday)`, `Action items:`),
    not a sentence."""
    words = text.split()
    if not words or len(words) > MAX_LABEL_WORDS or _FIELD.match(text) or _URL.search(text) or goes_on(text) \
            or _CALL_FORM.fullmatch(text):
        return False  # (`Pool(processes=None)` over a class's members is its constructor's call, code)
    folded = {w.rstrip(":").casefold() for w in words}
    if folded & _AUXILIARIES or _PERSONAL.search(text) or not (text[0].isupper() or text[0].isdigit()):
        return False  # a sentence (`Here is the disclosure policy`, `frob provides 3 drivers:`), not a name
    if text.endswith(":"):  # `Action items:`, not the opening of a sentence (`By default, frob will:`,
        # `frob has the following options:`, `Frob supports the following options:`)
        return len(words) <= 6 and "," not in text and not goes_on(text[:-1]) and "following" not in folded \
            and words[0].casefold() not in _OPENERS  # `For example:`, `In short:` lead on, they name nothing
    return text[-1] not in ".!?;,"


def is_field(block: Block) -> bool:
    """A paragraph that opens on a label and a colon (`Date: 2024-03-01`, `Note: …`):
    no lead is taken from it."""
    return isinstance(block, Paragraph) and bool(_FIELD.match(block.text)) and len(block.text.split()) <= 25


def _is_metadata(block: Block) -> bool:
    """A field whose value is a datum, not a sentence (`Archive-Name: frob-faq`,
    `Last-modified: 10 March 2003`): an abridged document leaves it out. A labelled
    sentence (`Hint: several addresses may be given.`, `The scoped flags are: …`,
    `WARNING: …`) is what the document says and stays where it stands."""
    if not is_field(block):
        return False
    label, _, value = block.text.partition(":")  # type: ignore[union-attr]
    words = value.split()
    return (len(words) <= MAX_DATUM_WORDS and value.rstrip()[-1:] not in ".!?:"
            and label.split()[-1].casefold() not in _AUXILIARIES)


def _steps_among_sentences(blocks: tuple[Block, ...]) -> bool:
    """Whether the labels over lists among `blocks` are steps beside others a sentence
    heads (`Configure frob:` and `Build frob:` over their items, then `Install the
    package.` over its own): made sections, the labels would take the sentences' steps
    into the last of them, so none is."""
    labelled = [n for n, b in enumerate(blocks[:-1]) if isinstance(b, Paragraph) and is_label(b.text)
                and isinstance(blocks[n + 1], ItemList)]
    return bool(labelled) and any(
        isinstance(b, Paragraph) and b.text.endswith(".") and isinstance(blocks[n + 1], ItemList)
        for n, b in enumerate(blocks[:-1]) if n > labelled[0])


def _promote(blocks: tuple[Block, ...], level: int) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """Blocks with labels over lists, and lists of topics each with its items, made
    sections of their own; what stays is returned in order with the new sections."""
    kept: list[Block] = []
    made: list[Section] = []
    # a label said again over each record's list (`Methods defined here:` under each class)
    # labels the list where it stands: made sections, the lists would leave their records
    recurring = {t for t, k in Counter(b.text for b in blocks if isinstance(b, Paragraph)).items() if k > 1}
    steps = _steps_among_sentences(blocks)
    n = 0
    while n < len(blocks):
        block = blocks[n]
        following = blocks[n + 1] if n + 1 < len(blocks) else None
        if isinstance(block, Paragraph) and is_label(block.text) and block.text not in recurring and not steps \
                and isinstance(following, (ItemList, Terms, Table)):
            made.append(Section(block.text.rstrip(":"), level, (following,)))
            n += 2
            continue
        if isinstance(block, ItemList) and len(block.items) >= 2 and all(
                is_label(i.text) and i.children and isinstance(i.children[0], ItemList) for i in block.items):
            made += [Section(i.text.rstrip(":"), level, i.children) for i in block.items]
            n += 1
            continue
        if made:  # text after the promoted sections stays with the last of them
            last = made[-1]
            made[-1] = Section(last.title, last.level, last.blocks + (block,), last.sections)
        else:
            kept.append(block)
        n += 1
    return tuple(kept), tuple(made)


def _reshaped(section: Section) -> Section:
    blocks, made = _promote(section.blocks, section.level + 1)
    blocks, classes = _class_sections(blocks, section.level + 1)
    return Section(section.title, section.level, blocks,
                   _aliases_named(classes + made + tuple(_reshaped(s) for s in section.sections)))


def _aliases_named(sections: tuple[Section, ...]) -> tuple[Section, ...]:
    """Sections with a class pydoc lists again under another name (`class Frob(Base)
    (alias frobClass)` beside `class Frob(Base)`, the same members word for word) said in
    a sentence: its members are in the section of its own name."""
    titles = {s.title for s in sections}
    out = []
    for s in sections:
        alias = _ALIAS_TITLE.match(s.title)
        if alias and alias.group(1) in titles:
            name = _CLASS_NAME.sub("", alias.group(1))
            s = Section(s.title, s.level, (Paragraph(f"{alias.group(2)} is another name for {name}, above."),))
        out.append(s)
    return tuple(out)


_ALIAS_TITLE = re.compile(r"^(.+) \(alias ([\w.]+)\)$")
_CLASS_NAME = re.compile(r"^class |\(.*\)$")  # `class Frob(Base)`: Frob


def _class_sections(blocks: tuple[Block, ...], level: int) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """A section's closing list of classes (`class Frob(builtins.object)` over its
    constructor, its docstring and its members, as pydoc's text sets them) made a
    section each, as pydoc's HTML of the same module reads: one reference, one shape."""
    last = blocks[-1] if blocks else None
    if not isinstance(last, Terms) or not all(_CLASS_TERM.match(t.term) and t.body for t in last.entries):
        return blocks, ()
    return blocks[:-1], tuple(_reshaped(Section(t.term, level, t.body)) for t in last.entries)


_CLASS_TERM = re.compile(r"^class [A-Za-z_][\w.]*(?:\(.*\))?(?: \(alias [\w.]+\))?$")  # `class Frob(Base)`


def _lead_sentences(text: str) -> list[str]:
    """The sentences of a paragraph a lead takes: all of them when the paragraph is
    short, else its first only -- the rest stays in its section, which then goes on
    from a sentence that does not lean on the ones taken (`GnuPG 2.x supports ...`
    after `There are two versions: 1.x and 2.x.`) as rarely as a cut can manage; never
    a last sentence that introduces what follows it."""
    sentences = split_sentences(text)
    if len(text) > MAX_LEAD_CHARS or len(sentences) > MAX_LEAD_SENTENCES:
        return sentences[:1]
    if len(sentences) > 1 and sentences[-1].endswith(":") and (cut := _LOWER_START.search(sentences[-1])):
        # `... and others. frobkit currently supports:`: a sentence opening with a
        # lower-case name runs on from the one before it; the lead keeps that one
        sentences[-1:] = [sentences[-1][:cut.start() + 1], sentences[-1][cut.end():]]
    while len(sentences) > 1 and (sentences[-1].endswith(":") or goes_on(sentences[-1])):
        sentences.pop()  # `It has been tested on:` introduces a list: it stays with it in its section
    return sentences


# The end of a sentence before one that opens with a lower-case name (`... and others.
# frobkit currently supports`): the last such stop after a word of letters, not an abbreviation's.
_LOWER_START = re.compile(r"(?<=[a-z]{2})(?<!\betc)(?<!\bvs)(?<!\bcf)(?<!\bal)\. (?=[a-z][\w-]* [a-z]+[^.]*:$)")


def _lead_from(blocks: tuple[Block, ...], names: frozenset[str]) -> tuple[list[str], tuple[Block, ...]]:
    """The lead sentences of the first paragraph of prose among `blocks`, and the
    blocks without what the lead took."""
    for n, block in enumerate(blocks[:6]):
        if not isinstance(block, Paragraph) or is_boilerplate(block.text) or is_field(block):
            continue
        text = _SALUTATION.sub("", block.text)
        if text != block.text:  # `Dear Maya, following ...`: the sentence starts after the salutation
            text = text[:1].upper() + text[1:]
        sentences = split_sentences(text)
        if sentences and _ASIDE.match(sentences[0]):
            return [], blocks  # `Please read the manual ...`, `When a new version is out, ...`: no lead
        if sentences and not is_sentence(sentences[0], names) and _is_prose_paragraph(text):
            return [], blocks  # a later paragraph leans on this one: no lead rather than one out of order
        if not sentences or not is_sentence(sentences[0], names):
            continue
        lead = _lead_sentences(text)
        if lead == sentences and ANNOUNCES.search(lead[-1]) and n + 1 < len(blocks) \
                and isinstance(blocks[n + 1], Paragraph) and is_field(blocks[n + 1]):
            return [], blocks  # `the terms change as below ...` over the terms: it stays with them
        rest = text[len(" ".join(lead)):].strip() if text.startswith(" ".join(lead)) else " ".join(sentences[len(lead):])
        remaining = blocks[:n] + ((Paragraph(rest),) if rest else ()) + blocks[n + 1 :]
        return [s if _SENDS.search(s) else _INSIDE_ADDRESS.sub("", s) for s in lead], remaining
    return [], blocks


# The address a reader writes after a link's text (`a Frob (https://frob.example) library`):
# in a lead, a link inside a sentence annotates a word of what the entity is, unless the
# sentence sends the reader there (`To ship faster, check out Frob (https://...).`); one
# ending it is where it goes (`Report bugs via FrobTracker (https://...).`).
# (an address may hold parentheses of its own: `…/Frob_(software)#files`)
LINK_ADDRESS = re.compile(r" ?\((?:https?|ftp)://(?:[^\s()]|\([^\s()]*\))+\)")
_INSIDE_ADDRESS = re.compile(LINK_ADDRESS.pattern + r"(?![.!?]?$)")
_SENDS = re.compile(r"\b(?:see|visit|read (?:the|our|more)|check out|refer to|consult|go to|head over to)\b", re.IGNORECASE)


def _defined_later(sections: tuple[Section, ...], names: frozenset[str]) -> tuple[list[str], tuple[Section, ...], str]:
    """A lead from the first paragraph of a later top-level section when it opens by
    defining its subject (`psutil (process and system utilities) is a cross-platform
    library ...` under `Summary`, after a section of links): such a sentence leans on
    nothing before it, so taking it out of order loses nothing."""
    for n, section in enumerate(sections[:MAX_LEAD_SECTIONS]):
        first = next((b for b in section.blocks if isinstance(b, Paragraph)), None)
        if first is not None and _DEFINES.match(first.text):
            lead, rest = _lead_from(section.blocks, names)
            if lead:
                return lead, (*sections[:n], Section(section.title, section.level, rest, section.sections),
                              *sections[n + 1:]), section.title
    return [], sections, ""


def _is_prose_paragraph(text: str) -> bool:
    """A paragraph of sentences (six words or more, ending as a sentence or on the colon
    that introduces what follows), not a label or a field standing before the prose."""
    return len(text.split()) >= MIN_PROSE_WORDS and text.rstrip()[-1:] in (".", "!", "?", ":")


def _abridge_item(item: Item) -> Item:
    """An item shown by its first sentence when long, with the lists nested in it (what
    `for all files in use by the process:` goes on to list) and its short examples."""
    text = item.text if len(item.text) <= MAX_ITEM_CHARS else first_sentence(item.text)
    # `... with a backslash. Thus,` over its example; `... a way of implementing` runs on into it
    introduces = text == item.text and (text.endswith((":", ",")) or not _CLOSED.search(text))
    nested: list[Block] = []
    for n, child in enumerate(item.children):
        if isinstance(child, ItemList):
            items = tuple(_abridge_item(i) for i in child.items[:MAX_ITEMS] if i.text)
            if items:
                nested.append(ItemList(items, child.ordered, child.start))
        elif isinstance(child, Code) and len(child.text.splitlines()) <= MAX_CODE_LINES:
            nested.append(child)  # the example the item shows (`Instead of "s/a//g", use` over it)
        elif isinstance(child, Paragraph) and ((introduces and n == 0 and len(child.text) <= MAX_ITEM_CHARS)
                                               or ADDRESS.fullmatch(child.text)):
            nested.append(child)  # what the item introduces, read as text (a command the reader took for prose),
            # or where the step gets what it names (`Download Frob` over its address)
    return Item(text, tuple(nested))


ADDRESS = re.compile(r"(?:https?|ftp)://\S+")  # an address and what stands fast after it


def _abridge_term(term: Term) -> Term:
    """A term with its description's first paragraph whole (cut after a sentence, the
    rest of how the option works is lost: `... Use this option when` reads as complete
    and is not; only text a converter flattened is shown by its first sentences) and
    what that paragraph introduces: a short list folded
    into it (`This option has several effects: a; b; c.`), a longer list or the
    values it defines (`format can be one of the following:` over `p`, `c`, `d`)
    kept under it, so no description ends on a colon."""
    paragraphs = [b for b in term.body if isinstance(b, Paragraph)]
    first = paragraphs[0].text if paragraphs else term.description
    description = first if len(first.split()) <= MAX_PARAGRAPH_WORDS else _first_sentences(first, MAX_TERM_CHARS)
    under: tuple[Block, ...] = ()
    if description.endswith(":"):
        following = term.body[term.body.index(paragraphs[0]) + 1:] if paragraphs else ()
        listed = following[0] if following else None
        if isinstance(listed, ItemList) and len(listed.items) <= MAX_FOLDED_ITEMS and len(following) == 1:
            description = f"{description} {'; '.join(i.text.rstrip('.;,') for i in listed.items if i.text)}."
        elif listed is not None:  # (valgrind's `Currently known hints are:` over paragraphs `• lax-ioctls: ...`)
            under = _introduced(following)  # and how the option goes on past them (rsync's `--relative`)
            under += _further(following[len(under):], MAX_TERM_WORDS - len(description.split())
                              - sum(len(block_text(b).split()) for b in under))
        if not under and not description.endswith("."):
            said = split_sentences(description)
            description = " ".join(said[:-1]) if len(said) > 1 else description
    else:
        following = term.body[term.body.index(paragraphs[0]) + 1:] if paragraphs else ()
        runs_on = description == first and description[-1:] not in (".", "!", "?", ")", '"')
        if runs_on and following and isinstance(following[0], Code) and len(following[0].text.splitlines()) <= MAX_CODE_LINES:
            under = following[:1]  # `... must already have been created using the command` over the command
        else:
            under = _further(following, MAX_TERM_WORDS - len(description.split()))
    return Term(term.term, ((Paragraph(description),) if description else ()) + under)


def _further(blocks: tuple[Block, ...], left: int) -> tuple[Block, ...]:
    """What an entry says after its first paragraph, while it fits in `left` words: its
    further paragraphs whole (`If you start the data with the letter @, ...`: the rest
    of how the option works), the example or the list right after a kept paragraph;
    past them, a later paragraph that introduces a list, with the list (_later_list).
    (A class's entry opens with its constructor call, `Formatter(fmt=None)`: what the
    class is comes in the paragraph after.)"""
    kept: list[Block] = []
    for n, block in enumerate(blocks):
        after_paragraph = not kept or isinstance(kept[-1], Paragraph)
        if isinstance(block, Paragraph) and len(block.text.split()) <= max(left, 0):
            kept.append(block)
            left -= len(block.text.split())
        elif isinstance(block, (ItemList, Terms, Table)) and after_paragraph:
            kept.extend(_introduced((block,)))
            if not isinstance(block, Terms):  # (a class's methods are its entry's own definitions: they do not count)
                left -= len(block_text(block).split())
        elif isinstance(block, Code) and (after_paragraph or isinstance(kept[-1], Code)) \
                and len(block.text.splitlines()) <= MAX_CODE_LINES:
            kept.append(block)  # (examples one after another: curl's config file over its next lines)
        else:
            return (*_without_dangling(kept), *_later_list(blocks[n:]))
    return tuple(kept)


def _without_dangling(kept: list[Block]) -> list[Block]:
    """The blocks kept of an entry, without a last paragraph that only leads to what was
    left out (`Note`, `... giving the following command line option:`)."""
    while kept and isinstance(kept[-1], Paragraph) and (_leads_on(kept[-1].text) or is_label(kept[-1].text)):
        kept = kept[:-1]
    return kept


def _leads_on(text: str) -> bool:
    """Whether a paragraph ends introducing what comes after it; an address ending in
    `::` (`host.example.org::`, a daemon's module list) does not."""
    return text.endswith(":") and not text.endswith("::")


def _later_list(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """A description's later paragraph that introduces a list (`Some options require the
    whole file list. These include:`) with what it introduces, else nothing: the list
    is what a reader looks the option up for."""
    for n, block in enumerate(blocks[:-1]):
        if isinstance(block, Paragraph) and block.text.endswith(":") and len(block.text) <= MAX_TERM_CHARS \
                and isinstance(blocks[n + 1], (ItemList, Terms, Table)):
            return (block, *_introduced(blocks[n + 1 : n + 2]))
    return ()


def _introduced(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """What a description ending on a colon introduces, abridged: the lists, values,
    tables, short examples and short paragraphs after it (a value a reader set as a
    paragraph among the entries too), up to MAX_INTRODUCED_BLOCKS."""
    out: list[Block] = []
    for block in blocks[:MAX_INTRODUCED_BLOCKS]:
        if isinstance(block, ItemList):
            out.append(ItemList(tuple(_abridge_item(i) for i in block.items[:MAX_ITEMS]), block.ordered, block.start))
        elif isinstance(block, Terms):
            out.append(Terms(tuple(_abridge_term(t) for t in block.entries[:MAX_ITEMS])))
        elif isinstance(block, Table):
            out.append(Table(block.header, block.rows[:MAX_TABLE_ROWS]))
        elif (isinstance(block, Code) and len(block.text.splitlines()) <= MAX_CODE_LINES) or (isinstance(block, Paragraph) and len(block.text) <= MAX_TERM_CHARS):
            out.append(block)
        else:
            break
    return tuple(out)


def _first_sentences(text: str, limit: int) -> str:
    """The sentences `text` opens with, up to `limit` characters (its first one at least)."""
    kept: list[str] = []
    for sentence in split_sentences(text):
        if kept and len(" ".join([*kept, sentence])) > limit:
            break
        kept.append(sentence)
    return " ".join(kept)


def _abridged_blocks(blocks: tuple[Block, ...], most_examples: int = MAX_EXAMPLES) -> tuple[Block, ...]:
    """One section's blocks, abridged: its first paragraphs whole (MAX_PARAGRAPHS, or
    as many as MAX_SECTION_WORDS hold; past them a paragraph that introduces a list),
    each list's first items, every term with its
    description's first paragraph, a table's first rows, its first short examples with
    the paragraphs that lead to them (`most_examples`: more in a section of examples),
    every example right after a kept paragraph (`...
    as follows:`, `so a third probe,`, `Then upload the file.`: a step without its code
    says nothing) and the answer to a question kept; a paragraph introducing a
    block left out is left out too, so no page ends a section on a colon, and so is an
    example whose lead-in was left out."""
    kept: list[tuple[int, Block]] = []
    paragraphs = examples = spent = explained = 0
    skipped = False  # a paragraph was left out: the text after it is no longer read in a row
    for n, block in enumerate(blocks):
        last = kept[-1][1] if kept and kept[-1][0] == n - 1 else None  # the block right before, when kept
        after_kept = isinstance(last, Paragraph)
        introduced = isinstance(last, Paragraph) and last.text.endswith(":")
        # `... so a third probe,` over the command: the sentence goes on through the code
        runs_on = isinstance(last, Paragraph) and not _CLOSED.search(last.text)
        answers = isinstance(last, Paragraph) and last.text.endswith("?")
        after_list = isinstance(last, ItemList)  # (its attributes, then it)
        # `A trailing slash on the source changes this behavior ...` under the example it explains
        explains = isinstance(last, Code) and explained < MAX_EXPLAINED and isinstance(block, Paragraph) \
            and _BACK_REFERENCE.search(first_sentence(block.text) or "") is not None
        # a warning, whatever the budget (`Warning: Restoring a dump causes ... arbitrary code`)
        warns = isinstance(block, Paragraph) and _WARNING.match(block.text) is not None
        following = blocks[n + 1] if n + 1 < len(blocks) else None
        if isinstance(block, Paragraph) and not _is_metadata(block):
            # past the budget, a paragraph still comes with the list it introduces (`These include:`),
            # with the example it leads to while examples are shown, and as the answer to a question kept
            example = isinstance(following, Code) and len(following.text.splitlines()) <= MAX_CODE_LINES \
                and examples < most_examples
            words = len(block.text.split())
            within = paragraphs < MAX_PARAGRAPHS or (spent + words <= MAX_SECTION_WORDS and not skipped)
            if within or answers or example or explains or warns \
                    or (block.text.endswith(":") and isinstance(following, (ItemList, Terms, Table))):
                kept.append((n, block))
                paragraphs += 1
                spent += words
                explained += explains and not within
            else:
                skipped = True
        elif isinstance(block, ItemList):
            items = tuple(_abridge_item(i) for i in block.items[:MAX_ITEMS] if i.text)
            if items:
                kept.append((n, ItemList(items, block.ordered, block.start)))
        elif isinstance(block, Terms):
            kept.append((n, Terms(tuple(_abridge_term(t) for t in block.entries[:MAX_TERMS]))))
        elif isinstance(block, Table):
            kept.append((n, Table(block.header, block.rows[:MAX_TABLE_ROWS])))
        elif isinstance(block, Code) and (((introduced or runs_on or after_kept or after_list)
                                           and len(block.text.splitlines()) <= MAX_SHORT_CODE_LINES)
                                          or (len(block.text.splitlines()) <= MAX_CODE_LINES and examples < most_examples
                                              and (after_kept or n == 0 or not isinstance(blocks[n - 1], Paragraph)))):
            # an example whose lead-in was left out is left out too: code says little without it
            kept.append((n, block))
            examples += 1
    out: list[Block] = []
    for k, (n, block) in enumerate(kept):
        if isinstance(block, Paragraph) and block.text.endswith(":") and n + 1 < len(blocks) \
                and (k + 1 == len(kept) or kept[k + 1][0] != n + 1):
            said = split_sentences(block.text)  # what it introduces was left out: so is the sentence that does
            if len(said) > 1:
                out.append(Paragraph(" ".join(said[:-1])))
            continue
        if isinstance(block, Terms) and out and isinstance(out[-1], Terms):
            out[-1] = Terms(out[-1].entries + block.entries)  # the paragraphs between them left out: one list
        else:
            out.append(block)
    return tuple(out)


def _whole_blocks(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    out: list[Block] = []
    for block in blocks:
        if isinstance(block, Table):
            block = Table(block.header, block.rows[:MAX_SHORT_TABLE_ROWS])
        elif isinstance(block, Code) and len(block.text.splitlines()) > MAX_WHOLE_CODE_LINES \
                and not _settings(block):
            out += _opening_of(block)
            continue
        out.append(block)
    return tuple(out)


# `KEY_LEFT = 260`, `version = b'2.2'`: a line of a module's data or a settings file
_SETTING = re.compile(r"^\s*[A-Za-z_][\w.]*(?:\[[^\]]*\])? = \S")


def _settings(code: Code) -> bool:
    """Whether a block is a list of names and their values (a module's constants, a
    settings file), up to MAX_SETTINGS_LINES: reference a reader looks a name up in,
    whole, never cut as an example is (`KEY_LEFT = 260` stays past an example's cut)."""
    lines = [line for line in code.text.splitlines() if line.strip()]
    return len(lines) <= MAX_SETTINGS_LINES and all(_SETTING.match(line) for line in lines)


def _opening_of(code: Code) -> list[Block]:
    """A long example by its first steps, cut where a step starts (a prompt, a blank
    line), and a line saying how much more the source shows: psutil's README showed
    nothing of its 130-line process-management session, the heart of its API."""
    lines = code.text.splitlines()
    cut = max((n for n in range(MAX_WHOLE_CODE_LINES // 2, MAX_WHOLE_CODE_LINES + 1)
               if not lines[n].strip() or _PROMPT.match(lines[n])), default=MAX_WHOLE_CODE_LINES)
    shown = "\n".join(lines[:cut]).rstrip()
    left = len(lines) - cut
    return [Code(shown, code.info), Paragraph(f"The example goes on for {left} more lines in the source.")]


def _without_notices(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """The blocks without free-software licence notices (the page states the licence),
    be they paragraphs (and those after one that go on in a notice's words), a commented
    block or a list of a licence's clauses (all of the clauses a notice's `provided that
    the following conditions are met:` introduces),
    and without revision-control stamps; a paragraph longer than a reader's paragraph
    by its first sentences (a page a converter flattened into one run of text); and
    without sign-offs (`-- Jane Roe <jane@example.org>`, a letter's `Kind regards, Jane Roe`)."""
    out: list[Block] = []
    notice = False  # the block before was a licence's grant over its clauses
    dropped = False  # the block before was a notice left out
    for n, block in enumerate(blocks):
        after_notice, notice = notice, False
        after_dropped, dropped = dropped, False
        if after_dropped and isinstance(block, Paragraph) and _NOTICE_WORDS.search(block.text):
            dropped = True  # the notice going on (`you have unlimited permission to copy it`, `the same copyright owner`)
            continue
        following = blocks[n + 1] if n + 1 < len(blocks) else None
        if isinstance(block, Paragraph) and isinstance(following, Paragraph) and is_licence_text(following.text) \
                and _LICENCE_TITLE.search(block.text) and not is_field(block) \
                and len(block.text.split()) <= MAX_LABEL_WORDS + 2 and block.text[-1:] not in ".!?:":
            continue  # `Additional permission under GNU GPL version 3 section 7`: the title of a notice left out
        if isinstance(block, Paragraph):
            notice = is_licence_text(block.text) and _CONDITIONS.search(block.text) is not None
            text = without_closing(block.text)
            # (a section's first line naming its authors and year is its byline, not a sign-off:
            # `2004, Jane Roe, John Doe` under a design note's title dates what it says)
            byline = not out and not _DASHED_LINE.match(text)
            if text and not is_licence_text(text) and not is_revision_stamp(text) and (byline or not is_sign_off(text)):
                out.append(_bounded(Paragraph(text) if text != block.text else block))
            elif text and is_licence_text(text) and (where := _where_to_get(text)):
                out.append(Paragraph(where))
            else:
                dropped = bool(text) and is_licence_text(text)
        elif isinstance(block, ItemList):
            items = tuple(i for i in block.items if not is_licence_text(i.text))
            if items and not after_notice:
                out.append(ItemList(items, block.ordered, block.start) if len(items) < len(block.items) else block)
        elif not (isinstance(block, Code) and is_licence_text(block.text)):
            out.append(block)
    return tuple(out)


def _where_to_get(notice: str) -> str:
    """The sentences of a licence notice that send the reader to another site and are
    no part of the licence (`The latest version of frob is always available from
    https://...`), "" when there are none: the page states the licence, not where to
    get the software."""
    return " ".join(s for s in split_sentences(notice) if not is_licence_text(s)
                    and (found := ADDRESS.search(s)) is not None and not _LICENCE_ADDRESS.search(found.group(0)))


_LICENCE_ADDRESS = re.compile(r"licen[cs]|copying|gpl", re.IGNORECASE)
_NOTICE_WORDS = re.compile(r"\b(?:copyright|permissions?)\b", re.IGNORECASE)  # a notice's own words
_DASHED_LINE = re.compile(r"^\s*(?:--|—|–)")
_LICENCE_TITLE = re.compile(r"\b(?:GPL|LGPL|licen[cs]e|permission|copying)\b", re.IGNORECASE)


def _bounded(paragraph: Paragraph) -> Paragraph:
    if len(paragraph.text.split()) <= MAX_PARAGRAPH_WORDS:
        return paragraph
    kept: list[str] = []
    for sentence in split_sentences(paragraph.text):
        if kept and sum(len(k.split()) for k in kept) + len(sentence.split()) > MAX_PARAGRAPH_WORDS:
            break
        kept.append(sentence)
    return Paragraph(" ".join(kept))


def _is_notice(section: Section) -> bool:
    """A section that holds the document's licence notice (`COPYRIGHT`, `License`)."""
    return bool(LICENCE_HEADING.match(section.title.strip())) and any(
        is_licence_text(block_text(b)) for _, b in walk(Outline((), (section,)))) and not _is_disclaimer(section)


def _is_disclaimer(section: Section) -> bool:
    """A `Warranty` or `Disclaimer` section in the author's own words, naming no
    licence (`Frob is provided as-is without any warranty ...`): what the document says,
    which no licence attribute states and which its next section may refer to (`Now
    that the obligatory disclaimer is out of the way, ...`)."""
    if _DISCLAIMER_TITLE.match(section.title.strip()) is None or section.sections:
        return False  # (most sections: their text is not joined to be asked)
    text = " ".join(block_text(b) for _, b in walk(Outline((), (section,))))
    return len(text.split()) <= MAX_DISCLAIMER_WORDS and _LICENCE_NAMED.search(text) is None


_DISCLAIMER_TITLE = re.compile(r"^(?:no )?(?:warranty|disclaimer)\W*$", re.IGNORECASE)
_LICENCE_NAMED = re.compile(r"licen[cs]|\bGPL\b|free software|public domain", re.IGNORECASE)
MAX_DISCLAIMER_WORDS = 150


def _carried(section: Section, short: bool) -> Section | None:
    if _is_notice(section) or _INHERITED.match(section.title):
        return None
    blocks = _without_inherited(section.blocks)
    blocks = _quoted_as_code(blocks if _is_disclaimer(section) else _without_notices(blocks))
    examples = MAX_SECTION_EXAMPLES if _EXAMPLES.fullmatch(section.title.strip()) else MAX_EXAMPLES
    blocks = _whole_blocks(blocks) if short else _abridged_blocks(blocks, examples)
    subsections = tuple(s for s in (_carried(sub, short) for sub in section.sections) if s is not None)
    if blocks and not subsections and isinstance(blocks[-1], Paragraph) and _leads_on(blocks[-1].text) \
            and len(blocks[-1].text.split()) <= MAX_LABEL_WORDS and not SIGNATURE.fullmatch(blocks[-1].text.rstrip(":")):
        # `Jump to:` over the in-page links the reader left out: it introduces nothing
        # (a call's form alone, `IN(source; s):` after `IN(s):`, is no lead-in)
        blocks = blocks[:-1]
    if not blocks and not subsections and not DECLARED.match(section.title):
        return None  # (a class with no docstring and inherited members only is still one of its module's)
    title = section.title
    if section.blocks and isinstance(section.blocks[0], Terms) and all(
            _SLOT_DESCRIPTOR.match(t.term) for t in section.blocks[0].entries) \
            and blocks and isinstance(blocks[0], Paragraph) and blocks[0].text.endswith(":") \
            and len(blocks[0].text.split()) <= MAX_LABEL_WORDS:
        # what the title headed was left out (pydoc's `Data descriptors defined here` over
        # `__dict__` and `__weakref__` alone): the label after it heads the rest
        title, blocks = blocks[0].text.rstrip(":"), blocks[1:]
    return Section(title, section.level, blocks, subsections)


def _quoted_as_code(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """Blocks with a paragraph that is one quoted token and nothing else (`"ftp://ftp.example.com/file[a-z].txt"`
    between examples a converter set as code, a query string) as the example it is, joined to the example of one such token before it."""
    out: list[Block] = []
    for block in blocks:
        if isinstance(block, Paragraph) and _QUOTED_TOKEN.fullmatch(block.text):
            if out and isinstance(out[-1], Code) and _QUOTED_TOKEN.fullmatch(out[-1].text.splitlines()[-1]):
                out[-1] = Code(f"{out[-1].text}\n{block.text}", out[-1].info)  # (the next of a run of examples)
                continue
            block = Code(block.text)
        out.append(block)
    return tuple(out)


_QUOTED_TOKEN = re.compile(r'"[^"\s]{6,}"')


def _without_inherited(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """The blocks without those an API reference repeats from a base class under a
    label (`Data and other attributes inherited from logging.Handler:`, up to the next
    label): the base class's own section has them, and the page once kept the
    inherited copy over a class's own definition of the same member."""
    out: list[Block] = []
    inherited = False
    for n, block in enumerate(blocks):
        if isinstance(block, Paragraph) and block.text.endswith(":") and len(block.text.split()) <= MAX_LABEL_WORDS:
            inherited = _INHERITED.match(block.text) is not None
            if inherited:
                continue
        if isinstance(block, Terms):
            # every Python class's `__dict__` and `__weakref__` (pydoc lists them under each one)
            kept = tuple(Term(t.term, _without_inherited(t.body)) for t in block.entries if not _SLOT_DESCRIPTOR.match(t.term))
            if not kept:
                following = blocks[n + 1] if n + 1 < len(blocks) else None
                if out and isinstance(out[-1], Paragraph) and out[-1].text.endswith(":") and (
                        following is None or (isinstance(following, Paragraph) and following.text.endswith(":"))):
                    out.pop()  # (`Data descriptors defined here:` over them alone; not over `manager` after them)
                continue
            block = Terms(kept)
        if not inherited:
            out.append(block)
    return tuple(out)


_SLOT_DESCRIPTOR = re.compile(r"^__(?:dict|weakref)__$")


def _within_budget(sections: list[Section]) -> list[Section]:
    """An abridged document's sections, in order, until LONG_BUDGET_WORDS are spent
    (definition lists, a manual page's options, do not count): the first whole, and
    one that does not fit by as many of its first subsections as do (a FAQ's chapter
    of examples by its first questions, not left out for a shorter one after it),
    leaving each later section room for its own text and first subsection when the
    budget has it (the FAQ's chapter 4 took all of it, and chapters 5 to 7 were lost)."""
    out: list[Section] = []
    spent = 0
    least = [_least(s) for s in sections]
    later = list(itertools.accumulate(reversed(least), initial=0))[::-1]  # later[n]: the leasts of sections n on
    for n, section in enumerate(sections):
        left = LONG_BUDGET_WORDS - spent
        shared = left - later[n + 1]  # what leaves each later one its first part
        kept = section if not out else _fitted(section, shared if shared >= least[n] else left)
        if kept is not None:
            spent += _counted_words(kept)
            out.append(kept)
    return out


def _fitted(section: Section, left: int) -> Section | None:
    """`section` within `left` words: whole, or its own text and its first subsections
    that fit; None when not even its own text and one subsection fit."""
    if _counted_words(section) <= left:
        return section
    own = _counted_words(Section(section.title, section.level, section.blocks, ()))
    subsections: list[Section] = []
    left -= own
    for sub in section.sections:
        kept = _fitted(sub, left)
        if kept is None:
            break
        subsections.append(kept)
        left -= _counted_words(kept)
    return Section(section.title, section.level, section.blocks, tuple(subsections)) if subsections else None


def _least(section: Section) -> int:
    """The fewest words `_fitted` keeps of `section`: its own text and its first
    subsection's least, or all of it when it has no subsections."""
    own = _counted_words(Section(section.title, section.level, section.blocks, ()))
    return own + _least(section.sections[0]) if section.sections else own


def _counted_words(section: Section) -> int:
    """The words of a section that count against the budget: all but definition lists'."""
    return sum(len(block_text(b).split()) for _, b in walk(Outline((), (section,))) if not isinstance(b, Terms))


def _field_sections(sections: list[Section]) -> tuple[list[tuple[str, str]], list[Section]]:
    """A manual's sections that hold one short value each, as facts: its `VERSION`
    (with its `DATE`, when it has one), not sections of their own; its `FILE`, where
    the module was installed on the machine that wrote the page, is left out (pydoc's
    `# Version / 0.5.1.2`, `# Date / 07 February 2010`, `# File / /usr/lib/...`)."""
    values = {s.title.strip().casefold(): s.blocks[0].text for s in sections
              if not s.sections and len(s.blocks) == 1 and isinstance(s.blocks[0], Paragraph)
              and len(s.blocks[0].text.split()) <= MAX_FIELD_WORDS}
    facts: list[tuple[str, str]] = []
    if _VERSION_VALUE.fullmatch(values.get("version", "")):
        dated = values.get("date")
        facts.append(("Version", values["version"] + (f", dated {dated}" if dated else "")))
    dropped = ({"version", "date"} if facts else set()) | ({"file"} if _PATH_VALUE.fullmatch(values.get("file", "")) else set())
    return facts, [s for s in sections if s.title.strip().casefold() not in dropped & values.keys()]


def _man_facts(man: ManPage) -> list[tuple[str, str]]:
    facts: list[tuple[str, str]] = []
    if man.bugs:
        found = _EMAIL.search(man.bugs) or _URL.search(man.bugs)
        if found:
            facts.append(("Bug reports", found.group(1) if found.re is _EMAIL else found.group(0)))
    if man.author:
        said = first_sentence(man.author)
        author, maintainer = _WRITTEN_BY.sub("", said).rstrip("."), ""
        if (then := _MAINTAINED_BY.search(author)) is not None:  # `Linus Torvalds, and is currently maintained by ...`
            author, maintainer = author[:then.start()], author[then.end():]
        if author and len(author.split()) <= 12 and not _URL.search(author) and not _OF_THE_MANUAL.search(said):
            facts.append(("Author", author))
            if maintainer and len(maintainer.split()) <= MAX_NAME_WORDS:
                facts.append(("Maintainer", maintainer))
    return facts


def _release_facts(release: Release, debian: bool) -> list[tuple[str, str]]:
    if not release.version:
        return []
    value = release.version + (f", released {release.date.isoformat()}" if release.date else "")
    return [("Debian package version" if debian else "Latest version", value)]


def _unwrapped(outline: Outline, title: str | None) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """A document's opening blocks and its sections, its title's section unwrapped
    (a document whose one top section is its title holds everything in it)."""
    blocks, sections = outline.blocks, outline.sections
    if (only := _holding_all(outline)) is not None:
        blocks, sections = blocks + only.blocks, only.sections
    elif sections and title and _words(sections[0].title) == _words(title) and not sections[0].sections:
        blocks, sections = blocks + sections[0].blocks, sections[1:]
    return blocks, sections


# A heading over a list of the parts that a text reader took for the title holding them
_CONTENTS_HEADINGS = frozenset({"contents", "table of contents", "toc", "index", "navigation"})


def _only_names(section: Section, title: str | None) -> bool:
    """A `NAME` section that says the document's name and nothing else (pydoc's `NAME`
    over `frob`, a package with no docstring): the page's title says it."""
    return bool(title) and _words(section.title) == ["name"] and not section.sections \
        and [block_text(b) for b in section.blocks] == [title]


def _holding_all(outline: Outline) -> Section | None:
    """The one top section a document's text sits in (its title's), or None."""
    sections = outline.sections
    if len(sections) == 1 and not any(isinstance(b, Paragraph) and len(b.text.split()) > 12 for b in outline.blocks):
        return sections[0]
    return None


def _words(text: str) -> list[str]:
    """A title's words, casefolded: `Notes - 12 June` is `Notes — 12 June`."""
    return re.findall(r"\w+", text.casefold())


# a word a typesetter hyphenated at the end of a line (groff's U+2010, a soft hyphen)
_LINE_HYPHEN = re.compile(r"(\w)[\u2010\u00ad]\n[ \t]*(\w)")


def _text_facts(text: str, current: str | None = None) -> list[tuple[str, str]]:
    """The home page, documentation site, licence and requirement the document names,
    and the version its opening says it is of; the sites and requirement from `current`
    when given (the part of a changelog that is not history, see _changelog_facts)."""
    text = _LINE_HYPHEN.sub(r"\1\2", text)  # (`Frob is available under the MIT li‐` / `cense.`)
    now = text if current is None else _LINE_HYPHEN.sub(r"\1\2", current)
    found = [("Homepage", home_page(now)), ("Licence", licence(text)), ("Version", stated_version(text)),
             ("Documentation", documentation_site(now)), ("Requires", requirement(now))]
    return [(label, value) for label, value in found if value]


def _changelog_facts(text: str, prelude: Outline, newest: Release) -> list[tuple[str, str]]:
    """A changelog's text facts, its home page only from what it says before its
    releases and in its newest one: an older entry's `The Home Page is now at ...` is
    history (bzip2's moved twice since), not where the project is now."""
    current = "\n".join([*(block_text(b) for _, b in walk(prelude)), *(c.text for c in newest.changes)])
    return _text_facts(text, current)


def read_content(outline: Outline, text: str, kind: str | None, title: str | None, suffix: str) -> Content:
    """The content of one source (see the module docstring); its sections' titles as a
    reader expects them, its words spelled as its text spells them (`TCP forwarding`)."""
    content = _read(outline, text, kind, title, suffix)
    if not content.sections:
        return content
    spelled = spellings(block_text(b) for _, b in walk(outline) if isinstance(b, (Paragraph, ItemList, Terms)))
    identifiers = sum("_" in s.title and _CAPITALS.fullmatch(s.title.strip()) is not None for s in all_sections(outline))
    holding = _holding_all(outline) if content.man is None and not content.releases else None
    heading = display_heading(holding.title, spelled) if holding is not None and holding.sections \
        and " ".join(_words(holding.title)) not in _CONTENTS_HEADINGS else ""
    return replace(content, sections=_titled(content.sections, spelled, identifiers >= MIN_IDENTIFIERS), heading=heading)


def _titled(parts: tuple[Section, ...], spelled: dict[str, str], identified: bool, depth: int = 0) -> tuple[Section, ...]:
    """Sections with their titles as a reader expects them; among subsections most of
    which are named by one word in capitals, in a document naming some by identifiers
    (`CMAKE_BUILD_TYPE`, `SSL_CERT_DIR`), each such word names one (`DESTDIR`, `CFLAGS`,
    not `Destdir`, `Cflags`); a manual's own `DESCRIPTION` and `FILES` are still
    `Description`, `Files`."""
    words = [s.title.strip() for s in parts if _CAPITALS.fullmatch(s.title.strip())]
    named = len(words) >= MIN_IDENTIFIER_SHARE * len(parts) and (
        (identified and depth > 0) or sum("_" in w for w in words) >= MIN_IDENTIFIERS)
    return tuple(Section(s.title.strip() if named and _CAPITALS.fullmatch(s.title.strip()) else display_heading(s.title, spelled),
                         s.level, s.blocks, _titled(s.sections, spelled, identified, depth + 1)) for s in parts)


def _without_blocks(section: Section, rest: tuple[Block, ...]) -> tuple[Section, ...]:
    """A manual's DESCRIPTION with `rest` for its blocks, the rest having gone to the
    lead; when nothing is left of them, its subsections in its place: a heading over
    nothing but subsections of its own (`## Description` over `### Options`) reads as
    text lost; when only its options are left, titled so."""
    if rest and all(isinstance(b, Terms) and all(t.term.startswith(("-", "+")) for t in b.entries) for b in rest) \
            and len(rest) < len(section.blocks):
        # (gcore's: its sentence went to the lead, its `-a` and `-o` stay: they are its options, not a description)
        return (Section("Options", section.level, rest, section.sections),)
    if rest or not section.sections:
        return (Section(section.title, section.level, rest, section.sections),)
    return _lifted(section.sections, section.level)


def _lifted(sections: tuple[Section, ...], level: int) -> tuple[Section, ...]:
    """`sections` a level up, the first at `level`, their subsections with them."""
    shift = sections[0].level - level
    return tuple(Section(s.title, s.level - shift, s.blocks, _lifted(s.sections, s.level - shift + 1) if s.sections else ())
                 for s in sections)


def _restates(sentence: str, purpose: str, names: tuple[str, ...]) -> bool:
    """Whether a sentence says again what a manual's NAME line says: the purpose
    itself, or `<one of its names> is a <purpose>.` (`GNU frob is a stream editor.`
    under `frob - stream editor`)."""
    if sentence.rstrip(".") == purpose:
        return True
    found = _IS_A.fullmatch(sentence.strip())
    return found is not None and _words(found.group(2)) == _words(purpose) \
        and any(name.casefold() in _words(found.group(1)) for name in names)


_IS_A = re.compile(r"(.{1,60}?)\s+(?:is|are)\s+(?:a|an|the)\s+(.+?)\.?")


def _read(outline: Outline, text: str, kind: str | None, title: str | None, suffix: str) -> Content:
    words = word_count(outline)
    short = words <= SHORT_WORDS
    names = frozenset(w for w in (title or "").split() if w[:1].islower())
    man = read_manpage(outline)
    if man is not None:
        man = replace(man, section=header_section(text))
        opening = [f"{man.names[0]} — {man.purpose}" if man.purpose else man.names[0]]
        sections = [_reshaped(s) for s in man.content]
        # (its blocks as reshaped: the unshaped ones would say again what its new subsections hold)
        description = [s for s in sections if s.title.casefold().strip() == "description"]
        if description:
            said, rest = _lead_from(description[0].blocks, names | {man.names[0]})
            rest = _named_again(description[0].blocks, rest, man.names[0], said) if said else rest
            k = _first_difference(description[0].blocks, rest)
            after = rest[k] if k < len(rest) and len(rest) < len(description[0].blocks) else None
            if said and isinstance(after, Paragraph) and _LEANS_ON.match(after.text):
                said, rest = [], description[0].blocks  # `For example, ...` after it: the paragraph stays with its example
            # (pydoc: the purpose is it; `GNU frob is a stream editor.` under `frob - stream editor`)
            opening += said[1:] if said and _restates(said[0], man.purpose, man.names) else said
            sections = [part for s in sections for part in (
                (s,) if s.title != description[0].title else _without_blocks(s, rest))]
        fields, sections = _field_sections(sections)
        kept = [c for s in sections if (c := _carried(s, short)) is not None]
        version = man_version([text.rstrip().rsplit("\n", 1)[-1]])  # its footer, the last line
        return Content(tuple(opening), man, tuple(kept if short else _within_budget(kept)),
                       facts=tuple(_man_facts(man) + fields + ([("Version", version)] if version else []) + _text_facts(text)),
                       words=words, short=short)
    releases, listed, oldest = release_history(text, outline) if kind in CHANGELOG_KINDS or (
        suffix not in DATA_SUFFIXES and kind not in NOT_CHANGELOG_KINDS) else ([], 0, None)
    if releases and (kind in CHANGELOG_KINDS or len({r.version for r in releases if r.changes}) >= MIN_RELEASES):
        debian = is_debian_changelog(text)
        lead: tuple[str, ...] = ()
        carried: tuple[Section, ...] = ()
        prelude = before_releases(outline)
        if not debian and word_count(prelude) >= MIN_PRELUDE_WORDS:  # notes that end in their release history
            lead, carried, _, _ = _prose(prelude, title, names, word_count(prelude) <= SHORT_WORDS)
        if not debian:  # and the notes among its releases (`What's new in Version 4`), after them
            carried += tuple(note for section in notes_among_releases(outline).sections
                             if (note := _carried(section, True)) is not None)
        return Content(lead, sections=carried, releases=tuple(releases), listed_releases=listed, oldest_release=oldest,
                       facts=tuple(_release_facts(releases[0], debian) + _changelog_facts(text, prelude, releases[0])),
                       words=words,
                       short=short, debian=debian)
    lead, carried, origin, (lead_after, lead_rest) = _prose(outline, title, names, short)
    tables = tuple(b for _, b in walk(outline) if isinstance(b, Table))
    data = None
    if suffix in DATA_SUFFIXES:
        codes = [b for _, b in walk(outline) if isinstance(b, Code)]
        data = structured(codes)
        if data is None and tables:
            data = (table_shape(list(tables), len(outline.sections)), None, 0)
    facts = tuple(_text_facts(text)) if suffix not in DATA_SUFFIXES else ()
    return Content(lead, None, carried, facts=facts, data=data, tables=tables if suffix in DATA_SUFFIXES else (),
                   words=words, short=short, lead_section=origin, lead_after=lead_after, lead_rest=lead_rest)


def _prose(outline: Outline, title: str | None, names: frozenset[str],
           short: bool) -> tuple[tuple[str, ...], tuple[Section, ...], str, tuple[Block | None, str]]:
    """The lead, the sections a page carries of a document (or of the part of it
    before its releases): whole when short, abridged within budget when long, the
    title of the section the lead was taken from ("" for the document's opening), and
    where in it the lead stood (`_lead_anchor`)."""
    blocks, sections = _unwrapped(outline, title)
    sections = tuple(s for s in sections if not _only_names(s, title))
    lead, remaining = _lead_from(blocks, names)
    remaining = _named_again(blocks, remaining, title, lead) if lead else remaining
    anchor = _lead_anchor(blocks, remaining) if lead else (None, "")
    blocks = remaining
    origin = ""  # the section the lead was taken from ("" for the opening)
    if not lead and sections and not any(isinstance(b, Paragraph) and _is_prose_paragraph(b.text) for b in blocks):
        first = sections[0]  # (prose before it that gave no lead: a later section's would come out of order)
        lead, rest = _lead_from(first.blocks, names)
        rest = _named_again(first.blocks, rest, title, lead) if lead else rest
        anchor = _lead_anchor(first.blocks, rest) if lead else (None, "")
        sections = (Section(first.title, first.level, rest, first.sections), *sections[1:])
        origin = first.title if lead else ""
    if not lead:
        lead, sections, origin = _defined_later(sections, names)
    kept, made = _promote(blocks, 1)
    reshaped = [*made, *(_reshaped(s) for s in sections)]
    opening = Section("", 1, kept) if kept else None
    carried = [c for s in ([opening] if opening else []) + reshaped if (c := _carried(s, short)) is not None]
    return tuple(lead), tuple(carried if short else _within_budget(carried)), origin, anchor


def _named_again(before: tuple[Block, ...], after: tuple[Block, ...], title: str | None,
                 lead: Sequence[str]) -> tuple[Block, ...]:
    """The blocks the lead was taken from (`after`), the text that followed it -- the
    next paragraph, or the rest of the lead's own -- naming the entity again where it
    opened with `It` (`It includes:` under the etymology that now heads the part reads
    `Frob includes:`; a manual's `It is used to create ...` after its first sentence,
    `frob is used to ...`): the lead it referred to stands at the head of the page now.
    The name is the title's, before a dash (`frob — edit files`), and only where the
    lead opens with it (`GNU frob is ...`): after `The simplest way is to call the
    frob function`, `It` is the function."""
    k = _first_difference(before, after)
    following = after[k] if k < len(after) else None
    name = title.split(" — ")[0].strip() if title else ""
    opens = bool(lead) and name.casefold() in " ".join(lead[0].split()[:MAX_REFERENT_WORDS + 1]).casefold()
    if not name or len(name.split()) > MAX_REFERENT_WORDS or not opens or not isinstance(following, Paragraph) \
            or not following.text.startswith("It "):
        return after
    return (*after[:k], Paragraph(f"{name} {following.text[3:]}"), *after[k + 1:])


MAX_REFERENT_WORDS = 4  # the words of the name `It` is said to stand for, and where the lead says it
# a paragraph that leans on the one before it: taken away to the page's lead, that one leaves it saying nothing
_LEANS_ON = re.compile(r"(?:For (?:example|instance)|Thus|Hence|However|In addition|Likewise|Similarly)\b")


def _first_difference(before: tuple[Block, ...], after: tuple[Block, ...]) -> int:
    """Where blocks a lead was taken from first differ from what was left of them."""
    return next((n for n, (a, b) in enumerate(zip(before, after, strict=False)) if a != b), min(len(before), len(after)))


def _lead_anchor(before: tuple[Block, ...], after: tuple[Block, ...]) -> tuple[Block | None, str]:
    """Where a lead stood among `before` (the blocks it was taken from; `after` them
    without it): the block before its paragraph (None when it was the first) and
    what that paragraph went on to say after the lead ("" when the lead took it whole)."""
    k = _first_difference(before, after)
    if k == 0:
        return None, ""
    went_on = after[k] if len(after) == len(before) else None
    return before[k - 1], went_on.text if isinstance(went_on, Paragraph) else ""
