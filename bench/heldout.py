#!/usr/bin/env python3
"""Build eight held-out corpora of real documents from this machine's installed documentation.

Why: the devset (../shared/corpus/realdocs/, 61 documents about 15 tools) is the corpus
wikid's offline engine was tuned on, so its figures flatter the engine. These corpora are
built the same way from *other* tools -- none of the devset's entities -- so that
bench/quality.py (`--corpus OUTDIR/heldout-a`) can judge wikid on documents nobody tuned for.

Sources are what Debian installs: man pages under /usr/share/man and the files of
/usr/share/doc/<package>/ (README, NEWS, FAQ, TODO, changelog.Debian.gz, Markdown and
HTML manuals). Each tool has a fixed, ordered list of candidate documents and the
conversion each gets, mixing formats as the devset does:

* txt   a man page rendered to text: `MANWIDTH=80 man -l FILE | col -bx`
* html  a man page rendered to HTML: `groff -mandoc -Thtml` when groff has its html
        device, else `man2html`, else `pandoc -f man -t html5 --standalone` (Debian's
        groff-base has no html device and man2html is rarely installed)
* md    a man page converted to Markdown: `pandoc -f man -t gfm`
* raw   a documentation file as it is (gunzipped when compressed), named .md / .html /
        .txt after its real format
* pydoc, pydoc-html, pydoc-md   a Python standard-library module's documentation as
        Debian's interpreter prints it (`python3 -m pydoc MODULE`, `-w` for HTML; -md is
        that HTML through `pandoc -f html -t gfm`)
* csv, json   a data file made from a tool's own output (DATA: the command and how its
        output becomes rows or a JSON value), as a user exports a listing to a table

heldout-a and -b are tools' manual pages, READMEs, NEWS and changelogs. heldout-c is
projects of several documents -- a package's commands, its configuration file's manual
page, its README, an environment-variables page -- and data files made from the tools'
output; heldout-d is Python standard-library packages (a package and its submodules)
with data files made from the modules' own listings. c and d share no entity with the
devset nor with any tool listed for a or b. heldout-g (projects with data files, as c)
and heldout-h (manual pages, READMEs, NEWS and changelogs, as a and b) were added once
a-f had been looked at while tuning: they share no entity with any tool listed for a-d
(h none with g's either), so they stay documents nobody tuned for.

A candidate is taken when its file is installed (a regular file, not a symbolic link or
a `.so` stub: those duplicate another page), its conversion succeeds and the result is
MIN_BYTES to MAX_BYTES long (nothing is truncated: a document too long for the devset's
size range is skipped whole) and differs from every document already taken. A tool gets
the first DOCS_PER_TOOL candidates taken; one with fewer than MIN_DOCS is skipped with a
note on stderr and the corpus's next fallback tool is tried, so each corpus keeps
TOOLS_PER_CORPUS tools while the machine has them.

heldout-e and -f are package READMEs: the long descriptions of the Python packages
installed in this machine's base interpreter (its site-packages, whichever venv runs
this): each package's `*.dist-info/METADATA` body after the headers' blank line, named
.md or .rst after its Description-Content-Type and .txt otherwise (reST included, as
users save them), then the CHANGELOG/CHANGES/HISTORY/NEWS/README files at the top of
its package or metadata folder (or its licenses/ folder) and the text files of a
top-level doc/ or docs/ folder that its RECORD lists, DOCS_PER_TOOL documents in all.
A package whose long description has fewer than MIN_README_WORDS words is skipped;
nothing else is. A hash of PACKAGE_SEED and a package's name puts it in e or f and
ranks it there, those that ship documents of their own first; each corpus takes its
first PACKAGES_PER_CORPUS: disjoint sets, truth = the package's name as its metadata
spells it, and a package installed later changes at most one package of one corpus.

Output, for X in a ... h: OUTDIR/heldout-X/input/doc-NN.<ext> (numbers assigned in a
shuffled order fixed by the corpus's seed, so names say nothing about the tool),
truth.json (input path -> entity, the devset's schema) and sources.json (input path ->
conversion, entity, package, source, version, the devset's schema). The same machine
gives the same bytes every run: conversions run in a fixed environment (C.UTF-8,
MANWIDTH=80, an empty HOME so no user template or config applies, SOURCE_DATE_EPOCH=0).
Re-running replaces OUTDIR/heldout-* (those built: `--only heldout-e,heldout-f`).

Usage: python bench/heldout.py OUTDIR [--only NAME,...]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import importlib.metadata
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SHARE = Path("/usr/share")
DEVSET_TRUTH = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "realdocs" / "truth.json"
# The devset's entities, in case its truth.json is not on this machine: never used here.
DEVSET_ENTITIES = frozenset({
    "curl", "git", "grep", "gzip", "jq", "less", "make", "openssh-client", "rsync", "sed",
    "sqlite3", "tar", "wget", "xz-utils", "zstd",
})
MIN_BYTES = 300  # shorter files are stubs ("see the manual"), not documents
MAX_BYTES = 200_000  # the devset's largest document is just under this
DOCS_PER_TOOL = 4
MIN_DOCS = 3
TOOLS_PER_CORPUS = 8
CONVERT_TIMEOUT = 60  # seconds per conversion; a hung converter skips that candidate
PYTHON = Path("/usr/bin/python3")  # Debian's interpreter: its standard library is what is installed
FILE_KINDS = frozenset({"txt", "html", "md", "raw"})
PYDOC_KINDS = frozenset({"pydoc", "pydoc-html", "pydoc-md"})
DATA_KINDS = frozenset({"csv", "json"})
# heldout-e and -f: Python packages' long descriptions (READMEs) and shipped documents.
PACKAGE_CORPORA = ("heldout-e", "heldout-f")
PACKAGE_SEED = 20261205  # with a package's name, hashed: its corpus (e or f) and its rank there
PACKAGES_PER_CORPUS = 20
MIN_PACKAGES = 8  # per corpus: fewer and the machine has too few packages with a README
MIN_README_WORDS = 300  # shorter long descriptions are a line and a link, not a document
CORPUS_SEED = {"heldout-e": 20261206, "heldout-f": 20261207}  # numbers the file names
_PACKAGE_DOC = re.compile(r"(?i)^(?:changelog|changes|history|news|readme)(?:\.\w+)?$")
_TEXT_SUFFIXES = frozenset({"", ".md", ".markdown", ".rst", ".txt"})


@dataclass(frozen=True)
class Candidate:
    source: str  # path under /usr/share; a module (PYDOC_KINDS); a key of DATA (DATA_KINDS)
    kind: str  # "txt", "html", "md" (man page conversions), "raw", a PYDOC_KINDS or DATA_KINDS one

    def available(self) -> bool:
        """Whether this machine has what the candidate is made from (no conversion run)."""
        if self.kind in PYDOC_KINDS:
            return PYTHON.is_file()
        if self.kind in DATA_KINDS:
            return shutil.which(DATA[self.source].argv[0]) is not None
        path = SHARE / self.source
        return path.is_file() and not path.is_symlink()

    @property
    def origin(self) -> str:
        """What sources.json records as the document's source."""
        if self.kind in PYDOC_KINDS:
            return f"pydoc {self.source}"
        if self.kind in DATA_KINDS:
            argv = DATA[self.source].argv
            return "command " + (f"python3 -c <{self.source}>" if argv[0] == str(PYTHON) else " ".join(argv))
        return f"usr/share/{self.source}"


