"""A query without the daemon checks the wiki by its folders, not page by page: it finds
pages added, removed, renamed or saved by a rename through the folders that changed,
an edit in place through the pages it is about to show, and answers exactly as the
walk that stats every page does."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from conftest import drop, load_bench, page, updated_sample

from wikid import Project
from wikid.okf import bundle
from wikid.query import folders, store, stored
from wikid.query.client import answer_here
from wikid.query.results import QueryRequest, QueryResponse
from wikid.query.search import execute, wiki_reader

# Folder timestamps come from the kernel's coarse clock: with RACY_NS at 0 (a folder's
# signature recorded at once), a change in the same tick as the query before it could
# keep the folder's mtime. A pause between the two keeps the test to what it checks.
TICK = 0.05


def write(project: Project, concept_id: str, body: str) -> Path:
    path = project.paths.wiki / f"{concept_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(page(title=concept_id.rsplit("/", 1)[-1].title(), body=body))
    return path


def cold(project: Project, text: str, k: int = 10) -> QueryResponse:
    """`wikid query` with no daemon: the stored index checked by the folders' record."""
    response = answer_here(project.paths, QueryRequest(text, k))
    time.sleep(TICK)
    return response


def ids(project: Project, text: str) -> list[str]:
    return [r.id for r in cold(project, text).results]


def walked(project: Project, request: QueryRequest) -> QueryResponse:
    """The answer as a query gave it before the folders' record: every page stat'd (a
    walk), the index refreshed with every page that changed, then ranked and read."""
    index = store.fresh_index(project.paths.query_index, project.paths.wiki)
    return execute(index, request, wiki_reader(project.paths.wiki))


