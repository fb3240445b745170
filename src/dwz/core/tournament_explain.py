"""The Rechenweg of a tournament's players, on demand: each player's steps, his pairings as lines
(counted or not, and why; the opponent's value and P) and the components of his coefficient.

The kernel (:mod:`dwz.core.kernel`) computed the numbers; a player's Rechenweg is the same rule
functions called again with ``explain=True`` — the single player's Rechenweg of the same games
(:mod:`dwz.core.player_explain`), then what the tournament adds (Zusatzstufe, Gesamtiteration,
Sonderwertung, Restpartien).  What the numbers were computed from (each player's rated games, a
newcomer's opponents of We at Ri and his We) is the kernel's own, never gathered again; where a
Rechenweg repeats a number of the table (an established player's We and Folge-DWZ, a first DWZ,
a Leistung), a disagreement is an error, never shown.
"""

from __future__ import annotations

from datetime import date
from functools import cached_property
from typing import Any

from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.outcomes import PerformanceOutcome
from dwz.basics.steps import Step
from dwz.basics.values import Result
from dwz.basics.wo import age_from_birth_year, not_counted_reason
from dwz.core.kernel import EvaluationOptions, KEvaluation, KResult
from dwz.core.player_explain import first_steps, performance_steps, rated_steps
from dwz.core.scale import conversion_steps
from dwz.core.tournament_records import PlayerEvaluation, TournamentGame
from dwz.rules import Edition, We, get_edition
from dwz.rules.common import performance_eligible, sonder_exceeded

__all__ = ["Explainer"]


