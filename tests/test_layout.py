"""The house's layout: reading rules text is a stage below the game, declarations below the combat damage step,
and the judging of a whole board above both; no module imports another that imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent

ALLOWED = {frozenset({"legality.text.read", "legality.text.parse"})}
"""A quoted ability ('have "{T}: Add {G}."') is read by the reader from inside the grammar's transformer: the one
recursion the language itself has."""


def _runtime_imports(tree: ast.AST) -> list[str]:
    """Modules imported by ``tree``, at the top or inside functions, but not under ``if TYPE_CHECKING``."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
            found.extend(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph() -> nx.DiGraph:
    modules = {}
    for package in ("legality", "models"):
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            modules[name] = path
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        for target in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if target in modules and target != name and not name.startswith(target + "."):
                graph.add_edge(name, target)  # a package's own __init__ is not a circle with its modules
    return graph


def test_no_import_circles() -> None:
    cycles = [c for c in nx.simple_cycles(import_graph()) if frozenset(c) not in ALLOWED]
    assert not cycles, cycles


def test_reading_is_below_the_game_and_declarations_below_damage() -> None:
    graph = import_graph()
    below = {"legality.text.read": ["legality.traits", "legality.conditions", "legality.check"],
             "legality.check": ["legality.damage", "legality.ruling"],
             "legality.damage.resolve": ["legality.ruling"]}
    for module, above in below.items():
        reach = nx.descendants(graph, module)
        assert not [m for m in above if m in reach], (module, [m for m in above if m in reach])
