"""Terminal output of a tournament evaluation. Translates only.

The DSB table fitted to the terminal (:func:`dwz.cli.layout.table`): at 80 columns the
columns a reader can spare leave first (club, age group, level, E/K …, named below the table),
names and numbers are never cut, remarks go under their row, indented.
"""

from __future__ import annotations

from typing import Any

from dwz.cli import layout
from dwz.cli.layout import echo
from dwz.cli.render import step_lines
from dwz.core.editions import label
from dwz.i18n import fmt_date, text
from dwz.reports.table import (
    CLUB_COLUMN,
    ELO_COLUMNS,
    TEAM_COLUMNS,
    elo_legend,
    elo_rows,
    evaluation_rows,
    legend,
    player_row,
    table_columns,
    team_tables,
)

# How readily a column leaves a narrow terminal (0: never), by its place in COLUMNS:
# Nr, Name, DWZ alt, AK, W/n, We, E/K, Niveau, Leistung, DWZ neu, Diff., Bemerkung.
_PRIORITY = (0, 0, 0, 5, 0, 1, 3, 4, 2, 0, 0, 0)
_CLUB_PRIORITY = 6  # the club (after the name, when the file has clubs) leaves first: the rating's columns stay
_CLUB_TITLES = frozenset(CLUB_COLUMN.values())  # text, aligned left as the name
_ELO_PRIORITY = (0, 0, 0, 2, 0, 1, 0, 0, 0)  # Nr, Name, Elo, K, W/n, We, Änderung, Elo neu, Bemerkung


def _echo(line: str = "", bold: bool = False) -> None:
    echo(line, bold=bold)


def _columns(titles: tuple[str, ...], priority: tuple[int, ...], name_at: int = 1) -> list[layout.Column]:
    last = len(titles) - 1
    return [layout.Column(t, "left" if i in (name_at, last) or t in _CLUB_TITLES else "right", priority[i], below=i == last,
                          flex=i == name_at) for i, t in enumerate(titles)]


def table_lines(rows: list[dict[str, str]], titles: tuple[str, ...], priority: tuple[int, ...], lang: str, total: int,
                name_at: int = 1, below_last: bool = True) -> tuple[list[str], list[str]]:
    """The table's lines (and the note naming the columns left out), and the titles left out."""
    cols = _columns(titles, priority, name_at)
    if not below_last:
        cols[-1] = layout.Column(titles[-1], "right", priority[-1])
    t = layout.table(cols, [[row[c] for c in titles] for row in rows], total)
    out = list(t.lines)
    if t.hidden:
        out += layout.wrap(text("cli.columns_hidden", lang, columns=", ".join(t.hidden)), total, hang=2)
    return out, t.hidden


def evaluation_lines(ev: Any, lang: str, selected: Any = None, total: int | None = None) -> list[tuple[str, bool]]:
    """The head, the table (or the one selected player's row), its legend, the teams and the Elo table."""
    w = total or layout.width()
    t = ev.tournament
    out: list[tuple[str, bool]] = [(line, True) for line in layout.wrap(t.name or "–", w, hang=2)]
    head = text("cli.head_meta", lang, end=fmt_date(ev.end, lang), rules=label(ev.rules, lang),
                players=text("cli.n_players", lang, n=len(ev.players)))
    out += [(line, False) for line in layout.wrap(head, w, hang=2)]
    out.append(("", False))
    cols = table_columns(ev, lang)
    priority = _PRIORITY if len(cols) == len(_PRIORITY) else (*_PRIORITY[:2], _CLUB_PRIORITY, *_PRIORITY[2:])
    rows = [player_row(selected, lang)] if selected else evaluation_rows(ev, lang)
    lines, hidden = table_lines(rows, cols, priority, lang, w)
    out += [(line, False) for line in lines]
    notes = legend(rows, lang, hidden)
    if notes:
        out += [(line, False) for line in layout.wrap(" · ".join(notes), w, hang=2)]
    if selected:
        return out
    teams = team_tables(ev, lang)
    if teams:
        out += [("", False), *((line, True) for line in layout.wrap(text("cli.teams", lang), w, hang=2))]
    for tm in teams:
        tcols = TEAM_COLUMNS.get(lang, TEAM_COLUMNS["de"])
        head = f"{tm['no']}. {tm['name']}" if tm["no"] is not None else tm["name"]
        out += [("", False), *((line, True) for line in layout.wrap(f"{head}  –  W/n {tm['total']}", w, hang=2))]
        # Brett, Nr, Name, DWZ alt, W/n, We, Leistung, DWZ neu, Diff.: We and Leistung yield first
        t_lines, _ = table_lines(tm["rows"], tcols, (0, 0, 0, 0, 0, 2, 1, 0, 0), lang, w, name_at=2, below_last=False)
        out += [(line, False) for line in t_lines]
    elo = elo_rows(ev, lang)
    if elo:
        ecols = ELO_COLUMNS.get(lang, ELO_COLUMNS["de"])
        out += [("", False), *((line, True) for line in layout.wrap(text("cli.elo_table", lang), w, hang=2))]
        lines, _ = table_lines(elo, ecols, _ELO_PRIORITY, lang, w)
        out += [(line, False) for line in lines]
        out += [(line, False) for line in layout.wrap(" · ".join(elo_legend(elo, lang)), w, hang=2) if line]
    if ev.sonderwertung_players:
        names = ", ".join(ev.player(no).player.name for no in ev.sonderwertung_players)
        out += [("", False), *((line, False) for line in layout.wrap(text("cli.sonderwertung", lang, names=names), w, hang=2))]
    return out


def print_evaluation(ev: Any, lang: str, selected: Any, explain: bool, notes: list[Any], check: Any = None) -> None:
    """The table, the Elo table, and the pre-upload check (``check``, a CheckReport; it
    covers the readers' and the lists' notes — without it they are printed as before)."""
    w = layout.width()
    for line, bold in evaluation_lines(ev, lang, selected, w):
        _echo(line, bold)
    if check is not None:
        from dwz.cli.render_check import print_check

        print_check(check, lang, section=True, player=selected.player.no if selected else None, width=w,
                    player_label=selected.player.label if selected else None)
    else:
        from dwz.i18n import field_label

        shown = [*notes, *ev.warnings]
        if shown:
            _echo()
            _echo(text("cli.notes", lang), True)
        for n in shown:
            body = f"{field_label(n.field, lang, 'cli')}: {n.message(lang)}" if getattr(n, "field", "") else n.message(lang)
            for line in layout.wrap(body, w, indent=2, hang=2):
                _echo(line)
    if explain:
        targets = [selected] if selected else list(ev.players)
        for pe in targets:
            _echo()
            _echo(f"{pe.player.no}. {pe.player.name}", True)
            for line, style in step_lines(list(pe.steps), lang, w)[1:]:
                _echo(line, bool(style and style.get("bold")))
