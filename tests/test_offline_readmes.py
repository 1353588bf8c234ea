"""Which page a package's README joins, and what the page is called.

Why: on the long descriptions of installed Python packages (bench/heldout.py's corpora
e and f: one README per package, subject-free file names) the offline engine made 9
pages of 20 packages and 17 of 20: READMEs merged on a section heading one of them
had for a title ("Features", "here", "Issues" read as names), on a package named once
in another's README (its own name, named by no other document, left its name evidence
to that one mention), and a README about a package of its own joined a tool whose
manual repeats the package's name; pages were titled "Doc 15" (a file name) and
"Thread-pool Controls Build Status codecov" (a title with its badges). Each test here
is one of those causes, on READMEs written for it with invented names; each failed
before the change it guards.
"""

from __future__ import annotations

from datetime import UTC, datetime

from test_offline_cluster import MemoryWiki
from test_offline_membership import man_page, pages_in_batches

from wikid.config import OfflineConfig
from wikid.manager import SourceDocument
from wikid.manager.offline import OfflineEngine
from wikid.manager.offline.engine import Plan
from wikid.manager.offline.pages import compose
from wikid.okf.page import split_page

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def plan(documents: list[SourceDocument]) -> Plan:
    return OfflineEngine(OfflineConfig(), NOW).plan(documents, MemoryWiki())


def pages_of(result: Plan) -> dict[str, list[str]]:
    """Page title -> the input paths it cites."""
    return {result.pages[page].title: sorted(d.document.input_rel for d in members)
            for page, members in result.members.items()}


def readme(name: str, what: str, extra: str = "") -> str:
    """A package's README with the sections every README has."""
    return (f"# {name}\n\n{name} is a library for {what}.\n\n## Features\n\n* {name} reshapes {what} in place\n"
            f"* the features of {name} work on every platform\n* no features need configuring\n\n"
            f"## Installation\n\n    pip install {name.lower()}\n\n## Usage\n\n    import {name.lower()}\n\n"
            f"Report issues here, on the tracker; {name} answers issues weekly.\n\n{extra}\n")


def test_readmes_sharing_generic_sections_are_a_page_each() -> None:
    """One README whose first heading is "Features" claimed that word as its name, and
    every README that says "features" twice joined it: one page titled "Features"."""
    untitled = ("## Features\n\n* reshapes sprockets in place\n* keeps every original sprocket\n\n"
                "## Installation\n\n    pip install sprocketry\n\nsprocketry has more features than most; "
                "sprocketry reshapes, sprocketry keeps.\n")
    docs = [SourceDocument("doc-01.md", untitled)] + [
        SourceDocument(f"doc-0{n}.md", readme(name, what)) for n, (name, what) in enumerate(
            [("Gimbalio", "gimbals"), ("Flangeworks", "flanges"), ("Quillset", "quills"), ("Widgetron", "widgets")], 2)]
    pages = pages_of(plan(docs))
    assert len(pages) == 5, pages
    assert set(pages) == {"sprocketry", "Gimbalio", "Flangeworks", "Quillset", "Widgetron"}


def test_a_readme_naming_another_package_is_not_filed_on_its_page() -> None:
    """A README named by no other document kept, as name evidence, only its one mention
    of another package (cosine 1 with that package's README); two READMEs that name each
    other's packages a few times each stay two pages too."""
    docs = [
        SourceDocument("doc-01.md", readme("Gimbalio", "gimbals", "Gimbalio checks the way Flangeworks does.")),
        SourceDocument("doc-02.md", readme("Flangeworks", "flanges")),
        SourceDocument("doc-03.md", readme("Quillserve", "serving quills", "Quillserve speaks sockproto: sockproto "
                                           "frames, sockproto pings, sockproto close codes and sockproto "
                                           "compression all work. Quillserve runs workers; Quillserve reloads "
                                           "them; Quillserve logs.")),
        SourceDocument("doc-04.rst", readme("sockproto", "socket frames", "Servers such as Quillserve use it; "
                                            "Quillserve and other Quillserve-like servers embed it.")),
    ]
    pages = pages_of(plan(docs))
    assert pages == {"Gimbalio": ["doc-01.md"], "Flangeworks": ["doc-02.md"], "Quillserve": ["doc-03.md"],
                     "sockproto": ["doc-04.rst"]}


