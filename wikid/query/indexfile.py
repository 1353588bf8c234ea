"""One file of named arrays that a reader maps instead of loading.

Why not `.npz`: numpy loads every member of an `.npz` whole (`np.load` ignores
`mmap_mode` for archives), and a cold query needs a few kilobytes of a file that
holds hundreds of megabytes. Here the file is a small JSON header followed by the raw
bytes of each array, each at an offset aligned to ALIGN bytes; `open_file` maps the
file and hands out read-only numpy views, so the kernel reads only the pages a query
touches and the cost of opening does not grow with the file.

    MAGIC (8 bytes) | header length (8 bytes, little-endian) | header (JSON) | arrays...

The header holds the caller's metadata and, per array, its offset, dtype and shape.
The file is written to a temp file, fsynced and renamed over the old one
(fsio.atomic_replace): a reader that has the old file mapped keeps reading the old
inode, a new reader sees the new file whole. Strings are stored as `StringTable`s:
their UTF-8 bytes (surrogates passed through, so any `str` round-trips) and offsets.
"""

from __future__ import annotations

import itertools
import json
import mmap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, overload

import numpy as np

from wikid.fsio import atomic_replace

MAGIC = b"WIKIDQX\n"
ALIGN = 64
_ENCODING = ("utf-8", "surrogatepass")


class _Sections:
    """The file's bytes in order, read by fsio.write_temp as a stream: the arrays are
    written from where they are, not first copied into one bytes object."""

    def __init__(self, parts: list[memoryview]) -> None:
        self._parts = iter([p for p in parts if p.nbytes])  # an empty chunk would end the stream

    def read(self, size: int) -> bytes | memoryview:  # write_temp's chunks may be any size
        return next(self._parts, b"")


def write(path: Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> None:
    """Write `arrays` and `meta` to `path` atomically (temp file, fsync, rename)."""
    layout: dict[str, list[Any]] = {}
    offset = 0
    for name, array in arrays.items():
        layout[name] = [offset, array.dtype.str, list(array.shape)]
        offset += -(-array.nbytes // ALIGN) * ALIGN
    header = json.dumps({"meta": meta, "arrays": layout}, ensure_ascii=True).encode()
    start = -(-(len(MAGIC) + 8 + len(header)) // ALIGN) * ALIGN
    parts = [memoryview(MAGIC + len(header).to_bytes(8, "little") + header + bytes(start - 16 - len(header)))]
    for array in arrays.values():
        flat = np.ascontiguousarray(array).reshape(-1).view(np.uint8)  # any shape, even (0, 32)
        data = memoryview(flat)  # type: ignore[arg-type]  # a buffer; numpy types __buffer__ for Python 3.12 on
        parts += [data, memoryview(bytes(-len(data) % ALIGN))]
    atomic_replace(path, _Sections(parts))  # type: ignore[arg-type]


class MappedFile:
    """An index file mapped read-only: its metadata and a view of each array."""

    def __init__(self, meta: dict[str, Any], layout: dict[str, list[Any]], buffer: mmap.mmap, start: int) -> None:
        self.meta = meta
        self._layout = layout
        self._buffer = buffer
        self._start = start

    def array(self, name: str) -> np.ndarray:
        offset, dtype, shape = self._layout[name]
        dtype = np.dtype(dtype)
        count = int(np.prod(shape, dtype=np.int64))
        end = self._start + offset + count * dtype.itemsize
        if end > len(self._buffer):
            raise ValueError(f"the index file is truncated ({name})")
        return np.frombuffer(self._buffer, dtype, count, self._start + offset).reshape(shape)


def open_file(path: Path) -> MappedFile:
    """`path` mapped; ValueError or OSError when it is not a whole file of this kind."""
    with open(path, "rb") as file:
        head = file.read(len(MAGIC) + 8)
        if len(head) < len(MAGIC) + 8 or head[: len(MAGIC)] != MAGIC:
            raise ValueError("not a wikid index file")
        size = int.from_bytes(head[len(MAGIC):], "little")
        header = json.loads(file.read(size))
        buffer = mmap.mmap(file.fileno(), 0, prot=mmap.PROT_READ)
    start = -(-(len(MAGIC) + 8 + size) // ALIGN) * ALIGN
    return MappedFile(header["meta"], header["arrays"], buffer, start)


def encode_strings(strings: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """(UTF-8 bytes, offsets) of `strings`: string i is bytes[offsets[i]:offsets[i + 1]]."""
    encoded = [s.encode(*_ENCODING) for s in strings]
    offsets = np.zeros(len(encoded) + 1, np.int64)
    np.cumsum([len(e) for e in encoded], out=offsets[1:])
    return np.frombuffer(b"".join(encoded), np.uint8), offsets


class StringTable(Sequence[str]):
    """Strings stored by `encode_strings`, decoded one at a time: a binary search over a
    sorted table decodes only the strings it compares."""

    def __init__(self, data: np.ndarray, offsets: np.ndarray) -> None:
        self._data = data
        self._offsets = offsets

    def __len__(self) -> int:
        return len(self._offsets) - 1

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self._data[self._offsets[i] : self._offsets[i + 1]].tobytes().decode(*_ENCODING)

    def __iter__(self) -> Iterator[str]:
        data = self._data.tobytes()
        bounds = self._offsets.tolist()
        return (data[a:b].decode(*_ENCODING) for a, b in itertools.pairwise(bounds))

    def tolist(self) -> list[str]:
        return list(self)

    def occurrences(self, char: str, start: int, stop: int) -> np.ndarray:
        """How often the ASCII `char` occurs in each of the strings start..stop-1, counted
        in their bytes without decoding them (UTF-8 never holds an ASCII byte inside a
        multi-byte character)."""
        bounds = self._offsets[start : stop + 1]
        at = np.flatnonzero(self._data[bounds[0] : bounds[-1]] == ord(char)) + bounds[0]
        return np.searchsorted(at, bounds[1:]) - np.searchsorted(at, bounds[:-1])
