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
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Player, Tournament, empty_problems
from dwz.basics.values import INDEX_IMPLAUSIBLE
from dwz.core.tournament_records import TournamentEvaluation
from dwz.formats._common import name_key
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.fide_list import FideEntry
from dwz.formats.lists import Candidate, ListDate, MatchReport, closest_entries
from dwz.i18n import CATALOGS, fmt_date, fmt_rating, term, text
from dwz.rules import transition

if TYPE_CHECKING:
    from dwz.formats.dsb_xml import XmlOutput

__all__ = ["SEVERITIES", "CheckReport", "Condensed", "Finding", "Inputs", "ListInfo", "check_tournament", "condense",
           "empty_problems", "gather", "is_u12", "round_dates_trf", "scales_differ", "surface_text"]

Severity = Literal["error", "warning", "note"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "note")


def surface_text(key: str, lang: str, surface: str = "cli", **values: Any) -> str:
    """A catalog text in the words of ``surface``: ``<key>.web`` where the web wording differs
    (a field to fill in instead of an option to give), else ``key`` itself.

    >>> surface_text("check.no_list", "de", "web")
    'ohne DWZ-Liste: Namen, DWZ und Index sind nicht gegen die Liste geprüft (oben eine DWZ-Liste hochladen)'
    """
    if surface != "cli" and f"{key}.{surface}" in CATALOGS["de"]["ui"]:
        key = f"{key}.{surface}"
    return text(key, lang, **values)

# The kinds of finding in the order they are reported, each with the rule or format
# section it rests on (language-neutral; WO = DSB-Wertungsordnung, DSB-XML = the
# portal's upload format DSB_DWZ_TournamentReport 2.5, spec formats.md §5.3).
_UMSTUFUNG = transition("old", "new").rule  # the conversion to the new scale the registry holds ("Umstufung 2026")
RULES: dict[str, str] = {
    "file": "WO 6.1",
    "tournament_empty": "DSB-XML 2.5 ‹players›, ‹games›",
    "ratings_not_in_file": "DSB-XML 2.5, WO 2.2.3",
    "list_unreadable": "WO 6.1",
    "list_swapped": "WO 6.1",
    "end_missing": "DSB-XML 2.5 ‹endDate›, WO 2.2.3",
    "start_after_end": "DSB-XML 2.5 ‹startDate›",
    "end_mismatch": "WO 2.2.3",
    "end_future": "WO 2.2.3",
    "game_after_end": "WO 2.2.3",
    "same_pair_twice": "WO 3.3.2",
    "upload_invalid": "DSB-XML 2.5",
    "not_rated": "WO 4.2",
    "time_control_short": "WO 4.2.2",
    "time_control_unreadable": "WO 4.2.2",
    "time_control_missing": "WO 4.2.2, DSB-XML 2.5 ‹timecontrol›",
    "duplicate_id": "WO 6.1",
    "duplicate_name": "WO 6.1",
    "player_unidentified": "WO 6.1, DSB-XML 2.5 ‹dsbId›, ‹vkz›, ‹numberClubMember›",
    "birth_year_missing": "DSB-XML 2.5 ‹dobYear›, WO 3.2",
    "birth_year_computer": "DSB-XML 2.5 ‹dobYear›",
    "birth_year_implausible": "DSB-XML 2.5 ‹dobYear›, WO 3.2",
    "list_date_conflict": f"WO 2.2.3, {_UMSTUFUNG}",
    "list_scale_unknown": f"WO 2026, {_UMSTUFUNG}",
    "list_old_scale": f"WO 2026, {_UMSTUFUNG}",
    "list_new_scale": f"WO 2.2.3, {_UMSTUFUNG}",
    "scale_unsaid": f"WO 2026, {_UMSTUFUNG}",
    "no_dwz": "WO 2.2.3, 4.1.2",
    "list_newer": "WO 2.2.3",
    "dwz_old_scale": _UMSTUFUNG,
    "old_scale_rating": f"{_UMSTUFUNG}, WO 3.5.2",
    "scale_converted": _UMSTUFUNG,
    "restpartien_converted": f"{_UMSTUFUNG}, WO 3.4.2",
    "dwz_differs": "WO 2.2.3",
    "not_in_list": "WO 6.1",
    "list_ambiguous": "WO 6.1",
    "list_differs": "WO 6.1",
    "fide_id_not_in_list": "WO 4.1.2",
    "index_missing": "WO 2.2.4, Anhang 1.2/1.3",
    "index_implausible": "WO 2.2.4",
    "foreign_no_fide_id": "WO 4.1.2, DSB-XML 2.5 ‹dsbId FI…›",
    "elo_unverified": "WO 4.1.2, 4.1.3",
    "birth_year_from_list": "DSB-XML 2.5 ‹dobYear›",
    "non_member": "WO 3.4.3",
    "stays_unrated": "WO 3.4.1, 3.4.2",
    "round_incomplete": "WO 3.3.2",
}
_ORDER = {k: i for i, k in enumerate(RULES)}

# Remarks of the readers (Tournament.notes) that stop nothing: how much each matters
# for the upload.  Unknown codes are warnings — nothing is dropped silently.
_NOTE_SEVERITY: dict[str, Severity] = {
    "record_skipped": "note", "bye_code_mapped": "note", "trf_national_ignored": "note", "swi_extra_blocks": "note",
    "csv_column_unknown": "note", "encoding_detected": "note", "encoding_doubtful": "warning",
}
_NO_FEDERATION = {"", "GER", "DEU"}  # federations that need no FIDE id here (not foreign)


