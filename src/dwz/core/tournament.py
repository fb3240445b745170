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
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from types import ModuleType
from typing import Any

from dwz.core.errors import InputError, Problem
from dwz.core.model import Player, StoredGame, Tournament
from dwz.core.performance import MIN_GAMES
from dwz.core.rounding import round_half_up
from dwz.core.steps import Step
from dwz.core.values import AgeGroup, Result, age_group_for_age
from dwz.rules import edition_for, get_edition

__all__ = ["EvaluationOptions", "TournamentGame", "PlayerEvaluation", "TournamentEvaluation", "evaluate_tournament"]

SONDER_MARGIN = 300  # WO 3.6.3: performance more than 300 above the previous DWZ
RESTPARTIEN_YEARS = 2  # WO 4.1.1
FOREIGN_INDEX = 6  # WO 2.2.4: a FIDE rating taken as starting value carries index 6
MAX_ROUNDS = 1000
EPS_2026 = 1e-7


@dataclass(frozen=True, slots=True)
class EvaluationOptions:
    """Readings of rules the spec marks as uncertain; the defaults are the spec's.

    ``classic_foreign_e_index``  index used for E of a player entering with a FIDE
        rating under the classic rules: 1 (new Anhang 1.2, default) or 6 (WO 2014).
    ``use_elo_for_unrated``  players without DWZ but with FIDE Elo enter with it (WO 4.1.2).
    ``use_elo_from_2400``  players with DWZ ≥ 2400 count with their Elo as R0 ("in der Regel", WO 4.1.2);
        off by default because it needs the current FIDE list for everyone.
    ``sonderwertung``  apply WO 3.6.3 at all.
    ``sonderwertung_extremes``  a 100 % score's Rh = Rc + 677 may trigger the Sonderwertung.
    ``restpartien_vs_stage2``  games against 2nd-stage newcomers also become Restpartien
        (the WO says "gegen die Auswahl I": off).
    ``store_restpartien``  keep Restpartien for unrated members.
    """

    classic_foreign_e_index: int = 1
    use_elo_for_unrated: bool = True
    use_elo_from_2400: bool = False
    sonderwertung: bool = True
    sonderwertung_extremes: bool = True
    restpartien_vs_stage2: bool = False
    store_restpartien: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


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
class PlayerEvaluation:
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

    @property
    def E(self) -> int | None:
        return int(self.coefficient) if self.coefficient_name == "E" and self.coefficient is not None else None

    @property
    def K(self) -> float | None:
        return self.coefficient if self.coefficient_name == "K" else None

    def rechenweg(self, lang: str = "de") -> list[dict[str, Any]]:
        from dwz.i18n import render_step

        return [render_step(s, lang) for s in self.steps]

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
        }


# --------------------------------------------------------------------------------------------


@dataclass
class _State:
    """Mutable working data of one evaluation (private)."""

    ed: ModuleType
    end: date
    opts: EvaluationOptions
    players: dict[int, Player]
    games: dict[int, list[tuple[int, int, int]]]  # no → [(round, opponent no, halves)]
    excluded: dict[int, list[TournamentGame]]
    base: dict[int, int] = field(default_factory=dict)  # established: R0 (DWZ or Elo)
    base_index: dict[int, int | None] = field(default_factory=dict)
    coeff_index: dict[int, int | None] = field(default_factory=dict)
    foreign: set[int] = field(default_factory=set)
    rest: dict[int, list[StoredGame]] = field(default_factory=dict)
    expired: dict[int, list[StoredGame]] = field(default_factory=dict)
    stage: dict[int, int] = field(default_factory=dict)
    rated: bool = True
    code: str | None = None


def _age(p: Player, end: date) -> tuple[AgeGroup, bool]:
    if p.birth_year is None or p.birth_year > end.year:
        return AgeGroup.ADULT, True
    return age_group_for_age(end.year - p.birth_year), False


def _expired(g: StoredGame, end: date) -> bool:
    try:
        limit = g.played.replace(year=g.played.year + RESTPARTIEN_YEARS)
    except ValueError:  # 29 February
        limit = g.played.replace(year=g.played.year + RESTPARTIEN_YEARS, day=28)
    return end > limit


