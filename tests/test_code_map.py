"""README's "Code map" names real places: every path in it exists, and every ``file::name`` is a
function, class or table defined in that file — so the map cannot drift from the tree unnoticed
(a module split or a function moved makes this fail and names the row to fix)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from tests.conftest import ROOT

TOP = {"src", "tests", "samples", "docs", "benchmarks", "scripts"}  # a path starting here is the repository's, else src/dwz/'s
_CODE = re.compile(r"`([^`\s]+)`")
_FILE = re.compile(r"\.(py|json|md|sh|html)$")


def code_map(readme: str) -> str:
    """The section "## Code map" of a README's text (to the next section)."""
    start = readme.index("\n## Code map\n")
    end = readme.find("\n## ", start + 1)
    return readme[start:] if end < 0 else readme[start:end]


def places(section: str) -> list[str]:
    """The paths (``core/kernel.py``, ``web/templates/``) and ``file::name`` the section names in code spans."""
    return [c for c in _CODE.findall(section) if "/" in c.partition("::")[0] or _FILE.search(c.partition("::")[0])]


def _resolved(path: str) -> Path:
    return ROOT / path if path.split("/", 1)[0] in TOP else ROOT / "src" / "dwz" / path


@cache
def _defined(path: Path) -> frozenset[str]:
    """The top-level names a module defines: functions, classes, assigned names."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return frozenset(names)


def missing(section: str) -> list[str]:
    """The places of ``section`` that do not exist."""
    out = []
    for place in places(section):
        path, _, name = place.partition("::")
        file = _resolved(path)
        if not file.exists() or (name and (file.suffix != ".py" or name not in _defined(file))):
            out.append(place)
    return out


def test_every_place_in_the_code_map_exists() -> None:
    section = code_map((ROOT / "README.md").read_text(encoding="utf-8"))
    found = places(section)
    assert len(found) > 100, found  # the map was read (rules, packages, formats, surfaces)
    assert sum("::" in p for p in found) > 40  # and names the functions where the rules are written
    assert not missing(section), missing(section)


def test_a_wrong_place_is_found() -> None:
    """A path that does not exist, a name a module does not define, a test file and a directory are told apart."""
    section = ("| x | `core/kernel.py::run`, `core/nope.py`, `rules/dwz_2026.py::no_such_rule`, `tests/oracle.py`, "
               "`web/templates/`, `docs/nope.md`, `dwz.rate`, `--rules` |")
    assert places(section) == ["core/kernel.py::run", "core/nope.py", "rules/dwz_2026.py::no_such_rule", "tests/oracle.py",
                               "web/templates/", "docs/nope.md"]
    assert missing(section) == ["core/nope.py", "rules/dwz_2026.py::no_such_rule", "docs/nope.md"]
