"""The cross-check ("Gegenprüfung") on the terminal: the portal's table with a mark per player, the
differences with our Rechenweg and its rule sections, who was not compared and why.

Only translates; computes nothing (:mod:`dwz.portal.crosscheck` compares)."""

from __future__ import annotations

from typing import Any

from dwz.cli import layout
from dwz.core.editions import label
from dwz.i18n import fmt_date, text
from dwz.portal.crosscheck import MARKS, when_text

__all__ = ["crosscheck_lines", "print_crosscheck"]


def _cell(cc: Any, name: str, v: float | int | None, lang: str) -> str:
    from dwz.portal.crosscheck import value_text

    return "" if v is None else value_text(name, v, lang)


def _rating(r: int | float | None, i: int | float | None) -> str:
    if r is None:
        return ""
    return f"{int(r)}-{int(i)}" if i is not None else str(int(r))


def crosscheck_lines(cc: Any, lang: str, explain: bool = False, total: int | None = None) -> list[tuple[str, bool]]:
    """(line, bold) of the whole report."""
    from dwz.cli.render import step_lines

    w = total or layout.width()
    t = cc.bundle.tournament
    out: list[tuple[str, bool]] = []
    head = text("portal.cc.head", lang, name=t.label or t.uuid or "–", end=fmt_date(cc.evaluation.end, lang), rules=label(cc.rules, lang))
    out += [(line, True) for line in layout.wrap(head, w, hang=2)]
    calc = text("portal.cc.calculated", lang, when=when_text(t.last_calculated, lang)) if t.last_calculated else ""
    where = cc.bundle.name or cc.bundle.source or "–"
    meta = text("portal.cc.meta", lang, calculated=calc, retrieved=when_text(cc.bundle.retrieved, lang), where=where)
    out += [(line, False) for line in layout.wrap(meta, w, hang=2)]
    out += [(line, False) for line in layout.wrap(text("portal.precision", lang, coefficient=cc.coefficient), w, hang=2)]
    out.append(("", False))
    cols = [layout.Column(text("cli.col.no", lang)), layout.Column(text("portal.col.name", lang), "left", flex=True),
            layout.Column(text("portal.col.old", lang)), layout.Column("W"), layout.Column("n"), layout.Column("We", priority=2),
            layout.Column(cc.coefficient, priority=3), layout.Column(text("portal.field.Rc", lang), priority=5),
            layout.Column(text("portal.field.performance", lang), priority=4), layout.Column(text("portal.col.new", lang)),
            layout.Column("", "left")]
    rows = []
    for pc in cc.players:
        by = {f.field: f for f in pc.fields}

        def v(name: str, by: dict[str, Any] = by) -> float | int | None:
            f = by.get(name)
            return f.portal if f is not None else None

        pe = pc.ours
        rows.append([str(pc.no), pc.name, _rating(pe.old_rating, pe.old_index), _cell(cc, "W", v("W"), lang), _cell(cc, "n", v("n"), lang),
                     _cell(cc, "We", v("We"), lang), _cell(cc, "K", v("K"), lang), _cell(cc, "Rc", v("Rc"), lang),
                     _cell(cc, "performance", v("performance"), lang), _rating(v("new_rating"), v("new_index")), MARKS[pc.status]])
    table = layout.table(cols, rows, w)
    out += [(line, False) for line in table.lines]
    if table.hidden:
        out += [(line, False) for line in layout.wrap(text("cli.columns_hidden", lang, columns=", ".join(table.hidden)), w, hang=2)]
    out += [(line, False) for line in layout.wrap(text("portal.cc.legend", lang), w, hang=2)]
    out.append(("", False))
    summary = text("portal.cc.summary", lang, players=len(cc.players), agree=cc.count("agree"), differ=cc.count("differ"),
                   none=cc.count("not_compared"))
    out += [(line, True) for line in layout.wrap(summary, w, hang=2)]
    if cc.findings:
        out += [("", False), (text("portal.pc.findings", lang), True)]
        for f in cc.findings:
            out += [(line, False) for line in layout.wrap(f"{f.where}: {f.message(lang)} ({f.rule})", w, indent=2, hang=2)]
    differing = [pc for pc in cc.players if pc.status == "differ"]
    if differing:
        out += [("", False), (text("portal.cc.differences", lang), True)]
    for pc in differing:
        out.append(("", False))
        who = f"{pc.no}. {pc.name}" + (f" ({pc.nu_id})" if pc.nu_id and pc.nu_id != pc.name else "")
        out += [(line, True) for line in layout.wrap(who, w, hang=2)]
        for f in pc.differences:
            line = text("portal.cc.diff", lang, field=_label(f.field, cc.coefficient, lang), portal=_cell(cc, f.field, f.portal, lang),
                        ours=_cell(cc, f.field, f.ours, lang) or "–", rule=f.rule)
            out += [(x, False) for x in layout.wrap(line, w, indent=2, hang=2)]
        wrong_games = [g for g in pc.games if not g["agree"]]
        if wrong_games and any(f.field == "We" for f in pc.differences):
            for g in wrong_games:
                line = text("portal.cc.game", lang, round=g["round"], portal=_p(g["portal"], lang), ours=_p(g["dwz"], lang),
                            opp=g["opponent_rating"] if g["opponent_rating"] is not None else "–")
                out += [(x, False) for x in layout.wrap(line, w, indent=2, hang=2)]
        out += [(line, bool(style and style.get("bold"))) for line, style in step_lines(list(pc.ours.steps), lang, w)[1:]]
    if explain:
        for pc in cc.players:
            if pc.status == "differ":
                continue
            out += [("", False), *((line, True) for line in layout.wrap(f"{pc.no}. {pc.name}", w, hang=2))]
            out += [(line, bool(style and style.get("bold"))) for line, style in step_lines(list(pc.ours.steps), lang, w)[1:]]
    skipped = [pc for pc in cc.players if pc.status == "not_compared"]
    if skipped:
        out += [("", False), (text("portal.cc.not_compared", lang), True)]
        for pc in skipped:
            why = "; ".join(r.message(lang) for r in pc.reasons)
            out += [(line, False) for line in layout.wrap(f"{pc.no}. {pc.name}: {why}", w, indent=2, hang=2)]
    if cc.built.notes:
        out += [("", False), (text("portal.cc.notes", lang), True)]
        for n in cc.built.notes:
            out += [(line, False) for line in layout.wrap(n.message(lang), w, indent=2, hang=2)]
    return out


