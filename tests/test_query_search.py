"""`Project.query` on small hand-checked wikis: ranking, languages, freshness, snippets, answers."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from conftest import drop, page

from wikid import Project
from wikid.query import store
from wikid.query.results import EmptyWiki

ARRAYS = ("indptr", "rows", "tf", "starts", "ends", "idf", "norms", "row_doc")


def write(project: Project, concept_id: str, title: str, body: str, **extra: str) -> Path:
    path = project.paths.wiki / f"{concept_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(page(title=title, body=body, **extra))
    return path


def ids(project: Project, text: str, **kwargs: object) -> list[str]:
    return [r.id for r in project.query(text, **kwargs)]  # type: ignore[arg-type]


FILLER = "The team reviewed the schedule, the budget and the open items of the quarter. "


def test_a_title_match_beats_a_passing_mention(project: Project) -> None:
    write(project, "equipment/kestrel", "Kestrel", "A compact unit used at the roastery.\n" + FILLER)
    write(project, "meetings/weekly", "Weekly meeting", FILLER * 3 + "Someone asked about the kestrel again.\n")
    write(project, "notes/other", "Other", FILLER)
    assert ids(project, "kestrel") == ["equipment/kestrel", "meetings/weekly"]


def test_the_page_a_question_names_comes_before_one_saying_its_other_words_more(project: Project) -> None:
    write(project, "command/frob", "frob", "frob reads files and writes reports. " + FILLER * 6
          + "-n: prefix each output line with its number.\n")
    write(project, "command/blat", "blat", "blat packs files; pipe frob into it. --show-block: show the block "
          "number of each match.\n" + FILLER * 3)
    for i in range(4):
        write(project, f"notes/n{i}", f"Note {i}", "Run frob first. " + FILLER)
    assert ids(project, "frob show the line number of each match")[0] == "command/frob"
    assert ids(project, "show the line number of each match")[0] == "command/blat"


def test_a_word_in_many_titles_names_none_of_them(project: Project) -> None:
    for name in ("frob", "blat", "quux"):
        write(project, f"command/{name}", f"GNU {name}", f"GNU {name} reads files and shows line numbers. " + FILLER * 2)
    write(project, "notes/numbers", "Numbering", "Show line numbers with -n. " + FILLER * 2)
    assert ids(project, "GNU show line numbers")[0] == "notes/numbers"


def test_a_rare_term_beats_a_common_one(project: Project) -> None:
    for i in range(6):
        write(project, f"pumps/p{i}", f"Unit {i}", f"The pump runs daily. The pump is serviced yearly. {FILLER}")
    write(project, "pumps/special", "Unit special", f"The pump has a bronze impeller. {FILLER}")
    results = project.query("pump impeller")
    assert results[0].id == "pumps/special"
    assert results[0].score > results[1].score > 0
    assert len(results) == 7


def test_concept_id_tokens_count(project: Project) -> None:
    write(project, "vendors/bluestone", "BGI", FILLER)
    write(project, "notes/n1", "A note", FILLER + "bluestone mentioned once.\n")
    assert ids(project, "bluestone")[0] == "vendors/bluestone"


def test_cjk_queries(project: Project) -> None:
    write(project, "ja/tokyo", "東京都の天気", "東京都は今日晴れです。気温は二十度です。\n")
    write(project, "ja/osaka", "大阪", "大阪は今日雨です。\n")
    write(project, "ko/seoul", "서울특별시", "서울특별시는 대한민국의 수도입니다.\n")
    write(project, "zh/beijing", "北京", "北京是中国的首都。\n")
    assert ids(project, "東京の天気")[0] == "ja/tokyo"
    assert ids(project, "雨")[0] == "ja/osaka"
    assert ids(project, "서울 수도")[0] == "ko/seoul"
    assert ids(project, "中国首都")[0] == "zh/beijing"


def test_accented_queries(project: Project) -> None:
    write(project, "places/aeroskobing", "Ærøskøbing", "A ferry town.\n")
    write(project, "places/cafe", "Café Central", "Coffee and cake in Vienna.\n")
    write(project, "places/resume", "Resume", "Not the same word.\n")
    assert ids(project, "ærøskøbing") == ["places/aeroskobing"]
    assert ids(project, "CAFÉ")[0] == ids(project, "cafe\u0301")[0] == "places/cafe"
    assert ids(project, "café") == ["places/cafe"]
    assert ids(project, "résumé") == []  # accents are kept: résumé and resume are different words


def test_identical_results_on_repeated_runs_and_after_refresh_vs_rebuild(project: Project) -> None:
    for i in range(30):
        write(project, f"d{i % 3}/p{i:02d}", f"Page {i}", f"alpha {'beta ' * (i % 4)} gamma{i % 5} delta\n")
    first = project.query("alpha beta gamma3", k=30)
    assert project.query("alpha beta gamma3", k=30) == first
    write(project, "d1/p05", "Page 5 edited", "alpha beta beta gamma3 epsilon\n")
    (project.paths.wiki / "d2/p08.md").unlink()
    write(project, "d9/new", "New page", "gamma3 zeta\n")
    incremental = project.query("alpha beta gamma3", k=30)
    stored = store.load(project.paths.query_index)
    project.reindex()
    rebuilt = store.load(project.paths.query_index)
    assert project.query("alpha beta gamma3", k=30) == incremental
    assert stored is not None and rebuilt is not None and stored.terms == rebuilt.terms
    for name in ARRAYS:
        assert getattr(stored, name).tobytes() == getattr(rebuilt, name).tobytes(), name
    found = {r.id for r in incremental}
    assert {"d1/p05", "d9/new"} <= found and "d2/p08" not in found


def test_a_page_edited_in_place_is_found_stale_when_a_query_would_show_it(project: Project,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """No folder changes when a page is rewritten in place, and a query without the
    daemon stats folders, not pages: it checks the pages it is about to show instead."""
    monkeypatch.setattr(store, "RACY_NS", 0)  # trust signatures at once: the stat check must do the work
    path = write(project, "notes/plan", "Plan", "We will paint the shed green.\n")
    write(project, "notes/other", "Other", "Nothing here.\n")
    assert ids(project, "purple") == []
    before, folder = path.stat(), path.parent.stat()
    time.sleep(0.05)
    path.write_bytes(path.read_bytes().replace(b"green", b"olive"))  # same size...
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # ...and the old mtime
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    assert path.parent.stat().st_mtime_ns == folder.st_mtime_ns  # nothing to see in the folder
    assert ids(project, "green") == []  # the index still said green: shown, checked, indexed anew
    assert ids(project, "olive") == ["notes/plan"]


def test_a_page_saved_by_a_rename_is_found_by_its_new_words(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """An editor that writes a new file and renames it over the page (vim, emacs, sed -i)
    changes the page's folder: the next query sees it without being about to show it."""
    monkeypatch.setattr(store, "RACY_NS", 0)
    path = write(project, "notes/plan", "Plan", "We will paint the shed green.\n")
    write(project, "notes/other", "Other", "Nothing here.\n")
    assert ids(project, "purple") == []
    saved = path.with_name("plan.md.tmp")
    saved.write_bytes(path.read_bytes().replace(b"green", b"olive"))
    os.replace(saved, path)
    assert ids(project, "olive") == ["notes/plan"]
    assert ids(project, "green") == []


