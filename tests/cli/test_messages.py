"""Issue 8 §2: the command line speaks the user's words in one language.

* No message names an internal field (``birth_year:``, ``games[0].result:``, ``header:``,
  ``player 1 Reck, Moritz:``): a corpus of bad inputs over every subcommand, both languages.
* Click's own messages and every ``--help`` in the chosen language (German by default,
  ``--lang en`` / ``DWZ_LANG=en`` English); every option has a help text; ``dwz --help``
  shows whole summaries.
* German option values beside the English ones, decimal commas wherever a number is typed.
* The output of every command scanned for the other language's words.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from dwz.cli import lang as cli_lang
from dwz.cli import main as cli_main
from dwz.formats import read_tournament
from dwz.i18n import CATALOGS
from tests.conftest import SAMPLES

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
SWT = SAMPLES / "swt" / "SwissIndividual.SWT"
TEAM = SAMPLES / "swt" / "SwissTeam.SWT"
KARL_MALA = SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"
LICHESS = SAMPLES / "trf" / "lichess_swiss_2021_03.trf"


def _cli() -> click.Group:
    cli_main._register_optional()
    return cli_main.cli


def invoke(*args: str, lang: str | None = None, env: dict[str, str] | None = None) -> Any:
    base = {"COLUMNS": "100", **({"DWZ_LANG": lang} if lang else {}), **(env or {})}
    extra = ["--lang", lang] if lang else []
    return CliRunner(env=base).invoke(_cli(), [*args, *extra], catch_exceptions=True, prog_name="dwz")


# --- no internal names ---------------------------------------------------------------------------------------

# What a message may not start with: the engine's field names and paths, the XML writer's places.
INTERNAL = re.compile(
    r"(?:[a-z]+_[a-z0-9_]+|[A-Za-z_.$]*\[\d+\].*|\$\..*|header|tournament|players|games|player \d.*|game round .*|round \d+"
    r"|rating|rating\.index|count|points|expected|index|k|period|end|born|elo|rules|list|fide|output|chart|db|host|port"
    r"|player|opponents|played|restpartien|history|file)")
PREFIX = re.compile(r"^\s*(?:Fehler|Error|Hinweis|Warning): (.*)$")


def labels(output: str) -> list[str]:
    """The place each message line names: the text before its first ": " (a message without one has none)."""
    out = []
    for line in output.splitlines():
        m = PREFIX.match(line)
        if m is None:
            continue
        body = m.group(1)
        label = body.split(": ", 1)[0] if ": " in body else ""
        out.append(label)
    return out


def _is_file_place(label: str) -> bool:
    return bool(re.search(r", (?:Zeile|line|Byte|byte) ", label)) or "/" in label


def _bad_files(root: Path) -> dict[str, Path]:
    csv_bad = root / "bad.csv"
    csv_bad.write_text("[tournament]\nname,Test\nend,2026-13-01\n[players]\nno,name,rating,birth_year\n1,Alpha,16x0,1990\n"
                       "2,Beta,1500,19\n2,Gamma,1400,1985\n[games]\nround,white,black,result\n1,1,2,1-0\n1,1,3,2-2\n0,9,1,1-0\n"
                       "[wrong]\nx\n", encoding="utf-8")
    json_bad = root / "bad.json"
    json_bad.write_text(json.dumps({"format": "dwz-tournament", "version": 1, "name": "T", "end": "2026-09-14",
                                    "players": [{"no": 1, "name": "A", "birth_year": "x"}, {"no": "2", "name": "B"}],
                                    "games": [{"round": 1, "white": 1, "black": 7, "result": "1-0"}]}), encoding="utf-8")
    broken_json = root / "broken.json"
    broken_json.write_text('{"format": "dwz-tournament", "name": "T" "players": []}', encoding="utf-8")
    broken_xml = root / "broken.xml"
    broken_xml.write_text("<?xml version='1.0'?><DSB_DWZ_TournamentReport><header></tournament>", encoding="utf-8")
    return {"csv": csv_bad, "json": json_bad, "broken_json": broken_json, "broken_xml": broken_xml}


def corpus(root: Path) -> list[list[str]]:
    f = _bad_files(root)
    end = ["--end", "2026-09-14"]
    missing = str(root / "no" / "such" / "x")
    return [
        ["rate", "1650--3", *end, "1580:x"],
        ["rate", "1650-12", *end, "--born", "neunzehn", "1580:1"],
        ["rate", "1650-12", "--end", "2026-13-45", "1580:1"],
        ["rate", "1650-12", *end, "--points", "3", "--count", "2", "--expected", "0,5"],
        ["rate", "1650-12", *end, "--count", "x", "--points", "1", "--expected", "1"],
        ["rate", "1650-12", *end, "--index", "x", "1580:1"],
        ["rate", "1650-12", *end, "--born", "2030", "1580:1"],
        ["rate", "5000", *end, "1580:1"],  # a warning, not an error
        ["rate", "0", *end, "--rest", "x:1", "1580:1"],
        ["first", "1580:1", "1600:x", *end],
        ["first", *end, "--born", "1985", "--age-group", "erwachsene", "1580:1"],
        ["scenarios", "1650-12", "x", *end],
        ["scenarios", "1650-12", "1600", *end, "--played", "x:1"],
        ["umstufung", "abc"],
        ["elo", "1500,5", "1600:1"],
        ["elo", "1500", "x:1"],
        ["elo", "1500", "1600"],
        ["elo", "2000", "2000:1", "--k", "0"],
        ["elo", "2000", "2000:1", "--period", "01/2025"],
        ["elo", "2000", "2000:1", "--born", "x"],
        ["elo", "2000", "2000:1", "--games-played", "x"],
        ["elo", "--compress", "16OO"],
        ["elo", "--initial", "1500:1", "x"],
        ["tournament", str(f["csv"])],
        ["tournament", str(f["json"])],
        ["tournament", str(f["broken_json"])],
        ["tournament", str(f["broken_xml"])],
        ["tournament", str(SWI), "--player", "Niemand"],
        ["tournament", str(SWI), "--end", "x"],
        ["tournament", str(SWI), "-o", missing + ".html"],
        ["tournament", str(SWI), "-o", str(root / "x.pdf")],
        ["tournament", str(SWI), "--restpartien-out", missing + ".json"],
        ["tournament", str(SWI), "--dsb-xml", missing + ".xml"],
        ["tournament", str(SWI), "--dsb-xml", str(root / "out.xml")],  # the XML writer's remarks name players
        ["tournament", str(root / "missing.trf")],
        ["check", str(f["csv"])],
        ["check", str(SWI), "--end", "x"],
        ["check", str(SWI), "--list-date", "x", "--list", str(SAMPLES / "dsb" / "spieler_v2_example.csv")],
        ["history", "add", "/bin/ls", "--db", str(root / "h.sqlite")],
        ["history", "add", str(SWI), "--db", str(root / "h.sqlite"), "--list-date", "x"],
        ["history", "card", "x", "--db", str(root / "none.sqlite")],
        ["history", "compare", "--db", str(root / "none.sqlite")],
        ["serve", "--host", "256.1.1.1"],
    ]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_message_starts_with_an_internal_name(tmp_path: Path, lang: str) -> None:
    seen = 0
    bad = []
    for args in corpus(tmp_path):
        r = invoke(*args, lang=lang)
        assert "Traceback" not in r.output, (args, r.output[-500:])
        for label in labels(r.stderr + r.stdout):
            seen += 1
            if _is_file_place(label):
                continue
            if INTERNAL.fullmatch(label):
                bad.append((args[:3], label))
    assert not bad, bad
    assert seen >= 40


def test_file_problems_come_all_at_once_by_line(tmp_path: Path) -> None:
    """A CSV with a structural error, bad values and contradictions: every problem in one run,
    in line order, each naming the column as the file writes it."""
    f = _bad_files(tmp_path)["csv"]
    text = f.read_text(encoding="utf-8").replace("no,name,rating,birth_year", "Nr,Name,DWZ,Geburtsjahr")
    f.write_text(text, encoding="utf-8")
    r = invoke("tournament", str(f), lang="de")
    assert r.exit_code == 2
    lines = [line for line in r.stderr.splitlines() if line.startswith("Fehler: ")]
    numbers = [int(m.group(1)) for line in lines if (m := re.search(r", Zeile (\d+): ", line))]
    assert numbers == sorted(numbers) and len(numbers) == len(lines)
    file_lines = text.splitlines()
    expect = {i + 1 for i, line in enumerate(file_lines) if line in ("end,2026-13-01", "1,Alpha,16x0,1990", "2,Beta,1500,19",
                                                                        "2,Gamma,1400,1985", "1,1,3,2-2", "0,9,1,1-0", "[wrong]")}
    assert set(numbers) == expect  # the section, the values and the duplicate number: all of them
    assert any("DWZ: '16x0'" in line for line in lines) and any("Geburtsjahr: 19 " in line for line in lines)
    assert not any("rating:" in line or "birth_year:" in line for line in lines)


# --- click in the user's language ------------------------------------------------------------------------------


def _click_ids() -> set[str]:
    """Every message id click passes to gettext/ngettext, read from click's source."""
    root = Path(click.__file__).parent
    ids: set[str] = set()
    for name in cli_lang.CLICK_MODULES:
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
                ids |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return ids


