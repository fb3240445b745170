"""The DSB website's public portal pages, read offline: the DWZ card ("DWZ-Karteikarte",
``dwz-spieler/NU….html``) and a player's scoresheet ("Spielberichtsbogen",
``dwz-turniere/<tournament>/<player>.html``) — saved by the browser ("Seite speichern unter …",
HTML) or copied from it (Strg+A, Strg+C: one line per table row, cells separated by tabs).

Pure translation: the tables become :class:`Card` or :class:`Scoresheet`; nothing is computed
(:mod:`dwz.portal.pagecheck` recomputes).  The tables are found by their header cells, not by the
page's layout around them (spec portal-pages.md: expect that to change).  Every problem is an
:class:`~dwz.basics.errors.InputError` naming the file, the row and the column as the page names
them, and what page is expected and how to save it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

from dwz.basics.errors import InputError, Problem
from dwz.basics.values import BIRTH_YEARS

__all__ = ["CARD_HEADER", "PAGE_MAX", "ROWS_MAX", "SHEET_HEADER", "Card", "CardRow", "Scoresheet", "SheetGame", "read_page"]

PAGE_MAX = 4 << 20  # bytes of a saved page (the real card is 270 kB, its scoresheet 260 kB)
ROWS_MAX = 2000  # rows of one table (a card gains a few a year; a scoresheet has one per round)
CELL_MAX = 400  # characters of one cell kept (a tournament's name is at most 200)
CARD_HEADER = ("Nr.", "Jahr", "Turnier", "Pkt.", "Par.", "We", "E", "Gegn.", "Lstg.", "Akt. DWZ")
SHEET_HEADER = ("Runde", "Gegner", "Scoresheet", "DWZ", "Ergebnis", "We")
_SPACE = re.compile(r"\s+")
_RATING = re.compile(r"^(\d{1,4})\s*-\s*(\d{1,4})$")
_DAY = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")
_SHEET_TITLE = re.compile(r"Spielberichtsbogen\s+(.*?)\s*/\s*DWZ\s+(\d{1,4})")


@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    href: str | None = None


@dataclass(frozen=True, slots=True)
class _Row:
    cells: tuple[Cell, ...]
    classes: tuple[str, ...] = ()
    line: int = 0  # the line of the file it starts on


@dataclass(frozen=True, slots=True)
class CardRow:
    """One row of the card's history, as shown (``None``: an empty cell)."""

    line: int  # line of the file
    no: str  # "Nr.": "AKT" for the newest, else the count of evaluations
    year: int | None
    tournament: str
    link: str | None  # the scoresheet page the tournament links to
    upgrade: bool  # the row of a scale conversion (Umstufung 2026): only Turnier and Akt. DWZ filled
    day: date | None  # a date in the tournament cell (the Umstufung row names its day in parentheses)
    w_halves: int | None  # "Pkt." in half points
    games: int | None  # "Par."
    we: float | None
    coefficient: float | None  # "E": E (classic) or K (2026)
    rc: int | None  # "Gegn.": the opponents' average
    performance: int | None  # "Lstg."
    rating: int | None  # "Akt. DWZ"
    index: int | None


@dataclass(frozen=True)
class Card:
    """A player's public DWZ card: the header's data and the history, oldest row first."""

    source: str
    name: str | None
    rating: int | None  # "Aktuelle DWZ"
    index: int | None
    birth_year: int | None  # None: not shown ("****")
    club: str | None
    zps: str | None
    status: str | None
    referee: str | None  # "Zuständiger Wertungsreferent"
    member: bool | None  # False: the card's header names neither club nor ZPS; None: no header on the page
    rows: tuple[CardRow, ...]  # oldest first (the page shows the newest first)

    kind = "card"


@dataclass(frozen=True, slots=True)
class SheetGame:
    line: int
    round: str
    opponent: str
    opponent_rating: int | None
    w_halves: int | None  # "Ergebnis": 2, 1, 0 — None for anything else (a forfeit "+"/"-")
    result_text: str
    we_shown: float | None  # the page's per-game value ("Geschätzter Erwartungswert")


@dataclass(frozen=True)
class Scoresheet:
    """A player's scoresheet in one tournament."""

    source: str
    tournament: str | None
    code: str | None
    referee: str | None  # "Auswerter"
    end: date | None  # "Turnierende"
    player: str | None
    rating: int | None  # the DWZ before the tournament ("/ DWZ 2080")
    games: tuple[SheetGame, ...]
    total_w_halves: int | None  # the Σ row
    total_rc: int | None
    total_we: float | None  # "Realer Erwartungswert"

    kind = "scoresheet"


