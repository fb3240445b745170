"""A player's card in the DSB's shape, and the chart of his rating over time.

Data and rendering only — shared by ``dwz history card`` and the web page
(:mod:`dwz.web.history_page`).  :func:`load_card` reads the store,
:func:`card_table` gives the formatted columns (language-aware), :func:`card_svg`
a hand-written SVG string with every text escaped.
"""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from html import escape
from itertools import pairwise
from typing import Any

from dwz.basics.errors import InputError, Problem
from dwz.basics.parsing import digits
from dwz.history.importer import name_key
from dwz.history.store import decode_rest
from dwz.i18n import fmt_coefficient, fmt_num, fmt_rating, term, text

__all__ = ["Card", "CardRow", "card_svg", "card_table", "find_player", "load_card"]


@dataclass(frozen=True, slots=True)
class CardRow:
    """One line of the card: a tournament evaluation or the Umstufung 2026."""

    tournament_id: int
    kind: str  # "tournament" or "umstufung"
    name: str
    code: str | None
    end: str
    edition: str
    status: str  # established, foreign, first, unrated, no_games, umstufung
    old_rating: int | None
    old_index: int | None
    W: float | None
    n: int | None
    We: float | None
    coefficient_name: str | None  # "E" (classic) or "K" (2026)
    coefficient: float | int | None
    Rc: int | None  # Niveau
    performance: int | None  # Leistung
    new_rating: int | None
    new_index: int | None
    published: bool
    sonderwertung: bool
    restpartien: int  # stored after this evaluation (unrated players)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Card:
    player: dict[str, Any]
    rows: tuple[CardRow, ...]
    restpartien: tuple[tuple[int, int, str], ...]  # current: (opponent, halves, played)

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "rows": [r.to_dict() for r in self.rows],
                "restpartien": [{"opponent": o, "points": h / 2, "played": d} for o, h, d in self.restpartien]}

    def points(self) -> list[tuple[date, int, str]]:
        """(date, rating, label) for the chart: the starting value, then every new rating."""
        pts: list[tuple[date, int, str]] = []
        p = self.player
        if p.get("start_rating") and p.get("start_date"):
            pts.append((date.fromisoformat(p["start_date"]), int(p["start_rating"]), "start"))
        for r in self.rows:
            if r.new_rating is not None and r.published and r.status != "no_games":
                when = date.fromisoformat(r.end)
                if r.kind == "umstufung":  # its row ends on the last old-scale day: drawn at the switch, the day after
                    when += timedelta(days=1)
                pts.append((when, r.new_rating, r.kind))
        pts.sort(key=lambda x: x[0])
        return pts


_PLAYER_COLS = ("id", "name", "birth_year", "dsb_id", "zps", "member_no", "fide_id", "member", "elo", "start_rating",
                "start_index", "start_date", "start_source", "cur_rating", "cur_index")


def find_players(conn: sqlite3.Connection, query: str, limit: int = 50) -> list[dict[str, Any]]:
    """Candidates for a search box: (id, name, birth year, club code, current DWZ-index)."""
    q = query.strip()
    key = name_key(q)
    rows = list(conn.execute(
        "SELECT id, name, birth_year, zps FROM players WHERE dsb_id = ? OR fide_id = ? OR zps || '-' || member_no = ? "
        "OR (name_key >= ? AND name_key < ?) ORDER BY name_key, id LIMIT ?", (q, q, q, key, key + "\uffff", limit))) if q else []
    out = []
    for pid, name, by, zps in rows:
        last = conn.execute("SELECT e.new_rating, e.new_index FROM evaluations e JOIN tournaments t ON t.id = e.tournament "
                            "WHERE e.player = ? AND e.new_rating IS NOT NULL ORDER BY t.seq DESC LIMIT 1", (pid,)).fetchone()
        out.append({"id": pid, "name": name, "birth_year": by, "zps": zps,
                    "rating": None if last is None else (f"{last[0]}-{last[1]}" if last[1] is not None else str(last[0]))})
    return out


