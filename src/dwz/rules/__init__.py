"""The rule editions and how one is chosen.

``edition_for(end)`` picks the DWZ edition by the tournament end date:
before 2026-06-08 the classic rules, from then on the 2026 rules.  A new
edition means one new module here, one registry entry and its vectors.
"""

from __future__ import annotations

from datetime import date
from types import ModuleType

from dwz.core.errors import InputError
from dwz.rules import dwz_2026, dwz_classic

__all__ = ["DWZ_EDITIONS", "SWITCH_2026", "dwz_2026", "dwz_classic", "edition_for", "get_edition"]

SWITCH_2026 = date(2026, 6, 8)  # first end date rated under the 2026 WO (spec dwz-2026 §1)

DWZ_EDITIONS: dict[str, ModuleType] = {dwz_classic.NAME: dwz_classic, dwz_2026.NAME: dwz_2026}


def edition_for(end: date) -> str:
    """The DWZ edition for a tournament ending on ``end``.

    >>> edition_for(date(2026, 6, 7)), edition_for(date(2026, 6, 8))
    ('dwz-classic', 'dwz-2026')
    """
    return dwz_2026.NAME if end >= SWITCH_2026 else dwz_classic.NAME


_ALIASES = {"classic": dwz_classic.NAME, "alt": dwz_classic.NAME, "2026": dwz_2026.NAME, "neu": dwz_2026.NAME}


def get_edition(name: str, field: str = "rules") -> ModuleType:
    """The module implementing edition ``name`` ("dwz-classic", "dwz-2026"; aliases "classic", "2026")."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in DWZ_EDITIONS:
        raise InputError.single(field, "rules_invalid", name, allowed=", ".join(DWZ_EDITIONS))
    return DWZ_EDITIONS[key]
