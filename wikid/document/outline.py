"""A document's extracted text read by the parser for its format, into one model.

    outline = read_outline(text, ".rst")

* `.rst`, and plain text written in reStructuredText (a `README.txt` with its
  directives and literal blocks): docutils (rest_reader); a text docutils refuses is
  read as plain text.
* plain text (`.txt`, `.log`, `.org`, no extension …), PDF pages (`## Page N` between
  them, running headers and footers stripped) and RTF, OCR text: text_reader.
* everything else is the markdown wikid's extractors write, or markdown itself:
  markdown-it-py (markdown_reader).

Then, whatever the format: a list whose items are the document's own section titles
is its table of contents, not content, and is dropped; what a converter left of
roff escapes (`\\-`, `\\(em`, `\\fB`) and HTML entities is undone in the text; a
block of code that is an option summary (`--verbose, -v  increase verbosity` on each
line) is read as the definition list it is.
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Callable

from wikid.document.asciidoc import is_asciidoc, to_markdown
from wikid.document.furniture import strip_page_furniture
from wikid.document.linekinds import is_prose_line, spanned
from wikid.document.markdown_reader import is_markdown, read_markdown
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
    sections,
    walk,
)
from wikid.document.pydoc_text import unmargined
from wikid.document.rest_reader import RestUnreadable, is_rest, read_rest
from wikid.document.sentences import is_sentence, split_sentences
from wikid.document.text_reader import joined_lines, read_text

PLAIN_SUFFIXES = frozenset(".txt .text .log .org .pdf .rtf .png .jpg .jpeg .gif .webp .bmp .tif .tiff".split())
REST_SUFFIXES = frozenset({".rst", ".rest"})
MIN_TOC_ITEMS = 3
# What a page carries of a document is its beginning: a 20 MB text is read up to here
# (at a line end), so the readers' memory and time stay bounded whatever the input.
MAX_OUTLINE_CHARS = 400_000
_ROFF = re.compile(r"\\f[BIRPC]|\\f\([A-Z]{2}|\\f\[[A-Z]*\]|\\[&|%]|\\\(([a-z]{2})|\\\*\([A-Za-z]{2}|\\([-^])")
_ROFF_RESIDUE = re.compile(r"\\f[BIRPC]|\\f\(|\\f\[|\\\*\(|\\-\\-|\\\((?:em|en|hy|aq|dq|lq|rq|oq|cq|bu|co|rg|tm|mi|pl|mu|de)(?![A-Za-z])")
_ROFF_GLYPHS = {"em": "—", "en": "–", "hy": "-", "aq": "'", "dq": '"', "lq": "“", "rq": "”", "oq": "‘", "cq": "’",
                "bu": "•", "co": "©", "rg": "®", "tm": "™", "mi": "-", "pl": "+", "mu": "×", "de": "°"}
_ENTITY = re.compile(r"&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z]{2,10});")
# A line of an option summary: the option's forms (`--verbose, -v`, `--rsh=COMMAND, -e`,
# `-f RULE`), then what it does; not a numeral (`-rw-r--r-- 1 root`) nor an operator.
_OPTION_FORM = r"[-+]{1,2}[A-Za-z0-9?@][^\s,]*(?: [A-Z][A-Z0-9_]*(?=\s))?"
_SUMMARY_LINE = re.compile(rf"^({_OPTION_FORM}(?:, ?{_OPTION_FORM}){{0,3}})\s+([A-Za-z(\"'][^\n]*)$")
_OPTION_LED = re.compile(rf"^({_OPTION_FORM})\s+([-+]{{1,2}}[A-Za-z][^\n]*)$")  # a description opening with an option
_SUMMARY_FORM = re.compile(r"(?:^|\s)(?:--[A-Za-z0-9]|-[A-Za-z0-9?](?:[\s,=]|$))")  # a long option or a one-letter one
_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]+(?![\w-])")  # (`IPv4` is a word)
MIN_SUMMARY_LINES = 3
SUMMARY_SHARE = 0.8


def has_roff(text: str) -> bool:
    """Whether a converter left roff in `text` (`\\fB`, `\\(em`, `\\-\\-`): only then are its
    backslashes roff's; in other text `\\(`, `\\&` and `\\|` are a regex's or a shell's."""
    return _ROFF_RESIDUE.search(text) is not None


