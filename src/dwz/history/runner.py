"""The chronological run: every tournament evaluated by the kernel in the order of
the Wertungsordnung, each with the ratings current at that moment.

* Order (WO 2.2.3 new, 3.2.4 old; spec dwz-classic §11): by end date, ties by the
  3-character key of the Turniercode (else the name), then by import order.
* Edition: forced per tournament, or by the end date (``dwz.rules.edition_for``).
* Umstufung 2026 (spec dwz-2026 §6), the registry's transition from the old scale to
  the new one (``dwz.rules.transition``), on the day before its date: every stored DWZ
  is converted with it and its index raised by one.  Reading chosen here: the opponent
  ratings stored in Restpartien are old-scale values too and are converted with the
  same formula (otherwise a newcomer's first DWZ after the switch would mix both
  scales).  Starting values from a list dated on or after the transition's date are
  already on the new scale and are not converted.
* Restpartien are kept per unrated member and expire after two years (WO 4.1.1; the
  kernel drops them given the tournament end).
* Non-members are evaluated but nothing is stored for them (WO 3.4.3): they enter
  every tournament with their starting value or Elo.

State is kept compactly in flat lists indexed by player id.  A *full* run streams all
tournaments; an *incremental* run starts at the earliest change and re-evaluates only
tournaments with an affected player, the affected set growing with each re-evaluated
tournament's participants whose row came out different from the stored one.  That
yields exactly what a full run yields: a tournament's evaluation depends only on its
participants' states, and a participant who enters with the stored state and leaves
with the stored row leaves with the stored state.
"""

from __future__ import annotations

import json
import sqlite3
import time
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from operator import attrgetter

from dwz.basics.values import AgeGroup
from dwz.basics.wo import age_group_of
from dwz.core import kernel
from dwz.core.kernel import EvaluationOptions, KPlayer
from dwz.core.scale import NEW, scale_at
from dwz.history.store import RESULT_ATTRIBUTE, decode_rest, encode_rest, insert_sql, transaction, unpack
from dwz.rules import Edition, We, edition_for, get_edition, transition
from dwz.rules.common import next_index

__all__ = ["Federation", "ProgressFn", "RunReport", "run"]

ProgressFn = Callable[[int, int], None]
Row = tuple[object, ...]

_UMSTUFUNG = transition("old", "new")  # the store's pseudo-tournament 'umstufung' (store.UMSTUFUNG_END)
UMSTUFUNG_EDITION = edition_for(_UMSTUFUNG.at)  # the Umstufung rows carry the edition they convert to
_ADULT = AgeGroup.ADULT
AGE_MAX = 130  # birth years more than this long before the end count as adults, like unknown ones
_STATE_STATUSES = ("established", "foreign", "first", "umstufung")
FLUSH_ROWS = 50_000
PROGRESS_EVERY = 250


@dataclass(frozen=True)
class RunReport:
    mode: str  # "full", "incremental" or "none" (nothing to do)
    tournaments: int  # evaluated
    skipped: int  # walked past, unaffected (incremental)
    records: int  # evaluation rows written
    players: int  # players affected
    seconds: float
    start_end: str | None  # end date of the first tournament evaluated


# Rows of established players (nine in ten) are inserted without the columns that are
# NULL or default for them: binding None costs executemany more than anything else.
# Every row is built by column name: a column taken from the kernel's result is read from the
# attribute the store names for it (store.EVALUATION_TABLE), never by position.
_COLS_A = ("tournament", "player", "edition", "old_rating", "old_index", "coeff_index", "wh", "n", "we", "coefficient",
           "rc", "perf", "new_rating", "new_index")  # status 'established' (the default), published
