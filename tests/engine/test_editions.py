"""The editions are typed things the procedures never ask the name of (issue 12 §1):
no comparison with an edition's or FIDE era's name outside ``dwz/rules``, mypy checks every
call against the ``Edition`` protocol, and a new edition is one module and one registry entry
(``toy_edition.py`` run through a player, a tournament and a history)."""

from __future__ import annotations

import ast
from datetime import date
from pathlib import Path

import pytest

import dwz
from dwz.history import add_tournament, open_store, run, transaction
from dwz.rules import DWZ_EDITIONS, edition_for, get_edition, register, unregister
from dwz.rules.fide import ERAS
from tests.conftest import ROOT
from tests.engine import toy_edition
from tests.oracle import classic_rn, half_up

NAMES = {*DWZ_EDITIONS, *(era.name for era in ERAS)}


def _string_constants(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _string_constants(e)]
    return []


def test_no_branch_on_an_edition_name_outside_rules() -> None:
    offenders = []
    for path in sorted((ROOT / "src" / "dwz").rglob("*.py")):
        if "rules" in path.relative_to(ROOT / "src" / "dwz").parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                if any(s in NAMES for o in operands for s in _string_constants(o)):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                if any(isinstance(o, ast.Attribute) and o.attr == "NAME" for o in operands):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


def test_the_scan_finds_a_branch(tmp_path: Path) -> None:
    tree = ast.parse('if r.rules == "dwz-classic":\n    pass\nok = ed.NAME in ("fide-2022",)\n')
    hits = [n for n in ast.walk(tree) if isinstance(n, ast.Compare)
            and any(s in NAMES for o in [n.left, *n.comparators] for s in _string_constants(o))]
    assert len(hits) == 2


def test_mypy_catches_a_function_an_edition_lacks(tmp_path: Path) -> None:
    """mypy --strict on a procedure that calls what no edition provides, and on an edition
    module that lacks part of the protocol."""
    api = pytest.importorskip("mypy.api")
    (tmp_path / "bad_use.py").write_text(
        "from typing import Any\nfrom dwz.rules import Edition\n\n\n"
        "def f(ed: Edition[Any]) -> None:\n    ed.no_such_function()\n", encoding="utf-8")
    (tmp_path / "bad_edition.py").write_text(
        "from typing import Any\nfrom dwz.rules import Edition, dwz_2026\n\n"
        "import tests.engine.toy_edition as toy\n\n"
        "ok: Edition[Any] = toy\nfine: Edition[Any] = dwz_2026\n", encoding="utf-8")
    out, err, code = api.run(["--config-file=", "--strict", "--no-incremental", "--follow-imports=silent",
                              str(tmp_path / "bad_use.py"), str(tmp_path / "bad_edition.py")])
    assert code == 1, out + err
    assert 'has no attribute "no_such_function"' in out, out
    assert out.count("error:") == 1, out  # the toy edition and 2026 satisfy the protocol


@pytest.fixture
def toy() -> object:
    register(toy_edition, valid_from=toy_edition.VALID_FROM, aliases=("toy",))
    yield toy_edition
    unregister(toy_edition.NAME)
    assert toy_edition.NAME not in DWZ_EDITIONS and edition_for(toy_edition.VALID_FROM) == "dwz-2026"


def _toy_rn(r0: int, games: list[tuple[int, float]]) -> int:
    """The toy rule re-stated: the classic expectation and Rn with a fixed E (toy_edition docstring)."""
    from fractions import Fraction

    from tests.oracle import p3

    w = sum(Fraction(s) for _, s in games)
    we = sum(p3(r0 - o) for o, _ in games)
    return classic_rn(r0, toy_edition.FIXED_E, len(games), w, we)


def test_toy_edition_selected_by_date_and_name(toy: object) -> None:
    assert edition_for(toy_edition.VALID_FROM) == toy_edition.NAME
    assert get_edition("toy") is toy_edition
    assert edition_for(date(2027, 1, 1)) == "dwz-2026"


def test_toy_edition_player(toy: object) -> None:
    games = [(1580, 1), (1720, 0.5), (1810, 0), (1600, 1), (1690, 0.5)]
    r = dwz.rate("1650-12", games, end=toy_edition.VALID_FROM, birth_year=1985)
    assert r.rules == toy_edition.NAME and r.coefficient_name == "E" and r.E == toy_edition.FIXED_E
    assert r.new_rating == _toy_rn(1650, games) and r.new_index == 13
    assert r.performance is not None and r.to_dict("en")["steps"]
    f = dwz.first_rating(games, end=toy_edition.VALID_FROM)
    assert f.rules == toy_edition.NAME and f.new_rating is not None and f.steps
    assert dwz.scenarios("1650-12", [o for o, _ in games], end=toy_edition.VALID_FROM).rows[4].new_rating is not None


def _toy_tournament() -> dwz.Tournament:
    R = dwz.Result
    players = [dwz.Player(1, "A", 1650, 12, birth_year=1985), dwz.Player(2, "B", 1580, 30, birth_year=1970),
               dwz.Player(3, "C", 1720, 8, birth_year=2001), dwz.Player(4, "Neu", None, None, birth_year=2010)]
    res = {(1, 2): R.WIN, (1, 3): R.DRAW, (2, 3): R.LOSS, (1, 4): R.WIN, (2, 4): R.DRAW, (3, 4): R.WIN}
    pairings = tuple(dwz.Pairing(i, a, b, r, r.reversed()) for i, ((a, b), r) in enumerate(res.items(), 1))
    return dwz.Tournament("Toy-Open", toy_edition.VALID_FROM, tuple(players), pairings)


def test_toy_edition_tournament_and_history(toy: object, tmp_path: Path) -> None:
    t = _toy_tournament()
    ev = dwz.evaluate_tournament(t)
    assert ev.rules == toy_edition.NAME
    a = ev.player(1)
    assert a.new_rating == _toy_rn(1650, [(1580, 1), (1720, 0.5)])  # the newcomer is not rated: 3 games only
    assert all(pe.rechenweg("de") for pe in ev.players)
    conn = open_store(tmp_path / "toy.sqlite")
    with transaction(conn):
        add_tournament(conn, t)
    run(conn)
    row = conn.execute("SELECT e.edition, e.new_rating FROM evaluations e JOIN players p ON p.id = e.player "
                       "WHERE p.name = 'A' AND e.status = 'established'").fetchone()
    assert row == (toy_edition.NAME, a.new_rating)
    conn.close()


def test_rules_as_number_and_half_up_oracle() -> None:
    assert get_edition(2026) is get_edition("dwz-2026")
    assert half_up(2.5) == 3
