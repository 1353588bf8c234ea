"""Rewrite the links of a page that point to moved bundle paths (pure text logic).

Used when pages move (`wikid remove` moves them to `trash/`): every link to a moved
page — inline or reference-style, written `/x.md`, relative, `wiki/`-prefixed,
percent-encoded, with a `#fragment` — and every `sources[].resource` naming one gets
the new path; the rest of the page, fenced and inline code included, is left byte for
byte.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from wikid.okf.frontmatter import split_frontmatter
from wikid.okf.index import link_target
from wikid.okf.lint_markdown import blank_code, find_links, resolve_link

_RESOURCE = re.compile(
    r"^([ \t]*(?:-[ \t]+)?resource:[ \t]*)(?:'([^'\n]*)'|\"([^\"\n]*)\"|([^\s#'\"][^\n#]*?))([ \t]*(?:#.*)?)$",
    re.MULTILINE,
)


def _moved_to(target: str, page_dir: str, moved: Mapping[str, str]) -> str | None:
    """The new link for `target` (as written in a page of `page_dir`) if it names a moved path."""
    resolved = resolve_link(target, page_dir)
    if resolved is None or resolved.outside:
        return None
    path = resolved.path
    for candidate in (path, path.removeprefix("wiki/"), f"{path}.md", f"{path.removeprefix('wiki/')}.md"):
        if candidate in moved:
            fragment = target.partition("#")[2]
            return f"/{link_target(moved[candidate])}" + (f"#{fragment}" if fragment else "")
    return None


def relink(text: str, page_rel: str, moved: Mapping[str, str]) -> tuple[str, int]:
    """`text` (the page at bundle path `page_rel`) with its links to the `moved` paths
    (old bundle path -> new) rewritten, and how many were; `text` itself when none."""
    page_dir = page_rel.rpartition("/")[0]
    split = split_frontmatter(text)
    body_start = split[1] if split else 0
    head, body = text[:body_start], text[body_start:]
    count = 0
    pieces: list[str] = []
    last = 0
    for link in sorted(find_links(blank_code(body)), key=lambda link: link.span):
        new = _moved_to(link.target, page_dir, moved)
        if new is not None:
            pieces += [body[last:link.span[0]], new]
            last = link.span[1]
            count += 1
    body = "".join(pieces) + body[last:]

    def resource(match: re.Match[str]) -> str:
        nonlocal count
        value = next(g for g in match.groups()[1:4] if g is not None)
        new = _moved_to(value.strip(), page_dir, moved)
        if new is None:
            return match.group(0)
        count += 1
        quote = "'" if match.group(2) is not None else '"' if match.group(3) is not None else ""
        return f"{match.group(1)}{quote}{new}{quote}{match.group(5)}"

    head = _RESOURCE.sub(resource, head) if "resource:" in head else head
    return (head + body, count) if count else (text, 0)
