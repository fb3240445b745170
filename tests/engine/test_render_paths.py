"""The compiled step renderers (one printf-style format per numbers-only template) write
exactly what the general renderer writes field by field (:func:`dwz.i18n._fill`, the
reference path): for every step template of both catalogs, with numbers of every sign and
size, whole and fractional, and the values that must leave the fast path (None, bools,
texts, missing fields)."""

from __future__ import annotations

import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dwz.basics.steps import Step
from dwz.i18n import CATALOGS, LANGS, _compile, _fill, render_step, render_steps

KEYS = sorted(CATALOGS["de"]["steps"])
_FIELDS = {
    key: sorted({f for lang in LANGS for part in CATALOGS[lang]["steps"][key] for _, f, _, _ in string.Formatter().parse(part) if f})
    for key in KEYS
}

numbers = st.one_of(
    st.integers(min_value=-10**6, max_value=10**6),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.sampled_from([0, 0.0, -0.0, 0.5, -0.5, 1e-9, -1e-9, 2.0005, -2.0005, 1669.55]),
)
odd = st.one_of(st.none(), st.booleans(), st.sampled_from(["adult", "x.y-z", "", "%s"]))


def reference(step: Step, lang: str) -> tuple[str, str, str]:
    """Title, formula and calculation field by field: the catalog of ``lang`` (German for an
    unknown language), numbers formatted per ``lang`` as given."""
    entry = CATALOGS[lang if lang in LANGS else "de"]["steps"][step.key]
    d = step.values.get("decimals", 3)
    decimals = 3 if d is None or (type(d) is int and d >= 3) else min(int(d), 3)
    return tuple(_fill(_compile(part), step.values, lang, decimals) for part in entry)  # type: ignore[return-value]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(KEYS), st.data(), st.sampled_from([*LANGS, "fr"]))
def test_compiled_renderer_equals_the_general_one(key: str, data: st.DataObject, lang: str) -> None:
    fields = [f for f in _FIELDS[key] if f not in ("games",)]
    values: dict[str, Any] = {}
    for f in fields:
        if data.draw(st.integers(0, 9), label=f"missing {f}") == 0:
            continue  # a missing field renders '?'
        values[f] = data.draw(numbers if data.draw(st.integers(0, 5), label=f"kind {f}") else odd, label=f)
    if "games" in _FIELDS[key]:
        values["games"] = data.draw(st.lists(st.tuples(st.integers(800, 2800), st.integers(-800, 800),
                                                       st.floats(0, 1, allow_nan=False)), max_size=15))
    step = Step(key, "WO 3.5.2", values, assumption=data.draw(st.booleans()))
    try:
        expected = reference(step, lang)
    except (ValueError, TypeError) as e:  # a text where the template formats a number: both paths refuse alike
        with pytest.raises(type(e)):
            render_step(step, lang)
        return
    out = render_step(step, lang)
    assert (out["title"], out["formula"], out["calculation"]) == expected
    assert out["key"] == key and out["rule"] == "WO 3.5.2" and out["assumption"] is step.assumption
    assert out["values"] == {k: (list(map(list, v)) if k == "games" else v) for k, v in values.items()}
    assert out["values"] is not values
    assert ("note" in out) is step.assumption
    assert render_steps([step, step], lang) == [out, out]
