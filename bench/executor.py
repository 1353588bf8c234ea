#!/usr/bin/env python3
"""Extraction on a Dask cluster against the local pool: what the cluster path costs.

Inputs, generated (seeded), in a temporary folder:

* --scans N scanned pages: one-page PDFs holding only an image of an A4 page at 150 dpi
  (1240x1754 px, 30 lines of business words), which wikid reads by OCR (Tesseract);
* --mixed N mixed documents, in turn: plain text, markdown without frontmatter, HTML,
  CSV, DOCX (python-docx) and a 2-page PDF, a few paragraphs each.

Each set is extracted as a batch does it (`wikid.extract.executor.extract_batch`, every
outcome collected) twice: on the local pool (`extract.executor: local`, one worker per
CPU) and on a `distributed.LocalCluster` of 2 worker processes with one thread each, on
this machine (`extract.executor: dask`; the cluster is started beforehand, as a user's
cluster would be running, so its start is not timed; connecting to it is). The two
must give the same outcomes (the same text, byte for byte), which is checked.

Rows: the local pool's time; the cluster's against it; the cluster's against issue 30's
target, 1.15x the local pool's time. Scanned pages skip (a FAILED row naming the
install) without Tesseract. --repeat R runs the pair R times, taking turns, and keeps
the medians.

Usage: python bench/executor.py [--scans 1000] [--mixed 5000] [--repeat 1] [--json]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import table  # bench/table.py
from table import Row, attempt

from wikid.config import Config, ExtractConfig
from wikid.extract import ocr
from wikid.extract.executor import extract_batch
from wikid.extract.runner import ExtractOutcome

TARGET = 1.15  # issue 30: the cluster path at most 1.15x the local pool's time
WORDS = ("account agreement annual approval audit balance billing budget contract customer delivery "
         "invoice payment supplier terms vendor warranty shipment renewal schedule quarter freight").split()


def sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 16))).capitalize() + "."


def paragraphs(rng: random.Random, n: int) -> list[str]:
    return [" ".join(sentence(rng) for _ in range(rng.randint(3, 6))) for _ in range(n)]


def scanned_page(rng: random.Random) -> bytes:
    """A one-page PDF that is only a picture of 30 lines of text (no text layer)."""
    from PIL import Image, ImageDraw, ImageFont

    picture = Image.new("L", (1240, 1754), "white")
    draw = ImageDraw.Draw(picture)
    font = ImageFont.load_default(size=30)
    for n in range(30):
        draw.text((80, 80 + 52 * n), " ".join(rng.choice(WORDS) for _ in range(6)).capitalize(), fill="black", font=font)
    out = io.BytesIO()
    picture.save(out, "PDF", resolution=150)
    return out.getvalue()


def mixed_document(rng: random.Random, n: int) -> tuple[str, bytes]:
    """Document n of the mixed set: (file name, bytes), the formats in turn."""
    text = paragraphs(rng, 3)
    title = f"{rng.choice(WORDS).capitalize()} {rng.choice(WORDS)} {n}"
    kind = n % 6
    if kind == 0:
        return f"note-{n:05d}.txt", ("\n\n".join([title, *text]) + "\n").encode()
    if kind == 1:
        return f"memo-{n:05d}.md", ("\n\n".join([f"# {title}", *text]) + "\n").encode()
    if kind == 2:
        body = "".join(f"<p>{p}</p>" for p in text)
        return f"page-{n:05d}.html", f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>".encode()
    if kind == 3:
        rows = ["item,quantity,price"] + [f"{rng.choice(WORDS)},{rng.randint(1, 99)},{rng.uniform(1, 999):.2f}" for _ in range(20)]
        return f"table-{n:05d}.csv", ("\n".join(rows) + "\n").encode()
    if kind == 4:
        import docx

        document = docx.Document()
        document.add_heading(title, 1)
        for p in text:
            document.add_paragraph(p)
        out = io.BytesIO()
        document.save(out)
        return f"report-{n:05d}.docx", out.getvalue()
    from pdf_fixtures import make_pdf  # tests/pdf_fixtures.py, on the path below

    return f"brief-{n:05d}.pdf", make_pdf([f"{title}\n\n{text[0]}", "\n\n".join(text[1:])])


def write_set(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    folder.mkdir(parents=True)
    paths = []
    for name, data in files:
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def timed_batch(config: Config, root: Path, paths: list[Path]) -> tuple[float, dict[int, ExtractOutcome]]:
    start = time.perf_counter()
    outcomes = dict(extract_batch(config, root, paths))
    return time.perf_counter() - start, outcomes


def compare(label: str, root: Path, paths: list[Path], scheduler: str, repeat: int, notes: list[str]) -> list[Row]:
    local = Config()
    dask = replace(local, extract=ExtractConfig("dask", scheduler))
    runs: dict[str, list[float]] = {"local": [], "dask": []}
    seen: dict[str, dict[int, ExtractOutcome]] = {}
    for _ in range(repeat):
        for name, config in (("local", local), ("dask", dask)):
            seconds, seen[name] = timed_batch(config, root, paths)
            runs[name].append(seconds)
            table.progress(f"{label}: {name} {seconds:.2f} s")
    failed = [o.detail for o in seen["local"].values() if not o.ok]
    if failed:
        raise RuntimeError(f"{len(failed)} document(s) failed on the local pool: {failed[0]}")
    if seen["dask"] != seen["local"]:
        differ = sum(seen["dask"].get(i) != o for i, o in seen["local"].items())
        raise RuntimeError(f"{differ} document(s) came back different from the Dask cluster")
    pool, cluster = statistics.median(runs["local"]), statistics.median(runs["dask"])
    workers = Config().limits.extract_workers
    notes.append(f"{label}: median of {repeat} run(s) each, taking turns; 1-minute load average "
                 f"{os.getloadavg()[0]:.1f} after them; every outcome the same on both")
    return [
        Row(f"{label}, local pool ({workers} workers)", pool, None, "s"),
        Row(f"{label}, 2-worker Dask cluster", cluster, pool, "s", "local pool"),
        Row(f"{label}, 2-worker Dask cluster: {TARGET:g}x the local pool", cluster, pool * TARGET, "s", target=True),
    ]


def main() -> int:
    parser = table.parser(__doc__)
    parser.add_argument("--scans", type=int, default=1000, help="scanned pages (OCR); 0: none")
    parser.add_argument("--mixed", type=int, default=5000, help="mixed documents; 0: none")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each executor, taking turns")
    args: argparse.Namespace = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # pdf_fixtures
    from distributed import LocalCluster

    rows: list[Row] = []
    notes: list[str] = []
    rng = random.Random(30)
    with tempfile.TemporaryDirectory(prefix="wikid-bench-executor-") as tmp, \
            LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster:
        root = Path(tmp)
        if args.scans:
            label = f"extract {args.scans:,} scanned pages (OCR)"
            if ocr.tesseract() is None:
                rows.append(Row.failed(label, f"no OCR engine: {ocr.INSTALL}"))
            else:
                paths = write_set(root / "scans", [(f"scan-{n:05d}.pdf", scanned_page(rng)) for n in range(args.scans)])
                rows += attempt(label, lambda: compare(label, root, paths, cluster.scheduler_address, args.repeat, notes))
        if args.mixed:
            label = f"extract {args.mixed:,} mixed documents"
            paths = write_set(root / "mixed", [mixed_document(rng, n) for n in range(args.mixed)])
            rows += attempt(label, lambda: compare(label, root, paths, cluster.scheduler_address, args.repeat, notes))
    return table.emit(rows, notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
