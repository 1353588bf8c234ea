"""wikid.document.blocks: extracted markdown of every dialect cut into blocks.

Covers `parse` (ATX, setext and reST headings, man pages' ALL-CAPS section lines in
groff text and in PDF text without blank lines, `**NAME**` bold lines, layout
headings, lists with continuation lines and nesting, GFM tables, code fences and a
backtick line that is not one, field lines standing alone, link definitions dropped,
link statistics), `plain` (links, images, reST links, emphasis, escapes, emacs mode
lines, HTML tags), `split_cells`, `table_rows` and `is_field`.
"""

from __future__ import annotations

import pytest

from wikid.document.blocks import (
    CODE,
    HEADING,
    ITEM,
    LAYOUT,
    MAX_HEADING_CHARS,
    PARAGRAPH,
    TABLE,
    is_field,
    parse,
    plain,
    split_cells,
    table_rows,
)


def shape(text: str) -> list[tuple[str, int, str]]:
    """(kind, level, text) of each block."""
    return [(b.kind, b.level, b.text) for b in parse(text)]


# --- headings ---------------------------------------------------------------------


def test_atx_headings_paragraphs_and_line_numbers() -> None:
    text = "# Harbour survey #\n\nThe survey covered\nthe whole bay.\n\n### Method\nDivers counted fish.\n"
    blocks = parse(text)
    assert [(b.kind, b.level, b.text, b.line) for b in blocks] == [
        (HEADING, 1, "Harbour survey", 0),
        (PARAGRAPH, 0, "The survey covered the whole bay.", 2),
        (HEADING, 3, "Method", 5),
        (PARAGRAPH, 0, "Divers counted fish.", 6),
    ]
    assert blocks[1].raw == ("The survey covered", "the whole bay.")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("# C#", [(HEADING, 1, "C#")]),  # a closing `#` run needs a space before it
        ("## Tips ##", [(HEADING, 2, "Tips")]),
        ("#hashtag", [(PARAGRAPH, 0, "#hashtag")]),  # no space: not a heading
        ("    # indented four", [(PARAGRAPH, 0, "# indented four")]),
        ("## **Bold** [link](https://example.org) heading", [(HEADING, 2, "Bold link heading")]),
    ],
)
def test_atx_heading_edges(line: str, expected: list[tuple[str, int, str]]) -> None:
    assert shape(line) == expected


def test_heading_text_is_capped() -> None:
    [block] = parse("# " + "word " * 100)
    assert block.kind == HEADING and len(block.text) == MAX_HEADING_CHARS


def test_setext_and_rest_underlines() -> None:
    text = "Widget Handbook\n===============\n\nIntro text.\n\nInstalling\n----------\n\nRun it.\n\nTuning\n~~~~~~\nTurn the knob.\n"
    assert shape(text) == [
        (HEADING, 1, "Widget Handbook"),
        (PARAGRAPH, 0, "Intro text."),
        (HEADING, 2, "Installing"),
        (PARAGRAPH, 0, "Run it."),
        (HEADING, 2, "Tuning"),
        (PARAGRAPH, 0, "Turn the knob."),
    ]


def test_rest_title_with_over_and_underline() -> None:
    text = "==================\n Widget Reference\n==================\n\n:Author: Jane Roe\n\nThe widget API.\n"
    blocks = parse(text)
    assert (blocks[0].kind, blocks[0].level, blocks[0].text, blocks[0].raw) == (
        HEADING, 1, "Widget Reference", tuple(text.split("\n")[:3]))
    assert [b.text for b in blocks[1:]] == [":Author: Jane Roe", "The widget API."]


def test_underline_after_a_paragraph_line_is_a_rule_not_a_heading() -> None:
    # The line before the dashes continues a paragraph: the dashes are a rule.
    assert shape("First line of text\nsecond line\n-----\nAfter.") == [
        (PARAGRAPH, 0, "First line of text second line"),
        (PARAGRAPH, 0, "After."),
    ]


def test_rules_are_dropped() -> None:
    assert shape("Above.\n\n* * *\n\n___\n\nBelow.") == [(PARAGRAPH, 0, "Above."), (PARAGRAPH, 0, "Below.")]


GROFF_PAGE = """\
FROB(1)                      User Commands                      FROB(1)

NAME
       frob - twiddle the bits of a file

SYNOPSIS
       frob [-v] [-n COUNT] FILE...

DESCRIPTION
       frob reads each FILE and twiddles its bits in place.
       With -v it reports every byte it changed.

EXIT STATUS
       0 on success.
"""

PDF_MAN_PAGE = """\
FROB(1) User Commands FROB(1)
NAME
frob - twiddle the bits of a file
SYNOPSIS
frob [-v] [-n COUNT] FILE...
DESCRIPTION
frob reads each FILE and twiddles its bits in place.
With -v it reports every byte it changed.
EXIT STATUS
0 on success.
"""


