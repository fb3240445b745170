"""``dwz history`` — a rating history in a SQLite file: import, run, card, compare, generate.

Registered by :func:`dwz.cli.main._register_optional`; only click is imported here,
the store and the engine when a command runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

EPILOG = """\b
Beispiele / examples:
  dwz history add LV-0-csv_2016-07-01.zip turniere/*.trf     (Wertungsliste: Ausgangs-DWZ)
  dwz history run                                            (neu und geändert: nur das Nötige)
  dwz history card "Müller, Anna" --chart anna.svg
  dwz history compare --chart vergleich.svg
  dwz history generate --players 240000 --tournaments 55000 --seed 1 --db synth.sqlite
"""


def _db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--db", "db", type=click.Path(dir_okay=False, path_type=Path), default=Path("dwz.sqlite"),
                        show_default=True, envvar="DWZ_DB", help="Datenbankdatei / database file.")(f)


def _say(key: str, lang: str, err: bool = False, **values: Any) -> None:
    from dwz.i18n import text

    click.echo(text(key, lang, **values), err=err)


@contextmanager
def _errors(lang: str, db: Path | None = None) -> Iterator[None]:
    """InputError and database trouble → message and exit 2; Ctrl-C → exit 130 (rolled back).

    A database error names its cause (disk full, read-only, locked …: ``store.db_error``);
    a file that cannot be written (``--chart`` into a missing directory) names the file."""
    import sqlite3

    from dwz.basics.errors import InputError
    from dwz.cli.main import _fail
    from dwz.history.store import db_error

    try:
        yield
    except KeyboardInterrupt:
        _say("history.interrupted", lang, err=True)
        sys.exit(130)
    except sqlite3.Error as e:
        _fail(db_error(db or "db", e), lang)
    except InputError as e:
        _fail(e, lang)


@click.group(epilog=EPILOG)
def history() -> None:
    """Wertungshistorie: alle Turniere chronologisch auswerten (SQLite-Datei).

    \b
    add       Turnierdateien und Wertungslisten einlesen / import files
    run       auswerten (nur Neues und Betroffenes) / evaluate what changed
    card      DWZ-Karteikarte eines Spielers, Diagramm als SVG
    compare   klassische Regeln durchgehend vs. Umstellung 2026
    generate  synthetischen Verband erzeugen / synthetic federation
    """


def register(cli: click.Group) -> None:
    from dwz.cli.main import _lang_option

    @history.command("add")
    @click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
    @_db_option
    @click.option("--rules", type=click.Choice(["classic", "2026", "dwz-classic", "dwz-2026"]), default=None,
                  help="Regelwerk für diese Turniere erzwingen (sonst nach Turnierende).")
    @click.option("--list-date", default=None, help="Datum der Wertungsliste JJJJ-MM-TT (sonst aus dem Dateinamen).")
    @click.option("--format", "fmt", type=click.Choice(["trf", "swi", "csv", "json", "pgn"]), default=None,
                  help="Turnierformat erzwingen / force the tournament format.")
    @_lang_option
    def add(files: tuple[Path, ...], db: Path, rules: str | None, list_date: str | None, fmt: str | None, lang: str) -> None:
        """Turnierdateien (TRF, SWI, CSV, JSON, PGN) und Wertungslisten (DSB, FIDE) einlesen."""
        with _errors(lang, db):
            from dwz.core.player import parse_date
            from dwz.history.importer import import_files
            from dwz.history.store import open_store

            when = parse_date(list_date, "list_date") if list_date else None
            conn = open_store(db)
            report = import_files(conn, list(files), rules=rules, list_date=when, fmt=fmt)
            conn.close()
            for f in report.files:
                keys = ", ".join(f"{k} {n}" for k, n in sorted(f.matched.items())) or "–"
                if f.kind == "duplicate":
                    _say("history.add_duplicate", lang, name=f.name, end=f.end)
                elif f.kind == "list":
                    _say("history.add_list", lang, name=f.name, date=f.end, new=f.players_new, matched=f.players_matched,
                         keys=keys, updated=f.updated)
                else:
                    _say("history.add_tournament", lang, name=f.name, end=f.end, new=f.players_new, matched=f.players_matched,
                         keys=keys)
                for c in f.conflicts:  # never attached silently: each refused match is named
                    click.echo(("  Konflikt: " if lang == "de" else "  Conflict: ") + c.problem().message(lang))
            _say("history.add_hint", lang, err=True)

    @history.command("run")
    @_db_option
    @click.option("--full", is_flag=True, help="alles neu berechnen / recompute everything.")
    @click.option("--progress/--no-progress", default=None, help="Fortschrittsbalken (Standard: im Terminal).")
    @_lang_option
    def run_cmd(db: Path, full: bool, progress: bool | None, lang: str) -> None:
        """Alle Turniere in der Reihenfolge der WO auswerten (Umstufung 2026 inklusive).

        Nach dem Hinzufügen wird nur ab dem frühesten neuen Turnier und nur mit den
        betroffenen Spielern nachgerechnet. Strg-C bricht ab, ohne etwas zu ändern.
        """
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
                _say("history.run_incremental", lang, start=rep.start_end or "–", tournaments=rep.tournaments, skipped=rep.skipped,
                     players=rep.players, records=rep.records, seconds=secs)

    @history.command("card")
    @click.argument("player")
    @_db_option
    @click.option("--chart", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Diagramm als SVG schreiben.")
    @click.option("--json", "as_json", is_flag=True, help="JSON ausgeben.")
    @_lang_option
    def card_cmd(player: str, db: Path, chart: Path | None, as_json: bool, lang: str) -> None:
        """DWZ-Karteikarte: PLAYER ist Name, DSB-ID, FIDE-ID, ZPS-Mitgliedsnummer oder #Nummer."""
        with _errors(lang, db):
            from dwz.cli.main import check_args, check_writable, dumps, write_text
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
                click.echo(dumps(card.to_dict()))
            else:
                _print_card(card, lang)
            if chart is not None:
                _say("history.chart_written", lang, err=True, path=str(chart))

    @history.command("compare")
    @_db_option
    @click.option("--chart", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Histogramm als SVG schreiben.")
    @click.option("--top", type=click.IntRange(0, 1000), default=10, show_default=True, help="größte Gewinner/Verlierer.")
    @click.option("--json", "as_json", is_flag=True, help="JSON ausgeben.")
    @_lang_option
    def compare_cmd(db: Path, chart: Path | None, top: int, as_json: bool, lang: str) -> None:
        """Klassische Regeln durchgehend gegen die echte Umstellung 2026: Unterschiede der End-DWZ."""
        with _errors(lang, db):
            from dwz.cli.main import check_writable, dumps, write_text
            from dwz.history.compare import compare, compare_svg
            from dwz.history.store import open_store

            check_writable(chart, "chart")
            conn = open_store(db, create=False)
            c = compare(conn, top=top)
            conn.close()
            if chart is not None:
                write_text(chart, compare_svg(c, lang), "chart")
            if as_json:
                click.echo(dumps(c.to_dict()))
            else:
                _print_compare(c, lang)
            if chart is not None:
                _say("history.chart_written", lang, err=True, path=str(chart))

    @history.command("generate")
    @click.option("--players", type=click.IntRange(10, 5_000_000), default=240_000, show_default=True)
    @click.option("--tournaments", type=click.IntRange(1, 2_000_000), default=55_000, show_default=True)
    @click.option("--seed", type=int, default=1, show_default=True)
    @click.option("--db", "db", type=click.Path(dir_okay=False, path_type=Path), default=Path("synth.sqlite"), show_default=True)
    @click.option("--force", is_flag=True, help="eine vorhandene Datei ersetzen / replace an existing file.")
    @click.option("--progress/--no-progress", default=None)
    @_lang_option
    def generate_cmd(players: int, tournaments: int, seed: int, db: Path, force: bool, progress: bool | None, lang: str) -> None:
        """Synthetischen Verband erzeugen (Vereine, Ligen, Opens, Jugend; 2016-07 bis 2026-11)."""
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

    cli.add_command(history)


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
    from rich.console import Console
    from rich.table import Table

    from dwz.history.card import COLUMNS, card_table
    from dwz.i18n import text

    con = Console(highlight=False)
    if not con.is_terminal:
        con = Console(highlight=False, width=160)  # files and pipes: one line per row
    p = card.player
    head = p["name"] + (f" ({p['birth_year']})" if p["birth_year"] else "")
    ids = " · ".join(x for x in (p["dsb_id"] and f"DSB {p['dsb_id']}", p["zps"] and f"ZPS {p['zps']}-{p['member_no']}",
                                 p["fide_id"] and f"FIDE {p['fide_id']}") if x)
    con.print(f"[bold]{text('history.card_title', lang)}: {head}[/bold]" + (f"  [dim]{ids}[/dim]" if ids else ""))
    if p["start_rating"]:
        con.print(text("history.start_value", lang, rating=f"{p['start_rating']}-{p['start_index']}" if p["start_index"] is not None
                       else str(p["start_rating"]), source=text(f"history.source_{p['start_source']}", lang), date=p["start_date"]),
                  markup=False)
    if not p["member"]:
        con.print(text("history.not_member", lang), markup=False)
    titles, rows = card_table(card, lang)
    if not rows:
        con.print(text("history.no_rows", lang))
        return
    table = Table(show_lines=False)
    for c, title in zip(COLUMNS, titles, strict=True):
        table.add_column(title, justify="left" if c in ("tournament", "end") else "right", overflow="fold",
                         no_wrap=c != "tournament")
    for r in rows:
        table.add_row(*(r[c] for c in COLUMNS), style="dim" if r["kind"] == "umstufung" else None)
    con.print(table)
    con.print(f"[dim]{text('history.card_legend', lang)}[/dim]")
    if card.restpartien:
        con.print(text("history.rest_now", lang, n=len(card.restpartien)), markup=False)


def _print_compare(c: Any, lang: str) -> None:
    from dwz.history.compare import histogram_lines
    from dwz.i18n import fmt_num, text

    def num(v: float | None) -> str:
        return "–" if v is None else fmt_num(v, ".1f", lang)

    click.echo(text("history.compare_head", lang, players=c.players, affected=c.affected, tournaments=c.tournaments))
    click.echo(text("history.compare_raw", lang, mean=num(c.raw_mean), median=num(c.raw_median)))
    click.echo(text("history.compare_rules", lang, mean=num(c.mean), median=num(c.median)))
    click.echo("")
    for line in histogram_lines(c, lang):
        click.echo(line)
    for key, movers in (("history.compare_up", c.up), ("history.compare_down", c.down)):
        if not movers:
            continue
        click.echo("")
        click.echo(text(key, lang))
        for m in movers:
            click.echo(f"  {m.diff:+5d}  #{m.player} {m.name}: {m.real} ({text('history.compare_classic', lang)} {m.classic} → {m.classic_converted})")
