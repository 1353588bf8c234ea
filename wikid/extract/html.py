"""HTML and XHTML pages as markdown: the page's main content first, the rest after it.

A web page converted whole opens with its menus, sidebars and table of contents (a
Sphinx reference page has 45 lines of them before its first sentence; a groff manual
page its list of section links) and ends with its footer. The page is parsed once
(BeautifulSoup over lxml) and its DOM pruned before markitdown's markdownify turns it
into markdown:

* layout that draws lists (groff's tables of a tag and its description, paragraphs
  indented under a tag) becomes the list it draws (htmllayout.py);
* the main element, when the page names one (`<main>`, `[role=main]`, `<article>`,
  `div.body`) and it holds a fifth of the page's text or more, is the main content;
  inside it only `<nav>` and navigation or search roles are dropped;
* without one, navigation is dropped wherever it is: `<nav>`, `<header>`, `<footer>`,
  `<aside>`, `<form>`, ARIA navigation roles, elements whose class or id is a
  navigation name (NAV_NAMES, whole names only: section ids derive from headings),
  blocks whose text is three quarters link text or more, and runs of three or more
  bare links (a groff table of contents); never an element holding the `<h1>`.

Measured on 25 real pages (9 of the shared corpus, 16 of Python's documentation) and 16
held-out ones against markitdown on the whole page, trafilatura, readability-lxml,
resiliparse and jusText: this keeps 99-100% of the main text, every table row, code
block and heading, and no navigation; trafilatura removed as much navigation but lost
tables, code blocks and manual-page headings, for 13 more packages (48 MB).

Nothing is lost from the archive: what was pruned follows the main content under the
heading FURNITURE_HEADING, which the engines never read past (wikid/document). A page
too deeply nested for markdownify is read as plain text, as markitdown does, with a
warning. The title property is the `<title>` element; author and date come from the
head's `<meta>` elements. A page without an `<h1>` gets its `<title>` as one.
"""

from __future__ import annotations

import os
import re
import warnings

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

from bs4 import BeautifulSoup, Comment, NavigableString, PageElement, SoupStrainer, Tag  # installed with markitdown
from markitdown.converters._markdownify import _CustomMarkdownify

from wikid.document.furniture import FURNITURE_HEADING
from wikid.extract.base import Extracted, ExtractionError, clean_info, describe_error
from wikid.extract.docinfo import first_date, guarded, iso_date
from wikid.extract.htmllayout import rewrite_layout
from wikid.extract.text import looks_binary
from wikid.reasons import Reason

NAV_TAGS = frozenset({"nav", "header", "footer", "aside", "form"})
NAV_ROLES = frozenset({"navigation", "search", "banner", "contentinfo", "complementary", "menu", "menubar"})
NAV_NAMES = frozenset(
    "nav navbar navigation nav-content sidebar related footer header menu mainmenu submenu search "
    "searchbox searchmenu inline-search breadcrumb breadcrumbs toc skip site-header site-footer masthead".split()
)
_NAV_CLASS = re.compile(r"^(?:nav|menu|sidebar|breadcrumbs?|footer|header)[-_]|[-_](?:nav|menu|sidebar|footer)$")
_INLINE = frozenset("a span code em strong b i tt kbd var sup sub abbr".split())
_TABLE_PARTS = frozenset("thead tbody tfoot tr th td caption colgroup col".split())
_LINK_BLOCKS = frozenset("ul ol dl table div p section td".split())
MAIN_SELECTORS = ("main", "[role=main]", "article", "div.body")
MAIN_SHARE = 0.2  # a main element holding less of the page's text is not its main content
LINK_DENSITY = 0.75
MIN_LINKS = 3
MAX_HEAD_BYTES = 256 * 1024
_HEAD_END = re.compile(rb"</head[\s>]|<body[\s>]", re.IGNORECASE)
_META_DATES = ("date", "article:modified_time", "article:published_time", "dcterms.modified", "dc.date")
_H1 = re.compile(r"^# ", re.MULTILINE)


def _alnum(text: str) -> int:
    return sum(ch.isalnum() for ch in text)


