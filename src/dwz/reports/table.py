"""The evaluation table in the shape users know from the DSB:
Nr, Name, DWZ alt-Index, Altersgruppe, W/n, We, E or K, Niveau, Leistung,
DWZ neu-Index, Änderung, Bemerkungen."""

from __future__ import annotations

import io
from typing import Any

from dwz.core.tournament import PlayerEvaluation, TournamentEvaluation
from dwz.formats._common import CsvWriter
from dwz.i18n import fmt_num, fmt_rating, fmt_signed, term

__all__ = ["COLUMNS", "ELO_COLUMNS", "TEAM_COLUMNS", "check_sections", "elo_rows", "evaluation_rows", "team_tables", "to_csv",
           "to_html"]

COLUMNS: dict[str, tuple[str, ...]] = {
    "de": ("Nr", "Name", "DWZ alt", "AK", "W/n", "We", "E/K", "Niveau", "Leistung", "DWZ neu", "Diff.", "Bemerkung"),
    "en": ("No", "Name", "Old DWZ", "Age", "W/n", "We", "E/K", "Level", "Perf.", "New DWZ", "Change", "Remarks"),
}

_AGE_SHORT = {"de": {"youth": "J", "junior": "Jr", "adult": "E"}, "en": {"youth": "Y", "junior": "Jr", "adult": "A"}}


def remarks_text(pe: PlayerEvaluation, lang: str) -> str:
    parts = [term(f"remark.{r}", lang) for r in pe.remarks]
    parts += [r.message(lang) for r in pe.reasons]
    return "; ".join(parts)


def player_row(pe: PlayerEvaluation, lang: str) -> dict[str, str]:
    cols = COLUMNS.get(lang, COLUMNS["de"])
    if pe.coefficient is None:
        coeff = ""
    elif pe.coefficient_name == "E":
        coeff = str(int(pe.coefficient))
    else:
        coeff = fmt_num(pe.coefficient, ".1f", lang)
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
    return dict(zip(cols, values, strict=True))


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
            note = "; ".join(r.message(lang) for r in i.reasons)
            values = (str(pe.player.no), pe.player.name, "", "", f"{fmt_num(i.W, '.1f', lang)}/{i.n}", "", "",
                      "" if i.rating is None else f"({i.rating})", note)
        else:
            continue
        rows.append(dict(zip(cols, values, strict=True)))
    return rows


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


def to_csv(ev: TournamentEvaluation, lang: str = "de") -> str:
    """The table as CSV: ';' and decimal comma in German (spreadsheets), ',' in English."""
    buf = io.StringIO()
    cols = COLUMNS.get(lang, COLUMNS["de"])
    w = CsvWriter(buf, delimiter=";" if lang == "de" else ",")  # a name "=HYPERLINK(…)" stays text (OWASP)
    w.writerow(cols)
    for row in evaluation_rows(ev, lang):
        w.writerow([row[c] for c in cols])
    return buf.getvalue()


def to_html(ev: TournamentEvaluation, lang: str = "de", rechenweg: bool = True, check: Any = None) -> str:
    """A standalone HTML page (no external resources) with the table and every Rechenweg;
    ``check`` (a :class:`~dwz.reports.check.CheckReport`) adds the Prüfbericht."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(loader=PackageLoader("dwz.reports", "templates"), autoescape=select_autoescape(["html"]))
    tmpl = env.get_template("evaluation.html")
    data: dict[str, Any] = ev.to_dict(lang, steps=rechenweg)
    return tmpl.render(ev=data, columns=COLUMNS.get(lang, COLUMNS["de"]), rows=evaluation_rows(ev, lang), lang=lang,
                       elo_columns=ELO_COLUMNS.get(lang, ELO_COLUMNS["de"]), elo=elo_rows(ev, lang),
                       team_columns=TEAM_COLUMNS.get(lang, TEAM_COLUMNS["de"]), teams=team_tables(ev, lang),
                       rules=term(ev.rules, lang), players=ev.players, rechenweg=rechenweg,
                       rw={pe.player.no: pe.rechenweg(lang) for pe in ev.players} if rechenweg else {},
                       check=check_sections(check, lang) if check is not None else None)


def check_sections(report: Any, lang: str = "de") -> dict[str, Any]:
    """The Prüfbericht for a template: the summary and, per severity, its kinds with the rule,
    the fix(es) and each finding as (who, message)."""
    from dwz.i18n import text

    sections: list[dict[str, Any]] = []
    for severity, _kind, findings in report.groups():
        if not sections or sections[-1]["severity"] != severity:
            sections.append({"severity": severity, "title": text(f"check.section.{severity}", lang), "kinds": []})
        sections[-1]["kinds"].append({
            "title": findings[0].title(lang), "rule": findings[0].rule,
            "findings": [(f.who(lang), f.message(lang)) for f in findings],
            "who": any(f.who(lang) for f in findings),  # no empty column when no finding names a player or line
            "fixes": list(dict.fromkeys(f.fix(lang) for f in findings)),
        })
    return {"heading": text("check.heading", lang), "summary": report.summary(lang), "sections": sections,
            "clean": text("check.clean", lang) if not report.findings else None}
