"""wikid serve's routes over the sample project, through Starlette's test client: pages,
folders, the log, search, status, downloads, the refusals, ETags, and that nothing writes."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install -e '.[serve]'")

from conftest import page, tree_state, updated_sample
from starlette.testclient import TestClient

from wikid import Project
from wikid.serve.app import LOOPBACK_HOSTS, PER_PAGE, create_app

VENDOR = "/wiki/vendors/bluestone-green-coffee-importers-ltd.md"
CONFLICTED = page("Vendor", "Quayside Packaging", body=(
    "Quayside supplies the roastery's bags.\n\n# Conflicts\n\n"
    "| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
    "| Lead time | 5 days | [^a] | | unverified |\n| Lead time | 8 days | [^b] | | unverified |\n\n"
    "[^a]: Price list\n[^b]: Email\n"))


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return updated_sample(tmp_path_factory.mktemp("serve") / "sample", {"vendors/quayside.md": CONFLICTED})


@pytest.fixture(scope="module")
def client(sample: Project) -> Iterator[TestClient]:
    app = create_app(sample)
    with TestClient(app, base_url="http://127.0.0.1") as test_client:
        app.state.site.backlinks.refresh()
        yield test_client


def main_text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html.split("<main>", 1)[1].split("</main>", 1)[0])


def test_a_page_shows_its_facts_content_sources_and_backlinks(client: TestClient) -> None:
    response = client.get(VENDOR)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    html = response.text
    assert '<h1 class="page-title">Bluestone Green Coffee Importers Ltd.</h1>' in html
    assert "<dt>Type</dt><dd>Vendor</dd>" in html
    assert 'href="/wiki/archive/contracts/bluestone-terms-update-2025.pdf"' in html  # the original
    assert 'href="/wiki/archive/contracts/bluestone-terms-update-2025-extracted.txt"' in html  # its text
    assert "2025-02-10" in html and "Erik van Dijk" in html
    assert '<h1 id="h-conflicts">Conflicts</h1>' in html and "conflict-open" not in html  # settled: no banner
    assert '<a href="/wiki/operations-team.md"' in html  # a related page, linked where it is served
    assert '<a href="/wiki/vendors/">vendors</a>' in html  # breadcrumbs
    backlinks = html.split('class="backlinks"', 1)[1]
    assert "Operations Team" in backlinks or "Ops weekly" in backlinks, backlinks


def test_an_open_conflict_is_announced_and_its_rows_marked(client: TestClient) -> None:
    html = client.get("/wiki/vendors/quayside.md").text
    assert "Open conflict: the sources disagree on Lead time" in html
    assert html.count('<tr class="conflict-open">') == 2
    assert 'href="#h-conflicts"' in html


def test_folders_show_their_index_and_the_root_redirects(client: TestClient) -> None:
    assert client.get("/", follow_redirects=False).headers["location"] == "/wiki/"
    root = client.get("/wiki/").text
    assert 'href="/wiki/vendors/"' in root and 'href="/wiki/operations-team.md"' in root
    vendors = client.get("/wiki/vendors/").text
    assert 'href="/wiki/vendors/atlas-freight.md"' in vendors
    assert client.get("/wiki/vendors", follow_redirects=False).headers["location"] == "/wiki/vendors/"
    assert client.get("/wiki/vendors/index.md", follow_redirects=False).headers["location"] == "/wiki/vendors/"
    archive = client.get("/wiki/archive/contracts/").text  # no index.md: the folder's files
    assert 'href="/wiki/archive/contracts/bluestone-supply-agreement-2024.docx"' in archive


def test_the_log_is_a_timeline(client: TestClient) -> None:
    html = client.get("/wiki/log.md").text
    assert '<h2 id="h-2026-07-12">2026-07-12</h2>' in html
    assert '<a href="/wiki/vendors/quayside.md"' in html


def test_search_ranks_as_wikid_query_does_and_works_without_javascript(client: TestClient, sample: Project) -> None:
    expected = sample.search("payment terms")
    html = client.get("/search", params={"q": "payment terms"}).text
    shown = re.findall(r'class="result-title" href="/wiki/([^"]+)\.md"', html)
    assert shown == [r.id for r in expected.results] and shown
    assert 'value="payment terms"' in html  # the box keeps the question
    fragment = client.get("/search", params={"q": "payment terms", "fragment": "1"}).text
    assert "<html" not in fragment and re.findall(r'href="/wiki/([^"]+)\.md"', fragment)[0] == shown[0]
    assert "Nothing in the wiki matches" in client.get("/search", params={"q": "zzqxv"}).text
    conflict = client.get("/search", params={"q": "quayside lead time"}).text
    assert 'class="badge conflict" href="/wiki/vendors/quayside.md#h-conflicts"' in conflict


def test_a_source_passage_names_its_source_and_links_its_text(client: TestClient, sample: Project) -> None:
    # pages carry what their short sources say; a letter's closing is only in its text
    hits = [r for r in sample.search("kind regards erik account manager").results if r.source]
    assert hits, "the sample's letter text should answer this"
    html = client.get("/search", params={"q": "kind regards erik account manager"}).text
    url = "/" + hits[0].source.path
    assert f'class="snippet-source" href="{url}"' in html
    assert client.get(url).status_code == 200


def test_status_shows_what_happened_to_each_file(client: TestClient) -> None:
    html = client.get("/status").text
    text = main_text(html)
    assert "Not watching" in text
    assert "input/logo.bmp" in text and "[empty]" in text  # ignored, with the reason and what it means
    assert "[reserved]" in text and "rename the file" in text
    assert 'href="/wiki/vendors/quayside.md"' in html  # the last batch's outcomes lead to their pages
    assert "data-refresh" not in html and "http-equiv" not in html  # no daemon: nothing will change


def test_originals_download_with_their_type_and_only_text_and_pdf_inline(client: TestClient) -> None:
    docx = client.get("/wiki/archive/contracts/bluestone-supply-agreement-2024.docx")
    assert docx.headers["content-type"] == "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    assert docx.headers["content-disposition"].startswith("attachment;")
    assert docx.content[:2] == b"PK"
    pdf = client.get("/wiki/archive/contracts/bluestone-terms-update-2025.pdf")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.headers["content-disposition"].startswith("inline;")
    text = client.get("/wiki/archive/contracts/bluestone-terms-update-2025-extracted.txt")
    assert text.headers["content-type"] == "text/plain; charset=utf-8" and "45 days" in text.text
    assert text.headers["content-disposition"].startswith("inline;")
    assert "sandbox" in text.headers["content-security-policy"]
    orig = client.get("/wiki/archive/vendors/atlas-freight.md.orig")
    assert orig.headers["content-disposition"].startswith("attachment;")


def test_html_and_svg_files_are_never_shown_as_this_site(sample: Project, client: TestClient) -> None:
    folder = sample.paths.archive / "planted"
    folder.mkdir(exist_ok=True)
    (folder / "page.html").write_text("<script>alert(1)</script>")
    (folder / "logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    for name, kind in (("page.html", "text/html"), ("logo.svg", "image/svg+xml")):
        response = client.get(f"/wiki/archive/planted/{name}")
        assert response.headers["content-type"].startswith(kind)
        assert response.headers["content-disposition"].startswith("attachment;")
        assert "sandbox" in response.headers["content-security-policy"]


@pytest.mark.parametrize("url", [
    "/wiki/../wikid.yaml", "/wiki/%2e%2e/wikid.yaml", "/wiki/%2E%2E%2Fwikid.yaml", "/wiki/vendors/%2e%2e/%2e%2e/wikid.yaml",
    "/wiki//etc/passwd", "/wiki/%2Fetc%2Fpasswd", "/wiki/..%5c..%5cwikid.yaml", "/wiki/%252e%252e/wikid.yaml",
    "/wiki/.wikid/last_run.json", "/wiki/%00", "/wiki/vendors/%00.md", "/wiki/outside/wikid.yaml",
    "/wiki/outside-file.md", "/wiki/nothing-here.md",
])
def test_paths_out_of_the_wiki_are_404(url: str, sample: Project, client: TestClient) -> None:
    outside, outside_file = sample.paths.wiki / "outside", sample.paths.wiki / "outside-file.md"
    if not outside.is_symlink():
        outside.symlink_to(sample.root)
        outside_file.symlink_to(sample.root / "wikid.yaml")
    with client as c:  # raw path: httpx would normalise `..` away before sending
        response = c.request("GET", "http://127.0.0.1" + url) if "%" in url else _raw_get(c, url)
    assert response.status_code == 404, (url, response.status_code)
    assert "engine" not in response.text  # wikid.yaml's content never comes back


def test_the_raw_paths_above_reach_the_server_as_sent(client: TestClient) -> None:
    """The refusals are not an artefact of the client: the same way of sending reaches pages."""
    assert _raw_get(client, "/wiki/vendors/atlas-freight.md").status_code == 200
    assert client.request("GET", "http://127.0.0.1/wiki/vendors/%61tlas-freight.md").status_code == 200


def _raw_get(client: TestClient, path: str) -> object:
    import httpx

    request = client.build_request("GET", "http://127.0.0.1/")
    request.url = httpx.URL("http://127.0.0.1/").copy_with(raw_path=path.encode())
    return client.send(request)


def test_pages_and_folders_carry_an_etag_and_answer_304(sample: Project, client: TestClient) -> None:
    for url in (VENDOR, "/wiki/vendors/", "/wiki/log.md", "/wiki/archive/contracts/bluestone-terms-update-2025.pdf"):
        first = client.get(url)
        tag = first.headers["etag"]
        again = client.get(url, headers={"if-none-match": tag})
        assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag, url
        assert client.get(url, headers={"if-none-match": '"other"'}).status_code == 200
    path = sample.paths.wiki / "vendors" / "atlas-freight.md"
    before = client.get("/wiki/vendors/atlas-freight.md").headers["etag"]
    path.write_bytes(path.read_bytes().replace(b"twice a week", b"three times a week"))
    changed = client.get("/wiki/vendors/atlas-freight.md", headers={"if-none-match": before})
    assert changed.status_code == 200 and "three times a week" in changed.text and changed.headers["etag"] != before


def test_a_new_link_shows_up_among_the_backlinks(sample: Project, client: TestClient) -> None:
    target = "/wiki/services/order-portal.md"
    linking = sample.paths.wiki / "notes-linking.md"
    linking.write_bytes(page("Note", "Portal notes", body="See [the portal](services/order-portal.md).\n"))
    client.app.state.site.backlinks.refresh()  # what the background walk does when the backlinks are stale
    html = client.get(target).text
    assert '<a href="/wiki/notes-linking.md">notes-linking</a>' in html.split('class="backlinks"', 1)[1]
    linking.unlink()
    client.app.state.site.backlinks.refresh()
    assert "notes-linking" not in client.get(target).text


def test_long_indexes_are_paginated(tmp_path: Path) -> None:
    project = Project(tmp_path / "big")
    project.init()
    folder = project.paths.wiki / "many"
    folder.mkdir()
    for i in range(PER_PAGE * 2 + 5):
        (folder / f"p{i:04d}.md").write_bytes(page("Note", f"Page {i:04d}"))
    from wikid.okf.bundle import regenerate_indexes

    regenerate_indexes(project.paths.wiki)
    with TestClient(create_app(project)) as c:
        first = c.get("/wiki/many/").text
        assert first.count('href="/wiki/many/p') == PER_PAGE and "page 1 of 3" in first and 'href="?page=2"' in first
        last = c.get("/wiki/many/?page=3").text
        assert last.count('href="/wiki/many/p') == 5 and "Page 0404" in last and "Many Index" in last
        assert c.get("/wiki/many/?page=x").status_code == 200


def test_nothing_but_get_and_head_is_answered_and_nothing_is_written(sample: Project, client: TestClient) -> None:
    before = {name: tree_state(sample.root / name) for name in ("input", "wiki")}
    for url in (VENDOR, "/wiki/", "/wiki/log.md", "/status", "/search?q=coffee"):
        assert client.get(url).status_code == 200
        assert client.head(url).status_code == 200
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            assert client.request(method, url).status_code == 405, (method, url)
    assert {name: tree_state(sample.root / name) for name in ("input", "wiki")} == before


def test_every_response_forbids_inline_scripts_and_framing(client: TestClient) -> None:
    for url in (VENDOR, "/status", "/search?q=x", "/wiki/nothing.md"):
        headers = client.get(url).headers
        assert "script-src 'self'" in headers["content-security-policy"] and "unsafe" not in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"


def test_on_loopback_only_loopback_host_names_are_answered(sample: Project) -> None:
    """A page elsewhere cannot read the wiki through a name it points at 127.0.0.1 (DNS rebinding)."""
    with TestClient(create_app(sample, trusted_hosts=LOOPBACK_HOSTS), base_url="http://127.0.0.1:8765") as c:
        assert c.get("/wiki/").status_code == 200
        assert c.get("/wiki/", headers={"host": "localhost:8765"}).status_code == 200
        assert c.get("/wiki/", headers={"host": "[::1]:8765"}).status_code == 200
        assert c.get("/wiki/", headers={"host": "attacker.example:8765"}).status_code == 400


def test_an_empty_wiki_says_what_to_do(project: Project) -> None:
    with TestClient(create_app(project)) as c:
        assert "drop files into input/" in c.get("/search?q=anything").text
        assert c.get("/wiki/").status_code == 200
        assert "Nothing." in main_text(c.get("/status").text)


def test_a_page_without_frontmatter_still_renders(sample: Project, client: TestClient) -> None:
    (sample.paths.wiki / "loose.md").write_text("# Loose\n\nNo frontmatter here.\n")
    html = client.get("/wiki/loose.md").text
    assert "frontmatter cannot be read" in html and "No frontmatter here." in html
    os.unlink(sample.paths.wiki / "loose.md")


def test_without_a_daemon_a_page_written_by_hand_is_found_a_check_later(project: Project) -> None:
    """Searches answer from the index as last checked against the pages; the next check
    (in the background, once the last is MAX_AGE_SECONDS old) finds the new page."""
    import time

    from wikid.serve.search import StoredSearch

    (project.paths.wiki / "first.md").write_bytes(page("Note", "Aardvark", body="An aardvark digs.\n"))
    search = StoredSearch(project.paths, lambda: 10, max_age=0.2)
    assert [r.id for r in search("aardvark").results] == ["first"]
    assert search("aardvark").via == "index"
    (project.paths.wiki / "second.md").write_bytes(page("Note", "Okapi", body="An okapi browses.\n"))
    deadline = time.monotonic() + 60
    while not search("okapi").results:
        assert time.monotonic() < deadline, "the background check never found the new page"
        time.sleep(0.1)
    assert [r.id for r in search("okapi").results] == ["second"]
