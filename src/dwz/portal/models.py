"""The portal's JSON as typed, immutable values (spec portal.md, "Response shapes").

Each ``from_json`` takes the decoded JSON and the place it stands at (for messages); a field the
client needs that is missing or of another type raises :class:`~dwz.portal.errors.ShapeError`
naming the place (``players[3].playerUuid``).  Fields it does not know are ignored — the portal's
answers are known from one careful client, not from documentation.  Unset values are absent in
nu's answers (never 0): they become ``None``.

>>> p = Person.from_json({"nuLigaPersonId": "NU4338664", "firstname": "Karsten", "lastname": "Müller",
...                       "birthyear": "1970", "rating": 2385, "index": 99, "new": "ignored"}, "")
>>> p.name, p.birth_year, p.rating, p.index
('Müller,Karsten', 1970, 2385, 99)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from dwz.portal.errors import ShapeError

__all__ = ["RATED_RESULTS", "RESULT_CODES", "Club", "Evaluation", "History", "HistoryEntry", "Match", "Membership", "Page", "Person",
           "TournamentInfo", "TournamentPlayer", "Upgrade", "parse_page", "rating_text"]

# Match result codes (recorded: samples/portal/nu_recorded_values.json, match_result_codes)
RATED_RESULTS = ("WHITE_WINS", "BLACK_WINS", "REMIS", "ZERO_HALF", "HALF_ZERO")
FORFEIT_RESULTS = ("PLUS_MINUS", "MINUS_PLUS", "MINUS_MINUS", "ZERO_MINUS", "MINUS_ZERO")
RESULT_CODES = RATED_RESULTS + FORFEIT_RESULTS
RESULT_DISPLAY = {"WHITE_WINS": "1:0", "BLACK_WINS": "0:1", "REMIS": "½:½", "PLUS_MINUS": "+:-", "MINUS_PLUS": "-:+",
                  "MINUS_MINUS": "-:-", "ZERO_MINUS": "0:-", "MINUS_ZERO": "-:0", "ZERO_HALF": "0:½", "HALF_ZERO": "½:0"}


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object" if isinstance(v, dict) else type(v).__name__


class _Obj:
    """A JSON object being read: typed getters that name the place of what does not fit."""

    __slots__ = ("d", "where")

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ShapeError(where or "(root)", "object", _kind(data))
        self.d: dict[str, Any] = data
        self.where = where

    def at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def _get(self, key: str, required: bool, expected: str) -> Any:
        v = self.d.get(key)
        if v is None and required:
            raise ShapeError(self.at(key), expected, "missing")
        return v

    def text(self, key: str, required: bool = False) -> str | None:
        v = self._get(key, required, "text")
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise ShapeError(self.at(key), "text", _kind(v))
        s = str(v).strip()
        if not s and required:
            raise ShapeError(self.at(key), "text", "empty")
        return s or None

    def integer(self, key: str, required: bool = False) -> int | None:
        """A whole number; nu writes some as text ("birthyear": "1970") or as 28.0."""
        v = self._get(key, required, "integer")
        if v is None:
            return None
        if isinstance(v, str) and re.fullmatch(r"-?[0-9]{1,9}", v.strip()):
            return int(v.strip())
        if isinstance(v, str) and not v.strip() and not required:
            return None
        if isinstance(v, float) and math.isfinite(v) and v.is_integer() and abs(v) < 1e9:
            return int(v)
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) >= 10**9:
            raise ShapeError(self.at(key), "integer", _kind(v))
        return v

    def number(self, key: str, required: bool = False) -> float | None:
        v = self._get(key, required, "number")
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) >= 1e9:
            raise ShapeError(self.at(key), "number", _kind(v))
        return float(v)

    def boolean(self, key: str) -> bool | None:
        v = self.d.get(key)
        if v is None:
            return None
        if not isinstance(v, bool):
            raise ShapeError(self.at(key), "boolean", _kind(v))
        return v

    def day(self, key: str, required: bool = False) -> date | None:
        s = self.text(key, required)
        if s is None:
            return None
        try:
            return date.fromisoformat(s[:10])
        except ValueError:
            raise ShapeError(self.at(key), "date", repr(s[:40])) from None

    def obj(self, key: str, required: bool = False) -> _Obj | None:
        v = self._get(key, required, "object")
        return None if v is None else _Obj(v, self.at(key))

    def array(self, key: str, required: bool = False) -> list[Any]:
        v = self._get(key, required, "array")
        if v is None:
            return []
        if not isinstance(v, list):
            raise ShapeError(self.at(key), "array", _kind(v))
        return v


def rating_text(rating: int | None, index: int | None) -> str:
    """"1887-44", "1887", or "–"."""
    if rating is None:
        return "–"
    return f"{rating}-{index}" if index is not None else str(rating)


@dataclass(frozen=True, slots=True, kw_only=True)
class Membership:
    """A current club membership (``memberships[]``)."""

    vkz: str | None
    member_no: str | None
    club_name: str | None
    licence_state: str | None  # ACTIVE / PASSIVE
    region_name: str | None = None
    federation_name: str | None = None

    @classmethod
    def from_json(cls, data: Any, where: str) -> Membership:
        o = _Obj(data, where)
        return cls(vkz=o.text("vkz"), member_no=o.text("memberNo"), club_name=o.text("clubName"), licence_state=o.text("licenceState"),
                   region_name=o.text("regionName"), federation_name=o.text("federationName"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Person:
    """A player of the DWZ list (``/dwz/dwzliste/persons``): his current DWZ (absent without one)."""

    nu_id: str
    uuid: str | None
    firstname: str | None
    lastname: str | None
    birth_year: int | None
    gender: str | None
    fide_id: str | None
    rating: int | None
    index: int | None
    last_evaluation: str | None  # year and week of the last evaluation, "2026-20"
    memberships: tuple[Membership, ...]

    @property
    def name(self) -> str:
        return f"{self.lastname or ''},{self.firstname or ''}".strip(",") or self.nu_id

    @classmethod
    def from_json(cls, data: Any, where: str) -> Person:
        o = _Obj(data, where)
        nu_id = o.text("nuLigaPersonId", required=True)
        assert nu_id is not None
        return cls(nu_id=nu_id, uuid=o.text("uuid"), firstname=o.text("firstname"), lastname=o.text("lastname"),
                   birth_year=o.integer("birthyear"), gender=o.text("gender"), fide_id=o.text("fideId"), rating=o.integer("rating"),
                   index=o.integer("index"), last_evaluation=o.text("weekOfLastTournamentEvaluation"),
                   memberships=tuple(Membership.from_json(m, f"{o.at('memberships')}[{i}]") for i, m in enumerate(o.array("memberships"))))

    def evaluation_monday(self) -> date | None:
        """The Monday of the week of the last evaluation ("2026-20", "202620"), if known: the date of the current value."""
        m = re.fullmatch(r"(\d{4})-?W?(\d{1,2})", self.last_evaluation or "")
        if m is None:
            return None
        try:
            return date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
        except ValueError:
            return None

    def to_dict(self) -> dict[str, Any]:
        return {"nu_id": self.nu_id, "name": self.name, "firstname": self.firstname, "lastname": self.lastname,
                "birth_year": self.birth_year, "gender": self.gender, "fide_id": self.fide_id, "rating": self.rating,
                "index": self.index, "last_evaluation": self.last_evaluation,
                "memberships": [{"vkz": m.vkz, "member_no": m.member_no, "club": m.club_name, "licence": m.licence_state}
                                for m in self.memberships]}


@dataclass(frozen=True, slots=True, kw_only=True)
class Club:
    """A club of ``/dwz/dwzliste/clubs``."""

    vkz: str
    name: str | None
    federation: str | None
    deleted: bool

    @classmethod
    def from_json(cls, data: Any, where: str) -> Club:
        o = _Obj(data, where)
        vkz = o.text("clubVkz", required=True)
        assert vkz is not None
        return cls(vkz=vkz, name=o.text("clubName"), federation=o.text("federation"), deleted=o.text("state") == "DELETE_STATE_TRUE")


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentInfo:
    """A tournament (``/dwz/tournaments``, ``/dwz/tournaments/{uuid}``, ``evaluation.tournament``)."""

    uuid: str | None
    label: str | None
    vkz: str | None
    start: date | None
    end: date | None
    processing_state: str | None
    rating_state: str | None  # RATED, UNRATED, PENDING, NOT_RATED
    location: str | None
    player_count: int | None
    match_count: int | None
    last_calculated: str | None

    @classmethod
    def from_json(cls, data: Any, where: str, *, need_uuid: bool = True) -> TournamentInfo:
        o = _Obj(data, where)
        return cls(uuid=o.text("uuid", required=need_uuid), label=o.text("label"), vkz=o.text("vkz"), start=o.day("startdate"),
                   end=o.day("enddate"), processing_state=o.text("processingState"), rating_state=o.text("ratingState"),
                   location=o.text("location"), player_count=o.integer("playerCount"), match_count=o.integer("matchCount"),
                   last_calculated=o.text("lastCalculated"))

    def to_dict(self) -> dict[str, Any]:
        return {"uuid": self.uuid, "label": self.label, "vkz": self.vkz, "start": self.start.isoformat() if self.start else None,
                "end": self.end.isoformat() if self.end else None, "rating_state": self.rating_state,
                "processing_state": self.processing_state, "location": self.location, "players": self.player_count,
                "matches": self.match_count, "last_calculated": self.last_calculated}


_DISPLAY_NUMBER = re.compile(r"^\(?\s*(\d{1,4})(?:\s*-\s*(\d{1,3}))?\s*\)?$")


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentPlayer:
    """A participant as the portal evaluated him (evaluation ``players[]``, ``whitePlayer``, history entries).

    The DSB table's columns: DWZ alt = ``rating_old``-``index_old``, W = ``wins``, n = ``games``,
    We = ``wins_expected``, E or K = ``factor_k``, Niveau = ``average_opponents``, Leistung =
    ``performance``, DWZ neu = ``rating_new``-``index_new``."""

    player_uuid: str | None
    nu_id: str | None
    firstname: str | None
    lastname: str | None
    birth_year: int | None
    vkz: str | None
    member_no: str | None
    club_name: str | None
    fide_id: str | None
    player_no: int | None
    elo: int | None
    member: bool | None
    rating_old: int | None
    index_old: int | None
    rating_new: int | None
    index_new: int | None
    factor_k: float | None
    average_opponents: int | None
    wins: float | None
    games: int | None
    wins_expected: float | None
    performance: int | None
    rating_old_display: str | None
    rating_new_display: str | None
    factor_k_display: str | None

    @property
    def name(self) -> str | None:
        joined = f"{self.lastname or ''},{self.firstname or ''}".strip(",")
        return joined or None

    @property
    def key(self) -> str | None:
        """What identifies him across the evaluation and the matches: ``playerUuid``, else the NU id."""
        return self.player_uuid or self.nu_id

    @classmethod
    def from_json(cls, data: Any, where: str, *, need_uuid: bool = False) -> TournamentPlayer:
        o = _Obj(data, where)
        if need_uuid and o.d.get("playerUuid") is None and o.d.get("nuLigaPersonId") is None:
            raise ShapeError(o.at("playerUuid"), "text", "missing")  # one of the two is needed to join evaluation and matches
        return cls(player_uuid=o.text("playerUuid"), nu_id=o.text("nuLigaPersonId"), firstname=o.text("firstname"),
                   lastname=o.text("lastname"), birth_year=o.integer("birthyear"), vkz=o.text("vkz"), member_no=o.text("memberNo"),
                   club_name=o.text("clubName"), fide_id=o.text("fideId"), player_no=o.integer("playerNo"), elo=o.integer("eloPlayer"),
                   member=o.boolean("member"), rating_old=o.integer("ratingOld"), index_old=o.integer("indexOld"), rating_new=o.integer("ratingNew"),
                   index_new=o.integer("indexNew"), factor_k=o.number("factorK"), average_opponents=o.integer("averageRatingCompetitors"),
                   wins=o.number("wins"), games=o.integer("numberOfGames"), wins_expected=o.number("winsExpected"),
                   performance=o.integer("tournamentPerformance"), rating_old_display=o.text("ratingOldDisplayString"),
                   rating_new_display=o.text("ratingNewDisplayString"), factor_k_display=o.text("factorKDisplayString"))

    @staticmethod
    def display_number(display: str | None) -> tuple[int, int | None, bool] | None:
        """(value, index, in parentheses) of a display string: "1887 - 44", "1554", "(1318)".

        >>> TournamentPlayer.display_number("1887 - 44"), TournamentPlayer.display_number("(1318)")
        ((1887, 44, False), (1318, None, True))
        """
        m = _DISPLAY_NUMBER.match((display or "").strip())
        if m is None:
            return None
        return int(m.group(1)), int(m.group(2)) if m.group(2) else None, display.strip().startswith("(") if display else False


@dataclass(frozen=True, slots=True, kw_only=True)
class Match:
    """A pairing of ``/dwz/tournaments/{uuid}/matches``: ``expected`` is White's expectation."""

    round: int
    result: str
    expected: float | None
    restpartie: bool | None
    white: TournamentPlayer | None
    black: TournamentPlayer | None

    @classmethod
    def from_json(cls, data: Any, where: str) -> Match:
        o = _Obj(data, where)
        rnd = o.integer("round", required=True)
        result = o.text("result", required=True)
        assert rnd is not None and result is not None
        if result not in RESULT_CODES:
            raise ShapeError(o.at("result"), "result_code", repr(result[:40]))
        white, black = o.obj("whitePlayer"), o.obj("blackPlayer")
        rest = o.d.get("restpartie")
        return cls(round=rnd, result=result, expected=o.number("expected"), restpartie=rest if isinstance(rest, bool) else None,
                   white=TournamentPlayer.from_json(white.d, white.where, need_uuid=True) if white else None,
                   black=TournamentPlayer.from_json(black.d, black.where, need_uuid=True) if black else None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Evaluation:
    """``/dwz/tournaments/{uuid}/evaluation``: the tournament and every participant's row."""

    tournament: TournamentInfo | None
    players: tuple[TournamentPlayer, ...]

    @classmethod
    def from_json(cls, data: Any, where: str) -> Evaluation:
        o = _Obj(data, where)
        t = o.obj("tournament")
        players = o.array("players", required=True)
        return cls(tournament=TournamentInfo.from_json(t.d, t.where, need_uuid=False) if t else None,
                   players=tuple(TournamentPlayer.from_json(p, f"{o.at('players')}[{i}]", need_uuid=True) for i, p in enumerate(players)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Upgrade:
    """An entry of the history's ``upgrades``: the Umstufung 2026, a deletion — its numbers may be absent."""

    reference_date: date | None
    name: str
    rating_old: int | None
    index_old: int | None
    rating_new: int | None
    index_new: int | None

    @classmethod
    def from_json(cls, data: Any, where: str) -> Upgrade:
        o = _Obj(data, where)
        return cls(reference_date=o.day("referenceDate"), name=o.text("name") or "", rating_old=o.integer("ratingOld"),
                   index_old=o.integer("indexOld"), rating_new=o.integer("ratingNew"), index_new=o.integer("indexNew"))


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryEntry:
    tournament: TournamentInfo
    player: TournamentPlayer


@dataclass(frozen=True, slots=True, kw_only=True)
class History:
    """``/dwz/persons/{id}/history``: the person, the evaluated tournaments and the upgrades (newest first)."""

    person: Person | None
    entries: tuple[HistoryEntry, ...]
    upgrades: tuple[Upgrade, ...]

    @classmethod
    def from_json(cls, data: Any, where: str) -> History:
        o = _Obj(data, where)
        person = o.obj("person")
        entries = []
        for i, e in enumerate(o.array("entries")):
            eo = _Obj(e, f"{o.at('entries')}[{i}]")
            t, p = eo.obj("tournament", required=True), eo.obj("player", required=True)
            assert t is not None and p is not None
            entries.append(HistoryEntry(tournament=TournamentInfo.from_json(t.d, t.where, need_uuid=False),
                                        player=TournamentPlayer.from_json(p.d, p.where)))
        return cls(person=Person.from_json(person.d, person.where) if person else None, entries=tuple(entries),
                   upgrades=tuple(Upgrade.from_json(u, f"{o.at('upgrades')}[{i}]") for i, u in enumerate(o.array("upgrades"))))


@dataclass(frozen=True, slots=True)
class Page:
    """One answer of a list endpoint: its items (raw JSON) and ``metadata.totalCount``."""

    items: tuple[Any, ...]
    total: int | None


def parse_page(data: Any, where: str, *, need_total: bool) -> Page:
    """``{"data":[…], "metadata":{"totalCount":N}}`` (``links`` ignored)."""
    o = _Obj(data, where)
    items = o.array("data", required=True)
    meta = o.obj("metadata", required=need_total)
    total = meta.integer("totalCount", required=need_total) if meta is not None else None
    return Page(tuple(items), total)
