"""Jupyter notebooks (`.ipynb`): markdown cells as text, code cells fenced in the
kernel's language, text outputs trimmed.

The notebook is JSON (nbformat 4, or 3 with worksheets); invalid JSON is
`extraction_failed`. A code cell's fence is longer than any backtick run inside it.
Outputs: streams and `text/plain` results as `text` blocks cut to MAX_OUTPUT_LINES,
errors as `ename: evalue`; image outputs (PNG, JPEG, GIF, WebP, SVG) are read by OCR
where they stand (`figures.py`).
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from wikid.extract.base import Extracted, ExtractionError, clean_info
from wikid.extract.figures import Pictures
from wikid.extract.text import decode_text, fenced
from wikid.reasons import Reason

MAX_OUTPUT_LINES = 40
_IMAGES = ("image/png", "image/jpeg", "image/gif", "image/svg+xml", "image/webp")


def _text(value: Any) -> str:
    """nbformat stores multi-line strings as a string or a list of lines."""
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return value if isinstance(value, str) else ""


def _mapping(value: Any) -> dict[str, Any]:
    """A JSON object of the notebook, or an empty one where it holds something else."""
    return value if isinstance(value, dict) else {}


def _trimmed(text: str) -> str:
    lines = text.rstrip("\n").split("\n")
    if len(lines) > MAX_OUTPUT_LINES:
        lines = lines[:MAX_OUTPUT_LINES] + [f"… ({len(lines) - MAX_OUTPUT_LINES} more lines)"]
    return "\n".join(lines)


def _image(data: dict[str, Any]) -> bytes | str | None:
    """The bytes of an output's image (None when they do not decode), '' when it has none."""
    for mime in _IMAGES:
        if mime in data:
            encoded = _text(data[mime])
            if mime == "image/svg+xml":
                return encoded.encode("utf-8")
            try:
                return base64.b64decode("".join(encoded.split()), validate=True)
            except (binascii.Error, ValueError):
                return None
    return ""


def _outputs(outputs: Any, pictures: Pictures) -> list[str]:
    out = []
    for output in outputs if isinstance(outputs, list) else []:
        if not isinstance(output, dict):
            continue
        kind = output.get("output_type")
        data = _mapping(output.get("data"))
        if kind == "stream":
            text = _text(output.get("text"))
        elif kind == "error":
            text = f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"
        else:
            if (image := _image(data)) != "":
                out.append(pictures.mark(image if isinstance(image, bytes) and image else None) + "\n")
                if "text/plain" in data and _text(data["text/plain"]).startswith("<"):
                    continue  # `<Figure size 640x480 with 1 Axes>`: the repr of the image
            text = _text(data.get("text/plain") or output.get("text"))
        if text.strip():
            out.append(fenced(_trimmed(text), "text"))
    return out


def extract(data: bytes, suffix: str) -> Extracted:
    text, warnings = decode_text(data)
    try:
        notebook = json.loads(text)
    except ValueError as exc:
        raise ExtractionError(Reason.EXTRACTION_FAILED, f"not a notebook: invalid JSON ({exc})") from exc
    if not isinstance(notebook, dict):
        raise ExtractionError(Reason.EXTRACTION_FAILED, "not a notebook: the JSON is not an object")
    cells = notebook.get("cells")
    if cells is None and isinstance(notebook.get("worksheets"), list) and notebook["worksheets"]:
        cells = notebook["worksheets"][0].get("cells")  # nbformat 3
    if not isinstance(cells, list):
        raise ExtractionError(Reason.EXTRACTION_FAILED, "not a notebook: no list of cells")
    meta = _mapping(notebook.get("metadata"))
    kernel = _mapping(meta.get("kernelspec"))
    info = _mapping(meta.get("language_info"))
    language = str(kernel.get("language") or info.get("name") or "python")
    parts: list[str] = []
    pictures = Pictures()
    for cell in cells:
        if not isinstance(cell, dict):
            continue
        source = _text(cell.get("source") if "source" in cell else cell.get("input"))
        kind = cell.get("cell_type")
        if kind == "markdown" and source.strip():
            parts.append(source.strip("\n") + "\n")
        elif kind == "code":
            if source.strip():
                parts.append(fenced(source, language))
            parts += _outputs(cell.get("outputs"), pictures)
        elif kind == "raw" and source.strip():
            parts.append(fenced(source, ""))
    read = pictures.resolve("\n".join(parts))
    if not read.text.strip():
        raise ExtractionError(Reason.EMPTY, "the notebook has no cell with content")
    authors = meta.get("authors")
    author = ", ".join(str(a.get("name", a)) if isinstance(a, dict) else str(a) for a in authors) \
        if isinstance(authors, list) else None
    return Extracted(read.text + "\n", tuple(warnings) + read.warnings, clean_info(title=meta.get("title"), author=author),
                     read.counts, read.figures)
