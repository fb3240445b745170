"""Both readings of an own DWZ whose scale is unsaid (issue 22 §3, spec dwz-2026 §6).

Since the Umstufung 2026 a DWZ of 1500 may be a value of the new scale — or one from an old card
or list, which the Umstufung raised to 1720 with its index + 1: the same tournament then gives two
different new DWZ.  Where nothing says which (:func:`dwz.core.scale.own_doubtful`, the one decision),
no single number may be the headline: :func:`rate_readings` computes the Folge-DWZ by the one path,
:func:`dwz.core.player.rate`, the own DWZ said to be from after the Umstufung and said to be from an
old card, and every surface (CLI, ``--json``, the API, the page) shows both with what settles it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from itertools import islice
from typing import Any, NamedTuple

from dwz.basics.errors import InputError
from dwz.basics.games import parse_games
from dwz.basics.values import MAX_GAMES
from dwz.core.player import evaluate, rate
from dwz.core.player_records import FirstRatingResult, RatingResult
from dwz.core.scale import FIX_OWN_DATE, NEW, OLD, own_doubtful
from dwz.rules import transition

__all__ = ["Readings", "evaluate_readings", "rate_readings"]

class Readings(NamedTuple):
    """A Folge-DWZ as asked (``result``: an unsaid own DWZ taken as a value of the new scale, an
    assumption of its Rechenweg) and, where that scale is in doubt, the reading from an old card
    (``old``: the own DWZ converted by the Umstufung first).  ``new`` is the reading from after the
    Umstufung: the same numbers as ``result``."""

    result: RatingResult
    old: RatingResult | None

    @property
    def doubtful(self) -> bool:
        """The own DWZ could be on either scale: both readings are the answer."""
        return self.old is not None

    @property
    def new(self) -> RatingResult:
        return self.result

    def texts(self, lang: str = "de") -> dict[str, str]:
        """The words of both readings, the same on every surface (the settling fix worded for the one it
        is shown on): ``head`` (both new DWZ), ``new`` and ``old`` (what each rests on), ``settle``,
        ``details`` (the details shown are the reading from after the Umstufung), the two ``label_*``."""
        from dwz.i18n import fmt_rating, fmt_signed, term, text

        old = self.old
        assert old is not None
        new = self.result
        given = fmt_rating(new.old_rating, new.old_index)
        conv = next(c for c in old.conversions if c.own)
        switch = transition(OLD, NEW).at.isoformat()
        as_new = f"{fmt_rating(new.new_rating, new.new_index)} ({fmt_signed(new.change)})"
        as_old = f"{fmt_rating(old.new_rating, old.new_index)} ({fmt_signed(old.change)})"
        return {"head": text("readings.head", lang, new=as_new, old=as_old, rating=given),
                "new": text("readings.new", lang, result=as_new, rating=given, switch=switch),
                "old": text("readings.old", lang, result=as_old, rating=given, switch=switch,
                            converted=f"{given} → {fmt_rating(conv.new, conv.new_index)}"),
                "settle": text("readings.settle", lang, fix=term(FIX_OWN_DATE, lang)),
                "details": text("readings.details", lang),
                "label_new": text("readings.label_new", lang), "label_old": text("readings.label_old", lang)}

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        """The result's keys as :meth:`RatingResult.to_dict` gives them — for a caller who said the scale
        exactly those — with ``scale_doubtful`` and, where it is true, ``readings``: per scale ("new",
        "old") the own DWZ as read, its value on the new scale and the new DWZ with index and change,
        and ``texts`` (:meth:`texts`: the settling fix worded for where the caller acts)."""
        d = self.result.to_dict(lang, steps=steps)
        d["scale_doubtful"] = self.doubtful
        if self.old is None:
            d["readings"] = None
            return d
        switch = transition(OLD, NEW).at.isoformat()
        d["readings"] = {NEW: _reading(self.result, switch), OLD: _reading(self.old, switch), "texts": self.texts(lang)}
        return d


def _reading(r: RatingResult, switch: str) -> dict[str, Any]:
    """One reading as the API gives it: the own DWZ as given, as rated (converted: on the new scale), the new DWZ."""
    own = r.conversions[0] if r.conversions and r.conversions[0].own else None  # the own DWZ's conversion comes first
    return {"own_scale": OLD if own is not None else NEW, "rating": own.old if own is not None else r.old_rating,
            "index": own.old_index if own is not None else r.old_index, "old_rating": r.old_rating, "old_index": r.old_index,
            "new_rating": r.new_rating, "new_index": r.new_index, "change": r.change, "switch": switch}


def rate_readings(rating: Any, games: Any = None, **kwargs: Any) -> Readings:
    """:func:`dwz.core.player.rate` with the same arguments — and, where the own DWZ's scale is in
    doubt (:func:`dwz.core.scale.own_doubtful`), again with ``own_scale="old"``: the reading from an
    old card.  The opponents' scale stays as said.

    >>> r = rate_readings("1500-20", ["1600:1", "1550:1", "1500:1"], end="2026-09-14")
    >>> r.doubtful, r.old.conversions[0].new, r.new.old_rating
    (True, 1720, 1500)
    >>> rate_readings("1500-20", ["1600:1"], end="2026-09-14", own_scale="old").doubtful
    False
    """
    games = _read_once(games)
    return _with_old(rate(rating, games, **kwargs), rating, games, kwargs)


def evaluate_readings(rating: Any, games: Any = None, **kwargs: Any) -> Readings | FirstRatingResult:
    """The core's one decision, :func:`dwz.core.player.evaluate` (Folge-DWZ or first DWZ, the
    contradictions refused), with the same arguments — a Folge-DWZ as :class:`Readings` (both where
    the own DWZ's scale is in doubt), a first DWZ as it is (it has no own value whose scale could be
    in doubt).  The one entry of the CLI, the API and the page.

    >>> type(evaluate_readings("", [(1580, 1), (1620, 0)] * 3, end="2026-09-14")).__name__
    'FirstRatingResult'
    >>> evaluate_readings("1500-20", [(1600, 1)], end="2026-09-14").doubtful
    True
    """
    games = _read_once(games)
    res = evaluate(rating, games, **kwargs)
    if isinstance(res, FirstRatingResult):
        return res
    kwargs.pop("restpartien", None)  # none beside a DWZ (evaluate refused them)
    return _with_old(res, rating, games, kwargs)


def _read_once(games: Any) -> Any:
    """The games as both readings take them: an iterator taken once (the second reading would find it
    empty), and read once — the reading from an old card takes the first's Game values, not the texts
    again.  Games that cannot be read are handed on as they came: :func:`dwz.core.player.rate` names
    their problems together with every other of the request."""
    if games is not None and not isinstance(games, Sized) and isinstance(games, Iterable):
        games = tuple(islice(games, MAX_GAMES + 1))  # one more than allowed: parse_games still says "too many"
    try:
        return parse_games(games)
    except InputError:
        return games


def _with_old(result: RatingResult, rating: Any, games: Any, kwargs: dict[str, Any]) -> Readings:
    """``result`` and, where its own DWZ's scale is in doubt, the reading from an old card (the same call, ``own_scale="old"``)."""
    if not own_doubtful(result.context.edition, result.old_rating, result.own_scale, result.rating_date):
        return Readings(result=result, old=None)
    return Readings(result=result, old=rate(rating, games, **{**kwargs, "own_scale": OLD}))
