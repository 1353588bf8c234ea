"""Markdown to HTML a browser may show: a real CommonMark renderer, then a sanitizer.

Pages hold text taken from documents nobody vetted, and a person may put raw HTML in
a page. So the HTML that markdown-it renders (CommonMark, tables, strikethrough,
footnotes; raw HTML allowed through) goes through nh3 (Ammonia) with an allow-list:
no script, style, form, frame or object survives, no `on*` attribute, no URL but
http(s), mailto and relative ones, and no image from another host (loading one would
tell that host the page was read). The few ids and classes the renderer itself sets
(footnote anchors, heading anchors prefixed `h-`, table alignment, open-conflict rows)
are the only ones kept, so a page cannot restyle or shadow the site's own elements.

Links are made absolute under `/wiki/` here, where the page's folder is known: a page
links its neighbours as `/vendors/acme.md` (bundle-rooted) or `acme.md` (relative),
and both must lead to the same URL wherever the page is shown. A link that climbs out
of the bundle loses its target.
"""

from __future__ import annotations

import functools
import re
from urllib.parse import quote

import nh3
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.anchors import anchors_plugin
from mdit_py_plugins.anchors.index import slugify
from mdit_py_plugins.footnote import footnote_plugin

from wikid.okf.lint_markdown import resolve_link, unverified_rows

WIKI_URL = "/wiki/"
HEADING_PREFIX = "h-"  # heading ids: `#h-conflicts`, never an id the site's own elements use
OPEN_CONFLICT = "conflict-open"
_ALIGN = re.compile(r"^text-align:(left|right|center)$")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
_OWN_ID = re.compile(r"^(?:fn\d+|fnref\d+(?::\d+)?|h-[\w-]+)$")
_TAGS = nh3.ALLOWED_TAGS - {"map", "area"}  # image maps carry links of their own
_ATTRIBUTES = {
    **{tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()},
    "*": {"id"},  # classes: only those of _CLASSES (Ammonia wants them out of here)
}
_CLASSES = {
    "sup": {"footnote-ref"},
    "a": {"footnote-backref"},
    "hr": {"footnotes-sep"},
    "section": {"footnotes"},
    "ol": {"footnotes-list"},
    "li": {"footnote-item"},
    "th": {"align-left", "align-right", "align-center"},
    "td": {"align-left", "align-right", "align-center"},
    "tr": {OPEN_CONFLICT},
}


def _is_external(url: str) -> bool:
    return url.startswith("//") or bool(_SCHEME.match(url))


def _keep_attribute(tag: str, attr: str, value: str) -> str | None:
    """Ammonia's filter hook: ids only of the renderer's own shape; images only from here."""
    if attr == "id":
        return value if _OWN_ID.match(value) else None
    if tag == "img" and attr == "src" and _is_external(value.strip()):
        return None
    return value


def sanitize(html: str) -> str:
    """`html` with everything that could run, load or restyle removed (see the module docstring)."""
    return nh3.clean(html, tags=_TAGS, attributes=_ATTRIBUTES, attribute_filter=_keep_attribute,
                     url_schemes={"http", "https", "mailto"}, allowed_classes=_CLASSES,
                     link_rel="noopener noreferrer nofollow")


def wiki_url(path: str, folder: bool = False) -> str:
    """The URL of a bundle path (`vendors/acme.md`, or a folder) on this server."""
    return WIKI_URL + quote(path, safe="/-_.~") + ("/" if folder and path else "")


def _local_url(target: str, page_dir: str) -> str | None:
    """Where a link written in a page of folder `page_dir` leads on this server: bundle
    paths under /wiki/ (with their #fragment), anything else as written; None for a
    path that leaves the bundle."""
    resolved = resolve_link(target, page_dir)
    if resolved is None:
        return target
    if resolved.outside:
        return None
    fragment = target.partition("#")[2]
    url = wiki_url(resolved.path, resolved.wants_dir)
    return f"{url}#{fragment}" if fragment else url


def _rewrite(tokens: list[Token], page_dir: str) -> None:
    """Make links absolute, turn outside images into links, and alignment into classes."""
    for token in tokens:
        if token.children:
            _rewrite(token.children, page_dir)
        if token.type == "link_open":
            href = str(token.attrGet("href") or "")
            local = _local_url(href, page_dir)
            if local is None:
                token.attrs.pop("href", None)
            else:
                token.attrSet("href", local)
        elif token.type == "image":
            src = str(token.attrGet("src") or "")
            if not _is_external(src) and (local := _local_url(src, page_dir)) is not None:
                token.attrSet("src", local)
            else:
                token.attrs.pop("src", None)
        elif token.type in ("th_open", "td_open"):
            style = str(token.attrs.pop("style", ""))
            if match := _ALIGN.match(style):
                token.attrSet("class", f"align-{match.group(1)}")


def _mark_open_conflicts(tokens: list[Token], body: str) -> None:
    """Highlight the rows of a `# Conflicts` table no source settles (the linter's and the
    query's rule, okf.lint_markdown.unverified_rows), found by the line they come from."""
    lines = {line for _, line in unverified_rows(body)}
    if lines:
        for token in tokens:
            if token.type == "tr_open" and token.map and token.map[0] in lines:
                token.attrSet("class", OPEN_CONFLICT)


def _footnote_caption(renderer: object, tokens: list[Token], idx: int, options: object, env: object) -> str:
    """`[1]` for every reference to footnote 1 (the plugin numbers repeats `[1:13]`)."""
    return f"[{tokens[idx].meta['id'] + 1}]"


@functools.cache
def _parser() -> MarkdownIt:
    md = (MarkdownIt("commonmark", {"html": True, "linkify": False, "typographer": False})
          .enable(["table", "strikethrough"])
          .use(footnote_plugin)
          .use(anchors_plugin, min_level=1, max_level=6, slug_func=lambda text: HEADING_PREFIX + slugify(text)))
    md.add_render_rule("footnote_caption", _footnote_caption)
    return md


def render(body: str, page_dir: str = "") -> str:
    """Safe HTML for a page's (or an index's) markdown body written in folder `page_dir`."""
    md = _parser()
    env: dict[str, object] = {}
    tokens = md.parse(body, env)
    _rewrite(tokens, page_dir)
    _mark_open_conflicts(tokens, body)
    return sanitize(md.renderer.render(tokens, md.options, env))
