"""Compatibility: :mod:`dwz.basics.values` is where these live now (the bottom floor, issue 10).

Kept so that code written against ``dwz.core.values`` keeps working; new code imports
``dwz.basics.values``.
"""

from dwz.basics.values import (
    IMPLAUSIBLE_RATING,
    INDEX_IMPLAUSIBLE,
    INDEX_MAX,
    MAX_GAMES,
    PLAUSIBLE_RESULT,
    RATING_MAX,
    AgeGroup,
    Game,
    GameLike,
    Rating,
    Result,
    age_from_birth_year,
    age_group_for_age,
    age_group_of,
    counts,
    game_items,
    not_counted_reason,
    parse_age_group,
    parse_date,
    parse_game,
    parse_games,
    parse_index,
    parse_int,
    parse_opponent,
    parse_rating,
    parse_result,
    rating_warnings,
    result_warnings,
    scan_games,
)

__all__ = ["AgeGroup", "Game", "GameLike", "IMPLAUSIBLE_RATING", "INDEX_IMPLAUSIBLE", "INDEX_MAX", "MAX_GAMES", "PLAUSIBLE_RESULT", "RATING_MAX", "Rating", "Result", "age_from_birth_year", "age_group_for_age", "age_group_of", "counts", "game_items", "not_counted_reason", "parse_age_group", "parse_date", "parse_game", "parse_games", "parse_index", "parse_int", "parse_opponent", "parse_rating", "parse_result", "rating_warnings", "result_warnings", "scan_games"]
