"""The evaluation of one tournament on compact data — the single place where the
tournament procedure lives (spec dwz-classic §12, dwz-2026 §4–§6).

:func:`dwz.core.tournament.evaluate_tournament` translates a validated
:class:`~dwz.basics.model.Tournament` into this form (:mod:`dwz.core.tournament_explain` explains the results);
the history runner (:mod:`dwz.history`) feeds it directly from the database.

Players are addressed by position ``0 … N−1``; games are ``(a, b, halves of a)``
for played, rated games only (the caller drops forfeits, byes and computers).

The procedure in its phases (:func:`run`):

1. :func:`_entrants` — established players (DWZ, or a foreign rating, WO 4.1.2) and unrated ones;
2. :func:`_zusatzstufen` — the 1st and 2nd Zusatzstufe (WO 3.4.1) → Auswahl I, Auswahl II;
3. :func:`_gesamtiteration` — all newcomers at once (Anhang 1.1) → first DWZs;
4. :func:`_sonderwertung` — Leistungen, and the Sonderwertung with its second iteration (WO 3.6.3);
5. :func:`_results` — Folge-DWZ (WO 3.5.2), first DWZ, Restpartien for those who stay unrated (WO 3.4.2).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import date
from typing import NamedTuple

from dwz.basics.rounding import round_half_up
from dwz.basics.values import AgeGroup
from dwz.rules import Edition, We
from dwz.rules.common import (
    FIRST_INDEX,
    FOREIGN_INDEX,
    SONDER_MARGIN,
    average,
    expired,
    extreme_score,
    first_ineligible,
    next_index,
    performance_eligible,
    sonder_exceeded,
)

__all__ = ["FOREIGN_INDEX", "SONDER_MARGIN", "EvaluationOptions", "KEvaluation", "KPlayer", "KResult", "adjacency", "expired", "final_values",
           "iteration_games", "rated_games", "run"]

MAX_ROUNDS = 1000

Rest = tuple[tuple[int, int, date], ...]  # Restpartien: (opponent rating, halves, end date of their tournament)
Adjacency = list[list[tuple[int, int]]]  # per player: (opponent position, own halves)


class KPlayer(NamedTuple):
    """A participant as the kernel sees him.  ``rest`` are stored Restpartien
    ``(opponent rating, halves, end date of the tournament they were played in)``."""

    rating: int | None
    dwz_index: int | None
    elo: int | None
    age_group: AgeGroup
    member: bool = True
    rest: Rest = ()


@dataclass(frozen=True, slots=True)
class EvaluationOptions:
    """Readings of rules the spec marks as uncertain; the defaults are the spec's.

    ``classic_foreign_e_index``  index used for E of a player entering with a FIDE
        rating under the classic rules: 1 (new Anhang 1.2, default) or 6 (WO 2014).
    ``use_elo_for_unrated``  players without DWZ but with FIDE Elo enter with it (WO 4.1.2).
    ``use_elo_from_2400``  players with DWZ ≥ 2400 count with their Elo as R0 ("in der Regel",
        WO 4.1.2); off by default because it needs the current FIDE list for everyone.
    ``sonderwertung``  apply WO 3.6.3 at all.
    ``sonderwertung_extremes``  a 100 % score's Rh = Rc + 677 may trigger the Sonderwertung.
    ``sonderwertung_foreign``  a player entering with a foreign rating (his Elo, index 6) or rated
        with his Elo from 2400 can be an Ausnahmespieler: WO 3.6.3 asks only for a Leistung more
        than 300 above the previous rating, and that rating is his DWZ for this evaluation
        (WO 4.1.2, 2.2.4; spec dwz-classic §10 (d), decided 2026-12).  Off: only players with a
        DWZ as R0 (the earlier reading).
    ``restpartien_vs_stage2``  games against 2nd-stage newcomers also become Restpartien
        (the WO says "gegen die Auswahl I": off).
    ``store_restpartien``  keep Restpartien for unrated members.
    ``scale``  "old" ("alt"): the file's DWZ are from before the Umstufung 2026 and are converted
        under the 2026 rules (index + 1; spec dwz-2026 §6) — a default for the players whose file
        says nothing (a player's own ``scale``, then the file's, win); ``None``/"new": as they are.
        (Read by :mod:`dwz.core.tournament_scale`; the kernel gets converted values.)
    """

    classic_foreign_e_index: int = 1
    use_elo_for_unrated: bool = True
    use_elo_from_2400: bool = False
    sonderwertung: bool = True
    sonderwertung_extremes: bool = True
    sonderwertung_foreign: bool = True
    restpartien_vs_stage2: bool = False
    store_restpartien: bool = True
    scale: str | None = None

    def __post_init__(self) -> None:
        if self.scale is not None:
            from dwz.core.scale import parse_scale

            object.__setattr__(self, "scale", parse_scale(self.scale))

    def to_dict(self) -> dict[str, bool | int | str | None]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class KResult(NamedTuple):
    """The evaluation of one player.  ``status``: established, foreign, first, unrated, no_games.

    A stored evaluation row takes its columns from these fields by name
    (``dwz.history.store.EVALUATION_TABLE``).  Build it with keywords."""

    status: str
    stage: int = 0  # 0, or 1/2 for newcomers (Zusatzstufe)
    old_rating: int | None = None  # the R0 used (DWZ, or Elo for foreign-rated entrants)
    old_index: int | None = None  # index before (6 for foreign-rated entrants)
    coeff_index: int | None = None  # index used for E / K0
    wh: int = 0  # points in halves over the counted games (newcomers: with Restpartien)
    n: int = 0
    we: float | None = None
    coefficient: float | None = None  # E or K
    rc: int | None = None
    perf: int | None = None
    sonder: int | None = None  # the Rh he counts with for his opponents (WO 3.6.3)
    ri: float | None = None
    start: float | None = None
    new_rating: int | None = None
    new_index: int | None = None
    rest_used: Rest = ()
    rest_expired: Rest = ()
    rest_out: Rest = ()  # to store: kept + new (members only)
    rest_new: Rest = ()  # this tournament's games that became Restpartien
    reason: str | None = None  # why an unrated player got no first DWZ

    @property
    def entered_rated(self) -> bool:
        """Entered with a rating (DWZ, or a foreign one, WO 4.1.2): evaluated by the Folge-DWZ (WO 3.5)."""
        return self.status in ("established", "foreign", "no_games") and self.old_rating is not None


class KEvaluation(NamedTuple):
    results: list[KResult]
    values: dict[int, int]  # each Auswahl-II player's rating as opponent (R0, Rn or Rh)
    auswahl1: frozenset[int]
    auswahl2: frozenset[int]
    rounds: int
    sonder: dict[int, int]
    rated: dict[int, tuple[list[int], int]]  # each Auswahl-II player's rated games: opponents' values, W in halves
    iteration: dict[int, list[float]]  # each newcomer's opponents of We at Ri (Restpartien, then as the iteration ended)


class _Entrants(NamedTuple):
    base: dict[int, int]  # R0 of the established players (and foreign-rated entrants)
    shown: dict[int, int | None]  # the index shown
    coeff: dict[int, int | None]  # the index E / K0 uses
    foreign: set[int]
    rest: dict[int, list[tuple[int, int, date]]]  # valid Restpartien of the unrated
    gone: dict[int, list[tuple[int, int, date]]]  # expired ones


def run(ed: Edition[We], end: date, players: Sequence[KPlayer], games: Sequence[tuple[int, int, int]],
        opts: EvaluationOptions | None = None) -> KEvaluation:
    """Evaluate one tournament.  Pure: no I/O, no Rechenweg (see tournament_explain.py for that)."""
    opts = opts or EvaluationOptions()
    adj = adjacency(len(players), games)
    ent = _entrants(ed, end, players, opts)
    stage1, stage2, auswahl1, auswahl2 = _zusatzstufen(len(players), adj, ent)
    ri, rounds, start = _gesamtiteration(ed, adj, ent.rest, stage1, stage2, ent.base, auswahl1, auswahl2)
    rated: dict[int, tuple[list[int], int]] = {}  # each Auswahl-II player's rated games, while the values stay
    values, first, ri, more, start, perf, sonder = _sonderwertung(ed, adj, ent, stage1, stage2, auswahl1, auswahl2, ri, start, opts,
                                                                  rated)
    iteration: dict[int, list[float]] = {}  # each newcomer's opponents of We at Ri
    results = _results(ed, end, players, adj, ent, stage1, stage2, auswahl1, auswahl2, values, first, ri, start, perf, sonder, opts,
                       rated, iteration)
    return KEvaluation(results=results, values=values, auswahl1=frozenset(auswahl1), auswahl2=frozenset(auswahl2),
                       rounds=rounds + more, sonder=sonder, rated=rated, iteration=iteration)


def adjacency(np: int, games: Sequence[tuple[int, int, int]]) -> Adjacency:
    """Every player's games (opponent position, own halves), in the order of ``games``."""
    adj: Adjacency = [[] for _ in range(np)]
    for a, b, ha in games:
        adj[a].append((b, ha))
        adj[b].append((a, 2 - ha))
    return adj