def test_the_click_catalog_holds_clicks_message_ids() -> None:
    """The translations are keyed by click's own message ids: a new click that renames one shows here."""
    ids = _click_ids()
    catalog = set(CATALOGS["de"]["click"])
    assert catalog - ids <= {"required"}, sorted(catalog - ids)  # "required" goes through _() as a variable
    for must in ("Missing argument", "No such option {name!r}.", "Usage:", "Options", "Show this message and exit.",
                 "Try '{command} {option}' for help.", "Error: {message}", "Invalid value for {param_hint}: {message}"):
        assert must in ids and must in catalog, must
    assert all(CATALOGS["en"]["click"][k] == k for k in catalog)


@pytest.mark.parametrize(("args", "de", "en"), [
    (["rate"], "Argument fehlt 'DWZ'", "Missing argument 'RATING'"),
    (["rate", "1600", "--rules", "x"], "'x' ist keiner der Werte klassisch, alt, 2026, neu", "'x' is not one of classic, 2026"),
    (["rate", "1600", "--foo"], "Unbekannte Option '--foo'", "No such option '--foo'"),
    (["raet"], "Unbekannter Befehl 'raet'", "No such command 'raet'"),
    (["elo", "--k"], "Option '--k' braucht einen Wert", "Option '--k' requires an argument"),
])
def test_clicks_messages_in_the_chosen_language(args: list[str], de: str, en: str) -> None:
    r = invoke(*args)  # German by default
    assert r.exit_code == 2 and de in r.stderr, r.stderr
    assert "Fehler: " in r.stderr and not re.search(r"Usage|Error|Try ", r.stderr)
    if "Aufruf:" in r.stderr:  # the usage line when click knows the command
        assert r.stderr.startswith("Aufruf: dwz") and "Hilfe: 'dwz" in r.stderr
    for env in ({"DWZ_LANG": "en"}, {}):
        r = CliRunner(env={"COLUMNS": "100", **env}).invoke(_cli(), [*([] if env else ["--lang", "en"]), *args], prog_name="dwz")
        assert r.exit_code == 2 and en in r.stderr, r.stderr
        assert "Error: " in r.stderr and not re.search(r"Aufruf|Fehler|Hilfe", r.stderr)
        if "Usage:" in r.stderr:
            assert r.stderr.startswith("Usage: dwz") and "Try 'dwz" in r.stderr


