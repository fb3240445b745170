"""Complete a tournament from the rating lists: DWZ, index, birth year, Elo, ids.

One entry point, :func:`enrich`.  Players are looked up (formats.md §7.2)

1. in the DSB list by DSB id (PKZ / nu-ID), then ZPS + member number, then FIDE
   id, then name (case- and umlaut-insensitive: Ä = Ae, ß = ss; "Nachname,
   Vorname[,Titel]" = "Nachname, Vorname") together with the birth year when
   both sides know it;
2. in the FIDE list by FIDE id (also one just found in the DSB list), then name
   + birth year.

Values the tournament file already has are never overwritten silently: a
different list value is a *conflict* in the :class:`MatchReport` and the file's
value stays (``overwrite=True`` takes the list's value, still reported).  The
DSB list is the source for DWZ, index, DSB id and club; the FIDE list for Elo,
K, title and federation; birth year and sex come from whichever has them.

The lists may be any iterables of entries — :func:`dwz.formats.fide_list.iter_fide_list`
streams the million-line FIDE file; only entries that can match are kept.

>>> from dwz.basics.model import Player, Tournament
>>> from dwz.formats.dsb_list import DsbEntry
>>> t = Tournament("T", None, (Player(1, "Böhmler, Thomas", birth_year=1970), Player(2, "Nobody, N")), ())
>>> dsb = [DsbEntry("123", "C0512", "7", "A", "Boehmler,Thomas", "m", 1970, 1830, 41, None, None, None, None)]
>>> t2, report = enrich(t, dsb=dsb)
>>> t2.player(1).rating, t2.player(1).index, t2.player(1).dsb_id
(1830, 41, '123')
>>> [(m.player, m.list, m.key) for m in report.matched], report.unmatched
([(1, 'dsb', 'name+birth_year')], ((2, 'dsb'),))
"""

from __future__ import annotations

import calendar
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from dwz.basics.errors import Problem
from dwz.basics.model import Player, Tournament
from dwz.formats._common import digits, name_key
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.fide_list import FideEntry

__all__ = ["Ambiguous", "Candidate", "Conflict", "Filled", "ListDate", "Match", "MatchReport", "closest_entries", "date_list",
           "dates_in_name", "enrich", "list_date", "nu_format"]


@dataclass(frozen=True, slots=True)
class Match:
    player: int  # Player.no
    list: str  # "dsb" or "fide"
    key: str  # "dsb_id", "zps+member_no", "fide_id", "name+birth_year", "name"
    entry: str | None  # where the entry was read ("file:line")


@dataclass(frozen=True, slots=True)
class Ambiguous:
    player: int
    list: str
    key: str
    candidates: tuple[str, ...]  # sources of the candidate entries


@dataclass(frozen=True, slots=True)
class Filled:
    player: int
    field: str
    value: Any
    list: str


@dataclass(frozen=True, slots=True)
class Conflict:
    """The file has ``file_value``, the list ``list_value``; ``kept`` is in the result."""

    player: int
    field: str
    file_value: Any
    list_value: Any
    list: str
    kept: Any


