"""The public API's three lists agree (issue 27): ``dwz/__init__.py`` names its exports in
``_LAZY`` (each name and the module it loads from, on first use: PEP 562), in ``__all__`` (what
``import *``, ``dir(dwz)`` and mypy's re-export see) and in the ``TYPE_CHECKING`` block (the
imports type checkers and IDEs read).  The lists are read from the source's syntax tree, and every
name is then loaded from the package and compared with the object at the module the block names.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import import_module

import pytest

import dwz
from tests.conftest import ROOT

INIT = ROOT / "src" / "dwz" / "__init__.py"
SUBMODULES = {"elo"}  # ``dwz.elo``: the module itself, loaded by ``__getattr__``
NOT_LOADED = {"__version__"}  # a plain value of the package


def lists(source: str) -> tuple[dict[str, str], list[str], set[tuple[str, str]]]:
    """``_LAZY``, ``__all__`` and the TYPE_CHECKING block's (module, name) pairs of a source."""
    lazy: dict[str, str] = {}
    exported: list[str] = []
    typed: set[tuple[str, str]] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id == "_LAZY":
                lazy = ast.literal_eval(node.value)
            elif node.targets[0].id == "__all__":
                exported = ast.literal_eval(node.value)
        elif isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom) and stmt.module:
                    typed |= {(stmt.module, a.asname or a.name) for a in stmt.names}
    return lazy, exported, typed


def disagreements(source: str) -> list[str]:
    """Every way the three lists disagree, said (empty: they agree)."""
    lazy, exported, typed = lists(source)
    out = []
    if len(set(exported)) != len(exported):
        out.append(f"__all__ names some twice: {sorted(n for n in exported if exported.count(n) > 1)}")
    want = set(lazy) | SUBMODULES | NOT_LOADED
    out += [f"in _LAZY, not in __all__: {n}" for n in sorted(want - set(exported))]
    out += [f"in __all__, not in _LAZY: {n}" for n in sorted(set(exported) - want)]
    pairs = {(module, name) for name, module in lazy.items()} | {("dwz", n) for n in SUBMODULES}
    out += [f"_LAZY loads {n} from {m}, the TYPE_CHECKING block does not import it from there" for m, n in sorted(pairs - typed)]
    out += [f"the TYPE_CHECKING block imports {n} from {m}, _LAZY does not load it from there" for m, n in sorted(typed - pairs)]
    return out


SOURCE = INIT.read_text(encoding="utf-8")
LAZY, EXPORTED, _ = lists(SOURCE)


def test_the_three_lists_agree() -> None:
    assert LAZY and EXPORTED
    assert not disagreements(SOURCE), "\n".join(disagreements(SOURCE))


def test_a_disagreement_is_found() -> None:
    """The test itself: each kind of edit that forgets one list is reported."""
    moved = SOURCE.replace(f'"TournamentEvaluation": "{LAZY["TournamentEvaluation"]}"', '"TournamentEvaluation": "dwz.core.records"')
    assert moved != SOURCE and any("TournamentEvaluation from dwz.core.records" in d for d in disagreements(moved))
    added = SOURCE.replace("_LAZY = {", '_LAZY = {\n    "new_name": "dwz.core.player",')
    assert {"in _LAZY, not in __all__: new_name"} <= set(disagreements(added))
    dropped = SOURCE.replace('"AgeGroup", ', "", 1)
    assert dropped != SOURCE and "in _LAZY, not in __all__: AgeGroup" in disagreements(dropped)


@pytest.mark.parametrize("name", sorted(LAZY))
def test_every_name_loads_from_its_module(name: str) -> None:
    """A wrong path in ``_LAZY`` is an ImportError or AttributeError here, not at a user's first call."""
    assert getattr(dwz, name) is getattr(import_module(LAZY[name]), name)


def test_the_package_itself() -> None:
    assert dwz.elo is import_module("dwz.elo")
    assert dir(dwz) == sorted(EXPORTED)
    with pytest.raises(AttributeError, match="no attribute 'nosuch'"):
        _ = dwz.nosuch  # type: ignore[attr-defined]


def test_importing_dwz_loads_none_of_its_modules() -> None:
    """The names load on first use, so ``dwz rate …`` imports only what it needs."""
    code = "import sys, dwz; print(sorted(m for m in sys.modules if m.startswith('dwz.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60).stdout
    assert out.strip() == "[]"
