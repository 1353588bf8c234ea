"""Which page a document joins, and what a page is called, on documents nobody tuned for.

Why (issue 26): on new real documents the offline engine filed a README on the page
of a tool it mentions once, titled a package's page by its first command, gave a data
file a page of its own titled from its file name ("Doc 04"), and made two pages of a
project's kickoff notes and its status report ("X kickoff", "X status report"). Each
test here is one of those cases, on documents written for it; each failed before the
change it guards (bench/heldout.py's corpora c and d measure the same on real ones).
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

import pytest
from conftest import drop
from test_offline_cluster import MemoryWiki

from wikid import Project
from wikid.config import OfflineConfig
from wikid.manager import SourceDocument
from wikid.manager.offline import OfflineEngine, vectors
from wikid.manager.offline.cluster import concept_info
from wikid.manager.offline.engine import Plan
from wikid.okf.page import split_page

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def plan(documents: list[SourceDocument]) -> Plan:
    return OfflineEngine(OfflineConfig(), NOW).plan(documents, MemoryWiki())


def pages_of(result: Plan) -> dict[str, tuple[str, list[str]]]:
    """Page id -> (title, the input paths it cites)."""
    return {page: (result.pages[page].title, sorted(d.document.input_rel for d in members))
            for page, members in result.members.items()}


def man_page(name: str, summary: str, body: str, footer: str = "", section: str = "1") -> str:
    head = f"{name.upper()}({section})            User Commands            {name.upper()}({section})"
    foot = f"\n{footer}                 2026-01-10                 {name.upper()}({section})\n" if footer else ""
    return (f"{head}\n\nNAME\n       {name} - {summary}\n\nSYNOPSIS\n       {name} [OPTION]... FILE...\n\n"
            f"DESCRIPTION\n       {body}\n\nOPTIONS\n       -v     Print what {name} does, file by file.\n{foot}")


FROBNIK = [
    SourceDocument("tools/doc-01.txt", man_page("frobnik", "reshape widget files in place",
                                                "frobnik reads each widget file and reshapes it. frobnik keeps the "
                                                "originals; frobnik never overwrites a file.")),
    SourceDocument("tools/doc-02.md", "# frobnik FAQ\n\n## Why does frobnik keep originals?\n\nBecause frobnik "
                                      "never overwrites a file.\n\n## Can frobnik run twice?\n\nYes: frobnik is "
                                      "idempotent. Sprocket, gimbal and flange widgets are reshaped alike.\n"),
]


def long_readme() -> str:
    """A project's README of two hundred lines that names another tool on one of them."""
    parts = "cabinets shelves hinges drawers panels joinery veneer dowels".split()
    lines = ["This tree holds the widget cabinet planner.", "", "Version: 4.2", "Maintainer: Ada Stone",
             "Licence: MIT", ""]
    for i in range(194):
        lines.append(f"Step {i}: measure the {parts[i % 8]} and {parts[(i + 3) % 8]} before cutting the board.")
        if i == 97:
            lines.append("The demo's widget files were cleaned with frobnik beforehand.")
    return "\n".join(lines) + "\n"


def test_a_readme_that_mentions_another_tool_once_is_not_filed_on_its_page() -> None:
    readme = SourceDocument("planner/doc-03.txt", long_readme())
    result = plan([*FROBNIK, readme])
    pages = pages_of(result)
    frobnik = next(page for page, (title, _) in pages.items() if title == "frobnik")
    assert pages[frobnik][1] == ["tools/doc-01.txt", "tools/doc-02.md"]
    assert not {a.label for a in result.pages[frobnik].attributes} & {"Version", "Maintainer", "Licence"}
    assert any(cited == ["planner/doc-03.txt"] for _, cited in pages.values())


