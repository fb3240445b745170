"""Typed request models of the JSON API.

Fields are deliberately lenient where users type (``"1650-12"``, ``"½"``, ``"19x5"``):
the engine validates them and its messages name the field and the rule in the
user's language.  Sizes are bounded so a request cannot make the server work
without limit, and magnitudes so no value reaches the engine that the rules
cannot mean: no float is NaN or infinite, no integer leaves its range (so no
answer can hold a number beyond 64 bits), no text holds a number of more than
``MAX_DIGITS`` digits or a lone surrogate.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

__all__ = [
    "MAX_DIGITS",
    "MAX_EVENTS",
    "MAX_GAMES",
    "CompressionRequest",
    "DwzRequest",
    "DwzResult",
    "EloInitialRequest",
    "EloRequest",
    "GameIn",
    "PasteRequest",
    "ScenarioRequest",
    "UmstufungRequest",
]

MAX_GAMES = 200  # more than any single-player tournament; bounds the work per request
MAX_EVENTS = 20  # events of an initial-rating request: at most MAX_EVENTS × MAX_GAMES games
MAX_DIGITS = 9  # the longest number a typed value may hold (a rating has 4 digits, a date's year 4)
_SHORT = 40  # longest plausible typed value ("1650-12", "2026-09-14", "1/2-1/2")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")  # \d: every Unicode digit, which int() reads too


def _encodable(v: str) -> str:
    if not v.isascii():
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate ("\udcff" in the JSON)
            raise PydanticCustomError("string_unicode", "text with an invalid character", {}) from None
    return v


def _plain_text(v: str) -> str:
    if len(v) <= MAX_DIGITS and v.isascii():  # the usual "1650-12", "2026-09-14", "1580:1": nothing to check
        return v
    if _LONG_NUMBER.search(v):
        raise PydanticCustomError("digits_too_long", "a number of at most {max} digits", {"max": MAX_DIGITS})
    return _encodable(v)


Short = Annotated[str, Field(max_length=_SHORT), AfterValidator(_plain_text)]


def _four_digit_year(v: Any) -> Any:
    """A birth year of one or two digits is refused with the year meant ("10" → 2010), as
    everywhere (:func:`dwz.basics.parsing.parse_birth_year`) — before the range check, whose
    "at least 1850" would not say it; the error type is the engine's problem code."""
    from dwz.basics.errors import InputError
    from dwz.basics.parsing import BIRTH_YEAR_MIN, parse_birth_year

    if isinstance(v, bool) or not isinstance(v, (int, str)) or (isinstance(v, int) and v >= BIRTH_YEAR_MIN):
        return v
    try:
        parse_birth_year(v)
    except InputError as e:
        p = e.problems[0]
        if p.code != "birth_year_invalid":
            raise PydanticCustomError(p.code, "birth year of four digits", {"value": p.value, **p.params}) from None
    return v
def _edition_word(v: str) -> str:
    """A word naming a registered edition (its name or an alias), looked up when a request comes:
    an edition registered after this module was imported is taken too."""
    from dwz.rules import accepted

    if v not in accepted():  # exactly as listed (the schema's enum)
        raise PydanticCustomError("literal_error", "Input should be {expected}",
                                  {"expected": ", ".join(repr(w) for w in accepted())})
    return v


def _edition_schema(schema: dict[str, Any]) -> None:
    """The registry's words as the field's ``enum``, read when the schema is generated (per app)."""
    from dwz.rules import accepted

    schema["enum"] = list(accepted())


# The rule edition a request forces: every edition the registry holds (dwz.rules), by name or alias.
EditionWord = Annotated[str, Field(max_length=_SHORT, json_schema_extra=_edition_schema), AfterValidator(_edition_word)]
Number = Annotated[int, Field(ge=-(10**9), le=10**9)]
RatingValue = Number | Short | None
# No request model accepts NaN or ±Infinity (JSON "NaN", "Infinity", 1e999): pydantic's
# allow_inf_nan is off in every model below.
_CONFIG = ConfigDict(extra="forbid", allow_inf_nan=False)


