"""The message catalogs (de, en): same keys everywhere, and every step the engine emits renders
in both languages without a KeyError, without a leftover "{", with a non-empty title."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable, Iterable
from datetime import date
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

import dwz
import dwz.elo
from dwz.basics.errors import Problem
from dwz.basics.steps import Step
from dwz.core.conversion import umstufung
from dwz.core.scenarios import scenarios
from dwz.i18n import CATALOGS, LANGS, PARTS, assemble, field_label, render_step
from dwz.i18n.fields_cli import FIELDS_CLI
from tests.engine._helpers import CLASSIC_END, NEW_END

SRC = Path(dwz.__file__).resolve().parent


def test_catalogs_have_the_same_keys() -> None:
    de, en = CATALOGS["de"], CATALOGS["en"]
    assert set(de) == set(en)
    for section in de:
        only_de = set(de[section]) - set(en[section])
        only_en = set(en[section]) - set(de[section])
        assert not only_de and not only_en, f"{section}: only de {sorted(only_de)}, only en {sorted(only_en)}"


# --- the catalogs' files: by surface, the same modules in every language, assembled in one place ------------

I18N = SRC / "i18n"


def _part(lang: str, name: str) -> dict[str, dict[str, Any]]:
    catalog: dict[str, dict[str, Any]] = import_module(f"dwz.i18n.{lang}.{name}").CATALOG
    return catalog


def test_every_language_has_the_same_modules_with_the_same_keys() -> None:
    """One module per surface, the same in every language, each with the other language's keys:
    a newcomer finds a text by its surface, in both languages at the same place."""
    for lang in LANGS:
        assert sorted(p.stem for p in (I18N / lang).glob("*.py") if p.stem != "__init__") == sorted(PARTS), lang
    for name in PARTS:
        de, en = _part("de", name), _part("en", name)
        assert {s: set(e) for s, e in de.items()} == {s: set(e) for s, e in en.items()}, name


def test_a_key_defined_twice_is_refused() -> None:
    """The one place that assembles a language refuses a key two of its modules define."""
    parts = [(f"dwz.i18n.de.{name}", _part("de", name)) for name in PARTS]
    assert assemble(parts) == CATALOGS["de"]
    key = next(iter(_part("de", "web")["ui"]))
    twice = [*parts, ("dwz.i18n.de.extra", {"ui": {key: "noch einmal"}})]
    with pytest.raises(KeyError, match=rf"dwz.i18n.de.extra: ui keys already in dwz.i18n.de.web: \['{re.escape(key)}'\]"):
        assemble(twice)


def test_catalog_files_are_plain_and_small() -> None:
    """A catalog file is its docstring, its imports and one CATALOG literal — no block merged in
    afterwards — and under 800 lines (issue 27)."""
    for path in sorted(I18N.glob("*/*.py")):
        source = path.read_text(encoding="utf-8")
        assert source.count("\n") < 800, path
        body = [n for n in ast.parse(source).body if not isinstance(n, (ast.Expr, ast.ImportFrom))]
        if path.stem == "__init__":
            assert not body, path
            continue
        assert len(body) == 1 and isinstance(body[0], ast.AnnAssign), path
        target = body[0].target
        assert isinstance(target, ast.Name) and target.id == "CATALOG" and isinstance(body[0].value, ast.Dict), path


def test_language_neutral_option_names_are_kept_once() -> None:
    """The command line's option names are the same in every language: kept once (dwz.i18n.fields_cli),
    a language's own "fields_cli" only where it translates them (and never both)."""
    assert FIELDS_CLI["birth_year"] == "--born"
    assert field_label("birth_year", "de", "cli") == field_label("birth_year", "en", "cli") == "--born"
    de, en = CATALOGS["de"]["fields_cli"], CATALOGS["en"]["fields_cli"]
    assert set(de) == set(en) and not set(de) & set(FIELDS_CLI)
    assert not [k for k in de if de[k] == en[k]], "the same in both languages: belongs in dwz.i18n.fields_cli"
    assert (field_label("rule_400", "de", "cli"), field_label("rule_400", "en", "cli")) == ("--ohne-400", "--no-400-rule")


