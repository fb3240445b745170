"""Swiss-Chess "SWI" / DeWIS text export → :class:`~dwz.basics.model.Tournament`.

The file German rating officers received for DWZ evaluation for 15+ years
(formats.md §5.1).  One entry point, :func:`read_swi`.

* CP850 by default; UTF-8 is detected (a file that decodes as UTF-8 is UTF-8), and so is
  a file saved as Windows-1252 — by the letters it gives in the names (:mod:`dwz.formats.encoding`);
* the magic line `` ttt. rrr nnn…`` identifies the format; player lines start
  with a space and end at ``###``; the footer gives ``Name:`` and ``Datum(E):``;
* ``Player.no`` is the line number ``ttt`` — opponents are referenced by it;
* a round block is result (``1 0 R + -``), colour (``W B :``) and opponent;
  blank blocks and CLM's ``  :  0`` mean "not played"; more blocks than the
  header's rounds are read as further rounds (double rounds), with a note;
* both sides of every game are cross-checked as in :mod:`dwz.formats.trf`.

>>> head = " ttt. rrr nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv lll ffffffffff pppppppppp gggggggg eeee dddd  zzzzz mmmm"
>>> def row(no, name, dwz, zps, mgl, rounds):
...     return f" {no:>3}. {no:>3} {name:<32} {'':<32} {'':<3} {'':>10} {'':>10} {'':<8} {'':>4} {dwz:>4}  {zps:<5} {mgl:>4} " + rounds
>>> text = "\\n".join(["Klubturnier", "", "ER   2  1  1", head,
...     row(1, "Alpha, Anna", 1650, "C0512", 7, " 1W  2"), row(2, "Beta, Berta", 1500, "", "", " 0B  1"),
...     "###", "Name:       Klubturnier 2026", "Datum(S):   01.09.2026           Datum(E):   14.09.2026"])
>>> t = read_swi(text)
>>> [(p.no, p.name, p.rating, p.zps, p.member_no) for p in t.players]
[(1, 'Alpha, Anna', 1650, 'C0512', '7'), (2, 'Beta, Berta', 1500, None, None)]
>>> [(g.white, g.black, g.result_white.code, g.result_black.code) for g in t.pairings], t.end
([(1, 2, '1', '0')], datetime.date(2026, 9, 14))
"""

from __future__ import annotations

import re
from datetime import date

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.model import Player, Tournament
from dwz.basics.values import Result
from dwz.formats._common import (
    Source,
    decode,
    digits,
    finish,
    header_date,
    int_or_none,
    load,
    problem,
    read_lines,
    year_from,
)
from dwz.formats._pairing import Side, build_pairings

__all__ = ["MAGIC", "read_swi"]

MAGIC = re.compile(r"^\s*ttt\.\s+rrr\s+n+")
_KIND = re.compile(r"^\s*([A-Za-z]{2})\s+([0-9]{1,5})\s+([0-9]{1,4})\s+([0-9]{1,3})(?![0-9])")
_RESULTS = {
    "1": Result.WIN, "0": Result.LOSS, "R": Result.DRAW, "r": Result.DRAW, "½": Result.DRAW,
    "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS,
}
_NO_OPPONENT = {
    Result.FORFEIT_WIN: Result.BYE_FULL, Result.FORFEIT_LOSS: Result.BYE_ZERO,
    Result.WIN: Result.BYE_FULL, Result.DRAW: Result.BYE_HALF, Result.LOSS: Result.BYE_ZERO,
}
_COLOURS = {"W": "w", "w": "w", "B": "b", "b": "b", ":": None, " ": None}


