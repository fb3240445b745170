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

import math
import os
import re
import sys
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

EPILOG_RATE = """\b
Beispiele / examples:
  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:= 1810:0 1600:1 1690:=
  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:½ 1810:0 --explain
  dwz rate 2065-14 --age-group adult --end 2026-03-01 --points 0.5 --count 1 --expected 0.578
  dwz rate 1500 --end 2025-05-01 1600:1 1450:+ 0:1 --json      (forfeit and unrated opponent: listed, not counted)

\b
Ergebnisse / results: 1, 0, ½ (also 0.5, 0,5, =, r, 1/2), 1-0, 0-1, ½-½;
forfeits + and - (not counted). Opponent 0 or ? = no rating (not counted).
"""


def _lang_option(f: F) -> F:
    return click.option(
        "--lang", type=click.Choice(["de", "en"]), default=lambda: os.environ.get("DWZ_LANG", "de"),
        show_default="de", help="Sprache der Ausgabe / output language.",
    )(f)


def _output_options(f: F) -> F:
    f = click.option("--json", "as_json", is_flag=True, help="to_dict() als JSON ausgeben / print JSON.")(f)
    f = click.option("--explain", is_flag=True, help="Rechenweg ausgeben / print every step with its rule.")(f)
    return _lang_option(f)


SCALE_HELP = ("DWZ-Werte von vor der Umstufung 2026 (alt) zuerst umstufen / values from before the Umstufung (old) are "
              "converted first.")


def _scale_option(f: F) -> F:
    return click.option("--scale", type=click.Choice(["alt", "neu", "old", "new"], case_sensitive=False), default=None,
                        help=SCALE_HELP)(f)


def _person_options(f: F) -> F:
    f = _scale_option(f)
    f = click.option("--rules", type=click.Choice(["classic", "2026", "dwz-classic", "dwz-2026"]), default=None,
                     help="Regelwerk erzwingen (sonst nach Turnierende) / force a rule edition.")(f)
    f = click.option("--age-group", type=click.Choice(["youth", "junior", "adult"]), default=None,
                     help="Altersgruppe statt Geburtsjahr / age group instead of birth year.")(f)
    f = click.option("--born", "--birth-year", "born", type=str, default=None,
                     help="Geburtsjahr (ohne: Erwachsene) / birth year (none: adult).")(f)
    f = click.option("--end", type=str, default=None,
                     help="Turnierende JJJJ-MM-TT (Standard: heute) / tournament end (default today).")(f)
    return f


def _fail(err: BaseException, lang: str) -> None:
    """An InputError: its messages, exit 2.  Anything else is a bug: one line, exit 1."""
    from dwz.basics.errors import InputError, Problem

    if isinstance(err, InputError):
        problems = list(err.problems)
        if len(problems) > MAX_MESSAGES:  # a file of 100,000 bad lines: the first ones and a count
            problems = [*problems[:MAX_MESSAGES], Problem("", "problems_more", len(problems) - MAX_MESSAGES,
                                                          {"shown": MAX_MESSAGES})]
        for line in InputError(problems).messages(lang, "cli"):
            click.echo(("Fehler: " if lang == "de" else "Error: ") + line, err=True)
        sys.exit(2)
    if os.environ.get("DWZ_DEBUG"):
        raise err
    what = f"{type(err).__name__}: {err}"[:200]
    click.echo(("Fehler: " if lang == "de" else "Error: ") + Problem("", "internal_error", what).message(lang), err=True)
    sys.exit(1)


MAX_MESSAGES = 100  # problems printed for one command
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
    """A decimal option ("0,5" or "0.5"): finite (no nan, inf, 1e999) and within [low, high]."""
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


def check_writable(path: Path | None, field: str) -> None:
    """A file the command will write: its directory must exist and be writable — said before
    the work is done, not as a traceback after it."""
    from dwz.basics.errors import InputError

    if path is None:
        return
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise InputError.single(field, "output_unwritable", str(path), reason="is a directory")
    if not parent.is_dir():
        raise InputError.single(field, "output_unwritable", str(path), reason=f"no directory {parent}")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputError.single(field, "output_unwritable", str(path), reason="no permission")


