"""The project a document says it belongs to, and a title's entity without kind words.

Why (issue 26): a package's pages -- a command's manual page, its configuration file's,
a README -- share the package, which they name in a manual page's footer or in words
("is part of the util-linux package"); titles carry words that say what kind of
document told of an entity ("status report", "kickoff"), which are not its name.
"""

from __future__ import annotations

import pytest

from wikid.document.blocks import parse
from wikid.document.furniture import main_blocks
from wikid.document.identity import entity_name
from wikid.document.projects import man_date, man_source, man_version, stated_projects
from wikid.document.reading import read


@pytest.mark.parametrize(("header", "footer", "expected"), [
    ("FINDMNT(8)     System Administration     FINDMNT(8)", "util-linux 2.38.1   2022-05-11   FINDMNT(8)",
     ["util-linux"]),
    ("PG_DUMP(1)   PostgreSQL 15.18 Documentation   PG_DUMP(1)", "PostgreSQL 15.18   2026   PG_DUMP(1)",
     ["PostgreSQL"]),
    ("CMAKE(1)     CMake     CMAKE(1)", "3.25.1     November 30, 2022     CMAKE(1)", ["CMake"]),
    ("OBJDUMP(1)     GNU Development Tools     OBJDUMP(1)", "binutils-2.40.00     2023-01-14     OBJDUMP(1)",
     ["binutils", "GNU Development Tools"]),
    ("TIC(1)     General Commands Manual     TIC(1)", "      TIC(1)", []),
    ("FC-LIST(1)            FC-LIST(1)", "      Aug 13, 2008      FC-LIST(1)", []),
])
def test_a_manual_pages_footer_and_header_name_its_source(header: str, footer: str, expected: list[str]) -> None:
    assert man_source([header, footer]) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("AVAILABILITY\n    The findmnt command is\n    part of the util-linux package.", ["util-linux"]),
    ("This is the GNU gettext package.  It is interesting for authors", ["GNU gettext"]),
    ("reports the version. This describes ncurses version 6.4 (patch 20221231).", ["ncurses"]),
    ("DESCRIPTION\n\nFontconfig is a library designed to provide font configuration.", ["Fontconfig"]),
    ("This is a bug-fix release. This is the latest official version.", []),
    ("It is a tool for everyone. There is a program for that.", []),
    ("Here is a program to parse a greeting of the form Hello, World.", []),
])
def test_a_text_says_what_it_is_part_of(text: str, expected: list[str]) -> None:
    assert stated_projects(text) == expected


def test_a_manual_page_read_as_text_carries_its_project() -> None:
    page = ("QMV(1)        User Commands        QMV(1)\n\nNAME\n       qmv - rename files\n\nDESCRIPTION\n"
            "       qmv renames files.\n\nquillkit 2.1        2026-01-10        QMV(1)\n")
    assert read(page).identity.projects == ("quillkit",)


@pytest.mark.parametrize(("title", "entity"), [
    ("Harbor Lights status report", "Harbor Lights"),
    ("Harbor Lights kickoff", "Harbor Lights"),
    ("Minutes of the Harbor Lights kickoff", "Harbor Lights"),
    ("Harbor Lights — design review", "Harbor Lights"),
    ("Harbor Lights project plan", "Harbor Lights"),
    ("Acme agreement amendment", "Acme"),
    ("GNU make NEWS", "GNU make"),
    ("Meeting notes", "Meeting notes"),  # nothing else would be left
    ("XZ Utils", "XZ Utils"),
])
def test_an_entitys_name_is_a_title_without_its_kind_words(title: str, entity: str) -> None:
    assert entity_name(title) == entity


def test_a_plain_texts_contents_list_does_not_hide_the_sections_it_lists() -> None:
    text = ("CONTENTS\n Sending Patches\n Coding Style\n\nSending Patches\n\n\t* send patches to the list.\n\n"
            "Coding Style\n\n\t* indent with tabs.\n")
    kept = [b.text for b in main_blocks(parse(text))]
    assert "Sending Patches" in kept and any("indent with tabs" in t for t in kept)


@pytest.mark.parametrize(("footer", "version"), [
    ("strace 6.1    2023-01-01   STRACE(1)", "6.1"),
    ("Git 2.39.5 10/07/2025 22", "2.39.5"),  # a PDF's page footer: source, date, page number
    ("GNU tar 1.34 2021-02-23 12", "1.34"),
    ("Version 590: 03 Jun 2021 22", None),
    ("See page 2.5 of 10/07/2025 22", None),
])
def test_a_manuals_footer_gives_the_version_it_documents(footer: str, version: str | None) -> None:
    assert man_version([footer]) == version


@pytest.mark.parametrize(("footer", "day"), [
    ("strace 6.1    2023-01-16   STRACE(1)", "2023-01-16"),
    ("TAR July 13, 2020 17", "2020-07-13"),  # a PDF's page footer: its page number is no day
    ("Version 590: 03 Jun 2021 24", "2021-06-03"),
    ("                Fri Oct 31 10:41:31 EDT 2014 4", "2014-10-31"),
    ("BSD                             January 1, 1970                            BSD", None),  # never set
    ("                                   October 2026 45", "2026-10-01"),  # jq's: a month, no day
    ("GNU coreutils 9.1       September 2022       LS(1)", "2022-09-01"),  # (the version's `.1` is no day)
    ("frob 2.4       03.06.2021       FROB(1)", "2021-06-03"),
    ("                        Version 590: 03 Jun 2021", "2021-06-03"),  # (no page number: the year is none)
    ("Fixed on 2019-01-01 after a long talk with the whole team about what the right behaviour is here.", None),
])
def test_a_manuals_footer_gives_its_date(footer: str, day: str | None) -> None:
    """git's and sqlite's PDF manuals were dated 2025-01-01, the day they were made PDFs,
    over the date their footers give."""
    found = man_date(footer)
    assert (found.isoformat() if found else None) == day
