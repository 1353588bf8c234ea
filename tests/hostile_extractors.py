"""Format 'extractors' that misbehave on purpose, to prove the worker isolates them.

The runner sends the module name to the worker, so tests point a suffix at this
module and the worker imports it like any real format module.
"""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path

from wikid.extract.base import Extracted

# A forced finishing order (tests/test_extract_pool.py): "await" ends only once the test
# has written "go" into the file named by $HOSTILE_FLAG, which it does when it has the
# outcome of another file.
AWAITED = "Acme Anvils order book: forty anvils ordered for the spring fair."


def extract(data: bytes, suffix: str) -> Extracted:
    command = data.decode().strip()
    if command == "hang":
        time.sleep(3600)
    if command == "allocate":
        hoard = [bytearray(64 << 20) for _ in range(64)]  # 4 GiB, touched page by page
        return Extracted(str(len(hoard)))
    if command == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    if command == "exit":
        os._exit(3)
    if command == "raise":
        raise RuntimeError("library bug")
    if command == "network":
        socket.create_connection(("127.0.0.1", 9), timeout=1)
        return Extracted("connected")
    if command == "slow":
        time.sleep(2)
        return Extracted("A slow document about Acme Anvils, read in full.")
    if command.startswith("sleep:"):  # "sleep:<seconds>:<text>": <text>, after that long
        _, seconds, text = command.split(":", 2)
        time.sleep(float(seconds))
        return Extracted(text)
    if command == "await":
        flag = Path(os.environ["HOSTILE_FLAG"])
        deadline = time.monotonic() + 60
        while flag.read_bytes() != b"go" and time.monotonic() < deadline:
            time.sleep(0.01)
        return Extracted(AWAITED if flag.read_bytes() == b"go" else "never released")
    if command == "pid":
        return Extracted(str(os.getpid()))
    return Extracted(command)
