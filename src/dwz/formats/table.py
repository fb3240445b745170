"""Our own tournament files: JSON (for programs) and CSV (for spreadsheets).

Both carry exactly what :class:`~dwz.core.model.Tournament` holds, so
``read_json(write_json(t))`` and ``read_csv(write_csv(t))`` give ``t`` back
(apart from the ``source`` fields, which say where a value was read).
The full description, with examples, is in ``docs/formats.md``; the JSON
Schema is shipped as ``dwz/formats/tournament.schema.json``.

**JSON** — one object::

    {"format": "dwz-tournament", "version": 1,          (both optional)
     "name": "Stadtmeisterschaft", "start": "2026-06-01", "end": "2026-09-14",
     "rounds": 7, "rated": true, "code": null,
     "players": [{"no": 1, "name": "Reck, Moritz", "rating": 2096, "index": 41, "elo": null,
                  "birth_year": 1985, "club": "…", "zps": "C0512", "member_no": "135",
                  "dsb_id": null, "fide_id": null, "member": true, "sex": "m", "title": null,
                  "federation": null, "computer": false, "fide_k": null,
                  "restpartien": [{"opponent": 1600, "result": "1", "played": "2025-05-01",
                                   "tournament": "Open 2025"}]}],
     "games": [{"round": 1, "white": 1, "black": 6, "result": "1-0"},
               {"round": 2, "white": 3, "black": null, "result": "F"}],
     "notes": [{"field": "x.trf:14", "code": "half_game_dropped", "value": "141 w 1", "params": {}}]}

Only ``name`` and ``players`` (each with ``no`` and ``name``) are required.
A game result is written white-first: ``1-0``, ``0-1``, ``½-½``, forfeits
``+:-``, ``-:+``, ``-:-``, games of less than one move ``W:L``, ``L:W``, ``D:D``.
Without a black player it is a bye: ``F`` full point, ``U`` pairing-allocated,
``H`` half point, ``Z`` zero (absent), or a forfeit against nobody ``+``/``-``.
Aliases are read too (``1:0``, ``1/2-1/2``, ``0.5-0.5``, ``=``, ``bye``, ``bye½`` …).

**CSV** — sections, each started by a row ``[name]``, so a spreadsheet user
can write one by hand (``,``, ``;`` or tab; UTF-8 or Windows-1252)::

    [tournament]
    name,Stadtmeisterschaft
    end,2026-09-14
    [players]
    no,name,rating,index,birth_year
    1,"Reck, Moritz",2096,41,1985
    2,"Zoellmer, Fritz",1958-33,,
    [games]
    round,white,black,result
    1,1,2,1-0

Sections: ``[tournament]`` (key,value rows), ``[players]``, ``[games]``,
``[restpartien]`` (player,opponent,result,played,tournament), ``[notes]``.
Player columns are the JSON keys (German aliases accepted: Nr, DWZ, Geburtsjahr,
Verein, Mgl-Nr, PKZ …); ``rating`` may be ``1958-33`` (DWZ-Index).  Empty cells
mean "unknown"; rows starting with ``#`` are comments.

>>> t = read_csv("[tournament]\\nname,Test\\nend,2026-09-14\\n[players]\\nno,name,rating\\n1,A,1600-5\\n2,B,1500\\n"
...              "[games]\\nround,white,black,result\\n1,1,2,½-½\\n")
>>> [(p.no, p.rating, p.index) for p in t.players], t.pairings[0].result_white.code
([(1, 1600, 5), (2, 1500, None)], '½')
>>> strip_sources(read_json(write_json(t))) == strip_sources(t)
True
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import date
from typing import Any

from dwz.core.errors import InputError, Problem
from dwz.core.model import Pairing, Player, StoredGame, Tournament
from dwz.core.values import Result
from dwz.formats._common import (
    RANGES,
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
)

__all__ = [
    "FORMAT", "VERSION", "BYE_RESULTS", "GAME_RESULTS", "read_csv", "read_json", "result_text", "strip_sources", "write_csv",
    "write_json",
]

FORMAT = "dwz-tournament"
VERSION = 1

R = Result
_GAME_CANONICAL: dict[tuple[Result, Result], str] = {
    (R.WIN, R.LOSS): "1-0", (R.LOSS, R.WIN): "0-1", (R.DRAW, R.DRAW): "½-½",
    (R.FORFEIT_WIN, R.FORFEIT_LOSS): "+:-", (R.FORFEIT_LOSS, R.FORFEIT_WIN): "-:+", (R.FORFEIT_LOSS, R.FORFEIT_LOSS): "-:-",
    (R.SHORT_WIN, R.SHORT_LOSS): "W:L", (R.SHORT_LOSS, R.SHORT_WIN): "L:W", (R.SHORT_DRAW, R.SHORT_DRAW): "D:D",
}
_BYE_CANONICAL: dict[Result, str] = {
    R.BYE_FULL: "F", R.BYE_PAIRING: "U", R.BYE_HALF: "H", R.BYE_ZERO: "Z", R.FORFEIT_WIN: "+", R.FORFEIT_LOSS: "-",
}
#: Result strings of a game (black given), keys lower-case without spaces.
GAME_RESULTS: dict[str, tuple[Result, Result]] = {
    **{k.lower(): v for v, k in _GAME_CANONICAL.items()},
    "1:0": (R.WIN, R.LOSS), "0:1": (R.LOSS, R.WIN), "½:½": (R.DRAW, R.DRAW), "1/2-1/2": (R.DRAW, R.DRAW),
    "1/2:1/2": (R.DRAW, R.DRAW), "0.5-0.5": (R.DRAW, R.DRAW), "0.5:0.5": (R.DRAW, R.DRAW), "0,5-0,5": (R.DRAW, R.DRAW),
    "0,5:0,5": (R.DRAW, R.DRAW), "=": (R.DRAW, R.DRAW), "remis": (R.DRAW, R.DRAW),
    "+-": (R.FORFEIT_WIN, R.FORFEIT_LOSS), "-+": (R.FORFEIT_LOSS, R.FORFEIT_WIN), "--": (R.FORFEIT_LOSS, R.FORFEIT_LOSS),
}
#: Result strings of a bye (no black player).
BYE_RESULTS: dict[str, Result] = {
    **{k.lower(): v for v, k in _BYE_CANONICAL.items()},
    "bye": R.BYE_FULL, "1": R.BYE_FULL, "bye½": R.BYE_HALF, "bye1/2": R.BYE_HALF, "½": R.BYE_HALF, "0.5": R.BYE_HALF,
    "1/2": R.BYE_HALF, "0": R.BYE_ZERO,
}
# A Restpartie's result: the Result code, plus the usual spellings of ½.
_STORED: dict[str, Result] = {r.code.lower(): r for r in Result} | {"=": R.DRAW, "0.5": R.DRAW, "1/2": R.DRAW}


def result_text(g: Pairing) -> str:
    """The canonical result string of a pairing ("1-0", "-:+", "F" …)."""
    if g.black is None:
        return _BYE_CANONICAL[g.result_white]
    assert g.result_black is not None
    return _GAME_CANONICAL[(g.result_white, g.result_black)]


def strip_sources(t: Tournament) -> Tournament:
    """``t`` without the ``source`` fields (file and line a value was read from),
    for comparing the same tournament read from different files."""
    return t.with_(
        source=None,
        players=tuple(p.with_(source=None) for p in t.players),
        pairings=tuple(replace(g, source=None) for g in t.pairings),
    )


def _key(s: str) -> str:
    return re.sub(r"\s+", "", s).lower().replace("−", "-").replace("–", "-")


# ---------------------------------------------------------------- fields

_PLAYER_KEYS = (
    "no", "name", "rating", "index", "elo", "birth_year", "club", "zps", "member_no", "dsb_id", "fide_id", "member",
    "sex", "title", "federation", "computer", "fide_k",
)
_INT_KEYS = {"no", "rating", "index", "elo", "birth_year", "fide_k"}
_BOOL_KEYS = {"member": True, "computer": False}
_ID_KEYS = {"member_no", "dsb_id", "fide_id"}  # strings; JSON also takes a number
_TOURNAMENT_KEYS = ("name", "start", "end", "rounds", "rated", "code")
_GAME_KEYS = ("round", "white", "black", "result")
_STORED_KEYS = ("opponent", "result", "played", "tournament")
_NOTE_KEYS = ("field", "code", "value", "params")

_BOOL_TEXT = {"yes": True, "no": False, "ja": True, "nein": False, "true": True, "false": False, "1": True, "0": False,
              "y": True, "n": False, "j": True, "x": True, "wahr": True, "falsch": False}


class _Collector:
    """Collects problems with a place; conversion helpers return None on error."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []

    def add(self, where: str | int, code: str, value: Any = None, **params: Any) -> None:
        self.problems.append(problem(self.name, where, code, value, **params))

    def raise_if(self) -> None:
        if self.problems:
            raise InputError(self.problems)


