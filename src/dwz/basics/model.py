"""The tournament model: players, pairings, Restpartien — immutable and validated.

Readers in :mod:`dwz.formats` build these; :mod:`dwz.core.tournament` evaluates
them.  Validation errors name the player and the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.values import BIRTH_YEARS, INDEX_MAX, NAME_MAX, RATING_MAX, Result

__all__ = ["StoredGame", "Player", "Pairing", "Team", "Tournament", "drop_duplicate_games", "empty_problems", "validate",
           "results_consistent"]


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A Restpartie: a game of an unrated player kept for his next evaluation (WO 3.4.2).

    ``opponent`` is the opponent's rating at the time, ``played`` the end date of
    the tournament in which it was played (it expires two years later, WO 4.1.1).
    """

    opponent: int
    result: Result
    played: date
    tournament: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"opponent": self.opponent, "result": self.result.code, "played": self.played.isoformat(), "tournament": self.tournament}


@dataclass(frozen=True, slots=True)
class Player:
    """A participant.  ``no`` is the number pairings refer to (starting rank / line)."""

    no: int
    name: str
    rating: int | None = None  # DWZ (R0)
    index: int | None = None
    elo: int | None = None  # FIDE Elo
    birth_year: int | None = None
    club: str | None = None
    zps: str | None = None  # club code ZPS/VKZ, e.g. "C0512"
    member_no: str | None = None  # Mitgliedsnummer in that club
    dsb_id: str | None = None  # PKZ (old) or nu id "NU…"
    fide_id: str | None = None
    member: bool = True  # DSB member; non-members are evaluated but not published (WO 3.4.3)
    sex: str | None = None
    title: str | None = None
    federation: str | None = None
    computer: bool = False  # results against computers are deleted (WO 4.1.4)
    restpartien: tuple[StoredGame, ...] = ()
    fide_k: int | None = None  # K from the FIDE list, if known
    source: str | None = None  # "file:line" for messages
    scale: str | None = None  # "old": the DWZ is from before the Umstufung 2026 (converted under the 2026 rules), "new"

    @property
    def label(self) -> str:
        return f"{self.no} {self.name}"

    def with_(self, **changes: Any) -> Player:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Pairing:
    """One pairing of one round: ``white`` against ``black`` (``None`` = bye).

    ``result_white``/``result_black`` are each side's result: played (1/½/0),
    forfeit (+/−, both − for a double forfeit), or a bye code for ``white`` alone.
    """

    round: int
    white: int
    black: int | None
    result_white: Result
    result_black: Result | None = None
    source: str | None = None

    @property
    def played(self) -> bool:
        return self.black is not None and self.result_white.rated and self.result_black is not None and self.result_black.rated

    def result_for(self, no: int) -> Result:
        if no == self.white:
            return self.result_white
        if no == self.black and self.result_black is not None:
            return self.result_black
        raise KeyError(no)

    def opponent_of(self, no: int) -> int | None:
        return self.black if no == self.white else self.white


@dataclass(frozen=True, slots=True)
class Team:
    """A team of a team competition (league group, team Swiss): its players in lineup order.

    ``lineup`` holds player numbers (``Player.no``), board 1 first; a player who
    played for several teams (a substitute from the second team) is one player
    and appears in each of their lineups.  ``no`` is the team's number in the
    file (lot / starting rank), if it has one.
    """

    name: str
    lineup: tuple[int, ...]
    no: int | None = None
    source: str | None = None


def results_consistent(a: Result, b: Result) -> bool:
    """Do two sides' results describe the same game?  The opponent's result is the
    reverse of one's own; a double forfeit (−/−) is the one asymmetric case allowed."""
    if a.is_bye or b.is_bye:
        return False
    return b is a.reversed() or (a is Result.FORFEIT_LOSS and b is Result.FORFEIT_LOSS)


