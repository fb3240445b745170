"""The one judgment of an upload file (DSB XML 2.5, DeWIS XML): which findings block it.

The Prüfbericht's errors are exactly the findings that block an upload file — nothing the check calls
an error is written as a valid file, and nothing a writer refuses is missing from the check:

* :func:`file_findings` turns what a writer itself calls invalid (a required element missing or
  malformed, :data:`dwz.formats.dsb_xml.BLOCKING`) into check errors, where no finding of the check
  already says it (a missing ‹dobYear› is ``birth_year_missing``) — :func:`dwz.reports.check.check_tournament`
  calls it, so the check's errors include the writers';
* :func:`judge` decides for one file: its blocking findings are the check's errors (:func:`blocking`),
  with the writer's own added should the check have seen another tournament (it never does: the same set).

``dwz tournament --dsb-xml/--dewis-xml`` writes nothing when a file is blocked (exit 2, the fixes listed),
``/turnier`` and ``/api/turnier`` offer no download; ``--trotzdem-schreiben`` and the page's
"ungültige Meldedatei" box are the one way to insist.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dwz.basics.errors import Problem
from dwz.basics.model import Tournament
from dwz.reports.findings import CheckReport, Finding

if TYPE_CHECKING:
    from dwz.formats.dsb_xml import XmlOutput

__all__ = ["KINDS", "UploadFile", "blocking", "build", "file_findings", "judge", "said_by", "unsaid"]

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


def _player_name(place: str) -> str | None:
    """The name in a writer's place ("player 5 Müller, Hans"); none where it had none to write (a name of only
    a comma has neither surname nor forename: "player 5")."""
    parts = place.split(" ", 2)
    return parts[2] if len(parts) > 2 else None


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
    return [Finding("error", "upload_invalid", player=no, name=_player_name(p.field) if no is not None else None,
                    where=None if no is not None else p.field, values=(("file", label),), problem=p)
            for label, p, no in unsaid(t, said)]


def blocking(report: CheckReport) -> tuple[Finding, ...]:
    """The findings that block an upload file: the check's errors, every one of them."""
    return tuple(f for f in report.findings if f.severity == "error")


@dataclass(frozen=True, slots=True)
class UploadFile:
    """One upload file and the judgment of it: ``blocking`` empty — valid; else the findings (each with
    its fix) that make the portal reject it.  ``output`` carries the text and the writer's questions."""

    kind: str
    output: XmlOutput
    blocking: tuple[Finding, ...]

    @property
    def label(self) -> str:
        return KINDS[self.kind]

    @property
    def valid(self) -> bool:
        return not self.blocking

    @property
    def questions(self) -> tuple[Problem, ...]:
        """What a rating officer would ask of the file (the writer's problems that do not block it)."""
        return tuple(p for p in self.output.problems if p not in self.output.errors)

    def to_dict(self, lang: str = "de", surface: str = "cli") -> dict[str, Any]:
        return {"valid": self.valid, "errors": len(self.blocking), "blocking": [f.to_dict(lang, surface) for f in self.blocking],
                "questions": [{"where": p.field, "message": p.message(lang)} for p in self.questions]}


def judge(report: CheckReport, t: Tournament, kind: str, *, location: str | None = None, time_control: str | None = None,
          sender: str | None = None) -> UploadFile:
    """The upload file ``kind`` of ``t`` (the evaluated tournament, with the end the evaluation used)
    and whether it may be uploaded: blocked by every error of ``report`` (:func:`blocking`)."""
    out = build(t, kind, location=location, time_control=time_control, sender=sender)
    found = list(blocking(report))
    # the check saw this tournament and named the writers' errors already; one it did not is added, never lost
    found += file_findings(t, found) if any(not said_by(p, found) for p in out.errors) else []
    return UploadFile(kind, out, tuple(found))
