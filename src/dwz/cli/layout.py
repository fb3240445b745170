"""Plain-text layout for the terminal: the width to use, wrapping with indentation, and
tables that fit it — without rich, so that every line is exactly what is printed.

* :func:`width`: the terminal's columns (``COLUMNS`` first, then the terminal itself); a
  pipe or a file gets :data:`PIPE_WIDTH`.
* :func:`wrap`: a paragraph wrapped to the width, continuation lines indented.
* :func:`table`: columns by priority — a column that does not fit is left out (and
  named below the table), never cut; a column marked ``below`` (remarks) goes under
  its row, indented, when the line has no room for it; numbers are never truncated.
  Empty columns are left out, no line ends in spaces.
* :func:`pairs`: label/value lines with the values aligned and wrapped under each other.
* :func:`echo`: the one way text reaches the terminal — control characters of names and
  file contents escaped (:func:`dwz.basics.parsing.visible`) before any style is added.

Translates nothing and knows no rating: the renderers pass it the cells as text.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Column", "PIPE_WIDTH", "Table", "cell_width", "echo", "pairs", "table", "width", "wrap"]

PIPE_WIDTH = 120  # output into a pipe or a file: wide enough for every column of the tournament table
MIN_WIDTH, MAX_WIDTH = 40, 240


def width(stream: object | None = None) -> int:
    """Columns to fill: ``COLUMNS`` if set (also for a pipe), else the terminal's, else
    :data:`PIPE_WIDTH`; kept within 40 … 240."""
    from dwz.basics.parsing import digits

    env = digits(os.environ.get("COLUMNS", ""), 6)  # ASCII digits only, and few: COLUMNS=9…9 (5,000 digits) is no width
    if env is not None:
        return max(MIN_WIDTH, min(env, MAX_WIDTH))
    out: Any = stream if stream is not None else sys.stdout
    try:
        if out.isatty():
            return max(MIN_WIDTH, min(shutil.get_terminal_size((PIPE_WIDTH, 24)).columns, MAX_WIDTH))
    except (AttributeError, ValueError, OSError):  # a closed or replaced stream
        pass
    return PIPE_WIDTH


def echo(text: str = "", *, err: bool = False, **style: Any) -> None:
    """Print one line (or lines) to stdout (``err``: stderr), in ``style`` (``bold=True``,
    ``fg="yellow"`` …: :func:`click.style`, dropped where the output is no terminal).

    Every command prints through here, so a name like ``"\x1b]0;PWNED\x07"`` from a file shows
    as that text instead of retitling the terminal: the text is made :func:`visible` first, the
    style's own escape sequences are added after.
    """
    import click

    from dwz.basics.parsing import visible

    line = visible(text)
    click.echo(click.style(line, **style) if style and line else line, err=err)


def cell_width(s: str) -> int:
    """Columns a text takes on the terminal (wide East Asian characters count 2, combining marks 0,
    a control character the width of the escape :func:`echo` prints for it)."""
    if s.isascii() and s.isprintable():
        return len(s)
    from dwz.basics.parsing import visible

    n = 0
    for c in s:
        if not c.isprintable():
            n += len(visible(c))
        elif not unicodedata.combining(c):
            n += 2 if unicodedata.east_asian_width(c) in "WF" else 1
    return n


def _pad(s: str, w: int, align: str) -> str:
    gap = w - cell_width(s)
    if gap <= 0:
        return s
    return " " * gap + s if align == "right" else s + " " * gap


def wrap(text: str, total: int, indent: int = 0, hang: int = 2, first: str | None = None) -> list[str]:
    """``text`` wrapped to ``total`` columns: the first line indented by ``indent`` (or starting
    with ``first``), the following ones by ``indent + hang``.  Words are never split (a path
    longer than the line stays whole)."""
    lead = " " * indent if first is None else first
    lines = textwrap.wrap(text, width=max(total, len(lead) + 10), initial_indent=lead,
                          subsequent_indent=" " * (indent + hang), break_long_words=False, break_on_hyphens=False)
    return [line.rstrip() for line in lines] or [lead.rstrip()]


def pairs(rows: Sequence[tuple[str, str]], total: int, indent: int = 0) -> list[str]:
    """Label/value lines: labels in one column, values after them, a long value wrapped under itself."""
    rows = [(k, v) for k, v in rows]
    if not rows:
        return []
    lw = max(cell_width(k) for k, _ in rows)
    out: list[str] = []
    for k, v in rows:
        lead = " " * indent + _pad(k, lw, "left") + "  "
        out += wrap(v, total, indent=len(lead), hang=0, first=lead) if v else [lead.rstrip()]
    return out


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its title, alignment, and how it yields when the line is short —
    ``priority`` 0 is always shown, a higher one is left out first; ``below``: a text
    column that moves under its row instead; ``flex``: the one column (names) that may
    wrap within itself when nothing else can give way."""

    title: str
    align: str = "right"
    priority: int = 0
    below: bool = False
    flex: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """A laid-out table: its lines (``head``: titles and rule; ``rows``: the lines of each
    row), and the titles of the columns left out for lack of room."""

    head: list[str]
    rows: list[list[str]]
    hidden: list[str]

    @property
    def lines(self) -> list[str]:
        return [*self.head, *(line for r in self.rows for line in r)]


