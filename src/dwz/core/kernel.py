"""The evaluation of one tournament on compact data — the single place where the
tournament procedure lives (spec dwz-classic §12, dwz-2026 §4–§6).

:func:`dwz.core.tournament.evaluate_tournament` translates a validated
:class:`~dwz.core.model.Tournament` into this form and explains the results;
the history runner (:mod:`dwz.history`) feeds it directly from the database.

Players are addressed by position ``0 … N−1``; games are ``(a, b, halves of a)``
for played, rated games only (the caller drops forfeits, byes and computers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from types import ModuleType
from typing import NamedTuple

from dwz.core.performance import MIN_GAMES
from dwz.core.rounding import round_half_up
from dwz.core.values import AgeGroup

__all__ = ["KPlayer", "KResult", "EvaluationOptions", "KEvaluation", "run", "expired", "SONDER_MARGIN", "FOREIGN_INDEX"]

SONDER_MARGIN = 300  # WO 3.6.3: performance more than 300 above the previous DWZ
RESTPARTIEN_YEARS = 2  # WO 4.1.1
FOREIGN_INDEX = 6  # WO 2.2.4: a FIDE rating taken as starting value carries index 6
MAX_ROUNDS = 1000
EPS_2026 = 1e-7


class KPlayer(NamedTuple):
    """A participant as the kernel sees him.  ``rest`` are stored Restpartien
    ``(opponent rating, halves, end date of the tournament they were played in)``."""

    rating: int | None
    dwz_index: int | None
    elo: int | None
    age_group: AgeGroup
    member: bool = True
    rest: tuple[tuple[int, int, date], ...] = ()


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
    ``restpartien_vs_stage2``  games against 2nd-stage newcomers also become Restpartien
        (the WO says "gegen die Auswahl I": off).
    ``store_restpartien``  keep Restpartien for unrated members.
    """

    classic_foreign_e_index: int = 1
    use_elo_for_unrated: bool = True
    use_elo_from_2400: bool = False
    sonderwertung: bool = True
    sonderwertung_extremes: bool = True
    restpartien_vs_stage2: bool = False
    store_restpartien: bool = True

    def to_dict(self) -> dict[str, bool | int]:
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


class KResult(NamedTuple):
    """The evaluation of one player.  ``status``: established, foreign, first, unrated, no_games."""

    status: str
    stage: int  # 0, or 1/2 for newcomers (Zusatzstufe)
    r0: int | None  # the R0 used (DWZ, or Elo for foreign-rated entrants)
    old_index: int | None  # index before (6 for foreign-rated entrants)
    coeff_index: int | None  # index used for E / K0
    wh: int  # points in halves over the counted games (newcomers: with Restpartien)
    n: int
    we: float | None
    coefficient: float | None  # E or K
    rc: int | None
    perf: int | None
    sonder: int | None  # the Rh he counts with for his opponents (WO 3.6.3)
    ri: float | None
    start: float | None
    new_rating: int | None
    new_index: int | None
    rest_used: tuple[tuple[int, int, date], ...]
    rest_expired: tuple[tuple[int, int, date], ...]
    rest_out: tuple[tuple[int, int, date], ...]  # to store: kept + new (members only)
    rest_new: tuple[tuple[int, int, date], ...]  # this tournament's games that became Restpartien
    reason: str | None  # why an unrated player got no first DWZ


class KEvaluation(NamedTuple):
    results: list[KResult]
    values: dict[int, int]  # each Auswahl-II player's rating as opponent (R0, Rn or Rh)
    auswahl1: frozenset[int]
    auswahl2: frozenset[int]
    rounds: int
    sonder: dict[int, int]


def expired(played: date, end: date) -> bool:
    """Restpartien expire two years after the end of their tournament (WO 4.1.1)."""
    try:
        limit = played.replace(year=played.year + RESTPARTIEN_YEARS)
    except ValueError:  # 29 February
        limit = played.replace(year=played.year + RESTPARTIEN_YEARS, day=28)
    return end > limit


