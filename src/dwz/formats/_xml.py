"""Shared plumbing of the two DSB XML forms: a hardened parser, results, names, ids.

Parsing untrusted uploads (formats.md §5.2, §5.3): the standard library's expat,
driven directly, with

* no DTD at all — a ``<!DOCTYPE`` is rejected, so no entity can be declared
  (no "billion laughs", no quadratic blow-up) and no external entity or DTD is
  ever fetched (``SetParamEntityParsing(NEVER)``, external references refused);
* limits: bytes, elements, depth and text per element are bounded;
* the tree is built with :class:`xml.etree.ElementTree.TreeBuilder`.

Why not ``defusedxml``: it does exactly this around the same expat, and what is
needed here is a few lines; the formats have no DTD, so refusing one outright
is stricter than defusedxml's default.

>>> root = parse_xml(b"<a><b>1</b></a>", "x.xml")
>>> root.tag, root.find("b").text
('a', '1')
>>> parse_xml(b'<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', "x.xml")
Traceback (most recent call last):
...
dwz.basics.errors.InputError: x.xml:1: XML with a DOCTYPE/entity declaration is not accepted (line 1)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any
from xml.parsers import expat

from dwz.basics.errors import InputError, Problem
from dwz.basics.values import Result
from dwz.formats._common import problem, reason_of

__all__ = ["MAX_XML_BYTES", "MESSAGE_KEYS", "invalid_xml_chars", "join_name", "parse_xml", "split_name", "valid_dsb_id"]

#: Every message key of the XML readers, writers and checks (a test checks both catalogs have them).
MESSAGE_KEYS = (
    "xml_too_large", "xml_encoding_unusable", "xml_dtd_refused", "xml_limit", "xml_invalid", "xml_root_unexpected", "xml_number_invalid",
    "xml_element_missing", "xml_result_unknown", "xml_result_split", "xml_required_missing", "xml_recommended_missing",
    "xml_order", "xml_unknown_element", "xml_repeated", "xml_value_invalid", "xml_player_number_twice",
    "xml_player_number_unknown", "xml_dob_computer", "xml_char_removed", "xml_value_dropped", "xml_short_game",
    "header_date_unreadable", "file_unwritable",
)
MAX_XML_BYTES = 32 * 1024 * 1024
MAX_ELEMENTS = 2_000_000  # a 10,000-player, 40-round tournament needs about 1.6 million
MAX_DEPTH = 12
MAX_TEXT = 10_000


class _RefusedError(Exception):
    def __init__(self, code: str, value: Any = "", what: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.value = value
        self.what = what


def parse_xml(data: bytes | str, fname: str) -> ET.Element:
    """The root element of ``data``; raises :class:`InputError` (``file:line``) on
    malformed XML, a DOCTYPE or entity declaration, or a limit exceeded."""
    return parse_xml_lines(data, fname)[0]


def open_document(source: Any, name: str | None, root_tag: str) -> tuple[ET.Element, dict[int, int], str]:
    """(root, element lines, file name) of an XML file whose root must be ``root_tag`` (the local
    name); an :class:`InputError` otherwise — the one opening of every XML reader and checker."""
    from dwz.formats._common import load

    data, fname = load(source, name)
    root, lines = parse_xml_lines(data, fname)
    if local(root.tag) != root_tag:
        raise InputError([problem(fname, lines.get(id(root)), "xml_root_unexpected", local(root.tag), expected=root_tag)])
    return root, lines, fname


def check_document(source: Any, name: str | None, root_tag: str,
                   check: Callable[[ET.Element, str, dict[int, int]], Any]) -> tuple[Problem, ...]:
    """The problems ``check(root, fname, lines)`` finds in an XML file — a wrong root element being
    one of them; a file that is no XML at all is an :class:`InputError` as for the readers."""
    try:
        root, lines, fname = open_document(source, name, root_tag)
    except InputError as e:
        if [p.code for p in e.problems] != ["xml_root_unexpected"]:
            raise
        return tuple(e.problems)
    return tuple(check(root, fname, lines))


def parse_xml_lines(data: bytes | str, fname: str) -> tuple[ET.Element, dict[int, int]]:
    """:func:`parse_xml`, with the line number of every element (by ``id(element)``) for messages.

    Bytes become text first, by :func:`dwz.formats.encoding.decode_xml` (the BOM, the declared
    encoding, the allowed list — every failure an input error naming the file): expat only ever
    parses that text, as UTF-8 without the declaration, and never looks up a codec itself."""
    from dwz.formats.encoding import decode_xml

    if not isinstance(data, str) and len(data) > MAX_XML_BYTES:  # before decoding: the limit bounds the text too
        raise InputError([problem(fname, None, "xml_too_large", len(data), max=MAX_XML_BYTES)])
    data = decode_xml(data, fname).text
    # a lone surrogate in text (\udcff) stays a byte sequence expat refuses ("not well-formed"), not a UnicodeEncodeError
    raw = data.encode("utf-8", "surrogatepass")
    if raw.lstrip().startswith(b"<?xml"):
        # Text was decoded already: drop the declaration's encoding, the bytes are UTF-8 now.
        decl_end = raw.find(b"?>")
        raw = raw[decl_end + 2:] if decl_end >= 0 else raw
    if len(raw) > MAX_XML_BYTES:
        raise InputError([problem(fname, None, "xml_too_large", len(raw), max=MAX_XML_BYTES)])
    p = expat.ParserCreate("UTF-8", namespace_separator="}")  # the text is UTF-8 now: a declaration never picks a codec
    p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    tb = ET.TreeBuilder()
    lines: dict[int, int] = {}
    state = {"elements": 0, "depth": 0, "text": 0}

    def refuse_dtd(*_: Any) -> None:
        raise _RefusedError("xml_dtd_refused")

    def start(tag: str, attrs: dict[str, str]) -> None:
        state["elements"] += 1
        state["depth"] += 1
        state["text"] = 0
        if state["elements"] > MAX_ELEMENTS:
            raise _RefusedError("xml_limit", MAX_ELEMENTS, "xml.limit.elements")
        if state["depth"] > MAX_DEPTH:
            raise _RefusedError("xml_limit", MAX_DEPTH, "xml.limit.depth")
        el = tb.start(_clark(tag), {_clark(k): v for k, v in attrs.items()})
        lines[id(el)] = p.CurrentLineNumber

    def end(tag: str) -> None:
        state["depth"] -= 1
        state["text"] = 0
        tb.end(_clark(tag))

    def chars(text: str) -> None:
        state["text"] += len(text)
        if state["text"] > MAX_TEXT:
            raise _RefusedError("xml_limit", MAX_TEXT, "xml.limit.text")
        tb.data(text)

    p.StartDoctypeDeclHandler = refuse_dtd
    p.EntityDeclHandler = refuse_dtd
    p.UnparsedEntityDeclHandler = refuse_dtd
    p.ExternalEntityRefHandler = lambda *_: 0  # never resolve: expat then reports an error
    p.StartElementHandler = start
    p.EndElementHandler = end
    p.CharacterDataHandler = chars
    p.buffer_text = True
    try:
        p.Parse(raw, True)
    except _RefusedError as e:
        raise InputError([problem(fname, p.CurrentLineNumber, e.code, e.value, line=p.CurrentLineNumber,
                                  what=e.what)]) from None
    except expat.ExpatError as e:
        raise InputError([problem(fname, e.lineno, "xml_invalid", "", reason=reason_of(e))]) from None
    return tb.close(), lines


def _clark(tag: str) -> str:
    # expat with a separator gives "uri}local"; ElementTree's form is "{uri}local".
    return "{" + tag if "}" in tag else tag


def local(tag: str) -> str:
    """The element name without its namespace."""
    return tag.rsplit("}", 1)[-1]


# ---------------------------------------------------------------- values


def split_name(name: str) -> tuple[str, str]:
    """``"Nachname, Vorname"`` → (surname, forename); without a comma all is the surname.

    >>> split_name("Müller, Hans"), split_name("Kiese,Matthias,Dr."), split_name("Mirzoev Azer")
    (('Müller', 'Hans'), ('Kiese', 'Matthias,Dr.'), ('Mirzoev Azer', ''))
    """
    surname, _, forename = name.partition(",")
    return surname.strip(), forename.strip()


def join_name(surname: str, forename: str) -> str:
    """The inverse of :func:`split_name`: "Nachname, Vorname" (or the surname alone)."""
    surname, forename = surname.strip(), forename.strip()
    return f"{surname}, {forename}" if forename else surname


def valid_dsb_id(value: str) -> bool:
    """The forms of ``dsbId`` (formats.md §5.3): a PKZ (digits), ``NU…`` or ``FI…`` followed by digits.

    >>> [valid_dsb_id(v) for v in ("10029745", "NU4005017", "FI24628837", "C0512-135", "NU", "0")]
    [True, True, True, False, False, False]
    """
    v = value.strip()
    if v[:2].upper() in ("NU", "FI"):
        rest = v[2:]
        return rest.isascii() and rest.isdigit()
    return v.isascii() and v.isdigit() and int(v) > 0


def invalid_xml_chars(text: str) -> str:
    """The characters of ``text`` that XML 1.0 cannot carry (control characters, lone surrogates)."""
    return "".join(c for c in text if not (c in "\t\n\r" or 0x20 <= ord(c) <= 0xD7FF or 0xE000 <= ord(c) <= 0xFFFD
                                           or 0x10000 <= ord(c) <= 0x10FFFF))


# One side's points as both XML forms write them (§5.2 "1:0 … ½:0", §5.3 "1|0|0.5|+|-").
POINTS_OF: dict[Result, str] = {
    Result.WIN: "1", Result.DRAW: "0.5", Result.LOSS: "0", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "-",
    # games of less than one move and byes carry their points; the opponent side tells them apart
    Result.SHORT_WIN: "1", Result.SHORT_DRAW: "0.5", Result.SHORT_LOSS: "0",
    Result.BYE_FULL: "1", Result.BYE_PAIRING: "1", Result.BYE_HALF: "0.5", Result.BYE_ZERO: "0",
}
_POINTS_TEXT = {"1": "1", "1.0": "1", "0": "0", "0.0": "0", "0.5": "0.5", ",5": "0.5", "0,5": "0.5", ".5": "0.5",
                "½": "0.5", "1/2": "0.5", "+": "+", "-": "-", "−": "-"}


def norm_points(text: str | None) -> str | None:
    """A side's points as written in either form, normalised to ``1 0 0.5 + -`` (None if unknown)."""
    if text is None:
        return None
    return _POINTS_TEXT.get(text.strip().replace(" ", ""))


