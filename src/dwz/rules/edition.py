"""What every DWZ rule edition provides — the one interface the procedures use.

An edition is a module (``dwz_classic``, ``dwz_2026``, or a new one) whose names satisfy
:class:`Edition`; the registry in :mod:`dwz.rules` holds it typed as ``Edition``, so
``mypy --strict`` checks every call the procedures make (``ed.no_such_function()`` is an
error) and every edition module against the protocol.  The procedures never ask an
edition's name: what differs between editions is asked here.

How We is held is the edition's choice, the type parameter ``S``: the classic rules keep it
as an integer count of thousandths (``Edition[int]``: the 3-decimal table makes sums and the
comparison W ≥ We exact), the 2026 rules as a float (``Edition[float]``: exact normal
distribution).  mypy checks each edition module against ``Edition`` with its own ``S`` (what
``expected_total`` returns is what ``folge`` takes).  The procedures see every edition as
``Edition[We]``: :data:`We` is opaque to them — they hold an edition's We, hand it back to the
same edition and show it through :func:`Edition.we_to_float`, and can do nothing else with it
(the registry, :func:`dwz.rules.register`, takes that view once per edition).  W is always an
integer count of half points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NewType, Protocol, TypeVar

from dwz.basics.outcomes import FirstOutcome, FolgeOutcome, PerformanceOutcome
from dwz.basics.steps import Step
from dwz.basics.values import AgeGroup

__all__ = ["Edition", "We"]

S = TypeVar("S")
We = NewType("We", object)  # an edition's We as the procedures hold it: opaque, only passed back to the edition


class Edition(Protocol[S]):
    """One edition of the Wertungsordnung, as the procedures see it."""

    NAME: str
    """The registry name, e.g. ``"dwz-2026"`` (also the ``rules`` of every result)."""
    COEFFICIENT: Literal["E", "K"]
    """The symbol of the development factor: E (classic, WO Anhang 1.2) or K (2026, Anhang 1.3)."""
    COEFFICIENT_FORMAT: str
    """How the factor is shown (a format spec): E a whole number, K to one decimal."""
    COMPONENTS: tuple[tuple[str, str], ...]
    """The factor's parts as the Folge-DWZ's ``components`` name them, each with its format spec, in the
    order they are shown: E0, fB, SBr (classic, WO Anhang 1.2), K0, a, b (2026, Anhang 1.3); () none."""
    PER_GAME_DECIMALS: int
    """Decimals of a per-game expectation P(D) as the official software shows it."""
    GESAMT_ASSUMED: bool
    """Whether the stop rule of the Gesamtiteration is a reading the spec marks uncertain."""
    FOREIGN_ASSUMED: bool
    """Whether the index a foreign-rated entrant is evaluated with is a reading (WO 4.1.2)."""
    SCALE: Literal["old", "new"]
    """The DWZ scale the edition rates on: "old" before the Umstufung 2026, "new" from it on (spec dwz-2026 §6);
    the registry's transitions convert values between the scales (:func:`dwz.rules.convert`)."""
    SCALE_MIN: int
    """The lowest DWZ that exists on that scale (new: 1100, below which neither the Umstufung nor the rules
    produce a value; old: 0, any value).  A lower one is an old-scale value or a foreign rating."""
    STRENGTH_CLASSES: tuple[tuple[int, str], ...]
    """Reference 000's strength classes (lower bound, key; highest first) on the edition's scale."""

    # --- expectation (WO 3.3) -----------------------------------------------------------------
    def expected_total(self, own: int, opponents: Sequence[int]) -> S:
        """We over the opponents' ratings, held exactly (the lean path: no per-game list)."""
        ...

    def expected_exact(self, own: int, opponents: Sequence[int]) -> tuple[list[float], S]:
        """The per-game P(D) for display and We held exactly."""
        ...

    def expectation_assumed(self, own: int, opponents: Sequence[int]) -> bool:
        """Whether an uncertain reading of P(D) decides one of these games (flagged in the Rechenweg)."""
        ...

    def expected_at(self, rating: float, opponents: Sequence[float]) -> S:
        """We at a fractional rating against fractional values, as the iteration computes it (a
        newcomer's We at his iteration value Ri, where We = W by the iteration's construction)."""
        ...

    def we_from_value(self, we: float) -> S:
        """We as printed on a DWZ card → the edition's exact form."""
        ...

    def we_to_float(self, we: S) -> float:
        """The edition's We as a number to show."""
        ...

    # --- Folge-DWZ (WO 3.5.2) -----------------------------------------------------------------
    def folge(self, r0: int, index: int | None, age_group: AgeGroup, w_halves: int, n: int, we: S,
              explain: bool = True) -> FolgeOutcome:
        """New rating of an established player: coefficient (E or K), Rn, the edition's floor."""
        ...

    def folge_with(self, r0: int, coefficient: float, w_halves: int, n: int, we: S, explain: bool = True) -> FolgeOutcome:
        """New rating with a given coefficient (one published on a DWZ card whose age is not shown):
        the formula of :meth:`folge`, E or K not computed."""
        ...

    def coefficient_range(self, r0: int, index: int | None) -> tuple[float, float]:
        """The smallest and the largest E or K the rules give an established player of ``r0`` and ``index``
        (over every age group and result): a published coefficient outside is impossible."""
        ...

    # --- Leistung (WO 3.6) ----------------------------------------------------------------------
    def performance(self, opponents: Sequence[int], w_halves: int, explain: bool = True) -> PerformanceOutcome:
        """Leistung Rh over whole-number opponents (at least 5 games; 0 %/100 % included)."""
        ...

    # --- first DWZ (WO 3.4, Anhang 1.1) ---------------------------------------------------------
    def iterate(self, opponents: Sequence[float], w_halves: int, explain: bool = True) -> tuple[float, list[Step]]:
        """The iteration value Ri of one player (0 < W < n)."""
        ...

    def iterate_scores(self, opponents: Sequence[int], scores: Sequence[int]) -> list[float]:
        """Ri for each score against the same opponents (scenario tables): the numbers of
        :meth:`iterate`, with the work that does not depend on the score shared."""
        ...

    def first_rating(self, ri: float, explain: bool = True) -> FirstOutcome:
        """First DWZ from Ri with the edition's low-value correction and floor."""
        ...

    def iteration_start(self, opponents: Sequence[float], w_halves: int) -> float:
        """Start value of the Gesamtiteration for one newcomer (Anhang 1.1.1)."""
        ...

    def iteration_next(self, r: float, w_halves: int, opponents: Sequence[float], seen: set[float]) -> float:
        """One step of the simultaneous Gesamtiteration (Anhang 1.1.2) with the edition's stop
        rule applied: the value to continue with (``r`` itself when this player stops)."""
        ...

    def iteration_settled(self, old: float, new: float) -> bool:
        """Whether a value counts as unchanged, so that the Gesamtiteration may end (Anhang 1.1.3)."""
        ...

    # --- tournament specifics -------------------------------------------------------------------
    def foreign_coefficient_index(self, option: int) -> int:
        """The index E or K0 of a player entering with a FIDE rating uses (WO 4.1.2, 2.2.4);
        ``option`` is ``EvaluationOptions.classic_foreign_e_index``."""
        ...
