"""The whole tournament as the DSB evaluates it (spec dwz-classic §12, dwz-2026 §4–§6).

1. only played games count (forfeits, byes, games against computers are listed, not rated);
2. established players (DWZ, or a foreign rating per WO 4.1.2) and unrated ones;
3. 1st and 2nd Zusatzstufe (≥ 5 games against the previous selection including
   Restpartien, no 0 %/100 %) → Auswahl I, Auswahl II (WO 3.4.1);
4. the simultaneous Gesamtiteration of all newcomers (Anhang 1.1) and the
   edition's low-value correction → first DWZ with index 1;
5. Leistung for everyone with ≥ 5 rated games; Sonderwertung (Rh − R0 > 300:
   the Gesamtiteration is redone and the player counts with Rh for his opponents, WO 3.6.3);
6. Folge-DWZ of established players over their games against Auswahl II (WO 3.5.2);
7. players who stay unrated keep their games against Auswahl I as Restpartien
   (members only; stored games expire after two years, WO 4.1.1);
8. non-members are evaluated but not published (WO 3.4.3).

The formulas come from the edition modules; this module only orchestrates.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from datetime import date
from types import ModuleType
from typing import TYPE_CHECKING, Any

from dwz.core import kernel
from dwz.core.errors import InputError, Problem
from dwz.core.kernel import EvaluationOptions, KPlayer, KResult
from dwz.core.model import Player, StoredGame, Tournament
from dwz.core.performance import MIN_GAMES
from dwz.core.steps import Explained, Step, WithCoefficient
from dwz.core.values import AgeGroup, Result, age_from_birth_year, age_group_of
from dwz.rules import edition_for, get_edition

if TYPE_CHECKING:
    from dwz.core.teams import TeamEvaluation

__all__ = ["EvaluationOptions", "TournamentGame", "PlayerEvaluation", "TournamentEvaluation", "evaluate_tournament"]

@dataclass(frozen=True, slots=True)
class TournamentGame:
    """One of a player's pairings as the evaluation saw it."""

    round: int
    opponent_no: int | None
    opponent_name: str | None
    opponent_rating: float | None  # the value used for this player's We (R0, Rn or Rh)
    result: Result
    counted: bool
    reason: str | None = None
    P: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round, "opponent_no": self.opponent_no, "opponent": self.opponent_name,
            "opponent_rating": self.opponent_rating, "result": self.result.code, "points": self.result.points,
            "counted": self.counted, "reason": self.reason, "P": self.P,
        }