# Upper bounds of the integer fields (the rating range is the engine's): a file cannot
# hand the evaluation a rating of 10^30 or a round number no table can show.
_BOUNDS: dict[str, int] = {**{k: hi for k, (_lo, hi) in RANGES.items()}, "no": 99_999, "rounds": 9999, "round": 9999,
                           "white": 99_999, "black": 99_999, "player": 99_999, "opponent": RANGES["rating"][1]}


def _in_range(c: _Collector, where: str | int, key: str, v: int, minimum: int) -> int | None:
    low = max(minimum, RANGES[key][0]) if key in RANGES and v else minimum  # 0 = "none" where a field allows it
    high = _BOUNDS.get(key)
    if high is not None and not low <= v <= high:
        c.add(where, "number_range", v, column=key, min=low, max=high)
        return None
    return v


def _check_int(c: _Collector, where: str | int, key: str, v: Any, minimum: int = 0) -> int | None:
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool) and v >= minimum:
        return _in_range(c, where, key, v, minimum)
    c.add(where, "number_invalid", v if isinstance(v, (str, int, float)) else type(v).__name__, column=key)
    return None


# ---------------------------------------------------------------- JSON

def read_json(source: Source, *, name: str | None = None) -> Tournament:
    """Read our JSON tournament file (path, bytes or text).

    Validated by hand against ``tournament.schema.json``'s rules: wrong types,
    missing or unknown keys and unknown results are errors naming the JSON path.
    """
    data, fname = load(source, name)
    text = decode(data, ("utf-8",), fname)
    try:
        obj = json_loads(text)  # NaN, Infinity, 1e999 are errors: no number of the file may be non-finite
    except json.JSONDecodeError as e:
        lines = split_lines(text)
        shown = lines[e.lineno - 1] if 0 < e.lineno <= len(lines) else ""
        raise InputError([problem(fname, e.lineno, "json_invalid", shown, reason=e.msg)]) from None
    except (ValueError, RecursionError) as e:
        raise InputError([problem(fname, None, "json_invalid", "", reason=str(e) or type(e).__name__)]) from None
    c = _Collector(fname)
    t = _from_json(obj, c)
    c.raise_if()
    assert t is not None
    return t


