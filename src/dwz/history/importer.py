"""Bringing tournaments and rating lists into the store.

Players are identified (in this order) by DSB id, ZPS + member number, FIDE id,
then name + birth year (case- and umlaut-insensitive; a name alone when it is
unique and a birth year is missing on one side).  A weaker key never overrides a
stronger one that both sides carry and that differs.  A ZPS + member number is a
club's own number, reassigned and mistyped: a match by it whose name disagrees
(no name contains the other's words) is not attached but reported as a conflict
(:attr:`FileReport.conflicts`), and the player is kept as a person of his own.

A player's *starting value* (DWZ, index) is the earliest one known: from a
rating list, or — for players no list knows — the R0 a tournament file gives at
its earliest tournament.  Everything after it is computed by the history run.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path, PurePath
from typing import Any

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems
from dwz.basics.model import Tournament, empty_problems
from dwz.formats._common import name_key, open_file, read_file  # name_key: one name comparison for readers, lists, history
from dwz.history.store import pack, sort_key, transaction

__all__ = ["Conflict", "FileReport", "Identity", "ImportReport", "add_rating_list", "add_tournament", "import_files", "name_key",
           "same_person_name"]

@dataclass(frozen=True, slots=True)
class Identity:
    name: str
    birth_year: int | None = None
    dsb_id: str | None = None
    zps: str | None = None
    member_no: str | None = None
    fide_id: str | None = None
    sex: str | None = None


@dataclass(frozen=True, slots=True)
class Conflict:
    """A stored player matched by ``key`` whose name disagrees with the file's."""

    name: str  # as in the file
    key: str  # "zps+member_no"
    value: str  # the key's value, "C0512-7"
    player: int  # the stored player's id
    stored_name: str

    def problem(self) -> Problem:
        return Problem("history", "history_identity_conflict", self.name,
                       {"key": self.value, "other": self.stored_name, "pid": self.player})


@dataclass
class FileReport:
    """What one file brought: ``kind`` is tournament, list or duplicate."""

    source: str
    kind: str
    name: str = ""
    end: str | None = None
    players_new: int = 0
    matched: dict[str, int] = field(default_factory=dict)  # key → count
    updated: int = 0  # players whose starting value or attributes changed
    tournament_id: int | None = None
    conflicts: list[Conflict] = field(default_factory=list)  # matches refused: the name disagrees
    warnings: list[Problem] = field(default_factory=list)  # what the store kept although the file said otherwise

    @property
    def players_matched(self) -> int:
        return sum(self.matched.values())


@dataclass
class ImportReport:
    """The files given (``given``), what each brought, and the tournaments in the store after it (``total``)."""

    files: list[FileReport] = field(default_factory=list)
    given: int = 0
    total: int = 0

    def count(self, kind: str) -> int:
        return sum(1 for f in self.files if f.kind == kind)


_ID_COLS = "id, birth_year, dsb_id, fide_id"


def same_person_name(a: str, b: str) -> bool:
    """Two spellings of one person's name: the words of one contain the other's (order,
    case, umlauts and a title part aside), so "Müller, Anna" = "Anna Mueller" =
    "Müller-Schmidt, Anna Maria"; "Müller, Anna" ≠ "Schmidt, Peter".

    >>> same_person_name("Müller, Anna", "Anna Mueller"), same_person_name("Müller, Anna", "Schmidt, Peter")
    (True, False)
    """
    wa, wb = set(name_key(a).split()), set(name_key(b).split())
    return bool(wa and wb) and (wa <= wb or wb <= wa)


