"""Issue 10's engine goals, each a ratio measured in one run against the peer ``elochess``
(0.5.0, a test extra) on the same seeded inputs — interleaved rounds, medians:

* ``dwz.rate``, 9 games, the new rating read, vs ``elochess.DwzCalculator``     goal ≤ 1.0× (stretch 0.5×)
* ``dwz.rate`` with ``.rechenweg("de")`` read, vs ``DwzCalculator``             goal ≤ 4×
* ``dwz.elo.rate`` vs ``elochess.EloCalculator``                                 goal ≤ 1.0×
* 10⁵ ``dwz.rate`` results kept in a list (the cyclic GC at work), µs each
* cold start of ``dwz rate … --json`` vs ``elochess-cli update dwz …``          goal ≤ 0.35×

The cold start runs both commands with their ``.pyc`` files in place (compiled first), as an
installed package has them.  Run:  python benchmarks/bench_engine.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import os
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
CLASSIC, NEW = date(2025, 5, 1), date(2026, 9, 14)


def cases(seed: int = 7) -> list[tuple[int, list[int], list[float]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(N_CASES):
        r0 = rng.randint(1100, 2300)
        opps = [max(800, int(rng.gauss(r0, 150))) for _ in range(9)]
        res = [rng.choice((1, 0.5, 0)) for _ in range(9)]
        out.append((r0, opps, res))
    return out


def per_call(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) / N_CASES


def interleaved(contenders: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    """Median per-call time of each contender, the contenders taking turns in every round."""
    times: dict[str, list[float]] = {k: [] for k in contenders}
    for _ in range(rounds):
        for name, fn in contenders.items():
            times[name].append(per_call(fn))
    return {k: statistics.median(v) for k, v in times.items()}


def throughput(rounds: int) -> None:
    data = cases()
    games = [(f"{r0}-12", list(zip(opps, res, strict=True))) for r0, opps, res in data]
    elo_games = [(r0, list(zip(opps, res, strict=True))) for r0, opps, res in data]
    t = interleaved({
        "peer dwz": lambda: [DwzCalculator.update_rating(r0, opps, sum(res), age=41, index=12) for r0, opps, res in data],
        "classic": lambda: [dwz.rate(r, g, end=CLASSIC, birth_year=1985).new_rating for r, g in games],
        "2026": lambda: [dwz.rate(r, g, end=NEW, birth_year=1985).new_rating for r, g in games],
        "classic+rw": lambda: [dwz.rate(r, g, end=CLASSIC, birth_year=1985).rechenweg("de") for r, g in games],
        "2026+rw": lambda: [dwz.rate(r, g, end=NEW, birth_year=1985).rechenweg("de") for r, g in games],
        "peer elo": lambda: [EloCalculator.update_rating(r0, opps, sum(res), birth_year=1985, evaluation_year=2026)
                             for r0, opps, res in data],
        "elo": lambda: [dwz.elo.rate(r0, g, k=20, period=date(2026, 1, 1)).new_rating for r0, g in elo_games],
    }, rounds)
    peer, peer_elo = t["peer dwz"], t["peer elo"]
    print(f"throughput: {N_CASES} players × 9 games, medians of {rounds} interleaved rounds (µs per player)")
    print(f"  elochess DwzCalculator {peer * 1e6:6.1f} µs   EloCalculator {peer_elo * 1e6:6.1f} µs")
    for label, key, ref, goal in (("dwz.rate classic, new rating", "classic", peer, 1.0), ("dwz.rate 2026, new rating", "2026", peer, 1.0),
                                  ("dwz.rate classic + rechenweg(de)", "classic+rw", peer, 4.0),
                                  ("dwz.rate 2026 + rechenweg(de)", "2026+rw", peer, 4.0),
                                  ("dwz.elo.rate", "elo", peer_elo, 1.0)):
        ratio = t[key] / ref
        print(f"  {label:34s} {t[key] * 1e6:7.1f} µs   ratio {ratio:5.2f}× (goal ≤ {goal:g}×)")


def kept(n: int = 100_000) -> None:
    """10⁵ results kept alive in a list: the allocation a caller pays, with the cyclic GC on."""
    data = cases()
    games = [(f"{r0}-12", list(zip(opps, res, strict=True))) for r0, opps, res in data]
    t0 = time.perf_counter()
    results = [dwz.rate(r, g, end=NEW, birth_year=1985) for _ in range(n // N_CASES) for r, g in games]
    secs = time.perf_counter() - t0
    print(f"{len(results):,} dwz.rate results kept in a list: {secs / len(results) * 1e6:.1f} µs each")


def cold_start(runs: int) -> None:
    dwz_cmd = [shutil.which("dwz") or "dwz", "rate", "1650-12", "--born", "1985", "--end", "2026-09-14", "--json",
               "1580:1", "1720:=", "1810:0", "1600:1", "1690:="]
    peer = shutil.which("elochess-cli")
    peer_cmd = [peer or "elochess-cli", "update", "dwz", "-c", "1650", "-o", "1580", "-o", "1720", "-o", "1810", "-o", "1600",
                "-o", "1690", "-s", "3", "--age", "41", "--index", "12"]
    if peer is None:
        print("cold start: elochess-cli not installed (pip install 'elochess[cli]==0.5.0')")
        return
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for cmd in (dwz_cmd, peer_cmd):  # once each: the .pyc files are written, as an installation has them
        subprocess.run(cmd, check=True, capture_output=True, env=env)
    times: dict[str, list[float]] = {"dwz": [], "elochess-cli": []}
    for _ in range(runs):  # interleaved, so load changes hit both alike
        for name, cmd in (("dwz", dwz_cmd), ("elochess-cli", peer_cmd)):
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True, env=env)
            times[name].append(time.perf_counter() - t0)
    a, b = statistics.median(times["dwz"]), statistics.median(times["elochess-cli"])
    print(f"cold start, median of {runs}: dwz rate --json {a * 1000:.0f} ms, elochess-cli update dwz {b * 1000:.0f} ms,"
          f" ratio {a / b:.2f}× (goal ≤ 0.35×)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--cold-runs", type=int, default=15)
    args = ap.parse_args()
    throughput(args.rounds)
    kept()
    cold_start(args.cold_runs)