def test_a_readme_naming_itself_by_its_titles_first_word_stays_apart_from_the_product_it_points_to() -> None:
    """A README titled "Pondgraph Python SDK" says "Pondgraph" throughout and points to a
    sibling product twice; the sibling's README says its own name throughout."""
    sdk = SourceDocument("r/doc-11.md", "# Pondgraph Python SDK\n\nTo ship Pondgraph apps faster, try "
                         "[Quillsmith](https://quillsmith.example.org). Quillsmith is a platform for tracing.\n\n"
                         "## Install\n\n```\npip install pondgraph-sdk\n```\n\n## What is this?\n\n"
                         "This library talks to the Pondgraph API. Start a Pondgraph server; the Pondgraph client "
                         "finds it. Pondgraph threads and Pondgraph runs stream from Python.\n\n"
                         "## Limits\n\nPondgraph assistants are listed, not edited.\n")
    smith = SourceDocument("r/doc-17.md", "# Quillsmith Client SDK\n\nThis package is the client of the "
                           "Quillsmith platform.\n\n```\npip install quillsmith\n```\n\n" + " ".join(
                               f"Quillsmith traces call {n}; the Quillsmith run tree shows it." for n in range(12)) + "\n")
    pages = pages_of(plan([sdk, smith]))
    assert sorted(cited for _, cited in pages.values()) == [["r/doc-11.md"], ["r/doc-17.md"]]


QUILLKIT = [
    SourceDocument("q/doc-11.txt", man_page(
        "qmv", "rename files in batches", "qmv renames each FILE as its template says. qmv reads its "
        "templates from the quillkit configuration.\n\nAVAILABILITY\n       The qmv command is part of "
        "the quillkit package.", footer="quillkit 2.1")),
    SourceDocument("q/doc-12.txt", man_page(
        "qkrc", "configuration file of the quillkit tools", "qkrc holds one template per line; qmv and "
        "qcp read it at start. Every quillkit tool reads qkrc.\n\nAVAILABILITY\n       qkrc is part of the "
        "quillkit package.", footer="quillkit 2.1", section="5")),
    SourceDocument("q/doc-13.md", "Quillkit is a toolkit for renaming and copying files in batches.\n\n"
                   "## Building\n\nRun `make` in the quillkit tree. quillkit needs no other library.\n\n"
                   "## Reporting bugs\n\nWrite to the quillkit list.\n"),
    SourceDocument("q/doc-14.md", "# Environment variables\n\n| Variable | Meaning |\n|---|---|\n"
                   "| QUILLKIT_HOME | where the quillkit tools find qkrc |\n| QMV_DRY_RUN | qmv only prints |\n\n"
                   "Every quillkit tool honours QUILLKIT_HOME; qmv also reads QMV_DRY_RUN.\n"),
]


def test_a_packages_commands_and_files_make_one_page_titled_by_the_package() -> None:
    result = plan(QUILLKIT)
    pages = pages_of(result)
    assert len(pages) == 1, pages
    title, cited = next(iter(pages.values()))
    assert title.casefold() == "quillkit" and cited == [d.input_rel for d in QUILLKIT]
    assert all(why.startswith("joined: ") for why in result.placements.values())


def test_a_modules_page_joins_its_package_not_the_package_it_mentions_most() -> None:
    """pydoc's pages of three modules of `spool`; one of them is mostly about `wire`."""
    def pydoc(module: str, line: str, body: str) -> str:
        return f"Help on module {module} in {module.split('.')[0]}:\n\nNAME\n    {module} - {line}\n\nDESCRIPTION\n    {body}\n"
    docs = [
        SourceDocument("p/doc-21.txt", pydoc("spool", "queue jobs to disk", "spool keeps jobs; spool.store "
                                            "writes them. spool is small. spool needs no server.")),
        SourceDocument("p/doc-22.txt", pydoc("spool.store", "spool's disk store", "spool.store writes spool "
                                            "jobs. The spool store is append-only; spool reads it back.")),
        SourceDocument("p/doc-23.txt", pydoc("spool.remote", "send spool jobs over wire", "Sends jobs with wire: "
                                            "wire opens a wire session, wire retries, wire closes. See wire.")),
        SourceDocument("w/doc-24.txt", pydoc("wire", "a tiny RPC protocol", "wire frames requests; wire "
                                            "answers them. wire is stateless.")),
        SourceDocument("w/doc-25.txt", pydoc("wire.frames", "wire's frame format", "wire.frames packs wire "
                                            "frames; every wire frame has a length.")),
    ]
    pages = pages_of(plan(docs))
    assert sorted(cited for _, cited in pages.values()) == [
        ["p/doc-21.txt", "p/doc-22.txt", "p/doc-23.txt"], ["w/doc-24.txt", "w/doc-25.txt"]]
    assert sorted(title for title, _ in pages.values()) == ["spool", "wire"]


