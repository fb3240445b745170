"""FIDE Elo rules by rating period (Handbook B.02, spec fide.md).

Eras (spec fide §1):

=============  =====================  =============================================
era            from                   400-point rule
=============  =====================  =============================================
fide-2008      before 2009-07-01      350-point cap in every game
fide-2009      2009-07-01             400-point cap in every game
fide-2014      2014-07-01             400, every game; K 40/20/10; K·n ≤ 700
fide-2022      2022-01-01             400, once per tournament (largest gap, higher-rated side)
fide-2024-03   2024-03-01             400, every game, both sides; initial rating with two 1800 draws
fide-2025-10   2025-10-01             400 only for players rated below 2650 (own rating decides)
=============  =====================  =============================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from dwz.basics.probability import dp_fide, p_fide_hundredths
from dwz.basics.rounding import round_ratio_half_up
from dwz.basics.steps import Step
from dwz.basics.values import RATING_MAX
from dwz.rules.common import average

__all__ = ["ERAS", "FideEra", "InitialRating", "KFactor", "Performance", "capped", "capped_differences", "era_at", "expected_hundredths", "compression_2024", "era_for", "initial_rating", "initial_rating_2022",
           "initial_rating_2024", "k_factor", "k_for_games", "k_values", "performance", "rating_floor"]

K_CAP_PRODUCT = 700  # §8.3.3: K·n ≤ 700 (from July 2014)
EXEMPT_2650 = 2650  # §8.3.1 from 2025-10-01
INITIAL_MAX = 2200  # §8.2.3, from 2024-03-01 (the archived 2022 rule had no maximum)
INITIAL_MIN_GAMES = 5
HYPOTHETICAL_OPPONENT = 1800  # §8.2.2 from 2024-03-01: two hypothetical draws against 1800
HYPOTHETICAL_GAMES = 2


class KFactor(NamedTuple):
    """K of a player by the era's rules (§8.3.3)."""

    k: int
    reason: str  # the catalog key of the rule that decided it
    assumed: bool  # age or games played unknown: the K rests on an assumption


class Performance(NamedTuple):
    """Rp = Ra + dp(p) (Title Regulations §1.4.6–1.4.9)."""

    rp: int
    ra: int  # the opponents' average, rounded half up
    p: int  # the score in hundredths, rounded half up
    dp: int


class InitialRating(NamedTuple):
    """An initial rating Ru by the era's rule (§8.2), with its steps and Ra as that rule averages."""

    rating: int
    steps: list[Step]
    ra: float


@dataclass(frozen=True, slots=True)
class FideEra:
    """The FIDE rating rules of one period: what differs between eras, as values.

    The procedures (:mod:`dwz.core.elo`) ask these fields and never an era's name; a new era
    is one more entry in :data:`ERAS`.
    """

    name: str
    start: date
    cap: int  # §8.3.1: a rating difference counts at most this much (350 before July 2009, then 400)
    cap_once: bool = False  # 2022: once per tournament, for the game with the largest gap (a reading)
    cap_exempt_from: int | None = None  # from 2025-10-01: no cap for players rated 2650 or more
    k_new_player: int | None = None  # before July 2014: K 25 (2008) / 30 (2009) below 30 games, else 15
    k_product_cap: int | None = K_CAP_PRODUCT  # from July 2014: K·n ≤ 700
    initial_rule: str = "2022"  # "2022" (archived rule) or "2024" (two hypothetical draws against 1800)

    @property
    def cap_assumed(self) -> bool:
        """The once-per-tournament cap of 2022 is a reading of the rule: flagged."""
        return self.cap_once

    def cap_exempt(self, rating: int) -> bool:
        """No 400-point rule for this player (rated 2650 or more, from 2025-10-01)."""
        return self.cap_exempt_from is not None and rating >= self.cap_exempt_from

    @property
    def initial_zero_allowed(self) -> bool:
        """From 2024 two hypothetical draws make a score of 0 rateable (§8.2.2)."""
        return self.initial_rule == "2024"


