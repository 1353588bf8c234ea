"""Split and parse the YAML frontmatter of an OKF page.

Parsing is defensive because frontmatter arrives from anywhere: a UTF-8 BOM and
CRLF line ends are tolerated, the YAML is loaded with the safe loader, and alias
expansion is bounded so a "billion laughs" block is rejected instead of being
expanded by whoever walks the result later. Nesting is bounded before libyaml sees
the text: its composer recurses once per level (a frontmatter of 100,000 `[`
overflows the C stack and kills the process, a daemon included) and its scanner
slows quadratically with depth (20,000 levels take seconds). A key given twice in
one mapping is an error, as YAML 1.2 requires: PyYAML would silently keep the last
`type:`, while stricter OKF readers refuse the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE_TAG = "tag:yaml.org,2002:merge"


class _Loader(_BaseLoader):  # type: ignore[misc,valid-type]
    """The safe loader, refusing a mapping that repeats a key (merged `<<` keys may be overridden)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[tuple[str, str]] = set()
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != _MERGE_TAG:
                key = (key_node.tag, key_node.value)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        "while constructing a mapping", node.start_mark,
                        f"found duplicate key `{key_node.value}`", key_node.start_mark)
                seen.add(key)
        mapping: dict[Any, Any] = super().construct_mapping(node, deep)
        return mapping

BOM = "\ufeff"
MAX_FRONTMATTER_CHARS = 1_000_000
MAX_EXPANDED_NODES = 100_000
MAX_NESTING = 200
_BLOCK_INDICATORS = ("- ", "? ", ": ")
_BRACKETS = re.compile(r"[\[\]{}]")


@dataclass(frozen=True)
class Frontmatter:
    """The outcome of reading a page head: a mapping, or the reason there is none."""

    data: dict[str, Any] | None
    error: str | None
    body_start: int = 0
    hostile: bool = False  # not loaded at all: too large, nested too deeply or an alias bomb

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


def nesting_bound(yaml_text: str) -> int:
    """An upper bound on how deeply `yaml_text` nests, in one pass and without parsing.

    A block level needs one more column of indentation or one more indicator (`- `,
    `? `, `: `) on its line; a flow level needs an unclosed `[` or `{`. Brackets and
    indicators inside quoted strings are counted too, which only over-estimates.
    """
    deepest = flow = 0
    for line in yaml_text.split("\n"):
        content = line.lstrip(" ")
        block = len(line) - len(content) + sum(content.count(i) for i in _BLOCK_INDICATORS) + 2
        deepest = max(deepest, block + flow)
        for bracket in _BRACKETS.findall(content):
            if bracket in "[{":
                flow += 1
                deepest = max(deepest, block + flow)
            elif flow:
                flow -= 1
    return deepest


def refusal(yaml_text: str) -> str | None:
    """Why `yaml_text` must not be handed to libyaml at all (too large, nested too
    deeply: see the module docstring), or None. Every YAML load of a frontmatter that
    may come from outside goes through this check first."""
    if len(yaml_text) > MAX_FRONTMATTER_CHARS:
        return f"frontmatter is larger than {MAX_FRONTMATTER_CHARS} characters"
    if nesting_bound(yaml_text) > MAX_NESTING:
        return f"frontmatter nests more than {MAX_NESTING} levels deep"
    return None


def parse_frontmatter(text: str) -> Frontmatter:
    """Parse the frontmatter of `text` and say precisely what is wrong when it fails."""
    split = split_frontmatter(text)
    if split is None:
        if text.lstrip(BOM).startswith("---"):
            return Frontmatter(None, "frontmatter is not terminated by a `---` line")
        return Frontmatter(None, "no YAML frontmatter (the file must start with a `---` line)")
    yaml_text, body_start = split
    refused = refusal(yaml_text)
    if refused:
        return Frontmatter(None, refused, hostile=True)
    try:
        data = yaml.load(yaml_text, Loader=_Loader)
    except yaml.YAMLError as exc:
        detail = " ".join(str(exc).split())
        return Frontmatter(None, f"frontmatter is not valid YAML: {detail}")
    except RecursionError:
        return Frontmatter(None, "frontmatter nests too deeply to be read")
    if "*" in yaml_text and _expanded_size(data, {}, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES:
        return Frontmatter(
            None, f"frontmatter aliases expand to more than {MAX_EXPANDED_NODES} nodes (a YAML bomb)", hostile=True
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
