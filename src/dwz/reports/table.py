"""The evaluation table in the shape users know from the DSB:
Nr, Name, DWZ alt-Index, Altersgruppe, W/n, We, E or K, Niveau, Leistung,
DWZ neu-Index, Änderung, Bemerkungen."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from dwz.core.editions import coefficient_editions, label
from dwz.core.tournament_records import PlayerEvaluation, TournamentEvaluation
from dwz.formats._common import CsvWriter
from dwz.formats.own import CSV_CLUB
from dwz.formats.own import CSV_COLUMNS as _OWN_CSV_COLUMNS
from dwz.i18n import fmt_coefficient, fmt_num, fmt_rating, fmt_signed, term

__all__ = ["CLUB_COLUMN", "COLUMNS", "CSV_COLUMNS", "ELO_COLUMNS", "TEAM_COLUMNS", "check_sections", "csv_rows", "elo_legend", "elo_rows", "evaluation_rows",
           "has_clubs", "legend", "table_columns", "team_tables", "to_csv", "to_html"]

COLUMNS: dict[str, tuple[str, ...]] = {
    "de": ("Nr", "Name", "DWZ alt", "AK", "W/n", "We", "E/K", "Niveau", "Leistung", "DWZ neu", "Diff.", "Bemerkung"),
    "en": ("No", "Name", "Old DWZ", "Age", "W/n", "We", "E/K", "Level", "Perf.", "New DWZ", "Change", "Remarks"),
}

_AGE_SHORT = {"de": {"youth": "J", "junior": "Jr", "adult": "E"}, "en": {"youth": "Y", "junior": "Jr", "adult": "A"}}

#: The club (Verein) of the tournament file, after the name — in the table, the CSV and on the terminal
#: when a player has one (a file without clubs gets no empty column); the CSV's title, one place.
CLUB_COLUMN = CSV_CLUB


def has_clubs(ev: TournamentEvaluation) -> bool:
    return any(pe.player.club for pe in ev.players)


def table_columns(ev: TournamentEvaluation, lang: str = "de") -> tuple[str, ...]:
    """The titles of :func:`player_row` to show for ``ev``: :data:`COLUMNS`, with the club after the name
    when a player has one."""
    cols = COLUMNS.get(lang, COLUMNS["de"])
    return (*cols[:2], CLUB_COLUMN.get(lang, CLUB_COLUMN["de"]), *cols[2:]) if has_clubs(ev) else cols


def remarks_text(pe: PlayerEvaluation, lang: str) -> str:
    parts = [term(f"remark.{r}", lang) for r in pe.remarks]
    parts += [r.message(lang) for r in pe.reasons]
    return "; ".join(parts)


def player_row(pe: PlayerEvaluation, lang: str) -> dict[str, str]:
    cols = COLUMNS.get(lang, COLUMNS["de"])
    coeff = fmt_coefficient(pe.coefficient, pe.coefficient_name, lang)
    old = fmt_rating(pe.old_rating, pe.old_index, empty="")
    if pe.status == "foreign":
        old += " (FIDE)"
    new = fmt_rating(pe.new_rating, pe.new_index, empty="")
    if pe.new_rating is not None and not pe.published:
        new = f"({new})"
    values = (
        str(pe.player.no),
        pe.player.name,
        old,
        _AGE_SHORT.get(lang, _AGE_SHORT["de"])[pe.age_group.value] + ("?" if pe.age_assumed else ""),
        f"{fmt_num(pe.W, '.1f', lang)}/{pe.n}" if pe.n else "",
        "" if pe.We is None else fmt_num(pe.We, ".3f", lang),
        coeff,
        "" if pe.Rc is None else str(pe.Rc),
        "" if pe.performance is None else str(pe.performance),
        new,
        fmt_signed(pe.change, lang=lang, empty=""),
        remarks_text(pe, lang),
    )
    return {**dict(zip(cols, values, strict=True)), CLUB_COLUMN.get(lang, CLUB_COLUMN["de"]): pe.player.club or ""}


ELO_COLUMNS: dict[str, tuple[str, ...]] = {
    "de": ("Nr", "Name", "Elo", "K", "W/n", "We", "Änderung", "Elo neu", "Bemerkung"),
    "en": ("No", "Name", "Elo", "K", "W/n", "We", "Change", "New Elo", "Remarks"),
}


def elo_rows(ev: TournamentEvaluation, lang: str = "de") -> list[dict[str, str]]:
    """FIDE Elo of the same tournament: the change of each rated player (rounded once per
    rating period — shown exact here, since other events of the period may add to it) and
    the initial-rating progress of unrated players (B.02 §7.1.4, §8.2)."""
    cols = ELO_COLUMNS.get(lang, ELO_COLUMNS["de"])
    rows = []
    for pe in ev.players:
        e, i = pe.elo, pe.elo_initial
        if e is not None:
            values = (str(pe.player.no), pe.player.name, str(e.rating), str(e.K), f"{fmt_num(e.W, '.1f', lang)}/{e.n}",
                      fmt_num(e.We, ".2f", lang), fmt_num(e.change, "+.2f", lang), str(e.new_rating), "")
        elif i is not None and i.n:
            note = "; ".join(_elo_reason(r, lang) for r in i.reasons)
            values = (str(pe.player.no), pe.player.name, "", "", f"{fmt_num(i.W, '.1f', lang)}/{i.n}", "", "",
                      "" if i.rating is None else f"({i.rating})", note)
        else:
            continue
        rows.append(dict(zip(cols, values, strict=True)))
    return rows


def _elo_reason(p: Any, lang: str) -> str:
    """An initial-rating reason in Elo words (the engine shares "0 %" with the first DWZ)."""
    from dwz.basics.errors import Problem

    return Problem(p.field, "elo_first_zero", p.value, p.params).message(lang) if p.code == "first_zero" else p.message(lang)


def evaluation_rows(ev: TournamentEvaluation, lang: str = "de") -> list[dict[str, str]]:
    """One dict per player, keys = the column titles of ``lang``."""
    return [player_row(pe, lang) for pe in ev.players]


TEAM_COLUMNS: dict[str, tuple[str, ...]] = {
    "de": ("Brett", "Nr", "Name", "DWZ alt", "W/n", "We", "Leistung", "DWZ neu", "Diff."),
    "en": ("Board", "No", "Name", "Old DWZ", "W/n", "We", "Perf.", "New DWZ", "Change"),
}
# the team table's cells are those of the main table's row (the same formatting, one place)
_FROM_ROW = (None, 0, 1, 2, 4, 5, 8, 9, 10)


def team_tables(ev: TournamentEvaluation, lang: str = "de") -> list[dict[str, Any]]:
    """Team competitions: per team (lineup order) its number, name, rated points/games and one row per board."""
    cols = COLUMNS.get(lang, COLUMNS["de"])
    tcols = TEAM_COLUMNS.get(lang, TEAM_COLUMNS["de"])
    out = []
    for te in ev.teams():
        rows = []
        for board, pe in enumerate(te.players, 1):
            row = player_row(pe, lang)
            rows.append(dict(zip(tcols, [str(board) if i is None else row[cols[i]] for i in _FROM_ROW], strict=True)))
        out.append({"no": te.team.no, "name": te.team.name, "total": f"{fmt_num(te.W, '.1f', lang)}/{te.n}", "rows": rows})
    return out


CSV_COLUMNS = _OWN_CSV_COLUMNS  # written once, in dwz.formats.own: a result table given as a tournament file is recognised by it


def _csv_num(value: float | int | None, spec: str, lang: str) -> str:
    """A number as a spreadsheet in ``lang`` reads it: decimal comma in German, ASCII '-'
    (Excel takes U+2212 for text), no thousands separator."""
    if value is None:
        return ""
    s = format(value, spec)
    return s.replace(".", ",") if lang == "de" else s


def csv_rows(ev: TournamentEvaluation, lang: str = "de") -> list[list[str]]:
    """The table for a spreadsheet: one value per cell, every number a number — the DWZ and
    its index in columns of their own ("2096-12" would be read as a date), W and n apart; the
    club after the name when a player has one."""
    out = []
    clubs = has_clubs(ev)
    for pe in ev.players:
        coeff = fmt_coefficient(pe.coefficient, pe.coefficient_name, lang, _csv_num)
        start = term("status.foreign", lang) if pe.status == "foreign" else ("DWZ" if pe.old_rating is not None else "")
        out.append([
            str(pe.player.no), pe.player.name, *([pe.player.club or ""] if clubs else []), _csv_num(pe.old_rating, "d", lang), _csv_num(pe.old_index, "d", lang), start,
            _AGE_SHORT.get(lang, _AGE_SHORT["de"])[pe.age_group.value] + ("?" if pe.age_assumed else ""),
            _csv_num(pe.W, ".1f", lang) if pe.n else "", str(pe.n) if pe.n else "",
            "" if pe.We is None else _csv_num(pe.We, ".3f", lang), coeff, _csv_num(pe.Rc, "d", lang),
            _csv_num(pe.performance, "d", lang), _csv_num(pe.new_rating, "d", lang), _csv_num(pe.new_index, "d", lang),
            "" if pe.change is None else _csv_num(pe.change, "+d", lang).replace("+0", "0"),
            "" if pe.new_rating is None else _yes_no(pe.published, lang), remarks_text(pe, lang),
        ])
    return out


def _yes_no(v: bool, lang: str) -> str:
    return ("ja" if v else "nein") if lang == "de" else ("yes" if v else "no")


def to_csv(ev: TournamentEvaluation, lang: str = "de") -> str:
    """The table as CSV for a spreadsheet: in German ';' and the decimal comma (German Excel),
    in English ',' and the point; every number a number (:func:`csv_rows`), a name Excel would
    run as a formula written as text (OWASP, :func:`dwz.formats._common.csv_safe`).  Write it
    as UTF-8 with a BOM (``utf-8-sig``): Excel reads the umlauts then."""
    buf = io.StringIO()
    w = CsvWriter(buf, delimiter=";" if lang == "de" else ",")
    cols = CSV_COLUMNS.get(lang, CSV_COLUMNS["de"])
    w.writerow((*cols[:2], CSV_CLUB.get(lang, CSV_CLUB["de"]), *cols[2:]) if has_clubs(ev) else cols)
    for row in csv_rows(ev, lang):
        w.writerow(row)
    return buf.getvalue()


def elo_legend(rows: list[dict[str, str]], lang: str = "de") -> list[str]:
    """What "(1745)" in the Elo table means, if it occurs."""
    from dwz.i18n import text

    cols = ELO_COLUMNS.get(lang, ELO_COLUMNS["de"])
    return [text("report.legend.elo_initial", lang)] if any(r[cols[7]].startswith("(") for r in rows) else []


def legend(rows: list[dict[str, str]], lang: str = "de", hidden: Iterable[str] = ()) -> list[str]:
    """What the codes in ``rows`` (of :func:`evaluation_rows`) mean — only those that occur:
    the age groups, "?" for an assumed one, "(FIDE)" for a FIDE Elo as the starting value,
    "(…)" for a rating that is not published."""
    from dwz.i18n import text

    cols = COLUMNS.get(lang, COLUMNS["de"])
    out = []
    ages = {r[cols[3]] for r in rows} if cols[3] not in hidden else set()
    if ages - {""}:
        out.append(text("report.legend.age", lang))
    if any(a.endswith("?") for a in ages):
        out.append(text("report.legend.age_assumed", lang))
    if any("(FIDE)" in r[cols[2]] for r in rows):
        out.append(text("report.legend.fide", lang))
    if any(r[cols[9]].startswith("(") for r in rows):
        out.append(text("report.legend.unpublished", lang))
    return out


def to_html(ev: TournamentEvaluation, lang: str = "de", rechenweg: bool = True, check: Any = None, notes: bool = False) -> str:
    """A standalone HTML page (no external resources, no script) in one language: the table
    with a legend of its codes, teams, FIDE Elo, the Prüfbericht (``check``, a
    :class:`~dwz.reports.findings.CheckReport`) and every player's Rechenweg — on a phone the
    tables scroll in their own box, printed the Rechenweg is open.  The readers' notes on the
    file's internals (a cut-off TRF's missing lines) are left out unless ``notes``."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    from dwz.i18n import calculation_line, fmt_date, text

    env = Environment(loader=PackageLoader("dwz.reports", "templates"), autoescape=select_autoescape(["html"]))
    tmpl = env.get_template("evaluation.html")
    t = ev.tournament
    cols = COLUMNS.get(lang, COLUMNS["de"])
    shown = table_columns(ev, lang)
    rows = evaluation_rows(ev, lang)
    elo = elo_rows(ev, lang)
    meta = " · ".join(x for x in (text("report.end", lang, end=fmt_date(ev.end, lang)), t.code, label(ev.rules, lang),
                                  text("cli.n_players", lang, n=len(ev.players))) if x)
    texts = {k: text(f"report.{k}", lang) for k in ("title", "table", "teams", "elo", "notes", "rechenweg", "assumption",
                                                      "footer", "scroll_hint")}
    rw: dict[int, list[dict[str, Any]]] = {}
    if rechenweg:
        for pe in ev.players:
            steps = pe.rechenweg(lang)
            rw[pe.player.no] = [{**s, "calculation": calculation_line(s["calculation"]) if s["calculation"] else ""} for s in steps]
    report = check
    if report is not None and not notes:  # the file's internals stay out of a published page
        from dataclasses import replace

        report = replace(report, findings=tuple(f for f in report.findings if f.kind != "file"))
    shown_notes = [f"{n.message(lang)}" for n in (*ev.warnings, *t.notes)] if notes and check is None else []
    sonder = ""
    if ev.sonderwertung_players:
        sonder = text("cli.sonderwertung", lang, names=", ".join(ev.player(no).player.name for no in ev.sonderwertung_players))
    return tmpl.render(
        lang=lang, name=t.name or "–", meta=meta, t=texts, columns=shown, rows=rows, legend=legend(rows, lang),
        text_columns=(cols[1], cols[3], CLUB_COLUMN.get(lang, CLUB_COLUMN["de"])), remark_column=cols[11],
        abbr={cols[3]: text("report.abbr.age", lang), cols[6]: text("report.abbr.coef", lang, **coefficient_editions()), cols[5]: text("report.abbr.we", lang)},
        elo_columns=ELO_COLUMNS.get(lang, ELO_COLUMNS["de"]), elo=elo, elo_legend=elo_legend(elo, lang),
        team_columns=TEAM_COLUMNS.get(lang, TEAM_COLUMNS["de"]), teams=team_tables(ev, lang), sonderwertung=sonder,
        players=ev.players, rechenweg=rechenweg, rw=rw, notes=shown_notes,
        check=check_sections(report, lang) if report is not None else None)


