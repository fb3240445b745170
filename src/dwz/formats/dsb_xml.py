"""DSB_DWZ_TournamentReport 2.5 — the upload file of the DSB-Wertungsportal (formats.md §5.3).

Written from any :class:`~dwz.basics.model.Tournament` and read back:

* :func:`write_dsb_xml` → :class:`XmlOutput` (the text and every problem found);
* :func:`read_dsb_xml` → :class:`~dwz.basics.model.Tournament`;
* :func:`check_dsb_xml` → the problems of any such file (element order,
  required and recommended elements, value forms), as
  :class:`~dwz.basics.errors.Problem` values a check report can list.

The element order is that of §5.3 (two independent writers agree; the XSD is
not public).  Required: everything the portal cannot do without — among them
``dobYear`` (1900 is reserved for chess computers, so a computer is written
with 1900 and read back as one).  ``dsbId`` takes a PKZ (digits), ``NU…`` or
``FI…``; a value of another form is left out and reported, never written
silently.  The portal takes DWZ and index from its own database, so the file
carries neither: reading it back gives the same players and games, and the
same evaluation once the ratings are looked up again (``--list``).

Results (``pointWhite``/``pointBlack``): ``1 0 0.5`` for played games, ``+ -``
for forfeits (also a forfeit without an opponent — an empty board: the other
side is ``noneBlackPlayer``), byes as a game without opponent with their
points (``1``, ``0.5``, ``0``).  Games of less than one move have no code of
their own and are written as forfeits (reported).  Irregular results read from
a file (``0.5``/``0``, ``0.5``/``-`` …) cannot be one game of the model: each
side becomes an unrated entry of its own, with a note.

>>> from datetime import date, datetime
>>> from dwz.basics.model import Pairing, Player, Tournament
>>> from dwz.basics.values import Result as R
>>> t = Tournament("Klubturnier", date(2026, 9, 14), (Player(1, "Alpha, Anna", birth_year=1990, dsb_id="NU4005017"),
...                Player(2, "Beta")), (Pairing(1, 1, 2, R.WIN, R.LOSS),), rounds=1, start=date(2026, 9, 1))
>>> out = write_dsb_xml(t, created=datetime(2026, 9, 15, 20, 0), file_uuid="0" * 32, tournament_uuid="1" * 32,
...                     sender="Schachclub", time_control="90+30", location="Leipzig")
>>> [(p.field, p.code, p.value) for p in out.problems]
[('player 2 Beta', 'xml_recommended_missing', 'forename'), ('player 2 Beta', 'xml_required_missing', 'dobYear')]
>>> back = read_dsb_xml(out.text)
>>> [(p.no, p.name, p.birth_year, p.dsb_id) for p in back.players], back.pairings[0].result_white.code
([(1, 'Alpha, Anna', 1990, 'NU4005017'), (2, 'Beta', None, None)], '1')
"""

from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.formats._common import RANGES, Source, header_date, problem
from dwz.formats._xml import (
    GAME_RESULTS,
    ONE_SIDED,
    POINTS_OF,
    El,
    check_document,
    check_tree,
    invalid_xml_chars,
    is_date,
    is_int,
    join_name,
    local,
    norm_points,
    not_empty,
    one_of,
    open_document,
    split_name,
    valid_dsb_id,
)

__all__ = ["NAMESPACE", "ROOT", "SCHEMA", "TYPES", "VERSION", "XmlOutput", "check_dsb_xml", "guess_tournament_type", "player_ids",
           "read_dsb_xml", "write_dsb_xml"]

NAMESPACE = "http://www.schachbund.de/XMLSchema"
ROOT = "DSB_DWZ_TournamentReport"
VERSION = "2.5"
#: tournamentType: Swiss, round robin, cup/KO; T… the team forms.
TYPES = ("SW", "SR", "SC", "TR", "TW", "TC")


def _uuid(text: str) -> str | None:
    try:
        uuid.UUID(text)
        return None
    except ValueError:
        return "UUID"


def _dsb_id(text: str) -> str | None:
    return None if valid_dsb_id(text) else "xml.expect.dsb_id"


def _vkz(text: str) -> str | None:
    return None if len(text) == 5 and text.isascii() and text.isalnum() else "xml.expect.zps"


def _number_or_none(text: str) -> str | None:
    return None if text == "true" or (text.isascii() and text.isdigit() and int(text) > 0) else "xml.expect.number_or_true"


