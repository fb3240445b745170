"""The Prüfbericht's findings on the dates and the time control: the end date (given, in the file,
in the future), the rounds played after it (WO 2.2.3), and the time control's minimum (WO 4.2.2).
Called by :func:`dwz.reports.check.check_tournament`."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from dwz.basics.model import Tournament
from dwz.reports.findings import Finding
from dwz.reports.wording import Count, Ref, _Described, _Minutes, _Typed

__all__ = ["is_u12"]


def _dates(t: Tournament, given: date | None, end: date | None, round_dates: Mapping[int, date], today: date) -> list[Finding]:
    from dwz.rules import edition_for

    out: list[Finding] = []
    if end is None:
        return [Finding("error", "end_missing", where=t.source)]
    if given is not None and t.end is not None and given != t.end:
        other_rules = edition_for(given) != edition_for(t.end)
        out.append(Finding("error" if other_rules else "warning", "end_mismatch", variant="rules" if other_rules else None,
                           values=(("given", given), ("file", t.end), ("rules_given", Ref(edition_for(given))),
                                   ("rules_file", Ref(edition_for(t.end))))))
    if t.start is not None and t.start > end:
        out.append(Finding("error", "start_after_end", values=(("start", t.start), ("end", end))))
    if end > today:  # the portal rates finished tournaments only: an upload error, as the end before the start
        out.append(Finding("error", "end_future", values=(("end", end), ("today", today))))
    games: dict[int, int] = {}
    for g in t.pairings:
        if g.black is not None:
            games[g.round] = games.get(g.round, 0) + 1
    for rnd, day in sorted(round_dates.items()):
        if day > end and games.get(rnd):
            out.append(Finding("error", "game_after_end", round=rnd,
                               values=(("round", rnd), ("date", day), ("end", end), ("games", Count(games[rnd], "game")))))
    return out


def is_u12(t: Tournament, end: date) -> bool:
    """Every player is at most 11 in the year of the end (WO 3.2): a U12 event, with the shorter
    minimum time control of WO 4.2.2 — said only when every birth year is known."""
    from dwz.rules.common import TC_U12_AGE

    people = [p for p in t.players if not p.computer]
    return bool(people) and all(p.birth_year is not None and 0 <= end.year - p.birth_year <= TC_U12_AGE for p in people)


def _time_control(t: Tournament, given: str | None, end: date) -> list[Finding]:
    """WO 4.2.2: the time control must give 90 minutes per player and game (U12: 60).  Too
    short: the tournament cannot be DWZ-rated (an error); unreadable: a warning naming what
    the WO requires; not given: a note.  Read by :mod:`dwz.formats.timecontrol`, judged by
    :func:`dwz.rules.common.time_control_shortfall`."""
    from dwz.formats.timecontrol import parse_time_control
    from dwz.rules.common import TC_FIRST_MOVES, time_control_shortfall

    raw = (given or "").strip() or (t.time_control or "").strip() or None
    if not t.rated:
        return []
    u12 = is_u12(t, end)
    need = Ref(f"check.time_control.need.{'u12' if u12 else 'all'}")
    if raw is None:
        from dwz.rules.common import TC_TOTAL_MIN, TC_TOTAL_MIN_U12

        return [Finding("note", "time_control_missing", values=(("min", _Minutes(TC_TOTAL_MIN_U12 if u12 else TC_TOTAL_MIN)),))]
    # a lichess export has the speed in its name only ("Mai 5 Plus 0"): said where it was read
    typed = _Typed(raw, not given and raw in (t.name or ""))
    tc = parse_time_control(raw)
    if tc is None:
        return [Finding("warning", "time_control_unreadable", values=(("text", typed), ("need", need)))]
    short = time_control_shortfall(tc.as_rule_input(), u12=u12)
    if short is None:
        return []
    which, counted, minimum = short
    return [Finding("error", "time_control_short", variant=which,
                    values=(("text", typed), ("tc", _Described(tc)), ("counted", _Minutes(counted)), ("min", _Minutes(minimum)),
                            ("moves", tc.periods[0].moves or TC_FIRST_MOVES), ("need", need)))]
