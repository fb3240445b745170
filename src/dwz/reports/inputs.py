"""The input pipeline of ``dwz tournament``, ``dwz check`` and the web upload (one for all three):
a tournament file read, completed from the DSB and FIDE lists and the stored Restpartien, with what the
check needs to know about how (:class:`Inputs`, made by :func:`gather`).

It is an adapter among the reports, not a reader: it calls the readers (:mod:`dwz.formats`), dates
the lists as the check reports them (:class:`~dwz.reports.findings.ListInfo`) and hands everything to
:func:`~dwz.reports.check.check_tournament` (:meth:`Inputs.check`) — so the surfaces (:mod:`dwz.cli`,
:mod:`dwz.web`) import it and it imports only the reports and the readers below it: one way down,
and no package circle (the readers never import the reports).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from dwz.basics.errors import Problem
from dwz.basics.model import Tournament, empty_problems
from dwz.core.tournament_records import TournamentEvaluation
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.fide_list import FideEntry
from dwz.formats.lists import MatchReport
from dwz.formats.trf import round_dates_trf
from dwz.reports.check import check_tournament
from dwz.reports.findings import CheckReport, ListInfo, _on_new_scale

__all__ = ["Inputs", "ListSource", "gather"]


ListSource = Path | tuple[bytes, str]  # a path, or (content, file name) of an upload


@dataclass
class Inputs:
    """What ``dwz check`` and ``dwz tournament`` read: the tournament completed from the
    lists and stored Restpartien, and what the check needs to know about how."""

    source: str
    tournament: Tournament | None = None
    problems: list[Problem] = field(default_factory=list)  # why the file could not be read
    notes: list[Problem] = field(default_factory=list)  # the readers' remarks and unmatched Restpartien
    list_notes: list[Problem] = field(default_factory=list)  # the match report as messages (as dwz tournament printed them)
    dsb: Sequence[DsbEntry | FideEntry] | None = None  # the DSB list's entries
    match: MatchReport | None = None
    lists: list[ListInfo] = field(default_factory=list)
    round_dates: dict[int, date] = field(default_factory=dict)
    format: str | None = None  # the tournament file's format, as given or recognised

    @property
    def legacy_notes(self) -> list[Problem]:
        """The notes ``dwz tournament`` printed before the check existed."""
        return [*(self.tournament.notes if self.tournament is not None else ()), *self.list_notes,
                *(n for n in self.notes if n.code == "restpartien_unmatched")]

    def check(self, evaluation: TournamentEvaluation | None = None, evaluation_problems: Iterable[Problem] = (),
              end: date | None = None, time_control: str | None = None, *, scale: str | None = None,
              elo_as_dwz: bool = False) -> CheckReport:
        return check_tournament(self.tournament, problems=self.problems, notes=self.notes, evaluation=evaluation,
                                evaluation_problems=evaluation_problems, dsb=self.dsb, match=self.match, lists=self.lists,
                                end=end, round_dates=self.round_dates, source=self.source, source_format=self.format,
                                time_control=time_control, scale=scale, elo_as_dwz=elo_as_dwz)

    def refusal(self) -> list[Problem]:
        """Why ``dwz tournament`` and the web page refuse to evaluate what was read (the check
        reports the same as errors): an empty tournament, or a DSB XML 2.5 without the DSB list
        — it carries no DWZ, and an evaluation from FIDE Elo alone is not the DSB's."""
        t = self.tournament
        if t is None:
            return []
        out = empty_problems(t)
        if not out and self.format == "dsb-xml" and not self.dsb:
            out.append(Problem("rating_list", "dsb_xml_needs_list", t.source or self.source, {"players": len(t.players)}))
        return out