@dataclass(frozen=True)
class Tournament:
    """A tournament as the DSB evaluates it.  Validated on construction."""

    name: str
    end: date | None
    players: tuple[Player, ...]
    pairings: tuple[Pairing, ...]
    rounds: int = 0
    start: date | None = None
    rated: bool = True
    code: str | None = None  # Turniercode, e.g. "B431-636-C4F"
    source: str | None = None  # file name
    notes: tuple[Problem, ...] = field(default=())  # reader remarks (non-fatal)
    teams: tuple[Team, ...] = field(default=())  # team competitions: lineups (a pure grouping of the players)
    scale: str | None = None  # the file's: "old" (DWZ from before the Umstufung 2026), "new"; a player's own wins
    # The time control as the file gives it, in the free notation (minutes, increments in seconds:
    # "90+30", "40/120, 60"); dwz.formats.timecontrol reads it, the check holds it against WO 4.2.2.
    time_control: str | None = None

    def __post_init__(self) -> None:
        pairings, duplicates = drop_duplicate_games(self.pairings, {p.no: p.name for p in self.players})
        if duplicates:  # the same game written twice counts once, with a note naming both places
            object.__setattr__(self, "pairings", pairings)
            object.__setattr__(self, "notes", tuple(capped((*self.notes, *duplicates), MAX_NOTES)))
        problems = validate(self)
        if problems:
            raise InputError(problems)
        if not self.rounds and self.pairings:
            object.__setattr__(self, "rounds", max(p.round for p in self.pairings))

    def player(self, no: int) -> Player:
        """The participant with number ``no`` (KeyError if there is none)."""
        by_no: dict[int, Player] | None = self.__dict__.get("_by_no")  # built once, on first use
        if by_no is None:
            by_no = {p.no: p for p in self.players}
            object.__setattr__(self, "_by_no", by_no)
        return by_no[no]

    def with_(self, **changes: Any) -> Tournament:
        return replace(self, **changes)


def validate(t: Tournament) -> list[Problem]:
    """Contradictions are reported, not guessed away: unknown opponents, a player
    paired twice in a round, both players claiming the win, self-pairings."""
    problems = Problems()

    def add(where: str, code: str, value: Any, params: dict[str, Any] | None = None) -> None:
        if problems.full:  # a file of 50,000 duplicate numbers: counted, not built
            problems.count_more()
        else:
            problems.append(Problem(where, code, value, params or {}))
    by_no: dict[int, Player] = {}
    for p in t.players:
        if p.no in by_no:
            add(p.source or f"players[{p.no}]", "player_duplicate", p.no, {"name": p.name, "other": by_no[p.no].name})
        by_no[p.no] = p
        where = p.source or f"player {p.label}"
        if not p.name.strip():  # as our CSV reader refuses an empty name cell (a TRF's blank name made such a CSV)
            add(where, "player_name_missing", p.name, {"no": p.no})
        elif len(p.name) > NAME_MAX:
            add(where, "name_too_long", p.name, {"length": len(p.name), "max": NAME_MAX})
        if p.birth_year is not None and not BIRTH_YEARS[0] <= p.birth_year <= BIRTH_YEARS[1]:
            add(where, "birth_year_range", p.birth_year, {"min": BIRTH_YEARS[0], "max": BIRTH_YEARS[1]})
        elif t.end is not None and p.birth_year is not None and p.birth_year > t.end.year:
            add(where, "birth_after_end", p.birth_year, {"end": t.end.isoformat()})
        for value in (p.rating, p.elo):  # bounded as every reader and form bounds them (10**5000 overflowed a float)
            if value is not None and value < 0:
                add(where, "rating_negative", value)
            elif value is not None and value > RATING_MAX:
                add(where, "rating_too_large", value, {"max": RATING_MAX})
        if p.index is not None and p.index < 0:
            add(where, "index_invalid", p.index)
        elif p.index is not None and p.index > INDEX_MAX:
            add(where, "index_too_large", p.index, {"max": INDEX_MAX})
    seen: dict[tuple[int, int], Pairing] = {}
    for g in t.pairings:
        where = g.source or f"round {g.round}"
        for no in (g.white, g.black):
            if no is None:
                continue
            if no not in by_no:
                add(where, "opponent_unknown", no, {"round": g.round})
                continue
            key = (g.round, no)
            if key in seen and not _double_round_ok(seen[key], g):
                add(where, "paired_twice", by_no[no].name, {"round": g.round, "no": no})
            seen[key] = g
        if g.black is not None and g.black == g.white:
            add(where, "self_pairing", g.white, {"round": g.round})
        if g.black is not None:
            if g.result_black is None:
                add(where, "result_missing", None)
            elif not results_consistent(g.result_white, g.result_black):
                a = by_no.get(g.white)
                b = by_no.get(g.black)
                add(where, "results_contradict", f"{g.result_white.code}:{g.result_black.code}",
                                        {"round": g.round, "white": a.name if a else g.white, "black": b.name if b else g.black})
        elif not (g.result_white.is_bye or g.result_white in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)):
            add(where, "bye_result", g.result_white.code, {"round": g.round})
        if g.round < 1:
            add(where, "round_invalid", g.round)
    if len(t.name) > NAME_MAX:
        add(t.source or "name", "name_too_long", t.name, {"length": len(t.name), "max": NAME_MAX})
    for team in t.teams:
        where = team.source or f"team {team.name}"
        if len(team.name) > NAME_MAX:
            add(where, "name_too_long", team.name, {"length": len(team.name), "max": NAME_MAX})
        for no in team.lineup:
            if no not in by_no:
                add(where, "team_player_unknown", no, {"team": team.name})
        if len(set(team.lineup)) != len(team.lineup):
            twice = next(no for no in team.lineup if team.lineup.count(no) > 1)
            add(where, "team_player_twice", twice, {"team": team.name})
    return problems.complete()


