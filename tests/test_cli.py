"""The command line, run as a user would run it (a subprocess, `python -m wikid`)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import FIXED_NOW, page


def wikid(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "WIKID_NOW": FIXED_NOW, **(env or {})}
    return subprocess.run([sys.executable, "-m", "wikid", *args], capture_output=True, text=True, env=full_env, timeout=120)


def test_init_creates_the_layout_and_is_safe_to_repeat(tmp_path: Path) -> None:
    proj = tmp_path / "p"
    out = wikid("-C", str(proj), "init")
    assert out.returncode == 0, out.stderr
    assert "created wiki/index.md" in out.stdout and "created wikid.yaml" in out.stdout
    assert (proj / "input").is_dir() and (proj / ".wikid").is_dir()
    assert (proj / "wiki" / "index.md").read_text() == '---\nokf_version: "0.2"\n---\n# Wiki Index\n'
    assert (proj / "wiki" / "log.md").read_text() == "# Wiki Update Log\n"
    (proj / "wikid.yaml").write_text("engine: offline\n")
    again = wikid("-C", str(proj), "init")
    assert again.returncode == 0 and "created" not in again.stdout.split("wikid project ready")[0]
    assert (proj / "wikid.yaml").read_text() == "engine: offline\n"


def test_update_json_and_status_json(tmp_path: Path) -> None:
    proj = tmp_path / "p"
    assert wikid("-C", str(proj), "init").returncode == 0
    (proj / "input" / "v").mkdir(parents=True)
    (proj / "input" / "v" / "acme.md").write_bytes(page("Vendor", "Acme"))
    (proj / "input" / "notes.txt").write_text("hello")
    (proj / "input" / "x.exe").write_bytes(b"MZ")
    out = wikid("-C", str(proj), "update", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["counts"] == {"created": 2, "updated": 0, "unchanged": 0, "ignored": 1, "retry": 0}
    assert [f["input"] for f in report["files"]] == ["notes.txt", "v/acme.md", "x.exe"]
    acme = report["files"][1]
    assert acme == {
        "input": "v/acme.md", "bucket": "conformant", "action": "created", "reason": None,
        "message": "new page", "page": "v/acme.md", "archived_as": "archive/v/acme.md.orig",
        "previous_archived_as": None, "images": {},
    }
    (proj / "input" / "later.txt").write_text("dropped after the run")
    status = json.loads(wikid("-C", str(proj), "status", "--json").stdout)
    assert status["concepts"] == 2
    assert status["pending"] == [{"input": "later.txt", "bucket": "non_conformant", "reason": None, "message": "document to extract"}]
    assert status["ignored"][0]["reason"] == "unsupported"
    assert status["last_run"]["finished_at"] == FIXED_NOW


def test_human_output_names_files_and_reasons(tmp_path: Path) -> None:
    proj = tmp_path / "p"
    assert wikid("-C", str(proj), "init").returncode == 0
    (proj / "input" / "a.md").write_bytes(page())
    (proj / "input" / "empty.md").write_bytes(b"")
    out = wikid("-C", str(proj), "update")
    assert "created   input/a.md -> wiki/a.md" in out.stdout
    assert "archive/a.md.orig" in out.stdout
    assert "ignored   input/empty.md [empty]: the file is empty (0 bytes)" in out.stdout
    assert out.stdout.rstrip().endswith(
        "Summary: 1 created, 1 ignored.\nlint: 0 errors, 0 warnings, 0 info (1 page(s) written by this batch checked)"
    )
    assert out.stderr == ""  # no progress bar without a terminal
    status = wikid("-C", str(proj), "status").stdout
    assert "Concepts in wiki/: 1" in status and "input/empty.md [empty]" in status


def test_bad_config_is_exit_1_naming_key_and_file(tmp_path: Path) -> None:
    proj = tmp_path / "p"
    proj.mkdir()
    (proj / "wikid.yaml").write_text("limits:\n  max_file_md: 3\n")
    out = wikid("-C", str(proj), "update")
    assert out.returncode == 1
    assert "unknown key `limits.max_file_md`" in out.stderr and "wikid.yaml" in out.stderr


def test_missing_project_folder_is_exit_1_and_not_created(tmp_path: Path) -> None:
    out = wikid("-C", str(tmp_path / "typo"), "update")
    assert out.returncode == 1 and "does not exist" in out.stderr and "init" in out.stderr
    assert not (tmp_path / "typo").exists()


def test_update_and_watch_refuse_a_folder_that_is_not_a_project(tmp_path: Path) -> None:
    """`update` made a project of any folder it was given (a typo in -C, the wrong
    current directory) and said "nothing to do"; `init` is how a project is made."""
    folder = tmp_path / "photos"
    (folder / "input").mkdir(parents=True)  # an input/ of someone else's is not a project either
    (folder / "holiday.txt").write_text("not for the wiki")
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    for command in ("update", "watch"):
        out = wikid("-C", str(folder), command)
        assert out.returncode == 1, out
        assert f"{folder} is not a wikid project" in out.stderr and f"`wikid -C {folder} init`" in out.stderr
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before
    assert wikid("-C", str(folder), "init").returncode == 0
    assert wikid("-C", str(folder), "update").returncode == 0
    layout = tmp_path / "layout"  # a project made by hand: input/ and wiki/
    (layout / "input").mkdir(parents=True)
    (layout / "wiki").mkdir()
    (layout / "input" / "a.md").write_bytes(page())
    assert wikid("-C", str(layout), "update").returncode == 0
    assert (layout / "wiki" / "a.md").exists()


def test_bad_clock_is_exit_1(tmp_path: Path) -> None:
    assert wikid("-C", str(tmp_path), "init").returncode == 0
    out = wikid("-C", str(tmp_path), "update", env={"WIKID_NOW": "yesterday"})
    assert out.returncode == 1 and "WIKID_NOW='yesterday' is not an ISO 8601 instant" in out.stderr


def test_usage_errors_are_exit_2(tmp_path: Path) -> None:
    assert wikid("frobnicate").returncode == 2
    assert wikid().returncode == 2


def test_console_script_and_module_agree(tmp_path: Path) -> None:
    out = wikid("--version")
    assert out.returncode == 0 and out.stdout.startswith("wikid ")


def test_extract_prints_text_or_reason(tmp_path: Path) -> None:
    good = tmp_path / "notes.txt"
    good.write_text("Payment terms: 45 days\n", encoding="utf-8")
    out = wikid("-C", str(tmp_path), "extract", str(good))
    assert out.returncode == 0 and out.stdout == "Payment terms: 45 days\n"
    bad = tmp_path / "scan.pdf"
    bad.write_bytes(b"junk")
    out = wikid("-C", str(tmp_path), "extract", str(bad))
    assert out.returncode == 1
    assert out.stderr.strip() == f"wikid: {bad}: extraction_failed: not a PDF: no %PDF- header in the first 1 KB"
    data = json.loads(wikid("-C", str(tmp_path), "extract", "--json", str(bad)).stdout)
    assert data == {"file": str(bad), "ok": False, "reason": "extraction_failed",
                    "detail": "not a PDF: no %PDF- header in the first 1 KB", "warnings": [], "chars": 0, "info": {},
                    "images": {}, "identity": None, "text": None}
    assert bad.read_bytes() == b"junk"


def test_extract_json_says_what_the_document_is(tmp_path: Path) -> None:
    manual = tmp_path / "frob.txt"
    manual.write_text("FROB(1)    User Commands    FROB(1)\n\nNAME\n       frob - reshape files in place\n\n"
                      "DESCRIPTION\n       frob reads each file and writes it back reshaped.\n", encoding="utf-8")
    data = json.loads(wikid("-C", str(tmp_path), "extract", "--json", str(manual)).stdout)
    assert data["identity"] == {"title": "frob — reshape files in place", "kind": "manual page", "subjects": ["frob"],
                                "type": "Command", "date": None, "author": None}


def _commands(parser: argparse.ArgumentParser, prefix: str = "") -> dict[str, argparse.ArgumentParser]:
    """Every command, nested ones included (`service install`), by its full name."""
    out: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out[prefix + name] = sub
                out |= _commands(sub, f"{prefix}{name} ")
    return out


def test_every_command_says_what_it_does_prints_and_how_it_ends() -> None:
    """The subcommands' --help listed options without a word of description; watch did
    not say how it stops or where its settings are, update not what its outcomes are."""
    from wikid.cli import _parser

    parser = _parser()
    commands = _commands(parser)
    assert {"init", "update", "status", "watch", "extract", "lint", "query", "reindex", "remove", "migrate",
            "retry"} <= set(commands)
    for name, command in commands.items():
        about = command.description or ""
        if any(isinstance(a, argparse._SubParsersAction) for a in command._actions):
            assert about, name  # a group of commands: says what they are for
            continue
        assert "Prints" in about or "Logs" in about, f"{name}: what it prints"
        assert "Exit" in about or "exit" in about, f"{name}: how it ends"
        for action in command._actions:
            assert action.help and action.help != argparse.SUPPRESS and len(action.help) > 10, (name, action.dest)
    for action in parser._actions:
        assert action.help and action.help != argparse.SUPPRESS, action.dest
    watch, update = commands["watch"].description or "", commands["update"].description or ""
    assert "SIGTERM" in watch and "Ctrl-C" in watch and "`watch:` section" in watch and "wikid.yaml" in watch
    for outcome in ("created", "updated", "unchanged", "ignored", "retry"):
        assert f"\n  {outcome} " in update, outcome
    for code in "0123":
        assert f"\n  {code}  " in update, code
    shown = wikid("watch", "--help")
    assert shown.returncode == 0 and "Runs until SIGTERM or Ctrl-C" in shown.stdout
