"""The cross-check of a public portal page (:mod:`dwz.portal.pages`): every published value that
follows from values on the same page is recomputed with the rule code of its edition.

* A DWZ card: each row whose predecessor has a DWZ — an evaluation by its edition's Folge-DWZ
  (:func:`dwz.core.player.rate` on the row's W, n and We where the card shows the birth year, so
  that E or K is recomputed too; else the E or K shown, by the edition's ``folge_with``, said as an
  assumption), the Umstufung row by the registry's transition, the index + 1 (WO 2.2.4).  The
  edition is the registry's for the row's date: the card shows only the year, so the rows before
  and after a conversion row narrow it; if the year still leaves two editions, both are tried.
* A scoresheet: We per game and in sum from the opponents' DWZ by the edition for the
  tournament's end (WO 3.3.1), the points and the opponents' average (WO 3.6.2).

Each row: published, computed, ✓/≠, for ≠ the Rechenweg; and the plausibility of what is
published (:mod:`dwz.portal.plausibility`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from dwz.basics.rounding import round_half_up
from dwz.basics.steps import Step
from dwz.portal import plausibility as odd
from dwz.portal.pages import Card, CardRow, Scoresheet
from dwz.portal.plausibility import Finding

__all__ = ["PageCheck", "RowCheck", "Value", "check_page"]

_EPS = 1e-9
TOLERANCE = {"rating": 0.0, "index": 0.0, "coefficient": 0.05, "We": 0.0005, "W": 0.0, "Rc": 0.0}  # at the page's precision


@dataclass(frozen=True, slots=True)
class Value:
    """One published value against ours (``ours`` None: not recomputed)."""

    name: str  # "rating", "index", "coefficient", "We", "W", "Rc", "P"
    published: float | int | None
    ours: float | int | None
    rule: str
    compared: bool = True

    @property
    def agree(self) -> bool:
        if not self.compared:
            return True
        if self.published is None or self.ours is None:
            return self.published is None and self.ours is None
        return abs(float(self.published) - float(self.ours)) <= TOLERANCE.get(self.name, 0.0) + _EPS


@dataclass(frozen=True)
class RowCheck:
    """One row of the page: what it publishes, what follows from the page, the mark."""

    label: str  # "Nr. 10", "AKT", "Runde 3", "Σ"
    title: str  # the tournament (card) or the opponent (scoresheet)
    rules: str | None  # the edition's name
    values: tuple[Value, ...]
    status: str  # "agree", "differ", "not_compared"
    reason: str | None = None  # catalog key (portal.pc.why.*) of a row not compared
    assumptions: tuple[str, ...] = ()  # catalog keys (portal.pc.assume.*)
    steps: tuple[Step, ...] = ()
    findings: tuple[Finding, ...] = ()
    r0: tuple[int, int | None] | None = None  # the DWZ before (card: the predecessor's)

    @property
    def differences(self) -> tuple[Value, ...]:
        return tuple(v for v in self.values if v.compared and not v.agree)


@dataclass(frozen=True)
class PageCheck:
    page: Card | Scoresheet
    rows: tuple[RowCheck, ...]  # in the page's order (a card: newest first)
    findings: tuple[Finding, ...] = field(default=())  # of the page as a whole

    @property
    def kind(self) -> str:
        return self.page.kind

    def count(self, status: str) -> int:
        return sum(1 for r in self.rows if r.status == status)

    @property
    def all_findings(self) -> tuple[Finding, ...]:
        return (*self.findings, *(f for r in self.rows for f in r.findings))

    @property
    def exit_code(self) -> int:
        """0 every recomputed value agrees and nothing is implausible, 1 otherwise."""
        return 1 if self.count("differ") or self.all_findings else 0

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        from dwz.i18n import text

        p = self.page
        head: dict[str, Any] = {"kind": "portal_page_check", "format_version": 1, "page": p.kind, "file": p.source}
        if isinstance(p, Card):
            head.update(player=p.name, rating=p.rating, index=p.index, birth_year=p.birth_year, club=p.club, referee=p.referee)
        else:
            head.update(tournament=p.tournament, code=p.code, end=p.end.isoformat() if p.end else None, player=p.player,
                        rating=p.rating, referee=p.referee)
        head["summary"] = {"rows": len(self.rows), "agree": self.count("agree"), "differ": self.count("differ"),
                           "not_compared": self.count("not_compared"), "findings": len(self.all_findings)}
        head["rows"] = [{"label": r.label, "title": r.title, "rules": r.rules, "status": r.status,
                         "reason": text(r.reason, lang) if r.reason else None,
                         "assumptions": [text(a, lang) for a in r.assumptions],
                         "values": [{"name": v.name, "published": v.published, "dwz": v.ours, "compared": v.compared, "agree": v.agree,
                                     "rule": v.rule} for v in r.values],
                         "findings": [f.to_dict(lang) for f in r.findings],
                         **({"steps": [s.render(lang) for s in r.steps]} if r.status == "differ" else {})} for r in self.rows]
        head["findings"] = [f.to_dict(lang) for f in self.findings]
        return head


def check_page(page: Card | Scoresheet) -> PageCheck:
    return check_card(page) if isinstance(page, Card) else check_scoresheet(page)


# --- the card ---------------------------------------------------------------------------------------


def _label(row: CardRow) -> str:
    return row.no if row.no == "AKT" else f"Nr. {row.no}"


def _spans(card: Card) -> list[tuple[date, date]]:
    """Each row's possible end dates (oldest first): its year, cut by the conversion rows around it."""
    out = []
    for i, row in enumerate(card.rows):
        y = row.year or date.today().year
        lo, hi = date(y, 1, 1), date(y, 12, 31)
        if row.upgrade and row.day is not None:
            lo = hi = row.day
        else:
            for j, other in enumerate(card.rows):
                if other.upgrade and other.day is not None and other.day.year == y:
                    if j > i:
                        hi = min(hi, other.day - timedelta(days=1))
                    elif j < i:
                        lo = max(lo, other.day)
        out.append((lo, hi if hi >= lo else lo))
    return out


