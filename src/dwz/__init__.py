"""dwz — German DWZ and FIDE Elo, computed exactly as the official bodies do.

>>> from datetime import date
>>> import dwz
>>> r = dwz.rate("1650-12", [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)],
...              end=date(2026, 9, 14), birth_year=1985)
>>> (r.new_rating, r.new_index)
(1670, 13)
>>> dwz.umstufung("2063-15").new_rating
2080
>>> e = dwz.elo.rate(2224, [(2319, 0), (2181, 1)], k=15, period="2010-05-01")
>>> e.new_rating
2225

The names are loaded on first use (PEP 562), so that ``dwz rate …`` on the
command line imports only what it needs.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# Each public name: the module it loads from (one line here), its entry in __all__, and its import in
# the TYPE_CHECKING block below (what mypy and IDEs see: type checkers need the imports written out).
# A name moved to another module: its line here and its import below; tests/test_public_api.py fails
# when the three disagree, and says which one was forgotten.
_LAZY = {
    "rate": "dwz.core.player",
    "first_rating": "dwz.core.player",
    "RatingResult": "dwz.core.player_records",
    "FirstRatingResult": "dwz.core.player_records",
    "scenarios": "dwz.core.scenarios",
    "ScenarioTable": "dwz.core.scenarios",
    "umstufung": "dwz.core.conversion",
    "UmstufungResult": "dwz.core.conversion",
    "evaluate_tournament": "dwz.core.tournament",
    "TournamentEvaluation": "dwz.core.tournament_records",
    "PlayerEvaluation": "dwz.core.tournament_records",
    "EvaluationOptions": "dwz.core.kernel",
    "Tournament": "dwz.basics.model",
    "Player": "dwz.basics.model",
    "Pairing": "dwz.basics.model",
    "StoredGame": "dwz.basics.model",
    "InputError": "dwz.basics.errors",
    "Problem": "dwz.basics.errors",
    "Rating": "dwz.basics.values",
    "Result": "dwz.basics.values",
    "Game": "dwz.basics.games",
    "AgeGroup": "dwz.basics.values",
    "read_tournament": "dwz.formats",
    "read_rating_list": "dwz.formats",
}

__all__ = [
    "rate", "first_rating", "scenarios", "umstufung", "elo", "read_tournament", "read_rating_list", "evaluate_tournament",
    "RatingResult", "FirstRatingResult", "ScenarioTable", "UmstufungResult", "TournamentEvaluation", "PlayerEvaluation",
    "EvaluationOptions", "Tournament", "Player", "Pairing", "StoredGame", "InputError", "Problem", "Rating", "Result", "Game",
    "AgeGroup", "__version__",
]


def __getattr__(name: str) -> Any:
    if name == "elo":
        return import_module("dwz.elo")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dwz' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # what static type checkers and IDEs see
    from dwz import elo
    from dwz.basics.errors import InputError, Problem
    from dwz.basics.games import Game
    from dwz.basics.model import Pairing, Player, StoredGame, Tournament
    from dwz.basics.values import AgeGroup, Rating, Result
    from dwz.core.conversion import UmstufungResult, umstufung
    from dwz.core.kernel import EvaluationOptions
    from dwz.core.player import first_rating, rate
    from dwz.core.player_records import FirstRatingResult, RatingResult
    from dwz.core.scenarios import ScenarioTable, scenarios
    from dwz.core.tournament import evaluate_tournament
    from dwz.core.tournament_records import PlayerEvaluation, TournamentEvaluation
    from dwz.formats import read_rating_list, read_tournament