def test_a_data_file_joins_the_entity_whose_items_it_lists() -> None:
    listing = "kind,reshaped by default\nsprocket,yes\ngimbal,yes\nflange,no\ngrommet,no\n"
    table = "| kind | reshaped by default |\n|---|---|\n" + "".join(
        f"| {k} | {v} |\n" for k, v in (line.split(",") for line in listing.splitlines()[1:]))
    docs = [*FROBNIK, SourceDocument("tools/doc-04.csv", table),
            SourceDocument("planner/doc-05.md", "# Cabinet planner\n\nThe planner lays out cabinets, shelves "
                           "and drawers. The planner prints a cutting list for the cabinets.\n")]
    result = plan(docs)
    pages = pages_of(result)
    assert any(cited == ["tools/doc-01.txt", "tools/doc-02.md", "tools/doc-04.csv"] and title == "frobnik"
               for title, cited in pages.values()), pages
    # its part of the page says what it holds, by its columns (it read `frobnik table`)
    assert [s.title for d in result.pages.values() for s in d.cited if s.id == "doc-04"] == \
        ["Kind and reshaped by default table"]


def test_a_data_file_about_nothing_known_is_titled_from_its_contents() -> None:
    table = "| station | reading | unit |\n|---|---|---|\n| North mast | 14.2 | m/s |\n| Quay | 9.8 | m/s |\n"
    record = '```json\n{"berths": [3, 4, 7], "tide": "neap", "pilots": {"on call": 2}}\n```\n'
    result = plan([*FROBNIK, SourceDocument("data/doc-04.csv", table), SourceDocument("data/doc-06.json", record)])
    titles = {cited[0]: title for title, cited in pages_of(result).values() if cited[0].startswith("data/")}
    assert titles == {"data/doc-04.csv": "Station, reading and unit table",
                      "data/doc-06.json": "Berths, tide and pilots data"}
    assert result.placements["data/doc-04.csv"].startswith("a page of its own: ")
    stats = OfflineEngine(OfflineConfig(), NOW).manage([SourceDocument("data/doc-04.csv", table)], MemoryWiki()).stats
    assert set(stats["placements"]) == {"data/doc-04.csv"}


def project_note(title: str, when: str, fields: str, text: str) -> str:
    return f"# {title}\n\nDate: {when}\n{fields}\n{text}\n"


def test_a_projects_kickoff_notes_and_status_report_are_one_page_with_its_conflicts() -> None:
    docs = [
        SourceDocument("notes/doc-31.md", project_note(
            "Harbor Lights kickoff", "2026-03-02", "Owner: Dana Reyes\nBudget: 120,000 EUR\n",
            "We replace the quay lighting. Decisions: Dana owns the schedule; status reports on Fridays.")),
        SourceDocument("notes/doc-32.md", project_note(
            "Harbor Lights status report", "2026-04-10", "Owner: Dana Reyes\nBudget: 135,000 EUR\n",
            "On track; the budget grew after the cable survey. Phase 1 ends in May.")),
    ]
    result = plan(docs)
    assert len(result.pages) == 1
    draft = next(iter(result.pages.values()))
    assert draft.title == "Harbor Lights"
    assert [(a.label, a.value, a.status) for a in draft.attributes] == [
        ("Owner", "Dana Reyes", "agreed"), ("Budget", "135,000 EUR", "canonical")]
    assert [(c.value, c.status) for c in draft.conflicts] == [("120,000 EUR", "superseded"), ("135,000 EUR", "canonical")]