@dataclass(frozen=True, slots=True)
class MatchReport:
    matched: tuple[Match, ...] = ()
    unmatched: tuple[tuple[int, str], ...] = ()  # (player, list)
    ambiguous: tuple[Ambiguous, ...] = ()
    filled: tuple[Filled, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    nonmembers: tuple[int, ...] = ()  # players flagged member=False
    old_scale: tuple[int, ...] = ()  # players whose DWZ came from a list of before the Umstufung 2026 (flagged scale="old")

    def problems(self, names: dict[int, str] | None = None) -> list[Problem]:
        """The report as messages: a summary, then every unmatched, ambiguous and
        conflicting player (nothing is left out silently)."""
        names = names or {}

        def who(no: int) -> str:
            return f"{no} {names[no]}" if no in names else str(no)

        out = [Problem("list", "list_summary", len(self.matched), {"unmatched": len(self.unmatched),
                                                                 "ambiguous": len(self.ambiguous), "filled": len(self.filled)})]
        out += [Problem("list", "list_unmatched", who(p), {"list": lst}) for p, lst in self.unmatched]
        out += [Problem("list", "list_ambiguous", who(a.player), {"list": a.list, "key": a.key, "count": len(a.candidates)})
                for a in self.ambiguous]
        out += [Problem("list", "list_conflict", who(c.player), {"field": c.field, "file": c.file_value, "other": c.list_value,
                                                                 "kept": c.kept}) for c in self.conflicts]
        out += [Problem("list", "list_nonmember", who(no)) for no in self.nonmembers]
        if self.old_scale:
            shown = [who(no) for no in self.old_scale]
            out.append(Problem("list", "list_old_scale_converted", len(shown),
                               {"players": ", ".join(shown[:10]) + (" …" if len(shown) > 10 else "")}))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "matched": [{"player": m.player, "list": m.list, "key": m.key, "entry": m.entry} for m in self.matched],
            "unmatched": [{"player": p, "list": lst} for p, lst in self.unmatched],
            "ambiguous": [{"player": a.player, "list": a.list, "key": a.key, "candidates": list(a.candidates)}
                          for a in self.ambiguous],
            "filled": [{"player": f.player, "field": f.field, "value": f.value, "list": f.list} for f in self.filled],
            "conflicts": [{"player": c.player, "field": c.field, "file": c.file_value, "list": c.list_value,
                           "source": c.list, "kept": c.kept} for c in self.conflicts],
            "nonmembers": list(self.nonmembers),
            "old_scale": list(self.old_scale),
        }


def _member_no(v: str | None) -> str | None:
    if v is None:
        return None
    s = v.strip()
    n = digits(s)
    return str(n) if n is not None else s.upper() or None


def _person(e: DsbEntry) -> str:
    # One person may have several memberships (lines); gen-1 lists have no id.
    return e.id or f"{name_key(e.name)}|{e.birth_year}"


class _Index:
    def __init__(self) -> None:
        self.by_id: dict[str, list[Any]] = {}
        self.by_club: dict[tuple[str, str], list[Any]] = {}
        self.by_fide: dict[str, list[Any]] = {}
        self.by_name: dict[str, list[Any]] = {}


def _wanted(players: Iterable[Player]) -> tuple[set[str], set[tuple[str, str]], set[str], set[str]]:
    ids, clubs, fides, names = set(), set(), set(), set()
    for p in players:
        if p.dsb_id:
            ids.add(p.dsb_id.strip().upper())
        if p.zps and p.member_no:
            clubs.add((p.zps.strip().upper(), _member_no(p.member_no) or ""))
        if p.fide_id:
            fides.add(p.fide_id.strip())
        names.add(name_key(p.name))
    return ids, clubs, fides, names


def _index_dsb(entries: Iterable[DsbEntry | FideEntry], players: tuple[Player, ...], stray: list[FideEntry]) -> _Index:
    ids, clubs, fides, names = _wanted(players)
    ix = _Index()
    for e in entries:
        if isinstance(e, FideEntry):  # a FIDE list handed in as the DSB list: use it as such
            stray.append(e)
            continue
        nk = name_key(e.name)
        club = ((e.zps or "").upper(), _member_no(e.member_no) or "")
        eid = (e.id or "").upper()
        if eid in ids or club in clubs or (e.fide_id and e.fide_id in fides) or nk in names:
            if e.id:
                ix.by_id.setdefault(eid, []).append(e)
            if e.zps and e.member_no:
                ix.by_club.setdefault(club, []).append(e)
            if e.fide_id:
                ix.by_fide.setdefault(e.fide_id, []).append(e)
            ix.by_name.setdefault(nk, []).append(e)
    return ix


