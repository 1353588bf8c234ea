"""Concept pages of the offline engine: conflicts, updates, conformance, links, determinism."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest
from test_offline_cluster import CORPUS, MemoryWiki

import wikid
from wikid.config import OfflineConfig
from wikid.manager import ManagerResult, SourceDocument
from wikid.manager.offline import OfflineEngine
from wikid.manager.offline.engine import NO_TEXT_NOTE
from wikid.okf.frontmatter import conformance_error, parse_frontmatter
from wikid.okf.page import split_page

NOW = datetime(2026, 7, 12, 13, 5, tzinfo=UTC)
LATER = datetime(2026, 8, 1, 9, 0, tzinfo=UTC)


def run(documents: list[SourceDocument], wiki: MemoryWiki | None = None, now: datetime = NOW) -> ManagerResult:
    return OfflineEngine(OfflineConfig(), now).manage(documents, wiki or MemoryWiki())


def headings_of(documents: list[SourceDocument]) -> list[str]:
    """The heading lines of the one page `documents` make."""
    [page] = run(documents).pages.values()
    return [line for line in page.splitlines() if line.startswith("#")]


def only_page(result: ManagerResult) -> tuple[str, dict, str]:
    assert len(result.pages) == 1, list(result.pages)
    cid, text = next(iter(result.pages.items()))
    fm, body = split_page(text)
    return cid, fm, body


def conflict_rows(body: str) -> list[list[str]]:
    if "# Conflicts" not in body:
        return []
    section = body.split("# Conflicts", 1)[1].split("\n# ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Attribute")]
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines]


CONTRACT_2024 = """# Supply Agreement

Supplier: Acme Tooling Ltd.
Vendor ID: ACM-1001
Date: 2024-03-01
Payment terms: 30 days
Minimum order: 10 units

Acme Tooling supplies the cutting tools for the workshop and sharpens them every month.
"""
LETTER_2025 = """Acme Tooling Ltd.
Notice of updated terms
Date: 10 February 2025
Vendor ID: ACM-1001
Payment terms: 45 Days
Minimum order: 10 Units
From 1 March 2025 all purchase orders are paid within the new payment period.
"""


def test_dated_conflict_latest_is_canonical_older_superseded() -> None:
    docs = [SourceDocument("contracts/acme-2024.docx", CONTRACT_2024), SourceDocument("letters/acme-2025.pdf", LETTER_2025)]
    cid, fm, body = only_page(run(docs))
    assert cid == "vendor/acme-tooling-ltd"
    assert fm["type"] == "Vendor" and fm["title"] == "Acme Tooling Ltd."
    assert conflict_rows(body) == [
        ["Payment terms", "30 days", "[^acme-2024]", "2024-03-01", "superseded"],
        ["Payment terms", "45 Days", "[^acme-2025]", "2025-02-10", "canonical"],
    ]
    assert "| Payment terms | 45 Days | [^acme-2025] |" in body
    assert "Payment terms: 45 Days" in fm["description"]
    # "10 units" and "10 Units" agree: no conflict row, both sources cited for the value.
    assert "| Minimum order | 10 units | [^acme-2024] [^acme-2025] |" in body
    assert [s["resource"] for s in fm["sources"]] == ["/archive/contracts/acme-2024.docx", "/archive/letters/acme-2025.pdf"]
    assert fm["sources"][1]["last_modified"] == "2025-02-10T00:00:00Z"
    assert "[^acme-2024]: Supply Agreement" in body and "[^acme-2025]: Acme Tooling Ltd" in body  # their own titles


def test_undated_conflict_marks_every_value_unverified() -> None:
    docs = [
        SourceDocument("a/acme-terms.txt", "Supplier: Acme Tooling\nPayment terms: 30 days\n"),
        SourceDocument("b/acme-note.txt", "Supplier: Acme Tooling\nPayment terms: 60 days\n"),
    ]
    _, _, body = only_page(run(docs))
    rows = conflict_rows(body)
    assert [r[1:] for r in rows] == [  # undated rows in source-id order
        ["60 days", "[^acme-note]", "undated", "unverified"],
        ["30 days", "[^acme-terms]", "undated", "unverified"],
    ]
    assert "canonical" not in body
    assert "| Payment terms | 60 days / 30 days (unverified) | [^acme-note] [^acme-terms] |" in body


def test_an_undated_mention_that_disagrees_is_unverified_and_the_latest_dated_stays_canonical() -> None:
    docs = [
        SourceDocument("a.txt", "Supplier: Acme Tooling\nDate: 2024-01-01\nPayment terms: 30 days\n"),
        SourceDocument("b.txt", "Supplier: Acme Tooling\nDate: 2025-01-01\nPayment terms: 45 days\n"),
        SourceDocument("c.txt", "Supplier: Acme Tooling\nPayment terms: 60 days\n"),
    ]
    _, _, body = only_page(run(docs))
    assert {(r[1], r[4]) for r in conflict_rows(body)} == {
        ("30 days", "superseded"), ("45 days", "canonical"), ("60 days", "unverified")}
    assert "| Payment terms | 45 days | [^b] |" in body


def test_same_day_disagreement_is_unverified() -> None:
    docs = [
        SourceDocument("a.txt", "Supplier: Acme Tooling\nDate: 2025-01-01\nPayment terms: 30 days\n"),
        SourceDocument("b.txt", "Supplier: Acme Tooling\nUpdated: 1 January 2025\nPayment terms: 45 days\n"),
    ]
    _, _, body = only_page(run(docs))
    assert {r[4] for r in conflict_rows(body)} == {"unverified"}


def test_agreeing_sources_produce_no_conflict_table() -> None:
    docs = [
        SourceDocument("a.txt", "Supplier: Acme Tooling\nDate: 2024-01-01\nPayment terms: 30 days\n"),
        SourceDocument("b.md", "# Acme Tooling\n\n| Attribute | Value |\n|---|---|\n| Supplier | Acme Tooling |\n| Payment Terms | 30  Days |\n"),
    ]
    _, _, body = only_page(run(docs))
    assert "# Conflicts" not in body
    assert "| Payment terms | 30 days | [^a] [^b] |" in body


def test_update_of_an_existing_page_adds_a_newer_conflicting_value() -> None:
    wiki = MemoryWiki()
    first = [SourceDocument("contracts/acme-2024.docx", CONTRACT_2024)]
    wiki.apply(run(first, wiki), first)
    (cid, before), = wiki.pages.items()
    old_entry = split_page(before)[0]["sources"][0]
    assert old_entry["text"] == "/archive/contracts/acme-2024-extracted.txt"

    second = [SourceDocument("letters/acme-2025.pdf", LETTER_2025)]
    result = run(second, wiki, LATER)
    assert list(result.pages) == [cid]  # updated in place, never duplicated
    fm, body = split_page(result.pages[cid])
    assert fm["sources"][0] == old_entry  # the earlier entry exactly as it was
    assert fm["sources"][1]["resource"] == "/archive/letters/acme-2025.pdf"
    assert fm["generated"]["at"] == "2026-08-01T09:00:00Z"
    assert conflict_rows(body) == [
        ["Payment terms", "30 days", "[^acme-2024]", "2024-03-01", "superseded"],
        ["Payment terms", "45 Days", "[^acme-2025]", "2025-02-10", "canonical"],
    ]
    assert "[^acme-2024]" in body.split("# Attributes")[0]  # the earlier source is still summarised


def test_update_gives_the_same_page_as_one_batch_with_both_documents() -> None:
    wiki = MemoryWiki()
    first = [SourceDocument("contracts/acme-2024.docx", CONTRACT_2024)]
    wiki.apply(run(first, wiki), first)
    second = [SourceDocument("letters/acme-2025.pdf", LETTER_2025)]
    updated = run(second, wiki).pages
    together = run(first + second).pages
    strip_text = re.compile(r"\n  text: \S+")
    assert {k: strip_text.sub("", v) for k, v in updated.items()} == together


def test_update_of_a_human_page_keeps_its_prose_and_dates_its_values_by_its_source() -> None:
    wiki = MemoryWiki()
    wiki.pages["vendors/atlas-freight"] = """---
type: Vendor
title: Atlas Freight
description: Regional pallet carrier.
owner: ops
generated: {by: 'human:maya', at: '2025-04-02T09:15:00Z'}
sources:
  - id: atlas-agreement-2025
    resource: https://atlas.example.com/agreement.pdf
    title: Atlas agreement 2025
    last_modified: '2025-01-15T00:00:00Z'
---

# Atlas Freight

Atlas Freight moves our wholesale orders to cafés across the region.[^atlas-agreement-2025]

# Schema

| Attribute | Value |
|---|---|
| Account number | AF-20931 |
| Payment terms | 30 days |

[^atlas-agreement-2025]: Atlas Freight service agreement 2025
"""
    letter = [SourceDocument("mail/atlas-rates.txt", "Atlas Freight\nAccount number: AF-20931\nDate: 2025-06-01\nPayment terms: 21 days\n")]
    result = run(letter, wiki)
    assert list(result.pages) == ["vendors/atlas-freight"]
    fm, body = split_page(result.pages["vendors/atlas-freight"])
    assert fm["description"] == "Regional pallet carrier." and fm["owner"] == "ops"
    assert [s["id"] for s in fm["sources"]] == ["atlas-agreement-2025", "atlas-rates"]
    assert body.lstrip("\n").startswith("# Atlas Freight\n\nAtlas Freight moves our wholesale orders")
    assert "# Schema" not in body
    assert conflict_rows(body) == [
        ["Payment terms", "30 days", "[^atlas-agreement-2025]", "2025-01-15", "superseded"],
        ["Payment terms", "21 days", "[^atlas-rates]", "2025-06-01", "canonical"],
    ]
    assert "[^atlas-agreement-2025]: Atlas agreement 2025" in body


def test_every_input_is_cited_by_exactly_one_page_and_empty_ones_get_a_note() -> None:
    docs = [SourceDocument(rel, text) for rel, _, text in CORPUS] + [SourceDocument("scans/blank.pdf", "## Page 1\n\n")]
    result = run(docs)
    for doc in docs[:-1]:
        citing = [cid for cid, text in result.pages.items() if f"resource: /archive/{doc.input_rel}\n" in text]
        assert len(citing) == 1, (doc.input_rel, citing)
    assert result.notes == {"scans/blank.pdf": NO_TEXT_NOTE}


def test_pages_conform_and_have_no_broken_internal_links() -> None:
    wiki = MemoryWiki()
    wiki.pages["services/order-portal"] = "---\ntype: Service\ntitle: Order Portal\n---\n\nThe wholesale web shop.\n"
    docs = [SourceDocument(rel, text) for rel, _, text in CORPUS]
    docs.append(SourceDocument("meetings/ops.txt", "Ops weekly\n\nThe Order Portal was down for 40 minutes on Tuesday morning.\n"))
    result = run(docs, wiki)
    existing = set(wiki.pages) | set(result.pages)
    links = 0
    for cid, text in result.pages.items():
        fm = parse_frontmatter(text)
        assert conformance_error(fm) is None, cid
        assert re.fullmatch(r"[a-z0-9-]+/[a-z0-9-]+", cid), cid
        assert fm.data and fm.data["generated"] == {"by": f"wikid/{wikid.__version__}", "at": "2026-07-12T13:05:00Z"}
        for target in re.findall(r"\]\((/[^)]+)\.md\)", text):
            assert target[1:] in existing, (cid, target)
            links += 1
        body = text[fm.body_start :]
        for label in set(re.findall(r"\[\^([^\]]+)\](?!:)", body)):
            assert f"\n[^{label}]: " in body, (cid, label)
        assert set(re.findall(r"\[\^([^\]]+)\](?!:)", body)) <= {s["id"] for s in fm.data["sources"]}
    assert links > 0
    assert "* [Order Portal](/services/order-portal.md)" in result.pages["meeting/ops-weekly"]


def test_same_drop_in_any_order_gives_byte_identical_pages() -> None:
    docs = [SourceDocument(rel, text) for rel, _, text in CORPUS]
    expected = run(docs)
    for seed in range(5):
        shuffled = docs[:]
        random.Random(seed).shuffle(shuffled)
        assert run(shuffled) == expected


def test_concept_ids_never_collide_with_the_wiki_or_each_other() -> None:
    wiki = MemoryWiki()
    wiki.pages["vendor/acme-gmbh"] = "---\ntype: Vendor\ntitle: Acme Holding AG\n---\n\nRoad runner traps and rockets.\n"
    docs = [
        SourceDocument("x/acme.txt", "Name: Acme GmbH\nType: Vendor\nColour: red paint and brushes for the garden fence\n"),
        SourceDocument("y/index.txt", "Name: Index\nType: Vendor\nLocation: Berlin, offices for rent in the city centre\n"),
        SourceDocument("z/archive.txt", "Name: Old files\nType: Archive\nShelf: 4, boxes of paper from the nineties\n"),
    ]
    pages = run(docs, wiki).pages
    assert sorted(pages) == ["archive-pages/old-files", "vendor/acme-gmbh-2", "vendor/index-page"]


def test_non_ascii_titles_are_transliterated() -> None:
    pages = run([SourceDocument("a.txt", "Supplier: Rösttechnik Nord GmbH\nPhone: 040 123\n")]).pages
    assert list(pages) == ["vendor/rosttechnik-nord-gmbh"]


FROB_NOTES = "\n".join([
    "Notes for the distribution of frob version 4", "",
    "How Frob Works", "",
    " ".join(["Frob reads each data file through its own parser and writes it back reshaped."] * 20), "",
    "Frob Output", "",
    "The frob output describes:", "",
    "    * the name of each file it reshaped;", "",
    "    * for each file, what it changed:", "",
    "      * the columns it moved;", "",
    "      * the rows it dropped;", "",
    *[line for n in range(40) for line in (f"4.{n}\t\tMay {n % 28 + 1}, {1990 + n}", "",
                                            f"\t\tFrob {n} reads wider files.", "")],
    "4.40\t\tJune 1, 2030", "",
    *[line for n in range(6) for line in (f"\t\tThe reader now accepts dialect {n} of the format.", "")],
    "\t\t- no user visible changes otherwise", "",
])


def test_notes_ending_in_a_release_history_carry_their_sections_and_the_newest_release() -> None:
    _, _, body = only_page(run([SourceDocument("doc-25.txt", FROB_NOTES)]))
    assert "Frob reads each data file through its own parser" in body
    # the nested list an abridged item introduces is carried with it
    assert "* for each file, what it changed:\n   * the columns it moved;\n   * the rows it dropped;" in body
    recent = body.split("# Recent Changes", 1)[1]
    assert recent.lstrip().startswith("## 4.40 — 2030-06-01")
    # a release told in paragraphs shows them, not only the one list item among them
    newest = recent.split("\n## ", 2)[1]
    assert all(f"dialect {n} of the format" in newest for n in range(6))


def test_an_item_that_says_nothing_is_left_out() -> None:
    todo = "TODO file for frob\n\n- Support wider files in the reader module.\n- ...\n- Send in your suggestions to us.\n"
    _, _, body = only_page(run([SourceDocument("todo.txt", todo)]))
    assert "* Support wider files in the reader module.\n* Send in your suggestions to us." in body
    assert "..." not in body


README_WITH_USAGE = """# frobnik

frobnik reshapes data files in place and never loses a byte of them.

## Usage

By default, frobnik will:

* read each file named on its command line;
* write it back reshaped.

Action items:

* Ship the reader.
* Test the writer.
"""


def test_a_readme_keeps_its_usage_heading_and_a_sentence_over_a_list_stays_a_sentence() -> None:
    _, _, body = only_page(run([SourceDocument("README.md", README_WITH_USAGE)]))
    assert re.search(r"^# Usage$", body, re.MULTILINE)  # no manual page writes a Usage of its own
    assert "(README" not in body.split("# Sources")[0]
    assert re.search(r"^By default, frobnik will:(\[\^readme\])?\n\n\* read each file named", body, re.MULTILINE)
    assert re.search(r"^#+ Action items$", body, re.MULTILINE)  # a label is a heading


FROB_README = """# frob

frob reshapes data files in place and never loses a byte of them.

The frob home page is https://frob.example.org/ and its mailing list is
at https://lists.example.org/frob.

## Copying

Copyright (C) 2020-2024 Frob Authors.

frob is free software: you can redistribute it and/or modify it under the terms
of the GNU General Public License as published by the Free Software Foundation,
either version 3 of the License, or (at your option) any later version.
"""
FROB_NEWS_OLD = "frob NEWS\n\n* Noteworthy changes in release 2.1 (2025-03-02)\n\n  * Faster reader.\n\n" \
                "* Noteworthy changes in release 2.0 (2024-11-20)\n\n  * New writer.\n"
FROB_NEWS_NEW = "frob NEWS\n\n* Noteworthy changes in release 2.10 (2026-01-05)\n\n  * Wider files.\n\n" \
                "* Noteworthy changes in release 2.9 (2025-09-01)\n\n  * Fewer copies.\n"


def test_key_facts_are_stated_once_from_the_source_that_knows_and_notices_are_left_out() -> None:
    docs = [SourceDocument("frob/README.md", FROB_README), SourceDocument("frob/NEWS-old.txt", FROB_NEWS_OLD),
            SourceDocument("frob/NEWS.txt", FROB_NEWS_NEW)]
    _, _, body = only_page(run(docs))
    rows = body.split("# Attributes", 1)[1].split("\n# ", 1)[0]
    assert "| Latest version | 2.10, released 2026-01-05 | [^news] |" in rows  # by version, not by the first source
    assert "| Homepage | https://frob.example.org/ | [^readme] |" in rows
    assert "| Licence | GNU General Public License, version 3 or later | [^readme] |" in rows
    assert "# Conflicts" not in body
    assert "free software" not in body and "Copyright (C)" not in body and "# Copying" not in body


def test_without_a_changelog_the_version_is_the_one_the_manual_page_documents() -> None:
    """A manual page's footer names its source and version (`frob 6.1   2022-10-16
    FROB(1)`): with no changelog among the sources, that is the version the page
    states; a changelog's newest release outranks it."""
    manual = ("FROB(1)                     General Commands Manual                    FROB(1)\n\nNAME\n"
              "       frob - reshape data files in place\n\nDESCRIPTION\n       frob reshapes the files it is given.\n\n"
              "frob 6.1                        2022-10-16                          FROB(1)\n")
    _, _, body = only_page(run([SourceDocument("frob.1.txt", manual)]))
    rows = body.split("# Attributes", 1)[1].split("\n# ", 1)[0]
    assert "| Version | 6.1 |" in rows
    _, _, body = only_page(run([SourceDocument("frob.1.txt", manual), SourceDocument("frob/NEWS.txt", FROB_NEWS_NEW)]))
    rows = body.split("# Attributes", 1)[1].split("\n# ", 1)[0]
    assert "| Latest version | 2.10, released 2026-01-05 |" in rows and "| Version |" not in rows
    readme = "# Frob\n\nThis is Frob, version 2.4. Frob reshapes data files in place, one file at a time.\n"
    _, _, body = only_page(run([SourceDocument("README.md", readme)]))
    assert "| Version | 2.4 |" in body.split("# Attributes", 1)[1].split("\n# ", 1)[0]


def test_a_key_value_run_that_ends_a_sentence_is_an_example_not_attributes() -> None:
    text = ("Frob notes\n\nFrob folds case before it compares, so the input and the pattern\n"
            "of the search below become equal once folded, and the match\n\n"
            "  input:    U+0041 U+00DF\n  pattern:  U+0053 U+0062\n\nis found.\n")
    _, _, body = only_page(run([SourceDocument("frob-notes.txt", text)]))
    assert "# Attributes" not in body


def test_the_lead_is_the_sentence_that_says_what_the_entity_is_and_a_long_opening_is_not_split() -> None:
    quick = "# A quick start for frob\n\nAgreed, the frob manual is dense and frob has many options.\n\n## Finding files\n\nRun frob -i.\n"
    notes = ("# Notes on frob\n\nFrob (for FRee OBjects) lists the files that processes hold open. "
             + " ".join(["It reads the kernel's tables to find them, one by one."] * 12) + "\n\n## Output\n\nOne line a file.\n")
    _, fm, body = only_page(run([SourceDocument("frob/quick.md", quick), SourceDocument("frob/notes.md", notes)]))
    assert fm["description"].startswith("Frob (for FRee OBjects) lists the files that processes hold open.")
    lead = body.lstrip().split("\n\n", 1)[0]
    assert "It reads the kernel's tables" not in lead  # a long paragraph gives the lead its first sentence only


def test_a_flattened_run_of_text_is_shown_by_its_first_sentences_and_signatures_stay_code() -> None:
    run_on = " ".join(f"Sentence {n} of a page a converter flattened into one run of text." for n in range(80))
    doc = f"# frob\n\nfrob reshapes the data files it is given, in place.\n\n## Notes\n\n{run_on}\n\n## Methods\n\nadd_header(self, _name, **_params)\n:   Extended header setting.\n\nclose(self)\n:   Close the file. It stays closed.\n\n" \
          + "\n\n".join(f"item{n}\n:   " + " ".join(["A long description of this item that goes on."] * 12) for n in range(2)) + "\n"
    _, _, body = only_page(run([SourceDocument("frob.md", doc)]))
    notes = body.split("# Notes", 1)[1].split("\n# ", 1)[0]
    assert "Sentence 0 of a page" in notes and "Sentence 79 of a page" not in notes
    assert "* `add_header(self, _name, _params)` — Extended header setting." in body  # a signature is code


def test_usage_terms_are_code_empty_values_said_and_no_empty_bullets() -> None:
    doc = ("# frob\n\nfrob reshapes the data files it is given, in place.\n\n## Commands\n\n"
           "new-window [-abd] [-c start-directory] [-e environment] [-F format] [-n window-name] [-t target] (alias: neww)\n"
           ":   Create a new window.\n\n    * after the current one;\n    * or before it.\n\n## Settings\n\n| Name | Value |\n|---|---|\n"
           "| WIDTH | 80 |\n| LDFLAGS |  |\n\n## Lists\n\n*\n  * a nested item of the list\n  * another nested item\n")
    _, _, body = only_page(run([SourceDocument("frob.md", doc)]))
    assert "* `new-window [-abd] [-c start-directory]" in body
    assert "| LDFLAGS | — |" in body
    assert not re.search(r"^\s*\*\s*$", body, re.MULTILINE)


