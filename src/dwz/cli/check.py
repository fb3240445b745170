"""``dwz check FILE`` — the pre-upload check ("Prüfbericht") before the file goes to the DSB portal.

The command reads the tournament and the rating lists, evaluates it, and prints
what :func:`dwz.reports.check.check_tournament` found — grouped by severity and
kind, each with the rule and the fix.  Exit code 0 clean, 1 with warnings, 2 with
errors (also for a file that cannot be read: then its problems are the report).
``dwz tournament`` shows the same report as a section.  Only click is imported at
registration (``dwz rate`` stays fast); the layout is in :mod:`dwz.cli.render_check`.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import click

EPILOG = """\b
Beispiele / examples:
  dwz check turnier.trf
  dwz check turnier.swi --list LV-0-dwzliste.zip --end 2026-09-14
  dwz check turnier.trf --list LV-0-dwzliste.zip --fide-list players_list_foa.txt --lang en
  dwz check turnier.trf --json

\b
Exit code: 0 keine Befunde (oder nur Hinweise), 1 Warnungen, 2 Fehler.
Exit code: 0 clean (or notes only), 1 warnings, 2 errors.
"""


def gather(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, rest_in: Path | None,
           list_date: date | None = None, *, collect: bool = False, end: date | None = None) -> Any:
    """:func:`dwz.reports.check.gather` for files named on the command line; a file that
    does not exist or cannot be opened is an :class:`~dwz.basics.errors.InputError` (exit 2)."""
    from dwz.formats._common import load
    from dwz.reports.check import gather as gather_inputs

    data, _ = load(file, file.name)  # bounded: /dev/zero or a huge file is a message, not a MemoryError
    assert isinstance(data, bytes)  # a path is always read as bytes
    return gather_inputs(data, file.name, fmt=fmt, dsb_list=dsb_list, fide_list=fide_list, restpartien=rest_in,
                         list_date=list_date, collect=collect, end=end)


def register(cli: click.Group) -> None:
    from dwz.cli.main import _lang_option

    @cli.command(epilog=EPILOG)
    @click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
    @click.option("--format", "fmt", type=click.Choice(["trf", "swi", "csv", "json", "pgn"]), default=None,
                  help="Format erzwingen / force the input format.")
    @click.option("--list", "dsb_list", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                  help="DSB-DWZ-Liste (ZIP oder spieler.csv): Namen, DWZ, Index, Geburtsjahr prüfen / DSB list.")
    @click.option("--fide-list", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                  help="FIDE-Liste (TXT/XML): FIDE-ID und Elo prüfen / FIDE list.")
    @click.option("--list-date", type=str, default=None,
                  help="Stand der DWZ-Liste JJJJ-MM-TT (sonst aus Dateiname oder Inhalt) / date of the DWZ list.")
    @click.option("--end", type=str, default=None, help="Turnierende JJJJ-MM-TT (falls nicht in der Datei) / end date.")
    @click.option("--rules", type=click.Choice(["classic", "2026", "dwz-classic", "dwz-2026"]), default=None,
                  help="Regelwerk erzwingen (sonst nach Turnierende) / force a rule edition.")
    @click.option("--restpartien", "rest_in", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                  help="gespeicherte Restpartien (JSON einer früheren Auswertung) / stored Restpartien.")
    @click.option("--scale", type=click.Choice(["alt", "neu", "old", "new"], case_sensitive=False), default=None,
                  help="DWZ der Datei von vor der Umstufung 2026 (alt) / the file's DWZ are from before the Umstufung.")
    @click.option("--json", "as_json", is_flag=True, help="Bericht als JSON / print the report as JSON.")
    @_lang_option
    def check(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, list_date: str | None,
              end: str | None, rules: str | None, rest_in: Path | None, scale: str | None, as_json: bool, lang: str) -> None:
        """Prüfbericht vor dem Hochladen zum DSB: alles, was das Portal ablehnen oder ein Wertungsreferent
        nachfragen würde – mit Regel und Abhilfe. / Pre-upload check: everything the DSB portal would
        reject or a rating officer would query, with the rule and the fix."""
        from dwz.basics.errors import InputError
        from dwz.cli.main import _fail
        from dwz.core.player import parse_date
        from dwz.core.tournament import EvaluationOptions, evaluate_tournament

        try:
            end_d = parse_date(end, "--end") if end else None  # messages name the option the user typed
            when = parse_date(list_date, "--list-date") if list_date else None
            inp = gather(file, fmt, dsb_list, fide_list, rest_in, when, collect=True, end=end_d)
        except Exception as e:
            _fail(e, lang)
            return
        ev: Any = None
        ev_problems: tuple[Any, ...] = ()
        if inp.tournament is not None:
            try:
                ev = evaluate_tournament(inp.tournament, end=end_d, rules=rules, options=EvaluationOptions(scale=scale))
            except InputError as e:
                ev_problems = e.problems
        report = inp.check(ev, ev_problems, end=end_d)
        if as_json:
            click.echo(json.dumps(report.to_dict(lang), ensure_ascii=False, indent=2))
        else:
            from dwz.cli.render_check import print_check

            print_check(report, lang)
        click.get_current_context().exit(report.exit_code)