def read_swi(source: Source, *, name: str | None = None, strict: bool = False) -> Tournament:
    """Read an SWI export (path, bytes or text) into a :class:`Tournament`.

    ``name`` and ``strict`` as in :func:`dwz.formats.trf.read_trf`.
    """
    data, fname = load(source, name)
    notes = Problems(cap=MAX_NOTES)
    # CP850 (Swiss-Chess, a DOS heritage) by default; a file saved as Windows-1252 is found by its letters (issue 22 §2)
    text = decode(data, ("utf-8", "cp850", "cp1252"), fname, notes, default="cp850")
    lines = read_lines(text, fname)
    magic = next((i for i, line in enumerate(lines) if MAGIC.match(line)), None)
    if magic is None:
        raise InputError([problem(fname, None, "swi_magic_missing", lines[0] if lines else "")])
    errors = Problems()
    # Line 1 is the name (the footer's "Name:" wins), line 3 "ES  12  7  1": kind, players, rounds, cycles.
    title = lines[0].strip() if magic > 0 and not _KIND.match(lines[0]) else ""
    declared_players = header_rounds = None
    cycles, kind_line = 1, 1
    for n, line in enumerate(lines[:magic], 1):
        if m := _KIND.match(line):
            declared_players, header_rounds, cycles = int(m.group(2)), int(m.group(3)), max(int(m.group(4)), 1)
            kind_line = n
            break

    players: dict[int, Player] = {}
    sides: list[Side] = []
    footer_at = len(lines)
    skipped: list[int] = []
    for i in range(magic + 1, len(lines)):
        line = lines[i]
        if line.startswith("###"):
            footer_at = i
            break
        if not line.strip():
            continue
        if not line.startswith(" "):
            skipped.append(i + 1)
            continue
        player = _player(line, i + 1, fname, errors, notes, sides)
        if player is None:
            continue
        if player.no in players:
            errors.append(problem(fname, i + 1, "player_duplicate", player.no, name=player.name, other=players[player.no].name))
        else:
            players[player.no] = player
    if skipped:
        notes.append(problem(fname, skipped[0], "record_skipped", lines[skipped[0] - 1], count=len(skipped)))
    if not players:
        raise InputError(errors or [problem(fname, magic + 2, "players_missing", "")])

    def build() -> Tournament:
        nonlocal players, title
        footer = _footer(lines[footer_at + 1:], footer_at + 2)
        if "Name" in footer and footer["Name"][1]:
            title = footer["Name"][1]
        start = _date(footer.get("Datum(S)"), fname, notes)
        end = _date(footer.get("Datum(E)"), fname, notes)
        players = {no: (p.with_(birth_year=_fix_century(p.birth_year, end)) if p.birth_year and p.birth_year < 100 else p)
                   for no, p in players.items()}
        sides.sort(key=lambda s: (s.round, s.line))
        pairings, pair_notes = build_pairings(sides, players, fname, strict=strict, declared_players=declared_players)
        notes.extend(pair_notes)
        blocks = max((s.round for s in sides), default=0)
        expected = (header_rounds or 0) * cycles
        if header_rounds is not None and blocks > expected:
            notes.append(problem(fname, kind_line, "swi_extra_blocks", blocks, rounds=header_rounds, cycles=cycles))
        return Tournament(
            name=title, end=end, players=tuple(players.values()), pairings=tuple(pairings),
            rounds=max(blocks, expected), start=start, source=fname, notes=tuple(capped(notes, MAX_NOTES)),
        )

    # every problem of the file at once: its lines', the cross-check's and the tournament's
    return finish(errors, build)


def _player(line: str, i: int, fname: str, errors: list[Problem], notes: list[Problem], sides: list[Side]) -> Player | None:
    no = digits(line[:4])
    if not no:
        errors.append(problem(fname, i, "player_no_invalid", line[:5], expected="ttt. (cols 2–4)"))
        return None
    values: dict[str, int | None] = {}
    for key, (a, b), label in (("elo", (111, 115), "Elo (eeee)"), ("rating", (116, 120), "DWZ (dddd)")):
        try:
            values[key] = int_or_none(line[a:b])
        except ValueError:
            errors.append(problem(fname, i, "number_invalid", line[a:b], column=label))
    fide_text = line[80:90]
    fide_id = None
    if fide_text.strip():
        fide_no = digits(fide_text)
        if fide_no is not None:
            fide_id = str(fide_no) if fide_no else None
        else:
            notes.append(problem(fname, i, "fide_id_invalid", fide_text.strip()))
    birth = _birth(line[102:110], i, fname, notes)
    pkz = line[91:101].strip()
    zps = line[122:127].strip()
    member = line[128:132].strip()
    k = 0
    while 134 + 6 * k < len(line):
        side = _block(line[133 + 6 * k: 139 + 6 * k].ljust(6), k + 1, no, i, fname, errors, notes)
        if side is not None:
            sides.append(side)
        k += 1
    return Player(
        no=no, name=line[10:42].strip(), rating=values.get("rating"), elo=values.get("elo"), birth_year=birth,
        club=line[43:75].strip() or None, zps=zps or None, member_no=(member if member.strip("0") else None),
        dsb_id=(pkz if pkz.strip("0") else None), fide_id=fide_id, federation=line[76:79].strip() or None,
        source=f"{fname}:{i}",
    )