class _Matcher:
    """Player identification against the store (see the module docstring)."""

    def __init__(self, conn: sqlite3.Connection, source: str = "") -> None:
        self.conn = conn
        self.source = source  # the file being imported, for the warnings
        self.conflicts: list[Conflict] = []
        self.warnings = Problems(cap=MAX_NOTES)

    def _ok(self, row: tuple[Any, ...], who: Identity, key: str) -> bool:
        _, by, dsb, fide = row
        if key != "dsb_id" and who.dsb_id and dsb and who.dsb_id != dsb:
            return False
        if key not in ("dsb_id", "fide_id") and who.fide_id and fide and who.fide_id != fide:
            return False
        return not (who.birth_year and by and who.birth_year != by)

    def find(self, who: Identity) -> tuple[int | None, str | None]:
        q = self.conn.execute
        if who.dsb_id:
            row = q(f"SELECT {_ID_COLS} FROM players WHERE dsb_id = ? ORDER BY id LIMIT 1", (who.dsb_id,)).fetchone()
            if row:
                return int(row[0]), "dsb_id"
        if who.zps and who.member_no:
            for row in q(f"SELECT {_ID_COLS}, name FROM players WHERE zps = ? AND member_no = ? ORDER BY id",
                         (who.zps, who.member_no)):
                if not self._ok(row[:4], who, "zps+member_no"):
                    continue
                if not same_person_name(who.name, row[4]):  # a reassigned or mistyped member number
                    self.conflicts.append(Conflict(name=who.name, key="zps+member_no", value=f"{who.zps}-{who.member_no}", player=int(row[0]),
                                                   stored_name=row[4]))
                    continue
                return int(row[0]), "zps+member_no"
        if who.fide_id:
            for row in q(f"SELECT {_ID_COLS} FROM players WHERE fide_id = ? ORDER BY id", (who.fide_id,)):
                if self._ok(row, who, "fide_id"):
                    return int(row[0]), "fide_id"
        key = name_key(who.name)
        if not key:
            return None, None
        rows = [r for r in q(f"SELECT {_ID_COLS} FROM players WHERE name_key = ? ORDER BY id", (key,)) if self._ok(r, who, "name")]
        if who.birth_year:
            same = [r for r in rows if r[1] == who.birth_year]
            if len(same) == 1:
                return int(same[0][0]), "name+birth_year"
            if same:
                return None, None  # two known players with that name and year: do not guess
            rows = [r for r in rows if r[1] is None]
        if len(rows) == 1:
            return int(rows[0][0]), "name"
        return None, None

    def create(self, who: Identity, member: bool) -> int:
        cur = self.conn.execute(
            "INSERT INTO players (name, name_key, birth_year, sex, dsb_id, zps, member_no, fide_id, member) VALUES (?,?,?,?,?,?,?,?,?)",
            (who.name, name_key(who.name), who.birth_year, who.sex, who.dsb_id, who.zps, who.member_no, who.fide_id, int(member)))
        return int(cur.lastrowid or 0)

    def matched(self, pid: int, key: str | None, who: Identity, rep: FileReport) -> bool:
        """A file's player found in the store: counted by the key that found him, his missing
        attributes completed (:meth:`complete`; True if his birth year changed)."""
        rep.matched[key or "?"] = rep.matched.get(key or "?", 0) + 1
        return self.complete(pid, who)

    def complete(self, pid: int, who: Identity) -> bool:
        """Fill attributes the store lacks (never overwrite); True if the birth year changed
        (it decides the age group, so evaluations must be redone)."""
        row = self.conn.execute("SELECT birth_year, sex, dsb_id, zps, member_no, fide_id FROM players WHERE id = ?", (pid,)).fetchone()
        by, sex, dsb, zps, mno, fide = row
        if by and who.birth_year and by != who.birth_year:  # matched by DSB id: the first import's year stays, said so
            self.warnings.append(Problem("history", "history_birth_year_conflict", who.name, {
                "new": who.birth_year, "file": Path(self.source).name, "kept": by, "other": self._first_file(pid)}))
        new = (by or who.birth_year, sex or who.sex, dsb or who.dsb_id, zps if zps else who.zps,
               mno if zps else who.member_no, fide or who.fide_id)
        if new != tuple(row):
            self.conn.execute("UPDATE players SET birth_year=?, sex=?, dsb_id=?, zps=?, member_no=?, fide_id=? WHERE id=?", (*new, pid))
        return bool(by is None and who.birth_year)

    def _first_file(self, pid: int) -> str:
        """The first imported file that holds the player (where his stored birth year came from)."""
        row = self.conn.execute("SELECT t.source FROM participants pa JOIN tournaments t ON t.id = pa.tournament "
                                "WHERE pa.player = ? AND t.source IS NOT NULL ORDER BY t.id LIMIT 1", (pid,)).fetchone()
        return Path(row[0]).name if row else "–"

    def set_start(self, pid: int, rating: int | None, index: int | None, when: str, source: str) -> bool:
        """The earliest known value is the starting value; on the same day a list beats a file."""
        if not rating:
            return False
        row = self.conn.execute("SELECT start_rating, start_index, start_date, start_source FROM players WHERE id = ?", (pid,)).fetchone()
        old_r, old_i, old_d, old_s = row
        better = old_r is None or when < old_d or (when == old_d and source == "list" and old_s == "file")
        if not better or (old_r, old_i, old_d, old_s) == (rating, index, when, source):
            return False
        self.conn.execute("UPDATE players SET start_rating=?, start_index=?, start_date=?, start_source=? WHERE id=?",
                          (rating, index, when, source, pid))
        return True


