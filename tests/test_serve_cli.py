"""`wikid serve` and `wikid watch --serve` as real servers: listening, stopping, refusing a
busy port or a missing stack, the daemon's warm index behind the search, and that
neither the idle daemon nor `wikid query` pays for the web stack."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the serve extra is not installed: pip install -e '.[serve]'")

from conftest import FIXED_NOW, drop, page
from test_daemon import FAST, running, wait_until

import wikid.serve as serve_package
from wikid import Project, ProjectNotFound
from wikid.daemon.service import Daemon
from wikid.serve import ServeError
from wikid.serve.server import serve_forever

WEB_STACK = ("starlette", "uvicorn", "jinja2", "nh3")


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def wikid(*args: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WIKID_")} | {"WIKID_NOW": FIXED_NOW}
    return subprocess.Popen([sys.executable, "-m", "wikid", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


def served_url(process: subprocess.Popen[str]) -> str:
    """The URL `wikid serve` says it listens on (its first log line)."""
    assert process.stderr is not None
    for line in process.stderr:
        if " on http://" in line:
            return line.split(" on ", 1)[1].split()[0]
    raise AssertionError(f"no URL announced; exit {process.wait()}")


def test_wikid_serve_serves_until_sigterm(project: Project) -> None:
    project.paths.wiki.joinpath("note.md").write_bytes(page(title="Quokka note", body="A small marsupial.\n"))
    process = wikid("-C", str(project.root), "serve", "--port", "0")
    try:
        url = served_url(process)
        assert url.startswith("http://127.0.0.1:")  # loopback unless told otherwise
        status, html = fetch(url + "wiki/note.md")
        assert status == 200 and "Quokka note" in html
        status, html = fetch(url + "search?q=marsupial")
        assert 'href="/wiki/note.md"' in html and 'data-via="index"' in html
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        process.wait()


def test_a_port_in_use_is_refused_with_what_to_do(project: Project) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        process = wikid("-C", str(project.root), "serve", "--port", str(port))
        _, err = process.communicate(timeout=60)
    assert process.returncode == 1
    assert f"port {port} on 127.0.0.1 is in use" in err and "--port" in err


def test_a_missing_web_stack_names_the_extra(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve_package, "STACK", ("starlette", "wikid_no_such_module"))
    with pytest.raises(ServeError, match=r"needs wikid_no_such_module: pip install 'wikid\[serve\]'"):
        serve_forever(project, "127.0.0.1", 0)
    with pytest.raises(ServeError, match="pip install"):
        Daemon(project, serve=("127.0.0.1", 0))  # refused before it watches anything


def test_the_daemon_and_the_web_server_refuse_a_folder_that_is_no_project(tmp_path: Path) -> None:
    """Built on a Project by the CLI or by a caller, they check it themselves (Project.watch did)."""
    folder = tmp_path / "typo"
    folder.mkdir()
    with pytest.raises(ProjectNotFound, match="is not a wikid project"):
        Daemon(Project(folder))
    with pytest.raises(ProjectNotFound, match="is not a wikid project"):
        serve_forever(Project(folder), "127.0.0.1", 0)
    assert list(folder.iterdir()) == []  # nothing made of the folder


@pytest.fixture
def serving_daemon(project: Project, monkeypatch: pytest.MonkeyPatch) -> Iterator[Daemon]:
    """`wikid watch --serve` in a thread, with its real watcher, on a free port."""
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    with running(Daemon(project, serve=("127.0.0.1", 0)), timeout=60) as daemon:
        wait_until(lambda: daemon.web_url is not None and fetch(daemon.web_url + "status")[0] == 200,
                   timeout=60, what="the web server")
        yield daemon


def test_watch_serve_shows_the_daemon_and_searches_its_warm_index(project: Project, serving_daemon: Daemon) -> None:
    url = serving_daemon.web_url
    assert url is not None
    wait_until(lambda: 'data-daemon="running"' in fetch(url + "status")[1], what="the daemon's state published")
    html = fetch(url + "status")[1]
    assert f"PID {os.getpid()}" in html
    assert 'data-refresh="3"' in html and '<meta http-equiv="refresh"' in html  # refreshes while it watches
    drop(project, "notes/quokka.md", page(title="Quokka", body="A small marsupial.\n"))
    wait_until(lambda: fetch(url + "wiki/notes/quokka.md")[0] == 200, what="the batch's page served")
    wait_until(lambda: 'href="/wiki/notes/quokka.md"' in fetch(url + "search?q=marsupial")[1], what="the search")
    assert 'data-via="daemon"' in fetch(url + "search?q=marsupial")[1]
    wait_until(lambda: "notes/quokka.md" in fetch(url + "status")[1], what="the batch on the status page")


def test_the_web_server_stops_with_the_daemon(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    with running(Daemon(project, serve=("127.0.0.1", 0)), timeout=60) as daemon:
        wait_until(lambda: daemon.web_url is not None, what="the web server")
        url = daemon.web_url
        assert url is not None and fetch(url + "wiki/")[0] == 200
    with pytest.raises(OSError):
        fetch(url + "wiki/")


def test_neither_the_daemon_nor_wikid_query_imports_the_web_stack(project: Project) -> None:
    project.paths.wiki.joinpath("note.md").write_bytes(page(title="Quokka", body="A small marsupial.\n"))
    code = (
        "import json, sys\n"
        "from wikid import Project\n"
        "from wikid.cli import main\n"
        "from wikid.daemon.service import Daemon\n"
        f"Daemon(Project({str(project.root)!r}))\n"
        f"rc = main(['-C', {str(project.root)!r}, 'query', 'marsupial'])\n"
        f"web = sorted(m for m in sys.modules if m.split('.')[0] in {WEB_STACK!r} or m.startswith('wikid.serve'))\n"
        "print(json.dumps([rc, web]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == [0, []]


def test_the_url_of_an_ipv6_loopback_is_bracketed() -> None:
    from wikid.serve.server import bind, is_loopback, url_of

    assert is_loopback("::1") and is_loopback("localhost") and is_loopback("127.0.0.2")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.10")
    try:
        sock = bind("::1", 0)
    except ServeError:
        pytest.skip("no IPv6 loopback here")
    with sock:
        assert url_of(sock).startswith("http://[::1]:")
