"""Snippets and `--answer` quote the passage that answers the question, not a page's or a source's first line."""

from __future__ import annotations

from conftest import page
from test_query_sources import FILLER, archive, cited_page

from wikid import Project

MAN_PAGE = """\
FROB(1)                     General Commands Manual                    FROB(1)

NAME
       frob - polish files in place

DESCRIPTION
       frob polishes each FILE and replaces it with the polished copy.  Files
       are read in the order given on the command line.

OPTIONS
       -k, --keep
              Keep the original file next to the polished one.

       -n, --dry-run
              Print what would be polished, change nothing.

EXIT STATUS
       frob exits with the following status:

              0      if every file was polished

              1      if some files were skipped

              2      if a file could not be read

       Exit codes above 128 tell that frob was killed by a signal.
"""


def test_the_snippet_is_the_entry_that_answers_with_its_heading_not_the_first_line(project: Project) -> None:
    text = archive(project, "frob-extracted.txt", MAN_PAGE)
    cited_page(project, "command/frob", "frob", "frob polishes files.\n", text)
    [hit] = project.query("what does exit status 2 mean for frob")
    assert hit.source is not None and hit.source.path == "wiki/archive/frob-extracted.txt"
    assert hit.snippet == ("[Doc 1 of frob](wiki/archive/frob-extracted.txt): "
                           "EXIT STATUS — frob exits with the following status: 2 if a file could not be read")


def test_the_answer_states_the_answering_passage_first_and_cites_where_it_is_quoted_from(project: Project) -> None:
    text = archive(project, "frob-extracted.txt", MAN_PAGE)
    cited_page(project, "command/frob", "frob", "frob polishes files.\n", text)
    answer = project.search("how do I keep the original file with frob", answer=True).answer
    assert answer is not None and answer.covered
    first = answer.sentences[0]
    assert first.text == "-k, --keep Keep the original file next to the polished one."
    assert first.source is not None and first.source.path == "wiki/archive/frob-extracted.txt"
    assert answer.text.startswith("OPTIONS — -k, --keep Keep the original file next to the polished one. "
                                  "[Doc 1 of frob](wiki/archive/frob-extracted.txt)")


def test_the_answer_may_be_in_a_chunk_other_than_the_one_that_scored_the_page(project: Project) -> None:
    """The chunk that matches the query best as a whole (the page's score) repeats the
    query's words without answering; the entry that answers is in another chunk."""
    noise = "\n\n".join(["Files and more files: frob reads files, frob writes files, frob lists files."] * 8)
    text = archive(project, "frob-extracted.txt", noise + "\n\n" + "\n\n".join(["Unrelated history of the project."] * 30)
                   + "\n\nOPTIONS\n       -s, --strip\n              Strip trailing blanks from files.\n")
    cited_page(project, "command/frob", "frob", "frob polishes files.\n", text)
    [hit] = project.query("frob strip trailing blanks from files")
    assert hit.snippet.endswith("OPTIONS — -s, --strip Strip trailing blanks from files.")


def test_a_page_matched_by_its_title_alone_shows_its_description(project: Project) -> None:
    path = project.paths.wiki / "command" / "frob.md"
    path.parent.mkdir(parents=True)
    path.write_bytes(page(type_="Command", title="frob", body="# Usage\n\nRun it on a folder.\n",
                          description="A file polisher."))
    [hit] = project.query("frob")
    assert hit.snippet == "A file polisher."


WATCH_PAGE = """\
TICK(1)                     General Commands Manual                    TICK(1)

NAME
       tick - run a command periodically

DESCRIPTION
       tick runs its command again and again.  By default the command is run
       every 2 seconds, until tick is interrupted.

OPTIONS
       -p, --precise
              Notice how tick does not drift.

       -d, --differences
              Highlight the differences between successive updates.
"""


def test_the_words_of_a_question_do_not_pick_the_passage(project: Project) -> None:
    """`how` is rare in a manual, so it weighed as much as the question's subject: the
    option saying "notice how" was shown rather than the sentence that answers."""
    text = archive(project, "tick-extracted.txt", WATCH_PAGE)
    cited_page(project, "command/tick", "tick", "tick repeats commands.\n", text)
    for n in range(8):  # other tools' pages: running a command is common, asking how is not
        page_path = project.paths.wiki / "command" / f"tool{n}.md"
        page_path.write_bytes(page(type_="Command", title=f"tool{n}",
                                   body=f"tool{n} can run the command you give it; tick runs the command too.\n"))
    hit = project.query("how often does tick run the command")[0]
    assert hit.snippet.endswith("By default the command is run every 2 seconds, until tick is interrupted.")


def test_an_entry_answers_before_a_paragraph_that_mentions_its_name_among_others(project: Project) -> None:
    text = archive(project, "frob-extracted.txt", MAN_PAGE.replace(
        "       Exit codes above 128 tell that frob was killed by a signal.\n",
        "       The log counts the files of codes 1 and 2 apart.\n"))
    cited_page(project, "command/frob", "frob", "frob polishes files.\n", text)
    [hit] = project.query("frob exit code 2")
    assert hit.snippet.endswith("EXIT STATUS — frob exits with the following status: 2 if a file could not be read")


def test_the_rows_read_are_those_holding_most_of_the_question(project: Project) -> None:
    """Paragraphs repeating three of the query's words score the best cosines; the entry
    holding all four is in a chunk that scores below theirs, and is read."""
    noise = "\n\n".join(["Trailing blanks, trailing blanks: frob keeps trailing blanks."] * 30)
    filler = "\n\n".join([FILLER * 3] * 6)
    text = archive(project, "frob-extracted.txt", f"{noise}\n\n{filler}\n\nOPTIONS\n       -t, --trailing\n"
                   "              Strip trailing blanks from every line frob writes, and keep the rest.\n")
    cited_page(project, "command/frob", "frob", "frob polishes files.\n", text)
    [hit] = project.query("frob strip trailing blanks")
    assert hit.snippet.endswith("OPTIONS — -t, --trailing Strip trailing blanks from every line frob writes, "
                                "and keep the rest.")


def test_a_pages_line_citing_a_source_by_its_title_is_not_a_passage(project: Project) -> None:
    """The `# Sources` list repeats each source's title, which frames every passage read
    from it: quoted, it would outrank the source's entry that answers."""
    text = archive(project, "frob-extracted.txt", MAN_PAGE)
    path = cited_page(project, "command/frob", "frob", "frob polishes files.\n\n# Sources\n\n"
                      "* Doc 1 of frob — Manual page.[^doc-1]\n", text)
    path.write_text(path.read_text(encoding="utf-8").replace("title: Doc 1 of frob",
                                                             "title: frob - keep the original file polished"),
                    encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace("* Doc 1 of frob",
                                                             "* frob - keep the original file polished"),
                    encoding="utf-8")
    hit = project.query("frob keep the original file")[0]
    assert hit.snippet.endswith("OPTIONS — -k, --keep Keep the original file next to the polished one.")
