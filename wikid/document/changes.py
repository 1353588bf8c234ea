"""A changelog's or NEWS file's releases: version, date and what changed.

    releases = read_releases(text, outline)   # newest first
    releases, listed, oldest = release_history(text, outline)   # ... and how many there are, back to which

* A Debian changelog (`pkg (version) dist; urgency=…`) is read by python-debian.
* Anything else is read from its outline: a release starts at a heading, a short
  paragraph or a one-item list that names a version (`Version 4.3 (19 Jan 2020)`,
  `* Noteworthy changes in release 4.9 (2022-11-06) [stable]`, `## 3.2.7 (20 Oct
  2022)`, `2022-12-28 (3.40.1)`) and little else; its changes are the items and
  paragraphs up to the next one, grouped under the headings between them (`** Bug
  fixes`, an author and date line).
A section number (`1.1. Overview`, `A. Frob v3.02 and later`) is no version. Releases are ordered newest first:
by date when every release has one, else as the document lists them when it lists
them newest first (most do), else by version.
"""

from __future__ import annotations

import itertools
import re
import warnings
from dataclasses import dataclass, replace
from datetime import date

from wikid.document.dates import parse_date
from wikid.document.model import Block, Code, Heading, Item, ItemList, Outline, Paragraph, Term, Terms, build, events
from wikid.document.text_reader import read_text

MAX_RELEASES = 12  # the newest are what a page shows
MAX_TAIL_RELEASES = 3  # text after the oldest release read, in releases' lengths, that other releases may hide in
MIN_TAIL_CHARS = 2000
LINE_KEY_WORDS = 6  # a paragraph's lines are found in the text by up to this many first words
MAX_RUN_LINES = 40
MAX_LABEL_WORDS = 4  # `Changes in this version:` over the changes: a label, no change
LISTED_SHARE = 0.6  # of a paragraph's lines opening a statement: a NEWS file's changes, one a line
MIN_DATED = 2  # releases with a date that make the undated version mentions around them no releases
MAX_MARKER_WORDS = 12
MAX_SIGNATURE_WORDS = 9
MAX_EXPLAINING_PARAGRAPHS = 2  # a change heading this many paragraphs or fewer says why it was made
_EMAIL = re.compile(r"<?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?")
_OUTLINE_LABEL = re.compile(r"^\*{2,}\s+(\S.*)$")  # an outline file's group under its release
_CONTRIBUTOR = re.compile(r"^\[ ([^\W\d_][\w'.-]*(?: [\w'.-]+){0,5}) \]$")  # Debian's `[ Jo Doe ]`: whose changes follow
MAX_DATE_WORDS = 4  # `April 28, 2022`, `Tue, 3 Jan 2023`
MAX_OTHER_WORDS = 4  # words of a release heading besides its version, date and kind words
_DEBIAN = re.compile(r"^\S+ \([^()\s]+\) [^;\n]+; *urgency=")
_DEBIAN_HEADER = re.compile(r"^\S+ \(([^()\s]+)\) [^;\n]+; *urgency=", re.MULTILINE)  # each entry's first line
_DEBIAN_TRAILER = re.compile(r"^ -- [^\n]*?>  (.+)$", re.MULTILINE)  # ` -- Jane Roe <jane@example.org>  Mon, 01 Jan ...`
_VERSION = re.compile(r"(?<![\w.-])v?(\d+(?:\.\d+){1,3}(?:[-+~][0-9A-Za-z.+~-]*|[a-z]\d*)?)(?![\w.])")
_CHECKSUM = re.compile(r"^[^:]{0,60}:\s*(?:\S+\s+){0,3}[0-9a-fA-F]{32,}\s*$")  # `FROB_SOURCE_ID: 2024-01-02 … 4d68…`
_TRAILING_LABEL = re.compile(r"(?<=[.!?])\s+[A-Z][\w -]{0,20}:$")  # `… fixes. Hashes:`
_REQUIREMENT = re.compile(r"(?:[<>]=?|[=~!]=|\^)\s*v?\d[\w.]*$")  # `>= 3.11`, `~= 2.0`, `^1.2` before the version
ANY_VERSION = re.compile(r"(?<![\w.])v?\d+(?:\.\d+){1,3}")  # a version however punctuated (`2.2.` ends a sentence)
_BARE_VERSION = re.compile(r"(?:version|release|versions)\s+(\d{2,4}[a-z]?)\b", re.IGNORECASE)
_COMPONENT = re.compile(r"^[\w./-]+: \S")  # `GHA: update rustls dependency to 0.9.2`
# Git trailers under a change (`Reported-by: …`, `Closes #10562`): who and which ticket, not what changed.
_TRAILER = re.compile(r"^(?:[A-Z][\w-]*-by:|(?:Closes|Closed|Fixes|Fixed|Resolves|Resolved|Ref|Refs|Bug|See|URL|Link):?\s+(?:#\d|https?://))")
_AND_VERSION = re.compile(r"\band\s+v?(\d+(?:\.\d+){0,3}[a-z]?)\b")
_TO_VERSION = re.compile(r"\bto\s+v?(\d+(?:\.\d+){0,3}[a-z]?)\b")
# A release heading may end with a colon when it says so (`Changes in frob from 1.3 to 1.4:`),
# or with a stop when it names the span (`Changes in frob from 1.07 to 1.07.1.`); other
# lines ending so introduce what follows (`Fixed in 1.2.3 as follows:`) or are changes.
_SPAN = re.compile(r"(?:\b(?:from|between)\b.*)?\d.*\b(?:to|and)\s+v?\d", re.IGNORECASE)  # `from 1.07 to 1.07.1`, `1.4 to 1.4.1`
_LABELLED = re.compile(r"^\W*(?:changes|changed|release|released|version|new in|noteworthy|what's new)\b", re.IGNORECASE)
_DATED = re.compile(r"^\d{4}-\d{2}-\d{2}$")  # a GNU ChangeLog entry: `2015-07-10  Name  <address>`
_SECTION_NUMBER = re.compile(r"^(?:\d+(?:\.\d+)*|[A-Z])\.\s+\S")  # `1.1. Overview`, `A. Frob v2.0 and later`
_KIND_WORDS = frozenset(
    """version versions release releases released changes change changed noteworthy new in of for
    the major minor user-visible visible between and since stable beta alpha rc news what's whats is
    from to a an""".split()
)
_DATE_WORDS = re.compile(
    r"\d{4}-\d{2}-\d{2}|\b\d{1,2}\s+\w{3,9}\s+\d{4}\b|\b\w{3,9}\s+\d{1,2},?\s+\d{4}\b|\b\d{4}\b|"
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)\w*\b",
    re.IGNORECASE,
)