# A two-sided game: (white, black) points → results.  Played games and forfeits only;
# the irregular results (½:0, 0:0, ½:−, …) are two one-sided entries (see one_sided).
GAME_RESULTS: dict[tuple[str, str], tuple[Result, Result]] = {
    ("1", "0"): (Result.WIN, Result.LOSS), ("0", "1"): (Result.LOSS, Result.WIN),
    ("0.5", "0.5"): (Result.DRAW, Result.DRAW), ("+", "-"): (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    ("-", "+"): (Result.FORFEIT_LOSS, Result.FORFEIT_WIN), ("-", "-"): (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
}
# One side alone (no opponent, or one side of an irregular result): never rated.
ONE_SIDED: dict[str, Result] = {"1": Result.BYE_FULL, "0.5": Result.BYE_HALF, "0": Result.BYE_ZERO,
                                "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS}


# ---------------------------------------------------------------- checking a tree against an element table


@dataclass(frozen=True, slots=True)
class El:
    """One child of an element table: its name(s), how often, and a value check.

    ``need``: "required" (the file is invalid without it), "recommended" (the
    portal or a rating officer asks for it), "optional".  ``check`` returns the
    expected form when the text does not fit, else None.
    """

    names: tuple[str, ...]
    need: str = "optional"
    many: bool = False
    check: Callable[[str], str | None] | None = None


def check_tree(root: ET.Element, schema: dict[str, tuple[El, ...]], fname: str, lines: dict[int, int],
               where: Callable[[ET.Element, str], str]) -> list[Problem]:
    """Element order, required and recommended children, and values of ``root`` per ``schema``.

    ``where(element, path)`` names the place for messages ("player 3 Müller, Hans").
    Codes: ``xml_required_missing`` (an error), ``xml_recommended_missing``,
    ``xml_order``, ``xml_unknown_element``, ``xml_repeated``, ``xml_value_invalid``.
    """
    problems: list[Problem] = []

    def visit(el: ET.Element, path: str) -> None:
        name = local(el.tag)
        spec = schema.get(name)
        if spec is None:
            return
        place = where(el, path)
        line = lines.get(id(el))
        pos = 0
        seen: dict[int, int] = {}
        for child in el:
            cname = local(child.tag)
            i = next((k for k, s in enumerate(spec) if cname in s.names), None)
            if i is None:
                problems.append(_at(place, line, "xml_unknown_element", cname, parent=name))
                continue
            if i < pos:
                after = "/".join(spec[pos].names)
                problems.append(_at(place, lines.get(id(child)), "xml_order", cname, parent=name, after=after))
            pos = max(pos, i)
            seen[i] = seen.get(i, 0) + 1
            if seen[i] == 2 and not spec[i].many:
                problems.append(_at(place, lines.get(id(child)), "xml_repeated", cname, parent=name))
            s = spec[i]
            if s.check is not None:
                text = (child.text or "").strip()
                expected = s.check(text)
                if expected is not None:
                    problems.append(_at(place, lines.get(id(child)), "xml_value_invalid", text, element=cname,
                                        expected=expected, label=f"xml.{cname}"))
            visit(child, f"{path}/{cname}")
        for i, s in enumerate(spec):
            if i in seen or s.need == "optional":
                continue
            code = "xml_required_missing" if s.need == "required" else "xml_recommended_missing"
            problems.append(_at(place, line, code, "/".join(s.names), parent=name, label=f"xml.{s.names[0]}"))

    visit(root, local(root.tag))
    return problems


def _at(place: str, line: int | None, code: str, value: Any, **params: Any) -> Problem:
    return Problem(place, code, value, {**params, "line": line if line is not None else "–"})


# value checks: the expected form, or None when the text fits
def is_int(lo: int, hi: int) -> Callable[[str], str | None]:
    def check(text: str) -> str | None:
        ok = text.isascii() and text.isdigit() and lo <= int(text) <= hi
        return None if ok else f"{lo}–{hi}"
    return check


def is_date(text: str) -> str | None:
    import re

    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            date.fromisoformat(text)
            return None
        except ValueError:
            pass
    return "xml.expect.date"


def one_of(*values: str) -> Callable[[str], str | None]:
    def check(text: str) -> str | None:
        return None if text in values else ", ".join(values)
    return check


def not_empty(text: str) -> str | None:
    return None if text else "xml.expect.text"
