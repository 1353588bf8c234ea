"""Benchmark document extraction: wikid against markitdown, pypdf and poppler's pdftotext.

What it measures, on documents generated for the run:

* pdf  -- N pages of prose (--pdf-pages, default 200): a heading line and 4-6 wrapped
          paragraphs per page (~3,000 characters), one Helvetica font, Flate-compressed
          content streams. Throughput in pages per second.
* docx -- ~1.5 MB written by python-docx: Heading 1 sections with Heading 2
          subsections of paragraphs, a bullet list and a 6 x 5 table each.
          Throughput in MB of input file per second.
* xlsx -- 50,000 rows x 8 columns (ids, dates, text, integers, floats) on one sheet,
          ~3.7 MB, written by openpyxl (normal mode, which like Excel records the sheet's
          dimension). MB per second.

Per document, the timed figures are:

* wikid in-process -- the format module alone: `wikid.extract.pdf.extract(data, ".pdf")`
  (word, sheet likewise) on the file's bytes.
* wikid worker     -- end to end, what the daemon pays: `Extractor(LimitsConfig()).extract(path)`,
  which reads the file in the isolated worker process, sniffs it, extracts under the
  memory cap and pipes the text back. "warm" is a call after a first one started the
  worker and imported the format libraries; "cold" is that first call of a fresh
  Extractor, paid once per batch and format, timed once (it includes starting the
  worker process: a fresh `python -c` that imports the worker module).
* markitdown       -- `MarkItDown().convert_local(path)`, the library wikid would
  otherwise use for these formats (pdfminer/pdfplumber, mammoth, pandas).
* pypdf            -- `PdfReader(path).pages[i].extract_text()` for every page, wikid's
  fallback PDF engine.
* pdftotext        -- poppler's C++ tool through subprocess, the practical speed limit
  for PDF text, when it is installed.

Why: every document dropped into input/ is extracted before the agent reads it, so
extraction speed bounds how fast a batch of office files is taken in. The ratios say
what wikid's choices (PDFium for PDF, python-docx and openpyxl directly instead of
markitdown, one isolated worker per batch) buy or cost. The table compares wikid through
the warm worker with every baseline ("N x faster" = wikid's throughput / the baseline's),
and the cold first call with markitdown's warm conversion time; wikid in-process and the
character counts are in the notes under it. The character counts show the tools did
comparable work. They differ for xlsx by design: wikid keeps
the first 10,000 data rows of a sheet (wikid.extract.sheet.MAX_ROWS) and still parses
the rows after them to count them for the warning, while markitdown renders every row.

Two more figures (issue 17 item 4), each wikid against its baseline in paired,
interleaved runs, so that other work on the machine weighs on both alike:

* batch  -- a batch of 40 PDFs of 134 pages each (5,360 pages, --batch-pdfs, --batch-pages;
            each written like the pdf above) extracted as `wikid update` extracts a
            batch (`wikid.extract.pool.extract_all`, fresh workers every run): on
            `limits.extract_workers` workers (the default, one per CPU) against one
            worker, and against the target of 1.7x faster than one worker. Median of
            --repeat runs each; the notes say how many cores each used (CPU time of the
            parent and its workers over wall time).
* fixed cost -- a whole `python -m wikid extract` process on a 3-page PDF against a bare
            `python -c "import pypdfium2"` process (the least any Python tool reading a
            PDF with PDFium pays), and against the target of 3x that. Median of 21 pairs
            (5 with --quick).

Each figure but the cold call, the batch and the fixed cost is the best of 3 runs
(--repeat) (time.perf_counter, wall clock); files live in a temporary folder under /tmp,
removed afterwards. --quick uses small documents (20 pages, a 0.1 MB docx, 5,000 rows,
a batch of 4 PDFs of 20 pages) for a smoke run.

Usage: python bench/extract.py [--pdf-pages N] [--batch-pdfs 40] [--batch-pages 134] [--quick] [--repeat 3]
                               [--only documents,batch,fixed-cost] [--json]
"""

from __future__ import annotations

import os

os.environ["ORT_DISABLE_TELEMETRY"] = "1"  # before markitdown (magika/onnxruntime) is imported

import argparse
import datetime as dt
import importlib
import io
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING

import table  # bench/table.py
from table import Row, attempt, format_value

from wikid.config import LimitsConfig
from wikid.extract.pool import extract_all
from wikid.extract.registry import extractor_module
from wikid.extract.runner import Extractor

