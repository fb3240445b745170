"""Column-exact TRF and SWI lines for hand-written test files (no expected numbers here)."""

from __future__ import annotations

from collections.abc import Sequence

Block = tuple[object, str, str]  # (opponent or "0000"/"", colour, code)


def trf_player(no: int, name: str, *, sex: str = "m", title: str = "", elo: object = "", fed: str = "",
               fide_id: object = "", birth: str = "", points: str = "0.0", rank: object = "",
               blocks: Sequence[Block] = ()) -> str:
    """A TRF16 001 line (formats.md §1.4)."""
    line = f"001 {no:>4} {sex:1}{title:>3} {name:<33} {elo!s:>4} {fed:>3} {fide_id!s:>11} {birth:<10} {points:>4} {rank!s:>4}  "
    assert len(line) == 91, len(line)
    return line + "  ".join(f"{opp!s:>4} {colour:1} {code:1}" for opp, colour, code in blocks)


def trf(*lines: str, header: Sequence[str] = ("012 Test", "052 2026/09/14")) -> str:
    return "\n".join([*header, *lines]) + "\n"


SWI_MAGIC = (" ttt. rrr nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv lll ffffffffff pppppppppp "
             "gggggggg eeee dddd  zzzzz mmmm")


def swi_player(no: int, name: str, *, club: str = "", nation: str = "", fide_id: object = "", pkz: object = "",
               birth: object = "", elo: object = "", dwz: object = "", zps: str = "", member: object = "",
               blocks: Sequence[str] = ()) -> str:
    """An SWI player line (formats.md §5.1); blocks are 5 characters: result, colour, opponent(3)."""
    line = (f" {no:>3}. {no:>3} {name:<32} {club:<32} {nation:<3} {fide_id!s:>10} {pkz!s:>10} {birth!s:<8} "
            f"{elo!s:>4} {dwz!s:>4}  {zps:<5} {member!s:>4}")
    assert len(line) == 132, len(line)
    return line + " " + "".join(" " + b for b in blocks) if blocks else line


def swi(*players: str, kind: str = "ES", rounds: int = 1, footer: Sequence[str] = ("###", "Name:       Test",
        "Datum(S):   01.09.2026           Datum(E):   14.09.2026")) -> str:
    return "\r\n".join(["Test", "", f"{kind}  {len(players)}  {rounds}  1", SWI_MAGIC, *players, *footer]) + "\r\n"
