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
from datetime import date
from fractions import Fraction

from dwz.core.probability import dp_fide
from dwz.core.rounding import round_half_up
from dwz.core.steps import Step

ERAS: tuple[tuple[date, str], ...] = (
    (date(2025, 10, 1), "fide-2025-10"),
    (date(2024, 3, 1), "fide-2024-03"),
    (date(2022, 1, 1), "fide-2022"),
    (date(2014, 7, 1), "fide-2014"),
    (date(2009, 7, 1), "fide-2009"),
    (date(1, 1, 1), "fide-2008"),
)

K_CAP_PRODUCT = 700  # §8.3.3: K·n ≤ 700 (from July 2014)
EXEMPT_2650 = 2650  # §8.3.1 from 2025-10-01
INITIAL_MAX = 2200  # §8.2.3, from 2024-03-01 (the archived 2022 rule had no maximum)


def rating_floor(period: date) -> int:
    """The lowest published rating (§7.1.4 / §7.2.1): 1400 from 2024-03-01, 1000 from
    2012-08-01, 1200 before (spec fide §1).

    >>> rating_floor(date(2023, 6, 1)), rating_floor(date(2024, 3, 1))
    (1000, 1400)
    """
    if period >= date(2024, 3, 1):
        return 1400
    return 1000 if period >= date(2012, 8, 1) else 1200
INITIAL_MIN_GAMES = 5


def era_for(period: date) -> str:
    """The rule era for a rating period (or tournament start).

    >>> era_for(date(2010, 5, 1)), era_for(date(2025, 10, 1))
    ('fide-2009', 'fide-2025-10')
    """
    for start, name in ERAS:
        if period >= start:
            return name
    return ERAS[-1][1]


def cap_limit(era: str) -> int:
    return 350 if era == "fide-2008" else 400


def capped_differences(own: int, opponents: Sequence[int], era: str) -> list[tuple[int, bool]]:
    """D = own − opponent after the 400-point rule (§8.3.1), per game: (D used, capped?).

    >>> capped_differences(2700, [2200, 1964], "fide-2025-10")
    [(500, False), (736, False)]
    >>> capped_differences(2600, [2100], "fide-2025-10")
    [(400, True)]
    """
    limit = cap_limit(era)
    raw = [own - o for o in opponents]
    if era == "fide-2025-10" and own >= EXEMPT_2650:
        return [(d, False) for d in raw]
    if era == "fide-2022":
        # Once per tournament, for the game with the largest gap, applied to the
        # higher-rated player (spec fide §1, Sonas supplemental) — a reading.
        out = [(d, False) for d in raw]
        candidates = [i for i, d in enumerate(raw) if d > limit]
        if candidates:
            i = max(candidates, key=lambda j: raw[j])
            out[i] = (limit, True)
        return out
    return [(max(-limit, min(limit, d)), abs(d) > limit) for d in raw]


def k_factor(
    rating: int,
    era: str,
    *,
    age: int | None,
    games_played: int | None,
    reached_2400: bool,
    reached_2300: bool,
) -> tuple[int, str, bool]:
    """K by the FIDE rules of the era (§8.3.3); returns (K, reason key, assumed?).

    Precedence (spec fide §6, 99.2 % agreement with published lists):
    2400 ever reached → 10; junior (≤ 18 in the list year) never 2300 → 40;
    fewer than 30 games → 40; else 20.

    >>> k_factor(1650, "fide-2025-10", age=41, games_played=100, reached_2400=False, reached_2300=False)
    (20, 'k.standard', False)
    """
    assumed = games_played is None or age is None
    ever_2400 = reached_2400 or rating >= 2400
    ever_2300 = reached_2300 or rating >= 2300
    if era in ("fide-2008", "fide-2009"):
        if ever_2400:
            return 10, "k.2400", assumed
        if games_played is not None and games_played < 30:
            return (30 if era == "fide-2009" else 25), "k.old_new", assumed
        return 15, "k.old_standard", assumed
    if ever_2400:
        return 10, "k.2400", assumed
    if age is not None and age <= 18 and not ever_2300:
        return 40, "k.junior", assumed
    if games_played is not None and games_played < 30:
        return 40, "k.new", assumed
    return 20, "k.standard", assumed


