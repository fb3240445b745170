"""The real sample files evaluated end to end, and the `dwz tournament` command.

Expected ratings are derived in the test from the spec's formulas (tests/oracle.py),
from the games as the file states them."""

from __future__ import annotations

import json
import subprocess
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from dwz.cli.main import _register_optional, cli
from dwz.core.tournament import evaluate_tournament
from dwz.formats import read_tournament
from tests import oracle
from tests.conftest import SAMPLES, dwz_command

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
SWI_UTF8 = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt"

_register_optional()


def test_swi_sample_all_twelve_players_evaluated_as_the_formulas_say() -> None:
    t = read_tournament(SWI)
    ev = evaluate_tournament(t)
    assert ev.rules == "dwz-classic" and ev.end == date(2012, 2, 16)
    assert len(ev.players) == 12 and all(pe.status == "established" for pe in ev.players)
    ratings = {p.no: p.rating for p in t.players}
    for pe in ev.players:
        p = pe.player
        assert p.rating is not None
        games = [(g.opponent_of(p.no), Fraction(g.result_for(p.no).halves, 2)) for g in t.pairings if g.played and p.no in (g.white, g.black)]
        w = sum(s for _, s in games)
        we = sum(oracle.p3(p.rating - (ratings[o] or 0)) for o, _ in games)
        # no birth years in the file: adults assumed (WO 3.2 default, flagged), index unknown → E ≤ 30
        e = oracle.classic_E(p.rating, 99, None, w, we)
        assert pe.n == len(games) and pe.W == float(w)
        assert pe.We == pytest.approx(float(we))
        assert pe.E == e, p.name
        assert pe.new_rating == oracle.classic_rn(p.rating, e, len(games), w, we), p.name
        assert pe.age_assumed
    # The forfeit Gehringer – Menzel in round 7 is listed, not counted (WO 6.1).
    gehringer = ev.player("Gehringer")
    assert [g.reason for g in gehringer.games if not g.counted] == ["forfeit"]
    assert gehringer.n == 6


def test_swi_encodings_give_the_same_evaluation() -> None:
    a = evaluate_tournament(read_tournament(SWI))
    b = evaluate_tournament(read_tournament(SWI_UTF8))
    assert [(p.player.name, p.new_rating) for p in a.players] == [(p.player.name, p.new_rating) for p in b.players]


@pytest.mark.parametrize("name", ["lichess_swiss_2020_06.trf", "lichess_swiss_2021_03.trf", "fide_example1_karl-mala-2005_head45.trf"])
def test_trf_samples_evaluate_without_error_and_list_why_nobody_is_rated(name: str) -> None:
    t = read_tournament(SAMPLES / "trf" / name)
    ev = evaluate_tournament(t)
    assert len(ev.players) == len(t.players)
    for pe in ev.players:  # nobody has a DWZ in these files: every player says why he stays unrated
        assert pe.new_rating is None or pe.status in ("foreign", "first")
        if pe.status == "unrated":
            assert pe.reasons


def test_restpartien_round_trip_through_the_cli(tmp_path: Path) -> None:
    """A newcomer with 3 games keeps them; the next tournament reads them back."""
    first = {"format": "dwz-tournament", "version": 1, "name": "Herbst", "end": "2025-10-05",
             "players": [{"no": 1, "name": "Neu, Nora", "birth_year": 2012},
                         *({"no": i, "name": f"Spieler {i}", "rating": 1500 + 20 * i, "index": 10, "birth_year": 1980} for i in range(2, 5))],
             "games": [{"round": r, "white": 1, "black": r + 1, "result": "1-0" if r != 2 else "0-1"} for r in range(1, 4)]}
    (tmp_path / "herbst.json").write_text(json.dumps(first), encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(cli, ["tournament", str(tmp_path / "herbst.json"), "--restpartien-out", str(tmp_path / "rest.json")])
    assert res.exit_code == 0, res.output
    doc = json.loads((tmp_path / "rest.json").read_text(encoding="utf-8"))
    assert [g["opponent"] for g in doc["players"][0]["games"]] == [1540, 1560, 1580]

    second = dict(first, name="Winter", end="2026-01-18", games=[
        {"round": 1, "white": 1, "black": 2, "result": "½-½"}, {"round": 2, "white": 3, "black": 1, "result": "1-0"}])
    (tmp_path / "winter.json").write_text(json.dumps(second), encoding="utf-8")
    res = runner.invoke(cli, ["tournament", str(tmp_path / "winter.json"), "--restpartien", str(tmp_path / "rest.json"), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    nora = next(p for p in out["players"] if p["no"] == 1)
    opps = [1540.0, 1560.0, 1580.0, 1540.0, 1560.0]  # 3 Restpartien + 2 new games
    w = Fraction(1) + 0 + 1 + Fraction(1, 2) + 0
    assert nora["status"] == "first"
    assert nora["new_rating"] == oracle.half_up(oracle.classic_iteration(opps, w))


def test_tournament_cli_outputs_and_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    for suffix in ("csv", "json", "html"):
        out = tmp_path / f"r.{suffix}"
        res = runner.invoke(cli, ["tournament", str(SWI), "-o", str(out)])
        assert res.exit_code == 0, res.output
        text = out.read_text(encoding="utf-8-sig")
        assert "Gehringer" in text
    assert "<details" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert (tmp_path / "r.csv").read_text(encoding="utf-8-sig").splitlines()[0].startswith("Nr;Name;Verein;DWZ alt")  # the SWI has clubs: after the name (issue 26)
    res = runner.invoke(cli, ["tournament", str(SWI), "--player", "Gehringer", "--explain"])
    assert res.exit_code == 0 and "WO 3.5.2" in res.output and "Gehringer" in res.output
    res = runner.invoke(cli, ["tournament", str(SWI), "--player", "Niemand"])
    assert res.exit_code == 2 and "Niemand" in res.output
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Kaputt\n001    1 m    Anna                              1500                        1.0    1     2 w 1\n", encoding="utf-8")
    res = runner.invoke(cli, ["tournament", str(bad)])
    assert res.exit_code == 2 and "bad.trf" in res.output and "Traceback" not in res.output


def test_tournament_console_script_bad_file_has_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "kaputt.swi"
    bad.write_bytes(b"\xff\xfe garbage \x00\x01")
    proc = subprocess.run([*dwz_command(), "tournament", str(bad)], capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "kaputt.swi" in proc.stderr
