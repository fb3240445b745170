"""Deutsch: the request fields as the forms and the API's messages name them (dwz.i18n.field_label; "[]"
stands for a list position, {n} is that position counted from 1)."""

from __future__ import annotations

from typing import Any

CATALOG: dict[str, dict[str, Any]] = {
    # What a problem's field is called where the user typed it: "fields" on the web page and in the
    # API's messages; on the command line its option (dwz.i18n.fields_cli, the translated ones in the
    # cli and portal modules' "fields_cli"); "[]" stands for a list position, {n} is that position
    # counted from 1 (dwz.i18n.field_label).
    "fields": {
        # web pages (dwz.web): request fields of the pages beyond the calculators
        "list_date": "Stand der DWZ-Liste",
        "foreign_e_index": "Index für E bei Elo",
        "output": "Ausgabe",
        "write_anyway": "Ungültige Meldedatei",
        "sonderwertung": "Sonderwertung",
        "sonder_extremes": "Sonderwertung bei 100 %",
        "elo_for_unrated": "Elo für Spieler ohne DWZ",
        "elo_from_2400": "Elo ab DWZ 2400",
        "elo_as_dwz": "Keine DWZ in der Datei",
        "restpartien_vs_stage2": "Restpartien gegen die 2. Stufe",
        "sonder_foreign": "Sonderwertung mit Elo als Ausgangswert",
        "old_scale": "Werte von vor der Umstufung",
        "player_id": "Spielernummer",
        "q": "Suche",
        "file": "Turnierdatei",
        "rating_list": "DSB-Wertungsliste",
        "fide_list": "FIDE-Liste",
        "rating": "DWZ",
        "rating.index": "Index",
        "index": "Index",
        "new_rating": "Neue DWZ",
        "new_scale": "DWZ der Datei schon umgestuft",
        "birth_year": "Geburtsjahr",
        "age_group": "Altersgruppe",
        "end": "Turnierende",
        "period": "Periode",
        "rules": "Regelwerk",
        "points": "Punkte W",
        "count": "Partien n",
        "expected": "Gewinnerwartung We",
        "k": "K-Faktor",
        "rule_400": "400-Punkte-Regel",
        "games": "Partien",
        "games[]": "Partie {n}",
        "games[].opponent": "Partie {n}, Gegner",
        "games[].result": "Partie {n}, Ergebnis",
        "restpartien": "Restpartien",
        "restpartien[]": "Restpartie {n}",
        "restpartien[].opponent": "Restpartie {n}, Gegner",
        "restpartien[].result": "Restpartie {n}, Ergebnis",
        "opponents": "Gegner",
        "opponents[]": "Gegner {n}",
        "played": "gespielte Partien",
        "played[]": "gespielte Partie {n}",
        "events": "Turniere",
        "events[]": "Turnier {n}",
        "player": "Spieler",
        "card_player": "Spieler",
        "list": "DWZ-Liste",
        "fide": "FIDE-Liste",
        "history": "Historie",
        # --- the 2026 scale, newcomers' We, Sonderwertung readings (issue 8 §1, issue 9 §6) ---
        "scale": "Von vor der Umstufung stammen",
        "own_scale": "Von vor der Umstufung stammen",
        "opponents_scale": "Von vor der Umstufung stammen",
        "rating_date": "Stand Ihrer DWZ",
        "players": "Spieler",
        "played[].opponent": "gespielte Partie {n}, Gegner",
    },
}
