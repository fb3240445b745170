"""The long fuzz run: many damaged inputs against every reader, the JSON API and the HTML pages.

The test suite fuzzes each reader with a few dozen inputs (tests/formats/test_fuzz.py, a few
seconds); this script runs the same classes of damage at a size that finds rare crashes:
characters replaced, inserted or removed (control characters 0x00–0x1F, superscript and
non-ASCII digits, lone surrogates, BOMs), numbers replaced by huge integers (30, 400 and
5,000 digits), non-finite numbers (NaN, Infinity, 1e999), lines dropped, repeated or blown
up, and bombs (ZIP members of blank lines or one endless line, deep JSON, XML entities).

Issue 16 added: the DSB and DeWIS XML readers, their encoding declarations replaced (``UTF-9``,
``utf-32``, EBCDIC, …); floods of bad rows for every reader (each in its own process: its peak
memory against the file's size, the problems kept and counted); and the round-trip property
(whatever the model accepts, every writer writes and the matching reader reads back — the
hypothesis test of ``tests/formats/test_round_trip.py`` with ``--n`` examples).

Issue 24 added: the players of a FIDE XML one element deeper, ZIPs whose central directory is
too large (1,000,000 empty members; a ZIP64 end record claiming 10⁹), 1,000,000 games in a CSV
tournament file — as bombs, and each class once more at full size in a process of its own
(``--classes``): its peak memory (resident, over the interpreter's baseline) and time.

Every input must give a value or a clean ``InputError`` (readers), an answer below 500 with
the security headers (web) — anything else is a crash, an input slower than ``--slow``
seconds is reported as slow.  Memory is capped (``RLIMIT_AS``), so a bomb that is not
stopped shows up as a ``MemoryError`` crash.

    python benchmarks/fuzz_long.py                      # 2,000 inputs per reader, web included
    python benchmarks/fuzz_long.py --n 20000 --seed 7   # the long run
    python benchmarks/fuzz_long.py --only trf,fide --no-web
    python benchmarks/fuzz_long.py --n 2000 --flood-mib 8      # floods of 8 MiB per reader
    python benchmarks/fuzz_long.py --n 500 --no-classes        # a quick run

Prints one row per target: inputs, values, input errors, crashes, slow inputs, the slowest
input; then each distinct crash (exception and place) with a reproducing input.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import resource
import signal
import sys
import time
import traceback
import urllib.parse
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
sys.path.insert(0, str(ROOT / "src"))

from dwz.basics.errors import InputError  # noqa: E402

HUGE = ("1" + "0" * 30, "9" * 400, "9" * 5000, "-" + "9" * 40)
NON_FINITE = ("NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e308", "nan", "inf")
ODD_DIGITS = ("²", "³", "¹", "٣", "०", "１", "\u00a0", "\u2007")
CONTROLS = tuple(chr(c) for c in (*range(0, 32), 127))
SPICE = (*CONTROLS, *ODD_DIGITS, "\ufeff", "\udcff", "ä", "½", "−", "–", "=", "+", "-", ":", ",", ";", "|", '"', "{", "}",
         "[", "]", "<", ">", "&", "/", ".", " ", "\t", "\n", "\r", "0", "9", "\\udcff", "\\u0000")


@dataclass
class Tally:
    inputs: int = 0
    values: int = 0
    errors: int = 0
    slow: int = 0
    slowest: float = 0.0
    slowest_sample: str = ""
    crashes: dict[str, tuple[int, str]] = field(default_factory=dict)  # signature → (count, sample)

    @property
    def crash_count(self) -> int:
        return sum(n for n, _ in self.crashes.values())


class Timeout(BaseException):  # not an Exception: a reader's own `except Exception` must not swallow it
    pass


def _alarm(_sig: int, _frame: Any) -> None:
    raise Timeout


def _text(path: str, encoding: str = "utf-8") -> str:
    return (SAMPLES / path).read_text(encoding=encoding)


def _zip(member: str, data: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(member, data)
    return buf.getvalue()


def _bomb(member: str, size: int, unit: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z, z.open(member, "w", force_zip64=True) as f:
        chunk = unit * max(1, (1 << 20) // len(unit))
        done = 0
        while done < size:
            f.write(chunk)
            done += len(chunk)
    return buf.getvalue()


def seeds() -> dict[str, list[str]]:
    from dwz.formats.swi import read_swi
    from dwz.formats.table import write_csv, write_json

    swi = _text("swi/stadtmeisterschaft_le_2011.utf8.txt")
    t = read_swi(swi)
    pgn = ('[Event "Open"]\n[Round "1"]\n[Date "2026.09.14"]\n[White "A, B"]\n[Black "C, D"]\n[Result "1-0"]\n'
           '[WhiteDWZ "1650-12"]\n[BlackElo "1720"]\n\n1. e4 e5 1-0\n\n[Round "2"]\n[White "C, D"]\n[Black "E"]\n'
           '[Result "*"]\n\n{kampflos} *\n')
    dsb = _text("dsb/spieler_v2_example.csv") + '10029746,C0512,1,A,"Müller,Max",M,D,1980,202305,1650,12,,,,\r\n'
    dos = "10029745|10614|334|A|Carlsen,Magnus|M|E|1990|202305|2843-103|2830|GM|1503014|NOR\r\n"
    xml = ('<?xml version="1.0" encoding="ISO-8859-1"?>\n<playerslist>\n<player><fideid>703303</fideid><name>Leko, Peter</name>'
           '<country>HUN</country><sex>M</sex><title>GM</title><rating>2738</rating><games>0</games><k>10</k>'
           '<birthday>1979</birthday><flag>i</flag></player>\n</playerslist>\n')
    fide = [_text(f"fide/{n}", "latin-1") for n in ("players_list_foa_excerpt.txt", "standard_rating_list_jan2023_excerpt.txt",
                                                    "blitz_rating_list_aug2026_excerpt.txt")]
    from dataclasses import replace as _replace

    from dwz.basics.model import Team
    from dwz.formats.dewis_xml import write_dewis_xml
    from dwz.formats.dsb_xml import write_dsb_xml

    teams = t.with_(teams=(Team("SK Leipzig", tuple(p.no for p in t.players[::2]), 1),
                           Team("SV Gohlis", tuple(p.no for p in t.players[1::2]), 2)))
    elo = t.with_(players=tuple(_replace(p, elo=p.elo or 1500 + p.no) for p in t.players))
    return {
        "dsb-xml": [write_dsb_xml(elo).text],
        "dewis-xml": [write_dewis_xml(t).text, write_dewis_xml(teams).text],
        "trf": [_text("trf/lichess_swiss_2020_06.trf"), _text("trf/fide_example1_karl-mala-2005_head45.trf")[:4000],
                _text("trf/lichess_swiss_2021_03.trf")],
        "swi": [swi],
        "json": [write_json(t)],
        "csv": [write_csv(t)],
        "pgn": [pgn],
        "dsb": [dsb, dos],
        "fide": [*fide, xml],
    }


_NUM = None


# What an XML declaration may name (issue 16: an unusable one raised LookupError/ValueError).
ENCODINGS = ("UTF-9", "utf-32", "UTF-32BE", "utf-16", "UTF-16LE", "ebcdic", "cp037", "cp500", "Shift_JIS", "EUC-JP", "big5",
             "ISO-8859-1", "windows-1252", "latin-1", "ascii", "", " ", "utf-8\x00", "x" * 300, "idna", "rot13", "base64",
             "utf_8_sig", "hz", "mbcs", "punycode", "unicode_escape", "raw_unicode_escape")


def mutate(rng: random.Random, s: str) -> str:
    import re

    global _NUM
    if _NUM is None:
        _NUM = re.compile(r"\d+(?:\.\d+)?")
    if s.startswith("<?xml") and rng.random() < 0.3:  # the declaration's encoding, as typed by anyone
        s = re.sub(r'encoding="[^"]*"', lambda _: f'encoding="{rng.choice(ENCODINGS)}"', s, count=1)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(10)
        i = rng.randrange(max(len(s), 1))
        if op == 0:
            s = s[:i] + rng.choice(SPICE) + s[i + 1:]
        elif op == 1:
            s = s[:i] + "".join(rng.choice(SPICE) for _ in range(rng.randint(1, 4))) + s[i:]
        elif op == 2:
            s = s[:i] + s[i + rng.randint(1, 30):]
        elif op in (3, 4):  # a number → huge, non-finite, odd digits, negative
            nums = list(_NUM.finditer(s))
            if nums:
                m = rng.choice(nums)
                new = rng.choice((*HUGE, *NON_FINITE, rng.choice(ODD_DIGITS) + m.group(0), "-" + m.group(0),
                                  m.group(0) + rng.choice(CONTROLS), rng.choice(CONTROLS) + m.group(0), m.group(0) * 3))
                s = s[:m.start()] + new + s[m.end():]
        elif op == 5:
            lines = s.split("\n")
            j = rng.randrange(len(lines))
            s = "\n".join(lines[:j] + lines[j + 1:])
        elif op == 6:
            lines = s.split("\n")
            j = rng.randrange(len(lines))
            s = "\n".join(lines[: j + 1] + lines[j:])
        elif op == 7:
            lines = s.split("\n")
            j = rng.randrange(len(lines))
            lines[j] = lines[j] * rng.choice((2, 10, 200))
            s = "\n".join(lines)
        elif op == 8:
            s = s[: rng.randrange(len(s) + 1)]
        else:
            s = s.replace("\n", rng.choice(("\r\n", "\r", "\n\n", "\x1c", "\x0b")))
        s = s[: 1 << 20]  # repeated blow-ups would grow without bound (the bombs are tested separately)
    return s


def bombs() -> dict[str, list[bytes | str]]:
    """Inputs that cost much more to read than to send (small sizes: the run stays minutes)."""
    blank = _bomb("spieler.csv", 64 << 20, b"\n")
    line = _bomb("players_list_foa.txt", 64 << 20, b"x" * 4096)
    header = b"ID Number      Name                                                         Fed Sex Tit  WTit OTit\n"
    laughs = ('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8)) + ']><playerslist><player><fideid>1</fideid>'
        '<name>&i;</name></player></playerslist>')
    out: dict[str, list[bytes | str]] = {
        "dsb": [blank, _bomb("SPIELER.TXT", 64 << 20, b"x" * 4096)],
        "fide": [line, _bomb("players_list_foa.txt", 64 << 20, b"\n"), _zip("players_list_foa.txt", header + b"\n" * (8 << 20)), laughs,
                 _bomb("players_list_xml_foa.xml", 64 << 20, b"<" + b"p" * 4095)],
        "json": ["[" * 100_000 + "]" * 100_000, '{"name": "x", "players": [' + '{"no": 1, "name": "A"},' * 5000 + '{"no": 2, "name": "B"}]}'],
        "trf": ["012 X\n001    1 m    A" + " " * 80 + "   2 w 1" * 200_000 + "\n"],
        "csv": ["[players]\nno,name\n" + "1,A\n" * 200_000],
        "pgn": ['[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + "1. e4 e5 " * 200_000 + "1-0\n"],
        "swi": ["X\n\nES 1 1 1\n ttt. rrr nnnn\n   1.   1 A" + " 1W  2" * 200_000 + "\n"],
    }
    for reader, make in CLASSES.values():  # issue 24's classes at a tenth of their size
        out[reader].append(make(1 / 10))
    return out


# --- issue 24: each class at full size, in a process of its own ------------------------------------


def _fide_xml(players: int, depth: int) -> bytes:
    body = "".join(f"<player><fideid>{100000 + i}</fideid><name>Spieler, Nummer{i}</name><country>GER</country><sex>M</sex>"
                   f"<rating>{1500 + i % 900}</rating><games>0</games><k>20</k><birthday>1980</birthday></player>" for i in range(players))
    return f"<playerslist>{'<g>' * depth}{body}{'</g>' * depth}</playerslist>".encode()


def _empty_members(members: int) -> bytes:
    import struct

    local, central, offset = [], [], 0
    for i in range(members):
        name = b"m%07d" % i
        head = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 0, 0, 0x21, 0, 0, 0, len(name), 0) + name
        central.append(struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 0, 0, 0x21, 0, 0, 0, len(name), 0, 0, 0, 0, 0, offset)
                       + name)
        local.append(head)
        offset += len(head)
    directory = b"".join(central)
    count = min(members, 0xFFFF)
    return b"".join(local) + directory + struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, len(directory), offset, 0)


def _zip64_claim(members: int, size: int) -> bytes:
    import struct

    return (_empty_members(1)[:39] + struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, members, members, size, 0)
            + struct.pack("<4sLQL", b"PK\x06\x07", 0, 0, 1) + struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF,
                                                                           0xFFFFFFFF, 0xFFFFFFFF, 0))


def _games_csv(games: int, players: int = 1000) -> bytes:
    rows = ["[Turnier]", "Turnier;Flut", "Ende;2026-09-14", "", "[Spieler]", "Nr;Name;DWZ"]
    rows += [f"{i};Spieler {i};1500" for i in range(1, players + 1)] + ["", "[Partien]", "Runde;Weiß;Schwarz;Ergebnis"]
    half = players // 2
    rows += [f"{g // half + 1};{2 * (g % half) + 1};{2 * (g % half) + 2};1-0" for g in range(games)]
    return ("\n".join(rows) + "\n").encode()


# class → (reader, input at a scale: 1 = the size the adversarial test used)
CLASSES: dict[str, tuple[str, Callable[[float], bytes]]] = {
    "fide-xml-flat": ("fide", lambda k: _fide_xml(int(150_000 * k), 0)),
    "fide-xml-nested": ("fide", lambda k: _fide_xml(int(150_000 * k), 1)),
    "zip-1e6-members-dsb": ("dsb", lambda k: _empty_members(int(1_000_000 * k))),
    "zip-1e6-members-fide": ("fide", lambda k: _empty_members(int(1_000_000 * k))),
    "zip64-claims": ("fide", lambda k: _zip64_claim(10**9, 10**12)),
    "csv-1e6-games": ("csv", lambda k: _games_csv(int(1_000_000 * k))),
}


def _class_child(name: str) -> None:
    reader, make = CLASSES[name]
    data = make(1.0)
    fn = readers()[reader]
    base = _baseline()
    start = time.perf_counter()
    try:
        out = fn(data)
        result = f"value ({len(out)})" if isinstance(out, tuple) else "value"
    except InputError as e:
        result = e.problems[0].code
    except MemoryError:
        result = "MemoryError"
    print(json.dumps({"class": name, "reader": reader, "bytes": len(data), "result": result, "peak": _high_water() - base,
                      "seconds": time.perf_counter() - start}))


def classes(memory: int) -> list[dict[str, Any]]:
    import subprocess

    out = []
    for name in CLASSES:
        r = subprocess.run([sys.executable, __file__, "--class-child", name, "--memory", str(memory)], capture_output=True, text=True,
                           timeout=600)
        try:
            out.append(json.loads(r.stdout.strip().splitlines()[-1]))
        except (IndexError, ValueError):
            out.append({"class": name, "reader": CLASSES[name][0], "result": f"crash: {r.stderr.strip().splitlines()[-1:]}",
                        "bytes": 0, "peak": 0, "seconds": 0.0})
    return out


def readers() -> dict[str, Callable[[Any], Any]]:
    from dwz.formats import read_rating_list, read_tournament
    from dwz.formats.dewis_xml import read_dewis_xml
    from dwz.formats.dsb_list import read_dsb_list
    from dwz.formats.dsb_xml import read_dsb_xml
    from dwz.formats.fide_list import read_fide_list
    from dwz.formats.pgn import read_pgn
    from dwz.formats.swi import read_swi
    from dwz.formats.table import read_csv, read_json
    from dwz.formats.trf import read_trf

    return {"dsb-xml": read_dsb_xml, "dewis-xml": read_dewis_xml, "trf": read_trf, "swi": read_swi, "json": read_json, "csv": read_csv, "pgn": read_pgn, "dsb": read_dsb_list,
            "fide": read_fide_list, "auto-tournament": read_tournament, "auto-list": read_rating_list}


def _signature(e: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(e.__traceback__) if "/dwz/" in f.filename] or traceback.extract_tb(e.__traceback__)
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{type(e).__name__} at {where}"


def run_one(tally: Tally, fn: Callable[[Any], Any], data: Any, slow: float, limit: float) -> None:
    tally.inputs += 1
    start = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        try:
            fn(data)
            tally.values += 1
        except InputError as e:  # the messages are part of the answer: rendered within the time limit
            for lang in ("de", "en"):
                e.messages(lang)
            tally.errors += 1
    except Timeout:
        sig = f"hang over {limit:.0f} s"
        n, sample = tally.crashes.get(sig, (0, repr(data)[:160]))
        tally.crashes[sig] = (n + 1, sample)
    except (Exception, MemoryError, RecursionError) as e:
        sig = _signature(e)
        n, sample = tally.crashes.get(sig, (0, repr(data)[:160]))
        tally.crashes[sig] = (n + 1, sample)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    took = time.perf_counter() - start
    if took > tally.slowest:
        tally.slowest, tally.slowest_sample = took, repr(data)[:160]
    if took > slow:
        tally.slow += 1


def fuzz_readers(n: int, rng: random.Random, only: set[str] | None, slow: float, limit: float) -> dict[str, Tally]:
    out: dict[str, Tally] = {}
    all_seeds = seeds()
    extra = bombs()
    fns = readers()
    for name, fn in fns.items():
        if only and name not in only:
            continue
        tally = out.setdefault(name, Tally())
        pool = [s for k, v in all_seeds.items() for s in v] if name.startswith("auto") else all_seeds[name]
        for i in range(n):
            text = mutate(rng, rng.choice(pool))
            form = i % 4
            data: Any = text
            if form == 1:
                data = text.encode("utf-8", "surrogatepass")
            elif form == 2:
                data = text.encode("cp1252", "replace")
            elif form == 3 and name in ("dsb", "fide", "auto-list"):
                data = _zip("spieler.csv" if name == "dsb" else "players_list_foa.txt", text.encode("utf-8", "surrogatepass"))
            if name.startswith("auto") and isinstance(data, str) and "\n" not in data:
                data += "\n"  # a one-line str may name a file
            run_one(tally, fn, data, slow, limit)
        for key, items in extra.items():
            if name == key or name == ("auto-list" if key in ("dsb", "fide") else "auto-tournament"):
                for b in items:
                    run_one(tally, fn, b, slow, limit)
    return out


_API = {
    "/api/dwz": {"rating": "1650-12", "birth_year": 1985, "end": "2026-09-14", "games": ["1580:1", "1720:=", {"opponent": 1810, "result": 0}]},
    "/api/dwz/scenarios": {"rating": "1650-12", "end": "2026-09-14", "opponents": [1580, 1720], "played": ["1600:1"]},
    "/api/umstufung": {"rating": "1650-12", "inverse": False},
    "/api/elo": {"rating": 2224, "games": ["2319:0", "2181:1"], "k": 15, "period": "2010-05-01", "birth_year": 1990},
    "/api/elo/initial": {"games": ["1500:1", "1600:=", "1700:0", "1650:=", "1550:="], "period": "2026-01-01"},
    "/api/elo/compression": {"rating": 1600},
}
_PAGES = ("/?rating=1650-12&birth_year=1985&end=2026-09-14&opp=1580&res=1&u_rating=2063-15",
          "/elo?rating=2224&games=2319:0&k_mode=custom&k_custom=15&period=2010-05-01&i_games=1500:1&i_period=2026-01-01",
          "/api/dwz/context?end=2026-09-14&birth_year=1985")


def _mutate_json(rng: random.Random, body: str) -> str:
    s = mutate(rng, body)
    if rng.random() < 0.3:  # a value → a JSON number no 64-bit type holds, or a non-finite one
        s = s.replace("1650", rng.choice(("1" + "0" * 30, "1e999", "NaN", "Infinity", "-" + "9" * 400)), 1)
    return s


def fuzz_web(n: int, rng: random.Random, slow: float, limit: float) -> tuple[dict[str, Tally], int]:
    from fastapi.testclient import TestClient

    from dwz.web.app import create_app

    client = TestClient(create_app(), raise_server_exceptions=False)
    fives = 0
    out: dict[str, Tally] = {}

    def call(tally: Tally, method: str, url: str, **kw: Any) -> None:
        nonlocal fives

        def go(_: Any) -> None:
            nonlocal fives
            r = client.request(method, url, **kw)
            if r.status_code >= 500 or "content-security-policy" not in r.headers:
                fives += r.status_code >= 500
                raise RuntimeError(f"HTTP {r.status_code} {url}")
            if r.status_code >= 400:
                raise InputError([])

        sample = kw.get("content") or (kw.get("files") or {}).get("file", ("", b""))[1]
        run_one(tally, go, (method, url, sample[:200]), slow, limit)

    for path, body in _API.items():
        tally = out.setdefault(path, Tally())
        text = json.dumps(body)
        for _ in range(n):
            call(tally, "POST", path, content=_mutate_json(rng, text).encode("utf-8", "surrogatepass"),
                 headers={"content-type": "application/json"})
    tally = out.setdefault("uploads", Tally())  # /api/turnier and /turnier with every output (page, CSV, HTML, JSON)
    files = seeds()
    pool = [(k, t) for k in ("trf", "swi", "json", "csv", "pgn") for t in files[k]]
    for i in range(n):
        kind, text = rng.choice(pool)
        data = mutate(rng, text).encode("utf-8", "surrogatepass")
        if i % 2:
            call(tally, "POST", "/api/turnier", files={"file": (f"t.{kind}", data)})
        else:
            call(tally, "POST", "/turnier", files={"file": (f"t.{kind}", data)},
                 data={"output": rng.choice(("page", "csv", "html", "json"))})
    tally = out.setdefault("pages", Tally())
    for _ in range(n):
        url = rng.choice(_PAGES)
        path, _, query = url.partition("?")
        q = urllib.parse.quote(mutate(rng, query), safe="=&", errors="surrogatepass")[:8000]  # a URL, not a body
        call(tally, "GET", path + "?" + q)
    return out, fives


# --- floods of bad rows (issue 16 #2): every reader keeps the first problems and counts the rest --------

_DSB_HEAD = ("ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,Index,"
             "FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n")
# reader → (head, bad row, tail): every row of the flood is wrong in a way the reader names
FLOODS: dict[str, tuple[str, str, str]] = {
    "csv": ("[players]\nno,name,rating\n", "x,A,y\n", ""),
    "json": ('{"name":"x","players":[', '{"no":"x","name":"A"},', '{"no":1,"name":"A"}]}'),
    "trf": ("012 X\n", "001 xxxx\n", ""),
    "swi": ("X\n\nES 1 1 1\n ttt. rrr nnnn\n", "   1.   x A\n", ""),
    "pgn": ("", '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "*"]\n\n*\n\n', ""),
    "dsb": (_DSB_HEAD, '1,C0512,1,A,"A,B",M,E,19x0,202305,x,1,,,,\n', ""),
    "dsb-xml": ('<?xml version="1.0"?><DSB_DWZ_TournamentReport version="2.5"><players>', "<player><id>x</id></player>",
                "</players></DSB_DWZ_TournamentReport>"),
    "dewis-xml": ('<?xml version="1.0"?><dewis><tournamentSection><tournament><label>x</label><rounds>1</rounds>'
                  "<endDate>2026-09-14</endDate></tournament></tournamentSection><playerSection><players>",
                  "<player><noPlayer>x</noPlayer></player>", "</players></playerSection></dewis>"),
}


def _high_water() -> int:
    """Peak resident bytes of this process (VmHWM: unlike ru_maxrss, not carried over from the parent)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _baseline() -> int:
    """The resident bytes now, with the high-water mark reset to them (Linux: clear_refs 5), so that a
    peak measured next counts the reading, not the building of the input."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return _high_water()


def _flood_child(name: str, size: int) -> None:
    """In a process of its own: read the flood, print what it cost (peak RSS over the baseline)."""
    head, row, tail = FLOODS[name]
    data = b"".join((head.encode(), row.encode() * ((size - len(head) - len(tail)) // len(row)), tail.encode()))
    fn = readers()[name]
    base = _baseline()
    start = time.perf_counter()
    kept = counted = 0
    try:
        out = fn(data)
        kept = len(getattr(out, "notes", ()))
        counted = sum(n.value for n in getattr(out, "notes", ()) if n.code == "problems_more")
        result = "value"
    except InputError as e:
        e.messages("de")
        kept, result = len(e.problems), "error"
        counted = sum(p.value for p in e.problems if p.code == "problems_more")
    except MemoryError:
        result = "MemoryError"
    peak = _high_water() - base
    print(json.dumps({"reader": name, "bytes": len(data), "result": result, "kept": kept, "counted": counted,
                      "peak": peak, "seconds": time.perf_counter() - start}))


def floods(mib: float, memory: int) -> list[dict[str, Any]]:
    import subprocess

    out = []
    for name in FLOODS:
        r = subprocess.run([sys.executable, __file__, "--flood-child", name, "--flood-mib", str(mib), "--memory", str(memory)],
                           capture_output=True, text=True, timeout=600)
        try:
            out.append(json.loads(r.stdout.strip().splitlines()[-1]))
        except (IndexError, ValueError):
            out.append({"reader": name, "result": f"crash: {r.stderr.strip().splitlines()[-1:]}", "bytes": 0, "peak": 0,
                        "kept": 0, "counted": 0, "seconds": 0.0})
    return out


# --- the round-trip property (issue 16 #6) ------------------------------------------------------------


def round_trips(n: int, seed: int) -> Tally:
    """The property tests of tests/formats/test_round_trip.py with ``n`` examples each; a failure is a crash."""
    sys.path.insert(0, str(ROOT))
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hseed
    from tests.formats import test_round_trip as rt

    tally = Tally()
    cases = [(rt.test_json_and_csv_carry_everything_the_model_accepts, rt.hostile_tournaments(), {}),
             (rt.test_xml_carries_what_its_form_holds_and_reports_the_rest, rt.hostile_tournaments(), {"form": "dsb"}),
             (rt.test_xml_carries_what_its_form_holds_and_reports_the_rest, rt.hostile_tournaments(), {"form": "dewis"}),
             (rt.test_dewis_team_names_are_written_so_our_reader_takes_them, rt.hostile_tournaments(teams=True), {})]
    seen = 0

    def calling(inner: Any, kw: dict[str, Any]) -> Callable[[Any], None]:
        def once(t: Any) -> None:
            nonlocal seen
            seen += 1
            inner(t=t, **kw)
        return once

    for test, strategy, kw in cases:
        once = calling(test.hypothesis.inner_test, kw)  # type: ignore[attr-defined]
        before = seen
        run = hseed(seed)(settings(max_examples=n, deadline=None, database=None,
                                   suppress_health_check=list(HealthCheck))(given(t=strategy)(once)))
        try:
            run()
        except Exception as e:  # hypothesis re-raises the shrunk failure
            sig = f"{test.__name__}{kw}: {type(e).__name__}"
            tally.crashes[sig] = (1, str(e)[:300])
        tally.inputs += seen - before
        tally.values += seen - before
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2000, help="inputs per reader and per web endpoint")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated readers (trf,swi,json,csv,pgn,dsb,fide,auto-tournament,auto-list)")
    ap.add_argument("--no-web", action="store_true")
    ap.add_argument("--slow", type=float, default=1.0, help="seconds above which an input counts as slow")
    ap.add_argument("--limit", type=float, default=30.0, help="seconds after which an input counts as a hang")
    ap.add_argument("--memory", type=int, default=3072, help="address-space cap in MiB (a bomb that is not stopped fails)")
    ap.add_argument("--flood-mib", type=float, default=8.0, help="size of each reader's flood of bad rows (0: none)")
    ap.add_argument("--flood-child", default="", help=argparse.SUPPRESS)
    ap.add_argument("--no-round-trip", action="store_true")
    ap.add_argument("--no-classes", action="store_true", help="skip issue 24's classes at full size")
    ap.add_argument("--class-child", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (args.memory << 20, args.memory << 20))
    if args.class_child:
        _class_child(args.class_child)
        return
    if args.flood_child:
        _flood_child(args.flood_child, int(args.flood_mib * (1 << 20)))
        return
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(args.seed)
    only = {x.strip() for x in args.only.split(",") if x.strip()} or None
    started = time.perf_counter()
    results = fuzz_readers(args.n, rng, only, args.slow, args.limit)
    if not args.no_round_trip:
        results["round-trip"] = round_trips(max(args.n // 10, 10), args.seed)
    fives = 0
    if not args.no_web:
        web, fives = fuzz_web(max(args.n // 4, 1), rng, args.slow, args.limit)
        results.update(web)
    flood_rows = floods(args.flood_mib, args.memory) if args.flood_mib > 0 else []
    class_rows = [] if args.no_classes else classes(args.memory)
    print(f"{'target':<22}{'inputs':>8}{'values':>8}{'errors':>8}{'crashes':>9}{'slow':>6}{'slowest s':>11}")
    for name, t in results.items():
        print(f"{name:<22}{t.inputs:>8}{t.values:>8}{t.errors:>8}{t.crash_count:>9}{t.slow:>6}{t.slowest:>11.2f}")
    if flood_rows:
        print(f"\n{'flood of bad rows':<22}{'MiB':>6}{'result':>8}{'kept':>7}{'counted':>10}{'peak MiB':>10}{'× file':>8}{'s':>7}")
    for f in flood_rows:
        print(f"{f['reader']:<22}{f['bytes'] / (1 << 20):>6.1f}{f['result'][:8]:>8}{f['kept']:>7}{f['counted']:>10}"
              f"{f['peak'] / (1 << 20):>10.1f}{f['peak'] / max(f['bytes'], 1):>8.1f}{f['seconds']:>7.1f}")
    if class_rows:
        print(f"\n{'issue 24 class':<22}{'reader':>7}{'MiB':>7}  {'result':<26}{'peak MiB':>9}{'s':>7}")
    for c in class_rows:
        print(f"{c['class']:<22}{c['reader']:>7}{c['bytes'] / (1 << 20):>7.1f}  {c['result'][:26]:<26}{c['peak'] / (1 << 20):>9.1f}"
              f"{c['seconds']:>7.1f}")
    total = sum(t.inputs for t in results.values())
    crashes = sum(t.crash_count for t in results.values()) + sum(f["result"] not in ("value", "error") for f in flood_rows)
    crashes += sum(c["result"].startswith(("crash", "MemoryError")) for c in class_rows)
    print(f"\n{total} inputs, {crashes} crashes, {fives} answers ≥ 500, {time.perf_counter() - started:.0f} s, "
          f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    for name, t in results.items():
        for sig, (count, sample) in sorted(t.crashes.items(), key=lambda kv: -kv[1][0]):
            print(f"  {name}: {count}× {sig}\n      e.g. {sample}")
        if t.slow:
            print(f"  {name}: slowest {t.slowest:.2f} s: {t.slowest_sample}")
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
