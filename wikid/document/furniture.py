"""What in a document is not its own content: navigation, page furniture, boilerplate.

A web page converted whole brings its menus, sidebars ("Previous topic", "This
Page", "Quick search"), tables of contents and footers; a PDF brings the running
header and footer of every page; READMEs bring badges; many files open with a
licence notice or a "generated file, do not edit" comment. None of it says what the
document is about, so none of it may become a title, a description or a summary.
The archived text keeps all of it: this module only decides what the engines read.

The rules are about the shape of the text, never about particular documents:
* a block that is mostly link text (two links or more) is navigation, and so is a
  run of list items that are each just a link (a table of contents);
* a heading that names a navigation element (NAV_HEADINGS) starts a navigation
  section, which ends at the next heading of the same or a higher level;
* in a paged text (`## Page N`, three pages or more), a line that starts or ends at
  least half of the pages (digits aside: page numbers change) is a running header
  or footer;
* licence and copyright notices, "do not edit"/generated-file notes and template
  syntax are boilerplate (BOILERPLATE): kept as content, never used to describe.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from wikid.document.blocks import HEADING, ITEM, LAYOUT, Block
from wikid.document.screen import Screened

# A paragraph with this many links to other sites or fewer shows where each goes after
# its text (`head over to the QuickStart (https://…)`, `The Frob Interface (https://…)
# lists every call.`); a denser one keeps its words only.
MAX_PROSE_LINKS = 2  # links of a paragraph that each say where they go
MAX_POINTED_LINKS = 4  # ... only when the sentence points at them (`see the Usage section, ...`)


def ends_sentence_after(rest: str) -> bool:
    """Whether the text right after a link (`.`, `,`, nothing) shows the link ends its
    sentence or clause: what an item sends the reader to (`tag it with frob.`), where a
    link on a word inside it (`Application Programming Interface - a set of ...`) only
    annotates it, as does one inside parentheses (`pdf (Portable Document Format)`)."""
    return rest.lstrip()[:1] in ("", ".", ",", ";", ":", "!", "?")


def says_where(label: str, address: str) -> bool:
    """Whether a link's address on another site tells a reader more than its text: not
    its text again, not an issue's or a person's handle (`#1234`, `@jane`: a
    changelog's references, said by their number), not a contents list's link to the
    section its text names (`Usage` to `…/frob#usage`). (Another part of another site's
    page, `…/install#offline-bundle`, is where it sends the reader like the page itself.)"""
    fragment = address.partition("#")[2].casefold()
    return label.rstrip("/") != address.rstrip("/") and not _HANDLE.fullmatch(label) \
        and not (fragment and fragment == "-".join(re.findall(r"\w+", label.casefold())))


_HANDLE = re.compile(r"[#@][\w.-]+")


def points_at(before: str) -> bool:
    """Whether the words right before a link send the reader to it (`see the`, `refer
    to`, `please visit our`): the link is what the sentence points at, wherever the
    sentence ends (`see the Maintenance Policy section in the guide`), and so are the
    ones listed after it (`..., the Tuning section, or the FAQ`)."""
    return _POINTING.search(before[-40:]) is not None or _LISTED_AFTER_SHOWN.search(before[-300:]) is not None


_POINTING = re.compile(r"\b(?:see|visit|read|refer to|consult|check(?: out)?|go to|head (?:over )?to|open)"
                       r"(?: (?:the|our|this|these|an?|its|their))?\s*$", re.IGNORECASE)
# the next of a list of links after one whose address was given (`see the Usage
# (https://...) section, the Tuning section, or ...`)
_LISTED_AFTER_SHOWN = re.compile(r"\(https?://[^\s()]+\)(?: [\w-]+){0,2},?(?: (?:and|or))? (?:the |our )?$")
NAV_HEADINGS = frozenset(
    "table of contents|contents|toc|navigation|site navigation|main navigation|menu|main menu|"
    "site menu|quick search|search|previous topic|next topic|previous|next|this page|on this page|"
    "in this article|related topics|related articles|related pages|breadcrumbs|breadcrumb|footer|"
    "share|share this|follow us|skip to content|skip to main content|page contents|in this section".split("|")
)
_PAGE = re.compile(r"^## Page \d+\s*$", re.MULTILINE)
_DIGITS = re.compile(r"\d+")
BOILERPLATE = Screened(re.compile(
    r"copyright\s*(?:\(c\)|©|\d{4})|©\s*\d{4}|\ball rights reserved\b|\bpermission is (?:hereby )?granted\b"
    r"|\bwithout (?:any )?warranty\b|\blicen[cs]ed under\b|\bgeneral public licen[cs]e\b"
    r"|\bfree software foundation\b|\bis free software\b|\bredistribution and use\b"
    r"|\bcopying and distribution of this file\b|\bdo not edit\b|\bautomatically generated\b|\bauto-?generated\b|\bgenerated (?:by|from|with)\b"
    r"|\bthis (?:file|page|document) (?:was|is) generated\b|<!--|-->|\$(?:if|for|endif|endfor|[a-z-]+)\(|\{\{|\{%|<%|%>"
    r"|\bcookies?\b.*\b(?:accept|consent|privacy)\b",
    re.IGNORECASE,
), "copyright", "©", "all rights reserved", "permission is ", "warranty", "licen", "free software foundation",
    "is free software", "redistribution and use", "copying and distribution", "do not edit", "generated", "<!--", "-->", "$", "{{", "{%", "<%",
    "%>", "cookie")  # one of these words is in each alternative (see screen.py)
# The heading under which an extractor puts what it found outside a page's main
# content (wikid/extract/html.py): kept in the archive, never read as content.
FURNITURE_HEADING = "Outside the main content"
PAGE_FURNITURE_MIN_PAGES = 3
MIN_GLUED_FOOTER_CHARS = 10  # a running footer this long may end a page's last line of text
_EDGE_LINES = 2  # lines at the top and at the bottom of a page that may be its header or footer


# A signature's parts other than names: e-mail addresses, dashes, dates and punctuation.
_EMAIL = re.compile(r"<?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?")
_LEADING_YEAR = re.compile(r"^\s*(?:19|20)\d\d\b")
_DASHED = re.compile(r"^\s*(?:--?|[–—])\s+\S+\s+\S")  # `-- Jane Roe`, `– The frob team`: two words at least
YEAR = re.compile(r"\b(?:19|20)\d\d\b")  # a year of this century or the last
_SIGNATURE_NOISE = re.compile(
    r"<?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?|\b(?:19|20)\d\d\b|\b\d{1,2}\b|\?+|[-–—,;:()<>]+"
    r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?(?=\s|$)")
_NAME_PARTICLES = frozenset({"van", "von", "de", "da", "del", "der", "di", "du", "la", "le", "bin", "and", "the"})
MAX_SIGNATURE_WORDS = 10
# A letter's closing at the start of a sentence, before the name that signs it.
_CLOSING = re.compile(r"(?:^|(?<=[.!?] ))(?:(?:kind|best|warm|warmest|with best) regards|regards|(?:yours )?sincerely"
                      r"|yours (?:truly|faithfully)|best wishes|all the best|cheers),", re.IGNORECASE)
# A revision-control keyword a checkout expands: `$Id: frob.c,v 1.2 2018/10/23 ... Exp $`.
# `$Id: frob.c,v 1.2 ... $`, or a generator's `Last updated 2024-05-31 00:35:55 UTC`
_REVISION_STAMP = re.compile(r"^\$[A-Z][A-Za-z]+: [^$\n]{1,200} \$$"
                             r"|^Last (?:updated|modified|changed):? \d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?(?: ?[A-Z]{3,4})?$")


def is_boilerplate(text: str) -> bool:
    """Licence, copyright, generated-file or template text (see BOILERPLATE), or a
    revision-control stamp."""
    return BOILERPLATE.search(text) is not None or is_revision_stamp(text)


def is_revision_stamp(text: str) -> bool:
    """A line that is only an expanded revision-control keyword or a generator's
    time stamp: the file's bookkeeping."""
    return _REVISION_STAMP.match(text.strip()) is not None


def is_sign_off(text: str) -> bool:
    """Who signed a text, not what it says: `-- Jane Roe <jane@example.org>`, `-- The
    frob maintainers`, `Jane Roe <jane@example.org> March 2018`, `2004, Jane Roe, John
    Doe` -- opened by a dash, or dated (a leading year, an address and a year), and
    besides those only capitalised names (two other words after a dash). An address
    alone (`Jane Roe <jane@example.org>` in AUTHORS) says who wrote it and stays."""
    words = _SIGNATURE_NOISE.sub(" ", text).split()
    dashed = _DASHED.match(text) is not None
    dated = _LEADING_YEAR.match(text) is not None or (_EMAIL.search(text) is not None and YEAR.search(text) is not None)
    lower = [w for w in words if not w[:1].isupper() and w.casefold() not in _NAME_PARTICLES]
    return (dashed or dated) and 0 < len(words) <= MAX_SIGNATURE_WORDS and len(lower) <= (2 if dashed else 0)


def without_closing(text: str) -> str:
    """`text` without a letter's closing and who signed it (`... remain unchanged. Kind
    regards, Erik van Dijk, Account manager` -> `... remain unchanged.`): the signature
    says who wrote, not what; text with no closing comes back as it is."""
    found = _CLOSING.search(text)
    if found is None or len(text[found.end():].split()) > MAX_SIGNATURE_WORDS:
        return text
    return text[:found.start()].rstrip()


def is_navigation(block: Block) -> bool:
    """Mostly link text: a menu, a breadcrumb trail, a list of section links."""
    if block.links == 0:
        return False
    if block.kind == ITEM:
        return block.link_chars >= 0.8 * max(len(block.text), 1)
    return block.links >= 2 and block.link_chars >= 0.6 * max(len(block.text), 1)


def _edge_positions(lines: list[str]) -> list[int]:
    """Indexes of a page's first and last _EDGE_LINES non-blank lines (all of a short
    page's: only a line repeated on half the pages is furniture, so its body stays)."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return filled if len(filled) <= 2 * _EDGE_LINES else filled[:_EDGE_LINES] + filled[-_EDGE_LINES:]


def strip_page_furniture(text: str) -> str:
    """`text` without the running headers and footers of its pages (see the module docstring)."""
    starts = [m.end() for m in _PAGE.finditer(text)]
    if len(starts) < PAGE_FURNITURE_MIN_PAGES:
        return text
    ends = [m.start() for m in _PAGE.finditer(text)][1:] + [len(text)]
    pages = [text[a:b].split("\n") for a, b in zip(starts, ends, strict=True)]
    seen: Counter[str] = Counter()
    for lines in pages:
        seen.update({_DIGITS.sub("#", lines[i].strip()) for i in _edge_positions(lines)})
    repeated = {line for line, count in seen.items() if count * 2 >= len(pages) and count >= 2}
    if not repeated:
        return text
    # a footer the PDF set on the baseline of the page's last line of text ends that line,
    # even inside a word the page broke (`... data in a file sysFrob 2.1: 03 Jun 2021 22`
    # over the next page's `tem, or ...`)
    tails = [re.compile(r"(?:\s+|(?<=[a-z]))" + re.escape(line).replace("\\#", "#").replace("#", r"\d+") + r"\s*$")
             for line in repeated if len(line) >= MIN_GLUED_FOOTER_CHARS]
    kept: list[list[str | None]] = []  # each page's lines, its furniture None
    broken: tuple[int, int] | None = None  # (page, line) of a word the footer cut in two
    for n, lines in enumerate(pages):
        drop = {i for i in _edge_positions(lines) if _DIGITS.sub("#", lines[i].strip()) in repeated}
        cut = None
        for i in _edge_positions(lines):
            for tail in tails:
                if i not in drop and (glued := tail.search(lines[i])) and glued.start() > 0:
                    cut = (n, i) if not lines[i][glued.start()].isspace() else None
                    lines[i] = lines[i][: glued.start()]
        kept.append([line if i not in drop else None for i, line in enumerate(lines)])
        if broken is not None:
            _join_broken_word(kept[broken[0]], broken[1], kept[n])
        broken = cut
    out = [text[: starts[0]]]  # up to the end of the first `## Page 1`
    for n, page in enumerate(kept):
        out.append("\n".join(line for line in page if line is not None))
        if n + 1 < len(pages):
            out.append(text[ends[n] : starts[n + 1]])  # the next `## Page N` heading
    return "".join(out)


def _join_broken_word(before: list[str | None], at: int, page: list[str | None]) -> None:
    """The rest of a word a footer cut at the end of a page (`sys`) taken up from the
    next page's first line of text (`tem, or ...`), when that opens in lower case."""
    first = next((k for k, line in enumerate(page) if line is not None and line.strip()), None)
    line, cut = page[first] if first is not None else None, before[at]
    if first is None or line is None or cut is None or not line.lstrip()[:1].islower():
        return
    body = line.lstrip()
    word, _, rest = body.partition(" ")
    before[at] = cut + word
    page[first] = line[: len(line) - len(body)] + rest if rest else None


def _nav_heading(block: Block) -> bool:
    return block.text.casefold().strip(" :¶#*") in NAV_HEADINGS


def _folded(line: str) -> str:
    return " ".join(line.casefold().split())


def main_blocks(blocks: Iterable[Block]) -> list[Block]:
    """The blocks that are the document's own content, in order."""
    out: list[Block] = []
    skip_level: int | None = None
    items: list[Block] = []

    def flush_items() -> None:
        if len(items) < 3 or not all(is_navigation(b) for b in items):
            out.extend(b for b in items if not (b.links >= 2 and is_navigation(b)))
        items.clear()

    listed: set[str] = set()  # the lines of the navigation section being skipped
    for block in blocks:
        if block.kind in (HEADING, LAYOUT) and block.text == FURNITURE_HEADING:
            break
        if block.kind in (HEADING, LAYOUT):
            if skip_level is not None and (block.kind == LAYOUT or block.level <= skip_level):
                skip_level = None
            if block.kind == HEADING and _nav_heading(block):
                flush_items()
                skip_level, listed = block.level, set()
                continue
        if skip_level is not None and block.raw and _folded(block.raw[0]) in listed:
            skip_level = None  # a title the contents list: a plain text's section starts here
        if skip_level is not None:
            listed |= {_folded(line) for line in block.raw}
            continue
        if block.kind == ITEM:
            items.append(block)
            continue
        flush_items()
        if block.kind != HEADING and is_navigation(block):
            continue
        out.append(block)
    flush_items()
    return out


_MODELINE = re.compile(r"-\*-.{0,80}?-\*-")
_TRAILER_NOTE = re.compile(r"^\(.*\)$")
_LOCAL_VARIABLES = re.compile(r"^\W{0,4}Local Variables:\s*\W{0,4}$", re.IGNORECASE)
_VARIABLES_END = re.compile(r"^\W{0,4}End:\s*\W{0,4}$", re.IGNORECASE)
EDITOR_TAIL_LINES = 60  # an editor's settings block stands this near the end


def without_editor_settings(text: str) -> str:
    """`text` without what tells an editor how to edit it (an emacs mode line
    `-*- outline -*-` on its first two lines and a trailing `Local Variables:` ...
    `End:` block): how to edit a file is not what it says, and `mode: outline` is no
    attribute. Only the head and the tail are looked at, whatever the text's size."""
    head = text[:400].split("\n", 2)
    if any("-*-" in line for line in head[:2]):
        text = "\n".join([_MODELINE.sub("", line) for line in head[:2]] + head[2:]) + text[400:]
    tail = text[-8000:].split("\n")[-EDITOR_TAIL_LINES:]
    for n in range(len(tail) - 1, -1, -1):
        if _LOCAL_VARIABLES.match(tail[n].strip()):
            if any(_VARIABLES_END.match(later.strip()) for later in tail[n + 1 :]):
                while n > 0 and _TRAILER_NOTE.match(tail[n - 1].strip()):
                    n -= 1  # `(this is for editing this file with an editor)` right over the block
                cut = len("\n".join(tail[n:]))
                return text[: len(text) - cut]
            break
    return text
