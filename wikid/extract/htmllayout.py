"""Layout HTML rewritten as the structure it draws, before it becomes markdown.

groff's HTML output (`man -Thtml`, `groff -mandoc -Thtml`) and other converters of
typeset documents draw a tagged paragraph -- an option and what it does, a bullet
and its text -- with layout, not with a list:

* a borderless table whose rows hold at most two non-empty cells, the rest spacer
  cells (`<td width="11%"></td><td>-v</td><td></td><td>Verbose.</td>`); a long tag
  gets a row of its own and its description the next row;
* a run of paragraphs indented by `style="margin-left: N%"`, the tag at one indent
  and its description's paragraphs deeper (`margin-left:11%` `--verbose, -v`, then
  `margin-left:22%` paragraphs).

Converted as they are, the first becomes a four-column markdown table with two empty
columns and wrapped text on extra rows, the second loses which paragraph belongs to
which option. Both are rewritten in the DOM into what they mean: `<ul>` when every
tag is a bullet glyph, `<ol>` when every tag is a number, else `<dl>` (markdownify
writes `term` / `:   description`, which the markdown reader reads as a definition
list). A table with a header cell, or a row of three or more filled cells, is data and
is left alone.

groff also draws its no-fill text (`.nf`: examples, scripts, synopsis lines) as
layout: lines in one indented table cell each, or lines of one paragraph split by
`<br>`. Converted as they are, the first becomes a table with an empty column, the
second lines whose first character (`> foo.gz`, `# comment`) a markdown reader takes
for a quote or a heading. Both become `<pre>`: the table where every row holds one
line in the same cell after a spacer; the paragraph when its lines are short and
none ends a sentence, or when it is one line of code a colon introduces (`... as in:`),
and only in groff's own output (its generator meta tag), where
`<br>` means no-fill -- elsewhere a line-broken paragraph is as often an address or
a verse. Pure functions of a parsed tree.
"""

from __future__ import annotations

import itertools
import re

from bs4 import BeautifulSoup, NavigableString, PageElement, Tag

from wikid.document.linekinds import COMMENT, is_prose_line
from wikid.document.sentences import is_sentence

BULLETS = frozenset({"o", "•", "·", "*", "-", "+", "◦", "▪", "●", "○", "–", "—"})
_NUMBER = re.compile(r"^\(?\d{1,3}[.)]?$")
_MARGIN = re.compile(r"margin-left:\s*(\d+(?:\.\d+)?)\s*%")
_ALIAS_TITLE = re.compile(r"^([A-Za-z_]\w*) = ((?:class )?[A-Za-z_][\w.]*\(.*\))$")
MAX_TAG_CHARS = 120  # a longer "tag" paragraph is prose, not the head of a description
MAX_SENTENCE_TAG_CHARS = 80  # a sentence as a tag among tags (a manual's diagnostic message)
MAX_OPTION_TAG_CHARS = 240  # an option's forms, one after another
_CODE = re.compile(r"[{}\[\]<>|$=]|^-|\s-{1,2}\w|\w/\w")  # braces, a redirection, a variable, an option, a path or URL
MAX_LINE_CHARS = 100
MAX_SHORT_FORM_CHARS = 24  # `-C`, `-o file`: an option's short form alone over its long form
MIN_RUN_ON_WORDS = 6  # a sentence this long ending on a lower-case word runs on into the line after it
_COMMENT_LINE = re.compile(r"^(?:#|//) ")  # a comment in a script, its sentence ended or not
MIN_SPACED_LINES = 2  # line breaks an element drawing preformatted text with `&nbsp;` has at least
MIN_NBSP_SHARE = 0.8  # of its spaces, how many are `&nbsp;`
PROSE_SHARE = 0.6  # a paragraph with a hanging indent: this share of its lines read as prose
MIN_BROKEN_TERMS = 2
_DASHED_TERM = re.compile(r"([\w.+-]{1,30}) - (\S.*)")  # `utf8only - only UTF8Strings are used`
MIN_ASSIGNMENT_LINES = 3
MIN_BROKEN_CODE_LINES = 3
STRONG_CODE_SHARE = 0.8  # ... of lines that are code, when no sentence introduces them as an example
_INTRODUCES = re.compile(r"(?::|\bexamples?\b[^.:]*[.:]?)$", re.IGNORECASE)  # `Here an example.`, `... lines:`
_REQUEST = re.compile(r"^\.[A-Za-z]{1,3}(?:\s|$)")  # a roff request line (`.TS`, `.de ATABLE`)
_CLOSING = {".TS": ".TE", ".EQ": ".EN", ".PS": ".PE", ".de": ".."}  # a roff request's closing one
MAX_ROFF_TABLES = 4  # layout tables groff made of one piece of roff input's data lines
_ASSIGNMENT = re.compile(r"[A-Za-z_][\w.]* = \S")  # `ACK = 6`
CODE_SHARE = 0.5  # a piece of spaced text this much code is shown as code whole
_CODE_MARKS = re.compile(r"[{}();=<>|\\`\[\]]|^(?:import|from|def|class|return) ")
_STRONG_CODE_MARKS = re.compile(r"[{};=<>|\\`\[\]]")
_COLUMNS = re.compile(r"\S {3,}\S")  # words set in columns (`Idle   _CS_IDLE   None`)
MAX_DOTTED_CODE_WORDS = 3
MAX_LABEL_WORDS = 6  # `Example:`, `For example, to list them:` over the lines it introduces  # a longer cell is a wrapped paragraph, not a line of no-fill text


def _text(tag: Tag) -> str:
    return " ".join(tag.get_text(" ").split())


def _cells(row: Tag) -> list[Tag]:
    return list(row.find_all(["td", "th"], recursive=False))


def _rows(table: Tag) -> list[Tag]:
    rows = table.find_all("tr", recursive=False)
    for section in table.find_all(["tbody", "thead", "tfoot"], recursive=False):
        rows += section.find_all("tr", recursive=False)
    return rows


def _layout_entries(table: Tag) -> list[tuple[Tag | None, Tag | None]] | None:
    """(tag cell, description cell) per row of a layout table, or None when the table
    is data: a header cell, three filled cells in a row, or no spacer column."""
    rows = _rows(table)
    if not rows or table.find("th") is not None or table.find("table") is not None:
        return None
    grid = [_cells(r) for r in rows]
    width = max(len(cells) for cells in grid)
    if width < 2:
        return None
    filled = [[bool(_text(c)) or c.find("img") is not None for c in cells] for cells in grid]
    if any(sum(f) > 2 for f in filled) or not any(sum(f) == 2 for f in filled):
        return None
    columns = [any(f[n] for f in filled if n < len(f)) for n in range(width)]
    if all(columns):
        return None  # no spacer column: a two-column table of data
    used = [n for n in range(width) if columns[n]]
    tag_column, text_column = used[0], used[-1]
    out: list[tuple[Tag | None, Tag | None]] = []
    for cells, f in zip(grid, filled, strict=True):
        kept = [n for n in range(len(cells)) if f[n]]
        if not kept:
            continue
        if len(kept) == 2:
            out.append((cells[kept[0]], cells[kept[1]]))
        elif kept[0] == tag_column and tag_column != text_column:
            out.append((cells[kept[0]], None))
        else:
            out.append((None, cells[kept[0]]))
    return out


