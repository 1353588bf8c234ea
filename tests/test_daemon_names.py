"""The daemon tracks a file under the name the scan reports, whatever the OS calls it."""

from __future__ import annotations

import os
from pathlib import Path

from wikid.daemon.service import UNREADABLE, _signature
from wikid.intake.scan import canonical_rel, scan_input


def test_event_names_map_to_the_names_the_scan_reports(tmp_path: Path) -> None:
    raw = ["cafe\u0301.txt", "tab\tname.txt", os.fsdecode(b"dir-\xff") + "/inside.txt", "sub/ok.txt"]
    for rel in raw:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x")
    scanned = sorted(e.rel for e in scan_input(tmp_path))
    assert sorted(canonical_rel(rel) for rel in raw) == scanned
    assert canonical_rel(os.fsdecode(b"dir-\xff") + "/inside.txt") == "dir-\\xff"


def test_a_path_that_cannot_be_looked_at_is_not_taken_for_gone(tmp_path: Path) -> None:
    assert _signature(tmp_path / "missing.txt") is None
    assert _signature(tmp_path / (("d" * 250 + "/") * 20) / "deep.txt") == UNREADABLE  # ENAMETOOLONG
