"""The manager step of the pipeline, driven by a scripted engine: verification,
citations, archiving of originals and extracted texts, placeholder rewriting."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from conftest import assert_nothing_lost, drop

import wikid.intake.managed as managed
from wikid import Action, Project
from wikid.manager import ManagerResult, SourceDocument, WikiView
from wikid.okf.page import render_page, split_page

Script = Callable[[Sequence[SourceDocument], WikiView], ManagerResult]


class ScriptedEngine:
    name = "scripted"

    def __init__(self, script: Script) -> None:
        self.script = script
        self.seen: list[str] = []

    def manage(self, documents: Sequence[SourceDocument], wiki: WikiView) -> ManagerResult:
        self.seen = [d.input_rel for d in documents]
        return self.script(documents, wiki)


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> Callable[[Script], ScriptedEngine]:
    def install(script: Script) -> ScriptedEngine:
        scripted = ScriptedEngine(script)
        monkeypatch.setattr(managed, "select_manager", lambda config, when: scripted)
        return scripted

    return install


def concept(title: str, rels: Sequence[str], type_: str = "Vendor", body: str = "About it.") -> str:
    sources = [{"id": f"s{i}", "resource": f"/archive/{rel}", "title": rel} for i, rel in enumerate(rels)]
    return render_page({"type": type_, "title": title, "sources": sources}, body)


def test_cited_inputs_are_archived_with_their_text_and_placeholders_rewritten(project: Project, engine) -> None:  # type: ignore[no-untyped-def]
    drop(project, "contracts/acme.txt", b"Vendor: Acme\nPayment terms: 30 days\n")
    (project.paths.archive / "contracts").mkdir(parents=True)
    (project.paths.archive / "contracts" / "acme.txt").write_bytes(b"an older original")
    engine(lambda docs, wiki: ManagerResult({"vendor/acme": concept("Acme", [d.input_rel for d in docs],
                                                                     body="See [the contract](/archive/contracts/acme.txt).")}))
    [f] = project.update().files
    assert (f.action, f.page, f.archived_as) == (Action.CREATED, "vendor/acme.md", "archive/contracts/acme.2026-07-12-1305.txt")
    assert (project.paths.wiki / f.archived_as).read_bytes() == b"Vendor: Acme\nPayment terms: 30 days\n"
    text = (project.paths.wiki / "vendor/acme.md").read_text()
    frontmatter, body = split_page(text)
    assert frontmatter["sources"] == [{
        "id": "s0", "resource": "/archive/contracts/acme.2026-07-12-1305.txt", "title": "contracts/acme.txt",
        "text": "/archive/contracts/acme-extracted.txt",
    }]
    assert "(/archive/contracts/acme.2026-07-12-1305.txt)" in body
    assert (project.paths.archive / "contracts/acme-extracted.txt").read_text() == "Vendor: Acme\nPayment terms: 30 days\n"
    assert (project.paths.archive / "contracts/acme.txt").read_bytes() == b"an older original"
    assert "* **Creation**: Added [vendor/acme](/vendor/acme.md)." in (project.paths.wiki / "log.md").read_text()
    assert "* [vendor/](vendor/)" in (project.paths.wiki / "index.md").read_text()


def test_uncited_inputs_stay_as_leftovers(project: Project, engine) -> None:  # type: ignore[no-untyped-def]
    inputs = {"a.txt": b"alpha", "b.txt": b"beta"}
    for rel, data in inputs.items():
        drop(project, rel, data)
    engine(lambda docs, wiki: ManagerResult({"topic/a": concept("A", ["a.txt"])}, {"b.txt": "not about anything"}))
    got = {f.input: (f.action, f.message) for f in project.update().files}
    assert got["a.txt"][0] == Action.CREATED
    assert got["b.txt"] == (Action.RETRY, "left in input/ and retried: not about anything")
    assert (project.paths.input / "b.txt").read_bytes() == b"beta"
    assert_nothing_lost(inputs, project)


@pytest.mark.parametrize("bad_id", ["../escape", "archive/x", ".hidden/x", "topic/index", "/abs", "a//b"])
def test_pages_outside_the_concept_space_are_refused(project: Project, engine, bad_id: str) -> None:  # type: ignore[no-untyped-def]
    drop(project, "a.txt", b"alpha")
    before = sorted(p.relative_to(project.root).as_posix() for p in project.root.rglob("*"))
    engine(lambda docs, wiki: ManagerResult({bad_id: concept("A", ["a.txt"])}))
    [f] = project.update().files
    assert f.action == Action.RETRY and f"unusable page `{bad_id}`" in f.message
    assert (project.paths.input / "a.txt").read_bytes() == b"alpha"
    after = {p.relative_to(project.root).as_posix() for p in project.root.rglob("*")}
    assert not any(x.endswith(("escape.md", "x.md")) or x.startswith("wiki/topic") for x in after - set(before))
    assert not (project.root.parent / "escape.md").exists()


def test_a_page_without_type_is_refused(project: Project, engine) -> None:  # type: ignore[no-untyped-def]
    drop(project, "a.txt", b"alpha")
    engine(lambda docs, wiki: ManagerResult({"topic/a": "---\ntitle: A\nsources: [{resource: /archive/a.txt}]\n---\nx\n"}))
    [f] = project.update().files
    assert f.action == Action.RETRY and "no `type` key" in f.message
    assert not (project.paths.wiki / "topic/a.md").exists()


def test_an_engine_crash_leaves_everything_in_input(project: Project, engine) -> None:  # type: ignore[no-untyped-def]
    drop(project, "a.txt", b"alpha")

    def crash(docs, wiki):  # type: ignore[no-untyped-def]
        raise RuntimeError("model exploded")

    engine(crash)
    [f] = project.update().files
    assert f.action == Action.RETRY and "model exploded" in f.message
    assert (project.paths.input / "a.txt").read_bytes() == b"alpha"


def test_engine_sees_the_existing_wiki_and_archived_texts(project: Project, engine) -> None:  # type: ignore[no-untyped-def]
    drop(project, "first.txt", b"Vendor: Acme\n")
    engine(lambda docs, wiki: ManagerResult({"vendor/acme": concept("Acme", ["first.txt"])}))
    project.update()
    seen: dict[str, object] = {}

    def update(docs, wiki):  # type: ignore[no-untyped-def]
        [existing] = wiki.concepts()
        seen["id"] = existing.id
        seen["old_text"] = wiki.archived_text(existing.sources[0]["text"])
        seen["escape"] = wiki.archived_text("/archive/../index.md")
        sources = existing.sources + [{"id": "s1", "resource": "/archive/second.txt", "title": "second"}]
        return ManagerResult({"vendor/acme": render_page({"type": "Vendor", "title": "Acme", "sources": sources}, "More.")})

    drop(project, "second.txt", b"Vendor: Acme\nPayment terms: 45 days\n")
    engine(update)
    [f] = project.update().files
    assert seen == {"id": "vendor/acme", "old_text": "Vendor: Acme\n", "escape": None}
    assert f.action == Action.UPDATED and f.previous_archived_as == "archive/vendor/acme.md.orig"
    sources = split_page((project.paths.wiki / "vendor/acme.md").read_text())[0]["sources"]
    assert [s["resource"] for s in sources] == ["/archive/first.txt", "/archive/second.txt"]
    assert [s["text"] for s in sources] == ["/archive/first-extracted.txt", "/archive/second-extracted.txt"]


def test_the_record_of_owned_pages_is_read_once_per_batch(project: Project, engine,  # type: ignore[no-untyped-def]
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The offline engine asks for every page it drafts: reading the record each time
    made a batch cost its pages times the wiki's."""
    drop(project, "first.txt", b"Vendor: Acme\n")
    first = engine(lambda docs, wiki: ManagerResult({"vendor/acme": concept("Acme", ["first.txt"])}))
    first.rederives_pages = True  # type: ignore[attr-defined]  # as the offline engine: its pages are recorded
    project.update()
    reads: list[int] = []
    load = managed.owned.load
    monkeypatch.setattr(managed.owned, "load", lambda paths: reads.append(1) or load(paths))
    answers: list[set[str]] = []
    engine_reads: list[int] = []

    def update(docs, wiki):  # type: ignore[no-untyped-def]
        before = len(reads)
        answers.extend(wiki.owned_pages() for _ in range(50))
        engine_reads.append(len(reads) - before)
        return ManagerResult({"vendor/beta": concept("Beta", [d.input_rel for d in docs])})

    drop(project, "second.txt", b"Vendor: Beta\n")
    engine(update).rederives_pages = True  # type: ignore[attr-defined]
    project.update()
    assert answers == [{"vendor/acme"}] * 50
    assert engine_reads == [1]


