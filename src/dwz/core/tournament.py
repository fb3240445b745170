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

The numbers come from :mod:`dwz.core.kernel` (the one place of the procedure); this module
translates the tournament for it and explains each player's numbers on demand — his
Rechenweg, per-game lines and FIDE Elo are computed when first read, by the same rule
functions called again with ``explain=True`` and checked against the numbers shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Pairing, Player, StoredGame, Team, Tournament
from dwz.basics.outcomes import PerformanceOutcome
from dwz.basics.steps import Explained, Step, WithCoefficient
from dwz.basics.values import AgeGroup, Result, age_from_birth_year, age_group_of, not_counted_reason, parse_date, result_warnings
from dwz.core import kernel
from dwz.core.editions import rules_step
from dwz.core.kernel import EvaluationOptions, KEvaluation, KPlayer, KResult
from dwz.core.player import first_steps, performance_steps, rated_steps
from dwz.core.scale import (
    FIX_FILE,
    MAX_SCALE_WARNINGS,
    Converted,
    check_scale,
    conversion_steps,
    convert,
    old_scale_warning,
    scale_at,
)
from dwz.rules import DWZ_EDITIONS, Edition, We, edition_for, get_edition
from dwz.rules.common import (
    FIRST_INDEX,
    FOREIGN_INDEX,
    expired,
    first_reasons,
    performance_eligible,
    sonder_exceeded,
)

if TYPE_CHECKING:
    from dwz.core.elo import EloResult, InitialRatingResult

__all__ = ["EvaluationOptions", "PlayerEvaluation", "TeamEvaluation", "TournamentEvaluation", "TournamentGame", "evaluate_tournament"]

_RESULT_OF_HALVES = (Result.LOSS, Result.DRAW, Result.WIN)


class TournamentGame(NamedTuple):
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


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEvaluation(Explained, WithCoefficient):
    """One row of the DSB evaluation table; its Rechenweg, per-game lines and FIDE Elo on demand."""

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
    restpartien_used: tuple[StoredGame, ...]
    restpartien_expired: tuple[StoredGame, ...]
    restpartien_out: tuple[StoredGame, ...]
    warnings: tuple[Problem, ...] = ()  # a DWZ the edition's scale cannot hold (old scale?)
    conversions: tuple[Converted, ...] = ()  # his DWZ and Restpartien converted from the old scale (spec dwz-2026 §6)
    _evaluation: _Evaluation | None = field(default=None, repr=False, compare=False)
    _kernel: KResult | None = field(default=None, repr=False, compare=False)
    _lazy: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def change(self) -> int | None:
        if self.new_rating is None or self.old_rating is None:
            return None
        return self.new_rating - self.old_rating

    @property
    def name(self) -> str:
        return self.player.name

    def _cached(self, key: str) -> Any:
        lazy = self._lazy
        if key not in lazy:
            ev = self._evaluation
            lazy.update(ev.explain(self) if key in ("steps", "games", "components") else ev.fide(self))  # type: ignore[union-attr]
        return lazy[key]

    @property
    def steps(self) -> tuple[Step, ...]:
        """The Rechenweg of this player (computed when first read)."""
        steps: tuple[Step, ...] = self._cached("steps")
        return steps

    @property
    def games(self) -> tuple[TournamentGame, ...]:
        """Every pairing of this player: counted or not (and why), the opponent's value and P."""
        games: tuple[TournamentGame, ...] = self._cached("games")
        return games

    @property
    def components(self) -> dict[str, Any]:
        """E0, fB, SBr (classic) or K0, a, b (2026) of an established player."""
        comps: dict[str, Any] = self._cached("components")
        return comps

    @property
    def elo(self) -> EloResult | None:
        """The FIDE Elo change for this event, for a player with an Elo."""
        result: EloResult | None = self._cached("elo")
        return result

    @property
    def elo_initial(self) -> InitialRatingResult | None:
        """The FIDE initial-rating progress of a player without an Elo."""
        result: InitialRatingResult | None = self._cached("elo_initial")
        return result

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
            "warnings": [w.to_dict(lang) for w in self.warnings],
            "conversions": [c.to_dict() for c in self.conversions],
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
        """Team competitions: each team's players in lineup order (board 1 first) with their rows — a
        pure grouping of this evaluation (a league season is one evaluation, spec dwz-classic.md,
        "Team competitions / split tournaments / matches"); no number is computed here."""
        by_no = {pe.player.no: pe for pe in self.players}
        return tuple(TeamEvaluation(team=tm, players=tuple(by_no[no] for no in tm.lineup if no in by_no)) for tm in self.tournament.teams)


