"""Errors and warnings as values with a place.

A :class:`Problem` names the field (``"games[2].result"``, ``"rating"``, or
``"turnier.trf:12"``), the offending value and a message key; the text is
rendered in the user's language by :mod:`dwz.i18n`.  Adapters turn an
:class:`InputError` into exit code 2 (CLI) or HTTP 422 (web).

The value a problem carries is shortened on construction (:func:`shorten`), so that
no message, JSON answer or log line can fail on it or grow with it: an integer with
thousands of digits cannot even be turned into text (Python refuses beyond 4,300
digits), a NaN is no JSON, a megabyte of text helps nobody.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any, TypeVar

__all__ = ["MAX_NOTES", "MAX_PROBLEMS", "PROBLEMS_MORE", "InputError", "Problem", "Problems", "capped", "collect", "shorten"]

T = TypeVar("T")

TEXT_MAX = 200  # characters of a text value kept in a problem
#: Problems one input keeps (a reader's errors, an InputError, the CLI's messages, the web's 422 answer):
#: the rest are counted in one last problem ``problems_more``.  A 60 MB file of bad rows kept one
#: problem per row — past 7.7 GB, then MemoryError (issue 16); now it costs what its first rows cost.
MAX_PROBLEMS = 100
#: Notes (warnings) one file keeps: each may name a player of a large tournament (a check report
#: lists them all), so far more than errors — but bounded too.
MAX_NOTES = 2000
PROBLEMS_MORE = "problems_more"
_BIG_BITS = 64  # integers beyond 64 bits are described, not printed


def shorten(value: Any) -> Any:
    """A problem's value as it may be shown: huge integers described, non-finite floats and
    long texts as text (the start identifies them), everything else as it is.

    >>> shorten(10**5000), shorten(-3 * 10**30), shorten(float("nan")), shorten("x" * 300)[-4:], shorten(1650)
    ('≈1.000·10^5000', '≈-3.000·10^30', 'nan', 'xxx…', 1650)
    """
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        if value.bit_length() <= _BIG_BITS:
            return value
        return _describe_int(value)
    if isinstance(value, float):
        return value if value - value == 0.0 else repr(value)  # inf - inf and nan - nan are nan
    if isinstance(value, str):
        return value if len(value) <= TEXT_MAX else value[: TEXT_MAX - 1] + "…"
    if isinstance(value, (list, tuple, dict, set, frozenset, bytes, bytearray)) and len(value) > 20:
        return f"{type(value).__name__} ({len(value)})"
    if isinstance(value, dict):
        return {shorten(k): shorten(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)) and not hasattr(value, "_fields"):  # a NamedTuple stays itself
        return type(value)(shorten(x) for x in value)
    return value


_SMALL = 1 << _BIG_BITS


def _shown_as_is(value: Any) -> bool:
    """A value :func:`shorten` leaves as it is, told at a glance: most problems carry only such
    values (a rating, a field's text, a limit), and warnings are made by the thousand."""
    t = type(value)
    if t is int:
        return bool(-_SMALL < value < _SMALL)  # bit_length() <= 64
    if t is str:
        return len(value) <= TEXT_MAX
    return value is None


def _describe_int(value: int) -> str:
    # str() of such an int raises (sys.int_max_str_digits) and costs quadratic time;
    # math.log10 takes any int in linear time and gives the magnitude and leading digits.
    exponent = math.log10(-value if value < 0 else value)
    e = math.floor(exponent)
    mantissa = 10 ** (exponent - e)
    return f"≈{'-' if value < 0 else ''}{mantissa:.3f}·10^{e}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong (or implausible) with the input."""

    field: str
    code: str
    value: Any = None
    params: Mapping[str, Any] = dc_field(default_factory=dict)

    def __post_init__(self) -> None:
        if not _shown_as_is(self.value):
            short = shorten(self.value)
            if short is not self.value and short != self.value:
                object.__setattr__(self, "value", short)
        if self.params and not all(map(_shown_as_is, self.params.values())):
            params = {k: shorten(v) for k, v in self.params.items()}
            if params != self.params:
                object.__setattr__(self, "params", params)

    def message(self, lang: str = "de", surface: str | None = None) -> str:
        """The message in ``lang`` ("de" or "en"), value and rule included, worded for ``surface``
        ("web": the form's labels and controls, "cli": the options, "api": the request's fields;
        default: :func:`dwz.i18n.surface`, where the text is shown)."""
        from dwz.i18n import problem_text

        return problem_text(self, lang, surface)

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        value = self.value if isinstance(self.value, (int, float, str, type(None))) else str(self.value)
        from dwz.i18n import field_label

        return {"field": self.field, "label": field_label(self.field, lang), "code": self.code, "value": value,
                "message": self.message(lang)}


class InputError(ValueError):
    """Input that cannot be evaluated; carries one or more :class:`Problem`.

    Each message starts with what the user typed: the form's words (``surface="web"`` or
    ``"api"``, the default) or the command line's option (``surface="cli"``), see
    :func:`dwz.i18n.field_label`.

    >>> e = InputError([Problem("birth_year", "birth_year_invalid", "ab")])
    >>> e.messages("de"), e.messages("de", "cli")
    (["Geburtsjahr: Geburtsjahr 'ab' ist keine ganze Zahl"], ["--born: Geburtsjahr 'ab' ist keine ganze Zahl"])
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(capped(problems))
        super().__init__()

    def __str__(self) -> str:  # rendered when read, not when raised (a file of 10⁵ bad lines costs nothing until shown)
        return "; ".join(self.messages("en"))

    def messages(self, lang: str = "de", surface: str | None = None) -> list[str]:
        from dwz.i18n import field_label
        from dwz.i18n import surface as current

        surface = surface or current()
        return [f"{field_label(p.field, lang, surface)}: {p.message(lang, surface)}" if p.field else p.message(lang, surface)
                for p in self.problems]

    @classmethod
    def single(cls, field: str, code: str, value: Any = None, **params: Any) -> InputError:
        return cls([Problem(field, code, value, params)])


def capped(problems: Iterable[Problem], cap: int = MAX_PROBLEMS) -> list[Problem]:
    """The first ``cap`` problems and one that counts the rest (counts of earlier caps included):
    the one bound of every list of problems that is shown."""
    return Problems(problems, cap=cap).complete()


def collect(problems: list[Problem], fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
    """``fn(*args, **kwargs)``, or ``None`` with its problems appended to ``problems`` when it
    raises an :class:`InputError` — so that every problem of an input is reported at once."""
    try:
        return fn(*args, **kwargs)
    except InputError as e:
        problems.extend(e.problems)
        return None


class Problems(list[Problem]):
    """Problems collected from several checks before one :class:`InputError` is raised, so
    that a user sees everything wrong with his input at once — the first ``cap`` of them
    (:data:`MAX_PROBLEMS`); the rest are counted (``more``), and :meth:`complete` adds the
    count as one last problem.  ``seen`` counts all, kept or not: "did this row add one?"
    is ``seen > before``, never a length (which stops growing at the cap).

    >>> def bad() -> None:
    ...     raise InputError.single("rating", "rating_invalid", "?")
    >>> ps = Problems()
    >>> ps.attempt(int, "12"), ps.attempt(bad), [p.field for p in ps]
    (12, None, ['rating'])
    >>> ps = Problems(cap=2)
    >>> ps.extend(Problem(f"t.csv:{i}", "number_invalid", "x") for i in range(5))
    >>> len(ps), ps.more, ps.seen, [p.code for p in ps.complete()]
    (2, 3, 5, ['number_invalid', 'number_invalid', 'problems_more'])
    """

    cap = MAX_PROBLEMS
    more = 0
    seen = 0

    def __init__(self, problems: Iterable[Problem] = (), *, cap: int = MAX_PROBLEMS) -> None:
        # made for every evaluation, and nearly always left empty: the counts start as the class's
        if cap != MAX_PROBLEMS:
            self.cap = cap
        if problems != ():
            self.extend(problems)

    def append(self, p: Problem) -> None:
        if p.code == PROBLEMS_MORE and isinstance(p.value, int):  # another list's count: added to this one's
            self.more += p.value
            self.seen += p.value
            return
        self.seen += 1
        if len(self) < self.cap:
            super().append(p)
        else:
            self.more += 1

    @property
    def full(self) -> bool:
        """True once ``cap`` problems are kept: a caller may then :meth:`count_more` instead of building one."""
        return len(self) >= self.cap

    def count_more(self) -> None:
        """One more problem, not kept (see :attr:`full`)."""
        self.seen += 1
        self.more += 1

    def extend(self, problems: Iterable[Problem]) -> None:
        for p in problems.complete() if isinstance(problems, Problems) else problems:
            self.append(p)

    def __iadd__(self, problems: Iterable[Problem]) -> Problems:  # type: ignore[override,misc]
        self.extend(problems)
        return self

    def complete(self) -> list[Problem]:
        """The problems kept, and — when there were more — one that says how many more."""
        if not self.more:
            return list(self)
        return [*self, Problem("", PROBLEMS_MORE, self.more, {"shown": len(self)})]

    def attempt(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """``fn(*args, **kwargs)``, or ``None`` with its problems kept when it raises InputError
        (:func:`collect`, without a second call in between: every evaluation makes a few)."""
        try:
            return fn(*args, **kwargs)
        except InputError as e:
            self.extend(e.problems)
            return None

    def add(self, field: str, code: str, value: Any = None, **params: Any) -> None:
        if self.full:  # counted, not built
            self.count_more()
            return
        self.append(Problem(field, code, value, params))

    def check(self) -> None:
        """Raise the collected problems, if any."""
        if self:
            raise InputError(self.complete())
