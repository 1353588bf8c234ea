"""Serialise and split OKF pages written by wikid's engines.

One writer for every generated page, so frontmatter always comes out the same way:
keys in the order given, strings quoted only where YAML needs it, no line folding
(a long description stays on one line), UTF-8 kept as is.
"""

from __future__ import annotations

from typing import Any

import yaml

from wikid.okf.frontmatter import parse_frontmatter

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def render_page(frontmatter: dict[str, Any], body: str) -> str:
    """A complete page: `---`, the YAML mapping, `---`, then the body ending in one newline."""
    head = yaml.dump(
        frontmatter, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1_000_000, default_flow_style=False
    )
    return f"---\n{head}---\n\n{body.strip()}\n"


def split_page(text: str) -> tuple[dict[str, Any], str]:
    """The frontmatter mapping and the body of a page (empty mapping when there is none)."""
    fm = parse_frontmatter(text)
    if fm.data is None:
        return {}, text
    return fm.data, text[fm.body_start :]
