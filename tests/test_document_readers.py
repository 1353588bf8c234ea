"""The document readers keep a document's structure: lists stay lists, options stay
term -> description, code stays code, markup never reaches the text.

Each test reads a fragment laid out as real documents lay it out (a groff man page
as text and as a PDF's text, a NEWS file, a Debian changelog, reST, CommonMark,
AsciiDoc, groff's HTML) and checks the blocks the page is built from.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from bs4 import BeautifulSoup

from wikid.document.asciidoc import is_asciidoc, to_markdown
from wikid.document.changes import before_releases, read_releases, version_in
from wikid.document.manpage import read_manpage
from wikid.document.markdown_reader import read_markdown
from wikid.document.model import (
    Code,
    Item,
    ItemList,
    Outline,
    Paragraph,
    Section,
    Table,
    Term,
    Terms,
    block_text,
    sections,
    walk,
)
from wikid.document.outline import read_outline
from wikid.document.pydoc_text import unmargined
from wikid.document.rest_reader import is_rest, read_rest
from wikid.document.sentences import is_sentence
from wikid.document.text_reader import read_text
from wikid.extract import html
from wikid.extract.html import main_and_furniture
from wikid.extract.htmllayout import rewrite_layout


def section(outline: Outline, title: str) -> Section:
    return next(s for s in sections(outline) if s.title.casefold() == title.casefold())


def blocks_of(outline: Outline, kind: type) -> list:
    return [b for _, b in walk(outline) if isinstance(b, kind)]


def terms(outline: Outline) -> dict[str, str]:
    return {t.term: t.description for b in blocks_of(outline, Terms) for t in b.entries}


MAN_TEXT = """\
GZIP(1)                     General Commands Manual                    GZIP(1)

NAME
       gzip, gunzip, zcat - compress or expand files

SYNOPSIS
       gzip [ -acdfhklLnNrtvV19 ] [-S suffix] [ name ...  ]
       gunzip [ -acfhklLnNrtvV ] [-S suffix] [ name ...  ]

DESCRIPTION
       Gzip reduces the size of the named files using Lempel-Ziv coding
       (LZ77).  Whenever possible, each file is replaced by one with the
       extension .gz, while keeping the same ownership modes.

OPTIONS
       -c --stdout --to-stdout
              Write output on standard output; keep original files
              unchanged.

       -d --decompress --uncompress
              Decompress.

EXIT STATUS
       0 Successful termination.

       1 An error occurred. The file could not be read or written
              and nothing was changed.

SEE ALSO
       znew(1), zcmp(1), zmore(1), zforce(1), gzexe(1), zip(1), unzip(1)
"""


def test_a_man_page_as_text_keeps_its_sections_options_and_references() -> None:
    outline = read_text(MAN_TEXT)
    man = read_manpage(outline)
    assert man is not None
    assert man.names == ("gzip", "gunzip", "zcat") and man.purpose == "compress or expand files"
    assert man.synopsis == ("gzip [ -acdfhklLnNrtvV19 ] [-S suffix] [ name ... ]",
                            "gunzip [ -acfhklLnNrtvV ] [-S suffix] [ name ... ]")
    assert man.see_also[:2] == ("znew(1)", "zcmp(1)")
    options = terms(Outline((), (section(outline, "OPTIONS"),)))
    assert options["-c --stdout --to-stdout"] == "Write output on standard output; keep original files unchanged."
    assert options["-d --decompress --uncompress"] == "Decompress."
    # Exit codes set on one line with one space are still code -> meaning.
    codes = terms(Outline((), (section(outline, "EXIT STATUS"),)))
    assert codes == {"0": "Successful termination.",
                     "1": "An error occurred. The file could not be read or written and nothing was changed."}
    assert not blocks_of(outline, Code)  # indented prose is not code


PDF_MAN = """\
## Page 1

RSYNCD.CONF(5) File Formats RSYNCD.CONF(5)

NAME
      rsyncd.conf - configuration file for rsync in daemon mode
SYNOPSIS
      rsyncd.conf
      The online version of this manpage is available at https://example.org/rsyncd.conf.5.
GLOBAL PARAMETERS
       port You can override the default port the daemon will listen on by specifying this value (defaults to
              873). This is ignored if the daemon is being run by inetd.

       log file When the "log file" parameter is set to a non-empty string, the rsync daemon will log messages to
              the indicated file rather than using syslog. This is particularly useful on systems
              where syslog() does not work for chrooted programs.
FILES
       /etc/rsyncd.conf or rsyncd.conf

rsyncd.conf 3.5.0 04 Nov 2026 1

## Page 2

RSYNCD.CONF(5) File Formats RSYNCD.CONF(5)

VERSION
      This manpage is current for version 3.5.0 of rsync, and the text goes on

rsyncd.conf 3.5.0 04 Nov 2026 2

## Page 3

RSYNCD.CONF(5) File Formats RSYNCD.CONF(5)

      past the page break here.

rsyncd.conf 3.5.0 04 Nov 2026 3
"""


def test_a_pdf_man_page_keeps_run_in_tags_and_headings_without_blank_lines() -> None:
    outline = read_outline(PDF_MAN, ".pdf")
    titles = [s.title for s in sections(outline)]
    assert titles == ["NAME", "SYNOPSIS", "GLOBAL PARAMETERS", "FILES", "VERSION"]
    parameters = terms(outline)
    assert parameters["port"].startswith("You can override the default port")
    assert "(defaults to 873)." in parameters["port"]  # the wrapped line joined, not cut
    assert parameters["log file"].startswith('When the "log file" parameter is set')
    assert "chrooted programs." in parameters["log file"]
    assert not blocks_of(outline, Code)  # wrapped prose under a tag is not code
    man = read_manpage(outline)
    assert man is not None and man.synopsis == ()  # (a file's name is no usage of it)
    assert man.synopsis_notes == ("The online version of this manpage is available at https://example.org/rsyncd.conf.5.",)


def test_a_page_break_inside_a_sentence_joins_the_sentence() -> None:
    outline = read_outline(PDF_MAN, ".pdf")
    version = section(outline, "VERSION")
    assert [b.text for b in version.blocks if isinstance(b, Paragraph)] == [
        "This manpage is current for version 3.5.0 of rsync, and the text goes on past the page break here."]


def test_plain_text_lists_code_and_rules() -> None:
    text = """\
Install notes

To build it, run:

    ./configure --prefix=/usr
    make && make install

- - - - -

Known problems:
  * the daemon ignores SIGHUP
  * logs are not rotated
"""
    outline = read_text(text)
    code = blocks_of(outline, Code)
    assert [c.text for c in code] == ["./configure --prefix=/usr\nmake && make install"]
    lists = blocks_of(outline, ItemList)
    assert [i.text for i in lists[0].items] == ["the daemon ignores SIGHUP", "logs are not rotated"]
    assert not any("- - -" in b.text for b in blocks_of(outline, Paragraph))


def test_wrapped_command_tags_and_aligned_tables_keep_their_shape() -> None:
    text = """\
COMMANDS
     display-menu [-O] [-c target-client] [-T title] [-x
             position] [-y position] name key command ...
                   (alias: menu)
             Display a menu on target-client.

             It accepts these positions:

                   Value    Flag    Meaning
                   C        Both    The centre of the terminal
                   R        -x      The right side of the terminal,
                                    counted from the left

     display-message [-aIlNpv] [-c target-client] [-d delay]
             [message]
                   (alias: display)
             Display a message.
"""
    outline = read_text(text)
    [terms] = blocks_of(outline, Terms)
    # the alias on a line of its own under the synopsis belongs to the term, not its description
    assert [(t.term, t.description) for t in terms.entries] == [
        ("display-menu [-O] [-c target-client] [-T title] [-x position] [-y position] name key command ... (alias: menu)",
         "Display a menu on target-client."),
        ("display-message [-aIlNpv] [-c target-client] [-d delay] [message] (alias: display)", "Display a message.")]
    [table] = [b for t in terms.entries for b in t.body if isinstance(b, Table)]
    assert table.header == ("Value", "Flag", "Meaning")
    assert table.rows == (("C", "Both", "The centre of the terminal"),
                          ("R", "-x", "The right side of the terminal, counted from the left"))
    assert not [b for t in terms.entries for b in t.body if isinstance(b, Code)]


def test_an_item_wrapped_with_a_hanging_indent_is_one_sentence() -> None:
    text = """\
- When updating large archives with few entries being
      updated maybe display something in large periods of
      quiet (1/23/2006).
- on Unix, let -S be "include non-regular files without reading from them"
\t(as pkzip on Unix). This requires unzip support.
- To build:
      make all
"""
    [items] = blocks_of(read_text(text), ItemList)
    assert [i.text for i in items.items] == [
        "When updating large archives with few entries being updated maybe display something in large periods of quiet (1/23/2006).",
        'on Unix, let -S be "include non-regular files without reading from them" (as pkzip on Unix). This requires unzip support.',
        "To build:"]
    assert [type(b) for b in items.items[2].children] == [Code]
    assert not any(i.children for i in items.items[:2])


def test_prose_with_double_spaces_is_no_table() -> None:
    outline = read_text("Prose  with two spaces.  Here.\nAnd more of it  here.\nAnd the end.\n")
    assert not blocks_of(outline, Table)
    assert [b.text for b in blocks_of(outline, Paragraph)] == ["Prose with two spaces. Here. And more of it here. And the end."]


def test_a_news_file_gives_versioned_releases_newest_first() -> None:
    text = """\
GNU hello NEWS

* Noteworthy changes in release 2.12 (2022-03-20) [stable]

** Bug fixes
  * hello no longer crashes on empty input.
  * The --greeting option accepts UTF-8.

* Noteworthy changes in release 2.11 (2021-08-01) [stable]

  * New translations.
"""
    releases = read_releases(text, read_text(text))
    assert [r.version for r in releases] == ["2.12", "2.11"]
    assert releases[0].date == date(2022, 3, 20)
    assert [c.text for c in releases[0].changes] == ["hello no longer crashes on empty input.",
                                                     "The --greeting option accepts UTF-8."]


def test_a_debian_entrys_contributor_lines_group_the_changes_after_them() -> None:
    """bzip2's Debian changelog: `[ Santiago Ruano Rincón ]` after a change with no
    full stop was read as that change's reason (`Add build-essential to test
    dependencies. [ Santiago Ruano Rincón ]`), every credit shifted by one group."""
    text = """frob (1.0.8-5) unstable; urgency=medium

  [ Jo Doe ]
  * Make tests cross-test-friendly
  * Add build-essential to test dependencies

  [ Ana María Ruiz ]
  * Use mktemp instead of tempfile
    (Closes: #992442)

 -- Ana María Ruiz <ana@example.org>  Fri, 03 Dec 2021 01:32:51 -0700
"""
    [release] = read_releases(text, read_text(text))
    assert [(c.group, c.text) for c in release.changes] == [
        ("Jo Doe", "Make tests cross-test-friendly"), ("Jo Doe", "Add build-essential to test dependencies"),
        ("Ana María Ruiz", "Use mktemp instead of tempfile (Closes: #992442)")]


def test_a_debian_entrys_contributor_group_set_deeper_than_its_changes_is_still_a_group() -> None:
    """rsync's Debian changelog: `   [ Arnaud Rebillout ]` and its changes, one space
    deeper than the entry's first changes, were read as the text of the change above
    them (`... (closes: #1149604). [ Arnaud Rebillout ] [ Alexandre Detiste ] ...`)."""
    text = """frob (1.0.8-5) unstable; urgency=medium

  * Non-maintainer upload.
  * Fix CVE-2026-1: attackers can exhaust the CPU
    (closes: #1149604).

   [ Jo Doe ]
   * d/control: Switch back to python3-frob

   [ Ana Ruiz ]
   * autopkgtest improvements

 -- Ana Ruiz <ana@example.org>  Fri, 03 Dec 2021 01:32:51 -0700
"""
    [release] = read_releases(text, read_text(text))
    assert [(c.group, c.text) for c in release.changes] == [
        (None, "Non-maintainer upload."), (None, "Fix CVE-2026-1: attackers can exhaust the CPU (closes: #1149604)."),
        ("Jo Doe", "d/control: Switch back to python3-frob"), ("Ana Ruiz", "autopkgtest improvements")]


def test_a_change_naming_a_version_stays_in_the_dated_release_above_it() -> None:
    """wget's NEWS: `** Support for autoconf 2.71` under `* Noteworthy changes in
    release 1.21.2 (2021-09-07)` was read as an undated release of its own, dropped
    beside the dated ones with every change after it: the page went from 1.21.3 to
    1.21.1. A wrapped change line goes on in lower case, no full stop between."""
    text = """frob NEWS

* Noteworthy changes in release 2.3 (2022-02-26)

** Add option to select TLS 1.3 on the command line

* Noteworthy changes in release 2.2 (2021-09-07)

** Support for autoconf 2.71

** Fix a double free in FTP when using an absolute path

** --requisites will now also fetch links marked as "alternate
   stylesheet" or "icon"

* Noteworthy changes in release 2.1 (2021-01-09)

** Fix compilation on Solaris 9
"""
    releases = read_releases(text, read_text(text))
    assert [r.version for r in releases] == ["2.3", "2.2", "2.1"]
    assert [c.text for c in releases[1].changes] == [
        "Support for autoconf 2.71", "Fix a double free in FTP when using an absolute path",
        '--requisites will now also fetch links marked as "alternate stylesheet" or "icon"']


def test_a_news_change_keeps_the_paragraph_under_it_that_says_why() -> None:
    """tar's NEWS: `* Fix the --no-overwrite-dir option` over a flush-left paragraph on
    what earlier versions did wrong. Read as a list item, the paragraph was a change of
    its own the page left out; read as a heading, the change became the label of the
    changes after it and its own text was lost."""
    parts = ["frob NEWS - User visible changes.\nPlease send bug reports to <bug-frob@example.org>\n"]
    for v in range(30, 20, -1):
        parts.append(f"version 1.{v} - Jo Doe, 20{v - 10}-02-13\n\n* Fix reading over pipe (bug #{v}1)\n\n"
                     "* Fix the --keep-dir option\n\nGiven this option, previous versions of frob failed to keep\n"
                     "the permissions of empty directories.\n\n* Link counting works for names given with -T\n")
    text = "\n".join(parts)
    listed = read_releases(text, read_text(text))[0].changes
    headed_text = ("# frob NEWS\n\n## version 1.30 (2020-02-13)\n\n### Fix reading over pipe\n\n"
                   "### Fix the --keep-dir option\n\nGiven this option, frob failed to keep permissions.\n\n"
                   "### Link counting works with -T\n\n## version 1.29 (2019-02-13)\n\n### Faster reads\n")
    headed = read_releases(headed_text, read_markdown(headed_text))[0].changes
    # GitHub's release notes: `What's Changed` over the groups of changes is no change
    github = ("# frob changelog\n\n## v2.1 (2026-03-02)\n\n### What's Changed\n\n#### Fixes\n\n* Fix the reader\n\n"
              "## v2.0 (2026-01-02)\n\n### What's Changed\n\n* New writer\n")
    assert [(c.text, c.group) for c in read_releases(github, read_markdown(github))[0].changes] == [
        ("Fix the reader", "Fixes")]
    assert [(c.text, c.kind) for c in listed] == [
        ("Fix reading over pipe (bug #301)", "item"),
        ("Fix the --keep-dir option. Given this option, previous versions of frob failed to keep the permissions "
         "of empty directories.", "item"),
        ("Link counting works for names given with -T", "item")]
    assert [(c.text, c.group) for c in headed] == [
        ("Fix reading over pipe", None),
        ("Fix the --keep-dir option. Given this option, frob failed to keep permissions.", None),
        ("Link counting works with -T", None)]


def _newest_changes(text: str) -> list[str]:
    """The changes of the newest of a NEWS text's releases, as read."""
    return [c.text for c in read_releases(text, read_outline(text, ".txt"))[0].changes]


def test_a_commit_logs_subject_and_body_read_as_two_sentences() -> None:
    """curl's changelog: `- tool_operate: fix scanbuild compiler warning` over its
    body read `... compiler warning Prior to this change ...` on the page."""
    text = ("Version 7.88.1 (20 Feb 2023)\n\nJane Roe (18 Feb 2023)\n\n- tool_operate: fix a compiler warning\n\n"
            "  Prior to this change the build warned of a NULL string.\n\n- THANKS: add contributors\n\n"
            "Version 7.88.0 (15 Feb 2023)\n\nJohn Doe (15 Feb 2023)\n\n- first\n")
    assert _newest_changes(text)[0] == "tool_operate: fix a compiler warning. Prior to this change the build warned of a NULL string."


@pytest.mark.parametrize("gap", [" ", "  "])
def test_a_gnu_changelog_entry_is_headed_by_its_date_and_signer(gap: str) -> None:
    """jq's ChangeLog: `2015-07-10  Nicolas Williams  nico@...` over its changes was
    headed `2015-07-10 Use ``include`` for import`, the first change, shown twice."""
    text = (f"2024-03-05  Jane Roe{gap}jane@example.org\n\n\tUse `include` for import\n\n\tFix a typo\n\n"
            f"2024-03-01  John Doe{gap}<john@example.org>\n\n\tAdd streaming\n")
    releases = read_releases(text, read_outline(text, ".txt"))
    assert [r.title for r in releases] == ["2024-03-05 Jane Roe", "2024-03-01 John Doe"]
    assert [c.text for c in releases[0].changes] == ["Use `include` for import", "Fix a typo"]


def test_a_change_titled_with_a_colon_runs_into_its_text_without_a_full_stop() -> None:
    """gettext's NEWS: `- Desktop Entry:` over its paragraph read `Desktop Entry:. The value ...`."""
    from wikid.document.changes import _with_reasons

    assert _with_reasons("Desktop Entry:", ["The value is no longer extracted."]) == "Desktop Entry: The value is no longer extracted."
    assert _with_reasons("Fix the --keep option", ["Given it, frob kept all."]) == "Fix the --keep option. Given it, frob kept all."


def test_a_news_changes_credit_in_parentheses_stays_with_it() -> None:
    """ed's NEWS: `(Reported by Harry Graf).` on the line under its change was listed as
    a change of its own."""
    text = ("Changes in version 1.19:\n\nReading a missing file with commands 'e' or 'E' did set the 'modified'\n"
            "flag, which prevented a following 'e' command from succeeding.\n(Reported by Jane Roe).\n\n"
            "The long name of option '-s' has been changed to '--script'.\n"
            "Option '-s' now only suppresses byte counts.\n(Both changes suggested by John Doe).\n\n"
            "Changes in version 1.18:\n\nThe manual was updated.\n")
    assert _newest_changes(text) == [
        "Reading a missing file with commands 'e' or 'E' did set the 'modified' flag, which prevented a following 'e' "
        "command from succeeding. (Reported by Jane Roe).",
        "The long name of option '-s' has been changed to '--script'.",
        "Option '-s' now only suppresses byte counts. (Both changes suggested by John Doe)."]


def test_a_debian_changelog_is_read_by_python_debian() -> None:
    text = """\
hello (2.10-3) unstable; urgency=medium

  * Fix the build with GCC 14.
  * Bump Standards-Version.

 -- Jane Doe <jane@example.org>  Sat, 02 Mar 2024 10:00:00 +0100

hello (2.10-2) unstable; urgency=low

  * Rebuild.

 -- Jane Doe <jane@example.org>  Mon, 01 Jan 2024 10:00:00 +0100
"""
    releases = read_releases(text, read_text(text))
    assert releases[0].version == "2.10-3" and releases[0].date == date(2024, 3, 2)
    assert [c.text for c in releases[0].changes] == ["Fix the build with GCC 14.", "Bump Standards-Version."]


def test_rest_roles_directives_and_grid_tables_do_not_reach_the_text() -> None:
    text = """\
Usage
=====

Run :program:`frob` with :option:`--fast` (see :ref:`tuning`).

.. note::

   The cache lives in ``~/.frob``.

+--------+-------------+
| Flag   | Meaning     |
+========+=============+
| -f     | fast        |
+--------+-------------+

--verbose   Print each step.
"""
    outline = read_rest(text)
    prose = " ".join(b.text for b in blocks_of(outline, Paragraph))
    assert "Run frob with --fast (see tuning)." in prose
    assert ":option:" not in prose and ".. note" not in prose and "+----" not in prose
    assert "The cache lives in `~/.frob`." in prose  # (a literal is code, as in Markdown)
    table = next(b for _, b in walk(outline) if b.__class__.__name__ == "Table")
    assert table.header == ("Flag", "Meaning") and table.rows == (("-f", "fast"),)
    assert terms(outline)["--verbose"] == "Print each step."


def test_markdown_code_is_never_a_heading_and_footnotes_are_not_content() -> None:
    text = """\
# frob

Frob reshapes files.[^1]

```sh
# this comment is code, not a heading
frob --fast input.txt
```

Term
: Its definition.

[^1]: A footnote.
"""
    outline = read_markdown(text)
    assert [s.title for s in sections(outline)] == ["frob"]
    assert blocks_of(outline, Code)[0].text.startswith("# this comment is code")
    assert next(b.text for b in blocks_of(outline, Paragraph)) == "Frob reshapes files."
    assert terms(outline) == {"Term": "Its definition."}


ASCIIDOC = """\
giteveryday(7)
==============

NAME
----
giteveryday - A useful minimum set of commands

Individual Developer (Standalone)[[STANDALONE]]
-----------------------------------------------

See <<PARTICIPANT,the participant section>> too.

  * linkgit:git-init[1] to create a new repository.
  * linkgit:git-log[1] to see what happened.

Use a tarball as a starting point.::
+
------------
$ tar zxf frotz.tar.gz
$ git init <1>
------------
+
<1> start a repository.

--dry-run::
	Do not do anything; just show
	what would be done.
"""


def test_asciidoc_is_read_as_its_structure_without_its_markup() -> None:
    assert is_asciidoc(ASCIIDOC)
    assert not is_asciidoc(MAN_TEXT) and not is_asciidoc("# Title\n\nSome *markdown* text.\n")
    outline = read_outline(ASCIIDOC, ".txt")
    titles = [s.title for s in sections(outline)]
    assert "Individual Developer (Standalone)" in titles
    text = " ".join(b.text for b in blocks_of(outline, Paragraph))
    assert "See the participant section too." in text
    assert "[[" not in to_markdown(ASCIIDOC) and "linkgit:" not in to_markdown(ASCIIDOC)
    items = [i.text for b in blocks_of(outline, ItemList) for i in b.items]
    assert "git-init(1) to create a new repository." in items and "start a repository." in items
    # (a callout stays in its line as `(1)`: giteveryday's notes lost the lines they explain)
    assert [c.text for c in blocks_of(outline, Code)] == ["$ tar zxf frotz.tar.gz\n$ git init  (1)"]
    assert terms(outline)["--dry-run"] == "Do not do anything; just show what would be done."


GROFF_HTML = """\
<html><body>
<h2>OPTIONS</h2>
<table width="100%" border="0" rules="none" frame="void" cellspacing="0" cellpadding="0">
<tr valign="top" align="left">
<td width="11%"></td><td width="6%"><p>-v</p></td><td width="5%"></td>
<td width="78%"><p>Verbose output.</p></td></tr>
<tr valign="top" align="left">
<td width="11%"></td><td width="6%"><p>DICT</p></td><td width="5%"></td>
<td width="78%"><p>Lets you lookup words using online dictionaries.</p></td></tr>
</table>
<table width="100%" border="0" rules="none" frame="void" cellspacing="0" cellpadding="0">
<tr><td width="11%"></td><td width="1%"><p>&bull;</p></td><td width="5%"></td><td><p>first point</p></td></tr>
<tr><td width="11%"></td><td width="1%"><p>&bull;</p></td><td width="5%"></td><td><p>second point</p></td></tr>
</table>
<table><tr><th>Name</th><th>Size</th></tr><tr><td>a</td><td>1</td></tr></table>
</body></html>
"""


def test_groff_layout_tables_become_definition_and_bullet_lists() -> None:
    soup = BeautifulSoup(GROFF_HTML, "html.parser")
    assert soup.body is not None
    rewrite_layout(soup, soup.body)
    dl = soup.find("dl")
    assert dl is not None
    assert [t.get_text(strip=True) for t in dl.find_all("dt")] == ["-v", "DICT"]
    assert [t.get_text(" ", strip=True) for t in dl.find_all("dd")][1] == "Lets you lookup words using online dictionaries."
    ul = soup.find("ul")
    assert ul is not None and [li.get_text(strip=True) for li in ul.find_all("li")] == ["first point", "second point"]
    assert len(soup.find_all("table")) == 1  # the data table with its header cells stays a table


def test_a_groff_layout_table_inside_an_entrys_text_stays_in_that_entry() -> None:
    """curl's `--proto`: its modifiers (`+`, `-`, `=`), drawn as a layout table indented
    as deep as its text, became options of their own beside `--proto`, and the text
    after them (`Unknown and disabled protocols ...`) was cut off from it."""
    spacer = '<td width="22%"></td>'
    page = ('<html><body><p style="margin-left:11%;">--proto &lt;protocols&gt;</p>'
            '<p style="margin-left:22%;">Limit the protocols. Available modifiers are:</p>'
            f'<table border="0"><tr>{spacer}<td width="1%"><p><b>+</b></p></td><td width="3%"></td>'
            '<td width="74%"><p>Permit this protocol.</p></td></tr>'
            f'<tr>{spacer}<td width="1%"><p><b>-</b></p></td><td width="3%"></td>'
            '<td width="74%"><p>Deny this protocol.</p></td></tr>'
            f'<tr>{spacer}<td width="1%"><p><b>=</b></p></td><td width="3%"></td>'
            '<td width="74%"><p>Permit only this protocol.</p></td></tr></table>'
            '<p style="margin-left:22%;">Unknown protocols produce a warning.</p>'
            '<p style="margin-left:11%;">--proxy</p><p style="margin-left:22%;">Use this proxy.</p></body></html>')
    outline = read_markdown(html.extract(page.encode(), ".html").text)
    [options] = blocks_of(outline, Terms)
    assert [e.term for e in options.entries] == ["--proto <protocols>", "--proxy"]
    proto = options.entries[0]
    [modifiers] = [b for b in proto.body if isinstance(b, Terms)]
    assert [e.term for e in modifiers.entries] == ["+", "-", "="]
    assert proto.body[-1] == Paragraph("Unknown protocols produce a warning.")
    # groff sets the text after such a list back at the entry's margin (curl's --delegation)
    page = page.replace('<p style="margin-left:22%;">Unknown', '<p style="margin-left:11%;">Unknown')
    [options] = blocks_of(read_markdown(html.extract(page.encode(), ".html").text), Terms)
    assert [e.term for e in options.entries] == ["--proto <protocols>", "--proxy"]
    assert options.entries[0].body[-1] == Paragraph("Unknown protocols produce a warning.")


def test_text_html_draws_with_nbsp_and_line_breaks_keeps_its_paragraphs_and_drawings() -> None:
    """pydoc's HTML sets a docstring in `<span class="code">` with `&nbsp;` spaces and
    `<br>` breaks: http.client's state diagram and its table of states became one run
    of words (`(null) | | HTTPConnection() v Idle | | ...`), urllib's example at the
    margin a paragraph and comments made headings (`# set up authentication info`)."""
    def spaced(lines: list[str]) -> str:
        return "<br>\n".join(line.replace(" ", "&nbsp;") for line in lines)

    doc = spaced(["The frob states:", " ", "    (null)", "      |", "      v", "    Idle", " ",
                  "These rules hold:", "  -- one request at a time", " ",
                  "Note: this is applied by the Frob class. The Frob reader does not check it at all,",
                  "      which lets clients run ahead of it when they know what they do.", " ",
                  "State      __state", "Idle       _CS_IDLE", " ", "Example usage:", " ", "import frob", " ",
                  "# set up the reader", "reader = frob.Reader()", " ", "reader.open('x')", " ",
                  "Output the record to the file, catering for rollover as described", "in doRollover().", " ",
                  "`skip_host' if True does not add a 'Host:' header", "`skip_accept' if True does not add automatically an",
                  "   'Accept-Encoding:' header"])
    page = f'<html><body><h1>frob</h1><p><span class="code">{doc}</span></p></body></html>'
    blocks = [b for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))]
    assert blocks == [
        Paragraph("The frob states:"), Code("(null)\n  |\n  v\nIdle"), Paragraph("These rules hold:"),
        Code("-- one request at a time"),  # (drawn as the docstring set it, less the margin all its lines share)
        Paragraph("Note: this is applied by the Frob class. The Frob reader does not check it at all, which lets clients "
                  "run ahead of it when they know what they do."),
        Code("State      __state\nIdle       _CS_IDLE"), Paragraph("Example usage:"),
        Code("import frob\n\n# set up the reader\nreader = frob.Reader()\n\nreader.open('x')"),
        # (a sentence wrapped onto a line that names a call is prose: logging's `emit`)
        Paragraph("Output the record to the file, catering for rollover as described in doRollover()."),
        # (and so is its last line set deeper, a hanging indent: http.client's `putrequest`)
        Paragraph("`skip_host' if True does not add a 'Host:' header `skip_accept' if True does not add automatically "
                  "an 'Accept-Encoding:' header")]


def test_a_number_groff_set_above_its_layout_table_numbers_the_first_row() -> None:
    """ncurses' `-Q n` values: groff set `1` as a paragraph over the table of the rows
    `hexadecimal`, `2 base64`, `3 ...`; the page showed `### 1` over `2. hexadecimal`."""
    def row(tag: str, text: str) -> str:
        return f'<tr><td width="23%"></td><td width="2%"><p>{tag}</p></td><td width="3%"></td><td width="34%"><p>{text}</p></td></tr>'

    page = ('<html><body><p style="margin-left:23%;">1</p><table border="0">'
            f'{row("", "hexadecimal")}{row("2", "base64")}{row("3", "hexadecimal and base64")}</table></body></html>')
    [values] = blocks_of(read_markdown(html.extract(page.encode(), ".html").text), ItemList)
    assert values.ordered and values.start == 1
    assert [i.text for i in values.items] == ["hexadecimal", "base64", "hexadecimal and base64"]


