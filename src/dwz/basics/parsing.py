"""Plain text in, plain values out: the one ASCII-digit parser and JSON that cannot go wrong.

Used by every reader and every adapter (the CLI's options, the web's answers), so it lives
on the bottom floor and pulls in nothing but the standard library.
"""

from __future__ import annotations

import json
import math
from typing import Any

from dwz.basics.errors import shorten

__all__ = ["digits", "json_dumps", "json_loads", "json_safe", "visible"]


def digits(text: str, limit: int = 18) -> int | None:
    r"""``text`` as a whole number if, between blanks, it is only the ASCII digits 0–9 (at most
    ``limit`` of them), else None.

    The one number-field parser of the readers: ``str.isdigit()`` alone accepts
    '²' and '٣', and ``str.strip()`` removes the control characters 0x1C–0x1F
    that ``int()`` then refuses — here neither gets through.

    >>> digits(" 12 "), digits("1²"), digits("1\x1c"), digits("٣"), digits("9" * 19)
    (12, None, None, None, None)
    """
    s = text.strip(" \t")
    if 0 < len(s) <= limit and s.isascii() and s.isdigit():
        return int(s)
    return None


def visible(text: str) -> str:
    r"""``text`` with every character a terminal would act on instead of showing written as its
    escape (ESC → ``\x1b``): control characters (C0, DEL, C1), format characters such as the
    bidi overrides, separators other than the blank; the line break stays.  What names and
    file contents may carry can neither retitle the terminal nor clear it nor reorder a line.

    >>> visible("Evil\x1b]0;PWNED\x07\x1b[2J"), visible("Müller, Jörg\n"), visible("a\u202eb\x9bc")
    ('Evil\\x1b]0;PWNED\\x07\\x1b[2J', 'Müller, Jörg\n', 'a\\u202eb\\x9bc')
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\n" else _escape(c) for c in text)


def _escape(c: str) -> str:
    return c.encode("unicode_escape", "backslashreplace").decode("ascii")


class JsonValueError(ValueError):
    """Strict JSON refused: ``reason`` names why as a catalog term ("json.not_finite", "json.lone_surrogate")."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def _no_constant(name: str) -> Any:
    raise JsonValueError(f"{name} is not a JSON number", "json.not_finite")


def _finite(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise JsonValueError(f"{text[:20]} is out of range", "json.not_finite")
    return v


def json_loads(text: str) -> Any:
    """``json.loads`` of strict JSON: ``NaN``, ``Infinity``, numbers beyond a float
    (``1e999``) and a lone surrogate (``"\\udcff"``, no character of any text) are errors
    (``ValueError``) instead of values no JSON or UTF-8 writer can give back."""
    obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    if "\\ud" in text or "\\uD" in text:  # only escapes make surrogates; a valid pair joins into one character
        try:
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise JsonValueError("a lone surrogate (\\ud800–\\udfff) is not a character", "json.lone_surrogate") from None
    return obj


_INT64 = 1 << 63


def json_safe(obj: Any) -> Any:
    """``obj`` with every value JSON (and 64-bit JSON libraries) can hold: a non-finite
    float becomes ``None``, an integer beyond 64 bits a shortened string, a lone
    surrogate in a string ``?``, anything else unknown its ``str``.

    >>> json_safe({"a": [float("nan"), 10 ** 30, 2.5], "b": (1, None)})
    {'a': [None, '≈1.000·10^30', 2.5], 'b': [1, None]}
    """
    if obj is None or isinstance(obj, bool):
        return obj
    if isinstance(obj, str):  # a lone surrogate cannot be encoded as UTF-8
        return obj if obj.isascii() else obj.encode("utf-8", "replace").decode("utf-8")
    if isinstance(obj, int):
        return obj if -_INT64 <= obj < _INT64 else str(shorten(obj))
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {json_safe(str(k)): json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    return str(obj)


def json_dumps(obj: Any, **kw: Any) -> str:
    """``json.dumps`` that always gives valid JSON (see :func:`json_safe`); tries the plain
    encoder first, so ordinary results cost nothing extra."""
    try:
        return json.dumps(obj, allow_nan=False, **kw)
    except (ValueError, TypeError, OverflowError):
        return json.dumps(json_safe(obj), allow_nan=False, **kw)
