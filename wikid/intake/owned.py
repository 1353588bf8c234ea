"""Pages the offline engine wrote and nobody has changed since (`.wikid/owned.json`).

The offline engine re-derives a page from every source it cites, so replacing one of
its own pages loses nothing: its previous version is not archived. That keeps the
archive to originals and to what people wrote, and makes a drop processed in several
batches leave the same wiki as in one (I6). A page edited by hand, copied from
input/ or written by the agent engine does not match a recorded digest, so its
previous version is archived before it is replaced (I3).

Each page maps to the digests wikid may have left there: before a batch writes, the
new digest is added beside the old one; once the batch is finished or recovered,
`settle` keeps the one the page holds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from wikid.fsio import read_regular
from wikid.paths import ProjectPaths
from wikid.state import read_json, write_json


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load(paths: ProjectPaths) -> dict[str, list[str]]:
    data = read_json(paths.owned)
    if not isinstance(data, dict):
        return {}
    return {k: [d for d in v if isinstance(d, str)] for k, v in data.items() if isinstance(v, list)}


def save(paths: ProjectPaths, owned: dict[str, list[str]]) -> None:
    write_json(paths.owned, {k: sorted(set(v)) for k, v in owned.items() if v})


def settle(paths: ProjectPaths, pages: Iterable[str]) -> None:
    """Keep, for each of `pages`, only the digest of the bytes it now holds (if recorded)."""
    owned = load(paths)
    for page_id in pages:
        if page_id not in owned:
            continue
        try:
            current = digest(read_regular(paths.wiki / f"{page_id}.md")[0])
        except OSError:
            current = None
        owned[page_id] = [current] if current in owned[page_id] else []
    save(paths, owned)
