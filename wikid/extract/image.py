"""Images (`.png .jpg .jpeg .gif .webp .bmp .tif .tiff`): the text in them, by OCR.

Photos of whiteboards, screenshots, scanned pages: the text Tesseract reads becomes the
document (`extract/ocr.py`). A multi-page TIFF or an animated GIF is read frame by frame
(`## Page N`), at most MAX_FRAMES. No OCR engine installed: `unsupported`, naming the
install command. A tiny image is `empty` (decorative); one Pillow cannot decode is
`extraction_failed`.
"""

from __future__ import annotations

import io

from wikid.extract import ocr
from wikid.extract.base import Extracted, ExtractionError
from wikid.reasons import Reason

SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff")
MAX_FRAMES = 50


def extract(data: bytes, suffix: str) -> Extracted:
    from PIL import Image, ImageSequence, UnidentifiedImageError

    ocr.require()
    Image.MAX_IMAGE_PIXELS = ocr.MAX_IMAGE_PIXELS
    try:
        image = Image.open(io.BytesIO(data))
        frames = [frame.copy() for _, frame in zip(range(MAX_FRAMES + 1), ImageSequence.Iterator(image))]
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ExtractionError(Reason.EXTRACTION_FAILED, f"not a readable image: {exc}") from exc
    warnings = [f"text read by OCR ({ocr.version()}): check names and figures against the image"]
    if len(frames) > MAX_FRAMES:
        frames = frames[:MAX_FRAMES]
        warnings.append(f"only the first {MAX_FRAMES} frames were read")
    if all(ocr.decorative(frame) for frame in frames):
        raise ExtractionError(Reason.EMPTY, f"a decorative image ({frames[0].width}x{frames[0].height} px): no text to read")
    reads = [ocr.Read() if ocr.decorative(frame) else ocr.read_pixels(frame) for frame in frames]
    if not any(r.text for r in reads):
        raise ExtractionError(Reason.EMPTY, "OCR found no text in the image")
    if len(reads) == 1:
        return Extracted(reads[0].text + "\n", tuple(warnings))
    body = "\n\n".join(f"## Page {n}\n\n{r.text}" for n, r in enumerate(reads, 1) if r.text)
    return Extracted(body + "\n", tuple(warnings))