_COLS_B = tuple(c for c in _COLS_A if c != "perf")  # fewer than five games: no Leistung
_COLS_U = ("tournament", "player", "edition", "status", "old_rating", "old_index", "new_rating", "new_index")
_FROM_RESULT = tuple(RESULT_ATTRIBUTE)  # the columns a result fills, each from its attribute
_COLS_FULL = ("tournament", "player", "edition", "rest", "published", *_FROM_RESULT)  # every column, by name
_SQL_A, _SQL_B, _SQL_U, _SQL_FULL = insert_sql(_COLS_A), insert_sql(_COLS_B), insert_sql(_COLS_U), insert_sql(_COLS_FULL)
_SELECT_FULL = f"SELECT {', '.join(_COLS_FULL)} FROM evaluations WHERE tournament = ?"  # rows as the runner builds them


_ROW_A, _ROW_B = attrgetter(*(RESULT_ATTRIBUTE[c] for c in _COLS_A[3:])), attrgetter(*(RESULT_ATTRIBUTE[c] for c in _COLS_B[3:]))
_ROW_FULL = attrgetter(*(RESULT_ATTRIBUTE[c] for c in _FROM_RESULT))


def full_row(**columns: object) -> Row:
    """A row of every column (``_COLS_FULL``) from values given by column name; the others NULL."""
    unknown = columns.keys() - set(_COLS_FULL)
    assert not unknown, unknown
    return tuple(columns.get(c) for c in _COLS_FULL)


