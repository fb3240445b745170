"""Message catalogs (de default, en) and the renderers for steps and problems.

Numbers are formatted per language: German uses the decimal comma (1669,6).
A template field with the conversion ``!t`` is translated as a term
(``{group!t}`` → "Erwachsene (über 25)"); ``!p`` renders a per-game list;
``!n`` a count with its noun in the right number (``{n!n:Partie|Partien}`` →
"1 Partie", "3 Partien"; ``!N`` the noun alone); ``!e`` a number with the decimals it
needs, at most the spec's (``{raw!e:.4f}`` → "28", "27,9496"); ``!d`` an ISO date as the language writes it
("2026-09-14" → "14.09.2026").  A float without a format spec shows three decimals, None "–", a
missing value "?".  Every template is parsed once per language (:func:`_parse`) and filled by
one renderer (:func:`_fill`): a step's title, formula and calculation, the UI texts, the problems.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date as _date
from functools import lru_cache
from importlib import import_module
from pathlib import PurePath
from typing import Any

from dwz.i18n.fields_cli import FIELDS_CLI

__all__ = ["CATALOGS", "LANGS", "PARTS", "SURFACES", "assemble", "calculation_line", "field_label", "fmt_date", "fmt_num", "fmt_rating", "fmt_signed",
           "plural", "problem_text", "render_step", "render_steps", "rule_ref", "surface", "term", "text", "wording"]

LANGS = ("de", "en")

# Who a text addresses: a fix names what the user can act on there — the command line's options
# ("cli"), the calculator page's controls ("web"), the request's fields ("api": the JSON API's and the
# Python API's keywords, which are the same names).  A term or a problem text may have a variant per
# surface ("fix.own.cli"); set where a surface is entered (the CLI's group, the pages, the API).
SURFACES = ("api", "cli", "web")
_SURFACE: ContextVar[str] = ContextVar("dwz_surface", default="api")
_VARIED: dict[str, frozenset[str]] = {}  # per language: the terms and problem codes with a variant per surface


def surface() -> str:
    """The surface the texts rendered now address ("api" unless :func:`wording` says otherwise)."""
    return _SURFACE.get()


@contextmanager
def wording(where: str) -> Iterator[None]:
    """Render the texts of the block for ``where`` ("cli", "web" or "api")."""
    token = _SURFACE.set(where if where in SURFACES else "api")
    try:
        yield
    finally:
        _SURFACE.reset(token)


def _varied(catalog: Mapping[str, Mapping[str, Any]]) -> frozenset[str]:
    suffixes = tuple(f".{s}" for s in SURFACES)
    return frozenset(k.rpartition(".")[0] for section in ("terms", "problems", "ui") for k in catalog.get(section, {})
                     if k.endswith(suffixes))


# A language's catalog is written by surface, one module each, the same modules in every language
# (dwz.i18n.de.steps, dwz.i18n.de.web, …, each a CATALOG of sections: "steps", "terms", "fields",
# "problems", "ui", …), and assembled here, in this one place: a key defined in two modules is refused.
PARTS = ("steps", "terms", "fields", "problems", "result", "history", "web", "check", "cli", "portal")


def assemble(parts: Iterable[tuple[str, Mapping[str, Mapping[str, Any]]]]) -> dict[str, dict[str, Any]]:
    """One catalog from its parts, (module name, CATALOG) each: their sections' keys together,
    a key defined twice refused (KeyError naming both modules).

    >>> assemble([("a", {"ui": {"x": "1"}}), ("b", {"ui": {"y": "2"}, "terms": {"z": "3"}})])
    {'ui': {'x': '1', 'y': '2'}, 'terms': {'z': '3'}}
    >>> assemble([("a", {"ui": {"x": "1"}}), ("b", {"ui": {"x": "2"}})])
    Traceback (most recent call last):
    KeyError: "b: ui keys already in a: ['x']"
    """
    catalog: dict[str, dict[str, Any]] = {}
    seen: list[tuple[str, Mapping[str, Mapping[str, Any]]]] = []
    for name, part in parts:
        for section, entries in part.items():
            merged = catalog.setdefault(section, {})
            clash = merged.keys() & entries.keys()
            if clash:
                first = next(n for n, p in seen if clash & p.get(section, {}).keys())
                raise KeyError(f"{name}: {section} keys already in {first}: {sorted(clash)}")
            merged.update(entries)
        seen.append((name, part))
    return catalog


class _Catalogs(dict[str, dict[str, dict[str, Any]]]):
    """The catalogs by language, each assembled when first used (``dwz rate`` in German never
    needs the English one)."""

    def __missing__(self, lang: str) -> dict[str, dict[str, Any]]:
        if lang not in LANGS:
            raise KeyError(lang)
        modules = [f"dwz.i18n.{lang}.{part}" for part in PARTS]
        catalog = assemble((name, import_module(name).CATALOG) for name in modules)
        _VARIED[lang] = _varied(catalog)
        self[lang] = catalog
        return catalog


CATALOGS: dict[str, dict[str, dict[str, Any]]] = _Catalogs()


def _cat(lang: str) -> dict[str, dict[str, Any]]:
    return CATALOGS[lang if lang in LANGS else "de"]


def fmt_coefficient(value: float | None, name: str | None, lang: str = "de",
                    number: Callable[[float, str, str], str] | None = None) -> str:
    """The coefficient of a table row: E a whole number (WO Anhang 1.2), K to one decimal (WO 2026,
    Anhang 1.3), empty without one; ``number`` formats K (default :func:`fmt_num`).

    >>> fmt_coefficient(30.0, "E"), fmt_coefficient(28.04, "K"), fmt_coefficient(28.04, "K", "en"), fmt_coefficient(None, None)
    ('30', '28,0', '28.0', '')
    """
    if value is None:
        return ""
    if name == "E":
        return str(int(value))
    return (number or fmt_num)(float(value), ".1f", lang)


def fmt_parts(components: Sequence[tuple[str, str]], values: Mapping[str, Any], lang: str = "de") -> str:
    """The parts of a development factor as its edition names and formats them
    (:attr:`dwz.rules.edition.Edition.COMPONENTS`: name and format), e.g. "K0 28, a 0,00, b 1,0000".

    >>> fmt_parts((("K0", ".0f"), ("a", ".2f"), ("b", ".4f")), {"K0": 28, "a": 0.0, "b": 1.0})
    'K0 28, a 0,00, b 1,0000'
    """
    return ", ".join(f"{name} {fmt_num(values[name], spec, lang)}" for name, spec in components)


def parts_template(components: Sequence[tuple[str, str]]) -> str:
    """:func:`fmt_parts` as a catalog template for the pages' scripts (``{K0:.0f}, …``): the same parts, the same format.

    >>> parts_template((("K0", ".0f"), ("a", ".2f")))
    'K0 {K0:.0f}, a {a:.2f}'
    """
    return ", ".join(f"{name} {{{name}:{spec}}}" for name, spec in components)


def fmt_num(value: float | int, spec: str = "", lang: str = "de") -> str:
    """Format a number; German decimal comma.

    >>> fmt_num(1669.61, ".1f", "de"), fmt_num(1669.61, ".1f", "en")
    ('1669,6', '1669.6')
    """
    s = format(value, spec)
    if lang == "de":
        s = s.replace(".", ",")
    return s.replace("-", "−") if s.startswith("-") else s


def fmt_signed(value: float | None, spec: str = "d", lang: str = "de", empty: str = "–") -> str:
    """A change with its sign: +20, −3, ±0 (German decimal comma for fractions).

    >>> fmt_signed(20), fmt_signed(-3), fmt_signed(0), fmt_signed(-2.5, ".1f")
    ('+20', '−3', '±0', '−2,5')
    """
    if value is None:
        return empty
    return ("+" if value > 0 else ("−" if value < 0 else "±")) + fmt_num(abs(value), spec, lang)


def fmt_rating(value: int | None, index: int | None, empty: str = "–") -> str:
    """A DWZ with its index as on the DSB card: "1650-12", or "1650" when the index is unknown.

    >>> fmt_rating(1650, 12), fmt_rating(1650, None), fmt_rating(None, None)
    ('1650-12', '1650', '–')
    """
    if value is None:
        return empty
    return f"{value}-{index}" if index is not None else str(value)


_POSITION = re.compile(r"\[(\d+)\]")
_XML_PLACE = re.compile(r"^(player|game round) (.+)$")  # dwz.formats.dsb_xml / dewis_xml places
_PLACE = re.compile(r"^(.+):(\d+|0x[0-9a-fA-F]+)$")  # "file:line" of a reader, "file:0xOFFSET" of the SWT reader


def field_label(field: str, lang: str = "de", surface: str = "web") -> str:
    """What a problem's ``field`` is called where the user typed it: the form's words on the
    web ("Geburtsjahr", "Partie 1, Ergebnis"), the option on the command line ("--born",
    "-n/--count"); a place in a file is "turnier.trf:12" on the web and "turnier.trf, Zeile 12"
    on the command line; unknown fields stay as they are.

    >>> field_label("games[0].result"), field_label("birth_year", "de", "cli"), field_label("count", "en")
    ('Partie 1, Ergebnis', '--born', 'games n')
    >>> field_label("turnier.trf:12"), field_label("turnier.trf:12", "de", "cli"), field_label("t.swt:0x2a", "en", "cli")
    ('turnier.trf:12', 'turnier.trf, Zeile 12', 't.swt, byte 0x2a')
    """
    cat = _cat(lang)
    shape = _POSITION.sub("[]", field)
    # the command line's names: the language's own where they are translated, else the language-neutral option names
    template = ((cat.get("fields_cli", {}).get(shape) or FIELDS_CLI.get(shape)) if surface == "cli" else None) \
        or cat.get("fields", {}).get(shape)
    if template is None:
        xml = _XML_PLACE.match(field)
        if xml is not None:  # a place in an XML file the DSB/DeWIS writer or checker names
            kind, rest = xml.group(1), xml.group(2)
            if kind == "player":
                return text("cli.xml_place.player", lang, value=rest)
            rnd, _, pair = rest.partition(": ")
            return text("cli.xml_place.game_round", lang, round=rnd, pair=pair)
        if field == "file" or f"xml.{field}" in cat["terms"]:
            return text("cli.xml_place.file", lang) if field == "file" else term(f"xml.{field}", lang)
        if surface == "cli":
            place = _PLACE.match(field)
            if place is not None:
                where = place.group(2)
                key = "cli.place_offset" if where.startswith("0x") else "cli.place_line"
                return text(key, lang, file=place.group(1), line=where)
        return field
    m = _POSITION.search(field)
    return str(template).replace("{n}", str(int(m.group(1)) + 1) if m else "")


def term(key: str, lang: str = "de") -> str:
    """A translated term ("strength.good_club", "group.adult", …); the key itself if unknown.  A term
    with a variant for the current :func:`surface` ("fix.own.cli") is worded for it."""
    terms = _cat(lang)["terms"]
    if key in _VARIED[lang if lang in LANGS else "de"]:
        found = terms.get(f"{key}.{_SURFACE.get()}")
        if found is not None:
            return str(found)
    found = terms.get(key)
    return str(found if found is not None else CATALOGS["en"]["terms"].get(key, key))


def text(key: str, lang: str = "de", **values: Any) -> str:
    """A UI text from the ``ui`` section, formatted with ``values``; worded for the current
    :func:`surface` where the text has a variant for it ("portal.error.timeout.web")."""
    ui = _cat(lang)["ui"]
    template = ui.get(f"{key}.{_SURFACE.get()}") if key in _VARIED[lang if lang in LANGS else "de"] else None
    if template is None:
        template = ui.get(key)
    if template is None:
        template = CATALOGS["en"]["ui"].get(key, key)
    return _render(template, values, lang)


_PARSER = string.Formatter()


# A template parsed for one language (:func:`_parse`), filled by :func:`_fill`: (literals, fields,
# language, decimal point).  The literals are the template's text with an empty slot where each
# field's text goes; a field is (slot, name, numbers, spec, conversion), ``numbers`` the format
# spec of a value that is exactly an int or a float (empty after a conversion), spec and
# conversion for every other value (:func:`_field`).  Plain tuples: the loop in _fill unpacks
# them fastest (a tuple subclass is unpacked through an iterator), and every step renders there.
_Field = tuple[int, str, dict[type, str], str, str | None]
_Template = tuple[tuple[str, ...], tuple[_Field, ...], str, str]


@lru_cache(maxsize=8192)  # the catalogs hold about 2,000 templates per language
def _parse(template: str, lang: str) -> _Template:
    """``template`` parsed once per language into its literals and fields."""
    literals: list[str] = []
    fields: list[_Field] = []
    for literal, name, spec, conv in _PARSER.parse(template):
        literals.append(literal)
        if name is not None:
            spec = spec or ""
            # a number as fmt_num writes it, a float without a spec to three decimals
            numbers = {int: spec, float: spec or ".3f"} if conv is None else {}
            fields.append((len(literals), name, numbers, spec, conv))
            literals.append("")
    return tuple(literals), tuple(fields), lang, "," if lang == "de" else "."


def _fill(template: _Template, values: Mapping[str, Any], decimals: int = 3) -> str:
    """The one renderer of a parsed template: its literals and each field's value formatted (a
    per-game list with ``decimals`` places); a missing value renders as '?' (a message must never
    fail itself)."""
    literals, fields, lang, point = template
    out = [*literals]
    for slot, name, numbers, spec, conv in fields:
        value = values.get(name, "?")
        number_spec = numbers.get(type(value))  # exactly an int or a float: bools and enums are _field's
        if number_spec is None:
            out[slot] = _field(value, spec, conv, lang, decimals)
        else:  # fmt_num's work, written out: most fields are numbers, and this is the web API's hot path
            text = format(value, number_spec).replace(".", point)
            out[slot] = text.replace("-", "−") if text[0] == "-" else text
    return "".join(out)


def _render(template: str, values: Mapping[str, Any], lang: str) -> str:
    """Fill a catalog template: numbers per language, ``!t`` terms, ``!p`` per-game lists (three
    decimals); a missing value renders as '?'."""
    return _fill(_parse(template, lang), values)


def _field(value: Any, spec: str, conv: str | None, lang: str, decimals: int) -> str:
    """One field's text: the conversion first, then the kind of value (see the module's docstring)."""
    if conv == "t":
        v = value.value if hasattr(value, "value") and not isinstance(value, (int, float, str)) else value
        return term(str(v), lang)
    if conv == "p":
        return _games(value, lang, decimals)
    if conv == "n":
        return plural(value, spec, lang)
    if conv == "N":  # the noun alone ("3 more games")
        return plural(value, spec, lang).partition(" ")[2]
    if conv == "d":
        return fmt_date(value, lang)
    if conv == "e" and isinstance(value, (int, float)):  # exact: as many decimals as it has, at most those of spec
        shown = fmt_num(value, spec or ".4f", lang)
        sep = "," if lang == "de" else "."
        return shown.rstrip("0").rstrip(sep) if sep in shown else shown
    if value is None:
        return "–"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        if not spec and isinstance(value, float):
            spec = ".3f"
        return fmt_num(value, spec, lang)
    if conv == "r":
        return repr(value)
    return format(value, spec) if spec else str(value)


def plural(count: Any, forms: str, lang: str = "de") -> str:
    """A count with its noun: ``forms`` is "singular|plural" (German and English both
    have one singular, 1; everything else, 0 included, takes the plural).

    >>> plural(1, "Partie|Partien"), plural(3, "Partie|Partien"), plural(0, "game|games", "en")
    ('1 Partie', '3 Partien', '0 games')
    """
    one, _, many = forms.partition("|")
    number = fmt_num(count, "", lang) if isinstance(count, (int, float)) and not isinstance(count, bool) else str(count)
    return f"{number} {one if count == 1 else (many or one)}"


def fmt_date(value: Any, lang: str = "de") -> str:
    """A date (or its ISO text) as the language writes it: 14.09.2026 in German, 2026-09-14 in English.

    >>> fmt_date("2026-09-14"), fmt_date("2026-09-14", "en"), fmt_date("heute")
    ('14.09.2026', '2026-09-14', 'heute')
    """
    if isinstance(value, (str, _date)):
        return _date_text(value, lang)
    return "–" if value is None else str(value)


@lru_cache(maxsize=4096)  # a Rechenweg names the same few dates again and again (strftime is slow)
def _date_text(value: str | _date, lang: str) -> str:
    if isinstance(value, str):
        try:
            day = _date.fromisoformat(value)
        except ValueError:
            return value
    else:
        day = value
    return day.strftime("%d.%m.%Y") if lang == "de" else day.isoformat()


def _games(games: list[tuple[Any, Any, Any]], lang: str, decimals: int) -> str:
    if not games:
        return "0"
    spec = f".{decimals}f"
    if all(type(p) is float and p >= 0 for _, _, p in games):  # probabilities: fmt_num's work, inlined
        parts = [format(p, spec) for _, _, p in games]
        if lang == "de":
            parts = [x.replace(".", ",") for x in parts]
    else:
        parts = [fmt_num(p, spec, lang) if p is not None else "–" for _, _, p in games]
    if len(parts) > 12:
        parts = [*parts[:6], "…", *parts[-3:]]
    return " + ".join(parts)


_PLAIN_TYPES = frozenset((int, float, str, bool, type(None)))
_StepRenderer = Callable[[Mapping[str, Any], str, bool], dict[str, Any]]
_STEP_RENDERERS: dict[tuple[str, str], _StepRenderer] = {}
STEP_RENDERERS_MAX = 4096  # every cache that can grow has a limit


def _decimals(values: Mapping[str, Any]) -> int:
    """Decimals of a per-game list (``!p``): the step's own, at most three."""
    d = values.get("decimals", 3)
    return 3 if d is None or (type(d) is int and d >= 3) else min(int(d), 3)