@pytest.mark.parametrize("page", [GROFF_PAGE, PDF_MAN_PAGE], ids=["groff-text", "pdf-no-blank-lines"])
def test_man_page_section_lines_are_headings(page: str) -> None:
    blocks = parse(page)
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "FROB(1) User Commands FROB(1)"),
        (HEADING, "NAME"),
        (PARAGRAPH, "frob - twiddle the bits of a file"),
        (HEADING, "SYNOPSIS"),
        (PARAGRAPH, "frob [-v] [-n COUNT] FILE..."),
        (HEADING, "DESCRIPTION"),
        (PARAGRAPH, "frob reads each FILE and twiddles its bits in place. With -v it reports every byte it changed."),
        (HEADING, "EXIT STATUS"),
        (PARAGRAPH, "0 on success."),
    ]
    assert {b.level for b in blocks if b.kind == HEADING} == {2}


@pytest.mark.parametrize(
    "line",
    [
        "BGI-4471",  # a code: mostly digits
        "   INDENTED CAPS",  # not flush left
        "ONE TWO THREE FOUR FIVE SIX",  # too many words
        "Mixed Case Line",
        "AB",  # too few letters
    ],
)
def test_lines_that_are_not_man_sections(line: str) -> None:
    assert [b.kind for b in parse(line)] == [PARAGRAPH]


def test_mdoc_bold_section_lines_are_headings_only_standing_alone() -> None:
    text = "**NAME**\n\n**zap** - remove stale lock files\n\n**SYNOPSIS**\n\n**zap** [**-f**] *dir*\n\n**Note** the flag\n"
    assert shape(text) == [
        (HEADING, 2, "NAME"),
        (PARAGRAPH, 0, "zap - remove stale lock files"),
        (HEADING, 2, "SYNOPSIS"),
        (PARAGRAPH, 0, "zap [-f] dir"),
        (PARAGRAPH, 0, "Note the flag"),
    ]
    # A bold line inside a paragraph is not a heading.
    assert shape("Some text\n**Emphasised line**\nmore text") == [
        (PARAGRAPH, 0, "Some text Emphasised line more text")]


@pytest.mark.parametrize(
    ("line", "kind"),
    [("## Page 3", LAYOUT), ("## Slide 12", LAYOUT), ("## Sheet: Budget 2024", LAYOUT), ("# page 1", LAYOUT),
     ("## Page three", HEADING), ("## Pages 3", HEADING)],
)
def test_layout_headings_the_extractors_add(line: str, kind: str) -> None:
    [block] = parse(line)
    assert block.kind == kind


# --- lists ------------------------------------------------------------------------


def test_list_items_with_continuation_lines_depth_and_numbering() -> None:
    text = ("- Install the package\n  with your package manager.\n- Configure it\n  - set the port\n"
            "    and the host\n1. First step\n2) Second step\n• Bullet from a PDF\n")
    blocks = parse(text)
    assert [(b.kind, b.level, b.text) for b in blocks] == [
        (ITEM, 0, "Install the package with your package manager."),
        (ITEM, 0, "Configure it"),
        (ITEM, 1, "set the port and the host"),
        (ITEM, 0, "First step"),
        (ITEM, 0, "Second step"),
        (ITEM, 0, "Bullet from a PDF"),
    ]
    assert blocks[0].raw == ("- Install the package", "  with your package manager.")


def test_an_unindented_line_after_an_item_starts_a_paragraph() -> None:
    assert shape("- the item\nNot part of it.\n") == [(ITEM, 0, "the item"), (PARAGRAPH, 0, "Not part of it.")]


def test_item_continuation_stops_at_a_heading() -> None:
    assert shape("- item\n  ## Heading") == [(ITEM, 0, "item"), (HEADING, 2, "Heading")]


def test_dash_without_text_or_space_is_not_an_item() -> None:
    assert shape("-5 degrees overnight") == [(PARAGRAPH, 0, "-5 degrees overnight")]


# --- tables and code ---------------------------------------------------------------


TABLE_TEXT = """\
Prices below.

| Item | Price | Note |
|:-----|------:|:----:|
| **Widget** | 4.50 | [spec](https://example.org/w) |
| Gadget | 12.00 | a \\| b |

After the table.
"""


def test_gfm_table_block_text_and_rows() -> None:
    blocks = parse(TABLE_TEXT)
    assert [b.kind for b in blocks] == [PARAGRAPH, TABLE, PARAGRAPH]
    table = blocks[1]
    assert table.line == 2 and len(table.raw) == 4
    assert table.text == "Item | Price | Note\nWidget | 4.50 | spec\nGadget | 12.00 | a | b"
    assert table_rows(table) == [["Item", "Price", "Note"], ["Widget", "4.50", "spec"], ["Gadget", "12.00", "a | b"]]
    assert (table.links, table.link_chars) == (1, 4)


@pytest.mark.parametrize(
    ("line", "cells"),
    [
        ("| a | b |", ["a", "b"]),
        ("a | b", ["a", "b"]),
        ("| a \\| b | c |", ["a | b", "c"]),
        ("| ends with an escaped pipe \\|", ["ends with an escaped pipe |"]),
        ("|  | empty first |", ["", "empty first"]),
    ],
)
def test_split_cells(line: str, cells: list[str]) -> None:
    assert split_cells(line) == cells