def test_minutes_review_plan_and_update_of_a_project_join_its_page() -> None:
    kinds = [("Harbor Lights steering minutes", "2026-04-20", "Attendees: Dana Reyes, Sam Ode\n"),
             ("Harbor Lights design review", "2026-05-02", ""),
             ("Harbor Lights project plan", "2026-02-20", "Owner: Dana Reyes\n"),
             ("Harbor Lights update", "2026-05-15", "Budget: 140,000 EUR\n"),
             ("Harbor Lights kickoff", "2026-03-02", "Owner: Dana Reyes\nBudget: 120,000 EUR\n")]
    docs = [SourceDocument(f"notes/doc-4{n}.md", project_note(title, when, fields, "Work goes on as planned."))
            for n, (title, when, fields) in enumerate(kinds)]
    result = plan(docs)
    assert [draft.title for draft in result.pages.values()] == ["Harbor Lights"]
    draft = next(iter(result.pages.values()))
    budget = [a for a in draft.attributes if a.label == "Budget"]
    assert [(a.value, a.status) for a in budget] == [("140,000 EUR", "canonical")]


def pages_in_batches(docs: list[SourceDocument], first: int, second: int) -> dict[str, str]:
    """The pages of `docs` in one batch, asserting that three batches in another order
    (docs[second:], docs[first:second], docs[:first]) give the same."""
    engine = OfflineEngine(OfflineConfig(), NOW)
    one = engine.manage(docs, MemoryWiki()).pages
    wiki = MemoryWiki()
    for batch in (docs[second:], docs[first:second], docs[:first]):
        wiki.apply(engine.manage(batch, wiki), batch)
    assert wiki.pages == {page: MemoryWiki.with_texts(text, docs) for page, text in one.items()}
    return one


def test_the_same_documents_in_three_batches_give_the_same_pages() -> None:
    """Determinism (I6) on the cases above: one batch, or three in another order."""
    one = pages_in_batches([*QUILLKIT, *FROBNIK, SourceDocument("planner/doc-03.txt", long_readme())], 2, 5)
    assert {split_page(t)[0]["title"] for t in one.values()} >= {"frobnik"}


def test_a_status_report_updates_the_page_a_person_wrote_for_its_projects_kickoff() -> None:
    """Titles are compared without kind words: "Harbor Lights kickoff" is the page of Harbor Lights."""
    wiki = MemoryWiki()
    wiki.pages["projects/harbor-lights-kickoff"] = (
        "---\ntype: Project\ntitle: Harbor Lights kickoff\n---\n\nNew lamps along the quay; Dana Reyes chooses the contractor.\n")
    status = SourceDocument("notes/doc-32.md", project_note(
        "Harbor Lights status report", "2026-04-10", "Owner: Dana Reyes\n", "Cabling along the quay is done; phase 1 ends in May."))
    result = OfflineEngine(OfflineConfig(), NOW).plan([status], wiki)
    assert list(result.pages) == ["projects/harbor-lights-kickoff"]


def test_the_report_says_why_a_data_file_has_a_page_of_its_own(project: Project) -> None:
    """Weak evidence gives a page of its own, and the reason is in the batch report."""
    drop(project, "doc-01.txt", FROBNIK[0].text.encode())
    drop(project, "doc-04.csv", b"station,reading,unit\nNorth mast,14.2,m/s\nQuay,9.8,m/s\n")
    report = project.update()
    line = next(f for f in report.files if f.input == "doc-04.csv")
    assert line.page == "topic/station-reading-and-unit-table.md"
    assert "a page of its own: " in line.message
    assert report.engine_stats["placements"]["doc-04.csv"] in line.message


