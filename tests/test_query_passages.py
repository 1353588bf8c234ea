"""Passages: what a snippet or an answer may quote, each with the context that frames it."""

from __future__ import annotations

from wikid.query.passages import Passage, cut, heading_before

MAN_PAGE = """\
FROB(1)                     General Commands Manual                    FROB(1)

NAME
       frob - polish files

OPTIONS
       -k, --keep
              Keep the original file after polishing it.

       -q     Say nothing while working.  Errors are still printed.

EXIT STATUS
       frob exits with the following status:

              0      if every file was polished

              2      if a file could not be read

       Exit codes above 128 mean that frob died of a signal.
"""


def by_text(passages: list[Passage]) -> dict[str, Passage]:
    return {p.text: p for p in passages}


def test_a_man_page_gives_options_and_exit_statuses_with_their_heading_and_the_sentence_introducing_them() -> None:
    found = by_text(cut(MAN_PAGE))
    keep = found["-k, --keep Keep the original file after polishing it."]
    assert keep.heading == "OPTIONS" and keep.context == "OPTIONS"
    two = found["2 if a file could not be read"]
    assert two.heading == "EXIT STATUS"
    assert two.context == "EXIT STATUS frob exits with the following status:"
    assert two.lead == "frob exits with the following status:" and two.lead not in found  # shown with its entries
    # a paragraph back at the introduction's indentation is no longer one of its entries
    assert found["Exit codes above 128 mean that frob died of a signal."].context == "EXIT STATUS"
    assert "EXIT STATUS" not in found and "OPTIONS" not in found  # headings frame passages, they are none


def test_a_faq_question_frames_its_answer_and_is_not_quoted_itself() -> None:
    text = ("Why are long names shown as numbers?\n\n\tThe standard asks for numbers when the column is\n"
            "\ttoo narrow.\n\n\tRename the column to widen it.\n\nWhere do bug reports go?\n\n\tTo the tracker.\n")
    passages = cut(text)
    assert [p.text for p in passages] == ["The standard asks for numbers when the column is too narrow.",
                                          "Rename the column to widen it.", "To the tracker."]
    assert passages[1].context == "Why are long names shown as numbers?"
    assert passages[2].context == "Where do bug reports go?"


def test_markdown_headings_tables_lists_and_code_blocks() -> None:
    body = ("# Options\n\n| Option | Description |\n|---|---|\n| -k | keep the file |\n\n"
            "Setup\n=====\n\n- Install it.\n- Run it\n  twice.\n\nIt exits with:\n\n```\n0   done\n\n2   failed\n```\n")
    passages = cut(body)
    assert [(p.text, p.heading, p.context) for p in passages] == [
        ("-k | keep the file", "Options", "Options Option | Description"),
        ("Install it.", "Setup", "Setup"),
        ("Run it twice.", "Setup", "Setup"),
        ("0 done", "Setup", "Setup It exits with:"),  # a block laid out as code: its groups of lines
        ("2 failed", "Setup", "Setup It exits with:"),
    ]
    assert passages[-1].lead == "It exits with:"  # shown with its entries, not a passage of its own


def test_a_definition_list_entry_keeps_the_introduction_of_the_list() -> None:
    text = "Flags are:\n\n**-d**\n:   Decompress.\n\n**-v**\n:   Be verbose.\n\nThat is all.\n"
    passages = by_text(cut(text))
    assert passages["-d : Decompress."].context == "Flags are:"
    assert passages["-v : Be verbose."].context == "Flags are:"
    assert passages["That is all."].context == ""


def test_a_region_is_read_with_the_heading_and_the_introduction_above_it() -> None:
    start = MAN_PAGE.index("2      if a file")
    passages = cut(MAN_PAGE, start, start + 10)
    assert [p.text for p in passages] == ["2 if a file could not be read"]
    assert passages[0].context == "EXIT STATUS frob exits with the following status:"
    assert passages[0].at == MAN_PAGE.index("              2      if a file")
    assert heading_before(MAN_PAGE, start) == ("EXIT STATUS", MAN_PAGE.index("EXIT STATUS"))


def test_a_word_hyphenated_at_a_line_break_is_joined_and_markup_is_dropped() -> None:
    [passage] = cut("The file is **indi\u2010\ncated** by [its name](x.md).\n")
    assert passage.text == "The file is indicated by its name."
