"""PDF fixtures built from scratch, so no binary ever needs committing.

`make_pdf` writes a minimal but valid PDF 1.4 file: one Helvetica (standard Type1,
not embedded) font, one uncompressed content stream per page, and an xref table with
exact byte offsets, which is what strict readers (PDFium, pypdf) check first.
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter


def _pdf_string(text: str) -> bytes:
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("cp1252") + b")"


def _text_stream(text: str) -> bytes:
    """Each line of `text` drawn one below the other from the top-left margin."""
    shows = b" Tj T* ".join(_pdf_string(line) for line in text.split("\n"))
    return b"BT /F1 12 Tf 14 TL 72 720 Td " + shows + b" Tj ET"


def placed_text_stream(lines: list[tuple[float, float, str]]) -> bytes:
    """A content stream drawing each (x, y, text) line where it says (a layout)."""
    return b" ".join(b"BT /F1 12 Tf 1 0 0 1 %.1f %.1f Tm " % (x, y) + _pdf_string(text) + b" Tj ET"
                     for x, y, text in lines)


def build_pdf(streams: list[bytes], stream_filter: bytes = b"", info: bytes = b"") -> bytes:
    """A PDF with one page per content stream (`stream_filter`, e.g. b"/FlateDecode", when they are encoded)
    and, given `info` (the entries, e.g. b"/Title (Report)"), a document information dictionary."""
    n = len(streams)
    page_ids = [4 + 2 * i for i in range(n)]
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % p for p in page_ids) + b"] /Count %d >>" % n,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for page_id, stream in zip(page_ids, streams, strict=True):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (page_id + 1)
        )
        filter_entry = b" /Filter " + stream_filter if stream_filter else b""
        objects.append(b"<< /Length %d%s >>\nstream\n" % (len(stream), filter_entry) + stream + b"\nendstream")
    if info:  # last, so the page objects keep their numbers
        objects.append(b"<< " + info + b" >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    info_entry = b" /Info %d 0 R" % len(objects) if info else b""
    out += b"trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, info_entry, xref)
    return bytes(out)


def make_pdf(pages: list[str], info: bytes = b"") -> bytes:
    """A PDF with one page per string; newlines in a string start new text lines.
    `info` holds document information entries, e.g. b"/Title (Report) /Author (Ann)"."""
    return build_pdf([_text_stream(text) for text in pages], info=info)


def pdf_text_string(text: str) -> bytes:
    """`text` as a PDF text string: UTF-16BE with a byte-order mark, in hex."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


def make_pdf_without_text(n_pages: int) -> bytes:
    """A PDF whose pages only paint a filled rectangle, like a scan with no OCR layer."""
    return build_pdf([b"0.5 g 72 72 468 648 re f"] * n_pages)


def encrypt_pdf(
    data: bytes, user_password: str, algorithm: str = "AES-256", owner_password: str | None = None
) -> bytes:
    """`data` encrypted by pypdf; algorithm is "AES-256", "AES-128" or "RC4-128".

    An empty `user_password` with an `owner_password` gives an owner-password-only
    file: it opens without a password, only the permissions are restricted.
    """
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password, owner_password, algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
