"""Human-readable terminal output of one result. Only translates results; computes nothing.

Plain lines fitted to the terminal's width (:mod:`dwz.cli.layout`): no padding after the
last character, no empty columns, nothing cut off; bold headings only on a terminal
(click drops the colour codes elsewhere).  Every text is the catalog's, in one language.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from dwz.cli import layout
from dwz.core.editions import label
from dwz.i18n import calculation_line, fmt_date, fmt_num, fmt_parts, fmt_rating, fmt_signed, render_step, term, text

__all__ = ["print_elo", "print_first", "print_rating", "print_readings", "print_scenarios", "print_steps", "print_umstufung", "step_lines"]


def _echo(line: str = "", style: dict[str, Any] | None = None) -> None:
    layout.echo(line, **(style or {}))


_BOLD = {"bold": True}
_DIM = {"dim": True}
_WARN = {"fg": "yellow"}


def _lines(lines: list[str], style: dict[str, Any] | None = None) -> None:
    for line in lines:
        _echo(line, style)


def _width() -> int:
    return layout.width()


def assumed_line(key: str, day: date | None, rules: str | None, lang: str) -> list[str]:
    """"Turnierende nicht angegeben: heute (14.09.2026) → WO 2026 …" — said whenever today stands in."""
    if day is None:
        return []
    return layout.wrap(text(key, lang, date=fmt_date(day, lang), rules=label(rules, lang) if rules else "–"), _width(), hang=2)


def step_lines(steps: list[Any], lang: str, total: int | None = None) -> list[tuple[str, dict[str, Any] | None]]:
    """The Rechenweg: each step's number, title and rule, its formula and the numbers put in,
    wrapped under the title."""
    w = total or _width()
    out: list[tuple[str, dict[str, Any] | None]] = [("", None), (text("rechenweg", lang), _BOLD)]
    marked = False
    for i, s in enumerate(steps, 1):
        r = render_step(s, lang)
        mark = " *" if r["assumption"] else ""
        marked = marked or bool(mark)
        out += [(line, None) for line in layout.wrap(f"{i:2d}. {r['title']}  ({r['rule']}){mark}", w, indent=0, hang=4)]
        if r["formula"]:
            out += [(line, None) for line in layout.wrap(r["formula"], w, indent=4, hang=2)]
        if r["calculation"]:
            out += [(line, None) for line in layout.wrap(calculation_line(r["calculation"]), w, indent=4, hang=2)]
    if marked:
        out += [(line, _DIM) for line in layout.wrap("* " + text("assumption_note", lang), w, hang=2)]
    return out


def print_steps(steps: list[Any], lang: str) -> None:
    for line, style in step_lines(steps, lang):
        _echo(line, style)


_OLD_SCALE = ("rating_old_scale", "rating_old_scale_more")


def old_scale_lines(result: Any, lang: str, total: int | None = None) -> list[str]:
    """The opponents' values the 2026 scale cannot hold (spec dwz-2026 §6): one block, every value
    with its conversion and the fix for the opponents — printed before the result, which may rest
    on them."""
    from dwz.i18n import field_label

    old = [p for p in getattr(result, "warnings", ()) if p.code in _OLD_SCALE]
    if not old:
        return []
    w = total or _width()
    values = [p for p in old if p.code == "rating_old_scale"]
    more = sum(int(p.value) for p in old if p.code == "rating_old_scale_more")
    floor = old[0].params.get("floor", 1100)
    out = layout.wrap(text("cli.old_scale_head", lang, count=len(values) + more, floor=floor), w, hang=2)
    items = [f"{field_label(p.field, lang, 'cli')} {p.value} → {p.params.get('converted', '?')}" for p in values]
    if more:
        items.append(text("cli.more", lang, n=more))
    out += layout.wrap(" · ".join(items), w, indent=2, hang=2)
    out += layout.wrap(text("cli.old_scale_fix", lang), w, indent=2, hang=2)
    return out


def warning_lines(result: Any, lang: str, total: int | None = None) -> list[str]:
    """Plausibility warnings, each with the input it is about in the user's words (the old-scale
    block is :func:`old_scale_lines`, printed before the result)."""
    from dwz.i18n import field_label

    w = total or _width()
    out: list[str] = []
    for p in getattr(result, "warnings", ()):
        if p.code in _OLD_SCALE:
            continue
        label = field_label(p.field, lang, "cli") if p.field else ""
        body = f"{label}: {p.message(lang)}" if label else p.message(lang)
        out += layout.wrap(f"{text('cli.warning_prefix', lang)}{body}", w, hang=2)
    return out


def _warnings(result: Any, lang: str) -> None:
    _lines(warning_lines(result, lang), _WARN)


def assumption_lines(result: Any, lang: str, total: int | None = None) -> list[str]:
    """What the result assumed where the input or the spec leaves it open (the Rechenweg's steps
    marked *): said with the short output too, each with what was taken — a number that rests on
    an assumption is never shown without it."""
    steps = getattr(result, "assumptions", ())
    if not steps:
        return []
    w = total or _width()
    out = layout.wrap(text("cli.assumptions_head", lang), w, hang=2)
    for s in steps:
        r = render_step(s, lang)
        said = r["calculation"] if len(r["formula"]) > 80 else ": ".join(x for x in (r["formula"], r["calculation"]) if x)
        out += layout.wrap(f"{r['title']} ({r['rule']}): {said}", w, indent=2, hang=2, first="  – ")
    return out


def _games_table(games: list[Any], lang: str, decimals: int) -> list[str]:
    """The per-game lines: number, opponent, result, D, P and why a game does not count
    (columns that no game fills are left out)."""
    if not games:
        return []
    cols = [layout.Column(text("cli.col.no", lang)), layout.Column(text("opponent", lang), "left", flex=True),
            layout.Column(text("result", lang), "left"), layout.Column("D"), layout.Column("P"),
            layout.Column(text("cli.col.remark", lang), "left", below=True)]
    rows = []
    for i, g in enumerate(games, 1):
        note = "" if g.counted else term(g.reason or "", lang)
        if getattr(g, "restpartie", False):
            note = "; ".join(x for x in (text("cli.restpartie", lang), note) if x)
        was = getattr(g, "converted_from", None)  # converted from the old scale: the value as typed too
        opp = "–" if g.opponent is None else (str(g.opponent) + (f" ({text('cli.scale_was', lang, value=was)})" if was is not None else "")
                                               + (f" {g.name}" if g.name else ""))
        rows.append([str(i), opp, g.result.code, "" if g.D is None else fmt_num(g.D, "d", lang),
                     "" if g.P is None else fmt_num(g.P, f".{decimals}f", lang), note])
    t = layout.table(cols, rows, _width())
    return ["", text("per_game", lang), *t.lines, *_hidden(t, lang)]


def _hidden(t: layout.Table, lang: str) -> list[str]:
    if not t.hidden:
        return []
    return layout.wrap(text("cli.columns_hidden", lang, columns=", ".join(t.hidden)), _width(), hang=2)


def coefficient_text(r: Any, lang: str) -> str:
    """The development factor with its parts, as the edition names and formats them (E with E0, fB, SBr;
    K with K0, a, b — :attr:`~dwz.rules.edition.Edition.COMPONENTS`); the factor alone where a part is missing."""
    ed = r.context.edition
    head = fmt_num(r.coefficient, ed.COEFFICIENT_FORMAT, lang)
    c = r.components
    if ed.COMPONENTS and all(name in c for name, _ in ed.COMPONENTS):
        head += f"  ({fmt_parts(ed.COMPONENTS, c, lang)})"
    return head


def reading_lines(readings: Any, lang: str, total: int | None = None) -> list[str]:
    """Both readings of an own DWZ whose scale is unsaid (issue 22 §3, :meth:`dwz.core.readings.Readings.texts`):
    the headline with both new DWZ, what each rests on, the option that settles it; the details that
    follow are the reading from after the Umstufung."""
    w = total or _width()
    say = readings.texts(lang)
    out = layout.wrap(say["head"], w, hang=2)
    out += layout.wrap(say["new"], w, indent=2, hang=2, first="  – ")
    out += layout.wrap(say["old"], w, indent=2, hang=2, first="  – ")
    out += layout.wrap(say["settle"], w, indent=2, hang=2)
    out += layout.wrap(say["details"], w, hang=2)
    return out


def print_readings(x: Any, lang: str, explain: bool, assumed_end: date | None = None) -> None:
    """A Folge-DWZ with both readings where the own DWZ's scale is in doubt (:class:`dwz.core.readings.Readings`)."""
    print_rating(x.result, lang, explain, assumed_end, readings=x if x.doubtful else None)


