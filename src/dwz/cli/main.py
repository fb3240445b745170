"""``dwz`` — DWZ and FIDE Elo on the command line.

Every subcommand prints a readable table, ``--explain`` adds the Rechenweg,
``--json`` prints the result's ``to_dict()``; ``--lang de|en`` (default de).
Bad input: a message naming the value and the rule, exit code 2, no traceback.
The arguments are checked here before the engine sees them: numbers are ASCII
digits within their range (``--k 1e400``, ``--born ²``, a 5,000-digit index are
messages, not overflows), files to write must be writable, and anything that
still goes wrong inside is one line "internal error" (exit 1; ``DWZ_DEBUG=1``
shows the traceback).
"""

from __future__ import annotations

import errno
import math
import os
import re
import sys
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import click

from dwz.basics.errors import MAX_PROBLEMS, PROBLEMS_MORE, capped
from dwz.cli.layout import echo

F = TypeVar("F", bound=Callable[..., Any])

def _default_lang() -> str:
    """A command's language when it has no ``--lang``: the one given to ``dwz`` itself
    (``dwz --lang en rate …``), else ``DWZ_LANG``, else German."""
    ctx = click.get_current_context(silent=True)
    parent = ctx.parent if ctx is not None else None
    while parent is not None:
        if parent.params.get("lang") in ("de", "en"):
            return str(parent.params["lang"])
        parent = parent.parent
    return os.environ.get("DWZ_LANG", "de")


def _lang_option(f: F) -> F:
    from dwz.cli.lang import option

    return option("--lang", type=click.Choice(["de", "en"]), default=_default_lang,
                  show_default=False, metavar="metavar.lang", help="opt.lang")(f)


def _output_options(f: F) -> F:
    from dwz.cli.lang import option

    f = option("--json", "as_json", is_flag=True, help="opt.json")(f)
    f = option("--explain", is_flag=True, help="opt.explain")(f)
    return _lang_option(f)


# The words an option takes, in both languages (dwz.cli.lang.Words); the engine gets the English one.
# --rules takes the registry's words (dwz.rules.words), read when the option is used.
AGE_WORDS = {"de": {"jugend": "youth", "junior": "junior", "erwachsene": "adult"},
             "en": {"youth": "youth", "junior": "junior", "adult": "adult"}}
AGE_ALIASES = {"jugendliche": "youth", "junioren": "junior", "erwachsener": "adult"}
SCALE_WORDS = {"de": {"alt": "old", "neu": "new"}, "en": {"old": "old", "new": "new"}}
ALT_WORDS = {"de": {"eigene": "own", "gegner": "opponents", "alle": "all"}, "en": {"own": "own", "opponents": "opponents", "all": "all"}}
# dwz first: a first DWZ has no own DWZ, so the help offers only the opponents' words; "eigene" is still
# read (not shown), to be refused with the reason (dwz.core.player.evaluate), not as an unknown word
FIRST_ALT_WORDS = {lang: {w: v for w, v in words.items() if v != "own"} for lang, words in ALT_WORDS.items()}
FIRST_ALT_ALIASES = {w: v for words in ALT_WORDS.values() for w, v in words.items() if v == "own"}
MODE_WORDS = {"de": {"periode": "period", "partie": "game"}, "en": {"period": "period", "game": "game"}}


def _words(words: dict[str, dict[str, str]], aliases: dict[str, str] | None = None) -> Any:
    from dwz.cli.lang import Words

    return Words(words, aliases)


def rules_option(f: F, help_key: str = "opt.rules") -> F:
    """--rules: an edition of the registry, by one of its words (the help lists them, read when shown)."""
    from dwz.cli.lang import EditionWords, option

    return option("--rules", type=EditionWords(), default=None, help=help_key)(f)


