"""wikid serve in a real browser: Debian's Chromium, headless, driven by Playwright.

The server is a real `wikid serve` process on the sample project (copied and updated,
with a page that states an open conflict and one planted with everything that could
run). The tests follow links, search as one types and without JavaScript, open the
conflict, download an original, watch the status page refresh itself, check that the
planted page runs nothing (no dialog, no request anywhere), and that every view fits
a phone's width. Screenshots of the main views go to test-artifacts/browser/.

Run by default (marker `browser`); they skip, naming the command, when Chromium or
Playwright is missing: scripts/install-test-deps installs both.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXED_NOW, page, updated_sample

from wikid import Project

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # a real Chromium: outside the fast subset (-m "not slow")

CHROMIUM = "/usr/bin/chromium"
INSTALL = "scripts/install-test-deps (apt-get install chromium; pip install -e '.[test]')"
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "browser"
CHROMIUM_ARGS = ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
ELSEWHERE = "evil.invalid"
HOSTILE = f"""---
type: Note
title: "Planted <script>window.pwned = 'title'</script>"
description: <img src=x onerror="window.pwned='description'">
tags: ["<b onmouseover=alert(1)>tag</b>"]
sources:
- id: planted
  title: <script>alert('source')</script>
  resource: javascript:alert('resource')
  text: /archive/../../wikid.yaml
---

<script>window.pwned = 'body'; alert('body')</script>

<img src="x" onerror="alert('img')"> <img src="http://{ELSEWHERE}/beacon.png">