def _lone_cell(table: Tag) -> bool:
    """Whether a table has one row whose only filled cell follows a spacer (groff sets
    a tag wider than its column so, its text in the paragraphs after the table)."""
    rows = _rows(table)
    if len(rows) != 1 or table.find(["th", "table", "img"]) is not None:
        return False
    filled = [n for n, cell in enumerate(_cells(rows[0])) if _text(cell)]
    return len(filled) == 1 and filled[0] > 0


def _nofill_lines(table: Tag) -> list[str] | None:
    """The lines of a table that draws indented no-fill text (every row one short line
    in the same cell, after a spacer cell), or None."""
    rows = _rows(table)
    if not rows or table.find(["th", "table", "img"]) is not None:
        return None
    lines: list[str] = []
    column: int | None = None
    for row in rows:
        cells = _cells(row)
        filled = [n for n, cell in enumerate(cells) if _text(cell)]
        if not filled:
            continue
        if len(filled) != 1 or filled[0] == 0 or (column is not None and filled[0] != column):
            return None
        column = filled[0]
        line = cells[column].get_text().strip("\n")
        if "\n" in line.strip() or len(line) > MAX_LINE_CHARS:
            return None
        lines.append(line.rstrip())
    return lines or None


def _pre(soup: BeautifulSoup, lines: list[str]) -> Tag:
    pre = soup.new_tag("pre")
    pre.string = "\n".join(lines)
    return pre


def _broken_lines(paragraph: Tag) -> list[str]:
    """A paragraph's lines as its `<br>`s split them."""
    lines: list[str] = []
    line: list[str] = []
    for child in paragraph.descendants:
        if isinstance(child, Tag) and child.name == "br":
            lines.append("".join(line))
            line = []
        elif isinstance(child, NavigableString):
            line.append(str(child))
    lines.append("".join(line))
    return [" ".join(text.split()) for text in lines if text.strip()]


def _opening_bold(paragraph: Tag) -> tuple[Tag, Tag] | None:
    """(the bold element, the break after it) when a paragraph opens with bold text
    over a line break (`<b>FILES</b> <br>~/.rhosts`), else None."""
    first = _first_child(paragraph)
    brk = first.find_next_sibling() if isinstance(first, Tag) else None
    if not isinstance(first, Tag) or first.name not in ("b", "strong") or not isinstance(brk, Tag) or brk.name != "br":
        return None
    return first, brk


def _run_in_title(soup: BeautifulSoup, paragraph: Tag, base: float) -> bool:
    """A paragraph at the text's margin that opens with a title in bold on a line of
    its own (`<b>CTest Start Step</b> <br>Start a new dashboard ...`, a rubric a
    manual's converter set so), the options it is about after it or not (`<b>Frob
    Options [-d] [-c]</b> <br>`, the bold running on past the break or stopping inside
    the brackets), becomes that title as a heading over its text: read as a term, the
    title took every section after it for its description. Whether it did."""
    opened = _opening_bold(paragraph)
    first = opened[0] if opened is not None else _first_child(paragraph)
    if not isinstance(first, Tag) or first.name not in ("b", "strong") or (_margin(paragraph) or 0.0) > base:
        return False
    brk = opened[1] if opened is not None else paragraph.find("br")
    if not isinstance(brk, Tag):
        return False
    before = [n for n in itertools.takewhile(lambda node: node is not brk, paragraph.descendants)
              if isinstance(n, NavigableString)]
    title = " ".join("".join(before).split())
    if not _RUN_IN_TITLE.fullmatch(title):
        return False  # (text between the title and its break: the bold opens a sentence)
    rest = " ".join("".join(str(x) for x in brk.find_all_next(string=True) if x.find_parent("p") is paragraph).split())
    if not (rest[:1].isupper() or rest.split(" ")[0].islower()):
        return False
    heading = soup.new_tag("h3")
    heading.string = title
    for node in before:
        node.extract()
    brk.extract()
    for tag in paragraph.find_all(True):
        if not tag.get_text().strip() and tag.name != "br" and not tag.find(True):
            tag.decompose()  # (the bold the title was, emptied)
    paragraph.insert_before(heading)
    return True


def _lone_title(soup: BeautifulSoup, paragraph: Tag, base: float) -> None:
    """A paragraph that is a bold title alone, at the text's margin, among run-in
    titles (`<b>Other Options</b>` after `<b>Frob Options</b> <br>...`): the last of
    their headings, at their level (the markdown read it as one level deeper)."""
    first = _first_child(paragraph)
    if isinstance(first, Tag) and first.name in ("b", "strong") and _text(first) == _text(paragraph) \
            and (_margin(paragraph) or 0.0) <= base and _RUN_IN_TITLE.fullmatch(_text(paragraph)):
        heading = soup.new_tag("h3")
        heading.string = _text(paragraph)
        paragraph.replace_with(heading)


def _first_child(paragraph: Tag) -> PageElement | None:
    return next((c for c in paragraph.children if not (isinstance(c, NavigableString) and not c.strip())), None)


# A title: two to six capitalised words (small words between them), no punctuation,
# then the options it is about (`Frob Options [-d] [-c]`, `Set= Option [-s]`).
_RUN_IN_TITLE = re.compile(r"[A-Z][\w=-]*(?: (?:[A-Z][\w=-]*|of|the|and|or|for|to|in|on|via|with|a|an)){1,5}"
                           r"(?: \[-?\w[^\[\]]{0,30}\])*")


def _bold_first_line(paragraph: Tag) -> bool:
    """Whether the paragraph opens with a bold line: a run-in heading over its text
    (`<b>8. Built-in functions</b><br>String functions`), not no-fill lines."""
    for child in paragraph.descendants:
        if isinstance(child, Tag) and child.name == "br":
            return True
        if isinstance(child, NavigableString) and child.strip() and child.find_parent(["b", "strong"]) is None:
            return False
    return False


def _nofill(lines: list[str]) -> bool:
    """Lines of a `<br>`-broken paragraph that are no-fill text: several, each short,
    none the end of a sentence but a comment's (`# Force the priority to critical.`
    over a command); a heading over its prose, a copyright notice of two sentences,
    stay prose."""
    return len(lines) >= 2 and all(len(line) <= MAX_LINE_CHARS and (not line.endswith(".") or _COMMENT_LINE.match(line))
                                   for line in lines)


_ADDRESS = re.compile(r"<?\b(?:(?:https?|ftp)://\S+|www\.\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>?")


def _address_lines(lines: list[str]) -> bool:
    """Whether the lines of a `<br>`-broken paragraph each give an address with a few
    words of what it is (`Report bugs to: bug-frob@example.org`, `Frob home page:
    <https://frob.example/>`, `Jane Roe <jane@example.org> and`): contacts, not
    no-fill code, though an address's brackets and slashes look like code."""
    def labelled(line: str) -> bool:
        rest = _ADDRESS.sub(" ", line)
        words = rest.replace(":", " ").replace(",", " ").split()
        return rest != line and len(words) <= MAX_LABEL_WORDS + 2 and all(re.fullmatch(r"[\w.'’()-]+", w) for w in words)
    return len(lines) >= 2 and all(labelled(line) for line in lines)