def test_a_readme_known_by_two_names_is_about_both_together() -> None:
    """"Gimbal Python SDK" (its title) and `gimbal-sdk` (its package) are one README's
    names: together they are said twice as often as the other package it names."""
    sdk = SourceDocument("doc-01.md", "# Gimbal Python SDK\n\nThe client for the Gimbal API.\n\n"
                                      "    pip install gimbal-sdk\n\nThe gimbal-sdk talks to a Flangehub "
                                      "server; gimbal-sdk retries. Traces go to Flangehub.\n\nIt needs "
                                      "Python 3.10.\n")
    hub = SourceDocument("doc-02.md", readme("Flangehub", "tracing gimbal apps", "Flangehub stores traces; "
                                             "Flangehub shows them; Flangehub alerts."))
    others = [SourceDocument(f"doc-0{n}.md", readme(name, what)) for n, (name, what) in enumerate(
        [("Quillset", "quills"), ("Widgetron", "widgets"), ("Sprocketry", "sprockets")], 3)]
    pages = pages_of(plan([sdk, hub, *others]))
    assert (pages["gimbal-sdk"], pages["Flangehub"], len(pages)) == (["doc-01.md"], ["doc-02.md"], 5)


def test_a_readme_naming_a_familys_package_once_does_not_join_the_family() -> None:
    """The README of a package named by no other document, naming once a package whose
    README and changelog make a family: that one mention was all its name evidence."""
    family = [
        SourceDocument("doc-01.md", readme("Flangeworks", "flanges")),
        SourceDocument("doc-02.md", "# Flangeworks changelog\n\n## 2.1\n\n* Flangeworks reads flanges twice as "
                                    "fast.\n* Flangeworks keeps originals.\n\n## 2.0\n\n* Flangeworks 2 drops "
                                    "the old reader.\n"),
    ]
    other = SourceDocument("doc-03.md", readme("Gimbalio", "gimbals", "Gimbalio runs its checks the way Flangeworks "
                                               "does."))
    assert pages_of(plan([*family, other])) == {"Flangeworks": ["doc-01.md", "doc-02.md"], "Gimbalio": ["doc-03.md"]}


def test_a_readme_of_its_own_package_does_not_join_a_tool_that_repeats_its_name() -> None:
    """A tool's manual and news that repeat the name of a checksum they support are that
    tool's; the checksum package's README, which installs it, is not."""
    tool = [
        SourceDocument("doc-01.txt", man_page("syncro", "copy trees of files quickly",
                                              "syncro copies each tree; syncro compares files by their sums, "
                                              "quickhash when both ends have it. syncro keeps times; syncro keeps "
                                              "owners; syncro resumes. With --sum=quickhash syncro is faster.")),
        SourceDocument("doc-02.txt", "syncro NEWS\n\n* syncro 3.2: syncro checks quickhash sums by default; "
                                     "syncro falls back to quickhash 2.\n* syncro 3.1: syncro copies sparse files; "
                                     "syncro resumes; syncro keeps times.\n"),
    ]
    package = SourceDocument("doc-03.md", "# quickhash\n\nFast non-cryptographic sums.\n\n    pip install quickhash\n\n"
                                          "quickhash gives 64-bit sums. quickhash is thread safe; quickhash "
                                          "releases the lock. Use quickhash.sum64(data).\n")
    pages = pages_of(plan([*tool, package]))
    assert pages == {"syncro": ["doc-01.txt", "doc-02.txt"], "quickhash": ["doc-03.md"]}


