"""Read a bundle directory from disk: its concepts and its `index.md` files.

The I/O half of index generation: walks the tree once, reads each concept's
frontmatter for its title and description, and writes back only the indexes whose
text changed (so a run with nothing new touches nothing, I7). Titles and
descriptions are memoised by file signature in an optional cache file, so a batch of
one page in a wiki of 100k pages does not re-parse 100k frontmatters; and a caller
that already parsed a page it wrote hands it in as a `KnownPage`, so a batch does not
parse the pages it just wrote a second time either.
"""

from __future__ import annotations

import os
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from wikid.fsio import atomic_replace, read_regular
from wikid.okf.concept_id import RESERVED_DIRS
from wikid.okf.frontmatter import Frontmatter, parse_frontmatter
from wikid.okf.index import ConceptEntry, render_indexes
from wikid.state import read_json, write_json


@dataclass(frozen=True)
class BundleFiles:
    """Concept pages (id -> file signature), the directories holding an `index.md`, and
    the folders listed (bundle-relative, "" the root -> the folder's signature, taken
    before it was listed; None when it could not be listed)."""

    concepts: dict[str, list[int]]
    index_dirs: list[str]
    folders: dict[str, list[int] | None] = field(default_factory=dict)

    @property
    def concept_ids(self) -> list[str]:
        return sorted(self.concepts)


def signature(st: os.stat_result) -> list[int]:
    """What tells a page changed without reading it: size, mtime, ctime (which no tool
    can set back) and inode (a page replaced by a rename)."""
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


@dataclass(frozen=True)
class KnownPage:
    """A page whose bytes the caller holds and has already parsed: what a batch wrote.

    `signature`: the page's, taken right after it was written; while the page still
    has it, it holds `data` and is not read back (None: compare the bytes)."""

    data: bytes
    frontmatter: Frontmatter
    signature: list[int] | None = None


def walk_bundle(root: Path) -> BundleFiles:
    """Find concept pages and index.md files under `root` in one walk.

    Hidden files and directories, links and the producer's `archive/` and `trash/` are
    skipped: none of them are concepts.
    """
    return scan_folders(root, [""])


def scan_folders(root: Path, folders: Iterable[str], skip: Container[str] = ()) -> BundleFiles:
    """What `walk_bundle` finds, in `folders` (bundle-relative, "" the root) and below
    them, except below the subfolders named in `skip`: a query that knows which folders
    changed lists those and the folders new in them, not the whole wiki."""
    concepts: dict[str, list[int]] = {}
    index_dirs: list[str] = []
    listed: dict[str, list[int] | None] = {}
    stack = [(root / rel if rel else root, rel) for rel in folders]
    while stack:
        directory, rel_dir = stack.pop()
        try:
            # Before listing: a page added after the listing changes the folder after this signature.
            folder = signature(os.stat(directory) if rel_dir == "" else os.lstat(directory))
            with os.scandir(directory) as it:
                children = list(it)
        except OSError:
            listed[rel_dir] = None
            continue
        listed[rel_dir] = folder
        for child in children:
            name = child.name
            if name.startswith(".") or child.is_symlink():
                continue
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if child.is_dir(follow_symlinks=False):
                if not (rel_dir == "" and name in RESERVED_DIRS) and rel not in skip:
                    stack.append((Path(child.path), rel))
            elif name == "index.md":
                index_dirs.append(rel_dir)
            elif name.endswith(".md") and name != "log.md" and child.is_file(follow_symlinks=False):
                concepts[rel[: -len(".md")]] = signature(child.stat(follow_symlinks=False))
    index_dirs.sort()
    return BundleFiles(concepts, index_dirs, listed)


def read_concept_entry(root: Path, concept_id: str, known: KnownPage | None = None) -> ConceptEntry:
    """Title and description of one page; a broken page still gets an entry (its slug).
    When the page still holds the bytes of `known`, their parse is used: reading a page
    is cheap, parsing its YAML is not, and comparing the bytes keeps an edit made since
    the caller wrote them from going unnoticed."""
    try:
        data, _ = read_regular(root / f"{concept_id}.md")
        fm = known.frontmatter if known is not None and data == known.data else parse_frontmatter(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return ConceptEntry(concept_id, concept_id.rsplit("/", 1)[-1], "")
    return ConceptEntry.of(concept_id, fm)


def concept_entries(
    root: Path, files: BundleFiles, cache_path: Path | None = None, known: Mapping[str, KnownPage] | None = None
) -> list[ConceptEntry]:
    """Entries for every concept, re-reading only pages whose signature changed, and
    re-parsing only those that hold other bytes than the caller's `known` page
    (bundle-relative page path -> the page as the caller holds it; one that still has
    the signature it was written with is not read at all)."""
    cached = read_json(cache_path) if cache_path else None
    cached = cached if isinstance(cached, dict) else {}
    known = known or {}
    fresh: dict[str, list[object]] = {}
    entries = []
    for concept_id, sig in files.concepts.items():
        hit = cached.get(concept_id)
        page = known.get(f"{concept_id}.md")
        if isinstance(hit, list) and len(hit) == 3 and hit[0] == sig:
            entry = ConceptEntry(concept_id, str(hit[1]), str(hit[2]))
        elif page is not None and page.signature == sig:
            entry = ConceptEntry.of(concept_id, page.frontmatter)
        else:
            entry = read_concept_entry(root, concept_id, page)
        fresh[concept_id] = [sig, entry.title, entry.description]
        entries.append(entry)
    if cache_path is not None:
        write_json(cache_path, fresh)
    return entries


def cached_titles(cache_path: Path) -> dict[str, str]:
    """Concept id -> title as the last `concept_entries` saw them (a page without a title
    has its slug): the whole wiki's titles without reading a page."""
    cached = read_json(cache_path)
    if not isinstance(cached, dict):
        return {}
    return {k: str(v[1]) for k, v in cached.items() if isinstance(v, list) and len(v) == 3}


def regenerate_indexes(
    root: Path, cache_path: Path | None = None, known: Mapping[str, KnownPage] | None = None
) -> list[str]:
    """Rewrite every `index.md` under `root` from disk; return the bundle paths changed.

    Stale `index.md` files (directories no longer holding concepts) are removed;
    unchanged ones are left alone. Pages in `known` are not parsed again while they hold
    the bytes the caller has.
    """
    files = walk_bundle(root)
    wanted = render_indexes(concept_entries(root, files, cache_path, known))
    changed: list[str] = []
    for directory, text in sorted(wanted.items()):
        path = root / directory / "index.md"
        data = text.encode("utf-8")
        try:
            current = path.read_bytes()
        except OSError:
            current = None
        if current != data:
            atomic_replace(path, data)
            changed.append(f"{directory}/index.md" if directory else "index.md")
    for directory in files.index_dirs:
        if directory not in wanted:
            (root / directory / "index.md").unlink(missing_ok=True)
            changed.append(f"{directory}/index.md")
    return changed
