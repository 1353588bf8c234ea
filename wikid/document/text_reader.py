"""Plain text read by its layout: headings, paragraphs, lists, tagged paragraphs, code.

No library reads plain text the way its authors lay it out (docutils and CommonMark
misread it: an indented man-page paragraph is a code block to CommonMark), so this
module reads the conventions themselves, in time linear in the text:

* headings: ATX `#` lines; a line underlined with `===`/`---`; flush-left ALL-CAPS
  lines of a few words (man pages, plain-text manuals: `NAME`, `EXIT STATUS`); in an
  emacs outline file (a line starting `** `), lines starting with stars; in a text
  whose body is indented, a short line standing out to the left of it (a man page's
  subsection, `   Option styles`);
* list items: `-`, `*`, `+`, `•`, `○`, `o`, `1.`, `1)`, `a)` markers; an item holds the
  lines indented under it, nested lists and examples included;
* tagged paragraphs (a man page's options, `Q:`/`A:` pairs, a glossary): a short line
  with the lines under it indented further, or a tag and its text on one line when
  the next lines line up under the text; they become a definition list;
* tables: three or more lines of one indentation whose columns line up (gaps of two
  spaces or more at the same places) under a header row of capitalised names;
* code: lines indented further than the paragraph before them when that paragraph
  ends with a colon (`... as follows:`) or when they read like code, never prose;
* paragraphs: lines of one indentation, joined; a word hyphenated at a line break is
  joined again.

Running page headers are stripped before (furniture.strip_page_furniture); `## Page N`
lines are page breaks, not headings. An emacs `Local Variables:` block and mode lines
(`-*- outline -*-`) are how to edit the file, not what it says.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from wikid.document.dates import parse_date
from wikid.document.furniture import without_editor_settings
from wikid.document.linekinds import ASSIGNMENT, COMMENT, PROMPT, SENTENCE_START, SIGNATURE, is_prose_line, is_session
from wikid.document.model import (
    Block,
    Code,
    Heading,
    Item,
    ItemList,
    Outline,
    Paragraph,
    Table,
    Term,
    Terms,
    build,
    straight_code,
)
from wikid.document.sentences import goes_on

_PAGE = re.compile(r"^## Page \d+\s*$")
_ATX = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_RULED_TITLE = re.compile(r"^([-=*~#])\1{3,} +(\w.{1,60}?) +\1{4,}$")  # a title between two rules
_UNDERLINE = re.compile(r"^\s*([=\-~^*#+\"])\1{2,}\s*$")
# a short code and its sentence: `0 Successful ...`, `6 Username/password ...`, `-v Verbose ...`, `?a True if ...`
# (its sentence may be one word: `Q Queries.`, `c Crimson`)
_SHORT_TAG = re.compile(r"^(\d{1,3}|[A-Za-z]|--?\w[\w-]*|[?%:&@^][A-Za-z]{1,2}) (?=[A-Z][\w/'’-]*(?: |\.?$))")
MAX_EXAMPLE_LINES = 12
_CONJUNCTIONS = frozenset({"or", "and", "then", "else", "or:", "and:", "or else"})
_ARTICLES = frozenset({"A", "I"})  # one-letter tags that open a sentence as often as they name a key
_SHORT_TERM = re.compile(r"^(?:\d{1,3}|[A-Za-z]|--?\w[\w-]*|(?:[A-Z]{2,5}|[CM])-\S{1,3})$")  # `ESC-n`, `C-x`: a key
# `-o logfile`, `--debug`, `--quick-gen-key user-id [algo [usage]]`: an option and its
# arguments (a capitalised word would start a description)
_OPTION_TAG = re.compile(r"^[-+]{1,2}[^\s+>-]\S*(?: (?![A-Z][a-z])\S+){0,4}$")
# an option, or an escape (`%h`, `\\n`); `->` is an arrow; a pager's `-+`, `--!` are options too
_OPTION = re.compile(r"^(?:[-+]{1,2}[^\s+>-]\S*|[%\\]\S{1,3}|-{1,2}[+!])$")
_LOWER_WORD = re.compile(r"^(?:\$|[\"'(‘“]?[a-z])")  # `the`, `$HOME`, `(the`
_BOX_RULE = re.compile(r"^[┌├└╔╠╚╒╞╘+][─━═┬┼┴╤╪╧╦╬╩┐┤┘╗╣╝╕╡╛+=-]+[┐┤┘╗╣╝╕╡╛+]$")  # `┌───┬───┐`, `+---+---+`
_BOX_ROW = re.compile(r"^[│┃║|].*[│┃║|]$")
_BOX_BAR = re.compile(r"\s*[│┃║|]\s*")
_NAME_CELL = re.compile(r"^[A-Z][A-Za-z0-9_%/.-]*$")  # a column's name: `Preset`, `DictSize`, `CompCPU`
_NUMBER = re.compile(r"^[-+~]?\d[\d.,]*$")
_UNIT = re.compile(r"^[A-Za-z]{1,4}$")  # `KiB`, `MB`, `ms`
MIN_SPACED_COLUMNS = 3
MAX_SPACED_COLUMNS = 8
MIN_SPACED_ROWS = 3
MAX_SPACED_CELL_CHARS = 12  # a cell before a single-spaced table's last column: one short value
_KEYWORD = re.compile(r"^[A-Z][A-Za-z0-9_]+$")  # a setting's or variable's name: `Port`, `HashKnownHosts`, `PATH`
_CAPS_KEYS = re.compile(r"[A-Z][A-Z0-9_]+(?:, [A-Z][A-Z0-9_]+)*")  # variables' names in capitals: `LANG`, `FROB_HOME, HOME`
_TAG_NOTE = re.compile(r"^\([^()]{1,60}\)$")  # `(alias: ls)` under a command's synopsis
_SPACED_RULE = re.compile(r"^\s*([-*_=~])(?: +\1){2,}\s*$")
_OUTLINE_STAR = re.compile(r"^(\*{1,6})\s+(\S.*)$")
_MARKER = re.compile(r"^(?:[-*+•○◦·▪‣⁃●]|o(?=\s)|\(?\d{1,3}[.)]|\(?[a-zA-Z]\)|[a-z]\.(?=\s))(\s+)(?=\S)")
_ORDERED = re.compile(r"^(?:\(?\d{1,3}[.)]|\(?[a-zA-Z]\)|[a-z]\.)")
# `-d  Decompress.`, `Q:  Why ...?`, `w file - Write ...`: a tag of at most 24 characters
# (bounded in the pattern, so a long line is not backtracked through), then a gap, or a
# dash between spaces before a capitalised description.
_JUSTIFY_GAP = re.compile(r"\w[,;:.)]? {2,}(?=\w)")
_DASH_SEPARATOR = re.compile(r" [-–—]")  # `tag - Text`, one space before the dash
# a tag of up to 40 characters set off by a gap, in a column of such tags (`min-time (or time-min)   Minimum ...`)
_LONG_INLINE_TAG = re.compile(r"^(\S(?:\S| (?! )){23,39})( {2,})(\S.*)$")
_INLINE_TAG = re.compile(r"^(\S(?:\S| (?! )(?![-–—] )){0,23})( {2,}(?:[-–—] +)?| [-–—] +(?=[A-Z])|\t)(\S.*)$")
_CODE_CHARS = re.compile(r"[{}();=$<>|\\`]|^\s*[#%$>] |:=|->|&&|\|\||/[\w.-]+/|\s'[^'\s]*/[^']*'(?=\s|$)")  # (`sed 's/a/b/g' file`)
_COLUMN_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
_SENTENCE_END = re.compile(r"[.!?:;,)\"'’”]$")
_QUESTION = re.compile(r"^(?:Q|Question)[:.]\s+(\S.*)$")
_ANSWER = re.compile(r"^(?:A|Answer)[:.]\s+(\S.*)$")
# A manual page's running header and footer: `ZSTD(1)   User Commands   ZSTD(1)`,
# `zstd 1.5.4   February 2023   ZSTD(1)`.
_MAN_HEADER = re.compile(r"^\S.*\S {3,}\S.*\S {3,}[\w.:+-]{1,60}\(\d\w{0,8}\)$")
# `Attendees: Maya, Jonas` stands on its own line; a key of at most four words (a
# sentence's colon, `There are two main versions of it: ...`, is no field)
_FIELD = re.compile(r"^(?=[A-Z][\w /&'().-]{0,40}?:\s)[A-Z][\w/&'().-]*(?: [\w/&'().-]+){0,3}:\s+\S")
_URL = re.compile(r"\b(?:https?|ftp)://|\bwww\.|@\S+\.\w")
MAX_LABEL_WORDS = 8
_CLOSERS = {"(": ")", "{": "}", "[": "]"}
MAX_CLOSING_CHARS = 12  # `);`, `} else {` closes what the line opening a bracket began
MAX_RUN_IN_HEADING_WORDS = 5
MAX_UNNAMED_PIECE = 3  # characters of a piece of a row in a column its table's header does not name
MAX_MARGIN_HEADING_CHARS = 80  # a heading in capitals at the margin (a manual's section)
MAX_MARGIN_HEADING_WORDS = 10
_HYPHENS = ("\u2010", "\u00ad")  # groff's break hyphen, a soft hyphen
# a section's heading a PDF ran onto the end of the line before it (a manual made from markdown)
# (one space before it: `configure      # RIGHT` is a comment set in a column of code)
_GLUED_HEADING = re.compile(r"(\S.*?\S) #{1,6} ([A-Z][A-Z0-9]*(?: [A-Z0-9&/-]+){0,5})$")
# an address its line broke: after its scheme, or inside the brackets a manual sets it in
_BROKEN_URL = re.compile(r"(?:\b(?:https?|ftp)://|[⟨<](?:https?|ftp)://[^\s⟩>]*[/.-])$")
MAX_HEADING_CHARS = 80
MAX_TAG_CHARS = 60
MAX_LONE_KEY_CHARS = 3  # keys run together in a paragraph away from a list of keys: each this short
KEY_WINDOW = 8  # lines looked through for the entry beside a bullet-like key
# `has(key)`, `map(x), map_values(x)`, `any, any(condition)`, `range(upto), range(from;upto) range(from;upto;by)`:
# names of a function's forms, a call among them, each after a comma or a call after a space
_CALL_TITLE = re.compile(r"^(?=.*\()[\w.$]+(?:\([^()]*\))?(?:, [\w.$]+(?:\([^()]*\))?|(?<=\)) [\w.$]+\([^()]*\))*$")
# `Comma: ,`, `Identity: .`, `Object Identifier-Index: .foo, .foo.bar`: a subsection named, then its syntax
_SYMBOL_TITLE = re.compile(r"^(?:[A-Z][\w/-]*(?: [\w/-]+){0,5}: (?:[^\w\s]+|\.[\w.\[\]]*\??)(?:, (?:[^\w\s]+|\.[\w.\[\]]*\??))*"
                           r"|\.[\w.]*\[\]\??)$")  # ... or the syntax alone (`.[]?`)
_NAME_RUN = re.compile(r"[^\s,]+(?:, [^\s,]+){0,4}")  # a value's name, or its names (`pax, posix`)
MAX_SUBSECTION_INDENT = 3  # a man page's subsection title; one further right over deeper text is a tag
COLON_TAG_WINDOW = 12  # lines around an option alone on its line searched for options ended by a colon
MAX_RUN_TAG_WORDS = 4  # a parameter's name in a list of them (`exclude from`)
MAX_STACKED_TAGS = 6  # names of one value stacked on their own lines (`e`, `expired`)
# one of them: a word or two, or a symbol (`-`, `?`, `undefined, undef`), no sentence
MAX_COMMAND_LINES = 6
MAX_RUN_IN_CHARS = 600  # a one-line entry's paragraph; a longer one is a list's lines run together
MAX_STACKED_TEXT_LINES = 8  # lines of the text under stacked names read for the first name
MAX_OVERFLOW = 2  # columns a tag wider than its list's column pushes its text right
MAX_COMMAND_CHARS = 40
_KEYS = re.compile(r"[^\s,]{1,12}(?:(?: or |, )[^\s,]{1,12})*")  # `ESC-SPACE`, `q or Q or :q or ZZ`: keys one does
_KEYS_RUN_IN = re.compile(r"(?![\w.-]+\(\d)([^\s,]{1,12}(?: or [^\s,]{1,12})*) (?=[A-Z][a-z'’]+\b)")  # keys, then their sentence
# (not a manual's running header, `LESS(1) General Commands Manual LESS(1)`)
_NEXT_KEY = re.compile(r"(?<=[.!?]) ([^\s\w]|[B-HJ-Za-z]|[^\s,]{1,3} or [^\s,]{1,12}) (?=[A-Z][a-z'’]+\b)")
_CODE_LINE = re.compile(r"#|//|;|\[[\w. \"-]+\]")  # a comment marker alone, a settings file's `[core]`
_OPEN_ADDRESS = re.compile(r"<[\w.+-]+(?:@|://)[^<>]*$")  # a line ending inside `<jane@example.org`, its `>` below
_ONE_COMMAND = re.compile(r"(?:[A-Z_][A-Z0-9_]*=\S+ )*[a-z][\w.+-]*(?: \S+){1,12}")  # `VAR=x frob -v file`
_SHELL_SYNTAX = re.compile(r"[\"'=$|<>]| -")  # a quoted or assigned value, a variable, a pipe, an option
_SET_COMMAND = re.compile(r"^(?:\./)?[a-z][\w.+-]*(?: \S+){1,7}$")  # a command and up to seven arguments
_COMMAND_ARGUMENT = re.compile(r"[\"'=$|<>]| --?\w| /\w| \w[\w.-]*/")  # shell syntax, an option or a path
_CONNECTIVES = frozenset({"or", "and"})  # a word alone between two examples
_COMMAND_LINE = re.compile(r"^(?:\./)?[a-z][\w.+-]*(?: \S+){0,3}$")  # `ls -al foo`: a command and its arguments
_QUOTED_KEY = re.compile(r'^"[^"\s]{1,3}"$')  # `"!"`: a flag character, quoted
_QUOTED_RUN_IN = re.compile(r'^("[^"\s]{1,3}")( )([A-Z]\S*(?: \S+)+)$')  # `"!" The symbol is ...`
_WORD_TERM = re.compile(r"^[a-z][a-z0-9_.+-]{0,30}$")  # `crc32`, `sha256`: a value's name among values
# a punctuation key and its name (`’ (Single quote.)`, `__ (Double underscore.)`)
_NAMED_KEY = re.compile(r"^((?:[^\w\s]|_){1,2} \([A-Z][\w -]{1,30}\.?\)) (?=[A-Z][a-z])")
_STACKED_TAG = re.compile(r"^(?:\"[^\"\s]{1,3}\"|[^\s.:;!?](?:[^\s:;!?]{0,30}[^\s.:;!?])?|[^\w\s]|[^\s,.:;!?]{1,20}, [^\s.:;!?]{1,20}"
                          r"|(?:~|\$\w+)?/[\w.$/-]{1,60}[\w/]"  # (a file's name, `frob.conf`; a path: `~/.frobrc`)
                          r"|[`‘]-{1,2}\w\S{0,60}['’`])$")  # (an option in a GNU quote: texinfo's `--enable-frob=X,...')
MAX_WRAPPED_TAG_CHARS = 200
MAX_WRAPPED_SYNOPSIS_CHARS = 320  # a synopsis groff wrapped inside its brackets (a manual's own line breaks stay)
MAX_TAG_LINES = 5
# names in a list, each a word or two or one with a note (`loud (or bold)`), a comma after each but the last
_NAMES = re.compile(r"[\w.=%#+-]+(?: [\w.=%#+-]+)?(?: \([^()]{1,20}\))?(?:, [\w.=%#+-]+(?: [\w.=%#+-]+)?(?: \([^()]{1,20}\))?)*,?")
MIN_TABLE_LINES = 3  # a header and two rows
MIN_STARRED_TITLES = 2  # flush-left `* Title` lines, each alone, that make a text an emacs outline
MAX_SHORT_KEY = 12  # characters of a key a lead-in's next lines open with, their texts aligned (`.err  Error`)
MIN_LOWER_HEADER_GAP = 4  # spaces before a lower-case column name (a justified line has two or three)
MAX_NUMBERED_TITLE_CHARS = 120  # a numbered question wrapped onto a second line
MAX_WRAPPED_WORDS = 8  # a numbered question's second line (`and then quit?`)
MAX_UNDERLINED_INDENT = 8  # a title underlined at its own indent, in a text indented as a whole
MIN_BOXED_LINES = 3  # lines opening with one `|` in a row: a box drawn around a notice
_BOX_MARGIN = re.compile(r"^\|(?: [^|]*)?$")
MIN_COMMENT_LINES = 3  # `#` lines in a row: a comment block, not headings
MIN_TREE_LINES = 3
MIN_WRAPPED_WORDS = 9  # a line this long that ends mid-sentence is prose wrapped, not a field's value
MIN_NUMBERED_TITLES = 3
_SECTION_NUMBERED = re.compile(r"^\d{1,3}[.)]?\s")
_LETTERED = re.compile(r"^[a-z][.)]\s")
_NUMBERED = re.compile(r"^((?:\d{1,3}\.){1,5}(?:\d{1,3})?)\s+([A-Z\"'(].*)$")  # `2.1. What is frob?`, `3 ...` no
_TREE_NODE = re.compile(r"^[A-Za-z_][\w.]*(?:\([\w., ]*\))?$")  # `enum.IntEnum(builtins.int, enum.ReprEnum)`
_PIECE = re.compile(r"\S+(?: \S+)*")  # words of a line set apart from others by two spaces or more
_HEADER_CELL = re.compile(r"^[A-Z][\w/()#%.-]*(?: [\w/()#%.-]+){0,3}$")  # `Variable name`, `Flag`
_MARKED_LINE = re.compile(r"^(?:>|=>|->|\*) \S")  # a line of an example its author points at
_LOWER_HEADER_CELL = re.compile(r"^[a-z][a-z0-9-]{0,11}$")  # `short`, `long`: a column named as its values are
# a command's synopsis as a tag: its name, then bracketed options (`new-window [-abdk]`)
_SYNOPSIS_TAG = re.compile(r"^[-+]{0,2}[a-z][\w.:=-]*\s.*\[-")


@dataclass
class _Line:
    indent: int
    text: str  # without the indentation


def _lines(text: str) -> list[_Line | None]:
    """Lines as (indent, text); None for a blank line; page breaks, mode lines and
    a trailing emacs Local Variables block removed; a heading glued to the end of a
    line (`... simpler: ## INVOKING JQ`) set on a line of its own."""
    raw = without_editor_settings(text.replace("\r\n", "\n").replace("\r", "\n")).split("\n")
    out: list[_Line | None] = []
    mended = False  # inside a page break that cut a sentence, or an entry from its text
    for n, line in enumerate(raw):
        if _PAGE.match(line):
            while out and out[-1] is None:
                out.pop()
            last = out[-1] if out else None
            after = next((x for x in raw[n + 1:] if x.strip() and not _MAN_HEADER.match(x)), "").expandtabs(8)
            margin = len(after) - len(after.lstrip(" "))
            # a sentence the break cut goes on; so does an example (its last line, `=> [1,2]`, is no
            # sentence) whose next line stands as deep, and a tag whose text stands deeper on the next
            # page (`frob-branch(1)` at a page's foot)
            worded = last is not None and last.text[:1].isalpha() and not _looks_like_code([last])
            # (a comma over a lower-case word goes on too: `... becomes [[0],[]],` over `and [[1,0],"b"].`)
            mended = last is not None and ((not _SENTENCE_END.search(last.text) and (worded or margin >= last.indent - 1))
                                           or (margin > last.indent + 1 and last.text[-1] not in ".!?:;,")
                                           or (last.text.endswith(",") and after.lstrip()[:1].islower()
                                               and abs(margin - last.indent) <= 1))
            if not mended:
                out.append(None)
            continue
        if _MAN_HEADER.match(line) or (mended and not line.strip()):
            continue
        line = line.expandtabs(8).rstrip()
        if _SPACED_RULE.match(line):
            line = ""  # `- - - - -`: a break between parts, like a blank line
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if mended and stripped[:1].islower() and out and out[-1] is not None:
            indent = out[-1].indent  # the sentence goes on at the next page's margin
        mended = False
        if not stripped and out and out[-1] is not None and out[-1].text.endswith(("[", "(")):
            continue  # `… as either [` then a blank line: a bracket opened is no paragraph's end
        if (glued := _GLUED_HEADING.match(stripped)) is not None:  # `… something simpler: ## INVOKING JQ`
            out += [_Line(indent, glued.group(1)), None, _Line(0, glued.group(2))]
            continue
        out.append(_Line(indent, stripped) if stripped else None)
    return _unboxed(out)


def _unboxed(lines: list[_Line | None]) -> list[_Line | None]:
    """The lines with a notice's box margin taken off: a run of MIN_BOXED_LINES lines
    that each open with one `|` (`| The latest release is at`), a box's side, not a
    table's cells, reads as the text inside it."""
    out = list(lines)
    k = 0
    while k < len(out):
        j = k
        while j < len(out) and (line := out[j]) is not None and _BOX_MARGIN.match(line.text):
            j += 1
        if j - k >= MIN_BOXED_LINES:
            for n in range(k, j):
                line = out[n]
                assert line is not None
                inner = line.text[1:]
                out[n] = _Line(line.indent + 1 + len(inner) - len(inner.lstrip()), inner.strip()) if inner.strip() else None
        k = max(j, k + 1)
    return out


