"""Our CSV tournament file (sections ``[tournament]``, ``[players]``, ``[games]`` …): :func:`read_csv`,
:func:`write_csv` (the format: :mod:`dwz.formats.table`, ``docs/formats.md``)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping
from datetime import date
from typing import Any

from dwz.basics.errors import MAX_NOTES, Problem, Problems
from dwz.basics.model import Pairing, Player, StoredGame, Tournament
from dwz.basics.values import Result
from dwz.formats._common import (
    CsvWriter,
    Source,
    csv_text,
    decode,
    digits,
    json_loads,
    load,
    parse_date,
    problem,
    split_lines,
    too_many,
)
from dwz.formats._table import (
    _BOOL_KEYS,
    _BOUNDS,
    _GAME_KEYS,
    _INT_KEYS,
    _PLAYER_KEYS,
    _STORED,
    _STORED_KEYS,
    _TOURNAMENT_KEYS,
    _Collector,
    _in_range,
    _iso,
    _key,
    _note_dict,
    _pairing,
    _rating_text,
    _scale,
    _tournament_checked,
    result_text,
)

_BOOL_TEXT = {"yes": True, "no": False, "ja": True, "nein": False, "true": True, "false": False, "1": True, "0": False,
              "y": True, "n": False, "j": True, "x": True, "wahr": True, "falsch": False}


_SECTIONS = {"tournament": "tournament", "turnier": "tournament", "players": "players", "spieler": "players",
             "teilnehmer": "players", "games": "games", "partien": "games", "paarungen": "games",
             "restpartien": "restpartien", "notes": "notes", "hinweise": "notes"}


_ALIASES: dict[str, dict[str, str]] = {
    "tournament": {"name": "name", "turnier": "name", "start": "start", "beginn": "start", "end": "end", "ende": "end",
                   "rounds": "rounds", "runden": "rounds", "rated": "rated", "gewertet": "rated", "code": "code",
                   "turniercode": "code", "format": "format", "version": "version", "scale": "scale", "skala": "scale",
                   "timecontrol": "time_control", "bedenkzeit": "time_control"},
    "players": {"no": "no", "nr": "no", "nummer": "no", "snr": "no", "name": "name", "rating": "rating", "dwz": "rating",
                "index": "index", "elo": "elo", "birthyear": "birth_year", "geburtsjahr": "birth_year",
                "jahrgang": "birth_year", "club": "club", "verein": "club", "zps": "zps", "vkz": "zps",
                "memberno": "member_no", "mglnr": "member_no", "mitgliedsnummer": "member_no", "dsbid": "dsb_id",
                "pkz": "dsb_id", "fideid": "fide_id", "member": "member", "mitglied": "member", "sex": "sex",
                "geschlecht": "sex", "title": "title", "titel": "title", "federation": "federation", "land": "federation",
                "fed": "federation", "computer": "computer", "fidek": "fide_k", "k": "fide_k", "scale": "scale",
                "skala": "scale"},
    "games": {"round": "round", "runde": "round", "white": "white", "weiss": "white", "weiß": "white", "black": "black",
              "schwarz": "black", "result": "result", "ergebnis": "result"},
    "restpartien": {"player": "player", "spieler": "player", "no": "player", "nr": "player", "opponent": "opponent",
                    "gegner": "opponent", "result": "result", "ergebnis": "result", "played": "played",
                    "datum": "played", "tournament": "tournament", "turnier": "tournament"},
    "notes": {"code": "code", "field": "field", "value": "value", "params": "params"},
}


_REQUIRED = {"players": ("no", "name"), "games": ("round", "white", "result"),
             "restpartien": ("player", "opponent", "result", "played"), "notes": ("code", "field")}


_SECTION_RE = re.compile(r"^\[\s*([^\]]+?)\s*\]$")
_EOL = re.compile(r"\r\n|\r|\n")


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` with their ends, as ``io.StringIO(text, newline="")`` gives them, one at a
    time: StringIO holds a copy of four bytes per character (a 64 MiB file: 256 MB)."""
    pos = 0
    for m in _EOL.finditer(text):
        yield text[pos:m.end()]
        pos = m.end()
    if pos < len(text):
        yield text[pos:]