def test_a_tag_groff_set_in_the_bullet_table_before_it_heads_the_text_after() -> None:
    """ctest's Submit step: `ScpCommand`'s two `•` rows and then `Site` with no text in
    one layout table read as entries `•`, `•` and a heading `Site`."""
    def row(tag: str, text: str) -> str:
        return f'<tr><td width="11%"></td><td width="12%"><p>{tag}</p></td><td width="2%"></td><td width="61%"><p>{text}</p></td></tr>'

    page = ('<html><body><h2>SUBMIT</h2><p style="margin-left:11%;"><b>ScpCommand</b></p><p style="margin-left:22%;">Legacy '
            f'option. Not used.</p><table border="0">{row("&bull;", "Script variable: FROB_SCP")}'
            f'{row("&bull;", "Module variable: SCP")}{row("<b>Site</b>", "")}</table>'
            '<p style="margin-left:22%; margin-top: 1em">Describe the client host site.</p>'
            '<p style="margin-left:11%;"><b>SubmitURL</b></p><p style="margin-left:22%;">Where to submit.</p></body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))]
    terms = [(t.term, t.description) for b in blocks if isinstance(b, Terms) for t in b.entries]
    assert ("Site", "Describe the client host site.") in terms and ("SubmitURL", "Where to submit.") in terms
    assert "•" not in [t for t, _ in terms]
    assert ["Script variable: FROB_SCP", "Module variable: SCP"] in [[i.text for i in b.items] for b in blocks if isinstance(b, ItemList)]


def test_a_quoted_small_caps_name_has_no_space_after_its_quote() -> None:
    """openssl's req: `See &quot; <small>KEY GENERATION OPTIONS&quot;</small>` read
    `See " KEY GENERATION OPTIONS"`."""
    page = (b'<html><head><meta name="generator" content="groff -Thtml"></head><body><h2>OPTIONS</h2>'
            b'<p style="margin-left:11%;">See &quot; <small>KEY GENERATION OPTIONS&quot;</small> in the manual.</p></body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert Paragraph('See "KEY GENERATION OPTIONS" in the manual.') in blocks


def test_a_signature_alone_among_documented_ones_is_an_entry_with_no_text() -> None:
    """http.client's pydoc page: `set_debuglevel(self, level)`, a method with no
    docstring, stood as a loose paragraph between `send` and `set_tunnel`."""
    text = ("**send**(self, data)\n:   Send data to the server.\n\n**set\\_debuglevel**(self, level)\n\n"
            "**set\\_tunnel**(self, host)\n:   Set up host.\n\nThe end (of it) is near.\n")
    blocks = [b for _, b in walk(read_markdown(text))]
    assert [t.term for b in blocks if isinstance(b, Terms) for t in b.entries] == [
        "send(self, data)", "set_debuglevel(self, level)", "set_tunnel(self, host)"]
    assert blocks[-1] == Paragraph("The end (of it) is near.")


def test_a_picture_among_the_text_is_said_to_be_there_and_a_logo_is_not() -> None:
    """httpx's README: `Sending a request...` over a picture (alt `frob http://...`), and
    man-db's `... the following database types.` over groff's table drawn as an image,
    each dangled with nothing after it on the page."""
    text = ("# Frob\n\n![logo](logo.png)\n\nSending a request...\n\n<p align=\"center\">\n  <img src=\"x.png\" "
            "alt='frob http://example.org/json'>\n</p>\n\nIt supports any one of the following\ndatabase types.\n\n"
            "![Image grohtml-1.png](grohtml-1.png)\n\nThose types are fast.\n")
    assert [b for _, b in walk(read_markdown(text))] == [
        Paragraph("Sending a request..."), Paragraph("(A picture in the source: frob http://example.org/json.)"),
        Paragraph("It supports any one of the following database types."), Paragraph("(A picture in the source.)"),
        Paragraph("Those types are fast.")]
    # after a sentence with no end (groff's `The result is` over a table drawn as an image)
    assert [b for _, b in walk(read_markdown("The result is\n\n![Image grohtml-1.png](grohtml-1.png)\n"))] == [
        Paragraph("The result is"), Paragraph("(A picture in the source.)")]
    # after a sentence that does not introduce it (ncurses' `... a source listing for each
    # terminal named.` over the table of those options, drawn as an image); an alt text
    # ending a sentence is not stopped twice
    after = ("The -I and -L options will produce a source listing.\n\n![Image grohtml-1.png](grohtml-1.png)\n\n"
             "More text.\n\n![Shows a bar chart of results.](chart.svg)\n")
    assert [b for _, b in walk(read_markdown(after))] == [
        Paragraph("The -I and -L options will produce a source listing."), Paragraph("(A picture in the source.)"),
        Paragraph("More text."), Paragraph("(A picture in the source: Shows a bar chart of results.)")]
    # inside an entry's text or under an item (ncurses' options over groff's tables drawn as images)
    nested = ("**-L**\n:   Use long names, as in:\n\n    ![Image grohtml-1.png](grohtml-1.png)\n\n    Then more.\n\n"
              "* an item that shows:\n\n  ![a diagram of frob](d.png)\n")
    blocks = [b for _, b in walk(read_markdown(nested))]
    assert blocks == [Terms((Term("-L", (Paragraph("Use long names, as in:"), Paragraph("(A picture in the source.)"),
                                         Paragraph("Then more."))),)),
                      ItemList((Item("an item that shows:", (Paragraph("(A picture in the source: a diagram of frob.)"),)),))]


def test_html_lines_each_setting_a_name_are_code() -> None:
    """pydoc's HTML data: `<strong>ACK</strong> = 6<br>` a line, read as one run of
    prose (`ACK = 6 BEL = 7 BS = 8 ...`)."""
    cell = "".join(f"<strong>{name}</strong> = {value}<br>\n" for name, value in (("ACK", 6), ("BEL", 7), ("BS", 8)))
    page = (f'<html><body><h1>frob</h1><table><tr><td colspan="3"><strong>Data</strong></td></tr>'
            f'<tr><td>&nbsp;</td><td>&nbsp;</td><td>{cell}</td></tr></table></body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))]
    assert Code("ACK = 6\nBEL = 7\nBS = 8") in blocks


def test_a_paragraphs_broken_lines_naming_values_are_a_definition_list() -> None:
    """openssl's `string_mask`: `... It can be set to several values: <br>utf8only - only
    UTF8Strings are used <br>pkix - any string type ...` ran the values together."""
    page = ('<html><body><h1>frob</h1><p>It can be set to several values: <b><br>utf8only</b> - only UTF8 strings '
            '<b><br>pkix</b> - any string type <b><br>default</b> - any kind of string</p>'
            '<p>Lines of an address<br>14 Quay Street<br>Rotterdam</p></body></html>')
    outline = read_markdown(html.extract(page.encode(), ".html").text)
    [values] = blocks_of(outline, Terms)
    assert [(t.term, block_text(t.body[0])) for t in values.entries] == [
        ("utf8only", "only UTF8 strings"), ("pkix", "any string type"), ("default", "any kind of string")]
    assert Paragraph("It can be set to several values:") in blocks_of(outline, Paragraph)


def test_bold_paragraphs_are_headings_when_a_converter_drew_them_so() -> None:
    text = "SSH(1) General Commands SSH(1)\n\n**NAME**\n\n**ssh** — remote login client\n\n**SYNOPSIS**\n\n" \
           "**ssh** [**-46**] *destination*\n\n**Note** that bold words inside a sentence are not a heading.\n"
    outline = read_markdown(text)
    assert [s.title for s in sections(outline)] == ["NAME", "SYNOPSIS"]
    man = read_manpage(outline)
    assert man is not None and man.names == ("ssh",) and man.synopsis == ("ssh [-46] destination",)
    assert "Note that bold words inside a sentence are not a heading." in [b.text for b in blocks_of(outline, Paragraph)]


def test_a_root_prompt_command_is_code_not_a_heading() -> None:
    outline = read_markdown("# Tunnels\n\nOn the client:\n\n# ssh -f -w 0:1 192.168.1.15 true\n\n# Exit status\n\nZero.\n")
    assert [s.title for s in sections(outline)] == ["Tunnels", "Exit status"]
    assert [c.text for c in blocks_of(outline, Code)] == ["# ssh -f -w 0:1 192.168.1.15 true"]


def _ascending_history(releases: int) -> str:
    """Release notes listed oldest first, each release a version and its date with its
    changes indented under it, more releases than a page shows."""
    lines = ["Frob distribution notes", "", "Release history", ""]
    for n in range(releases):
        lines += [f"1.{n}\t\tMay {n % 28 + 1}, {2000 + n}", "", f"\t\tChange {n} made frob faster.", ""]
    return "\n".join(lines)


def test_release_history_listed_oldest_first_gives_its_newest_releases() -> None:
    text = _ascending_history(60)
    releases = read_releases(text, read_text(text))
    assert [r.version for r in releases[:3]] == ["1.59", "1.58", "1.57"]
    assert releases[0].date == date(2059, 5, 4)
    assert [c.text for c in releases[0].changes] == ["Change 59 made frob faster."]


def test_a_table_of_contents_listing_versions_is_not_a_release() -> None:
    text = """\
Contents

    1.1, May 2, 2001
    1.2, June 3, 2002

1.1, May 2, 2001

    Fixed the reader.

1.2, June 3, 2002

    Fixed the writer.
"""
    releases = read_releases(text, read_text(text))
    assert [(r.version, [c.text for c in r.changes]) for r in releases] == [
        ("1.2", ["Fixed the writer."]), ("1.1", ["Fixed the reader."])]


def test_releases_of_one_day_are_ordered_by_version_and_spans_name_their_target() -> None:
    text = "4.3.0  May 7, 2019\n\n    Fix a leak.\n\n4.3.1  May 7, 2019\n\n    Fix a link.\n"
    assert [r.version for r in read_releases(text, read_text(text))] == ["4.3.1", "4.3.0"]
    assert version_in("Changes in frob from 1.3 to 1.4:") == "1.4"
    assert version_in("Changes in frob from 1.07 to 1.07.1.") == "1.07.1"
    assert version_in("Fixed in 1.2.3:") is None  # introduces what follows
    assert version_in("Changed the default to 1.2.") is None  # a change
    assert version_in("Upgrading from 1.4 or 2.0 to 2.2") is None  # about several versions, no one release
    assert version_in("Installing frob 2.2. and frob 1.4") is None
    assert version_in("Changes in frobd 1.4 to 1.4.1.") == "1.4.1"
    assert version_in("This is frob version 1.07.1.  (And frobd version 1.4.1)") is None


def test_notes_that_end_in_their_release_history_keep_what_comes_before() -> None:
    prose = " ".join(["Frob reshapes data files in place and never loses a byte of them."] * 30)
    text = f"Frob distribution notes\n\nHow Frob Works\n\n{prose}\n\n" + _ascending_history(3).split("Release history", 1)[1]
    outline = read_text(text)
    before = before_releases(outline)
    assert [s.title for s in sections(before)][-1] == "How Frob Works"
    assert prose in [b.text for _, b in walk(before) if isinstance(b, Paragraph)]
    assert "Change 0 made frob faster." not in " ".join(b.text for _, b in walk(before) if isinstance(b, Paragraph))


def test_groff_no_fill_text_becomes_code_and_its_prose_stays_prose() -> None:
    page = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<p style="margin-left:11%">For example:</p>
<p style="margin-left:11%">frob -c file1 &gt; out.gz <br>
frob -c file2 &gt;&gt; out.gz</p>
<table width="100%" border="0" rules="none" frame="void" cellspacing="0" cellpadding="0">
<tr><td width="8%"></td><td width="92%"><p>{ total += $2 }</p></td></tr>
<tr><td width="8%"></td><td width="92%"><p>END { print total }</p></td></tr>
</table>
<p style="margin-left:11%"><b>8. Built-in functions</b> <br>
String functions</p>
<p style="margin-left:11%">Report bugs by mail. <br>
Copyright 2020 The Frob Authors.</p>
</body></html>"""
    soup = BeautifulSoup(page, "html.parser")
    assert soup.body is not None
    rewrite_layout(soup, soup.body)
    assert [p.get_text() for p in soup.find_all("pre")] == [
        "frob -c file1 > out.gz\nfrob -c file2 >> out.gz", "{ total += $2 }\nEND { print total }"]
    assert not soup.find_all("table")
    assert len(soup.find_all("p")) == 3  # the run-in heading and the two sentences stay paragraphs


def test_tables_that_draw_titled_sections_become_headings_over_their_entries() -> None:
    """pydoc's HTML (email.utils): each section a table, its title a row spanning it
    over one cell of entries; read as a table, the page made `Functions` one term whose
    description was every function's text run together."""
    page = """<html><body><h1>frob.utils</h1><p>Utilities.</p>
<table class="section"><tr><td class="section-title" colspan=3><strong>Functions</strong></td></tr>
<tr><td class="decor">&nbsp;</td><td>&nbsp;</td><td class="singlecolumn">
<dl><dt><strong>parse</strong>(text)</dt><dd>Parse a frob header.</dd></dl>
<dl><dt><strong>quote</strong>(value)</dt><dd>Quote a value for a header.</dd></dl>
<table class="section"><tr><td class="section-title" colspan=3><a name="Frob">class <strong>Frob</strong></a>(<a href="builtins.html#object">builtins.object</a>)</td></tr>
<tr><td>&nbsp;</td><td class="singlecolumn"><p>A frob header.</p></td></tr></table>
<table class="section"><tr><td class="section-title" colspan=3>error = class <strong>FrobError</strong>(builtins.Exception)</td></tr>
<tr><td>&nbsp;</td><td class="singlecolumn"><p>Raised on a bad header.</p></td></tr></table>
</td></tr></table>
<table><tr><th>name</th><th>value</th></tr><tr><td>a</td><td>1</td></tr></table>
</body></html>"""
    main, _, _ = main_and_furniture(page.encode())
    outline = read_markdown(main)
    functions = next(s for s in sections(outline) if s.title == "Functions")
    entries = [(e.term, e.description) for b in functions.blocks if isinstance(b, Terms) for e in b.entries]
    assert entries == [("parse(text)", "Parse a frob header."), ("quote(value)", "Quote a value for a header.")]
    assert [(s.title, s.level) for s in functions.sections] == [
        ("class Frob(builtins.object)", 3), ("class FrobError(builtins.Exception) (alias error)", 3)]
    assert "| name | value |" in main  # a table of data stays a table


def test_line_broken_paragraphs_stay_paragraphs_outside_groff() -> None:
    page = "<html><body><p>Frob Inc <br>12 Main Street <br>Springfield</p></body></html>"
    soup = BeautifulSoup(page, "html.parser")
    assert soup.body is not None
    rewrite_layout(soup, soup.body)
    assert not soup.find_all("pre") and len(soup.find_all("p")) == 1


def test_a_bold_line_that_a_colon_introduces_is_an_example_not_a_heading() -> None:
    outline = read_markdown("# Notes\n\nHere is an example command:\n\n**LC_ALL=C frob -Naur old new**\n\n"
                            "Then:\n\n**Send the result**\n\n**Options**\n\nNone.\n")
    assert [s.title for s in sections(outline)] == ["Notes", "Options"]
    assert [c.text for c in blocks_of(outline, Code)] == ["LC_ALL=C frob -Naur old new"]
    assert "Send the result" in [p.text for p in blocks_of(outline, Paragraph)]


def test_a_wrapped_item_whose_next_line_ends_its_sentence_is_one_item() -> None:
    text = "- Add a C# example for frob 3.0 - original\n      C# example added with note.\n" \
           "- When a pattern ends in a directory add / to the end\n      (11/5/2004 Nehal).\n"
    [items] = blocks_of(read_text(text), ItemList)
    assert [i.text for i in items.items] == [
        "Add a C# example for frob 3.0 - original C# example added with note.",
        "When a pattern ends in a directory add / to the end (11/5/2004 Nehal)."]
    assert not any(i.children for i in items.items)


def test_a_definition_line_is_no_sentence() -> None:
    assert not is_sentence("<version> = this is the version of this protocol.")
    assert is_sentence("The response begins with an optional information line.")


README_TXT = """\
Frob
====

.. image:: https://img.example.org/frob.svg

Frob reshapes data files in place. Read `the manual`_ first.

Usage example::

    import frob
    frob.reshape("data.csv")

.. _the manual: https://frob.example.org/manual
"""


def test_a_text_file_written_in_restructuredtext_is_read_by_docutils() -> None:
    outline = read_outline(README_TXT, ".txt")
    text = " ".join(b.text for _, b in walk(outline) if isinstance(b, Paragraph))
    assert "Read the manual (https://frob.example.org/manual) first." in text  # (the sentence points at it)
    assert ".. image::" not in text and "::" not in text and "`" not in text
    assert [c.text for _, c in walk(outline) if isinstance(c, Code)] == ['import frob\nfrob.reshape("data.csv")']


def test_a_plain_texts_entities_are_its_own_text() -> None:
    """jq's PDF manual: `@html` writes `x &lt; y`, which the page read `x < y`, the
    opposite of what it says; markup's entities are still decoded."""
    text = "FORMATS\n\n   The @html format writes x &lt; y for the text x < y.\n"
    [plain] = [b for _, b in walk(read_outline(text, ".txt"))]
    assert plain == Paragraph("The @html format writes x &lt; y for the text x < y.")
    [marked] = [b for _, b in walk(read_outline("# Formats\n\nIt writes x &lt; y.\n", ".md"))]
    assert marked == Paragraph("It writes x < y.")


def test_plain_text_with_a_double_colon_stays_plain_text() -> None:
    text = "Frob notes\n\nThe settings are::\n\n    width = 80\n\nThat is all.\n"
    assert not is_rest(text)
    assert is_rest(README_TXT)


def test_a_paragraph_of_badges_is_no_content_but_a_picture_in_a_sentence_is() -> None:
    outline = read_markdown("# Frob\n\n[![Build Status](https://ci.example.org/frob.svg)](https://ci.example.org) "
                            "[![PyPI version](https://pypi.example.org/frob.svg)](https://pypi.example.org)\n\n"
                            "Frob reads files; ![the diagram](flow.png) shows how.\n")
    assert [b.text for b in blocks_of(outline, Paragraph)] == ["Frob reads files; the diagram shows how."]


def test_badges_with_labels_beside_them_are_no_content() -> None:
    outline = read_markdown("# Frob\n\n[![Coverage Status](https://ci.example.org/c.svg)](https://ci.example.org),\n"
                            "Unix: [![Build Status](https://ci.example.org/u.svg)](https://ci.example.org/u),\n"
                            "Windows: [![Windows build status](https://ci.example.org/w.svg)](https://ci.example.org/w)\n\n"
                            "Frob reads files. ![the diagram](flow.png) ![the legend](legend.png) shows how it does.\n")
    assert [b.text for b in blocks_of(outline, Paragraph)] == ["Frob reads files. the diagram the legend shows how it does."]


def test_a_paragraph_with_few_links_elsewhere_says_where_they_go() -> None:
    """httpx's README: `head over to the QuickStart.` sent the reader nowhere, the
    link's address was dropped; so did `The [Developer Interface](…) provides a
    comprehensive API reference.`, a link inside its sentence. A paragraph dense with
    links keeps its words only."""
    few = "Frob reads [JSON](https://json.example.org) fast. For a start, head over to the [QuickStart](https://frob.example.org/start/)."
    dense = "Frob runs on [Linux](https://a.example.org), [BSD](https://b.example.org) and [macOS](https://c.example.org)."
    said = [b.text for b in blocks_of(read_markdown(f"# Frob\n\n{few}\n\n{dense}\n"), Paragraph)]
    assert said == ["Frob reads JSON (https://json.example.org) fast. For a start, head over to the QuickStart "
                    "(https://frob.example.org/start/).", "Frob runs on Linux, BSD and macOS."]
    rest = ("Frob\n====\n\nFor a start, head over to the `QuickStart <https://frob.example.org/start/>`_.\n\n"
            "Frob runs on `Linux <https://a.example.org>`_, `BSD <https://b.example.org>`_ and "
            "`macOS <https://c.example.org>`_.\n\nFrob reads `JSON <https://json.example.org>`_ fast.\n")
    assert [b.text for b in blocks_of(read_rest(rest), Paragraph)] == [
        "For a start, head over to the QuickStart (https://frob.example.org/start/).", "Frob runs on Linux, BSD and macOS.",
        "Frob reads JSON (https://json.example.org) fast."]


def test_links_a_sentence_points_at_keep_their_address_in_a_paragraph_of_several() -> None:
    """httpx's README: `see the Advanced Usage section, the async support section, or the
    HTTP/2 section` (three links) lost all three addresses: a paragraph of more than two
    links kept its words only. Links it points at (and those listed after one) keep their
    address; a list of names with links still does not."""
    pointed = ("For more, see the [Advanced Usage](https://frob.example.org/advanced/) section, the "
               "[async support](https://frob.example.org/async/) section, or the [HTTP/2](https://frob.example.org/h2/) "
               "section.")
    dense = "Frob runs on [Linux](https://a.example.org), [BSD](https://b.example.org) and [macOS](https://c.example.org)."
    said = [b.text for b in blocks_of(read_markdown(f"# Frob\n\n{pointed}\n\n{dense}\n"), Paragraph)]
    assert said == ["For more, see the Advanced Usage (https://frob.example.org/advanced/) section, the async support "
                    "(https://frob.example.org/async/) section, or the HTTP/2 (https://frob.example.org/h2/) section.",
                    "Frob runs on Linux, BSD and macOS."]
    rest = ("Frob\n====\n\nFor more, see the `Advanced Usage <https://frob.example.org/advanced/>`_ section, the "
            "`async support <https://frob.example.org/async/>`_ section, or the `HTTP/2 <https://frob.example.org/h2/>`_ "
            "section.\n")
    assert [b.text for b in blocks_of(read_rest(rest), Paragraph)] == [said[0]]


def test_a_link_the_sentence_points_at_says_where_it_goes() -> None:
    """aws-cli's README: `see the Maintenance Policy section in the ... Guide` lost its
    link, which stood inside the sentence; an address is said once."""
    md = "For support, see the [Policy](https://p.example.org) section of the guide; Frob reads [JSON](https://j.example.org) fast.\n"
    rest = "For support, see the `Policy <https://p.example.org>`__ section of the guide; Frob reads `JSON <https://j.example.org>`__ fast.\n"
    expected = ["For support, see the Policy (https://p.example.org) section of the guide; Frob reads JSON "
                "(https://j.example.org) fast."]
    assert [b.text for b in blocks_of(read_markdown(md), Paragraph)] == expected
    assert [b.text for b in blocks_of(read_rest(rest), Paragraph)] == expected
    twice = "For questions, visit [the forum](https://f.example.org) (tagged with [frob](https://f.example.org)).\n"
    assert [b.text for b in blocks_of(read_markdown(twice), Paragraph)] == [
        "For questions, visit the forum (https://f.example.org) (tagged with frob)."]


def test_lines_that_each_set_a_name_to_a_value_are_code() -> None:
    """pydoc's DATA sections (`DEBUG = 10` over `ERROR = 40`, one a line) were one run
    of prose on the page: `BASIC_FORMAT = '...' CRITICAL = 50 DEBUG = 10 ...`."""
    outline = read_text("DATA\n    BASIC_FORMAT = '%(levelname)s:%(message)s'\n    CRITICAL = 50\n    DEBUG = 10\n\n"
                        "NOTES\n    The level is = to the one set.\n    Then it logs.\n")
    [data, notes] = outline.sections
    assert data.blocks == (Code("BASIC_FORMAT = '%(levelname)s:%(message)s'\nCRITICAL = 50\nDEBUG = 10"),)
    assert notes.blocks == (Paragraph("The level is = to the one set. Then it logs."),)


def test_a_long_call_signature_over_its_description_is_a_term() -> None:
    """pydoc's Logger: `makeRecord(self, name, level, fn, lno, msg, args, exc_info, ...)`
    is wider than a tag, was read as a paragraph and split the method list in two."""
    text = ("Methods defined here:\n\n    log(self, level, msg)\n        Log msg with the level.\n\n"
            "    makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None, sinfo=None)\n"
            "        A factory method subclasses override.\n\n    setLevel(self, level)\n        Set the level.\n")
    [terms] = blocks_of(read_text(text + "\n    warn(self, msg)\n\n    warning(self, msg)\n        Log msg as a warning.\n"), Terms)
    assert [t.term for t in terms.entries] == [
        "log(self, level, msg)", "makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None, sinfo=None)",
        "setLevel(self, level)", "warn(self, msg)", "warning(self, msg)"]  # (a method with no docstring stays in the list)
    assert terms.entries[3].body == ()


def test_keys_a_manual_lists_with_their_text_on_the_same_line_or_under_it_are_one_list() -> None:
    """less's manual as a PDF: `z Like SPACE, ...` (a key and its text on one line)
    between keys set over their text was run into prose with the next key
    (`... window size. ESC-SPACE`), and `d or ^D Scroll forward ...` was prose."""
    text = ("COMMANDS\n      h or H\n            Help: display a summary of these commands.\n"
            "      SPACE or ^V or f\n            Scroll forward N lines, default one window.\n"
            "      z Like SPACE, but if N is specified, it becomes the new window size.\n"
            "      ESC-SPACE\n            Like SPACE, but scrolls a full screenful.\n"
            "      d or ^D Scroll forward N lines, default one half of the screen size.\n"
            "      b or ^B or ESC-v\n            Scroll backward N lines, default one window.\n"
            "      g or < or ESC-<\n            Go to line N in the file.\n"
            "      ( Like {, but applies to parentheses. ) Like }, but applies to parentheses. A Note on them.\n\n"
            "      The bracket keys go on here, after a note set apart from the keys.\n\n"
            "      [ Like {, but applies to brackets. ] Like }, but applies to brackets.\n")
    keys, later = blocks_of(read_text(text), Terms)
    assert [t.term for t in keys.entries] == ["h or H", "SPACE or ^V or f", "z", "ESC-SPACE", "d or ^D", "b or ^B or ESC-v",
                                              "g or < or ESC-<", "(", ")"]  # (a `<` opens no address here)
    assert keys.entries[2].body == (Paragraph("Like SPACE, but if N is specified, it becomes the new window size."),)
    assert keys.entries[-1].body == (Paragraph("Like }, but applies to parentheses. A Note on them."),)
    assert [t.term for t in later.entries] == ["[", "]"]  # keys run together hold their own list
    keyed = read_text("KEYS\n      g or < or ESC-<\n            Go to line N.\n\n      q\n            Quit.\n")
    assert [t.term for t in blocks_of(keyed, Terms)[0].entries] == ["g or < or ESC-<", "q"]  # no address opens at `<`


def test_punctuation_and_bullet_like_keys_in_a_two_column_list_are_keys() -> None:
    """tmux's key bindings: `)` and `,` ran into a paragraph, `-` and `o` started a
    bulleted list of their texts with no keys, and ~35 bindings were lost."""
    text = ("     The keys are:\n\n"
            "           (           Switch to the previous session.\n           )           Switch to the next session.\n"
            "           ,           Rename the current window.\n           -           Delete the newest buffer.\n"
            "           .           Move the current window.\n           o           Select the next pane.\n"
            "           p           Change to the previous window.\n\n     Bullets stay bullets:\n\n"
            "     -   one point\n     -   another point\n")
    outline = read_text(text)
    [keys] = blocks_of(outline, Terms)
    assert [t.term for t in keys.entries] == ["(", ")", ",", "-", ".", "o", "p"]
    assert keys.entries[3].body == (Paragraph("Delete the newest buffer."),)
    [bullets] = blocks_of(outline, ItemList)
    assert [i.text for i in bullets.items] == ["one point", "another point"]
    options = read_text("OPTIONS\n     -       Alias for stdin, as in other\n             utilities.\n\n"
                        "     --      Indicate the end of the options.\n")  # node's manual: `-` lost its name
    assert [t.term for t in blocks_of(options, Terms)[0].entries] == ["-", "--"]


def test_one_command_a_colon_introduces_is_code() -> None:
    """debconf's EXAMPLES: `To debug a shell script ..., you might use:` over
    `DEBCONF_DEBUG=developer debconf my-shell-prog` showed the command as a sentence."""
    text = ("EXAMPLES\n       To debug a script, you might use:\n\n        FROB_DEBUG=developer frob my-script\n\n"
            "       Or read this:\n\n        the manual of frob\n")
    [examples] = read_text(text).sections
    assert examples.blocks[1] == Code("FROB_DEBUG=developer frob my-script")
    assert examples.blocks[3] == Paragraph("the manual of frob")


def test_code_a_typesetter_curled_has_straight_quotes_and_prose_keeps_its_own() -> None:
    """jq's manual as a PDF: `jq ’.foo’` in its examples, a command no shell runs."""
    text = ("EXAMPLES\n       It’s best to quote the program.\n\n          frob ’.foo’\n"
            "            {“foo”: 42}\n           => 42\n\n       Then read the output.\n")
    [examples] = read_text(text).sections
    assert examples.blocks[0] == Paragraph("It’s best to quote the program.")
    assert examples.blocks[1] == Code("frob '.foo'\n  {\"foo\": 42}\n => 42")


def test_a_command_an_items_text_introduces_is_code_after_a_colon_or_a_comma() -> None:
    """sed's FAQ: `(a) ... Thus:` over `sed 's/14"/fourteen inches/g' file`, and `(b) ...
    Thus,` over `sed "s/$length\\"/..." file`, showed the commands as sentences."""
    text = ("QUOTES\n\n   (a) Put the script in single quotes. Thus:\n\n     frob 's/14\"/fourteen inches/g' file\n\n"
            "   (b) Else prefix the quote with a backslash. Thus,\n\n     frob \"s/$n\\\"/$n inches/g\" file\n\n   Then more.\n")
    [quotes] = read_text(text).sections
    [listed, after] = quotes.blocks
    assert isinstance(listed, ItemList)
    assert [i.children for i in listed.items] == [(Code("frob 's/14\"/fourteen inches/g' file"),),
                                                  (Code('frob "s/$n\\"/$n inches/g" file'),)]
    assert after == Paragraph("Then more.")


def test_a_settings_example_at_the_texts_margin_is_code_across_its_blank_lines() -> None:
    """git's manual as a PDF: its configuration example, set at the margin of the text,
    read as prose (`# # A '#' or ';' character indicates a comment. #`, `; core variables [core]`)."""
    text = ("CONFIGURATION\n       A configuration file may look like this:\n\n       #\n"
            "       # A '#' or ';' character indicates a comment.\n       #\n\n       ; core variables\n       [core]\n"
            "           filemode = false\n\n       Various commands read the configuration file and adjust what they do.\n")
    [section] = read_text(text).sections
    assert section.blocks[1:] == (Code("#\n# A '#' or ';' character indicates a comment.\n#"),
                                  Code("; core variables\n[core]\n    filemode = false"),
                                  Paragraph("Various commands read the configuration file and adjust what they do."))


def test_an_address_or_a_name_a_line_broke_is_one() -> None:
    """groff's manual: `⟨http://` at a line's end over `www.lunabase.org/...⟩` read as
    `⟨http:// www.lunabase.org/…⟩`; an address that ends its line whole stays apart."""
    text = ("       A free grap can be found at the grap website ⟨http://\n"
            "       www.example.org/~jane/grap/⟩.  See https://example.org/docs/\n       for more.\n")
    [paragraph] = blocks_of(read_text(text), Paragraph)
    assert paragraph.text == ("A free grap can be found at the grap website ⟨http://www.example.org/~jane/grap/⟩. "
                              "See https://example.org/docs/ for more.")
    [ported] = blocks_of(read_text("       It runs on Linux, AIX and HP-\n       UX, and on Solaris.\n"), Paragraph)
    assert ported.text == "It runs on Linux, AIX and HP-UX, and on Solaris."  # ncurses' manual said `HP- UX`


def test_a_table_is_cut_at_its_headers_columns_when_a_cell_runs_past_its_column() -> None:
    """tmux's formats: `Variable name   Alias   Replaced with`, most rows with no alias
    and some names wider than their column; the table read as prose and a few lists."""
    text = ("     The following variables are available:\n\n"
            "     Variable name          Alias    Replaced with\n"
            "     active_window_index             Index of active window in session\n"
            "     host                   #H       Hostname of local host\n"
            "     window_active_sessions_list     List of sessions in which window is active\n"
            "     pane_id                #D       Unique pane ID\n")
    assert not blocks_of(read_text("     C-z         Suspend the client.\n     !           Break the pane.\n"
                                   "     \"           Split the pane.\n"), Table)  # keys and what they do, no header
    [table] = blocks_of(read_text(text), Table)
    assert table.header == ("Variable name", "Alias", "Replaced with")
    assert table.rows == (("active_window_index", "", "Index of active window in session"),
                          ("host", "#H", "Hostname of local host"),
                          ("window_active_sessions_list", "", "List of sessions in which window is active"),
                          ("pane_id", "#D", "Unique pane ID"))


def test_a_table_whose_columns_are_named_in_lower_case_is_a_table_and_keeps_pushed_down_keys() -> None:
    """tmux's copy-mode keys: `Command   vi   emacs`, a name too wide for its column
    pushing its keys onto the next line; the whole table was one 85-line code block the
    page left out, with the sentence introducing it."""
    text = ("     The following commands are supported in copy mode:\n\n"
            "           Command                                      vi              emacs\n"
            "           append-selection\n"
            "           back-to-indentation                          ^               M-m\n"
            "           copy-pipe-end-of-line-and-cancel [<command>]\n"
            "                                                             [<prefix>]      D        C-k\n"
            "           cursor-down                                  j               Down\n")
    [table] = blocks_of(read_text(text), Table)
    assert table.header == ("Command", "vi", "emacs")
    assert table.rows == (("append-selection", "", ""), ("back-to-indentation", "^", "M-m"),
                          ("copy-pipe-end-of-line-and-cancel [<command>] [<prefix>]", "D", "C-k"),
                          ("cursor-down", "j", "Down"))
    justified = ("       Perform  syscall  tampering  for  the  specified   set   of\n"
                 "       syscalls.   The  syntax of the syscall_set specification is\n"
                 "       the same as in the -e trace option.\n")
    assert not blocks_of(read_text(justified), Table)  # a justified line of prose names no columns


def test_aligned_keys_right_under_their_lead_in_are_entries_not_part_of_its_paragraph() -> None:
    """ed's README: `The test file extensions have the following meanings:` over
    `.ed   Ed script - ...` and `.r    Result - ...` with no blank line between read as
    one run of prose. Justified prose under a colon stays prose."""
    text = ("The test file extensions have the following meanings:\n.ed   Ed script - a list of commands.\n"
            ".r    Result - the expected output.\n.err  Error - commands that should fail.\n\nThe output is kept.\n")
    outline = read_text(text)
    assert outline.blocks[0] == Paragraph("The test file extensions have the following meanings:")
    assert [(t.term, t.description) for t in blocks_of(outline, Terms)[0].entries] == [
        (".ed", "Ed script - a list of commands."), (".r", "Result - the expected output."),
        (".err", "Error - commands that should fail.")]
    justified = "It works so:\nPerform  syscall  tampering  for  the\nsyscalls.   The  syntax of the set.\n"
    assert not blocks_of(read_text(justified), Terms)


def test_options_a_sentence_lists_after_its_colon_stay_in_the_sentence() -> None:
    """node's `--diagnostic-dir`: `Affects the default output directory of:` over
    `--cpu-prof-dir.  --heap-prof-dir.  --redirect-warnings.` became an entry
    `--cpu-prof-dir.` over a table whose header was the other two."""
    text = ("     --diagnostic-dir\n             Set the directory for output files.  Affects the directory of:\n"
            "             --cpu-prof-dir.  --heap-prof-dir.  --redirect-warnings.\n\n"
            "     --disable-proto=mode\n             Disable the property.\n")
    [terms] = blocks_of(read_text(text), Terms)
    assert [(t.term, t.description) for t in terms.entries] == [
        ("--diagnostic-dir", "Set the directory for output files. Affects the directory of: --cpu-prof-dir. "
                             "--heap-prof-dir. --redirect-warnings."),
        ("--disable-proto=mode", "Disable the property.")]


def test_lone_starred_titles_over_paragraphs_are_headings_and_a_starred_list_is_a_list() -> None:
    """tmux's README: `* Dependencies`, `* Installation`, each alone between blank lines
    over its paragraphs (an emacs outline), read as one-item lists."""
    text = ("Welcome to frob!\n\nfrob reshapes data files.\n\n* Dependencies\n\nfrob depends on libfrob.\n\n"
            "* Installation\n\nTo build frob, use:\n\n\t$ ./configure && make\n")
    outline = read_text(text)
    assert [(s.title, s.level) for s in outline.sections] == [("Dependencies", 1), ("Installation", 1)]
    assert outline.sections[0].blocks == (Paragraph("frob depends on libfrob."),)
    listed = "Welcome to frob!\n\n* it reshapes data files\n* it keeps a copy\n\nMore.\n\n* Install\n\nRun make.\n"
    assert not read_text(listed).sections  # a `* ` line beside another: a list, not titles


def test_a_line_of_an_example_marked_to_the_left_of_it_stays_in_the_example() -> None:
    """lsof's quick start: `$lsof +L` and its output, then `  > less    25366  abe ...`
    set to the left to point at the line that matters: the marked line became six
    nested entries (`> less`, `25366`, `abe`, ...) and `$lsof +L` a paragraph."""
    text = ("  You could look for a zero link count in the NLINK column -- e.g.,\n\n"
            "    $lsof +L\n    COMMAND   PID USER   FD  TYPE  NLINK NAME\n    ...\n"
            "  > less    25366  abe    3r VREG      0 / (/dev/sd0a)\n\n  Better yet, give an upper bound.\n")
    blocks = read_text(text).blocks
    assert [type(b).__name__ for b in blocks] == ["Paragraph", "Code", "Paragraph"]
    assert blocks[1] == Code("  $lsof +L\n  COMMAND   PID USER   FD  TYPE  NLINK NAME\n  ...\n"
                             "> less    25366  abe    3r VREG      0 / (/dev/sd0a)")


def test_a_sentences_end_after_a_session_that_introduces_its_output_is_prose() -> None:
    """lsof's quick start: `The first lsof probe,` / `$ lsof -i@host` / `yields (among
    other things):` over the output: the last line was a code block of its own."""
    text = ("    The first lsof probe,\n\n    $ lsof -i@lsof.example\n\n    yields (among other things):\n\n"
            "    COMMAND     PID     USER   FD   TYPE\n    in.rlogin  7362     root    0u  inet\n"
            "    in.rlogin  7363     root    1u  inet\n")
    blocks = read_text(text).blocks
    assert blocks[2] == Paragraph("yields (among other things):"), blocks


def test_keys_written_with_symbols_under_their_lead_in_are_entries() -> None:
    """less's search modifiers as a PDF sets them: `... part of the pattern:` over
    `^N or ! Search for lines ...` and `^E or * Search multiple files. ...`, one a line
    with no blank between: all ran into the lead-in's paragraph. A word and its stop
    (`Note:`, `Oh!`) or a point's number (`(1)`) opens no entry."""
    text = ("      Certain characters are special if entered at the beginning of the pattern:\n"
            "      ^N or ! Search for lines which do NOT match the pattern.\n"
            "      ^E or * Search multiple files. That is, if the search reaches the END of the file\n"
            "            without finding a match, the search continues in the next file.\n"
            "      ^R Don't interpret regular expression metacharacters.\n")
    outline = read_text(text)
    assert outline.blocks[0] == Paragraph("Certain characters are special if entered at the beginning of the pattern:")
    assert [(t.term, t.description) for t in blocks_of(outline, Terms)[0].entries] == [
        ("^N or !", "Search for lines which do NOT match the pattern."),
        ("^E or *", "Search multiple files. That is, if the search reaches the END of the file without finding a "
                    "match, the search continues in the next file."),
        ("^R", "Don't interpret regular expression metacharacters.")]
    notes = "Read this first:\nNote: The file must exist.\nNote: The file is kept.\n\nOh! It broke. Maybe. It works.\n"
    assert not blocks_of(read_text(notes), Terms)


def test_a_tag_left_of_the_sentence_ending_the_entry_above_opens_an_entry() -> None:
    """jq's manual as a PDF: `evaluates to: true, true, false, false.` then, further
    left, `test(val), test(regex; flags)` over its text set deeper: the tag ran into
    the sentence before it."""
    text = ("   match(val)\n      Outputs an object for each match.\n\n"
            "      evaluates to: true, true, false, false.\n   test(val), test(regex; flags)\n"
            "      Like match, but does not return match objects.\n")
    outline = read_text(text)
    [terms] = blocks_of(outline, Terms)
    assert [(t.term, t.description) for t in terms.entries] == [
        ("test(val), test(regex; flags)", "Like match, but does not return match objects.")]
    assert Paragraph("evaluates to: true, true, false, false.") in blocks_of(outline, Paragraph)


def test_a_parameter_over_its_sentence_in_a_docstring_is_an_entry_not_code() -> None:
    """curses' pydoc: `halfdelay(tenths, /)`'s `tenths` over `Maximal blocking delay in
    tenths of seconds (1 - 255).` was a code block (the numbers read as code)."""
    text = ("    halfdelay(tenths, /)\n        Enter half-delay mode.\n\n          tenths\n"
            "            Maximal blocking delay in tenths of seconds (1 - 255).\n\n"
            "        Use nocbreak() to leave half-delay mode.\n")
    [entry] = blocks_of(read_text(text), Terms)[0].entries
    assert entry.body[1] == Terms((Term("tenths", (Paragraph("Maximal blocking delay in tenths of seconds (1 - 255)."),)),))


def test_a_long_tag_over_its_text_among_tags_is_an_entry() -> None:
    """tmux's control mode: `%layout-change window-id window-layout window-visible-layout
    window-flags` (longer than a tag is allowed) over its text, between `%extended-output`
    and `%output`: a loose paragraph splitting the list. A synopsis wrapped inside a
    bracket (`... [-d` over `start-directory] ...`) opens no entry."""
    text = ("     %extended-output pane-id age ... : value\n             New form of %output.\n\n"
            "     %layout-change window-id window-layout window-visible-layout window-flags\n"
            "             The layout of a window with ID window-id changed.\n\n"
            "     %output pane-id value\n             A window pane produced output.\n")
    [terms] = blocks_of(read_text(text), Terms)
    assert [t.term for t in terms.entries] == [
        "%extended-output pane-id age ... : value",
        "%layout-change window-id window-layout window-visible-layout window-flags", "%output pane-id value"]
    wrapped = ("     display-popup [-BCE] [-b border-lines] [-c target-client] [-d\n"
               "             start-directory] [-e environment] [-h height] [-s style]\n\n"
               "     %output pane-id value\n             A window pane produced output.\n")
    assert all(not t.term.startswith("display-popup") for b in blocks_of(read_text(wrapped), Terms) for t in b.entries)


def test_a_synopsis_wrapped_before_its_note_is_one_term() -> None:
    """tmux's `set-buffer [-aw] ... [-n new-buffer-name]` over `data` over `(alias:
    setb)`: the entry lost `data` and its alias."""
    text = ("     set-buffer [-aw] [-b buffer-name] [-t target-client] [-n new-buffer-name]\n             data\n"
            "                   (alias: setb)\n             Set the contents of the specified buffer to data.\n\n"
            "     show-buffer [-b buffer-name]\n                   (alias: showb)\n"
            "             Display the contents of the specified buffer.\n")
    [terms] = blocks_of(read_text(text), Terms)
    assert [(t.term, t.description) for t in terms.entries] == [
        ("set-buffer [-aw] [-b buffer-name] [-t target-client] [-n new-buffer-name] data (alias: setb)",
         "Set the contents of the specified buffer to data."),
        ("show-buffer [-b buffer-name] (alias: showb)", "Display the contents of the specified buffer.")]


def test_a_heading_a_pdf_ran_onto_a_line_is_a_heading() -> None:
    """jq's manual as a PDF: `Let's start with something simpler: ## INVOKING JQ` put
    its options under `Filters`."""
    text = ("FILTERS\n      A filter takes an input and produces an output.\n"
            "      Let's start with something simpler: ## INVOKING JQ\n\n      jq reads a stream of JSON.\n")
    outline = read_text(text)
    assert [s.title for s in outline.sections] == ["FILTERS", "INVOKING JQ"]
    assert outline.sections[0].blocks[-1] == Paragraph("A filter takes an input and produces an output. "
                                                       "Let's start with something simpler:")


def test_a_single_spaced_table_whose_last_column_holds_words_is_a_table() -> None:
    """tar's manual as a PDF: `Suffix Units Byte Equivalent` over `b Blocks SIZE x 512`
    read as one run of words."""
    text = ("   Size suffixes\n             Suffix Units Byte Equivalent\n             b Blocks SIZE x 512\n"
            "             c Bytes SIZE\n             K Kilobytes SIZE x 1024\n")
    [table] = blocks_of(read_text(text), Table)
    assert table.header == ("Suffix", "Units", "Byte Equivalent")
    assert table.rows == (("b", "Blocks", "SIZE x 512"), ("c", "Bytes", "SIZE"), ("K", "Kilobytes", "SIZE x 1024"))


def test_raw_html_that_is_mostly_links_is_navigation() -> None:
    """logging.config's page, pydoc HTML converted by pandoc: its heading table read
    `index / /usr/lib/python3.11/logging/config.py / Module Reference / Modules / errno`."""
    text = ('<table class="heading"><tr><td class="title"><strong>frob.config</strong></td>\n'
            '<td class="extra"><a href=".">index</a><br />\n<a href="file:/usr/lib/frob/config.py">/usr/lib/frob/config.py</a>'
            '<br />\n<a href="https://docs.example.org/frob.config.html">Module Reference</a></td></tr></table>\n\n'
            "Configuration functions for the frob package.\n\n"
            '<table><tr><td>Read <a href="https://example.org">the guide</a> before you start the reader.</td></tr></table>\n')
    said = [b.text for b in blocks_of(read_markdown(text), Paragraph)]
    assert said == ["Configuration functions for the frob package.", "Read the guide before you start the reader."]


def test_a_paragraph_set_left_of_an_entrys_text_after_a_blank_line_ends_the_entry() -> None:
    """gdb's README: `   Note: the following instructions are for building GDB on Unix
    or` after the last directory's entry was glued into that entry's table cell, cut
    at its line's end."""
    text = ("`frob-1.0/doc'\n     The manual.\n\n`frob-1.0/etc'\n     Coding standards and other\n     miscellanea.\n\n"
            "   Note: the following instructions are for building frob on Unix or\n"
            "Unix-like systems.  Others are in the file README.\n")
    outline = read_text(text)
    [entries] = blocks_of(outline, Terms)
    assert entries.entries[-1].body == (Paragraph("Coding standards and other miscellanea."),)
    assert Paragraph("Note: the following instructions are for building frob on Unix or Unix-like systems. "
                     "Others are in the file README.") in blocks_of(outline, Paragraph)


def test_a_long_list_of_names_over_a_hard_break_is_one_entrys_term() -> None:
    """openssl's cipher list: `camellia128, camellia-128-cbc, ... camellia-128-ofb` over
    `Camellia-128 Cipher` was wider than a tag and fell out of the list as prose."""
    names = ", ".join(["frob128", *(f"frob-128-{mode}" for mode in ("cbc", "cfb", "ctr", "ecb", "ofb", "gcm", "ccm", "xts"))])
    text = f"# Ciphers\n\nbf, bf-cbc  \nBlowfish Cipher\n\n{names}  \nFrob-128 Cipher\n\nbase64  \nBase64 Encoding\n"
    [ciphers] = blocks_of(read_markdown(text), Terms)
    assert [t.term for t in ciphers.entries] == ["bf, bf-cbc", names, "base64"]


def test_a_restructuredtext_line_block_of_badges_is_no_content() -> None:
    text = ("Frob\n====\n\n|  |ci| |pypi|\n|  |licence|\n\n"
            ".. |ci| image:: https://ci.example.org/frob.svg\n    :alt: Build status\n\n"
            ".. |pypi| image:: https://pypi.example.org/frob.svg\n    :alt: Latest version\n\n"
            ".. |licence| image:: https://pypi.example.org/l.svg\n    :alt: License\n\n"
            "| Frob reads files.\n| It writes none.\n")
    assert [b.text for b in blocks_of(read_rest(text), Paragraph)] == ["Frob reads files. It writes none."]


def test_groff_examples_a_colon_introduces_are_code_under_their_label() -> None:
    page = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<p style="margin-left:11%">Give part sets within braces, as in:</p>
<p style="margin-left:11%">&quot;http://site.{one,two}.example&quot;</p>
<p style="margin-left:11%">Example: <br>
frob --fetch https://example.org</p>
<p style="margin-left:11%">It then says:</p>
<p style="margin-left:11%">Done</p>
</body></html>"""
    soup = BeautifulSoup(page, "html.parser")
    assert soup.body is not None
    rewrite_layout(soup, soup.body)
    assert [p.get_text() for p in soup.find_all("pre")] == ['"http://site.{one,two}.example"',
                                                           "frob --fetch https://example.org"]
    assert [p.get_text() for p in soup.find_all("p")] == ["Give part sets within braces, as in:", "Example:",
                                                         "It then says:", "Done"]


def test_a_short_line_of_code_ending_with_a_dot_that_a_sentence_runs_into_is_code() -> None:
    """tbl's BUGS: `A leading and/or trailing '|' in a format line, such as` over the
    format `|l r|.` set deeper became a table of one term (the sentence) and its
    description (the format): the dot read as a sentence's end. A sentence there stays."""
    page = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<p style="margin-left:11%; margin-top: 1em">A leading and/or trailing bar in a format line, such as</p>
<p style="margin-left:22%; margin-top: 1em">|l r|.</p>
<p style="margin-left:11%; margin-top: 1em">gives output with a space, as in a frob that is also</p>
<p style="margin-left:22%; margin-top: 1em">Done by the other one.</p>
</body></html>"""
    soup = BeautifulSoup(page, "html.parser")
    assert soup.body is not None
    rewrite_layout(soup, soup.body)
    assert [p.get_text() for p in soup.find_all("pre")] == ["|l r|."]


def test_groff_examples_set_deeper_than_the_prose_around_them_are_code() -> None:
    page = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<p style="margin-left:11%">Wildcards are expanded by the shell (as for other programs).</p>
<p style="margin-left:17%">frob -avz host:src/bar
/data/tmp</p>
<p style="margin-left:11%">This copies src/bar recursively.</p>
<p style="margin-left:17%">(Relevant only for <b>-v</b> and <b>-l</b>.)</p>
<p style="margin-left:11%">-q</p>
<p style="margin-left:17%">same as --quiet</p>
<p style="margin-left:11%">-v</p>
</body></html>"""
    soup = BeautifulSoup(page, "html.parser")
    assert soup.body is not None
    rewrite_layout(soup, soup.body)
    assert [p.get_text() for p in soup.find_all("pre")] == ["frob -avz host:src/bar /data/tmp"]
    assert "same as --quiet" in soup.get_text()  # (and gzip's sentence aside is no example)


README_WITH_CHANGELOG = """\
# frob

Frob reshapes data files in place.

## Supported Python

- Python 3.5: frob < 2.1
- Python 3.6: frob < 3.1

## [3.4.7](https://example.org/compare/3.4.6...3.4.7) (2026-04-02)

### Fixed

- Removed a leak in the reader.

## [3.4.6](https://example.org/compare/3.4.5...3.4.6) (2026-03-15)

- Faster writer.
"""


def test_a_readme_ending_in_its_changelog_names_versions_in_passing_before_it() -> None:
    outline = read_markdown(README_WITH_CHANGELOG)
    releases = read_releases(README_WITH_CHANGELOG, outline)
    assert [(r.version, r.date) for r in releases] == [("3.4.7", date(2026, 4, 2)), ("3.4.6", date(2026, 3, 15))]
    assert [c.text for c in releases[0].changes] == ["Removed a leak in the reader."]
    before = before_releases(outline)
    assert [s.title for s in sections(before)] == ["frob", "Supported Python"]


def test_a_release_groups_outline_labels_and_leaves_its_sign_off_out() -> None:
    text = """\
frob NEWS

2.1\t\tApril 28, 2022

\t\tFaster reader for wide files.

\t\t** Bug fixes

\t\tThe writer no longer drops the last line.

\t\tThe frob team at Example April 28, 2022

2.0\t\tMay 7, 2019

\t\tSupport for 2023 dates was added.
"""
    releases = read_releases(text, read_text(text))
    assert [(c.text, c.group) for c in releases[0].changes] == [
        ("Faster reader for wide files.", None), ("The writer no longer drops the last line.", "Bug fixes")]
    assert [c.text for c in releases[1].changes] == ["Support for 2023 dates was added."]


MAN_ALIASES = """\
FROB(1)                      Frob Tools 1.2                      FROB(1)

NAME
       frob - fold and unfold archives

DESCRIPTION
       There are two kinds of archive in use: packed and loose archives. Loose
       2.x archives are read by default.

       Frob reads each archive once, folds or unfolds it and writes the result
       next to it. It never changes an archive in place, and it stops at the
       first error unless told to go on. The commands below say what to do;
       only one of them may be given.

COMMANDS
   Commands about the program itself

       --version
              Print the version and exit.

       --usage
       -u     Print  a short usage message listing the most common options.
              Note that this cannot be abbreviated.

   Commands that select the work to do

       --fold
       -f     Fold the named files into one archive.

       --fold-deep pattern [depth [limit [mode]]]
       --fd
              Fold the files matching pattern, descending at most depth
              levels.

       --merge
       --unfold-merge
       -U     Unfold the archive and merge it with the
              files already there.
"""


def test_option_forms_on_lines_of_their_own_over_the_last_form_with_its_text() -> None:
    outline = read_text(MAN_ALIASES)
    # a subsection's name with a blank line under it is a heading, not a paragraph
    assert [s.title for s in sections(outline)][-2:] == [
        "Commands about the program itself", "Commands that select the work to do"]
    options = terms(outline)
    assert options == {
        "--version": "Print the version and exit.",
        "--usage, -u": "Print a short usage message listing the most common options. Note that this cannot be abbreviated.",
        "--fold, -f": "Fold the named files into one archive.",
        "--fold-deep pattern [depth [limit [mode]]], --fd":
            "Fold the files matching pattern, descending at most depth levels.",
        "--merge, --unfold-merge, -U": "Unfold the archive and merge it with the files already there.",
    }
    # a sentence with a colon in its first line is not a `Key: value` field line
    description = next(b.text for b in section(outline, "DESCRIPTION").blocks if isinstance(b, Paragraph))
    assert description.startswith("There are two kinds of archive in use: packed and loose archives. Loose 2.x archives")


PDF_OPTIONS = """\
## Page 1

FROB(1) General Commands Manual FROB(1)

NAME
      frob - fold and unfold archives
OPTIONS
      frob has the following options:
      -quiet Suppress all messages.
      -keep Keep the input files.
      -width N
            Fold lines longer than N columns.
      -trace Print each step as it is taken, with its timing, one step per line. Designed
            to be read by other programs.
      -level n Set the folding level to n.
SETTINGS
      The settings and their meanings are as follows:
      Host Restricts the following settings to the hosts that match one of the patterns given
             after the keyword.
      Optional Object Identifier: .foo?
             Just like .foo, but quiet.
      AddressFamily
             Specifies which address family to use when connecting.
      Port Specifies the port number to connect on. The default is 7.

      PreferredMethods
             Specifies the order in which methods are tried.
FORMATS
      A percent sign followed by a character is expanded:
            %% A literal ‘%’.
            %h The remote host name.
            %I A string describing the reason, either ADDRESS when looking up an address
                  or NAME otherwise.
"""


def test_pdf_options_and_keywords_with_their_text_on_the_same_line() -> None:
    outline = read_outline(PDF_OPTIONS, ".pdf")
    options = section(outline, "OPTIONS")
    # the sentence introducing the list ends before the first option
    assert [b.text for b in options.blocks if isinstance(b, Paragraph)] == ["frob has the following options:"]
    assert terms(Outline((), (options,))) == {
        "-quiet": "Suppress all messages.",
        "-keep": "Keep the input files.",
        "-width N": "Fold lines longer than N columns.",
        "-trace": "Print each step as it is taken, with its timing, one step per line. Designed to be read by other programs.",
        "-level n": "Set the folding level to n.",
    }
    settings = terms(Outline((), (section(outline, "SETTINGS"),)))
    assert settings["Host"].startswith("Restricts the following settings to the hosts")
    assert settings["Port"] == "Specifies the port number to connect on. The default is 7."
    assert settings["AddressFamily"] == "Specifies which address family to use when connecting."
    assert settings["Optional Object Identifier: .foo?"] == "Just like .foo, but quiet."  # a title's words stay one term
    formats = terms(Outline((), (section(outline, "FORMATS"),)))
    assert formats == {"%%": "A literal ‘%’.", "%h": "The remote host name.",
                       "%I": "A string describing the reason, either ADDRESS when looking up an address or NAME otherwise."}


# groff's HTML of an mdoc page: section titles and list tags are both margin-less bold
# paragraphs; what tells them apart is how deep the text under them stands.
MDOC_HTML = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<p style="margin-top: 1em"><b>NAME</b></p>
<p style="margin-left:6%;"><b>frob</b> &mdash; fold archives</p>
<p style="margin-top: 1em"><b>SYNOPSIS</b></p>
<p style="margin-left:12%;"><b>frob</b> [<b>-46</b>] <i>archive</i></p>
<p style="margin-top: 1em"><b>DESCRIPTION</b></p>
<p style="margin-left:6%;">The options are as follows:</p>
<p style="margin-top: 1em"><b>-4</b></p>
<p style="margin-left:17%; margin-top: 1em">Uses the old format only.</p>
<p style="margin-top: 1em"><b>-D</b> <br>
[ <i><br>
bind</i>:]<i>port</i></p>
<p style="margin-left:17%;">Folds through a local port.</p>
<p style="margin-left:17%; margin-top: 1em">The port may be named.</p>
<p style="margin-top: 1em"><b>-o</b> <i>option</i></p>
<p style="margin-left:17%;">Sets an option; these are known:</p>
<p style="margin-top: 1em">Alpha <br>
Beta <br>
Gamma</p>
<p style="margin-top: 1em"><b>~.</b></p>
<p style="margin-left:17%; margin-top: 1em">Disconnect.</p>
<p style="margin-top: 1em"><b>ENVIRONMENT</b></p>
<p style="margin-left:6%;">It reads these variables:</p>
<p style="margin-top: 1em">HOME</p>
<p style="margin-left:17%;">Where the user's files are.</p>
<p style="margin-top: 1em">LANG</p>
<p style="margin-left:17%;">The language of messages.</p>
<p style="margin-top: 1em"><b>FILES</b> <br>
~/.frobrc</p>
<p style="margin-left:17%;">The user's settings.</p>
</body></html>
"""


def test_mdoc_html_tags_without_a_margin_are_entries_and_its_titles_stay_titles() -> None:
    outline = read_markdown(main_and_furniture(MDOC_HTML.encode())[0])
    assert [s.title for s in sections(outline)] == ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "FILES"]
    man = read_manpage(outline)
    assert man is not None and man.synopsis == ("frob [-46] archive",)
    entries = {t.term: t for b in blocks_of(outline, Terms) for t in b.entries}
    assert entries["-4"].description == "Uses the old format only."
    assert [b.text for b in entries["-D [ bind:]port"].body if isinstance(b, Paragraph)] == [
        "Folds through a local port.", "The port may be named."]
    assert [b.text for b in entries["-o option"].body if isinstance(b, Code)] == ["Alpha\nBeta\nGamma"]
    assert entries["~."].description == "Disconnect."
    assert entries["HOME"].description == "Where the user's files are."  # capitals among entries are a tag
    assert entries["~/.frobrc"].description == "The user's settings."


# groff's HTML of a man page: a tag too wide for its column is a table of one cell,
# its text the indented paragraph after it; entries nest under an entry's text.
GROFF_WIDE_TAGS = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<h2>OPTIONS</h2>
<p style="margin-left:11%; margin-top: 1em">These options are known:</p>
<table width="100%" border="0" rules="none" frame="void" cellspacing="0" cellpadding="0">
<tr valign="top" align="left"><td width="11%"></td><td width="46%">
<p style="margin-top: 1em"><b>-q</b>, <b>--quiet</b>,
<b>--silent</b></p></td><td width="43%"></td></tr></table>
<p style="margin-left:22%; margin-top: 1em">print nothing</p>
<p style="margin-left:11%;"><b>-J</b> journal-options</p>
<p style="margin-left:22%;">Set journal options. These are known:</p>
<p style="margin-left:29%;"><b>size=</b><i>journal-size</i></p>
<p style="margin-left:40%;">The size of the journal.</p>
<p style="margin-left:29%;"><b>location</b><i>=place</i></p>
<p style="margin-left:40%;">Where the journal starts.</p>
<p style="margin-left:11%; margin-top: 1em">See also <i>-q</i>. <br>
--digest</p>
<p style="margin-left:22%;">Folds with a digest.</p>
<p style="margin-left:22%; margin-top: 1em">Use it in a command such as this one:</p>
<p style="margin-left:28%; margin-top: 1em">frob -avZ src/
dest/</p>
<p style="margin-left:22%; margin-top: 1em">(Caveat: mind the order.)</p>
<p style="margin-left:11%;"><b>C</b>[<i>device</i>]</p>
<p style="margin-left:22%;">Close the open device. <b><br>
Arguments</b></p>
<p style="margin-left:32%;">Any arguments are ignored.</p>
<h2>VALUES</h2>
<p style="margin-left:11%;">For example, with</p>
<table width="100%" border="0" rules="none" frame="void" cellspacing="0" cellpadding="0">
<tr valign="top" align="left"><td width="11%"></td><td width="89%">
<p>y = x + 2</p></td></tr></table>
<p style="margin-left:11%;">The value stored is a number.</p>
</body></html>
"""


def test_groff_html_an_entrys_example_and_see_also_stay_in_the_entry() -> None:
    """curl's manual in groff HTML: each option's `Example: <br> command` and `See also`
    paragraphs stand at its text's indent; the example became a label and code with no
    indent, which ended the entry, and `See also` was left after it, outside any entry."""
    page = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<h2>OPTIONS</h2>
<p style="margin-left:11%;">--anyauth</p>
<p style="margin-left:22%;">Tells frob to pick the method by itself.</p>
<p style="margin-left:22%; margin-top: 1em">Example: <br>
frob --anyauth --user me:pwd https://example.com</p>
<p style="margin-left:22%; margin-top: 1em">See also <i>--basic</i>.</p>
<p style="margin-left:11%;">-a, --append</p>
<p style="margin-left:22%;">Append to the target file.</p>
</body></html>
"""
    outline = read_markdown(main_and_furniture(page.encode())[0])
    entries = {t.term: t for b in blocks_of(outline, Terms) for t in b.entries}
    assert [block_text(b).strip() for b in entries["--anyauth"].body] == [
        "Tells frob to pick the method by itself.", "Example:", "frob --anyauth --user me:pwd https://example.com",
        "See also --basic."]
    assert entries["-a, --append"].description == "Append to the target file."


def test_groff_html_wide_tags_and_entries_inside_an_entry() -> None:
    outline = read_markdown(main_and_furniture(GROFF_WIDE_TAGS.encode())[0])
    entries = {t.term: t for b in blocks_of(outline, Terms) for t in b.entries}
    assert entries["-q, --quiet, --silent"].description == "print nothing"
    journal = entries["-J journal-options"]
    assert journal.description == "Set journal options. These are known:"
    [inner] = [b for b in journal.body if isinstance(b, Terms)]
    assert {t.term: t.description for t in inner.entries} == {
        "size=journal-size": "The size of the journal.", "location=place": "Where the journal starts."}
    assert "y = x + 2" in [b.text for b in blocks_of(outline, Code)]  # one line of code over prose stays code
    # a tag set on the last line of the paragraph before its text is that entry's tag
    assert entries["--digest"].description == "Folds with a digest."
    # an indented command line a colon introduces is an example, not a tag over the text after it
    assert [b.text if isinstance(b, Paragraph | Code) else type(b) for b in entries["--digest"].body] == [
        "Folds with a digest.", "Use it in a command such as this one:", "frob -avZ src/ dest/", "(Caveat: mind the order.)"]
    assert isinstance(entries["--digest"].body[2], Code)
    assert "See also -q." in [b.text for b in blocks_of(outline, Paragraph)]
    # a description holding a sentence is no tag of what is indented under it; the bold
    # name after its last break is (tar's rmt commands: `Arguments` over what they take)
    assert entries["C[device]"].body == (Paragraph("Close the open device."),
                                         Terms((Term("Arguments", (Paragraph("Any arguments are ignored."),)),)))


def test_markdown_tags_broken_from_their_text_are_definition_lists() -> None:
    text = """\
# OPTIONS

**-b*** block-size*  
Set the size of blocks. Valid sizes are powers of two.

More about block sizes, under the same option.

**-c**  
Check the device first.

-w, --warn  
Give warnings.

# EXPRESSIONS

\\- expr  
The negation of the expression.

expr + expr  
The sum of the expressions.

# CONTACT

Jane Doe  
12 Main Street

For more information about the features which can be set, please see  
the manual page of the file system.
"""
    outline = read_markdown(text)
    entries = {t.term: t for b in blocks_of(outline, Terms) for t in b.entries}
    # the stars of an emphasis CommonMark could not pair are no text
    assert [b.text for b in entries["-b block-size"].body] == [
        "Set the size of blocks. Valid sizes are powers of two.", "More about block sizes, under the same option."]
    assert entries["-c"].description == "Check the device first."
    assert entries["-w, --warn"].description == "Give warnings."
    assert entries["- expr"].description == "The negation of the expression."  # a run of plain tags
    assert entries["expr + expr"].description == "The sum of the expressions."
    contact = [b.text for b in section(outline, "CONTACT").blocks]
    assert contact == ["Jane Doe 12 Main Street",  # one line broken from the next, alone: no entry
                       "For more information about the features which can be set, please see the manual page of the file system."]


def test_an_option_summary_set_as_code_is_a_definition_list() -> None:
    text = """\
# OPTION SUMMARY

Here is a short summary of the options.

```
--verbose, -v            increase verbosity
--level=N                set the folding level (default: 3)
--rsh=COMMAND, -e        specify the remote shell to use
--filter=RULE, -f        add a folding RULE
--help, -h (*)           show this help (* -h is help only on its own)
--width=N                fold lines longer than N, counted
                         from the left margin
--width-verify           --width and check each line after
--window=NUM, -@         set the window for comparisons
--ipv4, -4               prefer IPv4
```

# EXAMPLES

```
--keep keep-uid="uid =~ Alfa"
--keep keep-uid="uid !~ Test"
--keep keep-uid="uid =~ Beta"
```

```
-rw-r--r-- 1 user group 120 notes
-rw-r--r-- 1 user group 340 todo
-rw-r--r-- 1 user group 560 plans
```
"""
    outline = read_outline(text, ".md")
    summary = terms(Outline((), (section(outline, "OPTION SUMMARY"),)))
    assert summary == {
        "--verbose, -v": "increase verbosity",
        "--level=N": "set the folding level (default: 3)",
        "--rsh=COMMAND, -e": "specify the remote shell to use",
        "--filter=RULE, -f": "add a folding RULE",
        "--help, -h": "(*) show this help (* -h is help only on its own)",
        "--width=N": "fold lines longer than N, counted from the left margin",
        "--width-verify": "--width and check each line after",  # a description opening with an option
        "--window=NUM, -@": "set the window for comparisons",
        "--ipv4, -4": "prefer IPv4",  # (rsync's: it ran into the option above)
    }
    # an option given again and again with its values, or a listing of files, stays code
    assert len([b for b in section(outline, "EXAMPLES").blocks if isinstance(b, Code)]) == 2


def test_paragraphs_whose_first_line_alone_is_indented_stay_prose() -> None:
    text = """\
Unpacking -- quick overview
==========================

   The release is provided as a compressed archive called
'frob-VERSION.tar.gz', where VERSION is the version.

   When you unpack the archive, it will create a
source directory called `frob-VERSION'.  This leads to errors
such as:

      make: *** No rule to make target `x.h'.  Stop.

   If you get other errors during this stage, see the `Reporting
Bugs' section below.

      configure --help

(Take note of how this differs.)
"""
    outline = read_text(text)
    assert [s.title for s in sections(outline)] == ["Unpacking -- quick overview"]  # a short underline still underlines
    assert [b.text for b in blocks_of(outline, Paragraph)] == [
        "The release is provided as a compressed archive called 'frob-VERSION.tar.gz', where VERSION is the version.",
        "When you unpack the archive, it will create a source directory called `frob-VERSION'. This leads to errors such as:",
        "If you get other errors during this stage, see the `Reporting Bugs' section below.",
        "(Take note of how this differs.)"]
    assert [b.text for b in blocks_of(outline, Code)] == ["make: *** No rule to make target `x.h'.  Stop.", "configure --help"]


def test_a_terminal_session_is_code_and_key_entries_are_not_prompts() -> None:
    text = """\
DESCRIPTION
       For example, to create a database and list its tables:

       $ frobdb notes.db
       Frobdb version 3.1
       frobdb> create table memos(text, priority INTEGER);
       frobdb> .tables
       memos
       frobdb>

       Simple -- give it the path name of the file of interest:
       $ frobdb /etc/notes

KEYS
       #       List all saved buffers.
       $       Rename the current session.
       %       Split the current pane in two.

       % followed by a letter is expanded in the prompt string, as the
       table below says.
"""
    outline = read_text(text)
    assert [b.text for b in blocks_of(outline, Code)] == [
        "$ frobdb notes.db\nFrobdb version 3.1\nfrobdb> create table memos(text, priority INTEGER);\n"
        "frobdb> .tables\nmemos\nfrobdb>",
        "$ frobdb /etc/notes"]
    assert terms(Outline((), (section(outline, "KEYS"),))) == {
        "#": "List all saved buffers.", "$": "Rename the current session.", "%": "Split the current pane in two."}
    assert "% followed by a letter is expanded in the prompt string, as the table below says." in [
        b.text for b in blocks_of(outline, Paragraph)]


def test_drawn_and_single_spaced_tables_are_tables() -> None:
    text = """\
## Page 1

FROB(1) General Commands Manual FROB(1)

NAME
      frob - fold archives
OPTIONS
      -0 ... -9
             Select a level. The levels differ:

                  Level DictSize CompCPU
                   -0 256 KiB 0
                   -1 1 MiB 1
                   -2 2 MiB 2
       -e, --extreme
             Use a slower variant.
PLATFORMS
      ┌──────────────┬──────────────────┐
      │Platform      │ Modes supported  │
      ├──────────────┼──────────────────┤
      │alpha         │ one, two [1]     │
      ├──────────────┼──────────────────┤
      │beta 64-bit   │ three, wrapped   │
      │              │ over two lines   │
      ├──────────────┼──────────────────┤
      │gamma (exist‐ │ four             │
      │ing)          │                  │
      └──────────────┴──────────────────┘
"""
    outline = read_outline(text, ".pdf")
    options = {t.term: t for b in blocks_of(outline, Terms) for t in b.entries}
    # the next option a column right of the entry before it is that entry's sibling, not its text
    assert set(options) == {"-0 ... -9", "-e, --extreme"}
    [levels] = [b for b in options["-0 ... -9"].body if isinstance(b, Table)]
    assert levels.header == ("Level", "DictSize", "CompCPU")
    assert levels.rows == (("-0", "256 KiB", "0"), ("-1", "1 MiB", "1"), ("-2", "2 MiB", "2"))
    [platforms] = [b for b in section(outline, "PLATFORMS").blocks if isinstance(b, Table)]
    assert platforms.header == ("Platform", "Modes supported")
    assert platforms.rows == (("alpha", "one, two [1]"), ("beta 64-bit", "three, wrapped over two lines"),
                              ("gamma (existing)", "four"))  # a word the manual broke at a hyphen, whole


def test_options_ended_by_a_colon_over_their_text_at_the_same_margin() -> None:
    text = """\
## Page 1

FROB(1) General Commands Manual FROB(1)

NAME
      frob - fold archives
INVOKING FROB
      You can affect how frob reads its input using some options:
          --version:

          Output the version and exit.
          --slurp/-s:
          Read the whole input, then fold it once. This helps with
          large inputs.
          --compact-output / -c:
          Write each fold on one line.
FILES
      None.
"""
    outline = read_outline(text, ".pdf")
    assert terms(Outline((), (section(outline, "INVOKING FROB"),))) == {
        "--version": "Output the version and exit.",
        "--slurp/-s": "Read the whole input, then fold it once. This helps with large inputs.",
        "--compact-output / -c": "Write each fold on one line.",
    }
    assert [b.text for b in section(outline, "INVOKING FROB").blocks if isinstance(b, Paragraph)] == [
        "You can affect how frob reads its input using some options:"]


PYDOC_CLASS = """\
Help on module frob:

NAME
    frob - Reshape data files.

CLASSES
    class Reader(Base)
     |  Reader(path)
     |
     |  Reads one data file.
     |
     |  Method resolution order:
     |      Reader
     |      Base
     |
     |  Methods defined here:
     |
     |  rows(self)
     |      The file's rows, one at a time.
     |
     |  ----------------------------------------------------------------------
     |  Methods inherited from Base:
     |
     |  close(self)
     |      Close whatever the object holds open.
     |
     |  flush(self)
     |      Write what is held.
     |
     |  ----------------------------------------------------------------------
     |  Data descriptors inherited from Base:
     |
     |  __dict__
     |      dictionary for instance variables
     |
     |  ----------------------------------------------------------------------
     |  Methods inherited from builtins.str:
     |
     |  capitalize(self, /)
     |      Return a capitalized version of the string.
"""


def test_pydoc_margins_come_off_and_inherited_members_are_named_with_their_base() -> None:
    """logging's Handler inherits addFilter, filter and removeFilter from Filterer,
    which the module's pydoc documents nowhere: the page never named them. Their
    docstrings stay with their own class; a line says which members each base gives,
    but for Python's own (dunder names, the builtin types' forty methods)."""
    text = unmargined(PYDOC_CLASS)
    assert "|" not in text and "-----" not in text
    assert "The file's rows, one at a time." in text and "Close whatever" not in text
    outline = read_outline(PYDOC_CLASS, ".txt")
    said = " ".join(block_text(b) for _, b in walk(outline))
    assert "Reads one data file." in said and said.count("inherited") == 1
    assert said.endswith("Methods inherited from Base: close, flush.")
    assert "capitalize" not in said and "__dict__" not in said
    assert unmargined("A | B table line\nno margins here\n") == "A | B table line\nno margins here\n"


def _pydoc_class(name: str) -> str:
    rule = "     |  " + "-" * 70 + "\n"
    return (f"    class {name}(builtins.object)\n     |  {name}(path)\n     |  \n     |  Reads one kind of data file.\n"
            "     |  \n     |  Methods defined here:\n     |  \n     |  rows(self)\n"
            "     |      The file's rows, one at a time.\n     |  \n" + rule + "     |  Data descriptors defined here:\n"
            "     |  \n     |  __dict__\n     |      dictionary for instance variables (if defined)\n     |  \n"
            + rule + "     |  Data and other attributes defined here:\n     |  \n     |  default_format = '%s,%03d'\n    \n")


def test_pydocs_class_tree_is_a_nested_list_not_a_heading_over_a_paragraph_of_names() -> None:
    """pydoc's CLASSES opens with each class under its base, one a line: on a module of a
    dozen classes the text reader took the first base for a heading and the classes
    under it for a paragraph of names (`### Reader0 Reader1 ...`)."""
    names = [f"Reader{n}" for n in range(12)]
    text = ("Help on module frob:\n\nNAME\n    frob - Read data files.\n\nCLASSES\n    builtins.object\n"
            + "".join(f"        {n}\n" for n in names) + "\n" + "".join(_pydoc_class(n) for n in names))
    outline = read_outline(text, ".txt")
    classes = next(s for s in outline.sections if s.title == "CLASSES")
    assert not classes.sections  # "builtins.object" is no heading
    tree = classes.blocks[0]
    assert isinstance(tree, ItemList) and [i.text for i in tree.items] == ["builtins.object"]
    nested = tree.items[0].children[0]
    assert isinstance(nested, ItemList) and [i.text for i in nested.items] == names
    deeper = unmargined("CLASSES\n    Filterer(builtins.object)\n        Handler\n            NullHandler\n\n"
                        + _pydoc_class("Handler"))
    assert "    * Filterer(builtins.object)\n      * Handler\n        * NullHandler\n" in deeper
    said = " ".join(block_text(b) for _, b in walk(outline))
    assert said.count("Reads one kind of data file.") == 12  # the class entries after the tree are read as before


def test_raw_html_in_markdown_is_a_paragraph_per_block_element() -> None:
    text = "# frob\n\n<table><tr><td>rows(self)</td></tr>\n<tr><td>The file's rows.</td></tr></table>\n"
    assert [b.text for b in blocks_of(read_markdown(text), Paragraph)] == ["rows(self)", "The file's rows."]


def test_a_wikis_own_links_read_as_links() -> None:
    outline = read_markdown("# frob\n\nSee [[Frob_Overview]] and [[API|the API]] for more about frob files.\n\n"
                            "* [[Home]]\n* [[License]]\n* [[Install]]\n\n```\nif [[ -f x ]]; then echo; fi\n```\n")
    assert [b.text for b in blocks_of(outline, Paragraph)] == ["See Frob_Overview and the API for more about frob files."]
    assert not blocks_of(outline, ItemList)  # a list of the wiki's pages is navigation
    assert [c.text for c in blocks_of(outline, Code)] == ["if [[ -f x ]]; then echo; fi"]


def test_options_bulleted_over_their_text_are_a_definition_list() -> None:
    """Issue 27 (answers-d): a manual page rendered to text that sets its options as
    bullets (`○   --raw-output / -r:` over the text indented under it) lists them as
    entries, one with its colon missing (`--unbuffered`) too, not as a list of empty
    items the page left out. A fragment of jq's manual page."""
    text = """\
JQ(1)                       General Commands Manual                      JQ(1)

NAME
       jq - Command-line JSON processor

INVOKING JQ
       You can affect how jq reads and writes its input and output using  some
       command-line options:

       ○   --raw-input/-R:

           Don't parse the input as JSON. Instead, each line of text is passed
           to  the  filter as a string. If combined with --slurp, then the en‐
           tire input is passed to the filter as a single long string.

       ○   --unbuffered

           Flush  the  output  after  each  JSON  object is printed (useful if
           you're piping a slow data source into jq  and  piping  jq's  output
           elsewhere).

       ○   --raw-output / -r:

           With  this  option, if the filter's result is a string then it will
           be written directly to standard output rather than being  formatted
           as a JSON string with quotes.

SEE ALSO
       sed(1)
"""
    outline = read_outline(text, ".txt")
    invoking = Outline((), (section(outline, "INVOKING JQ"),))
    assert terms(invoking) == {
        "--raw-input/-R": "Don't parse the input as JSON. Instead, each line of text is passed to the filter as a "
                          "string. If combined with --slurp, then the entire input is passed to the filter as a "
                          "single long string.",
        "--unbuffered": "Flush the output after each JSON object is printed (useful if you're piping a slow data "
                        "source into jq and piping jq's output elsewhere).",
        "--raw-output / -r": "With this option, if the filter's result is a string then it will be written directly "
                             "to standard output rather than being formatted as a JSON string with quotes.",
    }
    assert not blocks_of(invoking, ItemList)


def test_a_bulleted_list_of_notes_each_a_word_over_a_paragraph_stays_a_list() -> None:
    text = """\
NOTES
       ○   Speed

           It reads the input once.

       ○   Safety

           It never writes in place.
"""
    notes = Outline((), (section(read_outline(text, ".txt"), "NOTES"),))
    assert not terms(notes) and blocks_of(notes, ItemList)


def test_justified_option_text_is_prose_not_a_list_of_tags() -> None:
    # man sets a description justified: its first word and the next line's can
    # happen to end at the same column, which is no two-column list
    text = (
        "OPTIONS\n"
        "       -k --keep\n"
        "              Check  contents  of the named archive(s), but don't unpack\n"
        "              them.  This merely runs a  trial  unpack  and  discards\n"
        "              the output.\n"
        "\n"
        "       -s     Enable  quick  name  search  via a sorted table. This option\n"
        "              causes  frobber  to  write   2   extra   files   (default\n"
        "              names  frob.a and frob.b) beside the main one.\n"
    )
    entries = terms(read_text(text))
    assert entries["-k --keep"].startswith("Check contents of the named archive(s), but don't unpack them.")
    assert "discards the output." in entries["-k --keep"]
    assert entries["-s"].startswith("Enable quick name search via a sorted table. This option causes frobber")
    assert set(entries) == {"-k --keep", "-s"}


def test_groff_tag_bolded_with_its_line_break_is_split_from_the_paragraph_before() -> None:
    # groff may put the break that sets a tag on its own line inside the tag's bold
    page = """\
<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>
<p style="margin-left:11%; margin-top: 1em">Short forms are kept for old scripts. Prefer the
long forms. <b><br>
--archive</b></p>
<p style="margin-left:22%;">Pack every file into one archive.</p>
<p style="margin-left:11%;"><b>--level</b> n</p>
<p style="margin-left:22%;">Set the compression level.</p>
</body></html>"""
    soup = BeautifulSoup(page, "html.parser")
    assert soup.body is not None
    rewrite_layout(soup, soup.body)
    assert [" ".join(dt.get_text().split()) for dt in soup.find_all("dt")] == ["--archive", "--level n"]
    assert next(" ".join(p.get_text().split()) for p in soup.find_all("p")) == \
        "Short forms are kept for old scripts. Prefer the long forms."


def test_a_definition_list_left_as_raw_html_in_markdown_is_a_definition_list() -> None:
    text = ("# Frob\n\nMethods of the frob class.\n\n<dl>\n<dt><span\nid=\"Frob-spin\"><strong>spin</strong></span>(self,\n"
            "speed, /)</dt>\n<dd>\n<span class=\"code\">Spin the frob at &lt;speed&gt;.</span>\n</dd>\n</dl>\n<dl>\n"
            "<dt><strong>stop</strong>(self, /)</dt>\n<dd>\nStop it and return the<br />\nlast speed.<br />\n <br />\n"
            "It waits for the frob.\n</dd>\n</dl>\n<p>See also the guide.</p>\n")
    outline = read_markdown(text)
    assert terms(outline)["spin(self, speed, /)"] == "Spin the frob at <speed>."
    stop = next(t for b in blocks_of(outline, Terms) for t in b.entries if t.term == "stop(self, /)")
    assert [b.text for b in stop.body] == ["Stop it and return the last speed.", "It waits for the frob."]
    assert [p.text for p in blocks_of(outline, Paragraph)][-1] == "See also the guide."


def test_a_tree_drawn_by_indentation_is_a_nested_list() -> None:
    text = ("CLASSES\n    builtins.object\n        Base\n            Fast\n            Slow\n"
            "    enum.Enum(builtins.object)\n        Colour\n\n    class Base(builtins.object)\n     Does things.\n")
    tree = blocks_of(read_text(text), ItemList)[0]
    assert [i.text for i in tree.items] == ["builtins.object", "enum.Enum(builtins.object)"]
    base = tree.items[0].children[0].items[0]
    assert base.text == "Base" and [i.text for i in base.children[0].items] == ["Fast", "Slow"]
    assert [i.text for i in tree.items[1].children[0].items] == ["Colour"]


def test_an_underline_of_equals_signs_in_an_html_paragraph_makes_no_heading() -> None:
    page = (b"<html><body><h1>frob</h1><p>A&nbsp;small&nbsp;parser.<br>It&nbsp;reads&nbsp;files.<br>Todo:<br>=====<br>"
            b"*&nbsp;more&nbsp;tests</p><hr><h2>Classes</h2><p>None yet.</p></body></html>")
    outline = read_markdown(main_and_furniture(page)[0])
    assert [s.title for s in sections(outline)] == ["frob", "Classes"]
    assert "A small parser." in " ".join(p.text for p in blocks_of(outline, Paragraph))


def test_program_output_quoted_at_the_text_margin_is_code_and_prose_with_gaps_is_not() -> None:
    text = ("  How do I find the process behind a connection? For example, if the tool says:\n\n"
            "  Proto Recv-Q Send-Q  Local Address          Foreign Address        (state)\n"
            "  tcp        0      0  host.1023              gate.login             ESTABLISHED\n\n"
            "  Use the frob's -i option:\n\n"
            "  $frob -iTCP@gate:login\n"
            "  COMMAND     PID     USER   FD   TYPE\n"
            "  rlogin    25023      abe    3u  inet\n"
            "  ...\n\n"
            "  Frob  reads  the kernel  tables and  prints one line for\n"
            "  every  open file  it finds,  in the order  of the process\n"
            "  table.\n")
    outline = read_text(text)
    codes = [c.text for c in blocks_of(outline, Code)]
    assert codes[0].startswith("Proto Recv-Q Send-Q") and codes[0].endswith("ESTABLISHED")
    assert codes[1].startswith("$frob -iTCP@gate:login\nCOMMAND") and codes[1].endswith("...")
    assert len(codes) == 2
    assert "Frob reads the kernel tables and prints one line for every open file it finds, in the order of the process table." \
        in [p.text for p in blocks_of(outline, Paragraph)]


def test_a_debugger_session_under_a_list_item_is_code() -> None:
    text = ("4. Reproduce the bug. If the program leaves a core dump, get a backtrace\n"
            "   using the debugger:\n"
            "     $ dbg /path/to/app   # Load the app.\n"
            "     (dbg) core core   # Open the core dump.\n"
            "     (dbg) bt   # Print the backtrace. Copy & paste it to the report.\n")
    [listed] = blocks_of(read_text(text), ItemList)
    [item] = listed.items
    assert item.text.endswith("using the debugger:")
    assert [type(c) for c in item.children] == [Code] and item.children[0].text.count("\n") == 2


def test_links_to_other_sites_keep_their_address_and_a_table_of_contents_stays_out() -> None:
    """A list of links to other sites, or to the documents beside the README (openssl's
    `Notes for UNIX-like platforms` and six more, each `NOTES-*.md`: the page announced
    them and gave none), keeps them with their addresses; a table of contents and a
    site's menu stay out."""
    text = ("# frob\n\n## Links\n\n- [Source code](https://example.org/frob)\n- [Issue tracker](https://example.org/frob/issues)\n"
            "- [Docs](https://frob.example.org/)\n\n## Contents\n\n- [Intro](#intro)\n- [Usage](#usage)\n- [More](#more)\n\n"
            "## Needs\n\n- [`httpx`][httpx] - required for the test client.\n\n[httpx]: https://httpx.example.org/\n\n"
            "## Platforms\n\n- [Notes for UNIX](NOTES-UNIX.md)\n- [Notes for Windows](doc/NOTES-WINDOWS.md)\n"
            "- [Notes on Valgrind](NOTES-VALGRIND.md)\n\n## Menu\n\n- [Home](/)\n- [About](about.html)\n- [Blog](/blog/)\n")
    lists = [[i.text for i in b.items] for b in blocks_of(read_markdown(text), ItemList)]
    assert lists == [["Source code (https://example.org/frob)", "Issue tracker (https://example.org/frob/issues)",
                      "Docs (https://frob.example.org/)"], ["`httpx` (https://httpx.example.org/) - required for the test client."],
                     ["Notes for UNIX (NOTES-UNIX.md)", "Notes for Windows (doc/NOTES-WINDOWS.md)",
                      "Notes on Valgrind (NOTES-VALGRIND.md)"]]


def test_values_an_option_introduces_at_the_options_margin_are_nested_under_it() -> None:
    text = ("# frob\n\n## Options\n\n-e behaviour\n:   Change what happens on errors. behaviour can be one of the following:\n\n"
            "continue\n:   Go on as if nothing happened.\n\nstop\n:   Stop at once.\n\n-f\n:   Force it.\n\nplain\n:   Not a value.\n")
    outline = read_outline(text, ".md")
    [options] = blocks_of(Outline((), (section(outline, "Options"),)), Terms)[:1]
    assert [t.term for t in options.entries] == ["-e behaviour", "-f", "plain"]
    nested = options.entries[0].body[-1]
    assert isinstance(nested, Terms) and [t.term for t in nested.entries] == ["continue", "stop"]


FAQ_TEXT = """\
                            THE FROB FAQ

CONTENTS

1. GENERAL INFORMATION
1.1. Introduction
1.2. Latest version

2. USING FROB
   EVERYDAY TASKS
2.1. How do I match [[:alnum:]] characters?

------------------------------

1. GENERAL INFORMATION

1.1. Introduction

   This FAQ answers common questions about frob, quickly.

1.2. Latest version

   The newest version of this FAQ is on the project's site.

------------------------------

2. USING FROB

2.1. How do I match [[:alnum:]] characters?

   Use a bracket expression:

   # Keep letters and digits only
   frob 's/[^[:alnum:]]//g' file
"""


def test_a_plain_text_faq_numbers_its_sections_and_its_contents_list_stays_out() -> None:
    assert not is_asciidoc(FAQ_TEXT)
    outline = read_outline(FAQ_TEXT, ".txt")
    titles = [(s.level, s.title) for s in sections(outline)]
    assert titles[-5:] == [(1, "GENERAL INFORMATION"), (2, "1.1. Introduction"), (2, "1.2. Latest version"),
                           (1, "USING FROB"), (2, "2.1. How do I match [[:alnum:]] characters?")]
    assert not [t for _, t in titles if t.upper() == "CONTENTS" or t == "EVERYDAY TASKS"]
    answer = section(outline, "2.1. How do I match [[:alnum:]] characters?")
    assert [type(b) for b in answer.blocks] == [Paragraph, Code]
    assert answer.blocks[1].text.startswith("# Keep letters and digits only\nfrob")


def test_a_literal_block_marker_left_in_markdown_reads_as_a_colon() -> None:
    outline = read_outline("# frob\n\nTo install the hooks, run the following::\n\n    frob hooks install\n", ".md")
    assert [p.text for p in blocks_of(outline, Paragraph)] == ["To install the hooks, run the following:"]


def test_a_releases_checksums_and_their_label_are_no_changes() -> None:
    text = ("Release history\n\n2.4.1 (2022-12-28)\n\n  * Fix a leak in the reader.\n  * Various other fixes. Hashes:\n"
            "  * FROB_SOURCE_ID: 2022-12-28 14:03:47 df5c253c0b3dd24916e4ec7cf77d3db5294cc9fd45ae7b9c5e82ad8197f38a24\n"
            "  * SHA3-256 for frob.c: 4d6800e9032ff349376fe612e422b49ba5eb4e378fac0b3e405235d09dd366ab\n\n"
            "2.4.0 (2022-11-16)\n\n  * Add the writer.\n")
    releases = read_releases(text, read_text(text))
    assert [c.text for c in releases[0].changes] == ["Fix a leak in the reader.", "Various other fixes."]


def test_a_synopsis_setting_the_command_apart_from_its_arguments_keeps_it_in_the_form() -> None:
    text = ("## NAME\n\ndelfrob, delgroup - remove a frob\n\n## SYNOPSIS\n\n**delfrob**\n:   [**--backup**]\n"
            "    [**--quiet**] **user**\n\n**delfrob** --group\n:   **group**\n\n## DESCRIPTION\n\nIt removes frobs.\n")
    man = read_manpage(read_outline(text, ".md"))
    assert man is not None and man.synopsis[0] == "delfrob [--backup] [--quiet] user"


def test_a_rest_item_that_is_a_link_elsewhere_keeps_its_address() -> None:
    outline = read_rest("frob\n====\n\nLinks\n-----\n\n- `Docs <https://frob.example.org/docs>`_\n"
                        "- Mailing list: https://lists.example.org/frob\n"
                        "- An item with `a link <https://x.example.org>`_ inside a longer sentence.\n")
    [listed] = blocks_of(outline, ItemList)
    assert [i.text for i in listed.items] == ["Docs (https://frob.example.org/docs)", "Mailing list: https://lists.example.org/frob",
                                              "An item with a link (https://x.example.org) inside a longer sentence."]


def test_a_paragraph_opening_with_a_word_and_a_colon_is_no_field() -> None:
    text = ("  Caveat: this only works if frob has permission to get the status\n"
            "  (via stat(2)) of the file at the named path.  Unless frob runs as root,\n"
            "  this example won't work.\n\n  Date: 2024-03-01\n  Owner: Maya\n")
    paragraphs = [p.text for p in blocks_of(read_text(text), Paragraph)]
    assert paragraphs[0] == ("Caveat: this only works if frob has permission to get the status (via stat(2)) of the file "
                             "at the named path. Unless frob runs as root, this example won't work.")


def test_settings_a_paragraph_introduces_at_its_margin_are_code() -> None:
    text = ("  The defaults are as follows:\n\n  mode = LIST\n  separator = \"|\"\n  main prompt = \"frob> \"\n\n"
            "  Supported systems:\n\n  Linux\n  FreeBSD\n")
    outline = read_text(text)
    assert [c.text for c in blocks_of(outline, Code)] == ['mode = LIST\nseparator = "|"\nmain prompt = "frob> "']


def test_lettered_sections_after_a_numbered_one_are_under_it() -> None:
    text = ("1.  Finding files\n=================\n\n  Run frob.\n\n  a.  Finding unlinked files\n  ==========================\n\n"
            "  Run frob -L.\n\n2.  Finding sockets\n==================\n\n  Run frob -i.\n")
    assert [(s.level, s.title) for s in sections(read_text(text))] == [
        (1, "1.  Finding files"), (2, "a.  Finding unlinked files"), (1, "2.  Finding sockets")]


def test_a_run_of_hash_lines_in_a_text_file_is_a_comment_block_not_headings() -> None:
    text = ("Frob\n====\n\nSee the website.\n\n# Usage\n\nRun frob.\n\n# This file is free software; you may copy it\n"
            "# as long as this notice is preserved.\n#\n# It comes with no warranty.\n")
    outline = read_outline(text, ".txt")
    assert [s.title for s in sections(outline)] == ["Frob", "Usage"]
    assert any(isinstance(b, Code) and "# It comes with no warranty." in b.text for _, b in walk(outline))


def test_an_enumerations_items_set_apart_under_its_sentence_are_a_list_not_code() -> None:
    """groff's AVAILABILITY: `Three groff mailing lists are available:` over three
    indented items (`bug tracker activity (read-only) <bug-groff@...>;`, `general
    discussion <groff@...>; and`, a last one wrapped, ending with a full stop) came onto
    the page as a code block: the addresses and brackets read as code."""
    text = ("AVAILABILITY\n       Three frob mailing lists are available:\n\n"
            "              bug tracker activity (read-only) ⟨bug-frob@example.org⟩;\n\n"
            "              general discussion ⟨frob@example.org⟩; and\n\n"
            "              commit  activity  (read-only)  ⟨frob-commit@example.org⟩, which re\u2010\n"
            "              ports changes to the source code.\n\n"
            "       Details are in the README.\n")
    blocks = [b for _, b in walk(read_text(text))]
    lists = [b for b in blocks if isinstance(b, ItemList)]
    assert [i.text for i in lists[0].items] == [
        "bug tracker activity (read-only) ⟨bug-frob@example.org⟩;", "general discussion ⟨frob@example.org⟩; and",
        "commit activity (read-only) ⟨frob-commit@example.org⟩, which reports changes to the source code."]
    assert Paragraph("Details are in the README.") in blocks


def test_names_stacked_over_one_description_are_one_entry() -> None:
    """A man page's value list: a letter over its name, then the text indented under
    them (after a blank line or not), or run in after the last name."""
    text = ("TRUST VALUES\n       Trust values are shown with letters or strings:\n\n"
            "       -\n       unknown\n              No ownertrust assigned yet.\n\n"
            "       e\n       expired\n\n              Trust calculation has failed; the key expired.\n\n"
            "       q\n       undefined, undef\n              Not enough information.\n\n"
            "       n\n       never  Never trust this key.\n\n"
            "ENVIRONMENT\n       FROBHOST\n       FROBPORT\n       FROBUSER\n       FROBOPTIONS\n       FROBDB\n"
            "              Default connection parameters.\n\n"
            "FILES\n       frob.conf\n              The standard configuration file.\n\n"
            "       name.tmac\n       tmac.name\n              Macro file for package name.\n")
    outline = read_outline(text, ".txt")
    terms = [(t.term, t.description) for _, b in walk(outline) if isinstance(b, Terms) for t in b.entries]
    assert terms[:5] == [("-, unknown", "No ownertrust assigned yet."),
                         ("e, expired", "Trust calculation has failed; the key expired."),
                         ("q, undefined, undef", "Not enough information."),
                         ("n, never", "Never trust this key."),
                         ("FROBHOST, FROBPORT, FROBUSER, FROBOPTIONS, FROBDB", "Default connection parameters.")]
    assert terms[-1] == ("name.tmac, tmac.name", "Macro file for package name.")  # (groff's; cscope's files)
    # texinfo's options in GNU quotes, one form over another (gdb's README)
    quoted = ("`--target=TARGET'\n     Configure frob for a target.\n\n"
              "`--enable-targets=TARGET,TARGET,...'\n`--enable-targets=all`\n     Configure frob for cross-debugging.\n\n"
              "`--with-datadir=PATH'\n     Set the data directory.\n")
    assert [t.term for _, b in walk(read_outline(quoted, ".txt")) if isinstance(b, Terms) for t in b.entries][-2:] == [
        "`--enable-targets=TARGET,TARGET,...', `--enable-targets=all`", "`--with-datadir=PATH'"]


def test_a_name_section_of_several_commands_gives_the_first_ones_purpose() -> None:
    from wikid.document.manpage import name_of

    joined = ("frob, unfrob - a block-sorting file reshaper, v1.0.8 frobcat - reshapes files to stdout "
              "frobrecover - recovers data from damaged frob files")
    assert name_of(joined) == (("frob", "unfrob", "frobcat", "frobrecover"), "a block-sorting file reshaper, v1.0.8")
    assert name_of("frob - convert A - B files") == (("frob",), "convert A - B files")
    assert name_of("frob  -  frob,  frobmt,  unfrob - Reshape .frb files") == (
        ("frob", "frobmt", "unfrob"), "Reshape .frb files")


def test_comment_lines_over_the_command_they_explain_are_code_not_headings() -> None:
    text = ("Frob\n====\n\nCommon one-line scripts:\n\n# Double space a file\nfrob G file\n\n"
            "# If a line begins with an equal sign, append it to the previous\n# line (and drop the sign).\n"
            "frob -e :a -e '$!N;s/\\n=/ /;ta' file\n\n# Usage\n\nRun frob.\n")
    outline = read_outline(text, ".txt")
    assert [s.title for s in sections(outline)] == ["Frob", "Usage"]
    codes = [b.text for _, b in walk(outline) if isinstance(b, Code)]
    assert any(c.startswith("# If a line begins") and "frob -e" in c for c in codes), codes


def test_a_name_line_with_a_capitalised_purpose_is_no_entry() -> None:
    """A lone `frob - A tool ...` under NAME is the man page's name line; only a list of
    such tags is a definition list (a regression: the page was led by a sibling tool)."""
    text = ("FROB(1)                     General Commands Manual                    FROB(1)\n\n"
            "NAME\n       frob - A command line interface for the Frob library\n\n"
            "SYNOPSIS\n       frob [options] [file]\n\n"
            "DESCRIPTION\n       Frob reads files and reshapes them.\n")
    man = read_manpage(read_text(text))
    assert man is not None
    assert man.names == ("frob",) and man.purpose == "A command line interface for the Frob library"


def test_tags_set_off_by_a_dash_are_entries() -> None:
    text = ("   They are:\n\n       N      - Replace the Nth match of the pattern, where\n"
            "                N is an integer between 1 and 512.\n"
            "       g      - Global replace of all matches to the pattern.\n"
            "       w file - Write the pattern space to 'file' if a replacement was\n"
            "                done. During script execution, w appends to the file for each match.\n")
    outline = read_outline(text, ".txt")
    terms = [(t.term, t.description) for _, b in walk(outline) if isinstance(b, Terms) for t in b.entries]
    assert terms == [("N", "Replace the Nth match of the pattern, where N is an integer between 1 and 512."),
                     ("g", "Global replace of all matches to the pattern."),
                     ("w file", "Write the pattern space to 'file' if a replacement was done. During script "
                                "execution, w appends to the file for each match.")]


def test_a_title_underlined_at_its_own_indent_in_an_indented_text_is_a_heading() -> None:
    text = ("14. When Frob Seems to Hang\n============================\n\n    Frob may hang for two reasons.\n\n"
            "    c.  Host Name Lookup Hangs\n    ==========================\n\n    Frob can hang when it converts an address.\n\n"
            "    d.  Login Name Delays\n    =====================\n\n    Frob reads the password file.\n")
    outline = read_outline(text, ".txt")
    assert [s.title for s in sections(outline)][1:] == ["c.  Host Name Lookup Hangs", "d.  Login Name Delays"]
    assert not any(isinstance(b, ItemList) for _, b in walk(outline))


def test_a_boxed_notice_reads_as_its_text_and_a_contents_label_goes_with_what_it_lists() -> None:
    titles = ["Dialects Supported", "How Frob Works", "Frob Output", "Getting Started", "Bug Reports"]
    listed = "\n".join(f"\t    {t}" for t in titles)
    body = "\n\n".join(f"{t}\n{'=' * len(t)}\n\nFrob says something here about {t.lower()}." for t in titles)
    text = ("\t    Notes for frob version 4\n\n" + "*" * 60 + "\n| The latest release of frob is always available from\n"
            "| https://example.org/frob/releases\n|\n| From 4.1, git manages the changes.\n| You can consult them with git.\n" + "*" * 60
            + f"\n\n\t\tContents\n\n{listed}\n\t\t4.0, February 24, 1997\n\t\t4.01, March 3, 1997\n\n{body}\n")
    outline = read_outline(text, ".txt")
    texts = [block_text(b) for _, b in walk(outline)]
    assert "The latest release of frob is always available from https://example.org/frob/releases" in texts
    assert not any("|" in t or "Contents" in t or "February" in t for t in texts), texts
    assert [s.title for s in sections(outline)] == titles


def test_backslashes_are_roff_only_where_a_converter_left_roff() -> None:
    """A sed FAQ's `\\&` and `\\(pom\\)` are the text itself; a man page's `\\fB` and
    `\\(em` are a converter's leftovers (a regression: the FAQ read "type ''")."""
    faq = read_outline("To enter a literal ampersand on the RHS, type '\\&'.\n\n"
                       "In other words, \"/\\(pom\\)\\1/\" matches \"pompom\".\n", ".txt")
    texts = [b.text for _, b in walk(faq) if isinstance(b, Paragraph)]
    assert texts == ["To enter a literal ampersand on the RHS, type '\\&'.",
                     "In other words, \"/\\(pom\\)\\1/\" matches \"pompom\"."]
    man = read_outline("Use \\fBfrob\\fR \\(em it reads \\-\\-all files\\&.\n", ".txt")
    assert [b.text for _, b in walk(man) if isinstance(b, Paragraph)] == ["Use frob — it reads --all files."]


def test_a_centred_banner_and_a_title_between_rules_are_headings() -> None:
    text = ("                       The Frob Toolkit 2\n                      ======================\n"
            "                             Version 2.2\n\nFrob reshapes files.\n\n\n"
            "-------- Original comp.sources README --------\n\nProgram: frob\n\nFrob was first posted in 1991.\n")
    outline = read_outline(text, ".txt")
    assert [s.title for s in sections(outline)] == ["The Frob Toolkit 2", "Original comp.sources README"]
    assert not any("===" in b.text or "----" in b.text for _, b in walk(outline) if isinstance(b, Paragraph))


def test_a_numbered_faq_titles_its_statements_and_wrapped_questions() -> None:
    """In a text numbered in levels, `5.2. I'm using 'p' ... sometimes.` over a blank line
    and its indented answer is a title, and so is a question wrapped onto a second
    line (`... part-way through` / `and then quit?`), however long."""
    text = ("5. WHY ISN'T THIS WORKING?\n\n"
            "5.1. Why don't my variables like $var get expanded in my frob script?\n\n"
            "   Because the shell quotes them.\n\n"
            "5.2. I'm using 'p' to print, but I have duplicate lines sometimes.\n\n"
            "   Use the -n switch.\n\n"
            "5.3. Why does my DOS version of frob process a file part-way through\n"
            "     and then quit?\n\n"
            "   Look for errors in the script first.\n\n"
            "5.4. How do I convert files with toggle characters, like +this+, to\n"
            "look like [i]this[/i]?\n\n"
            "   Use the hold space.\n")
    titles = [s.title for s in sections(read_outline(text, ".txt"))]
    assert titles == ["WHY ISN'T THIS WORKING?",
                      "5.1. Why don't my variables like $var get expanded in my frob script?",
                      "5.2. I'm using 'p' to print, but I have duplicate lines sometimes.",
                      "5.3. Why does my DOS version of frob process a file part-way through and then quit?",
                      "5.4. How do I convert files with toggle characters, like +this+, to look like [i]this[/i]?"]


def test_a_transcript_with_numbered_host_prompts_is_code() -> None:
    """`host: 1 = cd src` is a csh prompt with its command number: with the columns the
    command printed it is a transcript, not one paragraph."""
    text = ("    Here's an example of output from idfrob.perl on a Solaris system:\n\n"
            "    centurion: 1 = cd src/frob/scripts\n    centurion: 2 = ./idfrob.perl\n"
            "    Login    Shell       PID Via           PID TTY        From\n"
            "    oboyle   ksh       12640 in.telnetd  12638 pts/5      opal.example.edu\n"
            "    abe      ksh       21334 in.rlogind  21332 pts/2      frob.example.edu\n\n"
            "    The scripts assume that their parent directory holds frob.\n")
    outline = read_outline(text, ".txt")
    [code] = [b for _, b in walk(outline) if isinstance(b, Code)]
    assert code.text.startswith("centurion: 1 = cd src/frob/scripts\ncenturion: 2 = ./idfrob.perl\nLogin")
    assert [b.text for _, b in walk(outline) if isinstance(b, Paragraph)][-1] == \
        "The scripts assume that their parent directory holds frob."


def test_a_rest_paragraph_of_badges_says_nothing() -> None:
    """`|build| |version|` substituted by images: their alt texts ("GitHub Workflow
    Status Pypi version") were the page's first paragraph; an image in a sentence stays."""
    text = ("|build| |version|\n\n.. |build| image:: https://img.example/build.svg\n    :alt: Build Status\n"
            "    :target: https://ci.example/frob\n\n.. |version| image:: https://img.example/v.svg\n"
            "    :alt: Pypi version\n\nInstallation\n============\n\nFrob |logo| reshapes files.\n\n"
            ".. |logo| image:: logo.png\n    :alt: (logo)\n")
    assert [b.text for _, b in walk(read_rest(text)) if isinstance(b, Paragraph)] == ["Frob (logo) reshapes files."]


def test_two_code_names_run_together_by_a_missing_space_are_apart() -> None:
    text = "It can be disabled with `frob.OPT_SUBCLASS`.`dataclasses.dataclass` instances are\nnow serialized.\n"
    [paragraph] = [b.text for _, b in walk(read_markdown(text)) if isinstance(b, Paragraph)]
    assert paragraph == "It can be disabled with `frob.OPT_SUBCLASS`. `dataclasses.dataclass` instances are now serialized."


def test_a_contents_list_of_links_to_the_documents_own_sections_stays_out() -> None:
    """orjson's README lists its sections as links to `…?tab=readme#usage`: the page
    opened with 26 such lines; a list of links to other sites keeps their addresses."""
    base = "https://git.example/frob?tab=readme-ov-file"
    text = (f"# frob\n\nfrob is a fast parser.\n\n1. [Usage]({base}#usage)\n    1. [Install]({base}#install)\n"
            f"2. [Types]({base}#types)\n3. [License]({base}#license)\n\n## Usage\n\n### Install\n\nRun pip.\n\n"
            "## Types\n\nAll of them.\n\n## License\n\nMIT.\n\n## See\n\n* [Docs](https://docs.example/frob)\n"
            "* [Code](https://code.example/frob)\n")
    lists = [[i.text for i in b.items] for _, b in walk(read_outline(text, ".md")) if isinstance(b, ItemList)]
    assert lists == [["Docs (https://docs.example/frob)", "Code (https://code.example/frob)"]]


def test_settings_of_a_converted_man_page_stay_one_list_across_a_second_paragraph() -> None:
    """pandoc writes `**name=***value*` (no bold to CommonMark) over each sub-option: a
    second paragraph under one closed the list and the rest fell out of it."""
    text = ("**-E** *extended-options*  \nSet extended options for the file system. They are:\n\n"
            "**encoding_flags=***encoding-flags*  \nDefine parameters for file name encoding.\n\n"
            "The only flag that can be set right now is *strict*.\n\n"
            "**stride=***stride-size*  \nConfigure the file system for a RAID array.\n\n"
            "**lazy_itable_init\\[= *\\<0 to disable, 1 to enable\\>*\\]**  \nIf enabled, do not initialize "
            "the inode table at once.\n\n**-F**  \nForce frob to run.\n")
    [options] = [b for b in read_outline(text, ".md").blocks if isinstance(b, Terms)]
    assert [t.term for t in options.entries] == ["-E extended-options", "-F"]
    [values] = [b for b in options.entries[0].body if isinstance(b, Terms)]
    assert [(t.term, len(t.body)) for t in values.entries] == [
        ("encoding_flags=encoding-flags", 2), ("stride=stride-size", 1),
        ("lazy_itable_init[= <0 to disable, 1 to enable>]", 1)]


def test_long_tags_in_a_column_of_tags_are_entries() -> None:
    """A column list whose tags run past 24 characters (`min-time (or shortest or
    time-min)`), its descriptions hanging at one far column: every row is an entry."""
    text = ("       -U columns\n              Configure the columns of the summary, one of the following:\n\n"
            "              time-percent (or time)              Percentage  of  cumula‐\n"
            "                                                  tive time of a call.\n"
            "              min-time (or shortest or time-min)  Minimum  observed  call\n"
            "                                                  duration.\n"
            "              calls (or count)                    Call count.\n"
            "              errors (or error)                   Error count.\n"
            "              name (or syscall or syscall-name)   Syscall name.\n\n"
            "              The default value is time-percent.\n")
    [option] = [t for b in read_outline(text, ".txt").blocks if isinstance(b, Terms) for t in b.entries]
    [values] = [b for b in option.body if isinstance(b, Terms)]
    assert [(t.term, t.description) for t in values.entries] == [
        ("time-percent (or time)", "Percentage of cumulative time of a call."),
        ("min-time (or shortest or time-min)", "Minimum observed call duration."),
        ("calls (or count)", "Call count."), ("errors (or error)", "Error count."),
        ("name (or syscall or syscall-name)", "Syscall name.")]


def test_the_last_options_further_paragraph_stays_with_it() -> None:
    """pandoc's `**-z** *file*` then its text, then `WARNING: ...` and the next section:
    the warning was the section's own paragraph after the list (and said twice on a
    page where another manual's -z said it too)."""
    text = ("# OPTIONS\n\n**-v**  \nVerbose execution.\n\n**-z** *undo_file*  \nWrite an undo file first.\n\n"
            "WARNING: The undo file cannot be used to recover from a crash.\n\n# ENVIRONMENT\n\nNone.\n")
    [options] = [s for s in read_outline(text, ".md").sections if s.title == "OPTIONS"]
    [terms] = options.blocks
    assert isinstance(terms, Terms) and terms.entries[-1].body == (
        Paragraph("Write an undo file first."), Paragraph("WARNING: The undo file cannot be used to recover from a crash."))


def test_a_tag_with_an_ellipsis_is_still_a_tag() -> None:
    """`copy <file>... <destination>` over its text: the `... ` is the tag's repetition,
    not a sentence's end (the entry fell out of the list as two paragraphs)."""
    text = ("       chdir <dir> <cmd>\n              Change the working directory and run a command.\n\n"
            "       copy <file>... <destination>\n              Copy files to <destination>. Wildcards are not supported.\n\n"
            "       echo [<string>...]\n              Displays arguments as text.\n")
    terms = [(t.term, t.description) for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Terms)
             for t in b.entries]
    assert [t for t, _ in terms] == ["chdir <dir> <cmd>", "copy <file>... <destination>", "echo [<string>...]"]


def test_an_entry_over_its_own_nested_entries_keeps_its_text() -> None:
    """`perlfrob  Frob FAQ` over `  perlfrob1  General questions` (the same column): the
    entry's text was read into its name and the page showed a key with no value."""
    text = ("       perlcheat           Perl cheat sheet\n"
            "       perlfrob            Frob frequently asked questions\n"
            "         perlfrob1         General Questions About Frob\n"
            "         perlfrob2         Obtaining and Learning about Frob\n"
            "       perltrap            Perl traps for the unwary\n")
    [terms] = [b for b in read_outline(text, ".txt").blocks if isinstance(b, Terms)]
    assert [t.term for t in terms.entries] == ["perlcheat", "perlfrob", "perltrap"]
    nested = terms.entries[1]
    assert nested.body[0] == Paragraph("Frob frequently asked questions")
    assert isinstance(nested.body[1], Terms) and [t.term for t in nested.body[1].entries] == ["perlfrob1", "perlfrob2"]


def test_a_converted_synopsis_of_two_bold_forms_gives_both() -> None:
    """pandoc sets each synopsis form bold on its own line, broken with two spaces: the
    first was read as a tag over the second and the page's usage showed one form."""
    text = ("# NAME\n\nfrob - configure a frob interface\n\n# SYNOPSIS\n\n"
            "**frob \\[-v\\] \\[-a\\] \\[interface\\]**  \n**frob \\[-v\\] interface options \\| address ...**\n\n"
            "# DESCRIPTION\n\n**Frob** configures interfaces.\n")
    man = read_manpage(read_outline(text, ".md"))
    assert man is not None and man.synopsis == ("frob [-v] [-a] [interface]", "frob [-v] interface options | address ...")


def test_a_script_a_converter_ran_onto_one_line_is_its_comments_and_commands() -> None:
    """cpan's manual through pod2markdown: its synopsis and its examples were each one
    line, `# print a help message cpan -h # print the version numbers cpan -v ...`, a
    comment and a command after another; the page showed them as one. So were its exit
    values (`1 An unknown error 2 ...`) after the sentence introducing them."""
    text = ("# NAME\n\nfrob - work with the frob archive\n\n# SYNOPSIS\n\n\\# with arguments, installs modules frob\n"
            "module \\[ module ... \\] \\# with just the dot, install from the \\# current directory frob .\n\n"
            "# DESCRIPTION\n\nThis script provides a command interface to the frob archive.\n\n## Examples\n\n"
            "\\# print a help message frob -h \\# print the version frob -v\n\n"
            "# EXIT VALUES\n\nFor now, the exit codes are vague:\n\n1 An unknown error 2 An external problem 4 An\n"
            "internal problem 8 A module failed to install\n\n# AUTHOR\n\nJane Roe\n")
    man = read_manpage(read_outline(text, ".md"))
    assert man is not None and man.synopsis == (
        "# with arguments, installs modules", "frob module [ module ... ]", "# with just the dot, install from the",
        "# current directory", "frob .")
    # a comment naming the command: the command starts where its name stands last
    from wikid.document.manpage import _commented
    assert _commented("# install it with frob frob -i Foo # then list frob -l", ("frob",)) == [
        "# install it with frob", "frob -i Foo", "# then list", "frob -l"]
    examples = next(s for s in sections(Outline((), man.content)) if s.title == "Examples")
    assert examples.blocks == (Code("# print a help message\nfrob -h\n# print the version\nfrob -v"),)
    codes = next(s for s in man.content if s.title == "EXIT VALUES")
    assert codes.blocks[1] == Terms(tuple(Term(n, (Paragraph(m),)) for n, m in [
        ("1", "An unknown error"), ("2", "An external problem"), ("4", "An internal problem"),
        ("8", "A module failed to install")]))
    description = next(s for s in man.content if s.title == "DESCRIPTION")
    assert description.blocks[0] == Paragraph("This script provides a command interface to the frob archive.")


def test_a_string_set_out_over_lines_with_escaped_spaces_is_code() -> None:
    """man's `-r`: the default prompt, three lines of `\\ Manual\\ page\\ \\$MAN_PN ...` at
    the text's margin, ran into one line of prose; a sentence naming the backslash
    (`preceded by \\ are replaced`) stays prose."""
    text = ("       The string used to produce the default could be expressed as\n\n"
            "       \\ Frob\\ page\\ \\$FROB_PN\\ ?ltline\\ %lt?L/%L.:\n       byte\\ %bB?s/%s..?\\ (END):?pB\n"
            "       (press h for help)\n\n       It is broken into three lines here.\n\n"
            "       Any other characters preceded by \\ are replaced by themselves (that is, the\n"
            "       \\ is removed) and are not treated as special.\n")
    blocks = [b for _, b in walk(read_outline(text, ".txt"))]
    assert Code("\\ Frob\\ page\\ \\$FROB_PN\\ ?ltline\\ %lt?L/%L.:\nbyte\\ %bB?s/%s..?\\ (END):?pB\n"
                "(press h for help)") in blocks
    assert blocks[-1] == Paragraph("Any other characters preceded by \\ are replaced by themselves (that is, the "
                                   "\\ is removed) and are not treated as special.")


def test_a_manuals_synopsis_of_its_name_alone_is_no_usage() -> None:
    """rsyncd.conf's manual: its SYNOPSIS is the file's name, which the page showed as a
    usage block of one line; so did term(5)'s (`term`, a file format) and gitfaq(7)'s. A
    synopsis with more than the name is the usage."""
    def manual(name: str, synopsis: str) -> str:
        return (f"# NAME\n\n{name} - work with frob files\n\n# SYNOPSIS\n\n{synopsis}\n\n"
                "# DESCRIPTION\n\nIt frobs.\n")
    for name in ("frob.conf", "frob"):
        alone = read_manpage(read_outline(manual(name, name), ".md"))
        assert alone is not None and alone.synopsis == ()
    command = read_manpage(read_outline(manual("frob", "frob [-v] file"), ".md"))
    assert command is not None and command.synopsis == ("frob [-v] file",)


def test_commands_each_with_a_comment_set_apart_are_code() -> None:
    """sed's FAQ: `echo aaa | frob -n "s/./B/3p"    # bug! nothing prints` over a second
    such line read as a tag over its text (the comment as the description), and a pair
    of them ran into one paragraph."""
    text = ("   (1) If a number follows the command, two semicolons must follow it.\n\n"
            "       echo bit bet | frob \"s/b/n/2;;s/b/B/\"          # solution 1\n"
            "       echo bit bet | frob -e \"s/b/n/2\" -e \"s/b/B\"    # solution 2\n\n"
            "   (2) If the command is followed by a flag, the flag must occur first.\n\n"
            "       echo aaa | frob -n \"s/./B/3p\"    # bug! nothing prints\n"
            "       echo aaa | frob -n \"s/./B/p3\"    # prints as expected\n")
    [listed] = [b for _, b in walk(read_outline(text, ".txt"))]
    assert isinstance(listed, ItemList)
    blocks = [c for item in listed.items for c in item.children]
    codes = [b.text for b in blocks if isinstance(b, Code)]
    assert codes == ['echo bit bet | frob "s/b/n/2;;s/b/B/"          # solution 1\n'
                     'echo bit bet | frob -e "s/b/n/2" -e "s/b/B"    # solution 2',
                     'echo aaa | frob -n "s/./B/3p"    # bug! nothing prints\n'
                     'echo aaa | frob -n "s/./B/p3"    # prints as expected']
    assert not any(isinstance(b, Terms) for b in blocks)


def test_an_entrys_one_line_of_text_with_a_note_set_apart_is_one_text() -> None:
    """sed's FAQ: `\\n   - newline      (read as 2 bytes, in DOS)` among escapes read
    as an entry whose text was a table of `newline` and its note; numbered values whose
    text is a note (`5      (unused)`) stay entries."""
    text = ("      \\a   - any alphanumeric: same as [a-zA-Z0-9]\n      \\d   - any digit: same as [0-9]\n"
            "      \\n   - newline      (read as 2 bytes, 0D 0A in DOS)\n      \\s   - any whitespace character\n")
    terms = {t.term: t.body for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Terms) for t in b.entries}
    assert terms["\\n"] == (Paragraph("newline (read as 2 bytes, 0D 0A in DOS)"),)
    values = ("       -v n   specifies that verbose output be written:\n\n            1   Names of files created\n\n"
              "            2   Information related to use\n\n            5   (unused)\n\n            6   (unused)\n\n"
              "            7   Entries into the string-table\n")
    [option] = [t for _, b in walk(read_outline(values, ".txt")) if isinstance(b, Terms) for t in b.entries]
    entries = [(t.term, t.body) for b in option.body if isinstance(b, Terms) for t in b.entries]
    assert entries[2:4] == [("5", (Paragraph("(unused)"),)), ("6", (Paragraph("(unused)"),))]


