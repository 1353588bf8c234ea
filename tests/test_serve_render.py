"""wikid serve's pure parts: Markdown to sanitized HTML, the fact box, paginated lists,
the refusals of URL paths, the links a page makes (for backlinks)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("nh3", reason="the serve extra is not installed: pip install -e '.[serve]'")

from wikid.serve.files import open_in, split_path
from wikid.serve.links import page_links
from wikid.serve.markdown import render
from wikid.serve.views import breadcrumbs, facts, list_page

HOSTILE = """<script>alert(1)</script>
[a](javascript:alert(2)) <a href="javascript:alert(3)" onclick="alert(4)">b</a>
<img src="x.png" onerror="alert(5)"> <img src="https://tracker.example/p.png"> ![c](//tracker.example/q.png)
<iframe src="https://example.com/"></iframe><object data="x.swf"></object><style>body{display:none}</style>
<form action="https://example.com/"><input name="q"></form>
<svg onload="alert(6)"><circle r="1"/></svg>
<div id="search" class="site-search" style="position:fixed" data-live-search>d</div>
[e](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [f](vbscript:msgbox) [g](file:///etc/passwd)
"""


def test_nothing_that_runs_loads_or_restyles_survives() -> None:
    html = render(HOSTILE, "notes").lower()
    urls = re.findall(r'(?:href|src|action|data)="([^"]*)"', html)
    assert urls == ["x.png"], urls  # a local image stays (relative: resolved by the browser); no other URL
    for needle in ("<script", "onclick", "onerror", "onload", "<iframe", "<object", "<style",
                   "<form", "<input", "<svg", "style=",
                   'id="search"', "site-search", "data-live-search"):
        assert needle not in html, needle
    assert "alert(1)" not in html  # a script's content goes with it
    assert "<img src=\"x.png\">" in html  # its handler goes
    assert ">b</a>" in html and ">d</div>" in html  # the text of what was removed is kept


def test_commonmark_tables_and_footnotes_render() -> None:
    html = render("Intro with a note.[^src]\n\n| a | b |\n|--:|---|\n| 1 | 2 |\n\n~~old~~\n\n[^src]: The source.\n")
    assert '<th class="align-right">a</th>' in html and "<td>2</td>" in html
    assert "<s>old</s>" in html
    assert '<a href="#fn1" id="fnref1"' in html and '<li id="fn1" class="footnote-item">' in html
    assert ">[1]</a>" in html


def test_links_lead_to_the_same_url_from_any_folder() -> None:
    html = render("[root](/vendors/acme.md) [rel](acme.md#terms) [up](../index.md) [dir](sub/) "
                  "[out](../../../secret.md) [web](https://example.com/x) [mail](mailto:a@example.com) [frag](#x)",
                  "vendors/eu")
    assert 'href="/wiki/vendors/acme.md"' in html
    assert 'href="/wiki/vendors/eu/acme.md#terms"' in html
    assert 'href="/wiki/vendors/index.md"' in html
    assert 'href="/wiki/vendors/eu/sub/"' in html
    assert 'href="https://example.com/x"' in html and 'href="mailto:a@example.com"' in html and 'href="#x"' in html
    assert "secret" not in html.split(">out<")[0].rsplit("<a", 1)[-1]  # a link out of the bundle loses its target


def test_open_conflict_rows_are_marked_and_settled_ones_are_not() -> None:
    body = ("# Conflicts\n\n| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
            "| Terms | 30 days | a | | unverified |\n| Terms | 45 days | b | | unverified |\n"
            "| Owner | Ann | a | 2024-01-01 | superseded |\n| Owner | Bo | b | 2025-01-01 | canonical |\n")
    html = render(body)
    assert '<h1 id="h-conflicts">Conflicts</h1>' in html
    assert html.count('<tr class="conflict-open">') == 2
    assert "<tr>\n<td>Owner</td>" in html


def test_the_fact_box_links_archived_originals_and_texts_only_inside_the_archive() -> None:
    box = facts({
        "type": "Vendor", "tags": ["a", "b"], "description": "d", "owner": {"name": "x"},
        "generated": {"by": "wikid/1", "at": "2026-01-01T00:00:00Z"},
        "sources": [
            {"id": "s1", "title": "Contract", "resource": "/archive/c/contract.pdf",
             "text": "/archive/c/contract-extracted.txt", "last_modified": "2025-02-10", "author": "Ann"},
            {"id": "s2", "resource": "https://example.com/page", "text": "/archive/../../etc/passwd"},
            {"id": "s3", "resource": "javascript:alert(1)", "text": "/etc/passwd"},
        ],
    })
    first, web, hostile = box.sources
    assert (first.original, first.text, first.dates, first.author) == (
        "/wiki/archive/c/contract.pdf", "/wiki/archive/c/contract-extracted.txt", ["2025-02-10"], "Ann")
    assert web.original == "https://example.com/page" and web.text is None and web.title == "s2"
    assert hostile.original is None and hostile.original_name == "javascript:alert(1)" and hostile.text is None
    assert box.tags == ["a", "b"] and box.generated == "wikid/1 2026-01-01T00:00:00Z"
    assert box.other == [("owner", "name: x")]


def test_breadcrumbs_name_every_folder_above() -> None:
    assert breadcrumbs(("vendors", "eu", "acme.md")) == [
        ("wiki", "/wiki/"), ("vendors", "/wiki/vendors/"), ("eu", "/wiki/vendors/eu/")]
    assert breadcrumbs(("log.md",)) == [("wiki", "/wiki/")]


def test_a_long_list_is_cut_into_pages_under_its_headings() -> None:
    log = ["# Wiki Update Log", "", "A note someone wrote.", ""]
    for day in ("2026-01-03", "2026-01-02", "2026-01-01"):
        log += [f"## {day}", ""] + [f"* **Creation**: Added [p{day}-{i}](/p{day}-{i}.md)." for i in range(4)] + [""]
    text = "\n".join(log)
    first = list_page(text, 1, 5)
    assert (first.page, first.pages, first.items) == (1, 3, 12)
    assert first.markdown.startswith("# Wiki Update Log")
    assert "A note someone wrote." in first.markdown
    assert first.markdown.count("* **Creation**") == 5
    assert "## 2026-01-03" in first.markdown and "## 2026-01-02" in first.markdown
    second = list_page(text, 2, 5)
    assert "A note someone wrote." not in second.markdown
    assert second.markdown.splitlines()[0:3] == ["# Wiki Update Log", "", "## 2026-01-02"]  # the day goes on
    assert "p2026-01-02-1" in second.markdown and "p2026-01-01-1" in second.markdown
    assert list_page(text, 99, 5).page == 3 and list_page(text, -1, 5).page == 1
    seen = [line for n in (1, 2, 3) for line in list_page(text, n, 5).markdown.splitlines() if line.startswith("*")]
    assert seen == [line for line in log if line.startswith("*")]  # every entry once, in order


def test_a_list_item_keeps_its_continuation_lines() -> None:
    text = "# Index\n\n* [A](a.md) - first\n  continued\n* [B](b.md)\n"
    assert list_page(text, 1, 1).markdown == "# Index\n\n* [A](a.md) - first\n  continued\n"
    assert list_page(text, 2, 1).markdown == "# Index\n\n* [B](b.md)\n"


@pytest.mark.parametrize("rel", ["..", "../x", "a/../b", "/etc/passwd", "a//b", ".wikid/lock", "a/.hidden",
                                 "a\\b", "a\0b", "./a"])
def test_paths_that_could_leave_the_wiki_are_refused(rel: str) -> None:
    assert split_path(rel) is None


def test_a_link_anywhere_on_the_way_is_refused(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    (wiki / "real").mkdir(parents=True)
    (wiki / "real" / "page.md").write_text("x")
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path, wiki / "out")  # a folder link out of the wiki
    os.symlink(tmp_path / "secret.txt", wiki / "real" / "secret.txt")  # a file link out of it
    os.symlink(wiki / "real", wiki / "inside")  # even one that stays inside
    os.mkfifo(wiki / "real" / "fifo")
    for rel in ("out/secret.txt", "real/secret.txt", "inside/page.md", "inside", "real/fifo", "missing.md"):
        with open_in(wiki, rel) as opened:
            assert opened is None, rel
    with open_in(wiki, "real/page.md") as opened:
        assert opened is not None and not opened.is_dir and os.read(opened.fd, 10) == b"x"
    with open_in(wiki, "real/") as opened:
        assert opened is not None and opened.is_dir and opened.rel == "real"


def test_a_page_links_the_concepts_it_names() -> None:
    text = ("See [Acme](/vendors/acme.md), [Beta](beta.md#x), [ref][r], `[not](code.md)`, [idx](index.md),\n"
            "[arch](/archive/a.md), [self](/vendors/me.md), [web](https://example.com/a.md).\n\n[r]: ../teams/ops.md\n")
    assert page_links("vendors/me", text) == {"vendors/acme", "vendors/beta", "teams/ops"}
