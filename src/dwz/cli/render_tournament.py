"""Terminal output of a tournament evaluation (rich). Translates only."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from dwz.cli.render import print_steps
from dwz.i18n import term, text
from dwz.reports.table import COLUMNS, ELO_COLUMNS, TEAM_COLUMNS, elo_rows, evaluation_rows, player_row, team_tables

_console = Console(highlight=False)


def print_evaluation(ev: Any, lang: str, selected: Any, explain: bool, notes: list[Any], check: Any = None) -> None:
    """The table, the Elo table, and the pre-upload check (``check``, a CheckReport; it
    covers the readers' and the lists' notes — without it they are printed as before)."""
    t = ev.tournament
    head = f"{t.name} – {ev.end.isoformat()} – {term(ev.rules, lang)}"
    _console.print(f"[bold]{head}[/bold]", markup=True)
    cols = COLUMNS.get(lang, COLUMNS["de"])
    rows = [player_row(selected, lang)] if selected else evaluation_rows(ev, lang)
    # A narrow terminal gets the core columns; age group and level move out, remarks go below.
    compact = _console.width < 112
    shown = [c for c in cols if not compact or c not in (cols[3], cols[7], cols[-1])]
    table = Table(show_lines=False, box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    short = {cols[2]: "alt" if lang == "de" else "old", cols[9]: "neu" if lang == "de" else "new", cols[8]: "Lstg" if lang == "de" else "Perf"}
    for c in shown:
        title = short.get(c, c) if compact else c
        if c == cols[1]:
            table.add_column(title, no_wrap=True, overflow="ellipsis", max_width=20 if compact else 26)
        elif c == cols[-1]:
            table.add_column(title, overflow="fold", min_width=10)
        else:
            table.add_column(title, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*(row[c] for c in shown))
    _console.print(table)
    if compact:
        for row in rows:
            if row[cols[-1]]:
                _console.print(f"  {row[cols[0]]}. {row[cols[1]]}: {row[cols[-1]]}", markup=False)
    if not selected:
        print_teams(ev, lang)
    elo = [] if selected else elo_rows(ev, lang)
    if elo:
        ecols = ELO_COLUMNS.get(lang, ELO_COLUMNS["de"])
        if not any(row[ecols[-1]] for row in elo):
            ecols = ecols[:-1]
        et = Table(title="FIDE-Elo", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
        for c in ecols:
            remark = c == ELO_COLUMNS.get(lang, ELO_COLUMNS["de"])[-1]
            et.add_column(c, justify="left" if c == ecols[1] or remark else "right", no_wrap=not remark,
                          overflow="ellipsis" if c == ecols[1] else "fold", max_width=20 if c == ecols[1] else None,
                          min_width=12 if remark else None)
        for row in elo:
            et.add_row(*(row[c] for c in ecols))
        _console.print(et)
    if ev.sonderwertung_players:
        names = ", ".join(ev.player(no).player.name for no in ev.sonderwertung_players)
        _console.print("Sonderwertung: " + names, markup=False)
    if check is not None:
        from dwz.cli.render_check import print_check

        print_check(check, lang, section=True, player=selected.player.no if selected else None, width=_console.width)
    else:
        for n in notes:
            for line in _note_lines(n, lang):
                _console.print(f"[yellow]{line}[/yellow]")
        for w in ev.warnings:
            _console.print(f"[yellow]{w.field}: {w.message(lang)}[/yellow]")
    if explain:
        targets = [selected] if selected else list(ev.players)
        for pe in targets:
            _console.print(f"\n[bold]{pe.player.no}. {pe.player.name}[/bold]")
            print_steps(list(pe.steps), lang)


def print_teams(ev: Any, lang: str) -> None:
    """Team competitions: each team's lineup with its rows (a grouping of the table above)."""
    teams = team_tables(ev, lang)
    if not teams:
        return
    cols = TEAM_COLUMNS.get(lang, TEAM_COLUMNS["de"])
    _console.print(f"\n[bold]{text('cli.teams', lang)}[/bold]", markup=True)
    for tm in teams:
        head = f"{tm['no']}. {tm['name']}" if tm["no"] is not None else tm["name"]
        table = Table(title=f"{head}  –  W/n {tm['total']}", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                      padding=(0, 1))
        for c in cols:
            if c == cols[2]:
                table.add_column(c, no_wrap=True, overflow="ellipsis", max_width=26)
            else:
                table.add_column(c, justify="right", no_wrap=True)
        for row in tm["rows"]:
            table.add_row(*(row[c] for c in cols))
        _console.print(table)


def _note_lines(note: Any, lang: str) -> list[str]:
    if hasattr(note, "message") and hasattr(note, "field"):
        return [f"{note.field}: {note.message(lang)}"]
    if hasattr(note, "lines"):
        return list(note.lines(lang))
    return [str(note)]
