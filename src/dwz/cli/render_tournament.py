"""Terminal output of a tournament evaluation (rich). Translates only."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from dwz.cli.render import print_steps
from dwz.i18n import term
from dwz.reports.table import COLUMNS, evaluation_rows, player_row

_console = Console(highlight=False)


def print_evaluation(ev: Any, lang: str, selected: Any, explain: bool, notes: list[Any]) -> None:
    t = ev.tournament
    head = f"{t.name} – {ev.end.isoformat()} – {term(ev.rules, lang)}"
    _console.print(f"[bold]{head}[/bold]", markup=True)
    cols = COLUMNS.get(lang, COLUMNS["de"])
    table = Table(show_lines=False)
    for c in cols:
        table.add_column(c, justify="left" if c in (cols[1], cols[-1]) else "right", overflow="fold")
    rows = [player_row(selected, lang)] if selected else evaluation_rows(ev, lang)
    for row in rows:
        table.add_row(*(row[c] for c in cols))
    _console.print(table)
    if ev.sonderwertung_players:
        names = ", ".join(ev.player(no).player.name for no in ev.sonderwertung_players)
        _console.print("Sonderwertung: " + names, markup=False)
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


def _note_lines(note: Any, lang: str) -> list[str]:
    if hasattr(note, "message") and hasattr(note, "field"):
        return [f"{note.field}: {note.message(lang)}"]
    if hasattr(note, "lines"):
        return list(note.lines(lang))
    return [str(note)]
