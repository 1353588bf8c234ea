"""One document as a tree: sections holding paragraphs, lists, terms, tables and code.

The readers (markdown_reader.py with markdown-it-py, rest_reader.py with docutils,
text_reader.py for text laid out by indentation, asciidoc.py through the Markdown
reader) all build this one model, so what a page carries over
from a document does not depend on its format: a list stays a list, a definition list
(a man page's options, a glossary) stays term -> description, example code stays
code and never becomes a heading, a key or an attribute.

Text in the model is plain: inline markup is gone (links are their text, emphasis and
escapes are dropped, entities decoded), whitespace is one space. Code keeps its lines.

    outline = build(events)        # events: Heading and Block values in document order
    for path, block in walk(outline): ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Item:
    """One list item: its first paragraph, then what is nested in it."""

    text: str
    children: tuple[Block, ...] = ()


@dataclass(frozen=True)
class ItemList:
    items: tuple[Item, ...]
    ordered: bool = False
    start: int = 1  # an ordered list's first number (`3.` goes on from the steps before it)


@dataclass(frozen=True)
class Term:
    """A term and its description (an option and what it does, a word and its meaning)."""

    term: str
    body: tuple[Block, ...] = ()

    @property
    def description(self) -> str:
        """The description's first paragraph (or list item), as plain text."""
        for block in self.body:
            if isinstance(block, Paragraph):
                return block.text
            if isinstance(block, ItemList) and block.items:
                return block.items[0].text
        return ""


@dataclass(frozen=True)
class Terms:
    entries: tuple[Term, ...]


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Code:
    text: str
    info: str = ""  # the fence's language (json, yaml, sh ...), "" when none


Block = Paragraph | ItemList | Terms | Table | Code


def straight_code(text: str, info: str = "") -> Code:
    """Lines of code, their typographic quotes made straight: a typesetter prints a
    manual's `'` and `"` curled (`frob ’.key’` in a PDF, `host:’a file’` in an HTML rendering),
    and a command is copied from a wiki to run; no language reads a curled quote as a
    quote."""
    return Code(text.translate(_STRAIGHT_QUOTES), info)


_STRAIGHT_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


@dataclass(frozen=True)
class Heading:
    """A heading as a reader meets it; `build` turns the stream into sections."""

    title: str
    level: int


@dataclass(frozen=True)
class Section:
    title: str
    level: int
    blocks: tuple[Block, ...] = ()
    sections: tuple[Section, ...] = ()


@dataclass(frozen=True)
class Outline:
    """A whole document: what comes before its first heading, then its sections."""

    blocks: tuple[Block, ...] = ()
    sections: tuple[Section, ...] = ()
    meta: dict[str, str] = field(default_factory=dict, compare=False)  # reader notes (e.g. the format read)


def build(events: Iterable[Heading | Block]) -> Outline:
    """Nest a stream of headings and blocks into sections by heading level: a heading
    holds what follows it up to the next heading of the same or a higher level."""
    root: list[Block] = []
    stack: list[tuple[Heading, list[Block], list[Section]]] = []
    top: list[Section] = []

    def close() -> None:
        heading, blocks, subsections = stack.pop()
        section = Section(heading.title, heading.level, tuple(blocks), tuple(subsections))
        (stack[-1][2] if stack else top).append(section)

    for event in events:
        if isinstance(event, Heading):
            while stack and stack[-1][0].level >= event.level:
                close()
            stack.append((event, [], []))
        else:
            (stack[-1][1] if stack else root).append(event)
    while stack:
        close()
    return Outline(tuple(root), tuple(top))


def walk(outline: Outline) -> Iterator[tuple[tuple[str, ...], Block]]:
    """Every block in document order, with the titles of the sections holding it."""
    for block in outline.blocks:
        yield (), block
    for section in outline.sections:
        yield from _walk_section(section, ())


def _walk_section(section: Section, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Block]]:
    here = (*path, section.title)
    for block in section.blocks:
        yield here, block
    for sub in section.sections:
        yield from _walk_section(sub, here)


def sections(outline: Outline) -> Iterator[Section]:
    """Every section, depth first, in document order."""
    stack = list(reversed(outline.sections))
    while stack:
        section = stack.pop()
        yield section
        stack.extend(reversed(section.sections))


def block_text(block: Block) -> str:
    """A block's words as one plain string (code included), for counting and matching."""
    if isinstance(block, Paragraph):
        return block.text
    if isinstance(block, Code):
        return block.text
    if isinstance(block, ItemList):
        return " ".join(item_text(i) for i in block.items)
    if isinstance(block, Terms):
        return " ".join(f"{t.term} {' '.join(block_text(b) for b in t.body)}" for t in block.entries)
    return " ".join(" ".join(r) for r in (block.header, *block.rows))


def item_text(item: Item) -> str:
    return " ".join([item.text, *(block_text(b) for b in item.children)])


def word_count(outline: Outline) -> int:
    """How many words the document's text has (headings aside)."""
    return sum(len(block_text(b).split()) for _, b in walk(outline))


def events(outline: Outline) -> Iterator[Heading | Block]:
    """The outline as the stream `build` nests: headings and blocks in document order."""
    yield from outline.blocks
    stack = list(reversed(outline.sections))
    while stack:
        section = stack.pop()
        yield Heading(section.title, section.level)
        yield from section.blocks
        stack.extend(reversed(section.sections))