def print_rating(r: Any, lang: str, explain: bool, assumed_end: date | None = None, readings: Any = None) -> None:
    _lines(old_scale_lines(r, lang), _WARN)
    own = next((c for c in r.conversions if c.own), None)
    if readings is not None:  # the scale is in doubt: no single number is the headline (issue 22 §3)
        lines = reading_lines(readings, lang)
        _echo(lines[0], _BOLD)
        _lines(lines[1:])
    elif own is not None:  # the change is read against the converted value: the headline says which
        _headline(text("cli.converted_headline", lang, old=fmt_rating(own.old, own.old_index),
                       converted=fmt_rating(own.new, own.new_index), new=fmt_rating(r.new_rating, r.new_index),
                       change=fmt_signed(r.change)))
    else:
        _echo(f"{text('new_dwz', lang)}: {fmt_rating(r.new_rating, r.new_index)} ({fmt_signed(r.change)})", _BOLD)
    _lines(assumed_line("cli.end_assumed", assumed_end, r.rules, lang), _DIM)
    w = _width()
    rows = [
        (text("rules", lang), label(r.rules, lang)),
        (text("cli.old_dwz", lang), fmt_rating(r.old_rating, r.old_index)),
        (text("points", lang), f"{fmt_num(r.W, '.1f', lang)} / {r.n}"),
        (text("expected", lang), fmt_num(r.We, ".3f", lang)),
        (text("w_minus_we", lang), fmt_num(r.W - r.We, "+.3f", lang)),
        (text("niveau", lang), "–" if r.Rc is None else str(r.Rc)),
        (text("performance", lang), "–" if r.performance is None else str(r.performance)),
        (text("age_group", lang), term(r.age_group.value, lang)),
        (text(f"cli.coefficient.{r.coefficient_name}" if r.coefficient is not None else "cli.coefficient.none", lang),
         coefficient_text(r, lang) if r.coefficient is not None else text("cli.no_evaluation", lang)),
        (text("strength", lang), term(f"strength.{r.strength_class}", lang)),
    ]
    _lines(layout.pairs(rows, w))
    from dwz.rules import get_edition

    games = list(r.games)
    if games:
        # P as in the Rechenweg's We (three decimals; the 2026 edition computes with more)
        _lines(_games_table(games, lang, min(3, get_edition(r.rules).PER_GAME_DECIMALS)))
    elif not r.n:  # a card line (W, n, We) has no games to list; no game at all is said
        _lines(["", *layout.wrap(text("cli.no_games_rate", lang), w, hang=2)])
    _warnings(r, lang)
    if explain:
        print_steps(list(r.steps), lang)
    else:
        _lines(assumption_lines(r, lang), _DIM)