_CREDIT = re.compile(r"^(?:\[[^\[\]]*\]\.?$|\([^()]*\)\.?$|(?:Provided|Reported|Suggested|Contributed|Patch|Thanks)\b)")
_PROGRAM = re.compile(r"\b([A-Za-z][\w+-]*)\s+(?:from\s+)?v?\d+\.\d")
_NOT_PROGRAMS = frozenset({"version", "release", "from", "to", "in", "changes", "since", "and", "v"})


@dataclass(frozen=True)
class Change:
    """One change: its text, what is nested in it, and the group it is listed under."""

    text: str
    group: str | None = None
    children: tuple[Block, ...] = ()
    kind: str = "item"  # "item" (a list item, an outline line) or "paragraph"


@dataclass(frozen=True)
class Release:
    version: str
    date: date | None
    title: str  # the release's heading as written
    changes: tuple[Change, ...]


def is_debian_changelog(text: str) -> bool:
    """Whether the text opens like a Debian changelog (`pkg (version) dist; urgency=…`)."""
    return _DEBIAN.match(text.lstrip()) is not None


def version_in(text: str) -> str | None:
    """The version a release heading names, or None when `text` is not one (a
    `component: change` line naming a version is a change)."""
    words = text.split()
    if not words or len(words) > MAX_MARKER_WORDS or _SECTION_NUMBER.match(text) or _COMPONENT.match(text):
        return None
    end = text.rstrip()[-1:]
    if end in ".,;:!?" and not text.rstrip().endswith(("])", ")")) and not (
            (end == ":" and _LABELLED.match(text)) or (end == "." and _LABELLED.match(text) and _SPAN.search(text))):
        return None
    found = _VERSION.search(text) or _BARE_VERSION.search(text)
    if found is None:
        return None
    if _REQUIREMENT.search(text, 0, found.start() + 1):
        return None  # `Python (>= 3.11)`: a requirement, no release
    versions = len(ANY_VERSION.findall(text))
    if re.search(r"\bbetween\b", text, re.IGNORECASE):  # `changes between versions 581 and 590`: 590's
        found = _AND_VERSION.search(text, found.end()) or found
    elif re.search(r"\b(?:from|to)\b", text, re.IGNORECASE) and versions == 2:  # `Changes in frob from 1.3 to 1.4:`: 1.4's
        found = _TO_VERSION.search(text, found.end()) or found
    elif versions > 1:
        return None  # `Installing 2.2 and 1.4`, `frob 1.07.1 (and frobd 1.4.1)`: about several, no one release
    rest = _DATE_WORDS.sub(" ", text[: found.start()] + " " + text[found.end():])
    others = [w for w in re.findall(r"[^\W\d_][\w'-]*", rest) if w.casefold() not in _KIND_WORDS]
    return found.group(1) if len(others) <= MAX_OTHER_WORDS else None


