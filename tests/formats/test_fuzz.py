"""Fuzzing every reader: arbitrary or damaged input gives a value or a clean InputError — nothing else, no hang."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dwz.basics.errors import InputError
from dwz.basics.model import Tournament
from dwz.formats import read_rating_list, read_tournament
from dwz.formats.dsb_list import read_dsb_list
from dwz.formats.fide_list import read_fide_list
from dwz.formats.pgn import read_pgn
from dwz.formats.swi import read_swi
from dwz.formats.table import read_csv, read_json, write_csv, write_json
from dwz.formats.trf import read_trf
from tests.conftest import SAMPLES
from tests.formats.strategies import mutated
from tests.formats.test_hardening_24 import fide_xml, games_csv, many_members_zip, zip64_claiming
from tests.formats.test_pgn import game

FUZZ = settings(max_examples=40, deadline=1500, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _text(path: str, encoding: str = "utf-8") -> str:
    return (SAMPLES / path).read_text(encoding=encoding)


_SWI = _text("swi/stadtmeisterschaft_le_2011.utf8.txt")
_T = read_swi(_SWI)
SAMPLE_TEXT = {
    "trf": _text("trf/lichess_swiss_2020_06.trf") + _text("trf/fide_example1_karl-mala-2005_head45.trf")[:3000],
    "swi": _SWI,
    "json": write_json(_T),
    "csv": write_csv(_T),
    "pgn": game("A, B", "C, D", "1-0", Round="1", WhiteDWZ="1650-12", Date="2026.09.14")
    + game("C, D", "E", "*", "{kampflos}", Round="2"),
    "dsb": _text("dsb/spieler_v2_example.csv") + "10029746,C0512,1,A,\"Müller,Max\",M,D,1980,202305,1650,12,,,,\r\n",
    "fide": _text("fide/players_list_foa_excerpt.txt", "latin-1"),
}
READERS: dict[str, Callable[..., Any]] = {
    "trf": read_trf, "swi": read_swi, "json": read_json, "csv": read_csv, "pgn": read_pgn,
    "dsb": read_dsb_list, "fide": read_fide_list,
}


def check(reader: Callable[..., Any], data: str | bytes) -> None:
    try:
        result = reader(data)
    except InputError as e:
        assert e.problems
        for lang in ("de", "en"):
            assert all(isinstance(m, str) for m in e.messages(lang))
        return
    if isinstance(result, Tournament):
        for note in result.notes:
            note.message("de")
            note.message("en")
    else:
        assert isinstance(result, tuple)


@pytest.mark.parametrize("fmt", list(READERS))
@FUZZ
@given(data=st.data())
def test_damaged_samples(fmt: str, data: st.DataObject) -> None:
    text = data.draw(mutated(SAMPLE_TEXT[fmt]))
    check(READERS[fmt], text)
    check(READERS[fmt], text.encode("utf-8", "surrogatepass"))
    check(read_tournament, text if text.strip("\x00") else text + "x")


@pytest.mark.parametrize("fmt", list(READERS))
@FUZZ
@given(raw=st.binary(max_size=400) | st.text(max_size=400))
def test_arbitrary_input(fmt: str, raw: str | bytes) -> None:
    check(READERS[fmt], raw)


@FUZZ
@given(raw=st.binary(max_size=300) | st.text(max_size=300))
def test_arbitrary_input_auto_detected(raw: str | bytes) -> None:
    if isinstance(raw, str) and "\n" not in raw and "\r" not in raw:
        raw = raw + "\n"  # a one-line str could name a file; keep it content
    check(read_tournament, raw)
    check(read_rating_list, raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass"))


@FUZZ
@given(prefix=st.sampled_from(["001    1 m    ", "012 ", " ttt. rrr nnnn\n ", "{", "[players]\n", '[Event "', "PK\x03\x04",
                               "ID Number      Name\n", "<playerslist><player>"]),
       raw=st.text(max_size=300))
def test_format_markers_followed_by_noise(prefix: str, raw: str) -> None:
    check(read_tournament, prefix + raw + "\n")
    check(read_rating_list, (prefix + raw).encode("utf-8", "surrogatepass"))


HUGE = "9" * 5000  # beyond Python's int() digit limit


@pytest.mark.parametrize(("reader", "text"), [
    (read_trf, f"012 X\nXXR {HUGE}\n062 {HUGE}\n001    1 m    A\nXCR {HUGE} 1 2\nXCZ {HUGE} C0512-1\n"),
    (read_trf, f"012 X\n001    1 m    A\nXCZ    1 C0512-{HUGE}\n"),
    (read_swi, f"X\n\nES {HUGE} {HUGE} 1\n ttt. rrr nnnn\n   1.   1 A\n"),
    (read_json, '{"name": "x", "rounds": ' + HUGE + ', "players": []}'),
    (read_csv, f"[players]\nno,name,rating\n{HUGE},A,{HUGE}\n"),
    (read_pgn, f'[White "A"]\n[Black "B"]\n[Result "1-0"]\n[Round "{HUGE}"]\n[WhiteElo "{HUGE}"]\n\n1-0\n'),
    (read_dsb_list, f"ID,VKZ,Mgl-Nr,Spielername,DWZ\r\n1,C0512,{HUGE},\"A,B\",{HUGE}\r\n"),
    (read_fide_list, f"<playerslist><player><fideid>{HUGE}</fideid><name>A</name></player></playerslist>"),
])
def test_huge_numbers(reader: Callable[..., Any], text: str) -> None:
    check(reader, text)


def test_huge_member_numbers_in_enrich() -> None:
    from dwz.basics.model import Player
    from dwz.formats.lists import enrich

    (entry,) = read_dsb_list(f"ID,VKZ,Mgl-Nr,Spielername,DWZ\r\n1,C0512,{HUGE},\"A,B\",1500\r\n")
    t = Tournament("T", None, (Player(1, "A, B", zps="C0512", member_no=HUGE),), ())
    assert enrich(t, dsb=[entry])[0].player(1).rating == 1500


# Issue 11: the classes the adversarial test found, as their own fuzz targets.
_ALL_CHARS = st.characters(codec=None, categories=None)  # surrogates and control characters included
_NUMERIC = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "1" + "0" * 30, "9" * 400, "9" * 5000, "-1", "²", "٣",
                            "1\x1c", "\x1f2", "0x10", "1_000"])


@pytest.mark.parametrize("fmt", list(READERS))
@FUZZ
@given(raw=st.text(_ALL_CHARS, max_size=300))
def test_any_characters(fmt: str, raw: str) -> None:
    check(READERS[fmt], raw)
    check(READERS[fmt], raw.encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize("fmt", list(READERS))
@FUZZ
@given(data=st.data())
def test_numbers_replaced_by_hostile_ones(fmt: str, data: st.DataObject) -> None:
    import re

    sample = SAMPLE_TEXT[fmt]
    numbers = list(re.finditer(r"[0-9]+", sample))
    text = sample
    for _ in range(data.draw(st.integers(1, 4))):
        m = numbers[data.draw(st.integers(0, len(numbers) - 1))]
        text = text[:m.start()] + data.draw(_NUMERIC) + text[m.end():] if m.end() <= len(text) else text
    check(READERS[fmt], text)


def _zip_bomb(member: str, unit: bytes, size: int = 16 << 20) -> bytes:
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z, z.open(member, "w", force_zip64=True) as f:
        chunk = unit * ((1 << 20) // len(unit))
        for _ in range(size >> 20):
            f.write(chunk)
    return buf.getvalue()


_LAUGHS = ('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
           + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
           + "]><playerslist><player><fideid>1</fideid><name>&i;</name></player></playerslist>")
BOMBS: list[tuple[str, Callable[[], str | bytes]]] = [
    ("dsb", lambda: _zip_bomb("spieler.csv", b"\n")),
    ("dsb", lambda: _zip_bomb("SPIELER.TXT", b"x" * 4096)),
    ("fide", lambda: _zip_bomb("players_list_foa.txt", b"\n")),
    ("fide", lambda: _zip_bomb("players_list_foa.txt", b"x" * 4096)),
    ("fide", lambda: _zip_bomb("players_list_xml_foa.xml", b"<" + b"p" * 4095)),
    ("fide", lambda: _LAUGHS),
    ("fide", lambda: "ID Number      Name\n" + "x" * (2 << 20)),
    ("json", lambda: "[" * 100_000 + "]" * 100_000),
    ("json", lambda: '{"name": "x", "players": [' + '{"no": 1, "name": "A"},' * 20_000 + '{"no": 2, "name": "B"}]}'),
    ("trf", lambda: "012 X\n001    1 m    A" + " " * 76 + "   2 w 1  " * 50_000 + "\n"),
    ("swi", lambda: "X\n\nES 1 1 1\n ttt. rrr nnnn\n   1.   1 A" + " 1W  2" * 50_000 + "\n"),
    ("csv", lambda: "[players]\nno,name\n" + "1,A\n" * 50_000),
    ("pgn", lambda: '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + "{" + "x" * (1 << 20) + "} 1-0\n"),
    # issue 24: the players one element deeper (§4), ZIPs whose directory is too large (§5, ZIP64 too), floods of games (§8)
    ("fide", lambda: fide_xml(5_000, 2)),
    ("dsb", lambda: many_members_zip(60_000)),
    ("fide", lambda: many_members_zip(60_000)),
    ("fide", lambda: zip64_claiming(10**9, 10**12)),
    ("json", lambda: '{"name": "x", "players": [{"no": 1, "name": "A"}, {"no": 2, "name": "B"}], "games": ['
                     + '{"round": 1, "white": 1, "black": 2, "result": "1-0"},' * 150_000 + '{"round": 1, "white": 1, "black": 2}]}'),
]


@pytest.mark.parametrize(("fmt", "make"), BOMBS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(BOMBS)])
def test_bombs_end_quickly(fmt: str, make: Callable[[], str | bytes]) -> None:
    import time

    data = make()
    # CPU time of this process, not wall time: on a shared 2-core machine at load 8-10 the JSON bomb took
    # 1.6 s of CPU and 3.2-3.5 s of wall time; a bomb that really explodes costs CPU either way.
    start = time.process_time()
    check(READERS[fmt], data)
    if fmt in ("dsb", "fide"):
        check(read_rating_list, data.encode("utf-8") if isinstance(data, str) else data)
    assert time.process_time() - start < 3


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/proc/self/mem"), reason="needs FIFOs and /proc")
@pytest.mark.parametrize("fmt", list(READERS))
def test_special_files_are_messages(fmt: str, tmp_path: Path) -> None:
    """Issue 24 §3: a FIFO (which blocked open() for ever), a device, a directory and /proc/self/mem (EIO) as
    the path of every reader."""
    os.mkfifo(tmp_path / "fifo")
    for path in (tmp_path / "fifo", Path("/dev/zero"), tmp_path, Path("/proc/self/mem")):
        with pytest.raises(InputError) as e:
            READERS[fmt](path)
        assert e.value.problems[0].code in ("file_not_regular", "file_unreadable"), (path, e.value.problems)
        check(read_tournament, path)


@pytest.mark.parametrize("fmt", ["csv", "json", "pgn"])
def test_floods_of_games_end_at_the_file_limit(fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 §8 (a smaller limit, the same refusal as at MAX_FILE_GAMES): read up to the limit, then refused."""
    import json
    import time

    from dwz.formats import _common

    monkeypatch.setattr(_common, "MAX_FILE_GAMES", 2_000)
    data: str | bytes = {
        "csv": lambda: games_csv(200_000),
        "json": lambda: json.dumps({"name": "x", "players": [{"no": 1, "name": "A"}, {"no": 2, "name": "B"}],
                                    "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}] * 200_000}),
        "pgn": lambda: '[White "A"]\n[Black "B"]\n[Result "1-0"]\n[Round "1"]\n\n1-0\n\n' * 20_000,
    }[fmt]()
    start = time.process_time()  # CPU, not wall time (see test_bombs_end_quickly)
    with pytest.raises(InputError) as e:
        READERS[fmt](data)
    assert [p.code for p in e.value.problems] == ["file_too_many_games"]
    check(read_tournament, data)
    assert time.process_time() - start < 3