def test_a_readme_without_a_title_is_titled_by_what_it_defines_or_installs_never_its_file_name() -> None:
    docs = [
        SourceDocument("doc-07.rst", ".. image:: https://example.org/gimbalio/logo.svg\n   :width: 110\n\n"
                                     'Gimbalio (pronounced "Gim Bah") is an open-source library for moving '
                                     "gimbals. Gimbalio moves them smoothly.\n\n- Website: https://example.org\n"),
        SourceDocument("doc-08.txt", "Widgets reshaped in place, one file at a time, with nothing to configure.\n\n"
                                     "Install with python3 -m pip install -U widgetron; widgetron needs no "
                                     "compiler, and widgetron runs everywhere.\n"),
        SourceDocument("doc-09.txt", "Run the sprocket server with two workers and a spare for the night shift. "
                                     "It restarts itself when a worker stops.\n"),
    ]
    assert sorted(pages_of(plan(docs))) == ["Gimbalio", "Run the sprocket server with two workers", "widgetron"]


def test_a_title_with_badges_names_the_page_without_them() -> None:
    text = ("# Sprocket Controls [![Build Status](https://ci.example.org/s/badge.svg)](https://ci.example.org/s) "
            "[![codecov](https://cov.example.org/s/badge.svg)](https://cov.example.org/s)\n\n"
            "Helpers to limit the sprockets of native libraries.\n\n    pip install sprocktl\n\n"
            "    >>> from sprocktl import limits\n\nsprocktl reads the limits; sprocktl never writes them.\n")
    result = plan([SourceDocument("doc-01.md", text)])
    assert list(pages_of(result)) == ["sprocktl"]
    assert result.members[next(iter(result.members))][0].identity.title == "Sprocket Controls"


def test_readmes_in_three_batches_give_the_pages_of_one() -> None:
    """Determinism (I6) on the cases above: one batch, or three in another order."""
    docs = [
        SourceDocument("doc-01.md", readme("Gimbalio", "gimbals", "Gimbalio checks the way Flangeworks does.")),
        SourceDocument("doc-02.md", readme("Flangeworks", "flanges")),
        SourceDocument("doc-03.md", readme("Quillserve", "serving quills", "Quillserve speaks sockproto; sockproto "
                                           "frames and sockproto pings work.")),
        SourceDocument("doc-04.rst", readme("sockproto", "socket frames", "Quillserve and Quillserve-like servers.")),
        SourceDocument("doc-05.txt", "Widgets reshaped in place.\n\nInstall with pip install widgetron; widgetron "
                                     "runs everywhere and widgetron needs nothing.\n"),
    ]
    one = pages_in_batches(docs, 1, 3)
    assert sorted(split_page(t)[0]["title"] for t in one.values()) == [
        "Flangeworks", "Gimbalio", "Quillserve", "sockproto", "widgetron"]


def test_a_readme_that_defines_its_package_only_in_its_citation_is_led_by_the_abstract() -> None:
    """sympy's README says what SymPy is only in the BibTeX entry of its last section,
    "Citation": the page read "SymPy is a topic; this page gathers a README". The lead
    is the abstract's sentences about the work, not the ones about the paper."""
    filler = "".join(f"The gimbal step {n} is described in the guide, chapter {n}.\n\n" for n in range(45))
    text = ("# Gimbalio\n\nSee the AUTHORS file for the list of authors.\n\n## Usage\n\n" + filler
            + "## Citation\n\nA BibTeX entry for LaTeX users is\n\n```bibtex\n@article{gim,\n"
              " title = {Gimbalio: moving gimbals in Python},\n abstract = {\n   Gimbalio is an open-source "
              "library for moving gimbals. It moves them smoothly. This paper presents its architecture.\n },\n"
              " year = 2017\n}\n```\n")
    result = plan([SourceDocument("doc-01.md", text)])
    [draft] = result.pages.values()
    description, body = compose(draft)
    assert description == "Gimbalio is an open-source library for moving gimbals."
    lead = body.split("\n\n", 1)[0]
    assert lead == "Gimbalio is an open-source library for moving gimbals. It moves them smoothly.[^doc-01]"
