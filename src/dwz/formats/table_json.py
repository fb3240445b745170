"""Our JSON tournament file: :func:`read_json`, :func:`write_json` (the format: :mod:`dwz.formats.table`,
``docs/formats.md``; the schema ``dwz/formats/tournament.schema.json``)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Pairing, Player, StoredGame, Tournament
from dwz.basics.values import Result
from dwz.formats._common import Source, decode, json_loads, load, parse_date, problem, reason_of, split_lines, too_many
from dwz.formats._table import (
    _BOOL_KEYS,
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

FORMAT = "dwz-tournament"


VERSION = 1


_ID_KEYS = {"member_no", "dsb_id", "fide_id"}  # strings; JSON also takes a number


_NOTE_KEYS = ("field", "code", "value", "params")


def _check_int(c: _Collector, where: str | int, key: str, v: Any, minimum: int = 0) -> int | None:
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool) and v >= minimum:
        return _in_range(c, where, key, v, minimum)
    c.add(where, "number_invalid", v if isinstance(v, (str, int, float)) else type(v).__name__, column=key)
    return None


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
        raise InputError([problem(fname, e.lineno, "json_invalid", shown, reason=reason_of(e))]) from None
    except (ValueError, RecursionError) as e:
        raise InputError([problem(fname, None, "json_refused", None, reason=reason_of(e))]) from None  # no line to show
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
    scale = obj.get("scale")
    if scale is not None and _expect(c, "$.scale", scale, (str,), '"alt", "neu", "old", "new" or null'):
        scale = _scale(c, "$.scale", scale)
    time_control = obj.get("time_control")
    _expect(c, "$.time_control", time_control, (str, type(None)), "string or null")

    players: list[Player] = []
    raw_players = obj.get("players", [])
    if _expect(c, "$.players", raw_players, (list,), "array"):
        for i, p in enumerate(raw_players):
            player = _json_player(c, f"$.players[{i}]", p)
            if player is not None:
                players.append(player)
                if (refused := too_many(c.name, f"$.players[{i}]", "players", len(players))) is not None:
                    raise refused  # the file limit: bad entries cost only their (capped) problems
    pairings: list[Pairing] = []
    raw_games = obj.get("games", [])
    if _expect(c, "$.games", raw_games, (list,), "array"):
        for i, g in enumerate(raw_games):
            pairing = _json_game(c, f"$.games[{i}]", g)
            if pairing is not None:
                pairings.append(pairing)
                if (refused := too_many(c.name, f"$.games[{i}]", "games", len(pairings))) is not None:
                    raise refused
    notes = _json_notes(c, obj.get("notes", []))
    return _tournament_checked(c, name=name, end=end, start=start, rounds=rounds, rated=rated, code=code,
                               players=players, pairings=pairings, notes=notes, scale=scale,
                               time_control=time_control if isinstance(time_control, str) and time_control.strip() else None)


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
        elif k == "scale":
            if v is not None and _expect(c, where, v, (str,), '"alt", "neu", "old", "new" or null'):
                values[k] = _scale(c, where, v)
        elif _expect(c, where, v, (str, type(None)), "string or null"):
            values[k] = v
    rest: list[StoredGame] = []
    raw_rest = p.get("restpartien", [])
    if _expect(c, f"{path}.restpartien", raw_rest, (list,), "array"):
        for j, g in enumerate(raw_rest):
            sg = _json_stored(c, f"{path}.restpartien[{j}]", g)
            if sg is not None:
                rest.append(sg)
    if "no" not in values or "name" not in values or values["no"] is None:
        return None
    # a bad value is reported above; the player still exists for the pairings against him
    values = {k: v for k, v in values.items() if v is not None or k not in _INT_KEYS}
    return Player(restpartien=tuple(rest), source=f"{c.name}:{path[2:]}", **values)


def _json_stored(c: _Collector, path: str, g: Any) -> StoredGame | None:
    if not _expect(c, path, g, (dict,), "object"):
        return None
    _keys(c, path, g, _STORED_KEYS, ("opponent", "result", "played"))
    before = c.problems.seen
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
    if c.problems.seen > before or opp is None or result is None or played is None:
        return None
    return StoredGame(opp, result, played, tour)


def _json_game(c: _Collector, path: str, g: Any) -> Pairing | None:
    if not _expect(c, path, g, (dict,), "object"):
        return None
    _keys(c, path, g, _GAME_KEYS, ("round", "white", "result"))
    before = c.problems.seen
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
    if c.problems.seen > before or rnd is None or white is None:
        return None
    return _pairing(c, f"{path}.result", rnd, white, black, res, f"{c.name}:{path[2:]}")


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


def write_json(t: Tournament) -> str:
    """Our JSON for ``t``: top-level keys one per line, one player / game per line."""
    head = {"format": FORMAT, "version": VERSION, "name": t.name, "start": _iso(t.start), "end": _iso(t.end),
            "rounds": t.rounds, "rated": t.rated, "code": t.code}
    if t.scale is not None:  # written when said (files without it stay as they were)
        head["scale"] = t.scale
    if t.time_control is not None:
        head["time_control"] = t.time_control
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


def _player_dict(p: Player) -> dict[str, Any]:
    d: dict[str, Any] = {k: getattr(p, k) for k in _PLAYER_KEYS if k != "scale" or p.scale is not None}
    d["restpartien"] = [{"opponent": g.opponent, "result": g.result.code, "played": g.played.isoformat(),
                         "tournament": g.tournament} for g in p.restpartien]
    return d