def test_a_touched_page_is_not_reindexed(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)
    path = write(project, "notes/plan", "Plan", "Green shed.\n")
    project.query("shed")
    indexed: list[str] = []
    original = store.index_page
    monkeypatch.setattr(store, "index_page", lambda i, *a: indexed.append(i) or original(i, *a))
    time.sleep(0.05)
    os.utime(path)
    assert ids(project, "shed") == ["notes/plan"]
    assert indexed == []  # re-hashed, same bytes: not re-indexed


def test_fresh_pages_are_rehashed_until_their_timestamps_age(project: Project) -> None:
    write(project, "notes/plan", "Plan", "Green shed.\n")
    project.query("shed")
    stored = store.load(project.paths.query_index)
    assert stored is not None and stored.records[0].signature is None


def test_archive_and_generated_files_are_not_indexed(project: Project) -> None:
    write(project, "notes/real", "Real", "Nothing special.\n")
    (project.paths.archive / "old").mkdir(parents=True)
    (project.paths.archive / "old" / "zebra.md").write_bytes(page(title="Zebra", body="zebra zebra\n"))
    with open(project.paths.wiki / "log.md", "a") as log:
        log.write("* zebra\n")
    (project.paths.wiki / "notes" / "index.md").write_text("# Notes\n\n* zebra\n")
    (project.paths.wiki / ".hidden.md").write_bytes(page(title="Zebra"))
    assert ids(project, "zebra") == []
    assert project.search("real").concepts == 1


def test_the_snippet_is_the_best_matching_passage(project: Project) -> None:
    body = (
        "# Overview\n\nThe roastery opens at seven. Deliveries arrive by truck.\n\n"
        "## Maintenance\n\n- Clean the grinder weekly.\n- Descale the boiler every month with citric acid.\n\n"
        "| Part | Interval |\n|---|---|\n| Gasket | yearly |\n"
    )
    write(project, "ops/roastery", "Roastery", body, description="How the roastery runs.")
    assert project.query("descale boiler")[0].snippet == "Maintenance — Descale the boiler every month with citric acid."
    assert project.query("gasket")[0].snippet == "Maintenance — Gasket | yearly"
    assert project.query("opens seven")[0].snippet == "Overview — The roastery opens at seven. Deliveries arrive by truck."
    long = "word " * 200 + "needle in the middle " + "word " * 200
    write(project, "ops/long", "Long", long + "\n")
    snippet = project.query("needle")[0].snippet
    assert "needle" in snippet and len(snippet) <= 250 and snippet.startswith("…") and snippet.endswith("…")


