"""Markdown read with markdown-it-py (CommonMark, GFM tables, definition lists,
footnotes: a reference and its definition are citations, not content).

Markdown sources and the markdown the extractors write (DOCX, ODT, HTML, EPUB, PPTX,
spreadsheets, CSV, fenced JSON/YAML) are read by the CommonMark parser itself, so a
code block is code, a list is a list and a `#` inside a fence is no heading. What the
extractors add for layout is not content: `## Page N` and `## Slide N` headings are
dropped, `## Sheet: X` heads a section named X, and nothing after the heading under
which an extractor puts what it found outside a page's main content is read
(furniture.FURNITURE_HEADING). Navigation the converters kept (a paragraph or list
that is mostly links, a section headed "Contents" or "Navigation") is dropped too.
A paragraph that is one short bold phrase and nothing else is a heading drawn in
bold (mandoc's HTML draws `NAME`, `SYNOPSIS` so): one level under the last `#` one,
unless the paragraph before it ends with a colon (`Here is an example command:`
over a bold command line: an example); a `#` line that is a command with options (`# ssh -f -w 0:1`) is a root prompt's
command whose `<pre>` the converter lost: code.
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterator

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.tree import SyntaxTreeNode
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin

from wikid.document.furniture import (
    FURNITURE_HEADING,
    MAX_POINTED_LINKS,
    MAX_PROSE_LINKS,
    NAV_HEADINGS,
    ends_sentence_after,
    points_at,
    says_where,
)
from wikid.document.linekinds import ASSIGNMENT, SIGNATURE, spanned
from wikid.document.model import (
    Block,
    Code,
    Heading,
    Item,
    ItemList,
    Outline,
    Paragraph,
    Term,
    Terms,
    build,
    straight_code,
)
from wikid.document.sentences import goes_on
from wikid.document.tables import tidy

_LAYOUT = re.compile(r"^(?:page|slide) \d+$", re.IGNORECASE)
_SHEET = re.compile(r"^sheet: (.+)$", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]{0,2000}>")
_ANCHOR = re.compile(r"<a\b[^<>]{0,2000}>(.*?)</a>", re.IGNORECASE | re.DOTALL)
_WIKI_LINK = re.compile(r"\[\[([A-Za-z][\w .:/#-]{0,100}?)(?:\|([^\[\]\n]{1,200}))?\]\]")
_ENTRY_TAG = re.compile(r"<(/?)d([td])\b[^<>]{0,2000}>", re.IGNORECASE)
_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
_ENTRY_MARKS = {"t": "\x01", "d": "\x02", "/d": "\x03"}  # a term opens, its description opens, closes
_DESCRIPTION = re.compile(r"<dd\b.*?(?:</dd>|$)", re.IGNORECASE | re.DOTALL)
_BREAKS = re.compile(r"(?:<br\s*/?>(?:\s|&nbsp;)*)+", re.IGNORECASE)
_BLOCK_TAG = re.compile(r"</?(?:p|div|tr|td|th|dt|dd|li|br|h[1-6]|pre|table|tbody|dl|ul|ol|blockquote)\b[^<>]{0,2000}>",
                        re.IGNORECASE)
# HTML elements an inline tag may open or close; anything else in angle brackets is
# text (`--alt-svc <file name>`, `<path>`), not markup.
_HTML_INLINE = re.compile(
    r"^</?(?:a|abbr|b|big|br|cite|code|del|dfn|em|font|i|img|ins|kbd|mark|q|s|samp|small|span|strike|strong|"
    r"sub|sup|tt|u|var|wbr|p|div|hr|center|nobr)(?:[\s/>]|$)|^<!--|^<\?", re.IGNORECASE)
_LEFTOVER_STRONG = re.compile(r"\*\*")  # emphasis markdown could not pair (`--**no-**option`)
# an emphasis a converter opened with a space right after bold text, which CommonMark
# cannot pair (`**-b*** block-size*`, `**location***=journal-location*`): its stars are no text
_DANGLING_EMPHASIS = re.compile(r"^\*(\s?[^*\s][^*\n]{0,200}?)\*(?![\w*])")
_LEFTOVER_NOTE = re.compile(r"\[\^[^\]\s]{1,40}\]")  # a footnote reference whose definition is missing
NAV_LINK_SHARE = 0.6  # a block whose text is this much link text (two links or more) is navigation

MAX_BOLD_TITLE_CHARS = 60
_QUESTION_LED = re.compile(r"^([^?]{3,}\?)\s+(\S.*)$")  # a question, then what the answer starts with
_LONE_OPTION = re.compile(r'^[-+@][^\s]+(?: [^\s]+){0,3}$|^"[^"\s]{1,40}"$')  # `--all`, `-o file`, `@file`, `"=frames"`
_SETTING_TAG = re.compile(r"^[A-Za-z][\w.-]*(?:=\S|\[=)")  # `stride=stride-size`, `lazy_init[= <0|1>]`
MAX_BROKEN_TAG_CHARS = 80
MAX_QUESTION_CHARS = 200
MAX_BROKEN_TAG_WORDS = 6
_NAME_LIST = re.compile(r"[\w.+-]{1,30}(?:, [\w.+-]{1,30}){1,15}")  # names of one thing, however many
_NUMBERED_TITLE = re.compile(r"^\d{1,3}(?:\.\d{1,3})*\.?\s+[A-Z]")
_COMMAND_WORDS = re.compile(r"(?:^|\s)-{1,2}\w|[=|<>$/]")  # an option, an assignment, a redirection, a path
_COMMAND_LINE = re.compile(r"^(?:sudo\s+)?[a-z][\w.+-]*\s+-{1,2}[\w?][^\s]*(?:\s|$)")  # `ssh -f -w 0:1`
_OUTSIDE_LINK = re.compile(r"^https?://[^\s/]+\.[^\s/]+", re.IGNORECASE)
# a link to another document in the folder, by its file name (`NOTES-UNIX.md`, `doc/install.rst`)
_DOCUMENT_LINK = re.compile(r"^(?![a-z][a-z0-9+.-]*:)(?!/)[\w.-]+(?:/[\w.-]+)*\.(?:md|markdown|rst|txt|adoc)$", re.IGNORECASE)
# (no inline footnotes, pandoc's `^[a note]`: `'^[a-z_][a-z0-9_]*$'` in a module's data is a pattern, not a note)
_PARSER = MarkdownIt("commonmark", {"html": True}).enable("table").use(deflist_plugin).use(footnote_plugin, inline=False)
_ESCAPED_STAR = "\ue000"  # a `\*` of the source until the leftover `**` are gone: an escaped `2\*\*32` is no `232`


def _mark_escaped_stars(state: StateCore) -> None:
    r"""Each `\*` of the text as _ESCAPED_STAR (markdown-it joins it into the text
    around it next, after which a star the source escaped and a bold marker a
    converter left unpaired look alike)."""
    for token in state.tokens:
        for child in token.children or ():
            if child.type == "text_special" and child.markup == "\\*":
                child.content = _ESCAPED_STAR


_PARSER.core.ruler.before("text_join", "escaped_stars", _mark_escaped_stars)
_ESCAPED_BOLD = re.compile(f"(?<![^\\W_]){_ESCAPED_STAR}{{2}}|{_ESCAPED_STAR}{{2}}(?![^\\W_])")


def _unpaired_emphasis(text: str) -> str:
    """A text without the stars of an emphasis a converter wrote inside a word, which
    CommonMark cannot pair (pandoc's `name*.tmac*`, `*tmac.*name` for an italic part of
    a file name): two bare stars in one word are no text of it; one (`*.c`) is. (A glob
    written with two bare stars in running text, `lib*.so*`, loses them too: its author
    would have seen it rendered so; one in a code span keeps them.)"""
    return _STARRED_WORD.sub(lambda m: m.group(0).replace("*", ""), text)


_STARRED_WORD = re.compile(r"(?<!\S)(?=[^\s*]*\*[^\s*]+\*[^\s*]*(?!\S))\S+")  # `name*.tmac*`: a word and two stars


def _escaped_stars(text: str) -> str:
    r"""The stars the source escaped, back: a pair inside a word (`2\*\*32`) or before
    a call's keyword arguments (`frob(\*args, \*\*kw)`) is the text's own; a pair at a
    word's edge is a bold marker an HTML page showed as text (`**WARNING**:` a converter
    left) and goes, like an unpaired one."""
    text = _KEYWORD_ARGUMENTS.sub("**", text)
    return _ESCAPED_BOLD.sub("", text).replace(_ESCAPED_STAR, "*")


_KEYWORD_ARGUMENTS = re.compile(f"(?<=[(,\\s]){_ESCAPED_STAR}{{2}}(?=[A-Za-z_]\\w*\\s*[),])")


_VAGUE_LABEL = re.compile(
    r"^(?:(?:click |see |go )?here|this|(?:this|the|our) (?:page|link|post|blog post|site|web ?site|announcement|"
    r"linked announcement|document|file|policy|security policy|guide)|link|(?:learn|read|see) more|more|details|"
    r"more (?:details|information|info)|(?:the )?docs?|(?:the )?documentation)$", re.IGNORECASE)


class _Inline:
    """Plain text of an inline node, with how much of it is link text."""

    def __init__(self, targets: bool = False, pointed: bool = False, ending: bool = False) -> None:
        self.parts: list[str] = []
        self.link_chars = 0
        self.links = 0
        self.outside = 0  # links to another site (`https://...`), not within the document or its folder
        self.documents = 0  # links to another document of its folder (`NOTES-UNIX.md`), not to a part of its own
        self.image_chars = 0  # of the text, how much is images' alt text
        self.images = 0
        self.other_words: list[str] = []  # the words of the text outside images
        self.targets = targets  # write where a link to another site goes after its text (one saying `here` always)
        self.pointed = pointed  # ... each the sentence points at (a paragraph of several links)
        self.ending = ending  # ... each that ends its sentence or clause (an item's, see `_ends_sentence`)
        # (`ending` reads an item: there a link inside parentheses annotates a word)
        self.shown: set[str] = set()  # the addresses written so far

    def read(self, node: SyntaxTreeNode, in_link: bool = False) -> None:
        self.read_children(node.children, in_link)

    def read_children(self, children: list[SyntaxTreeNode], in_link: bool = False) -> None:
        previous = earlier = ""
        for n, child in enumerate(children):
            kind = child.type
            if kind in ("text", "code_inline"):
                content = child.content if kind == "code_inline" else \
                    _LEFTOVER_NOTE.sub("", _escaped_stars(_unpaired_emphasis(_LEFTOVER_STRONG.sub("", child.content))))
                if kind == "text" and previous in ("strong", "em"):
                    content = _DANGLING_EMPHASIS.sub(r"\1", content)
                if kind == "code_inline" and previous == "text" and self.parts and self.parts[-1] in (".", ",", ";") \
                        and earlier == "code_inline":
                    self.parts.append(" ")  # `a.b`.`c.d`: two names a missing space ran together
                self.parts.append(spanned(content) if kind == "code_inline" else content)
                self.other_words += content.split()
                if in_link:
                    self.link_chars += len(content)
            elif kind in ("softbreak", "hardbreak"):
                self.parts.append(" ")
            elif kind == "html_inline":
                if not _HTML_INLINE.match(child.content):
                    self.parts.append(child.content)
            elif kind == "link" and child.markup == "autolink" and href_of(child).startswith("mailto:"):
                self.parts.append(f"<{href_of(child).removeprefix('mailto:')}>")  # `Jane Roe <jane@example.org>`, as written
            elif kind == "link":
                self.links += 1
                href = href_of(child)
                outside = _OUTSIDE_LINK.match(href) is not None
                document = _DOCUMENT_LINK.match(href) is not None
                self.outside += outside
                self.documents += document
                before = len(self.parts)
                self.read(child, True)
                label = " ".join("".join(self.parts[before:]).split())
                said = "".join(self.parts[:before])
                # (in an item, a link inside parentheses annotates a word, `docx (Word [docx](…))`: no address)
                shown = (self.targets and not (self.ending and said.count("(") > said.count(")"))) \
                    or _VAGUE_LABEL.match(label) \
                    or (self.pointed and points_at(said)) or (self.ending and _ends_sentence(children[n + 1:]))
                if shown and (outside or document) and says_where(label, href) and href not in self.shown:
                    # (a link saying `here` says nothing without where it goes: `... is online, here`)
                    # (an address once: `visit StackOverflow (tagged with frob)`, both one link)
                    self.parts.append(f" ({href})")
                    self.shown.add(href)
            elif kind == "image":
                self.parts.append((child.content or "").replace(_ESCAPED_STAR, "*"))  # the alt text
                self.image_chars += len("".join((child.content or "").split()))
                self.images += 1
            else:
                self.read(child, in_link)
            previous, earlier = kind, previous

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def href_of(link: SyntaxTreeNode) -> str:
    return str(link.attrs.get("href", ""))


def _ends_sentence(after: list[SyntaxTreeNode]) -> bool:
    """Whether a link ends its sentence, by the nodes after it (see `ends_sentence_after`)."""
    return not after or (after[0].type == "text" and ends_sentence_after(after[0].content))


def inline_text(node: SyntaxTreeNode) -> str:
    reader = _Inline()
    reader.read(node)
    return reader.text


def _inline_of(node: SyntaxTreeNode, targets: bool = False, pointed: bool = False, ending: bool = False) -> _Inline:
    reader = _Inline(targets, pointed, ending)
    for child in node.children:
        if child.type == "inline":
            reader.read(child)
    return reader


def _is_navigation(reader: _Inline) -> bool:
    return reader.links >= 2 and reader.link_chars >= NAV_LINK_SHARE * max(len(reader.text), 1)


def _item(node: SyntaxTreeNode) -> Item | None:
    children = list(node.children)
    text = ""
    if children and children[0].type == "paragraph":
        reader = _inline_of(children[0])
        text = reader.text
        if reader.links and reader.outside + reader.documents == reader.links and reader.link_chars >= 0.8 * len(text):
            text = _inline_of(children[0], True).text  # an item that is a link elsewhere: where it goes is what it says
        elif reader.outside:  # each link of an item with few, else each that ends its clause
            text = _inline_of(children[0], targets=reader.outside <= MAX_PROSE_LINKS, ending=True).text
        children = children[1:]
    nested = tuple(b for child in _filled(children) for b in _blocks(child))
    if not text and nested and isinstance(nested[0], Paragraph):
        text, nested = nested[0].text, nested[1:]
    return Item(text, nested) if text or nested else None


def _list(node: SyntaxTreeNode) -> list[Block]:
    readers = []
    items = []
    for child in node.children:
        if child.type != "list_item":
            continue
        item = _item(child)
        if item is not None:
            items.append(item)
            first = child.children[0] if child.children else None
            readers.append(_inline_of(first) if first is not None and first.type == "paragraph" else _Inline())
    if len(readers) >= 3 and all(_is_navigation(r) or (r.links == 1 and r.link_chars >= 0.8 * len(r.text)) for r in readers):
        if not all(r.outside + r.documents == r.links for r in readers):
            return []  # a list of links within the document or its site: a table of contents or a menu
        # else links to other sites (the project's home, its issue tracker, its chat) or to the other
        # documents beside it (a README's `Notes for UNIX-like platforms`), each item with its address
    start = int(str(node.attrs.get("start", 1))) if node.type == "ordered_list" else 1
    return [ItemList(tuple(items), node.type == "ordered_list", start)] if items else []


def _table(node: SyntaxTreeNode) -> list[Block]:
    header: list[str] = []
    rows: list[list[str]] = []
    for part in node.children:
        for row in part.children:
            cells = [inline_text(cell.children[0]) if cell.children else "" for cell in row.children]
            if part.type == "thead":
                header = cells
            else:
                rows.append(cells)
    return tidy(header, rows)


def _terms(node: SyntaxTreeNode) -> list[Block]:
    """A definition list's entries; a "term" that introduces the code under it
    (`Or quote them;` over a command) is that sentence and its code, no entry."""
    out: list[Block] = []
    entries: list[Term] = []
    term: str | None = None
    for child in node.children:
        if child.type == "dt":
            term = inline_text(child.children[0]) if child.children else ""
        elif child.type == "dd" and term:
            body = tuple(b for grandchild in _filled(child.children) for b in _blocks(grandchild))
            if entries and entries[-1].term == term:  # a second description of the same term
                entries[-1] = Term(term, entries[-1].body + body)
            elif (asked := _QUESTION_LED.match(term)) is not None and body and not isinstance(body[0], Paragraph):
                # `Why does frob fail? frob fails in these cases;` over code: the question is the term
                entries.append(Term(asked.group(1), (Paragraph(asked.group(2)), *body)))
            elif body and isinstance(body[0], Code) and term.endswith((":", ";")):
                if entries:
                    out.append(Terms(tuple(entries)))
                    entries = []
                out += [Paragraph(term), *body]
            else:
                entries.append(Term(term, body))
    return out + _listed_names(entries)


def _listed_names(entries: list[Term]) -> list[Block]:
    """Entries as a definition list, but for a label over names one a line, one of them
    dotted at least (`Method resolution order:` over `FrobHandler`, `Handler`,
    `builtins.object`, each a description of its own): that label and the names as code,
    as the same reference's text sets them -- not a table row of names run together."""
    out: list[Block] = []
    kept: list[Term] = []
    for entry in entries:
        names = [b.text for b in entry.body if isinstance(b, Paragraph)]
        if entry.term.endswith(":") and len(names) == len(entry.body) >= 2 \
                and all(_DOTTED_NAME.fullmatch(n) for n in names) and any("." in n for n in names):
            out += ([Terms(tuple(kept))] if kept else []) + [Paragraph(entry.term), Code("\n".join(names))]
            kept = []
        else:
            kept.append(entry)
    return out + ([Terms(tuple(kept))] if kept else [])


