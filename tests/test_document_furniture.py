"""wikid.document.furniture: what in a document is not its own content.

Covers `strip_page_furniture` (running headers and footers of a paged PDF text, page
numbers changing; too few pages or nothing repeated leaves the text alone),
`main_blocks` (navigation sections such as "Table of Contents" and "Previous topic"
and where they end, link-only lists, link-dense paragraphs, README badges, the
FURNITURE_HEADING an extractor appends), `is_navigation` and `is_boilerplate`.
"""

from __future__ import annotations

import pytest

from wikid.document.blocks import HEADING, ITEM, PARAGRAPH, parse
from wikid.document.furniture import (
    FURNITURE_HEADING,
    is_boilerplate,
    is_navigation,
    is_revision_stamp,
    is_sign_off,
    main_blocks,
    strip_page_furniture,
    without_editor_settings,
)


def main_texts(text: str) -> list[str]:
    return [b.text for b in main_blocks(parse(text))]


# --- running headers and footers --------------------------------------------------

BODIES = [
    "The harbour project began in the spring.\nSurveyors mapped the seabed first.\nThe council paid for the work.",
    "Dredging started in June.\nTwo barges worked in shifts.",
    "The new quay opened in October.\nTraffic doubled within a month.\nNoise complaints fell.",
    "Next year the breakwater grows.\nA public consultation is planned.",
]


def paged(bodies: list[str], header: str | None, footer: str | None) -> str:
    pages = []
    for n, body in enumerate(bodies, 1):
        lines = [f"## Page {n}", ""]
        lines += [header.format(n=n)] if header else []
        lines += [body]
        lines += [footer.format(n=n, total=len(bodies))] if footer else []
        pages.append("\n".join(lines))
    return "\n\n".join(pages) + "\n"


def test_running_header_and_footer_with_changing_page_numbers_are_removed() -> None:
    text = paged(BODIES, "Harbour Board — Annual Report 2023", "Page {n} of {total}")
    stripped = strip_page_furniture(text)
    assert stripped == paged(BODIES, None, None)
    assert "Annual Report" not in stripped and "of 4" not in stripped
    for body in BODIES:
        assert body in stripped


def test_a_footer_on_half_of_the_pages_is_furniture() -> None:
    text = paged(BODIES, None, None).replace("Two barges worked in shifts.", "Two barges worked in shifts.\n- 2 -")
    text = text.replace("Noise complaints fell.", "Noise complaints fell.\n- 3 -")
    assert strip_page_furniture(text) == paged(BODIES, None, None)


def test_a_line_repeated_in_the_middle_of_pages_is_content() -> None:
    # Only the first and last two lines of a page can be its header or footer.
    bodies = [f"Opening {w} of the page.\nSecond {w} line.\nThe tide table follows.\nFourth {w} line.\nEnd {w} here."
              for w in ("one", "two", "three", "four")]
    text = paged(bodies, None, None)
    assert strip_page_furniture(text) == text


@pytest.mark.parametrize("pages", [1, 2])
def test_fewer_than_three_pages_are_left_alone(pages: int) -> None:
    text = paged(BODIES[:pages], "Harbour Board — Annual Report 2023", "Page {n} of {total}")
    assert strip_page_furniture(text) == text


def test_a_text_without_page_headings_is_left_alone() -> None:
    text = "Harbour Board\nThe survey.\n\nHarbour Board\nThe results.\n\nHarbour Board\nThe plan.\n"
    assert strip_page_furniture(text) == text


def test_pages_without_a_repeated_line_are_left_alone() -> None:
    text = paged(BODIES, None, None)
    assert strip_page_furniture(text) == text


# --- navigation and main blocks ---------------------------------------------------


README = """\
[![Build](https://ci.example.org/frob.svg)](https://ci.example.org/frob) [![Coverage](https://cov.example.org/frob.svg)](https://cov.example.org)

# Frob

Frob twiddles the bits of files in place and reports what changed.

## Table of Contents

- [Installation](#installation)
- [Usage](#usage)
- [License](#license)

### Badges

More navigation words.

## Installation

Run `pip install frob` and you are done.

## License

Frob is free software: you can redistribute it under the terms of the GNU General Public License.
"""


def test_readme_badges_and_table_of_contents_are_not_content() -> None:
    assert main_texts(README) == [
        "Frob",
        "Frob twiddles the bits of files in place and reports what changed.",
        "Installation",
        "Run pip install frob and you are done.",
        "License",
        "Frob is free software: you can redistribute it under the terms of the GNU General Public License.",
    ]
    # The licence paragraph stays content, but it is boilerplate: never used to describe.
    assert is_boilerplate(main_texts(README)[-1])


