#!/usr/bin/env python3
"""OCR: what wikid's extraction of an image and of a scanned PDF page costs, and how many
of the words on it it reads, against the OCR engine's own command-line tool.

Inputs, generated (seeded): --pages images of an A4 page at 150 dpi (1240x1754 px,
2.2 megapixels) holding 30 lines of business words, as PNG, and the same pages as a
one-page scanned PDF (an image, no text layer).

* wikid image      -- `Extractor(LimitsConfig()).extract(path)` of the PNG: the isolated
  worker (started beforehand, as in a batch) decodes it, hands it to Tesseract, returns
  markdown. ms per page.
* wikid scanned PDF -- the same for the PDF: PDFium finds no text layer, renders the page at
  the scan's own resolution (150 dpi here), Tesseract reads it.
* baseline         -- `tesseract page.png stdout` (the engine's CLI on the same PNG), as
  a user runs it (OpenMP's threads) and with OMP_THREAD_LIMIT=1, as wikid runs it.
* recall           -- the share of the page's words (case-folded, punctuation stripped)
  found in the text, wikid vs the CLI on the same image.

Skips (one FAILED row naming the install command) when Tesseract is not installed.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import table  # bench/table.py
from table import Row, attempt

from wikid.config import LimitsConfig
from wikid.extract import ocr
from wikid.extract.runner import Extractor

WORDS = ("account agreement annual approval audit balance billing budget contract customer delivery "
         "invoice payment supplier terms vendor warranty shipment renewal schedule quarter freight").split()


def _page(rng: random.Random) -> tuple[bytes, list[str]]:
    from PIL import Image, ImageDraw, ImageFont

    picture = Image.new("RGB", (1240, 1754), "white")
    draw = ImageDraw.Draw(picture)
    font = ImageFont.load_default(size=30)
    words: list[str] = []
    for n in range(30):
        line = [rng.choice(WORDS) for _ in range(6)]
        words += line
        draw.text((80, 80 + 52 * n), " ".join(line).capitalize(), fill="black", font=font)
    with tempfile.SpooledTemporaryFile() as out:
        picture.save(out, "PNG")
        out.seek(0)
        return out.read(), words


def _recall(words: list[str], text: str) -> float:
    found = re.findall(r"[a-z]+", text.lower())
    pool = {w: found.count(w) for w in set(found)}
    hits = 0
    for w in words:
        if pool.get(w, 0) > 0:
            pool[w] -= 1
            hits += 1
    return 100.0 * hits / len(words)


def rows(pages: int) -> list[Row]:
    command = ocr.tesseract()
    if command is None:
        raise RuntimeError(f"no OCR engine: {ocr.INSTALL}")
    from PIL import Image

    rng = random.Random(7)
    tmp = Path(tempfile.mkdtemp(prefix="wikid-bench-ocr-"))
    try:
        cases = []
        for n in range(pages):
            data, words = _page(rng)
            png, scan = tmp / f"page-{n}.png", tmp / f"page-{n}.pdf"
            png.write_bytes(data)
            Image.open(png).save(scan, "PDF", resolution=150)
            cases.append((png, scan, words))
        wikid_png = wikid_pdf = cli = cli_one = 0.0
        one_thread = {**os.environ, "OMP_THREAD_LIMIT": "1"}
        recall_png = recall_pdf = recall_cli = 0.0
        with Extractor(LimitsConfig()) as extractor:
            extractor.extract(cases[0][0])  # the worker started and Pillow imported, as in a batch
            for png, scan, words in cases:
                started = time.perf_counter()
                text = extractor.extract(png).text or ""
                wikid_png += time.perf_counter() - started
                recall_png += _recall(words, text)
                started = time.perf_counter()
                text = extractor.extract(scan).text or ""
                wikid_pdf += time.perf_counter() - started
                recall_pdf += _recall(words, text)
                started = time.perf_counter()
                done = subprocess.run([command, str(png), "stdout"], capture_output=True, text=True, check=True)
                cli += time.perf_counter() - started
                recall_cli += _recall(words, done.stdout)
                started = time.perf_counter()
                subprocess.run([command, str(png), "stdout"], capture_output=True, check=True, env=one_thread)
                cli_one += time.perf_counter() - started
        n = len(cases)
        return [
            Row("OCR: an image (2.2 MP page), per page", wikid_png / n, cli / n, "s", "tesseract CLI"),
            Row("OCR: an image (2.2 MP page), per page", wikid_png / n, cli_one / n, "s",
                "tesseract CLI, OMP_THREAD_LIMIT=1"),
            Row("OCR: a scanned PDF page, per page", wikid_pdf / n, cli / n, "s", "tesseract CLI"),
            Row("OCR: a scanned PDF page, per page", wikid_pdf / n, cli_one / n, "s",
                "tesseract CLI, OMP_THREAD_LIMIT=1"),
            Row("OCR: words read, image", recall_png / n, recall_cli / n, "% found", "tesseract CLI"),
            Row("OCR: words read, scanned PDF", recall_pdf / n, recall_cli / n, "% found", "tesseract CLI"),
        ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = table.parser(__doc__)
    parser.add_argument("--pages", type=int, default=5, help="pages to read (default 5)")
    args = parser.parse_args()
    notes = [f"ocr: {ocr.version()}, {args.pages} generated page(s), means"]
    return table.emit(attempt("OCR", lambda: rows(args.pages)), notes, args.json)


if __name__ == "__main__":
    sys.exit(main())