@dataclass(frozen=True, slots=True)
class Count:
    """A number with its noun, rendered with the right plural ("1 Partie", "3 Partien")."""

    n: int
    unit: str  # "game", "player", "error", "warning", "note"

    def text(self, lang: str) -> str:
        return text(f"check.n.{self.unit}.{'one' if self.n == 1 else 'many'}", lang, n=self.n)


@dataclass(frozen=True, slots=True)
class Ref:
    """A value shown in the user's words: a catalog term (``check.field.zps`` → "ZPS")."""

    key: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing wrong or worth a look.  ``kind`` names the message (catalog
    ``check.<kind>.…``); a file problem carries the reader's :class:`Problem`."""

    severity: Severity
    kind: str
    player: int | None = None
    name: str | None = None
    where: str | None = None  # the place in a file ("12" = line 12, "games[3]") when no player is meant
    round: int | None = None
    values: tuple[tuple[str, Any], ...] = ()
    variant: str | None = None  # the message's variant ("check.<kind>.<variant>")
    problem: Problem | None = None
    given: str | None = None  # "list": the fix for a check that had the rating list it would otherwise ask for

    @property
    def rule(self) -> str:
        return RULES.get(self.kind, "")

    def rule_in(self, lang: str = "de") -> str:
        """The rule reference as ``lang`` writes it ("WO Anhang 1.2" → "WO Appendix 1.2")."""
        from dwz.i18n import rule_ref

        return rule_ref(self.rule, lang)

    @property
    def line(self) -> int | None:
        return int(self.where) if self.where and self.where.isascii() and self.where.isdigit() else None  # "²" is no line

    def title(self, lang: str = "de") -> str:
        return text(f"check.{self.kind}.title", lang)

    def message(self, lang: str = "de") -> str:
        """What is wrong, for this player or place."""
        if self.problem is not None:
            return self.problem.message(lang)
        key = f"check.{self.kind}.{self.variant}" if self.variant else f"check.{self.kind}"
        return text(key, lang, **_rendered(self.values, lang))

    def fix(self, lang: str = "de", surface: str = "cli") -> str:
        """What to do about it, in the words of ``surface`` (``"cli"``: the options; ``"web"``: the page's fields)."""
        if self.problem is not None:
            code = self.problem.code
            specific = "check.fix.own_output" if code.startswith("own_output") else f"check.fix.{code}"
            if specific in CATALOGS["de"]["ui"]:
                return surface_text(specific, lang, surface)
        if self.given and f"check.{self.kind}.with_{self.given}.fix" in CATALOGS["de"]["ui"]:
            return surface_text(f"check.{self.kind}.with_{self.given}.fix", lang, surface, **_rendered(self.values, lang))
        if self.variant and f"check.{self.kind}.{self.variant}.fix" in CATALOGS["de"]["ui"]:
            return surface_text(f"check.{self.kind}.{self.variant}.fix", lang, surface, **_rendered(self.values, lang))
        return surface_text(f"check.{self.kind}.fix", lang, surface, **_rendered(self.values, lang))

    def who(self, lang: str = "de") -> str:
        """The player ("5. Böhmler, Thomas") or the place ("Zeile 12")."""
        if self.kind == "upload_invalid" and self.player is None and self.problem is not None:
            from dwz.i18n import field_label

            return field_label(self.problem.field, lang, "cli")  # a part of the upload file ("Turnierdaten")
        if self.player is not None:
            return f"{self.player}. {self.name}" if self.name else str(self.player)
        if self.line is not None:
            return text("check.line", lang, line=self.line)
        if self.round is not None:
            return text("check.round", lang, round=self.round)
        return self.where or ""

    def to_dict(self, lang: str = "de", surface: str = "cli") -> dict[str, Any]:
        return {
            "severity": self.severity, "kind": self.kind, "code": self.problem.code if self.problem else None,
            "player": self.player, "name": self.name, "where": self.where, "line": self.line, "round": self.round,
            "title": self.title(lang), "message": self.message(lang), "rule": self.rule_in(lang), "fix": self.fix(lang, surface),
            "values": {k: _plain(v, lang) for k, v in self.values},
        }


