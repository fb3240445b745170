"""The DSB rating list ("DWZ-Liste") → :class:`DsbEntry` values.

One entry point, :func:`read_dsb_list`, for every form the list comes in
(formats.md §2):

* the download ZIP (``LV-0-dwzliste.zip``, ``LV-0-csv_v2.zip``, ``LV-0-csv.zip``,
  ``LV-0-dos.zip``) or a bare ``spieler.csv`` / ``SPIELER.TXT``;
* all three CSV header generations, columns mapped **by header name**
  (``VKZ``/``ZPS``, ``Mgl-Nr``/``Mitgliedsnummer``, ``Spielername``/
  ``"Name,Vorname"`` — also split unquoted into ``Name`` + ``Vorname`` —,
  ``FIDE-Elo``/``FIDE-Elozahl`` …);
* Windows-1252 (a UTF-8 file or BOM is recognised); the DOS pipe variant in CP850
  with DWZ and index joined as ``1802-45``.

One entry per membership: a player in two clubs appears twice with the same id.

>>> text = ('ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,'
...         'Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\\r\\n'
...         '10029745,10614,334,A,"Carlsen,Magnus",M,E,1990,202305,2843,103,2830,GM,1503014,NOR\\r\\n')
>>> e = read_dsb_list(text)[0]
>>> e.id, e.zps, e.member_no, e.name, e.birth_year, e.dwz, e.index, e.elo, e.fide_title, e.fide_id
('10029745', '10614', '334', 'Carlsen,Magnus', 1990, 2843, 103, 2830, 'GM', '1503014')
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from dwz.basics.errors import InputError, Problems
from dwz.formats._common import (
    MAX_LIST_BYTES,
    RANGES,
    Source,
    decode,
    int_or_none,
    load,
    norm_sex,
    norm_title,
    open_zip,
    problem,
    read_lines,
    read_member,
    reason_of,
    split_lines,
)

__all__ = ["DsbEntry", "is_zip", "looks_like_list", "read_dsb_list"]


@dataclass(frozen=True, slots=True)
class DsbEntry:
    """One line of the DSB list: one player in one club."""

    id: str | None  # DeWIS PKZ ("10029745") or nu id ("NU4005017"); None in generation 1
    zps: str | None  # club code ZPS/VKZ
    member_no: str | None
    status: str | None  # A aktiv, P passiv
    name: str  # "Nachname,Vorname[,Titel]"
    sex: str | None  # "m" / "w"
    birth_year: int | None
    dwz: int | None
    index: int | None
    elo: int | None
    fide_title: str | None
    fide_id: str | None
    fide_fed: str | None
    eligibility: str | None = None  # Spielberechtigung D/G/E/A/S
    last_evaluation: str | None = None  # JJJJWW
    source: str | None = None  # "file:line"
    generation: int | None = None  # the CSV header's generation (formats.md §2.3): 3 = the nu portal's (2026); None: DOS


_COLUMNS = {
    "id": "id", "pkz": "id", "zps": "zps", "vkz": "zps", "mglnr": "member_no", "mitgliedsnummer": "member_no",
    "status": "status", "spielername": "name", "name,vorname": "name", "geschlecht": "sex",
    "spielberechtigung": "eligibility", "geburtsjahr": "birth_year", "letzteauswertung": "last_evaluation",
    "dwz": "dwz", "index": "index", "fideelo": "elo", "fideelozahl": "elo", "fidetitel": "fide_title",
    "fideid": "fide_id", "fideland": "fide_fed", "vorname": "first_name", "nachname": "last_name",
}
_EXPECTED = "ID, ZPS/VKZ, Mgl-Nr, Status, Spielername, …, DWZ, Index, FIDE-Elo, FIDE-Titel, FIDE-ID, FIDE-Land"
_DOS_FIELDS = 14


def is_zip(data: bytes) -> bool:
    return data[:4] in (b"PK\x03\x04", b"PK\x05\x06")


def looks_like_list(head: bytes) -> bool:
    """Does a file's start look like a rating list — a ZIP, XML, the FIDE header, the DSB
    CSV header (name and DWZ columns) or a DOS ``SPIELER.TXT`` line?  (Not: any file that
    is no tournament, such as random bytes.)"""
    if is_zip(head):
        return True
    text = head[:4096].decode("latin-1").lstrip("\ufeffï»¿ \r\n\t")
    if text.startswith("<") or re.match(r"^ID\s+[Nn]umber", text):
        return True
    first = next((line for line in split_lines(text) if line.strip()), "")
    if first.count("|") >= _DOS_FIELDS - 1:
        return True
    try:
        row = next(csv.reader([first]))
    except (csv.Error, StopIteration):
        return False
    header, _ = _header(row)
    return "name" in header and "dwz" in header


def read_dsb_list(source: Source, *, name: str | None = None, max_bytes: int = MAX_LIST_BYTES) -> tuple[DsbEntry, ...]:
    """Read the DSB list from a ZIP, a ``spieler.csv`` or a DOS ``SPIELER.TXT``
    (path, bytes or text).

    The list is read into memory: a file or ZIP member over ``max_bytes``
    (64 MiB; the national list has ~20 MB) or a ZIP member compressed more
    than 100 : 1 is refused before it is inflated.
    """
    data, fname = load(source, name, max_bytes)
    if isinstance(data, bytes) and is_zip(data):
        data, fname = _from_zip(data, fname, max_bytes)
    probe = data if isinstance(data, str) else data[:4096].decode("latin-1")
    first = next((line for line in split_lines(probe) if line.strip()), "")
    if first.count("|") >= _DOS_FIELDS - 1 and not first.lower().startswith("id|"):
        return _read_dos(decode(data, ("utf-8", "cp850"), fname), fname)
    return _read_csv(decode(data, ("utf-8", "cp1252", "latin-1"), fname), fname)


def _from_zip(data: bytes, fname: str, limit: int) -> tuple[bytes, str]:
    try:
        with open_zip(io.BytesIO(data), fname) as z:
            names = {n.rsplit("/", 1)[-1].lower(): n for n in z.namelist()}
            member = names.get("spieler.csv") or names.get("spieler.txt")
            if member is None:
                raise InputError([problem(fname, None, "list_zip_empty", ", ".join(sorted(names)) or "–",
                                          expected="spieler.csv, SPIELER.TXT")])
            return read_member(z, member, f"{fname}/{member}", limit), f"{fname}/{member}"
    except InputError:
        raise
    except Exception as e:  # a broken ZIP can fail in many ways (BadZipFile, zlib.error, EOFError …)
        raise InputError([problem(fname, None, "file_unreadable", "ZIP", reason=reason_of(e))]) from None


def _col(cell: str) -> str:
    return re.sub(r"[\s\-_.\"]+", "", cell).lower()


def _read_csv(text: str, fname: str) -> tuple[DsbEntry, ...]:
    errors = Problems()
    entries: list[DsbEntry] = []
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str | None] | None = None
    labels: list[str] = []
    generation: int | None = None
    line = 1
    try:
        for row in reader:
            start, line = line, reader.line_num + 1
            if not row or not any(cell.strip() for cell in row):
                continue
            if header is None:
                header, labels = _header(row)
                if "name" not in header or "dwz" not in header:
                    raise InputError([problem(fname, start, "list_header_unknown", ",".join(row), expected=_EXPECTED)])
                generation = _generation(row)
                continue
            if len(row) != len(header):
                errors.append(problem(fname, start, "list_row_fields", len(row), expected=len(header)))
                continue
            values = {h: row[j].strip() for j, h in enumerate(header) if h is not None}
            entry = _entry(values, labels, header, fname, start, errors, generation)
            if entry is not None:
                entries.append(entry)
    except csv.Error as e:
        errors.append(problem(fname, line, "file_unreadable", "", reason=reason_of(e)))
    if header is None and not errors:
        errors.append(problem(fname, None, "file_empty", ""))
    if errors:
        raise InputError(errors)
    return tuple(entries)


def _header(row: list[str]) -> tuple[list[str | None], list[str]]:
    cells = [_col(c) for c in row]
    labels = [c.strip() for c in row]
    # formats.md §8: the nu header cell "Name,Vorname" may arrive split unquoted.
    for j in range(len(cells) - 1):
        if cells[j] == "name" and cells[j + 1] == "vorname" and cells.count("vorname") > 1:
            cells[j: j + 2] = ["name,vorname"]
            labels[j: j + 2] = ["Name,Vorname"]
            break
    return [_COLUMNS.get(c) for c in cells], labels


def _generation(row: list[str]) -> int:
    """The header's generation (formats.md §2.3): 3 — the nu portal's of 2026 — names the member
    number "Mitgliedsnummer", the name column "Name,Vorname" and the Elo "FIDE-Elozahl"; 2 has the
    numeric DeWIS id and "VKZ"; 1 neither."""
    cells = {_col(c) for c in row}
    if cells & {"mitgliedsnummer", "name,vorname", "fideelozahl"} or {"name", "vorname", "nachname"} <= cells:
        return 3
    return 2 if "id" in cells or "vkz" in cells else 1


def _entry(v: dict[str, str], labels: list[str], header: list[str | None], fname: str, line: int,
           errors: Problems, generation: int | None = None) -> DsbEntry | None:
    before = errors.seen

    def num(key: str) -> int | None:
        text = v.get(key, "")
        label = labels[header.index(key)] if key in header else key
        try:
            value = int_or_none(text)
        except ValueError:
            errors.append(problem(fname, line, "number_invalid", text, column=label))
            return None
        bounds = RANGES.get(key)
        if value is not None and bounds is not None and not bounds[0] <= value <= bounds[1]:
            errors.append(problem(fname, line, "number_range", value, column=label, min=bounds[0], max=bounds[1]))
            return None
        return value

    name = v.get("name", "")
    if not name and (v.get("last_name") or v.get("first_name")):
        name = f"{v.get('last_name', '')},{v.get('first_name', '')}"
    dwz, index, elo, birth, fide = num("dwz"), num("index"), num("elo"), num("birth_year"), num("fide_id")
    if errors.seen > before:
        return None
    return DsbEntry(
        id=_opt_id(v.get("id")), zps=(v.get("zps") or "").upper() or None, member_no=v.get("member_no") or None,
        status=(v.get("status") or "").upper() or None, name=name, sex=norm_sex(v.get("sex")), birth_year=birth,
        dwz=dwz, index=index if dwz else None, elo=elo, fide_title=norm_title(v.get("fide_title")),
        fide_id=None if fide is None else str(fide), fide_fed=v.get("fide_fed") or None,
        eligibility=v.get("eligibility") or None, last_evaluation=v.get("last_evaluation") or None,
        source=f"{fname}:{line}", generation=generation,
    )


def _opt_id(text: str | None) -> str | None:
    if not text or not text.strip("0 "):
        return None
    return text.strip()


def _read_dos(text: str, fname: str) -> tuple[DsbEntry, ...]:
    # SPIELER.TXT (§2.4): ID|ZPS|Mgl-Nr|Status|Name,Vorname|Geschlecht|Spielberechtigung|
    # Geburtsjahr|JJJJWW|DWZ-Index|Elo|Titel|FIDE-ID|FIDE-Land, no header, CP850.
    keys = ("id", "zps", "member_no", "status", "name", "sex", "eligibility", "birth_year", "last_evaluation",
            "dwz_index", "elo", "fide_title", "fide_id", "fide_fed")
    labels = ["ID", "ZPS", "Mgl-Nr", "Status", "Name,Vorname", "Geschlecht", "Spielberechtigung", "Geburtsjahr",
              "JJJJWW", "DWZ-Index", "Elo", "Titel", "FIDE-ID", "FIDE-Land"]
    header: list[str | None] = [*keys, "dwz", "index"]
    errors = Problems()
    entries: list[DsbEntry] = []
    for i, line in enumerate(read_lines(text, fname), 1):
        if not line.strip():
            continue
        fields = line.split("|")
        if len(fields) != _DOS_FIELDS:
            errors.append(problem(fname, i, "list_row_fields", len(fields), expected=_DOS_FIELDS))
            continue
        v = dict(zip(keys, (f.strip() for f in fields), strict=True))
        dwz_text, _, index_text = v.pop("dwz_index").partition("-")
        v["dwz"], v["index"] = dwz_text, index_text
        entry = _entry(v, [*labels, "DWZ", "Index"], header, fname, i, errors)
        if entry is not None:
            entries.append(entry)
    if errors:
        raise InputError(errors)
    return tuple(entries)
