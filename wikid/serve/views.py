"""What the templates show, computed from the wiki's text: pure functions, no I/O.

* `facts`: a page's frontmatter as a fact box - type, tags, description, each source
  with its dates and links to its archived original and extracted text, who
  generated the page and when, and any other keys as text.
* `breadcrumbs`: the folders above a path, each leading to its index.
* `list_page`: one page of a long list document (an `index.md` of 100,000 concepts,
  `log.md` after years of batches), under the headings its items fall under, so no
  request renders more than `per_page` items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wikid.query.document import archive_text_path
from wikid.serve.markdown import wiki_url

SOURCE_DATES = ("last_modified", "date", "published", "created")
SHOWN_KEYS = {"type", "title", "description", "tags", "sources", "generated"}
_ITEM = re.compile(r"^(?:[*+-]|\d+[.)])[ \t]")
_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]|$)")
_WEB = re.compile(r"^https?://", re.IGNORECASE)


@dataclass(frozen=True)
class SourceFact:
    id: str
    title: str
    dates: list[str]
    author: str
    original: str | None  # URL of the archived original (or the web address it names)
    original_name: str
    text: str | None  # URL of the extracted text


@dataclass(frozen=True)
class Facts:
    type: str
    description: str
    tags: list[str]
    sources: list[SourceFact]
    generated: str
    other: list[tuple[str, str]] = field(default_factory=list)


def _text(value: Any) -> str:
    """A frontmatter value as one line of text (a date, a number, a list, a mapping)."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    return " ".join(str(value).split()) if value is not None else ""


def _resource(value: Any) -> tuple[str | None, str]:
    """A source's `resource` as (URL here or on the web, the name to show)."""
    if isinstance(value, str):
        path = archive_text_path(value)
        if path is not None:
            return wiki_url(path), path.rsplit("/", 1)[-1]
        if _WEB.match(value):
            return value, value
    return None, _text(value)


def _source(index: int, value: Any) -> SourceFact:
    if not isinstance(value, dict):
        return SourceFact(str(index), _text(value), [], "", None, "", None)
    sid = _text(value.get("id")) or str(index)
    original, name = _resource(value.get("resource"))
    text = archive_text_path(value.get("text"))
    dates = [_text(value[key]) for key in SOURCE_DATES if value.get(key)]
    return SourceFact(sid, _text(value.get("title")) or sid, dates, _text(value.get("author")), original, name,
                      wiki_url(text) if text else None)


def facts(data: dict[str, Any]) -> Facts:
    """The fact box of a page with frontmatter `data`."""
    tags = data.get("tags")
    tag_list = [_text(t) for t in tags] if isinstance(tags, list) else ([_text(tags)] if tags else [])
    sources = data.get("sources")
    generated = data.get("generated")
    if isinstance(generated, dict):
        generated_text = " ".join(_text(generated.get(k)) for k in ("by", "at") if generated.get(k))
    else:
        generated_text = _text(generated) or _text(data.get("timestamp"))
    return Facts(
        type=_text(data.get("type")),
        description=_text(data.get("description")),
        tags=[t for t in tag_list if t],
        sources=[_source(i, s) for i, s in enumerate(sources if isinstance(sources, list) else [], 1)],
        generated=generated_text,
        other=[(str(k), _text(v)) for k, v in data.items() if k not in SHOWN_KEYS and k != "timestamp"],
    )


def breadcrumbs(parts: tuple[str, ...]) -> list[tuple[str, str]]:
    """(label, URL) of the wiki root and each folder above the last part of a bundle path."""
    crumbs = [("wiki", wiki_url(""))]
    for n in range(1, len(parts)):
        crumbs.append((parts[n - 1], wiki_url("/".join(parts[:n]), folder=True)))
    return crumbs


@dataclass(frozen=True)
class ListPage:
    markdown: str  # what to render: the preamble (first page), the headings, the items
    page: int  # 1-based, clamped to the pages there are
    pages: int
    items: int


def list_page(text: str, page: int, per_page: int) -> ListPage:
    """Page `page` of the top-level list items of `text`. Each item carries the lines
    before it since the previous item (headings, text someone wrote), and lines that
    continue it (indented, or blank); a page after the first opens with the headings in
    force where its first item's lines begin, so a heading whose items go on over the
    page break is repeated."""
    items: list[tuple[tuple[str, ...], list[str]]] = []  # (headings in force before its lines, lines)
    heads: dict[int, str] = {}
    context: tuple[str, ...] = ()
    before: list[str] = []
    in_item = False
    for line in text.split("\n"):
        if _ITEM.match(line):
            items.append((context, before + [line]))
            before, in_item = [], True
            context = tuple(heads[level] for level in sorted(heads))
            continue
        if in_item and (not line.strip() or line[:1] in " \t"):
            items[-1][1].append(line)
            continue
        in_item = False
        if heading := _HEADING.match(line):
            level = len(heading.group(1))
            heads = {lv: h for lv, h in heads.items() if lv < level}
            heads[level] = line
        before.append(line)
    if not items:
        return ListPage(text, 1, 1, 0)
    items[-1][1].extend(before)
    pages = -(-len(items) // per_page)
    page = min(max(page, 1), pages)
    shown = items[(page - 1) * per_page : page * per_page]
    out = [h for h in shown[0][0] for h in (h, "")] if page > 1 else []
    for _, lines in shown:
        out += lines
    return ListPage("\n".join(out).strip("\n") + "\n", page, pages, len(items))
