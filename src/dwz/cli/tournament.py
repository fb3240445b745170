"""``dwz tournament FILE`` — evaluate a whole tournament as the DSB does."""

from __future__ import annotations

import sys
from pathlib import Path, PurePath
from typing import Any

import click

from dwz.cli.arguments import check_args
from dwz.cli.layout import echo
from dwz.cli.options import SCALE_WORDS, format_option, lang_option, rules_option
from dwz.cli.output import check_writable, dumps, fail, write_text, written


def register(cli: click.Group) -> None:
    from dwz.cli.lang import Command, Words, argument
    from dwz.cli.lang import Path as CPath
    from dwz.cli.lang import option as opt
    from dwz.cli.portal import list_type

    @cli.command("tournament", cls=Command, help="cmd.tournament.help", short_help="cmd.tournament.short",
                 epilog="cmd.tournament.epilog")
    @argument("file", type=CPath(dir_okay=False, path_type=Path), metavar="metavar.file")
    @lambda f: format_option(f, "opt.format")
    @opt("--list", "dsb_list", type=list_type(), default=None, metavar="metavar.file", help="opt.list")
    @opt("--fide-list", type=CPath(exists=True, dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.fide_list")
    @opt("--list-date", type=str, default=None, metavar="metavar.date", help="opt.list_date")
    @opt("--end", type=str, default=None, metavar="metavar.date", help="opt.t_end")
    @rules_option
    @opt("--player", type=str, default=None, metavar="metavar.player", help="opt.player")
    @opt("--explain", is_flag=True, help="opt.t_explain")
    @opt("-o", "--output", type=CPath(dir_okay=False, path_type=Path), multiple=True, metavar="metavar.file",
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
    @opt("--scale", type=Words(SCALE_WORDS), default=None, help="opt.t_scale_said")
    @opt("--elo-als-dwz", "--elo-as-dwz", "elo_as_dwz", is_flag=True, help="opt.elo_als_dwz")
    @opt("--dsb-xml", "dsb_xml", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.dsb_xml")
    @opt("--dewis-xml", "dewis_xml", type=CPath(dir_okay=False, path_type=Path), default=None, metavar="metavar.file",
         help="opt.dewis_xml")
    @opt("--location", type=str, default=None, metavar="metavar.text", help="opt.location")
    @opt("--time-control", type=str, default=None, metavar="metavar.text", help="opt.time_control")
    @opt("--sender", type=str, default=None, metavar="metavar.text", help="opt.sender")
    @opt("--html-notes", is_flag=True, help="opt.html_notes")
    @opt("--trotzdem-schreiben", "--write-anyway", "write_anyway", is_flag=True, help="opt.write_anyway")
    @lang_option
    def tournament(file: Path, fmt: str | None, dsb_list: Path | None, fide_list: Path | None, list_date: str | None, end: str | None,
                   rules: str | None, player: str | None, explain: bool, output: tuple[Path, ...], as_json: bool,
                   rest_in: Path | None, rest_out: Path | None, foreign_e_index: str, no_sonderwertung: bool,
                   no_sonder_extremes: bool, elo_from_2400: bool, no_sonder_foreign: bool, no_elo_for_unrated: bool,
                   restpartien_vs_stage2: bool, scale: str | None, elo_as_dwz: bool, dsb_xml: Path | None, dewis_xml: Path | None,
                   location: str | None, time_control: str | None, sender: str | None, html_notes: bool, write_anyway: bool,
                   lang: str) -> None:
        from dwz.basics.errors import InputError, Problem
        from dwz.basics.parsing import parse_date
        from dwz.cli.portal import say_cached_list
        from dwz.core.kernel import EvaluationOptions
        from dwz.core.tournament import evaluate_tournament

        outputs = list(dict.fromkeys(output))  # every -o is written (the same file named twice: once)
        try:
            check_args([("end", end), ("list_date", list_date), ("player", player)])
            for out_path in outputs:  # before the evaluation, not after it
                check_writable(out_path, "output")
                if out_path.suffix.lower() not in (".csv", ".json", ".html", ".htm"):
                    raise InputError.single("output", "output_suffix", out_path.suffix or PurePath(out_path))
            check_writable(rest_out, "restpartien_out")
            check_writable(dsb_xml, "dsb_xml")
            check_writable(dewis_xml, "dewis_xml")
            if not file.exists():
                raise InputError([Problem("", "file_missing", PurePath(file))])
            from dwz.cli.check import gather

            end_d = parse_date(end, "--end") if end else None
            when = parse_date(list_date, "--list-date") if list_date else None
            when = when or say_cached_list(dsb_list, lang)  # --list portal: the cached list's Stand
            inputs = gather(file, fmt, dsb_list, fide_list, rest_in, when, end=end_d)
            refused = inputs.refusal()  # an empty tournament; a DSB XML without the DSB list (no DWZ in it)
            if refused:
                raise InputError(refused)
            t, notes = inputs.tournament, inputs.legacy_notes
            opts = EvaluationOptions(
                classic_foreign_e_index=int(foreign_e_index), use_elo_for_unrated=not no_elo_for_unrated,
                use_elo_from_2400=elo_from_2400, sonderwertung=not no_sonderwertung,
                sonderwertung_extremes=not no_sonder_extremes, sonderwertung_foreign=not no_sonder_foreign,
                restpartien_vs_stage2=restpartien_vs_stage2, scale=scale,
            )
            ev = evaluate_tournament(t, end=end_d, rules=rules, options=opts)
            report = inputs.check(ev, end=end_d, time_control=time_control, scale=scale, elo_as_dwz=elo_as_dwz)
            # the check's errors that make the numbers doubtful (a scale nothing says, a DWZ the scale cannot
            # hold, a file without DWZ): refused with the fixes, as dwz rate does — never a table it calls wrong
            refused = report.refusal()
            selected = find_player(ev, player) if player else None
        except Exception as e:
            fail(e, lang)
            return
        if refused:
            refuse(refused, lang)
            return
        xml_reports: list[tuple[Path, str, Any, bool]] = []
        files: list[tuple[Path, str]] = []
        try:
            for out_path in outputs:
                write_output(ev, out_path, lang, report, notes=html_notes)
                files.append((out_path, {".csv": "csv", ".json": "json"}.get(out_path.suffix.lower(), "html")))
            if rest_out is not None:
                write_text(rest_out, dumps(restpartien_document(ev)), "restpartien_out")
                files.append((rest_out, "restpartien"))
            for path, kind in ((dsb_xml, "dsb"), (dewis_xml, "dewis")):
                if path is not None:
                    # one judgment (reports.upload): blocked by every error of the check; an invalid upload
                    # file is written only when asked for (--trotzdem-schreiben)
                    out = build_xml(ev, kind, report, location=location, time_control=time_control, sender=sender)
                    write = out.valid or write_anyway
                    if write:
                        write_text(path, out.output.text, "dsb_xml" if kind == "dsb" else "dewis_xml")
                    xml_reports.append((path, kind, out, write))
        except Exception as e:
            fail(e, lang)
            return
        if as_json:
            d: Any = selected.to_dict(lang) if selected else {**ev.to_dict(lang), "check": report.to_dict(lang)}
            echo(dumps(d))
        else:
            from dwz.cli.render_tournament import print_evaluation

            print_evaluation(ev, lang, selected, explain, notes, report)
        for path, what in files:  # every file written is named (on stderr: the output may be JSON)
            written(path, what, lang)
        for path, kind, out, wrote in xml_reports:
            print_xml_report(path, kind, out, lang, wrote)
        if any(not out.valid for _, _, out, _ in xml_reports):
            # an invalid upload file never looks like a success — written anyway or not
            click.get_current_context().exit(2)


def refuse(problems: list[Any], lang: str) -> None:
    """The check's doubts that change the numbers, on stderr — each wrapped to the terminal (they are
    long: what is in doubt, an example, every fix) — then exit 2, as any refused input."""
    from dwz.basics.errors import InputError
    from dwz.cli.layout import width, wrap
    from dwz.i18n import text

    w, prefix = width(sys.stderr), text("cli.error_prefix", lang)
    for message in InputError(problems).messages(lang, "cli"):
        for line in wrap(prefix + message, w, hang=2):
            echo(line, err=True)
    click.get_current_context().exit(2)


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


def build_xml(ev: Any, kind: str, report: Any, *, location: str | None = None, time_control: str | None = None,
              sender: str | None = None) -> Any:
    """The DSB (2.5) or legacy DeWIS XML of the evaluated tournament, judged and not yet written: the
    :class:`~dwz.reports.upload.UploadFile` (blocked by the check's errors; :func:`print_xml_report` says them)."""
    from dwz.reports.upload import judge

    t = ev.tournament if ev.tournament.end else ev.tournament.with_(end=ev.end)  # the end used for the evaluation
    return judge(report, t, kind, location=location, time_control=time_control, sender=sender)


def print_xml_report(path: Path, kind: str, out: Any, lang: str, wrote: bool = True) -> None:
    """What became of an upload file, on stderr (so that --json stays clean): the check's errors that
    block it first, under their own heading, each with its fix — then whether it was written (an
    invalid one only with --trotzdem-schreiben, and then said to be invalid) — then the questions a
    rating officer would ask of the file.  A problem that many players share is said once, with them."""
    from dwz.cli.layout import width, wrap
    from dwz.i18n import text

    label = text(f"cli.file.{kind}", lang)
    w = width(sys.stderr)

    def say(line: str, indent: int = 0, hang: int = 2, style: dict[str, Any] | None = None) -> None:
        for part in wrap(line, w, indent=indent, hang=hang):
            echo(part, err=True, **(style or {}))

    errors = out.blocking
    others = list(out.questions)
    if errors:
        say(text("cli.xml_invalid_head", lang, kind=label, count=len(errors)), style={"fg": "red", "bold": True})
        _finding_lines(errors, lang, say, w)
        # the path on a line of its own, whole (as every file written is named); what it means below
        if wrote:
            echo(text("cli.xml_written_invalid", lang, kind=label, path=str(path)), err=True, fg="red", bold=True)
            say(text("cli.xml_written_invalid_why", lang, count=len(errors)), indent=2, style={"fg": "red", "bold": True})
        else:
            echo(text("cli.xml_not_written", lang, kind=label, path=str(path)), err=True, bold=True)
            say(text("cli.xml_not_written_fix", lang), indent=2)
    else:
        written(path, kind, lang)
    if not out.output.problems and not errors:
        say(text("cli.xml_clean", lang, kind=label))
    elif others:
        say(text("cli.xml_problems", lang, count=len(others), kind=label))
        _problem_lines(others, lang, say, w)


def _finding_lines(findings: Any, lang: str, say: Any, width: int) -> None:
    """The check's errors that block an upload file, by kind: its title, the players or places (a line
    breaks between them, never inside one) or each message, and the fix — as the Prüfbericht says them."""
    groups: dict[str, list[Any]] = {}
    for f in findings:
        groups.setdefault(f.kind if f.problem is None else f"{f.kind}:{f.message(lang)}", []).append(f)
    for group in groups.values():
        first = group[0]
        head = first.title(lang) if first.problem is None else first.message(lang)
        if len(group) >= 3 and len({f.message(lang) for f in group}) == 1:
            say(f"{head}: {first.message(lang)}:" if first.problem is None else f"{head}:", indent=2, hang=2)
            _places([f.who(lang) for f in group], width)
        else:
            say(f"{head}:", indent=2, hang=2)
            for f in group:
                who = f.who(lang)
                say(f"{who}: {f.message(lang)}" if who else f.message(lang), indent=4, hang=2)
        for fix in dict.fromkeys(f.fix(lang) for f in group):
            say(f"→ {fix}", indent=4, hang=2)


def _places(places: list[str], width: int) -> None:
    """Places after their message, separated by ";", indented: a line breaks between places, never inside one."""
    line = ""
    for k, place in enumerate(places):
        piece = place + (";" if k < len(places) - 1 else "")
        if line and 4 + len(line) + 1 + len(piece) > width:
            echo("    " + line, err=True)
            line = ""
        line = f"{line} {piece}" if line else piece
    if line:
        echo("    " + line, err=True)


def _problem_lines(problems: list[Any], lang: str, say: Any, width: int) -> None:
    """Each problem with its place; the same problem at three places or more: once, with the
    places after it (a line breaks between places, never inside one)."""
    from dwz.i18n import field_label

    groups: dict[str, list[Any]] = {}
    for p in problems:
        groups.setdefault(p.message(lang), []).append(p)
    for message, group in groups.items():
        places = [field_label(p.field, lang, "cli") for p in group]
        if len(group) < 3:
            for place in places:
                say(f"{place}: {message}", indent=2, hang=2)
            continue
        say(f"{message}:", indent=2, hang=2)
        _places(places, width)


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