QUO_SHELL = SourceDocument("t/doc-51.txt", man_page(
    "quoshell", "simple shell containing the Quo interpreter",
    "quoshell reads commands from its standard input or from a script file and evaluates them one by one. "
    "quoshell exits when it reaches the end of its input; quoshell -q suppresses the prompt, and quoshell -e "
    "evaluates a single command given on the command line. The Quo library path is searched first.",
    footer="Quo"))
QUO_README = SourceDocument("t/doc-52.md", "# Quo\n\nQuo is a small scripting language for embedding in games. Quo "
                            "runs on Linux, macOS and Windows.\n\n## Building\n\nUnpack the tarball, run the configure "
                            "script, then type make. Quo needs a C99 compiler and nothing else. Quo installs its headers "
                            "under include.\n\n## Licence\n\nQuo is free software under the MIT licence. Quo welcomes "
                            "patches.\n")


def test_a_commands_manual_page_joins_the_readme_of_the_project_its_footer_names() -> None:
    """Each alone is about a name of its own (the command's, the project's), which keeps
    two READMEs naming each other apart; but the manual page claims the project too."""
    pages = pages_of(plan([QUO_SHELL, QUO_README]))
    assert [cited for _, cited in pages.values()] == [["t/doc-51.txt", "t/doc-52.md"]], pages
    assert [title for title, _ in pages.values()] == ["Quo"]


def test_a_changelog_of_a_versioned_package_name_joins_the_project() -> None:
    """"quo8.6" is Quo's package, named with its version glued on: its changelog is Quo's."""
    entries = "".join(
        f"quo8.6 (8.6.{n}-1) unstable; urgency=medium\n\n  * New upstream release.\n  * Refresh the patches "
        f"for the new build system.\n\n -- Jo Packer <jo@example.org>  Sun, 0{n} Jan 2023 10:00:00 +0000\n\n"
        for n in (3, 2, 1))
    changelog = SourceDocument("t/doc-53.txt", entries)
    result = plan([QUO_SHELL, QUO_README, changelog])
    pages = pages_of(result)
    assert [cited for _, cited in pages.values()] == [["t/doc-51.txt", "t/doc-52.md", "t/doc-53.txt"]], pages
    assert [title for title, _ in pages.values()] == ["Quo"]


def test_a_word_of_an_option_is_no_mention_of_the_tool_it_spells() -> None:
    """`--numeric-sort` and `--size-sort` name a symbol lister's options, not the `sort` tool."""
    sorter = SourceDocument("k/doc-61.txt", man_page(
        "sort", "sort lines of text files",
        "sort writes the sorted lines of each FILE to standard output. sort compares whole lines; with a key, "
        "sort compares fields. sort is stable with -s, and sort merges sorted files with -m."))
    symdump = SourceDocument("k/doc-62.txt", man_page(
        "symdump", "list symbols from object files",
        "symdump lists the symbols of each object file. By default symdump orders them by name; --numeric-sort "
        "orders them by address, --size-sort by size, --reverse-sort reverses the order and --no-sort keeps the "
        "order of the file. symdump -A names the file on each line; symdump --size-sort --reverse-sort lists the "
        "largest first, and --numeric-sort --no-sort together is an error."))
    pages = pages_of(plan([sorter, symdump]))
    assert sorted(cited for _, cited in pages.values()) == [["k/doc-61.txt"], ["k/doc-62.txt"]], pages


def test_commands_that_claim_a_name_each_are_titled_by_the_project_one_footer_names() -> None:
    """Two commands' manual pages and a README naming no title: the page is the package's,
    though only one page's footer says so (the other's conversion lost it) and every
    document names `qlist`."""
    pages = pages_of(plan(QUILTUTILS))
    assert list(pages.values()) == [("quiltutils", ["u/doc-71.txt", "u/doc-72.md", "u/doc-73.txt"])], pages


