"""Swiss-Chess tournament files (``.SWT``, binary) → :class:`~dwz.basics.model.Tournament`.

One entry point, :func:`read_swt`; :meth:`SwtFile.parse` gives the records as
they are stored (small immutable values, one per card), for tools and tests.

The layout (formats.md §5.4) is the one of the SWT field map for file versions
7.xx and 8.xx: a general part (tournament name, dates, counts), then the
pairing cards (19 bytes per player and round, then per team and round), the
player cards and the team cards.  Every count is checked against the file
length *before* anything is read, so a truncated file, an unknown version or
a damaged header is an :class:`~dwz.basics.errors.InputError` naming the file,
the byte offset and what was expected — never a wrong silent read.  Fields in
messages are ``file:0xOFFSET`` (the card's first byte).

* players: name, club, title, Elo, DWZ and DWZ index, federation, birth date,
  ZPS club and member number, sex, FIDE id, PKZ (8.xx), team and board;
* every game is stored in both players' cards; both are joined into one
  :class:`~dwz.basics.model.Pairing` and cross-checked (opponents, colours,
  results).  Forfeits (``kampflos``) are ``+``/``-``, with an empty board on
  the other side a one-sided forfeit; ``spielfrei`` is a bye (U, H, Z); an
  adjourned or unfinished game is left out with a note;
* team files (Mannschaftsturnier): the individual games of all matches are the
  tournament; the lineups become :attr:`Tournament.teams` (board order), and the
  same person entered for two teams is one player (formats.teams).

>>> import struct
>>> data = bytearray(13384 + 2 * 19 + 2 * 655)  # 8.xx: header, 2 pairing cards, 2 player cards
>>> data[1] = data[3] = data[5] = 1  # rounds, current round, drawn rounds
>>> struct.pack_into("<h", data, 7, 2); struct.pack_into("<h", data, 609, 883)  # players, file version
>>> data[1076:1086] = b"14.09.2026"  # end date
>>> for i, (name, dwz, colour, opponent, result) in enumerate([(b"Alpha,Anna", b"1650", 1, 2, 3),
...                                                             (b"Beta,Berta", b"1500", 3, 1, 1)]):
...     card = 13384 + 2 * 19 + i * 655  # player card: name, DWZ, id and starting number
...     data[card:card + len(name)], data[card + 0x4B:card + 0x4F] = name, dwz
...     struct.pack_into("<hh", data, card + 0xD9, i + 1, i + 1)
...     pc = 13384 + i * 19  # pairing card: colour (1 white, 3 black), opponent id, result (3 = 1, 1 = 0)
...     data[pc + 8], data[pc + 11] = colour, result
...     struct.pack_into("<h", data, pc + 9, opponent)
>>> t = read_swt(bytes(data), name="klub.SWT")
>>> [(p.no, p.name, p.rating) for p in t.players]
[(1, 'Alpha,Anna', 1650), (2, 'Beta,Berta', 1500)]
>>> [(g.white, g.black, g.result_white.code, g.result_black.code) for g in t.pairings], t.end
([(1, 2, '1', '0')], datetime.date(2026, 9, 14))

Field offsets derived from the SWT field map ``structure.json`` of swtparser.js
(https://github.com/fnogatz/swtparser.js), used under its MIT licence:

    The MIT License (MIT)

    Copyright (c) 2012-2023 Falco Nogatz

    Permission is hereby granted, free of charge, to any person obtaining a copy of
    this software and associated documentation files (the "Software"), to deal in
    the Software without restriction, including without limitation the rights to
    use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
    the Software, and to permit persons to whom the Software is furnished to do so,
    subject to the following conditions:

    The above copyright notice and this permission notice shall be included in all
    copies or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
    IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
    FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
    COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
    IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
    CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from datetime import date, timedelta

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.model import Pairing, Player, Team, Tournament, results_consistent
from dwz.basics.values import RATING_MAX, Result
from dwz.formats._common import MAX_FILE_BYTES, Source, header_date, load, norm_sex, norm_title, problem, year_from

__all__ = ["MAX_FILE_BYTES", "MAX_PLAYERS", "MESSAGE_KEYS", "VERSIONS", "SwtFile", "SwtPairing", "SwtPlayer",
           "SwtTeam", "SwtTeamPairing", "is_swt", "read_swt"]

#: Every message key this reader emits (a test checks both catalogs have them).
MESSAGE_KEYS = (
    "swt_too_large", "swt_truncated", "swt_version_unknown", "swt_count_invalid", "swt_code_unknown", "swt_card_ignored",
    "swt_forfeit_draw", "swt_counter_missing", "swt_half_game_dropped", "swt_pairing_mismatch", "swt_colours_contradict",
    "swt_results_contradict", "swt_end_from_rounds", "swt_trailing_bytes", "swt_index_unreadable", "swt_team_unknown",
    "player_duplicate", "number_invalid", "birth_date_unreadable", "fide_id_invalid", "opponent_unknown", "self_pairing",
    "game_unfinished", "header_date_unreadable",
)
#: File versions the field map knows (byte 609–610): Swiss-Chess 7.xx and 8.xx.
VERSIONS = range(700, 900)
MAX_PLAYERS = 10_000  # a Landesverband open has a few hundred; more is a damaged header

_VERSION_AT = 609
_HEADER_END = 611


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where the cards are for one family of file versions (the field map's parameters)."""

    start: int  # first pairing card ("start:fixtures_players")
    pairing: int  # length of a pairing card
    player: int  # length of a player card
    team: int  # length of a team card
    # player card: (offset, length) of the ASCII fields
    text: dict[str, tuple[int, int]]
    team_at: int  # 2016 team number (one byte)
    board_at: int  # 2017 board (one byte)
    id_at: tuple[int, int]  # 2020 player id: offset, width in bytes (little-endian)
    no_at: tuple[int, int]  # 2021 starting number


