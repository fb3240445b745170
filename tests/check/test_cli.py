"""``dwz check`` on the terminal (German and English, grouped, the terminal's width, plurals,
the summary line), the same report inside ``dwz tournament`` (terminal, JSON, HTML), the
catalogs, and no traceback whatever the input."""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dwz.cli.main import cli
from dwz.i18n import CATALOGS, LANGS
from dwz.reports.findings import RULES
from tests.check._files import check_json, established, invoke, list_for, player, round_robin, tournament, write
from tests.conftest import SAMPLES

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
SECTIONS = {"de": ("Fehler", "Warnungen", "Hinweise"), "en": ("Errors", "Warnings", "Notes")}
# singular / plural of each severity as the summary must spell it
NOUNS = {"de": {"error": ("Fehler", "Fehler"), "warning": ("Warnung", "Warnungen"), "note": ("Hinweis", "Hinweise")},
         "en": {"error": ("error", "errors"), "warning": ("warning", "warnings"), "note": ("note", "notes")}}
NONE = {"de": "keine", "en": "no"}


def mixed(tmp_path: Path) -> Path:
    """Two errors (birth years missing), one warning (index unknown), one note (a non-member)."""
    ps = established(6)
    ps[0].pop("birth_year")
    ps[1].pop("birth_year")
    ps[2].pop("index")
    ps.append(player(7, "Gast, Georg", birth_year=1975, rating=1600, index=5, member=False, dsb_id="10009999"))
    return write(tmp_path, "gemischt.json", tournament(ps))