def test_a_lone_manual_page_of_a_project_is_titled_by_its_command() -> None:
    """A PDF manual page alone (`less is part of the GNU project`, in its copyright) was
    titled "GNU": the project a document merely says it belongs to outweighed its NAME."""
    tool = SourceDocument("g/doc-91.txt", man_page(
        "frobview", "opposite of more", "frobview is a pager similar to more(1). frobview shows a file a "
        "screen at a time; frobview -S chops long lines.\n\nCOPYRIGHT\n       frobview is part of the GNU "
        "project and is free software under the GNU General Public License."))
    assert list(pages_of(plan([tool])).values()) == [("frobview", ["g/doc-91.txt"])]


QUILTUTILS = [
    SourceDocument("u/doc-71.txt", man_page(
        "qlist", "list directory contents", "qlist lists each FILE. qlist sorts entries by name; qlist -t "
        "sorts them by time. qlist is part of quiltutils.", footer="quiltutils 9.1")),
    SourceDocument("u/doc-72.md", "# NAME\n\nqcount - count lines of text files\n\n# DESCRIPTION\n\nqcount "
                   "prints the lines of each FILE. qcount -w counts words; qlist -l counts nothing. Full "
                   "documentation: the quiltutils manual.\n"),
    SourceDocument("u/doc-73.txt", "These are the quilt utilities. Most of these programs are faster than "
                   "their ancestors.\n\nThe programs that can be built with this package are:\n\n  [ qcount "
                   "qlist qcopy qmove\n  qecho qtrue qfalse\n\nqlist and qcount are the most used; qlist came "
                   "first.\n"),
]


KEYFROB = [
    SourceDocument("k/doc-81.txt", man_page(
        "keyfrob", "manage a keyring of signing keys",
        "keyfrob adds, lists and revokes the keys of a keyring. keyfrob --list prints each key with its "
        "fingerprint, its keyid, its algorithm and its expiration date; a revoked key is flagged. keyfrob "
        "--fetch asks a keyserver for a key by its fingerprint or keyid, and keyfrob --send uploads a key "
        "with its user IDs to the keyserver. keyfrob --with-colons prints machine readable listings.")),
    SourceDocument("k/doc-82.md", "# keyfrob\n\nkeyfrob keeps a keyring of signing keys and talks to a "
                   "keyserver. keyfrob checks signatures, marks revoked and expired keys, and shows the "
                   "fingerprint of every key.\n\n## Building\n\nRun make. keyfrob needs a crypto library.\n\n"
                   "## Reporting bugs\n\nMail the keyfrob list with the keyid of the key concerned.\n"),
]
TAPEWIND = [
    SourceDocument("t/doc-83.txt", man_page(
        "tapewind", "rewind and position magnetic tapes",
        "tapewind rewinds the tape in a drive, skips files and records, and ejects the cartridge. tapewind "
        "status prints the block size, the density and the position of the head; tapewind erase wipes the "
        "whole reel.")),
    SourceDocument("t/doc-84.md", "# tapewind\n\ntapewind drives magnetic tape units: rewind, skip, erase "
                   "and eject. tapewind reads the drive's status and block size.\n\n## Building\n\nRun make; "
                   "tapewind needs the tape headers.\n"),
]
NOTE = SourceDocument("k/doc-85.txt", (
    "Format of vault colon listings\n==============================\n\n"
    "The machine readable response begins with an optional info line:\n\ninfo:<version>:<count>\n\n"
    "<count> = the number of keys returned. The key listings are made up of several lines per key; "
    "the first line is for the primary key:\n\npub:<fingerprint>:<algo>:<keylen>:<creationdate>:<expirationdate>:<flags>\n\n"
    "<fingerprint> = either the fingerprint or the keyid of the key.\n\n<flags> = r == revoked, e == expired.\n\n"
    "Following the pub line are one or more uid lines for the user IDs on the key:\n\n"
    "uid:<escaped uid string>:<creationdate>:<expirationdate>:<flags>\n\n"
    "* On a keyserver without integrated crypto, a key flagged revoked is untrustworthy until its "
    "signatures are checked.\n* Empty fields are allowed: a key with no expiration date leaves that field empty.\n"))


