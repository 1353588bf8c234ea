"""A format 'extractor' that tries to reach the network below Python's socket class
(`_socket`, what C libraries amount to), to prove the worker's isolation is the OS's."""

from __future__ import annotations

import _socket

from wikid.extract.base import Extracted


def extract(data: bytes, suffix: str) -> Extracted:
    sock = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
    sock.settimeout(2)
    try:
        sock.connect(("192.0.2.1", 80))  # TEST-NET-1: no answer either way, but a route or not
    except OSError as exc:
        return Extracted(f"refused: {exc.strerror or exc}")
    finally:
        sock.close()
    return Extracted("connected")
