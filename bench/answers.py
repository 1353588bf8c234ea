#!/usr/bin/env python3
"""Answers: does `wikid query` show the passage that answers a question, and does `--answer` state it?

Why: finding the right page is not enough; a user reads the snippet under each result
and the `--answer` paragraph, and both must hold the sentence that answers, not the
page's or the source's first line. This measures that on real documents nobody tuned
the query code for.

Each corpus in bench/answers.json is built from this machine's installed documentation
the way bench/heldout.py builds its corpora (its conversions: man pages rendered to text,
HTML or Markdown, README/NEWS/FAQ files as they are; none of the devset's tools), or is
a folder holding input/ (`"corpus"`, for the smoke test). `wikid update` (offline engine, fixed
clock) runs on a scratch copy; then each question, written the way a user would ask it,
goes to the real search, `Project(path).search(question, answer=True)` (the extractive
answer: a fresh project configures no model). A question carries the short exact phrase
that answers it; a phrase counts as shown when its words appear in a row, in order, in
the text (compared by wikid's own tokens, so case, punctuation, markup and line breaks do
not matter).

Figures, per corpus:

* snippets -- share of questions whose phrase is in the snippet of one of the top
              TOP_K results. Target: 7 of 8 (0.875).
* answer   -- share of questions whose phrase is in the `--answer` text. Target: 7 of 8.

A question whose phrase is in none of the project's archived extracted texts cannot be
answered on this machine (a document missing or converted differently): it is left out
and named in a note, never counted as a miss.

Usage: python bench/answers.py [--data FILE] [--corpora answers-a,answers-b] [--keep DIR] [--misses] [--json]
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import heldout  # bench/heldout.py: the conversions and the corpus layout
import quality  # bench/quality.py: run_update
import table  # bench/table.py
from table import Row, attempt, progress

from wikid import Project
from wikid.query.tokenize import tokens

BENCH = Path(__file__).resolve().parent
DATA = BENCH / "answers.json"
TOP_K = 3
TARGET = 7 / 8
MIN_DOCS = 2  # a tool with fewer documents installed is left out of its corpus


@dataclass(frozen=True)
class Question:
    ask: str
    phrase: str  # the short exact passage that answers it


@dataclass(frozen=True)
class Verdict:
    question: Question
    snippet: bool  # the phrase is in one of the top TOP_K snippets
    answer: bool  # the phrase is in the --answer text
    shown: list[str]  # what was shown: the top snippets, then the answer


def holds(text: str, phrase: str) -> bool:
    """Whether `phrase`'s words appear in `text` in a row, in order."""
    have, want = tokens(text), tokens(phrase)
    return bool(want) and any(have[i : i + len(want)] == want for i in range(len(have) - len(want) + 1))


def build_corpus(name: str, spec: dict, outdir: Path) -> Path:
    """The corpus `name` under `outdir`: the folder given (`"corpus"`: it holds input/),
    or built from its tools."""
    if "corpus" in spec:
        return Path(spec["corpus"])
    documents: list[heldout.Document] = []
    seen: set[bytes] = set()
    with tempfile.TemporaryDirectory(prefix="answers-home-") as home:
        converter = heldout.Converter(Path(home))
        for entity, candidates in spec["tools"].items():
            found = heldout.tool_documents(converter, heldout.tool(entity, *candidates), seen)
            if len(found) < MIN_DOCS:
                progress(f"answers: {name}: leaving out {entity}: {len(found)} of its documents installed")
                continue
            documents += found
    if not documents:
        raise SystemExit(f"answers: {name}: none of its documents is installed on this machine")
    return heldout.write_corpus(outdir, name, int(spec["seed"]), documents)


def extracted_texts(project: Path) -> str:
    """Every archived extracted text of the project, one after another."""
    return "\n\n".join(p.read_text(encoding="utf-8", errors="replace")
                       for p in sorted((project / "wiki" / "archive").rglob("*-extracted.txt")))


def judge(project: Path, question: Question) -> Verdict:
    response = Project(project).search(question.ask, k=TOP_K, answer=True)
    snippets = [r.snippet for r in response.results[:TOP_K]]
    answer = response.answer.text if response.answer else ""
    return Verdict(question, any(holds(s, question.phrase) for s in snippets), holds(answer, question.phrase),
                   [*snippets, answer])


def corpus_rows(name: str, spec: dict, scratch: Path, misses: bool, notes: list[str]) -> list[Row]:
    corpus = build_corpus(name, spec, scratch)
    project = scratch / f"{name}-project"
    seconds = quality.run_update(corpus, project)
    documents = len(list((corpus / "input").iterdir()))
    progress(f"answers: {name}: wikid update on {documents} documents in {seconds:.1f} s")
    texts = extracted_texts(project)
    questions = [Question(q["ask"], q["phrase"]) for q in spec["questions"]]
    answerable = [q for q in questions if holds(texts, q.phrase)]
    for q in questions:
        if q not in answerable:
            notes.append(f"answers: {name}: left out {q.ask!r}: {q.phrase!r} is in no extracted text here")
    if not answerable:
        raise ValueError(f"{name}: no question's phrase is in its extracted texts")
    verdicts = [judge(project, q) for q in answerable]
    if misses:
        for v in verdicts:
            if not (v.snippet and v.answer):
                progress(f"miss {name} (snippet {'ok' if v.snippet else 'MISS'}, answer {'ok' if v.answer else 'MISS'})"
                         f": {v.question.ask!r} wants {v.question.phrase!r}")
                for shown in v.shown:
                    progress(f"    | {shown[:400]}")
    n = len(verdicts)
    snippet_hits, answer_hits = sum(v.snippet for v in verdicts), sum(v.answer for v in verdicts)
    notes.append(f"answers: {name}: {documents} documents, {n} questions: answering passage in the top-{TOP_K} "
                 f"snippets {snippet_hits}/{n}, stated by --answer {answer_hits}/{n}")
    label = f"answers {name} ({documents} docs, {n} questions)"
    return [Row(f"{label}: answering passage in top-{TOP_K} snippets", snippet_hits / n, TARGET, "share",
                target=True),
            Row(f"{label}: --answer states it", answer_hits / n, TARGET, "share", target=True)]


def main() -> int:
    parser = table.parser(__doc__)
    parser.add_argument("--data", type=Path, default=DATA, help=f"corpora and questions (default {DATA.name})")
    parser.add_argument("--corpora", help="comma-separated corpora of the data file (default all)")
    parser.add_argument("--keep", type=Path, help="build the corpora and projects here and keep them")
    parser.add_argument("--misses", action="store_true", help="print each miss and what was shown (stderr)")
    args = parser.parse_args()
    data = json.loads(args.data.read_text(encoding="utf-8"))
    names = [n.strip() for n in args.corpora.split(",")] if args.corpora else list(data)
    unknown = [n for n in names if n not in data]
    if unknown:
        parser.error(f"unknown corpora: {', '.join(unknown)} (the data file has {', '.join(data)})")
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="wikid-bench-answers-", dir="/tmp"))
    scratch.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    notes: list[str] = []
    try:
        for name in names:
            rows += attempt(f"answers {name}", corpus_rows, name, data[name], scratch, args.misses, notes)
    finally:
        if args.keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
