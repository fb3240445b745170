"""One Pairing per game from two line-oriented views of it (TRF, SWI).

In TRF and SWI every game is written twice: once in each player's line.  The
readers turn each round block into a :class:`Side`; :func:`build_pairings`
joins the two sides of every game into one :class:`~dwz.basics.model.Pairing`
and cross-checks them (formats.md §1.4: "both sides of each game should agree").
Contradictions are errors; a side whose counterpart is missing is an error in
strict mode and otherwise dropped with a note — never silently.
"""

from __future__ import annotations

from dataclasses import dataclass

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems
from dwz.basics.model import Pairing, Player, results_consistent
from dwz.basics.values import Result
from dwz.formats._common import problem

__all__ = ["Side", "build_pairings", "consistent"]


@dataclass(frozen=True, slots=True)
class Side:
    """One player's view of one pairing, as written in his line."""

    round: int
    player: int
    opponent: int | None  # None: no opponent (bye, absence)
    colour: str | None  # "w", "b" or None (unknown / not given)
    result: Result
    line: int
    text: str  # the round block as written, for messages


consistent = results_consistent  # the model's rule, one place


def build_pairings(
    sides: list[Side],
    players: dict[int, Player],
    name: str,
    *,
    strict: bool,
    declared_players: int | None = None,
) -> tuple[list[Pairing], list[Problem]]:
    """Join the sides into pairings; return them with the notes, or raise.

    ``declared_players`` is the player count the file's header announces; when
    the file holds fewer player lines (a truncated file), a reference to a
    missing number up to that count is a missing counter-line, not an error.
    """
    errors = Problems()
    notes = Problems(cap=MAX_NOTES)
    pairings: list[Pairing] = []
    by_key: dict[tuple[int, int], Side] = {}
    for s in sides:
        by_key.setdefault((s.round, s.player), s)
    incomplete = declared_players is not None and declared_players > len(players)
    done: set[tuple[int, int]] = set()

    def label(no: int) -> str:
        p = players.get(no)
        return p.label if p else str(no)

    def missing(s: Side) -> None:
        params = {"round": s.round, "player": label(s.player), "opponent": s.opponent}
        if strict:
            errors.append(_p(name, s.line, "counter_missing", s.text, **params))
        else:
            notes.append(_p(name, s.line, "half_game_dropped", s.text, **params))

    for s in sides:
        key = (s.round, s.player)
        if key in done:
            continue
        done.add(key)
        where = f"{name}:{s.line}"
        if s.opponent is None:
            pairings.append(Pairing(s.round, s.player, None, s.result, None, where))
            continue
        if s.opponent == s.player:
            errors.append(_p(name, s.line, "self_pairing", s.player, round=s.round))
            continue
        if s.opponent not in players:
            if incomplete and declared_players is not None and s.opponent <= declared_players:
                missing(s)
            else:
                errors.append(_p(name, s.line, "opponent_unknown", s.opponent, round=s.round))
            continue
        c = by_key.get((s.round, s.opponent))
        if c is None:
            missing(s)
            continue
        if c.opponent != s.player:
            errors.append(_p(name, s.line, "pairing_mismatch", f"{s.text} / {c.text}", round=s.round,
                             player=label(s.player), opponent=s.opponent, other=c.opponent, other_line=c.line))
            continue
        done.add((c.round, c.player))
        white_side, black_side = _colours(s, c)
        if s.colour is not None and s.colour == c.colour:
            errors.append(_p(name, s.line, "pairing_colours_contradict", s.colour, round=s.round,
                             white=label(s.player), black=label(c.player), other_line=c.line))
            continue
        if not consistent(s.result, c.result):
            errors.append(_p(name, s.line, "pairing_results_contradict", f"{s.result.code}:{c.result.code}", round=s.round,
                             white=label(s.player), black=label(c.player), other_line=c.line))
            continue
        pairings.append(Pairing(s.round, white_side.player, black_side.player, white_side.result, black_side.result, where))
    if errors:
        raise InputError(errors)
    return pairings, notes


def _colours(s: Side, c: Side) -> tuple[Side, Side]:
    if s.colour == "w" or c.colour == "b":
        return s, c
    if s.colour == "b" or c.colour == "w":
        return c, s
    # No colour on either side (old TRF forfeits "153 - -"): the lower number
    # is written as white; colours do not matter for rating.
    return (s, c) if s.player < c.player else (c, s)


def _p(name: str, line: int, code: str, value: object, **params: object) -> Problem:
    return problem(name, line, code, value, **params)
