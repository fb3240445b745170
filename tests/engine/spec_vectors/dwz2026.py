"""The test vectors of dwz-2026.md: derived examples, the Umstufung, the first-DWZ correction, the portal's
rows, the Ryck open, the reference example, the K0 table, the parameters and the floor; and the exact Φ checks
(with dwz-classic.md §14.8)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from tests.engine.spec_vectors.text import SpecParseError, num, require, score, section, spec_text, table

__all__ = [
    "dwz2026_derived",
    "dwz2026_first_correction",
    "dwz2026_floor",
    "dwz2026_k0_table",
    "dwz2026_parameters",
    "dwz2026_portal_rows",
    "dwz2026_reference_example",
    "dwz2026_ryck_open",
    "dwz2026_umstufung_list",
    "dwz2026_umstufung_real",
    "exact_phi_checks",
]


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