def k_for_games(k: int, n: int, era: str) -> int:
    """K·n ≤ 700: K becomes ⌊700/n⌋ when needed (§8.3.3, from July 2014).

    >>> k_for_games(40, 18, "fide-2014"), k_for_games(20, 39, "fide-2025-10"), k_for_games(10, 71, "fide-2024-03")
    (38, 17, 9)
    """
    if era in ("fide-2008", "fide-2009") or n == 0:
        return k
    return min(k, K_CAP_PRODUCT // n)


def performance(opponents: Sequence[int], w_halves: int) -> tuple[int, int, int, int]:
    """Rp = Ra + dp(p), Ra and p rounded half up (Title Regulations §1.4.6–1.4.9).

    Returns (Rp, Ra, p in hundredths, dp).

    >>> performance([1871, 2015, 2122, 2552, 2155, 2123, 2316, 2151], 11)
    (2304, 2163, 69, 141)
    """
    n = len(opponents)
    ra = round_half_up(Fraction(sum(opponents), n))
    p = round_half_up(Fraction(100 * w_halves, 2 * n))
    dp = dp_fide(p)
    return ra + dp, ra, p, dp


def initial_rating_2024(opponents: Sequence[int], w_halves: int) -> tuple[int, list[Step]]:
    """§8.2 (from 2024-03-01): two hypothetical draws against 1800, p to two decimals
    half up (exact rationals), Ru rounded half up, at most 2200.

    >>> initial_rating_2024([1600] * 6, 4)[0]
    1563
    """
    n = len(opponents)
    ra = Fraction(sum(opponents) + 2 * 1800, n + 2)
    p_exact = Fraction(w_halves + 2, 2 * (n + 2))
    p = round_half_up(p_exact * 100)
    dp = dp_fide(p)
    exact = ra + dp
    ru = round_half_up(exact)
    capped = min(ru, INITIAL_MAX)
    steps = [
        Step("fide.init_ra", "FIDE B.02 §8.2.2", {"sum": sum(opponents), "n": n, "result": float(ra)}),
        Step("fide.init_p", "FIDE B.02 §8.2.2", {"W": w_halves / 2, "n": n, "exact": float(p_exact), "result": p / 100},
             assumption=(p_exact * 200).denominator == 1 and (p_exact * 200) % 2 == 1),
        Step("fide.init_ru", "FIDE B.02 §8.2.3", {"Ra": float(ra), "dp": dp, "exact": float(exact), "rounded": ru, "max": INITIAL_MAX, "result": capped}),
    ]
    return capped, steps


def initial_rating_2022(opponents: Sequence[int], w_halves: int) -> tuple[int, list[Step]]:
    """Archived rule (2022-01-01 – 2024-02-29): 50 % → Ra; above: Ra + 20 per half
    point above 50 %; below: Ra + dp(p); no maximum (FIDE's calculator: 2400, 3/5 → 2420).

    >>> initial_rating_2022([2000] * 5, 6)[0], initial_rating_2022([2000] * 5, 4)[0]
    (2020, 1928)
    """
    n = len(opponents)
    ra = Fraction(sum(opponents), n)
    extra: dict[str, float | int]
    if 2 * w_halves > 2 * n:  # above 50 %: W − n/2 in half points
        half_points = w_halves - n
        exact = ra + 20 * half_points
        steps_key = "fide.init22_above"
        extra = {"half_points": half_points}
    elif 2 * w_halves == 2 * n:
        exact = ra
        steps_key = "fide.init22_even"
        extra = {}
    else:
        p = round_half_up(Fraction(100 * w_halves, 2 * n))
        exact = ra + dp_fide(p)
        steps_key = "fide.init22_below"
        extra = {"p": p / 100, "dp": dp_fide(p)}
    ru = round_half_up(exact)
    return ru, [Step(steps_key, "FIDE B.02 (2022) §8.2", {"Ra": float(ra), "exact": float(exact), **extra, "result": ru})]


def compression_2024(rating: int) -> tuple[int, Step]:
    """One-off March 2024 compression: R + round(0.4·(2000 − R)) below 2000 (spec fide §9).

    >>> [compression_2024(r)[0] for r in (1000, 1234, 1500, 1998, 1999, 2000, 2100)]
    [1400, 1540, 1700, 1999, 1999, 2000, 2100]
    """
    if rating >= 2000:
        return rating, Step("fide.compress_none", "FIDE 2024-03 compression", {"R": rating, "result": rating})
    add = round_half_up(Fraction(2 * (2000 - rating), 5))
    return rating + add, Step("fide.compress", "FIDE 2024-03 compression", {"R": rating, "add": add, "result": rating + add})
