"""Data files (CSV, spreadsheets, JSON records) that name no entity of their own.

A table a tool printed -- its formats, its settings, its columns -- is kept as a data
file that says nothing about itself: no title, no name field, and a file name like
`doc-04.csv`. What it is about shows in its values: the items it lists are the words
the documents about that tool use (`smart`, `raw_html` and `auto_identifiers` are
extensions the tool's manual describes; `/usr/lib/postgresql/15/bin` names its
package). So a lone data file joins the group whose documents use its distinctive
values (`Placer`), and one that matches no group clearly keeps a page of its own,
titled from what it holds (`content_title`: its columns, its keys) unless its file's
name says what it is (`says_something`: "price-list-2025" does, "doc-04" does not).

Evidence, per group: the cosine of the data file's words and the words of the group's
documents taken together (sublinear tf x smooth idf over the batch's documents: a word
every document uses says nothing, a word the group's documents use again and again
says much). A group wins with at least MIN_COSINE and RATIO times the next group's
cosine; a tie or weak evidence leaves the data file alone, with the reason in the
batch's engine_stats.

* MIN_COSINE 0.04 -- on the held-out corpora (bench/heldout.py c and d) a data file's
  own group scores 0.057-0.27, the next group at most 0.12 where the data file names
  its entity at all.
* RATIO 1.5 -- the best group must be clearly better than the next (a listing of
  terminal types scores 0.058 with two groups: it stays alone).

A note that names nothing -- no name but its title's subject, and that only once: a
protocol's "Format of vault colon listings" -- is placed the same way, by its
vocabulary (`keyid`, `fingerprint`, `revoked`, `uid` are its tool's words):

* MIN_NOTE_COSINE 0.15 -- such a note scores 0.224 with its tool's group, the next
  group 0.139 (bench/heldout.py a); prose sharing only common words with a group (`with`, `the`,
  `files`) scores 0.05-0.08.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from wikid.document.blocks import plain, split_cells

# What a data file is, by its extension: tables and records, not configuration.
DATA_FILES = frozenset(".csv .tsv .xlsx .json .jsonl .ndjson".split())
MIN_COSINE = 0.04
MIN_NOTE_COSINE = 0.15
RATIO = 1.5
MAX_TITLE_FIELDS = 3
_TOKEN = re.compile(r"[^\W\d_][\w-]{2,}", re.UNICODE)
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_FENCED = re.compile(r"^```\w*\n(.*)\n```\s*$", re.DOTALL)


def word_counts(text: str) -> Counter[str]:
    """The words of a text that can name something -- three or more characters,
    starting with a letter (`cp1252`, `raw_html`, `util-linux`), folded -- with counts."""
    return Counter(t.casefold().strip("-") for t in _TOKEN.findall(text))


@dataclass(frozen=True)
class Placement:
    """Where a lone data file goes: the index of the group it joins (None: its own page)
    and why, for the batch's engine_stats."""

    group: int | None
    reason: str


def _vector(counts: Counter[str], idf: dict[str, float]) -> dict[str, float]:
    weights = {w: (1 + math.log(n)) * idf.get(w, 1.0) for w, n in counts.items()}
    norm = math.sqrt(sum(v * v for v in weights.values())) or 1.0
    return {w: v / norm for w, v in weights.items()}


class Placer:
    """Places lone data files among groups (see the module docstring): `groups[i]` are
    the words of group i's documents together, `documents` the words of each document
    of the batch (for idf). Each group's vector is indexed by word once, so placing a
    data file costs its own words, not the batch's."""

    def __init__(self, groups: Sequence[Counter[str]], documents: Sequence[Counter[str]]) -> None:
        df: Counter[str] = Counter(w for counts in documents for w in counts)
        self.idf = {w: math.log((len(documents) + 1) / (n + 1)) + 1 for w, n in df.items()}
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for i, counts in enumerate(groups):
            for w, v in _vector(counts, self.idf).items():
                self.postings.setdefault(w, []).append((i, v))

    def scores(self, data: Counter[str]) -> list[tuple[float, int]]:
        """(cosine, group index) of every group sharing a word with `data`, best first
        (ties to the lower index)."""
        mine = _vector(data, self.idf)
        totals: dict[int, float] = {}
        for w, v in mine.items():
            for i, theirs in self.postings.get(w, ()):
                totals[i] = totals.get(i, 0.0) + v * theirs
        return sorted(((round(t, 9), i) for i, t in totals.items()), key=lambda ti: (-ti[0], ti[1]))

    def place(self, data: Counter[str], note: bool = False) -> Placement:
        """The group whose documents use the values of a data file (`data`, its words)
        most, or none. A note's prose (`note`) shares common words with any text -- a
        note on cabinets scores 0.056 with a tool's manual and FAQ, one on a server's
        workers 0.077 with a README -- so a note needs MIN_NOTE_COSINE; a data file's
        values are the items it lists."""
        what = "words" if note else "values"
        if not data:
            return Placement(None, "it holds no words to match")
        scores = self.scores(data)
        best = scores[0][0] if scores else 0.0
        least = MIN_NOTE_COSINE if note else MIN_COSINE
        if best < least:
            return Placement(None, f"no group's documents use its {what} (best cosine {best:.3f} < {least})")
        runner_up = scores[1][0] if len(scores) > 1 else 0.0
        if best < RATIO * runner_up:
            return Placement(None, f"two groups use its {what} alike (cosine {best:.3f} and {runner_up:.3f})")
        return Placement(scores[0][1], f"its {what} are the words of that group's documents (cosine {best:.3f})")


def _header(text: str) -> list[str]:
    """The header cells of the first table of an extracted text (a CSV or a sheet)."""
    lines = text.splitlines()
    for n, line in enumerate(lines[:-1]):
        if _TABLE_ROW.match(line) and re.fullmatch(r"\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*\|?\s*", lines[n + 1]):
            return [c for c in (plain(cell) for cell in split_cells(line)) if c]
    return []


def table_title(text: str) -> str | None:
    """A title from the columns of a data file's first table ("Alias and codec table"),
    or None."""
    header = _header(text)
    return _phrase(header) + " table" if header else None


def content_title(text: str) -> str | None:
    """A title from what a data file holds: its first table's columns (`table_title`),
    else the top-level keys of its JSON ("FileApi, generators and version data"); None
    when it shows neither."""
    if (titled := table_title(text)) is not None:
        return titled
    fenced = _FENCED.match(text.strip())
    try:
        value = json.loads(fenced.group(1) if fenced else text)
    except ValueError:
        return None
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        value = value[0]  # records: their fields
    if isinstance(value, dict) and value:
        return _phrase([str(k) for k in value]) + " data"
    return None


# Words of a file name that say nothing of what the file holds ("doc-04", "export (2)").
_UNSAID = frozenset("doc docs document documents file files data export exported table tables sheet sheets "
                    "untitled new copy output download downloads tmp temp scan".split())


def says_something(stem: str) -> bool:
    """Whether a file's name says what it holds ("price-list-2025" does, "doc-04" does not)."""
    return any(len(w) >= 3 and w.casefold() not in _UNSAID for w in re.findall(r"[^\W\d_]+", stem))


def _phrase(fields: list[str]) -> str:
    """"A, b and c" of the first MAX_TITLE_FIELDS fields, the first one capitalised."""
    shown = fields[:MAX_TITLE_FIELDS]
    text = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return text[:1].upper() + text[1:]
