"""The renderer of catalog templates (:func:`dwz.i18n._fill` over a template parsed once per
language, inside every step renderer and every UI or problem text) writes exactly what a
plain reference writes: :class:`Reference`, a :class:`string.Formatter` that formats field by
field with the public helpers (:func:`~dwz.i18n.fmt_num`, :func:`~dwz.i18n.term`,
:func:`~dwz.i18n.plural`, :func:`~dwz.i18n.fmt_date`) as the module's docstring describes it.
Checked for every step template of both catalogs and for random templates, with numbers of
every sign and size, whole and fractional, and the values that are no plain number (None,
bools, enums, texts, missing fields)."""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from datetime import date
from enum import Enum, IntEnum
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import dwz.i18n
from dwz.basics.steps import Step
from dwz.i18n import CATALOGS, LANGS, _fill, _parse, _render, fmt_date, fmt_num, plural, render_step, render_steps, term

KEYS = sorted(CATALOGS["de"]["steps"])
_FIELDS = {
    key: sorted({f for lang in LANGS for part in CATALOGS[lang]["steps"][key] for _, f, _, _ in string.Formatter().parse(part) if f})
    for key in KEYS
}
GAME_KEYS = [key for key in KEYS if "games" in _FIELDS[key]]  # the steps with a per-game list (!p), drawn more often


class Group(Enum):
    ADULT = "group.adult"


class Level(IntEnum):
    TWO = 2


def _games(games: Sequence[tuple[Any, Any, Any]], lang: str, decimals: int) -> str:
    """A per-game list: each game's probability to ``decimals`` places, '–' for none; from 13
    games on the first six, '…' and the last three."""
    if not games:
        return "0"
    parts = [fmt_num(p, f".{decimals}f", lang) if p is not None else "–" for _, _, p in games]
    if len(parts) > 12:
        parts = [*parts[:6], "…", *parts[-3:]]
    return " + ".join(parts)


def field_text(value: Any, spec: str, conv: str | None, lang: str, decimals: int) -> str:
    """One field as the catalogs' templates mean it: the conversion first (``!t`` a term, ``!p``
    a per-game list, ``!n``/``!N`` a count with its noun / the noun, ``!d`` a date, ``!e`` a
    number with the decimals it needs), then the value: '–' for None, a bool as written, a
    number per language (a float without a spec to three decimals), ``!r`` its repr, anything
    else as ``format`` writes it."""
    if conv == "t":
        return term(str(value.value if isinstance(value, Enum) else value), lang)
    if conv == "p":
        return _games(value, lang, decimals)
    if conv in ("n", "N"):
        counted = plural(value, spec, lang)
        return counted if conv == "n" else counted.partition(" ")[2]
    if conv == "d":
        return fmt_date(value, lang)
    if conv == "e" and isinstance(value, (int, float)):
        shown = fmt_num(value, spec or ".4f", lang)
        point = "," if lang == "de" else "."
        return shown.rstrip("0").rstrip(point) if point in shown else shown
    if value is None:
        return "–"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return fmt_num(value, spec or (".3f" if isinstance(value, float) else ""), lang)
    if conv == "r":
        return repr(value)
    return format(value, spec)


class Reference(string.Formatter):
    """The template rendered field by field by :func:`field_text`; a missing value is '?'."""

    def __init__(self, lang: str, decimals: int = 3) -> None:
        self.lang, self.decimals = lang, decimals

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        return kwargs.get(str(key), "?")

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value, conversion  # the conversion is applied with the spec, in format_field

    def format_field(self, value: Any, format_spec: str) -> str:
        value, conv = value
        return field_text(value, format_spec, conv, self.lang, self.decimals)


def _step_decimals(values: Mapping[str, Any]) -> int:
    """A step's per-game list has the step's own decimals, at most three."""
    d = values.get("decimals", 3)
    return 3 if d is None or (type(d) is int and d >= 3) else min(int(d), 3)


def reference(step: Step, lang: str) -> tuple[str, str, str]:
    """Title, formula and calculation field by field: the catalog of ``lang`` (German for an
    unknown language), numbers formatted per ``lang`` as given."""
    title, formula, calculation = CATALOGS[lang if lang in LANGS else "de"]["steps"][step.key]
    ref = Reference(lang, _step_decimals(step.values))
    return ref.vformat(title, (), step.values), ref.vformat(formula, (), step.values), ref.vformat(calculation, (), step.values)