def check_card(card: Card) -> PageCheck:
    from dwz import rules

    spans = _spans(card)
    checks: list[RowCheck] = []
    for i, row in enumerate(card.rows):
        prev = card.rows[i - 1] if i else None
        lo, hi = spans[i]
        ed = rules.edition_at(hi)
        where = _label(row)
        findings = [f for f in (
            odd.negative_performance(where, row.performance),
            odd.rating_below_scale(where, row.rating, ed, "Umstufung 2026, WO 3.5.2" if row.upgrade else "WO 3.5.2"),
            odd.we_impossible(where, row.we, row.games),
            odd.coefficient_outside(where, row.coefficient, ed, prev.rating if prev else None, prev.index if prev else None),
            odd.index_not_next(where, prev.index if prev and prev.rating is not None else None, row.index),
            # a first DWZ (no DWZ before it) on a card that names no club: WO 3.4.3 gives a non-member none
            odd.non_member_rating(where, card.member if prev is None or prev.rating is None else None, row.rating),
        ) if f is not None]
        if row.upgrade:
            checks.append(_upgrade(row, prev, spans[i - 1][1] if i else None, findings))
        else:
            checks.append(_evaluation(card, row, prev, spans[i - 1][1] if i else None, lo, hi, findings))
    return PageCheck(card, tuple(reversed(checks)))


def _published(row: CardRow) -> list[Value]:
    return [Value("rating", row.rating, None, "WO 3.5.2", compared=False), Value("index", row.index, None, "WO 2.2.4", compared=False)]


def _upgrade(row: CardRow, prev: CardRow | None, prev_day: date | None, findings: list[Finding]) -> RowCheck:
    from dwz import rules

    assert row.day is not None
    title = row.tournament
    source, target = rules.scale_at(row.day - timedelta(days=1)), rules.scale_at(row.day)
    try:
        t = rules.transition(source, target)
    except LookupError:
        return RowCheck(_label(row), title, None, tuple(_published(row)), "not_compared", "portal.pc.why.no_transition",
                        findings=tuple(findings))
    if prev is None or prev.rating is None:
        return RowCheck(_label(row), title, t.name, tuple(_published(row)), "not_compared", "portal.pc.why.no_predecessor",
                        findings=tuple(findings))
    from dwz.core.player_explain import index_step

    conv = t.convert(prev.rating)
    istep = index_step(prev.index, True)
    values = (Value("rating", row.rating, conv.new, t.rule), Value("index", row.index, istep.values["result"], "WO 2.2.4"))
    status = "agree" if all(v.agree for v in values) else "differ"
    return RowCheck(_label(row), title, t.name, values, status, steps=(*conv.steps, istep), findings=tuple(findings),
                    r0=(prev.rating, prev.index))