@dataclass(frozen=True)
class Tool:
    entity: str  # the truth label: the Debian package the documents are about
    candidates: tuple[Candidate, ...]


@dataclass(frozen=True)
class Document:
    entity: str
    source: str  # Candidate.origin
    conversion: str
    ext: str
    data: bytes
    package: str = ""  # the Python distribution a package corpus's document comes from
    version: str = ""


def tool(entity: str, *specs: str) -> Tool:
    """A tool from "path kind" strings (paths under /usr/share), in order of preference."""
    return Tool(entity, tuple(Candidate(*spec.split()) for spec in specs))


def _lines(pattern: str, header: list[str]) -> Callable[[str], list[list[str]]]:
    """Rows of the output lines that match `pattern` (its groups, stripped), header first."""
    regex = re.compile(pattern)
    return lambda out: [header] + [[g.strip() for g in m.groups()] for line in out.splitlines()
                                   if (m := regex.match(line))]


def _section(start: str, pattern: str, header: list[str]) -> Callable[[str], list[list[str]]]:
    """Like _lines, over the lines after the first one that starts with `start`."""
    rows = _lines(pattern, header)
    return lambda out: rows(out.split(start, 1)[1] if start in out else "")


@dataclass(frozen=True)
class DataSource:
    """A command whose output a user would keep as a data file, and how it is read:
    `read` turns its standard output into rows (header first) for a CSV, or into the
    value a JSON file holds."""

    argv: tuple[str, ...]
    read: Callable[[str], Any]


def _python(code: str) -> tuple[str, ...]:
    return (str(PYTHON), "-c", "import json, sys\n" + code + "\njson.dump(rows, sys.stdout)")


# Header words are neutral (name, value, description): the tool's name is never put
# into a data file that its own output does not carry.
DATA: dict[str, DataSource] = {
    "pg_config": DataSource(("pg_config",), _lines(r"^([A-Z_]+) = (.*)$", ["name", "value"])),
    "pandoc-extensions": DataSource(("pandoc", "--list-extensions"),
                                    lambda out: [["extension", "enabled by default"]] + [
                                        [line[1:], "yes" if line[0] == "+" else "no"]
                                        for line in out.splitlines() if line[:1] in "+-"]),
    "cmake-capabilities": DataSource(("cmake", "-E", "capabilities"), json.loads),
    "fc-conflist": DataSource(("fc-conflist",), _lines(r"^([+-]) (\S+): (.*)$", ["enabled", "file", "description"])),
    "toe": DataSource(("toe", "-a"), lambda out: [["name", "description"]] + sorted(
        [part.strip() for part in line.split("\t", 1)] for line in out.splitlines() if "\t" in line)),
    "findmnt-columns": DataSource(("findmnt", "--help"), _section("Available output columns:",
                                                                  r"^\s+(\S+)\s+(.*)$", ["column", "description"])),
    "http-status": DataSource(_python("import http\nrows = [['value', 'phrase', 'description']] + "
                                      "[[s.value, s.phrase, s.description] for s in http.HTTPStatus]"), json.loads),
    "logging-handlers": DataSource(_python(
        "import logging, logging.handlers as h\nrows = [['class', 'module', 'description']] + sorted("
        "[c.__name__, c.__module__, (c.__doc__ or '').strip().splitlines()[0]] for m in (logging, h) "
        "for c in vars(m).values() if isinstance(c, type) and issubclass(c, logging.Handler))"), json.loads),
    "encoding-aliases": DataSource(_python("import encodings.aliases as a\nrows = [['alias', 'codec']] + "
                                           "sorted([k, v] for k, v in a.aliases.items())"), json.loads),
    "zoneinfo-zones": DataSource(_python("import zoneinfo\nrows = sorted(zoneinfo.available_timezones())"),
                                 json.loads),
    "ascii-controls": DataSource(_python("import curses.ascii as a\nrows = {'controlnames': a.controlnames}"),
                                 json.loads),
    "dircolors": DataSource(("dircolors", "--print-database"), _lines(r"^([^#\s]\S*) ([^#\s]\S*)", ["name", "value"])),
    "tesseract-psm": DataSource(("tesseract", "--help-psm"), _lines(r"^\s*(\d+)\s+(\S.*)$", ["mode", "description"])),
    "ctags-extras": DataSource(("ctags-universal", "--list-extras"),
                               _lines(r"^(\S)\s+(\S+)\s+(yes|no)\s+(\S+)\s+(yes|no)\s+(.*)$",
                                      ["letter", "name", "enabled", "language", "fixed", "description"])),
    "vim-features": DataSource(("vim", "--version"), lambda out: [["feature", "included"]] + [
        [m.group(2), "yes" if m.group(1) == "+" else "no"]
        for m in re.finditer(r"(?m)(?:^|\s)([+-])\+?([a-z_0-9()]+)(?=\s|$)", out.split("Features included", 1)[-1]
                             .split("system vimrc", 1)[0])]),
    "node-versions": DataSource(("node", "-p", "JSON.stringify(process.versions)"), json.loads),
}


