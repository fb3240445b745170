"""The cross-check ("Gegenprüfung") of an evaluation the portal published.

1. :func:`fetch_bundle` fetches the tournament, its evaluation and every match (paginated) — or
   :func:`read_bundle` reads them from a saved file (one JSON document with a format version and
   the retrieval time, :func:`bundle_bytes`), so that the check runs later without network and
   without credentials.
2. :func:`build_tournament` makes a :class:`~dwz.basics.model.Tournament` of them: each participant
   with his DWZ and index before the tournament, birth year, membership; each match by its result
   code (forfeits listed, not rated).  Nothing is computed here.
3. :func:`crosscheck` evaluates it with the engine under the edition in force at its end date
   (:func:`dwz.core.tournament.evaluate_tournament`) and compares player by player with what the
   portal published — W, n, We, E or K, Niveau, Leistung, DWZ neu and index — at the portal's
   precision (:data:`PRECISION`): We as ``winsExpected`` has 5 decimals, K one; the integers and W
   exactly.  A difference comes with the player's Rechenweg and the rule section of the step.

Players the model cannot evaluate as the portal did are *not compared*, with the reason (an
irregular result such as 0:½, which the portal rates and the model does not know), rather than
reported as a difference or an agreement.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.portal.errors import PortalError, ShapeError, found_term
from dwz.portal.models import Evaluation, Match, TournamentInfo, TournamentPlayer, _Obj
from dwz.portal.plausibility import Finding

__all__ = ["BUNDLE_FORMAT", "BUNDLE_VERSION", "PRECISION", "Built", "Bundle", "CrossCheck", "FieldCheck", "PlayerCheck", "build_tournament",
           "bundle_bytes", "crosscheck", "fetch_bundle", "make_bundle", "read_bundle", "to_csv"]

BUNDLE_FORMAT = "dwz-portal-bundle"
BUNDLE_VERSION = 1
BUNDLE_MAX = 32 << 20  # bytes of a saved bundle (the same cap as one portal answer)
UUID = re.compile(r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")

# The fields compared, in the DSB table's order: (field, tolerance, decimals shown); a tolerance of
# 0 means exactly.  The portal publishes winsExpected with 5 decimals and factorK with one.
PRECISION: dict[str, tuple[float, int]] = {
    "W": (0.0, 1), "n": (0.0, 0), "We": (0.5e-5, 5), "K": (0.05, 1), "Rc": (0.0, 0), "performance": (0.0, 0),
    "new_rating": (0.0, 0), "new_index": (0.0, 0),
}
_EPS = 1e-9
# The steps whose rule section a field's difference cites (the first found in the player's Rechenweg).
_STEPS = {
    "W": ("core.W", "first.games"), "n": ("core.games", "first.games"), "We": ("core.We", "first.We_Ri"),
    "K": ("k26.K", "classic.E_limits", "classic.E_raw"), "Rc": ("core.Rc",), "performance": ("core.perf", "k26.perf", "perf.", "tour.perf_ri"),
    "new_rating": ("k26.floor", "k26.Rn", "classic.Rn", "k26.first_", "classic.first", "tour.sonder"),
    "new_index": ("core.index", "first.index"),
}
_RULES = {"W": "WO 3.2", "n": "WO 3.3.2", "We": "WO 3.3.1", "K": "WO Anhang 1.3", "Rc": "WO 3.6.2", "performance": "WO 3.6.1",
          "new_rating": "WO 3.5.2", "new_index": "WO 2.2.4"}

# Result codes → (White's, Black's) result in the model (spec portal.md; recorded codes in samples/portal).
_GAMES = {
    "WHITE_WINS": (Result.WIN, Result.LOSS), "BLACK_WINS": (Result.LOSS, Result.WIN), "REMIS": (Result.DRAW, Result.DRAW),
    "PLUS_MINUS": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "MINUS_PLUS": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "MINUS_MINUS": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    # 0:- and -:0: nobody wins, nothing is rated — in the model a double forfeit (both sides 0 points)
    "ZERO_MINUS": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS), "MINUS_ZERO": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
}
# 0:½ and ½:0 are rated by the portal but are no game of the model (one side's loss is no other side's
# win): each side becomes an unrated entry (as the DSB XML readers do) and both players are not compared.
_IRREGULAR = {"ZERO_HALF": (Result.BYE_ZERO, Result.BYE_HALF), "HALF_ZERO": (Result.BYE_HALF, Result.BYE_ZERO)}
# One side without opponent: what the present side gets.
_ONE_SIDED = {"PLUS_MINUS": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "MINUS_PLUS": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)}


# --- the bundle ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bundle:
    """The portal's answers about one tournament, as received (``raw``) and as read."""

    raw_tournament: Any
    raw_evaluation: Any
    raw_matches: tuple[Any, ...]
    retrieved: str  # ISO time (UTC)
    source: str | None  # the API base they came from
    tournament: TournamentInfo
    evaluation: Evaluation
    matches: tuple[Match, ...]
    name: str | None = None  # the file it was read from

    def to_json(self) -> dict[str, Any]:
        return {"format": BUNDLE_FORMAT, "version": BUNDLE_VERSION, "retrieved": self.retrieved, "source": self.source,
                "tournament": self.raw_tournament, "evaluation": self.raw_evaluation, "matches": list(self.raw_matches)}


