"""Walk `input/` in a stable order and say which files may be touched at all.

OS/sync junk, editor and download temp names, hidden files and user `ignore`
patterns are skipped silently (they are not documents). Links, FIFOs, devices and
names that cannot be written into a markdown link are returned as unsafe: they are
reported, never followed or opened. So are files whose name or path is too long for
the names wikid derives from them (`<stem>-extracted.<stamp>.<n>.txt` in the archive,
hidden temp files, the staged text under `.wikid/extract/`): they would hit the
file system's 255-byte name or PATH_MAX limit in the middle of a batch.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

JUNK_NAMES = frozenset(
    {
        "thumbs.db",
        "ehthumbs.db",
        "desktop.ini",
        "@eadir",
        "__macosx",
        "$recycle.bin",
        "system volume information",
        "icon\r",
    }
)
TEMP_PATTERNS = (
    "*.part",
    "*.partial",
    "*.crdownload",
    "*.download",
    "*.tmp",
    "*.temp",
    "*.swp",
    "*.swx",
    "*~",
    "~$*",
    "*.!qb",
)


MAX_NAME_BYTES = 200  # leaves 55 bytes for what wikid adds to a name (temp and archive suffixes)
PATH_HEADROOM = 128  # bytes by which a derived path may exceed its input's path


@dataclass(frozen=True)
class InputEntry:
    """One thing found under `input/`: a regular file, or why it must not be touched."""

    rel: str  # NFC, POSIX separators; control bytes escaped when unsafe
    path: Path
    size: int = 0
    mtime_ns: int = 0
    ino: int = 0
    unsafe: str | None = None  # reason the path is never opened
    io_error: str | None = None  # the directory or file could not be read, or its folder not written


_TEMP_NAME = re.compile("|".join(fnmatch.translate(pattern) for pattern in TEMP_PATTERNS))
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # Unicode category Cc, exactly: one search per name


def is_skipped_name(name: str) -> bool:
    """True for junk and temp names: files that are not (yet) documents."""
    lowered = name.lower()
    if name.startswith(".") or lowered in JUNK_NAMES:
        return True
    return _TEMP_NAME.match(lowered) is not None


def display_name(name: str) -> str:
    """A printable form of any name: invalid bytes and control characters escaped."""
    raw = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return "".join(
        ch if unicodedata.category(ch) not in ("Cc", "Cs") else repr(ch)[1:-1] for ch in raw
    )


def unrepresentable(name: str) -> str | None:
    """Why `name` cannot become a wiki path or markdown link, or None when it can."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "its name is not valid UTF-8; rename the file"
    if _CONTROL.search(name):
        return "its name contains a control character (newline, tab, …); rename the file"
    return None


def rel_names(names: list[str]) -> dict[str, str]:
    """The name each entry of one folder is known by: its NFC form (macOS writes NFD, and
    the archive and the pages use one spelling), unless another entry of the folder
    already has that form — an NFC/NFD twin keeps its own spelling, so two different
    files never share an archive name or a citation. Unrepresentable names are left out.
    """
    usable = [n for n in names if not unrepresentable(n)]
    out = {n: n for n in usable if unicodedata.normalize("NFC", n) == n}
    taken = set(out)
    for name in sorted(n for n in usable if n not in out):
        nfc = unicodedata.normalize("NFC", name)
        out[name] = name if nfc in taken else nfc
        taken.add(out[name])
    return out


def _folder_names(directory: str, name: str) -> dict[str, str]:
    try:
        return rel_names(os.listdir(directory))
    except OSError:
        return {name: unicodedata.normalize("NFC", name)}


def canonical_rel(raw: str, root: Path | None = None) -> str:
    """The rel `scan_input` reports for input-relative `raw` as the OS names it (a watcher
    event): NFC names (an NFC/NFD twin keeps its spelling, see `rel_names`: telling them
    apart needs the folder, `root` = input/); a path through a name that cannot be
    represented ends at that name, escaped, because the scan reports that name as unsafe
    and never looks inside."""
    out = []
    parts = raw.split("/")
    for n, part in enumerate(parts):
        if unrepresentable(part):
            out.append(display_name(part))
            break
        nfc = unicodedata.normalize("NFC", part)
        if nfc != part and root is not None:
            nfc = _folder_names(os.path.join(root, *parts[:n]), part).get(part, nfc)
        out.append(nfc)
    return "/".join(out)


def too_long(path: str, name: str) -> str | None:
    """Why a file at `path` cannot be archived and staged under its name, or None."""
    size = len(name.encode("utf-8"))
    if size > MAX_NAME_BYTES:
        return f"its name is {size} bytes long; wikid needs names of at most {MAX_NAME_BYTES} bytes — rename the file"
    try:
        path_max = os.pathconf(os.path.dirname(path), "PC_PATH_MAX")
    except (OSError, ValueError):
        path_max = 4096
    length = len(os.fsencode(path))
    if length + PATH_HEADROOM > path_max:
        return (f"its path is {length} bytes long; wikid needs paths of at most {path_max - PATH_HEADROOM} "
                "bytes — move it up or rename its folders")
    return None


def _ignored_by_user(rel: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(rel, p) for p in patterns)


def scan_input(input_dir: Path, ignore: tuple[str, ...] = ()) -> list[InputEntry]:
    """Return the entries under `input_dir`, sorted by their NFC relative path."""
    entries: list[InputEntry] = []
    _walk(input_dir, "", ignore, entries)
    entries.sort(key=lambda e: e.rel)
    return entries


def _read_only(rel_dir: str) -> str:
    folder = f"input/{rel_dir}" if rel_dir else "input"
    return (f"its folder {folder}/ is read-only, so wikid cannot move the file into the archive; "
            f"make the folder writable (chmod u+w {folder}) and it is taken next run")


def _walk(directory: Path, rel_dir: str, ignore: tuple[str, ...], out: list[InputEntry]) -> None:
    try:
        with os.scandir(directory) as it:
            children = list(it)
    except OSError as exc:
        out.append(InputEntry(rel_dir or ".", directory, io_error=f"cannot list folder: {exc.strerror}"))
        return
    children = [c for c in children if not is_skipped_name(c.name)]
    known = rel_names([c.name for c in children])
    stuck = None if os.access(directory, os.W_OK | os.X_OK) else _read_only(rel_dir)
    for child in children:
        name = child.name
        bad_name = unrepresentable(name)
        if bad_name:
            shown = f"{rel_dir}/{display_name(name)}" if rel_dir else display_name(name)
            out.append(InputEntry(shown, Path(child.path), unsafe=bad_name))
            continue
        rel = f"{rel_dir}/{known[name]}" if rel_dir else known[name]
        if _ignored_by_user(rel, ignore):
            continue
        path = Path(child.path)
        try:
            st = child.stat(follow_symlinks=False)
        except OSError as exc:
            out.append(InputEntry(rel, path, io_error=f"cannot stat: {exc.strerror}"))
            continue
        if stat.S_ISLNK(st.st_mode):
            out.append(InputEntry(rel, path, unsafe="symbolic link; wikid never follows links — drop the file itself"))
        elif stat.S_ISDIR(st.st_mode):
            _walk(path, rel, ignore, out)
        elif stat.S_ISREG(st.st_mode):
            long_name = too_long(child.path, name)
            if long_name:
                out.append(InputEntry(rel, path, unsafe=long_name))
            else:
                out.append(InputEntry(rel, path, size=st.st_size, mtime_ns=st.st_mtime_ns, ino=st.st_ino, io_error=stuck))
        else:
            out.append(InputEntry(rel, path, unsafe="special file (FIFO, socket or device); only regular files are read"))
