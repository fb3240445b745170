"""Legacy DeWIS XML (``tournamentImport.xsd``, until 2026; formats.md §5.2), read and written.

Older tournaments are still re-evaluated from these files.  The layout is that
of the writers that fed DeWIS (the element order of ChessLeagueManager's
"DEWIS XML Format"):

* ``tournamentSection/tournament``: ``label``, ``type``, ``rounds``, ``endDate``, ``notes``;
* ``playerSection/players/player``: ``noPlayer``, ``id`` (PKZ), ``surname``,
  ``forename``, ``dob``, ``vkz``, ``club``, ``noMember``, ``idFide``, ``rating`` (DWZ);
* ``playerSection/games/game``: ``round``, ``noWhite``, ``noBlack`` (empty: no
  opponent), ``result`` (``1:0 0:1 ½:½ +:- -:+ -:-`` and the irregular ``0:0
  ½:0 0:½ 0:- -:0``, which become one unrated entry per side, with a note);
* ``teamSection/teams/team`` (``lot``, ``teamName``, ``lineup/noPlayer*``) and
  ``teamSection/encounter/play`` (the match results): a league season — the
  lineups become :attr:`~dwz.basics.model.Tournament.teams`.

The file carries the DWZ but not its index (nor Elo): reading it back gives
the same tournament with ``index`` unknown; a DSB list (``--list``) supplies it.

>>> from datetime import date
>>> from dwz.basics.model import Pairing, Player, Team, Tournament
>>> from dwz.basics.values import Result as R
>>> t = Tournament("Kreisliga", date(2026, 4, 12), (Player(1, "Alpha, Anna", 1650, 12, birth_year=1990),
...                Player(2, "Beta, Berta", 1500, birth_year=1985)), (Pairing(1, 1, 2, R.FORFEIT_WIN, R.FORFEIT_LOSS),),
...                teams=(Team("SC Nord", (1,), 1), Team("SV Süd", (2,), 2)))
>>> out = write_dewis_xml(t)
>>> out.problems
()
>>> back = read_dewis_xml(out.text)
>>> [(p.no, p.rating, p.index) for p in back.players], back.pairings[0].result_white.code, back.teams[1].name
([(1, 1650, None), (2, 1500, None)], '+', 'SV Süd')
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.model import Pairing, Player, Team, Tournament
from dwz.formats._common import Source, problem
from dwz.formats._xml import El, check_document, check_tree, is_date, is_int, local, norm_points, not_empty, one_of, open_document
from dwz.formats.dsb_xml import (
    TYPES,
    XmlOutput,
    _child,
    _date,
    _int,
    _text,
    _Writer,
    game_from,
    game_points,
    guess_tournament_type,
    player_from,
    player_values,
)

__all__ = ["ROOT", "SCHEMA", "SCHEMA_LOCATION", "check_dewis_xml", "read_dewis_xml", "write_dewis_xml"]

ROOT = "dewis"
SCHEMA_LOCATION = "https://dwz.svw.info/services/files/xml/tournamentImport.xsd"
_RESULTS = ("1:0", "0:1", "½:½", "0:0", "+:-", "-:+", "-:-", "½:0", "0:½", "0:-", "-:0")


def _result(text: str) -> str | None:
    return None if text in _RESULTS else ", ".join(_RESULTS)


def _no_or_empty(text: str) -> str | None:
    return None if text == "" or (text.isascii() and text.isdigit() and int(text) > 0) else "xml.expect.number"


#: The element table of §5.2 (order as written by the DeWIS writers).
SCHEMA: dict[str, tuple[El, ...]] = {
    ROOT: (El(("tournamentSection",), "required"), El(("playerSection",), "required"), El(("teamSection",))),
    "tournamentSection": (El(("tournament",), "required"), El(("appointments",))),
    "tournament": (El(("label",), "required", check=not_empty), El(("type",), "required", check=one_of(*TYPES)),
                   El(("rounds",), "required", check=is_int(1, 999)), El(("endDate",), "required", check=is_date),
                   El(("notes",))),
    "appointments": (El(("appointment",), many=True),),
    "appointment": (El(("round",), "required", check=is_int(1, 999)), El(("matchday",)), El(("matchtime",))),
    "playerSection": (El(("players",), "required"), El(("games",), "required")),
    "players": (El(("player",), "required", many=True),),
    "player": (El(("noPlayer",), "required", check=is_int(1, 99999)), El(("id",)), El(("surname",), "required", check=not_empty),
               El(("forename",), "recommended", check=not_empty), El(("dob",), "recommended", check=not_empty), El(("vkz",)),
               El(("club",)), El(("noMember",)), El(("idFide",)), El(("rating",))),
    "games": (El(("game",), many=True),),
    "game": (El(("round",), "required", check=is_int(1, 999)), El(("noWhite",), "required", check=is_int(1, 99999)),
             El(("noBlack",), "required", check=_no_or_empty), El(("result",), "required", check=_result)),
    "teamSection": (El(("teams",), "required"), El(("encounter",))),
    "teams": (El(("team",), many=True),),
    "team": (El(("lot",), "required", check=is_int(1, 999)), El(("teamName",), "required", check=not_empty),
             El(("lineup",), "required")),
    "lineup": (El(("noPlayer",), many=True, check=is_int(1, 99999)),),
    "encounter": (El(("play",), many=True),),
    "play": (El(("round",), "required"), El(("noHomeTeam",), "required"), El(("noGuestTeam",), "required"),
             El(("pointsHome",)), El(("pointsGuest",))),
}

_SHOW = {"1": "1", "0": "0", "0.5": "½", "+": "+", "-": "-"}


def _where(el: ET.Element, path: str) -> str:
    name = local(el.tag)
    if name == "player":
        no = _text(el, "noPlayer") or "?"
        sur, fore = _text(el, "surname") or "", _text(el, "forename") or ""
        return f"player {no} {sur}{', ' + fore if fore else ''}".rstrip()
    if name == "game":
        return f"game round {_text(el, 'round') or '?'}: {_text(el, 'noWhite') or '–'}–{_text(el, 'noBlack') or '–'}"
    if name == "team":
        return f"team {_text(el, 'lot') or '?'} {_text(el, 'teamName') or ''}".rstrip()
    return name if name != ROOT else "file"


def write_dewis_xml(t: Tournament, *, tournament_type: str | None = None, notes: str | None = None) -> XmlOutput:
    """The legacy DeWIS XML of ``t`` (with the team section when ``t.teams``), checked against §5.2."""
    w = _Writer("")
    root = ET.Element(ROOT, {"xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance", "xmlns:dwz": SCHEMA_LOCATION})
    ts = ET.SubElement(root, "tournamentSection")
    tour = ET.SubElement(ts, "tournament")
    w.add(tour, "label", t.name, "tournament")
    w.add(tour, "type", tournament_type or guess_tournament_type(t), "tournament")
    w.add(tour, "rounds", max([t.rounds, *(g.round for g in t.pairings)]) or None, "tournament")
    w.add(tour, "endDate", t.end.isoformat() if t.end else None, "tournament")
    w.add(tour, "notes", notes, "tournament")
    ps = ET.SubElement(root, "playerSection")
    players = ET.SubElement(ps, "players")
    for p in t.players:
        place = f"player {p.label}"
        v = player_values(p, w, place, {"dsbId": "id", "dobYear": "dob", "numberClubMember": "noMember", "fideId": "idFide"})
        el = ET.SubElement(players, "player")
        for name, value in (("noPlayer", p.no), ("id", v["dsb_id"]), ("surname", v["surname"]), ("forename", v["forename"]),
                            ("dob", None if p.computer else v["dob"]), ("vkz", v["vkz"]), ("club", v["club"]),
                            ("noMember", v["member"]), ("idFide", v["fide_id"]), ("rating", p.rating)):
            w.add(el, name, value, place)
    games = ET.SubElement(ps, "games")
    for g in t.pairings:
        place = f"game round {g.round}: {g.white}–{g.black if g.black is not None else '–'}"
        for white, black, pw, pb in game_points(g, w, place):
            el = ET.SubElement(games, "game")
            w.add(el, "round", g.round, place)
            w.add(el, "noWhite", white, place)
            ET.SubElement(el, "noBlack").text = "" if black is None else str(black)
            w.add(el, "result", f"{_SHOW[pw]}:{_SHOW[pb]}", place)
    if t.teams:
        _write_teams(t, root, w)
    ET.indent(root, "  ")
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
    problems = w.problems + check_tree(root, SCHEMA, "output", {}, _where)
    return XmlOutput(text, tuple(problems))


def _write_teams(t: Tournament, root: ET.Element, w: _Writer) -> None:
    sec = ET.SubElement(root, "teamSection")
    teams = ET.SubElement(sec, "teams")
    lot = {i: (tm.no if tm.no is not None else i + 1) for i, tm in enumerate(t.teams)}
    team_of: dict[int, set[int]] = {}
    for i, tm in enumerate(t.teams):
        el = ET.SubElement(teams, "team")
        ET.SubElement(el, "lot").text = str(lot[i])
        # as every text: characters XML cannot carry removed and reported (they made a file no reader takes)
        if w.add(el, "teamName", tm.name, f"team {lot[i]}") is None:
            ET.SubElement(el, "teamName").text = str(lot[i])
        lineup = ET.SubElement(el, "lineup")
        for no in tm.lineup:
            ET.SubElement(lineup, "noPlayer").text = str(no)
            team_of.setdefault(no, set()).add(i)
    # The match results, derived from the games whose two players each play for one team.
    plays: dict[tuple[int, frozenset[int]], list[int]] = {}
    home_of: dict[tuple[int, frozenset[int]], int] = {}
    for g in t.pairings:
        if g.black is None or g.result_black is None:
            continue
        a, b = team_of.get(g.white, set()), team_of.get(g.black, set())
        if len(a) != 1 or len(b) != 1 or a == b:
            continue
        ta, tb = next(iter(a)), next(iter(b))
        key = (g.round, frozenset((ta, tb)))
        home = home_of.setdefault(key, ta)
        halves = plays.setdefault(key, [0, 0])
        own, other = (g.result_white.halves, g.result_black.halves) if home == ta else (g.result_black.halves, g.result_white.halves)
        halves[0] += own
        halves[1] += other
    if plays:
        enc = ET.SubElement(sec, "encounter")
        for (rnd, pair), (hh, gh) in sorted(plays.items(), key=lambda kv: (kv[0][0], sorted(kv[0][1]))):
            home = home_of[(rnd, pair)]
            guest = next(iter(pair - {home}))
            el = ET.SubElement(enc, "play")
            for name, value in (("round", rnd), ("noHomeTeam", lot[home]), ("noGuestTeam", lot[guest]),
                                ("pointsHome", _points(hh)), ("pointsGuest", _points(gh))):
                ET.SubElement(el, name).text = str(value)


def _points(halves: int) -> str:
    return f"{halves // 2}.5" if halves % 2 else str(halves // 2)


def check_dewis_xml(source: Source, *, name: str | None = None) -> tuple[Problem, ...]:
    """Every problem of a legacy DeWIS XML file against §5.2 (order, required elements, forms)."""
    return check_document(source, name, ROOT, lambda root, fname, lines: check_tree(root, SCHEMA, fname, lines, _where))


def read_dewis_xml(source: Source, *, name: str | None = None) -> Tournament:
    """Read a legacy DeWIS XML file (path, bytes or text) into a :class:`Tournament`."""
    root, lines, fname = open_document(source, name, ROOT)
    errors = Problems()
    notes = Problems(cap=MAX_NOTES)
    ts = _child(root, "tournamentSection")
    tour = _child(ts, "tournament") if ts is not None else None
    ps = _child(root, "playerSection")
    players: list[Player] = []
    pairings: list[Pairing] = []
    players_el = _child(ps, "players") if ps is not None else None
    for el in players_el if players_el is not None else ():
        if local(el.tag) != "player":
            continue
        p = player_from(el, fname, lines.get(id(el)), errors, {
            "no": "noPlayer", "surname": "surname", "forename": "forename", "dob": "dob", "dsb_id": "id", "zps": "vkz",
            "member_no": "noMember", "club": "club", "fide_id": "idFide", "rating": "rating"})
        if p is not None:
            players.append(p)
    games_el = _child(ps, "games") if ps is not None else None
    for el in games_el if games_el is not None else ():
        if local(el.tag) != "game":
            continue
        line = lines.get(id(el))
        rnd = _int(_text(el, "round"), fname, line, "round", errors)
        white = _int(_text(el, "noWhite"), fname, line, "noWhite", errors)
        black = _int(_text(el, "noBlack"), fname, line, "noBlack", errors)
        raw = _text(el, "result") or ""
        left, _, right = raw.partition(":")
        pw, pb = norm_points(left), norm_points(right)
        if rnd is None:
            errors.append(problem(fname, line, "xml_element_missing", "round"))
            continue
        if black is None:
            pb = None
        pairings.extend(game_from(rnd, white, black, pw, pb, raw, fname, line, errors, notes))
    teams = _read_teams(root, fname, lines, errors)
    rounds = _int(_text(tour, "rounds"), fname, lines.get(id(tour)), "rounds", errors) if tour is not None else None
    if errors:
        raise InputError(errors)
    if teams:
        from dwz.formats.teams import known_lineups

        teams, unknown = known_lineups(teams, tuple(players))
        notes.extend(unknown)
    t = Tournament(
        name=_text(tour, "label") or "", end=_date(_text(tour, "endDate"), fname, tour, lines, notes), players=tuple(players),
        pairings=tuple(pairings), rounds=rounds or 0, source=fname, notes=tuple(capped(notes, MAX_NOTES)), teams=teams,
    )
    if teams:
        from dwz.formats.teams import merge_same_people

        t = merge_same_people(t)
    return t


def _read_teams(root: ET.Element, fname: str, lines: dict[int, int], errors: list[Problem]) -> tuple[Team, ...]:
    sec = _child(root, "teamSection")
    teams_el = _child(sec, "teams") if sec is not None else None
    out: list[Team] = []
    for el in teams_el if teams_el is not None else ():
        if local(el.tag) != "team":
            continue
        line = lines.get(id(el))
        lot = _int(_text(el, "lot"), fname, line, "lot", errors)
        lineup_el = _child(el, "lineup")
        lineup: list[int] = []
        for c in lineup_el if lineup_el is not None else ():
            no = _int((c.text or "").strip() or None, fname, lines.get(id(c)), "noPlayer", errors)
            if no is not None and no not in lineup:
                lineup.append(no)
        out.append(Team(_text(el, "teamName") or str(lot or len(out) + 1), tuple(lineup), lot,
                        f"{fname}:{line}" if line else fname))
    return tuple(out)
