"""The FIDE Elo of a tournament's players, from the same games as their DWZ: the Elo change of a
player with an Elo, the initial-rating progress of one without (the rules: :mod:`dwz.core.elo`).

Computed for a player when his row's ``elo`` or ``elo_initial`` is first read.
"""

from __future__ import annotations

from datetime import date
from functools import cached_property
from typing import Any

from dwz.basics.errors import InputError
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result

__all__ = ["TournamentElo"]


class TournamentElo:
    """The FIDE Elo of one tournament's players; ``enabled`` false: none (``elo=False``)."""

    def __init__(self, t: Tournament, played: list[Pairing], end: date, enabled: bool) -> None:
        self.t, self.played, self.end, self.enabled = t, played, end, enabled

    @cached_property
    def _games(self) -> dict[int, list[tuple[int | None, Result]]]:
        """Every player's counted games (the DWZ's, ``played``): (opponent's Elo or None, result)."""
        players = {p.no: p for p in self.t.players}
        out: dict[int, list[tuple[int | None, Result]]] = {no: [] for no in players}
        for g in self.played:
            assert g.black is not None and g.result_black is not None
            out[g.white].append((players[g.black].elo or None, g.result_white))
            out[g.black].append((players[g.white].elo or None, g.result_black))
        return out

    def of(self, p: Player) -> dict[str, Any]:
        """FIDE Elo change (a player with an Elo) or initial-rating progress (without one)."""
        none: dict[str, Any] = {"elo": None, "elo_initial": None}
        if not self.enabled or not self.t.rated or p.computer:
            return none
        games = self._games[p.no]
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