def _label(name: str, coefficient: str, lang: str) -> str:
    from dwz.portal.crosscheck import field_label

    return field_label(name, lang, coefficient)


def _p(v: float | None, lang: str) -> str:
    from dwz.i18n import fmt_num

    return "–" if v is None else fmt_num(v, ".6f", lang)


def print_crosscheck(cc: Any, lang: str, explain: bool = False) -> None:
    for line, bold in crosscheck_lines(cc, lang, explain):
        layout.echo(line, **({"bold": True} if bold else {}))


# --- the public pages (dwz portal gegenpruefung --seite) ---------------------------------------------


def _v(r: Any, name: str) -> Any:
    return next((v for v in r.values if v.name == name), None)


def pagecheck_lines(pc: Any, lang: str, explain: bool = False, total: int | None = None) -> list[tuple[str, bool]]:
    """(line, bold) of a page's cross-check: the rows with their marks, the differences with the
    Rechenweg, the implausible values with their rules, the assumptions."""
    from dwz.cli.render import step_lines
    from dwz.portal.pagecheck import rating_text, row_label, value_text
    from dwz.portal.pages import Card

    w = total or layout.width()
    p = pc.page
    out: list[tuple[str, bool]] = []
    if isinstance(p, Card):
        head = text("portal.pc.head.card", lang, name=f" {p.name}" if p.name else "", rows=len(pc.rows))
    else:
        rules = next((r.rules for r in pc.rows if r.rules), None)
        head = text("portal.pc.head.scoresheet", lang, name=f" {p.player}" if p.player else "", tournament=p.tournament or "–",
                    end=fmt_date(p.end, lang) if p.end else "–", rules=label(rules, lang) if rules else "–")
    out += [(line, True) for line in layout.wrap(head, w, hang=2)]
    out += [(line, False) for line in layout.wrap(text("portal.pc.meta", lang, file=p.source), w, hang=2)]
    out.append(("", False))
    rows = []
    if isinstance(p, Card):
        cols = [layout.Column(text("portal.pc.col.row", lang), "left"), layout.Column(text("portal.pc.col.title.card", lang), "left", flex=True),
                layout.Column(text("portal.pc.col.before", lang), priority=3), layout.Column("E/K", priority=2),
                layout.Column(text("portal.pc.col.published", lang)), layout.Column(text("portal.pc.col.ours", lang)), layout.Column("", "left")]
        by_line = {(f"Nr. {row.no}" if row.no != "AKT" else "AKT"): row for row in p.rows}
        for r in pc.rows:
            row = by_line.get(r.label)
            rv, iv = _v(r, "rating"), _v(r, "index")
            ours = rating_text(rv.ours if rv else None, iv.ours if iv else None)
            coeff = "" if row is None or row.coefficient is None else value_text("coefficient", row.coefficient, lang)
            rows.append([row_label(r.label, lang), r.title, rating_text(*r.r0) if r.r0 else "", coeff,
                         rating_text(row.rating, row.index) if row else "", ours, MARKS[r.status] + (" !" if r.findings else "")])
    else:
        cols = [layout.Column(text("portal.pc.col.row", lang), "left"), layout.Column(text("portal.pc.col.title.scoresheet", lang), "left", flex=True),
                layout.Column("DWZ"), layout.Column(text("portal.pc.value.W", lang)), layout.Column(f"We {text('portal.pc.col.published', lang)}"),
                layout.Column(f"We {text('portal.pc.col.ours', lang)}"), layout.Column("", "left")]
        games = {f"Runde {g.round}": g for g in p.games}
        for r in pc.rows:
            g = games.get(r.label)
            if g is not None:
                pv = _v(r, "P")
                rows.append([row_label(r.label, lang), g.opponent, "" if g.opponent_rating is None else str(g.opponent_rating), g.result_text,
                             value_text("P", g.we_shown, lang), value_text("P", pv.ours if pv else None, lang), MARKS[r.status]])
            else:
                wv, rc, we = _v(r, "W"), _v(r, "Rc"), _v(r, "We")
                def pair(v: Any, name: str) -> str:
                    if v is None:
                        return ""
                    return value_text(name, v.published, lang) + ("" if v.agree else f" ≠ {value_text(name, v.ours, lang)}")
                rows.append([r.label, "", pair(rc, "Rc"), pair(wv, "W"), value_text("We", we.published if we else None, lang),
                             value_text("We", we.ours if we else None, lang), MARKS[r.status] + (" !" if r.findings else "")])
    table = layout.table(cols, rows, w)
    out += [(line, False) for line in table.lines]
    if table.hidden:
        out += [(line, False) for line in layout.wrap(text("cli.columns_hidden", lang, columns=", ".join(table.hidden)), w, hang=2)]
    out += [(line, False) for line in layout.wrap(text("portal.pc.legend", lang), w, hang=2)]
    out.append(("", False))
    summary = text("portal.pc.summary", lang, rows=len(pc.rows), agree=pc.count("agree"), differ=pc.count("differ"),
                   none=pc.count("not_compared"), findings=len(pc.all_findings))
    out += [(line, True) for line in layout.wrap(summary, w, hang=2)]
    differing = [r for r in pc.rows if r.status == "differ"]
    if differing:
        out += [("", False), (text("portal.pc.differences", lang), True)]
    for r in differing:
        out.append(("", False))
        out += [(line, True) for line in layout.wrap(f"{row_label(r.label, lang)}: {r.title}".rstrip(": "), w, hang=2)]
        for v in r.differences:
            line = text("portal.pc.diff", lang, value=text(f"portal.pc.value.{v.name}", lang), published=value_text(v.name, v.published, lang),
                        ours=value_text(v.name, v.ours, lang), rule=v.rule)
            out += [(x, False) for x in layout.wrap(line, w, indent=2, hang=2)]
        out += [(line, bool(style and style.get("bold"))) for line, style in step_lines(list(r.steps), lang, w)[1:]]
    if explain:
        for r in pc.rows:
            if r.status == "agree" and r.steps:
                out += [("", False), *((line, True) for line in layout.wrap(f"{row_label(r.label, lang)}: {r.title}".rstrip(": "), w, hang=2))]
                out += [(line, bool(style and style.get("bold"))) for line, style in step_lines(list(r.steps), lang, w)[1:]]
    if pc.all_findings:
        out += [("", False), (text("portal.pc.findings", lang), True)]
        for f in pc.all_findings:
            out += [(line, False) for line in layout.wrap(f"{row_label(f.where, lang)}: {f.message(lang)} ({f.rule})", w, indent=2, hang=2)]
    notes = {key: [row_label(r.label, lang) for r in pc.rows if key in r.assumptions] for r0 in pc.rows for key in r0.assumptions}
    skipped: dict[str, list[str]] = {}
    for r in pc.rows:
        if r.status == "not_compared" and r.reason:
            skipped.setdefault(r.reason, []).append(row_label(r.label, lang))
    if skipped:
        out += [("", False), (text("portal.pc.not_compared", lang), True)]
        for key, labels in skipped.items():
            out += [(line, False) for line in layout.wrap(f"{', '.join(labels)}: {text(key, lang)}", w, indent=2, hang=2)]
    if notes:
        out += [("", False), (text("portal.pc.assumptions", lang), True)]
        for key, labels in notes.items():
            out += [(line, False) for line in layout.wrap(f"{', '.join(labels)}: {text(key, lang)}", w, indent=2, hang=2)]
    return out


def print_pagecheck(pc: Any, lang: str, explain: bool = False) -> None:
    for line, bold in pagecheck_lines(pc, lang, explain):
        layout.echo(line, **({"bold": True} if bold else {}))