def _debian(text: str) -> list[Release]:
    from debian.changelog import Changelog  # python-debian

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # it warns on each line it cannot parse
        try:
            log = Changelog(text, strict=False, max_blocks=MAX_RELEASES)
        except Exception:  # python-debian raises its own and ValueError on malformed entries  # noqa: BLE001
            return []
    out = []
    for block in log:
        body = read_text("\n".join(_contributors_at_margin(block.changes())))
        changes = _changes([*events(body)])
        out.append(Release(str(block.version), parse_date(block.date), f"{block.package} {block.version}", tuple(changes)))
    return out


def _contributors_at_margin(lines: list[str]) -> list[str]:
    """A Debian entry's lines with each `[ Jo Doe ]` group set at the margin of the
    entry's first changes, its own changes with it: indented one space deeper
    (`   [ Jo Doe ]`), the group was read as text of the change above it."""
    margin = next((len(x) - len(x.lstrip()) for x in lines if x.lstrip().startswith(("*", "-"))), None)
    out: list[str] = []
    shift = 0
    for line in lines:
        stripped = line.strip()
        if _CONTRIBUTOR.match(stripped) and margin is not None:
            shift = max(0, len(line) - len(line.lstrip()) - margin)
        out.append(line[min(shift, len(line) - len(line.lstrip())):] if line.strip() else line)
    return out


