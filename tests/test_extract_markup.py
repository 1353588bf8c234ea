"""HTML, EPUB and PPTX through markitdown's converters: content, structure, refusals.

markitdown decides the markdown layout, so these tests assert the essential content
and structure; the adjustments wikid makes (slide headings, titles) are exact.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import zipfile

import pytest
from office_fixtures import core_properties, make_pptx, replace_part
from pptx import Presentation
from pptx.util import Inches

from wikid.document.blocks import parse
from wikid.document.furniture import FURNITURE_HEADING, main_blocks
from wikid.document.identity import identify
from wikid.extract import html, markitdown_formats
from wikid.extract.base import Extracted, ExtractionError
from wikid.intake.classify import Reason

HTML = b"""<!DOCTYPE html>
<html><head><title>Ignored title</title>
<style>body { color: SECRET_STYLE; }</style>
<script>var token = "SECRET_SCRIPT";</script></head>
<body>
<h1>Quarterly report</h1>
<p>See <a href="https://example.org/q3">the Q3 figures</a> for details.</p>
<h2>Numbers</h2>
<table><tr><th>Region</th><th>Sales</th></tr><tr><td>North</td><td>42</td></tr></table>
<script type="module">console.log("SECRET_MODULE")</script>
</body></html>"""


def convert(data: bytes, suffix: str) -> Extracted:
    """The extractor the registry names for `suffix`: html for pages, markitdown's for the rest."""
    module = html if suffix in (".html", ".htm", ".xhtml") else markitdown_formats
    return module.extract(data, suffix)


def extract(data: bytes, suffix: str) -> str:
    return convert(data, suffix).text


def failure(data: bytes, suffix: str) -> ExtractionError:
    with pytest.raises(ExtractionError) as caught:
        convert(data, suffix)
    return caught.value


# --- HTML -------------------------------------------------------------------------


def test_html_keeps_headings_links_and_tables_and_drops_script_and_style() -> None:
    result = convert(HTML, ".html")
    assert "SECRET" not in result.text
    assert "color" not in result.text
    lines = result.text.splitlines()
    assert lines[0] == "# Quarterly report"
    assert "## Numbers" in lines
    assert "See [the Q3 figures](https://example.org/q3) for details." in lines
    assert "| Region | Sales |" in lines
    assert "| North | 42 |" in lines
    assert "Ignored title" not in result.text  # the page has its own level-1 heading
    assert result.text.endswith("\n")
    assert result.warnings == ()


def test_html_text_keeps_its_backslashes_through_markdown() -> None:
    """openssl's manual: `escaped by "\\" (backslash)` reached the page as `escaped by ""
    (backslash)`: markdownify left the backslash bare, and markdown read `\\"` as a quote."""
    from wikid.document.markdown_reader import read_markdown
    from wikid.document.model import Code, Paragraph, walk

    page = b'<html><body><h1>Frob</h1><p>Escape it by "\\" (backslash); see C:\\dir.</p><pre>a\\b</pre></body></html>'
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert blocks == [Paragraph('Escape it by "\\" (backslash); see C:\\dir.'), Code("a\\b")]


def test_a_no_break_space_read_as_latin_1_is_a_space_again() -> None:
    """perl's man2html perlbug page: `perlbug [&Acirc;&nbsp;-v&Acirc;&nbsp;]` (UTF-8's no-break
    space read as Latin-1 bytes) reached the page as `perlbug [Â -vÂ ]`."""
    page = b"<html><body><h1>Frob</h1><p>frob [&Acirc;&nbsp;-v&Acirc;&nbsp;] file</p></body></html>"
    text = html.extract(page, ".html").text
    assert "\u00c2" not in text and "frob [" in text and "-v" in text


def test_html_text_that_looks_like_a_tag_stays_text() -> None:
    """cmake's manual: `--help-variable <b>&lt;var&gt;</b>` reached the page as
    `manual entry for is printed`: markdownify wrote `<var>` bare, and markdown read it as
    an HTML tag."""
    from wikid.document.markdown_reader import read_markdown
    from wikid.document.model import Paragraph, walk

    page = b"<html><body><h1>Frob</h1><p>The entry for <b>&lt;var&gt;</b> is printed; a &lt; b.</p></body></html>"
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert blocks == [Paragraph("The entry for <var> is printed; a < b.")]


