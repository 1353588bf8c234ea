"""Key facts a document states in its prose: its home page, documentation, licence and
what it requires.

    home_page(text)            # "https://frob.example.org" from "The frob home page is https://..."
    documentation_site(text)   # "https://frob.readthedocs.io" from "Documentation is available at ..."
    licence(text)              # "GNU General Public License, version 3 or later"
    requirement(text)          # "Python 3.9+" from "Frob requires Python 3.9+."

A reader looks for these in a README or a manual page's last sections, so the page
can state them as attributes instead of carrying the paragraphs they come in. Both
read plain text (a document's paragraphs), name what the text names, in its words
(the licence's name, whole), and return None when the text names none.

Free-software licence notices -- copyright lines, permission notices, warranty
disclaimers -- are what `is_licence_text` recognises: a page states the licence once
and leaves the notices to the archived original.
"""

from __future__ import annotations

import re

from wikid.document.screen import Screened, holds_any

_URL = r"(?:https?|ftp)://[^\s<>()\"'`\u232a\u3009\u27e9»#]+[^\s<>()\"'`\u232a\u3009\u27e9»#.,;:]"
# The URL right after the words (`home page is`, `homepage:`, `[homepage](`), with no
# other page named between them (`homepage and the release page, https://...`), or on
# the line under them when they are a label of their own (a manual's `Home Page` over
# `https://frob.example.org`) or the sentence goes on there (`see the frob homepage at`
# over the address).
_WWW = r"www\.[\w-]+(?:\.[\w-]+)+\b"  # an address without its scheme (`[www.frob.org]`, a reference link's text)
_HOME_PAGE = re.compile(
    rf"\b(?:home\s?page|web\s?site|project\s+(?:page|site)|web\s+page)\b"
    rf"(?:[ \t]*:?[ \t]*\n[ \t]*|(?:(?!\b(?:and|or|page|pages)\b)[^\n]){{0,30}}?(?:\n[ \t]*)?)[<\[]?({_URL}|{_WWW})",
    re.IGNORECASE)
_DOCUMENTATION = re.compile(
    rf"\bdocumentation(?:\*\*)?\s*(?:(?:is\s+)?(?:available\s+)?(?:at|on)\b:?|:)\s*(?:\*\*\s*)?"
    rf"(?:\[[^\]\n]{{0,60}}\]\()?<?({_URL})", re.IGNORECASE)
MAX_DOCUMENTATION_DEPTH = 2  # path parts of a documentation site's address (`/en/latest`)
# a link whose words are the documentation (`See [documentation](https://...) for more details.`)
_DOCUMENTATION_LINK = re.compile(rf"\[(?:the |our |full |online )?(?:documentation|docs)\]\(<?({_URL})\)", re.IGNORECASE)
# a name before `documentation` inside a sentence (`the GNU Mailman documentation`), or developers' documentation
_OTHERS_DOCUMENTATION = re.compile(r"(?:\w[ \t]+[A-Z][\w-]*|\b(?i:development|developer|contribut\w*))[ \t]*$")
_REQUIRES = re.compile(r"(?:^|(?<=[.!?:]\s)|(?<=\n))[*_]{0,2}(?:[A-Z][\w.+-]*|It|This (?:project|package|library|module|program|tool|software))"
                       r"[*_]{0,2} requires\s+([A-Z][\w.+-]*(?: [A-Z][\w.+-]*)?\s+(?:version\s+)?v?\d+(?:\.\d+){0,2}\+?"
                       r"(?:\s+or\s+(?:later|newer|higher|above))?)(?=[\s.,;)]|$)")
# A section of requirements that opens by naming one, with its version (`## Requirements`
# over `Python 3.11 or higher.`, `Prerequisites` over `* Python 3.9+`).
_REQUIREMENTS = re.compile(r"^(?:#{1,6}[ \t]*)?(?:Requirements|Prerequisites|System requirements)[ \t]*:?[ \t]*\n"
                           r"(?:[=~^-]{3,}[ \t]*\n)?(?:[ \t]*\n)?[ \t]*(?:[*+-][ \t]+)?"
                           r"([A-Z][\w.+-]*(?: [A-Z][\w.+-]*)? v?\d+(?:\.\d+){0,2}\+?"
                           r"(?: or (?:later|newer|higher|above))?)\.?[ \t]*$", re.MULTILINE | re.IGNORECASE)