ERAS: tuple[FideEra, ...] = (  # latest first
    FideEra(name="fide-2025-10", start=date(2025, 10, 1), cap=400, cap_exempt_from=EXEMPT_2650, initial_rule="2024"),
    FideEra(name="fide-2024-03", start=date(2024, 3, 1), cap=400, initial_rule="2024"),
    FideEra(name="fide-2022", start=date(2022, 1, 1), cap=400, cap_once=True),
    FideEra(name="fide-2014", start=date(2014, 7, 1), cap=400),
    FideEra(name="fide-2009", start=date(2009, 7, 1), cap=400, k_new_player=30, k_product_cap=None),
    FideEra(name="fide-2008", start=date(1, 1, 1), cap=350, k_new_player=25, k_product_cap=None),
)


_FLOOR_1400, _FLOOR_1000 = date(2024, 3, 1), date(2012, 8, 1)


def rating_floor(period: date) -> int:
    """The lowest published rating (§7.1.4 / §7.2.1): 1400 from 2024-03-01, 1000 from
    2012-08-01, 1200 before (spec fide §1).

    >>> rating_floor(date(2023, 6, 1)), rating_floor(date(2024, 3, 1))
    (1000, 1400)
    """
    if period >= _FLOOR_1400:
        return 1400
    return 1000 if period >= _FLOOR_1000 else 1200


_AT: dict[date, FideEra] = {}


def era_at(period: date) -> FideEra:
    """:func:`era_for`, remembered per date."""
    era = _AT.get(period)
    if era is None:
        if len(_AT) > 4096:
            _AT.clear()
        era = _AT[period] = era_for(period)
    return era


def era_for(period: date) -> FideEra:
    """The rule era for a rating period (or tournament start).

    >>> era_for(date(2010, 5, 1)).name, era_for(date(2025, 10, 1)).name
    ('fide-2009', 'fide-2025-10')
    """
    for era in ERAS:
        if period >= era.start:
            return era
    return ERAS[-1]


def capped(own: int, opponents: Sequence[int], era: FideEra) -> list[int]:
    """D = own − opponent after the 400-point rule of the era (§8.3.1), per game.

    >>> capped(2600, [2100, 2500], era_for(date(2025, 10, 1))), capped(2700, [2200], era_for(date(2025, 10, 1)))
    ([400, 100], [500])
    """
    limit = era.cap
    if era.cap_exempt(own):
        return [own - o for o in opponents]
    if era.cap_once:
        raw = [own - o for o in opponents]
        # Once per tournament, for the game with the largest gap, applied to the
        # higher-rated player (spec fide §1, Sonas supplemental) — a reading.
        candidates = [i for i, d in enumerate(raw) if d > limit]
        if candidates:
            raw[max(candidates, key=lambda j: raw[j])] = limit
        return raw
    lo, hi = own - limit, own + limit  # D > limit ⟺ opponent < own − limit, D < −limit ⟺ opponent > own + limit
    return [limit if o < lo else (-limit if o > hi else own - o) for o in opponents]


def capped_differences(own: int, opponents: Sequence[int], era: FideEra) -> list[tuple[int, bool]]:
    """Per game (D used, capped?) — :func:`capped` with the games where the rule changed D.

    >>> capped_differences(2700, [2200, 1964], era_for(date(2025, 10, 1)))
    [(500, False), (736, False)]
    >>> capped_differences(2600, [2100], era_for(date(2025, 10, 1)))
    [(400, True)]
    """
    return [(u, u != own - o) for u, o in zip(capped(own, opponents, era), opponents, strict=True)]


def expected_hundredths(own: int, opponents: Sequence[int], era: FideEra) -> int:
    """We in hundredths: Σ PD of table 8.1.2 over the differences after the 400-point rule (exact).

    >>> expected_hundredths(2224, [2319, 2181], era_for(date(2010, 5, 1)))
    93
    """
    if not era.cap_once and opponents:
        exempt = era.cap_exempt(own)
        table = _EXPECTED.get((era.name, exempt)) or _expected_table(era, exempt)
        s = own + RATING_MAX
        if own - max(opponents) >= -RATING_MAX:  # no negative index (a larger D raises IndexError)
            try:
                return sum([table[s - o] for o in opponents])
            except IndexError:
                pass
    return sum(map(p_fide_hundredths, capped(own, opponents, era)))


_EXPECTED: dict[tuple[str, bool], tuple[int, ...]] = {}