def same_bytes(a: QueryResponse, b: QueryResponse) -> bool:
    return json.dumps(a.to_dict(), sort_keys=True).encode() == json.dumps(b.to_dict(), sort_keys=True).encode()


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The folders each check lists (no walk allowed: a walk fails the test)."""
    calls: list[list[str]] = []
    real = folders.scan_folders

    def scan(root: Path, names: list[str], skip: object = ()) -> bundle.BundleFiles:
        calls.append(sorted(names))
        return real(root, names, skip)  # type: ignore[arg-type]

    def no_walk(root: Path) -> None:
        raise AssertionError("walked the whole wiki")

    monkeypatch.setattr(folders, "scan_folders", scan)
    monkeypatch.setattr(store, "walk_bundle", no_walk)
    return calls


@pytest.fixture
def wiki(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    """Three folders of pages, checked once (a walk) so that the folders are recorded;
    signatures are trusted at once."""
    monkeypatch.setattr(store, "RACY_NS", 0)
    write(project, "notes/plan", "We will paint the shed green.\n")
    write(project, "notes/other", "Nothing here.\n")
    write(project, "vendors/acme", "Acme sells a freezer.\n")
    write(project, "vendors/deep/parts", "Spare freezer parts.\n")
    cold(project, "shed")
    index = stored.open_index(project.paths.query_index)
    assert index is not None and folders.load(project.paths.query_folders, index.generation) is not None
    return project


def test_an_unchanged_wiki_lists_no_folder(wiki: Project, listed: list[list[str]]) -> None:
    generation = stored.open_index(wiki.paths.query_index).generation  # type: ignore[union-attr]
    assert ids(wiki, "freezer") == ["vendors/acme", "vendors/deep/parts"]
    assert listed == [[]]
    assert stored.open_index(wiki.paths.query_index).generation == generation  # type: ignore[union-attr]


def test_a_page_added_to_a_folder_lists_that_folder_alone(wiki: Project, listed: list[list[str]]) -> None:
    write(wiki, "vendors/zeta", "Zeta builds a zeppelin.\n")
    assert ids(wiki, "zeppelin") == ["vendors/zeta"]
    assert listed == [["vendors"]]
    assert ids(wiki, "zeppelin") == ["vendors/zeta"] and listed[-1] == []  # recorded with its new signature


def test_a_page_in_a_new_folder_below_a_new_folder_is_found(wiki: Project, listed: list[list[str]]) -> None:
    write(wiki, "teams/ops/night", "The night shift runs the zeppelin.\n")
    assert ids(wiki, "zeppelin") == ["teams/ops/night"]
    assert listed == [[""]]  # the root changed; teams/ and teams/ops/ were listed as new below it
    assert ids(wiki, "zeppelin") == ["teams/ops/night"] and listed[-1] == []


def test_a_removed_page_and_a_removed_folder_leave_the_index(wiki: Project, listed: list[list[str]]) -> None:
    (wiki.paths.wiki / "notes" / "plan.md").unlink()
    assert ids(wiki, "shed") == []
    shutil.rmtree(wiki.paths.wiki / "vendors")
    assert ids(wiki, "freezer") == []
    assert listed == [["notes"], [""]]
    index = stored.open_index(wiki.paths.query_index)
    assert index is not None and list(index.ids) == ["notes/other"]
    assert set(folders.load(wiki.paths.query_folders, index.generation) or {}) == {"", "notes"}


def test_a_renamed_folder_moves_its_pages(wiki: Project, listed: list[list[str]]) -> None:
    os.rename(wiki.paths.wiki / "vendors", wiki.paths.wiki / "suppliers")
    assert [r.id for r in cold(wiki, "freezer").results] == ["suppliers/acme", "suppliers/deep/parts"]


def test_a_folder_replaced_by_a_link_is_not_followed(wiki: Project, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(wiki.paths.wiki / "vendors", elsewhere)
    os.symlink(elsewhere, wiki.paths.wiki / "vendors")
    assert ids(wiki, "freezer") == []  # walk_bundle follows no links either


def test_a_page_saved_in_place_is_found_when_shown_and_then_by_its_new_words(wiki: Project,
                                                                            listed: list[list[str]]) -> None:
    plan = wiki.paths.wiki / "notes" / "plan.md"
    plan.write_bytes(plan.read_bytes().replace(b"green", b"olive"))  # in place: the folder keeps its mtime
    assert ids(wiki, "olive") == []  # nothing shows it: not seen yet (a daemon would have)
    assert ids(wiki, "green") == []  # shown by the index, checked before it is read: indexed anew
    assert ids(wiki, "olive") == ["notes/plan"]
    assert all(calls == [] for calls in listed)  # no folder changed


def test_a_page_shown_and_gone_is_dropped_before_it_is_read(wiki: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    (wiki.paths.wiki / "notes" / "plan.md").unlink()
    monkeypatch.setattr(folders, "check", lambda wiki, recorded: folders.Check(bundle.BundleFiles({}, []), []))
    assert ids(wiki, "shed") == []  # the folders said nothing (as if the unlink were missed), the page check did


def test_a_folder_too_recent_to_sign_is_listed_until_it_ages(project: Project, monkeypatch: pytest.MonkeyPatch,
                                                             listed: list[list[str]]) -> None:
    monkeypatch.setattr(store, "RACY_NS", 300_000_000)
    monkeypatch.setattr(store, "walk_bundle", bundle.walk_bundle)  # the first check has no record: it walks
    write(project, "notes/plan", "We will paint the shed green.\n")
    assert ids(project, "shed") == ["notes/plan"]
    index = stored.open_index(project.paths.query_index)
    assert index is not None and folders.load(project.paths.query_folders, index.generation) == {"": None,
                                                                                                 "notes": None}
    assert ids(project, "shed") == ["notes/plan"] and listed[-1] == ["", "notes"]
    time.sleep(0.35)
    assert ids(project, "shed") == ["notes/plan"] and listed[-1] == ["", "notes"]  # now signed...
    assert ids(project, "shed") == ["notes/plan"] and listed[-1] == []  # ...and not listed again
    assert stored.open_index(project.paths.query_index).generation == index.generation  # type: ignore[union-attr]


def test_a_record_of_another_index_is_not_trusted(wiki: Project) -> None:
    record = json.loads(wiki.paths.query_folders.read_bytes())
    wiki.reindex()  # a new generation: the record describes the index before it
    write(wiki, "vendors/zeta", "Zeta builds a zeppelin.\n")
    wiki.paths.query_folders.write_text(json.dumps(record))
    assert ids(wiki, "zeppelin") == ["vendors/zeta"]  # walked
    index = stored.open_index(wiki.paths.query_index)
    assert index is not None and folders.load(wiki.paths.query_folders, index.generation) is not None


def test_a_batch_keeps_the_record_and_the_next_query_lists_what_it_changed(wiki: Project,
                                                                           listed: list[list[str]]) -> None:
    drop(wiki, "notes/eta.md", page(title="Eta", body="Eta flies a kite.\n"))
    wiki.update()  # the first batch writes every folder's index.md
    cold(wiki, "kite")
    drop(wiki, "notes/zeta.md", page(title="Zeta", body="Zeta builds a zeppelin.\n"))
    report = wiki.update()
    assert report.counts()["created"] == 1
    index = stored.open_index(wiki.paths.query_index)
    assert index is not None and folders.load(wiki.paths.query_folders, index.generation) is not None
    time.sleep(TICK)
    assert ids(wiki, "zeppelin") == ["notes/zeta"]
    assert listed[-1] and "vendors" not in listed[-1]


def changes(project: Project) -> None:
    """Changes every folder shows: a page added, one in a new folder, one removed, a
    folder renamed, a page saved by a rename."""
    wiki = project.paths.wiki

    def pages(folder: Path) -> list[Path]:
        return sorted(p for p in folder.glob("*.md") if p.name != "index.md")

    folder = sorted((p for p in wiki.iterdir() if p.is_dir() and p.name not in ("archive", "trash")),
                    key=lambda f: (-len(pages(f)), f.name))
    first, second = pages(folder[0])[:2]
    (folder[0] / "added-page.md").write_bytes(second.read_bytes().replace(b"title: ", b"title: Added ", 1))
    (wiki / "brand-new").mkdir()
    (wiki / "brand-new" / "page.md").write_bytes(first.read_bytes() + b"\nAnd a zeppelin.\n")
    second.unlink()
    os.rename(folder[-1], wiki / f"{folder[-1].name}-renamed")
    target = pages(folder[1])[0]
    saved = target.with_name("saved.tmp")
    saved.write_bytes(target.read_bytes().replace(b"\n\n", b"\n\nA paragraph added by an editor.\n\n", 1))
    os.replace(saved, target)


def answers_alike(project: Project, queries: list[str]) -> None:
    """Each query answered by the folders' check, then by the walk: the same bytes."""
    for text in queries:
        for request in (QueryRequest(text, 10), QueryRequest(text, 5, answer=True)):
            mine = answer_here(project.paths, request)
            assert same_bytes(mine, walked(project, request)), request


