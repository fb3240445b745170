"""The single-player commands: ``dwz rate``, ``first``, ``scenarios``, ``umstufung``, ``elo``.

Every one prints a readable table, ``--explain`` adds the Rechenweg, ``--json`` prints the
result's ``to_dict()``.  The arguments are read by :mod:`dwz.cli.arguments`, the engine
(:mod:`dwz.core`) is imported when the command runs; :mod:`dwz.cli.main` registers them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any

import click

from dwz.basics.errors import InputError, Problem
from dwz.cli.arguments import MAX_DIGITS, birth_year, check_args, end_date, float_option, games_args, int_option
from dwz.cli.lang import Command, Words, argument, help_text, option
from dwz.cli.layout import echo
from dwz.cli.options import MODE_WORDS, alt_options, first_alt_options, output_options, person_options, scales
from dwz.cli.output import dumps, fail


def _emit(result: Any, lang: str, as_json: bool, explain: bool, printer: str, **extra: Any) -> None:
    """JSON, or the human output of ``dwz.cli.render.<printer>``."""
    if as_json:
        echo(dumps(result.to_dict(lang)))
        return
    from dwz.cli import render

    human: Callable[..., None] = getattr(render, printer)
    human(result, lang, explain, **extra)


def _command(name: str) -> Callable[[Callable[..., Any]], Command]:
    """A subcommand whose help, summary and epilog are the catalog's ``cmd.<name>.*`` texts."""
    return click.command(name, cls=Command, help=f"cmd.{name}.help", short_help=f"cmd.{name}.short", epilog=f"cmd.{name}.epilog")


@_command("rate")
@argument("rating", metavar="metavar.rating", required=False, default=None)
@argument("games", nargs=-1, metavar="metavar.games")
@person_options
@alt_options
@option("--spieler", "--player-id", "spieler", type=str, default=None, metavar="NU-ID|ZPS-NR", help="opt.spieler")
@option("--index", type=str, default=None, metavar="metavar.index", help="opt.index")
@option("--points", "-W", type=str, default=None, metavar="W", help="opt.points")
@option("--count", "-n", type=str, default=None, metavar="n", help="opt.count")
@option("--expected", type=str, default=None, metavar="We", help="opt.expected")
@option("--rest", "rest", multiple=True, metavar="metavar.game", help="opt.rest_rate")
@output_options
def rate(rating: str | None, games: tuple[str, ...], end: str | None, born: str | None, age_group: str | None,
         rules: str | None, alt: str | None, stand: str | None, scale: str | None, spieler: str | None, index: str | None,
         points: str | None, count: str | None, expected: str | None, rest: tuple[str, ...], lang: str, as_json: bool,
         explain: bool) -> None:
    from dwz.core.player_records import FirstRatingResult
    from dwz.core.readings import evaluate_readings

    if spieler is not None:  # the own values from the portal's card or the cached DWZ list (dwz.portal.players)
        try:
            own = _own_values(spieler, lang, as_json)  # says where they came from and their date (Stand)
        except Exception as e:
            fail(e, lang)
            return
        games, rating = ((rating, *games) if rating is not None else games), own.rating_text  # own.rating_date: the value's date
        born = born if born is not None else (str(own.birth_year) if own.birth_year else None)
        if stand is None and own.rating is not None:  # the value's date decides its scale (only the own value: spec dwz-2026 §6)
            stand = own.rating_date.isoformat()
    if rating is None:  # click's own message, as when the argument was required
        ctx = click.get_current_context()
        raise click.MissingParameter(ctx=ctx, param=next(p for p in ctx.command.params if p.name == "rating"),
                                     param_hint=f"'{help_text('metavar.rating', lang)}'")
    try:
        check_args([("rating", rating), ("index", index), ("end", end), *games_args("games", games),
                    *games_args("restpartien", rest)])
        w = float_option(points, "points", 0, 1000)
        n = int_option(count, "count", 0, 1000)
        we = float_option(expected, "expected", 0, 1000)
        end_v, assumed = end_date(end)
        # Folge-DWZ or first DWZ, and the contradictions refused: the core's one decision (dwz.core.player.evaluate);
        # a Folge-DWZ with both readings where the own DWZ's scale is in doubt (dwz.core.readings)
        res: Any = evaluate_readings(rating, list(games), restpartien=list(rest), end=end_v, birth_year=birth_year(born), age_group=age_group,
                                     index=index, points=w, count=n, expected=we, rules=rules, **scales(alt, scale, stand))
    except Exception as e:
        fail(e, lang)
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
@argument("games", nargs=-1, metavar="metavar.games")
@option("--rest", "-r", "rest", multiple=True, metavar="metavar.game", help="opt.rest")
@person_options
@first_alt_options
@output_options
def first(games: tuple[str, ...], rest: tuple[str, ...], end: str | None, born: str | None, age_group: str | None,
          rules: str | None, alt: str | None, scale: str | None, lang: str, as_json: bool, explain: bool) -> None:
    from dwz.core.player import evaluate

    try:
        check_args([("end", end), *games_args("games", games), *games_args("restpartien", rest)])
        end_v, assumed = end_date(end)
        # no own DWZ: the core's one decision, which refuses what only an own DWZ can have (--alt eigene)
        res = evaluate(None, list(games), restpartien=list(rest), end=end_v, birth_year=birth_year(born),
                       age_group=age_group, rules=rules, **scales(alt, scale))
    except Exception as e:
        fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_first", assumed_end=assumed)