def _step_renderer(key: str, lang: str) -> _StepRenderer:
    """A step's rendering, made once per (key, language): title, formula and calculation parsed
    from the catalog's templates (a template without fields kept as its text), the rule
    reference and the note looked up when a step is rendered."""
    found = _STEP_RENDERERS.get((key, lang))
    if found is not None:
        return found
    cat = _cat(lang)
    entry = cat["steps"].get(key) or CATALOGS["en"]["steps"].get(key)
    parts: list[str | _Template] = [key, "", ""]  # title, formula, calculation; a template without fields as its text
    per_game = False  # a per-game list (!p) among the fields: the step's own decimals
    for k, template in enumerate(() if entry is None else entry[:3]):
        parsed = literals, fields, _, _ = _parse(template, lang)
        parts[k] = parsed if fields else "".join(literals)
        per_game = per_game or any(conv == "p" for *_, conv in fields)
    title, formula, calculation = parts
    note = cat["ui"]["assumption_note"]
    issuperset = _PLAIN_TYPES.issuperset
    refs: dict[str, str] = {}

    def render(values: Mapping[str, Any], rule: str, assumption: bool) -> dict[str, Any]:
        plain = dict(values) if issuperset(map(type, values.values())) else {k: _plain(x) for k, x in values.items()}
        decimals = _decimals(values) if per_game else 3
        ref = refs.get(rule)
        if ref is None:  # a step key is cited with one rule or a few: they are kept, a few at most
            ref = rule_ref(rule, lang)
            if len(refs) < 8:
                refs[rule] = ref
        out = {"key": key,
               "title": title if isinstance(title, str) else _fill(title, values, decimals),
               "formula": formula if isinstance(formula, str) else _fill(formula, values, decimals),
               "calculation": calculation if isinstance(calculation, str) else _fill(calculation, values, decimals),
               "result": plain.get("result"), "rule": ref, "assumption": assumption, "values": plain}
        if assumption:
            out["note"] = note
        return out

    if len(_STEP_RENDERERS) < STEP_RENDERERS_MAX:
        _STEP_RENDERERS[(key, lang)] = render
    return render


