"""Lint a drafted page as the pipeline will (OKF v0.2 errors only), for both agent modes:
a page that would be refused is never returned, and its inputs' notes say why."""

from __future__ import annotations

from collections.abc import Iterable

from wikid.okf.lint_checks import ERROR, KnownPaths, check_page


def known_paths(files: Iterable[str]) -> KnownPaths:
    """The bundle paths a drafted page may link to: `files` and their folders."""
    present = set(files) | {"index.md"}
    dirs = {""} | {"/".join(p.split("/")[:i]) for p in present for i in range(1, p.count("/") + 1)}
    return KnownPaths(frozenset(present), frozenset(dirs))


def lint_errors(concept_id: str, text: str, known: KnownPaths) -> list[str]:
    """`CODE (line N): message` for each error lint finds in the page."""
    result = check_page(f"{concept_id}.md", text.encode("utf-8"), known)
    return [f"{f.code} (line {f.line}): {f.message}" for f in result.findings if f.severity == ERROR]
