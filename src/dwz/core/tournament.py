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
translates the tournament for it (its values on the edition's scale: :mod:`dwz.core.tournament_scale`)
and makes the table's rows (:mod:`dwz.core.tournament_records`).  Each player's Rechenweg and
per-game lines (:mod:`dwz.core.tournament_explain`) and his FIDE Elo (:mod:`dwz.core.tournament_elo`)
are computed when first read.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Pairing, Player, StoredGame, Tournament
from dwz.basics.parsing import parse_date
from dwz.basics.plausibility import result_warnings
from dwz.basics.values import Result
from dwz.basics.wo import age_group_of
from dwz.core import kernel
from dwz.core.editions import rules_step
from dwz.core.kernel import EvaluationOptions, KEvaluation, KResult
from dwz.core.tournament_elo import TournamentElo
from dwz.core.tournament_explain import Explainer
from dwz.core.tournament_records import PlayerEvaluation, TournamentEvaluation
from dwz.core.tournament_scale import TournamentScale
from dwz.rules import DWZ_EDITIONS, Edition, We, edition_for, get_edition
from dwz.rules.common import FIRST_INDEX, FOREIGN_INDEX, expired, first_reasons

__all__ = ["evaluate_tournament"]

_RESULT_OF_HALVES = (Result.LOSS, Result.DRAW, Result.WIN)


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
    flagged += ev.scale.notes(ed, players)
    for pe in players:  # a new rating outside 1 … 3000 comes from implausible input: the table says so
        if pe.status in ("established", "foreign", "first"):
            result_warnings(pe.new_rating, flagged, f"player {pe.player.label}")
    warnings = tuple(flagged)
    tsteps = (rules_step(ed, end_d, rules is not None and rules != ""),)
    return TournamentEvaluation(tournament=t, rules=ed.NAME, end=end_d, options=opts, players=players, iteration_rounds=ev.k.rounds,
                                sonderwertung_players=tuple(sorted(ev.by_pos[i] for i in ev.k.sonder)), warnings=warnings,
                                steps=tsteps)


class _Evaluation:
    """One tournament's evaluation: the kernel's numbers, made into the table's rows.

    Shared by the players' rows, which ask it for their explanations (:class:`Explainer`) and
    FIDE Elo (:class:`TournamentElo`) when first read."""

    def __init__(self, t: Tournament, ed: Edition[We], end: date, opts: EvaluationOptions, elo: bool) -> None:
        self.t, self.end = t, end
        self.coefficient_name = ed.COEFFICIENT
        self.code = t.code or t.name
        evaluated = [p for p in t.players if not p.computer]
        self.index = {p.no: i for i, p in enumerate(evaluated)}
        self.by_pos = [p.no for p in evaluated]
        self.ages = {p.no: age_group_of(p.birth_year, end) for p in t.players}
        played = _counted_pairings(t)  # the games the kernel rates, in the order it sees them
        index = self.index
        games = [(index[g.white], index[g.black], g.result_white.halves) for g in played if g.black is not None]
        self.scale = TournamentScale()
        kplayers = [self.scale.player(p, t, ed, end, opts, self.ages[p.no][0]) for p in evaluated]
        self.k: KEvaluation = kernel.run(ed, end, kplayers, games, opts)
        self.explainer = Explainer(t, ed, end, opts, index, self.by_pos, played, self.k)
        self.elo = TournamentElo(t, played, end, elo)

    def explain(self, pe: PlayerEvaluation) -> dict[str, Any]:
        return self.explainer.explain(pe)

    def fide(self, pe: PlayerEvaluation) -> dict[str, Any]:
        return self.elo.of(pe.player)

    def row(self, p: Player) -> PlayerEvaluation:
        """The player's row of the table: the kernel's numbers only."""
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
        conversions = self.scale.conversions.get(p.no, ())
        warned = self.scale.old_scale.get(p.no)
        if warned is not None:
            remarks.append("old_scale")
        if conversions:
            if any(c.own for c in conversions):
                remarks.append("scale_converted")
            if any(not c.own for c in conversions):
                remarks.append("restpartien_converted")
        common: dict[str, Any] = {"player": p, "age_group": group, "age_assumed": assumed, "_evaluation": self, "_kernel": kr,
                                  "warnings": () if warned is None else (warned,), "conversions": conversions}
        if kr.entered_rated:
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
                                    coefficient_name=self.coefficient_name, coefficient=kr.coefficient, Rc=kr.rc,
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


def _counted_pairings(t: Tournament) -> list[Pairing]:
    """The pairings that are rated, in file order: a rated tournament's games played by two players
    (no forfeit, bye or game of less than one move, WO 3.3.2), neither of them a computer."""
    if not t.rated:
        return []
    computers = {p.no for p in t.players if p.computer}
    return [g for g in t.pairings if g.played and g.white not in computers and g.black not in computers]