_V7 = _Layout(
    start=3894, pairing=19, player=292, team=292,
    text={"name": (0, 32), "club": (33, 32), "title": (66, 3), "elo": (70, 4), "dwz": (75, 4), "index": (90, 5),
          "federation": (105, 3), "birth": (128, 10), "fide_id": (139, 8), "zps": (153, 5), "member": (159, 3),
          "sex": (184, 1)},
    team_at=201, board_at=203, id_at=(217, 1), no_at=(219, 1),
)
_V8 = _Layout(
    start=13384, pairing=19, player=655, team=655,
    text={"name": (0x00, 32), "club": (0x21, 32), "title": (0x42, 3), "elo": (0x46, 4), "dwz": (0x4B, 4),
          "index": (0x5A, 5), "federation": (0x69, 3), "birth": (0x80, 10), "zps": (0x99, 5), "member": (0x9F, 4),
          "sex": (0xB8, 1), "fide_id": (0x144, 12), "pkz": (0x151, 12)},
    team_at=0xC9, board_at=0xCB, id_at=(0xD9, 2), no_at=(0xDB, 2),
)

# General part (same offsets in 7.xx and 8.xx): (offset, length) of ASCII fields.
_GENERAL_TEXT = {"name": (790, 40), "heading": (245, 60), "location": (831, 40), "start": (1055, 20), "end": (1076, 20),
                 "time1": (1097, 20), "time2": (1118, 20), "time3": (1139, 21)}
_ROUND_DATES_AT = 11457  # 8.xx: 40 × (days since 1899-12-30 as uint16, hour, minute)
_ROUND_DATES = 40
_DELPHI_EPOCH = date(1899, 12, 30)
#: Turniermodus (general field 31).

# Pairing card codes (selections 4000, 4002, 3006 of the field map).
_WHITE, _WHITE_BYE, _BLACK, _BLACK_BYE = 1, 2, 3, 4
_COLOURS = {0: None, _WHITE: "w", _BLACK: "b", _WHITE_BYE: "w", _BLACK_BYE: "b"}
_POINTS = {1: Result.LOSS, 2: Result.DRAW, 3: Result.WIN}  # low two bits of the result byte
_STATUS = {0x00: "played", 0x01: "adjourned", 0x11: "adjourned", 0x02: "forfeit", 0x22: "forfeit", 0x03: "absent",
           0x33: "absent"}
# One pairing card (19 bytes): colour/venue @8, opponent @9–10, result @11, table @13–14, status @15, board @18.
_CARD = struct.Struct("<8xBhBxHB2xB")


