"""Parsers for the test vectors written inside the spec markdown (tests/data/spec/*.md, copied from the project's spec).

Every number a test compares against is read from the spec files at test time;
nothing here is typed in by hand.  Each parser raises :class:`SpecParseError`
when it finds no rows (or fewer than the section obviously holds), so a renamed
heading or a reformatted table fails the test run instead of silently producing
an empty parametrisation.

Conventions of the spec text handled here: "−" (U+2212) is a minus sign, "½"
is a half point, "→" separates input and output, "**x**" marks the published
value, decimals may start with a dot (".04").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache
from typing import TypeVar

from tests.conftest import SPEC

__all__ = [
    "SpecParseError",
    "classic_barthel",
    "classic_barthel_iteration",
    "classic_d_table",
    "classic_e0_breakpoints",
    "classic_e0_ranges_j15",
    "classic_elochess_samples",
    "classic_extreme_offset",
    "classic_official_events",
    "classic_p_table",
    "classic_sbr_cap_thresholds",
    "classic_single_game",
    "dwz2026_derived",
    "dwz2026_first_correction",
    "dwz2026_k0_table",
    "dwz2026_portal_rows",
    "dwz2026_reference_example",
    "dwz2026_ryck_open",
    "dwz2026_umstufung_list",
    "dwz2026_umstufung_real",
    "exact_phi_checks",
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
    "num",
    "require",
    "score",
    "section",
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


# --- dwz-classic.md ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OfficialEvent:
    """§14.1: one official DSB evaluation."""

    code: str
    r0: int
    E: int
    games: tuple[tuple[int, Fraction], ...]
    W: Fraction
    n: int
    We: Fraction
    Rn: int
    Rh: int


def classic_official_events() -> list[OfficialEvent]:
    rows = table(section("dwz-classic.md", "14.1"))
    out: list[OfficialEvent] = []
    for c in rows:
        games = tuple((int(o), score(r)) for o, r in (tok.split(":") for tok in c[3].split()))
        w, n = c[4].split("/")
        out.append(OfficialEvent(c[0], int(c[1]), int(c[2]), games, num(w), int(n), num(c[5]), int(c[6]), int(c[7])))
    return require(out, "dwz-classic §14.1", 10)


@dataclass(frozen=True)
class ElochessSample:
    """§14.3: R0, opponents, W, age, index → Rn (We, E as computed by the spec author)."""

    r0: int
    opponents: tuple[int, ...]
    W: Fraction
    age: int
    index: int
    Rn: int
    We: Fraction
    E: int
    note: str


def classic_elochess_samples() -> list[ElochessSample]:
    out: list[ElochessSample] = []
    for c in table(section("dwz-classic.md", "14.3")):
        m = re.fullmatch(r"(\d+) \(([\d.]+)(.*?), (\d+)\)", c[5])
        if not m:
            raise SpecParseError(f"§14.3 cell {c[5]!r}")
        out.append(ElochessSample(int(c[0]), tuple(int(x) for x in c[1].split()), num(c[2]), int(c[3]), int(c[4]),
                                  int(m.group(1)), num(m.group(2)), int(m.group(4)), m.group(3).strip()))
    return require(out, "dwz-classic §14.3", 6)


@dataclass(frozen=True)
class SingleGame:
    """§14.4: player A (rating) vs player B; one outcome → both new ratings and E."""

    outcome: str
    a: int
    b: int
    P_a: Fraction
    P_b: Fraction
    score_a: Fraction
    Rn_a: int
    E_a: int
    Rn_b: int
    E_b: int
    sbr_a: bool


def classic_single_game() -> list[SingleGame]:
    text = " ".join(section("dwz-classic.md", "14.4").split())
    m = re.search(r"Player 1 \((\d+)\) vs Player 2 \((\d+)\), P = ([\d.]+)/([\d.]+)", text)
    if not m:
        raise SpecParseError("§14.4 header")
    a, b, pa, pb = int(m.group(1)), int(m.group(2)), num(m.group(3)), num(m.group(4))
    out: list[SingleGame] = []
    pat = r"(P1 wins|draw|P2 wins) → (\d+) \(E (\d+)(, SBr)?\) and (\d+) \(E (\d+)(, SBr)?\)"
    for o in re.finditer(pat, text):
        sa = {"P1 wins": Fraction(1), "draw": Fraction(1, 2), "P2 wins": Fraction(0)}[o.group(1)]
        out.append(SingleGame(o.group(1), a, b, pa, pb, sa, int(o.group(2)), int(o.group(3)), int(o.group(5)),
                              int(o.group(6)), bool(o.group(4))))
    return require(out, "dwz-classic §14.4", 3)


@dataclass(frozen=True)
class Barthel:
    """§7.4: first DWZ of an official tournament with one stored Restpartie."""

    age: int
    games: tuple[tuple[int, Fraction], ...]
    restpartien: tuple[tuple[int, Fraction], ...]
    Rn: int


def classic_barthel() -> Barthel:
    text = " ".join(section("dwz-classic.md", "7.4").split())
    age = re.search(r"age (\d+)", text)
    rest = re.search(r"stored Restpartie: (.*?)\. Tournament: (.*?) → ", text)
    rn = re.search(r"Official first DWZ (\d+)", text)
    if not (age and rest and rn):
        raise SpecParseError("§7.4 Barthel")
    words = {"win": Fraction(1), "loss": Fraction(0), "draw": Fraction(1, 2)}

    def games(s: str) -> tuple[tuple[int, Fraction], ...]:
        return tuple((int(o), words[w]) for w, o in re.findall(r"(win|loss|draw) vs (\d+)", s))

    b = Barthel(int(age.group(1)), games(rest.group(2)), games(rest.group(1)), int(rn.group(1)))
    require(list(b.games), "§7.4 tournament games", 4)
    require(list(b.restpartien), "§7.4 Restpartien", 1)
    return b


def classic_p_table() -> dict[int, int]:
    """Appendix A.1: |D| → P in thousandths, D = 0 … 735."""
    text = section("dwz-classic.md", "A.1")
    body = text.split("```")[1]
    out: dict[int, int] = {}
    for lo, hi, p in re.findall(r"(\d+)(?:-(\d+))?:(\d\.\d{3})", body):
        for d in range(int(lo), int(hi or lo) + 1):
            if d in out:
                raise SpecParseError(f"A.1: D = {d} twice")
            out[d] = int(num(p) * 1000)
    require(list(out), "dwz-classic A.1", 736)
    return out


def classic_d_table() -> dict[int, int]:
    """Appendix A.2: p in thousandths (500 … 999) → D(p)."""
    body = section("dwz-classic.md", "A.2").split("```")[1]
    out: dict[int, int] = {}
    for line in body.strip().splitlines():
        label, values = line.split(":")
        first = int(num(label) * 1000)
        for i, v in enumerate(values.split()):
            out[first + i] = int(v)
    require(list(out), "dwz-classic A.2", 500)
    return out


def classic_e0_breakpoints() -> list[int]:
    """Appendix A.3: the R0 values at which round(E0) steps up by one (same for every J)."""
    text = " ".join(section("dwz-classic.md", "A.3").split())
    m = re.search(r"rounds up one step at R0 = ([\d, ]+)", text)
    if not m:
        raise SpecParseError("A.3 breakpoints")
    return require([int(x) for x in m.group(1).split(",") if x.strip()], "dwz-classic A.3 breakpoints", 20)


@dataclass(frozen=True)
class ERange:
    lo: int | None
    hi: int | None
    E: int
    capped: bool


def classic_e0_ranges_j15() -> list[ERange]:
    """Appendix A.3: "for J = 15: R0 ≤ 840 → 15, 841–1106 → 16, …, ≥ 1952 → 30 (cap)"."""
    text = " ".join(section("dwz-classic.md", "A.3").split())
    m = re.search(r"for J = 15: (.*?) – identical", text)
    if not m:
        raise SpecParseError("A.3 J = 15 ranges")
    out: list[ERange] = []
    for item in m.group(1).split(","):
        item = item.strip()
        if r := re.fullmatch(r"R0 ≤ (\d+) → (\d+)", item):
            out.append(ERange(None, int(r.group(1)), int(r.group(2)), False))
        elif r := re.fullmatch(r"(\d+)–(\d+) → (\d+)", item):
            out.append(ERange(int(r.group(1)), int(r.group(2)), int(r.group(3)), False))
        elif r := re.fullmatch(r"≥ (\d+) → (\d+) \(cap\)", item):
            out.append(ERange(int(r.group(1)), None, int(r.group(2)), True))
        else:
            raise SpecParseError(f"A.3 item {item!r}")
    return require(out, "dwz-classic A.3 J = 15", 16)


# --- dwz-2026.md -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Derived2026:
    """§8.3: derived (not official) vectors of the 2026 rules."""

    case: str
    r0: int
    index: int
    age: int
    games: tuple[tuple[int, Fraction], ...]
    W: Fraction
    We: Fraction
    K0: int
    a: Fraction
    b: Fraction
    K_raw: Fraction | None
    K: Fraction
    Rn_exact: Fraction | None
    Rn: int


def dwz2026_derived() -> list[Derived2026]:
    out: list[Derived2026] = []
    for c in table(section("dwz-2026.md", "8.3")):
        m = re.fullmatch(r"(\d+)-(\d+), (\d+)", c[1])
        if not m:
            raise SpecParseError(f"§8.3 cell {c[1]!r}")
        games = tuple((int(o), score(s)) for o, s in (g.split() for g in c[2].split(",")))
        k_parts = [p.strip() for p in c[8].split("→")]
        rn_cell = c[9]
        exact: Fraction | None = None
        if "→" in rn_cell:
            left, right = (p.strip() for p in rn_cell.split("→"))
            exact, rn = num(left), int(right)
        elif r := re.fullmatch(r"(\d+) \(([\d.]+) rounds up\)", rn_cell):
            exact, rn = num(r.group(2)), int(r.group(1))
        else:
            rn = int(rn_cell)
        out.append(Derived2026(c[0], int(m.group(1)), int(m.group(2)), int(m.group(3)), games, num(c[3]), num(c[4]),
                               int(c[5]), num(c[6]), num(c[7]), num(k_parts[0]) if len(k_parts) == 2 else None,
                               num(k_parts[-1]), exact, rn))
    return require(out, "dwz-2026 §8.3", 9)


@dataclass(frozen=True)
class UmstufungVector:
    old: int
    new: int
    note: str


def dwz2026_umstufung_list() -> list[UmstufungVector]:
    """§8.3 "Umstufung (formula of §6, nearest-integer rounding): 600→1000 (floor treatment unknown), …"."""
    text = " ".join(section("dwz-2026.md", "8.3").split())
    m = re.search(r"Umstufung \(formula of §6[^)]*\): (.*?)\. First DWZ", text)
    if not m:
        raise SpecParseError("§8.3 Umstufung list")
    out = [UmstufungVector(int(a), int(b), note.strip()) for a, b, note in re.findall(r"(\d+)→(\d+)\s*(\([^)]*\))?", m.group(1))]
    return require(out, "dwz-2026 §8.3 Umstufung", 10)


def dwz2026_umstufung_real() -> list[tuple[int, int, int, int, str]]:
    """§6 real cases "2063-15 → 2080-16 (NU4241593, …)": (old, old index, new, new index, source)."""
    text = section("dwz-2026.md", "6.")
    out = [(int(a), int(b), int(c), int(d), src) for a, b, c, d, src in
           re.findall(r"(\d+)-(\d+) → (\d+)-(\d+) \(([^,;)]+)", text)]
    return require(out, "dwz-2026 §6 real Umstufung cases", 3)


def dwz2026_first_correction() -> list[tuple[int, int]]:
    """§8.3 "First DWZ correction (HAR reading, §4): Ri 0→1100, 500→1133, …"."""
    text = " ".join(section("dwz-2026.md", "8.3").split())
    m = re.search(r"First DWZ correction \(HAR reading, §4\): Ri (.*?)\.(?:\s|$)", text)
    if not m:
        raise SpecParseError("§8.3 first DWZ correction")
    return require([(int(a), int(b)) for a, b in re.findall(r"(\d+)→(\d+)", m.group(1))], "§8.3 first DWZ correction", 6)


@dataclass(frozen=True)
class PortalRow:
    """§8.1: one row of the real DWZ card of player NU4241593."""

    no: str
    event: str
    before: tuple[int, int]
    result: str
    We: Fraction | None
    coefficient: tuple[str, Fraction] | None
    after: tuple[int, int]


def dwz2026_portal_rows() -> list[PortalRow]:
    out: list[PortalRow] = []
    for c in table(section("dwz-2026.md", "8.1")):
        b = re.match(r"(\d+)-(\d+)", c[2])
        a = re.match(r"(\d+)-(\d+)", c[6])
        if not (a and b):
            raise SpecParseError(f"§8.1 row {c!r}")
        co = re.fullmatch(r"([EK])=(\d+)", c[5])
        out.append(PortalRow(c[0], c[1], (int(b.group(1)), int(b.group(2))), c[3],
                             None if c[4] in ("–", "-") else num(c[4]), (co.group(1), num(co.group(2))) if co else None,
                             (int(a.group(1)), int(a.group(2)))))
    return require(out, "dwz-2026 §8.1", 3)


@dataclass(frozen=True)
class RyckOpen:
    games: tuple[tuple[int, Fraction], ...]
    Rc: int
    performance: int
    We: Fraction
    Rn_exact: Fraction
    Rh_exact: Fraction


def dwz2026_ryck_open() -> RyckOpen:
    text = " ".join(section("dwz-2026.md", "8.1").split())
    g = re.search(r"Ryck-Open games \(opponent DWZ, result\): (.*?); opponent average (\d+); performance (\d+)", text)
    chk = re.search(r"We = Σ normal P = ([\d.]+); Rn = .*? = ([\d.]+) → \d+; Rh \(iteration\) = ([\d.]+)", text)
    if not (g and chk):
        raise SpecParseError("§8.1 Ryck-Open")
    games = tuple((int(o), score(r)) for o, r in re.findall(r"(\d+) ([WLD])", g.group(1)))
    require(list(games), "§8.1 Ryck-Open games", 7)
    return RyckOpen(games, int(g.group(2)), int(g.group(3)), num(chk.group(1)), num(chk.group(2)), num(chk.group(3)))


@dataclass(frozen=True)
class ReferenceExample:
    birth_year: int
    r0: int
    index: int
    games: tuple[tuple[int, Fraction], ...]
    W: Fraction
    We: Fraction
    K0: int
    a: Fraction
    b: Fraction
    K: Fraction
    Rn_exact: Fraction
    Rn: int


def dwz2026_reference_example() -> ReferenceExample:
    text = " ".join(section("dwz-2026.md", "8.2").split())
    m = re.search(r"born (\d+), (\d+)-(\d+); games (.*?) → W = ([\d.]+), We = ([\d.]+), K0 = (\d+), a = ([\d.]+), "
                  r"b = ([\d.]+), K = ([\d.]+), Rn = ([\d.]+) → (\d+)", text)
    if not m:
        raise SpecParseError("§8.2 reference example")
    games = tuple((int(o), score(r)) for o, r in re.findall(r"(\d+) ([WLD½])", m.group(4)))
    require(list(games), "§8.2 games", 5)
    return ReferenceExample(int(m.group(1)), int(m.group(2)), int(m.group(3)), games, num(m.group(5)), num(m.group(6)),
                            int(m.group(7)), num(m.group(8)), num(m.group(9)), num(m.group(10)), num(m.group(11)),
                            int(m.group(12)))


# --- fide.md -----------------------------------------------------------------------------------


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


def require_dict(d: dict[int, _T], what: str, minimum: int) -> dict[int, _T]:
    require(list(d), what, minimum)
    return d


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


# --- further rule statements with numbers -------------------------------------------------------


def classic_sbr_cap_thresholds() -> dict[int, int]:
    """§5 "the cap E = 150 is reached for R0 ≤ 562 (J = 15), ≤ 557 (J = 10), ≤ 552 (J = 5)": J → R0."""
    text = " ".join(section("dwz-classic.md", "5.").split())
    m = re.search(r"the cap E = 150 is reached for (.*?)\.", text)
    if not m:
        raise SpecParseError("§5 cap thresholds")
    out = {int(j): int(r) for r, j in re.findall(r"≤ (\d+) \(J = (\d+)\)", m.group(1))}
    return require_dict(out, "dwz-classic §5 cap thresholds", 3)


def classic_extreme_offset() -> tuple[int, int]:
    """§8.4 "Rh = Rc − 677 resp. Rc + 677": (offset for 0 %, offset for 100 %)."""
    text = " ".join(section("dwz-classic.md", "8.4").split())
    m = re.search(r"Rh = Rc − (\d+) resp\. Rc \+ (\d+)", text)
    if not m:
        raise SpecParseError("§8.4 extreme results")
    return -int(m.group(1)), int(m.group(2))


def classic_barthel_iteration() -> tuple[Fraction, int, list[Fraction]]:
    """§7.4 "start 1063.6 + D(0.400) = 1063.6 − 72 = 991.6 → … → 983.6 (We 2.006) → −1 → 982.6 (…)":
    (start value, D of the start, the values after each correction)."""
    text = " ".join(section("dwz-classic.md", "7.4").split())
    m = re.search(r"start [\d.]+ \+ D\([\d.]+\) = [\d.]+ − (\d+) = ([\d.]+) (.*?) → \*\*\d+\*\*", text)
    if not m:
        raise SpecParseError("§7.4 iteration")
    values = [num(v) for v in re.findall(r"→ ([\d.]+) \(We", m.group(3))]
    return num(m.group(2)), -int(m.group(1)), require(values, "§7.4 iteration values", 2)


def exact_phi_checks() -> list[tuple[int, int, Fraction]]:
    """dwz-classic §14.8 "exact Φ: 1887 vs 1318 → 0.977875, …" and dwz-2026 §4.1
    "P = Φ((1195 − 1348)/282.84) = 0.294276": (own, opponent, P to six decimals)."""
    out: list[tuple[int, int, Fraction]] = []
    t1 = " ".join(section("dwz-classic.md", "14.8").split())
    out += [(int(a), int(b), num(p)) for a, b, p in re.findall(r"(\d{4}) vs (\d{4}) → (0\.\d{6})", t1)]
    t2 = " ".join(section("dwz-2026.md", "4.1").split())
    out += [(int(a), int(b), num(p)) for a, b, p in re.findall(r"P = Φ\(\((\d{4}) − (\d{4})\)/282\.84\) = (0\.\d{6})", t2)]
    return require(out, "exact Φ checks", 5)


@dataclass(frozen=True)
class K0Row:
    group: str
    values: tuple[int, ...]  # index 1 … 10, then ">10"


def dwz2026_k0_table() -> list[K0Row]:
    out = [K0Row(c[0], tuple(int(x) for x in c[1:])) for c in table(section("dwz-2026.md", "3.1"))]
    for row in out:
        if len(row.values) != 11:
            raise SpecParseError(f"§3.1 row {row.group!r}")
    return require(out, "dwz-2026 §3.1 K0 table", 3)


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


# --- dwz-2026 parameters ----------------------------------------------------------------------


def dwz2026_parameters() -> dict[str, Fraction]:
    """§3.4: the Stellgrößen (r, t, u, a1, a2, Kmax) as the spec's table gives them."""
    text = section("dwz-2026.md", "3.")
    rows = [r for r in table(text[text.index("| name |"):]) if len(r) >= 3]
    return {r[0].strip(): num(r[-1]) for r in require(rows, "dwz-2026 §3.4 parameters", 6)}


def dwz2026_floor() -> int:
    """§2: 'a result below 1100 is raised to **1100** (DWZ floor)'."""
    m = re.search(r"raised to \*\*(\d+)\*\* \(DWZ floor\)", spec_text("dwz-2026.md"))
    if not m:
        raise SpecParseError("dwz-2026: the DWZ floor sentence not found")
    return int(m.group(1))
