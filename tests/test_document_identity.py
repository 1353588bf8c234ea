"""wikid.document.identity: a document's title, kind, subjects, entity type, date and author.

Covers `identify` on manual pages (groff text with an indented body, PDF text without
blank lines, an asciidoc-like `## NAME` page, an mdoc `**NAME**` page, sections 1, 3,
5, 7 and 8), pydoc texts (module, package, class), a Debian package changelog, a GNU
ChangeLog, titles from the file's properties (file names and placeholders rejected),
frontmatter, lead headings after navigation and badges, centred and first lines,
field lines that are never titles, dates and authors; and the helpers `title_problem`,
`clean_title`, `title_parts`, `subject_names` and `kind_of_title`. The package READMEs
section: badges beside a title, generic section headings, a subject from a definition
or from the package installed, and what an untitled document is called
(bench/heldout.py's corpora e and f measure the same on real READMEs).
"""

from __future__ import annotations

from datetime import date

import pytest

from wikid.document.blocks import parse
from wikid.document.furniture import main_blocks
from wikid.document.identity import (
    Identity,
    clean_title,
    generic_title,
    identify,
    kind_of_title,
    opening_title,
    subject_names,
    title_parts,
    title_problem,
)
from wikid.document.packages import installed_names


def ident(text: str, info: dict[str, str] | None = None, frontmatter: str | None = None) -> Identity:
    return identify(text, main_blocks(parse(text)), info, frontmatter)


# --- manual pages -----------------------------------------------------------------

GROFF_PAGE = """\
FROB(1)                      User Commands                      FROB(1)

NAME
       frob - twiddle the bits of a file

SYNOPSIS
       frob [-v] FILE...

DESCRIPTION
       frob reads each FILE and twiddles its bits in place.

SEE ALSO
       twiddle(5)
"""

PDF_PAGE = """\
FROB(1) User Commands FROB(1)
NAME
frob, unfrob - twiddle the bits of a file
SYNOPSIS
frob [-v] FILE...
DESCRIPTION
frob reads each FILE and twiddles its bits in place.
"""

ASCIIDOC_PAGE = """\
## NAME

frob - twiddle the bits of a file

## SYNOPSIS

*frob* [*-v*] _FILE_...
"""

MDOC_PAGE = """\
FROB(8) System Manager's Manual FROB(8)

**NAME**

**frob** – twiddle the bits of a file

**SYNOPSIS**

**frob** [**-v**] *file*
"""


@pytest.mark.parametrize(
    ("page", "entity_type"),
    [(GROFF_PAGE, "Command"), (PDF_PAGE, "Command"), (ASCIIDOC_PAGE, "Command"), (MDOC_PAGE, "Command")],
    ids=["groff", "pdf", "asciidoc", "mdoc"],
)
def test_manual_pages_are_named_by_their_name_line(page: str, entity_type: str) -> None:
    assert ident(page) == Identity(
        title="frob — twiddle the bits of a file", kind="manual page", subjects=("frob",),
        entity_type=entity_type, date=None, author=None)


@pytest.mark.parametrize(
    ("section", "entity_type"),
    [("1", "Command"), ("8", "Command"), ("3", "Library Function"), ("3p", "Library Function"),
     ("5", "File Format"), ("7", "Topic")],
)
def test_manual_section_gives_the_entity_type(section: str, entity_type: str) -> None:
    page = f"FROBRC({section})    Frob Manual    FROBRC({section})\n\nNAME\n       frobrc - frob settings\n"
    identity = ident(page)
    assert (identity.title, identity.subjects, identity.entity_type) == ("frobrc — frob settings", ("frobrc",), entity_type)


def test_a_name_section_without_a_name_line_is_not_a_manual_page() -> None:
    page = "NAME\n       the name of the project is still open\n\nNotes follow.\n"
    assert ident(page).kind is None


def test_a_manual_page_ignores_the_file_title_property_as_its_title() -> None:
    identity = ident(GROFF_PAGE, {"title": "Bit Twiddler Handbook"})
    assert identity.title == "frob — twiddle the bits of a file"
    assert identity.kind == "manual page"
    assert identity.subjects == ("frob", "Bit Twiddler")  # the stated title's names follow


