"""One document read as the engines read it: frontmatter, main blocks and identity.

    reading = read(text, info)   # info: the file's own properties (extract.base.INFO_KEYS)

The frontmatter a non-conformant markdown file may still carry is split off (and its
YAML refused when the frontmatter bounds refuse it), running page headers and
footers are stripped, the text is cut into blocks and its navigation dropped
(furniture.py), and the identity is read from what is left (identity.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from wikid.document.blocks import Block, parse
from wikid.document.furniture import main_blocks, strip_page_furniture, without_editor_settings
from wikid.document.identity import Identity, identify
from wikid.okf.frontmatter import refusal, split_frontmatter

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Reading:
    frontmatter: dict[str, Any]  # a leading YAML mapping, or {}
    head: str  # the frontmatter's text, as written ("" without one)
    blocks: tuple[Block, ...]  # the main content's blocks
    identity: Identity
    body: str = ""  # the text after the frontmatter, as extracted (what the outline is read from)

    @property
    def main_text(self) -> str:
        """The frontmatter and the main content's lines, as written."""
        return self.head + "\n\n".join("\n".join(b.raw) for b in self.blocks)


def frontmatter(text: str) -> tuple[dict[str, Any], str]:
    """A leading YAML mapping (a non-conformant .md may still carry one) and the body.

    Any extracted text may open with `---` (a .txt file, a PDF's first page), so the
    YAML is refused when the frontmatter bounds refuse it: 100,000 nested `[` would
    crash libyaml, and with it the process running the batch (the daemon). A key
    given twice is read as PyYAML reads it (the last value wins).
    """
    split = split_frontmatter(text)
    if split is None or refusal(split[0]):
        return {}, text
    try:
        data = yaml.load(split[0], Loader=_Loader)
    except (yaml.YAMLError, RecursionError):
        return {}, text
    return (data, text[split[1]:]) if isinstance(data, dict) else ({}, text)


def read(text: str, info: Mapping[str, str] | None = None) -> Reading:
    """`text` read as the module docstring says."""
    data, rest = frontmatter(text)
    head, body = text[: len(text) - len(rest)], strip_page_furniture(without_editor_settings(rest))
    blocks = main_blocks(parse(body))
    title = data.get("title")
    identity = identify(body, blocks, info, title if isinstance(title, str) else None, rest.rstrip().rsplit("\n", 1)[-1])
    return Reading(data, head, tuple(blocks), identity, rest)