def _contacts(soup: BeautifulSoup, paragraph: Tag, lines: list[str]) -> Tag:
    """What address lines say: running text when each line runs on into the next
    (`Jane Roe <jane@...> and` over `John Doe <john@...>`) or ends a sentence, else a
    list of them (`Report bugs to: ...` over `Frob home page: ...`)."""
    if all(line.endswith((" and", ",", " or", ".", ";")) for line in lines[:-1]):
        for brk in paragraph.find_all("br"):
            brk.replace_with(" ")
        return paragraph
    listed = soup.new_tag("ul")
    for line in lines:
        item = soup.new_tag("li")
        item.string = line
        listed.append(item)
    return listed


def _introduced_example(paragraph: Tag) -> bool:
    """A one-line paragraph of code that the paragraph before introduces (`... as in:`
    over `"http://site.{one,two}.com"`, or a sentence that runs on into it: `...
    created using the command` over `mke2fs -O journal_dev external-journal`): groff
    sets it at the text's own indent."""
    before = paragraph.find_previous_sibling()
    text = _text(paragraph)
    said = _text(before) if isinstance(before, Tag) and before.name == "p" else ""
    runs_on = len(said.split()) >= MIN_RUN_ON_WORDS and said.split()[-1].isalpha() and said.split()[-1].islower()
    # (a short line of code may end with a dot: a table format, `|l r|.`)
    ends = not text.endswith((".", ".)")) or (_STRONG_CODE_MARKS.search(text) is not None
                                              and len(text.split()) <= MAX_DOTTED_CODE_WORDS)
    return (said.endswith(":") or runs_on) \
        and bool(text) and len(text) <= MAX_LINE_CHARS and ends and _CODE.search(text) is not None


def _displayed_example(paragraph: Tag) -> bool:
    """A one-line paragraph of code set deeper than the prose on both sides of it (a
    manual's example after a paragraph that ended its sentence: `... (as for other
    programs).`, then `rsync -avz foo:src/bar /data/tmp`, then what it does): groff
    indents a displayed example. The text of an option's entry stands deeper too, but
    under its tag, which ends no sentence; and a sentence aside is no example
    (`(Relevant only for -v and -l.)`)."""
    before, after = paragraph.find_previous_sibling(), _next_paragraph(paragraph)
    margin = _margin(paragraph)
    if not isinstance(before, Tag) or before.name != "p" or after is None or margin is None:
        return False
    said, text = _text(before), _text(paragraph)
    return margin > (_margin(before) or 0.0) and margin > (_margin(after) or 0.0) and said.endswith((".", ".)", ":")) \
        and bool(text) and len(text) <= MAX_LINE_CHARS and not text.endswith((".", ".)")) and _CODE.search(text) is not None


def _is_groff(soup: BeautifulSoup) -> bool:
    generator = soup.find("meta", attrs={"name": "generator"})
    return isinstance(generator, Tag) and "groff" in str(generator.get("content") or "").lower()


def _moved(soup: BeautifulSoup, name: str, source: Tag) -> Tag:
    """A new `name` element holding the children of `source`."""
    element = soup.new_tag(name)
    for child in list(source.contents):
        element.append(child.extract())
    return element


def _indent(table: Tag) -> float | None:
    """How far a layout table's entries stand in: its first spacer cell's width
    (`<td width="22%"></td>`), or None."""
    rows = _rows(table)
    first = _cells(rows[0])[:1] if rows else []
    width = str(first[0].get("width") or "") if first and not _text(first[0]) else ""
    return float(width[:-1]) if re.fullmatch(r"\d+(?:\.\d+)?%", width) else None


def _text_column(table: Tag) -> float | None:
    """Where a layout table's descriptions stand: the widths of the cells before its
    last filled cell, in its first row of two filled cells (`11%` + `3%` + `4%`: 18;
    a spacer cell after the text, as groff sets a row beside a nested list, does not
    count), or None."""
    for row in _rows(table):
        cells = _cells(row)
        filled = [n for n, c in enumerate(cells) if _text(c)]
        if len(filled) == 2:
            widths = [str(c.get("width") or "") for c in cells[:filled[-1]]]
            if all(re.fullmatch(r"-?\d+(?:\.\d+)?%", w) for w in widths):
                return sum(float(w[:-1]) for w in widths)
            return None
    return None


def _picture(element: Tag) -> bool:
    """A paragraph that holds only a picture (groff draws a tbl table or an equation
    as one: `<p align="center"><img src="grohtml-3.png"></p>`)."""
    return element.name == "p" and element.find("img") is not None and not _text(element)


def _continues(element: PageElement | None, column: float) -> bool:
    """Whether what follows a list of options still belongs to its last entry: a
    paragraph at the descriptions' margin (not a tag over text of its own), or set
    deeper (a numbered or bulleted sub-list's first marker, groff sets over its table);
    an example set deeper; a layout table standing at the margin or deeper (a sub-list);
    a picture between any of these."""
    if not isinstance(element, Tag):
        return False
    if _picture(element):
        return _continues(element.find_next_sibling(), column)
    if element.name == "table":
        indent = _indent(element)
        return indent is not None and indent >= column - 1 and _layout_entries(element) is not None
    margin = _margin(element)
    if element.name == "pre":
        return margin is not None and margin >= column - 1
    if element.name != "p" or margin is None:
        return False
    if abs(margin - column) <= 1:
        return not _over_deeper(element)
    return margin > column + 1 and not _is_tag_over(element)


def _is_tag_over(paragraph: Tag) -> bool:
    """A deeper paragraph that is a tag (`-x` over its text) rather than a sub-list's
    marker: its text is no bullet or number and a paragraph deeper still follows it."""
    text = _text(paragraph)
    return _over_deeper(paragraph) and text not in BULLETS and not _NUMBER.match(text)


def _take_continuations(drawn: Tag, column: float) -> None:
    """What follows a list of options drawn from a layout table and stands at its
    descriptions' margin or deeper (`Before version 5.0, the split between -e and -E
    ...` after `-E`'s row; the bullets `-q`'s text introduces; an example; a picture):
    the last option's text going on, moved into it. (Other lists -- numbered, keyed by
    letters -- are left as groff set them: their text after them is read by
    `_rewrite_run` with the paragraphs around it.)"""
    options = drawn.name == "dl" and all(_text(t).startswith(("-", "+")) for t in drawn.find_all("dt", recursive=False))
    last = drawn.find_all("dd", recursive=False)[-1:] if options else \
        drawn.find_all("li", recursive=False)[-1:] if drawn.name == "ul" else []
    sibling = drawn.find_next_sibling()
    while last and isinstance(sibling, Tag) and _continues(sibling, column):
        following = sibling.find_next_sibling()
        last[0].append(sibling.extract())
        sibling = following