@dataclass(frozen=True, slots=True)
class ListInfo:
    """A rating list the check used: ``kind`` "dsb" or "fide"; ``date`` is its
    "Stand" and ``date_from`` how it is known ("given", "name": from the file
    name, "content": the latest evaluation week in it); ``problems`` if it could
    not be read."""

    kind: str
    name: str
    date: date | None = None
    date_from: str | None = None
    entries: int = 0
    problems: tuple[Problem, ...] = ()
    given_as: str | None = None  # the option it was given with ("dsb": --list, "fide": --fide-list), if not its kind
    dating: ListDate | None = None  # a DSB list: how it is dated and on which scale its DWZ are (formats.lists.date_list)

    @property
    def scale(self) -> str | None:
        """The scale of a DSB list's DWZ: "old", "new", or ``None`` when nothing says which."""
        return self.dating.scale if self.dating is not None else None

    def line(self, report: CheckReport, lang: str = "de") -> str:
        """The report's line about this list: its name, its date — "frühestens" where the date is only
        the earliest it can have been made — and why, the scale of its DWZ, and how many players it found."""
        kind = text(f"check.list.{self.kind}", lang) if f"check.list.{self.kind}" in CATALOGS["de"]["ui"] else self.kind
        values = {"kind": kind, "name": self.name, "matched": report.matched.get(self.kind, 0), "players": report.players}
        if self.date is None:
            line = text("check.list_used_nodate", lang, **values)
        else:
            line = text("check.list_used", lang, date=_Dated(self.date, self.dating is not None and self.dating.bound).text(lang),
                        how=text(f"check.date_from.{self.date_from}", lang), **values)
        d = self.dating
        if d is not None and self.kind == "dsb":
            # the scale of its DWZ, said where it matters: the portal's format (new by construction), and
            # for a tournament on the new scale a list that is not on it or of which nothing says which
            key: str | None = None
            if d.nu:
                key = "new" if d.how == "format" else "nu"  # dated by its format: the line said it already
            elif d.scale != "new" and _tournament_scale(report.rules, report.end) == "new":
                key = d.scale or "unknown"
            if key is not None:
                line += " " + text(f"check.list_scale.{key}", lang)
        return line


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The whole Prüfbericht: findings sorted by severity, kind and player or line."""

    source: str | None
    name: str | None
    end: date | None
    rules: str | None
    players: int
    lists: tuple[ListInfo, ...]
    matched: Mapping[str, int]  # list kind → players found in it
    findings: tuple[Finding, ...]

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    @property
    def exit_code(self) -> int:
        """2 with errors, 1 with warnings, 0 otherwise (notes only or nothing)."""
        return 2 if self.count("error") else (1 if self.count("warning") else 0)

    def refusal(self) -> list[Problem]:
        """The errors that make the evaluation's numbers doubtful (:data:`REFUSING`) — a scale that
        nothing says, a DWZ the scale cannot hold, a file without any DWZ — as problems: ``dwz
        tournament``, /turnier and /api/turnier refuse with them (exit 2, status 422) instead of
        showing numbers the check calls wrong; ``dwz check`` reports the same as errors."""
        return _refusal(self)

    def summary(self, lang: str = "de") -> str:
        """"2 Fehler, 3 Warnungen, 1 Hinweis" — every severity, "keine" for none."""
        parts = []
        for sev in SEVERITIES:
            n = self.count(sev)
            parts.append(Count(n, sev).text(lang) if n else text(f"check.none.{sev}", lang))
        return ", ".join(parts)

    def groups(self, player: int | None = None) -> list[tuple[Severity, str, tuple[Finding, ...]]]:
        """(severity, kind, findings) in report order; ``player`` keeps only his findings."""
        out: list[tuple[Severity, str, list[Finding]]] = []
        for f in self.findings:
            if player is not None and f.player != player:
                continue
            if out and out[-1][0] == f.severity and out[-1][1] == f.kind:
                out[-1][2].append(f)
            else:
                out.append((f.severity, f.kind, [f]))
        return [(sev, kind, tuple(fs)) for sev, kind, fs in out]

    def to_dict(self, lang: str = "de", surface: str = "cli") -> dict[str, Any]:
        return {
            "kind": "check",
            "source": self.source,
            "tournament": {"name": self.name, "end": self.end.isoformat() if self.end else None, "rules": self.rules,
                           "players": self.players},
            "lists": [{"kind": li.kind, "name": li.name, "date": li.date.isoformat() if li.date else None,
                       "date_from": li.date_from, "earliest": li.dating is not None and li.dating.bound,
                       "scale": li.scale, "nu": li.dating is not None and li.dating.nu, "entries": li.entries,
                       "matched": self.matched.get(li.kind), "readable": not li.problems} for li in self.lists],
            "summary": {"errors": self.count("error"), "warnings": self.count("warning"), "notes": self.count("note"),
                        "text": self.summary(lang)},
            "exit_code": self.exit_code,
            "findings": [f.to_dict(lang, surface) for f in self.findings],
        }


# --------------------------------------------------------------------------------------------


# --- the upload files' own blocking problems (the one judgment: dwz.reports.upload) ---

#: The upload files, by the name the CLI and the web use for them, with their label.
KINDS = {"dsb": "DSB-XML 2.5", "dewis": "DeWIS-XML"}

# A writer's blocking problem that a check finding already says: (element, the finding's kind) —
# per player (the finding names him) or for the whole file.
_SAID_PER_PLAYER = {"dobYear": ("birth_year_missing", "birth_year_computer"), "dob": ("birth_year_missing", "birth_year_computer")}
_SAID_FOR_FILE = {"endDate": ("end_missing",), "players": ("tournament_empty",), "player": ("tournament_empty",),
                  "games": ("tournament_empty",), "rounds": ("tournament_empty",)}


def build(t: Tournament, kind: str, *, location: str | None = None, time_control: str | None = None,
          sender: str | None = None) -> XmlOutput:
    """The upload file ``kind`` ("dsb" or "dewis") of ``t``, not yet judged."""
    if kind == "dsb":
        from dwz.formats.dsb_xml import write_dsb_xml

        return write_dsb_xml(t, location=location, time_control=time_control, sender=sender)
    from dwz.formats.dewis_xml import write_dewis_xml

    return write_dewis_xml(t)


def _player_no(place: str) -> int | None:
    parts = place.split(" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[0] == "player" and parts[1].isascii() and parts[1].isdigit() else None


def said_by(p: Problem, findings: Iterable[Finding]) -> bool:
    """Whether a check finding already says the writer's problem ``p``."""
    element = str(p.value) if p.code == "xml_required_missing" else None
    no = _player_no(p.field)
    for f in findings:
        if f.severity != "error":
            continue
        if f.kind == "upload_invalid" and f.problem is not None and (f.problem.field, f.problem.code, f.problem.value) == (
                p.field, p.code, p.value):
            return True
        if f.kind == "tournament_empty":
            return True  # an empty tournament: every missing part follows from it
        if element is not None and no is not None and f.player == no and f.kind in _SAID_PER_PLAYER.get(element, ()):
            return True
        if element is not None and f.kind in _SAID_FOR_FILE.get(element, ()):
            return True
    return False