def _stats(root: Tag) -> dict[int, tuple[int, int, int, bool, bool]]:
    """Per element: (letters and digits, of them in links, links, holds an h1, holds a pre).

    Iterative (post-order): a deeply nested page must not exhaust the stack here.
    """
    stats: dict[int, tuple[int, int, int, bool, bool]] = {}
    stack: list[tuple[Tag, bool]] = [(root, False)]
    while stack:
        element, done = stack.pop()
        if not done:
            stack.append((element, True))
            stack.extend((child, False) for child in element.children if isinstance(child, Tag))
            continue
        total = link = links = 0
        h1, pre = element.name == "h1", element.name == "pre"
        for child in element.children:
            if isinstance(child, Tag):
                t, lc, n, h, p = stats[id(child)]
                total, link, links, h1, pre = total + t, link + lc, links + n, h1 or h, pre or p
            elif isinstance(child, NavigableString) and not isinstance(child, Comment):
                total += _alnum(child)
        if element.name == "a" and element.get("href") is not None:
            link, links = total, links + 1
        stats[id(element)] = (total, link, links, h1, pre)
    return stats


def _navigation(element: Tag, in_main: bool) -> bool:
    """Marked as navigation by its tag, role, class or id (see the module docstring)."""
    role = str(element.get("role") or "").lower()
    if in_main:
        return element.name == "nav" or role in ("navigation", "search")
    if element.name in _INLINE or element.name in _TABLE_PARTS:
        return False  # pandoc's `<tr class="header">` is a table's header row, not a page header
    if element.name in NAV_TAGS or role in NAV_ROLES:
        return True
    classes = [str(c).lower() for c in element.get("class") or []]
    ident = str(element.get("id") or "").lower()
    return ident in NAV_NAMES or any(c in NAV_NAMES or _NAV_CLASS.search(c) for c in classes)


def _prune(root: Tag, in_main: bool, stats: dict[int, tuple[int, int, int, bool, bool]]) -> list[Tag | NavigableString]:
    """Remove navigation under `root`; return what was removed, in document order."""
    removed: list[Tag | NavigableString] = []
    order = {id(node): n for n, node in enumerate(root.descendants)}  # to return `removed` in document order

    def drop(element: Tag) -> bool:
        total, link, links, h1, pre = stats.get(id(element), (0, 0, 0, False, False))
        if h1:
            return False  # never lose the title
        if element.name == "a" and "headerlink" in (element.get("class") or []):
            return True  # permalink anchors (¶)
        if _navigation(element, in_main):
            return True
        # Link-dense blocks only when the page names no main element: inside one they
        # are content (a table of links from one API to another).
        return (not in_main and element.name in _LINK_BLOCKS and not pre and links >= MIN_LINKS
                and total > 0 and link / total >= LINK_DENSITY)

    stack = [root]
    while stack:
        element = stack.pop()
        for child in list(element.children):
            if isinstance(child, Tag):
                if drop(child):
                    removed.append(child.extract())
                else:
                    stack.append(child)
        run: list[Tag | NavigableString] = []
        links = 0
        children = list(element.children)
        cut: set[int] = set()
        for node in [*children, None]:
            is_link = isinstance(node, Tag) and node.name == "a" and node.get("href") is not None
            is_gap = (isinstance(node, Tag) and node.name == "br") or (
                isinstance(node, NavigableString) and not isinstance(node, Comment) and not _alnum(node)
                and not any(c in ",;" for c in node))  # "see <a>x</a>, <a>y</a>, <a>z</a>": a sentence's list
            if isinstance(node, Tag | NavigableString) and (is_link or (is_gap and run)):
                run.append(node)
                links += is_link
                continue
            if links >= MIN_LINKS and not in_main:  # a run of bare links: a table of contents
                removed.extend(part.extract() for part in run)
                cut.update(id(part) for part in run)
            run, links = [], 0
        removed.extend(_left_between(children, cut))
    removed.sort(key=lambda node: order[id(node)])
    return removed