def _unfolded_entry(soup: BeautifulSoup, table: Tag, entries: list[tuple[Tag | None, Tag | None]]) -> bool:
    """Whether a layout table of one entry whose text goes on after it was set back as
    the tag paragraph groff drew it from: its tag at the table's indent, its text at
    its text column. groff draws a tag paragraph as a table only when the tag is short
    (`S\\n` among `O<device>` and `L<whence>`, each over paragraphs), so read as
    paragraphs it is one entry with what follows at its text column or deeper (its
    `Arguments` over `None`, its `Reply`), as its siblings are, by `_rewrite_run`."""
    indent, column = _indent(table), _text_column(table)
    if len(entries) != 1 or indent is None or column is None:
        return False
    tag, text = entries[0]
    if tag is None or text is None or _text(tag) in BULLETS or _NUMBER.match(_text(tag)) \
            or _text(tag).startswith(("-", "+")):
        return False  # (a list's one item: its marker is no tag; an option's text goes on by `_take_continuations`)
    after = table.find_next_sibling()
    at_text = isinstance(after, Tag) and after.name == "p" and (_margin(after) or 0.0) >= column - 1
    if not (at_text or _continues(after, column)):
        return False
    head = _moved(soup, "p", tag.find("p") or tag)
    head["style"] = f"margin-left:{indent:g}%"
    table.insert_before(head)
    paragraphs = text.find_all("p") or [text]
    for paragraph in paragraphs:
        said = _moved(soup, "p", paragraph)
        said["style"] = f"margin-left:{column:g}%"
        table.insert_before(said)
    table.decompose()
    return True


def _next_bullet(soup: BeautifulSoup, drawn: Tag) -> None:
    """The bullet groff set in the last row of a nested list's table (nm's `•` after
    the symbol types, in the second item's text) with the paragraph after the table:
    the next item of the bulleted list the nested one stands in -- or of a new one."""
    text = drawn.find_next_sibling()
    if not isinstance(text, Tag) or text.name != "p":
        return
    item = soup.new_tag("li")
    item.append(text.extract())
    holder = drawn.parent
    if isinstance(holder, Tag) and holder.name == "li" and isinstance(holder.parent, Tag) and holder.parent.name == "ul":
        holder.insert_after(item)
    else:
        listed = soup.new_tag("ul")
        listed.append(item)
        drawn.insert_after(listed)


def _key_before_sentence(soup: BeautifulSoup, head: Tag) -> Tag | None:
    """A tag paragraph that is a key set in italics or bold, then its sentence (`<i>xx.x%</i>
    Percentage of the input saved.`): the sentence taken out, as the first paragraph of
    the entry's text, the key left; else None."""
    first = _first_child(head)
    if not isinstance(first, Tag) or first.name not in ("i", "b", "em", "strong"):
        return None
    rest = list(first.next_siblings)
    text = " ".join("".join(str(x) if isinstance(x, NavigableString) else x.get_text() for x in rest).split())
    if not text[:1].isupper():
        return None
    said = soup.new_tag("p")
    for node in rest:
        said.append(node.extract())
    return said


def _resumed(drawn: Tag, column: float, columns: dict[int, tuple[Tag, float]]) -> bool:
    """Whether a definition list drawn from a layout table went on one drawn before it,
    now moved into that one: the earlier list ends the last item of the list before
    this one, or stands right before it, with only paragraphs at its text column after
    it (the last entry's text going on), and its text column is this one's. groff
    breaks a list so when an entry's text has paragraphs (nm's symbol types after `i`),
    setting the rest further left, where it read as a list of its own outside the item.
    The paragraphs join the earlier list's last entry; the lists around, if both
    bulleted, are one again."""
    before = drawn.find_previous_sibling()
    items = before.find_all("li", recursive=False) if isinstance(before, Tag) and before.name in ("ul", "ol") else []
    # what stands last before the list, nearest first: the end of the last item of a list, else the elements before it
    backwards = reversed(list(items[-1].children)) if items else drawn.previous_siblings
    going_on: list[Tag] = []
    earlier: Tag | None = None
    for part in (p for p in backwards if isinstance(p, Tag)):
        if part.name != "p" or (margin := _margin(part)) is None or abs(margin - column) > 1:
            earlier = part
            break
        going_on.insert(0, part)
    if earlier is None or earlier.name != "dl" or id(earlier) not in columns or abs(columns[id(earlier)][1] - column) > 1:
        return False
    last = earlier.find_all("dd", recursive=False)[-1:]
    if not last:
        return False
    for paragraph in going_on:
        last[0].append(paragraph.extract())
    for child in list(drawn.contents):
        earlier.append(child.extract())
    after, before = drawn.find_next_sibling(), drawn.find_previous_sibling()
    drawn.decompose()
    if isinstance(before, Tag) and isinstance(after, Tag) and before.name == after.name == "ul":
        for item in after.find_all("li", recursive=False):
            before.append(item.extract())
        after.decompose()
    return True


def _after_entry(before: PageElement | None) -> bool:
    """Whether what stands before a layout table ends a definition list: a `<dl>`, or a
    paragraph under a tag paragraph set left of it (groff's `server name` over its text)."""
    if not isinstance(before, Tag):
        return False
    tag = before.find_previous_sibling()
    return before.name == "dl" or (before.name == "p" and isinstance(tag, Tag) and tag.name == "p" and _over_deeper(tag))


def _list_of(soup: BeautifulSoup, entries: list[tuple[Tag | None, Tag | None]], after_terms: bool = False) -> Tag:
    """The `<ul>`, `<ol>` or `<dl>` that layout entries draw; a description with no tag
    continues the entry before it, a tag with no description takes the next one (in a
    `<dl>`, as another name of the next entry, stacked over one text). One entry keyed
    by a dash right after a definition list (`after_terms`) is that list's next term
    (`-` for "the control connection's address" after `interface` and `host name`)."""
    tags = [_text(t) for t, _ in entries if t is not None]
    kind = "ul" if tags and all(t in BULLETS for t in tags) and not (after_terms and tags == ["-"]) else \
        "ol" if tags and all(_NUMBER.match(t) for t in tags) else "dl"
    out = soup.new_tag(kind)
    if kind == "ol" and (first := re.search(r"\d+", tags[0])) is not None and first.group() != "1":
        out["start"] = first.group()  # a list groff set one row a table goes on at its own number
    current: Tag | None = None  # the <li> or <dd> a continuation joins
    waiting = False  # a <dt> was written whose <dd> has not come yet
    for tag, text in entries:
        if tag is not None:
            if kind == "dl" and waiting and text is not None and out.contents:
                stacked = out.contents[-1]  # `"B"` with no text over `"b"` and its text: one entry's names
                assert isinstance(stacked, Tag)
                stacked.string = f"{_text(stacked)}, {_text(tag)}"
                current = None
            elif kind == "dl":
                out.append(_moved(soup, "dt", tag))
                current, waiting = None, True
            else:
                current, waiting = soup.new_tag("li"), False
                out.append(current)
        if text is None:
            continue
        if current is None:
            current = soup.new_tag("dd" if kind == "dl" else "li")
            out.append(current)
        elif not waiting and current.contents:
            current.append(" ")  # a wrapped line of the same description
        for child in list(text.contents):
            current.append(child.extract())
        waiting = False
    return out


def _named_also(tag_paragraph: Tag, names: list[str]) -> None:
    """The other names of an entry, set before its tag: `-C` to `--demangle`."""
    tag_paragraph.insert(0, ", ".join(names) + ", ")


def _stack_last_tag(drawn: Tag) -> None:
    """A definition list's last term with no text, over an indented tag paragraph with
    its text (`-C` in the option table's last row, then `--demangle` and what it does):
    that paragraph's other name, moved there."""
    last = drawn.contents[-1] if drawn.name == "dl" and drawn.contents else None
    after = drawn.find_next_sibling()
    if isinstance(last, Tag) and last.name == "dt" and isinstance(after, Tag) and after.name == "p" \
            and _over_deeper(after) and len(_text(last)) <= MAX_SHORT_FORM_CHARS:
        _named_also(after, [_text(last)])
        last.decompose()