def write_text(path: Path, text: str, field: str, encoding: str = "utf-8") -> None:
    """Write ``text``; an OS error (disk full, read-only medium) is an InputError naming the file."""
    from dwz.basics.errors import InputError

    try:
        path.write_text(text, encoding=encoding)
    except OSError as e:
        raise InputError.single(field, "output_unwritable", str(path), reason=e.strerror or type(e).__name__) from None


def dumps(obj: Any) -> str:
    """The JSON the commands print: valid whatever the values (no NaN, no Infinity)."""
    from dwz.basics.parsing import json_dumps

    return json_dumps(obj, ensure_ascii=False, indent=2)


def _emit(result: Any, lang: str, as_json: bool, explain: bool, printer: str) -> None:
    """JSON, or the human table of ``dwz.cli.render.<printer>`` (rich is imported only then)."""
    if as_json:
        click.echo(dumps(result.to_dict(lang)))
        return
    from dwz.cli import render

    human: Callable[..., None] = getattr(render, printer)
    if printer == "print_scenarios":
        human(result, lang)
    else:
        human(result, lang, explain)


def _born(value: str | None) -> int | str | None:
    """A birth year as typed: four ASCII digits are a year; anything else goes to the engine as
    text, which names it (``birth_year_invalid``); a number too long never gets that far."""
    from dwz.basics.parsing import digits

    if value is None:
        return None
    check_args([("--born", value)])
    year = digits(value, 4)
    return year if year is not None else value


def _games_args(name: str, values: Iterable[str]) -> list[tuple[str, str | None]]:
    return [(f"{name}[{i}]", v) for i, v in enumerate(values)]


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(package_name="dwz")
def cli() -> None:
    """DWZ (Deutsche Wertungszahl) und FIDE-Elo – exakt nach Wertungsordnung, mit Rechenweg.

    \b
    dwz rate        Folge-DWZ nach einem Turnier / new DWZ after a tournament
    dwz first       Erst-DWZ / first DWZ of an unrated player
    dwz scenarios   neue DWZ je Punktzahl / new DWZ for every possible score
    dwz umstufung   Umstufung 2026 (alt → neu, --inverse)
    dwz elo         FIDE-Elo (Periode, Partie für Partie, Erstelo, Kompression 2024)
    dwz tournament  ganzes Turnier auswerten / whole tournament (TRF, SWI, CSV, JSON, PGN)
    dwz check       Prüfbericht vor dem Hochladen / pre-upload check of a tournament file
    dwz history     Wertungshistorie in SQLite / rating history (add, run, card, compare)
    dwz serve       Web-Rechner und JSON-API / web calculator and JSON API
    """


@cli.command(epilog=EPILOG_RATE)
@click.argument("rating")
@click.argument("games", nargs=-1)
@_person_options
@click.option("--index", type=str, default=None, help="Index, falls nicht in RATING (1650-12).")
@click.option("--points", "-W", type=str, default=None, help="W (Kartenzeile statt Partien / card line instead of games).")
@click.option("--count", "-n", type=str, default=None, help="n (Kartenzeile).")
@click.option("--expected", type=str, default=None, help="We (Kartenzeile).")
@click.option("--rest", "rest", multiple=True, help="Restpartie RATING:RESULT (nur Erst-DWZ).")
@_output_options
def rate(rating: str, games: tuple[str, ...], end: str | None, born: str | None, age_group: str | None,
         rules: str | None, scale: str | None, index: str | None, points: str | None, count: str | None, expected: str | None,
         rest: tuple[str, ...], lang: str, as_json: bool, explain: bool) -> None:
    """Neue DWZ nach einem Turnier (Folge-DWZ). RATING ist "1650-12" (DWZ-Index) oder "1650".

    GAMES sind GEGNER:ERGEBNIS, z. B. 1580:1 1720:= 1810:0. RATING 0 berechnet eine Erst-DWZ.
    """
    from dwz.basics.errors import InputError
    from dwz.basics.values import parse_rating
    from dwz.core.player import first_rating
    from dwz.core.player import rate as rate_fn

    try:
        check_args([("rating", rating), ("index", index), ("end", end), *_games_args("games", games),
                    *_games_args("restpartien", rest)])
        w = float_option(points, "points", 0, 1000)
        n = int_option(count, "count", 0, 1000)
        we = float_option(expected, "expected", 0, 1000)
        end_v: date | str = end or date.today()
        try:
            no_rating = parse_rating(rating) is None
        except InputError:
            no_rating = False  # rate() reports every problem at once
        if no_rating and w is None:
            res: Any = first_rating(list(games), restpartien=list(rest), end=end_v, birth_year=_born(born),
                                    age_group=age_group, rules=rules, scale=scale)
            _emit(res, lang, as_json, explain, "print_first")
            return
        res = rate_fn(rating, list(games), end=end_v, birth_year=_born(born), age_group=age_group, index=index,
                      points=w, count=n, expected=we, rules=rules, scale=scale)
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_rating")


