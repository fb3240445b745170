"""One question, one answer (issue 23): every surface asks the same core code.

* The differential test (issue 23, "Done when"): random single players through the Python API, ``dwz rate
  … --json`` and ``POST /api/dwz`` give equal numbers and steps; every rated player of a random round robin
  gets from ``evaluate_tournament`` the numbers and the Rechenweg ``dwz.rate`` gives on his games.
* One notation of a game (issue 22 §5): a game reads alike on the CLI, in the API and in the page's paste,
  and ``1580-1`` (a result or a DWZ-index?) is refused by all of them with the same hint.

* Folge-DWZ or first DWZ is decided once (:func:`dwz.core.player.evaluate`): the Python API, the
  CLI (``dwz rate``) and the API (``POST /api/dwz``) refuse the same contradictions with the same
  problem — a DWZ of 0 with an index, Restpartien beside a DWZ — and pick the same kind of result.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwz
from dwz.core.player import evaluate
from dwz.core.player_records import FirstRatingResult, RatingResult
from dwz.core.readings import evaluate_readings
from dwz.web.app import create_app
from tests.conftest import dwz_command

END = "2026-09-14"
GAMES = ["1580:1", "1720:½", "1810:0", "1600:1", "1690:0"]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*dwz_command(), *args], capture_output=True, text=True, encoding="utf-8", timeout=60,
                          env={"DWZ_LANG": "de", "COLUMNS": "200", "PATH": ""})


def essence(d: dict[str, Any]) -> dict[str, Any]:
    """A result as numbers and steps (key, rule, values, assumption): what every surface must give alike —
    the wording of a hint may follow the surface ("--stand" on the CLI, "rating_date" in the API)."""
    out = {k: v for k, v in d.items() if k not in ("steps", "assumptions", "warnings")}
    out["warnings"] = [(w.get("field"), w.get("code"), w.get("value")) for w in d.get("warnings", [])]
    out["steps"] = [(s["key"], s["rule"], s["assumption"], s["values"]) for s in d.get("steps", [])]
    if out.get("readings"):  # both readings' numbers; their texts name the fix as the surface does
        out["readings"] = {k: v for k, v in out["readings"].items() if k != "texts"}
    return out


# --- one decision: Folge-DWZ or first DWZ ------------------------------------------------------------

# (case, Python API keywords, CLI arguments, API body, the problem's field in the API / in the core, its code)
CONTRADICTIONS = [
    ("zero with index option", {"rating": "0", "index": "5"}, ["0", "--index", "5"], {"rating": "0", "index": "5"}, "index",
     "index_without_rating"),
    ("zero with index written", {"rating": "0-5"}, ["0-5"], {"rating": "0-5"}, "rating", "index_without_rating"),
    ("restpartien beside a DWZ", {"rating": "1650-12", "restpartien": ["1500:1"]}, ["1650-12", "--rest", "1500:1"],
     {"rating": "1650-12", "restpartien": ["1500:1"]}, "restpartien", "restpartien_with_rating"),
    ("own scale without a DWZ", {"rating": "", "own_scale": "old"}, ["0", "--alt", "eigene"], {"rating": "", "own_scale": "old"},
     "own_scale", "own_scale_no_rating"),
]


@pytest.mark.parametrize(("case", "kw", "args", "body", "field", "code"), CONTRADICTIONS, ids=[c[0] for c in CONTRADICTIONS])
def test_each_surface_refuses_the_same_contradiction(client: TestClient, case: str, kw: dict[str, Any], args: list[str],
                                                     body: dict[str, Any], field: str, code: str) -> None:
    rating = kw.pop("rating")
    with pytest.raises(dwz.InputError) as e:
        evaluate(rating, GAMES, end=END, **kw)
    assert [(p.field, p.code) for p in e.value.problems] == [(field, code)]
    r = client.post("/api/dwz", json={**body, "games": GAMES, "end": END})
    assert r.status_code == 422
    assert [(d["loc"], d["type"]) for d in r.json()["detail"]] == [(["body", field], code)]
    p = _cli("rate", *args, *GAMES, "--end", END)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert e.value.problems[0].message("de").split(" (")[0].split(":")[0] in p.stderr


@pytest.mark.parametrize(("rating", "kind"), [("1650-12", RatingResult), ("1650", RatingResult), ("", FirstRatingResult),
                                              ("0", FirstRatingResult), (None, FirstRatingResult)])
def test_each_surface_picks_the_same_kind(client: TestClient, rating: str | None, kind: type) -> None:
    res = evaluate(rating, GAMES, end=END)
    assert isinstance(res, kind)
    want = evaluate_readings(rating, GAMES, end=END).to_dict("de")  # the one entry: with both readings where in doubt
    body = {"games": GAMES, "end": END, **({"rating": rating} if rating is not None else {})}
    assert essence(client.post("/api/dwz", json=body).json()) == essence(want)
    if rating is not None:
        out = _cli("rate", rating, *GAMES, "--end", END, "--json")
        assert out.returncode == 0, out.stderr
        assert essence(json.loads(out.stdout)) == essence(want)


def test_a_card_line_without_a_dwz_is_no_first_dwz() -> None:
    """W / n / We of a card line belong to a Folge-DWZ: without the DWZ the own value is missing, never
    read as a newcomer's games (the CLI took ``dwz rate 0 -n 5 …`` for a first DWZ before)."""
    with pytest.raises(dwz.InputError) as e:
        evaluate("0", None, end=END, points=3, count=5, expected=2.5)
    assert [p.code for p in e.value.problems] == ["rating_missing"]
    p = _cli("rate", "0", "-W", "3", "-n", "5", "--expected", "2.5", "--end", END)
    assert p.returncode == 2 and "Keine DWZ angegeben" in p.stderr


