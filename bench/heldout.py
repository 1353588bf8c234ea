#!/usr/bin/env python3
"""Build two held-out corpora of real documents from this machine's installed documentation.

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

A candidate is taken when its file is installed (a regular file, not a symbolic link or
a `.so` stub: those duplicate another page), its conversion succeeds and the result is
MIN_BYTES to MAX_BYTES long (nothing is truncated: a document too long for the devset's
size range is skipped whole) and differs from every document already taken. A tool gets
the first DOCS_PER_TOOL candidates taken; one with fewer than MIN_DOCS is skipped with a
note on stderr and the corpus's next fallback tool is tried, so each corpus keeps
TOOLS_PER_CORPUS tools while the machine has them.

Output, for X in a, b: OUTDIR/heldout-X/input/doc-NN.<ext> (numbers assigned in a
shuffled order fixed by the corpus's seed, so names say nothing about the tool),
truth.json (input path -> entity, the devset's schema) and sources.json (input path ->
conversion, entity, package, source, version, the devset's schema). The same machine
gives the same bytes every run: conversions run in a fixed environment (C.UTF-8,
MANWIDTH=80, an empty HOME so no user template or config applies, SOURCE_DATE_EPOCH=0).
Re-running replaces OUTDIR/heldout-*.

Usage: python bench/heldout.py OUTDIR
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

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


@dataclass(frozen=True)
class Candidate:
    source: str  # path under /usr/share
    kind: str  # "txt", "html", "md" (man page conversions) or "raw"


@dataclass(frozen=True)
class Tool:
    entity: str  # the truth label: the Debian package the documents are about
    candidates: tuple[Candidate, ...]


@dataclass(frozen=True)
class Document:
    entity: str
    source: str  # path under /usr/share
    conversion: str
    ext: str
    data: bytes


def tool(entity: str, *specs: str) -> Tool:
    """A tool from "path kind" strings (paths under /usr/share), in order of preference."""
    return Tool(entity, tuple(Candidate(*spec.split()) for spec in specs))


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
}


def note(message: str) -> None:
    print(f"heldout: {message}", file=sys.stderr, flush=True)


def installed_tools(name: str) -> list[str]:
    """The tools of corpus `name` with at least MIN_DOCS candidate files installed: a cheap
    check (no conversion) for callers that must know up front whether a build can succeed."""
    return [t.entity for t in CORPORA[name][1]
            if sum((SHARE / c.source).is_file() and not (SHARE / c.source).is_symlink()
                   for c in t.candidates) >= MIN_DOCS]


def excluded_entities() -> frozenset[str]:
    """The devset's entities (its truth.json when present, else the built-in list)."""
    try:
        return DEVSET_ENTITIES | frozenset(json.loads(DEVSET_TRUTH.read_text()).values())
    except (OSError, ValueError):
        return DEVSET_ENTITIES


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

    def convert(self, path: Path, kind: str) -> tuple[bytes, str, str] | None:
        """(data, extension, conversion description), or None when this machine cannot."""
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
            # -P-I: grohtml names the images of a table or an equation after its own PID
            # unless given a stem (mandb.8's table): a stem of its own, so runs agree
            html = self._run(["groff", "-mandoc", "-Thtml", "-P-Iimage"], roff)
            # grohtml stamps the time of the run; drop that comment so runs agree
            html = re.sub(rb"<!-- CreationDate: [^>]*-->\n?", b"", html) if html is not None else None
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
        path = SHARE / candidate.source
        if path.is_symlink() or not path.is_file():
            continue
        try:
            converted = converter.convert(path, candidate.kind)
        except (OSError, EOFError, gzip.BadGzipFile):
            converted = None
        if converted is None:
            continue
        data, ext, conversion = converted
        digest = hashlib.sha256(data).digest()
        if not MIN_BYTES <= len(data) <= MAX_BYTES or digest in seen:
            continue
        seen.add(digest)
        taken.append(Document(spec.entity, candidate.source, conversion, ext, data))
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


def packages(sources: list[str]) -> dict[str, tuple[str, str]]:
    """Source path -> (package, version), from dpkg; ("", "") where dpkg does not know it."""
    owner: dict[str, str] = {}
    try:
        done = subprocess.run(["dpkg", "-S", *(f"/usr/share/{s}" for s in sources)],
                              capture_output=True, text=True, timeout=120)
        for line in done.stdout.splitlines():
            names, _, path = line.partition(": ")
            if path.startswith("/usr/share/") and not names.startswith("diversion"):
                owner[path.removeprefix("/usr/share/")] = names.split(", ")[0].split(":")[0]
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
        package, version = owners.get(doc.source, ("", ""))
        truth[filename] = doc.entity
        sources[filename] = {"conversion": doc.conversion, "entity": doc.entity, "package": package,
                             "source": f"usr/share/{doc.source}", "version": version}
    for filename, data in (("truth.json", truth), ("sources.json", sources)):
        (scratch / filename).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    scratch.chmod(0o755)
    if final.exists():
        shutil.rmtree(final)
    scratch.rename(final)
    return final


def summary(name: str, documents: list[Document]) -> str:
    tools = Counter(doc.entity for doc in documents)
    formats = Counter(doc.ext.lstrip(".") for doc in documents)
    size = sum(len(doc.data) for doc in documents)
    return (f"{name}: {len(documents)} documents, {len(tools)} tools ("
            + ", ".join(f"{t} {n}" for t, n in tools.items()) + "), formats "
            + ", ".join(f"{f} {n}" for f, n in sorted(formats.items())) + f", {size:,} bytes")


def build(outdir: Path) -> dict[str, list[Document]]:
    """Both corpora under `outdir`; tools used by one corpus are never reused by the other."""
    if not (SHARE / "man").is_dir():
        raise SystemExit("heldout: /usr/share/man is absent: no man pages to build from")
    outdir.mkdir(parents=True, exist_ok=True)
    for name in CORPORA:  # scratch folders an interrupted run left behind
        for stale in outdir.glob(f".{name}-*"):
            shutil.rmtree(stale, ignore_errors=True)
    excluded = excluded_entities()
    built: dict[str, list[Document]] = {}
    with tempfile.TemporaryDirectory(prefix="heldout-home-") as home:
        converter = Converter(Path(home))
        if converter.html is None:
            note("no HTML converter (groff html device, man2html, pandoc): man pages are not rendered to HTML")
        for name, (seed, tools) in CORPORA.items():
            used = {doc.entity for docs in built.values() for doc in docs}
            documents = choose(converter, tuple(t for t in tools if t.entity not in used), excluded)
            final = write_corpus(outdir, name, seed, documents)
            built[name] = documents
            print(summary(name, documents) + f" -> {final}", file=sys.stderr, flush=True)
    return built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", type=Path, help="folder to create heldout-a/ and heldout-b/ in")
    build(parser.parse_args().outdir)


if __name__ == "__main__":
    main()
