"""What a short result rests on is said with it (audit of 2026-12-02): the Rechenweg's assumption
steps are listed after the short output too, and input that cannot take part is refused, never
left out without a word."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

import dwz
from dwz.cli import main as cli_main
from dwz.i18n import render_step

END = "2026-09-14"
GAMES = ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="]


def run(*args: str) -> Any:
    return CliRunner().invoke(cli_main.cli, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})


def _assumption_block(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Annahmen") or line.startswith("Assumptions"))
    return [line.strip().removeprefix("– ") for line in lines[start + 1:] if line.startswith("  – ")]


def test_short_output_lists_every_assumption_step() -> None:
    """Unknown index under WO 2026: K0 from the column ">10" is an assumption that moves the
    headline (index 0–2 would give K0 60) — the short output names it, as the Rechenweg does."""
    res = run("rate", "1650", "--born", "1985", "--end", END, *GAMES)
    assert res.exit_code == 0
    shown = _assumption_block(res.output)
    engine = dwz.rate("1650", GAMES, end=END, birth_year=1985)
    titles = [render_step(s, "de")["title"] for s in engine.assumptions]
    assert len(shown) == len(titles) >= 3
    assert [line.split(" (", 1)[0] for line in shown] == titles
    assert any("Index-Spalte >10" in line for line in shown)
    assert any("--alt eigene" in line for line in shown)  # the own value's scale, with its CLI fix
    assert "--explain" in res.output
    # with --explain the steps carry the mark instead; no second list
    explained = run("rate", "1650", "--born", "1985", "--end", END, *GAMES, "--explain").output
    assert "Annahmen (" not in explained and " *" in explained


def test_first_dwz_below_1100_names_its_assumption() -> None:
    res = run("first", "--end", END, "1100:0", "1150:0", "1120:1", "1100:0", "1200:0")
    assert res.exit_code == 0
    shown = _assumption_block(res.output)
    assert any(line.startswith("Erst-DWZ (Ri < 1100) (WO 3.4.4.2)") for line in shown)


def test_english_assumptions_in_english() -> None:
    res = run("--lang", "en", "rate", "1650", "--end", END, *GAMES)
    assert res.exit_code == 0 and "Assumptions (" in res.output and "Annahmen" not in res.output
    assert any("--alt own" in line for line in _assumption_block(res.output))


def test_no_assumption_no_block() -> None:
    res = run("elo", "2224", "2319:0", "2181:1", "--k", "15", "--period", "2010-05-01")
    assert res.exit_code == 0 and "Annahmen" not in res.output
    assert not dwz.elo.rate(2224, [(2319, 0), (2181, 1)], k=15, period="2010-05-01").assumptions


def test_rest_with_a_rating_is_refused() -> None:
    """Restpartien count only for a first DWZ (WO 3.4.1): with a DWZ given they were dropped without
    a word (1661-13 from one game); now refused with exit 2, naming --rest, as the API does."""
    res = run("rate", "1650-12", "--end", END, "1580:1", "--rest", "1500:1")
    assert res.exit_code == 2
    assert "--rest" in res.output and "Erst-DWZ" in res.output and "1661" not in res.output
    res = run("rate", "1650-12", "--end", END, "1580:1", "--rest", "1500:1", "--json")
    assert res.exit_code == 2 and res.stdout == "" and "--rest" in res.stderr
    # DWZ 0 (a first DWZ) takes them: what --rest is for
    res = run("rate", "0", "--end", END, "1580:1", "1500:0", "1600:=", "1700:0", "--rest", "1500:1", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["n"] == 5


def test_rated_elo_below_the_floor_is_no_initial_rating_notice() -> None:
    """A rated player falling below 1400 (from March 2024, spec fide §8) is listed as unrated on the
    next list (FIDE B.02 §7.2.1) — the notice said "DWZ:" and cited the initial-rating rule §7.1.4.
    1405 against 1400 twice, 0 points, K 20: PD(D=5) = 0,51 each → 20 · (0 − 1,02) = −20,4 → 1385."""
    res = run("elo", "1405", "1400:0", "1400:0", "--k", "20", "--period", "2026-03")
    assert res.exit_code == 0 and "Neue Elo: 1385" in res.output
    notice = next(line for line in res.output.splitlines() if "1385" in line and "1400" in line)
    assert "§7.2.1" in notice and "DWZ" not in notice and "§7.1.4" not in notice
    r = dwz.elo.rate(1405, [(1400, 0), (1400, 0)], k=20, period="2026-03-01")
    assert [w.code for w in r.warnings] == ["elo_below_floor"]
