"""A file name's stem and suffix: a vocabulary every layer shares (extraction picks an
extractor by the suffix, intake names pages and archive copies after the stem, the
engines name sources after it), so it sits at the bottom where each can import it."""

from __future__ import annotations


def split_name(name: str) -> tuple[str, str]:
    """Split a file name into stem and last suffix (`a.tar.gz` -> `a.tar`, `.gz`)."""
    dot = name.rfind(".")
    if dot <= 0:
        return name, ""
    return name[:dot], name[dot:]