def _type_name(v: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer", float: "number",
            type(None): "null"}.get(type(v), type(v).__name__)


def _expect(c: _Collector, path: str, v: Any, types: tuple[type, ...], expected: str) -> bool:
    ok = isinstance(v, types) and not (isinstance(v, bool) and bool not in types)
    if not ok:
        c.add(path, "schema_type", v if isinstance(v, (str, int, float)) else _type_name(v), expected=expected)
    return ok


def _keys(c: _Collector, path: str, obj: dict[str, Any], allowed: tuple[str, ...], required: tuple[str, ...]) -> None:
    for k in obj:
        if k not in allowed:
            c.add(path, "schema_unknown_key", k, expected=", ".join(allowed))
    for k in required:
        if k not in obj:
            c.add(path, "schema_required", k)


def _from_json(obj: Any, c: _Collector) -> Tournament | None:
    if not _expect(c, "$", obj, (dict,), "object"):
        return None
    _keys(c, "$", obj, ("format", "version", *_TOURNAMENT_KEYS, "players", "games", "notes"), ("name", "players"))
    if "format" in obj and obj["format"] != FORMAT:
        c.add("$.format", "schema_type", str(obj["format"]), expected=f'"{FORMAT}"')
    if "version" in obj and obj["version"] != VERSION:
        c.add("$.version", "schema_type", str(obj["version"]), expected=str(VERSION))
    name = obj.get("name", "")
    _expect(c, "$.name", name, (str,), "string")
    start = _json_date(c, "$.start", obj.get("start"))
    end = _json_date(c, "$.end", obj.get("end"))
    rounds = obj.get("rounds", 0)
    if _expect(c, "$.rounds", rounds, (int,), "integer ≥ 0"):
        rounds = _check_int(c, "$.rounds", "rounds", rounds) or 0
    rated = obj.get("rated", True)
    _expect(c, "$.rated", rated, (bool,), "boolean")
    code = obj.get("code")
    _expect(c, "$.code", code, (str, type(None)), "string or null")

    players: list[Player] = []
    raw_players = obj.get("players", [])
    if _expect(c, "$.players", raw_players, (list,), "array"):
        for i, p in enumerate(raw_players):
            player = _json_player(c, f"$.players[{i}]", p)
            if player is not None:
                players.append(player)
    pairings: list[Pairing] = []
    raw_games = obj.get("games", [])
    if _expect(c, "$.games", raw_games, (list,), "array"):
        for i, g in enumerate(raw_games):
            pairing = _json_game(c, f"$.games[{i}]", g)
            if pairing is not None:
                pairings.append(pairing)
    notes = _json_notes(c, obj.get("notes", []))
    if c.problems:
        return None
    return _tournament(c, name=name, end=end, start=start, rounds=rounds, rated=rated, code=code,
                       players=players, pairings=pairings, notes=notes)


