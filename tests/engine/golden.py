"""Golden numbers: what the engine computes for the reference corpus, stored readably.

The corpus (``reference_outputs.py``: every official vector case and thousands of generated
players, card lines, first DWZ, scenarios, Umstufung, FIDE Elo, tournaments, CLI runs and a
history) is evaluated and each case reduced to one flat record of numbers — new rating and
index, W, n, We, E or K with its components, Rc, Leistung, Ri, status or eligibility, the
rules, the codes of warnings and assumptions, the number of Rechenweg steps; a tournament
adds one record per player (``tour/7#3``), the history one record per 25 players.  They are
stored in ``data/golden.json``, one case per line, so that a change shows in ``git diff`` as
the cases and numbers that moved.  A few Rechenwege are stored whole, as text, in German and
English (``data/rechenweg/*.txt``).

Rewrite both after an intended change (and review the diff)::

    python -m tests.engine.golden --write

``python -m tests.engine.golden`` alone compares and prints what moved.  ``test_golden.py``
does the same inside the test suite.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import dwz
from tests.engine import reference_outputs as ro

DATA = Path(__file__).resolve().parent / "data"
GOLDEN = DATA / "golden.json"
RECHENWEG = DATA / "rechenweg"

Record = dict[str, Any]

# keys of a result's to_dict that are input echoed, text, or follow from the record's other numbers
_DROP = frozenset({"kind", "end", "period", "age", "age_source", "W_minus_We", "name", "club", "zps", "member_no", "dsb_id",
                   "fide_id", "birth_year", "member", "label", "message", "title", "formula", "calculation", "note", "values",
                   "tournament", "opponent", "opponent_no", "round", "options", "restpartien", "teams", "players", "no",
                   "change", "coefficient_index", "age_assumed", "E_unrounded", "K_unrounded", "E_max", "evaluated",
                   "Rc_exact", "candidates_range", "rules_text",
                   # the components of E or K: E and K themselves are recorded (the differential test checks the parts)
                   "E0", "fB", "SBr", "J", "K0", "a", "b", "K0_row", "K0_column"})


def _codes(items: list[Any]) -> list[Any]:
    """Repeated codes counted ("half_game_dropped×24"), in their order."""
    counts = Counter(x for x in items if isinstance(x, str))
    out: list[Any] = []
    for x in items:
        if not isinstance(x, str):
            out.append(x)
        elif counts[x]:
            out.append(x if counts[x] == 1 else f"{x}×{counts[x]}")
            counts[x] = 0
    return out


def _num(v: Any) -> Any:
    """A float to six decimals (enough to see any move, short enough to read)."""
    return round(v, 6) if isinstance(v, float) else v


def _item(v: Any) -> Any:
    """One element of a list in a result: a problem by its code, a step by its key, a line by its numbers."""
    if isinstance(v, dict):
        for key in ("code", "key", "reason"):
            if v.get(key) is not None:
                return v[key] if key != "reason" else f"{v.get('opponent_rating', v.get('opponent'))}:{v[key]}"
        if "old" in v and "new" in v:  # a scale conversion
            return f"{v['old']}→{v['new']}"
        if "new_rating" in v:  # a scenario row
            return v["new_rating"]
        if "opponent" in v and "result" in v:  # a stored game
            return f"{v['opponent']}:{v['result']}"
        return {k: _num(x) for k, x in v.items() if not isinstance(x, (dict, list)) and k not in _DROP}
    if isinstance(v, (list, tuple)):
        return [_item(x) for x in v]
    return _num(v)


def flat(d: dict[str, Any]) -> Record:
    """A result's ``to_dict`` as one flat record: its numbers and codes, no texts."""
    out: Record = {}
    for k, v in d.items():
        if k in _DROP:
            continue
        if k == "steps":
            out["steps"] = len(v)
        elif k == "games":  # the lines: how many counted of how many
            out["games"] = f"{sum(1 for g in v if g.get('counted'))}/{len(v)}"
        elif k == "strength_class":
            out[k] = v["key"] if isinstance(v, dict) else v
        elif k in ("elo", "elo_initial"):
            if v is not None and v.get("new_rating") is not None:
                out[k] = v["new_rating"]
        elif k == "histogram":
            out[k] = " ".join(f"{b['from']}:{b['count']}" for b in v)
        elif isinstance(v, dict):
            for kk, x in v.items():
                if not isinstance(x, (dict, list)) and kk not in _DROP:
                    out[f"{k}.{kk}"] = _num(x)
        elif isinstance(v, list):
            if v:
                out[k] = _codes(_item(v))
        elif v is not None:
            out[k] = _num(v)
    return out


