"""How the Prüfbericht says its values (:mod:`dwz.reports.check`): the values a finding carries
— a count with its noun (:class:`Count`), a catalog term (:class:`Ref`), a list's date, minutes, a
time control as typed or in words — rendered in the reader's language (:func:`_rendered`) or plainly
for JSON (:func:`_plain`), and a catalog text in the words of the surface where the user acts
(:func:`surface_text`).  Shared by the findings themselves and by every renderer (terminal, HTML, web).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from dwz.basics.errors import Problem
from dwz.i18n import CATALOGS, fmt_date, term, text

__all__ = ["Count", "Ref", "surface_text"]


def surface_text(key: str, lang: str, surface: str = "cli", **values: Any) -> str:
    """A catalog text in the words of ``surface``: ``<key>.web`` where the web wording differs
    (a field to fill in instead of an option to give), else ``key`` itself.

    >>> surface_text("check.no_list", "de", "web")
    'ohne DWZ-Liste: Namen, DWZ und Index sind nicht gegen die Liste geprüft (oben eine DWZ-Liste hochladen)'
    """
    if surface != "cli" and f"{key}.{surface}" in CATALOGS["de"]["ui"]:
        key = f"{key}.{surface}"
    return text(key, lang, **values)


@dataclass(frozen=True, slots=True)
class Count:
    """A number with its noun, rendered with the right plural ("1 Partie", "3 Partien")."""

    n: int
    unit: str  # "game", "player", "error", "warning", "note"

    def text(self, lang: str) -> str:
        return text(f"check.n.{self.unit}.{'one' if self.n == 1 else 'many'}", lang, n=self.n)


@dataclass(frozen=True, slots=True)
class Ref:
    """A value shown in the user's words: a catalog term (``check.field.zps`` → "ZPS")."""

    key: str


@dataclass(frozen=True, slots=True)
class _Typed:
    """A time control as written, quoted — read from the tournament's name: "'5 Plus 0' (laut Turniername)"."""

    text: str
    in_name: bool = False

    def render(self, lang: str) -> str:
        return text("check.time_control.in_name", lang, text=self.text) if self.in_name else f"'{self.text}'"


@dataclass(frozen=True, slots=True)
class _Minutes:
    """Seconds shown as minutes in the reader's language ("75 Min.")."""

    seconds: int

    def text(self, lang: str) -> str:
        from dwz.formats.timecontrol import minutes_text

        return minutes_text(self.seconds, lang)


@dataclass(frozen=True, slots=True)
class _Described:
    """A time control in words, in the reader's language."""

    tc: Any

    def text(self, lang: str) -> str:
        return str(self.tc.describe(lang))


@dataclass(frozen=True, slots=True)
class _Dated:
    """A list's date as the report says it: "frühestens 01.06.2026" where it is only the earliest it can have been made."""

    day: date
    bound: bool = False

    def text(self, lang: str) -> str:
        return text("check.date_earliest", lang, date=fmt_date(self.day, lang)) if self.bound else fmt_date(self.day, lang)


def _value(v: Any, lang: str) -> Any:
    if isinstance(v, date):
        return fmt_date(v, lang)
    if isinstance(v, (Count, _Minutes, _Described, _Dated)):
        return v.text(lang)
    if isinstance(v, _Typed):
        return v.render(lang)
    if isinstance(v, Ref):
        if v.key.startswith("check."):
            return text(v.key, lang)
        return term(v.key, lang)
    if isinstance(v, tuple) and all(isinstance(x, Problem) for x in v):
        return "; ".join(_reason(x, lang) for x in v) or text("check.no_rated_games", lang)
    if v is None:
        return "–"
    return v


def _reason(p: Problem, lang: str) -> str:
    """Why a player stays unrated, in the check's words where it has them (with plurals)."""
    key = f"check.reason.{p.code}"
    if key not in CATALOGS["de"]["ui"]:
        return p.message(lang)
    n = p.value if isinstance(p.value, int) else 0
    return text(key, lang, **{**dict(p.params), "games": Count(n, "game").text(lang)})


def _rendered(values: tuple[tuple[str, Any], ...], lang: str) -> dict[str, Any]:
    return {k: _value(v, lang) for k, v in values}


def _plain(v: Any, lang: str) -> Any:
    if isinstance(v, date):
        return v.isoformat()
    if isinstance(v, _Dated):
        return v.day.isoformat()
    if isinstance(v, Count):
        return v.n
    if isinstance(v, _Minutes):
        return v.seconds / 60
    if isinstance(v, _Typed):
        return v.text
    if isinstance(v, _Described):
        return [{"moves": p.moves, "base_seconds": p.base, "increment_seconds": p.increment} for p in v.tc.periods]
    if isinstance(v, Ref):
        return v.key.rsplit(".", 1)[-1]
    if isinstance(v, tuple):
        return [x.to_dict(lang) if isinstance(x, Problem) else x for x in v]
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    return str(v)