_DOTTED_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


MAX_BADGE_LABEL_WORDS = 2


def _labelled_badges(reader: _Inline) -> bool:
    """Whether a paragraph is pictures with labels (`[![Coverage](...)](...), Unix:
    [![Build Status](...)](...), Windows: [![Build](...)](...)`): two images or more,
    and beside them a word or two each, no sentence. Badges and a logo's alt texts say
    nothing to a reader (a paragraph of images alone is dropped the same way)."""
    words = reader.other_words
    return reader.images >= 2 and len(words) <= MAX_BADGE_LABEL_WORDS * reader.images \
        and not any(w.endswith((".", "!", "?")) for w in words)


def _blocks(node: SyntaxTreeNode) -> list[Block]:
    """The model blocks of one block-level node (not headings)."""
    kind = node.type
    if kind == "paragraph":
        reader = _inline_of(node)
        pictures = reader.image_chars >= len("".join(reader.text.split())) or _labelled_badges(reader)
        if reader.images == 1 and pictures and not reader.links:
            return [Paragraph(_PICTURE + reader.text)]  # kept only where the text before introduces it (`_pictures`)
        if not reader.text or pictures or _is_navigation(reader):
            return []
        if 0 < reader.outside <= MAX_POINTED_LINKS:  # `head over to the QuickStart.` sends the reader nowhere
            reader = _inline_of(node, targets=reader.outside <= MAX_PROSE_LINKS, pointed=True)
        if (title := _underlined_title(node)) is not None:
            return [Paragraph(title)]  # (within a list or a quote: no heading there)
        return _broken_code(node) or _broken_lines(node) or [Paragraph(reader.text)]
    if kind in ("bullet_list", "ordered_list"):
        return _list(node)
    if kind in ("fence", "code_block"):
        text = textwrap.dedent(node.content.rstrip("\n"))  # (`   >>> import frob` in a fence: its margin is no code)
        return [straight_code(text, (node.info or "").strip().split(" ")[0])] if text.strip() else []
    if kind == "table":
        return _table(node)
    if kind == "dl":
        return _terms(node)
    if kind == "html_block":
        if (picture := _LONE_IMAGE.fullmatch(_COMMENT.sub("", node.content).strip())) is not None:
            return [Paragraph(_PICTURE + html.unescape(picture.group(1) or ""))]
        return [] if _linked_html(node.content) else _raw_html(node.content)
    if kind in ("blockquote", "dd"):
        return [b for child in _filled(node.children) for b in _blocks(child)]
    return []