@cli.command(epilog="""\b
Beispiel / example (official first DWZ 983, tournament B431-636-C4F):
  dwz first 894:1 1087:0 905:1 1255:0 --rest 1177:0 --end 2014-08-01 --age-group youth --explain
""")
@click.argument("games", nargs=-1)
@click.option("--rest", "-r", "rest", multiple=True, help="gespeicherte Restpartie GEGNER:ERGEBNIS (mehrfach).")
@_person_options
@_output_options
def first(games: tuple[str, ...], rest: tuple[str, ...], end: str | None, born: str | None, age_group: str | None,
          rules: str | None, scale: str | None, lang: str, as_json: bool, explain: bool) -> None:
    """Erst-DWZ eines Spielers ohne DWZ (mind. 5 Partien gegen DWZ-Gegner, nicht 0 %/100 %)."""
    from dwz.core.player import first_rating

    try:
        check_args([("end", end), *_games_args("games", games), *_games_args("restpartien", rest)])
        res = first_rating(list(games), restpartien=list(rest), end=end or date.today(), birth_year=_born(born),
                           age_group=age_group, rules=rules, scale=scale)
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_first")


@cli.command(epilog="""\b
Beispiel / example:
  dwz scenarios 1650-12 1580 1720 1810 1600 1690 --born 1985 --end 2026-09-14
  dwz scenarios 1650-12 1810 1600 --played 1580:1 --played 1720:= --end 2026-09-14
""")
@click.argument("rating")
@click.argument("opponents", nargs=-1)
@click.option("--played", "-p", multiple=True, help="schon gespielte Partie GEGNER:ERGEBNIS (mehrfach).")
@click.option("--rest", "-r", "rest", multiple=True, help="Restpartie (nur ohne DWZ).")
@click.option("--index", type=str, default=None)
@_person_options
@_lang_option
@click.option("--json", "as_json", is_flag=True, help="JSON ausgeben.")
def scenarios(rating: str, opponents: tuple[str, ...], played: tuple[str, ...], rest: tuple[str, ...], index: str | None,
              end: str | None, born: str | None, age_group: str | None, rules: str | None, scale: str | None, lang: str,
              as_json: bool) -> None:
    """Neue DWZ für jede erreichbare Punktzahl gegen die OPPONENTS (offene Partien)."""
    from dwz.core.scenarios import scenarios as scen

    try:
        check_args([("rating", rating), ("index", index), ("end", end), *_games_args("opponents", opponents),
                    *_games_args("played", played), *_games_args("restpartien", rest)])
        res = scen(rating, list(opponents), played=list(played), restpartien=list(rest), index=index,
                   end=end or date.today(), birth_year=_born(born), age_group=age_group, rules=rules, scale=scale)
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, False, "print_scenarios")


@cli.command(epilog="""\b
Beispiele / examples:
  dwz umstufung 2063-15            → 2080-16
  dwz umstufung 2110 --inverse     → 2109 oder 2110 (nicht eindeutig)
""")
@click.argument("rating")
@click.option("--inverse", is_flag=True, help="neue Skala → alte Skala.")
@_output_options
def umstufung(rating: str, inverse: bool, lang: str, as_json: bool, explain: bool) -> None:
    """Umstufung 2026: alte DWZ → neue DWZ (Index + 1), oder umgekehrt."""
    from dwz.core.conversion import umstufung as conv

    try:
        check_args([("rating", rating)])
        res = conv(rating, inverse=inverse)
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_umstufung")


