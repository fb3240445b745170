"""Benchmark of ``dwz history run`` on a synthetic federation at the DSB's size.

1. Full size (240,000 players, 55,000 tournaments, seed 1): generates the database once
   (or reuses it), then runs ``dwz history run --full`` in a child process and prints
   wall time, evaluation rows per second and the child's peak memory.
2. A tenth of the size: the store's runner against a straightforward loop that builds a
   ``Tournament`` per tournament and calls ``dwz.core.tournament.evaluate_tournament`` in
   the order of the Wertungsordnung, carrying ratings, indexes and Restpartien forward by
   hand (Umstufung 2026 included) — speed ratio, and an assertion that both give the same
   final rating and index for every player.

    python benchmarks/bench_history.py                     # both parts
    python benchmarks/bench_history.py --skip-full         # only the tenth-size comparison
    python benchmarks/bench_history.py --dir /tmp/dwz-bench --players 240000 --tournaments 55000
    python benchmarks/bench_history.py --skip-tenth --expect-digest 9525eec1b89c   # every row as before

The full-size run prints a digest of every stored row (all evaluation rows, the players' current
ratings and the Restpartien, in a fixed order): ``--expect-digest`` fails the run unless it starts
with the given text — the check that a change moved no row.  (The digest of seed 1 at full size
before the performance work of issue 10: ``e8361006de7b94b4cf7e1658b80d8f5ebb30fb61087e439892701e881d8a35e6``; of the
current generator's output (55,000 tournaments), before and after issue 17:
``9525eec1b89c23a40b9e9e0b89119a80fe8e874229deef1df696fc0f1de79c10``.)
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

from dwz.basics.model import Pairing, Player, StoredGame, Tournament
from dwz.basics.values import Result
from dwz.core.tournament import evaluate_tournament
from dwz.history import open_store, run
from dwz.history.generate import generate
from dwz.rules import transition

UMSTUFUNG = transition("old", "new")  # the registry's transition to the new scale (Umstufung 2026)

RESULT = {r.code: r for r in Result}


def ensure(path: Path, players: int, tournaments: int, seed: int) -> None:
    """Generate the federation unless an identical one is there already."""
    want = f"players={players} tournaments={tournaments} seed={seed}"
    if path.exists():
        try:
            conn = sqlite3.connect(path)
            have = conn.execute("SELECT value FROM meta WHERE key = 'generator'").fetchone()
            conn.close()
            if have and have[0].startswith(want):
                print(f"reusing {path} ({want})")
                return
        except sqlite3.Error:
            pass
        path.unlink()
    t0 = time.perf_counter()
    rep = generate(path, players=players, tournaments=tournaments, seed=seed)
    print(f"generated {path}: {rep.players:,} players, {rep.tournaments:,} tournaments, {rep.participants:,} participations, "
          f"{rep.games:,} games in {time.perf_counter() - t0:.1f} s")


GOAL_SECONDS = 30.0  # issue 10: ≤ 30 s on one core (stretch 10 s), peak ≤ 1 GB


def rows_digest(path: Path) -> tuple[int, str]:
    """SHA-256 over every evaluation row, every player's current rating and index and every
    stored Restpartie, each in a fixed order: equal digests, identical histories."""
    conn = sqlite3.connect(path)
    h = hashlib.sha256()
    n = 0
    for row in conn.execute("SELECT * FROM evaluations ORDER BY tournament, player, edition"):
        h.update(repr(row).encode())
        n += 1
    for row in conn.execute("SELECT id, cur_rating, cur_index FROM players ORDER BY id"):
        h.update(repr(row).encode())
    for row in conn.execute("SELECT * FROM restpartien ORDER BY player, played, opponent, halves"):
        h.update(repr(row).encode())
    conn.close()
    return n, h.hexdigest()


def full_size(path: Path, expect: str | None = None) -> None:
    cmd = [sys.executable, "-m", "dwz", "history", "run", "--full", "--no-progress", "--db", str(path), "--lang", "en"]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    out = proc.stdout.read() if proc.stdout else ""
    err = proc.stderr.read() if proc.stderr else ""
    if status != 0:
        raise SystemExit(f"dwz history run failed ({status}):\n{out}\n{err}")
    conn = sqlite3.connect(path)
    records = conn.execute("SELECT count(*) FROM evaluations").fetchone()[0]
    tournaments = conn.execute("SELECT count(*) FROM tournaments WHERE kind = 'tournament'").fetchone()[0]
    conn.close()
    print(out.strip())
    print(f"full size: {tournaments:,} tournaments, {records:,} evaluation rows")
    cpu = usage.ru_utime + usage.ru_stime
    print(f"  wall time (whole process) {wall:8.1f} s   {records / wall:10,.0f} rows/s   "
          f"peak memory {usage.ru_maxrss / 1024:,.0f} MiB   CPU {cpu:.1f} s")
    print(f"  ratio to issue 10's goal (≤ {GOAL_SECONDS:g} s on one core, peak ≤ 1 GB): CPU {cpu / GOAL_SECONDS:.2f}×, "
          f"wall {wall / GOAL_SECONDS:.2f}×, memory {usage.ru_maxrss / 1024 / 1024:.2f}×")
    n, digest = rows_digest(path)
    print(f"  digest of all {n:,} rows, current ratings and Restpartien: {digest}")
    if expect is not None and not digest.startswith(expect):
        raise SystemExit(f"rows differ from the expected digest {expect}")


# --- the straightforward loop ----------------------------------------------------------------


def straightforward(path: Path) -> dict[int, tuple[int | None, int | None]]:
    """evaluate_tournament() per tournament in WO order; the state carried by hand."""
    conn = sqlite3.connect(path)
    info: dict[int, dict[str, Any]] = {}
    rating: dict[int, int | None] = {}
    index: dict[int, int | None] = {}
    rest: dict[int, tuple[StoredGame, ...]] = {}
    evaluated: set[int] = set()
    for pid, name, by, member, elo, sr, si, sd in conn.execute(
            "SELECT id, name, birth_year, member, elo, start_rating, start_index, start_date FROM players"):
        info[pid] = {"name": name, "birth_year": by, "member": bool(member), "elo": elo, "new_scale": bool(sd and sd >= UMSTUFUNG.at.isoformat())}
        rating[pid], index[pid] = sr, si
    order = conn.execute("SELECT id, kind, name, end, rules, rated, code FROM tournaments ORDER BY end, kind, sort_key, id").fetchall()
    for tid, kind, name, end_s, rules, rated, code in order:
        if kind == "umstufung":  # every stored DWZ converted, index + 1, Restpartien's opponents too
            for pid in info:
                r = rating[pid]
                if (r is None and not rest.get(pid)) or (pid not in evaluated and info[pid]["new_scale"]):
                    continue
                if r is not None:
                    rating[pid] = UMSTUFUNG.convert(r).new
                    index[pid] = None if index[pid] is None else index[pid] + 1  # type: ignore[operator]
                if rest.get(pid):
                    rest[pid] = tuple(StoredGame(UMSTUFUNG.convert(g.opponent).new, g.result, g.played, g.tournament) for g in rest[pid])
                evaluated.add(pid)
            continue
        end = date.fromisoformat(end_s)
        parts = conn.execute("SELECT no, player, elo, computer FROM participants WHERE tournament = ? ORDER BY no", (tid,)).fetchall()
        no_to_pid = {no: pid for no, pid, _, _ in parts}
        players = []
        for no, pid, elo, computer in parts:
            p = info[pid]
            players.append(Player(no, p["name"], rating[pid], index[pid], elo or p["elo"], birth_year=p["birth_year"],
                                  member=p["member"], computer=bool(computer), restpartien=rest.get(pid, ())))
        pairings = [Pairing(rnd, w, b, RESULT[rw], RESULT[rb] if rb else None)
                    for rnd, w, b, rw, rb in conn.execute("SELECT round, white, black, result_white, result_black FROM games "
                                                          "WHERE tournament = ? ORDER BY rowid", (tid,))]
        t = Tournament(name, end, tuple(players), tuple(pairings), rated=bool(rated), code=code)
        if not rated:
            continue
        ev = evaluate_tournament(t, rules=rules, elo=False)
        for pe in ev.players:
            pid = no_to_pid[pe.player.no]
            if not info[pid]["member"]:
                continue  # WO 3.4.3: nothing stored for non-members
            if pe.status in ("established", "foreign", "first"):
                rating[pid], index[pid] = pe.new_rating, pe.new_index
                rest.pop(pid, None)
                evaluated.add(pid)
            elif pe.status in ("unrated", "no_games") and pe.old_rating is None:
                rest[pid] = pe.restpartien_out
                evaluated.add(pid)
    conn.close()
    return {pid: (rating[pid], index[pid]) for pid in info if info[pid]["member"]}


def tenth(path: Path) -> None:
    conn = open_store(path)
    t0 = time.perf_counter()
    rep = run(conn, full=True)
    t_store = time.perf_counter() - t0
    ours = {pid: (r, i) for pid, r, i in conn.execute("SELECT id, cur_rating, cur_index FROM players WHERE member = 1")}
    conn.close()
    print(f"tenth size: {rep.tournaments:,} tournaments, {rep.records:,} rows — history run {t_store:.1f} s "
          f"({rep.records / t_store:,.0f} rows/s)")
    t0 = time.perf_counter()
    theirs = straightforward(path)
    t_loop = time.perf_counter() - t0
    print(f"  straightforward loop (Tournament + evaluate_tournament per tournament): {t_loop:.1f} s")
    print(f"  speed ratio: {t_loop / t_store:.1f}x")
    diff = [pid for pid in ours if ours[pid] != theirs.get(pid)]
    assert not diff, f"{len(diff)} players differ, e.g. {[(p, ours[p], theirs.get(p)) for p in diff[:5]]}"
    print(f"  identical final rating and index for all {len(ours):,} members")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", type=Path, default=Path("/tmp/dwz-bench"))
    ap.add_argument("--players", type=int, default=240_000)
    ap.add_argument("--tournaments", type=int, default=55_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-full", action="store_true")
    ap.add_argument("--skip-tenth", action="store_true")
    ap.add_argument("--expect-digest", help="fail unless the full-size rows' digest starts with this")
    a = ap.parse_args()
    a.dir.mkdir(parents=True, exist_ok=True)
    if not a.skip_full:
        full = a.dir / "synth.sqlite"
        ensure(full, a.players, a.tournaments, a.seed)
        full_size(full, a.expect_digest)
    if not a.skip_tenth:
        small = a.dir / "synth-tenth.sqlite"
        ensure(small, a.players // 10, a.tournaments // 10, a.seed)
        tenth(small)


if __name__ == "__main__":
    main()