def format_option(f: F, help_key: str = "opt.format", **which: bool) -> F:
    """--format: one of the table's tournament formats (``check=True``/``history=True``: those the command
    takes), read when the option is used."""
    from dwz.cli.lang import LazyChoice, option

    def names() -> tuple[str, ...]:
        from dwz.formats import format_names

        return format_names(**which)

    return option("--format", "fmt", type=LazyChoice(names), default=None, help=help_key)(f)


def _editions_help(lang: str) -> str:
    """"{editions}" of a help text: each edition's words and what it is, from the registry."""
    from dwz.core.editions import label
    from dwz.rules import words

    by_name: dict[str, list[str]] = {}
    for word, name in words(lang).items():
        by_name.setdefault(name, []).append(word)
    by_name = {name: [w for w in ws if w != name] or ws for name, ws in by_name.items()}  # the name itself: in the list above
    parts = []
    for name, ws in by_name.items():
        others = f" ({', '.join(ws[1:])})" if ws[1:] else ""
        parts.append(f"{ws[0]}{others}: {label(name, lang)}")
    return "; ".join(parts)


def _formats_help(lang: str) -> str:
    """"{formats}" of a help text: the table's tournament formats, as lists name them."""
    from dwz.formats import short_labels

    return short_labels()


def _format_labels_help(lang: str) -> str:
    """"{format_labels}" of a help text: each tournament format described (catalog terms ``format.<name>``)."""
    from dwz.formats import TOURNAMENT_FORMATS
    from dwz.i18n import term

    return ", ".join(term(f.label, lang) for f in TOURNAMENT_FORMATS)


def _switch_help(lang: str) -> str:
    """"{switch}" of a help text: the day of the Umstufung 2026, from the registry."""
    from dwz.core.editions import switch_date
    from dwz.i18n import fmt_date

    return fmt_date(switch_date(), lang)


def _help_fields() -> None:
    from dwz.cli.lang import HELP_FIELDS

    HELP_FIELDS.update(editions=_editions_help, formats=_formats_help, format_labels=_format_labels_help, switch=_switch_help)


_help_fields()


def _alt_options(f: F, help_key: str = "opt.alt", dated: bool = True) -> F:
    """--alt eigene|gegner|alle: which DWZ are from before the Umstufung 2026; --stand: the own DWZ's
    date, which says it by itself; --scale alt|neu: the old spelling of --alt alle (hidden).
    Without ``dated`` (dwz first, no own DWZ): no --stand, and --alt offers gegner|alle only."""
    from dwz.cli.lang import Words, option

    f = option("--scale", type=Words(SCALE_WORDS), default=None, hidden=True, help="opt.scale")(f)
    if dated:
        f = option("--stand", "--rating-date", "stand", type=str, default=None, metavar="metavar.date", help="opt.stand")(f)
    words = Words(ALT_WORDS) if dated else Words(FIRST_ALT_WORDS, FIRST_ALT_ALIASES)
    return option("--alt", "--old", "alt", type=words, default=None, help=help_key)(f)


def _scales(alt: str | None, scale: str | None, stand: str | None = None) -> dict[str, Any]:
    """The engine's keywords for --alt, --scale and --stand: each value's scale said on its own."""
    check_args([("rating_date", stand)])
    return {"scale": scale, "own_scale": "old" if alt in ("own", "all") else None,
            "opponents_scale": "old" if alt in ("opponents", "all") else None, "rating_date": stand}


def _first_alt_options(f: F) -> F:
    return _alt_options(f, "opt.alt_first", dated=False)


def _person_options(f: F) -> F:
    from dwz.cli.lang import Words, option

    f = rules_option(f)
    f = option("--age-group", type=Words(AGE_WORDS, AGE_ALIASES), default=None, help="opt.age_group")(f)
    f = option("--born", "--birth-year", "born", type=str, default=None, metavar="metavar.year", help="opt.born")(f)
    f = option("--end", type=str, default=None, metavar="metavar.date", help="opt.end")(f)
    return f