@dataclass(frozen=True, slots=True)
class SwtPlayer:
    """One player card, fields as stored (text stripped of the padding after the NUL)."""

    id: int  # 2020: the number pairing cards refer to
    no: int  # 2021: starting number (TNr.)
    name: str  # 2000 "Nachname,Vorname"
    club: str  # 2001
    title: str  # 2002
    elo: str  # 2003
    dwz: str  # 2004 (NWZ)
    index: str  # 2005 (DWZ index in files completed from the DSB list)
    federation: str  # 2006
    birth: str  # 2008 "YYYYMMDD" or "YYYY"
    zps: str  # 2010
    member: str  # 2011
    sex: str  # 2013
    team: int  # 2016 team number (team files)
    board: int  # 2017
    fide_id: str  # 2033
    pkz: str  # 2034 (8.xx only)
    offset: int


@dataclass(frozen=True, slots=True)
class SwtPairing:
    """One player's pairing card of one round."""

    player: int  # player id
    round: int
    colour: int  # 0 none, 1 white, 3 black, 2/4 white/black "spielfrei"
    opponent: int  # player id, 0 = none
    result: int  # raw byte: low two bits 1 = 0, 2 = ½, 3 = 1
    status: int  # raw byte: 0 played, 0x02/0x22 kampflos, 0x03/0x33 not fielded, 0x01/0x11 adjourned
    table: int  # 4004
    board: int  # 4006 (team files)
    offset: int

    @property
    def points(self) -> Result | None:
        return _POINTS.get(self.result & 3)


@dataclass(frozen=True, slots=True)
class SwtTeam:
    """One team card."""

    id: int  # 1018 minus the id offset (general 185): the number team pairings refer to
    no: int  # 1012 team number; players' 2016
    name: str  # 1000
    offset: int


@dataclass(frozen=True, slots=True)
class SwtTeamPairing:
    """One team's pairing card of one round."""

    team: int  # team id
    round: int
    venue: int  # 0 none, 1 home, 3 away, 2/4 home/away "spielfrei"
    opponent: int  # team id
    result: int  # raw byte
    table: int
    offset: int


@dataclass(frozen=True, slots=True)
class SwtFile:
    """The records of an SWT file, as stored."""

    version: int
    name: str
    heading: str
    location: str
    start: str
    end: str
    time_controls: tuple[str, ...]
    rounds: int
    current_round: int
    drawn_rounds: int
    team: bool
    boards: int
    mode: int
    round_dates: tuple[date | None, ...]
    players: tuple[SwtPlayer, ...]
    pairings: tuple[SwtPairing, ...]
    teams: tuple[SwtTeam, ...]
    team_pairings: tuple[SwtTeamPairing, ...]
    trailing: int  # bytes after the last card

    @classmethod
    def parse(cls, data: bytes, name: str = "input") -> SwtFile:
        """Decode the cards of an SWT file; raises :class:`InputError` on anything that does not fit."""
        return _parse(data, name)


def is_swt(data: bytes) -> bool:
    """Binary with a plausible SWT header: a version number at byte 609 (known or not, so
    that an unknown version is reported as such rather than as an unknown format), the
    team flag 00/FF at byte 606, current and drawn rounds not above the rounds."""
    if len(data) < _HEADER_END or b"\x00" not in data[:_HEADER_END] or data[:2] in (b"PK", b"\x1f\x8b"):
        return False
    version = int(struct.unpack_from("<h", data, _VERSION_AT)[0])
    players = int(struct.unpack_from("<h", data, 7)[0])
    return (100 <= version < 10_000 and data[606] in (0, 0xFF) and data[3] <= data[1] and data[5] <= data[1]
            and players >= 0)


def read_swt(source: Source, *, name: str | None = None, strict: bool = False) -> Tournament:
    """Read a Swiss-Chess ``.SWT`` file (path or bytes) into a :class:`Tournament`.

    ``strict``: a game found in only one player's card is an error rather than
    left out with a note.
    """
    data, fname = load(source, name)
    if isinstance(data, str):  # text was handed in: the binary cannot have survived decoding
        data = data.encode("latin-1", errors="replace")
    f = SwtFile.parse(data, fname)
    return _tournament(f, fname, strict)


