"""The test vectors of fide.md: table 8.1.2 and 8.1.1, the calculator's games, the published calculations
(F-P01, F-P05, F-N01), initial ratings, the historic table, the compression 2024, K and its precedence, rounding
and the floor by period."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from tests.engine.spec_vectors.text import SpecParseError, num, require, require_dict, score, section, table

__all__ = [
    "fide_calculator_games",
    "fide_compression_list",
    "fide_dp_list",
    "fide_dp_table",
    "fide_floor_by_period",
    "fide_fn01",
    "fide_fp01",
    "fide_fp05",
    "fide_historic_table",
    "fide_initial_calculator_pairs",
    "fide_initial_derived",
    "fide_k_cap_list",
    "fide_k_precedence",
    "fide_k_table",
    "fide_pd_edges",
    "fide_pd_table",
    "fide_rounding_list",
]


def fide_pd_table() -> dict[int, tuple[int, int]]:
    """§3 table 8.1.2: |D| → (PD_H, PD_L) in hundredths, plus key 736 for "> 735".

    The printed table lacks the row 279–290 (.84/.16) that the spec's "upper edges"
    list of the same section has; the minimum below allows for that one row, and
    tests/engine/test_spec_fide.py checks the gap is exactly one edges-list row.
    """
    out: dict[int, tuple[int, int]] = {}
    for c in table(section("fide.md", "3.")):
        for i in range(0, len(c) - 2, 3):
            rng, h, low = c[i], c[i + 1], c[i + 2]
            if not rng:
                continue
            hv, lv = int(num(h) * 100), int(num(low) * 100)
            if r := re.fullmatch(r"(\d+)–(\d+)", rng):
                for d in range(int(r.group(1)), int(r.group(2)) + 1):
                    out[d] = (hv, lv)
            elif r := re.fullmatch(r"> (\d+)", rng):
                out[int(r.group(1)) + 1] = (hv, lv)
            else:
                raise SpecParseError(f"§3 range {rng!r}")
    return require_dict(out, "fide §3 table 8.1.2", 700)


def fide_pd_edges() -> list[int]:
    text = " ".join(section("fide.md", "3.").split())
    m = re.search(r"Upper edges as a list .*?`([\d,]+)`", text)
    if not m:
        raise SpecParseError("§3 edges")
    return require([int(x) for x in m.group(1).split(",")], "fide §3 edges", 50)


def fide_dp_table() -> dict[int, int]:
    """§7 table 8.1.1: p in hundredths (0 … 100) → dp."""
    out: dict[int, int] = {}
    for c in table(section("fide.md", "7.")):
        for i in range(0, len(c) - 1, 2):
            if c[i]:
                out[int(num(c[i]) * 100)] = int(num(c[i + 1]))
    return require_dict(out, "fide §7 table 8.1.1", 101)


def fide_dp_list() -> list[int]:
    text = " ".join(section("fide.md", "7.").split())
    m = re.search(r"dp for p = \.50…1\.00 as a list: `([\d,]+)`", text)
    if not m:
        raise SpecParseError("§7 dp list")
    return require([int(x) for x in m.group(1).split(",")], "fide §7 dp list", 51)


@dataclass(frozen=True)
class CalculatorGame:
    """§12 A: single game; ``calculator`` = plain 400 cap for everyone (the rule of
    2024-03-01 … 2025-09-30), ``current`` = the 1 Oct 2025 rule (2650+ exempt)."""

    id: str
    own: int
    opp: int
    score: Fraction
    K: int
    calculator: Fraction
    current: Fraction


def fide_calculator_games() -> list[CalculatorGame]:
    out = [CalculatorGame(c[0], int(c[1]), int(c[2]), score(c[3]), int(c[4]), num(c[5]), num(c[6]))
           for c in table(section("fide.md", "A."))]
    return require(out, "fide §12 A", 24)


@dataclass(frozen=True)
class FideGame:
    opponent: int
    score: Fraction
    capped: bool  # printed with "*" by FIDE: the value shown is own ± 400


def _fide_games(s: str) -> tuple[FideGame, ...]:
    games = tuple(FideGame(int(o), score(r), bool(star)) for o, star, r in re.findall(r"(\d{4})(\*?) ([WLD])\b", s))
    return tuple(require(list(games), f"games in {s[:40]!r}"))


@dataclass(frozen=True)
class FP01:
    period: date
    K: int
    Ro: int
    games: tuple[FideGame, ...]
    deltas: tuple[Fraction, ...]
    sigma: Fraction
    k_sigma: Fraction
    rounded: int
    new_rating: int


def fide_fp01() -> FP01:
    text = " ".join(section("fide.md", "B.").split())
    m = re.search(r"\*\*F-P01\*\* \(ID \d+, period (\d{4})-(\d{2}), K (\d+), Ro (\d+), list \d+ → (\d+)\)\. "
                  r"One event \(start [\d-]+\): (.*?) → ΔR (.*?); Σ (\S+); K·Σ (\S+) → \*\*(\S+)\*\* → (\d+)\.", text)
    if not m:
        raise SpecParseError("§12 B F-P01")
    deltas = tuple(num(x) for x in m.group(7).split(","))
    return FP01(date(int(m.group(1)), int(m.group(2)), 1), int(m.group(3)), int(m.group(4)), _fide_games(m.group(6)),
                deltas, num(m.group(8)), num(m.group(9)), int(num(m.group(10))), int(m.group(11)))


@dataclass(frozen=True)
class FP05Event:
    event: str
    games: tuple[FideGame, ...]
    sigma: Fraction
    k_sigma: Fraction


@dataclass(frozen=True)
class FP05:
    period: date
    K_list: int
    n: int
    K: int
    Ro: int
    new_rating: int
    events: tuple[FP05Event, ...]
    total: Fraction
    rounded: int
    per_tournament: int


def fide_fp05() -> FP05:
    sec = section("fide.md", "B.")
    flat = " ".join(sec.split())
    h = re.search(r"\*\*F-P05\*\* \(ID \d+, (\d{4})-(\d{2}), list K (\d+), n = (\d+) → \*\*K (\d+)\*\*; "
                  r"list (\d+) → \*\*(\d+)\*\*\)", flat)
    t = re.search(r"total ([\d.]+) → \*\*(\d+)\*\* \(per-period\) = published; per-tournament rounding would give (\d+)", flat)
    if not (h and t):
        raise SpecParseError("§12 B F-P05")
    events = []
    for line in sec.splitlines():
        if e := re.match(r"^\s*- (\d+): (.*) → (?:Σ )?(\S+), (?:K·Σ )?(\S+)$", line):
            events.append(FP05Event(e.group(1), _fide_games(e.group(2)), num(e.group(3)), num(e.group(4))))
    require(events, "§12 B F-P05 events", 5)
    return FP05(date(int(h.group(1)), int(h.group(2)), 1), int(h.group(3)), int(h.group(4)), int(h.group(5)),
                int(h.group(6)), int(h.group(7)), tuple(events), num(t.group(1)), int(t.group(2)), int(t.group(3)))


@dataclass(frozen=True)
class FN01:
    period: date
    n: int
    W: Fraction
    opponents_sum: int
    rating: int


def fide_fn01() -> FN01:
    text = " ".join(section("fide.md", "C.").split())
    m = re.search(r"\*\*F-N01\*\* \(published, first rating on the (\d{4})-(\d{2}) list\): (\d+) games vs rated, "
                  r"(\d+) points, opponents sum (\d+)\..*?→ \*\*(\d+)\*\* \(published (\d+)", text)
    if not m or m.group(6) != m.group(7):
        raise SpecParseError("§12 C F-N01")
    return FN01(date(int(m.group(1)), int(m.group(2)), 1), int(m.group(3)), num(m.group(4)), int(m.group(5)), int(m.group(6)))


@dataclass(frozen=True)
class InitialPair:
    """§12 C: FIDE calculator (archived 2022 rule) vs current rule, for n games against Rc each."""

    Rc: int
    W: Fraction
    n: int
    rule_2022: int
    rule_current: int


def fide_initial_calculator_pairs() -> list[InitialPair]:
    text = " ".join(section("fide.md", "C.").split())
    out = [InitialPair(int(rc), num(w), int(n), int(a), int(b))
           for rc, w, n, a, b in re.findall(r"(\d{4}), (\d+(?:\.\d+)?)/(\d+) → (\d{4}) vs (\d{4})", text)]
    return require(out, "fide §12 C calculator pairs", 8)


@dataclass(frozen=True)
class InitialDerived:
    text: str
    opponents: tuple[int, ...]
    W: Fraction
    rating: int
    published: bool


def fide_initial_derived() -> list[InitialDerived]:
    text = " ".join(section("fide.md", "C.").split())
    m = re.search(r"Derived \(not published\): (.*)$", text)
    if not m:
        raise SpecParseError("§12 C derived")
    out: list[InitialDerived] = []
    for item in m.group(1).split(";"):
        item = item.strip()
        if o := re.search(r"opps ([\d,]+)", item):
            opps = tuple(int(x) for x in o.group(1).split(","))
        elif o := re.search(r"(\d+) × (\d{4})", item):
            opps = (int(o.group(2)),) * int(o.group(1))
        else:
            raise SpecParseError(f"§12 C derived item {item!r}")
        w = re.search(r"with (½|\d+(?:\.\d+)?)", item)
        if not w:
            raise SpecParseError(f"§12 C derived W in {item!r}")
        if (r := re.search(r"Ru tie: (\d{4}) half-up", item)) or (r := re.search(r"\*\*(\d{4})\*\*", item)):
            rating = int(r.group(1))
        else:
            found = re.findall(r"→ (\d{4})\b", item)
            if not found:
                raise SpecParseError(f"§12 C derived rating in {item!r}")
            rating = int(found[-1])
        out.append(InitialDerived(item, opps, num(w.group(1)), rating, "not published" not in item))
    return require(out, "fide §12 C derived", 4)


@dataclass(frozen=True)
class HistoricRow:
    source: str
    period: date
    Ro: int
    K: int
    games: tuple[tuple[int, Fraction], ...]
    We: Fraction
    change: Fraction


def fide_historic_table() -> list[HistoricRow]:
    out: list[HistoricRow] = []
    for c in table(section("fide.md", "D.")):
        p = re.search(r"(\d{4})-(\d{2})$", c[0])
        if not p:
            raise SpecParseError(f"§12 D {c[0]!r}")
        opps, res = c[3].split(), c[4].split()
        if len(opps) != len(res):
            raise SpecParseError(f"§12 D {c[0]!r}: {len(opps)} opponents, {len(res)} results")
        out.append(HistoricRow(c[0], date(int(p.group(1)), int(p.group(2)), 1), int(c[1]), int(c[2]),
                               tuple((int(o), score(r)) for o, r in zip(opps, res, strict=True)), num(c[5]), num(c[6])))
    return require(out, "fide §12 D", 3)


def fide_compression_list() -> list[tuple[int, int]]:
    text = section("fide.md", "E.")
    body = text.split("\n", 1)[1]
    return require([(int(a), int(b)) for a, b in re.findall(r"(\d+)→(\d+)", body)], "fide §12 E", 10)


def fide_k_cap_list() -> list[tuple[int, int, int]]:
    text = section("fide.md", "F.")
    return require([(int(k), int(n), int(r)) for k, n, r in re.findall(r"K (\d+) & n (\d+) → (\d+)", text)], "fide §12 F", 5)


def fide_k_table() -> list[tuple[int, int, int]]:
    """§6 table "base K | n: K used": (base K, n, K used); ranges expanded ("≤17" → 1 … 17)."""
    out: list[tuple[int, int, int]] = []
    for c in table(section("fide.md", "6.")):
        base = int(c[0])
        for entry in c[1].split(";"):
            n_part, k_part = (x.strip() for x in entry.split(":"))
            if r := re.fullmatch(r"≤(\d+)", n_part):
                ns = range(1, int(r.group(1)) + 1)
            elif r := re.fullmatch(r"(\d+)–(\d+)", n_part):
                ns = range(int(r.group(1)), int(r.group(2)) + 1)
            else:
                ns = range(int(n_part), int(n_part) + 1)
            out.extend((base, n, int(k_part)) for n in ns)
    return require(out, "fide §6 K table", 20)


def fide_rounding_list() -> list[tuple[Fraction, int, str]]:
    """§12 G: (exact period change, rounded change, remark); "±0.5 → ±1" gives two entries."""
    text = " ".join(section("fide.md", "G.").split()[4:])
    out: list[tuple[Fraction, int, str]] = []
    for item in text.split(";"):
        m = re.search(r"(±|[+−-])?(\d+\.\d+) → (±|[+−-])?(\d+)", item)
        if not m:
            raise SpecParseError(f"§12 G item {item!r}")
        x, r = num(m.group(2)), int(m.group(4))
        if m.group(1) == "±":
            out.append((x, r, item.strip()))
            out.append((-x, -r, item.strip()))
            continue
        sx = -1 if m.group(1) in ("−", "-") else 1
        sr = -1 if m.group(3) in ("−", "-") else 1
        out.append((sx * x, sr * r, item.strip()))
    return require(out, "fide §12 G", 5)


def fide_k_precedence() -> list[int]:
    """§6 precedence list "1. … → 10; 2. … → 40 …; 3. … → 40; 4. else 20": the four K values in order."""
    text = " ".join(section("fide.md", "6.").split())
    m = re.search(r"1\. ever had .*? → (\d+); 2\. else junior .*? → (\d+) .*? 3\. else fewer than 30 rated games → (\d+); 4\. else (\d+)\.", text)
    if not m:
        raise SpecParseError("§6 K precedence")
    return [int(m.group(i)) for i in range(1, 5)]


def fide_floor_by_period() -> dict[str, str]:
    """§1 timeline: period label → floor cell."""
    out = {c[0]: c[3] for c in table(section("fide.md", "1."))}
    return require_dict(out, "fide §1 timeline", 4)  # type: ignore[arg-type]