def _entrants(ed: Edition[We], end: date, players: Sequence[KPlayer], opts: EvaluationOptions) -> _Entrants:
    """Phase 1: who enters with a rating (WO 4.1.2) and who is unrated (with his Restpartien)."""
    ent = _Entrants(base={}, shown={}, coeff={}, foreign=set(), rest={}, gone={})
    foreign_coeff = ed.foreign_coefficient_index(opts.classic_foreign_e_index)
    for i, p in enumerate(players):
        if p.rating:
            if opts.use_elo_from_2400 and p.rating >= 2400 and p.elo:
                ent.base[i] = p.elo
                ent.foreign.add(i)
            else:
                ent.base[i] = p.rating
            ent.shown[i] = ent.coeff[i] = p.dwz_index
        elif p.elo and opts.use_elo_for_unrated:
            # WO 4.1.2 / 2.2.4: the FIDE rating enters with index 6; the index E or K0 uses
            # is the edition's (classic: an option, 2026: 6)
            ent.base[i] = p.elo
            ent.shown[i] = FOREIGN_INDEX
            ent.coeff[i] = foreign_coeff
            ent.foreign.add(i)
        else:
            ent.rest[i] = [g for g in p.rest if not expired(g[2], end)]
            ent.gone[i] = [g for g in p.rest if expired(g[2], end)]
    return ent