def _is_caps_heading(line: _Line) -> bool:
    """A line in capitals that is a heading: short, or at the margin where a manual sets
    its sections however long (git's `FILE FORMATS, PROTOCOLS AND OTHER DEVELOPER
    INTERFACES`), when it ends no sentence."""
    text = line.text
    chars, words = (MAX_MARGIN_HEADING_CHARS, MAX_MARGIN_HEADING_WORDS) \
        if line.indent == 0 and not text.endswith((".", "!", "?")) else (50, 6)
    if len(text) > chars or len(text.split()) > words or text.upper() != text:
        return False
    letters = sum(c.isalpha() for c in text)
    return letters >= 3 and letters >= 0.6 * len(text.replace(" ", "")) and not _MARKER.match(text)


def _is_colon_tag(text: str) -> bool:
    """An option's forms ended by a colon, alone on their line (`--slurp/-s:`,
    `--compact-output / -c:`, `--arg name value:`), not a sentence."""
    words = text[:-1].split(" ")
    return text.endswith(":") and len(text) <= MAX_TAG_CHARS and _OPTION.match(words[0]) is not None \
        and not any(SENTENCE_START.match(w) for w in words[1:])


def _looks_like_code(lines: list[_Line]) -> bool:
    """Lines that read like code or a command, not prose."""
    worded = [is_prose_line(line.text) or _worded(line.text) for line in lines]
    prose = sum(worded)
    coded = sum(1 for line, words in zip(lines, worded, strict=True) if not words
                and (_CODE_CHARS.search(line.text) or not _SENTENCE_END.search(line.text)))
    return coded >= 0.6 * len(lines) and prose <= 0.3 * len(lines)


def _enumeration(block: list[_Line | None]) -> ItemList | None:
    """Paragraphs set apart that are the items of one sentence's enumeration, each
    ending with a comma or semicolon, one of them with `and` or `or` after it, the last
    with a full stop (`bug reports <bug-frob@example.org>;`, `general discussion
    <frob@example.org>; and`, `commit activity ...`): a list, though the addresses in
    them look like code. Else None."""
    paragraphs: list[list[str]] = [[]]
    for line in block:
        if line is None:
            paragraphs.append([])
        else:
            paragraphs[-1].append(line.text)
    items = [joined_lines(p) for p in paragraphs if p]
    if len(items) < MIN_ENUMERATED or not items[-1].endswith(".") \
            or not all(_ENUMERATED.search(item) for item in items[:-1]) \
            or not any(item.endswith((" and", " or")) for item in items[:-1]):
        return None
    return ItemList(tuple(Item(item) for item in items))


_ENUMERATED = re.compile(r"[;,](?: and| or)?$")
MIN_ENUMERATED = 2


def _worded(text: str) -> bool:
    """A line of words a sentence or a list's item runs through (`general discussion
    <frob@example.org>; and`, `ports changes to frob's source code by its`): five words
    or more, nearly all of them plain words, no shell or program syntax."""
    tokens = text.split()
    plain = sum(1 for t in tokens if _PLAIN_WORD.fullmatch(t))
    return plain >= MIN_WORDED and plain >= WORDED_SHARE * len(tokens) and not _PROGRAM_MARKS.search(text)


_PLAIN_WORD = re.compile(r"[(\"'‘“]?[A-Za-z][a-z'’-]*[)\"'’”,;:.]*")
_PROGRAM_MARKS = re.compile(r"[{}=|$<>\\]|^\s*[#/.-]|\(\)")
MIN_WORDED = 5
WORDED_SHARE = 0.75


def _is_hash_line(line: _Line | None) -> bool:
    return line is not None and line.text.startswith("#") and line.text.lstrip("#")[:1] in ("", " ")


def joined_lines(lines: list[str]) -> str:
    """Lines of one paragraph as one string: a break after a hyphen joins the word, a
    break inside an address after its slash joins the address; an Info manual's cross
    references are said in words (`_info_references`)."""
    out = ""
    for line in lines:
        if out.endswith(_HYPHENS):
            out = out[:-1] + line
        elif _BROKEN_URL.search(out):
            out += line  # `⟨http://` over `www.example.org/frob/⟩`: one address
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() \
                and (line[:1].islower() or (out[-2].isupper() and line[:1].isupper())):
            out += line  # `mul-` `tiple`, `HP-` `UX`
        else:
            out = f"{out} {line}" if out else line
    return _info_references(" ".join(out.split()))


def _info_references(text: str) -> str:
    """A text with an Info manual's cross references said in words, as Texinfo wrote
    them: `*Note Tilde Expansion::` (its @xref) reads `See “Tilde Expansion”`, `(*note
    Optional Features::)` (its @pxref) `(see “Optional Features”)`, `under *note Tilde
    Expansion::` (its @ref) `under “Tilde Expansion”`, one opening a sentence as its
    @xref; `*note : (autoconf.info)Running
    configure scripts,` names the node of another manual, `“Running configure scripts”
    in the autoconf manual`. Info's reader follows them; a page's sees only the marks."""
    def said(m: re.Match[str]) -> str:
        node = (m.group("node") or m.group("node2")).strip()
        where = f"“{node}” in the {m.group('file')} manual" if m.group("file") else f"“{node}”"
        opens = m.group("mark") == "*Note" or (not m.group("open") and re.search(r"(?:^|[.!?]\s+)$", text[:m.start()]))
        see = "See " if opens else "see " if m.group("open") else ""
        return f"{m.group('open')}{see}{where}"
    return _INFO_REFERENCE.sub(said, text)


_INFO_REFERENCE = re.compile(r"(?P<open>\(?)(?P<mark>\*[Nn]ote)\s+(?:[^:*()]*?:\s*\((?P<file>[\w.-]+?)(?:\.info)?\)"
                             r"(?P<node>[^.,:()]+)|(?P<node2>[^:*()]+?)::)")