def test_open_conflicts_are_flagged(project: Project) -> None:
    table = "# Conflicts\n\n| Attribute | Value | Source | Date | Status |\n|---|---|---|---|---|\n"
    write(project, "v/open", "Open vendor", "Terms vary.\n\n" + table
          + "| Terms | 30 days | [^a] | | unverified |\n| Terms | 45 days | [^b] | | unverified |\n")
    write(project, "v/settled", "Settled vendor", "Terms vary.\n\n" + table
          + "| Terms | 30 days | [^a] | 2024-01-01 | superseded |\n| Terms | 45 days | [^b] | 2025-01-01 | canonical |\n")
    write(project, "v/prose", "Prose vendor", "Terms vary; nothing is unverified here.\n")
    flags = {r.id: r.conflict for r in project.query("terms vary")}
    assert flags == {"v/open": True, "v/settled": False, "v/prose": False}


def test_type_filter_and_k(project: Project) -> None:
    for i in range(5):
        write(project, f"v/{i}", f"Vendor {i}", "coffee supplier\n", type_="x")
    (project.paths.wiki / "v" / "3.md").write_bytes(page(type_="Vendor", title="Vendor 3", body="coffee supplier\n"))
    assert ids(project, "coffee", type="vendor") == ["v/3"]
    assert len(project.query("coffee", k=2)) == 2


def test_answer_cites_every_sentence_in_the_pages_language(project: Project) -> None:
    write(project, "ja/tokyo", "東京", "東京は日本の首都です。人口は多いです。\n")
    write(project, "en/paris", "Paris", "Paris is the capital of France. It has many bridges.\n")
    answer = project.search("首都 東京", answer=True).answer
    assert answer is not None and answer.covered and answer.by == "extractive"
    assert answer.sentences[0].text == "東京は日本の首都です。人口は多いです。"  # the paragraph
    assert answer.text.startswith("東京は日本の首都です。人口は多いです。 [東京](wiki/ja/tokyo.md)")
    for sentence in answer.sentences:
        assert f"{sentence.text} [{sentence.title}]({sentence.path})" in answer.text
    missing = project.search("kubernetes", answer=True)
    assert missing.results == [] and missing.answer is not None and not missing.answer.covered
    assert missing.answer.text == "The wiki does not cover this question."


def test_an_empty_or_missing_wiki_says_what_to_do(project: Project, tmp_path: Path) -> None:
    with pytest.raises(EmptyWiki, match="drop files into input/ and run `wikid update`"):
        project.query("anything")
    bare = tmp_path / "bare"
    bare.mkdir()
    with pytest.raises(EmptyWiki):
        Project(bare).query("anything")


def test_update_refreshes_the_index(project: Project) -> None:
    drop(project, "notes/a.md", page(title="Alpha", body="The quokka lives here.\n"))
    project.update()
    stored = store.load(project.paths.query_index)
    assert stored is not None and stored.ids == ["notes/a"] and stored.term_id("quokka") is not None