def test_html_text_with_backticks_keeps_its_underscores_and_addresses_stay_links() -> None:
    """logging's pydoc page: the docstring's `exc_info` in backticks became a code span
    holding markdownify's escape, and the page read `exc\\_info`; perl's manual: an
    address the page shows in angle brackets is a link (an e-mail address keeps its
    brackets, as written: debconf's `Jane Roe <jane@example.org>`)."""
    from wikid.document.markdown_reader import read_markdown
    from wikid.document.model import Paragraph, walk

    page = (b"<html><body><h1>Frob</h1><p>sets the `exc_info` attribute; ``data`` is `a\\b`; see "
            b"&lt;https://example.org/x&gt; or &lt;bug-frob@example.org&gt;.</p></body></html>")
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert blocks == [Paragraph("sets the `exc_info` attribute; `data` is `a\\b`; see https://example.org/x or <bug-frob@example.org>.")]
    # a GNU quote's backtick pairs with no other (http.client: `method' ... `url' read `method' specifies`)
    quoted = b"<html><body><h1>Frob</h1><p>`method' specifies the method, `url' the path.</p></body></html>"
    assert [b for _, b in walk(read_markdown(html.extract(quoted, ".html").text))] == [
        Paragraph("`method' specifies the method, `url' the path.")]


def test_a_manuals_code_in_html_has_straight_quotes() -> None:
    """rsync's HTML manual: `rsync -aiv host:’a simple file.pdf’ /dest/`, groff's curled
    quotes in a command no shell runs."""
    from wikid.document.markdown_reader import read_markdown
    from wikid.document.model import Code, walk

    page = "<html><body><h1>Frob</h1><pre>frob -aiv host:’a simple file.pdf’ /dest/</pre></body></html>".encode()
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert blocks == [Code("frob -aiv host:'a simple file.pdf' /dest/")]


def test_a_pandoc_table_keeps_its_header_row() -> None:
    """pandoc writes `<tr class="header">`: the class once read as a page header made
    the row navigation, dropped it, and crashed markdownify on the detached row."""
    page = (b"<html><body><h1>Backends</h1><table><thead><tr class=\"header\"><th>Name</th><th>Async</th></tr>"
            b"</thead><tbody><tr class=\"odd\"><td>Berkeley db</td><td>Yes</td></tr>"
            b"<tr class=\"even\"><td>GNU gdbm</td><td>Yes</td></tr></tbody></table></body></html>")
    result = convert(page, ".html")
    lines = result.text.splitlines()
    assert "| Name | Async |" in lines and "| GNU gdbm | Yes |" in lines


def test_html_without_a_level_1_heading_is_titled_from_its_head() -> None:
    page = b"<html><head><title>  Meeting\n notes </title></head><body><p>Agreed.</p></body></html>"
    assert extract(page, ".htm") == "# Meeting notes\n\nAgreed.\n"


def test_html_declared_charset_is_honoured() -> None:
    page = "<html><head><meta charset='iso-8859-1'></head><body><p>Café crème</p></body></html>"
    assert extract(page.encode("latin-1"), ".html") == "Café crème\n"


def test_xhtml_with_an_xml_declaration() -> None:
    page = (b'<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
            b"<head><title>X</title></head><body><h1>Hello</h1><p>World</p></body></html>")
    assert extract(page, ".xhtml") == "# Hello\n\nWorld\n"


def test_html_too_deep_for_markdownify_falls_back_to_text_with_a_warning() -> None:
    page = b"<html><body>" + b"<div>" * 3000 + b"deep text" + b"</div>" * 3000 + b"</body></html>"
    result = convert(page, ".html")
    assert result.text == "deep text\n"
    assert len(result.warnings) == 1
    assert "nested" in result.warnings[0]


