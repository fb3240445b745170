"""The command line's rooms (issue 27): the group and the registration in ``dwz.cli.main``, the
options and helpers the commands share in modules of their own (``dwz.cli.options``,
``dwz.cli.arguments``, ``dwz.cli.output``) that every command module imports at the top — and no
command module importing the group back, neither at the top nor inside a function (an import
circle hidden in function bodies).  The imports are read from the source files' syntax trees.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

CLI = ROOT / "src" / "dwz" / "cli"
PACKAGE = "dwz.cli"
GROUP = "dwz.cli.main"
SHARED = ("dwz.cli.options", "dwz.cli.arguments", "dwz.cli.output")
COMMAND_MODULES = sorted(p for p in CLI.glob("*.py") if p.name != "main.py")
_BY_NAME = ("__import__", "import_module")  # __import__("dwz.cli.main"), importlib.import_module("dwz.cli.main")


def imports(source: str, package: str = PACKAGE) -> list[tuple[str, bool]]:
    """Every module an import names (absolute: ``from . import main`` is ``dwz.cli.main``), and whether
    the import is inside a function.  ``from dwz.cli import main`` names ``dwz.cli.main`` too."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((a.name, in_function) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.append((base, in_function))
            found.extend((f"{base}.{a.name}", in_function) for a in node.names)
        elif isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) else ""
            first = node.args[0] if node.args else None
            if name in _BY_NAME and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((first.value, in_function))
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(ast.parse(source), False)
    return found


def _imports_of(path: Path) -> list[tuple[str, bool]]:
    return imports(path.read_text(encoding="utf-8"))


def _names(module: str, found: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    return [(m, inside) for m, inside in found if m == module or m.startswith(module + ".")]


@pytest.mark.parametrize("path", COMMAND_MODULES, ids=lambda p: p.name)
def test_no_command_module_imports_the_group_back(path: Path) -> None:
    back = _names(GROUP, _imports_of(path))
    assert not back, f"{path.name} imports the command group {GROUP} ({'inside a function' if back[0][1] else 'at the top'})"


@pytest.mark.parametrize("path", sorted(CLI.glob("*.py")), ids=lambda p: p.name)
def test_the_shared_helpers_are_imported_at_the_top(path: Path) -> None:
    """They are small and loaded by every command line: a function-level import would only hide the dependency."""
    hidden = sorted({m for shared in SHARED for m, inside in _names(shared, _imports_of(path)) if inside})
    assert not hidden, f"{path.name} imports {hidden} inside a function"


def test_the_shared_modules_sit_below_every_command() -> None:
    """The group's module imports the single-player commands to register them; the shared modules
    import no command module (only each other and the language and layout helpers)."""
    assert ("dwz.cli.player", False) in _imports_of(CLI / "main.py")
    for shared in SHARED:
        path = CLI / f"{shared.rpartition('.')[2]}.py"
        named = {".".join(m.split(".")[:3]) for m, _ in _imports_of(path) if m.startswith(PACKAGE + ".")}  # the modules
        assert named <= {*SHARED, "dwz.cli.lang", "dwz.cli.layout"}, (shared, named)


def test_the_walk_sees_every_form_of_import() -> None:
    """The test itself: each way of naming the group is found, top or inside a function (else the
    checks above would pass vacuously)."""
    cases = {
        "from dwz.cli.main import fail": False,
        "import dwz.cli.main": False,
        "from dwz.cli import main": False,
        "from . import main": False,
        "from .main import cli": False,
        "def f():\n    from dwz.cli.main import dumps": True,
        "class C:\n    def m(self):\n        import dwz.cli.main as m": True,
        "def f():\n    return __import__('dwz.cli.main')": True,
        "import importlib\ng = lambda: importlib.import_module('dwz.cli.main')": True,
    }
    for source, inside in cases.items():
        assert _names(GROUP, imports(source)) and all(i == inside for _, i in _names(GROUP, imports(source))), source
    assert not _names(GROUP, imports("from dwz.cli.mainly import x\nimport dwz.cli.lang"))
    check = _imports_of(CLI / "check.py")  # a real module: its top import of the options is seen, at the top
    assert ("dwz.cli.options", False) in check and ("dwz.cli.render_check", True) in check