# --- pydoc ------------------------------------------------------------------------

PYDOC_MODULE = """\
Help on module quux:

NAME
    quux - Helpers for quuxing data

DESCRIPTION
    Quuxing turns rows into columns.

FUNCTIONS
    quux(rows)
"""


def test_pydoc_module_page() -> None:
    assert ident(PYDOC_MODULE) == Identity(
        title="quux — Helpers for quuxing data", kind="module reference", subjects=("quux",),
        entity_type="Module", date=None, author=None)


def test_pydoc_package_page_in_a_parent_package() -> None:
    text = "Help on package quux.io in quux:\n\nNAME\n    quux.io\n\nDESCRIPTION\n    Readers and writers.\n"
    identity = ident(text)
    assert (identity.title, identity.kind, identity.subjects, identity.entity_type) == (
        "quux.io", "module reference", ("quux.io",), "Module")


@pytest.mark.parametrize(
    ("first_line", "name", "entity_type"),
    [("Help on class Grid in module quux:", "Grid", "Class"),
     ("Help on function flip in module quux:", "flip", "Function"),
     ("Help on built-in function spin in module quux:", "spin", "Function")],
)
def test_pydoc_class_and_function_pages(first_line: str, name: str, entity_type: str) -> None:
    identity = ident(f"{first_line}\n\n{name}(rows)\n    Does the work.\n")
    assert (identity.title, identity.kind, identity.subjects, identity.entity_type) == (
        name, "module reference", (name,), entity_type)


# --- changelogs -------------------------------------------------------------------

DEBIAN_CHANGELOG = """\
libfrob (2.1-3) unstable; urgency=medium

  * Fix a crash when the input is empty.
  * Update the watch file.

 -- Jane Roe <jane@example.org>  Tue, 05 Mar 2024 10:11:12 +0100

libfrob (2.1-2) unstable; urgency=low

  * Initial upload.

 -- Jane Roe <jane@example.org>  Mon, 01 Jan 2024 09:00:00 +0100
"""

GNU_CHANGELOG = """\
2024-03-05  Jane Roe  <jane@example.org>

\t* src/frob.c (twiddle): Handle empty input.

2024-02-01  John Doe  <john@example.org>

\t* configure.ac: Bump the version.
"""


def test_debian_changelog_is_named_by_its_package_and_dated_by_its_first_trailer() -> None:
    assert ident(DEBIAN_CHANGELOG) == Identity(
        title="libfrob changelog", kind="changelog", subjects=("libfrob",), entity_type=None,
        date=date(2024, 3, 5), author=None)


def test_a_debian_news_file_of_notices_is_named_so() -> None:
    """tmux's and gdb's NEWS.Debian (upgrade notices in the changelog's format, no `  * `
    items) were titled `tmux changelog` and shown as package releases beside the real
    changelog's."""
    news = ("libfrob (2.1-1) experimental; urgency=medium\n\n  Please restart frobd entirely after upgrading to 2.1:\n"
            "  an old server and a new client will not work together.\n\n"
            " -- Jane Roe <jane@example.org>  Tue, 05 Mar 2024 10:11:12 +0100\n")
    assert ident(news) == Identity(title="libfrob Debian news", kind="news", subjects=("libfrob",), entity_type=None,
                                   date=date(2024, 3, 5), author=None)


def test_gnu_changelog_is_a_change_log_dated_by_its_first_entry() -> None:
    assert ident(GNU_CHANGELOG, {"author": "Jane Roe"}) == Identity(
        title="Change log", kind="changelog", subjects=(), entity_type=None, date=date(2024, 3, 5), author="Jane Roe")


def test_one_dated_author_line_is_not_a_changelog() -> None:
    text = "2024-03-05  Jane Roe  <jane@example.org>\n\nNotes from the harbour visit.\n"
    assert ident(text).kind is None


# --- stated titles ----------------------------------------------------------------

