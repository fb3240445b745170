"""Our own JSON and CSV tournament files: exact round trips, the schema, hand-written files, errors."""

from __future__ import annotations

import json
from datetime import date
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from dwz.basics.errors import InputError
from dwz.basics.model import Tournament
from dwz.basics.values import Result
from dwz.formats.swi import read_swi
from dwz.formats.table import read_csv, read_json, strip_sources, write_csv, write_json
from dwz.formats.trf import read_trf
from tests.conftest import SAMPLES
from tests.formats.strategies import tournaments

ROUND_TRIP = settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.too_slow])


def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(resources.files("dwz.formats").joinpath("tournament.schema.json").read_text(encoding="utf-8"))
    return loaded


@ROUND_TRIP
@given(tournaments())
def test_json_round_trip_is_exact(t: Tournament) -> None:
    text = write_json(t)
    back = read_json(text)
    assert strip_sources(back) == t
    assert write_json(back) == text


@ROUND_TRIP
@given(tournaments())
def test_csv_round_trip_is_exact(t: Tournament) -> None:
    text = write_csv(t)
    back = read_csv(text)
    assert strip_sources(back) == t
    assert write_csv(back) == text
    # the same file saved by a spreadsheet as cp1252 bytes with CRLF, when it can be
    try:
        data = text.replace("\n", "\r\n").encode("cp1252")
    except UnicodeEncodeError:
        return
    assert strip_sources(read_csv(data)) == t


@ROUND_TRIP
@given(tournaments())
def test_written_json_matches_the_schema(t: Tournament) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(json.loads(write_json(t)), schema())


def test_schema_is_valid_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("path", [SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi",
                                  SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf",
                                  SAMPLES / "trf" / "lichess_swiss_2020_06.trf"])
def test_samples_convert_without_loss(path: Path) -> None:
    t = read_swi(path) if path.suffix == ".swi" else read_trf(path)
    assert strip_sources(read_json(write_json(t))) == strip_sources(t)
    assert strip_sources(read_csv(write_csv(t))) == strip_sources(t)


def test_minimal_hand_written_json() -> None:
    t = read_json('{"name": "Blitz", "players": [{"no": 1, "name": "A", "rating": "1650-12"}, {"no": 2, "name": "B",'
                  ' "fide_id": 4100018}], "games": [{"round": 1, "white": 1, "black": 2, "result": "1/2-1/2"},'
                  ' {"round": 2, "white": 2, "result": "bye"}]}')
    assert (t.player(1).rating, t.player(1).index, t.player(2).fide_id) == (1650, 12, "4100018")
    assert t.pairings[0].result_white is Result.DRAW and t.pairings[1].result_white is Result.BYE_FULL
    assert t.end is None and t.rounds == 2 and t.rated


def test_hand_written_csv_semicolons_german_headers_and_comments() -> None:
    text = ("# exported by hand\r\n"
            "[Turnier];;;\r\nName;Vereinsmeisterschaft;;\r\nEnde;14.09.2026;;\r\ngewertet;ja;;\r\n;;;\r\n"
            "[Spieler];;;\r\nNr;Name;DWZ;Geburtsjahr;Mgl-Nr;Notiz\r\n1;Müller, Jörg;1650-12;1985;0135;nett\r\n"
            "2;Weiß, Anna;;;;\r\n[Partien];;;\r\nRunde;Weiß;Schwarz;Ergebnis\r\n1;1;2;1:0\r\n2;2;;spielfrei?\r\n")
    with pytest.raises(InputError) as e:
        read_csv(text.encode("cp1252"), name="vm.csv")
    (p,) = e.value.problems
    assert (p.code, p.field, p.value) == ("game_result_unknown", "vm.csv:14", "spielfrei?")
    t = read_csv(text.replace("spielfrei?", "F").encode("cp1252"), name="vm.csv")
    a = t.player(1)
    assert (t.name, t.end, a.name, a.rating, a.index, a.birth_year, a.member_no) == (
        "Vereinsmeisterschaft", date(2026, 9, 14), "Müller, Jörg", 1650, 12, 1985, "0135")
    assert [n.code for n in t.notes] == ["csv_column_unknown"]  # "Notiz"
    assert t.pairings[1].result_white is Result.BYE_FULL