def make_bundle(raw_tournament: Any, raw_evaluation: Any, raw_matches: list[Any] | tuple[Any, ...], *, retrieved: str | None = None,
                source: str | None = None, name: str | None = None) -> Bundle:
    """Read the three answers (a :class:`ShapeError` names the part: ``tournament``, ``evaluation``, ``matches[i]``)."""
    t = TournamentInfo.from_json(raw_tournament, "tournament")
    ev = Evaluation.from_json(raw_evaluation, "evaluation")
    ms = tuple(Match.from_json(m, f"matches[{i}]") for i, m in enumerate(raw_matches))
    when = retrieved or datetime.now(UTC).replace(microsecond=0).isoformat()
    return Bundle(raw_tournament, raw_evaluation, tuple(raw_matches), when, source, t, ev, ms, name)


def check_uuid(value: str, field: str = "uuid") -> str:
    v = value.strip()
    if not UUID.match(v):
        raise InputError.single(field, "portal_uuid", value)
    return v.lower()


def fetch_bundle(client: Any, uuid: str) -> Bundle:
    """The tournament ``uuid``, its evaluation and all its matches from the portal (a :class:`~dwz.portal.client.PortalClient`)."""
    u = check_uuid(uuid)
    base = f"/dwz/tournaments/{u}"
    raw_t = client.get_json(base)
    raw_e = client.get_json(base + "/evaluation")
    raw_m = client.all_items(base + "/matches")
    try:
        return make_bundle(raw_t, raw_e, raw_m, source=client.settings.api)
    except ShapeError as e:  # named at the endpoint that sent it: "/dwz/tournaments/…/evaluation", "players[3].playerUuid"
        part, _, rest = e.where.partition(".")
        if part.startswith("matches"):
            path, place = base + "/matches", e.where
        else:
            path, place = (base + "/evaluation" if part == "evaluation" else base), rest or e.where
        raise PortalError("shape", endpoint=path, field=place, expected=f"portal.kind.{e.expected}", found=found_term(e.found)) from None


