"""The page contract of the offline engine on a small tool's documentation: a manual
page, the manual page of its configuration file and its NEWS.

What a reader needs stays, in order: the NAME line whole as the lead, the usage forms
in a code block, options as term -> description (one row per option, `-a` and `-A`
apart, forms given on two lines joined), the companion file's page under its own
heading after the tool's own sections, See Also, the newest release with its
changes; nothing a manual page says in passing (`Closes: #1234`) becomes an attribute,
and what the companion says again (the same bug tracker) is not repeated.
"""

from __future__ import annotations

from conftest import drop

from wikid import Project
from wikid.okf.page import split_page

FROB_1 = b"""\
FROB(1)                     User Commands                    FROB(1)

NAME
       frob - reshape data files in place

SYNOPSIS
       frob [-aA] [-o file] input...

DESCRIPTION
       Frob reads each input file and writes it back reshaped. It never
       changes a file it cannot read back.

OPTIONS
       -a     Reshape all columns.

       -A     Reshape no column; only check the input.

       -o file
       --output=file
              Write the result to file instead of in place.

BUGS
       Closes: #1234 was the last bug reported.

       https://bugs.example.org/frob/issues

SEE ALSO
       frob.conf(5), sed(1)
"""

FROB_CONF_5 = b"""\
FROB.CONF(5)                 File Formats                 FROB.CONF(5)

NAME
       frob.conf - configuration file for frob

SYNOPSIS
       /etc/frob.conf

DESCRIPTION
       The file holds one setting per line. Lines starting with a hash are
       comments.

SETTINGS
       width  The number of columns frob writes.

       quiet  Whether frob prints its progress.

BUGS
       https://bugs.example.org/frob/issues
"""

NEWS = b"""\
frob NEWS

* Noteworthy changes in release 2.1 (2026-03-02)

  * New option -A checks the input without writing.
  * frob no longer follows symbolic links.

* Noteworthy changes in release 2.0 (2025-11-20)

  * The configuration file moved to /etc/frob.conf.
"""


def test_a_tools_page_carries_its_manual_its_companion_and_its_news(project: Project) -> None:
    drop(project, "frob.1.txt", FROB_1)
    drop(project, "frob.conf.5.txt", FROB_CONF_5)
    drop(project, "NEWS.txt", NEWS)
    report = project.update()
    pages = {f.page for f in report.files}
    assert len(pages) == 1, [(f.input, f.page) for f in report.files]
    meta, body = split_page((project.paths.wiki / pages.pop()).read_text())
    assert meta["title"] == "frob"
    assert body.lstrip().startswith("**frob** — reshape data files in place.")
    assert "# Usage\n\n```\nfrob [-aA] [-o file] input...\n```" in body
    assert "| -a | Reshape all columns. |" in body
    assert "| -A | Reshape no column; only check the input. |" in body
    assert "| -o file, --output=file | Write the result to file instead of in place.[^frob-1] |" in body
    headings = [line for line in body.splitlines() if line.startswith("#")]
    companion = headings.index("# frob.conf")
    assert headings.index("# Options") < companion < headings.index("# Recent Changes")
    assert "frob.conf — configuration file for frob" in body and "| width | The number of columns frob writes. |" in body
    assert "# See Also\n\nsed(1)" in body  # frob.conf(5) is on the page itself
    assert "## 2.1 — 2026-03-02" in body and "* New option -A checks the input without writing." in body
    assert "Closes" not in body.split("# Usage")[0]  # no attribute from a bug number
    assert body.count("https://bugs.example.org/frob/issues") == 1  # the companion's Bugs section says it again
