"""Issue 24, formats: what the third adversarial test of the readers found (§4 nested FIDE XML, §5 the
ZIP central directory, §8 a flood of games). §3 (named files: regular files only) is in
tests/cli/test_paths.py, §2 in tests/portal/test_faults.py, §6 in tests/cli/test_bad_arguments.py,
§7 in tests/web/test_server.py."""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dwz.basics.errors import InputError
from dwz.formats import read_rating_list
from dwz.formats._common import MAX_FILE_GAMES, MAX_FILE_PLAYERS, MAX_ZIP_MEMBERS
from dwz.formats.dsb_list import read_dsb_list
from dwz.formats.fide_list import iter_fide_list, read_fide_list
from dwz.formats.pgn import read_pgn
from dwz.formats.table import read_csv, read_json
from tests.formats.test_limits import peak_bytes


def codes(e: InputError) -> list[str]:
    return [p.code for p in e.problems]


def fide_xml(players: int, depth: int) -> bytes:
    """A FIDE XML list of ``players`` players, each ``depth`` elements deeper than in FIDE's own file."""
    body = "".join(f"<player><fideid>{100000 + i}</fideid><name>Spieler, Nummer{i}</name><country>GER</country><sex>M</sex>"
                   f"<rating>{1500 + i % 900}</rating><games>0</games><k>20</k><birthday>1980</birthday><flag></flag></player>"
                   for i in range(players))
    return f"<playerslist>{'<g>' * depth}{body}{'</g>' * depth}</playerslist>".encode()


@pytest.mark.parametrize("depth", [1, 3])
def test_4_nested_fide_xml_streams_in_the_memory_of_the_flat_one(depth: int) -> None:
    """§4: the reader let go of the root's children only — one element deeper it kept every player
    (150,000 players: 228 MB nested, 20 MB flat). Now both take the same bounded memory."""
    n = 8_000
    flat, nested = fide_xml(n, 0), fide_xml(n, depth)
    counted: list[int] = []
    flat_peak, err = peak_bytes(lambda: counted.append(sum(1 for _ in iter_fide_list(flat))))
    assert err is None
    nested_peak, err = peak_bytes(lambda: counted.append(sum(1 for _ in iter_fide_list(nested))))
    assert err is None and counted == [n, n]
    assert nested_peak < 2 * flat_peak + (256 << 10), (nested_peak, flat_peak)  # before: 10 MiB vs 1 MiB


def many_members_zip(members: int) -> bytes:
    """A ZIP of ``members`` empty members, written as zipfile writes one (struct by struct: zipfile itself
    takes seconds for 100,000 members)."""
    local, central = [], []
    offset = 0
    for i in range(members):
        name = b"m%07d" % i
        head = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 0, 0, 0x21, 0, 0, 0, len(name), 0) + name
        central.append(struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 0, 0, 0x21, 0, 0, 0, len(name), 0, 0, 0, 0,
                                   0, offset) + name)
        local.append(head)
        offset += len(head)
    directory = b"".join(central)
    count = min(members, 0xFFFF)
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, len(directory), offset, 0)
    return b"".join(local) + directory + end


def zip64_claiming(members: int, directory: int) -> bytes:
    """A tiny ZIP whose ZIP64 end record claims ``members`` members in ``directory`` bytes (its plain end
    record says 0xFFFF / 0xFFFFFFFF, as ZIP64 wants)."""
    record = struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, members, members, directory, 0)
    locator = struct.pack("<4sLQL", b"PK\x06\x07", 0, 0, 1)
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    head = many_members_zip(1)[:39]  # one empty member's local header: the file starts as a ZIP
    return head + record + locator + end


def test_5_the_empty_member_zip_is_itself_valid() -> None:
    with zipfile.ZipFile(io.BytesIO(many_members_zip(3))) as z:
        assert z.namelist() == ["m0000000", "m0000001", "m0000002"] and z.testzip() is None


@pytest.mark.parametrize("reader", [read_rating_list, read_dsb_list, read_fide_list], ids=lambda r: r.__name__)
def test_5_a_zip_of_many_members_is_refused_from_its_end_record(reader: Callable[..., Any]) -> None:
    """§5: zipfile read the whole central directory before any check — 1,000,000 empty members cost 597 MB
    and 8.4 s before "too large". Now the end record's counts are checked first."""
    data = many_members_zip(60_000)  # 3.5 MB of ZIP
    peak, err = peak_bytes(lambda: reader(data))
    assert isinstance(err, InputError) and codes(err) == ["zip_directory_too_large"], err
    assert peak < 2 << 20, peak  # before: 40 MiB for these 60,000 members
    msg = err.messages("de")[0]
    assert "ZIP-Inhaltsverzeichnis zu groß: 60000 Einträge, 3 MiB" in msg and f"höchstens {MAX_ZIP_MEMBERS} Einträge" in msg