class GameIn(BaseModel):
    """One game from the player's point of view."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, json_schema_extra={"examples": [{"opponent": 1580, "result": "1"}]})

    opponent: RatingValue = Field(None, description="Opponent's rating; empty/null/0 = no rating (game not counted).")
    result: Annotated[float, Field(ge=-10, le=10)] | Short = Field(
        ..., description="1, ½ (0.5, =, r), 0; forfeits + and - (not counted).")
    name: Annotated[str, Field(max_length=200), AfterValidator(_encodable)] | None = Field(
        None, description="Opponent's name (only echoed back).")


GameItem = GameIn | Short
Games = Annotated[list[GameItem], Field(max_length=MAX_GAMES)]

_GAMES_DOC = 'Games as objects {"opponent": 1580, "result": "1"} or text "1580:1" ("1720:=", "1810:0", "1600:+").'


class _Person(BaseModel):
    model_config = _CONFIG

    end: Short | None = Field(None, description="Tournament end, YYYY-MM-DD or DD.MM.YYYY (default: today); selects the rule edition.",
                              examples=["2026-09-14"])
    birth_year: RatingValue = Field(None, description="Birth year; age = end year − birth year. None: adult assumed.",
                                    examples=[1985])
    age_group: Literal["youth", "junior", "adult"] | None = Field(None, description="Instead of the birth year.")
    rules: EditionWord | None = Field(None, description="Force a rule edition (default: by the end date).")
    scale: Literal["old", "new", "alt", "neu"] | None = Field(
        None, description='All values at once (own DWZ and opponents): "old" ("alt"): from before the Umstufung 2026, converted '
                          'first (own DWZ with index + 1); under the classic rules nothing changes (a note). own_scale and '
                          'opponents_scale, where given, win over it.')
    own_scale: Literal["old", "new", "alt", "neu"] | None = Field(
        None, description='The own DWZ: "old" ("alt"): from a card or list of before the Umstufung 2026, converted '
                          'first (index + 1). Not given under the 2026 rules: a DWZ below 1100 is refused (422), one from 1100 '
                          'is taken as a value of the new scale (an assumption in the Rechenweg).')
    opponents_scale: Literal["old", "new", "alt", "neu"] | None = Field(
        None, description='The opponents\' DWZ (games, open games, Restpartien): "old" ("alt"): from before the Umstufung 2026, '
                          'each converted first. Not given: a value below 1100 is a warning.')
    rating_date: Short | None = Field(
        None, description='Date of the own DWZ (the "Stand" of its card or list), YYYY-MM-DD: before the Umstufung 2026 it is old-scale '
                          'and converted first; from then on it is a value of the new scale.', examples=["2026-05-01"])


class DwzRequest(_Person):
    """New DWZ after one tournament; without a DWZ (empty or 0) the first DWZ."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, json_schema_extra={"examples": [{
        "rating": "1650-12", "birth_year": 1985, "end": "2026-09-14",
        "games": ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="],
    }]})

    rating: RatingValue = Field(None, description='DWZ-index "1650-12", or "1650"; empty/0 = no DWZ yet → first DWZ.')
    index: RatingValue = Field(None, description="Index, if not part of rating.")
    games: Games = Field(default_factory=list, description=_GAMES_DOC)
    restpartien: Games = Field(default_factory=list, description="Stored games from earlier tournaments (first DWZ only).")
    points: Annotated[float, Field(ge=-1000, le=1000)] | None = Field(None, description="W of a rating-card line (instead of games).")
    count: Annotated[int, Field(ge=-1000, le=1000)] | None = Field(None, description="n of a rating-card line.")
    expected: Annotated[float, Field(ge=-1000, le=1000)] | None = Field(None, description="We of a rating-card line.")


class Reading(BaseModel):
    """One reading of an own DWZ whose scale is unsaid (issue 22 §3)."""

    own_scale: Literal["new", "old"] = Field(..., description="new: the DWZ as a value after the Umstufung 2026; old: from a card "
                                                             "or list dated before it, converted first (index + 1).")
    rating: int = Field(..., description="The own DWZ as given.")
    index: int | None = Field(None, description="Its index as given.")
    old_rating: int = Field(..., description="The own DWZ the tournament is rated from (old: after the Umstufung).")
    old_index: int | None = None
    new_rating: int = Field(..., description="The new DWZ of this reading.")
    new_index: int | None = None
    change: int = Field(..., description="new_rating − old_rating.")
    switch: str = Field(..., description="The day of the Umstufung (YYYY-MM-DD).")


class ReadingTexts(BaseModel):
    """Both readings in words, in the requested language; ``settle`` worded for ``wording``."""

    head: str = Field(..., description='Both new DWZ: "Neue DWZ: 1555-21 (+55) oder 1743-22 (+23) – je nach Skala Ihrer DWZ 1500-20".')
    new: str
    old: str
    settle: str = Field(..., description="What says the scale (own_scale, rating_date).")
    details: str = Field(..., description="The result's other keys are the reading after the Umstufung.")
    label_new: str
    label_old: str


class ScaleReadings(BaseModel):
    """Both readings, where the own DWZ could be on either scale."""

    new: Reading
    old: Reading
    texts: ReadingTexts


class DwzResult(BaseModel):
    """The answer of POST /api/dwz (documented here; its other keys as in the example).

    Where the own DWZ's scale is unsaid and could be either (a value the Umstufung 2026 can produce,
    no own_scale, rating_date or scale), no single number is the answer: ``scale_doubtful`` is true
    and ``readings`` holds both.  The result's keys (new_rating, steps …) keep their meaning: the own
    DWZ taken as a value after the Umstufung — the assumption its Rechenweg states.  With the scale
    said, ``scale_doubtful`` is false and ``readings`` null."""

    model_config = ConfigDict(extra="allow")

    kind: Literal["folge", "first"]
    scale_doubtful: bool | None = Field(None, description="Folge-DWZ only: the own DWZ could be on either scale.")
    readings: ScaleReadings | None = Field(None, description="Both readings where scale_doubtful (else null).")


