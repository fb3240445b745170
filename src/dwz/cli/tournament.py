"""``dwz tournament FILE`` — evaluate a whole tournament as the DSB does."""

from __future__ import annotations

import sys
from pathlib import Path, PurePath
from typing import Any

import click

from dwz.cli.layout import echo
from dwz.cli.main import dumps, write_text, written


def register(cli: click.Group) -> None:
    from dwz.cli.lang import Command, Words, argument
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import option as opt
    from dwz.cli.main import RULES_WORDS, SCALE_WORDS, _lang_option

    @cli.command("tournament", cls=Command, help="cmd.tournament.help", short_help="cmd.tournament.short",
                 epilog="cmd.tournament.epilog")
    @argument("file", type=CPath(dir_okay=False, path_type=Path), metavar="metavar.file")
    @opt("--format", "fmt", type=click.Choice(["trf", "swi", "csv", "json", "pgn", "swt", "dsb-xml", "dewis-xml"]),
         default=None, help="opt.format")
    @opt("--list", "dsb_list", type=CPath(exists=True, dir_okay=False, path_type=Path), default=None,
         metavar="metavar.file", help="opt.list")
    @opt("--fide-list", type=CPath(exists=True, dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.fide_list")
    @opt("--list-date", type=str, default=None, metavar="metavar.date", help="opt.list_date")
    @opt("--end", type=str, default=None, metavar="metavar.date", help="opt.t_end")
    @opt("--rules", type=Words(RULES_WORDS), default=None, help="opt.rules")
    @opt("--player", type=str, default=None, metavar="metavar.player", help="opt.player")
    @opt("--explain", is_flag=True, help="opt.t_explain")
    @opt("-o", "--output", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.output")
    @opt("--json", "as_json", is_flag=True, help="opt.t_json")
    @opt("--restpartien", "rest_in", type=CPath(exists=True, dir_okay=False, path_type=Path), default=None,
         metavar="metavar.file", help="opt.restpartien_in")
    @opt("--restpartien-out", "rest_out", type=CPath(dir_okay=False, path_type=Path), default=None,
         metavar="metavar.file", help="opt.restpartien_out")
    @opt("--foreign-e-index", type=click.Choice(["1", "6"]), default="1", help="opt.foreign_e_index")
    @opt("--no-sonderwertung", is_flag=True, help="opt.no_sonderwertung")
    @opt("--no-sonder-extremes", is_flag=True, help="opt.no_sonder_extremes")
    @opt("--elo-from-2400", is_flag=True, help="opt.elo_from_2400")
    @opt("--no-sonder-foreign", is_flag=True, help="opt.no_sonder_foreign")
    @opt("--no-elo-for-unrated", is_flag=True, help="opt.no_elo_for_unrated")
    @opt("--restpartien-vs-stage2", is_flag=True, help="opt.restpartien_vs_stage2")
    @opt("--scale", type=Words(SCALE_WORDS), default=None, help="opt.t_scale")
    @opt("--dsb-xml", "dsb_xml", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.dsb_xml")
    @opt("--dewis-xml", "dewis_xml", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.dewis_xml")
    @opt("--location", type=str, default=None, metavar="metavar.text", help="opt.location")
    @opt("--time-control", type=str, default=None, metavar="metavar.text", help="opt.time_control")
    @opt("--sender", type=str, default=None, metavar="metavar.text", help="opt.sender")
    @opt("--html-notes", is_flag=True, help="opt.html_notes")
    @_lang_option
    def tournament(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, list_date: str | None, end: str | None,
                   rules: str | None, player: str | None, explain: bool, output: Path | None, as_json: bool,
                   rest_in: Path | None, rest_out: Path | None, foreign_e_index: str, no_sonderwertung: bool,
                   no_sonder_extremes: bool, elo_from_2400: bool, no_sonder_foreign: bool, no_elo_for_unrated: bool,
                   restpartien_vs_stage2: bool, scale: str | None, dsb_xml: Path | None, dewis_xml: Path | None,
                   location: str | None, time_control: str | None, sender: str | None, html_notes: bool, lang: str) -> None:
        from dwz.basics.errors import InputError, Problem
        from dwz.cli.main import _fail, check_args, check_writable
        from dwz.core.player import parse_date
        from dwz.core.tournament import EvaluationOptions, evaluate_tournament

        try:
            check_args([("end", end), ("list_date", list_date), ("player", player)])
            check_writable(output, "output")  # before the evaluation, not after it
            check_writable(rest_out, "restpartien_out")
            check_writable(dsb_xml, "dsb_xml")
            check_writable(dewis_xml, "dewis_xml")
            if output is not None and output.suffix.lower() not in (".csv", ".json", ".html", ".htm"):
                raise InputError.single("output", "output_suffix", output.suffix or PurePath(output))
            if not file.exists():
                raise InputError([Problem("", "file_missing", PurePath(file))])
            from dwz.cli.check import gather

            end_d = parse_date(end) if end else None
            when = parse_date(list_date, "--list-date") if list_date else None
            inputs = gather(file, fmt, dsb_list, fide_list, rest_in, when, end=end_d)
            t, notes = inputs.tournament, inputs.legacy_notes
            opts = EvaluationOptions(
                classic_foreign_e_index=int(foreign_e_index), use_elo_for_unrated=not no_elo_for_unrated,
                use_elo_from_2400=elo_from_2400, sonderwertung=not no_sonderwertung,
                sonderwertung_extremes=not no_sonder_extremes, sonderwertung_foreign=not no_sonder_foreign,
                restpartien_vs_stage2=restpartien_vs_stage2, scale=scale,
            )
            ev = evaluate_tournament(t, end=parse_date(end) if end else None, rules=rules, options=opts)
            selected = find_player(ev, player) if player else None
        except Exception as e:
            _fail(e, lang)
            return
        report = inputs.check(ev, end=parse_date(end) if end else None)  # the pre-upload check as a section
        xml_reports: list[tuple[Path, str, Any]] = []
        files: list[tuple[Path, str]] = []
        try:
            if output is not None:
                write_output(ev, output, lang, report, notes=html_notes)
                files.append((output, {".csv": "csv", ".json": "json"}.get(output.suffix.lower(), "html")))
            if rest_out is not None:
                write_text(rest_out, dumps(restpartien_document(ev)), "restpartien_out")
                files.append((rest_out, "restpartien"))
            for path, kind in ((dsb_xml, "dsb"), (dewis_xml, "dewis")):
                if path is not None:
                    xml_reports.append((path, kind, write_xml(ev, path, kind, location=location, time_control=time_control,
                                                              sender=sender)))
        except Exception as e:
            _fail(e, lang)
            return
        if as_json:
            d: Any = selected.to_dict(lang) if selected else {**ev.to_dict(lang), "check": report.to_dict(lang)}
            echo(dumps(d))
        else:
            from dwz.cli.render_tournament import print_evaluation

            print_evaluation(ev, lang, selected, explain, notes, report)
        for path, what in files:  # every file written is named (on stderr: the output may be JSON)
            written(path, what, lang)
        for path, kind, out in xml_reports:
            print_xml_report(path, kind, out, lang)


def find_player(ev: Any, query: str) -> Any:
    """``--player``: a start number, or a name compared as everywhere in dwz
    (:func:`dwz.formats._common.name_key`: "Mueller" finds "Müller", "oeztuerk" "Öztürk");
    a whole name before a part of one.  None or several: a message naming them."""
    from dwz.basics.errors import InputError
    from dwz.basics.parsing import digits
    from dwz.formats._common import name_key

    number = digits(query.strip())  # "²" is a name to look up, not the number 2
    if number is not None:
        return ev.player(number)
    key = name_key(query)
    if not key:
        raise InputError.single("player", "player_unknown", query)
    hits = [pe for pe in ev.players if key in name_key(pe.player.name)]
    whole = [pe for pe in hits if name_key(pe.player.name) == key]
    if len(whole) == 1 or len(hits) == 1:
        return (whole or hits)[0]
    if hits:
        raise InputError.single("player", "player_ambiguous", query, names=", ".join(pe.player.name for pe in hits[:20]))
    raise InputError.single("player", "player_unknown", query)


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
    """The path written and every problem of the file, each named by its place in the user's words
    (stderr, so that --json stays clean)."""
    from dwz.cli.layout import width, wrap
    from dwz.i18n import field_label, text

    label = text(f"cli.file.{kind}", lang)
    written(path, kind, lang)
    if not out.problems:
        echo(text("cli.xml_clean", lang, kind=label), err=True)
        return
    w = width(sys.stderr)
    for line in wrap(text("cli.xml_problems", lang, count=len(out.problems)), w, hang=2):
        echo(line, err=True)
    for p in out.problems:
        for line in wrap(f"{field_label(p.field, lang, 'cli')}: {p.message(lang)}", w, indent=2, hang=4):
            echo(line, err=True)
    if out.errors:
        for line in wrap(text("cli.xml_invalid", lang, count=len(out.errors)), w, hang=2):
            echo(line, err=True)


def write_output(ev: Any, output: Path, lang: str, check: Any = None, *, notes: bool = False) -> None:
    """The evaluation as .csv, .json or .html; ``check`` (a CheckReport) joins the JSON and HTML;
    ``notes``: the readers' internal notes go into the HTML too."""
    suffix = output.suffix.lower()
    if suffix == ".csv":
        from dwz.reports import to_csv

        write_text(output, to_csv(ev, lang), "output", encoding="utf-8-sig")  # the BOM: Excel reads UTF-8 then
    elif suffix == ".html" or suffix == ".htm":
        from dwz.reports import to_html

        write_text(output, to_html(ev, lang, check=check, notes=notes), "output")
    elif suffix == ".json":
        d = ev.to_dict(lang) if check is None else {**ev.to_dict(lang), "check": check.to_dict(lang)}
        write_text(output, dumps(d), "output")
    else:
        from dwz.basics.errors import InputError

        raise InputError.single("output", "output_suffix", suffix)
