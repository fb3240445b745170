"""Issue 9 §6, first reading: a foreign-rated entrant (starting value from his Elo, index 6) and a
player rated with his Elo from 2400 can be an Ausnahmespieler of the Sonderwertung (WO 3.6.3 only
asks for a Leistung more than 300 above the previous rating, and that rating is his DWZ for this
evaluation, WO 4.1.2 / 2.2.4).  The default; the earlier reading stays an option.

The expected numbers are derived here from the spec's formulas (dwz-2026 §2–§5 via
``tests/oracle.py``): the entrant's Leistung Rh solves Σ Φ(Rh − Rj) = W; with the Sonderwertung
his opponents' We use Rh instead of his Elo, and each opponent's Rn = R0 + K·(W − We).
"""

from __future__ import annotations

from datetime import date

import pytest

import dwz
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.core.kernel import EvaluationOptions
from tests import oracle

END = date(2026, 9, 14)  # the 2026 rules: exact normal P (spec dwz-2026 §2)
OPPONENTS = (1850, 1880, 1900, 1920, 1950)
ENTRANT = 1500  # his FIDE Elo: the starting value (WO 4.1.2)
SCORES = (Result.WIN, Result.WIN, Result.WIN, Result.WIN, Result.DRAW)  # his results: 4.5 / 5
BORN = 1980
INDEX = 20


def _tournament() -> Tournament:
    players = [Player(1, "Gast, Gaston", None, None, elo=ENTRANT, birth_year=BORN, federation="FRA", fide_id="123456")]
    players += [Player(i + 2, f"Spieler {i + 2}", r, INDEX, birth_year=BORN) for i, r in enumerate(OPPONENTS)]
    pairings = [Pairing(k + 1, 1, k + 2, res, res.reversed()) for k, res in enumerate(SCORES)]
    return Tournament("Sonderwertung mit Gast", END, tuple(players), tuple(pairings))


def _expected(opponent_value: float) -> list[int]:
    """Each opponent's new DWZ when the entrant counts with ``opponent_value`` (spec dwz-2026 §2, §3)."""
    out = []
    for r0, res in zip(OPPONENTS, SCORES, strict=True):
        w = res.reversed().halves
        out.append(oracle.rn2026_card(r0, INDEX, END.year - BORN, [(opponent_value, w)])[0])  # type: ignore[list-item]
    return out


def test_a_foreign_rated_entrant_is_an_ausnahmespieler_by_default() -> None:
    w = sum(r.halves for r in SCORES) / 2
    rh = oracle.half_up(oracle.solve_2026([float(o) for o in OPPONENTS], w))
    assert rh - ENTRANT > 300  # the trigger of WO 3.6.3, from the spec's formula
    with_sonder, without = _expected(rh), _expected(ENTRANT)
    assert with_sonder != without  # the reading decides the outcome

    ev = dwz.evaluate_tournament(_tournament())
    gast = ev.player(1)
    assert (gast.status, gast.old_rating, gast.old_index, gast.performance) == ("foreign", ENTRANT, 6, rh)
    assert gast.sonderwertung and gast.sonder_value == rh and ev.sonderwertung_players == (1,)
    assert [pe.new_rating for pe in ev.players[1:]] == with_sonder
    step = next(s for s in gast.steps if s.key == "tour.sonder")
    assert step.assumption and step.values["Rh"] == rh  # shown as the reading it is

    old = dwz.evaluate_tournament(_tournament(), options=EvaluationOptions(sonderwertung_foreign=False))
    assert not old.player(1).sonderwertung and old.sonderwertung_players == ()
    assert [pe.new_rating for pe in old.players[1:]] == without
    off = next(s for s in old.player(1).steps if s.key == "tour.sonder_foreign_off")
    assert off.assumption and off.values["Rh"] == rh
    # his own new rating does not depend on it (his We uses his opponents' R0)
    assert gast.new_rating == old.player(1).new_rating


def test_elo_from_2400_players_too() -> None:
    """A DWZ ≥ 2400 rated with his Elo (--elo-from-2400) has that Elo as previous rating: he can be an
    Ausnahmespieler by default, not under the earlier reading."""
    players = [Player(1, "Meister, Max", 2450, 30, elo=1900, birth_year=BORN)]
    players += [Player(i + 2, f"Spieler {i + 2}", 2200 + 10 * i, INDEX, birth_year=BORN) for i in range(5)]
    pairings = [Pairing(k + 1, 1, k + 2, res, res.reversed()) for k, res in enumerate(SCORES)]
    t = Tournament("Elo ab 2400", END, tuple(players), tuple(pairings))
    new = dwz.evaluate_tournament(t, options=EvaluationOptions(use_elo_from_2400=True))
    assert new.player(1).old_rating == 1900 and new.sonderwertung_players == (1,)
    old = dwz.evaluate_tournament(t, options=EvaluationOptions(use_elo_from_2400=True, sonderwertung_foreign=False))
    assert old.sonderwertung_players == ()


@pytest.mark.parametrize("flag", [[], ["--no-sonder-foreign"]])
def test_the_cli_flag(tmp_path: object, flag: list[str]) -> None:
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from dwz.cli.main import _register_optional, cli
    from dwz.formats.table import write_json

    _register_optional()
    path = Path(str(tmp_path)) / "gast.json"
    path.write_text(write_json(_tournament()), encoding="utf-8")
    res = CliRunner().invoke(cli, ["tournament", str(path), "--json", *flag], catch_exceptions=False)
    data = json.loads(res.output)
    assert data["options"]["sonderwertung_foreign"] is (not flag)
    assert data["sonderwertung_players"] == ([] if flag else [1])