@cli.command(epilog="""\b
Beispiele / examples:
  dwz elo 2224 2319:0 2181:1 2246:1 2261:= 2312:0 2297:0 2144:1 --k 15 --period 2010-05-01
  dwz elo 1500 1600:1 --k 20 --mode game
  dwz elo 2813 1787:1 2025:1 2310:1 2400:1 2505:= --k 10 --period 2025-12-01
  dwz elo --initial 1500:1 1600:= 1700:0 1650:= 1550:= --period 2026-01-01
  dwz elo --compress 1600
""")
@click.argument("args", nargs=-1)
@click.option("--k", "-k", type=str, default=None, help="K vorgeben, 1–700 (sonst nach FIDE-Regel) / K (default: FIDE rule).")
@click.option("--period", type=str, default=None, help="Wertungsperiode JJJJ-MM-TT (Standard: heute).")
@click.option("--born", "--birth-year", "born", type=str, default=None, help="Geburtsjahr (K 40 für Jugendliche).")
@click.option("--games-played", type=str, default=None, help="bisher gewertete Partien (K 40 unter 30).")
@click.option("--reached-2400", is_flag=True, help="einmal 2400 erreicht (K 10).")
@click.option("--reached-2300", is_flag=True, help="einmal 2300 erreicht (Jugendliche: K 20).")
@click.option("--mode", type=click.Choice(["period", "game"]), default="period", help="Wertungsperiode oder Partie für Partie.")
@click.option("--logistic", is_flag=True, help="logistische Näherung statt Tabelle 8.1.2 (nicht amtlich).")
@click.option("--initial", is_flag=True, help="Erstelo eines ungewerteten Spielers: ARGS sind nur Partien.")
@click.option("--compress", is_flag=True, help="FIDE-Kompression März 2024 für ARGS = Wertung.")
@_output_options
def elo(args: tuple[str, ...], k: str | None, period: str | None, born: str | None, games_played: str | None,
        reached_2400: bool, reached_2300: bool, mode: str, logistic: bool, initial: bool, compress: bool,
        lang: str, as_json: bool, explain: bool) -> None:
    """FIDE-Elo: ARGS = ELO GEGNER:ERGEBNIS … (Tabelle 8.1.2, 400-Punkte-Regel, K-Regeln, K·n ≤ 700)."""
    from dwz.basics.errors import InputError, Problem
    from dwz.core import elo as elo_mod
    from dwz.core.player import parse_date

    try:
        check_args([("period", period), *_games_args("args", args)])
        k_v = int_option(k, "k", 1, 700)  # FIDE B.02: K·n ≤ 700, so no K above 700 can apply
        born_v = int_option(born, "birth_year", 1850, 2100)
        played_v = int_option(games_played, "games_played", 0, 100_000)
        per = parse_date(period, "period") if period else date.today()
        if compress:
            if len(args) != 1:
                raise InputError([Problem("rating", "rating_invalid", " ".join(args))])
            res: Any = elo_mod.compression_2024(_int_arg(args[0], "rating"))
        elif initial:
            res = elo_mod.initial_rating(list(args), period=per)
        else:
            if not args:
                raise InputError([Problem("rating", "rating_invalid", "")])
            res = elo_mod.rate(_int_arg(args[0], "rating"), list(args[1:]), period=per, k=k_v, birth_year=born_v,
                               games_played=played_v, reached_2400=reached_2400, reached_2300=reached_2300,
                               mode="game" if mode == "game" else "period", expectation="logistic" if logistic else "table")
    except Exception as e:
        _fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_elo")


def _int_arg(value: str, field: str) -> int:
    from dwz.basics.errors import InputError
    from dwz.basics.parsing import digits

    number = digits(value, MAX_DIGITS)
    if number is None:
        raise InputError.single(field, "rating_invalid", value)
    return number


def _register_optional() -> None:
    """Subcommands of later layers register themselves here (lazy: only names and options)."""
    for module in ("dwz.cli.tournament", "dwz.cli.check", "dwz.cli.serve", "dwz.cli.history"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as e:
            if e.name == module:
                continue
            raise
        mod.register(cli)


def main() -> None:
    _register_optional()
    try:
        cli(prog_name="dwz")
    except Exception as e:
        _fail(e, os.environ.get("DWZ_LANG", "de"))


if __name__ == "__main__":
    main()