class _Reader:
    def __init__(self, lines: list[_Line | None], outline_mode: bool, body_indent: int) -> None:
        self.lines = lines
        self.outline_mode = outline_mode
        # sections numbered in two levels or more (`2.1. ...` after a blank line, MIN_NUMBERED_TITLES of them)
        self.numbered_levels = sum(
            1 for k, line in enumerate(lines) if line is not None and line.indent == 0 and (k == 0 or lines[k - 1] is None)
            and (m := _NUMBERED.match(line.text)) is not None and "." in m.group(1).rstrip(".")) >= MIN_NUMBERED_TITLES
        self.body_indent = body_indent  # where a man page's text stands (0 when flush left)

    def in_comment_block(self, i: int, end: int) -> bool:
        """Whether line `i` is a comment, not a heading: one of a run of
        MIN_COMMENT_LINES `#` lines with no blank between them (a file's closing `# This
        file is free software; ...` notice, an editor's `# Local Variables:`), or of a
        run over the command it explains (`# Double space a file` over `frob G file`)."""
        first = last = i
        while first > 0 and _is_hash_line(self.lines[first - 1]):
            first -= 1
        while last + 1 < end and _is_hash_line(self.lines[last + 1]):
            last += 1
        after = self.lines[last + 1] if last + 1 < end else None
        return last - first + 1 >= MIN_COMMENT_LINES or (
            after is not None and after.indent == self.lines[last].indent  # type: ignore[union-attr]
            and _looks_like_code([after]))

    def next_filled(self, i: int, end: int) -> int:
        while i < end and self.lines[i] is None:
            i += 1
        return i

    # -- headings (top level only) ------------------------------------------------
    def heading(self, i: int, end: int, previous_blank: bool) -> tuple[Heading, int] | None:
        line = self.lines[i]
        assert line is not None
        nxt = self.lines[i + 1] if i + 1 < end else None
        if line.indent <= 3 and (atx := _ATX.match(line.text)) and not self.in_comment_block(i, end):
            return Heading(atx.group(2), len(atx.group(1))), i + 1
        if self.outline_mode and line.indent == 0 and (star := _OUTLINE_STAR.match(line.text)):
            return Heading(star.group(2).strip(), len(star.group(1))), i + 1
        if nxt is not None and _UNDERLINE.match(nxt.text) and len(line.text) <= MAX_HEADING_CHARS \
                and len(nxt.text) >= 0.5 * len(line.text) and not _UNDERLINE.match(line.text) \
                and (line.indent <= 3 or (previous_blank and (nxt.indent == line.indent <= MAX_UNDERLINED_INDENT
                                                              or _centred_under(line, nxt)))):
            # underlined where it stands: a text indented as a whole (`    c.  Lookup hangs` over `    =====`),
            # or a centred title over a rule as wide (a README's banner)
            return Heading(line.text, {"=": 1, "-": 2}.get(nxt.text[0], 3)), i + 2
        if line.indent == 0 and self.body_indent > 0 and nxt is not None and nxt.indent > 0 \
                and (nxt.indent >= self.body_indent - 1 or _is_caps_heading(line)) and len(line.text) <= 50 \
                and line.text[-1] not in ".!?:;," and not _MARKER.match(line.text) and not _URL.search(line.text):
            return Heading(line.text, 1), i + 1  # flush left of an indented body: a man page's section
        if previous_blank and line.indent == 0 and (numbered := self.numbered_heading(i, end)) is not None:
            return numbered
        prev = self.lines[i - 1] if i > 0 else None
        under = nxt
        if nxt is None and previous_blank and 0 < line.indent <= self.body_indent - 2:
            k = self.next_filled(i + 1, end)
            under = self.lines[k] if k < end else None  # the subsection's text after a blank line
        if 0 < line.indent < self.body_indent and under is not None \
                and self.body_indent <= under.indent and (line.indent <= MAX_SUBSECTION_INDENT or under.indent <= self.body_indent + 1) \
                and (previous_blank or (prev is not None and prev.indent >= self.body_indent)) \
                and len(line.text) <= MAX_HEADING_CHARS and (not _SENTENCE_END.search(line.text)
                                                          or (line.indent <= MAX_SUBSECTION_INDENT
                                                              and (_CALL_TITLE.match(line.text) or _SYMBOL_TITLE.match(line.text)))) \
                and not _MARKER.match(line.text) and not _OPTION.match(line.text.split(" ")[0]):
            return Heading(line.text, 2), i + 1  # a man page's subsection (a function's: `map(x), map_values(x)`)
        if not previous_blank:
            return None
        if _UNDERLINE.match(line.text) and nxt is not None and i + 2 < end and self.lines[i + 2] is not None \
                and _UNDERLINE.match(self.lines[i + 2].text):  # type: ignore[union-attr]
            return Heading(nxt.text, 1), i + 3  # over- and underlined
        if (ruled := _RULED_TITLE.match(line.text)) is not None:
            return Heading(ruled.group(2), 2), i + 1  # `-------- Original README --------`
        if line.indent == 0 and _is_caps_heading(line) and (nxt is None or nxt.indent > 0 or self.body_indent == 0):
            return Heading(line.text, 1), i + 1
        return None

    def numbered_heading(self, i: int, end: int) -> tuple[Heading, int] | None:
        """A numbered section title flush left (`2.1. What is frob?`, `3. TECHNICAL`,
        one title wrapped onto a second line), over text indented under it or, in a
        text that numbers its sections in two levels or more, over a blank line: its
        level is how many numbers it has. An item of a numbered list says more than a
        title (it ends with a full stop, or runs on into the next item)."""
        line = self.lines[i]
        assert line is not None
        numbered = _NUMBERED.match(line.text)
        if numbered is None:
            return None
        title, stop = numbered.group(2), i + 1
        if parse_date(title.strip(" ,;-—")) is not None or parse_date(" ".join(title.split()[:3]).rstrip(",")) is not None:
            return None  # `1.2    May 3, 2002`: a release and its date
        following = self.lines[stop] if stop < end else None
        if following is not None and not _NUMBERED.match(following.text) \
                and ((following.indent == 0 and goes_on(title)) or self.wrapped_question(stop, end)):
            title, stop = f"{title} {following.text}", stop + 1  # `... like +this+, to` / `look like [i]this[/i]?`
        k = self.next_filled(stop, end)
        under = self.lines[k] if k < end else None
        depth = numbered.group(1).rstrip(".").count(".") + 1
        # in a text numbered in levels, a subsection's one sentence over a blank line and its
        # indented text is its title (`5.2. I'm using 'p' to print, but I see lines twice.`)
        stated = title.endswith(".") and depth > 1 and self.numbered_levels and under is not None and k > stop \
            and under.indent >= 2
        if len(title) > MAX_NUMBERED_TITLE_CHARS or (title.endswith((".", ",", ";", ":")) and not stated) or goes_on(title) \
                or under is None or ". " in title or (k == stop and under.text[:1].islower()):
            return None  # a numbered item's sentences, going on under its first line
        indented = under.indent >= 2 and under.indent >= self.body_indent - 1 and not self.over_title(k, end)
        outlined = self.numbered_levels and k > stop and under.indent == 0 and (
            not _NUMBERED.match(under.text) or self.over_text(k, end))  # a contents list's lines stand over more titles
        if not (indented or outlined) or (k == stop and not indented):
            return None
        # a subsection's number stays in its title: the reader's way back to the document
        # (and `7.13. frob v5.6` is never taken for a release's heading); `1. Roasting` is `Roasting`
        return Heading(f"{numbered.group(1)} {title}" if depth > 1 else title, min(depth, 6)), stop

    def wrapped_question(self, i: int, end: int) -> bool:
        """Whether line i ends a question wrapped from the title over it (`5.3. Why does
        frob stop part-way through` over `     and then quit?`): a few words, a blank after."""
        line = self.lines[i]
        return line is not None and line.text.endswith("?") and len(line.text.split()) <= MAX_WRAPPED_WORDS \
            and (i + 1 >= end or self.lines[i + 1] is None)

    def over_title(self, i: int, end: int) -> bool:
        """Whether the indented lines from line i run straight into a flush-left numbered
        line: a contents list's group label (`   CHANGING STRINGS` over `4.10. How ...`)."""
        j = i
        while j < end and (line := self.lines[j]) is not None and line.indent >= 2:
            j += 1
        return j < end and (line := self.lines[j]) is not None and _NUMBERED.match(line.text) is not None

    def over_text(self, i: int, end: int) -> bool:
        """Whether the text after line i (past blank lines) is indented: a title's body."""
        k = self.next_filled(i + 1, end)
        return k < end and self.lines[k].indent >= 2  # type: ignore[union-attr]

    def title_line(self, i: int, end: int) -> bool:
        """The text's first line, when it reads as its title (a few words, no sentence)
        and stands apart: a blank line or indented lines follow it."""
        line = self.lines[i]
        assert line is not None
        nxt = self.lines[i + 1] if i + 1 < end else None
        text = line.text
        return (line.indent <= 3 and (nxt is None or nxt.indent > line.indent or _FIELD.match(nxt.text) is not None)
                and len(text) <= MAX_HEADING_CHARS and len(text.split()) <= 12 and text[-1] not in ".,;:!?"
                and not _MARKER.match(text) and not _FIELD.match(text) and not _URL.search(text) and not goes_on(text)
                and (text[0].isupper() or text[0].isdigit() or len(text.split()) <= 3))

    def label(self, i: int, end: int) -> bool:
        """A line standing alone (blank lines around it, text after it) that reads as a
        title: a few words, not a sentence, a field, a list item or an address."""
        line = self.lines[i]
        assert line is not None
        after = self.next_filled(i + 1, end)
        if line.indent != 0 or i + 1 >= end or self.lines[i + 1] is not None or after >= end:
            return False
        text = line.text
        return (len(text) <= MAX_HEADING_CHARS and len(text.split()) <= MAX_LABEL_WORDS and (text[0].isupper() or text[0].isdigit())
                and text[-1] not in ".,;:!?" and not _MARKER.match(text) and not _FIELD.match(text)
                and not _URL.search(text) and not _INLINE_TAG.match(text) and not goes_on(text)
                and not _NUMBERED.match(text))  # a numbered title is one only as numbered_heading finds it

    # -- blocks ---------------------------------------------------------------------
    def blocks(self, start: int, end: int, top: bool) -> list[Heading | Block]:
        """The events of lines [start, end); headings only at the top level."""
        events: list[Heading | Block] = []
        i = start
        previous_blank = True
        while i < end:
            line = self.lines[i]
            if line is None:
                previous_blank = True
                i += 1
                continue
            if top and (found := self.heading(i, end, previous_blank)):
                events.append(found[0])
                i = found[1]
                previous_blank = True
                continue
            if top and not events and self.title_line(i, end):
                events.append(Heading(line.text, 1))
                i += 1
                continue
            if top and previous_blank and self.label(i, end):
                events.append(Heading(line.text, 2))
                i += 1
                continue
            if _UNDERLINE.match(line.text):  # a rule between parts, not under a heading
                previous_blank = True
                i += 1
                continue
            previous_blank = False
            if _MARKER.match(line.text) and not self.aligned_key(i, end):
                items, i = self.item_list(i, end)
                if events and isinstance(last := events[-1], ItemList) and last.ordered == items.ordered \
                        and last.items and last.items[-1].children and isinstance(last.items[-1].children[-1], Code):
                    items = ItemList(last.items + items.items, items.ordered, last.start)  # the list goes on after an item's example
                    events.pop()
                events.append(_entries(items) or items)
            elif events and isinstance(last := events[-1], ItemList) and last.items \
                    and last.items[-1].text.endswith(":") and not last.items[-1].children and self.introduced_code(i, end):
                # `o The defaults are as follows:` then `mode = LIST` at the item's margin: the item's example
                session, i = self.session(i, end)
                item = last.items[-1]
                events[-1] = ItemList((*last.items[:-1], Item(item.text, (session,))), last.ordered, last.start)
            elif is_session(line.text) or self.commented_code(i, end) or self.output_example(i, end) or (
                    events and (isinstance(events[-1], Code)
                                or (isinstance(events[-1], Paragraph) and events[-1].text.endswith((":", ","))))
                    and self.introduced_code(i, end)):  # (an example goes on after a blank line: `[core]` after `#` lines)
                # (`Thus,` over the command: the sentence goes on with it)
                session, i = self.session(i, end)
                if events and isinstance(before := events[-1], Code) and "\n" not in session.text \
                        and _COMMAND_LINE.match(session.text) is not None and session.text[-1] not in ".!?:;,)" \
                        and all("\n" not in command for command in before.text.split("\n\n")):
                    # commands one a line between blank lines (`frob --train FILEs`, `frob --train=k=50 FILEs`): one example
                    session = Code(f"{before.text}\n\n{session.text}", session.info)
                    events.pop()
                events.append(session)
            elif (table := self.any_table(i, end)) is not None:
                events.append(table[0])
                i = table[1]
            elif (aligned := self.aligned(i, end)) is not None:
                events.append(aligned[0])
                i = aligned[1]
            elif (tree := self.tree(i, end)) is not None:
                events.append(tree[0])
                i = tree[1]
            elif (term := self.term(i, end)) is not None:
                terms, i = term
                entry = terms.entries[0]
                if top and entry.body and all(isinstance(b, ItemList) for b in entry.body) \
                        and not entry.term.startswith(("-", "+")) and len(entry.term.split()) <= MAX_LABEL_WORDS:
                    headings = [e for e in events if isinstance(e, Heading)]
                    level = headings[-1].level if len(headings) > 1 else 2  # a peer of the section before it
                    events += [Heading(entry.term, level), *entry.body]  # `Action items` over its list
                else:
                    events.append(terms)
            else:
                made, i = self.paragraph(i, end)
                events += made
            if i < end and self.lines[i - 1] is None:
                previous_blank = True
        return _grouped(events)

    def extent(self, i: int, end: int, indent: int, lazy: bool) -> int:
        """Where the block starting at line i ends: at the first line indented `indent`
        or less after a blank line (or, without `lazy`, at any such line)."""
        j = i + 1
        while j < end:
            line = self.lines[j]
            if line is None:
                k = self.next_filled(j, end)
                if k >= end or self.lines[k].indent <= indent:  # type: ignore[union-attr]
                    return j
                j = k
                continue
            if line.indent <= indent and not (lazy and not _MARKER.match(line.text) and self.lines[j - 1] is not None):
                return j
            j += 1
        return end

    def tree(self, i: int, end: int) -> tuple[ItemList, int] | None:
        """A tree drawn by indentation alone, one name a line (a class hierarchy:
        `builtins.object` over `BaseManager` over `SyncManager`), as nested lists: at
        least MIN_TREE_LINES lines, some deeper than the first, none left of it, up to
        a blank line."""
        first = self.lines[i]
        assert first is not None
        j = i
        while j < end and (line := self.lines[j]) is not None and line.indent >= first.indent \
                and _TREE_NODE.match(line.text):
            j += 1
        nodes = [line for line in self.lines[i:j] if line is not None]
        if len(nodes) < MIN_TREE_LINES or (j < end and self.lines[j] is not None) \
                or all(line.indent == first.indent for line in nodes):
            return None

        def items(k: int, stop: int) -> tuple[Item, ...]:
            out: list[Item] = []
            while k < stop:
                indent = nodes[k].indent
                under = next((m for m in range(k + 1, stop) if nodes[m].indent <= indent), stop)
                out.append(Item(nodes[k].text, (ItemList(items(k + 1, under)),) if under > k + 1 else ()))
                k = under
            return tuple(out)

        return ItemList(items(0, len(nodes))), j

    def item_list(self, i: int, end: int) -> tuple[ItemList, int]:
        first = self.lines[i]
        assert first is not None
        indent = first.indent
        ordered = bool(_ORDERED.match(first.text))
        items: list[Item] = []
        while i < end:
            line = self.lines[i]
            if line is None or line.indent != indent or not _MARKER.match(line.text):
                break
            marker = _MARKER.match(line.text)
            assert marker is not None
            column = indent + marker.end()
            stop = self.extent(i, end, indent, lazy=True)
            body = [_Line(column, line.text[marker.end():])] + self.lines[i + 1 : stop]
            _hang(body)
            sub = _Reader(body, False, 0)
            blocks = [b for b in sub.blocks(0, len(body), False) if not isinstance(b, Heading)]
            if blocks and isinstance(blocks[0], Paragraph):
                items.append(Item(blocks[0].text, tuple(blocks[1:])))
            elif blocks:
                items.append(Item("", tuple(blocks)))
            i = self.next_filled(stop, end)
            if i < end and (self.lines[i].indent != indent or not _MARKER.match(self.lines[i].text)):  # type: ignore[union-attr]
                i = stop
                break
        return ItemList(tuple(items), ordered, _first_number(first.text) if ordered else 1), i

    def term(self, i: int, end: int) -> tuple[Terms, int] | None:
        """A tagged paragraph at line i (see the module docstring), or None; a
        conjunction alone between two examples (`or` between two commands) is none."""
        line = self.lines[i]
        assert line is not None
        if line.text.casefold() in _CONJUNCTIONS:
            return None
        if _is_colon_tag(line.text) or self.colonless_tag(i, end):
            return self.colon_entry(i, end)
        tags = i
        while tags + 1 < end and (t := self.lines[tags + 1]) is not None and t.indent == line.indent \
                and _OPTION_TAG.match(t.text) and _OPTION_TAG.match(self.lines[tags].text):  # type: ignore[union-attr]
            tags += 1  # `-o logfile` over `--output-file=logfile`: one option's forms, one per line
        while tags == i and tags + 2 < end and (t := self.lines[tags + 1]) is not None and t.indent == line.indent \
                and self.same_command(i, tags + 1):
            tags += 1  # `gpg --verify pgpfile` over `gpg --verify sigfile [datafile]`: two forms of one entry
        forms = [t.text for t in self.lines[i : tags + 1] if t is not None]
        below = self.lines[tags + 1] if tags + 1 < end else None
        if tags > i and below is not None and below.indent >= line.indent + 2:
            stop = self.entry_extent(tags, end, line.indent)
            return self.entry(", ".join(forms), self.lines[tags + 1 : stop]), stop
        if _OPTION_TAG.match(line.text) and below is not None and below.indent == line.indent \
                and (last := _option_line(below.text)) is not None:
            # `--help` over `-h     Print a usage message`: the last form carries the description
            stop = self.entry_extent(tags + 1, end, line.indent)
            body = [_Line(self.column(tags + 1, below.indent + last[2], end), last[1]), *self.lines[tags + 2 : stop]]
            return self.entry(", ".join([*forms, last[0]]), body), stop
        if (wrapped := self.wrapped_tag(i, end)) is not None:
            return wrapped
        if (stacked := self.stacked_tags(i, end)) is not None:
            return stacked
        if (continued := self.continued_tag(i, end)) is not None:
            return continued
        nxt = self.lines[i + 1] if i + 1 < end else None
        option = _option_line(line.text)
        if option is not None and (nxt is None or nxt.indent != line.indent or _OPTION.match(nxt.text.split(" ")[0])):
            # `-q  Quiet.` or `-q Be quiet.` (a PDF keeps one space), its text wrapped under it
            stop = self.entry_extent(i, end, line.indent)
            body = [_Line(self.column(i, line.indent + option[2], end), option[1]), *self.lines[i + 1 : stop]]
            if stop == i + 1 and nxt is not None and _OPTION.match(nxt.text) and (i + 2 >= end or self.lines[i + 2] is None):
                # `-?  these options select help output.` over `-h` alone, then a blank line: its other name
                return self.entry(f"{option[0]}, {nxt.text}", body), i + 2
            return self.entry(option[0], body), stop
        if (filled := self.tag_filling_column(i, end)) is not None:
            stop = self.entry_extent(i, end, line.indent)  # `%(relativeCreated)d Time in ...` among `%(msecs)d   Millisecond ...`
            return self.entry(line.text[:filled - 1], [_Line(line.indent + filled, line.text[filled:]),
                                                      *self.lines[i + 1 : stop]]), stop
        inline = _INLINE_TAG.match(line.text)
        if inline is None and (long := _LONG_INLINE_TAG.match(line.text)) is not None \
                and self.tagged_neighbour(i, end, line.indent, line.indent + long.start(3)):
            inline = long
        if inline and (not _ends_clause(inline.group(1)) or len(inline.group(1)) == 1) \
                and not inline.group(3).startswith("# ") and not (end - i == 1 and i == 0 and _NOTE_ONLY.fullmatch(inline.group(3))) \
                and (not _DASH_SEPARATOR.match(inline.group(2)) or self.tagged_neighbour(i, end, line.indent)):
            # (`frob -n x    # prints x` is a command and its comment, not a tag and its text; an entry's
            # one line of text and a note set apart after it, `newline      (read as 2 bytes)`, one text)
            column = line.indent + inline.start(3)
            sibling = (_INLINE_TAG.match(nxt.text) or _LONG_INLINE_TAG.match(nxt.text)) \
                if nxt is not None and nxt.indent == line.indent \
                and not _justified(inline.group(3)) else None
            if sibling is not None and ((_ends_clause(sibling.group(1)) and len(sibling.group(1)) > 1)
                                        or _justified(sibling.group(3))):
                sibling = None  # a justified paragraph's first words can end at one column by chance
            # a deeper entry under it whose text stands at the same column (`perlfaq  Perl FAQ` over
            # `  perlfaq1  General questions`): this entry's own list, nested
            deeper = _INLINE_TAG.match(nxt.text) if nxt is not None and line.indent < nxt.indent < column else None
            if nxt is None:
                tagged = not self.gapped_sentence(i, end, inline)
            else:
                tagged = nxt.indent == column or (inline.group(1).startswith("-") and nxt.indent > line.indent) \
                    or (sibling is not None and (line.indent + sibling.start(3) == column or _overflowing(inline, sibling))) \
                    or (deeper is not None and nxt.indent + deeper.start(3) == column) \
                    or (nxt.indent == line.indent and _one_column(inline.group(3))
                        and self.tagged_neighbour(i, end, line.indent, column, strict=True))
            if tagged:
                # (the last, a key in a list of them over keys stacked on one text: `Page Up  Enter copy mode`
                # over `Up, Down`, `Left, Right`)
                stop = self.entry_extent(i, end, line.indent)
                return self.entry(inline.group(1), [_Line(column, inline.group(3)), *self.lines[i + 1 : stop]]), stop
        if (named := _NAMED_KEY.match(line.text)) is not None:  # `_ (Underscore.) Prints ...`, its text on its line
            stop = self.entry_extent(i, end, line.indent)
            column = nxt.indent if nxt is not None and nxt.indent > line.indent + 1 else line.indent + named.end()
            return self.entry(named.group(1), [_Line(column, line.text[named.end():]),
                                               *self.lines[i + 1 : stop]]), stop
        if nxt is None or nxt.indent < line.indent + 2 or line.text.endswith("\\"):
            return None  # a command continued on the next line is code, not a tag
        if self.value_run_in(i, end):
            stop = self.entry_extent(i, end, line.indent)
            key, text = line.text.split(" ", 1)
            return self.entry(key, [_Line(nxt.indent, text), *self.lines[i + 1 : stop]]), stop
        if (split := _run_in_tag(line.text)) and len(split[1].split()) >= 3:
            stop = self.entry_extent(i, end, line.indent)  # `1 An error occurred ...` over the rest
            return self.entry(split[0], [_Line(nxt.indent, split[1]), *self.lines[i + 1 : stop]]), stop
        # `makeRecord(self, name, level, ...)` however long, a command's synopsis as long as a wrapped
        # one over its description (not over the rest of a manual's SYNOPSIS, `[-S socket-path] ...`)
        signature = SIGNATURE.fullmatch(line.text) is not None or (
            _SYNOPSIS_TAG.match(line.text) is not None and len(line.text) <= MAX_WRAPPED_TAG_CHARS
            and self.described(i, end))
        long_tag = len(line.text) > MAX_TAG_CHARS and not signature and not (
            len(line.text) <= MAX_WRAPPED_TAG_CHARS and not _SENTENCE_END.search(line.text)
            and line.text.count("[") == line.text.count("]")  # (a synopsis wrapped inside `[-d`)
            and not is_prose_line(line.text) and self.hanging_sibling(i, end, line.indent))
        if long_tag or _OPEN_ADDRESS.search(line.text):
            return None  # (`... mailing list <git@vger.kernel.org` goes on under it: no tag)
        if line.text.endswith(":") or (len(line.text.split()) > 8 and _SENTENCE_END.search(line.text) and not signature) \
                or (". " in line.text.replace("...", "") and not _OPTION_TAG.match(line.text)) or (goes_on(line.text) and not _KEYWORD.match(line.text) and not self.after_a_tag(i)):
            return None  # a paragraph introducing what is indented under it (`... Using the`)
        stop = self.entry_extent(i, end, line.indent)
        return self.entry(line.text, self.lines[i + 1 : stop]), stop

    def gapped_sentence(self, i: int, end: int, inline: re.Match[str]) -> bool:
        """Whether line i, alone between blank lines, is a sentence with a gap a
        justifier left in it (`The Frob tool  supports a few of these options`): words
        before the gap, a lower-case word after it, no tagged line beside it."""
        line = self.lines[i]
        assert line is not None
        return " " in inline.group(1) and inline.group(3)[:1].islower() and not self.tagged_neighbour(i, end, line.indent)

    def tag_filling_column(self, i: int, end: int) -> int | None:
        """Where the text of line i starts when its tag, one word, is as long as its
        list's tag column and leaves one space before the text (`%(relativeCreated)d Time
        in ...` right under `%(msecs)d           Millisecond ...` and right over
        `%(thread)d          Thread ID`, past its own wrapped lines): the column both
        entries beside it give, or None."""
        line = self.lines[i]
        assert line is not None
        # (entries may stand between blank lines, and wrap deeper under their tags)
        above = next((x for k in range(i - 1, -1, -1) if (x := self.lines[k]) is not None and x.indent <= line.indent), None)
        if above is None or above.indent != line.indent or _INLINE_TAG.match(line.text) is not None:
            return None
        k = i + 1
        while k < end and ((x := self.lines[k]) is None or x.indent > line.indent):
            k += 1
        below = self.lines[k] if k < end else None
        if below is None or below.indent != line.indent:
            return None
        found = [_INLINE_TAG.match(x.text) for x in (above, below)]
        columns = {f.start(3) for f in found if f is not None and " " not in f.group(1)}
        if len(columns) != 1 or None in found:
            return None
        column = columns.pop()
        if column >= len(line.text) or line.text[column - 1] != " " or line.text[column] == " " \
                or " " in line.text[:column - 1]:
            return None
        # its text starts as a sentence does, or as its neighbours' do (`75dpi resolution, ...`)
        text = line.text[column:]
        if SENTENCE_START.match(text.split(" ")[0]) or (all(f.group(3)[:1].isdigit() for f in found if f) and text[:1].isdigit()):
            return column
        return None

    def hanging_sibling(self, i: int, end: int, indent: int) -> bool:
        """Whether the entry after the one line i opens is a tag over its own text set
        deeper, at the same margin: a long tag in a list of them (`%frob-changed
        frob-id frob-layout frob-visible-layout frob-flags`)."""
        stop = self.entry_extent(i, end, indent)
        k = self.next_filled(stop, end)
        after = self.lines[k] if k < end else None
        below = self.lines[k + 1] if k + 1 < end else None
        return after is not None and below is not None and after.indent == indent and below.indent > indent + 1

    def described(self, i: int, end: int) -> bool:
        """Whether the tag on line i stands over a sentence describing it (past a note
        on the tag, `(alias: send)`), not over more of a synopsis."""
        k = i + 1
        while k < end and (x := self.lines[k]) is not None and _TAG_NOTE.match(x.text):
            k += 1
        below = self.lines[k] if k < end and k > i else None
        return below is not None and below.text[:1].isupper() and not _SYNOPSIS_TAG.match(below.text)

    def same_command(self, i: int, k: int) -> bool:
        """Whether lines i and k are two forms of one command over the text under k: both
        short, neither a sentence, the same command word first, and the text deeper."""
        first, second, below = self.lines[i], self.lines[k], self.lines[k + 1]
        assert first is not None and second is not None
        words = first.text.split()
        return below is not None and below.indent >= first.indent + 2 and len(words) >= 2 \
            and words[0] == second.text.split()[0] and _COMMAND_LINE.match(words[0]) is not None \
            and all(len(x.text) <= MAX_TAG_CHARS and not _SENTENCE_END.search(x.text.rstrip("]")) for x in (first, second))

    def colon_entry(self, i: int, end: int) -> tuple[Terms, int]:
        """An option ended by a colon over its text at the same margin (`--seq:` then
        `Use the ... scheme`): the text runs to the next such option, or to a line
        left of the margin."""
        line = self.lines[i]
        assert line is not None
        j = i + 1
        while j < end and ((nxt := self.lines[j]) is None or (nxt.indent >= line.indent - 1
                           and not (nxt.indent <= line.indent + 1 and (_is_colon_tag(nxt.text) or self.colonless_tag(j, end))))):
            j += 1
        while j > i + 1 and self.lines[j - 1] is None:
            j -= 1
        body = [_Line(max(x.indent, line.indent), x.text) if x is not None else None for x in self.lines[i + 1 : j]]
        return self.entry(line.text.removesuffix(":").rstrip(), body), j

    def colonless_tag(self, i: int, end: int) -> bool:
        """Whether line i is an option alone on its line, after a sentence's end, among
        options ended by a colon (`--frob` where its neighbours read `--frob-all / -a:`):
        the PDF lost its colon, not its place in the list."""
        line, before = self.lines[i], self.lines[i - 1] if i else None
        assert line is not None
        if " " in line.text or _OPTION.match(line.text) is None or before is None or before.text[-1:] not in ".)":
            return False
        near = [x for k in range(max(0, i - COLON_TAG_WINDOW), min(end, i + COLON_TAG_WINDOW))
                if (x := self.lines[k]) is not None and abs(x.indent - line.indent) <= 1]
        return sum(_is_colon_tag(x.text) for x in near) >= 2

    def after_a_tag(self, i: int) -> bool:
        """Whether the short line i follows another entry's tag at its margin, that tag
        over its deeper text: `include from` after `exclude` is the next parameter's
        name, not a sentence going on under it."""
        line = self.lines[i]
        assert line is not None
        if len(line.text.split()) > MAX_RUN_TAG_WORDS:
            return False
        k = i - 1
        while k >= 0 and ((x := self.lines[k]) is None or x.indent > line.indent):
            k -= 1
        tag = self.lines[k] if k >= 0 else None
        below = self.lines[k + 1] if 0 <= k < i - 1 else None
        return tag is not None and tag.indent == line.indent and len(tag.text.split()) <= MAX_RUN_TAG_WORDS \
            and not _SENTENCE_END.search(tag.text) and below is not None and below.indent > line.indent

    def tagged_neighbour(self, i: int, end: int, indent: int, column: int | None = None, strict: bool = False) -> bool:
        """Whether the entry whose tag line i stands at `indent` has a tagged line
        beside it at that margin, before it or after its text (its description at
        `column` when given): `w file - Write ...` is an entry in a list of such tags,
        while a lone `frob - A tool to ...` is a sentence (a manual page's NAME line);
        a long tag (`min-time (or shortest or time-min)`) is one in a column of them.
        `strict`: the neighbour is no sentence's end nor justified text that happens to
        have a gap at that column (`them.  This merely ...`, `tion      call      was`)."""
        before = next((x for k in range(i - 1, -1, -1) if (x := self.lines[k]) is not None and x.indent <= indent), None)
        stop = self.entry_extent(i, end, indent)
        after = next((x for k in range(stop, end) if (x := self.lines[k]) is not None), None)
        for x in (before, after):
            if x is None or x.indent != indent:
                continue
            found = _INLINE_TAG.match(x.text) or (_LONG_INLINE_TAG.match(x.text) if column is not None else None)
            if found is not None and (column is None or x.indent + found.start(3) == column) and not (strict and (
                    (_ends_clause(found.group(1)) and len(found.group(1)) > 1) or _justified(found.group(3)))):
                return True
        return False

    def entry_extent(self, i: int, end: int, indent: int) -> int:
        """Where the entry whose tag line stands at `indent` and ends at line i ends:
        at the first line as far left as the tag (see `extent`), or at the next
        entry's tag a column right of it (a PDF's text does not line up exactly)."""
        stop = self.extent(i, end, indent, lazy=False)
        # (the text's margin, not that of a note on the tag set deeper, `(alias: send)`)
        first = next((line for line in self.lines[i + 1:stop] if line is not None and not _TAG_NOTE.match(line.text)), None)
        margin = first.indent if first is not None and first.indent > indent + 1 else None
        # (a paragraph after a blank line, set left of the entry's text, is the document's
        # again: gdb's README's `   Note: the following instructions ...` after `etc` and its text)
        return next((j for j in range(i + 1, stop) if (line := self.lines[j]) is not None
                     and ((line.indent <= indent + 1 and self.opens_entry(j, end))
                          or (margin is not None and self.lines[j - 1] is None and line.indent < margin - 1))), stop)

    def column(self, i: int, column: int, end: int) -> int:
        """Where the description that starts on line i after its tag stands: at
        `column`, or at the margin of its wrapped lines when they stand left of it
        (`--fifo   Normally ...` over `      countered, as ...`) or right of it while
        its first line's sentence goes on (a PDF's hanging indent)."""
        line, nxt = self.lines[i], self.lines[i + 1] if i + 1 < end else None
        assert line is not None
        if nxt is None or nxt.indent <= line.indent:
            return column
        return nxt.indent if nxt.indent < column or not _SENTENCE_END.search(line.text) else column

    def entry(self, term: str, lines: list[_Line | None]) -> Terms:
        """One definition-list entry: `term` and the blocks of `lines`; a note on the
        tag's own line under it (`(alias: ls)`) belongs to the term, not its text."""
        body = self.nested(lines)
        if len(body) > 1 and isinstance(body[0], Paragraph) and _TAG_NOTE.match(body[0].text):
            term, body = f"{term} {body[0].text}", body[1:]
        elif len(body) > 1 and (rest := _wrapped_tag(body[0])) is not None:
            term, body = f"{term} {rest}", body[1:]
        return Terms((Term(term, body),))

    def table(self, i: int, end: int) -> tuple[Table, int] | None:
        """An aligned table starting at line i (see `aligned_table`), or None; a line
        indented under the table's rows continues the row above (a wrapped last cell)."""
        first, under = self.lines[i], self.lines[i + 1] if i + 1 < end else None
        assert first is not None
        # (a rule under it says a line is a header: `Description     Octal   latin1   ascii`)
        ruled = under is not None and _HEADER_RULE.match(under.text) is not None and len(_PIECE.findall(first.text)) >= 2
        if not (ruled or _header_row(first.text)):
            return None  # checked first, so prose is not scanned line by line
        rows: list[_Line] = []
        more: dict[int, list[str]] = {}
        j = i
        while j < end and (line := self.lines[j]) is not None and line.indent >= first.indent:
            if j == i + 1 and _HEADER_RULE.match(line.text):
                pass  # a rule under the header (`────────`)
            elif line.indent == first.indent:
                rows.append(line)
            elif rows:
                more.setdefault(len(rows) - 1, []).append(line.text)
            j += 1
        table = aligned_table(rows, ruled)
        if table is None or 0 in more:
            return None
        return Table(table.header, _wrapped_first_cells(
            [_continued(r, more.get(n + 1, [])) for n, r in enumerate(table.rows)])), j

    def any_table(self, i: int, end: int) -> tuple[Table, int] | None:
        """A table starting at line i, drawn, single-spaced or aligned, or None -- None
        too for a program's output cut short with a row of `...` (`lsof -i` yields its
        header, a line and `...`): an excerpt of a listing, code, its columns as printed."""
        found = self.drawn_table(i, end) or self.spaced_table(i, end) or self.table(i, end)
        if found is not None and any([c for c in row if c.strip()] in (["..."], ["…"]) for row in found[0].rows):
            return None
        return found

    def drawn_table(self, i: int, end: int) -> tuple[Table, int] | None:
        """A table drawn with box or ASCII rules (`┌──┬──┐` / `│a │b │`, `+--+` / `|a |b |`)
        starting at line i, or None: cells are cut at the row's bars, a row wrapped over
        several lines between two rules is one row, the first row is the header."""
        first = self.lines[i]
        assert first is not None
        if not _BOX_RULE.match(first.text):
            return None
        rows: list[list[str]] = []
        current: list[list[str]] = []
        j = i + 1
        while j < end and (line := self.lines[j]) is not None and (_BOX_RULE.match(line.text) or _BOX_ROW.match(line.text)):
            if _BOX_RULE.match(line.text):
                if current:
                    rows.append([joined_lines([p for p in part if p]) for part in zip(*current, strict=False)])  # `(exist‐` `ing)`
                current = []
            else:
                cells = _BOX_BAR.split(line.text.strip())[1:-1]
                if current and len(cells) != len(current[0]):
                    return None
                current.append(cells)
            j += 1
        if current or len(rows) < 2 or len({len(r) for r in rows}) != 1:
            return None  # an unclosed or ragged drawing is left as it is
        return Table(tuple(rows[0]), tuple(tuple(r) for r in rows[1:])), j

    def spaced_table(self, i: int, end: int) -> tuple[Table, int] | None:
        """A table whose columns a PDF's text lost (one space between cells): a header
        of a few capitalised names (`Preset DictSize CompCPU`) over rows with as many
        values, a number and its unit being one (`-0 256 KiB 0 3 MiB`), or None."""
        first = self.lines[i]
        assert first is not None
        header = first.text.split(" ")
        if not MIN_SPACED_COLUMNS <= len(header) <= MAX_SPACED_COLUMNS or not all(_NAME_CELL.match(h) for h in header):
            return None
        rows: list[tuple[str, ...]] = []
        j = self.next_filled(i + 1, end)
        while j < end and (line := self.lines[j]) is not None and (cells := _unit_cells(line.text.split(" "), len(header))):
            rows.append(cells)
            j += 1
        if len(rows) >= 2:
            return Table(tuple(header), tuple(rows)), j
        return self.last_column_spaced(i, end)

    def last_column_spaced(self, i: int, end: int) -> tuple[Table, int] | None:
        """A single-spaced table (see `spaced_table`) whose last column holds several
        words (tar's size suffixes: `Suffix Units Byte Equivalent` over `b Blocks SIZE x
        512` and `c Bytes SIZE`): as many columns as the shortest row has words, the
        words past the others' one each in the last column, the header's too; or None."""
        first = self.lines[i]
        assert first is not None
        lines: list[list[str]] = []
        j = self.next_filled(i + 1, end)
        margin = self.lines[j].indent if j < end else None  # type: ignore[union-attr]
        while j < end and (line := self.lines[j]) is not None and line.indent == margin:
            lines.append(line.text.split(" "))
            j += 1
        header = first.text.split(" ")
        columns = min((len(words) for words in lines), default=0)
        if len(lines) < MIN_SPACED_ROWS or not MIN_SPACED_COLUMNS <= columns < len(header) \
                or any(len(w) > MAX_SPACED_CELL_CHARS for words in lines for w in words[:columns - 1]):
            return None
        return Table(_last_joined(header, columns), tuple(_last_joined(words, columns) for words in lines)), j

    def wrapped_tag(self, i: int, end: int) -> tuple[Terms, int] | None:
        """A command's synopsis tag that groff wrapped (`display-menu [-O] [-x` over
        `position] [-y position] name ...`, or `[message]` on a line of its own), then
        its description, or None."""
        line = self.lines[i]
        assert line is not None
        text, k = line.text, i + 1
        if not _SYNOPSIS_TAG.match(text):
            return None
        inside = True  # every line joined goes on inside a bracket the line before opened
        while k < min(end, i + MAX_TAG_LINES) and (t := self.lines[k]) is not None and t.indent > line.indent \
                and (text.count("[") > text.count("]") or t.text.startswith("[")):
            inside = inside and text.count("[") > text.count("]")
            text += " " + t.text
            k += 1
        below = self.lines[k] if k < end and k > i + 1 else None
        if text.count("[") != text.count("]") or below is None or below.indent <= line.indent \
                or len(text) > (MAX_WRAPPED_SYNOPSIS_CHARS if inside else MAX_WRAPPED_TAG_CHARS):
            return None
        stop = self.extent(k - 1, end, line.indent, lazy=False)
        return self.entry(text, self.lines[k:stop]), stop

    def continued_tag(self, i: int, end: int) -> tuple[Terms, int] | None:
        """A tag wrapped onto lines set where its text stands, then that text, or None:
        a list of names its comma carries on (`bold, dim, italic,` over `underline,
        blink` over `Set an attribute.`) or a tail a colon opens (`%frob-changed name
        id ...` over `: value`): no description begins with either."""
        line = self.lines[i]
        assert line is not None
        if not (line.text.endswith(",") and _NAMES.fullmatch(line.text)) \
                and _SENTENCE_END.search(line.text.removesuffix("...").rstrip()):  # (`id ...`: more ids)
            return None
        text, k = line.text, i + 1
        while k < min(end, i + MAX_TAG_LINES) and (t := self.lines[k]) is not None and t.indent > line.indent + 1 \
                and ((text.endswith(",") and _NAMES.fullmatch(t.text)) or t.text.startswith(": ")):
            text += " " + t.text
            k += 1
        below = self.lines[k] if i + 1 < k < end else None
        if below is None or below.indent <= line.indent + 1 or text.endswith(","):
            return None
        stop = self.extent(k - 1, end, line.indent, lazy=False)
        return self.entry(text, self.lines[k:stop]), stop

    def stacked_tags(self, i: int, end: int) -> tuple[Terms, int] | None:
        """Short names stacked over one description, each on its own line at one margin
        (a value's letter over its name: `e` over `expired`, then the text indented
        under them, a blank line between or not; or the last name with the text run
        in after a gap, `f` over `full   Fully trusted.`), or None."""
        line = self.lines[i]
        assert line is not None
        tags, k = [line.text], i + 1
        if not _STACKED_TAG.match(line.text):
            return None
        while k < end and len(tags) < MAX_STACKED_TAGS:
            if self.lines[k] is None and self.blank_between_tags(k, end, line.indent, tags[-1]):
                k += 1  # `LD_LIBRARY_PATH`, a blank line, `LD_PRELOAD` over their one text
            if (t := self.lines[k]) is None or t.indent != line.indent:
                break
            if (inline := _INLINE_TAG.match(t.text) or _QUOTED_RUN_IN.match(t.text)) is not None \
                    and _STACKED_TAG.match(inline.group(1)) and len(inline.group(3).split()) >= 2:
                stop = self.entry_extent(k, end, line.indent)
                body = [_Line(line.indent + inline.start(3), inline.group(3)), *self.lines[k + 1 : stop]]
                return self.entry(", ".join([*tags, inline.group(1)]), body), stop
            if not _STACKED_TAG.match(t.text):
                return None
            tags.append(t.text)
            k += 1
        below = self.next_filled(k, min(end, k + 2))
        body_line = self.lines[below] if below < end else None
        if len(tags) < 2 or body_line is None or body_line.indent < line.indent + 4:
            return None
        stop = self.entry_extent(below - 1, end, line.indent)
        return self.entry(", ".join(tags), self.lines[below:stop]), stop

    def blank_between_tags(self, k: int, end: int, indent: int, tag: str) -> bool:
        """Whether the blank line k stands between two stacked names at `indent`, `tag`
        and the line after it, a name at that margin over a deeper text: two names of
        one thing (`LD_LIBRARY_PATH` and `LD_PRELOAD`, sharing a stem, or named in the
        text), not an entry with no text before the next one (a method with no
        docstring, `__contains__(self, name)`, over `__delitem__(self, name)`)."""
        after = self.lines[k + 1] if k + 1 < end else None
        below = self.lines[k + 2] if k + 2 < end else None
        if after is None or after.indent != indent or _STACKED_TAG.match(after.text) is None \
                or below is None or below.indent < indent + 4:
            return False
        stems = [re.sub(r"^\W+", "", t).split("_")[0].casefold() for t in (tag, after.text)]
        under = itertools.takewhile(lambda x: x is not None, self.lines[k + 2 : k + 2 + MAX_STACKED_TEXT_LINES])
        text = " ".join(x.text for x in under if x is not None)
        return (len(stems[0]) >= 2 and stems[0] == stems[1]) or tag in text

    def nested(self, lines: list[_Line | None]) -> tuple[Block, ...]:
        sub = _Reader(lines, False, 0)
        return tuple(b for b in sub.blocks(0, len(lines), False) if not isinstance(b, Heading))

    def aligned_key(self, i: int, end: int) -> bool:
        """Whether line i, opening with what reads as a bullet (`-`, `o`, `1.`), is a key
        in a two-column list instead: its text stands at the column where a neighbouring
        entry's text does (tmux's `-           Delete the most recently copied buffer`
        between `,` and `.` entries, node's `-       Alias for stdin, ...` over `--      Indicate
        the end of ...`)."""
        line = self.lines[i]
        assert line is not None
        marker = _MARKER.match(line.text)
        if marker is None:
            return False
        below = self.lines[i + 1] if i + 1 < end else None
        if line.text[:1] in ("-", "+") and below is not None and below.indent >= line.indent + marker.end() + 3 \
                and is_prose_line(below.text) and not line.text.endswith(":") \
                and not any(_MARKER.match(s.text) for s in self.siblings(i, end)):
            return True  # a pager's `- Followed by one of ...` over its text set deeper, among keys: the `-` command
        if len(marker.group(1)) < 2:
            return False
        for other in self.siblings(i, end, KEY_WINDOW):  # the entry before it and the one after
            tag = _INLINE_TAG.match(other.text)
            if tag is not None and tag.start(3) == marker.end() and not _MARKER.match(other.text):
                return True
        return False

    def siblings(self, i: int, end: int, window: int | None = None) -> list[_Line]:
        """The lines at line i's indent right before and after its entry (past blank
        lines and the deeper lines of its text, looking `window` lines away at most):
        the entries beside it."""
        line = self.lines[i]
        assert line is not None
        found = []
        for step in (-1, 1):
            k = i + step
            while 0 <= k < end and (window is None or abs(k - i) <= window) \
                    and ((other := self.lines[k]) is None or other.indent > line.indent):
                k += step
            if 0 <= k < end and (other := self.lines[k]) is not None and other.indent == line.indent:
                found.append(other)
        return found

    def tag_left_of(self, i: int, end: int, indent: int) -> bool:
        """Whether line i, standing left of the text before it (at `indent`), is a tag
        over its own text set deeper (`match(val), match(regex; flags)` after the
        sentence ending the entry above it): an entry of its own, not that text's next line."""
        line, nxt = self.lines[i], self.lines[i + 1] if i + 1 < end else None
        assert line is not None
        return line.indent < indent - 1 and nxt is not None and nxt.indent > line.indent + 1 \
            and len(line.text) <= MAX_HEADING_CHARS and not is_prose_line(line.text)

    def introduced_command(self, i: int, end: int) -> bool:
        """Whether line i is a command alone between blank lines that a sentence ending
        on a colon introduces at the same margin (`... you might tell csh:` over `setenv
        FROB "-x"`): a lower-case word and a few arguments, one of them shell syntax."""
        line = self.lines[i]
        assert line is not None
        k = i - 1
        while k >= 0 and self.lines[k] is None:
            k -= 1
        above = self.lines[k] if 0 <= k < i - 1 else None
        return above is not None and above.text.endswith(":") and (i + 1 >= end or self.lines[i + 1] is None) \
            and _COMMAND_LINE.match(line.text) is not None and line.text[-1] not in ".!?:;," \
            and _SHELL_SYNTAX.search(line.text) is not None

    def name_over_text(self, i: int, end: int) -> bool:
        """Whether line i is a value's name alone over its text set deeper (`file-ignored`
        over its messages): the next entry of a list, after one whose name ran into its
        quoted text (`xdev "%s: file is on a different filesystem"`)."""
        line, below = self.lines[i], self.lines[i + 1] if i + 1 < end else None
        return line is not None and below is not None and _WORD_TERM.fullmatch(line.text) is not None \
            and below.indent > line.indent + 1

    def set_in_text(self, i: int, end: int) -> bool:
        """Whether line i is a command a PDF set at the text's margin with no blank line
        around it, that a sentence ending on a colon (or a lone `or` between two of them)
        introduces (`... verbosely listing the files being archived:` over `frob cfv
        etc.frob /etc` over `In UNIX or short-option style, ...`): a lower-case word and a
        few arguments, one an option, a path or shell syntax, the line after it a new
        sentence, another `or`, or nothing."""
        line, above = self.lines[i], self.lines[i - 1] if i > 0 else None
        if line is None or above is None or above.indent != line.indent or not _SET_COMMAND.match(line.text) \
                or line.text[-1] in ".!?:;," or not _COMMAND_ARGUMENT.search(line.text) \
                or not (above.text.endswith(":") or (above.text in _CONNECTIVES and i > 1 and self.set_in_text(i - 2, end))):
            return False
        below = self.lines[i + 1] if i + 1 < end else None
        return below is None or below.indent != line.indent or below.text[:1].isupper() or below.text in _CONNECTIVES

    def opens_entry(self, i: int, end: int) -> bool:
        """Whether line i opens an option's entry (`-q Be quiet.`, or `-q` over its
        indented text, or a run-in tag over its text) after a sentence ended: the first
        of a list that the sentence before it introduces (`... has these options:`) is
        not that sentence's end."""
        line, nxt = self.lines[i], self.lines[i + 1] if i + 1 < end else None
        assert line is not None
        hanging = nxt is not None and nxt.indent >= line.indent + 2
        if _keyed_line(line.text) and any(other is not None and other.indent == line.indent and _keyed_line(other.text)
                                          for other in (nxt, self.lines[i - 1] if i > 0 else None)):
            return True  # a pager's prompt conditions, one a line: `?a True if ...` over `?bX ...`; `0 Successful termination.`
        before = self.lines[i - 1] if i > 0 else None
        if _word_keyed(line.text) and (self.after_word_keys(i) or self.among_tags(i, end)) \
                and any(other is not None and other.indent == line.indent and _word_keyed(other.text)
                        for other in (nxt, before)):
            return True  # `Known kinds are:` over `frob Frob 1.x format` and `v7 Old V7 format.`
        if before is not None and before.text.endswith(":") and nxt is not None and nxt.indent == line.indent \
                and (tag := _INLINE_TAG.match(line.text)) and (other := _INLINE_TAG.match(nxt.text)) \
                and len(tag.group(1)) <= MAX_SHORT_KEY and len(other.group(1)) <= MAX_SHORT_KEY \
                and tag.start(3) == other.start(3) and tag.group(2) != "\t":
            return True  # `... have the following meanings:` over `.fr   Frob script` and `.r    Result`, aligned
        if before is not None and _symbol_keyed(line.text) and (
                before.text.endswith(":") or any(_symbol_keyed(other.text) for other in self.siblings(i, end, KEY_WINDOW))):
            return True  # `... part of the pattern:` over `^N or ! Match lines ...`: keys and their sentences
        if (_CAPS_KEYS.fullmatch(line.text) and hanging) or ((run_in := _run_in_tag(line.text)) is not None
                                                          and _CAPS_KEYS.fullmatch(run_in[0]) is not None and any(
                _CAPS_KEYS.fullmatch(o.text) for o in self.siblings(i, end, KEY_WINDOW))):
            return True  # `FROB_LANG Language for ...` beside `FROB_CTYPE` over its text: a variable's entry
        if before is not None and before.text[-1:] in ".:" and hanging and self.phrase_tag(line.text) \
                and self.hanging_sibling(i, end, line.indent):
            return True  # `... three kinds of frob:` over `plain frobs` over its text, and the next kind
        if self.value_run_in(i, end):
            return True
        if before is not None and before.indent == line.indent and before.text[-1:] in ".!?" \
                and (mine := _run_in_tag(line.text)) is not None and (theirs := _run_in_tag(before.text)) is not None \
                and _key_tag(mine[0]) and _key_tag(theirs[0]):
            return True  # `J Like j, but ...` over `K or Y Like k, but ...`: keys' one-line entries
        if not _OPTION.match(line.text.split(" ")[0].rstrip(",")):
            # `Host Restricts the ...` over its text, or keys over theirs (`b or ^B or ESC-v`)
            # (or a value's name, `frob-with-nuls` over its message)
            return hanging and (_run_in_tag(line.text) is not None or _KEYS.fullmatch(line.text) is not None
                                or (_WORD_TERM.fullmatch(line.text) is not None and line.text not in _CONJUNCTIONS))
        return _option_line(line.text) is not None or _is_colon_tag(line.text) \
            or (_OPTION_TAG.match(line.text) is not None and hanging)

    def value_run_in(self, i: int, end: int) -> bool:
        """Whether line i is a value's name run into its text (`plain FOO, BAR and BAZ
        are ...`) over the rest of that text set deeper, first of values a colon
        introduces whose next one stands alone over its text (`utf8`)."""
        line, nxt, before = self.lines[i], self.lines[i + 1] if i + 1 < end else None, self.lines[i - 1] if i else None
        assert line is not None
        if before is None or not before.text.endswith(":") or nxt is None or nxt.indent < line.indent + 2 \
                or " " not in line.text or not _WORD_TERM.fullmatch(line.text.split(" ", 1)[0]):
            return False
        k = self.next_filled(self.entry_extent(i, end, line.indent), end)
        after, below = self.lines[k] if k < end else None, self.lines[k + 1] if k + 1 < end else None
        return after is not None and below is not None and after.indent == line.indent \
            and below.indent > line.indent + 1 and _WORD_TERM.fullmatch(after.text) is not None

    @staticmethod
    def phrase_tag(text: str) -> bool:
        """Whether a line is a few words naming a kind (`normal characters`), not a
        sentence or its start: a list's tag when its text hangs under it."""
        return len(text.split()) <= MAX_RUN_TAG_WORDS and not _SENTENCE_END.search(text) \
            and not goes_on(text) and text[-1:] not in ":,;"

    def among_tags(self, i: int, end: int) -> bool:
        """Whether line i, a value's name and its sentence, is in a run of such lines at its
        margin next to a name alone over its text set deeper (`frob-1047` over what it
        selects, among `frob1 Same as frob8859.` and `frob-r Selects ...`): a list of values
        whose sentence opened it on another page."""
        line = self.lines[i]
        assert line is not None
        for step in (1, -1):
            k = i + step
            while 0 <= k < end and ((x := self.lines[k]) is None or x.indent >= line.indent):
                if x is not None and x.indent == line.indent:
                    if not _word_keyed(x.text):
                        below = self.lines[k + 1] if k + 1 < end else None
                        # (a name alone over its text, or names of one value: `pax, posix`)
                        if _NAME_RUN.fullmatch(x.text) and below is not None and below.indent > x.indent + 1:
                            return True
                        break
                k += step
        return False

    def after_word_keys(self, i: int) -> bool:
        """Whether line i follows a run of lines opening with a value's name and its
        sentence at its margin, that run after a sentence ending on a colon (`Known
        kinds are:`): prose lines that happen to open so (`from Frob Labs ...`
        over `is FROB ...`) follow no colon."""
        line = self.lines[i]
        assert line is not None
        k = i - 1
        while k >= 0 and (x := self.lines[k]) is not None and x.indent == line.indent and _word_keyed(x.text):
            k -= 1
        before = self.lines[k] if k >= 0 else None
        return before is not None and before.text.endswith(":")

    def session(self, i: int, end: int) -> tuple[Code, int]:
        """A terminal session (`$ frob -v`, `db> .help` and what it printed) up to the
        next blank line, as code: its lines keep their own layout."""
        j = i
        while j < end and self.lines[j] is not None:
            j += 1
        lines = [line for line in self.lines[i:j] if line is not None]
        base = min(line.indent for line in lines)
        return straight_code("\n".join(" " * (line.indent - base) + line.text for line in lines)), j

    def aligned(self, i: int, end: int) -> tuple[Code, int] | None:
        """Lines up to a blank line whose words stand in shared columns (a program's
        output quoted in a note: a header and its rows, with the command that printed
        them and a `...` where it was cut) as code, not one paragraph; justified prose,
        whose gaps fall anywhere and whose lines are all sentences' words, stays prose."""
        first = self.lines[i]
        assert first is not None
        j = i
        while j < end and (line := self.lines[j]) is not None and abs(line.indent - first.indent) <= 1:
            j += 1
        run = [line for line in self.lines[i:j] if line is not None]
        starts = [{line.indent + m.end() for m in _COLUMN_GAP.finditer(line.text)} for line in run]
        columned = [k for k, found in enumerate(starts) if len(found) >= 2]
        if len(columned) < 2 or any(k not in columned and not (COMMENT.match(run[k].text) or PROMPT.match(run[k].text)
                                                               or run[k].text in ("...", "…")) for k in range(len(run))):
            return None
        if any(len(_near(starts[a], starts[b])) < 2 for a, b in itertools.pairwise(columned)) \
                or all(is_prose_line(run[k].text) for k in columned):
            return None
        base = min(line.indent for line in run)
        return straight_code("\n".join(" " * (line.indent - base) + line.text for line in run)), j

    def block_at(self, i: int, end: int) -> list[_Line]:
        """Lines i.. up to the next blank line."""
        run: list[_Line] = []
        while i < end and (line := self.lines[i]) is not None:
            run.append(line)
            i += 1
        return run

    def introduced_code(self, i: int, end: int) -> bool:
        """Whether lines i.. up to a blank line, at the margin of the paragraph that
        introduces them (`... as follows:`), are settings or commands, not sentences:
        two or more short lines, most with code's characters (`mode = LIST`), or one
        command with its arguments."""
        run = self.block_at(i, end)
        if len(run) == 1:  # `DEBCONF_DEBUG=developer frob my-script`: one command, with its arguments
            # (not a sentence's end that introduces what follows: `yields (among other things):`)
            return _ONE_COMMAND.fullmatch(run[0].text) is not None and _CODE_CHARS.search(run[0].text) is not None \
                and not is_prose_line(run[0].text) and not run[0].text.endswith(":")
        return len(run) >= 2 and all(len(line.text) <= MAX_HEADING_CHARS and not is_prose_line(line.text)
                                     and not _MARKER.match(line.text) for line in run) \
            and sum(1 for line in run if _CODE_CHARS.search(line.text) or _CODE_LINE.fullmatch(line.text)) >= 0.6 * len(run)

    def output_example(self, i: int, end: int) -> bool:
        """Whether lines i.. up to a blank line are an example and what it gives: a
        command, its input set deeper, and a line opening with `=>` (`frob
        '.[2:4]'` over `"abcdefghi"` over `=> "cd"`), not a term over its text."""
        run = self.block_at(i, end)
        return 2 <= len(run) <= MAX_EXAMPLE_LINES and _ONE_COMMAND.fullmatch(run[0].text) is not None \
            and any(line.text.startswith("=> ") for line in run[1:])

    def commented_code(self, i: int, end: int) -> bool:
        """Whether lines i.. up to a blank line are comments (`# Double space a file`)
        over the commands they explain."""
        run = self.block_at(i, end)
        commands = [line for line in run if not COMMENT.match(line.text)]
        return bool(COMMENT.match(run[0].text)) and bool(commands) and _looks_like_code(commands) and not any(is_prose_line(line.text) for line in commands)

    def dash_in_sentence(self, i: int, end: int) -> bool:
        """Whether line i opens with a dash that goes on the sentence of the line above
        (`... a previously used layout` over `- the list-windows command displays ...`),
        not a list item: the line above ends mid-sentence, the dash's text goes on in
        lower case, and no item follows it at its margin."""
        line, previous = self.lines[i], self.lines[i - 1] if i > 0 else None
        assert line is not None
        k = self.next_filled(i + 1, end)
        following = self.lines[k] if k < end else None
        # (the line above may end on a quoted name: `... and :class:`frob.Template``)
        return previous is not None and line.text.startswith("- ") and (previous.text[-1:].isalnum()
                                                                          or previous.text[-1:] in "`'’\"”") \
            and line.text[2:3].islower() and not (following is not None and following.indent == line.indent
                                                  and _MARKER.match(following.text))

    def run_in_heading(self, i: int, end: int) -> bool:
        """Whether line i, set left of the text around it with no blank line, heads the
        text under it (a PDF manual's subsection, `   Operation mode` between paragraphs at
        six spaces): a few words opening with a capital, ending no sentence."""
        line, nxt = self.lines[i], self.lines[i + 1] if i + 1 < end else None
        assert line is not None
        return nxt is not None and nxt.indent >= line.indent + 2 and len(line.text.split()) <= MAX_RUN_IN_HEADING_WORDS \
            and line.text[:1].isupper() and not line.text.endswith((".", ":", ",", ";")) and not _OPTION.match(line.text)

    def bracketed(self, i: int, end: int) -> tuple[Code, int] | None:
        """A statement that opens a bracket at the end of line i, its lines deeper, closed
        by a line at its margin (sqlite's `CREATE TABLE t(` over its columns and `);`):
        code, not a sentence with a hanging indent; or None."""
        first = self.lines[i]
        assert first is not None
        closer = _CLOSERS.get(first.text[-1:])
        if closer is None:
            return None
        k = i + 1
        while k < end and (line := self.lines[k]) is not None and line.indent > first.indent:
            k += 1
        last = self.lines[k] if i + 1 < k < end else None
        if last is None or last.indent != first.indent or not last.text.startswith(closer) \
                or len(last.text) > MAX_CLOSING_CHARS:
            return None
        lines = self.lines[i : k + 1]
        return straight_code("\n".join(" " * (x.indent - first.indent) + x.text for x in lines if x is not None)), k + 1

    def indented_first_line(self, i: int, end: int, margin: int) -> bool:
        """Whether line i (after a blank line) opens a paragraph whose first line alone
        is indented, the rest at `margin` (texinfo's plain-text output): prose, not a
        block under the paragraph before it; a first line may end on a clause's comma or
        semicolon (`... Debugger mode;` over `try typing ...`)."""
        line, nxt = self.lines[i], self.lines[i + 1] if i + 1 < end else None
        return line is not None and nxt is not None and nxt.indent <= margin + 1 < line.indent \
            and is_prose_line(line.text) and (not _SENTENCE_END.search(line.text) or line.text[-1] in ",;") \
            and not _MARKER.match(line.text) and (is_prose_line(nxt.text) or nxt.text[:1].islower())

    def paragraph(self, i: int, end: int) -> tuple[list[Block], int]:
        first = self.lines[i]
        assert first is not None
        if (bracketed := self.bracketed(i, end)) is not None:
            return [bracketed[0]], bracketed[1]
        texts = [first.text]
        margin = first.indent  # where the paragraph's lines stand
        j = i + 1
        nxt = self.lines[j] if j < end else None
        if nxt is not None and nxt.indent > margin + 1 and first.text[-1] not in ".!?:" \
                and (is_prose_line(nxt.text) or (goes_on(first.text) and not COMMENT.match(nxt.text))) \
                and _run_in_tag(first.text) is None and not _FIELD.match(first.text):
            margin = nxt.indent  # a hanging indent: the sentence goes on under the first line
        while j < end:
            line = self.lines[j]
            previous = self.lines[j - 1]
            assert previous is not None
            # `<frob@example.org` over `[6]>` (and the line after that, back at the margin)
            opened = _OPEN_ADDRESS.search(previous.text) is not None or (
                j >= i + 2 and (two_up := self.lines[j - 2]) is not None and _OPEN_ADDRESS.search(two_up.text) is not None
                and line is not None and line.indent == first.indent)
            if line is None or (_MARKER.match(line.text) and not self.dash_in_sentence(j, end)) \
                    or (((abs(line.indent - previous.indent) > 1 and j > i + 1) or line.indent > margin + 1) and not opened) \
                    or line.indent < first.indent - 4 \
                    or (_FIELD.match(line.text) and not _wrapped_into(previous.text)) \
                    or (j == i + 1 and _FIELD.match(first.text) and not _continues(first.text, line.text)) \
                    or _ends_early(texts[-1], line.text) \
                    or ((previous.text[-1] in ".:!?" or _keyed_line(previous.text) or _word_keyed(previous.text))
                        and self.opens_entry(j, end)) \
                    or (previous.text[-1] in ".:!?" and self.tag_left_of(j, end, previous.indent)) \
                    or (previous.text.endswith(":") and is_session(line.text)) \
                    or self.set_in_text(j, end) or self.set_in_text(j - 1, end) \
                    or (previous.text.endswith('"') and self.name_over_text(j, end)) \
                    or (line.indent < margin - 1 and self.run_in_heading(j, end)):
                break
            texts.append(line.text)
            j += 1
        coded = _command_lines(texts) or _assignments(texts) or _escaped_lines(texts) or _commented_lines(texts) \
            or (j == i + 1 and (self.introduced_command(i, end) or self.set_in_text(i, end)))
        out: list[Block] = [straight_code("\n".join(texts)) if coded else Paragraph(joined_lines(texts))]
        k = self.next_filled(j, end)
        deeper = k < end and (below := self.lines[k]) is not None and below.indent > margin + 1 \
            and not (k > j and self.indented_first_line(k, end, margin))
        if deeper:
            stop = self.extent(k - 1 if k > j else j - 1, end, first.indent, lazy=False)
            stop = max(stop, k + 1)
            stop = next((n for n in range(k + 1, stop) if self.lines[n - 1] is None
                         and self.indented_first_line(n, end, margin)), stop)
            block = list(self.lines[k:stop])
            filled = [line for line in block if line is not None]
            if is_session(filled[0].text) or _looks_like_code(filled):
                while stop < end and (marked := self.lines[stop]) is not None and self.lines[stop - 1] is not None \
                        and _MARKED_LINE.match(marked.text) and not is_prose_line(marked.text):
                    block.append(marked)  # `> frob  2536  jane ...`: a line of the output marked, set out to the left
                    filled.append(marked)
                    stop += 1
            listed = _MARKER.match(filled[0].text) is not None  # `Known problems:` over a list
            if not listed and (enumerated := _enumeration(block)) is not None:
                out.append(enumerated)
                return out, stop
            if not listed and (table := self.any_table(k, stop)) is not None and table[1] == stop:
                out.append(table[0])
                return out, stop
            if not listed and not _named_over_sentence(filled) and (texts[-1].endswith(":") or _looks_like_code(filled)):
                if _looks_like_code(filled) or len(filled) <= 3:
                    base = min(line.indent for line in filled)
                    code = "\n".join(" " * (line.indent - base) + line.text if line else "" for line in block).strip("\n")
                    out.append(straight_code(code))
                    return out, stop
            if j == i + 1 and (split := _run_in_tag(first.text)) and filled[0].indent >= first.indent + 3:
                tag, lead = split  # `log file When the ...` over its description: a tag groff ran in
                body = [_Line(filled[0].indent, lead), *block]  # the tag's text, then the lines under it
                return [Terms((Term(tag, self.nested(body)),))], stop
            out += list(self.nested(block))
            return out, stop
        return out, j


