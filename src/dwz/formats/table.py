"""Our own tournament files: JSON (for programs, :mod:`~dwz.formats.table_json`) and CSV (for
spreadsheets, :mod:`~dwz.formats.table_csv`) — this module is their common entry.

Both carry exactly what :class:`~dwz.basics.model.Tournament` holds, so
``read_json(write_json(t))`` and ``read_csv(write_csv(t))`` give ``t`` back
(apart from the ``source`` fields, which say where a value was read).
The full description, with examples, is in ``docs/formats.md``; the JSON
Schema is shipped as ``dwz/formats/tournament.schema.json``.

**JSON** — one object::

    {"format": "dwz-tournament", "version": 1,          (both optional)
     "name": "Stadtmeisterschaft", "start": "2026-06-01", "end": "2026-09-14",
     "rounds": 7, "rated": true, "code": null,
     "players": [{"no": 1, "name": "Reck, Moritz", "rating": 2096, "index": 41, "elo": null,
                  "birth_year": 1985, "club": "…", "zps": "C0512", "member_no": "135",
                  "dsb_id": null, "fide_id": null, "member": true, "sex": "m", "title": null,
                  "federation": null, "computer": false, "fide_k": null,
                  "restpartien": [{"opponent": 1600, "result": "1", "played": "2025-05-01",
                                   "tournament": "Open 2025"}]}],
     "games": [{"round": 1, "white": 1, "black": 6, "result": "1-0"},
               {"round": 2, "white": 3, "black": null, "result": "F"}],
     "notes": [{"field": "x.trf:14", "code": "half_game_dropped", "value": "141 w 1", "params": {}}]}

Only ``name`` and ``players`` (each with ``no`` and ``name``) are required.
A game result is written white-first: ``1-0``, ``0-1``, ``½-½``, forfeits
``+:-``, ``-:+``, ``-:-``, games of less than one move ``W:L``, ``L:W``, ``D:D``.
Without a black player it is a bye: ``F`` full point, ``U`` pairing-allocated,
``H`` half point, ``Z`` zero (absent), or a forfeit against nobody ``+``/``-``.
Aliases are read too (``1:0``, ``1/2-1/2``, ``0.5-0.5``, ``=``, ``bye``, ``bye½`` …).

**CSV** — sections, each started by a row ``[name]``, so a spreadsheet user
can write one by hand (``,``, ``;`` or tab; UTF-8 or Windows-1252)::

    [tournament]
    name,Stadtmeisterschaft
    end,2026-09-14
    [players]
    no,name,rating,index,birth_year
    1,"Reck, Moritz",2096,41,1985
    2,"Zoellmer, Fritz",1958-33,,
    [games]
    round,white,black,result
    1,1,2,1-0

Sections: ``[tournament]`` (key,value rows), ``[players]``, ``[games]``,
``[restpartien]`` (player,opponent,result,played,tournament), ``[notes]``.
Player columns are the JSON keys (German aliases accepted: Nr, DWZ, Geburtsjahr,
Verein, Mgl-Nr, PKZ …); ``rating`` may be ``1958-33`` (DWZ-Index).  Empty cells
mean "unknown"; rows starting with ``#`` are comments.

>>> t = read_csv("[tournament]\\nname,Test\\nend,2026-09-14\\n[players]\\nno,name,rating\\n1,A,1600-5\\n2,B,1500\\n"
...              "[games]\\nround,white,black,result\\n1,1,2,½-½\\n")
>>> [(p.no, p.rating, p.index) for p in t.players], t.pairings[0].result_white.code
([(1, 1600, 5), (2, 1500, None)], '½')
>>> strip_sources(read_json(write_json(t))) == strip_sources(t)
True
"""


from __future__ import annotations

from dwz.formats._table import _BYE_CANONICAL, _GAME_CANONICAL, BYE_RESULTS, GAME_RESULTS, result_text, strip_sources
from dwz.formats.table_csv import read_csv, write_csv
from dwz.formats.table_json import FORMAT, VERSION, read_json, write_json

__all__ = [
    "FORMAT", "VERSION", "BYE_RESULTS", "GAME_RESULTS", "_BYE_CANONICAL", "_GAME_CANONICAL", "read_csv", "read_json",
    "result_text", "strip_sources", "write_csv", "write_json",
]