SPHINX_MARKDOWN = """\
# frob — Bit twiddling

The frob module twiddles bits.

## Usage

Call it with a path.

## Previous topic

[Introduction](intro.html)

## This Page

- [Show Source](_sources/frob.txt)

## Quick search

## Notes

Last section of the page.
"""


def test_navigation_sections_end_at_the_next_heading_of_their_level() -> None:
    assert main_texts(SPHINX_MARKDOWN) == [
        "frob — Bit twiddling", "The frob module twiddles bits.", "Usage", "Call it with a path.",
        "Notes", "Last section of the page."]


@pytest.mark.parametrize("heading", ["Contents", "TOC", "On this page", "Navigation:", "**Related topics**", "Skip to content"])
def test_navigation_heading_names(heading: str) -> None:
    text = f"# Guide\n\nIntro.\n\n## {heading}\n\nHidden words.\n\n## Next part\n\nShown words.\n"
    assert main_texts(text) == ["Guide", "Intro.", "Next part", "Shown words."]


def test_a_deeper_navigation_section_ends_at_a_higher_heading_and_at_a_page_break() -> None:
    text = "## Chapter\n\n### Contents\n\nhidden\n\n## Page 2\n\nShown after the page break.\n"
    blocks = main_blocks(parse(text))
    assert [b.text for b in blocks] == ["Chapter", "Page 2", "Shown after the page break."]


def test_a_heading_merely_containing_a_navigation_word_is_content() -> None:
    assert main_texts("## Search algorithms\n\nBinary search halves the range.") == [
        "Search algorithms", "Binary search halves the range."]


def test_everything_after_the_extractors_furniture_heading_is_dropped() -> None:
    text = f"# Page title\n\nThe content.\n\n## {FURNITURE_HEADING}\n\n- [Home](/)\n\nFooter text.\n"
    assert main_texts(text) == ["Page title", "The content."]


def test_a_run_of_link_only_items_is_a_table_of_contents() -> None:
    text = "Intro.\n\n- [One](#one)\n- [Two](#two)\n- [Three](#three)\n\nBody.\n"
    assert main_texts(text) == ["Intro.", "Body."]


def test_two_link_only_items_and_items_with_prose_are_kept() -> None:
    short = "Intro.\n\n- [One](#one)\n- [Two](#two)\n\nBody.\n"
    assert main_texts(short) == ["Intro.", "One", "Two", "Body."]
    mixed = "- [One](#one)\n- [Two](#two)\n- Three has no link at all\n\nBody.\n"
    assert main_texts(mixed) == ["One", "Two", "Three has no link at all", "Body."]


def test_an_item_that_is_mostly_two_links_is_dropped_even_in_a_short_list() -> None:
    text = "- [Home](/) [Up](..)\n- Plain item\n"
    assert main_texts(text) == ["Plain item"]


def test_link_dense_paragraphs_are_navigation_and_prose_with_links_is_not() -> None:
    text = ("[Docs](/docs) · [API](/api) · [Blog](/blog)\n\n"
            "See [the guide](/guide) and [the FAQ](/faq) before asking questions on the list.\n")
    assert main_texts(text) == ["See the guide and the FAQ before asking questions on the list."]


def test_a_heading_made_of_links_is_kept() -> None:
    assert main_texts("## [Frob](/frob) and [Blat](/blat)\n\nText.") == ["Frob and Blat", "Text."]


@pytest.mark.parametrize(
    ("text", "navigation"),
    [
        ("[Home](/) · [Downloads](/dl)", True),
        ("[Only one link](/x)", False),  # a paragraph needs two links
        ("See [a](/a) and [b](/b) for all the details of the format.", False),
        ("Plain prose without links.", False),
    ],
)
def test_is_navigation_of_paragraphs(text: str, navigation: bool) -> None:
    [block] = parse(text)
    assert block.kind == PARAGRAPH
    assert is_navigation(block) is navigation


@pytest.mark.parametrize(("text", "navigation"), [("- [Installation](#installation)", True), ("- See [Installation](#i) first", False)])
def test_is_navigation_of_items(text: str, navigation: bool) -> None:
    [block] = parse(text)
    assert block.kind == ITEM
    assert is_navigation(block) is navigation


def test_main_blocks_keeps_order_and_block_identity() -> None:
    blocks = parse("# T\n\nA.\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```\n")
    assert main_blocks(blocks) == blocks
    assert next(b.kind for b in main_blocks(blocks)) == HEADING


# --- boilerplate ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Copyright (c) 2021 Jane Roe",
        "Copyright 2019-2024 The Frob Authors",
        "© 2022 Harbour Board",
        "All rights reserved.",
        "Permission is hereby granted, free of charge, to any person",
        "This program is distributed WITHOUT ANY WARRANTY",
        "Licensed under the Apache License, Version 2.0",
        "Frob is free software; you can redistribute it",
        "DO NOT EDIT: this file is automatically generated",
        "Generated by frobgen 1.2",
        "<!-- template start -->",
        "{{ page.title }}",
        "$if(author)$",
        "We use cookies. Accept them to agree to our privacy policy.",
    ],
)
def test_boilerplate(text: str) -> None:
    assert is_boilerplate(text)


