"""Reading a document's bytes for extraction, with the reasons every executor gives.

The local worker reads a file by its path; the Dask executor reads it on the daemon's
machine and sends the bytes. Both read it here, so a link, a FIFO, a file that cannot
be read or one that grew past the size limit gets the same reason code and detail
whichever executor was configured.
"""

from __future__ import annotations

from pathlib import Path

from wikid.extract.base import ExtractionError
from wikid.fsio import NotRegularFile, read_regular
from wikid.reasons import Reason


def read_document(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file `path`; raises ExtractionError (unsafe, io_failed,
    too_large) naming what went wrong."""
    try:
        data, _ = read_regular(path, max_bytes)
    except NotRegularFile as exc:
        raise ExtractionError(Reason.UNSAFE, f"{exc.strerror}; only regular files are read") from None
    except OSError as exc:
        raise ExtractionError(Reason.IO_FAILED, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise ExtractionError(Reason.TOO_LARGE, f"grew past the {max_bytes // 1048576} MB limit while being read")
    return data