def plain_text(text: str, roff: bool = True, entities: bool = True) -> str:
    """Text without the version notes, roles and literal marks of reST docstrings a
    reference printed as they are (`.. versionchanged:: 3.2` reads `Changed in version
    3.2:`, `:meth:`str.format`` reads `str.format`), when `roff` without
    leftover roff escapes (a converter's leftovers), and when `entities` without HTML
    entities (markup's; a plain text's or a PDF's `&lt;` is the text itself: a manual
    saying its HTML output writes `x &lt; y`)."""
    if roff and "\\" in text:
        text = _ROFF.sub(_roff_glyph, text)
    if entities and "&" in text:
        text = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
    if ".. " in text:
        text = _VERSION_NOTE.sub(lambda m: f"{_VERSION_NOTES[m.group(1)]} {m.group(2).rstrip('.')}"
                                 + (":" if text[m.end():].strip() else "."), text)
    return _rest_inline(text) if "`" in text else text


def _rest_inline(text: str) -> str:
    """`text` with a docstring's reST roles and literals printed as they are
    (`:meth:`str.format``, ``{}``) as their words."""
    return _LITERAL.sub(lambda m: spanned(m.group(1)),
                        _RST_ROLE.sub(lambda m: m.group(1).lstrip("~!"), text))  # (a literal is code, as in Markdown)


_RST_ROLE = re.compile(r"(?<![\w`]):(?:[a-z]+:)?[a-z]+:`([^`\n]+)`")  # `:meth:`str.format``, `:py:class:`Frob``
_LITERAL = re.compile(r"``((?:(?!'')[^`\n])+)``")  # reST's inline literal (not a GNU quote's ``word'')


_VERSION_NOTES = {"versionadded": "Added in version", "versionchanged": "Changed in version",
                  "deprecated": "Deprecated since version"}
_VERSION_NOTE = re.compile(r"(?<!\S)\.\. (versionadded|versionchanged|deprecated):: ?(\S+)")


def _directives_joined(text: str) -> str:
    """A plain text's reST version notes (a docstring's `.. versionchanged:: 3.3` over
    what changed, indented under it) as one line each at the note's margin: read as
    they stand, the note's text was a paragraph of its own, or an example."""
    if ".. " not in text:
        return text
    return _DIRECTIVE_BODY.sub(lambda m: f"{m.group(1)}{_VERSION_NOTES[m.group(2)]} {m.group(3).rstrip('.')}: "
                               + " ".join(m.group(4).split()) + "\n", text)


# a version note and the lines indented deeper under it (its margin, its kind, the version, its text)
_DIRECTIVE_BODY = re.compile(r"^([ \t]*)\.\. (versionadded|versionchanged|deprecated):: ?(\S+)[ \t]*\n"
                             r"((?:\1[ \t]+\S[^\n]*\n)+)", re.MULTILINE)


def _roff_glyph(match: re.Match[str]) -> str:
    if match.group(1):
        return _ROFF_GLYPHS.get(match.group(1), "")
    if match.group(2):
        return match.group(2)
    return ""