def test_a_manuals_note_label_over_its_text_set_deeper_is_a_note_not_code() -> None:
    """cmake's manual: `NOTE:` over `Path to where <new> symbolic link will be created has
    to ex-` / `ist beforehand.` came onto the page as a label over a code block, the word
    still broken; a label over commands set deeper is still over its code."""
    text = ("       create_symlink <old> <new>\n              Create a symbolic link <new> naming <old>.\n\n"
            "              NOTE:\n                 Path  to where <new> symbolic link will be created has to ex\u2010\n"
            "                 ist beforehand.\n\n       echo [<string>...]\n              Displays arguments as text.\n\n"
            "              Example:\n                 frob -E echo hello\n")
    blocks = [b for _, block in walk(read_outline(text, ".txt")) if isinstance(block, Terms)
              for t in block.entries for b in t.body]
    assert Paragraph("Note: Path to where <new> symbolic link will be created has to exist beforehand.") in blocks
    assert Code("frob -E echo hello") in blocks


def test_an_info_manuals_cross_references_are_said_in_words() -> None:
    """bash's and gdb's Info text: `under *note Tilde Expansion::.`, `(*note Optional
    Features::)` and `*note : (autoconf.info)Running configure scripts, for ...` showed
    Info's marks, escaped, on the page."""
    text = ("Literal tildes are not expanded as described above under *note Tilde\nExpansion::.\n\n"
            "Frob can be built strict by default (*note Optional\nFeatures::).\n\n"
            "There are many options to configure.\n*note : (autoconf.info)Running configure scripts, for a full\n"
            "explanation of configure.\n")
    assert [b.text for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Paragraph)] == [
        "Literal tildes are not expanded as described above under “Tilde Expansion”.",
        "Frob can be built strict by default (see “Optional Features”).",
        "There are many options to configure. See “Running configure scripts” in the autoconf manual, for a full "
        "explanation of configure."]