def test_binary_junk_named_html_fails() -> None:
    error = failure(random.Random(5).randbytes(4000), ".html")
    assert error.reason is Reason.EXTRACTION_FAILED
    assert error.detail.startswith("binary content")


@pytest.mark.parametrize("page", [b"  \n ", b"<html><head><title> </title></head><body> <p> </p></body></html>"])
def test_html_without_text_is_empty(page: bytes) -> None:
    assert failure(page, ".html").reason is Reason.EMPTY


def test_html_head_gives_title_author_and_date() -> None:
    page = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Quarterly\n  report</title>"
            "<meta name='Author' content='Zoë Ünal'><meta name='description' content='Q3'>"
            "<meta property='article:published_time' content='2024-02-01T08:00:00Z'>"
            "<meta property='article:modified_time' content='2024-03-01T10:00:00+01:00'></head>"
            "<body><h1>Quarterly report</h1><p>Revenue grew.</p></body></html>").encode()
    result = convert(page, ".html")
    assert result.info == {"title": "Quarterly report", "author": "Zoë Ünal", "date": "2024-03-01T10:00:00+01:00"}
    assert result.text == "# Quarterly report\n\nRevenue grew.\n"


@pytest.mark.parametrize(
    ("metas", "date"),
    [
        ("<meta name='date' content='2024-03-01'><meta name='DC.date' content='2020-01-01'>", "2024-03-01"),
        ("<meta name='date' content='1 March 2024'><meta name='dcterms.modified' content='2024-03-02'>", "2024-03-02"),
        ("<meta name='DC.Date' content='2024-03-01 10:00'>", "2024-03-01T10:00:00"),
        ("<meta name='date' content='yesterday'>", None),
    ],
    ids=["name-date-first", "unparsable-skipped", "dc-date", "unparsable"],
)
def test_html_date_is_the_first_iso_date_among_the_meta_elements(metas: str, date: str | None) -> None:
    page = f"<html><head>{metas}</head><body><p>Text.</p></body></html>".encode()
    assert convert(page, ".html").info == ({"date": date} if date else {})


def test_html_head_in_a_declared_charset_and_xhtml() -> None:
    page = "<html><head><meta charset='iso-8859-1'><meta name='author' content='Renée'></head><body><p>Café</p></body></html>"
    assert convert(page.encode("latin-1"), ".html").info == {"author": "Renée"}
    xhtml = (b'<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>X</title>'
             b'<meta name="author" content="Ann"/></head><body><h1>Hello</h1></body></html>')
    assert convert(xhtml, ".xhtml").info == {"title": "X", "author": "Ann"}


def test_html_without_a_head_gives_no_info_and_meta_in_the_body_is_not_read() -> None:
    assert convert(b"<p>Just a fragment.</p>", ".html").info == {}
    page = b"<html><head></head><body><p>Text.</p><meta name='author' content='Late'></body></html>"
    assert convert(page, ".html").info == {}


