"""The ``dwz`` command: the installed console script (subprocess) and in-process via click's CliRunner.

Expected numbers come from tests/data (vectors and spec) or from the Python API the command wraps.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import date
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwz
import dwz.elo
from dwz.cli import main as cli_main
from dwz.core.conversion import umstufung
from dwz.core.scenarios import scenarios
from dwz.i18n import CATALOGS, field_label
from tests.conftest import VECTORS, load_json
from tests.engine.spec_vectors import dwz2026 as sv_2026
from tests.engine.spec_vectors import fide as sv_fide
from tests.engine.spec_vectors import text as sv_text

ISSUE_ARGS = ["rate", "1650-12", "--born", "1985", "--end", "2026-09-14", "1580:1", "1720:=", "1810:0", "1600:1", "1690:="]
ENV = {**os.environ, "COLUMNS": "200", "DWZ_LANG": "de", "PYTHONIOENCODING": "utf-8"}


def _case(case_id: str) -> dict[str, Any]:
    return next(c for c in load_json(VECTORS / "dwz.json") if c["id"] == case_id)


def _issue_api() -> dwz.RatingResult:
    return dwz.rate("1650-12", ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="], end=date(2026, 9, 14), birth_year=1985)


def run_exe(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    from tests.conftest import dwz_command

    return subprocess.run([*dwz_command(), *args], capture_output=True, text=True, encoding="utf-8", env=env or ENV, timeout=60)


def _cli() -> click.Group:
    cli_main._register_optional()  # subcommands of later layers, as main() does
    return cli_main.cli


def invoke(*args: str) -> Any:
    return CliRunner(env={"DWZ_LANG": "de", "COLUMNS": "200"}).invoke(_cli(), list(args), catch_exceptions=True)


# --- the issue's example ---------------------------------------------------------------------------------


def _headline() -> str:
    exp = _case("reference-001-example")["expect"]
    return f"{exp['new_rating']}-{exp['new_index']} (+{exp['new_rating'] - 1650})"


def test_issue_example_console_script() -> None:
    p = run_exe(*ISSUE_ARGS)
    assert p.returncode == 0, p.stderr
    assert _headline() in p.stdout.splitlines()[0]
    assert "Traceback" not in p.stderr


def test_issue_example_cli_runner() -> None:
    r = invoke(*ISSUE_ARGS)
    assert r.exit_code == 0, r.output
    assert _headline() in r.stdout.splitlines()[0]


def test_json_has_the_keys_of_to_dict() -> None:
    """--json prints to_dict(): same keys and values as the Python API (subprocess and in-process) —
    with both readings, the own DWZ's scale unsaid (issue 22 §3) —, its hints worded for the command
    line (the fixes name the options, issue 15)."""
    from dwz.core.readings import rate_readings
    from dwz.i18n import wording

    with wording("cli"):
        expected = json.loads(json.dumps(rate_readings("1650-12", ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="],
                                                       end=date(2026, 9, 14), birth_year=1985).to_dict("de")))
        plain = json.loads(json.dumps(_issue_api().to_dict("de")))
    assert {k: v for k, v in expected.items() if k not in ("scale_doubtful", "readings")} == plain  # rate()'s keys, unchanged
    assert expected["scale_doubtful"] is True and set(expected["readings"]) == {"new", "old", "texts"}
    assert "--stand DATUM oder --alt eigene" in json.dumps(expected, ensure_ascii=False)  # the own DWZ taken as new-scale
    for out in (run_exe(*ISSUE_ARGS, "--json").stdout, invoke(*ISSUE_ARGS, "--json").stdout):
        data = json.loads(out)
        assert set(data) == set(expected)
        assert {"new_rating", "new_index", "W", "n", "We", "K", "Rc", "performance", "rules", "steps"} <= set(data)
        assert data == expected


def test_explain_prints_rule_sections() -> None:
    r = invoke(*ISSUE_ARGS, "--explain")
    assert r.exit_code == 0
    assert "WO 3.5.2" in r.stdout
    for step in _issue_api().rechenweg("de"):
        assert step["rule"] in r.stdout, step["rule"]
        assert step["title"] in r.stdout, step["title"]


def test_lang_en() -> None:
    en, de = CATALOGS["en"]["ui"], CATALOGS["de"]["ui"]
    r = invoke(*ISSUE_ARGS, "--lang", "en", "--explain")
    assert r.exit_code == 0
    assert r.stdout.startswith(en["new_dwz"]) and de["new_dwz"] not in r.stdout
    assert en["rechenweg"] in r.stdout
    p = run_exe(*ISSUE_ARGS, env={**ENV, "DWZ_LANG": "en"})
    assert p.stdout.startswith(en["new_dwz"])


# --- bad input: exit 2, message on stderr, no traceback --------------------------------------------------

BAD: list[tuple[list[str], str]] = [
    (["rate", "1650-12", "--end", "2026-09-14", "1580:x"], "games[0].result"),
    (["rate", "1650--3", "--end", "2026-09-14", "1580:1"], "rating.index"),
    (["rate", "1650-12", "--end", "2026-13-45", "1580:1"], "end"),
    (["rate", "1650-12", "--end", "2026-09-14", "--born", "2030", "1580:1"], "birth_year"),
    (["rate", "1650-12", "--end", "2026-09-14", "--born", "neunzehn", "1580:1"], "birth_year"),
    (["rate", "abc", "--end", "2026-09-14", "1580:1"], "rating"),
    (["rate", "1650-12", "--end", "2026-09-14", "--points", "3", "--count", "2", "--expected", "0.5"], "points"),
    (["rate", "2065-14", "--end", "2026-03-01", "--points", "nan", "--count", "1", "--expected", "0.5"], "points"),
    (["rate", "2065-14", "--end", "2026-03-01", "--points", "0.5", "--count", "1", "--expected", "nan"], "expected"),
    (["rate", "1650-12", "--end", "2026-09-14", "9" * 400 + ":1"], ""),
    (["first", "1580:1", "1600:x", "--end", "2026-09-14"], "games[1].result"),
    (["scenarios", "1650-12", "x", "--end", "2026-09-14"], "opponents[0]"),
    (["umstufung", "abc"], "rating"),
    (["elo", "2000", "2000:1", "--k", "0", "--period", "2025-01-01"], "k"),
    (["elo", "x", "2000:1", "--period", "2025-01-01"], "elo"),  # dwz elo speaks of Elo
    (["elo", "2000", "2000:1", "--period", "01/2025"], "period"),
    (["elo", "--compress", "16OO"], "elo"),
]


@pytest.mark.parametrize(("args", "field"), BAD, ids=[f"{i:02d} {f or 'huge'}: {' '.join(a)[:40]}" for i, (a, f) in enumerate(BAD)])
def test_bad_input_cli_runner(args: list[str], field: str) -> None:
    r = invoke(*args)
    assert r.exception is None or isinstance(r.exception, SystemExit), f"uncaught {type(r.exception).__name__}: {r.exception}"
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() and "Traceback" not in r.output
    assert not r.stdout.strip()
    if field:  # named as the user typed it (the option, or "Partie 1, Ergebnis"), never the internal path
        label = field_label(field, "de", "cli")
        assert f"Fehler: {label}:" in r.stderr, r.stderr
        assert label == field or f" {field}:" not in r.stderr, r.stderr


@pytest.mark.parametrize("args", [BAD[0][0], BAD[7][0], BAD[9][0]], ids=["result", "nan", "huge"])
def test_bad_input_console_script(args: list[str]) -> None:
    p = run_exe(*args)
    assert p.returncode == 2, p.stderr[-500:]
    assert p.stderr.strip() and "Traceback" not in p.stderr
    assert p.stderr.startswith("Fehler: ")
    p_en = run_exe(*args, "--lang", "en")
    assert p_en.returncode == 2 and p_en.stderr.startswith("Error: ") and "Traceback" not in p_en.stderr


def test_bad_input_messages_in_both_languages() -> None:
    de = invoke("rate", "1650-12", "--end", "2026-09-14", "1580:x")
    en = invoke("rate", "1650-12", "--end", "2026-09-14", "1580:x", "--lang", "en")
    assert CATALOGS["de"]["problems"]["result_invalid"].format(value="x") in de.stderr
    assert CATALOGS["en"]["problems"]["result_invalid"].format(value="x") in en.stderr


@pytest.mark.parametrize("end", ["2025-09-14", "2026-09-14"], ids=["classic", "2026"])
def test_rate_without_counted_games(end: str) -> None:
    """Only a forfeit (or no game at all): no evaluation, the DWZ and index stay — the table must
    still print (E/K is undefined then), in every output form."""
    for games in (["1600:+"], []):
        args = ["rate", "1650-12", "--end", end, *games]
        api = dwz.rate("1650-12", games, end=end)
        assert (api.new_rating, api.new_index, api.coefficient) == (1650, 12, None)
        human = invoke(*args)
        assert human.exception is None or isinstance(human.exception, SystemExit), repr(human.exception)
        assert human.exit_code == 0 and "1650-12" in human.stdout.splitlines()[0]
        assert invoke(*args, "--explain").exit_code == 0
        assert json.loads(invoke(*args, "--json").stdout)["new_rating"] == 1650


# --- help texts and their examples -----------------------------------------------------------------------


def _subcommands() -> list[str]:
    return sorted(_cli().commands)


def test_subcommands_present() -> None:
    assert {"rate", "first", "scenarios", "umstufung", "elo"} <= set(_subcommands())


@pytest.mark.parametrize("name", _subcommands())
def test_help_contains_examples(name: str) -> None:
    r = invoke(name, "--help")
    assert r.exit_code == 0
    assert re.search(r"Beispiel|example", r.stdout, re.IGNORECASE)
    assert re.search(rf"^\s*dwz {name}\b", r.stdout, re.MULTILINE), "no example command line in --help"


def _epilog_examples() -> list[tuple[str, list[str], list[str]]]:
    """Example lines "dwz <cmd> …  → shown result" of the five core subcommands' help texts."""
    from dwz.cli.lang import help_text

    out = []
    for name in ("rate", "first", "scenarios", "umstufung", "elo"):
        epilog = help_text(_cli().commands[name].epilog, "de")  # a catalog key, rendered as --help shows it
        for line in epilog.splitlines():
            line = line.strip()
            if not line.startswith("dwz "):
                continue
            cmd, _, shown = line.partition("→")
            cmd = re.sub(r"\s\s+\(.*\)$", "", cmd).strip()
            out.append((name, cmd.split()[1:], re.findall(r"\d{3,}(?:-\d+)?", shown)))
    return sv_text.require(out, "help examples", 5)


