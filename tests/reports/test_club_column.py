"""The Verein (club) column of the evaluation table (issue 26): the clubs of the tournament file go
into the table — HTML page, CSV, terminal, the web page — after the name; a file without clubs gets
no empty column; on a narrow terminal the club is the first column to leave (and is named)."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from dwz.cli import main as cli_main
from dwz.core.tournament import evaluate_tournament
from dwz.formats import read_tournament
from dwz.formats.own import own_output
from dwz.reports import to_csv, to_html
from dwz.reports.table import CLUB_COLUMN, COLUMNS, table_columns
from dwz.web.app import create_app
from tests.conftest import ROOT, SAMPLES

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"  # Swiss-Chess: every player with a club
NO_CLUBS = ROOT / "docs" / "beispiele" / "vereinsturnier.csv"  # a table of the guide: no club column


def _ev(path: Path) -> Any:
    return evaluate_tournament(read_tournament(path))


def _clubs(path: Path) -> list[str]:
    return [p.club or "" for p in read_tournament(path).players]


class _Cells(HTMLParser):
    """The evaluation table's header and rows as text (the first table of the page / fragment)."""

    def __init__(self, table_id: str | None = None) -> None:
        super().__init__()
        self.table_id, self.inside, self.done = table_id, False, False
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.classes: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table" and not self.done and (self.table_id is None or a.get("id") == self.table_id):
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
            self.classes.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = []
            self.classes[-1].append(a.get("class") or "")

    def handle_endtag(self, tag: str) -> None:
        if self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None
        elif self.inside and tag == "table":
            self.inside, self.done = False, True

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def _table(html: str, table_id: str | None = None) -> tuple[list[list[str]], list[list[str]]]:
    p = _Cells(table_id)
    p.feed(html)
    return p.rows, p.classes


@pytest.mark.parametrize("lang", ["de", "en"])
def test_columns_have_the_club_after_the_name_only_when_there_are_clubs(lang: str) -> None:
    base = COLUMNS[lang]
    assert table_columns(_ev(SWI), lang) == (base[0], base[1], CLUB_COLUMN[lang], *base[2:])
    assert table_columns(_ev(NO_CLUBS), lang) == base


@pytest.mark.parametrize("lang", ["de", "en"])
def test_html_report_shows_each_players_club(lang: str) -> None:
    rows, classes = _table(to_html(_ev(SWI), lang, rechenweg=False))
    head = rows[0]
    assert head[1:3] == [COLUMNS[lang][1], CLUB_COLUMN[lang]]
    assert [r[2] for r in rows[1:]] == _clubs(SWI)  # the file's clubs, in the order of the players
    assert all(c[2] == "text" for c in classes[1:])  # text: aligned as the name
    no_clubs, _ = _table(to_html(_ev(NO_CLUBS), lang, rechenweg=False))
    assert CLUB_COLUMN[lang] not in no_clubs[0] and len(no_clubs[0]) == len(COLUMNS[lang])


@pytest.mark.parametrize(("lang", "sep"), [("de", ";"), ("en", ",")])
def test_csv_has_the_club_and_is_still_known_as_dwz_output(lang: str, sep: str) -> None:
    text = to_csv(_ev(SWI), lang)
    table = list(csv.reader(io.StringIO(text), delimiter=sep))
    assert table[0][:3] == [COLUMNS[lang][0], COLUMNS[lang][1], CLUB_COLUMN[lang]]
    assert [r[2] for r in table[1:]] == _clubs(SWI)
    assert all(len(r) == len(table[0]) for r in table)
    assert own_output("\ufeff" + text) == "own_output_csv"  # given back as a tournament file: named for what it is
    plain = list(csv.reader(io.StringIO(to_csv(_ev(NO_CLUBS), lang)), delimiter=sep))
    assert CLUB_COLUMN[lang] not in plain[0]
    assert own_output("\ufeff" + to_csv(_ev(NO_CLUBS), lang)) == "own_output_csv"


def _terminal(path: Path, columns: int, lang: str = "de") -> list[str]:
    cli_main._register_optional()
    res = CliRunner().invoke(cli_main.cli, ["--lang", lang, "tournament", str(path)], env={"COLUMNS": str(columns), "NO_COLOR": "1"})
    assert res.exit_code in (0, 1), res.output  # 1: the check found errors to fix before the upload
    return res.output.splitlines()


def test_terminal_shows_the_club_when_there_is_room_and_names_it_when_not() -> None:
    wide = _terminal(SWI, 140)
    head = next(line for line in wide if line.startswith("Nr  Name"))
    assert re.match(r"Nr  Name +Verein +DWZ alt", head)
    start = head.index("Verein")
    first = next(line for line in wide if line.startswith(" 1  "))
    assert first[start:].startswith(_clubs(SWI)[0])  # left-aligned under its title
    narrow = _terminal(SWI, 80)
    head = next(line for line in narrow if line.startswith("Nr  Name"))
    assert "Verein" not in head and all(len(line) <= 80 for line in narrow)
    note = next(line for line in narrow if line.startswith("Ausgeblendet"))
    assert note.split(": ", 1)[1].startswith("Verein")  # the first to leave
    plain = _terminal(NO_CLUBS, 140)
    head = next(line for line in plain if line.startswith("Nr  Name"))
    assert "Verein" not in head and not any(line.startswith("Ausgeblendet") for line in plain)
    english = _terminal(SWI, 140, "en")
    assert re.match(r"No  Name +Club +Old DWZ", next(line for line in english if line.startswith("No  Name")))


def test_web_table_shows_the_club_and_keeps_names_whole() -> None:
    with TestClient(create_app()) as client:
        page = client.post("/turnier", files={"file": (SWI.name, SWI.read_bytes())}).text
        rows, classes = _table(page, "eval-table")
        assert rows[0][1:3] == ["Name", "Verein"]
        assert [r[2] for r in rows[1:]] == _clubs(SWI)
        assert all(c[2] == "club" for c in classes[1:])  # app.css: neither a name (the row's th) nor a club wraps
        assert "<wbr>" not in page.split('id="eval-table"', 1)[1].split("</table>", 1)[0]
        plain = client.post("/turnier", files={"file": (NO_CLUBS.name, NO_CLUBS.read_bytes())}).text
        head, _ = _table(plain, "eval-table")
        assert "Verein" not in head[0] and head[0][1] == "Name"
    css = (ROOT / "src" / "dwz" / "web" / "static" / "app.css").read_text(encoding="utf-8")
    assert re.search(r"table\.eval tbody th, table\.eval td\.club \{ white-space: nowrap; \}", css)