def _zusatzstufen(np: int, adj: Adjacency, ent: _Entrants) -> tuple[list[int], list[int], set[int], set[int]]:
    """Phase 2 (WO 3.4.1): a newcomer enters a Zusatzstufe with enough games against the
    previous selection (Restpartien included) and neither 0 % nor 100 % — the same rule as
    for a single player (:func:`dwz.rules.common.first_ineligible`)."""
    def select(cands: list[int], selection: set[int] | dict[int, int]) -> list[int]:
        chosen = []
        for i in cands:
            r = ent.rest[i]
            n = len(r)
            wh = sum(g[1] for g in r)
            for j, h in adj[i]:
                if j in selection:
                    n += 1
                    wh += h
            if first_ineligible(n, wh) is None:
                chosen.append(i)
        return chosen

    unrated = [i for i in range(np) if i not in ent.base]
    stage1 = select(unrated, ent.base)
    auswahl1 = set(ent.base) | set(stage1)
    in_stage1 = set(stage1)
    stage2 = select([i for i in unrated if i not in in_stage1], auswahl1)
    return stage1, stage2, auswahl1, auswahl1 | set(stage2)


def _sonderwertung(ed: Edition[We], adj: Adjacency, ent: _Entrants, stage1: list[int], stage2: list[int], auswahl1: set[int],
                   auswahl2: set[int], ri: dict[int, float], start: dict[int, float], opts: EvaluationOptions,
                   games: dict[int, tuple[list[int], int]]) -> tuple[dict[int, int], dict[int, int], dict[int, float], int, dict[int, float], dict[int, int | None], dict[int, int]]:
    """Phases 3–4: first DWZs, Leistungen (first pass with R0 and the new first DWZs) and the
    Sonderwertung (WO 3.6.3): the Gesamtiteration is redone with Rh in place of R0, then all
    We use Rh.  Returns (values, first DWZs, Ri, extra rounds, start values, Leistungen, Sonder)."""
    base = ent.base
    first = {i: ed.first_rating(v, explain=False).new_rating for i, v in ri.items()}
    values = dict(base)
    values.update(first)
    perf_all = _performances(ed, adj, auswahl2, values, ri, ent.rest, games)
    sonder: dict[int, int] = {}
    if opts.sonderwertung:
        for i, perf in perf_all.items():
            if i in base and (opts.sonderwertung_foreign or i not in ent.foreign) and perf is not None \
                    and sonder_exceeded(perf, base[i]):
                opps, wh = games[i]  # a Leistung: his rated games were gathered for it
                if opts.sonderwertung_extremes or not extreme_score(wh, len(opps)):
                    sonder[i] = perf
    if not sonder:
        return values, first, ri, 0, start, perf_all, sonder
    old_ri = ri
    base2 = dict(base)
    base2.update(sonder)
    ri, rounds2, start = _gesamtiteration(ed, adj, ent.rest, stage1, stage2, base2, auswahl1, auswahl2)
    first = {i: ed.first_rating(v, explain=False).new_rating for i, v in ri.items()}
    old_values = values
    values = dict(base2)
    values.update(first)
    # only Leistungen whose inputs changed are computed again (a newcomer's own
    # Leistung is Ri: it changes with Ri even when his rounded first DWZ does not)
    changed = {i for i, v in values.items() if old_values.get(i) != v}
    changed |= {i for i in ri if old_ri.get(i) != ri[i]}
    again = {i for i in changed if i in auswahl2}
    for i in changed:  # … and everyone who played one of them
        again.update(j for j, _ in adj[i] if j in auswahl2)
    perf_all.update(_performances(ed, adj, again, values, ri, ent.rest, games))  # their games gathered again too
    return values, first, ri, rounds2, start, perf_all, sonder