# ---------------------------------------------------------------- the record layer


def _fail(fname: str, offset: int, code: str, value: object, **params: object) -> InputError:
    return InputError([problem(fname, f"0x{offset:X}", code, value, offset=offset, **params)])


def _text(data: bytes, at: int, length: int) -> str:
    raw = data[at:at + length].split(b"\x00", 1)[0]
    try:
        return raw.decode("cp1252")  # Swiss-Chess is a Windows program (ANSI code page)
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _uint(data: bytes, at: int, width: int) -> int:
    return data[at] if width == 1 else int(struct.unpack_from("<H", data, at)[0])


def _parse(data: bytes, fname: str) -> SwtFile:
    size = len(data)
    if size > MAX_FILE_BYTES:
        raise _fail(fname, 0, "swt_too_large", size, max=MAX_FILE_BYTES)
    if size < _HEADER_END:
        raise _fail(fname, size, "swt_truncated", size, what="swt.header", end=_HEADER_END)
    version = struct.unpack_from("<h", data, _VERSION_AT)[0]
    if version not in VERSIONS:
        raise _fail(fname, _VERSION_AT, "swt_version_unknown", version, expected="700–899 (Swiss-Chess 7.xx, 8.xx)")
    lay = _V8 if version >= 800 else _V7
    if size < lay.start:
        raise _fail(fname, size, "swt_truncated", size, what="swt.header", end=lay.start)
    rounds, current, drawn = data[1], data[3], data[5]
    n_players = struct.unpack_from("<h", data, 7)[0]
    team = data[606] != 0
    boards = data[604]
    n_teams = data[1332] if team else 0
    id_offset = struct.unpack_from("<h", data, 577)[0]
    if not 0 <= n_players <= MAX_PLAYERS:
        raise _fail(fname, 7, "swt_count_invalid", n_players, what="swt.players_count", expected=f"0–{MAX_PLAYERS}")
    if drawn > rounds:
        raise _fail(fname, 5, "swt_count_invalid", drawn, what="swt.drawn_rounds", expected=f"0–{rounds}")
    # The cards: pairings (only once a round is drawn), players, teams — sized before any is read.
    pairings_at = lay.start
    n_pairing_cards = (n_players + n_teams) * rounds if drawn else 0
    players_at = pairings_at + n_pairing_cards * lay.pairing
    teams_at = players_at + n_players * lay.player
    end = teams_at + n_teams * lay.team
    for part_end, what in ((players_at, "swt.pairing_cards"), (teams_at, "swt.player_cards"), (end, "swt.team_cards")):
        if size < part_end:
            raise _fail(fname, size, "swt_truncated", size, what=what, end=part_end, players=n_players, rounds=rounds,
                        teams=n_teams)
    players = tuple(_player(data, players_at + i * lay.player, lay) for i in range(n_players))
    teams = tuple(_team(data, teams_at + i * lay.team, id_offset) for i in range(n_teams))
    pairings: list[SwtPairing] = []
    team_pairings: list[SwtTeamPairing] = []
    if drawn:
        # Pairing cards: player by player (in card order), round by round; then the teams'.
        base = pairings_at + n_players * rounds * lay.pairing
        cards = _CARD.iter_unpack(data[pairings_at:base])
        at = pairings_at
        for p in players:
            for r in range(1, rounds + 1):
                colour, opponent, result, table, status, board = next(cards)
                pairings.append(SwtPairing(p.id, r, colour, opponent, result, status, table, board, at))
                at += lay.pairing
        cards = _CARD.iter_unpack(data[base:players_at])
        for tm in teams:
            for r in range(1, rounds + 1):
                venue, opponent, result, table, _, _ = next(cards)
                team_pairings.append(SwtTeamPairing(tm.id, r, venue, opponent - id_offset, result, table & 0xFF, at))
                at += lay.pairing
    round_dates: tuple[date | None, ...] = ()
    if version >= 800 and size >= _ROUND_DATES_AT + 4 * _ROUND_DATES:
        dates: list[date | None] = []
        for r in range(min(rounds, _ROUND_DATES)):
            days = struct.unpack_from("<H", data, _ROUND_DATES_AT + 4 * r)[0]
            dates.append(_DELPHI_EPOCH + timedelta(days=days) if days else None)
        round_dates = tuple(dates)
    g = {k: _text(data, at, n) for k, (at, n) in _GENERAL_TEXT.items()}
    return SwtFile(
        version=version, name=g["name"], heading=g["heading"], location=g["location"], start=g["start"], end=g["end"],
        time_controls=(g["time1"], g["time2"], g["time3"]), rounds=rounds, current_round=current, drawn_rounds=drawn,
        team=team, boards=boards, mode=data[596], round_dates=round_dates, players=players, pairings=tuple(pairings),
        teams=teams, team_pairings=tuple(team_pairings), trailing=size - end,
    )


