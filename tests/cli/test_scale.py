"""The 2026 scale on the command line (issue 8 §1): the old-scale warning on every command and
output (text, ``--json``, the tournament table's remarks, CSV and HTML, ``dwz check``) and
``--scale alt|neu|old|new`` as the fix.  Expected numbers: the Python API the commands wrap, and
the Umstufung from the spec's formula (``tests/oracle.py``)."""

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


def test_rate_warns_in_text_and_json() -> None:
    res = run(*ISSUE_RATE)
    assert res.exit_code == 0
    text = " ".join(res.output.split())
    assert "4 Werte unter 1100 – seit der Umstufung 2026 gibt es keine DWZ unter 1100" in text  # one block, every value
    for label, value in (("DWZ", 900), ("Partie 1, Gegner", 950), ("Partie 2, Gegner", 850), ("Partie 3, Gegner", 1000)):
        assert f"{label} {value} → {oracle.umstufung(value)}" in text
    assert "--scale alt" in res.output
    data = json.loads(run(*ISSUE_RATE, "--json").output)
    assert [(w["field"], w["code"]) for w in data["warnings"]] == [
        ("rating", "rating_old_scale"), ("games[0].opponent", "rating_old_scale"), ("games[1].opponent", "rating_old_scale"),
        ("games[2].opponent", "rating_old_scale")]
    en = run(*ISSUE_RATE, "--lang", "en")
    assert "--scale old" in en.output and "Umstufung 2026" in en.output


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
    assert "unter 1100" in run(*args).output
    data = json.loads(run(*args, "--scale", "alt", "--json").output)
    assert (data["old_rating"], data["old_index"], data["new_index"]) == (oracle.umstufung(1050), 4, 5)


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
    players = "no,name,rating,birth_year" + (",scale" if scale_column else "") + "\n"
    rows = [("1", '"Alt, Anna"', "950-10", "1980", "alt"), ("2", '"Neu, Nils"', "1500-20", "1980", "neu"),
            ("3", '"Mitte, Max"', "1250-8", "1990", "")]
    players += "".join(",".join(r if scale_column else r[:4]) + "\n" for r in rows)
    games = "round,white,black,result\n1,1,2,1-0\n2,3,1,½-½\n3,2,3,0-1\n"
    path = tmp_path / "herbst.csv"
    path.write_text(f"{head}\n[players]\n{players}\n[games]\n{games}", encoding="utf-8")
    return path


def test_tournament_warns_on_every_surface(tmp_path: Path) -> None:
    path = _file(tmp_path)
    res = run("tournament", str(path))
    assert res.exit_code == 0
    assert "DWZ unter 1100: alte Skala? (--scale alt)" in res.output  # the remark column
    assert "DWZ unter 1100 bei einem Turnier nach der Umstufung 2026" in res.output  # the check section
    data = json.loads(run("tournament", str(path), "--json").output)
    anna = next(p for p in data["players"] if p["no"] == 1)
    assert [w["code"] for w in anna["warnings"]] == ["player_old_scale"] and anna["remarks"][0]["key"] == "old_scale"
    assert [w["code"] for w in data["warnings"]] == ["players_old_scale"]
    assert [f["kind"] for f in data["check"]["findings"] if f["player"] == 1] == ["old_scale_rating"]
    for suffix in ("csv", "html", "json"):
        out = tmp_path / f"out.{suffix}"
        assert run("tournament", str(path), "-o", str(out)).exit_code == 0
        body = out.read_text(encoding="utf-8-sig")
        assert "DWZ unter 1100: alte Skala? (--scale alt)" in body
    rows = list(csv.reader(io.StringIO((tmp_path / "out.csv").read_text(encoding="utf-8-sig")), delimiter=";"))
    assert rows[1][-1] == "DWZ unter 1100: alte Skala? (--scale alt)"
    html = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert "DWZ unter 1100 bei einem Turnier nach der Umstufung 2026" in html  # the Prüfbericht section
    assert "Spieler mit einer DWZ unter 1100" in (tmp_path / "out.json").read_text(encoding="utf-8")
    check = run("check", str(path), "--json")
    assert check.exit_code == 2 and json.loads(check.output)["findings"][0]["kind"] == "old_scale_rating"


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