if TYPE_CHECKING:
    from markitdown import MarkItDown

# Format libraries and markitdown are imported in the functions that use them, never
# here: a cold call must pay the format imports itself, as under the `wikid` command.

# tests/ holds make_pdf, the PDF builder the test suite uses.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

REPEATS = 3
BATCH_TARGET = 1.7  # times faster than one worker, on 2 cores (issue 17)
FIXED_COST_TARGET = 3.0  # times a bare `python -c "import pypdfium2"` process
WORDS = (
    "account agreement analysis annual approval asset audit backlog balance billing board "
    "budget capacity carrier catalogue change channel claim client committee compliance "
    "contract control cost coverage credit customer cycle dashboard data deadline delivery "
    "demand deployment deposit design discount dispute document draft estimate evidence "
    "exception expense export facility feedback finance forecast freight funding governance "
    "growth guidance hardware incident income inventory invoice issue journal labour ledger "
    "legal licence limit logistics maintenance margin market meeting metric migration "
    "milestone network notice objective onboarding operations order outage owner partner "
    "payment payroll pension performance period policy portfolio premium pricing priority "
    "procurement product profit programme project proposal purchase quality quarter quota "
    "rate rebate receipt record recovery refund region register release renewal report "
    "request requirement reserve resource retention revenue review risk roadmap salary "
    "schedule scope security segment service settlement shipment software source staff "
    "standard statement storage strategy supplier support survey target tax team tender "
    "terms timeline training transfer travel treasury upgrade usage valuation vendor "
    "version volume warehouse warranty workflow workload"
).split()
GLUE = "the a of to and in for with on by from under after before against within".split()
REGIONS = ["North", "South", "East", "West", "Central", "Overseas"]
PRODUCTS = ["Standard licence", "Premium support", "Hardware lease", "Training day", "Consulting hour", "Storage tier"]


@dataclass(frozen=True)
class Document:
    """A generated file, how its throughput is counted, and how much text went into it."""

    kind: str  # pdf, docx or xlsx
    path: Path
    pages: int  # PDF pages; 0 for the others, whose throughput is MB/s
    source_chars: int  # characters written that wikid keeps; its text must hold 90% of them
    megabytes: float  # input file size, in 10^6 bytes

    def throughput(self, seconds: float) -> float:
        return (self.pages or self.megabytes) / seconds

    def unit(self) -> str:
        return "pages/s" if self.pages else "MB/s"

    def label(self) -> str:
        return f"extract {self.kind}, {self.pages:,} pages" if self.pages else f"extract {self.kind}, {self.megabytes:.2f} MB"


@dataclass(frozen=True)
class Timing:
    tool: str
    seconds: float | None  # None: the tool is not installed
    chars: int = 0


@dataclass(frozen=True)
class Result:
    """wikid's figures for one document (seconds), next to the baselines'."""

    doc: Document
    chars: int  # of wikid's text, the same in-process and through the worker
    in_process: float
    warm: float
    cold: float
    baselines: list[Timing]
    warnings: tuple[str, ...]  # what wikid reported, shown under the table


def file_mb(path: Path) -> float:
    return path.stat().st_size / 1_000_000


def sentence(rng: random.Random) -> str:
    words = [rng.choice(GLUE) if rng.random() < 0.3 else rng.choice(WORDS) for _ in range(rng.randint(8, 18))]
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def paragraph(rng: random.Random) -> str:
    return " ".join(sentence(rng) for _ in range(rng.randint(3, 6)))


def title(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5))).capitalize()


def write_pdf(folder: Path, n_pages: int, rng: random.Random, name: str = "report.pdf") -> Document:
    """Pages of wrapped prose, 46 lines at most (what fits make_pdf's 12 pt page)."""
    from pdf_fixtures import make_pdf
    from pypdf import PdfReader, PdfWriter

    pages = []
    for n in range(1, n_pages + 1):
        lines = [f"{n}. {title(rng)}"]
        while True:
            block = [""] + textwrap.wrap(paragraph(rng), width=80)
            if len(lines) + len(block) > 46:
                break
            lines += block
        pages.append("\n".join(lines))
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(pages))))
    for page in writer.pages:
        page.compress_content_streams()
    path = folder / name
    writer.write(path)
    return Document("pdf", path, n_pages, sum(len(text) for text in pages), file_mb(path))


