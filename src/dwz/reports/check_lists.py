"""The Prüfbericht's findings from the rating lists: the file held against the DSB and FIDE lists
(:func:`dwz.formats.lists.enrich`'s :class:`~dwz.formats.lists.MatchReport`) — players the list lacks or
holds twice, values that differ, a DWZ on the other side of the Umstufung 2026 — and the list's own date
and scale (spec dwz-2026 §6).  Called by :func:`dwz.reports.check.check_tournament`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from dwz.basics.errors import InputError
from dwz.basics.model import Player, Tournament
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.fide_list import FideEntry
from dwz.formats.lists import Candidate, MatchReport, closest_entries
from dwz.i18n import fmt_rating
from dwz.reports.findings import Finding, ListInfo, Severity, _f, _on_new_scale, _tournament_rules, _tournament_scale
from dwz.reports.wording import Count, Ref, _Dated
from dwz.rules import transition

__all__: list[str] = []


def _cand(c: Candidate) -> str:
    e = c.entry
    if isinstance(e, DsbEntry):
        club = f"{e.zps}-{e.member_no}" if e.zps and e.member_no else (e.zps or "")
        rating = f"DWZ {fmt_rating(e.dwz, e.index)}" if e.dwz else ""
        extra = [str(e.birth_year) if e.birth_year else "", club, rating]
    else:
        extra = [str(e.birth_year) if e.birth_year else "", e.fed or "", f"Elo {e.rating}" if e.rating else ""]
    inner = ", ".join(x for x in extra if x)
    return f"{e.name} ({inner})" if inner else e.name


def _entry_text(e: Any) -> str:
    return _cand(Candidate(e, 1.0, False, False))


_SCALE_NOTE_FIELDS = ("rating", "index")


def _list_findings(t: Tournament, match: MatchReport, dsb: Sequence[DsbEntry | FideEntry] | None, lists: Sequence[ListInfo],
                   end: date | None, converted: set[int] | frozenset[int] = frozenset(), rules: str | None = None) -> list[Finding]:
    """``converted``: the players whose DWZ the evaluation converted from the old scale (said so);
    ``rules``: the edition that rates the tournament (else the one of ``end``)."""
    out: list[Finding] = []
    by_no = {p.no: p for p in t.players}
    info = next((li for li in lists if li.kind == "dsb" and not li.problems), None)
    list_date = info.date if info is not None else None
    dating = info.dating if info is not None else None
    scale_differs = False
    on_new = _tournament_scale(rules, end) == "new"
    edition = ("rules", _tournament_rules(rules, end))  # the texts name it ({rules!t}): the edition rating the tournament
    # DWZ the list put into the tournament (the file had none): those its scale decides
    filled = sum(1 for f in match.filled if f.field == "rating" and f.list == "dsb")
    if info is not None and dating is not None and end is not None:
        values: tuple[tuple[str, Any], ...] = (("list", info.name), ("date", _Dated(list_date, dating.bound) if list_date else None),
                                               ("how", Ref(f"check.date_from.{info.date_from}")), ("end", end))
        if dating.conflict is not None:
            # a date given that the list itself rules out (formats.lists.date_list): which one is right decides the scale
            earliest, why = dating.conflict
            out.append(Finding("error", "list_date_conflict", values=(("list", info.name), ("given", list_date), ("earliest", earliest),
                                                                      ("why", Ref(f"check.list_proof.{why}")))))
            scale_differs = True
        elif dating.scale == "old" and on_new:
            # its DWZ are on the old scale: those completing the tournament are converted for the
            # evaluation (enrich flags them, the evaluation converts and shows it) — said, as the match report says it
            scale_differs = True
            if match.old_scale:
                out.append(Finding("note", "list_old_scale", variant="converted",
                                   values=(*values, ("count", Count(len(match.old_scale), "player")))))
            else:
                out.append(Finding("warning", "list_old_scale", values=values))
        elif dating.scale is None and on_new:
            # dated only by a bound before the switch (or not at all), in a format older than the portal's: its DWZ
            # may be on either scale — converted or not, a different evaluation; asked, never assumed (spec dwz-2026 §6)
            scale_differs = True
            count = ("count", Count(filled, "player"))
            switch = ("switch", transition("old", "new").at)  # the fix: a date before it converts
            if list_date is None:
                out.append(Finding("error" if filled else "warning", "list_scale_unknown", variant="undated",
                                   values=(("list", info.name), ("end", end), edition, count, switch)))
            else:
                out.append(Finding("error" if filled else "warning", "list_scale_unknown", values=(*values, edition, count, switch)))
        elif dating.scale == "new" and not on_new:
            scale_differs = True
            out.append(Finding("error", "list_new_scale", variant="filled" if filled else None,
                               values=(*values, edition, ("count", Count(filled, "player")))))
        elif list_date is not None and list_date > end:
            out.append(Finding("warning", "list_newer", values=values))
    newer = list_date is not None and end is not None and list_date > end

    entries = dsb or ()
    # Computers and declared non-members are not expected in the DSB list.
    unmatched_dsb = [by_no[no] for no, lst in match.unmatched
                     if lst == "dsb" and no in by_no and not by_no[no].computer and by_no[no].member]
    closest = closest_entries(unmatched_dsb, entries) if unmatched_dsb and entries else {}
    for p in unmatched_dsb:
        cands = closest.get(p.no, ())
        out.append(_f("warning", "not_in_list", p, "candidates" if cands else "none", candidates="; ".join(_cand(c) for c in cands)))
    by_source: dict[str, Any] = {}
    if match.ambiguous or match.conflicts:
        by_source = {str(e.source): e for e in entries}
    for a in match.ambiguous:
        if a.player not in by_no:
            continue
        shown = [_entry_text(by_source[s]) for s in a.candidates if s in by_source]
        out.append(_f("warning", "list_ambiguous", by_no[a.player], "candidates" if shown else None,
                      list=Ref(f"check.list.{a.list}"), by=Ref(f"check.key.{a.key}"), count=len(a.candidates),
                      candidates="; ".join(shown[:5]) + (" …" if len(shown) > 5 else "")))
    for no, lst in match.unmatched:
        unmatched = by_no.get(no)
        if lst == "fide" and unmatched is not None and unmatched.fide_id:
            out.append(_f("warning", "fide_id_not_in_list", unmatched, fide_id=unmatched.fide_id))

    dsb_entry = {m.player: by_source.get(str(m.entry)) for m in match.matched if m.list == "dsb"}
    rating_conflicts: dict[int, dict[str, Any]] = {}
    for c in match.conflicts:
        if c.list == "dsb" and c.field in _SCALE_NOTE_FIELDS:
            rating_conflicts.setdefault(c.player, {})[c.field] = c
            continue
        who = by_no.get(c.player)
        if who is None:
            continue
        severity: Severity = "warning" if c.field in ("birth_year", "fide_id", "dsb_id") or (
            c.field == "elo" and who.rating is None) else "note"
        out.append(_f(severity, "list_differs", who, field=Ref(f"check.field.{c.field}"), file=c.file_value,
                      list=Ref(f"check.list.{c.list}"), other=c.list_value))
    for no, conflicts in rating_conflicts.items():
        p = by_no[no]
        entry = dsb_entry.get(no)
        list_rating = entry.dwz if isinstance(entry, DsbEntry) else getattr(conflicts.get("rating"), "list_value", p.rating)
        list_index = entry.index if isinstance(entry, DsbEntry) else getattr(conflicts.get("index"), "list_value", p.index)
        out.append(_rating_finding(p, list_rating, list_index, end, list_date, scale_differs, newer, no in converted))
    return out


def _rating_finding(p: Player, list_rating: int | None, list_index: int | None, end: date | None, list_date: date | None,
                    scale_differs: bool, newer: bool, was_converted: bool = False) -> Finding:
    """The file's DWZ differs from the list's: which scale each is on decides how much it matters."""
    import dwz

    values = {"file": fmt_rating(p.rating, p.index), "list": fmt_rating(list_rating, list_index)}

    def converted(v: int | None) -> int | None:
        try:
            return dwz.umstufung(v).new_rating if v else None
        except InputError:  # not a value the Umstufung takes
            return None

    if p.rating is not None and list_rating is not None and p.rating != list_rating:
        if scale_differs:
            # Old-scale list, new tournament (or the reverse): a value on the other side of the
            # Umstufung 2026 is expected to differ by exactly the conversion.
            old, new = (list_rating, p.rating) if _on_new_scale(end) else (p.rating, list_rating)
            if converted(old) == new:
                return _f("note", "dwz_differs", p, "umstufung", converted=converted(old), **values)
        elif _on_new_scale(end) and converted(p.rating) == list_rating and (list_date is None or _on_new_scale(list_date)):
            if was_converted:  # said to be old-scale and converted for the evaluation: the list agrees
                return _f("note", "dwz_differs", p, "umstufung", converted=list_rating, **values)
            return _f("error", "dwz_old_scale", p, converted=list_rating, **values)
    if newer:
        return _f("note", "dwz_differs", p, "newer", **values)
    return _f("warning", "dwz_differs", p, **values)
