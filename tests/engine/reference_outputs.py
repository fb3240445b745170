"""The reference corpus: inputs for every surface of the engine, so that a change can show
what it moved (``golden.py`` stores their numbers readably, ``test_golden.py`` compares).

The corpus is every official vector case plus seeded generated inputs — single players
(Folge-DWZ, card lines, first DWZ, scenarios, Umstufung, FIDE Elo, initial ratings,
compression), whole tournaments (newcomers with Restpartien, foreign players, non-members,
computers, forfeits, byes, both editions, every option) and a generated history.  Each case
gives its outputs (``to_dict`` in German and English, the Rechenweg, tables).  Only the
public API is used here, so that the corpus means the same before and after any internal
change.  ``python -m tests.engine.reference_outputs --dump DIR`` writes every output whole,
to diff two commits by hand.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import dwz
import dwz.elo
from tests.conftest import VECTORS, load_json

TODAY = date(2026, 10, 1)  # fixed: warnings about far-future end dates must not depend on the day the test runs

Case = tuple[str, Callable[[], Any]]


def _both(result: Any) -> dict[str, Any]:
    return {"de": result.to_dict("de"), "en": result.to_dict("en")}


def _safe(fn: Callable[[], Any]) -> Callable[[], Any]:
    """Errors are outputs too (their problems, in both languages)."""

    def run() -> Any:
        try:
            return fn()
        except dwz.InputError as e:
            return {"error": [p.to_dict("de") for p in e.problems], "error_en": e.messages("en")}

    return run


def _end(value: str) -> date:
    return date(int(value), 7, 1) if len(value) == 4 else date.fromisoformat(value)


def _person(p: dict[str, Any]) -> dict[str, Any]:
    if p.get("birth_year") is not None:
        return {"birth_year": p["birth_year"]}
    if p.get("age_group") is not None:
        return {"age_group": p["age_group"]}
    return {}


# --- single players ---------------------------------------------------------------------------


def vector_cases() -> Iterator[Case]:
    for c in load_json(VECTORS / "dwz.json"):
        p = c["player"]
        games = [tuple(g) for g in c["games"]]
        end = _end(c["end"])
        person = _person(p)
        if p["rating"] is None:
            rest = [tuple(g) for g in c["restpartien"]]
            yield (f"vec/{c['id']}/first", _safe(lambda g=games, r=rest, e=end, pp=person: _both(
                dwz.first_rating(g, restpartien=r, end=e, today=TODAY, **pp))))
            yield (f"vec/{c['id']}/scen", _safe(lambda g=games, r=rest, e=end, pp=person: _both(
                dwz.scenarios(None, [o for o, _ in g], restpartien=r, end=e, today=TODAY, **pp))))
            continue
        yield (f"vec/{c['id']}/rate", _safe(lambda p=p, g=games, e=end, pp=person: _both(
            dwz.rate(p["rating"], g, index=p["index"], end=e, today=TODAY, **pp))))
        yield (f"vec/{c['id']}/scen", _safe(lambda p=p, g=games, e=end, pp=person: _both(
            dwz.scenarios(p["rating"], [o for o, _ in g], index=p["index"], end=e, today=TODAY, **pp))))
        if c.get("aggregate"):
            a = c["aggregate"]
            yield (f"vec/{c['id']}/card", _safe(lambda p=p, a=a, e=end, pp=person: _both(
                dwz.rate(p["rating"], points=a["W"], count=a["n"], expected=a["We"], index=p["index"], end=e, today=TODAY, **pp))))
    for c in load_json(VECTORS / "fide-historic.json"):
        per = date.fromisoformat(c["period"][:7] + "-01")
        games = [tuple(g) for g in c["games"]]
        yield (f"fide/{c['id']}", _safe(lambda c=c, g=games, per=per: _both(dwz.elo.rate(c["rating"], g, k=c["expect"]["K"], period=per))))


RESULTS = (1, 0, 0.5, "½", "1-0", "0-1", "=", "+", "-", 1, 0, 0.5, 1, 0)


def _games(rng: random.Random, r0: int, n: int, spread: int = 250) -> list[Any]:
    out: list[Any] = []
    for _ in range(n):
        u = rng.random()
        opp: Any = max(100, min(3200, int(rng.gauss(r0, spread))))
        if u < 0.04:
            opp = None
        elif u < 0.08:
            opp = str(opp)
        res = rng.choice(RESULTS)
        form = rng.random()
        if form < 0.7:
            out.append((opp, res))
        elif form < 0.85:
            out.append(f"{opp if opp is not None else '?'}:{res}")
        else:
            out.append({"opponent": opp, "result": res})
    return out


def _who(rng: random.Random, end: date) -> dict[str, Any]:
    u = rng.random()
    if u < 0.45:
        return {"birth_year": rng.randint(end.year - 80, end.year - 6)}
    if u < 0.8:
        return {"age_group": rng.choice(("youth", "junior", "adult"))}
    return {}


ENDS = (date(2012, 3, 4), date(2019, 11, 30), date(2025, 5, 1), date(2026, 6, 7), date(2026, 6, 8), date(2026, 9, 14),
        date(2027, 2, 1))


def generated_players(seed: int = 20260608, count: int = 1500) -> Iterator[Case]:
    rng = random.Random(seed)
    for k in range(count):
        end = rng.choice(ENDS)
        r0 = rng.choice((rng.randint(300, 1300), rng.randint(1000, 2300), rng.randint(1900, 2800)))
        index = rng.choice((None, None, 0, 1, 2, 3, 5, 6, 12, rng.randint(1, 90)))
        rating: Any = f"{r0}-{index}" if index is not None and rng.random() < 0.5 else r0
        kw: dict[str, Any] = {"end": end if rng.random() < 0.7 else end.isoformat(), "today": TODAY, **_who(rng, end)}
        if not isinstance(rating, str) and index is not None:
            kw["index"] = index
        if rng.random() < 0.1:
            kw["rules"] = rng.choice(("classic", "2026", "dwz-classic", "dwz-2026"))
        if rng.random() < 0.12:  # a card line W / n / We
            n = rng.randint(1, 12)
            kw.update(points=rng.randint(0, 2 * n) / 2, count=n, expected=round(rng.uniform(0, n), 3))
            yield (f"gen/card/{k}", _safe(lambda r=rating, kw=kw: _both(dwz.rate(r, **kw))))
            continue
        games = _games(rng, r0, rng.choice((0, 1, 3, 5, 7, 9, 9, 11, 15)), rng.choice((80, 250, 500)))
        yield (f"gen/rate/{k}", _safe(lambda r=rating, g=games, kw=kw: _both(dwz.rate(r, g, **kw))))


def generated_first(seed: int = 983, count: int = 400) -> Iterator[Case]:
    rng = random.Random(seed)
    for k in range(count):
        end = rng.choice(ENDS)
        level = rng.choice((700, 1000, 1400, 1800, 2200))
        games = _games(rng, level, rng.choice((2, 4, 5, 6, 8, 9)), 200)
        rest = _games(rng, level, rng.choice((0, 0, 1, 2, 4)), 200)
        kw: dict[str, Any] = {"end": end, "today": TODAY, **_who(rng, end)}
        yield (f"gen/first/{k}", _safe(lambda g=games, r=rest, kw=kw: _both(dwz.first_rating(g, restpartien=r, **kw))))


def generated_scenarios(seed: int = 1650, count: int = 200) -> Iterator[Case]:
    rng = random.Random(seed)
    for k in range(count):
        end = rng.choice(ENDS)
        r0 = rng.randint(800, 2600)
        opps = [max(100, int(rng.gauss(r0, 200))) for _ in range(rng.randint(1, 9))]
        played = _games(rng, r0, rng.choice((0, 0, 2, 4)), 200)
        kw: dict[str, Any] = {"end": end, "today": TODAY, "played": played, **_who(rng, end)}
        if rng.random() < 0.3:
            rest = _games(rng, r0, rng.randint(0, 3), 200)
            yield (f"gen/scen-first/{k}", _safe(lambda o=opps, r=rest, kw=kw: _both(dwz.scenarios(None, o, restpartien=r, **kw))))
        else:
            rating = f"{r0}-{rng.randint(0, 40)}" if rng.random() < 0.8 else str(r0)
            yield (f"gen/scen/{k}", _safe(lambda rt=rating, o=opps, kw=kw: _both(dwz.scenarios(rt, o, **kw))))


def generated_umstufung() -> Iterator[Case]:
    for v in sorted({*range(1, 3001, 37), 699, 700, 701, 999, 1000, 1100, 2109, 2110, 2111}):
        yield (f"umst/{v}", _safe(lambda v=v: _both(dwz.umstufung(f"{v}-{v % 30}"))))
        yield (f"umst-inv/{v}", _safe(lambda v=v: _both(dwz.umstufung(f"{v}-{v % 30}", inverse=True))))
    for v in (1000, 1234, 1999, 2000, 2400):
        yield (f"compress/{v}", _safe(lambda v=v: _both(dwz.elo.compression_2024(v))))


PERIODS = (date(2008, 6, 1), date(2010, 5, 1), date(2015, 1, 1), date(2022, 6, 1), date(2024, 3, 1), date(2025, 9, 1),
           date(2025, 10, 1), date(2026, 9, 1))


def generated_elo(seed: int = 2224, count: int = 400) -> Iterator[Case]:
    rng = random.Random(seed)
    for k in range(count):
        per = rng.choice(PERIODS)
        r0 = rng.choice((rng.randint(1000, 2000), rng.randint(1800, 2500), rng.randint(2550, 2850)))
        games = _games(rng, r0, rng.choice((0, 1, 5, 9, 11, 30)), rng.choice((150, 400, 700)))
        kw: dict[str, Any] = {"period": per}
        u = rng.random()
        if u < 0.4:
            kw["k"] = rng.choice((10, 15, 20, 40))
        else:
            kw.update(birth_year=rng.choice((None, rng.randint(1950, 2015))), games_played=rng.choice((None, 5, 29, 30, 400)),
                      reached_2400=rng.random() < 0.1, reached_2300=rng.random() < 0.1)
        if rng.random() < 0.15:
            kw["mode"] = "game"
        if rng.random() < 0.1:
            kw["expectation"] = "logistic"
        yield (f"gen/elo/{k}", _safe(lambda r=r0, g=games, kw=kw: _both(dwz.elo.rate(r, g, **kw))))
    for k in range(200):
        per = rng.choice(PERIODS)
        level = rng.choice((1200, 1500, 1800, 2100, 2400))
        if rng.random() < 0.3:
            events: Any = [[(max(1000, int(rng.gauss(level, 150))), rng.choice((1, 0, 0.5))) for _ in range(rng.randint(1, 5))]
                           for _ in range(rng.randint(2, 3))]
        else:
            events = [(max(1000, int(rng.gauss(level, 150))), rng.choice((1, 0, 0.5, "+"))) for _ in range(rng.randint(1, 9))]
        yield (f"gen/elo-initial/{k}", _safe(lambda ev=events, per=per: _both(dwz.elo.initial_rating(ev, period=per))))


# --- tournaments ------------------------------------------------------------------------------


def random_tournament(rng: random.Random, k: int) -> tuple[dwz.Tournament, dict[str, Any]]:
    """A small tournament with every kind of participant and pairing the evaluation knows."""
    R = dwz.Result
    end = rng.choice(ENDS)
    n = rng.choice((2, 4, 6, 8, 10, 14, 20, 30))
    level = rng.choice((900, 1300, 1700, 2100))
    players: list[dwz.Player] = []
    for no in range(1, n + 1):
        kind = rng.random()
        by = rng.choice((None, rng.randint(end.year - 70, end.year - 8)))
        strength = int(rng.gauss(level, 250))
        rest: tuple[dwz.StoredGame, ...] = ()
        if kind < 0.2:  # newcomer, some with Restpartien (a few expired)
            if rng.random() < 0.5:
                rest = tuple(dwz.StoredGame(max(500, int(rng.gauss(level, 200))), rng.choice((R.WIN, R.DRAW, R.LOSS)),
                                            end - timedelta(days=rng.choice((30, 200, 700, 800))), f"T{k}-{j}")
                             for j in range(rng.randint(1, 4)))
            players.append(dwz.Player(no, f"Neu {no}", None, None, birth_year=by, member=rng.random() < 0.85, restpartien=rest,
                                      elo=rng.choice((None, None, None, max(1400, strength)))))
        elif kind < 0.27:  # foreign: Elo only
            players.append(dwz.Player(no, f"Gast {no}", None, None, elo=max(1000, strength), birth_year=by, fide_k=rng.choice((None, 20))))
        else:
            idx = rng.choice((None, 1, 2, 4, 8, 15, 40))
            players.append(dwz.Player(no, f"Spieler {no}", max(100, strength), idx, birth_year=by,
                                      elo=rng.choice((None, None, max(1000, strength + 50))), member=rng.random() < 0.95,
                                      computer=rng.random() < 0.02))
    pairings: list[dwz.Pairing] = []
    rounds = rng.randint(1, min(9, max(1, n - 1)))
    for rnd in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        if len(order) % 2:
            pairings.append(dwz.Pairing(rnd, order.pop(), None, rng.choice((R.BYE_PAIRING, R.BYE_HALF, R.BYE_ZERO, R.FORFEIT_WIN))))
        while order:
            a, b = order.pop(), order.pop()
            u = rng.random()
            if u < 0.04:
                ra, rb = R.FORFEIT_WIN, R.FORFEIT_LOSS
            elif u < 0.05:
                ra, rb = R.FORFEIT_LOSS, R.FORFEIT_LOSS
            else:
                ra = rng.choice((R.WIN, R.DRAW, R.LOSS))
                rb = ra.reversed()
            pairings.append(dwz.Pairing(rnd, a, b, ra, rb))
    t = dwz.Tournament(f"Zufall {k}", end, tuple(players), tuple(pairings), rated=rng.random() > 0.03, code=f"A{k:03d}-000-K{k % 10}X")
    opts: dict[str, Any] = {}
    if rng.random() < 0.3:
        opts = {"options": dwz.EvaluationOptions(
            classic_foreign_e_index=rng.choice((1, 6)), use_elo_for_unrated=rng.random() < 0.8, use_elo_from_2400=rng.random() < 0.2,
            sonderwertung=rng.random() < 0.9, sonderwertung_extremes=rng.random() < 0.7, restpartien_vs_stage2=rng.random() < 0.3,
            store_restpartien=rng.random() < 0.9)}
    if rng.random() < 0.05:
        opts["rules"] = rng.choice(("dwz-classic", "dwz-2026"))
    return t, opts


def _tour(ev: Any) -> dict[str, Any]:
    from dwz.reports.table import to_csv

    return {"de": ev.to_dict("de"), "en": ev.to_dict("en"), "lean": ev.to_dict("de", steps=False), "csv": to_csv(ev, "de"),
            "rechenweg": [pe.rechenweg("en") for pe in ev.players]}


def generated_tournaments(seed: int = 2011, count: int = 300) -> Iterator[Case]:
    rng = random.Random(seed)
    for k in range(count):
        t, opts = random_tournament(rng, k)
        yield (f"tour/{k}", _safe(lambda t=t, opts=opts: _tour(dwz.evaluate_tournament(t, **opts))))


def sample_tournaments() -> Iterator[Case]:
    from tests.conftest import SAMPLES

    for path in sorted(p for p in (SAMPLES / "swi").glob("*") if p.suffix != ".md") + sorted((SAMPLES / "trf").glob("*.trf")):
        yield (f"sample/{path.name}", _safe(lambda path=path: _tour(dwz.evaluate_tournament(dwz.read_tournament(path)))))


# --- history ----------------------------------------------------------------------------------


def history_snapshot(players: int = 2500, tournaments: int = 600, seed: int = 5) -> dict[str, Any]:
    from dwz.history import open_store, run
    from dwz.history.compare import compare
    from dwz.history.generate import generate

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "h.sqlite"
        generate(db, players=players, tournaments=tournaments, seed=seed)
        conn = open_store(db)
        run(conn)
        out = _history_rows(conn)
        out["compare"] = compare(conn).to_dict()
        conn.close()
    return out


def _history_rows(conn: sqlite3.Connection) -> dict[str, Any]:
    def rows(sql: str) -> list[list[Any]]:
        return [[v.hex() if isinstance(v, bytes) else v for v in r] for r in conn.execute(sql)]

    return {
        "evaluations": rows("SELECT * FROM evaluations ORDER BY tournament, player"),
        "players": rows("SELECT id, cur_rating, cur_index FROM players ORDER BY id"),
        "restpartien": rows("SELECT player, opponent, halves, played FROM restpartien ORDER BY player, played, opponent, halves"),
    }


def history_cases() -> Iterator[Case]:
    yield ("history/generated", history_snapshot)


def cli_cases() -> Iterator[Case]:
    """The terminal output of the README's commands (fixed width, both languages)."""
    from click.testing import CliRunner

    from dwz.cli.main import _register_optional, cli

    _register_optional()
    commands = [
        ["rate", "1650-12", "--born", "1985", "--end", "2026-09-14", "1580:1", "1720:=", "1810:0", "1600:1", "1690:="],
        ["rate", "2085", "--age-group", "youth", "--end", "1995-07-01", "1551:1", "1828:1", "2310:=", "2211:0", "2082:=", "1547:1"],
        ["rate", "2065-14", "--age-group", "adult", "--end", "2026-03-01", "--points", "0.5", "--count", "1", "--expected", "0.578"],
        ["first", "894:1", "1087:0", "905:1", "1255:0", "--rest", "1177:0", "--end", "2014-08-01", "--age-group", "youth"],
        ["scenarios", "1650-12", "1580", "1720", "1810", "1600", "1690", "--born", "1985", "--end", "2026-09-14"],
        ["umstufung", "2063-15"], ["umstufung", "2110", "--inverse"],
        ["elo", "2224", "2319:0", "2181:1", "2246:1", "2261:=", "2312:0", "2297:0", "2144:1", "--k", "15", "--period", "2010-05-01"],
        ["elo", "--initial", "1500:1", "1600:=", "1700:0", "1650:=", "1550:=", "--period", "2026-01-01"],
    ]
    for i, cmd in enumerate(commands):
        for j, extra in enumerate(([], ["--explain"], ["--lang", "en", "--explain"], ["--json"])):
            if cmd[0] == "scenarios" and "--explain" in extra:
                extra = [x for x in extra if x != "--explain"]
            args = cmd + extra

            def invoke(args: list[str] = args) -> Any:
                res = CliRunner().invoke(cli, args, env={"COLUMNS": "120"})
                return {"code": res.exit_code, "out": res.output}

            yield (f"cli/{i}/{j}", invoke)


def all_cases() -> Iterator[Case]:
    yield from vector_cases()
    yield from generated_players()
    yield from generated_first()
    yield from generated_scenarios()
    yield from generated_umstufung()
    yield from generated_elo()
    yield from generated_tournaments()
    yield from sample_tournaments()
    yield from cli_cases()
    yield from history_cases()


def dump(folder: Path) -> int:
    """Every case's outputs whole, one JSON file each; returns the number of cases."""
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for key, fn in all_cases():
        f = folder / (key.replace("/", "__") + ".json")
        f.write_text(json.dumps(fn(), ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
        count += 1
    return count


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", type=Path, required=True, help="folder for one JSON file per case")
    args = ap.parse_args()
    print(f"{dump(args.dump)} cases")


if __name__ == "__main__":
    main()