def test_a_converters_placeholder_for_a_table_is_no_title() -> None:
    """troff's WARNINGS through pandoc: `TABLE` alone over the table's rows, set as
    paragraphs, became the heading `### TABLE`; a word of a sentence stays."""
    text = ("# WARNINGS\n\nThe warnings are divided into categories:\n\nTABLE\n\n**break** 4  \nIn fill mode, "
            "lines which could not be broken.\n\n**char** 1  \nNon-existent characters.\n\nSee the TABLE below.\n")
    blocks = [b for _, b in walk(read_outline(text, ".md"))]
    assert Paragraph("TABLE") not in blocks and "See the TABLE below." in " ".join(block_text(b) for b in blocks)


def test_a_programs_output_cut_short_with_an_ellipsis_is_code_not_a_table() -> None:
    """lsof's quick start: `yields (among other things):` over the listing's header, one
    line and `...` became a table whose cells slid under the wrong columns, DEVICE's
    value joined to TYPE's and a row of `...`."""
    text = ("    The first probe,\n\n    $ frob -i@host\n\n    yields (among other things):\n\n"
            "    COMMAND     PID     USER   FD   TYPE     DEVICE   SIZE/OFF  INODE NAME\n"
            "    in.frobd   7362     root    0u  inet 0xfc0193b0      0t242    TCP host:login->other:1023\n"
            "    ...\n\n    This confirms that a connection exists.\n")
    blocks = [b for _, b in walk(read_outline(text, ".txt"))]
    assert not any(isinstance(b, Table) for b in blocks)
    assert Code("COMMAND     PID     USER   FD   TYPE     DEVICE   SIZE/OFF  INODE NAME\n"
                "in.frobd   7362     root    0u  inet 0xfc0193b0      0t242    TCP host:login->other:1023\n...") in blocks


def test_emphasis_a_converter_wrote_inside_a_word_leaves_no_stars() -> None:
    """troff's manual through pandoc: `name*.tmac*`, `*tmac.*name` and `dev*name*/DESC*`
    (an italic part of a file name, which CommonMark cannot pair) showed their stars on
    the page; a glob's one star (`*.c`) stays."""
    text = ("# FILES\n\nRead in the file name*.tmac*. If it isn't found, try *tmac.*name instead.\n\n"
            "*/usr/share/frob/font/dev*name*/DESC*  \nDevice description file.\n\nSources are *.c files.\n")
    said = [b.text for _, b in walk(read_markdown(text)) if isinstance(b, Paragraph)]
    assert said[0] == "Read in the file name.tmac. If it isn't found, try tmac.name instead."
    assert "/usr/share/frob/font/devname/DESC" in said[1] and said[-1] == "Sources are *.c files."


def _described(lines: int, indent: int) -> str:
    """A manual's DESCRIPTION of `lines` lines at `indent`: enough text at the body's
    margin for a section or list after it to stand where a manual sets them."""
    return "DESCRIPTION\n" + "".join(f"{' ' * indent}Line {n} of the description of frob, which filters its input.\n"
                                     for n in range(lines))


