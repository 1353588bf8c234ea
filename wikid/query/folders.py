"""The wiki's folders as the stored index last found them: how a query with no daemon
finds the pages added, removed or replaced without stat'ing every page.

Adding, removing or renaming a file changes its folder's mtime and ctime, and so does
an editor that saves by writing a new file and renaming it over the page (sed -i,
vim, emacs, a `git checkout`); the kernel sets ctime and no tool can set it back. So
a query stats each folder the record names (one `lstat` per folder instead of per
page: 1,000 instead of 100,000 in a wiki of 100 pages a folder) and lists only the
folders whose signature changed, and the folders new in them. What the record says
of a folder, at the signature it gives: its pages are those the stored index holds
in it, each as the index has it. A signature is recorded only when the folder is
older than the racy window (store.RACY_NS), as for pages; a folder recorded without
one is listed by every query until one is. Every folder holding a stored page has an
entry, so a folder that vanishes takes its pages out of the index.

What no folder shows is a page rewritten in place (its folder keeps its mtime): a
query finds that edit when the page is among its results, which it checks against
the page on disk before it reads them (store.stale_pages), or when the folder
changes for another reason; a running daemon (`wikid watch`) sees every edit.

    .wikid/query-folders
    {"generation": "<the stored index it describes>", "folders": {"": [size, mtime_ns, ctime_ns, inode], ...}}

The record is a cache beside the index: written after it, atomically, only by a
process that checked every folder it signs, and ignored unless it names the stored
index's generation (then the query walks the whole wiki once and writes it anew).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from wikid.fsio import atomic_replace
from wikid.okf.bundle import BundleFiles, scan_folders, signature

Folders = dict[str, list[int] | None]  # bundle-relative folder ("" the root) -> signature, None: list it


def load(path: Path, generation: str) -> Folders | None:
    """The folders recorded for the index of `generation`, or None (none, or another index's)."""
    try:
        record = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("generation") != generation:
        return None
    folders = record.get("folders")
    if not isinstance(folders, dict) or not all(s is None or isinstance(s, list) for s in folders.values()):
        return None
    return folders


def save(path: Path, generation: str, folders: Folders) -> None:
    """Record `folders` for the index of `generation`: best effort, like the index itself."""
    data = json.dumps({"generation": generation, "folders": folders}, ensure_ascii=True, sort_keys=True)
    try:
        atomic_replace(path, data.encode())
    except OSError:
        pass


def with_pages(folders: Folders, pages: Iterable[str]) -> Folders:
    """`folders` with an entry, unsigned where new, for each folder holding one of
    `pages` and for the folders above it: the record of an index those pages were
    added to."""
    out = dict(folders)
    for page in pages:
        parts = page.split("/")[:-1]
        for depth in range(len(parts) + 1):
            out.setdefault("/".join(parts[:depth]), None)
    return out


@dataclass(frozen=True)
class Check:
    """What changed since the record: the folders listed again (what they hold now), and
    the recorded folders that are gone."""

    listed: BundleFiles
    gone: list[str]


def check(wiki: Path, recorded: Folders) -> Check:
    """Stat each recorded folder; list those whose signature changed (or that have none)
    and the folders new in them. A folder that is no longer a folder reached without
    links is gone, and so is every recorded folder below it."""
    changed: list[str] = []
    gone: list[str] = []
    gone_set: set[str] = set()
    for folder in sorted(recorded):
        parts = folder.split("/") if folder else []
        if any("/".join(parts[:n]) in gone_set for n in range(len(parts))):
            gone.append(folder)
            gone_set.add(folder)
            continue
        try:
            st = os.stat(wiki) if folder == "" else os.lstat(wiki / folder)
        except OSError:
            st = None
        if st is None or not stat.S_ISDIR(st.st_mode):
            gone.append(folder)
            gone_set.add(folder)
        elif recorded[folder] is None or signature(st) != recorded[folder]:
            changed.append(folder)
    return Check(scan_folders(wiki, changed, skip=recorded.keys()), gone)
