"""A game (one pairing from the player's point of view) and the one reader of games: as text
(``1580:1``), as a pair, as a mapping, pasted into a page — for the Python API, the CLI,
the API and the page alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any, NamedTuple, TypeAlias

from dwz.basics.errors import InputError, Problem, collect, shorten
from dwz.basics.values import MAX_GAMES, RATING_MAX, Result, parse_result
from dwz.basics.wo import counts, not_counted_reason

__all__ = [
    "PASTE_MAX_CHARS",
    "Game",
    "GameLike",
    "PastedGames",
    "game_items",
    "game_text",
    "parse_game",
    "parse_games",
    "parse_opponent",
    "read_pasted_games",
]


class Game(NamedTuple):
    """One pairing from the player's point of view.

    ``opponent`` is the opponent's rating, ``None`` if he has none.
    """

    opponent: int | None
    result: Result
    name: str | None = None

    @property
    def counted(self) -> bool:
        """A game counts when it was played and the opponent has a rating (WO 3.3.2)."""
        return counts(self.result, self.opponent)

    @property
    def reason(self) -> str | None:
        """Why the game does not count, or ``None``."""
        return not_counted_reason(self.result, self.opponent)


GameLike: TypeAlias = Game | tuple[Any, Any] | list[Any] | str | dict[str, Any]

# One game written as text, everywhere (the CLI's arguments, the API's strings, the page's paste): the
# opponent's rating, a separator — ":" or ";", or "-" right after the rating's last digit — and the result.
_GAME_TEXT_RE = re.compile(r"^\s*(?P<opp>[^:;]*?)\s*(?P<sep>[:;]|(?<=[0-9])-(?=\S))\s*(?P<res>\S+)\s*$")


def game_text(text: str) -> tuple[str, str] | Problem | None:
    """A game written as text — ``1580:1``, ``1580;1``, ``1580-½``, ``1580-1-0`` — as (opponent, result)
    as typed; ``None`` if it is no game.  ``1580-1`` is refused (a :class:`Problem` without its field):
    a result 1 or the DWZ-index of "1580-1"?  The hint writes it with the colon.

    >>> game_text("1580:1"), game_text("1810;0"), game_text("1600-½"), game_text("1720"), game_text("1580-1").code
    (('1580', '1'), ('1810', '0'), ('1600', '½'), None, 'game_ambiguous')
    """
    m = _GAME_TEXT_RE.match(text) if len(text) <= 64 else None
    if m is None:
        return None
    opp, res = m.group("opp"), m.group("res")
    if m.group("sep") == "-" and res.isdigit():  # "1580-1": a DWZ with its index, or a game won?
        return Problem("", "game_ambiguous", text, {"opponent": opp, "result": res})
    return opp, res


def split_game(text: str, field: str) -> tuple[str, str]:
    """A game written as text, split into the opponent's rating and the result as typed (:func:`game_text`)."""
    found = game_text(text)
    if found is None:
        raise InputError.single(field, "game_invalid", text)
    if isinstance(found, Problem):
        raise InputError([replace(found, field=field)])
    return found


_OPP_RE = re.compile(r"\s*-?[0-9]{1,9}\s*")
_LONG_NUMBER_RE = re.compile(r"\s*-?[0-9]+\s*")


def parse_opponent(raw: Any, field: str, part: str = "") -> int | None:
    """An opponent's rating: 1 … 9999, or ``None`` for "no rating" (empty, 0, "-", "?").  A problem
    names ``field + part`` (``part``: joined only when there is one)."""
    if type(raw) is int and 0 < raw <= RATING_MAX:  # the rating itself (checked first: the common input)
        return raw
    field += part
    if raw is None or (isinstance(raw, str) and raw.strip() in ("", "-", "?")):
        return None
    if isinstance(raw, bool):
        raise InputError.single(field, "opponent_invalid", raw)
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and len(raw) <= 64 and _OPP_RE.fullmatch(raw):
        value = int(raw)
    elif isinstance(raw, str) and _LONG_NUMBER_RE.fullmatch(raw):
        raise InputError.single(field, "rating_too_large", raw, max=RATING_MAX)
    else:
        raise InputError.single(field, "opponent_invalid", raw)
    if value < 0:
        raise InputError.single(field, "opponent_negative", raw)
    if value > RATING_MAX:
        raise InputError.single(field, "rating_too_large", raw, max=RATING_MAX)
    return value or None