@dataclass(frozen=True, slots=True)
class TeamEvaluation:
    """One team: its lineup's evaluation rows, board by board."""

    team: Team
    players: tuple[PlayerEvaluation, ...]

    @property
    def W(self) -> float:
        """Points of the lineup in rated games (the sum of the players' W)."""
        return sum(pe.W for pe in self.players)

    @property
    def n(self) -> int:
        """Rated games of the lineup (the sum of the players' n)."""
        return sum(pe.n for pe in self.players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "no": self.team.no, "name": self.team.name, "lineup": list(self.team.lineup), "W": self.W, "n": self.n,
            "players": [{"board": board, "no": pe.player.no, "name": pe.player.name, "status": pe.status,
                         "old_rating": pe.old_rating, "old_index": pe.old_index, "W": pe.W, "n": pe.n, "We": pe.We,
                         "performance": pe.performance, "new_rating": pe.new_rating, "new_index": pe.new_index,
                         "change": pe.change} for board, pe in enumerate(self.players, 1)],
        }


# --- evaluation ----------------------------------------------------------------------------------


def evaluate_tournament(
    t: Tournament,
    *,
    end: date | str | None = None,
    rules: str | int | None = None,
    options: EvaluationOptions | None = None,
    elo: bool = True,
) -> TournamentEvaluation:
    """Evaluate all participants of ``t`` at once, as the DSB does; every Rechenweg on demand.

    ``end`` (a date or text) overrides the tournament's end date, ``rules`` the edition it selects.
    Under the 2026 rules a DWZ below 1100 is flagged (an old-scale value?); DWZ said to be from
    before the Umstufung (``options.scale``, the file's or a player's ``scale``) are converted
    first, and so are the opponents' values of Restpartien played on the old scale (spec
    dwz-2026 §6; the history's reading at the Umstufung) — each conversion in the Rechenweg.

    >>> from dwz.basics.model import Player, Pairing
    >>> from dwz.basics.values import Result as R
    >>> ps = [Player(1, "A", 1600, 20), Player(2, "B", 1500, 20)]
    >>> t = Tournament("T", date(2025, 5, 1), tuple(ps), (Pairing(1, 1, 2, R.WIN, R.LOSS),))
    >>> [(pe.new_rating, pe.new_index) for pe in evaluate_tournament(t, end="2025-05-01").players]
    [(1613, 21), (1486, 21)]
    """
    end_d = parse_date(end) if end is not None else t.end
    if end_d is None:
        raise InputError.single("end", "end_missing", t.source or t.name)
    ed = get_edition(rules) if rules is not None and rules != "" else DWZ_EDITIONS[edition_for(end_d)]
    opts = options or EvaluationOptions()
    ev = _Evaluation(t, ed, end_d, opts, elo)
    players = tuple(ev.row(p) for p in t.players)
    flagged: list[Problem] = [] if t.rated else [Problem("rated", "tournament_not_rated", t.name)]
    flagged += ev.scale_notes(players)
    for pe in players:  # a new rating outside 1 … 3000 comes from implausible input: the table says so
        if pe.status in ("established", "foreign", "first"):
            result_warnings(pe.new_rating, flagged, f"player {pe.player.label}")
    warnings = tuple(flagged)
    tsteps = (rules_step(ed, end_d, rules is not None and rules != ""),)
    return TournamentEvaluation(tournament=t, rules=ed.NAME, end=end_d, options=opts, players=players, iteration_rounds=ev.k.rounds,
                                sonderwertung_players=tuple(sorted(ev.by_pos[i] for i in ev.k.sonder)), warnings=warnings,
                                steps=tsteps)


