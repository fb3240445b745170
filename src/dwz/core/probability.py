"""Compatibility: :mod:`dwz.basics.probability` is where these live now (the bottom floor, issue 10).

Kept so that code written against ``dwz.core.probability`` keeps working; new code imports
``dwz.basics.probability``.
"""

from dwz.basics.probability import (
    D_CLASSIC_FULL,
    P_CLASSIC_CAP,
    P_CLASSIC_FULL,
    P_CLASSIC_WIDE,
    P_CLASSIC_WIDE_OFFSET,
    P_FIDE_FULL,
    P_FIDE_OFFSET,
    SIGMA,
    d_classic,
    dp_fide,
    normal_inverse,
    p_classic_milli,
    p_fide_hundredths,
    p_logistic,
    phi,
)

__all__ = ["D_CLASSIC_FULL", "P_CLASSIC_CAP", "P_CLASSIC_FULL", "P_CLASSIC_WIDE", "P_CLASSIC_WIDE_OFFSET", "P_FIDE_FULL", "P_FIDE_OFFSET", "SIGMA", "d_classic", "dp_fide", "normal_inverse", "p_classic_milli", "p_fide_hundredths", "p_logistic", "phi"]
