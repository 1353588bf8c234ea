"""Run the wikid CLI with a SIGKILL planted at one step boundary (tests/stress/test_kill9.py).

    python tests/stress/kill_hook.py MODULE:ATTR N WHEN -- <wikid CLI args>

`ATTR` (a dotted path, e.g. `write_temp` or `Extractor.extract`) is looked up on
`MODULE` — the module that *calls* the function, since `from x import f` binds a
name there — and replaced by a wrapper that, at its Nth call, sends this process
SIGKILL just `before` or `after` the real call. A real SIGKILL, not an exception:
no `finally`, no `__exit__`, no atexit runs, exactly like a power cut of the process
(minus the page cache). The product is not changed; the hook lives in the test tree.
If the point is never reached the CLI runs to completion and exits normally, which
the test notices (the return code is not -9). A dotted ATTR replaces the attribute on
the object it names (`Extractor.extract` patches the class, wherever it is used).
"""

from __future__ import annotations

import functools
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any


def _kill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)
    threading.Event().wait()  # SIGKILL is asynchronous: never run another line


def plant(target: str, nth: int, when: str) -> None:
    """Wrap `MODULE:ATTR` so that its `nth` call kills the process `when` (before|after)."""
    if when not in ("before", "after"):
        raise SystemExit(f"kill_hook: WHEN must be before or after, not {when!r}")
    if nth < 1:
        raise SystemExit(f"kill_hook: N must be at least 1, not {nth}")
    module_name, sep, attr_path = target.partition(":")
    if not sep or not attr_path:
        raise SystemExit(f"kill_hook: expected MODULE:FUNCTION, not {target!r}")
    owner: Any = importlib.import_module(module_name)
    *parents, name = attr_path.split(".")
    for part in parents:
        owner = getattr(owner, part)
    real: Callable[..., Any] = getattr(owner, name)  # AttributeError: a typo must not pass silently
    lock = threading.Lock()  # conformant intake writes pages on several threads
    calls = 0

    @functools.wraps(real)
    def killing(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        with lock:
            calls += 1
            mine = calls == nth
        if mine and when == "before":
            _kill()
        result = real(*args, **kwargs)
        if mine:
            _kill()
        return result

    setattr(owner, name, killing)


def main(argv: Sequence[str]) -> int:
    if len(argv) < 4 or argv[3] != "--":
        raise SystemExit(__doc__)
    target, nth, when = argv[0], int(argv[1]), argv[2]
    # Import the CLI and the batch first (the CLI imports the batch only when it runs
    # one), so every `from x import f` made at import time binds the real function and
    # only the named module's attribute is replaced.
    import wikid.intake.pipeline  # noqa: F401
    from wikid.cli import main as wikid_main

    plant(target, nth, when)
    return wikid_main(list(argv[4:]))


if __name__ == "__main__":  # the guard matters: the extraction forkserver re-imports __main__
    sys.exit(main(sys.argv[1:]))
