"""Pages in the public structure of the DSB website's portal pages (spec portal-pages.md), written
for the tests from a card's or a scoresheet's values — the real saved pages' licence is unclear, so
their values are kept as data (tests/data/portal_pages/*.tsv) and the pages are made here."""

from __future__ import annotations

import html
from pathlib import Path

from dwz.portal.pages import read_page

DATA = Path(__file__).resolve().parents[1] / "data" / "portal_pages"
REAL_CARD = DATA / "real_card_NU4241593.tsv"
REAL_RYCK = DATA / "real_scoresheet_ryck_open_2026.tsv"
REAL_BEZIRKSLIGA = DATA / "real_scoresheet_bezirksliga_2026.tsv"

_CARD_COLS = ("Nr.", "Jahr", "Turnier", "Pkt.", "Par.", "We", "E", "Gegn.", "Lstg.", "Akt. DWZ")


def card_cells(path: Path = REAL_CARD) -> list[list[str]]:
    """The card's rows as the page shows them (newest first), cells as text."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(line.split("\t") + [""] * 10)[:10] for line in lines[1:] if line.strip()]


def _rating_cell(text: str) -> str:
    if " - " not in text:
        return html.escape(text)
    r, i = text.split(" - ")
    return f"{r} -{'&nbsp;' * (2 if len(i) > 1 else 4)}{i}"  # padded with non-breaking spaces as the site does


def card_html(rows: list[list[str]], name: str = "Max Muster", birth: str = "****", club: str | None = "SV Beispiel e.V.",
              zps: str = "X1234-567", chrome: bool = True) -> str:
    """A DWZ card page: header table, history table (row classes dewis/upgrade), links to scoresheets."""
    body = []
    for k, c in enumerate(rows, 1):
        kind = "upgrade" if c[2].startswith("Umstufung") and not c[4] else "dewis"
        cells = []
        for j, v in enumerate(c):
            if j == 2 and kind == "dewis":
                v = f'<a href="dwz-turniere/t{k}/p{k}.html" title="{html.escape(v)}">{html.escape(v)}</a>'
            elif j == 9:
                v = _rating_cell(v)
            else:
                v = html.escape(v)
            cells.append(f'<td class="col_{j} bottom-line right-line">{v}</td>')
        body.append(f'<tr class="row_{k} {kind}">\n' + "\n".join(cells) + "\n</tr>")
    head = "".join(f'<th class="col_{j} right-line" data-sort="zahl">{html.escape(c)}</th>' for j, c in enumerate(_CARD_COLS))
    current = rows[0][9] if rows else ""
    club_cell = f'<a href="dwz-vereine/X1234.html">{html.escape(club)}</a>' if club else ""
    page = f"""<div class="mod_wertungsportal_spieler dewis block">
<h1>Wertungsportal - Spieler</h1>
<h2>DWZ-Karteikarte {html.escape(name)}</h2>
<p class="wp-cachehinweis"><b>Stand: 15.09.2026 19:03</b></p>
<div class="karteikarte-daten table_responsiv"><table class="header"><tbody>
<tr class="row_0"><td class="col_1">Name:</td><td class="col_2 value" colspan="5">{html.escape(name)}</td></tr>
<tr class="row_dwz"><td class="col_1">Aktuelle DWZ:</td><td class="col_2 value">{html.escape(current)}</td>
<td class="col_3">Geschlecht:</td><td class="col_4 value">*</td><td class="col_5">Geburtsjahr:</td><td class="col_6 value">{birth}</td></tr>
<tr class="row_1"><td class="col_1">Verein:</td><td class="col_2 value">{club_cell}</td><td class="col_3">ZPS-Nr.:</td>
<td class="col_4 value">{zps}</td><td class="col_5">Status:</td><td class="col_6 value">A</td></tr>
<tr class="row_6 referent"><td class="col_1 col_2" colspan="2">Zuständiger Wertungsreferent:</td><td class="col_3 value" colspan="4">-</td></tr>
</tbody></table></div>
<div class="table_responsiv"><table class="body tablesorter"><thead><tr class="row_0">{head}</tr></thead><tbody>
{chr(10).join(body)}
</tbody></table></div>
<div class="diagramm"><h3>DWZ und Leistung</h3><svg viewBox="0 0 700 300"><text x="1" y="2">2019</text></svg></div>
</div>"""
    if not chrome:
        return page
    return f"""<!DOCTYPE html>