def _json_date(c: _Collector, path: str, v: Any) -> date | None:
    if v is None or not _expect(c, path, v, (str,), "date YYYY-MM-DD or null"):
        return None
    try:
        return parse_date(v)
    except ValueError:
        c.add(path, "date_invalid", v)
        return None


def _json_player(c: _Collector, path: str, p: Any) -> Player | None:
    if not _expect(c, path, p, (dict,), "object"):
        return None
    _keys(c, path, p, (*_PLAYER_KEYS, "restpartien"), ("no", "name"))
    before = len(c.problems)
    values: dict[str, Any] = {}
    for k in _PLAYER_KEYS:
        if k not in p:
            continue
        v = p[k]
        where = f"{path}.{k}"
        if k == "name":
            if _expect(c, where, v, (str,), "string"):
                values[k] = v
        elif k == "rating" and isinstance(v, str):
            rating = _rating_text(c, where, v)
            if rating is not None:
                values["rating"] = rating[0]
                if rating[1] is not None and p.get("index") is None:
                    values["index"] = rating[1]
        elif k in _INT_KEYS:
            if v is not None and _expect(c, where, v, (int,), "integer ≥ 0 or null"):
                values[k] = _check_int(c, where, k, v, minimum=1 if k == "no" else 0)
        elif k in _BOOL_KEYS:
            if _expect(c, where, v, (bool,), "boolean"):
                values[k] = v
        elif k in _ID_KEYS and isinstance(v, int) and not isinstance(v, bool):
            values[k] = str(v)
        elif _expect(c, where, v, (str, type(None)), "string or null"):
            values[k] = v
    rest: list[StoredGame] = []
    raw_rest = p.get("restpartien", [])
    if _expect(c, f"{path}.restpartien", raw_rest, (list,), "array"):
        for j, g in enumerate(raw_rest):
            sg = _json_stored(c, f"{path}.restpartien[{j}]", g)
            if sg is not None:
                rest.append(sg)
    if len(c.problems) > before or "no" not in values or "name" not in values or values["no"] is None:
        return None
    return Player(restpartien=tuple(rest), source=f"{c.name}:{path[2:]}", **values)


