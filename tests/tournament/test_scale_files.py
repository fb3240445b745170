"""The ``scale`` of our tournament files (docs/formats.md): per file and per player, read and written
by both formats, a bad value named with its place; the evaluation converts what is said to be
old-scale (a player's own value winning), and a DSB list of before the switch flags what it fills."""

from __future__ import annotations

import json
from datetime import date

import pytest

import dwz
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.lists import enrich
from dwz.formats.table import read_csv, read_json, write_csv, write_json
from tests import oracle


def _t(scale: str | None = None) -> Tournament:
    ps = (Player(1, "Alt, Anna", 950, 10, birth_year=1980, scale="old"), Player(2, "Neu, Nils", 1500, 20, birth_year=1980),
          Player(3, "Mitte, Max", 1250, 8, birth_year=1990, scale="new"))
    prs = (Pairing(1, 1, 2, Result.WIN, Result.LOSS), Pairing(2, 3, 1, Result.DRAW, Result.DRAW))
    return Tournament("Herbst", date(2026, 9, 14), ps, prs, scale=scale)


@pytest.mark.parametrize("scale", [None, "old", "new"])
def test_round_trip(scale: str | None) -> None:
    t = _t(scale)
    for back in (read_json(write_json(t)), read_csv(write_csv(t))):
        assert back.scale == scale
        assert [p.scale for p in back.players] == ["old", None, "new"]
    doc = json.loads(write_json(t))  # written where it is set
    assert ("scale" in doc) is (scale is not None) and ["scale" in p for p in doc["players"]] == [True, False, True]


def test_spellings_and_bad_values() -> None:
    doc = json.loads(write_json(_t()))
    doc["scale"] = "ALT"
    doc["players"][1]["scale"] = "Neu"
    t = read_json(json.dumps(doc))
    assert (t.scale, t.players[1].scale) == ("old", "new")
    doc["players"][1]["scale"] = "mittel"
    with pytest.raises(dwz.InputError) as e:
        read_json(json.dumps(doc), name="t.json")
    p = e.value.problems[0]
    assert (p.field, p.code, p.value) == ("t.json:$.players[1].scale", "scale_invalid", "mittel")
    csv_text = "[Turnier]\nName,T\nEnde,2026-09-14\nSkala,alt\n\n[Spieler]\nNr,Name,DWZ,Skala\n1,A,950,mittel\n"
    with pytest.raises(dwz.InputError) as e:
        read_csv(csv_text, name="t.csv")
    assert [(p.field, p.code) for p in e.value.problems] == [("t.csv:8", "scale_invalid")]
    assert read_csv(csv_text.replace("mittel", "neu")).scale == "old"


def test_the_player_wins_over_the_file_and_the_option() -> None:
    ev = dwz.evaluate_tournament(_t("old"), options=dwz.EvaluationOptions(scale="new"))
    assert [(pe.old_rating, pe.old_index) for pe in ev.players] == [(oracle.umstufung(950), 11), (oracle.umstufung(1500), 21),
                                                                    (1250, 8)]
    ev = dwz.evaluate_tournament(_t(None), options=dwz.EvaluationOptions(scale="alt"))
    assert [pe.old_rating for pe in ev.players] == [oracle.umstufung(950), oracle.umstufung(1500), 1250]
    with pytest.raises(dwz.InputError):
        dwz.EvaluationOptions(scale="mittel")


def test_enrich_flags_dwz_from_an_old_list() -> None:
    t = Tournament("T", date(2026, 9, 14), (Player(1, "Böhmler, Thomas", birth_year=1970), Player(2, "Eigen, Eva", 1700, 5)), ())
    dsb = [DsbEntry("123", "C0512", "7", "A", "Boehmler,Thomas", "m", 1970, 1830, 41, None, None, None, None),
           DsbEntry("124", "C0512", "8", "A", "Eigen,Eva", "w", None, 1650, 4, None, None, None, None)]
    t2, report = enrich(t, dsb=dsb, dsb_old_scale=True)
    assert [(p.rating, p.index, p.scale) for p in t2.players] == [(1830, 41, "old"), (1700, 5, None)]  # the file's own DWZ stays
    assert report.old_scale == (1,) and any(p.code == "list_old_scale_converted" for p in report.problems())
    pe = dwz.evaluate_tournament(t2).player(1)
    assert (pe.old_rating, pe.old_index) == (oracle.umstufung(1830), 42) and "scale_converted" in pe.remarks
    t3, report = enrich(t, dsb=dsb)
    assert t3.players[0].scale is None and report.old_scale == ()
