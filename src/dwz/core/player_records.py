"""The results of one player's evaluation, as :mod:`dwz.core.player` returns them: the Folge-DWZ
(:class:`RatingResult`, WO 3.5) and the first DWZ (:class:`FirstRatingResult`, WO 3.4), each with
its ``to_dict``.

A result holds its numbers from when it was made (the editions' lean paths); its Rechenweg
(:mod:`dwz.core.player_explain`), per-game lines and Leistung are computed when first read — from
the same rule functions called with ``explain=True``, cached once computed.  A caller who reads
``new_rating`` pays for ``new_rating``.
"""

from __future__ import annotations

from datetime import date
from typing import Any, NamedTuple

from dwz.basics.errors import Problem
from dwz.basics.games import Game
from dwz.basics.outcomes import FolgeOutcome, PerformanceOutcome
from dwz.basics.rounding import round_half_up
from dwz.basics.steps import Explained, OnDemand, Step, WithCoefficient, cached
from dwz.basics.strength import strength_class
from dwz.core.context import Context, InContext
from dwz.core.player_explain import GameLine, first_steps, game_lines, index_step, performance_steps, rated_steps
from dwz.core.scale import Converted, Scales, conversion_steps, own_steps
from dwz.rules import We
from dwz.rules.common import FIRST_INDEX, next_index, performance_eligible

__all__ = ["FirstRatingResult", "RatingResult"]


def _drifted(what: str) -> AssertionError:
    # The Rechenweg is the same rule function called again with explain=True; if it ever
    # disagreed with the number shown, that is a bug to see, not to paper over.
    return AssertionError(f"Rechenweg and result disagree on {what}")


class _RateSource(NamedTuple):
    """What a Folge-DWZ was computed from: enough to explain it later."""

    scales: Scales  # what the caller said about the scales
    parsed: tuple[Game, ...]  # the games as read (opponents on the edition's scale)
    opponents: list[int]  # the counted games' opponent ratings
    w_halves: int
    we: We  # We as the edition holds it (opaque: only handed back to it)
    aggregate: tuple[float, int, float] | None = None  # W, n, We of a card line
    given: list[int | None] | None = None


class _RatingFields(NamedTuple):
    context: Context  # the edition, end date and age group (rules, end, age_group, age, age_source)
    old_rating: int
    old_index: int | None
    new_rating: int
    exact: float  # Rn before rounding (and before the 2026 floor)
    W: float
    n: int  # the games that count (WO 3.3.2); 0: no evaluation, DWZ and index unchanged
    We: float
    Rc_exact: float | None  # the opponents' mean (WO 3.6.2)
    coefficient_name: str
    coefficient: float | None
    warnings: tuple[Problem, ...]
    conversions: tuple[Converted, ...]  # the values converted from the old scale (own DWZ first)
    source: _RateSource


