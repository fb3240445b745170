"""One-way layers (issue 10, DESIGN.md): every import of every module of ``dwz`` is parsed
and checked against the floors —

    0  dwz.i18n                      texts and their renderers
    1  dwz.basics                    values, errors, rounding, P(D) tables, steps, outcomes
    2  dwz.rules                     the rule editions (using only the basics)
    3  dwz.core, dwz.elo             the procedures: one player, kernel, tournament, scenarios, Elo
    4  formats, reports, history,    adapters
       portal, cli, web

A module imports only its own floor or lower ones (function-level and type-checking imports
included), and no import graph has a cycle — within a floor neither.  The package root
``dwz`` is the public facade: its names load lazily, importing it imports nothing, so it may
name everything and every module may import it.  Nothing here comes from the code under
test: the floors are written down above, the imports are read from the source files.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

SRC = ROOT / "src"
FLOORS: tuple[tuple[str, int], ...] = (
    ("dwz.i18n", 0), ("dwz.basics", 1), ("dwz.rules", 2), ("dwz.core", 3), ("dwz.elo", 3),
    ("dwz.formats", 4), ("dwz.reports", 4), ("dwz.history", 4), ("dwz.portal", 4), ("dwz.cli", 4), ("dwz.web", 4),
    ("dwz.__main__", 4),
)
ROOT_PACKAGE = "dwz"


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted((SRC / "dwz").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def floor_of(module: str) -> int:
    for prefix, floor in FLOORS:
        if module == prefix or module.startswith(prefix + "."):
            return floor
    raise AssertionError(f"{module}: no floor assigned — add it to FLOORS")


def imports_of(module: str) -> set[str]:
    """Every dwz module ``module`` imports, anywhere in its source."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in MODULES:  # "dwz.core.player.rate" → "dwz.core.player"
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


GRAPH = {m: imports_of(m) for m in MODULES}


def test_every_module_has_a_floor() -> None:
    for m in MODULES:
        if m != ROOT_PACKAGE:
            floor_of(m)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m != ROOT_PACKAGE))
def test_no_import_back_up(module: str) -> None:
    up = sorted(dep for dep in GRAPH[module] if dep != ROOT_PACKAGE and floor_of(dep) > floor_of(module))
    assert not up, f"{module} (floor {floor_of(module)}) imports a higher floor: {up}"


def test_rule_editions_use_only_the_basics() -> None:
    for m, deps in GRAPH.items():
        if m.startswith("dwz.rules"):
            assert all(d.startswith(("dwz.basics", "dwz.rules")) for d in deps), (m, deps)


def test_no_cycles() -> None:
    """Depth-first search over the whole import graph (the root facade left out)."""
    graph = {m: {d for d in deps if d != ROOT_PACKAGE} for m, deps in GRAPH.items() if m != ROOT_PACKAGE}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " → ".join([*path[path.index(d):], d]))
            if d not in state:
                visit(d)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


def test_the_parser_sees_imports() -> None:
    """The test itself: known imports are found (else every check above would pass vacuously)."""
    assert "dwz.basics.values" in GRAPH["dwz.core.player"]
    assert "dwz.rules" in GRAPH["dwz.core.kernel"]
    assert "dwz.i18n" in GRAPH["dwz.basics.errors"]  # a function-level import
