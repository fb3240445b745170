"""Message catalogs (de default, en) and the renderers for steps and problems.

Numbers are formatted per language: German uses the decimal comma (1669,6).
A template field with the conversion ``!t`` is translated as a term
(``{group!t}`` → "Erwachsene (über 25)"); ``!p`` renders a per-game list.
"""

from __future__ import annotations

import string
from typing import Any

from dwz.i18n import de, en

__all__ = ["CATALOGS", "LANGS", "fmt_num", "problem_text", "render_step", "term", "text"]

LANGS = ("de", "en")
CATALOGS: dict[str, dict[str, dict[str, Any]]] = {"de": de.CATALOG, "en": en.CATALOG}


def _cat(lang: str) -> dict[str, dict[str, Any]]:
    return CATALOGS.get(lang, CATALOGS["de"])


def fmt_num(value: float | int, spec: str = "", lang: str = "de") -> str:
    """Format a number; German decimal comma.

    >>> fmt_num(1669.61, ".1f", "de"), fmt_num(1669.61, ".1f", "en")
    ('1669,6', '1669.6')
    """
    s = format(value, spec)
    if lang == "de":
        s = s.replace(".", ",")
    return s.replace("-", "−") if s.startswith("-") else s


def term(key: str, lang: str = "de") -> str:
    """A translated term ("strength.good_club", "group.adult", …); the key itself if unknown."""
    return str(_cat(lang)["terms"].get(key, CATALOGS["en"]["terms"].get(key, key)))


def text(key: str, lang: str = "de", **values: Any) -> str:
    """A UI text from the ``ui`` section, formatted with ``values``."""
    template = _cat(lang)["ui"].get(key, CATALOGS["en"]["ui"].get(key, key))
    return _Formatter(lang).format(template, **values)


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_map(self, format_string: str, mapping: Any) -> str:
        return self.vformat(format_string, (), mapping)

    decimals = 3

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "t":
            return _TermValue(value)
        if conversion == "p":
            return _GameList(value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, _TermValue):
            v = value.value
            return term(str(v.value if hasattr(v, "value") else v), self.lang)
        if isinstance(value, _GameList):
            return self._games(value.value)
        if value is None:
            return "–"
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (int, float)):
            if not format_spec and isinstance(value, float):
                format_spec = ".3f"
            return fmt_num(value, format_spec, self.lang)
        return format(value, format_spec)

    def _games(self, games: list[tuple[Any, Any, Any]]) -> str:
        if not games:
            return "0"
        spec = f".{self.decimals}f"
        parts = [fmt_num(p, spec, self.lang) if p is not None else "–" for _, _, p in games]
        if len(parts) > 12:
            parts = [*parts[:6], "…", *parts[-3:]]
        return " + ".join(parts)


class _TermValue:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class _GameList:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def render_step(step: Any, lang: str = "de") -> dict[str, Any]:
    """A :class:`~dwz.core.steps.Step` as title, formula, substituted numbers, result and rule."""
    entry = _cat(lang)["steps"].get(step.key) or CATALOGS["en"]["steps"].get(step.key)
    f = _Formatter(lang)
    f.decimals = min(int(step.values.get("decimals", 3)), 3)
    if entry is None:
        title, formula, calc = step.key, "", ""
    else:
        title, formula, calc = entry
    values = dict(step.values)
    for k, v in list(values.items()):
        if hasattr(v, "value") and not isinstance(v, (int, float, str)):
            values[k] = v.value
    out = {
        "key": step.key,
        "title": f.format(title, **values),
        "formula": f.format(formula, **values),
        "calculation": f.format(calc, **values),
        "result": _plain(values.get("result")),
        "rule": step.rule,
        "assumption": step.assumption,
        "values": {k: _plain(v) for k, v in values.items()},
    }
    if step.assumption:
        out["note"] = _cat(lang)["ui"]["assumption_note"]
    return out


def _plain(v: Any) -> Any:
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if hasattr(v, "value"):
        return v.value
    return str(v)


def problem_text(problem: Any, lang: str = "de") -> str:
    """The message of a :class:`~dwz.core.errors.Problem` in ``lang``."""
    template = _cat(lang)["problems"].get(problem.code) or CATALOGS["en"]["problems"].get(problem.code)
    if template is None:
        return f"{problem.code}: {problem.value!r}"
    value = problem.value
    text_value = "" if value is None else str(value)
    if len(text_value) > 80:  # a whole line of garbage helps nobody; the start identifies it
        text_value = text_value[:77] + "…"
    return _Formatter(lang).format_map(template, _Tolerant(value=text_value, **dict(problem.params)))


class _Tolerant(dict[str, Any]):
    """Template parameters; a missing one renders as '?' instead of raising (an error
    message must never fail itself)."""

    def __missing__(self, key: str) -> str:
        return "?"