def _continued(row: tuple[str, ...], lines: list[str]) -> tuple[str, ...]:
    """A table row with the lines indented under it: the rest of its last cell (a
    description wrapped), or, when the row leaves its last columns empty, the rest of
    its last cell filled and then those columns (`pipe-and-cancel [<command>]`
    over `[<prefix>]   D   C-k`: a name too wide for its column pushed its keys down)."""
    filled = max((k for k, cell in enumerate(row) if cell), default=0)
    cells = list(row)
    for line in lines:
        pieces = _PIECE.findall(line)
        if filled < len(cells) - 1 and len(pieces) <= len(cells) - filled:
            cells[filled] = f"{cells[filled]} {pieces[0]}"
            for k, piece in enumerate(pieces[1:]):
                cells[filled + 1 + k] = piece
        else:
            cells[-1] = f"{cells[-1]} {line.strip()}".strip()
    return tuple(cells)


def _overflowing(inline: re.Match[str], sibling: re.Match[str]) -> bool:
    """Whether two `tag - Text` lines at one margin are one list though their texts do
    not start at one column: one tag is wider than the others' column and its dash
    stands a space or two further right (`perl-modules-5.36 - Architecture ...` among
    `libperl5.36      - Shared ...`)."""
    dashes = all(_DASH_SEPARATOR.match(m.group(2)) or m.group(2).strip() in ("-", "–", "—") for m in (inline, sibling))
    return dashes and abs(inline.start(3) - sibling.start(3)) <= MAX_OVERFLOW


