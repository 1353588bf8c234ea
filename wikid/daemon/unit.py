"""systemd units for `wikid watch`, from the templates wikid ships (units/, which the
repository's systemd/ folder links to): pure text in, text out.

A user unit runs one project (`wikid-<folder>.service`); the system unit is a template
whose instance name is the project's path, escaped as `systemd-escape --path` does
(`wikid@srv-team\\x2dwiki.service`). Either way ExecStart names the wikid that runs
now, so a virtualenv install needs no hand edit.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from wikid.slug import slugify

USER_TEMPLATE = "wikid.service"
SYSTEM_TEMPLATE = "wikid@.service"
_EXEC_START = re.compile(r"^ExecStart=.*$", re.MULTILINE)
_PLAIN_WORD = re.compile(r"[A-Za-z0-9_@%+=:,./-]+")
_UNESCAPED = re.compile(r"[A-Za-z0-9:_.]")


@dataclass(frozen=True)
class Unit:
    """A unit to install: its file name, its text, and the commands that enable it."""

    name: str
    text: str
    enable: tuple[str, ...]


def unit_folder(system: bool, environ: Mapping[str, str] = os.environ) -> Path:
    """Where systemd reads units installed by hand: /etc/systemd/system, or the user's
    $XDG_CONFIG_HOME/systemd/user (~/.config/systemd/user)."""
    if system:
        return Path("/etc/systemd/system")
    config = environ.get("XDG_CONFIG_HOME") or str(Path(environ.get("HOME") or Path.home()) / ".config")
    return Path(config) / "systemd" / "user"


def template(name: str) -> str:
    """The text of a unit template wikid ships (USER_TEMPLATE or SYSTEM_TEMPLATE)."""
    return files("wikid.daemon").joinpath("units", name).read_text(encoding="utf-8")


def exec_word(word: str) -> str:
    """`word` as one argument of a systemd command line: `%` and `$` doubled (systemd
    expands specifiers and variables there), quoted when it holds anything but plain
    characters (systemd.service(5), "Command lines")."""
    word = word.replace("%", "%%").replace("$", "$$")
    if _PLAIN_WORD.fullmatch(word):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def escape_path(path: Path) -> str:
    """`systemd-escape --path PATH`: the instance name of the system unit for a project."""
    text = "/".join(part for part in path.as_posix().split("/") if part)
    if not text:
        return "-"
    out = []
    for n, char in enumerate(text):
        if char == "/":
            out.append("-")
        elif _UNESCAPED.fullmatch(char) and not (char == "." and n == 0):
            out.append(char)
        else:
            out.extend(f"\\x{byte:02x}" for byte in char.encode("utf-8"))
    return "".join(out)


def _with_exec_start(text: str, command: str, note: str) -> str:
    if len(_EXEC_START.findall(text)) != 1:
        raise ValueError("a unit template must hold exactly one ExecStart= line")
    return f"# {note}\n" + _EXEC_START.sub(lambda _: f"ExecStart={command}", text)


def user_unit(wikid: list[str], project: Path, version: str) -> Unit:
    """The user unit that runs `wikid -C PROJECT watch` with the wikid command `wikid`."""
    command = " ".join(exec_word(w) for w in [*wikid, "-C", str(project), "watch"])
    name = f"wikid-{slugify(project.name) or 'project'}.service"
    text = _with_exec_start(template(USER_TEMPLATE), command,
                            f"Written by `wikid service install` (wikid {version}) for {project}.")
    return Unit(name, text, ("systemctl --user daemon-reload", f"systemctl --user enable --now {name}",
                             'loginctl enable-linger "$USER"    # keep it running while you are logged out'))


def system_unit(wikid: list[str], project: Path, version: str) -> Unit:
    """The system template unit that runs the wikid command `wikid` on the project its
    instance names; enabled for `project`."""
    command = " ".join([*(exec_word(w) for w in wikid), "-C", "%f", "watch"])  # %f: the instance's path
    text = _with_exec_start(template(SYSTEM_TEMPLATE), command,
                            f"Written by `wikid service install --system` (wikid {version}).")
    instance = f"wikid@{escape_path(project)}.service"
    return Unit(SYSTEM_TEMPLATE, text, ("systemctl daemon-reload", f"systemctl enable --now '{instance}'"))
