"""What the 2026 reform changed: the stored history (real switch to the new scale with the
Umstufung, the registry's transition) against the same history under the edition before
the switch — the classic rules — throughout.

The counterfactual is computed in memory and never stored.  It equals the real
history up to the switch, so it starts there from the stored state (or earlier, at
the first tournament forced to the 2026 rules) and evaluates the rest with the
classic edition and without the Umstufung.

Two differences per player: *raw* = real − classic (mostly the Umstufung's
rescaling) and *rules* = real − Umstufung(classic), the effect of the new rules
on the new scale; the distribution, mean, median and movers refer to the latter,
over the players evaluated after the switch.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import date, timedelta
from html import escape
from statistics import mean, median
from typing import Any

from dwz.basics.errors import InputError
from dwz.core.kernel import EvaluationOptions
from dwz.history.runner import Federation
from dwz.history.store import unpack
from dwz.i18n import fmt_num, text
from dwz.rules import DWZ_EDITIONS, Edition, We, edition_at, transition

__all__ = ["Comparison", "Mover", "compare", "compare_svg", "histogram_lines"]


@dataclass(frozen=True, slots=True)
class Mover:
    player: int
    name: str
    real: int
    classic: int
    classic_converted: int
    diff: int  # real − Umstufung(classic)


@dataclass(frozen=True)
class Comparison:
    players: int  # members with a DWZ in both runs
    affected: int  # of them evaluated after the switch
    diffs: tuple[int, ...]  # rules effect of the affected players
    raw_mean: float | None
    raw_median: float | None
    mean: float | None
    median: float | None
    bins: tuple[tuple[int, int, int], ...]  # (from, to exclusive, count)
    up: tuple[Mover, ...]
    down: tuple[Mover, ...]
    tournaments: int  # evaluated again for the counterfactual
    extra: dict[str, Any] = field(default_factory=dict)
    classic: str = field(default_factory=lambda: classic_edition().NAME)  # the edition rated throughout (its texts name it)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "affected": self.affected, "raw_mean": self.raw_mean, "raw_median": self.raw_median,
                "mean": self.mean, "median": self.median, "tournaments": self.tournaments,
                "histogram": [{"from": a, "to": b, "count": c} for a, b, c in self.bins],
                "up": [vars_(m) for m in self.up], "down": [vars_(m) for m in self.down], "new_scale_start_values": self.extra.get("new_scale_start", 0)}


def vars_(m: Mover) -> dict[str, Any]:
    return {"player": m.player, "name": m.name, "real": m.real, "classic": m.classic, "classic_converted": m.classic_converted,
            "diff": m.diff}


def _bins(values: list[int], target: int = 20) -> tuple[tuple[int, int, int], ...]:
    if not values:
        return ()
    lo, hi = min(values), max(values)
    width = 1
    for w in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        width = w
        if (hi - lo) / w <= target:
            break
    start = (lo // width) * width
    n = (hi - start) // width + 1
    counts = [0] * n
    for v in values:
        counts[(v - start) // width] += 1
    return tuple((start + i * width, start + (i + 1) * width, c) for i, c in enumerate(counts))


def classic_edition() -> Edition[We]:
    """The edition of the last day before the switch to the new scale — the classic rules, rated on the old scale."""
    return edition_at(transition("old", "new").at - timedelta(days=1))


def compare(conn: sqlite3.Connection, *, top: int = 10) -> Comparison:
    """Compare the stored (real) history with the classic rules throughout."""
    pending = conn.execute("SELECT count(*) FROM tournaments WHERE evaluated = 0").fetchone()[0]
    pending += conn.execute("SELECT count(*) FROM dirty_players").fetchone()[0]
    if pending:
        raise InputError.single("history", "history_not_run", pending)
    opts_json = conn.execute("SELECT value FROM meta WHERE key = 'options'").fetchone()
    opts = EvaluationOptions(**json.loads(opts_json[0])) if opts_json else EvaluationOptions()
    conn.execute("BEGIN")  # one consistent snapshot for all reads
    try:
        useq = int(conn.execute("SELECT seq FROM tournaments WHERE kind = 'umstufung'").fetchone()[0])
        switch = transition("old", "new")
        before = classic_edition()
        # the first tournament before the switch forced to an edition on the new scale (its rules are not the classic ones)
        new_scale = [name for name, ed in DWZ_EDITIONS.items() if ed.SCALE == switch.target]
        forced = conn.execute(f"SELECT min(seq) FROM tournaments WHERE rules IN ({', '.join('?' * len(new_scale))}) "
                              "AND seq < ?", (*new_scale, useq)).fetchone()[0] if new_scale else None
        begin = useq if forced is None else int(forced)
        fed = Federation(conn, opts)
        fed.load_all_before(begin, useq)
        # A starting value dated from the switch on is on the new scale; the classic run counts on the old one,
        # so it starts from the old value the Umstufung maps to it (spec dwz-2026 §6) — else Umstufung(classic)
        # would convert a new-scale number a second time.
        moved_back = 0
        for pid, r in enumerate(fed.rating):
            if r is not None and fed.s_new[pid] and not fed.evald[pid]:
                fed.rating[pid] = _old_scale(r)
                moved_back += 1
        n_t = 0
        for tid, kind, end_s, rated, packed in conn.execute(
                "SELECT id, kind, end, rated, packed FROM tournaments WHERE seq >= ? ORDER BY seq", (begin,)):
            if kind != "tournament" or not rated or not packed:
                continue  # classic throughout: no Umstufung
            pids, elos, flat = unpack(packed)
            fed.evaluate(tid, date.fromisoformat(end_s), before, pids, elos, flat, None)
            n_t += 1
        real = conn.execute("SELECT id, name, cur_rating FROM players WHERE member = 1 AND cur_rating IS NOT NULL "
                            "ORDER BY id").fetchall()
        after = {r[0] for r in conn.execute(
            "SELECT DISTINCT e.player FROM evaluations e JOIN tournaments t ON t.id = e.tournament "
            "WHERE t.seq > ? AND t.kind = 'tournament'", (useq,))}
    finally:
        conn.execute("ROLLBACK")
    raw: list[int] = []
    movers: list[Mover] = []
    both = 0
    for pid, name, cur in real:
        classic = fed.rating[pid]
        if classic is None:
            continue
        both += 1
        raw.append(cur - classic)
        if pid in after:
            conv = fed.convert(classic)
            movers.append(Mover(player=pid, name=name, real=cur, classic=classic, classic_converted=conv, diff=cur - conv))
    diffs = [m.diff for m in movers]
    order = sorted(movers, key=lambda m: (-m.diff, m.player))
    up = tuple(m for m in order[:top] if m.diff > 0)
    down = tuple(m for m in sorted(movers, key=lambda m: (m.diff, m.player))[:top] if m.diff < 0)
    return Comparison(players=both, affected=len(movers), diffs=tuple(diffs), raw_mean=mean(raw) if raw else None,
                      raw_median=median(raw) if raw else None, mean=mean(diffs) if diffs else None,
                      median=median(diffs) if diffs else None, bins=_bins(diffs), up=up, down=down, tournaments=n_t,
                      extra={"new_scale_start": moved_back} if moved_back else {}, classic=before.NAME)


def _old_scale(new: int) -> int:
    """The old-scale value whose Umstufung is ``new`` (the lowest of several, by the rule's own
    inverse); a value below the new scale's floor has none and is taken as it is."""
    found = transition("old", "new").inverse(new)
    return found[0] if found else new


