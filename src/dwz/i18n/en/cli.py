"""English: the command line (click's texts, the help, the messages) and the published files (the tables,
DSB-XML, the Restpartien file)."""

from __future__ import annotations

from typing import Any

CATALOG: dict[str, dict[str, Any]] = {
    "click": {
        "Usage:": "Usage:",
        "Options": "Options",
        "Commands": "Commands",
        "Show this message and exit.": "Show this message and exit.",
        "Show the version and exit.": "Show the version and exit.",
        "Error: {message}": "Error: {message}",
        "Try '{command} {option}' for help.": "Try '{command} {option}' for help.",
        "Missing argument": "Missing argument",
        "Missing option": "Missing option",
        "Missing parameter": "Missing parameter",
        "Missing parameter: {param_name}": "Missing parameter: {param_name}",
        "Missing {param_type}": "Missing {param_type}",
        "Missing command.": "Missing command.",
        "No such option {name!r}.": "No such option {name!r}.",
        "No such command {name!r}.": "No such command {name!r}.",
        "Did you mean {possibility}?": "Did you mean {possibility}?",
        "(Did you mean one of: {possibilities}?)": "(Did you mean one of: {possibilities}?)",
        "Invalid value: {message}": "Invalid value: {message}",
        "Invalid value for {param_hint}: {message}": "Invalid value for {param_hint}: {message}",
        "Got unexpected extra argument ({args})": "Got unexpected extra argument ({args})",
        "Got unexpected extra arguments ({args})": "Got unexpected extra arguments ({args})",
        "Option {name!r} requires an argument.": "Option {name!r} requires an argument.",
        "Option {name!r} requires {nargs} arguments.": "Option {name!r} requires {nargs} arguments.",
        "Option {name!r} does not take a value.": "Option {name!r} does not take a value.",
        "Argument {name!r} takes {nargs} values.": "Argument {name!r} takes {nargs} values.",
        "{value!r} is not {choice}.": "{value!r} is not {choice}.",
        "{value!r} is not one of {choices}.": "{value!r} is not one of {choices}.",
        "{value!r} is not a valid {number_type}.": "{value!r} is not a valid {number_type}.",
        "{value} is not in the range {range}.": "{value} is not in the range {range}.",
        "{value!r} is not a valid boolean. Recognized values: {states}": "{value!r} is not a valid boolean. Recognized "
        "values: {states}",
        "{name} {filename!r} does not exist.": "{name} {filename!r} does not exist.",
        "{name} {filename!r} is a file.": "{name} {filename!r} is a file.",
        "{name} {filename!r} is a directory.": "{name} {filename!r} is a directory.",
        "{name} {filename!r} is not readable.": "{name} {filename!r} is not readable.",
        "{name} {filename!r} is not writable.": "{name} {filename!r} is not writable.",
        "{name} {filename!r} is not executable.": "{name} {filename!r} is not executable.",
        "file": "file",
        "directory": "directory",
        "path": "path",
        "Could not open file {filename!r}: {message}": "Could not open file {filename!r}: {message}",
        "unknown error": "unknown error",
        "Aborted!": "Aborted!",
        "env var: {var}": "env var: {var}",
        "default: {default}": "default: {default}",
        "(dynamic)": "(dynamic)",
        "required": "required",
        "Value must be an iterable.": "Value must be an iterable.",
        "Takes {nargs} values but 1 was given.": "Takes {nargs} values but 1 was given.",
        "Takes {nargs} values but {len} were given.": "Takes {nargs} values but {len} were given.",
        "{len_type} values are required, but {len_value} was given.": "{len_type} values are required, but {len_value} "
        "was given.",
        "{len_type} values are required, but {len_value} were given.": "{len_type} values are required, but {len_value} "
        "were given.",
        "Choose from:\n\t{choices}": "Choose from:\n\t{choices}",
    },
    "cli_help": {
        "section.commands": "Commands",
        "metavar.options": "[OPTIONS]",
        "metavar.subcommand": "COMMAND [ARGS]...",
        "metavar.rating": "RATING",
        "metavar.games": "OPPONENT:RESULT",
        "metavar.game": "OPPONENT:RESULT",
        "metavar.opponents": "OPPONENTS",
        "metavar.elo_args": "ELO OPPONENT:RESULT",
        "metavar.date": "YYYY-MM-DD",
        "metavar.year": "YEAR",
        "metavar.index": "INDEX",
        "metavar.lang": "[de|en]",
        "metavar.file": "FILE",
        "metavar.files": "FILES",
        "metavar.player": "PLAYER",
        "metavar.text": "TEXT",
        "metavar.number": "NUMBER",
        "metavar.seconds": "SECONDS",
        "metavar.host": "ADDRESS",
        "metavar.name": "NAME",
        "cmd.dwz.help": "DWZ (the German rating) and FIDE Elo – exactly by the rating regulations, with every step "
        "explained.",
        "cmd.dwz.epilog": "\b\n"
        "Examples:\n"
        "  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:= 1810:0 1600:1 1690:=\n"
        "  dwz tournament tournament.trf --list LV-0-dwzliste.zip -o evaluation.html\n"
        "  dwz rate --help       (help on one command)\n"
        "\n"
        "Language: German by default; --lang en or DWZ_LANG=en for English.",
        "cmd.rate.short": "New DWZ after a tournament (rating 0 or ?: first DWZ).",
        "cmd.rate.help": "New DWZ after a tournament.\n"
        "\n"
        'RATING is "1650-12" (DWZ and index as on the rating card) or "1650". The games are\n'
        "OPPONENT:RESULT, e.g. 1580:1 1720:= 1810:0. RATING 0 computes a first DWZ.",
        "cmd.rate.epilog": "\b\n"
        "Examples:\n"
        "  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:= 1810:0 1600:1 1690:=\n"
        "  dwz rate 1650-12 --born 1985 --end 2026-09-14 1580:1 1720:½ 1810:0 --explain\n"
        "  dwz rate 2065-14 --age-group adult --end 2026-03-01 --points 0.5 --count 1 --expected "
        "0.578\n"
        "  dwz rate 1500 --end 2025-05-01 1600:1 1450:+ 0:1 --json      (forfeit and unrated "
        "opponent: listed, not counted)\n"
        "  dwz rate 900-10 --alt own --end 2026-09-14 1350:1 1250:0 1400:=   → 900-10 converted to 1300-11, new DWZ 1304-12\n"
        "  dwz rate 1500-20 --stand 2026-05-01 --end 2026-09-14 1600:1 1750:=   → a card before the Umstufung: 1500-20 "
        "converted to 1720-21\n"
        "\n"
        "\b\n"
        "Results: 1, 0, ½ (also 0.5, 0,5, =, r, 1/2), 1-0, 0-1, ½-½;\n"
        "forfeits + and - (not counted). Opponent 0 or ? = no rating (not counted).\n"
        "Without --end today's date is taken as the tournament end (the output says so).",
        "cmd.first.short": "First DWZ of a player without one.",
        "cmd.first.help": "First DWZ of a player without one (at least 5 games against rated opponents, not 0 % or 100 %).",
        "cmd.first.epilog": "\b\n"
        "Example (official first DWZ 983, tournament B431-636-C4F):\n"
        "  dwz first 894:1 1087:0 905:1 1255:0 --rest 1177:0 --end 2014-08-01 --age-group youth "
        "--explain",
        "cmd.scenarios.short": "New DWZ for every possible score; what it takes to keep or raise it.",
        "cmd.scenarios.help": "New DWZ for every reachable score against the OPPONENTS (games still to play).\n"
        "\n"
        "With the score from which the DWZ is kept (change ≥ 0) and raised (change > 0).\n"
        "Without a rating (0): the first DWZ per score.",
        "cmd.scenarios.epilog": "\b\n"
        "Examples:\n"
        "  dwz scenarios 1650-12 1580 1720 1810 1600 1690 --born 1985 --end 2026-09-14\n"
        "  dwz scenarios 1650-12 1810 1600 --played 1580:1 --played 1720:= --end 2026-09-14",
        "cmd.umstufung.short": "The 2026 rescaling (Umstufung): old DWZ → new DWZ (index + 1), or back.",
        "cmd.umstufung.help": "The 2026 rescaling (Umstufung): old DWZ → new DWZ (index + 1); --inverse goes from the "
        "new scale back to the old one.",
        "cmd.umstufung.epilog": "\b\n"
        "Examples:\n"
        "  dwz umstufung 2063-15            → 2080-16\n"
        "  dwz umstufung 2110 --inverse     → 2109 or 2110 (not unique)",
        "cmd.elo.short": "FIDE Elo: rating period, game by game, initial rating, 2024 compression.",
        "cmd.elo.help": "FIDE Elo: ELO OPPONENT:RESULT … (table 8.1.2, 400-point rule, K rules, K·n ≤ 700).\n"
        "\n"
        "Your Elo first, then the games as the opponent's Elo and the result, e.g. 2319:0 2181:1.",
        "cmd.elo.epilog": "\b\n"
        "Examples:\n"
        "  dwz elo 2224 2319:0 2181:1 2246:1 2261:= 2312:0 2297:0 2144:1 --k 15 --period "
        "2010-05-01\n"
        "  dwz elo 1500 1600:1 --k 20 --mode game\n"
        "  dwz elo 2813 1787:1 2025:1 2310:1 2400:1 2505:= --k 10 --period 2025-12-01\n"
        "  dwz elo --initial 1500:1 1600:= 1700:0 1650:= 1550:= --period 2026-01-01\n"
        "  dwz elo --compress 1600\n"
        "\n"
        "Without --period today's rating period is used (the output says so).",
        "cmd.tournament.short": "Evaluate a whole tournament as the DSB does ({formats}).",
        "cmd.tournament.help": "Evaluate a whole tournament as the DSB does: new and first DWZ, Sonderwertung, stored "
        "games (Restpartien), FIDE Elo; with the pre-upload check.",
        "cmd.tournament.epilog": "\b\n"
        "Examples:\n"
        "  dwz tournament tournament.swi\n"
        "  dwz tournament tournament.trf --list LV-0-dwzliste.zip --fide-list "
        "players_list_foa.txt\n"
        "  dwz tournament tournament.trf --end 2026-09-14 -o evaluation.html\n"
        "  dwz tournament tournament.swi --player Gehringer --explain\n"
        "  dwz tournament tournament.trf --restpartien old.json --restpartien-out new.json\n"
        "  dwz tournament tournament.SWT --dsb-xml report.xml --location Leipzig "
        '--time-control "90 min + 30 s"\n'
        "  dwz tournament league.SWT --dewis-xml league-dewis.xml\n"
        "\n"
        "Formats (detected from the content, --format forces one): {format_labels}.\n"
        "\n"
        "\b\n"
        "Output by the extension of -o: .csv (table), .json (everything with the steps), "
        ".html\n"
        "(standalone page). --dsb-xml writes the upload file of the DSB rating portal\n"
        "(DSB_DWZ_TournamentReport 2.5) and lists everything the portal or a rating officer "
        "would\n"
        "query; --dewis-xml the legacy DeWIS XML. An invalid upload file is not written and the\n"
        "exit code is 2; --write-anyway writes it all the same (the exit code stays 2). -o may be\n"
        "given more than once.",
        "cmd.check.short": "The pre-upload check (Prüfbericht) of a tournament file.",
        "cmd.check.help": "The pre-upload check: everything the DSB portal would reject or a rating officer would "
        "query – with the rule and the fix.",
        "cmd.check.epilog": "\b\n"
        "Examples:\n"
        "  dwz check tournament.trf\n"
        "  dwz check tournament.swi --list LV-0-dwzliste.zip --end 2026-09-14\n"
        "  dwz check tournament.trf --list LV-0-dwzliste.zip --fide-list players_list_foa.txt "
        "--lang en\n"
        "  dwz check tournament.trf --json\n"
        "\n"
        "Exit code: 0 clean (or notes only), 1 warnings, 2 errors.",
        "cmd.serve.short": "Start the web calculator and the JSON API.",
        "cmd.serve.help": "Start the web calculator and the JSON API.\n"
        "\n"
        "Nothing is stored; everything works offline. The server answers only the host names it is\n"
        "bound to (protection against DNS rebinding) and those given with --allowed-host.",
        "cmd.serve.epilog": "\b\n"
        "Examples:\n"
        "  dwz serve                        → http://127.0.0.1:8000/  (API documentation: /docs)\n"
        "  dwz serve --port 8080 --workers 2\n"
        "  dwz serve --db dwz.sqlite        → also the rating cards at /karte/<no>\n"
        "  dwz serve --host 127.0.0.1 --port 8001 --workers 4 --allowed-host dwz.example.org   "
        "(behind a reverse proxy)",
        "cmd.history.short": "Rating history in SQLite: import, evaluate, rating card, comparison.",
        "cmd.history.help": "Rating history: every tournament evaluated in the order of the rating regulations (a "
        "SQLite file).",
        "cmd.history.epilog": "\b\n"
        "Examples:\n"
        "  dwz history add LV-0-csv_2016-07-01.zip tournaments/*.trf  (rating list: starting "
        "values)\n"
        "  dwz history run                                            (new and changed: only "
        "what is needed)\n"
        '  dwz history card "Müller, Anna" --chart anna.svg\n'
        "  dwz history compare --chart comparison.svg\n"
        "  dwz history generate --players 240000 --tournaments 55000 --seed 1 --db synth.sqlite",
        "cmd.history.add.short": "Import tournament files and rating lists.",
        "cmd.history.add.help": "Import tournament files ({formats}) and rating lists "
        "(DSB, FIDE).",
        "cmd.history.run.short": "Evaluate what is new or has changed.",
        "cmd.history.run.help": "Evaluate every tournament in the order of the rating regulations (Umstufung 2026 "
        "included).\n"
        "\n"
        "After an import only the tournaments from the earliest new one on, with the players "
        "they\n"
        "affect, are recomputed. Ctrl-C stops without changing anything.",
        "cmd.history.card.short": "A player's rating card, the chart as SVG.",
        "cmd.history.card.help": "Rating card: PLAYER is a name, DSB id, FIDE id, ZPS member number (C0512-135) or #number.",
        "cmd.history.compare.short": "The classic rules throughout against the 2026 switch.",
        "cmd.history.compare.help": "The classic rules throughout against the real 2026 switch: differences of the "
        "final ratings.",
        "cmd.history.generate.short": "Generate a synthetic federation (for tests).",
        "cmd.history.generate.help": "Generate a synthetic federation: clubs, leagues, opens, youth; tournaments from "
        "2016-07 to 2026-11.",
        "opt.lang": "Language of the output, de or en (default: de, or DWZ_LANG).",
        "opt.json": "Print the result as JSON (the keys of to_dict()).",
        "opt.explain": "Print the calculation steps, each with its rule.",
        "opt.rules": "Force the rules – {editions}; otherwise by the tournament end.",
        "opt.age_group": "Age group instead of the birth year: youth (up to 20), junior (21–25), adult (over 25).",
        "opt.born": "Birth year, e.g. 1985 (none: adult).",
        "opt.end": "Tournament end, e.g. 2026-09-14 or 14.09.2026 (default: today); it selects the rules.",
        "opt.index": "Index of the DWZ, if not given in RATING (1650-12).",
        "opt.points": "Points W of a rating-card line (instead of games), e.g. 3.5.",
        "opt.count": "Number of counted games n (card line).",
        "opt.expected": "Expected score We (card line), e.g. 2.578.",
        "opt.rest_rate": "Stored game OPPONENT:RESULT from earlier tournaments (Restpartie; first DWZ only; repeatable).",
        "opt.rest": "Stored game OPPONENT:RESULT from earlier tournaments (Restpartie; repeatable).",
        "opt.played": "Game already played, OPPONENT:RESULT (repeatable).",
        "opt.rest_scenarios": "Stored game OPPONENT:RESULT (Restpartie; without a rating only; repeatable).",
        "opt.inverse": "From the new scale back to the old one: every old value leading to RATING.",
        "opt.k": "Give the K factor, 1–700 (otherwise by the FIDE rule).",
        "opt.period": "Rating period: a month such as 2025-12 or a date such as 2025-12-01 (default: today); it selects the FIDE rules.",
        "opt.elo_born": "Birth year (juniors below 2300: K 40).",
        "opt.games_played": "Elo games rated so far (below 30: K 40).",
        "opt.reached_2400": "Has reached 2400 once (K 10).",
        "opt.reached_2300": "Reached 2300 once as a junior (K 20).",
        "opt.mode": "period: all games against the starting Elo (as FIDE does); game: updated after every game.",
        "opt.logistic": "The logistic formula instead of FIDE table 8.1.2 (an approximation, not official).",
        "opt.no_400": "Without FIDE's 400-point rule (B.02 §8.3.1): every difference counts in full – rules of your own, e.g. for other games.",
        "opt.initial": "Initial rating of an unrated player: every argument is a game.",
        "opt.compress": "The FIDE compression of March 2024 for the one Elo given.",
        "opt.format": "Force the file format (otherwise detected from the content).",
        "opt.list": "DSB rating list (ZIP or spieler.csv): fill in DWZ, index and birth year.",
        "opt.fide_list": "FIDE list (TXT or XML, also zipped): fill in Elo and FIDE id.",
        "opt.t_end": "Tournament end, if not in the file (e.g. 2026-09-14).",
        "opt.player": "Show only this player: number or name (Mueller finds Müller).",
        "opt.t_explain": "Print the calculation steps (with --player: for that player only).",
        "opt.output": "Write the evaluation: .csv (spreadsheet), .json or .html (standalone page).",
        "opt.t_json": "Print the evaluation as JSON.",
        "opt.restpartien_in": "Read stored games (the JSON of an earlier evaluation, --restpartien-out).",
        "opt.restpartien_out": "Write the stored games of unrated players for the next evaluation (JSON).",
        "opt.foreign_e_index": "Classic rules: the index for E when the FIDE Elo is the starting value (1 = new "
        "rules, default; 6 = WO 2014).",
        "opt.no_sonderwertung": "Do not apply the Sonderwertung (WO 3.6.3).",
        "opt.no_sonder_foreign": "Players with a foreign rating or their Elo as R0 are no exceptional players of the Sonderwertung (the earlier reading of WO 3.6.3).",
        "opt.scale": "old: the DWZ typed are from before the Umstufung 2026 and are converted first; new: they are converted already.",
        "opt.alt": "Which DWZ are from before the Umstufung 2026 (a card or list dated before {switch}): own, opponents or all – they are converted first.",
        "opt.alt_first": "Whether the opponents' DWZ are from before the Umstufung 2026 (a list dated before {switch}): opponents or all – they are converted first (a first DWZ has no own DWZ).",
        "opt.stand": "Date of your DWZ: the date of the rating card or list it comes from (before {switch}: it is converted).",
        "opt.t_scale": "old: the file's DWZ are from before the Umstufung 2026 and are converted first (a scale column of the file wins).",
        "opt.t_scale_said": "Scale of the file's DWZ: old – from before the Umstufung 2026, converted first; new – already converted (a scale column of the file wins).",
        "opt.check_scale": "old: the file's DWZ are from before the Umstufung 2026 (converted first for the check).",
        "opt.check_scale_said": "Scale of the file's DWZ: old – from before the Umstufung 2026 (converted first for the check); new – already converted.",
        "opt.no_sonder_extremes": "100 % (performance = level + 677) does not trigger a Sonderwertung.",
        "opt.elo_from_2400": "DWZ of 2400 and above: the FIDE Elo as the starting value (WO 4.1.2, 'as a rule').",
        "opt.elo_als_dwz": "The file has no DWZ and the players are to be rated on their Elo (WO 4.1.2) – otherwise the DWZ list (--list) is asked for.",
        "opt.no_elo_for_unrated": "Do not place players without a DWZ by their Elo.",
        "opt.restpartien_vs_stage2": "Also store games against second-stage first-DWZ players.",
        "opt.dsb_xml": "Write the upload file of the DSB rating portal (DSB_DWZ_TournamentReport 2.5).",
        "opt.dewis_xml": "Write the legacy DeWIS XML file.",
        "opt.location": "Venue for the XML file.",
        "opt.time_control": "Time control, e.g. 90+30 or '40/120, 60': for the XML file and the check against WO 4.2.2 (else the file's).",
        "opt.sender": "Sender (club or tournament director) for the DSB XML file.",
        "opt.html_notes": "Also put the readers' notes (file internals) into the HTML page.",
        "opt.write_anyway": "Write an invalid upload file (--dsb-xml, --dewis-xml) all the same; the exit code stays 2 (invalid).",
        "opt.check_format": "Force the file format (otherwise detected from the content).",
        "opt.check_list": "DSB rating list (ZIP or spieler.csv): check names, DWZ, index and birth year.",
        "opt.check_fide_list": "FIDE list (TXT or XML): check FIDE id and Elo.",
        "opt.list_date": "Date of the DWZ list, e.g. 2026-09-01 (otherwise from the file name or the content).",
        "opt.check_json": "Print the report as JSON.",
        "opt.check_time_control": "The tournament's time control if the file names none, e.g. 90+30 or '40/120, 60' (WO 4.2.2: at least 90 minutes per player and game).",
        "opt.host": "Address to bind (default: 127.0.0.1, this machine only).",
        "opt.port": "Port (default: 8000).",
        "opt.workers": "Worker processes (default: 1; the app keeps no state, any number works).",
        "opt.serve_db": "Rating history (the SQLite file of dwz history) for the rating cards at /karte/… (read-only).",
        "opt.allowed_host": "Another host name clients use (repeatable; '*.example.org'; '*' turns the check off).",
        "opt.embed_from": "Origin (https://host[:port]) of a web page that may show the pages in a frame (iframe; repeatable); without it none may.",
        "opt.header_timeout": "Seconds for a request's line and headers, then the connection is closed (default: 10).",
        "opt.limit_concurrency": "Requests in progress per worker before answering 503 (default: 200).",
        "opt.log_level": "Log level of the server (uvicorn; default: 'warning').",
        "opt.db": "Database file (default: dwz.sqlite, or DWZ_DB).",
        "opt.history_rules": "Force the rules for these tournaments – {editions}; otherwise by the tournament end.",
        "opt.history_list_date": "Date of the rating list, e.g. 2026-09-01 (otherwise from the file name).",
        "opt.history_format": "Force the tournament format (otherwise detected from the content).",
        "opt.full": "Recompute everything, not only what changed.",
        "opt.progress": "Show a progress bar (default: on a terminal only).",
        "opt.chart": "Write the chart as an SVG file.",
        "opt.compare_chart": "Write the histogram as an SVG file.",
        "opt.top": "Show this many biggest winners and losers (default: 10).",
        "opt.history_json": "Print as JSON.",
        "opt.players": "Number of players (default: 240000).",
        "opt.tournaments": "Number of tournaments (default: 55000).",
        "opt.seed": "Seed of the random generator: the same seed gives the same federation (default: 1).",
        "opt.generate_db": "Database file to create (default: synth.sqlite).",
        "opt.force": "Replace an existing file.",
        "opt.version": "Show the version and exit.",
    },
    "ui": {
        "cli.assumptions_head": "Assumptions (the whole calculation with --explain):",
        "cli.error_prefix": "Error: ",
        "cli.warning_prefix": "Warning: ",
        "cli.old_scale_head": "Warning: {count!n:opponent's DWZ|opponents' DWZ} below {floor} – since the Umstufung 2026 no DWZ is below {floor}: values from before the Umstufung (an old list, a 2025 crosstable) or foreign ratings?",
        "cli.old_scale_fix": "Fix: with --alt opponents the opponents' DWZ are converted first; a foreign rating stays as it is.",
        "cli.converted_headline": "Your DWZ {old} (before the Umstufung) → {converted}; new DWZ {new} ({change})",
        "cli.more": "… and {n} more",
        "cli.place_line": "{file}, line {line}",
        "cli.place_offset": "{file}, byte {line}",
        "cli.choice_invalid": "'{value}' is not one of {choices}",
        "cli.end_assumed": "No tournament end given: today ({date}) assumed → {rules}",
        "cli.period_assumed": "No rating period given: today ({date}) assumed → {rules}",
        "cli.old_dwz": "Old DWZ",
        "cli.coefficient.E": "Development coefficient E",
        "cli.coefficient.K": "Development factor K",
        "cli.coefficient.none": "E or K",
        "cli.no_evaluation": "– (no counted game)",
        "cli.no_games_rate": "No counted game: the DWZ stays as it is.",
        "cli.ri": "Iteration value Ri",
        "cli.we_at_ri": "Expected score We at Ri",
        "cli.col.no": "No.",
        "cli.col.remark": "Remark",
        "cli.col.before": "Elo before",
        "cli.restpartie": "stored game (Restpartie)",
        "cli.scale_was": "old {value}",
        "cli.scen_converted": "Your DWZ {old} (before the Umstufung) → {converted}",
        "cli.columns_hidden": "Left out for lack of width: {columns} (a wider terminal or COLUMNS=140 shows them).",
        "cli.or": " or ",
        "cli.umst_none": "{value} is not a value of the new scale – no old value leads to it (the new scale starts at 1100)",
        "cli.umst_not_unique": "not unique: {n!n:old value|old values}",
        "cli.compression": "FIDE compression of March 2024",
        "cli.elo_change": "{exact}, rounded {rounded}",
        "cli.elo_no_games": "No game given – the Elo stays {rating}. Add the games as OPPONENT-ELO:RESULT, e.g. dwz elo "
        "{rating} 1600:1 1450:½.",
        "cli.elo_capped": "* 400-point rule: the difference counts as 400 at most (FIDE B.02 §8.3.1).",
        "cli.scen_keep_mark": "keep",
        "cli.scen_raise_mark": "raise",
        "cli.scen_keep": "Keep the DWZ (change ≥ 0): from W = {score} of {n!n:game|games}",
        "cli.scen_raise": "Raise the DWZ (change > 0): from W = {score} of {n!n:game|games}",
        "cli.scen_never": "not reachable",
        "cli.scen_points": "W (tournament)",
        "cli.scen_first_none": "– no first DWZ: at 0 % or 100 % and with fewer than 5 games against rated opponents there "
        "is none (WO 3.4.1).",
        "cli.scen_first_note": "First DWZ from {n!n:game|games} against rated opponents (stored games included); Ri is the "
        "iteration value before the correction.",
        "cli.written": "{what} written: {path}",
        "cli.file.csv": "Table (CSV)",
        "cli.file.json": "Evaluation (JSON)",
        "cli.file.html": "HTML page",
        "cli.file.restpartien": "Stored games (JSON)",
        "cli.file.chart": "Chart (SVG)",
        "cli.file.dsb": "DSB-XML 2.5",
        "cli.file.dewis": "DeWIS-XML",
        "cli.head": "{name} – end {end} – {rules}",
        "cli.head_meta": "End {end} · {rules} · {players}",
        "cli.n_players": "{n!n:player|players}",
        "cli.elo_table": "FIDE Elo (change unrounded: FIDE rounds once per rating period)",
        # --- the published files (dwz.reports) ---
        "check.list_swapped.title": "List given with the wrong option",
        "check.list_swapped.dsb": "{file} is not a DSB rating list but a FIDE list – used as the FIDE list",
        "check.list_swapped.fide": "{file} is not a FIDE list but a DSB rating list – used as the DSB list",
        "check.list_swapped.fix": "Give the DSB rating list with --list and the FIDE list with --fide-list.",
        "check.summary.any": "{n!n:message|messages} of the same kind, the first {shown}:",
        "check.summary.half_game_dropped": "{n!n:game|games} against players whose line the file lacks – not taken; the first {shown}:",
        "check.summary.swt_half_game_dropped": "{n!n:game|games} against players whose card the file lacks – not taken; the first {shown}:",
        "history.generate_short": "Only {made} of {asked} tournaments: {players} players are not enough for more (raise --players).",
        "report.title": "DWZ evaluation",
        "report.end": "End {end}",
        "report.table": "Evaluation",
        "report.teams": "Teams (lineup order)",
        "report.elo": "FIDE Elo",
        "report.notes": "Notes on the file",
        "report.rechenweg": "Calculation steps per player",
        "report.assumption": "Assumption: the spec marks this rule as uncertain; the documented default is used.",
        "report.footer": "Computed with dwz – unofficial; only the DSB's evaluation is binding.",
        "report.scroll_hint": "The table is wider than the screen: swipe sideways to see every column.",
        "report.abbr.age": "age group",
        "report.abbr.coef": "development coefficient E ({rules_E!t}) or development factor K ({rules_K!t})",
        "report.abbr.we": "expected score",
        "report.legend.remarks": "Remarks: first DWZ, Sonderwertung, stored games, and why a player stays without a DWZ",
        "report.legend.age": "Age group: Y youth (up to 20), Jr juniors (21–25), A adults (over 25)",
        "report.legend.age_assumed": "? birth year unknown, rated as an adult",
        "report.legend.elo_initial": "(…) provisional initial rating from the games so far (FIDE B.02 §8.2)",
        "report.legend.fide": "(FIDE) the starting value is the FIDE Elo (WO 4.1.2)",
        "report.legend.unpublished": "(…) not published (not a DSB member)",
        "cli.sonderwertung": "Sonderwertung (WO 3.6.3): {names}",
        "cli.notes": "Notes on the file",
        "cli.xml_place.game_round": "game round {round}: {pair}",
        "cli.xml_place.file": "file",
        "cli.xml_place.player": "Player {value}",
        "cli.allowed_hosts": "Allowed host names: {hosts}",
        "cli.embed_from": "May embed the pages (iframe): {origins}",
        "cli.conflict": "Conflict",
        "cli.summary_more": "… and {n!n:more message|more messages} of this kind",
        "cli.xml_written": "{kind} written: {path}",
        "cli.xml_clean": "No objections against the DSB format {kind}.",
        "cli.xml_problems": "{count!n:remark|remarks} on the file – the portal or the rating officer would ask:",
        "cli.xml_invalid_head": "{kind} invalid – the portal rejects it: {count!n:error|errors} of the pre-upload check",
        "cli.xml_not_written": "{kind} not written: {path}",
        "cli.xml_not_written_fix": "Fix the errors first (each one's fix is given). With --write-anyway the invalid file is written all the same.",
        "cli.xml_written_invalid": "{kind} written anyway: {path}",
        "cli.xml_written_invalid_why": "INVALID – the portal rejects it ({count!n:error|errors}, see above).",
        "cli.teams": "Teams (lineup order)",
        "cli.team_total": "Total",
        "cli.board": "Board",
        "cli.check_filtered": "only the findings on player {player} (--player) – {hidden} on other players and the file hidden",
    },
    "problems": {
        "output_is_directory": "'{value}' is a directory – please give a file name",
        "output_no_directory": "File '{value}' cannot be written: the directory '{dir}' does not exist",
        "output_no_permission": "File '{value}' cannot be written: no write permission",
        "elo_invalid": "Elo '{value}' is not a valid Elo rating; expected a whole number such as 1500",
        "elo_missing": "No Elo given; expected ELO OPPONENT:RESULT …, e.g. dwz elo 1500 1600:1",
        "elo_game_invalid": "Game '{value}' not readable; expected ELO:RESULT, e.g. 1580:1",
        "elo_opponent_invalid": "Opponent's Elo '{value}' is not a whole number",
        "elo_invalid.web": "Elo '{value}' is not a valid Elo rating; expected a whole number such as 1500",
        "elo_game_invalid.web": "Game '{value}' not readable; expected the opponent's Elo and the result, e.g. 1580:1",
        "elo_game_invalid.api": "Game '{value}' not readable; expected the opponent's Elo and the result, e.g. (1580, 1) or \"1580:1\"",
        "elo_compress_one": "Give exactly one Elo for the compression, not '{value}'",
        "elo_first_zero": "0 % – no initial rating with zero points",
        "history_not_data_file": "'{value}' is not a tournament or rating list file (readable are {formats} and the lists of the DSB and FIDE)",
        "encoding_unreadable": "File cannot be read: none of the encodings {expected} fits",
        "elo_no_games": "No games given; expected OPPONENT:RESULT …, e.g. 1500:1 1600:= 1700:0",
        "scen_opponent_is_game": "'{value}' is a game played (OPPONENT:RESULT), not an open opponent – --played takes one game and is repeated for each: {fix}",
    },
    "fields_cli": {
        "new_rating": "New DWZ",
        "played[].opponent": "--played {n}, opponent",
        "played[].result": "--played {n}, result",
        "files": "file",
        "elo_as_dwz": "--elo-as-dwz",
        "rating.index": "index in the DWZ",
        "rule_400": "--no-400-rule",
        "card_player": "PLAYER",
        "restpartien[].opponent": "--rest {n}, opponent",
        "restpartien[].result": "--rest {n}, result",
    },
    "terms": {
        "os.ENOSPC": "the disk is full",
        "os.EROFS": "the medium is read-only",
        "os.EACCES": "no permission",
        "os.EPERM": "no permission",
        "os.ENOENT": "no such file or directory",
        "os.EISDIR": "that is a directory",
        "os.ENOTDIR": "a part of the path is not a directory",
        "os.EIO": "read or write error of the medium",
        "filekind.directory": "a directory",
        "filekind.fifo": "a named pipe (FIFO)",
        "filekind.device": "a device",
        "filekind.socket": "a socket",
        "filekind.other": "a special file",
        "os.EFBIG": "the file grows too large",
        "os.EDQUOT": "the disk quota is exhausted",
        "os.ENAMETOOLONG": "the file name is too long",
        "os.ETXTBSY": "the file is in use",
        "os.EBUSY": "the file is in use",
        "os.EMFILE": "too many open files",
        "os.ELOOP": "too many symbolic links",
        "zip.bad": "the ZIP archive is damaged",
        "zip.truncated": "the ZIP archive is incomplete",
        "csv.syntax": "quotes or separators do not match",
        "json.value": "a value is missing here",
        "json.comma": "a comma is missing",
        "json.colon": "a colon is missing",
        "json.key": "a key must be in double quotes",
        "json.extra": "text follows after the end",
        "json.syntax": "the syntax is wrong",
        "json.not_finite": "NaN, Infinity or a number beyond 10^308 is no number to compute with",
        "json.lone_surrogate": "a lone surrogate (\\ud800–\\udfff) is no character",
        "xml.mismatched_tag": "an element is closed with the wrong name",
        "xml.no_element": "the file ends before the document is complete",
        "xml.invalid_token": "a character is not allowed here",
        "xml.unclosed_token": "an element is not closed",
        "xml.junk_after": "text follows after the document",
        "xml.syntax": "the syntax is wrong",
        "xml.unknown_encoding": "the encoding given is unknown",
        "xml.multibyte_encoding": "the XML reader handles no multi-byte encoding but UTF-8 and UTF-16",
        "xml.encoding_not_allowed": "dwz reads XML only in UTF-8, UTF-16, ISO-8859-1, ISO-8859-15, Windows-1252 or ASCII",
        "xml.encoding_mismatch": "the bytes of the file do not fit this declaration (a byte order mark or UTF-16 contradicts it)",
        "xml.undefined_entity": "a reference (&…;) is not defined",
        "error.other": "unknown error",
        "net.unresolvable": "the name is unknown or the address invalid",
        "os.EADDRINUSE": "the port is already in use",
        "os.EADDRNOTAVAIL": "the address is not one of this machine",
        "db.history_db_full": "no space left",
        "db.history_db_readonly": "read-only",
        "db.history_db_unopenable": "cannot be opened",
        "db.history_db_io": "read or write error",
        "db.not_history": "not a database of dwz history",
        "db.schema": "from another version of dwz",
        "db.invalid": "not an SQLite database, or damaged",
        "xml.expect.date": "YYYY-MM-DD",
        "xml.expect.dsb_id": "PKZ (digits), NU…, FI…",
        "xml.expect.zps": "5 characters (ZPS)",
        "xml.expect.number_or_true": "no., true",
        "xml.expect.number": "no.",
        "xml.expect.dob": "1901–2100 (1900 only for computers)",
        "xml.expect.chars5": "5 characters",
        "xml.expect.digits": "digits",
        "xml.expect.text": "text",
        "os.unknown": "operating system error",
    },
}