def test_step_entries_are_triples_with_the_same_fields() -> None:
    """Each step entry is (title, formula, calculation); both languages use the same placeholders."""
    fields = string.Formatter()
    for key in CATALOGS["de"]["steps"]:
        per_lang = []
        for lang in LANGS:
            entry = CATALOGS[lang]["steps"][key]
            assert isinstance(entry, tuple) and len(entry) == 3 and entry[0].strip(), (lang, key)
            per_lang.append({f for part in entry for _, f, _, _ in fields.parse(part) if f})
        assert per_lang[0] == per_lang[1], key


def test_problem_templates_use_the_same_fields() -> None:
    fields = string.Formatter()
    for code in CATALOGS["de"]["problems"]:
        de, en = ({f for _, f, _, _ in fields.parse(CATALOGS[lang]["problems"][code]) if f} for lang in LANGS)
        assert de == en, code


# The engine and the command line (the web and file-format adapters have their own tests).
ENGINE_SOURCES = [*SRC.glob("core/*.py"), *SRC.glob("rules/*.py"), *SRC.glob("cli/*.py"), SRC / "elo.py"]


def _source_literals(pattern: str) -> set[str]:
    found: set[str] = set()
    for path in ENGINE_SOURCES:
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def test_every_step_key_in_the_source_is_in_the_catalogs() -> None:
    """Static check over the engine and CLI sources: Step("key", …) literals, f-string keys by prefix."""
    literal = _source_literals(r'Step\(\s*"([a-z0-9_]+\.[a-z0-9_.]+)"')
    prefixes = _source_literals(r'Step\(\s*f"([a-z0-9_]+\.[a-z0-9_]*)\{')
    assert literal and prefixes
    for lang in LANGS:
        steps = CATALOGS[lang]["steps"]
        assert not sorted(literal - set(steps)), f"{lang}: missing {sorted(literal - set(steps))}"
        for p in prefixes:
            assert any(k.startswith(p) for k in steps), (lang, p)


def test_every_problem_code_in_the_source_is_in_the_catalogs() -> None:
    codes = _source_literals(r'(?:Problem\(\s*[^,()]+,\s*|InputError\.single\(\s*[^,()]+,\s*)"([a-z0-9_]+)"')
    assert codes
    for lang in LANGS:
        missing = sorted(codes - set(CATALOGS[lang]["problems"]))
        assert not missing, f"{lang}: {missing}"


# --- render every emitted step --------------------------------------------------------------------