class _Evaluation:
    """One tournament's evaluation: the kernel's numbers and what it takes to explain them.

    Shared by the players' rows; the per-player indexes the explanations need are built
    once, when the first explanation is read."""

    def __init__(self, t: Tournament, ed: Edition[We], end: date, opts: EvaluationOptions, elo: bool) -> None:
        self.t, self.ed, self.end, self.elo, self.opts = t, ed, end, elo, opts
        self.code = t.code or t.name
        evaluated = [p for p in t.players if not p.computer]
        self.index = {p.no: i for i, p in enumerate(evaluated)}
        self.by_pos = [p.no for p in evaluated]
        self.ages = {p.no: age_group_of(p.birth_year, end) for p in t.players}
        self.played = _counted_pairings(t)  # the games the kernel rates, in the order it sees them
        index = self.index
        games = [(index[g.white], index[g.black], g.result_white.halves) for g in self.played if g.black is not None]
        self.conversions: dict[int, tuple[Converted, ...]] = {}
        self.old_scale: dict[int, Problem] = {}
        self.unchanged: list[Problem] = []  # the note of scale "old" said under rules whose scale is the old one
        kplayers = [self._kplayer(p, t, ed, end, opts) for p in evaluated]
        self.games = games
        self.k: KEvaluation = kernel.run(ed, end, kplayers, games, opts)

    def _kplayer(self, p: Player, t: Tournament, ed: Edition[We], end: date, opts: EvaluationOptions) -> KPlayer:
        """The player as the kernel sees him, his values on the edition's scale: a DWZ said to be from
        before the Umstufung 2026 converted (index + 1), Restpartien played before it with their
        opponents' values converted; a DWZ the scale cannot hold flagged (spec dwz-2026 §6)."""
        said = p.scale or t.scale or opts.scale
        if said is None and not p.restpartien and (not p.rating or p.rating >= ed.SCALE_MIN):  # the common case
            return KPlayer(rating=p.rating, dwz_index=p.index, elo=p.elo, age_group=self.ages[p.no][0], member=p.member)
        try:
            convert_on, unchanged = check_scale(ed, said)
        except InputError as e:  # the same refusal, named at the player whose file line said it
            where = f"player {p.label}" if p.scale else "scale"
            raise InputError([replace(q, field=where) for q in e.problems]) from None
        rating, index = p.rating, p.index
        done: list[Converted] = []
        if unchanged and p.rating:  # "old" said where the rules count on the old scale anyway: one note
            self.unchanged = unchanged
        elif convert_on and p.rating:
            c = convert(ed, p.rating, "rating", own=True, index=p.index)
            if c is not None:
                done.append(c)
                rating, index = c.new, c.new_index
        elif p.rating and p.rating < ed.SCALE_MIN:
            w = old_scale_warning(ed, p.rating, "rating")
            if w is not None:
                self.old_scale[p.no] = Problem(f"player {p.label}", "player_old_scale", p.rating,
                                               {**w.params, "player": p.label, "fix": FIX_FILE})
        rest = []
        for j, g in enumerate(p.restpartien):
            opp = g.opponent
            if opp > 0 and not expired(g.played, end) and scale_at(g.played) != ed.SCALE:  # played on the other scale
                c = convert(ed, opp, f"restpartien[{j}].opponent")
                if c is not None:
                    done.append(c)
                    opp = c.new
            rest.append((opp, g.result.halves, g.played))
        if done:
            self.conversions[p.no] = tuple(done)
        return KPlayer(rating=rating, dwz_index=index, elo=p.elo, age_group=self.ages[p.no][0], member=p.member, rest=tuple(rest))

    def scale_notes(self, players: tuple[PlayerEvaluation, ...]) -> list[Problem]:
        """The evaluation's summary of the scale: who holds a DWZ the scale cannot hold, whose values
        were converted, and a conversion said where there was nothing to convert."""
        def listed(items: list[str]) -> str:
            return ", ".join(items[:MAX_SCALE_WARNINGS]) + (" …" if len(items) > MAX_SCALE_WARNINGS else "")

        out: list[Problem] = []
        if not (self.old_scale or self.conversions or self.unchanged):
            return out
        low = [f"{pe.player.label} ({pe.player.rating})" for pe in players if pe.player.no in self.old_scale]
        if low:
            out.append(Problem("players", "players_old_scale", len(low), {"players": listed(low), "floor": self.ed.SCALE_MIN,
                                                                          "fix": FIX_FILE}))
        own = [f"{pe.player.label} ({c.old} → {c.new})" for pe in players for c in pe.conversions if c.own]
        if own:
            out.append(Problem("players", "players_scale_converted", len(own), {"players": listed(own)}))
        rest = sum(1 for pe in players for c in pe.conversions if not c.own)
        if rest:
            out.append(Problem("restpartien", "restpartien_scale_converted", rest, {}))
        out += self.unchanged
        return out

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["ed"] = self.ed.NAME  # an edition is a module: pickled by its registry name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, ed=get_edition(state["ed"]))

    # --- the row: numbers only ---------------------------------------------------------------

    def row(self, p: Player) -> PlayerEvaluation:
        group, assumed = self.ages[p.no]
        if p.computer:
            return PlayerEvaluation(player=p, status="computer", stage=None, old_rating=p.rating, old_index=p.index,
                                    coefficient_index=None, age_group=group, age_assumed=assumed, W=0.0, n=0, We=None,
                                    coefficient_name=None, coefficient=None, Rc=None, performance=None, sonderwertung=False,
                                    sonder_value=None, Ri=None, new_rating=None, new_index=None, published=False,
                                    remarks=("computer",), reasons=(), restpartien_used=(), restpartien_expired=(),
                                    restpartien_out=(), _evaluation=self)
        kr = self.k.results[self.index[p.no]]
        if not self.t.rated:
            return PlayerEvaluation(player=p, status="not_rated", stage=None, old_rating=kr.old_rating, old_index=kr.old_index,
                                    coefficient_index=kr.coeff_index, age_group=group, age_assumed=assumed, W=0.0, n=0,
                                    We=None, coefficient_name=None, coefficient=None, Rc=None, performance=None,
                                    sonderwertung=False, sonder_value=None, Ri=None, new_rating=kr.old_rating,
                                    new_index=kr.old_index, published=False, remarks=("tournament_not_rated",), reasons=(),
                                    restpartien_used=(), restpartien_expired=(), restpartien_out=(), _evaluation=self,
                                    _kernel=kr)
        remarks: list[str] = [] if p.member else ["non_member"]
        conversions = self.conversions.get(p.no, ())
        warned = self.old_scale.get(p.no)
        if warned is not None:
            remarks.append("old_scale")
        if conversions:
            if any(c.own for c in conversions):
                remarks.append("scale_converted")
            if any(not c.own for c in conversions):
                remarks.append("restpartien_converted")
        common: dict[str, Any] = {"player": p, "age_group": group, "age_assumed": assumed, "_evaluation": self, "_kernel": kr,
                                  "warnings": () if warned is None else (warned,), "conversions": conversions}
        if _rated(kr):
            if self._foreign(p, kr):
                remarks.append("foreign_rating")
            if kr.n == 0:
                return PlayerEvaluation(**common, status="no_games", stage=None, old_rating=kr.old_rating, old_index=kr.old_index,
                                        coefficient_index=kr.coeff_index, W=0.0, n=0, We=None, coefficient_name=None,
                                        coefficient=None, Rc=None, performance=None, sonderwertung=False, sonder_value=None,
                                        Ri=None, new_rating=kr.new_rating, new_index=kr.new_index, published=p.member,
                                        remarks=("no_rated_games", *remarks), reasons=(), restpartien_used=(),
                                        restpartien_expired=(), restpartien_out=())
            if kr.sonder is not None:
                remarks.append("sonderwertung")
            if not p.member:
                remarks.append("not_published")
            return PlayerEvaluation(**common, status=kr.status, stage=None, old_rating=kr.old_rating, old_index=kr.old_index,
                                    coefficient_index=kr.coeff_index, W=kr.wh / 2, n=kr.n, We=kr.we,
                                    coefficient_name=self.ed.COEFFICIENT, coefficient=kr.coefficient, Rc=kr.rc,
                                    performance=kr.perf, sonderwertung=kr.sonder is not None, sonder_value=kr.sonder, Ri=None,
                                    new_rating=kr.new_rating, new_index=kr.new_index, published=p.member,
                                    remarks=tuple(remarks), reasons=(), restpartien_used=(), restpartien_expired=(),
                                    restpartien_out=())
        rest_used = tuple(g for g in p.restpartien if not expired(g.played, self.end))
        rest_expired = tuple(g for g in p.restpartien if expired(g.played, self.end))
        if rest_expired:
            remarks.append("restpartien_expired")
        if kr.status == "first" and kr.ri is not None:
            remarks.insert(0, "first_dwz")
            if not p.member:
                remarks.append("not_published")
            return PlayerEvaluation(**common, status="first", stage=kr.stage, old_rating=None, old_index=None,
                                    coefficient_index=FIRST_INDEX, W=kr.wh / 2, n=kr.n, We=kr.we, coefficient_name=None,
                                    coefficient=None, Rc=kr.rc, performance=kr.perf, sonderwertung=False, sonder_value=None,
                                    Ri=kr.ri, new_rating=kr.new_rating, new_index=FIRST_INDEX, published=p.member,
                                    remarks=tuple(remarks), reasons=(), restpartien_used=rest_used,
                                    restpartien_expired=rest_expired, restpartien_out=())
        # stays unrated
        out = rest_used + self._stored(kr.rest_new) if kr.rest_out else ()
        if out:
            remarks.append("restpartien_stored")
        elif not p.member:
            remarks.append("no_restpartien_non_member")
        return PlayerEvaluation(**common, status=kr.status, stage=None, old_rating=None, old_index=None, coefficient_index=None,
                                W=kr.wh / 2, n=kr.n, We=None, coefficient_name=None, coefficient=None, Rc=None,
                                performance=None, sonderwertung=False, sonder_value=None, Ri=None, new_rating=None,
                                new_index=None, published=False, remarks=tuple(remarks), reasons=tuple(first_reasons(kr.reason, kr.n)),
                                restpartien_used=rest_used, restpartien_expired=rest_expired, restpartien_out=out)

    @staticmethod
    def _foreign(p: Player, kr: KResult) -> bool:
        return kr.status == "foreign" or (p.rating is None and kr.old_index == FOREIGN_INDEX)

    def _stored(self, games: tuple[tuple[int, int, date], ...]) -> tuple[StoredGame, ...]:
        """This tournament's games that became Restpartien (WO 3.4.2), as StoredGame."""
        return tuple(StoredGame(opponent=o, result=_RESULT_OF_HALVES[h], played=d, tournament=self.code) for o, h, d in games)

    # --- explanations, on demand ----------------------------------------------------------

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

    @cached_property
    def _adjacency(self) -> list[list[tuple[int, int]]]:
        """The kernel's view of every player's games: (opponent position, own halves), in its order."""
        return kernel.adjacency(len(self.by_pos), self.games)

    def _opponents(self, p: Player) -> tuple[list[int], int]:
        """The values the kernel rated this player against (Auswahl II), in its order, and W in halves."""
        return kernel.rated_games(self._adjacency[self.index[p.no]], self.k.values)

    def explain(self, pe: PlayerEvaluation) -> dict[str, Any]:
        """A player's Rechenweg, lines and components — the same rule functions as the kernel's
        numbers, called with ``explain=True``; a disagreement is an error, never shown."""
        p, kr = pe.player, pe._kernel
        lines = list(self._lines_of[p.no])
        if kr is None or pe.status == "not_rated":
            return {"steps": (), "games": tuple(lines), "components": {}}
        steps = [self._age_step(p, pe), *conversion_steps(pe.conversions)]
        if _rated(kr):
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
        # We at Ri against the values the Gesamtiteration ended with (We = W there), then the correction
        pos = self.index[pe.player.no]
        ri_of = self._ri_of
        iter_opps, _ = kernel.iteration_games(self._adjacency[pos], kr.rest_used, self.k.auswahl2, self._final_values)
        if ed.we_to_float(ed.expected_at(ri, iter_opps)) != kr.we:
            raise AssertionError(f"Rechenweg and table disagree on the We of {pe.name}")
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
        # each counted game against the value the iteration used (a newcomer opponent at his Ri), P at Ri
        values = self.k.values

        def at_ri(g: TournamentGame) -> TournamentGame:
            if not g.counted or g.opponent_no is None:
                return g
            j = self.index[g.opponent_no]
            v = ri_of[j] if j in ri_of else values[j]
            return g._replace(opponent_rating=v, P=ed.we_to_float(ed.expected_at(ri, [v])))

        lines = [at_ri(g) for g in lines]
        return {"steps": tuple(steps), "games": tuple(lines), "components": {}}

    @cached_property
    def _ri_of(self) -> dict[int, float]:
        """Every newcomer's iteration value Ri by position (the Gesamtiteration's final values)."""
        return {i: kr.ri for i, kr in enumerate(self.k.results) if kr.ri is not None}

    @cached_property
    def _final_values(self) -> dict[int, float]:
        """Every Auswahl-II player's value as the Gesamtiteration ended (newcomers at Ri), by position."""
        return kernel.final_values(self.k.values, self._ri_of)

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

    # --- FIDE Elo of the same event, on demand ----------------------------------------------

    @cached_property
    def _elo_games(self) -> dict[int, list[tuple[int | None, Result]]]:
        """Every player's counted games (the DWZ's, :func:`_counted_pairings`): (opponent's Elo or None, result)."""
        players = {p.no: p for p in self.t.players}
        out: dict[int, list[tuple[int | None, Result]]] = {no: [] for no in players}
        for g in self.played:
            assert g.black is not None and g.result_black is not None
            out[g.white].append((players[g.black].elo or None, g.result_white))
            out[g.black].append((players[g.white].elo or None, g.result_black))
        return out

    def fide(self, pe: PlayerEvaluation) -> dict[str, Any]:
        """FIDE Elo change (a player with an Elo) or initial-rating progress (without one)."""
        none: dict[str, Any] = {"elo": None, "elo_initial": None}
        p = pe.player
        if not self.elo or not self.t.rated or p.computer:
            return none
        games = self._elo_games[p.no]
        if not games:
            return none
        from dwz.core import elo as elo_mod

        period = self.t.start or self.end
        rated = [(o, r) for o, r in games if o]
        try:
            if p.elo:
                return {"elo": elo_mod.rate(p.elo, rated, period=period, k=p.fide_k, birth_year=p.birth_year) if rated else None,
                        "elo_initial": None}
            return {"elo": None, "elo_initial": elo_mod.initial_rating(rated, period=period)}
        except InputError:
            return none


def _counted_pairings(t: Tournament) -> list[Pairing]:
    """The pairings that are rated, in file order: a rated tournament's games played by two players
    (no forfeit, bye or game of less than one move, WO 3.3.2), neither of them a computer."""
    if not t.rated:
        return []
    computers = {p.no for p in t.players if p.computer}
    return [g for g in t.pairings if g.played and g.white not in computers and g.black not in computers]


def _counted_values(lines: list[TournamentGame]) -> list[int]:
    """The opponents' values of a player's counted games, in the order of his lines (by round)."""
    return [int(g.opponent_rating) for g in lines if g.counted and g.opponent_rating is not None]


def _round_of(g: TournamentGame) -> int:
    return g.round


def _rated(kr: KResult) -> bool:
    """Entered with a rating (DWZ, or a foreign one): evaluated by the Folge-DWZ."""
    return kr.status in ("established", "foreign", "no_games") and kr.old_rating is not None
