"""Human-readable terminal output (rich). Only translates results; computes nothing."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from dwz.i18n import fmt_num, fmt_rating, fmt_signed, render_step, term, text
from dwz.rules import get_edition

_console = Console(highlight=False, soft_wrap=False)


def _kv_table(rows: list[tuple[str, str]]) -> Table:
    t = Table(show_header=False, box=None, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    for k, v in rows:
        t.add_row(k, v)
    return t


def _games_table(games: list[Any], lang: str, decimals: int) -> Table | None:
    if not games:
        return None
    t = Table(title=text("per_game", lang), title_justify="left")
    for col in ("#", text("opponent", lang), text("result", lang), "D", "P", ""):
        t.add_column(col, justify="right" if col in ("#", "D", "P") else "left")
    for i, g in enumerate(games, 1):
        note = "" if g.counted else term(g.reason or "", lang)
        if getattr(g, "restpartie", False):
            note = ("Restpartie " + note).strip()
        t.add_row(str(i), "–" if g.opponent is None else str(g.opponent) + (f" {g.name}" if g.name else ""), g.result.code,
                  "" if g.D is None else fmt_num(g.D, "d", lang), "" if g.P is None else fmt_num(g.P, f".{decimals}f", lang), note)
    return t


def print_steps(steps: list[Any], lang: str) -> None:
    _console.print(f"\n[bold]{text('rechenweg', lang)}[/bold]")
    for i, s in enumerate(steps, 1):
        r = render_step(s, lang)
        mark = " *" if r["assumption"] else ""
        _console.print(f"{i:2d}. [bold]{r['title']}[/bold]  [dim]({r['rule']}){mark}[/dim]", markup=True)
        if r["formula"]:
            _console.print(f"    {r['formula']}", markup=False)
        if r["calculation"]:
            _console.print(f"    = {r['calculation']}", markup=False)
    if any(s.assumption for s in steps):
        _console.print(f"[dim]* {text('assumption_note', lang)}[/dim]")


def _warnings(result: Any, lang: str) -> None:
    for w in getattr(result, "warnings", ()):
        _console.print(f"[yellow]{text('warnings', lang)}: {w.field}: {w.message(lang)}[/yellow]")


def print_rating(r: Any, lang: str, explain: bool) -> None:
    line = f"{text('new_dwz', lang)}: {fmt_rating(r.new_rating, r.new_index)} ({fmt_signed(r.change)})"
    _console.print(f"[bold]{line}[/bold]")
    coeff = r.coefficient_name
    c = r.components
    if r.coefficient is None:
        cdesc = "–"
    elif coeff == "E":
        cdesc = f"E = {r.E}" + (f"  (E0 {fmt_num(c['E0'], '.2f', lang)}, fB {fmt_num(c['fB'], '.2f', lang)}, SBr {fmt_num(c['SBr'], '.2f', lang)})" if c else "")
    else:
        cdesc = f"K = {fmt_num(r.K, '.1f', lang)}" + (f"  (K0 {c['K0']}, a {fmt_num(c['a'], '.2f', lang)}, b {fmt_num(c['b'], '.3f', lang)})" if c else "")
    rows = [
        (text("rules", lang), term(r.rules, lang)),
        ("DWZ alt", fmt_rating(r.old_rating, r.old_index)),
        (text("points", lang), f"{fmt_num(r.W, '.1f', lang)} / {r.n}"),
        (text("expected", lang), fmt_num(r.We, ".3f", lang)),
        (text("w_minus_we", lang), fmt_num(r.W - r.We, "+.3f", lang)),
        (text("niveau", lang), "–" if r.Rc is None else str(r.Rc)),
        (text("performance", lang), "–" if r.performance is None else str(r.performance)),
        (text("age_group", lang), term(r.age_group.value, lang)),
        (coeff if r.coefficient is not None else "E/K", cdesc if r.coefficient is not None else "–"),
        (text("strength", lang), term(f"strength.{r.strength_class}", lang)),
    ]
    _console.print(_kv_table(rows))
    gt = _games_table(list(r.games), lang, min(4, get_edition(r.rules).PER_GAME_DECIMALS))
    if gt is not None:
        _console.print(gt)
    _warnings(r, lang)
    if explain:
        print_steps(list(r.steps), lang)


def print_first(r: Any, lang: str, explain: bool) -> None:
    if r.eligible:
        _console.print(f"[bold]{text('first_dwz', lang)}: {fmt_rating(r.new_rating, r.new_index)}[/bold]")
    else:
        _console.print(f"[bold]{text('no_first_dwz', lang)}[/bold]")
        for p in r.reasons:
            _console.print(f"  – {p.message(lang)}")
    rows = [
        (text("rules", lang), term(r.rules, lang)),
        (text("points", lang), f"{fmt_num(r.W, '.1f', lang)} / {r.n}"),
        (text("niveau", lang), "–" if r.Rc is None else str(r.Rc)),
        ("Ri", "–" if r.Ri is None else fmt_num(r.Ri, ".1f", lang)),
        (text("performance", lang), "–" if r.performance is None else str(r.performance)),
        (text("age_group", lang), term(r.age_group.value, lang)),
    ]
    _console.print(_kv_table(rows))
    gt = _games_table(list(r.games), lang, 3)
    if gt is not None:
        _console.print(gt)
    _warnings(r, lang)
    if explain:
        print_steps(list(r.steps), lang)


def print_scenarios(t: Any, lang: str) -> None:
    _console.print(f"[bold]{text('scenario_title', lang)}[/bold]  ({term(t.rules, lang)})")
    tab = Table()
    tab.add_column("W", justify="right")
    tab.add_column(text("new_dwz", lang), justify="right")
    tab.add_column(text("change", lang), justify="right")
    for row in t.rows:
        tab.add_row(fmt_num(row.W, ".1f", lang), fmt_rating(row.new_rating, t.new_index) if row.new_rating else "–",
                    fmt_signed(row.change) if row.change is not None else "")
    _console.print(tab)
    if t.old_rating is not None:
        keep = "–" if t.keep_score is None else fmt_num(t.keep_score, ".1f", lang)
        rise = "–" if t.raise_score is None else fmt_num(t.raise_score, ".1f", lang)
        _console.print(f"W ≥ {keep}: {text('keep', lang)}")
        _console.print(f"W ≥ {rise}: {text('raise', lang)}")
    _warnings(t, lang)


def print_umstufung(u: Any, lang: str, explain: bool) -> None:
    if u.direction == "forward":
        _console.print(f"[bold]{text('umstufung', lang)}: {fmt_rating(u.old_rating, u.old_index)} → {fmt_rating(u.new_rating, u.new_index)}[/bold]")
    else:
        c = list(u.candidates)
        shown = ", ".join(map(str, c)) if len(c) <= 20 else f"{c[0]} … {c[-1]}"
        note = "" if u.unique else f" ({text('not_unique', lang)})"
        _console.print(f"[bold]{text('umstufung', lang)}: {fmt_rating(u.new_rating, u.new_index)} ← {shown or '–'}{note}[/bold]")
    if explain:
        print_steps(list(u.steps), lang)


def print_elo(e: Any, lang: str, explain: bool) -> None:
    kind = type(e).__name__
    if kind == "CompressionResult":
        _console.print(f"[bold]{e.old} → {e.new}[/bold]")
        if explain:
            print_steps(list(e.steps), lang)
        return
    if kind == "InitialRatingResult":
        if e.rating is None:
            _console.print(f"[bold]{text('initial_rating', lang)}: –[/bold]")
        else:
            pub = text("yes" if e.published else "no", lang)
            _console.print(f"[bold]{text('initial_rating', lang)}: {e.rating}[/bold]  ({text('published', lang)}: {pub})")
        for p in e.reasons:
            _console.print(f"  – {p.message(lang)}")
        if explain:
            print_steps(list(e.steps), lang)
        return
    exact = "" if e.new_rating_exact is None else f"  [{fmt_num(e.new_rating_exact, '.1f', lang)}]"
    _console.print(f"[bold]{text('new_elo', lang)}: {e.new_rating} ({fmt_signed(e.rounded_change)}){exact}[/bold]")
    rows = [
        (text("rules", lang), term(e.rules, lang) + f" – {term(e.mode, lang)}, {term(e.expectation, lang)}"),
        (text("k_factor", lang), f"{e.K}" + ("" if e.K_base == e.K else f" ({e.K_base} → K·n ≤ 700)") + f"  ({term(e.K_reason, lang)})"),
        (text("points", lang), f"{fmt_num(e.W, '.1f', lang)} / {e.n}"),
        (text("expected", lang), fmt_num(e.We, ".2f", lang) + ("" if e.expected_pct is None else f"  ({fmt_num(e.expected_pct, '.2f', lang)} %)")),
        (text("period_change", lang), fmt_num(e.change, "+.2f", lang)),
        (text("performance", lang), "–" if e.performance is None else str(e.performance)),
    ]
    _console.print(_kv_table(rows))
    t = Table(title=text("per_game", lang), title_justify="left")
    for col in (text("opponent", lang), text("result", lang), "D", "PD", "Δ", "K·Δ"):
        t.add_column(col, justify="right")
    for g in e.games:
        if not g.counted:
            t.add_row("–" if g.opponent is None else str(g.opponent), g.result_code, "", "", "", term(g.reason or "", lang))
            continue
        opp = str(g.opponent) + ("*" if g.capped else "")
        t.add_row(opp, g.result_code, fmt_num(g.D, "d", lang), fmt_num(g.expected, ".2f", lang), fmt_num(g.delta, "+.2f", lang),
                  fmt_num(g.change, "+.2f", lang))
    _console.print(t)
    _warnings(e, lang)
    if explain:
        print_steps(list(e.steps), lang)