def check_sections(report: Any, lang: str = "de") -> dict[str, Any]:
    """The Prüfbericht for a template: the summary and, per severity, its kinds with the rule,
    the fix(es) and their findings as (who, message) — a file problem repeated many times as
    its count and first examples (:func:`dwz.reports.findings.condense`)."""
    from dwz.i18n import text
    from dwz.reports.findings import condense

    sections: list[dict[str, Any]] = []
    for severity, _kind, findings in report.groups():
        if not sections or sections[-1]["severity"] != severity:
            sections.append({"severity": severity, "title": text(f"check.section.{severity}", lang), "kinds": []})
        parts = [{"head": part.head(lang), "findings": [(f.who(lang), f.message(lang)) for f in part.shown],
                  "more": text("cli.summary_more", lang, n=part.more) if part.more else None} for part in condense(findings)]
        sections[-1]["kinds"].append({
            "title": findings[0].title(lang), "rule": findings[0].rule_in(lang),
            "findings": [(f.who(lang), f.message(lang)) for f in findings], "parts": parts,
            "who": any(f.who(lang) for f in findings),  # no empty column when no finding names a player or line
            "fixes": list(dict.fromkeys(f.fix(lang) for f in findings)),
        })
    return {"heading": text("check.heading", lang), "summary": report.summary(lang), "sections": sections,
            "clean": text("check.clean", lang) if not report.findings else None}