def _error(value: dict[str, Any]) -> Record:
    return {"error": [f"{p['field']}:{p['code']}" for p in value["error"]]}


def records(key: str, value: Any) -> Iterator[tuple[str, Record]]:
    """The records of one case of the corpus (``reference_outputs.all_cases``)."""
    if isinstance(value, dict) and "error" in value:
        yield key, _error(value)
    elif key.startswith("cli/"):
        lines = value["out"].splitlines()
        yield key, {"code": value["code"], "head": lines[0] if lines else "", "lines": len(lines)}
    elif key.startswith("history/"):
        yield from _history(key, value)
    elif isinstance(value, dict) and "csv" in value:  # a tournament
        d = value["de"]
        head = {k: v for k, v in flat(d).items()}
        head["players"] = len(d["players"])
        yield key, head
        for p in d["players"]:
            yield f"{key}#{p['no']}", flat(p)
    else:
        rec = flat(value["de"])
        en = flat(value["en"])
        if en != rec:  # the numbers do not depend on the language: a difference is shown as its own field
            rec["en_differs"] = sorted(k for k in set(rec) | set(en) if rec.get(k) != en.get(k))
        yield key, rec


def _history(key: str, value: dict[str, Any]) -> Iterator[tuple[str, Record]]:
    statuses = Counter(row[3] for row in value["evaluations"])
    yield f"{key}/evaluations", {"rows": len(value["evaluations"]), **dict(sorted(statuses.items()))}
    players = value["players"]
    for start in range(0, len(players), 25):
        chunk = players[start:start + 25]
        yield f"{key}/players/{chunk[0][0]:05d}", {
            "dwz": " ".join("-" if r is None else (f"{r}-{i}" if i is not None else str(r)) for _, r, i in chunk)}
    yield f"{key}/restpartien", {"rows": len(value["restpartien"])}
    yield f"{key}/compare", flat(value["compare"])


def compute(groups: set[str] | None = None) -> dict[str, Record]:
    out: dict[str, Record] = {}
    for key, fn in ro.all_cases():
        if groups is not None and key.split("/")[0] not in groups:
            continue
        for k, rec in records(key, fn()):
            assert k not in out, k
            out[k] = rec
    return out


def load() -> dict[str, Record]:
    stored: dict[str, Record] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return stored


def dumps(recs: dict[str, Record]) -> str:
    """One case per line (JSON), in corpus order: a moved number is a changed line in a diff."""
    lines = [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False, separators=(', ', ': '))}"
             for k, v in recs.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def difference(stored: dict[str, Record], now: dict[str, Record], limit: int = 40) -> list[str]:
    """What moved, readably: a case per line with each changed field as ``old → new``."""
    out: list[str] = []
    for k in stored.keys() | now.keys():
        if k not in now:
            out.append(f"{k}: gone (was {stored[k]})")
        elif k not in stored:
            out.append(f"{k}: new {now[k]}")
        elif stored[k] != now[k]:
            a, b = stored[k], now[k]
            fields = [f"{f} {a.get(f, '∅')!r} → {b.get(f, '∅')!r}" for f in [*a, *(f for f in b if f not in a)] if a.get(f) != b.get(f)]
            out.append(f"{k}: " + "; ".join(fields))
    out.sort()
    if len(out) > limit:
        out = [*out[:limit], f"… and {len(out) - limit} more"]
    return out


# --- Rechenwege as text ------------------------------------------------------------------------


def rechenweg_text(steps: list[dict[str, Any]]) -> str:
    """A rendered Rechenweg (``to_dict(lang)["steps"]``) as plain text: title and rule, formula, calculation."""
    from dwz.i18n import calculation_line

    lines = []
    for i, s in enumerate(steps, 1):
        head = f"{i:2d}. {s['title']}" + (f"  ({s['rule']})" if s.get("rule") else "")
        lines.append(head + ("  [Annahme]" if s.get("assumption") else ""))
        if s.get("formula"):
            lines.append(f"    {s['formula']}")
        if s.get("calculation"):
            lines.append(f"    {calculation_line(s['calculation'])}")
    return "\n".join(lines) + "\n"


def _sample_player(name: str, no: int) -> Callable[[str], list[dict[str, Any]]]:
    def steps(lang: str) -> list[dict[str, Any]]:
        from tests.conftest import SAMPLES

        ev = dwz.evaluate_tournament(dwz.read_tournament(SAMPLES / "swi" / name))
        return list(ev.player(no).rechenweg(lang))

    return steps