# Each corpus: primary tools first, then fallbacks, taken in order until it has
# TOOLS_PER_CORPUS. The lists are disjoint, and no tool of one is a near-twin of a tool
# of the other's (zip and unzip, bash and dash are kept apart or out).
CORPORA: dict[str, tuple[int, tuple[Tool, ...]]] = {
    "heldout-a": (20261201, (
        tool("bash", "man/man1/bashbug.1.gz html", "doc/bash/README.gz raw", "doc/bash/POSIX.gz raw",
             "doc/bash/changelog.Debian.gz raw", "doc/bash/COMPAT.gz raw", "doc/bash/INTRO.gz raw"),
        tool("patch", "man/man1/patch.1.gz html", "doc/patch/NEWS.gz raw", "doc/patch/README raw",
             "doc/patch/changelog.Debian.gz raw"),
        tool("openssl", "man/man1/openssl.1ssl.gz md", "man/man1/openssl-req.1ssl.gz html",
             "doc/openssl/README.md.gz raw", "doc/openssl/changelog.Debian.gz raw",
             "doc/openssl/README-ENGINES.md.gz raw", "man/man1/openssl-x509.1ssl.gz txt"),
        tool("gnupg", "man/man1/gpg.1.gz txt", "doc/gnupg/README.gz raw", "man/man1/gpgv.1.gz html",
             "doc/gnupg/KEYSERVER raw", "doc/gnupg/TODO raw", "doc/gnupg/changelog.Debian.gz raw"),
        tool("strace", "man/man1/strace.1.gz txt", "doc/strace/NEWS.gz raw",
             "man/man1/strace-log-merge.1.gz md", "doc/strace/changelog.Debian.gz raw"),
        tool("tmux", "man/man1/tmux.1.gz txt", "doc/tmux/README raw", "doc/tmux/changelog.Debian.gz raw",
             "doc/tmux/NEWS.Debian.gz raw"),
        tool("gdb", "man/man1/gdb.1.gz txt", "man/man1/gcore.1.gz md", "doc/gdb/README.gz raw",
             "doc/gdb/changelog.Debian.gz raw", "doc/gdb/NEWS.Debian.gz raw", "doc/gdb/README.Debian raw"),
        tool("valgrind", "man/man1/valgrind.1.gz html", "doc/valgrind/README raw",
             "doc/valgrind/FAQ.txt.gz raw", "man/man1/callgrind_annotate.1.gz txt",
             "doc/valgrind/changelog.Debian.gz raw"),
        # fallbacks
        tool("diffutils", "man/man1/diff.1.gz txt", "man/man1/cmp.1.gz md", "man/man1/diff3.1.gz html",
             "doc/diffutils/NEWS.gz raw", "doc/diffutils/changelog.Debian.gz raw"),
        tool("findutils", "man/man1/find.1.gz txt", "man/man1/xargs.1.gz html", "doc/findutils/README.gz raw",
             "doc/findutils/TODO raw", "doc/findutils/NEWS.Debian.gz raw"),
        tool("dpkg", "man/man1/dpkg.1.gz txt", "man/man1/dpkg-query.1.gz md", "man/man1/dpkg-deb.1.gz html",
             "doc/dpkg/README.api raw", "doc/dpkg/README.feature-removal-schedule.gz raw"),
        tool("systemd", "man/man1/journalctl.1.gz txt", "man/man1/systemctl.1.gz html",
             "doc/systemd/README.gz raw", "doc/systemd/DISTRO_PORTING.md raw", "doc/systemd/TRANSLATORS.md raw"),
    )),
    "heldout-b": (20261202, (
        tool("bzip2", "man/man1/bzip2.1.gz txt", "doc/bzip2/manual.html raw", "man/man1/bzgrep.1.gz md",
             "doc/bzip2/changelog.Debian.gz raw", "doc/bzip2/changelog.gz raw"),
        tool("lsof", "man/man8/lsof.8.gz html", "doc/lsof/00QUICKSTART.gz raw", "doc/lsof/00LSOF-L raw",
             "doc/lsof/changelog.Debian.gz raw", "doc/lsof/changelog.gz raw"),
        tool("zip", "man/man1/zip.1.gz txt", "doc/zip/WHATSNEW raw", "man/man1/zipcloak.1.gz md",
             "doc/zip/TODO raw", "doc/zip/changelog.Debian.gz raw"),
        tool("bc", "man/man1/bc.1.gz md", "doc/bc/README raw", "doc/bc/NEWS.gz raw",
             "doc/bc/changelog.Debian.gz raw", "doc/bc/bc.html raw"),
        tool("cscope", "man/man1/cscope.1.gz txt", "doc/cscope/README raw", "man/man1/ocs.1.gz html",
             "doc/cscope/changelog.Debian.gz raw", "doc/cscope/AUTHORS raw"),
        tool("mawk", "man/man1/mawk.1.gz html", "doc/mawk/README raw", "doc/mawk/changelog.Debian.gz raw",
             "doc/mawk/ACKNOWLEDGMENT raw", "doc/mawk/changelog.gz raw"),
        tool("e2fsprogs", "man/man8/e2fsck.8.gz txt", "man/man8/mke2fs.8.gz md", "man/man8/tune2fs.8.gz html",
             "doc/e2fsprogs/changelog.Debian.gz raw", "doc/e2fsprogs/README raw"),
        tool("man-db", "man/man1/man.1.gz txt", "doc/man-db/README.md.gz raw", "doc/man-db/FAQ raw",
             "man/man8/mandb.8.gz html", "doc/man-db/changelog.Debian.gz raw"),
        # fallbacks
        tool("procps", "man/man1/ps.1.gz txt", "man/man1/free.1.gz md", "doc/procps/FAQ.gz raw",
             "doc/procps/bugs.md raw", "doc/procps/changelog.Debian.gz raw"),
        tool("psmisc", "man/man1/killall.1.gz txt", "man/man1/pstree.1.gz html", "man/man1/fuser.1.gz md",
             "doc/psmisc/README.md raw", "doc/psmisc/changelog.Debian.gz raw"),
        tool("apt", "man/man8/apt.8.gz txt", "man/man8/apt-get.8.gz html", "man/man5/sources.list.5.gz md",
             "doc/apt/README.md.gz raw", "doc/apt/NEWS.Debian.gz raw"),
        tool("time", "man/man1/time.1.gz txt", "doc/time/time.html raw", "doc/time/NEWS.gz raw",
             "doc/time/changelog.Debian.gz raw", "doc/time/README raw"),
    )),
    # Projects: several commands and a configuration file's manual page, READMEs,
    # environment-variables pages, and data files made from the tools' output.
    "heldout-c": (20261203, (
        tool("postgresql", "postgresql/15/man/man1/pg_dump.1.gz txt", "man/man1/pg_ctlcluster.1.gz html",
             "doc/postgresql-common/README.md.gz raw", "pg_config csv", "postgresql/15/man/man1/createdb.1.gz md"),
        tool("fontconfig", "man/man1/fc-list.1.gz txt", "man/man5/fonts-conf.5.gz html",
             "doc/fontconfig/fontconfig-user.html raw", "fc-conflist csv", "man/man1/fc-match.1.gz md"),
        tool("cmake", "man/man1/cmake.1.gz txt", "man/man7/cmake-env-variables.7.gz md", "cmake-capabilities json",
             "man/man1/ctest.1.gz html"),
        tool("adduser", "man/man8/adduser.8.gz txt", "man/man5/adduser.conf.5.gz md", "doc/adduser/README.gz raw",
             "man/man8/deluser.8.gz html"),
        tool("ncurses", "man/man1/tic.1.gz txt", "man/man5/term.5.gz md", "toe csv", "man/man1/infocmp.1.gz html"),
        tool("pandoc", "doc/pandoc/README.md.gz raw", "pandoc-extensions csv", "doc/pandoc/README.Debian raw",
             "doc/pandoc/changelog.Debian.gz raw", "man/man1/pandoc.1.gz md"),
        tool("util-linux", "man/man8/findmnt.8.gz txt", "man/man5/fstab.5.gz html", "findmnt-columns csv",
             "doc/util-linux/howto-contribute.txt.gz raw", "man/man8/lsblk.8.gz md"),
        tool("gettext", "man/man1/xgettext.1.gz txt", "man/man1/msgfmt.1.gz md", "doc/gettext/README raw",
             "doc/gettext/NEWS.gz raw", "man/man1/gettext.1.gz html"),
        # fallbacks
        tool("pkgconf", "man/man1/pkgconf.1.gz txt", "man/man5/pc.5.gz md", "man/man7/pkg.m4.7.gz html",
             "man/man5/pkgconf-personality.5.gz txt"),
        tool("dbus", "man/man1/dbus-daemon.1.gz txt", "man/man1/dbus-send.1.gz md", "doc/dbus/README.gz raw",
             "man/man1/dbus-monitor.1.gz html"),
        tool("locales", "man/man8/locale-gen.8.gz txt", "man/man5/locale.gen.5.gz md", "doc/locales/README.Debian raw",
             "man/man8/update-locale.8.gz html"),
    )),
    # Python standard-library packages: the package and its submodules as pydoc prints
    # them, and data files made from the modules' own listings.
    "heldout-d": (20261204, (
        tool("http", "http pydoc", "http.client pydoc-html", "http-status csv", "http.cookies pydoc-md",
             "http.server pydoc"),
        tool("logging", "logging pydoc", "logging.config pydoc-md", "logging-handlers csv", "logging.handlers pydoc-html"),
        tool("email", "email.message pydoc", "email.utils pydoc-html", "email.headerregistry pydoc-md",
             "email pydoc"),
        tool("xml", "xml.etree.ElementTree pydoc", "xml.dom.minidom pydoc-html", "xml.sax pydoc-md", "xml pydoc"),
        tool("urllib", "urllib.parse pydoc", "urllib.request pydoc-html", "urllib.error pydoc-md",
             "urllib.robotparser pydoc"),
        tool("encodings", "encodings pydoc", "encoding-aliases csv", "encodings.utf_8 pydoc-html",
             "encodings.idna pydoc-md"),
        tool("multiprocessing", "multiprocessing pydoc", "multiprocessing.pool pydoc-html",
             "multiprocessing.shared_memory pydoc-md", "multiprocessing.managers pydoc"),
        tool("curses", "curses pydoc", "curses.ascii pydoc-html", "ascii-controls json", "curses.textpad pydoc-md"),
        # fallbacks
        tool("importlib", "importlib pydoc", "importlib.metadata pydoc-html", "importlib.resources pydoc-md",
             "importlib.util pydoc"),
        tool("zoneinfo", "zoneinfo pydoc", "zoneinfo-zones json", "zoneinfo pydoc-html"),
        tool("concurrent", "concurrent.futures pydoc", "concurrent.futures.thread pydoc-html",
             "concurrent.futures.process pydoc-md"),
        tool("unittest", "unittest pydoc", "unittest.mock pydoc-html", "unittest.result pydoc-md"),
    )),
    # Projects again, as c, of tools no other corpus lists: commands' and files' manual
    # pages, READMEs, and data files made from the tools' output.
    "heldout-g": (20261208, (
        tool("coreutils", "man/man1/ls.1.gz txt", "dircolors csv", "doc/coreutils/README.gz raw",
             "man/man1/sort.1.gz md", "man/man1/stat.1.gz html"),
        tool("binutils", "man/man1/objdump.1.gz txt", "man/man1/readelf.1.gz md", "man/man1/nm.1.gz html",
             "doc/binutils/NEWS.gz raw"),
        tool("groff", "man/man1/groff.1.gz txt", "man/man1/troff.1.gz md", "doc/groff/README.gz raw",
             "man/man1/tbl.1.gz html"),
        tool("tesseract-ocr", "man/man1/tesseract.1.gz txt", "doc/tesseract-ocr/README.md.gz raw", "tesseract-psm csv",
             "man/man5/unicharambigs.5.gz md"),
        tool("universal-ctags", "man/man7/ctags-universal-optlib.7.gz md", "ctags-extras csv",
             "man/man7/ctags-universal-faq.7.gz html", "man/man7/ctags-universal-client-tools.7.gz txt"),
        tool("net-tools", "man/man8/netstat.8.gz txt", "man/man8/ifconfig.8.gz md", "doc/net-tools/README raw",
             "man/man8/route.8.gz html"),
        tool("vim", "man/man1/vim.1.gz txt", "vim-features csv", "doc/vim-common/README.Debian raw",
             "man/man1/vimtutor.1.gz md"),
        tool("nodejs", "man/man1/node.1.gz txt", "node-versions json", "doc/nodejs/glossary.md raw",
             "doc/nodejs/SECURITY.md raw"),
        # fallbacks
        tool("iproute2", "man/man8/ip.8.gz txt", "man/man8/ss.8.gz md", "man/man8/tc.8.gz html",
             "doc/iproute2/README.Debian raw"),
    )),
    # Manual pages, READMEs, NEWS and changelogs, as a and b, of tools no other corpus lists.
    "heldout-h": (20261209, (
        tool("ed", "man/man1/ed.1.gz txt", "doc/ed/README.gz raw", "doc/ed/NEWS.gz raw",
             "doc/ed/changelog.Debian.gz raw"),
        tool("xdg-utils", "man/man1/xdg-open.1.gz txt", "doc/xdg-utils/README raw", "man/man1/xdg-mime.1.gz md",
             "doc/xdg-utils/NEWS.gz raw", "man/man1/xdg-settings.1.gz html"),
        tool("fakeroot", "man/man1/fakeroot-sysv.1.gz txt", "doc/fakeroot/README raw",
             "man/man1/faked-sysv.1.gz html", "doc/fakeroot/DEBUG raw", "doc/fakeroot/changelog.Debian.gz raw"),
        tool("perl", "man/man1/perl.1.gz txt", "doc/perl/README.Debian raw", "man/man1/perlbug.1.gz html",
             "man/man1/cpan.1.gz md", "doc/perl/changelog.Debian.gz raw"),
        tool("iso-codes", "doc/iso-codes/README.md.gz raw", "doc/iso-codes/changelog.Debian.gz raw",
             "doc/iso-codes/CHANGELOG-PRE-4.0.md.gz raw", "doc/iso-codes/TODO raw"),
        tool("debconf", "man/man1/debconf.1.gz txt", "doc/debconf/README.Debian raw", "man/man1/debconf-show.1.gz md",
             "man/man1/debconf-set-selections.1.gz html", "doc/debconf/NEWS.Debian.gz raw"),
        tool("packagekit", "man/man1/pkcon.1.gz txt", "doc/packagekit/README.Debian raw", "man/man1/pkmon.1.gz md"),
        tool("tcl", "man/man1/tclsh8.6.1.gz txt", "doc/tcl8.6/README.md.gz raw", "doc/tcl8.6/README.Debian raw",
             "doc/tcl8.6/changelog.Debian.gz raw"),
        # fallbacks
        tool("debianutils", "man/man8/run-parts.8.gz txt", "man/man8/savelog.8.gz md", "doc/debianutils/README.shells.gz raw",
             "doc/debianutils/changelog.Debian.gz raw"),
    )),
}
ALL = (*CORPORA, *PACKAGE_CORPORA)
# Corpora built from tools of their own: they leave out every tool listed for these.
FRESH_OF = {"heldout-c": ("heldout-a", "heldout-b"), "heldout-d": ("heldout-a", "heldout-b"),
            "heldout-g": ("heldout-a", "heldout-b", "heldout-c", "heldout-d"),
            "heldout-h": ("heldout-a", "heldout-b", "heldout-c", "heldout-d", "heldout-g")}


