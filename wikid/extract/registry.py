"""Which extractor reads which file type, keyed by lower-case extension.

The registry names modules instead of importing them, so classifying a file costs
nothing; the format libraries are imported only in the extraction worker.
"""

from __future__ import annotations

from wikid.filenames import split_name

TEXT_SUFFIXES = frozenset(
    ".txt .text .csv .tsv .json .yaml .yml .toml .rst .org .log .xml".split()
)
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})  # text, or the HTML it renders to (extract/markdown.py)

EXTRACTORS: dict[str, str] = {
    ".pdf": "wikid.extract.pdf",
    ".docx": "wikid.extract.word",
    ".xlsx": "wikid.extract.sheet",
    ".pptx": "wikid.extract.markitdown_formats",
    ".html": "wikid.extract.html",
    ".htm": "wikid.extract.html",
    ".xhtml": "wikid.extract.html",
    ".epub": "wikid.extract.markitdown_formats",
    ".odt": "wikid.extract.odt",
    ".rtf": "wikid.extract.rtf",
    ".ipynb": "wikid.extract.notebook",
    **dict.fromkeys((".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff"), "wikid.extract.image"),
    ".jsonl": "wikid.extract.records",
    ".ndjson": "wikid.extract.records",
    **dict.fromkeys(TEXT_SUFFIXES, "wikid.extract.text"),
    **dict.fromkeys(MARKDOWN_SUFFIXES, "wikid.extract.markdown"),
}


def extractor_module(suffix: str) -> str | None:
    """The module that extracts files with this extension, or None when unsupported."""
    return EXTRACTORS.get(suffix.lower())


def extractor_for(name: str) -> tuple[str, str | None]:
    """A file name's lower-case extension and the module that extracts it (None: unsupported)."""
    suffix = split_name(name)[1].lower()
    return suffix, EXTRACTORS.get(suffix)