def _commands() -> list[list[str]]:
    group = _cli()
    out = []
    for name, cmd in sorted(group.commands.items()):
        out.append([name])
        if isinstance(cmd, click.Group):
            out += [[name, sub] for sub in sorted(cmd.commands)]
    return out


# Words only one language uses (the catalogs' terms); names of files, players and tournaments aside.
GERMAN_ONLY = re.compile(r"\b(?:Aufruf|Optionen|Befehle|Beispiele?|zeigen|beenden|Turnierende|Regelwerk|Partien?|Spieler|Ergebnis"
                         r"|Gegner|Runde|Zeile|Fehler|Hinweise?|Warnungen?|Geburtsjahr|Altersgruppe|Erwachsene|Jugendliche"
                         r"|Leistung|Niveau|DWZ alt|Inkrafttreten|Anhang|nicht|und|oder|mit|für|über|keine|heute|Datei"
                         r"|gewertet|geschrieben|Änderung|Bemerkung|veröffentlicht|Standard|Sprache|angeben|Ausgabe)\b")
ENGLISH_ONLY = re.compile(r"\b(?:Usage|Options|Commands|Show|exit|the|and|with|players?|games?|round|line|error|warnings?"
                          r"|default|written|compression|rating period|expected|file|not|Try|help|Examples?|output|language"
                          r"|today|tournament|opponents?|result|change|performance|level)\b", re.IGNORECASE)


