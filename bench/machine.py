"""The machine line every benchmark prints under its table, so figures can be compared."""

from __future__ import annotations

import os
import platform


def machine_line() -> str:
    return (
        f"machine: {platform.platform()}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {os.cpu_count()} CPUs"
    )
