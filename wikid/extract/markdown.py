"""Markdown files: their text as written, or, when the file is mostly raw HTML, the
text of the HTML it renders to.

pandoc turns an HTML page it cannot express in markdown (pydoc's module pages, laid
out in tables) into a `.md` file that is raw HTML blocks with a few lines of markdown
between them. Read as markdown, every class, method and data entry of such a page ran
into one paragraph and the module's name was lost with its heading table. Rendered
with a CommonMark parser (raw HTML passes through) and read by the HTML extractor, the
page keeps its sections, definitions and code, as the same page saved as HTML does.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from bs4 import BeautifulSoup, Tag  # installed with markitdown
from markdown_it import MarkdownIt

from wikid.extract import html, text
from wikid.extract.base import Extracted
from wikid.okf.frontmatter import split_frontmatter

# A rule of dashes or equals signs among lines pandoc ended with a hard break (a
# docstring's `The Basics` over `----------`): the docstring's own text, not a setext
# underline making a heading of every line above it.
_UNDERLINE_IN_BREAKS = re.compile(r"^([-=]{3,}) {2,}$", re.MULTILINE)
MIN_HTML_SHARE = 0.6  # of a file's characters in raw HTML, for it to be read as the HTML it renders to
_PARSER = MarkdownIt("commonmark", {"html": True}).enable("table")


def extract(data: bytes, suffix: str) -> Extracted:
    """The file's text (see the module docstring)."""
    extracted = text.extract(data, suffix)
    if split_frontmatter(extracted.text) is not None or html_share(extracted.text) < MIN_HTML_SHARE:
        return extracted
    rendered = BeautifulSoup(_PARSER.render(_UNDERLINE_IN_BREAKS.sub(r"\\\1", extracted.text)), "html.parser")
    title = _title_cell(rendered)
    if title and rendered.select_one("table.heading td.title") is not None:
        title = f"Python: module {title}"  # pydoc's heading: the title its page had (pandoc drops `<head>`)
    head, heading = (f"<head><title>{escape(title)}</title></head>", f"<h1>{escape(title)}</h1>") if title else ("", "")
    page = f"<html>{head}<body>{heading}{rendered}</body></html>"
    converted = html.extract(page.encode(), ".html")
    return Extracted(converted.text, extracted.warnings + converted.warnings, converted.info)


def html_share(markdown: str) -> float:
    """The share of `markdown`'s characters that are raw HTML, blocks and inline tags."""
    tokens = _PARSER.parse(markdown)
    blocks = sum(len(t.content) for t in tokens if t.type == "html_block")
    inline = sum(len(c.content) for t in tokens if t.type == "inline" for c in t.children or () if c.type == "html_inline")
    return (blocks + inline) / max(1, len(markdown))


def _title_cell(soup: BeautifulSoup) -> str | None:
    """The page's title when it opens with a table cell holding nothing but a bold name
    (pydoc's heading, `<td class="title"><strong>logging.config</strong></td>`), before
    any paragraph of text."""
    for element in soup.find_all(["p", "td", "th"]):
        assert isinstance(element, Tag)
        if element.name == "p" and element.get_text(strip=True):
            return None
        bold = element.find(["strong", "b"])
        named = " ".join(bold.get_text("").split()) if bold is not None else ""
        if named and " ".join(element.get_text("").split()) == named:
            return named
    return None
