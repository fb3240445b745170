"""The pre-upload check ("Prüfbericht"): what the DSB portal would reject or a
rating officer would query, found before the file is uploaded.

One entry point, :func:`check_tournament`.  It takes what the readers, the list
matching and the evaluation produced — or the problems of a file that could not
be read — and returns an immutable :class:`CheckReport` of :class:`Finding` s.
It computes no rating: who stays unrated and why comes from the evaluation's
players (status and reasons), list matches from :func:`dwz.formats.lists.enrich`'s
:class:`~dwz.formats.lists.MatchReport`.  Renderers (terminal, JSON, HTML, web)
only translate the findings.

Every finding has a severity — ``error``: the portal would reject the file or the
evaluation is wrong; ``warning``: a rating officer would query it; ``note`` — the
player (number and name) or the place in the file, what is wrong, the rule or
format section, and the fix.  ``exit_code`` is 2 with errors, 1 with warnings,
else 0.

>>> from datetime import date
>>> from dwz.basics.model import Pairing, Player, Tournament
>>> from dwz.basics.values import Result as R
>>> t = Tournament("Blitz", date(2025, 9, 14), (Player(1, "Alpha, Anna", 1650, 12, birth_year=1990, dsb_id="10001234"),
...                Player(2, "Beta, Bernd", 1500, 20, zps="C0512", member_no="7")), (Pairing(1, 1, 2, R.WIN, R.LOSS),),
...                time_control="90+30")
>>> r = check_tournament(t)
>>> [(f.severity, f.kind, f.player) for f in r.findings], r.exit_code
([('error', 'birth_year_missing', 2)], 2)
>>> r.summary("de"), r.summary("en")
('1 Fehler, keine Warnungen, keine Hinweise', '1 error, no warnings, no notes')
>>> r.findings[0].fix("en")
'Add the birth year to the tournament file, or give the DWZ list with --list: the DSB XML 2.5 requires it (dobYear).'

The fixes are worded for where the user acts (``surface``): ``"cli"`` names the command's
options (``--list``, ``--end``), ``"web"`` the upload page's fields — a catalog entry
``check.<kind>.fix.web`` where the wording differs:

>>> r.findings[0].fix("en", "web")
'Add the birth year to the tournament file, or upload the DWZ list above: the DSB XML 2.5 requires it (dobYear).'

Here: the entry and the findings on the file, the games, the evaluation's players and the doubts
that change its numbers.  By subject beside it: :mod:`~dwz.reports.check_dates` (end date, round
dates, time control), :mod:`~dwz.reports.check_players` (identity, duplicates, birth years),
:mod:`~dwz.reports.check_lists` (the DSB and FIDE lists); :mod:`~dwz.reports.upload` (what the upload
files themselves lack).  The values they make: :mod:`~dwz.reports.findings` (:class:`Finding`,
:class:`CheckReport`, the rules of each kind, the refusal), said by :mod:`~dwz.reports.wording`.
What the check reads: :mod:`dwz.reports.inputs`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from types import MappingProxyType

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Tournament, empty_problems
from dwz.basics.values import INDEX_IMPLAUSIBLE
from dwz.core.tournament_records import TournamentEvaluation
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.fide_list import FideEntry
from dwz.formats.lists import MatchReport
from dwz.i18n import fmt_rating
from dwz.reports.check_dates import _dates, _time_control
from dwz.reports.check_lists import _list_findings
from dwz.reports.check_players import _NO_FEDERATION, _birth_years, _duplicates, _identifiable, _unidentified
from dwz.reports.findings import MAX_LISTED, RULES, SEVERITIES, CheckReport, Finding, ListInfo, Severity, _f, _label
from dwz.reports.upload import file_findings
from dwz.reports.wording import Count

__all__ = ["check_tournament"]


_ORDER = {k: i for i, k in enumerate(RULES)}

# Remarks of the readers (Tournament.notes) that stop nothing: how much each matters
# for the upload.  Unknown codes are warnings — nothing is dropped silently.
_NOTE_SEVERITY: dict[str, Severity] = {
    "record_skipped": "note", "bye_code_mapped": "note", "trf_national_ignored": "note", "swi_extra_blocks": "note",
    "csv_column_unknown": "note", "encoding_detected": "note", "encoding_doubtful": "warning",
}


def check_tournament(
    tournament: Tournament | None,
    *,
    problems: Iterable[Problem] = (),
    notes: Iterable[Problem] | None = None,
    evaluation: TournamentEvaluation | None = None,
    evaluation_problems: Iterable[Problem] = (),
    dsb: Sequence[DsbEntry | FideEntry] | None = None,
    match: MatchReport | None = None,
    lists: Sequence[ListInfo] = (),
    end: date | None = None,
    round_dates: Mapping[int, date] | None = None,
    today: date | None = None,
    source: str | None = None,
    source_format: str | None = None,
    time_control: str | None = None,
    scale: str | None = None,
    elo_as_dwz: bool = False,
) -> CheckReport:
    """Check a tournament before its upload to the DSB portal.

    ``tournament``: as the readers gave it and the lists completed it (``None``
    when the file could not be read — then ``problems`` are the reader's, each
    an error).  ``notes``: the readers' remarks (default ``tournament.notes``)
    and others such as unmatched Restpartien.  ``evaluation``: the evaluation
    of this tournament (its players' status and reasons say who stays unrated),
    or the ``evaluation_problems`` that stopped it.  ``dsb``: the DSB list's
    entries, for the closest names of players it lacks; ``match``: what
    :func:`~dwz.formats.lists.enrich` found; ``lists``: the lists used, with
    their dates.  ``end``: the end date the user gave (``--end``), if any;
    ``round_dates``: the date of each round where the file has them.  ``source_format``: the
    file's format (a DSB XML 2.5 carries no DWZ: without the DSB list it cannot be evaluated as
    the portal will); ``time_control``: the one the user gave (``--time-control``), else the file's.
    ``scale``: what the user said of the scale of the file's DWZ (``--scale``; else the evaluation's
    options); ``elo_as_dwz``: the user said that a file without any DWZ is to be rated on its Elo.
    """
    src = source or (tournament.source if tournament is not None else None)
    problems = list(problems)
    # A self-pairing is also "paired twice" for the model's validation: one fact, said once.
    selves = {(p.field, p.value) for p in problems if p.code == "self_pairing"}
    out: list[Finding] = [_file_finding(p, "error", src) for p in problems
                          if not (p.code == "paired_twice" and (p.field, p.params.get("no")) in selves)]
    for li in lists:
        out += [Finding("error", "list_unreadable", where=p.field, problem=p) for p in li.problems]
        if li.given_as is not None and li.given_as != li.kind and not li.problems:
            # a FIDE list given with --list (or a DSB list with --fide-list): used as what it is, and said so
            out.append(Finding("warning", "list_swapped", variant=li.given_as, values=(("file", li.name),)))
    for p in tournament.notes if notes is None and tournament is not None else (notes or ()):
        out.append(_file_finding(p, _NOTE_SEVERITY.get(p.code, "warning"), src))
    eff_end = end or (evaluation.end if evaluation is not None else None) or (tournament.end if tournament else None)
    for p in evaluation_problems:
        if p.code != "end_missing":  # reported below, in the user's words
            out.append(_file_finding(p, "error", src))
    matched: dict[str, int] = {}
    if tournament is not None:
        day = today or date.today()
        empty = empty_problems(tournament)
        out += [Finding("error", "tournament_empty", variant=p.code.rsplit("_", 1)[-1],
                        values=(("players", Count(len(tournament.players), "player")),)) for p in empty]
        if source_format == "dsb-xml" and not dsb and tournament.players:
            out.append(Finding("error", "ratings_not_in_file", values=(("players", Count(len(tournament.players), "player")),)))
        if not empty:  # an empty file has nothing more to say
            out += _time_control(tournament, time_control, eff_end or day)
        out += _dates(tournament, end, eff_end, round_dates or {}, day)
        out += _repeated_pairs(tournament)
        out += _missing_games(tournament)
        out += _duplicates(tournament.players)
        out += _unidentified(tournament.players)
        out += _birth_years(tournament.players, match, (eff_end or day).year)
        rules_used = evaluation.rules if evaluation is not None else None
        if match is not None:
            converted = {pe.player.no for pe in evaluation.players if any(c.own for c in pe.conversions)} if evaluation else set()
            out += _list_findings(tournament, match, dsb, lists, eff_end, converted, rules_used)
            for m in match.matched:
                matched[m.list] = matched.get(m.list, 0) + 1
        out += _players(tournament, evaluation)
        out += _scale_unsaid(tournament, evaluation, match, lists, round_dates or {}, scale)
        if not dsb and source_format != "dsb-xml" and not elo_as_dwz:  # a DSB XML without the list: ratings_not_in_file
            out += _no_dwz(tournament, evaluation)
    if tournament is not None:
        # what the upload files themselves lack beyond what a finding above says (reports.upload: one judgment)
        out += file_findings(tournament if tournament.end or eff_end is None else tournament.with_(end=eff_end), out)
    # A fix never asks for a list the check already had (the value is then missing from it too).
    had = {li.kind for li in lists if not li.problems} | ({"dsb"} if dsb else set())
    out = [replace(f, given=_LIST_FIXES[f.kind]) if _LIST_FIXES.get(f.kind) in had else f for f in out]
    out.sort(key=_sort_key)
    from dwz.rules import edition_for

    rules = evaluation.rules if evaluation is not None else (edition_for(eff_end) if eff_end else None)
    return CheckReport(src, tournament.name if tournament is not None else None, eff_end, rules,
                       len(tournament.players) if tournament is not None else 0, tuple(lists), MappingProxyType(matched),
                       tuple(out))


def _sort_key(f: Finding) -> tuple[int, int, int, int, tuple[tuple[int, str], ...]]:
    line = f.line if f.line is not None else 1 << 30
    # "games[2]" before "games[10]": numbers in a place compare as numbers
    where = tuple((int(part), "") if part.isascii() and part.isdigit() else (0, part) for part in re.split(r"([0-9]+)", f.where or "") if part)
    return (SEVERITIES.index(f.severity), _ORDER.get(f.kind, len(_ORDER)), f.player or f.round or 0, line, where)


def _file_finding(p: Problem, severity: Severity, src: str | None) -> Finding:
    where: str | None = p.field
    if src and where and where.startswith(src + ":"):
        where = where[len(src) + 1:]
    elif src and where == src:  # the file as a whole: the report's head names it already
        where = None
    return Finding(severity, "file", where=where, problem=p)


# The findings whose fix names a rating list, and which list ("dsb": --list, "fide": --fide-list).
_LIST_FIXES = {"birth_year_missing": "dsb", "player_unidentified": "dsb", "dwz_old_scale": "dsb", "index_missing": "dsb", "old_scale_rating": "dsb",
               "elo_unverified": "fide"}


# --- the games -------------------------------------------------------------------------------------


def _repeated_pairs(t: Tournament) -> list[Finding]:
    """The same two players more than once in one round: a double round (Swiss-Chess's extra blocks)
    or a game entered twice — every game counts (WO 3.3.2), so a rating officer would ask."""
    seen: dict[tuple[int, int, int], int] = {}
    for g in t.pairings:
        if g.black is not None and g.white != g.black:
            key = (g.round, min(g.white, g.black), max(g.white, g.black))
            seen[key] = seen.get(key, 0) + 1
    names = {p.no: p.name for p in t.players}
    return [Finding("warning", "same_pair_twice", round=rnd,
                    values=(("round", rnd), ("white", names.get(a, str(a))), ("black", names.get(b, str(b))), ("games", Count(n, "game"))))
            for (rnd, a, b), n in sorted(seen.items()) if n > 1]


def _missing_games(t: Tournament) -> list[Finding]:
    """Players with neither a game nor a bye in a round that others played: beyond the one bye an
    odd field needs, a game may be missing from the file (every game played counts, WO 3.3.2) —
    a note naming the round and the players.  A player who withdrew is named too: the note asks.
    Not for a team competition: a team's substitutes sit out by design (its line-up says who played)."""
    if t.teams:
        return []
    played: dict[int, set[int]] = {}
    for g in t.pairings:
        seen = played.setdefault(g.round, set())
        seen.add(g.white)
        if g.black is not None:
            seen.add(g.black)
    everyone = list(t.players)
    spare = len(everyone) % 2  # the one bye of an odd field
    out: list[Finding] = []
    for rnd in sorted(played):
        idle = [p for p in everyone if p.no not in played[rnd]]
        if len(idle) > spare:
            out.append(Finding("note", "round_incomplete", round=rnd, values=(
                ("round", rnd), ("count", Count(len(idle), "player")), ("players", ", ".join(_label(p) for p in idle[:MAX_LISTED])
                                                                        + (" …" if len(idle) > MAX_LISTED else "")))))
    return out


# --- players from the evaluation --------------------------------------------------------------------


def _players(t: Tournament, ev: TournamentEvaluation | None) -> list[Finding]:
    out: list[Finding] = []
    if not t.rated:
        out.append(Finding("warning", "not_rated", where=t.source, values=(("name", t.name),)))
    foreign: set[int] = set()
    for p in t.players:
        if p.computer:
            continue
        fed = (p.federation or "").strip().upper()
        if fed not in _NO_FEDERATION and not p.fide_id:
            foreign.add(p.no)
            if p.rating is None or _identifiable(p):  # else player_unidentified says it, with the FIDE-ID as a fix
                out.append(_f("warning", "foreign_no_fide_id", p, federation=fed))
        if not p.member:
            out.append(_f("note", "non_member", p))
    if ev is None:
        out += [_f("warning", "index_missing", p, rating=p.rating) for p in t.players
                if p.rating is not None and p.index is None and not p.computer]
        out += [_f("warning", "index_implausible", p, index=p.index, limit=INDEX_IMPLAUSIBLE, rating=fmt_rating(p.rating, p.index))
                for p in t.players if p.index is not None and p.index > INDEX_IMPLAUSIBLE and not p.computer]
        return out
    for pe in ev.players:
        p = pe.player
        # the 2026 scale (spec dwz-2026 §6): a DWZ it cannot hold makes the evaluation wrong; a conversion is said
        for w in pe.warnings:
            if w.code == "player_old_scale":
                out.append(_f("error", "old_scale_rating", p, rating=w.value, converted=w.params.get("converted")))
        for c in pe.conversions:
            if c.own:
                out.append(_f("note", "scale_converted", p, old=fmt_rating(c.old, c.old_index), new=fmt_rating(c.new, c.new_index)))
        rest = [c for c in pe.conversions if not c.own]
        if rest:
            out.append(_f("note", "restpartien_converted", p, n=Count(len(rest), "game"),
                          values=", ".join(f"{c.old} → {c.new}" for c in rest[:5]) + (" …" if len(rest) > 5 else "")))
        if pe.status == "established" and pe.old_index is None and pe.n:
            out.append(_f("warning", "index_missing", p, rating=pe.old_rating))
        elif pe.old_index is not None and pe.old_index > INDEX_IMPLAUSIBLE:  # as dwz rate warns (spec: 103–106 the largest seen)
            out.append(_f("warning", "index_implausible", p, index=pe.old_index, limit=INDEX_IMPLAUSIBLE,
                          rating=fmt_rating(pe.old_rating, pe.old_index)))
        elif pe.status == "foreign" and not p.fide_id and p.no not in foreign:
            out.append(_f("warning", "elo_unverified", p, elo=pe.old_rating))
        elif pe.status in ("unrated", "no_games") and pe.old_rating is None and t.rated:
            stored = len(pe.restpartien_out)
            out.append(_f("note", "stays_unrated", p, "stored" if stored else None, reasons=pe.reasons,
                          stored=Count(stored, "game"), n=Count(pe.n, "game")))
    return out


# --- doubts that change the evaluation's numbers ----------------------------------------------------


def _scale_unsaid(t: Tournament, ev: TournamentEvaluation | None, match: MatchReport | None, lists: Sequence[ListInfo],
                  round_dates: Mapping[int, date], scale: str | None) -> list[Finding]:
    """A tournament rated on the new scale that began before the Umstufung 2026 (spec dwz-2026 §1, §6):
    its file's DWZ were typically entered at the start — on the old scale — or updated since.  When
    nothing says which (no ``--scale``, no scale in the file or at the players, no dated DSB list to
    compare them with) and the two readings give different numbers, that is an error naming both
    (the evaluation on the other reading is the engine's, run once more with ``scale="old"``)."""
    from dwz.core.tournament import evaluate_tournament
    from dwz.rules import get_edition, transition

    if ev is None or not t.rated or get_edition(ev.rules).SCALE != "new" or (scale or ev.options.scale or t.scale) is not None:
        return []
    switch = transition("old", "new").at
    if ev.end < switch:  # a tournament of before the switch with the 2026 rules forced (--rules): no season tournament
        return []
    days = [d for d in (t.start, *round_dates.values()) if d is not None]
    start = min(days) if days else None
    if start is None or start >= switch:
        return []
    if any(w.code == "player_old_scale" for pe in ev.players for w in pe.warnings):
        return []  # a DWZ below 1100 says which (old_scale_rating, with the fix): no second message on the same values
    if any(li.kind == "dsb" and not li.problems and li.scale is not None for li in lists):
        return []  # a dated DSB list: each DWZ of the file is held against it (dwz_old_scale, dwz_differs)
    from_list = {f.player for f in match.filled if f.field == "rating"} if match is not None else set()
    unsaid = [p for p in t.players if p.rating and p.scale is None and not p.computer and p.no not in from_list]
    if not unsaid:
        return []
    try:
        alt = evaluate_tournament(ev.tournament, end=ev.end, rules=ev.rules, options=replace(ev.options, scale="old"), elo=False)
    except InputError:  # the other reading cannot be evaluated: then it is no reading, and no doubt
        return []
    changed = [(pe, other) for pe, other in zip(ev.players, alt.players, strict=True)
               if (pe.new_rating, pe.new_index) != (other.new_rating, other.new_index)]
    if not changed:
        return []
    pe, other = max(changed, key=lambda c: abs((c[0].new_rating or 0) - (c[1].new_rating or 0)))
    return [Finding("error", "scale_unsaid", values=(
        ("start", start), ("end", ev.end), ("rules", ev.rules), ("switch", switch), ("count", Count(len(unsaid), "player")),
        ("changed", Count(len(changed), "player")), ("player", _label(pe.player)),
        ("as_new", fmt_rating(pe.new_rating, pe.new_index)), ("as_old", fmt_rating(other.new_rating, other.new_index))))]


def _no_dwz(t: Tournament, ev: TournamentEvaluation | None) -> list[Finding]:
    """Not one player has a DWZ, but players have an Elo: every one would enter as a foreign-rated
    player with his Elo (WO 4.1.2 is for players *without* a DWZ) — most likely the file just does not
    carry the DWZ (a FIDE TRF).  An error unless the DSB list is given or the Elo is said to be meant."""
    people = [p for p in t.players if not p.computer]
    if not t.rated or not people or any(p.rating for p in people):
        return []
    with_elo = sum(1 for p in people if p.elo)
    if not with_elo or (ev is not None and not ev.options.use_elo_for_unrated):
        return []
    return [Finding("error", "no_dwz", values=(("players", Count(len(people), "player")), ("elo", Count(with_elo, "player"))))]