@dataclass(frozen=True, slots=True)
class PlayerEvaluation(Explained, WithCoefficient):
    """One row of the DSB evaluation table, with its Rechenweg."""

    player: Player
    status: str  # "established", "foreign", "first", "unrated", "no_games", "computer", "not_rated"
    stage: int | None
    old_rating: int | None
    old_index: int | None
    coefficient_index: int | None  # index used for E / K0
    age_group: AgeGroup
    age_assumed: bool
    W: float
    n: int
    We: float | None
    coefficient_name: str | None
    coefficient: float | None
    components: dict[str, Any]
    Rc: int | None
    performance: int | None
    sonderwertung: bool
    sonder_value: int | None
    Ri: float | None
    new_rating: int | None
    new_index: int | None
    published: bool
    remarks: tuple[str, ...]
    reasons: tuple[Problem, ...]
    games: tuple[TournamentGame, ...]
    restpartien_used: tuple[StoredGame, ...]
    restpartien_expired: tuple[StoredGame, ...]
    restpartien_out: tuple[StoredGame, ...]
    steps: tuple[Step, ...]
    elo: Any = None  # dwz.core.elo.EloResult for FIDE-rated players
    elo_initial: Any = None  # dwz.core.elo.InitialRatingResult progress for unrated

    @property
    def change(self) -> int | None:
        if self.new_rating is None or self.old_rating is None:
            return None
        return self.new_rating - self.old_rating

    @property
    def name(self) -> str:
        return self.player.name

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        from dwz.i18n import term

        p = self.player
        d: dict[str, Any] = {
            "no": p.no, "name": p.name, "club": p.club, "zps": p.zps, "member_no": p.member_no, "dsb_id": p.dsb_id,
            "fide_id": p.fide_id, "birth_year": p.birth_year, "member": p.member, "status": self.status, "stage": self.stage,
            "old_rating": self.old_rating, "old_index": self.old_index, "coefficient_index": self.coefficient_index,
            "age_group": self.age_group.value, "age_assumed": self.age_assumed, "W": self.W, "n": self.n,
            "We": None if self.We is None else round(self.We, 6), "coefficient": self.coefficient_name,
            "E": self.coefficient if self.coefficient_name == "E" else None,
            "K": self.coefficient if self.coefficient_name == "K" else None,
            "Rc": self.Rc, "performance": self.performance, "sonderwertung": self.sonderwertung,
            "sonder_value": self.sonder_value, "Ri": self.Ri, "new_rating": self.new_rating, "new_index": self.new_index,
            "change": self.change, "published": self.published,
            "remarks": [{"key": r, "text": term(f"remark.{r}", lang)} for r in self.remarks],
            "reasons": [r.to_dict(lang) for r in self.reasons],
            "games": [g.to_dict() for g in self.games],
            "restpartien_used": [g.to_dict() for g in self.restpartien_used],
            "restpartien_expired": [g.to_dict() for g in self.restpartien_expired],
            "restpartien_out": [g.to_dict() for g in self.restpartien_out],
        }
        d.update({k: v for k, v in self.components.items() if k not in d})
        if self.elo is not None:
            d["elo"] = {k: v for k, v in self.elo.to_dict(lang).items() if k != "steps"}
        if self.elo_initial is not None:
            d["elo_initial"] = {k: v for k, v in self.elo_initial.to_dict(lang).items() if k != "steps"}
        if steps:
            d["steps"] = self.rechenweg(lang)
        return d


@dataclass(frozen=True, slots=True)
class TournamentEvaluation:
    """The evaluation of a whole tournament."""

    tournament: Tournament
    rules: str
    end: date
    options: EvaluationOptions
    players: tuple[PlayerEvaluation, ...]
    iteration_rounds: int
    sonderwertung_players: tuple[int, ...]
    warnings: tuple[Problem, ...] = ()
    steps: tuple[Step, ...] = field(default=())

    def player(self, key: int | str) -> PlayerEvaluation:
        """By number or by (part of the) name, case-insensitive."""
        for pe in self.players:
            if pe.player.no == key:
                return pe
        if isinstance(key, str):
            k = key.casefold()
            hits = [pe for pe in self.players if k in pe.player.name.casefold()]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                exact = [pe for pe in hits if pe.player.name.casefold() == k]
                if len(exact) == 1:
                    return exact[0]
                raise InputError.single("player", "player_ambiguous", key, names=", ".join(pe.player.name for pe in hits))
        raise InputError.single("player", "player_unknown", key)

    def restpartien(self) -> list[dict[str, Any]]:
        """The Restpartien of players who stay unrated, for the next evaluation."""
        out = []
        for pe in self.players:
            if pe.restpartien_out:
                p = pe.player
                out.append({"name": p.name, "dsb_id": p.dsb_id, "zps": p.zps, "member_no": p.member_no,
                            "birth_year": p.birth_year, "games": [g.to_dict() for g in pe.restpartien_out]})
        return out

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        t = self.tournament
        return {
            "kind": "tournament",
            "tournament": {"name": t.name, "code": t.code, "start": t.start.isoformat() if t.start else None,
                           "end": self.end.isoformat(), "rounds": t.rounds, "players": len(t.players), "rated": t.rated,
                           "source": t.source},
            "rules": self.rules,
            "options": self.options.to_dict(),
            "iteration_rounds": self.iteration_rounds,
            "sonderwertung_players": list(self.sonderwertung_players),
            "warnings": [w.to_dict(lang) for w in self.warnings],
            "notes": [w.to_dict(lang) for w in t.notes],
            "players": [pe.to_dict(lang, steps) for pe in self.players],
            "restpartien": self.restpartien(),
            "teams": [te.to_dict() for te in self.teams()],
        }

    def teams(self) -> tuple[TeamEvaluation, ...]:
        """Team competitions: the evaluation per team in lineup order (a grouping, see :mod:`dwz.core.teams`)."""
        from dwz.core.teams import team_evaluations

        return team_evaluations(self)