def print_first(r: Any, lang: str, explain: bool, assumed_end: date | None = None) -> None:
    w = _width()
    _lines(old_scale_lines(r, lang), _WARN)
    if r.eligible:
        _echo(f"{text('first_dwz', lang)}: {fmt_rating(r.new_rating, r.new_index)}", _BOLD)
    else:
        _echo(text("no_first_dwz", lang), _BOLD)
        for p in r.reasons:
            _lines(layout.wrap(p.message(lang), w, indent=2, hang=2, first="  – "))
    _lines(assumed_line("cli.end_assumed", assumed_end, r.rules, lang), _DIM)
    rows = [
        (text("rules", lang), label(r.rules, lang)),
        (text("points", lang), f"{fmt_num(r.W, '.1f', lang)} / {r.n}"),
        # Niveau and Leistung are the tournament's games (WO 3.6.2); Ri counts the Restpartien too
        (text("niveau" if r.n_tournament == r.n else "niveau_tournament", lang), "–" if r.Rc is None else str(r.Rc)),
        (text("cli.ri", lang), "–" if r.Ri is None else fmt_num(r.Ri, ".1f", lang)),
        (text("cli.we_at_ri", lang), "–" if r.Ri is None or r.We is None else fmt_num(r.We, ".3f", lang)),  # = W by Ri's definition
        (text("performance", lang), "–" if r.performance is None else str(r.performance)),
        (text("age_group", lang), term(r.age_group.value, lang)),
    ]
    _lines(layout.pairs(rows, w))
    _lines(_games_table(list(r.games), lang, 3))
    _warnings(r, lang)
    if explain:
        print_steps(list(r.steps), lang)
    else:
        _lines(assumption_lines(r, lang), _DIM)


