"""PGN game collections → :class:`~dwz.basics.model.Tournament` (via python-chess).

One entry point, :func:`read_pgn`.  PGN knows games, not tournaments, so the
reader gathers (formats.md §6):

* players from the ``White``/``Black`` tags (the same name in another spelling —
  "Carlsen, Magnus" / "Carlsen,Magnus" — is the same player), ``WhiteElo`` →
  Elo, ``WhiteDWZ`` → DWZ (also ``"1650-12"``), ``WhiteFideId``, ``WhiteTitle``,
  ``WhiteTeam`` → club; ``"?"``, ``"-"``, ``""``, ``"0"`` mean unknown;
* the round from ``Round`` (``"3"``, ``"3.1"``); games without one are given
  the first round in which neither player has a game, with a note;
* the end date as the latest complete ``Date``/``EventDate``, the start as the
  earliest;
* forfeits: a game without moves and a comment with "kampflos"/"forfeit" is a
  forfeit (CLM writes ``{Weiß gewinnt kampflos}``; ``*`` with
  ``{beide verlieren kampflos}`` is a double forfeit);
* a game without result (``*``) is not a game for rating: it is left out and
  reported in ``Tournament.notes``.

Moves are not replayed (only whether there are any matters), so illegal moves
do not stop the reader.

>>> pgn = '''[Event "Klubturnier"]
... [Round "1"]
... [Date "2026.09.07"]
... [White "Alpha, Anna"]
... [Black "Beta, Berta"]
... [Result "1-0"]
... [WhiteDWZ "1650-12"]
... [BlackElo "1720"]
...
... 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
...
... [Round "2"]
... [Date "2026.09.14"]
... [White "Beta,Berta"]
... [Black "Gamma, Gert"]
... [Result "0-1"]
...
... {Schwarz gewinnt kampflos} 0-1
... '''
>>> t = read_pgn(pgn)
>>> [(p.no, p.name, p.rating, p.index, p.elo) for p in t.players]
[(1, 'Alpha, Anna', 1650, 12, None), (2, 'Beta, Berta', None, None, 1720), (3, 'Gamma, Gert', None, None, None)]
>>> [(g.round, g.white, g.black, g.result_white.code, g.played) for g in t.pairings]
[(1, 1, 2, '1', True), (2, 2, 3, '-', False)]
>>> t.name, t.end
('Klubturnier', datetime.date(2026, 9, 14))
"""

from __future__ import annotations

import bisect
import io
import re
from dataclasses import dataclass, field
from datetime import date

import chess
import chess.pgn

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.formats._common import RANGES, Source, decode, digits, load, name_key, norm_title, problem, too_many

__all__ = ["read_pgn"]

_FORFEIT = re.compile(r"kampflos|forfeit", re.IGNORECASE)
_BOTH = re.compile(r"beide|both|double|beidseitig", re.IGNORECASE)
_PLAYED = {"1-0": (Result.WIN, Result.LOSS), "0-1": (Result.LOSS, Result.WIN), "1/2-1/2": (Result.DRAW, Result.DRAW),
           "½-½": (Result.DRAW, Result.DRAW)}
_FORFEITS = {"1-0": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "0-1": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)}
_UNKNOWN = {"", "?", "-", "0", "*"}
_NON_BLANK = re.compile(r"\S")
_DATE = re.compile(r"^\s*(\d{4})[.\-/](\d{2})[.\-/](\d{2})\s*$")


@dataclass
class _Game:
    headers: dict[str, str] = field(default_factory=dict)
    moves: int = 0
    comments: list[str] = field(default_factory=list)
    result_token: str | None = None


class _Collector(chess.pgn.BaseVisitor[_Game]):
    """Headers, comments and the number of move tokens — no board replay."""

    def begin_game(self) -> None:
        self.game = _Game()

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers.setdefault(tagname, tagvalue)

    def begin_parse_san(self, board: chess.Board, san: str) -> chess.pgn.SkipType:
        self.game.moves += 1
        return chess.pgn.SKIP

    def visit_comment(self, comment: str) -> None:
        self.game.comments.append(comment)

    def visit_result(self, result: str) -> None:
        self.game.result_token = result

    def handle_error(self, error: Exception) -> None:
        pass  # bad FEN or variant: irrelevant for the result

    def result(self) -> _Game:
        return self.game


@dataclass
class _PlayerDraft:
    no: int
    name: str
    line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)  # field → (value, line)