_UNDERLINE = re.compile(r"-{3,}|={3,}|~{3,}")
_JOINED_UNDERLINE = re.compile(rf"([^\n]{{2,80}}?) ((?:{_UNDERLINE.pattern}))")


def _underlined_title(node: SyntaxTreeNode) -> str | None:
    """The title of a paragraph that is a docstring's title run together with its
    underline (`The Basics ----------`), or None."""
    if node.type != "paragraph" or not node.children or _UNDERLINE.search(node.children[0].content) is None:
        return None  # (most paragraphs: their text is not read twice, here and where they are written)
    joined = _JOINED_UNDERLINE.fullmatch(_inline_of(node).text)
    return joined.group(1) if joined and abs(len(joined.group(1)) - len(joined.group(2))) <= 2 else None


def _line_texts(node: SyntaxTreeNode, members: bool = False) -> list[str]:
    """The text of each line of a paragraph, its lines ended by hard breaks; with
    `members`, a line break before a bold name set to a value or called ends one too
    (pydoc's `**FROB_RE** =` over its value, then `**FROB_PORT** = 9030` on the next
    line, with no hard break between)."""
    children = list(node.children[0].children) if node.children else []
    lines: list[list[SyntaxTreeNode]] = [[]]
    for n, child in enumerate(children):
        if child.type == "hardbreak" or (members and child.type == "softbreak" and _opens_member([c for c in children[n + 1:n + 4] if c.type != "text" or c.content][:2])):
            lines.append([])
        elif child.type != "softbreak" or lines[-1]:
            lines[-1].append(child)
    texts = []
    for line in lines:
        reader = _Inline()
        reader.read_children(line)
        texts.append(" ".join(reader.text.split()))
    return texts


