"""Time controls as files and users write them → :class:`TimeControl` (periods in seconds).

Two notations (formats.md §1.3, §5.3):

* **free text**, minutes and seconds — TRF record 122 (``40/120, 60``), the DSB XML's
  ``<timecontrol>``, ``--time-control`` and the web form (``90+30``, ``90 min + 30 s``,
  ``90'+30''``, ``40 Züge in 2 Std., dann 30 Min. + 30 Sek./Zug``), a lichess name
  (``5 Plus 0``): a bare number is minutes, an increment seconds;
* **encoded**, seconds — TRF-2026 record 222 and the PGN tag ``TimeControl``
  (``5400+30``, ``40/6000+30:900+30``): :func:`parse_time_control` with ``encoded=True``;
  :func:`free_text` writes it in the free notation, which the model keeps
  (:attr:`dwz.basics.model.Tournament.time_control`).

Periods are separated by ``,`` ``;`` ``:`` or "dann"/"then"; a period is
``[moves/]time[+increment]``.  Whether a time control is long enough for a DWZ
evaluation is the rule's business (:func:`dwz.rules.common.time_control_shortfall`);
this module only reads.

>>> tc = parse_time_control("40/120, 60")
>>> [(p.moves, p.base, p.increment) for p in tc.periods]
[(40, 7200, 0), (None, 3600, 0)]
>>> [(p.moves, p.base, p.increment) for p in parse_time_control("40/6000+30:900+30", encoded=True).periods]
[(40, 6000, 30), (None, 900, 30)]
>>> free_text("40/6000+30:900+30"), parse_time_control("Blitz")
('40/100+30, 15+30', None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dwz.i18n import fmt_num, text

__all__ = ["Period", "TimeControl", "free_text", "parse_time_control", "time_control_in_name"]

MAX_TEXT = 120  # a time control is a short text; longer is no time control
MAX_PERIODS = 4
MAX_BASE_MINUTES = 600  # one period of more than ten hours: a mistyped unit, not a time control
MAX_INCREMENT = 300  # seconds per move
MAX_MOVES = 200


@dataclass(frozen=True, slots=True)
class Period:
    """One period: ``base`` seconds for ``moves`` moves (``None``: the rest of the game), plus
    ``increment`` seconds per move."""

    moves: int | None
    base: int
    increment: int = 0


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time control: its periods, and the text it was read from."""

    periods: tuple[Period, ...]
    text: str

    def as_rule_input(self) -> tuple[tuple[int | None, int, int], ...]:
        """The periods as :func:`dwz.rules.common.time_control_shortfall` takes them."""
        return tuple((p.moves, p.base, p.increment) for p in self.periods)

    def describe(self, lang: str = "de") -> str:
        """The time control in words: "40 Züge in 100 Min. + 30 Sek./Zug, dann 15 Min. + 30 Sek./Zug".

        >>> parse_time_control("40/6000+30:900+30", encoded=True).describe("de")
        '40 Züge in 100 Min. + 30 Sek./Zug, dann 15 Min. + 30 Sek./Zug'
        >>> parse_time_control("90+30").describe("en")
        '90 min + 30 s/move'
        """
        parts = []
        for p in self.periods:
            time = minutes_text(p.base, lang)
            if p.increment:
                time = text("tc.increment", lang, time=time, inc=fmt_num(p.increment, "g", lang))
            parts.append(text("tc.moves", lang, moves=p.moves, time=time) if p.moves and len(self.periods) > 1 else time)
        return text("tc.then", lang).join(parts)


def minutes_text(seconds: float, lang: str = "de") -> str:
    """Seconds as minutes in words ("75 Min.", "7,5 min")."""
    return text("tc.minutes", lang, n=fmt_num(round(seconds / 60, 1), "g", lang))


_UNITS = (
    (re.compile(r"''|\"|″|\bsekunden\b|\bsekunde\b|\bsek\b\.?|\bsec\b\.?|\bseconds?\b|\bsecs\b|\bs\b"), " s "),
    (re.compile(r"'|′|\bminuten\b|\bminute\b|\bmin\b\.?|\bmins\b|\bm\b"), " m "),
    (re.compile(r"\bstunden\b|\bstunde\b|\bstd\b\.?|\bhours?\b|\bh\b"), " h "),
    (re.compile(r"\bzügen\b|\bzüge\b|\bzuege\b|\bzug\b|\bmoves?\b"), " z "),
)
_PER_MOVE = re.compile(r"\s*(?:\bpro\b|\bje\b|\bper\b|/)\s*z\b")
_FILLER = re.compile(r"\b(?:für den rest|für den rest der partie|for the rest|rest der partie|bis zum ende|to finish|"
                     r"inkrement|increment|bonus|zuschlag|zeitzuschlag|fischer|bedenkzeit|time control)\b")
