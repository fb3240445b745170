"""PGN reader (formats.md §6): rating tags, rounds, dates, forfeits and unfinished games."""

from __future__ import annotations

from datetime import date

import pytest

from dwz.basics.errors import InputError
from dwz.basics.values import Result
from dwz.formats.pgn import read_pgn


def game(white: str, black: str, result: str, moves: str = "1. e4 e5", **tags: str) -> str:
    head = {"Event": "Open", "White": white, "Black": black, "Result": result, **tags}
    return "\n".join(f'[{k} "{v}"]' for k, v in head.items()) + f"\n\n{moves} {result}\n\n"


def test_tags_give_player_values() -> None:
    pgn = game("Alpha, Anna", "Beta, Berta", "1-0", Round="1", WhiteElo="2010", BlackElo="-", WhiteDWZ="1950",
               BlackDWZ="1650-12", WhiteFideId="4600001", WhiteTitle="FM", BlackTitle="-", WhiteTeam="SC A")
    t = read_pgn(pgn)
    a, b = t.players
    assert (a.elo, a.rating, a.index, a.fide_id, a.title, a.club) == (2010, 1950, None, "4600001", "FM", "SC A")
    assert (b.elo, b.rating, b.index, b.title) == (None, 1650, 12, None)
    assert t.name == "Open" and t.notes == ()


@pytest.mark.parametrize("value", ["?", "", "0", "-"])
def test_unknown_ratings(value: str) -> None:
    t = read_pgn(game("A", "B", "0-1", WhiteElo=value, WhiteDWZ=value))
    assert (t.player(1).elo, t.player(1).rating) == (None, None)


def test_unfinished_games_are_skipped_and_reported() -> None:
    first = game("A", "B", "1/2-1/2", Round="1")
    pgn = first + game("A", "C", "*", Round="2") + game("B", "C", "1-0", Round="3")
    t = read_pgn(pgn, name="open.pgn")
    second_game_line = first.count("\n") + 1
    assert [(g.round, g.result_white) for g in t.pairings] == [(1, Result.DRAW), (3, Result.WIN)]
    (note,) = t.notes
    assert (note.code, note.value, note.params["white"], note.field) == ("pgn_game_unfinished", "*", "A", f"open.pgn:{second_game_line}")
    assert len(t.players) == 3  # C's only finished game is kept; C is a participant either way


def test_forfeits() -> None:
    pgn = (game("A", "B", "1-0", "{Weiß gewinnt kampflos}", Round="1")
           + game("C", "D", "0-1", "{Black wins by forfeit}", Round="1")
           + game("A", "C", "*", "{beide verlieren kampflos}", Round="2")
           + game("B", "D", "1/2-1/2", "{kampflos}", Round="2")
           + game("B", "C", "1-0", "1. e4 {forfeit threatened but played} e5", Round="3"))
    t = read_pgn(pgn)
    res = [(g.round, g.result_white, g.result_black) for g in t.pairings]
    assert res == [(1, Result.FORFEIT_WIN, Result.FORFEIT_LOSS), (1, Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
                   (2, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS), (3, Result.WIN, Result.LOSS)]
    assert [n.code for n in t.notes] == ["pgn_forfeit_unclear"]


def test_rounds_from_tag_or_assigned() -> None:
    pgn = game("A", "B", "1-0", Round="2.1") + game("C", "D", "1-0", Round="2.2") + game("A", "C", "0-1", Round="?") \
        + game("B", "D", "0-1")
    t = read_pgn(pgn)
    assert sorted((g.round, g.white) for g in t.pairings) == [(1, 1), (1, 2), (2, 1), (2, 3)]
    (note,) = t.notes
    assert (note.code, note.value) == ("pgn_round_assigned", 2)


def test_dates_latest_is_the_end() -> None:
    pgn = game("A", "B", "1-0", Round="1", Date="2026.09.07", EventDate="2026.09.06") \
        + game("A", "C", "1-0", Round="2", Date="2026.09.14") + game("B", "C", "1-0", Round="3", Date="2026.??.??")
    t = read_pgn(pgn)
    assert (t.start, t.end) == (date(2026, 9, 6), date(2026, 9, 14))


def test_same_player_in_other_spellings_and_tag_conflicts() -> None:
    pgn = game("Müller, Jörg", "B", "1-0", Round="1", WhiteElo="1800") + game("B", "Müller,Jörg", "1-0", Round="2",
                                                                              BlackElo="1850")
    t = read_pgn(pgn)
    assert len(t.players) == 2 and t.player(1).elo == 1800
    assert [n.code for n in t.notes] == ["pgn_tag_conflict"]


def test_encodings() -> None:
    pgn = game("Müller, Jörg", "Weiß, Anna", "1-0")
    for data in (pgn.encode("utf-8"), pgn.encode("latin-1"), b"\xef\xbb\xbf" + pgn.encode("utf-8")):
        assert [p.name for p in read_pgn(data).players] == ["Müller, Jörg", "Weiß, Anna"]


def test_illegal_moves_do_not_matter() -> None:
    t = read_pgn(game("A", "B", "0-1", "1. e5 Ke7 2. Qxx9"))
    assert t.pairings[0].played


def test_games_without_players_and_files_without_games() -> None:
    t = read_pgn(game("A", "?", "1-0", Round="1") + game("A", "B", "1-0", Round="1"))
    assert [n.code for n in t.notes] == ["pgn_players_missing"] and len(t.pairings) == 1
    for text in ("", "no pgn here", game("?", "?", "1-0")):
        with pytest.raises(InputError) as e:
            read_pgn(text)
        assert [p.code for p in e.value.problems] == ["pgn_no_games"]


def test_contradiction_from_the_model_names_the_game() -> None:
    first = game("A", "B", "1-0", Round="1")
    with pytest.raises(InputError) as e:
        read_pgn(first + game("A", "C", "1-0", Round="1"), name="x.pgn")
    assert [(p.code, p.field) for p in e.value.problems] == [("paired_twice", f"x.pgn:{first.count(chr(10)) + 1}")]
