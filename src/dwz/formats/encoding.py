"""Bytes → text, in one place: every byte input of the readers is decoded here (issue 24 §1, 22 §2).

Two entry points, one rule each:

* :func:`decode_text` — a text format (SWI, CSV, TRF, PGN, JSON, the DSB list): a BOM wins; else
  ASCII, then strict UTF-8 where the format allows it; else the format's 8-bit candidates
  (``cp850``, ``cp1252`` …) are each tried and scored by what they make of the bytes inside words —
  a letter counts, a symbol ("B÷hmler", "J³rgen") counts against — the best wins, a tie goes to the
  format's default.  Where two candidates come close but give other letters the choice is
  ``doubtful``.  A last ``latin-1`` fallback (never fails) is said as such.
* :func:`decode_xml` — an XML file: a BOM, else the declaration's ``encoding``, else UTF-8 (XML 1.0
  §4.3.3); only the encodings in :data:`XML_ENCODINGS` are read; a BOM contradicting the
  declaration, a name of another codec (``utf-7``, ``shift_jis``, ``utf-32``, ``punycode``, ``idna``,
  ``hex`` …) or a name longer than :data:`MAX_NAME` is an input error.  The XML parsers get the text
  (:func:`dwz.formats._xml.parse_xml_lines`), never the bytes.

Every failure is an :class:`~dwz.basics.errors.InputError` naming the file; the :class:`Decoded`
result says which encoding was used and how it was chosen.

>>> decode_text("Böhmler".encode("cp1252"), "t.swi", ("utf-8", "cp850", "cp1252"), default="cp850").encoding
'cp1252'
>>> decode_text("Böhmler".encode("cp850"), "t.swi", ("utf-8", "cp850", "cp1252"), default="cp850").text
'Böhmler'
>>> decode_xml('<?xml version="1.0" encoding="ISO-8859-1"?><a>Jürgen</a>'.encode("latin-1"), "t.xml").text[-13:]
'<a>Jürgen</a>'
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from dataclasses import dataclass

from dwz.basics.errors import InputError, Problem

__all__ = ["MAX_NAME", "XML_ENCODINGS", "Decoded", "decode_text", "decode_xml", "head_text"]

#: The encodings an XML file may be in (codec names as :func:`codecs.lookup` gives them).
XML_ENCODINGS = frozenset({"utf-8", "utf-16", "utf-16-le", "utf-16-be", "iso8859-1", "iso8859-15", "cp1252", "ascii"})
MAX_NAME = 40  # characters of an encoding name: the longest real one is about 20
_HEAD = 4096  # bytes in which an XML declaration is looked for
_SAMPLE = 1 << 20  # characters scored when candidates compete: a MiB of names decides, the rest would only cost time

_BOMS: tuple[tuple[bytes, str], ...] = (  # the longest first: UTF-32's LE BOM begins with UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
# An XML document without a BOM begins with "<?xml" (or "<") in its encoding (XML 1.0 Appendix F).
_SNIFF: tuple[tuple[bytes, str], ...] = (
    (b"\x00\x00\x00<", "utf-32"), (b"<\x00\x00\x00", "utf-32"), (b"\x00<\x00?", "utf-16-be"), (b"<\x00?\x00", "utf-16-le"))
_DECLARATION = re.compile(rb"""\A\s*<\?xml\b[^>]*?\bencoding\s*=\s*(["'])([^"'>]*)""")
_TEXT_DECLARATION = re.compile(r"""\A\s*<\?xml\b[^>]*?\bencoding\s*=\s*(["'])([^"'>]*)""")
_LETTERS_OFTEN = frozenset("äöüÄÖÜß")  # the letters of German names
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


@dataclass(frozen=True, slots=True)
class Decoded:
    """Text and how it was read: ``encoding`` the codec used; ``how`` "text" (given as text), "bom",
    "declared", "ascii", "utf-8", "default" (the format's default), "detected" (another candidate,
    chosen by the content) or "fallback" (Latin-1, nothing else fitted); ``doubtful``: another
    candidate (``other``) came close and gives other letters."""

    text: str
    encoding: str
    how: str
    doubtful: bool = False
    other: str | None = None


def _fail(name: str, line: int | None, code: str, value: str, **params: str) -> InputError:
    return InputError([Problem(name if line is None else f"{name}:{line}", code, value, params)])


def _score(text: str) -> int:
    """How much ``text`` reads like names: each non-ASCII character next to a letter counts +2 if it is
    a letter names often have, +1 for another letter, −3 for anything else (a symbol inside a word)."""
    score = 0
    for m in _NON_ASCII.finditer(text):  # only those: a 16 MiB list is mostly ASCII
        i, c = m.start(), m.group()
        near = (i > 0 and text[i - 1].isalpha()) or (i + 1 < len(text) and text[i + 1].isalpha())
        if not near:
            continue
        score += 2 if c in _LETTERS_OFTEN else (1 if c.isalpha() else -3)
    return score


def decode_text(data: bytes | str, name: str, candidates: Sequence[str], *, default: str | None = None) -> Decoded:
    """The text of a text format's ``data`` (see the module).  ``candidates``: the encodings the format
    allows, in order (``utf-8`` tried strictly first, ``latin-1`` only as the last resort);
    ``default``: the one a tie goes to (else the first 8-bit candidate)."""
    if isinstance(data, str):
        return Decoded(data.removeprefix("\ufeff"), "text", "text")
    for bom, enc in _BOMS:
        if data.startswith(bom):
            if enc == "utf-32":
                raise _fail(name, None, "encoding_unreadable", "UTF-32", expected=", ".join(candidates))
            try:
                return Decoded(data[len(bom):].decode(enc if enc == "utf-8" else "utf-16"), enc, "bom")
            except UnicodeDecodeError:
                if enc == "utf-8":
                    break  # a stray BOM: the content decides
                raise _fail(name, None, "encoding_unreadable", "UTF-16", expected=", ".join(candidates)) from None
    if data.isascii():
        return Decoded(data.decode("ascii"), "ascii", "ascii")
    if "utf-8" in candidates:
        try:
            return Decoded(data.decode("utf-8"), "utf-8", "utf-8")
        except UnicodeDecodeError:
            pass
    eight = [c for c in candidates if c not in ("utf-8", "latin-1")]
    default = default or (eight[0] if eight else None)
    scored: list[tuple[int, bool, str, str]] = []
    for enc in eight:
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        scored.append((0, enc == default, enc, text))
    if len(scored) > 1:  # a choice to make: by the letters (one candidate that fits needs no score)
        scored = [(_score(text[:_SAMPLE]), is_default, enc, text) for _, is_default, enc, text in scored]
    if scored:
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        best, *rest = scored
        close = next((r for r in rest if r[3] != best[3] and best[0] - r[0] < max(3, abs(best[0]) // 5)), None)
        return Decoded(best[3], best[2], "default" if best[2] == default else "detected", close is not None,
                       close[2] if close is not None else None)
    if "latin-1" in candidates:
        return Decoded(data.decode("latin-1"), "latin-1", "fallback")
    raise _fail(name, None, "encoding_unreadable", "", expected=", ".join(candidates))


def _xml_codec(declared: str, name: str, line: int | None) -> str:
    """The codec of a declared encoding name, if it is one an XML file may be in; else an input error."""
    shown = declared if len(declared) <= MAX_NAME else declared[:MAX_NAME] + "…"
    if len(declared) > MAX_NAME or not declared.isascii():
        raise _fail(name, line, "xml_encoding_unusable", shown, reason="xml.unknown_encoding")
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        raise _fail(name, line, "xml_encoding_unusable", shown, reason="xml.unknown_encoding") from None
    if codec not in XML_ENCODINGS:
        multibyte = codec.startswith(("utf-32", "shift_jis", "euc", "gb", "big5", "cp932", "cp949", "cp950", "iso2022", "johab"))
        raise _fail(name, line, "xml_encoding_unusable", shown,
                    reason="xml.multibyte_encoding" if multibyte else "xml.encoding_not_allowed")
    return codec


def decode_xml(data: bytes | str, name: str) -> Decoded:
    """The text of an XML file (see the module); its declaration stays in the text, the parser ignores it."""
    if isinstance(data, str):
        return Decoded(data.removeprefix("\ufeff"), "text", "text")
    enc, skip, how = xml_encoding(data, name)
    body = data[skip:]
    try:
        text = body.decode(enc)
    except UnicodeDecodeError as e:
        at = body[:e.start].count(b"\n") + 1 if not enc.startswith("utf-16") else None
        raise _fail(name, at, "encoding_unreadable", "", expected=enc.upper()) from None
    return Decoded(text.removeprefix("\ufeff"), enc, how)


def xml_encoding(data: bytes, name: str) -> tuple[str, int, str]:
    """The encoding of an XML file from its start (``data``: the whole file or its first 64 KiB — a
    streaming reader's first chunk), the length of its BOM and how it was found ("bom", "declared",
    "default"): the BOM, the declared encoding, the allowed list — every failure an input error naming
    the file.  :func:`decode_xml` and the FIDE list's stream reader both ask it."""
    found = next(((bom, enc) for bom, enc in _BOMS if data.startswith(bom)), None)
    sniffed = None if found is not None else next((enc for head, enc in _SNIFF if data.startswith(head)), None)
    transport = found[1] if found is not None else sniffed
    if transport == "utf-32":
        raise _fail(name, 1, "xml_encoding_unusable", "UTF-32", reason="xml.multibyte_encoding")
    body = data[len(found[0]):] if found is not None else data
    declared: str | None = None
    line = 1
    if transport is not None and transport.startswith("utf-16"):
        head = body[:2 * _HEAD].decode("utf-16-be" if transport == "utf-16-be" or (found and found[0] == codecs.BOM_UTF16_BE)
                                       else "utf-16-le", "replace")
        m_text = _TEXT_DECLARATION.match(head)
        declared = m_text.group(2) if m_text else None
        line = head[:m_text.start(2)].count("\n") + 1 if m_text else 1
    else:
        m = _DECLARATION.match(body[:_HEAD])
        if m is not None:
            declared = m.group(2).decode("latin-1")
            line = body[:m.start(2)].count(b"\n") + 1
        elif body.lstrip()[:5] == b"<?xml" and re.match(rb"\A\s*<\?xml\b[^>]*?\bencoding\s*=", body[:_HEAD]):
            # a declaration whose encoding's value does not end within the head: a name no codec has
            raise _fail(name, 1, "xml_encoding_unusable", body.lstrip()[:MAX_NAME].decode("latin-1") + "…",
                        reason="xml.unknown_encoding")
    codec = _xml_codec(declared.strip(), name, line) if declared is not None else None
    if found is not None:  # the BOM says it; a declaration must agree
        enc = "utf-8" if found[1] == "utf-8" else ("utf-16-le" if found[0] == codecs.BOM_UTF16_LE else "utf-16-be")
        how = "bom"
    elif sniffed is not None:  # "<?" in UTF-16 without a BOM
        enc, how = sniffed, "declared"
    elif codec is not None:
        enc, how = codec, "declared"
    else:
        enc, how = "utf-8", "default"  # XML 1.0 §4.3.3: no BOM, no declaration — UTF-8
    # a declaration the bytes contradict: UTF-16 said of an 8-bit file or the reverse, another one after a UTF-8 BOM
    if codec is not None and (codec.startswith("utf-16") != enc.startswith("utf-16") or (
            how == "bom" and enc == "utf-8" and codec not in ("utf-8", "ascii"))):
        raise _fail(name, line, "xml_encoding_unusable", declared or "", reason="xml.encoding_mismatch")
    return enc, len(found[0]) if found is not None else 0, how


def head_text(head: bytes) -> str:
    """The start of a file as text, for recognising its format only: a UTF-16 or UTF-32 file (by its BOM,
    or "<?" in UTF-16) decoded as such, anything else byte by byte (Latin-1, which never fails)."""
    found = next((enc for bom, enc in _BOMS if head.startswith(bom)), None)
    sniffed = next((enc for start, enc in _SNIFF if head.startswith(start)), None)
    wide = found if found in ("utf-16", "utf-32") else sniffed
    if wide is not None:
        return head.decode(wide, "replace").removeprefix("\ufeff")
    return head.decode("latin-1")
