"""Small tournament files and DSB lists for the check's tests, written into tmp_path.

Each helper builds only what a test names; the expected findings are read back from
these values in the tests, never retyped."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from dwz.cli.main import _register_optional, cli

_register_optional()

END = "2026-09-14"  # a past end date under the 2026 rules
DSB_HEADER = ("ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,"
              "DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land")


def player(no: int, name: str, **values: Any) -> dict[str, Any]:
    return {"no": no, "name": name, **values}


def established(n: int = 6, base: int = 1500, *, ids: bool = True) -> list[dict[str, Any]]:
    """``n`` players with DWZ, index, birth year and (``ids``) ZPS and member number — the portal finds them
    (nothing to find about them); without ``ids`` a list must identify them, by name and birth year."""
    club = lambda i: {"zps": "C0512", "member_no": str(i)} if ids else {}  # noqa: E731
    return [player(i, f"Spieler{chr(64 + i)}, Max", rating=base + 20 * i, index=10 + i, birth_year=1970 + i, **club(i))
            for i in range(1, n + 1)]


def round_robin(nos: Sequence[int]) -> list[dict[str, Any]]:
    """Every pair once, white the lower number, results alternating 1-0 / ½-½ / 0-1 — in the rounds
    of the circle method, so that everyone plays in every round (an odd field: one bye a round)."""
    results = ("1-0", "½-½", "0-1")
    pairs = [(a, b) for i, a in enumerate(nos) for b in nos[i + 1:]]  # the results by this order, the rounds by the circle
    round_of: dict[tuple[int, int], int] = {}
    ring: list[int | None] = [*nos, *([None] if len(nos) % 2 else [])]
    for rnd in range(1, len(ring)):
        for i in range(len(ring) // 2):
            a, b = ring[i], ring[len(ring) - 1 - i]
            if a is not None and b is not None:
                round_of[(a, b) if nos.index(a) < nos.index(b) else (b, a)] = rnd
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return [{"round": round_of[(a, b)], "white": a, "black": b, "result": results[k % 3]} for k, (a, b) in enumerate(pairs)]


def tournament(players: Sequence[dict[str, Any]], games: Sequence[dict[str, Any]] | None = None, **head: Any) -> str:
    """Our JSON of a tournament played at 90+30 — a rated time control (WO 4.2.2), so that the
    check finds only what a test builds in; ``time_control=None`` leaves it out."""
    doc = {"format": "dwz-tournament", "version": 1, "name": "Prüfturnier", "end": END, "time_control": "90+30", **head,
           "players": list(players),
           "games": list(games if games is not None else round_robin([p["no"] for p in players]))}
    return json.dumps(doc, ensure_ascii=False)


def dsb_row(pkz: str, zps: str, member: str, name: str, birth: int | str, dwz: int | str, index: int | str,
            last: str = "202630", fide_id: str = "", fed: str = "") -> str:
    return f'{pkz},{zps},{member},A,"{name}",M,D,{birth},{last},{dwz},{index},,,{fide_id},{fed}'


def dsb_list(*rows: str) -> str:
    return "\r\n".join([DSB_HEADER, *rows]) + "\r\n"


def list_for(players: Sequence[dict[str, Any]], last: str = "202630") -> str:
    """A DSB list agreeing with the players' DWZ, index and birth year."""
    return dsb_list(*(dsb_row(str(10000000 + p["no"]), "C0512", str(p["no"]), p["name"].replace(", ", ","), p["birth_year"],
                              p["rating"], p["index"], last) for p in players if p.get("rating")))


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def invoke(*args: object, lang: str = "de") -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args] + ["--lang", lang], catch_exceptions=False)


def check_json(*args: object, lang: str = "de") -> tuple[int, dict[str, Any]]:
    """``dwz check … --json``: (exit code, report)."""
    res = invoke("check", *args, "--json", lang=lang)
    return res.exit_code, json.loads(res.stdout)


def kinds(report: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [f for f in report["findings"] if f["kind"] == kind]