def note(message: str) -> None:
    print(f"heldout: {message}", file=sys.stderr, flush=True)


def installed_tools(name: str) -> list[str]:
    """The tools of corpus `name` with at least MIN_DOCS candidate files installed: a cheap
    check (no conversion) for callers that must know up front whether a build can succeed."""
    return [t.entity for t in CORPORA[name][1] if sum(c.available() for c in t.candidates) >= MIN_DOCS]


def excluded_entities() -> frozenset[str]:
    """The devset's entities (its truth.json when present, else the built-in list)."""
    try:
        return DEVSET_ENTITIES | frozenset(json.loads(DEVSET_TRUTH.read_text()).values())
    except (OSError, ValueError):
        return DEVSET_ENTITIES


# A default value's repr in pydoc (`<object object at 0x7fdb99103550>`): where this run
# put the object in memory.
_ADDRESS = rb"0x[0-9a-f]{8,16}\b"


def _numbered(pattern: bytes, template: bytes, data: bytes) -> bytes:
    """`data` with each distinct match of `pattern` replaced by `template` % its order of
    first appearance: names a converter draws from its process id or from memory
    addresses change every run, while which of them are the same must stay."""
    order: dict[bytes, int] = {}
    return re.sub(pattern, lambda m: template % order.setdefault(m.group(0), len(order) + 1), data)


