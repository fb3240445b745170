"""Rating lists (DSB, FIDE) and enrich(): samples, header generations, containers, matching."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.basics.model import Player, Tournament
from dwz.formats import read_rating_list
from dwz.formats.dsb_list import DsbEntry, read_dsb_list
from dwz.formats.fide_list import FideEntry, iter_fide_list, read_fide_list
from dwz.formats.lists import enrich
from tests.conftest import SAMPLES

DSB = SAMPLES / "dsb"
FIDE = SAMPLES / "fide"


def known_headers() -> list[str]:
    lines = (DSB / "known_headers.txt").read_text(encoding="utf-8").splitlines()
    return [ln for ln in lines if ln and not ln.startswith("#") and "Geschlecht" in ln]


def sample_row() -> dict[str, str]:
    """The real gen-2 row of the sample, by header name."""
    rows = list(csv.DictReader(io.StringIO((DSB / "spieler_v2_example.csv").read_text(encoding="utf-8"))))
    return rows[0]


# ------------------------------------------------------------------ DSB list

def test_dsb_sample_row() -> None:
    (e,) = read_dsb_list(DSB / "spieler_v2_example.csv")
    row = sample_row()
    assert (e.id, e.zps, e.member_no, e.status, e.name) == (row["ID"], row["VKZ"], row["Mgl-Nr"], row["Status"], row["Spielername"])
    assert (e.dwz, e.index, e.elo, e.fide_id) == (int(row["DWZ"]), int(row["Index"]), int(row["FIDE-Elo"]), row["FIDE-ID"])
    assert (e.birth_year, e.fide_title, e.fide_fed, e.sex) == (int(row["Geburtsjahr"]), row["FIDE-Titel"], row["FIDE-Land"], "m")
    assert e.last_evaluation == row["Letzte-Auswertung"] and e.source == "spieler_v2_example.csv:2"


def _row_for(header: str) -> str:
    """The sample player written under another header generation (values by column name)."""
    row = sample_row()
    cells = next(csv.reader([header]))
    values = {"ZPS": row["VKZ"], "Mitgliedsnummer": row["Mgl-Nr"], "Name,Vorname": row["Spielername"],
              "Letzte Auswertung": row["Letzte-Auswertung"], "FIDE-Elozahl": row["FIDE-Elo"], "Vorname": "Magnus",
              "Nachname": "Carlsen", **row}
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerow([values[c] for c in cells])
    return buf.getvalue()


@pytest.mark.parametrize("generation", [0, 1, 2])
def test_dsb_all_header_generations(generation: int) -> None:
    header = known_headers()[generation]
    text = header + "\r\n" + _row_for(header)
    (e,) = read_dsb_list(text.encode("cp1252"))
    row = sample_row()
    assert (e.name, e.dwz, e.index, e.elo, e.zps, e.member_no) == (
        row["Spielername"], int(row["DWZ"]), int(row["Index"]), int(row["FIDE-Elo"]), row["VKZ"], row["Mgl-Nr"])
    assert e.id == (None if generation == 0 else row["ID"])


def test_dsb_gen3_header_split_unquoted_and_bom_and_umlauts() -> None:
    header = known_headers()[2]
    unquoted = header.replace('"Name,Vorname"', "Name,Vorname")
    row = 'NU4005017,C0505,1043,A,"Müßig,Jörg",M,,1963,202611,1802,45,1850,FM,4711,GER,Jörg,Müßig\r\n'
    for data in ((unquoted + "\r\n" + row).encode("cp1252"), b"\xef\xbb\xbf" + (header + "\r\n" + row).encode("utf-8")):
        (e,) = read_dsb_list(data)
        assert (e.id, e.name, e.dwz, e.index, e.member_no) == ("NU4005017", "Müßig,Jörg", 1802, 45, "1043")


def test_dsb_dos_pipe_variant_and_two_memberships() -> None:
    lines = ["NU4005017|C0505|1043|A|Müller,Max|M||1963|202611|1802-45|1850|FM|4711|GER",
             "NU4005017|C0512|7|P|Müller,Max|M||1963|202611|1802-45|1850|FM|4711|GER",
             "NU4005018|C0512|8|A|Neu,Nina|W||2010||0-0||||"]
    entries = read_dsb_list(("\r\n".join(lines) + "\r\n").encode("cp850"))
    assert [(e.id, e.zps, e.status, e.dwz, e.index) for e in entries] == [
        ("NU4005017", "C0505", "A", 1802, 45), ("NU4005017", "C0512", "P", 1802, 45), ("NU4005018", "C0512", "A", None, None)]
    assert entries[0].name == "Müller,Max" and entries[2].sex == "w"


def test_dsb_zip(tmp_path: Path) -> None:
    path = tmp_path / "LV-0-csv_v2.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("spieler.csv", (DSB / "spieler_v2_example.csv").read_bytes())
        z.writestr("vereine.csv", "ZPS,LV,Verband,Vereinname\r\n")
    (e,) = read_dsb_list(path)
    assert e.source == "LV-0-csv_v2.zip/spieler.csv:2"
    assert isinstance(read_rating_list(path)[0], DsbEntry)
    empty = tmp_path / "other.zip"
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("readme.txt", "hello")
    with pytest.raises(InputError) as err:
        read_dsb_list(empty)
    assert [p.code for p in err.value.problems] == ["list_zip_empty"]


@pytest.mark.parametrize(("text", "code"), [
    ("a,b,c\r\n1,2,3\r\n", "list_header_unknown"),
    ("ID,VKZ,Spielername,DWZ\r\n1,C0512,\"A,B\"\r\n", "list_row_fields"),
    ("ID,VKZ,Spielername,DWZ\r\n1,C0512,\"A,B\",17x0\r\n", "number_invalid"),
    ("", "file_empty"),
])
def test_dsb_errors(text: str, code: str) -> None:
    with pytest.raises(InputError) as e:
        read_dsb_list(text, name="spieler.csv")
    assert e.value.problems[0].code == code
    assert all(e.value.messages(lang) for lang in ("de", "en"))


# ------------------------------------------------------------------ FIDE list

def fide_rows(name: str) -> list[list[str]]:
    return [ln.split() for ln in (FIDE / name).read_text(encoding="latin-1").splitlines()[1:] if ln.strip()]


def test_fide_combined_list() -> None:
    (e,) = read_fide_list(FIDE / "players_list_foa_excerpt.txt")
    tokens = fide_rows("players_list_foa_excerpt.txt")[0]  # id, name…, fed, sex, title, S, SG, SK, R, RG, RK, B, BG, BK, year
    assert (e.fide_id, e.fed, e.sex, e.title) == (tokens[0], tokens[3], "m", tokens[5])
    assert (e.rating, e.games, e.k) == tuple(int(x) for x in tokens[6:9])
    assert (e.rapid_rating, e.rapid_games, e.rapid_k) == tuple(int(x) for x in tokens[9:12])
    assert (e.blitz_rating, e.blitz_games, e.blitz_k) == tuple(int(x) for x in tokens[12:15])
    assert e.birth_year == int(tokens[15]) and e.name == "Leko, Peter" and not e.inactive


def test_fide_single_lists() -> None:
    standard = read_fide_list(FIDE / "standard_rating_list_jan2023_excerpt.txt")
    assert [e.fide_id for e in standard] == [r[0] for r in fide_rows("standard_rating_list_jan2023_excerpt.txt")]
    ali = standard[2]
    assert (ali.name, ali.sex, ali.title, ali.w_title, ali.rating, ali.games, ali.k, ali.birth_year, ali.flag) == (
        "A-ALI, Sali Abbas Abdulzahra", "w", "WFM", "WFM", 1876, 13, 20, 2001, "w")
    assert standard[0].inactive
    blitz = read_fide_list(FIDE / "blitz_rating_list_aug2026_excerpt.txt")  # "blitz" in the file name
    leko = blitz[0]
    assert (leko.rating, leko.blitz_rating, leko.blitz_k, leko.flag) == (None, 2738, 10, "i")
    assert read_fide_list((FIDE / "blitz_rating_list_aug2026_excerpt.txt").read_bytes())[0].rating == 2738  # no name: standard
    assert read_fide_list((FIDE / "blitz_rating_list_aug2026_excerpt.txt").read_bytes(), kind="blitz")[0].rating is None


def test_fide_old_header_with_glued_labels() -> None:
    header = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"
    row = "4600001   Mueller, Max                      f   GER  2301  9    1975  i"
    (e,) = read_fide_list(header + "\n" + row + "\n")
    assert (e.fide_id, e.name, e.title, e.fed, e.rating, e.games, e.birth_year, e.flag) == (
        "4600001", "Mueller, Max", "FM", "GER", 2301, 9, 1975, "i")


def test_fide_xml_and_zip(tmp_path: Path) -> None:
    xml = ("<?xml version='1.0' encoding='utf-8'?><playerslist><player><fideid>703303</fideid><name>Leko, Peter</name>"
           "<country>HUN</country><sex>M</sex><title>GM</title><rating>2676</rating><games>0</games><k>10</k>"
           "<rapid_rating>2700</rapid_rating><blitz_rating>2738</blitz_rating><birthday>1979</birthday><flag></flag>"
           "</player><player><fideid>4600001</fideid><name>Müller, Max</name><rating>1800</rating></player></playerslist>")
    a, b = read_fide_list(xml.encode("utf-8"))
    assert (a.fide_id, a.rating, a.games, a.rapid_rating, a.blitz_rating, a.birth_year, a.flag) == (
        "703303", 2676, 0, 2700, 2738, 1979, None)
    assert (b.name, b.rating, b.source) == ("Müller, Max", 1800, "input:player[2]")
    path = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("players_list_xml_foa.xml", xml)
    assert [e.fide_id for e in iter_fide_list(path)] == ["703303", "4600001"]
    assert isinstance(read_rating_list(path)[0], FideEntry)
    with pytest.raises(InputError) as e:
        read_fide_list(b"<playerslist><player>")
    assert [p.code for p in e.value.problems] == ["xml_invalid"]


def test_fide_errors() -> None:
    with pytest.raises(InputError) as e:
        read_fide_list("Name Rating\nsomebody 1500\n")
    assert [p.code for p in e.value.problems] == ["list_header_unknown"]
    header = (FIDE / "standard_rating_list_jan2023_excerpt.txt").read_text().splitlines()[0]
    with pytest.raises(InputError) as e:
        read_fide_list(header + "\nabc            Somebody\n", name="std.txt")
    assert [(p.code, p.field) for p in e.value.problems] == [("number_invalid", "std.txt:2")]


def test_read_rating_list_detects_the_kind() -> None:
    assert isinstance(read_rating_list(DSB / "spieler_v2_example.csv")[0], DsbEntry)
    assert isinstance(read_rating_list(str(FIDE / "players_list_foa_excerpt.txt"))[0], FideEntry)


# ------------------------------------------------------------------ enrich

def dsb_entry(**kw: object) -> DsbEntry:
    base: dict[str, object] = {"id": "1001", "zps": "C0512", "member_no": "135", "status": "A", "name": "Menzel,Siegfried",
                               "sex": "m", "birth_year": 1950, "dwz": 1481, "index": 60, "elo": None, "fide_title": None,
                               "fide_id": None, "fide_fed": None, "source": "spieler.csv:2"}
    base.update(kw)
    return DsbEntry(**base)  # type: ignore[arg-type]


def tour(*players: Player) -> Tournament:
    return Tournament("T", None, players, ())


@pytest.mark.parametrize(("player", "key"), [
    (Player(1, "X", dsb_id="1001"), "dsb_id"),
    (Player(1, "X", zps="C0512", member_no="0135"), "zps+member_no"),
    (Player(1, "X", fide_id="4600001"), "fide_id"),
    (Player(1, "Menzel, Siegfried", birth_year=1950), "name+birth_year"),
    (Player(1, "MENZEL,Siegfried,Dr."), "name"),
])
def test_dsb_keys_in_order(player: Player, key: str) -> None:
    t, report = enrich(tour(player), dsb=[dsb_entry(fide_id="4600001")])
    assert [(m.player, m.list, m.key) for m in report.matched] == [(1, "dsb", key)]
    p = t.player(1)
    assert (p.rating, p.index, p.birth_year, p.dsb_id) == (1481, 60, 1950, "1001")


def test_umlauts_in_names() -> None:
    t, report = enrich(tour(Player(1, "Böhmler, Thomas")), dsb=[dsb_entry(name="Boehmler,Thomas", id="7")])
    assert report.matched[0].key == "name" and t.player(1).dsb_id == "7"
    t, report = enrich(tour(Player(1, "Strasser, Jörg")), dsb=[dsb_entry(name="Straßer,Joerg", id="8")])
    assert t.player(1).dsb_id == "8"


def test_ambiguous_and_unmatched_and_birth_year() -> None:
    entries = [dsb_entry(id="1", birth_year=1950), dsb_entry(id="2", birth_year=1980)]
    _, report = enrich(tour(Player(1, "Menzel, Siegfried")), dsb=entries)
    (a,) = report.ambiguous
    assert (a.player, a.key, len(a.candidates)) == (1, "name", 2) and not report.matched
    t, report = enrich(tour(Player(1, "Menzel, Siegfried", birth_year=1980)), dsb=entries)
    assert t.player(1).dsb_id == "2"
    _, report = enrich(tour(Player(1, "Menzel, Siegfried", birth_year=1990)), dsb=entries)
    assert report.unmatched == ((1, "dsb"),)
    # two memberships of the same person are one person: no ambiguity, but no club filled
    t, report = enrich(tour(Player(1, "Menzel, Siegfried")), dsb=[dsb_entry(), dsb_entry(zps="C0520", member_no="9", status="P")])
    assert report.matched and t.player(1).zps is None and t.player(1).rating == 1481


def test_conflicts_are_reported_never_silent() -> None:
    p = Player(1, "Menzel, Siegfried", rating=1500, birth_year=1950, zps="c0512", member_no="0135")
    t, report = enrich(tour(p), dsb=[dsb_entry()])
    assert t.player(1).rating == 1500 and t.player(1).index is None  # the file's DWZ stays; no foreign index
    (c,) = report.conflicts
    assert (c.field, c.file_value, c.list_value, c.kept) == ("rating", 1500, 1481, 1500)
    t, report = enrich(tour(p), dsb=[dsb_entry()], overwrite=True)
    assert (t.player(1).rating, t.player(1).index) == (1481, 60) and report.conflicts[0].kept == 1481
    t, _ = enrich(tour(p.with_(rating=1481)), dsb=[dsb_entry()])
    assert t.player(1).index == 60  # same DWZ: the index joins it


def test_nonmembers_only_on_request() -> None:
    players = (Player(1, "Gast, Gerd"), Player(2, "Verein, Vera", zps="C0512"), Player(3, "Menzel, Siegfried"))
    t, report = enrich(tour(*players), dsb=[dsb_entry()])
    assert all(p.member for p in t.players) and report.nonmembers == ()
    t, report = enrich(tour(*players), dsb=[dsb_entry()], mark_unmatched_nonmembers=True)
    assert [p.member for p in t.players] == [False, True, True] and report.nonmembers == (1,)


def test_fide_list_fills_elo_by_the_id_found_in_the_dsb_list() -> None:
    fide = list(iter_fide_list(FIDE / "players_list_foa_excerpt.txt"))
    leko = fide[0]
    dsb = [dsb_entry(name="Leko,Peter", fide_id=leko.fide_id, elo=1, birth_year=None)]
    t, report = enrich(tour(Player(1, "Leko, P.")), dsb=dsb, fide=iter(fide))
    assert report.unmatched == ((1, "dsb"), (1, "fide")) and t.player(1).elo is None  # "Leko, P." is not "Leko,Peter"
    t, report = enrich(tour(Player(1, "Leko, Peter")), dsb=dsb, fide=iter(fide))
    p = t.player(1)
    assert [(m.list, m.key) for m in report.matched] == [("dsb", "name"), ("fide", "fide_id")]
    assert (p.elo, p.fide_k, p.title, p.federation, p.birth_year) == (leko.rating, leko.k, leko.title, leko.fed, leko.birth_year)
    assert report.to_dict()["matched"][1]["key"] == "fide_id"


def test_lists_count_as_what_they_are_whatever_the_parameter() -> None:
    fide = read_fide_list(FIDE / "players_list_foa_excerpt.txt")
    t, report = enrich(tour(Player(1, "Leko, Peter", birth_year=1979)), dsb=fide)
    assert t.player(1).elo == fide[0].rating and [(m.list, m.key) for m in report.matched] == [("fide", "name+birth_year")]
    t, report = enrich(tour(Player(1, "Menzel, Siegfried")), fide=iter([dsb_entry()]))
    assert t.player(1).rating == 1481 and report.matched[0].list == "dsb"