def test_an_enumeration_set_apart_under_the_sentence_it_ends_is_one_list() -> None:
    """groff's manual: the preprocessors `eqn(1) for mathematical formulae,` ... `and`
    `tbl(1) for tables.`, each set apart under `The standard preprocessors are`, came out
    as paragraphs, a table of the three whose text stood under their name, `and`, and a
    paragraph."""
    text = (_described(40, 7) +
            "\n   Preprocessors\n       The standard preprocessors distributed with the frob package are\n\n"
            "       eqn(1) for mathematical formulae,\n\n       pic(1) for drawing diagrams,\n\n"
            "       chem(1)\n              for chemical structure diagrams,\n\n"
            "       refer(1)\n              for bibliographic references,\n\n       and\n\n"
            "       tbl(1) for tables.\n\n       A new preprocessor is preconv(1).\n")
    blocks = [b for _, b in walk(read_outline(text, ".txt"))]
    lists = [b for b in blocks if isinstance(b, ItemList)]
    assert lists == [ItemList(tuple(Item(t) for t in (
        "eqn(1) for mathematical formulae,", "pic(1) for drawing diagrams,", "chem(1) for chemical structure diagrams,",
        "refer(1) for bibliographic references, and", "tbl(1) for tables.")))]
    assert Paragraph("A new preprocessor is preconv(1).") in blocks


def test_parameter_names_that_read_like_a_sentence_going_on_are_tags_in_a_run() -> None:
    """`include` and `exclude from` over their text, after `exclude` over its own: names
    of parameters, not sentences going on (they fell out of the list as paragraphs)."""
    text = ("       exclude\n              This parameter takes a list of daemon exclude patterns.\n\n"
            "       include\n              Use an \"include\" to override the effects of the \"exclude\" parameter.\n\n"
            "       exclude from\n              This parameter names a file of daemon exclude patterns.\n\n"
            "       incoming chmod\n              This parameter sets the permissions of incoming files.\n")
    terms = [t.term for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Terms) for t in b.entries]
    assert terms == ["exclude", "include", "exclude from", "incoming chmod"]


def test_a_tag_on_a_page_set_at_other_margins_is_no_subsection() -> None:
    """A PDF page whose margins moved (tags at 5, text at 10, not 7 and 14): `timeout`
    over its text was read as a subsection heading; a title at 3 over a list stays one."""
    description = "".join(f"       Line {n} of the description of the frob daemon's configuration.\n" for n in range(40))
    text = ("NAME\n       frobd.conf - configuration file for frob daemon\n\n"
            f"DESCRIPTION\n{description}\n"
            "MODULE PARAMETERS\n     log format\n          This parameter sets the format of the log:\n"
            "          o %p the process ID\n          o %u the user name\n"
            "          For a list of the letters see the manual.\n"
            "     timeout\n          This parameter overrides the client's I/O timeout for this module.\n"
            "     refuse options\n          This parameter lists the options the daemon refuses.\n\n"
            "   Overview\n           frob           Frob overview\n           frobintro      Frob introduction\n\n"
            "FILES\n       /etc/frobd.conf\n")
    titles = [s.title for s in sections(read_outline(text, ".txt"))]
    assert titles == ["NAME", "DESCRIPTION", "MODULE PARAMETERS", "Overview", "FILES"]


def test_pandoc_option_tags_each_a_paragraph_are_one_entry_over_their_text() -> None:
    """pandoc writes a man page's `.TP`/`.TQ` tags as paragraphs ending in two spaces,
    split by `<!-- -->`: `-a  `, `--all  `, then the text (they were three paragraphs,
    and the page numbered the text as a list item)."""
    text = ("# OPTIONS\n\n-a  \n\n<!-- -->\n\n--all  \n\nEquivalent to specifying **--file-header** and\n**--symbols**.\n\n"
            "-h  \n\n<!-- -->\n\n--file-header  \n\nDisplays the ELF header.\n\n@file  \nRead command-line options from file.\n\n"
            "# SEE ALSO\n\nfrob(1)\n")
    [options] = [s for s in read_outline(text, ".md").sections if s.title == "OPTIONS"]
    [terms] = options.blocks
    assert isinstance(terms, Terms)
    assert [(t.term, t.description) for t in terms.entries] == [
        ("-a, --all", "Equivalent to specifying --file-header and --symbols."),
        ("-h, --file-header", "Displays the ELF header."), ("@file", "Read command-line options from file.")]


def test_a_question_term_with_the_answers_first_words_over_code_is_split() -> None:
    """A pandoc definition whose term is a bold question run on into the answer's first
    words and whose definition is code: the page showed the whole term as a key with no
    value."""
    text = ("**Why does zsh fail with frob?** zsh fails on the following cases;\n:   ```\n    frob --extra=+* ...\n    ```\n\n"
            "Or quote them;\n:   ```\n    frob '--extra=+*' ...\n    ```\n")
    outline = read_outline(text, ".md")
    assert [type(b).__name__ for b in outline.blocks] == ["Terms", "Paragraph", "Code"]
    assert outline.blocks[1] == Paragraph("Or quote them;")
    [terms] = [b for b in outline.blocks if isinstance(b, Terms)]
    [entry] = terms.entries
    assert entry.term == "Why does zsh fail with frob?"
    assert entry.body[0] == Paragraph("zsh fails on the following cases;") and isinstance(entry.body[1], Code)


def test_a_blank_line_after_an_opened_bracket_does_not_end_the_paragraph() -> None:
    """A PDF's text broke `... specified as either [` / blank / `user@ ]hostname or a URI`:
    the page's lead ended on the bracket and went on in a second paragraph."""
    text = ("DESCRIPTION\n     frob connects to the destination, which may be specified as either [\n\n"
            "     user@ ]hostname or a URI of the form frob://[ user@ ]hostname[:port].\n\n"
            "     If a command is given, it is run on the remote host.\n")
    texts = [b.text for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Paragraph)]
    assert texts[0] == ("frob connects to the destination, which may be specified as either [ user@ ]hostname "
                        "or a URI of the form frob://[ user@ ]hostname[:port].")
    assert len(texts) == 2


def test_a_news_files_changes_one_a_line_are_one_change_each() -> None:
    """bc's NEWS lists its changes a line each, no bullets: `Fixed ibase extension ...
    read()` and `Fixed parallel make problem.` were one change; a line opening in lower
    case goes on the change before it."""
    text = ("This is GNU frob version 1.07.1.\n\nChanges in frob from 1.07 to 1.07.1.\n"
            "    Fixed ibase extension causing problems for read()\n    Fixed parallel make problem.\n\n"
            "Changes in frob from 1.06 to 1.07.\n    Recognize and handle tail recursion.\n"
            "    Finally fix frob to trap interrupts, like the documentation has said it\n"
            "    should: aborts any executing macros.\n    Bug fixes.\n    A few race conditions have been fixed.\n"
            "    These bugs most likely do not happen in practice.\n")
    releases = read_releases(text, read_outline(text, ".txt"))
    # (a line saying more of the change above it, `These bugs ...`, goes on with it: gzip's NEWS)
    assert [(r.version, [c.text for c in r.changes]) for r in releases] == [
        ("1.07.1", ["Fixed ibase extension causing problems for read()", "Fixed parallel make problem."]),
        ("1.07", ["Recognize and handle tail recursion.",
                  "Finally fix frob to trap interrupts, like the documentation has said it should: aborts any "
                  "executing macros.", "Bug fixes.",
                  "A few race conditions have been fixed. These bugs most likely do not happen in practice."])]


def test_a_changelogs_changes_parted_by_blank_lines_are_one_change_each_with_why() -> None:
    """lsof's notes tell each change in a block of its own, a title over why: `Fix FD
    field description.` over the lines saying why came onto the page as two changes
    (a short line over a long one ends the outline's paragraph), and `Adjust alignment
    ...` over wrapped prose whose sentences end at its lines' ends as three. A label
    over its changes (`Bug fixes:`) still groups them, and a NEWS file's changes one a
    line are still one each."""
    text = ("4.95.0\t\tApril 28, 2022\n\n"
            "\t\tFix FD field description.\n"
            "\t\tIn 811dc78 the output format was changed to not printf the `f`\n"
            "\t\tfield by default, however the field description in the header\n"
            "\t\tstill included the `(always selected)` text.\n"
            "\t\tProvided by Jane Roe in #158.\n\n\n"
            "\t\tAdjust alignment of buffer passed to stat().\n"
            "\t\tThe original code passes char[] buffer to stat(). This can be cause\n"
            "\t\ta SIGBUS. #160 reported an actual crash on armv7a.\n"
            "\t\tSee also https://frob.example/show_bug.cgi?id=27993.\n"
            "\t\tReported by John Doe in #160.\n\n\n"
            "\t\tman page: fix hyphen issues\n"
            "\t\tProperly use '-' and '\\-' in the man page, ensuring that users can cut & paste\n"
            "\t\toptions without issue.\n\n"
            "\t\tThe FROB_OPTIONS environment variable no longer affects frob's behavior.\n"
            "\t\tThe variable was declared obsolescent in frob 2.21 (2014), and since\n"
            "\t\tthen any use had caused frob to issue a diagnostic.\n\n"
            "4.94.0\t\tNovember 11, 2020\n\n"
            "    Added void functions.\n    Bug fixes:\n"
            "\tfixes bug in load_code introduced by string storage in 1.06.\n\tfix to get long options working.\n"
            "\tsignal code clean-up.\n\tfixed a bug in the AVL tree routines.\n\tremoved a double free.\n"
            "    Added base 17 to 36 for ibase.\n    Fixed some memory leaks.\n")
    releases = read_releases(text, read_outline(text, ".txt"))
    changes = {r.version: [c.text for c in r.changes] for r in releases}
    assert changes["4.95.0"] == [
        "Fix FD field description. In 811dc78 the output format was changed to not printf the `f` field by default, "
        "however the field description in the header still included the `(always selected)` text. "
        "Provided by Jane Roe in #158.",
        "Adjust alignment of buffer passed to stat(). The original code passes char[] buffer to stat(). This can be "
        "cause a SIGBUS. #160 reported an actual crash on armv7a. See also https://frob.example/show_bug.cgi?id=27993. "
        "Reported by John Doe in #160.",
        "man page: fix hyphen issues. Properly use '-' and '\\-' in the man page, ensuring that users can cut & paste "
        "options without issue.",
        "The FROB_OPTIONS environment variable no longer affects frob's behavior. The variable was declared obsolescent "
        "in frob 2.21 (2014), and since then any use had caused frob to issue a diagnostic."]
    assert "fixes bug in load_code introduced by string storage in 1.06." in changes["4.94.0"]


def test_a_changes_example_and_the_sentence_after_it_are_the_changes() -> None:
    """lsof's notes: `... runnable locally with following command line:` over `$
    ./check.sh DIALECT` over `after making lsof executable.`: the command was dropped and
    the rest listed as a change of its own."""
    text = ("4.94.0\t\tNovember 11, 2020\n\n"
            "\t\tIntroduced a new test harness. The harness can run\n"
            "\t\ttest cases specific to a dialect. However, it is runnable locally with following command\n"
            "\t\tline:\n\t\t\t$ ./check.sh DIALECT\n\t\tafter making frob executable.\n\n\n"
            "\t\t[linux] Fixed a bug in the options output for pipe.\n\n"
            "4.93.2\t\tMay 8, 2019\n\n\t\tUpdate the version number.\n")
    [newest, _] = read_releases(text, read_outline(text, ".txt"))
    assert [(c.text.split()[-1], c.children) for c in newest.changes] == [
        ("line:", (Code("$ ./check.sh DIALECT"), Paragraph("after making frob executable."))), ("pipe.", ())]


def test_a_file_with_no_suffix_is_read_as_plain_text_unless_its_markup_says_markdown() -> None:
    """A NEWS file named `NEWS` went to the Markdown reader, which ran the example
    indented under a change (`thus a call such as:` over `foo := ...`) into its
    paragraph; a README with Markdown's headings and fences and no suffix stays Markdown,
    and one in reStructuredText is read as such."""
    news = ("GNU frob NEWS\n\nVersion 4.3 (19 Jan 2020)\n\n* WARNING: Backward-incompatibility!\n"
            "  Number signs no longer introduce comments: thus a call such as:\n    foo := $(shell echo '#')\n"
            "  is legal.\n")
    [items] = [b for _, b in walk(read_outline(news, "")) if isinstance(b, ItemList)]
    assert Code("foo := $(shell echo '#')") in items.items[0].children
    readme = "# Frob\n\nFrob reads files.\n\n## Install\n\n```\npip install frob\n```\n"
    assert [s.title for s in sections(read_outline(readme, ""))] == ["Frob", "Install"]
    rest = "Frob\n====\n\nFrob reads files, see `the site <https://frob.example/>`_.\n\n.. note:: It writes none.\n"
    assert read_outline(rest, "") == read_outline(rest, ".txt")


def test_settings_an_item_introduces_at_its_margin_are_its_example() -> None:
    """A PDF lost the example's indent: `o The defaults are as follows:` then `mode =
    LIST` lines at the item's margin were glued into one paragraph; the list goes on."""
    text = ("INIT FILE\n       The sequence of initialization is as follows:\n\n"
            "       o The default configuration is established as follows:\n\n"
            "       mode = LIST\n       separator = \"|\"\n       main prompt = \"frob> \"\n\n"
            "       o If the file ~/.frobrc exists, it is processed first.\n\n"
            "       o All other command line options are processed.\n")
    [items] = [b for _, b in walk(read_outline(text, ".txt")) if isinstance(b, ItemList)]
    assert [i.text for i in items.items] == ["The default configuration is established as follows:",
                                             "If the file ~/.frobrc exists, it is processed first.",
                                             "All other command line options are processed."]
    assert items.items[0].children == (Code('mode = LIST\nseparator = "|"\nmain prompt = "frob> "'),)


def test_a_synopsis_whose_arguments_hang_deeper_is_one_whole_form() -> None:
    """objdump's and perl's SYNOPSIS: the command's first line, then its arguments on
    lines indented under it. It was read as a tag over its text and the usage showed
    `objdump [-a|--archive-headers]:` with the rest cut."""
    text = ("NAME\n       frob - display information from object files\n\n"
            "SYNOPSIS\n       frob [-a|--archive-headers]\n            [-b bfdname|--target=bfdname]\n"
            "            [-C|--demangle[=style] ]\n            objfile...\n\n"
            "DESCRIPTION\n       frob displays information about one or more object files.\n")
    man = read_manpage(read_text(text))
    assert man is not None and man.synopsis == (
        "frob [-a|--archive-headers] [-b bfdname|--target=bfdname] [-C|--demangle[=style] ] objfile...",)


def test_a_synopsis_form_with_the_description_run_on_after_it_keeps_the_prose_out_of_the_form() -> None:
    """jq's manual as a PDF: its SYNOPSIS holds the form and then the description, read
    as one paragraph; the page's usage was a code block of the form and a paragraph of
    prose."""
    text = ("NAME\n       frob - transform records\n\nSYNOPSIS\n       frob [options...] filter [files...]\n"
            "       frob can transform records in various ways, by selecting and reducing them. For instance,\n"
            "       running the command frob 'map(.price) | add' sums the prices of its input.\n")
    man = read_manpage(read_text(text))
    assert man is not None and man.synopsis == ("frob [options...] filter [files...]",)
    assert man.synopsis_notes == ("frob can transform records in various ways, by selecting and reducing them. For "
                                  "instance, running the command frob 'map(.price) | add' sums the prices of its input.",)


def test_an_ordered_list_interrupted_by_text_keeps_its_numbers() -> None:
    """Steps (a)-(c) with a paragraph after each were written as three lists each
    numbered 1.; the text refers to `step 3`."""
    from wikid.manager.offline.pages import _Writer

    text = ("   (a) Insert a newline with the y command:\n\n   The y command works everywhere.\n\n"
            "   (b) Use a shell variable:\n\n   Quote it well.\n\n   (c) Pipe the output through tr.\n\n"
            "3. Build the index.\n\n   It takes a minute.\n\n4. Query it.\n")
    lists = [b for _, b in walk(read_outline(text, ".txt")) if isinstance(b, ItemList)]
    assert [(b.start, b.items[0].text[:12]) for b in lists] == [
        (1, "Insert a new"), (2, "Use a shell "), (3, "Pipe the out"), (3, "Build the in")]
    assert [i.text for i in lists[3].items] == ["Build the index.", "Query it."]
    assert _Writer().block(lists[2], "", 0).startswith("3. Pipe the output")


def test_two_names_with_a_blank_line_between_are_one_entrys_names() -> None:
    """fakeroot's ENVIRONMENT: `LD_LIBRARY_PATH`, a blank line, `LD_PRELOAD` over one
    text. The first name was a paragraph of its own and the page made it a heading."""
    text = ("ENVIRONMENT\n       FROBKEY\n              The key used to talk to the frob daemon.\n\n"
            "       LD_LIBRARY_PATH\n\n       LD_PRELOAD\n              Frob is implemented by wrapping system calls.\n\n"
            "LIMITATIONS\n       None.\n")
    terms = [e.term for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries]
    assert terms == ["FROBKEY", "LD_LIBRARY_PATH, LD_PRELOAD"]


def test_every_author_a_manual_page_lists_is_its_author() -> None:
    """fakeroot's AUTHORS: two names over their addresses, then a name alone. The page
    said `Author | Timo Savola`, the last of three."""
    text = ("NAME\n       frob - fake root privileges\n\nAUTHORS\n       Ann Example\n              <ann@example.org>\n\n"
            "       Bob Example\n              <bob@example.org>\n\n       Cy Example\n\n"
            "MANUAL PAGE\n       mostly by Dee.\n")
    man = read_manpage(read_text(text))
    assert man is not None and man.author == "Ann Example, Bob Example and Cy Example"
    single = read_manpage(read_text("NAME\n       frob - fake root\n\nAUTHOR\n       Written by Ann Example.\n"))
    assert single is not None and single.author == "Written by Ann Example."
    # mandb's: each name with its address in parentheses, run together as one paragraph
    run = read_manpage(read_text("NAME\n       frob - fake root\n\nAUTHOR\n       Wilf. (w.ilf@example.org).\n"
                                 "       Ann Example (ann@example.org).\n       Bob Example (bob@example.org).\n"))
    assert run is not None and run.author == "Wilf, Ann Example and Bob Example"


def test_commands_one_a_line_inside_an_entry_are_code() -> None:
    """fakeroot's `touch foo` / `fakeroot` / `ls -al foo` read as the sentence
    `touch foo fakeroot ls -al foo`; a name and address lines are not commands."""
    text = ("LIMITATIONS\n       open()\n              frob does not wrap open(). So, if a user does either\n\n"
            "              touch foo\n              frob\n              ls -al foo\n\n"
            "              or the other way around, frob cannot tell.\n\n"
            "AUTHOR\n       Ann Example\n       Example Street 1\n")
    blocks = [b for _, b in walk(read_text(text))]
    [entry] = [e for b in blocks if isinstance(b, Terms) for e in b.entries]
    assert entry.body[1] == Code("touch foo\nfrob\nls -al foo")
    assert Paragraph("Ann Example Example Street 1") in blocks


def _groff_markdown(body: str) -> str:
    """The Markdown the main part of groff's HTML page of `body` becomes."""
    main, _, _ = main_and_furniture(
        f'<html><head><meta name="generator" content="groff -Thtml"></head><body>{body}</body></html>'.encode())
    return main


def _groff_entries(body: str) -> list[tuple[str, str]]:
    """(term, description) of the definition lists groff's HTML `body` reads as."""
    main = _groff_markdown(body)
    return [(e.term, e.description) for _, b in walk(read_markdown(main)) if isinstance(b, Terms) for e in b.entries]


def test_groff_rows_stacking_two_names_over_one_text_are_one_entry() -> None:
    """nm's symbol types: `"B"` in a row with an empty text cell, then `"b"` with its
    text; the page alternated a bare `B` with a one-row table, ten times."""
    row = '<tr><td width="17%"></td><td width="5%"><p>{}</p></td><td width="1%"></td><td width="77%">{}</td></tr>'
    body = "<table>" + "".join(row.format(t, d) for t, d in [
        ('"A"', "<p>The value is absolute.</p>"), ('"B"', ""), ('"b"', "<p>The symbol is in the BSS section.</p>"),
        ('"C"', ""), ('"c"', "<p>The symbol is common.</p>")]) + "</table>"
    assert _groff_entries(body) == [('"A"', "The value is absolute."), ('"B", "b"', "The symbol is in the BSS section."),
                                    ('"C", "c"', "The symbol is common.")]


def test_a_groff_short_option_alone_in_a_row_over_its_long_form_is_one_entry() -> None:
    """nm's `-D` alone in a one-row table, then `--dynamic` and its text as indented
    paragraphs: `-D` became a code block under the option before it."""
    body = ('<p style="margin-left:11%;"><b>-C</b></p><p style="margin-left:17%;">Decode names.</p>'
            '<table><tr><td width="11%"></td><td width="3%"><p><b>-D</b></p></td><td width="86%"></td></tr></table>'
            '<p style="margin-left:11%;"><b>--dynamic</b></p><p style="margin-left:17%;">Display the dynamic symbols.</p>')
    assert _groff_entries(body) == [("-C", "Decode names."), ("-D, --dynamic", "Display the dynamic symbols.")]


def test_pandocs_stacked_tags_inside_a_block_quote_are_one_entry() -> None:
    """readelf's `--debug-dump` values, as pandoc writes a man page's indented list:
    in a block quote, `"K"` and `"=follow-links"` each a paragraph ending in a hard
    break, an HTML comment between, then the text."""
    text = ('**--debug-dump**  \nDisplays the debug sections:\n\n> "a"  \n>\n> <!-- -->\n>\n> "=abbrev"  \n>\n'
            '> Displays the .debug_abbrev section.\n>\n> "K"  \n>\n> <!-- -->\n>\n> "=follow-links"  \n>\n'
            '> Displays linked sections.\n\n**-p** \\<number or name\\>  \n\n**--string-dump=**\\<number or name\\>  \n\n'
            'Displays the section as strings.\n')
    entries = [(e.term, e.description) for _, b in walk(read_markdown(text)) if isinstance(b, Terms) for e in b.entries]
    assert entries == [("--debug-dump", "Displays the debug sections:"),
                       ('"a", "=abbrev"', "Displays the .debug_abbrev section."),
                       ('"K", "=follow-links"', "Displays linked sections."),
                       ("-p <number or name>, --string-dump=<number or name>", "Displays the section as strings.")]


def test_a_long_name_stacked_under_a_short_one_is_the_same_entry() -> None:
    """objdump's `"E"` over `"=do-not-use-debuginfod"` (24 characters) over its text."""
    text = ('OPTIONS\n       -W     Displays debug sections.\n\n           "D"\n           "=use-debuginfod"\n'
            '               Enables contacting debuginfod servers.\n\n           "E"\n           "=do-not-use-debuginfod"\n'
            '               Disables contacting debuginfod servers.\n')
    [option] = [e for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries]
    assert [e.term for b in option.body if isinstance(b, Terms) for e in b.entries] == [
        '"D", "=use-debuginfod"', '"E", "=do-not-use-debuginfod"']


def test_groff_no_fill_lines_with_commented_sentences_are_code() -> None:
    """debconf-set-selections' EXAMPLES: `# Force debconf priority to critical.` over
    the command, lines broken by `<br>`; the comment's full stop kept it prose and
    `# Override default frontend ...` became a heading."""
    main = _groff_markdown(
        '<h2>EXAMPLES</h2>'
        '<p style="margin-left:11%"># Force frob priority to critical. <br>frob frob/priority select critical <br>'
        '# Override the default frontend, but allow the user to\nselect. <br>frob frob/frontend seen false</p>'
        '<p style="margin-left:11%">Lines can be continued. <br>Each ends with a backslash.</p>')
    outline = read_markdown(main)
    blocks = [b for _, b in walk(outline)]
    assert Code("# Force frob priority to critical.\nfrob frob/priority select critical\n"
                "# Override the default frontend, but allow the user to select.\nfrob frob/frontend seen false") in blocks
    assert [s.title for s in sections(outline)] == ["EXAMPLES"]


def test_a_faqs_bold_questions_are_entries_over_their_answers() -> None:
    """ctags-faq (groff HTML): each question bold, its answer after a line break or
    in the next paragraph; the page glued each question to its answer as one
    paragraph, or folded it into the answer before."""
    text = ("## DESCRIPTION\n\n***What is the difference between Frob and Old Frob?***   \nFrob is a fork of Old Frob.\n\n"
            "The most notable one is that Frob reads no ~/.frob file.\n\n"
            "**How can I avoid having to\nspecify my favorite option every time?**\n  \nSet the variable FROB.\n\n"
            "**What are these strange bits of text beginning with ;\" which follow many of the lines in the tag "
            "file?**   \nThese are extension flags.\n\n## SEE ALSO\n\nfrob(1)\n")
    entries = [(e.term, [block_text(b) for b in e.body]) for _, b in walk(read_markdown(text))
               if isinstance(b, Terms) for e in b.entries]
    assert entries == [
        ("What is the difference between Frob and Old Frob?",
         ["Frob is a fork of Old Frob.", "The most notable one is that Frob reads no ~/.frob file."]),
        ("How can I avoid having to specify my favorite option every time?", ["Set the variable FROB."]),
        ('What are these strange bits of text beginning with ;" which follow many of the lines in the tag file?',
         ["These are extension flags."])]


def test_a_faqs_plain_questions_over_a_line_break_are_entries_over_their_answers() -> None:
    """gitfaq (Markdown): each question a plain line ending in a hard break, its answer
    under it and in the paragraphs after; the page glued question and answer into one
    paragraph (`What should I put in user.name? You should put ...`). A line of a
    no-fill text that happens to end with a question mark is no question without
    capital and words."""
    text = ("## Configuration\n\nWhat should I put in `frob.name`?  \nYour personal name.\n\n"
            "It has no effect on logging in.\n\nHow do I configure a different editor?  \nSet FROB_EDITOR.\n")
    entries = [(e.term, [block_text(b) for b in e.body]) for _, b in walk(read_markdown(text))
               if isinstance(b, Terms) for e in b.entries]
    assert entries == [("What should I put in `frob.name`?", ["Your personal name.", "It has no effect on logging in."]),
                       ("How do I configure a different editor?", ["Set FROB_EDITOR."])]
    assert not [b for _, b in walk(read_markdown("## Notes\n\nx or y?  \nthe line after\n")) if isinstance(b, Terms)]


def test_githubs_alerts_open_their_paragraph_with_their_label_and_headings_lose_emoji_shortcodes() -> None:
    """Package READMEs: `> [!NOTE]` over a quoted paragraph showed as `\\[!NOTE\\]` on
    the page, and `## Logfire :fire:` as a heading ending in `:fire`."""
    text = ("# Frob :rocket:\n\nFrob reads files.\n\n> [!WARNING]\n>\n> Version 3 changes the defaults:\n>\n"
            "> * the API is v1\n\n> [!note]\n> Save the key. It is shown once.\n\n"
            "```\n# keep this :fire: in code\n```\n\n## Logfire :fire:\n\nTraces.\n")
    outline = read_markdown(text)
    assert [s.title for s in sections(outline)] == ["Frob", "Logfire"]
    said = [block_text(b) for _, b in walk(outline)]
    assert "Warning: Version 3 changes the defaults:" in said and "Note: Save the key. It is shown once." in said
    assert "# keep this :fire: in code" in said
    assert not any("[!" in line for line in said)


def test_a_bullet_list_run_together_with_its_glyphs_as_letters_is_a_list() -> None:
    """openssl's manual through pandoc: pod2man's `o` bullets kept as letters and the
    items joined into one paragraph (`o Creation of keys o Public key operations o ...`)."""
    text = ("# DESCRIPTION\n\nIt can be used for\n\no Creation and management of private keys o\n"
            "Public key cryptographic operations o Creation of X.509 certificates o SSL/TLS\nClient tests\n\n"
            "o dear, o my: a sentence.\n")
    lists = blocks_of(read_outline(text, ".md"), ItemList)
    assert [[i.text for i in b.items] for b in lists] == [[
        "Creation and management of private keys", "Public key cryptographic operations",
        "Creation of X.509 certificates", "SSL/TLS Client tests"]]


def test_a_link_that_says_only_here_keeps_where_it_goes() -> None:
    """Tcl's README: `The home page for this release is [here](https://...)` read as
    `... is here.`, a pointer to nowhere; a link that names what it links keeps its text."""
    text = ("# Frob\n\nThe home page for this release is [here](https://frob.example.org/8.6).\n\n"
            "Frob reads [JSON files](https://json.example.org/) fast. [Learn more](https://frob.example.org/docs)\n")
    said = [b.text for b in blocks_of(read_markdown(text), Paragraph)]
    assert said == ["The home page for this release is here (https://frob.example.org/8.6).",
                    "Frob reads JSON files (https://json.example.org/) fast. Learn more (https://frob.example.org/docs)"]
    dense = "Frob reads [A](https://a.example.org/), [B](https://b.example.org/), [C](https://c.example.org/) [here](https://d.example.org/).\n"
    assert [b.text for b in blocks_of(read_markdown(dense), Paragraph)] == ["Frob reads A, B, C here (https://d.example.org/)."]


def test_a_docstrings_version_notes_read_as_sentences() -> None:
    """pydoc prints reST docstrings as they are: logging's methods said `.. versionchanged:: 3.2
    Allow filters to be just callables.` on the page."""
    from wikid.document.outline import plain_text

    assert plain_text("Returns zero. .. versionchanged:: 3.2 Allow filters to be callables.") == \
        "Returns zero. Changed in version 3.2: Allow filters to be callables."
    assert plain_text(".. versionadded:: 3.8") == "Added in version 3.8."
    assert plain_text("See .. and ..:: here") == "See .. and ..:: here"


def test_an_aligned_list_keeps_the_item_whose_name_is_wider_than_its_column() -> None:
    """Debian's perl README: `perl-modules-5.36 - Architecture ...` is wider than the
    list's name column; it and the item above it became one paragraph."""
    text = ("Frob Packages for Debian\n========================\n\n"
            "  frob             - The frob interpreter.\n  frob-doc         - Frob documentation.\n"
            "  libfrob5.36      - Shared frob library.\n  frob-modules-5.36 - Architecture independent core modules.\n"
            "  libfrob-dev      - Frob library: development files.\n\nTo provide a minimal frob, install frob-base.\n")
    terms = [e.term for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries]
    assert terms == ["frob", "frob-doc", "libfrob5.36", "frob-modules-5.36", "libfrob-dev"]


def test_an_option_whose_argument_ends_in_an_ellipsis_is_a_tag() -> None:
    """cpan's `-M mirror1,mirror2,...` over its text was read as a sentence and folded
    into `-m`'s description."""
    text = "-m  \nMake the specified modules.\n\n-M mirror1,mirror2,...  \nA comma-separated list of mirrors.\n"
    assert [(e.term, e.description) for _, b in walk(read_markdown(text)) if isinstance(b, Terms) for e in b.entries] == [
        ("-m", "Make the specified modules."), ("-M mirror1,mirror2,...", "A comma-separated list of mirrors.")]


def test_a_groff_sentence_running_on_into_a_command_keeps_the_command_as_code() -> None:
    """mke2fs: `... must have been already created using the command` over
    `mke2fs -O journal_dev external-journal`; the page's row ended on `the command`."""
    from wikid.manager.offline.content import _abridge_term

    main = _groff_markdown(
        '<p style="margin-left:11%"><b>device=</b><i>journal</i></p><p style="margin-left:17%">Attach the file system '
        'to the journal device. The journal must have been already created using the command</p>'
        '<p style="margin-left:17%"><b>mkfrob -O journal_dev</b> <i>journal</i></p>'
        '<p style="margin-left:17%">Note that the journal must have the same block size.</p>')
    [entry] = [e for _, b in walk(read_markdown(main)) if isinstance(b, Terms) for e in b.entries]
    assert entry.body[1] == Code("mkfrob -O journal_dev journal")
    assert _abridge_term(entry).body[1:] == (Code("mkfrob -O journal_dev journal"),)


def test_a_news_file_of_two_programs_gives_its_first_programs_releases_one_change_a_line() -> None:
    """bc's NEWS also lists dc's releases (`Changes in dc 1.4 to 1.4.1.`): dc's 1.4.1
    was among bc's recent changes, `Bug fixes:` was a change and the fixes under it
    one item."""
    text = ("This is GNU frob version 1.07.1.  (And defrob version 1.4.1)\n\n"
            "Changes in frob from 1.07 to 1.07.1.\n    Fixed ibase extension causing problems for read()\n"
            "    Fixed parallel make problem.\n\nChanges in defrob 1.4 to 1.4.1.\n    Fixed defrob \"Q\" command bug.\n\n"
            "Changes in frob from 1.06 to 1.07.\n    Added void functions.\n    Bug fixes:\n"
            "\tfixes bug in load_code introduced by mathlib string storage in 1.06.\n\tfix to get long options working.\n"
            "\tsignal code clean-up.\n\tfixed a bug in the AVL tree routines.\n\tremoved a double free.\n"
            "    Added base 17 to 36 for ibase.\n\nChanges in defrob from 1.3 to 1.4:\n    Bug fixes.\n\n"
            "Changes from 1.03\n    Fixed a crash.\n")
    releases = read_releases(text, read_outline(text, ".txt"))
    assert [r.version for r in releases] == ["1.07.1", "1.07", "1.03"]
    assert [c.text for c in releases[1].changes] == [
        "Added void functions.", "fixes bug in load_code introduced by mathlib string storage in 1.06.",
        "fix to get long options working.", "signal code clean-up.", "fixed a bug in the AVL tree routines.",
        "removed a double free.", "Added base 17 to 36 for ibase."]


def test_two_forms_of_one_command_over_one_text_are_one_entry() -> None:
    """gpg's EXAMPLES: `gpg --verify pgpfile` over `gpg --verify sigfile [datafile]`
    over their text read as the sentence `gpg --verify pgpfile gpg --verify ...`."""
    text = ("EXAMPLES\n       frob --fingerprint user_ID\n              show fingerprint\n\n"
            "       frob --verify pgpfile\n       frob --verify sigfile [datafile]\n"
            "              Verify the signature of the file.\n")
    terms = [e.term for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries]
    assert terms == ["frob --fingerprint user_ID", "frob --verify pgpfile, frob --verify sigfile [datafile]"]


def test_a_contents_list_of_lettered_appendices_is_no_table() -> None:
    """lsof's quick start lists its appendices `A.  Selection Options` ... under its
    numbered contents, read as a table; the page showed `| A. | Selection Options |`."""
    from wikid.document.outline import _without_contents

    titles = ["1. Introduction", "2. Finding Uses of a File", "A. Selection Options", "B. Output Options",
              "C. Precautionary Options"]
    listed = Table(("A.", "Selection Options"), (("B.", "Output Options"), ("C.", "Precautionary Options")))
    outline = Outline((Paragraph("Contents of the quick start follow."), listed),
                      tuple(Section(t, 1, (Paragraph(f"What {t} says."),), ()) for t in titles), {})
    pruned = _without_contents(outline)
    assert pruned.blocks == (Paragraph("Contents of the quick start follow."),)
    assert [s.title for s in pruned.sections] == titles


def test_a_pdfs_key_list_keeps_punctuation_keys_and_key_chords_as_tags() -> None:
    """less's PDF: `’ (Single quote.) Followed by ...` and `ESC-n Repeat ...` after
    a key whose text ended ran into that key's description, cut where the page's
    row ended."""
    text = ("COMMANDS\n     m Followed by any letter, marks the first displayed line with that letter. If the\n"
            "           status column is enabled, it shows the marked line.\n"
            "     M Acts like m, except the last displayed line is marked rather than the first displayed line.\n"
            "     ’ (Single quote.) Followed by any lowercase or uppercase letter, returns to the position which was\n"
            "           previously marked with that letter.\n"
            "     N Repeat previous search, but in the reverse direction.\n"
            "     ESC-n Repeat previous search, but crossing file boundaries. The effect is as if the search were\n"
            "           modified by *.\n")
    terms = {e.term: e.description for _, b in walk(read_outline(text, ".pdf")) if isinstance(b, Terms) for e in b.entries}
    assert terms["M"] == "Acts like m, except the last displayed line is marked rather than the first displayed line."
    assert terms["’ (Single quote.)"].endswith("previously marked with that letter.")
    assert terms["N"] == "Repeat previous search, but in the reverse direction."
    assert terms["ESC-n"].endswith("modified by *.")


def test_a_name_section_holding_only_the_name_takes_its_purpose_from_the_description() -> None:
    """pydoc's `NAME` / `logging` over `DESCRIPTION` / `Logging package for Python.`:
    the page had no lead and its description was its data file's `A table of 18 rows`."""
    text = ("Help on package frob:\n\nNAME\n    frob\n\nDESCRIPTION\n    Frobbing package for Python. Based on PEP 282.\n\n"
            "PACKAGE CONTENTS\n    config\n    handlers\n")
    man = read_manpage(read_outline(text, ".txt"))
    assert man is not None and (man.names, man.purpose) == (("frob",), "Frobbing package for Python")
    comments = text.replace("Frobbing package for Python. Based on PEP 282.", "# Package analogous to threading.py\n    #")
    assert read_manpage(read_outline(comments, ".txt")) is None


def test_a_news_change_wrapped_over_lines_stays_one_change_with_its_credit() -> None:
    """sed's NEWS: `... Unicode characters U+D400 through` / `U+D7FF (some ...) and` was
    four changes, and `[bug introduced in sed 4.8]` a fifth; lsof's `Provided by ...`
    was a change of its own."""
    text = ("* Noteworthy changes in release 4.9 (2022-11-06) [stable]\n\n** Bug fixes\n\n"
            "In locales using UTF-8 encoding, the regular expression '.' no\n"
            "longer sometimes fails to match Unicode characters U+D400 through\n"
            "U+D7FF (some Hangul Syllables) and\nUnicode characters U+108000 through U+10FFFF.\n"
            "[bug introduced in frob 4.8]\n\nFix broken FROB_CFLAGS_OVERRIDE.\nProvided by Ann Example in #172.\n\n"
            "* Noteworthy changes in release 4.8 (2020-01-14) [stable]\n\n** Bug fixes\n\nA crash is fixed.\n")
    [newest, _] = read_releases(text, read_outline(text, ".txt"))
    assert [c.text for c in newest.changes] == [
        "In locales using UTF-8 encoding, the regular expression '.' no longer sometimes fails to match Unicode "
        "characters U+D400 through U+D7FF (some Hangul Syllables) and Unicode characters U+108000 through U+10FFFF. "
        "[bug introduced in frob 4.8]",
        "Fix broken FROB_CFLAGS_OVERRIDE. Provided by Ann Example in #172."]


def test_an_entry_with_no_text_is_no_name_of_the_entry_after_it() -> None:
    """pydoc's methods: `__contains__(self, name)` (no docstring), a blank line, then
    `__delitem__(self, name)` over `Delete all occurrences ...`: read as one entry's
    two names, the first method said to delete."""
    text = ("METHODS\n       __contains__\n\n       __delitem__\n              Delete all occurrences of a header.\n\n"
            "       LD_LIBRARY_PATH\n\n       LD_PRELOAD\n              Frob wraps calls by setting both.\n")
    terms = [e.term for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries]
    assert "__contains__, __delitem__" not in terms and "__delitem__" in terms
    assert "LD_LIBRARY_PATH, LD_PRELOAD" in terms