@pytest.mark.parametrize("members, directory", [(10**9, 100), (2, 10**12)], ids=["members", "directory"])
def test_5_a_zip64_end_record_counts_too(members: int, directory: int) -> None:
    with pytest.raises(InputError) as e:
        read_fide_list(zip64_claiming(members, directory))
    assert codes(e.value) == ["zip_directory_too_large"]


def test_5_every_zip_opened_goes_through_the_check(tmp_path: Path) -> None:
    """The list readers, the web upload's unpacked-size check and the portal's list cache."""
    from dwz.web.tournament import _zip_within

    data = many_members_zip(MAX_ZIP_MEMBERS + 1)
    path = tmp_path / "liste.zip"
    path.write_bytes(data)
    for read in (read_rating_list, read_dsb_list, read_fide_list, lambda p: _zip_within(p.read_bytes(), "liste.zip")):
        with pytest.raises(InputError) as e:
            read(path)
        assert codes(e.value) == ["zip_directory_too_large"], read
    ok = many_members_zip(MAX_ZIP_MEMBERS)  # at the limit: read (and found to hold no list)
    with pytest.raises(InputError) as e:
        read_dsb_list(ok)
    assert codes(e.value) == ["list_zip_empty"]


def games_csv(games: int, players: int = 1000) -> bytes:
    """Our CSV tournament file with ``games`` games among ``players`` players (the adversarial test's 1,000,000
    games were 17 MB)."""
    rounds = max(1, (2 * games) // players)
    rows = ["[Turnier]", "Turnier;Flut", "Ende;2026-09-14", f"Runden;{rounds}", "", "[Spieler]", "Nr;Name;DWZ"]
    rows += [f"{i};Spieler {i};1500" for i in range(1, players + 1)]
    rows += ["", "[Partien]", "Runde;Weiß;Schwarz;Ergebnis"]
    per_round = players // 2
    rows += [f"{g // per_round + 1};{2 * (g % per_round) + 1};{2 * (g % per_round) + 2};1-0" for g in range(games)]
    return ("\n".join(rows) + "\n").encode()


@pytest.fixture()
def limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """A smaller file limit of games (the readers read it from dwz.formats._common at each check): the same
    refusal as at MAX_FILE_GAMES, in a fraction of the time."""
    from dwz.formats import _common

    assert MAX_FILE_GAMES == 100_000  # the documented limit (README "Security")
    monkeypatch.setattr(_common, "MAX_FILE_GAMES", 5_000)
    return 5_000


def test_8_a_flood_of_games_is_refused_while_reading(limit: int) -> None:
    """§8: every row became a pairing before any check (1,000,000 games: 627 MB). Past the file limit the
    reader stops at that row, in the memory of the limit."""
    data = games_csv(limit * 20)
    peak, err = peak_bytes(lambda: read_csv(data, name="flut.csv"))
    assert isinstance(err, InputError) and codes(err) == ["file_too_many_games"], err
    assert err.problems[0].field == f"flut.csv:{limit + 1011}"  # the first row past the limit, named
    assert f"mehr als {limit} Partien" in err.messages("de")[0]
    at_limit, _ = peak_bytes(lambda: read_csv(games_csv(limit), name="flut.csv"))
    assert peak < at_limit + 3 * len(data), (peak, at_limit)  # the rows past the limit cost their text, not their pairings
    assert len(read_csv(games_csv(limit, 100)).pairings) == limit  # at the limit: read


def test_8_json_and_pgn_count_too(limit: int) -> None:
    import json

    doc = {"name": "x", "end": "2026-09-14", "players": [{"no": 1, "name": "A"}, {"no": 2, "name": "B"}],
           "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}] * (limit + 1)}
    with pytest.raises(InputError) as e:
        read_json(json.dumps(doc))
    assert codes(e.value) == ["file_too_many_games"]
    game = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n[Round "1"]\n\n1-0\n\n'
    with pytest.raises(InputError) as e:
        read_pgn(game * (limit + 1))
    assert codes(e.value) == ["file_too_many_games"]
    players = [{"no": i, "name": f"S{i}"} for i in range(1, MAX_FILE_PLAYERS + 2)]
    with pytest.raises(InputError) as e:
        read_json(json.dumps({**doc, "games": [], "players": players}))
    assert codes(e.value) == ["file_too_many_players"]


@settings(max_examples=200, deadline=None)
@given(st.text(st.sampled_from('a;"\r\n\x0b\x1c'), max_size=40))
def test_8_the_csv_reader_splits_lines_as_stringio_did(text: str) -> None:
    from dwz.formats.table_csv import _lines

    assert list(_lines(text)) == list(io.StringIO(text, newline=""))