def _json_stored(c: _Collector, path: str, g: Any) -> StoredGame | None:
    if not _expect(c, path, g, (dict,), "object"):
        return None
    _keys(c, path, g, _STORED_KEYS, ("opponent", "result", "played"))
    before = len(c.problems)
    opp = g.get("opponent")
    if _expect(c, f"{path}.opponent", opp, (int,), "integer ≥ 0"):
        opp = _check_int(c, f"{path}.opponent", "opponent", opp)
    res = g.get("result")
    result = None
    if _expect(c, f"{path}.result", res, (str,), "string"):
        result = _STORED.get(_key(res))
        if result is None:
            c.add(f"{path}.result", "game_result_unknown", res, expected=", ".join(r.code for r in Result))
    played = _json_date(c, f"{path}.played", g.get("played"))
    tour = g.get("tournament")
    _expect(c, f"{path}.tournament", tour, (str, type(None)), "string or null")
    if len(c.problems) > before or opp is None or result is None or played is None:
        return None
    return StoredGame(opp, result, played, tour)


def _json_game(c: _Collector, path: str, g: Any) -> Pairing | None:
    if not _expect(c, path, g, (dict,), "object"):
        return None
    _keys(c, path, g, _GAME_KEYS, ("round", "white", "result"))
    before = len(c.problems)
    rnd = g.get("round")
    if _expect(c, f"{path}.round", rnd, (int,), "integer ≥ 1"):
        rnd = _check_int(c, f"{path}.round", "round", rnd, minimum=1)
    white = g.get("white")
    if _expect(c, f"{path}.white", white, (int,), "integer ≥ 1"):
        white = _check_int(c, f"{path}.white", "white", white, minimum=1)
    black = g.get("black")
    if black is not None and _expect(c, f"{path}.black", black, (int,), "integer ≥ 1 or null"):
        black = _check_int(c, f"{path}.black", "black", black, minimum=1)
    res = g.get("result")
    if not _expect(c, f"{path}.result", res, (str,), "string"):
        return None
    if len(c.problems) > before or rnd is None or white is None:
        return None
    return _pairing(c, f"{path}.result", rnd, white, black, res, f"{c.name}:{path[2:]}")


def _pairing(c: _Collector, where: str | int, rnd: int, white: int, black: int | None, res: str, source: str) -> Pairing | None:
    k = _key(res)
    if black is None:
        bye = BYE_RESULTS.get(k)
        if bye is None:
            c.add(where, "game_result_unknown", res, expected="F, U, H, Z, +, - (bye)")
            return None
        return Pairing(rnd, white, None, bye, None, source)
    pair = GAME_RESULTS.get(k)
    if pair is None:
        c.add(where, "game_result_unknown", res, expected="1-0, 0-1, ½-½, +:-, -:+, -:-, W:L, L:W, D:D")
        return None
    return Pairing(rnd, white, black, pair[0], pair[1], source)


def _json_notes(c: _Collector, raw: Any) -> list[Problem]:
    out: list[Problem] = []
    if not _expect(c, "$.notes", raw, (list,), "array"):
        return out
    for i, n in enumerate(raw):
        path = f"$.notes[{i}]"
        if not _expect(c, path, n, (dict,), "object"):
            continue
        _keys(c, path, n, _NOTE_KEYS, ("field", "code"))
        params = n.get("params", {})
        ok = _expect(c, f"{path}.field", n.get("field"), (str,), "string")
        ok = _expect(c, f"{path}.code", n.get("code"), (str,), "string") and ok
        ok = _expect(c, f"{path}.params", params, (dict,), "object") and ok
        if ok:
            out.append(Problem(n["field"], n["code"], n.get("value"), params))
    return out


def _rating_text(c: _Collector, where: str | int, text: str) -> tuple[int | None, int | None] | None:
    """ "1650-12" → (1650, 12); "1650" → (1650, None); "" → (None, None)."""
    s = text.strip()
    if not s:
        return None, None
    m = re.fullmatch(r"([0-9]{1,5})(?:[ ]*[-–/][ ]*([0-9]{1,4}))?", s)
    if not m:
        c.add(where, "number_invalid", text, column="rating")
        return None
    value = _in_range(c, where, "rating", int(m.group(1)), 0)
    if value is None:
        return None
    return value, (int(m.group(2)) if m.group(2) else None)


