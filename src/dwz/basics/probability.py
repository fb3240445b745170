"""Expected scores P(D) and their inverses D(P).

* exact normal distribution, σ = 200·√2 (WO 3.3.1; used as is from 2026)
* the 3-decimal table of the DSB software ELOBASE/DeWIS (classic DWZ, spec §3.2)
  and its inverse (spec §4, Appendix A.2)
* FIDE table 8.1.2 and its inverse 8.1.1 (B.02 §8.1)
* the logistic curve — only ever offered as a labelled approximation

All table lookups take integer differences and return integers
(thousandths or hundredths) so that sums stay exact.
"""

from __future__ import annotations

import math


def _inv_cdf_statistics(p: float, mu: float, sigma: float) -> float:
    from statistics import NormalDist

    return NormalDist(mu, sigma).inv_cdf(p)


try:  # the C core of statistics.NormalDist.inv_cdf: the same numbers without importing statistics (CLI start)
    from _statistics import _normal_dist_inv_cdf as _inv_cdf  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - other Python implementations
    _inv_cdf = _inv_cdf_statistics

__all__ = [
    "P_CLASSIC_CAP",
    "P_CLASSIC_FULL",
    "P_CLASSIC_WIDE",
    "P_CLASSIC_WIDE_OFFSET",
    "D_CLASSIC_FULL",
    "SIGMA",
    "d_classic",
    "dp_fide",
    "normal_inverse",
    "p_classic_milli",
    "p_fide_hundredths",
    "p_logistic",
    "phi",
]

SIGMA = 200.0 * math.sqrt(2.0)  # WO 3.3.1: each performance ±200 around the DWZ, 68.27 %
P_CLASSIC_CAP = 735  # |D| ≥ 735 → 1.000 / 0.000 (ELOBASE table, spec §3.2)


def phi(d: float) -> float:
    """P(D) = ½·(1 + erf(D/400)), the normal distribution with σ = 200·√2.

    >>> round(phi(100), 4), phi(0)
    (0.6382, 0.5)
    """
    return 0.5 * (1.0 + math.erf(d / 400.0))


def _build_classic_table() -> tuple[int, ...]:
    # round_half_up(1000·Φ(D/(200√2))) for D = 0 … 734; D = 567 is the closest
    # case to a tie (977.49964), so double-precision erf is exact enough.
    table = [math.floor(1000.0 * phi(d) + 0.5) for d in range(P_CLASSIC_CAP)]
    table.append(1000)
    return tuple(table)


_P3 = _build_classic_table()
# The same table indexed by D + 735 for D = −735 … 735: one lookup in the hot loops.
P_CLASSIC_FULL: tuple[int, ...] = tuple(1000 - v for v in reversed(_P3[1:])) + _P3
# … and widened to D = −4000 … 4000 (beyond ±735 it is 0 / 1000), so that a Leistung
# iteration needs no clamping for any realistic pair of ratings.
P_CLASSIC_WIDE_OFFSET = 4000
P_CLASSIC_WIDE: tuple[int, ...] = (0,) * (P_CLASSIC_WIDE_OFFSET - P_CLASSIC_CAP) + P_CLASSIC_FULL + (1000,) * (P_CLASSIC_WIDE_OFFSET - P_CLASSIC_CAP)


def p_classic_milli(d: int) -> int:
    """Classic expected score of one game in thousandths (3-decimal table).

    >>> p_classic_milli(0), p_classic_milli(100), p_classic_milli(-100), p_classic_milli(800)
    (500, 638, 362, 1000)
    """
    if d >= 0:
        return _P3[d] if d < P_CLASSIC_CAP else 1000
    return 1000 - (_P3[-d] if -d < P_CLASSIC_CAP else 1000)


def normal_inverse(p: float) -> float:
    """Continuous inverse of :func:`phi` (0 < p < 1), as ``statistics.NormalDist(0, σ).inv_cdf``."""
    if not 0.0 < p < 1.0:
        raise ValueError("p must be in the range 0.0 < p < 1.0")
    return float(_inv_cdf(p, 0.0, SIGMA))


def _build_inverse_table() -> tuple[int, ...]:
    # D3(p) = round(200√2 · Φ⁻¹(p)) for p = 0.500 … 0.999 (spec Appendix A.2)
    return tuple(math.floor(normal_inverse(m / 1000) + 0.5) if m > 500 else 0 for m in range(500, 1000))


_D3 = _build_inverse_table()
# D(P) indexed by P in thousandths, 1 … 999 (0 and 1000 hold the clamped ends): one lookup.
D_CLASSIC_FULL: tuple[int, ...] = (-_D3[499], *(-v for v in reversed(_D3[1:])), *_D3, _D3[499])


def d_classic(p_milli: int) -> int:
    """D(P): integer rating difference for a score fraction P in thousandths.

    Defined for 1 ≤ P ≤ 999 (WO 3.2, spec §4).

    >>> d_classic(600), d_classic(400), d_classic(999)
    (72, -72, 874)
    """
    if not 1 <= p_milli <= 999:
        raise ValueError(f"D(P) is undefined for P = {p_milli / 1000}")
    return D_CLASSIC_FULL[p_milli]


# FIDE B.02 table 8.1.2: upper edge of |D| for PD_H = .50 + .01·i (i = 0 … 49)
_FIDE_EDGES = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170,
    179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411,
    432, 456, 484, 517, 559, 619, 735,
)


def _build_fide_table() -> tuple[int, ...]:
    table: list[int] = []
    for i, edge in enumerate(_FIDE_EDGES):
        table.extend([50 + i] * (edge + 1 - len(table)))
    return tuple(table)


_PD = _build_fide_table()




def p_fide_hundredths(d: int) -> int:
    """FIDE expected score PD in hundredths from table 8.1.2 (|D| > 735 → 1.00/0.00).

    >>> p_fide_hundredths(25), p_fide_hundredths(26), p_fide_hundredths(-400), p_fide_hundredths(736)
    (53, 54, 8, 100)
    """
    a = -d if d < 0 else d
    h = _PD[a] if a <= 735 else 100
    return h if d >= 0 else 100 - h


# FIDE B.02 table 8.1.1: dp for p = .50 … 1.00
_DP = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166,
    175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401,
    422, 444, 470, 501, 538, 589, 677, 800,
)


def dp_fide(p_hundredths: int) -> int:
    """FIDE rating difference dp for a score fraction p in hundredths (table 8.1.1).

    >>> dp_fide(57), dp_fide(38), dp_fide(100)
    (50, -87, 800)
    """
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"p out of range: {p_hundredths}")
    if p_hundredths >= 50:
        return _DP[p_hundredths - 50]
    return -_DP[50 - p_hundredths]


def p_logistic(d: float) -> float:
    """1/(1 + 10^(−D/400)) — an approximation, never used for official numbers."""
    return 1.0 / (1.0 + math.pow(10.0, -d / 400.0))
