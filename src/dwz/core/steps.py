"""The Rechenweg as data.

A :class:`Step` carries a message key, the rule section it applies and the
numbers it uses; :func:`dwz.i18n.render_step` turns it into title, formula,
substituted numbers and result in German or English.  The same steps feed the
terminal, the web page and JSON.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Step"]


class Step(NamedTuple):
    """One step of the Rechenweg.

    ``key``        message key in the catalogs of :mod:`dwz.i18n`
    ``rule``       where the rule stands, e.g. ``"WO 3.5.2"`` or ``"FIDE B.02 §8.3.4"``
    ``values``     the numbers substituted into the formula (``result`` among them)
    ``assumption`` True where the spec marks the rule as uncertain and a default was taken
    """

    key: str
    rule: str
    values: dict[str, Any]
    assumption: bool = False

    def render(self, lang: str = "de") -> dict[str, Any]:
        from dwz.i18n import render_step

        return render_step(self, lang)