def _fail(err: BaseException, lang: str) -> None:
    """An InputError: its messages, exit 2.  Anything else is a bug: one line, exit 1."""
    from dwz.basics.errors import InputError, Problem
    from dwz.i18n import text

    prefix = text("cli.error_prefix", lang)
    from dwz.portal.errors import PortalError

    if isinstance(err, PortalError):  # dwz.portal: exit 3 (the portal or the network), 2 (the configuration)
        from dwz.cli.layout import width, wrap

        for line in wrap(prefix + err.message(lang), width(sys.stderr), hang=2):
            echo(line, err=True)
        if not err.config:
            echo(text("portal.exit_hint", lang, code=err.exit_code), err=True)
        sys.exit(err.exit_code)
    if isinstance(err, OSError) and err.errno in _PATH_ERRORS and err.filename is not None:
        # a path no file can have (longer than the system allows, a loop of links), whichever option
        # or argument named it (-o, --dsb-xml, --db, a list, the input): the user's to fix, exit 2
        from dwz.formats._common import short

        err = InputError.single("", "path_unusable", short(os.fsdecode(err.filename), 80), reason=os_reason(err))
    if isinstance(err, InputError):
        problems = capped(ordered(err.problems), MAX_MESSAGES)  # 100,000 bad lines: the first ones and a count
        for line in InputError(problems).messages(lang, "cli"):
            echo(prefix + line, err=True)
        sys.exit(2)
    if os.environ.get("DWZ_DEBUG"):
        raise err
    what = f"{type(err).__name__}: {err}"[:200]
    echo(prefix + Problem("", "internal_error", what).message(lang), err=True)
    sys.exit(1)


_PLACE = re.compile(r"^(.+):(\d+)$")


def ordered(problems: Iterable[Any]) -> list[Any]:
    """Every problem of a file together, by line: the problems of the arguments first (as
    they came), then each file's (in the order the files first appear) sorted by line —
    a reader that checks structure, values and pairings in turn reports line 3 before 14."""
    args: list[Any] = []
    files: dict[str, list[tuple[int, int, Any]]] = {}
    more: list[Any] = []  # the count of those not kept stays last
    for i, p in enumerate(problems):
        if p.code == PROBLEMS_MORE:
            more.append(p)
            continue
        m = _PLACE.match(p.field or "")
        if m is None:
            args.append(p)
        else:
            files.setdefault(m.group(1), []).append((int(m.group(2)), i, p))
    return args + [p for group in files.values() for _, _, p in sorted(group, key=lambda x: (x[0], x[1]))] + more


MAX_MESSAGES = MAX_PROBLEMS  # problems printed for one command
MAX_DIGITS = 9  # the longest number an argument may hold (a rating has 4 digits, a date's year 4)
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")  # every Unicode digit: int() reads those too


def check_args(named: Iterable[tuple[str, str | None]]) -> None:
    """No argument may hold a number longer than MAX_DIGITS digits (a 5,000-digit index
    would overflow the engine's arithmetic, and int() refuses beyond 4,300 digits)."""
    from dwz.basics.errors import InputError, Problem

    problems = [Problem(field, "number_too_long", value, {"max": MAX_DIGITS})
                for field, value in named if value is not None and _LONG_NUMBER.search(value)]
    if problems:
        raise InputError(problems)


def int_option(value: str | None, field: str, low: int, high: int) -> int | None:
    """An integer option: ASCII digits only (``int()`` also reads '٣', ``isdigit()`` also '²'), within [low, high]."""
    from dwz.basics.errors import InputError
    from dwz.basics.parsing import digits

    if value is None:
        return None
    check_args([(field, value)])
    s = value.strip()
    number = digits(s[1:]) if s.startswith("-") else digits(s)
    if number is None:
        raise InputError.single(field, "value_not_number", value)
    number = -number if s.startswith("-") else number
    if not low <= number <= high:
        raise InputError.single(field, "value_range", value, min=low, max=high)
    return number