def render_step(step: Any, lang: str = "de") -> dict[str, Any]:
    """A :class:`~dwz.basics.steps.Step` as title, formula, substituted numbers, result and rule."""
    return _step_renderer(step.key, lang)(step.values, step.rule, step.assumption)


def render_steps(steps: Iterable[Any], lang: str = "de") -> list[dict[str, Any]]:
    """Every step rendered in ``lang`` (:func:`render_step` for each, its renderer looked up once per key)."""
    found = _STEP_RENDERERS.get
    out = []
    for key, rule, values, assumption in steps:
        render = found((key, lang)) or _step_renderer(key, lang)
        out.append(render(values, rule, assumption))
    return out


# A calculation that is already an equation ("a = 0,00", "Rh = 1755") or prose ("5 eingegeben …")
# is shown as it is; one that is the right-hand side ("0,598 + 0,402 … = 2,300") after "= ".
_EQUATION = re.compile(r"^\s*[^\W\d][\w′']*\s*=")
_EXPRESSION = re.compile(r"^\s*[\d(−+\-–]")
_COMPARISON = re.compile(r"[≥≤<>]\s*[\d,.]+:\s")  # a test and its answer ("1657 ≥ 1400: ja") is no value to equate


def calculation_line(calc: str) -> str:
    """A step's calculation as a line under its formula: "= 8400 / 5 = 1680,0 → 1680", but
    "a = 0,00" and "5 eingegeben, 0 nicht gewertet → n = 5" as they are (never "= a = …").

    >>> calculation_line("8400 / 5 = 1680"), calculation_line("a = 0,00"), calculation_line("Turnierende 14.09.2026 → WO 2026")
    ('= 8400 / 5 = 1680', 'a = 0,00', 'Turnierende 14.09.2026 → WO 2026')
    >>> calculation_line("1657 ≥ 1400: ja")
    '1657 ≥ 1400: ja'
    """
    if _EQUATION.match(calc) or _COMPARISON.search(calc):
        return calc
    head = re.split(r"=|→", calc, maxsplit=1)[0]
    if _EXPRESSION.match(calc) and not re.search(r"[^\W\d_]{3,}", head.replace("e^", "")):
        return "= " + calc
    return calc