GAP = 2  # spaces between columns


def table(columns: Sequence[Column], rows: Sequence[Sequence[str]], total: int, indent: int = 0, wrap_before: int = 2) -> Table:
    """Lay out ``rows`` (one text per column) within ``total`` columns.

    Columns whose cells are all empty are dropped.  If the line is too long, a ``below``
    column moves under its rows first, then columns leave by descending priority; the
    ``flex`` column wraps at its words rather than lose a column of priority ``wrap_before``
    or less (it leaves columns above that first).  Every kept cell is shown whole.
    """
    # an empty table (no players, a team without rows) keeps its titles: a head and no rows, never a crash
    keep = [i for i, c in enumerate(columns) if any(r[i].strip() for r in rows)] if rows else list(range(len(columns)))
    natural = {i: max([cell_width(columns[i].title), *(cell_width(r[i]) for r in rows)]) for i in keep}

    def line_width(cols: list[int]) -> int:
        return indent + sum(natural[i] for i in cols) + GAP * max(len(cols) - 1, 0)

    inline = [i for i in keep if not columns[i].below]
    below = [i for i in keep if columns[i].below]
    # A "below" column stays in the row when the row has room for it (at a readable width).
    inline_below = [i for i in below if line_width([*inline, i]) <= total]
    hidden: list[int] = []
    cols = [i for i in keep if i in inline or i in inline_below]
    flex_col = next((i for i in keep if columns[i].flex), None)
    # the room a flexible column (names) gives by wrapping at its words, down to 12 columns
    slack = 0 if flex_col is None else max(0, natural[flex_col] - max(12, max(
        (cell_width(w) for r in rows for w in r[flex_col].split()), default=1)))
    while line_width(cols) > total:
        next_out = max((columns[i].priority for i in cols), default=0)
        if flex_col in cols and line_width(cols) - slack <= total and next_out <= wrap_before \
                and not any(columns[i].below for i in cols):
            break  # wrapping the names is enough
        movable = [i for i in cols if columns[i].below]
        if movable:
            cols.remove(movable[-1])
            continue
        droppable = [i for i in cols if columns[i].priority > 0]
        if not droppable:
            break
        worst = max(droppable, key=lambda i: (columns[i].priority, i))
        cols.remove(worst)
        hidden.append(worst)
    under = [i for i in below if i not in cols]
    widths = dict(natural)
    flex = next((i for i in cols if columns[i].flex), None)
    if flex is not None and line_width(cols) > total:
        longest_word = max((cell_width(w) for r in rows for w in r[flex].split()), default=1)
        widths[flex] = max(8, min(longest_word, natural[flex]), natural[flex] - (line_width(cols) - total))

    def render(cells: Sequence[str]) -> list[str]:
        parts: list[list[str]] = []
        for i in cols:
            text = cells[i]
            if i == flex and cell_width(text) > widths[i]:
                parts.append(textwrap.wrap(text, widths[i], break_on_hyphens=False) or [""])
            else:
                parts.append([text])
        height = max((len(p) for p in parts), default=0)
        lines = []
        for k in range(height):
            cells_k = [_pad(p[k] if k < len(p) else "", widths[i], columns[i].align) for p, i in zip(parts, cols, strict=True)]
            lines.append((" " * indent + (" " * GAP).join(cells_k)).rstrip())
        return lines

    head = render([c.title for c in columns])
    titled = cols[: max((k + 1 for k, i in enumerate(cols) if columns[i].title), default=len(cols))]  # a marker column has no rule
    used = indent + sum(widths[i] for i in titled) + GAP * max(len(titled) - 1, 0)
    head.append((" " * indent + "─" * (used - indent)).rstrip())
    # The first column (the number) introduces the row's text below it.
    lead = indent + (widths[cols[0]] + GAP if cols else 0)
    body = []
    for r in rows:
        lines = render(r)
        for i in under:
            if r[i].strip():
                lines += wrap(r[i], total, indent=lead, hang=2)
        body.append(lines)
    return Table(head, body, [columns[i].title for i in sorted(hidden)])
