"""The isolated extraction worker: limits, crashes, reuse, and reason codes."""

from __future__ import annotations

import io
import os
import time
import zipfile
from pathlib import Path

import pytest

from wikid.config import LimitsConfig
from wikid.extract.runner import Extractor
from wikid.intake.classify import Reason


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


LIMITS = LimitsConfig(max_file_mb=1, extract_timeout_seconds=5, extract_memory_mb=256)


def test_a_hang_costs_one_file_and_the_worker_is_replaced(tmp_path: Path, hostile: None) -> None:
    limits = LimitsConfig(max_file_mb=1, extract_timeout_seconds=1.5, extract_memory_mb=256)
    with Extractor(limits) as extractor:
        start = time.monotonic()
        stuck = extractor.extract(write(tmp_path, "a.hostile", b"hang"))
        assert time.monotonic() - start < 10
        assert (stuck.reason, stuck.detail) == (Reason.EXTRACTION_FAILED, "time limit of 1.5 s exceeded (limits.extract_timeout_seconds)")
        after = extractor.extract(write(tmp_path, "b.hostile", b"fine"))
        assert (after.ok, after.text) == (True, "fine")


def test_memory_is_capped(tmp_path: Path, hostile: None) -> None:
    with Extractor(LIMITS) as extractor:
        outcome = extractor.extract(write(tmp_path, "a.hostile", b"allocate"))
        assert outcome.reason == Reason.EXTRACTION_FAILED
        assert "memory limit of 256 MB exceeded" in outcome.detail
        assert extractor.extract(write(tmp_path, "b.hostile", b"ok")).text == "ok"


@pytest.mark.parametrize("command", ["segfault", "exit"])
def test_a_dying_worker_is_reported_and_replaced(tmp_path: Path, hostile: None, command: str) -> None:
    with Extractor(LIMITS) as extractor:
        outcome = extractor.extract(write(tmp_path, "a.hostile", command.encode()))
        assert outcome.reason == Reason.EXTRACTION_FAILED and "the extractor crashed" in outcome.detail
        assert extractor.extract(write(tmp_path, "b.hostile", b"ok")).text == "ok"


def test_library_exceptions_become_extraction_failed(tmp_path: Path, hostile: None) -> None:
    with Extractor(LIMITS) as extractor:
        outcome = extractor.extract(write(tmp_path, "a.hostile", b"raise"))
        assert (outcome.reason, outcome.detail) == (Reason.EXTRACTION_FAILED, "RuntimeError: library bug")


def test_network_is_disabled_in_the_worker(tmp_path: Path, hostile: None) -> None:
    with Extractor(LIMITS) as extractor:
        outcome = extractor.extract(write(tmp_path, "a.hostile", b"network"))
        assert outcome.reason == Reason.EXTRACTION_FAILED
        assert "network access is disabled" in outcome.detail


def test_one_worker_serves_a_whole_batch(tmp_path: Path, hostile: None) -> None:
    with Extractor(LIMITS) as extractor:
        pids = {extractor.extract(write(tmp_path, f"{i}.hostile", b"pid")).text for i in range(3)}
    assert len(pids) == 1 and str(os.getpid()) not in pids


def test_reason_codes_decided_before_the_worker(tmp_path: Path) -> None:
    with Extractor(LIMITS) as extractor:
        assert extractor.extract(write(tmp_path, "x.exe", b"MZ")).reason == Reason.UNSUPPORTED
        assert extractor.extract(write(tmp_path, "big.txt", b"x" * (2 << 20))).reason == Reason.TOO_LARGE
        assert extractor.extract(tmp_path / "missing.txt").reason == Reason.IO_FAILED
        link = tmp_path / "link.txt"
        link.symlink_to(write(tmp_path, "real.txt", b"secret"))
        assert extractor.extract(link).reason == Reason.UNSAFE
        assert extractor._worker is None or extractor._worker.alive()