def _wrapped_into(line: str) -> bool:
    """Whether a line of prose runs on into the next (`The group must already exist.
    Valid` over `Modes: adduser, adduser --system.`): a line of running text that ends
    no sentence and is no field itself, so a `Word: value` line after it is its end."""
    return is_prose_line(line) and not _SENTENCE_END.search(line) and not _FIELD.match(line)


def _command_lines(texts: list[str]) -> bool:
    """Whether the lines of a paragraph are commands, one a line (`touch foo` over
    `fakeroot` over `ls -al foo`): a few short lines, each a lower-case word and at
    most a few arguments, none ending as a sentence or a clause."""
    commands = [_COMMAND_NOTE.sub("", t) for t in texts]  # (`make frob.exp   (builds the test file)`)
    return 2 <= len(texts) <= MAX_COMMAND_LINES and all(
        len(t) <= MAX_COMMAND_CHARS and _COMMAND_LINE.match(t) is not None and not _SENTENCE_END.search(t)
        for t in commands)


_COMMAND_NOTE = re.compile(r"\s{2,}\([^()]*\)$")  # a note on a command, set apart after it


def _escaped_lines(texts: list[str]) -> bool:
    """Whether a paragraph's lines are a string set out over lines, most with a space
    escaped by a backslash (`\\ Manual\\ page\\ \\$MAN_PN\\ ?ltline` over `byte\\ %bB`): no
    prose writes `\\ `, a shell or a program's string does."""
    return len(texts) >= 2 and sum(_ESCAPED_SPACE.search(t) is not None for t in texts) >= ESCAPED_SHARE * len(texts)