def histogram_lines(c: Comparison, lang: str = "de", width: int = 50) -> list[str]:
    """The distribution as a text histogram, one line per bin."""
    if not c.bins:
        return [text("history.compare_empty", lang)]
    most = max(b[2] for b in c.bins) or 1
    lines = []
    for a, b, n in c.bins:
        label = _bin_label(a) if b - a == 1 else f"{_bin_label(a)} … {_bin_label(b - 1)}"
        bar = "█" * (round(n / most * width) if n else 0)
        lines.append(f"{label:>13} │{bar} {n}")
    return lines


def _tick_step(top: int, ticks: int = 5) -> int:
    """A round step for a count axis: 1, 2, 5, 10, 20, 25, 50, … with at most ``ticks`` steps up to ``top``.

    >>> _tick_step(37), _tick_step(4), _tick_step(1234)
    (10, 1, 250)
    """
    mag = 1
    while True:
        for m in ((1, 2, 5) if mag == 1 else (1, 2, 2.5, 5)):
            step = int(m * mag)
            if top / step <= ticks:
                return step
        mag *= 10


def _bin_label(v: int) -> str:
    """A bin's lower edge as an axis label: "0" (never "+0"), "+20", "−20".

    >>> _bin_label(0), _bin_label(20), _bin_label(-20)
    ('0', '+20', '−20')
    """
    return "0" if v == 0 else (f"+{v}" if v > 0 else f"−{-v}")