def _opens_member(after: list[SyntaxTreeNode]) -> bool:
    """Whether a line opens with a bold name set to a value or called (`**frob** =`, `**frob**(self)`)."""
    return len(after) == 2 and after[0].type == "strong" and after[1].type == "text" \
        and after[1].content.lstrip().startswith(("=", "(")) and _DOTTED_NAME.fullmatch(inline_text(after[0])) is not None


def _broken_lines(node: SyntaxTreeNode) -> list[Block]:
    """A paragraph of short lines each ended by a hard break, none a sentence's end
    (a manual's AUTHORS: `Jane Roe` over `extended format for frob 5.0` over `hashed
    database support for frob 5.6`; awk's patterns `BEGIN`, `END`, `expression`), as a
    list of its lines -- a name over the lowercase lines that say what it did, as an item
    over its own list; names one a line over a phrase, as those names' entry (troff's
    `name.tmac` / `tmac.name` / `Macro files`): read as one paragraph, they ran together
    into a sentence that says nothing. (Its first line as a paragraph over the others
    would read as their heading.)"""
    texts = _line_texts(node)
    if len(texts) < MIN_BROKEN_LINES or any(not t or t[-1] in ".!?;:," or len(t.split()) > MAX_BROKEN_LINE_WORDS
                                            for t in texts):
        return []
    *names, last = texts
    if all(" " not in n for n in names) and " " in last:
        return [Terms((Term(", ".join(names), (Paragraph(last),)),))]  # names over what they are (`a.tmac` / `b.tmac` / `Macro files`)
    if all(w[:1].isupper() and (len(w) <= 2 or not w.isupper()) for w in texts[0].split()) \
            and all(t[:1].islower() and " " in t for t in texts[1:]):
        return [ItemList((Item(texts[0], (ItemList(tuple(Item(t) for t in texts[1:])),)),))]  # a name over what it did
    return [ItemList(tuple(Item(t) for t in texts))]


MIN_BROKEN_LINES = 3
MAX_BROKEN_LINE_WORDS = 12


def _broken_code(node: SyntaxTreeNode) -> list[Block]:
    """A paragraph whose lines, each ended by a hard break, set names to values or give
    calls' forms (pydoc's HTML made Markdown: `Data and other attributes defined here:`
    over `**FROB_RE** = re.compile(...)` over `**FROB_PORT** = 9030`), as its label and
    that code: read as one paragraph, the data ran together into a sentence."""
    texts = _line_texts(node, members=True)
    if len(texts) < MIN_BROKEN_CODE_LINES:
        return []
    label = [texts.pop(0)] if texts[0].endswith(":") else []
    if len(texts) < MIN_BROKEN_CODE_LINES - 1 or not all(ASSIGNMENT.match(t) or SIGNATURE.fullmatch(t) for t in texts):
        return []
    return [*(Paragraph(t) for t in label), Code("\n".join(texts))]


MIN_BROKEN_CODE_LINES = 2


def _linked_html(content: str) -> bool:
    """Whether raw HTML is mostly the text of its links, two or more (a converted
    reference page's heading table: `index`, the module's file, `Module Reference`;
    its list of imported modules): navigation, as a paragraph of links is."""
    links = [_TAG.sub("", m.group(1)) for m in _ANCHOR.finditer(content)]
    text = "".join(html.unescape(_TAG.sub("", content)).split())
    return len(links) >= 2 and len("".join("".join(links).split())) >= NAV_LINK_SHARE * max(len(text), 1)


