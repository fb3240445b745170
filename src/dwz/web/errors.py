"""Engine problems and request validation errors as FastAPI-style 422 details.

``{"detail": [{"loc": ["body", "games", 2, "result"], "msg": "…", "type": "result_invalid"}]}``;
``msg`` is in the requested language.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Sequence
from typing import Any

import orjson
from starlette.responses import Response

from dwz.basics.errors import MAX_PROBLEMS, InputError, Problem, capped
from dwz.basics.parsing import json_safe
from dwz.formats._common import short
from dwz.i18n import CATALOGS, text

__all__ = ["MAX_DETAILS", "SafeJSONResponse", "field_loc", "loc_label", "problem_details", "shown", "validation_details"]


class SafeJSONResponse(Response):
    """JSON that cannot fail to serialise: orjson first (fast; NaN/Infinity become null), and
    for what it refuses — an integer beyond 64 bits, a lone surrogate — the same content made
    safe (:func:`dwz.basics.parsing.json_safe`).  Every API answer and error goes through it."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        try:
            return orjson.dumps(content)
        except (TypeError, orjson.JSONEncodeError):
            return orjson.dumps(json_safe(content))


def _input(value: Any) -> Any:
    """A request value echoed in an error: JSON-safe and short (never the 5,000 digits sent)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return json_safe(value) if not isinstance(value, int) or abs(value) < 1 << 63 else short(value)
    if isinstance(value, str):
        return json_safe(short(value, 200))
    return None

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def field_loc(field: str, root: str = "body", rename: dict[str, str] | None = None) -> list[str | int]:
    """``"games[2].result"`` → ``["body", "games", 2, "result"]``.

    ``rename`` maps the engine's first path element to the request's field name
    (the engine says ``rating``, the Elo request may call it otherwise).

    >>> field_loc("games[2].result")
    ['body', 'games', 2, 'result']
    >>> field_loc("rating.index", "query")
    ['query', 'rating', 'index']
    """
    parts: list[str | int] = []
    for name, idx in _PART.findall(field):
        parts.append(int(idx) if idx else name)
    if parts and rename and isinstance(parts[0], str) and parts[0] in rename:
        parts[0] = rename[parts[0]]
    return [root, *parts]


def loc_label(loc: Sequence[Any], lang: str) -> str:
    """A validation error's place as the user sees it: ``["body", "games", 0, "result"]`` →
    "Partie 1, Ergebnis" (:func:`dwz.i18n.field_label`), the request part left out.

    >>> loc_label(["body", "games", 0, "result"], "de"), loc_label(["path", "player_id"], "en"), loc_label(["x"], "de")
    ('Partie 1, Ergebnis', 'player number', 'x')
    """
    from dwz.i18n import field_label

    parts = list(loc)
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:]
    field = ""
    for part in parts:
        if isinstance(part, int):
            field += f"[{part}]"
        else:
            field += ("." if field else "") + str(part)
    return field_label(field, lang) if field else ""


MAX_DETAILS = MAX_PROBLEMS  # a file with 100,000 bad lines gets the first 100 and a count, not a 20 MB answer


def shown(problems: Iterable[Problem]) -> list[Problem]:
    """The first MAX_DETAILS problems, and one more that counts the rest (:func:`capped`)."""
    return capped(problems, MAX_DETAILS)


def problem_details(problems: Iterable[Problem], lang: str, root: str = "body",
                    rename: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Engine :class:`Problem` s → 422 detail entries (message in ``lang``), at most MAX_DETAILS + 1."""
    out: list[dict[str, Any]] = []
    for p in shown(problems):
        value = p.value if isinstance(p.value, (int, float, str, type(None))) else short(p.value)
        out.append({"loc": field_loc(p.field, root, rename) if p.field else [root], "msg": p.message(lang),
                    "type": p.code, "input": _input(value)})
    return out


def input_error_details(err: InputError, lang: str, root: str = "body", rename: dict[str, str] | None = None) -> list[dict[str, Any]]:
    return problem_details(err.problems, lang, root, rename)


# Pydantic's messages are English; the common ones get a German text (catalog keys "web.v.*").
_PYDANTIC_KEYS = {
    "missing": "web.v.missing",
    "int_parsing": "web.v.int",
    "int_type": "web.v.int",
    "int_from_float": "web.v.int",
    "float_parsing": "web.v.number",
    "float_type": "web.v.number",
    "string_type": "web.v.string",
    "bool_parsing": "web.v.bool",
    "bool_type": "web.v.bool",
    "list_type": "web.v.list",
    "dict_type": "web.v.object",
    "model_type": "web.v.object",
    "model_attributes_type": "web.v.object",
    "literal_error": "web.v.choice",
    "enum": "web.v.choice",
    "greater_than_equal": "web.v.ge",
    "greater_than": "web.v.gt",
    "less_than_equal": "web.v.le",
    "less_than": "web.v.lt",
    "too_long": "web.v.too_long",
    "string_too_long": "web.v.string_too_long",
    "too_short": "web.v.too_short",
    "extra_forbidden": "web.v.extra",
    "json_invalid": "web.v.json",
    "json_refused": "web.v.json",
    "union_tag_invalid": "web.v.choice",
    "value_error": "web.v.value",
    "date_from_datetime_parsing": "web.v.date",
    "date_parsing": "web.v.date",
    "finite_number": "web.v.finite",
    "digits_too_long": "web.v.digits",
    "string_unicode": "web.v.unicode",
}


