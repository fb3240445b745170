"""The 2026 scale on the command line (issue 8 §1, issue 15 §1): an own DWZ below 1100 refused
(exit 2) with the own value's fixes, the opponents' old-scale warning before the result on every
command and output (text, ``--json``, the tournament table's remarks, CSV and HTML, ``dwz check``);
``--alt eigene|gegner|alle`` (``own|opponents|all``) and ``--stand`` say each value's scale,
``--scale alt|neu`` is the old spelling of ``--alt alle``.  Expected numbers: the Python API the
commands wrap, and the Umstufung from the spec's formula (``tests/oracle.py``)."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import dwz
from dwz.cli import main as cli_main
from tests import oracle

END = "2026-09-14"
ISSUE_RATE = ["rate", "900-10", "--end", END, "950:1", "850:0", "1000:="]
ISSUE_FIRST = ["first", "1200:1", "900:0", "1000:=", "950:1", "1100:0", "--end", END]


def _cli() -> click.Group:
    cli_main._register_optional()
    return cli_main.cli


def run(*args: str, lang: str = "de") -> Any:
    return CliRunner(env={"DWZ_LANG": lang, "COLUMNS": "200"}).invoke(_cli(), list(args), catch_exceptions=False)


def test_rate_refuses_an_own_dwz_below_1100() -> None:
    """Issue 15 §1.3: no headline, exit 2, the value with both fixes in the options' words."""
    res = run(*ISSUE_RATE)
    assert res.exit_code == 2 and res.stdout == ""
    converted = f"900-10 → {oracle.umstufung(900)}-11"
    text = " ".join(res.stderr.split())
    assert text == (f"Fehler: DWZ: Ihre DWZ 900 liegt unter 1100 – seit der Umstufung 2026 gibt es keine DWZ unter 1100. Stammt "
                    "sie von einer Karteikarte oder Liste vor dem 08.06.2026, geben Sie --alt eigene an (oder --stand mit dem "
                    f"Datum der Karte): sie wird dann umgestuft ({converted}). Sonst korrigieren Sie den Wert.")
    en = run(*ISSUE_RATE, "--lang", "en")
    assert en.exit_code == 2 and "--alt own" in en.stderr and "--stand" in en.stderr and converted in en.stderr
    assert run(*ISSUE_RATE, "--json").exit_code == 2


def test_rate_warns_on_opponents_before_the_result() -> None:
    """Issue 15 §1.4: one block before the headline, every value with its conversion, the fix for
    the opponents only (a foreign rating stays as it is)."""
    args = ["rate", "1500-10", "--end", END, "950:1", "850:0", "1000:="]
    res = run(*args)
    assert res.exit_code == 0
    lines = res.output.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("Neue DWZ:"))
    assert lines[0].startswith("Achtung: 3 Gegner-DWZ unter 1100") and head > 0
    text = " ".join(res.output.split())
    for label, value in (("Partie 1, Gegner", 950), ("Partie 2, Gegner", 850), ("Partie 3, Gegner", 1000)):
        assert f"{label} {value} → {oracle.umstufung(value)}" in text
    warning = " ".join(" ".join(lines[:head]).split())  # the block before the headline: the opponents' fix only
    assert "--alt gegner" in warning and "Fremdwertung" in warning and "eigene" not in warning
    # the own value's scale is a separate matter: an assumption said after the result, with its own fix
    tail = " ".join(" ".join(lines[head:]).split())
    assert "Annahmen" in tail and "--alt eigene" in tail and "--alt gegner" not in tail
    data = json.loads(run(*args, "--json").output)
    assert [(w["field"], w["code"]) for w in data["warnings"]] == [
        ("games[0].opponent", "rating_old_scale"), ("games[1].opponent", "rating_old_scale"), ("games[2].opponent", "rating_old_scale")]
    assert all("--alt gegner" in w["message"] for w in data["warnings"])
    en = run(*args, "--lang", "en")
    assert en.output.startswith("Warning: 3 opponents' DWZ below 1100") and "--alt opponents" in en.output


