"""A complaint ready to send ("Reklamation"): from a cross-check with a difference or an implausible
value, a short polite letter to the tournament's Wertungsreferent — the tournament, the player, each
published value beside the recomputed one with the rule section, the Rechenweg, and what the player
asks for.  Plain text, or HTML that prints on one page (print CSS, nothing loaded from outside).

German by default (the recipient is the DSB's rating officer); English available.
"""

from __future__ import annotations

import html
from typing import Any

from dwz.portal.pagecheck import PageCheck, rating_text, row_label, title_of, value_text

__all__ = ["complaint_html", "complaint_text", "has_complaint"]


def has_complaint(check: Any) -> bool:
    """Whether a cross-check (of a page, or of the portal's answers) has a difference or an implausible value."""
    return bool(check.exit_code)


def _player(pc: PageCheck) -> str:
    from dwz.portal.pages import Card

    p = pc.page
    name = p.name if isinstance(p, Card) else p.player
    return name or "–"


def _recipient(pc: PageCheck) -> str | None:
    """The Wertungsreferent's name as the page shows it (the scoresheet's "Auswerter", the card's referee), without an address."""
    who = pc.page.referee
    if not who:
        return None
    name = who.split("/")[0].strip()
    return name or None


def _crosscheck_parts(cc: Any, lang: str) -> dict[str, Any]:
    """The parts of a complaint about an evaluation the portal's API published (:class:`~dwz.portal.crosscheck.CrossCheck`):
    each differing player with his values and Rechenweg, each implausible value."""
    from dwz.i18n import text
    from dwz.portal.crosscheck import field_label
    from dwz.portal.crosscheck import value_text as cc_value

    rows: list[dict[str, Any]] = []
    for pc in cc.players:
        if pc.status != "differ":
            continue
        pe = pc.ours
        label = f"{pc.no}. {pc.name}"
        before = "–" if pe.old_rating is None else f"{pe.old_rating}" + (f"-{pe.old_index}" if pe.old_index is not None else "")
        lines = [text("portal.rk.diff", lang, row=label, value=field_label(f.field, lang, cc.coefficient),
                      published=cc_value(f.field, f.portal, lang), ours=cc_value(f.field, f.ours, lang), rule=f.rule) for f in pc.differences]
        rows.append({"label": label, "title": "", "head": text("portal.rk.row", lang, row=label, title=pc.nu_id or pc.name, before=before),
                     "lines": lines, "steps": pe.rechenweg(lang), "assumptions": []})
    for f in cc.findings:
        rows.append({"label": f.where, "title": "", "head": "", "lines": [text("portal.rk.odd", lang, row=f.where, message=f.message(lang),
                                                                                 rule=f.rule)], "steps": [], "assumptions": []})
    t = cc.bundle.tournament
    players = ", ".join(dict.fromkeys(p.name for p in cc.players if p.status == "differ")) or "–"
    return _letter(t.label or t.uuid or "–", players, cc.bundle.name or cc.bundle.source or "–", None, rows, lang)