def queries_of(project: Project, n: int) -> list[str]:
    """Words of the project's own pages: titles and words from their bodies."""
    index = store.load(project.paths.query_index)
    assert index is not None
    step = max(1, len(index.terms) // n)
    return [r.title for r in index.records[:: max(1, len(index.records) // n)]] + index.terms[::step][:n]


def test_the_sample_project_is_answered_as_the_walk_answers_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = updated_sample(tmp_path / "sample")
    monkeypatch.setattr(store, "RACY_NS", 0)
    queries = queries_of(project, 30) + ["freezer compressor", "who is the vendor contact", "nothing-matches-this"]
    answer_here(project.paths, QueryRequest("warm"))  # records the folders
    time.sleep(TICK)
    answers_alike(project, queries)
    changes(project)
    time.sleep(TICK)
    answers_alike(project, queries)


def test_a_generated_wiki_is_answered_as_the_walk_answers_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_bench("query")
    text = bench.generate(tmp_path / "gen", 1500, True)
    project = Project(tmp_path / "gen")
    project.reindex()
    monkeypatch.setattr(store, "RACY_NS", 0)
    queries = bench.queries(text, 40)
    answer_here(project.paths, QueryRequest("warm"))
    time.sleep(TICK)
    answers_alike(project, queries)
    changes(project)
    time.sleep(TICK)
    answers_alike(project, queries + ["zeppelin", "editor paragraph added"])
