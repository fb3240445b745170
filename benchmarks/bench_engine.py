"""Issue 2 §10: throughput of dwz.rate (9 games, both editions) and dwz.elo.rate
against the PyPI package elochess on the same inputs, in the same run; and the
cold start of `dwz rate … --json` against `elochess-cli update dwz …`.

Inputs are drawn with a fixed seed so both libraries see identical games.
Every figure is the best of several rounds (the machine is shared and noisy);
the ratio is what to read.  Run:  python benchmarks/bench_engine.py
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from typing import Any

import dwz
import dwz.elo

try:
    from elochess.dwz import DwzCalculator
    from elochess.elo import EloCalculator
except ImportError:  # pragma: no cover - the test extras install it
    sys.exit("elochess is missing: pip install elochess==0.5.0")

N_CASES = 2000
ROUNDS = 5


def cases(seed: int = 7) -> list[tuple[int, list[int], list[float]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(N_CASES):
        r0 = rng.randint(1100, 2300)
        opps = [max(800, int(rng.gauss(r0, 150))) for _ in range(9)]
        res = [rng.choice((1, 0.5, 0)) for _ in range(9)]
        out.append((r0, opps, res))
    return out


def best(fn: Callable[[], Any]) -> float:
    t = float("inf")
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        fn()
        t = min(t, time.perf_counter() - t0)
    return t / N_CASES


def throughput() -> None:
    data = cases()
    games = [(r0, list(zip(opps, res, strict=True))) for r0, opps, res in data]
    print(f"throughput, {N_CASES} players × 9 games, best of {ROUNDS} (µs per player)")
    rows = []
    for label, end in (("classic", date(2025, 5, 1)), ("2026", date(2026, 9, 14))):
        ours = best(lambda end=end: [dwz.rate(f"{r0}-12", g, end=end, birth_year=1985) for r0, g in games])
        with_steps = best(lambda end=end: [dwz.rate(f"{r0}-12", g, end=end, birth_year=1985).rechenweg("de") for r0, g in games])
        rows.append((f"dwz.rate {label}", ours, with_steps))
    peer_dwz = best(lambda: [DwzCalculator.update_rating(r0, opps, sum(res), age=41, index=12) for r0, opps, res in data])
    ours_elo = best(lambda: [dwz.elo.rate(r0, g, k=20, period=date(2026, 1, 1)) for r0, g in games])
    peer_elo = best(lambda: [EloCalculator.update_rating(r0, opps, sum(res), birth_year=1985, evaluation_year=2026)
                             for r0, opps, res in data])
    for label, t, t_render in rows:
        print(f"  {label:22s} {t * 1e6:7.1f} µs  (+ German Rechenweg rendered: {t_render * 1e6:7.1f} µs)"
              f"   elochess DwzCalculator {peer_dwz * 1e6:5.1f} µs   ratio ours/peer {t / peer_dwz:5.1f}")
    print(f"  {'dwz.elo.rate':22s} {ours_elo * 1e6:7.1f} µs   elochess EloCalculator {peer_elo * 1e6:5.1f} µs"
          f"   ratio ours/peer {ours_elo / peer_elo:5.1f}")


def cold_start(runs: int = 15) -> None:
    dwz_cmd = [shutil.which("dwz") or "dwz", "rate", "1650-12", "--born", "1985", "--end", "2026-09-14", "--json",
               "1580:1", "1720:=", "1810:0", "1600:1", "1690:="]
    peer = shutil.which("elochess-cli")
    peer_cmd = [peer or "elochess-cli", "update", "dwz", "-c", "1650", "-o", "1580", "-o", "1720", "-o", "1810", "-o", "1600",
                "-o", "1690", "-s", "3", "--age", "41", "--index", "12"]
    if peer is None:
        print("cold start: elochess-cli not installed (pip install 'elochess[cli]==0.5.0')")
        return
    times: dict[str, list[float]] = {"dwz": [], "elochess-cli": []}
    for _ in range(runs):  # interleaved, so load changes hit both alike
        for name, cmd in (("dwz", dwz_cmd), ("elochess-cli", peer_cmd)):
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            times[name].append(time.perf_counter() - t0)
    a, b = statistics.median(times["dwz"]), statistics.median(times["elochess-cli"])
    print(f"cold start, median of {runs}: dwz rate --json {a * 1000:.0f} ms, elochess-cli update dwz {b * 1000:.0f} ms,"
          f" ratio ours/peer {a / b:.2f}")


if __name__ == "__main__":
    throughput()
    cold_start()