def _left_between(children: list[PageElement], cut: set[int]) -> list[Tag | NavigableString]:
    """What runs of links cut from `children` left around them (`, ` after each, a last
    link or two: pydoc's class tree as lines of links), taken out too: a stretch of
    links and punctuation with a cut run in it is one list of links."""
    left: list[Tag | NavigableString] = []
    stretch: list[Tag | NavigableString] = []
    holds_cut = False
    for node in [*children, None]:
        if isinstance(node, Tag | NavigableString) and (id(node) in cut or _link_or_gap(node)):
            holds_cut = holds_cut or id(node) in cut
            if id(node) not in cut:
                stretch.append(node)
            continue
        if holds_cut:
            left += [part.extract() for part in stretch]
        stretch, holds_cut = [], False
    return left


def _link_or_gap(node: PageElement) -> bool:
    """A link, a line break, or text with no letter or digit in it (`, `, `)`)."""
    if isinstance(node, Tag):
        return node.name in ("a", "br")
    return isinstance(node, NavigableString) and not _alnum(node)


class _Markdownify(_CustomMarkdownify):
    """markitdown's converter, a backslash in the text escaped: markdownify leaves it
    as it is, and `escaped by "\" (backslash)` then read as `escaped by "" (backslash)`;
    a text that opens with hashes and a space (a docstring's `# Define an exception
    ...`), which would read as a heading; a `<` the page shows as text (`&lt;var&gt;`
    in a man page's option), which markdown would read as an HTML tag and drop; no
    escape inside backticks the page shows (a docstring's `exc_info`), which markdown
    reads as a code span, keeping markdownify's `exc\\_info` escape as its text; and a
    GNU quote's backtick escaped (`method' specifies ...), which would pair with the next
    one as a code span."""

    def escape(self, text: str, parent_tags: set[str]) -> str:  # (markdownify is untyped: mypy sees no escape)
        escaped = _LEADING_HASHES.sub(r"\1\\\2", text.replace("\\", "\\\\"))
        escaped = _GNU_QUOTE.sub(lambda m: "\\`" * len(m.group()), escaped)  # `method' is a quote, no code span
        escaped = str(super().escape(_TAG_LIKE.sub(r"\\<", escaped), parent_tags))  # type: ignore[misc]
        return _IN_BACKTICKS.sub(lambda m: _ESCAPE.sub(r"\1", m.group(0)), escaped)


_LEADING_HASHES = re.compile(r"^(\s*)(#{1,6})(?=\s)")
# a `<` that would open a tag, not an address markdown links (`<https://...>`, `<bug-frob@example.org>`)
_TAG_LIKE = re.compile(r"<(?=[A-Za-z/!?])(?!(?:https?|ftp|mailto):)(?![\w.+-]+@[\w-]+\.[\w.-]+>)")
_IN_BACKTICKS = re.compile(r"(`+)[^`\n]+?\1")  # a docstring's ``data`` or `exc_info`: a code span keeps its escapes as text
_GNU_QUOTE = re.compile(r"``(?=[^`'\n]{1,78}'')|`(?=[^`'\s][^`'\n]{0,78}'(?![\w']))")  # `word' and ``words''
_ESCAPE = re.compile(r"\\([_*<\\])")


def _markdown(node: Tag | NavigableString) -> str:
    if isinstance(node, NavigableString):
        return " ".join(str(node).split())
    return _text_rules(_Markdownify().convert_soup(node).strip())


_SETEXT_LINE = re.compile(r"^ {0,3}(?:=+|-+)[ \t]*$")


def _text_rules(markdown: str) -> str:
    """`markdown` with a line of only `=` or `-` that stands right under text escaped: markdownify
    writes headings with `#` and rules after a blank line, so such a line is the page's
    own text (a docstring underlining `Todo:` with `=====`), which CommonMark would
    read as a setext underline making the whole paragraph above it a heading."""
    lines = markdown.split("\n")
    for k in range(1, len(lines)):
        if _SETEXT_LINE.match(lines[k]) and lines[k - 1].strip():
            lines[k] = "\\" + lines[k].strip()
    return "\n".join(lines)


