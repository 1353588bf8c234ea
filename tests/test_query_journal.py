"""The change journal: trusted only while the daemon holds it, for the generation it names,
and then a query checks only the pages it names; anything else walks the wiki."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_daemon import wait_until
from test_query_daemon import daemon  # noqa: F401  (a fixture: `wikid watch` in a thread)

from wikid import Project
from wikid.daemon.service import Daemon
from wikid.query import store, stored
from wikid.query.journal import Journal, vouched_changes
from wikid.query.results import QueryRequest
from wikid.query.search import execute, wiki_reader


def write(project: Project, concept_id: str, body: str) -> Path:
    path = project.paths.wiki / f"{concept_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ntype: Note\ntitle: {concept_id}\n---\n{body}\n", encoding="utf-8")
    return path


def test_only_a_held_journal_of_the_same_generation_vouches(tmp_path: Path) -> None:
    path = tmp_path / "query-journal"
    assert vouched_changes(path, "g1") is None  # no journal
    journal = Journal(path)
    journal.start("g1", ["a/b"])
    assert vouched_changes(path, "g1") == {"a/b"}
    assert vouched_changes(path, "g0") is None  # another index than the one it vouches for
    journal.note("c\nd")
    assert vouched_changes(path, "g1") == {"a/b", "c\nd"}
    journal.note(None)  # a folder event, lost events: walk
    assert vouched_changes(path, "g1") is None
    journal.start("g2")
    assert vouched_changes(path, "g2") == set()
    with open(path, "ab") as file:
        file.write(b'"half a li')  # a line being written
    assert vouched_changes(path, "g2") is None
    journal.start("g2")
    journal.stop()
    assert path.exists() and vouched_changes(path, "g2") is None  # nobody holds it: nobody watches


def test_a_vouched_query_checks_the_named_pages_and_walks_nothing(project: Project,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)
    plan = write(project, "notes/plan", "We will paint the shed green.")
    write(project, "notes/other", "Nothing here.")
    project.query("shed")
    generation = stored.open_index(project.paths.query_index).generation  # type: ignore[union-attr]
    journal = Journal(project.paths.query_journal)
    journal.start(generation)

    def no_walk(root: Path) -> None:
        raise AssertionError("walked the wiki")

    monkeypatch.setattr(store, "walk_bundle", no_walk)
    try:
        unchanged = store.fresh_index(project.paths.query_index, project.paths.wiki, project.paths.query_journal)
        assert isinstance(unchanged, stored.MappedIndex)
        plan.write_text(plan.read_text().replace("green", "olive"))
        journal.note("notes/plan")
        index = store.fresh_index(project.paths.query_index, project.paths.wiki, project.paths.query_journal)
        [hit] = execute(index, QueryRequest("olive"), wiki_reader(project.paths.wiki)).results
        assert hit.id == "notes/plan"
        assert stored.open_index(project.paths.query_index).generation == generation  # type: ignore[union-attr]
        journal.note(None)
        with pytest.raises(AssertionError, match="walked"):
            store.fresh_index(project.paths.query_index, project.paths.wiki, project.paths.query_journal)
    finally:
        journal.stop()


def cold(project: Project, text: str) -> list[str]:
    """A query answered without the socket, as a client that cannot reach it would."""
    index = store.fresh_index(project.paths.query_index, project.paths.wiki, project.paths.query_journal)
    return [r.id for r in execute(index, QueryRequest(text), wiki_reader(project.paths.wiki)).results]


def vouched(project: Project) -> bool:
    index = stored.open_index(project.paths.query_index)
    return index is not None and vouched_changes(project.paths.query_journal, index.generation) is not None


def test_the_daemon_vouches_while_it_watches_and_a_hand_edit_is_seen(project: Project, daemon: Daemon) -> None:  # noqa: F811 - the fixture imported above
    wait_until(lambda: vouched(project), what="the journal")
    assert os.stat(project.paths.query_journal).st_mode & 0o777 == 0o600
    plan = write(project, "notes/plan", "We will paint the shed green.")
    wait_until(lambda: cold(project, "green") == ["notes/plan"], what="the new page")
    plan.write_text(plan.read_text().replace("green", "olive"))
    wait_until(lambda: cold(project, "olive") == ["notes/plan"], what="the hand edit")
    assert cold(project, "green") == []
    wait_until(lambda: vouched(project), what="the journal after the edits")
    daemon.stop_requested = True
    wait_until(lambda: not vouched(project), what="the journal to be let go")


def test_an_index_stored_by_another_process_voids_the_journal_until_the_daemon_stores_its_own(
        project: Project, daemon: Daemon) -> None:  # noqa: F811 - the fixture imported above
    wait_until(lambda: vouched(project), what="the journal")
    project.reindex()
    assert not vouched(project)  # the journal names the daemon's generation: readers walk
    daemon.warm.refresh()
    assert vouched(project)