def print_scenarios(t: Any, lang: str, explain: bool = False, assumed_end: date | None = None) -> None:
    w = _width()
    _lines(old_scale_lines(t, lang), _WARN)
    _echo(text("scenario_title", lang), _BOLD)
    own = next((c for c in t.conversions if c.own), None)
    if own is not None:
        _lines(layout.wrap(text("cli.scen_converted", lang, old=fmt_rating(own.old, own.old_index),
                                converted=fmt_rating(own.new, own.new_index)), w, hang=2))
    _lines(layout.wrap(f"{text('rules', lang)}: {label(t.rules, lang)}", w, hang=2))
    _lines(assumed_line("cli.end_assumed", assumed_end, t.rules, lang), _DIM)
    _echo()
    if t.old_rating is not None:
        # "halten": the first score with a change ≥ 0; "steigern": the first with a change > 0.
        cols = [layout.Column("W"), layout.Column(text("new_dwz", lang)), layout.Column(text("change", lang)),
                layout.Column("", "left")]
        rows = []
        for row in t.rows:
            mark = []
            if t.keep_score is not None and row.W == t.keep_score:
                mark.append(text("cli.scen_keep_mark", lang))
            if t.raise_score is not None and row.W == t.raise_score:
                mark.append(text("cli.scen_raise_mark", lang))
            rows.append([fmt_num(row.W, ".1f", lang), fmt_rating(row.new_rating, t.new_index),
                         fmt_signed(row.change) if row.change is not None else "–", ("← " + ", ".join(mark)) if mark else ""])
        tab = layout.table(cols, rows, w)
        _lines(tab.lines)
        _echo()
        for key, score in (("cli.scen_keep", t.keep_score), ("cli.scen_raise", t.raise_score)):
            shown = text("cli.scen_never", lang) if score is None else fmt_num(score, ".1f", lang)
            _lines(layout.wrap(text(key, lang, score=shown, n=t.n), w, hang=2))
    else:
        cols = [layout.Column(text("cli.scen_points", lang)), layout.Column(text("first_dwz", lang)),
                layout.Column(text("cli.ri", lang))]
        rows = [[fmt_num(row.W, ".1f", lang), "–" if row.new_rating is None else fmt_rating(row.new_rating, t.new_index),
                 "–" if row.exact is None else fmt_num(row.exact, ".1f", lang)] for row in t.rows]
        _lines(layout.table(cols, rows, w).lines)
        _echo()
        if any(row.new_rating is None for row in t.rows):
            _lines(layout.wrap(text("cli.scen_first_none", lang), w, hang=2))
        _lines(layout.wrap(text("cli.scen_first_note", lang, n=t.n), w, hang=2))
    _warnings(t, lang)
    if explain:
        print_steps(list(t.steps), lang)
    else:  # the table rests on them as rate's result does (own scale, age group, index): said the same way
        _lines(assumption_lines(t, lang), _DIM)


def _elo_reason(p: Any, lang: str) -> str:
    """An initial-rating reason in Elo words (the engine shares "0 %" with the first DWZ)."""
    from dwz.basics.errors import Problem

    return Problem(p.field, "elo_first_zero", p.value, p.params).message(lang) if p.code == "first_zero" else p.message(lang)


def _headline(line: str) -> None:
    for i, part in enumerate(layout.wrap(line, _width(), hang=2)):
        _echo(part, _BOLD if i == 0 else None)


def print_umstufung(u: Any, lang: str, explain: bool) -> None:
    head = text("umstufung", lang)
    if u.direction == "forward":
        _headline(f"{head}: {fmt_rating(u.old_rating, u.old_index)} → {fmt_rating(u.new_rating, u.new_index)}")
    else:
        c = list(u.candidates)
        new = fmt_rating(u.new_rating, u.new_index)
        if not c:
            _headline(f"{head}: {text('cli.umst_none', lang, value=new)}")
        else:
            shown = text("cli.or", lang).join(map(str, c)) if len(c) <= 20 else f"{c[0]} … {c[-1]}"
            note = "" if u.unique else f" ({text('cli.umst_not_unique', lang, n=len(c))})"
            _headline(f"{head}: {new} ← {shown}{note}")
    if explain:
        print_steps(list(u.steps), lang)