BODY = "# Harbour Survey\n\nThe survey covered the whole bay.\n"


@pytest.mark.parametrize(
    ("info_title", "title"),
    [
        ("Quarterly Sales Review", "Quarterly Sales Review"),
        ("harbour_survey_final.docx", "Harbour Survey"),  # a file name: the heading instead
        ("Microsoft Word - survey.doc", "Harbour Survey"),
        ("Untitled", "Harbour Survey"),
        ("Slide 1", "Harbour Survey"),
        ("", "Harbour Survey"),
    ],
)
def test_title_property_is_used_when_it_reads_like_a_title(info_title: str, title: str) -> None:
    assert ident(BODY, {"title": info_title}).title == title


def test_title_property_then_frontmatter_then_heading() -> None:
    assert ident(BODY, {"title": "Bay Report"}, "Survey Notes").title == "Bay Report"
    assert ident(BODY, {"title": "document"}, "Survey Notes").title == "Survey Notes"
    assert ident(BODY, None, "Survey Notes").subjects == ("Survey",)


def test_title_property_keeps_its_first_part_without_the_site_name() -> None:
    identity = ident(BODY, {"title": "frob — Bit twiddling — Frob 2.0 documentation"})
    assert identity.title == "frob — Bit twiddling"
    assert identity.subjects == ("frob",)


def test_heading_after_navigation_and_badges_is_the_title() -> None:
    text = ("[![Build](https://ci.example.org/b.svg)](https://ci.example.org) "
            "[![Docs](https://docs.example.org/b.svg)](https://docs.example.org)\n\n"
            "## Table of Contents\n\n- [Usage](#usage)\n- [License](#license)\n\n"
            "# Frobnicator user guide\n\nFrobnicator frobs files.\n")
    identity = ident(text)
    assert (identity.title, identity.kind, identity.subjects) == ("Frobnicator user guide", "guide", ("Frobnicator",))


def test_licence_notice_and_mode_line_are_never_the_title() -> None:
    text = "-*- outline -*-\n\nCopyright (C) 2024 Jane Roe\n\nNEWS for Frobnicator 2.0\n\n* Noteworthy changes\n"
    identity = ident(text)
    assert (identity.title, identity.kind, identity.subjects) == ("NEWS for Frobnicator 2.0", "release notes", ("Frobnicator",))


def test_centred_line_near_the_top_is_the_title() -> None:
    text = "Harbour Board of Eastport\n                      ANNUAL SURVEY OF THE BAY\nissued to members in spring\n"
    assert ident(text).title == "ANNUAL SURVEY OF THE BAY"


def test_first_line_standing_on_its_own_is_the_title() -> None:
    text = "Bay Water Quality\nThe samples were taken at dawn on three days in May.\n"
    assert ident(text).title == "Bay Water Quality"


def test_first_line_continuing_a_sentence_is_not_the_title() -> None:
    text = "the samples were taken at dawn on three days\nin may and sent to the laboratory.\n"
    assert ident(text).title is None


def test_a_first_line_ending_a_long_sentence_is_prose() -> None:
    text = "See the end of this file for the licence terms.\n"
    assert ident(text).title is None


def test_a_line_introducing_a_list_is_prose_not_a_title() -> None:
    """A README whose opening paragraphs run on, then "... are:" over an indented list."""
    text = ("These are the frob utilities.  This package is the union of\nthe old frob and blat packages.\n\n"
            "The programs that can be built with this package are:\n\n  [ blat frob frobcat frobdiff\n  twiddle untwiddle\n\n"
            "See the file NEWS for the changes of this release.\n")
    assert ident(text).title is None
    assert ident(text).subjects == ()


@pytest.mark.parametrize(
    "fields",
    ["To: Board members\nFrom: Jane Roe\nDate: 1 March 2024\n",
     "**To:** Board members\n**From:** Jane Roe\n**Date:** 1 March 2024\n"],
    ids=["plain", "bold"],
)
def test_field_lines_are_never_the_title(fields: str) -> None:
    text = fields + "\nThe survey is complete and the results are attached for the board to review.\n"
    assert ident(text).title is None