def _evaluation(card: Card, row: CardRow, prev: CardRow | None, prev_day: date | None, lo: date, hi: date,
                findings: list[Finding]) -> RowCheck:
    from dwz import rules

    title = row.tournament
    if prev is None or prev.rating is None:
        return RowCheck(_label(row), title, rules.edition_for(hi), tuple(_published(row)), "not_compared",
                        "portal.pc.why.no_predecessor", findings=tuple(findings))
    if row.games is None or row.w_halves is None or row.we is None or row.rating is None:
        return RowCheck(_label(row), title, rules.edition_for(hi), tuple(_published(row)), "not_compared", "portal.pc.why.incomplete",
                        findings=tuple(findings), r0=(prev.rating, prev.index))
    names = list(dict.fromkeys((rules.edition_for(hi), rules.edition_for(lo))))
    tried = [_recompute(card, row, prev, prev_day, name, hi if k == 0 else lo) for k, name in enumerate(names)]
    best = next((t for t in tried if t.status == "agree"), tried[0])
    if len(names) > 1:
        best = RowCheck(best.label, best.title, best.rules, best.values, best.status, best.reason,
                        (*best.assumptions, "portal.pc.assume.edition"), best.steps, best.findings, best.r0)
    return RowCheck(best.label, best.title, best.rules, best.values, best.status, best.reason, best.assumptions, best.steps,
                    tuple(findings), best.r0)


def _recompute(card: Card, row: CardRow, prev: CardRow, prev_day: date | None, name: str, end: date) -> RowCheck:
    from dwz import rules
    from dwz.core.player import rate
    from dwz.core.player_explain import index_step

    assert prev.rating is not None and row.we is not None and row.games is not None and row.w_halves is not None
    ed = rules.get_edition(name)
    label, title = _label(row), row.tournament
    assumptions: list[str] = []
    own_scale = rules.scale_at(prev_day) if prev_day is not None else ed.SCALE
    # the birth year decides the age group (WO 3.2) — used where it can be right (not after the row's year)
    if card.birth_year is not None and row.year is not None and card.birth_year <= row.year and own_scale == ed.SCALE:
        rr = rate(prev.rating, index=prev.index, W=row.w_halves / 2, n=row.games, We=row.we, end=end, birth_year=card.birth_year,
                  rules=name, own_scale=own_scale)
        rn, idx, coeff, steps = rr.new_rating, rr.new_index, rr.coefficient, tuple(rr.steps)
        values = [Value("coefficient", row.coefficient, coeff, "WO Anhang 1.2" if ed.COEFFICIENT == "E" else "WO Anhang 1.3")]
        coefficient = float(coeff if coeff is not None else 0)
    else:
        if row.coefficient is None or own_scale != ed.SCALE:
            return RowCheck(label, title, name, tuple(_published(row)), "not_compared",
                            "portal.pc.why.scale" if own_scale != ed.SCALE else "portal.pc.why.no_coefficient", r0=(prev.rating, prev.index))
        assumptions.append("portal.pc.assume.coefficient_shown")
        out = ed.folge_with(prev.rating, row.coefficient, row.w_halves, row.games, ed.we_from_value(row.we))
        coefficient = row.coefficient
        istep = index_step(prev.index, True)
        agg = Step("core.aggregate", "WO 3.5.2", {"W": row.w_halves / 2, "n": row.games, "We": row.we, "result": row.w_halves / 2 - row.we})
        rn, idx, steps = out.new_rating, istep.values["result"], (agg, *out.steps, istep)
        values = []
    if rn != row.rating and ed.PER_GAME_DECIMALS > 3:
        # the card shows We to 3 decimals, the edition computes with more: a rating at the edge of that rounding still agrees
        near = {ed.folge_with(prev.rating, coefficient, row.w_halves, row.games, ed.we_from_value(row.we + d), False).new_rating
                for d in (-0.0005, 0.0005)}
        if row.rating in near:
            rn = row.rating
            assumptions.append("portal.pc.assume.we_rounded")
    values += [Value("rating", row.rating, rn, "WO 3.5.2"), Value("index", row.index, idx, "WO 2.2.4")]
    status = "agree" if all(v.agree for v in values) else "differ"
    return RowCheck(label, title, name, tuple(values), status, None, tuple(assumptions), steps, (), (prev.rating, prev.index))


# --- the scoresheet -----------------------------------------------------------------------------------


