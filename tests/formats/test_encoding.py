"""Issue 24 §1 and 22 §2: every byte input becomes text in one function (dwz.formats.encoding).

A property test feeds :func:`decode_xml` — and through it every XML reader — BOMs, declarations and
encoding names of every kind: the outcome is text or an input error naming the file, never another
exception.  The text formats pick the candidate that gives letters in the names and say so.  The
files read are in tests/data/encoding (made from samples/ and tests/data/upload, see the README)."""

from __future__ import annotations

import codecs
import encodings.aliases
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dwz.basics.errors import InputError
from dwz.formats import read_tournament
from dwz.formats.dsb_xml import read_dsb_xml
from dwz.formats.encoding import MAX_NAME, XML_ENCODINGS, decode_text, decode_xml

DATA = Path(__file__).resolve().parents[1] / "data" / "encoding"
SAMPLES = Path(__file__).resolve().parents[2] / "samples"
NAME = "t.xml"
BOMS = [b"", codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE]
# every codec name Python knows (aliases and codec modules), the ones the issue names, and made-up ones
NAMES = sorted({*encodings.aliases.aliases, *encodings.aliases.aliases.values(), "utf-7", "shift_jis", "utf-32", "punycode",
                "idna", "hex", "rot13", "base64", "zlib", "uu", "bz2", "mbcs", "undefined", "unicode_escape", "raw_unicode_escape"})
BODY = "<DSB_DWZ_TournamentReport version=\"2.5\"><header/><tournament><label>Jürgen</label></tournament></DSB_DWZ_TournamentReport>"


def _names_the_file(e: InputError) -> bool:
    return bool(e.problems) and all(p.field == NAME or p.field.startswith(NAME + ":") for p in e.problems)


@settings(max_examples=400, deadline=None)
@given(bom=st.sampled_from(BOMS),
       name=st.one_of(st.sampled_from(NAMES), st.text(max_size=60), st.text(alphabet="abcxyz-_0123456789", min_size=MAX_NAME - 2,
                                                                            max_size=3000)),
       quote=st.sampled_from(['"', "'"]), body_enc=st.sampled_from(["utf-8", "latin-1", "utf-16-le", "utf-16-be", "utf-32", "cp1252"]),
       tail=st.binary(max_size=40))