def test_page_layout_headings_are_skipped() -> None:
    text = "## Page 1\n\nBay Water Quality 2024\nThe samples were taken at dawn.\n"
    identity = ident(text)
    assert (identity.title, identity.subjects) == ("Bay Water Quality 2024", ("Bay Water Quality",))


def test_date_from_the_title_before_the_date_property_and_author_from_info() -> None:
    dated = ident("# Board meeting 5 March 2024\n\nPresent: all.\n", {"date": "2024-02-01", "author": "Ann Lee"})
    assert (dated.kind, dated.date, dated.author) == ("meeting notes", date(2024, 3, 5), "Ann Lee")
    undated = ident("# Board meeting\n\nPresent: all.\n", {"date": "2024-02-01"})
    assert (undated.date, undated.author) == (date(2024, 2, 1), None)


def test_a_manual_page_is_dated_by_its_footer_before_the_files_date() -> None:
    """sqlite3's manual as a PDF was dated 2025-01-01, when it was made a PDF, though
    its footer says `Fri Oct 31 10:41:31 EDT 2014`."""
    text = ("FROB(1)                General Commands Manual                FROB(1)\n\nNAME\n       frob - reshape data files\n\n"
            "SYNOPSIS\n       frob [-v] FILE\n\nDESCRIPTION\n       frob reshapes data files in place.\n\n"
            "                        Fri Oct 31 10:41:31 EDT 2014 4\n")
    assert ident(text, {"date": "2025-01-01"}).date == date(2014, 10, 31)
    assert ident(text.replace("Fri Oct 31 10:41:31 EDT 2014 4", "frob 1.2"), {"date": "2025-01-01"}).date == date(2025, 1, 1)


def test_a_pdf_manual_is_dated_by_the_footer_its_pages_repeat() -> None:
    """less's and tar's PDF manuals kept the PDF's date: the footer that dates them is
    page furniture, stripped before the document is read."""
    from wikid.document.reading import read

    def page(n: int, body: str) -> str:
        return (f"## Page {n}\n\nFROB(1)          General Commands Manual          FROB(1)\n\n{body}\n\n"
                f"                     Version 590: 03 Jun 2021 {n}")
    text = "\n\n".join([page(1, "NAME\n       frob - page through text\n\nSYNOPSIS\n       frob [-v] FILE"),
                        page(2, "DESCRIPTION\n       frob shows a text one screen at a time."),
                        page(3, "OPTIONS\n       -v     Say more.")]) + "\n"
    assert read(text, {"date": "2025-01-01"}).identity.date == date(2021, 6, 3)


def test_a_document_without_text_has_no_identity() -> None:
    assert ident("") == Identity(None, None, (), None, None, None)


# --- title helpers ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty"),
        ("word " * 17, "too long"),
        ("x" * 151, "too long"),
        ("Table of Contents", "navigation or a placeholder"),
        ("Untitled:", "navigation or a placeholder"),
        ("Copyright 2024 Harbour Board", "boilerplate"),
        ("minutes.pdf", "a file name"),
        ("Microsoft Word - minutes.doc", "a file name"),
        ("2024-03-05 10:00", "mostly punctuation or digits"),
        ("Attendees,", "a fragment"),
        ("- an item", "a fragment"),
        ("https://example.org/survey", "an address"),
        ("jane@example.org", "an address"),
        ("the samples were taken at dawn", "a sentence fragment"),
        ("5 March 2024", "a date"),
        ("Bay Water Quality", None),
        ("frob - twiddle bits of a file", None),  # `name - description` is not a sentence fragment
        ("Board meeting 5 March 2024", None),
        ("w42", None),  # a short name with digits (`h11`, `x264`) is a name
        ("qx7b", None),
        ("v12", "mostly punctuation or digits"),  # a version is not
        ("r101", "mostly punctuation or digits"),
    ],
)
def test_title_problem(text: str, problem: str | None) -> None:
    assert title_problem(text) == problem


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [("Frob ¶", "Frob"), ("**Frob**.", "Frob"), ("Contents:", "Contents"), ("[Frob](https://example.org) ==", "Frob"),
     ("-*- mode: text -*- Frob Notes", "Frob Notes"), ("  Frob   tool  ", "Frob tool")],
)
def test_clean_title(text: str, cleaned: str) -> None:
    assert clean_title(text) == cleaned


