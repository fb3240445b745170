"""``dwz history`` — a rating history in a SQLite file: import, run, card, compare, generate.

Registered by :func:`dwz.cli.main._register_optional`; only click and the shared options are imported here,
the store and the engine when a command runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from dwz.cli.arguments import check_args
from dwz.cli.layout import echo
from dwz.cli.options import format_option, lang_option, rules_option
from dwz.cli.output import check_writable, dumps, fail, write_text


def _db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import option

    return option("--db", "db", type=CPath(dir_okay=False, path_type=Path), default=Path("dwz.sqlite"),
                  envvar="DWZ_DB", metavar="metavar.file", help="opt.db")(f)


def _say(key: str, lang: str, err: bool = False, **values: Any) -> None:
    from dwz.i18n import text

    echo(text(key, lang, **values), err=err)


@contextmanager
def _errors(lang: str, db: Path | None = None) -> Iterator[None]:
    """InputError and database trouble → message and exit 2; Ctrl-C → exit 130 (rolled back).

    A database error names its cause (disk full, read-only, locked …: ``store.db_error``);
    a file that cannot be written (``--chart`` into a missing directory) names the file."""
    import sqlite3

    from dwz.basics.errors import InputError
    from dwz.history.store import db_error

    try:
        yield
    except KeyboardInterrupt:
        _say("history.interrupted", lang, err=True)
        sys.exit(130)
    except sqlite3.Error as e:
        fail(_db_words(db_error(db or "db", e)), lang)
    except InputError as e:
        fail(_db_words(e), lang)


def _db_words(err: Any) -> Any:
    """A database problem as the user reads it: the file named once (in the message, not as the
    field too), and the cause from the catalog, not SQLite's English (``db.<code>`` terms)."""
    import re
    from pathlib import PurePath

    from dwz.basics.errors import InputError, Problem

    out = []
    for p in err.problems:
        if p.code.startswith("history_db_"):
            reason = str(p.params.get("reason", ""))
            key = f"db.{p.code}"
            if p.code == "history_db_invalid":
                key = "db.schema" if re.match(r"schema \d+", reason) else ("db.not_history" if "dwz history" in reason else "db.invalid")
            p = Problem("", p.code, PurePath(str(p.value)), {**p.params, "reason": key})
        out.append(p)
    return InputError(out)


def _group() -> Any:
    from dwz.cli.lang import Group

    return Group


@click.group(cls=_group(), help="cmd.history.help", short_help="cmd.history.short", epilog="cmd.history.epilog")
@lang_option
def history(lang: str) -> None:
    """The rating history's commands (texts in the catalogs, ``cli_help`` section)."""


def _cmd(name: str) -> Callable[[Callable[..., Any]], Any]:
    from dwz.cli.lang import Command

    decorator: Callable[[Callable[..., Any]], Any] = history.command(name, cls=Command, help=f"cmd.history.{name}.help",
                                                                     short_help=f"cmd.history.{name}.short")
    return decorator


def register(cli: click.Group) -> None:
    """``dwz history`` and its subcommands, each registered by its own function."""
    _register_add()
    _register_run()
    _register_card()
    _register_compare()
    _register_generate()
    cli.add_command(history)


def _register_add() -> None:
    """``dwz history add``."""
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import argument
    from dwz.cli.lang import option as opt

    @_cmd("add")
    @argument("files", nargs=-1, required=True, type=CPath(dir_okay=False, path_type=Path), metavar="metavar.files")
    @_db_option
    @lambda f: rules_option(f, "opt.history_rules")
    @opt("--list-date", default=None, metavar="metavar.date", help="opt.history_list_date")
    @lambda f: format_option(f, "opt.history_format", history=True)
    @lang_option
    def add(files: tuple[Path, ...], db: Path, rules: str | None, list_date: str | None, fmt: str | None, lang: str) -> None:
        with _errors(lang, db):
            from dwz.basics.parsing import parse_date
            from dwz.history.importer import import_files
            from dwz.history.store import open_store
            from dwz.i18n import fmt_date, text

            when = parse_date(list_date, "list_date") if list_date else None
            conn = open_store(db)
            report = import_files(conn, list(files), rules=rules, list_date=when, fmt=fmt)
            conn.close()
            for f in report.files:  # the keys players were matched by, in words ("Name und Geburtsjahr 1")
                keys = ", ".join(f"{text(f'check.key.{k}', lang)} {n}" for k, n in sorted(f.matched.items())) or "–"
                end = fmt_date(f.end, lang) if f.end else "–"
                if f.kind == "duplicate":
                    _say("history.add_duplicate", lang, name=f.name, end=end)
                elif f.kind == "list":
                    _say("history.add_list", lang, name=f.name, date=end, new=f.players_new, matched=f.players_matched,
                         keys=keys, updated=f.updated)
                else:
                    _say("history.add_tournament", lang, name=f.name, end=end, new=f.players_new, matched=f.players_matched,
                         keys=keys)
                for c in f.conflicts:  # never attached silently: each refused match is named
                    echo(f"  {text('cli.conflict', lang)}: {c.problem().message(lang)}")
                for w in f.warnings:  # a value the history kept although this file says otherwise
                    echo(f"  {text('cli.warning_prefix', lang)}{w.message(lang)}")
            # the counts add up: new + lists + skipped = the files given; and what the store now holds
            _say("history.add_summary", lang, given=report.given, added=report.count("tournament"), lists=report.count("list"),
                 skipped=report.count("duplicate"), total=report.total)
            if any(f.kind != "duplicate" for f in report.files):  # nothing new: nothing to run
                _say("history.add_hint", lang, err=True)


