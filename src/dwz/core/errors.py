"""Errors and warnings as values with a place.

A :class:`Problem` names the field (``"games[2].result"``, ``"rating"``, or
``"turnier.trf:12"``), the offending value and a message key; the text is
rendered in the user's language by :mod:`dwz.i18n`.  Adapters turn an
:class:`InputError` into exit code 2 (CLI) or HTTP 422 (web).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

__all__ = ["InputError", "Problem"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong (or implausible) with the input."""

    field: str
    code: str
    value: Any = None
    params: Mapping[str, Any] = dc_field(default_factory=dict)

    def message(self, lang: str = "de") -> str:
        """The message in ``lang`` ("de" or "en"), value and rule included."""
        from dwz.i18n import problem_text

        return problem_text(self, lang)

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        value = self.value if isinstance(self.value, (int, float, str, type(None))) else str(self.value)
        return {"field": self.field, "code": self.code, "value": value, "message": self.message(lang)}


class InputError(ValueError):
    """Input that cannot be evaluated; carries one or more :class:`Problem`.

    >>> e = InputError([Problem("index", "index_invalid", "-3")])
    >>> e.messages("de")
    ["index: Index muss eine ganze Zahl ≥ 0 sein: '-3'"]
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(self.messages("en")))

    def messages(self, lang: str = "de") -> list[str]:
        return [f"{p.field}: {p.message(lang)}" if p.field else p.message(lang) for p in self.problems]

    @classmethod
    def single(cls, field: str, code: str, value: Any = None, **params: Any) -> InputError:
        return cls([Problem(field, code, value, params)])