def test_any_bom_declaration_and_name_gives_text_or_an_input_error_naming_the_file(bom: bytes, name: str, quote: str,
                                                                                  body_enc: str, tail: bytes) -> None:
    doc = f"<?xml version=\"1.0\" encoding={quote}{name}{quote}?>{BODY}"
    try:
        data = bom + doc.encode(body_enc, "replace") + tail
    except UnicodeError:
        return
    for source in (data, data[: len(data) // 2]):
        try:
            d = decode_xml(source, NAME)
        except InputError as e:
            assert _names_the_file(e), e.problems
            continue
        assert isinstance(d.text, str) and d.encoding in XML_ENCODINGS
        try:  # and the reader: parsing that text is an input error at worst
            read_dsb_xml(source, name=NAME)
        except InputError as e:
            assert _names_the_file(e), e.problems


@pytest.mark.parametrize("codec", sorted(XML_ENCODINGS))
def test_every_allowed_encoding_reads_back_the_same_text(codec: str) -> None:
    text = BODY if codec != "ascii" else BODY.replace("ü", "ue")
    label = {"iso8859-1": "ISO-8859-1", "iso8859-15": "ISO-8859-15", "cp1252": "windows-1252"}.get(codec, codec)
    data = f'<?xml version="1.0" encoding="{label}"?>{text}'.encode(codec)
    # utf-16 writes a BOM; utf-16-le/-be none: read by the "<?" in UTF-16 (XML 1.0 Appendix F)
    d = decode_xml(data, NAME)
    assert d.text.endswith(text) and read_dsb_xml(data, name=NAME).name == text.split("<label>")[1].split("<")[0]


@pytest.mark.parametrize(("file", "reason"), [
    ("dsb-bom-utf7.xml", "xml.encoding_not_allowed"), ("dsb-shift_jis.xml", "xml.multibyte_encoding"),
    ("dsb-utf32.xml", "xml.multibyte_encoding"), ("dsb-punycode.xml", "xml.encoding_not_allowed"),
    ("dsb-idna.xml", "xml.encoding_not_allowed"), ("dsb-hex.xml", "xml.encoding_not_allowed"),
    ("dsb-langer-name.xml", "xml.unknown_encoding"),
])
def test_the_issues_declarations_are_input_errors_naming_the_file(file: str, reason: str) -> None:
    with pytest.raises(InputError) as e:
        read_tournament(DATA / file)
    [p] = e.value.problems
    assert (p.field, p.code, p.params["reason"]) == (f"{file}:1", "xml_encoding_unusable", reason)
    assert len(str(p.value)) <= MAX_NAME + 1  # a 2000-character name is shown cut


@pytest.mark.parametrize("file", ["dsb-latin1.xml", "dsb-utf16.xml"])
def test_declared_latin1_and_utf16_read_the_same_players(file: str) -> None:
    expected = read_tournament(Path(__file__).resolve().parents[1] / "data" / "upload" / "mit-mitgliedsnummern.csv")
    names = [p.name for p in read_tournament(DATA / "verein-umlaute.cp850.csv").players]
    assert [p.name for p in read_tournament(DATA / file).players] == names
    assert len(names) == len(expected.players) and "Böhmler, Jürgen" in names


def test_a_swi_saved_as_windows_1252_is_read_with_its_letters_and_said() -> None:
    original = read_tournament(SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi")
    t = read_tournament(DATA / "stadtmeisterschaft.cp1252.swi")
    assert [p.name for p in t.players] == [p.name for p in original.players]  # "Böhmler", not "B÷hmler"
    assert [(n.code, n.value) for n in t.notes if n.code.startswith("encoding")] == [("encoding_detected", "Windows-1252")]
    assert not [n for n in original.notes if n.code.startswith("encoding")]  # the default, CP850: nothing to say


def test_a_csv_in_cp850_is_read_with_its_letters_and_a_doubtful_one_is_flagged() -> None:
    t = read_tournament(DATA / "verein-umlaute.cp850.csv")
    raw = (DATA / "verein-umlaute.cp850.csv").read_bytes().decode("cp850")
    assert all(p.name in raw for p in t.players)
    assert [(n.code, n.value) for n in t.notes if n.code.startswith("encoding")] == [("encoding_detected", "CP850")]
    # only "Weiß" in a column head: CP850 gives ß, Windows-1252 "á" — read as CP850, and said to be doubtful
    doubtful = read_tournament(DATA / "verein-ohne-umlaute.cp850.csv")
    assert [(n.code, n.value, n.params["other"]) for n in doubtful.notes if n.code.startswith("encoding")] == [
        ("encoding_doubtful", "CP850", "Windows-1252")]


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüßÄÖÜ ,", min_size=1, max_size=60).filter(lambda s: not s.isascii()))
def test_names_in_either_dos_or_windows_encoding_come_back(name: str) -> None:
    for enc in ("cp850", "cp1252"):
        try:
            data = name.encode(enc)
        except UnicodeEncodeError:
            continue
        d = decode_text(data, "t.csv", ("utf-8", "cp1252", "cp850", "latin-1"), default="cp1252")
        # the letters of German names are always recovered, or the choice is said to be doubtful
        assert d.text == name or d.doubtful, (enc, d)


@given(st.sampled_from([b"", codecs.BOM_UTF8]), st.sampled_from([*sorted(set(encodings.aliases.aliases.values())), "x" * 2000, "utf-7"]))
@settings(max_examples=150, deadline=None)
def test_the_fide_stream_reader_decides_the_encoding_as_every_xml_reader(bom: bytes, name: str) -> None:
    """The FIDE list's streaming reader asks the same function as decode_xml (issue 24 §1): a declaration
    decode_xml refuses is refused alike, with the same code; one it reads gives the player."""
    from dwz.formats.fide_list import read_fide_list

    data = bom + f'<?xml version="1.0" encoding="{name}"?><playerslist><player><fideid>1</fideid><name>A, B</name>' \
                 f'<country>GER</country><rating>2000</rating></player></playerslist>'.encode("latin-1")
    try:
        decode_xml(data, "players_list_xml.xml")
    except InputError as e:
        with pytest.raises(InputError) as stream:
            read_fide_list(data, name="players_list_xml.xml")
        if [p.code for p in e.problems] == ["xml_encoding_unusable"]:  # the declaration refused: alike, by the one function
            assert [p.code for p in stream.value.problems] == ["xml_encoding_unusable"]
        else:  # bytes the declared codec cannot read: the stream finds out as it reads, an input error too
            assert {p.code for p in stream.value.problems} <= {"encoding_unreadable", "xml_invalid"}
        return
    try:
        entries = read_fide_list(data, name="players_list_xml.xml")
    except InputError as e:  # read as text, the bytes of the codec may still not be what the name says: an input error
        assert all(p.code in ("encoding_unreadable", "xml_invalid") for p in e.problems)
        return
    assert [x.fide_id for x in entries] == ["1"]
