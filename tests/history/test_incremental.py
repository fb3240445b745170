"""A late insertion (or a changed starting value) recomputes only what it affects —
and the result equals a full recompute."""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.history import add_tournament, open_store, run, transaction
from dwz.history.generate import generate
from dwz.history.importer import add_rating_list
from tests import oracle
from tests.history._build import snapshot

RES = [(Result.WIN, Result.LOSS), (Result.DRAW, Result.DRAW), (Result.LOSS, Result.WIN), (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)]


def random_history(seed: int, n_tournaments: int) -> list[Tournament]:
    rng = random.Random(seed)
    pool: list[tuple[str, int, int | None, int | None, bool]] = []
    for i in range(14):
        rated = rng.random() < 0.6
        pool.append((f"Spieler {i}", 1950 + rng.randrange(65), rng.randint(700, 2300) if rated else None,
                     rng.randint(1, 40) if rated else None, i != 13))  # no. 13: a non-member
    out = []
    for k in range(n_tournaments):
        end = date(2023, 1, 1) + timedelta(days=rng.randrange(1600))  # 2023 … mid-2027: both editions
        chosen = rng.sample(pool, rng.randint(3, 8))
        players = []
        for no, (name, by, r, idx, mem) in enumerate(chosen, 1):
            # a file's R0 may differ from the history's own value: only the earliest is a starting value
            jitter = rng.randint(-30, 30) if r else 0
            players.append(Player(no, name, r + jitter if r else None, idx, birth_year=by, member=mem))
        pairings = []
        n = len(players)
        for rnd in range(1, rng.randint(2, 6)):
            order = list(range(1, n + 1))
            rng.shuffle(order)
            for a, b in zip(order[::2], order[1::2], strict=False):
                pairings.append(Pairing(rnd, a, b, *rng.choice(RES)))
        out.append(Tournament(f"Turnier {k}", end, tuple(players), tuple(pairings), code=None))
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**9), n=st.integers(2, 9), first=st.integers(1, 8))
def test_late_insertion_equals_full_recompute(tmp_path: Path, seed: int, n: int, first: int) -> None:
    history = random_history(seed, n)
    first = min(first, n - 1)
    rng = random.Random(seed + 1)
    rng.shuffle(history)  # the second batch holds tournaments older than some of the first
    db = tmp_path / f"h{seed}.sqlite"
    if db.exists():
        db.unlink()
    conn = open_store(db)
    with transaction(conn):
        for t in history[:first]:
            add_tournament(conn, t)
    run(conn)
    with transaction(conn):
        for t in history[first:]:
            add_tournament(conn, t)
    rep = run(conn)
    assert rep.mode == "incremental"
    incremental = snapshot(conn)
    assert run(conn, full=True).mode == "full"
    assert snapshot(conn) == incremental
    conn.close()


def test_changed_starting_value_equals_full_recompute(tmp_path: Path) -> None:
    from dwz.formats.dsb_list import DsbEntry

    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        for t in random_history(7, 8):
            add_tournament(conn, t)
    run(conn)
    before = snapshot(conn)
    # an older list gives "Spieler 3" another starting value; "Neu" exists only in the list
    name, by = "Spieler 3", conn.execute("SELECT birth_year FROM players WHERE name = 'Spieler 3'").fetchone()[0]
    with transaction(conn):
        add_rating_list(conn, [DsbEntry("77", "X0001", "1", "A", name, "m", by, 1234, 9, None, None, None, None),
                               DsbEntry("78", "X0001", "2", "A", "Neu", "m", 1980, 1600, 3, None, None, None, None)],
                        date(2022, 12, 31), "liste.csv")
    assert run(conn).mode == "incremental"
    incremental = snapshot(conn)
    assert incremental != before
    run(conn, full=True)
    assert snapshot(conn) == incremental
    # a list-only player: no tournament at all, but he takes part in the Umstufung
    with transaction(conn):
        add_rating_list(conn, [DsbEntry("79", "X0001", "3", "A", "Solo", "m", 1980, 1700, 4, None, None, None, None)],
                        date(2022, 12, 31), "liste2.csv")
    assert run(conn).mode == "incremental"
    # 1700-4 from the list of 2022: only the Umstufung 2026 changes it (dwz-2026 §6: value converted, index + 1)
    assert conn.execute("SELECT cur_rating, cur_index FROM players WHERE name = 'Solo'").fetchone() == (oracle.umstufung(1700), 4 + 1)
    incremental = snapshot(conn)
    run(conn, full=True)
    assert snapshot(conn) == incremental
    conn.close()


def test_generated_federation_late_tournament(tmp_path: Path) -> None:
    """On a generated federation: a 2018 tournament of five members added afterwards."""
    db = tmp_path / "g.sqlite"
    generate(db, players=500, tournaments=120, seed=3)
    conn = open_store(db)
    full = run(conn)
    assert full.mode == "full" and full.records > 1000
    picks = conn.execute("SELECT id, name, birth_year, dsb_id FROM players WHERE start_rating IS NOT NULL AND member = 1 "
                         "ORDER BY id LIMIT 5").fetchall()
    players = tuple(Player(i, n, birth_year=by, dsb_id=d) for i, (_, n, by, d) in enumerate(picks, 1))
    pairings = tuple(Pairing(r, a, b, Result.WIN, Result.LOSS) for r, (a, b) in enumerate([(1, 2), (3, 4), (5, 1), (2, 3), (4, 5)], 1))
    with transaction(conn):
        rep = add_tournament(conn, Tournament("Nachzügler", date(2018, 3, 4), players, pairings))
    assert rep.players_new == 0 and rep.matched == {"dsb_id": 5}
    inc = run(conn)
    assert inc.mode == "incremental" and inc.skipped > 0 and inc.tournaments < full.tournaments
    incremental = snapshot(conn)
    run(conn, full=True)
    assert snapshot(conn) == incremental
    assert run(conn).mode == "none"
    conn.close()
