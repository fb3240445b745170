"""A toy third DWZ edition, to show that a new edition is one module and one registry entry.

It satisfies :class:`dwz.rules.edition.Edition` using only :mod:`dwz.basics` (as a real
edition must): the classic 3-decimal expectation, Rn = R0 + 800·(W − We)/(E + n) with a fixed
E = 20, the Leistung and the iteration value as Rc + D(W/n) without corrections, the first DWZ
= Ri rounded.  ``test_editions.py`` registers it for tournaments ending from 2030 and runs a
player, a tournament and a history through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Literal

from dwz.basics.outcomes import FirstOutcome, FolgeOutcome, PerformanceOutcome
from dwz.basics.probability import D_CLASSIC_FULL, p_classic_milli
from dwz.basics.rounding import round_half_up, round_ratio_half_up
from dwz.basics.steps import Step
from dwz.basics.strength import STRENGTH_CLASSES as OLD_SCALE_CLASSES
from dwz.basics.values import AgeGroup

NAME = "dwz-toy"
COEFFICIENT: Literal["E", "K"] = "E"
COEFFICIENT_FORMAT = ".0f"
COMPONENTS: tuple[tuple[str, str], ...] = ()  # the factor's parts as shown, with their format
PER_GAME_DECIMALS = 3
GESAMT_ASSUMED = False
FOREIGN_ASSUMED = False
SCALE: Literal["old", "new"] = "new"
SCALE_MIN = 0
STRENGTH_CLASSES = OLD_SCALE_CLASSES
VALID_FROM = date(2030, 1, 1)
FIXED_E = 20


def expected_total(own: int, opponents: Sequence[int]) -> int:
    return sum(p_classic_milli(own - o) for o in opponents)


def expected_at(rating: float, opponents: Sequence[float]) -> int:
    return sum(p_classic_milli(round_half_up(rating - o)) for o in opponents)


def expected_exact(own: int, opponents: Sequence[int]) -> tuple[list[float], int]:
    ps = [p_classic_milli(own - o) for o in opponents]
    return [p / 1000 for p in ps], sum(ps)


def expectation_assumed(own: int, opponents: Sequence[int]) -> bool:
    return False


def we_from_value(we: float) -> int:
    return round_half_up(we * 1000)


def we_to_float(we: int) -> float:
    return we / 1000


def folge(r0: int, index: int | None, age_group: AgeGroup, w_halves: int, n: int, we: int, explain: bool = True) -> FolgeOutcome:
    den = 1000 * (FIXED_E + n)
    num = r0 * den + 800 * (500 * w_halves - we)
    rn = round_ratio_half_up(num, den)
    steps = [Step("classic.Rn", "toy", {"R0": r0, "W": w_halves / 2, "We": we / 1000, "E": FIXED_E, "n": n, "exact": num / den,
                                         "result": rn})] if explain else []
    return FolgeOutcome(rn, num / den, COEFFICIENT, FIXED_E, {"E_fixed": FIXED_E}, we / 1000, steps)


def folge_with(r0: int, coefficient: float, w_halves: int, n: int, we: int, explain: bool = True) -> FolgeOutcome:
    return folge(r0, None, AgeGroup.ADULT, w_halves, n, we, explain)


def coefficient_range(r0: int, index: int | None) -> tuple[float, float]:
    return FIXED_E, FIXED_E


def _d(w_halves: int, n: int) -> int:
    p = min(max(round_ratio_half_up(500 * w_halves, n), 1), 999)
    return D_CLASSIC_FULL[p]


def iterate(opponents: Sequence[float], w_halves: int, explain: bool = True) -> tuple[float, list[Step]]:
    r = sum(opponents) / len(opponents) + _d(w_halves, len(opponents))
    return r, [Step("perf.result", "toy", {"R": r, "result": round_half_up(r)})] if explain else []


def iterate_scores(opponents: Sequence[int], scores: Sequence[int]) -> list[float]:
    return [iterate(opponents, wh, False)[0] for wh in scores]


def performance(opponents: Sequence[int], w_halves: int, explain: bool = True) -> PerformanceOutcome:
    r, steps = iterate(opponents, min(max(w_halves, 1), 2 * len(opponents) - 1), explain)
    return PerformanceOutcome(round_half_up(r), r, False, steps)


def first_rating(ri: float, explain: bool = True) -> FirstOutcome:
    rn = round_half_up(ri)
    return FirstOutcome(rn, ri, [Step("classic.first", "toy", {"Ri": ri, "result": rn})] if explain else [])


def iteration_start(opponents: Sequence[float], w_halves: int) -> float:
    return iterate(opponents, w_halves, False)[0]


def iteration_next(r: float, w_halves: int, opponents: Sequence[float], seen: set[float]) -> float:
    return iterate(opponents, w_halves, False)[0]


def iteration_settled(old: float, new: float) -> bool:
    return abs(new - old) <= 1e-9


def foreign_coefficient_index(option: int) -> int:
    return option