def test_a_note_naming_nothing_joins_the_tool_whose_words_it_uses() -> None:
    """A protocol note titled by its topic, naming no tool, in its tool's vocabulary
    (keyring, keyid, fingerprint, revoked): it joins that tool's page, and says why."""
    result = plan([*KEYFROB, *TAPEWIND, NOTE])
    assert sorted(cited for _, cited in pages_of(result).values()) == [
        ["k/doc-81.txt", "k/doc-82.md", "k/doc-85.txt"], ["t/doc-83.txt", "t/doc-84.md"]]
    assert result.placements["k/doc-85.txt"].startswith("joined: its words are the words of that group's")


def test_a_note_near_no_group_keeps_a_page_titled_by_its_topic() -> None:
    result = plan([*TAPEWIND, NOTE])
    assert pages_of(result)["topic/vault-colon-listings"] == ("vault colon listings", ["k/doc-85.txt"])
    assert result.placements["k/doc-85.txt"].startswith("a page of its own: no group's documents use its words")


def test_notes_and_data_files_placed_by_their_words_give_one_batch_pages_in_any_order() -> None:
    """I6 where only words link a document to its page: the note or the data file comes
    after its tool's documents (the tool's page is concerned), or before them (its own
    page is)."""
    pages_in_batches([NOTE, *TAPEWIND, *KEYFROB], 1, 3)  # batches: keyfrob, tapewind, the note
    pages_in_batches([*KEYFROB, *TAPEWIND, NOTE], 2, 4)  # batches: the note, tapewind, keyfrob
    listing = SourceDocument("tools/doc-04.csv", "| kind | reshaped by default |\n|---|---|\n| sprocket | yes |\n"
                             "| gimbal | yes |\n| flange | no |\n")
    planner = SourceDocument("planner/doc-05.md", "# Cabinet planner\n\nThe planner lays out cabinets, shelves "
                             "and drawers. The planner prints a cutting list for the cabinets.\n")
    one = pages_in_batches([*FROBNIK, listing, planner], 2, 3)  # batches: planner, the data file, frobnik
    assert any("tools/doc-04.csv" in text and "tools/doc-01.txt" in text for text in one.values())


def test_a_readme_naming_a_packages_commands_after_their_pages_gives_one_batch_pages() -> None:
    """A README naming no title comes after the pages of its package's commands, whose
    title is the package: their sources' names (the commands) concern the page."""
    pages_in_batches([QUILTUTILS[2], *QUILTUTILS[:2]], 1, 2)  # batches: one manual page, the other, the README
    pages_in_batches(QUILTUTILS, 1, 2)  # batches: the README, then the manual pages one by one


def test_a_data_files_long_listing_of_names_and_values_is_its_table_not_attributes() -> None:
    """A build's settings exported as `name,value` (22 rows) were on the page twice: as
    its table and as 17 attributes. A short record (`Owner,Ana`) still states facts."""
    rows = [(f"{word}DIR", f"/usr/lib/frobnik/{word.lower()}") for word in
            ("BIN", "DOC", "HTML", "INCLUDE", "LIB", "LOCALE", "MAN", "SHARE", "SYSCONF", "DATA", "STATE", "RUN")]
    listing = "| name | value |\n|---|---|\n" + "".join(f"| {k} | {v} |\n" for k, v in rows)
    record = "| name | value |\n|---|---|\n| Owner | Ana Lima |\n| Budget | 40,000 EUR |\n"
    result = plan([SourceDocument("data/doc-06.csv", listing), SourceDocument("data/doc-07.csv", record)])
    labels = {a.label for draft in result.pages.values() for a in draft.attributes}
    assert not any(label.endswith("DIR") for label in labels)
    assert {"Owner", "Budget"} <= labels