def write_docx(folder: Path, sections: int, rng: random.Random) -> Document:
    import docx

    document = docx.Document()
    texts: list[str] = []

    def add(text: str, style: str | None = None) -> None:
        document.add_paragraph(text, style=style)
        texts.append(text)

    for _ in range(sections):
        add(title(rng), "Heading 1")
        for _ in range(2):
            add(title(rng), "Heading 2")
            for _ in range(rng.randint(3, 6)):
                add(paragraph(rng))
        for _ in range(rng.randint(3, 5)):
            add(sentence(rng), "List Bullet")
        grid = document.add_table(rows=6, cols=5)
        for row in grid.rows:
            for cell in row.cells:
                cell.text = rng.choice(WORDS) if rng.random() < 0.5 else f"{rng.uniform(0, 1e5):,.2f}"
                texts.append(cell.text)
    path = folder / "handbook.docx"
    document.save(path)
    return Document("docx", path, 0, sum(len(text) for text in texts), file_mb(path))


def write_xlsx(folder: Path, n_rows: int, rng: random.Random) -> Document:
    """One sheet of orders. Written in openpyxl's normal mode, not write-only: write-only
    files have no <dimension> element, and a read-only openpyxl load then parses the whole
    sheet once just to size it, which files saved by Excel or LibreOffice never cost."""
    import openpyxl

    from wikid.extract.sheet import MAX_ROWS

    workbook = openpyxl.Workbook()
    data = workbook.active
    data.title = "Orders"
    header = ["Order", "Date", "Customer", "Region", "Product", "Quantity", "Unit price", "Note"]
    data.append(header)
    kept_chars = sum(map(len, header))
    start = dt.date(2020, 1, 1)
    for i in range(n_rows):
        row = [
            100_000 + i,
            start + dt.timedelta(days=rng.randrange(2000)),
            f"{title(rng)} Ltd",
            rng.choice(REGIONS),
            rng.choice(PRODUCTS),
            rng.randint(1, 500),
            round(rng.uniform(1, 5000), 2),
            sentence(rng) if rng.random() < 0.6 else None,
        ]
        data.append(row)
        if i < MAX_ROWS:
            kept_chars += sum(len(str(value)) for value in row if value is not None)
    path = folder / "orders.xlsx"
    workbook.save(path)
    return Document("xlsx", path, 0, kept_chars, file_mb(path))


def best_of(run: Callable[[], int]) -> tuple[float, int]:
    """The fastest of REPEATS wall-clock runs, and the character count `run` returned."""
    best, chars = float("inf"), 0
    for _ in range(REPEATS):
        start = time.perf_counter()
        chars = run()
        best = min(best, time.perf_counter() - start)
    return best, chars


def wikid_result(doc: Document, baselines: list[Timing]) -> Result:
    """wikid's in-process, warm and cold worker figures for `doc`, next to `baselines`."""
    suffix = doc.path.suffix
    module = extractor_module(suffix)
    assert module is not None, f"no wikid extractor for {suffix}"
    extract = importlib.import_module(module).extract
    in_process, chars = best_of(lambda: len(extract(doc.path.read_bytes(), suffix).text))
    reference = extract(doc.path.read_bytes(), suffix)
    assert len(reference.text) >= 0.9 * doc.source_chars, (
        f"wikid gave {len(reference.text):,} characters for {doc.kind}, "
        f"{doc.source_chars:,} were written into the document"
    )

    def worker_call(extractor: Extractor) -> int:
        outcome = extractor.extract(doc.path)
        assert outcome.ok and outcome.text == reference.text, f"worker differs from in-process: {outcome.detail}"
        return len(outcome.text)

    with Extractor(LimitsConfig()) as extractor:
        start = time.perf_counter()
        worker_call(extractor)
        cold = time.perf_counter() - start
        warm, _ = best_of(lambda: worker_call(extractor))
    return Result(doc, chars, in_process, warm, cold, baselines, reference.warnings)


def markitdown_timing(doc: Document, converter: MarkItDown) -> Timing:
    return Timing("markitdown", *best_of(lambda: len(converter.convert_local(doc.path).markdown)))


def pypdf_timing(doc: Document) -> Timing:
    from pypdf import PdfReader

    def run() -> int:
        reader = PdfReader(doc.path)
        return sum(len(page.extract_text()) for page in reader.pages)

    return Timing("pypdf extract_text", *best_of(run))