@pytest.mark.parametrize(
    "text",
    ["The copyright holder is named in each file.", "Frob generates reports.", "Free software is discussed below.",
     "Editing the file by hand is fine."],
)
def test_not_boilerplate(text: str) -> None:
    assert not is_boilerplate(text)


def test_a_repeated_line_is_furniture_only_where_a_page_starts_or_ends() -> None:
    # The running header also occurs inside a page's body: there it is the text's own.
    bodies = [f"Opening {w} of the page.\nSecond {w} line.\nHarbour Board — Annual Report 2023\nFourth {w} line.\nEnd {w} here."
              for w in ("one", "two", "three", "four")]
    text = paged(bodies, "Harbour Board — Annual Report 2023", None)
    stripped = strip_page_furniture(text)
    assert stripped == paged(bodies, None, None)
    assert stripped.count("Harbour Board — Annual Report 2023") == 4


def test_a_running_footer_glued_to_a_pages_last_line_is_cut_from_it() -> None:
    text = paged(BODIES, "HARBOUR(1) Harbour Board HARBOUR(1)", "Harbour Board 2023-12-01 {n}")
    text = text.replace("Two barges worked in shifts.\nHarbour Board 2023-12-01 2",
                        "Two barges worked in Harbour Board 2023-12-01 2")
    stripped = strip_page_furniture(text)
    assert "Harbour Board 2023" not in stripped
    assert "Two barges worked in\n" in stripped


def test_a_running_footer_glued_inside_a_word_the_page_broke_is_cut_and_the_word_joined() -> None:
    """less's manual as a PDF: `... on DOS and WinVersion 590: 03 Jun 2021 22` over the
    next page's `dows systems, or ...`; ssh's `... many different identiBSD January 13,
    2023 9` over `ties.`."""
    bodies = ["The harbour project began in the spring.\nSurveyors mapped the seabed first.",
              "Dredging started in June.\nTwo barges worked in shi", "fts, day and night.\nNoise complaints fell.",
              "Next year the breakwater grows.\nA public consultation is planned."]
    text = paged(bodies, "HARBOUR(1) Harbour Board HARBOUR(1)", "Harbour Board 2023-12-01 {n}")
    text = text.replace("Two barges worked in shi\nHarbour Board 2023-12-01 2", "Two barges worked in shiHarbour Board 2023-12-01 2")
    stripped = strip_page_furniture(text)
    assert "Harbour Board 2023" not in stripped
    assert "Two barges worked in shifts,\n" in stripped and "\nday and night." in stripped
    assert "\nfts" not in stripped


@pytest.mark.parametrize(("text", "signed"), [
    ("-- The frob maintainers", True),
    ("– Jane Roe jane@example.org John Doe jdoe@example.org", True),
    ("Jane Roe <jane@example.org> March ??? 2018", True),
    ("2004, Jane Roe, John Doe", True),
    ("Jane Roe <jane@example.org>", False),  # who wrote it, in an AUTHORS section: stays
    ("-- Use this option with care", False),
    ("--verbose", False),
    ("2004 was the year frob 1.0 came out.", False),
    ("Please mail bugs to frob@example.org.", False),
])
def test_a_sign_off_is_names_after_a_dash_or_with_a_date(text: str, signed: bool) -> None:
    assert is_sign_off(text) is signed


def test_an_editor_settings_block_goes_with_the_note_over_it() -> None:
    """GDB's README ends `(this is for editing this file with GNU emacs)` over its
    `Local Variables:` block: the note was left on the page alone."""
    text = ("Frob\n****\n\nFrob reads files.\n\n\f\n(this is for editing this file with GNU emacs)\n"
            "Local Variables:\nmode: text\nEnd:\n")
    assert without_editor_settings(text) == "Frob\n****\n\nFrob reads files.\n\n\f\n"
    kept = "Frob reads files.\n\n(See the manual.)\n\nLocal Variables:\nmode: text\nEnd:\n"
    assert without_editor_settings(kept) == "Frob reads files.\n\n(See the manual.)\n\n"


@pytest.mark.parametrize(("text", "stamp"), [
    ("$Id: frob.c,v 1.2 2004/01/01 jane Exp $", True),
    ("Last updated 2024-05-31 00:35:55 UTC", True),  # git's manual pages, as asciidoc writes them
    ("Last updated: 2024-05-31", True),
    ("Last updated 2024-05-31, the frob reader learned to read archives.", False),
])
def test_a_revision_stamp_is_bookkeeping_not_content(text: str, stamp: bool) -> None:
    assert is_revision_stamp(text) is stamp
