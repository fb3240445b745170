"""The evaluation per team of a team competition: a pure grouping, no rule here.

A league season is one evaluation (spec dwz-classic.md, "Team competitions /
split tournaments / matches"); every number comes from the tournament
evaluation (:func:`dwz.core.tournament.evaluate_tournament`).  This module only
lists each team's players in lineup order (board 1 first) with their rows, and
adds up the rated games' points and counts of the lineup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dwz.core.model import Team

if TYPE_CHECKING:
    from dwz.core.tournament import PlayerEvaluation, TournamentEvaluation

__all__ = ["TeamEvaluation", "team_evaluations"]


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


def team_evaluations(ev: TournamentEvaluation) -> tuple[TeamEvaluation, ...]:
    """Each team of ``ev.tournament.teams`` with its players' evaluations in lineup order."""
    by_no = {pe.player.no: pe for pe in ev.players}
    return tuple(TeamEvaluation(tm, tuple(by_no[no] for no in tm.lineup if no in by_no)) for tm in ev.tournament.teams)
