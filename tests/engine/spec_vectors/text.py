"""Reading the spec's text: a section under its heading, a markdown table's rows, the spec's numbers and
scores, and the check that a parser found something (:class:`SpecParseError`)."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from typing import TypeVar

from tests.conftest import SPEC

__all__ = [
    "SpecParseError",
    "num",
    "require",
    "require_dict",
    "score",
    "section",
    "spec_text",
    "table",
]


_T = TypeVar("_T")


class SpecParseError(AssertionError):
    """A spec section could not be found or yielded no vectors."""


# --- generic helpers -------------------------------------------------------------------------


@cache
def spec_text(name: str) -> str:
    return (SPEC / name).read_text(encoding="utf-8")


def section(name: str, heading: str) -> str:
    """The text under the first heading that starts with ``heading`` (without the #s),
    up to the next heading of the same or a higher level."""
    lines = spec_text(name).splitlines()
    start = level = None
    for i, line in enumerate(lines):
        m = re.match(r"^(#+)\s+(.*)$", line)
        if m and m.group(2).strip().startswith(heading):
            start, level = i, len(m.group(1))
            break
    if start is None or level is None:
        raise SpecParseError(f"{name}: heading {heading!r} not found")
    out = [lines[start]]
    for line in lines[start + 1 :]:
        m = re.match(r"^(#+)\s", line)
        if m and len(m.group(1)) <= level:
            break
        out.append(line)
    return "\n".join(out)


def table(text: str) -> list[list[str]]:
    """Body rows of the first markdown table in ``text`` (header and separator dropped)."""
    rows: list[list[str]] = []
    in_table = False
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("|") and s.endswith("|"):
            cells = [c.strip() for c in s[1:-1].split("|")]
            if not in_table:
                in_table = True  # header
                continue
            if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
                continue
            rows.append(cells)
        elif in_table:
            break
    return rows


def require(rows: list[_T], what: str, minimum: int = 1) -> list[_T]:
    if len(rows) < minimum:
        raise SpecParseError(f"{what}: found {len(rows)} vector(s), expected at least {minimum}")
    return rows


def num(s: str) -> Fraction:
    """An exact number from spec text: "−2.50", ".04", "+92.48", "½", "0"."""
    t = s.strip().replace("−", "-").replace("*", "").replace("+", "")
    if t in ("½", "-½"):
        return Fraction(1, 2) * (-1 if t.startswith("-") else 1)
    if t.startswith("."):
        t = "0" + t
    if t.startswith("-."):
        t = "-0" + t[1:]
    return Fraction(t)


def score(s: str) -> Fraction:
    """A game result as the spec writes it: 1 / ½ / 0, W / D / L."""
    t = s.strip()
    return {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "W": Fraction(1), "D": Fraction(1, 2),
            "L": Fraction(0), "0.5": Fraction(1, 2)}[t]


def require_dict(d: dict[int, _T], what: str, minimum: int) -> dict[int, _T]:
    require(list(d), what, minimum)
    return d
