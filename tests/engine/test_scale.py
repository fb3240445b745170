"""The 2026 scale (issue 8 §1): old-scale values are never computed on silently.

Under the 2026 rules a DWZ below 1100 is no value of the new scale — an old-scale value or a
foreign rating — and every result says so; ``scale="old"`` converts the values with the
Umstufung first, each conversion a step of the Rechenweg; under the classic rules nothing
changes.  Implausible opponents and indexes are warnings too.  The expected numbers come from
the spec's formulas (``tests/oracle.py``), the spec's own cases and reference 000's table.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dwz
from dwz.basics.strength import strength_class
from dwz.i18n import field_label
from dwz.rules import get_edition
from tests import oracle
from tests.conftest import REFERENCE
from tests.engine import spec_vectors as sv

NEW_END = date(2026, 9, 14)  # the issue's tournament, rated under the 2026 rules
OLD_END = date(2025, 9, 14)
TODAY = date(2026, 10, 1)


def codes(result: object) -> list[tuple[str, str]]:
    return [(w.field, w.code) for w in result.warnings]  # type: ignore[attr-defined]


def test_nothing_below_1100_exists_on_the_new_scale() -> None:
    """What the warning rests on: the Umstufung (spec §6, the oracle's copy) maps the old values onto
    exactly 1100 and above — no value below, none above skipped — and the 2026 floor keeps it so."""
    image = {oracle.umstufung(v) for v in range(1, 3001)}
    assert min(image) == sv.dwz2026_floor() == get_edition("2026").SCALE_MIN
    assert all(v in image for v in range(min(image), 3001))
    assert get_edition("classic").SCALE_MIN == 0


def test_the_issue_example_warns_on_every_old_value() -> None:
    r = dwz.rate("900-10", [(950, 1), (850, 0), (1000, "½")], end=NEW_END, today=TODAY)
    assert codes(r) == [("rating", "rating_old_scale"), ("games[0].opponent", "rating_old_scale"),
                        ("games[1].opponent", "rating_old_scale"), ("games[2].opponent", "rating_old_scale")]
    for w, value in zip(r.warnings, (900, 950, 850, 1000), strict=True):
        for lang in ("de", "en"):
            msg = w.message(lang)
            assert field_label(w.field, lang) in msg and str(value) in msg
            assert f"{value} → {oracle.umstufung(value)}" in msg  # the conversion the fix would make
        assert "--scale alt" in w.message("de") and "Werte von vor der Umstufung" in w.message("de")
        assert "--scale old" in w.message("en") and "Values from before the Umstufung" in w.message("en")
    assert [w["code"] for w in r.to_dict("de")["warnings"]] == [c for _, c in codes(r)]


def test_first_dwz_and_scenarios_warn_too() -> None:
    f = dwz.first_rating([(1200, 1), (900, 0), (1000, "½"), (950, 1), (1100, 0)], end=NEW_END, today=TODAY)
    assert codes(f) == [("games[1].opponent", "rating_old_scale"), ("games[2].opponent", "rating_old_scale"),
                        ("games[3].opponent", "rating_old_scale")]
    f = dwz.first_rating([(1200, 1)] * 5, restpartien=[(980, 0)], end=NEW_END, today=TODAY)
    assert codes(f) == [("restpartien[0].opponent", "rating_old_scale")]
    t = dwz.scenarios("1050-3", [1500, 990], played=[(1020, 1)], end=NEW_END, today=TODAY)
    assert codes(t) == [("rating", "rating_old_scale"), ("played[0].opponent", "rating_old_scale"),
                        ("opponents[1]", "rating_old_scale")]


def test_no_warning_on_the_classic_scale_or_above_1100() -> None:
    assert codes(dwz.rate("900-10", [(950, 1), (850, 0)], end=OLD_END, today=TODAY)) == []
    assert codes(dwz.rate("1100-10", [(1100, 1), (2500, 0)], end=NEW_END, today=TODAY)) == []


def test_many_old_values_are_bounded() -> None:
    r = dwz.rate("1500-10", [(1000 + i, 1) for i in range(30)], end=NEW_END, today=TODAY)
    scale = [w for w in r.warnings if w.code.startswith("rating_old_scale")]
    assert [w.code for w in scale] == ["rating_old_scale"] * 10 + ["rating_old_scale_more"]
    assert scale[-1].value == 20


def _converted(games: list[tuple[int, float]]) -> list[tuple[int, int]]:
    return [(oracle.umstufung(o), int(2 * w)) for o, w in games]


def test_scale_old_converts_own_rating_and_opponents_first() -> None:
    games = [(950, 1.0), (850, 0.0), (1000, 0.5), (2200, 0.0), (1366, 1.0)]
    for scale in ("old", "alt", "OLD"):
        r = dwz.rate("900-10", games, end=NEW_END, birth_year=1980, scale=scale, today=TODAY)
        r0 = oracle.umstufung(900)
        rn, k, we = oracle.rn2026_card(r0, 11, 46, _converted(games))
        assert (r.old_rating, r.old_index, r.new_rating, r.new_index, r.K) == (r0, 11, rn, 12, float(k))
        assert r.We == pytest.approx(we, abs=1e-9)
        assert r.warnings == ()  # converted: nothing left on the old scale
        assert [g.opponent for g in r.games] == [oracle.umstufung(o) for o, _ in games]
        assert [g.converted_from for g in r.games] == [o for o, _ in games]
    # each conversion is its own step, with its rule, before the games are counted
    keys = [s.key for s in r.steps]
    conv = [s for s in r.steps if s.key.startswith("scale.")]
    assert [s.key for s in conv] == ["scale.own.low", "scale.value.low", "scale.value.low", "scale.value.middle",
                                     "scale.value.high", "scale.value.middle"]
    assert [s.values["result"] for s in conv] == [oracle.umstufung(900)] + [oracle.umstufung(o) for o, _ in games]
    assert all(s.rule == "Umstufung 2026" for s in conv)
    assert keys.index("scale.own.low") < keys.index("core.games")
    d = r.to_dict("de")
    assert d["scale"] == "old"
    assert d["conversions"][0] == {"field": "rating", "old": 900, "new": r0, "old_index": 10, "new_index": 11, "own": True}
    assert [c["field"] for c in d["conversions"][1:]] == [f"games[{i}].opponent" for i in range(len(games))]
    assert [g["converted_from"] for g in d["games"]] == [o for o, _ in games]
    texts = " ".join(s["title"] + " " + s["calculation"] for s in r.rechenweg("de"))
    assert "Umstufung der eigenen DWZ" in texts and "0,64 · 1366 + 760" in texts


def test_scale_old_on_the_real_umstufung_cases() -> None:
    """The spec's real cases (2063-15 → 2080-16, …) as an own rating: the index rises by one."""
    for old, idx, new, new_idx, _src in sv.dwz2026_umstufung_real():
        r = dwz.rate(f"{old}-{idx}", [(2000, 1)], end=NEW_END, scale="old", today=TODAY)
        assert (r.old_rating, r.old_index, r.new_index) == (new, new_idx, new_idx + 1)


def test_scale_old_below_700_is_flagged_as_the_spec_hypothesis() -> None:
    r = dwz.rate("1500", [(650, 1)], end=NEW_END, scale="old", today=TODAY)
    assert r.games[0].opponent == oracle.umstufung(650) == 1100
    floor = [s for s in r.steps if s.key == "umst.floor"]
    assert len(floor) == 1 and floor[0].assumption


def test_scale_old_first_dwz_and_scenarios_equal_the_converted_input() -> None:
    games = [(1200, 1.0), (900, 0.0), (1000, 0.5), (950, 1.0), (1100, 0.0)]
    rest = [(800, 0.0)]
    f = dwz.first_rating(games, restpartien=rest, end=NEW_END, scale="alt", today=TODAY)
    g = dwz.first_rating([(oracle.umstufung(o), w) for o, w in games], restpartien=[(oracle.umstufung(o), w) for o, w in rest],
                         end=NEW_END, today=TODAY)
    assert (f.new_rating, f.Ri, f.W, f.n) == (g.new_rating, g.Ri, g.W, g.n)
    assert f.warnings == () and len(f.conversions) == 6
    t = dwz.scenarios("1050-3", [1500, 990], played=[(1020, 1)], end=NEW_END, scale="old", today=TODAY)
    u = dwz.scenarios(f"{oracle.umstufung(1050)}-4", [oracle.umstufung(1500), oracle.umstufung(990)], played=[(oracle.umstufung(1020), 1)],
                      end=NEW_END, today=TODAY)
    assert [row.new_rating for row in t.rows] == [row.new_rating for row in u.rows]
    assert (t.old_rating, t.old_index, t.new_index) == (u.old_rating, 4, 5)
    assert [c.field for c in t.conversions] == ["rating", "played[0].opponent", "opponents[0]", "opponents[1]"]
    assert any(s.key.startswith("scale.own.") for s in t.steps)


def test_scale_under_the_classic_rules() -> None:
    """Old-scale values are the classic rules' own: ``old`` changes nothing and says so; ``new``
    cannot be undone uniquely — an error naming the field."""
    plain = dwz.rate("900-10", [(950, 1), (850, 0)], end=OLD_END, today=TODAY)
    said = dwz.rate("900-10", [(950, 1), (850, 0)], end=OLD_END, scale="alt", today=TODAY)
    assert (said.new_rating, said.new_index, said.conversions) == (plain.new_rating, plain.new_index, ())
    assert codes(said) == [("scale", "scale_old_unchanged")]
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("900-10", [(950, 1)], end=OLD_END, scale="neu", today=TODAY)
    assert [(p.field, p.code) for p in e.value.problems] == [("scale", "scale_new_old_rules")]
    assert e.value.messages("de", "cli")[0].startswith("--scale: ")
    # "new" under the 2026 rules is what is assumed anyway
    assert dwz.rate("1500", [(1600, 1)], end=NEW_END, scale="neu").new_rating == dwz.rate("1500", [(1600, 1)], end=NEW_END).new_rating


@pytest.mark.parametrize("bad", ["mittel", "", "x" * 500, 3, None])
def test_scale_values(bad: object) -> None:
    if bad in ("", None):
        assert dwz.rate("1500", [(1600, 1)], end=NEW_END, scale=bad).scale is None  # type: ignore[arg-type]
        return
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("1500", [(1600, 1)], end=NEW_END, scale=bad)  # type: ignore[arg-type]
    assert [p.code for p in e.value.problems] == ["scale_invalid"]
    assert "alt, neu" in e.value.messages("de")[0]


def test_implausible_opponents_and_index() -> None:
    """Issue 8's example: opponents 1 and 50 are no DWZ on any scale (a warning, as 5000 is);
    a real index (the spec's 2841-105) is none, 1044 is."""
    for end in (NEW_END, OLD_END):
        r = dwz.rate("1650-12", [(1, 1), (50, 0)], end=end, today=TODAY)
        assert codes(r) == [("games[0].opponent", "rating_implausible_low"), ("games[1].opponent", "rating_implausible_low")]
        assert "1" in r.warnings[0].message("de") and "50" in r.warnings[1].message("en")
        f = dwz.first_rating([(1, 1), (1600, 0), (1500, 1), (1700, 0), (1650, 1)], end=end, today=TODAY)
        assert ("games[0].opponent", "rating_implausible_low") in codes(f)
    real = max(i for _, i, _, _, _ in sv.dwz2026_umstufung_real())
    assert codes(dwz.rate(f"2841-{real}", [(2800, 1)], end=NEW_END, today=TODAY)) == []
    # named where it was typed: the index in the DWZ ("2077-1044"), or the index option
    assert codes(dwz.rate("2077-1044", [(2000, 1)], end=NEW_END, today=TODAY)) == [("rating.index", "index_implausible")]
    assert codes(dwz.scenarios("2077-1044", [2000], end=NEW_END, today=TODAY)) == [("rating.index", "index_implausible")]
    assert codes(dwz.rate(2077, [(2000, 1)], index=1044, end=NEW_END, today=TODAY)) == [("index", "index_implausible")]
    assert codes(dwz.rate("2077-1044", [(2000, 1)], end=NEW_END, today=TODAY, birth_year=1980)) == [("rating.index", "index_implausible")]


# --- strength classes: one class per player on both scales ------------------------------------


def _reference_classes() -> list[tuple[int, str]]:
    """Reference 000's table "| 800 - 1199 | Anfänger |" as (lower bound, label), highest first."""
    text = (REFERENCE / "000_37b7af7fae558acd.txt").read_text(encoding="utf-8")
    rows: list[tuple[int, str]] = []
    for lo, label in re.findall(r"^\| (unter \d+|\d+ - \d+|ab \d+) \| ([^|]+?) \|$", text, re.MULTILINE):
        rows.append((0 if lo.startswith("unter") else int(re.findall(r"\d+", lo)[0]), label))
    assert len(rows) == 9
    return sorted(rows, reverse=True)


REF = _reference_classes()


def _label(value: int) -> str:
    return next(label for lower, label in REF if value >= lower)


def _code_label(value: int, rules: str) -> str:
    from dwz.i18n import term

    return term("strength." + strength_class(value, get_edition(rules).STRENGTH_CLASSES), "de")


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=3200))
def test_strength_class_is_the_same_on_both_scales(old: int) -> None:
    assert _code_label(old, "classic") == _label(old)  # reference 000's table, on its (old) scale
    assert _code_label(oracle.umstufung(old), "2026") == _label(old)


def test_strength_class_every_old_value_and_on_results() -> None:
    for old in range(1, 3001):
        assert _code_label(oracle.umstufung(old), "2026") == _label(old), old
    a = dwz.rate("1600-20", [(1600, 0.5)], end=OLD_END)
    b = dwz.rate("1600-20", [(1600, 0.5)], end=NEW_END, scale="old")
    assert b.new_rating == oracle.umstufung(a.new_rating)  # a draw between equals: no change on either scale
    assert a.strength_class == b.strength_class
    assert a.to_dict("de")["strength_class"] == b.to_dict("de")["strength_class"]
