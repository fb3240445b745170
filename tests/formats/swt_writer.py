"""A writer of Swiss-Chess ``.SWT`` files — for tests and benchmarks only.

It lays out the cards exactly where :mod:`dwz.formats.swt` reads them (the field
map's offsets for 7.xx and 8.xx), so generated tournaments can be round-tripped
and fuzzed, and the benchmark can read a 500-player file.  No expected values
come from here: tests compare what is read back with what was written.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from datetime import date

from dwz.basics.model import Tournament
from dwz.basics.values import Result

DELPHI_EPOCH = date(1899, 12, 30)


@dataclass(frozen=True)
class Card:
    """One pairing card: raw codes as Swiss-Chess stores them."""

    colour: int = 0  # 0 none, 1 white, 3 black, 2/4 white/black "spielfrei"
    opponent: int = 0  # player id
    result: int = 0  # 1 = 0, 2 = ½, 3 = 1 (low two bits)
    status: int = 0  # 0 played, 0x02 kampflos, 0x03 not fielded, 0x01 adjourned
    table: int = 0
    board: int = 0


@dataclass(frozen=True)
class PlayerCard:
    id: int
    name: str
    no: int | None = None
    club: str = ""
    title: str = ""
    elo: str = ""
    dwz: str = ""
    index: str = ""
    federation: str = ""
    birth: str = ""
    zps: str = ""
    member: str = ""
    sex: str = ""
    fide_id: str = ""
    pkz: str = ""
    team: int = 0
    board: int = 0
    cards: tuple[Card, ...] = ()  # one per round


@dataclass(frozen=True)
class TeamCard:
    id: int  # team id (the file stores it plus the id offset)
    no: int
    name: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class SwtSpec:
    players: tuple[PlayerCard, ...]
    rounds: int
    name: str = ""
    start: str = ""
    end: str = ""
    location: str = ""
    version: int = 883
    teams: tuple[TeamCard, ...] = ()
    boards: int = 0
    drawn: int | None = None
    round_dates: tuple[date | None, ...] = field(default=())
    id_offset: int = 998


def _put_text(buf: bytearray, at: int, length: int, text: str) -> None:
    raw = text.encode("cp1252")[:length]
    buf[at:at + len(raw)] = raw


def build_swt(spec: SwtSpec) -> bytes:
    v8 = spec.version >= 800
    start, lpair, lplayer, lteam = (13384, 19, 655, 655) if v8 else (3894, 19, 292, 292)
    n, r, nt = len(spec.players), spec.rounds, len(spec.teams)
    drawn = spec.rounds if spec.drawn is None else spec.drawn
    n_cards = (n + nt) * r if drawn else 0
    players_at = start + n_cards * lpair
    teams_at = players_at + n * lplayer
    buf = bytearray(teams_at + nt * lteam)
    buf[1], buf[3], buf[5] = r, drawn, drawn
    struct.pack_into("<h", buf, 7, n)
    struct.pack_into("<h", buf, 577, spec.id_offset)
    struct.pack_into("<h", buf, 609, spec.version)
    buf[604] = spec.boards
    buf[606] = 0xFF if spec.teams else 0
    buf[1332] = nt
    _put_text(buf, 790, 40, spec.name)
    _put_text(buf, 831, 40, spec.location)
    _put_text(buf, 1055, 20, spec.start)
    _put_text(buf, 1076, 20, spec.end)
    if v8:
        for i, d in enumerate(spec.round_dates[:40]):
            if d is not None:
                struct.pack_into("<H", buf, 11457 + 4 * i, (d - DELPHI_EPOCH).days)
    if drawn:
        for i, p in enumerate(spec.players):
            for k, c in enumerate(_cards(p.cards, r)):
                _put_card(buf, start + (i * r + k) * lpair, c, c.opponent)
        base = start + n * r * lpair
        for i, tm in enumerate(spec.teams):
            for k, c in enumerate(_cards(tm.cards, r)):
                _put_card(buf, base + (i * r + k) * lpair, c, c.opponent + spec.id_offset if c.opponent else 0)
    for i, p in enumerate(spec.players):
        at = players_at + i * lplayer
        fields = (("name", 0, 32), ("club", 33, 32), ("title", 66, 3), ("elo", 70, 4), ("dwz", 75, 4), ("index", 90, 5),
                  ("federation", 105, 3), ("birth", 128, 10), ("zps", 153, 5), ("sex", 184, 1))
        for key, off, length in fields:
            _put_text(buf, at + off, length, getattr(p, key))
        if v8:
            _put_text(buf, at + 159, 4, p.member)
            _put_text(buf, at + 0x144, 12, p.fide_id)
            _put_text(buf, at + 0x151, 12, p.pkz)
            struct.pack_into("<hh", buf, at + 0xD9, p.id, p.no if p.no is not None else p.id)
        else:
            _put_text(buf, at + 159, 3, p.member)
            _put_text(buf, at + 139, 8, p.fide_id)
            buf[at + 217] = p.id
            buf[at + 219] = p.no if p.no is not None else p.id
        buf[at + 201], buf[at + 203] = p.team, p.board
    for i, tm in enumerate(spec.teams):
        at = teams_at + i * lteam
        _put_text(buf, at, 32, tm.name)
        buf[at + 201] = tm.no
        struct.pack_into("<h", buf, at + 217, tm.id + spec.id_offset)
    return bytes(buf)


def _cards(cards: tuple[Card, ...], rounds: int) -> list[Card]:
    return list(cards[:rounds]) + [Card()] * (rounds - len(cards))


def _put_card(buf: bytearray, at: int, c: Card, opponent: int) -> None:
    buf[at + 8] = c.colour
    struct.pack_into("<h", buf, at + 9, opponent)
    buf[at + 11] = c.result
    struct.pack_into("<H", buf, at + 13, c.table)
    buf[at + 15] = c.status
    buf[at + 18] = c.board


_POINTS = {Result.WIN: 3, Result.DRAW: 2, Result.LOSS: 1, Result.FORFEIT_WIN: 3, Result.FORFEIT_LOSS: 1}
_BYES = {Result.BYE_PAIRING: 3, Result.BYE_FULL: 3, Result.BYE_HALF: 2, Result.BYE_ZERO: 1}


def from_tournament(t: Tournament, *, version: int = 883) -> bytes:
    """``t`` as an SWT file (results SWT cannot hold — games of less than one move — are refused)."""
    cards: dict[int, dict[int, Card]] = {p.no: {} for p in t.players}
    for g in t.pairings:
        if g.black is None or g.result_black is None:
            rw = g.result_white
            if rw in _BYES:
                cards[g.white][g.round] = Card(colour=2, result=_BYES[rw])
            else:  # a forfeit against an empty board
                cards[g.white][g.round] = Card(colour=1, result=_POINTS[rw], status=2)
            continue
        forfeit = g.result_white.is_forfeit
        status = 2 if forfeit else 0
        cards[g.white][g.round] = Card(colour=1, opponent=g.black, result=_POINTS[g.result_white], status=status)
        cards[g.black][g.round] = Card(colour=3, opponent=g.white, result=_POINTS[g.result_black], status=status)
    team_of: dict[int, tuple[int, int]] = {}
    for k, tm in enumerate(t.teams, 1):
        for board, no in enumerate(tm.lineup, 1):
            team_of.setdefault(no, (k, board))
    rounds = max([t.rounds, *(g.round for g in t.pairings)])
    players = tuple(
        PlayerCard(
            id=p.no, name=p.name, club=p.club or "", title=p.title or "", elo=str(p.elo or ""), dwz=str(p.rating or ""),
            index="" if p.index is None else str(p.index), federation=p.federation or "",
            birth=str(p.birth_year or ""), zps=p.zps or "", member=p.member_no or "", sex=p.sex or "",
            fide_id=p.fide_id or "", pkz=p.dsb_id or "", team=team_of.get(p.no, (0, 0))[0], board=team_of.get(p.no, (0, 0))[1],
            cards=tuple(cards[p.no].get(r, Card()) for r in range(1, rounds + 1)),
        )
        for p in t.players
    )
    teams = tuple(TeamCard(k, k, tm.name) for k, tm in enumerate(t.teams, 1))
    fmt = "%d.%m.%Y"
    return build_swt(SwtSpec(players=players, rounds=rounds, name=t.name, start=t.start.strftime(fmt) if t.start else "",
                             end=t.end.strftime(fmt) if t.end else "", version=version, teams=teams,
                             boards=max((len(tm.lineup) for tm in t.teams), default=0)))
