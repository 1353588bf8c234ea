"""The stable reason codes of files wikid leaves in input/ (a vocabulary every stage
shares: extraction reports them, intake records them, the CLI prints them)."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Stable reason codes for ignored files; scripts may match on these strings."""

    UNSUPPORTED = "unsupported"
    RESERVED = "reserved"
    ENCRYPTED = "encrypted"
    EMPTY = "empty"
    EXTRACTION_FAILED = "extraction_failed"
    IO_FAILED = "io_failed"
    TOO_LARGE = "too_large"
    UNSAFE = "unsafe"
