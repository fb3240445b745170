"""The scenario chart as SVG (server-rendered twin of ``static/chart.js``).

Geometry only: it places the engine's numbers on a canvas; every label is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup, escape

from dwz.i18n import fmt_num, text

W, H = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 40


def _nice_step(span: float, target: int = 5) -> float:
    raw = max(span, 1) / target
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return float(m * mag)
    return float(10 * mag)


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


def svg(rows: Sequence[dict[str, Any]], old: int | None, lang: str) -> Markup:
    s = scale(rows, old)
    if s is None:
        return Markup("")

    def px(x: float) -> float:
        return round(LEFT + (x - float(s["x0"])) / (float(s["x1"]) - float(s["x0"])) * (W - LEFT - RIGHT), 1)

    def py(y: float) -> float:
        return round(H - BOTTOM - (y - float(s["y0"])) / (float(s["y1"]) - float(s["y0"])) * (H - TOP - BOTTOM), 1)

    title = escape(text("web.chart_title", lang))
    desc = escape(text("web.chart_desc", lang))
    out = [f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-labelledby="chart-title chart-desc" '
           f'xmlns="http://www.w3.org/2000/svg"><title id="chart-title">{title}</title><desc id="chart-desc">{desc}</desc>']
    y = s["y0"]
    while y <= s["y1"] + 1e-9:
        out.append(f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{py(y)}" y2="{py(y)}"/>'
                   f'<text class="tick" x="{LEFT - 6}" y="{py(y) + 4}" text-anchor="end">{escape(fmt_num(int(y), "d", lang))}</text>')
        y += s["ystep"]
    xstep = 0.5 if s["x1"] - s["x0"] <= 6 else (1.0 if s["x1"] - s["x0"] <= 14 else 2.0)
    x = s["x0"]
    while x <= s["x1"] + 1e-9:
        out.append(f'<text class="tick" x="{px(x)}" y="{H - BOTTOM + 18}" text-anchor="middle">{escape(fmt_num(x, ".1f", lang))}</text>')
        x += xstep
    out.append(f'<text class="axis-label" x="{(LEFT + W - RIGHT) / 2}" y="{H - 4}" text-anchor="middle">{escape(text("web.scen_points", lang))}</text>')
    if old is not None:
        out.append(f'<line class="old" x1="{LEFT}" x2="{W - RIGHT}" y1="{py(old)}" y2="{py(old)}"/>'
                   f'<text class="old-label" x="{W - RIGHT - 4}" y="{py(old) - 6}" text-anchor="end">'
                   f'{escape(text("web.chart_old", lang))} {old}</text>')
    line = " ".join(f"{px(a)},{py(b)}" for a, b in s["pts"])
    out.append(f'<polyline class="curve" points="{line}"/>')
    for a, b in s["pts"]:
        out.append(f'<circle class="dot" cx="{px(a)}" cy="{py(b)}" r="4"><title>W = {escape(fmt_num(a, ".1f", lang))} → '
                   f'{int(b)}</title></circle>')
    out.append("</svg>")
    return Markup("".join(out))
