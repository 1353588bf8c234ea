"""Render every `index.md` of a bundle from its list of concepts (design §5).

Pure: takes concept entries, returns {directory: text}. One pass over the concepts
registers each directory and its ancestors (stopping at the first ancestor already
known), so the work is O(total concepts), not O(directories × concepts).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    from wikid.okf.frontmatter import Frontmatter

OKF_VERSION = "0.2"
ROOT_FRONTMATTER = f'---\nokf_version: "{OKF_VERSION}"\n---\n'


@dataclass(frozen=True)
class ConceptEntry:
    """What an index needs to know about one concept page."""

    id: str  # bundle path without `.md`, POSIX separators
    title: str
    description: str

    @classmethod
    def of(cls, concept_id: str, fm: Frontmatter) -> ConceptEntry:
        """A page's entry from its frontmatter: its title (its slug without one) and description."""
        return cls(concept_id, fm.text("title") or concept_id.rsplit("/", 1)[-1], fm.text("description"))


@dataclass
class _Dir:
    children: set[str] = field(default_factory=set)
    concepts: list[ConceptEntry] = field(default_factory=list)


def link_target(path: str) -> str:
    """Percent-encode a bundle path for a markdown link (spaces, parentheses, …)."""
    return quote(path, safe="/-_.~")


def _label(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _heading(directory: str) -> str:
    if not directory:
        return "# Wiki Index"
    name = directory.rsplit("/", 1)[-1].replace("-", " ").replace("_", " ").strip() or directory
    return f"# {name[:1].upper()}{name[1:]} Index"


def render_indexes(concepts: list[ConceptEntry]) -> dict[str, str]:
    """Return the text of every `index.md`, keyed by directory ('' is the bundle root)."""
    dirs: dict[str, _Dir] = {"": _Dir()}
    for concept in concepts:
        parent, _, _ = concept.id.rpartition("/")
        node = dirs.get(parent)
        if node is None:
            node = dirs[parent] = _Dir()
            child = parent
            while child:
                up, _, name = child.rpartition("/")
                known = up in dirs
                dirs.setdefault(up, _Dir()).children.add(name)
                if known:
                    break
                child = up
        node.concepts.append(concept)
    return {directory: _render(directory, node) for directory, node in dirs.items()}


def _render(directory: str, node: _Dir) -> str:
    lines = [_heading(directory), ""]
    for name in sorted(node.children):
        lines.append(f"* [{_label(name)}/]({link_target(name)}/)")
    for concept in sorted(node.concepts, key=lambda c: (c.title.casefold(), c.id)):
        slug = concept.id.rsplit("/", 1)[-1]
        entry = f"* [{_label(concept.title)}]({link_target(slug)}.md)"
        lines.append(f"{entry} - {concept.description}" if concept.description else entry)
    text = "\n".join(lines).rstrip("\n") + "\n"
    return ROOT_FRONTMATTER + text if directory == "" else text