def _data_words() -> set[str]:
    """Words of the sample files' own names (players, tournaments), which the output repeats as they are."""
    words: set[str] = set()
    for path in (SWI, SWT, TEAM, KARL_MALA, LICHESS):
        t = read_tournament(path)
        for text in (t.name, *(p.name for p in t.players), *(tm.name for tm in t.teams)):
            words |= set(re.findall(r"\w+", text or ""))
    return words


def _foreign(text: str, lang: str, data: set[str]) -> list[str]:
    pattern = GERMAN_ONLY if lang == "en" else ENGLISH_ONLY
    found = []
    for line in text.splitlines():
        if re.search(r"^\s*(?:dwz |\$ )", line) or ("/" in line and re.search(r"\S+/\S+", line) and not pattern.search(
                re.sub(r"\S+/\S+", "", line))):
            continue  # an example command line, a path
        # paths, option names, the command, quoted values and lists of an option's values are not words of a language
        clean = re.sub(r"\S*/\S*|--?[\w-]+|^\s*(?:Aufruf|Usage): dwz [\w ]+|'[^']*'|\[[\w|-]+\]|\(?Standard: \w+\)?", " ", line)
        for m in pattern.finditer(clean):
            if m.group(0) not in data:
                found.append(f"{m.group(0)!r} in {line.strip()[:90]!r}")
    return found


@pytest.mark.parametrize("command", _commands(), ids=lambda c: " ".join(c))
def test_help_in_one_language_and_every_option_explained(command: list[str]) -> None:
    data = _data_words()
    for lang in ("de", "en"):
        r = invoke(*command, "--help", lang=lang)
        assert r.exit_code == 0, r.output
        assert r.stdout.startswith("Aufruf: " if lang == "de" else "Usage: ")
        foreign = _foreign(r.stdout, lang, data)
        assert not foreign, foreign
    cmd: Any = _cli()
    for part in command:
        cmd = cmd.commands[part]
    for p in cmd.params:
        if isinstance(p, click.Option) and not p.hidden:
            assert p.help and p.help in CATALOGS["de"]["cli_help"] | CATALOGS["de"]["click"], (command, p.name)
            assert cli_lang.help_text(p.help, "de") != cli_lang.help_text(p.help, "en") or p.help.startswith("opt.port")


def test_group_help_shows_whole_summaries() -> None:
    for lang in ("de", "en"):
        out = " ".join(invoke("--help", lang=lang).stdout.split())
        for name in _cli().commands:
            short = cli_lang.help_text(f"cmd.{name}.short", lang)
            assert " ".join(short.split()) in out, (lang, name)
        assert "..." not in out.replace("[ARGUMENTE]...", "").replace("[ARGS]...", "")