def pdftotext_timing(doc: Document) -> Timing:
    if shutil.which("pdftotext") is None:
        return Timing("pdftotext", None)

    def run() -> int:
        result = subprocess.run(["pdftotext", "-enc", "UTF-8", str(doc.path), "-"], capture_output=True, check=True)
        return len(result.stdout.decode("utf-8"))

    return Timing("pdftotext", *best_of(run))


def result_rows(result: Result) -> list[Row]:
    """wikid through the warm worker against each baseline, and the cold first call
    against markitdown's (warm, best-of-3) conversion."""
    doc, unit = result.doc, result.doc.unit()
    warm = doc.throughput(result.warm)
    rows = [
        Row(f"{doc.label()} (warm worker)", warm, None, unit, f"{timing.tool}: not installed")
        if timing.seconds is None else
        Row(f"{doc.label()} (warm worker)", warm, doc.throughput(timing.seconds), unit, timing.tool)
        for timing in result.baselines
    ]
    markitdown = result.baselines[0]
    rows.append(Row(f"{doc.label()} (cold 1st call)", result.cold, markitdown.seconds, "s", f"{markitdown.tool} (warm)"))
    return rows


def result_notes(result: Result) -> list[str]:
    """What the table leaves out: wikid in-process, the character counts, wikid's warnings."""
    doc = result.doc
    chars = ", ".join(f"{timing.tool} {timing.chars:,}" for timing in result.baselines if timing.seconds is not None)
    notes = [f"{doc.label()}: wikid in-process {format_value(doc.throughput(result.in_process), doc.unit())}; "
             f"characters: wikid {result.chars:,}, {chars}"]
    return notes + [f"wikid warning on {doc.kind}: {warning}" for warning in result.warnings]


def batch_seconds(paths: list[Path], workers: int) -> tuple[float, float]:
    """Wall time of extracting `paths` as a batch does, on `workers` fresh workers, and
    the cores it used: CPU time of this process and its (by then ended) workers over it."""
    before = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    start = time.perf_counter()
    outcomes = list(extract_all(LimitsConfig(extract_workers=workers), paths))
    seconds = time.perf_counter() - start
    after = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    assert all(outcome.ok for _, outcome in outcomes), [o.detail for _, o in outcomes if not o.ok]
    cpu = sum(a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime for a, b in zip(after, before, strict=True))
    return seconds, cpu / seconds


def batch_rows(folder: Path, n_pdfs: int, n_pages: int, rng: random.Random, notes: list[str]) -> list[Row]:
    """The batch of PDFs on the default pool against one worker (see the docstring)."""
    paths = [write_pdf(folder, n_pages, rng, f"report-{n:02d}.pdf").path for n in range(n_pdfs)]
    workers = LimitsConfig().extract_workers
    runs: dict[int, list[tuple[float, float]]] = {workers: [], 1: []}
    for _ in range(REPEATS):
        for n in runs:
            runs[n].append(batch_seconds(paths, n))
    pool = statistics.median(seconds for seconds, _ in runs[workers])
    alone = statistics.median(seconds for seconds, _ in runs[1])
    label = f"extract a batch of {n_pdfs} PDFs ({n_pdfs * n_pages:,} pages)"
    notes.append(f"{label}: median of {REPEATS} paired runs; cores used: {workers} worker(s) "
                 f"{statistics.median(cores for _, cores in runs[workers]):.2f}, "
                 f"1 worker {statistics.median(cores for _, cores in runs[1]):.2f}")
    return [Row(f"{label}, {workers} workers", pool, alone, "s", "1 worker"),
            Row(f"{label}, {workers} workers: {BATCH_TARGET:g}x faster than 1", pool, alone / BATCH_TARGET, "s",
                target=True)]


