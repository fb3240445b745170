"""Deutsch: the command line (click's texts, the help, the messages) and the published files (the tables,
DSB-XML, the Restpartien file)."""

from __future__ import annotations

from typing import Any

CATALOG: dict[str, dict[str, Any]] = {
    "click": {
        "Usage:": "Aufruf:",
        "Options": "Optionen",
        "Commands": "Befehle",
        "Show this message and exit.": "Diese Hilfe zeigen und beenden.",
        "Show the version and exit.": "Die Version zeigen und beenden.",
        "Error: {message}": "Fehler: {message}",
        "Try '{command} {option}' for help.": "Hilfe: '{command} {option}'.",
        "Missing argument": "Argument fehlt",
        "Missing option": "Option fehlt",
        "Missing parameter": "Angabe fehlt",
        "Missing parameter: {param_name}": "Angabe fehlt: {param_name}",
        "Missing {param_type}": "{param_type} fehlt",
        "Missing command.": "Befehl fehlt.",
        "No such option {name!r}.": "Unbekannte Option {name!r}.",
        "No such command {name!r}.": "Unbekannter Befehl {name!r}.",
        "Did you mean {possibility}?": "Meinten Sie {possibility}?",
        "(Did you mean one of: {possibilities}?)": "(Meinten Sie eine von: {possibilities}?)",
        "Invalid value: {message}": "Ungültiger Wert: {message}",
        "Invalid value for {param_hint}: {message}": "Ungültiger Wert für {param_hint}: {message}",
        "Got unexpected extra argument ({args})": "Unerwartetes zusätzliches Argument ({args})",
        "Got unexpected extra arguments ({args})": "Unerwartete zusätzliche Argumente ({args})",
        "Option {name!r} requires an argument.": "Option {name!r} braucht einen Wert.",
        "Option {name!r} requires {nargs} arguments.": "Option {name!r} braucht {nargs} Werte.",
        "Option {name!r} does not take a value.": "Option {name!r} nimmt keinen Wert.",
        "Argument {name!r} takes {nargs} values.": "Argument {name!r} braucht {nargs} Werte.",
        "{value!r} is not {choice}.": "{value!r} ist nicht {choice}.",
        "{value!r} is not one of {choices}.": "{value!r} ist keiner der Werte {choices}.",
        "{value!r} is not a valid {number_type}.": "{value!r} ist keine gültige Zahl ({number_type}).",
        "{value} is not in the range {range}.": "{value} liegt nicht im Bereich {range}.",
        "{value!r} is not a valid boolean. Recognized values: {states}": "{value!r} ist kein Ja/Nein-Wert; möglich: {states}",
        "{name} {filename!r} does not exist.": "{name} {filename!r} gibt es nicht.",
        "{name} {filename!r} is a file.": "{name} {filename!r} ist eine Datei.",
        "{name} {filename!r} is a directory.": "{name} {filename!r} ist ein Verzeichnis.",
        "{name} {filename!r} is not readable.": "{name} {filename!r} ist nicht lesbar.",
        "{name} {filename!r} is not writable.": "{name} {filename!r} ist nicht beschreibbar.",
        "{name} {filename!r} is not executable.": "{name} {filename!r} ist nicht ausführbar.",
        "file": "Datei",
        "directory": "Verzeichnis",
        "path": "Pfad",
        "Could not open file {filename!r}: {message}": "Datei {filename!r} kann nicht geöffnet werden: {message}",
        "unknown error": "unbekannter Fehler",
        "Aborted!": "Abgebrochen.",
        "env var: {var}": "Umgebungsvariable: {var}",
        "default: {default}": "Standard: {default}",
        "(dynamic)": "(dynamisch)",
        "required": "Pflicht",
        "Value must be an iterable.": "Der Wert muss eine Liste sein.",
        "Takes {nargs} values but 1 was given.": "Braucht {nargs} Werte, angegeben ist 1.",
        "Takes {nargs} values but {len} were given.": "Braucht {nargs} Werte, angegeben sind {len}.",
        "{len_type} values are required, but {len_value} was given.": "{len_type} Werte nötig, angegeben ist {len_value}.",
        "{len_type} values are required, but {len_value} were given.": "{len_type} Werte nötig, angegeben sind {len_value}.",
        "Choose from:\n\t{choices}": "Zur Wahl:\n\t{choices}",
    },
    "cli_help": {
        "section.commands": "Befehle",
        "metavar.options": "[OPTIONEN]",
        "metavar.subcommand": "BEFEHL [ARGUMENTE]...",
        "metavar.rating": "DWZ",
        "metavar.games": "GEGNER:ERGEBNIS",
        "metavar.game": "GEGNER:ERGEBNIS",
        "metavar.opponents": "GEGNER",
        "metavar.elo_args": "ELO GEGNER:ERGEBNIS",
        "metavar.date": "JJJJ-MM-TT",
        "metavar.year": "JAHR",
        "metavar.index": "INDEX",
        "metavar.lang": "[de|en]",
        "metavar.file": "DATEI",
        "metavar.files": "DATEIEN",
        "metavar.player": "SPIELER",
        "metavar.text": "TEXT",
        "metavar.number": "ZAHL",
        "metavar.seconds": "SEKUNDEN",
        "metavar.host": "ADRESSE",
        "metavar.name": "NAME",
        # --- dwz ---
        "cmd.dwz.help": "DWZ (Deutsche Wertungszahl) und FIDE-Elo – exakt nach Wertungsordnung, mit Rechenweg.",
        "cmd.dwz.epilog": """\b
Beispiele:
  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:= 1810:0 1600:1 1690:=
  dwz tournament turnier.trf --list LV-0-dwzliste.zip -o auswertung.html
  dwz rate --help       (Hilfe zu einem Befehl)

Sprache: --lang en oder DWZ_LANG=en für Englisch.""",
        "cmd.rate.short": "Neue DWZ nach einem Turnier (Folge-DWZ; DWZ 0 oder ?: Erst-DWZ).",
        "cmd.rate.help": """Neue DWZ nach einem Turnier (Folge-DWZ).

DWZ ist "1650-12" (DWZ-Index wie auf der DWZ-Karte) oder "1650". Die Partien sind
GEGNER:ERGEBNIS, z. B. 1580:1 1720:= 1810:0. DWZ 0 berechnet eine Erst-DWZ.""",
        "cmd.rate.epilog": """\b
Beispiele:
  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:= 1810:0 1600:1 1690:=
  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:½ 1810:0 --explain
  dwz rate 2065-14 --age-group erwachsene --end 2026-03-01 --points 0,5 --count 1 --expected 0,578
  dwz rate 1500 --end 2025-05-01 1600:1 1450:+ 0:1 --json      (kampflos und Gegner ohne DWZ: gezeigt, nicht gewertet)
  dwz rate 900-10 --alt eigene --end 2026-09-14 1350:1 1250:0 1400:=   → 900-10 umgestuft zu 1300-11, neue DWZ 1304-12
  dwz rate 1500-20 --stand 2026-05-01 --end 2026-09-14 1600:1 1750:=   → Karte vor der Umstufung: 1500-20 umgestuft zu 1720-21

\b
Ergebnisse: 1, 0, ½ (auch 0,5, 0.5, =, r, 1/2), 1-0, 0-1, ½-½;
kampflos + und - (nicht gewertet). Gegner 0 oder ? = ohne Wertungszahl (nicht gewertet).
Ohne --end gilt das heutige Datum als Turnierende (die Ausgabe sagt es).""",
        "cmd.first.short": "Erst-DWZ eines Spielers ohne DWZ.",
        "cmd.first.help": "Erst-DWZ eines Spielers ohne DWZ (mindestens 5 Partien gegen Gegner mit DWZ, nicht 0 % oder 100 %).",
        "cmd.first.epilog": """\b
Beispiel (amtliche Erst-DWZ 983, Turnier B431-636-C4F):
  dwz first 894:1 1087:0 905:1 1255:0 --rest 1177:0 --end 2014-08-01 --age-group jugend --explain""",
        "cmd.scenarios.short": "Neue DWZ für jede mögliche Punktzahl; was zum Halten und Steigern nötig ist.",
        "cmd.scenarios.help": """Neue DWZ für jede erreichbare Punktzahl gegen die GEGNER (noch offene Partien).

Dazu die Punktzahl, ab der die DWZ gehalten (Änderung ≥ 0) und ab der sie gesteigert wird
(Änderung > 0). Ohne DWZ (0): die Erst-DWZ je Punktzahl.""",
        "cmd.scenarios.epilog": """\b
Beispiele:
  dwz scenarios 1650-12 1580 1720 1810 1600 1690 --born 1985 --end 2026-09-14
  dwz scenarios 1650-12 1810 1600 --played 1580:1 --played 1720:= --end 2026-09-14""",
        "cmd.umstufung.short": "Umstufung 2026: alte DWZ → neue DWZ (Index + 1), oder zurück.",
        "cmd.umstufung.help": "Umstufung 2026: alte DWZ → neue DWZ (Index + 1), mit --inverse von der neuen Skala zurück zur alten.",
        "cmd.umstufung.epilog": """\b
Beispiele:
  dwz umstufung 2063-15            → 2080-16
  dwz umstufung 2110 --inverse     → 2109 oder 2110 (nicht eindeutig)""",
        "cmd.elo.short": "FIDE-Elo: Periode, Partie für Partie, Erst-Elo, Kompression 2024.",
        "cmd.elo.help": """FIDE-Elo: ELO GEGNER:ERGEBNIS … (Tabelle 8.1.2, 400-Punkte-Regel, K-Regeln, K·n ≤ 700).

Die eigene Elo zuerst, dann die Partien als Elo des Gegners und Ergebnis, z. B. 2319:0 2181:1.""",
        "cmd.elo.epilog": """\b
Beispiele:
  dwz elo 2224 2319:0 2181:1 2246:1 2261:= 2312:0 2297:0 2144:1 --k 15 --period 2010-05-01
  dwz elo 1500 1600:1 --k 20 --mode partie
  dwz elo 2813 1787:1 2025:1 2310:1 2400:1 2505:= --k 10 --period 2025-12-01
  dwz elo --initial 1500:1 1600:= 1700:0 1650:= 1550:= --period 2026-01-01
  dwz elo --compress 1600

Ohne --period gilt die Wertungsperiode von heute (die Ausgabe sagt es).""",
        "cmd.tournament.short": "Ganzes Turnier auswerten wie der DSB ({formats}).",
        "cmd.tournament.help": "Ganzes Turnier auswerten wie der DSB: Folge- und Erst-DWZ, Sonderwertung, Restpartien, FIDE-Elo; mit dem Prüfbericht vor dem Hochladen.",
        "cmd.tournament.epilog": """\b
Beispiele:
  dwz tournament turnier.swi
  dwz tournament turnier.trf --list LV-0-dwzliste.zip --fide-list players_list_foa.txt
  dwz tournament turnier.trf --end 2026-09-14 -o auswertung.html
  dwz tournament turnier.swi --player Gehringer --explain
  dwz tournament turnier.trf --restpartien alt.json --restpartien-out neu.json
  dwz tournament turnier.SWT --dsb-xml meldung.xml --location Leipzig --time-control "90 min + 30 s"
  dwz tournament liga.SWT --dewis-xml liga-dewis.xml

Formate (am Inhalt erkannt, --format erzwingt eines): {format_labels}.

\b
Ausgabe nach der Endung von -o: .csv (Tabelle für Excel), .json (alles mit Rechenweg), .html
(eigenständige Seite). --dsb-xml schreibt die Meldedatei für das DSB-Wertungsportal
(DSB_DWZ_TournamentReport 2.5) und nennt alles, was das Portal oder ein Wertungsreferent
nachfragen würde; --dewis-xml die alte DeWIS-XML. Eine ungültige Meldedatei wird nicht
geschrieben, Rückgabewert 2; --trotzdem-schreiben schreibt sie dennoch (Rückgabewert bleibt 2).
-o darf mehrmals stehen.""",
        "cmd.check.short": "Prüfbericht vor dem Hochladen zum DSB.",
        "cmd.check.help": "Prüfbericht vor dem Hochladen zum DSB: alles, was das Portal ablehnen oder ein Wertungsreferent nachfragen würde – mit Regel und Abhilfe.",
        "cmd.check.epilog": """\b
Beispiele:
  dwz check turnier.trf
  dwz check turnier.swi --list LV-0-dwzliste.zip --end 2026-09-14
  dwz check turnier.trf --list LV-0-dwzliste.zip --fide-list players_list_foa.txt --lang en
  dwz check turnier.trf --json

Rückgabewert: 0 keine Befunde (oder nur Hinweise), 1 Warnungen, 2 Fehler.""",
        "cmd.serve.short": "Web-Rechner und JSON-API starten.",
        "cmd.serve.help": """Web-Rechner und JSON-API starten.

Nichts wird gespeichert; alles läuft ohne Internet. Der Server antwortet nur auf die
Hostnamen, an die er gebunden ist (Schutz gegen DNS-Rebinding), und auf die mit
--allowed-host genannten.""",
        "cmd.serve.epilog": """\b
Beispiele:
  dwz serve                        → http://127.0.0.1:8000/  (API-Dokumentation: /docs)
  dwz serve --port 8080 --workers 2
  dwz serve --db dwz.sqlite        → dazu die DWZ-Karteikarten unter /karte/<Nr>
  dwz serve --host 127.0.0.1 --port 8001 --workers 4 --allowed-host dwz.example.org   (hinter einem Reverse-Proxy)""",
        "cmd.history.short": "Wertungshistorie in SQLite: einlesen, auswerten, Karteikarte, Vergleich.",
        "cmd.history.help": "Wertungshistorie: alle Turniere in der Reihenfolge der WO auswerten (SQLite-Datei).",
        "cmd.history.epilog": """\b
Beispiele:
  dwz history add LV-0-csv_2016-07-01.zip turniere/*.trf     (Wertungsliste: Ausgangs-DWZ)
  dwz history run                                            (neu und geändert: nur das Nötige)
  dwz history card "Müller, Anna" --chart anna.svg
  dwz history compare --chart vergleich.svg
  dwz history generate --players 240000 --tournaments 55000 --seed 1 --db synth.sqlite""",
        "cmd.history.add.short": "Turnierdateien und Wertungslisten einlesen.",
        "cmd.history.add.help": "Turnierdateien ({formats}) und Wertungslisten (DSB, FIDE) einlesen.",
        "cmd.history.run.short": "Auswerten, was neu ist oder sich geändert hat.",
        "cmd.history.run.help": """Alle Turniere in der Reihenfolge der WO auswerten (Umstufung 2026 inklusive).

Nach dem Hinzufügen wird nur ab dem frühesten neuen Turnier und nur mit den betroffenen
Spielern nachgerechnet. Strg-C bricht ab, ohne etwas zu ändern.""",
        "cmd.history.card.short": "DWZ-Karteikarte eines Spielers, Diagramm als SVG.",
        "cmd.history.card.help": "DWZ-Karteikarte: SPIELER ist Name, DSB-ID, FIDE-ID, ZPS-Mitgliedsnummer (C0512-135) oder #Nummer.",
        "cmd.history.compare.short": "Klassische Regeln durchgehend gegen die Umstellung 2026.",
        "cmd.history.compare.help": "Klassische Regeln durchgehend gegen die echte Umstellung 2026: Unterschiede der End-DWZ.",
        "cmd.history.generate.short": "Synthetischen Verband erzeugen (zum Testen).",
        "cmd.history.generate.help": "Synthetischen Verband erzeugen: Vereine, Ligen, Opens, Jugend; Turniere von 2016-07 bis 2026-11.",
        # --- options ---
        "opt.lang": "Sprache der Ausgabe, de oder en (Standard: de, oder DWZ_LANG).",
        "opt.json": "Das Ergebnis als JSON ausgeben (die Schlüssel von to_dict()).",
        "opt.explain": "Den Rechenweg ausgeben: jeder Schritt mit seiner Regel.",
        "opt.rules": "Regelwerk erzwingen – {editions}; sonst nach dem Turnierende.",
        "opt.age_group": "Altersgruppe statt Geburtsjahr: jugend (bis 20), junior (21–25), erwachsene (über 25).",
        "opt.born": "Geburtsjahr, z. B. 1985 (ohne Angabe: Erwachsene).",
        "opt.end": "Turnierende, z. B. 2026-09-14 oder 14.09.2026 (Standard: heute); es wählt das Regelwerk.",
        "opt.index": "Index der DWZ, falls nicht in DWZ angegeben (1650-12).",
        "opt.points": "Punkte W einer Zeile der DWZ-Karte (statt der Partien), z. B. 3,5.",
        "opt.count": "Zahl der gewerteten Partien n (Kartenzeile).",
        "opt.expected": "Gewinnerwartung We (Kartenzeile), z. B. 2,578.",
        "opt.rest_rate": "Restpartie GEGNER:ERGEBNIS aus früheren Turnieren (nur für eine Erst-DWZ, mehrfach).",
        "opt.rest": "Gespeicherte Restpartie GEGNER:ERGEBNIS aus früheren Turnieren (mehrfach).",
        "opt.played": "Schon gespielte Partie GEGNER:ERGEBNIS (mehrfach).",
        "opt.rest_scenarios": "Restpartie GEGNER:ERGEBNIS (nur ohne DWZ, mehrfach).",
        "opt.inverse": "Von der neuen Skala zurück zur alten: alle alten Werte, die auf DWZ führen.",
        "opt.k": "K-Faktor vorgeben, 1–700 (sonst nach der FIDE-Regel).",
        "opt.period": "Wertungsperiode: ein Monat wie 2025-12 oder ein Datum wie 01.12.2025 (Standard: heute); sie wählt die FIDE-Regeln.",
        "opt.elo_born": "Geburtsjahr (Jugendliche unter 2300: K 40).",
        "opt.games_played": "Bisher gewertete Elo-Partien (unter 30: K 40).",
        "opt.reached_2400": "Schon einmal 2400 erreicht (K 10).",
        "opt.reached_2300": "Als Jugendlicher schon einmal 2300 erreicht (K 20).",
        "opt.mode": "periode: alle Partien gegen die Ausgangs-Elo (wie die FIDE); partie: nach jeder Partie fortgeschrieben.",
        "opt.logistic": "Logistische Formel statt der FIDE-Tabelle 8.1.2 (Näherung, nicht amtlich).",
        "opt.no_400": "Ohne die 400-Punkte-Regel der FIDE (B.02 §8.3.1): jede Differenz zählt ganz – eigene Regeln, etwa für andere Spiele.",
        "opt.initial": "Erst-Elo eines Spielers ohne Elo: alle Argumente sind Partien.",
        "opt.compress": "FIDE-Kompression vom März 2024 für die eine angegebene Elo.",
        "opt.format": "Format der Datei erzwingen (sonst am Inhalt erkannt).",
        "opt.list": "DSB-DWZ-Liste (ZIP oder spieler.csv): DWZ, Index und Geburtsjahr ergänzen.",
        "opt.fide_list": "FIDE-Liste (TXT oder XML, auch als ZIP): Elo und FIDE-ID ergänzen.",
        "opt.t_end": "Turnierende, falls nicht in der Datei (z. B. 2026-09-14).",
        "opt.player": "Nur diesen Spieler zeigen: Startnummer oder Name (Mueller findet Müller).",
        "opt.t_explain": "Den Rechenweg ausgeben (mit --player: nur für diesen Spieler).",
        "opt.output": "Die Auswertung schreiben: .csv (Excel), .json oder .html (eigenständige Seite).",
        "opt.t_json": "Die Auswertung als JSON auf die Standardausgabe.",
        "opt.restpartien_in": "Gespeicherte Restpartien einlesen (JSON einer früheren Auswertung, --restpartien-out).",
        "opt.restpartien_out": "Restpartien der ungewerteten Spieler für die nächste Auswertung schreiben (JSON).",
        "opt.foreign_e_index": "Klassische WO: Index für E, wenn die FIDE-Elo als Ausgangswert dient (1 = neue WO, Standard; 6 = WO 2014).",
        "opt.no_sonderwertung": "Die Sonderwertung (WO 3.6.3) nicht anwenden.",
        "opt.no_sonder_foreign": "Spieler mit Fremdwertung oder mit ihrer Elo als R0 nicht als Ausnahmespieler der Sonderwertung zulassen (frühere Lesart von WO 3.6.3).",
        "opt.scale": "alt: die eingegebenen DWZ stammen von vor der Umstufung 2026 und werden zuerst umgestuft; neu: sie sind schon umgestuft.",
        "opt.alt": "Welche DWZ stammen von vor der Umstufung 2026 (Karte/Liste vor dem {switch}): eigene, gegner oder alle – sie werden zuerst umgestuft.",
        "opt.alt_first": "Stammen die Gegner-DWZ von vor der Umstufung 2026 (Liste vor dem {switch}): gegner oder alle – sie werden zuerst umgestuft (eine eigene DWZ gibt es bei der Erst-DWZ nicht).",
        "opt.stand": "Stand Ihrer DWZ: Datum der Karteikarte oder Liste, von der sie stammt (vor dem {switch}: sie wird umgestuft).",
        "opt.t_scale": "alt: die DWZ der Datei stammen von vor der Umstufung 2026 und werden zuerst umgestuft (eine Spalte scale der Datei geht vor).",
        "opt.t_scale_said": "Skala der DWZ der Datei: alt – von vor der Umstufung 2026, sie werden zuerst umgestuft; neu – schon umgestuft (eine Spalte scale der Datei geht vor).",
        "opt.check_scale": "alt: die DWZ der Datei stammen von vor der Umstufung 2026 (für die Prüfung zuerst umgestuft).",
        "opt.check_scale_said": "Skala der DWZ der Datei: alt – von vor der Umstufung 2026 (für die Prüfung zuerst umgestuft); neu – schon umgestuft.",
        "opt.no_sonder_extremes": "100 % (Leistung = Niveau + 677) löst keine Sonderwertung aus.",
        "opt.elo_from_2400": "DWZ ab 2400: die FIDE-Elo als Ausgangswert (WO 4.1.2, „in der Regel“).",
        "opt.elo_als_dwz": "Die Datei hat keine DWZ und die Spieler sollen mit ihrer Elo gewertet werden (WO 4.1.2) – sonst wird dafür die DWZ-Liste (--list) verlangt.",
        "opt.no_elo_for_unrated": "Spieler ohne DWZ nicht mit ihrer Elo einstufen.",
        "opt.restpartien_vs_stage2": "Auch Partien gegen Erst-DWZ-Spieler der 2. Stufe als Restpartien speichern.",
        "opt.dsb_xml": "Die Meldedatei für das DSB-Wertungsportal schreiben (DSB_DWZ_TournamentReport 2.5).",
        "opt.dewis_xml": "Die alte DeWIS-XML-Datei schreiben.",
        "opt.location": "Spielort für die XML-Datei.",
        "opt.time_control": "Bedenkzeit, z. B. 90+30 oder '40/120, 60': für die XML-Datei und die Prüfung nach WO 4.2.2 (sonst die der Datei).",
        "opt.sender": "Absender (Verein oder Turnierleiter) für die DSB-XML-Datei.",
        "opt.html_notes": "Die Hinweise der Leseprogramme (Datei-Interna) auch in die HTML-Seite schreiben.",
        "opt.write_anyway": "Eine ungültige Meldedatei (--dsb-xml, --dewis-xml) dennoch schreiben; der Rückgabewert bleibt 2 (ungültig).",
        "opt.check_format": "Format der Datei erzwingen (sonst am Inhalt erkannt).",
        "opt.check_list": "DSB-DWZ-Liste (ZIP oder spieler.csv): Namen, DWZ, Index und Geburtsjahr prüfen.",
        "opt.check_fide_list": "FIDE-Liste (TXT oder XML): FIDE-ID und Elo prüfen.",
        "opt.list_date": "Stand der DWZ-Liste, z. B. 2026-09-01 (sonst aus dem Dateinamen oder dem Inhalt).",
        "opt.check_json": "Den Bericht als JSON ausgeben.",
        "opt.check_time_control": "Bedenkzeit des Turniers, falls die Datei keine nennt, z. B. 90+30 oder '40/120, 60' (WO 4.2.2: mindestens 90 Minuten je Spieler und Partie).",
        "opt.host": "Adresse, an die der Server gebunden wird (Standard: 127.0.0.1, nur dieser Rechner).",
        "opt.port": "Port (Standard: 8000).",
        "opt.workers": "Zahl der Prozesse (Standard: 1; die App hält keinen Zustand, jede Zahl geht).",
        "opt.serve_db": "Wertungshistorie (SQLite von dwz history) für die Karteikarten unter /karte/… (nur lesend).",
        "opt.allowed_host": "Weiterer Hostname, unter dem der Server erreichbar ist (mehrfach; '*.example.org'; '*' schaltet die Prüfung ab).",
        "opt.embed_from": "Ursprung (https://host[:port]) einer Webseite, die die Seiten in einem Rahmen (iframe) zeigen darf (mehrfach); ohne die Angabe darf es keine.",
        "opt.header_timeout": "Sekunden für Anfragezeile und Header, danach wird die Verbindung geschlossen (Standard: 10).",
        "opt.limit_concurrency": "Anfragen in Bearbeitung je Prozess, darüber Antwort 503 (Standard: 200).",
        "opt.log_level": "Protokollstufe des Servers (uvicorn; Standard: 'warning').",
        "opt.db": "Datenbankdatei (Standard: dwz.sqlite, oder DWZ_DB).",
        "opt.history_rules": "Regelwerk für diese Turniere erzwingen – {editions}; sonst nach dem Turnierende.",
        "opt.history_list_date": "Datum der Wertungsliste, z. B. 2026-09-01 (sonst aus dem Dateinamen).",
        "opt.history_format": "Turnierformat erzwingen (sonst am Inhalt erkannt).",
        "opt.full": "Alles neu berechnen, nicht nur das Geänderte.",
        "opt.progress": "Fortschrittsbalken zeigen (Standard: nur im Terminal).",
        "opt.chart": "Das Diagramm als SVG-Datei schreiben.",
        "opt.compare_chart": "Das Histogramm als SVG-Datei schreiben.",
        "opt.top": "So viele größte Gewinner und Verlierer zeigen (Standard: 10).",
        "opt.history_json": "Als JSON ausgeben.",
        "opt.players": "Zahl der Spieler (Standard: 240000).",
        "opt.tournaments": "Zahl der Turniere (Standard: 55000).",
        "opt.seed": "Startwert des Zufallsgenerators: derselbe Wert gibt denselben Verband (Standard: 1).",
        "opt.generate_db": "Datenbankdatei, die erzeugt wird (Standard: synth.sqlite).",
        "opt.force": "Eine vorhandene Datei ersetzen.",
        "opt.version": "Die Version zeigen und beenden.",
    },
    "ui": {
        # --- the command line (dwz.cli) ---
        "cli.assumptions_head": "Annahmen (der ganze Rechenweg mit --explain):",
        "cli.error_prefix": "Fehler: ",
        "cli.warning_prefix": "Hinweis: ",
        "cli.old_scale_head": "Achtung: {count!n:Gegner-DWZ|Gegner-DWZ} unter {floor} – seit der Umstufung 2026 gibt es keine DWZ unter {floor}: Werte von vor der Umstufung (alte Liste, Tabelle von 2025) oder Fremdwertungen?",
        "cli.old_scale_fix": "Abhilfe: mit --alt gegner werden die Gegner-DWZ zuerst umgestuft; eine Fremdwertung bleibt, wie sie ist.",
        "cli.converted_headline": "Ihre DWZ {old} (vor der Umstufung) → {converted}; neue DWZ {new} ({change})",
        "cli.more": "… und {n} weitere",
        "cli.place_line": "{file}, Zeile {line}",
        "cli.place_offset": "{file}, Byte {line}",
        "cli.choice_invalid": "'{value}' ist keiner der Werte {choices}",
        "cli.end_assumed": "Turnierende nicht angegeben: heute ({date}) angenommen → {rules}",
        "cli.period_assumed": "Wertungsperiode nicht angegeben: heute ({date}) angenommen → {rules}",
        "cli.old_dwz": "DWZ alt",
        "cli.coefficient.E": "Entwicklungskoeffizient E",
        "cli.coefficient.K": "Entwicklungsfaktor K",
        "cli.coefficient.none": "E bzw. K",
        "cli.no_evaluation": "– (keine gewertete Partie)",
        "cli.no_games_rate": "Keine gewertete Partie: die DWZ bleibt unverändert.",
        "cli.ri": "Iterationswert Ri",
        "cli.we_at_ri": "Gewinnerwartung We bei Ri",
        "cli.col.no": "Nr.",
        "cli.col.remark": "Bemerkung",
        "cli.col.before": "Elo davor",
        "cli.restpartie": "Restpartie",
        "cli.scale_was": "alt {value}",
        "cli.scen_converted": "Ihre DWZ {old} (vor der Umstufung) → {converted}",
        "cli.columns_hidden": "Ausgeblendet mangels Breite: {columns} (breiteres Terminal oder COLUMNS=140 zeigt sie).",
        "cli.or": " oder ",
        "cli.umst_none": "{value} ist kein Wert der neuen Skala – kein alter Wert führt darauf (die neue Skala beginnt bei 1100)",
        "cli.umst_not_unique": "nicht eindeutig: {n!n:alter Wert|alte Werte}",
        "cli.compression": "FIDE-Kompression März 2024",
        "cli.elo_change": "{exact}, gerundet {rounded}",
        "cli.elo_no_games": "Keine Partie angegeben – die Elo bleibt {rating}. Partien als ELO-DES-GEGNERS:ERGEBNIS anfügen, z. B. dwz elo {rating} 1600:1 1450:½.",
        "cli.elo_capped": "* 400-Punkte-Regel: die Differenz zählt höchstens als 400 (FIDE B.02 §8.3.1).",
        "cli.scen_keep_mark": "halten",
        "cli.scen_raise_mark": "steigern",
        "cli.scen_keep": "DWZ halten (Änderung ≥ 0): ab W = {score} aus {n!n:Partie|Partien}",
        "cli.scen_raise": "DWZ steigern (Änderung > 0): ab W = {score} aus {n!n:Partie|Partien}",
        "cli.scen_never": "nicht erreichbar",
        "cli.scen_points": "W (Turnier)",
        "cli.scen_first_none": "– keine Erst-DWZ: bei 0 % oder 100 % und mit weniger als 5 Partien gegen Gegner mit DWZ gibt es keine (WO 3.4.1).",
        "cli.scen_first_note": "Erst-DWZ aus {n!n:Partie|Partien} gegen Gegner mit DWZ (mit Restpartien); Ri ist der Iterationswert vor der Korrektur.",
        "cli.written": "{what} geschrieben: {path}",
        "cli.file.csv": "Tabelle (CSV)",
        "cli.file.json": "Auswertung (JSON)",
        "cli.file.html": "HTML-Seite",
        "cli.file.restpartien": "Restpartien (JSON)",
        "cli.file.chart": "Diagramm (SVG)",
        "cli.file.dsb": "DSB-XML 2.5",
        "cli.file.dewis": "DeWIS-XML",
        "cli.head": "{name} – Turnierende {end} – {rules}",
        "cli.head_meta": "Turnierende {end} · {rules} · {players}",
        "cli.n_players": "{n!n:Spieler|Spieler}",
        "cli.elo_table": "FIDE-Elo (Änderung ungerundet: die FIDE rundet einmal je Wertungsperiode)",
        # --- the published files (dwz.reports) ---
        "check.list_swapped.title": "Liste mit der falschen Option angegeben",
        "check.list_swapped.dsb": "{file} ist keine DSB-DWZ-Liste, sondern eine FIDE-Liste – als FIDE-Liste verwendet",
        "check.list_swapped.fide": "{file} ist keine FIDE-Liste, sondern eine DSB-DWZ-Liste – als DWZ-Liste verwendet",
        "check.list_swapped.fix": "Die DSB-DWZ-Liste mit --list angeben, die FIDE-Liste mit --fide-list.",
        "check.summary.any": "{n!n:gleichartige Meldung|gleichartige Meldungen}, die ersten {shown}:",
        "check.summary.half_game_dropped": "{n!n:Partie|Partien} gegen Spieler, deren Zeile in der Datei fehlt – nicht übernommen; die ersten {shown}:",
        "check.summary.swt_half_game_dropped": "{n!n:Partie|Partien} gegen Spieler, deren Karte in der Datei fehlt – nicht übernommen; die ersten {shown}:",
        "history.generate_short": "Nur {made} von {asked} Turnieren: {players} Spieler reichen nicht für mehr (--players erhöhen).",
        "report.title": "DWZ-Auswertung",
        "report.end": "Turnierende {end}",
        "report.table": "Auswertung",
        "report.teams": "Mannschaften (Aufstellungsreihenfolge)",
        "report.elo": "FIDE-Elo",
        "report.notes": "Hinweise zur Datei",
        "report.rechenweg": "Rechenweg je Spieler",
        "report.assumption": "Annahme: die Regel ist in der Spezifikation als unsicher markiert; hier gilt der dokumentierte Standard.",
        "report.footer": "Berechnet mit dwz – inoffiziell; verbindlich ist allein die Auswertung des DSB.",
        "report.scroll_hint": "Die Tabelle ist breiter als der Bildschirm: seitlich wischen, um alle Spalten zu sehen.",
        "report.abbr.age": "Altersgruppe",
        "report.abbr.coef": "Entwicklungskoeffizient E ({rules_E!t}) bzw. Entwicklungsfaktor K ({rules_K!t})",
        "report.abbr.we": "Gewinnerwartung",
        "report.legend.remarks": "Bemerkung: Erst-DWZ, Sonderwertung, gespeicherte Restpartien und warum ein Spieler ohne DWZ bleibt",
        "report.legend.age": "AK Altersgruppe: J Jugendliche (bis 20), Jr Junioren (21–25), E Erwachsene (über 25)",
        "report.legend.age_assumed": "? Geburtsjahr unbekannt, als Erwachsener gewertet",
        "report.legend.elo_initial": "(…) vorläufige Erst-Elo aus den Partien bisher (FIDE B.02 §8.2)",
        "report.legend.fide": "(FIDE) Ausgangswert ist die FIDE-Elo (WO 4.1.2)",
        "report.legend.unpublished": "(…) wird nicht veröffentlicht (kein DSB-Mitglied)",
        "cli.sonderwertung": "Sonderwertung (WO 3.6.3): {names}",
        "cli.notes": "Hinweise zur Datei",
        "cli.xml_place.game_round": "Partie Runde {round}: {pair}",
        "cli.xml_place.file": "Datei",
        "cli.xml_place.player": "Spieler {value}",
        "cli.allowed_hosts": "Erlaubte Hostnamen: {hosts}",
        "cli.embed_from": "Darf die Seiten einbetten (iframe): {origins}",
        "cli.conflict": "Konflikt",
        "cli.summary_more": "… und {n!n:weitere Meldung|weitere Meldungen} dieser Art",
        "cli.xml_written": "{kind} geschrieben: {path}",
        "cli.xml_clean": "Keine Beanstandungen nach DSB-Format {kind}.",
        "cli.xml_problems": "{count!n:Hinweis|Hinweise} zur Datei – das Portal oder der Wertungsreferent würde nachfragen:",
        "cli.xml_invalid_head": "{kind} ungültig – das Portal lehnt sie ab: {count!n:Fehler|Fehler} des Prüfberichts",
        "cli.xml_not_written": "{kind} nicht geschrieben: {path}",
        "cli.xml_not_written_fix": "Erst die Fehler beheben (die Abhilfe steht bei jedem). Mit --trotzdem-schreiben wird die ungültige Datei dennoch geschrieben.",
        "cli.xml_written_invalid": "{kind} trotzdem geschrieben: {path}",
        "cli.xml_written_invalid_why": "UNGÜLTIG – das Portal lehnt sie ab ({count!n:Fehler|Fehler}, siehe oben).",
        "cli.teams": "Mannschaften (Aufstellungsreihenfolge)",
        "cli.team_total": "Summe",
        "cli.board": "Brett",
        "cli.check_filtered": "nur die Befunde zu Spieler {player} (--player) – {hidden} zu anderen Spielern und zur Datei ausgeblendet",
    },
    "problems": {
        "output_is_directory": "'{value}' ist ein Verzeichnis – bitte einen Dateinamen angeben",
        "output_no_directory": "Datei '{value}' kann nicht geschrieben werden: das Verzeichnis '{dir}' gibt es nicht",
        "output_no_permission": "Datei '{value}' kann nicht geschrieben werden: keine Schreibberechtigung",
        "elo_invalid": "Elo '{value}' ist keine gültige Elo-Zahl; erwartet eine ganze Zahl wie 1500",
        "elo_missing": "Keine Elo angegeben; erwartet ELO GEGNER:ERGEBNIS …, z. B. dwz elo 1500 1600:1",
        "elo_game_invalid": "Partie '{value}' nicht lesbar; erwartet ELO:ERGEBNIS, z. B. 1580:1",
        "elo_opponent_invalid": "Gegner-Elo '{value}' ist keine ganze Zahl",
        "elo_invalid.web": "Elo '{value}' ist keine gültige Elo-Zahl; erwartet eine ganze Zahl wie 1500",
        "elo_game_invalid.web": "Partie '{value}' nicht lesbar; erwartet Elo des Gegners und Ergebnis, z. B. 1580:1",
        "elo_game_invalid.api": "Partie '{value}' nicht lesbar; erwartet Elo des Gegners und Ergebnis, z. B. (1580, 1) oder \"1580:1\"",
        "elo_compress_one": "Für die Kompression genau eine Elo angeben, nicht '{value}'",
        "elo_first_zero": "0 % – bei null Punkten gibt es keine Erst-Elo",
        "history_not_data_file": "'{value}' ist keine Turnier- oder Wertungslistendatei (lesbar sind {formats} sowie die Listen des DSB und der FIDE)",
        "encoding_unreadable": "Datei nicht lesbar: keine der Zeichenkodierungen {expected} passt",
        "elo_no_games": "Keine Partien angegeben; erwartet GEGNER:ERGEBNIS …, z. B. 1500:1 1600:= 1700:0",
        "scen_opponent_is_game": "'{value}' ist eine gespielte Partie (GEGNER:ERGEBNIS), kein offener Gegner – --played nimmt eine Partie und wird je Partie wiederholt: {fix}",
    },
    "fields_cli": {
        "new_rating": "Neue DWZ",
        "played[].opponent": "--played {n}, Gegner",
        "played[].result": "--played {n}, Ergebnis",
        "files": "Datei",
        "elo_as_dwz": "--elo-als-dwz",
        "rating.index": "Index in der DWZ",
        "rule_400": "--ohne-400",
        "card_player": "SPIELER",
        "restpartien[].opponent": "--rest {n}, Gegner",
        "restpartien[].result": "--rest {n}, Ergebnis",
    },
    "terms": {
        "os.ENOSPC": "der Datenträger ist voll",
        "os.EROFS": "der Datenträger ist schreibgeschützt",
        "os.EACCES": "keine Berechtigung",
        "os.EPERM": "keine Berechtigung",
        "os.ENOENT": "Datei oder Verzeichnis gibt es nicht",
        "os.EISDIR": "das ist ein Verzeichnis",
        "os.ENOTDIR": "ein Teil des Pfads ist kein Verzeichnis",
        "os.EIO": "Lese- oder Schreibfehler des Datenträgers",
        "filekind.directory": "ein Verzeichnis",
        "filekind.fifo": "eine benannte Pipe (FIFO)",
        "filekind.device": "ein Gerät",
        "filekind.socket": "ein Socket",
        "filekind.other": "ein besonderer Dateityp",
        "os.EFBIG": "die Datei wird zu groß",
        "os.EDQUOT": "das Speicherkontingent ist erschöpft",
        "os.ENAMETOOLONG": "der Dateiname ist zu lang",
        "os.ETXTBSY": "die Datei ist in Benutzung",
        "os.EBUSY": "die Datei ist in Benutzung",
        "os.EMFILE": "zu viele offene Dateien",
        "os.ELOOP": "zu viele symbolische Verweise",
        "zip.bad": "das ZIP-Archiv ist beschädigt",
        "zip.truncated": "das ZIP-Archiv ist unvollständig",
        "csv.syntax": "Anführungszeichen oder Trennzeichen stimmen nicht",
        "json.value": "an dieser Stelle fehlt ein Wert",
        "json.comma": "ein Komma fehlt",
        "json.colon": "ein Doppelpunkt fehlt",
        "json.key": "ein Schlüssel muss in doppelten Anführungszeichen stehen",
        "json.extra": "nach dem Ende folgt noch Text",
        "json.syntax": "die Schreibweise stimmt nicht",
        "json.not_finite": "NaN, Infinity oder eine Zahl jenseits von 10^308 ist keine Zahl, die sich rechnen lässt",
        "json.lone_surrogate": "ein einzelnes Ersatzzeichen (\\ud800–\\udfff) ist kein Schriftzeichen",
        "xml.mismatched_tag": "ein Element wird mit dem falschen Namen geschlossen",
        "xml.no_element": "die Datei endet, bevor das Dokument vollständig ist",
        "xml.invalid_token": "ein Zeichen ist an dieser Stelle nicht erlaubt",
        "xml.unclosed_token": "ein Element ist nicht geschlossen",
        "xml.junk_after": "nach dem Dokument folgt noch Text",
        "xml.syntax": "die Schreibweise stimmt nicht",
        "xml.unknown_encoding": "die angegebene Zeichenkodierung ist unbekannt",
        "xml.multibyte_encoding": "der XML-Leser verarbeitet keine Mehrbyte-Kodierung außer UTF-8 und UTF-16",
        "xml.encoding_not_allowed": "dwz liest XML nur in UTF-8, UTF-16, ISO-8859-1, ISO-8859-15, Windows-1252 oder ASCII",
        "xml.encoding_mismatch": "die Bytes der Datei passen nicht zu dieser Angabe (Byte-Order-Mark oder UTF-16 widersprechen ihr)",
        "xml.undefined_entity": "ein Verweis (&…;) ist nicht definiert",
        "error.other": "unbekannter Fehler",
        "net.unresolvable": "der Name ist unbekannt oder die Adresse ungültig",
        "os.EADDRINUSE": "der Port ist schon belegt",
        "os.EADDRNOTAVAIL": "die Adresse gehört nicht zu diesem Rechner",
        "db.history_db_full": "kein Platz mehr",
        "db.history_db_readonly": "nur lesbar",
        "db.history_db_unopenable": "nicht zu öffnen",
        "db.history_db_io": "Lese- oder Schreibfehler",
        "db.not_history": "keine Datenbank von dwz history",
        "db.schema": "von einer anderen Version von dwz",
        "db.invalid": "keine SQLite-Datenbank oder beschädigt",
        "xml.expect.date": "JJJJ-MM-TT",
        "xml.expect.dsb_id": "PKZ (Ziffern), NU…, FI…",
        "xml.expect.zps": "5 Zeichen (ZPS)",
        "xml.expect.number_or_true": "Nr., true",
        "xml.expect.number": "Nr.",
        "xml.expect.dob": "1901–2100 (1900 nur für Computer)",
        "xml.expect.chars5": "5 Zeichen",
        "xml.expect.digits": "Ziffern",
        "xml.expect.text": "Text",
        "os.unknown": "Fehler des Betriebssystems",
    },
}