def _results(ed: Edition[We], end: date, players: Sequence[KPlayer], adj: Adjacency, ent: _Entrants, stage1: list[int],
             stage2: list[int], auswahl1: set[int], auswahl2: set[int], values: dict[int, int], first: dict[int, int],
             ri: dict[int, float], start: dict[int, float], perf_all: dict[int, int | None], sonder: dict[int, int],
             opts: EvaluationOptions, games: dict[int, tuple[list[int], int]], iteration: dict[int, list[float]]) -> list[KResult]:
    """Phase 5: one result per player (each newcomer's opponents of We at Ri kept in ``iteration``)."""
    results: list[KResult] = []
    stage_of = {i: 1 for i in stage1} | {i: 2 for i in stage2}
    rest_allowed = auswahl2 if opts.restpartien_vs_stage2 else auswahl1
    base, rest = ent.base, ent.rest
    final = final_values(values, ri) if ri else {}
    for i, p in enumerate(players):
        if i in base:
            opps, wh = games.get(i) or rated_games(adj[i], values)
            results.append(_established(ed, i, p, opps, wh, ent, perf_all, sonder))
        elif i in ri:
            # We at Ri against the values the Gesamtiteration ended with (other newcomers at their Ri),
            # where We = W by its construction (spec dwz-classic §7.2); the correction follows it
            opps_f, wh = iteration_games(adj[i], rest[i], auswahl2, final)
            iteration[i] = opps_f
            t_opps = (games.get(i) or rated_games(adj[i], values))[0]
            we = ed.expected_at(ri[i], opps_f)
            results.append(KResult(status="first", stage=stage_of[i], coeff_index=FIRST_INDEX, wh=wh, n=len(opps_f),
                                   we=ed.we_to_float(we), rc=round_half_up(average(t_opps)) if t_opps else None,
                                   perf=perf_all.get(i), ri=ri[i], start=start[i], new_rating=first[i], new_index=FIRST_INDEX,
                                   rest_used=tuple(rest[i]), rest_expired=tuple(ent.gone[i])))
        else:
            # stays unrated: games against Auswahl I become Restpartien (WO 3.4.2) with the
            # opponent's R0 or new first DWZ — never a Sonderwertung value
            new = tuple((base.get(j, values.get(j, 0)), h, end) for j, h in adj[i] if j in rest_allowed)
            kept = tuple(rest[i])
            n_all = len(kept) + len(new)
            wh_all = sum(g[1] for g in kept) + sum(g[1] for g in new)
            store = opts.store_restpartien and p.member
            results.append(KResult(status="unrated" if adj[i] or kept else "no_games", wh=wh_all, n=n_all, rest_used=kept,
                                   rest_expired=tuple(ent.gone[i]), rest_out=(kept + new) if store else (), rest_new=new,
                                   reason=first_ineligible(n_all, wh_all) or "first_stage_missing"))
    return results