# A line of a list of addresses, each followed by what it is (a manual's SEE ALSO).
_LISTED_URL = re.compile(rf"\s*<?({_URL})>?\s+[^\n]{{0,30}}")
# three capitalised words or more before `website`: a site another name owns (`... Services Security Bulletins`)
_OWNED_SITE = re.compile(r"\b[A-Z][\w-]*\s+[A-Z][\w-]*\s+[A-Z][\w-]*\s*$")
_GPL = re.compile(
    r"\bGNU\s+(Lesser\s+|Library\s+|Affero\s+)?General\s+Public\s+Licen[cs]e"
    r"(?:[\s,;()]*(?:as\s+published\s+by\s+the\s+Free\s+Software\s+Foundation[\s,;]*)?(?:either\s+)?"
    r"(?:version|v\.?)\s*(\d(?:\.\d)?))?"
    r"(?P<later>[^.]{0,40}?\bor\s+(?:\(at\s+your\s+option\)\s+)?any\s+later\s+version)?",
    re.IGNORECASE)
# The words that put a program under a licence (`distributed under the terms of the`,
# `released under version 3 of the`), shortly before its name: a list row naming the
# licence's file (`perlgpl    GNU General Public License`, `COPYING  Your free copy of
# the GNU General Public License.`) puts nothing under it.
# the line GNU programs print with --version (and their manuals' COPYRIGHT): `License GPLv3+: GNU GPL ...`
_GNU_SHORT_LICENCE = re.compile(r"\bLicen[cs]e\s+(GPL|LGPL|AGPL)v(\d(?:\.\d)?)(\+)?:")
_GRANTS = re.compile(r"\b(?:under|terms|licen[cs]ed|distributed|released|covered|governed)\b", re.IGNORECASE)
LOOKBACK_CHARS = 120  # how far before a licence's or a site's name the words that qualify it stand
_VERSION_BEFORE = re.compile(r"\bversion\s+(\d(?:\.\d)?)\s+of\s+(?:the\s+)?$", re.IGNORECASE)
_NAMED = (
    (re.compile(r"\bApache\s+Licen[cs]e,?\s+(?:Version\s+)?(\d\.\d)", re.IGNORECASE), "Apache License {0}"),
    (re.compile(r"\bMozilla\s+Public\s+Licen[cs]e,?\s+(?:v(?:ersion)?\.?\s*)?(\d\.\d)", re.IGNORECASE),
     "Mozilla Public License {0}"),
    (re.compile(r"\b(?:the\s+)?MIT\s+licen[cs]ed?\b", re.IGNORECASE), "MIT License"),  # (`MIT licensed code`)
    (re.compile(r"\bISC\s+licen[cs]ed?\b", re.IGNORECASE), "ISC License"),
    (re.compile(r"\b(?:the\s+)?(\d)-clause\s+BSD\s+licen[cs]e\b|\bBSD\s+(\d)-clause\s+licen[cs]e\b", re.IGNORECASE),
     "BSD {0}-Clause License"),
    (re.compile(r"\bBSD(?:-style)?\s+licen[cs]ed?\b", re.IGNORECASE), "BSD License"),
    (re.compile(r"\bBoost\s+Software\s+Licen[cs]e\b", re.IGNORECASE), "Boost Software License"),
    (re.compile(r"\bin\s+the\s+public\s+domain\b", re.IGNORECASE), "Public domain"),
)
# The documentation's own licence: stated only when the text names no other.
_FDL = re.compile(r"\bGNU\s+Free\s+Documentation\s+Licen[cs]e(?:,?\s+Version\s+(\d\.\d))?", re.IGNORECASE)
# One of these is in each licence name above: a text without them names none (screen.py).
_LICENCE_WORDS = ("licen", "public")
# A free-software notice, by the words only such notices use: a contract's own licence
# terms (`Licensee is granted permission ...`, `provided as is`) are its content.
_LICENCE_TEXT = Screened(re.compile(
    r"copyright\s*(?:\(c\)|©|\d{4})|©\s*\d{4}|\bwithout (?:any )?warranty\b|\bgeneral public licen[cs]e\b"
    r"|\bfree software foundation\b|\bis free software\b|\bredistribution and use\b"
    r"|\bfree documentation licen[cs]e\b|\bpermission is (?:hereby )?granted to (?:make|copy|distribute)\b"
    r"|\bredistributions? (?:of source code|in binary form) must\b|\bthis software is provided by\b"
    r"|\bcopying and distribution of this file, with or without modification\b"
    r"|\bprovided (?:by [^.]{1,80} )?[\"'“]as is[\"'”] and any express\b",
    re.IGNORECASE,
), "copyright", "©", "warranty", "general public licen", "free software foundation", "is free software",
    "redistribution", "free documentation licen", "permission is ", "provided ", "copying and distribution")