def _tournament(c: _Collector, *, name: str, end: date | None, start: date | None, rounds: int, rated: bool,
                code: str | None, players: list[Player], pairings: list[Pairing], notes: list[Problem]) -> Tournament:
    return Tournament(name=name, end=end, players=tuple(players), pairings=tuple(pairings), rounds=rounds, start=start,
                      rated=rated, code=code, source=c.name, notes=tuple(notes))


def write_json(t: Tournament) -> str:
    """Our JSON for ``t``: top-level keys one per line, one player / game per line."""
    head = {"format": FORMAT, "version": VERSION, "name": t.name, "start": _iso(t.start), "end": _iso(t.end),
            "rounds": t.rounds, "rated": t.rated, "code": t.code}
    out = ["{"]
    out += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]

    def block(key: str, items: list[dict[str, Any]], last: bool = False) -> None:
        if not items:
            out.append(f'  "{key}": []' + ("" if last else ","))
            return
        out.append(f'  "{key}": [')
        for i, item in enumerate(items):
            out.append("    " + json.dumps(item, ensure_ascii=False) + ("," if i < len(items) - 1 else ""))
        out.append("  ]" + ("" if last else ","))

    block("players", [_player_dict(p) for p in t.players])
    block("games", [{"round": g.round, "white": g.white, "black": g.black, "result": result_text(g)} for g in t.pairings])
    block("notes", [_note_dict(n) for n in t.notes], last=True)
    out.append("}")
    return "\n".join(out) + "\n"


def _iso(d: date | None) -> str | None:
    return None if d is None else d.isoformat()


def _player_dict(p: Player) -> dict[str, Any]:
    d: dict[str, Any] = {k: getattr(p, k) for k in _PLAYER_KEYS}
    d["restpartien"] = [{"opponent": g.opponent, "result": g.result.code, "played": g.played.isoformat(),
                         "tournament": g.tournament} for g in p.restpartien]
    return d


def _jsonable(v: Any) -> Any:
    try:
        json.dumps(v, allow_nan=False)
    except (TypeError, ValueError, OverflowError):
        return str(v)
    return v


def _note_dict(n: Problem) -> dict[str, Any]:
    return {"field": n.field, "code": n.code, "value": _jsonable(n.value), "params": _jsonable(dict(n.params))}


# ---------------------------------------------------------------- CSV

_SECTIONS = {"tournament": "tournament", "turnier": "tournament", "players": "players", "spieler": "players",
             "teilnehmer": "players", "games": "games", "partien": "games", "paarungen": "games",
             "restpartien": "restpartien", "notes": "notes", "hinweise": "notes"}
