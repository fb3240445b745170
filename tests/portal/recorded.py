"""The tournament of the recorded member 1887-44, built from samples/portal/nu_recorded_values.json at test time.

What was recorded (a real nu evaluation, anonymised by the contao bundle's author): the member
1887-44 played 7 games, We 3.89098, factorK 28.0, new DWZ 1876-45; the per-round ``expected`` of
his games (always White's view); five pairs (own, opponent, expected) nu delivered.  Everything
else here is derived, and each derivation is written out:

* Opponents' ratings: the pairs give four of them directly (1318, 1973, 1905, 1554); the other
  three are found by inverting P = Φ(D / (200·√2)) — D = 200·√2·Φ⁻¹(P) — and rounded; each
  derived integer must reproduce the recorded expectation to 6 decimals (:func:`opponents` checks).
* W = 3.5: not recorded, but the only value that fits (spec portal.md: 1887 + 28·(3.5 − 3.89098)
  = 1876.05 → 1876; no other half-integer W gives 1876).  The results per round are our choice
  (nu's were not recorded): 1, ½, ½, 0, ½, 0, 1 — they add up to 3.5.
* K 28.0 under the 2026 rules (spec dwz-2026 §3, K = K0·b + a): an adult (age ≥ 26) with
  R0 < 2000 and index > 10 has K0 = 28 (K0 table, row "adults with R0 < 2000", column ">10");
  W = 3.5 < We = 3.89 gives a = 0 (the surcharge needs W ≥ We) and, with R0 ≥ 1600, b = 1;
  so K = 28·1 + 0 = 28.0.  Birth year 1970 at an end in 2026: age 56, adult.
* The opponents' published rows (they have one game each) are derived by the same written-out
  formula in :func:`opponent_row` — a second, independent statement of the rule, not the engine.
"""

from __future__ import annotations

import io
import math
import zipfile
from decimal import ROUND_HALF_UP, Decimal
from statistics import NormalDist
from typing import Any

from tests.conftest import SAMPLES, load_json

RECORDED = load_json(SAMPLES / "portal" / "nu_recorded_values.json")
MEMBER = RECORDED["evaluation_player_member"]
ROUNDS = RECORDED["evaluation_player_member_scoresheet_expected"]["rounds"]
PAIRS = RECORDED["expected_score_pairs_delivered_by_nu"]["pairs"]
SCALE = 200 * math.sqrt(2)
RESULTS = (1.0, 0.5, 0.5, 0.0, 0.5, 0.0, 1.0)  # the member's, per round (our choice; W = 3.5)
W_MEMBER = 3.5
BIRTH_MEMBER = "1970"  # adult in 2026: K0 28 (see above)
OPP_INDEX, OPP_BIRTH = 20, "1975"  # adults, index > 10: K0 28 for R0 < 2000
UUID = "019f75b9-af19-7de0-a772-7da0ebbd8f0c"  # the tournament uuid of the recorded request URLs
START, END = "2026-09-12", "2026-09-20"
LABEL = "Aufgezeichnete Werte 1887-44 (nu, anonymisiert)"


def phi(d: float) -> float:
    return NormalDist().cdf(d / SCALE)


def opponents() -> list[dict[str, Any]]:
    """Per round: the opponent's rating (from a recorded pair, else derived), colours, the recorded expectation."""
    own = MEMBER["ratingOld"]
    out = []
    for r in ROUNDS:
        white, e = r["player_is_white"], r["expected"]
        pair = next((p for p in PAIRS if p["expected"] == e and (p["own"] == own if white else p["opp"] == own)), None)
        if pair is not None:
            rating, how = (pair["opp"] if white else pair["own"]), "recorded pair"
        else:
            d = SCALE * NormalDist().inv_cdf(e)  # White's D = R_white − R_black
            rating, how = round(own - d if white else own + d), "derived"
        w, b = (own, rating) if white else (rating, own)
        assert round(phi(w - b), 6) == e, (r, rating)  # the integer reproduces nu's expectation to 6 decimals
        out.append({"round": r["round"], "rating": rating, "member_white": white, "expected": e, "how": how})
    return out


def half_up(x: float, places: int = 0) -> float:
    q = Decimal(1).scaleb(-places)
    return float(Decimal(repr(x)).quantize(q, rounding=ROUND_HALF_UP))


def opponent_row(rating: int, w: float, we: float) -> dict[str, Any]:
    """An adult opponent with index 20 after one game, by WO 2026 (spec dwz-2026 §3, §5):
    K0 = 28 (R0 < 2000); a = 4 if W ≥ We and R0 < 1600, else 0; b = (R0 + 800)/2400 if W < We and
    R0 < 1600, else 1; K = K0·b + a to one decimal; Rn = R0 + K·(W − We), rounded half up; index + 1."""
    a = 4.0 if w >= we and rating < 1600 else 0.0
    b = (rating + 800) / 2400 if w < we and rating < 1600 else 1.0
    k = half_up(28 * b + a, 1)
    rn = int(half_up(rating + k * (w - we)))
    return {"ratingNew": rn, "indexNew": OPP_INDEX + 1, "factorK": k, "winsExpected": half_up(we, 5), "wins": w, "numberOfGames": 1,
            "averageRatingCompetitors": MEMBER["ratingOld"]}


def _person(uuid: str, nu: str, rating: int, index: int, birth: str, first: str, last: str) -> dict[str, Any]:
    return {"playerUuid": uuid, "nuLigaPersonId": nu, "firstname": first, "lastname": last, "birthyear": birth, "member": True,
            "ratingOld": rating, "indexOld": index, "vkz": "C0505", "clubName": "SV Beispiel"}


