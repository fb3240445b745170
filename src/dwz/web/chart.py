"""The scenario chart as SVG (server-rendered twin of ``static/chart.js``).

Geometry only: it places the engine's numbers on a canvas; every label is escaped.
The chart comes in three widths (:data:`VARIANTS`, user units); the stylesheet shows
the one that fits its container (container queries), so that the labels render at
11–15 px on a phone as on a desktop — one SVG scaled down to 360 px would shrink
them to 7 px.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from markupsafe import Markup, escape

from dwz.i18n import fmt_num, text

VARIANTS = (360, 480, 640)  # widths in user units; app.css picks one per container width
FONT = 13  # label size in user units
RIGHT, TOP, BOTTOM = 16, 16, 44
MIN_LABEL_GAP = 36  # user units between x labels ("10,5" is ~30 wide at FONT)


def _nice_step(span: float, target: int = 5) -> float:
    raw = max(span, 1) / target
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return float(m * mag)
    return float(10 * mag)


def x_step(span: float, plot_width: float) -> float:
    """The step between labelled scores: the smallest of ½, 1, 2, 5, … that keeps the labels apart.

    >>> x_step(5, 568), x_step(5, 288), x_step(9, 288), x_step(40, 568)
    (0.5, 1.0, 2.0, 5.0)
    """
    for step in (0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0):
        if plot_width * step / max(span, 0.5) >= MIN_LABEL_GAP:
            return step
    return 200.0


def scale(rows: Sequence[dict[str, Any]], old: int | None) -> dict[str, Any] | None:
    """Axis ranges and ticks; None when there is nothing to draw."""
    pts = [(float(r["W"]), float(r["new_rating"])) for r in rows if r.get("new_rating") is not None]
    if not pts:
        return None
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts] + ([float(old)] if old is not None else [])
    x0, x1 = min(xs), max(xs)
    if x1 == x0:
        x1 = x0 + 1
    step = _nice_step(max(ys) - min(ys))
    y0 = math.floor(min(ys) / step) * step
    y1 = math.ceil(max(ys) / step) * step
    if y1 == y0:
        y1 = y0 + step
    return {"pts": pts, "x0": x0, "x1": x1, "y0": y0, "y1": y1, "ystep": step}


def _left(s: dict[str, Any], lang: str) -> int:
    """Room for the longest y label."""
    longest = max(len(fmt_num(int(s["y0"]), "d", lang)), len(fmt_num(int(s["y1"]), "d", lang)))
    return int(longest * FONT * 0.62) + 14


LABEL_CHAR = 0.6  # a label's width per character, in FONT units (generous: a label measured too short would touch the curve)


def _crosses(points: Sequence[tuple[float, float]], box: tuple[float, float, float, float]) -> bool:
    """Whether the polyline (its dots: 4 units around each point) passes through ``box`` (x0, x1, y0, y1)."""
    bx0, bx1, by0, by1 = box
    for (xa, ya), (xb, yb) in pairwise(points):
        lo, hi = max(min(xa, xb), bx0), min(max(xa, xb), bx1)
        if lo > hi:
            continue
        at = [ya if xa == xb else ya + (yb - ya) * (x - xa) / (xb - xa) for x in (lo, hi)]
        if min(at) - 4 <= by1 and max(at) + 4 >= by0:
            return True
    return any(bx0 - 4 <= x <= bx1 + 4 and by0 - 4 <= y <= by1 + 4 for x, y in points)


def label_place(points: Sequence[tuple[float, float]], line_y: float, left: float, right: float, top: float, bottom: float,
                chars: int) -> tuple[str, float, float]:
    """Where the label of the old DWZ's line goes (text-anchor, x, baseline): at the right end below the
    line (the curve rises, so it is above the line there), else at the left end above it, else at the
    right or left on the other side — the first place the curve does not cross, so that on a phone's
    narrow chart the label never sits on the curve (issue 26); none free: right, above, as before.

    >>> label_place([(40, 150), (344, 20)], 85, 40, 344, 16, 188, 18)
    ('end', 340, 102)
    >>> label_place([(40, 150), (300, 100), (344, 88)], 85, 40, 344, 16, 188, 18)
    ('start', 44, 79)
    """
    w = chars * FONT * LABEL_CHAR
    below, above = line_y + FONT + 4, line_y - 6
    for anchor, x, base in (("end", right - 4, below), ("start", left + 4, above), ("end", right - 4, above), ("start", left + 4, below)):
        x0, x1 = (x - w, x) if anchor == "end" else (x, x + w)
        box = (x0, x1, base - FONT, base + 3)
        if box[2] >= top and box[3] <= bottom and not _crosses(points, box):
            return anchor, x, base
    return "end", right - 4, above


def _variant(s: dict[str, Any], old: int | None, lang: str, width: int) -> str:
    height = round(width * 0.42) + 40
    left = _left(s, lang)
    x0, x1, y0, y1 = float(s["x0"]), float(s["x1"]), float(s["y0"]), float(s["y1"])

    def px(x: float) -> float:
        return round(left + (x - x0) / (x1 - x0) * (width - left - RIGHT), 1)

    def py(y: float) -> float:
        return round(height - BOTTOM - (y - y0) / (y1 - y0) * (height - TOP - BOTTOM), 1)

    ids = f"chart-title-{width} chart-desc-{width}"
    out = [f'<svg class="chart chart-{width}" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{ids}" '
           f'font-size="{FONT}" xmlns="http://www.w3.org/2000/svg"><title id="chart-title-{width}">'
           f'{escape(text("web.chart_title", lang))}</title><desc id="chart-desc-{width}">{escape(text("web.chart_desc", lang))}</desc>']
    y = y0
    while y <= y1 + 1e-9:
        out.append(f'<line class="grid" x1="{left}" x2="{width - RIGHT}" y1="{py(y)}" y2="{py(y)}"/>'
                   f'<text class="tick" x="{left - 6}" y="{py(y) + 4}" text-anchor="end">{escape(fmt_num(int(y), "d", lang))}</text>')
        y += s["ystep"]
    xstep = x_step(x1 - x0, width - left - RIGHT)
    x = math.ceil(x0 / xstep) * xstep
    while x <= x1 + 1e-9:
        out.append(f'<text class="tick" x="{px(x)}" y="{height - BOTTOM + 18}" text-anchor="middle">'
                   f'{escape(fmt_num(x, ".1f", lang))}</text>')
        x += xstep
    out.append(f'<text class="axis-label" x="{(left + width - RIGHT) / 2}" y="{height - 6}" text-anchor="middle">'
               f'{escape(text("web.scen_points", lang))}</text>')
    if old is not None:
        label = f'{text("web.chart_old", lang)} {old}'
        anchor, lx, ly = label_place([(px(a), py(b)) for a, b in s["pts"]], py(old), left, width - RIGHT, TOP, height - BOTTOM, len(label))
        out.append(f'<line class="old" x1="{left}" x2="{width - RIGHT}" y1="{py(old)}" y2="{py(old)}"/>'
                   f'<text class="old-label" x="{round(lx, 1)}" y="{round(ly, 1)}" text-anchor="{anchor}">{escape(label)}</text>')
    line = " ".join(f"{px(a)},{py(b)}" for a, b in s["pts"])
    out.append(f'<polyline class="curve" points="{line}"/>')
    for a, b in s["pts"]:
        out.append(f'<circle class="dot" cx="{px(a)}" cy="{py(b)}" r="4"><title>W = {escape(fmt_num(a, ".1f", lang))} → '
                   f'{int(b)}</title></circle>')
    out.append("</svg>")
    return "".join(out)


def svg(rows: Sequence[dict[str, Any]], old: int | None, lang: str) -> Markup:
    """Every variant of the chart (the page shows one)."""
    s = scale(rows, old)
    if s is None:
        return Markup("")
    return Markup("".join(_variant(s, old, lang, w) for w in VARIANTS))
