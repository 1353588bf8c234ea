"""Known-item search: is a fact stated in a document found through `wikid query`?

For every document a wikid project has archived (a `sources[].resource` cited by a
page, with the archived extracted text `sources[].text`), FACTS_PER_DOCUMENT "fact"
sentences are taken from that extracted text at fixed relative positions (1/6, 3/6,
5/6 of its prose sentences of at least MIN_WORDS words; headings, table rows, code
blocks and indented lines are skipped). The query is the sentence's QUERY_WORDS rarest
words, by document frequency over all the project's extracted texts (ties: the word
first in alphabetical order). A fact counts as found when a page citing its document
is among the top TOP_K results of the real search, `Project(path).search`.

The baseline is the same search over the pages' own text only (an index with no
source texts, what `wikid query` searched before sources were indexed): the share a
page's digest alone can answer. The ratio is wikid's share against it.

A second figure guards the other side: searching sources must not bury the pages
themselves. For every page, its title is the query, and it counts when that page
comes first - with the source texts, against the pages alone.

`known_item(project)` returns the figures, for other benchmarks to import. The CLI
measures a project that has run `wikid update` (PROJECT), or, without one, copies
`../shared/corpus/realdocs/input` into a scratch project and runs `wikid update`
there first (about 10 s). It also times the fact queries on that project as
bench/query.py times its own (a cold `wikid query` process; a warm daemon over its
socket) and gives the index's size beside that of an index of the pages alone.

Usage: python bench/knownitem.py [PROJECT] [--json] [--misses]
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import table  # bench/table.py
from table import Row, attempt, progress

from wikid import Project
from wikid.okf.bundle import walk_bundle
from wikid.okf.frontmatter import parse_frontmatter
from wikid.query.index import QueryIndex, apply_changes, empty_index
from wikid.query.results import QueryRequest
from wikid.query.search import execute, wiki_reader
from wikid.query.store import index_page, load, save
from wikid.query.tokenize import tokens

FACTS_PER_DOCUMENT = 3
MIN_WORDS = 8
QUERY_WORDS = 6
TOP_K = 3
TARGET = 0.9
REALDOCS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "realdocs" / "input"

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_CODE_OR_TABLE = re.compile(r"^(?:\s{4,}|\t|\s*[|#>]|\s*```|\s*~~~)")


@dataclass(frozen=True)
class Fact:
    resource: str  # the document's archive path, as pages cite it (/archive/...)
    sentence: str
    query: str


def prose_sentences(text: str) -> list[str]:
    """The sentences of `text`'s prose paragraphs with at least MIN_WORDS words, in order."""
    out: list[str] = []
    paragraph: list[str] = []
    fenced = False

    def flush() -> None:
        joined = " ".join(paragraph)
        out.extend(s for s in _SENTENCE_END.split(joined) if len([t for t in tokens(s) if t.isalpha()]) >= MIN_WORDS)
        paragraph.clear()

    for line in text.split("\n"):
        if line.strip().startswith(("```", "~~~")):
            fenced = not fenced
        if fenced or not line.strip() or _CODE_OR_TABLE.match(line):
            flush()
        else:
            paragraph.append(line.strip())
    flush()
    return out