@pytest.mark.parametrize(("text", "code", "field"), [
    ('{"name": "x", "players": [], "gmaes": []}', "schema_unknown_key", "input:$"),
    ('{"players": []}', "schema_required", "input:$"),
    ('{"name": "x", "players": [{"no": "1", "name": "A"}]}', "schema_type", "input:$.players[0].no"),
    ('{"name": "x", "players": [{"no": 1, "name": "A", "elo": -5}]}', "number_invalid", "input:$.players[0].elo"),
    ('{"name": "x", "players": [{"no": 1, "name": "A"}], "games": [{"round": 1, "white": 1, "result": "1-0"}]}',
     "game_result_unknown", "input:$.games[0].result"),
    ('{"name": "x", "end": "14.13.2026", "players": []}', "date_invalid", "input:$.end"),
    ('{"name": "x", "players": [{"no": 1, "name": "A"}, {"no": 2, "name": "B"}], '
     '"games": [{"round": 1, "white": 1, "black": 2, "result": "1-1"}]}', "game_result_unknown", "input:$.games[0].result"),
    ('{"name": "x", "players": [{"no": 1, "name": "A"}], "games": [{"round": 1, "white": 1, "black": 3, "result": "1-0"}]}',
     "opponent_unknown", "input:games[0]"),
    ("[1, 2]", "schema_type", "input:$"),
    ('{"name": "x",\n "players": [}', "json_invalid", "input:2"),
])
def test_json_errors(text: str, code: str, field: str) -> None:
    with pytest.raises(InputError) as e:
        read_json(text)
    p = e.value.problems[0]
    assert (p.code, p.field) == (code, field)
    assert all(e.value.messages(lang) for lang in ("de", "en"))


@pytest.mark.parametrize(("text", "code", "line"), [
    ("1,A\n", "csv_row_outside", 1),
    ("[teams]\n", "csv_section_unknown", 1),
    ("[players]\nname,rating\nA,1600\n", "csv_column_missing", 2),
    ("[players]\nno,name,rating\n1,A,16x0\n", "number_invalid", 3),
    ("[players]\nno,name,member\n1,A,vielleicht\n", "bool_invalid", 3),
    ("[tournament]\nend,gestern\n[players]\nno,name\n1,A\n", "date_invalid", 2),
    ('[players]\nno,name\n1,"' + "x" * 200_000 + '"\n', "csv_invalid", 3),  # beyond the csv field limit
])
def test_csv_errors(text: str, code: str, line: int) -> None:
    with pytest.raises(InputError) as e:
        read_csv(text, name="t.csv")
    p = e.value.problems[0]
    assert (p.code, p.field) == (code, f"t.csv:{line}")
    assert all(e.value.messages(lang) for lang in ("de", "en"))


def test_model_contradictions_surface_with_the_csv_line() -> None:
    text = "[players]\nno,name\n1,A\n2,B\n[games]\nround,white,black,result\n1,1,2,1-0\n1,1,2,0-1\n1,2,1,1-0\n"
    t = read_csv(text)  # double round between the same two players is allowed by the model
    assert len(t.pairings) == 3
    with pytest.raises(InputError) as e:
        read_csv("[players]\nno,name\n1,A\n2,B\n3,C\n[games]\nround,white,black,result\n1,1,2,1-0\n1,1,3,1-0\n", name="t.csv")
    assert [(p.code, p.field) for p in e.value.problems] == [("paired_twice", "t.csv:9")]


def test_examples_in_the_documentation_read() -> None:
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    json_example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    csv_example = doc.split("## Our CSV tournament format", 1)[1].split("```\n", 1)[1].split("```", 1)[0]
    a, b = read_json(json_example), read_csv(csv_example)
    for t in (a, b):
        assert (t.name, t.end, t.rounds, len(t.players), len(t.pairings)) == (b.name, b.end, 7, 2, 2)
        assert (t.player(2).rating, t.player(2).index) == (1958, 33)  # "1958-33"
        assert t.pairings[1].result_white is Result.BYE_FULL
    assert a.player(1).restpartien == b.player(1).restpartien != ()


def test_csv_messages_name_sections_and_columns_as_the_file_writes_them() -> None:
    """A German file gets its own words back: '[Spieler]', 'Name' — and an empty cell is no missing column."""
    from dwz.formats.table_csv import read_csv as read

    text = "[Turnier]\nTurnier;T\nEnde;2026-09-14\n\n[Spieler]\nNr;Name;DWZ\n1;;1850-40\n2;B;1720-25\n\n[Foo]\nx\n"
    with pytest.raises(InputError) as e:
        read(text)
    by_code = {p.code: p for p in e.value.problems}
    empty = by_code["csv_value_missing"]
    assert (empty.value, empty.params["section"]) == ("Name", "[Spieler]") and "csv_column_missing" not in by_code
    assert "[Spieler]" in by_code["csv_section_unknown"].message("de")
    with pytest.raises(InputError) as e:
        read("[Spieler]\nNr;DWZ\n1;1850\n")
    missing = e.value.problems
    assert [(p.code, p.value, p.params["section"]) for p in missing] == [("csv_column_missing", "name", "[Spieler]")]
