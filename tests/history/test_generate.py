"""The synthetic federation: deterministic, both editions, every kind of participant."""

from __future__ import annotations

import hashlib
from pathlib import Path

from dwz.history import open_store, run
from dwz.history.generate import generate
from tests.history._build import dump


def _digest(db: Path) -> str:
    conn = open_store(db)
    h = hashlib.sha256("\n".join(dump(conn)).encode()).hexdigest()
    conn.close()
    return h


def test_same_seed_same_database(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.sqlite", tmp_path / "b.sqlite", tmp_path / "c.sqlite"
    ra = generate(a, players=400, tournaments=80, seed=11)
    generate(b, players=400, tournaments=80, seed=11)
    generate(c, players=400, tournaments=80, seed=12)
    assert a.read_bytes() == b.read_bytes()  # byte for byte, not only the same rows
    assert _digest(a) == _digest(b) != _digest(c)
    assert ra.players == 400 and ra.tournaments > 40 and ra.games > 1000
    assert not Path(str(a) + ".part").exists()


def test_a_small_federation_has_everything(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    generate(db, players=1500, tournaments=300, seed=1)
    conn = open_store(db)
    names = [r[0] for r in conn.execute("SELECT name FROM tournaments WHERE kind = 'tournament'")]
    for kind in ("Vereinsmeisterschaft", "Gruppe", "Open", "Jugendturnier", "Vereinsturnier"):
        assert any(kind in n for n in names), kind
    assert conn.execute("SELECT count(*) FROM players WHERE member = 0").fetchone()[0] > 0
    assert conn.execute("SELECT count(*) FROM players WHERE start_rating IS NULL").fetchone()[0] > 100  # newcomers
    assert conn.execute("SELECT max(end) FROM tournaments").fetchone()[0] >= "2026-06-08"
    assert conn.execute("SELECT count(*) FROM games WHERE result_white = '+'").fetchone()[0] > 0
    rep = run(conn)
    statuses = dict(conn.execute("SELECT status, count(*) FROM evaluations GROUP BY status").fetchall())
    for s in ("established", "first", "unrated", "umstufung", "foreign"):
        assert statuses.get(s, 0) > 0, s
    editions = {r[0] for r in conn.execute("SELECT DISTINCT edition FROM evaluations")}
    assert editions == {"dwz-classic", "dwz-2026"}
    assert rep.records == sum(statuses.values())
    conn.close()