def float_option(value: str | None, field: str, low: float, high: float) -> float | None:
    """A decimal option, with a decimal comma or point ("0,5" or "0.5"): finite (no nan, inf,
    1e999) and within [low, high]."""
    from dwz.basics.errors import InputError

    if value is None:
        return None
    check_args([(field, value)])
    s = value.strip().replace(",", ".")
    if re.fullmatch(r"[+-]?(inf|infinity|nan)", s, re.IGNORECASE):
        raise InputError.single(field, "number_not_finite", value)
    if not re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?", s):  # ASCII only: float() reads '١٢'
        raise InputError.single(field, "value_not_number", value)
    number = float(s)
    if not math.isfinite(number):  # 1e999
        raise InputError.single(field, "number_not_finite", value)
    if not low <= number <= high:
        raise InputError.single(field, "value_range", value, min=low, max=high)
    return number


class Decimal(click.ParamType):  # type: ignore[type-arg]
    """A number typed with a decimal comma or point (``--header-timeout 2,5``), within [low, high]."""

    name = "decimal"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        from dwz.basics.errors import InputError

        if isinstance(value, (int, float)):
            return float(value)
        try:
            number = float_option(str(value), "", self.low, self.high)
        except InputError as e:
            from dwz.cli.lang import current

            self.fail(e.problems[0].message(current()), param, ctx)
        assert number is not None
        return number


_PATH_ERRORS = frozenset({errno.ENAMETOOLONG, errno.ELOOP})


def os_reason(e: OSError) -> str:
    """An OS error as a catalog term ("os.ENOSPC" → "der Datenträger ist voll"): the
    message stays in the user's language, whatever the system's locale."""
    name = errno.errorcode.get(e.errno or 0)
    return f"os.{name}" if name else "os.unknown"


def check_writable(path: Path | None, field: str) -> None:
    """A file the command will write: its directory must exist and be writable — said before
    the work is done, not as a traceback after it.  The path is shown as typed, whole."""
    from pathlib import PurePath

    from dwz.basics.errors import InputError

    if path is None:
        return
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise InputError.single(field, "output_is_directory", PurePath(path))
    if not parent.is_dir():
        raise InputError.single(field, "output_no_directory", PurePath(path), dir=PurePath(parent))
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputError.single(field, "output_no_permission", PurePath(path))


def write_text(path: Path, text: str, field: str, encoding: str = "utf-8") -> None:
    """Write ``text``; an OS error (disk full, read-only medium) is an InputError naming the file."""
    from pathlib import PurePath

    from dwz.basics.errors import InputError

    try:
        path.write_text(text, encoding=encoding)
    except OSError as e:
        raise InputError.single(field, "output_unwritable", PurePath(path), reason=os_reason(e)) from None


def written(path: Path, what: str, lang: str) -> None:
    """Say which file was written (on stderr: the standard output may be JSON)."""
    from dwz.i18n import text

    echo(text("cli.written", lang, what=text(f"cli.file.{what}", lang), path=str(path)), err=True)


def dumps(obj: Any) -> str:
    """The JSON the commands print: valid whatever the values (no NaN, no Infinity)."""
    from dwz.basics.parsing import json_dumps

    out = json_dumps(obj, ensure_ascii=False, indent=2)
    if out.replace("\n", "").isprintable():
        return out
    # json escapes C0 itself; C1, DEL and the bidi controls it leaves raw: \u escapes, the same
    # value for a JSON reader, and nothing for the terminal to act on (layout.echo would write \x9b,
    # which is no JSON)
    return "".join(c if c.isprintable() or c == "\n" else json_dumps(c)[1:-1] for c in out)


def _emit(result: Any, lang: str, as_json: bool, explain: bool, printer: str, **extra: Any) -> None:
    """JSON, or the human output of ``dwz.cli.render.<printer>``."""
    if as_json:
        echo(dumps(result.to_dict(lang)))
        return
    from dwz.cli import render

    human: Callable[..., None] = getattr(render, printer)
    human(result, lang, explain, **extra)


