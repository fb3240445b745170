"""What a rule edition returns to the core: plain values plus their Rechenweg.

NamedTuples: immutable and cheap to create (these are made for every player).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from dwz.basics.steps import Step

__all__ = ["FirstOutcome", "FolgeOutcome", "PerformanceOutcome", "ScaleConversion"]


class FolgeOutcome(NamedTuple):
    """Folge-DWZ of an established player (WO 3.5.2), as one edition computes it."""

    new_rating: int
    exact: float  # Rn before rounding (and before the 2026 floor)
    coefficient_name: str  # "E" (classic) or "K" (2026)
    coefficient: float  # E (integer) or K (one decimal)
    components: dict[str, Any]  # E0, fB, SBr / K0, a, b, …
    We: float
    steps: list[Step]


class PerformanceOutcome(NamedTuple):
    """Leistung Rh (WO 3.6): the rating at which We = W."""

    value: int
    exact: float
    extreme: bool
    steps: list[Step]


class FirstOutcome(NamedTuple):
    """Erst-DWZ from the iteration value Ri and the edition's low-value correction."""

    new_rating: int
    Ri: float
    steps: list[Step]


class ScaleConversion(NamedTuple):
    """A DWZ from the old scale on the new one: the Umstufung 2026 (spec dwz-2026 §6)."""

    old: int
    new: int
    exact: float
    branch: str  # "low" (+400), "middle" (0.64·x + 760), "high" (unchanged)
    floor_applied: bool
    steps: list[Step]
