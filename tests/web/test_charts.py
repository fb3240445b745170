"""The charts' geometry: the scenario chart and the card chart in three widths (the page shows
the one whose labels render at 11–15 px), x labels kept apart, and the comparison histogram
with round axis ticks and no "+0" bin label."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from typing import Any

import pytest

from dwz.history.compare import Comparison, compare_svg
from dwz.web import chart

NS = "{http://www.w3.org/2000/svg}"


def svgs(markup: str) -> list[ET.Element]:
    return [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", markup, flags=re.S)]


def test_scenario_chart_in_three_widths() -> None:
    rows = [{"W": w / 2, "new_rating": 1586 + 14 * w} for w in range(19)]  # 9 games
    charts = svgs(str(chart.svg(rows, 1650, "de")))
    assert [c.get("viewBox", "").split()[2] for c in charts] == [str(w) for w in chart.VARIANTS]
    for c in charts:
        width = float(c.get("viewBox", "").split()[2])
        assert c.get("font-size") == str(chart.FONT)
        ticks = [t for t in c.iter(f"{NS}text") if t.get("class") == "tick" and t.get("text-anchor") == "middle"]
        xs = [float(t.get("x", 0)) for t in ticks]
        assert len(xs) >= 4 and min(b - a for a, b in pairwise(xs)) >= chart.MIN_LABEL_GAP
        assert all(0 <= x <= width for x in xs)
        # the variant is shown where its labels render at 11 px or more: container ≥ width · 11/FONT
        assert width * 11 / chart.FONT <= {360: 358, 480: 440, 640: 590}[int(width)]
    labels = [t.text for c in charts for t in c.iter(f"{NS}text") if t.get("text-anchor") == "middle" and t.get("class") == "tick"]
    assert "4,0" in labels and not any("." in (x or "") for x in labels)  # German decimal comma


def comparison(bins: list[tuple[int, int, int]]) -> Comparison:
    return Comparison(players=10, affected=10, diffs=(), raw_mean=None, raw_median=None, mean=1.5, median=1.0,
                      bins=tuple(bins), up=(), down=(), tournaments=1)


@pytest.mark.parametrize("counts", [[3, 37, 12, 1], [1, 1], [4, 1234, 50], [7]])
def test_histogram_ticks_are_round_and_no_plus_zero(counts: list[int]) -> None:
    bins = [(-10 + 5 * i, -5 + 5 * i, n) for i, n in enumerate(counts)]
    svg = compare_svg(comparison(bins), "en")
    root = ET.fromstring(svg)
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    counts_axis = [int(t.text or "") for t in root.iter(f"{NS}text") if t.get("text-anchor") == "end" and (t.text or "").isdigit()]
    step = counts_axis[1] - counts_axis[0]
    assert counts_axis[0] == 0 and all(b - a == step for a, b in pairwise(counts_axis))
    assert str(step).rstrip("0") in ("1", "2", "25", "5") and counts_axis[-1] >= max(counts) and len(counts_axis) <= 6
    assert "+0" not in texts and all(not t.startswith("+0") for t in texts)
    assert svg.count("<rect") == len(counts)


def test_card_chart_on_a_page_comes_in_three_widths(tmp_path: Any) -> None:
    from datetime import date

    from dwz.history.card import Card, CardRow, card_svg

    rows = tuple(CardRow(i, "tournament", f"T{i}", None, date(2016 + i, 3, 1).isoformat(), "dwz-classic", "established", 1500 + i,
                         i, 3.0, 5, 2.5, "E", 20, 1500, 1550, 1510 + i * 30, i + 1, True, False, 0) for i in range(10))
    card = Card({"name": "Muster, Max", "start_rating": None, "start_date": None}, rows, ())
    inline = card_svg(card, "de", inline=True)
    charts = svgs(inline)
    assert [c.get("class") for c in charts] == [f"history-chart chart-{w}" for w in (360, 480, 640)]
    assert all(c.get("width") is None for c in charts)  # the page sizes them
    for c in charts:
        years = [float(t.get("x", 0)) for t in c.iter(f"{NS}text") if (t.text or "").isdigit() and len(t.text or "") == 4
                 and t.get("text-anchor") == "middle"]
        assert min(b - a for a, b in pairwise(years)) >= 13 * 3.4
    standalone = ET.fromstring(card_svg(card, "de"))
    assert standalone.get("width") == "720"  # the file written by `dwz history card --chart` keeps its size