def test_code_fences_keep_their_body_verbatim() -> None:
    text = "Run:\n\n```python\nimport frob\n# not a heading\n- not an item\n```\n\n~~~\nraw ~~~ text\n~~~\nDone.\n"
    blocks = parse(text)
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "Run:"),
        (CODE, "import frob\n# not a heading\n- not an item"),
        (CODE, "raw ~~~ text"),
        (PARAGRAPH, "Done."),
    ]
    assert blocks[1].raw[0] == "```python" and blocks[1].raw[-1] == "```"


def test_an_unclosed_fence_runs_to_the_end() -> None:
    [block] = parse("```\nline one\nline two")
    assert (block.kind, block.text) == (CODE, "line one\nline two")


def test_a_line_opening_with_backticks_inside_rest_text_is_not_a_fence() -> None:
    # A backtick fence's info string has no backtick: this is reST link markup.
    text = "```frobenum`` <#frobenum>`__ — Support for frob enumerations\n\nMore text.\n"
    blocks = parse(text)
    assert [b.kind for b in blocks] == [PARAGRAPH, PARAGRAPH]
    assert blocks[0].text == "frobenum — Support for frob enumerations"
    assert blocks[1].text == "More text."


# --- fields and link definitions ------------------------------------------------


def test_field_lines_stand_alone_and_end_the_paragraph_before_them() -> None:
    text = "Dear customer,\nInvoice No: 2024-117\nDue date: 1 May 2024\nThank you for your order\nof three widgets.\n"
    blocks = parse(text)
    assert [(b.text, is_field(b)) for b in blocks] == [
        ("Dear customer,", False),
        ("Invoice No: 2024-117", True),
        ("Due date: 1 May 2024", True),
        ("Thank you for your order of three widgets.", False),
    ]


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("Name: Jane Roe", True),
        ("**Name**: Jane Roe", True),
        ("**Date:** 1 March 2024", True),  # the colon inside the bold, as word processors write it
        ("Ref (internal): A-7", True),
        ("lower case: not a field", False),
        ("Time:10", False),  # no space after the colon
        ("Note:", False),  # no value
    ],
)
def test_is_field(line: str, field: bool) -> None:
    [block] = parse(line)
    assert is_field(block) is field


def test_a_heading_or_item_is_never_a_field() -> None:
    assert not any(is_field(b) for b in parse("# Status: draft\n\n- Owner: Jane"))


def test_link_definitions_are_dropped_and_reference_links_keep_their_text() -> None:
    text = "See the [manual][man] and ![logo][img].\n[man]: https://example.org/manual\n[img]: logo.png \"Logo\"\n"
    [block] = parse(text)
    assert block.text == "See the manual and logo."
    assert block.raw == ("See the [manual][man] and ![logo][img].",)
    assert (block.links, block.link_chars) == (2, 6 + 5)  # an image counts its alt text and one


def test_link_statistics_of_a_menu_line() -> None:
    [block] = parse("[Home](/) · [Downloads](/dl) · [Contact](/contact)")
    assert block.text == "Home · Downloads · Contact"
    assert (block.links, block.link_chars) == (3, 4 + 9 + 7)


def test_crlf_and_cr_line_ends() -> None:
    assert shape("# Title\r\n\r\nBody\rline") == [(HEADING, 1, "Title"), (PARAGRAPH, 0, "Body line")]


def test_empty_and_blank_texts_have_no_blocks() -> None:
    assert parse("") == [] and parse("\n  \n\t\n") == []


# --- plain ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        ("See [the docs](https://example.org/docs) now", "See the docs now"),
        ('[Intro](#intro "Intro (first part)") next', "Intro next"),
        ("[Frob](https://example.org/wiki/Frob_(tool)) page", "Frob page"),
        ("[text][ref] here", "text here"),
        ("![Build status](https://ci.example.org/badge.svg) Frob", "Build status Frob"),
        ("[![logo](logo.png)](https://example.org) Frob", "logo Frob"),
        ("Read `the guide <https://example.org/guide>`_ first", "Read the guide first"),
        ("Read `the guide <guide.html>`__ first", "Read the guide first"),
        ("**bold**, *em*, _under_, `code` and ~~struck~~", "bold, em, under, code and struck"),
        ("snake_case_name and 2*3*4", "snake_case_name and 2*3*4"),
        ("a \\*literal\\* star, \\_under\\_ and \\# hash", "a *literal* star, _under_ and # hash"),
        ("-*- mode: outline -*- Release notes", "Release notes"),
        ("Line<br>break and <b>bold</b> <!-- note -->", "Line break and bold"),
        ("if n < 0 or n > 100 then fail", "if n < 0 or n > 100 then fail"),  # comparisons are not tags
        ("a footnote[^1] mark", "a footnote mark"),
        ("  many   spaces\tand tabs ", "many spaces and tabs"),
    ],
)
def test_plain(markdown: str, text: str) -> None:
    assert plain(markdown) == text
