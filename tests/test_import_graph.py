"""The import graph of wikid/: no circle, and layers that only look down.

Every `import` and `from ... import` in every module counts, wherever it stands: at the
top, inside a function (the lazy imports that keep `wikid query` fast) or under
`if TYPE_CHECKING:` (a type is a dependency on a module's interface all the same).
A name imported from a package counts as its submodule when there is one
(`from wikid.intake import naming` is an import of wikid.intake.naming).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "wikid"

# Top to bottom. A module may import its own layer and the layers below it; the longest
# prefix names a module's layer (`wikid.daemon.service` sits above the rest of
# `wikid.daemon`), and "wikid" alone is the package root, not a prefix.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("wikid.cli", "wikid.__main__"),  # the command: parsing and printing
    ("wikid",),  # the public names, re-exported lazily (PEP 562)
    ("wikid.daemon.service",),  # `wikid watch`: built on a Project, runs the web server
    ("wikid.serve",),  # `wikid serve`: built on a Project
    ("wikid.project",),  # the API
    ("wikid.maintenance",),  # remove and migrate, over intake's archive and page writing
    ("wikid.intake",),  # a batch: classify, extract, hand to the manager, write, archive
    # what a batch calls on, and the daemon's own helpers (unit text, watcher, tracker)
    ("wikid.extract", "wikid.manager", "wikid.query", "wikid.daemon"),
    ("wikid.document",),  # the document model and its readers
    ("wikid.okf",),  # the page format: front matter, bundle, index, lint
    # the shared vocabularies and small helpers every layer may use
    ("wikid.reasons", "wikid.paths", "wikid.fsio", "wikid.clock", "wikid.config", "wikid.lock", "wikid.state",
     "wikid.images", "wikid.slug", "wikid.filenames", "wikid._version"),
)

# Imports allowed to look up, each with why; at most one may ever be named here.
ALLOWED_UPWARD: Mapping[tuple[str, str], str] = {}


def module_name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.AST, name: str, is_package: bool, modules: set[str]) -> Iterator[str]:
    """The wikid modules `tree` (module `name`) imports, anywhere in it."""
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield submodule if submodule in modules else source


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the wikid modules it imports (itself left out)."""
    files = {module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    modules = set(files)
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found = imported(tree, name, path.name == "__init__.py", modules)
        graph[name] = {target for target in found if target in modules and target != name}
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None  # (length of the prefix, layer)
    for number, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            matches = module == prefix or (prefix != "wikid" and module.startswith(prefix + "."))
            if matches and (best is None or len(prefix) > best[0]):
                best = (len(prefix), number)
    return None if best is None else best[1]


def upward(graph: Mapping[str, set[str]]) -> list[tuple[str, str]]:
    """The imports from a module to one in a layer above it."""
    found = []
    for source, targets in sorted(graph.items()):
        for target in sorted(targets):
            source_layer, target_layer = layer_of(source), layer_of(target)
            if source_layer is not None and target_layer is not None and target_layer < source_layer:
                found.append((source, target))
    return found


def test_the_graph_sees_lazy_type_only_and_from_package_imports() -> None:
    graph = import_graph()
    assert "wikid.daemon.service" in graph["wikid.cli"]  # inside main(), where `watch` runs
    assert "wikid.project" in graph["wikid.serve.app"]  # under `if TYPE_CHECKING:`
    assert "wikid.extract.figures" in graph["wikid.extract.pdf"]  # a top-level import
    assert "wikid.config" in graph["wikid.manager.select"]


def test_cycles_finds_a_circle_through_three_modules_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle() -> None:
    assert cycles(import_graph()) == []


def test_every_module_has_a_layer() -> None:
    assert [name for name in import_graph() if layer_of(name) is None] == []


def test_layers_only_look_down() -> None:
    assert len(ALLOWED_UPWARD) <= 1
    assert upward({"wikid.okf.page": {"wikid.document.model"}}) == [("wikid.okf.page", "wikid.document.model")]
    assert [edge for edge in upward(import_graph()) if edge not in ALLOWED_UPWARD] == []


def test_project_imports_neither_the_daemon_nor_the_web_server() -> None:
    """They are built on a Project (by the CLI, or by a caller of the Python API)."""
    graph = import_graph()
    assert not {name for name in graph["wikid.project"] if name.startswith(("wikid.daemon.service", "wikid.serve"))}