def unsaid(t: Tournament, said: Iterable[Finding]) -> list[tuple[str, Problem, int | None]]:
    """The blocking problems of both upload files of ``t`` that no finding in ``said`` says: the file's
    label, the problem and the player's number where it is a player's (a problem both files share is
    said once).  The check makes its findings of them (:func:`file_findings`)."""
    said = list(said)
    out: list[tuple[str, Problem, int | None]] = []
    seen: set[tuple[str, str, str]] = set()
    for kind, label in KINDS.items():
        for p in build(t, kind).errors:
            key = (p.field, p.code, str(p.value))
            if key in seen or said_by(p, said):
                continue
            seen.add(key)
            out.append((label, p, _player_no(p.field)))
    return out


def file_findings(t: Tournament, said: Iterable[Finding]) -> list[Finding]:
    """The blocking problems of both upload files of ``t`` that no finding in ``said`` says
    (:func:`unsaid`), as errors: ``upload_invalid``, one per problem and place."""
    return [Finding("error", "upload_invalid", player=no, name=p.field.split(" ", 2)[2] if no is not None else None,
                    where=None if no is not None else p.field, values=(("file", label),), problem=p)
            for label, p, no in unsaid(t, said)]


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


def _label(p: Player) -> str:
    return f"{p.no}. {p.name}"


# The findings whose fix names a rating list, and which list ("dsb": --list, "fide": --fide-list).
_LIST_FIXES = {"birth_year_missing": "dsb", "player_unidentified": "dsb", "dwz_old_scale": "dsb", "index_missing": "dsb", "old_scale_rating": "dsb",
               "elo_unverified": "fide"}


def _f(severity: Severity, kind: str, p: Player, variant: str | None = None, **values: Any) -> Finding:
    return Finding(severity, kind, p.no, p.name, values=tuple(values.items()), variant=variant)


# --- dates -----------------------------------------------------------------------------------


def _dates(t: Tournament, given: date | None, end: date | None, round_dates: Mapping[int, date], today: date) -> list[Finding]:
    from dwz.rules import edition_for

    out: list[Finding] = []
    if end is None:
        return [Finding("error", "end_missing", where=t.source)]
    if given is not None and t.end is not None and given != t.end:
        other_rules = edition_for(given) != edition_for(t.end)
        out.append(Finding("error" if other_rules else "warning", "end_mismatch", variant="rules" if other_rules else None,
                           values=(("given", given), ("file", t.end), ("rules_given", Ref(edition_for(given))),
                                   ("rules_file", Ref(edition_for(t.end))))))
    if t.start is not None and t.start > end:
        out.append(Finding("error", "start_after_end", values=(("start", t.start), ("end", end))))
    if end > today:  # the portal rates finished tournaments only: an upload error, as the end before the start
        out.append(Finding("error", "end_future", values=(("end", end), ("today", today))))
    games: dict[int, int] = {}
    for g in t.pairings:
        if g.black is not None:
            games[g.round] = games.get(g.round, 0) + 1
    for rnd, day in sorted(round_dates.items()):
        if day > end and games.get(rnd):
            out.append(Finding("error", "game_after_end", round=rnd,
                               values=(("round", rnd), ("date", day), ("end", end), ("games", Count(games[rnd], "game")))))
    return out


def is_u12(t: Tournament, end: date) -> bool:
    """Every player is at most 11 in the year of the end (WO 3.2): a U12 event, with the shorter
    minimum time control of WO 4.2.2 — said only when every birth year is known."""
    from dwz.rules.common import TC_U12_AGE

    people = [p for p in t.players if not p.computer]
    return bool(people) and all(p.birth_year is not None and 0 <= end.year - p.birth_year <= TC_U12_AGE for p in people)


def _time_control(t: Tournament, given: str | None, end: date) -> list[Finding]:
    """WO 4.2.2: the time control must give 90 minutes per player and game (U12: 60).  Too
    short: the tournament cannot be DWZ-rated (an error); unreadable: a warning naming what
    the WO requires; not given: a note.  Read by :mod:`dwz.formats.timecontrol`, judged by
    :func:`dwz.rules.common.time_control_shortfall`."""
    from dwz.formats.timecontrol import parse_time_control
    from dwz.rules.common import TC_FIRST_MOVES, time_control_shortfall

    raw = (given or "").strip() or (t.time_control or "").strip() or None
    if not t.rated:
        return []
    u12 = is_u12(t, end)
    need = Ref(f"check.time_control.need.{'u12' if u12 else 'all'}")
    if raw is None:
        from dwz.rules.common import TC_TOTAL_MIN, TC_TOTAL_MIN_U12

        return [Finding("note", "time_control_missing", values=(("min", _Minutes(TC_TOTAL_MIN_U12 if u12 else TC_TOTAL_MIN)),))]
    # a lichess export has the speed in its name only ("Mai 5 Plus 0"): said where it was read
    typed = _Typed(raw, not given and raw in (t.name or ""))
    tc = parse_time_control(raw)
    if tc is None:
        return [Finding("warning", "time_control_unreadable", values=(("text", typed), ("need", need)))]
    short = time_control_shortfall(tc.as_rule_input(), u12=u12)
    if short is None:
        return []
    which, counted, minimum = short
    return [Finding("error", "time_control_short", variant=which,
                    values=(("text", typed), ("tc", _Described(tc)), ("counted", _Minutes(counted)), ("min", _Minutes(minimum)),
                            ("moves", tc.periods[0].moves or TC_FIRST_MOVES), ("need", need)))]


@dataclass(frozen=True, slots=True)
class _Typed:
    """A time control as written, quoted — read from the tournament's name: "'5 Plus 0' (laut Turniername)"."""

    text: str
    in_name: bool = False

    def render(self, lang: str) -> str:
        return text("check.time_control.in_name", lang, text=self.text) if self.in_name else f"'{self.text}'"