class Sink:
    """Evaluation rows on their way into the store, written in chunks."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.a: list[Row] = []
        self.b: list[Row] = []
        self.u: list[Row] = []
        self.full: list[Row] = []

    def __len__(self) -> int:
        return len(self.a) + len(self.b) + len(self.u) + len(self.full)

    def flush(self) -> None:
        for sql, rows in ((_SQL_A, self.a), (_SQL_B, self.b), (_SQL_U, self.u), (_SQL_FULL, self.full)):
            if rows:
                self.conn.executemany(sql, rows)
                rows.clear()


class _Converter:
    """Umstufung values by old rating, computed once each by the rule function."""

    def __init__(self) -> None:
        self.cache: dict[int, int] = {}

    def __call__(self, old: int) -> int:
        new = self.cache.get(old)
        if new is None:
            new = self.cache[old] = _UMSTUFUNG.convert(old).new
        return new


class Federation:
    """Per-player data: static (birth year, member, Elo, starting value) and the
    current state (DWZ, index, Restpartien), as flat lists indexed by player id."""

    def __init__(self, conn: sqlite3.Connection, options: EvaluationOptions) -> None:
        self.conn = conn
        self.options = options
        top = conn.execute("SELECT coalesce(max(id), 0) FROM players").fetchone()[0] + 1
        # birth years as a compact array (0 = unknown): read for every participant, so it should
        # stay in the CPU cache instead of pointing at 240,000 scattered int objects
        self.birth = array("H", bytes(2 * top))
        self._ages: dict[int, list[AgeGroup]] = {}
        self.member: list[bool] = [False] * top
        self.elo: list[int] = [0] * top
        self.s_rating: list[int | None] = [None] * top
        self.s_index: list[int | None] = [None] * top
        self.s_new = bytearray(top)  # starting value already on the new scale
        dated_new: dict[str, bool] = {}  # per list date: whether its values are on the new scale (few distinct dates)
        for pid, by, mem, elo, sr, si, sd in conn.execute(
                "SELECT id, birth_year, member, elo, start_rating, start_index, start_date FROM players"):
            self.birth[pid] = by if by and 0 < by < 65535 else 0
            self.member[pid] = bool(mem)
            self.elo[pid] = elo or 0
            if sr:
                self.s_rating[pid] = sr
                self.s_index[pid] = si
                new = dated_new.get(sd)
                if new is None:
                    new = dated_new[sd] = scale_at(date.fromisoformat(sd)) == NEW
                self.s_new[pid] = new
        self.rating: list[int | None] = list(self.s_rating)
        self.index: list[int | None] = list(self.s_index)
        self.rest: dict[int, tuple[tuple[int, int, date], ...]] = {}
        self.evald = bytearray(top)  # state comes from an evaluation (not the starting value)
        self.convert = _Converter()
        self._stored: dict[int, tuple[list[int], list[tuple[int, str, int | None, int | None, bytes | None]]]] = {}
        self._seq_of: dict[int, int] | None = None

    def ages(self, end: date) -> list[AgeGroup]:
        """Age group by birth year for tournaments ending on ``end`` — the core's rule
        (:func:`dwz.basics.wo.age_group_of`, WO 3.2) looked up once per birth year and end
        year; unknown (0) or impossible birth years count as adults, as in the core."""
        table = self._ages.get(end.year)
        if table is None:
            table = [_ADULT] * 65536
            for by in range(max(1, end.year - AGE_MAX), end.year + 1):
                table[by] = age_group_of(by, end)[0]
            self._ages[end.year] = table
        return table

    # --- one tournament -----------------------------------------------------------------

    def evaluate(self, tid: int, end: date, ed: Edition[We], pids: Sequence[int], elos: Sequence[int],
                 flat: Sequence[int], sink: Sink | None, canon: list[Row] | None = None) -> int:
        """Run the kernel for one tournament, update the state, hand the rows to ``sink``; returns the row count.

        ``canon`` collects every row with all columns (``_COLS_FULL``, as ``_SELECT_FULL`` reads them; incremental runs compare)."""
        age_of = self.ages(end)
        rating, index, rest, birth, member, elo_l = self.rating, self.index, self.rest, self.birth, self.member, self.elo
        kps = [KPlayer(rating=rating[pid], dwz_index=index[pid], elo=elo or elo_l[pid] or None, age_group=age_of[birth[pid]],
                       member=member[pid], rest=rest.get(pid, ())) for pid, elo in zip(pids, elos, strict=True)]
        it = iter(flat)
        games = list(zip(it, it, it, strict=True))
        ev = kernel.run(ed, end, kps, games, self.options)
        edn = ed.NAME
        count = 0
        evald = self.evald
        if sink is not None:
            a, b, full = sink.a, sink.b, sink.full
        row_a, row_b, row_full = _ROW_A, _ROW_B, _ROW_FULL
        for pid, r in zip(pids, ev.results, strict=True):
            status = r.status
            mem = member[pid]
            if status == "established" and mem:  # the common case, first (an established player has no Restpartien)
                rating[pid] = r.new_rating
                index[pid] = r.new_index
                evald[pid] = 1
                count += 1
                if canon is not None:
                    canon.append((tid, pid, edn, None, 1, *row_full(r)))
                if sink is None:
                    continue
                if r.sonder is None and r.old_index is not None:
                    (b if r.perf is None else a).append((tid, pid, edn, *(row_b(r) if r.perf is None else row_a(r))))
                else:
                    full.append((tid, pid, edn, None, 1, *row_full(r)))
                continue
            if status == "no_games" and not (mem and pid in rest):
                continue  # nothing changes (an unrated member's expired Restpartien do: stored)
            blob = None
            if mem:
                if status == "foreign" or status == "first" or status == "established":
                    rating[pid] = r.new_rating
                    index[pid] = r.new_index
                    if rest:
                        rest.pop(pid, None)
                else:  # unrated / no_games: Restpartien kept + new (WO 3.4.2), expired ones dropped
                    out = r.rest_out
                    if out:
                        rest[pid] = out
                        blob = encode_rest(out)
                    else:
                        rest.pop(pid, None)
                evald[pid] = 1
            count += 1
            row = (tid, pid, edn, blob, int(mem), *row_full(r))
            if sink is not None:
                full.append(row)
            if canon is not None:
                canon.append(row)
        return count

    # --- the Umstufung (the registry's transition to the new scale) ----------------------

    def umstufung(self, tid: int, pids: Iterable[int], sink: Sink | None) -> int:
        """Convert every stored DWZ (index + 1) and the Restpartien's opponent ratings."""
        conv = self.convert
        rating, index, rest = self.rating, self.index, self.rest
        count = 0
        for pid in pids:
            r = rating[pid]
            rs = rest.get(pid)
            if r is None and not rs:
                continue
            if not self.evald[pid] and self.s_new[pid]:
                continue  # a starting value from a list dated after the switch: new scale already
            i = index[pid]
            new_r = None if r is None else conv(r)
            new_i = None if r is None else next_index(i)  # the Umstufung raises the index like an evaluation
            rating[pid] = new_r
            index[pid] = new_i
            if not self.member[pid]:
                continue  # converted for use, never stored (WO 3.4.3)
            blob = None
            if rs:
                rs = tuple((conv(o), h, d) for o, h, d in rs)
                rest[pid] = rs
                blob = encode_rest(rs)
            self.evald[pid] = 1
            count += 1
            if sink is not None:
                if blob is None and i is not None:
                    sink.u.append((tid, pid, UMSTUFUNG_EDITION, "umstufung", r, i, new_r, new_i))
                else:
                    sink.full.append(full_row(tournament=tid, player=pid, edition=UMSTUFUNG_EDITION, status="umstufung", stage=0,
                                             old_rating=r, old_index=i, new_rating=new_r, new_index=new_i, rest=blob, published=1))
        return count

    # --- state from the store (incremental runs, compare) ------------------------------------

    def load(self, pid: int, seq: int, useq: int) -> None:
        """The player's state just before position ``seq``, from the stored rows."""
        if not self.member[pid]:
            r, i = self.s_rating[pid], self.s_index[pid]
            if seq > useq and r is not None and not self.s_new[pid]:
                r, i = self.convert(r), next_index(i)
            self.rating[pid], self.index[pid] = r, i
            return
        # His stored rows are read once: an incremental run rewrites a player's rows either
        # identically (then they stay valid) or makes him affected (then he is never read again).
        hist = self._stored.get(pid)
        if hist is None:
            if self._seq_of is None:  # tournament id → position, once (cheaper than a join per player)
                self._seq_of = dict(self.conn.execute("SELECT id, seq FROM tournaments").fetchall())
            seq_of = self._seq_of
            rows = sorted((seq_of[t], st, nr, ni, blob) for t, st, nr, ni, blob in self.conn.execute(
                "SELECT tournament, status, new_rating, new_index, rest FROM evaluations WHERE player = ?", (pid,)))
            hist = self._stored[pid] = ([r[0] for r in rows], rows)
        k = bisect_left(hist[0], seq)
        self.rest.pop(pid, None)
        if k == 0:
            self.rating[pid], self.index[pid], self.evald[pid] = self.s_rating[pid], self.s_index[pid], 0
            return
        self._apply(pid, *hist[1][k - 1][1:])

    def _apply(self, pid: int, status: str, new_rating: int | None, new_index: int | None, blob: bytes | None) -> None:
        if status in _STATE_STATUSES:
            self.rating[pid], self.index[pid] = new_rating, new_index
        else:
            self.rating[pid], self.index[pid] = None, None
        rs = decode_rest(blob)
        if rs:
            self.rest[pid] = rs
        else:
            self.rest.pop(pid, None)
        self.evald[pid] = 1

    def load_all_before(self, seq: int, useq: int) -> None:
        """Every member's state just before ``seq`` in one pass over the stored rows."""
        self.rating = list(self.s_rating)
        self.index = list(self.s_index)
        self.rest = {}
        self.evald = bytearray(len(self.rating))
        if seq > useq:  # non-members: the starting value, converted at the Umstufung
            for pid, r in enumerate(self.rating):
                if r is not None and not self.member[pid] and not self.s_new[pid]:
                    self.rating[pid] = self.convert(r)
                    i = self.index[pid]
                    self.index[pid] = next_index(i)
        member = self.member
        for pid, status, nr, ni, blob in self.conn.execute(
                "SELECT e.player, e.status, e.new_rating, e.new_index, e.rest FROM tournaments t "
                "JOIN evaluations e ON e.tournament = t.id WHERE t.seq < ? ORDER BY t.seq", (seq,)):
            if member[pid]:
                self._apply(pid, status, nr, ni, blob)