def parse_game(item: GameLike, field: str = "games[0]") -> Game:
    """Parse one game: ``(1580, 1)``, ``"1580:="``, ``{"opponent": 1580, "result": "½"}`` — the one
    reader of a game for the Python API, the CLI, the API and the page alike.

    >>> parse_game("1720:=")
    Game(opponent=1720, result=<Result.DRAW: ('½', 1, True)>, name=None)
    """
    name = None
    if isinstance(item, (tuple, list)) and not isinstance(item, Game):
        if not 2 <= len(item) <= 3:
            raise InputError.single(field, "game_invalid", item)
        raw_opp, raw_res = item[0], item[1]
        if len(item) == 3:
            name = item[2]
    elif isinstance(item, Game):
        return item
    elif isinstance(item, str):
        raw_opp, raw_res = split_game(item, field)
    elif isinstance(item, dict):
        if "result" not in item:
            raise InputError.single(field + ".result", "result_missing", None)
        raw_opp, raw_res = item.get("opponent"), item["result"]
        name = item.get("name")
    else:
        raise InputError.single(field, "game_invalid", item)
    try:
        opp, res = parse_opponent(raw_opp, field, ".opponent"), parse_result(raw_res, field, ".result")
    except InputError:  # both values read again, every problem named at once
        problems: list[Problem] = []
        collect(problems, parse_opponent, raw_opp, field, ".opponent")
        collect(problems, parse_result, raw_res, field, ".result")
        raise InputError(problems) from None
    return Game(opp, res, None if name is None else (name if isinstance(name, str) else str(shorten(name))))


PASTE_MAX_CHARS = 8000  # a pasted list of games: far more than MAX_GAMES of a page's rows need


@dataclass(frozen=True, slots=True)
class PastedGames:
    """Games pasted as text: each as (opponent, result) as typed — the engine reads the values
    — and every line or piece that is no game (``paste_unreadable``, with its line)."""

    games: tuple[tuple[str, str], ...]
    problems: tuple[Problem, ...]


def read_pasted_games(text: str, field: str = "paste", limit: int = MAX_GAMES) -> PastedGames:
    r"""Games pasted into a page, as people copy them: ``1580:1 1720:= 1810:0`` on one line,
    ``1810;0`` and ``1600-½`` (each a game as the CLI and the API read it, :func:`game_text`), two
    spreadsheet cells ``1600<Tab>½``, or a rating and a result ``1600 ½`` alone on a line.  What is
    no game is named with its line, never dropped — ``1600-1`` too, with the CLI's and the API's hint
    (a result or a DWZ-index?); more than ``limit`` games is a problem too.  The one reader of the
    page's paste field — its form and its script (through the API) alike.

    >>> read_pasted_games("1580:1 1720:=\n1810;0\n1600-½\n1690\t½\n1500 0").games
    (('1580', '1'), ('1720', '='), ('1810', '0'), ('1600', '½'), ('1690', '½'), ('1500', '0'))
    >>> [(p.code, p.value, p.params["line"]) for p in read_pasted_games("1580:1 1720\n1810:0").problems]
    [('paste_unreadable', '1720', 1)]
    """
    if len(text) > PASTE_MAX_CHARS:
        return PastedGames((), (Problem(field, "paste_too_long", len(text), {"max": PASTE_MAX_CHARS}),))
    games: list[tuple[str, str]] = []
    problems: list[Problem] = []
    for no, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        if not line.strip():
            continue
        if "\t" in line:  # cells copied from a spreadsheet: rating and result
            cells = [c.strip() for c in line.split("\t") if c.strip()]
            if len(cells) == 2:
                games.append((cells[0], cells[1]))
            else:
                problems.append(Problem(field, "paste_unreadable", line.strip(), {"line": no}))
            continue
        tokens = line.split()
        if len(tokens) == 2 and not any(game_text(t) for t in tokens):  # "1600 ½": one game
            games.append((tokens[0], tokens[1]))
            continue
        for token in tokens:  # each a game as the CLI and the API read it (game_text)
            found = game_text(token)
            if found is None:
                problems.append(Problem(field, "paste_unreadable", token, {"line": no}))
            elif isinstance(found, Problem):
                problems.append(replace(found, field=field, params={**found.params, "line": no}))
            else:
                games.append(found)
    if len(games) > limit:
        problems.append(Problem(field, "too_many", len(games), {"max": limit}))
    return PastedGames(tuple(games), tuple(problems))