ESCAPED_SHARE = 0.5


def _commented_lines(texts: list[str]) -> bool:
    """Whether a paragraph's lines are commands, each with a comment set apart after it
    (`echo bit | frob -n "s/b/n/2"    # solution 1`): a script's lines, not prose."""
    return bool(texts) and all((m := _TRAILING_COMMENT.search(t)) is not None and not is_prose_line(t[:m.start() + 1])
                               for t in texts)


_NOTE_ONLY = re.compile(r"\([^()]*\)")  # `(read as 2 bytes, 0D 0A in DOS)`: a note, no text of its own
_TRAILING_COMMENT = re.compile(r"\S\s{2,}# \S")  # a shell comment after a command, set apart by spaces
_ESCAPED_SPACE = re.compile(r"(?<=\S)\\ (?=\S)")  # `page\ name`, not prose naming the character (`by \ are`)


def _assignments(texts: list[str]) -> bool:
    """Whether the lines of a paragraph each set a name to a value (a module's data,
    `DEBUG = 10` over `ERROR = 40`; a settings file): code, one a line, never a run of
    prose (`DEBUG = 10 ERROR = 40 ...`)."""
    return len(texts) >= 2 and all(ASSIGNMENT.match(t) is not None for t in texts)


def _last_joined(words: list[str], columns: int) -> tuple[str, ...]:
    """`columns` cells of `words`: one word each, the rest in the last."""
    return (*words[:columns - 1], " ".join(words[columns - 1:]))


