"""Issue 23's engine goals in instructions: ``dwz.rate`` (classic and 2026) against elochess
``DwzCalculator``, ``dwz.elo.rate`` against ``EloCalculator`` — instructions per call counted by
``valgrind --tool=callgrind``, so the ratio ours/peer does not move with the machine's load.

Each contender runs in its own process under callgrind: once with the 2,000 cases of
``bench_engine.py`` called ``--loops`` times after a warm-up of one loop, once with the warm-up
only; the difference divided by the calls is its instructions per call (imports, the cases and the
warm-up cancel out).  ``PYTHONHASHSEED`` is fixed so that two runs count the same.

Run:  python benchmarks/bench_instructions.py [--loops 2] [--before ../main/src] [--only classic,elo]
``--before`` also counts ``dwz`` from another source tree (e.g. main before the issue), side by
side.  Without valgrind it says so and exits 0.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOALS = {"classic": 2.5, "2026": 2.5, "elo": 2.0}  # issue 23: ours / peer
PEER = {"classic": "peer dwz", "2026": "peer dwz", "elo": "peer elo"}

# The child: the cases as bench_engine.py makes them, one contender called `loops` times after a warm-up loop.
CHILD = r"""
import sys
sys.path.insert(0, sys.argv[3])
from datetime import date
from bench_engine import cases
name, loops = sys.argv[1], int(sys.argv[2])
data = cases()
if name.startswith("peer"):
    from elochess.dwz import DwzCalculator
    from elochess.elo import EloCalculator
    if name == "peer dwz":
        def run():
            for r0, opps, res in data:
                DwzCalculator.update_rating(r0, opps, sum(res), age=41, index=12)
    else:
        def run():
            for r0, opps, res in data:
                EloCalculator.update_rating(r0, opps, sum(res), birth_year=1985, evaluation_year=2026)
else:
    import dwz, dwz.elo
    if name == "elo":
        elo_games = [(r0, list(zip(opps, res))) for r0, opps, res in data]
        period = date(2026, 1, 1)
        def run():
            for r0, g in elo_games:
                dwz.elo.rate(r0, g, k=20, period=period).new_rating
    else:
        end = date(2025, 5, 1) if name == "classic" else date(2026, 9, 14)
        games = [(f"{r0}-12", list(zip(opps, res))) for r0, opps, res in data]
        def run():
            for r, g in games:
                dwz.rate(r, g, end=end, birth_year=1985).new_rating
run()  # warm-up: first-call caches, lazy imports
for _ in range(loops):
    run()
"""


def count(name: str, loops: int, src: str | None) -> int:
    """Instructions of one child process under callgrind (``Collected`` of its summary)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if src is not None:
        env["PYTHONPATH"] = src
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", sys.executable, "-c", CHILD,
                              name, str(loops), str(HERE)], env=env, capture_output=True, text=True, check=True)
    m = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if m is None:
        raise RuntimeError(f"no instruction count in callgrind's output:\n{out.stderr[-2000:]}")
    return int(m.group(1))


def per_call(name: str, loops: int, src: str | None = None) -> float:
    from bench_engine import N_CASES
    return (count(name, loops, src) - count(name, 0, src)) / (loops * N_CASES)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--loops", type=int, default=2, help="times the 2,000 calls are counted (after one warm-up loop)")
    ap.add_argument("--before", help="another source tree of dwz (e.g. ../main/src) counted side by side")
    ap.add_argument("--only", default="classic,2026,elo", help="comma-separated: classic, 2026, elo")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: instructions per call not counted (apt-get install valgrind)")
        return
    sys.path.insert(0, str(HERE))
    wanted = [w for w in args.only.split(",") if w]
    peers = {p: per_call(p, args.loops) for p in {PEER[w] for w in wanted}}
    print(f"instructions per call (callgrind, {args.loops} × 2,000 calls after a warm-up loop, minus the warm-up alone)")
    for p, ir in sorted(peers.items()):
        print(f"  elochess {p:9s} {ir:9,.0f} Ir")
    for w in wanted:
        ours = per_call(w, args.loops)
        line = f"  dwz {w:8s} {ours:9,.0f} Ir   ratio {ours / peers[PEER[w]]:4.2f}× (goal ≤ {GOALS[w]:g}×)"
        if args.before:
            old = per_call(w, args.loops, args.before)
            line += f"   before {old:9,.0f} Ir, ratio {old / peers[PEER[w]]:4.2f}×"
        print(line)


if __name__ == "__main__":
    main()