# --- the HTML -----------------------------------------------------------------------------------


class _Tables(HTMLParser):
    """Every table's rows (cells' text and first link), every h2's text — nothing else is kept."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[_Row]] = []
        self.h2: list[str] = []
        self._stack: list[list[_Row]] = []
        self._row: list[Cell] | None = None
        self._row_classes: tuple[str, ...] = ()
        self._row_line = 0
        self._cell: list[str] | None = None
        self._href: str | None = None
        self._h2: list[str] | None = None
        self._skip = 0  # inside script/style

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("script", "style"):
            self._skip += 1
        elif tag == "table":
            self._stack.append([])
        elif tag == "tr" and self._stack:
            self._close_row()
            self._row, self._row_classes, self._row_line = [], tuple((a.get("class") or "").split()), self.getpos()[0]
        elif tag in ("td", "th") and self._row is not None:
            self._close_cell()
            self._cell, self._href = [], None
        elif tag == "a" and self._cell is not None and self._href is None:
            self._href = a.get("href")
        elif tag == "h2":
            self._h2 = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip = max(0, self._skip - 1)
        elif tag in ("td", "th"):
            self._close_cell()
        elif tag == "tr":
            self._close_row()
        elif tag == "table" and self._stack:
            self._close_row()
            self.tables.append(self._stack.pop())
        elif tag == "h2" and self._h2 is not None:
            self.h2.append(_clean("".join(self._h2)))
            self._h2 = None

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._cell is not None and sum(map(len, self._cell)) < CELL_MAX:
            self._cell.append(data)
        if self._h2 is not None and sum(map(len, self._h2)) < CELL_MAX:
            self._h2.append(data)

    def _close_cell(self) -> None:
        if self._cell is not None and self._row is not None:
            self._row.append(Cell(_clean("".join(self._cell))[:CELL_MAX], self._href))
        self._cell, self._href = None, None

    def _close_row(self) -> None:
        self._close_cell()
        if self._row is not None and self._stack:
            table = self._stack[-1]
            if len(table) > ROWS_MAX:
                raise _TooManyError
            table.append(_Row(tuple(self._row), self._row_classes, self._row_line))
        self._row = None


class _TooManyError(Exception):
    pass


def _clean(s: str) -> str:
    return _SPACE.sub(" ", s.replace("\xa0", " ")).strip()


# --- reading -----------------------------------------------------------------------------------


def _problem(source: str, code: str, value: object = None, line: int | None = None, **values: object) -> InputError:
    where = f"{source}:{line}" if line else source
    return InputError([Problem(where, code, value, dict(values))])


def read_page(data: bytes | str | Path, name: str | None = None, expect: str | None = None) -> Card | Scoresheet:
    """A saved card or scoresheet page (HTML), or its text as the browser copies it.  ``expect``
    ("card", "scoresheet") refuses the other kind."""
    source = name or (str(data) if isinstance(data, Path) else "–")
    if isinstance(data, Path):
        try:
            with data.open("rb") as f:
                raw: bytes | str = f.read(PAGE_MAX + 1)
        except OSError:
            raise _problem(source, "file_missing", str(data)) from None
    else:
        raw = data
    if len(raw) > PAGE_MAX:
        raise _problem(source, "file_too_large", "", max=f"{PAGE_MAX >> 20} MiB")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", "replace")  # a copy saved by an old editor
    else:
        text = raw
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "<table" in text.lower():
        parser = _Tables()
        try:
            parser.feed(text)
            parser.close()
        except _TooManyError:
            raise _problem(source, "page_too_many_rows", "", max=ROWS_MAX) from None
        tables, h2 = parser.tables, parser.h2
    else:
        rows = [_Row(tuple(Cell(_clean(c)[:CELL_MAX]) for c in line.split("\t")), (), i)
                for i, line in enumerate(text.split("\n"), 1) if line.strip()]
        if len(rows) > 4 * ROWS_MAX:
            raise _problem(source, "page_too_many_rows", "", max=ROWS_MAX)
        # a copy: the headings are lines of one cell; the tournament's name is the one before "Stand: …"
        single = [r.cells[0].text for r in rows if len(r.cells) == 1]
        h2 = [t for i, t in enumerate(single) if t.startswith(("Spielberichtsbogen", "DWZ-Karteikarte"))
              or (i + 1 < len(single) and single[i + 1].startswith("Stand:"))]
        tables = [rows]
    page: Card | Scoresheet | None = None
    for table in tables:
        head = _header(table, CARD_HEADER)
        if head is not None and expect in (None, "card"):
            page = _card(source, tables, table, head, h2)
            break
        head = _header(table, SHEET_HEADER)
        if head is not None and expect in (None, "scoresheet"):
            page = _sheet(source, tables, table, head, h2)
            break
    if page is None:
        raise _problem(source, "page_kind", "", expected=f"portal.page.kind.{expect or 'any'}")
    return page


def _header(table: list[_Row], names: tuple[str, ...]) -> int | None:
    """The position of the row whose cells are ``names`` (a copy may drop the trailing empty cells)."""
    for i, row in enumerate(table):
        cells = tuple(c.text for c in row.cells)
        if cells[: len(names)] == names:
            return i
    return None


def _labels(tables: list[list[_Row]], stop: int | None = None) -> dict[str, Cell]:
    """Label/value pairs of the header tables ("Aktuelle DWZ:" → "2121 - 17"): a cell ending in ':'
    and the cell after it."""
    out: dict[str, Cell] = {}
    for table in tables:
        for row in table[:stop]:
            cells = row.cells
            for i in range(len(cells) - 1):
                label = cells[i].text
                if label.endswith(":") and label not in out and len(label) <= 60:
                    out[label[:-1].strip()] = cells[i + 1]
    return out


def _int(source: str, row: _Row, column: str, value: str, limit: int = 9999) -> int | None:
    if value in ("", "-", "–"):
        return None
    if not value.isdigit() or int(value) > limit:
        raise _problem(source, "page_cell", value, row.line, column=column, expected="portal.page.expect.integer")
    return int(value)


def _number(source: str, row: _Row, column: str, value: str, limit: float) -> float | None:
    """A decimal with comma or point ("4,344", "0.829", "56,9")."""
    if value in ("", "-", "–"):
        return None
    v = value.replace(",", ".")
    if not re.fullmatch(r"-?\d{1,5}(\.\d{1,6})?", v) or abs(float(v)) > limit:
        raise _problem(source, "page_cell", value, row.line, column=column, expected="portal.page.expect.decimal")
    return float(v)


def _points(source: str, row: _Row, column: str, value: str) -> int | None:
    """Points as the pages show them: "5½", "½", "6", "6,0" → half points."""
    if value in ("", "-", "–"):
        return None
    m = re.fullmatch(r"(\d{0,4})(½|,5|\.5|,0|\.0)?", value)
    if not m or not (m.group(1) or m.group(2) == "½"):
        raise _problem(source, "page_cell", value, row.line, column=column, expected="portal.page.expect.points")
    whole = int(m.group(1) or 0)
    return 2 * whole + (1 if m.group(2) in ("½", ",5", ".5") else 0)


def _rating(source: str, row: _Row, column: str, value: str) -> tuple[int | None, int | None]:
    """"2121 - 17" (the page pads with non-breaking spaces), "2121" alone, or empty."""
    if value in ("", "-", "–"):
        return None, None
    m = _RATING.match(value)
    if m:
        return int(m.group(1)), int(m.group(2))
    if value.isdigit() and len(value) <= 4:
        return int(value), None
    raise _problem(source, "page_cell", value, row.line, column=column, expected="portal.page.expect.rating")


def _day(text: str) -> date | None:
    m = _DAY.search(text)
    if not m:
        return None
    try:
        return date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    except ValueError:
        return None


def _card(source: str, tables: list[list[_Row]], table: list[_Row], head: int, h2: list[str]) -> Card:
    rows: list[CardRow] = []
    for row in table[head + 1:]:
        cells = [c.text for c in row.cells] + [""] * (10 - len(row.cells))
        if not (cells[0] == "AKT" or cells[0].isdigit()) or not re.fullmatch(r"\d{4}", cells[1]):
            if rows:  # a copy: the text after the table (the diagram's title …) ends it
                break
            continue
        if len(row.cells) > 10 or len(row.cells) < 3:
            raise _problem(source, "page_row_cells", len(row.cells), row.line, expected=len(CARD_HEADER))
        rating, index = _rating(source, row, "Akt. DWZ", cells[9])
        w, n = _points(source, row, "Pkt.", cells[3]), _int(source, row, "Par.", cells[4], 10_000)
        day = _day(cells[2])
        upgrade = "upgrade" in row.classes or (not row.classes and n is None and w is None and day is not None)
        rows.append(CardRow(
            line=row.line, no=cells[0], year=int(cells[1]), tournament=cells[2], link=row.cells[2].href if len(row.cells) > 2 else None,
            upgrade=upgrade, day=day, w_halves=w, games=n, we=_number(source, row, "We", cells[5], 10_000),
            coefficient=_number(source, row, "E", cells[6], 1000), rc=_int(source, row, "Gegn.", cells[7]),
            performance=_int_signed(source, row, "Lstg.", cells[8]), rating=rating, index=index))
    if not rows:
        raise _problem(source, "page_no_rows", "", expected="portal.page.kind.card")
    labels = _labels(tables)
    current = labels.get("Aktuelle DWZ")
    cur_r, cur_i = (None, None)
    if current is not None:
        m = _RATING.match(current.text)
        cur_r, cur_i = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    birth = labels.get("Geburtsjahr")
    by = int(birth.text) if birth is not None and re.fullmatch(r"\d{4}", birth.text) else None
    if by is not None and not BIRTH_YEARS[0] <= by <= BIRTH_YEARS[1]:
        by = None  # no birth year anyone has: as if not shown
    name = next((t.removeprefix("DWZ-Karteikarte").strip() for t in h2 if t.startswith("DWZ-Karteikarte")), None)
    if not name and "Name" in labels:
        name = labels["Name"].text
    def label(key: str) -> str | None:
        c = labels.get(key)
        return c.text if c is not None and c.text not in ("", "-") else None

    return Card(source=source, name=name or None, rating=cur_r, index=cur_i, birth_year=by, club=label("Verein"), zps=label("ZPS-Nr."),
                status=label("Status"), referee=label("Zuständiger Wertungsreferent"),
                member=(label("Verein") is not None or label("ZPS-Nr.") is not None) if ("Verein" in labels or "ZPS-Nr." in labels) else None,
                rows=tuple(reversed(rows)))


def _int_signed(source: str, row: _Row, column: str, value: str) -> int | None:
    """Lstg. may be negative (a nu bug the plausibility check names)."""
    if value.startswith(("-", "−")) and value[1:].isdigit():
        return -int(value[1:][:6])
    return _int(source, row, column, value)


def _sheet(source: str, tables: list[list[_Row]], table: list[_Row], head: int, h2: list[str]) -> Scoresheet:
    games: list[SheetGame] = []
    total: tuple[int | None, int | None, float | None] = (None, None, None)
    for row in table[head + 1:]:
        cells = [c.text for c in row.cells] + [""] * (6 - len(row.cells))
        if cells[0] == "Σ":
            total = (_points(source, row, "Ergebnis", cells[4]), _int(source, row, "DWZ", cells[3]),
                     _number(source, row, "We", cells[5], 10_000))
            break
        if not cells[0].isdigit() or len(cells[0]) > 4:
            if games:
                break
            continue
        result = cells[4]
        w = {"1": 2, "½": 1, "0": 0}.get(result)
        games.append(SheetGame(line=row.line, round=cells[0], opponent=cells[1], opponent_rating=_int(source, row, "DWZ", cells[3]),
                               w_halves=w, result_text=result, we_shown=_number(source, row, "We", cells[5], 1)))
    if not games:
        raise _problem(source, "page_no_rows", "", expected="portal.page.kind.scoresheet")
    labels = _labels(tables, None)
    title = next((m for m in (_SHEET_TITLE.search(t) for t in h2) if m), None)
    if title is None:  # a copy: the title is a line of its own cells
        for t in tables:
            for r in t:
                m = _SHEET_TITLE.search(" ".join(c.text for c in r.cells))
                if m:
                    title = m
                    break
            if title:
                break
    names = [t for t in h2 if t and not t.startswith(("Spielberichtsbogen", "DWZ-Karteikarte"))]
    end = labels.get("Turnierende")

    def label(key: str) -> str | None:
        c = labels.get(key)
        return c.text if c is not None and c.text.strip(" /-") else None

    code = label("Code")
    return Scoresheet(source=source, tournament=names[0] if names else code, code=code, referee=label("Auswerter"),
                      end=_day(end.text) if end is not None else None, player=title.group(1) if title else None,
                      rating=int(title.group(2)) if title else None, games=tuple(games), total_w_halves=total[0], total_rc=total[1],
                      total_we=total[2])
