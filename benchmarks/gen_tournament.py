"""A seeded synthetic open tournament for benchmarks: Swiss-like pairings within
score groups, results drawn from the rating difference, newcomers and non-members."""

from __future__ import annotations

import random
from datetime import date

from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.probability import phi
from dwz.basics.values import Result


def generate_open(n_players: int = 500, rounds: int = 9, newcomers: int = 60, non_members: int = 20, seed: int = 1,
                  end: date = date(2025, 9, 14)) -> Tournament:
    rng = random.Random(seed)
    players = []
    strength = {}
    for no in range(1, n_players + 1):
        true = rng.gauss(1600, 300)
        strength[no] = true
        if no <= newcomers:
            players.append(Player(no, f"Neu {no}", None, None, birth_year=rng.randint(2005, 2018)))
        else:
            players.append(Player(no, f"Spieler {no}", max(600, int(true + rng.gauss(0, 80))), rng.randint(1, 60),
                                  birth_year=rng.randint(1940, 2015), member=no <= n_players - non_members))
    score = {no: 0 for no in strength}
    met: set[tuple[int, int]] = set()
    pairings = []
    for rnd in range(1, rounds + 1):
        order = sorted(strength, key=lambda k: (-score[k], -strength[k]))
        unpaired = list(order)
        if len(unpaired) % 2:
            bye = unpaired.pop()
            pairings.append(Pairing(rnd, bye, None, Result.BYE_PAIRING))
            score[bye] += 2
        while unpaired:
            a = unpaired.pop(0)
            j = next((i for i, b in enumerate(unpaired) if (min(a, b), max(a, b)) not in met), 0)
            b = unpaired.pop(j)
            met.add((min(a, b), max(a, b)))
            u = rng.random()
            pa = phi(strength[a] - strength[b])
            draw = 0.25
            if rng.random() < 0.01:
                ra, rb = Result.FORFEIT_WIN, Result.FORFEIT_LOSS
            elif u < pa - draw / 2:
                ra, rb = Result.WIN, Result.LOSS
            elif u < pa + draw / 2:
                ra, rb = Result.DRAW, Result.DRAW
            else:
                ra, rb = Result.LOSS, Result.WIN
            score[a] += ra.halves
            score[b] += rb.halves
            pairings.append(Pairing(rnd, a, b, ra, rb))
    return Tournament(f"Benchmark-Open {n_players}", end, tuple(players), tuple(pairings), rounds=rounds)
