"""`wikid query` over the sources' archived texts: found, attributed, fresh, confined; and
answers and results that respect relevance (the relative cutoff, no repeated sentence)."""

from __future__ import annotations

import json
import os
from itertools import pairwise
from pathlib import Path

import pytest

from wikid import Project
from wikid.cli import main
from wikid.query import search, store
from wikid.query.document import CHUNK_CHARS, HARD_CHUNK_CHARS, archive_text_path, source_chunks
from wikid.query.results import QueryRequest
from wikid.query.search import RELATIVE_CUTOFF, execute, wiki_reader

ARRAYS = ("indptr", "rows", "tf", "starts", "ends", "idf", "norms", "row_doc")
RESULT_KEYS = ["rank", "score", "id", "title", "path", "snippet", "conflict", "type"]
FILLER = "The committee met on Tuesday and reviewed the agenda, the minutes and the budget. "


def archive(project: Project, rel: str, text: str) -> str:
    """Write an archived extracted text; return its bundle path as pages cite it."""
    path = project.paths.archive / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return f"/archive/{rel}"


def cited_page(project: Project, concept_id: str, title: str, body: str, *texts: str) -> Path:
    """A page whose `sources` cite `texts` (bundle paths), as the engines write them."""
    lines = ["---", "type: Topic", f"title: {title}", "sources:"]
    for n, text in enumerate(texts, 1):
        lines += [f"- id: doc-{n}", f"  resource: /archive/doc-{n}.docx", f"  title: Doc {n} of {title}",
                  f"  text: {json.dumps(text)}"]
    path = project.paths.wiki / f"{concept_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n---\n" + body, encoding="utf-8")
    return path


def long_text(fact: str, paragraphs: int = 40) -> str:
    """A long document with `fact` in the middle: many chunks, one of them holding it."""
    middle = paragraphs // 2
    return "\n\n".join(fact if i == middle else FILLER * 3 for i in range(paragraphs)) + "\n"


def assert_same_index(a: object, b: object) -> None:
    assert a is not None and b is not None
    assert a.records == b.records and a.terms == b.terms  # type: ignore[attr-defined]
    for name in ARRAYS:
        assert getattr(a, name).tobytes() == getattr(b, name).tobytes(), name


@pytest.fixture
def wiki(project: Project) -> Project:
    text = archive(project, "batch-a/minutes-extracted.txt",
                   long_text("The quarterly audit found that the walk-in freezer compressor was replaced in March."))
    cited_page(project, "topic/minutes", "Committee minutes", "The committee meets every week.\n", text)
    cited_page(project, "topic/freezer", "Freezer", "The freezer compressor keeps the stock cold.\n")
    cited_page(project, "topic/other", "Other", "Nothing about that here.\n")
    return project


def test_a_fact_only_in_a_source_text_ranks_the_page_citing_it(wiki: Project) -> None:
    [first, *rest] = wiki.query("compressor replaced march")
    assert first.id == "topic/minutes" and [r.id for r in rest] == ["topic/freezer"]
    assert first.source is not None
    assert (first.source.id, first.source.title) == ("doc-1", "Doc 1 of Committee minutes")
    assert first.source.path == "wiki/archive/batch-a/minutes-extracted.txt"
    assert (wiki.root / first.source.path).is_file()
    assert first.snippet == ("[Doc 1 of Committee minutes](wiki/archive/batch-a/minutes-extracted.txt): The quarterly"
                             " audit found that the walk-in freezer compressor was replaced in March.")


def test_the_page_own_text_outranks_a_like_match_in_a_source(project: Project) -> None:
    text = archive(project, "log-extracted.txt", "The zeppelin hangar keys are kept in the office.\n")
    cited_page(project, "topic/visits", "Visits", "Visitors sign in at the desk.\n", text)
    cited_page(project, "topic/hangar", "Hangar", "The zeppelin hangar keys hang by the door.\n")
    results = project.query("zeppelin hangar keys")
    assert [r.id for r in results] == ["topic/hangar", "topic/visits"]
    assert results[0].source is None and results[0].snippet == "The zeppelin hangar keys hang by the door."
    assert results[1].source is not None and results[1].snippet.endswith(": The zeppelin hangar keys are kept"
                                                                          " in the office.")


