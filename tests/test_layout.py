"""Every game package has the same anatomy (docs/contract.md, "Anatomy of a game"),
and its modules import one another one way only."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = sorted(p for p in (ROOT / "boardgames" / "games").iterdir() if (p / "__init__.py").exists())

ROLES = (
    "__init__.py",
    "components.py",
    "state.py",
    "rules.py",
    "actions.py",
    "scoring.py",
    "interpretations.py",
    "validation.py",
    "position.py",
    "render.py",
    "picture.py",
    "game.py",
)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(path: Path, package: str) -> set[str]:
    """Sibling modules ``path`` imports at run time (anywhere but under TYPE_CHECKING)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.level == 0 and node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1 :].split(".")[0])
            elif node.level == 0 and node.module == package:
                found.update(alias.name for alias in node.names)
            elif node.level == 1:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name[len(package) + 1 :].split(".")[0])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return found


def import_graph(directory: Path, package: str) -> nx.DiGraph:
    modules = {p.stem for p in directory.glob("*.py") if p.stem != "__init__"}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module in modules:
        for target in _imports(directory / f"{module}.py", package):
            if target in modules and target != module:
                graph.add_edge(module, target)
    return graph


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_game_package_has_the_same_roles(package: Path) -> None:
    missing = [role for role in ROLES if not (package / role).exists()]
    assert not missing, f"{package.name} lacks {missing} (see docs/contract.md, Anatomy of a game)"
    assert any((package / "data").glob("*.toml")), f"{package.name} has no reference components in data/"


@pytest.mark.parametrize(
    ("directory", "package"),
    [(p, f"boardgames.games.{p.name}") for p in PACKAGES]
    + [(ROOT / "examples" / "plugin-game" / "asteroid_rush", "asteroid_rush")],
    ids=lambda v: getattr(v, "name", None) or "",
)
def test_imports_flow_one_way(directory: Path, package: str) -> None:
    cycles = list(nx.simple_cycles(import_graph(directory, package)))
    assert not cycles, f"{package} has import cycles: {sorted(cycles, key=len)[:5]}"


def test_the_import_graph_sees_a_cycle(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from pkg.b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from pkg import a\n")
    (tmp_path / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n"
    )
    graph = import_graph(tmp_path, "pkg")
    assert sorted(graph.edges) == [("a", "b"), ("b", "a")]
