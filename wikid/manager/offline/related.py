"""`# Related Concepts`: pages that name each other.

Two pages are related when the text of one (title, description and body, without
its own Related Concepts list) names the entity of the other as an entity:

* a title of several words, by those words in a row ("Atlas Freight", "Order Portal");
* a title of one word, only where the text uses it as a name: a manual-page reference
  (`gzip(1)`), a command in code (`` `tar -xf` ``, a code block's `ssh host`), or,
  for a capitalised title of five letters or more, the word written with its capital
  in the middle of a sentence ("review with Bluestone"). A one-word title met as a
  plain word ("make sure", "less than", "the summary") is a common word, not a mention;
* a title of several words also by its first word alone, written so, when that word
  is capitalised, five letters or more and the first word of no other title
  ("Bluestone" for "Bluestone Green Coffee Importers Ltd.").

That relation
depends on the two pages alone, never on which documents happened to share a batch,
and it is kept symmetric: when a batch writes a page, every page this engine wrote
that it names or that names it lists it too. So a wiki built from one drop is the
same however the drop was split into batches (invariant I6). Similarity is not used
here: its scale depends on the documents vectorised together, so the same two pages
could be related in one batch and not in another.

A page lists at most MAX_RELATED others: pages it names first, then pages that name
it, each by concept id.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping

from wikid.manager.offline.textutil import eligible_name, fold, name_key, words

MAX_RELATED = 5
HEADING = "Related Concepts"
# an item of the related list as Composition.body writes it: `* [Title](/concept/id.md)`
LINK = re.compile(r"^\*\s+\[.*\]\(/(.+)\.md\)\s*$")


class TitleIndex:
    """Finds which of many names a text mentions, word by word.

    A lookup costs one set probe per word that starts some name and per distinct name
    length, so it is linear in the text whatever the number of names (a wiki of 10k
    pages) and however many of them share a first word ("Burst note 1" … "Burst note
    1500": indexing names by their first word alone made that texts × names).
    """

    def __init__(self, keys: Iterable[str]) -> None:
        self.names = {tuple(key.split()) for key in set(keys) if eligible_name(key)}
        self.firsts = {name[0] for name in self.names}
        self.lengths = sorted({len(name) for name in self.names})

    def mentioned(self, text: str) -> set[str]:
        tokens = words(text)
        found = set()
        for pos, token in enumerate(tokens):
            if token in self.firsts:
                for length in self.lengths:
                    if pos + length > len(tokens):
                        break
                    candidate = tuple(tokens[pos : pos + length])
                    if candidate in self.names:
                        found.add(" ".join(candidate))
        return found


def without_related(body: str) -> str:
    """`body` without its `# Related Concepts` heading and the link list under it."""
    kept: list[str] = []
    skipping = False
    for line in body.splitlines():
        if line.startswith("# "):
            skipping = line[2:].strip().casefold() == HEADING.casefold()
            if skipping:
                continue
        elif skipping and (not line.strip() or LINK.match(line)):
            continue
        else:
            skipping = False
        kept.append(line)
    return "\n".join(kept)


def listed(body: str) -> list[str]:
    """Concept ids the page's `# Related Concepts` list links to, in order."""
    ids: list[str] = []
    inside = False
    for line in body.splitlines():
        if line.startswith("# "):
            inside = line[2:].strip().casefold() == HEADING.casefold()
        elif inside and (m := LINK.match(line)):
            ids.append(m.group(1))
        elif inside and line.strip():
            inside = False
    return ids


def page_text(title: str, description: str, body: str) -> str:
    """What a page says, for finding the titles it mentions."""
    return "\n".join([title, description, without_related(body)])


_MAN_REFERENCE = re.compile(r"(?<![\w./-])([A-Za-z_][\w.+-]{0,40})\\?\((\d[a-z]{0,6})\\?\)")
# What every manual-page reference holds, found at C speed (a literal first character):
# a page without it is not searched for references (430 us a page of the 10k bench).
_SECTION_NUMBER = re.compile(r"\(\d")
_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_FENCE = re.compile(r"^(`{3,}|~{3,})")
_COMMAND_SPLIT = re.compile(r"\|\||&&|[|;]|\$\(")
_PROMPT = frozenset({"$", "#", "%", ">", "sudo", "env", "exec", "time", "nohup"})
_CAPITALISED = re.compile(r"(?<=[a-z0-9,;:)] )[A-Z][\w-]{4,}\b")  # after a word: not a sentence's first


def _code_commands(text: str) -> set[str]:
    """Folded names a text uses as commands: the first word of each command in its
    inline code and code blocks (after a prompt, `sudo`, `VAR=value`)."""
    snippets = [m.group(1) for m in _INLINE_CODE.finditer(text)]
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line.strip()):
            fenced = not fenced
        elif fenced:
            snippets.append(line)
    found = set()
    for snippet in snippets:
        for command in _COMMAND_SPLIT.split(snippet):
            tokens = [t for t in command.split() if t not in _PROMPT and "=" not in t]
            if tokens:
                found.add(fold(tokens[0].rsplit("/", 1)[-1]))
    return found


def entity_names(text: str) -> set[str]:
    """The one-word names `text` uses as names of things (see the module docstring):
    folded manual-page references and commands in code, and capitalised words as written."""
    references = _MAN_REFERENCE.finditer(text) if _SECTION_NUMBER.search(text) else ()
    return ({fold(m.group(1)) for m in references} | _code_commands(text)
            | {f"^{word}" for word in _CAPITALISED.findall(text)})


def mentions(texts: Mapping[str, str], titles: Mapping[str, str]) -> dict[str, set[str]]:
    """For each page of `texts`, the pages of `titles` it names (not itself)."""
    phrases: dict[str, list[str]] = defaultdict(list)
    single: dict[str, list[str]] = defaultdict(list)  # folded one-word title, `^Title` as written
    heads: dict[str, set[str]] = defaultdict(set)
    for page, title in titles.items():
        key = name_key(title)
        first = title.split()[0].strip(".,;:") if title.split() else ""
        if " " in key:
            phrases[key].append(page)
        elif key:
            single[key].append(page)
        if first[:1].isupper() and len(first) >= 5 and first.isalpha():
            heads[f"^{first}"].add(page)
    for head, pages in heads.items():
        if len(pages) == 1:
            single[head] += pages
    index = TitleIndex(phrases)
    out: dict[str, set[str]] = {}
    for page, text in texts.items():
        named = [other for key in index.mentioned(text) for other in phrases[key]]
        if single:
            named += [other for name in entity_names(text) for other in single.get(name, ())]
        out[page] = set(named) - {page}
    return out


def ranked(page: str, names: set[str], named_by: set[str]) -> list[str]:
    """The related list of `page`: pages it names, then pages naming it, by id; at most MAX_RELATED."""
    scores = dict.fromkeys(named_by, 1) | dict.fromkeys(names, 2)
    scores.pop(page, None)
    return [other for other, _ in sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:MAX_RELATED]]