def tournament_json() -> dict[str, Any]:
    return {"uuid": UUID, "label": LABEL, "vkz": "C0505", "startdate": START, "enddate": END, "ratingState": "RATED",
            "processingState": "DONE", "lastCalculated": "2026-09-22T18:04:11", "rounds": 9, "playerCount": 8, "matchCount": 7,
            "referentEmail": "referent@example.org", "aFieldNobodyKnows": {"x": 1}}


def member_row() -> dict[str, Any]:
    """The recorded member as the evaluation lists him: the recorded values as they are, plus what the
    derivation above fixes (birth year, W, n, Niveau = the rounded mean of the opponents)."""
    row = {k: v for k, v in MEMBER.items() if not k.startswith("_")}
    opps = opponents()
    mean = sum(o["rating"] for o in opps) / len(opps)
    row.update({"birthyear": BIRTH_MEMBER, "wins": W_MEMBER, "numberOfGames": len(opps), "averageRatingCompetitors": int(half_up(mean)),
                "playerNo": 1})
    return row


def opponent_uuid(rnd: int) -> str:
    return f"0e5a0000-0000-4000-8000-00000000000{rnd}"


def evaluation_json(*, seeded: bool = False) -> dict[str, Any]:
    """The evaluation: the member and his 7 opponents; ``seeded``: one published number changed by one
    (the member's new DWZ 1877 instead of 1876) — a difference the cross-check must report."""
    players = [member_row()]
    for o, res in zip(opponents(), RESULTS, strict=True):
        own_p = o["expected"] if o["member_white"] else 1 - o["expected"]  # the member's P
        row = _person(opponent_uuid(o["round"]), f"NU90000{o['round']:02d}", o["rating"], OPP_INDEX, OPP_BIRTH, f"Runde {o['round']}",
                      "Gegner")
        row.update(opponent_row(o["rating"], 1 - res, 1 - own_p))
        row["playerNo"] = o["round"] + 1
        players.append(row)
    if seeded:
        players[0] = {**players[0], "ratingNew": players[0]["ratingNew"] + 1,
                      "ratingNewDisplayString": f"{players[0]['ratingNew'] + 1} - {players[0]['indexNew']}"}
    return {"tournament": tournament_json(), "players": players}


_CODE = {(True, 1.0): "WHITE_WINS", (True, 0.0): "BLACK_WINS", (False, 1.0): "BLACK_WINS", (False, 0.0): "WHITE_WINS"}


def matches_json() -> list[dict[str, Any]]:
    ev = evaluation_json()
    by_uuid = {p["playerUuid"]: p for p in ev["players"]}
    member = by_uuid[MEMBER["playerUuid"]]
    out = []
    for o, res in zip(opponents(), RESULTS, strict=True):
        opp = by_uuid[opponent_uuid(o["round"])]
        white, black = (member, opp) if o["member_white"] else (opp, member)
        code = "REMIS" if res == 0.5 else _CODE[(o["member_white"], res)]
        slim = ("playerUuid", "nuLigaPersonId", "firstname", "lastname", "ratingOld", "indexOld")
        out.append({"round": o["round"], "result": code, "expected": o["expected"], "restpartie": False,
                    "whitePlayer": {k: white[k] for k in slim if k in white}, "blackPlayer": {k: black[k] for k in slim if k in black}})
    return out


def bundle_json(*, seeded: bool = False, retrieved: str = "2026-12-01T09:30:00+00:00") -> dict[str, Any]:
    return {"format": "dwz-portal-bundle", "version": 1, "retrieved": retrieved, "source": "https://schachde-apps.liga.nu/dsbwertungsportal/rs",
            "tournament": tournament_json(), "evaluation": evaluation_json(seeded=seeded), "matches": matches_json()}


# --- the DWZ list ZIP (nu generation 3: 17 columns, windows-1252; spec portal.md, synthetic rows) ---

HEADER = ('ID,ZPS,Mitgliedsnummer,Status,"Name,Vorname",Geschlecht,Spielberechtigung,Geburtsjahr,Letzte Auswertung,DWZ,Index,'
          "FIDE-Elozahl,FIDE-Titel,FIDE-ID,FIDE-Land,Vorname,Nachname")
ROWS = (
    'NU4338664,40039,1043,A,"Müller,Karsten",M,,1970,202636,1887,44,1850,FM,4711,GER,Karsten,Müller',
    'NU4005017,C0505,1043,A,"Muster,Max",M,"",1963,202611,1802,45,1850,FM,4712,GER,Max,Muster',
    'NU4000001,C0505,0007,P,"Öztürk,Aylin",W,,2008,202630,1554,7,,,,,Aylin,Öztürk',
    'NU4000002,C0505,0008,A,"Neu,Nina",W,,2015,,,,,,,,Nina,Neu',
)


def list_zip(*, stand: str = "15.09.2026", rows: tuple[str, ...] = ROWS) -> bytes:
    """LV-0-dwzliste.zip as nu ships it: spieler.csv, vereine.csv, verbaende.csv, README.txt (windows-1252, CRLF)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("spieler.csv", ("\r\n".join((HEADER, *rows)) + "\r\n").encode("cp1252", "replace"))
        z.writestr("vereine.csv", "ZPS-Nummer,Landesverband,UebergeordneterVerband,Vereinsname\r\nC0505,C,C00,SV Beispiel\r\n".encode("cp1252"))
        z.writestr("verbaende.csv", "Verbandnummer,Landesverband,UebergeordneterVerband,Verbandname\r\n000,0,000,Deutscher Schachbund\r\n")
        z.writestr("README.txt", f"Landesverband: 0 - Deutschland\r\nDWZ-Datenbank vom {stand} - {len(rows)} Spieler in 2 Vereinen\r\n"
                   .encode("cp1252"))
    return buf.getvalue()