def final_values(values: Mapping[int, int], ri: Mapping[int, float]) -> dict[int, float]:
    """Every Auswahl-II player's value as the Gesamtiteration ended: newcomers at their iteration
    value Ri, everyone else at his value (R0 or Rh)."""
    final = {j: float(v) for j, v in values.items()}
    final.update(ri)
    return final


def iteration_games(games: Sequence[tuple[int, int]], rest: Sequence[tuple[int, int, date]], allowed: Container[int],
                    values: Mapping[int, float]) -> tuple[list[float], int]:
    """A newcomer's games as the iteration counts them (WO 3.4.1, Anhang 1.1): his Restpartien (the
    opponent's stored rating), then his games against ``allowed``, each opponent at his value in
    ``values``; and W in half points over all of them."""
    opps = [float(g[0]) for g in rest]
    wh = sum(g[1] for g in rest)
    for j, h in games:
        if j in allowed:
            opps.append(values[j])
            wh += h
    return opps, wh


def _established(ed: Edition[We], i: int, p: KPlayer, opps: list[int], wh: int, ent: _Entrants,
                 perf_all: dict[int, int | None], sonder: dict[int, int]) -> KResult:
    """Folge-DWZ over the games against Auswahl II (WO 3.5.2)."""
    r0 = ent.base[i]
    n = len(opps)
    shown = ent.shown[i]
    if n == 0:  # nothing rated: the DWZ stays; a foreign rating does not become a DWZ
        keep = i not in ent.foreign or bool(p.rating)
        return KResult(status="no_games", old_rating=r0, old_index=shown, coeff_index=ent.coeff[i],
                       new_rating=r0 if keep else None, new_index=shown if keep else None)
    we = ed.expected_total(r0, opps)
    coeff = ent.coeff[i]
    out = ed.folge(r0, coeff, p.age_group, wh, n, we, False)
    return KResult(status="foreign" if i in ent.foreign else "established", old_rating=r0, old_index=shown, coeff_index=coeff,
                   wh=wh, n=n, we=ed.we_to_float(we), coefficient=out.coefficient, rc=round_half_up(average(opps)),
                   perf=perf_all.get(i), sonder=sonder.get(i), new_rating=out.new_rating, new_index=next_index(shown))