def print_elo(e: Any, lang: str, explain: bool, assumed_period: date | None = None) -> None:
    w = _width()
    kind = type(e).__name__
    if kind == "CompressionResult":
        _echo(f"{text('cli.compression', lang)}: {e.old_rating} → {e.new_rating}", _BOLD)
        if explain:
            print_steps(list(e.steps), lang)
        return
    if kind == "InitialRatingResult":
        if e.new_rating is None:
            _echo(f"{text('initial_rating', lang)}: –", _BOLD)
        else:
            pub = text("yes" if e.published else "no", lang)
            _echo(f"{text('initial_rating', lang)}: {e.new_rating}  ({text('published', lang)}: {pub})", _BOLD)
        for p in e.reasons:
            _lines(layout.wrap(_elo_reason(p, lang), w, indent=2, hang=2, first="  – "))
        _lines(assumed_line("cli.period_assumed", assumed_period, e.rules, lang), _DIM)
        rows = [(text("rules", lang), term(e.rules, lang)),
                (text("points", lang), f"{fmt_num(e.W, '.1f', lang)} / {e.n}"),
                ("Ra", "–" if e.Ra is None else fmt_num(e.Ra, ".2f", lang))]
        _lines(layout.pairs(rows, w))
        if explain:
            print_steps(list(e.steps), lang)
        else:
            _lines(assumption_lines(e, lang), _DIM)
        return
    _echo(f"{text('new_elo', lang)}: {e.new_rating} ({fmt_signed(e.rounded_change)})", _BOLD)
    _lines(assumed_line("cli.period_assumed", assumed_period, e.rules, lang), _DIM)
    k_text = str(e.K) + ("" if e.K_base == e.K else f" ({e.K_base} → K·n ≤ 700)") + f"  ({term(e.K_reason, lang)})"
    rows = [
        (text("rules", lang), e.rules_text(lang)),  # the user's own rules said as such, never "FIDE" for them
        (text("k_factor", lang), k_text),
        (text("points", lang), f"{fmt_num(e.W, '.1f', lang)} / {e.n}"),
        (text("expected", lang), fmt_num(e.We, ".2f", lang) + ("" if e.expected_pct is None else f"  ({fmt_num(e.expected_pct, '.2f', lang)} %)")),
        (text("period_change", lang), text("cli.elo_change", lang, exact=fmt_num(e.change, "+.2f", lang),
                                           rounded=fmt_signed(e.rounded_change))),
        (text("performance", lang), "–" if e.performance is None else str(e.performance)),
    ]
    _lines(layout.pairs(rows, w))
    games = list(e.games)
    if not games:
        _lines(["", *layout.wrap(text("cli.elo_no_games", lang, rating=e.old_rating), w, hang=2)])
    else:
        game_mode = any(g.rating_before is not None for g in games)
        cols = [layout.Column(text("cli.col.no", lang)), layout.Column(text("opponent", lang)),
                layout.Column(text("result", lang), "left"), layout.Column(text("cli.col.before", lang)), layout.Column("D"),
                layout.Column("PD"), layout.Column("W − PD"), layout.Column(text("change", lang)),
                layout.Column(text("cli.col.remark", lang), "left", below=True)]
        cells: list[list[str]] = []
        for i, g in enumerate(games, 1):
            before = "" if not game_mode or g.rating_before is None else fmt_num(g.rating_before, ".1f", lang)
            if not g.counted:
                cells.append([str(i), "–" if g.opponent is None else str(g.opponent), g.result_code, before, "", "", "", "",
                             term(g.reason or "", lang)])
                continue
            opp = str(g.opponent) + ("*" if g.capped else "")
            cells.append([str(i), opp, g.result_code, before, fmt_num(g.D, "d", lang), fmt_num(g.expected, ".2f", lang),
                         fmt_num(g.delta, "+.2f", lang), fmt_num(g.change, "+.2f", lang), ""])
        t = layout.table(cols, cells, w)
        _lines(["", text("per_game", lang), *t.lines, *_hidden(t, lang)])
        if any(g.capped for g in games):
            _lines(layout.wrap(text("cli.elo_capped", lang), w, hang=2), _DIM)
    _warnings(e, lang)
    if explain:
        print_steps(list(e.steps), lang)
    else:
        _lines(assumption_lines(e, lang), _DIM)