def _raw_html(content: str) -> list[Block]:
    """Raw HTML a converter left (pandoc writes a layout table, a definition list so):
    a paragraph per block element -- a row, a cell, a line -- not the whole block as
    one; a `<dt>` and the `<dd>` after it an entry of a definition list, the `<dd>`'s
    lines broken by `<br>` one paragraph up to a blank line (two breaks)."""
    content = _COMMENT.sub("", content)  # a template's or an editor's note, never shown
    content = _DESCRIPTION.sub(lambda m: _BREAKS.sub(
        lambda b: " " if b.group().lower().count("<br") == 1 else "\n\n", m.group()), content)
    marked = _ENTRY_TAG.sub(lambda m: "\n\n" + _ENTRY_MARKS.get(m.group(1) + m.group(2).lower(), ""), content)
    text = _TAG.sub("", _BLOCK_TAG.sub("\n\n", marked))  # an inline tag is no space: `<b>spin</b>(self)`
    blocks: list[Block] = []
    entries: list[Term] = []
    term: str | None = None
    body: list[Block] | None = None  # the description being read
    for raw in re.split(r"\n\s*\n", text):
        part = " ".join(html.unescape(raw).split())
        mark, rest = (part[0], part[1:].strip()) if part[:1] in ("\x01", "\x02", "\x03") else ("", part)
        if mark == "\x01":
            term, body = rest, None
        elif mark == "\x02" and term is not None:
            body = [Paragraph(rest)] if rest else []
        elif mark == "\x03" and term is not None and body is not None:
            entries.append(Term(term, tuple(body)))
            term, body = None, None
        elif body is not None and rest:
            body.append(Paragraph(rest))
        elif rest:
            if entries:
                blocks.append(Terms(tuple(entries)))
                entries = []
            blocks.append(Paragraph(rest))
    if term is not None and body is not None:
        entries.append(Term(term, tuple(body)))
    if entries:
        blocks.append(Terms(tuple(entries)))
    return blocks


def _broken_tag(node: SyntaxTreeNode) -> tuple[Term, bool] | None:
    """A paragraph whose first line is a short tag ended by a hard line break, its
    text under it (`-w, --warn` + two spaces, then `Give warnings ...`: how converters
    write a man page's tagged paragraph), as an entry; and whether the tag alone says
    so (an option, or all of it bold or code) rather than a run of such paragraphs."""
    if node.type != "paragraph" or not node.children or node.children[0].type != "inline":
        return None
    children = list(node.children[0].children)
    breaks = [n for n, c in enumerate(children) if c.type == "hardbreak"]
    if not breaks or not breaks[0]:
        return None
    cut, stacked = breaks[0], None
    if len(breaks) == 2 and (stacked := _stacked_option(children[:cut], children[cut + 1:breaks[1]])) is not None:
        cut = breaks[1]  # `-dcs` over `-dname=s` over their one text: one entry, two forms
    elif len(breaks) > 1 or any(d.type == "hardbreak" for c in children[:cut] for d in c.walk()):
        return None  # lines each broken where they end: no-fill text, not a tag over its text
    tag, text = _Inline(), _Inline()
    tag.read_children(children[:cut])
    if stacked is not None:
        tag.parts = [stacked]
    text.read_children(children[cut + 1:])
    marked = [c for c in children[:cut] if not (c.type == "text" and not c.content.strip("* "))]
    if tag.text.endswith("?") and text.text and len(tag.text) <= MAX_QUESTION_CHARS \
            and (all(c.type in ("strong", "em") for c in marked) or (tag.text[0].isupper() and len(tag.text.split()) >= 3)):
        # a FAQ's question over its answer, bold or not (`What should I put in `user.name`?`)
        return Term(tag.text, (Paragraph(text.text),)), True
    names = _NAME_LIST.fullmatch(tag.text) is not None  # `camellia128, camellia-128-cbc, ...`: one entry's names
    if not tag.text or not text.text or (len(tag.text) > MAX_BROKEN_TAG_CHARS and not names) \
            or (tag.text[-1] in ".!?,;:" and not tag.text.endswith("...")) or _NUMBERED_TITLE.match(tag.text):
        return None  # `1. Program structure` over its text: a run-in heading (`-M a,b,...` is a tag)
    after = [c for c in children[cut + 1:] if not (c.type == "text" and not c.content.strip("* "))]
    if marked and after and all(c.type == "strong" for c in marked + after):
        return None  # two bold lines (a synopsis's forms, one per line): no tag over its text
    # `**name=***value*` is a setting over its text, though CommonMark reads no bold there
    strong = tag.text[0] in "-+@" or (all(c.type in ("strong", "code_inline") for c in marked[:1]) and len(marked) <= 2) \
        or _SETTING_TAG.match(tag.text) is not None
    if not strong and not names and len(tag.text.split()) > MAX_BROKEN_TAG_WORDS:
        return None  # a sentence broken where its line ended, not a tag
    return Term(tag.text, (Paragraph(text.text),)), strong


def _stacked_option(first: list[SyntaxTreeNode], second: list[SyntaxTreeNode]) -> str | None:
    """`-dcs, -dname=s` when two hard-broken lines are each one option's form (a man
    page's two tags over one paragraph), else None."""
    forms = []
    for line in (first, second):
        reader = _Inline()
        reader.read_children(line)
        if not reader.text or reader.text[0] not in "-+" or len(reader.text) > MAX_BROKEN_TAG_CHARS // 2 or " " in reader.text.strip():
            return None
        forms.append(reader.text)
    return ", ".join(forms)


def _bold_question(node: SyntaxTreeNode) -> str | None:
    """The question of a paragraph that is one bold question and nothing else (a FAQ's
    `**How can I avoid ...?**` over its answer), or None."""
    parts = _marked_parts(node)
    if not parts or not all(c.type in ("strong", "em") for c in parts):
        return None
    text = inline_text(node.children[0])
    return text if text.endswith("?") and len(text) <= MAX_QUESTION_CHARS else None


def _quoted_tag(node: SyntaxTreeNode) -> str | None:
    """The text of a one-line paragraph that can tag the text quoted under it: short, no
    sentence, and all of it marked (`**scope=(ref|push)**`, `**--mode** *mode*`) or one
    word (`FROB_DEBUG_LEVEL`); else None."""
    parts = _marked_parts(node)
    if parts is None or node.map is None or node.map[1] - node.map[0] != 1:
        return None
    text = inline_text(node.children[0])
    if not text or len(text) > MAX_BROKEN_TAG_CHARS or text[-1] in ".!?,;:":
        return None
    return text if all(p.type in ("strong", "em", "code_inline") for p in parts) or " " not in text else None


def _lone_tag(node: SyntaxTreeNode, lines: list[str]) -> str | None:
    """The option of a paragraph that is one short option form on a line ending in two
    spaces and nothing under it (pandoc's `.TP`/`.TQ` tags, `-a  ` and `--all  ` each a
    paragraph over the description), or None."""
    if node.type != "paragraph" or node.map is None or node.map[1] - node.map[0] != 1:
        return None
    raw = lines[node.map[0]] if node.map[0] < len(lines) else ""
    if not raw.endswith("  ") or not node.children:
        return None
    text = inline_text(node.children[0])
    return text if _LONE_OPTION.match(text) else None