LICENCE_HEADING = re.compile(
    r"^(?:copyright|copying|copyleft|licen[cs]e|licen[cs]ing|warranty|no warranty|legal(?: notice)?|"
    r"copyright (?:and|&) licen[cs]e|licen[cs]e (?:and|&) copyright|copyright notice|permissions?)\W*$",
    re.IGNORECASE,
)


# `This is GNU Bash, version 5.2.`, `This is the Tcl 8.6.13 source distribution.`: a
# document's opening saying which version of its program it comes with.
_THIS_IS_VERSION = re.compile(
    r"\bThis is (?:the )?(?:[A-Z][\w+-]*(?: [A-Z][\w+-]*){0,2})(?:,? version|,)? v?(\d+\.\d+(?:\.\d+){0,2}[a-z]?)\b")
OPENING_CHARS = 2000
# a title line naming the program and its version: `# bzip2 and libbzip2, version 1.0.8`
_TITLED_VERSION = re.compile(r"^(?:#{1,6} )?[\w+-]+(?: (?:and )?[\w+-]+){0,3}, version v?(\d+\.\d+(?:\.\d+){0,2}[a-z]?)\s*$",
                             re.MULTILINE)
# `This describes ncurses version 6.4`, `This manual page documents frob version 2.1`:
# a manual saying which version it describes, wherever it says it (often at its end).
_DESCRIBES_VERSION = re.compile(
    r"\bThis (?:manual |(?:manual )?page |document )?(?:describes|documents)\s+\**[\w+-]+\**\s+version\s+"
    r"v?(\d+\.\d+(?:\.\d+){0,2}[a-z]?)\b")


def stated_version(text: str) -> str | None:
    """The version a document's opening says it is of (`This is Frob 2.4 ...`, a title
    `frob and libfrob, version 1.0.8`), or that a manual says it describes (`This
    describes frob version 6.4`), or None."""
    opening = text[:OPENING_CHARS]
    found = _THIS_IS_VERSION.search(opening) or _TITLED_VERSION.search(opening) or _DESCRIBES_VERSION.search(text)
    return found.group(1) if found else None


def home_page(text: str) -> str | None:
    """The URL the text calls its home page (or web site, project page), or None; not
    a site another name owns (`the Amazon Web Services Security Bulletins website`: three
    capitalised words or more before `website`; `the GNU Wget website` is the program's)."""
    for found in _HOME_PAGE.finditer(text):
        line = text[text.rfind("\n", 0, found.start()) + 1 : found.start()]
        if (listed := _LISTED_URL.fullmatch(line)) is not None:
            return listed.group(1)  # `https://www.frob.org/   the Frob homepage`: the address its line lists
        named = _OWNED_SITE.search(_before(text, found.start()))
        if named is None or not found.group(0).casefold().startswith("web"):
            # (`[www.frob.org]`, a reference link's text: the address its definition gives)
            target = re.search(rf"^\s*\[{re.escape(found.group(1))}\]:\s*<?({_URL})", text, re.MULTILINE | re.IGNORECASE)
            return target.group(1) if target else found.group(1)
    return None