![beacon](http://{ELSEWHERE}/markdown-beacon.png)

[markdown link](javascript:alert('markdown'))

<a href="javascript:alert('raw')" id="raw-link">raw link</a> <a href="#" onclick="alert('click')" id="click-link">onclick link</a>

<div onmouseover="alert('hover')" id="hover-me">hover me</div>

<iframe src="http://{ELSEWHERE}/frame"></iframe><object data="http://{ELSEWHERE}/o.swf"></object>

<svg onload="alert('svg')"><circle r="5"/></svg>

<form action="http://{ELSEWHERE}/steal"><input name="q" value="x"><button id="steal">send</button></form>

<link rel="stylesheet" href="http://{ELSEWHERE}/style.css"><style>@import url(http://{ELSEWHERE}/i.css);</style>

[data url](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
"""
CONFLICT = page("Vendor", "Quayside Packaging", body=(
    "Quayside supplies the roastery's bags.\n\n# Conflicts\n\n"
    "| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
    "| Lead time | 5 days | [^a] | | unverified |\n| Lead time | 8 days | [^b] | | unverified |\n\n"
    "[^a]: Price list\n[^b]: Email\n"))


def _playwright() -> Any:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium is not installed at {CHROMIUM}: run {INSTALL}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(f"playwright is not installed: run {INSTALL}")
    return sync_playwright


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return updated_sample(tmp_path_factory.mktemp("browser") / "sample",
                          {"notes/hostile.md": HOSTILE.encode(), "vendors/quayside.md": CONFLICT})


@pytest.fixture(scope="module")
def server(sample: Project) -> Iterator[str]:
    """`wikid serve` on a free port; its URL."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WIKID_")} | {"WIKID_NOW": FIXED_NOW}
    process = subprocess.Popen([sys.executable, "-m", "wikid", "-C", str(sample.root), "serve", "--port", "0"],
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stderr is not None
        url = next((line.split(" on ", 1)[1].split()[0] for line in process.stderr if " on http://" in line), None)
        assert url is not None, f"wikid serve did not start (exit {process.poll()})"
        yield url.rstrip("/")
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_playwright = _playwright()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()


def shot(tab: Any, name: str) -> None:
    tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def fits(tab: Any) -> bool:
    """Nothing wider than the screen: no sideways scrolling of the whole page."""
    return tab.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_follow_links_from_the_index_to_a_page_and_back(tab: Any, server: str) -> None:
    tab.goto(server + "/")
    assert tab.url == server + "/wiki/"
    shot(tab, "index")
    tab.click("main >> text=vendors/")
    assert tab.url == server + "/wiki/vendors/"
    tab.click("main >> text=Bluestone Green Coffee Importers Ltd.")
    assert tab.url == server + "/wiki/vendors/bluestone-green-coffee-importers-ltd.md"
    assert tab.inner_text("h1.page-title") == "Bluestone Green Coffee Importers Ltd."
    assert "Vendor" in tab.inner_text("aside.facts")
    shot(tab, "page")
    tab.click("main .content >> text=Operations Team")  # a related page
    assert tab.url == server + "/wiki/operations-team.md"
    assert "Bluestone Green Coffee Importers Ltd." in tab.inner_text("section.backlinks")
    tab.click("section.backlinks >> text=Bluestone Green Coffee Importers Ltd.")
    tab.click("nav.crumbs >> text=vendors")
    assert tab.url == server + "/wiki/vendors/"
    tab.click("header >> text=Log")
    assert "2026-07-12" in tab.inner_text("main")
    shot(tab, "log")


def test_search_as_you_type_waits_for_a_pause(tab: Any, server: str) -> None:
    asked: list[str] = []
    tab.on("request", lambda request: asked.append(request.url) if "/search?" in request.url else None)
    tab.goto(server + "/wiki/")
    tab.locator("header input[name=q]").press_sequentially("payment terms", delay=20)
    first = tab.locator("[data-live-results] ol.results li").first
    first.wait_for()
    assert "Bluestone Green Coffee Importers Ltd." in first.inner_text()
    assert 1 <= len(asked) < len("payment terms") / 2  # debounced: not one request per key
    assert all("q=payment%20terms" in url for url in asked[-1:])
    shot(tab, "search-as-you-type")
    first.locator("a.result-title").click()
    assert tab.url.endswith("/wiki/vendors/bluestone-green-coffee-importers-ltd.md")


def test_the_search_page_updates_its_address_as_you_type(tab: Any, server: str) -> None:
    tab.goto(server + "/search")
    tab.locator("main input[name=q]").press_sequentially("espresso", delay=20)
    tab.locator("[data-results] ol.results li").first.wait_for()
    tab.wait_for_url(re.compile(r"/search\?q=espresso$"))
    tab.reload()  # the address is the search
    assert "espresso" in tab.inner_text("[data-results]").casefold()


def test_reading_and_searching_work_with_javascript_off(browser: Any, server: str) -> None:
    context = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    tab = context.new_page()
    tab.goto(server + "/wiki/")
    tab.fill("header input[name=q]", "payment terms")
    tab.press("header input[name=q]", "Enter")
    tab.wait_for_url(re.compile(r"/search\?q=payment\+terms$"))
    assert "Bluestone Green Coffee Importers Ltd." in tab.inner_text("[data-results]")
    shot(tab, "search-without-javascript")
    tab.click("[data-results] >> text=Bluestone Green Coffee Importers Ltd.")
    assert "Payment terms" in tab.inner_text("main")
    context.close()


def test_open_a_conflict_from_the_search(tab: Any, server: str) -> None:
    tab.goto(server + "/search?q=quayside+lead+time")
    tab.click("a.badge.conflict")
    assert tab.url.endswith("/wiki/vendors/quayside.md#h-conflicts")
    assert "Open conflict: the sources disagree on Lead time" in tab.inner_text("p.conflict-banner")
    rows = tab.locator("tr.conflict-open")
    assert rows.count() == 2 and rows.first.is_visible()
    assert tab.evaluate("getComputedStyle(document.querySelector('tr.conflict-open td')).backgroundColor") != \
        "rgba(0, 0, 0, 0)"  # highlighted
    shot(tab, "conflict")


def test_download_an_original(tab: Any, server: str, sample: Project) -> None:
    tab.goto(server + "/wiki/vendors/bluestone-green-coffee-importers-ltd.md")
    with tab.expect_download() as info:
        tab.click("text=original (bluestone-supply-agreement-2024.docx)")
    download = info.value
    assert download.suggested_filename == "bluestone-supply-agreement-2024.docx"
    archived = sample.paths.archive / "contracts" / "bluestone-supply-agreement-2024.docx"
    assert Path(download.path()).read_bytes() == archived.read_bytes()
    tab.click("aside.facts >> nth=0 >> a.source-text >> nth=0")  # the extracted text, shown in the browser
    assert "Bluestone" in tab.inner_text("body")


def test_a_planted_page_runs_nothing_and_loads_nothing_from_elsewhere(tab: Any, server: str) -> None:
    dialogs: list[str] = []
    requests: list[str] = []
    tab.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    tab.on("request", lambda request: requests.append(request.url))
    tab.goto(server + "/wiki/notes/hostile.md")
    tab.wait_for_load_state("networkidle")
    assert "window.pwned" in tab.inner_text("h1.page-title")  # the title's script is text, shown
    tab.hover("main >> text=hover me")
    for text in ("raw link", "onclick link", "tag"):
        tab.click(f"main >> text={text}")
    tab.wait_for_timeout(500)  # anything that was going to run has had its turn
    assert tab.evaluate("typeof window.pwned") == "undefined"
    assert dialogs == []
    assert tab.url.startswith(server + "/wiki/notes/hostile.md")
    elsewhere = [url for url in requests if not url.startswith(server + "/")]
    assert elsewhere == [], elsewhere
    assert not any(ELSEWHERE in url for url in requests)
    assert tab.locator("main script, main iframe, main object, main form, main svg, main style").count() == 0
    shot(tab, "planted-page")


def test_the_status_page_refreshes_while_the_daemon_runs(tab: Any, server: str, sample: Project) -> None:
    """A daemon's published state (its PID alive: this test's), changed under the open page."""
    state = {"pid": os.getpid(), "state": "idle", "started_at": FIXED_NOW, "batch": [], "queue": [], "queued": 0,
             "last_batch": None}
    sample.paths.daemon_state.write_text(json.dumps(state))
    try:
        tab.goto(server + "/status")
        assert "Watching" in tab.inner_text("[data-status]")
        shot(tab, "status")
        sample.paths.daemon_state.write_text(json.dumps(state | {"queue": ["scans/new-invoice.pdf"], "queued": 1}))
        tab.locator("[data-status]", has_text="new-invoice.pdf").wait_for()  # no reload: the script fetched it
        sample.paths.daemon_state.write_text(json.dumps(state | {"state": "stopped"}))
        tab.locator("[data-status]", has_text="Not watching").wait_for()
        assert tab.url == server + "/status"
    finally:
        sample.paths.daemon_state.unlink()


@pytest.mark.parametrize("path", ["/wiki/", "/wiki/vendors/bluestone-green-coffee-importers-ltd.md",
                                  "/search?q=payment+terms", "/status", "/wiki/log.md"])
def test_every_view_fits_a_phone(browser: Any, server: str, path: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    tab = context.new_page()
    tab.goto(server + path)
    assert fits(tab), path
    assert tab.locator("header input[name=q]").is_visible()
    name = re.sub(r"[^a-z0-9]+", "-", path.split("?")[0].strip("/")) or "index"
    shot(tab, f"phone-{name}")
    context.close()
