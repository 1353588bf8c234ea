"""The larger whole a document says it belongs to: the package, project or suite.

A manual page is about one command, but it says whose command it is: its footer
names the source it ships with (`util-linux 2.38.1   2022-05-11   FINDMNT(8)`), its
header the manual it is part of (`PostgreSQL 15.18 Documentation`), and its text
says so in words ("The findmnt command is part of the util-linux package", "This
describes ncurses version 6.4", "This is the GNU gettext package"). Those names are
the entity that the pages of a package's commands, files and READMEs share.

Never a project: the standard manual volumes a header names ("General Commands
Manual", "System Administration"), versions and dates.
"""

from __future__ import annotations

import re
from datetime import date

from wikid.document.dates import parse_date
from wikid.document.screen import Screened

_NAME = r"([A-Za-z][\w.+/-]{0,40}(?: [A-Za-z][\w.+/-]{0,40})?)(?:\(\d\w*\))?"
_WHOLE = r"(?:package|project|suite|distribution|toolkit|collection)"
_STATEMENTS = (  # each with the words its matches hold (screen.py)
    Screened(re.compile(rf"\b(?:is|are) (?:also )?(?:a )?part of (?:the )?{_NAME} {_WHOLE}\b", re.IGNORECASE),
             "part of "),
    Screened(re.compile(rf"\bthis is the {_NAME} {_WHOLE}\b", re.IGNORECASE), "this is the "),
    Screened(re.compile(rf"\bthis (?:describes|documents) {_NAME} (?:version|release)\b", re.IGNORECASE),
             "describes", "documents"),
    # what the text defines: "Fontconfig is a library designed to ..."
    Screened(re.compile(r"(?:^|[.!?:] )([A-Za-z][\w.+-]{1,40}) is an? (?:[\w-]+ ){0,3}"
                        r"(?:library|program|tool|utility|package|suite|toolkit|framework)\b", re.MULTILINE), " is a"),
)
# The header and footer lines of a manual page rendered as text.
_MAN_TITLE = r"[\w.:+-]{1,60}\(\d\w*\)"
_HEADER = re.compile(rf"^{_MAN_TITLE}\s{{2,}}(\S.*?)\s{{2,}}{_MAN_TITLE}\s*$")
_FOOTER = re.compile(rf"^(\S.*?)(?:\s{{2,}}\S.*?)?\s{{2,}}{_MAN_TITLE}\s*$")
_VOLUME = re.compile(r"\b(?:manual|commands|administration|programmer'?s|functions|calls|formats|miscellaneous|"
                     r"information|utilities|conventions)\b", re.IGNORECASE)
_NOT_NAME = re.compile(r"^(?:v?\d[\w.+~:-]*|version|release|documentation|the|a|an|this|that|its|our|of)$",
                       re.IGNORECASE)
# A version glued to a name by a hyphen, as a source tarball is named: `frobutils-2.40.00`.
_GLUED_VERSION = re.compile(r"(?<=[A-Za-z])-v?\d+(?:\.\d+)+$")
_ARTICLES = frozenset("a an the this that its our their your another same whole entire it there here which what "
                      "each every one everything something below above".split())


def _cleaned(text: str) -> str | None:
    """A header's or footer's name: without versions (apart, or glued on as in
    `frobutils-2.40.00`), dates and words like "version"."""
    if _VOLUME.search(text) or parse_date(text) is not None:
        return None
    words = [_GLUED_VERSION.sub("", w) for w in text.split()
             if not _NOT_NAME.match(w.strip("(),")) and parse_date(w) is None]
    name = " ".join(words).strip(" ,;:")
    return name if re.search(r"[A-Za-z]{2,}", name) and len(words) <= 3 else None