def _near(a: set[int], b: set[int]) -> set[int]:
    """Columns of `a` that `b` has too, or one column either side (a wider cell)."""
    return {c for c in a if c in b or c - 1 in b or c + 1 in b}


def _unit_cells(tokens: list[str], columns: int) -> tuple[str, ...] | None:
    """A row's values when joining each unit to the number before it (`256 KiB`) gives
    `columns` of them, else None."""
    cells: list[str] = []
    for token in tokens:
        if cells and _UNIT.match(token) and _NUMBER.match(cells[-1]):
            cells[-1] = f"{cells[-1]} {token}"
        elif token:
            cells.append(token)
    if len(cells) != columns or _UNIT.match(cells[0]):
        return None
    return tuple(cells)


def _wrapped_first_cells(rows: list[tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """Rows with a first cell wrapped onto the line under it rejoined: a row of nothing
    but a plain lower-case word or two in the first column goes on the row above's
    first cell of words (`continuation hy‐` over `phen`, `bullet (middle` over `dot)`);
    a name alone in a row (`rectangle-on`, a command with no keys) is a row."""
    out: list[tuple[str, ...]] = []
    for row in rows:
        if out and _WRAPPED_WORDS.fullmatch(row[0]) and not any(row[1:]) \
                and (_WRAPPED_WORDS.fullmatch(out[-1][0].split(" ")[-1]) or out[-1][0].endswith(_HYPHENS)
                     or "(" in out[-1][0].split(" ")[-1]) and not _SENTENCE_END.search(out[-1][0]):
            out[-1] = (joined_lines([out[-1][0], row[0]]), *out[-1][1:])
        else:
            out.append(row)
    return tuple(out)


_WRAPPED_WORDS = re.compile(r"[a-z]+\)?(?: [a-z]+\)?)?")  # a wrapped cell's rest: plain words (not `rectangle-on`)
_HEADER_RULE = re.compile(r"^[─━═=-]{3,}$")


def _ends_clause(tag: str) -> bool:
    """Whether the words before a gap end a sentence or a clause (`them.  This merely`),
    so are no tag; an ellipsis marks a repeatable argument (`argument ...`), not an end."""
    return tag.endswith((".", ",")) and not tag.endswith("...")


def aligned_table(lines: list[_Line], ruled: bool = False) -> Table | None:
    """Lines whose columns line up under a header (`Variable name   Replaced with`
    over `popup_height   Height of menu or popup`) as a table, or None: the columns are
    cut where every line has a gap of two spaces or more, so a cell left empty (a
    column only some rows fill) keeps its place. `ruled`: a rule under the first line
    said it is the header."""
    if len(lines) < MIN_TABLE_LINES or len({line.indent for line in lines}) != 1:
        return None
    width = max(len(line.text) for line in lines)
    rows = [line.text.ljust(width) for line in lines]
    blank = [all(row[c] == " " for row in rows) for c in range(width)]
    edges = [0]
    c = 0
    while c < width:
        d = c
        while d < width and blank[d]:
            d += 1
        if d - c >= 2:  # a gap between columns
            edges += [c, d]
        c = max(d, c + 1)
    edges.append(width)
    cuts = list(zip(edges[::2], edges[1::2], strict=False))
    grid = [[row[a:b].strip() for a, b in cuts] for row in rows] if len(cuts) >= 2 else []
    if not grid or not (ruled or _header_row(lines[0].text)) or len(grid[0]) != len(_PIECE.findall(lines[0].text)) \
            or any(not r[0] for r in grid[1:]):
        return _by_header(lines, ruled)
    return Table(tuple(grid[0]), tuple(tuple(r) for r in grid[1:]))


def _header_row(text: str) -> bool:
    """Whether a line's pieces (words set apart by two spaces or more) name columns:
    capitalised names (`Variable name`, `Flag`), or, after a capitalised first one,
    single lower-case words naming a column as its values are named (`Command   short
    long` over each command's keys), set well apart, as a justified line of prose
    (`Trace  all  the  network`) never is."""
    pieces = list(_PIECE.finditer(text))
    return len(pieces) >= 2 and _HEADER_CELL.match(pieces[0].group()) is not None and all(
        (_HEADER_CELL.match(piece.group()) or (_LOWER_HEADER_CELL.match(piece.group())
                                                and piece.start() - pieces[n - 1].end() >= MIN_LOWER_HEADER_GAP))
        and not _said(piece.group()) for n, piece in enumerate(pieces) if n)


def _said(cell: str) -> bool:
    """A cell that ends a sentence of several words: a row's text, never a column's
    name (`C-z   Suspend the tmux client.`; `No.` names a column)."""
    return cell.endswith(".") and " " in cell


def _by_header(lines: list[_Line], ruled: bool = False) -> Table | None:
    """Lines cut into the columns their header's names start (`Variable name   Alias
    Replaced with`), each piece of a row (words set apart by two spaces or more) in the
    column it starts in: a cell that runs past its column (`window_active_sessions_list`)
    or a column most rows leave empty (`Alias`) no longer breaks the table. None when a
    row opens past the first column or puts two pieces in one column, but for a short
    one the header names no column for (a token's one-character form)."""
    header = [(m.start(), m.group()) for m in _PIECE.finditer(lines[0].text)]
    if not (ruled or _header_row(lines[0].text)):
        return None
    starts = [at for at, _ in header]
    rows: list[tuple[str, ...]] = []
    for line in lines[1:]:
        cells = [""] * len(starts)
        for piece in _PIECE.finditer(line.text):
            column = max(k for k, at in enumerate(starts) if at <= piece.start() + 1 or k == 0)
            if cells[column] and len(piece.group()) > MAX_UNNAMED_PIECE:
                return None
            # (a short piece of a column the header does not name joins its cell: tmux's `{start}  ^`)
            cells[column] = f"{cells[column]} {piece.group()}".strip()
        if not cells[0]:
            return None
        rows.append(tuple(cells))
    return Table(tuple(name for _, name in header), tuple(rows))


def _hang(body: list[_Line | None]) -> None:
    """An item's text wrapped with a hanging indent (`- When updating large archives
    with few entries being` over `      updated maybe display ...`) set back at the
    item's column, so it reads as the item's sentence, not as a tag over a description."""
    first, nxt = body[0], body[1] if len(body) > 1 else None
    assert first is not None
    if nxt is None or nxt.indent <= first.indent or first.text.endswith(":") or _MARKER.match(nxt.text):
        return
    # `- Add an example - original` over `      example added with note.`: a sentence the
    # first line leaves open and the next one ends, whatever its words look like
    ended = not _SENTENCE_END.search(first.text) and nxt.text.rstrip()[-1:] in ".!?"
    if not ended and (not (nxt.text[:1].islower() or is_prose_line(nxt.text)) or _looks_like_code([nxt])):
        return
    n = 1
    while n < len(body) and (line := body[n]) is not None and line.indent > first.indent and not _MARKER.match(line.text):
        body[n] = _Line(first.indent, line.text)
        n += 1


def _continues(line: str, following: str) -> bool:
    """Whether `following` goes on with the sentence of `line` (a wrapped field value:
    `GHSA-…: args2obj() double-frees when` / `jq_compile_args() is given an array.`; a
    field's value as long as a wrapped line of prose, its sentence not ended:
    `Caveat: this only works if frob may read the status` / `(via stat(2)) of ...`; a
    short one whose sentence goes on in parentheses, after an arrow or with an option's
    name: `CVE-1: frobd escape` / `(race)`, `CVE-2: ... symlink-race` / `-> arbitrary ACL
    set`, `CVE-3: ... a user-supplied` / `--frob-dir resolving ...`)."""
    return goes_on(line) or following[:1].islower() or (
        (len(line.split()) >= MIN_WRAPPED_WORDS or following.startswith(("(", "-", "→", "& ")))
        and not _SENTENCE_END.search(line))


def _ends_early(line: str, following: str) -> bool:
    """Whether a paragraph ends after `line` although no blank line follows: wrapped
    text fills its lines, so a line under half as long as a full, capitalised next
    line ended there (a PDF loses the blank line between a parameter name such as
    `frob.conf` and the sentence under it)."""
    return len(following) >= 50 and len(line) < 0.5 * len(following) and following[:1].isupper()


def _centred_under(title: _Line, rule: _Line) -> bool:
    """Whether `rule` underlines `title` set centred: it starts at most two columns
    left of the title and ends no sooner than it."""
    return rule.indent <= title.indent <= rule.indent + 2 and rule.indent + len(rule.text) >= title.indent + len(title.text)


def _entries(items: ItemList) -> Terms | None:
    """A bulleted list whose items are entries -- each a tag over its description
    (`○   --raw-output / -r:` over the lines indented under it, as a manual page rendered
    to text sets its options) -- is that definition list, or None. An item that is a
    name alone over its description (`○   --unbuffered`, its colon missing) is an entry
    among them. Most of its items must be entries already: a list of notes with a
    word over a paragraph stays a list."""
    if items.ordered:
        return None
    entries: list[Term] = []
    tagged = 0
    for item in items.items:
        if not item.text and len(item.children) == 1 and isinstance(item.children[0], Terms):
            entries += item.children[0].entries
            tagged += 1
        elif item.children and isinstance(item.children[0], Paragraph) and _OPTION_TAG.match(item.text):
            entries.append(Term(item.text, item.children))
        else:
            return None
    return Terms(tuple(entries)) if 2 * tagged > len(items.items) else None


def _first_number(marker_line: str) -> int:
    """The number an ordered list's first marker gives it: `3.` is 3, `(c)` is 3."""
    number = re.match(r"\(?(\d{1,3})", marker_line)
    if number:
        return int(number.group(1))
    letter = re.match(r"\(?([a-zA-Z])[.)]", marker_line)
    return ord(letter.group(1).lower()) - ord("a") + 1 if letter else 1


def _one_column(text: str) -> bool:
    """Whether the text after a tag is one column of words (`Enter copy mode and scroll`),
    not a comment (`# Jo Doe` after an address) nor more columns (`q   Escape`)."""
    return text[:1].isalnum() and "   " not in text and not _justified(text)


def _justified(text: str) -> bool:
    """Whether a line's words are spread by a justifying formatter (`Enable  fast  name
    lookup`): two gaps of two spaces or more between words; a column list's
    description is set with single spaces."""
    return len(_JUSTIFY_GAP.findall(text)) >= 2


def _option_line(text: str) -> tuple[str, str, int] | None:
    """(tag, description, column of the description) of a line that opens with an
    option and goes on with its description: `-v, --verbose  Be verbose.` (two
    spaces or more between them), or `-o file Write to file.` as a PDF sets it, one
    space before the capitalised sentence; else None."""
    inline = _INLINE_TAG.match(text)
    if inline and _OPTION_TAG.match(inline.group(1)) \
            and not (inline.group(1).endswith((".", ",")) and _OPTION.match(inline.group(3).split(" ")[0].rstrip(".,"))):
        # (`--cpu-prof-dir.  --heap-prof-dir.` is options a sentence lists, not one and its text)
        return inline.group(1), inline.group(3), inline.start(3)
    words = text.split(" ")
    if not _OPTION.match(words[0].rstrip(",")):
        return None
    arguments = 0
    for k in range(1, min(len(words) - 1, 6)):
        word = words[k]
        if word[:1].isupper() and (word[1:2].islower() or word == "A"):
            tag = " ".join(words[:k])
            return (tag, " ".join(words[k:]), len(tag) + 1) if not tag.endswith((".", ":", ";")) else None
        if not _OPTION.match(word.rstrip(",")):
            arguments += 1  # `file`, `N`, `[=WHEN]`
            if arguments > 2 or not word or word.endswith((".", ":", ";")):
                return None
    return None


_PUNCTUATED_KEY = re.compile(r"[/?&:!|^*][\w-]{1,12}")  # a pager's command with its argument: `/pattern`, `:e`


def _run_in_tag(text: str) -> tuple[str, str] | None:
    """(tag, text) of a tagged paragraph whose short tag stands on its text's first line
    with one space (`log file When the "log file" parameter is set ...`): a tag of at
    most four lower-case words, or one keyword (`Port Specifies the port ...`, not a
    word a sentence opens with, not over what a colon introduces), then a sentence: a
    capitalised word, not an identifier (`RelativePathString`), and for a keyword
    a word in lower case after it (`Object Identifier-Index` is a title's words)."""
    if (key := _NAMED_KEY.match(text)) is not None:
        return key.group(1), text[key.end():]  # `’ (Single quote.) Followed by ...`: a key, named
    words = text.split(" ")
    if len(words) >= 3 and _WORD_TERM.fullmatch(words[0]) and words[1].startswith('"') and text.endswith('"'):
        return words[0], " ".join(words[1:])  # a keyword and the message it names (`xdev "%s: file is ..."`)
    for k in range(1, min(5, len(words))):
        if SENTENCE_START.match(words[k]) and not words[k - 1].endswith((".", ",", ":", ";")) \
                and (all(w[:1].islower() or w[:1] == "-" or _SHORT_TERM.match(w) or _QUOTED_KEY.match(w)
                         or _PUNCTUATED_KEY.fullmatch(w) for w in words[:k])
                     or (k == 1 and _KEYWORD.match(words[0]) and not goes_on(words[0]) and not text.endswith(":")
                     and len(words) > 2 and _LOWER_WORD.match(words[2]) is not None)):
            return " ".join(words[:k]), " ".join(words[k:])
    return None


def _short_tagged(events: list[Heading | Block]) -> list[Heading | Block]:
    """Runs of paragraphs that each open with a short code and a sentence (`0 Successful
    termination.`, `1 Some files differ.`: exit codes, size suffixes groff set on one
    line with one space) as definition-list entries, when two or more stand together;
    so is a paragraph opening with a keyword and a sentence among keyword entries
    (`Port Specifies the port ...` between `PasswordAuthentication` and `PreferredAuthentications`)."""
    out = list(events)
    shapes = [_shape(e) for e in out]

    def split(k: int) -> list[tuple[str, str]] | None:
        event = out[k]
        if not isinstance(event, Paragraph):
            return None
        if (tag := _SHORT_TAG.match(event.text)) and (tag.group(1) not in _ARTICLES or any(
                _letter_keys(out[n]) for n in (k - 1, k + 1) if 0 <= n < len(out))):
            return [(tag.group(1), event.text[tag.end():])]  # (`A JSON object ...` among `string`, `major`: a sentence)
        if _symbol_keyed(event.text) and any(isinstance(out[n], Paragraph) and _symbol_keyed(out[n].text)  # type: ignore[union-attr]
                                             for n in (k - 1, k + 1) if 0 <= n < len(out)):
            return _keyed(event.text)  # `^N or ! Match lines ...` over `^R Read it literally ...`
        if "keys" in shapes and (keys := _KEYS_RUN_IN.match(event.text)) is not None:
            found = _keyed(event.text)  # `d or ^D Scroll forward ...`, `( Like {, ... ) Like }, ...`
            beside = any(_keys_like(out[n]) for n in (k - 1, k + 1) if 0 <= n < len(out))
            if beside or (len(found) >= 2 and len(keys.group(1)) <= MAX_LONE_KEY_CHARS):
                return found  # (keys run together hold their own list, wherever they stand)
        if _word_keyed(event.text) and any(isinstance(out[n], Paragraph) and _word_keyed(out[n].text)  # type: ignore[union-attr]
                                           for n in (k - 1, k + 1) if 0 <= n < len(out)):
            return [tuple(event.text.split(" ", 1))]  # type: ignore[list-item]  # `frob Frob 1.13.x format`
        run_in = _run_in_tag(event.text)
        shape = _term_shape(run_in[0]) if run_in is not None else None
        if shape != "keyword" and len(event.text) > MAX_RUN_IN_CHARS:
            return None  # a list's lines run together, not one value's entry
        beside = shape is not None and ((k > 0 and shapes[k - 1] == shape) or (k + 1 < len(out) and shapes[k + 1] == shape))
        return [run_in] if beside and run_in is not None else None

    splits = [split(k) for k in range(len(out))]
    for k, event in enumerate(out):  # keys between keys split just now (`}` after `{`'s text went on below)
        near = [n for n in (k - 2, k - 1, k + 1, k + 2) if 0 <= n < len(out) and splits[n] is not None
                and (abs(n - k) == 1 or _continuation(out[(n + k) // 2]))]
        if splits[k] is None and "keys" in shapes and isinstance(event, Paragraph) and near \
                and _KEYS_RUN_IN.match(event.text) and all(_KEYS.fullmatch(t) for n in near for t, _ in splits[n] or ()):
            splits[k] = _keyed(event.text)
    tagged = [splits[k] is not None or (isinstance(e, Terms) and (shapes[k] is not None or all(_SHORT_TERM.match(t.term) for t in e.entries)))
              for k, e in enumerate(out)]
    n = 0
    while n < len(out):
        m = n
        while m < len(out) and tagged[m]:
            m += 1
        if (m - n >= 2 and any(isinstance(e, Paragraph) for e in out[n:m])) or (m - n == 1 and len(splits[n] or ()) >= 2):
            for k in range(n, m):
                if (found := splits[k]) is not None:
                    out[k] = Terms(tuple(Term(tag, (Paragraph(text),)) for tag, text in found))
        n = m + 1
    return _cut_sentences_joined(out, splits)


def _cut_sentences_joined(out: list[Heading | Block], splits: list[list[tuple[str, str]] | None]) -> list[Heading | Block]:
    """The entries split out of a paragraph, with the sentence its last one breaks off
    at a line's end (`... the { command will go to the`) joined by the text that goes
    on, set deeper on the lines below (`matching right curly bracket. ...`), which the
    paragraph's reader took for a paragraph of its own."""
    joined: list[Heading | Block] = []
    for k, event in enumerate(out):
        last = joined[-1] if joined else None
        if isinstance(event, Paragraph) and _continuation(event) and k > 0 and splits[k - 1] is not None \
                and isinstance(last, Terms) and last.entries and len(last.entries[-1].body) == 1 \
                and isinstance(said := last.entries[-1].body[0], Paragraph) and not said.text.endswith((".", "!", "?", ":")):
            entry = Term(last.entries[-1].term, (Paragraph(f"{said.text} {event.text}"),))
            joined[-1] = Terms((*last.entries[:-1], entry))
            continue
        joined.append(event)
    return joined


def _wrapped_tag(block: Block) -> str | None:
    """The rest of a synopsis wrapped before its note, read as an entry under it (`frob
    [-a] [-b name]` over `file` over `(alias: fr)`): `file (alias: fr)`; else None."""
    if not isinstance(block, Terms) or len(block.entries) != 1 or _SENTENCE_END.search(block.entries[0].term):
        return None
    entry = block.entries[0]
    notes = [b.text for b in entry.body if isinstance(b, Paragraph) and _TAG_NOTE.match(b.text)]
    return " ".join([entry.term, *notes]) if notes and len(notes) == len(entry.body) else None


def _named_over_sentence(lines: list[_Line]) -> bool:
    """Whether lines are a name over the sentence that says what it is, set deeper (a
    docstring's parameter: `tenths` over `Maximal blocking delay in tenths of seconds
    (1 - 255).`): an entry, not code."""
    return len(lines) >= 2 and _IDENTIFIER.fullmatch(lines[0].text) is not None \
        and all(line.indent > lines[0].indent + 1 for line in lines[1:]) \
        and lines[1].text[:1].isupper() and lines[-1].text.endswith(".")


_IDENTIFIER = re.compile(r"[A-Za-z_][\w.-]{0,40}")


def _symbol_keyed(text: str) -> bool:
    """Whether a line opens with keys written with a symbol (`^N or !`, `^E or *`) and
    then their sentence: a pager's search modifiers, one a line."""
    keys = _KEYS_RUN_IN.match(text)
    return keys is not None and all(_SYMBOL_KEY.match(key) for key in keys.group(1).split(" or "))


# a key of a few characters with a symbol (`^N`, `!`, `*`), not a word and its stop (`Oh!`,
# `Note:`) nor a point's number (`(1)`, `a.`)
_SYMBOL_KEY = re.compile(r"^(?=\S*[^\w\s])(?![A-Za-z]+[.!?:,;]$)(?!\(?\w{1,3}[.)]$)\S{1,3}$")


def _key_tag(tag: str) -> bool:
    """Whether a run-in tag is keys one types (`K or Y`, `ESC-v`, `^N`), not a name
    (`Ann Example`, `FROB`): each a letter or two, or holding a symbol, or a word in
    capitals among other keys."""
    keys = re.split(r" or |, ", tag)
    return _KEYS.fullmatch(tag) is not None and all(
        len(key) <= 2 or not key.isalnum() or (key.isupper() and len(keys) > 1) for key in keys)


def _keyed_line(text: str) -> bool:
    """Whether a line opens with a short code and its sentence (`?a True if ...`, `0 Successful
    termination.`), not with an article (`A JSON object ...`)."""
    return _SHORT_TAG.match(text) is not None and text.split(" ", 1)[0] not in _ARTICLES


def _word_keyed(text: str) -> bool:
    """Whether a line opens with a value's name in lower case and its sentence, one
    space between (`frob Frob 1.x format`, `v7 Old V7 format.`): an entry among such lines."""
    return _WORD_KEYED.match(text) is not None


_WORD_KEYED = re.compile(r"^[a-z][a-z0-9_+-]{0,30}(?:\.[a-z0-9_+-]+)* [A-Z][\w/.'’()-]*(?: |\.?$)")


def _letter_keys(event: Heading | Block) -> bool:
    """Whether an event is a list with keys of one letter (`q`, `A`): an `A` beside it is one too."""
    return isinstance(event, Terms) and any(len(t.term) == 1 for t in event.entries)


def _continuation(event: Heading | Block) -> bool:
    """Whether an event is a paragraph going on with a sentence cut above it (`matching right ...`)."""
    return isinstance(event, Paragraph) and event.text[:1].islower()


def _keys_like(event: Heading | Block) -> bool:
    """Whether an event is a list of keys one presses (`ESC-G` alone counts: among `h
    or H` and `g or <` lists, it is one of them)."""
    return isinstance(event, Terms) and all(_KEYS.fullmatch(t.term) for t in event.entries)


def _keyed(text: str) -> list[tuple[str, str]]:
    """(keys, text) of each key a paragraph of run-in keys holds (`( Like {, but ...
    brackets. ) Like }, but ...`: a PDF ran the lines together); after the first, a
    key is one of at most three characters after a sentence's end, then a sentence."""
    first = _KEYS_RUN_IN.match(text)
    assert first is not None
    found = [(first.group(1), text[first.end(1) + 1:])]
    while (more := _NEXT_KEY.search(found[-1][1])) is not None:
        tag, said = found.pop()
        found += [(tag, said[:more.start()]), (more.group(1), said[more.end(1) + 1:])]
    return found


def _term_shape(term: str) -> str | None:
    """What kind of name a term is: a keyword (`Port`), a lower-case word (`crc32`),
    quoted characters (`"l", "g"`)."""
    if all(_QUOTED_KEY.match(part) for part in term.split(", ")):
        return "quoted"
    return "keyword" if _KEYWORD.match(term) else "word" if _WORD_TERM.match(term) else None


def _shape(event: Heading | Block) -> str | None:
    """The one kind of name all of a definition list's terms are, or None."""
    if not isinstance(event, Terms):
        return None
    shapes = {_term_shape(t.term) for t in event.entries}
    if len(shapes) == 1 and None not in shapes:
        return shapes.pop()
    return "keys" if all(_KEYS.fullmatch(t.term) for t in event.entries) \
        and any(" or " in t.term for t in event.entries) else None  # `h or H`, `R`, `ESC-F`: keys one presses


def _grouped(events: list[Heading | Block]) -> list[Heading | Block]:
    """Neighbouring definition lists as one; `Q:`/`A:` pairs as question -> answer."""
    out: list[Heading | Block] = []
    for event in _short_tagged(events):
        answer = _ANSWER.match(event.text) if isinstance(event, Paragraph) else None
        question = _QUESTION.match(out[-1].text) if answer and isinstance(out[-1], Paragraph) else None
        if answer and question:  # `Q: Why ...?` then `A: Because ...`, one line each
            out.pop()
            event = Terms((Term(question.group(1), (Paragraph(answer.group(1)),)),))
        if isinstance(event, Paragraph) and out and isinstance(out[-1], Terms) and SIGNATURE.fullmatch(event.text) \
                and all(SIGNATURE.fullmatch(t.term) for t in out[-1].entries):
            event = Terms((Term(event.text, ()),))  # `warn(self, msg)` with no docstring among its class's methods
        if isinstance(event, Paragraph) and out and isinstance(out[-1], Terms) and out[-1].entries \
                and _symbol_keyed(event.text) and _SYMBOL_KEY.match(out[-1].entries[-1].term.split(" ", 1)[0]):
            # `^G Delete the command line.` on one line after `^U ...` over its text: the keys' last entry
            event = Terms(tuple(Term(tag, (Paragraph(text),)) for tag, text in _keyed(event.text)))
        if isinstance(event, Terms) and out and isinstance(out[-1], Terms):
            out[-1] = Terms(out[-1].entries + event.entries)
        elif isinstance(event, Paragraph) and out and isinstance(last := out[-1], Paragraph) and _broken_off(last.text, event.text):
            out[-1] = Paragraph(f"{last.text} {event.text}")
        else:
            out.append(event)
    return [_questions(e) if isinstance(e, Terms) else e for e in out]


def _broken_off(text: str, following: str) -> bool:
    """Whether a blank line broke a sentence in two (a manual's `(frob-unicode,
    space-frob,` / blank / `quote-unicode)`): it ends on a comma inside parentheses it
    opened, and the next paragraph opens in lower case and closes them."""
    return text.endswith(",") and text.count("(") > text.count(")") and following[:1].islower() \
        and following.count(")") > following.count("(")


def _questions(terms: Terms) -> Terms:
    entries = terms.entries
    if len(entries) < 2 or {e.term.casefold() for e in entries} - {"q:", "a:", "q.", "a.", "q", "a"}:
        return terms
    pairs: list[Term] = []
    for n in range(0, len(entries) - 1, 2):
        question, answer = entries[n], entries[n + 1]
        if question.term[:1].casefold() != "q" or answer.term[:1].casefold() != "a":
            return terms
        pairs.append(Term(question.description, answer.body))
    return Terms(tuple(pairs))


def _body_indent(lines: list[_Line | None]) -> int:
    """The indentation a text's body stands at when its headings stand left of it (a
    man page: 7 columns; its options' descriptions stand further in), else 0."""
    counts: dict[int, int] = {}
    for line in lines:
        if line is not None and not (line.indent == 0 and _is_caps_heading(line)):  # headings stand left
            counts[line.indent] = counts.get(line.indent, 0) + 1
    total = sum(counts.values())
    if not total or counts.get(0, 0) >= 0.2 * total:
        return 0
    return min((k for k, n in counts.items() if k > 0 and n >= 0.1 * total), default=0)


def read_text(text: str) -> Outline:
    """The outline of a plain text (see the module docstring)."""
    lines = _lines(text)
    outline_mode = any(line is not None and line.indent == 0 and line.text.startswith("** ") for line in lines) \
        or _starred_titles(lines)
    reader = _Reader(lines, outline_mode, _body_indent(lines))
    return build(_lettered_under_numbered(reader.blocks(0, len(lines), True)))


def _starred_titles(lines: list[_Line | None]) -> bool:
    """Whether the text's flush-left `* ` lines are an emacs outline's titles (a
    README's `* Dependencies`, `* Installation`, each alone between blank lines over
    its paragraphs), not a list: two or more, each a few words with no sentence end,
    and no flush-left `* ` line beside another."""
    starred = [(n, line.text[2:].strip()) for n, line in enumerate(lines)
               if line is not None and line.indent == 0 and line.text.startswith("* ")]
    return len(starred) >= MIN_STARRED_TITLES and all(
        (n == 0 or lines[n - 1] is None) and n + 1 < len(lines) and lines[n + 1] is None
        and 0 < len(text.split()) <= MAX_LABEL_WORDS and text[-1] not in ".!?:;," for n, text in starred)


def _lettered_under_numbered(events: list[Heading | Block]) -> list[Heading | Block]:
    """Headings lettered `a.`, `b.` after a numbered one (`3. Finding files` then
    `a. Finding an unlinked file`) one level under it, however they are underlined."""
    out: list[Heading | Block] = []
    numbered: int | None = None
    for event in events:
        if isinstance(event, Heading):
            if _SECTION_NUMBERED.match(event.title):
                numbered = event.level
            elif _LETTERED.match(event.title) and numbered is not None:
                event = Heading(event.title, min(numbered + 1, 6))
            else:
                numbered = None
        out.append(event)
    return out