def _expected_table(era: FideEra, exempt: bool) -> tuple[int, ...]:
    """PD in hundredths for every D = own − opponent with |D| ≤ 9999, indexed by D + 9999, after
    the era's 400-point rule for one game (``exempt``: a player it does not apply to) — built
    once per era from :func:`capped` and table 8.1.2, so that We is one lookup per game."""
    own = EXEMPT_2650 if exempt else 0  # capped() decides by the own rating whether the rule applies
    used = capped(own, range(own + RATING_MAX, own - RATING_MAX - 1, -1), era)  # D = −9999 … 9999
    table = _EXPECTED[(era.name, exempt)] = tuple(map(p_fide_hundredths, used))
    return table


def k_factor(
    rating: int,
    era: FideEra,
    *,
    age: int | None,
    games_played: int | None,
    reached_2400: bool,
    reached_2300: bool,
) -> KFactor:
    """K by the FIDE rules of the era (§8.3.3).

    Precedence (spec fide §6, 99.2 % agreement with published lists):
    2400 ever reached → 10; junior (≤ 18 in the list year) never 2300 → 40;
    fewer than 30 games → 40; else 20.

    >>> k_factor(1650, era_for(date(2025, 10, 1)), age=41, games_played=100, reached_2400=False, reached_2300=False)
    KFactor(k=20, reason='k.standard', assumed=False)
    """
    assumed = games_played is None or age is None
    ever_2400 = reached_2400 or rating >= 2400
    ever_2300 = reached_2300 or rating >= 2300
    if era.k_new_player is not None:  # the rules before July 2014
        if ever_2400:
            return KFactor(k=10, reason="k.2400", assumed=assumed)
        if games_played is not None and games_played < 30:
            return KFactor(k=era.k_new_player, reason="k.old_new", assumed=assumed)
        return KFactor(k=15, reason="k.old_standard", assumed=assumed)
    if ever_2400:
        return KFactor(k=10, reason="k.2400", assumed=assumed)
    if age is not None and age <= 18 and not ever_2300:
        return KFactor(k=40, reason="k.junior", assumed=assumed)
    if games_played is not None and games_played < 30:
        return KFactor(k=40, reason="k.new", assumed=assumed)
    return KFactor(k=20, reason="k.standard", assumed=assumed)


def k_values(era: FideEra) -> frozenset[int]:
    """Every K the era's rules can give (§8.3.3): a K given outside them is a rule of one's own.

    >>> sorted(k_values(era_for(date(2025, 10, 1)))), sorted(k_values(era_for(date(2009, 7, 1))))
    ([10, 20, 40], [10, 15, 30])
    """
    if era.k_new_player is not None:  # the rules before July 2014
        return frozenset((10, 15, era.k_new_player))
    return frozenset((10, 20, 40))


def k_for_games(k: int, n: int, era: FideEra) -> int:
    """K·n ≤ 700: K becomes ⌊700/n⌋ when needed (§8.3.3, from July 2014).

    >>> [k_for_games(k, n, era_for(date(2025, 10, 1))) for k, n in ((40, 18), (20, 39), (10, 71))]
    [38, 17, 9]
    """
    cap = era.k_product_cap
    if cap is None or k * n <= cap:
        return k
    return cap // n


def performance(opponents: Sequence[int], w_halves: int) -> Performance:
    """Rp = Ra + dp(p), Ra and p rounded half up (Title Regulations §1.4.6–1.4.9).

    >>> performance([1871, 2015, 2122, 2552, 2155, 2123, 2316, 2151], 11)
    Performance(rp=2304, ra=2163, p=69, dp=141)
    """
    n = len(opponents)
    ra = round_ratio_half_up(sum(opponents), n)  # the mean rounded exactly in integers (no fractions, issue 10)
    p = round_ratio_half_up(100 * w_halves, 2 * n)
    dp = dp_fide(p)
    return Performance(rp=ra + dp, ra=ra, p=p, dp=dp)