def _changes(stream: list[Heading | Block]) -> list[Change]:
    """The changes under one release: list items and paragraphs, grouped under the
    headings between them; a heading with nothing under it is a change itself (an
    outline file's `** Fix the FTP byte count` lines), and so is one with only a
    paragraph or two under it, which say why (`* Fix the --no-overwrite-dir option`
    over what earlier versions did wrong)."""
    out: list[Change] = []
    group: str | None = None
    told: set[int] = set()  # paragraphs that explain the change heading them
    unders = {n: list(itertools.takewhile(lambda e: not isinstance(e, Heading), stream[n + 1:]))
              for n, e in enumerate(stream) if isinstance(e, Heading)}
    # levels whose headings are changes: one of them has nothing under it (`Bug fixes` over its
    # changes is a label, `Fix the --keep-dir option` beside `Fix reading over pipe` is a change)
    parents = {n for n, e in enumerate(stream) if isinstance(e, Heading) and n + 1 < len(stream)
               and isinstance(after := stream[n + 1], Heading) and after.level > e.level}  # `What's Changed` over `Fixes`
    changes_at = {e.level for n, e in enumerate(stream) if isinstance(e, Heading) and not unders[n] and n not in parents}
    for n, event in enumerate(stream):
        if n in told or n in parents:
            continue
        if isinstance(event, Heading):
            under = unders[n]
            if not under:
                out.append(Change(event.title, group))
            elif event.level in changes_at and all(isinstance(e, Paragraph) for e in under) \
                    and len(under) <= MAX_EXPLAINING_PARAGRAPHS:
                # `* Fix the --no-overwrite-dir option` over why: one change, told with its reason
                out.append(Change(_with_reasons(event.title, [e.text for e in under if isinstance(e, Paragraph)]), group))
                told.update(range(n + 1, n + 1 + len(under)))
            else:
                group = event.title
        elif isinstance(event, ItemList):  # an item's paragraphs are its text (`WARNING: …!` over what changed)
            # (`- tool_operate: fix scanbuild warning` over `Prior to this change ...`: a subject, then why)
            out += [_item_change(item, group) for item in event.items if item.text]
        elif isinstance(event, Terms):
            out += [Change(f"{t.term}: {t.description}".rstrip(": "), group) for t in event.entries]
        elif isinstance(event, Code) and out and out[-1].text.endswith(":"):
            last = out[-1]  # `... runnable locally with this command:` over it: the change's example
            out[-1] = replace(last, children=(*last.children, event))
        elif isinstance(event, Paragraph) and event.text[:1].islower() and out and out[-1].children \
                and isinstance(out[-1].children[-1], Code):
            last = out[-1]  # `after making frob executable.` under the example: the change's sentence going on
            out[-1] = replace(last, children=(*last.children, event))
        elif isinstance(event, Paragraph) and (label := _OUTLINE_LABEL.match(event.text) or _CONTRIBUTOR.match(event.text)):
            group = label.group(1)  # `** Bug fixes`, a Debian entry's `[ Jo Doe ]` over the changes it groups
        elif isinstance(event, Paragraph) and _explains(stream[n - 1] if n else None, event) and out:
            last = out[-1]  # `* Fix the --keep-dir option` over why, flush left: the item's own text
            out[-1] = Change(_with_reasons(last.text, [event.text]), last.group, last.children, last.kind)
        elif isinstance(event, Paragraph) and not _is_signature(event.text):
            out.append(Change(event.text, group, kind="paragraph"))
    return _without_labels(_without_checksums(out))


def _item_change(item: Item, group: str | None) -> Change:
    """A list item's change: its text and the paragraphs under it up to its first
    example or list, then those and what follows them in order (`thus a call such as:`,
    the call, `is legal.`), its trailers (`Signed-off-by: ...`) left out."""
    children = [c for c in item.children if not (isinstance(c, Paragraph) and _TRAILER.match(c.text))]
    lead = list(itertools.takewhile(lambda c: isinstance(c, Paragraph), children))
    return Change(_with_reasons(item.text, [c.text for c in lead if isinstance(c, Paragraph)]), group,
                  tuple(children[len(lead):]))


def _with_reasons(change: str, reasons: list[str]) -> str:
    """A change told by its title and the paragraphs saying why (`Fix the --keep-dir
    option. Given this option, ...`); a first paragraph in lower case is the rest of
    the title's line, which the outline took for a paragraph (`... marked as "alternate`
    over `stylesheet" or "icon"`), and so is one in parentheses (`(closes: #1149604).`).
    A title ending in a colon (`Desktop Entry:`) introduces its paragraph: no full stop."""
    if reasons and (reasons[0][:1].islower() or reasons[0].startswith("(")):  # (`(closes: #1149604).` too)
        change, reasons = f"{change} {reasons[0]}", reasons[1:]
    return " ".join([change if change[-1:] in ".!?:" or not reasons else change + ".", *reasons])


def _explains(before: Heading | Block | None, paragraph: Paragraph) -> bool:
    """Whether a paragraph right after a list says why its last item changed: the item
    is a title (no full stop: `Fix the --keep-dir option`), the paragraph a sentence that
    introduces nothing."""
    if not isinstance(before, ItemList) or not before.items or before.items[-1].children:
        return False
    item = before.items[-1].text
    return bool(item) and item[-1:] not in ".!?:;" and not paragraph.text.endswith(":") \
        and not _is_signature(paragraph.text) and _OUTLINE_LABEL.match(paragraph.text) is None


def _without_labels(changes: list[Change]) -> list[Change]:
    """The changes but for a label over the ones after it (`Bug fixes:`, `Changes in
    this version:`), a line of a NEWS file that says no change itself; a sentence
    introducing the list after it (`Notable changes include:` over its items) stays, the
    release's opening."""
    return [c for n, c in enumerate(changes) if not (
        n + 1 < len(changes) and c.text.endswith(":") and len(c.text.split()) <= MAX_LABEL_WORDS and not c.children
        and not (c.kind == "paragraph" and changes[n + 1].kind == "item" and _INTRODUCES.search(c.text)))]