def _index_fide(entries: Iterable[FideEntry | DsbEntry], fides: set[str], names: set[str]) -> _Index:
    ix = _Index()
    for e in entries:
        if not isinstance(e, FideEntry):
            continue  # DSB entries were read in the DSB pass
        nk = name_key(e.name)
        if e.fide_id in fides:
            ix.by_fide.setdefault(e.fide_id, []).append(e)
        if nk in names:
            ix.by_name.setdefault(nk, []).append(e)
    return ix


def _find(p: Player, ix: _Index, person: Any, lst: str) -> tuple[list[Any], str] | Ambiguous | None:
    """The entries of the one person the player is, with the key used."""
    tries: list[tuple[str, list[Any]]] = []
    if p.dsb_id:
        tries.append(("dsb_id", ix.by_id.get(p.dsb_id.strip().upper(), [])))
    if p.zps and p.member_no:
        tries.append(("zps+member_no", ix.by_club.get((p.zps.strip().upper(), _member_no(p.member_no) or ""), [])))
    if p.fide_id:
        tries.append(("fide_id", ix.by_fide.get(p.fide_id.strip(), [])))
    candidates = ix.by_name.get(name_key(p.name), [])
    if p.birth_year is not None:
        with_year = [e for e in candidates if e.birth_year == p.birth_year]
        if with_year:
            tries.append(("name+birth_year", with_year))
        else:
            # A different birth year rules an entry out; an unknown one does not.
            tries.append(("name", [e for e in candidates if e.birth_year is None]))
    else:
        tries.append(("name", candidates))
    for key, found in tries:
        people: dict[Any, list[Any]] = {}
        for e in found:
            people.setdefault(person(e), []).append(e)
        if len(people) == 1:
            return next(iter(people.values())), key
        if len(people) > 1:
            return Ambiguous(p.no, lst, key, tuple(str(e.source) for e in found))
    return None


def _dsb_values(p: Player, entries: list[DsbEntry]) -> dict[str, Any]:
    # Several memberships: prefer the one of the club in the file, then an active one.
    e = next((x for x in entries if p.zps and x.zps == p.zps.upper()), None) or \
        next((x for x in entries if x.status == "A"), entries[0])
    v: dict[str, Any] = {"rating": e.dwz, "index": e.index, "birth_year": e.birth_year, "dsb_id": e.id,
                         "fide_id": e.fide_id, "elo": e.elo, "title": e.fide_title, "sex": e.sex,
                         "federation": e.fide_fed}
    clubs = {(x.zps, x.member_no) for x in entries}
    if len(clubs) == 1 or (p.zps and e.zps == p.zps.upper()):
        v["zps"], v["member_no"] = e.zps, e.member_no
    return v


def _fide_values(e: FideEntry) -> dict[str, Any]:
    return {"elo": e.rating, "fide_k": e.k, "fide_id": e.fide_id, "title": e.title, "federation": e.fed,
            "birth_year": e.birth_year, "sex": e.sex}


