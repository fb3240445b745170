"""The SQLite store of a rating history (stdlib :mod:`sqlite3` only).

One file holds the players (identity and starting values from rating lists),
the tournaments with their participants and games, and the evaluations: one row
per player and tournament with everything a DSB card shows.  The Umstufung 2026
is a pseudo-tournament (``kind = 'umstufung'``) whose rows are the conversions.

Every write runs inside :func:`transaction`: an import or run that fails or is
interrupted (exception, Ctrl-C, a killed process) leaves the database as it was.
The schema carries a version (``PRAGMA user_version``) and is upgraded by the
:data:`MIGRATIONS`, applied in order.

Besides the normalised ``participants`` and ``games`` tables every tournament
keeps a *packed* copy of what the kernel needs (player ids in kernel order,
Elo at the time, rated games as position triples) so that a run reads one blob
per tournament instead of millions of rows; it is derived data, written together
with the rows it is derived from.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import sys
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path

from dwz.basics.errors import InputError
from dwz.formats._common import not_regular
from dwz.rules import transition

__all__ = [
    "APPLICATION_ID", "DEFAULT_DB", "EVALUATION_COLUMNS", "EVALUATION_TABLE", "MIGRATIONS", "RESULT_ATTRIBUTE", "SCHEMA_VERSION",
    "UMSTUFUNG_END", "connect", "db_error", "decode_rest",
    "encode_rest", "insert_sql", "open_store", "pack", "sort_key", "transaction", "unpack", "user_version",
]

DEFAULT_DB = "dwz.sqlite"
APPLICATION_ID = 0x44575A48  # "DWZH": marks our files, so a foreign SQLite file is not altered
# The Umstufung (the registry's transition to the new scale, spec dwz-2026 §6) took place between
# the last day of the old scale and the first of the new: the pseudo-tournament ends on the last
# day and sorts after every real tournament of that day.
_UMSTUFUNG = transition("old", "new")
UMSTUFUNG_END = (_UMSTUFUNG.at - timedelta(days=1)).isoformat()

_V1 = [
    """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID""",
    """CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,          -- case/umlaut-insensitive, for matching
        birth_year INTEGER,
        sex TEXT,
        dsb_id TEXT,                     -- PKZ or nu id
        zps TEXT,
        member_no TEXT,
        fide_id TEXT,
        member INTEGER NOT NULL DEFAULT 1,   -- WO 3.4.3: non-members are evaluated, never stored
        elo INTEGER,                     -- FIDE Elo from a list (fallback when a file has none)
        start_rating INTEGER,            -- starting DWZ before the first evaluation in this history
        start_index INTEGER,
        start_date TEXT,                 -- date of the list/tournament it comes from (decides the scale)
        start_source TEXT,               -- 'list' or 'file'
        cur_rating INTEGER,              -- after the last run (members only)
        cur_index INTEGER
    )""",
    "CREATE INDEX players_dsb_id ON players(dsb_id) WHERE dsb_id IS NOT NULL",
    "CREATE INDEX players_zps ON players(zps, member_no) WHERE zps IS NOT NULL",
    "CREATE INDEX players_fide_id ON players(fide_id) WHERE fide_id IS NOT NULL",
    "CREATE INDEX players_name ON players(name_key, birth_year)",
    """CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL DEFAULT 'tournament',   -- 'tournament' or 'umstufung'
        name TEXT NOT NULL,
        code TEXT,                       -- Turniercode YYWW-LLL-KKK
        start TEXT,
        end TEXT NOT NULL,
        sort_key TEXT NOT NULL,          -- WO 2.2.3: the 3-character key KKK (else the name)
        rules TEXT,                      -- forced edition, or NULL: by end date
        rated INTEGER NOT NULL DEFAULT 1,
        rounds INTEGER,
        source TEXT,
        seq INTEGER,                     -- position in the order of evaluation (set by each run)
        evaluated INTEGER NOT NULL DEFAULT 0,
        packed BLOB                      -- derived: kernel input, see pack()
    )""",
    "CREATE INDEX tournaments_order ON tournaments(end, kind, sort_key, id)",
    "CREATE INDEX tournaments_seq ON tournaments(seq)",
    """CREATE TABLE participants (
        tournament INTEGER NOT NULL REFERENCES tournaments(id),
        no INTEGER NOT NULL,             -- the number pairings refer to
        player INTEGER NOT NULL REFERENCES players(id),
        rating INTEGER,                  -- as given in the file (for reference only)
        rating_index INTEGER,
        elo INTEGER,                     -- Elo at the time (WO 4.1.2)
        computer INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament, no)
    ) WITHOUT ROWID""",
    "CREATE INDEX participants_player ON participants(player)",
    """CREATE TABLE games (
        tournament INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        white INTEGER NOT NULL,          -- participant number
        black INTEGER,                   -- NULL: bye
        result_white TEXT NOT NULL,      -- Result codes: 1 ½ 0 + - W D L F U H Z
        result_black TEXT
    )""",
    "CREATE INDEX games_tournament ON games(tournament)",
    # one row per player and tournament (kernel KResult); 'coefficient' is E (int) or K
    # (float) and has no declared type so that each is kept as it is
    """CREATE TABLE evaluations (
        tournament INTEGER NOT NULL,
        player INTEGER NOT NULL,
        edition TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'established',  -- or foreign first unrated no_games umstufung
        stage INTEGER NOT NULL DEFAULT 0,
        old_rating INTEGER,
        old_index INTEGER,
        coeff_index INTEGER,
        wh INTEGER,                      -- W in halves
        n INTEGER,
        we REAL,
        coefficient,
        rc INTEGER,                      -- Niveau
        perf INTEGER,                    -- Leistung
        sonder INTEGER,
        ri REAL,
        start REAL,
        new_rating INTEGER,
        new_index INTEGER,
        rest BLOB,                       -- Restpartien after this evaluation (unrated players)
        reason TEXT,
        published INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (tournament, player)
    ) WITHOUT ROWID""",
    "CREATE INDEX evaluations_player ON evaluations(player, tournament)",
    """CREATE TABLE restpartien (
        player INTEGER NOT NULL,
        opponent INTEGER NOT NULL,
        halves INTEGER NOT NULL,
        played TEXT NOT NULL
    )""",
    "CREATE INDEX restpartien_player ON restpartien(player)",
    "CREATE TABLE dirty_players (player INTEGER PRIMARY KEY)",
    f"""INSERT INTO tournaments (kind, name, end, sort_key, rated, evaluated)
        VALUES ('umstufung', '{_UMSTUFUNG.rule}', '{UMSTUFUNG_END}', '', 1, 0)""",
]

# Each entry upgrades the schema by one version; never edit an entry once released.
MIGRATIONS: list[list[str]] = [_V1]
SCHEMA_VERSION = len(MIGRATIONS)

# Every column of an evaluation row with the attribute of the kernel's result (``KResult``) it
# stores, by name — ``None``: the runner supplies it (the tournament, the player, the edition, the
# encoded Restpartien, whether it is published).  Rows are built and read through these names, so
# neither the order of the table's columns nor that of the result's fields decides what lands where.
EVALUATION_TABLE: tuple[tuple[str, str | None], ...] = (
    ("tournament", None), ("player", None), ("edition", None), ("status", "status"), ("stage", "stage"),
    ("old_rating", "old_rating"), ("old_index", "old_index"), ("coeff_index", "coeff_index"), ("wh", "wh"), ("n", "n"),
    ("we", "we"), ("coefficient", "coefficient"), ("rc", "rc"), ("perf", "perf"), ("sonder", "sonder"), ("ri", "ri"),
    ("start", "start"), ("new_rating", "new_rating"), ("new_index", "new_index"), ("rest", None), ("reason", "reason"),
    ("published", None),
)
EVALUATION_COLUMNS = tuple(column for column, _ in EVALUATION_TABLE)  # the table's columns, in its order
RESULT_ATTRIBUTE = {column: attr for column, attr in EVALUATION_TABLE if attr is not None}  # column → KResult attribute


def insert_sql(columns: tuple[str, ...]) -> str:
    return f"INSERT INTO evaluations ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"




def db_error(path: str | Path, e: sqlite3.Error) -> InputError:
    """An SQLite error as the message that names its cause: a full disk, a read-only file
    or medium, a file that cannot be opened, a lock — and only otherwise "not a readable
    history database" (SQLite reports all of them as OperationalError)."""
    text = str(e)
    low = text.lower()
    if "disk is full" in low or "database or disk is full" in low:
        code = "history_db_full"
    elif "readonly" in low or "read-only" in low:
        code = "history_db_readonly"
    elif "unable to open" in low:  # SQLite says so on read-only media too (it cannot create -wal/-shm)
        code = "history_db_readonly" if _read_only_medium(Path(path)) else "history_db_unopenable"
    elif "locked" in low or "busy" in low:
        code = "history_db_busy"
    elif "disk i/o error" in low:
        code = "history_db_io"
    else:
        code = "history_db_invalid"
    return InputError.single(str(path), code, str(path), reason=text)


