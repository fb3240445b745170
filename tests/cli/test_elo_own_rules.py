"""Elo for other games (issue 22 §4): ``dwz elo --ohne-400`` (``--no-400-rule``) drops FIDE's
400-point rule; with a K of one's own, the logistic formula, game by game or without the rule the
output names those rules, never "FIDE" for them; the assumption lines read as sentences (no "(—)",
no "Näherung: Näherung").  Inputs: ``tests/data/cases/issue22.toml``; expected numbers: the engine's
Python API the command wraps."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import click
from click.testing import CliRunner

from dwz.basics.rounding import round_half_up
from dwz.cli import main as cli_main
from dwz.core import elo

CASES = tomllib.loads((Path(__file__).resolve().parents[1] / "data" / "cases" / "issue22.toml").read_text("utf-8"))["elo"]
OWN, FIDE = CASES["own_rules"], CASES["fide"]


def _cli() -> click.Group:
    cli_main._register_optional()
    return cli_main.cli


def run(*args: str, lang: str = "de") -> Any:
    return CliRunner(env={"DWZ_LANG": lang, "COLUMNS": "200"}).invoke(_cli(), list(args), catch_exceptions=False)


def own_args(*more: str) -> list[str]:
    return ["elo", OWN["rating"], *OWN["games"], *OWN["cli"], "--period", OWN["period"], *more]


def test_the_400_point_rule_can_be_dropped() -> None:
    """Every difference counts in full: D = the rating before the game − the opponent in every row
    (game by game), none marked capped, and the change is the engine's with ``rule_400=False`` — not the
    one with the rule."""
    res = run(*own_args("--ohne-400", "--json"))
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    own = int(OWN["rating"])
    assert [g["D"] for g in d["games"]] == [round_half_up(g["rating_before"]) - g["opponent"] for g in d["games"]]
    assert max(abs(g["D"]) for g in d["games"]) > 400  # differences the rule would have capped
    assert not any(g["capped"] for g in d["games"]) and d["rule_400"] is False
    without = elo.rate(own, OWN["games"], k=int(OWN["k"]), period=OWN["period"], mode="game", expectation="logistic", rule_400=False)
    with_rule = elo.rate(own, OWN["games"], k=int(OWN["k"]), period=OWN["period"], mode="game", expectation="logistic")
    assert (d["new_rating"], d["change"]) == (without.new_rating, without.change)
    assert without.change != with_rule.change  # the case is one where the rule matters
    assert run(*own_args("--no-400-rule", "--json")).output == res.output  # the English spelling, the same result


def test_own_rules_are_named_not_fide() -> None:
    """The "Regelwerk" row says the rules applied: K, formula, mode and the dropped rule, in the
    output's language; the FIDE era only as what the rest follows."""
    de = run(*own_args("--ohne-400")).output
    row = next(line for line in de.splitlines() if line.startswith("Regelwerk"))
    assert row.split(None, 1)[1].startswith("eigene Regeln: K 32, logistische Formel, Partie für Partie, ohne 400-Punkte-Regel")
    assert "* 400-Punkte-Regel" not in de  # no row was capped
    en = run(*own_args("--no-400-rule"), lang="en").output
    row = next(line for line in en.splitlines() if line.startswith("Rules"))
    assert row.split(None, 1)[1].startswith("own rules: K 32, logistic formula, game by game, without the 400-point rule")
    # the command, the rule kept: still no "FIDE" as the rules of a K 32 logistic game-by-game rating
    kept = run(*own_args()).output
    row = next(line for line in kept.splitlines() if line.startswith("Regelwerk"))
    assert row.split(None, 1)[1].startswith("eigene Regeln: K 32, logistische Formel, Partie für Partie;")
    fide = run("elo", FIDE["rating"], *FIDE["games"], "--period", FIDE["period"]).output
    row = next(line for line in fide.splitlines() if line.startswith("Regelwerk"))
    assert "eigene" not in row and row.split(None, 1)[1].startswith("FIDE-Regeln")


def test_a_k_fide_gives_is_no_rule_of_ones_own() -> None:
    """``--k 20`` is a K of the FIDE rules (§8.3.3): the rules stay FIDE's; ``--k 32`` is not."""
    own = int(FIDE["rating"])
    assert elo.rate(own, FIDE["games"], k=20, period=FIDE["period"]).own_rules == ()
    assert elo.rate(own, FIDE["games"], k=int(OWN["k"]), period=FIDE["period"]).own_rules == ("k",)


def test_assumption_lines_read_as_sentences() -> None:
    """Reproduced first (issue 22 §4): "Näherung (—): … nicht amtlich: Näherung" and "Partie für Partie (—):
    …: Endwert 1500,0".  Now each line names the choice, the rule reference says it is one's own."""
    for lang in ("de", "en"):
        out = run(*own_args("--ohne-400"), lang=lang).output
        explained = run(*own_args("--ohne-400", "--explain"), lang=lang).output
        for text in (out, explained):
            assert "(—)" not in text and "Näherung: Näherung" not in text and "approximation: approximation" not in text
            assert "Endwert" not in text and "final value" not in text
        assumptions = out.split("Annahmen" if lang == "de" else "Assumptions", 1)[1]
        own_choice = "(eigene Wahl, nicht FIDE)" if lang == "de" else "(own choice, not FIDE)"
        assert assumptions.count(own_choice) == 3  # the formula, the dropped rule, game by game
    explained = run(*own_args("--ohne-400", "--explain")).output
    assert "Σ PD aus der logistischen Formel" in explained and "Σ PD aus Tabelle 8.1.2" not in explained


def test_the_option_refused_where_it_changes_nothing() -> None:
    """``--ohne-400`` with ``--initial`` or ``--compress``: exit 2 naming the option, never dropped."""
    for extra in (["--initial", *OWN["games"]], ["--compress", OWN["rating"]]):
        res = run("elo", *extra, "--ohne-400")
        assert res.exit_code == 2 and "--ohne-400" in res.stderr
    res = run("elo", "--initial", *OWN["games"], "--no-400-rule", lang="en")
    assert res.exit_code == 2 and "--no-400-rule" in res.stderr
