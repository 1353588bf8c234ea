"""The index file: the mapped index answers as the index in memory does, an old or broken
file is rebuilt, and a query that finds nothing changed uses the file as it is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import drop, page

from wikid import Project
from wikid.query import indexfile, store, stored
from wikid.query.results import QueryRequest
from wikid.query.search import execute, wiki_reader

FILLER = "The committee met on Tuesday and reviewed the agenda, the minutes and the budget. "


def write(project: Project, concept_id: str, text: str) -> Path:
    path = project.paths.wiki / f"{concept_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def wiki(project: Project) -> Project:
    """Pages of two types, a conflict, a cited text in chunks, one unreadable citation, odd names."""
    text = project.paths.archive / "batch-a" / "minutes-extracted.txt"
    text.parent.mkdir(parents=True)
    text.write_text("\n\n".join(FILLER * 3 if i != 9 else "The freezer compressor was replaced in March."
                                for i in range(20)), encoding="utf-8")
    cited = ("sources:\n- id: doc-1\n  title: Minutes \u00e9t\u00e9\n  text: /archive/batch-a/minutes-extracted.txt\n"
             "- id: 7\n  title: Later\n  text: /archive/late/missing-extracted.txt\n")
    write(project, "topic/minutes", f"---\ntype: Topic\ntitle: Committee minutes\n{cited}---\nThe committee meets.\n")
    write(project, "vendors/acme", "---\ntype: Vendor\ntitle: Acme \"NUL\\0\" Corp\n---\nAcme sells freezers.\n\n"
          "# Conflicts\n\n| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
          "| Terms | 30 days | [^a] | | unverified |\n")
    write(project, "東京/天気", "---\ntype: Topic\ntitle: 東京の天気\n---\n東京都は今日晴れです。\n")
    write(project, "notes/plain", "No frontmatter at all, freezer in passing.\n")
    return project


QUERIES = ["freezer", "compressor replaced march", "committee", "東京", "acme terms", "nothing-matches-this"]


def test_the_mapped_file_answers_exactly_as_the_index_in_memory(wiki: Project) -> None:
    built = store.build(wiki.paths.wiki)
    store.save(wiki.paths.query_index, built)
    mapped = stored.open_index(wiki.paths.query_index)
    assert mapped is not None and len(mapped) == len(built) == 4
    assert list(mapped.records) == built.records and list(mapped.terms) == built.terms
    read = wiki_reader(wiki.paths.wiki)
    for query in QUERIES:
        for request in (QueryRequest(query), QueryRequest(query, 2, type="topic"), QueryRequest(query, answer=True)):
            assert execute(mapped, request, read) == execute(built, request, read), request


def test_a_stored_index_reads_back_array_for_array(wiki: Project) -> None:
    built = store.build(wiki.paths.wiki)
    store.save(wiki.paths.query_index, built)
    loaded = store.load(wiki.paths.query_index)
    assert loaded is not None
    assert loaded.records == built.records and loaded.terms == built.terms and loaded.ids == built.ids
    for name in ("indptr", "rows", "tf", "starts", "ends", "idf", "norms", "row_doc"):
        a, b = getattr(loaded, name), getattr(built, name)
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes(), name
    sources = loaded.records[loaded.ids.index("topic/minutes")].sources
    assert [s.chunks is None for s in sources] == [False, True] and sources[1].id == "7"


def test_an_empty_index_is_stored_and_read_back(project: Project) -> None:
    store.save(project.paths.query_index, store.build(project.paths.wiki))
    index = stored.open_index(project.paths.query_index)
    assert index is not None and len(index) == 0 and list(index.terms) == []
    loaded = store.load(project.paths.query_index)
    assert loaded is not None and loaded.ids == [] and loaded.records == [] and loaded.norms.size == 0


def test_postings_are_stored_compactly(wiki: Project) -> None:
    store.save(wiki.paths.query_index, store.build(wiki.paths.wiki))
    file = indexfile.open_file(wiki.paths.query_index)
    assert file.array("tf_code").dtype == np.uint8 and file.array("rows").dtype == np.int32
    assert file.array("ends").dtype == np.uint32


def test_tf_codes_give_back_every_tf_exactly_or_refuse() -> None:
    tf = np.array([1.0 + np.log(n) for n in (1, 2, 3, 250, 2, 1, 70_000)])
    codes, values = stored._tf_codes(tf)
    assert codes.dtype == np.uint8 and values[codes].tobytes() == tf.tobytes()
    with pytest.raises(ValueError):  # two values for one count: no table holds both
        stored._tf_codes(np.array([1.0, 1.0 + 1e-9]))


@pytest.mark.parametrize("content", [b"", b"WIKIDQX\n", b"PK\x03\x04 an index of format 2",
                                     b"WIKIDQX\n\x10\x00\x00\x00\x00\x00\x00\x00{\"meta\": {}}"])
def test_an_old_foreign_or_broken_file_is_rebuilt(wiki: Project, content: bytes) -> None:
    wiki.paths.query_index.write_bytes(content)
    assert [r.id for r in wiki.query("committee")] == ["topic/minutes"]
    assert stored.open_index(wiki.paths.query_index) is not None


def test_a_file_cut_short_is_rebuilt(wiki: Project) -> None:
    before = wiki.query("freezer")
    data = wiki.paths.query_index.read_bytes()
    wiki.paths.query_index.write_bytes(data[: len(data) - 100])
    assert stored.open_index(wiki.paths.query_index) is None
    assert wiki.query("freezer") == before and before


def test_the_index_of_format_2_is_replaced(wiki: Project) -> None:
    legacy = wiki.paths.state / stored.LEGACY_NAME
    legacy.write_bytes(b"PK\x03\x04 the .npz of format 2")
    wiki.query("freezer")
    assert not legacy.exists() and stored.open_index(wiki.paths.query_index) is not None


def test_an_unchanged_wiki_is_answered_from_the_file_as_stored(wiki: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)  # trust signatures at once
    first = wiki.query("freezer")
    generation = stored.open_index(wiki.paths.query_index).generation  # type: ignore[union-attr]
    decoded: list[int] = []
    monkeypatch.setattr(stored.MappedIndex, "materialize", lambda self: decoded.append(1))
    index = store.fresh_index(wiki.paths.query_index, wiki.paths.wiki)
    assert isinstance(index, stored.MappedIndex) and decoded == []
    assert wiki.query("freezer") == first
    assert stored.open_index(wiki.paths.query_index).generation == generation  # type: ignore[union-attr]


def test_a_page_too_recent_to_sign_is_checked_by_its_hash_not_by_decoding_the_index(
        wiki: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = write(wiki, "notes/plan", "---\ntype: Note\ntitle: Plan\n---\nPaint the shed green.\n")
    wiki.query("shed")  # the page is seconds old: indexed, not signed
    index = stored.open_index(wiki.paths.query_index)
    assert index is not None and index.signature(index.ids.tolist().index("notes/plan")) is None
    decoded: list[int] = []
    real = stored.MappedIndex.materialize
    monkeypatch.setattr(stored.MappedIndex, "materialize", lambda self: decoded.append(1) or real(self))
    assert isinstance(store.fresh_index(wiki.paths.query_index, wiki.paths.wiki), stored.MappedIndex)
    plan.write_text(plan.read_text().replace("green", "olive"))
    assert [r.id for r in wiki.query("olive")] == ["notes/plan"] and decoded == [1]


def test_a_new_or_vanished_page_is_found_by_the_walk(wiki: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)
    wiki.query("freezer")
    write(wiki, "z/new", "---\ntype: Topic\ntitle: Zeppelin\n---\nA zeppelin hangar.\n")
    assert [r.id for r in wiki.query("zeppelin")] == ["z/new"]
    (wiki.paths.wiki / "z" / "new.md").unlink()
    assert wiki.query("zeppelin") == []


def test_a_text_that_appears_later_is_read_with_the_file_otherwise_unchanged(wiki: Project,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)
    assert wiki.query("zeppelin") == []
    late = wiki.paths.archive / "late" / "missing-extracted.txt"
    late.parent.mkdir()
    late.write_text("The zeppelin landed at noon.\n", encoding="utf-8")
    [hit] = wiki.query("zeppelin")
    assert hit.id == "topic/minutes" and hit.source is not None and hit.source.id == "7"


def test_a_batch_refreshes_the_pages_it_wrote_without_walking_the_wiki(project: Project,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    drop(project, "notes/a.md", page(title="Alpha", body="The quokka lives here.\n"))
    project.update()
    hand = write(project, "notes/hand", "---\ntype: Note\ntitle: Hand\n---\nWritten by hand: wombat.\n")

    def no_walk(root: Path) -> None:
        raise AssertionError("the batch walked the wiki")

    monkeypatch.setattr(store, "walk_bundle", no_walk)
    drop(project, "notes/b.md", page(title="Beta", body="The numbat lives there.\n"))
    report = project.update()
    assert report.counts()["created"] == 1
    index = store.load(project.paths.query_index)
    assert index is not None and index.term_id("numbat") is not None
    assert "notes/hand" not in index.ids  # not the batch's: left to the next query's walk
    monkeypatch.undo()
    assert [r.id for r in project.query("wombat")] == ["notes/hand"] and hand.exists()


def test_a_query_the_daemon_answers_imports_neither_numpy_nor_yaml(project: Project, tmp_path: Path) -> None:
    """The client asks the socket and prints; here a stand-in daemon answers."""
    reply = {"protocol": 3, "response": {"query": "anvils", "concepts": 1, "via": "daemon", "results": [
        {"rank": 1, "score": 0.5, "id": "vendors/acme", "title": "Acme", "path": "wiki/vendors/acme.md",
         "snippet": "Acme sells anvils.", "conflict": False, "type": "Vendor"}]}}
    server = (
        "import json, os, socket, sys\n"
        "s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1); print('ready', flush=True)\n"
        "c, _ = s.accept(); request = json.loads(c.recv(65536))\n"
        f"c.sendall(json.dumps({reply!r}).encode() + b'\\n'); c.close()\n"
        "print(json.dumps(request), flush=True)\n"
    )
    daemon = subprocess.Popen([sys.executable, "-c", server, str(project.paths.query_socket)], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert daemon.stdout is not None and daemon.stdout.readline() == "ready\n"
        code = (
            "import json, sys\n"
            "from wikid.cli import main\n"
            f"rc = main(['-C', {str(project.root)!r}, 'query', 'anvils'])\n"
            "loaded = sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'yaml', 'multiprocessing', 'ctypes'})\n"
            "print(json.dumps([rc, loaded]))\n"
        )
        env = {k: v for k, v in os.environ.items() if not k.startswith("WIKID_")}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True,
                              env=env)
        request = json.loads(daemon.communicate(timeout=30)[0])
    finally:
        daemon.kill()
    assert "Acme sells anvils." in done.stdout
    assert json.loads(done.stdout.splitlines()[-1]) == [0, []]
    assert request["k"] is None  # query.k is the daemon's to read from wikid.yaml


def test_a_page_weighed_while_the_batch_wrote_it_is_used_only_while_it_holds_those_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    from wikid.query.index import empty_index

    wiki = tmp_path / "wiki"
    wiki.mkdir()
    written, edited = page(title="Alpha"), page(title="Beta")
    prepared = store.PreparedPages(wiki)
    for concept_id in ("same", "edited"):
        prepared.add(concept_id, written)
        (wiki / f"{concept_id}.md").write_bytes(written)
    (wiki / "edited.md").write_bytes(edited)  # changed after the batch weighed it
    weighed: list[str] = []
    real = store.index_page
    monkeypatch.setattr(store, "index_page", lambda concept_id, *a, **k: (weighed.append(concept_id), real(concept_id, *a, **k))[1])
    index, _ = store.refresh(empty_index(), wiki, prepared=prepared.pages)
    assert weighed == ["edited"]  # the unchanged page was not weighed again
    shas = {r.id: r.sha256 for r in index.records}
    assert shas == {"same": hashlib.sha256(written).digest(), "edited": hashlib.sha256(edited).digest()}
    assert {r.id: r.title for r in index.records} == {"same": "Alpha", "edited": "Beta"}


def test_a_page_that_still_has_its_written_signature_is_not_read_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch hands over each page's signature taken right after writing it: while
    the page has it, the refresh trusts the weighed bytes without reading the page, and
    records no signature (the page is too recent to vouch for: the next check hashes it).
    A page whose signature changed since (an edit) is read and weighed from disk."""
    import os

    from wikid.okf.bundle import signature
    from wikid.query.index import empty_index

    wiki = tmp_path / "wiki"
    wiki.mkdir()
    written, edited = page(title="Alpha"), page(title="Beta, edited")
    prepared = store.PreparedPages(wiki)
    for concept_id in ("same", "edited"):
        (wiki / f"{concept_id}.md").write_bytes(written)
        prepared.add(concept_id, written, None, signature(os.lstat(wiki / f"{concept_id}.md")))
    (wiki / "edited.md").write_bytes(edited)
    reads: list[str] = []
    real = store.read_regular
    monkeypatch.setattr(store, "read_regular", lambda path, *a, **k: (reads.append(path.name), real(path, *a, **k))[1])
    index, _ = store.refresh(empty_index(), wiki, prepared=prepared.pages)
    assert reads == ["edited.md"]
    assert {r.id: r.title for r in index.records} == {"same": "Alpha", "edited": "Beta, edited"}
    assert [r.signature for r in index.records] == [None, None]  # both just written: hashed next time
