"""Atomic writes: temp file beside the target, fsync, then rename or link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import wikid.fsio as fsio
from wikid.fsio import NotRegularFile, atomic_create, atomic_replace, read_regular


def test_replace_fsyncs_before_rename_and_leaves_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(fsio.os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(fsio.os, "replace", lambda a, b: (events.append("rename"), real_replace(a, b))[1])
    target = tmp_path / "page.md"
    target.write_bytes(b"old")
    atomic_replace(target, b"new")
    assert target.read_bytes() == b"new"
    assert events == ["fsync", "rename"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.md"]


def test_failed_write_keeps_old_bytes_and_removes_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "page.md"
    target.write_bytes(b"old")

    def disk_full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fsio.os, "write", disk_full)
    with pytest.raises(OSError, match="No space"):
        atomic_replace(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.md"]


@pytest.mark.parametrize("rename", [True, False], ids=["renameat2", "link"])
def test_create_refuses_to_overwrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rename: bool) -> None:
    """With renameat2(RENAME_NOREPLACE), and without it (link, then unlink the temp)."""
    if not rename:
        monkeypatch.setattr(fsio, "linux_libc", lambda: None)
    target = tmp_path / "page.md"
    target.write_bytes(b"someone's")
    with pytest.raises(FileExistsError):
        atomic_create(target, b"mine")
    assert target.read_bytes() == b"someone's"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.md"]
    atomic_create(tmp_path / "sub" / "new.md", b"mine")
    assert (tmp_path / "sub" / "new.md").read_bytes() == b"mine"


def test_read_regular_refuses_links_and_fifos(tmp_path: Path) -> None:
    real = tmp_path / "real.md"
    real.write_bytes(b"data")
    (tmp_path / "link.md").symlink_to(real)
    os.mkfifo(tmp_path / "fifo.md")
    with pytest.raises(NotRegularFile):
        read_regular(tmp_path / "link.md")
    with pytest.raises(NotRegularFile):
        read_regular(tmp_path / "fifo.md")  # returns at once: no writer is needed
    data, st = read_regular(real)
    assert data == b"data" and st.st_size == 4


def test_read_regular_stops_past_the_cap(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * (3 << 20))
    data, _ = read_regular(big, max_bytes=1 << 20)
    assert (1 << 20) < len(data) < (3 << 20)
