"""One player's Rechenweg, step by step: his games as lines (counted or not, and why; D and P) and
the steps of a Folge-DWZ (WO 3.3 – 3.6) and of a first DWZ (WO 3.4) — built once, for the single
player (:mod:`dwz.core.player_records`) and every player of a tournament
(:mod:`dwz.core.tournament_explain`) alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from dwz.basics.games import Game
from dwz.basics.outcomes import FolgeOutcome, PerformanceOutcome
from dwz.basics.rounding import round_half_up
from dwz.basics.steps import Step
from dwz.basics.values import Result
from dwz.rules import Edition, We
from dwz.rules.common import FIRST_INDEX, MIN_GAMES, average, next_index

__all__ = ["GameLine", "first_steps", "game_lines", "index_step", "performance_steps", "rated_steps", "we_at_ri_step"]


class GameLine(NamedTuple):
    """A game as evaluated: counted or not, and why."""

    opponent: int | None
    result: Result
    counted: bool
    reason: str | None = None  # "forfeit", "bye", "short", "unrated_opponent"
    P: float | None = None
    D: int | None = None
    name: str | None = None
    restpartie: bool = False
    converted_from: int | None = None  # the opponent's value as given, when it was converted from the old scale

    def to_dict(self) -> dict[str, Any]:
        d = {
            "opponent": self.opponent, "name": self.name, "result": self.result.code, "points": self.result.points,
            "counted": self.counted, "reason": self.reason, "D": self.D, "P": self.P, "restpartie": self.restpartie,
        }
        if self.converted_from is not None:
            d["converted_from"] = self.converted_from
        return d


def game_lines(games: Iterable[Game], own: float | None, ps: Sequence[float] | None, restpartie: bool = False,
               given: Sequence[int | None] | None = None) -> list[GameLine]:
    """Each game as a line: counted ones with D and P (``ps`` in the order of the counted games);
    ``given``: per game the value as typed where it was converted from the old scale.  D is the
    whole difference the rules use (a fractional own value, a newcomer's Ri, rounded half up)."""
    lines: list[GameLine] = []
    k = 0
    for i, g in enumerate(games):
        was = None if given is None else given[i]
        if g.counted:
            p = None if ps is None else ps[k]
            d = None if own is None or g.opponent is None else round_half_up(own - g.opponent)
            lines.append(GameLine(opponent=g.opponent, result=g.result, counted=True, P=p, D=d, name=g.name, restpartie=restpartie,
                                  converted_from=was))
            k += 1
        else:
            lines.append(GameLine(opponent=g.opponent, result=g.result, counted=False, reason=g.reason, name=g.name,
                                  restpartie=restpartie, converted_from=was))
    return lines


def index_step(old: int | None, evaluated: bool) -> Step:
    """WO 2.2.4 in the Rechenweg: index + 1 after an evaluation, unchanged without one."""
    if not evaluated:
        return Step("core.index_same", "WO 2.2.4", {"index": old, "result": old})
    if old is None:
        return Step("core.index_unknown", "WO 2.2.4", {"result": None}, assumption=True)
    return Step("core.index", "WO 2.2.4", {"index": old, "result": next_index(old)})


def we_at_ri_step(opponents: Sequence[float], ri: float, ps: Sequence[float], w: float, we: float | None, decimals: int) -> Step:
    """A newcomer's We in the Rechenweg: at his iteration value Ri, where We = W by the definition of
    Ri (spec dwz-classic §7.2) — the correction to the first DWZ follows as its own step."""
    games = [(o, round_half_up(ri - o), p) for o, p in zip(opponents, ps, strict=True)]
    return Step("first.We_Ri", "WO 3.3.2, Anhang 1.1", {"Ri": ri, "games": games, "W": w, "decimals": decimals, "result": we})


def performance_steps(outcome: PerformanceOutcome | None, n: int) -> list[Step]:
    """The Leistung in the Rechenweg: none below 5 games (WO 3.6.1, :func:`performance_eligible`), else the edition's steps."""
    if outcome is None:
        return [Step("core.perf_none", "WO 3.6.1", {"n": n, "min": MIN_GAMES, "result": None})]
    return [Step("core.perf", "WO 3.6.1", {"n": n, "result": outcome.value}), *outcome.steps]


def rated_steps(ed: Edition[We], own: int, old_index: int | None, total: int, opponents: Sequence[int], ps: Sequence[float],
                W: float, We: float, folge: FolgeOutcome | None, performance: PerformanceOutcome | None) -> list[Step]:
    """The one Rechenweg of a rated player's games (WO 3.3 – 3.6): which games count, W, We, W − We,
    Rc, the edition's Folge-DWZ, the index and the Leistung — for the single player and for every
    rated player of a tournament alike.  ``opponents`` are the counted games' values (``ps`` their P,
    in the same order), ``total`` every game given; ``folge`` is ``None`` without a counted game."""
    n = len(opponents)
    steps = [Step("core.games", "WO 3.3.2", {"total": total, "n": n, "excluded": total - n, "result": n})]
    if folge is None:
        steps.append(Step("core.no_games", "WO 3.5.2", {"R0": own, "result": own}))
        steps.append(index_step(old_index, False))
        return steps
    steps.append(Step("core.W", "WO 3.2", {"n": n, "result": W}))
    per_game = [(o, own - o, p) for o, p in zip(opponents, ps, strict=True)]
    steps.append(Step("core.We", "WO 3.3.1, 3.3.2", {"R0": own, "games": per_game, "decimals": ed.PER_GAME_DECIMALS,
                                                     "result": We}, assumption=ed.expectation_assumed(own, opponents)))
    steps.append(Step("core.W_We", "WO 3.5.2", {"W": W, "We": We, "result": W - We}))
    rc = average(opponents)
    steps.append(Step("core.Rc", "WO 3.6.2", {"sum": sum(opponents), "n": n, "exact": rc, "result": round_half_up(rc)}))
    steps.extend(folge.steps)
    steps.append(index_step(old_index, True))
    steps.extend(performance_steps(performance, n))
    return steps


def first_steps(n_tournament: int, n_rest: int, n: int, W: float, iteration: Sequence[Step] | None, ri: float | None,
                opponents: Sequence[float], ps: Sequence[float], We: float | None, decimals: int, outcome: Sequence[Step],
                performance: Sequence[Step]) -> list[Step]:
    """The one Rechenweg of a newcomer (WO 3.4): his games, eligibility (``iteration`` is ``None``
    when he is not eligible), the iteration (the single player's own, or the tournament's
    Gesamtiteration), We at Ri (``opponents`` the values it used, ``ps`` their P), the edition's
    correction (``outcome``), index 1 and the Leistung (``performance``) — for the single player
    and for every newcomer of a tournament alike."""
    steps = [Step("first.games", "WO 3.4.1", {"n_tournament": n_tournament, "n_rest": n_rest, "W": W, "result": n})]
    if iteration is None or ri is None:
        steps.append(Step("first.not_eligible", "WO 3.4.1", {"n": n, "W": W, "min": MIN_GAMES, "result": None}))
        return steps
    steps.extend(iteration)
    steps.append(we_at_ri_step(opponents, ri, ps, W, We, decimals))
    steps.extend(outcome)
    steps.append(Step("first.index", "WO 3.4.1", {"result": FIRST_INDEX}))
    steps.extend(performance)
    return steps
