"""The pre-upload check's cost next to the evaluation it accompanies in ``dwz tournament``:
a generated 500-player open (fixed seed), evaluation alone vs. evaluation + check, runs
interleaved, medians; and the closest-name search for players a 100 000-entry DSB list lacks."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_tournament import generate_open

from dwz.core.tournament import evaluate_tournament
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.lists import enrich
from dwz.reports.check import check_tournament

SYLLABLES = ["mül", "ler", "schm", "idt", "schn", "ei", "der", "fi", "scher", "we", "ber", "mey", "er", "wag", "ner", "be", "cker", "schu", "lz", "hoff", "mann", "kö", "nig", "ba", "rt", "hel", "kl", "ein", "wolf", "rö", "neu", "ma", "bra", "un", "zim", "mer", "ko", "wal", "ski", "no", "vak", "lang", "e", "hu", "ber"]
FIRST = ["hans", "peter", "michael", "thomas", "andreas", "stefan", "klaus", "jürgen", "frank", "uwe", "anna", "maria", "julia", "lukas", "felix", "jonas", "paul", "leon"]


def timed(fn: object) -> float:
    t0 = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - t0


def main() -> None:
    t = generate_open(500, 9, newcomers=60, non_members=20, seed=42)
    ev_alone, ev_check = [], []
    for _ in range(7):
        ev_alone.append(timed(lambda: evaluate_tournament(t)))
        ev_check.append(timed(lambda: check_tournament(t, evaluation=evaluate_tournament(t))))
    a, b = statistics.median(ev_alone), statistics.median(ev_check)
    print(f"500 players: evaluation {a * 1000:.0f} ms, evaluation + check {b * 1000:.0f} ms (ratio {b / a:.2f})")

    rng = random.Random(7)
    entries = [DsbEntry(str(10_000_000 + i), "C0512", str(i), "A",
                        "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize() + "," + rng.choice(FIRST).capitalize(),
                        "m", rng.randint(1940, 2015), rng.randint(800, 2400), rng.randint(1, 80), None, None, None, None, None,
                        "202630", f"spieler.csv:{i + 2}") for i in range(100_000)]
    # the generated players are named "Spieler 17": none is in this list, 480 without a match
    for unmatched in (10, 50):
        sub = t.with_(players=t.players[:unmatched], pairings=tuple(g for g in t.pairings if g.white <= unmatched and
                                                                   (g.black or 0) <= unmatched))
        runs = []
        for _ in range(3):
            t2, rep = enrich(sub, dsb=entries)
            runs.append(timed(lambda t2=t2, rep=rep: check_tournament(t2, match=rep, dsb=entries)))
        print(f"{unmatched} players not in a 100 000-entry list: check {statistics.median(runs):.2f} s")


if __name__ == "__main__":
    main()