@pytest.mark.parametrize("scale", ["alt", "old", "ALT"])
def test_rate_scale_old_converts(scale: str) -> None:
    data = json.loads(run(*ISSUE_RATE, "--scale", scale, "--json").output)
    api = dwz.rate("900-10", [(950, 1), (850, 0), (1000, "½")], end=date(2026, 9, 14), scale="old")
    assert (data["old_rating"], data["old_index"], data["new_rating"], data["new_index"]) == \
        (oracle.umstufung(900), 11, api.new_rating, api.new_index)
    assert data["warnings"] == [] and data["scale"] == "old"
    assert [g["opponent"] for g in data["games"]] == [oracle.umstufung(o) for o in (950, 850, 1000)]
    text = run(*ISSUE_RATE, "--scale", scale, "--explain").output
    assert "Umstufung der eigenen DWZ" in text and "900 + 400 = 1300" in text
    assert "Umstufung: Gegner der Partie 3" in text and "0,64 · 1000 + 760" in text


def test_first_warns_and_converts() -> None:
    res = run(*ISSUE_FIRST, "--json")
    warned = [w["field"] for w in json.loads(res.output)["warnings"]]
    assert warned == ["games[1].opponent", "games[2].opponent", "games[3].opponent"]
    data = json.loads(run(*ISSUE_FIRST, "--scale", "alt", "--json").output)
    same = dwz.first_rating([(oracle.umstufung(o), r) for o, r in ((1200, 1), (900, 0), (1000, 0.5), (950, 1), (1100, 0))],
                            end=date(2026, 9, 14))
    assert (data["new_rating"], data["warnings"]) == (same.new_rating, [])
    assert len(data["conversions"]) == 5


def test_scenarios_scale() -> None:
    args = ["scenarios", "1050-3", "1500", "990", "--end", END]
    res = run(*args)
    assert res.exit_code == 2 and "unter 1100" in res.stderr and "--alt eigene" in res.stderr
    data = json.loads(run(*args, "--scale", "alt", "--json").output)
    assert (data["old_rating"], data["old_index"], data["new_index"]) == (oracle.umstufung(1050), 4, 5)
    own = json.loads(run(*args, "--alt", "eigene", "--json").output)  # the own DWZ only: 990 stays and is warned about
    assert (own["old_rating"], own["old_index"], own["own_scale"]) == (oracle.umstufung(1050), 4, "old")
    assert [w["field"] for w in own["warnings"]] == ["opponents[1]"]
    text = run(*args, "--alt", "eigene").output
    assert text.startswith("Achtung: 1 Gegner-DWZ unter 1100") and text.index("Achtung") < text.index("Szenarien: neue DWZ")
    assert f"Ihre DWZ 1050-3 (vor der Umstufung) → {oracle.umstufung(1050)}-4" in " ".join(text.split())


def test_scale_under_the_classic_rules_and_bad_values() -> None:
    res = run("rate", "900-10", "--end", "2025-09-14", "950:1", "--scale", "alt")
    assert res.exit_code == 0 and "nichts umgestuft" in res.output
    res = run("rate", "900-10", "--end", "2025-09-14", "950:1", "--scale", "neu")
    assert res.exit_code == 2 and "--scale:" in res.output and "nicht eindeutig zurückrechnen" in res.output
    res = run("rate", "900-10", "--end", END, "950:1", "--scale", "mittel")
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_implausible_opponents_warn() -> None:
    """Issue 8's example: dwz rate 1650-12 --end 2026-09-14 1:1 50:0."""
    data = json.loads(run("rate", "1650-12", "--end", END, "1:1", "50:0", "--json").output)
    assert [(w["field"], w["code"]) for w in data["warnings"]] == [("games[0].opponent", "rating_implausible_low"),
                                                                  ("games[1].opponent", "rating_implausible_low")]
    text = run("rate", "1650-12", "--end", END, "1:1", "50:0").output
    assert "Wertungszahl 50 liegt unter 500" in " ".join(text.split())


# --- tournaments --------------------------------------------------------------------------------


def _file(tmp_path: Path, scale_column: bool = False, file_scale: str | None = None) -> Path:
    head = "[tournament]\nname,Herbstopen 2026\nend,2026-09-14\n" + (f"scale,{file_scale}\n" if file_scale else "")
    players = "no,name,rating,birth_year,dsb_id" + (",scale" if scale_column else "") + "\n"  # the portal finds them by DSB-ID
    rows = [("1", '"Alt, Anna"', "950-10", "1980", "10000001", "alt"), ("2", '"Neu, Nils"', "1500-20", "1980", "10000002", "neu"),
            ("3", '"Mitte, Max"', "1250-8", "1990", "10000003", "")]
    players += "".join(",".join(r if scale_column else r[:5]) + "\n" for r in rows)
    games = "round,white,black,result\n1,1,2,1-0\n2,3,1,½-½\n3,2,3,0-1\n"
    path = tmp_path / "herbst.csv"
    path.write_text(f"{head}\n[players]\n{players}\n[games]\n{games}", encoding="utf-8")
    return path