def _margin(tag: Tag) -> float | None:
    found = _MARGIN.search(str(tag.get("style") or ""))
    return float(found.group(1)) if found else None


def _next_paragraph(paragraph: Tag) -> Tag | None:
    after = paragraph.find_next_sibling()
    return after if isinstance(after, Tag) and after.name == "p" else None


def _heads_entry(paragraph: Tag, base: float) -> bool:
    """Whether a paragraph with no margin of its own (groff draws an mdoc list's tags
    so: `<p><b>-4</b></p>`) is the tag of the paragraphs after it: they stand deeper
    than the text of the page's sections (`base`), and it does not read as a title."""
    after = _next_paragraph(paragraph)
    margin = _margin(after) if after is not None else None
    text = _text(paragraph)
    if _margin(paragraph) is not None or margin is None or margin <= base or not _is_tag(text):
        return False
    # `SYNOPSIS` over its indented forms is a section's title; `HOME` in a list of such entries a tag
    return not text[0].isupper() or _beside_entry(paragraph, margin, base)


def _over_deeper(paragraph: Tag) -> bool:
    """Whether an indented paragraph is a tag over text indented deeper (`size=journal-size`
    over what it sets), not no-fill text."""
    margin, after = _margin(paragraph), _next_paragraph(paragraph)
    deeper = _margin(after) if after is not None else None
    return margin is not None and deeper is not None and deeper > margin and _is_tag(_text(paragraph))


def _beside_entry(paragraph: Tag, margin: float, base: float) -> bool:
    """Whether another margin-less paragraph with its text at `margin` under it stands
    next to this entry: after this entry's text, or before this paragraph."""
    for forward in (True, False):
        sibling: Tag | None = paragraph
        while sibling is not None:  # None only once it broke out below
            found = sibling.find_next_sibling() if forward else sibling.find_previous_sibling()
            sibling = found if isinstance(found, Tag) else None
            if sibling is None or sibling.name not in ("p", "pre") or (_margin(sibling) or 0.0) <= base:
                break  # past the entry's text
        after = _next_paragraph(sibling) if sibling is not None and sibling.name == "p" and _margin(sibling) is None else None
        if after is not None and _margin(after) == margin:
            return True
    return False


def _is_tag(text: str) -> bool:
    """A paragraph's text short enough to be a tag (an option's forms may be long:
    `-L port:host:hostport -L local_socket:remote_socket`), not a sentence nor holding
    one (`~.` is a tag)."""
    limit = MAX_OPTION_TAG_CHARS if text.startswith(("-", "+")) else MAX_TAG_CHARS
    return 0 < len(text) <= limit and not (" " in text and text.endswith((".", ":"))) and ". " not in text


def _split_title(soup: BeautifulSoup, paragraph: Tag) -> None:
    """A section title groff set on the line before the first tag of the list under it
    (`<b>FILES</b> <br>~/.rhosts`): the title becomes a paragraph of its own."""
    opened = _opening_bold(paragraph)
    if opened is None:
        return
    first, brk = opened
    title = _text(first)
    if not title or title.upper() != title or not title[0].isalpha():
        return
    head = soup.new_tag("p")
    head.append(first.extract())
    brk.extract()
    paragraph.insert_before(head)


def _split_tag(soup: BeautifulSoup, paragraph: Tag) -> None:
    """A tag groff set on the last line of the paragraph before its text (`See also
    -k. <br>--digest` over the text of --digest): the lines before it become a
    paragraph of their own, with the same style."""
    breaks = paragraph.find_all("br")
    if not breaks:
        return
    last = breaks[-1]
    before = next((s for s in last.find_all_previous(string=True) if s.strip()), None)  # the text right before it
    ours = before is not None and before.find_parent("p") is paragraph
    leads_in = ours and before.strip().endswith(":")  # type: ignore[union-attr]
    # a clause before the break (`The output is organized in the following columns <br>Destination`)
    # runs into the tag only when groff set no blank line between them
    clause = ours and len(" ".join(str(s) for s in last.find_all_previous(string=True)
                                   if s.find_parent("p") is paragraph).split()) >= MIN_RUN_ON_WORDS
    if _is_tag(_text(paragraph)) and not leads_in and not clause:
        return  # (a lead-in, `Configuration settings include: <br>BuildDirectory`, is no part of the tag)
    while last.parent is not paragraph and last.parent is not None and not last.find_previous_siblings(
            string=lambda text: bool(text.strip())) and not last.find_previous_siblings(True):
        last.parent.insert_before(last.extract())  # `<b><br>--backup</b>`: the break opens the bold tag
    strings = [s for s in last.find_all_next(string=True) if s.find_parent("p") is paragraph]
    tail = " ".join(str(s) for s in strings)
    if not tail.strip() or not _is_tag(" ".join(tail.split())) \
            or not (tail.strip().startswith(("-", "+")) or _bold_over_text(paragraph, strings) or _tag_follows(paragraph)):
        return
    head = soup.new_tag("p")
    if paragraph.get("style"):
        head["style"] = paragraph["style"]
    for child in list(paragraph.contents):
        if child is last:
            break
        head.append(child.extract())
    last.extract()
    paragraph.insert_before(head)


def _tag_follows(paragraph: Tag) -> bool:
    """Whether, past the deeper text after it, the next paragraph at this one's margin
    is a tag over deeper text of its own: this paragraph opens a list of such entries
    (a manual's DIAGNOSTICS: `Usage: frob [-v] file` after the exit status's sentence,
    then `file: not in frob format` over what it means)."""
    after = _next_paragraph(paragraph)
    following = _next_paragraph(after) if after is not None else None
    return following is not None and _margin(following) == _margin(paragraph) and _over_deeper(following)


def _bold_over_text(paragraph: Tag, strings: list[NavigableString]) -> bool:
    """Whether the text after a paragraph's last break is names in bold (`<b><br>
    input_password</b>, <b>output_password</b>`) over a paragraph set deeper: the tag of
    the entry whose text follows, not the end of the sentence before it."""
    after = paragraph.find_next_sibling()
    deeper = isinstance(after, Tag) and after.name == "p" and (_margin(after) or 0.0) > (_margin(paragraph) or 0.0)
    plain = "".join(str(s) for s in strings if s.find_parent(["b", "strong"]) is None)
    return deeper and any(s.strip() for s in strings) and not plain.replace(",", "").replace(" or ", " ").strip()


def _indented_runs(parent: Tag, base: float) -> list[list[Tag]]:
    """Runs of sibling `<p>`s of `parent` that each have a margin-left or head an entry
    (see `_heads_entry`), with the lists of layout tables among them, in order."""
    runs: list[list[Tag]] = []
    run: list[Tag] = []
    for child in parent.children:
        if isinstance(child, Tag):
            if (child.name == "p" and (_margin(child) is not None or _heads_entry(child, base))) \
                    or (child.name == "pre" and run) \
                    or (child.name in ("dl", "ul", "ol") and run and _margin(child) is not None):
                run.append(child)  # (no-fill lines, a layout table's entries: in the text of an entry)
                continue
            if run:
                runs.append(run)
            run = []
        elif str(child).strip():
            if run:
                runs.append(run)
            run = []
    if run:
        runs.append(run)
    return runs