def check_scoresheet(sheet: Scoresheet) -> PageCheck:
    from dwz import rules
    from dwz.rules.common import average

    rows: list[RowCheck] = []
    page_findings: list[Finding] = []
    if sheet.end is None or sheet.rating is None:
        why = "portal.pc.why.no_end" if sheet.end is None else "portal.pc.why.no_rating"
        for g in sheet.games:
            rows.append(RowCheck(f"Runde {g.round}", g.opponent, None, (Value("P", g.we_shown, None, "WO 3.3.1", compared=False),),
                                 "not_compared", why))
        return PageCheck(sheet, tuple(rows))
    ed = rules.edition_at(sheet.end)
    name = rules.edition_for(sheet.end)
    own = sheet.rating
    counted = [g for g in sheet.games if g.w_halves is not None and g.opponent_rating is not None]
    opps = [g.opponent_rating for g in counted if g.opponent_rating is not None]
    ps, we = ed.expected_exact(own, opps)
    by_line = dict(zip((g.line for g in counted), ps, strict=True))
    for g in sheet.games:
        p = by_line.get(g.line)
        rows.append(RowCheck(f"Runde {g.round}", g.opponent, name, (Value("P", g.we_shown, None if p is None else round(p, 6), "WO 3.3.1",
                                                                         compared=False),),
                             "not_compared", "portal.pc.why.estimate" if p is not None else "portal.pc.why.not_counted"))
    we_f = ed.we_to_float(we)
    n = len(opps)
    w_halves = sum(g.w_halves for g in counted if g.w_halves is not None)
    rc = round_half_up(average(opps)) if opps else None
    candidates = (Value("W", None if sheet.total_w_halves is None else sheet.total_w_halves / 2, w_halves / 2, "WO 3.2"),
                  Value("Rc", sheet.total_rc, rc, "WO 3.6.2"), Value("We", sheet.total_we, round(we_f, 6), "WO 3.3.1"))
    values = tuple(v for v in candidates if v.published is not None)
    steps = (Step("core.W", "WO 3.2", {"n": n, "result": w_halves / 2}),
             Step("core.We", "WO 3.3.1, 3.3.2", {"R0": own, "games": [(o, own - o, p) for o, p in zip(opps, ps, strict=True)],
                                                 "decimals": ed.PER_GAME_DECIMALS, "result": we_f}, assumption=ed.expectation_assumed(own, opps)),
             *((Step("core.Rc", "WO 3.6.2", {"sum": sum(opps), "n": n, "exact": average(opps), "result": rc}),) if opps else ()))
    status = "agree" if all(v.agree for v in values) else "differ"
    found = [f for f in (odd.we_impossible("Σ", sheet.total_we, n), odd.rating_below_scale("DWZ", own, ed)) if f is not None]
    rows.append(RowCheck("Σ", "", name, values, status if values else "not_compared", None if values else "portal.pc.why.incomplete",
                         (), steps, tuple(found), (own, None)))
    return PageCheck(sheet, tuple(rows), tuple(page_findings))


# --- shown values -----------------------------------------------------------------------------------

_DECIMALS = {"We": 3, "P": 3, "W": 1}


def value_text(name: str, v: float | int | None, lang: str) -> str:
    """A value as the tables show it: We and P with 3 decimals, points with one, E/K whole or with one, the rest whole."""
    from dwz.i18n import fmt_num

    if v is None:
        return "–"
    if name == "coefficient":
        return fmt_num(float(v), ".0f" if float(v).is_integer() else ".1f", lang)
    dec = _DECIMALS.get(name, 0)
    return fmt_num(float(v), f".{dec}f", lang) if dec else str(round(float(v)))


def row_label(label: str, lang: str) -> str:
    """A row's label in ``lang``: "Nr. 10" / "No. 10", "Runde 3" / "Round 3"; "AKT", "Σ" and the rest as the page has them."""
    from dwz.i18n import text

    kind, _, n = label.partition(" ")
    key = {"Nr.": "portal.pc.label.no", "Runde": "portal.pc.label.round"}.get(kind)
    return text(key, lang, n=n) if key and n else label


def rating_text(r: int | None, i: int | None) -> str:
    return "" if r is None else (f"{r}-{i}" if i is not None else str(r))


def title_of(pc: PageCheck) -> str:
    """The tournament a complaint is about: the scoresheet's, or the card's rows that differ or are implausible."""
    p = pc.page
    if isinstance(p, Scoresheet):
        return p.tournament or p.code or "–"
    odd_rows = [r.title for r in pc.rows if r.status == "differ" or r.findings]
    return "; ".join(dict.fromkeys(odd_rows)) or "–"