class ScenarioRequest(_Person):
    """New DWZ for every score against the open games."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, json_schema_extra={"examples": [{
        "rating": "1650-12", "birth_year": 1985, "end": "2026-09-14", "opponents": [1580, 1720, 1810, 1600, 1690],
    }]})

    rating: RatingValue = Field(None, description='"1650-12"; empty/0: rows are first DWZs.')
    index: RatingValue = None
    opponents: Annotated[list[Number | Short], Field(max_length=MAX_GAMES)] = Field(
        ..., description="Ratings of the opponents of the open games.")
    played: Games = Field(default_factory=list, description="Games already played. " + _GAMES_DOC)
    restpartien: Games = Field(default_factory=list, description="Stored games (first DWZ only).")


class PasteRequest(BaseModel):
    """Games pasted as text, read as the DWZ page reads them."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"text": "1580:1 1720:= 1810;0\n1600-1\n1690\t½"}]})

    text: Annotated[str, Field(max_length=8000), AfterValidator(_encodable)] = Field(
        ..., description="Games as pasted: 1580:1, 1810;0, 1600-1, or two spreadsheet cells 1690<Tab>½; several per line "
                         "(separated by spaces) or one per line.")


class UmstufungRequest(BaseModel):
    """Umstufung 2026: old scale → new scale, or the inverse."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, json_schema_extra={"examples": [{"rating": "2063-15", "inverse": False}]})

    rating: RatingValue = Field(..., description='"2063-15" or 2063.')
    inverse: bool = Field(False, description="new → old (may not be unique).")


class EloRequest(BaseModel):
    """FIDE rating change for one rating period (or game by game)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, json_schema_extra={"examples": [{
        "rating": 1500, "games": ["1600:1"], "k": 20, "period": "2026-09-01"}]})

    rating: Number | Short = Field(..., description="Own FIDE rating.")
    games: Games = Field(..., description=_GAMES_DOC)
    k: Annotated[int, Field(ge=1, le=700)] | None = Field(
        None, description="K factor (at most 700: FIDE B.02 caps K·n at 700); None: by FIDE rule from birth_year, games_played, "
                          "reached_2400.")
    birth_year: Annotated[int, BeforeValidator(_four_digit_year), Field(ge=1850, le=2100)] | None = None
    games_played: Annotated[int, Field(ge=0, le=100_000)] | None = Field(None, description="Rated games before this period (K 40 below 30).")
    reached_2400: bool = False
    reached_2300: bool = Field(False, description="Reached 2300 as a junior (K 20 instead of 40).")
    mode: Literal["period", "game"] = Field("period", description="period: all games against the starting rating (FIDE); game: updated after each game.")
    expectation: Literal["table", "logistic"] = Field("table", description="FIDE table 8.1.2, or the logistic formula (approximation).")
    rule_400: bool = Field(True, description="FIDE's 400-point rule (B.02 §8.3.1); false drops it — rules of one's own, e.g. for other "
                                             "games, said as such in rules_text and own_rules of the result.")
    period: Short | None = Field(None, description="Rating period: a month YYYY-MM or a date (YYYY-MM-DD, DD.MM.YYYY; default today); selects the rules, the 400-point rule included.")


class EloInitialRequest(BaseModel):
    """Initial FIDE rating of an unrated player."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, json_schema_extra={"examples": [{
        "games": ["1500:1", "1600:=", "1700:0", "1650:=", "1550:="], "period": "2026-01-01"}]})

    games: Games = Field(default_factory=list, description=_GAMES_DOC)
    events: Annotated[list[Games], Field(max_length=MAX_EVENTS)] | None = Field(
        None, description="Instead of games: a list of events (lists of games); a first event scored zero is ignored.")
    period: Short | None = None


class CompressionRequest(BaseModel):
    """The one-off FIDE compression of 1 March 2024."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, json_schema_extra={"examples": [{"rating": 1600}]})

    rating: Number | Short


def work(req: BaseModel) -> int:
    """How many games and opponents one request hands the engine (its work grows with them)."""
    fields = req.__dict__  # not getattr: a missing name costs pydantic an exception
    total = sum(len(fields.get(name) or ()) for name in ("games", "restpartien", "opponents", "played"))
    return total + sum(len(ev) for ev in fields.get("events") or ())


def games_payload(items: list[Any]) -> list[Any]:
    """Request games → what the engine parses (dicts for objects, text as is)."""
    return [g.model_dump() if isinstance(g, GameIn) else g for g in items]