def _dirty(conn: sqlite3.Connection, pids: Iterable[int]) -> None:
    conn.executemany("INSERT OR IGNORE INTO dirty_players (player) VALUES (?)", ((p,) for p in pids))


def _halves(rw: Any, rb: Any) -> int | None:
    """Halves of white for a played, rated game; None otherwise (forfeits, byes, short games)."""
    if rb is None or not rw.rated or not rb.rated:
        return None
    return int(rw.halves)


def add_tournament(conn: sqlite3.Connection, t: Tournament, *, rules: str | None = None,
                   source: str | None = None) -> FileReport:
    """Store one tournament (inside the caller's transaction); it is evaluated by the next run."""
    if t.end is None:  # `dwz history add` has no --end: the file must say it
        raise InputError.single(source or t.source or t.name, "history_end_missing", source or t.source or t.name)
    empty = empty_problems(t)
    if empty:
        raise InputError(empty)
    end = t.end.isoformat()
    rep = FileReport(source=source or t.source or t.name, kind="tournament", name=t.name, end=end)
    dup = conn.execute("SELECT id FROM tournaments WHERE kind = 'tournament' AND name = ? AND end = ? AND coalesce(code, '') = ? "
                       "AND (SELECT count(*) FROM participants p WHERE p.tournament = tournaments.id) = ?",
                       (t.name, end, t.code or "", len(t.players))).fetchone()
    if dup:
        rep.kind = "duplicate"
        rep.tournament_id = int(dup[0])
        return rep
    if rules is not None:
        from dwz.rules import get_edition

        rules = get_edition(rules).NAME
    cur = conn.execute(
        "INSERT INTO tournaments (kind, name, code, start, end, sort_key, rules, rated, rounds, source, evaluated) "
        "VALUES ('tournament', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
        (t.name, t.code, t.start.isoformat() if t.start else None, end, sort_key(t.code, t.name), rules, int(t.rated),
         t.rounds, source or t.source))
    tid = int(cur.lastrowid or 0)
    rep.tournament_id = tid
    m = _Matcher(conn, source or t.source or "")
    pid_of: dict[int, int] = {}
    used: set[int] = set()
    changed: list[int] = []
    for p in sorted(t.players, key=lambda p: p.no):
        who = Identity(name=p.name, birth_year=p.birth_year, dsb_id=p.dsb_id, zps=p.zps, member_no=p.member_no, fide_id=p.fide_id,
                       sex=p.sex)
        pid, key = (None, None) if p.computer else m.find(who)
        if pid is not None and pid in used:
            pid = None  # the same identity twice in one tournament: two people, not one
        if pid is None:
            pid = m.create(who, p.member)
            rep.players_new += 1
        elif m.matched(pid, key, who, rep):
            changed.append(pid)
        if not p.computer and m.set_start(pid, p.rating, p.index, end, "file"):
            changed.append(pid)
        used.add(pid)
        pid_of[p.no] = pid
    rep.conflicts = list(m.conflicts)
    rep.warnings = m.warnings.complete()
    conn.executemany("INSERT INTO participants (tournament, no, player, rating, rating_index, elo, computer) VALUES (?,?,?,?,?,?,?)",
                     [(tid, p.no, pid_of[p.no], p.rating, p.index, p.elo, int(p.computer)) for p in t.players])
    conn.executemany("INSERT INTO games (tournament, round, white, black, result_white, result_black) VALUES (?,?,?,?,?,?)",
                     [(tid, g.round, g.white, g.black, g.result_white.code, g.result_black.code if g.result_black else None)
                      for g in t.pairings])
    # kernel input: non-computers ordered by number; games as the evaluation sees them
    # (played and rated, not against a computer — WO 4.1.4, spec §2)
    kplayers = [p for p in sorted(t.players, key=lambda p: p.no) if not p.computer]
    pos = {p.no: i for i, p in enumerate(kplayers)}
    games = []
    if t.rated:
        for g in t.pairings:
            if g.black is None or g.white not in pos or g.black not in pos:
                continue
            h = _halves(g.result_white, g.result_black)
            if h is not None:
                games.append((pos[g.white], pos[g.black], h))
    conn.execute("UPDATE tournaments SET packed = ? WHERE id = ?",
                 (pack([pid_of[p.no] for p in kplayers], [p.elo or 0 for p in kplayers], games), tid))
    rep.updated = len(set(changed))
    _dirty(conn, changed)
    return rep


