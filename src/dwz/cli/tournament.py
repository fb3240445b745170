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
  dwz tournament turnier.SWT --dsb-xml meldung.xml --location Leipzig --time-control "90 min + 30 s"
  dwz tournament liga.SWT --dewis-xml liga-dewis.xml

\b
Formats (detected from the content, --format to force): TRF16/TRF-2026 (with team records),
Swiss-Chess SWT (binary, 7.xx/8.xx) and SWI (DeWIS export, CP850), DSB XML 2.5 and legacy
DeWIS XML, our CSV and JSON (see docs/formats.md), PGN.
Output by extension of -o: .csv (table), .json (everything incl. Rechenweg), .html (standalone page).
--dsb-xml writes the DSB-Wertungsportal upload file (DSB_DWZ_TournamentReport 2.5) and lists
everything the portal or a rating officer would query; --dewis-xml the legacy DeWIS XML.
"""


def register(cli: click.Group) -> None:
    from dwz.cli.main import _lang_option

    @cli.command(epilog=EPILOG)
    @click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
    @click.option("--format", "fmt", type=click.Choice(["trf", "swi", "csv", "json", "pgn", "swt", "dsb-xml", "dewis-xml"]),
                  default=None, help="Format erzwingen / force the input format.")
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
    @click.option("--no-sonder-foreign", is_flag=True,
                  help="Spieler mit Fremdwertung oder Elo als R0 sind keine Ausnahmespieler der Sonderwertung (frühere Lesart).")
    @click.option("--no-elo-for-unrated", is_flag=True, help="Spieler ohne DWZ nicht mit ihrer Elo einstufen.")
    @click.option("--restpartien-vs-stage2", is_flag=True, help="auch Partien gegen Erst-DWZ-Spieler der 2. Stufe speichern.")
    @click.option("--scale", type=click.Choice(["alt", "neu", "old", "new"], case_sensitive=False), default=None,
                  help="DWZ der Datei von vor der Umstufung 2026 (alt): zuerst umstufen; eine Spalte scale der Datei geht vor.")
    @click.option("--dsb-xml", "dsb_xml", type=click.Path(dir_okay=False, path_type=Path), default=None,
                  help="DSB-Meldedatei (DSB_DWZ_TournamentReport 2.5) schreiben.")
    @click.option("--dewis-xml", "dewis_xml", type=click.Path(dir_okay=False, path_type=Path), default=None,
                  help="alte DeWIS-XML-Datei schreiben.")
    @click.option("--location", type=str, default=None, help="Spielort für die XML-Datei.")
    @click.option("--time-control", type=str, default=None, help="Bedenkzeit für die XML-Datei, z. B. '90 min + 30 s'.")
    @click.option("--sender", type=str, default=None, help="Absender (Verein / Turnierleiter) für die DSB-XML-Datei.")
    @_lang_option
    def tournament(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, end: str | None,
                   rules: str | None, player: str | None, explain: bool, output: Path | None, as_json: bool,
                   rest_in: Path | None, rest_out: Path | None, foreign_e_index: str, no_sonderwertung: bool,
                   no_sonder_extremes: bool, elo_from_2400: bool, no_sonder_foreign: bool, no_elo_for_unrated: bool,
                   restpartien_vs_stage2: bool, scale: str | None, dsb_xml: Path | None, dewis_xml: Path | None,
                   location: str | None, time_control: str | None, sender: str | None, lang: str) -> None:
        """Ganzes Turnier auswerten wie der DSB: Erst-DWZ, Sonderwertung, Restpartien, Elo."""
        from dwz.basics.errors import InputError, Problem
        from dwz.basics.parsing import digits
        from dwz.cli.main import _fail, check_args, check_writable
        from dwz.core.player import parse_date
        from dwz.core.tournament import EvaluationOptions, evaluate_tournament

        try:
            check_args([("end", end), ("player", player)])
            check_writable(output, "output")  # before the evaluation, not after it
            check_writable(rest_out, "restpartien_out")
            check_writable(dsb_xml, "dsb_xml")
            check_writable(dewis_xml, "dewis_xml")
            if not file.exists():
                raise InputError([Problem(str(file), "file_missing", str(file))])
            from dwz.cli.check import gather

            end_d = parse_date(end) if end else None
            inputs = gather(file, fmt, dsb_list, fide_list, rest_in, end=end_d)
            t, notes = inputs.tournament, inputs.legacy_notes
            opts = EvaluationOptions(
                classic_foreign_e_index=int(foreign_e_index), use_elo_for_unrated=not no_elo_for_unrated,
                use_elo_from_2400=elo_from_2400, sonderwertung=not no_sonderwertung,
                sonderwertung_extremes=not no_sonder_extremes, sonderwertung_foreign=not no_sonder_foreign,
                restpartien_vs_stage2=restpartien_vs_stage2, scale=scale,
            )
            ev = evaluate_tournament(t, end=parse_date(end) if end else None, rules=rules, options=opts)
            number = digits(player) if player else None  # "²" is a name to look up, not the number 2
            selected = ev.player(number if number is not None else player) if player else None
        except Exception as e:
            _fail(e, lang)
            return
        report = inputs.check(ev, end=parse_date(end) if end else None)  # the pre-upload check as a section
        xml_reports: list[tuple[Path, str, Any]] = []
        try:
            if output is not None:
                write_output(ev, output, lang, report)
            if rest_out is not None:
                write_text(rest_out, dumps(restpartien_document(ev)), "restpartien_out")
            for path, kind in ((dsb_xml, "dsb"), (dewis_xml, "dewis")):
                if path is not None:
                    xml_reports.append((path, kind, write_xml(ev, path, kind, location=location, time_control=time_control,
                                                              sender=sender)))
        except Exception as e:
            _fail(e, lang)
            return
        if as_json:
            d: Any = selected.to_dict(lang) if selected else {**ev.to_dict(lang), "check": report.to_dict(lang)}
            click.echo(dumps(d))
        else:
            from dwz.cli.render_tournament import print_evaluation

            print_evaluation(ev, lang, selected, explain, notes, report)
            if output is not None:
                click.echo(("Geschrieben: " if lang == "de" else "Written: ") + str(output), err=True)
        for path, kind, out in xml_reports:
            print_xml_report(path, kind, out, lang)


def load_tournament(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None,
                    rest_in: Path | None) -> tuple[Any, list[Any]]:
    """Read the file and complete it from rating lists and stored Restpartien; returns (tournament, notes)."""
    from dwz.cli.check import gather

    inputs = gather(file, fmt, dsb_list, fide_list, rest_in)
    return inputs.tournament, inputs.legacy_notes


def restpartien_document(ev: Any) -> dict[str, Any]:
    from dwz.formats.restpartien import restpartien_document as doc

    return doc(ev)


def write_xml(ev: Any, path: Path, kind: str, *, location: str | None = None, time_control: str | None = None,
              sender: str | None = None) -> Any:
    """Write the DSB (2.5) or legacy DeWIS XML of the evaluated tournament; returns the
    :class:`~dwz.formats.dsb_xml.XmlOutput` (its problems are printed by :func:`print_xml_report`)."""
    t = ev.tournament if ev.tournament.end else ev.tournament.with_(end=ev.end)  # the end used for the evaluation
    if kind == "dsb":
        from dwz.formats.dsb_xml import write_dsb_xml

        out = write_dsb_xml(t, location=location, time_control=time_control, sender=sender)
    else:
        from dwz.formats.dewis_xml import write_dewis_xml

        out = write_dewis_xml(t)
    write_text(path, out.text, "dsb_xml" if kind == "dsb" else "dewis_xml")
    return out


def print_xml_report(path: Path, kind: str, out: Any, lang: str) -> None:
    """The path written and every problem of the file (stderr, so that --json stays clean)."""
    from dwz.i18n import text

    label = "DSB-XML 2.5" if kind == "dsb" else "DeWIS-XML"
    click.echo(text("cli.xml_written", lang, kind=label, path=str(path)), err=True)
    if not out.problems:
        click.echo(text("cli.xml_clean", lang, kind=label), err=True)
        return
    click.echo(text("cli.xml_problems", lang, count=len(out.problems)), err=True)
    for p in out.problems:
        click.echo(f"  {p.field}: {p.message(lang)}", err=True)
    if out.errors:
        click.echo(text("cli.xml_invalid", lang, count=len(out.errors)), err=True)


def write_output(ev: Any, output: Path, lang: str, check: Any = None) -> None:
    """The evaluation as .csv, .json or .html; ``check`` (a CheckReport) joins the JSON and HTML."""
    suffix = output.suffix.lower()
    if suffix == ".csv":
        from dwz.reports import to_csv

        write_text(output, to_csv(ev, lang), "output", encoding="utf-8-sig" if lang == "de" else "utf-8")
    elif suffix == ".html" or suffix == ".htm":
        from dwz.reports import to_html

        write_text(output, to_html(ev, lang, check=check), "output")
    elif suffix == ".json":
        d = ev.to_dict(lang) if check is None else {**ev.to_dict(lang), "check": check.to_dict(lang)}
        write_text(output, dumps(d), "output")
    else:
        from dwz.basics.errors import InputError

        raise InputError.single(str(output), "output_suffix", suffix)