def _letter(tournament: str, player: str, source: str, who: str | None, rows: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    from dwz import __version__
    from dwz.i18n import text

    return {"subject": text("portal.rk.subject", lang, tournament=tournament),
            "greeting": text("portal.rk.greeting_named", lang, name=who) if who else text("portal.rk.greeting", lang),
            "intro": text("portal.rk.intro", lang), "tournament": text("portal.rk.tournament", lang, tournament=tournament),
            "player": text("portal.rk.player", lang, player=player),
            "source": text("portal.rk.source", lang, source=source, version=__version__), "rows": rows,
            "ask": text("portal.rk.ask", lang), "thanks": text("portal.rk.thanks", lang), "closing": text("portal.rk.closing", lang),
            "signature": text("portal.rk.signature", lang), "title": text("portal.rk.title", lang)}


def _parts(pc: Any, lang: str) -> dict[str, Any]:
    from dwz.i18n import text

    if not isinstance(pc, PageCheck):
        return _crosscheck_parts(pc, lang)

    rows: list[dict[str, Any]] = []
    for r in pc.rows:
        if r.status != "differ" and not r.findings:
            continue
        label = row_label(r.label, lang)
        lines = [text("portal.rk.diff", lang, row=label, value=text(f"portal.pc.value.{v.name}", lang),
                      published=value_text(v.name, v.published, lang), ours=value_text(v.name, v.ours, lang), rule=v.rule)
                 for v in r.differences]
        lines += [text("portal.rk.odd", lang, row=label, message=f.message(lang), rule=f.rule) for f in r.findings]
        steps = [s.render(lang) for s in r.steps] if r.status == "differ" else []
        head = text("portal.rk.row", lang, row=label, title=r.title or "Σ", before=rating_text(*r.r0) if r.r0 else "–")
        rows.append({"label": label, "title": r.title, "head": head, "lines": lines, "steps": steps,
                     "assumptions": [text("portal.rk.assumption", lang, text=text(a, lang)) for a in r.assumptions]})
    for f in pc.findings:
        rows.append({"label": row_label(f.where, lang), "title": "", "head": "", "lines": [text("portal.rk.odd", lang, row=row_label(f.where, lang), message=f.message(lang), rule=f.rule)],
                     "steps": [], "assumptions": []})
    return _letter(title_of(pc), _player(pc), pc.page.source, _recipient(pc), rows, lang)


def _step_line(s: dict[str, Any]) -> str:
    calc = f"; {s['calculation']}" if s.get("calculation") else ""
    mark = " *" if s.get("assumption") else ""
    return f"{s['title']} ({s['rule']}){mark}: {s['formula']}{calc}" if s.get("formula") else f"{s['title']} ({s['rule']}){mark}{calc}"


def complaint_text(pc: Any, lang: str = "de") -> str:
    """The complaint about a page check (:class:`PageCheck`) or a cross-check of the portal's answers, as plain text."""
    from dwz.i18n import text

    p = _parts(pc, lang)
    out = [p["subject"], "", p["greeting"], "", p["intro"], "", p["tournament"], p["player"], p["source"], ""]
    for r in p["rows"]:
        if r["head"]:
            out.append(r["head"])
        out += [f"- {line}" for line in r["lines"]]
        if r["steps"]:
            out.append("  " + text("portal.rk.steps", lang, row=r["label"]))
            out += [f"    {i}. {_step_line(s)}" for i, s in enumerate(r["steps"], 1)]
        out += [f"  {a}" for a in r["assumptions"]]
    out += ["", p["ask"], "", p["thanks"], "", p["closing"], p["signature"], ""]
    return "\n".join(out)


_CSS = """@page { size: A4; margin: 18mm 18mm 16mm; }
body { font: 10.5pt/1.4 "Liberation Serif", "Times New Roman", serif; color: #000; max-width: 44em; margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 12.5pt; margin: 0 0 1em; }
p, ul { margin: 0 0 .7em; }
ul { padding-left: 1.2em; }
ol.steps { margin: .2em 0 .6em; padding-left: 1.6em; font-size: 9.5pt; }
.meta { margin-bottom: 1em; }
.meta p { margin: 0; }
.rule { white-space: nowrap; }
.sig { margin-top: 2.2em; }
@media print { body { margin: 0; max-width: none; padding: 0; } a { color: inherit; text-decoration: none; } }"""


def complaint_html(pc: Any, lang: str = "de") -> str:
    """The complaint as one self-contained HTML page that prints on one A4 page (a page check or a cross-check)."""
    from dwz.i18n import text

    p = _parts(pc, lang)
    e = html.escape
    body = [f"<h1>{e(p['subject'])}</h1>", f"<p>{e(p['greeting'])}</p>", f"<p>{e(p['intro'])}</p>",
            f'<div class="meta"><p>{e(p["tournament"])}</p><p>{e(p["player"])}</p><p>{e(p["source"])}</p></div>', "<ul>"]
    for r in p["rows"]:
        items = "".join(f"<li>{e(line)}</li>" for line in r["lines"])
        steps = ""
        if r["steps"]:
            steps = (f"<li>{e(text('portal.rk.steps', lang, row=r['label']))}<ol class=\"steps\">"
                     + "".join(f"<li>{e(_step_line(s))}</li>" for s in r["steps"]) + "</ol></li>")
        head = f"<li><strong>{e(r['head'])}</strong><ul>" if r["head"] else ""
        body.append(head + items + steps + "".join(f"<li>{e(a)}</li>" for a in r["assumptions"]) + ("</ul></li>" if r["head"] else ""))
    body += ["</ul>", f"<p>{e(p['ask'])}</p>", f"<p>{e(p['thanks'])}</p>",
             f'<p class="sig">{e(p["closing"])}<br>{e(p["signature"])}</p>']
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}">\n<head>\n<meta charset="utf-8">\n<title>{e(p["title"])}: {e(p["subject"])}</title>\n'
            f"<style>\n{_CSS}\n</style>\n</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")


