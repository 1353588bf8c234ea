"""reStructuredText read with docutils into the document model.

docutils parses the text into its doctree (sections, paragraphs, bullet and
enumerated lists, definition, field and option lists, literal blocks, grid and simple
tables); this module maps that tree onto the model. The text is untrusted: file
insertion (`include`, `raw`, `csv-table :file:`/`:url:`) and raw output are
disabled, and no report is printed or raised. What docutils could not parse
(an unknown role, a broken reference) comes back as its text without the role or
reference markup, never as `:role:` or backticks; comments, substitution
definitions, targets and system messages are not content.

A text docutils refuses (it raises on some malformed input) or one longer than
MAX_CHARS is read as plain text by the caller (document/outline.py).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

from docutils import nodes
from docutils.core import publish_doctree

from wikid.document.furniture import MAX_POINTED_LINKS, MAX_PROSE_LINKS, ends_sentence_after, points_at, says_where
from wikid.document.linekinds import spanned
from wikid.document.model import Block, Code, Heading, Item, ItemList, Outline, Paragraph, Term, Terms, build
from wikid.document.tables import tidy

MAX_CHARS = 400_000  # docutils takes ~3 s per MB; longer texts are read as plain text
# Markup only reStructuredText has; a text named .txt (a package's long description, a
# project's README.txt) is read as reST when two kinds of it occur.
_SIGNALS = (
    re.compile(r"^\.\. [\w-]+::", re.MULTILINE),  # a directive: `.. image::`, `.. code-block:: python`
    re.compile(r"^\.\. (?:_[^:\n]+|\|[^|\n]+\|[^\n]*)::?(?:\s|$)", re.MULTILINE),  # a target, a substitution
    re.compile(r"`[^`\n]+`__?(?![\w`])"),  # a named reference: `ZIP bomb`_
    re.compile(r"\S::\n\n[ \t]+\S"),  # a paragraph introducing a literal block
    re.compile(r":[a-z][\w:-]*:`[^`\n]+`"),  # a role: :func:`read`
)
_SETTINGS = {
    "report_level": 5,
    "halt_level": 5,
    "file_insertion_enabled": False,
    "raw_enabled": False,
    "warning_stream": io.StringIO(),
    "doctitle_xform": False,
    "sectsubtitle_xform": False,
    "input_encoding": "unicode",
    "syntax_highlight": "none",
    "language_code": "en",
}
_ROLE = re.compile(r":[A-Za-z][\w.+-]*:`?|`_{0,2}")  # what is left of a role docutils did not know
_TRAILING_ROLE = re.compile(r":[A-Za-z][\w.+-]*:$")
_SKIPPED = (nodes.comment, nodes.system_message, nodes.substitution_definition, nodes.target, nodes.raw,
            nodes.pending, nodes.title, nodes.transition)
_ADMONITIONS = (nodes.note, nodes.warning, nodes.tip, nodes.hint, nodes.important, nodes.caution,
                nodes.danger, nodes.error, nodes.attention)


_OUTSIDE = re.compile(r"^https?://[^\s/]+\.[^\s/]+", re.IGNORECASE)


class RestUnreadable(ValueError):
    """docutils could not read the text."""


def _inline(node: nodes.Node, targets: bool = False, pointed: bool = False, ending: bool = False) -> str:
    """Plain text of an inline container (a paragraph, a term, a title); with
    `targets`, where each link to another site goes after its text (`pointed`: each
    the sentence points at; `ending`: each that ends its sentence or clause)."""
    parts: list[str] = []
    children = list(node.children) if isinstance(node, nodes.Element) else [node]
    for n, child in enumerate(children):
        if isinstance(child, (nodes.system_message, nodes.footnote_reference, nodes.citation_reference,
                              nodes.substitution_definition, nodes.target)):
            continue
        if isinstance(child, nodes.Text):
            text = child.astext()  # escapes undone (docutils keeps them as NUL marks)
            if n + 1 < len(children) and isinstance(children[n + 1], nodes.Inline):
                text = _TRAILING_ROLE.sub("", text)  # `sn:raw-latex:` before a reference docutils split off
            parts.append(text)
        elif isinstance(child, nodes.problematic):
            parts.append(_ROLE.sub("", child.astext()))
        elif isinstance(child, nodes.image):
            parts.append(str(child.get("alt", "")))
        elif isinstance(child, nodes.literal):
            parts.append(spanned(child.astext()))  # ``frob --all``: code, as on a Markdown document's page
        elif isinstance(child, nodes.Element):
            parts.append(_inline(child, targets, pointed, ending))
            said = "".join(parts[:-1])  # (in an item, `ending`, a link inside parentheses annotates a word)
            if isinstance(child, nodes.reference) and _shows_target(child) \
                    and ((targets and not (ending and said.count("(") > said.count(")"))) or (pointed and points_at(said))
                         or (ending and _ends_sentence(children[n + 1:]))):
                parts.append(f" ({child['refuri']})")
    return " ".join("".join(parts).split())


def _ends_sentence(after: list[nodes.Node]) -> bool:
    """Whether a link ends its sentence, by the nodes after it (see `ends_sentence_after`)."""
    rest = [n for n in after if not isinstance(n, nodes.target)]  # (`_` makes a target after the reference)
    return not rest or (isinstance(rest[0], nodes.Text) and ends_sentence_after(rest[0].astext()))


def _shows_target(reference: nodes.reference) -> bool:
    """A link to another site whose text is not its address (`the QuickStart`)."""
    uri = str(reference.get("refuri", ""))
    return bool(_OUTSIDE.match(uri)) and says_where(reference.astext(), uri)


def _prose(paragraph: nodes.paragraph) -> str:
    """A paragraph's text, where each of its links goes after its text when it has
    few (`head over to the QuickStart (https://…).`: the text alone sends the reader
    nowhere), or each the sentence points at when it has a few more; a paragraph dense
    with links keeps its words only."""
    links = sum(_shows_target(r) for r in paragraph.findall(nodes.reference))
    return _inline(paragraph, 0 < links <= MAX_PROSE_LINKS, links <= MAX_POINTED_LINKS)


def _item(node: nodes.Element) -> Item | None:
    blocks = _blocks_of(node.children)
    if blocks and isinstance(blocks[0], Paragraph):
        first = node.children[0] if node.children and isinstance(node.children[0], nodes.paragraph) else None
        links = sum(_shows_target(r) for r in first.findall(nodes.reference)) if first is not None else 0
        text = _linked(first, _inline(first, 0 < links <= MAX_PROSE_LINKS, ending=True)) if first is not None else blocks[0].text
        return Item(text, tuple(blocks[1:]))
    return Item("", tuple(blocks)) if blocks else None


def _linked(paragraph: nodes.paragraph, text: str) -> str:
    """An item that is a link to another site (`Docs <https://…>`_) with the address
    after its text: where it goes is what it says. Other text comes back as it is."""
    links = [r for r in paragraph.findall(nodes.reference) if _OUTSIDE.match(str(r.get("refuri", "")))]
    label = sum(len(r.astext()) for r in links)
    if not links or label < 0.8 * len(text):
        return text
    shown = [r for r in links if r.astext().rstrip("/") != str(r["refuri"]).rstrip("/")]
    return " ".join([text, *(f"({r['refuri']})" for r in shown)])


def _table(node: nodes.table) -> list[Block]:
    header: list[str] = []
    rows: list[list[str]] = []
    for group in node.findall(nodes.tgroup):
        for part in group.children:
            if not isinstance(part, (nodes.thead, nodes.tbody)):
                continue
            for row in part.children:
                cells = [" ".join(entry.astext().split()) for entry in row.children]
                if isinstance(part, nodes.thead) and not header:
                    header = cells
                else:
                    rows.append(cells)
        break
    if not header and rows:
        header, rows = rows[0], rows[1:]
    return tidy(header, rows)


def _terms(entries: list[tuple[str, list[Block]]]) -> list[Block]:
    kept = tuple(Term(term, tuple(body)) for term, body in entries if term)
    return [Terms(kept)] if kept else []


def _pictures(node: nodes.Element) -> bool:
    """Whether `node` holds images and nothing else (badges, a logo, in a paragraph or
    a line block of them): their alt texts say nothing to a reader."""
    return all(isinstance(n, nodes.image) or (isinstance(n, nodes.Text) and not n.astext().strip())
               for n in node.findall(include_self=False)
               if not isinstance(n, nodes.Element) or isinstance(n, nodes.image) or not n.children)


def _block(node: nodes.Node) -> list[Block]:
    if isinstance(node, _SKIPPED) or not isinstance(node, nodes.Element):
        return []
    if isinstance(node, nodes.paragraph):
        text = _prose(node)
        return [Paragraph(text)] if text and not _pictures(node) else []
    if isinstance(node, (nodes.bullet_list, nodes.enumerated_list)):
        items = [item for child in node.children if isinstance(child, nodes.list_item) and (item := _item(child))]
        return [ItemList(tuple(items), isinstance(node, nodes.enumerated_list))] if items else []
    if isinstance(node, (nodes.literal_block, nodes.doctest_block)):
        text = node.astext().rstrip("\n")
        classes: list[str] = node.get("classes", [])
        language = next((c for c in classes if c != "code"), "")
        return [Code(text, language)] if text.strip() else []
    if isinstance(node, nodes.definition_list):
        entries: list[tuple[str, list[Block]]] = []
        for entry in node.children:
            if isinstance(entry, nodes.definition_list_item):
                term = next(iter(entry.findall(nodes.term)), None)
                body = [b for d in entry.findall(nodes.definition) for b in _blocks_of(d.children)]
                entries.append((_inline(term) if term is not None else "", body))
        return _terms(entries)
    if isinstance(node, nodes.field_list):
        return _terms([(_inline(field.children[0]), _blocks_of(field.children[1].children))
                       for field in node.children if isinstance(field, nodes.field) and len(field.children) == 2])
    if isinstance(node, nodes.option_list):
        entries = []
        for option in node.children:
            groups = list(option.findall(nodes.option_group))
            descriptions = list(option.findall(nodes.description))
            if groups and descriptions:
                entries.append((groups[0].astext(), _blocks_of(descriptions[0].children)))
        return _terms(entries)
    if isinstance(node, nodes.line_block):
        text = " ".join(_inline(line) for line in node.findall(nodes.line))
        return [Paragraph(" ".join(text.split()))] if text.strip() and not _pictures(node) else []
    if isinstance(node, nodes.table):
        return _table(node)
    if isinstance(node, _ADMONITIONS):
        blocks = _blocks_of(node.children)
        label = type(node).__name__.capitalize()
        if blocks and isinstance(blocks[0], Paragraph):
            blocks[0] = Paragraph(f"{label}: {blocks[0].text}")
        return blocks
    if isinstance(node, nodes.topic) and "contents" in node.get("classes", []):
        return []  # a generated table of contents
    if isinstance(node, (nodes.block_quote, nodes.container, nodes.compound, nodes.topic, nodes.sidebar,
                         nodes.admonition, nodes.figure, nodes.legend, nodes.rubric)):
        if isinstance(node, nodes.rubric):
            text = _inline(node)
            return [Paragraph(text)] if text else []
        return _blocks_of(node.children)
    return []


def _blocks_of(children: Iterable[nodes.Node]) -> list[Block]:
    return [block for child in children for block in _block(child)]


def _events(node: nodes.Element, level: int) -> list[Heading | Block]:
    events: list[Heading | Block] = []
    for child in node.children:
        if isinstance(child, nodes.section):
            titles = [c for c in child.children if isinstance(c, nodes.title)]
            title = _inline(titles[0]) if titles else ""
            if title:
                events.append(Heading(title, min(level, 6)))
            events += _events(child, level + 1)
        else:
            events += _block(child)
    return events


def is_rest(text: str) -> bool:
    """Whether `text` reads as reStructuredText: two or more kinds of its own markup."""
    head = text[:200_000]
    return sum(1 for signal in _SIGNALS if signal.search(head)) >= 2


def read_rest(text: str) -> Outline:
    """The outline of a reStructuredText document; RestUnreadable when docutils fails."""
    if len(text) > MAX_CHARS:
        raise RestUnreadable(f"longer than {MAX_CHARS:,} characters")
    try:
        tree = publish_doctree(text, settings_overrides={**_SETTINGS, "warning_stream": io.StringIO()})
    except Exception as exc:  # docutils raises many kinds on malformed input
        raise RestUnreadable(f"{type(exc).__name__}: {exc}") from exc
    return build(_events(tree, 1))
