"""Restpartien carried from one evaluation to the next (WO 3.4.2, 4.1.1).

The document (JSON)::

    {"format": "dwz-restpartien", "version": 1, "tournament": "…", "end": "2026-09-14",
     "players": [{"name": "…", "dsb_id": "…", "zps": "…", "member_no": "…", "birth_year": 2010,
                  "games": [{"opponent": 1177, "result": "0", "played": "2026-09-14", "tournament": "…"}]}]}

``restpartien_document(evaluation)`` writes it; ``read_restpartien(path)`` and
``apply_restpartien(tournament, doc)`` read it back and attach the games to the
matching players (by DSB id, by ZPS + member number, else by name and birth year).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems
from dwz.basics.model import Player, StoredGame, Tournament
from dwz.basics.values import RATING_MAX, parse_result
from dwz.formats._common import MAX_FILE_BYTES, digits, json_loads, load, name_key

__all__ = ["restpartien_document", "read_restpartien", "apply_restpartien", "FORMAT"]

FORMAT = "dwz-restpartien"


def restpartien_document(ev: Any) -> dict[str, Any]:
    """The Restpartien of an evaluation's unrated players, ready for ``json.dumps``."""
    return {"format": FORMAT, "version": 1, "tournament": ev.tournament.name, "end": ev.end.isoformat(),
            "players": ev.restpartien()}


def read_restpartien(source: Path | str | dict[str, Any]) -> dict[str, Any]:
    """Read and check a Restpartien document (path, JSON text or parsed dict)."""
    name = "restpartien"
    if isinstance(source, dict):
        doc = source
    else:
        if isinstance(source, Path):
            name = source.name
            data, _ = load(source, name, MAX_FILE_BYTES)  # bounded: a path may name a device or a huge file
            from dwz.formats.encoding import decode_text

            try:  # the one decoding: JSON is UTF-8 (a BOM allowed)
                text = decode_text(data, name, ("utf-8",)).text
            except InputError:
                raise InputError.single(name, "restpartien_invalid", "UTF-8") from None
        else:
            text = source
        try:
            doc = json_loads(text)
        except json.JSONDecodeError as e:
            raise InputError.single(f"{name}:{e.lineno}", "restpartien_invalid", e.msg) from None
        except (ValueError, RecursionError) as e:  # NaN/Infinity, more than 4,300 digits, deep nesting
            raise InputError.single(name, "restpartien_invalid", str(e)[:60] or type(e).__name__) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("players"), list):
        raise InputError.single(name, "restpartien_invalid", str(doc)[:60])
    problems = Problems()
    for i, p in enumerate(doc["players"]):
        games = p.get("games") if isinstance(p, dict) else None
        if not isinstance(games, list) or not _identity_ok(p):
            problems.append(Problem(f"{name}: players[{i}]", "restpartien_invalid", str(p)[:60]))
            continue
        for j, g in enumerate(games):
            where = f"{name}: players[{i}].games[{j}]"
            try:
                opp = g.get("opponent") if isinstance(g, dict) else None
                if not isinstance(opp, int) or isinstance(opp, bool) or not 0 < opp <= RATING_MAX:
                    raise ValueError
                parse_result(g.get("result"), where)
                if not isinstance(g.get("played"), str):
                    raise ValueError
                date.fromisoformat(g["played"])
                if not isinstance(g.get("tournament"), (str, type(None))):
                    raise ValueError
            except (ValueError, InputError):
                problems.append(Problem(where, "restpartien_invalid", str(g)[:60]))
    if problems:
        raise InputError(problems)
    return doc


def _identity_ok(p: dict[str, Any]) -> bool:
    # The identity fields are matched as text; a year is a year (what to_dict wrote).
    by = p.get("birth_year")
    return (isinstance(p.get("name", ""), str) and (by is None or (isinstance(by, int) and not isinstance(by, bool) and 0 <= by <= 9999))
            and all(isinstance(p.get(k), (str, type(None))) for k in ("dsb_id", "zps"))
            and isinstance(p.get("member_no"), (str, int, type(None))) and not isinstance(p.get("member_no"), bool))


def _key_sets(p: Player) -> list[tuple[str, str]]:
    keys = []
    if p.dsb_id:
        keys.append(("dsb_id", p.dsb_id.strip()))
    if p.zps and p.member_no:
        number = digits(str(p.member_no))
        keys.append(("zps", f"{p.zps.strip()}-{p.member_no if number is None else number}"))
    keys.append(("name", f"{name_key(p.name)}|{p.birth_year or ''}"))
    return keys


def apply_restpartien(t: Tournament, doc: dict[str, Any]) -> tuple[Tournament, list[Problem]]:
    """Attach stored Restpartien to the players of ``t``; unmatched entries are reported."""
    index: dict[tuple[str, str], list[Player]] = {}
    for p in t.players:
        for k in _key_sets(p):
            index.setdefault(k, []).append(p)
    extra: dict[int, list[StoredGame]] = {}
    notes = Problems(cap=MAX_NOTES)
    for entry in doc["players"]:
        probe = Player(0, str(entry.get("name", "")), birth_year=entry.get("birth_year"), dsb_id=entry.get("dsb_id"),
                       zps=entry.get("zps"), member_no=None if entry.get("member_no") is None else str(entry.get("member_no")))
        match: Player | None = None
        for k in _key_sets(probe):
            hits = index.get(k, [])
            if len(hits) == 1:
                match = hits[0]
                break
        if match is None:
            notes.append(Problem("restpartien", "restpartien_unmatched", probe.name, {"count": len(entry["games"])}))
            continue
        games = [StoredGame(int(g["opponent"]), parse_result(g["result"]), date.fromisoformat(g["played"]), g.get("tournament"))
                 for g in entry["games"]]
        extra.setdefault(match.no, []).extend(games)
    players = tuple(p.with_(restpartien=p.restpartien + tuple(extra[p.no])) if p.no in extra else p for p in t.players)
    return t.with_(players=players), notes.complete()