def _api(fn: Callable[[], Any]) -> Callable[[str], list[dict[str, Any]]]:
    def steps(lang: str) -> list[dict[str, Any]]:
        return list(fn().to_dict(lang)["steps"])

    return steps


T = ro.TODAY
GAMES = [(1580, 1), (1720, 0.5), (1810, 0), (1600, 1), (1690, 0.5)]
# (file name, what it shows, the steps in a language)
SNAPSHOTS: tuple[tuple[str, str, Callable[[str], list[dict[str, Any]]]], ...] = (
    ("rate-2026", "dwz.rate('1650-12', 5 games, birth_year=1985, end=2026-09-14)",
     _api(lambda: dwz.rate("1650-12", GAMES, birth_year=1985, end="2026-09-14", today=T))),
    ("rate-classic", "dwz.rate(2085, 6 games, age_group=youth, end=1995-07-01)",
     _api(lambda: dwz.rate(2085, [(1551, 1), (1828, 1), (2310, 0.5), (2211, 0), (2082, 0.5), (1547, 1)], age_group="youth",
                           end="1995-07-01", today=T))),
    ("card-classic", "dwz.rate('2065-14', points=0.5, count=1, expected=0.578, end=2026-03-01)",
     _api(lambda: dwz.rate("2065-14", points=0.5, count=1, expected=0.578, age_group="adult", end="2026-03-01", today=T))),
    ("first-classic", "dwz.first_rating(4 games, restpartien=1, age_group=youth, end=2014-08-01)",
     _api(lambda: dwz.first_rating([(894, 1), (1087, 0), (905, 1), (1255, 0)], restpartien=[(1177, 0)], age_group="youth",
                                   end="2014-08-01", today=T))),
    ("first-2026", "dwz.first_rating(6 games, birth_year=2012, end=2026-10-01)",
     _api(lambda: dwz.first_rating([(1450, 1), (1520, 0.5), (1610, 0), (1390, 1), (1480, 0.5), (1555, 0)], birth_year=2012,
                                   end="2026-10-01", today=T))),
    ("rate-2026-old-scale", "dwz.rate('900-10', 3 games, end=2026-09-14, scale=old)",
     _api(lambda: dwz.rate("900-10", [(950, 1), (850, 0), (1000, 0.5)], end="2026-09-14", scale="old", today=T))),
    ("tournament-classic", "stadtmeisterschaft_le_2011.cp850.swi, player 1",
     _sample_player("stadtmeisterschaft_le_2011.cp850.swi", 1)),
    ("umstufung", "dwz.umstufung('2063-15')", _api(lambda: dwz.umstufung("2063-15"))),
    ("elo", "dwz.elo.rate(2224, 7 games, k=15, period=2010-05-01)",
     _api(lambda: dwz.elo.rate(2224, [(2319, 0), (2181, 1), (2246, 1), (2261, 0.5), (2312, 0), (2297, 0), (2144, 1)], k=15,
                               period="2010-05-01"))),
)


def snapshots() -> dict[str, str]:
    """Each snapshot's file name → its text (a header line naming the call, then the steps)."""
    out = {}
    for name, what, steps in SNAPSHOTS:
        for lang in ("de", "en"):
            out[f"{name}.{lang}.txt"] = f"# {what}\n" + rechenweg_text(steps(lang))
    return out


def snapshot_difference(name: str, stored: str, now: str) -> str:
    return "".join(difflib.unified_diff(stored.splitlines(True), now.splitlines(True), f"stored/{name}", f"now/{name}"))


def write() -> None:
    GOLDEN.write_text(dumps(compute()), encoding="utf-8")
    RECHENWEG.mkdir(exist_ok=True)
    for old in RECHENWEG.glob("*.txt"):
        old.unlink()
    for name, content in snapshots().items():
        (RECHENWEG / name).write_text(content, encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="rewrite data/golden.json and data/rechenweg/*.txt")
    args = ap.parse_args()
    if args.write:
        write()
        print(f"written: {GOLDEN} and {RECHENWEG}/")
        return 0
    moved = difference(load(), compute(), limit=10**9)
    for name, content in snapshots().items():
        path = RECHENWEG / name
        stored = path.read_text(encoding="utf-8") if path.exists() else ""
        if stored != content:
            moved.append(snapshot_difference(name, stored, content))
    print("\n".join(moved) or "nothing moved")
    return 1 if moved else 0


if __name__ == "__main__":
    sys.exit(main())
