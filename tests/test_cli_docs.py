"""docs/cli.md is what `wikid COMMAND --help` prints, for every command.

Why: the CLI reference is generated from wikid's argparse parser by scripts/gen-cli-docs
(issue 28); a command or an option added, renamed or reworded without regenerating it
fails here with the command that fixes it, as simonw/llm keeps its docs in step with
its `--help` through cog.
"""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLI_DOC = ROOT / "docs" / "cli.md"
GENERATOR = runpy.run_path(str(ROOT / "scripts" / "gen-cli-docs"), run_name="gen_cli_docs")
FIX = "docs/cli.md is out of date: run `python scripts/gen-cli-docs` and commit docs/cli.md"


def sections(page: str) -> dict[str, str]:
    """{'wikid query': its help text, …} from the page's `## prog` headings and text blocks."""
    return dict(re.findall(r"^## (wikid[^\n]*)\n\n```text\n(.*?)\n```$", page, re.MULTILINE | re.DOTALL))


def generated_with() -> str:
    match = re.search(r"\(Python (\d+\.\d+)\)", CLI_DOC.read_text(encoding="utf-8"))
    assert match, "docs/cli.md does not say which Python generated it"
    return match.group(1)


def test_the_cli_reference_is_up_to_date() -> None:
    current = CLI_DOC.read_text(encoding="utf-8")
    rendered = GENERATOR["render"]()
    if rendered != current and generated_with() != "{}.{}".format(*sys.version_info[:2]):
        pytest.skip(f"docs/cli.md was generated with Python {generated_with()}, whose argparse lays out "
                    "help differently from this one's; compare it under that Python")
    assert rendered == current, FIX


def test_every_command_and_subcommand_has_its_section() -> None:
    """Every subcommand a section's help lists (indented under COMMAND or ACTION) has a
    section of its own: `wikid` lists the commands, `wikid service` its actions."""
    documented = sections(CLI_DOC.read_text(encoding="utf-8"))
    listed = {f"{prog} {name}" for prog, text in documented.items()
              for name in re.findall(r"^    ([a-z]+)  ", text, re.MULTILINE)}
    assert {"wikid update", "wikid query", "wikid service", "wikid service install"} <= listed
    assert sorted(listed - set(documented)) == [], FIX


@pytest.mark.parametrize("command", [[], ["query"], ["service", "install"]], ids=" ".join)
def test_a_section_is_what_the_command_prints(command: list[str]) -> None:
    """The page shows a user's `--help`, not a rendering of its own: the same text as
    `python -m wikid … --help` in a terminal as wide as the page."""
    env = {**os.environ, "COLUMNS": str(GENERATOR["WIDTH"] + 2), "NO_COLOR": "1"}
    out = subprocess.run([sys.executable, "-m", "wikid", *command, "--help"], capture_output=True, text=True,
                         env=env, timeout=120, check=True)
    if generated_with() != "{}.{}".format(*sys.version_info[:2]):
        pytest.skip(f"docs/cli.md was generated with Python {generated_with()}")
    assert sections(CLI_DOC.read_text(encoding="utf-8"))[" ".join(["wikid", *command])] == out.stdout.rstrip("\n")
