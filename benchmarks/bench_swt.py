"""Issue 9: reading and evaluating a 500-player Swiss-Chess SWT stays within twice the time of
the same tournament read from our JSON.

The tournament is the seeded open of ``gen_tournament.py`` (500 players, 9 rounds, 60 newcomers,
20 non-members), written once as ``.SWT`` (the test-only writer of ``tests/formats/swt_writer.py``)
and once as our JSON.  Each run is ``dwz.read_tournament(path)`` + ``dwz.evaluate_tournament``;
the two are interleaved (JSON, SWT, JSON, SWT, …) so that machine noise hits both alike, and the
medians are compared.  Reading alone is timed the same way.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test-only SWT writer lives in tests/

from gen_tournament import generate_open
from tests.formats.swt_writer import from_tournament

import dwz
from dwz.formats.table import strip_sources, write_json

GOAL = 2.0


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def interleaved(a: Callable[[], object], b: Callable[[], object], repeat: int) -> tuple[float, float]:
    ta, tb = [], []
    for _ in range(repeat):
        ta.append(timed(a))
        tb.append(timed(b))
    return statistics.median(ta), statistics.median(tb)


def main(repeat: int = 15) -> float:
    t = generate_open(500, 9, newcomers=60, non_members=20, seed=42)
    with tempfile.TemporaryDirectory() as tmp:
        swt = Path(tmp) / "open500.SWT"
        js = Path(tmp) / "open500.json"
        swt.write_bytes(from_tournament(t))
        js.write_text(write_json(t), encoding="utf-8")
        a, b = dwz.read_tournament(swt), dwz.read_tournament(js)
        same = [(p.no, p.name, p.rating, p.index) for p in a.players] == [(p.no, p.name, p.rating, p.index) for p in b.players]
        assert same and sorted(strip_sources(a).pairings, key=lambda g: (g.round, g.white)) == \
            sorted(strip_sources(b).pairings, key=lambda g: (g.round, g.white)), "the two files must hold the same tournament"
        read_json, read_swt = interleaved(lambda: dwz.read_tournament(js), lambda: dwz.read_tournament(swt), repeat)
        full_json, full_swt = interleaved(lambda: dwz.evaluate_tournament(dwz.read_tournament(js)),
                                          lambda: dwz.evaluate_tournament(dwz.read_tournament(swt)), repeat)
        print(f"500 players, 9 rounds ({len(t.pairings)} pairings); SWT {swt.stat().st_size} bytes, "
              f"JSON {js.stat().st_size} bytes; medians of {repeat} interleaved runs")
        print(f"  read only:          JSON {read_json * 1000:7.1f} ms   SWT {read_swt * 1000:7.1f} ms   "
              f"×{read_swt / read_json:4.2f}")
        ratio = full_swt / full_json
        print(f"  read + evaluate:    JSON {full_json * 1000:7.1f} ms   SWT {full_swt * 1000:7.1f} ms   ×{ratio:4.2f}  "
              f"(goal ≤ {GOAL:.1f}: {'met' if ratio <= GOAL else 'NOT met'})")
        return ratio


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
