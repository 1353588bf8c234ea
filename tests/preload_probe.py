"""A 'format module' that says when it is imported: into the file named by $PRELOAD_PROBE
(tests/test_extract_worker_start.py: a worker told to preload it does so unasked)."""

from __future__ import annotations

import os
from pathlib import Path

from wikid.extract.base import Extracted

Path(os.environ["PRELOAD_PROBE"]).write_text("imported")


def extract(data: bytes, suffix: str) -> Extracted:
    return Extracted(data.decode())