def _read_only_medium(p: Path) -> bool:
    folder = p if p.is_dir() else p.parent
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no such directory, or no statvfs on this platform
        return False


def _open_readonly(p: Path) -> sqlite3.Connection:
    # mode=ro still needs the -shm file of a WAL database (created next to it), which fails
    # on read-only media; immutable=1 reads the file as it is, without locks or -shm (a
    # `history run` checkpoints the WAL into the file before it ends, so nothing is missed).
    uri = p.resolve().as_uri() + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA user_version").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
    return sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None, check_same_thread=False)


def connect(path: str | Path, *, readonly: bool = False) -> sqlite3.Connection:
    """A connection with our PRAGMAs; autocommit mode, writes go through :func:`transaction`.

    Read-only connections work on read-only media too (see :func:`_open_readonly`)."""
    p = Path(path)
    try:
        if readonly:
            conn = _open_readonly(p)
        else:
            conn = sqlite3.connect(p, isolation_level=None)
        # NORMAL is safe with WAL (open_store switches to WAL once the file is known to be
        # ours): it may lose the last commit on power loss but never corrupts; temp tables
        # and sorts stay in memory.
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA temp_store=MEMORY")
        conn.execute("PRAGMA cache_size=-262144")  # 256 MiB
        conn.execute("PRAGMA foreign_keys=OFF")  # integrity is kept by the importer; checks would slow bulk loads
    except sqlite3.DatabaseError as e:
        raise db_error(p, e) from None
    return conn


