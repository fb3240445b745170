"""Issue 16, formats: what the adversarial test of the readers and writers found after issue 11.

Numbered as in the issue: 1 the XML encoding declaration, 2 problem lists with a cap,
6 one set of bounds for every reader and writer.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dwz.basics.errors import MAX_NOTES, MAX_PROBLEMS, PROBLEMS_MORE, InputError, Problem, Problems, capped
from dwz.basics.model import Pairing, Player, Team, Tournament
from dwz.basics.values import NAME_MAX, RATING_MAX, Result
from dwz.formats import read_tournament
from dwz.formats.dewis_xml import read_dewis_xml, write_dewis_xml
from dwz.formats.dsb_list import read_dsb_list
from dwz.formats.dsb_xml import read_dsb_xml, write_dsb_xml
from dwz.formats.pgn import read_pgn
from dwz.formats.table import read_csv, read_json, write_csv, write_json
from dwz.formats.trf import read_trf
from tests.conftest import SAMPLES
from tests.formats._build import trf, trf_player
from tests.formats.test_limits import peak_bytes

TRF = SAMPLES / "trf" / "lichess_swiss_2020_06.trf"


def dwz(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command (its own error handling, not click's test runner's)."""
    return subprocess.run([sys.executable, "-m", "dwz", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DWZ_LANG": "de", "COLUMNS": "120"})


def _with_encoding(text: str, encoding: str) -> bytes:
    return re.sub(r'encoding="[^"]*"', f'encoding="{encoding}"', text, count=1).encode("utf-8")


def _xml_files() -> dict[str, str]:
    t = read_tournament(TRF)
    return {"t.dsb.xml": write_dsb_xml(t).text, "t.dewis.xml": write_dewis_xml(t).text}


# --- 1. an encoding declaration the parser cannot use ------------------------------------------------

ENCODINGS = ["UTF-9", "utf-32", "UTF-32BE", "ebcdic", "Shift_JIS", "cp037"]


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("read", [read_dsb_xml, read_dewis_xml], ids=["dsb", "dewis"])
def test_1_unusable_encoding_is_an_input_error_naming_the_declaration(read: object, encoding: str) -> None:
    files = _xml_files()
    data = _with_encoding(files["t.dsb.xml" if read is read_dsb_xml else "t.dewis.xml"], encoding)
    with pytest.raises(InputError) as e:
        read(data, name="t.xml")  # type: ignore[operator]
    (p,) = e.value.problems
    assert (p.field, p.code, p.value) == ("t.xml:1", "xml_encoding_unusable", encoding)
    for lang in ("de", "en"):
        assert f'encoding="{encoding}"' in p.message(lang)


def test_1_a_usable_single_byte_encoding_still_reads() -> None:
    data = _xml_files()["t.dewis.xml"]
    latin1 = re.sub(r'encoding="[^"]*"', 'encoding="ISO-8859-1"', data, count=1).encode("latin-1")
    assert read_dewis_xml(latin1) == read_dewis_xml(data.encode())


@pytest.mark.parametrize("read", [read_dsb_xml, read_dewis_xml], ids=["dsb", "dewis"])
def test_1_a_lone_surrogate_in_xml_text_is_an_input_error(read: Callable[..., object]) -> None:
    # found by benchmarks/fuzz_long.py once it fuzzed the XML readers: UnicodeEncodeError before
    text = _xml_files()["t.dsb.xml" if read is read_dsb_xml else "t.dewis.xml"].replace("</", "\udcff</", 1)
    with pytest.raises(InputError) as e:
        read(text, name="t.xml")
    assert [p.code for p in e.value.problems] == ["xml_invalid"]


@pytest.mark.parametrize("encoding", ["UTF-9", "utf-32"])
def test_1_cli_tournament_and_check_exit_2(tmp_path: Path, encoding: str) -> None:
    for name, data in _xml_files().items():
        path = tmp_path / name
        path.write_bytes(_with_encoding(data, encoding))
        for command in ("tournament", "check"):
            r = dwz(command, str(path))
            assert r.returncode == 2, (command, name, r.stdout, r.stderr)
            out = r.stdout + r.stderr
            assert f'encoding="{encoding}"' in out and "Interner Fehler" not in out, out


@pytest.mark.parametrize("encoding", ["UTF-9", "utf-32"])
def test_1_web_answers_422_and_a_page_naming_the_declaration(encoding: str) -> None:
    from dwz.web.app import create_app

    with TestClient(create_app(), raise_server_exceptions=False) as client:
        for name, data in _xml_files().items():
            content = _with_encoding(data, encoding)
            r = client.post("/api/turnier", files={"file": (name, content)})
            assert r.status_code == 422, (name, r.status_code, r.text[:300])
            assert f'encoding=\\"{encoding}\\"' in r.text or f'encoding="{encoding}"' in r.text
            r = client.post("/turnier", files={"file": (name, content)})
            assert r.status_code in (400, 422), (name, r.status_code)
            assert f"encoding=&#34;{encoding}&#34;" in r.text or f"encoding=&quot;{encoding}&quot;" in r.text, r.text[-2000:]


# --- 2. problem lists with a cap ---------------------------------------------------------------------

KIB = 1024
DSB_HEADER = ("ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,Index,"
              "FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n")


def _flood(head: str, row: str, size: int, tail: str = "") -> tuple[bytes, int]:
    """``head`` and as many ``row`` as fit in ``size`` bytes: the file and the number of rows."""
    n = (size - len(head) - len(tail)) // len(row)
    return (head + row * n + tail).encode(), n


# (reader, file, problems per bad row): every row of each flood is wrong in a way the reader names
FLOODS: dict[str, tuple[Callable[..., object], str, str, str, int]] = {
    # a player row with a bad number and a bad rating: two problems
    "csv-players": (read_csv, "[players]\nno,name,rating\n", "x,A,y\n", "", 2),
    "csv-games": (read_csv, "[players]\nno,name\n1,A\n[games]\nround,white,black,result\n", "1,1,2,?\n", "", 1),
    "csv-outside": (read_csv, "", "a\n", "", 1),  # a row before any section
    "json-players": (read_json, '{"name":"x","players":[', '{"no":"x","name":"A"},', '{"no":1,"name":"A"}]}', 1),
    "trf-players": (read_trf, "012 X\n", "001 xxxx\n", "", 1),
    "dsb-list": (read_dsb_list, DSB_HEADER, '1,C0512,1,A,"A,B",M,E,19x0,202305,x,1,,,,\n', "", 2),
}


@pytest.mark.parametrize("kind", sorted(FLOODS))
def test_2_a_flood_of_bad_rows_keeps_the_first_problems_and_counts_the_rest(kind: str) -> None:
    read, head, row, tail, per_row = FLOODS[kind]
    data, rows = _flood(head, row, 256 * KIB, tail)
    peak, err = peak_bytes(lambda: read(data))
    assert isinstance(err, InputError)
    *kept, more = err.problems
    assert len(kept) == MAX_PROBLEMS and PROBLEMS_MORE not in {p.code for p in kept}
    assert (more.code, more.value, more.params["shown"]) == (PROBLEMS_MORE, rows * per_row - MAX_PROBLEMS, MAX_PROBLEMS)
    for lang in ("de", "en"):
        assert f"{rows * per_row - MAX_PROBLEMS}" in more.message(lang)
    # Python's own objects for the text, its lines and the rows read so far: a few times the file
    # (before the cap: ≈ 200 times — a 60 MB file ended in MemoryError past 7.7 GB)
    assert peak < 12 * len(data), (kind, peak / len(data))


def test_2_notes_are_capped_and_counted_too() -> None:
    # every game of a PGN without a result is a note: 5,000 of them, MAX_NOTES kept and the rest counted
    game = '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "*"]\n\n*\n\n'
    t = read_pgn(game * 5000)
    counted = [n for n in t.notes if n.code == PROBLEMS_MORE]
    assert len(t.notes) == MAX_NOTES + 1 and len(counted) == 1
    assert counted[0].value == 5000 - MAX_NOTES


def test_2_web_answers_a_flood_quickly_with_the_first_problems() -> None:
    from dwz.web.app import create_app

    data, rows = _flood("[players]\nno,name,rating\n", "x,A,y\n", 1 << 20)
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        start = time.perf_counter()
        r = client.post("/api/turnier", files={"file": ("t.csv", data)})
        took = time.perf_counter() - start
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert len(detail) == MAX_PROBLEMS + 1 and detail[-1]["type"] == PROBLEMS_MORE
    assert f"{2 * rows - MAX_PROBLEMS}" in detail[-1]["msg"].replace(".", "")
    assert took < 15, took  # 1 MiB: ≈ 2 s on a loaded 2-core machine


def test_2_problems_keeps_a_count_across_lists() -> None:
    first = Problems(cap=3)
    first.extend(Problem(f"a:{i}", "number_invalid", "x") for i in range(10))
    second = Problems([Problem("b:1", "date_invalid", "x")], cap=3)
    second.extend(first)  # a capped list added to another: its count comes along
    assert [p.field for p in second] == ["b:1", "a:0", "a:1"] and second.more == 8 and second.seen == 11
    assert [p.code for p in InputError(second).problems][-1] == PROBLEMS_MORE
    assert InputError(second).problems[-1].value == 8
    assert capped([*second.complete(), *second.complete()], 3)[-1].value == 8 + 8 + 3  # counts add up, none lost


# --- 6. one set of bounds for every reader and writer -------------------------------------------------


def _two(**first: object) -> Tournament:
    a = Player(**({"no": 1, "name": "Alpha, Anna", "rating": 1600, "index": 10, "birth_year": 1980} | first))  # type: ignore[arg-type]
    return Tournament("T", date(2026, 9, 14), (a, Player(2, "Beta, Bert", 1500, 8, birth_year=1990, elo=1650)),
                      (Pairing(1, 1, 2, Result.WIN, Result.LOSS),))


@pytest.mark.parametrize(("form", "element"), [("dsb", "fideRating"), ("dewis", "rating")])
def test_6_xml_ratings_are_bounded_as_in_every_other_reader(form: str, element: str) -> None:
    write, read = (write_dsb_xml, read_dsb_xml) if form == "dsb" else (write_dewis_xml, read_dewis_xml)
    text = re.sub(rf"<{element}>\d+</{element}>", f"<{element}>987654321</{element}>", write(_two(elo=1700)).text, count=1)
    with pytest.raises(InputError) as e:  # before: read, and a "Niveau" of 144 million
        read(text, name="t.xml")
    (p,) = e.value.problems
    assert (p.code, p.value, p.params["max"]) == ("number_range", 987654321, RATING_MAX)
    assert f"<{element}>" in p.message("de") and "9999" in p.message("de")


def test_6_a_blank_name_is_refused_by_every_reader_as_by_the_csv_reader() -> None:
    blank = trf(trf_player(1, "", elo=1800, points="1.0", blocks=[(2, "w", "1")]),
                trf_player(2, "Beta, Bert", elo=1700, blocks=[(1, "b", "0")]))
    with pytest.raises(InputError) as e:  # before: read, and its CSV refused by our own CSV reader
        read_trf(blank, name="t.trf")
    assert [(p.field, p.code) for p in e.value.problems] == [("t.trf:3", "player_name_missing")]
    assert "Nr. 1" in e.value.problems[0].message("de")
    with pytest.raises(InputError) as e:
        read_csv("[players]\nno,name\n1,\n2,B\n")
    assert [p.code for p in e.value.problems] == ["csv_value_missing"]


@pytest.mark.parametrize("length", [NAME_MAX + 1, 10_001])
def test_6_names_longer_than_the_bound_are_refused_everywhere(length: int) -> None:
    long = "A" * length
    with pytest.raises(InputError) as e:  # before: read, and its XML refused by our own XML reader (over 10,000)
        read_csv(f"[players]\nno,name\n1,{long}\n2,B\n")
    assert [(p.code, p.params["max"]) for p in e.value.problems] == [("name_too_long", NAME_MAX)]
    with pytest.raises(InputError):
        read_json(json.dumps({"name": "T", "players": [{"no": 1, "name": long}, {"no": 2, "name": "B"}]}))
    with pytest.raises(InputError):
        Tournament(long, None, (Player(1, "A"), Player(2, "B")), ())
    with pytest.raises(InputError):
        Tournament("T", None, (Player(1, "A"), Player(2, "B")), (), teams=(Team(long, (1, 2)),))
    ok = _two(name="Ü" * NAME_MAX)  # the bound itself is carried by every writer and read back
    for write, read in ((write_dsb_xml, read_dsb_xml), (write_dewis_xml, read_dewis_xml)):
        assert read(write(ok).text).players[0].name == "Ü" * NAME_MAX
    for write_text, read_text in ((write_csv, read_csv), (write_json, read_json)):
        assert read_text(write_text(ok)).players[0].name == "Ü" * NAME_MAX


def test_6_dewis_team_names_with_control_characters_stay_well_formed() -> None:
    t = _two().with_(teams=(Team("SK\x01 Berlin", (1,), 1), Team("SF\x1b[2J Köln", (2,), 2)))
    out = write_dewis_xml(t)
    back = read_dewis_xml(out.text)  # before: "not well-formed (invalid token)" from our own reader
    assert [tm.name for tm in back.teams] == ["SK Berlin", "SF[2J Köln"]
    assert [(p.field, p.code) for p in out.problems if p.code == "xml_char_removed"] == [
        ("team 1", "xml_char_removed"), ("team 2", "xml_char_removed")]


@pytest.mark.parametrize("year", [1849, 2101, 1])
def test_6_birth_years_are_bounded_in_the_model_and_the_xml_readers(year: int) -> None:
    with pytest.raises(InputError) as e:
        _two(birth_year=year)
    assert [p.code for p in e.value.problems] == ["birth_year_range"]
    text = write_dewis_xml(_two()).text.replace("<dob>1980", f"<dob>{year:04d}", 1)
    with pytest.raises(InputError) as e:
        read_dewis_xml(text)
    assert [p.code for p in e.value.problems] == ["number_range"]