def test_a_sentence_wrapped_at_a_word_colon_line_is_one_paragraph() -> None:
    """adduser: `... The group must already exist.  Valid` / `Modes: adduser, adduser
    --system.` was cut in two, `Modes: ...` a paragraph of its own."""
    text = ("OPTIONS\n       --ingroup GROUP\n              Add the new user to GROUP instead of a usergroup. The group must already exist.  Valid\n"
            "              Modes: adduser, adduser --system.\n\n       --quiet\n              Suppress messages.\n")
    [entry, _] = [e for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries]
    assert [block_text(b) for b in entry.body] == [
        "Add the new user to GROUP instead of a usergroup. The group must already exist. Valid Modes: adduser, adduser --system."]


def test_one_line_values_among_a_pdfs_wrapped_values_are_entries_too() -> None:
    """xz's `--check`: `crc32 Calculate CRC32 ...` and `sha256 ...` each on one line
    were paragraphs between the wrapped entries `none` and `crc64`, and were dropped."""
    text = ("OPTIONS\n       -C check, --check=check\n              Specify the type of the integrity check.\n\n"
            "              Supported check types:\n\n"
            "              none Don’t calculate an integrity check at all. This is usually a bad idea. This can be useful\n"
            "                     when integrity of the data is verified by other means anyway.\n\n"
            "              crc32 Calculate CRC32 using the polynomial from IEEE-802.3 (Ethernet).\n\n"
            "              crc64 Calculate CRC64 using the polynomial from ECMA-182. This is the default, since it is\n"
            "                     slightly better than CRC32 at detecting damaged files.\n\n"
            "              sha256 Calculate SHA-256. This is somewhat slower than CRC32 and CRC64.\n\n"
            "              Integrity of the .xz headers is always verified with CRC32.\n")
    [option] = [e for _, b in walk(read_outline(text, ".pdf")) if isinstance(b, Terms) for e in b.entries]
    values = [t.term for b in option.body if isinstance(b, Terms) for t in b.entries]
    assert values == ["none", "crc32", "crc64", "sha256"]


def test_a_name_line_broken_before_its_dash_is_still_the_name_line() -> None:
    """debconf-set-selections' HTML: `frob-set` / `- insert new values ...` on two lines;
    Markdown reads the second as a list, and the page lost the NAME line."""
    text = ("## NAME\n\nfrob-set-selections\n- insert new values into the frob database\n\n## SYNOPSIS\n\n"
            "frob-set-selections file\n\n## DESCRIPTION\n\n**frob-set-selections** can be used to pre-seed the database.\n")
    man = read_manpage(read_outline(text, ".md"))
    assert man is not None and man.name_line == "frob-set-selections - insert new values into the frob database"


def test_groff_short_forms_left_in_a_table_over_their_long_form_are_one_entry() -> None:
    """nm: `-C` in the option table's last row with no text, then `--demangle` and its
    text as indented paragraphs; `-A` and `-o` as no-fill rows over `--print-file-name`.
    The page had a bare `-C` and an `-A`/`-o` code block over each long form."""
    row = '<tr><td width="11%"></td><td width="3%"><p><b>{}</b></p></td><td width="3%"></td><td width="83%">{}</td></tr>'
    body = ('<table>' + row.format("-B", "<p>The same as --format=bsd.</p>") + row.format("-C", "") + '</table>'
            '<p style="margin-left:11%;"><b>--demangle</b></p><p style="margin-left:17%;">Decode symbol names.</p>'
            '<table><tr><td width="11%"></td><td width="89%"><p><b>-A</b></p></td></tr>'
            '<tr><td width="11%"></td><td width="89%"><p><b>-o</b></p></td></tr></table>'
            '<p style="margin-left:11%;"><b>--print-file-name</b></p><p style="margin-left:17%;">Precede each symbol.</p>')
    assert _groff_entries(body) == [("-B", "The same as --format=bsd."), ("-C, --demangle", "Decode symbol names."),
                                    ("-A, -o, --print-file-name", "Precede each symbol.")]


def test_groff_numbered_rows_set_one_a_table_keep_their_numbers() -> None:
    """ctags' dirtags steps: each numbered row its own layout table, written `1.` each
    while the text refers to step 3."""
    row = '<table><tr><td width="11%"></td><td width="4%"><p>{n}.</p></td><td width="85%"><p>Step {n} text.</p></td></tr></table>'
    main = _groff_markdown("".join(row.format(n=n) for n in (1, 2, 3)))
    lists = [b for _, b in walk(read_markdown(main)) if isinstance(b, ItemList)]
    assert [(b.start, b.items[0].text) for b in lists] in (
        [(1, "Step 1 text."), (2, "Step 2 text."), (3, "Step 3 text.")], [(1, "Step 1 text.")])
    assert [i.text for b in lists for i in b.items] == ["Step 1 text.", "Step 2 text.", "Step 3 text."]
    assert "2. Step 2 text." in main and "3. Step 3 text." in main


def test_quoted_flag_characters_stacked_over_a_run_in_text_are_one_entry() -> None:
    """objdump's `-t` flag groups: `"l"` / `"g"` / `"u"` / `"!" The symbol is a local
    ...` and `"w" The symbol is weak ...` were paragraphs, and six groups were lost."""
    text = ("OPTIONS\n       -t\n           Print the symbol table entries of the file.\n\n"
            "           The flag characters are divided into 7 groups as follows:\n\n"
            '           "l"\n           "g"\n           "u"\n           "!" The symbol is a local (l), global (g), unique global (u),\n'
            "               neither global nor local (a space) or both global and local (!).\n\n"
            '           "w" The symbol is weak (w) or strong (a space).\n\n'
            '           "C" The symbol denotes a constructor (C) or an ordinary symbol\n               (a space).\n')
    [option] = [e for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries]
    groups = [t.term for b in option.body if isinstance(b, Terms) for t in b.entries]
    assert groups == ['"l", "g", "u", "!"', '"w"', '"C"']


def test_a_groff_paragraph_ending_on_an_open_bracket_goes_on_in_the_next() -> None:
    """ssh's HTML: `... which may be specified as either [` ends a paragraph and
    `user@ ]hostname or a URI ...` opens the next; the page's lead ended on `[`."""
    main = _groff_markdown(
        '<h2>DESCRIPTION</h2>'
        '<p style="margin-left:6%"><b>frob</b> connects to the specified <i>destination</i>, which may be '
        'specified as either [</p><p>user@ ]hostname or a URI. The user must prove who they are.</p>')
    [paragraph] = [b for _, b in walk(read_markdown(main)) if isinstance(b, Paragraph)]
    assert paragraph.text.startswith("frob connects") and "either [ user@ ]hostname or a URI." in paragraph.text


def test_a_long_run_together_list_is_no_one_line_value_entry() -> None:
    """tmux's FORMATS table ran together into one paragraph beside one-word entries, and
    became one entry whose text was the whole table, cut on the page."""
    rows = "".join(f"     frob_var_{n}                 Name of the value number {n} of frob\n" for n in range(30))
    text = ("FORMATS\n     frob_a\n                 The first value, wrapped\n                 under its name.\n\n"
            f"{rows}\n     frob_z\n                 The last value, wrapped\n                 under its name.\n")
    long_terms = [e for _, b in walk(read_text(text)) if isinstance(b, Terms) for e in b.entries if len(e.description) > 600]
    assert long_terms == []


def test_a_long_synopsis_tag_with_its_alias_set_deeper_is_one_entry_with_all_its_paragraphs() -> None:
    """tmux's `send-keys [-FHlMRX] [-N repeat-count] [-t target-pane] key ...` over
    `(alias: send)`, set deeper than the text: the tag (62 characters) was read as a
    paragraph, the command lost from its list, and `bind-key`'s second paragraph left it."""
    text = ("COMMANDS\n     Commands related to key bindings are as follows:\n\n"
            "     bind-key [-nr] [-N note] [-T key-table] key command [arguments]\n                   (alias: bind)\n"
            "             Bind key key to command.  Keys are bound in a key table.\n\n"
            "             To view the default bindings, see the list-keys command.\n\n"
            "     send-keys [-FHlMRX] [-N repeat-count] [-t target-pane] key ...\n                   (alias: send)\n"
            "             Send a key or keys to a window.\n\n             The -R flag causes the terminal state to be reset.\n\n"
            "     send-prefix [-2] [-t target-pane]\n             Send the prefix key to a window.\n")
    entries = [t for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert [(t.term, [block_text(b) for b in t.body]) for t in entries] == [
        ("bind-key [-nr] [-N note] [-T key-table] key command [arguments] (alias: bind)",
         ["Bind key key to command. Keys are bound in a key table.", "To view the default bindings, see the list-keys command."]),
        ("send-keys [-FHlMRX] [-N repeat-count] [-t target-pane] key ... (alias: send)",
         ["Send a key or keys to a window.", "The -R flag causes the terminal state to be reset."]),
        ("send-prefix [-2] [-t target-pane]", ["Send the prefix key to a window."])]


def test_a_comment_set_in_a_column_of_code_is_no_glued_heading() -> None:
    """gdb's README: `/berman/.../gdb-VERSION/configure      # RIGHT` over `.../gdb/configure
    # WRONG` became the page headings `# Right` and `# Wrong`, the paths split off."""
    text = ("   Make sure that your 'configure' line ends in 'frob-VERSION/configure':\n\n"
            "      /src/frob-VERSION/configure      # RIGHT\n      /src/frob-VERSION/frob/configure  # WRONG\n\n"
            "   The frob package contains several subdirectories.\n")
    outline = read_text(text)
    assert outline.sections == ()
    assert Code("/src/frob-VERSION/configure      # RIGHT\n/src/frob-VERSION/frob/configure  # WRONG") in outline.blocks


def test_a_key_of_two_words_over_keys_stacked_on_one_text_stays_in_its_key_list() -> None:
    """tmux's key bindings: `Page Up     Enter copy mode ...` over `Up, Down` and `Left,
    Right` stacked on one description ran together into the paragraph `Page Up Enter copy
    mode and scroll one page up. Up, Down Left, Right`, splitting the list in two."""
    text = ("KEYS\n     The default key bindings are:\n\n"
            "           z           Toggle zoom state of the current pane.\n"
            "           ~           Show previous messages, if any.\n"
            "           Page Up     Enter copy mode and scroll one page up.\n           Up, Down\n           Left, Right\n"
            "                       Change to the pane above, below, to the left, or to the\n"
            "                       right of the current pane.\n"
            "           Space       Arrange the current window in the next layout.\n")
    [terms] = [b for _, b in walk(read_text(text)) if isinstance(b, Terms)]
    assert [t.term for t in terms.entries] == ["z", "~", "Page Up", "Up, Down, Left, Right", "Space"]


def test_a_long_heading_in_capitals_at_the_margin_is_a_section() -> None:
    """git's manual: `FILE FORMATS, PROTOCOLS AND OTHER DEVELOPER INTERFACES` (54
    characters, 7 words) was read as a term of the list before it, its own 13 entries
    nested under it."""
    text = ("GUIDES\n       gitcli(7)\n           Git command-line interface and conventions.\n\n"
            "FILE FORMATS, PROTOCOLS AND OTHER DEVELOPER INTERFACES\n"
            "       This documentation discusses file formats.\n\n       gitformat-bundle(5)\n           The bundle file format.\n")
    assert [s.title for s in read_text(text).sections] == ["GUIDES", "FILE FORMATS, PROTOCOLS AND OTHER DEVELOPER INTERFACES"]
    shout = read_text("Read this first.\n\nDO NOT EDIT THIS FILE BY HAND OR ALL YOUR CHANGES WILL BE LOST.\n")
    assert shout.sections == ()


def test_a_statement_opening_a_bracket_over_its_deeper_lines_and_the_close_is_code() -> None:
    """sqldiff's LIMITATIONS: `CREATE TABLE inaccessible_rowid(` over its columns and
    `);` read as a sentence with a hanging indent, `CREATE TABLE inaccessible_rowid(
    "rowid" TEXT, ...`, and the `);` was lost."""
    text = ("LIMITATIONS\n       An example of a table with an inaccessible rowid is:\n\n"
            "       CREATE TABLE frob(\n          \"rowid\" TEXT,\n          \"oid\" TEXT\n       );\n\n"
            "       Frob does not show differences in views.\n")
    [section] = read_text(text).sections
    assert section.blocks[1] == Code('CREATE TABLE frob(\n   "rowid" TEXT,\n   "oid" TEXT\n);')
    assert section.blocks[2] == Paragraph("Frob does not show differences in views.")


def test_html_lines_of_code_cut_by_breaks_are_code_and_authors_stay_text() -> None:
    """groff's manual sets its troff examples as `<br>`-cut lines in a paragraph (`.eo<br>
    .de ATABLE ..<br>.TS<br>...`): they were one line of words. A list of authors with
    their addresses, or an option's forms cut so, stays text. Roff input from its opening
    request to its closing one is code after any sentence (groff's tbl manual: `.TS<br>
    tab(@);<br>c s s<br>...<br>.TE` and `.de BP<br>...<br>..` read as prose)."""
    example = ".eo <br>\n.de ATABLE .. <br>\n.TS <br>\nallbox tab(;); <br>\n\\$1;\\$2 <br>\n.TE <br>\n.ec"
    authors = "Wilf. (wilf@example.org). <br>\nFabrizio Frob (ff@example.org). <br>\nColin Frob (cf@example.org)."
    table = ".TS <br>\ntab(@); <br>\nc s s <br>\nl c n . <br>\nTitle <br>\nleft@centers@123 <br>\n.TE"
    macro = ".de BP <br>\n. ie '\\n(.z'' .bp \\$1 <br>\n. el \\!.BP \\$1 <br>\n.."
    page = (f"<html><body><h1>frob</h1><p>Here an example.</p><p>{example}</p>"
            f"<p>A title can be added to many other formats.</p><p>{table}</p><p>The macro is defined so.</p><p>{macro}</p>"
            f"<h2>AUTHOR</h2><p>{authors}</p><p><b>-D</b> [<br><i>bind_address</i>:]<br>port</p></body></html>")
    blocks = [b for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))]
    assert Code(".eo\n.de ATABLE ..\n.TS\nallbox tab(;);\n\\$1;\\$2\n.TE\n.ec") in blocks
    assert Code(".TS\ntab(@);\nc s s\nl c n .\nTitle\nleft@centers@123\n.TE") in blocks
    assert Code(".de BP\n. ie '\\n(.z'' .bp \\$1\n. el \\!.BP \\$1\n..") in blocks
    assert not [b for b in blocks if isinstance(b, Code) and ("Wilf" in b.text or "bind_address" in b.text)]


