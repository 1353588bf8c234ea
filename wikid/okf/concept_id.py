"""What a concept id may be (OKF §3; invariant I4): the rule every engine's pages and
every writer of pages share, so it lives here at the bottom, not in one stage."""

from __future__ import annotations

RESERVED_SLUGS = frozenset({"index", "log"})  # index.md / log.md are generated, never concepts
ARCHIVE_DIR = "archive"  # wiki/archive/ holds originals and previous versions
TRASH_DIR = "trash"  # wiki/trash/ holds removed pages (`wikid remove`)
RESERVED_DIRS = frozenset({ARCHIVE_DIR, TRASH_DIR})  # never concepts, never indexed


def concept_id_problem(concept_id: str) -> str | None:
    """Why an engine's concept id may not be written, or None when it is fine (I4)."""
    parts = concept_id.split("/")
    if not concept_id or concept_id.startswith("/") or any(p in ("", ".", "..") for p in parts):
        return "not a relative path"
    if any(p.startswith(".") for p in parts) or parts[0] in RESERVED_DIRS:
        return "inside a hidden folder, the archive or the trash"
    if parts[-1] in RESERVED_SLUGS:
        return "index.md and log.md are reserved"
    return None