def test_tournament_refuses_a_dwz_below_1100_and_the_engine_still_warns(tmp_path: Path) -> None:
    """A DWZ below 1100 under the 2026 rules with nothing said of the scale: ``dwz tournament`` refuses
    (exit 2, nothing written) as ``dwz rate`` does — naming the player and the fixes — since that value
    also moves every opponent's We; ``dwz check`` says it as an error.  The engine's warning, remark and
    the published files' wording stay (the Python API evaluates what it is given)."""
    from dwz.reports import to_csv, to_html
    from dwz.reports.inputs import gather

    path = _file(tmp_path)
    res = run("tournament", str(path))
    assert res.exit_code == 2 and "Nr  Name" not in res.output  # no table
    said = " ".join(res.stderr.split())
    assert "--scale: 1 Spieler mit einer DWZ unter 1100" in said and "1. Alt, Anna (950)" in said
    assert "--scale alt" in said and "--list" in said  # the fixes, in the options' words
    assert run("tournament", str(path), "--json").exit_code == 2
    for suffix in ("csv", "html", "json"):
        out = tmp_path / f"out.{suffix}"
        assert run("tournament", str(path), "-o", str(out)).exit_code == 2 and not out.exists()
    check = run("check", str(path), "--json")
    assert check.exit_code == 2 and json.loads(check.output)["findings"][0]["kind"] == "old_scale_rating"
    # the engine and the reports, as before
    inputs = gather(path.read_bytes(), str(path))
    ev = dwz.evaluate_tournament(inputs.tournament)
    data = ev.to_dict("de")
    anna = next(p for p in data["players"] if p["no"] == 1)
    assert [w["code"] for w in anna["warnings"]] == ["player_old_scale"] and anna["remarks"][0]["key"] == "old_scale"
    assert [w["code"] for w in data["warnings"]] == ["players_old_scale"]
    report = inputs.check(ev)
    assert [f.kind for f in report.findings if f.player == 1] == ["old_scale_rating"]
    assert [p.code for p in report.refusal()] == ["refused_old_scale_rating"]
    with dwz.i18n.wording("cli"):  # as the command line writes its files
        rows = list(csv.reader(io.StringIO(to_csv(ev, "de")), delimiter=";"))
        html = to_html(ev, "de", check=report)
    assert rows[1][-1] == "DWZ unter 1100: alte Skala? (--scale alt)"
    assert "DWZ unter 1100: alte Skala? (--scale alt)" in html
    assert "DWZ unter 1100 bei einem Turnier nach der Umstufung 2026" in html  # the Prüfbericht section
    assert "Spieler mit einer DWZ unter 1100" in json.dumps(data, ensure_ascii=False)


def test_tournament_scale_option_file_flag_and_column(tmp_path: Path) -> None:
    plain = json.loads(run("tournament", str(_file(tmp_path)), "--scale", "alt", "--json").output)
    assert [(p["old_rating"], p["old_index"]) for p in plain["players"]] == [
        (oracle.umstufung(950), 11), (oracle.umstufung(1500), 21), (oracle.umstufung(1250), 9)]
    assert all(p["remarks"][0]["key"] == "scale_converted" for p in plain["players"])
    assert [w["code"] for w in plain["warnings"]] == ["players_scale_converted"]
    assert not [f for f in plain["check"]["findings"] if f["severity"] != "note"]
    # the same tournament with the values already converted gives the same numbers
    t = dwz.read_tournament(str(_file(tmp_path)))
    conv = t.with_(players=tuple(p.with_(rating=oracle.umstufung(p.rating), index=p.index + 1) for p in t.players))
    ev = dwz.evaluate_tournament(conv)
    assert [p["new_rating"] for p in plain["players"]] == [pe.new_rating for pe in ev.players]
    # the file's flag does the same; a per-player column wins over it and over --scale
    flagged = json.loads(run("tournament", str(_file(tmp_path, file_scale="alt")), "--json").output)
    assert [p["new_rating"] for p in flagged["players"]] == [p["new_rating"] for p in plain["players"]]
    column = json.loads(run("tournament", str(_file(tmp_path, scale_column=True)), "--scale", "alt", "--json").output)
    assert [(p["old_rating"], [r["key"] for r in p["remarks"]]) for p in column["players"]] == [
        (oracle.umstufung(950), ["scale_converted"]), (1500, []), (oracle.umstufung(1250), ["scale_converted"])]
    rw = run("tournament", str(_file(tmp_path)), "--scale", "alt", "--player", "1", "--explain").output
    assert "Umstufung der eigenen DWZ" in rw and "950 + 400 = 1350" in rw and "10 + 1 = 11" in rw