def add_rating_list(conn: sqlite3.Connection, entries: Sequence[Any], list_date: date, source: str) -> FileReport:
    """DSB list: starting DWZ, index, birth year, ids (new players are created).
    FIDE list: Elo and birth year of players already known (none are created)."""
    rep = FileReport(source=source, kind="list", name=Path(source).name, end=list_date.isoformat())
    m = _Matcher(conn, source)
    when = list_date.isoformat()
    changed: list[int] = []
    for e in entries:
        if hasattr(e, "dwz"):  # DsbEntry
            who = Identity(name=e.name, birth_year=e.birth_year, dsb_id=e.id, zps=e.zps, member_no=e.member_no, fide_id=e.fide_id,
                           sex=e.sex)
            pid, key = m.find(who)
            if pid is None:
                pid = m.create(who, True)
                rep.players_new += 1
                changed.append(pid)  # a list player without tournaments still takes part in the Umstufung
            else:
                if m.matched(pid, key, who, rep):
                    changed.append(pid)
                if conn.execute("UPDATE players SET member = 1 WHERE id = ? AND member = 0", (pid,)).rowcount:
                    changed.append(pid)
            if m.set_start(pid, e.dwz, e.index, when, "list"):
                changed.append(pid)
            elo = e.elo
        else:  # FideEntry
            who = Identity(name=e.name, birth_year=e.birth_year, fide_id=e.fide_id, sex=e.sex)
            pid, key = m.find(who)
            if pid is None:
                continue
            rep.matched[key or "?"] = rep.matched.get(key or "?", 0) + 1
            if m.complete(pid, who):
                changed.append(pid)
            elo = e.rating
        if elo and conn.execute("UPDATE players SET elo = ? WHERE id = ? AND elo IS NOT ?", (elo, pid, elo)).rowcount:
            changed.append(pid)
    rep.updated = len(set(changed))
    rep.conflicts = list(m.conflicts)
    rep.warnings = m.warnings.complete()
    _dirty(conn, changed)
    return rep


