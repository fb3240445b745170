"""Issue 10's tournament goals on a generated open (fixed seed; 9 rounds, 12 % newcomers,
4 % non-members), both editions, medians of interleaved runs:

* ``evaluate_tournament`` (every Rechenweg available on demand) vs the kernel alone
  (``dwz.core.kernel.run`` on the same games: all the numbers), 2,000 players   goal ≤ 1.5×
* the growth exponent of ``evaluate_tournament`` from 500 to 4,000 players      goal ≤ 1.1
* for information: reading every player's Rechenweg (steps) and rendering it in German.

Run:  python benchmarks/bench_tournament.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_tournament import generate_open

from dwz.basics.model import Tournament
from dwz.basics.wo import age_group_of
from dwz.core import kernel
from dwz.core.kernel import EvaluationOptions, KPlayer
from dwz.core.tournament import evaluate_tournament
from dwz.rules import get_edition


def kernel_alone(t: Tournament, rules: str) -> Any:
    """What the kernel needs, prepared the straightforward way, and the kernel run."""
    assert t.end is not None
    ed = get_edition(rules)
    index = {p.no: i for i, p in enumerate(t.players)}
    games = [(index[g.white], index[g.black], g.result_white.halves) for g in t.pairings if g.black is not None and g.played]
    players = [KPlayer(p.rating, p.index, p.elo, age_group_of(p.birth_year, t.end)[0], p.member) for p in t.players]
    return kernel.run(ed, t.end, players, games, EvaluationOptions())


def medians(contenders: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    times: dict[str, list[float]] = {k: [] for k in contenders}
    for _ in range(rounds):
        for name, fn in contenders.items():
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sizes = (500, 1000, 2000, 4000)
    opens = {n: generate_open(n, 9, newcomers=60 * n // 500, non_members=20 * n // 500, seed=42) for n in sizes}
    for rules in ("dwz-classic", "dwz-2026"):
        evals: dict[int, float] = {}
        for n in sizes:
            t = opens[n]
            m = medians({"kernel": lambda t=t, rules=rules: kernel_alone(t, rules),
                         "evaluate": lambda t=t, rules=rules: evaluate_tournament(t, rules=rules)}, args.rounds if n <= 2000 else 3)
            evals[n] = m["evaluate"]
            line = (f"{n:5d} players {rules:12s} kernel {m['kernel'] * 1000:7.1f} ms   evaluate_tournament "
                    f"{m['evaluate'] * 1000:7.1f} ms   ratio {m['evaluate'] / m['kernel']:.2f}×")
            if n == 2000:
                ev = evaluate_tournament(t, rules=rules)
                t0 = time.perf_counter()
                steps = [pe.steps for pe in ev.players]
                assert len(steps) == n
                t_steps = time.perf_counter() - t0
                t0 = time.perf_counter()
                for pe in ev.players:
                    pe.rechenweg("de")
                t_render = time.perf_counter() - t0
                line += f"   (goal ≤ 1.5×)   every Rechenweg read {t_steps * 1000:.0f} ms, rendered {t_render * 1000:.0f} ms"
            print(line)
        exponent = math.log(evals[4000] / evals[500]) / math.log(8)
        print(f"  growth exponent 500 → 4,000 players ({rules}): {exponent:.2f} (goal ≤ 1.1)")


if __name__ == "__main__":
    main()
