"""A player's own values (DWZ, index, birth year) from the portal's card or from the cached DWZ list,
with where they came from and their date — for ``dwz rate --spieler``; and a name search in the
cached list (when the portal is out of reach).

>>> parse_player_key("nu4338664"), parse_player_key("C0505-1043"), parse_player_key("C0505-0043")
(('nu', 'NU4338664'), ('zps', ('C0505', '1043')), ('zps', ('C0505', '43')))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from dwz.basics.errors import InputError
from dwz.formats.dsb_list import DsbEntry

__all__ = ["OwnValues", "own_from_card", "own_from_list", "own_values", "parse_player_key", "search_entries"]

_NU = re.compile(r"^NU\d{1,12}$", re.IGNORECASE)
_ZPS = re.compile(r"^([0-9A-Za-z]{5})-(\d{1,6})$")


def parse_player_key(text: str, field: str = "spieler") -> tuple[str, Any]:
    """``NU4338664`` (the portal's id) or ``C0505-1043`` (ZPS and member number, as on the list)."""
    t = text.strip()
    if _NU.match(t):
        return "nu", t.upper()
    m = _ZPS.match(t)
    if m:
        return "zps", (m.group(1).upper(), str(int(m.group(2))))
    raise InputError.single(field, "portal_player_key", text)


@dataclass(frozen=True, slots=True)
class OwnValues:
    """A player's values as a source gave them.  ``stand``: when the source said so (the day the card was
    read, the list's date) — the date the value holds at, by which the 2026 scale tells old values from
    new ones (spec dwz-2026 §6: a list after the Umstufung holds converted values, even of players last
    evaluated before); ``last_evaluation``: the Monday of the week of his last evaluation, if known."""

    rating: int | None
    index: int | None
    birth_year: int | None
    name: str
    key: str  # NU id or ZPS-member number as given
    source: str  # "card" (the portal) or "list" (the cached DWZ list)
    where: str  # the portal's address or the list file
    stand: date
    last_evaluation: date | None

    @property
    def old_scale(self) -> bool:
        """The stand is before the Umstufung 2026: the values are on the old scale (spec dwz-2026 §6)."""
        from dwz.core.scale import OLD, scale_at

        return scale_at(self.stand) == OLD

    @property
    def rating_date(self) -> date:
        """The date of the value (its stand): what ``dwz.rate``'s ``rating_date`` will take."""
        return self.stand

    @property
    def rating_text(self) -> str:
        """What ``dwz rate`` takes: "1887-44", "1887", or "0" (no DWZ: a first rating)."""
        if self.rating is None:
            return "0"
        return f"{self.rating}-{self.index}" if self.index is not None else str(self.rating)

    def to_dict(self) -> dict[str, Any]:
        return {"rating": self.rating, "index": self.index, "birth_year": self.birth_year, "name": self.name, "key": self.key,
                "source": self.source, "where": self.where, "stand": self.stand.isoformat(),
                "rating_date": self.rating_date.isoformat(),
                "last_evaluation": self.last_evaluation.isoformat() if self.last_evaluation else None}


def own_from_card(client: Any, nu_id: str, today: date | None = None) -> OwnValues:
    """The values of the portal's card ``/dwz/dwzliste/persons/{id}`` (a :class:`~dwz.portal.client.PortalClient`)."""
    p = client.person(nu_id)
    day = today or date.today()
    return OwnValues(rating=p.rating, index=p.index if p.rating is not None else None, birth_year=p.birth_year, name=p.name,
                     key=p.nu_id, source="card", where=client.settings.api, stand=day, last_evaluation=p.evaluation_monday())


def own_from_list(entries: Iterable[DsbEntry], key: tuple[str, Any], where: str, stand: date) -> OwnValues:
    """The values of a list entry found by NU id or by ZPS and member number."""
    kind, value = key
    found: list[DsbEntry] = []
    for e in entries:
        by_id = kind == "nu" and (e.id or "").upper() == value
        if by_id or (kind == "zps" and (e.zps or "").upper() == value[0] and _member(e.member_no) == value[1]):
            found.append(e)
    shown = value if kind == "nu" else f"{value[0]}-{value[1]}"
    if not found:
        raise InputError.single("spieler", "portal_not_in_list", shown, list=where)
    people = {e.id or f"{e.name}|{e.birth_year}" for e in found}
    if len(people) > 1:
        raise InputError.single("spieler", "portal_ambiguous_in_list", shown, names=", ".join(sorted({e.name for e in found})[:5]))
    e = found[0]
    return OwnValues(rating=e.dwz, index=e.index if e.dwz else None, birth_year=e.birth_year, name=e.name, key=shown, source="list",
                     where=where, stand=stand, last_evaluation=_week_monday(e.last_evaluation))


def own_values(key_text: str, settings: Any = None) -> OwnValues:
    """``dwz rate --spieler``: ``NU…`` from the portal's card, ``ZPS-Mglnr`` from the cached DWZ list."""
    from dwz.portal.config import load_settings

    s = settings or load_settings()
    kind, key = parse_player_key(key_text)
    if kind == "nu":
        from dwz.portal.client import PortalClient

        with PortalClient(s) as client:
            return own_from_card(client, key)
    from dwz.formats.dsb_list import read_dsb_list
    from dwz.portal.dwzlist import resolve

    c = resolve("portal", s.cache)
    return own_from_list(read_dsb_list(c.path, name=c.path.name), (kind, key), c.path.name,
                         c.stand_date or date.fromisoformat(c.downloaded[:10]))


def _member(v: str | None) -> str:
    s = (v or "").strip()
    return str(int(s)) if s.isdigit() else s.upper()


def _week_monday(week: str | None) -> date | None:
    """"202611" (JJJJWW, the list's "Letzte Auswertung") → the Monday of that week."""
    if not week or not re.fullmatch(r"\d{6}", week):
        return None
    try:
        return date.fromisocalendar(int(week[:4]), int(week[4:]), 1)
    except ValueError:
        return None


def search_entries(entries: Iterable[DsbEntry], name: str, *, vkz: str | None = None, limit: int = 50) -> list[DsbEntry]:
    """List entries whose name holds every word of ``name`` (compared as everywhere in dwz: "Mueller" finds
    "Müller"), optionally in a club or federation (``vkz`` a prefix of the ZPS); whole-name matches first."""
    from dwz.formats._common import name_key

    words = name_key(name.replace(",", " ")).split()
    prefix = (vkz or "").strip().upper()
    hits: list[tuple[int, DsbEntry]] = []
    for e in entries:
        if prefix and not (e.zps or "").upper().startswith(prefix):
            continue
        k = name_key(e.name)
        if words and all(w in k.split() or any(part.startswith(w) for part in k.split()) for w in words):
            hits.append((0 if all(w in k.split() for w in words) else 1, e))
    hits.sort(key=lambda x: (x[0], -(x[1].dwz or 0), x[1].name))
    return [e for _, e in hits[:limit]]
