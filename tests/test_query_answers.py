"""Snippets and `--answer` quote the passage that answers the question, not a page's or a source's first line."""

from __future__ import annotations

from conftest import page
from test_query_sources import archive, cited_page

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
