"""The machine a figure was measured on: a full line under every table, a short id per row.

Why: timings mean little without the machine, and bench/run collects rows from several
processes into one table, so each row carries the short id of the machine that measured it.
"""

from __future__ import annotations

import os
import platform
import sys


def machine_line() -> str:
    """Everything that shifts the figures, printed once under a table."""
    return (
        f"machine: {platform.platform()}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {os.cpu_count()} CPUs"
    )


def machine_short() -> str:
    """The table's machine column, e.g. "2 CPU x86_64 Py3.11"."""
    return f"{os.cpu_count()} CPU {platform.machine()} Py{sys.version_info.major}.{sys.version_info.minor}"