def test_json_keeps_every_key_and_adds_source_only_when_a_source_scored(wiki: Project,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-C", str(wiki.root), "query", "freezer compressor replaced", "--json", "--answer"]) == 0
    data = json.loads(capsys.readouterr().out)
    own, sourced = data["results"]
    assert list(own) == RESULT_KEYS
    assert list(sourced) == [*RESULT_KEYS, "source"]
    assert sourced["source"] == {"id": "doc-1", "title": "Doc 1 of Committee minutes",
                                 "path": "wiki/archive/batch-a/minutes-extracted.txt"}
    sentences = data["answer"]["sentences"]
    own = [s for s in sentences if "source" not in s]
    quoted = [s for s in sentences if "source" in s]
    assert own and list(own[0]) == ["text", "id", "title", "path"]
    assert quoted and list(quoted[0]) == ["text", "id", "title", "path", "source"]
    assert quoted[0]["id"] == "topic/minutes" and quoted[0]["source"] == sourced["source"]
    assert "[Doc 1 of Committee minutes](wiki/archive/batch-a/minutes-extracted.txt)" in data["answer"]["text"]


def test_refreshed_index_equals_rebuilt_one_with_sources(wiki: Project) -> None:
    wiki.query("compressor")
    second = archive(wiki, "batch-b/invoice-extracted.txt", "Invoice 4471 for the freezer compressor, paid in full.\n")
    cited_page(wiki, "topic/freezer", "Freezer", "The freezer keeps the stock cold.\n", second)
    cited_page(wiki, "topic/new", "New", "A page citing the minutes too.\n", "/archive/batch-a/minutes-extracted.txt")
    (wiki.paths.wiki / "topic/other.md").unlink()
    assert [r.id for r in wiki.query("invoice 4471")] == ["topic/freezer"]
    assert {r.id for r in wiki.query("compressor replaced march")} == {"topic/minutes", "topic/new", "topic/freezer"}
    refreshed = store.load(wiki.paths.query_index)
    wiki.reindex()
    assert_same_index(refreshed, store.load(wiki.paths.query_index))


def test_a_missing_text_does_not_break_indexing_and_is_read_once_it_appears(project: Project) -> None:
    text = "/archive/late/report-extracted.txt"
    cited_page(project, "topic/report", "Report", "A short digest.\n", text)
    cited_page(project, "topic/plain", "Plain", "Nothing cited.\n")
    assert [r.id for r in project.query("digest")] == ["topic/report"]
    assert project.query("zeppelin") == []
    stored = store.load(project.paths.query_index)
    assert stored is not None and stored.records[stored.ids.index("topic/report")].sources[0].chunks is None
    archive(project, "late/report-extracted.txt", "The zeppelin landed at noon.\n")
    [hit] = project.query("zeppelin")  # the page's bytes did not change
    assert hit.id == "topic/report" and hit.source is not None and "zeppelin landed" in hit.snippet
    refreshed = store.load(project.paths.query_index)
    project.reindex()
    assert_same_index(refreshed, store.load(project.paths.query_index))


def test_a_text_that_vanished_after_indexing_falls_back_to_the_page_snippet(wiki: Project) -> None:
    wiki.query("compressor")
    (wiki.paths.archive / "batch-a/minutes-extracted.txt").unlink()
    hit = next(r for r in wiki.query("compressor") if r.id == "topic/minutes")  # archived texts are immutable
    assert hit.source is None and hit.snippet == "The committee meets every week."  # the page's own passage


@pytest.mark.parametrize("text", [
    "/archive/../secret.txt",
    "/archive/batch/../../secret.txt",
    "/secret.txt",
    "secret.txt",
    "archive/batch/link-extracted.txt",  # not a bundle path (no leading /)
    "{root}/secret.txt",  # absolute, outside the wiki
    "/archive/batch/link-extracted.txt",  # a symbolic link to the secret
    "/archive/linked/secret.txt",  # reached through a linked directory
    "/archive//secret.txt",
    "/archive/./batch/link-extracted.txt",
])
def test_a_source_path_outside_the_archive_or_through_a_link_is_not_read(project: Project, text: str) -> None:
    secret = project.root / "secret.txt"
    secret.write_text("The vault combination is xylophone.\n")
    (project.paths.wiki / "secret.txt").write_text("The vault combination is xylophone.\n")
    (project.paths.archive / "batch").mkdir(parents=True)
    os.symlink(secret, project.paths.archive / "batch" / "link-extracted.txt")
    os.symlink(project.root, project.paths.archive / "linked")
    cited_page(project, "topic/page", "Page", "Some digest.\n", text.format(root=project.root))
    assert project.query("xylophone") == []
    assert [r.id for r in project.query("digest")] == ["topic/page"]


def test_archive_text_paths() -> None:
    assert archive_text_path("/archive/a/b-extracted.txt") == "archive/a/b-extracted.txt"
    for bad in ["/archive/", "/archive/a/../b", "/archive/a\\b", "/archive/a\0b", "/etc/passwd", None, 3, ["/archive/a"]]:
        assert archive_text_path(bad) is None, bad


def test_only_the_first_max_source_chars_of_a_text_are_read(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "MAX_SOURCE_CHARS", 2000)
    text = archive(project, "big-extracted.txt", FILLER * 30 + "The aardvark appears late.\n")
    cited_page(project, "topic/big", "Big", "Digest.\n", text)
    assert project.query("aardvark") == []
    assert [r.id for r in project.query("committee")] == ["topic/big"]


def test_source_chunks_cover_the_text_and_cut_between_sentences() -> None:
    text = "".join(f"Sentence number {i} is here. " for i in range(200)) + "\n\n| a | b |\n" * 50 + "x" * 5000
    spans = source_chunks(text)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in pairwise(spans))
    assert all(end - start <= HARD_CHUNK_CHARS for start, end in spans)
    prose = [text[s:e] for s, e in spans if text[s:e].startswith("Sentence")]
    assert len(prose) > 3 and all(chunk.endswith(". ") and len(chunk) >= CHUNK_CHARS for chunk in prose[:-1])
    assert source_chunks("") == [] and source_chunks("short") == [(0, 5)]


