"""Entities from long, varied documents: names, genres, titles, types and re-derivation.

The labelled corpus of test_offline_cluster.py is short business documents. Real
documentation is long and varied: a tool's manual page, changelog, release notes and
FAQ share almost no words but its name, and other tools' documents share whole
templates. These tests use invented tools and vendors (no real corpus text) to pin
down the rules of names.py and cluster.py, the page a group becomes, and what a later
batch does to the pages of an earlier one.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from test_offline_cluster import MemoryWiki

from wikid.config import OfflineConfig
from wikid.manager import SourceDocument
from wikid.manager.offline import OfflineEngine
from wikid.manager.offline.names import NameIndex, name_vectors
from wikid.manager.offline.textutil import cased_words
from wikid.okf.page import split_page

NOW = datetime(2026, 7, 12, 13, 5, tzinfo=UTC)


def run(documents: list[SourceDocument], wiki: MemoryWiki | None = None):  # type: ignore[no-untyped-def]
    return OfflineEngine(OfflineConfig(), NOW).manage(documents, wiki or MemoryWiki())


def cited_by(pages: dict[str, str]) -> dict[str, list[str]]:
    """Input path -> the pages citing it."""
    out: dict[str, list[str]] = {}
    for cid, text in sorted(pages.items()):
        for entry in split_page(text)[0].get("sources") or []:
            out.setdefault(entry["resource"].removeprefix("/archive/"), []).append(cid)
    return out


def manual(name: str, summary: str, body: str) -> str:
    return (f"{name.upper()}(1)            User Commands            {name.upper()}(1)\n\nNAME\n"
            f"       {name} - {summary}\n\nSYNOPSIS\n       {name} [OPTION]... FILE...\n\nDESCRIPTION\n"
            f"       {body}\n\nOPTIONS\n       -v     Print what {name} does, file by file.\n")


def changelog(package: str, items: list[str]) -> str:
    entries = "\n".join(f"  * {item}" for item in items)
    return (f"{package} (2.1-3) unstable; urgency=medium\n\n{entries}\n\n"
            f" -- Dana Packager <dana@example.org>  Tue, 03 Mar 2026 10:00:00 +0100\n")


# Two invented tools, each described by a manual page, a changelog, release notes and a
# FAQ. Within a tool the documents share its name and little else; across tools the
# changelogs share a whole template and the manuals a whole layout.
TOOLS = {
    "frobnik": [
        ("man/a.txt", manual("frobnik", "reshape image files in place",
                             "frobnik reads each image, reshapes its canvas and writes it back. frobnik keeps "
                             "the colour profile of every image it touches.")),
        ("debian/b.txt", changelog("frobnik", ["Non-maintainer upload by the LTS Team.",
                                               "Fix a crash of frobnik on empty files.",
                                               "frobnik now builds with the newer compiler."])),
        ("notes/c.md", "# frobnik release notes\n\n## 2.1\n\nfrobnik learned to reshape animated files. "
                       "The frobnik cache is now kept per user.\n\n## 2.0\n\nfrobnik dropped the old plugin "
                       "interface. Plugins written for frobnik 1.x must be rebuilt.\n"),
        ("faq/d.txt", "Frobnik FAQ\n\nQ: Why does frobnik refuse my file?\nA: frobnik only reads images it "
                      "can decode; convert the file first.\n\nQ: Can frobnik run in a pipeline?\nA: Yes, "
                      "frobnik reads standard input when no file is named.\n"),
    ],
    "quillet": [
        ("man/e.txt", manual("quillet", "typeset letters from templates",
                             "quillet fills a letter template with the fields of a record. quillet writes "
                             "one page per record and keeps the template untouched.")),
        ("debian/f.txt", changelog("quillet", ["Non-maintainer upload by the LTS Team.",
                                               "Fix a crash of quillet on empty files.",
                                               "quillet now builds with the newer compiler."])),
        ("notes/g.md", "# quillet release notes\n\n## 3.4\n\nquillet can now print envelopes. The quillet "
                       "templates moved to a folder of their own.\n\n## 3.3\n\nquillet reads records in "
                       "the new spreadsheet format. quillet warns about empty fields.\n"),
        ("faq/h.txt", "Quillet FAQ\n\nQ: Why does quillet leave a field empty?\nA: quillet only fills "
                      "fields the record names; check the spelling.\n\nQ: Can quillet print labels?\nA: Yes, "
                      "quillet prints any template size.\n"),
    ],
}


def test_a_tools_manual_changelog_release_notes_and_faq_are_one_entity_named_after_it() -> None:
    docs = [SourceDocument(rel, text) for texts in TOOLS.values() for rel, text in texts]
    result = run(docs)
    assert sorted(result.pages) == ["command/frobnik", "command/quillet"]
    by_input = cited_by(result.pages)
    for tool, texts in TOOLS.items():
        assert {page for rel, _ in texts for page in by_input[rel]} == {f"command/{tool}"}
    fm, body = split_page(result.pages["command/frobnik"])
    assert fm["type"] == "Command" and fm["title"] == "frobnik"
    # The manual page describes best: its NAME line, whole, then its description.
    assert fm["description"] == "frobnik — reshape image files in place."
    assert body.lstrip().startswith("**frobnik** — reshape image files in place. frobnik reads each image")
    assert {s["title"] for s in fm["sources"]} == {
        "frobnik — reshape image files in place", "frobnik changelog", "frobnik release notes", "Frobnik FAQ",
    }
    assert "— Manual page.[^a]" in body and "— Changelog, 2026-03-03.[^b]" in body and "— Release notes.[^c]" in body
    assert "| Why does frobnik refuse my file? | frobnik only reads images it can decode; convert the file first." in body


def test_names_are_counted_wherever_their_words_occur_and_only_shared_ones_weigh() -> None:
    index = NameIndex({"frobnik", "quillet", "gnu frobnik", "zorbo"})
    mentions = [index.counts(*cased_words(t)) for t in [
        "frobnik frobnik GNU frobnik zorbo", "quillet quillet quillet, unlike frobnik", "quillet and quillet zorbo",
    ]]
    ids = index.ids
    assert mentions[0][ids["frobnik"]] == 3 and mentions[0][ids["gnu frobnik"]] == 1  # "GNU frobnik" counts for both
    rows = name_vectors(mentions, len(index)).toarray()
    assert rows[0][ids["gnu frobnik"]] == 0  # no other document mentions it: it links nothing
    assert rows[1][ids["frobnik"]] > 0  # one mention of a name another document repeats ties them
    # zorbo is only ever mentioned in passing: no document repeats it, so it weighs nothing
    assert rows[0][ids["zorbo"]] == rows[2][ids["zorbo"]] == 0
    assert rows[1][ids["quillet"]] > 0 and rows[2][ids["quillet"]] > 0


def test_a_stated_names_first_word_counts_only_as_a_proper_noun() -> None:
    index = NameIndex({"northwind packaging", "order portal"}, headed={"northwind packaging"})
    ids = index.ids
    assert index.counts(*cased_words("Northwind was late; northwind winds blow."))[ids["northwind packaging"]] == 1
    assert index.counts(*cased_words("Every Order goes through the portal."))[ids["order portal"]] == 0


def test_a_word_inside_a_counted_name_is_no_mention_of_the_name_it_starts() -> None:
    """"Sugar Harbor" ends with the first word of "Harbor Freight": a note repeating
    "Sugar Harbor" is not also about Harbor Freight (it joined that entity's documents)."""
    index = NameIndex({"sugar harbor", "harbor freight"}, headed={"sugar harbor", "harbor freight"})
    ids = index.ids
    counts = index.counts(*cased_words("Notes on Sugar Harbor. Sugar Harbor is late; Harbor was early."))
    assert counts[ids["sugar harbor"]] == 2
    assert counts[ids["harbor freight"]] == 1  # only the "Harbor" standing alone


def test_documents_firmly_about_different_names_stay_apart_however_much_they_mention_each_other() -> None:
    # Pages of a TLS wrapper talk about sockets half the time; pages of sockets barely mention TLS.
    wrapper = "# tlswrap — secure layer over sockets\n\n" + "tlswrap wraps a socket. " * 12 + "The socket stays open. " * 6
    sockets = "# sockets — low-level networking\n\n" + "A socket connects two ends. " * 12 + "tlswrap adds security. " * 1
    docs = [SourceDocument("a/tls-1.html", wrapper), SourceDocument("a/tls-2.md", wrapper.replace("wraps", "protects")),
            SourceDocument("b/sock-1.html", sockets), SourceDocument("b/sock-2.md", sockets.replace("connects", "joins"))]
    by_input = cited_by(run(docs).pages)
    assert by_input["a/tls-1.html"] == by_input["a/tls-2.md"] != by_input["b/sock-1.html"] == by_input["b/sock-2.md"]


def test_a_note_about_two_named_vendors_belongs_to_neither() -> None:
    docs = [
        SourceDocument("contracts/ork.txt", "Vendor: Orkney Metals Ltd\nVendor ID: ORK-1001\nPayment terms: 30 days\n"),
        SourceDocument("contracts/pel.txt", "Vendor: Pelican Paper Ltd\nVendor ID: PEL-2002\nPayment terms: 45 days\n"),
        SourceDocument("notes/budget.txt", "Budget review\n\nOrkney Metals and Pelican Paper both raised prices. "
                                           "We will ask Orkney Metals and Pelican Paper for quotes again.\n"),
    ]
    by_input = cited_by(run(docs).pages)
    assert len({by_input[d.input_rel][0] for d in docs}) == 3


def test_a_data_file_listing_an_entitys_code_family_joins_its_page() -> None:
    docs = [
        SourceDocument("contracts/ork.txt", "Vendor: Orkney Metals Ltd\nVendor ID: ORK-1001\nPayment terms: 30 days\n"),
        SourceDocument("prices/2026.csv", "| lot | metal | price |\n|---|---|---|\n| ORK-26-01 | tin | 4.10 |\n"
                                          "| ORK-26-02 | zinc | 3.20 |\n"),
    ]
    result = run(docs)
    assert list(result.pages) == ["vendor/orkney-metals-ltd"]
    body = split_page(result.pages["vendor/orkney-metals-ltd"])[1]
    assert "| ORK-26-01 | tin | 4.10 |" in body  # the table as a table
    assert "ORK-26-01 – metal" not in body  # its cells are not listed as attributes


def test_two_versions_of_a_price_list_disagree_cell_by_cell() -> None:
    sheet = "Price list\n\nDate: {date}\n\n| lot | price |\n|---|---|\n| ORK-26-01 | {price} |\n| ORK-26-02 | 3.20 |\n"
    docs = [
        SourceDocument("contracts/ork.txt", "Vendor: Orkney Metals Ltd\nVendor ID: ORK-1001\n"),
        SourceDocument("prices/jan.md", sheet.format(date="2026-01-05", price="4.10")),
        SourceDocument("prices/jun.md", sheet.format(date="2026-06-01", price="4.60")),
    ]
    body = split_page(run(docs).pages["vendor/orkney-metals-ltd"])[1]
    conflicts = body.split("# Conflicts", 1)[1]
    assert "| ORK-26-01 – price | 4.10 | [^jan] | 2026-01-05 | superseded |" in conflicts
    assert "| ORK-26-01 – price | 4.60 | [^jun] | 2026-06-01 | canonical |" in conflicts
    assert "ORK-26-02" not in body.split("# Attributes", 1)[1].split("# Conflicts", 1)[0]  # agreed cells stay in the tables


def test_attributes_come_only_from_key_value_structure() -> None:
    text = ("# Tooling notes\n\nThe tool has a modular design: it consists of readers and writers.\n\n"
            "Changed in version 3.2: the cache and the log were added.\n\nNote: restart after upgrading.\n\n"
            "| Level | Numeric value |\n|---|---|\n| DEBUG | 10 |\n| INFO | 20 |\n\n"
            "| Attribute | Value |\n|---|---|\n| Licence | MIT |\n| Owner | Platform team |\n")
    _, body = split_page(run([SourceDocument("notes/tooling.md", text)]).pages["topic/tooling"])
    attributes = body.split("# Attributes", 1)[1].split("\n# ", 1)[0]
    assert "| Licence | MIT |" in attributes and "| Owner | Platform team |" in attributes
    for prose in ("modular design", "Changed in version", "restart after", "DEBUG"):
        assert prose not in attributes, prose


def test_licence_boilerplate_is_never_the_description() -> None:
    text = ("Copyright (C) 2020 The Widget Project.\n\nPermission is granted to copy and distribute this file.\n\n"
            "This is Widgetd, the daemon that keeps widgets spinning at the right speed.\n")
    fm, _ = split_page(next(iter(run([SourceDocument("README.txt", text)]).pages.values())))
    assert fm["description"] == "Widgetd is the daemon that keeps widgets spinning at the right speed."  # (said of it)


def test_a_new_page_never_takes_the_title_of_another_entitys_page() -> None:
    wiki = MemoryWiki()
    wiki.pages["guides/fetch"] = ("---\ntype: Guide\ntitle: Fetch\n---\n\nThe game the office dog plays at lunch: "
                                  "someone throws a ball across the lawn, the dog runs after it and brings it back.\n")
    # The document names itself "Fetch" once and shares nothing else with the page.
    result = run([SourceDocument("web/fetch.html", "# Fetch\n\nNightly builds of the mobile app are downloaded "
                                 "from the release server at two, verified against their checksums and unpacked.\n")], wiki)
    [(cid, text)] = result.pages.items()
    assert split_page(text)[0]["title"] == "Fetch (Topic)" and cid == "topic/fetch-topic"


def test_a_later_batch_renames_a_page_when_its_documents_say_more_and_cites_each_source_once() -> None:
    docs = [SourceDocument(rel, text) for rel, text in TOOLS["frobnik"]]
    faq, rest = docs[3], docs[:3]
    wiki = MemoryWiki()
    first = run([faq], wiki)
    wiki.apply(first, [faq])
    assert list(first.pages) == ["topic/frobnik"]  # the FAQ alone says nothing of a command
    second = run(rest, wiki)
    assert second.removed == {"topic/frobnik": "command/frobnik"}
    wiki.apply(second, rest)
    assert sorted(wiki.pages) == ["command/frobnik"]
    assert sorted(cited_by(wiki.pages)) == sorted(d.input_rel for d in docs)
    assert all(pages == ["command/frobnik"] for pages in cited_by(wiki.pages).values())
    one_batch = run(docs).pages["command/frobnik"]
    assert wiki.pages["command/frobnik"] == MemoryWiki.with_texts(one_batch, docs)


def test_a_page_a_person_edited_is_not_re_derived() -> None:
    docs = [SourceDocument(rel, text) for rel, text in TOOLS["frobnik"]]
    wiki = MemoryWiki()
    first = run([docs[3]], wiki)
    wiki.apply(first, [docs[3]])
    wiki.owned.clear()  # someone edited topic/frobnik: it is theirs now
    second = run(docs[:3], wiki)
    assert second.removed == {}
    assert "topic/frobnik" in second.pages  # updated in place (the pipeline archives the edited version first)
    assert set(cited_by(second.pages)) == {d.input_rel for d in docs}


def test_structured_data_is_summarised_by_its_shape_never_an_empty_page() -> None:
    terms = ",".join(f'"t{i}": {{"definition": "Meaning {i}.", "see": ["t{i + 1}"]}}' for i in range(30))
    docs = [
        SourceDocument("data/glossary.json", f'```json\n{{"glossary": {{"title": "Ops", "terms": {{{terms}}}}}}}\n```\n'),
        SourceDocument("data/hosts.yaml", "```yaml\nhosts:\n" + "".join(f"- {{name: h{i}, port: {80 + i}}}\n" for i in range(12)) + "```\n"),
    ]
    pages = {cid: split_page(text) for cid, text in run(docs).pages.items()}
    fm, body = pages["topic/glossary"]
    assert "terms: an object of 30 entries (t0, t1, t2, t3, t4 and 25 more), each a record with the fields definition, see" in body
    assert "| key | definition |" in body and "| t0 | Meaning 0. |" in body and "8 of 30 records shown." in body
    assert fm["description"].startswith("JSON: an object with 1 key (glossary)")
    fm, body = pages["topic/hosts"]
    assert "YAML: an object with 1 key (hosts); hosts: a list of 12 records with the fields name, port." in body
    assert "| h0 | 80 |" in body and "* Hosts data file — Data file." in body
    assert "```" not in body  # the raw YAML is the source's to show


def test_a_flat_json_object_is_carried_whole_as_a_table_of_its_keys() -> None:
    """node's `process.versions`: 21 keys each with a version, described only as `an
    object with 21 keys (node, acorn, ...)`; the values were what a reader wanted."""
    versions = ", ".join(f'"part{n}": "1.{n}.0"' for n in range(20))
    pages = run([SourceDocument("data/versions.json", f'```json\n{{"frob": "20.20.2", {versions}}}\n```\n')]).pages
    _, body = split_page(next(iter(pages.values())))
    assert "| key | value |" in body and "| frob | 20.20.2 |" in body and "| part19 | 1.19.0 |" in body
    # (every record shown: no sentence listing the keys the table lists, `an object with 21 keys (frob, ...)`)
    assert "records shown" not in body and "an object with 21 keys" not in body


def test_a_list_of_plain_values_is_said_by_its_values() -> None:
    """curses' control names: `controlnames: a list of 33 items (str).`, the names nowhere
    on the page; a long list says its first values and how many more."""
    from wikid.document.model import Code
    from wikid.manager.offline.datashape import structured

    found = structured([Code(json.dumps({"names": ["NUL", "SOH", "STX"], "codes": list(range(100))}), "json")])
    assert found is not None
    assert found[0] == ("JSON: an object with 2 keys (names, codes); names: a list of 3 items: NUL, SOH, STX; "
                        f"codes: a list of 100 items: {', '.join(str(n) for n in range(60))} and 40 more.")


def test_a_json_files_sample_is_its_collection_of_records_that_says_the_most() -> None:
    """cmake's capabilities: the page showed its first list, `requests` (one field,
    `kind`), not the generators with their names and what each supports."""
    from wikid.document.model import Code
    from wikid.manager.offline.datashape import structured

    value = {"api": {"requests": [{"kind": k, "version": [{"major": 1}]} for k in ("cache", "model")]},
             "generators": [{"name": f"Gen {n}", "platform": n % 2 == 0, "toolset": False} for n in range(5)]}
    found = structured([Code(json.dumps(value), "json")])
    assert found is not None and found[1] is not None
    assert found[1].header == ("name", "platform", "toolset") and found[2] == 5


def test_a_document_without_a_title_is_re_derived_to_the_page_one_batch_gives() -> None:
    # Its `sources` entry shows its file name as its title; read back, that must not
    # become a title (nor a name) the first batch never saw.
    table = SourceDocument("data/people.csv", "| name | team |\n|---|---|\n| Ann | Ops |\n| Bo | Dev |\n| Cy | Ops |\n")
    note = SourceDocument("notes/people.md", "# People\n\nThe people of each team are listed in a table kept by HR.\n")
    wiki = MemoryWiki()
    wiki.apply(run([table], wiki), [table])
    wiki.apply(run([note], wiki), [note])
    one_batch = {cid: MemoryWiki.with_texts(text, [table, note]) for cid, text in run([table, note]).pages.items()}
    assert wiki.pages == one_batch


def test_a_command_whose_documents_write_its_project_with_a_dotted_part_is_titled_so() -> None:
    """The manual page of `zumo` beside the project's README and security policy, which
    write "Zumo.js" throughout: the page is the project's, titled as its documents spell
    it, not cut at the dot ("Zumo"). A lowercase dotted form is a file, not the name."""
    readme = ("# Zumo.js\n\nZumo.js is a runtime for scripts outside the browser. Zumo.js keeps one event "
              "loop per process.\n\n## Install\n\nUnpack zumo.tar.gz and put zumo on your PATH. Zumo.js "
              "reads zumo.conf at start.\n")
    policy = ("# Reporting a bug in Zumo.js\n\nReport security bugs in Zumo.js privately. The Zumo.js team "
              "answers within five days. Zumo.js releases a fix for every supported line of Zumo.js.\n\n"
              "## Supported lines\n\nThe two newest lines of Zumo.js get fixes; older Zumo.js lines do not.\n")
    docs = [SourceDocument("man/zumo.txt", manual("zumo", "server-side script runtime",
                                                  "zumo runs a script file. zumo exits when the script ends.")),
            SourceDocument("doc/readme.md", readme), SourceDocument("doc/security.md", policy)]
    result = run(docs)
    assert len(result.pages) == 1, sorted(result.pages)
    fm, body = split_page(next(iter(result.pages.values())))
    assert fm["title"] == "Zumo.js"
    # the manual page of `zumo` is the project's own: it leads the page, not the policy's sentence
    assert body.lstrip().startswith("**zumo** — server-side script runtime."), body[:200]


def test_a_manuals_usage_section_after_its_synopsis_stays_in_its_place() -> None:
    """rsync's manual has a SYNOPSIS and, after its DESCRIPTION, a USAGE section of
    examples. The page wrote its own `# Usage` from the synopsis and dropped the
    manual's USAGE whole; then wrote the USAGE under it, above the Description, the
    manual's order reversed (rounds 29, 31). The synopses are `# Synopsis` now, the
    USAGE where the manual has it."""
    text = manual("zumo", "copy files anywhere", "zumo copies files between hosts.").replace(
        "\nOPTIONS\n", "\nUSAGE\n       You use zumo like cp. Perhaps the best way to explain it is an example:\n\n"
                       "           zumo -t *.c host:src/\n\n"
                       "       This copies every C file to the folder src on host.\n\nOPTIONS\n")
    _, body = split_page(next(iter(run([SourceDocument("man/zumo.txt", text)]).pages.values())))
    headings = [line for line in body.splitlines() if line.startswith("# ")]
    assert headings.index("# Synopsis") < headings.index("# Usage") and body.count("# Usage") == 1
    assert "zumo [OPTION]... FILE..." in body.split("# Synopsis", 1)[1].split("\n# ", 1)[0]
    usage = body.split("# Usage", 1)[1].split("\n# ", 1)[0]
    assert "You use zumo like cp." in usage and "zumo -t *.c host:src/" in usage
    assert "This copies every C file to the folder src on host." in usage