# The type errors pydantic reports once per member of a union ("an object or a text"), by what
# was expected: collapsed into one error that names every form the field takes.
_SHAPE_NOUNS = {"model_attributes_type": "object", "model_type": "object", "dict_type": "object", "string_type": "string",
                "int_type": "int", "int_parsing": "int", "float_type": "number", "float_parsing": "number",
                "list_type": "list", "bool_type": "bool", "bool_parsing": "bool", "none_required": "none"}
_PRIMITIVE_TAGS = frozenset({"int", "float", "str", "bool", "none", "date", "datetime", "bytes", "decimal"})


def _model_names() -> frozenset[str]:
    from pydantic import BaseModel

    from dwz.web import models

    return frozenset(k for k, v in vars(models).items() if isinstance(v, type) and issubclass(v, BaseModel))


def _is_union_tag(part: Any, models: frozenset[str]) -> bool:
    """A ``loc`` entry pydantic inserts for a union member ("GameIn", "int",
    "function-after[_plain_text(), constrained-str]") — never a field the user wrote."""
    return isinstance(part, str) and (part in models or part in _PRIMITIVE_TAGS or not part.isidentifier())


def _without_union_tags(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """The errors with the union members' tags left out of ``loc``, and the members' type errors
    at one place merged into one ("Objekt oder Text erwartet")."""
    models = _model_names()
    merged: list[dict[str, Any]] = []
    shapes: dict[tuple[Any, ...], dict[str, Any]] = {}
    for e in errors:
        raw = tuple(e.get("loc", ()))
        loc = tuple(x for x in raw if not _is_union_tag(x, models))
        item = {**e, "loc": loc}
        etype = str(e.get("type", ""))
        if loc != raw and etype in _SHAPE_NOUNS:
            first = shapes.get(loc)
            if first is not None:
                if _SHAPE_NOUNS[etype] not in first["shapes"]:
                    first["shapes"].append(_SHAPE_NOUNS[etype])
                continue
            item = shapes[loc] = {"type": "shape_invalid", "loc": loc, "input": e.get("input"), "shapes": [_SHAPE_NOUNS[etype]]}
        merged.append(item)
    # an object with a wrong field: its field's error says it; "text expected" for the whole would mislead
    deeper = [e["loc"] for e in merged]
    return [e for e in merged if e["type"] != "shape_invalid"
            or not any(len(d) > len(e["loc"]) and d[:len(e["loc"])] == e["loc"] for d in deeper)]


def validation_details(errors: Sequence[Any], lang: str) -> list[dict[str, Any]]:
    """Pydantic/FastAPI validation errors with the message translated where we know the type;
    a union's members are not named (``loc`` holds only what the user wrote)."""
    out: list[dict[str, Any]] = []
    for e in _without_union_tags(list(errors)[:4 * MAX_DETAILS])[:MAX_DETAILS]:
        if e["type"] == "shape_invalid":
            forms = [text(f"web.n.{s}", lang) for s in e["shapes"]]
            msg = text("web.v.shape", lang, forms=text("web.or", lang).join(forms))
            msg = msg[:1].upper() + msg[1:]
            if len(e["loc"]) >= 2 and e["loc"][-2] == "games" and isinstance(e["loc"][-1], int):
                msg += " " + text("web.v.game_forms", lang)
            shape: dict[str, Any] = {"loc": list(e["loc"]), "msg": json_safe(msg), "type": "shape_invalid"}
            if isinstance(e["input"], (int, float, str, bool, type(None))):
                shape["input"] = _input(e["input"])
            out.append(shape)
            continue
        etype = str(e.get("type", "value_error"))
        ctx = {k: _input(v) for k, v in (e.get("ctx") or {}).items() if isinstance(v, (int, float, str))}
        key = _PYDANTIC_KEYS.get(etype)
        msg = str(e.get("msg", etype))
        if key is None and etype in CATALOGS["de"]["problems"]:  # one of our rules, checked in a model (birth_year_short)
            with contextlib.suppress(KeyError, IndexError, ValueError):
                msg = Problem("", etype, ctx.get("value"), ctx).message(lang)
        elif key:
            # a context value the catalog text expects may be missing: then pydantic's text stays
            with contextlib.suppress(KeyError, IndexError, ValueError):
                msg = text(key, lang, **ctx)
            if "expected" in ctx:
                msg += f" ({ctx['expected']})"
        loc = [_input(x) if isinstance(x, (str, int)) else short(x) for x in e.get("loc", ())]
        item: dict[str, Any] = {"loc": loc, "msg": json_safe(msg), "type": etype}
        inp = e.get("input")
        if isinstance(inp, (int, float, str, bool, type(None))):
            item["input"] = _input(inp)
        out.append(item)
    return out