def _points(text: str) -> str | None:
    return None if text in ("1", "0", "0.5", "+", "-") else "1, 0, 0.5, +, -"


#: The element table of §5.3: order, need (required / recommended / optional) and value forms.
SCHEMA: dict[str, tuple[El, ...]] = {
    ROOT: (El(("header",), "required"), El(("tournament",), "required"), El(("players",), "required"),
           El(("games",), "required")),
    "header": (El(("creationDate",), "required", check=not_empty), El(("sender",), "recommended"),
               El(("system",), "required", check=not_empty), El(("fileUUID",), "required", check=_uuid)),
    "tournament": (
        El(("tournamentUUID",), "required", check=_uuid), El(("label",), "required", check=not_empty),
        El(("tournamentType",), "required", check=one_of(*TYPES)), El(("timecontrol",), "recommended", check=not_empty),
        El(("rounds",), "required", check=is_int(1, 999)), El(("startDate",), "recommended", check=is_date),
        El(("endDate",), "required", check=is_date), El(("location",), "recommended", check=not_empty), El(("url",)),
        El(("ageClass",)), El(("notes",)),
    ),
    "players": (El(("player",), "required", many=True),),
    "player": (
        El(("tournamentPlayerNumber",), "required", check=is_int(1, 99999)), El(("dsbId",), check=_dsb_id),
        El(("surname",), "required", check=not_empty), El(("forename",), "recommended", check=not_empty),
        El(("dobYear",), "required", check=is_int(1900, 2100)), El(("dobDate",), check=is_date),
        El(("vkz",), check=_vkz), El(("numberClubMember",), check=is_int(1, 99999)), El(("club",)),
        El(("fideId",), check=is_int(1, 99_999_999_999)), El(("fideRating",), check=is_int(1, 5000)),
        El(("sex",), check=one_of("m", "w")),
    ),
    "games": (El(("game",), many=True),),
    "game": (
        El(("round",), "required", check=is_int(1, 999)), El(("date",), check=is_date),
        El(("tournamentPlayerNumberWhite", "noneWhitePlayer"), "required", check=_number_or_none),
        El(("tournamentPlayerNumberBlack", "noneBlackPlayer"), "required", check=_number_or_none),
        El(("pointWhite",), "required", check=_points), El(("pointBlack",), "required", check=_points),
    ),
}


