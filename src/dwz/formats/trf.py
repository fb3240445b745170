"""FIDE Tournament Report File (TRF16, TRF-2026, TRF(x)) → :class:`~dwz.basics.model.Tournament`.

One entry point, :func:`read_trf`.  The reader is tolerant exactly where real
files deviate (formats.md §1.2–§1.7) and strict where a file contradicts itself:

* text is decoded first (UTF-8, else Windows-1252 or CP850, whichever gives letters in
  the names — :mod:`dwz.formats.encoding`, said in a note when not Windows-1252), then
  sliced by *character* columns; CRLF, LF and CR all end a line;
* unknown record types are skipped (one note per type); CLM's ``XCR``/``XCZ``/
  ``XCC`` lines and TRF-2026 national records (``172 GER NRO`` + ``GER`` lines)
  carry DWZ, ZPS/member number, club and nu-ID;
* every game is written in both players' lines; both sides are joined into one
  :class:`~dwz.basics.model.Pairing` and cross-checked.  Contradictions raise an
  :class:`~dwz.basics.errors.InputError` naming file, line, round and players.  A
  side whose counter-line is missing (a cut-off file) is dropped with a note
  unless ``strict=True``.

>>> text = '''012 Vereinsturnier
... 052 2026/09/14
... 001    1 m    Alpha, Anna                       2010 GER     4600001 1990/01/01  1.5    1     2 w 1     3 b =
... 001    2 w    Beta, Berta                       1850 GER     4600002 1985        0.5    2     1 b 0  0000 - H
... 001    3 m    Gamma, Gert                                            1970        1.5    3  0000 - U     1 w =
... XCR    2 1795 1850 1850
... '''
>>> t = read_trf(text, name="verein.trf")
>>> [(p.no, p.name, p.elo, p.rating) for p in t.players]
[(1, 'Alpha, Anna', 2010, None), (2, 'Beta, Berta', 1850, 1795), (3, 'Gamma, Gert', None, None)]
>>> [(g.round, g.white, g.black, g.result_white.code) for g in t.pairings]
[(1, 1, 2, '1'), (1, 3, None, 'U'), (2, 3, 1, '½'), (2, 2, None, 'H')]
>>> t.end, t.rounds
(datetime.date(2026, 9, 14), 2)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from dwz.basics.errors import MAX_NOTES, InputError, Problem, Problems, capped
from dwz.basics.model import Player, Tournament
from dwz.basics.values import Result
from dwz.formats._common import (
    MAX_LINE,
    Source,
    decode,
    digits,
    finish,
    header_date,
    int_or_none,
    load,
    norm_sex,
    norm_title,
    parse_date,
    problem,
    read_lines,
    split_lines,
    year_from,
)
from dwz.formats._pairing import Side, build_pairings

__all__ = ["read_trf", "round_dates_trf"]

# Result codes (§1.4), case-insensitive; blank = Z.
_CODES = {
    "1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS, "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS,
    "W": Result.SHORT_WIN, "D": Result.SHORT_DRAW, "L": Result.SHORT_LOSS,
    "H": Result.BYE_HALF, "F": Result.BYE_FULL, "U": Result.BYE_PAIRING, "Z": Result.BYE_ZERO, " ": Result.BYE_ZERO,
}
_EXPECTED_CODES = "1, =, 0, +, -, W, D, L, H, F, U, Z"
# Without an opponent (§1.7): "+" is a full-point bye, "-" an absence; game
# results are read as the bye of the same value, with a note.
_NO_OPPONENT = {
    Result.FORFEIT_WIN: Result.BYE_FULL, Result.FORFEIT_LOSS: Result.BYE_ZERO,
    Result.WIN: Result.BYE_FULL, Result.DRAW: Result.BYE_HALF, Result.LOSS: Result.BYE_ZERO,
    Result.SHORT_WIN: Result.BYE_FULL, Result.SHORT_DRAW: Result.BYE_HALF, Result.SHORT_LOSS: Result.BYE_ZERO,
}
_HEADER = {"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "222"}
# Records read elsewhere or irrelevant for rating (§1.3, §1.6): skipped without a note.
_KNOWN = _HEADER | {
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299", "300", "310", "320",
    "330", "352", "362", "801", "802", "XXR", "XXC", "XXZ", "XXS", "XXA", "XXP", "BBW", "BBD", "BBL", "BBZ", "BBF",
    "BBU", "XCR", "XCZ", "XCC", "XCE", "XCP", "XCT", "XCA", "XCF", "XCL", "XCM", "XCS", "FFF", "###",
}
_SCORING = ("XXS", "162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")


@dataclass(slots=True)
class _Draft:
    """A player being assembled from his 001 line and the extension records."""

    no: int
    line: int
    name: str
    sex: str | None
    title: str | None
    elo: int | None
    federation: str | None
    fide_id: str | None
    birth_year: int | None
    points: str
    sides: list[Side] = field(default_factory=list)
    rating: int | None = None
    rating_from: str | None = None
    club: str | None = None
    zps: str | None = None
    member_no: str | None = None
    dsb_id: str | None = None


def read_trf(source: Source, *, name: str | None = None, strict: bool = False) -> Tournament:
    """Read a TRF file (path, bytes or text) into a :class:`Tournament`.

    ``name`` is the file name used in messages (default: the path's name or
    "input").  With ``strict=True`` a game found in only one player's line is
    an error instead of a dropped half-game with a note.
    """
    data, fname = load(source, name)
    notes = Problems(cap=MAX_NOTES)
    text = decode(data, ("utf-8", "cp1252", "cp850", "latin-1"), fname, notes, default="cp1252")
    lines = read_lines(text, fname)
    errors = Problems()
    headers: dict[str, tuple[int, str]] = {}
    rounds_declared = 0
    feds: dict[str, str] = {}
    drafts: dict[int, _Draft] = {}
    order: list[_Draft] = []
    extensions: list[tuple[int, str]] = []
    skipped: Counter[str] = Counter()
    skipped_first: dict[str, int] = {}
    custom_scoring = False
    round_dates: list[date] = []

    for line in lines:
        code = line[:3]
        if code == "172":
            fed = line[4:7].strip().upper()
            if fed:
                feds[fed] = line[8:13].strip().upper()
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        code = line[:3]
        if code == "001":
            d = _player(line, i, fname, errors, notes)
            if d is not None:
                if d.no in drafts:
                    errors.append(problem(fname, i, "player_duplicate", d.no, name=d.name, other=drafts[d.no].name))
                else:
                    drafts[d.no] = d
                    order.append(d)
        elif code in _HEADER:
            headers.setdefault(code, (i, line[4:].strip()))
            if code == "132":
                round_dates.extend(_round_dates(line).values())
        elif code in ("XXR", "142"):
            n = line[4:].split()
            declared_rounds = digits(n[0], 4) if n else None
            if declared_rounds is not None:
                rounds_declared = max(rounds_declared, declared_rounds)
        elif code in ("XCR", "XCZ", "XCC") or (code.upper() in feds and code.isalpha()):
            extensions.append((i, line))
        elif code in _KNOWN or line.startswith("###"):
            custom_scoring = custom_scoring or code in _SCORING
        else:
            skipped[code] += 1
            skipped_first.setdefault(code, i)
    if not drafts:
        raise InputError(errors or [problem(fname, None, "players_missing", "001")])

    for code, count in skipped.items():
        notes.append(problem(fname, skipped_first[code], "record_skipped", code, count=count))
    _extensions(extensions, drafts, feds, fname, errors, notes)

    def build() -> Tournament:
        declared = None
        if "062" in headers:
            n = headers["062"][1].split()
            declared = digits(n[0], 6) if n else None
            if declared is not None and declared > len(drafts):
                notes.append(problem(fname, headers["062"][0], "file_incomplete", len(drafts), declared=declared))
        players = {d.no: _to_player(d, fname) for d in order}
        sides = [s for d in order for s in d.sides]
        sides.sort(key=lambda s: (s.round, s.line))
        pairings, pair_notes = build_pairings(sides, players, fname, strict=strict, declared_players=declared)
        notes.extend(pair_notes)
        if not custom_scoring:
            notes.extend(_check_points(order, fname))
        start = _header_date(headers, "042", fname, notes)
        end = _header_date(headers, "052", fname, notes)
        if end is None and round_dates:
            end = max(round_dates)
        rounds = max([rounds_declared, *(s.round for s in sides)])
        time_control = _time_control(headers)
        return Tournament(
            name=headers.get("012", (0, ""))[1],
            end=end,
            players=tuple(players[d.no] for d in order),
            pairings=tuple(pairings),
            rounds=rounds,
            start=start,
            source=fname,
            notes=tuple(capped(notes, MAX_NOTES)),
            time_control=time_control,
        )

    # every problem of the file at once: its lines', the cross-check's and the tournament's
    return finish(errors, build)


def _time_control(headers: dict[str, tuple[int, str]]) -> str | None:
    """TRF-2026's encoded record 222 (seconds, written in the free notation), else the free
    text of 122; a lichess export has neither but often names its speed ("Mai 5 Plus 0")."""
    from dwz.formats.timecontrol import free_text, time_control_in_name

    if headers.get("222", (0, ""))[1]:
        return free_text(headers["222"][1])
    if headers.get("122", (0, ""))[1]:
        return headers["122"][1]
    site = " ".join(headers.get(code, (0, ""))[1] for code in ("022", "032", "102")).lower()
    if "lichess" in site:  # the check says that it was read from the name
        return time_control_in_name(headers.get("012", (0, ""))[1])
    return None


def _player(line: str, i: int, fname: str, errors: list[Problem], notes: list[Problem]) -> _Draft | None:
    no_text = line[4:8]
    no = digits(no_text)
    if not no:
        errors.append(problem(fname, i, "player_no_invalid", no_text, expected="1–9999 (cols 5–8)"))
        return None
    elo_text = line[48:52]
    try:
        elo = int_or_none(elo_text)
    except ValueError:
        errors.append(problem(fname, i, "number_invalid", elo_text, column="Elo (cols 49–52)"))
        elo = None
    fide_text = line[57:68]
    fide_id: str | None = None
    if fide_text.strip():
        fide_no = digits(fide_text)
        if fide_no is not None:
            fide_id = str(fide_no) if fide_no else None
        else:
            notes.append(problem(fname, i, "fide_id_invalid", fide_text.strip()))
    try:
        birth = year_from(line[69:79])
    except ValueError:
        notes.append(problem(fname, i, "birth_date_unreadable", line[69:79].strip()))
        birth = None
    d = _Draft(
        no=no, line=i, name=line[14:47].strip(), sex=norm_sex(line[9:10]), title=norm_title(line[10:13]),
        elo=elo, federation=line[53:56].strip() or None, fide_id=fide_id, birth_year=birth, points=line[80:84].strip(),
    )
    k = 0
    while 91 + 10 * k < len(line):
        block = line[91 + 10 * k: 99 + 10 * k].ljust(8)
        side = _block(block, k + 1, d, i, fname, errors, notes)
        if side is not None:
            d.sides.append(side)
        k += 1
    return d


def _block(block: str, rnd: int, d: _Draft, i: int, fname: str, errors: list[Problem], notes: list[Problem]) -> Side | None:
    if not block.strip():
        return None  # not paired in this round
    col = 92 + 10 * (rnd - 1)
    if block[4] != " " or block[6] != " ":
        errors.append(problem(fname, i, "trf_record_invalid", block, expected=f"'nnnn c r' (cols {col}–{col + 7})", round=rnd))
        return None
    opp_text, colour_text, code_text = block[0:4], block[5], block[7]
    opponent: int | None = None
    if opp_text.strip(" "):  # only blanks are "no opponent"; a control character is no digit
        opp_no = digits(opp_text)
        if opp_no is None:
            errors.append(problem(fname, i, "opponent_no_invalid", opp_text, round=rnd))
            return None
        opponent = opp_no or None
    colour = {"w": "w", "b": "b", "-": None, " ": None}.get(colour_text.lower(), "?")
    if colour == "?":
        errors.append(problem(fname, i, "colour_code_unknown", colour_text, round=rnd, expected="w, b, -"))
        return None
    result = _CODES.get(code_text.upper())
    if result is None:
        errors.append(problem(fname, i, "result_code_unknown", code_text, round=rnd, expected=_EXPECTED_CODES))
        return None
    text = block.strip()
    if opponent is not None and code_text == " ":
        # Paired, no result yet (a file exported for pairing the next round).
        notes.append(problem(fname, i, "game_unfinished", text, round=rnd, opponent=opponent))
        return None
    if opponent is None:
        bye = _NO_OPPONENT.get(result, result)
        if result in (Result.WIN, Result.DRAW, Result.LOSS, Result.SHORT_WIN, Result.SHORT_DRAW, Result.SHORT_LOSS):
            notes.append(problem(fname, i, "bye_code_mapped", text, round=rnd, result=bye.code))
        return Side(rnd, d.no, None, None, bye, i, text)
    if result.is_bye:
        # A bye code next to an opponent number: the code wins (no game was played).
        notes.append(problem(fname, i, "bye_with_opponent", text, round=rnd, opponent=opponent))
        return Side(rnd, d.no, None, None, result, i, text)
    return Side(rnd, d.no, opponent, colour, result, i, text)


def _extensions(
    records: list[tuple[int, str]], drafts: dict[int, _Draft], feds: dict[str, str], fname: str,
    errors: list[Problem], notes: list[Problem],
) -> None:
    ignored_feds: set[str] = set()
    for i, line in records:
        code = line[:3]
        if code == "XCR":
            parsed = _xcr(line)
            if parsed is None:
                errors.append(problem(fname, i, "trf_record_invalid", line, expected="XCR snr dwz elo twz"))
                continue
            no, dwz, elo, has_elo = parsed
            d = drafts.get(no)
            if d is None:
                notes.append(problem(fname, i, "trf_record_orphan", no, record=code))
                continue
            if has_elo:
                # CLM writes its TWZ into cols 49–52 when it adds XCR lines
                # (§1.4, §1.6): the Elo of XCR is the real one.
                d.elo = elo
            _set_rating(d, dwz, "XCR", i, fname, notes)
        elif code in ("XCZ", "XCC"):
            rest = line[3:].split(None, 1)
            snr = digits(rest[0], 4) if rest else None
            if snr is None:
                errors.append(problem(fname, i, "trf_record_invalid", line, expected=f"{code} snr …"))
                continue
            no = snr
            value = rest[1].strip() if len(rest) > 1 else ""
            d = drafts.get(no)
            if d is None:
                notes.append(problem(fname, i, "trf_record_orphan", no, record=code))
                continue
            if code == "XCC":
                d.club = value or None
                continue
            zps, sep, member = value.partition("-")
            if not sep or len(zps.strip()) != 5 or digits(member, 6) is None:
                errors.append(problem(fname, i, "trf_record_invalid", line, expected="XCZ snr ZPS-MglNr (C0512-135)"))
                continue
            d.zps, d.member_no = zps.strip().upper(), member.strip()
        else:
            # TRF-2026 national record (§1.5): layout of 001 cols 5–79.
            fed = code.upper()
            national_no = digits(line[4:8])
            if national_no is None:
                errors.append(problem(fname, i, "player_no_invalid", line[4:8], expected="1–9999 (cols 5–8)"))
                continue
            d = drafts.get(national_no)
            if d is None:
                notes.append(problem(fname, i, "trf_record_orphan", national_no, record=fed))
                continue
            if fed != "GER":
                if fed not in ignored_feds:
                    ignored_feds.add(fed)
                    notes.append(problem(fname, i, "trf_national_ignored", fed, mode=feds.get(fed, "")))
                continue
            try:
                rating = int_or_none(line[48:52])
            except ValueError:
                errors.append(problem(fname, i, "number_invalid", line[48:52], column="DWZ (cols 49–52)"))
                continue
            national_id = line[57:68].strip()
            if national_id and national_id != "0":
                d.dsb_id = national_id
            _set_rating(d, rating, fed, i, fname, notes)


def _xcr(line: str) -> tuple[int, int | None, int | None, bool] | None:
    """(snr, DWZ, Elo, whether the line has an Elo column at all)."""
    # CLM: "XCR " + %4s snr + " " + %4d dwz + " " + %4s elo + " " + %4s twz;
    # fixed columns first (a blank Elo keeps its place), whitespace tokens second.
    fields = [line[4:8], line[9:13], line[14:18]]
    seps_blank = not (line[8:9] + line[13:14] + line[18:19]).strip(" ")
    values = [digits(f) if f.strip(" ") else 0 for f in fields]
    if seps_blank and values[0] and all(v is not None for v in values):
        has_elo = len(line.rstrip()) > 13
        return values[0] or 0, values[1] or None, values[2] or None, has_elo
    tokens = [digits(t, 6) for t in re.split(r"[ \t]+", line[3:]) if t]  # blanks separate; a control character does not
    if 2 <= len(tokens) <= 4 and all(t is not None for t in tokens):
        numbers = [t or 0 for t in tokens]
        return numbers[0], numbers[1] or None, (numbers[2] if len(numbers) > 2 else 0) or None, len(numbers) > 2
    return None


def _set_rating(d: _Draft, rating: int | None, origin: str, line: int, fname: str, notes: list[Problem]) -> None:
    if rating is None:
        return
    if d.rating is not None and d.rating != rating:
        # A national record (TRF-2026) is the official carrier; it beats CLM's XCR.
        keep_new = origin != "XCR"
        notes.append(problem(fname, line, "trf_rating_conflict", rating, player=d.name, other=d.rating,
                             used=rating if keep_new else d.rating))
        if not keep_new:
            return
    d.rating, d.rating_from = rating, origin


def _to_player(d: _Draft, fname: str) -> Player:
    return Player(
        no=d.no, name=d.name, rating=d.rating, elo=d.elo, birth_year=d.birth_year, club=d.club, zps=d.zps,
        member_no=d.member_no, dsb_id=d.dsb_id, fide_id=d.fide_id, sex=d.sex, title=d.title, federation=d.federation,
        source=f"{fname}:{d.line}",
    )


def _check_points(order: list[_Draft], fname: str) -> list[Problem]:
    # bbpPairings and JaVaFo check cols 81–84 against the rounds (§1.4); with
    # the default 1/½/0 scoring a mismatch hints at a misread line.
    notes = []
    for d in order:
        m = _POINTS.match(d.points)
        if not m:
            continue
        declared = 2 * int(m.group(1)) + (1 if m.group(2) == "5" else 0)
        halves = sum(s.result.halves for s in d.sides)
        if halves != declared:
            notes.append(problem(fname, d.line, "points_mismatch", d.points, player=f"{d.no} {d.name}", computed=_halves(halves)))
    return notes


_POINTS = re.compile(r"^([0-9]{1,4})(?:[.,]([05])0?)?$")


def _halves(h: int) -> str:
    return f"{h // 2}.5" if h % 2 else f"{h // 2}.0"


def _header_date(headers: dict[str, tuple[int, str]], code: str, fname: str, notes: list[Problem]) -> date | None:
    if code not in headers:
        return None
    line, text = headers[code]
    return header_date(text, fname, line, notes)


def _round_dates(line: str) -> dict[int, date]:
    """Round → date of a record 132: round r at cols 92+10(r−1)…99+10(r−1), YY/MM/DD (formats.md §1.3);
    a round without a readable date is left out.  The one reader of the record (:func:`read_trf`'s end,
    :func:`round_dates_trf`); at most a line's worth of columns (``MAX_LINE``, what every TRF line may hold)."""
    out: dict[int, date] = {}
    for k in range((min(len(line), MAX_LINE) - 82) // 10):  # columns starting before the line's end
        try:
            d = parse_date(line[91 + 10 * k: 99 + 10 * k])
        except (ValueError, OverflowError):
            d = None
        if d is not None:
            out[k + 1] = d
    return out


def round_dates_trf(data: bytes | str) -> dict[int, date]:
    """Round → date from a TRF's (first) record 132 (:func:`_round_dates`), for the check's
    dates of the rounds.  Empty for anything else."""
    text_ = data if isinstance(data, str) else data.decode("utf-8", errors="replace")
    return next((_round_dates(line) for line in split_lines(text_) if line.startswith("132")), {})