def _rewrite_run(soup: BeautifulSoup, run: list[Tag], base: float) -> None:
    """Tag paragraphs (a short one at an indent, deeper ones after it) made a `<dl>`;
    every paragraph keeps its place and its text. A tag with no margin of its own
    stands where the sections' text does (`base`)."""
    n = 0
    previous_tagged = False
    while n < len(run):
        head = run[n]
        margin = _margin(head)
        margin = base if margin is None else margin
        body: list[Tag] = []
        m = n + 1
        while m < len(run) and ((_margin(run[m]) or 0.0) > margin or (run[m].name == "pre" and body)
                                or _after_list(run[m], body, margin)):
            body.append(run[m])
            m += 1
        nxt = run[m] if m < len(run) else None
        if not body and nxt is not None and head.name == "p" and nxt.name == "p" and _margin(nxt) == _margin(head) \
                and _text(head).startswith("-") and len(_text(head)) <= MAX_SHORT_FORM_CHARS and _is_tag(_text(nxt)):
            _named_also(nxt, [_text(head)])  # `-C` over `--demangle` and its text: one option's two forms
            head.decompose()
            n += 1
            continue
        # no-fill lines are no tag; a short sentence is one among tags (`frob: Corrupt input. Use frobcat.`
        # between `frob: not in frob format` and `frob: already has .fr suffix`, each over its meaning),
        # not one over a list (`9. Reading and writing ...` over its statements: a numbered title)
        tagged = bool(body) and head.name == "p" and (_is_tag(_text(head)) or (
            len(_text(head)) <= MAX_SENTENCE_TAG_CHARS and previous_tagged
            and not any(b.name in ("dl", "ul", "ol", "table") or b.find(["dl", "table"]) for b in body)))
        previous_tagged = tagged
        if tagged:
            dl = soup.new_tag("dl")
            head.insert_before(dl)
            for brk in head.find_all("br"):
                brk.replace_with(" ")  # a tag groff wrapped (`-D <br>[bind_address:]port`) is one term
            said = _key_before_sentence(soup, head) if not _is_tag(_text(head)) else None
            dl.append(_moved(soup, "dt", head))
            dd = soup.new_tag("dd")
            dl.append(dd)
            if said is not None:
                dd.append(said)
            for paragraph in body:
                dd.append(paragraph.extract())
            head.decompose()
            for inner in _indented_runs(dd, base):  # entries within the entry's text
                if len(inner) >= 2:
                    _rewrite_run(soup, inner, base)
        n = m if tagged else n + 1  # a sentence over deeper text: the entries may be in it


def _after_list(paragraph: Tag, body: list[Tag], margin: float) -> bool:
    """Whether a paragraph at an entry's own margin still belongs to it: groff sets the
    text after a list nested in an entry back at the entry's margin (an option's `If
    --level is given twice, ...` after its values' list); the next entry is a tag over
    deeper text, this is not."""
    return paragraph.name == "p" and _margin(paragraph) == margin and any(b.name in ("dl", "ul", "ol") for b in body) \
        and not _over_deeper(paragraph)


def _section_parts(table: Tag) -> tuple[str, list[Tag]] | None:
    """(title, content cells) of a table that draws a titled section -- its first row
    one cell spanning the table with a short title, each other row one filled cell
    beside spacers (pydoc's HTML: `Functions` over a cell of the functions' entries,
    `class Frob(builtins.object)` over its members) -- or None."""
    rows = _rows(table)
    if len(rows) < 2 or table.find("th") is not None:
        return None
    head = _cells(rows[0])
    title = " ".join(head[0].get_text().split()) if len(head) == 1 else ""  # `class Frob(Base)`: no space in it
    if (alias := _ALIAS_TITLE.match(title)) is not None:
        title = f"{alias.group(2)} (alias {alias.group(1)})"  # `error = class Frob(Base)`: a second name, no code
    span = str(head[0].get("colspan") or "") if head else ""
    if not title or len(title) > MAX_TAG_CHARS or not span.isdigit() or int(span) < 2:
        return None  # (a colspan that is no number, `3;`, spans nothing)
    content: list[Tag] = []
    for row in rows[1:]:
        filled = [c for c in _cells(row) if _text(c) or c.find(["img", "table"]) is not None]
        if len(filled) > 1:
            return None
        content += filled
    return (title, content) if content else None


def _unfold_sections(soup: BeautifulSoup, root: Tag) -> None:
    """Tables that draw titled sections become a heading over their content, innermost
    first, the heading one level deeper for each section table around it: read as a
    table, a section's entries were one cell and its title a term over all of them."""
    for table in reversed(root.find_all("table")):
        parts = _section_parts(table)
        if parts is None:
            continue
        title, content = parts
        depth = sum(1 for t in table.find_parents("table") if _section_parts(t) is not None)
        heading = soup.new_tag(f"h{min(2 + depth, 6)}")
        heading.string = title
        table.insert_before(heading)
        for cell in content:
            for child in list(cell.contents):
                table.insert_before(child.extract())
        table.decompose()


def _spaced_lines(span: Tag) -> list[str] | None:
    """The lines of an inline element that draws preformatted text with `&nbsp;` for
    its spaces and `<br>` for its line breaks (pydoc's HTML docstrings), or None."""
    if span.find("br") is None or span.find(["p", "div", "pre", "table", "ul", "ol", "dl"]) is not None:
        return None
    parts: list[str] = []
    for node in span.descendants:
        if isinstance(node, NavigableString):
            parts.append(str(node))
        elif isinstance(node, Tag) and node.name == "br":
            parts.append("\n")
    raw = "".join(parts)
    spaces = raw.count(" ") + raw.count("\xa0")
    if raw.count("\n") < MIN_SPACED_LINES or raw.count("\xa0") < MIN_NBSP_SHARE * spaces:
        return None
    return [line.replace("\xa0", " ").rstrip() for line in raw.replace("\n\n", "\n").split("\n")]


def _drawn(line: str) -> bool:
    """A line of preformatted text set as drawn: indented, a prompt's, or in columns."""
    return line.startswith("  ") or line.lstrip().startswith(">>>") or _COLUMNS.search(line.strip()) is not None


def _coded(line: str) -> bool:
    """A line of code at the text's margin: a comment, or no prose and code's characters."""
    return COMMENT.match(line) is not None or (not is_prose_line(line) and _CODE_MARKS.search(line) is not None)


def _runs_into(chunk: list[str], opening: int) -> bool:
    """Whether the last line or two of a piece of spaced text, set deeper from `opening`
    on, are the end of the sentence the line above them broke off (`... does not add
    automatically an` over `   'Accept-Encoding:' header`): a docstring's hanging
    indent, not a drawing."""
    if not 0 < opening < len(chunk) or len(chunk) - opening > MAX_HANGING_LINES:
        return False
    above = chunk[opening - 1].split()[-1] if chunk[opening - 1].split() else ""
    return above.isalpha() and above.islower() and not any(
        x.lstrip().startswith((">>>", "* ", "- ", "+ ")) or _COLUMNS.search(x.strip()) for x in chunk[opening:])


MAX_HANGING_LINES = 2


def _paragraph(soup: BeautifulSoup, lines: list[str]) -> Tag:
    paragraph = soup.new_tag("p")
    paragraph.string = " ".join(" ".join(lines).split())
    return paragraph