def enrich(
    tournament: Tournament,
    dsb: Iterable[DsbEntry | FideEntry] | None = None,
    fide: Iterable[FideEntry | DsbEntry] | None = None,
    *,
    overwrite: bool = False,
    mark_unmatched_nonmembers: bool = False,
    dsb_old_scale: bool = False,
) -> tuple[Tournament, MatchReport]:
    """Fill players' DWZ, index, birth year, Elo and ids from the lists.

    ``mark_unmatched_nonmembers``: a player not found in the DSB list and
    without ZPS is flagged ``member=False`` (evaluated, not published).
    ``dsb_old_scale``: the DSB list is from before the Umstufung 2026 and the tournament
    ends after it — a DWZ taken from it is flagged ``scale="old"``, so that the evaluation
    converts it (index + 1) and shows the conversion (spec dwz-2026 §6); the report lists them.
    Entries are used by their type, so a list given to the wrong parameter
    (``read_rating_list`` decides what it read) still counts as what it is.
    """
    if fide is not None and dsb is None:
        # Peek, do not materialise: the FIDE list may be a million-entry stream.
        it = iter(fide)
        first = next(it, None)
        fide = None if first is None else itertools.chain([first], it)
        if isinstance(first, DsbEntry):
            dsb, fide = fide, None
    players = tournament.players
    matched: list[Match] = []
    unmatched: list[tuple[int, str]] = []
    ambiguous: list[Ambiguous] = []
    dsb_found: dict[int, dict[str, Any]] = {}
    not_in_dsb: set[int] = set()
    stray: list[FideEntry] = []
    if dsb is not None:
        ix = _index_dsb(dsb, players, stray)
        for p in players:
            r = _find(p, ix, _person, "dsb")
            if isinstance(r, Ambiguous):
                ambiguous.append(r)
            elif r is None:
                unmatched.append((p.no, "dsb"))
                not_in_dsb.add(p.no)
            else:
                entries, key = r
                matched.append(Match(p.no, "dsb", key, entries[0].source))
                dsb_found[p.no] = _dsb_values(p, entries)
    fide_found: dict[int, dict[str, Any]] = {}
    if stray:
        fide = stray if fide is None else [*stray, *fide]
    if fide is not None:
        probes = [p.with_(fide_id=p.fide_id or dsb_found.get(p.no, {}).get("fide_id")) for p in players]
        _, _, fides, names = _wanted(probes)
        fix = _index_fide(fide, fides, names)
        for p in probes:
            r = _find(p, fix, lambda e: e.fide_id, "fide")
            if isinstance(r, Ambiguous):
                ambiguous.append(r)
            elif r is None:
                unmatched.append((p.no, "fide"))
            else:
                entries, key = r
                matched.append(Match(p.no, "fide", key, entries[0].source))
                fide_found[p.no] = _fide_values(entries[0])

    filled: list[Filled] = []
    conflicts: list[Conflict] = []
    nonmembers: list[int] = []
    old_scale: list[int] = []
    out: list[Player] = []
    for p in players:
        changes: dict[str, Any] = {}
        merged: dict[str, tuple[Any, str]] = {}
        for field, value in dsb_found.get(p.no, {}).items():
            if value is not None:
                merged[field] = (value, "dsb")
        for field, value in fide_found.get(p.no, {}).items():
            # FIDE is the source for Elo, K, title and federation; DSB for the rest.
            if value is not None and (field in ("elo", "fide_k", "title", "federation") or field not in merged):
                merged[field] = (value, "fide")
        _rating_pair(p, merged, overwrite)
        for field, (value, lst) in merged.items():
            have = getattr(p, field)
            if have is None:
                changes[field] = value
                filled.append(Filled(p.no, field, value, lst))
            elif not _same(field, have, value):
                kept = value if overwrite else have
                conflicts.append(Conflict(p.no, field, have, value, lst, kept))
                if overwrite:
                    changes[field] = value
        if mark_unmatched_nonmembers and p.no in not_in_dsb and not p.zps and p.member:
            changes["member"] = False
            nonmembers.append(p.no)
        if dsb_old_scale and changes.get("rating") and merged.get("rating", (None, ""))[1] == "dsb" and p.scale is None:
            changes["scale"] = "old"
            old_scale.append(p.no)
        out.append(p.with_(**changes) if changes else p)
    report = MatchReport(tuple(matched), tuple(unmatched), tuple(ambiguous), tuple(filled), tuple(conflicts),
                         tuple(nonmembers), tuple(old_scale))
    return tournament.with_(players=tuple(out)), report


def _same(field: str, a: Any, b: Any) -> bool:
    # Spellings that name the same thing: member number 0135 = 135, zps/ids in any case.
    if field == "member_no":
        return _member_no(str(a)) == _member_no(str(b))
    if field in ("zps", "dsb_id", "title", "federation") and isinstance(a, str) and isinstance(b, str):
        return a.strip().upper() == b.strip().upper()
    return bool(a == b)


