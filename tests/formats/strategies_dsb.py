"""Hypothesis strategies for the issue-9 formats: tournaments that SWT and the DSB XML forms can carry."""

from __future__ import annotations

from datetime import date

from hypothesis import strategies as st

from dwz.basics.model import Pairing, Player, Team, Tournament
from dwz.basics.values import Result

R = Result

# Names as Swiss-Chess and the portal see them: Latin letters, umlauts, a comma between surname and first name.
_letters = st.sampled_from(list("abcdefghijklmnopqrstuvwxyzäöüßéABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"))
_word = st.lists(_letters, min_size=1, max_size=9).map("".join)
names = st.builds(lambda a, b: f"{a.capitalize()}, {b.capitalize()}", _word, _word)
digits = st.integers(1, 99_999_999).map(str)
dates = st.dates(date(2015, 1, 1), date(2030, 12, 31))

TWO_SIDED = [(R.WIN, R.LOSS), (R.LOSS, R.WIN), (R.DRAW, R.DRAW), (R.FORFEIT_WIN, R.FORFEIT_LOSS),
             (R.FORFEIT_LOSS, R.FORFEIT_WIN), (R.FORFEIT_LOSS, R.FORFEIT_LOSS)]
# One side alone; F is not generated: SWT and the XML forms write a full-point bye one way (as U / as F).
ONE_SIDED = [R.BYE_PAIRING, R.BYE_HALF, R.BYE_ZERO, R.FORFEIT_WIN, R.FORFEIT_LOSS]


@st.composite
def player(draw: st.DrawFn, no: int, *, computer: bool = False) -> Player:
    rating = draw(st.none() | st.integers(700, 2700))
    return Player(
        no=no, name=draw(names).replace(",", f"{no},", 1), rating=rating,  # one person per number index=draw(st.integers(1, 150)) if rating and draw(st.booleans()) else None,
        elo=draw(st.none() | st.integers(1000, 2800)), birth_year=draw(st.none() | st.integers(1930, 2012)),
        club=draw(st.none() | _word), zps=draw(st.none() | st.from_regex(r"[A-M][0-9]{4}", fullmatch=True)),
        member_no=draw(st.none() | st.integers(1, 9999).map(str)),
        dsb_id=draw(st.none() | digits | st.integers(1, 9_999_999).map(lambda n: f"NU{n}")),
        fide_id=draw(st.none() | digits), sex=draw(st.sampled_from([None, "m", "w"])),
        computer=computer,
    )


@st.composite
def pairings(draw: st.DrawFn, numbers: list[int], rounds: int) -> list[Pairing]:
    out: list[Pairing] = []
    for rnd in range(1, rounds + 1):
        present = draw(st.permutations(numbers))
        present = present[: draw(st.integers(0, len(present)))]
        while len(present) >= 2:
            w, b, present = present[0], present[1], present[2:]
            rw, rb = draw(st.sampled_from(TWO_SIDED))
            out.append(Pairing(rnd, w, b, rw, rb))
        if present:
            out.append(Pairing(rnd, present[0], None, draw(st.sampled_from(ONE_SIDED))))
    return out


@st.composite
def tournaments(draw: st.DrawFn, *, max_players: int = 10, teams: bool = False) -> Tournament:
    n = draw(st.integers(2, max_players))
    numbers = list(range(1, n + 1))
    rounds = draw(st.integers(1, 5))
    ps = [draw(player(no)) for no in numbers]
    start = draw(dates)
    lineups: tuple[Team, ...] = ()
    if teams:
        k = draw(st.integers(2, min(4, n)))
        split = sorted(draw(st.permutations(numbers)))
        lineups = tuple(Team(f"Team {i + 1}", tuple(split[i::k]), i + 1) for i in range(k))
    return Tournament(
        name=draw(_word), end=draw(st.dates(start, date(2031, 6, 30))), players=tuple(ps),
        pairings=tuple(draw(pairings(numbers, rounds))), rounds=rounds, start=start, teams=lineups,
    )