def bundle_bytes(bundle: Bundle) -> bytes:
    """The bundle as a file: UTF-8 JSON, the portal's answers unchanged (unknown fields kept)."""
    from dwz.basics.parsing import json_dumps

    return (json_dumps(bundle.to_json(), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def read_bundle(source: Path | bytes, name: str | None = None) -> Bundle:
    """A saved bundle (a path or its bytes); its problems are an :class:`InputError` naming the file and the place."""
    import json

    from dwz.basics.parsing import json_loads
    from dwz.formats._common import load, problem, reason_of

    data, fname = load(source, name, BUNDLE_MAX)
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
        doc = json_loads(text)
    except UnicodeDecodeError:
        raise InputError([problem(fname, None, "encoding_unreadable", "", expected="UTF-8")]) from None
    except json.JSONDecodeError as e:  # no JSON at all (a tournament file, a CSV): what is expected, and where reading stopped
        raise InputError([problem(fname, None, "portal_bundle_unreadable", None, line=e.lineno, column=e.colno,
                                  reason=reason_of(e))]) from None
    except (ValueError, RecursionError) as e:
        raise InputError([problem(fname, None, "file_unreadable", "JSON", reason=reason_of(e))]) from None
    if not isinstance(doc, dict) or doc.get("format") != BUNDLE_FORMAT:
        said = doc.get("format") if isinstance(doc, dict) else None
        raise InputError([problem(fname, None, "portal_bundle_format", "–" if said is None else str(said), expected=BUNDLE_FORMAT)])
    version = doc.get("version")
    if version != BUNDLE_VERSION:
        raise InputError([problem(fname, None, "portal_bundle_version", str(version), supported=BUNDLE_VERSION)])
    try:
        o = _Obj(doc, "")
        matches = o.array("matches", required=True)
        retrieved = o.text("retrieved") or ""
        return make_bundle(doc.get("tournament"), doc.get("evaluation"), matches, retrieved=retrieved, source=o.text("source"),
                           name=fname)
    except ShapeError as e:
        raise InputError([problem(fname, None, "portal_bundle_shape", e.where, expected=f"portal.kind.{e.expected}",
                                  found=found_term(e.found))]) from None


# --- the tournament --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Built:
    """The tournament made of a bundle: which portal player is which number, what could not be compared and why."""

    tournament: Tournament
    numbers: dict[str, int]  # playerUuid (else NU id) → Player.no
    published: dict[int, TournamentPlayer]  # Player.no → the portal's evaluation row
    not_comparable: dict[int, tuple[Problem, ...]]
    notes: tuple[Problem, ...]


def _player(tp: TournamentPlayer, no: int, notes: list[Problem]) -> Player:
    rating, index, elo = tp.rating_old, tp.index_old, tp.elo
    if rating is None:
        shown = tp.display_number(tp.rating_old_display)
        if shown is not None:
            # No ratingOld, but a starting value shown ("1554", "(1537)"): nu counts with it as with a rating
            # from outside the DSB (WO 4.1.2; the recorded non-member's K 56.9 is K0 of index 6 + youth surcharge).
            elo = shown[0]
            notes.append(Problem(f"player {no}", "portal_start_display", tp.rating_old_display, {"player": tp.name or f"#{no}"}))
    member = True if tp.member is None else tp.member
    return Player(no=no, name=tp.name or tp.nu_id or f"#{no}", rating=rating, index=index if rating is not None else None, elo=elo,
                  birth_year=tp.birth_year, club=tp.club_name, zps=tp.vkz, member_no=tp.member_no, dsb_id=tp.nu_id, fide_id=tp.fide_id,
                  member=member, source=f"player {no}")


def build_tournament(bundle: Bundle) -> Built:
    """The :class:`Tournament` of a bundle (its end date chooses the rule edition)."""
    end = bundle.tournament.end or (bundle.evaluation.tournament.end if bundle.evaluation.tournament else None)
    if end is None:
        raise ShapeError("tournament.enddate", "date", "missing")
    rows = bundle.evaluation.players
    given = [tp.player_no for tp in rows]
    use_given = all(n is not None and n > 0 for n in given) and len(set(given)) == len(given)
    numbers: dict[str, int] = {}
    published: dict[int, TournamentPlayer] = {}
    players: list[Player] = []
    notes: list[Problem] = []
    def known(tp: TournamentPlayer) -> int | None:  # by playerUuid, else by NU id (either may be all the data names)
        return next((numbers[k] for k in (tp.player_uuid, tp.nu_id) if k is not None and k in numbers), None)

    for i, tp in enumerate(rows, 1):
        key = tp.key
        assert key is not None
        if known(tp) is not None:
            notes.append(Problem(f"player {known(tp)}", "portal_player_twice", key, {}))
            continue
        no: int = tp.player_no if use_given and tp.player_no is not None else i
        numbers.update({k: no for k in (tp.player_uuid, tp.nu_id) if k is not None})
        published[no] = tp
        players.append(_player(tp, no, notes))
    next_no = max([0, *numbers.values()]) + 1
    for m in bundle.matches:  # a participant of a match the evaluation does not list: taken from the match, not compared
        for side_tp in (m.white, m.black):
            side_key = side_tp.key if side_tp is not None else None
            if side_tp is not None and side_key is not None and known(side_tp) is None:
                numbers.update({k: next_no for k in (side_tp.player_uuid, side_tp.nu_id) if k is not None})
                players.append(_player(side_tp, next_no, notes))
                notes.append(Problem(f"player {next_no}", "portal_player_unlisted", side_tp.name or side_key, {}))
                next_no += 1
    pairings: list[Pairing] = []
    odd: dict[int, list[Problem]] = {}
    for j, m in enumerate(bundle.matches):
        where = f"matches[{j}]"
        w = known(m.white) if m.white is not None else None
        b = known(m.black) if m.black is not None else None
        if m.result in _IRREGULAR:
            irregular = _IRREGULAR[m.result]
            for who, res in ((w, irregular[0]), (b, irregular[1])):
                if who is not None:
                    pairings.append(Pairing(m.round, who, None, res, None, where))
                    odd.setdefault(who, []).append(Problem(where, "portal_irregular", m.result, {"round": m.round}))
            continue
        if w is not None and b is not None:
            game = _GAMES[m.result]
            pairings.append(Pairing(m.round, w, b, game[0], game[1], where))
            continue
        me, side = (w, 0) if w is not None else (b, 1)
        if me is None:
            notes.append(Problem(where, "portal_match_empty", m.result, {"round": m.round}))
            continue
        one = _ONE_SIDED.get(m.result) if m.result in _ONE_SIDED else None
        if one is None and m.result in ("WHITE_WINS", "BLACK_WINS", "REMIS"):
            # a rated result without an opponent: a game the portal rated against someone the data does not name
            odd.setdefault(me, []).append(Problem(where, "portal_no_opponent", m.result, {"round": m.round}))
            alone = (Result.BYE_FULL, Result.BYE_ZERO) if m.result == "WHITE_WINS" else (
                (Result.BYE_ZERO, Result.BYE_FULL) if m.result == "BLACK_WINS" else (Result.BYE_HALF, Result.BYE_HALF))
            pairings.append(Pairing(m.round, me, None, alone[side], None, where))
            continue
        pair = one or _GAMES.get(m.result, (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS))
        pairings.append(Pairing(m.round, me, None, pair[side], None, where))
    t = Tournament(name=bundle.tournament.label or bundle.tournament.uuid or "?", end=end, players=tuple(players),
                   pairings=tuple(pairings), start=bundle.tournament.start, code=bundle.tournament.uuid,
                   source=bundle.name or bundle.tournament.uuid)
    notes.extend(t.notes)
    return Built(t, numbers, published, {k: tuple(v) for k, v in odd.items()}, tuple(notes))


# --- the comparison --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FieldCheck:
    """One published value against ours."""

    field: str  # "W", "n", "We", "K" (E in a classic evaluation), "Rc", "performance", "new_rating", "new_index"
    portal: float | int
    ours: float | int | None
    agree: bool
    rule: str
    note: str | None = None  # a catalog key said with the value (e.g. the portal's factorK is E + n)

    def to_dict(self, lang: str = "de", coefficient: str = "K") -> dict[str, Any]:
        from dwz.i18n import text

        return {"field": self.field, "label": field_label(self.field, lang, coefficient), "portal": self.portal, "dwz": self.ours,
                "agree": self.agree, "rule": self.rule, "note": text(self.note, lang) if self.note else None}


def field_label(name: str, lang: str, coefficient: str = "K") -> str:
    from dwz.i18n import text

    return coefficient if name == "K" else text(f"portal.field.{name}", lang)


@dataclass(frozen=True)
class PlayerCheck:
    """A participant: the portal's row, ours, the fields compared."""

    no: int
    name: str
    nu_id: str | None
    player_uuid: str | None
    member: bool
    status: str  # "agree", "differ", "not_compared"
    fields: tuple[FieldCheck, ...]
    reasons: tuple[Problem, ...]  # why not compared
    portal: TournamentPlayer | None
    ours: Any  # the engine's PlayerEvaluation
    games: tuple[dict[str, Any], ...] = field(default=())  # per game: the portal's expectation (own view) against our P

    @property
    def differences(self) -> tuple[FieldCheck, ...]:
        return tuple(f for f in self.fields if not f.agree)

    def to_dict(self, lang: str = "de", coefficient: str = "K") -> dict[str, Any]:
        pe = self.ours
        d: dict[str, Any] = {
            "no": self.no, "name": self.name, "nu_id": self.nu_id, "player_uuid": self.player_uuid, "member": self.member,
            "status": self.status, "reasons": [r.message(lang) for r in self.reasons],
            "old_rating": pe.old_rating, "old_index": pe.old_index,
            "fields": [f.to_dict(lang, coefficient) for f in self.fields],
        }
        if self.status == "differ":
            d["games"] = list(self.games)
            d["steps"] = pe.rechenweg(lang)
        return d


@dataclass(frozen=True)
class CrossCheck:
    """The cross-check of one published evaluation."""

    bundle: Bundle
    built: Built
    evaluation: Any  # TournamentEvaluation
    players: tuple[PlayerCheck, ...]
    findings: tuple[Finding, ...] = ()  # implausible published values ("auffällige Werte"), each with its rule

    @property
    def rules(self) -> str:
        return str(self.evaluation.rules)

    @property
    def coefficient(self) -> str:
        from dwz.rules import get_edition

        return get_edition(self.rules).COEFFICIENT  # the edition says its symbol (issue 23 §5: no test of its name)

    def count(self, status: str) -> int:
        return sum(1 for p in self.players if p.status == status)

    @property
    def exit_code(self) -> int:
        """0 every compared player agrees and nothing published is implausible, 1 otherwise."""
        return 1 if self.count("differ") or self.findings else 0

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        from dwz.i18n import text

        t = self.bundle.tournament
        return {
            "kind": "portal_crosscheck", "format_version": 1,
            "tournament": t.to_dict(), "end": self.evaluation.end.isoformat(), "rules": self.rules, "coefficient": self.coefficient,
            "retrieved": self.bundle.retrieved, "source": self.bundle.source, "file": self.bundle.name,
            "precision": {k: ("exact" if tol == 0 else dec) for k, (tol, dec) in PRECISION.items()},
            "precision_text": text("portal.precision", lang, coefficient=self.coefficient),
            "summary": {"players": len(self.players), "agree": self.count("agree"), "differ": self.count("differ"),
                        "not_compared": self.count("not_compared")},
            "notes": [n.message(lang) for n in self.built.notes],
            "findings": [f.to_dict(lang) for f in self.findings],
            "players": [p.to_dict(lang, self.coefficient) for p in self.players],
        }


def _agree(name: str, portal: float | int, ours: float | int | None) -> bool:
    if ours is None:
        return False
    tol = PRECISION[name][0]
    return abs(float(portal) - float(ours)) <= tol + _EPS


def _rule(pe: Any, name: str) -> str:
    for step in pe.steps:
        if any(step.key == k or (k.endswith(("_", ".")) and step.key.startswith(k)) for k in _STEPS[name]):
            return str(step.rule)
    return _RULES[name]


def _compare(tp: TournamentPlayer, pe: Any, coefficient: str) -> list[FieldCheck]:
    new_rating, new_index = tp.rating_new, tp.index_new
    if new_rating is None:  # an unpublished value shown only in parentheses: "(1318)"
        shown = tp.display_number(tp.rating_new_display)
        if shown is not None:
            new_rating, new_index = shown[0], shown[1]
    ours_k = pe.coefficient if pe.coefficient_name == coefficient else None
    pairs: list[tuple[str, float | int | None, float | int | None]] = [
        ("W", tp.wins, pe.W if pe.n else None), ("n", tp.games, pe.n), ("We", tp.wins_expected, pe.We), ("K", tp.factor_k, ours_k),
        ("Rc", tp.average_opponents, pe.Rc), ("performance", tp.performance, pe.performance),
        ("new_rating", new_rating, pe.new_rating), ("new_index", new_index, pe.new_index),
    ]
    out = []
    for name, portal, ours in pairs:
        if portal is None:  # not published: nothing to compare
            continue
        agree, note = _agree(name, portal, ours), None
        if name == "K" and coefficient == "E" and not agree and ours is not None and _agree(name, portal, float(ours) + pe.n):
            agree, note = True, "portal.note.e_plus_n"  # spec portal.md: whether a classic factorK is E or E+n is not known
        out.append(FieldCheck(name, portal, ours, agree, _rule(pe, name), note))
    return out


def _games(pe: Any, matches: tuple[Match, ...], key: str | None) -> tuple[dict[str, Any], ...]:
    """The portal's expectation per game from this player's view (``expected`` is White's) beside our P."""
    ours = [g for g in pe.games if g.counted]
    out = []
    for m in matches:
        if m.expected is None or m.result not in ("WHITE_WINS", "BLACK_WINS", "REMIS") or key is None:
            continue
        white = m.white is not None and m.white.key == key
        black = m.black is not None and m.black.key == key
        if not (white or black):
            continue
        own = m.expected if white else 1 - m.expected
        mine = next((g for g in ours if g.round == m.round), None)
        p = mine.P if mine is not None else None
        out.append({"round": m.round, "portal": round(own, 6), "dwz": None if p is None else round(p, 6),
                    "opponent_rating": None if mine is None else mine.opponent_rating,
                    "agree": p is not None and abs(own - p) <= 0.5e-6 + _EPS})
    return tuple(out)


def crosscheck(bundle: Bundle) -> CrossCheck:
    """Evaluate the bundle's tournament with the engine and compare it with the published evaluation."""
    from dwz.core.tournament import evaluate_tournament

    try:
        built = build_tournament(bundle)
    except ShapeError as e:
        raise InputError([Problem(bundle.name or "bundle", "portal_bundle_shape", e.where,
                                  {"expected": f"portal.kind.{e.expected}", "found": found_term(e.found)})]) from None
    ev = evaluate_tournament(built.tournament)
    from dwz.rules import get_edition

    ed = get_edition(ev.rules)
    coefficient = ed.COEFFICIENT
    by_no = {pe.player.no: pe for pe in ev.players}
    checks = []
    for no, tp in built.published.items():
        pe = by_no[no]
        reasons = built.not_comparable.get(no, ())
        fields = () if reasons else tuple(_compare(tp, pe, coefficient))
        if reasons or not fields:
            status = "not_compared"
            if not reasons:
                reasons = (Problem(f"player {no}", "portal_nothing_published", None, {}),)
        else:
            status = "agree" if all(f.agree for f in fields) else "differ"
        games = _games(pe, bundle.matches, tp.key) if status == "differ" else ()
        checks.append(PlayerCheck(no, pe.player.name, tp.nu_id, tp.player_uuid, pe.player.member, status, fields, reasons, tp, pe, games))
    checks.sort(key=lambda c: c.no)
    findings = tuple(f for no, tp in sorted(built.published.items()) for f in plausibility(tp, ed, f"{no}. {by_no[no].player.name}"))
    return CrossCheck(bundle, built, ev, tuple(checks), findings)


def plausibility(tp: TournamentPlayer, ed: Any, where: str) -> list[Finding]:
    """The published values of one player that no correct evaluation gives (:mod:`dwz.portal.plausibility`)."""
    from dwz.portal import plausibility as odd

    k = tp.factor_k
    if k is not None and tp.games and ed.COEFFICIENT == "E" and tp.rating_old is not None:
        lo, hi = ed.coefficient_range(tp.rating_old, tp.index_old)
        if not lo - _EPS <= k <= hi + _EPS and lo - _EPS <= k - tp.games <= hi + _EPS:
            k -= tp.games  # the portal's factorK may be E + n (spec portal.md): E itself is what the rules bound
    member_rating = tp.rating_new if tp.member is not False else None
    found = [odd.negative_performance(where, tp.performance),
             odd.rating_below_scale(where, member_rating, ed),
             odd.index_not_next(where, tp.index_old if tp.rating_old is not None and tp.games else None,
                                tp.index_new if tp.rating_new is not None else None),
             odd.coefficient_outside(where, k, ed, tp.rating_old, tp.index_old),
             odd.we_impossible(where, tp.wins_expected, tp.games),
             odd.non_member_rating(where, tp.member, tp.rating_new)]
    return [f for f in found if f is not None]


# --- the record for the files ----------------------------------------------------------------------


def value_text(name: str, v: float | int | None, lang: str) -> str:
    """A compared value as the table shows it: W with one decimal, We with five, K with one, integers plain."""
    from dwz.i18n import fmt_num

    if v is None:
        return "–"
    dec = PRECISION[name][1] if name in PRECISION else 0
    if name == "W":
        dec = 1
    return fmt_num(float(v), f".{dec}f", lang) if dec else fmt_num(round(float(v)), "d", lang)


CSV_FIELDS = ("W", "n", "We", "K", "Rc", "performance", "new_rating", "new_index")
MARKS = {"agree": "✓", "differ": "≠", "not_compared": "–"}  # a player's result as the tables mark it


def when_text(iso: str | None, lang: str) -> str:
    """An ISO time as "01.12.2026 10:15" (German) or "2026-12-01 10:15", "UTC" said when it is."""
    from dwz.i18n import fmt_date

    if not iso:
        return "–"
    day, _, rest = iso.partition("T")
    utc = " UTC" if rest.endswith(("+00:00", "Z")) else ""
    return f"{fmt_date(day, lang)} {rest[:5]}{utc}".strip()


def to_csv(cc: CrossCheck, lang: str = "de") -> str:
    """The cross-check as CSV for a rating officer's records — in German ``;`` and the decimal comma (German
    Excel), in English ``,`` and the point (as :func:`dwz.reports.to_csv`); every cell through the
    formula guard.  Write it as UTF-8 with a BOM (``utf-8-sig``)."""
    from dwz.formats._common import CsvWriter
    from dwz.i18n import text

    buf = io.StringIO()
    w = CsvWriter(buf, delimiter=";" if lang == "de" else ",")
    head = [text("portal.csv.no", lang), text("portal.csv.name", lang), "NU-ID", text("portal.csv.member", lang),
            text("portal.csv.status", lang), text("portal.csv.old", lang), text("portal.csv.old_index", lang)]
    for f in CSV_FIELDS:
        label = field_label(f, lang, cc.coefficient)
        head += [f"{label} {text('portal.csv.portal', lang)}", f"{label} dwz"]
    head += [text("portal.csv.rule", lang), text("portal.csv.differences", lang)]
    w.writerow(head)

    def cell(name: str, v: float | int | None) -> str:
        return "" if v is None else value_text(name, v, lang).replace("−", "-")

    for pc in cc.players:
        by = {f.field: f for f in pc.fields}
        pe = pc.ours
        row = [str(pc.no), pc.name, pc.nu_id or "", text("portal.yes" if pc.member else "portal.no", lang),
               text(f"portal.status.{pc.status}", lang), "" if pe.old_rating is None else str(pe.old_rating),
               "" if pe.old_index is None or pe.old_rating is None else str(pe.old_index)]
        for f in CSV_FIELDS:
            fc = by.get(f)
            row += [cell(f, fc.portal) if fc else "", cell(f, fc.ours) if fc else ""]
        diffs = pc.differences
        row += ["; ".join(dict.fromkeys(d.rule for d in diffs)),
                "; ".join(f"{field_label(d.field, lang, cc.coefficient)}: {cell(d.field, d.portal)} ≠ {cell(d.field, d.ours) or '–'}"
                          for d in diffs) or "; ".join(r.message(lang) for r in pc.reasons)]
        w.writerow(row)
    return buf.getvalue()