def _born(value: str | None) -> int | str | None:
    """A birth year as typed: ASCII digits are a number, anything else goes to the engine as
    text; the engine reads both by the one rule (:func:`dwz.basics.values.parse_birth_year`:
    "85" is refused with the year meant, never taken for an adult) and names every problem of
    the input at once; a number too long never gets that far."""
    from dwz.basics.parsing import digits

    if value is None:
        return None
    check_args([("birth_year", value)])
    year = digits(value, 4)
    return year if year is not None and len(value.strip()) == 4 else value  # "05" is said as typed


def _games_args(name: str, values: Iterable[str]) -> list[tuple[str, str | None]]:
    return [(f"{name}[{i}]", v) for i, v in enumerate(values)]


def _end(end: str | None) -> tuple[date | str, date | None]:
    """The end date as typed, or today — and then today's date, which the output states."""
    if end:
        return end, None
    today = date.today()
    return today, today


def _option_class() -> Any:
    from dwz.cli.lang import Option

    return Option


def _cli_group() -> Any:
    from dwz.cli.lang import Group

    return Group


@click.group(cls=_cli_group(), help="cmd.dwz.help", epilog="cmd.dwz.epilog",
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(package_name="dwz", message="%(prog)s %(version)s", cls=_option_class(), help="opt.version")
@_lang_option
def cli(lang: str) -> None:
    """DWZ and FIDE Elo: the commands below (texts in the catalogs, ``cli_help`` section);
    ``dwz --lang en …`` is read before click parses (:func:`dwz.cli.lang.detect`)."""


def _command(name: str, **attrs: Any) -> Callable[[F], Any]:
    """A subcommand whose help, summary and epilog are the catalog's ``cmd.<name>.*`` texts."""
    from dwz.cli.lang import Command

    decorator: Callable[[F], Any] = cli.command(name, cls=Command, help=f"cmd.{name}.help", short_help=f"cmd.{name}.short",
                                                epilog=f"cmd.{name}.epilog", **attrs)
    return decorator


def _opt(*decls: str, **attrs: Any) -> Callable[[F], F]:
    from dwz.cli.lang import option

    return option(*decls, **attrs)


def _arg(*decls: str, **attrs: Any) -> Callable[[F], F]:
    from dwz.cli.lang import argument

    return argument(*decls, **attrs)


@_command("rate")
@_arg("rating", metavar="metavar.rating", required=False, default=None)
@_arg("games", nargs=-1, metavar="metavar.games")
@_person_options
@_alt_options
@_opt("--spieler", "--player-id", "spieler", type=str, default=None, metavar="NU-ID|ZPS-NR", help="opt.spieler")
@_opt("--index", type=str, default=None, metavar="metavar.index", help="opt.index")
@_opt("--points", "-W", type=str, default=None, metavar="W", help="opt.points")
@_opt("--count", "-n", type=str, default=None, metavar="n", help="opt.count")
@_opt("--expected", type=str, default=None, metavar="We", help="opt.expected")
@_opt("--rest", "rest", multiple=True, metavar="metavar.game", help="opt.rest_rate")
@_output_options
def rate(rating: str | None, games: tuple[str, ...], end: str | None, born: str | None, age_group: str | None,
         rules: str | None, alt: str | None, stand: str | None, scale: str | None, spieler: str | None, index: str | None,
         points: str | None, count: str | None, expected: str | None, rest: tuple[str, ...], lang: str, as_json: bool,
         explain: bool) -> None:
    from dwz.core.player import FirstRatingResult
    from dwz.core.readings import evaluate_readings

    if spieler is not None:  # the own values from the portal's card or the cached DWZ list (dwz.portal.players)
        try:
            own = _own_values(spieler, lang, as_json)  # says where they came from and their date (Stand)
        except Exception as e:
            _fail(e, lang)
            return
        games, rating = ((rating, *games) if rating is not None else games), own.rating_text  # own.rating_date: the value's date
        born = born if born is not None else (str(own.birth_year) if own.birth_year else None)
        if stand is None and own.rating is not None:  # the value's date decides its scale (only the own value: spec dwz-2026 §6)
            stand = own.rating_date.isoformat()
    if rating is None:  # click's own message, as when the argument was required
        from dwz.cli.lang import help_text

        ctx = click.get_current_context()
        raise click.MissingParameter(ctx=ctx, param=next(p for p in ctx.command.params if p.name == "rating"),
                                     param_hint=f"'{help_text('metavar.rating', lang)}'")
    try:
        check_args([("rating", rating), ("index", index), ("end", end), *_games_args("games", games),
                    *_games_args("restpartien", rest)])
        w = float_option(points, "points", 0, 1000)
        n = int_option(count, "count", 0, 1000)
        we = float_option(expected, "expected", 0, 1000)
        end_v, assumed = _end(end)
        # Folge-DWZ or first DWZ, and the contradictions refused: the core's one decision (dwz.core.player.evaluate);
        # a Folge-DWZ with both readings where the own DWZ's scale is in doubt (dwz.core.readings)
        res: Any = evaluate_readings(rating, list(games), restpartien=list(rest), end=end_v, birth_year=_born(born), age_group=age_group,
                                     index=index, points=w, count=n, expected=we, rules=rules, **_scales(alt, scale, stand))
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_first" if isinstance(res, FirstRatingResult) else "print_readings", assumed_end=assumed)


def _own_values(spieler: str, lang: str, as_json: bool) -> Any:
    """``--spieler``: the values and a line saying where they came from and their date (on stderr with --json)."""
    from dwz.cli.layout import width, wrap
    from dwz.core.editions import switch_date
    from dwz.i18n import fmt_date, text
    from dwz.portal.players import own_values

    check_args([("spieler", spieler)])
    own = own_values(spieler)
    last = text("portal.last_evaluation", lang, date=fmt_date(own.last_evaluation, lang)) if own.last_evaluation else ""
    lines = [text("portal.own_card" if own.source == "card" else "portal.own_list", lang, name=own.name, key_=own.key,
                  rating=own.rating_text if own.rating is not None else "–", born=own.birth_year or "–",
                  stand=fmt_date(own.stand, lang), where=own.where, last=f", {last}" if last else "")]
    if own.old_scale and own.rating is not None:
        lines.append(text("portal.own_old_scale", lang, switch=switch_date().isoformat()))
    for line in lines:
        for part in wrap(line, width(sys.stderr if as_json else None), hang=2):
            echo(part, err=as_json)
    return own


@_command("first")
@_arg("games", nargs=-1, metavar="metavar.games")
@_opt("--rest", "-r", "rest", multiple=True, metavar="metavar.game", help="opt.rest")
@_person_options
@_first_alt_options
@_output_options
def first(games: tuple[str, ...], rest: tuple[str, ...], end: str | None, born: str | None, age_group: str | None,
          rules: str | None, alt: str | None, scale: str | None, lang: str, as_json: bool, explain: bool) -> None:
    from dwz.core.player import evaluate

    try:
        check_args([("end", end), *_games_args("games", games), *_games_args("restpartien", rest)])
        end_v, assumed = _end(end)
        # no own DWZ: the core's one decision, which refuses what only an own DWZ can have (--alt eigene)
        res = evaluate(None, list(games), restpartien=list(rest), end=end_v, birth_year=_born(born),
                       age_group=age_group, rules=rules, **_scales(alt, scale))
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_first", assumed_end=assumed)


@_command("scenarios")
@_arg("rating", metavar="metavar.rating")
@_arg("opponents", nargs=-1, metavar="metavar.opponents")
@_opt("--played", "-p", multiple=True, metavar="metavar.game", help="opt.played")
@_opt("--rest", "-r", "rest", multiple=True, metavar="metavar.game", help="opt.rest_scenarios")
@_opt("--index", type=str, default=None, metavar="metavar.index", help="opt.index")
@_person_options
@_alt_options
@_output_options
def scenarios(rating: str, opponents: tuple[str, ...], played: tuple[str, ...], rest: tuple[str, ...], index: str | None,
              end: str | None, born: str | None, age_group: str | None, rules: str | None, alt: str | None, stand: str | None,
              scale: str | None, lang: str, as_json: bool, explain: bool) -> None:
    from dwz.core.scenarios import scenarios as scen

    try:
        check_args([("rating", rating), ("index", index), ("end", end), *_games_args("opponents", opponents),
                    *_games_args("played", played), *_games_args("restpartien", rest)])
        _games_among_opponents(opponents, played)
        end_v, assumed = _end(end)
        res = scen(rating, list(opponents), played=list(played), restpartien=list(rest), index=index,
                   end=end_v, birth_year=_born(born), age_group=age_group, rules=rules, **_scales(alt, scale, stand))
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_scenarios", assumed_end=assumed)


_GAME_FORM = re.compile(r"^[^:\s]+:\S*$")  # GEGNER:ERGEBNIS, the form of a played game


def _games_among_opponents(opponents: Iterable[str], played: Iterable[str]) -> None:
    """``--played 1580:1 1720:=``: click gives --played the first game only, the second lands among
    the open opponents — said as what happened, with the command line meant (each game its own
    --played), not as an opponent's DWZ that is no number."""
    from dwz.basics.errors import InputError, Problem

    games = [(i, o) for i, o in enumerate(opponents) if _GAME_FORM.match(o.strip())]
    if not games:
        return
    fix = " ".join(f"--played {g}" for g in (*played, *(o for _, o in games)))
    raise InputError([Problem(f"opponents[{i}]", "scen_opponent_is_game", o, {"fix": fix}) for i, o in games])


@_command("umstufung")
@_arg("rating", metavar="metavar.rating")
@_opt("--inverse", is_flag=True, help="opt.inverse")
@_output_options
def umstufung(rating: str, inverse: bool, lang: str, as_json: bool, explain: bool) -> None:
    from dwz.core.conversion import umstufung as conv

    try:
        check_args([("rating", rating)])
        res = conv(rating, inverse=inverse)
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_umstufung")


def _elo_words(err: Exception) -> Exception:
    """dwz elo speaks of Elo: the engine says it already (:func:`dwz.core.elo.elo_words`); here the
    rating is the argument ELO, and a missing one is said with the command's usage."""
    from dwz.basics.errors import InputError, Problem
    from dwz.core.elo import elo_words

    if not isinstance(err, InputError):
        return err
    return InputError([Problem("elo" if p.field == "rating" else p.field, "elo_missing" if p.code == "rating_missing" else p.code,
                               p.value, p.params) for p in elo_words(err.problems)])


@_command("elo")
@_arg("args", nargs=-1, metavar="metavar.elo_args")
@_opt("--k", "-k", type=str, default=None, metavar="K", help="opt.k")
@_opt("--period", type=str, default=None, metavar="metavar.date", help="opt.period")
@_opt("--born", "--birth-year", "born", type=str, default=None, metavar="metavar.year", help="opt.elo_born")
@_opt("--games-played", type=str, default=None, metavar="N", help="opt.games_played")
@_opt("--reached-2400", is_flag=True, help="opt.reached_2400")
@_opt("--reached-2300", is_flag=True, help="opt.reached_2300")
@_opt("--mode", type=_words(MODE_WORDS), default="period", help="opt.mode")
@_opt("--logistic", is_flag=True, help="opt.logistic")
@_opt("--ohne-400", "--no-400-rule", "no_400", is_flag=True, help="opt.no_400")
@_opt("--initial", is_flag=True, help="opt.initial")
@_opt("--compress", is_flag=True, help="opt.compress")
@_output_options
def elo(args: tuple[str, ...], k: str | None, period: str | None, born: str | None, games_played: str | None,
        reached_2400: bool, reached_2300: bool, mode: str, logistic: bool, no_400: bool, initial: bool, compress: bool,
        lang: str, as_json: bool, explain: bool) -> None:
    from dwz.basics.errors import InputError, Problem
    from dwz.basics.values import parse_birth_year, parse_period
    from dwz.core import elo as elo_mod

    assumed: date | None = None
    try:
        first_field = "elo" if not initial else "games[0]"
        check_args([("period", period), *((first_field if i == 0 else f"games[{i - 1 + initial}]", a)
                                          for i, a in enumerate(args))])
        k_v = int_option(k, "k", 1, 700)  # FIDE B.02: K·n ≤ 700, so no K above 700 can apply
        born_v = None if born is None else parse_birth_year(_born(born))  # "10" is refused with 2010 as the year meant
        int_option(None if born_v is None else str(born_v), "birth_year", 1850, 2100)
        played_v = int_option(games_played, "games_played", 0, 100_000)
        if period:
            per = parse_period(period, "period")  # a FIDE rating period is a month: "2026-12"
        else:
            per = assumed = date.today()
        if no_400 and (compress or initial):  # the option would change nothing there: refused, never dropped
            raise InputError([Problem("rule_400", "rule_400_not_here", "--compress" if compress else "--initial")])
        if compress:
            if len(args) != 1:
                raise InputError([Problem("elo", "elo_compress_one", " ".join(args))])
            res: Any = elo_mod.compression_2024(_int_arg(args[0], "elo"))
        elif initial:
            if not args:
                raise InputError([Problem("games", "elo_no_games", None)])
            res = elo_mod.initial_rating(list(args), period=per)
        else:
            if not args:
                raise InputError([Problem("elo", "elo_missing", None)])
            res = elo_mod.rate(_int_arg(args[0], "elo"), list(args[1:]), period=per, k=k_v, birth_year=born_v,
                               games_played=played_v, reached_2400=reached_2400, reached_2300=reached_2300,
                               mode="game" if mode == "game" else "period", expectation="logistic" if logistic else "table",
                               rule_400=not no_400)
    except Exception as e:
        _fail(_elo_words(e), lang)
        return
    _emit(res, lang, as_json, explain, "print_elo", assumed_period=None if compress else assumed)


def _int_arg(value: str, field: str) -> int:
    from dwz.basics.errors import InputError
    from dwz.basics.parsing import digits

    number = digits(value, MAX_DIGITS)
    if number is None:
        raise InputError.single(field, "elo_invalid", value)
    return number


def _register_optional() -> None:
    """Subcommands of later layers register themselves here (lazy: only names and options)."""
    for module in ("dwz.cli.tournament", "dwz.cli.check", "dwz.cli.serve", "dwz.cli.history", "dwz.cli.portal"):
        if module.rsplit(".", 1)[1] in cli.commands:
            continue
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as e:
            if e.name == module:
                continue
            raise
        mod.register(cli)


PIPE_CLOSED = 128 + 13  # 128 + SIGPIPE: what the shell reports for any program whose reader went away


def main() -> None:
    """The ``dwz`` command.  A reader that stops reading (``dwz rate … | head -1``) is a normal
    end: no message, exit :data:`PIPE_CLOSED` as for ``cat`` or ``grep``.  Click catches the
    EPIPE of any write itself (its help too), swaps the standard output for a quiet one and exits
    1; that swap is how it is recognised here."""
    from dwz.cli.lang import detect

    _register_optional()
    out = sys.stdout
    try:
        cli(prog_name="dwz")
    except SystemExit:
        if sys.stdout is not out:
            _reader_gone()
        raise
    except BrokenPipeError:  # a write outside click's reach (a last flush)
        _reader_gone()
    except Exception as e:
        _fail(e, detect(sys.argv[1:]))


def _reader_gone() -> None:
    """Nothing more is written (the interpreter's last flush goes to /dev/null instead of raising
    again at exit), nothing is said."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
    except (OSError, ValueError):  # no file descriptor to replace: nothing left to flush either
        pass
    sys.exit(PIPE_CLOSED)


if __name__ == "__main__":
    main()