def user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def open_store(path: str | Path, *, create: bool = True, readonly: bool = False) -> sqlite3.Connection:
    """Open (and create or upgrade) a history database.

    Refuses files that are not ours: another SQLite database or anything else
    gives an :class:`InputError` (``history_db_invalid`` / ``history_db_missing``).
    """
    p = Path(path)
    if not p.exists() and (readonly or not create):
        raise InputError.single(str(p), "history_db_missing", str(p))
    # Ours is a file with our application_id (below), or a new one: a path that does not exist or
    # an empty file, and only for the commands that create a database (add, generate) — `history
    # run --db EMPTY` wrote a schema into any empty file.
    try:
        mode = p.stat().st_mode
    except OSError:  # not there yet (created below), or unreadable: sqlite's own message
        mode = None
    if mode is not None and not stat.S_ISREG(mode):  # a FIFO would block sqlite's open() for ever
        raise not_regular(p, str(p), mode)
    if (readonly or not create) and p.is_file() and p.stat().st_size == 0:
        raise InputError.single(str(p), "history_db_invalid", str(p), reason="empty file, not a dwz history database")
    conn = connect(p, readonly=readonly)
    try:
        version = user_version(conn)
        app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    except sqlite3.DatabaseError as e:
        conn.close()
        raise db_error(p, e) from None
    if (version or tables) and app_id != APPLICATION_ID:
        conn.close()
        raise InputError.single(str(p), "history_db_invalid", str(p), reason="not a dwz history database")
    if version > SCHEMA_VERSION:
        conn.close()
        raise InputError.single(str(p), "history_db_invalid", str(p), reason=f"schema {version} is newer than {SCHEMA_VERSION}")
    if version < SCHEMA_VERSION and readonly:
        conn.close()
        raise InputError.single(str(p), "history_db_invalid", str(p), reason=f"schema {version} needs an upgrade")
    if not readonly:
        try:
            if not version and not tables:
                conn.execute("PRAGMA page_size=8192")  # a new file: fewer, fuller B-tree pages for bulk inserts
            # WAL: readers (the web page) never block a run, and a run's big transaction
            # does not copy the old pages into a rollback journal first
            conn.execute("PRAGMA journal_mode=WAL")
            if version < SCHEMA_VERSION:
                migrate(conn)
        except sqlite3.DatabaseError as e:  # a read-only file or medium, a full disk
            conn.close()
            raise db_error(p, e) from None
    return conn


