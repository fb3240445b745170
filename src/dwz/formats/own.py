"""What dwz itself writes and cannot read back as a tournament: the evaluation (CSV for a
spreadsheet, JSON, the HTML page), the pre-upload check as JSON, stored Restpartien.

Given instead of a tournament file (``dwz tournament auswertung.csv``), such a file is
named for what it is — "Das ist eine Ergebnistabelle von dwz …, keine Turnierdatei" —
instead of "Dateiformat nicht erkannt" or a hundred schema errors.  The CSV header lives
here, once; :mod:`dwz.reports.table` writes it.

>>> own_output("\\ufeffNr;Name;DWZ alt;Index alt;Ausgangswert;AK;W;n\\r\\n1;Reck, Moritz".encode("utf-8"))
'own_output_csv'
>>> own_output(b'{\\n  "kind": "tournament",\\n  "tournament": {}}'), own_output(b'{"kind": "check"}'), own_output(b"012 Open")
('own_output_json', 'own_output_check', None)
"""

from __future__ import annotations

import re

__all__ = ["CSV_CLUB", "CSV_COLUMNS", "GENERATOR", "own_output"]

#: The result table's columns as :func:`dwz.reports.to_csv` writes them (German: ';', English: ',').
CSV_COLUMNS: dict[str, tuple[str, ...]] = {
    "de": ("Nr", "Name", "DWZ alt", "Index alt", "Ausgangswert", "AK", "W", "n", "We", "E/K", "Niveau", "Leistung",
           "DWZ neu", "Index neu", "Diff.", "veröffentlicht", "Bemerkung"),
    "en": ("No", "Name", "Old DWZ", "Old index", "Starting value", "Age", "W", "n", "We", "E/K", "Level", "Perf.",
           "New DWZ", "New index", "Change", "Published", "Remarks"),
}
#: The club's column, after the name when a player has a club (:func:`dwz.reports.to_csv`).
CSV_CLUB = {"de": "Verein", "en": "Club"}
#: The HTML page's ``<meta name="generator">`` (dwz.reports' evaluation.html).
GENERATOR = "dwz"

_JSON_KIND = re.compile(r'^\s*\{\s*"(kind|format)"\s*:\s*"([a-z_-]+)"')
_HTML_GENERATOR = re.compile(r'<meta\s+name="generator"\s+content="dwz[ "]', re.IGNORECASE)


def own_output(data: bytes | str) -> str | None:
    """The problem code naming what dwz wrote, if ``data`` is one of its outputs: ``own_output_csv``,
    ``own_output_json``, ``own_output_html`` (the evaluation), ``own_output_check`` (the check as
    JSON), ``own_output_restpartien`` — else ``None``."""
    head = data[:4096].decode("utf-8", errors="replace") if isinstance(data, bytes) else data[:4096]
    head = head.removeprefix("\ufeff")
    first = head.split("\n", 1)[0].strip().strip("\r")
    for lang, sep in (("de", ";"), ("en", ",")):
        cols = CSV_COLUMNS[lang]
        if first.startswith((sep.join(cols[:4]), sep.join((*cols[:2], CSV_CLUB[lang], *cols[2:4])))):
            return "own_output_csv"
    m = _JSON_KIND.match(head)
    if m is not None:
        return {("kind", "tournament"): "own_output_json", ("kind", "check"): "own_output_check",
                ("format", "dwz-restpartien"): "own_output_restpartien"}.get((m.group(1), m.group(2)))
    if _HTML_GENERATOR.search(head):
        return "own_output_html"
    return None