# --- one notation of a game (issue 22 §5) -----------------------------------------------------------

READ_ALIKE = ["1580:1", "1580 : ½", "1580;0", "1580-½", "1580-1-0", "1580:0-1", "?:1", "1580:+"]


@pytest.mark.parametrize("text", READ_ALIKE)
def test_a_game_reads_alike_on_every_surface(client: TestClient, text: str) -> None:
    """The CLI's argument, the API's string and the page's paste are one grammar (dwz.basics.games.game_text)."""
    want = evaluate_readings("1650-12", [text], end=END).to_dict("de")
    assert essence(client.post("/api/dwz", json={"rating": "1650-12", "games": [text], "end": END}).json()) == essence(want)
    out = _cli("rate", "1650-12", text, "--end", END, "--json")
    assert out.returncode == 0, out.stderr
    assert essence(json.loads(out.stdout)) == essence(want)
    if " " not in text:  # the paste splits a line at spaces: a game with spaces is one per line there
        pasted = client.post("/api/dwz/games", json={"text": text})
        assert pasted.status_code == 200, pasted.text
        (row,) = pasted.json()["games"]
        assert essence(evaluate_readings("1650-12", [(row["opponent"], row["result"])], end=END).to_dict("de")) == essence(want)


@pytest.mark.parametrize("text", ["1580-1", "1580-0", "1600-12"])
def test_an_ambiguous_game_is_refused_alike_with_the_same_hint(client: TestClient, text: str) -> None:
    """"1580-1": a game won against 1580, or a DWZ 1580 with index 1?  Python API, CLI, API and paste refuse it
    with the same message, which writes it with the colon."""
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("1650-12", [text], end=END)
    ((field, code, hint),) = [(p.field, p.code, p.message("de")) for p in e.value.problems]
    assert (field, code) == ("games[0]", "game_ambiguous") and f"{text.replace('-', ':')}" in hint
    api = client.post("/api/dwz", json={"rating": "1650-12", "games": [text], "end": END}).json()["detail"]
    assert [(d["loc"], d["type"], d["msg"]) for d in api] == [(["body", "games", 0], code, hint)]
    pasted = client.post("/api/dwz/games", json={"text": f"1720:=\n{text}"})
    assert pasted.status_code == 422
    assert [(d["type"], d["msg"]) for d in pasted.json()["detail"]] == [(code, hint)]
    out = _cli("rate", "1650-12", text, "--end", END)
    assert out.returncode == 2 and hint in out.stderr


# --- the differential test: every surface, one answer (issue 23, "Done when") ------------------------

RESULTS = {"1": 1, "½": 0.5, "0": 0, "+": "+", "-": "-"}  # as typed on the CLI → as a program passes it
ENDS = [date(2025, 5, 1), date(2026, 9, 14)]  # one tournament end under each edition
DIFF = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
GAMES_ST = st.lists(st.tuples(st.integers(1100, 2700), st.sampled_from(sorted(RESULTS))), min_size=0, max_size=12)