def _block(block: str, rnd: int, no: int, i: int, fname: str, errors: list[Problem], notes: list[Problem]) -> Side | None:
    res_text, colour_text, opp_text = block[1], block[2], block[3:6]
    if colour_text not in _COLOURS:
        errors.append(problem(fname, i, "colour_code_unknown", colour_text, round=rnd, expected="W, B, :"))
        return None
    opponent = None
    if opp_text.strip(" "):  # only blanks are "no opponent"; a control character is no digit
        opp_no = digits(opp_text)
        if opp_no is None:
            errors.append(problem(fname, i, "opponent_no_invalid", opp_text, round=rnd))
            return None
        opponent = opp_no or None
    if res_text == " ":
        if opponent is None:
            return None  # not played: blank block or CLM's "  :  0"
        errors.append(problem(fname, i, "result_code_unknown", res_text, round=rnd, expected="1, 0, R, +, -"))
        return None
    result = _RESULTS.get(res_text)
    if result is None:
        errors.append(problem(fname, i, "result_code_unknown", res_text, round=rnd, expected="1, 0, R, +, -"))
        return None
    text = block.strip()
    if opponent is None:
        bye = _NO_OPPONENT[result]
        if not result.is_forfeit:
            notes.append(problem(fname, i, "bye_code_mapped", text, round=rnd, result=bye.code))
        return Side(rnd, no, None, None, bye, i, text)
    return Side(rnd, no, opponent, _COLOURS[colour_text], result, i, text)


def _birth(text: str, i: int, fname: str, notes: list[Problem]) -> int | None:
    # 4 digits = year, 6 = DDMMYY, 8 = DDMMYYYY (formats.md §5.1).
    s = text.strip(" ")
    if not s or set(s) <= {"0"}:
        return None
    if digits(s) is not None:
        if len(s) == 4:
            return int(s)
        if len(s) == 6:
            return int(s[4:])  # two digits; the century is fixed once the end date is known
        if len(s) == 8:
            return int(s[4:])
    try:
        return year_from(s)
    except ValueError:
        notes.append(problem(fname, i, "birth_date_unreadable", s))
        return None


def _fix_century(yy: int | None, end: date | None) -> int | None:
    if yy is None:
        return None
    ref = (end or date.today()).year
    year = 2000 + yy
    return year if year <= ref else year - 100


_FOOTER = {
    "Name": re.compile(r"^\s*Name:[ \t]*(.*?)\s*$"),
    "Datum(S)": re.compile(r"Datum\(S\):[ \t]*([0-9][0-9./ -]*[0-9])"),
    "Datum(E)": re.compile(r"Datum\(E\):[ \t]*([0-9][0-9./ -]*[0-9])"),
}


def _footer(lines: list[str], first: int) -> dict[str, tuple[int, str]]:
    # Only the fields DeWIS reads: the name from "Name:", the end from "Datum(E):" (§5.1).
    out: dict[str, tuple[int, str]] = {}
    for n, line in enumerate(lines, first):
        for key, rx in _FOOTER.items():
            m = rx.search(line)
            if m and key not in out:
                out[key] = (n, m.group(1).strip())
    return out


def _date(entry: tuple[int, str] | None, fname: str, notes: list[Problem]) -> date | None:
    return None if entry is None else header_date(entry[1], fname, entry[0], notes)