def _player(data: bytes, at: int, lay: _Layout) -> SwtPlayer:
    t = {k: _text(data, at + o, n) for k, (o, n) in lay.text.items()}
    return SwtPlayer(
        id=_uint(data, at + lay.id_at[0], lay.id_at[1]), no=_uint(data, at + lay.no_at[0], lay.no_at[1]),
        name=t["name"], club=t["club"], title=t["title"], elo=t["elo"], dwz=t["dwz"], index=t["index"],
        federation=t["federation"], birth=t["birth"], zps=t["zps"], member=t["member"], sex=t["sex"],
        team=data[at + lay.team_at], board=data[at + lay.board_at], fide_id=t["fide_id"], pkz=t.get("pkz", ""), offset=at,
    )


def _team(data: bytes, at: int, id_offset: int) -> SwtTeam:
    return SwtTeam(id=struct.unpack_from("<h", data, at + 217)[0] - id_offset, no=data[at + 201], name=_text(data, at, 32),
                   offset=at)


# ---------------------------------------------------------------- cards → Tournament


@dataclass(frozen=True, slots=True)
class _Side:
    round: int
    player: int  # Player.no
    opponent: int | None  # Player.no
    colour: str | None
    result: Result
    offset: int


def _tournament(f: SwtFile, fname: str, strict: bool) -> Tournament:
    errors = Problems()
    notes = Problems(cap=MAX_NOTES)
    # Player numbers: the starting numbers (2021) when they are unique, else the card ids.
    ids = [p.id for p in f.players]
    if len(set(ids)) != len(ids):
        twice = next(p for p in f.players if ids.count(p.id) > 1)
        raise _fail(fname, twice.offset, "player_duplicate", twice.id, name=twice.name,
                    other=next(q.name for q in f.players if q.id == twice.id and q is not twice))
    starting = [p.no for p in f.players]
    use_no = all(n > 0 for n in starting) and len(set(starting)) == len(starting)
    no_of = {p.id: (p.no if use_no else p.id) for p in f.players}
    players = [_to_player(p, no_of[p.id], fname, errors, notes) for p in f.players]
    sides: dict[tuple[int, int], _Side] = {}
    for c in f.pairings:
        side = _side(c, no_of, fname, errors, notes)
        if side is not None:
            sides[(side.round, side.player)] = side
    if errors:
        raise InputError(errors)
    pairings = _join(sides, {p.no: p for p in players}, fname, strict, errors, notes)
    if errors:
        raise InputError(errors)
    start = _date(f.start, fname, 1055, notes)
    end = _date(f.end, fname, 1076, notes)
    if end is None and any(f.round_dates):
        end = max(d for d in f.round_dates if d is not None)
        notes.append(problem(fname, f"0x{_ROUND_DATES_AT:X}", "swt_end_from_rounds", end.isoformat()))
    if f.trailing > 0:
        notes.append(problem(fname, None, "swt_trailing_bytes", f.trailing))
    teams: tuple[Team, ...] = ()
    if f.team:
        teams = _teams(f, no_of, fname, notes)
    t = Tournament(
        name=(f.name or f.heading).strip(), end=end, players=tuple(players), pairings=tuple(pairings), rounds=f.rounds,
        start=start, source=fname, notes=tuple(capped(notes, MAX_NOTES)), teams=teams,
    )
    if teams:
        from dwz.formats.teams import merge_same_people

        t = merge_same_people(t)
    return t