def documentation_site(text: str) -> str | None:
    """The URL the text gives for its documentation (`Project documentation is available
    at https://...`, `**Documentation:** https://...`, `read the documentation at
    https://...`, `documentation at [frob.readthedocs.io](https://...)`), or None; not
    another program's (`the GNU Mailman documentation at`) or its developers'."""
    for found in _DOCUMENTATION.finditer(text):
        line = text[text.rfind("\n", 0, found.start()) + 1 : found.start()]
        if not _OTHERS_DOCUMENTATION.search(line) and not line.lstrip().startswith(".. _"):
            return found.group(1)
    # (the documentation's home, not one of its pages: `.../how_to_guides/pytest` is a guide)
    return next((url for url in _DOCUMENTATION_LINK.findall(text)
                 if len([p for p in url.split("://", 1)[-1].split("/")[1:] if p]) <= MAX_DOCUMENTATION_DEPTH), None)


def requirement(text: str) -> str | None:
    """What the text says its subject requires to run, with its version (`Frob requires
    Python 3.9+.`, `It requires Node 18 or later`), or None; not what an option or a
    feature requires (`This option requires OpenSSL 3.0`)."""
    found = _REQUIRES.search(text) or _REQUIREMENTS.search(text)
    return " ".join(found.group(1).split()) if found else None


def _before(text: str, at: int) -> str:
    """The LOOKBACK_CHARS of `text` before position `at`."""
    return text[max(0, at - LOOKBACK_CHARS):at]


_OTHER_CHOICE = re.compile(r"\bor\s+(?:\(\d\)\s+)?(?:under\s+)?(?:the\s+)?((?:[A-Z][\w-]*\s+){1,4}Licen[cs]e)\b")
MAX_CHOICE_CHARS = 300  # how far after the first licence of a choice of two the second one stands


def licence(text: str) -> str | None:
    """The licence the text names, by its name and version, or None; the GPL only
    where the text puts something under it (_GRANTS)."""
    if not holds_any(text, _LICENCE_WORDS):
        return None
    gpl = next((m for m in _GPL.finditer(text) if _GRANTS.search(_before(text, m.start()))), None)
    if gpl:
        kind = (gpl.group(1) or "").strip()
        name = f"GNU {kind + ' ' if kind else ''}General Public License"
        before = _VERSION_BEFORE.search(_before(text, gpl.start()))
        version = gpl.group(2) or (before.group(1) if before else None)  # `released under version 3 of the GNU GPL`
        if version:
            name += f", version {version}" + (" or later" if gpl.group("later") else "")
        # a choice of two (`either (1) the GNU General Public License ... or (2) the Frob License`)
        other = _OTHER_CHOICE.search(text, gpl.end(), gpl.end() + MAX_CHOICE_CHARS) \
            if "either" in _before(text, gpl.start()).lower() else None
        return f"{name} or the {other.group(1)}" if other else name
    if (short := _GNU_SHORT_LICENCE.search(text)) is not None:  # `License GPLv2+: GNU GPL version 2 or later`
        kind = {"LGPL": "Lesser ", "AGPL": "Affero "}.get(short.group(1), "")
        return f"GNU {kind}General Public License, version {short.group(2)}" + (" or later" if short.group(3) else "")
    for pattern, template in _NAMED:
        found = pattern.search(text)
        if found:
            return template.format(next((g for g in found.groups() if g), ""))
    fdl = _FDL.search(text)
    if fdl:
        return "GNU Free Documentation License" + (f", version {fdl.group(1)}" if fdl.group(1) else "")
    return None


def is_licence_text(text: str) -> bool:
    """A copyright line, a permission notice or a warranty disclaimer."""
    return _LICENCE_TEXT.search(text) is not None