def initial_rating_2024(opponents: Sequence[int], w_halves: int) -> InitialRating:
    """§8.2 (from 2024-03-01): two hypothetical draws against 1800, p to two decimals
    half up (exact rationals), Ru rounded half up, at most 2200.

    >>> initial_rating_2024([1600] * 6, 4).rating
    1563
    """
    n = len(opponents)
    counted = [*opponents, *(HYPOTHETICAL_OPPONENT,) * HYPOTHETICAL_GAMES]  # the games Ra and p count (§8.2.2)
    total, m = sum(counted), len(counted)  # Ra = total / m, kept in integers for the exact rounding below
    wh = w_halves + HYPOTHETICAL_GAMES  # a half point per hypothetical draw: p = (W + 1)/(n + 2)
    p = round_ratio_half_up(100 * wh, 2 * m)  # in hundredths, half up
    dp = dp_fide(p)
    ru = round_ratio_half_up(total + dp * m, m)  # Ru = Ra + dp
    capped = min(ru, INITIAL_MAX)
    # p in two-hundredths is 100·(W + 1)/(n + 2); a whole odd number means p lay exactly on a half hundredth
    tie = (100 * wh) % m == 0 and ((100 * wh) // m) % 2 == 1
    ra = average(counted)
    steps = [
        Step("fide.init_ra", "FIDE B.02 §8.2.2", {"sum": sum(opponents), "n": n, "result": ra}),
        Step("fide.init_p", "FIDE B.02 §8.2.2", {"W": w_halves / 2, "n": n, "exact": wh / (2 * m), "result": p / 100},
             assumption=tie),
        Step("fide.init_ru", "FIDE B.02 §8.2.3", {"Ra": ra, "dp": dp, "exact": (total + dp * m) / m, "rounded": ru,
                                                  "max": INITIAL_MAX, "result": capped}),
    ]
    return InitialRating(rating=capped, steps=steps, ra=ra)


def initial_rating_2022(opponents: Sequence[int], w_halves: int) -> InitialRating:
    """Archived rule (2022-01-01 – 2024-02-29): 50 % → Ra; above: Ra + 20 per half
    point above 50 %; below: Ra + dp(p); no maximum (FIDE's calculator: 2400, 3/5 → 2420).

    >>> initial_rating_2022([2000] * 5, 6).rating, initial_rating_2022([2000] * 5, 4).rating
    (2020, 1928)
    """
    n = len(opponents)
    total = sum(opponents)  # Ra = total / n, kept in integers for the exact rounding below
    extra: dict[str, float | int]
    if 2 * w_halves > 2 * n:  # above 50 %: W − n/2 in half points
        half_points = w_halves - n
        num = total + 20 * half_points * n
        steps_key = "fide.init22_above"
        extra = {"half_points": half_points}
    elif 2 * w_halves == 2 * n:
        num = total
        steps_key = "fide.init22_even"
        extra = {}
    else:
        p = round_ratio_half_up(100 * w_halves, 2 * n)
        num = total + dp_fide(p) * n
        steps_key = "fide.init22_below"
        extra = {"p": p / 100, "dp": dp_fide(p)}
    ru = round_ratio_half_up(num, n)
    ra = average(opponents)
    return InitialRating(rating=ru, steps=[Step(steps_key, "FIDE B.02 (2022) §8.2", {"Ra": ra, "exact": num / n, **extra, "result": ru})],
                         ra=ra)


def initial_rating(era: FideEra, opponents: Sequence[int], w_halves: int) -> InitialRating:
    """The initial rating by the era's rule (Ru, its steps, Ra as the rule averages it)."""
    if era.initial_rule == "2024":
        return initial_rating_2024(opponents, w_halves)
    return initial_rating_2022(opponents, w_halves)


def compression_2024(rating: int) -> tuple[int, Step]:
    """One-off March 2024 compression: R + round(0.4·(2000 − R)) below 2000 (spec fide §9).

    >>> [compression_2024(r)[0] for r in (1000, 1234, 1500, 1998, 1999, 2000, 2100)]
    [1400, 1540, 1700, 1999, 1999, 2000, 2100]
    """
    if rating >= 2000:
        return rating, Step("fide.compress_none", "FIDE 2024-03 compression", {"R": rating, "result": rating})
    add = round_ratio_half_up(2 * (2000 - rating), 5)
    return rating + add, Step("fide.compress", "FIDE 2024-03 compression", {"R": rating, "add": add, "result": rating + add})