def compare_svg(c: Comparison, lang: str = "de") -> str:
    """The histogram of the rules effect as a standalone SVG: bars per bin, a count axis with
    round ticks, the bins' lower edges below (at most about a dozen labels)."""
    w, h, left, right, top, bottom = 720, 320, 56, 16, 40, 48
    title = escape(text("history.compare_chart_title", lang, rules=edition_at(transition("old", "new").at).NAME))
    desc = escape(text("history.compare_chart_desc", lang))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
           f'aria-labelledby="cc-title cc-desc"><title id="cc-title">{title}</title><desc id="cc-desc">{desc}</desc>',
           f'<text x="{left}" y="22" font-family="sans-serif" font-size="14" font-weight="bold">{title}</text>']
    if not c.bins:
        out.append("</svg>\n")
        return "".join(out)
    most = max(b[2] for b in c.bins) or 1
    step = _tick_step(most)
    ceiling = -(-most // step) * step  # the axis ends on a round tick at or above the highest bar
    n = len(c.bins)
    bw = (w - left - right) / n
    out.append('<g font-family="sans-serif" font-size="11">')
    for v in range(0, ceiling + 1, step):
        y = round(h - bottom - v / ceiling * (h - top - bottom), 1)
        out.append(f'<line x1="{left}" y1="{y}" x2="{w - right}" y2="{y}" stroke="#999" stroke-opacity="0.3"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4}" text-anchor="end">{escape(fmt_num(v, "d", lang))}</text>')
    every = max(1, -(-n // 12))
    for i, (a, b, cnt) in enumerate(c.bins):
        x = round(left + i * bw + 1, 1)
        bh = round(cnt / ceiling * (h - top - bottom), 1)
        y = round(h - bottom - bh, 1)
        colour = "#1f5fa8" if a >= 0 else "#c60"
        span = _bin_label(a) if b - a == 1 else f"{_bin_label(a)} … {_bin_label(b - 1)}"
        out.append(f'<rect x="{x}" y="{y}" width="{round(bw - 2, 1)}" height="{bh}" fill="{colour}">'
                   f'<title>{escape(f"{span}: {cnt}")}</title></rect>')
        if i % every == 0:
            out.append(f'<text x="{round(left + i * bw, 1)}" y="{h - bottom + 16}" text-anchor="middle">{escape(_bin_label(a))}</text>')
    out.append(f'<text x="{w // 2}" y="{h - 8}" text-anchor="middle">{escape(text("history.compare_axis", lang))}</text>')
    if c.mean is not None:
        out.append(f'<text x="{w - right}" y="22" text-anchor="end">'
                   f'{escape(text("history.compare_stats_short", lang, mean=fmt_num(c.mean, ".1f", lang), median=fmt_num(c.median or 0, ".1f", lang)))}'
                   "</text>")
    out.append("</g></svg>\n")
    return "".join(out)