def game_items(items: Any, field: str = "games") -> tuple[Any, ...]:
    """A list of games (or opponents) as given, taken once and bounded (``MAX_GAMES``).

    A text, a number or a mapping is not a list: it is an :class:`InputError`, never
    iterated character by character (issue 11 §21).
    """
    if type(items) is list:  # as a program passes them (the common input, told first)
        out = tuple(items)
    elif items is None:
        return ()
    elif isinstance(items, tuple):
        out = items
    elif isinstance(items, list):
        out = tuple(items)
    elif isinstance(items, (str, bytes, bytearray, dict)) or not hasattr(items, "__iter__"):
        raise InputError.single(field, "list_expected", items)
    else:
        out = tuple(islice(items, MAX_GAMES + 1))
    if len(out) > MAX_GAMES:
        raise InputError.single(field, "too_many", len(out), max=MAX_GAMES)
    return out


GAMES_READ_MAX = 100_000  # games remembered as read (every input that can grow has a limit)
_GAMES_READ: dict[tuple[Any, Any], Game] = {}
_KEYS = frozenset((int, float, str))


def parse_games(items: Iterable[GameLike] | None, field: str = "games") -> tuple[Game, ...]:
    """Parse a list of games, collecting every problem before raising.  Each game is read by
    :func:`parse_game`; a pair as a program passes it — ``(1580, 1)`` — is remembered as read, so the
    same pair is read once (the same Game: its rules applied once, not a second reader)."""
    items = game_items(items, field)
    games: list[Game] = []
    problems: list[Problem] = []
    read = _GAMES_READ
    refused = 0  # items refused so far: an item's index is len(games) + refused (no enumerate for every game)
    for item in items:
        # a pair as a program passes it — (1580, 1) — read before is looked up first.  Only pairs of plain values
        # are keys, and only plain values take a Game found: a bool or a Decimal equals 1 as a key, but is read (and
        # refused) on its own; an unhashable item (a list, a mapping, a pair holding one) is read on its own too
        try:
            game = read.get(item)
        except Exception:  # an unhashable item, or a caller's own type whose __hash__/__eq__ raises: read on its own
            game = None
        if game is not None and type(item[0]) in _KEYS and type(item[1]) in _KEYS:
            games.append(game)
            continue
        try:
            game = parse_game(item, field)
        except InputError:  # read again under its own name ("games[3]"), made only for a problem
            collect(problems, parse_game, item, f"{field}[{len(games) + refused}]")
            refused += 1
            continue
        games.append(game)
        if type(item) is tuple and len(item) == 2 and type(item[0]) in _KEYS and type(item[1]) in _KEYS:
            if len(read) >= GAMES_READ_MAX:
                read.clear()
            read[item] = game
    if problems:
        raise InputError(problems)
    return tuple(games)
