"""The Prüfbericht's findings on the players' identity: one person entered twice (the same id, or the
same name and birth year), a rated player the portal cannot identify (WO 6.1, DSB-XML 2.5), and the
birth years (missing, a computer's, implausible, filled from the list).  Called by
:func:`dwz.reports.check.check_tournament`."""

from __future__ import annotations

from collections.abc import Sequence

from dwz.basics.model import Player
from dwz.formats._common import name_key
from dwz.formats.lists import MatchReport
from dwz.reports.findings import Finding, _f, _label
from dwz.reports.wording import Ref

__all__: list[str] = []

_NO_FEDERATION = {"", "GER", "DEU"}  # federations that need no FIDE id here (not foreign)


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