def test_tournament_scale_new_before_the_switch_is_an_error(tmp_path: Path) -> None:
    path = _file(tmp_path)
    res = run("tournament", str(path), "--end", "2026-05-31", "--scale", "neu")
    assert res.exit_code == 2 and "--scale" in res.output and "Traceback" not in res.output
    res = run("tournament", str(path), "--end", "2026-05-31", "--scale", "alt", "--json")
    assert res.exit_code == 0 and "scale_old_unchanged" in [w["code"] for w in json.loads(res.output)["warnings"]]


# --- the scale of each value (issue 15 §1) --------------------------------------------------------

THE_ISSUE = ["rate", "900-10", "--end", END, "1350:1", "1250:0", "1400:="]
OPPS = [(1350, 1), (1250, 0), (1400, 0.5)]


def _api(rating: str, games: list[tuple[int, float]], **kw: Any) -> dwz.RatingResult:
    return dwz.rate(rating, games, end=date(2026, 9, 14), **kw)


@pytest.mark.parametrize("words", [["--alt", "eigene"], ["--alt", "own"], ["--old", "EIGENE"]])
def test_alt_own_converts_the_own_dwz_only(words: list[str]) -> None:
    """`--alt eigene`: 900-10 → 1300-11 against the opponents as typed: 1304-12 (+4), said in the headline."""
    res = run(*THE_ISSUE, *words)
    assert res.exit_code == 0, res.output
    u = dwz.umstufung("900-10")
    same = _api(f"{u.new_rating}-{u.new_index}", OPPS)  # the converted value against the same opponents
    assert res.output.splitlines()[0] == (f"Ihre DWZ 900-10 (vor der Umstufung) → {u.new_rating}-{u.new_index}; "
                                          f"neue DWZ {same.new_rating}-{same.new_index} (+{same.change})")
    assert res.output.splitlines()[0].endswith("neue DWZ 1304-12 (+4)")  # the issue's stated numbers
    data = json.loads(run(*THE_ISSUE, *words, "--json").output)
    assert (data["new_rating"], data["new_index"], data["own_scale"], data["opponents_scale"]) == (1304, 12, "old", None)
    assert [g["opponent"] for g in data["games"]] == [1350, 1250, 1400] and data["warnings"] == []
    explain = run(*THE_ISSUE, *words, "--explain").output
    assert explain.index(" 2. Umstufung der eigenen DWZ") < explain.index("Altersgruppe  (WO 3.2)")


@pytest.mark.parametrize("words", [["--alt", "alle"], ["--alt", "all"], ["--scale", "alt"]])
def test_alt_all_converts_every_value(words: list[str]) -> None:
    """`--alt alle` (old spelling `--scale alt`): the opponents converted too — 1335-12."""
    res = run(*THE_ISSUE, *words, "--json")
    data = json.loads(res.output)
    conv = [(oracle.umstufung(o), w) for o, w in OPPS]
    same = _api(f"{oracle.umstufung(900)}-11", conv)
    assert (data["new_rating"], data["new_index"]) == (same.new_rating, same.new_index) == (1335, 12)
    assert [g["converted_from"] for g in data["games"]] == [1350, 1250, 1400]


def test_alt_opponents() -> None:
    data = json.loads(run("rate", "1500-20", "--end", END, "950:1", "850:0", "--alt", "gegner", "--json").output)
    same = _api("1500-20", [(oracle.umstufung(950), 1), (oracle.umstufung(850), 0)])
    assert (data["old_rating"], data["new_rating"], data["warnings"]) == (1500, same.new_rating, [])