def _unfold_spaced(soup: BeautifulSoup, root: Tag) -> None:
    """Inline elements drawing preformatted text (see `_spaced_lines`) become its
    paragraphs and, where lines stand deeper than the text's margin or hold an
    interpreter's prompt, its preformatted blocks: read as they were, an ASCII diagram
    and a doctest session became one run of words."""
    for span in root.find_all("span"):
        lines = _spaced_lines(span)
        if lines is None:
            continue
        margin = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
        chunks: list[list[str]] = [[]]
        for line in lines:
            if line.strip():
                chunks[-1].append(line[margin:])
            elif chunks[-1]:
                chunks.append([])
        blocks: list[Tag] = []
        for chunk in filter(None, chunks):
            if blocks and blocks[-1].name == "pre" and all(_coded(x) or _drawn(x) for x in chunk):
                blocks[-1].string = f"{blocks[-1].get_text()}\n\n" + "\n".join(chunk)  # the example goes on
                continue
            introduced = bool(blocks) and blocks[-1].name == "p" and _text(blocks[-1]).endswith(":")
            # (a sentence wrapped onto a line that names a call, `in frob().`, is no code)
            wrapped = any(is_prose_line(x) for x in chunk) and is_sentence(" ".join(" ".join(chunk).split()))
            if (len(chunk) > 1 or introduced) and sum(_coded(x) for x in chunk) >= CODE_SHARE * len(chunk) and not wrapped:
                # (`# set up ...` over code; `Example usage:` over `import frob`)
                blocks.append(_pre(soup, chunk))
                continue
            opening = next((n for n, x in enumerate(chunk) if _drawn(x)), len(chunk))
            hanging = (opening == 1 and not chunk[0].endswith(":")
                       and sum(is_prose_line(x) for x in chunk) >= PROSE_SHARE * len(chunk)) or _runs_into(chunk, opening)
            if hanging:  # `Note: this ...` over the rest of its sentences, indented
                blocks.append(_paragraph(soup, chunk))
                continue
            if opening:  # `This diagram presents the following rules:` over them
                blocks.append(_paragraph(soup, chunk[:opening]))
            if opening < len(chunk):
                blocks.append(_pre(soup, chunk[opening:]))
        holder = span.parent if isinstance(span.parent, Tag) and span.parent.name == "p" \
            and not _text(span.parent).replace(_text(span), "").strip() else span
        for block in blocks:
            holder.insert_before(block)
        holder.decompose()


def _broken_assignments(soup: BeautifulSoup, root: Tag) -> None:
    """An element whose lines (cut by `<br>`) each set a name to a value (pydoc's
    data: `<strong>ACK</strong> = 6<br><strong>BEL</strong> = 7<br>...`) becomes those
    lines as code: read as text, they were one run (`ACK = 6 BEL = 7 BS = 8 ...`)."""
    for holder in root.find_all(["td", "p", "dd", "div"]):
        if len(holder.find_all("br", recursive=False)) < MIN_ASSIGNMENT_LINES - 1:
            continue
        lines = [" ".join(line.split()) for line in holder.get_text("").split("\n") if line.strip()] \
            if not holder.find(["p", "div", "table", "pre", "ul", "ol", "dl"]) else []
        if len(lines) >= MIN_ASSIGNMENT_LINES and all(_ASSIGNMENT.match(line) for line in lines):
            holder.clear()
            holder.append(_pre(soup, lines))


def _broken_code(soup: BeautifulSoup, root: Tag) -> None:
    """A paragraph whose lines (cut by `<br>`) are code, not prose (groff's own manual
    sets its troff examples so: `.eo<br>.de ATABLE ..<br>.TS<br>allbox tab(;);<br>...`),
    becomes those lines as code: read as text, they were one line of words. All of it
    when it opens and closes with a roff request (`.TS` ... `.TE`); half its
    lines code when a sentence introduces it or it holds roff requests, else most: an
    option's forms (`-D<br>[<br>bind_address:]port`) and a list of authors with their
    addresses stay text."""
    for paragraph in root.find_all("p"):
        if len(paragraph.find_all("br")) < MIN_BROKEN_CODE_LINES - 1 or paragraph.find(["p", "div", "table", "pre"]):
            continue
        lines = _broken_lines(paragraph)
        if len(lines) < MIN_BROKEN_CODE_LINES or any(len(x) > MAX_LINE_CHARS for x in lines) \
                or sum(is_prose_line(x) for x in lines) > len(lines) * (1 - PROSE_SHARE):
            continue
        before = paragraph.find_previous_sibling()
        if _REQUEST.match(lines[0]) and (_REQUEST.match(lines[-1]) or lines[-1] == ".."):
            coded = True  # roff input from its opening request to its closing one (`.TS` ... `.TE`, `.de X` ... `..`)
        elif (before is not None and before.name == "p" and _INTRODUCES.search(_text(before)) is not None) \
                or sum(_REQUEST.match(x) is not None for x in lines) > 1:
            coded = sum(_coded(x) or _REQUEST.match(x) is not None for x in lines) >= CODE_SHARE * len(lines)
        else:  # (parentheses alone are an address's, `Colin Watson (cjwatson@debian.org).`)
            coded = sum(not is_prose_line(x) and _STRONG_CODE_MARKS.search(x) is not None for x in lines) \
                >= STRONG_CODE_SHARE * len(lines)
        if coded:
            paragraph.replace_with(_pre(soup, lines))


def _roff_across_tables(soup: BeautifulSoup, root: Tag) -> None:
    """Roff input groff set in pieces: its opening request in a paragraph (`.TS<br>c c
    c .`), the data lines as a layout table (a tab-separated `This  is  centered` is
    cells), its closing request in a paragraph of its own (`.TE`) -- one piece of code,
    the table's rows its lines, their cells as the tabs that separated them."""
    for paragraph in root.find_all("p"):
        lines = _broken_lines(paragraph) if not paragraph.decomposed else []
        closing = _CLOSING.get(lines[0].split()[0]) if lines and _REQUEST.match(lines[0]) else None
        if closing is None or any(x.split()[0] == closing for x in lines[1:]):
            continue
        pieces: list[Tag] = []
        sibling = paragraph.find_next_sibling()
        while isinstance(sibling, Tag) and sibling.name == "table" and len(pieces) < MAX_ROFF_TABLES:
            pieces.append(sibling)
            lines += ["\t".join(text for cell in _cells(row) if (text := _text(cell))) for row in _rows(sibling)]
            sibling = sibling.find_next_sibling()
        if not pieces or not isinstance(sibling, Tag) or sibling.name != "p" or _broken_lines(sibling)[:1] != [closing]:
            continue
        lines.append(closing)
        for piece in [*pieces, sibling]:
            piece.decompose()
        paragraph.replace_with(_pre(soup, [line for line in lines if line]))


