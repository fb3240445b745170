"""Issue 3 §9: evaluation time of a generated open (fixed seed) — 500 players,
9 rounds, 60 newcomers, 20 non-members — and its growth with 1000 and 2000 players
(newcomers and non-members scaled in proportion).  Best of several runs."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_tournament import generate_open

from dwz.core.tournament import evaluate_tournament


def best_of(fn: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    base = None
    for n in (500, 1000, 2000):
        t = generate_open(n, 9, newcomers=60 * n // 500, non_members=20 * n // 500, seed=42)
        for rules in ("dwz-classic", "dwz-2026"):
            secs = best_of(lambda t=t, rules=rules: evaluate_tournament(t, rules=rules), 5 if n <= 1000 else 3)
            if n == 500 and rules == "dwz-classic":
                base = secs
            ratio = secs / base if base else 1.0
            print(f"{n:5d} players  {rules:12s}  {secs * 1000:8.1f} ms   ×{ratio:4.2f} vs 500 classic")


if __name__ == "__main__":
    main()
