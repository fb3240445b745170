"""Issue 11, CSV export: names that a spreadsheet would run as a formula are written as text (OWASP).

A cell starting with ``=``, ``+``, ``-``, ``@``, tab or CR gets a leading ``'``; genuine numbers
(``-3``, ``+20``) stay numbers; our own CSV reads the quoted text back as it was.
"""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.core.tournament import evaluate_tournament
from dwz.formats._common import csv_safe, csv_text
from dwz.formats.table import read_csv, strip_sources, write_csv
from dwz.reports import to_csv

HOSTILE = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd",
           "\t=1+1", "\r=1+1", "'=already quoted"]


def _tournament(names: list[str]) -> Tournament:
    players = tuple(Player(i + 1, n, rating=1500 + 50 * i, birth_year=1980, club=n) for i, n in enumerate(names))
    games = tuple(Pairing(1 + i // 2, a.no, b.no, Result.WIN, Result.LOSS) for i, (a, b) in
                  enumerate(zip(players, [*players[1:], players[0]], strict=True)) if a.no != b.no)
    return Tournament(names[0], date(2026, 9, 14), players, games[:1] + games[2:3])


def _cells(text: str, delimiter: str = ",") -> list[str]:
    return [c for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter) for c in row]


def test_write_csv_quotes_formulas_and_reads_them_back() -> None:
    t = _tournament(HOSTILE)
    text = write_csv(t)
    cells = _cells(text)
    for name in HOSTILE:
        assert name not in cells and "'" + name in cells, name  # never verbatim, always one "'" before
    assert strip_sources(read_csv(text)) == strip_sources(t)


def test_report_csv_quotes_names_but_keeps_numbers() -> None:
    names = ["=1+1", "-Müller, Anna", "@Bernd", "Normal, Nora"]
    ev = evaluate_tournament(_tournament(names))
    for lang, delimiter in (("de", ";"), ("en", ",")):
        cells = _cells(to_csv(ev, lang), delimiter)
        assert "'=1+1" in cells and "'-Müller, Anna" in cells and "'@Bernd" in cells and "Normal, Nora" in cells
        assert "=1+1" not in cells
        assert any(pe.change and pe.change > 0 for pe in ev.players)
        signed = [c for c in cells if c[:1] in "+−-" and c[1:].isdigit()]
        assert any(c.startswith("+") for c in signed), cells  # the Diff. column: "+20" stays a number, no "'"
        assert not [c for c in cells if c.startswith("'+") or c.startswith("'−")]


@settings(max_examples=300)
@given(st.text(max_size=12))
def test_csv_safe_round_trip(value: str) -> None:
    quoted = csv_safe(value)
    assert csv_text(quoted) == value
    assert quoted[:1] not in ("=", "+", "-", "@", "\t", "\r") or quoted.lstrip("+-")[:1].isdigit()


@pytest.mark.parametrize("number", ["-3", "+20", "-0,5", "1.5", "-12.25"])
def test_numbers_stay_numbers(number: str) -> None:
    assert csv_safe(number) == number