@pytest.mark.parametrize(
    ("name", "data", "reason", "detail"),
    [
        ("junk.pdf", b"this is not a pdf at all", Reason.EXTRACTION_FAILED, "not a PDF"),
        ("legacy.docx", bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 600, Reason.EXTRACTION_FAILED, "legacy binary Office"),
        ("notzip.xlsx", b"plain text", Reason.EXTRACTION_FAILED, "not a ZIP container"),
        ("trunc.pptx", b"PK\x03\x04" + b"\0" * 40, Reason.EXTRACTION_FAILED, "damaged .pptx container"),
        ("junk.rtf", b"hello", Reason.EXTRACTION_FAILED, "not an RTF file"),
    ],
)
def test_content_must_match_the_extension(tmp_path: Path, name: str, data: bytes, reason: Reason, detail: str) -> None:
    with Extractor(LIMITS) as extractor:
        outcome = extractor.extract(write(tmp_path, name, data))
    assert outcome.reason == reason and detail in outcome.detail


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def test_encrypted_containers_are_encrypted(tmp_path: Path) -> None:
    odt = _zip({"mimetype": b"application/vnd.oasis.opendocument.text",
                "META-INF/manifest.xml": b'<manifest:manifest><manifest:file-entry><manifest:encryption-data/></manifest:file-entry></manifest:manifest>',
                "content.xml": b"\x00garbled"})
    epub = _zip({"mimetype": b"application/epub+zip",
                 "META-INF/encryption.xml": b'<encryption><EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/></encryption>'})
    ole = bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 100 + "EncryptedPackage".encode("utf-16-le") + b"\0" * 100
    with Extractor(LIMITS) as extractor:
        for name, data in (("a.odt", odt), ("b.epub", epub), ("c.docx", ole), ("d.xlsx", ole)):
            outcome = extractor.extract(write(tmp_path, name, data))
            assert outcome.reason == Reason.ENCRYPTED, (name, outcome)


@pytest.mark.slow
def test_zip_bomb_named_docx_fails_within_limits(tmp_path: Path) -> None:
    """A real DOCX whose document.xml inflates from ~1 MB to 600 MB: the memory cap stops it."""
    from office_fixtures import make_docx

    with zipfile.ZipFile(io.BytesIO(make_docx(["seed"]))) as source:
        parts = {name: source.read(name) for name in source.namelist() if name != "word/document.xml"}
    path = tmp_path / "bomb.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
        with zf.open("word/document.xml", "w", force_zip64=True) as member:
            member.write(b'<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
                         b'wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>')
            chunk = b"a" * (16 << 20)
            for _ in range(600 // 16):
                member.write(chunk)
            member.write(b"</w:t></w:r></w:p></w:body></w:document>")
    assert path.stat().st_size < 2 << 20
    limits = LimitsConfig(max_file_mb=10, extract_timeout_seconds=60, extract_memory_mb=200)
    with Extractor(limits) as extractor:
        start = time.monotonic()
        outcome = extractor.extract(path)
        assert outcome.reason == Reason.EXTRACTION_FAILED, outcome
        assert "memory" in outcome.detail.lower(), outcome.detail
        assert time.monotonic() - start < 60
        assert extractor.extract(write(tmp_path, "after.txt", b"still working")).text == "still working"


def test_markitdown_formats_do_not_phone_home(tmp_path: Path) -> None:
    """onnxruntime (imported by markitdown) writes a device id when telemetry is on."""
    marker = Path.home() / ".cache" / "Microsoft"
    if marker.exists():
        pytest.skip(f"{marker} existed before the test")
    html = b"<html><head><title>T</title><script>alert(1)</script></head><body><h1>Hello</h1><p>World</p></body></html>"
    with Extractor(LIMITS) as extractor:
        outcome = extractor.extract(write(tmp_path, "page.html", html))
    assert outcome.ok and "Hello" in (outcome.text or "") and "alert" not in (outcome.text or "")
    assert not marker.exists()