@pytest.mark.parametrize("option", ["--stand", "--rating-date"])
def test_stand_before_the_switch_converts(option: str) -> None:
    """`dwz rate 1500-20 … --stand 2026-05-01`: the card's date says old scale — converted."""
    games = ["1600:1", "1750:=", "1700:0"]
    res = run("rate", "1500-20", "--end", END, *games, option, "01.05.2026")
    u = dwz.umstufung("1500-20")
    same = _api(f"{u.new_rating}-{u.new_index}", [(1600, 1), (1750, 0.5), (1700, 0)])
    assert res.exit_code == 0
    assert res.output.splitlines()[0] == (f"Ihre DWZ 1500-20 (vor der Umstufung) → {u.new_rating}-{u.new_index}; "
                                          f"neue DWZ {same.new_rating}-{same.new_index} ({dwz.i18n.fmt_signed(same.change)})")
    after = json.loads(run("rate", "1500-20", "--end", END, *games, option, "2026-06-08", "--json").output)
    assert (after["old_rating"], after["conversions"], after["rating_date"]) == (1500, [], "2026-06-08")
    low = run(*THE_ISSUE, option, "2026-07-01")
    assert low.exit_code == 2 and "900" in low.stderr and "01.07.2026" in low.stderr
    classic = run("rate", "1634-22", "--end", "2026-05-31", "1600:1", option, "2026-07-01")
    assert classic.exit_code == 2 and "--stand:" in classic.stderr and "dwz umstufung --inverse" in classic.stderr


def test_without_a_date_the_assumption_is_in_the_rechenweg() -> None:
    text = run("rate", "1500-20", "--end", END, "1600:1", "--explain").output
    assert " 2. Skala der eigenen DWZ  (Umstufung 2026) *" in text
    assert "--stand DATUM oder --alt eigene angeben" in " ".join(text.split())
    assert "Achtung" not in text  # an assumption, not a warning


def test_first_takes_only_the_opponents() -> None:
    """A first DWZ has no own DWZ: `--alt eigene` is a clear error; gegner and alle convert the opponents."""
    bad = run(*ISSUE_FIRST, "--alt", "eigene")
    assert bad.exit_code == 2 and bad.stderr.startswith("Fehler: --alt: ohne eigene DWZ (Erst-DWZ)")
    assert bad.stderr.rstrip().endswith("--alt gegner oder --alt alle")  # what is allowed instead
    expected = dwz.first_rating([(oracle.umstufung(o), r) for o, r in ((1200, 1), (900, 0), (1000, 0.5), (950, 1), (1100, 0))],
                                end=date(2026, 9, 14)).new_rating
    for word in ("gegner", "alle", "opponents"):
        assert json.loads(run(*ISSUE_FIRST, "--alt", word, "--json").output)["new_rating"] == expected
    assert run(*ISSUE_FIRST, "--stand", "2026-05-01").exit_code == 2  # no such option for a first DWZ
    zero = run("rate", "0", "1200:1", "900:0", "1000:=", "950:1", "1100:0", "--end", END, "--alt", "eigene")
    assert zero.exit_code == 2 and "--alt: ohne eigene DWZ" in zero.stderr
    zero = run("rate", "0", "1200:1", "900:0", "1000:=", "950:1", "1100:0", "--end", END, "--alt", "alle", "--json")
    assert json.loads(zero.output)["new_rating"] == expected


@pytest.mark.parametrize("lang", ["de", "en"])
def test_help_shows_alt_and_stand_but_not_scale(lang: str) -> None:
    for command in ("rate", "scenarios"):
        text = " ".join(run(command, "--help", lang=lang).output.split())
        assert "--alt, --old" in text and "--stand, --rating-date" in text and "--scale" not in text
        assert ("[eigene|gegner|alle]" if lang == "de" else "[own|opponents|all]") in text
    de = " ".join(run("rate", "--help").output.split())
    assert ("Welche DWZ stammen von vor der Umstufung 2026 (Karte/Liste vor dem 08.06.2026): eigene, gegner oder alle – sie "
            "werden zuerst umgestuft") in de
    assert "Stand Ihrer DWZ: Datum der Karteikarte oder Liste, von der sie stammt" in de
    first = " ".join(run("first", "--help", lang=lang).output.split())
    assert "--alt" in first and "--stand" not in first