def test_answer_never_repeats_a_sentence(project: Project) -> None:
    text = archive(project, "acme-extracted.txt", "Acme sells ANVILS.\n\nAcme   sells anvils!\n\nAnvils are heavy.\n")
    cited_page(project, "vendors/acme", "Acme", "Acme sells anvils.\n\n- **Acme** sells anvils.\n", text)
    (project.paths.wiki / "vendors/acme.md").write_text(
        (project.paths.wiki / "vendors/acme.md").read_text().replace("type: Topic", "type: Topic\ndescription: Acme"
                                                                                     " sells anvils."))
    cited_page(project, "vendors/copy", "Copy", "Acme sells anvils.\n")
    answer = project.search("acme anvils", answer=True).answer
    assert answer is not None and answer.covered
    keys = [" ".join(s.text.casefold().replace("*", "").rstrip(".!").split()) for s in answer.sentences]
    assert keys.count("acme sells anvils") == 1 and len(keys) == len(set(keys))


def test_pages_far_below_the_best_are_neither_results_nor_quoted(project: Project,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    cited_page(project, "tools/zstd", "Zstd", "Zstd compresses data fast. Zstd levels go from 1 to 19.\n")
    many_words = " ".join(f"item{i}" for i in range(300))
    cited_page(project, "notes/long", "Weekly notes", f"{FILLER}{many_words}.\n\nZstd levels came up.\n")
    for i in range(4):
        cited_page(project, f"notes/n{i}", f"Note {i}", FILLER)
    request = QueryRequest("zstd levels", answer=True)
    index = store.build(project.paths.wiki)
    monkeypatch.setattr(search, "RELATIVE_CUTOFF", 0.0)
    everything = execute(index, request, wiki_reader(project.paths.wiki))
    assert [r.id for r in everything.results] == ["tools/zstd", "notes/long"]
    weak = everything.results[1]
    assert weak.score < RELATIVE_CUTOFF * everything.results[0].score  # a match, far below the best
    assert everything.answer is not None and any(s.id == "notes/long" for s in everything.answer.sentences)
    monkeypatch.undo()
    response = project.search("zstd levels", answer=True)
    assert [r.id for r in response.results] == ["tools/zstd"]
    assert response.answer is not None and {s.id for s in response.answer.sentences} == {"tools/zstd"}
