"""Text from pixels: Tesseract (Debian's `tesseract-ocr`, the engine paperless-ngx uses),
run as its command-line tool on one image at a time inside the extraction worker.

The tool is used rather than a Python binding: `pytesseract` is itself a wrapper around
the same command, and the binary's absence is then a clear, per-file `unsupported`
with the install command instead of an import error. Images are handed over as PNG
(Pillow normalises whatever format and mode came in) on stdin; the text comes back on
stdout. Tiny images are decorative (`decorative`); huge ones are scaled down to
MAX_OCR_PIXELS first (OCR time grows with the pixel count).

Tesseract runs on one thread (OMP_THREAD_LIMIT=1, unless the environment sets it):
its OpenMP threads made a 2.2 MP page take 8.1 s instead of 0.85 s on the 2-CPU
development machine (bench/ocr.py), and one Tesseract per extraction worker already
uses every core; Tesseract's own issue #3109 and other OCR pipelines report the same.
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import subprocess

from wikid.extract.base import ExtractionError
from wikid.reasons import Reason

INSTALL = "install Debian's tesseract-ocr (`sudo apt install tesseract-ocr`; other systems: the `tesseract` package)"
MIN_SIDE = 24  # px: smaller is an icon or a rule, not text
MIN_PIXELS = 4_000  # px²: bullets, spacers, logos
MAX_OCR_PIXELS = 12_000_000  # larger images are scaled down before OCR
MAX_IMAGE_PIXELS = 200_000_000  # larger is a decompression bomb, not a photo


@functools.cache
def tesseract() -> str | None:
    """The `tesseract` command, or None when it is not installed."""
    return shutil.which("tesseract")


def version() -> str:
    command = tesseract()
    if command is None:
        return "none"
    done = subprocess.run([command, "--version"], capture_output=True, text=True, timeout=30)
    return (done.stdout or done.stderr).split("\n", 1)[0].strip()


def require() -> str:
    """The command, or ExtractionError(unsupported) naming the install step."""
    command = tesseract()
    if command is None:
        raise ExtractionError(Reason.UNSUPPORTED, f"reading text in images needs an OCR engine: {INSTALL}")
    return command


def png_of(image: object) -> bytes:
    """A Pillow image as PNG bytes, scaled down past MAX_OCR_PIXELS."""
    from PIL import Image

    assert isinstance(image, Image.Image)
    if image.mode not in ("L", "RGB"):
        image = image.convert("RGB")
    pixels = image.width * image.height
    if pixels > MAX_OCR_PIXELS:
        scale = (MAX_OCR_PIXELS / pixels) ** 0.5
        image = image.resize((max(1, int(image.width * scale)), max(1, int(image.height * scale))))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def decorative(image: object) -> bool:
    """Too small to hold text: an icon, a bullet, a rule, a spacer."""
    width, height = image.size  # type: ignore[attr-defined]
    return bool(min(width, height) < MIN_SIDE or width * height < MIN_PIXELS)


def read_pixels(image: object, language: str = "eng", timeout: float | None = None) -> str:
    """The text OCR finds in one decoded Pillow image ('' when none, or when the engine
    fails on it); subprocess.TimeoutExpired past `timeout` seconds (default 600)."""
    command = require()
    env = {**os.environ, "OMP_THREAD_LIMIT": os.environ.get("OMP_THREAD_LIMIT", "1")}
    done = subprocess.run([command, "stdin", "stdout", "-l", language], input=png_of(image), env=env,
                          capture_output=True, timeout=600 if timeout is None else max(timeout, 1.0))
    if done.returncode != 0:
        return ""
    text = done.stdout.decode("utf-8", "replace").replace("\f", "\n")
    return "\n".join(line.rstrip() for line in text.split("\n")).strip()
