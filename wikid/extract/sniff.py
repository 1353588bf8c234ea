"""Confirm a file's content matches its extension before any format library sees it.

Catches renamed files (junk named `.pdf`, a legacy `.doc` renamed `.docx`) and
encrypted containers cheaply and with a precise reason: password-protected Office
files are OLE2 containers holding an `EncryptedPackage` stream; encrypted ODF
documents declare `encryption-data` in their manifest; protected EPUBs list a
non-font algorithm in `META-INF/encryption.xml`.
"""

from __future__ import annotations

import io
import re
import zipfile

from wikid.extract.base import ExtractionError
from wikid.reasons import Reason

PDF_MAGIC = b"%PDF-"
ZIP_MAGIC = b"PK\x03\x04"
OLE2_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")
OOXML_SUFFIXES = frozenset({".docx", ".xlsx", ".pptx"})
ZIP_SUFFIXES = OOXML_SUFFIXES | {".odt", ".epub"}
MAX_DECLARED_UNZIPPED = 2 << 30
# Font obfuscation is not encryption of the text (IDPF and Adobe schemes).
_FONT_OBFUSCATION = ("http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC")


def _failed(detail: str) -> ExtractionError:
    return ExtractionError(Reason.EXTRACTION_FAILED, detail)


def check_content(suffix: str, data: bytes) -> None:
    """Raise ExtractionError when `data` is not what `suffix` promises, or is encrypted."""
    if suffix == ".pdf":
        if PDF_MAGIC not in data[:1024]:
            raise _failed("not a PDF: no %PDF- header in the first 1 KB")
    elif suffix in ZIP_SUFFIXES:
        if data.startswith(OLE2_MAGIC):
            if ENCRYPTED_PACKAGE in data:
                raise ExtractionError(Reason.ENCRYPTED, "password-protected Office document (OLE2 EncryptedPackage)")
            raise _failed(f"a legacy binary Office file (.doc/.xls/.ppt) named {suffix}; save it in the {suffix} format")
        if not data.startswith(ZIP_MAGIC):
            raise _failed(f"not a {suffix} file: it is not a ZIP container")
        _check_zip(suffix, data)
    elif suffix == ".rtf":
        if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{\\rtf"):
            raise _failed("not an RTF file: it does not start with {\\rtf")


def _check_zip(suffix: str, data: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            declared = sum(info.file_size for info in archive.infolist())
            if declared > MAX_DECLARED_UNZIPPED:
                raise _failed(f"the ZIP container declares {declared / 2**30:.1f} GB of content (a zip bomb?)")
            names = set(archive.namelist())
            if suffix == ".odt" and "META-INF/manifest.xml" in names:
                if b"encryption-data" in archive.read("META-INF/manifest.xml"):
                    raise ExtractionError(Reason.ENCRYPTED, "password-protected OpenDocument file")
            if suffix == ".epub" and "META-INF/encryption.xml" in names:
                algorithms = re.findall(rb'Algorithm="([^"]+)"', archive.read("META-INF/encryption.xml"))
                if any(a.decode("ascii", "replace") not in _FONT_OBFUSCATION for a in algorithms):
                    raise ExtractionError(Reason.ENCRYPTED, "DRM-protected EPUB (META-INF/encryption.xml)")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, KeyError) as exc:
        raise _failed(f"damaged {suffix} container: {exc}") from None