def read_pgn(source: Source, *, name: str | None = None) -> Tournament:
    """Read a PGN file (path, bytes or text) into a :class:`Tournament`."""
    data, fname = load(source, name)
    notes = Problems(cap=MAX_NOTES)
    text = decode(data, ("utf-8", "cp1252", "latin-1"), fname, notes)
    starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
    handle = io.StringIO(text)
    drafts: dict[str, _PlayerDraft] = {}
    games: list[tuple[int, int, int, Result, Result, int | None]] = []
    dates: list[date] = []
    event = ""
    while True:
        offset = handle.tell()
        g = chess.pgn.read_game(handle, Visitor=_Collector)
        if g is None:
            break
        line = _first_line(text, starts, offset)
        h = g.headers
        if not event and h.get("Event", "?").strip() not in ("", "?"):
            event = h["Event"].strip()
        for tag in ("Date", "EventDate"):
            if tag in h:
                d = _date(h[tag], fname, line, notes)
                if d is not None:
                    dates.append(d)
        white_name, black_name = h.get("White", "").strip(), h.get("Black", "").strip()
        if white_name in ("", "?") or black_name in ("", "?"):
            notes.append(problem(fname, line, "pgn_players_missing", f"{white_name or '?'} – {black_name or '?'}"))
            continue
        white = _draft(drafts, white_name, line)
        black = _draft(drafts, black_name, line)
        _tags(white, h, "White", line, fname, notes)
        _tags(black, h, "Black", line, fname, notes)
        result = h.get("Result", "").strip() or (g.result_token or "*")
        if result not in _PLAYED and result != "*" and g.result_token in _PLAYED:
            result = g.result_token
        comments = " ".join(g.comments)
        rnd = _round(h.get("Round", ""))
        if g.moves == 0 and _FORFEIT.search(comments):
            if result in _FORFEITS:
                rw, rb = _FORFEITS[result]
            elif result == "*" and _BOTH.search(comments):
                rw, rb = Result.FORFEIT_LOSS, Result.FORFEIT_LOSS
            else:
                notes.append(problem(fname, line, "pgn_forfeit_unclear", result, white=white_name, black=black_name))
                continue
        elif result in _PLAYED:
            rw, rb = _PLAYED[result]
        else:
            notes.append(problem(fname, line, "pgn_game_unfinished", result, white=white_name, black=black_name))
            continue
        games.append((line, white.no, black.no, rw, rb, rnd))
        if (refused := too_many(fname, line, "games", len(games))) is not None:
            raise refused
    if not drafts:
        raise InputError([problem(fname, None, "pgn_no_games", text.strip()[:40])])

    pairings = _assign_rounds(games, fname, notes)
    players = [_player(d, fname, notes) for d in sorted(drafts.values(), key=lambda d: d.no)]
    return Tournament(
        name=event, end=max(dates, default=None), players=tuple(players), pairings=tuple(pairings),
        start=min(dates, default=None), source=fname, notes=tuple(capped(notes, MAX_NOTES)),
    )


def _first_line(text: str, starts: list[int], offset: int) -> int:
    # read_game starts at offset but skips blank lines first; point at the game's first text.
    m = _NON_BLANK.search(text, offset)
    pos = m.start() if m else offset
    return bisect.bisect_right(starts, pos)


def _draft(drafts: dict[str, _PlayerDraft], name: str, line: int) -> _PlayerDraft:
    key = name_key(name) or name
    if key not in drafts:
        drafts[key] = _PlayerDraft(len(drafts) + 1, name, line)
    return drafts[key]


def _tags(d: _PlayerDraft, h: dict[str, str], colour: str, line: int, fname: str, notes: list[Problem]) -> None:
    for tag, key in (("Elo", "elo"), ("DWZ", "rating"), ("FideId", "fide_id"), ("Title", "title"), ("Team", "club")):
        value = h.get(colour + tag, "").strip()
        if value in _UNKNOWN:
            continue
        if key in d.tags and d.tags[key][0] != value:
            notes.append(problem(fname, line, "pgn_tag_conflict", value, player=d.name, tag=colour + tag,
                                 other=d.tags[key][0]))
            continue
        d.tags.setdefault(key, (value, line))


def _player(d: _PlayerDraft, fname: str, notes: list[Problem]) -> Player:
    p = Player(no=d.no, name=d.name, source=f"{fname}:{d.line}")
    for key, (value, line) in d.tags.items():
        if key in ("elo", "fide_id"):
            number = digits(value, 11)
            if number is None:
                notes.append(problem(fname, line, "number_invalid", value, column=key))
            elif key == "fide_id":
                p = p.with_(fide_id=str(number) if number else None)
            elif number > RANGES["elo"][1]:
                notes.append(problem(fname, line, "number_range", number, column=key, min=0, max=RANGES["elo"][1]))
            else:
                p = p.with_(elo=number or None)
        elif key == "rating":
            m = re.fullmatch(r"([0-9]{1,4})(?:[ ]*[-/][ ]*([0-9]{1,4}))?", value)
            if m:
                p = p.with_(rating=int(m.group(1)) or None, index=int(m.group(2)) if m.group(2) else None)
            else:
                notes.append(problem(fname, line, "number_invalid", value, column="DWZ"))
        elif key == "title":
            p = p.with_(title=norm_title(value))
        else:
            p = p.with_(club=value)
    return p


def _round(text: str) -> int | None:
    m = re.match(r"^\s*([0-9]{1,4})(?![0-9])", text)
    if m is None or int(m.group(1)) == 0:
        return None
    return int(m.group(1))


def _date(text: str, fname: str, line: int, notes: list[Problem]) -> date | None:
    m = _DATE.match(text)
    if not m:
        return None  # "2026.??.??", "????.??.??": not a complete date
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        notes.append(problem(fname, line, "header_date_unreadable", text))
        return None


def _assign_rounds(games: list[tuple[int, int, int, Result, Result, int | None]], fname: str,
                   notes: list[Problem]) -> list[Pairing]:
    busy: set[tuple[int, int]] = set()
    for _line, w, b, _rw, _rb, rnd in games:
        if rnd is not None:
            busy.update(((rnd, w), (rnd, b)))
    pairings: list[Pairing] = []
    assigned = 0
    for line, w, b, rw, rb, rnd in games:
        if rnd is None:
            rnd = 1
            while (rnd, w) in busy or (rnd, b) in busy:
                rnd += 1
            busy.update(((rnd, w), (rnd, b)))
            assigned += 1
        pairings.append(Pairing(rnd, w, b, rw, rb, f"{fname}:{line}"))
    if assigned:
        first = next(line for line, *_rest, rnd in games if rnd is None)
        notes.append(problem(fname, first, "pgn_round_assigned", assigned))
    pairings.sort(key=lambda p: p.round)
    return pairings
