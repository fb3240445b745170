"""Issue 16, formats: what the adversarial test of the readers and writers found after issue 11.

Numbered as in the issue: 1 the XML encoding declaration, 2 problem lists with a cap,
6 one set of bounds for every reader and writer.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dwz.basics.errors import InputError
from dwz.formats import read_tournament
from dwz.formats.dewis_xml import read_dewis_xml, write_dewis_xml
from dwz.formats.dsb_xml import read_dsb_xml, write_dsb_xml
from tests.conftest import SAMPLES

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