def test_html_head_is_read_within_a_bound() -> None:
    # No end of head in sight: only the first MAX_HEAD_BYTES are looked at.
    filler = b"<meta name='x' content='y'>" * (html.MAX_HEAD_BYTES // 20)
    page = b"<html><head><meta name='author' content='Ann'>" + filler + b"<meta name='date' content='2024-03-01'><p>Text.</p>"
    assert convert(page, ".html").info == {"author": "Ann"}


# --- HTML main content ------------------------------------------------------------

FURNITURE = f"\n\n## {FURNITURE_HEADING}\n\n"


def main_and_rest(page: bytes) -> tuple[str, str]:
    """The extracted text cut at the furniture heading: (main content, what follows it)."""
    text = extract(page, ".html")
    main, _, rest = text.partition(FURNITURE)
    return main, rest


def paragraphs(markdown: str) -> list[str]:
    """The non-blank parts between blank lines (pruning leaves blank lines where elements were)."""
    return [part.strip() for part in markdown.split("\n\n") if part.strip()]


SPHINX_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8">
<title>frob \u2014 Bit twiddling &#8212; Frob 2.0 documentation</title></head><body>
<div class="related" role="navigation"><h3>Navigation</h3><ul>
<li><a href="genindex.html">index</a></li><li><a href="py-modindex.html">modules</a></li>
<li><a href="next.html">next</a></li></ul></div>
<div class="document"><div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">
<section id="frob"><h1>frob \u2014 Bit twiddling<a class="headerlink" href="#frob" title="Link to this heading">\u00b6</a></h1>
<p>The frob module twiddles the bits of files in place and reports every byte it changed.</p>
<section id="usage"><h2>Usage<a class="headerlink" href="#usage">\u00b6</a></h2>
<p>Call <code>frob.twiddle(path)</code> with the path of the file.</p>
<pre>import frob
frob.twiddle("data.bin")</pre>
<table><tr><th>Flag</th><th>Meaning</th></tr><tr><td>-v</td><td>report each byte</td></tr></table>
</section></section></div></div></div>
<div class="sphinxsidebar" role="navigation" aria-label="Main"><div class="sphinxsidebarwrapper">
<h3>Previous topic</h3><p><a href="intro.html">Introduction to frob</a></p>
<h3>This Page</h3><ul><li><a href="_sources/frob.rst.txt">Show Source</a></li></ul>
<div id="searchbox" role="search"><h3>Quick search</h3><form action="search.html"><input type="text" name="q"></form></div>
</div></div></div>
<div class="footer">&#169; Copyright 2024, Jane Roe. Created using Sphinx.</div>
</body></html>""".encode()


def test_html_sphinx_page_main_content_first_and_its_navigation_after_it() -> None:
    main, rest = main_and_rest(SPHINX_PAGE)
    assert main == (
        "# frob — Bit twiddling\n\n"
        "The frob module twiddles the bits of files in place and reports every byte it changed.\n\n"
        "## Usage\n\n"
        "Call `frob.twiddle(path)` with the path of the file.\n\n"
        "```\nimport frob\nfrob.twiddle(\"data.bin\")\n```\n\n"
        "| Flag | Meaning |\n| --- | --- |\n| -v | report each byte |"
    )
    for furniture in ("[index](genindex.html)", "### Previous topic", "[Introduction to frob](intro.html)",
                      "[Show Source](_sources/frob.rst.txt)", "Quick search", "© Copyright 2024, Jane Roe",
                      "[¶](#usage)"):
        assert furniture in rest
    assert rest.index("[index](genindex.html)") < rest.index("Previous topic") < rest.index("© Copyright")
    assert convert(SPHINX_PAGE, ".html").info == {"title": "frob — Bit twiddling — Frob 2.0 documentation"}


def test_html_main_content_is_what_the_document_blocks_read() -> None:
    text = extract(SPHINX_PAGE, ".html")
    texts = [b.text for b in main_blocks(parse(text))]
    assert texts[:3] == ["frob — Bit twiddling",
                         "The frob module twiddles the bits of files in place and reports every byte it changed.", "Usage"]
    assert not any("Previous topic" in t or "Copyright" in t or t == "index" for t in texts)
    assert identify(text, main_blocks(parse(text)), convert(SPHINX_PAGE, ".html").info).subjects[0] == "frob"


GROFF_PAGE = b"""<html><head><title>FROB</title></head><body>
<h1 align="center">FROB</h1>
<a href="#NAME">NAME</a><br>
<a href="#SYNOPSIS">SYNOPSIS</a><br>
<a href="#DESCRIPTION">DESCRIPTION</a><br>
<a href="#SEE ALSO">SEE ALSO</a><br>
<hr>
<h2>NAME<a name="NAME"></a></h2>
<p style="margin-left:11%; margin-top: 1em">frob - twiddle the bits of a file</p>
<h2>SYNOPSIS<a name="SYNOPSIS"></a></h2>
<p style="margin-left:11%"><b>frob</b> [-v] <i>file</i></p>
<h2>DESCRIPTION<a name="DESCRIPTION"></a></h2>
<p style="margin-left:11%">frob reads each file and twiddles its bits; see <a href="twiddle.5.html">twiddle(5)</a>.</p>
<h2>SEE ALSO<a name="SEE ALSO"></a></h2>
<p style="margin-left:11%">bits(7) and the frob handbook; also <a href="flip.1.html">flip(1)</a>, <a href="flop.1.html">flop(1)</a>, <a href="twiddle.5.html">twiddle(5)</a></p>
<hr>
</body></html>"""


def test_html_groff_table_of_contents_run_of_links_is_furniture() -> None:
    main, rest = main_and_rest(GROFF_PAGE)
    assert main == (
        "# FROB\n\n---\n\n## NAME\n\nfrob - twiddle the bits of a file\n\n## SYNOPSIS\n\n**frob** [-v] *file*\n\n"
        "## DESCRIPTION\n\nfrob reads each file and twiddles its bits; see [twiddle(5)](twiddle.5.html).\n\n"
        "## SEE ALSO\n\nbits(7) and the frob handbook; also [flip(1)](flip.1.html), [flop(1)](flop.1.html), [twiddle(5)](twiddle.5.html)\n\n---"
    )
    assert rest.split("\n\n") == ["[NAME](#NAME)", "[SYNOPSIS](#SYNOPSIS)", "[DESCRIPTION](#DESCRIPTION)",
                                  "[SEE ALSO](#SEE ALSO)\n"]


def test_html_links_listed_in_a_sentence_are_content() -> None:
    # Commas make a list of links a sentence's, not a table of contents.
    page = (b"<html><body><h1>Pics</h1><p>Pics writes thumbnails of every image it finds in a folder.</p>"
            b"<p>Formats: <a href='png.html'>PNG</a>, <a href='jpeg.html'>JPEG</a>, <a href='gif.html'>GIF</a>.</p>"
            b"</body></html>")
    assert extract(page, ".html") == (
        "# Pics\n\nPics writes thumbnails of every image it finds in a folder.\n\n"
        "Formats: [PNG](png.html), [JPEG](jpeg.html), [GIF](gif.html).\n")


def test_html_what_runs_of_links_leave_between_them_goes_with_them() -> None:
    """pydoc's class tree, links in a table pandoc kept as raw HTML: the runs of bare
    links went as a table of contents, and left `, , , , , , ConvertingMixin)`."""
    tree = ("<a href='b.html#dict'>builtins.dict</a>(<a href='b.html#object'>builtins.object</a>)\n"
            "<a href='m.html#FrobDict'>FrobDict</a>(<a href='b.html#dict'>builtins.dict</a>, "
            "<a href='m.html#FrobMixin'>FrobMixin</a>)\n<a href='b.html#list'>builtins.list</a>(<a "
            "href='b.html#object'>builtins.object</a>)\n<a href='m.html#FrobList'>FrobList</a>(<a "
            "href='b.html#list'>builtins.list</a>, <a href='m.html#FrobMixin'>FrobMixin</a>)\n")
    page = (f"<html><body><h1>frob.config</h1><p>Configuration functions for frob, a package of many parts.</p>"
            f"<h2>Classes</h2>{tree}<h3>class FrobDict(builtins.dict)</h3><p>A converting dictionary.</p>"
            f"</body></html>").encode()
    main, _, outside = extract(page, ".html").partition("\n## Outside the main content\n")
    assert main == ("# frob.config\n\nConfiguration functions for frob, a package of many parts.\n\n## Classes\n\n"
                    "### class FrobDict(builtins.dict)\n\nA converting dictionary.\n")
    assert "[FrobMixin](m.html#FrobMixin)" in outside


MAIN_PAGE = b"""<html><head><title>Widget 3 released | Widget Blog</title></head><body>
<header><a href="/">Widget Blog</a> <a href="/archive">Archive</a></header>
<nav><ul><li><a href="/2023">2023</a></li><li><a href="/2024">2024</a></li></ul></nav>
<main>
<p>Widget 3 brings faster widgets and a new configuration format for all of its users.</p>
<nav class="pager"><a href="/prev">Older post</a></nav>
<aside><p>Upgrading from Widget 2 takes one command.</p></aside>
<p>Supported formats: <a href="/toml">TOML</a>, <a href="/yaml">YAML</a>, <a href="/ini">INI</a>.</p>
<ul><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li><li><a href="/c">Gamma</a></li></ul>
<div class="sidebar"><p>Kept: inside main only nav and navigation roles go.</p></div>
</main>
<footer><p>Widget Blog 2024</p></footer>
</body></html>"""


def test_html_main_element_is_the_main_content_and_inside_it_only_nav_goes() -> None:
    main, rest = main_and_rest(MAIN_PAGE)
    assert paragraphs(main) == [
        "# Widget 3 released | Widget Blog",
        "Widget 3 brings faster widgets and a new configuration format for all of its users.",
        "Upgrading from Widget 2 takes one command.",
        "Supported formats: [TOML](/toml), [YAML](/yaml), [INI](/ini).",  # link runs inside main are content
        "* [Alpha](/a)\n* [Beta](/b)\n* [Gamma](/c)",  # and so are link-dense blocks
        "Kept: inside main only nav and navigation roles go.",
    ]
    assert rest.index("[Widget Blog](/)") < rest.index("[2023](/2023)") < rest.index("Widget Blog 2024")
    assert "[Older post](/prev)" in rest


def test_html_main_element_with_too_little_of_the_text_is_not_the_main_content() -> None:
    intro = "Long introduction that stands outside the main element and holds most of the words of the page. " * 3
    page = f"<html><body><p>{intro}</p><main><p>Tiny.</p></main><footer>Foot</footer></body></html>".encode()
    main, rest = main_and_rest(page)
    assert main == f"{intro.strip()}\n\nTiny."
    assert rest == "Foot\n"


@pytest.mark.parametrize("opening", ["<article>", '<div role="main">', '<div class="body">'])
def test_html_other_main_elements(opening: str) -> None:
    closing = "</article>" if opening == "<article>" else "</div>"
    page = (f"<html><body><div class='menu'><a href='/'>Home</a></div>{opening}<h2>Usage</h2>"
            f"<p>Run the frob command on a file.</p>{closing}<p>Outside words.</p></body></html>").encode()
    main, rest = main_and_rest(page)
    assert main == "## Usage\n\nRun the frob command on a file."
    assert "[Home](/)" in rest and "Outside words." in rest


NO_MAIN_PAGE = b"""<html><body>
<header class="masthead"><h1>Field Notes</h1><a href="/">Home</a></header>
<div class="wrapper">
<nav><a href="/a">A</a> | <a href="/b">B</a></nav>
<p>These notes record the birds seen along the river during the spring survey.</p>
<div role="complementary"><p>Complementary words</p></div>
<div class="breadcrumbs"><p>Crumb trail</p></div>
<div id="toc"><p>Toc words</p></div>
<div class="post-footer"><p>Share this post</p></div>
<div class="navigation-notes"><p>Notes on navigating the river by canoe.</p></div>
<div id="section-nav-words"><p>Section content under an id derived from a heading.</p></div>
<p><a href="/1">one</a> <a href="/2">two</a> <a href="/3">three</a> and</p>
<form><p>Subscribe words</p></form>
<aside><p>Aside words</p></aside>
</div>
<footer><p>Footer words</p></footer>
</body></html>"""


def test_html_without_a_main_element_drops_navigation_wherever_it_is_in_document_order() -> None:
    main, rest = main_and_rest(NO_MAIN_PAGE)
    assert paragraphs(main) == [
        "# Field Notes",
        "[Home](/)",  # the header holds the h1: never dropped
        "These notes record the birds seen along the river during the spring survey.",
        "Notes on navigating the river by canoe.",  # class names match whole names only
        "Section content under an id derived from a heading.",
    ]
    order = ["[A](/a)", "Complementary words", "Crumb trail", "Toc words", "Share this post", "[one](/1)",
             "Subscribe words", "Aside words", "Footer words"]
    assert [rest.index(part) for part in order] == sorted(rest.index(part) for part in order)


def test_html_title_becomes_the_heading_of_main_content_without_an_h1() -> None:
    page = (b"<html><head><title>Harbour Survey</title></head><body><nav><a href='/'>Home</a></nav>"
            b"<main><h2>Method</h2><p>Divers counted the fish.</p></main></body></html>")
    main, rest = main_and_rest(page)
    assert main == "# Harbour Survey\n\n## Method\n\nDivers counted the fish."
    assert "[Home](/)" in rest


def test_html_page_without_navigation_has_no_furniture_heading() -> None:
    page = b"<html><body><h1>Plain</h1><p>Just <a href='/x'>one link</a> here.</p></body></html>"
    assert extract(page, ".html") == "# Plain\n\nJust [one link](/x) here.\n"


# --- EPUB -------------------------------------------------------------------------

CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"""

OPF = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">urn:uuid:0000</dc:identifier><dc:title>The Lighthouse Book</dc:title>
<dc:creator>Ann Author</dc:creator><dc:language>en</dc:language></metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="ch2" href="chapter2.xhtml" media-type="application/xhtml+xml"/>
<item id="ch1" href="chapter1.xhtml" media-type="application/xhtml+xml"/>
</manifest>
<spine toc="ncx"><itemref idref="ch1"/><itemref idref="ch2"/></spine>
</package>"""

NAV = """<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Nav</title></head>
<body><nav epub:type="toc"><ol><li><a href="chapter1.xhtml">One</a></li><li><a href="chapter2.xhtml">Two</a></li></ol></nav></body></html>"""

NCX = """<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>The Lighthouse Book</text></docTitle>
<navMap><navPoint id="p1" playOrder="1"><navLabel><text>One</text></navLabel><content src="chapter1.xhtml"/></navPoint>
<navPoint id="p2" playOrder="2"><navLabel><text>Two</text></navLabel><content src="chapter2.xhtml"/></navPoint></navMap></ncx>"""


def chapter(title: str, body: str) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
            f"<head><title>{title}</title><style>p {{ margin: 0 }}</style></head>"
            f"<body><h1>{title}</h1><p>{body}</p></body></html>")


def epub(opf: str = OPF, container: str = CONTAINER) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        book.writestr("META-INF/container.xml", container)
        book.writestr("OEBPS/content.opf", opf)
        book.writestr("OEBPS/nav.xhtml", NAV)
        book.writestr("OEBPS/toc.ncx", NCX)
        book.writestr("OEBPS/chapter1.xhtml", chapter("The Keeper", "The lamp was lit at dusk."))
        book.writestr("OEBPS/chapter2.xhtml", chapter("The Storm", "Waves rose over the rocks."))
    return buffer.getvalue()


def test_epub_gives_both_chapters_in_spine_order_after_the_metadata() -> None:
    text = extract(epub(), ".epub")
    assert "**Title:** The Lighthouse Book" in text
    assert "**Authors:** Ann Author" in text
    positions = [text.index(s) for s in (
        "**Title:**", "# The Keeper", "The lamp was lit at dusk.", "# The Storm", "Waves rose over the rocks.")]
    assert positions == sorted(positions)
    assert "margin" not in text


def test_epub_package_metadata_gives_title_creators_and_date() -> None:
    opf = OPF.replace("<dc:creator>Ann Author</dc:creator>",
                      "<dc:creator>Ann Author</dc:creator><dc:title>Second title</dc:title>"
                      "<dc:creator> Bob\n Writer </dc:creator><dc:date>2019-06</dc:date>")
    result = convert(epub(opf), ".epub")
    assert result.info == {"title": "The Lighthouse Book", "author": "Ann Author, Bob Writer", "date": "2019-06"}
    assert "# The Keeper" in result.text


def test_epub_without_usable_metadata_gives_no_info() -> None:
    opf = OPF.replace("<dc:title>The Lighthouse Book</dc:title>", "<dc:date>sometime</dc:date>")
    opf = opf.replace("<dc:creator>Ann Author</dc:creator>", "<dc:creator> </dc:creator>")
    result = convert(epub(opf), ".epub")
    assert result.info == {}
    assert "The lamp was lit at dusk." in result.text


def test_truncated_epub_fails() -> None:
    data = epub()
    error = failure(data[: len(data) // 2], ".epub")
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "EPUB conversion failed: BadZipFile" in error.detail


def test_epub_whose_package_document_is_missing_fails() -> None:
    error = failure(epub(container=CONTAINER.replace("content.opf", "missing.opf")), ".epub")
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "KeyError" in error.detail


def test_epub_with_malformed_xml_fails() -> None:
    error = failure(epub(opf="<package><metadata>"), ".epub")
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "ExpatError" in error.detail


# --- PPTX -------------------------------------------------------------------------




def test_pptx_slides_get_slide_headings_with_their_titles_nested() -> None:
    text = extract(make_pptx([("Roadmap", "Ship the beta\nHire two engineers"), ("Risks", "Budget overrun")]), ".pptx")
    lines = text.splitlines()
    assert "<!--" not in text
    for expected in ("## Slide 1", "### Roadmap", "Ship the beta", "Hire two engineers",
                     "## Slide 2", "### Risks", "Budget overrun"):
        assert expected in lines
    order = [lines.index(s) for s in ("## Slide 1", "### Roadmap", "Ship the beta", "## Slide 2", "### Risks")]
    assert order == sorted(order)
    assert not any(line.startswith("# ") for line in lines)


def test_pptx_tables_come_out_as_tables() -> None:
    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    slide.shapes.title.text = "Budget"
    table = slide.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(4), Inches(1)).table
    for (row, col), value in {(0, 0): "Item", (0, 1): "Cost", (1, 0): "Laptops", (1, 1): "900"}.items():
        table.cell(row, col).text = value
    buffer = io.BytesIO()
    deck.save(buffer)
    lines = extract(buffer.getvalue(), ".pptx").splitlines()
    assert lines[:2] == ["## Slide 1", "### Budget"]
    assert "| Item | Cost |" in lines
    assert "| Laptops | 900 |" in lines


def test_truncated_pptx_fails() -> None:
    data = make_pptx([("Title", "Body")])
    error = failure(data[: len(data) // 2], ".pptx")
    assert error.reason is Reason.EXTRACTION_FAILED
    assert "PPTX conversion failed" in error.detail


def test_pptx_without_slides_is_empty() -> None:
    assert failure(make_pptx([]), ".pptx").reason is Reason.EMPTY


def test_pptx_core_properties_give_title_author_and_date() -> None:
    core = core_properties(dc_title="Roadmap 2024", dc_creator="Ann Author", cp_lastModifiedBy="Bob",
                           dcterms_created="2023-11-20")
    data = replace_part(make_pptx([("Roadmap", "Ship the beta")]), "docProps/core.xml", core)
    result = convert(data, ".pptx")
    assert result.info == {"title": "Roadmap 2024", "author": "Ann Author", "date": "2023-11-20"}
    assert "### Roadmap" in result.text.splitlines()


def test_pptx_without_core_properties_gives_no_info() -> None:
    data = replace_part(make_pptx([("Roadmap", "Ship the beta")]), "docProps/core.xml", core_properties())
    assert convert(data, ".pptx").info == {}


# --- privacy ----------------------------------------------------------------------


def test_markitdown_loads_only_in_the_worker_and_only_with_onnxruntime_telemetry_off() -> None:
    probe = (
        "import os, sys\n"
        "import wikid.cli, wikid.intake.pipeline, wikid.extract.runner\n"
        "assert 'markitdown' not in sys.modules, 'the CLI must not import markitdown'\n"
        "from wikid.extract import markitdown_formats\n"
        "assert 'markitdown' in sys.modules\n"
        "print(os.environ['ORT_DISABLE_TELEMETRY'])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "ORT_DISABLE_TELEMETRY"}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
