"""Invariants of the pre-upload check over generated tournaments (any players, ids, birth
years, pairings, notes): it never fails, its order and exit code follow the severities, every
finding renders completely in both languages and its JSON is plain data."""

from __future__ import annotations

import json
import string
from datetime import date

from hypothesis import HealthCheck, given, settings

from dwz.basics.errors import InputError
from dwz.basics.model import Tournament
from dwz.core.tournament import evaluate_tournament
from dwz.i18n import CATALOGS
from dwz.reports.check import check_tournament
from dwz.reports.findings import SEVERITIES
from tests.formats.strategies import tournaments

TODAY = date(2026, 12, 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_check_invariants(t: Tournament) -> None:
    try:
        ev, problems = evaluate_tournament(t), ()
    except InputError as e:
        ev, problems = None, e.problems
    rep = check_tournament(t, evaluation=ev, evaluation_problems=problems, today=TODAY)
    order = [SEVERITIES.index(f.severity) for f in rep.findings]
    assert order == sorted(order)
    counts = {s: rep.count(s) for s in SEVERITIES}
    assert sum(counts.values()) == len(rep.findings)
    assert rep.exit_code == (2 if counts["error"] else 1 if counts["warning"] else 0)
    nos = {p.no for p in t.players}
    for f in rep.findings:
        assert f.player is None or f.player in nos
    # the same finding twice would be noise: (kind, player, place, message) is unique (file notes are the reader's, as given)
    keys = [(f.kind, f.player, f.where, f.round, f.message("en")) for f in rep.findings if f.kind != "file"]
    assert len(keys) == len(set(keys))
    if t.end is None:
        assert any(f.kind == "end_missing" and f.severity == "error" for f in rep.findings)
    for p in t.players:
        if p.birth_year is None and not p.computer:
            assert any(f.kind == "birth_year_missing" and f.player == p.no for f in rep.findings)
    for lang in ("de", "en"):
        d = rep.to_dict(lang)
        json.dumps(d)
        for f, finding in zip(d["findings"], rep.findings, strict=True):
            assert f["title"] and f["fix"] and f["message"]
            if finding.problem is None:  # a file note's (or an upload file's) text is the reader's or writer's, with its code
                key = f"check.{f['kind']}.{finding.variant}" if finding.variant else f"check.{f['kind']}"
                user = " ".join(str(v) for _, v in finding.values) + (finding.name or "") + t.name
                for _, name, _, _ in string.Formatter().parse(CATALOGS[lang]["ui"][key]):
                    # every placeholder filled (unless the user's own text happens to contain it)
                    assert not name or "{" + name + "}" not in f["message"] or "{" + name + "}" in user, (key, f)
        assert d["summary"]["text"] == rep.summary(lang)
