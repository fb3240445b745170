"""One table of file formats (issue 17 §5): ``dwz.formats.TOURNAMENT_FORMATS`` names each
tournament format with its label, endings, detection, reader and the commands that take it, and
the command line (``--format`` of ``tournament``, ``check``, ``history add``, their help), the
web upload (file chooser, hints, schema) and the messages take their lists from it."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from dwz.formats import FORMATS, TOURNAMENT_FORMATS, detect_format, extensions, format_names, read_tournament, short_labels
from tests.conftest import ROOT, SAMPLES

CLI = {"tournament": {}, "check": {"check": True}, ("history", "add"): {"history": True}}


def test_the_table_is_consistent() -> None:
    assert FORMATS == tuple(f.name for f in TOURNAMENT_FORMATS) and len(set(FORMATS)) == len(FORMATS)
    assert sorted(f.rank for f in TOURNAMENT_FORMATS) == list(range(len(TOURNAMENT_FORMATS)))
    for f in TOURNAMENT_FORMATS:
        assert f.extensions and all(e.startswith(".") and e == e.lower() for e in f.extensions), f.name
        assert f.short and f.label == f"format.{f.name}"


def test_each_format_is_recognised_and_read_through_its_row() -> None:
    """A sample of every format is detected as its row and read by its row's reader."""
    samples = {"trf": "trf/*.trf", "swi": "swi/*.swi", "swt": "swt/SwissIndividual.SWT"}
    for name, pattern in samples.items():
        path = next(iter(sorted(SAMPLES.glob(pattern))), None)
        assert path is not None, pattern
        assert detect_format(path.read_bytes()) == name
        assert read_tournament(path).players
    texts = {"json": '{"name": "T", "end": "2026-09-14", "players": [{"no": 1, "name": "A"}, {"no": 2, "name": "B"}], '
                     '"games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}',
             "csv": "[tournament]\nname,T\nend,2026-09-14\n[players]\nno,name\n1,A\n2,B\n[games]\nround,white,black,result\n1,1,2,1-0\n",
             "pgn": '[Event "T"]\n[Date "2026.09.14"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n',
             "dsb-xml": '<?xml version="1.0"?><DSB_DWZ_TournamentReport version="2.5">', "dewis-xml": "<dewis>"}
    for name, text in texts.items():
        assert detect_format(text) == name
    assert set(samples) | set(texts) == set(FORMATS)


def _cli_help(*command: str) -> str:
    from dwz.cli import main as cli_main

    cli_main._register_optional()
    out = CliRunner(env={"DWZ_LANG": "de", "COLUMNS": "200"}).invoke(cli_main.cli, [*command, "--help"]).output
    return " ".join(out.split())


@pytest.mark.parametrize("command", list(CLI), ids=str)
def test_the_command_line_offers_the_table(command: str | tuple[str, ...]) -> None:
    args = (command,) if isinstance(command, str) else command
    shown = _cli_help(*args)
    assert f"--format [{'|'.join(format_names(**CLI[command]))}]" in shown
    if command == "tournament":  # the help describes every format, in the table's terms
        from dwz.i18n import term

        assert ", ".join(term(f.label, "de") for f in TOURNAMENT_FORMATS) in shown
    if command == ("history", "add"):
        assert f"Turnierdateien ({short_labels(history=True)})" in shown


def test_the_web_upload_and_the_api_offer_the_table() -> None:
    from dwz.web.app import create_app

    with TestClient(create_app(["testserver"])) as client:
        page = client.get("/turnier", params={"lang": "de"}).text
        accept = re.search(r'<input id="file" name="file" type="file" required accept="([^"]*)"', page)
        assert accept is not None and set(accept.group(1).split(",")) >= set(extensions(check=True))
        assert f'id="file-hint">{short_labels(check=True)};' in page
        schema = client.get("/openapi.json").json()
        form = schema["paths"]["/api/turnier"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
        assert short_labels(check=True) in form["properties"]["file"]["description"]


def test_messages_name_the_table() -> None:
    from dwz.basics.errors import InputError

    with pytest.raises(InputError) as e:
        read_tournament("hello\nworld\n")
    assert e.value.problems[0].code == "format_unknown" and short_labels() in e.value.messages("de")[0]
    with pytest.raises(InputError) as e:
        read_tournament("012 X\n", format="docx")
    assert ", ".join(FORMATS) in e.value.messages("en")[0]


def test_no_hand_written_list_of_formats_elsewhere() -> None:
    """Outside the table no module lists the formats (their names in a row, or the old help lists)."""
    names = re.compile(r'"trf", "swi"|"dsb-xml", "dewis-xml"|TRF, SWT, SWI|SWT oder SWI|SWT or SWI|\.swt,\.SWT')
    offenders = [f"{p.relative_to(ROOT)}" for p in sorted((ROOT / "src" / "dwz").rglob("*")) if p.suffix in (".py", ".html", ".js")
                 and p != ROOT / "src" / "dwz" / "formats" / "__init__.py" and names.search(p.read_text(encoding="utf-8"))]
    assert not offenders, offenders
