"""A tournament's values on its edition's scale (spec dwz-2026 §6; one value's rules: :mod:`dwz.core.scale`).

Each player enters the kernel with his values on the edition's scale: a DWZ said to be from before
the Umstufung 2026 (the player's ``scale``, then the file's, then ``options.scale``) converted with
its index + 1, the opponents' values of Restpartien played on the other scale converted, a DWZ
the scale cannot hold flagged.  The evaluation's warnings sum it up (:meth:`TournamentScale.notes`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Player, Tournament
from dwz.basics.values import AgeGroup
from dwz.core.kernel import EvaluationOptions, KPlayer
from dwz.core.scale import FIX_FILE, MAX_SCALE_WARNINGS, Converted, check_scale, convert, old_scale_warning, scale_at
from dwz.rules import Edition, We
from dwz.rules.common import expired

if TYPE_CHECKING:
    from dwz.core.tournament_records import PlayerEvaluation

__all__ = ["TournamentScale"]


class TournamentScale:
    """What the scale did to one tournament's values, player by player (by his number)."""

    def __init__(self) -> None:
        self.conversions: dict[int, tuple[Converted, ...]] = {}  # his DWZ and Restpartien converted from the old scale
        self.old_scale: dict[int, Problem] = {}  # a DWZ the edition's scale cannot hold (old scale?)
        self.unchanged: list[Problem] = []  # the note of scale "old" said under rules whose scale is the old one

    def player(self, p: Player, t: Tournament, ed: Edition[We], end: date, opts: EvaluationOptions, age_group: AgeGroup) -> KPlayer:
        """The player as the kernel sees him, his values on the edition's scale: a DWZ said to be from
        before the Umstufung 2026 converted (index + 1), Restpartien played before it with their
        opponents' values converted; a DWZ the scale cannot hold flagged (spec dwz-2026 §6)."""
        said = p.scale or t.scale or opts.scale
        if said is None and not p.restpartien and (not p.rating or p.rating >= ed.SCALE_MIN):  # the common case
            return KPlayer(rating=p.rating, dwz_index=p.index, elo=p.elo, age_group=age_group, member=p.member)
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
        return KPlayer(rating=rating, dwz_index=index, elo=p.elo, age_group=age_group, member=p.member, rest=tuple(rest))

    def notes(self, ed: Edition[We], players: tuple[PlayerEvaluation, ...]) -> list[Problem]:
        """The evaluation's summary of the scale: who holds a DWZ the scale cannot hold, whose values
        were converted, and a conversion said where there was nothing to convert."""
        def listed(items: list[str]) -> str:
            return ", ".join(items[:MAX_SCALE_WARNINGS]) + (" …" if len(items) > MAX_SCALE_WARNINGS else "")

        out: list[Problem] = []
        if not (self.old_scale or self.conversions or self.unchanged):
            return out
        low = [f"{pe.player.label} ({pe.player.rating})" for pe in players if pe.player.no in self.old_scale]
        if low:
            out.append(Problem("players", "players_old_scale", len(low), {"players": listed(low), "floor": ed.SCALE_MIN,
                                                                          "fix": FIX_FILE}))
        own = [f"{pe.player.label} ({c.old} → {c.new})" for pe in players for c in pe.conversions if c.own]
        if own:
            out.append(Problem("players", "players_scale_converted", len(own), {"players": listed(own)}))
        rest = sum(1 for pe in players for c in pe.conversions if not c.own)
        if rest:
            out.append(Problem("restpartien", "restpartien_scale_converted", rest, {}))
        out += self.unchanged
        return out