def expected_summary(rep: dict[str, Any], lang: str) -> str:
    parts = []
    for sev, key in (("error", "errors"), ("warning", "warnings"), ("note", "notes")):
        n = rep["summary"][key]
        one, many = NOUNS[lang][sev]
        parts.append(f"{NONE[lang]} {many}" if n == 0 else f"{n} {one if n == 1 else many}")
    return ", ".join(parts)


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_report_is_grouped_with_rule_fix_and_summary(tmp_path: Path, lang: str) -> None:
    path = mixed(tmp_path)
    code, rep = check_json(path, lang=lang)
    assert (rep["summary"]["errors"], rep["summary"]["warnings"], rep["summary"]["notes"]) == (2, 1, 1)
    res = invoke("check", path, lang=lang)
    assert res.exit_code == code == 2
    out = res.stdout
    lines = out.splitlines()
    # the severities in order, each once, each kind with its rule and its fix
    positions = [lines.index(s) for s in SECTIONS[lang]]
    assert positions == sorted(positions)
    for f in rep["findings"]:
        assert f["title"] in out and f["rule"] in out and f["fix"].split()[0] in out
        assert f"{f['player']}. {f['name']}" in out
    assert lines[-1].endswith(expected_summary(rep, lang))
    assert rep["summary"]["text"] == expected_summary(rep, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_of_the_summary(tmp_path: Path, lang: str) -> None:
    ps = established(6)
    ps[0].pop("birth_year")
    _, rep = check_json(write(tmp_path, "eins.json", tournament(ps)), lang=lang)
    assert (rep["summary"]["errors"], rep["summary"]["warnings"], rep["summary"]["notes"]) == (1, 0, 0)
    assert rep["summary"]["text"] == expected_summary(rep, lang)
    _, rep = check_json(SWI, lang=lang)
    assert rep["summary"]["text"] == expected_summary(rep, lang)


def test_german_first_english_on_request(tmp_path: Path) -> None:
    path = mixed(tmp_path)
    de = CliRunner().invoke(cli, ["check", str(path)], env={"DWZ_LANG": "de"}).stdout
    en = invoke("check", path, lang="en").stdout
    assert de.startswith("Prüfbericht") and "Geburtsjahr fehlt" in de and "Turnierende" in de
    assert en.startswith("Pre-upload check") and "Birth year missing" in en
    assert "birth_year_missing" not in de + en and "{" not in de + en  # no internal names, no template left


@pytest.mark.parametrize("columns", [60, 100, 140])
def test_the_report_fits_the_terminal_width_without_trailing_blanks(tmp_path: Path, columns: int) -> None:
    for path in (mixed(tmp_path), SWI, SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"):
        out = CliRunner().invoke(cli, ["check", str(path)], env={"COLUMNS": str(columns)}).stdout
        for line in out.splitlines():
            assert line == line.rstrip()
            assert len(line) <= columns or " " not in line.strip(), line  # only a single over-long word may stick out


def test_many_players_with_the_same_finding_are_listed_once_in_columns(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["check", str(SWI)], env={"COLUMNS": "100"}).stdout
    _, rep = check_json(SWI)
    missing = [f for f in rep["findings"] if f["kind"] == "birth_year_missing"]
    assert out.count(missing[0]["message"]) == 1
    assert all(f"{f['player']}. {f['name']}" in out for f in missing)
    # three kinds (no birth year, not identifiable by the portal, no index), one line each
    assert len([line for line in out.splitlines() if missing[0]["name"] in line]) == 3


def test_exit_codes_clean_warnings_errors(tmp_path: Path) -> None:
    ps = established(6)
    assert invoke("check", write(tmp_path, "a.json", tournament(ps))).exit_code == 0
    ps[0].pop("index")
    assert invoke("check", write(tmp_path, "b.json", tournament(ps))).exit_code == 1
    ps[1].pop("birth_year")
    assert invoke("check", write(tmp_path, "c.json", tournament(ps))).exit_code == 2


def test_a_clean_file_says_so(tmp_path: Path) -> None:
    ps = established(6)
    out = invoke("check", write(tmp_path, "a.json", tournament(ps)), "--list", write(tmp_path, "l.csv", list_for(ps))).stdout
    assert "Keine Befunde" in out and "6 von 6 gefunden" in out and "Fehler" not in out.split("\n", 3)[-1]


def test_missing_file_and_bad_options_exit_2_without_traceback(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["check", str(tmp_path / "fehlt.trf")])
    assert res.exit_code == 2 and "fehlt.trf" in res.output and "Traceback" not in res.output
    res = CliRunner().invoke(cli, ["check", str(mixed(tmp_path)), "--end", "14.13.2026"])
    assert res.exit_code == 2 and "14.13.2026" in res.output and "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)


def test_the_console_script_prints_no_traceback(tmp_path: Path) -> None:
    bad = write(tmp_path, "kaputt.swi", b"\xff\xfe garbage \x00\x01")
    proc = subprocess.run([sys.executable, "-m", "dwz", "check", str(bad)], capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr + proc.stdout and "kaputt.swi" in proc.stdout


_VALID = tournament(established(5))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_no_traceback_on_any_input(tmp_path: Path, data: st.DataObject) -> None:
    """Random bytes, and a valid file with bytes changed: exit 0, 1 or 2 and a report, never an exception."""
    base = data.draw(st.sampled_from([_VALID.encode(), SWI.read_bytes(), (SAMPLES / "trf" / "lichess_swiss_2020_06.trf").read_bytes()]))
    if data.draw(st.booleans()):
        blob = data.draw(st.binary(max_size=400))
    else:
        cut = bytearray(base)
        for _ in range(data.draw(st.integers(1, 6))):
            i = data.draw(st.integers(0, len(cut) - 1))
            cut[i] = data.draw(st.sampled_from(list(b"0123456789 -+=/,.:{}[]\"\nxW")))
        blob = bytes(cut)
    path = write(tmp_path, "fuzz.dat", blob)
    res = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code in (0, 1, 2)
    rep = json.loads(res.stdout)
    assert rep["exit_code"] == res.exit_code


# --- the same report inside dwz tournament --------------------------------------------------------


def test_tournament_shows_the_check_as_a_section(tmp_path: Path) -> None:
    path = mixed(tmp_path)
    _, rep = check_json(path)
    res = invoke("tournament", path)
    assert res.exit_code == 0  # the evaluation itself succeeded
    out = res.stdout
    assert f"Prüfbericht: {rep['summary']['text']}" in out
    assert all(f["title"] in out for f in rep["findings"])
    # the table comes first, the report after it
    assert out.index("Gast, Georg") < out.index("Prüfbericht")


def test_tournament_json_and_html_carry_the_check(tmp_path: Path) -> None:
    path = mixed(tmp_path)
    _, rep = check_json(path)
    res = invoke("tournament", path, "--json")
    doc = json.loads(res.stdout)
    assert doc["check"]["findings"] == rep["findings"] and doc["players"]
    html_path = tmp_path / "r.html"
    invoke("tournament", path, "-o", html_path)
    html = html_path.read_text(encoding="utf-8")
    assert 'id="pruefbericht"' in html and rep["summary"]["text"] in html
    for f in rep["findings"]:
        assert f["title"] in html and f["rule"] in html and f["message"].replace("'", "&#39;") in html
    json_path = tmp_path / "r.json"
    invoke("tournament", path, "-o", json_path)
    assert json.loads(json_path.read_text(encoding="utf-8"))["check"]["summary"] == rep["summary"]


def test_tournament_with_player_shows_only_his_findings(tmp_path: Path) -> None:
    path = mixed(tmp_path)
    _, rep = check_json(path)
    mine = [f for f in rep["findings"] if f["player"] == 3]
    others = [f for f in rep["findings"] if f["player"] not in (3, None)]
    out = invoke("tournament", path, "--player", "3").stdout
    assert mine and all(f["title"] in out for f in mine)
    assert f"Prüfbericht: {expected_summary({'summary': {'errors': 0, 'warnings': len(mine), 'notes': 0}}, 'de')}" in out
    assert not any(f["title"] in out for f in others if f["kind"] not in {m["kind"] for m in mine})


def test_tournament_still_fails_on_an_unreadable_file(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.trf", "012 Kaputt\n001    1 m    Anna                              1500                        1.0    1     2 w 1\n")
    res = CliRunner().invoke(cli, ["tournament", str(bad)])
    assert res.exit_code == 2 and "bad.trf" in res.output and "Traceback" not in res.output


# --- catalogs and rendering ------------------------------------------------------------------------


def test_check_keys_exist_in_both_catalogs_with_the_same_placeholders() -> None:
    fields = string.Formatter()
    de = {k: v for k, v in CATALOGS["de"]["ui"].items() if k.startswith("check.")}
    en = {k: v for k, v in CATALOGS["en"]["ui"].items() if k.startswith("check.")}
    assert set(de) == set(en)
    for k in de:
        assert {f for _, f, _, _ in fields.parse(de[k]) if f} == {f for _, f, _, _ in fields.parse(en[k]) if f}, k
    for kind in RULES:  # every kind has a title and a fix
        assert f"check.{kind}.title" in de and f"check.{kind}.fix" in de, kind


def test_every_message_key_used_by_the_check_is_in_the_catalogs() -> None:
    src = (Path(__file__).resolve().parents[2] / "src" / "dwz" / "reports" / "check.py").read_text(encoding="utf-8")
    used = set(re.findall(r'_f\("(?:error|warning|note)", "([a-z_]+)", \w+(?:, "([a-z_]+)")?', src))
    assert used
    for kind, variant in used:
        key = f"check.{kind}.{variant}" if variant else f"check.{kind}"
        assert key in CATALOGS["de"]["ui"], key


@pytest.mark.parametrize("lang", LANGS)
def test_every_finding_of_the_fixtures_renders_completely(tmp_path: Path, lang: str) -> None:
    ps = established(6)
    listed = list_for(ps)
    ps[0].pop("birth_year")
    ps[1]["rating"] += 30
    ps[2]["name"] = "Spielerc, Mac"
    ps.append(player(7, "Neu, Nora", birth_year=2012))
    ps.append(player(8, "Dupont, Jean", birth_year=1975, elo=1900, federation="FRA"))
    games = [*round_robin([1, 2, 3, 4, 5, 6, 8]), {"round": 40, "white": 7, "black": 1, "result": "1-0"}]
    path = write(tmp_path, "t.json", tournament(ps, games, start="2026-09-20"))
    _, rep = check_json(path, "--list", write(tmp_path, "l.csv", listed), "--end", "2026-09-13", lang=lang)
    assert len({f["kind"] for f in rep["findings"]}) >= 7
    for f in rep["findings"]:
        for part in (f["title"], f["message"], f["fix"]):
            assert part and "{" not in part and "?" not in part and "check." not in part, f


def test_dwz_check_json_loads_no_web_stack_and_dwz_rate_no_check() -> None:
    probe = ("import sys; sys.argv = {argv!r}\nfrom dwz.cli.main import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
             "sys.stderr.write('MODULES=' + ','.join(sorted(sys.modules)))")
    for argv, forbidden in (
        (["dwz", "check", str(SWI), "--json"], ("fastapi", "uvicorn", "jinja2", "rich", "starlette")),
        (["dwz", "rate", "1650-12", "--end", "2026-09-14", "1580:1", "--json"], ("dwz.reports", "dwz.formats", "dwz.core.tournament",
                                                                                 "dwz.core.tournament_records", "dwz.core.tournament_explain",
                                                                                 "dwz.core.tournament_scale", "dwz.core.tournament_elo")),
    ):
        p = subprocess.run([sys.executable, "-c", probe.format(argv=argv)], capture_output=True, text=True, check=False, timeout=60)
        m = re.search(r"MODULES=(.*)$", p.stderr, re.MULTILINE)
        assert m, p.stderr[-2000:]
        loaded = set(m.group(1).split(","))
        bad = sorted(x for x in loaded if any(x == f or x.startswith(f + ".") for f in forbidden))
        assert not bad, (argv[1], bad)


def test_the_html_report_of_a_clean_file_says_so(tmp_path: Path) -> None:
    html_path = tmp_path / "r.html"
    invoke("tournament", write(tmp_path, "ok.json", tournament(established(6))), "-o", html_path, lang="en")
    html = html_path.read_text(encoding="utf-8")
    assert "Pre-upload check: no errors, no warnings, no notes" in html and "No findings" in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_fix_never_asks_for_the_list_that_was_given(lang: str) -> None:
    """The SWI sample has no birth years and no index; with the DSB list the check still finds them
    missing (the list's players are others) — the fix then asks for the file's value, not for --list."""
    dsb = SAMPLES / "dsb" / "spieler_v2_example.csv"
    _, without = check_json(SWI, lang=lang)
    _, with_list = check_json(SWI, "--list", dsb, lang=lang)
    for kind in ("birth_year_missing", "index_missing"):
        before = [f["fix"] for f in without["findings"] if f["kind"] == kind]
        after = [f["fix"] for f in with_list["findings"] if f["kind"] == kind]
        assert before and after and all("--list" in f for f in before), kind
        assert not any("--list" in f for f in after), (kind, after[0])
        assert after[0] == CATALOGS[lang]["ui"][f"check.{kind}.with_dsb.fix"]