class Converter:
    """Runs the conversions in one fixed environment, so that output does not depend on
    the caller's locale, terminal, pager, MANOPT or pandoc user templates."""

    def __init__(self, home: Path) -> None:
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LC_ALL": "C.UTF-8",
                    "LANG": "C.UTF-8", "MANWIDTH": "80", "TZ": "UTC", "SOURCE_DATE_EPOCH": "0"}
        self.cwd = home
        self.pandoc = shutil.which("pandoc") is not None
        self.html = self._html_tool()

    def _run(self, argv: list[str], data: bytes | None = None) -> bytes | None:
        try:
            done = subprocess.run(argv, input=data, capture_output=True, env=self.env, cwd=self.cwd,
                                  timeout=CONVERT_TIMEOUT)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return done.stdout if done.returncode == 0 else None

    def _html_tool(self) -> str | None:
        """groff when its html device works (Debian's groff-base lacks it), else man2html, else pandoc."""
        probe = b".TH PROBE 1\n.SH NAME\nprobe \\- probe\n"
        if shutil.which("groff") and self._run(["groff", "-mandoc", "-Thtml"], probe):
            return "groff"
        if shutil.which("man2html") and self._run(["man2html"], probe):
            return "man2html"
        return "pandoc" if self.pandoc else None

    def make(self, candidate: Candidate) -> tuple[bytes, str, str] | None:
        """(data, extension, conversion description) of a candidate, or None when this machine cannot."""
        if candidate.kind in PYDOC_KINDS:
            return self.pydoc(candidate.source, candidate.kind)
        if candidate.kind in DATA_KINDS:
            return self.data(candidate.source, candidate.kind)
        return self.convert(SHARE / candidate.source, candidate.kind)

    def pydoc(self, module: str, kind: str) -> tuple[bytes, str, str] | None:
        """A module's pydoc page: text, HTML (`pydoc -w` writes MODULE.html), or that HTML as Markdown."""
        if kind == "pydoc":
            text = self._run([str(PYTHON), "-m", "pydoc", module])
            return (_numbered(_ADDRESS, b"0x%x", text), ".txt", "python3 -m pydoc") if text else None
        written = self.cwd / f"{module}.html"
        written.unlink(missing_ok=True)
        if self._run([str(PYTHON), "-m", "pydoc", "-w", module]) is None or not written.is_file():
            return None
        html = _numbered(_ADDRESS, b"0x%x", written.read_bytes())
        written.unlink()
        if kind == "pydoc-html":
            return html, ".html", "python3 -m pydoc -w"
        md = self._run(["pandoc", "-f", "html", "-t", "gfm"], html) if self.pandoc else None
        return (md, ".md", "python3 -m pydoc -w, pandoc -f html -t gfm") if md else None

    def data(self, name: str, kind: str) -> tuple[bytes, str, str] | None:
        """A data file made from a command's output (DATA[name])."""
        source = DATA[name]
        out = self._run(list(source.argv))
        try:
            value = source.read(out.decode("utf-8")) if out is not None else None
        except (ValueError, UnicodeDecodeError):
            return None
        if not value or (kind == "csv" and len(value) < 2):
            return None
        if kind == "json":
            return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8"), ".json", "JSON of its output"
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(value)
        return buffer.getvalue().encode("utf-8"), ".csv", "CSV of its output"

    def convert(self, path: Path, kind: str) -> tuple[bytes, str, str] | None:
        """(data, extension, conversion description) of a file, or None when this machine cannot."""
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        if kind == "raw":
            name = path.name.removesuffix(".gz").lower()
            ext = ".md" if name.endswith(".md") else ".html" if name.endswith((".html", ".htm")) else ".txt"
            return raw, ext, "gunzip" if path.suffix == ".gz" else "copy"
        if raw.lstrip().startswith(b".so "):
            return None  # a stub that includes another page
        # pandoc's man reader knows no mdoc (BSD) macros and silently drops their words
        mdoc = re.search(rb"(?m)^\.(?:Dd|Nm)\b", raw) is not None
        if kind == "txt":
            if not shutil.which("man") or not shutil.which("col"):
                return None
            text = self._run(["man", "-l", str(path)])
            text = self._run(["col", "-bx"], text) if text is not None else None
            return (text, ".txt", "MANWIDTH=80 man -l | col -bx") if text is not None else None
        if kind == "md":
            if not self.pandoc or mdoc:
                return None
            md = self._run(["pandoc", "-f", "man", "-t", "gfm"], raw)
            return (md, ".md", "gunzip, pandoc -f man -t gfm") if md is not None else None
        if kind == "html":
            return None if mdoc and self.html == "pandoc" else self._to_html(raw)
        raise ValueError(f"unknown conversion kind {kind!r}")

    def _to_html(self, roff: bytes) -> tuple[bytes, str, str] | None:
        if self.html == "groff":
            html = self._run(["groff", "-mandoc", "-Thtml"], roff)
            # grohtml stamps the time of the run and names the images it draws after its
            # process id; drop the one and number the others in order, so runs agree
            html = _numbered(rb"grohtml-\d+", b"grohtml-%d", re.sub(rb"<!-- CreationDate: [^>]*-->\n?", b"", html)) \
                if html is not None else None
            return (html, ".html", "gunzip, groff -mandoc -Thtml") if html is not None else None
        if self.html == "man2html":
            html = self._run(["man2html"], roff)
            # man2html ends with the time of the run ("Time: ..."); drop that line so runs agree
            html = re.sub(rb"(?m)^Time: .*\n", b"", html) if html is not None else None
            return (html, ".html", "gunzip, man2html") if html is not None else None
        if self.html == "pandoc":
            html = self._run(["pandoc", "-f", "man", "-t", "html5", "--standalone"], roff)
            return (html, ".html", "gunzip, pandoc -f man -t html5 --standalone") if html is not None else None
        return None