# --- the run ------------------------------------------------------------------------------------


def _options_key(opts: EvaluationOptions) -> str:
    return json.dumps(opts.to_dict(), sort_keys=True)


def assign_order(conn: sqlite3.Connection) -> int:
    """Number all tournaments in the order of evaluation; returns the Umstufung's position."""
    ids = [r[0] for r in conn.execute("SELECT id FROM tournaments ORDER BY end, kind, sort_key, id")]
    conn.executemany("UPDATE tournaments SET seq = ? WHERE id = ? AND seq IS NOT ?", ((i, tid, i) for i, tid in enumerate(ids)))
    return int(conn.execute("SELECT seq FROM tournaments WHERE kind = 'umstufung'").fetchone()[0])


_EDITIONS: dict[str | None, Edition[We]] = {}


def edition(rules: str | None, end: date) -> Edition[We]:
    key = rules or edition_for(end)
    ed = _EDITIONS.get(key)
    if ed is None:
        ed = _EDITIONS[key] = get_edition(key)
    return ed


_DATE_CACHE: dict[str, date] = {}


def _date(s: str) -> date:
    d = _DATE_CACHE.get(s)
    if d is None:
        d = _DATE_CACHE[s] = date.fromisoformat(s)
    return d


def run(conn: sqlite3.Connection, *, full: bool = False, options: EvaluationOptions | None = None,
        progress: ProgressFn | None = None) -> RunReport:
    """Evaluate what is new or changed (or everything with ``full``), in one transaction."""
    opts = options or EvaluationOptions()
    t0 = time.perf_counter()
    with transaction(conn):
        useq = assign_order(conn)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        ever = conn.execute("SELECT 1 FROM tournaments WHERE evaluated = 1 LIMIT 1").fetchone() is not None
        if full or not ever or meta.get("options") != _options_key(opts):
            report = _full(conn, opts, useq, progress)
        else:
            report = _incremental(conn, opts, useq, progress)
        conn.execute("UPDATE tournaments SET evaluated = 1 WHERE evaluated = 0")
        conn.execute("DELETE FROM dirty_players")
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('options', ?)", (_options_key(opts),))
    return replace(report, seconds=time.perf_counter() - t0)