def _tagged_runs(events: list[Heading | Block], tagged: dict[int, bool], depths: list[int]) -> list[Heading | Block]:
    """The entries `_broken_tag` found, as definition lists: an entry stands when its
    tag says so or a neighbour is one too (else it is a paragraph again); blocks
    between two entries whose tags say so continue the first (a man page's further
    paragraphs under an option). A block quoted less deeply than the entry (`depths`:
    each event's block-quote depth) ends it: a `NOTE:` after a quoted list of values
    is about them all, not the last value's."""
    kept = {n for n, strong in tagged.items() if strong or n - 1 in tagged or n + 1 in tagged}
    out: list[Heading | Block] = []
    pending: list[Block] = []  # blocks after an entry a strong tag made, until the next entry says whose they are
    open_entry = False  # the last entry written came from a strong tag and only blocks followed it
    entry_depth = 0
    for n, event in enumerate(events):
        outside = open_entry and depths[n] < entry_depth
        if n in tagged and n not in kept:
            assert isinstance(event, Terms)
            entry = event.entries[0]
            event = Paragraph(f"{entry.term} {entry.description}")
        if n in kept and isinstance(event, Terms):
            # (the sentence introducing the entries after it, `There are also names for groups:`, is the section's)
            intro = [pending.pop()] if pending and (len(pending) > 1 or _last_entry_body(out)) \
                and isinstance(pending[-1], Paragraph) and pending[-1].text.endswith(":") else []
            if pending and open_entry and (tagged[n] or not _last_entry_body(out)):
                previous = out[-1]
                assert isinstance(previous, Terms)
                head = previous.entries[-1]
                out[-1] = Terms((*previous.entries[:-1], Term(head.term, head.body + tuple(pending))))
            else:
                out += pending
            out += intro
            pending = []
            out.append(event)
            open_entry, entry_depth = tagged[n], depths[n]
        elif open_entry and not isinstance(event, Heading) and not outside:
            pending.append(event)
        else:
            out += _folded_into_last(out, pending) if open_entry and (isinstance(event, Heading) or outside) else pending
            pending = []
            out.append(event)
            open_entry = False
    return out + (_folded_into_last(out, pending) if open_entry else pending)


def _last_entry_body(out: list[Heading | Block]) -> tuple[Block, ...]:
    """The body of the last entry written (a lone tag's is empty until its text comes)."""
    last = out[-1] if out else None
    return last.entries[-1].body if isinstance(last, Terms) and last.entries else ()


def _folded_into_last(out: list[Heading | Block], pending: list[Block]) -> list[Block]:
    """The blocks after a section's last entry up to its end, folded into that entry
    (`-z undo_file` then its `WARNING: ...` paragraph, then the next section): nothing
    follows to say they are the section's own. Returns what is left to write: nothing."""
    if pending:
        previous = out[-1]
        assert isinstance(previous, Terms)
        head = previous.entries[-1]
        out[-1] = Terms((*previous.entries[:-1], Term(head.term, head.body + tuple(pending))))
    return []


def _joined(events: list[Heading | Block]) -> list[Heading | Block]:
    """Neighbouring definition lists as one (a converter writes each entry as a list),
    and numbered lists whose numbers go on;
    a call's signature alone between signatures with their text is one of them with none
    (pydoc's `set_debuglevel(self, level)`, a method with no docstring, among its class's),
    and so is a method another one is (`__str__ = output(self)`: `__str__(self)`, the
    same as `output()`)."""
    out: list[Heading | Block] = []
    for n, event in enumerate(events):
        alias = _ALIAS.fullmatch(event.text) if isinstance(event, Paragraph) else None
        if isinstance(event, Paragraph) and (alias or SIGNATURE.fullmatch(event.text)) and any(
                isinstance(e, Terms) and all(SIGNATURE.fullmatch(t.term) for t in e.entries)
                for e in (out[-1] if out else None, events[n + 1] if n + 1 < len(events) else None)):
            # (pydoc's `__str__ = output(self, sep='\n')` among its class's methods: one of them, named so)
            said = (Paragraph(f"The same as {alias.group(2)}()."),) if alias else ()
            event = Terms((Term(f"{alias.group(1)}{alias.group(3)}" if alias else event.text, said),))
        last = out[-1] if out else None
        if isinstance(event, Terms) and isinstance(last, Terms):
            out[-1] = Terms(last.entries + event.entries)
        elif isinstance(event, ItemList) and isinstance(last, ItemList) and event.ordered and last.ordered \
                and event.start == last.start + len(last.items):
            out[-1] = ItemList(last.items + event.items, True, last.start)  # `3)` going on from `1)` and `2)`
        else:
            out.append(event)
    return out


# a method another one is (`__str__ = output(self, attrs=None)`): its name, the other's, the arguments
_ALIAS = re.compile(r"([A-Za-z_]\w*) = ([A-Za-z_]\w*)(\((?:self|cls)\b(?:[^()]|\([^()]*\))*\))")


def _marked_parts(node: SyntaxTreeNode) -> list[SyntaxTreeNode] | None:
    """The inline parts of a paragraph but for its line breaks and blank text (what a
    bold title or a bold question is made of), or None for another node."""
    if node.type != "paragraph" or not node.children or node.children[0].type != "inline":
        return None
    return [c for c in node.children[0].children if c.type not in ("softbreak", "hardbreak")
            and not (c.type == "text" and not c.content.strip())]


def _bold_title(node: SyntaxTreeNode) -> str | None:
    """The text of a paragraph that is one short bold phrase and nothing else: a
    heading drawn in bold (mandoc's and many converters' HTML: `**SYNOPSIS**`)."""
    parts = _marked_parts(node)
    if parts is None or len(parts) != 1 or parts[0].type != "strong":
        return None
    title = inline_text(parts[0])
    if not title or len(title) > MAX_BOLD_TITLE_CHARS or len(title.split()) > 8 or title[-1] in ".!?:;," \
            or not title[0].isalpha() or not title.split()[0][:1].isupper():
        return None  # `**-A**`: an option's tag, `**ssh**`: a command, not a heading
    return title


def _items_filled(nodes: list[tuple[SyntaxTreeNode, int]]) -> list[tuple[SyntaxTreeNode, int]]:
    """The block nodes (each with its quote depth) with a list whose last item is empty
    given the paragraph after it as that item's text: `2)` alone on its line over
    `"$HOME/.frobrc"` is how a converter wrapped a numbered item, which CommonMark
    reads as an empty item and a paragraph (a config file's search order lost its
    numbers 2 and 3)."""
    out: list[tuple[SyntaxTreeNode, int]] = []
    for node, depth in nodes:
        before = out[-1][0] if out else None
        if node.type == "paragraph" and before is not None and before.type in ("ordered_list", "bullet_list") \
                and before.children and not before.children[-1].children and out[-1][1] == depth:
            before.children[-1].children.append(node)  # (the paragraph, now the item's: its text)
            node.parent = before.children[-1]
            continue
        out.append((node, depth))
    return out