def _results() -> Iterable[Any]:
    """Many varied inputs, chosen to reach every branch of the single-player engine."""
    for end in (CLASSIC_END, NEW_END):
        yield dwz.rate("1650-12", [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)], end=end, birth_year=end.year - 40)
        yield dwz.rate("1400-3", [(1450, 1), (1500, 1), (1380, "½"), (1420, 0), (1350, 1)], end=end, birth_year=end.year - 15)
        low = "1000-2" if end == CLASSIC_END else "1100-2"  # the 2026 scale has no DWZ below 1100 (refused, issue 15)
        yield dwz.rate(low, [(1200, 0)], end=end, age_group="youth")  # SBr / brake
        yield dwz.rate(low, [(1200, 1)], end=end, age_group="youth")  # fB / surcharge
        yield dwz.rate("900-10", [(950, 1), (1400, 0)], end=end, own_scale="old", rating_date=None)  # the own DWZ converted
        yield dwz.rate("1500-10", [(1600, 1)], end=end, rating_date="2026-05-01")  # dated: converted under 2026
        yield dwz.rate("1105-20", [(1200, 0)], end=end, age_group="adult")  # 2026 floor
        yield dwz.rate("1500", [(1600, 1), (1450, "+"), (None, 1)], end=end, age_group="junior")  # index unknown, not counted
        yield dwz.rate("1700-0", [(1700, "+")], end=end)  # no game counted
        yield dwz.rate("2000-10", [(2000, 1)] * 6, end=end)  # 100 %: extreme performance
        yield dwz.rate("2000-10", [(1000, 1), (3000, 0)], end=end)  # |D| ≥ 735
        yield dwz.rate("2065-14", points=0.5, count=1, expected=0.578, end=end, age_group="adult")
        yield dwz.rate("2065-14", [(2009, "½")], end=end, rules="2026" if end == CLASSIC_END else "classic")  # forced
        yield dwz.rate("3100-600", [(2900, 1)], end=date(2031, 1, 1), today=date(2026, 1, 1), birth_year=1900)  # warnings
        yield dwz.first_rating([(894, 1), (1087, 0), (905, 1), (1255, 0)], restpartien=[(1177, 0)], end=end, age_group="youth")
        yield dwz.first_rating([(1500, 1), (1600, 0), (1550, "½"), (1450, 1), (1650, 0)], end=end)  # middle branch
        yield dwz.first_rating([(2300, 1), (2400, 0), (2350, 1), (2250, 1), (2450, 0)], end=end)  # high branch
        yield dwz.first_rating([(700, 1), (800, 0), (750, 0), (650, 0), (900, 0)], end=end)  # low values
        yield dwz.first_rating([(1500, 1), (1600, 1)], end=end)  # too few
        yield dwz.first_rating([(1500, 0)] * 5, end=end)  # 0 %
        yield dwz.first_rating([(1500, 1)] * 5, end=end)  # 100 %
        yield scenarios("1650-12", [1580, 1720, 1810], played=[(1600, 1)], end=end)
        yield scenarios(None, [1500, 1600, 1550], played=[(1450, 1)], restpartien=[(1500, 0)], end=end)
    for old in (600, 700, 1500, 2110, 2841):
        yield umstufung(f"{old}-5")
        yield umstufung(old, inverse=True)
    yield umstufung(1100, inverse=True)
    games = [(2319, 0), (2181, 1), (2246, 1), (2261, "½"), (2312, 0), (2297, 0), (2144, 1), (None, 1), (2200, "+")]
    for period in (date(2008, 10, 1), date(2010, 5, 1), date(2015, 1, 1), date(2023, 1, 1), date(2024, 6, 1), date(2025, 12, 1)):
        yield dwz.elo.rate(2224, games, k=15, period=period)
        yield dwz.elo.rate(2224, games, period=period, birth_year=period.year - 15, games_played=5)
        yield dwz.elo.rate(2224, games, period=period, birth_year=1970, games_played=500, reached_2400=True)
        yield dwz.elo.rate(1650, [(1000, 1), (2200, 0)] * 20, period=period, birth_year=1970, games_played=500)  # cap, K·n
        yield dwz.elo.rate(2700, [(2200, 1), (1900, 0)], period=period, k=10)  # 2650 rule
        yield dwz.elo.rate(1500, [(1600, 1), (1400, 0)], period=period, k=20, mode="game")
        yield dwz.elo.rate(1500, [(1600, 1), (1400, 0)], period=period, k=20, expectation="logistic")
        yield dwz.elo.rate(1400, [(1900, 0)] * 3, period=period, k=40)  # falls below 1400
        yield dwz.elo.initial_rating([(1500, 1), (1600, "½"), (1700, 0), (1650, "½"), (1550, "½")], period=period)
        yield dwz.elo.initial_rating([(1500, 1), (1600, 1), (1700, 0), (1650, "½"), (1550, 1)], period=period)
        yield dwz.elo.initial_rating([(1500, 0), (1600, 0), (1700, 0), (1650, "½"), (1550, 0)], period=period)
        yield dwz.elo.initial_rating([[(1500, 0), (1600, 0)], [(1700, 1), (1650, "½"), (1550, 0), (1500, 0), (1400, 1)]], period=period)
        yield dwz.elo.initial_rating([(1500, 0)] * 5, period=period)
        yield dwz.elo.initial_rating([(1500, 1)] * 2, period=period)
    yield dwz.elo.compression_2024(1600)
    yield dwz.elo.compression_2024(2100)


RESULTS = list(_results())


def _all_steps(result: Any) -> list[Step]:
    return list(getattr(result, "steps", ()))


def _problems(result: Any) -> list[Problem]:
    return list(getattr(result, "warnings", ())) + list(getattr(result, "reasons", ()))


