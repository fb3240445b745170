"""The test vectors of dwz-classic.md: official evaluations, ELOCHESS samples, the P(D) and D(P) tables,
E0, the SBr cap, extreme results and the Barthel example with its iteration."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from tests.engine.spec_vectors.text import SpecParseError, num, require, require_dict, score, section, table

__all__ = [
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
]


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
