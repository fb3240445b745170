"""``dwz check FILE`` — the pre-upload check ("Prüfbericht") before the file goes to the DSB portal.

The command reads the tournament and the rating lists, evaluates it, and prints
what :func:`dwz.reports.check.check_tournament` found — grouped by severity and
kind, each with the rule and the fix.  Exit code 0 clean, 1 with warnings, 2 with
errors (also for a file that cannot be read: then its problems are the report).
This module also gathers the inputs for ``dwz tournament``, which shows the same
report as a section.  Only click is imported at registration (``dwz rate`` stays fast).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
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


@dataclass
class Inputs:
    """What ``dwz check`` and ``dwz tournament`` read: the tournament completed from
    the lists and stored Restpartien, and everything the check needs about how."""

    source: str
    data: bytes = b""
    tournament: Any = None
    problems: list[Any] = field(default_factory=list)  # why the file could not be read
    notes: list[Any] = field(default_factory=list)  # the readers' remarks and unmatched Restpartien
    list_notes: list[Any] = field(default_factory=list)  # the match report as messages (dwz tournament's notes)
    dsb: Any = None  # the DSB list's entries
    match: Any = None  # dwz.formats.lists.MatchReport
    lists: list[Any] = field(default_factory=list)  # dwz.reports.check.ListInfo
    round_dates: dict[int, date] = field(default_factory=dict)

    @property
    def legacy_notes(self) -> list[Any]:
        """The notes ``dwz tournament`` printed before the check existed."""
        return [*(self.tournament.notes if self.tournament is not None else ()), *self.list_notes,
                *(n for n in self.notes if n.code == "restpartien_unmatched")]

    def check(self, evaluation: Any = None, evaluation_problems: Any = (), end: date | None = None) -> Any:
        from dwz.reports.check import check_tournament

        return check_tournament(self.tournament, problems=self.problems, notes=self.notes, evaluation=evaluation,
                                evaluation_problems=evaluation_problems, dsb=self.dsb, match=self.match, lists=self.lists,
                                end=end, round_dates=self.round_dates, source=self.source)


def gather(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, rest_in: Path | None,
           list_date: date | None = None, *, collect: bool = False) -> Inputs:
    """Read the file, complete it from the lists and stored Restpartien.

    ``collect``: problems become part of the result (the check reports them)
    instead of raising :class:`~dwz.core.errors.InputError` (``dwz tournament``).
    """
    from dwz.core.errors import InputError, Problem
    from dwz.formats import detect_format, read_rating_list, read_tournament

    inp = Inputs(file.name)
    try:
        inp.data = file.read_bytes()
    except FileNotFoundError:
        raise InputError([Problem(str(file), "file_missing", str(file))]) from None
    except OSError as e:
        raise InputError([Problem(file.name, "file_unreadable", str(file), {"reason": e.strerror or type(e).__name__})]) from None
    try:
        t = read_tournament(inp.data, format=fmt, name=file.name)
    except InputError as e:
        if not collect:
            raise
        inp.problems.extend(e.problems)
        t = None
    if (fmt or detect_format(inp.data)) == "trf":
        from dwz.reports.check import round_dates_trf

        inp.round_dates = round_dates_trf(inp.data)
    inp.notes.extend(t.notes if t is not None else ())
    lists: dict[str, Any] = {}
    for kind, path in (("dsb", dsb_list), ("fide", fide_list)):
        if path is None:
            continue
        try:
            lists[kind] = read_rating_list(path)
        except InputError as e:
            if not collect:
                raise
            from dwz.reports.check import ListInfo

            inp.lists.append(ListInfo(kind, path.name, problems=e.problems))
    if t is not None and lists:
        from dwz.formats.dsb_list import DsbEntry
        from dwz.formats.lists import enrich

        t, inp.match = enrich(t, dsb=lists.get("dsb"), fide=lists.get("fide"))
        inp.list_notes = inp.match.problems({p.no: p.name for p in t.players})
        inp.lists += [_list_info(kind, path, entries, list_date) for kind, path, entries in
                      (("dsb", dsb_list, lists.get("dsb")), ("fide", fide_list, lists.get("fide"))) if entries is not None
                      and path is not None]
        # enrich() uses entries by their type: the DSB list is whichever holds DSB entries.
        inp.dsb = next((entries for entries in lists.values() if entries and isinstance(entries[0], DsbEntry)), None)
    if rest_in is not None and t is not None:
        from dwz.formats.restpartien import apply_restpartien, read_restpartien

        try:
            t, rep = apply_restpartien(t, read_restpartien(rest_in))
            inp.notes.extend(rep)
        except InputError as e:
            if not collect:
                raise
            inp.problems.extend(e.problems)
    inp.tournament = t
    return inp


def _list_info(kind: str, path: Path, entries: Any, given: date | None) -> Any:
    from dwz.formats.dsb_list import DsbEntry
    from dwz.formats.lists import list_date
    from dwz.history.importer import list_date_from_name
    from dwz.reports.check import ListInfo

    is_dsb = bool(entries) and isinstance(entries[0], DsbEntry)
    when, how = given, "given" if given else None
    if when is None and is_dsb:
        when, how = list_date_from_name(path.name), "name"
        if when is None:
            when, how = list_date(entries), "content"
    return ListInfo("dsb" if is_dsb else ("fide" if entries else kind), path.name, when, how if when else None, len(entries))


def _width() -> int:
    import shutil

    return max(40, min(shutil.get_terminal_size((100, 24)).columns, 160))


def _wrap(text_: str, width: int, indent: int, hang: int = 0) -> list[str]:
    import textwrap

    return textwrap.wrap(text_, width=width, initial_indent=" " * indent, subsequent_indent=" " * (indent + hang),
                         break_long_words=False, break_on_hyphens=False) or [" " * indent]


def _wrap_pieces(pieces: list[str], width: int) -> list[str]:
    """Pieces joined by " · ", a line break only between pieces (a piece longer than a line is wrapped)."""
    lines: list[str] = []
    for piece in (x for x in pieces if x):
        if lines and len(lines[-1]) + 3 + len(piece) <= width:
            lines[-1] += " · " + piece
        else:
            lines.extend(_wrap(piece, width, 0))
    return lines


def _columns(labels: list[str], width: int, indent: int) -> list[str]:
    """Labels in as many columns as fit, filled column by column (like ``ls``)."""
    col = max(len(x) for x in labels) + 3
    ncols = max(1, min(len(labels), (width - indent + 3) // col))
    nrows = -(-len(labels) // ncols)
    rows = []
    for r in range(nrows):
        cells = [labels[c * nrows + r] for c in range(ncols) if c * nrows + r < len(labels)]
        rows.append(" " * indent + "".join(x.ljust(col) for x in cells[:-1]) + cells[-1])
    return rows


def check_lines(report: Any, lang: str, *, width: int | None = None, section: bool = False,
                player: int | None = None) -> list[tuple[str, str | None]]:
    """The report as terminal lines ``(text, style)``: a header, the findings grouped by
    severity and kind — each kind with its rule, the players or lines, and the fix — and
    the summary.  ``section``: as a part of ``dwz tournament``'s output (no header);
    ``player``: his findings only.  Lines never exceed ``width`` unless a word does."""
    from dwz.i18n import term, text
    from dwz.reports.check import Count, fmt_date

    w = width or _width()
    out: list[tuple[str, str | None]] = []

    def add(lines: list[str], style: str | None = None) -> None:
        out.extend((line, style) for line in lines)

    groups = report.groups(player)
    if section:
        add([""])
        add(_wrap(f"{text('check.heading', lang)}: {report.summary(lang)}", w, 0), "bold")
    else:
        add(_wrap(f"{text('check.heading', lang)}: {report.name or report.source or ''}", w, 0), "bold")
        if report.name is None and report.count("error"):
            add(_wrap(" · ".join(x for x in (report.source, text("check.unreadable", lang)) if x), w, 0))
        else:
            meta = text("check.meta", lang, end=fmt_date(report.end, lang) if report.end else "–",
                        rules=term(report.rules, lang) if report.rules else "–", players=Count(report.players, "player").text(lang))
            add(_wrap_pieces([report.source or "", *meta.split(" · ")], w))
            for li in report.lists:
                if li.problems:
                    continue
                values = {"kind": text(f"check.list.{li.kind}", lang), "name": li.name,
                          "matched": report.matched.get(li.kind, 0), "players": report.players}
                if li.date is not None:
                    line = text("check.list_used", lang, date=fmt_date(li.date, lang),
                                how=text(f"check.date_from.{li.date_from}", lang), **values)
                else:
                    line = text("check.list_used_nodate", lang, **values)
                add(_wrap(line, w, 0))
            if not any(li.kind == "dsb" and not li.problems for li in report.lists):
                add(_wrap(text("check.no_list", lang), w, 0), "dim")
    if not groups:
        if not section:
            add([""])
            add(_wrap(text("check.clean", lang), w, 0), "green")
        return out
    current = None
    for severity, _kind, findings in groups:
        if severity != current:
            current = severity
            add(["", text(f"check.section.{severity}", lang)], severity)
        first = findings[0]
        players = {f.player for f in findings if f.player is not None}
        head = first.title(lang) + (f" ({Count(len(players), 'player').text(lang)})" if len(players) > 1 else "")
        add(_wrap(f"{head} · {first.rule}", w, 2, 2), "bold")
        # Each distinct fix once, after the findings it belongs to (file problems may have their own).
        fixes = list(dict.fromkeys(f.fix(lang) for f in findings))
        messages = [f.message(lang) for f in findings]
        if players and len(set(messages)) == 1 and len(players) == len(findings) > 1:
            # The same finding for many players: say it once, then the players in columns.
            add(_wrap(messages[0] + ":", w, 4, 2))
            nw = max(len(str(f.player)) for f in findings)
            add(_columns([f"{f.player:>{nw}}. {f.name}" for f in findings], w, 4))
        else:
            whos = [f.who(lang) for f in findings]
            col = min(max(len(x) for x in whos), max(12, w // 3))
            last = None
            for who, body in zip(whos, messages, strict=True):
                label = "" if who == last else who
                last = who
                if len(label) > col:  # a long name gets its own line
                    add([" " * 4 + label])
                    label = ""
                lines = _wrap(body, w - col - 6, 0)
                add([" " * 4 + label.ljust(col) + "  " + lines[0].lstrip(), *(" " * (col + 6) + x for x in lines[1:])])
        for fix in fixes:
            add(_wrap("→ " + fix, w, 4, 2), "dim" if severity == "note" else None)
    if not section:
        add([""])
        add(_wrap(text("check.result", lang, summary=report.summary(lang)), w, 0), "bold")
    return out


_STYLES: dict[str, dict[str, Any]] = {
    "bold": {"bold": True}, "dim": {"dim": True}, "green": {"fg": "green", "bold": True},
    "error": {"fg": "red", "bold": True}, "warning": {"fg": "yellow", "bold": True}, "note": {"fg": "cyan", "bold": True},
}


def print_check(report: Any, lang: str, *, section: bool = False, player: int | None = None, width: int | None = None) -> None:
    """:func:`check_lines` on the terminal (colours only on a terminal; click strips them elsewhere)."""
    for line, style in check_lines(report, lang, width=width, section=section, player=player):
        click.echo(click.style(line, **_STYLES[style]) if style and line else line)


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
    @click.option("--json", "as_json", is_flag=True, help="Bericht als JSON / print the report as JSON.")
    @_lang_option
    def check(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, list_date: str | None,
              end: str | None, rules: str | None, rest_in: Path | None, as_json: bool, lang: str) -> None:
        """Prüfbericht vor dem Hochladen zum DSB: alles, was das Portal ablehnen oder ein Wertungsreferent
        nachfragen würde – mit Regel und Abhilfe. / Pre-upload check: everything the DSB portal would
        reject or a rating officer would query, with the rule and the fix."""
        from dwz.cli.main import _fail
        from dwz.core.errors import InputError
        from dwz.core.player import parse_date
        from dwz.core.tournament import evaluate_tournament

        try:
            end_d = parse_date(end, "--end") if end else None  # messages name the option the user typed
            when = parse_date(list_date, "--list-date") if list_date else None
            inp = gather(file, fmt, dsb_list, fide_list, rest_in, when, collect=True)
        except Exception as e:
            _fail(e, lang)
            return
        ev: Any = None
        ev_problems: tuple[Any, ...] = ()
        if inp.tournament is not None:
            try:
                ev = evaluate_tournament(inp.tournament, end=end_d, rules=rules)
            except InputError as e:
                ev_problems = e.problems
        report = inp.check(ev, ev_problems, end=end_d)
        if as_json:
            click.echo(json.dumps(report.to_dict(lang), ensure_ascii=False, indent=2))
        else:
            print_check(report, lang)
        click.get_current_context().exit(report.exit_code)
