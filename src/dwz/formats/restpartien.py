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

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Player, StoredGame, Tournament
from dwz.basics.values import parse_result
from dwz.formats._common import name_key

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
            text = source.read_text(encoding="utf-8-sig")
        else:
            text = source
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise InputError.single(f"{name}:{e.lineno}", "restpartien_invalid", e.msg) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("players"), list):
        raise InputError.single(name, "restpartien_invalid", str(doc)[:60])
    problems: list[Problem] = []
    for i, p in enumerate(doc["players"]):
        games = p.get("games") if isinstance(p, dict) else None
        if not isinstance(games, list):
            problems.append(Problem(f"{name}: players[{i}]", "restpartien_invalid", str(p)[:60]))
            continue
        for j, g in enumerate(games):
            where = f"{name}: players[{i}].games[{j}]"
            try:
                if not isinstance(g, dict) or not isinstance(g.get("opponent"), int) or g["opponent"] <= 0:
                    raise ValueError
                parse_result(g.get("result"), where)
                date.fromisoformat(str(g.get("played")))
            except (ValueError, InputError):
                problems.append(Problem(where, "restpartien_invalid", str(g)[:60]))
    if problems:
        raise InputError(problems)
    return doc


def _key_sets(p: Player) -> list[tuple[str, str]]:
    keys = []
    if p.dsb_id:
        keys.append(("dsb_id", p.dsb_id.strip()))
    if p.zps and p.member_no:
        keys.append(("zps", f"{p.zps.strip()}-{int(p.member_no) if str(p.member_no).isdigit() else p.member_no}"))
    keys.append(("name", f"{name_key(p.name)}|{p.birth_year or ''}"))
    return keys


def apply_restpartien(t: Tournament, doc: dict[str, Any]) -> tuple[Tournament, list[Problem]]:
    """Attach stored Restpartien to the players of ``t``; unmatched entries are reported."""
    index: dict[tuple[str, str], list[Player]] = {}
    for p in t.players:
        for k in _key_sets(p):
            index.setdefault(k, []).append(p)
    extra: dict[int, list[StoredGame]] = {}
    notes: list[Problem] = []
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
    return t.with_(players=players), notes