def _digits(text: str, fname: str, at: int, column: str, errors: list[Problem]) -> int | None:
    s = text.strip()
    if not s or set(s) == {"0"}:
        return None
    if s.isascii() and s.isdigit() and len(s) <= 6:
        return int(s)
    errors.append(problem(fname, f"0x{at:X}", "number_invalid", s, column=column))
    return None


def _to_player(p: SwtPlayer, no: int, fname: str, errors: list[Problem], notes: list[Problem]) -> Player:
    dwz = _digits(p.dwz, fname, p.offset, "DWZ (2004)", errors)
    elo = _digits(p.elo, fname, p.offset, "Elo (2003)", errors)
    for value, column in ((dwz, "DWZ (2004)"), (elo, "Elo (2003)")):
        if value is not None and value > RATING_MAX:
            errors.append(problem(fname, f"0x{p.offset:X}", "number_invalid", value, column=column))
    index = None
    idx = p.index.strip()
    if dwz is not None and idx:
        if idx.isascii() and idx.isdigit() and len(idx) <= 5:
            index = int(idx)
        else:
            notes.append(problem(fname, f"0x{p.offset:X}", "swt_index_unreadable", idx, player=p.name.strip()))
    birth = None
    b = p.birth.strip()
    if b and set(b) != {"0"}:
        try:
            birth = year_from(b[:4] if b[:4].isdigit() else b)
        except ValueError:
            notes.append(problem(fname, f"0x{p.offset:X}", "birth_date_unreadable", b))
    fide = p.fide_id.strip()
    fide_id = None
    if fide:
        if fide.isascii() and fide.isdigit():
            fide_id = str(int(fide)) if int(fide) else None
        else:
            notes.append(problem(fname, f"0x{p.offset:X}", "fide_id_invalid", fide))
    member = p.member.strip()
    return Player(
        no=no, name=p.name.strip(), rating=dwz, index=index, elo=elo, birth_year=birth, club=p.club.strip() or None,
        zps=p.zps.strip() or None, member_no=member if member.strip("0") else None, dsb_id=p.pkz.strip() or None,
        fide_id=fide_id, sex=norm_sex(p.sex), title=norm_title(p.title),
        federation=p.federation.strip() or None, source=f"{fname}:0x{p.offset:X}",
    )


def _side(c: SwtPairing, no_of: dict[int, int], fname: str, errors: list[Problem], notes: list[Problem]) -> _Side | None:
    """One card as one player's view of the round, or None when he was not paired."""
    where = f"0x{c.offset:X}"
    if c.colour not in _COLOURS:
        errors.append(problem(fname, where, "swt_code_unknown", c.colour, round=c.round, what="swt.colour",
                              offset=c.offset + 8, expected="0–4"))
        return None
    status = _STATUS.get(c.status)
    if status is None:
        errors.append(problem(fname, where, "swt_code_unknown", f"0x{c.status:02X}", round=c.round, what="swt.status",
                              offset=c.offset + 15, expected="00, 01, 02, 03, 11, 22, 33"))
        return None
    me = no_of[c.player]
    points = c.points
    if c.colour == 0 or status == "absent":
        if (c.opponent or points is not None) and status != "absent":  # a result without a colour: no pairing
            notes.append(problem(fname, where, "swt_card_ignored", f"{c.opponent}/{c.result}", round=c.round))
        return None
    if c.opponent < 0 or (c.opponent and c.opponent not in no_of):
        errors.append(problem(fname, where, "opponent_unknown", c.opponent, round=c.round))
        return None
    if c.colour in (_WHITE_BYE, _BLACK_BYE) or c.opponent == 0:
        # No opponent: "spielfrei" is a bye; an empty board of a team match a one-sided forfeit.
        if points is None:
            if c.colour not in (_WHITE_BYE, _BLACK_BYE):
                _unfinished(c, fname, notes)
            return None
        if c.colour in (_WHITE_BYE, _BLACK_BYE):
            result = {Result.WIN: Result.BYE_PAIRING, Result.DRAW: Result.BYE_HALF, Result.LOSS: Result.BYE_ZERO}[points]
        else:
            result = {Result.WIN: Result.FORFEIT_WIN, Result.DRAW: Result.BYE_HALF, Result.LOSS: Result.FORFEIT_LOSS}[points]
        return _Side(c.round, me, None, None, result, c.offset)
    if points is None or status == "adjourned":
        _unfinished(c, fname, notes, no_of.get(c.opponent))
        return None
    if status == "forfeit":
        if points is Result.DRAW:
            errors.append(problem(fname, where, "swt_forfeit_draw", "½", round=c.round))
            return None
        points = Result.FORFEIT_WIN if points is Result.WIN else Result.FORFEIT_LOSS
    return _Side(c.round, me, no_of[c.opponent], _COLOURS[c.colour], points, c.offset)