@pytest.mark.parametrize(("name", "args", "shown"), _epilog_examples(), ids=lambda x: " ".join(x) if isinstance(x, list) else str(x))
def test_help_examples_run(name: str, args: list[str], shown: list[str]) -> None:
    """Every example printed by --help runs, and shows what the help text says it shows."""
    r = invoke(*args)
    assert r.exit_code == 0, r.output
    for value in shown:
        assert value in r.stdout


def test_python_dash_m_help() -> None:
    p = subprocess.run([sys.executable, "-m", "dwz", "--help"], capture_output=True, text=True, env=ENV, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("Aufruf: dwz")  # German by default
    en = subprocess.run([sys.executable, "-m", "dwz", "--help", "--lang", "en"], capture_output=True, text=True, env=ENV, timeout=60)
    assert en.returncode == 0 and en.stdout.startswith("Usage: dwz")
    for name in ("rate", "first", "scenarios", "umstufung", "elo"):
        assert name in p.stdout


# --- the other subcommands ------------------------------------------------------------------------------------


def test_first_barthel() -> None:
    case = _case("clm-erstdwz-B431-636-C4F")
    games = [f"{o}:{r:g}" for o, r in case["games"]]
    rest = [f"--rest={o}:{r:g}" for o, r in case["restpartien"]]
    r = invoke("first", *games, *rest, "--end", "2014-08-01", "--age-group", case["player"]["age_group"], "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert (data["new_rating"], data["new_index"]) == (case["expect"]["new_rating"], 1)
    human = invoke("first", *games, *rest, "--end", "2014-08-01", "--age-group", case["player"]["age_group"])
    assert f"{case['expect']['new_rating']}-1" in human.stdout


def test_rate_rating_zero_gives_first_dwz() -> None:
    case = _case("clm-erstdwz-B431-636-C4F")
    games = [f"{o}:{r:g}" for o, r in case["games"]]
    r = invoke("rate", "0", *games, "--rest", f"{case['restpartien'][0][0]}:0", "--end", "2014-08-01", "--age-group", "youth", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["new_rating"] == case["expect"]["new_rating"]


def test_scenarios_match_api() -> None:
    args = ["1650-12", "1580", "1720", "1810", "1600", "1690"]
    r = invoke("scenarios", *args, "--born", "1985", "--end", "2026-09-14", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    api = scenarios("1650-12", [1580, 1720, 1810, 1600, 1690], end=date(2026, 9, 14), birth_year=1985)
    assert [row["new_rating"] for row in data["rows"]] == [row.new_rating for row in api.rows]
    exp = _case("reference-001-example")["expect"]
    assert {"W": 3.0, "new_rating": exp["new_rating"]}.items() <= next(row for row in data["rows"] if row["W"] == 3.0).items()
    human = invoke("scenarios", *args, "--born", "1985", "--end", "2026-09-14")
    assert f"{exp['new_rating']}-{exp['new_index']}" in human.stdout


def test_umstufung_forward() -> None:
    row = next(x for x in sv_2026.dwz2026_portal_rows() if x.event.startswith("Umstufung"))
    old, new = "-".join(map(str, row.before)), "-".join(map(str, row.after))
    r = invoke("umstufung", old)
    assert r.exit_code == 0 and new in r.stdout
    p = run_exe("umstufung", old, "--json")
    data = json.loads(p.stdout)
    assert (data["new_rating"], data["new_index"]) == row.after


def test_umstufung_inverse() -> None:
    """`dwz umstufung 2110 --inverse`: 2110 is reached from more than one old value (2110 is the
    §6 boundary; the §8.3 list maps both 2109 and 2110 to 2110)."""
    pairs = [(v.old, v.new) for v in sv_2026.dwz2026_umstufung_list()]
    olds = sorted(o for o, n in pairs if n == 2110)
    r = invoke("umstufung", "2110", "--inverse", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert set(olds) <= set(data["candidates"]) and not data["unique"]
    assert data["candidates"] == list(umstufung("2110", inverse=True).candidates)
    human = invoke("umstufung", "2110", "--inverse")
    assert all(str(o) in human.stdout for o in olds)


def test_elo_period() -> None:
    case = next(c for c in load_json(VECTORS / "fide-historic.json") if c["id"] == "gr-fide-100")
    games = [f"{o}:{s:g}" for o, s in case["games"]]
    r = invoke("elo", str(case["rating"]), *games, "--k", str(case["expect"]["K"]), "--period", case["period"], "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["We"] == pytest.approx(case["expect"]["We"]) and data["change"] == pytest.approx(case["expect"]["rating_change"])
    human = run_exe("elo", str(case["rating"]), *games, "--k", str(case["expect"]["K"]), "--period", case["period"])
    assert human.returncode == 0 and str(data["new_rating"]) in human.stdout.splitlines()[0]


def test_elo_game_mode() -> None:
    """--mode game updates the rating after every game (reference 004 "Nacheinander"): the second
    game is computed from the first game's new rating."""
    args = ["1500", "1600:1", "1400:0", "--k", "20", "--period", "2025-01-01"]
    period = json.loads(invoke("elo", *args, "--json").stdout)
    game = json.loads(invoke("elo", *args, "--mode", "game", "--json").stdout)
    assert game["mode"] == "game" and period["mode"] == "period"
    api = dwz.elo.rate(1500, [(1600, 1), (1400, 0)], k=20, period=date(2025, 1, 1), mode="game")
    assert game["new_rating"] == api.new_rating and game["games"][1]["rating_before"] == pytest.approx(1500 + api.games[0].change)


def test_elo_initial() -> None:
    v = next(d for d in sv_fide.fide_initial_derived() if d.published)
    halves = int(v.W * 2)
    games = []
    for o in v.opponents:
        take = min(2, halves)
        games.append(f"{o}:{ {2: '1', 1: '=', 0: '0'}[take] }".replace(" ", ""))
        halves -= take
    r = invoke("elo", "--initial", *games, "--period", "2026-01-01", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["new_rating"] == v.rating and data["published"] is True
    assert str(v.rating) in invoke("elo", "--initial", *games, "--period", "2026-01-01").stdout


def test_elo_compress() -> None:
    for old, new in sv_fide.fide_compression_list()[:4]:
        r = invoke("elo", "--compress", str(old))
        assert r.exit_code == 0 and f"{old} → {new}" in r.stdout
        assert json.loads(invoke("elo", "--compress", str(old), "--json").stdout)["new"] == new


# --- cold start: the JSON path loads no web stack, no rich, no chess ------------------------------------------

FORBIDDEN = ("fastapi", "uvicorn", "jinja2", "rich", "chess", "starlette")
_PROBE = """
import sys
sys.argv = {argv!r}
from dwz.cli.main import main
try:
    main()
except SystemExit as e:
    code = e.code
else:
    code = 0
roots = sorted({{m.split('.')[0] for m in sys.modules}})
sys.stderr.write("EXIT=%r\\nMODULES=%s\\n" % (code, ",".join(roots)))
"""


def _loaded_modules(args: list[str]) -> set[str]:
    p = subprocess.run([sys.executable, "-c", _PROBE.format(argv=["dwz", *args])], capture_output=True, text=True, env=ENV, timeout=60)
    m = re.search(r"^MODULES=(.*)$", p.stderr, re.MULTILINE)
    assert m and "EXIT=0" in p.stderr, p.stderr[-2000:]
    return set(m.group(1).split(","))


JSON_COMMANDS = {
    "rate": [*ISSUE_ARGS, "--json"],
    "first": ["first", "894:1", "1087:0", "905:1", "1255:0", "--rest", "1177:0", "--end", "2014-08-01", "--json"],
    "scenarios": ["scenarios", "1650-12", "1580", "1720", "--end", "2026-09-14", "--json"],
    "umstufung": ["umstufung", "2063-15", "--json"],
    "elo": ["elo", "2224", "2319:0", "2181:1", "--k", "15", "--period", "2010-05-01", "--json"],
}


@pytest.mark.parametrize("name", sorted(JSON_COMMANDS))
def test_cold_start_json_imports(name: str) -> None:
    """`dwz <cmd> … --json` must not import fastapi, uvicorn, jinja2, rich or chess."""
    loaded = _loaded_modules(JSON_COMMANDS[name])
    assert "dwz" in loaded
    bad = sorted(loaded & set(FORBIDDEN))
    assert not bad, f"--json imported {bad}"


def test_cold_start_human_output_no_web_stack() -> None:
    """The human-readable output may use rich, but never the web stack or python-chess."""
    loaded = _loaded_modules(ISSUE_ARGS)
    assert not loaded & {"fastapi", "uvicorn", "jinja2", "starlette", "chess"}


# --- fuzzing the command line -----------------------------------------------------------------------------------

TOKEN = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=10) | st.sampled_from(
    ["1580:1", "1720:=", "0:1", "?:0", "1600:+", "1650-12", "1650--3", "x:1", "1e3:1", ":", "--", "½", "2026-09-14"])


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["rate", "first", "scenarios", "umstufung", "elo"]), st.lists(TOKEN, max_size=6),
       st.sampled_from([[], ["--json"], ["--explain"], ["--lang", "en"]]))
def test_cli_never_tracebacks(cmd: str, tokens: list[str], flags: list[str]) -> None:
    """Random arguments: exit code 0 (a result) or 2 (bad input / usage), never an uncaught exception."""
    extra = ["--end", "2026-09-14"] if cmd in ("rate", "first", "scenarios") else []
    args = [cmd, *tokens, *extra, *(flags if cmd != "scenarios" or flags != ["--explain"] else [])]
    r = invoke(*args)
    assert r.exception is None or isinstance(r.exception, SystemExit), f"{args}: {type(r.exception).__name__}: {r.exception}"
    assert r.exit_code in (0, 2), (args, r.output)
    assert "Traceback" not in r.output


@pytest.mark.parametrize("before", [["--lang", "en"], []])
def test_the_language_given_to_dwz_itself_reaches_every_command(before: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`dwz --lang en rate …` answers in English (the subcommand's own --lang and DWZ_LANG still win)."""
    from click.testing import CliRunner

    from dwz.cli.main import cli
    from dwz.i18n import text

    monkeypatch.delenv("DWZ_LANG", raising=False)
    args = [*before, "rate", "1650-12", "--end", "2026-09-14", "1600:1"]
    out = CliRunner().invoke(cli, args).output
    lang = "en" if before else "de"
    assert out.startswith(text("new_dwz", lang) + ":"), out
    assert CliRunner().invoke(cli, [*args, "--lang", "de"]).output.startswith("Neue DWZ")
    history = CliRunner().invoke(cli, [*before, "history", "run", "--db", "/nonexistent/dir/h.sqlite"]).output
    assert ("Error" in history) == bool(before) and ("Fehler" in history) != bool(before), history


def test_fields_a_message_lists_are_named_as_typed() -> None:
    """A card line lacking values names the options (CLI) or the form's fields (web), never 'count'."""
    from dwz.basics.errors import InputError
    from dwz.cli.main import cli
    from dwz.core.player import rate
    from dwz.i18n import field_label

    out = CliRunner().invoke(cli, ["rate", "1650-12", "--end", "2026-09-14", "--points", "0,5"]).output
    assert f"{field_label('count', 'de', 'cli')}, {field_label('expected', 'de', 'cli')}" in out and not re.search(r"(?<![-\w])count\b", out), out
    with pytest.raises(InputError) as e:
        rate("1650-12", [], points=0.5, end="2026-09-14")
    web = e.value.messages("de", "web")[0]
    assert field_label("expected", "de", "web") in web and not re.search(r"(?<![-\w])expected\b", web), web


@pytest.mark.parametrize("columns", ["9" * 5000, "８０", "80\x1c", "-5"])
def test_a_columns_value_that_is_no_width_is_ignored(columns: str) -> None:
    """COLUMNS of 5,000 digits (int() refuses beyond 4,300), full-width or control characters: the
    default width, never an internal error."""
    from dwz.cli.main import cli

    res = CliRunner().invoke(cli, ["rate", "1650-12", "--end", "2026-09-14", "1600:1"], env={"COLUMNS": columns})
    assert res.exit_code == 0 and "Interner Fehler" not in res.output and res.output.startswith("Neue DWZ"), res.output
