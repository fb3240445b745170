"""The 2026 scale (issue 8 §1, issue 15 §1): old-scale values are never computed on silently.

Under the 2026 rules a DWZ below 1100 is no value of the new scale — an old-scale value or a
foreign rating: an own DWZ below it is refused with both fixes, an opponent below it is a warning
with the fix for the opponents.  The scale is said per value (``own_scale``, ``opponents_scale``,
``scale`` for all; ``rating_date`` dates the own DWZ), old values are converted with the Umstufung
first, each conversion a step of the Rechenweg; under the classic rules nothing changes.
Implausible opponents and indexes are warnings too.  The expected numbers come from the spec's
formulas (``tests/oracle.py``), the spec's own cases and reference 000's table.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dwz
from dwz.basics.strength import strength_class
from dwz.i18n import field_label
from dwz.rules import get_edition
from tests import oracle
from tests.conftest import REFERENCE
from tests.engine.spec_vectors import dwz2026 as sv_2026

NEW_END = date(2026, 9, 14)  # the issue's tournament, rated under the 2026 rules
OLD_END = date(2025, 9, 14)
TODAY = date(2026, 10, 1)


def codes(result: object) -> list[tuple[str, str]]:
    return [(w.field, w.code) for w in result.warnings]  # type: ignore[attr-defined]


def test_nothing_below_1100_exists_on_the_new_scale() -> None:
    """What the warning rests on: the Umstufung (spec §6, the oracle's copy) maps the old values onto
    exactly 1100 and above — no value below, none above skipped — and the 2026 floor keeps it so."""
    image = {oracle.umstufung(v) for v in range(1, 3001)}
    assert min(image) == sv_2026.dwz2026_floor() == get_edition("2026").SCALE_MIN
    assert all(v in image for v in range(min(image), 3001))
    assert get_edition("classic").SCALE_MIN == 0


def test_an_own_dwz_below_1100_is_refused_with_both_fixes() -> None:
    """Issue 15 §1.3: no result (a confident wrong number) but the value, the rule and the fixes
    for the own DWZ — worded for where the user acts."""
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("900-10", [(1350, 1), (1250, 0), (1400, "½")], end=NEW_END, today=TODAY)
    assert [(p.field, p.code) for p in e.value.problems] == [("rating", "rating_old_scale_own")]
    converted = f"900-10 → {oracle.umstufung(900)}-11"  # the Umstufung, index + 1 (spec dwz-2026 §6)
    p = e.value.problems[0]
    for lang in ("de", "en"):
        for surface in ("cli", "web", "api"):
            msg = p.message(lang, surface)
            assert "900" in msg and "1100" in msg and converted in msg, msg
    assert p.message("de", "cli") == (
        "Ihre DWZ 900 liegt unter 1100 – seit der Umstufung 2026 gibt es keine DWZ unter 1100. Stammt sie von einer "
        "Karteikarte oder Liste vor dem 08.06.2026, geben Sie --alt eigene an (oder --stand mit dem Datum der Karte): sie "
        f"wird dann umgestuft ({converted}). Sonst korrigieren Sie den Wert.")  # the issue's wording
    assert "„meine DWZ“" in p.message("de", "web") and "„Stand Ihrer DWZ“" in p.message("de", "web")
    assert "“my DWZ”" in p.message("en", "web")
    assert 'own_scale = "old"' in p.message("en", "api") and "rating_date" in p.message("de", "api")
    for lang in ("de", "en"):  # the page names its controls, the API its fields: never a command-line option
        assert "--" not in p.message(lang, "web") and "--" not in p.message(lang, "api")
        assert "gegner" not in p.message(lang, "cli") and "opponents" not in p.message(lang, "api")  # the own value's fix only
    # the same for every own value below the floor, an index or not, whatever form the input takes
    for rating, games in (("1099", [(1500, 1)]), ("500-3", [[1500, "1"]]), (1000, ((1200, 0),))):
        with pytest.raises(dwz.InputError) as e:
            dwz.rate(rating, games, end=NEW_END)  # type: ignore[arg-type]
        assert [p.code for p in e.value.problems] == ["rating_old_scale_own"]
    with pytest.raises(dwz.InputError):
        dwz.rate("900-10", W=1, n=2, We=0.5, end=NEW_END)  # a card line too
    with pytest.raises(dwz.InputError) as e:
        dwz.scenarios("1050-3", [1500, 990], end=NEW_END)
    assert [p.code for p in e.value.problems] == ["rating_old_scale_own"]
    assert "1050-3 → 1432-4" in e.value.problems[0].message("de")


def test_opponents_below_1100_warn_with_the_opponents_fix() -> None:
    """Issue 15 §1.4: a warning per value (he may also be a foreign rating), the fix for the
    opponents only; the own DWZ (from 1100) is taken as it is."""
    r = dwz.rate("1500-10", [(950, 1), (850, 0), (1000, "½")], end=NEW_END, today=TODAY)
    assert codes(r) == [("games[0].opponent", "rating_old_scale"), ("games[1].opponent", "rating_old_scale"),
                        ("games[2].opponent", "rating_old_scale")]
    for w, value in zip(r.warnings, (950, 850, 1000), strict=True):
        for lang in ("de", "en"):
            msg = w.message(lang, "web")
            assert field_label(w.field, lang) in msg and str(value) in msg
            assert f"{value} → {oracle.umstufung(value)}" in msg  # the conversion the fix would make
            assert "--" not in msg and "--" not in w.message(lang, "api")
        assert "--alt gegner" in w.message("de", "cli") and "--alt opponents" in w.message("en", "cli")
        assert "„die Gegner-DWZ“" in w.message("de", "web") and "opponents_scale" in w.message("en", "api")
        assert "Fremdwertung" in w.message("de", "cli") and "foreign rating" in w.message("en", "web")
        assert "eigene" not in w.message("de", "cli") and "own_scale" not in w.message("de", "api")
    assert [w["code"] for w in r.to_dict("de")["warnings"]] == [c for _, c in codes(r)]


def test_first_dwz_and_scenarios_warn_too() -> None:
    f = dwz.first_rating([(1200, 1), (900, 0), (1000, "½"), (950, 1), (1100, 0)], end=NEW_END, today=TODAY)
    assert codes(f) == [("games[1].opponent", "rating_old_scale"), ("games[2].opponent", "rating_old_scale"),
                        ("games[3].opponent", "rating_old_scale")]
    f = dwz.first_rating([(1200, 1)] * 5, restpartien=[(980, 0)], end=NEW_END, today=TODAY)
    assert codes(f) == [("restpartien[0].opponent", "rating_old_scale")]
    t = dwz.scenarios("1250-3", [1500, 990], played=[(1020, 1)], end=NEW_END, today=TODAY)
    assert codes(t) == [("played[0].opponent", "rating_old_scale"), ("opponents[1]", "rating_old_scale")]


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
    for old, idx, new, new_idx, _src in sv_2026.dwz2026_umstufung_real():
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
    real = max(i for _, i, _, _, _ in sv_2026.dwz2026_umstufung_real())
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


# --- the scale of each value (issue 15 §1) -----------------------------------------------------------

ISSUE_GAMES = [(1350, 1.0), (1250, 0.0), (1400, 0.5)]  # the issue's opponents, from the current pairing list


def _expected(r0: int, index: int, games: list[tuple[int, float]], age: int = 40) -> tuple[int, int]:
    """Rn and index after the tournament by the spec's formula (tests/oracle.py), adult."""
    rn, _, _ = oracle.rn2026_card(r0, index, age, [(o, int(2 * w)) for o, w in games])
    return rn, index + 1


def test_own_value_only_converted_the_issue_example() -> None:
    """`dwz rate 900-10 --end 2026-09-14 1350:1 1250:0 1400:= --alt eigene`: only the own DWZ is
    converted (900-10 → 1300-11), the opponents are the current list's — 1304-12 (+4)."""
    r = dwz.rate("900-10", ISSUE_GAMES, end=NEW_END, own_scale="old", today=TODAY)
    u = dwz.umstufung("900-10")
    assert (u.new_rating, u.new_index) == (oracle.umstufung(900), 11)
    same = dwz.rate(f"{u.new_rating}-{u.new_index}", ISSUE_GAMES, end=NEW_END, today=TODAY)
    assert (r.old_rating, r.old_index, r.new_rating, r.new_index, r.change) == (
        u.new_rating, u.new_index, same.new_rating, same.new_index, same.change)
    assert (r.new_rating, r.new_index) == _expected(u.new_rating, u.new_index, ISSUE_GAMES)
    assert (r.new_rating, r.new_index, r.change) == (1304, 12, 4)  # the issue's stated numbers
    assert [g.opponent for g in r.games] == [o for o, _ in ISSUE_GAMES] and all(g.converted_from is None for g in r.games)
    assert r.warnings == () and (r.own_scale, r.opponents_scale, r.scale) == ("old", None, None)
    assert [c.to_dict() for c in r.conversions] == [
        {"field": "rating", "old": 900, "new": u.new_rating, "old_index": 10, "new_index": 11, "own": True}]
    # the own conversion is the first thing after the rule choice: the change is read against it
    assert [s.key for s in r.steps[:3]] == ["core.rules_from", "scale.own.low", "umst.index"]
    assert not any(s.key == "scale.own_assumed" for s in r.steps)


def test_all_values_converted_only_when_asked_for() -> None:
    """`--alt alle` (scale="old", or both statements): 1335-12 — the opponents converted too."""
    all_old = dwz.rate("900-10", ISSUE_GAMES, end=NEW_END, scale="old", today=TODAY)
    both = dwz.rate("900-10", ISSUE_GAMES, end=NEW_END, own_scale="old", opponents_scale="old", today=TODAY)
    converted = [(oracle.umstufung(o), w) for o, w in ISSUE_GAMES]
    same = dwz.rate(f"{oracle.umstufung(900)}-11", converted, end=NEW_END, today=TODAY)
    for r in (all_old, both):
        assert (r.new_rating, r.new_index) == (same.new_rating, same.new_index) == _expected(oracle.umstufung(900), 11, converted)
        assert [g.converted_from for g in r.games] == [o for o, _ in ISSUE_GAMES]
        assert [c.field for c in r.conversions] == ["rating", "games[0].opponent", "games[1].opponent", "games[2].opponent"]
    assert (all_old.new_rating, all_old.new_index, all_old.change) == (1335, 12, 35)  # the issue's stated numbers
    assert (all_old.scale, all_old.own_scale, all_old.opponents_scale) == ("old", "old", "old")
    # only the opponents: the own DWZ (from 1100) as it is, with the assumption said
    opp = dwz.rate("1500-20", [(950, 1), (850, 0)], end=NEW_END, opponents_scale="old", today=TODAY)
    conv = [(oracle.umstufung(950), 1.0), (oracle.umstufung(850), 0.0)]
    assert (opp.old_rating, opp.new_rating) == (1500, dwz.rate("1500-20", conv, end=NEW_END).new_rating)
    assert [c.own for c in opp.conversions] == [False, False] and opp.warnings == ()
    # own_scale / opponents_scale win over scale
    mixed = dwz.rate("1500-20", [(950, 1)], end=NEW_END, scale="old", own_scale="new", today=TODAY)
    assert (mixed.old_rating, mixed.games[0].opponent) == (1500, oracle.umstufung(950))


def test_the_own_dwz_dated_before_the_switch_is_converted() -> None:
    """`--stand 2026-05-01`: a card dated before the Umstufung holds an old-scale value — converted
    as if own_scale="old" were said, and the Rechenweg says why; dated on or after it, taken as it is."""
    games = [(1600, 1.0), (1750, 0.5), (1700, 0.0)]
    dated = dwz.rate("1500-20", games, end=NEW_END, rating_date="2026-05-01", today=TODAY)
    said = dwz.rate("1500-20", games, end=NEW_END, own_scale="old", today=TODAY)
    u = dwz.umstufung("1500-20")
    assert (dated.old_rating, dated.old_index) == (u.new_rating, u.new_index) == (oracle.umstufung(1500), 21)
    assert (dated.new_rating, dated.new_index) == (said.new_rating, said.new_index) == _expected(u.new_rating, 21, games)
    assert (dated.own_scale, dated.rating_date) == ("old", date(2026, 5, 1))
    assert [s.key for s in dated.steps[:4]] == ["core.rules_from", "scale.own_date", "scale.own.middle", "umst.index"]
    step = dated.rechenweg("de")[1]
    assert "01.05.2026" in step["calculation"] and "alte Skala" in step["calculation"]
    assert dated.to_dict("de")["rating_date"] == "2026-05-01"
    for day in ("2026-06-08", "14.09.2026", date(2026, 7, 1)):  # on or after the switch: the new scale, as it is
        new = dwz.rate("1500-20", games, end=NEW_END, rating_date=day, today=TODAY)
        assert (new.old_rating, new.old_index, new.conversions, new.own_scale) == (1500, 20, (), "new")
        assert new.new_rating == _expected(1500, 20, games)[0]
        assert not any(s.key == "scale.own_assumed" for s in new.steps)
        assert "scale.own_date" in [s.key for s in new.steps]
    # the day before the switch is the old scale (the registry's switch date, not a copy of it)
    from dwz.rules import transition

    switch = transition("old", "new").at
    assert dwz.rate("1500-20", games, end=NEW_END, rating_date=switch - timedelta(days=1)).old_rating == u.new_rating
    assert dwz.rate("1500-20", games, end=NEW_END, rating_date=switch).old_rating == 1500


def test_a_date_or_statement_that_contradicts_the_value_is_an_error() -> None:
    """Dated or said to be new-scale, a value below 1100 is a contradiction naming both; a
    statement and a date that disagree are one too — never a number."""
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("900-10", ISSUE_GAMES, end=NEW_END, rating_date="2026-07-01")
    assert [(p.field, p.code) for p in e.value.problems] == [("rating", "rating_dated_new_low")]
    msg = e.value.problems[0].message("de")
    assert "900" in msg and "01.07.2026" in msg and "1100" in msg
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("900-10", ISSUE_GAMES, end=NEW_END, own_scale="neu")
    assert [(p.field, p.code) for p in e.value.problems] == [("rating", "rating_said_new_low")]
    assert "--alt" in e.value.messages("de", "cli")[0] and "900" in e.value.messages("en")[0]
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("1500-20", ISSUE_GAMES, end=NEW_END, own_scale="old", rating_date="2026-07-01")
    assert [(p.field, p.code) for p in e.value.problems] == [("rating_date", "rating_date_conflict")]
    assert e.value.messages("de", "cli")[0].startswith("--stand: ") and "--alt" in e.value.messages("de", "cli")[0]
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("1500-20", ISSUE_GAMES, end=NEW_END, rating_date="31.02.2026")
    assert [(p.field, p.code) for p in e.value.problems] == [("rating_date", "date_impossible")]  # read, but no such day


def test_the_own_date_under_the_classic_rules() -> None:
    """Classic rules (a tournament before the switch): a card dated before it is the edition's own
    scale (nothing to do, nothing said); one dated after it holds a new-scale value the classic
    rules cannot use — the Umstufung cannot be undone uniquely."""
    games = [(950, 1), (850, 0)]
    plain = dwz.rate("900-10", games, end=OLD_END, today=TODAY)
    dated = dwz.rate("900-10", games, end=OLD_END, rating_date="2025-01-01", today=TODAY)
    assert (dated.new_rating, dated.new_index, dated.conversions, dated.warnings) == (plain.new_rating, plain.new_index, (), ())
    assert not any(s.assumption and s.key.startswith("scale.") for s in plain.steps)  # no assumption: the classic scale is the old one
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("1634-22", games, end=OLD_END, rating_date="2026-07-01")
    assert [(p.field, p.code) for p in e.value.problems] == [("rating_date", "rating_date_new_old_rules")]
    for surface, fix in (("cli", "dwz umstufung --inverse"), ("web", "„neu → alt“"), ("api", "POST /api/umstufung")):
        assert fix in e.value.problems[0].message("de", surface)
    assert "--" not in e.value.problems[0].message("de", "web")
    with pytest.raises(dwz.InputError) as e:
        dwz.rate("1634-22", games, end=OLD_END, own_scale="new")
    assert [(p.field, p.code) for p in e.value.problems] == [("own_scale", "scale_new_old_rules")]


def test_an_own_dwz_without_a_date_is_an_assumption() -> None:
    """Issue 15 §1.5: from 1100 and not said, the own DWZ is taken as a new-scale value — an
    assumption step right after the rules, with the fix in the words of each surface; not a warning."""
    from dwz.i18n import render_step, wording

    r = dwz.rate("1500-20", ISSUE_GAMES, end=NEW_END, today=TODAY)
    assert r.warnings == ()
    step = r.steps[1]
    assert (step.key, step.assumption, step.values["value"]) == ("scale.own_assumed", True, 1500)
    assert step in r.assumptions
    with wording("cli"):
        cli = render_step(step, "de")["calculation"]
    with wording("web"):
        web = render_step(step, "de")["calculation"]
    api = render_step(step, "de")["calculation"]  # the default: the API's words (Python keywords = JSON fields)
    assert cli == ("DWZ alt 1500 als Wert nach der Umstufung genommen; stammt sie von einer Karte oder Liste vor dem "
                   "08.06.2026: --stand DATUM oder --alt eigene angeben")
    assert "„Stand Ihrer DWZ“" in web and "--" not in web
    assert "rating_date" in api and "--" not in api
    assert [s["key"] for s in r.to_dict("en")["assumptions"]][:1] == ["scale.own_assumed"]
    # said or converted: no assumption; scenarios carry it too
    assert not any(s.key == "scale.own_assumed" for s in dwz.rate("1500-20", ISSUE_GAMES, end=NEW_END, own_scale="new").steps)
    assert dwz.scenarios("1500-20", [1600], end=NEW_END).steps[1].key == "scale.own_assumed"


def test_first_dwz_and_scenarios_say_the_scale_per_value() -> None:
    games = [(1200, 1.0), (900, 0.0), (1000, 0.5), (950, 1.0), (1100, 0.0)]
    f = dwz.first_rating(games, end=NEW_END, opponents_scale="old", today=TODAY)
    g = dwz.first_rating([(oracle.umstufung(o), w) for o, w in games], end=NEW_END, today=TODAY)
    assert (f.new_rating, f.Ri, f.opponents_scale, f.warnings) == (g.new_rating, g.Ri, "old", ())
    t = dwz.scenarios("900-10", [1350, 1250, 1400], end=NEW_END, own_scale="old", today=TODAY)
    u = dwz.scenarios(f"{oracle.umstufung(900)}-11", [1350, 1250, 1400], end=NEW_END, today=TODAY)
    assert [row.new_rating for row in t.rows] == [row.new_rating for row in u.rows]
    assert [c.field for c in t.conversions] == ["rating"] and t.to_dict("de")["own_scale"] == "old"
    assert [s.key for s in t.steps[:3]] == ["core.rules_from", "scale.own.low", "umst.index"]
    d = dwz.scenarios("1500-20", [1600, 1700], end=NEW_END, rating_date="2026-01-31", today=TODAY)
    assert (d.old_rating, d.old_index, d.rating_date) == (oracle.umstufung(1500), 21, date(2026, 1, 31))
    # a first DWZ has no own value: saying its scale or date is an error, never dropped
    for kw in ({"own_scale": "old"}, {"rating_date": "2026-05-01"}):
        with pytest.raises(dwz.InputError) as e:
            dwz.scenarios(None, [1500, 1600], end=NEW_END, **kw)  # type: ignore[arg-type]
        assert [p.code for p in e.value.problems] == ["own_scale_no_rating"]


def test_the_scale_decision_is_written_once() -> None:
    """"Is a value dated D on the scale of the edition in force at E?" is dwz.rules.scale_at (the
    registry, re-exported by dwz.core.scale; issue 15 §1.2, issue 17 §3): no other module compares an
    edition's scale by date or the switch date by hand."""
    from tests.conftest import ROOT

    here = []
    for path in sorted((ROOT / "src" / "dwz").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "__init__.py" and path.parent.name == "rules":
            assert "def scale_at(" in text
            continue
        if re.search(r"edition_at\([^)]*\)\.SCALE|>= *_SWITCH|def scale_at\(", text):
            here.append(path.name)
    assert here == []
    from dwz.core.scale import scale_at
    from dwz.rules import transition

    switch = transition("old", "new").at
    assert (scale_at(switch - timedelta(days=1)), scale_at(switch)) == ("old", "new")