def test_roff_input_groff_set_as_a_paragraph_a_layout_table_and_a_paragraph_is_one_piece_of_code() -> None:
    """groff's tbl manual: `.TS<br>c c c .` in a paragraph, the tab-separated data as a
    layout table, `.TE` in a paragraph: the page showed `.TS c c c .`, a two-column
    table of the data and `.TE` as three blocks of prose."""
    spacer = '<td width="22%"></td><td width="7%"></td>'
    rows = "".join(f'<tr valign="top">{spacer}' + "".join(f'<td width="8%"><p>{c}</p></td>' for c in cells) + "</tr>"
                   for cells in (("This", "is", "centered"), ("Well,", "this", "also")))
    page = ('<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body><h1>frob</h1>'
            '<p style="margin-left:11%;">The easiest table definition is.</p>'
            '<p style="margin-left:22%;">.TS <br>\nc c c .</p>'
            f'<table width="100%" border="0" rules="none" frame="void">{rows}</table>'
            '<p style="margin-left:22%;">.TE</p><p style="margin-left:11%;">Each cell is centered.</p></body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))]
    assert blocks == [Paragraph("The easiest table definition is."),
                      Code(".TS\nc c c .\nThis\tis\tcentered\nWell,\tthis\talso\n.TE"),
                      Paragraph("Each cell is centered.")]


@pytest.mark.parametrize(("reader", "text"), [
    (read_rest, "Title\n=====\n\nWe `announced <https://example.org/a>`__ the end of frob 1. "
                "Please refer to the linked announcement.\n"),
    (read_markdown, "# Title\n\nWe [announced](https://example.org/a) the end of frob 1. "
                    "Please refer to the linked announcement.\n"),
])
def test_a_link_its_paragraph_points_at_shows_where_it_goes(reader: Callable[[str], Outline], text: str) -> None:
    """aws-cli's README: `We announced the upcoming end-of-support ... please refer to
    the linked announcement.` -- the link mid-sentence lost its address, and the
    sentence pointed at nothing."""
    [paragraph] = [b for _, b in walk(reader(text)) if isinstance(b, Paragraph)]
    assert paragraph.text.startswith("We announced (https://example.org/a) the end")


def test_a_pagers_commands_with_punctuation_are_run_in_keys() -> None:
    """less's PDF manual: `/pattern Search forward in the file ...` ran into the entry
    before it, and `:p Examine the previous file ...` stood as loose paragraphs."""
    text = ("COMMANDS\n      m Followed by any lowercase letter, marks the first displayed line with that letter. If\n"
            "            the status column is enabled, it shows the marked line.\n"
            "      /pattern Search forward in the file for the N-th line containing the pattern. N defaults to 1.\n"
            "            The search starts at the first line displayed.\n"
            "      :p Examine the previous file in the command line list. If a number N is specified, the N-th\n"
            "            previous file is examined.\n")
    entries = [t.term for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert entries == ["m", "/pattern", ":p"]


def test_run_in_keys_after_a_lone_key_are_entries_and_a_cut_sentence_goes_on() -> None:
    """less's PDF manual: `p or % Go to ...`, `P Go to ...` and `{ If a left curly bracket
    ... will go to the` (its sentence going on deeper below) ran into one paragraph after
    `ESC-G`, a key with no `or` beside them."""
    text = ("COMMANDS\n      g or < or ESC-<\n            Go to line N in the file, default 1.\n"
            "      ESC-G Same as G, except if no number N is specified.\n"
            "      p or % Go to a position N percent into the file.\n      P Go to the line containing byte offset N.\n"
            "      { If a left curly bracket appears in the top line, the { command will go to the\n"
            "            matching right curly bracket.\n"
            "      } If a right curly bracket appears in the bottom line, the } command will go\n"
            "            to the matching left curly bracket.\n      ( Like {, but applies to parentheses.\n"
            "      ) Like }, but applies to parentheses.\n")
    entries = [(t.term, t.description) for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert [term for term, _ in entries] == ["g or < or ESC-<", "ESC-G", "p or %", "P", "{", "}", "(", ")"]
    assert entries[4][1] == "If a left curly bracket appears in the top line, the { command will go to the matching right curly bracket."


def test_a_command_line_the_text_before_introduces_is_code() -> None:
    """gzip's HTML manual: `compresses better than` over `gzip -c file1 file2 > foo.gz`,
    both paragraphs at one margin, showed the command as a sentence."""
    page = (b'<html><body><h1>frob</h1><h2>ADVANCED USAGE</h2><p style="margin-left:11%">Compressing all members '
            b'at once:</p><pre>cat a b | frob &gt; x.fz</pre><p style="margin-left:11%">compresses better than</p>'
            b'<p style="margin-left:11%">frob -c a\nb &gt; x.fz</p><p style="margin-left:11%">frob -k keeps the '
            b'input files.</p></body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert blocks[2:] == [Paragraph("compresses better than"), Code("frob -c a b > x.fz"), Paragraph("frob -k keeps the input files.")]


def test_two_option_forms_stacked_over_one_text_are_one_entry() -> None:
    """groff's markdown manual: `**-d***cs*` and `**-d***name***=***s*`, each hard-broken,
    over `Define c or name ...` ran into the entry before them (`-C`)."""
    text = ("**-C**  \nEnable compatibility mode.\n\n**-d***cs*  \n**-d***name***=***s*  \n"
            "Define *c* or *name* to be a string *s*.\n\n**-E**  \nInhibit all error messages.\n")
    entries = [(t.term, t.description) for _, b in walk(read_markdown(text)) if isinstance(b, Terms) for t in b.entries]
    assert entries == [("-C", "Enable compatibility mode."), ("-dcs, -dname=s", "Define c or name to be a string s."),
                       ("-E", "Inhibit all error messages.")]


def test_an_article_opening_a_keys_text_is_no_key_of_its_own() -> None:
    """cmake's capabilities: `version` over `A JSON object with version information.`
    read as a key `A` among `string` and `major`, its key left empty."""
    text = ("CAPS\n       version\n              A JSON object with version information. Keys are:\n\n"
            "              string The full version string.\n\n              major  The major version number.\n")
    [caps] = read_text(text).sections
    [listed] = caps.blocks
    assert isinstance(listed, Terms) and [t.term for t in listed.entries] == ["version"]
    assert listed.entries[0].description == "A JSON object with version information. Keys are:"


def test_a_dash_key_over_its_text_set_deeper_is_a_key_not_a_bullet() -> None:
    """less's PDF manual: `- Followed by one of the command line option letters ...`,
    the `-` command, became a bullet and the key was lost."""
    text = ("COMMANDS\n      = or ^G\n            Prints some information about the file being viewed, with its\n"
            "            name and the line number.\n      - Followed by one of the command line option letters, this will change the\n"
            "            setting of that option and print a message describing the new setting.\n\n"
            "NOTES\n      - a bullet of a list\n        whose text goes on here.\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert [t.term for b in blocks if isinstance(b, Terms) for t in b.entries] == ["= or ^G", "-"]
    assert ItemList((Item("a bullet of a list whose text goes on here."),)) in blocks


def test_symbol_keys_one_a_line_among_prose_at_their_margin_are_entries() -> None:
    """less's PDF manual: its prompt conditions `?a True if ...` to `?x True if ...`, one
    a line at the prose's margin, ran into one paragraph, which the page then cut."""
    text = ("PROMPTS\n      Condition characters (which follow a question mark) may be:\n"
            "      ?a True if any characters have been included in the prompt so far.\n"
            "      ?bX True if the byte offset of the specified line is known.\n"
            "      ?B True if the size of current input file is known.\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert blocks[0] == Paragraph("Condition characters (which follow a question mark) may be:")
    assert [(t.term, t.description) for b in blocks if isinstance(b, Terms) for t in b.entries] == [
        ("?a", "True if any characters have been included in the prompt so far."),
        ("?bX", "True if the byte offset of the specified line is known."),
        ("?B", "True if the size of current input file is known.")]


def test_a_code_whose_text_opens_with_a_slashed_word_stays_in_its_list() -> None:
    """wget's exit status: `6 Username/password authentication failure.` stood as a
    paragraph between two tables of the other codes."""
    text = ("EXIT STATUS\n       Wget may return one of several codes.\n\n       5 SSL verification failure.\n\n"
            "       6 Username/password authentication failure.\n\n       7 Protocol errors.\n")
    terms = [t.term for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert terms == ["5", "6", "7"]


def test_an_example_with_its_input_and_what_it_gives_is_code() -> None:
    """jq's PDF manual: `jq '.[2:4]'` over `"abcdefghi"` over `=> "cd"` read as a
    command's entry, shown in a table `| jq ’.[2:4]’ | "abcdefghi" => "cd" |`."""
    text = ("SLICES\n      Either index may be negative.\n\n         frob ’.[2:4]’\n           \"abcdefghi\"\n"
            "          => \"cd\"\n\n         frob ’.[-2:]’\n           [1,2,3]\n          => [2, 3]\n\n      Then more.\n")
    assert [b for _, b in walk(read_text(text))] == [
        Paragraph("Either index may be negative."), Code("frob '.[2:4]'\n  \"abcdefghi\"\n => \"cd\""),
        Code("frob '.[-2:]'\n  [1,2,3]\n => [2, 3]"), Paragraph("Then more.")]


def test_codes_one_a_line_after_a_sentence_at_their_margin_are_entries() -> None:
    """tar's PDF manual: `... what kind of error occurred.` over `0 Successful
    termination.` and `1 Some files differ. ...` read `... occurred. 0 Successful
    termination.`, the exit codes run into the sentence before them."""
    text = ("RETURN VALUE\n      Frob's exit code says whether it did the work, and if not, what\n      kind of error occurred.\n"
            "      0 Successful termination.\n      1 Some files differ. If frob was invoked with --compare, this\n"
            "            means that some files differ.\n      2 Fatal error.\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert blocks[0] == Paragraph("Frob's exit code says whether it did the work, and if not, what kind of error occurred.")
    assert [t.term for b in blocks if isinstance(b, Terms) for t in b.entries] == ["0", "1", "2"]


def test_a_conjunction_between_two_examples_is_no_term() -> None:
    """lsof's FAQ: `$ lsof / | more` over `or` over `$ lsof / | grep ...` read as a term
    `or` over the second command (a bold `or` with nothing said on the page)."""
    text = ("FAQ\n    Try these if frob may hang on lookups.\n\n      $ frob -n\n    or\n      $ frob -P\n    or\n"
            "      $ frob -nP\n\n    d.  Delays\n    ==========\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert not any(isinstance(b, Terms) for b in blocks), blocks
    assert Code("$ frob -nP") in blocks


def test_a_bold_tag_after_a_paragraphs_last_break_heads_the_entry_under_it() -> None:
    """openssl's req: `The options available are described in detail below. <b><br>
    input_password</b>, <b>output_password</b>` over the entry's text read as one
    sentence `... below. input_password, output_password`, the entry lost."""
    page = (b'<html><body><h1>frob</h1><h2>OPTIONS</h2><p style="margin-left:11%; margin-top: 1em">The options are '
            b'described below. <b><br>\ninput_password</b>, <b>output_password</b></p>\n'
            b'<p style="margin-left:17%;">The passwords for the input and output key files.</p>\n'
            b'<p style="margin-left:11%; margin-top: 1em"><b>default_bits</b></p>\n'
            b'<p style="margin-left:17%;">The default key size in bits.</p></body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert Paragraph("The options are described below.") in blocks
    terms = [t.term for b in blocks if isinstance(b, Terms) for t in b.entries]
    assert terms == ["input_password, output_password", "default_bits"]


def test_a_column_its_header_does_not_name_joins_the_cell_before_it() -> None:
    """tmux's window tokens: `Token  Meaning` over `{start}  ^  The lowest-numbered
    window` (a token, its one-character form, its meaning) ran into one paragraph."""
    text = ("COMMANDS\n     The following special tokens are available.\n\n     Token              Meaning\n"
            "     {start}       ^    The lowest-numbered window\n     {end}         $    The highest-numbered window\n"
            "     {top}              The top pane\n\n     target-pane may be a pane ID.\n")
    [table] = [b for _, b in walk(read_text(text)) if isinstance(b, Table)]
    assert table == Table(("Token", "Meaning"), (("{start} ^", "The lowest-numbered window"),
                                                 ("{end} $", "The highest-numbered window"), ("{top}", "The top pane")))


def test_a_lead_in_before_a_paragraphs_last_break_is_no_part_of_the_tag_after_it() -> None:
    """ctest's settings: `Configuration settings include: <b><br>BuildDirectory</b>` over
    the setting's text was the term `Configuration settings include: BuildDirectory`."""
    page = (b'<html><body><h1>frob</h1><h2>STEPS</h2><p style="margin-left:11%; margin-top: 1em">In a script, the '
            b'start command runs this step.</p>\n<p style="margin-left:11%; margin-top: 1em">Configuration\nsettings '
            b'include: <b><br>\nBuildDirectory</b></p>\n<p style="margin-left:22%;">The full path to the build tree.</p>\n'
            b'<p style="margin-left:11%; margin-top: 1em"><b>SourceDirectory</b></p>\n'
            b'<p style="margin-left:22%;">The full path to the source tree.</p></body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page, ".html").text))]
    assert Paragraph("Configuration settings include:") in blocks
    assert [t.term for b in blocks if isinstance(b, Terms) for t in b.entries] == ["BuildDirectory", "SourceDirectory"]


def test_a_subsection_title_set_left_of_its_text_with_no_blank_line_is_a_heading() -> None:
    """tar's and jq's PDF manuals: `   Operation mode` between paragraphs at six spaces
    ended the paragraph before it (`... is not encouraged. Operation mode`)."""
    text = ("NAME\n      frob - an archiving utility\nDESCRIPTION\n      Frob saves many files together into a single "
            "tape or disk archive,\n      and can restore individual files from the archive.\n"
            "      Here are several ways of writing the example command in this style:\n"
            + "".join(f"      Way number {n} of writing the example command is just as good as the others.\n" for n in range(8))
            + "      or (abbreviating some options):\n      frob --cre --file=etc.frob --verb /etc\n" +
            "      The options in all three styles can be "
            "intermixed, although doing so is not encouraged.\n   Operation mode\n      The options listed below tell "
            "frob what operation it is to perform.\n      -A, --catenate\n            Append archive to another.\n")
    outline = read_text(text)
    [description] = [s for s in outline.sections if s.title == "DESCRIPTION"]
    assert isinstance(description.blocks[-1], Paragraph)
    assert description.blocks[-1].text.endswith("although doing so is not encouraged.")
    assert [s.title for s in description.sections] == ["Operation mode"]


def test_groff_html_bold_title_on_its_own_line_at_the_margin_is_a_heading() -> None:
    """ctest's manual: `<b>CTest Start Step</b> <br>Start a new dashboard submission ...`
    was read as a term whose description took every step after it, so the settings of
    one step stood inside the one before."""
    page = (b'<html><head><meta name="generator" content="groff -Thtml"></head><body><h1>frob</h1><h2>CLIENT</h2>\n'
            b'<p style="margin-left:11%; margin-top: 1em">The steps may be configured by named settings.</p>\n'
            b'<p style="margin-left:11%; margin-top: 1em"><b>Frob Start\nStep</b> <br>\nStart a new submission.</p>\n'
            b'<p style="margin-left:11%; margin-top: 1em">In a script, the start command runs this step.</p>\n'
            b'<p style="margin-left:11%; margin-top: 1em"><b>-q</b> <br>\nquiet</p></body></html>')
    outline = read_markdown(html.extract(page, ".html").text)
    [client] = [s for s in outline.sections[0].sections if s.title == "CLIENT"]
    [step] = client.sections
    assert step.title == "Frob Start Step" and step.blocks[0] == Paragraph("Start a new submission.")


def test_groff_html_bold_titles_naming_their_options_are_headings_at_one_level() -> None:
    """ncurses' infocmp: its DESCRIPTION's titles were read four ways, `Default
    Options` a heading, `Comparison Options [-d] [-c] [-n]` glued to its text (the bold
    ran on past the break), `Source Listing Options [-I] [-L]` a term, `Changing
    Databases [-A` (the bold ending inside the brackets) an indented line, and the lone
    `Other Options` a heading one level deeper than the first."""
    margin = b'<p style="margin-left:11%; margin-top: 1em">'
    page = (b'<html><head><meta name="generator" content="groff -Thtml"></head><body><h1>frob</h1><h2>DESCRIPTION</h2>\n'
            + margin + b'<b>Default\nOptions</b> <br>\nIf no options are given, -I is assumed.</p>\n'
            + margin + b'<b>Comparison\nOptions [-d] [-c] <br>\nfrob</b> compares the first entry with the others.</p>\n'
            + margin + b'<b>Source\nListing Options [-I] [-L]</b> <br>\nThe -I and -L options list each entry.</p>\n'
            + margin + b'<b>Changing\nDatabases [-A</b> <i>directory</i>] <br>\nLike other tools, frob looks in places.</p>\n'
            + margin + b'<b>Other\nOptions</b></p>\n' + margin + b'Each other option is alone.</p></body></html>')
    outline = read_markdown(html.extract(page, ".html").text)
    [description] = [s for s in outline.sections[0].sections if s.title == "DESCRIPTION"]
    assert [(s.title, s.blocks[0]) for s in description.sections] == [
        ("Default Options", Paragraph("If no options are given, -I is assumed.")),
        ("Comparison Options [-d] [-c]", Paragraph("frob compares the first entry with the others.")),
        ("Source Listing Options [-I] [-L]", Paragraph("The -I and -L options list each entry.")),
        ("Changing Databases [-A directory]", Paragraph("Like other tools, frob looks in places.")),
        ("Other Options", Paragraph("Each other option is alone."))]


def test_a_dash_going_on_a_sentence_over_a_line_break_is_no_list_item() -> None:
    """tmux's LAYOUTS: `... apply a previously used layout` over `- the list-windows
    command displays ...`: the dash was taken for a bullet and the sentence before it
    lost its end. A list under a line still is one."""
    text = ("LAYOUTS\n     In addition, select-layout may be used to apply a previously used layout\n"
            "     - the list-windows command displays the layout of each window.\n\n"
            "     Items include\n     - apples\n     - pears\n\n"
            "     The style of a format (possible values for :meth:`str.format` and :class:`frob.Template`\n"
            "     - defaults to '%').\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert blocks[0] == Paragraph("In addition, select-layout may be used to apply a previously used layout - the "
                                  "list-windows command displays the layout of each window.")
    # (logging's `style`: the line above ends on a quoted name)
    assert blocks[-1] == Paragraph("The style of a format (possible values for :meth:`str.format` and "
                                   ":class:`frob.Template` - defaults to '%').")
    assert [i.text for b in blocks if isinstance(b, ItemList) for i in b.items] == ["apples", "pears"]


def test_a_short_field_line_goes_on_in_parentheses_on_the_next_line() -> None:
    """rsync's Debian changelog: `- CVE-2026-53783: rrsync restricted-directory escape`
    over `(validation-vs-exec race + unsafe option allowlist)` split the item's text, the
    parenthesis set apart as a paragraph of its own; so did `-> arbitrary ACL set` and
    `--partial-dir / --backup-dir resolving ...`."""
    text = ("  * New upstream release, fixing 3 CVEs;\n    - CVE-1: frobd restricted-directory escape\n"
            "      (validation-vs-exec race)\n    - CVE-2: frobd chdir escape\n"
            "    - CVE-3: ACL application follows a symlink-race\n      -> arbitrary ACL set (local escalation)\n"
            "    - CVE-4: Daemon escape through a peer-supplied\n      --frob-dir resolving via a symlink\n")
    [outer] = read_text(text).blocks
    assert isinstance(outer, ItemList)
    [inner] = outer.items[0].children
    assert isinstance(inner, ItemList)
    assert [(i.text, i.children) for i in inner.items] == [
        ("CVE-1: frobd restricted-directory escape (validation-vs-exec race)", ()), ("CVE-2: frobd chdir escape", ()),
        ("CVE-3: ACL application follows a symlink-race -> arbitrary ACL set (local escalation)", ()),
        ("CVE-4: Daemon escape through a peer-supplied --frob-dir resolving via a symlink", ())]


def test_a_tag_wrapped_onto_its_texts_margin_is_one_term() -> None:
    """tmux's `acs, bright (or bold), dim, ...` over two more lines of names, its
    `%subscription-changed name ... pane-id ...` over `: value`, and `display-popup`'s
    synopsis wrapped over four lines were each a loose paragraph gluing term and text,
    splitting their list in two tables."""
    text = ("     none    Set no attributes.\n\n"
            "     bold, dim (or faint), underscore, blink, reverse, hidden, italics,\n"
            "             overline, strikethrough, double-underscore,\n             dotted-underscore\n"
            "             Set an attribute.  Any of them may be prefixed with ‘no’.\n\n"
            "     %frob-changed name session-id window-id pane-id ...\n             : value\n"
            "             The value of the subscription changed.\n\n"
            "     frob-popup [-BCE] [-b border-lines] [-c target-client] [-d\n"
            "             start-directory] [-e environment] [-h height] [-s style] [-S\n"
            "             border-style] [-t target-pane] [-T title] [-w width] [-x\n"
            "             position] [-y position] [shell-command]\n                   (alias: popup)\n"
            "             Display a popup running shell-command.\n")
    [terms] = blocks_of(read_text(text), Terms)
    assert [(t.term, t.description) for t in terms.entries] == [
        ("none", "Set no attributes."),
        ("bold, dim (or faint), underscore, blink, reverse, hidden, italics, overline, strikethrough, "
         "double-underscore, dotted-underscore", "Set an attribute. Any of them may be prefixed with ‘no’."),
        ("%frob-changed name session-id window-id pane-id ... : value", "The value of the subscription changed."),
        ("frob-popup [-BCE] [-b border-lines] [-c target-client] [-d start-directory] [-e environment] [-h height] "
         "[-s style] [-S border-style] [-t target-pane] [-T title] [-w width] [-x position] [-y position] "
         "[shell-command] (alias: popup)", "Display a popup running shell-command.")]


def test_a_synopsis_the_manual_set_on_several_lines_keeps_them() -> None:
    """A long synopsis whose every line closes its brackets is the manual's own layout
    (git's `git [-v | --version] ...` over `[--exec-path[=<path>]] ...`): not one term."""
    text = ("SYNOPSIS\n       frob [-v | --version] [-h | --help] [-C <path>] [-c <name>=<value>]\n"
            "           [--exec-path[=<path>]] [--html-path] [--man-path] [--info-path]\n"
            "           [-p|--paginate|-P|--no-pager] [--no-replace-objects] [--bare]\n"
            "           [--git-dir=<path>] [--work-tree=<path>] [--namespace=<name>]\n"
            "           <command> [<args>]\n")
    assert not blocks_of(read_text(text), Terms)


def test_paths_stacked_over_one_text_are_one_entry() -> None:
    """tmux's FILES: three paths of its configuration file stacked over `Default tmux
    configuration file.` were a paragraph of paths and a sentence, the next file a table."""
    text = ("FILES\n     ~/.frob.conf\n     $XDG_CONFIG_HOME/frob/frob.conf\n     ~/.config/frob/frob.conf\n"
            "                        Default frob configuration file.\n"
            "     /etc/frob.conf     System-wide configuration file.\n")
    [terms] = blocks_of(read_text(text), Terms)
    assert [(t.term, t.description) for t in terms.entries] == [
        ("~/.frob.conf, $XDG_CONFIG_HOME/frob/frob.conf, ~/.config/frob/frob.conf", "Default frob configuration file."),
        ("/etc/frob.conf", "System-wide configuration file.")]


def test_an_item_says_where_the_link_that_ends_it_goes_but_not_an_issues_number() -> None:
    """httpx's feature list: `A broadly [requests-compatible API](…).` lost its address
    (a Markdown item said no link's), so did `Additional [advanced](…) functionality`
    in the middle of its item; a changelog's `by @jane in #1234` says its references by
    number, and a link inside parentheses only annotates a word."""
    text = ("# Frob\n\n* A broadly [requests-compatible API](https://frob.example.org/compat/).\n"
            "* Fix the reader by [@jane](https://github.example.org/jane) in [#1234](https://github.example.org/pull/1234)\n"
            "* API: [Application Programming Interface](https://wiki.example.org/API) - A set of rules.\n"
            "* pdf, the format of printed pages ([Portable Document Format](https://pdf.example.org/))\n")
    assert [i.text for b in blocks_of(read_markdown(text), ItemList) for i in b.items] == [
        "A broadly requests-compatible API (https://frob.example.org/compat/).", "Fix the reader by @jane in #1234",
        "API: Application Programming Interface (https://wiki.example.org/API) - A set of rules.",
        "pdf, the format of printed pages (Portable Document Format)"]
    rest = ("Frob\n====\n\n- Ask on Stack Overflow and tag it with `frob <https://so.example.org/tagged/frob>`__\n"
            "- Fixed `#27 <https://github.example.org/issues/27>`__, better handling of files.\n")
    [listed] = blocks_of(read_rest(rest), ItemList)
    assert [i.text for i in listed.items] == ["Ask on Stack Overflow and tag it with frob (https://so.example.org/tagged/frob)",
                                              "Fixed #27, better handling of files."]


def test_one_line_entries_whose_text_is_one_word_are_entries() -> None:
    """less's colours: `b Blue` ... `y Yellow` ran together into the sentence above them
    (`... as follows: b Blue c Cyan g Green`), and `P Prompts.` into the entry before."""
    text = ("     -Dxcolor\n            Changes the color of the text. x selects the type of text:\n"
            "            N Line numbers enabled via the -N option.\n            P Prompts.\n"
            "            R The rscroll character.\n"
            "            A color string is one or two characters as follows:\n"
            "            b Blue\n            c Cyan\n            g Green\n"
            "            The corresponding upper-case letter denotes a brighter shade.\n")
    [entry] = [t for b in blocks_of(read_text(text), Terms) for t in b.entries if t.term == "-Dxcolor"]
    lists = [b for b in entry.body if isinstance(b, Terms)]
    assert [[(t.term, t.description) for t in b.entries] for b in lists] == [
        [("N", "Line numbers enabled via the -N option."), ("P", "Prompts."), ("R", "The rscroll character.")],
        [("b", "Blue"), ("c", "Cyan"), ("g", "Green")]]


def test_values_named_in_lower_case_after_a_colon_are_entries_and_prose_is_not() -> None:
    """tar's `Valid formats are:` over `gnu GNU tar 1.13.x format`, `v7 Old V7 tar
    format.` and its warning keywords (`none Disable all ...` over `frob-with-nuls` over
    its message) ran together as one paragraph; prose lines that happen to open with a
    word and a capitalised one (`from GNU binutils. It is` over `is GCC`) stay prose."""
    text = ("     -H, --format=FORMAT\n            Create archive of the given format. Valid formats are:\n"
            "            frob Frob 1.13.x format\n            oldfrob Frob format as per frob <= 1.12.\n"
            "            v7 Old V7 frob format.\n\n"
            "     --warning=KEYWORD\n            Keywords controlling general operation:\n"
            "            all Enable all warning messages. This is the default.\n"
            "            none Disable all warning messages.\n            frob-with-nuls\n"
            "                  \"%s: file name read contains nul character\"\n\n"
            "     --build\n            Created a workaround for a build failure with windres\n"
            "            from GNU binutils. It is used only when the C compiler\n"
            "            is GCC (not Clang). The workaround is incompatible.\n")
    entries = {t.term: t for b in blocks_of(read_text(text), Terms) for t in b.entries}
    formats = next(b for b in entries["-H, --format=FORMAT"].body if isinstance(b, Terms))
    assert [(t.term, t.description) for t in formats.entries] == [
        ("frob", "Frob 1.13.x format"), ("oldfrob", "Frob format as per frob <= 1.12."), ("v7", "Old V7 frob format.")]
    keywords = next(b for b in entries["--warning=KEYWORD"].body if isinstance(b, Terms))
    assert [t.term for t in keywords.entries] == ["all", "none", "frob-with-nuls"]
    assert entries["--build"].body == (Paragraph("Created a workaround for a build failure with windres from GNU binutils. "
                                                 "It is used only when the C compiler is GCC (not Clang). "
                                                 "The workaround is incompatible."),)


def test_groff_html_diagnostics_are_one_list_of_messages_and_meanings() -> None:
    """gzip's DIAGNOSTICS: each message at one margin over its meaning set deeper; the
    first message ran on from the exit status's sentence after a line break (`... exit
    status is 2. <br>Usage: gzip ...`) and those that are sentences (`file: Corrupt
    input. Use zcat ...`) were prose, splitting the list into four tables."""
    def p(margin: int, text: str) -> str:
        return f'<p style="margin-left:{margin}%;">{text}</p>\n'
    page = ('<html><head><meta name="generator" content="groff -Thtml"></head><body><h1>frob</h1><h2>DIAGNOSTICS</h2>\n'
            + p(11, "Exit status is normally 0; if an error occurs, exit status is 1. <br>\nUsage: frob [-cdv] [file ...]")
            + p(22, "Invalid options were specified on the command line.")
            + p(11, "<i>file</i>: not in frob format") + p(22, "The file given has not been compressed.")
            + p(11, "<i>file</i>: Corrupt input. Use zcat to recover some data.") + p(22, "The file has been damaged.")
            + p(11, "<i>xx.x%</i> Percentage of the input saved.") + p(22, "(Relevant only for -v.)")
            + "</body></html>")
    outline = read_markdown(html.extract(page.encode(), ".html").text)
    [diagnostics] = [s for s in outline.sections[0].sections if s.title == "DIAGNOSTICS"]
    assert diagnostics.blocks[0] == Paragraph("Exit status is normally 0; if an error occurs, exit status is 1.")
    [terms] = [b for b in diagnostics.blocks if isinstance(b, Terms)]
    assert [(t.term, t.description) for t in terms.entries] == [
        ("Usage: frob [-cdv] [file ...]", "Invalid options were specified on the command line."),
        ("file: not in frob format", "The file given has not been compressed."),
        ("file: Corrupt input. Use zcat to recover some data.", "The file has been damaged."),
        ("xx.x%", "Percentage of the input saved.")]  # (a key in italics, then its sentence)
    assert terms.entries[-1].body[1] == Paragraph("(Relevant only for -v.)")


def test_a_sentence_a_blank_line_broke_inside_its_parentheses_is_one_paragraph() -> None:
    """gettext's `--check=NAME`: `perform syntax check on messages (ellipsis-unicode,
    space-ellipsis,` / blank / `quote-unicode, bullet-unicode)` was cut at the comma."""
    text = ("       --check=NAME\n              perform syntax check on messages (frob-unicode, space-frob,\n\n"
            "              quote-unicode, bullet-unicode)\n\n       --sentence-end=TYPE\n              type of the end.\n")
    entries = {t.term: t for b in blocks_of(read_text(text), Terms) for t in b.entries}
    assert entries["--check=NAME"].body == (
        Paragraph("perform syntax check on messages (frob-unicode, space-frob, quote-unicode, bullet-unicode)"),)


def test_steps_numbered_in_parentheses_are_a_list_and_commands_with_notes_are_code() -> None:
    """gdb's README: `(1)<tab>cd gdb-VERSION` over `<tab>make check-gdb`, `or`, `(2) ...`:
    the numbers were taken for terms, the commands run into prose, `make site.exp
    (builds the site specific file)` included."""
    text = ("Once it is installed, you can run the tests in one of the following ways:\n\n"
            "  (1)\tcd frob-VERSION\n\tmake check-frob\n\nor\n\n"
            "  (3)\tcd frob-VERSION/frob/testsuite\n\tmake site.exp\t(builds the site specific file)\n"
            "\truntest -tool frob FROB=../frob    (or FROB=<somepath> as appropriate)\n")
    lists = blocks_of(read_text(text), ItemList)
    assert [(x.ordered, x.start, [(i.text, i.children) for i in x.items]) for x in lists] == [
        (True, 1, [("", (Code("cd frob-VERSION\nmake check-frob"),))]),
        (True, 3, [("", (Code("cd frob-VERSION/frob/testsuite\nmake site.exp   (builds the site specific file)\n"
                              "runtest -tool frob FROB=../frob    (or FROB=<somepath> as appropriate)"),))])]


def test_a_list_of_manual_pages_a_converter_left_without_its_heading_is_the_see_also() -> None:
    """openssl(1) as Markdown lost its SEE ALSO heading: its 50 references were the last
    paragraph of ENVIRONMENT, read as prose there."""
    doc = ("# NAME\n\nfrob - frob files\n\n# ENVIRONMENT\n\nFor information about variables, see **frob-env** (7).\n\n"
           "**frob-ls** (1), **frob-rm** (1),\n**frob.conf** (5) and **frobd** (8)\n\n# HISTORY\n\nThe shell was removed in 3.0.\n")
    page = read_manpage(read_markdown(doc))
    assert page is not None and page.see_also == ("frob-ls(1)", "frob-rm(1)", "frob.conf(5)", "frobd(8)")
    [environment, _] = page.content
    assert environment.blocks == (Paragraph("For information about variables, see frob-env (7)."),)


def test_variables_one_a_line_among_variables_over_their_text_are_entries() -> None:
    """less's ENVIRONMENT: `INIT Name of ...` over `LANG Language for ...` (each one line)
    and `LESS Options ...` over `LESSANSIENDCHARS` over its text ran together into one row
    (`LESS | Options which are passed ... LESSANSIENDCHARS`); prose lines opening with an
    acronym (`FROB Utils provide ...`) stay prose."""
    text = ("ENVIRONMENT\n      HOME\n            Name of the home directory.\n"
            "      INIT Name of the user's init directory (used on OS/2 systems).\n"
            "      LANG Language for determining the character set.\n      LC_CTYPE\n"
            "            Language for determining the character set.\n"
            "      LESS Options which are passed to frob automatically.\n      LESSANSIENDCHARS\n"
            "            Characters which may end an ANSI color escape sequence.\n\n"
            "HISTORY\n      FROB Utils provide a gzip-like tool for POSIX-like systems.\n"
            "      FROB Utils are based on the FROB SDK.\n")
    outline = read_text(text)
    [terms] = blocks_of(outline, Terms)
    assert [t.term for t in terms.entries] == ["HOME", "INIT", "LANG", "LC_CTYPE", "LESS", "LESSANSIENDCHARS"]
    assert outline.sections[1].blocks == (Paragraph("FROB Utils provide a gzip-like tool for POSIX-like systems. "
                                                    "FROB Utils are based on the FROB SDK."),)


def test_html_key_that_is_a_dash_is_a_term_not_a_bullet() -> None:
    """curl's `-P`: groff set its last address, `-` (the control connection's), in a layout
    table of its own after the others' tag paragraphs; a table keyed by dashes is a
    bulleted list, so it read as `* make curl pick the same IP address ...`."""
    def p(margin: int, text: str) -> str:
        return f'<p style="margin-left:{margin}%;">{text}</p>\n'
    page = ('<html><head><meta name="generator" content="groff -Thtml"></head><body><h1>frob</h1><h2>OPTIONS</h2>\n'
            + p(11, "-P address") + p(22, "The address should be one of: <br>\ninterface") + p(32, "e.g. eth0")
            + p(22, "host name") + p(32, "e.g. my.host.domain")
            + '<table><tr valign="top"><td width="22%"></td><td width="1%"><p>-</p></td><td width="9%"></td>'
              '<td width="68%"><p>make frob pick the same IP address</p></td></tr></table>\n'
            + p(22, "Disable the use of PORT with --ftp-pasv.") + "</body></html>")
    [option] = [t for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))
                if isinstance(b, Terms) for t in b.entries]
    [values] = [b for b in option.body if isinstance(b, Terms)]
    assert [(t.term, t.description) for t in values.entries] == [
        ("interface", "e.g. eth0"), ("host name", "e.g. my.host.domain"), ("-", "make frob pick the same IP address")]
    assert not [b for b in option.body if isinstance(b, ItemList)]
    bullet = page.replace("<p>-</p>", "<p>&bull;</p>")  # (a bullet glyph's one row is a one-item list, as ever)
    [option] = [t for _, b in walk(read_markdown(html.extract(bullet.encode(), ".html").text))
                if isinstance(b, Terms) for t in b.entries]
    assert [[i.text for i in b.items] for b in option.body if isinstance(b, ItemList)] == [["make frob pick the same IP address"]]


def test_a_link_to_a_part_of_another_sites_page_says_where_it_goes() -> None:
    """aws-cli's `installed using a bundled installer (…/install-linux.html#install-linux-bundled)`
    and langsmith's `retried twice by default (…/#retries)` lost their addresses: a
    fragment was taken for a contents list's link within the page."""
    md = "# Frob\n\nOn Linux, Frob can be installed using a [bundled installer](https://frob.example.org/install#linux).\n"
    assert [b.text for b in blocks_of(read_markdown(md), Paragraph)] == [
        "On Linux, Frob can be installed using a bundled installer (https://frob.example.org/install#linux)."]


def test_an_address_written_in_angle_brackets_keeps_them() -> None:
    """debconf-set-selections' `Petter Reinholdtsen <pere@hungry.com>` (grohtml's
    `&lt;…&gt;`, a Markdown autolink) read `Petter Reinholdtsen pere@hungry.com`."""
    text = "# frob\n\nWritten by Jane Roe <jane@example.org> and [the team](mailto:team@example.org).\n"
    assert [b.text for b in blocks_of(read_markdown(text), Paragraph)] == [
        "Written by Jane Roe <jane@example.org> and the team."]


def test_values_named_in_lower_case_beside_a_name_over_its_text_are_entries() -> None:
    """less's character sets went on past a page break with no sentence to introduce
    them: `latin1 Same as iso8859.` ... `ebcdic Selects ...` ran into one cell, beside
    `frob-1047` over its text."""
    text = ("      latin1 Same as iso8859.\n      latin9 Same as iso8859.\n"
            "      dos Selects a character set appropriate for MS-DOS.\n      FROB-1047\n"
            "            Selects an EBCDIC character set used by frob.\n"
            "      koi8-r Selects a Russian character set.\n      next Selects a character set for NeXT computers.\n")
    assert [t.term for b in blocks_of(read_text(text), Terms) for t in b.entries] == [
        "latin1", "latin9", "dos", "FROB-1047", "koi8-r", "next"]
    # (beside a value's two names over its text, too: tar's `pax, posix` among its formats)
    formats = ("      gnu GNU frob 1.13.x format\n      oldgnu GNU format as per frob <= 1.12.\n      pax, posix\n"
               "            POSIX 1003.1-2001 (pax) format.\n      ustar POSIX 1003.1-1988 (ustar) format.\n"
               "      v7 Old V7 frob format.\n")
    assert [t.term for b in blocks_of(read_text(formats), Terms) for t in b.entries] == [
        "gnu", "oldgnu", "pax, posix", "ustar", "v7"]
    # (a keyword run into the quoted message it names: tar's `--warning` keywords)
    warnings = ("      Keywords applicable for frob --create:\n      cachedir\n            \"%s: contains a tag\"\n"
                "      xdev \"%s: file is on a different filesystem; not dumped\"\n      file-ignored\n"
                "            \"%s: Unknown file type; file ignored\"\n            \"%s: socket ignored\"\n"
                "      file-unchanged\n            \"%s: file is unchanged; not dumped\"\n")
    assert [(t.term, t.description) for b in blocks_of(read_text(warnings), Terms) for t in b.entries] == [
        ("cachedir", '"%s: contains a tag"'), ("xdev", '"%s: file is on a different filesystem; not dumped"'),
        ("file-ignored", '"%s: Unknown file type; file ignored" "%s: socket ignored"'),
        ("file-unchanged", '"%s: file is unchanged; not dumped"')]


def test_a_docstrings_info_fields_are_a_definition_list() -> None:
    """logging's pydoc: `:param source: The source filename. ... :param dest: The
    destination filename. ...` read as one paragraph with the reST fields left in."""
    text = ("# frob\n\n**rotate**(self, source, dest)\n:   When rotating, rotate the current file.\n\n"
            "    :param source: The source filename. :param dest: The destination filename.\n"
            "    :returns: Nothing. :raises FrobError: When the file is gone.\n")
    [entry] = [t for _, b in walk(read_outline(text, ".md")) if isinstance(b, Terms) for t in b.entries]
    fields = [b for b in entry.body if isinstance(b, Terms)]
    assert [[(t.term, t.description) for t in f.entries] for f in fields] == [[
        ("source", "The source filename."), ("dest", "The destination filename."), ("Returns", "Nothing."),
        ("Raises FrobError", "When the file is gone.")]]
    assert read_outline("# frob\n\nA sentence: with a colon, param and all.\n", ".md").sections[0].blocks == (
        Paragraph("A sentence: with a colon, param and all."),)


def test_a_version_notes_text_indented_under_it_is_its_sentence_not_code() -> None:
    """logging's pydoc: `.. versionchanged:: 3.2` over `   Added the ``style`` parameter.`
    read `Changed in version 3.2.` over a code block holding the sentence."""
    text = ("Help on module frob:\n\nFUNCTIONS\n    basicConfig(**kwargs)\n        Do basic configuration.\n\n"
            "        .. versionchanged:: 3.2\n           Added the ``style`` parameter.\n\n"
            "        .. versionchanged:: 3.3\n           Added the ``handlers`` parameter. A ``ValueError`` is now thrown\n"
            "           for incompatible arguments (e.g. ``handlers`` specified together with\n"
            "           ``filename``/``filemode``, or ``handlers`` specified together with ``stream``.\n\n"
            "    shutdown()\n        Flush and close.\n")
    [entry] = [t for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Terms) for t in b.entries
               if t.term.startswith("basicConfig")]
    assert entry.body[-2] == Paragraph("Changed in version 3.2: Added the `style` parameter.")
    # (a note's text of several lines read as a paragraph of its own)
    assert entry.body[-1] == Paragraph("Changed in version 3.3: Added the `handlers` parameter. A `ValueError` is now "
                                       "thrown for incompatible arguments (e.g. `handlers` specified together with "
                                       "`filename`/`filemode`, or `handlers` specified together with `stream`.")
    assert not [b for b in entry.body if isinstance(b, Code)]


def test_an_admonitions_label_alone_over_its_paragraph_is_joined_to_it() -> None:
    """pg_dump's manual through its converter: the boxed notes under `-n` and the
    warning of DESCRIPTION were a lone `Note` or `Warning` over their paragraph."""
    text = ("# DESCRIPTION\n\nFrob dumps a database.\n\nWarning\n\nRestoring a dump runs its code.\n\n"
            "# OPTIONS\n\n-n pattern\n:   Dump only matching schemas.\n\n    Note\n\n    Other objects are not dumped.\n\n"
            "# NOTES\n\nNote that frob reads.\n")
    outline = read_outline(text, ".md")
    texts = {s.title: [block_text(b) for b in s.blocks] for s in sections(outline)}
    assert texts["DESCRIPTION"] == ["Frob dumps a database.", "Warning: Restoring a dump runs its code."]
    [entry] = [t for _, b in walk(outline) if isinstance(b, Terms) for t in b.entries]
    assert entry.body == (Paragraph("Dump only matching schemas."), Paragraph("Note: Other objects are not dumped."))
    assert texts["NOTES"] == ["Note that frob reads."]


def test_rest_roles_and_literals_a_plain_text_printed_are_their_words() -> None:
    """logging's pydoc text: `:meth:`str.format` (``{}``)` and `set to ``True``` read
    with their reST marks escaped on the page: a role is its words, a literal code; a
    GNU quote (``word'') stays a quote."""
    text = ("Help on module frob:\n\nFUNCTIONS\n    basicConfig(**kwargs)\n        Use one of %-formatting, "
            ":meth:`str.format` (``{}``) or :class:`~string.Template`, unless *force* is set to ``True``.\n\n"
            "        Quote ``frob*'' or ``Aug[4-9].let'' as you like.\n")
    [entry] = [t for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Terms) for t in b.entries]
    assert [b.text for b in entry.body if isinstance(b, Paragraph)] == [
        "Use one of %-formatting, str.format (`{}`) or string.Template, unless *force* is set to `True`.",
        "Quote ``frob*'' or ``Aug[4-9].let'' as you like."]


def test_the_first_kind_a_colon_introduces_is_an_entry_not_the_sentences_end() -> None:
    """A PDF man page: `There are three types of frob:` over `plain frobs` over its text
    joined `plain frobs` to the sentence and left its text a paragraph; `Possible values
    are:` over `ascii FOO, BAR ... are` run in over `normal.` did the same to `ascii`."""
    text = ("FROB SETS\n      There are three types of frob in the input:\n      plain frobs\n"
            "            can be shown as they are.\n      control frobs\n            should not be shown.\n"
            "      binary frobs\n            are never shown.\n"
            "      The FROBSET variable selects a set. Possible values for FROBSET are:\n"
            "      ascii BS, TAB and NL are control frobs, those between 32 and 126\n"
            "            are plain, and all others are binary.\n      utf8\n            Selects UTF-8.\n")
    outline = read_outline(text, ".txt")
    terms = [(t.term, t.description) for _, b in walk(outline) if isinstance(b, Terms) for t in b.entries]
    assert terms == [("plain frobs", "can be shown as they are."), ("control frobs", "should not be shown."),
                     ("binary frobs", "are never shown."),
                     ("ascii", "BS, TAB and NL are control frobs, those between 32 and 126 are plain, and all "
                               "others are binary."), ("utf8", "Selects UTF-8.")]
    paragraphs = [b.text for _, b in walk(outline) if isinstance(b, Paragraph)]
    assert paragraphs == ["There are three types of frob in the input:",
                          "The FROBSET variable selects a set. Possible values for FROBSET are:"]


def test_keys_one_line_entries_one_under_another_stay_apart() -> None:
    """A PDF man page: `J Like j, but ...` over `K or Y Like k, but ...` read as one
    entry `J` whose text ran on into `K or Y Like k, ...`."""
    text = ("COMMANDS\n      In the following descriptions, ^X means control-X.\n"
            "      h or H Help: display a summary of these commands. If you forget the others,\n"
            "            remember this one.\n"
            "      J Like j, but scrolls beyond the end of the file.\n"
            "      K or Y Like k, but scrolls beyond the beginning of the file.\n"
            "      ESC-) or RIGHTARROW\n            Scroll right N characters.\n")
    terms = [(t.term, t.description) for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Terms)
             for t in b.entries]
    assert terms == [("h or H", "Help: display a summary of these commands. If you forget the others, remember "
                                "this one."),
                     ("J", "Like j, but scrolls beyond the end of the file."),
                     ("K or Y", "Like k, but scrolls beyond the beginning of the file."),
                     ("ESC-) or RIGHTARROW", "Scroll right N characters.")]


def test_a_pagers_punctuation_commands_are_entries() -> None:
    """A PDF man page: `--+ Like the -+ command ...` (no option by the option pattern) and
    `_ (Underscore.) Followed by ...` (`_` is a word character, so no named key) were
    paragraphs, `__ (Double underscore.)` run into the one before."""
    text = ("COMMANDS\n      -+ Followed by an option letter, this resets the option to its default\n"
            "            and prints its new setting.\n"
            "      --+ Like the -+ command, but takes a long option name.\n"
            "      -! Followed by an option letter, this sets the option to its opposite.\n\n"
            "      _ (Underscore.) Followed by an option letter, this prints its setting.\n"
            "      __ (Double underscore.) Like the _ (underscore) command, but takes a long option name\n"
            "            rather than a letter.\n      V Prints the version number.\n      q or Q or ZZ\n"
            "            Exits.\n")
    terms = [(t.term, t.description) for _, b in walk(read_outline(text, ".txt")) if isinstance(b, Terms)
             for t in b.entries]
    assert terms == [
        ("-+", "Followed by an option letter, this resets the option to its default and prints its new setting."),
        ("--+", "Like the -+ command, but takes a long option name."),
        ("-!", "Followed by an option letter, this sets the option to its opposite."),
        ("_ (Underscore.)", "Followed by an option letter, this prints its setting."),
        ("__ (Double underscore.)", "Like the _ (underscore) command, but takes a long option name rather than a letter."),
        ("V", "Prints the version number."), ("q or Q or ZZ", "Exits.")]


def test_a_lone_command_a_colon_introduces_at_the_proses_margin_is_code() -> None:
    """A PDF man page sets its example at the prose's margin: `you might tell csh:` over
    `setenv FROB "-options"` read it as a sentence; `or if you use sh:` stays prose."""
    text = ('ENVIRONMENT\n      Options are also taken from FROB. For example, you might tell csh:\n\n'
            '      setenv FROB "-options"\n\n      or if you use sh:\n\n      FROB="-options"; export FROB\n\n'
            '      For example, to use it, see:\n\n      the manual of frob\n')
    blocks = [b for _, b in walk(read_outline(text, ".txt"))]
    assert [type(b).__name__ for b in blocks] == ["Paragraph", "Code", "Paragraph", "Code", "Paragraph", "Paragraph"]
    assert [b.text for b in blocks if isinstance(b, Code)] == ['setenv FROB "-options"', 'FROB="-options"; export FROB']
    # commands one a line between blank lines, under `Examples:`: one example
    examples = "Examples:\n\n      frob --train FILEs\n\n      frob --train=k=50 FILEs\n\n      frob --train=shrink FILEs\n"
    assert [b for _, b in walk(read_outline("OPTIONS\n      " + examples, ".txt")) if isinstance(b, Code)] == [
        Code("frob --train FILEs\n\nfrob --train=k=50 FILEs\n\nfrob --train=shrink FILEs")]


def test_a_sentence_introducing_more_entries_is_not_the_last_entrys_text() -> None:
    """pandoc's Markdown of troff's manual: `There are also names ... groups of warnings:`
    between `**tab** 2048` and `**all**` was read as the end of tab's description."""
    text = ("# WARNINGS\n\nThe warnings fall into categories:\n\n**break** 4  \nLines which could not be broken.\n\n"
            "**tab** 2048  \nInappropriate use of a tab character.\n\n"
            "There are also names that refer to groups of warnings:\n\n**all**  \nAll warnings but break.\n\n"
            "**w**  \nAll warnings.\n")
    [section] = read_markdown(text).sections
    assert [type(b).__name__ for b in section.blocks] == ["Paragraph", "Terms", "Paragraph", "Terms"]
    assert section.blocks[1].entries[-1] == Term("tab 2048", (Paragraph("Inappropriate use of a tab character."),))
    assert section.blocks[2] == Paragraph("There are also names that refer to groups of warnings:")
    assert [t.term for t in section.blocks[3].entries] == ["all", "w"]


def test_markdown_paragraphs_each_setting_a_name_are_one_piece_of_code() -> None:
    """pydoc's HTML through pandoc: `Data and other attributes defined here:` over
    `**namer** = None` and `**rotator** = None` -- the page kept the label and lost the data."""
    text = ("# class Frob\n\nData and other attributes defined here:\n\n**namer** = None\n\n**rotator** = None\n\n"
            "Methods inherited from Base:\n\n**close**(self)\n:   Close it.\n\nWe set x = 1 below.\n")
    [section] = read_markdown(text).sections
    assert section.blocks[:2] == (Paragraph("Data and other attributes defined here:"), Code("namer = None\nrotator = None"))
    assert Paragraph("We set x = 1 below.") in section.blocks


def test_a_sentence_going_on_after_an_address_wrapped_deeper_stays_one_paragraph() -> None:
    """git's REPORTING BUGS: `... list <git@vger.kernel.org` over `[6]> where ... is`
    set deeper, then `primarily done.` back at the margin: the sentence was cut there."""
    text = ("REPORTING BUGS\n       Report bugs to the Frob mailing list <frob@example.org\n"
            "                                        [6]> where the development and maintenance is\n"
            "       primarily done. You do not have to be subscribed.\n\n       Issues go to the security list.\n")
    assert read_text(text).sections[0].blocks == (
        Paragraph("Report bugs to the Frob mailing list <frob@example.org [6]> where the development and maintenance "
                  "is primarily done. You do not have to be subscribed."), Paragraph("Issues go to the security list."))


def test_markdown_data_lines_ended_by_hard_breaks_are_code_and_keep_their_patterns() -> None:
    """pydoc's HTML through pandoc: `Data and other attributes defined here:` over hard-broken
    `**FROB_RE** = re.compile(...)` lines ran together as a sentence, and `'^[a-z_]...'`
    lost `^[a-z_]`, read as an inline footnote."""
    text = ("# frob.config\n\n## Data\n\nData and other attributes defined here:  \n**FROB\\_PORT** =\n9030  \n"
            "**IDENTIFIER** = re.compile('^[a-z\\_][a-z0-9\\_]\\*$',\nre.IGNORECASE)  \n**RESET\\_ERROR** = 104\n\n"
            "Methods defined here:  \n**convert**(self, value)  \n**convert\\_with\\_key**(self, key, value)\n")
    [section] = read_markdown(text).sections[0].sections
    assert section.blocks == (
        Paragraph("Data and other attributes defined here:"),
        Code("FROB_PORT = 9030\nIDENTIFIER = re.compile('^[a-z_][a-z0-9_]*$', re.IGNORECASE)\nRESET_ERROR = 104"),
        Paragraph("Methods defined here:"), Code("convert(self, value)\nconvert_with_key(self, key, value)"))


def test_an_entry_a_page_break_parts_from_its_text_stays_one_entry() -> None:
    """git's PDF: `git-branch(1)` ended page 3 and `List, create, or delete branches.` began
    page 4: the tag read as a paragraph of its own and the table of commands broke in two."""
    text = ("## Page 3\n\nCOMMANDS\n       frob-add(1)\n           Add file contents.\n\n       frob-branch(1)\n\n"
            "## Page 4\n\n           List, create, or delete branches.\n\n       frob-bundle(1)\n"
            "           Move objects by archive.\n")
    terms = [(t.term, t.description) for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert terms == [("frob-add(1)", "Add file contents."), ("frob-branch(1)", "List, create, or delete branches."),
                     ("frob-bundle(1)", "Move objects by archive.")]


def test_a_synopsis_label_naming_the_command_stays_whole() -> None:
    """rsync's SYNOPSIS: `Access via rsync daemon:` over its forms read as two labels,
    `Access via:` and `rsync daemon:`, the command's name taken for a form's start."""
    text = ("# NAME\n\nfrob - a fast copying tool\n\n# SYNOPSIS\n\nLocal:\n\n```\nfrob [OPTION...] SRC... [DEST]\n```\n\n"
            "Access via frob daemon:\n\n```\nPull:\nfrob [OPTION...] [USER@]HOST::SRC... [DEST]\n```\n\n"
            "# DESCRIPTION\n\nFrob copies files.\n")
    man = read_manpage(read_markdown(text))
    assert man is not None and man.synopsis == (
        "Local:", "frob [OPTION...] SRC... [DEST]", "Access via frob daemon:", "Pull:",
        "frob [OPTION...] [USER@]HOST::SRC... [DEST]")


def test_a_command_without_options_an_unfinished_sentence_introduces_is_code() -> None:
    """gzip's groff HTML: `is equivalent to` over `cat file1 file2`, each a paragraph at
    the prose's margin: the command read as a sentence."""
    text = "# ADVANCED USAGE\n\nThe command\n\nfrob -c file1 file2\n\nis equivalent to\n\ncat file1 file2\n\nIt is.\n"
    [section] = read_markdown(text).sections
    assert Code("cat file1 file2") in section.blocks
    assert Paragraph("It is.") in section.blocks


def test_a_paragraph_whose_first_line_alone_is_indented_holds_its_lines_after_a_clause() -> None:
    """gdb's README (texinfo's plain text indents a paragraph's first line only): `Emacs
    users will very likely enjoy the Grand Unified Debugger mode;` over `try typing ...`
    at the margin were two paragraphs; one ending a sentence over an example stays apart."""
    text = ("   Several graphical interfaces to frob are available.  You should\ncheck:\n\n"
            "\thttps://frob.example/wiki/Front%20Ends\n\nfor an up-to-date list.\n\n"
            "   Emacs users will very likely enjoy the Grand Unified Debugger mode;\ntry typing `M-x frob RET'.\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert blocks[-1] == Paragraph("Emacs users will very likely enjoy the Grand Unified Debugger mode; try typing "
                                   "`M-x frob RET'.")
    assert blocks[0] == Paragraph("Several graphical interfaces to frob are available. You should check:")


def test_a_uri_form_or_command_an_entrys_sentence_introduces_is_code() -> None:
    """openssl's manual through pandoc: under `-engine id`, `The URI syntax is as
    follows:` over `frob.engine:{engineid}:{keyid}` and `something like this:` over
    `-key frob.engine:pkcs11:label` were paragraphs; so were curl's `-F` examples after a
    lone `or`. An address a colon introduces stays text."""
    text = ("# OPTIONS\n\n**-engine** *id*\n:   Load the engine.\n\n    The URI syntax is as follows:\n\n"
            "    frob.engine:{engineid}:{keyid}\n\n    For example, something like this:\n\n"
            "    -key frob.engine:pkcs11:label_some-key\n\n    or\n\n    frob -F \"name=daniel;type=text/foo\" example.com\n\n"
            "    The bug list is at:\n\n    https://bugs.example.org/frob\n")
    [entry] = [t for _, b in walk(read_markdown(text)) if isinstance(b, Terms) for t in b.entries]
    assert [b.text for b in entry.body if isinstance(b, Code)] == [
        "frob.engine:{engineid}:{keyid}", "-key frob.engine:pkcs11:label_some-key",
        'frob -F "name=daniel;type=text/foo" example.com']


def test_an_option_that_lost_its_colon_among_options_ended_by_one_is_an_entry() -> None:
    """jq's PDF: `--unbuffered` (its colon lost) between `--ascii-output / -a:` and
    `--sort-keys / -S:` read as a line of the text of `-a`."""
    text = ("OPTIONS\n          --ascii-output / -a:\n\n         Frob outputs UTF-8.\n          --unbuffered\n"
            "          Flush the output after each object is printed.\n          --sort-keys / -S:\n\n"
            "          Output the keys in sorted order.\n")
    terms = [(t.term, t.description) for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert terms == [("--ascii-output / -a", "Frob outputs UTF-8."),
                     ("--unbuffered", "Flush the output after each object is printed."),
                     ("--sort-keys / -S", "Output the keys in sorted order.")]


def test_an_examples_last_line_at_a_page_break_does_not_take_the_next_entry_into_it() -> None:
    """jq's PDF: page 14 ended with an example's `=> [[0],[1,1,"a"]]`, page 15 began with
    the entry `add`: read as a sentence going on, `add` became the example's last line."""
    text = ("## Page 14\n\nBUILTINS\n   paths\n      paths outputs the paths to all the elements.\n\n"
            "         frob '[paths]'\n           [1,[[],{\"a\":2}]]\n          => [[0],[1],[1,0]]\n\n"
            "## Page 15\n\n   add\n      The filter add takes as input an array.\n\n   any\n      The filter any is true.\n")
    entries = {t.term: t for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries}
    assert list(entries) == ["paths", "add", "any"]
    assert entries["paths"].body[-1] == Code("frob '[paths]'\n  [1,[[],{\"a\":2}]]\n => [[0],[1],[1,0]]")
    assert entries["add"].body == (Paragraph("The filter add takes as input an array."),)


def test_a_table_with_a_rule_under_its_header_and_wrapped_first_cells_is_a_table() -> None:
    """man's `-7`: `Description   Octal   latin1   ascii` over a rule of `─` and rows whose
    first cell wrapped (`continuation hy‐` over `phen`) ran into one paragraph; a row
    naming a command with no keys (tmux's `rectangle-on`) is a row of its own."""
    text = ("OPTIONS\n       -7, --ascii\n              The following table shows the translations:\n\n"
            "              Description        Octal   latin1   ascii\n"
            "              \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n"
            "              continuation hy\u2010    255      \u2010        -\n              phen\n"
            "              bullet (middle      267      \u2022        o\n              dot)\n"
            "              multiplication      327      \u00d7        x\n              sign\n\n"
            "              If the latin1 column displays correctly, no option is needed.\n")
    [entry] = [t for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    [table] = [b for b in entry.body if isinstance(b, Table)]
    assert table.header == ("Description", "Octal", "latin1", "ascii")
    assert [r[0] for r in table.rows] == ["continuation hyphen", "bullet (middle dot)", "multiplication sign"]
    keys = ("           Function                     vi              emacs\n"
            "           clear-selection              Escape          C-g\n           copy-line [<prefix>]\n"
            "           rectangle-on\n           cursor-down                  j               Down\n")
    [keyed] = blocks_of(read_text(keys), Table)
    assert [r[0] for r in keyed.rows] == ["clear-selection", "copy-line [<prefix>]", "rectangle-on", "cursor-down"]


def test_a_tag_ending_with_an_ellipsis_is_a_tag() -> None:
    """man's SYNOPSIS conventions: `argument ...       argument is repeatable.` and
    `[expression] ...   entire expression ...` fell out of the table of conventions
    above them: a tag's `...` read as a sentence's end."""
    text = ("DESCRIPTION\n       The following conventions apply to the SYNOPSIS section:\n\n"
            "       bold text          type exactly as shown.\n       [-abc]             any or all arguments are optional.\n"
            "       argument ...       argument is repeatable.\n"
            "       [expression] ...   entire expression within [ ] is repeatable.\n\n"
            "       Exact rendering may vary.\n")
    assert [t.term for b in blocks_of(read_text(text), Terms) for t in b.entries] == [
        "bold text", "[-abc]", "argument ...", "[expression] ..."]


def test_an_option_alone_under_a_one_line_entry_is_its_other_name() -> None:
    """lsof's quick start: `-?  these options select help output.` over `-h` alone, then
    a blank line: `-h` stood as a paragraph of its own after the entry."""
    text = ("  There are some frob options that are hard to classify, including:\n\n"
            "\t-?\tthese options select help output.\n\t-h\n\n"
            "\t-F      selects field output.  Field output is a mode where\n\t\tfrob produces output.\n\n"
            "\t-k k    selects a kernel name list file.\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert [t.term for b in blocks if isinstance(b, Terms) for t in b.entries] == ["-?, -h", "-F", "-k k"]
    assert not [b for b in blocks if isinstance(b, Paragraph) and b.text == "-h"]


def test_commands_a_pdf_set_at_the_texts_margin_after_a_colon_are_code() -> None:
    """tar's PDF lost its examples' indent and the blank lines around them: `... listing
    the files being archived:` over `frob cfv etc.frob /etc` over the next sentence ran
    into one paragraph, and so did `could look like:` over two commands and a lone `or`."""
    text = ("OPTION STYLES\n      The following command, written in the traditional style, stores all files\n"
            "      of /etc, verbosely listing the files being archived:\n      frob cfv etc.frob /etc\n"
            "      In UNIX or short-option style, each option letter is prefixed with a dash.\n"
            "      The example command above could look like:\n      frob -cvf etc.frob /etc\n      or\n"
            "      frob -c -v -f etc.frob /etc\n      In GNU or long-option style, each option begins with two dashes.\n")
    blocks = [b for _, b in walk(read_text(text))]
    assert [b.text for b in blocks if isinstance(b, Code)] == [
        "frob cfv etc.frob /etc", "frob -cvf etc.frob /etc", "frob -c -v -f etc.frob /etc"]
    assert [b.text.split()[0] for b in blocks if isinstance(b, Paragraph)] == ["The", "In", "or", "In"]


def test_a_manuals_function_subsections_are_titles_like_their_siblings() -> None:
    """jq's PDF: the builtins `has(key)`, `in`, `map(x), map_values(x)` are subsections
    at one margin; those ending with a parenthesis became entries under whichever title
    came before them (`map`, `del`, `getpath` under `## in`). pydoc's functions, set
    deeper, stay entries. Forms of a name before its call (`any, any(condition)`) and
    calls after a space (`range(from;upto) range(from;upto;by)`) are such titles too, and
    so is a name over its syntax (`Comma: ,`) or the syntax alone (`.[]?`, once a
    one-row table headed `Question | Answer`)."""
    text = (_described(80, 6) +
            "BUILTIN FUNCTIONS\n      Some filters are builtins. They do different things depending on the\n"
            "      type of their input.\n   keys, keys_unsorted\n      The builtin function keys returns its keys.\n\n"
            "   has(key)\n      The builtin function has returns whether the key is there.\n\n"
            "   in\n      The builtin function in returns whether the key is in the object.\n\n"
            "   map(x), map_values(x)\n      For any filter x, map(x) runs that filter for each element.\n"
            "         frob 'map(.+1)'\n          => [2,3]\n"
            "   any, any(condition)\n      The filter any takes an array of booleans.\n"
            "         frob 'any'\n          => true\n"
            "   range(upto), range(from;upto) range(from;upto;by)\n      The range function produces numbers.\n"
            "         frob 'range(2)'\n          => 0, 1\n"
            "   Comma: ,\n      If two filters are separated by a comma, both get the input.\n"
            "         frob '.a, .b'\n          => 1, 2\n"
            "   .[]?\n      Like .[], but no errors will be output if . is not an array.\n")
    assert [s.title for s in sections(read_text(text))][-8:] == [
        "keys, keys_unsorted", "has(key)", "in", "map(x), map_values(x)", "any, any(condition)",
        "range(upto), range(from;upto) range(from;upto;by)", "Comma: ,", ".[]?"]
    # (a sentence naming a call, a field's value, a name alone with a stop are no such titles)
    from wikid.document.text_reader import _CALL_TITLE, _SYMBOL_TITLE
    assert not any(_CALL_TITLE.match(t) or _SYMBOL_TITLE.match(t)
                   for t in ("See printf(3)", "Use malloc(3)", "Returns: -1.", "Note: (optional)", "$HOME.", "..."))
    pydoc = ("Help on module frob:\n\nFUNCTIONS\n    addName(level, name)\n        Associate name with level.\n\n"
             "    basicConfig(**kwargs)\n        Do basic configuration.\n")
    assert [t.term for _, b in walk(read_outline(pydoc, ".txt")) if isinstance(b, Terms) for t in b.entries] == \
        ["addName(level, name)", "basicConfig(**kwargs)"]


def test_a_sentence_a_page_break_cut_after_a_comma_goes_on() -> None:
    """jq's PDF: `... [[],"a",["b"]] becomes [[0],[]], [[1],"a"],` at page 1's foot and
    `and [[1,0],"b"].` atop page 2 were two paragraphs; a list ending a page with a full
    stop is still apart from the next page's first sentence."""
    text = ("OPTIONS\n   --stream\n      Parse the input. For example, \"a\" becomes [[],\"a\"], and\n"
            "      [[],\"a\",[\"b\"]] becomes [[0],[]], [[1],\"a\"],\n\n## Page 2\n\n"
            "      and [[1,0],\"b\"].\n      This is useful for large inputs.\n\n   --slurp\n      Read it all.\n")
    entries = {t.term: t for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries}
    assert entries["--stream"].body == (Paragraph('Parse the input. For example, "a" becomes [[],"a"], and [[],"a",["b"]] '
                                                  'becomes [[0],[]], [[1],"a"], and [[1,0],"b"]. This is useful for large '
                                                  'inputs.'),)


def test_the_first_key_after_a_sentences_end_is_an_entry_when_the_next_is_one_too() -> None:
    """less's PDF: `... by entering two backslashes.` over `LEFTARROW [ ESC-h ]` over its
    text: the key ran into the sentence and its text stood alone."""
    text = ("LINE EDITING\n      Keys can be entered literally by entering two\n      backslashes.\n"
            "      LEFTARROW [ ESC-h ]\n            Move the cursor one space to the left.\n"
            "      RIGHTARROW [ ESC-l ]\n            Move the cursor one space to the right.\n")
    terms = [(t.term, t.description) for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert terms[0] == ("LEFTARROW [ ESC-h ]", "Move the cursor one space to the left.")


def test_a_paragraph_at_a_layout_lists_text_margin_after_it_goes_on_with_its_last_entry() -> None:
    """ncurses' infocmp in groff's HTML: `Before ncurses 5.0, the split between -e and -E
    ...` after `-E`'s row, at its text's margin, stood loose between the options."""
    def row(tag: str, text: str) -> str:
        return (f'<tr valign="top"><td width="11%"></td><td width="3%"><p><b>{tag}</b></p></td>'
                f'<td width="4%"></td><td width="82%"><p>{text}</p></td></tr>')
    page = ('<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body><h1>frob</h1>'
            '<h2>OPTIONS</h2><p style="margin-left:11%;">These options are known:</p>'
            f'<table width="100%" border="0" rules="none" frame="void">{row("-D", "Print the locations.")}'
            f'{row("-E", "Dump the capabilities as tables.")}</table>'
            '<p style="margin-left:18%; margin-top: 1em">Before version 5.0 the split was not needed.</p>'
            f'<table width="100%" border="0" rules="none" frame="void">{row("-e", "Dump them as an initializer.")}</table>'
            '<p style="margin-left:11%; margin-top: 1em">The rest is prose.</p></body></html>')
    terms = {t.term: t for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))
             if isinstance(b, Terms) for t in b.entries}
    assert terms["-E"].body == (Paragraph("Dump the capabilities as tables."),
                                Paragraph("Before version 5.0 the split was not needed."))
    assert terms["-e"].body == (Paragraph("Dump them as an initializer."),)


def test_what_stands_at_or_deeper_than_a_layout_lists_text_after_it_goes_on_with_its_last_entry() -> None:
    """ncurses' infocmp in groff's HTML: `-q`'s row (a spacer cell after its text), then
    a bullet over a table of bullets at its text's margin, stood loose after the options;
    `-i`'s `Here is a list ...:`, a picture, a sentence and its bullets, and `-Q`'s
    numbered values and example, too."""
    def row(tag: str, text: str, after: str = "") -> str:
        return (f'<tr valign="top"><td width="11%"></td><td width="3%"><p><b>{tag}</b></p></td>'
                f'<td width="4%"></td><td width="60%"><p>{text}</p></td>{after}</tr>')
    def bullets(indent: int, *items: str) -> str:
        return ('<table width="100%" border="0" rules="none" frame="void">' + "".join(
            f'<tr valign="top"><td width="{indent}%"></td><td width="2%"><p>&bull;</p></td><td width="5%"></td>'
            f'<td width="75%"><p>{item}</p></td></tr>' for item in items) + '</table>')
    layout, spacer = '<table width="100%" border="0" rules="none" frame="void">', '<td width="22%"></td>'
    page = ('<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body><h1>frob</h1>'
            f'<h2>OPTIONS</h2>{layout}{row("-i", "Analyze the strings.")}</table>'
            '<p style="margin-left:18%; margin-top: 1em">Here is a list of the sequences:</p>'
            '<p align="center" style="margin-top: 1em"><img src="grohtml-3.png" alt="Image grohtml-3.png"></p>'
            '<p style="margin-left:18%; margin-top: 1em">All may be prefixed with</p>'
            f'{bullets(18, "“+” (turn on) or", "“-” (turn off).")}'
            f'{layout}{row("-Q", "Print the compiled form:")}</table>'
            '<p style="margin-left:23%; margin-top: 1em">1</p>'
            '<table width="100%" border="0" rules="none" frame="void"><tr valign="top"><td width="23%"></td>'
            '<td width="2%"></td><td width="3%"></td><td width="34%"><p>hexadecimal</p></td><td width="38%"></td></tr>'
            '<tr valign="top"><td width="23%"></td><td width="2%"><p>2</p></td><td width="3%"></td>'
            '<td width="34%"><p>base64</p></td><td width="38%"></td></tr></table>'
            '<p style="margin-left:18%; margin-top: 1em">For example, this prints it as a string:</p>'
            '<pre style="margin-left:25%; margin-top: 1em">frob -0 -q -Q2</pre>'
            f'{layout}{row("-q", "This makes the output shorter:", spacer)}</table>'
            '<p style="margin-left:18%;">&bull;</p>'
            f'{bullets(18, "Omit subheadings.", "Omit the comment.").replace("<p>&bull;</p>", "", 1)}'
            f'{layout}{row("-s", "Sort the fields.")}</table>'
            '<p style="margin-left:11%; margin-top: 1em">The rest is prose.</p></body></html>')
    terms = {t.term: t for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))
             if isinstance(b, Terms) for t in b.entries}
    assert list(terms) == ["-i", "-Q", "-q", "-s"]
    assert terms["-i"].body[1] == Paragraph("Here is a list of the sequences:")
    assert terms["-i"].body[3:] == (Paragraph("All may be prefixed with"),
                                    ItemList((Item("“+” (turn on) or"), Item("“-” (turn off)."))))
    assert terms["-Q"].body[1:] == (ItemList((Item("hexadecimal"), Item("base64")), ordered=True),
                                    Paragraph("For example, this prints it as a string:"), Code("frob -0 -q -Q2"))
    assert terms["-q"].body[1:] == (ItemList((Item("Omit subheadings."), Item("Omit the comment."))),)
    assert terms["-s"].body == (Paragraph("Sort the fields."),)


def test_a_one_entry_layout_table_among_tag_paragraphs_keeps_the_text_after_it() -> None:
    """A protocol manual in groff's HTML: commands are tag paragraphs (`Oname` over its
    text, `Arguments` over `None`), but groff drew the short `S` as a one-row table, so
    its `Arguments` and `Reply` after it stood loose as commands of their own."""
    def entry(tag: str, text: str) -> str:
        return (f'<p style="margin-left:11%;"><b>{tag}</b></p><p style="margin-left:22%;">{text}</p>'
                '<p style="margin-left:22%;"><b>Arguments</b></p><p style="margin-left:32%;">A name.</p>')
    page = ('<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body><h1>frob</h1>'
            f'<h2>COMMANDS</h2>{entry("Oname", "Opens the name.")}'
            '<table width="100%" border="0" rules="none" frame="void"><tr valign="top"><td width="11%"></td>'
            '<td width="4%"><p><b>S</b></p></td><td width="7%"></td><td width="78%"><p>Returns the status.</p></td></tr>'
            '</table><p style="margin-left:22%;"><b>Arguments</b></p><p style="margin-left:32%;">None</p>'
            '<table width="100%" border="0" rules="none" frame="void"><tr valign="top"><td width="22%"></td>'
            '<td width="7%"><p><b>Reply</b></p></td><td width="3%"></td><td width="68%"><p>The status.</p></td></tr>'
            '</table><h2>BUGS</h2><p style="margin-left:11%;">None known.</p></body></html>')
    commands = next(b for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))
                    if isinstance(b, Terms) and b.entries[0].term == "Oname")
    assert [t.term for t in commands.entries] == ["Oname", "S"]
    assert commands.entries[1].body == (Paragraph("Returns the status."), Terms((
        Term("Arguments", (Paragraph("None"),)), Term("Reply", (Paragraph("The status."),)))))


def test_a_clause_groff_ran_into_the_first_tag_of_the_list_it_introduces_is_its_own_paragraph() -> None:
    """route's OUTPUT in groff's HTML: `The output ... is organized in the following
    columns <br>Destination` over Destination's text read as one entry whose term was
    the whole sentence."""
    page = ('<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body><h1>frob</h1>'
            '<h2>OUTPUT</h2><p style="margin-left:11%; margin-top: 1em">The output of the table is organized in '
            'the following columns <b><br>Destination</b></p><p style="margin-left:22%;">The destination host.</p>'
            '<p style="margin-left:11%;"><b>Gateway</b></p><p style="margin-left:22%;">The gateway address.</p>'
            '</body></html>')
    blocks = [b for _, b in walk(read_markdown(html.extract(page.encode(), ".html").text))]
    assert Paragraph("The output of the table is organized in the following columns") in blocks
    terms = next(b for b in blocks if isinstance(b, Terms))
    assert [t.term for t in terms.entries] == ["Destination", "Gateway"]


def _groff_rows(indent: int, column: int, *pairs: tuple[str, str]) -> str:
    """A layout table as groff draws one: each tag at `indent` %, its text at `column` %."""
    return ('<table width="100%" border="0" rules="none" frame="void">' + "".join(
        f'<tr valign="top"><td width="{indent}%"></td><td width="{column - indent - 1}%"><p>{tag}</p></td>'
        f'<td width="1%"></td><td width="{100 - column}%"><p>{text}</p></td></tr>' for tag, text in pairs) + '</table>')


def _nm_symbol_list(types: str) -> ItemList:
    """The bullets of an nm-like DESCRIPTION whose second bullet holds the layout `types`,
    groff's bare `•` after them heading the third, `The symbol name.`, as the page reads them."""
    page = ('<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body><h1>frob</h1>'
            '<h2>DESCRIPTION</h2><p style="margin-left:11%; margin-top: 1em">For each symbol, frob shows:</p>'
            + _groff_rows(11, 17, ("&bull;", "The symbol value."), ("&bull;", "The symbol type. These types are used:"))
            + types + '<p style="margin-left:17%; margin-top: 1em">The symbol name.</p>'
            '<h2>OPTIONS</h2><p style="margin-left:11%;">None.</p></body></html>')
    [section] = [s for s in sections(read_markdown(html.extract(page.encode(), ".html").text)) if s.title == "DESCRIPTION"]
    [listed] = [b for b in section.blocks if isinstance(b, ItemList)]
    assert [i.text for i in listed.items] == ["The symbol value.", "The symbol type. These types are used:",
                                              "The symbol name."]
    return listed


def test_a_bullet_in_a_nested_lists_last_row_is_the_next_item_of_the_list_around_it() -> None:
    """nm's DESCRIPTION: bullets `The symbol value ...`, `The symbol type ...` over the
    table of types (at the bullets' text margin), whose last row is a bare `•`, then
    `The symbol name ...` after the table: the types and the name stood loose after
    the list, the name as a paragraph of its own."""
    listed = _nm_symbol_list(_groff_rows(17, 23, ("&quot;A&quot;", "The value is absolute."),
                                         ("&quot;B&quot;", "The symbol is in BSS."), ("&bull;", "")))
    assert [t.term for b in listed.items[1].children if isinstance(b, Terms) for t in b.entries] == ['"A"', '"B"']


def test_a_manual_pages_footer_left_under_its_last_section_is_no_content() -> None:
    """callgrind_annotate's footer `Release 3.19.0   08/28/2022   CALLGRIND ANNOTATE(1)`,
    read as a nested entry under AUTHOR, came onto the page as `* **Release 3.19.0**`."""
    text = ("NAME\n       frob - annotate frob output\n\nAUTHOR\n       Jane Roe <jane@example.org>.\n\n"
            "Release 3.19.0                    08/28/2022             FROB ANNOTATE(1)\n")
    man = read_manpage(read_text(text))
    assert man is not None
    [author] = [s for s in man.content if s.title == "AUTHOR"]
    assert author.blocks == (Paragraph("Jane Roe <jane@example.org>."),)


def test_line_broken_addresses_in_groffs_html_are_contacts_not_code() -> None:
    """gzip's REPORTING BUGS (`Report bugs to: bug-gzip@...<br>GNU gzip home page:
    <https://...>`) and infocmp's AUTHOR (`Jane Roe <jane@...> and<br>John Doe <...>`)
    came onto the pages as code blocks: the brackets and slashes of their addresses
    read as no-fill code."""
    page = ('<html><head><meta name="generator" content="groff -Thtml, see www.gnu.org"></head><body>'
            '<h2>NAME</h2><p style="margin-left:11%;">frob - frob files</p>'
            '<h2>REPORTING BUGS</h2><p style="margin-left:11%; margin-top: 1em">Report bugs to: bug-frob@example.org <br>'
            'Frob home page: &lt;https://frob.example/&gt; <br>General help using Frob: &lt;https://frob.example/help/&gt;</p>'
            '<h2>AUTHOR</h2><p style="margin-left:11%; margin-top: 1em">Jane Roe &lt;jane@example.org&gt; and <br>'
            'John Doe &lt;john@example.org&gt;</p>'
            '<h2>EXAMPLES</h2><p style="margin-left:11%; margin-top: 1em">frob -x a.frob <br>frob -y b.frob</p>'
            '</body></html>')
    man = read_manpage(read_markdown(html.extract(page.encode(), ".html").text))
    assert man is not None
    blocks = {s.title: s.blocks for s in man.content}
    assert blocks["REPORTING BUGS"] == (ItemList((Item("Report bugs to: bug-frob@example.org"),
                                                  Item("Frob home page: https://frob.example/"),
                                                  Item("General help using Frob: https://frob.example/help/"))),)
    assert man.bugs == "Report bugs to: bug-frob@example.org"
    assert blocks["AUTHOR"] == (Paragraph("Jane Roe <jane@example.org> and John Doe <john@example.org>"),)
    assert blocks["EXAMPLES"] == (Code("frob -x a.frob\nfrob -y b.frob"),)


def test_a_manual_pages_own_name_alone_at_its_foot_is_no_content() -> None:
    """tic's text page ends with its footer `tic(1)` alone at the right margin: it came
    onto the page as a code block under the authors. Another page's name there is kept."""
    def author(footer: str) -> tuple[object, ...]:
        text = ("tic(1)            General Commands Manual            tic(1)\n\nNAME\n       tic - compile frobs\n\n"
                "AUTHOR\n       Jane Roe <jane@example.org> and\n       John Doe <john@example.org>\n\n"
                f"{' ' * 60}{footer}\n")
        man = read_manpage(read_text(text))
        assert man is not None
        [section] = [s for s in man.content if s.title == "AUTHOR"]
        return section.blocks
    assert len(author("tic(1)")) == 1
    assert len(author("frob(1)")) == 2


def test_a_bsd_pages_footer_of_the_system_each_side_of_its_date_is_no_content() -> None:
    """tmux's and ssh's text pages end on `BSD    January 1, 1970    BSD`: it came onto
    their pages as an entry `BSD` over a table of the date, under the author."""
    text = ("FROB(1)                   BSD General Commands Manual                  FROB(1)\n\nNAME\n"
            "     frob - frob files\n\nSYNOPSIS\n     frob [-v] file\n\nDESCRIPTION\n     frob frobs files.\n\n"
            "AUTHORS\n     Jane Roe <jane@example.org>\n\nBSD                             January 1, 1970"
            "                            BSD\n")
    man = read_manpage(read_text(text))
    assert man is not None
    [authors] = [s for s in man.content if s.title == "AUTHORS"]
    said = " ".join(block_text(b) for _, b in walk(Outline((), (authors,))))
    assert "Jane Roe" in said and "1970" not in said and "BSD" not in said


def test_a_lone_line_with_a_justifiers_gap_is_a_sentence_not_an_entry() -> None:
    """tic's PORTABILITY: the bullet `The NetBSD tic  supports a few of the ncurses
    options` (two spaces) alone between blank lines became a one-row table of a term
    `The NetBSD tic` and its description. An option alone so is still an entry."""
    text = ("PORTABILITY\n       Aside from -c, options are not portable:\n\n"
            "       •   Most options are not supported by the old frob:\n\n           -0 -1 -C\n\n"
            "       •   The Other frob  supports a few of the options\n\n           -a -o\n\n"
            "OPTIONS\n       -q  Quiet.\n\n       Nothing else.\n")
    doc = read_text(text)
    assert not [t.term for _, b in walk(doc) if isinstance(b, Terms) for t in b.entries if t.term != "-q"]
    assert "The Other frob supports a few of the options" in [i.text for _, b in walk(doc)
                                                             if isinstance(b, ItemList) for i in b.items]
    assert [t.term for _, b in walk(doc) if isinstance(b, Terms) for t in b.entries] == ["-q"]


def test_a_label_over_dotted_names_one_a_description_is_code() -> None:
    """pydoc's HTML through pandoc: `Method resolution order:` over `: [FrobHandler](...)`,
    `: [frob.Handler](...)`, `: [builtins.object](...)` was a table row of names run
    together; the text version of the same reference sets them one a line."""
    text = ("# class FrobHandler(frob.Handler)\n\nMethod resolution order:\n:   [FrobHandler](x.html#FrobHandler)\n"
            ":   [frob.Handler](frob.html#Handler)\n:   [builtins.object](builtins.html#object)\n\n"
            "Authors:\n:   Jane\n:   John\n")
    [section] = read_markdown(text).sections
    assert section.blocks[:2] == (Paragraph("Method resolution order:"),
                                  Code("FrobHandler\nfrob.Handler\nbuiltins.object"))
    assert isinstance(section.blocks[2], Terms) and section.blocks[2].entries[0].term == "Authors:"
    # (http's `HTTPSConnection`, `HTTPConnection`, `builtins.object`: one name dotted is enough)
    mro = read_markdown("# class B(A)\n\nMethod resolution order:\n:   B\n:   A\n:   builtins.object\n").sections[0]
    assert mro.blocks == (Paragraph("Method resolution order:"), Code("B\nA\nbuiltins.object"))


def test_a_tag_as_long_as_its_lists_column_leaving_one_space_is_an_entry() -> None:
    """logging's pydoc: `%(relativeCreated)d Time in milliseconds ...` (one space: the
    tag fills the column) between `%(msecs)d           Millisecond ...` and
    `%(thread)d          Thread ID` split the list in two around a paragraph."""
    text = ("FORMATS\n    %(created)f         Time when the record was created\n"
            "    %(msecs)d           Millisecond portion of the creation time\n"
            "    %(relativeCreated)d Time in milliseconds when the record was created,\n"
            "                        relative to the time the module was loaded\n"
            "    %(thread)d          Thread ID (if available)\n    %(process)d         Process ID (if available)\n")
    terms = [(t.term, t.description) for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert terms == [("%(created)f", "Time when the record was created"),
                     ("%(msecs)d", "Millisecond portion of the creation time"),
                     ("%(relativeCreated)d", "Time in milliseconds when the record was created, relative to the time "
                                             "the module was loaded"),
                     ("%(thread)d", "Thread ID (if available)"), ("%(process)d", "Process ID (if available)")]


def test_a_tag_filling_its_column_between_blank_lines_before_a_number_is_an_entry() -> None:
    """groff's `-T`: `X75    75dpi resolution ...`, a blank line, `X75-12 75dpi
    resolution ...` (one space), a blank line, `X100   100dpi ...`: the middle entry
    stood as a paragraph and split the list in two."""
    text = ("OPTIONS\n       -T dev Set the device. These select the viewer:\n\n"
            "                     X75    75dpi resolution, 10pt base font.\n\n"
            "                     X75-12 75dpi resolution, 12pt base font.\n\n"
            "                     X100   100dpi resolution, 10pt base font.\n\n"
            "                     X100-12\n                            100dpi resolution, 12pt base font.\n")
    [option] = [t for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    terms = [(t.term, t.description) for b in option.body if isinstance(b, Terms) for t in b.entries]
    assert terms == [("X75", "75dpi resolution, 10pt base font."), ("X75-12", "75dpi resolution, 12pt base font."),
                          ("X100", "100dpi resolution, 10pt base font."), ("X100-12", "100dpi resolution, 12pt base font.")]


def test_a_title_run_together_with_its_underline_is_the_title() -> None:
    """http.cookies' docstring through pydoc's HTML and pandoc: `The Basics ----------`,
    a reST title and its underline on one line, read as a sentence with a rule in it,
    then as a paragraph: it heads what follows. Its examples, fenced with the
    docstring's margin (`   >>> from frob import x`), keep no margin."""
    [section] = read_markdown("# frob\n\nThe Basics ----------\n\nImporting is easy.\n\n```\n   >>> import frob\n"
                              "   >>> frob.x(\n   ...   1)\n```\n\nA - B --- C\n\n* Item\n\n  Sub ---\n").sections
    assert section.blocks == ()
    [basics] = section.sections
    assert basics.title == "The Basics" and basics.blocks[:3] == (
        Paragraph("Importing is easy."), Code(">>> import frob\n>>> frob.x(\n...   1)"), Paragraph("A - B --- C"))
    assert basics.blocks[3] == ItemList((Item("Item", (Paragraph("Sub"),)),))


def test_options_under_a_label_are_entries_when_their_texts_are_words() -> None:
    """xgettext's manual: `Output file location:` over `-d, --default-domain=NAME` over
    `use NAME.po for output (instead of messages.po)`: the lower-case texts, no sentences,
    made the list read as code."""
    text = ("DESCRIPTION\n       Extract translatable strings from given input files.\n\n   Output file location:\n"
            "       -d, --default-domain=NAME\n              use NAME.po for output (instead of messages.po)\n\n"
            "       -o, --output=FILE\n              write output to specified file\n\n"
            "       -p, --output-dir=DIR\n              output files will be placed in directory DIR\n")
    outline = read_text(text)
    assert not [b for _, b in walk(outline) if isinstance(b, Code)]
    terms = [(t.term, t.description) for _, b in walk(outline) if isinstance(b, Terms) for t in b.entries]
    assert ("-o, --output=FILE", "write output to specified file") in terms


def test_a_note_after_a_quoted_list_of_values_is_not_the_last_values() -> None:
    """cmake's CMAKE_INSTALL_MODE: its values in a block quote (`**COPY**` over its text),
    then `**NOTE:**` and the note outside the quote; the note was read as the last
    value's text, as if it were about that value only."""
    text = ("# Values\n\n> **COPY**  \n> Copy the file.\n>\n> **LINK**  \n> Make a link to the file.\n>\n"
            "> A link may be relative.\n\n**NOTE:**\n\n> > A link names a path, not contents.\n\n# Next\n\nText.\n")
    [values] = [b for _, b in walk(read_markdown(text)) if isinstance(b, Terms)]
    assert [(e.term, [b.text for b in e.body if isinstance(b, Paragraph)]) for e in values.entries] == [
        ("COPY", ["Copy the file."]), ("LINK", ["Make a link to the file.", "A link may be relative."])]
    assert "Note: A link names a path, not contents." in [
        b.text for _, b in walk(read_outline(text, ".md")) if isinstance(b, Paragraph)]


def test_a_tag_line_over_text_quoted_under_it_is_an_entry() -> None:
    """xdg-mime's manual as pandoc writes it: `**--mode** *mode*`, `FROB_LEVEL` or an
    exit status `1`, each a paragraph alone over its text in a block quote; they were
    paragraphs, tag and text apart (`1` / `2` / `3` / `4` / `The action failed.`)."""
    text = ("# OPTIONS\n\n**--mode** *mode*\n\n> *mode* can be *user* or *system*.\n>\n> The default is system mode.\n\n"
            "**--help**\n\n> Show the synopsis.\n\n# ENVIRONMENT\n\nFROB_LEVEL\n\n> How much frob says.\n\n"
            "# EXIT CODES\n\n1\n\n> Error in command line syntax.\n\n2\n\n> A file did not exist.\n\n"
            "# NOTES\n\nSee the manual\n\n> for more.\n\nAs the author said:\n\n> Frob well.\n")
    entries = [(e.term, e.description) for _, b in walk(read_markdown(text)) if isinstance(b, Terms) for e in b.entries]
    assert entries == [("--mode mode", "mode can be user or system."), ("--help", "Show the synopsis."),
                       ("FROB_LEVEL", "How much frob says."), ("1", "Error in command line syntax."),
                       ("2", "A file did not exist.")]


def test_paragraphs_each_opening_with_the_next_mark_of_a_series_are_one_list() -> None:
    """term(5)'s six parts (`a) header,` ... `f) string table.`) and its header's six
    integers (`(1) the magic number;` ...), a paragraph each as pandoc wrote them: the
    page showed twelve one-line paragraphs. A lone `a) ...` or marks out of order stay."""
    text = ("# T\n\nThe file has four parts:\n\n> a\\) *header*,  \n>\n> b\\) *names*,  \n>\n> c\\) *flags*, and  \n>\n"
            "> d\\) *strings*.\n\nThe header holds\n\n(1) the magic number;\n\n(2) the size;\n\n(3) the count.\n\n"
            "a) one thing.\n\nThen text.\n\n(2) out of order;\n\n(1) again;\n\n(3) and more.\n")
    lists = [[i.text for i in b.items] for _, b in walk(read_outline(text, ".md")) if isinstance(b, ItemList)]
    assert lists == [["a) header,", "b) names,", "c) flags, and", "d) strings."],
                     ["(1) the magic number;", "(2) the size;", "(3) the count."]]


def test_a_list_groff_broke_after_an_entrys_paragraphs_goes_on_in_the_item() -> None:
    """nm's symbol types: after `"i"`, two paragraphs of its text at the descriptions'
    column; groff then set the rest of the types (`"I"` ... `"?"`) in a table further
    left, which read as a list of its own outside the bullet `The symbol type`, and the
    paragraphs stayed loose in that item instead of under `"i"`."""
    listed = _nm_symbol_list(
        _groff_rows(17, 23, ("&quot;A&quot;", "The value is absolute."), ("&quot;i&quot;", "For PE files, a DLL section."))
        + '<p style="margin-left:23%; margin-top: 1em">For ELF files, an indirect function.</p>'
        + '<p style="margin-left:23%; margin-top: 1em">Note - the option --ifunc-chars sets how it shows.</p>'
        + _groff_rows(11, 23, ("&quot;I&quot;", "An indirect reference."), ("&quot;U&quot;", "The symbol is undefined."),
                      ("&bull;", "")))
    [types] = [b for b in listed.items[1].children if isinstance(b, Terms)]
    assert [t.term for t in types.entries] == ['"A"', '"i"', '"I"', '"U"']
    assert [block_text(b) for b in types.entries[1].body] == [
        "For PE files, a DLL section.", "For ELF files, an indirect function.", "Note - the option --ifunc-chars sets how it shows."]


def test_short_lines_each_broken_where_they_end_are_a_list() -> None:
    """term(5)'s AUTHORS as pandoc writes it: `Jane Roe` over what she added, a line
    each, each ended by a hard break; read as one paragraph they ran together (`Jane Roe
    extended terminfo format for frob 5.0 hashed database support ...`). Lines that end
    sentences, and two lines only, stay a paragraph."""
    text = ("# AUTHORS\n\nJane Roe  \nextended format for frob 5.0  \nhashed database support for frob 5.6  \n"
            "extended number support for frob 6.1\n\nJohn Doe  \ndocumented the legacy format.\n\n"
            "It reads files.  \nIt writes them.  \nIt frobs them.\n\nBEGIN END  \nexpression  \nexpression, expression\n\n"
            "/usr/share/frob/a.tmac  \n/usr/share/frob/tmac.a  \nMacro files\n")
    blocks = read_markdown(text).sections[0].blocks
    assert blocks == (ItemList((Item("Jane Roe", (ItemList(tuple(Item(t) for t in (
        "extended format for frob 5.0", "hashed database support for frob 5.6", "extended number support for frob 6.1"))),)),)),
                      Paragraph("John Doe documented the legacy format."),
                      Paragraph("It reads files. It writes them. It frobs them."),
                      ItemList(tuple(Item(t) for t in ("BEGIN END", "expression", "expression, expression"))),
                      Terms((Term("/usr/share/frob/a.tmac, /usr/share/frob/tmac.a", (Paragraph("Macro files"),)),)))


def test_a_sentence_introducing_a_second_example_is_taken_out_of_the_code() -> None:
    """term(5): the terminal's description, then `and a hexadecimal dump of the compiled
    terminal description:` indented like it, then the dump: one code block with a
    sentence inside. A colon-ended line of code (`else:`) stays in its code."""
    text = ("# EXAMPLE\n\nHere is a description:\n\n    frob|frob terminal,\n        am, cols#80,\n\n"
            "    and a hexadecimal dump of the compiled terminal description:\n\n      1a 01 10 00  ..1.\n"
            "    0010  61 7c  a|ls\n\nAnd code:\n\n    if x:\n        y()\n\n    else:\n\n        z()\n")
    blocks = read_outline(text, ".md").sections[0].blocks
    assert blocks[1:4] == (Code("frob|frob terminal,\n    am, cols#80,"),
                           Paragraph("and a hexadecimal dump of the compiled terminal description:"),
                           Code("  1a 01 10 00  ..1.\n0010  61 7c  a|ls"))
    assert isinstance(blocks[-1], Code) and "else:" in blocks[-1].text


def test_a_references_members_each_on_a_line_of_its_own_are_code() -> None:
    """logging's pydoc made Markdown: `**CONVERT_PATTERN** =` over its value, then
    `**DIGIT_PATTERN** = ...` on the next line, with no hard break between them, and the
    methods `**convert**(self,` / `value)` likewise: each ran into one sentence."""
    text = ("# T\n\nData and other attributes defined here:  \n**FROB\\_PATTERN** =\nre.compile('^x$')\n"
            "**PORT** = 9030\n**value\\_converters** = {'cfg': 'cfg\\_convert', 'ext':\n'ext\\_convert'}\n\n"
            "Methods defined here:  \n**convert**(self,\nvalue)\n**convert\\_with\\_key**(self,\nkey, value)\n\n"
            "This is **bold** (as said)\nand a sentence.\n")
    assert read_markdown(text).sections[0].blocks == (
        Paragraph("Data and other attributes defined here:"),
        Code("FROB_PATTERN = re.compile('^x$')\nPORT = 9030\nvalue_converters = {'cfg': 'cfg_convert', 'ext': 'ext_convert'}"),
        Paragraph("Methods defined here:"), Code("convert(self, value)\nconvert_with_key(self, key, value)"),
        Paragraph("This is bold (as said) and a sentence."))


def test_a_changes_trailers_say_who_and_which_ticket_not_what_changed() -> None:
    """curl's changelog: `Reported-by:`, `Fixes #10561` and `Closes #10562` under a change
    were left out, but `Fixed #10502` was not, and came onto the page with its `Closes`."""
    text = ("Changelog\n\nVersion 1.2.0 (14 Feb 2023)\n\nJane Roe (13 Feb 2023)\n\n- frob: rename 'errcode_t' to 'sslerr_t'\n\n"
            "  Turns out a system header typedefs this type.\n\n  Reported-by: John Doe\n  Fixed #10502\n  Closes #10500\n\n"
            "- socketpair: allow EWOULDBLOCK\n\n  Reported-by: Jane Roe\n  Fixes #10561\n  Closes #10562\n")
    [release] = read_releases(text, read_outline(text, ".txt"))
    assert [c.text for c in release.changes] == [
        "frob: rename 'errcode_t' to 'sslerr_t'. Turns out a system header typedefs this type.",
        "socketpair: allow EWOULDBLOCK"]


def test_a_method_another_one_is_stands_among_its_class_methods() -> None:
    """http.cookies' pydoc: `__str__ = output(self, attrs=None, ...)` between
    `__setitem__` and `js_output` broke the method list as a loose paragraph; urllib's
    `https_request = http_request(self, req)` likewise. Data set by a call stays data."""
    text = ("# T\n\n**\\_\\_setitem\\_\\_**(self, key, value)\n:   Dictionary style assignment.\n\n"
            "**\\_\\_str\\_\\_** = [output](#B-output)(self, attrs=None,\nheader='Set-Cookie:')\n\n"
            "**js\\_output**(self, attrs=None)\n:   Return a string.\n\nlimit = f(1)\n")
    terms, data = read_markdown(text).sections[0].blocks
    assert isinstance(terms, Terms) and [(t.term, block_text(t.body[0])) for t in terms.entries] == [
        ("__setitem__(self, key, value)", "Dictionary style assignment."),
        ("__str__(self, attrs=None, header='Set-Cookie:')", "The same as output()."),
        ("js_output(self, attrs=None)", "Return a string.")]
    assert data == Paragraph("limit = f(1)")


def test_a_numbered_item_whose_text_wrapped_under_its_number_keeps_its_number() -> None:
    """curl's config search order as converted: `2)` alone on its line over
    `"$XDG_CONFIG_HOME/.curlrc"`, which CommonMark reads as an empty item and a
    paragraph: the page showed items 2 and 3 as loose paragraphs between 1 and 4."""
    order = ('1) "$FROB_HOME/.frobrc"\n\n2)\n"$XDG_CONFIG_HOME/.frobrc" (Added in 7.73.0)\n\n3)\n"$HOME/.frobrc"\n\n'
             '4) Windows:\n"%APPDATA%\\\\.frobrc"\n')
    [top] = [b for b in read_markdown(f"# T\n\nIn this order:\n\n{order}").sections[0].blocks if isinstance(b, ItemList)]
    texts = ['"$FROB_HOME/.frobrc"', '"$XDG_CONFIG_HOME/.frobrc" (Added in 7.73.0)', '"$HOME/.frobrc"',
             'Windows: "%APPDATA%\\.frobrc"']
    assert top == ItemList(tuple(Item(t) for t in texts), True, 1)
    entry = "# T\n\n**-K**\n:   In this order:\n\n" + "".join(f"    {line}\n" if line else "\n" for line in order.split("\n"))
    [option] = [b for b in read_markdown(entry).sections[0].blocks if isinstance(b, Terms)]
    assert [(i.text, b.start + n) for b in option.entries[0].body if isinstance(b, ItemList)
            for n, i in enumerate(b.items)] == list(zip(texts, range(1, 5), strict=True))


def test_a_key_and_its_sentence_on_one_line_after_keys_is_their_last_entry() -> None:
    """less's line editing keys end on `^G Delete the entire command line ...`, one line
    with one space after the key, after `^U ...` over its text: it stood apart from the
    table as a paragraph."""
    text = ("LINE EDITING\n      ^L Complete the partial filename to the left of the cursor. If it matches more than\n"
            "            one, all matches are entered into the command line.\n"
            "      ^U (Unix) or ESC (MS-DOS)\n            Delete the entire command line, or cancel the command.\n"
            "      ^G Delete the entire command line and return to the main prompt.\n")
    terms = [t.term for _, b in walk(read_text(text)) if isinstance(b, Terms) for t in b.entries]
    assert terms[-1] == "^G" and len(terms) == 3


def test_a_sentence_introducing_a_releases_list_is_its_opening_not_a_label() -> None:
    """pydantic's 2.13.0b1: `Notable changes include:` over three items was left out as
    a label (`Bug fixes:`), the items then under nothing that said what they were."""
    text = ("# Changelog\n\n## v2.13.0b1 (2026-02-23)\n\nThe first beta of 2.13.\n\nNotable changes include:\n\n"
            "* A new option.\n* A merged repository.\n\nBug fixes:\n\n* Fix the frob.\n\n## v2.12.0 (2026-01-10)\n\n"
            "* Older change.\n")
    [newest, _] = read_releases(text, read_outline(text, ".md"))
    assert [c.text for c in newest.changes] == [
        "The first beta of 2.13.", "Notable changes include:", "A new option.", "A merged repository.", "Fix the frob."]


def test_a_changes_subject_line_stands_apart_from_its_text() -> None:
    """lsof's 4.95.0: `[n+obsd] fix syntax error` over `Corrected end of comment.` read
    `fix syntax error Corrected end of comment.`; a line broken where its next word would
    have fit ends a subject, one broken at the margin runs on."""
    text = ("frob change log\n\n4.95.0\t\tApril 28, 2022\n\n\t\t[n+obsd] fix syntax error\n\t\tCorrected end of comment.\n"
            "\t\tThis change closes #138 and was reported by a\n\t\tFrobnicator user in the tracker.\n\n"
            "4.94.0\t\tNovember 11, 2020\n\n\t\tFixed the frob table.\n")
    [newest, _] = read_releases(text, read_outline(text, ".txt"))
    assert newest.changes[0].text == ("[n+obsd] fix syntax error — Corrected end of comment. This change closes #138 and "
                                      "was reported by a Frobnicator user in the tracker.")