def _register_run() -> None:
    """``dwz history run``."""
    from dwz.cli.lang import option as opt

    @_cmd("run")
    @_db_option
    @opt("--full", is_flag=True, help="opt.full")
    @opt("--progress/--no-progress", default=None, help="opt.progress")
    @lang_option
    def run_cmd(db: Path, full: bool, progress: bool | None, lang: str) -> None:
        with _errors(lang, db):
            from dwz.history.runner import run
            from dwz.history.store import open_store

            conn = open_store(db, create=False)
            show = sys.stderr.isatty() if progress is None else progress
            with _progress(show, lang) as cb:
                rep = run(conn, full=full, progress=cb)
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.close()
            secs = rep.seconds
            if rep.mode == "none":
                _say("history.run_none", lang)
            elif rep.mode == "full":
                _say("history.run_full", lang, tournaments=rep.tournaments, records=rep.records, seconds=secs,
                     rate=rep.records / max(rep.seconds, 1e-9))
            else:
                from dwz.i18n import fmt_date

                _say("history.run_incremental", lang, start=fmt_date(rep.start_end, lang) if rep.start_end else "–", tournaments=rep.tournaments, skipped=rep.skipped,
                     players=rep.players, records=rep.records, seconds=secs)


def _register_card() -> None:
    """``dwz history card``."""
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import argument
    from dwz.cli.lang import option as opt

    @_cmd("card")
    @argument("player", metavar="metavar.player")
    @_db_option
    @opt("--chart", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file", help="opt.chart")
    @opt("--json", "as_json", is_flag=True, help="opt.history_json")
    @lang_option
    def card_cmd(player: str, db: Path, chart: Path | None, as_json: bool, lang: str) -> None:
        with _errors(lang, db):
            from dwz.history.card import card_svg, find_player, load_card
            from dwz.history.store import open_store

            check_args([("player", player)])
            check_writable(chart, "chart")
            conn = open_store(db, readonly=True)
            card = load_card(conn, find_player(conn, player))
            conn.close()
            if chart is not None:
                write_text(chart, card_svg(card, lang), "chart")
            if as_json:
                echo(dumps(card.to_dict()))
            else:
                _print_card(card, lang)
            if chart is not None:
                _say("history.chart_written", lang, err=True, path=str(chart))


def _register_compare() -> None:
    """``dwz history compare``."""
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import option as opt

    @_cmd("compare")
    @_db_option
    @opt("--chart", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file", help="opt.compare_chart")
    @opt("--top", type=click.IntRange(0, 1000), default=10, metavar="metavar.number", help="opt.top")
    @opt("--json", "as_json", is_flag=True, help="opt.history_json")
    @lang_option
    def compare_cmd(db: Path, chart: Path | None, top: int, as_json: bool, lang: str) -> None:
        with _errors(lang, db):
            from dwz.history.compare import compare, compare_svg
            from dwz.history.store import open_store

            check_writable(chart, "chart")
            conn = open_store(db, create=False)
            c = compare(conn, top=top)
            conn.close()
            if chart is not None:
                write_text(chart, compare_svg(c, lang), "chart")
            if as_json:
                echo(dumps(c.to_dict()))
            else:
                _print_compare(c, lang)
            if chart is not None:
                _say("history.chart_written", lang, err=True, path=str(chart))


def _register_generate() -> None:
    """``dwz history generate``."""
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import option as opt

    @_cmd("generate")
    @opt("--players", type=click.IntRange(10, 5_000_000), default=240_000, metavar="metavar.number", help="opt.players")
    @opt("--tournaments", type=click.IntRange(1, 2_000_000), default=55_000, metavar="metavar.number", help="opt.tournaments")
    @opt("--seed", type=click.IntRange(0, 2**63 - 1), default=1, metavar="metavar.number", help="opt.seed")
    @opt("--db", "db", type=CPath(dir_okay=False, path_type=Path), default=Path("synth.sqlite"), metavar="metavar.file",
         help="opt.generate_db")
    @opt("--force", is_flag=True, help="opt.force")
    @opt("--progress/--no-progress", default=None, help="opt.progress")
    @lang_option
    def generate_cmd(players: int, tournaments: int, seed: int, db: Path, force: bool, progress: bool | None, lang: str) -> None:
        with _errors(lang, db):
            from dwz.basics.errors import InputError
            from dwz.history.generate import generate

            if db.exists() and not force:
                raise InputError.single("db", "history_db_exists", str(db))
            show = sys.stderr.isatty() if progress is None else progress
            with _progress(show, lang, "history.generating") as cb:
                rep = generate(db, players=players, tournaments=tournaments, seed=seed, progress=cb)
            _say("history.generate_done", lang, players=rep.players, tournaments=rep.tournaments, participants=rep.participants,
                 games=rep.games, seconds=rep.seconds, path=str(rep.path))
            if rep.tournaments < tournaments:  # a federation too small for that many: said, not hidden
                _say("history.generate_short", lang, made=rep.tournaments, asked=tournaments, players=players)


@contextmanager
def _progress(show: bool, lang: str, key: str = "history.progress") -> Iterator[Callable[[int, int], None] | None]:
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from dwz.i18n import text

    with Progress(TextColumn(text(key, lang)), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _print_card(card: Any, lang: str) -> None:
    from dwz.cli import layout
    from dwz.history.card import COLUMNS, card_table, rating_text
    from dwz.i18n import fmt_date, text

    w = layout.width()
    p = card.player
    head = p["name"] + (f" ({p['birth_year']})" if p["birth_year"] else "")
    ids = " · ".join(x for x in (p["dsb_id"] and f"DSB {p['dsb_id']}", p["zps"] and f"ZPS {p['zps']}-{p['member_no']}",
                                 p["fide_id"] and f"FIDE {p['fide_id']}") if x)
    for i, line in enumerate(layout.wrap(f"{text('history.card_title', lang)}: {head}" + (f"  {ids}" if ids else ""), w, hang=2)):
        echo(line, bold=i == 0)
    if p["start_rating"]:
        start = text("history.start_value", lang, rating=rating_text(p["start_rating"], p["start_index"]),
                     source=text(f"history.source_{p['start_source']}", lang), date=fmt_date(p["start_date"], lang))
        for line in layout.wrap(start, w, hang=2):
            echo(line)
    if not p["member"]:
        for line in layout.wrap(text("history.not_member", lang), w, hang=2):
            echo(line)
    titles, rows = card_table(card, lang)
    if not rows:
        echo(text("history.no_rows", lang))
        return
    # A narrow terminal leaves out what the card can spare first: Niveau, E/K, We, Leistung.
    spare = {"niveau": 4, "coef": 3, "we": 2, "perf": 1}
    cols = [layout.Column(title, "left" if c in ("tournament", "end") else "right", spare.get(c, 0), flex=c == "tournament")
            for c, title in zip(COLUMNS, titles, strict=True)]
    t = layout.table(cols, [[r[c] for c in COLUMNS] for r in rows], w)
    for line in t.head:
        echo(line)
    for r, lines in zip(rows, t.rows, strict=True):
        for line in lines:  # the Umstufung rows dimmed on a terminal
            echo(line, dim=r["kind"] == "umstufung")
    if t.hidden:
        for line in layout.wrap(text("cli.columns_hidden", lang, columns=", ".join(t.hidden)), w, hang=2):
            echo(line)
    for line in layout.wrap(text("history.card_legend", lang), w, hang=2):
        echo(line, dim=True)
    if card.restpartien:
        echo(text("history.rest_now", lang, n=len(card.restpartien)))


def _print_compare(c: Any, lang: str) -> None:
    from dwz.history.compare import histogram_lines
    from dwz.i18n import fmt_num, text

    def num(v: float | None) -> str:
        return "–" if v is None else fmt_num(v, ".1f", lang)

    echo(text("history.compare_head", lang, players=c.players, affected=c.affected, tournaments=c.tournaments, rules=c.classic))
    echo(text("history.compare_raw", lang, mean=num(c.raw_mean), median=num(c.raw_median)))
    echo(text("history.compare_rules", lang, mean=num(c.mean), median=num(c.median)))
    if c.extra.get("new_scale_start"):
        echo(text("history.compare_new_scale_start", lang, n=c.extra["new_scale_start"]))
    echo("")
    for line in histogram_lines(c, lang):
        echo(line)
    for key, movers in (("history.compare_up", c.up), ("history.compare_down", c.down)):
        if not movers:
            continue
        echo("")
        echo(text(key, lang))
        for m in movers:
            sign = f"{m.diff:+5d}".replace("-", "−")  # the minus sign of every other number on the card
            echo(f"  {sign}  #{m.player} {m.name}: {m.real} ({text('history.compare_classic', lang)} {m.classic} → {m.classic_converted})")
