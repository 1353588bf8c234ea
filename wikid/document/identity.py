"""Who a document says it is: its title, its kind, what it is about, its date and author.

    identity = identify(text, info)   # info: the file's own properties (extract.base.INFO_KEYS)

Read from the document's own words, in this order of trust:

1. The shapes that name their subject outright: a manual page's NAME line
   (`git - the stupid content tracker`; pydoc's "Help on module X" page, and its HTML
   page "Python: module X", are one too),
   a package changelog's entry header (`curl (7.88.1-10) bookworm; urgency=medium`),
   a `Name:`-style field is read by the engine's signals.
2. The title: the file's title property when it reads like one (not a file name,
   not "untitled"); a frontmatter `title`; the first heading (ATX, setext, reST,
   `**bold**` line) standing before the body text; a short first line, or a line
   centred like a title near the top.
   Navigation, licence notices, generated-file comments, template syntax, emacs mode
   lines and sentence fragments are never a title (furniture.py).
3. The kind: what the document is (manual page, release notes, FAQ, README …), from
   its shape and from the words of its title (KINDS).
4. The projects: the package, project or suite it says it belongs to (projects.py):
   a manual page's footer and header, "is part of the X package".
5. The subjects: the names the document says it is about. Its title with the kind
   words, function words, versions and dates removed leaves them ("GNU make NEWS" ->
   "GNU make", "TODO file for gzip." -> "gzip", "Contributing to Zstandard" ->
   "Zstandard"). A document without a title says it in its opening sentence
   ("lxml is a binding", "This is GNU Bash, version 5.2"); a README names the package
   it installs or imports too, when it names it more often than its title's subject
   (packages.py: "Thread-pool Controls" and `pip install threadpoolctl`).

Badges beside a title (`frob |Build Status|`, `[![CI](...)](...)`) are not its words,
and a heading made of generic words ("Features", "Installation", "Overview": see
SECTION_WORDS) is no title and names nothing -- READMEs of a hundred projects have
one -- though it still says what kind of document this is ("Frequently Asked
Questions"). A document that gives itself no title and names nothing is called by
its opening (opening_title), never by its file's name.

What a document is *about* when it does not say (a changelog without a heading, a
list of release notes) is found across documents, by the engine (subject.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from wikid.document.blocks import HEADING, LAYOUT, PARAGRAPH, Block, plain
from wikid.document.dates import parse_date
from wikid.document.furniture import NAV_HEADINGS, is_boilerplate
from wikid.document.manpage import name_of
from wikid.document.packages import folded, installed_names, package_subject
from wikid.document.projects import man_date, man_source, stated_projects
from wikid.document.sentences import first_sentence, goes_on, is_sentence

MODULE_REFERENCE = "module reference"  # the kind of a module's API reference (pydoc's)
MAX_TITLE_CHARS = 150
MAX_TITLE_WORDS = 16
_LEAD_LINES = 12  # a title stands within the first blocks of the text: a heading there,
_LEAD_PARAGRAPHS = 3  # or the first line of one of its first paragraphs
_BODY_WORDS = 8  # a paragraph of prose this long under a heading is the body: the title came before
# Kinds of document by the words of their title, first match wins. Each is
# (kind, pattern over the folded title, the type of entity such documents describe).
KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("release notes", r"\b(?:news|release notes?|release history|what'?s new|user[- ]visible changes|noteworthy changes)\b"),
        ("changelog", r"\b(?:change ?logs?|changes)\b"),
        ("FAQ", r"\b(?:faq|faqs|frequently asked questions)\b"),
        ("README", r"\bread ?me\b"),
        ("to-do list", r"\b(?:todo|to-do|to do|things to do|roadmap|wishlist)\b"),
        ("tutorial", r"\b(?:tutorial|howto|how-to|how to|cookbook|walkthrough|getting started|quick ?start|introduction to|primer)\b"),
        ("guide", r"\b(?:guide|handbook|user manual|manual)\b"),
        # reporting a bug is a way to contribute: "Reporting a bug in frob" is about frob
        ("contribution guide", r"\bcontribut(?:ing|ion|ions|or guide)\b|\breporting (?:a |an )?(?:security )?"
                               r"(?:bugs?|issues?|problems?|vulnerabilit(?:y|ies))\b"),
        ("installation notes", r"\binstall(?:ing|ation)?\b"),
        ("reference", r"\b(?:reference|api|specification|spec)\b"),
        ("glossary", r"\b(?:glossary|terminology)\b"),
        ("meeting notes", r"\b(?:meeting|minutes|standup|stand-up|retro|retrospective|agenda|kick-?off)\b"),
        ("status report", r"\b(?:status|progress|weekly|monthly|quarterly) (?:report|update)s?\b"),
        ("review", r"\b(?:(?:design|code|peer|project) )?(?:review|assessment|evaluation|audit)\b"),
        ("plan", r"\b(?:(?:project|release) )?(?:plan|schedule|timeline|proposal|brief)\b"),
        ("contract", r"\b(?:agreement|contract|amendment|addendum|terms and conditions|statement of work)\b"),
        ("invoice", r"\binvoice\b"),
        ("price list", r"\b(?:price ?list|pricing|prices|rate card|quote|quotation)\b"),
        ("policy", r"\bpolicy\b"),
        ("runbook", r"\b(?:runbook|playbook|procedure|checklist)\b"),
        ("incident report", r"\b(?:incident|outage|post-?mortem)\b"),
        ("notice", r"\b(?:notice|letter|announcement|memo)\b"),
        ("report", r"\b(?:report|update|summary)\b"),
        ("history", r"\bhistory\b"),
        ("overview", r"\b(?:overview|about|introduction)\b"),
    )
)
# Words that say what a title's document is rather than what it is about; with the
# KINDS words they are removed from a title to leave its subject.
_GENERIC = frozenset(
    """a an the of for to and or in on at by with from about into via vs this that these those is are was
    be its it our your their my we you file files document documents documentation docs doc page pages notes
    note text version versions release releases changes change log list lists information info general
    commands command user users manual manuals guide guides official online new latest current old older
    program programs utility utilities tool tools project distribution package packages source sources
    series part chapter section sections appendix introduction overview summary details description
    frequently asked questions news readme faq todo howto tutorial reference history things do welcome
    module modules library libraries how what why when where who which we us i me
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday
    saturday sunday today yesterday""".split()
)
# Words a section heading is made of when it names a part of a document or of a
# project's life, not what the document is about: a README's "Features",
# "Installation", "Usage", "Examples", "Requirements", "Sponsors". With _GENERIC they
# make a generic heading, which is never a document's title nor a name it claims:
# READMEs of a hundred projects all have one.
SECTION_WORDS = frozenset(
    """features feature installation installing install usage use using example examples sample samples demo
    requirements requirement dependencies prerequisites sponsors sponsor sponsorship backers funding quickstart
    quick start started getting setup set up configuration configuring options settings api apis contents license
    licence licensing licenses copyright contributing contribute contributors contribution contributions credits
    authors author maintainers acknowledgements acknowledgments thanks support help motivation background
    limitations caveats testing tests test development developing developers building build compatibility
    highlights benchmarks performance security code conduct community links resources further reading see also
    issues bugs improvements troubleshooting tips known questions answers basic basics advanced more details
    main key why goals design architecture concepts terminology glossary installation instructions
    table badges status citation citing synopsis environment variables format formats syntax next upcoming
    future planned""".split()
)
_VERSIONISH = re.compile(r"^(?:v?\d[\w.+~:-]*|\(?\d{1,2}\s+\w{3,9}\s+\d{4}\)?|r\d+)$", re.IGNORECASE)
_NAME_SEP = re.compile(r"\s+(?:\\?-|—|–|--)\s+|\s+(?:\\?-|—|–)$")
_MAN_NAME_HEAD = re.compile(r"^name$", re.IGNORECASE)
_MAN_HEADER = re.compile(r"^([A-Za-z0-9_.:+-]{1,60}) ?\((\d[a-z]*)\)")
_PYDOC = re.compile(r"^Help on (?:built-in )?(module|package|class|function) ([\w.]{1,100})(?: in (?:module )?[\w.]{1,100})?:$")  # pydoc: "Help on class Frame in module spam:"
# pydoc's HTML page, by its title or first heading: "Python: module spam.eggs".
_PYDOC_HTML = re.compile(r"^(?:#\s+)?Python: (?:built-in )?(module|package|class) ([\w.]{1,100})$")
_DEBIAN_ITEM = re.compile(r"^ {2,}[*+-] \S")  # a Debian changelog's change (`  * New upstream release.`)
MAX_NEWS_LINES = 400
_CHANGELOG_ENTRY = re.compile(r"^([a-z0-9][a-z0-9+.~-]{0,60}) \(([^()\s]{0,60}\d[^()\s]{0,60})\) [^;\n]{1,120}; ?urgency=\w+")
_CHANGELOG_TRAILER = re.compile(r"^ -- .{1,200}?>\s+(\w{3}, \d{1,2} \w{3} \d{4})")
# A question standing as a heading of its own: numbered (`4.12. How do I parse a CSV
# file?`), labelled (`Q3: Why ...?`) or a Markdown heading (`## Can frob read stdin?`).
_QUESTION_TITLE = re.compile(r"^(?:#{1,6}\s+|(?:\d{1,3}\.)+\d{0,3}\s+|Q\d{0,3}[:.]\s*)[A-Z][^?\n]{4,150}\?\s*$")
MIN_QUESTION_TITLES = 5  # a document of this many questions is a FAQ, whatever its title says
_DATED_AUTHOR_LINE = re.compile(r"^\d{4}-\d{2}-\d{2}\s{1,4}\S.{0,120}(?:<[^>\s]+@[^>\s]+>|\s[^\s@]+@[^\s@]+\.\w+)\s*$")
_FIELD_LINE = re.compile(r"^[\w][\w ./&'()-]{0,40}:\s+\S")
_FILE_NAME = re.compile(
    r"^(?:microsoft \w+ [-—] )?[\w .()-]{1,80}\.(?:docx?|xlsx?|pptx?|pdf|odt|ods|odp|rtf|txt|text|md|markdown|"
    r"rst|org|html?|xhtml|epub|csv|tsv|json|jsonl|ndjson|ya?ml|toml|xml|log|tex|dvi|ps|indd|pages|key|numbers)$",
    re.IGNORECASE,
)
# A short name with digits, one word of three characters or more starting with a
# letter: `h11`, `x264` -- not a version (`v12`, `r101`).
_DIGIT_NAME = re.compile(r"^(?![vVrR]\d+$)[A-Za-z][A-Za-z\d]{2,11}$")
_PLACEHOLDER_TITLES = frozenset("untitled|untitled document|document|title|no title|new document|draft|slide 1|presentation|sheet1|workbook".split("|"))
_WORD = re.compile(r"[^\W_]+(?:[.+'_-][^\W_]+)*", re.UNICODE)
# Badges beside a title: a linked image (`[![Build Status](...)](...)`), an image, an
# HTML <img>, a reST substitution reference (`filetype.py |Build Status| |PyPI|`):
# pictures of a project's state, never words of its name.
_BADGE = re.compile(
    r"\[!\[[^\[\]\n]{0,300}\]\([^()\s]{0,2000}\)\]\([^()\s]{0,2000}\)"
    r"|!\[[^\[\]\n]{0,300}\](?:\([^()\s]{0,2000}\)|\[[^\[\]\n]{0,300}\])"
    r"|<img\b[^<>\n]{0,2000}>|(?<!\S)\|[^|\s][^|\n]{0,100}(?<=\S)\|_{0,2}(?!\S)"
)
_BADGE_ADDRESS = re.compile(r"badge|shields\.io", re.IGNORECASE)
_HEADING_MARKS = re.compile(r"^\s{0,3}#{1,6}\s+|\s+#+\s*$")
_UNDERLINE_ONLY = re.compile(r"^\s*([=\-~^*+#\"'`:._])\1*\s*$")
# "How to use frob", "How to configure frob": the verb after "how to" is the how-to's,
# not a word of what it is about.
_HOW_TO_VERB = re.compile(r"\bhow ?to \w+", re.IGNORECASE)


def generic_title(text: str) -> bool:
    """Whether a title or heading is made of generic words only (see SECTION_WORDS):
    "Features", "Installation", "Getting started", "Overview", "Usage examples"."""
    found = [w.casefold() for w in _WORD.findall(text)]
    return bool(found) and all(w in _GENERIC or w in SECTION_WORDS or w.isdigit() for w in found)


@dataclass(frozen=True)
class Identity:
    """What one document says about itself (see the module docstring)."""

    title: str | None
    kind: str | None
    subjects: tuple[str, ...]  # names it says it is about, strongest first
    entity_type: str | None  # what its subject is, when the document's shape says so
    date: date | None
    author: str | None
    projects: tuple[str, ...] = ()  # the package or project it says it belongs to (projects.py)
    packages: tuple[str, ...] = ()  # the packages its install commands install (installed_names)


def title_problem(text: str) -> str | None:
    """Why `text` cannot be a title (None when it can)."""
    words = text.split()
    folded = text.casefold().strip(" :.¶#*")
    if not words:
        return "empty"
    if len(text) > MAX_TITLE_CHARS or len(words) > MAX_TITLE_WORDS:
        return "too long"
    if folded in NAV_HEADINGS or folded in _PLACEHOLDER_TITLES:
        return "navigation or a placeholder"
    if is_boilerplate(text):
        return "boilerplate"
    if _FILE_NAME.match(text.strip()):
        return "a file name"
    letters = sum(c.isalpha() for c in text)
    if (letters < 2 or letters < 0.45 * len(text.replace(" ", ""))) and not _DIGIT_NAME.match(text.strip()):
        return "mostly punctuation or digits"
    if text.rstrip()[-1:] in ",;:([{" or text.lstrip()[:1] in "-*+>|[({,.;:\\/=$%&":
        return "a fragment"
    if re.match(r"https?://|www\.|\S+@\S+\.\w+$", text.strip()):
        return "an address"
    first = words[0]
    if first[:1].islower() and len(words) >= 4 and not _NAME_SEP.search(text):
        return "a sentence fragment"
    if parse_date(text) is not None and letters < 12:
        return "a date"
    return None


def clean_title(text: str) -> str:
    """A title line without emacs mode lines, a trailing `¶` or trailing punctuation."""
    text = plain(text)
    text = " ".join(text.replace("¶", " ").split())
    return text.rstrip(" .:-=*#").strip()


def _usable(text: str | None) -> str | None:
    """`text` as a title, or None when it cannot be one. A line ending a sentence of
    more than five words is prose ("See the end of this file for copyrights."), and so
    is one of more than five words introducing what follows ("The programs this
    package builds and installs are:")."""
    if not text:
        return None
    as_written = plain(text).rstrip(" ¶")
    if as_written[-1:] in ".!?:" and len(as_written.split()) > 5 and not _NAME_SEP.search(as_written):
        return None
    cleaned = " — ".join(title_parts(clean_title(text)))
    return cleaned if cleaned and title_problem(cleaned) is None else None


_EDGE = re.compile(r"^[\s—–:,;|/-]+|[\s—–:,;|/-]+$")


def entity_name(title: str) -> str:
    """A title without the words that say what kind of document it is, at its start and
    its end ("Harbor Lights status report", "Minutes of the Harbor Lights kickoff" ->
    "Harbor Lights"): the entity a page is about, not the document that told of it.
    The title as it is when nothing else would be left ("Meeting notes")."""
    name = " ".join(title.split())
    while True:
        folded = name.casefold()
        spans = [m.span() for _, pattern in KINDS for m in pattern.finditer(folded)]
        words = name.split()
        cut = name
        for a, b in spans:
            if b == len(name):
                cut = name[:a]
            elif a == 0:
                cut = name[b:]
            else:
                continue
            break
        else:
            if words and (words[-1].casefold() in _DOCUMENT_WORDS or _VERSIONISH.match(words[-1])):
                cut = " ".join(words[:-1])
            elif words and words[0].casefold() in _DOCUMENT_WORDS | _FUNCTION_WORDS:
                cut = " ".join(words[1:])
        cut = _EDGE.sub("", cut)
        while cut.split() and cut.split()[0].casefold() in _FUNCTION_WORDS:
            cut = cut.split(" ", 1)[1] if " " in cut else ""
        if cut == name or not any(w.casefold() not in _GENERIC for w in _WORD.findall(cut)):
            return name
        name = cut


def kind_of_title(title: str) -> str | None:
    folded = title.casefold()
    return next((kind for kind, pattern in KINDS if pattern.search(folded)), None)


_FUNCTION_WORDS = frozenset("a an the of to and or in on at by with from for is are be that this as".split())
# Words naming a document, not what it is about, when they end or start a title.
_DOCUMENT_WORDS = frozenset("notes note document documents file files page draft final copy".split())
_TITLE_PARTS = re.compile(r"\s+(?:—|–|--|-|\||·|::)\s+")


def title_parts(title: str) -> list[str]:
    """A title cut at its separators, without a trailing site or collection name
    ("datetime — Basic date and time types — Python 3.11.2 documentation")."""
    parts = [p.strip() for p in _TITLE_PARTS.split(title) if p.strip()]
    if len(parts) > 1 and re.search(r"\b(?:documentation|docs|manual|wiki|website|site|home ?page)\b", parts[-1], re.I):
        parts = parts[:-1]
    return parts or [title]


# "X for Debian", "Curses Programming with Python": what precedes these words is the
# subject, what follows its setting; "TODO file for gzip": nothing precedes but kind
# words, so what follows is. After "of", "to", "about" comes the subject itself.
_SETTING = re.compile(r"\s+(?:for|with|on|in|under|at)\s+", re.IGNORECASE)


def subject_names(title: str) -> list[str]:
    """The names a title says its document is about (see the module docstring). A title
    `name — what it is` ("re — Regular expression operations") names one subject."""
    parts = title_parts(title)
    if len(parts) > 1 and len(parts[0].split()) <= 2 and not kind_of_title(parts[0]) and _names_in(parts[0]):
        return [parts[0]]
    title = " ".join(parts)
    setting = _SETTING.search(title)
    if setting is not None:
        before = _names_in(title[: setting.start()])
        return before or _names_in(title[setting.end() :])
    return _names_in(title)


def _names_in(title: str) -> list[str]:
    folded = title.casefold()
    folded_kinds = [m.span() for pattern in (*(p for _, p in KINDS), _HOW_TO_VERB) for m in pattern.finditer(folded)]
    spans: list[list[str]] = [[]]
    for m in _WORD.finditer(re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", title)):
        word = m.group(0)
        in_kind = any(a <= m.start() < b for a, b in folded_kinds)
        if in_kind or word.casefold() in _GENERIC or _VERSIONISH.match(word) or parse_date(word) is not None:
            if spans[-1]:
                spans.append([])
            continue
        spans[-1].append(word)
    names = [" ".join(span) for span in spans if span]
    return [n for n in names if any(c.isalpha() for c in n) and len(n) <= 80 and not generic_title(n)]


def _lead(blocks: list[Block]) -> list[Block]:
    """The blocks before the body text starts: where a document states its title."""
    lead: list[Block] = []
    for block in blocks:
        if block.kind == LAYOUT:
            continue
        if block.line > 0 and len(lead) >= _LEAD_LINES:
            break
        lead.append(block)
        if block.kind == PARAGRAPH and len(block.text.split()) > 30:
            break
    return lead


def _man_name(blocks: list[Block]) -> tuple[list[str], str] | None:
    """(names, description) of a manual page's NAME section (`git - the stupid content tracker`)."""
    for i, block in enumerate(blocks[:60]):
        if block.kind == HEADING and _MAN_NAME_HEAD.match(block.text.strip(" :*")):
            following = next((b for b in blocks[i + 1 : i + 3] if b.kind == PARAGRAPH), None)
            if following is None:
                return None
            named = name_of(following.text)
            return (list(named[0]), named[1]) if named else None
    return None


def _own_line(raw: tuple[str, ...]) -> bool:
    """Whether a paragraph's first line stands on its own, as a title does: the paragraph
    is that one line, or the next line does not continue its sentence (it starts with a
    capital or a digit, and the line does not end on a word like "the" or "of")."""
    if len(raw) == 1:
        return True
    first, second = raw[0].strip(), raw[1].strip()
    if first[-1:] in ",;-":
        return False
    ends_open = first.split()[-1].casefold() in _FUNCTION_WORDS
    if _TITLE_PARTS.search(first) and not ends_open:
        return True  # `name — what it is`, as a PDF's first line says it
    if second[:1].islower():
        return False
    if len(first) > 60 and len(raw) <= 3 and " ".join(raw).rstrip()[-1:] in ".!?" and first[-1:] not in ".!?:":
        return False  # a long line whose sentence ends on the next: `... to Linux and other` / `Unices.`
    return len(first) <= 60 or ((second[:1].isupper() or second[:1].isdigit()) and not ends_open)


def _lead_title(blocks: list[Block]) -> tuple[str | None, str | None]:
    """The first title-like line before the body text, in document order: a heading,
    a line centred like a title (indented 8 spaces or more) or the first line of one
    of the first paragraphs, never a `Key: value` field; and the first generic heading
    before it ("Introduction", "Frequently Asked Questions"), which is no title but
    says what kind of document this is. A paragraph under a heading is its body, and
    a heading after a generic one's body is a section's ("Introduction", a paragraph,
    then "Python 2")."""
    generic: str | None = None
    for n, block in enumerate(_lead(blocks)):
        if generic is not None and block.kind == PARAGRAPH and len(block.text.split()) >= _BODY_WORDS:
            break
        if block.kind == HEADING:
            candidates = [_heading_text(block)]
        elif block.kind == PARAGRAPH and n < _LEAD_PARAGRAPHS and generic is None:
            centred = [line for line in block.raw if len(line) - len(line.lstrip(" ")) >= 8]
            candidates = [_without_badges(line) for line in centred[:1] + [line for line in block.raw[:1]
                                                                            if _own_line(block.raw)]]
        else:
            continue
        for candidate in candidates:
            if _FIELD_LINE.match(plain(candidate).strip()):  # `**Date:** 1 May` too
                continue
            if block.kind == PARAGRAPH and len(block.raw) > 1 and candidate.rstrip().endswith(":"):
                continue  # `Start the daemon in xterm 1:` over its commands: a step, no title
            if (usable := _usable(candidate)) and not generic_title(usable):
                return usable, generic
            if usable and generic is None:
                generic = usable
    return None, generic


def _heading_text(block: Block) -> str:
    """A heading's text without the badges beside it (`Frob [![Build Status](...)](...)`,
    `frob |PyPI|`): a heading block's text keeps an image's alt text."""
    if not any(_BADGE.search(line) for line in block.raw):
        return block.text
    line = next((line for line in block.raw if line.strip() and not _UNDERLINE_ONLY.match(line)), "")
    return plain(_without_badges(_HEADING_MARKS.sub("", line)))


def _without_badges(line: str) -> str:
    """A title line without the badges beside its words. An image alone on its line is
    a logo, whose alt text is the name (`![frob](logo.svg)`) -- unless its address
    says it is a badge: then nothing is left."""
    stripped = _BADGE.sub(" ", line)
    if any(c.isalnum() for c in plain(stripped)) or _BADGE_ADDRESS.search(line):
        return stripped
    return line


# What a text defines in its opening, by the first sentence of a paragraph: "lxml is a
# Pythonic binding", "*attrs* is the Python package that", "SciPy (pronounced "Sigh
# Pie") is an open-source software", "Deep Agents is an open source agent harness".
_NAMED = r"([A-Za-z][\w.+-]{0,40}(?: [A-Z][\w.+-]{0,40}){0,2})"
_DEFINITION = re.compile(
    rf"^(?:The )?{_NAMED}(?: \([^()]{{0,80}}\))?,? (?:is|are) (?:a|an|the|one of the)\s"
    rf"|^This is (?:the )?{_NAMED}(?:,| version \S+)"
    rf"|^(?:This|The) {_NAMED} (?:module|package|library|implementation|project|toolkit|framework)\b")
_DEFINITION_BLOCKS = 12  # the opening: a README's badges, links and logo come first
_NOT_DEFINED = frozenset("here there one each everything something nothing he she they".split())
def defined_subject(blocks: list[Block]) -> str | None:
    """The name the opening paragraphs define ("lxml is a binding for ..."), if any."""
    for block in [b for b in blocks if b.kind != LAYOUT][:_DEFINITION_BLOCKS]:
        if block.kind != PARAGRAPH or len(block.text.split()) < 5:
            continue
        if (m := _DEFINITION.match(block.text)) is None:
            continue
        name = m.group(1) or m.group(2) or m.group(3)
        words = [w.casefold() for w in name.split()]
        if not any(w in _GENERIC or w in SECTION_WORDS or w in _NOT_DEFINED for w in words):
            return name
    return None


_OPENING_WORDS = 8  # a name made of a first sentence: its opening words, no more


def opening_title(blocks: Sequence[Block]) -> str | None:
    """What a document that gives itself no title, nor names what it is about, is
    called rather than its file's name (`doc-04`): its first heading, generic or not
    ("Installation"), else the opening words of its first sentence of prose, never
    ending on a word that leaves them open ("Run the server with two workers")."""
    main = [b for b in blocks if b.kind != LAYOUT]
    for block in main[:_DEFINITION_BLOCKS]:
        if block.kind == HEADING and (text := clean_title(_heading_text(block))) and title_problem(text) is None:
            return text
    for block in main:
        sentence = first_sentence(block.text) if block.kind == PARAGRAPH else ""
        if is_sentence(sentence):
            words = sentence.rstrip(".!?").split()[:_OPENING_WORDS]
            while words and goes_on(" ".join(words)):
                words.pop()
            if words:
                return " ".join(words)
    return None


def _type_of_man_section(section: str | None, pydoc: str | None) -> str:
    if pydoc:
        return "Module" if pydoc in ("module", "package") else pydoc.capitalize()
    return {"5": "File Format", "3": "Library Function", "7": "Topic"}.get((section or "1")[:1], "Command")


def identify(text: str, blocks: list[Block], info: Mapping[str, str] | None = None,
             frontmatter_title: str | None = None, footer: str | None = None) -> Identity:
    """The identity of one document: `blocks` are its main blocks (furniture.main_blocks),
    `text` its whole extracted text, `info` its file's properties, `footer` its last line
    before page furniture was stripped (a PDF manual's `Version 590: 03 Jun 2021 24`)."""
    info = info or {}
    lines = [line for line in text.split("\n", 400)[:400] if line.strip()]
    first = lines[0].strip() if lines else ""
    kind: str | None = None
    subjects: list[str] = []
    entity_type: str | None = None
    title: str | None = None
    doc_date: date | None = None

    pydoc = next((m for line in lines[:3] if (m := _PYDOC.match(line.strip()))), None) or next(
        (m for line in (info.get("title", ""), first) if (m := _PYDOC_HTML.match(line.strip()))), None)
    man = _man_name(blocks)
    changelog = _CHANGELOG_ENTRY.match(first)
    if pydoc:
        kind, entity_type = MODULE_REFERENCE, _type_of_man_section(None, pydoc.group(1))
        subjects.append(pydoc.group(2))
        title = f"{pydoc.group(2)} — {man[1]}" if man and man[1] else pydoc.group(2)
    elif man:
        names, description = man
        header = next((m for line in lines[:6] if (m := _MAN_HEADER.match(line.strip()))), None)
        kind = "manual page"
        doc_date = man_date(footer if footer is not None else text.rstrip().rsplit("\n", 1)[-1])  # (not when it was made a PDF)
        entity_type = _type_of_man_section(header.group(2) if header else None, None)
        subjects += names[:1]
        title = f"{names[0]} — {description}" if description else names[0]
    elif changelog:
        # a Debian NEWS file has its changelog's entries, but notices in prose, no `  * ` items
        news = not any(_DEBIAN_ITEM.match(line) for line in lines[:MAX_NEWS_LINES])
        kind = "news" if news else "changelog"
        subjects.append(changelog.group(1))
        title = f"{changelog.group(1)} Debian news" if news else f"{changelog.group(1)} changelog"
        trailer = next((m for line in lines[:200] if (m := _CHANGELOG_TRAILER.match(line))), None)
        doc_date = parse_date(trailer.group(1)) if trailer else None
    elif sum(1 for line in lines[:40] if _DATED_AUTHOR_LINE.match(line.strip())) >= 2:
        kind, title = "changelog", "Change log"
        doc_date = parse_date(first)

    stated_title = _usable(info.get("title")) or _usable(frontmatter_title)
    if pydoc and stated_title and _PYDOC_HTML.match(info.get("title", "")):
        stated_title = None  # the page's shape said it all: "Python" is no subject of it
    if stated_title is None and not (man or pydoc or changelog or kind in ("changelog", "news")):
        stated_title, heading = _lead_title(blocks)
        kind = kind or (kind_of_title(heading) if heading else None)
    if title is None:
        title = stated_title
    if stated_title:
        kind = kind or kind_of_title(stated_title)
        for name in subject_names(stated_title):
            if name.casefold() not in {s.casefold() for s in subjects}:
                subjects.append(name)
    if kind is None and sum(1 for line in lines if _QUESTION_TITLE.match(line.strip())) >= MIN_QUESTION_TITLES:
        kind = "FAQ"  # its shape says what its title does not (a centred banner, a title past the notes)
    installed = installed_names(text)
    if not (man or pydoc or changelog):
        # a document without a title says what it is about in its opening sentence or
        # in the package it installs; one titled otherwise than its package names it too
        opening = defined_subject(blocks) if not subjects else None
        package = package_subject(text, subjects + ([opening] if opening else []), installed)
        for stated in (opening, package):
            if stated and stated.casefold() not in {s.casefold() for s in subjects}:
                subjects.append(stated)
    if doc_date is None and title:
        doc_date = parse_date(title)
    if doc_date is None:
        doc_date = parse_date(info.get("date"))
    author = info.get("author") or None
    projects = man_source([first, text.rstrip().rsplit("\n", 1)[-1]]) if man else []
    projects += [p for p in stated_projects(text) if p.casefold() not in {q.casefold() for q in projects}]
    own = {folded(name) for name in subjects}
    if own & {folded(name) for name in installed}:
        # a package's own README is the whole: "is part of the X package" is an example it quotes
        projects = [p for p in projects if folded(p) in own]
    return Identity(title, kind, tuple(subjects), entity_type, doc_date, author, tuple(projects), tuple(installed))
