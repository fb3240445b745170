"""``dwz check FILE`` — the pre-upload check ("Prüfbericht") before the file goes to the DSB portal.

The command reads the tournament and the rating lists, evaluates it, and prints
what :func:`dwz.reports.check.check_tournament` found — grouped by severity and
kind, each with the rule and the fix.  Exit code 0 clean, 1 with warnings, 2 with
errors (also for a file that cannot be read: then its problems are the report).
``dwz tournament`` shows the same report as a section.  At registration only click and the
command line's own modules (:mod:`dwz.cli.lang`, :mod:`~dwz.cli.options`, :mod:`~dwz.cli.layout`,
:mod:`~dwz.cli.output`) are imported; the readers, the check and the engine when the command runs, so that ``dwz rate``
stays fast (tests/check/test_cli.py); the layout is in :mod:`dwz.cli.render_check`.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import click

from dwz.cli.layout import echo
from dwz.cli.options import SCALE_WORDS, format_option, lang_option, rules_option
from dwz.cli.output import dumps, fail


def gather(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, rest_in: Path | None,
           list_date: date | None = None, *, collect: bool = False, end: date | None = None) -> Any:
    """:func:`dwz.reports.inputs.gather` for files named on the command line; a file that
    does not exist or cannot be opened is an :class:`~dwz.basics.errors.InputError` (exit 2)."""
    from dwz.formats._common import load
    from dwz.reports.inputs import gather as gather_inputs

    shown = str(file)  # messages name the file as it was typed, the whole path
    data, _ = load(file, shown)  # a regular file within the limit: a FIFO, /dev/zero or a huge file is a message
    assert isinstance(data, bytes)  # a path is always read as bytes
    return gather_inputs(data, shown, fmt=fmt, dsb_list=dsb_list, fide_list=fide_list, restpartien=rest_in,
                         list_date=list_date, collect=collect, end=end)


def register(cli: click.Group) -> None:
    from dwz.cli.lang import Command, Words, argument
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import option as opt
    from dwz.cli.portal import list_type

    @cli.command("check", cls=Command, help="cmd.check.help", short_help="cmd.check.short", epilog="cmd.check.epilog")
    @argument("file", type=CPath(dir_okay=False, path_type=Path), metavar="metavar.file")
    @lambda f: format_option(f, "opt.check_format", check=True)
    @opt("--list", "dsb_list", type=list_type(), default=None, metavar="metavar.file", help="opt.check_list")
    @opt("--fide-list", type=CPath(exists=True, dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.check_fide_list")
    @opt("--list-date", type=str, default=None, metavar="metavar.date", help="opt.list_date")
    @opt("--end", type=str, default=None, metavar="metavar.date", help="opt.t_end")
    @rules_option
    @opt("--restpartien", "rest_in", type=CPath(exists=True, dir_okay=False, path_type=Path), default=None,
         metavar="metavar.file", help="opt.restpartien_in")
    @opt("--scale", type=Words(SCALE_WORDS), default=None, help="opt.check_scale_said")
    @opt("--elo-als-dwz", "--elo-as-dwz", "elo_as_dwz", is_flag=True, help="opt.elo_als_dwz")
    @opt("--time-control", type=str, default=None, metavar="metavar.text", help="opt.check_time_control")
    @opt("--json", "as_json", is_flag=True, help="opt.check_json")
    @lang_option
    def check(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, list_date: str | None,
              end: str | None, rules: str | None, rest_in: Path | None, scale: str | None, elo_as_dwz: bool,
              time_control: str | None, as_json: bool, lang: str) -> None:
        from dwz.basics.errors import InputError
        from dwz.basics.parsing import parse_date
        from dwz.core.kernel import EvaluationOptions
        from dwz.core.tournament import evaluate_tournament

        try:
            end_d = parse_date(end, "--end") if end else None  # messages name the option the user typed
            when = parse_date(list_date, "--list-date") if list_date else None
            if when is None:  # --list portal: the cached list's Stand
                from dwz.cli.portal import say_cached_list

                when = say_cached_list(dsb_list, lang)
            inp = gather(file, fmt, dsb_list, fide_list, rest_in, when, collect=True, end=end_d)
        except Exception as e:
            fail(e, lang)
            return
        ev: Any = None
        ev_problems: tuple[Any, ...] = ()
        if inp.tournament is not None:
            try:
                ev = evaluate_tournament(inp.tournament, end=end_d, rules=rules, options=EvaluationOptions(scale=scale))
            except InputError as e:
                ev_problems = e.problems
        report = inp.check(ev, ev_problems, end=end_d, time_control=time_control, scale=scale, elo_as_dwz=elo_as_dwz)
        if as_json:
            echo(dumps(report.to_dict(lang)))
        else:
            from dwz.cli.render_check import print_check

            print_check(report, lang)
        click.get_current_context().exit(report.exit_code)