def _filled(nodes: list[SyntaxTreeNode]) -> list[SyntaxTreeNode]:
    """`_items_filled` of the blocks of one container (a description, a quote)."""
    return [node for node, _ in _items_filled([(n, 0) for n in nodes])]


def _unquoted(nodes: list[SyntaxTreeNode], depth: int = 0) -> Iterator[tuple[SyntaxTreeNode, int]]:
    """The block nodes, a block quote's in its place, each with how deeply it is
    quoted: pandoc writes a man page's indented parts (a sub-option's list of values)
    as a block quote, whose tags and their text read as everywhere else."""
    for node in nodes:
        if node.type == "blockquote":
            yield from _unquoted(node.children, depth + 1)
        else:
            yield node, depth


_ALERT = re.compile(r"^(\s*>\s*)\[!(note|tip|important|warning|caution)\]\s*$", re.IGNORECASE)
_QUOTE_BLANK = re.compile(r"^\s*>\s*$")
_QUOTE_LINE = re.compile(r"^(\s*>\s*)(.*)$")
_FENCE_OPEN = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_SHORTCODE = re.compile(r"(?<![\w:`]):[a-z0-9_+-]{2,30}:(?![\w:`])")  # GitHub's emoji (`:fire:`)


def _alerts(text: str) -> str:
    """GitHub's alerts (`> [!NOTE]` over a quoted paragraph) as the paragraph they flag,
    opening with its label (`**Note:** Save the key ...`): CommonMark reads the marker
    as text, and the page showed `[!NOTE]`."""
    lines = text.split("\n")
    out: list[str] = []
    label: str | None = None
    for line in lines:
        if (alert := _ALERT.match(line)) is not None:
            label = alert.group(2).capitalize()
            continue
        if label is not None and _QUOTE_BLANK.match(line):
            continue  # the blank quoted line between the marker and its text
        if label is not None and (quoted := _QUOTE_LINE.match(line)) is not None:
            line = f"{quoted.group(1)}**{label}:** {quoted.group(2)}"
        label = None
        out.append(line)
    return "\n".join(out)


def _without_shortcodes(text: str) -> str:
    """Headings without the emoji shortcodes they are decorated with (`## Logfire :fire:`);
    a fenced example's `#` lines are code, left as they are."""
    out: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        opening = _FENCE_OPEN.match(line)
        if opening and (fence is None or opening.group(1).startswith(fence)):
            fence = opening.group(1)[:3] if fence is None else None
        elif fence is None and line.lstrip().startswith("#") and _SHORTCODE.search(line):
            line = " ".join(_SHORTCODE.sub("", line).split())
        out.append(line)
    return "\n".join(out)


_MARKDOWN_SIGNALS = (
    re.compile(r"^#{1,6} \S", re.MULTILINE),  # an ATX heading at the margin
    re.compile(r"^(?:```|~~~)(?![`~])", re.MULTILINE),  # a fenced block (not a title's underline of tildes)
    re.compile(r"\[[^\]\n]{1,200}\]\((?:https?://|[./#]|[\w-]+\.\w)[^)\s]*\)"),  # an inline link
    re.compile(r"(?:^|\s)\*\*\S[^*\n]{0,200}\S\*\*(?:\s|[.,;:]|$)", re.MULTILINE),  # strong emphasis
    re.compile(r"^\|?\s*:?-{3,}:?\s*\|", re.MULTILINE),  # a pipe table's rule
    re.compile(r"^<(?:table|div|p|h[1-6]|ul|ol|dl|pre)\b", re.MULTILINE),  # an HTML block (a converter's output)
)


def is_markdown(text: str) -> bool:
    """Whether a text with no name's suffix to say so reads as Markdown: two or more
    kinds of its own markup. A file named `NEWS`, `README` or `TODO` is most often
    plain text (GNU's conventions), whose indented examples and tagged lists a
    Markdown reader would run into its paragraphs."""
    head = text[:200_000]
    return sum(1 for signal in _MARKDOWN_SIGNALS if signal.search(head)) >= 2


def read_markdown(text: str) -> Outline:
    """The outline of a markdown text (see the module docstring)."""
    # a wiki's own links (`[[Install]]`, `[[API|the API]]`) read as the links they are
    text = _WIKI_LINK.sub(lambda m: f"[{m.group(2) or m.group(1)}](#)", text)
    text = _without_shortcodes(_alerts(text))
    tree = SyntaxTreeNode(_PARSER.parse(text))
    lines = text.split("\n")
    events: list[Heading | Block] = []
    skipping: int | None = None  # level of a navigation section being skipped
    level = 0  # of the last heading written with `#`
    tagged: dict[int, bool] = {}  # events that are a hard-broken tag over its text (`_broken_tag`)
    depths: list[int] = []  # each event's block-quote depth
    depth = 0
    nodes = _items_filled(list(_unquoted(tree.children)))
    for at, (node, quoted) in enumerate(nodes):
        depths += [depth] * (len(events) - len(depths))  # the events the node before made
        depth = quoted
        deeper = at + 1 < len(nodes) and nodes[at + 1][1] > quoted  # the next block is quoted under this one
        if skipping is None and (bold := _bold_title(node)) is not None:
            if events and isinstance(events[-1], Paragraph) and events[-1].text.endswith(":"):
                # what `Here is an example command:` introduces, set in bold: an example, not a heading
                events.append(Code(bold) if _COMMAND_WORDS.search(bold) else Paragraph(bold))
            else:
                events.append(Heading(bold, min(level + 1, 6)))
        elif node.type == "heading" and node.markup == "#" and node.children \
                and _COMMAND_LINE.match(node.children[0].content):
            events.append(Code(f"# {node.children[0].content}"))  # a root prompt's command that lost its <pre>
        elif node.type == "heading":
            level = int(node.tag[1:])
            title = inline_text(node.children[0]) if node.children else ""
            if title == FURNITURE_HEADING:
                break
            if skipping is not None and level <= skipping:
                skipping = None
            if title.casefold().strip(" :¶#*") in NAV_HEADINGS:
                skipping = level
                continue
            if skipping is not None or not title or _LAYOUT.match(title):
                continue
            sheet = _SHEET.match(title)
            events.append(Heading(sheet.group(1).strip() if sheet else title, level))
        elif skipping is None and (broken := _broken_tag(node)) is not None:
            tagged[len(events)] = broken[1]
            events.append(Terms((broken[0],)))
        elif skipping is None and (underlined := _underlined_title(node)) is not None:
            events.append(Heading(underlined, min(level + 1, 6)))  # `The Basics ----------`
        elif skipping is None and deeper and (quoted_tag := _quoted_tag(node)) is not None:
            tagged[len(events)] = True  # `**scope=(ref|push)**` over its text quoted deeper: a tag over its text
            events.append(Terms((Term(quoted_tag, ()),)))
        elif skipping is None and (question := _bold_question(node)) is not None:
            tagged[len(events)] = True  # its answer is the paragraphs after it
            events.append(Terms((Term(question, ()),)))
        elif skipping is None and (tag := _lone_tag(node, lines)) is not None:
            last = events[-1] if events else None
            if isinstance(last, Terms) and len(events) - 1 in tagged and not last.entries[-1].body:
                events[-1] = Terms((Term(f"{last.entries[-1].term}, {tag}", ()),))  # `-a` then `--all`: one entry
            else:
                tagged[len(events)] = True
                events.append(Terms((Term(tag, ()),)))
        elif skipping is None:
            events += _blocks(node)
    depths += [depth] * (len(events) - len(depths))
    return build(_pictures(_assignments(_introduced_commands(_joined(_tagged_runs(events, tagged, depths) if tagged else events)))))


