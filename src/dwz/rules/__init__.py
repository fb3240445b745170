"""The rule editions, how one is chosen, and the scales they rate on — the one place that knows them.

Each DWZ edition is one module satisfying :class:`~dwz.rules.edition.Edition`; this registry
holds it with what is said about it from outside: the first tournament end it rates
(``valid_from``), the words a user may type for it (``aliases``, and per language the ones
offered in help texts), and the rule reference of its entry into force.  Everything else
derives from here: the edition for an end date (:func:`edition_for`), the Rechenweg's step
that names the choice (the dates from :func:`span`), the choices of the command line's
``--rules``, of the web forms and of the API (:func:`names`, :func:`accepted`, :func:`words`).
An edition's name is also its catalog term (``"dwz-2026"`` → "WO 2026").

The scales: every edition rates on one (``Edition.SCALE``), and a **transition** maps values
from one scale to the next — the Umstufung 2026 (spec dwz-2026 §6) from "old" to "new", with
its inverse, registered by :func:`register_transition`.  The procedures convert through
:func:`convert` and :func:`transition`, never by naming the Umstufung.

A new edition means one new module, one :func:`register` call (or one entry below) and its
vectors — nothing in the procedures or the adapters changes.  FIDE rule eras live in
:mod:`dwz.rules.fide` (``fide.era_for(period)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any, NamedTuple, TypeVar, cast

from dwz.basics.errors import InputError
from dwz.basics.outcomes import ScaleConversion
from dwz.rules import dwz_2026, dwz_classic
from dwz.rules.edition import Edition, We

__all__ = ["DWZ_EDITIONS", "Edition", "Entry", "Transition", "We", "accepted", "convert", "edition_at", "edition_for",
           "entry", "get_edition", "in_force_rule", "name_of", "names", "register", "register_transition", "scale_at", "span",
           "transition", "transitions", "unregister", "unregister_transition", "words"]

S = TypeVar("S")


class Entry(NamedTuple):
    """One registered edition and what the registry says about it."""

    edition: Edition[We]
    valid_from: date | None  # the first tournament end it rates (None: chosen by name only)
    aliases: tuple[str, ...]  # further words for it (lower case), in any language
    words: Mapping[str, tuple[str, ...]]  # per language the words offered for it (help texts, choices)
    rule: str  # the rule reference of its entry into force ("Inkrafttreten WO 2026")


class Transition(NamedTuple):
    """A one-time conversion of every DWZ from one scale to the next (spec dwz-2026 §6)."""

    name: str  # "umstufung-2026": the ``rules`` of a conversion's result
    source: str  # the scale converted from ("old")
    target: str  # the scale converted to ("new")
    at: date  # the first tournament end on the target scale (the conversion lies just before it)
    convert: Callable[[int], ScaleConversion]  # a value of the source scale on the target scale (value only)
    inverse: Callable[[int], list[int]]  # every source value the conversion maps to a target value
    floor: int  # the lowest target value; the source values below the floor's preimage all map to it
    rule: str  # the rule reference of the conversion ("Umstufung 2026")


DWZ_EDITIONS: dict[str, Edition[We]] = {}
_ENTRIES: dict[str, Entry] = {}
_TIMELINE: list[tuple[date, str]] = []  # (first end date, edition name), latest first
_ALIASES: dict[str, str] = {}  # every word a user may type → edition name
_AT: dict[date, Edition[We]] = {}  # edition_at's answers (cleared whenever the registry changes)
_SPANS: dict[str, tuple[date | None, date | None]] = {}  # span's answers (cleared likewise)
_TRANSITIONS: dict[str, Transition] = {}


def register(edition: Edition[S], *, valid_from: date | None = None, aliases: Sequence[str] = (),
             words: Mapping[str, Sequence[str]] | None = None, rule: str | None = None) -> None:
    """Add an edition: by name (``rules=`` everywhere), by ``aliases``, and — with ``valid_from`` —
    for every tournament ending on or after that date.  ``words``: per language the words
    offered for it (default: its aliases; its name is offered in every language); ``rule``: the reference of its entry into
    force (default "Inkrafttreten <name>").

    An edition's ``S`` (how it holds We) is its own: the procedures see every edition as
    ``Edition[We]`` and only hand an edition's We back to the same edition — registered here
    once, the one place where that view is taken."""
    name = edition.NAME
    _AT.clear()
    _SPANS.clear()
    known = (name, *(a.lower() for a in aliases))
    shown = {lang: tuple(w) for lang, w in (words or {}).items()}
    for lang, ws in shown.items():
        unknown = [w for w in ws if w.lower() not in known]
        if unknown:
            raise ValueError(f"{name}: words {unknown} for {lang!r} are neither its name nor an alias")
    viewed = cast("Edition[We]", edition)  # S is the edition's own; the procedures pass it back untouched
    _ENTRIES[name] = Entry(edition=viewed, valid_from=valid_from, aliases=known[1:], words=shown, rule=rule or f"Inkrafttreten {name}")
    DWZ_EDITIONS[name] = viewed
    for alias in known:
        _ALIASES[alias] = name
    if valid_from is not None:
        _TIMELINE.append((valid_from, name))
        _TIMELINE.sort(reverse=True)


def unregister(name: str) -> None:
    """Remove an edition added by :func:`register` (a test that registers an edition of its own cleans up with it)."""
    _AT.clear()
    _SPANS.clear()
    DWZ_EDITIONS.pop(name, None)
    _ENTRIES.pop(name, None)
    for alias in [a for a, n in _ALIASES.items() if n == name]:
        del _ALIASES[alias]
    _TIMELINE[:] = [(d, n) for d, n in _TIMELINE if n != name]


def register_transition(name: str, *, source: str, target: str, at: date, convert: Callable[[int], ScaleConversion],
                        inverse: Callable[[int], list[int]], floor: int, rule: str) -> None:
    """Add a conversion between two scales, carried out for tournaments ending from ``at`` on."""
    _TRANSITIONS[name] = Transition(name=name, source=source, target=target, at=at, convert=convert, inverse=inverse, floor=floor,
                                    rule=rule)


def unregister_transition(name: str) -> None:
    _TRANSITIONS.pop(name, None)


# --- the built-in editions and the Umstufung 2026 ---------------------------------------------

WO_2026 = date(2026, 6, 8)  # the first end date rated under the 2026 WO, on the new scale (spec dwz-2026 §1, §6)
register(dwz_classic, valid_from=date.min, aliases=("classic", "klassisch", "alt"),
         words={"de": ("klassisch", "alt"), "en": ("classic",)}, rule="Inkrafttreten WO 2026")
register(dwz_2026, valid_from=WO_2026,
         aliases=("2026", "neu"), words={"de": ("2026", "neu"), "en": ("2026",)}, rule="Inkrafttreten WO 2026")
register_transition("umstufung-2026", source="old", target="new", at=WO_2026, convert=dwz_2026.umstufung,
                    inverse=dwz_2026.umstufung_inverse, floor=dwz_2026.FLOOR, rule="Umstufung 2026")


# --- choosing an edition ------------------------------------------------------------------------


def edition_for(end: date) -> str:
    """The name of the DWZ edition for a tournament ending on ``end``.

    >>> edition_for(date(2026, 6, 7)), edition_for(date(2026, 6, 8))
    ('dwz-classic', 'dwz-2026')
    """
    for start, name in _TIMELINE:
        if end >= start:
            return name
    return _TIMELINE[-1][1]


def edition_at(end: date) -> Edition[We]:
    """The DWZ edition for a tournament ending on ``end`` (:func:`edition_for`, remembered per date)."""
    ed = _AT.get(end)
    if ed is None:
        if len(_AT) > 4096:  # every input that can grow has a limit
            _AT.clear()
        ed = _AT[end] = DWZ_EDITIONS[edition_for(end)]
    return ed


def get_edition(name: Any, field: str = "rules") -> Edition[We]:
    """The edition ``name`` ("dwz-classic", "dwz-2026"; aliases "classic", "2026", also the
    number 2026); anything else is an :class:`InputError` listing what is allowed."""
    key: str | None = None
    if isinstance(name, str) and len(name) <= 40:
        key = name.strip().lower()
    elif isinstance(name, int) and not isinstance(name, bool) and 0 < name < 10**6:  # rules=2026
        key = str(name)
    if key is not None:
        edition = DWZ_EDITIONS.get(_ALIASES.get(key, key))
        if edition is not None:
            return edition
    raise InputError.single(field, "rules_invalid", name, allowed=", ".join(names()))


def entry(name: str) -> Entry:
    """What the registry holds for the edition ``name``."""
    return _ENTRIES[name]


def names() -> tuple[str, ...]:
    """The registered editions, earliest first (those chosen by name only at the end)."""
    dated = [n for _, n in reversed(_TIMELINE)]
    return (*dated, *(n for n in _ENTRIES if n not in dated))


def accepted() -> tuple[str, ...]:
    """Every word that names an edition: each name followed by its aliases, earliest edition first."""
    return tuple(w for n in names() for w in (n, *_ENTRIES[n].aliases))


def name_of(word: str) -> str:
    """The edition a word of :func:`accepted` names (a :class:`KeyError` for any other word)."""
    return _ALIASES[word]


def words(lang: str) -> dict[str, str]:
    """The words offered for the editions in ``lang`` (word → edition name): each edition's words for
    the language (else its aliases), earliest edition first, then every edition's name — the
    canonical words, taken in every language.

    >>> list(words("de")), list(words("en"))
    (['klassisch', 'alt', '2026', 'neu', 'dwz-classic', 'dwz-2026'], ['classic', '2026', 'dwz-classic', 'dwz-2026'])
    """
    out: dict[str, str] = {}
    for n in names():
        e = _ENTRIES[n]
        for w in e.words.get(lang, e.aliases):
            out.setdefault(w, n)
    for n in names():
        out.setdefault(n, n)
    return out


def span(name: str) -> tuple[date | None, date | None]:
    """The first and the last tournament end the edition rates by date (``None``: open, or never by date).

    >>> span("dwz-classic"), span("dwz-2026")
    ((None, datetime.date(2026, 6, 7)), (datetime.date(2026, 6, 8), None))
    """
    found = _SPANS.get(name)
    if found is not None:
        return found
    found = None, None
    ordered = sorted(_TIMELINE)
    for k, (start, n) in enumerate(ordered):
        if n == name:
            until = ordered[k + 1][0] - timedelta(days=1) if k + 1 < len(ordered) else None
            found = (None if start == date.min else start), until
    if name in _ENTRIES:
        _SPANS[name] = found
    return found


def in_force_rule(name: str) -> str:
    """The rule that decides a tournament is rated under ``name``: its own entry into force, or —
    for the first edition — the entry into force of the one after it."""
    start, until = span(name)
    if start is None and until is not None:
        return _ENTRIES[edition_for(until + timedelta(days=1))].rule
    return _ENTRIES[name].rule


# --- the scales ----------------------------------------------------------------------------------


def transitions() -> tuple[Transition, ...]:
    """Every registered transition, earliest first."""
    return tuple(sorted(_TRANSITIONS.values(), key=lambda t: t.at))


def transition(source: str, target: str) -> Transition:
    """The transition from scale ``source`` to ``target`` (a :class:`LookupError` if none is registered)."""
    found = _find(source, target)
    if found is None:
        raise LookupError(f"no transition from scale {source!r} to {target!r}")
    return found


def _find(source: str, target: str) -> Transition | None:
    return next((t for t in _TRANSITIONS.values() if t.source == source and t.target == target), None)


def convert(value: int, source: str, target: str) -> ScaleConversion | None:
    """``value`` of scale ``source`` on scale ``target`` (``None`` where the two are the same scale, or
    no transition leads from one to the other)."""
    if source == target:
        return None
    t = _find(source, target)
    return None if t is None else t.convert(value)


def scale_at(day: date) -> str:
    """The scale of a DWZ dated ``day`` — a card's or list's "Stand", a Restpartie's date, a
    tournament's end: the scale of the edition in force then ("old" before the Umstufung 2026,
    "new" from it on).  Whether a value dated D is on the scale of the edition rating a tournament
    that ends on E is ``scale_at(D) == edition_at(E).SCALE``: the one place that decides it.

    >>> scale_at(date(2026, 6, 7)), scale_at(date(2026, 6, 8))
    ('old', 'new')
    """
    return edition_at(day).SCALE
