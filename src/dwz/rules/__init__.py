"""The rule editions and how one is chosen.

``edition_for(end)`` picks the DWZ edition by the tournament end date: before 2026-06-08
the classic rules, from then on the 2026 rules.  Each edition is one module satisfying
:class:`~dwz.rules.edition.Edition`; the registry holds it typed, so mypy checks every
use.  A new edition means one new module, one :func:`register` call (or one entry in
``_BUILT_IN``) and its vectors — nothing in the procedures changes.

FIDE rule eras live in :mod:`dwz.rules.fide` (``fide.era_for(period)``).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from dwz.basics.errors import InputError
from dwz.rules import dwz_2026, dwz_classic
from dwz.rules.edition import Edition

__all__ = ["DWZ_EDITIONS", "SWITCH_2026", "Edition", "dwz_2026", "dwz_classic", "edition_at", "edition_for", "get_edition",
           "register", "unregister"]

SWITCH_2026 = date(2026, 6, 8)  # first end date rated under the 2026 WO (spec dwz-2026 §1)

DWZ_EDITIONS: dict[str, Edition[Any]] = {}
_TIMELINE: list[tuple[date, str]] = []  # (first end date, edition name), latest first
_ALIASES: dict[str, str] = {}
_AT: dict[date, Edition[Any]] = {}  # edition_at's answers (cleared whenever the registry changes)


def register(edition: Edition[Any], *, valid_from: date | None = None, aliases: tuple[str, ...] = ()) -> None:
    """Add an edition to the registry: by name (``rules=`` everywhere), by ``aliases``, and —
    with ``valid_from`` — for every tournament ending on or after that date."""
    _AT.clear()
    DWZ_EDITIONS[edition.NAME] = edition
    for alias in aliases:
        _ALIASES[alias] = edition.NAME
    if valid_from is not None:
        _TIMELINE.append((valid_from, edition.NAME))
        _TIMELINE.sort(reverse=True)


def unregister(name: str) -> None:
    """Remove an edition added by :func:`register` (tests of a toy edition clean up with it)."""
    _AT.clear()
    DWZ_EDITIONS.pop(name, None)
    for alias in [a for a, n in _ALIASES.items() if n == name]:
        del _ALIASES[alias]
    _TIMELINE[:] = [(d, n) for d, n in _TIMELINE if n != name]


_BUILT_IN: tuple[tuple[Edition[Any], date, tuple[str, ...]], ...] = (
    (dwz_classic, date.min, ("classic", "alt")),
    (dwz_2026, SWITCH_2026, ("2026", "neu")),
)
for _edition, _from, _aliases in _BUILT_IN:
    register(_edition, valid_from=_from, aliases=_aliases)


def edition_for(end: date) -> str:
    """The name of the DWZ edition for a tournament ending on ``end``.

    >>> edition_for(date(2026, 6, 7)), edition_for(date(2026, 6, 8))
    ('dwz-classic', 'dwz-2026')
    """
    for start, name in _TIMELINE:
        if end >= start:
            return name
    return _TIMELINE[-1][1]


def edition_at(end: date) -> Edition[Any]:
    """The DWZ edition for a tournament ending on ``end`` (:func:`edition_for`, remembered per date)."""
    ed = _AT.get(end)
    if ed is None:
        if len(_AT) > 4096:  # every input that can grow has a limit
            _AT.clear()
        ed = _AT[end] = DWZ_EDITIONS[edition_for(end)]
    return ed


def get_edition(name: Any, field: str = "rules") -> Edition[Any]:
    """The edition ``name`` ("dwz-classic", "dwz-2026"; aliases "classic", "2026", also the
    number 2026); anything else is an :class:`InputError` listing what is allowed."""
    key: str | None = None
    if isinstance(name, str) and len(name) <= 40:
        key = name.strip().lower()
    elif isinstance(name, int) and not isinstance(name, bool) and 0 < name < 10**6:  # rules=2026
        key = str(name)
    if key is not None:
        key = _ALIASES.get(key, key)
        edition = DWZ_EDITIONS.get(key)
        if edition is not None:
            return edition
    raise InputError.single(field, "rules_invalid", name, allowed=", ".join(DWZ_EDITIONS))