def empty_problems(t: Tournament) -> list[Problem]:
    """A tournament without players, or without one game between two players (only byes, or
    no pairings at all — a template, Swiss-Chess's empty file): nothing to evaluate, nothing to
    upload.  The one rule for ``dwz tournament``, ``dwz check``, ``dwz history add`` and the web."""
    where = t.source or ""
    if not t.players:
        return [Problem(where, "tournament_no_players", t.name or where)]
    if not any(g.black is not None for g in t.pairings):
        return [Problem(where, "tournament_no_games", t.name or where, {"players": len(t.players)})]
    return []


def drop_duplicate_games(pairings: tuple[Pairing, ...], names: dict[int, str]) -> tuple[tuple[Pairing, ...], list[Problem]]:
    """The pairings with every exact repeat of a game left out, and a note per repeat.

    An exact repeat — same round, same white and black, same results — is one
    game written twice (a merged PGN, a line copied in a JSON or CSV file); it
    is counted once.  Two games of the same players in one round that differ in
    colours or result are a double round and both count (``_double_round_ok``).
    """
    first: dict[tuple[int, int, int, Result, Result | None], Pairing] = {}
    kept: list[Pairing] = []
    notes = Problems(cap=MAX_NOTES)
    for g in pairings:
        if g.black is None:
            kept.append(g)
            continue
        key = (g.round, g.white, g.black, g.result_white, g.result_black)
        seen = first.setdefault(key, g)
        if seen is g:
            kept.append(g)
            continue
        result = f"{g.result_white.code}:{g.result_black.code if g.result_black else '?'}"
        notes.append(Problem(g.source or f"round {g.round}", "game_duplicate", result,
                             {"round": g.round, "white": names.get(g.white, g.white), "black": names.get(g.black, g.black),
                              "result": result, "other": seen.source or f"round {seen.round}"}))
    return (tuple(kept), notes.complete()) if notes else (pairings, [])


def _double_round_ok(a: Pairing, b: Pairing) -> bool:
    # Several games in one round (double rounds) are legitimate between the same
    # two players (SWI "extra blocks"); anything else is a pairing error.
    return a is not b and {a.white, a.black} == {b.white, b.black} and a.black is not None
