"""Small tournaments for history tests, written compactly."""

from __future__ import annotations

import sqlite3
from datetime import date
from typing import Any

from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result

RESULTS = {"1-0": (Result.WIN, Result.LOSS), "0-1": (Result.LOSS, Result.WIN), "½-½": (Result.DRAW, Result.DRAW),
           "+:-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "-:+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)}


def P(no: int, name: str, rating: int | None = None, index: int | None = None, born: int | None = 1980, **kw: Any) -> Player:
    return Player(no, name, rating, index, birth_year=born, **kw)


def T(name: str, end: str, players: list[Player], games: list[tuple[int, int, int, str]], **kw: Any) -> Tournament:
    pairings = [Pairing(r, w, b, *RESULTS[res]) for r, w, b, res in games]
    return Tournament(name, date.fromisoformat(end), tuple(players), tuple(pairings), **kw)


def snapshot(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Everything a run writes, in a stable order."""
    return {
        "evaluations": conn.execute("SELECT * FROM evaluations ORDER BY tournament, player").fetchall(),
        "players": conn.execute("SELECT id, cur_rating, cur_index FROM players ORDER BY id").fetchall(),
        "restpartien": conn.execute("SELECT player, opponent, halves, played FROM restpartien ORDER BY player, played, opponent, halves").fetchall(),
        "tournaments": conn.execute("SELECT id, seq, evaluated FROM tournaments ORDER BY id").fetchall(),
    }


def dump(conn: sqlite3.Connection) -> list[str]:
    return list(conn.iterdump())


def row(conn: sqlite3.Connection, tournament: str, player: str) -> dict[str, Any]:
    cur = conn.execute("SELECT e.* FROM evaluations e JOIN tournaments t ON t.id = e.tournament JOIN players p ON p.id = e.player "
                       "WHERE t.name = ? AND p.name = ?", (tournament, player))
    r = cur.fetchone()
    assert r is not None, (tournament, player)
    return dict(zip([d[0] for d in cur.description], r, strict=True))


def cur(conn: sqlite3.Connection, player: str) -> tuple[int | None, int | None]:
    r = conn.execute("SELECT cur_rating, cur_index FROM players WHERE name = ?", (player,)).fetchone()
    return r[0], r[1]