@dataclass(frozen=True, slots=True)
class _Minutes:
    """Seconds shown as minutes in the reader's language ("75 Min.")."""

    seconds: int

    def text(self, lang: str) -> str:
        from dwz.formats.timecontrol import minutes_text

        return minutes_text(self.seconds, lang)


@dataclass(frozen=True, slots=True)
class _Described:
    """A time control in words, in the reader's language."""

    tc: Any

    def text(self, lang: str) -> str:
        return str(self.tc.describe(lang))


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


# --- players: duplicates, birth years ------------------------------------------------------------


def _id_keys(p: Player) -> list[tuple[str, str, str]]:
    """(kind, normalised key, as written) of the identifiers that name one person."""
    keys = []
    if p.dsb_id and p.dsb_id.strip():
        keys.append(("dsb_id", p.dsb_id.strip().upper(), p.dsb_id.strip()))
    if p.fide_id and p.fide_id.strip():
        keys.append(("fide_id", p.fide_id.strip().lstrip("0"), p.fide_id.strip()))
    if p.zps and p.zps.strip() and p.member_no and p.member_no.strip():
        member = p.member_no.strip()
        number = str(int(member)) if member.isascii() and member.isdigit() else member.upper()
        keys.append(("zps_member", f"{p.zps.strip().upper()}-{number}", f"{p.zps.strip()}-{member}"))
    return keys


def _duplicates(players: Sequence[Player]) -> list[Finding]:
    out: list[Finding] = []
    reported: set[frozenset[int]] = set()
    by_id: dict[tuple[str, str], list[Player]] = {}
    for p in players:
        for kind, key, _shown in _id_keys(p):
            by_id.setdefault((kind, key), []).append(p)
    for (kind, _key), group in by_id.items():
        first = group[0]
        for p in group[1:]:
            pair = frozenset((first.no, p.no))
            if pair in reported:
                continue
            reported.add(pair)
            shown = next(s for k, _, s in _id_keys(p) if k == kind)
            out.append(_f("error", "duplicate_id", p, field=Ref(f"check.field.{kind}"), value=shown, other=_label(first)))
    by_name: dict[str, list[Player]] = {}
    for p in players:
        key = name_key(p.name)
        if key:
            by_name.setdefault(key, []).append(p)
    for group in by_name.values():
        for i, p in enumerate(group):
            for o in group[:i]:
                pair = frozenset((o.no, p.no))
                same_year = o.birth_year is not None and o.birth_year == p.birth_year
                if pair in reported or not (same_year or o.birth_year is None or p.birth_year is None):
                    continue
                reported.add(pair)
                # the same name and birth year: one person entered twice (an upload error, as the same id);
                # one of the two without a birth year: only a question (that year is missing is an error of its own)
                out.append(_f("error" if same_year else "warning", "duplicate_name", p, None if same_year else "no_year",
                              other=_label(o), year=p.birth_year))
                break
    return out


def _identifiable(p: Player) -> bool:
    """Whether the portal can find ``p`` in its database (it takes DWZ and index from there, not from the
    file — DSB-XML 2.5): by a DSB-ID (‹dsbId›), by ZPS and member number (‹vkz›, ‹numberClubMember›), or a
    foreign player by his FIDE-ID (‹dsbId FI…›) — each as the writer puts it into the file (a value of
    another form is left out: :func:`dwz.formats.dsb_xml.player_values`)."""
    from dwz.formats.dsb_xml import player_ids

    dsb_id, zps, member, fide_id = player_ids(p)
    foreign = (p.federation or "").strip().upper() not in _NO_FEDERATION
    return bool(dsb_id or (zps and member) or (foreign and fide_id))


def _unidentified(players: Sequence[Player]) -> list[Finding]:
    """A rated player (with a DWZ) whom the portal cannot identify: the file is rejected (WO 6.1, DSB-XML 2.5)."""
    out: list[Finding] = []
    for p in players:
        if p.computer or p.rating is None or _identifiable(p):
            continue
        foreign = (p.federation or "").strip().upper() not in _NO_FEDERATION
        out.append(_f("error", "player_unidentified", p, "foreign" if foreign else None,
                      federation=(p.federation or "").strip().upper()))
    return out


def _birth_years(players: Sequence[Player], match: MatchReport | None, year: int) -> list[Finding]:
    filled = {f.player: f for f in match.filled if f.field == "birth_year"} if match is not None else {}
    out: list[Finding] = []
    for p in players:
        by = p.birth_year
        if p.computer:
            continue  # the DSB XML writes 1900 for computers
        if by is None:
            out.append(_f("error", "birth_year_missing", p))
        elif p.no in filled:
            out.append(_f("note", "birth_year_from_list", p, year=by, list=Ref(f"check.list.{filled[p.no].list}")))
        elif by == 1900:
            out.append(_f("error", "birth_year_computer", p, year=by))
        elif by < 1900 or not 4 <= year - by <= 100:  # stricter than the engine's AGE_PLAUSIBLE: a rating officer asks from 101
            out.append(_f("warning", "birth_year_implausible", p, year=by, age=year - by))
    return out


# --- the rating lists ----------------------------------------------------------------------------


def _cand(c: Candidate) -> str:
    e = c.entry
    if isinstance(e, DsbEntry):
        club = f"{e.zps}-{e.member_no}" if e.zps and e.member_no else (e.zps or "")
        rating = f"DWZ {fmt_rating(e.dwz, e.index)}" if e.dwz else ""
        extra = [str(e.birth_year) if e.birth_year else "", club, rating]
    else:
        extra = [str(e.birth_year) if e.birth_year else "", e.fed or "", f"Elo {e.rating}" if e.rating else ""]
    inner = ", ".join(x for x in extra if x)
    return f"{e.name} ({inner})" if inner else e.name