# a clause introducing what follows, not a group's name (`Notable changes include:`, `This release adds:`)
_INTRODUCES = re.compile(r"\b(?:include|includes|including|are|is|adds|brings|contains|follows?|following)\s*:$", re.IGNORECASE)


def _without_checksums(changes: list[Change]) -> list[Change]:
    """The changes without checksum lines (`SHA3-256 for frob.c: 4d68…`) and without
    the label that introduced them (`Various fixes. Hashes:`): the files' bookkeeping."""
    out: list[Change] = []
    for n, change in enumerate(changes):
        if _CHECKSUM.search(change.text):
            continue
        following = changes[n + 1:]
        if (not following or _CHECKSUM.search(following[0].text)) and (label := _TRAILING_LABEL.search(change.text)):
            change = Change(change.text[:label.start()].rstrip(), change.group, change.children, change.kind)
        out.append(change)
    return out


def _is_signature(text: str) -> bool:
    """A release's sign-off (`The frob team at Example April 28, 2022`, `Jo Doe
    <jo@example.org> March 2018`): a name with a date or an address, nothing changed."""
    words = text.split()
    if len(words) > MAX_SIGNATURE_WORDS or text.endswith(".") or not (_EMAIL.search(text) or parse_date(text)):
        return False
    return words[0][:1].isupper() and not words[0].casefold().endswith(("ed", "es"))


def _marker(event: Heading | Block) -> str | None:
    """The text of a release heading, when this event is one."""
    if isinstance(event, Heading):
        text = event.title
    elif isinstance(event, Paragraph):
        text = event.text
    elif isinstance(event, ItemList) and len(event.items) == 1 and not event.items[0].children:
        text = event.items[0].text
    else:
        return None
    return text if version_in(text) else None


def _opened(event: Heading | Block) -> list[tuple[str, list[Heading | Block]]] | None:
    """The releases this event opens (each a heading and the changes it already holds),
    or None when it opens none."""
    marker = _marker(event)
    if marker is not None:
        return [(marker, [])]
    if isinstance(event, Terms) and all(_DATED.match(t.term) for t in event.entries):
        return [_dated_entry(t) for t in event.entries]
    if isinstance(event, Terms) and all(version_in(t.term) for t in event.entries):
        # `4.93.0    May 7, 2019` over its changes, indented under it (the date read as the description)
        out: list[tuple[str, list[Heading | Block]]] = []
        for t in event.entries:
            dated = len(t.description.split()) <= MAX_DATE_WORDS and parse_date(t.description) is not None
            out.append((f"{t.term} {t.description}", list(t.body[1:])) if dated else (t.term, list(t.body)))
        return out
    if isinstance(event, ItemList) and event.items and all(version_in(i.text) for i in event.items):
        # `* Noteworthy changes in release 2.1 (2026-03-02)` over its changes, indented under it
        return [(item.text, list(item.children)) for item in event.items]
    return None


def _dated_entry(term: Term) -> tuple[str, list[Heading | Block]]:
    """A GNU ChangeLog entry's heading (its date and who signed it, no address) and its
    changes. The signature reads as the date's description (`Jane Roe <jane@example.org>`) or,
    with two spaces before the address, as a name over its address: then the name is
    the signer and the first change stays a change, not a part of the heading."""
    first = term.body[0] if term.body else None
    if isinstance(first, Terms) and len(first.entries) == 1 and _EMAIL.fullmatch(first.entries[0].description):
        return f"{term.term} {first.entries[0].term}", list(term.body[1:])
    return f"{term.term} {' '.join(_EMAIL.sub('', term.description).split())}", list(term.body[1:])


@dataclass(frozen=True)
class _Entry:
    start: int  # the index of the event that opens it, in the outline's events
    title: str
    body: list[Heading | Block]


