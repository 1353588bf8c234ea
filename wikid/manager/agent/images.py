"""Documents' images for a model that accepts them: each picture as image content, with
where it stands, the text around it and what OCR read in it, so the model can check the
OCR and read what OCR cannot (a chart's shape, a photo, handwriting).

Blocks are langchain's standard content blocks (`{"type": "image", "base64": …}`), which
each provider package converts to its own format. Whether a model accepts images comes
from its langchain profile (`model.profile["image_inputs"]`) unless `agent.images`
says true or false. At most MAX_PROMPT_IMAGES go into one prompt: pictures are large
and a small context fills fast.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import Any

from wikid.images import Figure

MAX_PROMPT_IMAGES = 8


def accepts_images(model: Any, setting: bool | str) -> bool:
    """Whether to show `model` images: `agent.images` true/false, or (auto) its profile."""
    if isinstance(setting, bool):
        return setting
    profile = getattr(model, "profile", None)
    return isinstance(profile, Mapping) and bool(profile.get("image_inputs"))


def image_blocks(figures: Sequence[tuple[str, Figure]]) -> list[dict[str, Any]]:
    """Content blocks for the kept pictures of (source name, figure) pairs: a text block
    saying which image it is, then the image."""
    blocks: list[dict[str, Any]] = []
    shown = [(source, f) for source, f in figures if f.jpeg][:MAX_PROMPT_IMAGES]
    for source, figure in shown:
        said = [f"Image {figure.number} of {source} ({figure.where})."]
        if figure.nearby:
            said.append(f"Text around it: {figure.nearby}")
        said.append(f"OCR read in it: {figure.text}" if figure.text else "OCR found no text in it.")
        blocks.append({"type": "text", "text": "\n".join(said)})
        blocks.append({"type": "image", "base64": base64.b64encode(figure.jpeg or b"").decode("ascii"),
                       "mime_type": "image/jpeg"})
    return blocks


def text_chars(content: str | list[Any]) -> int:
    """The characters of a message's text (its images not counted), for usage figures."""
    if isinstance(content, str):
        return len(content)
    return sum(len(block.get("text", "")) if isinstance(block, dict) else len(str(block)) for block in content)
