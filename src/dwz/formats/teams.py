"""Team competitions as one evaluation: lineups, and one player per person.

Observed practice (spec dwz-classic.md, "Team competitions / split tournaments /
matches"): a league group's season is one DSB evaluation, dated with its last
round — all boards' games of all matches form one tournament.  The readers
(SWT team files, TRF-2026 team records, DeWIS XML's team section) give the
games as usual and the lineups as :class:`~dwz.basics.model.Team` values; this
module adds what a season needs on top:

* :func:`merge_same_people`: a person entered for two teams (a substitute from
  the second team) is *one* player — same DSB id, same ZPS + member number or
  same FIDE id, and the same name — with all his games and in both lineups;
* :func:`trf_teams`: the team records of a TRF, ``013`` (TRF16: name in
  columns 5–36, starting ranks from column 37 in steps of 5) and ``310``
  (TRF-2026: team number 5–7, name 9–40, starting ranks from column 74).

>>> from dwz.basics.model import Pairing, Player, Team, Tournament
>>> from dwz.basics.values import Result as R
>>> ps = (Player(1, "Alpha, Anna", zps="C0512", member_no="7"), Player(2, "Beta, Berta"),
...       Player(3, "Alpha, Anna", zps="C0512", member_no="007"), Player(4, "Gamma, Gert"))
>>> t = Tournament("Liga", None, ps, (Pairing(1, 1, 2, R.WIN, R.LOSS), Pairing(2, 4, 3, R.DRAW, R.DRAW)),
...                teams=(Team("SC 1", (1, 2)), Team("SC 2", (4, 3))))
>>> m = merge_same_people(t)
>>> [p.no for p in m.players], [(g.white, g.black) for g in m.pairings], [tm.lineup for tm in m.teams]
([1, 2, 4], [(1, 2), (4, 1)], [(1, 2), (4, 1)])
"""

from __future__ import annotations

from dataclasses import replace

from dwz.basics.errors import Problem, Problems
from dwz.basics.model import Player, Team, Tournament
from dwz.formats._common import decode, name_key, problem, split_lines

__all__ = ["MESSAGE_KEYS", "known_lineups", "merge_same_people", "trf_teams", "with_trf_teams"]

#: Every message key of team seasons (the model's lineup checks included).
MESSAGE_KEYS = ("team_player_unknown", "team_player_twice", "team_player_merged", "team_same_id_other_name",
                "opponent_no_invalid")

_FILL = ("rating", "index", "elo", "birth_year", "club", "zps", "member_no", "dsb_id", "fide_id", "sex", "title",
         "federation", "fide_k")


def _keys(p: Player) -> list[tuple[str, str]]:
    keys = []
    if p.dsb_id and p.dsb_id.strip().strip("0"):
        keys.append(("dsb_id", p.dsb_id.strip().upper()))
    if p.zps and p.member_no and p.member_no.strip().strip("0"):
        member = p.member_no.strip().lstrip("0")
        keys.append(("zps+member_no", f"{p.zps.strip().upper()}-{member}"))
    if p.fide_id and p.fide_id.strip().strip("0"):
        keys.append(("fide_id", p.fide_id.strip()))
    return keys