def tool_documents(converter: Converter, spec: Tool, seen: set[bytes]) -> list[Document]:
    """The first DOCS_PER_TOOL candidates of `spec` this machine has and can convert."""
    taken: list[Document] = []
    for candidate in spec.candidates:
        if len(taken) == DOCS_PER_TOOL:
            break
        if not candidate.available():
            continue
        try:
            converted = converter.make(candidate)
        except (OSError, EOFError, gzip.BadGzipFile):
            converted = None
        if converted is None:
            continue
        data, ext, conversion = converted
        digest = hashlib.sha256(data).digest()
        if not MIN_BYTES <= len(data) <= MAX_BYTES or digest in seen:
            continue
        seen.add(digest)
        taken.append(Document(spec.entity, candidate.origin, conversion, ext, data))
    return taken


def choose(converter: Converter, tools: tuple[Tool, ...], excluded: frozenset[str]) -> list[Document]:
    """Documents of the first TOOLS_PER_CORPUS tools of `tools` that have MIN_DOCS documents."""
    documents: list[Document] = []
    chosen = 0
    seen: set[bytes] = set()
    for spec in tools:
        if chosen == TOOLS_PER_CORPUS:
            break
        if spec.entity in excluded:
            note(f"skipping {spec.entity}: it is one of the devset's entities")
            continue
        found = tool_documents(converter, spec, seen)
        if len(found) < MIN_DOCS:
            note(f"skipping {spec.entity}: only {len(found)} of its documents are installed and convertible"
                 f" (need {MIN_DOCS}); trying the next tool")
            continue
        documents += found
        chosen += 1
    if chosen < TOOLS_PER_CORPUS:
        raise SystemExit(f"heldout: only {chosen} of {TOOLS_PER_CORPUS} tools available on this machine")
    return documents