@pytest.mark.parametrize(("german", "english"), [
    (["--age-group", "erwachsene"], ["--age-group", "adult"]),
    (["--age-group", "jugend"], ["--age-group", "youth"]),
    (["--rules", "klassisch"], ["--rules", "classic"]),
    (["--rules", "neu"], ["--rules", "2026"]),
])
def test_german_option_values(german: list[str], english: list[str]) -> None:
    args = ["rate", "1650-12", "--end", "2026-09-14", "1580:1", "1720:=", "--json"]
    de, en = invoke(*args, *german), invoke(*args, *english)
    assert de.exit_code == en.exit_code == 0, de.output
    assert json.loads(de.stdout) == json.loads(en.stdout)


def test_mode_and_decimal_commas() -> None:
    a = invoke("elo", "1500", "1600:1", "1400:0", "--k", "20", "--mode", "partie", "--period", "2025-01-01", "--json")
    b = invoke("elo", "1500", "1600:1", "1400:0", "--k", "20", "--mode", "game", "--period", "2025-01-01", "--json")
    assert a.exit_code == 0 and json.loads(a.stdout) == json.loads(b.stdout)
    card = ["rate", "2065-14", "--age-group", "erwachsene", "--end", "2026-03-01", "--count", "1", "--json"]
    comma = invoke(*card, "--points", "0,5", "--expected", "0,578")
    point = invoke(*card, "--points", "0.5", "--expected", "0.578")
    assert comma.exit_code == 0 and json.loads(comma.stdout) == json.loads(point.stdout)


# --- every command's output in one language ---------------------------------------------------------------------

OUTPUTS = [
    ["rate", "1650-12", "--born", "1985", "--end", "2026-09-14", "1580:1", "1720:=", "1810:0", "1600:1", "1690:=", "--explain"],
    ["rate", "1500", "--end", "2025-05-01", "1600:1", "1450:+", "0:1", "--explain"],
    ["rate", "1650-12", "1580:1"],  # no --end: today, said
    ["first", "894:1", "1087:0", "905:1", "1255:0", "--rest", "1177:0", "--end", "2014-08-01", "--age-group", "youth", "--explain"],
    ["first", "1500:1", "1600:0", "--end", "2026-09-14"],
    ["scenarios", "1650-12", "1580", "1720", "1810", "1600", "1690", "--born", "1985", "--end", "2026-09-14"],
    ["scenarios", "0", "1580", "1720", "1810", "1600", "1690", "--end", "2026-09-14"],
    ["umstufung", "2063-15", "--explain"],
    ["umstufung", "2110", "--inverse"],
    ["umstufung", "800", "--inverse"],
    ["elo", "2224", "2319:0", "2181:1", "2246:1", "2261:=", "2312:0", "2297:0", "2144:1", "--k", "15", "--period", "2010-05-01",
     "--explain"],
    ["elo", "--initial", "1500:1", "1600:=", "1700:0", "1650:=", "1550:=", "--period", "2026-01-01", "--explain"],
    ["elo", "--compress", "1600", "--explain"],
    ["elo", "1500"],
    ["tournament", str(SWI)],
    ["tournament", str(SWT)],
    ["tournament", str(TEAM)],
    ["tournament", str(KARL_MALA)],
    ["tournament", str(SWI), "--player", "Gehringer", "--explain"],
    ["check", str(SWI)],
    ["check", str(LICHESS)],
    ["check", str(KARL_MALA)],
]


@pytest.mark.parametrize("args", OUTPUTS, ids=lambda a: " ".join(x.rsplit("/", 1)[-1] for x in a)[:60])
def test_output_has_no_words_of_the_other_language(args: list[str]) -> None:
    data = _data_words()
    for lang in ("de", "en"):
        r = invoke(*args, lang=lang)
        assert r.exit_code in (0, 1, 2) and "Traceback" not in r.output, r.output[-800:]
        foreign = _foreign(r.stdout + r.stderr, lang, data)
        assert not foreign, (lang, foreign[:10])


def test_the_english_card_and_rechenweg_have_no_german_leftovers() -> None:
    r = invoke(*OUTPUTS[0], lang="en")
    for leftover in ("DWZ alt", "Inkrafttreten", "Niveau", "Anhang", "Turnierende"):
        assert leftover not in r.stdout
    r = invoke(*OUTPUTS[12], lang="de")
    assert "compression" not in r.stdout and "Kompression" in r.stdout
