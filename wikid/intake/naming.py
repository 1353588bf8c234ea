"""Names wikid derives from an input path: the wiki page path and archive names.

Pure functions, so the rules of design §2.3 and §3 can be read and tested here.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from datetime import UTC, datetime
from itertools import count

from wikid.filenames import split_name

MARKDOWN_SUFFIXES = (".md", ".markdown")


def is_markdown(name: str) -> bool:
    return split_name(name)[1].lower() in MARKDOWN_SUFFIXES


def page_rel(input_rel: str) -> str:
    """Wiki path of a conformant input: the extension normalised to lower-case `.md`."""
    directory, _, name = input_rel.rpartition("/")
    stem, _ = split_name(name)
    page = f"{stem}.md"
    return f"{directory}/{page}" if directory else page


def extracted_text_rel(input_rel: str) -> str:
    """Where an input's extracted text is archived first: `<dirs>/<stem>-extracted.txt`."""
    directory, _, name = input_rel.rpartition("/")
    text = f"{split_name(name)[0]}-extracted.txt"
    return f"{directory}/{text}" if directory else text


@functools.lru_cache(maxsize=4)  # one batch asks thousands of times for the same instant
def _stamp(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%d-%H%M")


def archive_candidates(rel: str, when: datetime) -> Iterator[str]:
    """Archive-relative names to try, in order, for the original at `rel` (design §3).

    `<name>`, then `<stem>.<YYYY-MM-DD-HHMM><ext>`, then `<stem>.<stamp>.<N><ext>`;
    a markdown original gets `.orig` outermost so it never reads as a concept.
    """
    directory, _, name = rel.rpartition("/")
    prefix = f"{directory}/" if directory else ""
    orig = ".orig" if is_markdown(name) else ""
    stem, ext = split_name(name)
    stamp = _stamp(when)
    yield f"{prefix}{name}{orig}"
    yield f"{prefix}{stem}.{stamp}{ext}{orig}"
    for n in count(1):
        yield f"{prefix}{stem}.{stamp}.{n}{ext}{orig}"


def archive_family(rel: str, when: datetime) -> str:
    """A key shared by every markdown path whose archive names (`archive_candidates` at
    `when`) may coincide with those of markdown path `rel` (conformant intake archives
    only markdown originals and pages), so that claims of different families may run at
    the same time and still take the names a serial run would.

    Such names are `<stem>[.<stamp>[.<N>]]<suffix>.orig`, so two coincide only if their
    folders and suffixes agree and so do their stems once the `.<stamp>` / `.<stamp>.<N>`
    endings are cut off: the key is the folder, that stem and the suffix, compared in NFC
    and without case (as some filesystems compare names).
    """
    directory, _, name = unicodedata.normalize("NFC", rel).casefold().rpartition("/")
    stem, ext = split_name(name)
    ending = re.compile(rf"\.{re.escape(_stamp(when))}(?:\.\d+)?$")
    while (match := ending.search(stem)) is not None:
        stem = stem[: match.start()]
    return f"{directory}/{stem}{ext}"