def bounded(text: str) -> str:
    """The part of `text` the readers read: up to MAX_OUTLINE_CHARS, ending at a line end."""
    if len(text) <= MAX_OUTLINE_CHARS:
        return text
    cut = text.rfind("\n", 0, MAX_OUTLINE_CHARS)
    return text[: cut if cut > MAX_OUTLINE_CHARS // 2 else MAX_OUTLINE_CHARS]


def read_outline(text: str, suffix: str) -> Outline:
    """The outline of one document's extracted text (see the module docstring), of
    its first MAX_OUTLINE_CHARS at most."""
    text = bounded(text)
    suffix = suffix.lower()
    # (a file with no suffix -- `NEWS`, `README` -- is read as a .txt one unless its markup says Markdown)
    plain = suffix in PLAIN_SUFFIXES or (not suffix and (is_asciidoc(text) or is_rest(text) or not is_markdown(text)))
    if suffix in REST_SUFFIXES:
        try:
            outline = read_rest(text)
        except RestUnreadable:
            outline = read_text(text)
    elif plain and suffix != ".pdf" and is_asciidoc(text):
        outline = read_markdown(to_markdown(text))
    elif plain and suffix != ".pdf" and is_rest(text):
        try:
            outline = read_rest(text)
        except RestUnreadable:
            outline = read_text(text)
    elif plain:
        outline = read_text(strip_page_furniture(text) if suffix == ".pdf" else unmargined(_directives_joined(text)))
    else:
        outline = read_markdown(text)
    return _with_introduced(_summaries(_marked_runs(_enumerations(_lead_ins_apart(_without_placeholders(_notes_joined(
        _cleaned(_without_contents(outline), has_roff(text), not plain))))))))


_LITERAL_MARK = re.compile(r"((?:^|\s)[A-Za-z]+)::$")  # `the following::`, not a daemon's `host.example.org::`
_CONTENTS_TITLE = re.compile(r"^(?:table of )?contents:?$", re.IGNORECASE)
_SECTION_NUMBER = re.compile(r"(?:^|\s)\d{1,3}(?:\.\d{1,3})*\.\s")


def _folded(text: str) -> str:
    return " ".join(re.sub(r"^(?:[\d.]+|[a-z]\.)\s*", "", text.casefold()).split())


def _without_contents(outline: Outline) -> Outline:
    """The outline without a list of its own section titles (a table of contents), nor
    a section titled so whose text is no sentence: the titles a plain text lists
    under `CONTENTS` before its sections."""
    titles = {_folded(s.title) for s in sections(outline) if s.title}
    if len(titles) < MIN_TOC_ITEMS:
        return outline
    outline = Outline(outline.blocks, tuple(s for s in outline.sections if not _is_contents(s)), outline.meta)

    def is_toc(block: Block) -> bool:
        if isinstance(block, ItemList):
            names = [_folded(i.text) for i in block.items]
        elif isinstance(block, Table):  # `A.  Selection Options` lines read as a table's rows
            names = [_folded(" ".join(row)) for row in (block.header, *block.rows)]
        else:
            return False
        return len(names) >= MIN_TOC_ITEMS and sum(1 for n in names if n in titles) >= 0.8 * len(names)

    def prune(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
        out: list[Block] = []
        listing = False  # inside what a `Contents` label lists
        for n, b in enumerate(blocks):
            if n + 1 < len(blocks) and _is_contents_label(b, blocks[n + 1]):
                listing = True
            elif listing and not _says_nothing(b):
                listing = False
            if not listing and not is_toc(b):
                out.append(b)
        return tuple(out)

    return _mapped(outline, prune)


def _is_contents_label(label: Block, listed: Block) -> bool:
    """`Contents` standing as a paragraph over the titles it lists (run together, as a
    list or indented further, as code), none of them a sentence."""
    return isinstance(label, Paragraph) and _CONTENTS_TITLE.match(label.text.strip()) is not None \
        and _says_nothing(listed)


def _says_nothing(block: Block) -> bool:
    """Titles or dates without a sentence among them: what a table of contents lists."""
    return isinstance(block, (Paragraph, ItemList, Code)) and not any(
        is_sentence(s) for s in split_sentences(" ".join(block_text(block).split())))


def _is_contents(section: Section) -> bool:
    """A section titled `Contents` that lists numbered titles (`1.1. Introduction`)
    or only words that are no sentence."""
    if _CONTENTS_TITLE.match(section.title.strip()) is None or section.sections:
        return False
    texts = [block_text(b) for _, b in walk(Outline((), (section,)))]
    numbered = sum(len(_SECTION_NUMBER.findall(t)) for t in texts) + sum(
        len(b.items) for _, b in walk(Outline((), (section,))) if isinstance(b, ItemList) and b.ordered)
    return numbered >= MIN_TOC_ITEMS or not any(is_sentence(s) for t in texts for s in split_sentences(t))


def _rebuilt(outline: Outline, change: Callable[[Block], Block], title: Callable[[str], str] = str) -> Outline:
    """The outline with `change` applied to every block, nested ones first (a list's
    items, an entry's text), and `title` to every section title."""

    def block(b: Block) -> Block:
        if isinstance(b, ItemList):
            b = ItemList(tuple(Item(i.text, tuple(block(c) for c in i.children)) for i in b.items), b.ordered, b.start)
        elif isinstance(b, Terms):
            b = Terms(tuple(Term(t.term, tuple(block(c) for c in t.body)) for t in b.entries))
        return change(b)

    def section(s: Section) -> Section:
        return Section(title(s.title), s.level, tuple(block(b) for b in s.blocks), tuple(section(c) for c in s.sections))

    return Outline(tuple(block(b) for b in outline.blocks), tuple(section(s) for s in outline.sections), outline.meta)


def _plain_block(b: Block, roff: bool, entities: bool) -> Block:
    """A block's own texts through plain_text (what is nested in it is done already)."""
    def plain(text: str) -> str:
        return plain_text(text, roff, entities)

    if isinstance(b, Paragraph):
        return Paragraph(_LITERAL_MARK.sub(r"\1:", plain(b.text)))  # reST's `run the following::` left in other text
    if isinstance(b, ItemList):
        return ItemList(tuple(Item(plain(i.text), i.children) for i in b.items), b.ordered, b.start)
    if isinstance(b, Terms):
        return Terms(tuple(Term(plain(t.term), t.body) for t in b.entries))
    if isinstance(b, Table):
        return Table(tuple(plain(c) for c in b.header), tuple(tuple(plain(c) for c in r) for r in b.rows))
    if isinstance(b, Code):
        return Code(plain(b.text) if "\\f" in b.text or (entities and "&" in b.text) else b.text, b.info)
    return b


def _cleaned(outline: Outline, roff: bool, entities: bool) -> Outline:
    """Every text of the outline through plain_text; roff escapes taken out only of a
    text a converter left roff in, entities only of markup's."""
    return _rebuilt(outline, lambda b: _plain_block(b, roff, entities), lambda t: plain_text(t, roff, entities))


def _summary(b: Block) -> Block:
    """A block of code whose lines are options each with what it does (`--verbose, -v
    increase verbosity`: a man page's option summary a converter set as no-fill text)
    as the definition list it is; a line that is no entry continues the one before."""
    if not isinstance(b, Code) or b.info:
        return b
    lines = [line.strip() for line in b.text.splitlines() if line.strip()]
    found = [m if (m := _SUMMARY_LINE.match(line) or _OPTION_LED.match(line)) and _says(m.group(2)) else None
             for line in lines]
    if len(lines) < MIN_SUMMARY_LINES or not found[0] or sum(1 for m in found if m) < SUMMARY_SHARE * len(lines):
        return b
    entries: list[tuple[str, str]] = []
    for line, match in zip(lines, found, strict=True):
        if match and _SUMMARY_FORM.search(match.group(1)):  # (`--append-verify --append w/old data`: one too)
            entries.append((match.group(1), " ".join(match.group(2).split())))
        elif entries:
            entries[-1] = (entries[-1][0], f"{entries[-1][1]} {line}")
        else:
            return b
    if len({term for term, _ in entries}) < 0.5 * len(entries):
        return b  # one option given again and again: examples of its values
    return Terms(tuple(Term(term, (Paragraph(text),)) for term, text in entries))


def _says(text: str) -> bool:
    """Whether the text after an option reads as what it does (`increase verbosity`),
    not its value (`keep-uid="uid =~ x"`) or other forms (`(-m)`)."""
    return "=" not in text.split(" ", 1)[0] and len(_WORD.findall(text)) >= 2


def _mapped(outline: Outline, blocks: Callable[[tuple[Block, ...]], tuple[Block, ...]]) -> Outline:
    """`outline` with `blocks` applied to the blocks of its opening and of every section."""
    def section(s: Section) -> Section:
        return Section(s.title, s.level, blocks(s.blocks), tuple(section(c) for c in s.sections))

    return Outline(blocks(outline.blocks), tuple(section(s) for s in outline.sections), outline.meta)


def _without_placeholders(outline: Outline) -> Outline:
    """The outline without the word a converter left where it could not render a table or
    a picture (`TABLE` alone over the table's rows, which it then wrote as paragraphs):
    made the title of what follows, it named nothing."""
    return _mapped(outline, lambda blocks: tuple(
        b for b in blocks if not (isinstance(b, Paragraph) and _PLACEHOLDER.fullmatch(b.text))))


_PLACEHOLDER = re.compile(r"TABLE|FIGURE|IMAGE|PICTURE|EQUATION|DIAGRAM")


def _enumerations(outline: Outline) -> Outline:
    """The outline with an enumeration a manual set apart under the sentence it ends --
    items each ending with a comma, a lone `and` before the last, which ends the
    sentence (`eqn(1) for mathematical formulae,` ... `and` `tbl(1) for tables.`),
    some read as entries because their text stood under their name -- as one list."""
    def items(block: Block) -> list[str] | None:
        if isinstance(block, Paragraph):
            return [block.text]
        if isinstance(block, Terms) and all(len(t.body) == 1 and isinstance(t.body[0], Paragraph) for t in block.entries):
            return [f"{t.term} {t.body[0].text}" for t in block.entries]  # type: ignore[union-attr]
        return None

    def joined(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
        out: list[Block] = []
        n = 0
        while n < len(blocks):
            out.append(blocks[n])
            lead = blocks[n]
            if not isinstance(lead, Paragraph) or lead.text[-1:] in ".!?:;,":
                n += 1
                continue
            listed: list[str] = []
            k = n + 1
            while k < len(blocks) and (said := items(blocks[k])) is not None \
                    and all(t.endswith((",", ";")) for t in said) and not _LAST_CONJUNCTION.fullmatch(said[0]):
                listed += said
                k += 1
            conjunction = k < len(blocks) and isinstance(blocks[k], Paragraph) \
                and _LAST_CONJUNCTION.fullmatch(blocks[k].text)  # type: ignore[union-attr]
            last = blocks[k + 1] if conjunction and k + 1 < len(blocks) else None
            if len(listed) >= MIN_ENUMERATED and isinstance(last, Paragraph) and last.text.endswith(".") \
                    and len(last.text.split()) <= MAX_ENUMERATED_WORDS:
                listed[-1] += f" {blocks[k].text}"  # type: ignore[union-attr]
                out.append(ItemList(tuple(Item(t) for t in [*listed, last.text])))
                n = k + 2
            else:
                n += 1
        return tuple(out)

    return _mapped(outline, joined)


def _lead_ins_apart(outline: Outline) -> Outline:
    """The outline with a sentence introducing the second of two examples taken out of
    the code it was set in (term(5): the ADM-3A's description, then `and a hexadecimal
    dump of the compiled terminal description:` indented like it, then the dump): a
    line of prose alone between blank lines, ending on a colon, with code before and
    after it."""
    def apart(code: Code) -> list[Block]:
        lines = code.text.split("\n")
        for n in range(1, len(lines) - 1):
            line = lines[n].strip()
            if line.endswith(":") and is_prose_line(line) and not lines[n - 1].strip() and not lines[n + 1].strip():
                before, after = "\n".join(lines[:n]).strip("\n"), "\n".join(lines[n + 1:]).strip("\n")
                if before.strip() and after.strip():
                    return [Code(textwrap.dedent(before), code.info), Paragraph(line),
                            *apart(Code(textwrap.dedent(after), code.info))]
        return [code]

    return _mapped(outline, lambda blocks: tuple(b for block in blocks
                                                 for b in (apart(block) if isinstance(block, Code) else [block])))


def _marked_runs(outline: Outline) -> Outline:
    """The outline with paragraphs that each open with the next mark of a series (`a)
    header,` `b) terminal names,` ..., `(1) the magic number;` `(2) ...`) as one list,
    marks kept: a manual's enumeration its converter wrote a paragraph per item, which
    the page showed as so many one-line paragraphs."""
    def mark(block: Block) -> int | None:
        found = _ITEM_MARK.match(block.text) if isinstance(block, Paragraph) else None
        if found is None:
            return None
        letter = found.group(1) or found.group(2)
        return ord(letter) - ord("a") if letter else int(found.group(3) or found.group(4))

    def joined(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
        marks = [mark(b) for b in blocks] + [None]
        out: list[Block] = []
        n = 0
        while n < len(blocks):
            k = n + 1
            while (at := marks[k]) is not None and (before := marks[k - 1]) is not None and at == before + 1:
                k += 1
            if k - n >= MIN_ENUMERATED and marks[n] in (0, 1):
                out.append(ItemList(tuple(Item(b.text) for b in blocks[n:k] if isinstance(b, Paragraph))))
                n = k
            else:
                out.append(blocks[n])
                n += 1
        return tuple(out)

    return _mapped(outline, joined)


# an item's mark: `a) `, `(a) `, `(1) `, `1) ` (not `a.`: a sentence may open so)
_ITEM_MARK = re.compile(r"^(?:([a-z])\)|\(([a-z])\)|\((\d{1,2})\)|(\d{1,2})\))\s+\S")
_LAST_CONJUNCTION = re.compile(r"and|or")
MIN_ENUMERATED = 3  # items an enumeration set apart has before its last
MAX_ENUMERATED_WORDS = 12  # its last item, a short phrase ending the sentence


def _with_introduced(outline: Outline) -> Outline:
    """The outline with a list, table or example that follows a definition list moved
    into its last entry when that entry's text ends by introducing it (`These
    include:`): a converter set the option's list at the page's margin, after the
    options, where it read as the section's own."""

    def blocks(found: tuple[Block, ...]) -> tuple[Block, ...]:
        out: list[Block] = []
        for block in found:
            last = out[-1] if out else None
            if isinstance(block, (ItemList, Table, Code)) and isinstance(last, Terms) and last.entries \
                    and (body := last.entries[-1].body) and isinstance(body[-1], Paragraph) and body[-1].text.endswith(":"):
                entry = last.entries[-1]
                out[-1] = Terms((*last.entries[:-1], Term(entry.term, (*body, block))))
            else:
                out.append(block)
        return tuple(out)

    return _mapped(outline, blocks)


def _notes_joined(outline: Outline) -> Outline:
    """The outline with a note's label joined to its text: a version note (`Changed in
    version 3.2.` over `Added the frob parameter.`, indented under the reST directive and
    so read as an example) reads `Changed in version 3.2: Added the frob parameter.`; an
    admonition's label alone over its paragraph (a manual's boxed `Note` or `Warning`,
    flattened by its converter) reads `Note: When -x is given, ...`."""
    def joined(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
        out: list[Block] = []
        for b in blocks:
            if isinstance(b, Terms):
                b = Terms(tuple(Term(t.term, joined(t.body)) for t in b.entries))
            elif isinstance(b, ItemList):
                b = ItemList(tuple(Item(i.text, joined(i.children)) for i in b.items), b.ordered, b.start)
            last = out[-1] if out else None
            if isinstance(b, Code) and not b.info and isinstance(last, Paragraph) and _NOTED.fullmatch(last.text) \
                    and _NOTE_TEXT.fullmatch(said := " ".join(b.text.split())):
                out[-1] = Paragraph(f"{last.text[:-1]}: {_rest_inline(said)}")  # (code keeps its marks: its text now)
                continue
            if isinstance(b, Paragraph) and isinstance(last, Paragraph) and (label := _ADMONITION.fullmatch(last.text)):
                out[-1] = Paragraph(f"{label.group(1).capitalize()}: {b.text}")
                continue
            if isinstance(b, Code) and not b.info and isinstance(last, Paragraph) \
                    and (label := _ADMONITION.fullmatch(last.text)) and last.text.endswith(":") \
                    and _NOTE_TEXT.fullmatch(said := joined_lines(b.text.splitlines())) and is_prose_line(said):
                # a manual's `NOTE:` over its text set deeper, read as an example: the note it is
                out[-1] = Paragraph(f"{label.group(1).capitalize()}: {said}")
                continue
            out.append(b)
        return tuple(out)

    return _mapped(outline, joined)


# an admonition's label standing alone (`Note`, `WARNING:`)
_ADMONITION = re.compile(r"(note|warning|caution|important|tip|hint|attention|danger)\s*:?", re.IGNORECASE)
_NOTED = re.compile(r"(?:Added in|Changed in|Deprecated since) version \S+[.:]")
_NOTE_TEXT = re.compile(r"[A-Z][^\n]{0,300}[.!]")  # what changed, said in a sentence or a few


def _summaries(outline: Outline) -> Outline:
    return _rebuilt(outline, lambda b: _values_nested(_summary(_glyph_list(_info_fields(b)))))


# a docstring's info field (Sphinx's `:param source: The file.`, `:returns: ...`, `:raises
# FrobError: ...`): its kind, its name, its text up to the next field
_INFO_FIELD = re.compile(r":(param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|except|exception)"
                         r"(?: ([\w.*]+))?: ")


def _info_fields(b: Block) -> Block:
    """A paragraph of a docstring's info fields (`:param source: The source file.
    :param dest: The destination.`, read as one run of text) as the definition list
    they are: each parameter by its name, a return or raise by its kind."""
    if not isinstance(b, Paragraph) or _INFO_FIELD.match(b.text) is None:
        return b
    found = list(_INFO_FIELD.finditer(b.text))
    entries = []
    for n, field in enumerate(found):
        text = b.text[field.end():found[n + 1].start() if n + 1 < len(found) else len(b.text)].strip()
        kind, name = field.group(1), field.group(2)
        term = name if name and kind in _PARAMETER_FIELDS else f"{_FIELD_NAMES.get(kind, kind)} {name or ''}".strip()
        entries.append(Term(term, (Paragraph(text),) if text else ()))
    return Terms(tuple(entries))


_PARAMETER_FIELDS = frozenset({"param", "parameter", "arg", "argument", "key", "keyword"})
_FIELD_NAMES = {"type": "Type of", "return": "Returns", "returns": "Returns", "rtype": "Return type", "raise": "Raises",
                "raises": "Raises", "except": "Raises", "exception": "Raises"}


_GLYPH_ITEM = re.compile(r"(?:^|\s)[o•·▪◦] (?=[A-Z0-9])")  # `o Creation of keys o Public key operations`
MIN_GLYPH_ITEMS = 3


def _glyph_list(b: Block) -> Block:
    """A paragraph that is a bullet list run together (a converter kept pod2man's `o`
    bullets as letters and joined the items into one line: `o Creation of keys o Public
    key operations o ...`) as the list it is: it opens with the glyph, and each item
    after it starts with a capital or a digit."""
    if not isinstance(b, Paragraph) or not re.match(r"[o•·▪◦] [A-Z0-9]", b.text):
        return b
    items = [part.strip() for part in _GLYPH_ITEM.split(b.text) if part.strip()]
    if len(items) < MIN_GLYPH_ITEMS:
        return b
    return ItemList(tuple(Item(item) for item in items))


def _is_option(term: str) -> bool:
    return term.startswith(("-", "+")) and len(term) > 1


def _values_nested(b: Block) -> Block:
    """An option list whose entry ends by introducing values (`error-behavior can be
    one of the following:`) and goes on with entries that are no options (`continue`,
    `remount-ro`, `panic`) set at the options' own margin: those entries are that
    option's values, nested under it, up to the next option."""
    if not isinstance(b, Terms) or not any(_is_option(t.term) for t in b.entries):
        return b
    out: list[Term] = []
    values: list[Term] = []
    owner: Term | None = None

    def close() -> None:
        nonlocal owner, values
        if owner is not None:
            out.append(Term(owner.term, owner.body + ((Terms(tuple(values)),) if values else ())))
        owner, values = None, []

    for term in b.entries:
        if owner is not None and not _is_option(term.term):
            values.append(term)
            continue
        close()
        last = term.body[-1] if term.body else None
        if _is_option(term.term) and isinstance(last, Paragraph) and last.text.endswith(":"):
            owner = term
        else:
            out.append(term)
    close()
    return Terms(tuple(out)) if len(out) < len(b.entries) else b