def fixed_cost_rows(folder: Path, runs: int, notes: list[str]) -> list[Row]:
    """A whole `wikid extract` process on a 3-page PDF against `python -c "import pypdfium2"`."""
    from pdf_fixtures import make_pdf

    pdf = folder / "memo.pdf"
    pdf.write_bytes(make_pdf([f"Page {n}: the delivery terms of the Acme Anvils contract." for n in (1, 2, 3)]))
    # Bytecode caching on, as for an installed wikid; no WIKID_* setting of the caller.
    env = {k: v for k, v in os.environ.items() if not k.startswith("WIKID_") and k != "PYTHONDONTWRITEBYTECODE"}
    wikid = [sys.executable, "-m", "wikid", "-C", str(folder), "extract", str(pdf)]
    floor = [sys.executable, "-c", "import pypdfium2"]

    def run(argv: list[str]) -> float:  # in `folder`, so that no `wikid` in the current folder is imported
        start = time.perf_counter()
        subprocess.run(argv, env=env, cwd=folder, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start

    run(wikid)  # bytecode written
    pairs = [(run(wikid), run(floor)) for _ in range(runs)]
    wikid_s, floor_s = (statistics.median(times) for times in zip(*pairs, strict=True))
    label = "wikid extract, 3-page PDF (process)"
    notes.append(f"{label}: median of {runs} paired runs; 1-minute load average {os.getloadavg()[0]:.1f}")
    return [Row(label, wikid_s, floor_s, "s", "python -c 'import pypdfium2'"),
            Row(f"{label}: {FIXED_COST_TARGET:g}x import pypdfium2", wikid_s, FIXED_COST_TARGET * floor_s, "s",
                target=True)]


GROUPS = ("documents", "batch", "fixed-cost")


def groups(text: str) -> list[str]:
    """--only: some of GROUPS."""
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in GROUPS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown figure(s) {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    return chosen


def libraries() -> str:
    packages = ("pypdfium2", "pypdf", "python-docx", "openpyxl", "markitdown", "pdfminer.six", "pdfplumber", "pandas")

    def installed(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "not installed"

    return "extract libraries: " + ", ".join(f"{name} {installed(name)}" for name in packages)


def document_rows(doc: Document, converter: MarkItDown, notes: list[str]) -> list[Row]:
    """Time one document with every tool; its notes are appended to `notes`."""
    baselines = [markitdown_timing(doc, converter)]
    if doc.kind == "pdf":
        baselines += [pypdf_timing(doc), pdftotext_timing(doc)]
    result = wikid_result(doc, baselines)
    notes += result_notes(result)
    return result_rows(result)


def main() -> int:
    global REPEATS
    parser = table.parser(__doc__)
    parser.add_argument("--pdf-pages", type=int, help="pages in the PDF (default 200, 20 with --quick)")
    parser.add_argument("--quick", action="store_true", help="small documents, for a smoke run")
    parser.add_argument("--batch-pdfs", type=int, help="PDFs in the batch (default 40, 4 with --quick)")
    parser.add_argument("--batch-pages", type=int, help="pages per PDF of the batch (default 134, 20 with --quick)")
    parser.add_argument("--repeat", type=int, default=REPEATS, help=f"runs per figure; the best is shown (default {REPEATS})")
    parser.add_argument("--only", default=",".join(GROUPS), type=groups,
                        help=f"comma-separated figures to measure (default all: {','.join(GROUPS)})")
    args = parser.parse_args()
    REPEATS = args.repeat  # read by best_of; bench/run --quick runs each figure once
    pdf_pages = args.pdf_pages or (20 if args.quick else 200)
    docx_sections, xlsx_rows = (40, 5_000) if args.quick else (1_000, 50_000)
    batch_pdfs, batch_pages = args.batch_pdfs or (4 if args.quick else 40), args.batch_pages or (20 if args.quick else 134)

    rng = random.Random(42)
    notes = [f"extract: best of {REPEATS} wall-clock runs (cold 1st call: one)"]
    rows: list[Row] = []
    tmp = Path(tempfile.mkdtemp(prefix="wikid-bench-extract-", dir="/tmp"))
    try:
        if "documents" in args.only:
            from markitdown import MarkItDown

            docs = [write_pdf(tmp, pdf_pages, rng), write_docx(tmp, docx_sections, rng), write_xlsx(tmp, xlsx_rows, rng)]
            converter = MarkItDown()
            for doc in docs:
                rows += attempt(doc.label(), document_rows, doc, converter, notes)
        if "batch" in args.only:
            batch = tmp / "batch"
            batch.mkdir()
            rows += attempt("extract a batch of PDFs", lambda: batch_rows(batch, batch_pdfs, batch_pages, rng, notes))
        if "fixed-cost" in args.only:
            runs = 5 if args.quick else 21
            rows += attempt("wikid extract, 3-page PDF (process)", lambda: fixed_cost_rows(tmp, runs, notes))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return table.emit(rows, [*notes, libraries()], args.json)


if __name__ == "__main__":
    sys.exit(main())