@dataclass(frozen=True, slots=True)
class XmlOutput:
    """A written XML file and everything the portal or a rating officer would query in it."""

    text: str
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that make the file invalid (a required element missing or malformed)."""
        return tuple(p for p in self.problems if p.code in BLOCKING)


#: Problem codes that make an upload file invalid; the others are questions a rating officer would ask.
BLOCKING = frozenset({"xml_required_missing", "xml_value_invalid", "xml_order", "xml_unknown_element", "xml_repeated",
                      "xml_player_number_unknown", "xml_player_number_twice"})


def guess_tournament_type(t: Tournament) -> str:
    """SR/TR when everyone met everyone (a round robin, a league), else SW/TW.

    >>> from dwz.basics.model import Pairing, Player
    >>> from dwz.basics.values import Result as R
    >>> ps = tuple(Player(n, str(n)) for n in (1, 2, 3))
    >>> guess_tournament_type(Tournament("T", None, ps, (Pairing(1, 1, 2, R.WIN, R.LOSS),)))
    'SW'
    """
    met = {frozenset((g.white, g.black)) for g in t.pairings if g.black is not None}
    if t.teams:
        team_of: dict[int, set[int]] = {}
        for i, tm in enumerate(t.teams):
            for no in tm.lineup:
                team_of.setdefault(no, set()).add(i)
        matches = set()
        for pair in met:
            a, b = tuple(pair)
            if len(team_of.get(a, ())) == 1 and len(team_of.get(b, ())) == 1 and team_of[a] != team_of[b]:
                matches.add(frozenset(team_of[a] | team_of[b]))
        n = len(t.teams)
        return "TR" if n > 1 and len(matches) == n * (n - 1) // 2 else "TW"
    n = len(t.players)
    return "SR" if n > 1 and len(met) == n * (n - 1) // 2 else "SW"


class _Writer:
    """Builds the tree; a value that does not fit its element is left out and reported."""

    def __init__(self, ns: str) -> None:
        self.ns = ns
        self.problems: list[Problem] = []

    def tag(self, name: str) -> str:
        return f"{{{self.ns}}}{name}" if self.ns else name

    def add(self, parent: ET.Element, name: str, value: Any, place: str) -> ET.Element | None:
        if value is None:
            return None
        text = str(value)
        bad = invalid_xml_chars(text)
        if bad:
            text = "".join(c for c in text if c not in bad)
            self.problems.append(Problem(place, "xml_char_removed", repr(bad), {"element": name}))
        text = text.strip()
        if not text:
            return None
        el = ET.SubElement(parent, self.tag(name))
        el.text = text
        return el

    def drop(self, place: str, element: str, value: Any, expected: str) -> None:
        self.problems.append(Problem(place, "xml_value_dropped", str(value),
                                     {"element": element, "expected": expected, "label": f"xml.{element}"}))


def player_values(p: Player, w: _Writer, place: str, elements: dict[str, str] | None = None) -> dict[str, Any]:
    """The values of one player for both XML forms, each checked against its element's form;
    ``elements``: the form's element names where they differ from DSB XML 2.5's (for the reports)."""
    def el(name: str) -> str:
        return (elements or {}).get(name, name)

    surname, forename = split_name(p.name)
    dsb_id = p.dsb_id.strip() if p.dsb_id else None
    if dsb_id and not valid_dsb_id(dsb_id):
        w.drop(place, el("dsbId"), dsb_id, "PKZ, NU…, FI…")
        dsb_id = None
    dob: int | None = p.birth_year
    if p.computer:
        dob = 1900  # §5.3: 1900 marks a chess computer
    elif dob is not None and not 1900 < dob <= 2100:
        w.drop(place, el("dobYear"), dob, "xml.expect.dob")
        dob = None
    vkz = p.zps.strip() if p.zps else None
    if vkz and _vkz(vkz) is not None:
        w.drop(place, el("vkz"), vkz, "xml.expect.chars5")
        vkz = None
    member = p.member_no.strip() if p.member_no else None
    if member and not (member.isascii() and member.isdigit() and 0 < int(member) <= 99999):
        w.drop(place, el("numberClubMember"), member, "1–99999")
        member = None
    fide_id = p.fide_id.strip() if p.fide_id else None
    if fide_id and not (fide_id.isascii() and fide_id.isdigit() and int(fide_id) > 0):
        w.drop(place, el("fideId"), fide_id, "xml.expect.digits")
        fide_id = None
    elo = p.elo if p.elo is not None and 0 < p.elo <= 5000 else None
    return {"surname": surname, "forename": forename or None, "dsb_id": dsb_id, "dob": dob, "vkz": vkz,
            "member": member, "club": p.club, "fide_id": str(int(fide_id)) if fide_id else None,
            "elo": elo, "sex": p.sex if p.sex in ("m", "w") else None}


def player_ids(p: Player) -> tuple[str | None, str | None, str | None, str | None]:
    """(DSB-ID, ZPS, member number, FIDE-ID) of ``p`` as the writer puts them into the file — a value
    of another form is left out (:func:`player_values`): what the portal can identify him by."""
    v = player_values(p, _Writer(""), "")
    return v["dsb_id"], v["vkz"], v["member"], v["fide_id"]


def game_points(g: Pairing, w: _Writer, place: str) -> list[tuple[int, int | None, str, str]]:
    """(white, black or None, white's points, black's points) entries for one pairing.

    A game of less than one move has no code of its own: W:L is written as a forfeit,
    D:D as two unrated half points without opponent (reported).
    """
    rw, rb = g.result_white, g.result_black
    if g.black is None or rb is None:
        pw = POINTS_OF[rw]
        return [(g.white, None, pw, "-" if pw in "+-" else "0")]
    short = {Result.SHORT_WIN: "+", Result.SHORT_LOSS: "-"}
    if rw in (Result.SHORT_WIN, Result.SHORT_LOSS):
        w.problems.append(Problem(place, "xml_short_game", f"{rw.code}:{rb.code}", {"round": g.round}))
        return [(g.white, g.black, short[rw], short[rb])]
    if rw is Result.SHORT_DRAW:
        w.problems.append(Problem(place, "xml_short_game", f"{rw.code}:{rb.code}", {"round": g.round}))
        return [(g.white, None, "0.5", "0"), (g.black, None, "0.5", "0")]
    return [(g.white, g.black, POINTS_OF[rw], POINTS_OF[rb])]


def write_dsb_xml(
    t: Tournament,
    *,
    created: datetime | None = None,
    sender: str | None = None,
    system: str | None = None,
    file_uuid: str | None = None,
    tournament_uuid: str | None = None,
    tournament_type: str | None = None,
    time_control: str | None = None,
    location: str | None = None,
    notes: str | None = None,
) -> XmlOutput:
    """The DSB_DWZ_TournamentReport 2.5 of ``t``, checked against §5.3.

    Header values default to now, ``dwz <version>`` and fresh UUIDs; the tournament type
    to :func:`guess_tournament_type`.  Every value left out and everything missing is in
    ``problems`` (per player: ``field`` = ``player <no> <name>``).
    """
    from dwz import __version__

    w = _Writer(NAMESPACE)
    ET.register_namespace("", NAMESPACE)
    root = ET.Element(w.tag(ROOT), {"version": VERSION})
    head = ET.SubElement(root, w.tag("header"))
    w.add(head, "creationDate", (created or datetime.now()).isoformat(timespec="seconds"), "header")
    w.add(head, "sender", sender, "header")
    w.add(head, "system", system or f"dwz {__version__}", "header")
    w.add(head, "fileUUID", file_uuid or str(uuid.uuid4()), "header")
    tour = ET.SubElement(root, w.tag("tournament"))
    w.add(tour, "tournamentUUID", tournament_uuid or str(uuid.uuid4()), "tournament")
    w.add(tour, "label", t.name, "tournament")
    w.add(tour, "tournamentType", tournament_type or guess_tournament_type(t), "tournament")
    w.add(tour, "timecontrol", time_control or t.time_control, "tournament")  # given, else the file's
    w.add(tour, "rounds", max([t.rounds, *(g.round for g in t.pairings)]) or None, "tournament")
    w.add(tour, "startDate", t.start.isoformat() if t.start else None, "tournament")
    w.add(tour, "endDate", t.end.isoformat() if t.end else None, "tournament")
    w.add(tour, "location", location, "tournament")
    w.add(tour, "notes", notes, "tournament")
    players = ET.SubElement(root, w.tag("players"))
    for p in t.players:
        place = f"player {p.label}"
        v = player_values(p, w, place)
        if p.elo is not None and v["elo"] is None and p.elo > 0:  # the form holds 1–5000: left out, and said so
            w.drop(place, "fideRating", p.elo, "1–5000")
        el = ET.SubElement(players, w.tag("player"))
        for name, value in (("tournamentPlayerNumber", p.no), ("dsbId", v["dsb_id"]), ("surname", v["surname"]),
                            ("forename", v["forename"]), ("dobYear", v["dob"]), ("vkz", v["vkz"]),
                            ("numberClubMember", v["member"]), ("club", v["club"]), ("fideId", v["fide_id"]),
                            ("fideRating", v["elo"]), ("sex", v["sex"])):
            w.add(el, name, value, place)
    games = ET.SubElement(root, w.tag("games"))
    for g in t.pairings:
        place = f"game round {g.round}: {g.white}–{g.black if g.black is not None else '–'}"
        for white, black, pw, pb in game_points(g, w, place):
            el = ET.SubElement(games, w.tag("game"))
            w.add(el, "round", g.round, place)
            w.add(el, "tournamentPlayerNumberWhite", white, place)
            if black is None:
                w.add(el, "noneBlackPlayer", "true", place)
            else:
                w.add(el, "tournamentPlayerNumberBlack", black, place)
            w.add(el, "pointWhite", pw, place)
            w.add(el, "pointBlack", pb, place)
    ET.indent(root, "  ")
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
    # 1900 is written for computers only (non-computers' 1900 was left out above): no question to ask.
    problems = w.problems + [p for p in _check(root, "output", {}) if p.code != "xml_dob_computer"]
    return XmlOutput(text, tuple(problems))


# ---------------------------------------------------------------- checking and reading


def _child(el: ET.Element, *names: str) -> ET.Element | None:
    return next((c for c in el if local(c.tag) in names), None)


def _text(el: ET.Element | None, *names: str) -> str | None:
    c = _child(el, *names) if el is not None else None
    if c is None:
        return None
    s = (c.text or "").strip()
    return s or None


def _where(el: ET.Element, path: str) -> str:
    name = local(el.tag)
    if name == "player":
        no = _text(el, "tournamentPlayerNumber") or "?"
        return f"player {no} {join_name(_text(el, 'surname') or '', _text(el, 'forename') or '')}".rstrip()
    if name == "game":
        white = _text(el, "tournamentPlayerNumberWhite") or "–"
        black = _text(el, "tournamentPlayerNumberBlack") or "–"
        return f"game round {_text(el, 'round') or '?'}: {white}–{black}"
    return name if name != ROOT else "file"


def _check(root: ET.Element, fname: str, lines: dict[int, int]) -> list[Problem]:
    problems = check_tree(root, SCHEMA, fname, lines, _where)
    numbers: dict[str, ET.Element] = {}
    players = _child(root, "players")
    for el in players if players is not None else ():
        no = _text(el, "tournamentPlayerNumber")
        if no is None:
            continue
        if no in numbers:
            problems.append(Problem(_where(el, ""), "xml_player_number_twice", no, {"line": lines.get(id(el), "–")}))
        numbers[no] = el
        if _text(el, "dobYear") == "1900":
            problems.append(Problem(_where(el, ""), "xml_dob_computer", "1900", {"line": lines.get(id(el), "–")}))
    games = _child(root, "games")
    for el in games if games is not None else ():
        for side in ("tournamentPlayerNumberWhite", "tournamentPlayerNumberBlack"):
            no = _text(el, side)
            if no is not None and no not in numbers:
                problems.append(Problem(_where(el, ""), "xml_player_number_unknown", no, {"line": lines.get(id(el), "–")}))
    return problems


def check_dsb_xml(source: Source, *, name: str | None = None) -> tuple[Problem, ...]:
    """Every problem of a DSB XML 2.5 file against §5.3 (order, required elements, forms)."""
    return check_document(source, name, ROOT, _check)


def read_dsb_xml(source: Source, *, name: str | None = None) -> Tournament:
    """Read a DSB_DWZ_TournamentReport (path, bytes or text) into a :class:`Tournament`."""
    root, lines, fname = open_document(source, name, ROOT)
    errors = Problems()
    notes = Problems(cap=MAX_NOTES)
    tour = _child(root, "tournament")
    players_el = _child(root, "players")
    games_el = _child(root, "games")
    players: list[Player] = []
    for el in players_el if players_el is not None else ():
        if local(el.tag) != "player":
            continue
        p = player_from(el, fname, lines.get(id(el)), errors, {
            "no": "tournamentPlayerNumber", "surname": "surname", "forename": "forename", "dob": "dobYear",
            "dsb_id": "dsbId", "zps": "vkz", "member_no": "numberClubMember", "club": "club", "fide_id": "fideId",
            "elo": "fideRating", "sex": "sex"})
        if p is not None:
            players.append(p)
    pairings: list[Pairing] = []
    for el in games_el if games_el is not None else ():
        if local(el.tag) != "game":
            continue
        line = lines.get(id(el))
        rnd = _int(_text(el, "round"), fname, line, "round", errors)
        white = _int(_text(el, "tournamentPlayerNumberWhite"), fname, line, "tournamentPlayerNumberWhite", errors)
        black = _int(_text(el, "tournamentPlayerNumberBlack"), fname, line, "tournamentPlayerNumberBlack", errors)
        pw, pb = norm_points(_text(el, "pointWhite")), norm_points(_text(el, "pointBlack"))
        if rnd is None:
            errors.append(problem(fname, line, "xml_element_missing", "round"))
            continue
        pairings.extend(game_from(rnd, white, black, pw, pb, f"{pw}:{pb}", fname, line, errors, notes))
    rounds = _int(_text(tour, "rounds"), fname, lines.get(id(tour)), "rounds", errors) if tour is not None else None
    if errors:
        raise InputError(errors)
    return Tournament(
        name=_text(tour, "label") or "", end=_date(_text(tour, "endDate"), fname, tour, lines, notes),
        players=tuple(players), pairings=tuple(pairings), rounds=rounds or 0,
        start=_date(_text(tour, "startDate"), fname, tour, lines, notes), source=fname, notes=tuple(capped(notes, MAX_NOTES)),
        time_control=_text(tour, "timecontrol") if tour is not None else None,
    )


def _int(text: str | None, fname: str, line: int | None, element: str, errors: list[Problem]) -> int | None:
    if text is None:
        return None
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    errors.append(problem(fname, line, "xml_number_invalid", text, element=element))
    return None


def _rating(text: str | None, fname: str, line: int | None, element: str, errors: list[Problem]) -> int | None:
    """A DWZ or Elo element: a number within the range every reader keeps (0–9999), else an error."""
    value = _int(text, fname, line, element, errors)
    lo, hi = RANGES["rating"]
    if value is not None and not lo <= value <= hi:
        errors.append(problem(fname, line, "number_range", value, column=f"<{element}>", min=lo, max=hi))
        return None
    return value


def _date(text: str | None, fname: str, el: ET.Element | None, lines: dict[int, int], notes: list[Problem]) -> date | None:
    return header_date(text, fname, lines.get(id(el)) if el is not None else None, notes)


def player_from(el: ET.Element, fname: str, line: int | None, errors: list[Problem], names: dict[str, str]) -> Player | None:
    """A player element of either form (``names``: our field → element name)."""
    no = _int(_text(el, names["no"]), fname, line, names["no"], errors)
    if no is None:
        errors.append(problem(fname, line, "xml_element_missing", names["no"]))
        return None
    surname = _text(el, names["surname"]) or ""
    forename = _text(el, names["forename"]) or ""
    dob_text = _text(el, names["dob"])
    birth: int | None = None
    computer = False
    if dob_text:
        year = dob_text[:4]
        if year.isascii() and year.isdigit():
            birth = int(year)
            if birth == 1900 and names["dob"] == "dobYear":  # §5.3: 1900 = chess computer
                birth, computer = None, True
        else:
            errors.append(problem(fname, line, "xml_number_invalid", dob_text, element=names["dob"]))
    elo = _rating(_text(el, names["elo"]), fname, line, names["elo"], errors) if names.get("elo") else None
    rating = _rating(_text(el, names["rating"]), fname, line, names["rating"], errors) if names.get("rating") else None
    if birth is not None and not RANGES["birth_year"][0] <= birth <= RANGES["birth_year"][1]:
        errors.append(problem(fname, line, "number_range", birth, column=f"<{names['dob']}>", min=RANGES["birth_year"][0],
                              max=RANGES["birth_year"][1]))
        birth = None
    sex = (_text(el, names["sex"]) or "").lower() if names.get("sex") else ""
    fide = _text(el, names["fide_id"])
    member = _text(el, names["member_no"])
    return Player(
        no=no, name=join_name(surname, forename), rating=rating or None, elo=elo or None, birth_year=birth,
        club=_text(el, names["club"]), zps=_text(el, names["zps"]), member_no=member if member and member.strip("0") else None,
        dsb_id=_text(el, names["dsb_id"]), fide_id=fide if fide and fide.strip("0") else None,
        sex=sex if sex in ("m", "w") else None, computer=computer, source=f"{fname}:{line}" if line else fname,
    )


def game_from(rnd: int, white: int | None, black: int | None, pw: str | None, pb: str | None, raw: str, fname: str,
              line: int | None, errors: list[Problem], notes: list[Problem]) -> list[Pairing]:
    """The pairings of one game element of either form (``pw``/``pb`` normalised points)."""
    where = f"{fname}:{line}" if line else fname
    if white is None and black is None:
        errors.append(problem(fname, line, "xml_element_missing", "white/black"))
        return []
    if white is None or black is None:
        me, mine = (white, pw) if white is not None else (black, pb)
        assert me is not None
        result = ONE_SIDED.get(mine or "")
        if result is None:
            errors.append(problem(fname, line, "xml_result_unknown", raw, expected="1, 0, 0.5, +, -"))
            return []
        return [Pairing(rnd, me, None, result, None, where)]
    pair = GAME_RESULTS.get((pw or "", pb or ""))
    if pair is not None:
        return [Pairing(rnd, white, black, pair[0], pair[1], where)]
    a, b = ONE_SIDED.get(pw or ""), ONE_SIDED.get(pb or "")
    if a is None or b is None or a.halves + b.halves > 2:
        errors.append(problem(fname, line, "xml_result_unknown", raw, expected="1:0, 0:1, ½:½, +:-, -:+, -:-, ½:0, 0:½, 0:0"))
        return []
    # An irregular result (½:0, 0:0, ½:−, …) is no game of the model: each side is an unrated entry.
    notes.append(problem(fname, line, "xml_result_split", raw, round=rnd, white=white, black=black))
    return [Pairing(rnd, white, None, a, None, where), Pairing(rnd, black, None, b, None, where)]