def _full(conn: sqlite3.Connection, opts: EvaluationOptions, useq: int, progress: ProgressFn | None) -> RunReport:
    conn.execute("DELETE FROM evaluations")
    conn.execute("DELETE FROM restpartien")
    # the player index is rebuilt once at the end: cheaper than maintaining it row by row
    conn.execute("DROP INDEX IF EXISTS evaluations_player")
    fed = Federation(conn, opts)
    total = int(conn.execute("SELECT count(*) FROM tournaments").fetchone()[0])
    sink = Sink(conn)
    records = evaluated = 0
    start_end = None
    cursor = conn.execute("SELECT id, kind, end, rules, rated, packed FROM tournaments ORDER BY seq")
    for done, (tid, kind, end_s, rules, rated, packed) in enumerate(cursor, 1):
        if kind == "umstufung":
            records += fed.umstufung(tid, range(len(fed.rating)), sink)
        elif rated and packed:
            evaluated += 1
            start_end = start_end or end_s
            end = _date(end_s)
            pids, elos, flat = unpack(packed)
            records += fed.evaluate(tid, end, edition(rules, end), pids, elos, flat, sink)
        if len(sink) >= FLUSH_ROWS:
            sink.flush()
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(done, total)
    sink.flush()
    conn.execute("CREATE INDEX evaluations_player ON evaluations(player, tournament)")
    members = [pid for pid, m in enumerate(fed.member) if m]
    conn.executemany("UPDATE players SET cur_rating = ?, cur_index = ? WHERE id = ?",
                     ((fed.rating[p], fed.index[p], p) for p in members))
    _store_rest(conn, fed, fed.rest)
    if progress is not None:
        progress(total, total)
    return RunReport(mode="full", tournaments=evaluated, skipped=0, records=records, players=len(members), seconds=0.0,
                     start_end=start_end)


def _store_rest(conn: sqlite3.Connection, fed: Federation, pids: Iterable[int]) -> None:
    conn.executemany("INSERT INTO restpartien (player, opponent, halves, played) VALUES (?,?,?,?)",
                     ((p, o, h, d.isoformat()) for p in sorted(pids) if fed.member[p] for o, h, d in fed.rest.get(p, ())))