# --------------------------------------------------------------------------------------------


def _collect(t: Tournament, index: dict[int, int]) -> tuple[list[tuple[int, int, int]], dict[int, list[TournamentGame]]]:
    """Played games for the kernel; everything else listed per player with the reason."""
    players = {p.no: p for p in t.players}
    games: list[tuple[int, int, int]] = []
    excluded: dict[int, list[TournamentGame]] = {no: [] for no in players}
    for g in t.pairings:
        sides: list[tuple[int, int | None, Result]] = [(g.white, g.black, g.result_white)]
        if g.black is not None and g.result_black is not None:
            sides.append((g.black, g.white, g.result_black))
        computer = g.black is not None and (players[g.white].computer or players[g.black].computer)
        if t.rated and g.played and not computer and g.black is not None:
            games.append((index[g.white], index[g.black], g.result_white.halves))
            continue
        for me, opp, res in sides:
            opp_name = players[opp].name if opp is not None else None
            if not t.rated:
                reason = "tournament_not_rated"
            elif opp is None:
                reason = "bye" if res.is_bye else "forfeit"
            elif not g.played:
                double = (g.result_white, g.result_black) == (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
                reason = "double_forfeit" if double else ("forfeit" if res.is_forfeit else "short")
            else:
                reason = "computer"
            excluded[me].append(TournamentGame(g.round, opp, opp_name, None, res, False, reason))
    return games, excluded


def evaluate_tournament(
    t: Tournament,
    *,
    end: date | None = None,
    rules: str | None = None,
    options: EvaluationOptions | None = None,
    elo: bool = True,
) -> TournamentEvaluation:
    """Evaluate all participants of ``t`` at once, as the DSB does, with every Rechenweg.

    >>> from dwz.core.model import Player, Pairing
    >>> from dwz.core.values import Result as R
    >>> ps = [Player(1, "A", 1600, 20), Player(2, "B", 1500, 20)]
    >>> t = Tournament("T", date(2025, 5, 1), tuple(ps), (Pairing(1, 1, 2, R.WIN, R.LOSS),))
    >>> [(pe.new_rating, pe.new_index) for pe in evaluate_tournament(t).players]
    [(1613, 21), (1486, 21)]
    """
    # The evaluation allocates many small acyclic objects; the cyclic garbage collector
    # would rescan them all repeatedly (superlinear time for large opens), so it pauses.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _evaluate(t, end, rules, options or EvaluationOptions(), elo)
    finally:
        if was_enabled:
            gc.enable()


def _evaluate(t: Tournament, end: date | None, rules: str | None, opts: EvaluationOptions, elo: bool) -> TournamentEvaluation:
    end_d = end or t.end
    if end_d is None:
        raise InputError.single("end", "end_missing", t.source or t.name)
    ed = get_edition(rules) if rules else get_edition(edition_for(end_d))
    evaluated = [p for p in t.players if not p.computer]
    index = {p.no: i for i, p in enumerate(evaluated)}
    games, excluded = _collect(t, index)
    ages = {p.no: age_group_of(p.birth_year, end_d) for p in t.players}
    kplayers = [KPlayer(p.rating, p.index, p.elo, ages[p.no][0], p.member,
                        tuple((g.opponent, g.result.halves, g.played) for g in p.restpartien)) for p in evaluated]
    k = kernel.run(ed, end_d, kplayers, games if t.rated else [], opts)
    by_pos = {i: p.no for i, p in enumerate(evaluated)}
    values = {by_pos[i]: v for i, v in k.values.items()}
    auswahl2 = {by_pos[i] for i in k.auswahl2}
    played: dict[int, list[tuple[int, int, int]]] = {p.no: [] for p in t.players}
    rounds_of = [g.round for g in t.pairings if t.rated and g.played and g.black is not None
                 and not (t.player(g.white).computer or t.player(g.black).computer)]
    for (a, b, ha), rnd in zip(games, rounds_of, strict=True):
        played[by_pos[a]].append((rnd, by_pos[b], ha))
        played[by_pos[b]].append((rnd, by_pos[a], 2 - ha))
    code = t.code or t.name
    evals: list[PlayerEvaluation] = []
    for p in t.players:
        group, assumed = ages[p.no]
        lines = _lines(ed, played[p.no], excluded[p.no], auswahl2, values, t)
        if p.computer:
            evals.append(PlayerEvaluation(p, "computer", None, p.rating, p.index, None, group, assumed, 0.0, 0, None, None, None,
                                          {}, None, None, False, None, None, None, None, False, ("computer",), (), tuple(lines),
                                          (), (), (), ()))
            continue
        kr = k.results[index[p.no]]
        if not t.rated:
            evals.append(PlayerEvaluation(p, "not_rated", None, kr.r0, kr.old_index, kr.coeff_index, group, assumed, 0.0, 0, None,
                                          None, None, {}, None, None, False, None, None, kr.r0, kr.old_index, False,
                                          ("tournament_not_rated",), (), tuple(lines), (), (), (), ()))
            continue
        evals.append(_explain(ed, p, kr, group, assumed, lines, values, k.rounds, end_d, code))
    if elo:
        evals = _add_elo(t, end_d, evals)
    warnings: list[Problem] = []
    if not t.rated:
        warnings.append(Problem("rated", "tournament_not_rated", t.name))
    tsteps = [Step("core.rules", "Inkrafttreten WO 2026", {"end": end_d.isoformat(), "switch": "2026-06-08", "result": ed.NAME})]
    return TournamentEvaluation(t, ed.NAME, end_d, opts, tuple(evals), k.rounds,
                                tuple(sorted(by_pos[i] for i in k.sonder)), tuple(warnings), tuple(tsteps))


def _lines(ed: ModuleType, played: list[tuple[int, int, int]], excluded: list[TournamentGame], auswahl2: set[int],
           values: dict[int, int], t: Tournament) -> list[TournamentGame]:
    lines = list(excluded)
    for rnd, opp, h in played:
        res = Result.WIN if h == 2 else (Result.DRAW if h == 1 else Result.LOSS)
        name = t.player(opp).name
        if opp in auswahl2:
            lines.append(TournamentGame(rnd, opp, name, values[opp], res, True))
        else:
            lines.append(TournamentGame(rnd, opp, name, None, res, False, "not_in_selection"))
    lines.sort(key=lambda g: g.round)
    return lines


def _stored(games: tuple[tuple[int, int, date], ...], code: str | None) -> tuple[StoredGame, ...]:
    return tuple(StoredGame(o, Result.WIN if h == 2 else (Result.DRAW if h == 1 else Result.LOSS), d, code) for o, h, d in games)


def _age_step(p: Player, group: AgeGroup, assumed: bool, end: date) -> Step:
    if assumed:
        return Step("core.age_assumed", "WO 3.2", {"result": group.value}, assumption=True)
    by = p.birth_year or 0
    return Step("core.age", "WO 3.2", {"end_year": end.year, "birth_year": by, "age": age_from_birth_year(by, end), "result": group.value})


def _explain(ed: ModuleType, p: Player, kr: KResult, group: AgeGroup, assumed: bool, lines: list[TournamentGame],
             values: dict[int, int], rounds: int, end: date, code: str | None) -> PlayerEvaluation:
    """The kernel's numbers plus their Rechenweg, computed by the same rule functions."""
    steps = [_age_step(p, group, assumed, end)]
    remarks: list[str] = [] if p.member else ["non_member"]
    counted = [g for g in lines if g.counted]
    opps = [int(g.opponent_rating) for g in counted if g.opponent_rating is not None]
    if kr.status in ("established", "foreign", "no_games") and kr.r0 is not None:
        r0 = kr.r0
        if kr.status == "foreign" or (p.rating is None and kr.old_index == 6):
            remarks.append("foreign_rating")
            steps.append(Step("tour.foreign", "WO 4.1.2, 2.2.4", {"rating": r0, "index": kr.coeff_index, "shown": kr.old_index,
                                                                  "result": r0}, assumption=ed.NAME == "dwz-classic"))
        if kr.n == 0:
            steps.append(Step("core.no_games", "WO 3.5.2", {"R0": r0, "result": r0}))
            steps.append(Step("core.index_same", "WO 2.2.4", {"index": kr.old_index, "result": kr.old_index}))
            return PlayerEvaluation(p, "no_games", None, r0, kr.old_index, kr.coeff_index, group, assumed, 0.0, 0, None, None, None,
                                    {}, None, None, False, None, None, kr.new_rating, kr.new_index, p.member,
                                    ("no_rated_games", *remarks), (), tuple(lines), (), (), (), tuple(steps))
        ps, we_exact = ed.expected_exact(r0, opps)
        lines = [g if not g.counted else TournamentGame(g.round, g.opponent_no, g.opponent_name, g.opponent_rating, g.result,
                                                         True, None, ps[opps.index(int(g.opponent_rating or 0))])
                 for g in lines]
        steps.append(Step("core.games", "WO 3.3.2, 3.5.2", {"total": len(lines), "n": kr.n, "excluded": len(lines) - kr.n, "result": kr.n}))
        steps.append(Step("core.W", "WO 3.2", {"n": kr.n, "result": kr.wh / 2}))
        steps.append(Step("core.We", "WO 3.3.1, 3.3.2", {"R0": r0, "games": [(o, r0 - o, pv) for o, pv in zip(opps, ps, strict=True)],
                                                          "decimals": ed.PER_GAME_DECIMALS, "result": kr.we}))
        steps.append(Step("core.Rc", "WO 3.6.2", {"sum": sum(opps), "n": kr.n, "exact": sum(opps) / kr.n, "result": kr.rc}))
        outcome = ed.folge(r0, kr.coeff_index, group, kr.wh, kr.n, we_exact)
        steps.extend(outcome.steps)
        steps.append(Step("core.index", "WO 2.2.4", {"index": kr.old_index, "result": kr.new_index}) if kr.old_index is not None else
                     Step("core.index_unknown", "WO 2.2.4", {"result": None}, assumption=True))
        steps.extend(_perf_steps(ed, opps, kr.wh, kr.perf))
        if kr.sonder is not None:
            remarks.append("sonderwertung")
            steps.append(Step("tour.sonder", "WO 3.6.3", {"Rh": kr.sonder, "R0": r0, "diff": kr.sonder - r0, "result": kr.sonder}))
        if not p.member:
            remarks.append("not_published")
        return PlayerEvaluation(p, kr.status, None, r0, kr.old_index, kr.coeff_index, group, assumed, kr.wh / 2, kr.n, kr.we, "E" if
                                ed.NAME == "dwz-classic" else "K", kr.coefficient, outcome.components, kr.rc, kr.perf,
                                kr.sonder is not None, kr.sonder, None, kr.new_rating, kr.new_index, p.member, tuple(remarks),
                                (), tuple(lines), (), (), (), tuple(steps))
    rest_used = tuple(g for g in p.restpartien if not kernel.expired(g.played, end))
    rest_expired = tuple(g for g in p.restpartien if kernel.expired(g.played, end))
    if rest_expired:
        remarks.append("restpartien_expired")
    if kr.status == "first" and kr.ri is not None:
        steps.append(Step("first.games", "WO 3.4.1", {"n_tournament": len(opps), "n_rest": len(rest_used), "W": kr.wh / 2, "result": kr.n}))
        steps.append(Step("tour.stage", "WO 3.4.1", {"result": kr.stage}))
        steps.append(Step("tour.start", "WO Anhang 1.1.1", {"result": kr.start}))
        steps.append(Step("tour.gesamt", "WO Anhang 1.1.2, 1.1.3", {"rounds": rounds, "result": kr.ri}, assumption=ed.NAME == "dwz-classic"))
        steps.extend(ed.first_rating(kr.ri).steps)
        steps.append(Step("first.index", "WO 3.4.1", {"result": 1}))
        if rest_used:
            steps.extend(_perf_steps(ed, opps, sum(g.result.halves for g in counted), kr.perf))
        elif kr.perf is not None:  # WO 3.6.1: for a newcomer without Restpartien Rh = Ri
            steps.append(Step("tour.perf_ri", "WO 3.6.1", {"result": kr.perf}))
        else:
            steps.append(Step("core.perf_none", "WO 3.6.1", {"n": len(opps), "min": MIN_GAMES, "result": None}))
        remarks.insert(0, "first_dwz")
        if not p.member:
            remarks.append("not_published")
        lines = [g if not g.counted or g.opponent_rating is None else
                 TournamentGame(g.round, g.opponent_no, g.opponent_name, g.opponent_rating, g.result, True, None,
                                ed.expected_exact(kr.new_rating or 0, [int(g.opponent_rating)])[0][0]) for g in lines]
        return PlayerEvaluation(p, "first", kr.stage, None, None, 1, group, assumed, kr.wh / 2, kr.n, kr.we, None, None, {},
                                kr.rc, kr.perf, False, None, kr.ri, kr.new_rating, 1, p.member, tuple(remarks), (),
                                tuple(lines), rest_used, rest_expired, (), tuple(steps))
    # stays unrated
    reasons = []
    if kr.reason == "first_too_few":
        reasons.append(Problem("games", "first_too_few", kr.n, {"missing": MIN_GAMES - kr.n, "min": MIN_GAMES}))
    elif kr.reason is not None:
        reasons.append(Problem("games", kr.reason, kr.n if kr.reason != "first_zero" else 0))
    out = rest_used + _stored(kr.rest_new, code) if kr.rest_out else ()
    if out:
        remarks.append("restpartien_stored")
    elif not p.member:
        remarks.append("no_restpartien_non_member")
    steps.append(Step("first.games", "WO 3.4.1", {"n_tournament": len(kr.rest_new), "n_rest": len(rest_used), "W": kr.wh / 2, "result": kr.n}))
    steps.append(Step("first.not_eligible", "WO 3.4.1", {"n": kr.n, "W": kr.wh / 2, "min": MIN_GAMES, "result": None}))
    if out:
        steps.append(Step("tour.rest_out", "WO 3.4.2, 4.1.1", {"new": len(kr.rest_new), "kept": len(rest_used), "result": len(out)}))
    lines = [g if not g.counted else TournamentGame(g.round, g.opponent_no, g.opponent_name, None, g.result, False,
                                                     "not_in_selection") for g in lines]
    return PlayerEvaluation(p, kr.status, None, None, None, None, group, assumed, kr.wh / 2, kr.n, None, None, None, {}, None,
                            None, False, None, None, None, None, False, tuple(remarks), tuple(reasons), tuple(lines), rest_used,
                            rest_expired, out, tuple(steps))


def _perf_steps(ed: ModuleType, opps: list[int], wh: int, perf: int | None) -> list[Step]:
    if len(opps) < MIN_GAMES:
        return [Step("core.perf_none", "WO 3.6.1", {"n": len(opps), "min": MIN_GAMES, "result": None})]
    outcome = ed.performance(opps, wh)
    return [Step("core.perf", "WO 3.6.1", {"n": len(opps), "result": perf}), *outcome.steps]


def _add_elo(t: Tournament, end: date, evals: list[PlayerEvaluation]) -> list[PlayerEvaluation]:
    """FIDE Elo change per player for this event (and initial-rating progress)."""
    from dataclasses import replace

    from dwz.core import elo as elo_mod

    by_no = {p.no: p for p in t.players}
    period = t.start or end
    played_by: dict[int, list[Any]] = {no: [] for no in by_no}
    for g in t.pairings:
        if g.played and g.black is not None:
            played_by[g.white].append(g)
            played_by[g.black].append(g)
    out = []
    for pe in evals:
        p = pe.player
        games = []
        for g in played_by[p.no]:
            opp = by_no[g.opponent_of(p.no) or 0]
            if opp.computer or p.computer:
                continue
            games.append((opp.elo or None, g.result_for(p.no)))
        if not t.rated or not games:
            out.append(pe)
            continue
        try:
            if p.elo:
                rated = [(o, r) for o, r in games if o]
                res = elo_mod.rate(p.elo, rated, period=period, k=p.fide_k, birth_year=p.birth_year) if rated else None
                out.append(replace(pe, elo=res))
            else:
                out.append(replace(pe, elo_initial=elo_mod.initial_rating([(o, r) for o, r in games if o], period=period)))
        except InputError:
            out.append(pe)
    return out