def test_an_entry_keeps_every_sentence_the_page_said_elsewhere_and_only_a_whole_repeat_is_dropped() -> None:
    doc = ("# frob\n\nfrob reshapes the data files it is given, in place.\n\n## frob options\n\n"
           "--verbose\n:   Give more information during processing.\n\n"
           "--log-file file\n:   Write the log data to the named file. Use a socket address to log to a socket.\n\n"
           "## frobcheck options\n\nfrobcheck checks the files frob wrote.\n\n"
           "--verbose\n:   Give more information during processing.\n\n"
           "-q, --quiet\n:   Give more information during processing. Then print nothing at all.\n\n"
           "--log-file file\n:   Same as the other tool, except the log data goes to a file. Use a socket address to log to a socket.\n")
    _, _, body = only_page(run([SourceDocument("frob.md", doc)]))
    assert body.count("--verbose") == 1  # the same entry, term and text, is written once
    assert "Give more information during processing. Then print nothing at all." in body
    assert "Same as the other tool, except the log data goes to a file. Use a socket address to log to a socket." in body


def test_a_tagline_lead_is_given_the_name_it_leaves_to_the_title() -> None:
    """pydantic's README: `# Pydantic` over `Data validation using Python type hints.`: the
    page's lead never named what it described. A sentence naming the entity, or one that
    says something else (`It is fast.`), stays as written."""
    doc = "# Frob\n\nData validation using Python type hints.\n\n## Install\n\nRun pip install frob.\n"
    _, _, body = only_page(run([SourceDocument("README.md", doc)]))
    assert body.strip().split("\n\n", 1)[0] == "**Frob** — Data validation using Python type hints.[^readme]"
    named = "# Frob\n\nFrob validates data using Python type hints.\n\n## Install\n\nRun pip install frob.\n"
    _, _, body = only_page(run([SourceDocument("README.md", named)]))
    assert body.strip().split("\n\n", 1)[0] == "Frob validates data using Python type hints.[^readme]"


def test_the_lead_leaves_a_sentence_that_introduces_a_list_with_its_list() -> None:
    doc = ("# frob\n\nfrob lists the files that processes hold open. Version 4 is a rewrite of version 3. "
           "Version 4 has been tested on:\n\n* Linux 6.1\n* FreeBSD 14\n")
    _, fm, body = only_page(run([SourceDocument("frob.md", doc)]))
    lead = body.strip().split("\n\n", 1)[0]
    assert lead.startswith("frob lists the files") and "tested on" not in lead
    assert "Version 4 has been tested on:" in body and "* FreeBSD 14" in body
    assert not fm["description"].endswith(":")


def test_a_lead_keeps_the_sentence_before_one_that_opens_with_a_lower_case_name_and_introduces_a_list() -> None:
    """psutil's README: `... free and others. psutil currently supports the following
    platforms:` read as one sentence introducing the list, so the lead stopped a
    sentence early and its section opened with `It implements ...`."""
    doc = ("# frob\n\nfrob (file robot) is a library for reshaping data files. It is useful mainly for "
           "tidying exports. It implements what tools such as sed, awk and others do. frob currently "
           "supports the following platforms:\n\n* Linux\n* FreeBSD\n")
    _, _, body = only_page(run([SourceDocument("frob.md", doc)]))
    lead, rest = body.strip().split("\n\n", 1)
    assert lead.endswith("It implements what tools such as sed, awk and others do.[^frob]"), lead
    assert "frob currently supports the following platforms:" in rest, rest
    assert "It implements" not in rest


def test_licence_clauses_a_warranty_a_revision_stamp_and_an_html_comment_stay_out_of_the_page() -> None:
    doc = ("# frob\n\nfrob reshapes the data files it is given, in place.\n\n<!-- [[[cog print(f'<a href=\"x\">') ]]] -->\n\n"
           "## Notes\n\n$Id: frob.c,v 1.15 2018/10/23 05:56:35 someone Exp $\n\nRun frob on a copy first.\n\n"
           "## Terms\n\n* Redistributions of source code must retain the above copyright notice.\n"
           "* Redistributions in binary form must reproduce the above copyright notice.\n\n"
           "THIS SOFTWARE IS PROVIDED BY THE AUTHOR \"AS IS\" AND ANY EXPRESS OR IMPLIED WARRANTIES ARE DISCLAIMED.\n")
    _, _, body = only_page(run([SourceDocument("frob.md", doc)]))
    assert "Run frob on a copy first." in body
    for gone in ("cog", "$Id", "Redistributions", "AS IS"):
        assert gone not in body, gone