def pick(sentences: list[str]) -> list[str]:
    """FACTS_PER_DOCUMENT sentences at fixed relative positions (distinct ones)."""
    if not sentences:
        return []
    at = [len(sentences) * (2 * i + 1) // (2 * FACTS_PER_DOCUMENT) for i in range(FACTS_PER_DOCUMENT)]
    return list(dict.fromkeys(sentences[i] for i in at))


def rarest_words(sentence: str, df: Counter[str]) -> str:
    """The sentence's QUERY_WORDS words (tokens holding a letter) with the lowest df."""
    words = sorted({t for t in tokens(sentence) if any(c.isalpha() for c in t)}, key=lambda t: (df[t], t))
    return " ".join(words[:QUERY_WORDS])


def documents(wiki: Path) -> dict[str, Path]:
    """Archived document (resource) -> its extracted text, from the pages' `sources`."""
    out: dict[str, Path] = {}
    for concept_id in walk_bundle(wiki).concept_ids:
        data = parse_frontmatter((wiki / f"{concept_id}.md").read_text(encoding="utf-8", errors="replace")).data
        for source in (data or {}).get("sources") or []:
            if isinstance(source, dict) and isinstance(source.get("text"), str) and source.get("resource"):
                text = wiki / source["text"].lstrip("/")
                if text.is_file():
                    out.setdefault(str(source["resource"]), text)
    return dict(sorted(out.items()))


def facts(wiki: Path) -> list[Fact]:
    texts = {resource: path.read_text(encoding="utf-8", errors="replace") for resource, path in documents(wiki).items()}
    df: Counter[str] = Counter()
    for text in texts.values():
        df.update(set(tokens(text)))
    return [Fact(resource, s, rarest_words(s, df)) for resource, text in texts.items()
            for s in pick(prose_sentences(text))]


def citing_pages(wiki: Path) -> dict[str, set[str]]:
    """Document (resource) -> the concept ids of the pages citing it."""
    out: dict[str, set[str]] = {}
    for concept_id in walk_bundle(wiki).concept_ids:
        data = parse_frontmatter((wiki / f"{concept_id}.md").read_text(encoding="utf-8", errors="replace")).data
        for source in (data or {}).get("sources") or []:
            if isinstance(source, dict) and source.get("resource"):
                out.setdefault(str(source["resource"]), set()).add(concept_id)
    return out


Search = Callable[[str], list[str]]  # query -> concept ids, best first


def share(wiki: Path, search: Search, misses: list[Fact] | None = None) -> dict[str, float]:
    """Hits, total and share of the facts of `wiki` that `search` finds in its top TOP_K."""
    cited = citing_pages(wiki)
    all_facts = facts(wiki)
    hits = 0
    for fact in all_facts:
        if cited.get(fact.resource, set()) & set(search(fact.query)[:TOP_K]):
            hits += 1
        elif misses is not None:
            misses.append(fact)
    return {"hits": hits, "total": len(all_facts), "share": hits / len(all_facts) if all_facts else 0.0}


def own_title(wiki: Path, search: Search) -> dict[str, float]:
    """Hits, total and share of the pages that come first when their title is the query."""
    pages = walk_bundle(wiki).concept_ids
    titles = {i: parse_frontmatter((wiki / f"{i}.md").read_text(encoding="utf-8", errors="replace")).text("title")
              for i in pages}
    hits = sum(search(title)[:1] == [i] for i, title in titles.items() if title)
    total = sum(1 for title in titles.values() if title)
    return {"hits": hits, "total": total, "share": hits / total if total else 0.0}


def wikid_search(project: Project) -> Search:
    return lambda q: [r.id for r in project.query(q, k=TOP_K)]


def page_only_index(wiki: Path) -> QueryIndex:
    """An index of the pages' own text: no source text is read."""
    pages = [index_page(i, (wiki / f"{i}.md").read_bytes(), bytes(32), None, lambda path: None)
             for i in walk_bundle(wiki).concept_ids]
    return apply_changes(empty_index(), [], pages)


def page_only_search(project: Project) -> Search:
    """The same search over an index of the pages' own text."""
    index = page_only_index(project.paths.wiki)
    read = wiki_reader(project.paths.wiki)
    return lambda q: [r.id for r in execute(index, QueryRequest(q, TOP_K), read).results]


def timing_rows(project: Project, name: str, queries: list[str], notes: list[str]) -> list[Row]:
    """Cold and warm query times on `project`, and its index size against a pages-only one."""
    import query as bench_query  # bench/query.py

    project.reindex()
    stored = load(project.paths.query_index)
    assert stored is not None
    with tempfile.TemporaryDirectory() as scratch:
        alone = Path(scratch) / "pages-only.npz"
        save(alone, page_only_index(project.paths.wiki))
        size, size_alone = project.paths.query_index.stat().st_size, alone.stat().st_size
    notes.append(f"knownitem: index {size / 1e6:.2f} MB, {len(stored.norms):,} rows, {stored.rows.size:,} postings; "
                 f"{size_alone / 1e6:.2f} MB for the pages alone")
    qs = [queries[i % len(queries)] for i in range(bench_query.WARM_QUERIES)]
    seconds, _ = bench_query.bench_cold(project.root, qs)
    cold, floor = seconds["wikid"], seconds["floor"]
    warm, warm_floor = bench_query.bench_warm(project.root, qs)
    label = f"query {name} ({len(stored)} pages + sources):"
    return [Row(f"{label} index size", size / 1e6, size_alone / 1e6, "MB", "pages alone"),
            Row(f"{label} cold query (process)", cold, floor, "s", "python -c 'import numpy'"),
            Row(f"{label} warm query p50 (daemon)", bench_query.percentile(warm, 50),
                bench_query.percentile(warm_floor, 50), "s", "scipy X @ q"),
            Row(f"{label} warm query p95 (daemon)", bench_query.percentile(warm, 95),
                bench_query.percentile(warm_floor, 95), "s", "scipy X @ q")]


def known_item(project: Path) -> dict[str, float]:
    """wikid's known-item share on a project that has run `wikid update`."""
    wiki = Project(project)
    return share(wiki.paths.wiki, wikid_search(wiki))


def realdocs_project(scratch: Path) -> Path:
    """A copy of the realdocs corpus in `scratch`/input, after `wikid update`."""
    if not REALDOCS.is_dir():
        raise FileNotFoundError(f"{REALDOCS} is absent: pass a PROJECT that has run `wikid update`")
    shutil.copytree(REALDOCS, scratch / "input")
    for dirpath, dirs, files in os.walk(scratch):
        for name in dirs + files:
            os.chmod(os.path.join(dirpath, name), 0o755 if name in dirs else 0o644)
    project = Project(scratch)
    project.init()
    os.environ.setdefault("WIKID_NOW", "2026-12-01T00:00:00Z")
    report = project.update()
    progress(f"knownitem: wikid update on realdocs: {report.counts()}")
    return scratch


def main() -> int:
    parser = table.parser(__doc__)
    parser.add_argument("project", nargs="?", help="a wikid project that has run `wikid update`")
    parser.add_argument("--misses", action="store_true", help="print the facts wikid does not find (stderr)")
    args = parser.parse_args()
    scratch = None
    if args.project:
        root = Path(args.project)
    else:
        scratch = Path(tempfile.mkdtemp(prefix="wikid-bench-knownitem-", dir="/tmp"))
        root = realdocs_project(scratch)
    try:
        project = Project(root)
        misses: list[Fact] = []
        ours = share(project.paths.wiki, wikid_search(project), misses)
        baseline = share(project.paths.wiki, page_only_search(project))
        if args.misses:
            for fact in misses:
                progress(f"miss {fact.resource}: {fact.query!r} <- {fact.sentence[:120]!r}")
        titles, titles_before = own_title(project.paths.wiki, wikid_search(project)), own_title(
            project.paths.wiki, page_only_search(project))
        label = f"known-item search, top {TOP_K} ({ours['total']:.0f} facts)"
        title_label = f"own-title search, first ({titles['total']:.0f} pages)"
        rows = [Row(label, 100 * ours["share"], 100 * baseline["share"], "% found", "pages' own text only"),
                Row(label, 100 * ours["share"], 100 * TARGET, "% found", target=True),
                Row(title_label, 100 * titles["share"], 100 * titles_before["share"], "% found",
                    "pages' own text only")]
        notes = [(f"knownitem: {root}: {ours['hits']:.0f}/{ours['total']:.0f} facts found with the source texts, "
                  f"{baseline['hits']:.0f}/{baseline['total']:.0f} from the pages alone")]
        for row in rows:
            progress(row.progress())
        queries = [fact.query for fact in facts(project.paths.wiki)]
        name = "realdocs" if scratch is not None else root.name
        rows += attempt(f"query {name}: timing", lambda: timing_rows(project, name, queries, notes))
        return table.emit(rows, notes, args.json)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