def _rating_pair(p: Player, merged: dict[str, tuple[Any, str]], overwrite: bool) -> None:
    # DWZ and index belong together: a list index only joins the file's DWZ
    # when both DWZ agree (else the conflict on the DWZ is reported alone).
    if overwrite or "rating" not in merged or p.rating is None:
        return
    if p.rating != merged["rating"][0] and p.index is None:
        merged.pop("index", None)


# --- for the pre-upload check (dwz.reports.check): the closest list entries and the list's date ---------


@dataclass(frozen=True, slots=True)
class Candidate:
    """A list entry whose name resembles a player's; ``similarity`` in 0…1 (1 = same name key)."""

    entry: DsbEntry | FideEntry
    similarity: float
    same_birth_year: bool
    same_club: bool


def _buckets(key: str) -> set[str]:
    # Every name part, and the surname's first letter ("^m" for Maier and Meier).
    parts = key.split()
    return {*parts, "^" + parts[0][:1]} if parts else set()


def _tokens_sorted(key: str) -> str:
    return " ".join(sorted(key.split()))


def closest_entries(players: Iterable[Player], entries: Iterable[DsbEntry | FideEntry], *, limit: int = 3,
                    cutoff: float = 0.75) -> dict[int, tuple[Candidate, ...]]:
    """The list entries whose names come closest to each player's, best first.

    Names are compared as :func:`~dwz.formats._common.name_key` (the one name
    comparison of the project) with :class:`difflib.SequenceMatcher`; a swapped
    "Vorname Nachname" counts like the right order.  Equal similarity is broken
    by the same birth year, then the same club (ZPS).  Only entries sharing a
    name part or the first two letters of the surname are compared (a typo in
    both is not found), so the whole DSB list costs milliseconds per player.

    >>> from dwz.formats.dsb_list import DsbEntry
    >>> e = [DsbEntry("1", "C0512", "7", "A", "Böhmler,Thomas", "m", 1970, 1830, 41, None, None, None, None),
    ...      DsbEntry("2", None, None, "A", "Bohmler,Tom", "m", 1968, 1500, 3, None, None, None, None)]
    >>> [(c.entry.name, round(c.similarity, 2), c.same_birth_year)
    ...  for c in closest_entries([Player(5, "Boehmler, Tomas", birth_year=1970)], e)[5]]
    [('Böhmler,Thomas', 0.97, True), ('Bohmler,Tom', 0.88, False)]
    """
    from difflib import SequenceMatcher

    wanted = list(players)
    if not wanted:
        return {}
    by_key: dict[str, list[DsbEntry | FideEntry]] = {}
    for e in entries:
        by_key.setdefault(name_key(e.name), []).append(e)
    buckets: dict[str, list[str]] = {}
    for key in by_key:
        for b in _buckets(key):
            buckets.setdefault(b, []).append(key)
    out: dict[int, tuple[Candidate, ...]] = {}
    for p in wanted:
        key = name_key(p.name)
        sm = SequenceMatcher(autojunk=False)
        sm.set_seq2(key)
        # quick_ratio() bounds ratio() from above (for the swapped order too: same letters), so
        # the exact ratio is needed only until the bound falls below the best ``limit`` found.
        bounds = []
        for k in {k for b in _buckets(key) for k in buckets.get(b, ())}:
            sm.set_seq1(k)
            if sm.real_quick_ratio() >= cutoff:
                q = sm.quick_ratio()
                if q >= cutoff:
                    bounds.append((q, k))
        bounds.sort(reverse=True)
        swapped = SequenceMatcher(autojunk=False)
        swapped.set_seq2(_tokens_sorted(key))
        best: list[tuple[float, str]] = []
        for q, k in bounds:
            if len(best) >= limit and q < best[limit - 1][0]:
                break
            sm.set_seq1(k)
            score = sm.ratio()
            if score < 1.0:
                swapped.set_seq1(_tokens_sorted(k))
                score = max(score, swapped.ratio() - 0.02)  # a swapped order is a little less likely than a typo
            if score >= cutoff:
                best.append((score, k))
                best.sort(key=lambda x: -x[0])
        scored = [Candidate(e, score, p.birth_year is not None and e.birth_year == p.birth_year,
                            bool(p.zps and getattr(e, "zps", None) and p.zps.strip().upper() == str(getattr(e, "zps", "")).upper()))
                  for score, k in best for e in by_key[k]]
        scored.sort(key=lambda c: (-round(c.similarity, 2), not c.same_birth_year, not c.same_club, c.entry.name,
                                   str(c.entry.source)))
        people: dict[str, Candidate] = {}
        for c in scored:  # one person may have several memberships (lines)
            people.setdefault(_person(c.entry) if isinstance(c.entry, DsbEntry) else c.entry.fide_id, c)
        out[p.no] = tuple(people.values())[:limit]
    return out