def main_and_furniture(html: bytes) -> tuple[str, str, str | None]:
    """(main content, the rest, the `<title>`) of a page, as markdown."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # BeautifulSoup's parser hints
        soup = BeautifulSoup(html, "lxml")
    title = " ".join(soup.title.get_text().split()) if soup.title else None
    for element in soup(["script", "style", "noscript", "template"]):
        element.decompose()
    _repair_spaces(soup)
    body = soup.body or soup
    rewrite_layout(soup, body)
    stats = _stats(body)
    root = body
    for selector in MAIN_SELECTORS:
        candidate = body.select_one(selector)
        if candidate is not None and stats[id(candidate)][0] >= MAIN_SHARE * max(1, stats[id(body)][0]):
            root = candidate
            break
    removed = _prune(root, root is not body, stats)
    main = _markdown(root)
    outside = []
    if root is not body:
        root.replace_with(soup.new_tag("hr"))
        outside.append(_markdown(body))
    furniture = "\n\n".join(part for part in [*outside, *(_markdown(n) for n in removed)] if part.strip())
    return main, furniture, title


def _repair_spaces(soup: BeautifulSoup) -> None:
    """A no-break space a converter read as Latin-1 bytes (`&Acirc;&nbsp;` in
    a converter's `frob [&Acirc;&nbsp;-v&Acirc;&nbsp;]`: UTF-8's C2 A0) as the space it is."""
    for text in soup.find_all(string=lambda s: "\u00c2\u00a0" in s):
        text.replace_with(text.replace("\u00c2\u00a0", "\u00a0"))


def _whole_page_text(html: bytes) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        soup = BeautifulSoup(html, "lxml")
    for element in soup(["script", "style", "noscript", "template"]):
        element.decompose()
    return (soup.body or soup).get_text("\n", strip=True)


def extract(data: bytes, suffix: str) -> Extracted:
    """Markdown for an HTML or XHTML page (see the module docstring)."""
    label = suffix.lstrip(".").upper()
    warned: list[str] = []
    try:
        try:
            main, furniture, title = main_and_furniture(data)
        except RecursionError:
            warned.append("the page is nested too deeply for markdown conversion; read as plain text")
            main, furniture, title = _whole_page_text(data), "", None
    except Exception as exc:  # bs4, lxml and markdownify raise their own
        raise ExtractionError(Reason.EXTRACTION_FAILED, f"{label} conversion failed: {describe_error(exc)}") from exc
    heading = " ".join(str(title or "").split())
    if heading and not _H1.search(main):
        main = f"# {heading}\n\n{main}".strip()
    text = main.strip()
    if furniture:
        text = f"{text}\n\n## {FURNITURE_HEADING}\n\n{furniture}".strip()
    if looks_binary(text):
        raise ExtractionError(Reason.EXTRACTION_FAILED, f"binary content where {label} was expected")
    if not text:
        raise ExtractionError(Reason.EMPTY, f"the {label} document has no text")
    return Extracted(text + "\n", tuple(warned), guarded(_info, data, title))


def _info(data: bytes, title: str | None) -> dict[str, str]:
    """`title`, and the author and date `<meta>` elements of the head."""
    end = _HEAD_END.search(data, 0, MAX_HEAD_BYTES)
    if end is not None:
        head = data[: end.start()]
    elif len(data) <= MAX_HEAD_BYTES:
        head = data
    else:  # no end of head in sight: the first MAX_HEAD_BYTES, cut after a tag, not inside a character
        head = data[: data.rfind(b">", 0, MAX_HEAD_BYTES) + 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # BeautifulSoup's parser hints
        soup = BeautifulSoup(head, "html.parser", from_encoding="utf-8", parse_only=SoupStrainer("meta"))
    meta: dict[str, str] = {}
    for element in soup.find_all("meta"):
        key, content = element.get("name") or element.get("property"), element.get("content")
        if isinstance(key, str) and isinstance(content, str):
            meta.setdefault(key.strip().lower(), content)
    date = first_date(iso_date, *(meta.get(key) for key in _META_DATES))
    return clean_info(title=title, author=meta.get("author"), date=date)