@pytest.mark.parametrize(
    ("title", "parts"),
    [
        ("datetime — Basic date and time types — Python 3.11 documentation", ["datetime", "Basic date and time types"]),
        ("Frob | Harbour Wiki", ["Frob"]),
        ("Frob :: Harbour Docs", ["Frob"]),
        ("Frob - Bits - Bytes", ["Frob", "Bits", "Bytes"]),
        ("Well-known frob", ["Well-known frob"]),  # a hyphen inside a word does not cut
        ("Documentation", ["Documentation"]),  # a lone part is kept
    ],
)
def test_title_parts(title: str, parts: list[str]) -> None:
    assert title_parts(title) == parts


@pytest.mark.parametrize(
    ("title", "subjects"),
    [
        ("GNU make NEWS", ["GNU make"]),
        ("TODO file for gzip.", ["gzip"]),
        ("Contributing to Zstandard", ["Zstandard"]),
        ("Reporting a bug in Frob", ["Frob"]),  # reporting a bug is how one contributes, not a subject
        ("Reporting Security Issues in Frob", ["Frob"]),
        ("re — Regular expression operations", ["re"]),
        ("Frob — a file twiddler", ["Frob"]),
        ("Installing Frob on Debian", ["Frob"]),
        ("Curses Programming with Python", ["Curses Programming"]),
        ("Release notes for Frobnicator 3.2 (12 March 2024)", ["Frobnicator"]),
        ("Frob v1.2.3 changes", ["Frob"]),
        ("What's new in Frob 4", ["Frob"]),
        ("The Widget FAQ", ["Widget"]),
        ("Frequently Asked Questions about Frob", ["Frob"]),
        ("Frob and Blat", ["Frob", "Blat"]),
        ("Release notes", []),
        ("How to use sprocketry — API", ["sprocketry"]),  # the how-to's verb is not the subject's
        ("How to Suggest Improvements, Report Issues or Contribute", []),  # section words name nothing
        ("Features for next official version", []),
        ("Getting started", []),
    ],
)
def test_subject_names(title: str, subjects: list[str]) -> None:
    assert subject_names(title) == subjects


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Frob 2.0 release notes", "release notes"),
        ("What's New in Frob", "release notes"),
        ("Frob ChangeLog", "changelog"),
        ("Frob FAQ", "FAQ"),
        ("README for Frob", "README"),
        ("Frob roadmap", "to-do list"),
        ("Getting started with Frob", "tutorial"),
        ("Frob user manual", "guide"),
        ("Contributing to Frob", "contribution guide"),
        ("Reporting a bug in Frob", "contribution guide"),
        ("Installing Frob", "installation notes"),
        ("Frob API", "reference"),
        ("Glossary", "glossary"),  # a page's section says `Frob glossary`, not `Frob notes`
        ("Board meeting minutes", "meeting notes"),
        ("Invoice 2024-117", "invoice"),
        ("Frob history", "history"),
        ("About Frob", "overview"),
        ("Frob", None),
        ("Newsletter archive", None),  # whole words only
    ],
)
def test_kind_of_title(title: str, kind: str | None) -> None:
    assert kind_of_title(title) == kind


# --- package READMEs --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("# Sprocketry [![Build Status](https://ci.example.org/s/badge.svg)](https://ci.example.org/s) "
         "[![codecov](https://cov.example.org/s.svg)](https://cov.example.org/s)\n\nSprocket helpers.\n",
         "Sprocketry"),
        ("flangepy |Build Status| |PyPI|\n==============================\n\nFlange helpers for widgets.\n",
         "flangepy"),
        ('<h1 align="center">\n\n![gimbalio](https://example.org/gimbalio/logo.svg)\n\n</h1>\n\n'
         "gimbalio moves gimbals.\n", "gimbalio"),  # a logo alone on its line: its alt text is the name
    ],
    ids=["markdown-badges", "rest-substitutions", "logo"],
)
def test_badges_beside_a_title_are_not_its_words(text: str, title: str) -> None:
    identity = ident(text)
    assert (identity.title, identity.subjects[:1]) == (title, (title,))


