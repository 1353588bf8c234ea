"""Related concepts by naming, kept symmetric across batches; owned pages replaced without archiving."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import drop, page, tree_bytes

from wikid import Action, Project
from wikid.config import OfflineConfig
from wikid.intake.managed import DiskWiki
from wikid.manager import BlankWiki, SourceDocument
from wikid.manager.offline import OfflineEngine
from wikid.manager.offline.pages import compose, read_back, render
from wikid.manager.offline.related import HEADING, entity_names, listed, mentions, ranked, without_related
from wikid.okf.page import split_page

ACME = b"Vendor: Acme Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n"
HOST = b"Host: alg-32.example.net\nRole: database\nMaintained under the Acme Anvils contract.\n"
# a host whose page names two vendors by their first words (related.mentions), which
# their documents do not claim, and repeats its own name (so that a vendor's batch does
# not concern it by words alone): a batch with either changes its related list alone
RACK = (b"Host: rack-7.example.net\nRole: storage\nThe disks of rack-7.example.net came from Frobco in 2020, "
        b"its shelves from Widgetry in 2021.\n")
FROBCO = b"Vendor: Frobco Anvils\nDate: 2024-03-01\nPayment terms: 30 days\n"
WIDGETRY = b"Vendor: Widgetry Shelving\nDate: 2024-05-01\nPayment terms: 60 days\n"


def related_of(project: Project, page_id: str) -> list[str]:
    return listed((project.paths.wiki / f"{page_id}.md").read_text())


def archived_pages(project: Project) -> list[str]:
    return sorted(k for k in tree_bytes(project.paths.archive) if k.endswith(".md.orig"))


def test_ranked_lists_pages_named_first_then_pages_naming_it() -> None:
    assert ranked("a", {"z", "b"}, {"c", "b", "a"}) == ["b", "z", "c"]
    assert ranked("a", set(), {f"p{i}" for i in range(9)}) == ["p0", "p1", "p2", "p3", "p4"]


def test_mentions_find_titles_by_words_and_never_the_page_itself() -> None:
    titles = {"v/acme": "Acme Anvils Ltd", "s/alg": "alg-32.example.net", "t/memo": "Memo"}
    found = mentions({"s/alg": "alg-32.example.net runs on ACME anvils hardware. A memo."}, titles)
    assert found == {"s/alg": {"v/acme"}}  # one short word ("Memo") is too common to count


def test_manual_page_references_are_names_and_a_parenthesis_without_a_section_is_not() -> None:
    # references are looked for only in a text with `(` before a digit (related._SECTION_NUMBER)
    assert entity_names("Compress with gzip(1) or XZ\\(1\\), see (Topic) notes.") >= {"gzip", "xz"}
    assert not entity_names("A page (Topic) about (things) (x) and tar (one).") & {"topic", "things", "x", "tar"}


def test_the_related_list_is_left_out_of_what_a_page_says() -> None:
    body = "Intro names Acme.\n\n# Related Concepts\n\n* [Host](/server/h.md)\n* [B](/b.md)\n\n[^1]: Source one"
    assert listed(body) == ["server/h", "b"]
    assert without_related(body).split() == ["Intro", "names", "Acme.", "[^1]:", "Source", "one"]


def test_a_later_page_that_names_an_earlier_one_is_listed_there_too(project: Project) -> None:
    drop(project, "acme.txt", ACME)
    project.update()
    acme = (project.paths.wiki / "vendor/acme-anvils.md").read_bytes()
    assert related_of(project, "vendor/acme-anvils") == []
    drop(project, "host.txt", HOST)
    report = project.update()
    assert report.pages_refreshed == ["vendor/acme-anvils"]
    assert related_of(project, "server/alg-32-example-net") == ["vendor/acme-anvils"]
    assert related_of(project, "vendor/acme-anvils") == ["server/alg-32-example-net"]
    assert archived_pages(project) == [], "a page the engine wrote is re-derived, not archived"
    before, after = split_page(acme.decode()), split_page((project.paths.wiki / "vendor/acme-anvils.md").read_text())
    assert before[0] == after[0] and without_related(before[1]) == without_related(after[1])
    log = (project.paths.wiki / "log.md").read_text()
    assert "* **Update**: Updated [vendor/acme-anvils](/vendor/acme-anvils.md)." in log, "a later batch's update is said"


def test_a_page_a_person_wrote_is_linked_to_but_never_rewritten_for_it(project: Project) -> None:
    drop(project, "vendor/acme-anvils.md", page("Vendor", "Acme Anvils", "Our anvil supplier.\n"))
    project.update()
    before = (project.paths.wiki / "vendor/acme-anvils.md").read_bytes()
    drop(project, "host.txt", HOST)
    assert project.update().pages_refreshed == []
    assert (project.paths.wiki / "vendor/acme-anvils.md").read_bytes() == before
    assert related_of(project, "server/alg-32-example-net") == ["vendor/acme-anvils"]


def test_an_owned_page_edited_by_a_person_is_archived_before_the_engine_replaces_it(project: Project) -> None:
    drop(project, "acme-2024.txt", ACME)
    project.update()
    drop(project, "acme-2025.txt", ACME.replace(b"2024", b"2025").replace(b"30 days", b"45 days"))
    [f] = project.update().files
    assert (f.action, f.previous_archived_as) == (Action.UPDATED, None)
    target = project.paths.wiki / "vendor/acme-anvils.md"
    edited = target.read_text().replace("# Attributes", "A note by a person.\n\n# Attributes")
    target.write_text(edited)
    drop(project, "acme-2026.txt", ACME.replace(b"2024", b"2026"))
    [f] = project.update().files
    assert f.action == Action.UPDATED and f.previous_archived_as is not None
    assert (project.paths.wiki / f.previous_archived_as).read_text() == edited
    assert "A note by a person." in target.read_text()
    assert not (project.paths.state / "rollback").exists()


def test_owned_digests_follow_the_page(project: Project) -> None:
    drop(project, "acme.txt", ACME)
    project.update()
    owned = json.loads(project.paths.owned.read_text())
    data = (project.paths.wiki / "vendor/acme-anvils.md").read_bytes()
    assert owned == {"vendor/acme-anvils": [hashlib.sha256(data).hexdigest()]}


def test_a_conformant_page_dropped_later_is_linked_from_the_engine_pages_it_names(project: Project) -> None:
    drop(project, "host.txt", HOST)
    project.update()
    drop(project, "runbooks/restart.md", page("Runbook", "Restart the database", "Restart alg-32.example.net first.\n"))
    report = project.update()
    assert report.pages_refreshed == ["server/alg-32-example-net"]
    assert related_of(project, "server/alg-32-example-net") == ["runbooks/restart"]


def test_a_page_composed_once_for_its_text_is_the_page_composed_again_with_its_related_list() -> None:
    # The engine composes each draft once (pages.Composition): to read the pages it
    # names, then to write it with its related list. Writing it from scratch must give
    # the same bytes, the related list, its footnotes and the sources included.
    engine = OfflineEngine(OfflineConfig(), datetime(2026, 7, 12, tzinfo=UTC))
    documents = [SourceDocument("acme.txt", ACME.decode()), SourceDocument("host.txt", HOST.decode()),
                 SourceDocument("notes/acme-review.md", "# Acme Anvils review\n\nThe review of Acme Anvils with "
                                "alg-32.example.net.\n\n* Renew the contract.\n* Check the anvils.\n")]
    plan = engine.plan(documents, BlankWiki())
    result = engine.manage(documents, BlankWiki())
    assert set(plan.composed) == set(plan.pages)
    assert any(d.related for d in plan.pages.values())
    for page_id, draft in plan.pages.items():
        assert result.pages[page_id] == render(draft, engine.now)
        assert plan.composed[page_id].body(draft.related) == compose(draft)[1]


def test_a_page_whose_related_list_alone_changes_gets_the_new_list_without_reading_its_sources(
        project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drop(project, "rack.txt", RACK)
    project.update()
    read: list[str] = []
    reading = DiskWiki.archived_text

    def recorded(self: DiskWiki, resource: str) -> str | None:
        read.append(resource)
        return reading(self, resource)

    monkeypatch.setattr(DiskWiki, "archived_text", recorded)
    drop(project, "frobco.txt", FROBCO)
    assert project.update().pages_refreshed == ["server/rack-7-example-net"]
    assert read == [], "the page is written from its own text, its sources are not read again"
    assert related_of(project, "server/rack-7-example-net") == ["vendor/frobco-anvils"]
    one = Project(tmp_path / "one-batch")
    one.init()
    drop(one, "rack.txt", RACK)
    drop(one, "frobco.txt", FROBCO)
    one.update()
    assert tree_bytes(project.paths.wiki / "server") == tree_bytes(one.paths.wiki / "server"), "as one batch writes it"


def test_a_page_someone_edited_is_drafted_again_for_its_related_list_and_its_bytes_archived(project: Project) -> None:
    drop(project, "rack.txt", RACK)
    drop(project, "frobco.txt", FROBCO)
    project.update()
    target = project.paths.wiki / "server/rack-7-example-net.md"
    edited = target.read_text().replace("# Related Concepts", "Racked in row 3, by a person.\n\n# Related Concepts")
    target.write_text(edited)
    drop(project, "widgetry.txt", WIDGETRY)
    report = project.update()
    assert report.pages_refreshed == ["server/rack-7-example-net"]
    assert related_of(project, "server/rack-7-example-net") == ["vendor/frobco-anvils", "vendor/widgetry-shelving"]
    assert "Racked in row 3, by a person." in target.read_text()
    [kept] = archived_pages(project)
    assert (project.paths.archive / kept).read_text() == edited


def test_a_body_read_back_is_composed_again_with_any_related_list() -> None:
    engine = OfflineEngine(OfflineConfig(), datetime(2026, 7, 12, tzinfo=UTC))
    documents = [SourceDocument("frobco.txt", FROBCO.decode()), SourceDocument("rack.txt", RACK.decode()),
                 SourceDocument("widgetry.txt", WIDGETRY.decode())]
    plan = engine.plan(documents, BlankWiki())
    lists = [[], [("Frobco Anvils", "vendor/frobco-anvils")],
             [("Frobco Anvils", "vendor/frobco-anvils"), ("Widgetry Shelving", "vendor/widgetry-shelving")]]
    for page_id, composed in plan.composed.items():
        for before in lists:
            back = read_back(composed.description, "\n" + composed.body(before) + "\n")
            assert back is not None, page_id
            for after in lists:
                assert back.body(after) == composed.body(after), (page_id, before, after)
    assert read_back("", "A page a person wrote.\n\n# Notes\n\nNo sources.") is None
    moved = f"# {HEADING}\n\n* [Frobco Anvils](/vendor/frobco-anvils.md)\n\n# Notes\n\nText.\n\n# Sources\n\n* rack."
    assert read_back("", moved) is None, "a related list not right above the sources is not one this engine wrote"