def find_player(conn: sqlite3.Connection, query: str) -> int:
    """A player by store id ("#12" or "12"), DSB id, FIDE id, ZPS-member number
    ("C0512-7"), or name (exact name first, then names starting with it)."""
    q = query.strip()
    ids: list[int] = []
    number = digits(q[1:] if q.startswith("#") else q)  # ASCII digits within SQLite's 64-bit integers
    if q.startswith("#") and number is not None:
        ids = [r[0] for r in conn.execute("SELECT id FROM players WHERE id = ?", (number,))]
    else:
        for sql, args in (("SELECT id FROM players WHERE dsb_id = ?", (q,)), ("SELECT id FROM players WHERE fide_id = ?", (q,)),
                          ("SELECT id FROM players WHERE id = ?", (number,) if number is not None else None),
                          ("SELECT id FROM players WHERE zps || '-' || member_no = ?", (q,))):
            if args is None:
                continue
            ids = [r[0] for r in conn.execute(sql, args)]
            if ids:
                break
        if not ids:
            key = name_key(q)
            ids = [r[0] for r in conn.execute("SELECT id FROM players WHERE name_key = ? ORDER BY id LIMIT 20", (key,))]
            if not ids and key:
                ids = [r[0] for r in conn.execute("SELECT id FROM players WHERE name_key >= ? AND name_key < ? ORDER BY name_key, id LIMIT 20",
                                                  (key, key + "\uffff"))]
    if not ids:
        raise InputError([Problem("card_player", "player_unknown", query)])  # the argument SPIELER, not --player
    if len(ids) > 1:
        names = ", ".join(f"#{pid} {n}" + (f" ({by})" if by else "") for pid, n, by in conn.execute(
            f"SELECT id, name, birth_year FROM players WHERE id IN ({','.join('?' * len(ids))}) ORDER BY id", ids))
        raise InputError([Problem("card_player", "player_ambiguous", query, {"names": names})])
    return int(ids[0])


def load_card(conn: sqlite3.Connection, pid: int) -> Card:
    row = conn.execute(f"SELECT {', '.join(_PLAYER_COLS)} FROM players WHERE id = ?", (pid,)).fetchone()
    if row is None:
        raise InputError([Problem("card_player", "player_unknown", f"#{pid}")])
    player = dict(zip(_PLAYER_COLS, row, strict=True))
    player["member"] = bool(player["member"])
    rows = []
    for (tid, kind, name, code, end, edition, status, old_r, old_i, wh, n, we, coef, rc, perf, new_r, new_i, published, sonder,
         rest) in conn.execute(
            "SELECT t.id, t.kind, t.name, t.code, t.end, e.edition, e.status, e.old_rating, e.old_index, e.wh, e.n, e.we, "
            "e.coefficient, e.rc, e.perf, e.new_rating, e.new_index, e.published, e.sonder, e.rest "
            "FROM evaluations e JOIN tournaments t ON t.id = e.tournament WHERE e.player = ? ORDER BY t.seq", (pid,)):
        coef_name = None if coef is None else _coefficient_name(edition)
        rows.append(CardRow(tournament_id=tid, kind=kind, name=name, code=code, end=end, edition=edition, status=status,
                            old_rating=old_r, old_index=old_i, W=None if wh is None else wh / 2, n=n, We=we, coefficient_name=coef_name,
                            coefficient=coef, Rc=rc, performance=perf, new_rating=new_r, new_index=new_i, published=bool(published),
                            sonderwertung=sonder is not None, restpartien=len(decode_rest(rest))))
    rest_now = tuple(conn.execute("SELECT opponent, halves, played FROM restpartien WHERE player = ? ORDER BY played, rowid", (pid,)))
    return Card(player=player, rows=tuple(rows), restpartien=rest_now)


def _coefficient_name(edition: str) -> str:
    """E or K as the edition calls its development factor (an edition not registered: its name)."""
    from dwz.rules import DWZ_EDITIONS

    ed = DWZ_EDITIONS.get(edition)
    return ed.COEFFICIENT if ed is not None else edition