def _cli_json(*args: str) -> dict[str, Any]:
    """``dwz … --json`` in-process (click's runner: the installed command's code, without a process per example)."""
    from click.testing import CliRunner

    from dwz.cli import main as cli_main

    cli_main._register_optional()
    out = CliRunner(env={"DWZ_LANG": "de", "COLUMNS": "200"}).invoke(cli_main.cli, [*args, "--json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    loaded: dict[str, Any] = json.loads(out.stdout)
    return loaded


@DIFF
@given(st.none() | st.integers(1100, 2700), st.none() | st.integers(0, 40), GAMES_ST, st.sampled_from(ENDS),
       st.none() | st.integers(1950, 2015))
def test_a_single_player_gets_one_answer_on_every_surface(client: TestClient, r0: int | None, index: int | None,
                                                          games: list[tuple[int, str]], end: date, born: int | None) -> None:
    """Random players — rated (Folge-DWZ) or not (first DWZ) — through the Python API, ``dwz rate … --json`` and
    ``POST /api/dwz``: equal numbers and equal steps (key, rule, values)."""
    rating = "" if r0 is None else (f"{r0}-{index}" if index is not None else str(r0))
    texts = [f"{o}:{res}" for o, res in games]
    if r0 is None:
        py = dwz.first_rating([(o, RESULTS[res]) for o, res in games], end=end, birth_year=born)
    else:
        py = dwz.rate(rating, [(o, RESULTS[res]) for o, res in games], end=end, birth_year=born)
    want = essence(py.to_dict("de"))
    old = None  # an own DWZ whose scale is unsaid: the surfaces add the reading from an old card (issue 22 §3)
    if r0 is not None:
        from dwz.core.readings import rate_readings

        readings = rate_readings(rating, [(o, RESULTS[res]) for o, res in games], end=end, birth_year=born)
        if readings.old is not None:
            old = dwz.rate(rating, [(o, RESULTS[res]) for o, res in games], end=end, birth_year=born, own_scale="old")
    body: dict[str, Any] = {"rating": rating, "games": texts, "end": end.isoformat(), "birth_year": born}
    api = client.post("/api/dwz", json=body)
    assert api.status_code == 200, api.text
    born_args = ["--born", str(born)] if born is not None else []
    cli = _cli_json("rate", rating or "0", *texts, "--end", end.isoformat(), *born_args)
    for surface in (api.json(), cli):
        readings_out = surface.pop("readings", None)
        assert surface.pop("scale_doubtful", False) is (old is not None)
        assert essence(surface) == want
        if old is not None:  # the old card's reading: dwz.rate with the own scale said
            assert readings_out is not None
            assert (readings_out["old"]["new_rating"], readings_out["old"]["new_index"]) == (old.new_rating, old.new_index)
            assert (readings_out["new"]["new_rating"], readings_out["new"]["new_index"]) == (py.new_rating, py.new_index)


def _context_step(key: str) -> bool:
    """What a single evaluation says of its context and the tournament says once for all: the rules, the own
    DWZ's scale (the tournament's file and options say it)."""
    return key.startswith(("core.rules", "scale."))


@DIFF
@given(st.lists(st.tuples(st.integers(1300, 2200), st.integers(1, 30), st.none() | st.integers(1950, 2015)), min_size=2,
                max_size=7), st.randoms(use_true_random=False), st.sampled_from(ENDS))
def test_a_tournament_player_gets_the_single_players_answer(entries: list[tuple[int, int, int | None]], rng: Any,
                                                            end: date) -> None:
    """Random round robins of rated players: each player's numbers and Rechenweg in the tournament are those of
    ``dwz.rate`` on his games (played in round order) — the tournament adds only what it says once (the rules,
    the scale); the Sonderwertung, which only a tournament has, is off."""
    players = tuple(dwz.Player(no, f"P{no}", r, i, birth_year=b) for no, (r, i, b) in enumerate(entries, 1))
    pairs = [(a, b) for a in range(1, len(players) + 1) for b in range(a + 1, len(players) + 1)]
    pairings = []
    for rnd, (a, b) in enumerate(pairs, 1):
        white = rng.choice((dwz.Result.WIN, dwz.Result.DRAW, dwz.Result.LOSS))
        pairings.append(dwz.Pairing(rnd, a, b, white, white.reversed()))
    t = dwz.Tournament("T", end, players, tuple(pairings))
    ev = dwz.evaluate_tournament(t, options=dwz.EvaluationOptions(sonderwertung=False), elo=False)
    by_no = {p.no: p for p in players}
    for pe in ev.players:
        p = pe.player
        mine = [(g.round, g.white if g.black == p.no else g.black, g.result_white if g.white == p.no else g.result_black)
                for g in pairings if p.no in (g.white, g.black)]
        games = [(by_no[o].rating, res) for _, o, res in sorted(mine, key=lambda x: x[0])]
        r = dwz.rate(f"{p.rating}-{p.index}", games, end=end, birth_year=p.birth_year)
        assert (pe.new_rating, pe.new_index, pe.W, pe.n, pe.We, pe.Rc, pe.performance, pe.coefficient, pe.components) == (
            r.new_rating, r.new_index, r.W, r.n, r.We, r.Rc, r.performance, r.coefficient, r.components), p
        single = [(s.key, s.rule, s.assumption, s.values) for s in r.steps if not _context_step(s.key)]
        assert [(s.key, s.rule, s.assumption, s.values) for s in pe.steps] == single, p
        assert [s.key for s in ev.steps] == [s.key for s in r.steps if s.key.startswith("core.rules")]