<html lang="de"><head><meta charset="UTF-8"><title>DWZ-Karteikarte {html.escape(name)}</title>
<script>var x = "<table><tr><td>Nr.</td></tr></table>";</script><style>td {{ color: red }}</style></head>
<body><nav><table class="layout"><tr><td>Kontakt:</td><td>Presse</td></tr></table></nav>
{page}
<footer><h4>Netzwerk</h4></footer></body></html>
"""


def sheet_parts(path: Path) -> tuple[str, str, str, int, list[list[str]], list[str]]:
    """(tournament, code, end, rating before, game rows, Σ row) of a scoresheet's values file."""
    page = read_page(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    games = [line.split("\t") for line in lines if line.split("\t")[0].isdigit()]
    total = next(line.split("\t") for line in lines if line.startswith("Σ"))
    assert page.kind == "scoresheet" and page.rating is not None and page.end is not None
    return lines[0], page.code or "", page.end.strftime("%d.%m.%Y"), page.rating, games, total


def sheet_html(tournament: str, code: str, end: str, player: str, rating: int, games: list[list[str]], total: list[str]) -> str:
    """A scoresheet page: header table (Code, Auswerter, Turnierende …), the title with the DWZ before, the games and the Σ row."""
    rows = []
    for g in games:
        colour = "white" if int(g[0]) % 2 else "black"
        rows.append(f"""<tr class="body"><td class="align-center right-line bottom-line">{g[0]}</td>
<td class="right-line bottom-line"><a href="dwz-spieler/NU1.html">{html.escape(g[1])}</a></td>
<td class="right-line bottom-line"><a href="dwz-turniere/{code}/x.html">SC</a></td><td class="right-line bottom-line">{g[3]}</td>
<td class="right-line bottom-line result {colour}">{g[4]}</td><td class=" bottom-line" title="Geschätzter Erwartungswert">{g[5]}</td></tr>""")
    return f"""<!DOCTYPE html><html lang="de"><head><meta charset="UTF-8"><title>DWZ - Turnier</title></head><body>
<div class="mod_wertungsportal_turnier dewis block"><h1>DWZ - Turnier</h1><h2>{html.escape(tournament)}</h2>
<div class="table_responsiv"><table class="header"><tbody>
<tr class="row_1"><td class="col_1 label">Code:</td><td class="col_2 value">{code}</td></tr>
<tr class="row_2"><td class="col_1 label">Auswerter:</td><td class="col_2 value">Erika Beispiel / <a href="mailto:x@example.org">x@example.org</a></td></tr>
<tr class="row_3"><td class="col_1 label">Turnierende:</td><td class="col_2 value">{end}</td></tr>
<tr class="row_6"><td class="col_1 label">Spieler/Partien/Runden:</td><td class="col_2 value">44 / 152 / 7</td></tr>
</tbody></table></div>
<h2>Spielberichtsbogen <b>{html.escape(player)}</b> / DWZ {rating}</h2>
<div class="table_responsiv"><table class="body"><thead><tr class="head"><th class="right-line">Runde</th><th>Gegner</th>
<th class="right-line">Scoresheet</th><th class="right-line">DWZ</th><th class="right-line">Ergebnis</th><th title="Erwartungswert">We</th></tr></thead>
<tbody>
{chr(10).join(rows)}
<tr class="body"><td><b>Σ</b></td><td>&nbsp;</td><td>&nbsp;</td><td title="Gegnerdurchschnitt"><b>{total[3]}</b></td>
<td class="result"><b>{total[4]}</b></td><td title="Realer Erwartungswert"><b>{total[5]}</b></td></tr>
</tbody></table></div></div></body></html>
"""


def real_sheet_html(path: Path = REAL_RYCK, player: str = "Max Muster") -> str:
    t, code, end, rating, games, total = sheet_parts(path)
    return sheet_html(t, code, end, player, rating, games, total)