def site_packages() -> list[Path]:
    """The base interpreter's site-packages (pure and platform), not a virtualenv's: a
    benchmark run from any venv of this machine sees the same installed packages."""
    base = dict.fromkeys(("base", "platbase", "installed_base", "installed_platbase"), sys.base_prefix)
    paths = sysconfig.get_paths(vars=base)
    return sorted({Path(paths["purelib"]), Path(paths["platlib"])})


def long_description(dist: importlib.metadata.Distribution) -> tuple[bytes, str] | None:
    """(body, extension) of a distribution's METADATA: the long description after the
    headers' blank line, named after its Description-Content-Type (.md, .rst; anything
    else .txt, even when it is reST, as a user saving it would)."""
    text = dist.read_text("METADATA") or ""
    body = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    if len(body.split()) < MIN_README_WORDS:
        return None
    kind = (dist.metadata.get("Description-Content-Type") or "").split(";")[0].strip().casefold()
    return body.encode("utf-8"), {"text/markdown": ".md", "text/x-rst": ".rst"}.get(kind, ".txt")


def shipped_documents(dist: importlib.metadata.Distribution) -> list[str]:
    """The documentation text files a distribution installs (its RECORD; paths relative
    to site-packages), in path order: a CHANGELOG/CHANGES/HISTORY/NEWS/README at the top
    of its package or metadata folder (or the metadata's licenses/ folder), and text
    files of a top-level doc/ or docs/ folder. Deeper files are a vendored library's or
    a subpackage's, not the package's own."""
    found = []
    for rel in dist.files or ():
        parts = rel.parts
        if rel.suffix.casefold() not in _TEXT_SUFFIXES or "__pycache__" in parts:
            continue
        named = _PACKAGE_DOC.match(rel.name) is not None
        top = len(parts) == 2 and named
        licenses = len(parts) == 3 and parts[0].endswith(".dist-info") and parts[1] == "licenses" and named
        docs = len(parts) == 3 and parts[1].casefold() in ("doc", "docs")
        if top or licenses or docs:
            found.append(str(rel))
    return sorted(found)


def package_documents(info: Path, seen: set[bytes]) -> list[Document]:
    """One package's README (its long description, from the METADATA of `info`, its
    .dist-info folder) and the first documentation files it ships, DOCS_PER_TOOL in all;
    nothing when its long description is tiny."""
    dist = importlib.metadata.PathDistribution(info)
    readme = long_description(dist)
    if readme is None:
        return []
    name, version = dist.metadata["Name"], dist.version
    candidates = [(readme[0], readme[1], f"site-packages/{info.name}/METADATA", "long description (METADATA body)")]
    for rel in shipped_documents(dist):
        try:
            data = (info.parent / rel).read_bytes()
        except OSError:
            continue
        ext = {".md": ".md", ".markdown": ".md", ".rst": ".rst"}.get(Path(rel).suffix.casefold(), ".txt")
        candidates.append((data, ext, f"site-packages/{rel}", "copy"))
    taken: list[Document] = []
    for data, ext, source, conversion in candidates:
        digest = hashlib.sha256(data).digest()
        if MIN_BYTES <= len(data) <= MAX_BYTES and digest not in seen:
            seen.add(digest)
            taken.append(Document(name, source, conversion, ext, data, name, version))
        elif not taken:
            return []  # its README is too long, or another package's twin: no package
        if len(taken) == DOCS_PER_TOOL:
            break
    return taken


def package_corpora() -> dict[str, list[Document]]:
    """heldout-e and -f: disjoint sets of PACKAGES_PER_CORPUS packages with a long
    description, drawn from every such package of site_packages() (one per name: the
    first .dist-info in path order) by a hash of PACKAGE_SEED and the name, which says
    the corpus a package goes to and its rank there, those that ship documents of their
    own first (they are the packages of several documents). A hash, not a shuffle of
    the list: a package installed later changes at most one package of one corpus."""
    seen: set[bytes] = set()
    by_name: dict[str, list[Document]] = {}
    for site in site_packages():
        for info in sorted(site.glob("*.dist-info")):
            if not (info / "METADATA").is_file():
                continue
            name = re.sub(r"[-_.]+", "-", importlib.metadata.PathDistribution(info).metadata["Name"] or "").casefold()
            if name and name not in by_name:
                by_name[name] = package_documents(info, seen)
    drawn: dict[str, list[tuple[bool, str, str]]] = {corpus: [] for corpus in PACKAGE_CORPORA}
    for name, docs in by_name.items():
        if docs:
            rank = hashlib.sha256(f"{PACKAGE_SEED}:{name}".encode()).hexdigest()
            drawn[PACKAGE_CORPORA[int(rank, 16) % len(PACKAGE_CORPORA)]].append((len(docs) == 1, rank, name))
    per = min(PACKAGES_PER_CORPUS, *(len(ranked) for ranked in drawn.values()))
    if per < MIN_PACKAGES:
        raise SystemExit(f"heldout: only {sum(map(len, drawn.values()))} installed Python packages have a long "
                         f"description of {MIN_README_WORDS} words or more (need {MIN_PACKAGES} per corpus)")
    return {corpus: [doc for _, _, name in sorted(ranked)[:per] for doc in by_name[name]]
            for corpus, ranked in drawn.items()}