def test_a_tools_manual_and_its_gnu_titled_news_stay_apart_from_the_tool_they_mention_throughout() -> None:
    """Issue 27 (answers-d): tar's manual page claims "tar", its release notes "GNU tar"
    (their title); gzip's documents claim "gzip" and "GNU gzip". Each pair claims one
    name, whole and as part of a longer one, so each is firmly about it: tar's documents,
    which mention gzip throughout (its -z option), do not join gzip's page. Fragments
    from the real documents."""
    tar_man = man_page("tar", "an archiving utility",
                       "GNU tar saves many files together into a single tape or disk archive, and can restore "
                       "individual files from the archive. tar can filter the archive through gzip. tar -c creates "
                       "an archive. tar -x extracts files from an archive. tar -t lists the contents of an archive.") + (
        "       -z, --gzip\n              Filter the archive through gzip.\n"
        "       --use-compress-program=gzip\n              Filter data through gzip.\n")
    tar_news = ("GNU tar NEWS - User visible changes. 2021-02-13\nPlease send GNU tar bug reports to "
                "<bug-tar@gnu.org>\n\nversion 1.34\n\n* Fix extraction over pipe\n\n"
                "* This version of tar works best with GNU gzip 1.3 or later.\n\n"
                "* New option --gzip (aliases are --ungzip and -z); calls gzip.\n\n"
                "* Given --no-overwrite-dir, previous versions of tar failed to preserve permissions.\n\n"
                "* tar --delay-directory-restore works for archives with reversed member ordering.\n")
    gzip_news = ("GNU gzip NEWS\n\n* Noteworthy changes in release 1.12\n\n** Bug fixes\n\n"
                 "  'gzip -l' reports sizes of tar.gz files.\n\n  gzip --rsyncable no longer misbehaves.\n\n"
                 "  gzip -k keeps the input files.\n\n  'gzip -S' suffixes may be empty.\n")
    gzip_man = man_page("gzip", "compress or expand files",
                        "gzip reduces the size of the named files using Lempel-Ziv coding. gunzip recognizes .tgz "
                        "as a shorthand for .tar.gz. gzip is designed as a complement to tar, not as a replacement. "
                        "gzip keeps the original file name. gzip -d decompresses. gzip -c writes to standard output.")
    docs = [SourceDocument("doc-01.txt", gzip_news), SourceDocument("doc-03.txt", tar_man),
            SourceDocument("doc-05.txt", gzip_man), SourceDocument("doc-08.txt", tar_news)]
    assert sorted(inputs for _, inputs in pages_of(plan(docs)).values()) == [
        ["doc-01.txt", "doc-05.txt"], ["doc-03.txt", "doc-08.txt"]]


def test_a_later_batch_reads_each_pages_words_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: a batch fits TF-IDF on its documents with the wiki's pages twice (which
    pages it concerns, then its clusters); reading every page's words for each fit made
    a small batch cost twice the wiki's text. Each text is read once per batch."""
    engine = OfflineEngine(OfflineConfig(), NOW)
    wiki = MemoryWiki()
    first = [*QUILLKIT, *FROBNIK]
    wiki.apply(engine.manage(first, wiki), first)
    read: Counter[str] = Counter()
    markup = vectors._MARKUP

    class Counting:
        def sub(self, repl: str, text: str) -> str:
            read[text] += 1
            return markup.sub(repl, text)

    monkeypatch.setattr(vectors, "_MARKUP", Counting())
    engine.manage([QUO_README], wiki)
    pages = [concept_info(c).text[: vectors.MAX_TEXT_CHARS].lower() for c in wiki.concepts()]
    assert len(pages) >= 2 and all(read[text] == 1 for text in pages), read.values()