class RatingResult(OnDemand, _RatingFields, InContext, Explained, WithCoefficient):
    """Folge-DWZ of one player in one tournament; numbers at once, Rechenweg on demand."""

    @property
    def evaluated(self) -> bool:
        """At least one game counted."""
        return self.n > 0

    @property
    def new_index(self) -> int | None:
        """The index after the tournament: + 1 for an evaluation (WO 2.2.4)."""
        return next_index(self.old_index) if self.n else self.old_index

    @property
    def Rc(self) -> int | None:
        """The opponents' mean, rounded (WO 3.6.2)."""
        return None if self.Rc_exact is None else round_half_up(self.Rc_exact)

    @property
    def scale(self) -> str | None:
        """``scale`` as the caller said it for all values: "old" (from before the Umstufung 2026), "new", or ``None``."""
        return self.source.scales.said

    @property
    def own_scale(self) -> str | None:
        """The own DWZ's scale as said or dated (``None``: not said, taken as the edition's)."""
        return self.source.scales.own

    @property
    def opponents_scale(self) -> str | None:
        """The opponents' values' scale as said (``None``: not said)."""
        return self.source.scales.opponents

    @property
    def rating_date(self) -> date | None:
        """The own DWZ's date ("Stand" of its card or list), if given."""
        return self.source.scales.rating_date

    @property
    def change(self) -> int:
        """new_rating − old_rating."""
        return self.new_rating - self.old_rating

    @property
    def rounded_change(self) -> int:
        """The same as ``change`` (the name every result has)."""
        return self.change

    @property
    def new_rating_exact(self) -> float:
        """The new rating before rounding (the same as ``exact``)."""
        return self.exact

    @property
    def change_exact(self) -> float:
        """The change before rounding."""
        return self.exact - self.old_rating

    @property
    def strength_class(self) -> str:
        """Reference 000's class of the new DWZ, on the edition's scale."""
        return strength_class(self.new_rating, self.context.edition.STRENGTH_CLASSES)

    @cached
    def _folge(self) -> FolgeOutcome | None:
        """The edition's Folge-DWZ again, with its steps and components (explain=True)."""
        src = self.source
        if not self.evaluated:
            return None
        out = self.context.edition.folge(self.old_rating, self.old_index, self.age_group, src.w_halves, self.n, src.we)
        if out.new_rating != self.new_rating or out.exact != self.exact:
            raise _drifted("Rn")
        return out

    @cached
    def components(self) -> dict[str, Any]:
        """E0, fB, SBr (classic) or K0, a, b (2026), as the edition computed them."""
        out = self._folge
        return {} if out is None else out.components

    @cached
    def _performance(self) -> PerformanceOutcome | None:
        src = self.source
        if src.aggregate is not None or not performance_eligible(len(src.opponents)):
            return None
        return self.context.edition.performance(src.opponents, src.w_halves)

    @property
    def performance(self) -> int | None:
        """Leistung Rh (WO 3.6), from 5 counted games on."""
        p = self._performance
        return None if p is None else p.value

    @cached
    def _expected(self) -> list[float]:
        src = self.source
        ps, we = self.context.edition.expected_exact(self.old_rating, src.opponents)
        if we != src.we:
            raise _drifted("We")
        return ps

    @cached
    def games(self) -> tuple[GameLine, ...]:
        """Every game as given, counted or not (with the reason), D and P for the counted ones."""
        if self.source.aggregate is not None:
            return ()
        return tuple(game_lines(self.source.parsed, self.old_rating, self._expected, given=self.source.given))

    @property
    def not_counted(self) -> list[GameLine]:
        return [g for g in self.games if not g.counted]

    @cached
    def steps(self) -> tuple[Step, ...]:
        """The Rechenweg (WO 3.2 – 3.6, Anhang 1.2 / 1.3)."""
        src = self.source
        ed = self.context.edition
        steps = self.context.steps
        # the own DWZ's scale first after the rules: the change is read against the value it decides
        given = self.conversions[0].old if self.conversions and self.conversions[0].own else self.old_rating
        steps[1:1] = own_steps(ed, given, self.own_scale, self.rating_date, self.conversions)
        steps.extend(conversion_steps([c for c in self.conversions if not c.own]))
        if src.aggregate is not None:
            points, count, _ = src.aggregate
            steps.append(Step("core.aggregate", "WO 3.5.2", {"W": points, "n": count, "We": self.We, "result": points - self.We}))
            out = self._folge
            assert out is not None
            steps.extend(out.steps)
            steps.append(index_step(self.old_index, True))
            return tuple(steps)
        total = len(src.parsed)  # every game given, counted or not
        expected = self._expected if self.evaluated else []
        steps.extend(rated_steps(ed, self.old_rating, self.old_index, total, src.opponents, expected, self.W, self.We, self._folge,
                                 self._performance))
        return tuple(steps)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        """JSON-ready: the same keys as the CLI's ``--json`` and the web API (``steps``: with the Rechenweg)."""
        from dwz.i18n import term

        d: dict[str, Any] = {
            "kind": "folge",
            "rules": self.rules,
            "end": self.end.isoformat(),
            "old_rating": self.old_rating,
            "old_index": self.old_index,
            "new_rating": self.new_rating,
            "new_index": self.new_index,
            "change": self.change,
            "Rn_exact": self.exact,
            "evaluated": self.evaluated,
            "W": self.W,
            "n": self.n,
            "We": round(self.We, 6),
            "W_minus_We": round(self.W - self.We, 6),
            "Rc": self.Rc,
            "Rc_exact": self.Rc_exact,
            "performance": self.performance,
            "age_group": self.age_group.value,
            "age": self.age,
            "age_source": self.age_source,
            "coefficient": self.coefficient_name,
            self.coefficient_name: self.coefficient,
        }
        d.update(self.components)
        d["strength_class"] = {"key": self.strength_class, "label": term(f"strength.{self.strength_class}", lang)}
        d["scale"] = self.scale
        d["own_scale"] = self.own_scale
        d["opponents_scale"] = self.opponents_scale
        d["rating_date"] = None if self.rating_date is None else self.rating_date.isoformat()
        d["conversions"] = [c.to_dict() for c in self.conversions]
        d["games"] = [g.to_dict() for g in self.games]
        d["not_counted"] = [g.to_dict() for g in self.not_counted]
        d["assumptions"] = [s.render(lang) for s in self.assumptions]
        d["warnings"] = [w.to_dict(lang) for w in self.warnings]
        if steps:
            d["steps"] = self.rechenweg(lang)
        return d