# --- rendering --------------------------------------------------------------------------------

COLUMNS = ("no", "tournament", "end", "old", "wn", "we", "coef", "niveau", "perf", "new")


def rating_text(value: int | None, index: int | None) -> str:
    """A DWZ with its index as on the card: "1650-12"; an unknown index is "1515-?" (the same
    everywhere on the card, the web page and the command line), no DWZ "–"."""
    if value is None:
        return "–"
    return fmt_rating(value, index) if index is not None else f"{value}-?"


def _end(iso: str, lang: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d.day:02d}.{d.month:02d}.{d.year}" if lang == "de" else iso


def card_table(card: Card, lang: str = "de") -> tuple[list[str], list[dict[str, str]]]:
    """Column titles and the formatted rows of the card (DSB order: tournament, end,
    DWZ before, W/n, We, E or K, Niveau, Leistung, DWZ-Index after)."""
    titles = [text(f"history.col_{c}", lang) for c in COLUMNS]
    out: list[dict[str, str]] = []
    no = 0
    for r in card.rows:
        if r.kind == "umstufung":
            out.append({"no": "", "tournament": text("history.umstufung_row", lang), "end": _end(r.end, lang),
                        "old": rating_text(r.old_rating, r.old_index), "wn": "", "we": "", "coef": "", "niveau": "", "perf": "",
                        "new": rating_text(r.new_rating, r.new_index) if r.new_rating is not None else
                        text("history.rest_converted", lang, n=r.restpartien), "kind": "umstufung", "status": r.status})
            continue
        no += 1
        wn = "" if r.W is None or r.n is None else f"{fmt_num(r.W, '.1f', lang)}/{r.n}"
        coef = fmt_coefficient(r.coefficient, r.coefficient_name, lang)
        if r.status in ("established", "foreign", "first"):
            new = rating_text(r.new_rating, r.new_index)
            if r.status == "first":
                new += " *"
        elif r.status == "unrated":
            new = text("history.rest_kept", lang, n=r.restpartien)
        else:
            new = term(f"status.{r.status}", lang)
        if not r.published:
            new = f"({new})"
        out.append({
            "no": str(no), "tournament": r.name, "end": _end(r.end, lang), "old": rating_text(r.old_rating, r.old_index) if r.old_rating is not None else "", "wn": wn,
            "we": "" if r.We is None else fmt_num(r.We, ".3f", lang), "coef": coef,
            "niveau": "" if r.Rc is None else str(r.Rc), "perf": "" if r.performance is None else str(r.performance) + (
                " S" if r.sonderwertung else ""), "new": new, "kind": "tournament", "status": r.status,
        })
    return titles, out


W, H = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 20, 36, 40
INLINE_VARIANTS = (360, 480, 640)  # the web page's widths (user units): its stylesheet shows the one that fits


def _nice(span: float, ticks: int = 8) -> int:
    """A round step for the rating axis with at most ``ticks`` steps over ``span``."""
    for step in (10, 20, 25, 50, 100, 200, 250, 500):
        if span / step <= ticks:
            return step
    return 1000


def card_svg(card: Card, lang: str = "de", *, inline: bool = False) -> str:
    """The rating over time as SVG (no scripts, no styles: attributes only).  ``inline``: for a
    web page — the chart in three widths without a fixed size (the page's stylesheet shows the
    one that fits its container, so that the labels render at 11–15 px on a phone too)."""
    if not inline:
        return _card_svg(card, lang, W, H, LEFT, 11, "history-chart", "", f' width="{W}" height="{H}"') + "\n"
    return "".join(_card_svg(card, lang, w, round(w * 0.42) + 50, 48, 13, f"history-chart chart-{w}", f"-{w}", "")
                   for w in INLINE_VARIANTS) + "\n"


