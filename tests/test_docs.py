"""The README and docs/ read well on a code host as they are.

Why: the reference moved out of a 1,600-line README into pages under docs/ that link to
each other and to headings of each other (issue 28). A page renamed, a heading reworded
or a link written from the wrong folder breaks silently on a code host; these tests
fail instead, naming the page, the line and the link. The README stays the front door:
short, and holding the exact test command CI runs.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 400


def slug(heading: str) -> str:
    """A heading's anchor as code hosts make it (GitHub's github-slugger): lower case,
    punctuation and symbols dropped (hyphens and underscores kept), each space a hyphen."""
    kept = "".join(c for c in heading.lower()
                   if c in "-_ " or unicodedata.category(c)[0] in "LNM")
    return kept.replace(" ", "-")


def _text(inline: Token) -> str:
    """A heading's text as rendered: words and code, without the markup around them."""
    return "".join(child.content for child in inline.children or () if child.type in ("text", "code_inline"))


def _tokens(path: Path) -> list[Token]:
    return MarkdownIt("commonmark").enable("table").parse(path.read_text(encoding="utf-8"))


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a page; a repeated heading gets -1, -2, … as on GitHub."""
    tokens = _tokens(path)
    seen: dict[str, int] = {}
    found = set()
    for opening, inline in itertools.pairwise(tokens):
        if opening.type != "heading_open":
            continue
        base = slug(_text(inline))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(path: Path) -> list[tuple[int, str]]:
    """(line, target) of every link and image on a page, outside code."""
    found = []
    for token in _tokens(path):
        for child in token.children or ():
            target = child.attrs.get("href") if child.type == "link_open" else (
                child.attrs.get("src") if child.type == "image" else None)
            if isinstance(target, str):
                found.append(((token.map or [0])[0] + 1, target))
    return found


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with each relative link of a page: a missing file, a missing heading,
    or a root-relative path (it resolves against the code host, not the repository)."""
    problems = []
    for line, target in links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # https:, mailto:
        where = f"{path.relative_to(root)}:{line}: {target}"
        if target.startswith("/"):
            problems.append(f"{where}: a root-relative link; write it relative to the page")
            continue
        file_part, _, fragment = target.partition("#")
        destination = (path.parent / unquote(file_part)).resolve() if file_part else path
        if not destination.exists():
            problems.append(f"{where}: no such file")
        elif fragment and destination.suffix == ".md" and unquote(fragment) not in anchors(destination):
            problems.append(f"{where}: {destination.relative_to(root)} has no heading with that anchor")
    return problems


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("Set-up: the two commands", "set-up-the-two-commands"),
        ("The agent engine (`engine: agent`)", "the-agent-engine-engine-agent"),
        ("Extraction on every core, and `wikid extract`'s fixed cost",
         "extraction-on-every-core-and-wikid-extracts-fixed-cost"),
        ("Upgrading OKF v0.1: `wikid migrate`", "upgrading-okf-v01-wikid-migrate"),
        ("Answers: `--answer`", "answers---answer"),
        ("What a page says — measured", "what-a-page-says--measured"),
        ("Umlaute: Größe", "umlaute-größe"),
    ],
)
def test_anchors_are_made_as_a_code_host_makes_them(tmp_path: Path, heading: str, anchor: str) -> None:
    page = tmp_path / "page.md"
    page.write_text(f"# {heading}\n\ntext\n\n## Again\n\n## Again\n", encoding="utf-8")
    assert anchors(page) == {anchor, "again", "again-1"}


def test_a_broken_link_is_named_with_its_page_and_line(tmp_path: Path) -> None:
    """The checker itself: each kind of broken link is found, working ones are not, and
    links inside code are not links."""
    (tmp_path / "other.md").write_text("# Other page\n\n## A section\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n"
        "[ok](other.md) [ok](other.md#a-section) [ok](#page) [web](https://example.com/x#y)\n\n"
        "[gone](missing.md)\n\n"
        "[bad anchor](other.md#no-such-section)\n\n"
        "[root](/other.md)\n\n"
        "`[code](missing.md)`\n\n"
        "```\n[fenced](missing.md)\n```\n",
        encoding="utf-8",
    )
    assert broken_links(page, root=tmp_path) == [
        "page.md:5: missing.md: no such file",
        "page.md:7: other.md#no-such-section: other.md has no heading with that anchor",
        "page.md:9: /other.md: a root-relative link; write it relative to the page",
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_a_file_and_heading_that_exist(page: Path) -> None:
    assert broken_links(page) == []


def test_every_docs_page_is_linked_from_the_readme() -> None:
    """A page nobody links to is a page nobody finds."""
    linked = {(ROOT / target.partition("#")[0]).resolve() for _, target in links(ROOT / "README.md")}
    assert [p.name for p in PAGES[1:] if p.resolve() not in linked] == []


def test_the_readme_is_a_front_door() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move reference to a page under docs/"


def test_the_readme_shows_the_test_command_ci_runs() -> None:
    """`.ci/run` runs the README's test command, line for line: a command changed in one
    and not the other fails here."""
    ci = set((ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines())
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.DOTALL)
    shown = {line for block in blocks for line in block.splitlines()}
    assert [line for line in shown & ci if "pytest" in line], "no command of README.md's sh blocks runs pytest in .ci/run"