def test_a_badge_alone_on_its_line_is_no_title() -> None:
    text = ("[![Build Status](https://img.example.org/badge/build-passing.svg)](https://ci.example.org)\n\n"
            "Widgets are reshaped in place by the tools in this tree, one file at a time.\n")
    assert ident(text).title is None


@pytest.mark.parametrize("heading", ["Features", "Installation", "Getting started", "Overview", "Usage examples",
                                     "Requirements", "Sponsors", "Introduction"])
def test_a_generic_section_heading_is_no_title_and_names_nothing(heading: str) -> None:
    assert generic_title(heading)
    text = f"## {heading}\n\nThe Sprocket Works reshapes widgets in place, one file at a time.\n\n* fast\n* safe\n"
    identity = ident(text)
    assert (identity.title, identity.subjects) == (None, ())  # the paragraph under it is body, no title


def test_a_generic_heading_still_says_what_kind_of_document_it_is() -> None:
    identity = ident("Frequently Asked Questions\n==========================\n\nQ: Why?\nA: Because.\n")
    assert (identity.title, identity.kind) == (None, "FAQ")


def test_the_first_heading_that_names_something_is_the_title() -> None:
    text = "## Features\n\n## Sprocketry\n\nSprocketry reshapes widgets in place, one file at a time.\n"
    assert ident(text).title == "Sprocketry"


def test_a_heading_after_a_generic_headings_body_is_a_sections_not_the_title() -> None:
    text = ("Introduction\n------------\n\nThis sprocket implementation is compatible with the standard one, "
            "but offers more.\n\nPython 2\n--------\n\nPython 2 is no longer supported.\n\n"
            "The sprocket module releases the lock while it reshapes.\n")
    identity = ident(text)
    assert (identity.title, identity.kind, identity.subjects) == (None, "overview", ("sprocket",))


def test_a_packages_own_readme_is_part_of_no_project_it_quotes() -> None:
    text = ("# quillkit\n\nquillkit files documents by what they are about: a manual page that says it "
            "\"is part of the util-linux package\" goes with util-linux.\n\n    pip install quillkit\n")
    identity = ident(text)
    assert (identity.subjects, identity.projects, identity.packages) == (("quillkit",), (), ("quillkit",))


@pytest.mark.parametrize(
    ("opening", "subject"),
    [
        ("*sprocketry* is the Python package that reshapes widgets in place.", "sprocketry"),
        ('Gimbalio (pronounced "Gim Bah") is an open-source library for moving gimbals.', "Gimbalio"),
        ("Flange Works is a toolkit for the flanges of widgets, old and new.", "Flange Works"),
        ("This is GNU Quillset, version 3.1. Quillset sorts quills by length.", "GNU Quillset"),
    ],
)
def test_an_untitled_document_is_about_what_its_opening_defines(opening: str, subject: str) -> None:
    text = ("[![PyPI](https://img.example.org/badge/pypi.svg)](https://pypi.example.org)\n\n"
            f"**Documentation**: https://docs.example.org\n\n{opening}\n\n## Usage\n\nRun it.\n")
    identity = ident(text)
    assert (identity.title, identity.subjects) == (None, (subject,))


@pytest.mark.parametrize("opening", ["Here is a program to parse a greeting of the form Hello, World.",
                                     "It is a library for everyone who reshapes widgets.",
                                     "There is a tool for that in every widget shop."])
def test_a_pronoun_is_defined_as_nothing(opening: str) -> None:
    assert ident(f"{opening}\n\nMore words follow here in a second paragraph.\n").subjects == ()


