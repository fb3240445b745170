"""Issue 26 on the command line: what a club player and a rating officer still tripped over —
help that offers what the command refuses, scenarios without their Annahmen, a misplaced
``--played`` game, a closed pipe, a file that is no saved portal answer."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import dwz
from dwz.cli import main as cli_main
from dwz.core.scenarios import scenarios
from dwz.i18n import render_step
from tests.conftest import ROOT, dwz_command

END = "2026-09-14"
ENV = {"COLUMNS": "200", "NO_COLOR": "1"}


def run(*args: str) -> Any:
    cli_main._register_optional()  # dwz portal, as the console script has it
    return CliRunner().invoke(cli_main.cli, list(args), env=ENV)


@pytest.mark.parametrize(("lang", "own", "others"), [("de", "eigene", ("gegner", "alle")), ("en", "own", ("opponents", "all"))])
def test_first_help_offers_no_own_scale(lang: str, own: str, others: tuple[str, ...]) -> None:
    """A first DWZ has no own DWZ: the help of ``dwz first`` offers only the opponents' words;
    the word for the own value is still read — and refused with the reason, not as unknown."""
    helped = run("--lang", lang, "first", "--help").output
    line = next(x for x in helped.splitlines() if "--alt" in x)
    assert f"[{'|'.join(others)}]" in line and own not in line
    assert f"[{own}|{'|'.join(others)}]" in next(x for x in run("--lang", lang, "rate", "--help").output.splitlines() if "--alt" in x)
    refused = run("--lang", lang, "first", "1500:1", "--alt", own, "--end", END)
    assert refused.exit_code == 2
    assert "--alt" in refused.output and ("Erst-DWZ" in refused.output if lang == "de" else "first DWZ" in refused.output)
    for word in others:  # the words offered are taken
        assert run("--lang", lang, "first", "1500:1", "1600:0", "--alt", word, "--end", END).exit_code == 0


def _assumptions(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(("Annahmen", "Assumptions")))
    return [line.strip().removeprefix("– ").split(" (", 1)[0] for line in lines[start + 1:] if line.startswith("  – ")]


def test_scenarios_list_their_assumptions_as_rate_does() -> None:
    """No birth year and no date of the own DWZ: the table rests on two assumptions (age group,
    own scale) — listed under it with the same block as ``dwz rate``; with a birth year and
    ``--stand`` there is none left to list."""
    res = run("scenarios", "1650-12", "1580", "1720", "1810", "--end", END)
    assert res.exit_code == 0, res.output
    table = scenarios("1650-12", [1580, 1720, 1810], end=END)
    titles = [render_step(s, "de")["title"] for s in table.assumptions]
    assert len(titles) >= 2 and _assumptions(res.output) == titles
    rated = run("rate", "1650-12", "1580:1", "1720:=", "1810:0", "--end", END).output  # the same words as rate's block
    assert set(titles) <= set(_assumptions(rated))
    assert "--explain" in res.output
    said = run("scenarios", "1650-12", "1580", "1720", "--end", END, "--born", "1985", "--stand", "2026-07-01").output
    assert "Annahmen" not in said
    explained = run("scenarios", "1650-12", "1580", "1720", "--end", END, "--explain").output
    assert "Rechenweg" in explained and "Annahmen (" not in explained and " *" in explained
    english = run("--lang", "en", "scenarios", "1650-12", "1580", "--end", END).output
    assert "Assumptions" in english and "Annahmen" not in english


def test_played_takes_one_game_each() -> None:
    """``--played 1580:1 1720:=``: click gives --played the first game, the second lands among the
    opponents — the message says so and shows the command line meant."""
    res = run("scenarios", "1650-12", "1810", "--played", "1580:1", "1720:=", "1600:0", "--end", END)
    assert res.exit_code == 2
    lines = [x for x in res.output.splitlines() if x.startswith("Fehler")]
    assert len(lines) == 2  # each misplaced game named, by its place among the opponents
    assert lines[0].startswith("Fehler: Gegner 2: '1720:='") and lines[1].startswith("Fehler: Gegner 3: '1600:0'")
    assert all("--played 1580:1 --played 1720:= --played 1600:0" in x for x in lines)
    assert "keine ganze Zahl" not in res.output
    fixed = run("scenarios", "1650-12", "1810", "--played", "1580:1", "--played", "1720:=", "--played", "1600:0", "--end", END)
    assert fixed.exit_code == 0
    en = run("--lang", "en", "scenarios", "1650-12", "1810", "-p", "1580:1", "1720:=", "--end", END)
    assert en.exit_code == 2 and "--played takes one game and is repeated" in en.output
    assert run("scenarios", "1650-12", "x1810", "--end", END).exit_code == 2  # no game form: the opponent's own message
    assert "keine ganze Zahl" in run("scenarios", "1650-12", "x1810", "--end", END).output


@pytest.mark.parametrize("args", [
    ["rate", "1650-12", "--born", "1985", "--end", END, "1580:1", "1720:=", "1810:0", "--explain"],
    ["rate", "1650-12", "--end", END, "1580:1", "--json"],
    ["first", "--help"],
    ["--help"],
])
def test_closed_pipe_is_a_normal_end(args: list[str]) -> None:
    """``dwz … | head -1``: the reader has gone before dwz writes (its end of the pipe closed at
    once, so the very first write meets it) — no message, the exit code of any program whose
    reader went away (128 + SIGPIPE), never 1."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run([*dwz_command(), *args], stdout=write, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**os.environ, **ENV}, timeout=120)
    finally:
        os.close(write)
    assert proc.stderr == ""
    assert proc.returncode == cli_main.PIPE_CLOSED == 141


def test_open_pipe_unchanged() -> None:
    """The same command into a reader that reads it all: its whole output, exit 0."""
    proc = subprocess.run([*dwz_command(), "rate", "1650-12", "--end", END, "1580:1"], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **ENV}, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("Neue DWZ: ") and proc.stderr == ""


def test_saved_answer_expected(tmp_path: Path) -> None:
    """``dwz portal gegenpruefung --datei`` of a file that is no saved portal answer: which file is
    expected and where reading stopped, instead of "an dieser Stelle fehlt ein Wert"."""
    csv = tmp_path / "auswertung.csv"
    csv.write_text("Nr;Name\n1;Meier\n", encoding="utf-8")
    res = run("portal", "gegenpruefung", "--datei", str(csv))
    assert res.exit_code == 2
    assert "--speichern DATEI" in res.output and "Zeile 1, Spalte 1" in res.output and str(csv) in res.output
    broken = tmp_path / "antworten.json"
    broken.write_text('{"format": "dwz-portal-bundle",\n "version": }', encoding="utf-8")
    res = run("--lang", "en", "portal", "gegenpruefung", "--datei", str(broken))
    assert res.exit_code == 2 and "--save FILE" in res.output and "line 2, column 13" in res.output
    other = tmp_path / "other.json"
    other.write_text('{"kind": "tournament"}', encoding="utf-8")
    res = run("portal", "gegenpruefung", "--datei", str(other))
    assert res.exit_code == 2 and "format '–'" in res.output and "--speichern DATEI" in res.output and "None" not in res.output


def test_rate_unchanged_by_the_entry() -> None:
    """The entry's handling of pipes leaves every other answer as it was (usage error: 2)."""
    assert run("rate").exit_code == 2
    assert dwz.rate("1650-12", ["1580:1"], end=END).new_rating == int(run("rate", "1650-12", "1580:1", "--end", END)
                                                                        .output.split(":")[1].split("-")[0])