def _entry_text(e: Any) -> str:
    return _cand(Candidate(e, 1.0, False, False))


_SCALE_NOTE_FIELDS = ("rating", "index")


def _list_findings(t: Tournament, match: MatchReport, dsb: Sequence[DsbEntry | FideEntry] | None, lists: Sequence[ListInfo],
                   end: date | None, converted: set[int] | frozenset[int] = frozenset(), rules: str | None = None) -> list[Finding]:
    """``converted``: the players whose DWZ the evaluation converted from the old scale (said so);
    ``rules``: the edition that rates the tournament (else the one of ``end``)."""
    out: list[Finding] = []
    by_no = {p.no: p for p in t.players}
    info = next((li for li in lists if li.kind == "dsb" and not li.problems), None)
    list_date = info.date if info is not None else None
    dating = info.dating if info is not None else None
    scale_differs = False
    on_new = _tournament_scale(rules, end) == "new"
    # DWZ the list put into the tournament (the file had none): those its scale decides
    filled = sum(1 for f in match.filled if f.field == "rating" and f.list == "dsb")
    if info is not None and dating is not None and end is not None:
        values: tuple[tuple[str, Any], ...] = (("list", info.name), ("date", _Dated(list_date, dating.bound) if list_date else None),
                                               ("how", Ref(f"check.date_from.{info.date_from}")), ("end", end))
        if dating.conflict is not None:
            # a date given that the list itself rules out (formats.lists.date_list): which one is right decides the scale
            earliest, why = dating.conflict
            out.append(Finding("error", "list_date_conflict", values=(("list", info.name), ("given", list_date), ("earliest", earliest),
                                                                      ("why", Ref(f"check.list_proof.{why}")))))
            scale_differs = True
        elif dating.scale == "old" and on_new:
            # its DWZ are on the old scale: those completing the tournament are converted for the
            # evaluation (enrich flags them, the evaluation converts and shows it) — said, as the match report says it
            scale_differs = True
            if match.old_scale:
                out.append(Finding("note", "list_old_scale", variant="converted",
                                   values=(*values, ("count", Count(len(match.old_scale), "player")))))
            else:
                out.append(Finding("warning", "list_old_scale", values=values))
        elif dating.scale is None and on_new:
            # dated only by a bound before the switch (or not at all), in a format older than the portal's: its DWZ
            # may be on either scale — converted or not, a different evaluation; asked, never assumed (spec dwz-2026 §6)
            scale_differs = True
            count = ("count", Count(filled, "player"))
            switch = ("switch", transition("old", "new").at)  # the fix: a date before it converts
            if list_date is None:
                out.append(Finding("error" if filled else "warning", "list_scale_unknown", variant="undated",
                                   values=(("list", info.name), ("end", end), count, switch)))
            else:
                out.append(Finding("error" if filled else "warning", "list_scale_unknown", values=(*values, count, switch)))
        elif dating.scale == "new" and not on_new:
            scale_differs = True
            out.append(Finding("error", "list_new_scale", variant="filled" if filled else None,
                               values=(*values, ("count", Count(filled, "player")))))
        elif list_date is not None and list_date > end:
            out.append(Finding("warning", "list_newer", values=values))
    newer = list_date is not None and end is not None and list_date > end

    entries = dsb or ()
    # Computers and declared non-members are not expected in the DSB list.
    unmatched_dsb = [by_no[no] for no, lst in match.unmatched
                     if lst == "dsb" and no in by_no and not by_no[no].computer and by_no[no].member]
    closest = closest_entries(unmatched_dsb, entries) if unmatched_dsb and entries else {}
    for p in unmatched_dsb:
        cands = closest.get(p.no, ())
        out.append(_f("warning", "not_in_list", p, "candidates" if cands else "none", candidates="; ".join(_cand(c) for c in cands)))
    by_source: dict[str, Any] = {}
    if match.ambiguous or match.conflicts:
        by_source = {str(e.source): e for e in entries}
    for a in match.ambiguous:
        if a.player not in by_no:
            continue
        shown = [_entry_text(by_source[s]) for s in a.candidates if s in by_source]
        out.append(_f("warning", "list_ambiguous", by_no[a.player], "candidates" if shown else None,
                      list=Ref(f"check.list.{a.list}"), by=Ref(f"check.key.{a.key}"), count=len(a.candidates),
                      candidates="; ".join(shown[:5]) + (" …" if len(shown) > 5 else "")))
    for no, lst in match.unmatched:
        unmatched = by_no.get(no)
        if lst == "fide" and unmatched is not None and unmatched.fide_id:
            out.append(_f("warning", "fide_id_not_in_list", unmatched, fide_id=unmatched.fide_id))

    dsb_entry = {m.player: by_source.get(str(m.entry)) for m in match.matched if m.list == "dsb"}
    rating_conflicts: dict[int, dict[str, Any]] = {}
    for c in match.conflicts:
        if c.list == "dsb" and c.field in _SCALE_NOTE_FIELDS:
            rating_conflicts.setdefault(c.player, {})[c.field] = c
            continue
        who = by_no.get(c.player)
        if who is None:
            continue
        severity: Severity = "warning" if c.field in ("birth_year", "fide_id", "dsb_id") or (
            c.field == "elo" and who.rating is None) else "note"
        out.append(_f(severity, "list_differs", who, field=Ref(f"check.field.{c.field}"), file=c.file_value,
                      list=Ref(f"check.list.{c.list}"), other=c.list_value))
    for no, conflicts in rating_conflicts.items():
        p = by_no[no]
        entry = dsb_entry.get(no)
        list_rating = entry.dwz if isinstance(entry, DsbEntry) else getattr(conflicts.get("rating"), "list_value", p.rating)
        list_index = entry.index if isinstance(entry, DsbEntry) else getattr(conflicts.get("index"), "list_value", p.index)
        out.append(_rating_finding(p, list_rating, list_index, end, list_date, scale_differs, newer, no in converted))
    return out


