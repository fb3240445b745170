"""The results of a tournament's evaluation, as :func:`dwz.core.tournament.evaluate_tournament`
returns them: the whole table (:class:`TournamentEvaluation`), one row per player
(:class:`PlayerEvaluation`) with his pairings (:class:`TournamentGame`), and the teams of a team
competition (:class:`TeamEvaluation`, a grouping of the rows).

A row holds the kernel's numbers; its Rechenweg, per-game lines and FIDE Elo are read on demand
from the evaluation that made it (:class:`Explains`), once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Player, StoredGame, Team, Tournament
from dwz.basics.steps import Explained, Step, WithCoefficient
from dwz.basics.values import AgeGroup, Result
from dwz.core.kernel import EvaluationOptions, KResult
from dwz.core.scale import Converted

if TYPE_CHECKING:
    from dwz.core.elo import EloResult, InitialRatingResult

__all__ = ["Explains", "PlayerEvaluation", "TeamEvaluation", "TournamentEvaluation", "TournamentGame"]


class Explains(Protocol):
    """What a row asks the evaluation that made it, when first read."""

    def explain(self, pe: PlayerEvaluation) -> dict[str, Any]:
        """``steps``, ``games`` and ``components`` of the row (:mod:`dwz.core.tournament_explain`)."""
        ...

    def fide(self, pe: PlayerEvaluation) -> dict[str, Any]:
        """``elo`` and ``elo_initial`` of the row (:mod:`dwz.core.tournament_elo`)."""
        ...


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
    _evaluation: Explains | None = field(default=None, repr=False, compare=False)
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
