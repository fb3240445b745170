"""Terminal layout of the pre-upload check (``dwz check``, and its section in ``dwz tournament``).

Plain lines fitted to the terminal's width — no table padding, no trailing blanks —
with colours only on a terminal (click strips them elsewhere).  Translates only.
"""

from __future__ import annotations

from typing import Any

from dwz.cli.layout import echo

__all__ = ["check_lines", "print_check"]


def _width() -> int:
    from dwz.cli.layout import width

    return width()


def _wrap(text_: str, width: int, indent: int, hang: int = 0) -> list[str]:
    import textwrap

    return textwrap.wrap(text_, width=width, initial_indent=" " * indent, subsequent_indent=" " * (indent + hang),
                         break_long_words=False, break_on_hyphens=False) or [""]


def _wrap_pieces(pieces: list[str], width: int) -> list[str]:
    """Pieces joined by " · ", a line break only between pieces (a piece longer than a line is wrapped)."""
    lines: list[str] = []
    for piece in (x for x in pieces if x):
        if lines and len(lines[-1]) + 3 + len(piece) <= width:
            lines[-1] += " · " + piece
        else:
            lines.extend(_wrap(piece, width, 0))
    return lines


def _columns(labels: list[str], width: int, indent: int) -> list[str]:
    """Labels in as many columns as fit, filled column by column (like ``ls``)."""
    col = max(len(x) for x in labels) + 3
    ncols = max(1, min(len(labels), (width - indent + 3) // col))
    nrows = -(-len(labels) // ncols)
    rows = []
    for r in range(nrows):
        cells = [labels[c * nrows + r] for c in range(ncols) if c * nrows + r < len(labels)]
        rows.append(" " * indent + "".join(x.ljust(col) for x in cells[:-1]) + cells[-1])
    return rows


def check_lines(report: Any, lang: str, *, width: int | None = None, section: bool = False,
                player: int | None = None, player_label: str | None = None) -> list[tuple[str, str | None]]:
    """The report as terminal lines ``(text, style)``: a header, the findings grouped by
    severity and kind — each kind with its rule, the players or lines, and the fix — and
    the summary.  ``section``: as a part of ``dwz tournament``'s output (no header);
    ``player``: his findings only (``player_label``: his number and name), and a line that
    says so and how many findings are hidden.  Lines never exceed ``width`` unless a word does."""
    from dwz.core.editions import label
    from dwz.i18n import fmt_date, text
    from dwz.reports.wording import Count

    w = width or _width()
    out: list[tuple[str, str | None]] = []
    hidden = 0
    if player is not None:  # his findings only, and the summary of those — said to be filtered
        from dataclasses import replace

        shown = tuple(f for f in report.findings if f.player == player)
        hidden = len(report.findings) - len(shown)
        report = replace(report, findings=shown)

    def add(lines: list[str], style: str | None = None) -> None:
        out.extend((line, style) for line in lines)

    def list_lines() -> None:
        for li in report.lists:
            if li.problems:
                continue
            add(_wrap(li.line(report, lang), w, 0))  # its date (and why), the scale of its DWZ where it matters
        if not any(li.kind == "dsb" for li in report.lists):
            add(_wrap(text("check.no_list", lang), w, 0), "dim")

    groups = report.groups()
    if section:
        add([""])
        add(_wrap(f"{text('check.heading', lang)}: {report.summary(lang)}", w, 0), "bold")
        if player is None:
            list_lines()
        else:
            add(_wrap(text("cli.check_filtered", lang, player=player_label or str(player), hidden=Count(hidden, "finding").text(lang)),
                       w, 0, 2), "dim")
    else:
        add(_wrap(f"{text('check.heading', lang)}: {report.name or report.source or ''}", w, 0), "bold")
        if report.name is None and report.count("error"):
            add(_wrap(" · ".join(x for x in (report.source, text("check.unreadable", lang)) if x), w, 0))
        else:
            meta = text("check.meta", lang, end=fmt_date(report.end, lang) if report.end else "–",
                        rules=label(report.rules, lang) if report.rules else "–", players=Count(report.players, "player").text(lang))
            add(_wrap_pieces([report.source or "", *meta.split(" · ")], w))
            list_lines()
    if not groups:
        if not section:
            add([""])
            add(_wrap(text("check.clean", lang), w, 0), "green")
        return out
    current = None
    for severity, _kind, findings in groups:
        if severity != current:
            current = severity
            add(["", text(f"check.section.{severity}", lang)], severity)
        first = findings[0]
        players = {f.player for f in findings if f.player is not None}
        head = first.title(lang) + (f" ({Count(len(players), 'player').text(lang)})" if len(players) > 1 else "")
        add(_wrap(f"{head} · {first.rule_in(lang)}", w, 2, 2), "bold")
        # Each distinct fix once, after the findings it belongs to (file problems may have their own).
        fixes = list(dict.fromkeys(f.fix(lang) for f in findings))
        messages = [f.message(lang) for f in findings]
        if players and len(set(messages)) == 1 and len(players) == len(findings) > 1:
            # The same finding for many players: say it once, then the players in columns.
            add(_wrap(messages[0] + ":", w, 4, 2))
            nw = max(len(str(f.player)) for f in findings)
            add(_columns([f"{f.player:>{nw}}. {f.name}" for f in findings], w, 4))
        else:
            from dwz.reports.findings import condense

            whos = [f.who(lang) for f in findings]
            col = min(max(len(x) for x in whos), max(12, w // 3))

            for part in condense(findings):
                head = part.head(lang)
                if head is None:
                    add(_finding_rows(list(part.shown), lang, w, col, 4))
                    continue
                # A problem repeated many times (a cut-off file): its count, the first examples, the rest counted.
                add(_wrap(head, w, 4, 2))
                add(_finding_rows(list(part.shown), lang, w, col, 6))
                if part.more:
                    add(_wrap(text("cli.summary_more", lang, n=part.more), w, 6, 2))
        for fix in fixes:
            add(_wrap("→ " + fix, w, 4, 2), "dim" if severity == "note" else None)
    if not section:
        add([""])
        add(_wrap(text("check.result", lang, summary=report.summary(lang)), w, 0), "bold")
    return out


def _finding_rows(items: list[Any], lang: str, w: int, col: int, indent: int) -> list[str]:
    """Findings as "who  message" lines: the player or place in a column of ``col``, said once
    for consecutive findings of the same one, the message wrapped beside it."""
    out: list[str] = []
    last = None
    for f in items:
        who, body = f.who(lang), f.message(lang)
        if col == 0:  # nobody and no place to name: the message alone
            out += _wrap(body, w, indent, 2)
            continue
        label = "" if who == last else who
        last = who
        if len(label) > col:  # a long name gets its own line
            out.append(" " * indent + label)
            label = ""
        lines = _wrap(body, w - col - indent - 2, 0)
        out += [" " * indent + label.ljust(col) + "  " + lines[0].lstrip(), *(" " * (col + indent + 2) + x for x in lines[1:])]
    return out


_STYLES: dict[str, dict[str, Any]] = {
    "bold": {"bold": True}, "dim": {"dim": True}, "green": {"fg": "green", "bold": True},
    "error": {"fg": "red", "bold": True}, "warning": {"fg": "yellow", "bold": True}, "note": {"fg": "cyan", "bold": True},
}


def print_check(report: Any, lang: str, *, section: bool = False, player: int | None = None, width: int | None = None,
                player_label: str | None = None) -> None:
    """:func:`check_lines` on the terminal (colours only on a terminal; click strips them elsewhere)."""
    for line, style in check_lines(report, lang, width=width, section=section, player=player, player_label=player_label):
        echo(line, **(_STYLES[style] if style else {}))