def _incremental(conn: sqlite3.Connection, opts: EvaluationOptions, useq: int, progress: ProgressFn | None) -> RunReport:
    starts = [conn.execute("SELECT min(seq) FROM tournaments WHERE evaluated = 0").fetchone()[0]]
    dirty = [r[0] for r in conn.execute("SELECT player FROM dirty_players ORDER BY player")]
    if dirty:
        first = conn.execute("SELECT min(t.seq) FROM dirty_players d JOIN participants p ON p.player = d.player "
                             "JOIN tournaments t ON t.id = p.tournament").fetchone()[0]
        # a changed starting value also changes the player's Umstufung row
        starts += [first, useq]
    begin = min((s for s in starts if s is not None), default=None)
    if begin is None:
        return RunReport(mode="none", tournaments=0, skipped=0, records=0, players=0, seconds=0.0, start_end=None)
    fed = Federation(conn, opts)
    affected: set[int] = set()
    loaded = bytearray(len(fed.rating))
    for pid in dirty:  # before their first tournament: the (changed) starting value
        fed.rating[pid], fed.index[pid] = fed.s_rating[pid], fed.s_index[pid]
        fed.rest.pop(pid, None)
        fed.evald[pid] = 0
        loaded[pid] = 1
        affected.add(pid)

    def load(pids: Iterable[int], seq: int) -> None:
        """Each player's stored state just before ``seq``, unless he carries a state of this run."""
        for pid in pids:
            if not loaded[pid]:
                fed.load(pid, seq, useq)
                loaded[pid] = 1

    total = int(conn.execute("SELECT count(*) FROM tournaments WHERE seq >= ?", (begin,)).fetchone()[0])
    sink = Sink(conn)
    records = done = evaluated = skipped = 0
    start_end = None
    for tid, kind, end_s, rules, rated, packed, was_done, seq in conn.execute(
            "SELECT id, kind, end, rules, rated, packed, evaluated, seq FROM tournaments WHERE seq >= ? ORDER BY seq", (begin,)):
        done += 1
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(done, total)
        if kind == "umstufung":
            everyone = sorted(affected)
            load(everyone, seq)
            conn.executemany("DELETE FROM evaluations WHERE tournament = ? AND player = ?", ((tid, p) for p in everyone))
            records += fed.umstufung(tid, everyone, sink)
            evaluated += 1
        elif packed and rated:
            pids, elos, flat = unpack(packed)
            if was_done and affected.isdisjoint(pids):
                skipped += 1
                continue
            load(pids, seq)
            old = {row[1]: row for row in conn.execute(_SELECT_FULL, (tid,))}
            conn.execute("DELETE FROM evaluations WHERE tournament = ?", (tid,))
            start_end = start_end or end_s
            end = _date(end_s)
            canon: list[Row] = []
            records += fed.evaluate(tid, end, edition(rules, end), pids, elos, flat, sink, canon)
            new = {row[1]: row for row in canon}
            for pid in pids:
                if pid in affected:
                    continue
                if old.get(pid) != new.get(pid):
                    affected.add(pid)  # his state from here on differs from the stored one
                else:
                    # came in with the stored state and leaves with the stored row: his later
                    # tournaments stay valid; read him from the store again when needed
                    loaded[pid] = 0
            evaluated += 1
        if len(sink) >= FLUSH_ROWS:
            sink.flush()
    sink.flush()
    members = sorted(p for p in affected if fed.member[p])
    conn.executemany("UPDATE players SET cur_rating = ?, cur_index = ? WHERE id = ?",
                     ((fed.rating[p], fed.index[p], p) for p in members))
    conn.executemany("DELETE FROM restpartien WHERE player = ?", ((p,) for p in members))
    _store_rest(conn, fed, members)
    if progress is not None:
        progress(total, total)
    return RunReport(mode="incremental", tournaments=evaluated, skipped=skipped, records=records, players=len(affected),
                     seconds=0.0, start_end=start_end)