@_command("scenarios")
@argument("rating", metavar="metavar.rating")
@argument("opponents", nargs=-1, metavar="metavar.opponents")
@option("--played", "-p", multiple=True, metavar="metavar.game", help="opt.played")
@option("--rest", "-r", "rest", multiple=True, metavar="metavar.game", help="opt.rest_scenarios")
@option("--index", type=str, default=None, metavar="metavar.index", help="opt.index")
@person_options
@alt_options
@output_options
def scenarios(rating: str, opponents: tuple[str, ...], played: tuple[str, ...], rest: tuple[str, ...], index: str | None,
              end: str | None, born: str | None, age_group: str | None, rules: str | None, alt: str | None, stand: str | None,
              scale: str | None, lang: str, as_json: bool, explain: bool) -> None:
    from dwz.core.scenarios import scenarios as scen

    try:
        check_args([("rating", rating), ("index", index), ("end", end), *games_args("opponents", opponents),
                    *games_args("played", played), *games_args("restpartien", rest)])
        _games_among_opponents(opponents, played)
        end_v, assumed = end_date(end)
        res = scen(rating, list(opponents), played=list(played), restpartien=list(rest), index=index,
                   end=end_v, birth_year=birth_year(born), age_group=age_group, rules=rules, **scales(alt, scale, stand))
    except Exception as e:
        fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_scenarios", assumed_end=assumed)


_GAME_FORM = re.compile(r"^[^:\s]+:\S*$")  # GEGNER:ERGEBNIS, the form of a played game


def _games_among_opponents(opponents: Iterable[str], played: Iterable[str]) -> None:
    """``--played 1580:1 1720:=``: click gives --played the first game only, the second lands among
    the open opponents — said as what happened, with the command line meant (each game its own
    --played), not as an opponent's DWZ that is no number."""
    games = [(i, o) for i, o in enumerate(opponents) if _GAME_FORM.match(o.strip())]
    if not games:
        return
    fix = " ".join(f"--played {g}" for g in (*played, *(o for _, o in games)))
    raise InputError([Problem(f"opponents[{i}]", "scen_opponent_is_game", o, {"fix": fix}) for i, o in games])


@_command("umstufung")
@argument("rating", metavar="metavar.rating")
@option("--inverse", is_flag=True, help="opt.inverse")
@output_options
def umstufung(rating: str, inverse: bool, lang: str, as_json: bool, explain: bool) -> None:
    from dwz.core.conversion import umstufung as conv

    try:
        check_args([("rating", rating)])
        res = conv(rating, inverse=inverse)
    except Exception as e:
        fail(e, lang)
        return
    _emit(res, lang, as_json, explain, "print_umstufung")


def _elo_words(err: Exception) -> Exception:
    """dwz elo speaks of Elo: the engine says it already (:func:`dwz.core.elo.elo_words`); here the
    rating is the argument ELO, and a missing one is said with the command's usage."""
    from dwz.core.elo import elo_words

    if not isinstance(err, InputError):
        return err
    return InputError([Problem("elo" if p.field == "rating" else p.field, "elo_missing" if p.code == "rating_missing" else p.code,
                               p.value, p.params) for p in elo_words(err.problems)])


@_command("elo")
@argument("args", nargs=-1, metavar="metavar.elo_args")
@option("--k", "-k", type=str, default=None, metavar="K", help="opt.k")
@option("--period", type=str, default=None, metavar="metavar.date", help="opt.period")
@option("--born", "--birth-year", "born", type=str, default=None, metavar="metavar.year", help="opt.elo_born")
@option("--games-played", type=str, default=None, metavar="N", help="opt.games_played")
@option("--reached-2400", is_flag=True, help="opt.reached_2400")
@option("--reached-2300", is_flag=True, help="opt.reached_2300")
@option("--mode", type=Words(MODE_WORDS), default="period", help="opt.mode")
@option("--logistic", is_flag=True, help="opt.logistic")
@option("--ohne-400", "--no-400-rule", "no_400", is_flag=True, help="opt.no_400")
@option("--initial", is_flag=True, help="opt.initial")
@option("--compress", is_flag=True, help="opt.compress")
@output_options
def elo(args: tuple[str, ...], k: str | None, period: str | None, born: str | None, games_played: str | None,
        reached_2400: bool, reached_2300: bool, mode: str, logistic: bool, no_400: bool, initial: bool, compress: bool,
        lang: str, as_json: bool, explain: bool) -> None:
    from dwz.basics.parsing import parse_birth_year, parse_period
    from dwz.core import elo as elo_mod

    assumed: date | None = None
    try:
        first_field = "elo" if not initial else "games[0]"
        check_args([("period", period), *((first_field if i == 0 else f"games[{i - 1 + initial}]", a)
                                          for i, a in enumerate(args))])
        k_v = int_option(k, "k", 1, 700)  # FIDE B.02: K·n ≤ 700, so no K above 700 can apply
        born_v = None if born is None else parse_birth_year(birth_year(born))  # "10" is refused with 2010 as the year meant
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
        fail(_elo_words(e), lang)
        return
    _emit(res, lang, as_json, explain, "print_elo", assumed_period=None if compress else assumed)


def _int_arg(value: str, field: str) -> int:
    from dwz.basics.parsing import digits

    number = digits(value, MAX_DIGITS)
    if number is None:
        raise InputError.single(field, "elo_invalid", value)
    return number


COMMANDS = (rate, first, scenarios, umstufung, elo)  # registered by dwz.cli.main