def test_an_index_failure_never_fails_a_batch(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(store, "fresh_index", broken)
    drop(project, "notes/a.md", page(title="Alpha"))
    report = project.update()
    assert report.counts()["created"] == 1 and not project.paths.query_index.exists()
    monkeypatch.undo()
    assert ids(project, "alpha") == ["notes/a"]  # the next query repairs it


def test_a_corrupt_index_is_rebuilt(project: Project) -> None:
    write(project, "notes/a", "Alpha", "text\n")
    project.paths.state.mkdir(exist_ok=True)
    project.paths.query_index.write_bytes(b"PK\x03\x04 not really a zip")
    assert ids(project, "alpha") == ["notes/a"]
    assert store.load(project.paths.query_index) is not None


def test_a_refresh_in_chunks_of_a_wiki_changed_every_way_is_the_same_index(project: Project,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages added, edited and removed, weighed a few rows at a time and merged once with
    the index they change: the arrays a rebuild makes, bit for bit."""
    for i in range(24):
        write(project, f"d{i % 4}/p{i:02d}", f"Page {i}", f"word{i % 7} common text {i}\n")
    ids(project, "common")
    monkeypatch.setattr(store, "CHUNK_ROWS", 3)
    for i in range(0, 24, 3):
        write(project, f"d{i % 4}/p{i:02d}", f"Page {i} edited", f"word{i % 5} rarer text {i}\n")
    for i in range(1, 24, 5):
        (project.paths.wiki / f"d{i % 4}/p{i:02d}.md").unlink()
    for i in range(8):
        write(project, f"new{i % 3}/q{i}", f"New {i}", f"fresh word{i} common\n")
    into_index: list[int] = []  # apply_changes calls that rewrite a non-empty index
    real = store.apply_changes
    monkeypatch.setattr(store, "apply_changes", lambda index, *a: (into_index.extend([1] * bool(len(index))),
                                                                    real(index, *a))[1])
    refreshed, changed = store.refresh(store.load(project.paths.query_index), project.paths.wiki)  # type: ignore[arg-type]
    assert len(into_index) == 1  # the index is rewritten once, not once per chunk
    rebuilt = store.build(project.paths.wiki)
    assert changed and refreshed.ids == rebuilt.ids and refreshed.terms == rebuilt.terms
    assert [r._replace(signature=None) for r in refreshed.records] == [r._replace(signature=None) for r in rebuilt.records]
    for name in ARRAYS:
        assert getattr(refreshed, name).tobytes() == getattr(rebuilt, name).tobytes(), name


def test_a_build_in_chunks_is_the_same_index(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(20):
        write(project, f"d{i % 4}/p{i:02d}", f"Page {i}", f"word{i % 7} common text {i}\n")
    whole = store.build(project.paths.wiki)
    monkeypatch.setattr(store, "CHUNK_ROWS", 3)
    chunked = store.build(project.paths.wiki)
    assert whole.ids == chunked.ids and whole.terms == chunked.terms
    for name in ARRAYS:
        assert getattr(whole, name).tobytes() == getattr(chunked, name).tobytes(), name


def test_execute_asks_for_k_resolved_rather_than_failing_inside(project: Project) -> None:
    """k=None means the project's query.k: whoever answers reads it (mypy showed execute
    could be handed None, which a comparison deep inside would have failed on)."""
    from wikid.query.results import QueryRequest
    from wikid.query.search import execute, wiki_reader

    write(project, "notes/a", "Alpha", "alpha text\n")
    index = store.build(project.paths.wiki)
    with pytest.raises(ValueError, match=r"needs request\.k"):
        execute(index, QueryRequest("alpha", k=None), wiki_reader(project.paths.wiki))
    assert [r.id for r in execute(index, QueryRequest("alpha", k=1), wiki_reader(project.paths.wiki)).results] == ["notes/a"]


def test_a_query_term_is_held_by_itself_and_its_variants_in_the_index() -> None:
    """Which rows of a page to read is decided by the index terms holding each query
    term: `growing` holds `grows` (as a passage would), `gr` is too short to have variants."""
    from wikid.query.index import IndexedPage, PageRecord, apply_changes, empty_index
    from wikid.query.relevance import VARIANT_WEIGHT, QueryTerms
    from wikid.query.search import holders

    record = PageRecord("p", "P", "Note", False, bytes(32), None, ())
    index = apply_changes(empty_index(), [], [IndexedPage(record, [{"growing": 1.0, "grows": 1.0, "grow": 1.0,
                                                                     "grown": 1.0, "ground": 1.0, "gr": 1.0}], [0])])
    found = holders(index, QueryTerms({"grows": 1.0, "gr": 1.0, "unseen": 1.0}))
    assert {index.terms[tid]: value for tid, value in found["grows"]} == {
        "grows": 1.0, "growing": VARIANT_WEIGHT, "grow": VARIANT_WEIGHT, "grown": VARIANT_WEIGHT}
    assert [index.terms[tid] for tid, _ in found["gr"]] == ["gr"] and found["unseen"] == []


def test_a_lead_listing_the_pages_sources_is_no_passage_but_a_sentence_naming_one_is() -> None:
    """Asked how to kill the processes using a file, a suite's page answered with its
    lead, "frobkit: this page gathers the manual pages: frob — ...; grind — ...", whose
    words are its sources' titles, over the option of one of them that says it."""
    from wikid.query.passages import Passage
    from wikid.query.search import cites
    from wikid.query.tokenize import tokens

    titles = [tokens("frob — stop processes using files"), tokens("grind — list processes by name")]
    lead = "frobkit: this page gathers the manual pages: frob — stop processes using files; grind — list processes by name."
    assert cites(Passage(lead, "", "", 0), titles, 40)
    assert cites(Passage("frob — stop processes using files (manual page)", "", "", 0), titles, 80)
    said = "-k, --kill: stop processes using files, as frob — stop processes using files says."
    assert not cites(Passage(said, "", "", 0), titles, 40)
