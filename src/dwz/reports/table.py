"""The evaluation table in the shape users know from the DSB:
Nr, Name, DWZ alt-Index, Altersgruppe, W/n, We, E or K, Niveau, Leistung,
DWZ neu-Index, Änderung, Bemerkungen."""

from __future__ import annotations

import io
from typing import Any

from dwz.core.tournament import PlayerEvaluation, TournamentEvaluation
from dwz.formats._common import CsvWriter
from dwz.i18n import fmt_num, fmt_rating, fmt_signed, term

__all__ = ["COLUMNS", "ELO_COLUMNS", "elo_rows", "evaluation_rows", "to_csv", "to_html"]

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


def to_csv(ev: TournamentEvaluation, lang: str = "de") -> str:
    """The table as CSV: ';' and decimal comma in German (spreadsheets), ',' in English."""
    buf = io.StringIO()
    cols = COLUMNS.get(lang, COLUMNS["de"])
    w = CsvWriter(buf, delimiter=";" if lang == "de" else ",")  # a name "=HYPERLINK(…)" stays text (OWASP)
    w.writerow(cols)
    for row in evaluation_rows(ev, lang):
        w.writerow([row[c] for c in cols])
    return buf.getvalue()


def to_html(ev: TournamentEvaluation, lang: str = "de", rechenweg: bool = True) -> str:
    """A standalone HTML page (no external resources) with the table and every Rechenweg."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(loader=PackageLoader("dwz.reports", "templates"), autoescape=select_autoescape(["html"]))
    tmpl = env.get_template("evaluation.html")
    data: dict[str, Any] = ev.to_dict(lang, steps=rechenweg)
    return tmpl.render(ev=data, columns=COLUMNS.get(lang, COLUMNS["de"]), rows=evaluation_rows(ev, lang), lang=lang,
                       elo_columns=ELO_COLUMNS.get(lang, ELO_COLUMNS["de"]), elo=elo_rows(ev, lang),
                       rules=term(ev.rules, lang), players=ev.players, rechenweg=rechenweg,
                       rw={pe.player.no: pe.rechenweg(lang) for pe in ev.players} if rechenweg else {})