def test_a_package_page_takes_its_lead_from_its_readme_not_from_one_of_its_tools_manual_pages() -> None:
    man = ("MKFROB(8)                 System Manager's Manual                 MKFROB(8)\n\nNAME\n       mkfrob - create a "
           "frob file system\n\nSYNOPSIS\n       mkfrob [-v] device\n\nDESCRIPTION\n       mkfrob is part of the frobprogs "
           "package and creates a frob file system on a device.\n")
    readme = ("# frobprogs\n\nThis package holds the tools of the frob file system, which the frobprogs project keeps: "
              "mkfrob, checkfrob and tunefrob.\n\n## Building\n\nRun make.\n")
    pages = run([SourceDocument("mkfrob.txt", man), SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "title: frobprogs" in t]
    fm, _body = split_page(page)
    assert fm["description"].startswith("This package holds the tools of the frob file system")


def _frob_manual(name: str, options: str) -> str:
    return (f"{name.upper()}(8)                 System Manager's Manual                 {name.upper()}(8)\n\nNAME\n"
            f"       {name} - work on a frob file system\n\nSYNOPSIS\n       {name} [-q] device\n\nDESCRIPTION\n"
            f"       {name} is part of the frobprogs package and works on a frob file system on a device.\n\n"
            f"OPTIONS\n       -q     Quiet execution.  Useful when run from a script.\n\n{options}")


def test_each_command_of_a_package_keeps_its_whole_option_list_though_a_sibling_says_the_same() -> None:
    readme = ("# frobprogs\n\nThis package holds the tools of the frob file system, which the frobprogs project keeps: "
              "mkfrob and tunefrob.\n\n## Building\n\nRun make.\n")
    pages = run([SourceDocument("mkfrob.txt", _frob_manual("mkfrob", "")),
                 SourceDocument("tunefrob.txt", _frob_manual("tunefrob", "")),
                 SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "title: frobprogs" in t]
    assert page.count("Quiet execution. Useful when run from a script.") == 2


def test_a_sibling_commands_long_entry_in_the_same_words_points_to_the_first() -> None:
    """binutils' `@file` is a long paragraph in each tool's manual: the page said it
    once per tool. The option stays listed under each; its text is said once."""
    long_text = ("       @file  Read command-line options from file.  The options read are inserted in place of the\n"
                 "              original @file option.  If file does not exist, or cannot be read, then the option\n"
                 "              will be treated literally, and not removed.  Options in file are separated by\n"
                 "              whitespace.\n\n")
    readme = ("# frobprogs\n\nThis package holds the tools of the frob file system, which the frobprogs project keeps: "
              "mkfrob and tunefrob.\n\n## Building\n\nRun make.\n")
    pages = run([SourceDocument("mkfrob.txt", _frob_manual("mkfrob", long_text)),
                 SourceDocument("tunefrob.txt", _frob_manual("tunefrob", long_text)),
                 SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "title: frobprogs" in t]
    assert page.count("Read command-line options from file.") == 1
    assert page.count("As for mkfrob.") == 1 and page.count("| @file |") == 2
    assert page.count("Quiet execution. Useful when run from a script.") == 2


def test_a_definition_list_nested_in_an_entry_is_indented_once_not_made_a_code_block() -> None:
    from markdown_it import MarkdownIt

    from wikid.document.model import Code, Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    sub = Terms((Term("stride=n", (Paragraph("Configure the file system for a RAID array."), Code("mkfrob -E stride=4 dev"))),
                 Term("resize=n", (Paragraph("Reserve space for growing."), Code("mkfrob -E resize=9 dev")))))
    outer = Terms((Term("-E options", (Paragraph("Set extended options:"), sub)),
                   Term("-q", (Paragraph("Quiet."), Code("mkfrob -q dev")))))
    rendered = _Writer().block(outer, "", 0)
    kinds = {t.type for t in MarkdownIt("commonmark").parse(rendered)}
    assert "code_block" not in kinds and "fence" in kinds, rendered
    assert "   * **stride=n**" in rendered or "   * `stride=n`" in rendered, rendered


def test_a_list_after_an_entrys_description_that_the_page_has_said_whole_is_not_said_again() -> None:
    """A manual whose converter lost a term lists its text as an item under the entry
    before it (`-H` over `1. Read options from file. ...`): once another command's
    entry said all of it, the item is not written again; the description of an entry
    always is."""
    from wikid.document.model import Item, ItemList, Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    said = "Read command-line options from file. Options in file are separated by whitespace."
    writer = _Writer()
    writer.source = "doc-1"
    first = writer.block(Terms((Term("@file", (Paragraph(said), Paragraph("Quotes keep spaces in options."))),
                                Term("-v", (Paragraph("Print the version."), Paragraph("Then exit."))))), "", 0)
    writer.source = "doc-2"
    again = writer.block(Terms((Term("-H", (Paragraph("Print the options."), ItemList((Item(said),), ordered=True))),
                                Term("-V", (Paragraph(said), Paragraph("Then exit."))))), "", 0)
    assert said in first
    assert "1. Read command-line" not in again, again
    assert f"* `-V` — {said}" in again  # a description is whole however much of it the page has


def test_a_list_keeps_the_items_its_own_document_repeats_and_drops_another_documents() -> None:
    """bzip2's manual lists the values a call may set its error to under each call;
    a later call's list kept 1 of its 7, the others having been said under an earlier
    call. A document repeating its own items repeats them for its reader; a list
    another document on the page said every item of is said once, one it said some
    items of is its document's whole list (a release note's planned features, some on
    the TODO list beside it, lost those and read as the whole plan)."""
    from wikid.document.model import Item, ItemList, Paragraph
    from wikid.manager.offline.pages import _Writer

    ok, param = "BZ_OK if the call succeeded.", "BZ_PARAM_ERROR if the block size is not between 1 and 9."
    writer = _Writer()
    writer.source = "doc-1"
    writer.block(ItemList((Item(ok), Item(param))), "", 0)
    later = writer.block(ItemList((Item(param), Item("BZ_MEM_ERROR if memory ran out."), Item(ok))), "", 0)
    assert later.splitlines() == [f"* {param}", "* BZ_MEM_ERROR if memory ran out.", f"* {ok}"]
    assert writer.block(Paragraph(f"{ok} Then it returns."), "", 0) == f"{ok} Then it returns."  # its own, again
    writer.source = "doc-2"
    other = writer.block(ItemList((Item(ok), Item("BZ_IO_ERROR if the file could not be read."))), "", 0)
    assert other.splitlines() == [f"* {ok}", "* BZ_IO_ERROR if the file could not be read."]
    assert writer.block(ItemList((Item(param), Item(ok))), "", 0) == ""
    # a numbered list keeps every item: man-db's exit status 1 was left out (man(1) said it), `2.` read as 1
    codes = ItemList((Item("Success."), Item(ok), Item("Operational error.")), ordered=True, start=0)
    assert writer.block(codes, "", 0).splitlines() == ["0. Success.", f"1. {ok}", "2. Operational error."]


def test_a_documents_own_sentence_and_entry_stand_under_each_section_it_repeats_them_in() -> None:
    """cmake's ctest steps: `Arguments to the command may specify some of the step
    settings.` and the `LabelsForSubprojects` setting under each step were kept under
    the first step only. A sentence the document says under every one of many sections
    (`This is a CMake Environment Variable.`) is its template's, said once."""
    steps = "".join(f"## {name} step\n\nThe ctest_{name.lower()}() command runs this step. Arguments to the command may "
                    f"specify some of the step settings.\n\nLabelsForSubprojects\n:   Specify the subproject labels.\n\n"
                    for name in ("Build", "Test", "Submit"))
    variables = "".join(f"## FROB_{n}\n\nThis is a frob environment variable read at start.\n\nIt sets knob {n}.\n\n"
                        for n in range(12))
    doc = f"# frob(1)\n\n## NAME\n\nfrob - run frob steps\n\n## STEPS\n\n{steps}## ENVIRONMENT\n\n{variables}"
    [page] = run([SourceDocument("frob.1.md", doc)]).pages.values()
    assert page.count("Arguments to the command may specify some of the step settings.") == 3
    assert page.count("Specify the subproject labels.") == 3
    assert page.count("This is a frob environment variable read at start.") == 1
    assert page.count("It sets knob 11.") == 1


def test_a_version_note_stands_under_each_item_it_is_true_of() -> None:
    """cmake's environment variables: `New in version 3.25.` under each variable it is
    true of; all but the first were dropped as said already (7 of 35 left)."""
    from wikid.document.model import Paragraph
    from wikid.manager.offline.pages import _Writer

    writer = _Writer()
    said = [writer.block(Paragraph(f"New in version 3.25. Frob variable {n} sets the frob directory."), "", 0)
            for n in range(3)]
    assert said == [f"New in version 3.25. Frob variable {n} sets the frob directory." for n in range(3)]


def test_the_definition_lists_of_a_section_take_one_shape() -> None:
    """curl's options: an option with an example is a list entry, the short one after
    it was a one-row table with a header of its own, then a list again. When one entry
    of a section's lists needs a list, all of them are written as one; a section whose
    entries are all short is a table; the values nested in an entry keep their own shape."""
    from wikid.document.model import Code, Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    values = Terms((Term("none", (Paragraph("Never."),)), Term("simple", (Paragraph("Always."),))))
    mixed = (Terms((Term("--anyauth", (Paragraph("Pick the method."), Code("frob --anyauth x"))),)),
             Paragraph("Options of uploads:"),
             Terms((Term("-a, --append", (Paragraph("Append to the file."),)),)),
             Paragraph("Options of backups:"),
             Terms((Term("--backup", (Paragraph("Back up first:"), values)),)))
    rendered = "\n".join(_Writer().blocks(mixed, ""))
    assert "| Option |" not in rendered.split("--backup")[0] and "* `-a, --append` — Append to the file." in rendered
    assert "| none | Never. |" in rendered  # the nested values are a table of their own
    short = (Terms((Term("-a", (Paragraph("All."),)),)), Paragraph("More:"), Terms((Term("-b", (Paragraph("Brief."),)),)))
    assert "| -a | All. |" in "\n".join(_Writer().blocks(short, ""))


def test_the_clauses_a_licence_notice_introduces_and_a_closing_comment_block_stay_out_of_the_page() -> None:
    doc = ("frob\n====\n\nfrob reshapes the data files it is given, in place.\n\nUsage\n-----\n\nRun frob on a copy first.\n\n"
           "Redistribution and use in source and binary forms, with or without modification, are permitted provided "
           "that the following conditions are met:\n\n"
           "1. The origin of this software must not be misrepresented; you must not claim that you wrote it.\n"
           "2. Altered source versions must be plainly marked as such.\n"
           "3. The name of the author may not be used to endorse products derived from this software.\n\n"
           "# This file is free software; the authors give unlimited permission to copy and/or\n"
           "# distribute it, with or without modifications, as long as this notice is preserved.\n"
           "# It is distributed WITHOUT ANY WARRANTY; without even the implied\n"
           "# warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.\n#\n# Local Variables:\n# End:\n")
    doc = doc.replace("Run frob on a copy first.\n\n", "Run frob on a copy first.\n\n-- The frob maintainers\n\n")
    _, _, body = only_page(run([SourceDocument("frob.txt", doc)]))
    assert "Run frob on a copy first." in body
    for gone in ("misrepresented", "Altered source", "endorse", "WARRANTY", "Local Variables", "maintainers"):
        assert gone not in body, (gone, body)


def test_a_list_after_a_sentence_naming_the_free_software_foundation_is_content() -> None:
    doc = ("This is GNU frob, which reshapes data files.\n\nThis version of frob has many changes made by the Free "
           "Software Foundation. They add support for:\n\n * handling arbitrary binary data and large files\n"
           " * making backup files\n")
    _, _, body = only_page(run([SourceDocument("frob.txt", doc)]))
    assert "handling arbitrary binary data and large files" in body and "making backup files" in body


def test_a_table_column_no_row_fills_is_left_out() -> None:
    from wikid.document.model import Table
    from wikid.manager.offline.pages import _Writer

    rendered = _Writer().block(Table(("This", "is", "centered"), (("Well,", "", "this also"), ("And", " ", "so on"))), "", 0)
    assert rendered.splitlines() == ["| This | centered |", "|---|---|", "| Well, | this also |", "| And | so on |"]


def test_a_manuals_chapter_repeating_a_commands_manual_page_does_not_list_its_options_again() -> None:
    """bzip2's manual carries its man page as chapter 2: the page listed the 13 options
    twice, once under the command and once under '2.3. options'."""
    options = ("       -k     Keep (do not delete) input files during compression or decompression.\n\n"
               "       -s     Reduce memory usage, for compression, decompression and testing.\n\n")
    manual = ("# frob and libfrob\n\nfrob reshapes data files in place, and libfrob does it for programs.\n\n"
              "## 2. How to use frob\n\n### 2.3. options\n\n-k\n:   Keep (do not delete) input files during compression or "
              "decompression.\n\n-s\n:   Reduce memory usage, for compression, decompression and testing.\n\n"
              "## 3. Programming with libfrob\n\nCall frob_open first.\n")
    pages = run([SourceDocument("frob.txt", _frob_manual("frob", options)),
                 SourceDocument("manual.md", manual)]).pages
    [page] = [t for t in pages.values() if "Keep (do not delete)" in t]
    assert page.count("Keep (do not delete) input files") == 1
    assert "Call frob_open first." in page


def test_a_package_of_several_commands_is_led_by_each_commands_name_line() -> None:
    """binutils' and e2fsprogs' pages were led by their first command's NAME line
    (`objdump — display information from object files.`), which says what objdump
    is, not the package."""
    readme = ("# frobprogs\n\nBuild notes for the frobprogs tree: run make, then make install.\n\n"
              "## Building\n\nRun make.\n")
    pages = run([SourceDocument("mkfrob.txt", _frob_manual("mkfrob", "")),
                 SourceDocument("tunefrob.txt", _frob_manual("tunefrob", "")),
                 SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "title: frobprogs" in t]
    fm, body = split_page(page)
    lead = body.strip().split("\n\n")[0]
    assert lead.startswith("**frobprogs**: this page gathers the manual pages of its commands: **mkfrob** — work on a "
                           "frob file system[^")
    assert "; **tunefrob** — work on a frob file system[^" in lead
    assert fm["description"] == "frobprogs: the manual pages of its commands mkfrob and tunefrob."


def test_the_author_of_one_command_of_a_suite_is_named_with_its_command() -> None:
    """postgresql's page: `Author | Martin Pitt`, who wrote the Debian pg_ctlcluster page,
    stood as the author of PostgreSQL; suites whose pages agree on their authors (ncurses)
    still name them."""
    readme = ("# frobprogs\n\nBuild notes for the frobprogs tree: run make, then make install.\n\n"
              "## Building\n\nRun make.\n")
    jane, john = "AUTHOR\n       Jane Roe <jane@example.org>\n", "AUTHOR\n       John Doe <john@example.org>\n"

    def author_row(mk: str, tune: str) -> str:
        pages = run([SourceDocument("mkfrob.txt", _frob_manual("mkfrob", mk)),
                     SourceDocument("tunefrob.txt", _frob_manual("tunefrob", tune)),
                     SourceDocument("README.md", readme)]).pages
        [page] = [t for t in pages.values() if "title: frobprogs" in t]
        return next((line for line in page.splitlines() if line.startswith("| Author |")), "")

    assert author_row(jane, "").startswith("| Author | Jane Roe \\<jane@example.org\\> (mkfrob) |")
    assert "Jane Roe" in author_row(jane, john) and "(mkfrob)" in author_row(jane, john) and "(tunefrob)" in author_row(jane, john)
    agreed = author_row(jane, jane)
    assert "Jane Roe" in agreed and "(mkfrob)" not in agreed
    both = "AUTHOR\n       Jane Roe and John Doe.\n"  # the same two, listed another way (ncurses' infocmp and tic)
    assert "(tunefrob)" not in author_row(both, "AUTHOR\n       John Doe, Jane Roe\n")


def test_the_authors_of_an_entitys_other_commands_are_named_with_their_commands() -> None:
    """debconf's page: `Author | Joey Hess`, its own manual's; debconf-show's `Joey Hess
    and Sylvain Ferriol` and debconf-set-selections' Petter Reinholdtsen were lost (the
    page leaves AUTHOR sections to this row). An author the row names already is not
    named again."""
    def manual(name: str, author: str) -> str:
        return (f"{name.upper()}(1)\n\nNAME\n       {name} - {name.removeprefix('frob-') or 'run'} frob settings\n\n"
                f"SYNOPSIS\n       {name} [-q] package\n\nDESCRIPTION\n       {name} works on the frob settings of "
                f"a package; see frob(1).\n\nAUTHOR\n       {author}\n")
    pages = run([SourceDocument("frob.txt", manual("frob", "Jane Roe <jane@example.org>")),
                 SourceDocument("frob-show.txt", manual("frob-show", "John Doe <john@example.org>")),
                 SourceDocument("frob-get.txt", manual("frob-get", "Jane Roe"))]).pages
    [page] = [t for t in pages.values() if "title: frob\n" in t]
    row = next(line for line in page.splitlines() if line.startswith("| Author |"))
    # (each with its command: round 19 read the first one as the whole page's author, unlabelled)
    assert row.startswith("| Author | Jane Roe \\<jane@example.org\\> (frob); John Doe \\<john@example.org\\> (frob-show) |"), row
    assert "(frob-get)" not in row


def test_a_lead_that_only_names_the_entity_gives_way_to_a_sentence_that_says_what_it_is() -> None:
    """lsof's page opened with its quick start's "Agreed, the lsof man page is dense ...";
    its README says what lsof is at the head of a later section."""
    readme = ("# frob\n\nThe latest release of frob is always available from the project site.\n\n"
              "## Dialects supported\n\nFrob (for FRee OBjects) lists objects held by processes on selected systems. "
              "Version 4 has been tested on these:\n\n* AIX 7.1\n* FreeBSD 13\n\n## Building\n\nRun make in the source tree.\n")
    quick = ("# frob quick start\n\nAgreed, the frob manual is dense and frob has a plethora of options. "
             "How does one get started with frob?\n\n## Finding objects\n\nRun frob with no options to list them all.\n")
    pages = run([SourceDocument("README.txt", readme), SourceDocument("QUICKSTART.txt", quick)]).pages
    [page] = [t for t in pages.values() if "title: frob" in t]
    fm, body = split_page(page)
    assert body.strip().startswith("Frob (for FRee OBjects) lists objects held by processes on selected systems.")
    assert fm["description"].startswith("Frob (for FRee OBjects) lists objects")
    assert body.count("lists objects held by processes") == 1 and "Version 4 has been tested on these:[^readme]\n\n* AIX" in body
    assert "Agreed, the frob manual is dense" in body


def test_a_readme_saying_this_is_the_entity_leads_over_a_later_sentence_naming_it() -> None:
    """gdb's README opens `This is GDB, the GNU source-level debugger.`; the page was led
    by `GDB includes an already formatted copy of the on-line Info version ...`, a
    sentence from its documentation section."""
    readme = ("README for Frob release\n\nThis is Frob, the GNU source-level frobnicator.\n\n"
              "A summary of new features is in the file NEWS.\n\nMore documentation\n==================\n\n"
              "Frob includes an already formatted copy of its manual in the doc folder of the tree.\n")
    pages = run([SourceDocument("README", readme)]).pages
    [page] = [t for t in pages.values() if "title: Frob" in t or "title: frob" in t]
    fm, body = split_page(page)
    assert body.strip().startswith("Frob is the GNU source-level frobnicator.[^")
    assert fm["description"] == "Frob is the GNU source-level frobnicator."
    assert "This is Frob" not in page  # (said once, as the lead)


def test_a_lead_introducing_something_else_from_inside_it_is_kept_as_written() -> None:
    """`This is X, the ...` is said of the entity only when X is the page's entity."""
    from wikid.manager.offline.pages import _introduced

    assert _introduced("This is GNU Frob 2.4, a frobnicator. It reads.", "frob") == "Frob is a frobnicator. It reads."
    assert _introduced("This is Quux, the frobnicator's helper.", "frob") == "This is Quux, the frobnicator's helper."
    assert _introduced("This is the frob manual.", "frob") == "This is the frob manual."


def test_a_name_line_that_only_repeats_the_name_takes_its_purpose_from_the_description() -> None:
    """pydoc's curses: `NAME / curses - curses` led the page as `curses — curses.` and
    titled its source `curses — curses`; its DESCRIPTION says what it is, said once."""
    doc = ("Help on package frob:\n\nNAME\n    frob - frob\n\nDESCRIPTION\n    The main package for frob support for Python.  "
           "Normally used by importing\n    the package, and perhaps a particular module inside it.\n\n"
           "FUNCTIONS\n    open(path)\n        Open a frob file and return it.\n\n")
    [page] = [t for t in run([SourceDocument("frob.txt", doc)]).pages.values() if "title: frob" in t]
    fm, body = split_page(page)
    assert fm["description"] == "frob — The main package for frob support for Python."
    assert body.strip().startswith("**frob** — The main package for frob support for Python. Normally used by importing the package")
    assert body.count("The main package") == 1 and "frob — frob" not in page


def test_a_sentence_telling_the_entitys_history_does_not_lead_its_page() -> None:
    """SymPy's README never says what SymPy is; its page was led by `SymPy was started
    by Ondřej Čertík in 2005, ...`, its history section's opening."""
    from wikid.manager.offline.pages import _defines

    assert not _defines("Frob was started by Jane Roe in 2005, during the summer.", "Frob")
    assert _defines("Frob is a library for symbolic mathematics.", "Frob")
    assert _defines("Frob reads archives of every kind.", "Frob")


def test_recent_changes_show_the_programs_releases_before_its_packagers() -> None:
    """ed's page listed its Debian packaging entries first and upstream 1.19 after them."""
    deb = ("frob (1.2-1) unstable; urgency=medium\n\n  * New upstream release.\n  * Packaging: bump the standards version.\n\n"
           " -- Jane Roe <jane@example.org>  Mon, 01 Jan 2024 12:00:00 +0000\n\n"
           "frob (1.1-1) unstable; urgency=medium\n\n  * Initial packaging.\n\n"
           " -- Jane Roe <jane@example.org>  Mon, 01 Jan 2023 12:00:00 +0000\n")
    news = "Changes in version 1.2:\n\nThe frob reader is faster on large archives.\n\nChanges in version 1.1:\n\nFirst release of frob.\n"
    [page] = run([SourceDocument("changelog.Debian", deb), SourceDocument("doc-11.txt", news)]).pages.values()
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    assert headings == ["## 1.2", "## 1.1", "## Debian package 1.2-1 — 2024-01-01", "## Debian package 1.1-1 — 2023-01-01"]


def test_a_changes_examples_stand_where_its_text_puts_them_and_once_on_a_page() -> None:
    """make's NEWS: `... thus a call such as:` over the call, `is legal. Previously ...
    for example:` over another: the page ran the sentences together (`such as: is legal`)
    and dropped the calls; lsof's `runnable locally with following command line:` lost
    `$ ./check.sh DIALECT`. A Debian entry quoting the same NEWS shows the calls once."""
    news = ("GNU frob NEWS\n  History of user-visible changes.\n\nVersion 4.3 (19 Jan 2020)\n\n"
            "* WARNING: Backward-incompatibility!\n  Number signs in a function call no longer introduce comments:\n"
            "  thus a call such as:\n    foo := $(shell echo '#')\n  is legal.  Previously it was escaped, for example:\n"
            "    foo := $(shell echo '\\#')\n  This was claimed to be fixed in 3.81.\n\n"
            "* New feature: grouped explicit targets.\n\n"
            "Version 4.2 (22 May 2016)\n\n* Harness.\n"
            "  It is runnable locally with following command line:\n    $ ./check.sh DIALECT\n"
            "  after making frob executable.\n")
    deb = ("frob (4.3-1) unstable; urgency=medium\n\n  * WARNING: Backward-incompatibility!\n"
           "    Number signs in a function call no longer introduce comments:\n    thus a call such as:\n"
           "      foo := $(shell echo '#')\n    is legal.  Previously it was escaped, for example:\n"
           "      foo := $(shell echo '\\#')\n    This was claimed to be fixed in 3.81.\n\n"
           " -- Jane Roe <jane@example.org>  Mon, 20 Jan 2020 12:00:00 +0000\n")
    [page] = run([SourceDocument("NEWS.txt", news), SourceDocument("changelog.Debian", deb)]).pages.values()
    body = page[page.index("# Recent Changes"):]
    assert ("thus a call such as:\n\n   ```\n   foo := $(shell echo '#')\n   ```\n\n"
            "   is legal. Previously it was escaped, for example:") in body
    assert body.count("foo := $(shell echo '#')") == 1 and body.count("is legal.") == 1
    assert "command line:\n\n   ```\n   $ ./check.sh DIALECT\n   ```\n\n   after making frob executable." in body


def test_a_debian_changelog_alone_gives_the_programs_version_and_its_older_releases_are_noted() -> None:
    """tmux's and gdb's pages stated only `Debian package version | 3.3a-3`, no version of
    the program; and their Recent Changes went from the changelog's third entry to the
    next log's newest with nothing saying nine releases were skipped between them."""
    entries = [f"frob (1:2.{n}+dfsg-1) unstable; urgency=medium\n\n  * Change number {n}.\n\n"
               f" -- Jane Roe <jane@example.org>  Mon, 0{n} Jan 2024 12:00:00 +0000\n\n" for n in range(7, 1, -1)]
    [page] = run([SourceDocument("changelog.Debian", "".join(entries))]).pages.values()
    assert "| Version | 2.7 | [^changelog] |" in page
    assert "| Debian package version | 1:2.7+dfsg-1, released 2024-01-07 |" in page
    assert "*3 older releases, back to 1:2.2+dfsg-1 (2024-01-02), are listed in the source.*[^changelog]" in page
    assert "Change number 4" not in page


def test_recent_changes_show_versioned_releases_before_a_log_of_dated_commits() -> None:
    """jq's page opened its Recent Changes with its 2015 ChangeLog (`## 2015-07-10 Use
    include for import`, the first commit repeated) above its 2026 package releases."""
    deb = ("frob (1.2-1) unstable; urgency=medium\n\n  * Fix CVE-2026-1: a crash on long input.\n\n"
           " -- Jane Roe <jane@example.org>  Mon, 01 Jun 2026 12:00:00 +0000\n\n"
           "frob (1.1-1) unstable; urgency=medium\n\n  * Initial packaging.\n\n"
           " -- Jane Roe <jane@example.org>  Mon, 01 Jan 2026 12:00:00 +0000\n")
    log = ("2015-07-10  John Doe  john@example.org\n\n\tUse include for import in frob\n\n\tFix a typo\n\n"
           "2015-07-06  Ann Poe  ann@example.org\n\n\tSpeed up the frob reader\n")
    [page] = run([SourceDocument("changelog.Debian", deb), SourceDocument("frob/ChangeLog.txt", log)]).pages.values()
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    assert headings == ["## Debian package 1.2-1 — 2026-06-01", "## Debian package 1.1-1 — 2026-01-01",
                        "## 2015-07-10 John Doe", "## 2015-07-06 Ann Poe"]
    assert page.count("Use include for import in frob") == 1


def test_a_subsection_named_by_an_identifier_keeps_its_capitals_on_the_page() -> None:
    """cmake's environment variables: the content kept `DESTDIR` beside `CMAKE_BUILD_TYPE`,
    and the page's headings cased it again (`### Destdir`)."""
    doc = ("# frob-env(7)\n\n## NAME\n\nfrob-env - frob environment variables\n\n## ENVIRONMENT\n\n"
           "### CMAKE_BUILD_TYPE\n\nThe build type frob uses by default.\n\n### SSL_CERT_DIR\n\nWhere frob finds certificates.\n\n"
           "### DESTDIR\n\nWhere frob installs, relocated.\n")
    [page] = run([SourceDocument("frob-env.md", doc)]).pages.values()
    assert "### DESTDIR" in page or "## DESTDIR" in page, page
    assert "Destdir" not in page


def test_stars_in_a_documents_text_are_no_emphasis_on_the_page() -> None:
    """gzip's manual: `files larger than 2**32 bytes` read `larger than 232 bytes`, the
    stars taken for bold."""
    from wikid.manager.offline.pages import text_block

    assert text_block("files larger than 2**32 bytes") == "files larger than 2\\*\\*32 bytes"


def test_stars_a_converter_escaped_reach_the_page() -> None:
    """gzip's HTML manual came through markdownify as `less than 2\\*\\*32`, and the reader
    took the stars for bold markers a converter left unpaired: `less than 232`. Markers a
    converter did leave unpaired (`--**no-**option`), or that an HTML page shows at a
    word's edge (curl's `**WARNING**:`), still go."""
    from wikid.document.markdown_reader import read_markdown
    from wikid.document.model import Paragraph, walk

    blocks = [b for _, b in walk(read_markdown("Less than 2\\*\\*32 seconds; see --**no-**frob. \\*\\*WARNING\\*\\*: new\n"))]
    assert blocks == [Paragraph("Less than 2**32 seconds; see --no-frob. WARNING: new")]
    # (a call's keyword arguments keep theirs: http's `RemoteDisconnected(*pos, **kw)` read `(*pos, kw)`)
    assert [b for _, b in walk(read_markdown("Frob(\\*pos, \\*\\*kw) and frob(a, \\*\\*opts)\n"))] == [
        Paragraph("Frob(*pos, **kw) and frob(a, **opts)")]


def test_entries_whose_terms_differ_only_in_signs_are_each_listed() -> None:
    """less's page: `)` (`Like }, but applies to parentheses ...`) was left out as a
    copy of `(` (`Like {, ...`): the two are the same words."""
    doc = ("# frob(1)\n\n## NAME\n\nfrob - page through text\n\n## COMMANDS\n\n"
           "(\n:   Like {, but applies to parentheses rather than curly brackets.\n\n"
           ")\n:   Like }, but applies to parentheses rather than curly brackets.\n\n"
           "-q, --quiet\n:   Say nothing at all while paging.\n\n")
    [page] = run([SourceDocument("frob.1.md", doc), SourceDocument("frob-copy.1.md", doc.replace("-q, --quiet", "-q --quiet"))]).pages.values()
    assert "| ( | Like {, but" in page and "| ) | Like }, but" in page
    assert page.count("Say nothing at all while paging.") == 1


def test_a_source_nested_deep_keeps_its_depth_on_the_page() -> None:
    """node-js's security policy: `#### Vulnerable` and `#### Not vulnerable` under each
    `### CWE-15` were set at the CWE's own depth, the grouping lost."""
    doc = ("# Frob security\n\nFrob is a parser of frob files. Its policy follows.\n\n## Threats\n\n### CWE-15\n\n"
           "#### Vulnerable\n\nA setting read from the network.\n\n##### Example\n\nA frob file that sets the path.\n\n"
           "#### Not vulnerable\n\nA setting the user wrote.\n")
    [page] = run([SourceDocument("frob-security.md", doc)]).pages.values()
    levels = {line.split(" ", 1)[1]: len(line.split(" ", 1)[0]) for line in page.splitlines() if line.startswith("#")}
    assert levels["Vulnerable"] == levels["CWE-15"] + 1 == levels["Not vulnerable"]
    assert levels["Example"] == levels["Vulnerable"] + 1


def test_a_grouped_document_stands_under_its_own_heading_and_a_first_part_titled_as_it_is_no_second_one() -> None:
    """node-js's security policy, titled by its first part `Reporting a bug in Node.js`,
    stood under that heading twice: the group's, then the part's; then under it once,
    its `# Security` lost, so the policy's other parts read as parts of reporting a bug.
    It stands under its own heading, its parts at their levels below it; a document
    with no heading of its own over its parts is titled by its first part, once."""
    man = ("# frob(1)\n\n## NAME\n\nfrob - reshape data files\n\n## SYNOPSIS\n\n    frob [-v] FILE\n\n"
           "## DESCRIPTION\n\nfrob reshapes data files in place and keeps a copy of each.\n\n## OPTIONS\n\n-v\n:   Say what is done.\n")
    parts = "".join(f"## {name}\n\nThe {name.lower()} of frob is written down here.\n\n"
                    for name in ("Disclosure policy", "Threat model", "Experimental features", "Security updates", "Comments"))
    policy = (f"# Security\n\n## Reporting a bug in frob\n\nReport security bugs in frob by mail to the team.\n\n"
              f"### Bounty program\n\nThe frob project pays for reports of real flaws.\n\n{parts}")
    [page] = run([SourceDocument("frob.1.md", man), SourceDocument("SECURITY.md", policy)]).pages.values()
    headings = [line for line in page.splitlines() if line.startswith("#")]
    assert headings.count("## Reporting a bug in frob") == 1 and "# Reporting a bug in frob" not in headings
    assert headings.index("# Security") < headings.index("## Reporting a bug in frob") \
        < headings.index("### Bounty program") < headings.index("## Comments")
    # the part's first sentence (the source's own lead) stays under the part's heading
    under = page.split("## Reporting a bug in frob\n\n", 1)[1].split("\n\n", 1)[0]
    assert under.startswith("Report security bugs in frob by mail to the team."), under
    unwrapped = policy.replace("# Security\n\n", "").replace("## ", "# ").replace("### Bounty", "## Bounty")
    [page] = run([SourceDocument("frob.1.md", man), SourceDocument("SECURITY.md", unwrapped)]).pages.values()
    headings = [line for line in page.splitlines() if line.startswith("#")]
    assert headings.count("# Reporting a bug in frob") == 1 and "## Reporting a bug in frob" not in headings
    assert headings.index("# Reporting a bug in frob") < headings.index("## Bounty program") < headings.index("## Comments")


def test_a_short_document_beside_others_keeps_the_title_heading_its_parts_stand_under() -> None:
    """postgresql's design note `Multi-Version/Multi-Cluster PostgreSQL architecture`
    over `Solving a problem` and two more parts: the title was dropped and its parts
    stood at the level of the commands' own sections; ed's README put `Omissions` and
    `Deviations` beside `Options`. Alone on its page, the title is the page's."""
    man = ("# frob(1)\n\n## NAME\n\nfrob - reshape data files\n\n## SYNOPSIS\n\n    frob [-v] FILE\n\n"
           "## DESCRIPTION\n\nfrob reshapes data files in place and keeps a copy of each.\n\n## OPTIONS\n\n-v\n:   Say what is done.\n")
    note = ("Frob storage architecture\n=========================\n\nSolving a problem\n-----------------\n\n"
            "When frob changes its format, old files must be read by the old code.\n\n"
            "Detailed structure\n------------------\n\nEach version of frob keeps its own directory.\n")
    headings = headings_of([SourceDocument("frob.1.md", man), SourceDocument("NOTES.txt", note)])
    assert headings.index("# Frob storage architecture") + 1 == headings.index("## Solving a problem")
    assert "## Detailed structure" in headings and "# Solving a problem" not in headings
    [alone] = run([SourceDocument("NOTES.txt", note)]).pages.values()
    assert "# Frob storage architecture" not in alone.splitlines() and "# Solving a problem" in alone.splitlines()


def test_a_documents_heading_named_as_another_sources_section_does_not_merge_into_it() -> None:
    """ed's README holds everything under `Description`: grouped under it, it merged
    into the manual's Description and pushed the manual's Options below its Testsuite
    and licence; it stands under its own title after the manual's sections."""
    man = ("FROB(1)\n\nNAME\n       frob - reshape data files\n\nSYNOPSIS\n       frob [-v] FILE\n\n"
           "DESCRIPTION\n       frob reshapes data files in place and keeps a copy of each.\n\n"
           "       A restricted version, rfrob, can only reshape files in the current directory.\n\n"
           "OPTIONS\n       -v     Say what is done.\n")
    readme = ("Description\n\nfrob is a data file reshaper. It keeps a copy of each file.\n\nSee the file INSTALL for "
              "compilation and installation instructions.\n\nOmissions\n\n  * Locales are not supported.\n\n"
              "Testsuite\n\nThe files in the testsuite directory are used for testing frob.\n")
    headings = headings_of([SourceDocument("frob.1.txt", man), SourceDocument("README.txt", readme)])
    assert headings.index("# Options") < headings.index("## Omissions") < headings.index("## Testsuite"), headings
    assert headings.count("# Description") == 1


def test_a_readmes_documentation_site_and_requirement_are_attributes() -> None:
    """httpx's page had only its licence for attributes, though its README says where its
    documentation is and what it requires."""
    readme = ("# Frob\n\nFrob is a parser of frob files for Python.\n\n## Install\n\n    pip install frob\n\n"
              "Frob requires Python 3.9+.\n\n## Documentation\n\nProject documentation is available at "
              "[https://frob.example.org/](https://frob.example.org/).\n")
    [page] = run([SourceDocument("README.md", readme)]).pages.values()
    assert "| Documentation | https://frob.example.org/ |" in page
    assert "| Requires | Python 3.9+ |" in page


def test_a_command_naming_a_daemons_address_after_its_lead_in_is_kept_as_code() -> None:
    """rsync's manual: `... by leaving off the module name:` over `rsync
    somehost.mydomain.com::` lost the command, read as a reST literal mark and a lead-in."""
    doc = ("# frob(1)\n\n## NAME\n\nfrob - a fast file copier\n\n## SYNOPSIS\n\n    frob SRC DEST\n\n## USAGE\n\n"
           "You use frob as you use cp.\n\nFinally, you can list all the modules of a frob daemon by leaving off the module name:\n\n"
           "frob\nsomehost.example.org::\n\nRun the following::\n\n## OPTIONS\n\n-v\n:   Say more.\n")
    [page] = run([SourceDocument("frob.1.md", doc)]).pages.values()
    assert "leaving off the module name:\n\n```\nfrob somehost.example.org::\n```" in page
    assert "Run the following::" not in page


def test_a_manuals_description_whose_label_heads_a_list_is_written_once() -> None:
    """xml's pydoc page: `This package contains four sub-packages:` over its list stood
    under Description and again as a subsection of its own."""
    doc = ("Help on package frob:\n\nNAME\n    frob - Core frob support for Python.\n\nDESCRIPTION\n"
           "    This package contains two sub-packages:\n    \n    dom -- The frob document object model.  It supports\n"
           "           level 1.\n    \n    sax -- The simple frob reading interface of the package.\n\n"
           "PACKAGE CONTENTS\n    dom (package)\n    sax (package)\n")
    [page] = run([SourceDocument("frob.txt", doc)]).pages.values()
    assert page.count("The frob document object model.") == 1
    assert page.count("The simple frob reading interface of the package.") == 1


def test_a_class_declaration_or_an_assignment_as_a_term_is_code() -> None:
    """xml's and email's pydoc pages: `* **class XMLParser(builtins.object)**` and
    `* **value_parser = get_unstructured(value)**` over code: bold keys with nothing said."""
    from wikid.manager.offline.pages import _term_label

    assert _term_label("class XMLParser(builtins.object)") == "`class XMLParser(builtins.object)`"
    assert _term_label("value_parser = get_unstructured(value)") == "`value_parser = get_unstructured(value)`"
    assert _term_label("Wheel pickup") == "**Wheel pickup**"


def test_a_reference_never_follows_a_closing_fence() -> None:
    """jq's page: `   ```[^doc-55]` closed an entry's example, which CommonMark reads as
    no closing fence: the rest of the page became code."""
    from markdown_it import MarkdownIt

    from wikid.document.model import Code, Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    writer = _Writer()
    writer.as_list = True
    rendered = writer.terms(Terms((Term("Identity: .", (Paragraph("The simplest filter."), Code("frob '.'"))),
                                   Term("Pipe: |", (Paragraph("Combines two filters."), Code("frob '.a | .b'"))))), "[^doc-1]")
    assert "```[^doc-1]" not in rendered and "[^doc-1]" in rendered
    tokens = MarkdownIt("commonmark").parse(rendered + "\n\nAfter the list.\n")
    assert [t.content for t in tokens if t.type == "inline"][-1] == "After the list."


def test_the_source_that_leads_the_page_is_listed_first() -> None:
    """less's page listed lesskey's manual, dated later, before less's own."""
    def manual(name: str, purpose: str, footer: str) -> str:
        return (f"{name.upper()}(1)       General Commands Manual       {name.upper()}(1)\n\nNAME\n       {name} - {purpose}\n\n"
                f"SYNOPSIS\n       {name} [-v] file\n\nDESCRIPTION\n       {name} is part of frob and {purpose}.\n\n"
                f"                        {footer}\n")
    pages = run([SourceDocument("frob.txt", manual("frob", "page through text", "Version 590: 03 Jun 2021")),
                 SourceDocument("frobkey.txt", manual("frobkey", "set the keys of frob", "Version 610: 09 Jan 2023"))]).pages
    [page] = [t for t in pages.values() if "title: frob\n" in t]
    listed = [line for line in page.split("# Sources", 1)[1].splitlines() if line.startswith("* ")]
    assert listed[0].startswith("* frob — page through text")


def test_underscores_at_a_words_edge_are_no_emphasis_on_the_page() -> None:
    """logging's page: `| __init__(self, linefmt=None) |` rendered as a bold `init`."""
    from wikid.manager.offline.pages import cell, inline

    assert cell("__init__(self)") == "\\_\\_init\\_\\_(self)"
    assert inline("set exc_info and _private") == "set exc_info and \\_private"


def test_an_items_paragraphs_stand_apart_from_its_line() -> None:
    """man-db's README: `* Internationalisation` over its two paragraphs rendered as
    `Internationalisation man uses the obsolete catgets system ...`: markdown runs an
    indented line straight under an item into the item's text."""
    readme = ("# frob\n\nfrob does a better job than its fork in several areas:\n\n"
              "  * Internationalisation\n\n    frob uses gettext for its messages.\n\n"
              "    frob handles every encoding out of the box.\n\n  * Performance\n\n    frob searches quickly.\n")
    [page] = run([SourceDocument("README.md", readme)]).pages.values()
    assert "* Internationalisation\n\n   frob uses gettext for its messages.\n\n   frob handles every encoding" in page


def test_the_lines_a_sentence_announces_stay_under_it_through_a_line_the_attributes_lack() -> None:
    """The sample's notice: `the terms ... change as below` over its terms, which the
    page's attributes state too; a field line among them that no attribute states
    (`Remarks: none`) must not end the run, so the terms after it stay."""
    from wikid.document.model import Paragraph
    from wikid.manager.offline.pages import _Writer

    writer = _Writer(known=frozenset({"payment terms: 45 days", "delivery: within 10 days"}))
    out = writer.blocks((Paragraph("The terms change as below for all orders."), Paragraph("Payment terms: 45 days"),
                         Paragraph("Remarks: none"), Paragraph("Delivery: within 10 days")), "")
    assert out == ["The terms change as below for all orders.",
                   "* Payment terms: 45 days\n* Remarks: none\n* Delivery: within 10 days"]


def test_see_also_leaves_out_the_pages_own_entity() -> None:
    """gdb's page (gdb's README and gcore's manual) listed gcore's SEE ALSO `gdb(1),
    core(5)`: gdb is the page."""
    manual = ("FROBCORE(1)\n\nNAME\n       frobcore - generate a core file of a running frob program\n\n"
              "DESCRIPTION\n       frobcore is part of frob and writes a core image of a running program.\n\n"
              "SEE ALSO\n       frob(1), core(5)\n")
    readme = ("# frob\n\nfrob is the frob debugger, which lets you see what a program is doing.\n\n"
              "frobcore writes a core file.\n\n## Building\n\nRun make.\n\n## Bugs\n\nReport them.\n")
    pages = run([SourceDocument("frobcore.1.txt", manual), SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "frob debugger" in t]
    assert "title: frob\n" in page
    see_also = page[page.index("# See Also"):].split("\n# ", 1)[0]
    assert "core(5)" in see_also and "frob(1)" not in see_also


def test_see_also_keeps_what_its_section_says_in_sentences() -> None:
    """wget's SEE ALSO: `This is not the complete manual for GNU Wget. For more complete
    information ... see the GNU Info entry for wget.` was reduced to `wget2(1)`."""
    manual = ("FROB(1)\n\nNAME\n       frob - read frob archives\n\nDESCRIPTION\n       Frob reads frob archives of every kind.\n\n"
              "SEE ALSO\n       This is not the complete manual for frob. For more complete information, see the Info entry "
              "for frob.\n\n       frob2(1)\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    see_also = page[page.index("# See Also"):]
    assert "frob2(1)" in see_also
    assert "This is not the complete manual for frob. For more complete information, see the Info entry for frob.[^" in see_also


def test_see_also_keeps_what_it_says_of_a_page_in_parentheses_after_it() -> None:
    """debconf's SEE ALSO: `debconf-get-selections(1) (available in the debconf-utils
    package)` lost its note; a page named twice, once with its note, is listed once."""
    manual = ("FROB(1)\n\nNAME\n       frob - read frob archives\n\nDESCRIPTION\n       Frob reads frob archives.\n\n"
              "SEE ALSO\n       frob-devel(7), frob-get(1) (available in the frob-utils package), frob-get(1), "
              "frob_sv(7) (only in Swedish locales), cut(1)\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    see_also = page[page.index("# See Also"):].split("\n\n")[1]
    assert see_also == ("frob-devel(7), frob-get(1) (available in the frob-utils package), "
                        "frob_sv(7) (only in Swedish locales), cut(1)"), see_also


def test_see_also_keeps_a_page_of_another_section_by_the_pages_own_name() -> None:
    """groff's SEE ALSO lost `groff(7)` (the language, not the command whose manual the
    page holds), ncurses' page `ncurses(3NCURSES)` (the library's manual, its section
    in capitals never read as one)."""
    manual = ("FROB(1)                General Commands Manual                FROB(1)\n\nNAME\n       frob - read frob "
              "archives\n\nDESCRIPTION\n       Frob reads frob archives.\n\nSEE ALSO\n       frob(1), frob(7), "
              "frob(3FROB), cut(1)\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    assert page[page.index("# See Also"):].split("\n\n")[1] == "frob(7), frob(3FROB), cut(1)"


def test_see_also_keeps_a_sentence_that_goes_on_through_a_command() -> None:
    """ed's SEE ALSO: `... the command` / `info ed` (set apart) / `should give you access
    to the complete manual.`: neither part a sentence alone, the pointer was lost. The
    command is code inside the sentence."""
    manual = ("FROB(1)\n\nNAME\n       frob - read frob archives\n\nDESCRIPTION\n       Frob reads frob archives.\n\n"
              "SEE ALSO\n       The full documentation for frob is maintained as a Texinfo manual.  If\n"
              "       the info and frob programs are properly installed at your site, the com\u2010\n       mand\n\n"
              "              info frob\n\n       should give you access to the complete manual.\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    assert ("The full documentation for frob is maintained as a Texinfo manual. If the info and frob programs are "
            "properly installed at your site, the command `info frob` should give you access to the complete manual.[^"
            ) in page[page.index("# See Also"):]


def test_an_older_release_shows_up_to_ten_changes_and_says_how_many_more() -> None:
    """pydantic's 2.13.0, under its patch releases, showed 5 changes and hid a segfault
    fix among the `2 more changes`; sqlite's 3.40.0 hid its PRNG change among `3 more
    changes`: a few more are shown, not noted; jq's Debian entry hid seven of its sixteen
    one-line CVE fixes: a release of short lines is shown whole."""
    from wikid.manager.offline.pages import MAX_FEW_LEFT, MAX_OLDER_CHANGES

    def page_of(count: int, why: str = " It was wrong when the input was long, and now it reads the input right.") -> str:
        older = "".join(f"- Change number {n} of the older frob release.{why}\n" for n in range(count))
        log = (f"# Changelog\n\n## 1.2.1 (2024-03-01)\n\n- Fix the reader.\n\n## 1.2.0 (2024-02-01)\n\n{older}\n"
               "## 1.1.0 (2024-01-01)\n\n- First.\n")
        [page] = run([SourceDocument("CHANGELOG.md", log)]).pages.values()
        return page

    few = page_of(MAX_OLDER_CHANGES + MAX_FEW_LEFT)
    assert f"Change number {MAX_OLDER_CHANGES + MAX_FEW_LEFT - 1} of the older" in few and "more changes" not in few
    many = page_of(MAX_OLDER_CHANGES + MAX_FEW_LEFT + 1)
    assert f"Change number {MAX_OLDER_CHANGES - 1} of the older frob release." in many
    assert f"Change number {MAX_OLDER_CHANGES} " not in many
    assert f"*{MAX_FEW_LEFT + 1} more changes to 1.2.0" in many
    short = page_of(MAX_OLDER_CHANGES + MAX_FEW_LEFT + 1, why="")
    assert f"Change number {MAX_OLDER_CHANGES + MAX_FEW_LEFT} of the older" in short and "more changes" not in short


def test_a_submodules_reference_stands_under_its_own_name_on_its_packages_page() -> None:
    """logging's page: logging.handlers' classes were listed under logging's own
    `# Classes`, as if the package defined them, and its docstring came last."""
    pkg = ("Help on package frob:\n\nNAME\n    frob - Frob package for Python.\n\nDESCRIPTION\n"
           "    Frob reads records of every kind and writes them back.\n\n"
           "CLASSES\n    class Reader(builtins.object)\n     |  Reader(path)\n     |  \n     |  Reads records from a file.\n\n")
    sub = ("# Python: module frob.handlers\n\nAdditional handlers for the frob package.\n\n## Classes\n\n"
           "### class FileHandler(frob.Handler)\n\nWrites frob records to a file on disk.\n\n## Data\n\nDEFAULT_PORT = 9020\n")
    [page] = run([SourceDocument("frob.txt", pkg), SourceDocument("frob-handlers.html", sub)]).pages.values()
    headings = [line for line in page.splitlines() if line.startswith("#")]
    assert headings[headings.index("# frob.handlers"):][:3] == ["# frob.handlers", "## Classes", "### class FileHandler(frob.Handler)"]


def test_the_references_of_a_packages_modules_stand_each_under_its_name_when_none_leads() -> None:
    """urllib's page (urllib.error, urllib.request, no document about urllib itself):
    the two modules' classes stood under one `# Classes`, as if one module had them all."""
    def module(name: str, cls: str) -> str:
        return (f"# Python: module frob.{name}\n\nThe frob {name} module.\n\n## Classes\n\n"
                f"### class {cls}(builtins.object)\n\nA {cls} of frob records.\n\n## Data\n\nDEFAULT_{name.upper()} = 1\n")
    pages = run([SourceDocument("frob-error.html", module("error", "FrobError")),
                 SourceDocument("frob-request.html", module("request", "Request"))]).pages
    [page] = [t for t in pages.values() if "class FrobError" in t]
    headings = [line for line in page.splitlines() if line.startswith("#")]
    assert "# frob.error" in headings and "# frob.request" in headings
    for name, cls in (("error", "FrobError"), ("request", "Request")):
        at = headings.index(f"# frob.{name}")
        assert headings[at + 1 : at + 3] == ["## Classes", f"### class {cls}(builtins.object)"]


def test_a_function_or_class_with_no_docstring_is_still_listed() -> None:
    """curses' page lost `initscr()` and `start_color()` (no docstring, among functions
    told at length), http's lost nine exception classes whose members are all inherited,
    then showed them as ten headings with nothing under them."""
    text = ("# Python: module frob.client\n\nFrob client for the frob protocol, with its errors.\n\n## Classes\n\n"
            "### class FrobError(builtins.Exception)\n\nThe base of frob's errors.\n\n"
            "### class NotReady(FrobError)\n\n---\n\nData descriptors inherited from FrobError:\n\n"
            "**\\_\\_weakref\\_\\_**\n:   list of weak references to the object (if defined)\n\n"
            "## Functions\n\n**color(pair, /)**\n:   Set a color pair.\n")
    [page] = run([SourceDocument("frob-client.html", text)]).pages.values()
    # (listed above the documented classes, not a heading with nothing under it)
    assert "\n* class NotReady(FrobError)\n" in page and "## class NotReady" not in page
    assert page.index("* class NotReady(FrobError)") < page.index("## class FrobError")
    pydoc = ("Help on module frob:\n\nNAME\n    frob - Frob terminal handling.\n\nFUNCTIONS\n"
             "    color(pair, /)\n        Set a color pair.\n        \n        The pair must exist before.\n        \n"
             f"        {' '.join(['The screen is refreshed at once with the new color.'] * 10)}\n    \n"
             "    initscr()\n    \n    newwin(nlines, ncols, /)\n        Make a window.\n")
    [page] = run([SourceDocument("frob.txt", pydoc)]).pages.values()
    assert "\n* `initscr()`\n" in page


def test_a_page_of_modules_no_source_defines_says_it_holds_modules() -> None:
    """urllib's page: `urllib is a set of 2 commands: urllib.robotparser ...; urllib.parse`."""
    def module(name: str, purpose: str) -> str:
        return (f"Help on module frob.{name} in frob:\n\nNAME\n    frob.{name} - {purpose}\n\n"
                f"FUNCTIONS\n    {name}(text)\n        Do the {name} step on text.\n")
    pages = run([SourceDocument("parse.txt", module("parse", "Parse frob addresses.")),
                 SourceDocument("robots.txt", module("robots", "Read frob robot rules."))]).pages
    [page] = [t for t in pages.values() if "frob.parse" in t]
    assert ("**frob** is a package; this page gathers the references of its modules: **frob.parse** — Parse frob "
            "addresses[^parse]; **frob.robots** — Read frob robot rules[^robots].") in page
    assert "commands" not in page.split("\n---\n", 1)[1].split("\n# ", 1)[0]


def test_a_method_with_no_docstring_is_a_row_of_its_classs_table() -> None:
    """logging's Logger: `warn(self, msg, *args, **kwargs)` has no docstring; it stood
    as a paragraph between two tables of the methods, each with its own header."""
    from wikid.document.model import Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    table = _Writer().block(Terms((Term("log(self, msg)", (Paragraph("Log msg."),)), Term("warn(self, msg)", ()),
                                   Term("warning(self, msg)", (Paragraph("Log msg as a warning."),)))), "", 0)
    assert table.splitlines()[2:] == ["| log(self, msg) | Log msg. |", "| warn(self, msg) | — |",
                                      "| warning(self, msg) | Log msg as a warning. |"]


def test_one_entry_whose_term_opens_in_lower_case_is_no_command_table() -> None:
    """gzip's diagnostics: `file: not in gzip format` alone between two paragraphs got a
    `| Command |` header, the next list of messages `| Term |`; examples of one command
    (two entries or more opening on its name) are a command table."""
    from wikid.document.model import Paragraph, Term, Terms
    from wikid.manager.offline.pages import _term_header

    message = Terms((Term("file: not in frob format", (Paragraph("The file was not compressed."),)),))
    examples = Terms((Term("frob -x file", (Paragraph("Extract."),)), Term("frob -c dir", (Paragraph("Create."),))))
    assert _term_header(message) == ("Term", "Description")
    assert _term_header(examples) == ("Command", "Description")


def test_an_entrys_further_paragraph_a_sibling_command_said_already_is_not_repeated() -> None:
    """binutils: nm's `@file` repeated, under its description, the paragraph readelf's
    `@file` had said above; an entry's description stays whole, its further prose is
    said once on the page."""
    def options(name: str) -> str:
        return (f"       @file  Read {name}'s command-line options from file.\n\n"
                "              Options in file are separated by whitespace.  A whitespace character may be included\n"
                "              in an option by surrounding the entire option in quotes.\n\n")
    readme = ("# frobprogs\n\nThis package holds the tools of the frob file system, which the frobprogs project keeps: "
              "mkfrob and tunefrob.\n\n## Building\n\nRun make.\n")
    pages = run([SourceDocument("mkfrob.txt", _frob_manual("mkfrob", options("mkfrob"))),
                 SourceDocument("tunefrob.txt", _frob_manual("tunefrob", options("tunefrob"))),
                 SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "title: frobprogs" in t]
    assert "Read mkfrob's command-line options from file." in page
    assert "Read tunefrob's command-line options from file." in page
    assert page.count("A whitespace character may be included in an option") == 1


def test_a_note_of_changes_left_out_says_which_release_they_are_of() -> None:
    """rsync's page said `*16 more changes in NEWS for rsync 3.5.0.*` under two releases:
    the same sentence twice, and not which release's changes they were."""
    releases = "".join(f"# NEWS for frob 3.{n}.0\n\n" + "".join(f"- Fixed bug number {n}{k} in the frob core.\n"
                                                                 for k in range(70)) + "\n" for n in (5, 4))
    pages = run([SourceDocument("NEWS.md", releases)]).pages
    [page] = [t for t in pages.values() if "Fixed bug number 50" in t]
    notes = [line for line in page.splitlines() if "more changes" in line]
    assert len(notes) == 2 and len(set(notes)) == 2
    assert " to 3.5.0 in " in notes[0] and " to 3.4.0 in " in notes[1]


def test_patch_releases_above_a_feature_release_do_not_hide_it() -> None:
    """pydantic's page showed 2.13.4, 2.13.3 and 2.13.2, three one-line patch releases,
    and hid 2.13.0 with its highlights two entries below them."""
    entries = [("2.13.4", "Fix a typo in an error message."), ("2.13.3", "Fix a crash on empty input."),
               ("2.13.2", "Fix the build on one platform."), ("2.13.1", "Fix a regression in parsing."),
               ("2.13.0", "See the beta releases for all changes."), ("2.13.0b2", "Add the frob reader."),
               ("2.13.0b1", "Add validated default factories for private attributes."), ("2.12.0", "Add the frob mode.")]
    text = "# Changelog\n\n" + "".join(f"## v{v} (2025-0{9 - n}-01)\n\n* {change}\n\n"
                                       for n, (v, change) in enumerate(entries))
    pages = run([SourceDocument("CHANGELOG.md", text)]).pages
    [page] = [t for t in pages.values() if "Fix a typo in an error message." in t]
    shown = re.findall(r"^## (\S+)", page.split("# Recent Changes", 1)[1], re.MULTILINE)
    # (and the feature release's pre-releases, where it told its changes: pydantic's 2.13.0b1 ... b3)
    assert shown == ["2.13.4", "2.13.3", "2.13.2", "2.13.1", "2.13.0", "2.13.0b2", "2.13.0b1"]
    assert "Add validated default factories for private attributes." in page


def test_a_release_told_at_length_lists_each_change_by_its_first_sentence() -> None:
    """A release of some hundred changes, each a security write-up of several sentences,
    many thousand words under one heading. Every change stays listed, by its first
    sentence (and the next, when the first is a short title: `CVE-... (HIGH): rrsync
    escape.`). (rsync 3.5.0's 3,800 words are shown whole: see the next test.)"""
    changes = "".join(f"- CVE-2026-{n:05d} (HIGH): Fix number {n} of the frob daemon. "
                      + " ".join(f"Part {k} of the write-up on fix {n} explains the attack." for k in range(12)) + "\n"
                      for n in range(40))
    pages = run([SourceDocument("NEWS.md", f"# NEWS for frob 3.5.0\n\n{changes}\n# NEWS for frob 3.4.0\n\n- Small fix.\n")]).pages
    [page] = [t for t in pages.values() if "Fix number 0 of" in t]
    recent = page.split("# Recent Changes", 1)[1]
    assert all(f"* CVE-2026-{n:05d} (HIGH): Fix number {n} of the frob daemon. Part 0 of the write-up on fix {n} "
               "explains the attack." in recent for n in range(40))
    assert "Part 1 of the write-up" not in recent


def test_a_release_of_some_thousand_words_is_shown_whole() -> None:
    """rsync 3.5.0's entry (3,800 words): each change was cut to its first sentence, so
    `--link-dest no longer fails the transfer ...` lost why and what to do."""
    changes = "".join(f"- Fix number {n} of the frob daemon. "
                      + " ".join(f"Part {k} of the write-up on fix {n} explains the attack." for k in range(6)) + "\n"
                      for n in range(30))
    pages = run([SourceDocument("NEWS.md", f"# NEWS for frob 3.5.0\n\n{changes}\n# NEWS for frob 3.4.0\n\n- Small fix.\n")]).pages
    [page] = [t for t in pages.values() if "Fix number 0 of" in t]
    recent = page.split("# Recent Changes", 1)[1]
    assert all(f"Part 5 of the write-up on fix {n} explains the attack." in recent for n in range(30))


def test_a_page_with_documents_is_not_described_by_the_shape_of_its_data_file() -> None:
    """python's logging page: its module reference gave no lead, and its description
    was its CSV's `A table of 18 rows with the columns class, module, description.`"""
    from wikid.document.outline import read_outline
    from wikid.manager.offline.content import read_content
    from wikid.manager.offline.pages import PageDraft, PageSource, describe

    def source(ident: str, text: str, suffix: str) -> PageSource:
        return PageSource(ident, ident, None, read_content(read_outline(text, suffix), text, None, None, suffix))

    notes = source("notes", "Help on frob:\n\nCLASSES\n    Frobber\n", ".txt")
    table = source("table", "| class | module |\n|---|---|\n| Frobber | frob |\n| Grinder | frob.grind |\n", ".csv")
    assert table.content.data is not None

    def draft(cited: list[PageSource]) -> PageDraft:
        return PageDraft("Module", "frob", None, [], [{"id": s.id} for s in cited], {}, cited, "", (), [], [], [], {})

    assert describe(draft([notes, table]), []) == "Module frob, described by 2 sources."
    assert describe(draft([table]), []).startswith("A table of 2 rows")


def test_a_sentence_that_only_starts_with_the_name_does_not_say_what_it_is() -> None:
    """Round 6 of the reader review: gnu-sed was led by `GNU sed v4.0.5 32-bit binaries
    and docs.`, gdb by `The GDB debugger sources ... have directories of their own`,
    lsof by `Lsof can help you find unlinked files`, each lifted out of its section."""
    from wikid.manager.offline.pages import _defines

    assert not _defines("GNU frob v4.0.5 32-bit binaries and docs.", "GNU frob")
    assert not _defines("The FROB debugger sources, the generic GNU include files have directories.", "frob")
    assert not _defines("Frob can help you find unlinked files on local disks.", "frob")
    assert not _defines("The frob module releases the GIL when matching.", "frob")
    assert _defines("Frob (for FRee OBjects) lists files opened by processes.", "frob")
    assert _defines("frob is a stream editor.", "frob")
    assert _defines("The frob tool reshapes widget files.", "frob tool")


def test_gnu_frobs_page_is_led_by_frobs_manual_page_and_described_by_one_sentence() -> None:
    """GNU grep's page was led by its README's `GNU grep is based on a fast lazy-state
    ... matcher` (the manual page `grep` was not taken for `GNU grep`'s own) and
    described by that paragraph's second sentence, `The result is typically many times
    faster ...`, which leans on the first."""
    from wikid.document.outline import read_outline
    from wikid.manager.offline.content import read_content
    from wikid.manager.offline.pages import PageDraft, PageSource, describe, lead_sentences

    def source(ident: str, text: str, suffix: str) -> PageSource:
        content = read_content(read_outline(text, suffix), text, None, None, suffix)
        return PageSource(ident, ident, None, content, names_entity=True)

    readme = source("readme", "# GNU frob\n\n" + "GNU frob is based on a fast lazy-state deterministic matcher hybridized "
                    "with Boyer-Moore and Aho-Corasick searches for fixed strings that eliminate impossible text from "
                    "being considered by the full matcher. The result is typically many times faster.\n", ".md")
    manual = source("manual", _frob_manual("frob", ""), ".txt")
    _, origin = lead_sentences([readme, manual], "GNU frob")
    assert origin == "manual"
    draft = PageDraft("Command", "GNU frob", None, [], [], {}, [readme], "", (), [], [], [], {})
    assert not describe(draft, lead_sentences([readme], "GNU frob")[0]).startswith("The result")


def test_a_long_document_beside_the_manual_page_goes_under_its_own_title() -> None:
    """ssh's page: the obsolete developer overview's twenty parts (`Buffer manipulation
    routines`, `Random Numbers` ...) stood at the level of ssh's own Description and
    Options; they belong under the overview's heading."""
    parts = "".join(f"## Part {n} of the frob internals\n\nPart {n} of frob does its own piece of the work.\n\n"
                    for n in range(1, 8))
    overview = f"# frob notes\n\nThese notes tell a frob developer where the code is.\n\n{parts}"
    pages = run([SourceDocument("frob.txt", _frob_manual("frob", "")), SourceDocument("overview.md", overview)]).pages
    [page] = [t for t in pages.values() if "Part 3 of frob does" in t]
    headings = [line for line in page.splitlines() if line.startswith("#")]
    at = headings.index("## Part 1 of the frob internals")
    assert headings[at - 1].startswith("# ") and "frob" in headings[at - 1]
    assert headings[at : at + 7] == [f"## Part {n} of the frob internals" for n in range(1, 8)]


def _only_body(documents: list[SourceDocument]) -> str:
    """The body (past the frontmatter) of the one page `documents` make."""
    [page] = run(documents).pages.values()
    return page.split("---\n", 2)[2]


def _page_beside_manual(name: str, text: str) -> str:
    """The page of frob's manual when `text` (named `name`) is filed beside it."""
    pages = run([SourceDocument(name, text), SourceDocument("frob.txt", _frob_manual("frob", ""))]).pages
    [page] = [t for t in pages.values() if "frob is part of the frobprogs package" in t]
    return page


@pytest.mark.parametrize(("name", "text", "was"), [
    # gzip's README came as an ODT with no title: its section was `# gzip ODT document`
    # though its first sentence says `This is the file README for the gzip distribution.`
    ("doc-38.docx", "This is the file README for the frob distribution.\n\nfrob is a compression utility designed to "
                    "replace the older pack tool. Its main advantage is much better compression.\n\n"
                    "Please send bug reports to bug-frob@example.org.\n", "DOCX document"),
    # ed's and groff's READMEs have no title: their sections read `# ed notes` though
    # they say which file to read to install, where to report bugs, the home page
    ("doc-02.txt", "Description\n\nGNU frob is a line-oriented frob editor. It is used to create, display, modify "
                   "and otherwise manipulate frob files, both interactively and via shell scripts.\n\n"
                   "See the file INSTALL for compilation and installation instructions.\n\n"
                   "Report bugs to bug-frob@example.org\n\nFrob home page: http://www.example.org/frob\n", "frob notes"),
])
def test_an_untitled_document_that_says_it_is_a_readme_is_named_so(name: str, text: str, was: str) -> None:
    """An untitled document is labelled by what it says it is, never by its format or
    as `notes`."""
    page = _page_beside_manual(name, text)
    ident = name.split(".")[0]
    assert "\n# frob README\n" in page and f"* frob README — README.[^{ident}]" in page
    assert was not in page


def test_an_untitled_plain_document_with_one_such_saying_stays_notes() -> None:
    """One mention of a bug report is not a README (a note, a letter)."""
    text = "frob remembers the last frob it opened.\n\nPlease report bugs to the frob team.\n"
    page = _page_beside_manual("doc-02.txt", text)
    assert "\n# frob notes\n" in page and "README" not in page


def test_gnu_quotes_are_typographic_quotes_on_the_page() -> None:
    """groff's README: `This is the GNU \\`groff' document formatting system` showed its
    backticks escaped; sed's FAQ ``zork*'' likewise. A code span stays as it is."""
    from wikid.manager.offline.pages import inline

    assert inline("This is the GNU `groff' system; type `./configure', then `make'.") == \
        "This is the GNU ‘groff’ system; type ‘./configure’, then ‘make’."
    assert inline("wildcards (such as ``zork*'' or ``Aug[4-9].let'')") == \
        "wildcards (such as “zork\\*” or “Aug\\[4-9\\].let”)"
    assert inline("`don't touch' it") == "‘don't touch’ it"
    # a span set between backticks is code as its document meant (node's `Object.prototype.__proto__`),
    # a backtick inside a word or after a backslash no span's end (sed's `s/.bx\`//`, `\\``)
    assert inline('e.g., `echo "x"` or `echo -n "x"`. Try \'\\b\' too') == \
        'e.g., `echo "x"` or `echo -n "x"`. Try \'\\\\b\' too'
    assert inline("Disable the `Object.prototype.__proto__` property.") == "Disable the `Object.prototype.__proto__` property."
    # a plural's s after a span (bzip2's `FILE*`s showed its backticks escaped), no other word
    assert inline("file handles (`FILE*`s) and `x`y") == "file handles (`FILE*`s) and \\`x\\`y"
    assert inline("are `\\`' and `x` too") == "are \\`\\\\\\`' and `x` too"  # (sed's quoted `\``)
    assert inline("print 123 instead of sed 's/.bx`//' and \\` still") == "print 123 instead of sed 's/.bx\\`//' and \\\\\\` still"


def test_an_entrys_further_paragraph_its_own_document_repeats_stays_under_each_entry() -> None:
    """curl's manual says `This option is global and does not need to be specified for
    each use of --next.` under six options; the page kept it under the first only."""
    repeated = "This option is global and does not need to be specified for each use of --next."
    options = "".join(f"--opt{n}\n:   Option {n} makes frob do thing {n} to every frob file.\n\n    {repeated}\n\n"
                      f"    Added in 7.{n}.0.\n\n" for n in range(4))
    manual = f"# frob\n\nfrob is a tool that reshapes frob files in place.\n\n## Options\n\n{options}"
    [page] = run([SourceDocument("frob.md", manual)]).pages.values()
    assert page.count(repeated) == 4


def test_a_section_of_code_alone_cites_its_source_on_its_heading() -> None:
    """logging's `# Package contents` (two module names as code) ended on a line of its
    own, `*Source:* [^doc-07]`."""
    text = ("# frob\n\nfrob is a library that reshapes frob files in place.\n\n## Package contents\n\n"
            "```\nconfig\nhandlers\n```\n\n## Usage\n\nCall frob on a file to reshape it.\n")
    [page] = run([SourceDocument("frob.md", text)]).pages.values()
    assert "*Source:*" not in page
    assert re.search(r"^# Package contents\[\^[\w-]+\]$", page, re.MULTILINE)


def test_a_sources_opening_that_only_repeats_its_title_is_not_said_under_it() -> None:
    """gzip's page: `# TODO file for gzip` over the paragraph `TODO file for gzip.`"""
    todo = ("TODO file for frob.\n\nSome of the planned features include:\n\n"
            "- Remove some of the old porting cruft, since we no longer support it.\n"
            "- Internationalize by using gettext and setlocale.\n")
    pages = run([SourceDocument("TODO", todo), SourceDocument("frob.txt", _frob_manual("frob", ""))]).pages
    [page] = [t for t in pages.values() if "frob is part of the frobprogs package" in t]
    assert "\n# TODO file for frob\n" in page
    assert "Remove some of the old porting cruft" in page
    assert "TODO file for frob.[^" not in page and "\nTODO file for frob.\n" not in page


def test_a_plain_lead_puts_an_before_a_type_written_in_capitals_that_opens_on_a_vowel() -> None:
    """`is a API` when the type is written in capitals: the article goes by the letter."""
    from wikid.document.outline import read_outline
    from wikid.manager.offline.content import read_content
    from wikid.manager.offline.pages import PageDraft, PageSource, _plain_lead

    text = "Help on frob:\n\nCLASSES\n    Frobber\n"
    source = PageSource("notes", "notes", None, read_content(read_outline(text, ".txt"), text, None, None, ".txt"))
    for type_, said in (("API", "is an API;"), ("Vendor", "is a vendor;"), ("Index", "is an index;")):
        draft = PageDraft(type_, "frob", None, [], [{"id": "notes"}], {}, [source], "", (), [], [], [], {})
        assert said in _plain_lead(draft)[0]


def test_a_table_of_one_column_of_text_and_no_header_is_a_paragraph() -> None:
    """fonts.conf's example: a layout set the wrapped lines of an XML comment in a
    table's second column, written as `|  | Load local customization files, but |`."""
    from wikid.document.model import Table
    from wikid.manager.offline.pages import _Writer

    lines = Table(("", ""), (("", "Load local customization files, but"), ("", "do not complain if there are none")))
    assert _Writer().table(lines, "[^a]") == "Load local customization files, but do not complain if there are none[^a]"
    named = Table(("Key", "Meaning"), (("", "x"), ("", "y")))
    assert _Writer().table(named, "").startswith("| Key | Meaning |")


def test_a_packages_page_says_it_gathers_its_modules_and_puts_its_own_reference_first() -> None:
    """http's page: the package's own pydoc (`NAME` / `http`, no docstring) came last and
    the lead was a sentence from http.client's text (`HTTPConnection goes through a number
    of "states" ...`); nothing said the page was a package of modules."""
    package = ("Help on package frob:\n\nNAME\n    frob\n\nPACKAGE CONTENTS\n    client\n    cookies\n\n"
               "DATA\n    __all__ = ['Status']\n")
    client = ("Help on module frob.client in frob:\n\nNAME\n    frob.client - Frob client library\n\nDESCRIPTION\n"
              "    The client goes through a number of states, which define when a request may be made.\n\n"
              "CLASSES\n    class Connection(builtins.object)\n     |  Connection(host)\n")
    cookies = ("Help on module frob.cookies in frob:\n\nNAME\n    frob.cookies - Cookie handling for frob\n\n"
               "DESCRIPTION\n    Cookies are kept in a jar and sent back with each request.\n")
    _, fm, body = only_page(run([SourceDocument("doc-01.txt", client), SourceDocument("doc-02.txt", cookies),
                                 SourceDocument("doc-09.txt", package)]))
    lead = body.strip().split("\n\n", 1)[0]
    assert lead == ("**frob** is a package; this page gathers its own reference[^doc-09] and the references of its "
                    "modules: **frob.client** — Frob client library[^doc-01]; **frob.cookies** — Cookie handling for "
                    "frob[^doc-02].")
    assert fm["description"] == "frob is a package of modules: frob.client and frob.cookies."
    headings = [line for line in body.splitlines() if line.startswith("# ")]
    assert headings[:3] == ["# frob", "# frob.client", "# frob.cookies"], headings
    assert "## Name" not in body  # (the package's NAME says only its name: the page's title says it)


def test_each_modules_classes_keep_their_members_and_labels_and_no_slot_descriptors() -> None:
    """http's page: once the package's reference came first, http.client's classes lost
    `Data and other attributes defined here:` (said first by the package) and
    IncompleteRead its `__repr__`/`__str__` (the same words as a package class's);
    every class listed Python's `__dict__` and `__weakref__`."""
    def module(name: str, cls: str) -> str:
        return (f"Help on module frob.{name} in frob:\n\nNAME\n    frob.{name} - The {name} part of frob\n\n"
                f"CLASSES\n    class {cls}(builtins.object)\n     |  {cls}(path)\n     |\n"
                f"     |  Reads one {name} file.\n     |\n     |  Methods defined here:\n     |\n"
                "     |  __repr__(self)\n     |      Return repr(self).\n     |\n"
                "     |  ----------------------------------------------------------------------\n"
                "     |  Data descriptors defined here:\n     |\n     |  __dict__\n"
                "     |      dictionary for instance variables (if defined)\n     |\n     |  __weakref__\n"
                "     |      list of weak references to the object (if defined)\n     |\n"
                "     |  ----------------------------------------------------------------------\n"
                "     |  Data and other attributes defined here:\n     |\n"
                f"     |  {name}_port = 80\n\n")
    package = "Help on package frob:\n\nNAME\n    frob\n\nPACKAGE CONTENTS\n    client\n    server\n"
    _, _, body = only_page(run([SourceDocument("doc-01.txt", module("client", "Client")),
                                SourceDocument("doc-02.txt", module("server", "Server")),
                                SourceDocument("doc-09.txt", package)]))
    client, server = body.split("# frob.server", 1)
    for part, name in ((client, "client"), (server, "server")):
        assert "__repr__(self)" in part and "Return repr(self)." in part, part
        assert "Data and other attributes defined here" in part and f"{name}_port = 80" in part, part
    assert "__dict__" not in body and "\\_\\_dict\\_\\_" not in body and "weakref" not in body


def test_a_lead_leaves_out_the_addresses_of_the_words_it_links_unless_it_sends_the_reader_there() -> None:
    """A paragraph now says where each of its few links goes (`The [Developer
    Interface](…) provides ...` lost its address); in a lead, a link on a word
    (`a [Haskell](…) library`) only annotates what the entity is."""
    readme = ("# Frob\n\nFrob is a [Haskell](https://haskell.example.org) library for converting markup formats.\n\n"
              "## Help\n\nThe [Frob Interface](https://frob.example.org/api/) lists every call.\n")
    [page] = run([SourceDocument("README.md", readme)]).pages.values()
    fm, body = split_page(page)
    assert fm["description"] == "Frob is a Haskell library for converting markup formats."
    assert body.strip().startswith("Frob is a Haskell library for converting markup formats.[^")
    assert "The Frob Interface (https://frob.example.org/api/) lists every call." in body
    sent = "# Frob\n\nTo ship faster, check out [Frob Cloud](https://cloud.example.org).\n"
    [page] = run([SourceDocument("README.md", sent)]).pages.values()
    assert split_page(page)[0]["description"] == "To ship faster, check out Frob Cloud (https://cloud.example.org)."
    ending = "# Frob\n\nFrob is the client for the [Frob platform](https://frob.example.org/).\n"  # (where it goes)
    [page] = run([SourceDocument("README.md", ending)]).pages.values()
    assert split_page(page)[0]["description"] == "Frob is the client for the Frob platform (https://frob.example.org/)."


def test_the_paragraph_after_a_lead_taken_to_the_pages_head_names_the_entity_again() -> None:
    """werkzeug's README: its lead went to the page's head and `It includes:` stood under
    the etymology line, `It` naming nothing there; wget's README part opened with `It can
    follow links ...`."""
    doc = ("# Frob\n\n*frob* German noun: \"tool\".\n\nFrob is a comprehensive library for frob files. It began as "
           "a simple collection of utilities.\n\nIt includes:\n\n- A reader.\n- A writer.\n")
    body = _only_body([SourceDocument("README.md", doc)])
    assert body.lstrip().startswith("Frob is a comprehensive library for frob files.")
    assert "\nFrob includes:\n" in body and "\nIt includes:" not in body
    # (only where the lead names the entity: after `... call the open function`, `It` is the function)
    other = ("# Frob\n\nThe simplest way to use this module is to call the open function.\n\n"
             "It opens the file and returns its records.\n\n## More\n\nFrob reads records.\n")
    [page] = run([SourceDocument("README.md", other)]).pages.values()
    assert "It opens the file and returns its records." in page


def test_a_manuals_description_after_its_lead_names_the_command_again() -> None:
    """ed's manual: `GNU ed is a line-oriented text editor.` went to the page's head and
    its Description opened on `It is used to create ...`; its README saying the same two
    sentences then said the second again, `It` naming nothing."""
    manual = ("FROB(1)                 User Commands                 FROB(1)\n\nNAME\n       frob - line editor\n\n"
              "SYNOPSIS\n       frob [file]\n\nDESCRIPTION\n       GNU frob is a line-oriented text editor.  It is used to "
              "create, display and modify text files, both interactively and via scripts.  A restricted version "
              "of frob can only edit files in the current directory.  Frob is the standard editor in the sense that it "
              "is the original editor for the system.  For most purposes, however, it is superseded by screen "
              "editors.\n\nOPTIONS\n       -q     Quiet execution.\n")
    readme = ("# GNU frob\n\nGNU frob is a line-oriented text editor. It is used to create, display and modify text "
              "files, both interactively and via scripts.\n\nSee the file INSTALL for build instructions.\n")
    body = _only_body([SourceDocument("frob.txt", manual), SourceDocument("README.md", readme)])
    assert "\nfrob is used to create, display and modify text files, both interactively and via scripts." in body
    assert "It is used to create" not in body


def test_a_list_with_some_items_another_source_has_keeps_them_all() -> None:
    """openssl's README lists what the tool is for, seven items; the manual beside it had
    three of them, so the page's copy of the README's list had four, reading as the
    whole list. Only a list another source has every item of is said once."""
    manual = ("FROB(1)                 User Commands                 FROB(1)\n\nNAME\n       frob - key tool\n\n"
              "SYNOPSIS\n       frob command\n\nDESCRIPTION\n       The frob program is a key tool. It can be used for\n\n"
              "       o   Creation of frob keys and parameters\n\n       o   Signing of frob records\n\n"
              "       o   Checking of frob records\n\nOPTIONS\n       -q     Quiet execution.\n")
    readme = ("# Frob\n\nFrob is a toolkit for frob keys.\n\n## Tools\n\nThe frob tool can be used for\n\n"
              "- signing of frob records\n- creation of frob certificates\n- checking of frob records\n- and more...\n\n"
              "## Again\n\nIt does:\n\n- Signing of frob records\n- Checking of frob records\n")
    body = _only_body([SourceDocument("frob.txt", manual), SourceDocument("README.md", readme)])
    assert "* signing of frob records\n* creation of frob certificates\n* checking of frob records\n* and more..." in body
    # (the manual's list, the README's first: its second list, all of whose items the manual has, is said once)
    assert body.casefold().count("signing of frob records") == 2


def test_step_labels_beside_steps_a_sentence_heads_stay_in_the_text() -> None:
    """man-db's README: `Configure man-db:` and `Build man-db:` over their items became
    headings, and the steps after them that a sentence heads (`Install the package.`
    over `make install`) read as part of building."""
    doc = ("# Frob\n\nFrob reshapes frob files.\n\n## Installation\n\nConfigure frob:\n\n- Run `./configure`.\n\n"
           "Build frob:\n\n- Run `make`.\n\nInstall the package.\n\n- Run `make install`.\n")
    [page] = run([SourceDocument("README.md", doc)]).pages.values()
    assert "\nConfigure frob:\n\n* Run `./configure`.\n\nBuild frob:\n\n* Run `make`.\n\nInstall the package." \
        in page.replace("[^readme]", "")
    # (a list of topics, each with its items, still makes sections beside such steps)
    topics = doc + "\nAfterwards:\n\n- Daily:\n  - Wipe it.\n- Weekly:\n  - Oil it.\n"
    [page] = run([SourceDocument("README.md", topics)]).pages.values()
    assert "\n## Daily\n\n* Wipe it." in page, page
    # (labels alone over their lists still head sections: a runbook's `Daily` and `Weekly`)
    runbook = "# Frob care\n\nHow to keep the frob clean.\n\nDaily\n\n- Wipe it.\n\nWeekly\n\n- Oil it.\n"
    [page] = run([SourceDocument("care.md", runbook)]).pages.values()
    assert "\n# Daily\n\n* Wipe it." in page and "\n# Weekly\n\n* Oil it." in page


def test_where_to_get_the_software_in_a_licence_notice_stays_on_the_page() -> None:
    """gzip's README: its paragraph granting the GPL also said where the latest version
    is; the page states the licence as an attribute and lost where to download it."""
    doc = ("# Frob\n\nFrob compresses frob files.\n\nFrob is free software, you can redistribute it and/or modify it "
           "under the terms of the GNU General Public License, a copy of which is provided under the name COPYING. "
           "The latest version of frob is always available from https://ftp.example.org/frob or in any of its "
           "mirror sites.\n\nYou should have received a copy of the GNU General Public License along with this "
           "program. If not, see <https://www.gnu.org/licenses/>.\n")
    body = _only_body([SourceDocument("README.md", doc)])
    assert "The latest version of frob is always available from https://ftp.example.org/frob" in body
    assert "redistribute it" not in body and "gnu.org/licenses" not in body


def test_a_manuals_description_whose_next_paragraph_leans_on_it_stays_whole() -> None:
    """sqlite3's manual: its Description's first paragraph went to the page's lead and
    the Description opened on `For example, to create a new database ...`."""
    manual = ("FROB(1)                 User Commands                 FROB(1)\n\nNAME\n       frob - frob shell\n\n"
              "SYNOPSIS\n       frob [file]\n\nDESCRIPTION\n       To start a frob session, invoke the frob command "
              "with the name of a file.  If the file does not exist, it will be created.\n\n"
              "       For example, to create a file named data.frob:\n\n            $ frob data.frob\n\n"
              "OPTIONS\n       -q     Quiet execution.\n")
    body = _only_body([SourceDocument("frob.txt", manual)])
    assert "\n# Description\n\nTo start a frob session, invoke the frob command with the name of a file." in body
    assert "\n\nFor example, to create a file named data.frob:" in body


def test_a_commands_usage_is_code_without_its_alias_note_and_a_bare_command_among_them_too() -> None:
    """tmux's commands: `set-option [-ag] option value (alias: set)` put the alias note in
    the code one types, and `kill-server` among commands with usage was bold prose."""
    from wikid.document.model import Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    long = " ".join(["It does what the command is for, then reports back to the client."] * 10)
    entries = Terms((Term("set-option [-ag] option value (alias: set)", (Paragraph(f"Set an option. {long}"),)),
                     Term("kill-server", (Paragraph(f"Kill the server. {long}"),)),
                     Term("new-window [-ad] [-c start-directory] (alias: neww)", (Paragraph(f"Make a window. {long}"),))))
    lines = _Writer().block(entries, "", 0).splitlines()
    assert [line.split(" — ")[0] for line in lines if line.startswith("* ")] == [
        "* `set-option [-ag] option value` (alias: set)", "* `kill-server`",
        "* `new-window [-ad] [-c start-directory]` (alias: neww)"]


def test_an_operators_syntax_ending_with_a_question_mark_is_no_question() -> None:
    """jq's `.[]?` alone in a list was headed `Question | Answer`."""
    from wikid.document.model import Paragraph, Term, Terms
    from wikid.manager.offline.pages import _term_header

    said = (Paragraph("Like .[], but says nothing."),)
    assert _term_header(Terms((Term(".[]?", said),))) == ("Term", "Description")
    assert _term_header(Terms((Term("How do I frob a file?", said), Term("Why frob?", said)))) == ("Question", "Answer")


def test_a_long_usage_form_is_filled_under_its_commands_name() -> None:
    """objdump's synopsis was one line of 1,700 characters in the page's usage block; a
    bracketed group is never broken, a short form stays one line."""
    from wikid.manager.offline.pages import MAX_FORM_CHARS, _wrapped_form

    form = ("frob [-a|--archive-headers] [-b name|--target=name] [-C|--demangle[=style] ] [-d|--disassemble[=symbol]] "
            "[-D|--disassemble-all] objfile...")
    lines = _wrapped_form(form)
    assert lines == ["frob [-a|--archive-headers] [-b name|--target=name] [-C|--demangle[=style] ]",
                     "     [-d|--disassemble[=symbol]] [-D|--disassemble-all] objfile..."]
    assert all(len(line) <= MAX_FORM_CHARS for line in lines) and " ".join(" ".join(lines).split()) == form
    assert _wrapped_form("frob [-v] file") == ["frob [-v] file"]
    # brackets nested deeper stay one group; one the source never closes does not take the rest
    nested = "frob " + " ".join(f"[-{c} [-x{c} [-y{c}]]]" for c in "abcdef")
    assert not any(line.strip().startswith(("[-x", "[-y", "]")) for line in _wrapped_form(nested))
    unclosed = "frob [--jumps[=color|=off] " + " ".join(f"[--opt{n}=value]" for n in range(12)) + " file"
    assert all(len(line) <= MAX_FORM_CHARS for line in _wrapped_form(unclosed))


def test_a_debian_news_files_notices_are_not_headed_as_package_releases() -> None:
    """tmux's page ran its NEWS.Debian notices (`Please restart tmux entirely after
    upgrading`) after its changelog's releases, both headed `Debian package`."""
    changelog = ("frob (2.1-3) unstable; urgency=medium\n\n  * Fix a crash when the input is empty.\n"
                 "  * Update the watch file.\n\n -- Jane Roe <jane@example.org>  Tue, 05 Mar 2024 10:11:12 +0100\n\n"
                 "frob (2.1-2) unstable; urgency=low\n\n  * Initial upload.\n\n"
                 " -- Jane Roe <jane@example.org>  Mon, 01 Jan 2024 09:00:00 +0100\n")
    news = ("frob (2.1-1) experimental; urgency=medium\n\n  Please restart frobd entirely after upgrading to 2.1:\n"
            "  an old server and a new client will not work together.\n\n"
            " -- Jane Roe <jane@example.org>  Mon, 05 Feb 2024 10:11:12 +0100\n\n"
            "frob (1.9-1) experimental; urgency=low\n\n  The socket moved to /run/frob.\n\n"
            " -- Jane Roe <jane@example.org>  Mon, 01 Jan 2023 09:00:00 +0100\n")
    [page] = run([SourceDocument("doc-05.txt", changelog), SourceDocument("doc-14.txt", news)]).pages.values()
    assert "\n## Debian package 2.1-3 — 2024-03-05\n" in page and "\n## Debian news 2.1-1 — 2024-02-05\n" in page
    assert "[^doc-14]: frob Debian news" in page


def test_a_page_a_see_also_note_names_is_not_listed_again_alone() -> None:
    """groff's See Also opened on `man(1)` alone: the page its sentence `They can be read
    with man(1) or groffer(1).` names, listed as a reference of its own."""
    manual = ("FROB(1)                 User Commands                 FROB(1)\n\nNAME\n       frob - frob files\n\n"
              "SYNOPSIS\n       frob [file]\n\nDESCRIPTION\n       frob frobs files.\n\nSEE ALSO\n"
              "       frobcat(1), frobls(1)\n\n       Complete frob manual: run info frob or use emacs(1) info mode "
              "to read it.\n")
    body = _only_body([SourceDocument("frob.txt", manual)])
    assert "\n# See Also\n\nfrobcat(1), frobls(1)\n\nComplete frob manual: run info frob or use emacs(1)" in body


def test_a_documents_inline_code_stays_code_on_its_page() -> None:
    """pydantic's, langsmith's and aws-cli's READMEs: `pip install -U frob`, `model.to_json()`
    and environment variables were code in the source and plain words on the page; an
    option list written as code (`-q --quiet`) still reads as options."""
    doc = ("# Frob\n\nFrob reads archives.\n\n## Install\n\nInstall using `pip install -U frob`, then call "
           "`frob.open()` with `FROB_HOME` set.\n\n## Options\n\n`-q --quiet`\n:   Say nothing.\n\n"
           "`-v --verbose`\n:   Say more.\n")
    [page] = run([SourceDocument("README.md", doc)]).pages.values()
    assert "Install using `pip install -U frob`, then call `frob.open()` with `FROB_HOME` set." in page
    assert "| `-q --quiet` | Say nothing. |" in page
    assert "description: Install using pip install -U frob, then" in page  # (the frontmatter's is plain text)


def test_an_entry_whose_text_is_a_symbol_keeps_it_in_a_list_of_entries() -> None:
    """mawk's escape sequences: `\\\\` means `\\` and `\\"` means `"`; written as a list
    (another entry of the section needs an example), both entries were dropped, their
    text having no letter."""
    doc = ("# frob(1)\n\n## NAME\n\nfrob - frob files\n\n## ESCAPES\n\n"
           "`\\\\`\n:   \\\\\n\n`\\\"`\n:   \"\n\n`\\a`\n:   alert, ascii 7\n\n"
           "Other sequences end a record, as below.\n\n`\\n`\n:   newline, ascii 10\n\n    ```\n    printf \"a\\n\"\n    ```\n")
    [page] = run([SourceDocument("frob.1.md", doc)]).pages.values()
    assert '* `printf "a\\n"`' not in page and "```" in page  # (written as a list: the example needs it)
    assert "* **\\\\\\\\** — \\\\\n" in page and '* **\\\\"** — "' in page and "alert, ascii 7" in page


def test_a_sentence_two_sources_say_with_other_addresses_of_its_links_is_said_once() -> None:
    """olefile's README and its documentation's index say the same paragraph, one
    linking `http://…`, the other `https://…`: now that a paragraph says where its links
    go, the page said it twice."""
    said = "Frob is a package to parse, read and write {} files of the old kind, in any size."
    readme = "# Frob\n\n" + said.format("[OLE2](https://ole.example.org/)") + "\n\n## Use\n\nRun it.\n"
    index = "# Frob documentation\n\n" + said.format("[OLE2](http://ole.example.org/)") + "\n\n## Install\n\nPip it.\n"
    [page] = run([SourceDocument("README.md", readme), SourceDocument("docs/index.md", index)]).pages.values()
    assert split_page(page)[1].count("is a package to parse, read and write") == 1


def test_a_step_that_is_its_example_keeps_its_number_and_a_long_documents_step_its_address() -> None:
    """gdb's `(2)` over its commands lost its number on the page (an item with no text
    wrote none); the sed FAQ's `(1) Download and install Frob` lost the address under
    it (a long document's item kept only the children it introduces with a colon), and
    `(3) ... a way of implementing` the expression its sentence runs on into."""
    filler = "".join(f"Section {n}\n==========\n\n" + "Frob reads records and writes them again. " * 40 + "\n\n"
                     for n in range(1, 60))
    doc = ("Frob FAQ\n\nSteps\n=====\n\nOn an old machine, do the following:\n\n"
           "   (1) Download and install the frob application\n\n       ftp://ftp.example.org/frob/kit\n\n"
           "   (2) Run it:\n\n       frob --all\n\n"
           "   (3) HHfrob has an exceptional way of implementing\n\n       /regex1/,/regex2/\n\n"
           "   If both occur on the same line, it matches that line.\n\n" + filler)
    [page] = run([SourceDocument("frob-faq.txt", doc)]).pages.values()
    assert "1. Download and install the frob application\n\n   ftp://ftp.example.org/frob/kit" in page
    assert "3. HHfrob has an exceptional way of implementing\n\n   /regex1/,/regex2/" in page
    steps = ("Try one of these:\n\n  (1)\tcd frob-1.0\n\tmake check\n\nor\n\n  (2)\tcd frob-1.0/frob\n\tmake check\n")
    [page] = run([SourceDocument("README.txt", "Frob README\n\nFrob reads records and writes them.\n\n" + steps)]).pages.values()
    assert "2.\n   ```\n   cd frob-1.0/frob\n   make check\n   ```" in page  # (CommonMark: no blank line after the marker)
    from markdown_it import MarkdownIt

    html = MarkdownIt("commonmark").render(split_page(page)[1])
    assert '<ol start="2">\n<li>\n<pre><code>cd frob-1.0/frob' in html


def test_a_notes_byline_under_its_title_is_kept_and_a_closing_sign_off_is_not() -> None:
    """postgresql's design note: `2004, Oliver Elphick, Martin Pitt` under its title was
    dropped as a sign-off, so its `there are now source packages for 8.1` read as current."""
    note = ("Frob architecture\n=================\n2004, Jane Roe, John Doe\n\nSolving a problem\n-----------------\n\n"
            "When a new major version of Frob is released, the data must be dumped and reloaded by hand.\n\n"
            "-- Jane Roe <jane@example.org>\n")
    [page] = run([SourceDocument("frob-architecture.md", note)]).pages.values()
    body = split_page(page)[1]
    assert "2004, Jane Roe, John Doe" in body and "-- Jane Roe" not in body and "jane@example.org" not in body


def test_a_releases_opening_paragraphs_stand_above_its_list_of_changes() -> None:
    """pydantic's 2.13.0: `The highlights of the v2.13 release are available in the blog
    post. ... Make sure to look into them before upgrading.` was dropped, the release's
    list of changes shown alone; rsync's 3.5.0 then put its `Thanks!` group's paragraphs
    above the release's own opening."""
    notes = ("# Changelog\n\n## v2.4.0 (2026-04-13)\n\n[GitHub release](https://github.example.org/frob/v2.4.0)\n\n"
             "The highlights of the v2.4 release are in the blog post. Make sure to read them before upgrading.\n\n"
             "[ Jane Roe ]\n\n### Thanks!\n\nThanks to everyone who tested the release.\n\n"
             "### What's Changed\n\n* Allow default factories by @jane in #13013\n"
             "* Warn on short tuples by @john in #13016\n* Fix the reader by @ann in #13017\n* Fix the writer by @ann in #13018\n"
             "* Speed up the parser by @jane in #13019\n\n## v2.3.0 (2026-01-02)\n\n* First frob.\n")
    [page] = run([SourceDocument("CHANGELOG.md", notes)]).pages.values()
    release = page[page.index("## 2.4.0"):page.index("## 2.3.0")]
    assert "The highlights of the v2.4 release are in the blog post. Make sure to read them before upgrading." in release
    assert release.index("The highlights") < release.index("* Allow default factories")
    assert "Jane Roe ]" not in release and "GitHub release" not in release
    assert "**Thanks!**\n\nThanks to everyone who tested the release." in release  # (under its own heading)
    assert release.index("Thanks to everyone") < release.index("**What's Changed**")


def test_each_class_of_a_module_says_what_it_inherits_from_a_shared_base() -> None:
    """logging's FileHandler and StreamHandler both inherit Handler's methods: the second
    class lost its `Methods inherited from Handler: ...` line as a repeat of the first's
    (and round 18's fix, naming the class in the line, read as noise)."""
    def cls(name: str, method: str) -> str:
        return (f"    class {name}(Base)\n     |  {name}(path)\n     |\n     |  Reads one kind of data file.\n     |\n"
                f"     |  Methods defined here:\n     |\n     |  {method}(self)\n     |      Read the rows.\n     |\n"
                "     |  " + "-" * 70 + "\n     |  Methods inherited from Base:\n     |\n     |  close(self)\n"
                "     |      Close whatever the object holds open.\n     |\n     |  flush(self)\n"
                "     |      Write what is held.\n\n")
    doc = "Help on module frob:\n\nNAME\n    frob - Reshape data files.\n\nCLASSES\n" + cls("Reader", "rows") + cls("Writer", "put")
    [page] = [p for p in run([SourceDocument("frob.txt", doc)]).pages.values() if "title: frob" in p]
    assert page.count("Methods inherited from Base: close, flush.") == 2 and " by Reader" not in page


def test_a_long_changelogs_note_counts_every_release_it_leaves_out() -> None:
    """tmux's and gdb's pages said only `Older releases are listed in the source.` under
    a changelog of 30 and 21 more entries: the reader keeps the newest twelve, so the
    page could not count the rest."""
    entries = [f"frob (1.{n}-1) unstable; urgency=medium\n\n  * Change number {n}.\n\n"
               f" -- Jane Roe <jane@example.org>  Mon, {n:02d} Jan 2024 12:00:00 +0000\n\n" for n in range(20, 0, -1)]
    [page] = run([SourceDocument("changelog.Debian", "".join(entries))]).pages.values()
    assert "*17 older releases, back to 1.1-1 (2024-01-01), are listed in the source.*[^changelog]" in page
    notes = "".join(f"## {n}.0 ({2000 + n}-01-02)\n\n* Change number {n}.\n\n" for n in range(20, 0, -1))
    [page] = run([SourceDocument("NEWS.md", "# Frob NEWS\n\n" + notes)]).pages.values()
    assert "*17 older releases, back to 1.0 (2001-01-02), are listed in the source.*" in page


def test_a_lead_leaves_out_an_address_holding_parentheses_of_its_own() -> None:
    """filetype's lead kept `magic numbers (https://en.wikipedia.org/wiki/Magic_number_(programming)#…)`:
    the address's own parentheses stopped the pattern that takes it out."""
    readme = ("# Frob\n\nSmall Python package to infer file type checking the "
              "[magic numbers](https://wiki.example.org/wiki/Magic_number_(programming)#files) signature of a file.\n")
    [page] = run([SourceDocument("README.md", readme)]).pages.values()
    assert split_page(page)[0]["description"] == "Small Python package to infer file type checking the magic numbers signature of a file."


def test_a_suites_page_puts_its_commands_after_its_readme_and_before_its_notes() -> None:
    """postgresql's page (pg_dump and pg_ctlcluster, no manual of its own) opened with a
    2004 design note and a data table; the commands' reference came after them."""
    def manual(name: str, purpose: str) -> str:
        return (f"{name.upper()}(1)\n\nNAME\n       {name} - {purpose}\n\nSYNOPSIS\n       {name} [-q] cluster\n\n"
                f"DESCRIPTION\n       {name} works on a frob cluster of the frob database.\n")
    readme = "frob README\n===========\n\nThe frob database keeps rows for many clusters at once.\n\nBuilding\n--------\n\nRun make.\n"
    note = ("Multi-cluster frob architecture\n===============================\n\nSolving a problem\n-----------------\n\n"
            "When a new major version of frob is released, the rows must be dumped and reloaded.\n")
    pages = run([SourceDocument("frob-dump.txt", manual("frob-dump", "dump a frob database")),
                 SourceDocument("frob-ctl.txt", manual("frob-ctl", "start or stop a frob cluster")),
                 SourceDocument("architecture.md", note), SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "frob-dump" in t and "frob-ctl" in t]
    headings = [line for line in page.splitlines() if line.startswith("# ")]
    assert headings.index("# frob-dump") < headings.index("# Multi-cluster frob architecture"), headings
    assert headings.index("# frob-ctl") < headings.index("# Multi-cluster frob architecture")
    assert headings.index("# Building") < headings.index("# frob-dump")  # (what introduces the suite first)


def test_a_changelog_its_reader_did_not_read_to_the_end_gets_no_count() -> None:
    """tar's NEWS: headings change shape over thirty years (`version 1.13.17 - Jane Roe,
    2000-01-07.`); the page said `31 older releases, back to 1.13.18` of 61."""
    notes = "".join(f"## {n}.0 ({2000 + n}-01-02)\n\n* Change number {n} of the frob reader.\n\n" for n in range(20, 4, -1))
    old = "".join(f"version 0.{n} - Jane Roe, 1990-0{n % 9 + 1}.\n\n" + "Fixed a frob in the reader of old archives. " * 30
                  + "\n\n" for n in range(30, 0, -1))
    [page] = run([SourceDocument("NEWS.md", "# Frob NEWS\n\n" + notes + old)]).pages.values()
    assert "*Older releases are listed in the source.*" in page and "older releases, back to" not in page


def test_see_also_keeps_the_labels_that_group_its_pages() -> None:
    """groff's SEE ALSO groups its pages under labels (`Roff preprocessors:` over
    `eqn(1), pic(1), ...`): the page listed them as one run of names, the labels lost."""
    manual = ("FROB(1)\n\nNAME\n       frob - front-end for the frob system\n\nDESCRIPTION\n       Frob runs a pipeline.\n\n"
              "SEE ALSO\n       The pages can be read with man(1).\n\n       Viewers for frob files:\n"
              "              frobview(1), xfrobview(1x).\n\n       Wrapper programs:\n              frob(1), frobgrog(1).\n\n"
              "       Frob macro packages:\n              frob_man(7), frob_sv(7) (only in Swedish locales),\n"
              "              frob_ms(7).\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    see_also = page[page.index("# See Also"):].split("\n# ", 1)[0]
    # (man(1), which the note names, is not listed again alone)
    assert see_also.split("\n\n")[1:3] == [(
        "* Viewers for frob files: frobview(1), xfrobview(1x)\n* Wrapper programs: frobgrog(1)\n"
        "* Frob macro packages: frob_man(7), frob_sv(7) (only in Swedish locales), frob_ms(7)"),
        "The pages can be read with man(1).[^frob-1]\n"], see_also


def test_a_parts_lead_goes_back_where_it_stood_after_a_phrase_and_its_example() -> None:
    """http.client's part of the http page opened `HTTPConnection goes through a number of
    "states" ...` (its lead, taken from its second paragraph) over `HTTP/1.1 client
    library`, its example and `This diagram details ...` -- out of order, the paragraph cut."""
    package = ("Help on package frob:\n\nNAME\n    frob\n\nPACKAGE CONTENTS\n    client\n\nDATA\n    __all__ = ['Status']\n")
    client = ("# Python: module frob.client\n\nFrob/1.1 client library\n\n```\n<intro stuff goes here>\n```\n\n"
              "The client goes through a number of states, which define when a request may be made. "
              "This diagram details these state transitions:\n\n```\n(null)\n  |\n  v\nIdle\n```\n")
    _, _, body = only_page(run([SourceDocument("doc-01.md", client), SourceDocument("doc-09.txt", package)]))
    part = body[body.index("# frob.client"):]
    assert part.split("\n\n")[1:4] == [
        "Frob/1.1 client library[^doc-01]", "```\n<intro stuff goes here>\n```",
        "The client goes through a number of states, which define when a request may be made. This diagram details "
        "these state transitions:"], part


def test_pydoc_texts_classes_are_sections_as_its_htmls_are() -> None:
    """logging's page set the module's own classes (pydoc's text) as bullets with their
    members nested, and logging.handlers' (pydoc's HTML) as headings with `Methods
    defined here` under each: one reference in two shapes."""
    def cls(name: str) -> str:
        return (f"    class {name}(builtins.object)\n     |  {name}(path)\n     |\n     |  Reads one {name} file.\n"
                "     |\n     |  Methods defined here:\n     |\n     |  close(self)\n     |      Close the file.\n"
                "     |\n     |  read(self, size)\n     |      Read size bytes.\n     |\n")
    text = ("Help on module frob:\n\nNAME\n    frob - Frob files for Python.\n\nCLASSES\n    builtins.object\n"
            f"        Reader\n        Writer\n\n{cls('Reader')}\n{cls('Writer')}\nFUNCTIONS\n    open(path)\n"
            "        Open a frob file.\n")
    _, _, body = only_page(run([SourceDocument("doc-07.txt", text)]))
    headings = [line for line in body.splitlines() if line.startswith("#")]
    assert headings[headings.index("# Classes"):headings.index("# Functions")] == [
        "# Classes", "## class Reader(builtins.object)", "### Methods defined here",
        "## class Writer(builtins.object)", "### Methods defined here"], headings
    assert "Reads one Writer file." in body and "* `class" not in body


def test_see_also_keeps_where_else_to_read_and_the_authors_and_bug_reports_stay_whole() -> None:
    """Readers missed what SEE ALSO says besides its references (`Frob Utils:
    <https://…>`, `Home Page` over its address and what is there, a page's `http://…/cli.html
    The frob-doc package.`), and the AUTHORS and REPORTING BUGS sections (only an
    attribute was left of them); a page's footer inside SEE ALSO (`Frobsoft 2022-12-01 21`)
    is no note."""
    manual = ("FROB(1)\n\nNAME\n       frob - read frob archives\n\nDESCRIPTION\n       Frob reads frob archives.\n\n"
              "AUTHORS\n       Frob was started by Jane Roe, and is maintained by John Doe. Many contributions came\n"
              "       from the frob list.\n\nREPORTING BUGS\n       Report bugs to the frob list. Security issues go to "
              "the security team.\n\nSEE ALSO\n       frobdec(1), frobcat(1), 7z(1)\n\n"
              "       Frob Utils: <https://frob.example/>\n       Frob SDK: <https://frob.example/sdk.html>\n\n"
              "       Home Page\n              https://frob.example/home\n\n"
              "              The primary starting point for learning about frob.\n\n       Frobsoft 2022-12-01 21\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    see_also = page[page.index("# See Also"):].split("\n# ", 1)[0].strip()
    assert see_also.split("\n\n")[1:5] == [
        "frobdec(1), frobcat(1), 7z(1)", "Frob Utils: https://frob.example/[^frob-1]",
        "Frob SDK: https://frob.example/sdk.html[^frob-1]",
        "Home Page: https://frob.example/home The primary starting point for learning about frob.[^frob-1]"], see_also
    assert "Frobsoft" not in see_also
    assert "Frob was started by Jane Roe, and is maintained by John Doe. Many contributions came from the frob list." in page
    assert "Report bugs to the frob list. Security issues go to the security team." in page
    # a command set in bold, a paragraph of its own, inside the sentence that points at it
    bold = ("# NAME\n\nfrob - read frob archives\n\n# DESCRIPTION\n\nFrob reads frob archives.\n\n# SEE ALSO\n\n"
            "The full documentation for **frob** is a Texinfo manual. If **info** is installed, the command\n\n"
            "**info frob**\n\nshould give you access to it, also online at *https://frob.example/manual/*\n")
    [page] = run([SourceDocument("frob.1.md", bold)]).pages.values()
    assert ("The full documentation for frob is a Texinfo manual. If info is installed, the command `info frob` should "
            "give you access to it, also online at https://frob.example/manual/") in page


def test_a_suites_manual_pages_authors_are_said_once_without_the_footer_after_them() -> None:
    """Once AUTHORS stayed on the page, each of a package's manual pages said the same
    authors again, and a converter's footer after them (`2023-01-08   MKFROB(8)`) came along."""
    authors = ("AUTHORS\n       jane roe     <jane@example.org>\n       John Doe     <john@example.org>\n\n"
               "       2023-01-08                 {}(8)\n")
    readme = ("# frobprogs\n\nThis package holds the tools of the frob file system, which the frobprogs project keeps: "
              "mkfrob and tunefrob.\n\n## Building\n\nRun make.\n")
    pages = run([SourceDocument("mkfrob.txt", _frob_manual("mkfrob", authors.format("MKFROB"))),
                 SourceDocument("tunefrob.txt", _frob_manual("tunefrob", authors.format("TUNEFROB"))),
                 SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "title: frobprogs" in t]
    body = page.split("\n---\n", 1)[1]
    assert body.count("john@example.org") == 1, body
    assert "MKFROB(8)" not in body and "TUNEFROB(8)" not in body


def test_a_documents_field_lines_stay_whole_in_their_section_under_its_title() -> None:
    """The sample's contract beside its notice: `# Commercial terms` kept only `Price
    basis` (the other terms were the page's attributes), `# Contacts` only a clause,
    each part a top-level heading beside the page's own."""
    contract = ("# Frob Supply Agreement\n\nFrob Ltd. and Jane Roe Roasters\n\n# Parties\n\nSupplier: Frob Ltd.\n\n"
                "Vendor ID: FRB-4471\n\n# Commercial terms\n\n"
                "Payment terms: 30 days\n\nMinimum order: 10 bags\n\nPrice basis: per kg\n\n# Contacts\n\n"
                "Account manager: John Doe\n\nSamples are sent free of charge.\n")
    notice = ("# Notice of updated terms\n\nFrob Ltd.\n\nDate: 2025-02-10\n\nVendor ID: FRB-4471\n\nDear Jane, the terms change as below "
              "for all orders placed from 1 March 2025.\n\nPayment terms: 45 days\n\nAll other terms remain unchanged.\n")
    pages = run([SourceDocument("vendors/frob-supply-agreement-2024.md", contract),
                 SourceDocument("vendors/frob-terms-update-2025.md", notice)]).pages
    [page] = [p for p in pages.values() if "Frob Supply Agreement" in p]
    headings = [line for line in page.splitlines() if line.startswith("#")]
    assert "# Notice of updated terms" in headings, headings
    assert headings[headings.index("# Frob Supply Agreement"):][:4] == [
        "# Frob Supply Agreement", "## Parties", "## Commercial terms", "## Contacts"], headings
    terms = page[page.index("## Commercial terms"):page.index("## Contacts")]
    assert "* Payment terms: 30 days" in terms and "* Minimum order: 10 bags" in terms and "* Price basis: per kg" in terms


def test_a_suite_with_a_file_formats_page_says_it_gathers_manual_pages_not_commands() -> None:
    """ncurses' page called term(5), a file format, one of `a set of 3 commands`."""
    readme = ("# frobprogs\n\nBuild notes for the frobprogs tree: run make, then make install.\n\n"
              "## Building\n\nRun make.\n")
    conf = ("FROB.CONF(5)          File Formats Manual          FROB.CONF(5)\n\nNAME\n       frob.conf - the "
            "frobprogs settings file\n\nDESCRIPTION\n       frob.conf is part of the frobprogs package and holds "
            "the settings of mkfrob.\n")
    pages = run([SourceDocument("mkfrob.txt", _frob_manual("mkfrob", "")), SourceDocument("frob.conf.txt", conf),
                 SourceDocument("README.md", readme)]).pages
    [page] = [t for t in pages.values() if "title: frobprogs" in t]
    fm, body = split_page(page)
    assert body.strip().startswith("**frobprogs**: this page gathers the manual pages: ")
    assert fm["description"] == "frobprogs: the manual pages frob.conf and mkfrob."


def test_a_class_pydoc_lists_again_under_an_alias_is_said_in_a_sentence() -> None:
    """logging.config's page printed DictConfigurator's nine methods twice, the second
    time under `class DictConfigurator(BaseConfigurator) (alias dictConfigClass)`."""
    members = "Methods defined here:\n\n**configure**(self)\n:   Do the configuration.\n\n"
    text = ("# Python: module frob.config\n\nConfiguration functions for frob.\n\n## Classes\n\n"
            f"### class Configurator(builtins.object)\n\nConfigurator(config)\n\nConfigure frob.\n\n{members}"
            f"### class Configurator(builtins.object) (alias configClass)\n\nconfigClass(config)\n\nConfigure frob.\n\n"
            f"{members}## Functions\n\n**listen**(port)\n:   Listen on port.\n")
    _, _, body = only_page(run([SourceDocument("doc-26.md", text)]))
    assert body.count("Do the configuration.") == 1, body
    assert "configClass is another name for Configurator, above." in body


def test_see_also_says_a_sentence_two_notes_share_once() -> None:
    """groff's page: troff's SEE ALSO entry `roff(7)` went on with `Groff: The GNU
    Implementation of troff ... is the primary groff manual.`, which groff's own SEE ALSO
    had said above it: the sentence stood twice."""
    manual = ("FROB(1)\n\nNAME\n       frob - front-end for the frob system\n\nDESCRIPTION\n       Frob runs a pipeline.\n\n"
              "SEE ALSO\n       The Frob Book, by Jane Roe, is the primary frob manual and a fine read.\n\n"
              "       frob(7)\n              An overview of frob and its kin, with pointers to more. The Frob Book, by "
              "Jane Roe, is the primary frob manual and a fine read.\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    see_also = page[page.index("# See Also"):].split("\n# ", 1)[0]
    assert see_also.count("is the primary frob manual") == 1, see_also
    assert "An overview of frob and its kin, with pointers to more." in see_also


def test_pydocs_inherited_member_lines_are_not_taken_for_a_run_of_fields() -> None:
    """logging's page: `Methods inherited from StreamHandler: flush, setStream.` stood as
    a paragraph and the three lines after it as bullets (a run of field lines)."""
    from wikid.document.model import Paragraph
    from wikid.manager.offline.pages import _Writer

    lines = ("Methods inherited from Frob: flush, setStream.", "Data and other attributes inherited from Frob: sep.",
             "Methods inherited from Base: acquire, close.", "Data descriptors inherited from Base: name.")
    out = _Writer().blocks(tuple(Paragraph(x) for x in lines), "")
    assert out == list(lines)


def test_the_title_of_a_licence_notice_left_out_goes_with_it() -> None:
    """wget's README ended its part with `Additional permission under GNU GPL version 3
    section 7`: the notice under it was left out (the page states the licence), its title
    stood alone; a field naming the licence (`Copying: GNU GPL version 2`) stays."""
    readme = ("# frob\n\nFrob fetches files over HTTP and FTP from the command line.\n\n"
              "Please report bugs in frob to bug-frob@example.org.\n\n"
              "Copying: GNU GPL version 2\n\nMachines: any POSIX system\n\n"
              "This program is free software; you can redistribute it and/or modify it under the terms of the GNU "
              "General Public License as published by the Free Software Foundation.\n\n"
              "Additional permission under GNU GPL version 3 section 7\n\n"
              "If you modify this program, or any covered work, by linking it with the FrobSSL library, the Free "
              "Software Foundation grants you additional permission to convey the resulting work.\n")
    [page] = run([SourceDocument("README.txt", readme)]).pages.values()
    assert "Additional permission under" not in page
    assert "Copying: GNU GPL version 2" in page


def test_see_also_keeps_addresses_set_before_what_they_are() -> None:
    """perl's SEE ALSO: `https://www.perl.org/       the Perl homepage` and three more, an
    address over what it is: none reached the page."""
    manual = ("FROB(1)\n\nNAME\n       frob - read frob archives\n\nDESCRIPTION\n       Frob reads frob archives.\n\n"
              "SEE ALSO\n        https://www.frob.example/       the Frob homepage\n"
              "        https://www.cfan.example/       the Comprehensive Frob Archive\n\nDIAGNOSTICS\n       None.\n")
    [page] = run([SourceDocument("frob.1.txt", manual)]).pages.values()
    see_also = page[page.index("# See Also"):].split("\n# ", 1)[0].strip()
    assert see_also.split("\n\n")[1:] == ["The Frob homepage: https://www.frob.example/[^frob-1]",
                                           "The Comprehensive Frob Archive: https://www.cfan.example/[^frob-1]"]


def test_a_notice_going_on_after_its_copyright_lines_goes_with_them() -> None:
    """ed's README ended on its copyright lines, then `This file is free documentation:
    you have unlimited permission to copy ...` and a sentence on its files' `same
    copyright owner and permissions`: the copyright lines were left out, the rest stayed
    and read as part of the section above (`Testsuite`)."""
    readme = ("# frob\n\nFrob edits frob files line by line.\n\n## Testsuite\n\nThe files in the testsuite directory "
              "test frob. Type 'make check' to run them.\n\nCopyright (C) 2006-2023 Jane Roe.\n\n"
              "This file is free documentation: you have unlimited permission to copy, distribute, and modify it.\n\n"
              "The file Makefile.in has the same copyright owner and permissions that configure itself.\n")
    body = _only_body([SourceDocument("README.md", readme)])
    assert "Type 'make check' to run them." in body
    assert "unlimited permission" not in body and "Makefile.in" not in body


def test_the_definition_lists_inside_an_entry_take_one_shape() -> None:
    """tbl's key letters, under its `Table format specification` entry: examples stand
    between them, one letter's text is long, and the page showed them as a one-row
    table, then a list, then a table again; a reader looked for a letter in three places."""
    from wikid.document.model import Code, Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    long = " ".join(["Units positions of numbers are aligned vertically under each other."] * 10)
    keys = (Paragraph("The available key characters are:"),
            Terms((Term("a,A", (Paragraph("Center the longest line."),)),)), Code(".TS\nl a.\n.TE"),
            Terms((Term("c,C", (Paragraph("Center item within the column."),)), Term("n,N", (Paragraph(long),)))),
            Code(".TS\nn.\n1.5\n.TE"),
            Terms((Term("r,R", (Paragraph("Right-justify item within the column."),)),)))
    text = _Writer().block(Terms((Term("Table format specification", (Paragraph("It says how cells are set."), *keys)),)), "", 0)
    assert "| Term |" not in text
    assert [line.split(" — ")[0].strip() for line in text.splitlines() if line.strip().startswith("* **")] == [
        "* **Table format specification**", "* **a,A**", "* **c,C**", "* **n,N**", "* **r,R**"]


def test_a_description_opening_with_its_name_line_again_adds_nothing_to_the_lead() -> None:
    """ed's lead: `**ed** — line-oriented text editor. GNU ed is a line-oriented text
    editor.`, its DESCRIPTION's first sentence saying its NAME line again; a first
    sentence that says more stays in the lead."""
    def manual(first: str) -> str:
        return ("FROB(1)                 User Commands                 FROB(1)\n\nNAME\n       frob - line-oriented "
                f"frob editor\n\nSYNOPSIS\n       frob [file]\n\nDESCRIPTION\n       {first} It is used to create and "
                "modify frob files.\n\nOPTIONS\n       -q     Quiet execution.\n")
    [again] = run([SourceDocument("frob.txt", manual("GNU frob is a line-oriented frob editor."))]).pages.values()
    assert "**frob** — line-oriented frob editor. It is used to create" in again and "GNU frob is a" not in again
    [more] = run([SourceDocument("frob.txt", manual("GNU frob is a line-oriented frob editor for teams."))]).pages.values()
    assert "**frob** — line-oriented frob editor. GNU frob is a line-oriented frob editor for teams. It is used" in more


def test_a_description_whose_text_went_to_the_lead_gives_its_place_to_its_subsections() -> None:
    """cpan's manual: its DESCRIPTION's one paragraph became the lead, and the page
    showed `## Description` over nothing but `### Options`, as if its text were lost."""
    manual = ("# NAME\n\nfrob - work with frob archives\n\n# SYNOPSIS\n\n    frob [-a] archive\n\n# DESCRIPTION\n\n"
              "This script provides a command interface to frob archives.\n\n## Options\n\n-a\n:   Add all files.\n\n"
              "### Rare options\n\n-z\n:   Zap the archive.\n\n## Examples\n\n    frob -a my.frob\n\n# SEE ALSO\n\nfrobd(1)\n")
    [page] = run([SourceDocument("frob.1.md", manual)]).pages.values()
    headings = [line.split("[^")[0] for line in page.splitlines() if line.startswith(("# ", "## "))]
    assert headings[:4] == ["# Usage", "# Options", "## Rare options", "# Examples"]
    assert "This script provides a command interface to frob archives." in page


def test_a_lead_in_another_source_said_stays_over_the_list_it_introduces() -> None:
    """bzip2's manual, beside its manual page: `bzip2 attempts to guess the filename ...
    as follows:` was left out as said already, and the manual's own list of names stood
    with nothing saying what it was; so did its memory formulas."""
    notes = ("NOTES\n       Files which frob did not write are skipped with a warning.  frob names its output after "
             "its input as follows:\n\n       o      name becomes name.frob\n\n")
    readme = ("# The frob manual\n\nThis manual tells how frob is used on a frob file system.\n\n## Names\n\n"
              "Files which frob did not write are skipped with a warning. frob names its output after its input as "
              "follows:\n\n* `name.tar` becomes `name.tfrob`\n* `other` becomes `other.frob`\n")
    pages = run([SourceDocument("frob.txt", _frob_manual("frob", notes)), SourceDocument("manual.md", readme)]).pages
    [page] = [t for t in pages.values() if "frob is part of the frobprogs package" in t]
    assert "\n\nfrob names its output after its input as follows:\n\n* `name.tar` becomes `name.tfrob`" in page
    assert page.count("Files which frob did not write are skipped with a warning.") == 1  # (its last sentence only)


def test_a_calls_form_ending_a_section_is_no_lead_in_left_out() -> None:
    """jq's SQL-style operators end on `IN(s):` and `IN(source; s):`, forms with no text
    of their own: the last was left out as a lead-in with nothing after it."""
    readme = ("# frob\n\nFrob reads frob files.\n\n## Operators\n\nFrob has a few operators.\n\nJOIN($idx; expr):\n\n"
              "IN(s):\n\nIN(source; s):\n\n## Links\n\nSee the guide.\n\nJump to:\n")
    body = _only_body([SourceDocument("README.md", readme)])
    assert "IN(s):\n\nIN(source; s):" in body and "Jump to:" not in body


def test_a_warranty_section_in_the_authors_words_stays_a_licence_notice_does_not() -> None:
    """lsof's README: its `Warranty` section (`Lsof is provided as-is without any
    warranty ...`) was left out as a licence notice, and `Bug Reports` after it opened
    on `Now that the obligatory disclaimer is out of the way`. A section of the GPL's
    warranty words still goes: the page states the licence."""
    readme = ("# frob\n\nFrob lists open frob files.\n\n## Warranty\n\nFrob is provided as-is without any warranty of "
              "any kind, either expressed or implied. The entire risk as to its quality is with you.\n\n"
              "## Bug Reports\n\nNow that the obligatory disclaimer is out of the way, send bug reports to me.\n\n"
              "## No warranty\n\nThis program is free software and comes WITHOUT ANY WARRANTY; see the GNU General "
              "Public License for more details.\n")
    body = _only_body([SourceDocument("README.md", readme)])
    assert "# Warranty\n\nFrob is provided as-is without any warranty of any kind" in body
    assert "WITHOUT ANY WARRANTY" not in body and "No warranty" not in body


def test_a_data_file_of_versions_gives_the_entitys_own_its_version() -> None:
    """node's `process.versions` beside its manual: `"node": "20.20.2"` among its parts'
    versions, and the page's attributes had no version."""
    versions = '```json\n{"frob": "2.4.1", "zlib": "1.3.1", "openssl": "3.0.13"}\n```\n'
    pages = run([SourceDocument("frob.txt", _frob_manual("frob", "")), SourceDocument("frob-versions.json", versions)]).pages
    [page] = [t for t in pages.values() if "frob is part of the frobprogs package" in t]
    assert re.search(r"\| Version \| 2\.4\.1 \| \[\^", page), page[:1500]


def test_notes_between_two_lists_of_releases_stay_on_the_page() -> None:
    """lsof's distribution notes: `What's new in Version 4`, four paragraphs between the
    last of its 3.x release notes and `Version 4 Release Notes`, was read as the end of
    release 3.88, which the page (showing the newest releases) never shows."""
    def release(version: str, day: int, text: str) -> str:
        return f"{version}\t\tMarch {day}, 1997\n\t\t{text}\n\n"
    notes = ("Notes for the distribution of frob version 4\n"
             "=============================================\n\nFrob lists open frob files on many systems.\n\n"
             "Version 3 Release Notes\n=======================\n\n" + release("3.87", 1, "Fixed the frob table.")
             + release("3.88", 2, "Added documentation files.") + "\nWhat's new in Version 4\n=======================\n\n"
             "The main goal of version 4 was to drop the fragment files of version 3.\n\n"
             "Its library sources are stored in the lib subdirectory.\n\n\nVersion 4 Release Notes\n"
             "=======================\n\n" + release("4.0", 24, "Reorganized the sources into a library.")
             + release("4.01", 25, "Fixed the Makefile.") + release("4.02", 26, "Added a test suite."))
    [page] = run([SourceDocument("frob-notes.txt", notes)]).pages.values()
    assert "# What's new in Version 4\n\nThe main goal of version 4 was to drop the fragment files of version 3." in page
    assert page.count("Its library sources are stored in the lib subdirectory.") == 1
    assert "## 4.02" in page


def test_entries_each_a_name_and_its_number_are_a_table_of_both() -> None:
    """troff's warnings: `break 4`, `char 1`, `color 524288` over their text: a name the
    -w option takes and a number the warn request takes, fused into one cell."""
    from wikid.document.model import Paragraph, Term, Terms
    from wikid.manager.offline.pages import _Writer

    warnings = Terms((Term("break 4", (Paragraph("Lines that could not be broken."),)),
                      Term("char 1", (Paragraph("Non-existent characters."),)),
                      Term("color 524288", (Paragraph("Color-related warnings."),))))
    assert _Writer().block(warnings, "", 0).splitlines()[:3] == [
        "| Name | Number | Description |", "|---|---|---|", "| break | 4 | Lines that could not be broken. |"]
    options = Terms((Term("-w name", (Paragraph("Warn."),)), Term("-W 4", (Paragraph("Do not warn."),))))
    assert _Writer().block(options, "", 0).splitlines()[0] == "| Option | Description |"


def test_a_description_left_with_only_its_options_is_titled_options() -> None:
    """gcore's manual: its DESCRIPTION's sentence went to the lead, and `## Description`
    stood over nothing but its `-a` and `-o` options."""
    manual = ("# NAME\n\nfrob - make core files of running frobs\n\n# SYNOPSIS\n\n**frob** \\[-a\\] *pid*\n\n"
              "# DESCRIPTION\n\nfrob makes a core file for each process it is given.\n\n**-a**  \nDump every mapping.\n\n"
              "**-o** *file*  \nWrite the core file to file.\n\n# SEE ALSO\n\nfrobd(1)\n")
    [page] = run([SourceDocument("frob.1.md", manual)]).pages.values()
    assert "# Description" not in page and "# Options\n\n| Option | Description |" in page
