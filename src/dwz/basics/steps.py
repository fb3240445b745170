"""The Rechenweg as data.

A :class:`Step` carries a message key, the rule section it applies and the
numbers it uses; :func:`dwz.i18n.render_step` turns it into title, formula,
substituted numbers and result in German or English.  The same steps feed the
terminal, the web page and JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, cast, overload

__all__ = ["Explained", "OnDemand", "Step", "WithCoefficient", "cached", "render_steps"]

T = TypeVar("T")


class cached(Generic[T]):  # noqa: N801 - named like the decorator it replaces
    """``functools.cached_property`` without its lock: the value is computed on first read and
    kept in the instance's ``__dict__`` (where later reads find it without calling anything).

    Python 3.11's ``cached_property`` takes an ``RLock`` on every first read, which costs a
    result's Rechenweg more than some of its steps (issue 10).  The values cached here are
    computed by pure functions from immutable inputs: two threads racing on a first read
    compute the same value, and one of them is kept."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type[Any] | None = None) -> cached[T]: ...
    @overload
    def __get__(self, obj: object, owner: type[Any] | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type[Any] | None = None) -> T | cached[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class OnDemand:
    """A result made as a NamedTuple (built by keyword) whose field ``source`` holds what its
    on-demand parts — Rechenweg, per-game lines, Leistung — are computed from; each part is kept
    once read (:class:`cached`, in the instance's ``__dict__``).  No attribute can be set, and the
    repr, equality and hash are the result's fields', not its source (its last field): two results
    of the same numbers are equal whatever form their input came in.  Built by keyword, as every
    result is (``Result(field=…)``)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __repr__(self) -> str:
        fields: dict[str, Any] = cast(Any, self)._asdict()  # a NamedTuple's, in the order of its fields
        shown = ", ".join(f"{k}={v!r}" for k, v in fields.items() if k != "source")
        return f"{type(self).__name__}({shown})"

    def _shown(self) -> tuple[Any, ...]:
        return cast("tuple[Any, ...]", self)[:-1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OnDemand):
            return NotImplemented
        return type(self) is type(other) and self._shown() == other._shown()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._shown())


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
    from dwz.i18n import render_steps as render

    return render(steps, lang)


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
