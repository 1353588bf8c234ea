"""Images drawn with text, built in memory with Pillow (no binaries committed)."""

from __future__ import annotations

import io


def picture(lines: list[str], size: tuple[int, int] = (1000, 260), fmt: str = "PNG") -> bytes:
    """An image of `lines` in black on white, large enough for OCR to read."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=36)
    for n, line in enumerate(lines):
        draw.text((30, 30 + 60 * n), line, fill="black", font=font)
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


def scanned_pdf(lines: list[str]) -> bytes:
    """A PDF whose only page is an image of text: no text layer, as a scanner makes it."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(picture(lines, (1240, 1754)))).save(out, "PDF", resolution=150)
    return out.getvalue()
