"""What our JSON and CSV tournament files share (``table_json``, ``table_csv``): the result
spellings, the keys, the collecting of problems, the rating text "1650-12".  See :mod:`dwz.formats.table`."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import date
from typing import Any

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.formats._common import RANGES, problem

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


_PLAYER_KEYS = (
    "no", "name", "rating", "index", "elo", "birth_year", "club", "zps", "member_no", "dsb_id", "fide_id", "member",
    "sex", "title", "federation", "computer", "fide_k", "scale",
)


_INT_KEYS = {"no", "rating", "index", "elo", "birth_year", "fide_k"}


_BOOL_KEYS = {"member": True, "computer": False}


_TOURNAMENT_KEYS = ("name", "start", "end", "rounds", "rated", "code", "scale", "time_control")


_GAME_KEYS = ("round", "white", "black", "result")


_STORED_KEYS = ("opponent", "result", "played", "tournament")


class _Collector:
    """Collects problems with a place; conversion helpers return None on error."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems = Problems()
        self.notes = Problems(cap=MAX_NOTES)
        self.columns: dict[str, str] = {}  # key → the column title as the file writes it ("DWZ" for rating)
        self.sections: dict[str, str] = {}  # key → the section header as the file writes it ("[Spieler]" for players)

    def add(self, where: str | int, code: str, value: Any = None, **params: Any) -> None:
        if self.problems.full:  # counted, not built: a flood of bad rows costs no more than their count
            self.problems.count_more()
            return
        if "column" in params:  # messages name the column in the file's words
            params["column"] = self.columns.get(params["column"], params["column"])
        if "section" in params:  # … and the section too
            params["section"] = self.sections.get(params["section"], f"[{params['section']}]")
        self.problems.append(problem(self.name, where, code, value, **params))

    def raise_if(self) -> None:
        if self.problems:
            raise InputError(self.problems)


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
                code: str | None, players: list[Player], pairings: list[Pairing], notes: list[Problem],
                scale: str | None = None, time_control: str | None = None) -> Tournament:
    return Tournament(name=name, end=end, players=tuple(players), pairings=tuple(pairings), rounds=rounds, start=start,
                      rated=rated, code=code, source=c.name, notes=tuple(capped(notes, MAX_NOTES)), scale=scale, time_control=time_control)


def _scale(c: _Collector, where: str | int, v: str) -> str | None:
    """A scale cell ("alt"/"old": DWZ from before the Umstufung 2026, "neu"/"new") → "old"/"new"; empty → None."""
    from dwz.core.scale import parse_scale

    try:
        return parse_scale(v)
    except InputError:
        c.add(where, "scale_invalid", v, allowed="alt, neu (old, new)")
        return None


def _tournament_checked(c: _Collector, **kw: Any) -> Tournament | None:
    """:func:`_tournament`, its model's problems (a player number twice, a pairing against
    nobody) added to those of the values — so that a file's problems come all at once —
    and ``None`` when there are any."""
    try:
        t = _tournament(c, **kw)
    except InputError as e:
        c.problems.extend(e.problems)
        return None
    return None if c.problems else t


def _iso(d: date | None) -> str | None:
    return None if d is None else d.isoformat()


def _jsonable(v: Any) -> Any:
    try:
        json.dumps(v, allow_nan=False)
    except (TypeError, ValueError, OverflowError):
        return str(v)
    return v


def _note_dict(n: Problem) -> dict[str, Any]:
    return {"field": n.field, "code": n.code, "value": _jsonable(n.value), "params": _jsonable(dict(n.params))}
