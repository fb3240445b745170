"""The card in the DSB's shape, its chart, and the web page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.history import add_tournament, open_store, run, transaction
from dwz.history.card import card_svg, card_table, find_player, load_card
from tests import oracle
from tests.history._build import P, T
from tests.history.test_runner import _newcomer_history


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "h.sqlite"
    conn = open_store(path)
    with transaction(conn):
        for t in _newcomer_history():
            add_tournament(conn, t)
        add_tournament(conn, T("Sommer-Open 2026", "2026-08-01", [P(1, "Barthel", born=1995), P(2, "O905", 905, 30)], [(1, 1, 2, "½-½")]))
        add_tournament(conn, T("<b>Böse</b> & Co", "2016-01-01", [P(1, "<script>x</script>", 1500, 3), P(2, "O894", 894, 30)],
                               [(1, 1, 2, "1-0")]))
    run(conn)
    conn.close()
    return path


def test_card_rows(db: Path) -> None:
    conn = open_store(db, readonly=True)
    card = load_card(conn, find_player(conn, "barthel"))
    assert [(r.name, r.status) for r in card.rows] == [
        ("T1", "unrated"), ("T2", "unrated"), ("T3", "first"), ("Umstufung 2026", "umstufung"), ("Sommer-Open 2026", "established")]
    first, umst, new = card.rows[2], card.rows[3], card.rows[4]
    assert (first.W, first.n, first.new_rating, first.new_index, first.coefficient_name) == (2.0, 5, 983, 1, None)
    assert (umst.old_rating, umst.old_index, umst.new_rating, umst.new_index) == (983, 1, oracle.umstufung(983), 2)
    assert new.coefficient_name == "K" and new.old_rating == oracle.umstufung(983)
    titles, rows = card_table(card, "de")
    assert titles == ["Nr.", "Turnier", "Ende", "DWZ alt", "W/n", "We", "E/K", "Niveau", "Leistung", "DWZ-Index"]
    assert rows[0]["new"] == "Restpartien: 1" and rows[1]["new"] == "Restpartien: 3"
    assert rows[2]["wn"] == "2,0/5" and rows[2]["new"] == "983-1 *" and rows[2]["end"] == "01.09.2015"
    assert rows[3]["tournament"] == "Umstufung 2026" and rows[3]["no"] == "" and rows[3]["new"] == f"{oracle.umstufung(983)}-2"
    assert rows[4]["no"] == "4" and rows[4]["wn"] == "0,5/1" and rows[4]["coef"].count(",") == 1
    en = card_table(card, "en")[1]
    assert en[4]["wn"] == "0.5/1" and en[2]["end"] == "2015-09-01"
    # an established opponent: E (an integer) for a classic evaluation
    o = load_card(conn, find_player(conn, "O905"))
    assert o.rows[0].coefficient_name == "E" and isinstance(o.rows[0].coefficient, int)
    conn.close()


def test_chart_svg(db: Path) -> None:
    conn = open_store(db, readonly=True)
    card = load_card(conn, find_player(conn, "Barthel"))
    svg = card_svg(card, "de")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<circle") == 3  # first DWZ, Umstufung, Sommer-Open
    assert "983" in svg and "Umstufung 2026" in svg and "DWZ von Barthel" in svg
    bad = load_card(conn, find_player(conn, "<script>x</script>"))
    out = card_svg(bad, "en")
    assert "<script>" not in out and "&lt;script&gt;" in out
    conn.close()


def test_find_player(db: Path) -> None:
    conn = open_store(db, readonly=True)
    with pytest.raises(InputError) as e:
        find_player(conn, "Niemand")
    assert e.value.problems[0].code == "player_unknown"
    with pytest.raises(InputError) as e:
        find_player(conn, "O")  # O1177, O894, … : a prefix of several names
    assert e.value.problems[0].code == "player_ambiguous"
    assert find_player(conn, "#1") == 1
    conn.close()


def test_web_card_page(db: Path) -> None:
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from dwz.web.history_page import make_router

    app = FastAPI()
    app.include_router(make_router(db))
    client = TestClient(app)
    conn = open_store(db, readonly=True)
    pid = find_player(conn, "Barthel")
    evil = find_player(conn, "<script>x</script>")
    conn.close()
    r = client.get(f"/karte/{pid}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "983-1 *" in r.text and "<svg" in r.text and "Umstufung 2026" in r.text
    assert len(re.findall(r"<tr class=\"(tournament|umstufung)", r.text)) == 5
    assert "Rating card" in client.get(f"/karte/{pid}?lang=en").text
    r = client.get(f"/karte/{evil}")
    assert "<script>x" not in r.text and "&lt;script&gt;x" in r.text
    assert "<b>Böse" not in r.text
    assert client.get("/karte/99999").status_code == 404
    assert client.get("/karte/abc").status_code == 422
    app2 = FastAPI()
    app2.include_router(make_router(db.parent / "missing.sqlite"))
    assert TestClient(app2).get(f"/karte/{pid}").status_code == 503


def test_web_search_page_and_serve_mounts_the_cards(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    from dwz.web.app import create_app

    monkeypatch.setenv("DWZ_HISTORY_DB", str(db))  # what `dwz serve --db FILE` sets
    client = TestClient(create_app())
    page = client.get("/karte?q=barth")
    conn = open_store(db, readonly=True)
    pid = find_player(conn, "Barthel")
    last = load_card(conn, pid).rows[-1]
    conn.close()
    assert page.status_code == 200 and f'href="/karte/{pid}"' in page.text
    assert f"{last.new_rating}-{last.new_index}" in page.text  # the current DWZ-index
    assert 'href="/karte"' in client.get("/").text  # the navigation offers the cards
    assert "Kein Spieler gefunden" in client.get("/karte?q=Niemand").text
    evil = client.get("/karte?q=%3Cscript%3E")
    assert "<script>x" not in evil.text
    monkeypatch.delenv("DWZ_HISTORY_DB")
    assert TestClient(create_app()).get("/karte?q=barth").status_code == 404  # without --db: no cards