def gather(data: bytes, name: str, *, fmt: str | None = None, dsb_list: ListSource | None = None,
           fide_list: ListSource | None = None, restpartien: Path | str | dict[str, Any] | None = None,
           list_date: date | None = None, collect: bool = False, end: date | None = None) -> Inputs:
    """Read a tournament file's content, complete it from the rating lists and stored Restpartien.

    ``collect``: reading problems become part of the result (the check reports them)
    instead of raising :class:`~dwz.basics.errors.InputError` (as ``dwz tournament`` does).
    ``list_date``: the DSB list's "Stand" if known (else from its file name or content).
    ``end``: the end date the evaluation will use (``--end``; else the file's).  A DSB list of
    before the Umstufung 2026 for a tournament ending after it completes the tournament with
    DWZ to convert (:func:`~dwz.formats.lists.enrich` ``dsb_old_scale``; spec dwz-2026 §6).
    """
    from dwz.basics.errors import InputError
    from dwz.formats import detect_format, read_rating_list, read_tournament

    inp = Inputs(name)
    t: Tournament | None
    try:
        t = read_tournament(data, format=fmt, name=name)
    except InputError as e:
        if not collect:
            raise
        inp.problems.extend(e.problems)
        t = None
    inp.format = fmt or detect_format(data)
    if inp.format == "trf":
        inp.round_dates = round_dates_trf(data)
    inp.notes.extend(t.notes if t is not None else ())
    lists: dict[str, tuple[str, Any]] = {}
    for kind, src in (("dsb", dsb_list), ("fide", fide_list)):
        if src is None:
            continue
        content, shown = (src, str(src)) if isinstance(src, os.PathLike) else src  # a path as typed, whole
        try:
            lists[kind] = (shown, read_rating_list(content, name=shown))
        except InputError as e:
            if not collect:
                raise
            inp.lists.append(ListInfo(kind, shown, problems=e.problems))
    if t is not None and lists:
        from dwz.formats.lists import enrich

        infos = [_list_info(kind, shown, entries, list_date) for kind, (shown, entries) in lists.items()]
        dsb_scale = next((li.scale for li in infos if li.kind == "dsb"), None)  # the list that holds DSB entries
        # each list by what it holds, whichever option named it (a swapped one is a finding of its own)
        by_kind = {("dsb" if entries and isinstance(entries[0], DsbEntry) else "fide"): entries for _, entries in lists.values()}
        # A list on the old scale for a tournament ending after the Umstufung: its DWZ are converted.  Only a
        # list known to be old is (a bound straddling the switch is not: the check asks for its date).
        t, inp.match = enrich(t, dsb=by_kind.get("dsb"), fide=by_kind.get("fide"),
                              dsb_old_scale=dsb_scale == "old" and _on_new_scale(end or t.end))
        inp.list_notes = inp.match.problems({p.no: p.name for p in t.players})
        inp.lists += infos
        # enrich() uses entries by their type: the DSB list is whichever holds DSB entries.
        inp.dsb = next((entries for _, entries in lists.values() if entries and isinstance(entries[0], DsbEntry)), None)
    if restpartien is not None and t is not None:
        from dwz.formats.restpartien import apply_restpartien, read_restpartien

        try:
            t, rep = apply_restpartien(t, read_restpartien(restpartien))
            inp.notes.extend(rep)
        except InputError as e:
            if not collect:
                raise
            inp.problems.extend(e.problems)
    inp.tournament = t
    return inp


def _list_info(kind: str, name: str, entries: Sequence[Any], given: date | None) -> ListInfo:
    """A list as read: a DSB list dated (the date given, else its name's, else the earliest its content
    or format proves — :func:`dwz.formats.lists.date_list`), which also says the scale of its DWZ."""
    from dwz.formats.lists import date_list

    is_dsb = bool(entries) and isinstance(entries[0], DsbEntry)
    found = "dsb" if is_dsb else ("fide" if entries else kind)
    if is_dsb:
        d = date_list(entries, Path(name).name, given)
        return ListInfo(found, name, d.date, d.how, len(entries), given_as=kind, dating=d)
    return ListInfo(found, name, given, "given" if given else None, len(entries), given_as=kind)