def run(ed: ModuleType, end: date, players: Sequence[KPlayer], games: Sequence[tuple[int, int, int]],
        opts: EvaluationOptions | None = None) -> KEvaluation:
    """Evaluate one tournament.  Pure: no I/O, no Rechenweg (see tournament.py for that)."""
    opts = opts or EvaluationOptions()
    np = len(players)
    adj: list[list[tuple[int, int]]] = [[] for _ in range(np)]
    for a, b, ha in games:
        adj[a].append((b, ha))
        adj[b].append((a, 2 - ha))

    # 1. established players (DWZ, or a foreign rating per WO 4.1.2) and unrated ones
    base: dict[int, int] = {}
    idx_shown: dict[int, int | None] = {}
    idx_coeff: dict[int, int | None] = {}
    foreign: set[int] = set()
    rest: dict[int, list[tuple[int, int, date]]] = {}
    gone: dict[int, list[tuple[int, int, date]]] = {}
    is_2026 = ed.NAME == "dwz-2026"
    for i, p in enumerate(players):
        if p.rating:
            if opts.use_elo_from_2400 and p.rating >= 2400 and p.elo:
                base[i] = p.elo
                foreign.add(i)
            else:
                base[i] = p.rating
            idx_shown[i] = idx_coeff[i] = p.dwz_index
        elif p.elo and opts.use_elo_for_unrated:
            # WO 4.1.2 / 2.2.4: the FIDE rating enters with index 6; E uses index 1 under
            # the classic rules (new Anhang 1.2), K0 uses index 6 from 2026 (spec §4.1).
            base[i] = p.elo
            idx_shown[i] = FOREIGN_INDEX
            idx_coeff[i] = FOREIGN_INDEX if is_2026 else opts.classic_foreign_e_index
            foreign.add(i)
        else:
            rest[i] = [g for g in p.rest if not expired(g[2], end)]
            gone[i] = [g for g in p.rest if expired(g[2], end)]

    # 2. Zusatzstufen (WO 3.4.1): ≥ 5 games against the previous selection with
    #    Restpartien, no 0 % / 100 %
    def select(cands: list[int], selection: set[int] | dict[int, int]) -> list[int]:
        chosen = []
        for i in cands:
            r = rest[i]
            n = len(r)
            wh = sum(g[1] for g in r)
            for j, h in adj[i]:
                if j in selection:
                    n += 1
                    wh += h
            if n >= MIN_GAMES and 0 < wh < 2 * n:
                chosen.append(i)
        return chosen

    unrated = [i for i in range(np) if i not in base]
    stage1 = select(unrated, base)
    auswahl1 = set(base) | set(stage1)
    stage2 = select([i for i in unrated if i not in set(stage1)], auswahl1)
    auswahl2 = auswahl1 | set(stage2)

    ri, rounds, start = _gesamtiteration(ed, adj, rest, stage1, stage2, base, auswahl1, auswahl2)
    first = {i: ed.first_rating(v, explain=False).new_rating for i, v in ri.items()}
    values = dict(base)
    values.update(first)

    # 3. Leistung and Sonderwertung (WO 3.6.3): first pass with R0 and the new first DWZs
    perf_all = _performances(ed, adj, auswahl2, values, ri, rest)
    sonder: dict[int, int] = {}
    if opts.sonderwertung:
        for i, perf in perf_all.items():
            if i in base and i not in foreign and perf is not None and perf - base[i] > SONDER_MARGIN:
                wh = sum(h for j, h in adj[i] if j in auswahl2)
                n = sum(1 for j, _ in adj[i] if j in auswahl2)
                if opts.sonderwertung_extremes or 0 < wh < 2 * n:
                    sonder[i] = perf
    if sonder:  # the Gesamtiteration is redone with Rh in place of R0, then all We use Rh
        old_ri = ri
        base2 = dict(base)
        base2.update(sonder)
        ri, rounds2, start = _gesamtiteration(ed, adj, rest, stage1, stage2, base2, auswahl1, auswahl2)
        rounds += rounds2
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
        perf_all.update(_performances(ed, adj, again, values, ri, rest))

    # 4. Folge-DWZ of the established players over their games against Auswahl II (WO 3.5.2)
    results: list[KResult] = []
    stage_of = {i: 1 for i in stage1} | {i: 2 for i in stage2}
    rest_allowed = auswahl2 if opts.restpartien_vs_stage2 else auswahl1
    for i, p in enumerate(players):
        if i in base:
            r0 = base[i]
            opps = []
            wh = 0
            for j, h in adj[i]:
                v = values.get(j)  # values holds exactly Auswahl II
                if v is not None:
                    opps.append(v)
                    wh += h
            n = len(opps)
            status = "foreign" if i in foreign else "established"
            if n == 0:  # nothing rated: the DWZ stays; a foreign rating does not become a DWZ
                keep = i not in foreign or bool(p.rating)
                results.append(KResult("no_games", 0, r0, idx_shown[i], idx_coeff[i], 0, 0, None, None, None, None, None,
                                       None, None, r0 if keep else None, idx_shown[i] if keep else None, (), (), (), (), None))
                continue
            we = ed.expected_total(r0, opps)
            out = ed.folge(r0, idx_coeff[i], p.age_group, wh, n, we, explain=False)
            shown = idx_shown[i]
            results.append(KResult(status, 0, r0, shown, idx_coeff[i], wh, n, ed.we_to_float(we), out.coefficient,
                                   round_half_up(sum(opps) / n), perf_all.get(i), sonder.get(i), None, None, out.new_rating,
                                   None if shown is None else shown + 1, (), (), (), (), None))
        elif i in ri:
            opps_f = [float(g[0]) for g in rest[i]] + [float(values[j]) for j, _ in adj[i] if j in auswahl2]
            wh = sum(g[1] for g in rest[i]) + sum(h for j, h in adj[i] if j in auswahl2)
            t_opps = [values[j] for j, _ in adj[i] if j in auswahl2]
            rn = first[i]
            we = ed.expected_total(rn, [round_half_up(o) for o in opps_f])
            rc = round_half_up(sum(t_opps) / len(t_opps)) if t_opps else None
            results.append(KResult("first", stage_of[i], None, None, 1, wh, len(opps_f), ed.we_to_float(we), None, rc,
                                   perf_all.get(i), None, ri[i], start[i], rn, 1, tuple(rest[i]), tuple(gone[i]), (), (), None))
        else:
            # stays unrated: games against Auswahl I become Restpartien (WO 3.4.2) with the
            # opponent's R0 or new first DWZ — never a Sonderwertung value
            new = tuple((base.get(j, values.get(j, 0)), h, end) for j, h in adj[i] if j in rest_allowed)
            kept = tuple(rest[i])
            n_all = len(kept) + len(new)
            wh_all = sum(g[1] for g in kept) + sum(g[1] for g in new)
            if n_all < MIN_GAMES:
                reason = "first_too_few"
            elif wh_all == 0:
                reason = "first_zero"
            elif wh_all == 2 * n_all:
                reason = "first_full"
            else:
                reason = "first_stage_missing"
            store = opts.store_restpartien and p.member
            status = "unrated" if adj[i] or kept else "no_games"
            results.append(KResult(status, 0, None, None, None, wh_all, n_all, None, None, None, None, None, None, None, None,
                                   None, kept, tuple(gone[i]), (kept + new) if store else (), new, reason))
    return KEvaluation(results, values, frozenset(auswahl1), frozenset(auswahl2), rounds, sonder)