_PICTURE = "\x00picture\x00"  # a paragraph that was one picture, its alt text after the mark
# raw HTML that is one picture, wrapped or not (`<p align="center"><img src=... alt='...'></p>`)
_LONE_IMAGE = re.compile(r"(?:<p[^>]*>\s*)?<img\b[^>]*?(?:\balt=[\"']([^\"']*)[\"'][^>]*)?>\s*(?:</p>)?", re.IGNORECASE)
PICTURE_NOTE = "(A picture in the source"  # what a page says where a picture stood: `(A picture in the source.)`
_FILE_ALT = re.compile(r"^(?:image\s+)?[\w.-]+\.(?:png|jpe?g|gif|svg|webp)$", re.IGNORECASE)


def _pictures(events: list[Heading | Block]) -> list[Heading | Block]:
    """A picture among the text (after a paragraph: `Running it gives...`, `The result
    is`, `... these options print a listing.` over a table drawn as an image)
    said to be one, by its alt text (`frob http://example.org/json`) when that says more
    than a file name: a lead-in would dangle with nothing after it, and a reader would
    not know the text left something out. Pictures standing under a title or at the
    top (a logo, a badge) are left out."""
    out: list[Heading | Block] = []
    for event in events:
        if isinstance(event, Paragraph) and event.text.startswith(_PICTURE):
            alt = event.text[len(_PICTURE):].strip().rstrip(".")
            before = out[-1] if out else None
            if isinstance(before, Paragraph) and not before.text.startswith(PICTURE_NOTE):
                out.append(Paragraph(f"{PICTURE_NOTE}: {alt}.)" if alt and not _FILE_ALT.match(alt) else f"{PICTURE_NOTE}.)"))
            continue
        if isinstance(event, Terms):  # (a picture in an entry's text: groff's table drawn as an image)
            event = Terms(tuple(Term(t.term, _nested_pictures(t.body)) for t in event.entries))
        elif isinstance(event, ItemList):  # (the item's own text is what comes before its first child)
            event = ItemList(tuple(Item(i.text, _nested_pictures((Paragraph(i.text), *i.children))[1:]) for i in event.items),
                             event.ordered, event.start)
        out.append(event)
    return out


def _nested_pictures(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    return tuple(b for b in _pictures(list(blocks)) if not isinstance(b, Heading))



MAX_COMMAND_WORDS = 12
_ADDRESSED_COMMAND = re.compile(r"^[a-z][\w.+-]*(?: \S+){0,4} \S*[\w.-](?:::?|@|/)\S*$")  # `frob host.example.org::`


def _assignments(events: list[Heading | Block]) -> list[Heading | Block]:
    """Paragraphs that each set a name to a value, one under another (pydoc's HTML made
    Markdown: `Data and other attributes defined here:` over `**namer** = None` and
    `**rotator** = None`), as one piece of code: a module's data, not sentences."""
    out: list[Heading | Block] = []
    for event in events:
        last = out[-1] if out else None
        if isinstance(event, Paragraph) and _assigned(event.text):
            if isinstance(last, Code) and all(_assigned(line) for line in last.text.split("\n")):
                out[-1] = Code(f"{last.text}\n{event.text}")
                continue
            if isinstance(last, Paragraph) and last.text.endswith(":"):
                out.append(Code(event.text))
                continue
        out.append(event)
    return out


def _assigned(line: str) -> bool:
    return "\n" not in line and ASSIGNMENT.match(line) is not None


# a command without options a sentence's unfinished end introduces (`is equivalent to` over
# `cat file1 file2`): a word, then a few arguments of which one at least is no plain word
_BARE_COMMAND = re.compile(r"^[a-z][\w.+-]*(?= )(?=.*\s\S*[\d./*<>|=-])(?: [\w./*?<>|&=:'\"-]+){1,4}$")


# after a colon, one token of syntax (`frob.engine:{engineid}:{keyid}`), alone or after an option
# (`-key frob.engine:pkcs11:label`): a URI or a value's form to type as it stands
_CODE_TOKEN = re.compile(r"(?:-{1,2}\w[\w-]* )?(?![a-z][\w+.-]*://|www\.)[\w.-]*[{}:=;/][^\s]*[\w}]")  # (an address is no code)


def _introduced_commands(events: list[Heading | Block]) -> list[Heading | Block]:
    """A paragraph that is one command line (`frob -c file1 file2 > foo.fz`, after a
    colon also one naming an address: `frob host.example.org::`) after text that
    introduces it (`compresses better than`, `Then`, `For example:`) as code: a
    converter set a manual's example in the paragraphs around it, and a command read
    as prose loses its layout and its look of something to type. So in an entry's text
    (an option's `The URI syntax is as follows:` over `frob.engine:{id}:{key}`)."""
    out = [Terms(tuple(Term(t.term, tuple(b for b in _introduced_commands(list(t.body)) if not isinstance(b, Heading)))
                       for t in e.entries)) if isinstance(e, Terms) else e for e in events]
    for k in range(1, len(out)):
        event, before = out[k], out[k - 1]
        if isinstance(event, Paragraph) and isinstance(before, Paragraph) and not before.text.endswith((".", "!", "?")) \
                and (_COMMAND_LINE.match(event.text)
                     or (before.text.endswith(":") and (_ADDRESSED_COMMAND.match(event.text) or _CODE_TOKEN.fullmatch(event.text)))
                     or (goes_on(before.text) and _BARE_COMMAND.match(event.text))) \
                and len(event.text.split()) <= MAX_COMMAND_WORDS and not event.text.endswith((".", "!", "?", ",", ";")):
            out[k] = Code(event.text)
    return out
