"""Hypothesis strategies: valid tournaments (for round trips) and damaged sample texts (for fuzzing)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from hypothesis import strategies as st

from dwz.basics.errors import Problem
from dwz.basics.model import Pairing, Player, StoredGame, Tournament
from dwz.basics.values import Result
from dwz.formats.table import _BYE_CANONICAL, _GAME_CANONICAL

# CSV cells are stripped and empty means "unknown": generated strings are stripped and non-empty.
_chars = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Co", "Cn"))
text = st.text(_chars, min_size=1, max_size=12).filter(lambda s: s == s.strip() and s != "")
opt_text = st.none() | text
opt_int = st.none() | st.integers(0, 3000)
dates = st.dates(date(2021, 1, 1), date(2030, 12, 31))


@st.composite
def stored_games(draw: st.DrawFn) -> StoredGame:
    return StoredGame(draw(st.integers(0, 3000)), draw(st.sampled_from(list(Result))),
                      draw(st.dates(date(2019, 1, 1), date(2030, 1, 1))), draw(opt_text))


@st.composite
def players(draw: st.DrawFn, no: int) -> Player:
    return Player(
        no=no, name=draw(text), rating=draw(st.none() | st.integers(1, 3000)), index=draw(st.none() | st.integers(0, 200)),
        elo=draw(opt_int), birth_year=draw(st.none() | st.integers(1900, 2020)), club=draw(opt_text), zps=draw(opt_text),
        member_no=draw(opt_text), dsb_id=draw(opt_text), fide_id=draw(opt_text), member=draw(st.booleans()),
        sex=draw(st.sampled_from([None, "m", "w"])), title=draw(opt_text), federation=draw(opt_text),
        computer=draw(st.booleans()), restpartien=tuple(draw(st.lists(stored_games(), max_size=2))),
        fide_k=draw(st.none() | st.sampled_from([10, 20, 40])),
    )


_params = st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), st.integers(-5, 500) | text, max_size=3)


@st.composite
def notes(draw: st.DrawFn) -> Problem:
    value: Any = draw(st.none() | st.integers(0, 10**6) | text)
    return Problem(draw(text), draw(st.from_regex(r"[a-z][a-z_]{0,15}", fullmatch=True)), value, draw(_params))


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    numbers = draw(st.lists(st.integers(1, 9999), min_size=1, max_size=8, unique=True))
    ps = [draw(players(no)) for no in numbers]
    pairings: list[Pairing] = []
    for rnd in range(1, draw(st.integers(0, 4)) + 1):
        present = draw(st.permutations(numbers))
        present = present[: draw(st.integers(0, len(present)))]
        while len(present) >= 2:
            w, b, present = present[0], present[1], present[2:]
            rw, rb = draw(st.sampled_from(list(_GAME_CANONICAL)))
            pairings.append(Pairing(rnd, w, b, rw, rb))
        if present:
            pairings.append(Pairing(rnd, present[0], None, draw(st.sampled_from(list(_BYE_CANONICAL)))))
    return Tournament(
        name=draw(st.just("") | text), end=draw(st.none() | dates), players=tuple(ps), pairings=tuple(pairings),
        rounds=draw(st.integers(0, 6)), start=draw(st.none() | dates), rated=draw(st.booleans()), code=draw(opt_text),
        notes=tuple(draw(st.lists(notes(), max_size=2))),
    )


# The byte classes the adversarial test found (issue 11): control characters (0x1C–0x1F pass
# str.strip() but not int()), digits that str.isdigit() accepts and int() refuses or reads
# (superscripts, Arabic-Indic, full-width), lone surrogates, numbers beyond 64 bits and int()'s
# 4,300-digit limit, and non-finite numbers.
CONTROLS = [chr(c) for c in (*range(0x20), 0x7F)]
ODD_DIGITS = ["²", "³", "¹", "٣", "０", "１", "\u00a0"]
HUGE = ["1" + "0" * 30, "9" * 400, "9" * 5000, "-" + "9" * 40]
NON_FINITE = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "nan", "inf"]
_SPICE = list(" 0123456789wb=+-HFUZ:RWB.,\n\r\"{}[]|;\t\x00ä") + CONTROLS + ODD_DIGITS + ["\udcff", "\ufeff"]
_NUMBER = re.compile(r"[0-9]+")


@st.composite
def mutated(draw: st.DrawFn, sample: str) -> str:
    """A real file, damaged: characters replaced, inserted or removed, lines dropped or repeated,
    a number replaced by a huge, non-finite or odd-digit one."""
    s = sample
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.integers(0, 6))
        i = draw(st.integers(0, max(len(s) - 1, 0)))
        if op == 0:
            s = s[:i] + draw(st.sampled_from(_SPICE)) + s[i + 1:]
        elif op == 1:
            s = s[:i] + draw(st.text(max_size=5) | st.text(st.sampled_from(_SPICE), max_size=3)) + s[i:]
        elif op == 2:
            s = s[:i] + s[i + draw(st.integers(1, 20)):]
        elif op == 3:
            lines = s.split("\n")
            j = draw(st.integers(0, len(lines) - 1))
            s = "\n".join(lines[:j] + lines[j + 1:])
        elif op == 4:
            lines = s.split("\n")
            j = draw(st.integers(0, len(lines) - 1))
            s = "\n".join(lines[: j + 1] + lines[j:])
        else:
            numbers = list(_NUMBER.finditer(s))
            if numbers:
                m = numbers[draw(st.integers(0, len(numbers) - 1))]
                new = draw(st.sampled_from([*HUGE, *NON_FINITE, "²" + m.group(0), m.group(0) + "\x1c", "\x1f" + m.group(0),
                                            "-" + m.group(0), m.group(0) + "٣"]))
                s = s[:m.start()] + new + s[m.end():]
    return s