def _broken_terms(soup: BeautifulSoup, root: Tag) -> None:
    """A paragraph whose lines after its first (cut by `<br>`) each name a value and
    say what it means (`utf8only - only UTF8Strings are used`, `pkix - any string type
    ...`) becomes its opening sentence over a definition list: read as text, the values
    ran together (`... values: utf8only - only ... pkix - any ...`)."""
    for paragraph in root.find_all("p"):
        if len(paragraph.find_all("br")) < MIN_BROKEN_TERMS:
            continue
        lines = _broken_lines(paragraph)
        entries = [_DASHED_TERM.match(x) for x in lines[1:]]
        if len(entries) < MIN_BROKEN_TERMS or not all(entries):
            continue
        dl = soup.new_tag("dl")
        for entry in entries:
            assert entry is not None
            term, text = soup.new_tag("dt"), soup.new_tag("dd")
            term.string, text.string = entry.group(1), entry.group(2)
            dl.append(term)
            dl.append(text)
        opening = soup.new_tag("p")
        opening.string = lines[0]
        if paragraph.get("style"):
            opening["style"] = dl["style"] = paragraph["style"]
        paragraph.insert_before(opening)
        paragraph.replace_with(dl)


def _quoted_small_caps(root: Tag) -> None:
    """A quote right before a `<small>` name without the space groff set between them:
    pod2man's `"\\s-1KEY GENERATION OPTIONS\\s0"` reads `See " KEY GENERATION OPTIONS"`."""
    for small in root.find_all("small"):
        before = small.previous_sibling
        if isinstance(before, NavigableString) and (quoted := _OPEN_QUOTE_SPACE.search(str(before))) is not None:
            before.replace_with(str(before)[: quoted.start() + 1])


_OPEN_QUOTE_SPACE = re.compile(r"[\"“]\s+$")


def rewrite_layout(soup: BeautifulSoup, root: Tag) -> None:
    """Rewrite the layout tables and indented tag paragraphs under `root` in place
    (see the module docstring)."""
    _quoted_small_caps(root)
    _broken_assignments(soup, root)  # (while a section's data still stands in its own cell)
    _broken_terms(soup, root)
    _broken_code(soup, root)
    _roff_across_tables(soup, root)
    _unfold_sections(soup, root)
    _unfold_spaced(soup, root)
    margins = [m for p in root.find_all("p") if (m := _margin(p)) is not None]
    base = min(margins, default=0.0)
    # the definition lists drawn, by id: each with its text column (the list kept too: an id names one object only while it lives)
    columns: dict[int, tuple[Tag, float]] = {}
    for table in root.find_all("table"):
        if _lone_cell(table) and _heads_entry(table, base):
            tag = soup.new_tag("p")  # one cell over an indented paragraph: an entry's tag
            tag.string = " ".join(table.get_text().split())
            table.replace_with(tag)
            continue
        after = table.find_next_sibling()
        if _lone_cell(table) and isinstance(after, Tag) and after.name == "p" and _over_deeper(after):
            # `-D` alone in a row over the `--dynamic` paragraph and its deeper text: one option's forms
            _named_also(after, [" ".join(table.get_text().split())])
            table.decompose()
            continue
        lines = _nofill_lines(table)
        if lines and isinstance(after, Tag) and after.name == "p" and _over_deeper(after) \
                and all(line.strip().startswith("-") and len(line.strip()) <= MAX_SHORT_FORM_CHARS for line in lines):
            _named_also(after, [line.strip() for line in lines])  # `-A` and `-o` over `--print-file-name`
            table.decompose()
            continue
        if lines:
            table.replace_with(_pre(soup, lines))
            continue
        entries = _layout_entries(table)
        if entries and _unfolded_entry(soup, table, entries):
            continue
        if entries:
            before = table.find_previous_sibling()
            if entries[0][0] is None and isinstance(before, Tag) and before.name == "p" \
                    and (_NUMBER.match(_text(before)) or _text(before) in BULLETS):
                entries[0] = (before.extract(), entries[0][1])  # groff set the first row's `1` or `•` above the table
            last_tag, last_text = entries[-1]
            trailing = None
            if len(entries) > 1 and last_tag is not None and last_text is None and _text(last_tag) not in BULLETS \
                    and all(t is None or _text(t) in BULLETS for t, _ in entries[:-1]):
                # bullets, then the next entry's tag groff set in their table (a `Site` after
                # its `•` rows): the tag heads the text after the table, as a tag paragraph does
                entries, trailing = entries[:-1], _moved(soup, "p", last_tag)
            next_item = len(entries) > 1 and last_tag is not None and last_text is None and _text(last_tag) in BULLETS \
                and not all(t is None or _text(t) in BULLETS for t, _ in entries[:-1])
            if next_item:  # entries, then the next bullet of the list they stand in, its text after the table
                entries = entries[:-1]
            column = _text_column(table)  # (before the list takes the cells' contents)
            drawn = _list_of(soup, entries, _after_entry(before))
            if (indent := _indent(table)) is not None:
                drawn["style"] = f"margin-left:{indent:g}%"  # where it stands: in the text of the entry above it
                if trailing is not None:
                    trailing["style"] = f"margin-left:{indent:g}%"
            table.replace_with(drawn)
            if trailing is not None:
                drawn.insert_after(trailing)
            _stack_last_tag(drawn)
            if next_item:
                _next_bullet(soup, drawn)
            elif trailing is None and column is not None:
                _take_continuations(drawn, column)
            if drawn.name == "dl" and column is not None and not _resumed(drawn, column, columns):
                columns[id(drawn)] = (drawn, column)
    for paragraph in root.find_all("p"):
        after = _next_paragraph(paragraph)
        if after is None or (_margin(after) or 0.0) <= max(base, _margin(paragraph) or 0.0):
            continue
        if _margin(paragraph) is None:
            _split_title(soup, paragraph)
        _split_tag(soup, paragraph)
    if _is_groff(soup):
        for paragraph in root.find_all("p"):
            after = _next_paragraph(paragraph) if not paragraph.decomposed else None
            if after is not None and _text(paragraph).endswith(("[", "(")):
                paragraph.append(" ")  # `... specified as either [` / `user@ ]hostname ...`: one sentence
                for child in list(after.contents):
                    paragraph.append(child.extract())
                after.decompose()
        titled = [_run_in_title(soup, paragraph, base) for paragraph in root.find_all("p")]
        for paragraph in root.find_all("p") if any(titled) else ():
            _lone_title(soup, paragraph, base)
        for paragraph in root.find_all("p"):
            if _heads_entry(paragraph, base) or _over_deeper(paragraph):
                continue  # an entry's tag, not an example
            if paragraph.find("br") is not None and _address_lines(broken := _broken_lines(paragraph)):
                if (said := _contacts(soup, paragraph, broken)) is not paragraph:
                    paragraph.replace_with(said)
            elif paragraph.find("br") is not None and not _bold_first_line(paragraph) and _nofill(broken):
                if broken[0].endswith(":") and len(broken[0].split()) <= MAX_LABEL_WORDS:
                    label = soup.new_tag("p")  # `Example:` over its command: a sentence, then the code
                    label.string = broken.pop(0)
                    if paragraph.get("style"):  # at the paragraph's indent: still the text of the entry above
                        label["style"] = paragraph["style"]
                    paragraph.insert_before(label)
                paragraph.replace_with(_pre(soup, broken))
            elif _introduced_example(paragraph) or _displayed_example(paragraph):
                paragraph.replace_with(_pre(soup, [_text(paragraph)]))
    parents = {id(p.parent): p.parent for p in root.find_all("p") if p.parent is not None and _margin(p) is not None}
    for parent in parents.values():
        for run in _indented_runs(parent, base):
            if len(run) >= 2:
                _rewrite_run(soup, run, base)
