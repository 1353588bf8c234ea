"""Split and parse the YAML frontmatter of an OKF page.

Parsing is defensive because frontmatter arrives from anywhere: a UTF-8 BOM and
CRLF line ends are tolerated, the YAML is loaded with the safe loader, and alias
expansion is bounded so a "billion laughs" block is rejected instead of being
expanded by whoever walks the result later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

BOM = "\ufeff"
MAX_FRONTMATTER_CHARS = 1_000_000
MAX_EXPANDED_NODES = 100_000


@dataclass(frozen=True)
class Frontmatter:
    """The outcome of reading a page head: a mapping, or the reason there is none."""

    data: dict[str, Any] | None
    error: str | None
    body_start: int = 0

    @property
    def type(self) -> str | None:
        value = self.data.get("type") if self.data else None
        return value if isinstance(value, str) and value.strip() else None

    def text(self, key: str) -> str:
        """A string field collapsed to one line, or '' when absent or not a string."""
        value = self.data.get(key) if self.data else None
        return " ".join(value.split()) if isinstance(value, str) else ""


def split_frontmatter(text: str) -> tuple[str, int] | None:
    """Return (yaml_text, body_offset) when `text` opens with a terminated `---` block."""
    start = 1 if text.startswith(BOM) else 0
    first_end = text.find("\n", start)
    if first_end < 0 or text[start:first_end].rstrip("\r \t") != "---":
        return None
    pos = first_end + 1
    while pos <= len(text):
        end = text.find("\n", pos)
        line_end = len(text) if end < 0 else end
        if text[pos:line_end].rstrip("\r \t") == "---":
            return text[first_end + 1 : pos], (len(text) if end < 0 else end + 1)
        if end < 0:
            return None
        pos = end + 1
    return None


def _expanded_size(value: Any, memo: dict[int, int], budget: int) -> int:
    """Count nodes as if aliases were copied, stopping once `budget` is exceeded."""
    if isinstance(value, dict):
        items: Any = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return 1
    key = id(value)
    if key in memo:
        return memo[key]
    memo[key] = budget + 1  # a cycle (recursive alias) counts as unbounded
    total = 1
    for item in items:
        total += _expanded_size(item, memo, budget)
        if total > budget:
            break
    memo[key] = total
    return total


def parse_frontmatter(text: str) -> Frontmatter:
    """Parse the frontmatter of `text` and say precisely what is wrong when it fails."""
    split = split_frontmatter(text)
    if split is None:
        if text.lstrip(BOM).startswith("---"):
            return Frontmatter(None, "frontmatter is not terminated by a `---` line")
        return Frontmatter(None, "no YAML frontmatter (the file must start with a `---` line)")
    yaml_text, body_start = split
    if len(yaml_text) > MAX_FRONTMATTER_CHARS:
        return Frontmatter(None, f"frontmatter is larger than {MAX_FRONTMATTER_CHARS} characters")
    try:
        data = yaml.load(yaml_text, Loader=_Loader)
    except yaml.YAMLError as exc:
        detail = " ".join(str(exc).split())
        return Frontmatter(None, f"frontmatter is not valid YAML: {detail}")
    except RecursionError:
        return Frontmatter(None, "frontmatter nests too deeply to be read")
    if "*" in yaml_text and _expanded_size(data, {}, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES:
        return Frontmatter(
            None, f"frontmatter aliases expand to more than {MAX_EXPANDED_NODES} nodes (a YAML bomb)"
        )
    if not isinstance(data, dict):
        kind = "empty" if data is None else f"a {type(data).__name__}"
        return Frontmatter(None, f"frontmatter is {kind}, not a mapping of keys")
    return Frontmatter(data, None, body_start)


def conformance_error(fm: Frontmatter) -> str | None:
    """Why a parsed page is not a conformant OKF concept, or None when it is."""
    if fm.error:
        return fm.error
    assert fm.data is not None
    if "type" not in fm.data:
        return "frontmatter has no `type` key"
    if fm.type is None:
        return "frontmatter `type` is empty or not a string"
    return None