_THEN = re.compile(r"\b(?:dann|danach|then|followed by|anschließend)\b")
_IN = re.compile(r"\s*z?\s*\bin\b\s*")
_PERIOD = re.compile(r"^(?:([0-9]{1,3})\s*z?\s*/\s*)?([0-9]+(?:[.,][0-9]+)?)\s*([hms]?)"
                     r"(?:\s*\+\s*([0-9]+(?:[.,][0-9]+)?)\s*([ms]?))?$")
_ENCODED = re.compile(r"^(?:[0-9]+/)?[0-9]+(?:\+[0-9]+)?(?::(?:[0-9]+/)?[0-9]+(?:\+[0-9]+)?)*$")


def parse_time_control(raw: str | None, *, encoded: bool = False) -> TimeControl | None:
    """The time control of ``raw``, or ``None`` when it cannot be read (blank, a word such as
    "Blitz", a unit that makes it implausible).  ``encoded``: the PGN/TRF-2026 notation, whose
    numbers are seconds (``5400+30``); else the free notation (minutes, increments in seconds)."""
    if raw is None or not raw.strip() or len(raw) > MAX_TEXT:
        return None
    s = raw.strip()
    if encoded:
        return _encoded(s)
    s = s.lower().replace("plus", "+").replace("½", ".5")
    for pattern, unit in _UNITS:
        s = pattern.sub(unit, s)
    s = _PER_MOVE.sub("", s)
    s = _FILLER.sub(" ", s)
    s = _THEN.sub(",", s)
    s = _IN.sub("/", s)
    s = re.sub(r"([0-9]),([0-9]+)(?=\s*[hm]\b)", r"\1.\2", s)  # "1,5 Std." is one number; "40/120, 60" two periods
    pieces = [x.strip(" .") for x in re.split(r"[,;:]", s)]
    periods: list[Period] = []
    for piece in pieces:
        if not piece:
            continue
        m = _PERIOD.match(re.sub(r"\s+", " ", piece))
        if m is None:
            return None
        moves = int(m.group(1)) if m.group(1) else None
        base = _seconds(m.group(2), m.group(3) or "m")
        inc = _seconds(m.group(4), m.group(5) or "s") if m.group(4) else 0
        if base is None or inc is None or base > MAX_BASE_MINUTES * 60 or inc > MAX_INCREMENT or (moves or 0) > MAX_MOVES:
            return None
        periods.append(Period(moves, base, inc))
    if not periods or len(periods) > MAX_PERIODS:
        return None
    return TimeControl(tuple(periods), raw.strip())


def _seconds(number: str, unit: str) -> int | None:
    try:
        value = float(number.replace(",", "."))
    except ValueError:
        return None
    return round(value * {"h": 3600, "m": 60, "s": 1}[unit])


def _encoded(s: str) -> TimeControl | None:
    if not _ENCODED.match(s):
        return None
    periods = []
    for piece in s.split(":"):
        moves_text, _, rest = piece.rpartition("/")
        base_text, _, inc_text = rest.partition("+")
        moves, base, inc = (int(moves_text) if moves_text else None), int(base_text), int(inc_text or 0)
        if base > MAX_BASE_MINUTES * 60 or inc > MAX_INCREMENT or (moves or 0) > MAX_MOVES:
            return None
        periods.append(Period(moves, base, inc))
    return TimeControl(tuple(periods), s) if 0 < len(periods) <= MAX_PERIODS else None


def free_text(encoded: str) -> str:
    """An encoded time control (seconds: ``40/6000+30:900+30``) in the free notation the model
    keeps (minutes: ``40/100+30, 15+30``); unreadable text is returned as it is."""
    tc = parse_time_control(encoded, encoded=True)
    if tc is None:
        return encoded.strip()
    out = []
    for p in tc.periods:
        minutes = p.base / 60
        piece = (f"{p.moves}/" if p.moves else "") + (f"{minutes:g}")
        out.append(piece + (f"+{p.increment}" if p.increment else ""))
    return ", ".join(out)


_NAME_SPEED = re.compile(r"(?<![0-9])([0-9]{1,3}(?:[.,][0-9])?)\s*(?:\+|\bplus\b)\s*([0-9]{1,3})(?![0-9])", re.IGNORECASE)


def time_control_in_name(name: str) -> str | None:
    """The time control a lichess tournament carries in its name ("Mai 5 Plus 0 Turnier" →
    "5 Plus 0": 5 minutes + 0 seconds), if it has one."""
    m = _NAME_SPEED.search(name or "")
    return m.group(0) if m else None
