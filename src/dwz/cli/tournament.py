"""``dwz tournament FILE`` — evaluate a whole tournament as the DSB does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from dwz.cli.main import dumps, write_text

EPILOG = """\b
Beispiele / examples:
  dwz tournament turnier.swi
  dwz tournament turnier.trf --list LV-0-dwzliste.zip --fide-list players_list_foa.txt
  dwz tournament turnier.trf --end 2026-09-14 -o auswertung.html
  dwz tournament turnier.swi --player Gehringer --explain
  dwz tournament turnier.trf --restpartien alt.json --restpartien-out neu.json

\b
Formats (detected from the content, --format to force): TRF16/TRF-2026, Swiss-Chess SWI
(DeWIS export, CP850), our CSV and JSON (see docs/formats.md), PGN.
Output by extension of -o: .csv (table), .json (everything incl. Rechenweg), .html (standalone page).
"""


def register(cli: click.Group) -> None:
    from dwz.cli.main import _lang_option

    @cli.command(epilog=EPILOG)
    @click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
    @click.option("--format", "fmt", type=click.Choice(["trf", "swi", "csv", "json", "pgn"]), default=None,
                  help="Format erzwingen / force the input format.")
    @click.option("--list", "dsb_list", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                  help="DSB-DWZ-Liste (ZIP oder spieler.csv) zum Ergänzen von DWZ, Index, Geburtsjahr.")
    @click.option("--fide-list", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                  help="FIDE-Liste (TXT/XML) zum Ergänzen der Elo.")
    @click.option("--end", type=str, default=None, help="Turnierende JJJJ-MM-TT (falls nicht in der Datei).")
    @click.option("--rules", type=click.Choice(["classic", "2026", "dwz-classic", "dwz-2026"]), default=None,
                  help="Regelwerk erzwingen (sonst nach Turnierende).")
    @click.option("--player", type=str, default=None, help="nur diesen Spieler zeigen (Nummer oder Name).")
    @click.option("--explain", is_flag=True, help="Rechenweg ausgeben (mit --player: dieser Spieler).")
    @click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
                  help="Ergebnis schreiben: .csv, .json oder .html.")
    @click.option("--json", "as_json", is_flag=True, help="JSON auf die Standardausgabe.")
    @click.option("--restpartien", "rest_in", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
                  help="gespeicherte Restpartien (JSON einer früheren Auswertung) einlesen.")
    @click.option("--restpartien-out", "rest_out", type=click.Path(dir_okay=False, path_type=Path), default=None,
                  help="Restpartien der ungewerteten Spieler für die nächste Auswertung schreiben (JSON).")
    @click.option("--foreign-e-index", type=click.Choice(["1", "6"]), default="1",
                  help="klassisch: Index für E bei FIDE-Elo als R0 (1 = neue WO, Standard; 6 = WO 2014).")
    @click.option("--no-sonderwertung", is_flag=True, help="Sonderwertung (WO 3.6.3) nicht anwenden.")
    @click.option("--no-sonder-extremes", is_flag=True, help="100 % (Rh = Rc + 677) löst keine Sonderwertung aus.")
    @click.option("--elo-from-2400", is_flag=True, help="DWZ ≥ 2400: FIDE-Elo als R0 (WO 4.1.2, 'in der Regel').")
    @click.option("--no-elo-for-unrated", is_flag=True, help="Spieler ohne DWZ nicht mit ihrer Elo einstufen.")
    @click.option("--restpartien-vs-stage2", is_flag=True, help="auch Partien gegen Erst-DWZ-Spieler der 2. Stufe speichern.")
    @_lang_option
    def tournament(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, end: str | None,
                   rules: str | None, player: str | None, explain: bool, output: Path | None, as_json: bool,
                   rest_in: Path | None, rest_out: Path | None, foreign_e_index: str, no_sonderwertung: bool,
                   no_sonder_extremes: bool, elo_from_2400: bool, no_elo_for_unrated: bool, restpartien_vs_stage2: bool,
                   lang: str) -> None:
        """Ganzes Turnier auswerten wie der DSB: Erst-DWZ, Sonderwertung, Restpartien, Elo."""
        from dwz.cli.main import _fail, check_args, check_writable
        from dwz.core.errors import InputError, Problem
        from dwz.core.player import parse_date
        from dwz.core.tournament import EvaluationOptions, evaluate_tournament
        from dwz.formats._common import digits

        try:
            check_args([("end", end), ("player", player)])
            check_writable(output, "output")  # before the evaluation, not after it
            check_writable(rest_out, "restpartien_out")
            if not file.exists():
                raise InputError([Problem(str(file), "file_missing", str(file))])
            t, notes = load_tournament(file, fmt, dsb_list, fide_list, rest_in)
            opts = EvaluationOptions(
                classic_foreign_e_index=int(foreign_e_index), use_elo_for_unrated=not no_elo_for_unrated,
                use_elo_from_2400=elo_from_2400, sonderwertung=not no_sonderwertung,
                sonderwertung_extremes=not no_sonder_extremes, restpartien_vs_stage2=restpartien_vs_stage2,
            )
            ev = evaluate_tournament(t, end=parse_date(end) if end else None, rules=rules, options=opts)
            number = digits(player) if player else None  # "²" is a name to look up, not the number 2
            selected = ev.player(number if number is not None else player) if player else None
            if output is not None:
                write_output(ev, output, lang)
            if rest_out is not None:
                write_text(rest_out, dumps(restpartien_document(ev)), "restpartien_out")
        except Exception as e:
            _fail(e, lang)
            return
        if as_json:
            d: Any = selected.to_dict(lang) if selected else ev.to_dict(lang)
            click.echo(dumps(d))
            return
        from dwz.cli.render_tournament import print_evaluation

        print_evaluation(ev, lang, selected, explain, notes)
        if output is not None:
            click.echo(("Geschrieben: " if lang == "de" else "Written: ") + str(output), err=True)


def load_tournament(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None,
                    rest_in: Path | None) -> tuple[Any, list[Any]]:
    """Read the file and complete it from rating lists and stored Restpartien; returns (tournament, notes)."""
    from dwz.formats import read_rating_list, read_tournament

    t = read_tournament(file, format=fmt)
    notes: list[Any] = list(t.notes)
    if dsb_list is not None or fide_list is not None:
        from dwz.formats.lists import enrich

        dsb = read_rating_list(dsb_list) if dsb_list else None
        fide = read_rating_list(fide_list) if fide_list else None
        t, report = enrich(t, dsb=dsb, fide=fide)
        notes.extend(report.problems({p.no: p.name for p in t.players}))
    if rest_in is not None:
        from dwz.formats.restpartien import apply_restpartien, read_restpartien

        t, rep = apply_restpartien(t, read_restpartien(rest_in))
        notes.extend(rep)
    return t, notes


def restpartien_document(ev: Any) -> dict[str, Any]:
    from dwz.formats.restpartien import restpartien_document as doc

    return doc(ev)


def write_output(ev: Any, output: Path, lang: str) -> None:
    """The evaluation as a file; an unknown suffix or a file that cannot be written is an InputError."""
    suffix = output.suffix.lower()
    if suffix == ".csv":
        from dwz.reports import to_csv

        write_text(output, to_csv(ev, lang), "output", encoding="utf-8-sig" if lang == "de" else "utf-8")
    elif suffix == ".html" or suffix == ".htm":
        from dwz.reports import to_html

        write_text(output, to_html(ev, lang), "output")
    elif suffix == ".json":
        write_text(output, dumps(ev.to_dict(lang)), "output")
    else:
        from dwz.core.errors import InputError

        raise InputError.single(str(output), "output_suffix", suffix)