def _collect_games(t: Tournament) -> tuple[dict[int, list[tuple[int, int, int]]], dict[int, list[TournamentGame]]]:
    players = {p.no: p for p in t.players}
    games: dict[int, list[tuple[int, int, int]]] = {no: [] for no in players}
    excluded: dict[int, list[TournamentGame]] = {no: [] for no in players}
    for g in t.pairings:
        sides: list[tuple[int, int | None, Result]] = [(g.white, g.black, g.result_white)]
        if g.black is not None and g.result_black is not None:
            sides.append((g.black, g.white, g.result_black))
        computer = g.black is not None and (players[g.white].computer or players[g.black].computer)
        for me, opp, res in sides:
            opp_name = players[opp].name if opp is not None else None
            if not t.rated:
                excluded[me].append(TournamentGame(g.round, opp, opp_name, None, res, False, "tournament_not_rated"))
            elif opp is None:
                excluded[me].append(TournamentGame(g.round, None, None, None, res, False, "bye" if res.is_bye else "forfeit"))
            elif not g.played:
                reason = "double_forfeit" if (g.result_white, g.result_black) == (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS) else (
                    "forfeit" if res.is_forfeit else "short")
                excluded[me].append(TournamentGame(g.round, opp, opp_name, None, res, False, reason))
            elif computer:
                excluded[me].append(TournamentGame(g.round, opp, opp_name, None, res, False, "computer"))
            else:
                games[me].append((g.round, opp, res.halves))
    return games, excluded


def _classify(st: _State) -> list[Problem]:
    warnings: list[Problem] = []
    opts = st.opts
    for no, p in st.players.items():
        if p.computer:
            continue
        if p.rating is not None and p.rating > 0:
            if opts.use_elo_from_2400 and p.rating >= 2400 and p.elo:
                st.base[no] = p.elo
                st.base_index[no] = p.index
                st.coeff_index[no] = p.index
                st.foreign.add(no)
            else:
                st.base[no] = p.rating
                st.base_index[no] = p.index
                st.coeff_index[no] = p.index
        elif p.elo and opts.use_elo_for_unrated:
            # WO 4.1.2 / 2.2.4: the FIDE rating enters as R0 with index 6; E is computed
            # with index 1 under the classic rules (new Anhang 1.2), K0 with index 6 from 2026.
            st.base[no] = p.elo
            st.base_index[no] = FOREIGN_INDEX
            st.coeff_index[no] = FOREIGN_INDEX if st.ed.NAME == "dwz-2026" else opts.classic_foreign_e_index
            st.foreign.add(no)
        else:
            st.rest[no] = [g for g in p.restpartien if not _expired(g, st.end)]
            st.expired[no] = [g for g in p.restpartien if _expired(g, st.end)]
    return warnings


def _select_stage(st: _State, candidates: list[int], selection: set[int], fixed: dict[int, float]) -> list[int]:
    """Unrated players with ≥ 5 games against ``selection`` (Restpartien included), not 0 %/100 %."""
    chosen = []
    for no in candidates:
        n = len(st.rest[no])
        wh = sum(g.result.halves for g in st.rest[no])
        for _, opp, h in st.games[no]:
            if opp in selection:
                n += 1
                wh += h
        if n >= MIN_GAMES and 0 < wh < 2 * n:
            chosen.append(no)
    return chosen


def _terms(st: _State, no: int, allowed: set[int], values: dict[int, float] | dict[int, int]) -> tuple[list[float], int]:
    opps = [float(g.opponent) for g in st.rest[no]]
    wh = sum(g.result.halves for g in st.rest[no])
    for _, opp, h in st.games[no]:
        if opp in allowed:
            opps.append(values[opp])
            wh += h
    return opps, wh


