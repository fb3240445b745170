"""The Rechenweg as data.

A :class:`Step` carries a message key, the rule section it applies and the
numbers it uses; :func:`dwz.i18n.render_step` turns it into title, formula,
substituted numbers and result in German or English.  The same steps feed the
terminal, the web page and JSON.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

__all__ = ["Explained", "Step", "WithCoefficient", "render_steps"]


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


def render_steps(steps: Iterable[Step], lang: str = "de") -> list[dict[str, Any]]:
    """Every step rendered in ``lang``."""
    from dwz.i18n import render_step

    return [render_step(s, lang) for s in steps]


class Explained:
    """For results that carry their Rechenweg in ``steps`` (a field, or computed on first read)."""

    __slots__ = ()
    if TYPE_CHECKING:
        @property
        def steps(self) -> tuple[Step, ...]: ...

    @property
    def assumptions(self) -> list[Step]:
        """The steps where the spec marks the rule as uncertain and its default was taken."""
        return [s for s in self.steps if s.assumption]

    def rechenweg(self, lang: str = "de") -> list[dict[str, Any]]:
        """The steps rendered in ``lang``: title, formula, numbers substituted, result, rule."""
        return render_steps(self.steps, lang)


class WithCoefficient:
    """E (classic) or K (2026) under the WO's own symbols."""

    __slots__ = ()
    if TYPE_CHECKING:
        @property
        def coefficient_name(self) -> str | None: ...
        @property
        def coefficient(self) -> float | None: ...

    @property
    def E(self) -> int | None:
        return int(self.coefficient) if self.coefficient_name == "E" and self.coefficient is not None else None

    @property
    def K(self) -> float | None:
        return self.coefficient if self.coefficient_name == "K" else None
