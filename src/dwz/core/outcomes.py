"""What a rule edition returns to the core: plain values plus their Rechenweg."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dwz.core.steps import Step

__all__ = ["FirstOutcome", "FolgeOutcome", "PerformanceOutcome"]


@dataclass(frozen=True, slots=True)
class FolgeOutcome:
    """Folge-DWZ of an established player (WO 3.5.2), as one edition computes it."""

    new_rating: int
    exact: float  # Rn before rounding (and before the 2026 floor)
    coefficient_name: str  # "E" (classic) or "K" (2026)
    coefficient: float  # E (integer) or K (one decimal)
    components: dict[str, Any]  # E0, fB, SBr / K0, a, b, …
    We: float
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PerformanceOutcome:
    """Leistung Rh (WO 3.6): the rating at which We = W."""

    value: int
    exact: float
    extreme: bool
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class FirstOutcome:
    """Erst-DWZ from the iteration value Ri and the edition's low-value correction."""

    new_rating: int
    Ri: float
    steps: list[Step] = field(default_factory=list)