def packages(sources: list[str]) -> dict[str, tuple[str, str]]:
    """Source (Candidate.origin) -> (package, version), from dpkg; ("", "") where dpkg does
    not know it (a pydoc page or a command's output is no installed file)."""
    owner: dict[str, str] = {}
    sources = [s for s in sources if s.startswith("usr/share/")]
    if not sources:
        return {}
    try:
        done = subprocess.run(["dpkg", "-S", *(f"/{s}" for s in sources)],
                              capture_output=True, text=True, timeout=120)
        for line in done.stdout.splitlines():
            names, _, path = line.partition(": ")
            if path.startswith("/usr/share/") and not names.startswith("diversion"):
                owner[path.removeprefix("/")] = names.split(", ")[0].split(":")[0]
        wanted = sorted(set(owner.values()))
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${Version}\n", *wanted],
                              capture_output=True, text=True, timeout=120) if wanted else None
        versions = dict(line.split("\t", 1) for line in (done.stdout.splitlines() if done else []) if "\t" in line)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    return {s: (owner[s], versions.get(owner[s], "")) for s in sources if s in owner}


def write_corpus(outdir: Path, name: str, seed: int, documents: list[Document]) -> Path:
    """Write one corpus to a scratch folder beside its place, then swap it in."""
    order = list(range(len(documents)))
    random.Random(seed).shuffle(order)
    width = max(2, len(str(len(documents))))
    named = sorted(((f"doc-{n + 1:0{width}d}{documents[i].ext}", documents[i]) for n, i in enumerate(order)),
                   key=lambda pair: pair[0])
    owners = packages([doc.source for _, doc in named])
    final = outdir / name
    scratch = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=outdir))
    (scratch / "input").mkdir()
    truth: dict[str, str] = {}
    sources: dict[str, dict[str, str]] = {}
    for filename, doc in named:
        (scratch / "input" / filename).write_bytes(doc.data)
        package, version = owners.get(doc.source, (doc.package, doc.version))
        truth[filename] = doc.entity
        sources[filename] = {"conversion": doc.conversion, "entity": doc.entity, "package": package,
                             "source": doc.source, "version": version}
    for filename, data in (("truth.json", truth), ("sources.json", sources)):
        (scratch / filename).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    scratch.chmod(0o755)
    if final.exists():
        shutil.rmtree(final)
    scratch.rename(final)
    return final


def summary(name: str, documents: list[Document], unit: str = "tools") -> str:
    tools = Counter(doc.entity for doc in documents)
    formats = Counter(doc.ext.lstrip(".") for doc in documents)
    size = sum(len(doc.data) for doc in documents)
    return (f"{name}: {len(documents)} documents, {len(tools)} {unit} ("
            + ", ".join(f"{t} {n}" for t, n in tools.items()) + "), formats "
            + ", ".join(f"{f} {n}" for f, n in sorted(formats.items())) + f", {size:,} bytes")


def build(outdir: Path, names: tuple[str, ...] = ALL) -> dict[str, list[Document]]:
    """The corpora `names` under `outdir`; tools used by one Debian corpus are never reused
    by another, and those of FRESH_OF never by the corpora built fresh of them. Each
    Debian corpus is chosen as if every corpus before it were built too."""
    outdir.mkdir(parents=True, exist_ok=True)
    for name in names:  # scratch folders an interrupted run left behind
        for stale in outdir.glob(f".{name}-*"):
            shutil.rmtree(stale, ignore_errors=True)
    built: dict[str, list[Document]] = {}
    if any(name in CORPORA for name in names):
        built |= build_debian(outdir, names)
    if any(name in PACKAGE_CORPORA for name in names):
        for name, documents in package_corpora().items():
            if name in names:
                final = write_corpus(outdir, name, CORPUS_SEED[name], documents)
                built[name] = documents
                print(summary(name, documents, "packages") + f" -> {final}", file=sys.stderr, flush=True)
    return built


def build_debian(outdir: Path, names: tuple[str, ...]) -> dict[str, list[Document]]:
    """The Debian corpora (CORPORA) of `names`, from /usr/share."""
    if not (SHARE / "man").is_dir():
        raise SystemExit("heldout: /usr/share/man is absent: no man pages to build from")
    excluded = excluded_entities()
    chosen: dict[str, list[Document]] = {}
    with tempfile.TemporaryDirectory(prefix="heldout-home-") as home:
        converter = Converter(Path(home))
        if converter.html is None:
            note("no HTML converter (groff html device, man2html, pandoc): man pages are not rendered to HTML")
        last = max(list(CORPORA).index(name) for name in names if name in CORPORA)
        for name, (seed, tools) in list(CORPORA.items())[: last + 1]:  # the earlier ones decide what is used
            used = {doc.entity for docs in chosen.values() for doc in docs}
            used |= {t.entity for older in FRESH_OF.get(name, ()) for t in CORPORA[older][1]}
            chosen[name] = choose(converter, tuple(t for t in tools if t.entity not in used), excluded)
            if name in names:
                final = write_corpus(outdir, name, seed, chosen[name])
                print(summary(name, chosen[name]) + f" -> {final}", file=sys.stderr, flush=True)
    return {name: docs for name, docs in chosen.items() if name in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", type=Path, help="folder to create heldout-a/ ... heldout-f/ in")
    parser.add_argument("--only", help="comma-separated corpora to build (default: all): " + ", ".join(ALL))
    args = parser.parse_args()
    names = tuple(n.strip() for n in args.only.split(",")) if args.only else ALL
    if unknown := [n for n in names if n not in ALL]:
        parser.error(f"unknown corpora {unknown}: choose from {', '.join(ALL)}")
    build(args.outdir, names)


if __name__ == "__main__":
    main()