class Explainer:
    """One tournament's explanations: the per-player indexes they need are built once, when
    the first explanation is read."""

    def __init__(self, t: Tournament, ed: Edition[We], end: date, opts: EvaluationOptions, index: dict[int, int],
                 by_pos: list[int], played: list[Pairing], k: KEvaluation) -> None:
        self.t, self.ed, self.end, self.opts, self.k = t, ed, end, opts, k
        self.index = index  # player number → the kernel's position
        self.by_pos = by_pos  # the kernel's position → player number
        self.played = played  # the games the kernel rated, in the order it saw them

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["ed"] = self.ed.NAME  # an edition is a module: pickled by its registry name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, ed=get_edition(state["ed"]))

    @cached_property
    def _lines_of(self) -> dict[int, list[TournamentGame]]:
        """Every player's pairings as lines, sorted by round (built once for all players)."""
        t = self.t
        players = {p.no: p for p in t.players}
        lines: dict[int, list[TournamentGame]] = {no: [] for no in players}  # the games not rated first …
        rated: dict[int, list[TournamentGame]] = {no: [] for no in players}  # … then the rated ones, each by round
        played = set(map(id, self.played))
        values = {self.by_pos[i]: v for i, v in self.k.values.items()}
        for g in t.pairings:
            if id(g) in played:
                assert g.black is not None and g.result_black is not None
                for side, other, own in ((g.white, g.black, g.result_white), (g.black, g.white, g.result_black)):
                    v = values.get(other)
                    if v is not None:
                        rated[side].append(TournamentGame(round=g.round, opponent_no=other, opponent_name=players[other].name,
                                                          opponent_rating=v, result=own, counted=True))
                    else:
                        rated[side].append(TournamentGame(round=g.round, opponent_no=other, opponent_name=players[other].name,
                                                          opponent_rating=None, result=own, counted=False, reason="not_in_selection"))
                continue
            sides: list[tuple[int, int | None, Result]] = [(g.white, g.black, g.result_white)]
            if g.black is not None and g.result_black is not None:
                sides.append((g.black, g.white, g.result_black))
            for me, opp, res in sides:
                if not t.rated:
                    reason: str | None = "tournament_not_rated"
                elif opp is None or not g.played:  # a bye, a forfeit, a game of less than one move (WO 3.3.2)
                    double = (g.result_white, g.result_black) == (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
                    reason = "double_forfeit" if double else not_counted_reason(res, opp)
                else:
                    reason = "computer"
                lines[me].append(TournamentGame(round=g.round, opponent_no=opp, opponent_name=players[opp].name if opp is not None else None,
                                                opponent_rating=None, result=res, counted=False, reason=reason))
        for no, ls in lines.items():
            ls.extend(rated[no])
            ls.sort(key=_round_of)
        return lines

    def _opponents(self, p: Player) -> tuple[list[int], int]:
        """The values the kernel rated this player against (Auswahl II), in its order, and W in halves."""
        return self.k.rated[self.index[p.no]]

    def explain(self, pe: PlayerEvaluation) -> dict[str, Any]:
        """A player's Rechenweg, lines and components — the same rule functions as the kernel's
        numbers, called with ``explain=True``; a disagreement is an error, never shown."""
        p, kr = pe.player, pe._kernel
        lines = list(self._lines_of[p.no])
        if kr is None or pe.status == "not_rated":
            return {"steps": (), "games": tuple(lines), "components": {}}
        steps = [self._age_step(p, pe), *conversion_steps(pe.conversions)]
        if kr.entered_rated:
            return self._explain_rated(pe, kr, lines, steps)
        rest_used = pe.restpartien_used
        if pe.status == "first":
            return self._explain_first(pe, kr, lines, steps)
        steps.extend(first_steps(len(kr.rest_new), len(rest_used), pe.n, pe.W, None, None, (), (), None, self.ed.PER_GAME_DECIMALS,
                                 (), ()))
        if pe.restpartien_out:
            steps.append(Step("tour.rest_out", "WO 3.4.2, 4.1.1", {"new": len(kr.rest_new), "kept": len(rest_used),
                                                                   "result": len(pe.restpartien_out)}))
        lines = [g if not g.counted else g._replace(opponent_rating=None, counted=False, reason="not_in_selection") for g in lines]
        return {"steps": tuple(steps), "games": tuple(lines), "components": {}}

    def _explain_rated(self, pe: PlayerEvaluation, kr: KResult, lines: list[TournamentGame], steps: list[Step]) -> dict[str, Any]:
        ed = self.ed
        r0 = kr.old_rating
        assert r0 is not None
        if "foreign_rating" in pe.remarks:
            steps.append(Step("tour.foreign", "WO 4.1.2, 2.2.4", {"rating": r0, "index": kr.coeff_index, "shown": kr.old_index,
                                                                  "result": r0}, assumption=ed.FOREIGN_ASSUMED))
        if kr.n == 0:
            steps.extend(rated_steps(ed, r0, kr.old_index, len(lines), (), (), 0.0, 0.0, None, None))
            return {"steps": tuple(steps), "games": tuple(lines), "components": {}}
        shown = _counted_values(lines)
        ps, _ = ed.expected_exact(r0, shown)
        it = iter(ps)
        lines = [g._replace(P=next(it)) if g.counted else g for g in lines]
        opps, wh = self._opponents(pe.player)
        we = ed.expected_total(r0, opps)
        outcome = ed.folge(r0, kr.coeff_index, pe.age_group, wh, kr.n, we)
        if outcome.new_rating != kr.new_rating or ed.we_to_float(we) != kr.we:
            raise AssertionError(f"Rechenweg and table disagree for {pe.name}")
        # the single player's Rechenweg of the same games (shown by round), then what the tournament adds
        steps.extend(rated_steps(ed, r0, kr.old_index, len(lines), shown, ps, kr.wh / 2, kr.we, outcome,
                                 self._performance(opps, wh, kr.perf, pe.name)))
        foreign = "foreign_rating" in pe.remarks or kr.status == "foreign"
        if kr.sonder is not None:
            # for a foreign-rated entrant (or Elo from 2400) it rests on a reading (spec dwz-classic §10 (d)): flagged
            steps.append(Step("tour.sonder", "WO 3.6.3", {"Rh": kr.sonder, "R0": r0, "diff": kr.sonder - r0, "result": kr.sonder},
                              assumption=foreign))
        elif foreign and kr.perf is not None and sonder_exceeded(kr.perf, r0) and self.opts.sonderwertung \
                and not self.opts.sonderwertung_foreign:
            steps.append(Step("tour.sonder_foreign_off", "WO 3.6.3, 4.1.2", {"Rh": kr.perf, "R0": r0, "diff": kr.perf - r0,
                                                                               "result": None}, assumption=True))
        return {"steps": tuple(steps), "games": tuple(lines), "components": outcome.components}

    def _explain_first(self, pe: PlayerEvaluation, kr: KResult, lines: list[TournamentGame], steps: list[Step]) -> dict[str, Any]:
        ed = self.ed
        ri = kr.ri
        assert ri is not None
        shown = _counted_values(lines)
        gesamt = [Step("tour.stage", "WO 3.4.1", {"result": kr.stage}), Step("tour.start", "WO Anhang 1.1.1", {"result": kr.start}),
                  Step("tour.gesamt", "WO Anhang 1.1.2, 1.1.3", {"rounds": self.k.rounds, "result": ri}, assumption=ed.GESAMT_ASSUMED)]
        outcome = ed.first_rating(ri)
        if outcome.new_rating != kr.new_rating:
            raise AssertionError(f"Rechenweg and table disagree for {pe.name}")
        # We at Ri (the kernel's, kr.we) against the values the Gesamtiteration ended with, P per game
        iter_opps = self.k.iteration[self.index[pe.player.no]]
        ps = [ed.we_to_float(ed.expected_at(ri, [o])) for o in iter_opps]
        if pe.restpartien_used:
            opps, wh = self._opponents(pe.player)
            perf = performance_steps(self._performance(opps, wh, kr.perf, pe.name), len(opps))
        elif kr.perf is not None:  # WO 3.6.1: for a newcomer without Restpartien Rh = Ri
            perf = [Step("tour.perf_ri", "WO 3.6.1", {"result": kr.perf})]
        else:
            perf = performance_steps(None, len(shown))
        steps.extend(first_steps(len(shown), len(pe.restpartien_used), kr.n, kr.wh / 2, gesamt, ri, iter_opps, ps, kr.we,
                                 ed.PER_GAME_DECIMALS, outcome.steps, perf))
        # each counted game against the value the iteration used (a newcomer opponent at his Ri), with its P
        p_at = dict(zip(iter_opps, ps, strict=True))
        ri_of, values = self._ri_of, self.k.values

        def at_ri(g: TournamentGame) -> TournamentGame:
            if not g.counted or g.opponent_no is None:
                return g
            j = self.index[g.opponent_no]
            v = ri_of[j] if j in ri_of else values[j]
            return g._replace(opponent_rating=v, P=p_at[v])

        lines = [at_ri(g) for g in lines]
        return {"steps": tuple(steps), "games": tuple(lines), "components": {}}

    @cached_property
    def _ri_of(self) -> dict[int, float]:
        """Every newcomer's iteration value Ri by position (the Gesamtiteration's final values)."""
        return {i: kr.ri for i, kr in enumerate(self.k.results) if kr.ri is not None}

    def _performance(self, opps: list[int], wh: int, perf: int | None, name: str) -> PerformanceOutcome | None:
        """The edition's Leistung again, with its steps (``None`` below 5 games, WO 3.6.1), checked against the table."""
        if not performance_eligible(len(opps)):
            return None
        outcome = self.ed.performance(opps, wh)
        if outcome.value != perf:
            raise AssertionError(f"Rechenweg and table disagree on the Leistung of {name}")
        return outcome

    def _age_step(self, p: Player, pe: PlayerEvaluation) -> Step:
        if pe.age_assumed:
            return Step("core.age_assumed", "WO 3.2", {"result": pe.age_group.value}, assumption=True)
        by = p.birth_year or 0
        return Step("core.age", "WO 3.2", {"end_year": self.end.year, "birth_year": by, "age": age_from_birth_year(by, self.end),
                                           "result": pe.age_group.value})


def _counted_values(lines: list[TournamentGame]) -> list[int]:
    """The opponents' values of a player's counted games, in the order of his lines (by round)."""
    return [int(g.opponent_rating) for g in lines if g.counted and g.opponent_rating is not None]


def _round_of(g: TournamentGame) -> int:
    return g.round