def test_a_superseded_page_stays_when_the_page_taking_its_sources_cannot_be_written(project: Project) -> None:
    drop(project, "notes/anvils.txt", b"Anvil maintenance\n\nAcme Anvils ships our anvils every spring. "
                                      b"Acme Anvils repairs the cracked ones.\n")
    project.update()
    [earlier] = [p for p in project.paths.wiki.rglob("*.md") if p.name != "index.md" and p.parent != project.paths.wiki]
    (project.paths.wiki / "vendor" / "acme-anvils.md").mkdir(parents=True)  # where the merged page would go
    drop(project, "contracts/acme.txt", b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n")
    report = project.update()
    assert report.pages_moved == {}
    assert earlier.is_file() and "/archive/notes/anvils.txt" in earlier.read_text()
    [contract] = report.files
    assert contract.action == "retry" and (project.paths.input / "contracts/acme.txt").is_file()


def _rewritten_one_by_one(frontmatter: dict, body: str, archived: dict[str, tuple[str, str]]) -> str:
    """What rewriting placeholders means: each archived input's, in the batch's order."""
    for entry in frontmatter.get("sources", []):
        for rel, (original, text) in archived.items():
            if entry.get("resource") == f"/archive/{rel}":
                entry.update(resource=f"/archive/{original}", text=f"/archive/{text}")
                break
    for rel, (original, _) in archived.items():
        body = body.replace(f"(/archive/{rel})", f"(/archive/{original})")
    return render_page(frontmatter, body)


def test_placeholders_are_rewritten_as_one_by_one_but_looked_up_per_page() -> None:
    """The rewrite looks for the placeholders a page holds instead of every input's in
    every page (pages x inputs), and gives what replacing each in turn gives: names with
    parentheses, a placeholder only in the body, and an archive name that spells a later
    input's placeholder (replaced again after it, as in turn)."""
    archived = {
        "notes (old).txt": ("notes (old).2026-07-12-1305.txt", "notes (old)-extracted.txt"),
        "a.txt": ("a.2026-07-12-1305.txt", "a-extracted.txt"),
        "a.2026-07-12-1305.txt": ("a.2026-07-12-1305.1.txt", "a.2026-07-12-1305-extracted.txt"),
        "b/c.pdf": ("b/c.pdf", "b/c-extracted.txt"),
        "unused.txt": ("unused.txt", "unused-extracted.txt"),
    }
    body = ("# Page\n\nSee [old](/archive/notes (old).txt), [a](/archive/a.txt) and "
            "[c](/archive/b/c.pdf) (twice: [c](/archive/b/c.pdf)); not (/archive/missing.txt) nor /archive/a.txt.\n")
    sources = [{"id": "a", "resource": "/archive/a.txt"}, {"id": "c", "resource": "/archive/b/c.pdf"},
               {"id": "x", "resource": "/archive/elsewhere.txt"}]
    expected = _rewritten_one_by_one({"type": "Note", "sources": [dict(s) for s in sources]}, body, archived)
    page = managed._Page("note/page", {"type": "Note", "sources": [dict(s) for s in sources]}, body, "")
    assert managed._rewrite(page, managed._Placeholders(archived)) == expected
    assert "(/archive/a.2026-07-12-1305.1.txt)" in expected and "(/archive/notes (old).2026-07-12-1305.txt)" in expected