@lru_cache(maxsize=1024)  # a few hundred distinct references; every rendered step asks
def rule_ref(rule: str, lang: str = "de") -> str:
    """A step's rule reference in ``lang``: section numbers ("WO 3.5.2", "FIDE B.02 §8.3.4")
    are the same in both; the few that are words ("Inkrafttreten WO 2026", "Anhang") are translated.

    >>> rule_ref("WO Anhang 1.3", "en"), rule_ref("WO 2.2.4, Anhang 1.2/1.3", "de")
    ('WO Appendix 1.3', 'WO 2.2.4, Anhang 1.2/1.3')
    """
    refs = _cat(lang)["rule_refs"]
    found = refs.get(rule)
    if found is not None:
        return str(found)
    return " ".join(str(refs.get(word, word)) for word in rule.split(" ")) if any(w in refs for w in rule.split(" ")) else rule


def _plain(v: Any) -> Any:
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    if isinstance(v, (list, tuple)):
        issuperset = _PLAIN_TYPES.issuperset
        return [list(x) if type(x) is tuple and issuperset(map(type, x)) else _plain(x) for x in v]
    if hasattr(v, "value"):
        return v.value
    return str(v)


class Fields(tuple[str, ...]):
    """Field names a message lists ("fehlen: -n/--count, --expected"): shown in the user's words,
    as the surface the message appears on calls them (:func:`field_label`)."""

    __slots__ = ()