def _terms(adj: list[list[tuple[int, int]]], rest: dict[int, list[tuple[int, int, date]]], i: int,
           allowed: set[int], values: dict[int, float] | dict[int, int]) -> tuple[list[float], int]:
    r = rest[i]
    opps = [float(g[0]) for g in r]
    wh = sum(g[1] for g in r)
    for j, h in adj[i]:
        if j in allowed:
            opps.append(values[j])
            wh += h
    return opps, wh


def _gesamtiteration(ed: ModuleType, adj: list[list[tuple[int, int]]], rest: dict[int, list[tuple[int, int, date]]],
                     stage1: list[int], stage2: list[int], base: dict[int, int], auswahl1: set[int],
                     auswahl2: set[int]) -> tuple[dict[int, float], int, dict[int, float]]:
    """Anhang 1.1: all newcomers at once (Jacobi steps) until no value changes.

    Returns the final values Ri, the number of rounds and the start values."""
    if not stage1 and not stage2:
        return {}, 0, {}
    values: dict[int, float] = {k: float(v) for k, v in base.items()}
    est = set(base)
    start: dict[int, float] = {}
    for i in stage1:  # step 0: Restpartien + games against established players …
        opps, wh = _terms(adj, rest, i, est, values)
        start[i] = ed.iteration_start(opps, wh)[0]
    values.update({i: start[i] for i in stage1})
    for i in stage2:  # … stage 2 also against stage 1 (with their start values)
        opps, wh = _terms(adj, rest, i, auswahl1, values)
        start[i] = ed.iteration_start(opps, wh)[0]
    values.update({i: start[i] for i in stage2})
    zusatz = stage1 + stage2
    seen: dict[int, set[float]] = {i: {values[i]} for i in zusatz}
    classic = ed.NAME == "dwz-classic"
    # From step 1 on each newcomer uses Restpartien + all games against Auswahl II; only
    # the other newcomers' values move, so the fixed part is gathered once.
    zset = set(zusatz)
    fixed: dict[int, tuple[list[float], list[int], int]] = {}
    for i in zusatz:
        opps_fixed, wh = _terms(adj, rest, i, auswahl2 - zset, values)
        moving = [j for j, h in adj[i] if j in zset]
        wh += sum(h for j, h in adj[i] if j in zset)
        fixed[i] = (opps_fixed, moving, wh)
    rounds = 0
    while rounds < MAX_ROUNDS:
        rounds += 1
        new: dict[int, float] = {}
        for i in zusatz:
            opps_fixed, moving, wh = fixed[i]
            opps = opps_fixed + [values[j] for j in moving] if moving else opps_fixed
            nxt = ed.iteration_next(values[i], wh, opps)
            if classic and nxt != values[i] and nxt in seen[i]:
                nxt = values[i]  # a value repeats: keep the current one (spec §8.3)
            new[i] = nxt
        if classic:
            changed = any(new[i] != values[i] for i in zusatz)
        else:
            changed = any(abs(new[i] - values[i]) > EPS_2026 for i in zusatz)
        for i in zusatz:
            seen[i].add(new[i])
        values.update(new)
        if not changed:
            break
    return {i: values[i] for i in zusatz}, rounds, start


def _performances(ed: ModuleType, adj: list[list[tuple[int, int]]], which: set[int], values: dict[int, int],
                  ri: dict[int, float], rest: dict[int, list[tuple[int, int, date]]]) -> dict[int, int | None]:
    """Leistung for the Auswahl-II players in ``which`` with ≥ 5 rated games (WO 3.6.1);
    a newcomer without Restpartien has Rh = Ri.  (``values`` holds exactly Auswahl II.)"""
    out: dict[int, int | None] = {}
    for i in which:
        opps = []
        wh = 0
        for j, h in adj[i]:
            v = values.get(j)
            if v is not None:
                opps.append(v)
                wh += h
        if len(opps) < MIN_GAMES:
            out[i] = None
        elif i in ri and not rest.get(i):
            out[i] = round_half_up(ri[i])
        else:
            out[i] = ed.performance(opps, wh, explain=False).value
    return out
