"""Passages: what a snippet or an answer may quote, each with the context that frames it."""

from __future__ import annotations

from wikid.query.passages import Passage, cut, framed, heading_before

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
    assert [p.code for p in passages] == [False, False, False, True, True]


def test_a_name_kept_once_a_block_opened_under_it_is_prose() -> None:
    """A short line naming something is held back until it is known whether entries
    follow it; kept as a passage only when the block after it opens, it is still the
    page's prose, not the block's code."""
    passages = cut("frob\n\n```\nfrob --all\n```\n\nThen it stops.\n")
    assert [(p.text, p.code) for p in passages] == [("frob", False), ("frob --all", True), ("Then it stops.", False)]


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


def tags(text: str) -> dict[str, str]:
    return {p.text: p.tag for p in cut(text)}


def test_an_entry_is_named_by_its_tag_in_each_layout_a_reference_uses() -> None:
    man = ("OPTIONS\n       -P max-procs, --max-procs=max-procs\n"
           "              Run up to max-procs processes at a time.\n\n"
           "       -k     Keep the original file.\n\n"
           "EXIT STATUS\n       frob exits with:\n\n              9      the named files were not found.\n")
    found = tags(man)
    assert found["-P max-procs, --max-procs=max-procs Run up to max-procs processes at a time."] == \
        "-P max-procs, --max-procs=max-procs"  # the tag on its own line, the description indented under it
    assert found["-k Keep the original file."] == "-k"  # the tag in the indent, the description to its right
    assert found["9 the named files were not found."] == "9"
    markdown = ("| Code | Meaning |\n|---|---|\n| 9 | the named files were not found. |\n\n"
                "**-s**, **--seconds** *delay*  \nRepeat every delay seconds.\n\n"
                "-d\n:   Decompress.\n\n"
                "* `-n` — never overwrite existing files.\n"
                "* **--quiet**: say nothing.\n\n"
                "Exit status: 0 for a normal exit, 2 for a corrupt input file.\n")
    found = tags(markdown)
    assert found["9 | the named files were not found."] == "9"  # a table row: its first cell
    assert found["-s, --seconds delay Repeat every delay seconds."] == "-s, --seconds delay"  # before a hard break
    assert found["-d : Decompress."] == "-d"  # a definition list's term
    assert found["-n — never overwrite existing files."] == "-n"
    assert found["--quiet: say nothing."] == "--quiet"
    assert found["Exit status: 0 for a normal exit, 2 for a corrupt input file."] == "Exit status"


def test_prose_names_nothing_even_when_justified_with_double_spaces() -> None:
    text = ("       The  program  reads  each file in turn and writes the result to\n"
            "       the standard output, one line per file, in the given order.\n\n"
            "It was written in 1994. Since then it has been rewritten twice.\n")
    assert set(tags(text).values()) == {""}


def test_the_paragraphs_indented_under_an_entry_go_on_describing_it() -> None:
    text = ("OPTIONS\n       -P max-procs\n              Run up to max-procs processes at a time.\n\n"
            "              Please note that the processes must share resources carefully.\n\n"
            "       -q     Say nothing.\n\n"
            "       Options may be combined.\n")
    passages = {p.text: p for p in cut(text)}
    later = passages["Please note that the processes must share resources carefully."]
    assert later.tag == "-P max-procs" and later.context == "OPTIONS"
    assert framed(later, later.text, 120) == \
        "OPTIONS — -P max-procs — Please note that the processes must share resources carefully."
    assert passages["-q Say nothing."].tag == "-q"
    assert passages["Options may be combined."].tag == ""  # back at the entries' indentation: no longer -q's


def test_a_name_over_a_quoted_description_names_its_paragraphs_and_is_no_passage() -> None:
    text = ("# OPTIONS\n\nAll options are set in the [Journal] section:\n\n*Storage=*\n\n"
            "> Controls where to store journal data.\n>\n> Note that the default is auto.\n\n"
            "*Compress=*\n\n> Takes a boolean value.\n\nSee also\n\nThe other manuals.\n")
    passages = cut(text)
    assert [(p.text, p.tag) for p in passages] == [
        ("Controls where to store journal data.", "Storage="),  # the quote's marks are gone, its paragraphs apart
        ("Note that the default is auto.", "Storage="),
        ("Takes a boolean value.", "Compress="),
        ("See also", ""),  # a short line nothing is indented under: a passage
        ("The other manuals.", ""),
    ]
    assert passages[0].context == "OPTIONS All options are set in the [Journal] section:"


def test_a_definition_ending_with_a_colon_introduces_what_is_indented_under_it_not_its_siblings() -> None:
    text = ("-type c\n:   File is of type c:\n\n    b   block special\n\n"
            "-xtype c\n:   The same as -type unless the file is a link.\n\n"
            "-delete\n:   Delete files or directories.\n")
    passages = {p.text: p for p in cut(text)}
    assert passages["b block special"].lead == "-type c : File is of type c:"
    assert passages["-xtype c : The same as -type unless the file is a link."].lead == ""
    assert passages["-delete : Delete files or directories."].lead == ""


def test_a_region_far_into_an_entry_is_read_with_the_entry_and_the_sentence_introducing_it() -> None:
    text = ("EXIT STATUS\n       frob exits with the following status:\n\n"
            "              2      if a file could not be read.\n\n"
            + "".join(f"                     step {n} of the recovery is taken.\n\n" for n in range(12))
            + "                     the last step restores the backup.\n")
    start = text.index("the last step")
    [passage] = cut(text, start, start + 10)
    assert passage.text == "the last step restores the backup."
    assert passage.tag == "2" and passage.context == "EXIT STATUS frob exits with the following status:"


def test_the_heading_over_a_region_is_found_however_far_back_it_is() -> None:
    text = "NAME\n       frob\n\nDESCRIPTION\n" + "       A line of prose that goes on.\n" * 400 + "       The end.\n"
    assert heading_before(text, len(text) - 5) == ("DESCRIPTION", text.index("DESCRIPTION"))
    assert heading_before(text, text.index("DESCRIPTION") - 2) == ("NAME", 0)


def test_an_asides_label_names_no_entry() -> None:
    found = tags("Note: forwarding is performed synchronously.\n\n"
                 "WARNING: the cache is not flushed.\n\n"
                 "Exit status: 0 for a normal exit.\n")
    assert found["Note: forwarding is performed synchronously."] == ""
    assert found["WARNING: the cache is not flushed."] == ""
    assert found["Exit status: 0 for a normal exit."] == "Exit status"


def test_a_capitalised_line_ending_in_a_hard_line_break_names_an_entry_and_heads_no_section() -> None:
    """Markdown's hard line break (two spaces, a backslash) runs a line on into the next
    as one paragraph: `ESC-G` over what the key does is a command and its description,
    not a section called ESC-G over every entry after it."""
    text = ("COMMANDS\n\nESC-G  \nGo to the last line of the file.\n\n"
            "?pattern  \nSearch backward in the file for the N-th line containing the pattern.\n\n"
            "HOME\\\nGo to the first line.\n")
    found = by_text(cut(text))
    assert "ESC-G Go to the last line of the file." in found
    assert "?pattern Search backward in the file for the N-th line containing the pattern." in found
    assert len(found) == 3 and {p.heading for p in found.values()} == {"COMMANDS"}  # HOME\ heads nothing either
    assert found["ESC-G Go to the last line of the file."].tag == "ESC-G"
    assert heading_before(text, text.index("?pattern")) == ("COMMANDS", 0)