def test_inputs_reach_many_steps() -> None:
    keys = {s.key for r in RESULTS for s in _all_steps(r)}
    assert len(keys) >= 60, sorted(keys)


@pytest.mark.parametrize("lang", LANGS)
def test_every_emitted_step_renders(lang: str) -> None:
    seen: set[str] = set()
    for result in RESULTS:
        for step in _all_steps(result):
            seen.add(step.key)
            assert step.key in CATALOGS[lang]["steps"], step.key
            out = render_step(step, lang)
            assert out["title"].strip(), step.key
            for part in ("title", "formula", "calculation"):
                assert "{" not in out[part] and "}" not in out[part], (step.key, part, out[part])
            _check_terms(step, lang)
        d = result.to_dict(lang)
        assert isinstance(d, dict) and "steps" in d
    assert seen


def _check_terms(step: Step, lang: str) -> None:
    """Fields rendered with "!t" must be translated terms (the renderer would otherwise print the raw key)."""
    entry = CATALOGS[lang]["steps"][step.key]
    for part in entry:
        for _, field, _, conversion in string.Formatter().parse(part):
            if conversion == "t" and field:
                value = step.values[field]
                key = str(getattr(value, "value", value))
                assert key in CATALOGS[lang]["terms"], (step.key, field, key)


@pytest.mark.parametrize("lang", LANGS)
def test_every_emitted_problem_renders(lang: str) -> None:
    texts: list[str] = []
    for result in RESULTS:
        for p in _problems(result):
            assert p.code in CATALOGS[lang]["problems"], p.code
            msg = p.message(lang)
            assert msg.strip() and "{" not in msg
            texts.append(msg)
    assert texts


ERRORS: list[Callable[[], Any]] = [
    lambda: dwz.rate("abc", ["1600:x", "y:1", ("1500", 2)], end="2026-13-45", birth_year="x"),
    lambda: dwz.rate("1650-12", points=3, count=2, expected=5, end=NEW_END),
    lambda: dwz.rate("1650-12", points=1, end=NEW_END),
    lambda: dwz.rate("1650-12", [(1600, 1)], points=1, count=1, expected=0.5, end=NEW_END),
    lambda: dwz.rate("-5", [(1600, 1)], end=NEW_END, age_group="kids", rules="1999"),
    lambda: dwz.rate(0, [(1600, 1)], end=NEW_END),
    lambda: dwz.rate("1650-12", [(-5, 1), "nonsense"], end=NEW_END, birth_year=2030),
    lambda: dwz.rate("1650-12", [(1600, 1)], end=NEW_END, birth_year=1980, age_group="adult"),
    lambda: dwz.elo.rate(0, [(1600, 1)], k=0, games_played=-1, mode="x", expectation="y", birth_year=2100, period=NEW_END),
    lambda: dwz.elo.compression_2024(-1),
    lambda: umstufung("x"),
    lambda: scenarios("1650", [], end=NEW_END),
    lambda: scenarios("1650", ["x"], end=NEW_END),
    lambda: dwz.first_rating([(1600, "q")], restpartien=["?"], end=NEW_END),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_renders(lang: str) -> None:
    codes: set[str] = set()
    for make in ERRORS:
        with pytest.raises(dwz.InputError) as info:
            make()
        for p, msg in zip(info.value.problems, info.value.messages(lang), strict=True):
            assert p.code in CATALOGS[lang]["problems"], p.code
            assert msg.startswith(f"{field_label(p.field, lang)}: ") and "{" not in msg, msg
            codes.add(p.code)
    assert len(codes) >= 15, sorted(codes)


def test_german_uses_decimal_comma() -> None:
    r = dwz.rate("1650-12", [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)], end=NEW_END, birth_year=1985)
    k_de = next(s for s in r.rechenweg("de") if s["key"] == "k26.K")
    k_en = next(s for s in r.rechenweg("en") if s["key"] == "k26.K")
    assert "," in k_de["calculation"] and "." not in k_de["calculation"].replace("·", "")
    assert "." in k_en["calculation"]