def problem_text(problem: Any, lang: str = "de", surface: str | None = None) -> str:
    """The message of a :class:`~dwz.basics.errors.Problem` in ``lang``, worded for ``surface``
    (default: the current :func:`surface`): its variant there if it has one, listed field names
    (:class:`Fields`) and the terms in it as that surface calls them."""
    if surface is not None and surface != _SURFACE.get():
        with wording(surface):
            return problem_text(problem, lang)
    where = _SURFACE.get()
    problems = _cat(lang)["problems"]
    template = problems.get(f"{problem.code}.{where}") if problem.code in _VARIED[lang if lang in LANGS else "de"] else None
    template = template or problems.get(problem.code) or CATALOGS["en"]["problems"].get(problem.code)
    if template is None:
        return f"{problem.code}: {problem.value!r}"
    value = problem.value
    text_value = "" if value is None else str(value)
    if len(text_value) > 80 and not isinstance(value, PurePath):  # a whole line of garbage helps nobody; a path is shown whole
        text_value = text_value[:77] + "…"
    values = {**dict(problem.params), "value": text_value}
    for k, v in values.items():
        if isinstance(v, Fields):
            values[k] = ", ".join(field_label(f, lang, where) for f in v)
    if "{label" in template and "label" not in values:  # the field in the words of the form (a warning on the web shows no label of its own)
        values["label"] = field_label(problem.field, lang)
    return _render(template, values, lang)