_ALIASES: dict[str, dict[str, str]] = {
    "tournament": {"name": "name", "turnier": "name", "start": "start", "beginn": "start", "end": "end", "ende": "end",
                   "rounds": "rounds", "runden": "rounds", "rated": "rated", "gewertet": "rated", "code": "code",
                   "turniercode": "code", "format": "format", "version": "version"},
    "players": {"no": "no", "nr": "no", "nummer": "no", "snr": "no", "name": "name", "rating": "rating", "dwz": "rating",
                "index": "index", "elo": "elo", "birthyear": "birth_year", "geburtsjahr": "birth_year",
                "jahrgang": "birth_year", "club": "club", "verein": "club", "zps": "zps", "vkz": "zps",
                "memberno": "member_no", "mglnr": "member_no", "mitgliedsnummer": "member_no", "dsbid": "dsb_id",
                "pkz": "dsb_id", "fideid": "fide_id", "member": "member", "mitglied": "member", "sex": "sex",
                "geschlecht": "sex", "title": "title", "titel": "title", "federation": "federation", "land": "federation",
                "fed": "federation", "computer": "computer", "fidek": "fide_k", "k": "fide_k"},
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


def _col(s: str) -> str:
    return re.sub(r"[\s_\-.]+", "", s).lower()


def _sniff(text: str) -> str:
    sample = [line for line in split_lines(text)[:20] if line.strip()][:10]
    counts = {d: sum(line.count(d) for line in sample) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv(source: Source, *, name: str | None = None) -> Tournament:
    """Read our sectioned CSV tournament file (path, bytes or text)."""
    data, fname = load(source, name)
    c = _Collector(fname)
    text = decode(data, ("utf-8", "cp1252", "latin-1"), fname, c.notes)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_sniff(text))
    section: str | None = None
    header: list[str | None] | None = None
    tour: dict[str, tuple[int, str]] = {}
    rows: dict[str, list[tuple[int, dict[str, str]]]] = {k: [] for k in _REQUIRED}
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
                if section is None:
                    c.add(start, "csv_section_unknown", cells[0], expected="[tournament], [players], [games], [restpartien], [notes]")
                header = None
                continue
            if section is None:
                c.add(start, "csv_row_outside", cells[0])
                continue
            if section == "tournament":
                key = _ALIASES["tournament"].get(_col(cells[0]))
                if key is None:
                    c.notes.append(problem(fname, start, "csv_column_unknown", cells[0],
                                           expected=", ".join(_TOURNAMENT_KEYS)))
                else:
                    tour[key] = (start, cells[1] if len(cells) > 1 else "")
                continue
            if header is None:
                header = _header(c, section, start, cells)
                continue
            row = {h: (cells[j] if j < len(cells) else "") for j, h in enumerate(header) if h is not None}
            rows[section].append((start, row))
    except csv.Error as e:
        c.add(line, "csv_invalid", "", reason=str(e))
    c.raise_if()
    t = _csv_tournament(c, tour, rows)
    c.raise_if()
    assert t is not None
    return t


def _header(c: _Collector, section: str, line: int, cells: list[str]) -> list[str | None]:
    aliases = _ALIASES[section]
    header: list[str | None] = []
    for cell in cells:
        key = aliases.get(_col(cell))
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


def _csv_tournament(c: _Collector, tour: dict[str, tuple[int, str]],
                    rows: dict[str, list[tuple[int, dict[str, str]]]]) -> Tournament | None:
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

    rest: dict[int, list[StoredGame]] = {}
    for line, row in rows["restpartien"]:
        player = _cell_int(c, line, "player", row["player"], 1)
        opp = _cell_int(c, line, "opponent", row["opponent"])
        result = _STORED.get(_key(row["result"]))
        if result is None:
            c.add(line, "game_result_unknown", row["result"], expected=", ".join(r.code for r in Result))
        played = _cell_date(c, line, row["played"]) if row["played"] else None
        if played is None and not row["played"]:
            c.add(line, "date_invalid", "")
        if player is not None and opp is not None and result is not None and played is not None:
            rest.setdefault(player, []).append(StoredGame(opp, result, played, row.get("tournament") or None))

    players: list[Player] = []
    for line, row in rows["players"]:
        p = _csv_player(c, line, row, rest)
        if p is not None:
            players.append(p)
    pairings: list[Pairing] = []
    for line, row in rows["games"]:
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
                pairings.append(pr)
    notes = list(c.notes)
    for _line, row in rows["notes"]:
        notes.append(Problem(row["field"], row["code"], _loads(row.get("value", "")), _loads_params(row.get("params", ""))))
    if c.problems:
        return None
    return _tournament(c, name=name, end=end, start=start, rounds=rounds, rated=rated, code=code, players=players,
                       pairings=pairings, notes=notes)


def _csv_player(c: _Collector, line: int, row: Mapping[str, str], rest: dict[int, list[StoredGame]]) -> Player | None:
    before = len(c.problems)
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
        else:
            values[k] = text or None
    if len(c.problems) > before or values.get("no") is None:
        return None
    if not values.get("name"):
        c.add(line, "csv_column_missing", "name", section="players")
        return None
    no = values["no"]
    return Player(restpartien=tuple(rest.get(no, ())), source=f"{c.name}:{line}", **values)


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