def _unfinished(c: SwtPairing, fname: str, notes: list[Problem], opponent: int | None = None) -> None:
    notes.append(problem(fname, f"0x{c.offset:X}", "game_unfinished", f"0x{c.result:02X}/0x{c.status:02X}", round=c.round,
                         opponent=opponent if opponent is not None else "–"))


def _join(sides: dict[tuple[int, int], _Side], players: dict[int, Player], fname: str, strict: bool,
          errors: list[Problem], notes: list[Problem]) -> list[Pairing]:
    """Both cards of a game → one Pairing, cross-checked (formats.md §1.4: both sides must agree)."""
    out: list[tuple[int, int, Pairing]] = []
    done: set[tuple[int, int]] = set()

    def label(no: int) -> str:
        return players[no].label

    for key in sorted(sides):
        if key in done:
            continue
        s = sides[key]
        done.add(key)
        where = f"0x{s.offset:X}"
        if s.opponent is None:
            out.append((s.round, s.offset, Pairing(s.round, s.player, None, s.result, None, f"{fname}:{where}")))
            continue
        if s.opponent == s.player:
            errors.append(problem(fname, where, "self_pairing", s.player, round=s.round))
            continue
        c = sides.get((s.round, s.opponent))
        if c is None:
            params = {"round": s.round, "player": label(s.player), "opponent": s.opponent}
            if strict:
                errors.append(problem(fname, where, "swt_counter_missing", s.result.code, **params))
            else:
                notes.append(problem(fname, where, "swt_half_game_dropped", s.result.code, **params))
            continue
        if c.opponent != s.player:
            errors.append(problem(fname, where, "swt_pairing_mismatch", c.opponent, round=s.round, player=label(s.player),
                                  opponent=s.opponent, other=f"0x{c.offset:X}"))
            continue
        done.add((c.round, c.player))
        if s.colour is not None and s.colour == c.colour:
            errors.append(problem(fname, where, "swt_colours_contradict", s.colour, round=s.round, white=label(s.player),
                                  black=label(c.player), other=f"0x{c.offset:X}"))
            continue
        if not results_consistent(s.result, c.result):
            errors.append(problem(fname, where, "swt_results_contradict", f"{s.result.code}:{c.result.code}", round=s.round,
                                  white=label(s.player), black=label(c.player), other=f"0x{c.offset:X}"))
            continue
        white, black = (s, c) if s.colour == "w" or c.colour == "b" else (c, s)
        out.append((s.round, s.offset, Pairing(s.round, white.player, black.player, white.result, black.result,
                                               f"{fname}:{where}")))
    return [g for _, _, g in sorted(out, key=lambda x: (x[0], x[1]))]


def _date(text: str, fname: str, at: int, notes: list[Problem]) -> date | None:
    return header_date(text, fname, f"0x{at:X}", notes)


def _teams(f: SwtFile, no_of: dict[int, int], fname: str, notes: list[Problem]) -> tuple[Team, ...]:
    by_no = {tm.no: tm for tm in f.teams}
    members: dict[int, list[tuple[int, int]]] = {tm.no: [] for tm in f.teams}
    for p in f.players:
        if p.team in members:
            members[p.team].append((p.board or 10_000, no_of[p.id]))
        else:
            notes.append(problem(fname, f"0x{p.offset:X}", "swt_team_unknown", p.name.strip(), team=p.team))
    return tuple(Team(by_no[no].name.strip(), tuple(n for _, n in sorted(members[no])), no, f"{fname}:0x{by_no[no].offset:X}")
                 for no in sorted(members))
