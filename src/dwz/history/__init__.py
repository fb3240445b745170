"""The rating history: a SQLite store of tournaments, players and evaluations, and the
chronological runner that evaluates everything in the order of the Wertungsordnung.

>>> import tempfile, pathlib
>>> from datetime import date
>>> from dwz.basics.model import Pairing, Player, Tournament
>>> from dwz.basics.values import Result as R
>>> db = pathlib.Path(tempfile.mkdtemp()) / "h.sqlite"
>>> conn = open_store(db)
>>> t = Tournament("T", date(2025, 5, 1), (Player(1, "A", 1600, 20), Player(2, "B", 1500, 20)),
...                (Pairing(1, 1, 2, R.WIN, R.LOSS),))
>>> with transaction(conn):
...     _ = add_tournament(conn, t)
>>> run(conn).mode
'full'
>>> conn.execute("SELECT cur_rating, cur_index FROM players ORDER BY id").fetchall()
[(1792, 22), (1711, 22)]

(The Umstufung 2026 is part of every history: 1613-21 became 1792-22, 1486-21 became 1711-22.)
"""

from __future__ import annotations

from dwz.history.importer import add_rating_list, add_tournament, import_files
from dwz.history.runner import RunReport, run
from dwz.history.store import DEFAULT_DB, open_store, transaction

__all__ = ["DEFAULT_DB", "RunReport", "add_rating_list", "add_tournament", "import_files", "open_store", "run", "transaction"]