def _entries(stream: list[Heading | Block]) -> list[_Entry]:
    """The release entries of an event stream, each with what follows it up to the next.
    When two or more carry a date, the undated ones are not releases: a README that ends
    in its changelog names versions in passing before it (`- Python 3.6: frob < 3.1`)."""
    entries: list[_Entry] = []
    for n, event in enumerate(stream):
        opened = _opened(event)
        if opened is not None and entries and _within(stream[entries[-1].start], entries[-1].title, event, opened):
            opened = None
        if opened is not None:
            entries += [_Entry(n, title, body) for title, body in opened]
        elif entries:
            entries[-1].body.append(event)
    dated = [e for e in entries if parse_date(e.title)]
    return dated if len(dated) >= MIN_DATED else entries


def _within(opener: Heading | Block, title: str, event: Heading | Block,
            opened: list[tuple[str, list[Heading | Block]]]) -> bool:
    """Whether an undated version line is a change of the dated release above it: a
    heading deeper than the release's own (`** Support for autoconf 2.71` under `*
    Noteworthy changes in release 1.21.2 (2021-09-07)`), not a release of its own."""
    return isinstance(opener, Heading) and isinstance(event, Heading) and event.level > opener.level \
        and parse_date(title) is not None and not any(parse_date(t) for t, _ in opened)


def read_releases(text: str, outline: Outline) -> list[Release]:
    """The releases a changelog or NEWS text lists, newest first (see the module docstring)."""
    return release_history(text, outline)[0]


def release_history(text: str, outline: Outline) -> tuple[list[Release], int, Release | None]:
    """The newest MAX_RELEASES releases, how many the text lists, and its oldest one
    (its version and date: what a page says it leaves out, `back to 1.0 (2019-04-02)`)."""
    if is_debian_changelog(text):
        found = _debian(text.lstrip())
        if found:
            headers = list(_DEBIAN_HEADER.finditer(text))
            oldest = headers[-1] if headers else None
            signed = _DEBIAN_TRAILER.search(text, oldest.end()) if oldest is not None else None
            last = Release(oldest.group(1), parse_date(signed.group(1)) if signed else None, oldest.group(0), ()) \
                if oldest is not None else None
            return found, max(len(headers), len(found)), last
    stream = list(events(outline))
    entries = _entries(stream)
    lines = _line_runs(text) if entries else {}
    out = [Release(version_in(e.title) or "", parse_date(e.title), e.title,
                   tuple(_changes(_split_lines(_notes_apart(e, stream)[0], lines)))) for e in entries]
    every = _newest_first(_one_program(_without_listings(out)))
    if not _read_to_the_end(text, every):
        return every[:MAX_RELEASES], 0, None  # (releases in shapes it does not know go on after the last it read)
    return every[:MAX_RELEASES], len(every), every[-1] if every else None


def _read_to_the_end(text: str, releases: list[Release]) -> bool:
    """Whether the releases read reach the text's end: after the last one's heading, no
    more text than a few releases take (NEWS files change their headings' shape over
    decades: `Version 2.7.1 - Jane Roe, 2000-01-07.`, `Major changes from 0.4 to 0.5`)."""
    at = sorted(p for r in releases if (p := text.find(r.title)) >= 0)
    if len(at) < 2:
        return True
    per = (at[-1] - at[0]) / (len(at) - 1)
    return len(text) - at[-1] <= max(MAX_TAIL_RELEASES * per, MIN_TAIL_CHARS)


def _line_runs(text: str) -> dict[str, list[str]]:
    """Each line of the text (stripped) by its first words (up to LINE_KEY_WORDS), with the lines after it:
    where a paragraph of the outline broke its lines is found from its first words."""
    stripped = [line.strip() for line in text.split("\n")]
    runs: dict[str, list[str]] = {}
    for n, line in enumerate(stripped):
        if line:
            runs.setdefault(" ".join(line.split()[:LINE_KEY_WORDS]), stripped[n : n + MAX_RUN_LINES])
    return runs


def _raw_lines(paragraph: str, runs: dict[str, list[str]]) -> list[str] | None:
    """The lines the text set `paragraph` on, or None when they are not found."""
    words = paragraph.split()
    following = next((found for k in range(LINE_KEY_WORDS, 0, -1)
                      if (found := runs.get(" ".join(words[:k]))) is not None), None)
    if following is None:
        return None
    taken: list[str] = []
    for line in following:
        if not line:
            break
        taken.append(line)
        joined = " ".join(" ".join(taken).split())
        if joined == paragraph:
            return taken
        if len(joined) > len(paragraph):
            return None
    return None