def merge_same_people(t: Tournament) -> Tournament:
    """One player per person: cards of the same person (by id and name) are merged into
    the first one; his pairings and lineup places follow.  Each merge is a note."""
    first_of: dict[tuple[str, str], Player] = {}
    target: dict[int, int] = {}
    how: dict[int, str] = {}
    notes: list[Problem] = []
    for p in t.players:
        for key in _keys(p):
            other = first_of.get(key)
            if other is None:
                first_of[key] = p
                continue
            if other.no == p.no or p.no in target:
                continue
            if name_key(other.name) != name_key(p.name):
                notes.append(Problem(p.source or f"player {p.label}", "team_same_id_other_name", p.label,
                                     {"key": key[0], "other": other.label}))
                continue
            target[p.no] = target.get(other.no, other.no)
            how[p.no] = key[0]
    if not target:
        return t.with_(notes=t.notes + tuple(notes)) if notes else t
    by_no = {p.no: p for p in t.players}
    merged: dict[int, Player] = {}
    for no, keep in target.items():
        base = merged.get(keep, by_no[keep])
        extra = by_no[no]
        merged[keep] = base.with_(**{f: getattr(extra, f) for f in _FILL if getattr(base, f) is None
                                     and getattr(extra, f) is not None})
    team_names: dict[int, list[str]] = {}
    for team in t.teams:
        for no in team.lineup:
            team_names.setdefault(no, []).append(team.name)
    for no, keep in target.items():
        names = team_names.get(keep, []) + team_names.get(no, [])
        notes.append(Problem(by_no[no].source or f"player {by_no[no].label}", "team_player_merged", by_no[no].label,
                             {"into": by_no[keep].label, "key": how[no], "teams": ", ".join(names) or "–"}))

    def m(no: int | None) -> int | None:
        return None if no is None else target.get(no, no)

    players = tuple(merged.get(p.no, p) for p in t.players if p.no not in target)
    pairings = tuple(replace(g, white=target.get(g.white, g.white), black=m(g.black)) for g in t.pairings)
    teams = tuple(replace(tm, lineup=tuple(dict.fromkeys(target.get(no, no) for no in tm.lineup))) for tm in t.teams)
    return t.with_(players=players, pairings=pairings, teams=teams, notes=t.notes + tuple(notes))


def known_lineups(teams: tuple[Team, ...], players: tuple[Player, ...]) -> tuple[tuple[Team, ...], list[Problem]]:
    """Lineups without the numbers no player has (each left out with a note, not an error:
    a broken team record must not stop the evaluation of the games)."""
    numbers = {p.no for p in players}
    notes: list[Problem] = []
    out = []
    for tm in teams:
        for no in tm.lineup:
            if no not in numbers:
                notes.append(Problem(tm.source or f"team {tm.name}", "team_player_unknown", no, {"team": tm.name}))
        out.append(replace(tm, lineup=tuple(no for no in tm.lineup if no in numbers)))
    return tuple(out), notes


def trf_teams(text: str, fname: str = "input") -> tuple[tuple[Team, ...], list[Problem]]:
    """The teams of a TRF's ``013``/``310`` records, with problems for unreadable starting ranks."""
    teams: list[Team] = []
    problems = Problems()
    for i, line in enumerate(split_lines(text), 1):
        code = line[:3]
        if code not in ("013", "310") or line[3:4] not in (" ", ""):
            continue
        ext = code == "310"
        name = (line[8:40] if ext else line[4:36]).strip()
        no_text = line[4:7].strip() if ext else ""
        no = int(no_text) if no_text.isascii() and no_text.isdigit() else (len(teams) + 1)
        lineup: list[int] = []
        first = 73 if ext else 36
        for at in range(first, len(line), 5):
            cell = line[at:at + 4].strip()
            if not cell:
                continue
            if not (cell.isascii() and cell.isdigit()) or len(cell) > 4:
                problems.append(problem(fname, i, "opponent_no_invalid", cell, round="–"))
                continue
            if int(cell) and int(cell) not in lineup:
                lineup.append(int(cell))
        teams.append(Team(name or f"{no}", tuple(lineup), no, f"{fname}:{i}"))
    return tuple(teams), problems


def with_trf_teams(t: Tournament, data: bytes | str, fname: str) -> Tournament:
    """``t`` (read by :func:`dwz.formats.trf.read_trf`) with the lineups of its team records."""
    text = decode(data, ("utf-8", "cp1252", "latin-1"), fname)
    if "\n013 " not in "\n" + text and "\n310 " not in "\n" + text:
        return t
    teams, problems = trf_teams(text, fname)
    if problems:
        from dwz.basics.errors import InputError

        raise InputError(problems)
    if not teams:
        return t
    teams, unknown = known_lineups(teams, t.players)
    # The TRF reader skips 013 records with a note; here they are read.
    notes = tuple(n for n in t.notes if not (n.code == "record_skipped" and n.value == "013")) + tuple(unknown)
    return merge_same_people(t.with_(teams=teams, notes=notes))