def list_date(entries: Iterable[DsbEntry | FideEntry]) -> date | None:
    """The earliest date a DSB list can have been made: the Monday of the latest
    week in its "Letzte-Auswertung" column (JJJJWW, formats.md §2.3) — it
    already holds a tournament that ended in that week.  None if no entry has one.

    >>> from dwz.formats.dsb_list import DsbEntry
    >>> list_date([DsbEntry("1", None, None, "A", "A,B", None, None, 1500, 3, None, None, None, None, None, "202305")])
    datetime.date(2023, 1, 30)
    """
    latest = 0
    for e in entries:
        v = getattr(e, "last_evaluation", None)
        n = digits(v, 6) if v and len(v) == 6 else None  # ASCII digits only: '2023²³' is no week (issue 11 #13)
        if n is not None and 1 <= n % 100 <= 53:
            latest = max(latest, n)
    while latest:
        try:
            return date.fromisocalendar(latest // 100, latest % 100, 1)
        except ValueError:  # week 53 of a year that has 52
            latest -= 1
    return None


# --- when a DSB list was made, and on which scale its DWZ are (spec dwz-2026 §6, formats.md §2.3) -----

_DATE_IN_NAME = re.compile(r"(20\d\d|19\d\d)[-_.]?(0[1-9]|1[0-2])(?:[-_.]?(0[1-9]|[12]\d|3[01]))?")
_NU_ID = re.compile(r"NU\d+", re.IGNORECASE)
_NU = frozenset(("NU", "Nu", "nU", "nu"))  # a quick look before the pattern (the national list has 200,000 ids)
_Day = date  # the field ``ListDate.date`` shadows the type's name in the class body


def dates_in_name(name: str) -> tuple[date, date, bool] | None:
    """The period a list's file name names: (first day, last day, whether a day is named) —
    "LV-0-csv_2026-07-01.zip" the one day, "dwzliste_202606.csv" the whole of June 2026.

    >>> dates_in_name("LV-0-csv_2026-07-01.zip"), dates_in_name("dwzliste_202606.csv")[:2], dates_in_name("spieler.csv")
    ((datetime.date(2026, 7, 1), datetime.date(2026, 7, 1), True), (datetime.date(2026, 6, 1), datetime.date(2026, 6, 30)), None)
    """
    m = _DATE_IN_NAME.search(name.replace("\\", "/").rsplit("/", 1)[-1])
    if not m:
        return None
    year, month = int(m.group(1)), int(m.group(2))
    if m.group(3):
        try:
            day = date(year, month, int(m.group(3)))
        except ValueError:  # 2026-02-31: no day, the month is still named
            pass
        else:
            return day, day, True
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]), False


def nu_format(entries: Iterable[DsbEntry | FideEntry]) -> bool:
    """Whether a DSB list comes from the nu DSB-Wertungsportal: its CSV header is the portal's
    (generation 3) or its ids are nu ids ("NU4005017") — the portal exists since the Umstufung 2026,
    so its DWZ are on the new scale by construction (formats.md §2.1, §2.3)."""
    return any(isinstance(e, DsbEntry) and (e.generation == 3 or bool(e.id and e.id[:2] in _NU and _NU_ID.fullmatch(e.id)))
               for e in entries)