def test_an_untitled_readme_is_about_the_package_it_installs() -> None:
    text = ("Widgets reshaped in place, one file at a time, with nothing to configure.\n\n"
            "Install it with `pip install -U sprocketry` and run `sprocketry reshape`.\n\n"
            "To hack on it: `pip install -r dev-requirements.txt`.\n\nsprocketry keeps every original.\n")
    identity = ident(text)
    assert identity.subjects == ("sprocketry",)
    assert identity.packages == ("sprocketry",)


def test_a_readme_titled_otherwise_names_the_package_it_installs_and_imports() -> None:
    text = ("# Sprocket Controls\n\nHelpers to limit sprockets.\n\n```bash\npip install sprocktl\n"
            "pip install pytest\n```\n\n```python\n>>> from sprocktl import limits\n>>> import sprocktl\n```\n\n"
            "sprocktl reads the widget's limits; sprocktl never writes them.\n")
    assert ident(text).subjects == ("Sprocket Controls", "sprocktl")


def test_a_readme_installing_what_its_title_names_claims_nothing_more() -> None:
    text = ("# Gimbal-Flange\n\nGimbal-Flange adds flanges to gimbal apps.\n\n    pip install gimbal-flange\n\n"
            "    from gimbal import App\n    from gimbal_flange import Flange\n\ngimbal gimbal gimbal gimbal\n")
    assert ident(text).subjects == ("Gimbal-Flange",)


@pytest.mark.parametrize(
    ("command", "installed"),
    [
        ("pip install sprocketry", ["sprocketry"]),
        ("python3 -m pip install -U 'sprocketry[fast]>=2'", ["sprocketry"]),
        ("**pip install sprocketry** or easy_install", ["sprocketry"]),
        ("uv add sprocketry", ["sprocketry"]),
        ("pip install --no-binary sprocketry sprocketry", ["sprocketry"]),
        ("pip install -r requirements.txt", []),
        ("pip install -e .", []),
        ("pip install ./dist/sprocketry-1.0.whl", []),
        ("pip install https://example.org/sprocketry.tar.gz", []),
    ],
)
def test_installed_names(command: str, installed: list[str]) -> None:
    assert installed_names(f"Install:\n\n    {command}\n") == installed


def test_an_untitled_document_is_called_by_its_first_heading_or_its_opening_words() -> None:
    assert opening_title(main_blocks(parse("## Installation\n\nRun make, then make install.\n"))) == "Installation"
    prose = "Run the sprocket server with two workers and a spare for the night shift. It restarts itself.\n"
    assert opening_title(main_blocks(parse(prose))) == "Run the sprocket server with two workers"
    assert opening_title(main_blocks(parse("| a | b |\n|---|---|\n| 1 | 2 |\n"))) is None


def test_a_document_of_numbered_questions_is_a_faq_whatever_its_banner_says() -> None:
    questions = "\n".join(f"2.{n}. How do I make frob do thing number {n}?" for n in range(1, 7))
    text = ("Archive-Name: frob-faq\nLast-modified: 10 March 2003\n\n                 THE FROB PAGES\n\n"
            f"1. GENERAL\n1.1. Introduction\n\n2. USING FROB\n{questions}\n\n1. GENERAL\n\nFrob reshapes files.\n")
    assert ident(text).kind == "FAQ"
    two = "## How do I start?\n\nRun frob.\n\n## Why is it slow?\n\nIt reads everything.\n"
    assert ident(f"Frob notes\n\nFrob reshapes files.\n\n{two}").kind is None


def test_a_step_introducing_its_commands_is_no_title() -> None:
    """fakeroot's DEBUG notes were titled `Start faked in xterm 1`, the label over the
    first commands of their first step."""
    text = ("To debug frob, one may try:\n\nStart frobd in xterm 1:   \n  $ frobd --foreground --debug\n  51452231:280\n"
            "     # First number here is the 'FROBKEY', second is the pid of\n     # frobd. Both to be used later.\n\n"
            "Send signals to frobd in xterm 2:\n  #Whenever you want to get info about the internal data\n  kill -s USR1 280\n")
    assert ident(text).title is None
