"""read_tournament(): format from the content, forced formats, paths, bytes and text."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.formats import detect_format, read_tournament
from dwz.formats.table import strip_sources, write_csv, write_json
from tests.conftest import SAMPLES
from tests.formats.test_pgn import game

SAMPLE_FORMATS = [
    (SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf", "trf"),
    (SAMPLES / "trf" / "lichess_swiss_2020_06.trf", "trf"),
    (SAMPLES / "trf" / "lichess_swiss_2021_03.trf", "trf"),
    (SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi", "swi"),
    (SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt", "swi"),
]


@pytest.mark.parametrize(("path", "fmt"), SAMPLE_FORMATS)
def test_samples_are_recognised_from_path_bytes_and_text(path: Path, fmt: str) -> None:
    data = path.read_bytes()
    assert detect_format(data) == fmt
    by_path = read_tournament(path)
    assert by_path.source == path.name
    assert strip_sources(read_tournament(str(path))) == strip_sources(by_path)
    # notes name the file: give the same name for bytes and text
    assert strip_sources(read_tournament(data, name=path.name)) == strip_sources(by_path)
    assert strip_sources(read_tournament(data, fmt, name=path.name)) == strip_sources(by_path)
    if fmt == "trf":
        assert strip_sources(read_tournament(data.decode("utf-8"), name=path.name)) == strip_sources(by_path)


def test_own_formats_and_pgn_are_recognised(tmp_path: Path) -> None:
    t = read_tournament(SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi")
    for text, fmt in ((write_json(t), "json"), (write_csv(t), "csv")):
        assert detect_format(text) == fmt
        assert strip_sources(read_tournament(text)) == strip_sources(t)
    path = tmp_path / "a.csv"
    path.write_text(write_csv(t).replace(",", ";"), encoding="cp1252", errors="replace")
    assert len(read_tournament(path).players) == 12
    pgn = game("A", "B", "1-0", Round="1")
    assert detect_format(pgn) == "pgn" and read_tournament(pgn.encode()).pairings[0].played


def test_name_is_used_in_messages() -> None:
    with pytest.raises(InputError) as e:
        read_tournament("012 X\n001    x      A\n", name="turnier.trf")
    assert e.value.problems[0].field == "turnier.trf:2"


@pytest.mark.parametrize(("arg", "fmt", "code"), [
    ("hello world\nnothing here\n", None, "format_unknown"),
    ("", None, "file_empty"),
    (b"   \n", None, "file_empty"),
    ("012 X\n", "docx", "format_invalid"),
    ("missing-file.trf", None, "file_not_found"),
    ("{not json", None, "json_invalid"),
    ("hello", "swi", "swi_magic_missing"),
])
def test_errors(arg: str | bytes, fmt: str | None, code: str) -> None:
    with pytest.raises(InputError) as e:
        read_tournament(arg, fmt)
    assert [p.code for p in e.value.problems][:1] == [code]
    assert all(e.value.messages(lang) for lang in ("de", "en"))


def test_strict_is_passed_on() -> None:
    path = SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"
    with pytest.raises(InputError):
        read_tournament(path, strict=True)
