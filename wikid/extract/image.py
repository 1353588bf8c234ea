"""Images (`.png .jpg .jpeg .gif .webp .bmp .tif .tiff`): the text in them, by OCR.

Photos of whiteboards, screenshots, scanned pages: the text Tesseract reads becomes the
document (`extract/ocr.py`). A multi-page TIFF or an animated GIF is read frame by frame
(`## Page N`), at most MAX_FRAMES. No OCR engine installed: `unsupported`, naming the
install command. A tiny image is `empty` (decorative); one Pillow cannot decode is
`extraction_failed`.
"""

from __future__ import annotations

import io
import itertools

from wikid.extract import figures, ocr
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
        frames = [frame.copy() for frame in itertools.islice(ImageSequence.Iterator(image), MAX_FRAMES + 1)]
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ExtractionError(Reason.EXTRACTION_FAILED, f"not a readable image: {exc}") from exc
    warnings = []
    if len(frames) > MAX_FRAMES:
        frames = frames[:MAX_FRAMES]
        warnings.append(f"only the first {MAX_FRAMES} frames were read")
    if all(ocr.decorative(frame) for frame in frames):
        raise ExtractionError(Reason.EMPTY, f"a decorative image ({frames[0].width}x{frames[0].height} px): no text to read")
    reader = figures.ImageReader()
    found = [reader.read_picture(frame, f"page {n}" if len(frames) > 1 else "the image", "")
             for n, frame in enumerate(frames, 1)]
    read = [(n, figure) for n, figure in enumerate(found, 1) if figure is not None and figure.text]
    if not read:
        raise ExtractionError(Reason.EMPTY, "OCR found no text in the image")
    warnings[:0] = reader.warnings()
    if len(frames) == 1:
        body = read[0][1].text
    else:
        body = "\n\n".join(f"## Page {n}\n\n{figure.text}" for n, figure in read)
    return Extracted(body + "\n", tuple(warnings), images=reader.counts(), figures=tuple(reader.figures))