def _col(s: str) -> str:
    return re.sub(r"[\s_\-.]+", "", s).lower()


def _sniff(text: str) -> str:
    sample = [line for line in split_lines(text[:1 << 16])[:20] if line.strip()][:10]  # the head, not all lines
    counts = {d: sum(line.count(d) for line in sample) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv(source: Source, *, name: str | None = None) -> Tournament:
    """Read our sectioned CSV tournament file (path, bytes or text)."""
    data, fname = load(source, name)
    c = _Collector(fname)
    text = decode(data, ("utf-8", "cp1252", "cp850", "latin-1"), fname, c.notes, default="cp1252")  # a DOS export: CP850
    reader = csv.reader(_lines(text), delimiter=_sniff(text))
    section: str | None = None
    header: list[str | None] | None = None
    tour: dict[str, tuple[int, str]] = {}
    rows = _Rows(c)
    skipped: set[str] = set()  # sections whose rows cannot be read (a required column is missing): said once
    line = 1
    try:
        for raw in reader:
            start, line = line, reader.line_num + 1
            cells = [csv_text(x.strip()) for x in raw]  # a "'" that write_csv put before = + - @ is dropped
            while cells and not cells[-1]:
                cells.pop()
            if not cells or cells[0].startswith("#"):
                continue
            m = _SECTION_RE.match(cells[0])
            if m and len(cells) == 1:
                section = _SECTIONS.get(m.group(1).lower())
                if section is not None:
                    c.sections.setdefault(section, cells[0])
                if section is None:
                    c.add(start, "csv_section_unknown", cells[0],
                          expected="[Turnier], [Spieler], [Partien], [Restpartien], [Hinweise] / [tournament], [players], [games], [notes]")
                    section = "?"  # its rows are not read (one message, not one per row)
                header = None
                continue
            if section == "?":
                continue
            if section is None:
                c.add(start, "csv_row_outside", cells[0])
                continue
            if section == "tournament":
                key = _ALIASES["tournament"].get(_col(cells[0]))
                if key is not None:
                    c.columns[key] = cells[0]
                if key is None:
                    c.notes.append(problem(fname, start, "csv_column_unknown", cells[0],
                                           expected=", ".join(_TOURNAMENT_KEYS)))
                else:
                    tour[key] = (start, cells[1] if len(cells) > 1 else "")
                continue
            if header is None:
                header = _header(c, section, start, cells)
                if any(req not in header for req in _REQUIRED[section]):
                    skipped.add(section)
                continue
            if section in skipped:
                continue
            row = {h: (cells[j] if j < len(cells) else "") for j, h in enumerate(header) if h is not None}
            rows.add(section, start, row)  # converted at once: a million bad rows cost their problems' cap, no more
    except csv.Error:
        c.add(line, "csv_invalid", "", reason="csv.syntax")
    # Every problem of the file at once: the values of every row are read even after a
    # structural error, and the pairings checked against the players that could be read.
    t = _csv_tournament(c, tour, rows)
    c.raise_if()
    assert t is not None
    return t


def _header(c: _Collector, section: str, line: int, cells: list[str]) -> list[str | None]:
    aliases = _ALIASES[section]
    header: list[str | None] = []
    for cell in cells:
        key = aliases.get(_col(cell))
        if key is not None:
            c.columns[key] = cell
        if key is None and cell:
            c.notes.append(problem(c.name, line, "csv_column_unknown", cell, expected=", ".join(sorted(set(aliases.values())))))
        header.append(key)
    for req in _REQUIRED[section]:
        if req not in header:
            c.add(line, "csv_column_missing", req, section=section)
    return header


def _cell_int(c: _Collector, line: int, key: str, text: str, minimum: int = 0) -> int | None:
    if not text:
        return None
    v = digits(text, 11)
    if v is not None and v >= minimum:
        return _in_range(c, line, key, v, minimum)
    if v is not None:  # a number, but below what the field takes (round 0)
        c.add(line, "number_range", v, column=key, min=minimum, max=_BOUNDS.get(key, "…"))
        return None
    c.add(line, "number_invalid", text, column=key)
    return None


def _cell_bool(c: _Collector, line: int, key: str, text: str, default: bool) -> bool:
    if not text:
        return default
    v = _BOOL_TEXT.get(text.lower())
    if v is None:
        c.add(line, "bool_invalid", text, column=key, expected="yes/no, ja/nein, true/false, 1/0")
        return default
    return v


def _cell_date(c: _Collector, line: int, text: str) -> date | None:
    try:
        return parse_date(text)
    except ValueError:
        c.add(line, "date_invalid", text)
        return None


class _Rows:
    """The rows of the sections, each converted as it is read (its problems collected, its text
    dropped): Restpartien by player, players, games, notes."""

    def __init__(self, c: _Collector) -> None:
        self.c = c
        self.rest: dict[int, list[StoredGame]] = {}
        self.players: list[Player] = []
        self.pairings: list[Pairing] = []
        self.notes = Problems(cap=MAX_NOTES)
        self.stored = 0  # Restpartien read

    def _within(self, line: int, what: str, count: int) -> None:
        """Rows read are kept; past the file limit of players or games the reading stops (bad rows cost
        only their problems, which are capped)."""
        refused = too_many(self.c.name, line, what, count)
        if refused is not None:
            raise refused

    def add(self, section: str, line: int, row: dict[str, str]) -> None:
        c = self.c
        if section == "restpartien":
            player = _cell_int(c, line, "player", row["player"], 1)
            opp = _cell_int(c, line, "opponent", row["opponent"])
            result = _STORED.get(_key(row["result"]))
            if result is None:
                c.add(line, "game_result_unknown", row["result"], expected=", ".join(r.code for r in Result))
            played = _cell_date(c, line, row["played"]) if row["played"] else None
            if played is None and not row["played"]:
                c.add(line, "date_invalid", "")
            if player is not None and opp is not None and result is not None and played is not None:
                self.rest.setdefault(player, []).append(StoredGame(opp, result, played, row.get("tournament") or None))
                self.stored += 1
                self._within(line, "games", self.stored)
        elif section == "players":
            p = _csv_player(c, line, row)
            if p is not None:
                self.players.append(p)
                self._within(line, "players", len(self.players))
        elif section == "games":
            rnd = _cell_int(c, line, "round", row["round"], 1)
            white = _cell_int(c, line, "white", row["white"], 1)
            black = _cell_int(c, line, "black", row.get("black", ""), 1)
            if rnd is None and not row["round"]:
                c.add(line, "number_invalid", "", column="round")
            if white is None and not row["white"]:
                c.add(line, "number_invalid", "", column="white")
            if rnd is not None and white is not None:
                pr = _pairing(c, line, rnd, white, black, row["result"], f"{c.name}:{line}")
                if pr is not None:
                    self.pairings.append(pr)
                    self._within(line, "games", len(self.pairings))
        else:  # the notes a file carries (written by write_csv)
            self.notes.append(Problem(row["field"], row["code"], _loads(row.get("value", "")),
                                      _loads_params(row.get("params", ""))))


def _csv_tournament(c: _Collector, tour: dict[str, tuple[int, str]], rows: _Rows) -> Tournament | None:
    def get(key: str, conv: Callable[[int, str], Any], default: Any = None) -> Any:
        if key not in tour or not tour[key][1]:
            return default
        return conv(*tour[key])

    name = get("name", lambda _ln, s: s, "")
    start = get("start", lambda ln, s: _cell_date(c, ln, s))
    end = get("end", lambda ln, s: _cell_date(c, ln, s))
    rounds = get("rounds", lambda ln, s: _cell_int(c, ln, "rounds", s), 0) or 0
    rated = get("rated", lambda ln, s: _cell_bool(c, ln, "rated", s, True), True)
    code = get("code", lambda _ln, s: s)
    scale = get("scale", lambda ln, s: _scale(c, ln, s))
    time_control = get("time_control", lambda _ln, s: s.strip() or None)

    # a player's Restpartien may come after his row: attached now
    players = [p.with_(restpartien=tuple(rows.rest[p.no])) if p.no in rows.rest else p for p in rows.players]
    notes = Problems([*c.notes.complete(), *rows.notes.complete()], cap=MAX_NOTES)
    pairings = rows.pairings
    return _tournament_checked(c, name=name, end=end, start=start, rounds=rounds, rated=rated, code=code, players=players,
                               pairings=pairings, notes=notes, scale=scale, time_control=time_control)


def _csv_player(c: _Collector, line: int, row: Mapping[str, str]) -> Player | None:
    before = c.problems.seen
    values: dict[str, Any] = {}
    for k, text in row.items():
        if k in ("no",):
            values[k] = _cell_int(c, line, k, text, 1)
            if not text:
                c.add(line, "number_invalid", "", column="no")
        elif k == "rating":
            r = _rating_text(c, line, text)
            if r is not None:
                values["rating"] = r[0]
                if r[1] is not None and not row.get("index"):
                    values["index"] = r[1]
        elif k in _INT_KEYS:
            if text or k not in values:
                values[k] = _cell_int(c, line, k, text)
        elif k in _BOOL_KEYS:
            values[k] = _cell_bool(c, line, k, text, _BOOL_KEYS[k])
        elif k == "scale":
            values[k] = _scale(c, line, text)
        else:
            values[k] = text or None
    if values.get("no") is None:
        return None
    if not values.get("name"):
        if c.problems.seen == before:  # the column is there, this row's cell is empty
            c.add(line, "csv_value_missing", c.columns.get("name", "name"), section="players")
        return None
    # A row with a bad value still names a player: the pairings against him are checked, not
    # reported as against an unknown number (the bad value itself is reported above).
    values = {k: v for k, v in values.items() if v is not None or k not in _INT_KEYS}
    return Player(source=f"{c.name}:{line}", **values)


def _loads(text: str) -> Any:
    if not text:
        return None
    try:
        return json_loads(text)
    except (ValueError, RecursionError):
        return text


def _loads_params(text: str) -> dict[str, Any]:
    v = _loads(text)
    return v if isinstance(v, dict) else {}


def write_csv(t: Tournament) -> str:
    """Our sectioned CSV for ``t`` (comma-separated, UTF-8 text); a name like ``=HYPERLINK(…)``
    is written ``'=HYPERLINK(…)`` (OWASP), and read back as it was."""
    buf = io.StringIO()
    w = CsvWriter(buf)
    w.writerow(["[tournament]"])
    for key, value in (("name", t.name), ("start", _iso(t.start)), ("end", _iso(t.end)), ("rounds", t.rounds),
                       ("rated", _yes(t.rated)), ("code", t.code)):
        w.writerow([key, "" if value is None else value])
    if t.scale is not None:
        w.writerow(["scale", t.scale])
    if t.time_control is not None:
        w.writerow(["time_control", t.time_control])
    w.writerow([])
    w.writerow(["[players]"])
    w.writerow(_PLAYER_KEYS)
    for p in t.players:
        w.writerow([_csv_value(getattr(p, k)) for k in _PLAYER_KEYS])
    w.writerow([])
    w.writerow(["[games]"])
    w.writerow(_GAME_KEYS)
    for g in t.pairings:
        w.writerow([g.round, g.white, "" if g.black is None else g.black, result_text(g)])
    stored = [(p.no, sg) for p in t.players for sg in p.restpartien]
    if stored:
        w.writerow([])
        w.writerow(["[restpartien]"])
        w.writerow(["player", *_STORED_KEYS])
        for no, sg in stored:
            w.writerow([no, sg.opponent, sg.result.code, sg.played.isoformat(), sg.tournament or ""])
    if t.notes:
        w.writerow([])
        w.writerow(["[notes]"])
        w.writerow(["code", "field", "value", "params"])
        for n in t.notes:
            d = _note_dict(n)
            w.writerow([n.code, n.field, "" if d["value"] is None else json.dumps(d["value"], ensure_ascii=False),
                        json.dumps(d["params"], ensure_ascii=False)])
    return buf.getvalue()


def _yes(v: bool) -> str:
    return "yes" if v else "no"


def _csv_value(v: Any) -> Any:
    if v is None:
        return ""
    if isinstance(v, bool):
        return _yes(v)
    return v