def _gesamtiteration(st: _State, stage1: list[int], stage2: list[int], base: dict[int, int]) -> tuple[dict[int, float], int, dict[int, float]]:
    """Anhang 1.1: all newcomers at once (Jacobi steps) until no value changes.

    Returns the final values Ri, the number of rounds and the start values.
    """
    ed = st.ed
    values: dict[int, float] = {k: float(v) for k, v in base.items()}
    est = set(base)
    start: dict[int, float] = {}
    for no in stage1:  # step 0: Restpartien + games against established players
        opps, wh = _terms(st, no, est, values)
        start[no] = ed.iteration_start(opps, wh)[0]
    values.update({no: start[no] for no in stage1})
    auswahl1 = est | set(stage1)
    for no in stage2:  # … stage 2 additionally against stage 1 (with their start values)
        opps, wh = _terms(st, no, auswahl1, values)
        start[no] = ed.iteration_start(opps, wh)[0]
    values.update({no: start[no] for no in stage2})
    zusatz = stage1 + stage2
    auswahl2 = auswahl1 | set(stage2)
    seen: dict[int, set[float]] = {no: {values[no]} for no in zusatz}
    rounds = 0
    classic = ed.NAME == "dwz-classic"
    while zusatz and rounds < MAX_ROUNDS:
        rounds += 1
        new: dict[int, float] = {}
        for no in zusatz:  # from step 1 on: Restpartien + all games against Auswahl II
            opps, wh = _terms(st, no, auswahl2, values)
            nxt = ed.iteration_next(values[no], wh, opps)
            if classic and nxt != values[no] and nxt in seen[no]:
                nxt = values[no]  # a value repeats: keep the current one (spec §8.3)
            new[no] = nxt
        changed = any((new[no] != values[no]) if classic else abs(new[no] - values[no]) > EPS_2026 for no in zusatz)
        for no in zusatz:
            seen[no].add(new[no])
        values.update(new)
        if not changed:
            break
    return {no: values[no] for no in zusatz}, rounds, start


def _performance(st: _State, opps: Sequence[int], wh: int) -> tuple[int | None, list[Step]]:
    if len(opps) < MIN_GAMES:
        return None, [Step("core.perf_none", "WO 3.6.1", {"n": len(opps), "min": MIN_GAMES, "result": None})]
    perf = st.ed.performance(opps, wh)
    return perf.value, [Step("core.perf", "WO 3.6.1", {"n": len(opps), "result": perf.value}), *perf.steps]


