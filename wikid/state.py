"""Small JSON records wikid keeps in `.wikid/`: the last run and remembered ignores.

Written atomically and only when their content changes, so an idle run leaves the
project untouched (I7).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from wikid.fsio import atomic_replace


def read_json(path: Path) -> Any:
    """The stored value, or None when the file is missing or unreadable (state is a cache)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_json(path: Path, value: Any) -> bool:
    """Store `value` if it differs from what is stored; return whether it was written."""
    text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        data = text.encode()
    except UnicodeEncodeError:  # a name with bytes that are not UTF-8: keep it, escaped
        data = (json.dumps(value, indent=2, sort_keys=True) + "\n").encode()
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    atomic_replace(path, data)
    return True


def live_record(path: Path) -> dict[str, Any] | None:
    """The record stored at `path` if it names a process (`pid`) that still runs: what
    a daemon or a batch publishes about itself, and is stale once that process is gone."""
    record = read_json(path)
    if not isinstance(record, dict) or not isinstance(record.get("pid"), int):
        return None
    try:
        os.kill(record["pid"], 0)
    except ProcessLookupError:
        return None
    except PermissionError:  # another user's process: it runs
        pass
    return record
