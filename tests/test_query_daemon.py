"""`wikid query` against a running daemon: the socket, its mode, freshness and the fallback."""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import drop, page
from test_daemon import FAST, running, wait_until

from wikid import Project
from wikid.daemon.service import Daemon
from wikid.query import store
from wikid.query.client import PROTOCOL, ask_daemon
from wikid.query.results import QueryRequest
from wikid.query.search import execute, wiki_reader


def write(project: Project, concept_id: str, title: str, body: str) -> Path:
    path = project.paths.wiki / f"{concept_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(page(title=title, body=body))
    return path


@pytest.fixture
def daemon(project: Project, monkeypatch: pytest.MonkeyPatch) -> Iterator[Daemon]:
    """`wikid watch` on the project, in a thread, with its real file watcher."""
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    write(project, "vendors/acme", "Acme Corp", "Acme sells anvils.\n")
    with running(Daemon(project)) as started:
        wait_until(lambda: ask_daemon(project.paths.query_socket, QueryRequest("acme")) is not None,
                   timeout=30, what="the query socket")
        yield started


def raw(project: Project, data: bytes) -> dict[str, object]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(10)
        conn.connect(str(project.paths.query_socket))
        conn.sendall(data)
        conn.shutdown(socket.SHUT_WR)
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk
    return json.loads(reply)


def test_the_daemon_answers_on_a_socket_only_its_owner_can_use(project: Project, daemon: Daemon) -> None:
    mode = os.lstat(project.paths.query_socket).st_mode
    assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600
    response = project.search("anvils")
    assert response.via == "daemon" and [r.id for r in response.results] == ["vendors/acme"]
    assert response.results[0].snippet == "Acme sells anvils."
    assert not [p for p in project.paths.state.iterdir() if p.name.startswith(".query-")]


def test_pages_edited_by_hand_are_found_on_the_next_query(project: Project, daemon: Daemon) -> None:
    path = write(project, "notes/plan", "Plan", "Paint the shed green.\n")
    time.sleep(0.5)  # the watcher's event reaches the daemon within milliseconds
    assert [r.id for r in project.query("shed")] == ["notes/plan"]
    path.write_bytes(page(title="Plan", body="Paint the shed olive.\n"))
    time.sleep(0.5)
    response = project.search("olive")
    assert response.via == "daemon" and [r.id for r in response.results] == ["notes/plan"]
    path.unlink()
    time.sleep(0.5)
    assert project.search("olive").results == []


def test_the_daemon_searches_source_texts_as_the_stored_index_does(project: Project, daemon: Daemon) -> None:
    text = project.paths.archive / "batch-a" / "memo-extracted.txt"
    text.parent.mkdir(parents=True)
    text.write_text("Filler about the weekly routine.\n\nThe spare anvil key is under the blue mat.\n")
    path = project.paths.wiki / "notes" / "memo.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(page(title="Memo", body="A memo about keys.\n",
                          sources="\n- id: memo\n  title: The memo\n  text: /archive/batch-a/memo-extracted.txt"))
    request = QueryRequest("spare anvil key mat", answer=True)
    wait_until(lambda: [r.id for r in project.search(request.query).results][:1] == ["notes/memo"], what="the page")
    warm = ask_daemon(project.paths.query_socket, request)
    assert warm is not None and warm.via == "daemon"
    cold = execute(store.build(project.paths.wiki), request, wiki_reader(project.paths.wiki))
    assert replace(warm, via="index") == cold
    assert warm.results[0].source is not None and warm.results[0].source.path == str(
        text.relative_to(project.root))
    assert warm.answer is not None and warm.answer.sentences[0].source == warm.results[0].source


def test_a_batch_refreshes_the_warm_index(project: Project, daemon: Daemon) -> None:
    drop(project, "notes/quokka.md", page(title="Quokka", body="A small marsupial.\n"))
    wait_until(lambda: (project.paths.wiki / "notes" / "quokka.md").exists(), what="the batch")
    wait_until(lambda: [r.id for r in project.query("marsupial")] == ["notes/quokka"], what="the refresh")
    assert project.search("marsupial").via == "daemon"


@pytest.mark.parametrize("request_bytes", [
    b"not json\n",
    b"[1, 2]\n",
    b'{"protocol": 99, "query": "x", "k": 1, "type": null, "answer": false}\n',
    b'{"protocol": %d, "query": "", "k": 1, "type": null, "answer": false}\n' % PROTOCOL,
    b'{"protocol": %d, "query": "x", "k": 0, "type": null, "answer": false}\n' % PROTOCOL,
    b'{"protocol": %d, "query": "x", "k": 1, "type": 3, "answer": false}\n' % PROTOCOL,
    b'{"protocol": 1, "query": "x", "k": 1, "type": null, "answer": false}\n',  # an older wikid's client
    b"\xff\xfe\n",
    b"x" * 70_000,
])
def test_a_bad_request_gets_an_error_and_the_server_goes_on(project: Project, daemon: Daemon,
                                                             request_bytes: bytes) -> None:
    reply = raw(project, request_bytes)
    assert reply["protocol"] == PROTOCOL and "error" in reply
    assert project.search("acme").via == "daemon"


@pytest.mark.slow  # waits out the server's read timeout on a silent client
def test_a_silent_client_does_not_block_the_server_for_long(project: Project, daemon: Daemon) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as silent:
        silent.connect(str(project.paths.query_socket))
        started = time.monotonic()
        wait_until(lambda: project.search("acme").via == "daemon", timeout=20, what="the server to move on")
        assert time.monotonic() - started < 10


def test_the_socket_goes_when_the_daemon_stops(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    write(project, "vendors/acme", "Acme Corp", "Acme sells anvils.\n")
    running = Daemon(project)
    runner = threading.Thread(target=running.run)
    runner.start()
    wait_until(project.paths.query_socket.exists, what="the query socket")
    running.stop_requested = True
    runner.join(timeout=30)
    assert not project.paths.query_socket.exists()
    assert project.search("anvils").via == "index"


def test_without_a_daemon_the_stored_index_answers_at_once(project: Project) -> None:
    write(project, "vendors/acme", "Acme Corp", "Acme sells anvils.\n")
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # left behind by a killed daemon
    stale.bind(str(project.paths.query_socket))
    stale.close()
    started = time.monotonic()
    response = project.search("anvils")
    assert response.via == "index" and [r.id for r in response.results] == ["vendors/acme"]
    assert time.monotonic() - started < 1.5


def test_a_project_too_deep_for_a_socket_path_still_gets_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in FAST.items():
        monkeypatch.setenv(key, value)
    project = Project(tmp_path / ("deep-" * 12) / ("deeper-" * 8) / "proj")
    project.root.mkdir(parents=True)
    project.init()
    assert len(str(project.paths.query_socket)) > 108
    write(project, "vendors/acme", "Acme Corp", "Acme sells anvils.\n")
    running = Daemon(project)
    runner = threading.Thread(target=running.run)
    runner.start()
    try:
        wait_until(lambda: project.search("anvils").via == "daemon", timeout=30, what="the daemon's answer")
    finally:
        running.stop_requested = True
        runner.join(timeout=30)
