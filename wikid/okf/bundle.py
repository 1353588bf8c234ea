"""Read a bundle directory from disk: its concepts and its `index.md` files.

The I/O half of index generation: walks the tree once, reads each concept's
frontmatter for its title and description, and writes back only the indexes whose
text changed (so a run with nothing new touches nothing, I7).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from wikid.fsio import NotRegularFile, atomic_replace, read_regular
from wikid.okf.frontmatter import parse_frontmatter
from wikid.okf.index import ConceptEntry, render_indexes

RESERVED_NAMES = ("index.md", "log.md")
ARCHIVE_DIR = "archive"


@dataclass(frozen=True)
class BundleFiles:
    """Concept page ids and the directories holding an `index.md`, found in one walk."""

    concept_ids: list[str]
    index_dirs: list[str]


def walk_bundle(root: Path, skip_archive: bool = True) -> BundleFiles:
    """List concept ids (sorted) and index.md directories under `root`.

    Hidden files and directories, links and the producer's `archive/` are skipped:
    none of them are concepts.
    """
    concepts: list[str] = []
    index_dirs: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        rel_dir = "" if rel_dir == "." else rel_dir
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not d.startswith(".")
            and not (skip_archive and rel_dir == "" and d == ARCHIVE_DIR)
            and not os.path.islink(os.path.join(dirpath, d))
        )
        for name in filenames:
            if name.startswith(".") or not name.endswith(".md"):
                continue
            if name == "index.md":
                index_dirs.append(rel_dir)
                continue
            if name == "log.md":
                continue
            if os.path.islink(os.path.join(dirpath, name)):
                continue
            stem = name[: -len(".md")]
            concepts.append(f"{rel_dir}/{stem}" if rel_dir else stem)
    concepts.sort()
    index_dirs.sort()
    return BundleFiles(concepts, index_dirs)


def read_concept_entry(root: Path, concept_id: str) -> ConceptEntry:
    """Title and description of one page; a broken page still gets an entry (its slug)."""
    slug = concept_id.rsplit("/", 1)[-1]
    try:
        data, _ = read_regular(root / f"{concept_id}.md")
        fm = parse_frontmatter(data.decode("utf-8"))
    except (OSError, NotRegularFile, UnicodeDecodeError):
        return ConceptEntry(concept_id, slug, "")
    return ConceptEntry(concept_id, fm.text("title") or slug, fm.text("description"))


def regenerate_indexes(root: Path) -> list[str]:
    """Rewrite every `index.md` under `root` from disk; return the bundle paths changed.

    Stale `index.md` files (directories no longer holding concepts) are removed;
    unchanged ones are left alone.
    """
    files = walk_bundle(root)
    wanted = render_indexes([read_concept_entry(root, cid) for cid in files.concept_ids])
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
