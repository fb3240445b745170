"""The one judgment of an upload file (DSB XML 2.5, DeWIS XML): which findings block it.

The Prüfbericht's errors are exactly the findings that block an upload file — nothing the check calls
an error is written as a valid file, and nothing a writer refuses is missing from the check:

* :func:`dwz.reports.check.file_findings` turns what a writer itself calls invalid (a required element missing or
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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dwz.basics.errors import Problem
from dwz.basics.model import Tournament
from dwz.reports.check import KINDS, CheckReport, Finding, build, file_findings, said_by

if TYPE_CHECKING:
    from dwz.formats.dsb_xml import XmlOutput

__all__ = ["UploadFile", "blocking", "judge"]

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