def _is_rating_list(path: Path, head: bytes) -> bool:
    # Only what looks like a list is one: a file that is neither (random bytes named .trf)
    # goes to the tournament readers, whose message says the format is not recognised.
    from dwz.formats import detect_format
    from dwz.formats.dsb_list import looks_like_list

    if path.suffix.lower() in (".zip", ".xml"):
        return True
    return detect_format(head) is None and looks_like_list(head)


def import_files(conn: sqlite3.Connection, paths: Sequence[Path], *, rules: str | None = None, list_date: date | None = None,
                 fmt: str | None = None) -> ImportReport:
    """Import tournament files (every reader of :mod:`dwz.formats`) and rating lists,
    all in one transaction: if any file fails, nothing is stored (and the error says so, with
    the count of the files given, checked and not reached)."""
    report = ImportReport(given=len(paths))
    with transaction(conn):
        for i, path in enumerate(paths):
            try:
                report.files.append(_import_one(conn, path, rules, list_date, fmt))
            except InputError as e:
                if len(paths) == 1:
                    raise
                # all or nothing: of several files, the count says so (refused + not reached + checked = given)
                raise InputError([*e.problems, Problem("", "history_nothing_stored", PurePath(path),
                                                       {"given": len(paths), "checked": i, "unchecked": len(paths) - i - 1})]) from None
        report.total = conn.execute("SELECT count(*) FROM tournaments WHERE kind = 'tournament'").fetchone()[0]
    return report


def _dated(entries: Sequence[Any], path: Path, given: date | None) -> date:
    """The date a list's values are stored under — it decides their scale (the Umstufung 2026 is
    applied to values dated before it).  Dated as the tournament path dates it
    (:func:`dwz.formats.lists.date_list`): a month in the name or the content give only the earliest
    date, the nu portal's format proves the new scale; a given date the list rules out, or dates that
    straddle the Umstufung, are refused with the fix (``--list-date``) — never converted twice."""
    from dwz.formats.lists import date_list
    from dwz.rules import transition

    d = date_list(entries, path.name, given)
    switch = transition("old", "new").at
    if d.conflict is not None:
        earliest, _ = d.conflict
        raise InputError.single("", "history_list_date_conflict", PurePath(path), given=str(given), earliest=earliest.isoformat())
    if d.date is None:
        raise InputError.single("", "history_list_date_missing", PurePath(path))
    if d.scale is None and d.date < switch and any(getattr(e, "dwz", None) for e in entries):
        raise InputError.single("", "history_list_scale_unknown", PurePath(path), earliest=d.date.isoformat(), switch=switch.isoformat())
    return d.date if d.scale != "new" or d.date >= switch else switch


def _import_one(conn: sqlite3.Connection, path: Path, rules: str | None, list_date: date | None, fmt: str | None) -> FileReport:
    from dwz.formats import read_rating_list, read_tournament, short_labels
    from dwz.formats.own import own_output

    try:
        os.lstat(path)
    except FileNotFoundError:  # other errors (a name too long) are open_file's to say
        raise InputError([Problem("", "file_missing", PurePath(path))]) from None
    with open_file(path, str(path)) as f:  # a regular file only (a FIFO would wait for ever, /proc/self/mem fail)
        head = read_file(f, path, str(path), 65536, head=True)
    own = own_output(head) if fmt is None else None
    if own is not None:  # dwz's own result table or page: said so (read_tournament would too; a list check must not come first)
        raise InputError([Problem(str(path), own, str(path))])
    if fmt is None and _is_rating_list(path, head):
        entries = read_rating_list(path)  # first: a file that is no list says so, not "give --list-date"
        return add_rating_list(conn, entries, _dated(entries, path, list_date), str(path))
    try:
        t = read_tournament(path, format=fmt)
    except InputError as e:
        if fmt is None and all(p.code == "format_unknown" for p in e.problems):
            # /bin/ls, a photo: not "line 1 is not TRF" but what it is not
            raise InputError.single("", "history_not_data_file", PurePath(path), formats=short_labels(history=True)) from None
        raise
    return add_tournament(conn, t, rules=rules, source=path.name)