def _card_svg(card: Card, lang: str, w: int, h: int, left: int, font: int, cls: str, suffix: str, size: str) -> str:
    pts = card.points()
    title = escape(text("history.chart_title", lang, name=card.player["name"]))
    desc = escape(text("history.chart_desc", lang))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {w} {h}"{size} '
            f'role="img" aria-labelledby="hc-title{suffix} hc-desc{suffix}"><title id="hc-title{suffix}">{title}</title>'
            f'<desc id="hc-desc{suffix}">{desc}</desc>')
    if not pts:
        return head + f'<text x="{w // 2}" y="{h // 2}" text-anchor="middle" font-family="sans-serif" font-size="14">' \
                      f'{escape(text("history.no_rows", lang))}</text></svg>'
    d0 = pts[0][0].toordinal()
    d1 = max(pts[-1][0].toordinal(), d0 + 1)
    ys = [p[1] for p in pts]
    step = _nice(max(ys) - min(ys) or 1, min(8, (h - TOP - BOTTOM) // (2 * font)))  # labels at least two lines apart
    y0 = (min(ys) // step) * step
    y1 = -(-max(ys) // step) * step
    if y1 == y0:
        y1 = y0 + step

    def px(d: date) -> float:
        return round(left + (d.toordinal() - d0) / (d1 - d0) * (w - left - RIGHT), 1)

    def py(v: float) -> float:
        return round(h - BOTTOM - (v - y0) / (y1 - y0) * (h - TOP - BOTTOM), 1)

    out = [head, f'<text x="{left}" y="20" font-family="sans-serif" font-size="{font + 3}" font-weight="bold">{title}</text>',
           f'<g font-family="sans-serif" font-size="{font}" fill="currentColor">']
    v = y0
    while v <= y1:
        y = py(v)
        out.append(f'<line x1="{left}" y1="{y}" x2="{w - RIGHT}" y2="{y}" stroke="#999" stroke-opacity="0.35"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4}" text-anchor="end">{v}</text>')
        v += step
    first_year, last_year = pts[0][0].year, pts[-1][0].year
    every = max(1, (last_year - first_year + 1) // 10 + (1 if last_year - first_year >= 10 else 0))
    per_year = (w - left - RIGHT) * 365.25 / (d1 - d0)
    while every * per_year < font * 3.4:  # a year label ("2024") is about 2.5 font sizes wide
        every += 1
    for year in range(first_year + 1, last_year + 1, every):
        x = px(date(year, 1, 1))
        out.append(f'<line x1="{x}" y1="{TOP}" x2="{x}" y2="{h - BOTTOM}" stroke="#999" stroke-opacity="0.2"/>')
        out.append(f'<text x="{x}" y="{h - BOTTOM + 16}" text-anchor="middle">{year}</text>')
    from dwz.rules import transition

    switch = transition("old", "new").at  # the Umstufung (the registry's transition to the new scale)
    if pts[0][0] <= switch <= pts[-1][0]:
        x = px(switch)
        out.append(f'<line x1="{x}" y1="{TOP}" x2="{x}" y2="{h - BOTTOM}" stroke="#c60" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{x - 4}" y="{TOP + 10}" text-anchor="end" fill="#c60">{escape(text("history.umstufung_row", lang))}</text>')
    out.append("</g>")
    # a step line: the rating holds until the next evaluation (or the Umstufung) changes it
    coords = [(px(pts[0][0]), py(pts[0][1]))]
    for (_, r0, _), (d, r, _) in pairwise(pts):
        coords += [(px(d), py(r0)), (px(d), py(r))]
    line = " ".join(f"{x},{y}" for x, y in coords)
    out.append(f'<polyline points="{line}" fill="none" stroke="#1f5fa8" stroke-width="2"/>')
    for d, r, kind in pts:
        colour = "#c60" if kind == "umstufung" else ("#777" if kind == "start" else "#1f5fa8")
        label = escape(f"{d.isoformat()}: {r}")
        out.append(f'<circle cx="{px(d)}" cy="{py(r)}" r="3" fill="{colour}"><title>{label}</title></circle>')
    out.append("</svg>")
    return "".join(out)