_INNER_SENTENCE = re.compile(r"\S[.!?] +\w")  # a sentence ending inside a line and the next one starting
# a line that says more of the change above it (`These bugs most likely do not happen ...`)
_REFERS_BACK = re.compile(r"^(?:This|These|That|Those|It|They|Its|Their)\b")


def _blocks_rejoined(body: list[Heading | Block], lines: dict[str, list[str]]) -> list[Heading | Block]:
    """A release's paragraphs, those the text set on consecutive lines (no blank line
    between) as one: the outline ends a paragraph early at a short line over a long one
    (`Fix the frob field description.` over the lines saying why), but a changelog that
    parts its changes by blank lines tells one change in each block, its title and why.
    (`_split_lines` then parts a block whose lines are each a change.)"""
    out: list[Heading | Block] = []
    for event in body:
        before = out[-1] if out else None
        if isinstance(event, Paragraph) and isinstance(before, Paragraph) and not before.text.endswith(":") \
                and (after := _next_line(before.text, lines)) is not None and event.text.startswith(" ".join(after.split())):
            out[-1] = Paragraph(_with_reasons(before.text, [event.text]))  # (not a label over its changes, `Bug fixes:`)
        else:
            out.append(event)
    return out


def _next_line(paragraph: str, lines: dict[str, list[str]]) -> str | None:
    """The line right after the ones the text set `paragraph` on, when no blank line
    ends it there; else None."""
    raw = _raw_lines(paragraph, lines)
    following = lines.get(" ".join(raw[0].split()[:LINE_KEY_WORDS])) if raw else None
    if raw is None or following is None or len(following) <= len(raw) or following[:len(raw)] != raw:
        return None
    return following[len(raw)] or None


def _split_lines(body: list[Heading | Block], lines: dict[str, list[str]]) -> list[Heading | Block]:
    """A release's paragraphs, a paragraph of short lines each opening a statement
    (`Fixed ibase extension causing problems for read()` over `Fixed parallel make
    problem.`) split into one change per line: a NEWS file lists its changes so, one a
    line, no bullets; a line goes on the one before when that one did not end (`...
    U+D400 through` / `U+D7FF ...`), when it opens in lower case after a line that
    ended no sentence, and when it credits the change above (`Provided by ...`, `[bug
    introduced in 4.8]`, `(Reported by Jane Roe).`) or says more of it (`These bugs most
    likely ...`); `fix to get long options working.` after `fixes bug in
    load_code.` is a change of its own. A change's subject line, broken where its next
    word would have fit, stands apart from its text (`[frob] fix syntax error —
    Corrected end of comment.`)."""
    out: list[Heading | Block] = []
    for event in _blocks_rejoined(body, lines):
        raw = _raw_lines(event.text, lines) if isinstance(event, Paragraph) else None
        if raw is None or not isinstance(event, Paragraph):
            out.append(event)
            continue
        items: list[str] = []
        ran_on: set[int] = set()  # items a sentence of went on over a line's end
        widest = max(len(line) for line in raw)
        alone = False  # the last item is one line so far
        subject = False  # the first item's first line is its subject, set apart
        for line in raw:
            ended = items and items[-1][-1:] in ".!?)]:;\"'"
            lower = not line[:1].isupper() and not line.startswith("[")
            if items and (not ended or (lower and not items[-1].endswith((".", "!", "?"))) or _CREDIT.match(line)
                          or _REFERS_BACK.match(line)):
                if not ended and alone and line[:1].isupper() and len(items[-1]) + 1 + len(line.split()[0]) <= widest:
                    # a subject line over its text (`[frob] fix syntax error` / `Corrected end of comment.`):
                    # broken where the next word would have fit, so no sentence running on
                    items[-1] = f"{items[-1]} — {line}"
                    subject = subject or len(items) == 1
                else:
                    if not ended:
                        ran_on.add(len(items) - 1)
                    items[-1] = f"{items[-1]} {line}"
                alone = False
            else:
                items.append(line)
                alone = True
        # most lines open a change; not wrapped prose whose other sentences end at its
        # lines' ends: a sentence running over a line's end and another starting inside
        # a line, or sentences running over lines' ends in half the items
        prose = bool(ran_on) and (any(_INNER_SENTENCE.search(line) for line in raw) or len(ran_on) >= len(items) / 2)
        listed = len(items) >= 2 and len(items) >= LISTED_SHARE * len(raw) and not prose
        if listed:
            out += [Paragraph(item) for item in items]
        elif subject and event.text.startswith(f"{raw[0]} "):
            out.append(Paragraph(f"{raw[0]} — {event.text[len(raw[0]) + 1:]}"))  # (its subject line apart, still one change)
        else:
            out.append(event)
    return out


