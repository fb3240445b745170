"""The Rechenweg of a tournament's players (dwz.core.tournament_explain): the same rule functions
as the table's numbers, called again with their steps — a disagreement with the table is an
error, never a Rechenweg shown; and an evaluation pickled before any Rechenweg was read explains
the same after unpickling (its edition travels by name)."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest

import dwz
from dwz.basics.wo import age_group_of
from dwz.core import kernel
from dwz.core.kernel import KPlayer
from dwz.core.tournament_records import PlayerEvaluation
from dwz.rules import DWZ_EDITIONS, edition_for, get_edition
from tests.engine.reference_outputs import random_tournament


def _evaluation(want: tuple[str, ...]) -> dwz.TournamentEvaluation:
    """The first of the golden corpus's generated tournaments (fixed seed) whose rows include each
    of ``want``: "established" with a Leistung, "first" (a first DWZ) with or without Restpartien."""
    rng = random.Random(2011)
    for k in range(300):
        t, opts = random_tournament(rng, k)
        try:
            ev = dwz.evaluate_tournament(t, **opts)
        except dwz.InputError:
            continue
        if all(any(_is(pe, w) for pe in ev.players) for w in want):
            return ev
    raise AssertionError(f"no generated tournament has {want}")


def _is(pe: PlayerEvaluation, kind: str) -> bool:
    if kind == "established":
        return pe.status == "established" and pe.performance is not None
    if kind == "first_rest":
        return pe.status == "first" and bool(pe.restpartien_used) and pe.performance is not None
    return pe.status == "first" and not pe.restpartien_used


def _tampered(pe: PlayerEvaluation, **kernel: Any) -> PlayerEvaluation:
    """The row with a kernel number moved (nothing read yet: its own cache)."""
    assert pe._kernel is not None
    return dataclasses.replace(pe, _kernel=pe._kernel._replace(**kernel), _lazy={})


KINDS = ("established", "first", "first_rest")


@pytest.mark.parametrize("kind", KINDS)
def test_the_rechenweg_agrees_with_the_table(kind: str) -> None:
    ev = _evaluation(KINDS)
    pe = next(pe for pe in ev.players if _is(pe, kind))
    steps = pe.steps
    assert steps and steps[0].key in ("core.age", "core.age_assumed")
    assert [g for g in pe.games if g.counted] and all(g.P is not None for g in pe.games if g.counted)
    if pe.status == "first":
        assert any(s.key == "tour.gesamt" and s.values["result"] == pe.Ri for s in steps)
    else:
        assert pe.components


@pytest.mark.parametrize(("kind", "moved", "said"), [
    ("established", "new_rating", "disagree for"),
    ("established", "perf", "disagree on the Leistung"),
    ("first", "new_rating", "disagree for"),
    ("first_rest", "perf", "disagree on the Leistung"),
])
def test_a_table_number_the_rechenweg_does_not_reach_is_an_error(kind: str, moved: str, said: str) -> None:
    ev = _evaluation(KINDS)
    pe = next(pe for pe in ev.players if _is(pe, kind))
    assert pe._kernel is not None
    bad = _tampered(pe, **{moved: getattr(pe._kernel, moved) + 1})
    with pytest.raises(AssertionError, match=said):
        bad.steps  # noqa: B018
    assert _tampered(pe).steps == pe.steps  # the same row untouched explains as before


def test_an_evaluation_pickled_unread_explains_the_same() -> None:
    ev = _evaluation(KINDS)
    stored = pickle.dumps(ev)  # before any Rechenweg, line or Elo was read
    again = pickle.loads(stored)
    assert again.to_dict("en") == ev.to_dict("en")
    assert [pe.rechenweg("de") for pe in again.players] == [pe.rechenweg("de") for pe in ev.players]


def test_the_kernels_kept_games_are_those_of_its_final_values() -> None:
    """The Rechenweg takes each player's rated games and a newcomer's opponents of We at Ri from the
    kernel (``KEvaluation.rated``, ``.iteration``); after a Sonderwertung the kernel gathers only
    some games again — the kept ones are still exactly those against its final values."""
    rng = random.Random(2011)
    sonder = 0
    for k in range(150):
        t, opts = random_tournament(rng, k)
        assert t.end is not None
        players = [p for p in t.players if not p.computer]
        index = {p.no: i for i, p in enumerate(players)}
        games = [(index[g.white], index[g.black], g.result_white.halves) for g in t.pairings
                 if g.played and g.black is not None and g.white in index and g.black in index]
        kps = [KPlayer(rating=p.rating, dwz_index=p.index, elo=p.elo, age_group=age_group_of(p.birth_year, t.end)[0],
                       member=p.member, rest=tuple((g.opponent, g.result.halves, g.played) for g in p.restpartien)) for p in players]
        ed = get_edition(opts["rules"]) if "rules" in opts else DWZ_EDITIONS[edition_for(t.end)]
        ev = kernel.run(ed, t.end, kps, games, opts.get("options"))
        adj = kernel.adjacency(len(kps), games)
        final = kernel.final_values(ev.values, {i: r.ri for i, r in enumerate(ev.results) if r.ri is not None})
        assert set(ev.rated) == set(ev.auswahl2) == set(ev.values)
        for i in ev.auswahl2:
            assert ev.rated[i] == kernel.rated_games(adj[i], ev.values), (k, i)
        for i, r in enumerate(ev.results):
            if r.status == "first":
                assert ev.iteration[i] == kernel.iteration_games(adj[i], r.rest_used, ev.auswahl2, final)[0], (k, i)
        sonder += bool(ev.sonder)
    assert sonder >= 10  # the Sonderwertung's second pass was there to be checked