def evaluate_tournament(
    t: Tournament,
    *,
    end: date | None = None,
    rules: str | None = None,
    options: EvaluationOptions | None = None,
    elo: bool = True,
) -> TournamentEvaluation:
    """Evaluate all participants of ``t`` at once, as the DSB does.

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
        return _evaluate(t, end, rules, options, elo)
    finally:
        if was_enabled:
            gc.enable()


def _evaluate(t: Tournament, end: date | None, rules: str | None, options: EvaluationOptions | None, elo: bool) -> TournamentEvaluation:
    opts = options or EvaluationOptions()
    end_d = end or t.end
    if end_d is None:
        raise InputError.single("end", "end_missing", t.source or t.name)
    ed = get_edition(rules) if rules else get_edition(edition_for(end_d))
    players = {p.no: p for p in t.players}
    games, excluded = _collect_games(t)
    st = _State(ed, end_d, opts, players, games, excluded, rated=t.rated, code=t.code or t.name)
    warnings = _classify(st)
    unrated = [no for no in players if no not in st.base and not players[no].computer]

    # Zusatzstufen (WO 3.4.1)
    est = set(st.base)
    stage1 = _select_stage(st, unrated, est, {})
    auswahl1 = est | set(stage1)
    stage2 = _select_stage(st, [no for no in unrated if no not in stage1], auswahl1, {})
    auswahl2 = auswahl1 | set(stage2)
    for no in stage1:
        st.stage[no] = 1
    for no in stage2:
        st.stage[no] = 2

    base = dict(st.base)
    ri, rounds, start = _gesamtiteration(st, stage1, stage2, base)
    first = {no: ed.first_rating(v) for no, v in ri.items()}
    values: dict[int, int] = dict(base)
    values.update({no: f.new_rating for no, f in first.items()})

    # Leistung (first pass) and Sonderwertung (WO 3.6.3)
    sonder: dict[int, int] = {}
    first_perf: dict[int, int | None] = {}
    for no in auswahl2:
        opps, wh = _opps_values(st, no, auswahl2, values)
        perf, _ = _performance(st, opps, wh)
        first_perf[no] = perf
        if (opts.sonderwertung and no in st.base and no not in st.foreign and perf is not None
                and perf - st.base[no] > SONDER_MARGIN):
            extreme = wh in (0, 2 * len(opps))
            if opts.sonderwertung_extremes or not extreme:
                sonder[no] = perf
    if sonder:
        base2 = dict(base)
        base2.update(sonder)
        ri, rounds2, start = _gesamtiteration(st, stage1, stage2, base2)
        rounds += rounds2
        first = {no: ed.first_rating(v) for no, v in ri.items()}
        values = dict(base2)
        values.update({no: f.new_rating for no, f in first.items()})

    evals: list[PlayerEvaluation] = []
    for no in sorted(players):
        p = players[no]
        evals.append(_evaluate_player(st, p, auswahl1, auswahl2, values, ri, start, first, sonder, rounds))
    if elo:
        evals = _add_elo(t, end_d, evals)
    tsteps = [Step("core.rules", "WO 2026 (08.06.2026)", {"end": end_d.isoformat(), "switch": "2026-06-08", "result": ed.NAME})]
    if not t.rated:
        warnings.append(Problem("rated", "tournament_not_rated", t.name))
    return TournamentEvaluation(t, ed.NAME, end_d, opts, tuple(evals), rounds, tuple(sorted(sonder)), tuple(warnings), tuple(tsteps))


def _opps_values(st: _State, no: int, allowed: set[int], values: dict[int, int]) -> tuple[list[int], int]:
    opps = []
    wh = 0
    for _, opp, h in st.games[no]:
        if opp in allowed and opp != no:
            opps.append(values[opp])
            wh += h
    return opps, wh


def _game_lines(st: _State, no: int, allowed: set[int], values: dict[int, int], own: int | None) -> list[TournamentGame]:
    lines: list[TournamentGame] = []
    ed = st.ed
    for rnd, opp, h in st.games[no]:
        res = Result.WIN if h == 2 else (Result.DRAW if h == 1 else Result.LOSS)
        name = st.players[opp].name
        if opp in allowed:
            pv = None
            if own is not None:
                pv = ed.expected_exact(own, [values[opp]])[0][0]
            lines.append(TournamentGame(rnd, opp, name, values[opp], res, True, None, pv))
        else:
            lines.append(TournamentGame(rnd, opp, name, None, res, False, "not_in_selection"))
    lines.extend(st.excluded[no])
    lines.sort(key=lambda g: g.round)
    return lines


def _evaluate_player(
    st: _State,
    p: Player,
    auswahl1: set[int],
    auswahl2: set[int],
    values: dict[int, int],
    ri: dict[int, float],
    start: dict[int, float],
    first: dict[int, Any],
    sonder: dict[int, int],
    rounds: int,
) -> PlayerEvaluation:
    ed = st.ed
    no = p.no
    group, assumed = _age(p, st.end)
    age_steps = [Step("core.age_assumed", "WO 3.2", {"result": group.value}, assumption=True)] if assumed else [
        Step("core.age", "WO 3.2", {"end_year": st.end.year, "birth_year": p.birth_year, "age": st.end.year - (p.birth_year or 0), "result": group.value})]
    remarks: list[str] = []
    reasons: list[Problem] = []
    if not p.member:
        remarks.append("non_member")
    if p.computer:
        lines = _game_lines(st, no, set(), values, None)
        return PlayerEvaluation(p, "computer", None, p.rating, p.index, None, group, assumed, 0.0, 0, None, None, None, {}, None,
                                None, False, None, None, None, None, False, ("computer",), (), tuple(lines), (), (), (), ())
    if no in st.base:
        return _evaluate_established(st, p, group, assumed, age_steps, auswahl2, values, sonder, remarks)
    # --- unrated players -----------------------------------------------------------------
    rest_used = tuple(st.rest.get(no, ()))
    rest_expired = tuple(st.expired.get(no, ()))
    if rest_expired:
        remarks.append("restpartien_expired")
    steps = list(age_steps)
    if no in ri:
        opps, wh = _terms(st, no, auswahl2, values)
        tourn_opps, t_wh = _opps_values(st, no, auswahl2, values)
        f = first[no]
        steps.append(Step("first.games", "WO 3.4.1", {"n_tournament": len(tourn_opps), "n_rest": len(rest_used), "W": wh / 2, "result": len(opps)}))
        steps.append(Step("tour.stage", "WO 3.4.1", {"result": st.stage[no]}))
        steps.append(Step("tour.start", "WO Anhang 1.1.1", {"result": start[no]}))
        steps.append(Step("tour.gesamt", "WO Anhang 1.1.2, 1.1.3", {"rounds": rounds, "result": ri[no]}, assumption=ed.NAME == "dwz-classic"))
        steps.extend(f.steps)
        steps.append(Step("first.index", "WO 3.4.1", {"result": 1}))
        if rest_used:
            perf, psteps = _performance(st, tourn_opps, t_wh)
        else:  # WO 3.6.1: for a newcomer without Restpartien Rh = Ri
            perf = round_half_up(ri[no]) if len(tourn_opps) >= MIN_GAMES else None
            psteps = [Step("tour.perf_ri", "WO 3.6.1", {"result": perf})] if perf is not None else [
                Step("core.perf_none", "WO 3.6.1", {"n": len(tourn_opps), "min": MIN_GAMES, "result": None})]
        steps.extend(psteps)
        _, we_exact = ed.expected_exact(f.new_rating, [round_half_up(o) for o in opps])
        remarks.insert(0, "first_dwz")
        if not p.member:
            remarks.append("not_published")
        lines = _game_lines(st, no, auswahl2, values, f.new_rating)
        rc = round_half_up(sum(tourn_opps) / len(tourn_opps)) if tourn_opps else None
        return PlayerEvaluation(
            p, "first", st.stage[no], None, None, 1, group, assumed, wh / 2, len(opps), ed.we_to_float(we_exact), None, None, {},
            rc, perf, False, None, ri[no], f.new_rating, 1, p.member, tuple(remarks), (), tuple(lines), rest_used, rest_expired, (),
            tuple(steps),
        )
    # stays unrated: games against Auswahl I become Restpartien (WO 3.4.2)
    allowed = auswahl2 if st.opts.restpartien_vs_stage2 else auswahl1
    new_rest: list[StoredGame] = []
    for _, opp, h in st.games[no]:
        if opp in allowed:
            res = Result.WIN if h == 2 else (Result.DRAW if h == 1 else Result.LOSS)
            # stored with the opponent's R0 or new first DWZ (not a Sonderwertung value)
            new_rest.append(StoredGame(st.base.get(opp, values[opp]), res, st.end, st.code))
    n_all = len(rest_used) + len(new_rest)
    wh_all = sum(g.result.halves for g in rest_used) + sum(g.result.halves for g in new_rest)
    if n_all < MIN_GAMES:
        reasons.append(Problem("games", "first_too_few", n_all, {"missing": MIN_GAMES - n_all, "min": MIN_GAMES}))
    elif wh_all == 0:
        reasons.append(Problem("games", "first_zero", 0))
    elif wh_all == 2 * n_all:
        reasons.append(Problem("games", "first_full", n_all))
    else:
        reasons.append(Problem("games", "first_stage_missing", n_all))
    store = st.opts.store_restpartien and p.member
    out = tuple(list(rest_used) + new_rest) if store else ()
    if out:
        remarks.append("restpartien_stored")
    elif not p.member:
        remarks.append("no_restpartien_non_member")
    steps.append(Step("first.games", "WO 3.4.1", {"n_tournament": len(new_rest), "n_rest": len(rest_used), "W": wh_all / 2, "result": n_all}))
    steps.append(Step("first.not_eligible", "WO 3.4.1", {"n": n_all, "W": wh_all / 2, "min": MIN_GAMES, "result": None}))
    if out:
        steps.append(Step("tour.rest_out", "WO 3.4.2, 4.1.1", {"new": len(new_rest), "kept": len(rest_used), "result": len(out)}))
    lines = _game_lines(st, no, set(), values, None)
    status = "unrated" if st.games[no] or rest_used else "no_games"
    return PlayerEvaluation(
        p, status, None, None, None, None, group, assumed, wh_all / 2, n_all, None, None, None, {}, None, None, False, None,
        None, None, None, False, tuple(remarks), tuple(reasons), tuple(lines), rest_used, rest_expired, out, tuple(steps),
    )


def _evaluate_established(
    st: _State,
    p: Player,
    group: AgeGroup,
    assumed: bool,
    age_steps: list[Step],
    auswahl2: set[int],
    values: dict[int, int],
    sonder: dict[int, int],
    remarks: list[str],
) -> PlayerEvaluation:
    ed = st.ed
    no = p.no
    r0 = st.base[no]
    idx = st.base_index[no]
    cidx = st.coeff_index[no]
    steps = list(age_steps)
    if no in st.foreign:
        remarks.append("foreign_rating")
        steps.append(Step("tour.foreign", "WO 4.1.2, 2.2.4", {"rating": r0, "index": cidx, "shown": idx, "result": r0},
                          assumption=ed.NAME == "dwz-classic"))
    opps, wh = _opps_values(st, no, auswahl2, values)
    lines = _game_lines(st, no, auswahl2, values, r0)
    n = len(opps)
    if not st.rated:
        return PlayerEvaluation(p, "not_rated", None, r0, idx, cidx, group, assumed, 0.0, 0, None, None, None, {}, None, None,
                                False, None, None, r0, idx, False, ("tournament_not_rated",), (), tuple(lines), (), (), (), tuple(steps))
    if n == 0:
        steps.append(Step("core.no_games", "WO 3.5.2", {"R0": r0, "result": r0}))
        steps.append(Step("core.index_same", "WO 2.2.4", {"index": idx, "result": idx}))
        return PlayerEvaluation(p, "no_games", None, r0, idx, cidx, group, assumed, 0.0, 0, None, None, None, {}, None, None,
                                False, None, None, r0, idx, p.member, ("no_rated_games", *remarks), (), tuple(lines), (), (), (),
                                tuple(steps))
    ps, we_exact = ed.expected_exact(r0, opps)
    we = ed.we_to_float(we_exact)
    steps.append(Step("core.games", "WO 3.3.2, 3.5.2", {"total": len(lines), "n": n, "excluded": len(lines) - n, "result": n}))
    steps.append(Step("core.W", "WO 3.2", {"n": n, "result": wh / 2}))
    steps.append(Step("core.We", "WO 3.3.1, 3.3.2", {"R0": r0, "games": [(o, r0 - o, pv) for o, pv in zip(opps, ps, strict=True)],
                                                      "decimals": ed.PER_GAME_DECIMALS, "result": we}))
    rc_exact = sum(opps) / n
    rc = round_half_up(rc_exact)
    steps.append(Step("core.Rc", "WO 3.6.2", {"sum": sum(opps), "n": n, "exact": rc_exact, "result": rc}))
    sonder_opps = [o for _, o, _ in st.games[no] if o in sonder]
    if sonder_opps:
        steps.append(Step("tour.sonder_opp", "WO 3.6.3", {"count": len(sonder_opps), "result": len(sonder_opps)}))
    outcome = ed.folge(r0, cidx, group, wh, n, we_exact)
    steps.extend(outcome.steps)
    new_index = None if idx is None else idx + 1
    steps.append(Step("core.index", "WO 2.2.4", {"index": idx, "result": new_index}) if idx is not None else
                 Step("core.index_unknown", "WO 2.2.4", {"result": None}, assumption=True))
    perf, psteps = _performance(st, opps, wh)
    steps.extend(psteps)
    is_sonder = no in sonder
    if is_sonder:
        remarks.append("sonderwertung")
        steps.append(Step("tour.sonder", "WO 3.6.3", {"Rh": sonder[no], "R0": r0, "diff": sonder[no] - r0, "result": sonder[no]}))
    if not p.member:
        remarks.append("not_published")
    status = "foreign" if no in st.foreign else "established"
    return PlayerEvaluation(
        p, status, None, r0, idx, cidx, group, assumed, wh / 2, n, we, outcome.coefficient_name, outcome.coefficient,
        outcome.components, rc, perf, is_sonder, sonder.get(no), None, outcome.new_rating, new_index, p.member,
        tuple(remarks), (), tuple(lines), (), (), (), tuple(steps),
    )


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