def _gesamtiteration(ed: Edition[We], adj: Adjacency, rest: dict[int, list[tuple[int, int, date]]],
                     stage1: list[int], stage2: list[int], base: dict[int, int], auswahl1: set[int],
                     auswahl2: set[int]) -> tuple[dict[int, float], int, dict[int, float]]:
    """Anhang 1.1: all newcomers at once (Jacobi steps) until no value changes, each step and
    the stop rule the edition's (:meth:`Edition.iteration_next`, :meth:`Edition.iteration_settled`).

    Returns the final values Ri, the number of rounds and the start values."""
    if not stage1 and not stage2:
        return {}, 0, {}
    values: dict[int, float] = {k: float(v) for k, v in base.items()}
    est = set(base)
    start: dict[int, float] = {}
    for i in stage1:  # step 0: Restpartien + games against established players …
        opps, wh = iteration_games(adj[i], rest[i], est, values)
        start[i] = ed.iteration_start(opps, wh)
    values.update({i: start[i] for i in stage1})
    for i in stage2:  # … stage 2 also against stage 1 (with their start values)
        opps, wh = iteration_games(adj[i], rest[i], auswahl1, values)
        start[i] = ed.iteration_start(opps, wh)
    values.update({i: start[i] for i in stage2})
    zusatz = stage1 + stage2
    seen: dict[int, set[float]] = {i: {values[i]} for i in zusatz}
    # From step 1 on each newcomer uses Restpartien + all games against Auswahl II; only
    # the other newcomers' values move, so the fixed part is gathered once.
    zset = set(zusatz)
    fixed: dict[int, tuple[list[float], list[int], int]] = {}
    for i in zusatz:
        opps_fixed, wh = iteration_games(adj[i], rest[i], auswahl2 - zset, values)
        moving = [j for j, h in adj[i] if j in zset]
        wh += sum(h for j, h in adj[i] if j in zset)
        fixed[i] = (opps_fixed, moving, wh)
    # A newcomer whose own value and whose newcomer opponents' values did not move since he was
    # last computed would get the same value again (a step is a function of them; the stop
    # rule's remembered values only grow): each round computes only the others.  The rounds,
    # every value and so every number are those of the full Jacobi iteration.
    dependents: dict[int, list[int]] = {i: [] for i in zusatz}
    for i in zusatz:
        for j in fixed[i][1]:
            dependents[j].append(i)
    step, settled = ed.iteration_next, ed.iteration_settled
    rounds = 0
    stale = list(zusatz)
    while rounds < MAX_ROUNDS:
        rounds += 1
        new: dict[int, float] = {}
        for i in stale:
            opps_fixed, moving, wh = fixed[i]
            opps = opps_fixed + [values[j] for j in moving] if moving else opps_fixed
            new[i] = step(values[i], wh, opps, seen[i])
        changed = not all(settled(values[i], new[i]) for i in stale)
        moved = [i for i in stale if new[i] != values[i]]
        for i in stale:
            seen[i].add(new[i])
        values.update(new)
        if not changed:
            break
        again = set(moved)
        for j in moved:
            again.update(dependents[j])
        stale = [i for i in zusatz if i in again]  # in the newcomers' order, as before
    return {i: values[i] for i in zusatz}, rounds, start


def rated_games(games: list[tuple[int, int]], values: Mapping[int, int]) -> tuple[list[int], int]:
    """A player's games against Auswahl II (``values`` holds exactly it): the opponents' values and W in halves."""
    opps: list[int] = []
    wh = 0
    for j, h in games:
        v = values.get(j)
        if v is not None:
            opps.append(v)
            wh += h
    return opps, wh


def _performances(ed: Edition[We], adj: Adjacency, which: set[int], values: dict[int, int],
                  ri: dict[int, float], rest: dict[int, list[tuple[int, int, date]]],
                  games: dict[int, tuple[list[int], int]] | None = None) -> dict[int, int | None]:
    """Leistung for the Auswahl-II players in ``which`` with ≥ 5 rated games (WO 3.6.1);
    a newcomer without Restpartien has Rh = Ri.  (``values`` holds exactly Auswahl II.)
    Each player's rated games are kept in ``games`` for the Folge-DWZ over the same values."""
    out: dict[int, int | None] = {}
    for i in which:
        opps, wh = rated_games(adj[i], values)
        if games is not None:
            games[i] = (opps, wh)
        if not performance_eligible(len(opps)):
            out[i] = None
        elif i in ri and not rest.get(i):
            out[i] = round_half_up(ri[i])
        else:
            out[i] = ed.performance(opps, wh, explain=False).value
    return out