def notes_among_releases(outline: Outline) -> Outline:
    """The notes a release history holds between two lists of releases (lsof's `What's
    new in Version 4` after 3.88, before the title `Version 4 Release Notes`): sections
    with their own heading at the end of a release a line opens, paragraphs under them
    -- what the document says of itself, not a change of that release, which a page
    showing the newest releases would drop."""
    stream = list(events(outline))
    return build(event for entry in _entries(stream) for event in _notes_apart(entry, stream)[1])


def _notes_apart(entry: _Entry, stream: list[Heading | Block]) -> tuple[list[Heading | Block], list[Heading | Block]]:
    """(the release's own body, the notes inside it: see `notes_among_releases`)."""
    body = entry.body
    last = body[-1] if body else None
    if isinstance(stream[entry.start], Heading) or not isinstance(last, Heading) or last.level != 1 \
            or not _LABELLED.match(last.title) or parse_date(last.title) is not None:
        return body, []  # (not between two lists of releases: a heading in a release is a group of its changes)
    own: list[Heading | Block] = []
    notes: list[Heading | Block] = []
    part: list[Heading | Block] = []
    for event in [*body, None]:
        if event is None or isinstance(event, Heading):
            if len(part) > 1 and isinstance(head := part[0], Heading) and head.level == 1 and head is not last \
                    and parse_date(head.title) is None and all(isinstance(b, Paragraph) for b in part[1:]):
                notes += part
            else:
                own += part
            part = [event] if event is not None else []
        elif part:
            part.append(event)
        else:
            own.append(event)
    return own, notes


def before_releases(outline: Outline) -> Outline:
    """What a document says before its first release (a distribution's notes that end
    in their release history, a README that ends in its changelog): the part a page
    carries as sections."""
    stream = list(events(outline))
    entries = _entries(stream)
    return build(stream[: entries[0].start if entries else len(stream)])


def _without_listings(releases: list[Release]) -> list[Release]:
    """The releases without the lines of a table of contents: a version listed again
    with nothing under it, where the document has its entry with its changes."""
    described = {r.version for r in releases if r.changes}
    return [r for r in releases if r.changes or r.version not in described]


def _program(title: str) -> str | None:
    """The program a release's heading names before its version (`Changes in dc from
    1.3 to 1.4:` names dc), or None."""
    found = _PROGRAM.search(title)
    name = found.group(1).casefold() if found else None
    return None if name is None or name in _NOT_PROGRAMS else name


def _one_program(releases: list[Release]) -> list[Release]:
    """The releases of the program the document is about, when its headings name two
    or more (bc's NEWS also lists dc's releases, `Changes in dc 1.4 to 1.4.1.`): those
    of the program its first release names (and those naming none)."""
    names = [_program(r.title) for r in releases]
    named = [n for n in names if n is not None]
    if len(set(named)) < 2:
        return releases
    return [r for r, name in zip(releases, names, strict=True) if name in (None, named[0])]


def version_key(version: str) -> tuple[int, ...]:
    """A version's numbers, for ordering (`1.10` after `1.9`)."""
    return tuple(int(n) for n in re.findall(r"\d+", version)[:4])


def _newest_first(releases: list[Release]) -> list[Release]:
    if len(releases) < 2:
        return releases
    if all(r.date for r in releases):
        # two releases of a day (`4.93.0`, `4.93.1`): the higher version is the newer
        return sorted(releases, key=lambda r: (r.date, version_key(r.version)), reverse=True)
    keys = [version_key(r.version) for r in releases]
    if keys[0] >= keys[-1]:
        return releases
    return sorted(releases, key=lambda r: version_key(r.version), reverse=True)