numbers = st.one_of(
    st.integers(min_value=-10**6, max_value=10**6),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.sampled_from([0, 0.0, -0.0, 0.5, -0.5, 1e-9, -1e-9, 2.0005, -2.0005, 1669.55]),
)
odd = st.one_of(st.none(), st.booleans(), st.sampled_from(["adult", "x.y-z", "", "%s", Group.ADULT, Level.TWO]))


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.sampled_from(KEYS), st.sampled_from(GAME_KEYS)), st.data(), st.sampled_from([*LANGS, "fr"]))
def test_step_renderer_equals_the_reference(key: str, data: st.DataObject, lang: str) -> None:
    fields = [f for f in _FIELDS[key] if f not in ("games",)]
    values: dict[str, Any] = {}
    for f in fields:
        if data.draw(st.integers(0, 9), label=f"missing {f}") == 0:
            continue  # a missing field renders '?'
        values[f] = data.draw(numbers if data.draw(st.integers(0, 5), label=f"kind {f}") else odd, label=f)
    if "games" in _FIELDS[key]:
        values["games"] = data.draw(st.lists(st.tuples(st.integers(800, 2800), st.integers(-800, 800),
                                                       st.floats(0, 1, allow_nan=False)), max_size=15))
        decimals = data.draw(st.sampled_from([None, 0, 1, 2, 3, 4]), label="decimals")
        if decimals != 3:  # the step's own decimals (FIDE: two), three when it names none
            values["decimals"] = decimals
    step = Step(key, "WO 3.5.2", values, assumption=data.draw(st.booleans()))
    try:
        expected = reference(step, lang)
    except (ValueError, TypeError) as e:  # a text where the template formats a number: both refuse alike
        with pytest.raises(type(e)):
            render_step(step, lang)
        return
    out = render_step(step, lang)
    assert (out["title"], out["formula"], out["calculation"]) == expected
    assert out["key"] == key and out["rule"] == "WO 3.5.2" and out["assumption"] is step.assumption
    plain = {k: (list(map(list, v)) if k == "games" else v.value if isinstance(v, Enum) else v) for k, v in values.items()}
    assert out["values"] == plain
    assert out["values"] is not values
    assert ("note" in out) is step.assumption
    assert render_steps([step, step], lang) == [out, out]


# Random templates: literals with the characters the number formatting writes or that a format
# string treats specially, fields with every conversion and the specs the catalogs use.
_literal = st.lists(st.sampled_from([*"ab .,-−%s:=()+→", "{{", "}}", "e^"]), max_size=6).map("".join)
_NAMES = ("a", "b", "result", "games", "n")
_field = st.one_of(
    st.tuples(st.just(None), st.just("")),  # the most common field: a number as the language writes it
    st.tuples(st.just(None), st.sampled_from(["", ".0f", ".1f", ".2f", "+.3f", ".4f", "d", "g", "+d", ">6", ",.1f"])),
    st.tuples(st.sampled_from(["t", "p", "d", "r"]), st.just("")),
    st.tuples(st.sampled_from(["n", "N"]), st.sampled_from(["Partie|Partien", "game|games", "Fehler"])),
    st.tuples(st.just("e"), st.sampled_from(["", ".4f", ".2f"])),
)


@st.composite
def templates(draw: st.DrawFn) -> str:
    out = []
    for _ in range(draw(st.integers(0, 5))):
        out.append(draw(_literal))
        conv, spec = draw(_field)
        out.append("{" + draw(st.sampled_from(_NAMES)) + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    out.append(draw(_literal))
    return "".join(out)


_values = st.one_of(
    st.integers(), st.floats(), numbers, odd,
    st.sampled_from(["2026-09-14", date(2014, 8, 1), "heute", "group.youth", "unknown.term", 1, 3]),
    st.lists(st.tuples(st.integers(800, 2800), st.integers(-800, 800), st.one_of(st.none(), st.floats(-1, 1), st.integers(0, 1))),
             max_size=15),
)


@settings(max_examples=1500, deadline=None)
@given(templates(), st.dictionaries(st.sampled_from(_NAMES), _values), st.sampled_from([*LANGS, "fr"]), st.integers(0, 3))
def test_renderer_equals_the_reference_on_random_templates(template: str, values: dict[str, Any], lang: str, decimals: int) -> None:
    try:
        expected = Reference(lang, decimals).vformat(template, (), values)
    except (ValueError, TypeError) as e:  # a value the template cannot format: both refuse alike
        event("refused")
        with pytest.raises(type(e)):
            _fill(_parse(template, lang), values, decimals)
        return
    event("rendered")
    assert _fill(_parse(template, lang), values, decimals) == expected
    if decimals == 3:
        assert _render(template, values, lang) == expected


def test_german_numbers_by_hand() -> None:
    """The reference's own anchor: German decimal comma and minus sign, written out."""
    template = "{K:.1f} · ({W:.1f} − {We:.4f}) = {x:+.3f}; {n} {f}; {missing}"
    values = {"K": 28.04, "W": 5.5, "We": 6.25, "x": -1669.6125, "n": -3, "f": 0.5}
    assert _render(template, values, "de") == "28,0 · (5,5 − 6,2500) = −1669,612; −3 0,500; ?"
    assert _render(template, values, "en") == "28.0 · (5.5 − 6.2500) = −1669.612; −3 0.500; ?"
    assert Reference("de").vformat(template, (), values) == _render(template, values, "de")


def test_step_renderers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past STEP_RENDERERS_MAX a step renders as before, its renderer is not kept."""
    monkeypatch.setattr(dwz.i18n, "STEP_RENDERERS_MAX", len(dwz.i18n._STEP_RENDERERS))
    out = render_step(Step("no.such.step", "WO 1", {"result": 1}), "de")
    assert out["title"] == "no.such.step" and out["formula"] == "" and out["calculation"] == "" and out["result"] == 1
    assert ("no.such.step", "de") not in dwz.i18n._STEP_RENDERERS
