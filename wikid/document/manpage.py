"""A manual page's parts, whatever format it came in (groff text, HTML, PDF, markdown).

A manual page is recognised by its NAME section (`name[, name …] - what it does`).
Its SYNOPSIS gives the usage forms (wrapped forms joined; several forms on one
paragraph split where each next form starts with the command's name), SEE ALSO the
manual pages it refers to (`gzip(1)`), AUTHOR(S) and REPORTING BUGS who wrote it and
where bugs go. Its other sections (DESCRIPTION, OPTIONS, EXIT STATUS, FILES …) are
content like any document's: they are returned in order for the page to carry.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace

from wikid.document.furniture import YEAR
from wikid.document.linekinds import spanned
from wikid.document.model import Block, Code, ItemList, Outline, Paragraph, Section, Term, Terms, block_text, sections
from wikid.document.sentences import is_sentence, split_sentences

NAME_TITLES = frozenset({"name", "nom", "nombre", "名前"})
SYNOPSIS_TITLES = frozenset({"synopsis", "syntax", "usage"})
SEE_ALSO_TITLES = frozenset({"see also", "related", "see"})
AUTHOR_TITLES = frozenset({"author", "authors", "written by"})
BUGS_TITLES = frozenset({"reporting bugs", "bug reports", "reporting problems"})
OWN_TITLES = NAME_TITLES | SYNOPSIS_TITLES | SEE_ALSO_TITLES | AUTHOR_TITLES | BUGS_TITLES | {"copyright", "colophon"}
_NAME_SEP = re.compile(r"\s+(?:\\?-{1,2}|—|–)\s+|\s+(?:\\?-|—|–)$")
# what a SEE ALSO says of a page it names, in parentheses after it (`(available in the
# frob-utils package)`), not another reference's section
_ANNOTATION = re.compile(r"\s?(\((?!\d[a-zA-Z]{0,8}\))[^()]{3,80}\))")
_REFERENCE = re.compile(r"(?<![\w./-])((?=\d*[A-Za-z_])[\w][\w.+:-]{0,60})\s?\((\d[a-zA-Z]{0,8}|n|l)\)")
_FORM_CHARS = re.compile(r"[\[\]{}<>|-]|\.\.\.")
MAX_NAME_CHARS = 60
MAX_GROUP_LABEL_WORDS = 10  # `Groff macro packages and macro-specific utilities:` over its references
MIN_PURPOSE_WORDS = 3  # a DESCRIPTION's first sentence this long says what a NAME-only entity is
MAX_AUTHOR_WORDS = 4  # `Timo Savola` alone on its line after named addresses: one more author
_ADDRESS = re.compile(r"^<?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?$|^<?https?://\S+>?$")
MIN_RUN_ON_WORDS = 8  # prose this long after a synopsis's forms is the text a converter ran on, no form
MAX_PLAIN_FORM_WORDS = 3  # a usage form without brackets or options: `frobrecover filename`
_COMMAND_NAME = re.compile(r"^[a-z][\w.+-]{0,59}$")  # `frobcat`: a command as a NAME line names it


@dataclass(frozen=True)
class ManPage:
    names: tuple[str, ...]
    purpose: str
    name_line: str  # the NAME line as written, wrapped lines joined
    synopsis: tuple[str, ...]  # usage forms, and labels (`Traditional usage:`) before groups of them
    synopsis_notes: tuple[str, ...]  # the synopsis's sentences about its forms (`Usages with just one SRC ...`)
    see_also: tuple[str, ...]  # `name(section)` references, in order
    author: str | None
    bugs: str | None  # where to report bugs (the section's first sentence)
    content: tuple[Section, ...]  # every other section, in order
    see_also_notes: tuple[str, ...] = ()  # the sentences of its SEE ALSO (`The full documentation ... is maintained as a Texinfo manual`)
    section: str = ""  # the manual's section its header gives (`FROB(1)`: "1"), "" when it gives none
    # its references under the labels that group them (`Roff preprocessors:` over `eqn(1), pic(1)`), when it has two or more
    see_also_groups: tuple[tuple[str, tuple[str, ...]], ...] = ()


def _key(title: str) -> str:
    """A section title compared: `SYNOPSIS (deprecated)` is the synopsis."""
    return " ".join(re.sub(r"\s*\([^)]*\)\s*$", "", title).casefold().strip(" :").split())


def _first_paragraph(blocks: tuple[Block, ...]) -> str | None:
    for block in blocks:
        if isinstance(block, Paragraph):
            return block.text
        if isinstance(block, Code):
            return " ".join(block.text.split())
        if isinstance(block, ItemList) and block.items:
            return block.items[0].text  # (`Report bugs to: bug-frob@example.org` first in a list of addresses)
    return None


_NAMED_ADDRESS = re.compile(r"\s*([^()@]+?)\.?\s*\(\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*\)\s*[.,;]?")


def _named_addresses(text: str) -> list[str]:
    """The names of a paragraph that is nothing but names, each with its address in
    parentheses, or none."""
    found: list[str] = []
    at = 0
    while at < len(text):
        named = _NAMED_ADDRESS.match(text, at)
        if named is None:
            return []
        found.append(named.group(1).strip())
        at = named.end()
    return found


def _authors(blocks: tuple[Block, ...]) -> str | None:
    """Who wrote the program: every name of an AUTHORS section that lists them (each
    over its address, or a name alone on its line), joined; else its first paragraph.
    The last name of a list is not the only author."""
    names: list[str] = []
    for block in blocks:
        listed = _named_addresses(block.text) if isinstance(block, Paragraph) and not names else []
        if len(listed) >= 2:
            names += listed  # `Wilf. (g.w@example.org). Fabrizio Polacco (fp@example.org).` run together
        elif isinstance(block, Terms) and all(_ADDRESS.match(" ".join(block_text(b) for b in e.body)) for e in block.entries):
            names += [e.term for e in block.entries]
        elif isinstance(block, Paragraph) and names and len(block.text.split()) <= MAX_AUTHOR_WORDS \
                and not re.search(r"[.:;!?]$", block.text):
            names.append(block.text)
        else:
            break
    if len(names) < 2:
        return _first_paragraph(blocks)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _dashed(line: str, blocks: tuple[Block, ...]) -> tuple[tuple[str, ...], str] | None:
    """(names, purpose) of a NAME line a converter broke before its dash (`frob` over
    `- insert new values ...`, which Markdown reads as a list of one item); else None."""
    rest = [b for b in blocks if not (isinstance(b, Paragraph) and b.text == line)]
    listed = rest[0] if rest else None
    if isinstance(listed, ItemList) and len(listed.items) == 1 and not listed.ordered and listed.items[0].text:
        return name_of(f"{line} - {listed.items[0].text}")
    return None


def _described(line: str, siblings: list[Section]) -> tuple[tuple[str, ...], str] | None:
    """(names, purpose) of a NAME section that holds only the name (pydoc's `NAME` /
    `logging`), its purpose the first sentence of the DESCRIPTION section; else None."""
    if " " in line or len(line) > MAX_NAME_CHARS or not _COMMAND_NAME.match(line.casefold()):
        return None
    description = next((s for s in siblings if _key(s.title) == "description"), None)
    first = _first_paragraph(description.blocks) if description is not None else None
    sentence = split_sentences(first)[0] if first else ""
    whole = sentence.endswith(".") and sentence[:1].isalpha() and len(sentence.split()) >= MIN_PURPOSE_WORDS
    return ((line,), sentence.rstrip(".")) if whole else None  # (a block of `# comment` lines says no purpose)


def name_of(text: str) -> tuple[tuple[str, ...], str] | None:
    """(names, purpose) of a NAME line, or None when it is not one; the purpose "" when
    it only repeats a name (pydoc's `curses - curses`)."""
    sep = _NAME_SEP.search(text)
    if sep is None:
        return None
    names = tuple(n.strip() for n in text[: sep.start()].split(",") if n.strip())
    if not names or any(len(n) > MAX_NAME_CHARS or " " in n for n in names):
        return None
    purpose = text[sep.end():].strip()
    more = _NAME_SEP.search(purpose)
    if more is not None:
        head = purpose[: more.start()]
        listed = [n.strip() for n in head.split(",")]
        if all(_COMMAND_NAME.match(n) for n in listed):  # `frob - frob, unfrob - reshape files`: names, then it
            return names + tuple(n for n in listed if n not in names), purpose[more.end():].strip()
        return _several(names, purpose)
    return names, "" if purpose.casefold() in {n.casefold() for n in names} else purpose  # (`curses - curses`)


def _several(names: tuple[str, ...], purpose: str) -> tuple[tuple[str, ...], str]:
    """A NAME of several commands' lines, joined (`frob - reshape files frobcat - print
    them frobrecover - mend them`): the first one's purpose, and every command named."""
    rest, first, more = purpose, "", list(names)
    while (sep := _NAME_SEP.search(rest)) is not None:
        said, _, name = rest[: sep.start()].rpartition(" ")
        if len(said.split()) < 2 or not _COMMAND_NAME.match(name):
            break
        first = first or said.rstrip(" ,;")
        more.append(name)
        rest = rest[sep.end():]
    return (tuple(dict.fromkeys(more)), first) if first else (names, purpose)


def _forms(text: str, names: tuple[str, ...], notes: list[str]) -> list[str]:
    """One synopsis paragraph as its usage forms: split where a form starts with one
    of the command's names, when every piece reads as a form (brackets, options, or
    the name and an argument or two); the prose a converter ran on after them (a PDF's
    `jq [options...] filter [files...] jq can transform JSON in various ways, ...`) is
    no form but a note, added to `notes`."""
    if text.endswith(":") and _GROUP_LABEL.fullmatch(text[:-1]):
        return [text]  # `Access via frob daemon:`: a label naming the command, over its forms
    if (commented := _commented(text, names)) is not None:
        return commented
    starts = [m.start() for m in _named(names).finditer(text)]
    label = text[:starts[0]].strip() if starts else ""
    if label and _GROUP_LABEL.fullmatch(label):  # `Generate a Project Buildsystem` over its forms (cmake's)
        return [f"{label}:", *_forms(text[starts[0]:], names, notes)]
    if len(starts) < 2 or starts[0] != 0:
        return [text]
    pieces = [text[a:b].strip() for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    forms = list(itertools.takewhile(_is_form, pieces))
    if len(forms) == len(pieces):
        return pieces
    rest = " ".join(pieces[len(forms):])
    if forms and rest.rstrip()[-1:] in ".!?" and len(rest.split()) >= MIN_RUN_ON_WORDS:
        notes.append(rest)
        return forms
    return [text]


_GROUP_LABEL = re.compile(r"[A-Z][\w-]*(?: [\w-]+){0,5}")  # a few words naming the forms under them


def _named(names: tuple[str, ...]) -> re.Pattern[str]:
    """Where one of the command's `names` stands as a word of its own in a usage line."""
    return re.compile(r"(?:^|(?<=\s))(?:" + "|".join(map(re.escape, names)) + r")(?=\s|$)")


def _commented(text: str, names: tuple[str, ...]) -> list[str] | None:
    """The lines of a script a converter ran onto one line, each command after the
    comment saying what it does (`# print a help message frob -h # print the version
    frob -v`): each comment a line, each command one; None unless the text opens on a
    comment and holds two commands or more."""
    if not text.startswith("# "):
        return None
    named = _named(names)
    lines: list[str] = []
    for part in re.split(r"\s+(?=# )", text):
        # (the last time the name stands: a comment may name the command, `# install with frob frob -i x`)
        command = next(reversed(list(named.finditer(part))), None)
        if command is None:
            lines.append(part)  # a comment going on from the line before (`... in the # current directory`)
            continue
        lines += [part[:command.start()].rstrip(), part[command.start():].strip()]
    return lines if sum(not line.startswith("#") for line in lines) >= MIN_SCRIPT_COMMANDS else None


MIN_SCRIPT_COMMANDS = 2


def _is_form(piece: str) -> bool:
    return _FORM_CHARS.search(piece) is not None or len(piece.split()) <= MAX_PLAIN_FORM_WORDS


def _is_note(text: str, names: tuple[str, ...]) -> bool:
    """A sentence about the usage forms rather than a form: it does not name the
    command and ends as a sentence (`The online version of this manpage is at ...`)."""
    named = re.search(r"(?:^|(?<=[\s:]))(?:" + "|".join(map(re.escape, names)) + r")(?=\s|$)", text)
    return named is None and len(text.split()) >= 5 and text.rstrip()[-1:] in ".!?"


def _synopsis(section: Section, names: tuple[str, ...], notes: list[str]) -> list[str]:
    """The usage forms of a SYNOPSIS section; its sentences about them go to `notes`."""
    lines: list[str] = []
    for block in section.blocks:
        if isinstance(block, Code):
            lines += [" ".join(line.split()) for line in block.text.splitlines() if line.strip()]
        elif isinstance(block, Paragraph) and _is_note(block.text, names):
            notes.append(block.text)
        elif isinstance(block, Paragraph):
            lines += _forms(block.text, names, notes)
        elif isinstance(block, Terms):  # `Traditional usage` over its forms
            for entry in block.entries:
                if entry.term.strip() in names:  # the command set apart from its arguments (groff's HTML): one form
                    lines.append(" ".join(f"{entry.term} {' '.join(block_text(b) for b in entry.body)}".split()))
                    continue
                if entry.term.split()[0] in names:  # a form whose arguments hang deeper on the lines under it
                    lines += _forms(" ".join(f"{entry.term} {' '.join(block_text(b) for b in entry.body)}".split()),
                                    names, notes)
                    continue
                lines.append(f"{entry.term}:")
                lines += _synopsis(Section("", 0, entry.body, ()), names, notes)
        elif isinstance(block, ItemList):
            lines.append(block_text(block))
    for sub in section.sections:
        if sub.title:
            lines.append(f"{sub.title}:")
        lines += _synopsis(sub, names, notes)
    return lines


def read_manpage(outline: Outline) -> ManPage | None:
    """The manual page `outline` is, or None when it has no NAME section."""
    all_sections = list(sections(outline))
    name_section = next((s for s in all_sections[:12] if _key(s.title) in NAME_TITLES), None)
    if name_section is None:
        return None
    line = _first_paragraph(name_section.blocks)
    named = name_of(line) if line else None
    if named is not None and not named[1]:
        line, named = named[0][0], None  # `curses - curses` (pydoc): the name alone, its purpose said further on
    if named is None and line is not None:
        named = _dashed(line, name_section.blocks) \
            or _described(line, [s for s in all_sections if s.level == name_section.level])
        line = f"{named[0][0]} - {named[1]}" if named else line
    if named is None or line is None:
        return None
    names, purpose = named
    synopsis: list[str] = []
    notes: list[str] = []
    see_also: list[str] = []
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    author = bugs = None
    pointers: list[str] = []
    siblings = [s for s in all_sections if s.level == name_section.level]
    content: list[Section] = []
    for section in siblings:
        key = _key(section.title)
        if key in NAME_TITLES:
            continue
        if key in SYNOPSIS_TITLES and not synopsis:
            synopsis = _synopsis(section, names, notes)
            if synopsis in ([n] for n in names):
                synopsis = []  # its name again (a file's manual: `frob.conf`, a format's `term`), no way to use it
        elif key in SEE_ALSO_TITLES:
            see_also += _references(" ".join(block_text(b) for b in section.blocks))
            pointers += _see_also_notes(section)
            groups = _labelled_references(section.blocks)
        elif key in AUTHOR_TITLES or key in BUGS_TITLES:  # (a fact of them, and their words whole too)
            if key in AUTHOR_TITLES:
                author = _authors(section.blocks)
            else:
                bugs = _first_paragraph(section.blocks)
            content.append(_footless(section, names))
        elif key not in OWN_TITLES or key in SYNOPSIS_TITLES:  # a USAGE after the SYNOPSIS: how to use it, at length
            content.append(_unflattened(section, names))
    for n, section in enumerate(content if not see_also else ()):
        if section.blocks and isinstance(tail := section.blocks[-1], Paragraph) and _only_references(tail.text):
            # a converter that lost the SEE ALSO heading left its list at the end of the section before
            see_also = [f"{m.group(1)}({m.group(2)})" for m in _REFERENCE.finditer(tail.text)]
            content[n] = replace(section, blocks=section.blocks[:-1])
            break
    return ManPage(names, purpose, line, tuple(synopsis), tuple(notes), tuple(dict.fromkeys(see_also)), author, bugs,
                   tuple(content), tuple(pointers), see_also_groups=groups)


def _unflattened(section: Section, names: tuple[str, ...]) -> Section:
    """A section with the blocks a converter ran onto one line set apart again: each
    paragraph that is a script (`_commented`: an EXAMPLES section) as the code it is,
    a line each; each run of numbered values after the sentence introducing them
    (`_numbered_values`: `1 An unknown error 2 An external problem ...`) as entries."""
    blocks: list[Block] = []
    for block in section.blocks:
        if isinstance(block, Paragraph) and (lines := _commented(block.text, names)):
            block = Code("\n".join(lines))
        elif isinstance(block, Paragraph) and blocks and isinstance(blocks[-1], Paragraph) \
                and blocks[-1].text.endswith(":") and (values := _numbered_values(block.text)):
            block = Terms(tuple(Term(number, (Paragraph(meaning),)) for number, meaning in values))
        blocks.append(block)
    return replace(section, blocks=tuple(blocks), sections=tuple(_unflattened(s, names) for s in section.sections))


def _numbered_values(text: str) -> list[tuple[str, str]] | None:
    """(number, meaning) of each of the values a paragraph runs together (`1 An unknown
    error 2 There was an external problem 4 ...`: exit codes), their numbers rising; None
    for fewer than MIN_NUMBERED_VALUES or any other text."""
    parts = re.split(r"(?:^| )(\d{1,3}) (?=[A-Z])", text)
    if parts[0] or len(parts) < 2 * MIN_NUMBERED_VALUES + 1:
        return None
    values = [(parts[n], parts[n + 1].strip()) for n in range(1, len(parts), 2)]
    numbers = [int(number) for number, _ in values]
    rising = all(a < b for a, b in itertools.pairwise(numbers))
    return values if rising and all(meaning for _, meaning in values) else None


MIN_NUMBERED_VALUES = 3


def _references(text: str) -> list[str]:
    """The `name(section)` references of a text, each with the note in parentheses
    after it (`frob_sv(7) (only in Swedish locales)`)."""
    return [f"{m.group(1)}({m.group(2)})" + (f" {note.group(1)}" if (note := _ANNOTATION.match(text, m.end())) else "")
            for m in _REFERENCE.finditer(text)]


def _labelled_references(blocks: tuple[Block, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A SEE ALSO's references under the labels that group them: a short phrase ending
    on a colon (`Roff preprocessors:`) over its references, or running into them on its
    line; none unless there are two groups or more (one label is a sentence's lead-in)."""
    groups: list[tuple[str, tuple[str, ...]]] = []
    label: str | None = None
    for block in blocks:
        text = block_text(block).strip()
        head, colon, rest = text.partition(":")
        if colon and "." not in head and len(head.split()) <= MAX_GROUP_LABEL_WORDS and head[:1].isupper():
            if not rest.strip():
                label = head
                continue
            if _REFERENCE.match(rest.strip()):
                label, text = head, rest
        refs = tuple(_references(text))
        if label is not None and refs and _REFERENCE.match(text.strip()):
            groups.append((" ".join(label.split()), refs))
        label = None
    return tuple(groups) if len(groups) >= 2 else ()


def _only_references(text: str) -> bool:
    """Whether a paragraph is nothing but manual page references (`frob-ls (1),
    frob-rm (1), frob.conf (5)`), several of them."""
    return len(_REFERENCE.findall(text)) >= MIN_LISTED_REFERENCES \
        and not re.sub(r"\b(?:and|or)\b|[\s,.;]", "", _REFERENCE.sub("", text))


MIN_LISTED_REFERENCES = 3
MAX_COMMAND_WORDS = 4  # a command a sentence goes on through (`info frob`)


def _footless(section: Section, names: tuple[str, ...]) -> Section:
    """A last section without the page's footer at the end of its blocks, or of its last
    subsection's (a BSD page's author line read as a title over the footer)."""
    if section.sections:
        return replace(section, sections=(*section.sections[:-1], _footless(section.sections[-1], names)))
    return replace(section, blocks=_without_footer(section.blocks, names))


def _without_footer(blocks: tuple[Block, ...], names: tuple[str, ...]) -> tuple[Block, ...]:
    """A last section's blocks without the page's footer a converter left at their end
    (`2023-01-08      FROB(1)`, `frob 1.2   January 2020   FROB(1)`, the page's own
    `frob(1)` alone; read as a list's last entry when it stood under one)."""
    last = blocks[-1] if blocks else None
    if isinstance(last, Terms) and _footer(" ".join([last.entries[-1].term, *map(block_text, last.entries[-1].body)]), names):
        return (*blocks[:-1], Terms(last.entries[:-1])) if len(last.entries) > 1 else blocks[:-1]
    if isinstance(last, (Paragraph, Code)) and _footer(last.text, names):
        return blocks[:-1]
    return blocks


def _footer(text: str, names: tuple[str, ...]) -> bool:
    line = text.strip()
    if "\n" in line:
        return False
    own = re.fullmatch(r"([\w.+-]+)\(\d[a-zA-Z]*\)", line)  # the page's name alone, in its own case
    if own is not None:
        return own.group(1).lower() in {n.lower() for n in names}
    words = line.split()
    if len(words) >= 3 and words[0] == words[-1] and YEAR.search(line):
        return True  # a BSD page's `BSD   January 1, 1970   BSD`: the system's name each side of the date
    return len(words) <= MAX_FOOTER_WORDS and _FOOTER_END.search(line) is not None


_FOOTER_END = re.compile(r"\b[A-Z][A-Z0-9_.+-]*\(\d[a-zA-Z]*\)$")  # a footer ends with the page's name: `FROB(1)`
MAX_FOOTER_WORDS = 8


def _see_also_notes(section: Section) -> list[str]:
    """What a SEE ALSO says besides its references, in order: its sentences (`The full
    documentation ... is maintained as a Texinfo manual ...`) and where else to read,
    an address with what it is (`Frob Utils: <https://frob.example/>`, `Home Page`
    over `https://frob.example` over what is there, `https://frob.example/cli.html The
    frob-doc package.`). A page's footer left in it (`Frobsoft 2022-12-01 21`) says
    neither."""
    notes = [text for text in _run_on(section.blocks) if is_sentence(text) or _WHERE_TO_READ.search(text)]
    for block in section.blocks:
        for entry in block.entries if isinstance(block, Terms) else ():
            said = " ".join(block_text(b) for b in entry.body)
            if _ADDRESS.match(entry.term) and said:  # `https://frob.example/   the Frob homepage`
                notes.append(f"{said[:1].upper()}{said[1:]}: {entry.term}")
            elif _WHERE_TO_READ.search(said) or is_sentence(said):
                notes.append(f"{entry.term}: {said}")
    for sub in section.sections:
        said = " ".join(block_text(b) for b in sub.blocks)
        if _WHERE_TO_READ.search(said) or is_sentence(said):
            notes.append(f"{sub.title}: {said}")
    # (the references a note opens with are listed already: `frob(1), frobd(1) /usr/share/doc/frob/DEBUG`)
    # (not those a note describes: `frob(1): The main program ...`)
    notes = [rest if (rest := _LEADING_REFERENCES.sub("", note))[:1] not in ":-—" else note for note in notes]
    return [_BRACKETED_URL.sub(r"\1", note) for note in notes if re.search(r"\w", note) and not _only_references(note)]


_LEADING_REFERENCES = re.compile(r"^(?:" + _REFERENCE.pattern + r"[\s,]*(?:and\s+)?)+(?=\S)")
_BRACKETED_URL = re.compile(r"[<〈]((?:https?|ftp)://[^<>〉\s]+)[>〉]")  # `<https://frob.example/>`: the address


# where a reader can go: a web or mail address, a path of the installed documentation
_WHERE_TO_READ = re.compile(r"\b(?:https?|ftp)://|\bwww\.\w|<[^<>\s@]+@[^<>\s]+>|(?<![\w/])/usr/share/\S")


def _run_on(blocks: tuple[Block, ...]) -> list[str]:
    """The paragraphs of a section, a sentence that goes on through a one-line command
    set apart from it read whole (`... the command` / `info frob` / `should give you
    access to the complete manual.`: GNU's pointer to its Info manual)."""
    out: list[str] = []
    pending = False  # the last paragraph stopped mid-sentence before a command
    for n, block in enumerate(blocks):
        after = blocks[n + 1] if n + 1 < len(blocks) else None
        if isinstance(block, Paragraph) and out and not pending and len(block.text.split()) <= MAX_COMMAND_WORDS \
                and not out[-1].rstrip().endswith((".", ":", "!", "?")) and block.text[-1:] not in ".!?:" \
                and isinstance(after, Paragraph) and after.text[:1].islower():
            # the command set in bold as a paragraph of its own (`info frob`), code inside the sentence
            out[-1] = f"{out[-1]} {spanned(block.text)}"
            pending = True
        elif isinstance(block, Paragraph):
            if pending and out and block.text[:1].islower():
                out[-1] = f"{out[-1]} {block.text}"
            else:
                out.append(block.text)
            pending = False
        elif isinstance(block, Code) and "\n" not in block.text.strip() and out and n + 1 < len(blocks) \
                and not out[-1].rstrip().endswith((".", ":", "!", "?")):
            out[-1] = f"{out[-1]} {spanned(block.text.strip())}"
            pending = True
        else:
            pending = False
    return out


def header_section(text: str) -> str:
    """The manual section a page's header line gives (`FROB(1)   General Commands
    Manual   FROB(1)`: "1"), or ""."""
    first = next((line for line in text.split("\n", 5)[:5] if line.strip()), "")
    found = _HEADER.match(first)
    return found.group(2).casefold() if found else ""


_HEADER = re.compile(r"^\s*([\w.+:-]+)\((\d[a-zA-Z]{0,8}|n|l)\)\s")


def references(text: str) -> list[str]:
    """The `name(section)` manual-page references a text makes, in order."""
    return [f"{m.group(1)}({m.group(2)})" for m in _REFERENCE.finditer(text)]