def migrate(conn: sqlite3.Connection) -> None:
    """Apply the missing migrations in order, each in its own transaction."""
    for version in range(user_version(conn), SCHEMA_VERSION):
        with transaction(conn):
            for stmt in MIGRATIONS[version]:
                conn.execute(stmt)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {version + 1}")


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE … COMMIT; any exception — KeyboardInterrupt included — rolls back."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


# --- ordering ---------------------------------------------------------------------------------


def sort_key(code: str | None, name: str) -> str:
    """WO 2.2.3 / 4.3.3: tournaments ending on the same day are ordered by the
    3-character key KKK of the Turniercode ``YYWW-LLL-KKK`` (the organisation level
    is not used); without a code by the name.

    >>> sort_key("B431-636-C4F", "x"), sort_key(None, "Stadtmeisterschaft")
    ('C4F', 'stadtmeisterschaft')
    """
    if code:
        parts = code.strip().split("-")
        if len(parts) == 3 and len(parts[2]) == 3:
            return parts[2].upper()
    return name.casefold()


# --- packed kernel input --------------------------------------------------------------------

_SWAP = sys.byteorder != "little"  # blobs are little-endian on every machine


def _ints(values: Sequence[int]) -> bytes:
    a = array("i", values)
    if _SWAP:
        a.byteswap()
    return a.tobytes()


def _array(blob: bytes) -> array[int]:
    """The integers of a blob written by :func:`_ints`."""
    a = array("i")
    a.frombytes(blob)
    if _SWAP:
        a.byteswap()
    return a


def pack(pids: Sequence[int], elos: Sequence[int], games: Sequence[tuple[int, int, int]]) -> bytes:
    """Kernel input of one tournament: player ids in kernel order, their Elo at the
    time (0 = none) and the rated games as (position a, position b, halves of a)."""
    flat: list[int] = [len(pids), *pids, *elos]
    for g in games:
        flat.extend(g)
    return _ints(flat)


def unpack(blob: bytes) -> tuple[array[int], array[int], array[int]]:
    """(player ids, Elo values, flat games a, b, h, a, b, h, …) as compact arrays."""
    v = _array(blob)
    n = v[0]
    return v[1:1 + n], v[1 + n:1 + 2 * n], v[1 + 2 * n:]


# --- Restpartien blobs ---------------------------------------------------------------------

_DATES: dict[int, date] = {}


def encode_rest(rest: Sequence[tuple[int, int, date]]) -> bytes | None:
    """Restpartien (opponent rating, halves, end date of their tournament) as a blob."""
    if not rest:
        return None
    flat: list[int] = []
    for opp, h, d in rest:
        flat += (opp, h, d.year * 10000 + d.month * 100 + d.day)
    return _ints(flat)


def decode_rest(blob: bytes | None) -> tuple[tuple[int, int, date], ...]:
    if not blob:
        return ()
    v = _array(blob).tolist()
    out = []
    for i in range(0, len(v), 3):
        key = v[i + 2]
        d = _DATES.get(key)
        if d is None:
            d = _DATES[key] = date(key // 10000, key // 100 % 100, key % 100)
        out.append((v[i], v[i + 1], d))
    return tuple(out)
