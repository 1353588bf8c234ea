"""`# Related Concepts`: pages that name each other.

Two pages are related when the text of one (title, description and body, without
its own Related Concepts list) mentions the title of the other. That relation
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

from wikid.manager.offline.textutil import eligible_name, name_key, words

MAX_RELATED = 5
HEADING = "Related Concepts"
_LINK = re.compile(r"^\*\s+\[.*\]\(/(.+)\.md\)\s*$")


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
        elif skipping and (not line.strip() or _LINK.match(line)):
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
        elif inside and (m := _LINK.match(line)):
            ids.append(m.group(1))
        elif inside and line.strip():
            inside = False
    return ids


def page_text(title: str, description: str, body: str) -> str:
    """What a page says, for finding the titles it mentions."""
    return "\n".join([title, description, without_related(body)])


def mentions(texts: Mapping[str, str], titles: Mapping[str, str]) -> dict[str, set[str]]:
    """For each page of `texts`, the pages of `titles` whose title it mentions (not itself)."""
    owners: dict[str, list[str]] = defaultdict(list)
    for page, title in titles.items():
        if key := name_key(title):
            owners[key].append(page)
    index = TitleIndex(owners)
    return {
        page: {other for key in index.mentioned(text) for other in owners[key] if other != page}
        for page, text in texts.items()
    }


def ranked(page: str, names: set[str], named_by: set[str]) -> list[str]:
    """The related list of `page`: pages it names, then pages naming it, by id; at most MAX_RELATED."""
    scores = {other: 1 for other in named_by} | {other: 2 for other in names}
    scores.pop(page, None)
    return [other for other, _ in sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:MAX_RELATED]]