@dataclass(frozen=True, slots=True)
class ListDate:
    """When a DSB list was made, as far as it can be known, and so on which scale its DWZ are.

    ``date`` is what the list is dated as: the date given, the day its file name names, or else the
    *earliest* date it can have been made (``how``: "name_month" — the first of the month its name
    names —, "content" — the Monday of its latest evaluation week —, or "format" — the nu portal's
    start; the latest of these bounds).  ``latest`` is the last day it can have been made, where
    known (a day or a month in its name).  ``scale`` is "new" when the earliest date is on the new
    scale, "old" when the latest is before it, and ``None`` when the dates straddle the Umstufung
    2026: then nothing says which.  ``conflict``: a date given that the list itself rules out
    (the earliest date the content or format proves, and which of them)."""

    date: _Day | None
    how: str | None
    earliest: _Day | None = None
    latest: _Day | None = None
    nu: bool = False
    scale: str | None = None
    conflict: tuple[_Day, str] | None = None

    @property
    def bound(self) -> bool:
        """The date is only the earliest the list can have been made (not given, no day named)."""
        return self.how in ("name_month", "content", "format")


def date_list(entries: Iterable[DsbEntry | FideEntry], name: str = "", given: date | None = None) -> ListDate:
    """Date a DSB list (``name``: its file name; ``given``: the date the user gave) and decide the
    scale of its DWZ.  A month in the name or the content give only the earliest date — a bound
    never proves the old scale; the nu portal's format proves the new one.

    >>> from dwz.formats.dsb_list import DsbEntry
    >>> nu = [DsbEntry("NU1001", None, None, "A", "A,B", None, None, 1650, 12, None, None, None, None, None, "202624", generation=3)]
    >>> d = date_list(nu, "dwzliste_202606.csv")
    >>> d.date == date.fromisocalendar(2026, 24, 1), d.how, d.scale  # the Monday of week 24: the switch
    (True, 'content', 'new')
    >>> old = [DsbEntry("1001", None, None, "A", "A,B", None, None, 1650, 12, None, None, None, None, None, "202620", generation=2)]
    >>> [(d.date, d.how, d.scale) for d in (date_list(old, "spieler.csv"), date_list(old, "LV-0-csv_2026-05.zip"))]
    [(datetime.date(2026, 5, 11), 'content', None), (datetime.date(2026, 5, 11), 'content', 'old')]
    """
    from dwz.rules import scale_at, transition

    items = entries if isinstance(entries, (list, tuple)) else list(entries)
    nu = nu_format(items)
    proofs: list[tuple[date, str]] = []  # (earliest possible date, how it is known) from the list itself
    content = list_date(items)
    if content is not None:
        proofs.append((content, "content"))
    if nu:
        proofs.append((transition("old", "new").at, "format"))
    if given is not None:
        proven = max(proofs, key=lambda b: b[0]) if proofs else None
        conflict = proven if proven is not None and proven[0] > given and scale_at(given) != scale_at(proven[0]) else None
        return ListDate(given, "given", given, given, nu, scale_at(given) if conflict is None else None, conflict)
    named = dates_in_name(name) if name else None
    latest: date | None = None
    bounds: list[tuple[date, str]] = []  # the name first: on equal dates the first wins (max keeps it)
    if named is not None:
        first, last, day = named
        bounds.append((first, "name" if day else "name_month"))
        latest = last
    bounds += proofs
    if not bounds:
        return ListDate(None, None, nu=nu)
    earliest, how = max(bounds, key=lambda b: b[0])  # max() keeps the first of equal dates
    if latest is not None and latest < earliest:  # the name is ruled out by the content or format: a bound no more
        latest = None
    if how == "name":
        latest = earliest
    scale = "new" if scale_at(earliest) == "new" else ("old" if latest is not None and scale_at(latest) == "old" else None)
    return ListDate(earliest, how, earliest, latest, nu, scale)
