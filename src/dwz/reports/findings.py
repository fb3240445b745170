"""The Prüfbericht's findings as values (:mod:`dwz.reports.check` makes them): each kind of
finding with the rule or format section it rests on (:data:`RULES`), one :class:`Finding`, the lists the
check used (:class:`ListInfo`) and the whole :class:`CheckReport` — with the errors on which ``dwz
tournament`` and the web refuse to show numbers (:data:`REFUSING`), and a renderer's view of one kind's
findings (:func:`condense`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Player
from dwz.formats.lists import ListDate
from dwz.i18n import CATALOGS, text
from dwz.reports.wording import Count, _Dated, _plain, _rendered, surface_text
from dwz.rules import transition

__all__ = ["EXAMPLES", "REFUSING", "RULES", "SEVERITIES", "SUMMARY_FROM", "CheckReport", "Condensed", "Finding", "ListInfo",
           "Severity", "condense"]

Severity = Literal["error", "warning", "note"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "note")


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


# --- a player's finding ----------------------------------------------------------------------------


def _label(p: Player) -> str:
    return f"{p.no}. {p.name}"


def _f(severity: Severity, kind: str, p: Player, variant: str | None = None, **values: Any) -> Finding:
    return Finding(severity, kind, p.no, p.name, values=tuple(values.items()), variant=variant)


# --- the refusal: the errors that make the evaluation's numbers doubtful ---------------------------


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
                "end": v["end"].isoformat(), "rules": v["rules"], "switch": switch, "player": v["player"], "as_new": v["as_new"],
                "as_old": v["as_old"]}))
        elif kind == "no_dwz":
            out.append(Problem(field_, "refused_no_dwz", report.source or "", {"players": v["players"].n, "elo": v["elo"].n}))
        elif kind == "list_date_conflict":
            out.append(Problem(field_, "refused_list_date_conflict", v["given"].isoformat(), {
                "list": v["list"], "earliest": v["earliest"].isoformat(), "why": f"list.proof.{v['why'].key.rsplit('.', 1)[-1]}",
                "switch": switch}))
        else:  # the list's scale: open (list_scale_unknown), or new for a tournament on the old (list_new_scale)
            dated = v.get("date")
            params: dict[str, Any] = {"end": v["end"].isoformat(), "rules": v["rules"], "count": v["count"].n, "switch": switch}
            if isinstance(dated, _Dated):
                params.update(date=dated.day.isoformat(), how=f"list.dated.{v['how'].key.rsplit('.', 1)[-1]}")
            code = f"refused_{kind}" + ("_undated" if not isinstance(dated, _Dated) else "")
            out.append(Problem(field_, code, v["list"], params))
    return out


MAX_LISTED = 10  # players named one by one in a refusal; the rest are "…"


# --- a renderer's view of one kind's findings ------------------------------------------------------

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


# --- the scale a value and a tournament are on -----------------------------------------------------


def _on_new_scale(day: date | None) -> bool:
    """Whether a value dated ``day`` is on the new scale (:func:`dwz.core.scale.scale_at`, spec dwz-2026 §6)."""
    from dwz.core.scale import NEW, scale_at

    return day is not None and scale_at(day) == NEW


def _tournament_rules(rules: str | None, end: date | None) -> str | None:
    """The edition that rates a tournament: ``rules`` if it names one, else the one of its end date."""
    from dwz.rules import edition_for, get_edition

    if rules:
        try:
            return get_edition(rules).NAME
        except (InputError, LookupError):
            pass
    return edition_for(end) if end is not None else None


def _tournament_scale(rules: str | None, end: date | None) -> str | None:
    """The scale a tournament is rated on: its edition's (:func:`_tournament_rules`)."""
    from dwz.rules import get_edition

    name = _tournament_rules(rules, end)
    return get_edition(name).SCALE if name is not None else None