def man_source(lines: list[str]) -> list[str]:
    """The source and the manual a manual page rendered as text names in its footer
    (its last line) and header (its first): `util-linux`, `PostgreSQL`."""
    found: list[str] = []
    candidates = []
    if lines and (m := _FOOTER.match(lines[-1].strip())):
        candidates.append(m.group(1))
    if lines and (m := _HEADER.match(lines[0].strip())):
        candidates.append(m.group(1))
    for candidate in candidates:
        name = _cleaned(candidate)
        if name and name.casefold() not in {f.casefold() for f in found}:
            found.append(name)
    return found


_PAGE_FOOTER = re.compile(r"^[A-Za-z][\w+-]*(?: [A-Za-z][\w+-]*)? v?(\d+(?:\.\d+){1,3}) "
                          r"(?:\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d\d-\d\d|\d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+ \d{4}) \d{1,4}$")
_SOURCE_VERSION = re.compile(r"(?:^|[\s-])v?(\d+(?:\.\d+){1,3}[a-z]?)$")


def man_date(footer: str) -> date | None:
    """The date a manual page gives in its footer, its last line (`TAR July 13, 2020
    17`, `Version 590: 03 Jun 2021 24`, a page's `Fri Oct 31 10:41:31 EDT 2014 4`): the
    date of the manual, which a PDF's or a file's own date (when it was made into that
    file) is not; None when the line names no date or is no footer (a sentence)."""
    line = footer.strip()
    if len(line.split()) > MAX_FOOTER_WORDS:
        return None
    line = _VERSION_NUMBER.sub(" ", line)  # (`coreutils 9.1 September 2022`: no 1 September)
    stamp = _CTIME.search(line)
    found = parse_date(f"{stamp.group(2)} {stamp.group(1)} {stamp.group(3)}" if stamp else line)
    if found is None and (month := _MONTH_YEAR.search(line)) is not None:
        found = parse_date(f"1 {month.group(1)} {month.group(2)}")  # `October 2026`: the month's, no day given
    return None if found == _EPOCH else found  # (`January 1, 1970`: a manual whose date was never set)


MAX_FOOTER_WORDS = 12
_EPOCH = date(1970, 1, 1)
_VERSION_NUMBER = re.compile(r"(?<![\d.])\bv?(?!\d{1,2}\.\d{1,2}\.\d{4}\b)\d+(?:\.\d+)+[a-z]?\b")  # not a date `03.06.2021`
_MONTH_YEAR = re.compile(r"\b([A-Z][a-z]{2,8}) (\d{4})\b")
_CTIME = re.compile(r"\b[A-Z][a-z]{2} ([A-Z][a-z]{2}) +(\d{1,2}) \d{1,2}:\d\d(?::\d\d)? (?:[A-Z]{2,5} )?(\d{4})\b")


def man_version(lines: list[str]) -> str | None:
    """The version a manual page rendered as text gives in its footer's source field
    (`strace 6.1`, `E2fsprogs version 1.47.0`, `binutils-2.40.00`, `perl v5.36.0`),
    or a PDF's page footer (`Git 2.39.5 10/07/2025 22`: source, date, page number):
    the version of the program it documents, or None."""
    last = lines[-1].strip() if lines else ""
    if (paged := _PAGE_FOOTER.match(last)) is not None:
        return paged.group(1)
    footer = _FOOTER.match(last)
    found = _SOURCE_VERSION.search(footer.group(1).strip()) if footer else None
    return found.group(1) if found else None


def stated_projects(text: str) -> list[str]:
    """The wholes a text says it is part of ("is part of the util-linux package") and
    what it defines ("Fontconfig is a library"), in the order it says them."""
    # one line per paragraph, so that a sentence starts at a line's start or after a stop
    flat = "\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text))
    found: list[str] = []
    named = [m.group(1) for pattern in _STATEMENTS for m in pattern.finditer(flat)]
    for name in named:
        if name.split()[0].casefold() in _ARTICLES or _NOT_NAME.match(name.split()[-1]):
            continue
        if name.casefold() not in {f.casefold() for f in found}:
            found.append(name)
    return found