def _rating_finding(p: Player, list_rating: int | None, list_index: int | None, end: date | None, list_date: date | None,
                    scale_differs: bool, newer: bool, was_converted: bool = False) -> Finding:
    """The file's DWZ differs from the list's: which scale each is on decides how much it matters."""
    import dwz

    values = {"file": fmt_rating(p.rating, p.index), "list": fmt_rating(list_rating, list_index)}

    def converted(v: int | None) -> int | None:
        try:
            return dwz.umstufung(v).new_rating if v else None
        except InputError:  # not a value the Umstufung takes
            return None

    if p.rating is not None and list_rating is not None and p.rating != list_rating:
        if scale_differs:
            # Old-scale list, new tournament (or the reverse): a value on the other side of the
            # Umstufung 2026 is expected to differ by exactly the conversion.
            old, new = (list_rating, p.rating) if _on_new_scale(end) else (p.rating, list_rating)
            if converted(old) == new:
                return _f("note", "dwz_differs", p, "umstufung", converted=converted(old), **values)
        elif _on_new_scale(end) and converted(p.rating) == list_rating and (list_date is None or _on_new_scale(list_date)):
            if was_converted:  # said to be old-scale and converted for the evaluation: the list agrees
                return _f("note", "dwz_differs", p, "umstufung", converted=list_rating, **values)
            return _f("error", "dwz_old_scale", p, converted=list_rating, **values)
    if newer:
        return _f("note", "dwz_differs", p, "newer", **values)
    return _f("warning", "dwz_differs", p, **values)


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
        ("start", start), ("end", ev.end), ("switch", switch), ("count", Count(len(unsaid), "player")),
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


# The check's errors on which dwz tournament and the web refuse to show an evaluation — each a doubt
# that changes its numbers — and the field each refusal names (the option or form field that fixes it).
REFUSING: dict[str, str] = {
    "list_date_conflict": "list_date", "list_scale_unknown": "list_date", "list_new_scale": "rating_list",
    "scale_unsaid": "old_scale", "old_scale_rating": "old_scale", "dwz_old_scale": "old_scale", "no_dwz": "rating_list",
}


def _refusal(report: CheckReport) -> list[Problem]:
    """The report's errors in :data:`REFUSING` as one :class:`Problem` per kind (the players of a
    per-player kind listed), for ``dwz tournament``, /turnier and /api/turnier to refuse with."""
    from dwz.rules import transition

    out: list[Problem] = []
    switch = transition("old", "new").at.isoformat()
    for severity, kind, findings in report.groups():
        if severity != "error" or kind not in REFUSING:
            continue
        f = findings[0]
        v = dict(f.values)
        field_ = REFUSING[kind]
        if kind == "list_new_scale" and f.variant != "filled":
            continue  # the list's DWZ were not used: the check's error, not the evaluation's
        if kind in ("old_scale_rating", "dwz_old_scale"):
            shown = [f"{x.who()} ({dict(x.values)['rating']})" if kind == "old_scale_rating" else
                     f"{x.who()} ({dict(x.values)['file']} → {dict(x.values)['list']})" for x in findings[:MAX_LISTED]]
            players = ", ".join(shown) + (" …" if len(findings) > MAX_LISTED else "")
            out.append(Problem(field_, f"refused_{kind}", len(findings), {"players": players, "switch": switch}))
        elif kind == "scale_unsaid":
            out.append(Problem(field_, "refused_scale_unsaid", v["start"].isoformat(), {
                "end": v["end"].isoformat(), "switch": switch, "player": v["player"], "as_new": v["as_new"],
                "as_old": v["as_old"]}))
        elif kind == "no_dwz":
            out.append(Problem(field_, "refused_no_dwz", report.source or "", {"players": v["players"].n, "elo": v["elo"].n}))
        elif kind == "list_date_conflict":
            out.append(Problem(field_, "refused_list_date_conflict", v["given"].isoformat(), {
                "list": v["list"], "earliest": v["earliest"].isoformat(), "why": f"list.proof.{v['why'].key.rsplit('.', 1)[-1]}",
                "switch": switch}))
        else:  # the list's scale: open (list_scale_unknown), or new for a tournament on the old (list_new_scale)
            dated = v.get("date")
            params: dict[str, Any] = {"end": v["end"].isoformat(), "count": v["count"].n, "switch": switch}
            if isinstance(dated, _Dated):
                params.update(date=dated.day.isoformat(), how=f"list.dated.{v['how'].key.rsplit('.', 1)[-1]}")
            code = f"refused_{kind}" + ("_undated" if not isinstance(dated, _Dated) else "")
            out.append(Problem(field_, code, v["list"], params))
    return out


MAX_LISTED = 10  # players named one by one in a refusal; the rest are "…"


# --- rendering helpers ------------------------------------------------------------------------------

SUMMARY_FROM = 6  # this many findings of one kind of file problem and more are summarised …
EXAMPLES = 3  # … by their count and the first few


@dataclass(frozen=True, slots=True)
class Condensed:
    """A renderer's view of one kind's findings: each shown whole, except a file problem
    that repeats (160 × "the opponent's line lacks the game" of one cut-off TRF): its
    count and first examples, then how many more (``more``)."""

    code: str | None
    count: int
    shown: tuple[Finding, ...]
    more: int

    def head(self, lang: str = "de") -> str | None:
        """The summary line of a repeated problem, None for findings shown one by one."""
        if self.code is None:
            return None
        key = f"check.summary.{self.code}"
        if key in CATALOGS["de"]["ui"]:
            return text(key, lang, n=self.count, shown=len(self.shown))
        return text("check.summary.any", lang, n=self.count, shown=len(self.shown))