# --- first DWZ ---------------------------------------------------------------------------------


class _FirstSource(NamedTuple):
    """What a first DWZ was computed from: enough to explain it later."""

    scales: Scales  # what the caller said about the opponents' scale
    games: tuple[Game, ...]
    rest: tuple[Game, ...]
    opponents: list[int]  # tournament games, then Restpartien (counted ones)
    tournament_opponents: list[int]
    tournament_halves: int
    w_halves: int
    given: list[int | None] | None  # per game, then per Restpartie: the opponent as typed where converted
    given_rest: list[int | None] | None


class _FirstFields(NamedTuple):
    context: Context  # the edition, end date and age group (rules, end, age_group, age, age_source)
    eligible: bool
    reasons: tuple[Problem, ...]
    new_rating: int | None
    Ri: float | None
    W: float
    n: int
    n_tournament: int
    Rc: int | None  # Niveau of the tournament games (Restpartien excluded, as the DSB shows it)
    Rc_all: float | None  # average over all games the iteration uses
    We: float | None  # at Ri, where We = W by the iteration's construction
    warnings: tuple[Problem, ...]
    conversions: tuple[Converted, ...]  # opponents' values converted from the old scale
    source: _FirstSource


class FirstRatingResult(OnDemand, _FirstFields, InContext, Explained):
    """Erst-DWZ of a player without a rating (WO 3.4), or why there is none yet."""

    old_rating = None  # a first DWZ has no rating before: the vocabulary of every result
    old_index = None

    @property
    def change(self) -> None:
        return None

    @property
    def new_index(self) -> int | None:
        """A first DWZ has index 1 (WO 3.4.1)."""
        return FIRST_INDEX if self.eligible else None

    @property
    def scale(self) -> str | None:
        """``scale`` as the caller said it ("old": values from before the Umstufung 2026)."""
        return self.source.scales.said

    @property
    def opponents_scale(self) -> str | None:
        """The opponents' values' scale as said (``opponents_scale`` or ``scale``)."""
        return self.source.scales.opponents

    @property
    def strength_class(self) -> str | None:
        """Reference 000's class of the first DWZ, on the edition's scale."""
        return strength_class(self.new_rating, self.context.edition.STRENGTH_CLASSES) if self.new_rating is not None else None

    @cached
    def _performance(self) -> PerformanceOutcome | None:
        src = self.source
        if not self.eligible or not performance_eligible(len(src.tournament_opponents)):
            return None
        return self.context.edition.performance(src.tournament_opponents, src.tournament_halves)

    @property
    def performance(self) -> int | None:
        """Leistung over the tournament games (WO 3.6), from 5 counted games on."""
        p = self._performance
        return None if p is None else p.value

    @cached
    def _expected_at_ri(self) -> list[float] | None:
        """P(Ri − Rj) of every counted game (tournament games, then Restpartien), as the iteration
        computes it — summing to We, which equals W by the definition of Ri."""
        if self.Ri is None:
            return None
        ed = self.context.edition
        return [ed.we_to_float(ed.expected_at(self.Ri, [o])) for o in self.source.opponents]

    @cached
    def games(self) -> tuple[GameLine, ...]:
        """Every game and Restpartie, counted or not; counted ones with D and P at Ri (the
        iteration value: there We = W)."""
        src = self.source
        ps = self._expected_at_ri
        n_t = len(src.tournament_opponents)
        return tuple(game_lines(src.games, self.Ri, None if ps is None else ps[:n_t], given=src.given)
                     + game_lines(src.rest, self.Ri, None if ps is None else ps[n_t:], restpartie=True, given=src.given_rest))

    @property
    def not_counted(self) -> list[GameLine]:
        return [g for g in self.games if not g.counted]

    @cached
    def steps(self) -> tuple[Step, ...]:
        """The Rechenweg: the games, eligibility (WO 3.4.1), the iteration, the correction."""
        src = self.source
        ed = self.context.edition
        n, n_t = self.n, len(src.tournament_opponents)
        steps = self.context.steps
        steps.extend(conversion_steps(self.conversions))
        if not self.eligible:
            steps.extend(first_steps(n_t, n - n_t, n, self.W, None, None, (), (), None, ed.PER_GAME_DECIMALS, (), ()))
            return tuple(steps)
        ri, iter_steps = ed.iterate(src.opponents, src.w_halves)
        outcome = ed.first_rating(ri)
        if ri != self.Ri or outcome.new_rating != self.new_rating:
            raise _drifted("the first DWZ")
        steps.extend(first_steps(n_t, n - n_t, n, self.W, iter_steps, ri, src.opponents, self._expected_at_ri or [], self.We,
                                 ed.PER_GAME_DECIMALS, outcome.steps, performance_steps(self._performance, n_t)))
        return tuple(steps)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        from dwz.i18n import term

        sc = self.strength_class
        return {
            "kind": "first",
            "rules": self.rules,
            "end": self.end.isoformat(),
            "eligible": self.eligible,
            "reasons": [p.to_dict(lang) for p in self.reasons],
            "old_rating": None,
            "old_index": None,
            "new_rating": self.new_rating,
            "new_index": self.new_index,
            "change": None,
            "Ri": self.Ri,
            "W": self.W,
            "n": self.n,
            "n_tournament": self.n_tournament,
            "We": None if self.We is None else round(self.We, 6),
            "W_minus_We": None if self.We is None else round(self.W - self.We, 6) + 0.0,  # never −0.0
            "Rc": self.Rc,
            "Rc_all": self.Rc_all,
            "performance": self.performance,
            "age_group": self.age_group.value,
            "age": self.age,
            "age_source": self.age_source,
            "strength_class": None if sc is None else {"key": sc, "label": term(f"strength.{sc}", lang)},
            "games": [g.to_dict() for g in self.games],
            "not_counted": [g.to_dict() for g in self.not_counted],
            "assumptions": [s.render(lang) for s in self.assumptions],
            "warnings": [w.to_dict(lang) for w in self.warnings],
            "scale": self.scale,
            "opponents_scale": self.opponents_scale,
            "conversions": [c.to_dict() for c in self.conversions],
            **({"steps": self.rechenweg(lang)} if steps else {}),
        }
