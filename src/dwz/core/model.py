"""Compatibility: :mod:`dwz.basics.model` is where these live now (the bottom floor, issue 10).

Kept so that code written against ``dwz.core.model`` keeps working; new code imports
``dwz.basics.model``.
"""

from dwz.basics.model import (
    Pairing,
    Player,
    StoredGame,
    Tournament,
    results_consistent,
    validate,
)

__all__ = ["Pairing", "Player", "StoredGame", "Tournament", "results_consistent", "validate"]