def condense(findings: Sequence[Finding], limit: int = SUMMARY_FROM, examples: int = EXAMPLES) -> list[Condensed]:
    """``findings`` (of one kind) for a reader: file problems of a code that occurs ``limit``
    times or more become one :class:`Condensed` with ``examples`` of them; everything else
    stays, in order, one by one."""
    codes: dict[str, int] = {}
    for f in findings:
        if f.problem is not None:
            codes[f.problem.code] = codes.get(f.problem.code, 0) + 1
    out: list[Condensed] = []
    grouped: dict[str, list[Finding]] = {}
    for f in findings:
        code = f.problem.code if f.problem is not None else None
        if code is not None and codes[code] >= limit:
            if code not in grouped:
                grouped[code] = []
                out.append(Condensed(code, codes[code], (), 0))  # placeholder, filled below
            grouped[code].append(f)
        else:
            out.append(Condensed(None, 1, (f,), 0))
    return [Condensed(c.code, c.count, tuple(grouped[c.code][:examples]), c.count - min(examples, c.count))
            if c.code is not None else c for c in out]



def _value(v: Any, lang: str) -> Any:
    if isinstance(v, date):
        return fmt_date(v, lang)
    if isinstance(v, (Count, _Minutes, _Described, _Dated)):
        return v.text(lang)
    if isinstance(v, _Typed):
        return v.render(lang)
    if isinstance(v, Ref):
        if v.key.startswith("check."):
            return text(v.key, lang)
        return term(v.key, lang)
    if isinstance(v, tuple) and all(isinstance(x, Problem) for x in v):
        return "; ".join(_reason(x, lang) for x in v) or text("check.no_rated_games", lang)
    if v is None:
        return "–"
    return v


def _reason(p: Problem, lang: str) -> str:
    """Why a player stays unrated, in the check's words where it has them (with plurals)."""
    key = f"check.reason.{p.code}"
    if key not in CATALOGS["de"]["ui"]:
        return p.message(lang)
    n = p.value if isinstance(p.value, int) else 0
    return text(key, lang, **{**dict(p.params), "games": Count(n, "game").text(lang)})


def _rendered(values: tuple[tuple[str, Any], ...], lang: str) -> dict[str, Any]:
    return {k: _value(v, lang) for k, v in values}


def _plain(v: Any, lang: str) -> Any:
    if isinstance(v, date):
        return v.isoformat()
    if isinstance(v, _Dated):
        return v.day.isoformat()
    if isinstance(v, Count):
        return v.n
    if isinstance(v, _Minutes):
        return v.seconds / 60
    if isinstance(v, _Typed):
        return v.text
    if isinstance(v, _Described):
        return [{"moves": p.moves, "base_seconds": p.base, "increment_seconds": p.increment} for p in v.tc.periods]
    if isinstance(v, Ref):
        return v.key.rsplit(".", 1)[-1]
    if isinstance(v, tuple):
        return [x.to_dict(lang) if isinstance(x, Problem) else x for x in v]
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    return str(v)


# --- the TRF round dates (record 132) ----------------------------------------------------------------


def round_dates_trf(data: bytes | str) -> dict[int, date]:
    """Round → date from a TRF's record 132 (cols 92+10(r−1), formats.md §1.3); rounds
    without a readable date are left out.  Empty for anything else."""
    from dwz.formats._common import parse_date, split_lines

    text_ = data if isinstance(data, str) else data.decode("utf-8", errors="replace")
    out: dict[int, date] = {}
    for line in split_lines(text_):
        if not line.startswith("132"):
            continue
        k = 0
        while 91 + 10 * k < len(line) and k < 1000:
            try:
                d = parse_date(line[91 + 10 * k: 99 + 10 * k])
            except (ValueError, OverflowError):
                d = None
            if d is not None:
                out[k + 1] = d
            k += 1
        break
    return out


# --- gathering the inputs (the CLI with paths, the web with uploads) ---------------------------------


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


def _on_new_scale(day: date | None) -> bool:
    """Whether a value dated ``day`` is on the new scale (:func:`dwz.core.scale.scale_at`, spec dwz-2026 §6)."""
    from dwz.core.scale import NEW, scale_at

    return day is not None and scale_at(day) == NEW


def scales_differ(list_date: date | None, end: date | None) -> bool:
    """A list of before the Umstufung 2026 for a tournament rated on the new scale (spec dwz-2026 §6):
    its DWZ are converted for the evaluation (:func:`dwz.core.scale.scale_at` decides both)."""
    from dwz.core.scale import NEW, OLD, scale_at

    return list_date is not None and end is not None and scale_at(list_date) == OLD and scale_at(end) == NEW


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


def _tournament_scale(rules: str | None, end: date | None) -> str | None:
    """The scale a tournament is rated on: its edition's (``rules``, else the one of its end date)."""
    from dwz.rules import edition_for, get_edition

    if rules:
        try:
            return get_edition(rules).SCALE
        except (InputError, LookupError):
            pass
    return get_edition(edition_for(end)).SCALE if end is not None else None


@dataclass(frozen=True, slots=True)
class _Dated:
    """A list's date as the report says it: "frühestens 01.06.2026" where it is only the earliest it can have been made."""

    day: date
    bound: bool = False

    def text(self, lang: str) -> str:
        return text("check.date_earliest", lang, date=fmt_date(self.day, lang)) if self.bound else fmt_date(self.day, lang)
