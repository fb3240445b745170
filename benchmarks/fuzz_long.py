"""The long fuzz run: many damaged inputs against every reader, the JSON API and the HTML pages.

The test suite fuzzes each reader with a few dozen inputs (tests/formats/test_fuzz.py, a few
seconds); this script runs the same classes of damage at a size that finds rare crashes:
characters replaced, inserted or removed (control characters 0x00–0x1F, superscript and
non-ASCII digits, lone surrogates, BOMs), numbers replaced by huge integers (30, 400 and
5,000 digits), non-finite numbers (NaN, Infinity, 1e999), lines dropped, repeated or blown
up, and bombs (ZIP members of blank lines or one endless line, deep JSON, XML entities).

Every input must give a value or a clean ``InputError`` (readers), an answer below 500 with
the security headers (web) — anything else is a crash, an input slower than ``--slow``
seconds is reported as slow.  Memory is capped (``RLIMIT_AS``), so a bomb that is not
stopped shows up as a ``MemoryError`` crash.

    python benchmarks/fuzz_long.py                      # 2,000 inputs per reader, web included
    python benchmarks/fuzz_long.py --n 20000 --seed 7   # the long run
    python benchmarks/fuzz_long.py --only trf,fide --no-web

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
    return {
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


def mutate(rng: random.Random, s: str) -> str:
    import re

    global _NUM
    if _NUM is None:
        _NUM = re.compile(r"\d+(?:\.\d+)?")
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
    return {
        "dsb": [blank, _bomb("SPIELER.TXT", 64 << 20, b"x" * 4096)],
        "fide": [line, _bomb("players_list_foa.txt", 64 << 20, b"\n"), _zip("players_list_foa.txt", header + b"\n" * (8 << 20)), laughs,
                 _bomb("players_list_xml_foa.xml", 64 << 20, b"<" + b"p" * 4095)],
        "json": ["[" * 100_000 + "]" * 100_000, '{"name": "x", "players": [' + '{"no": 1, "name": "A"},' * 5000 + '{"no": 2, "name": "B"}]}'],
        "trf": ["012 X\n001    1 m    A" + " " * 80 + "   2 w 1" * 200_000 + "\n"],
        "csv": ["[players]\nno,name\n" + "1,A\n" * 200_000],
        "pgn": ['[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + "1. e4 e5 " * 200_000 + "1-0\n"],
        "swi": ["X\n\nES 1 1 1\n ttt. rrr nnnn\n   1.   1 A" + " 1W  2" * 200_000 + "\n"],
    }


def readers() -> dict[str, Callable[[Any], Any]]:
    from dwz.formats import read_rating_list, read_tournament
    from dwz.formats.dsb_list import read_dsb_list
    from dwz.formats.fide_list import read_fide_list
    from dwz.formats.pgn import read_pgn
    from dwz.formats.swi import read_swi
    from dwz.formats.table import read_csv, read_json
    from dwz.formats.trf import read_trf

    return {"trf": read_trf, "swi": read_swi, "json": read_json, "csv": read_csv, "pgn": read_pgn, "dsb": read_dsb_list,
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2000, help="inputs per reader and per web endpoint")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated readers (trf,swi,json,csv,pgn,dsb,fide,auto-tournament,auto-list)")
    ap.add_argument("--no-web", action="store_true")
    ap.add_argument("--slow", type=float, default=1.0, help="seconds above which an input counts as slow")
    ap.add_argument("--limit", type=float, default=30.0, help="seconds after which an input counts as a hang")
    ap.add_argument("--memory", type=int, default=3072, help="address-space cap in MiB (a bomb that is not stopped fails)")
    args = ap.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (args.memory << 20, args.memory << 20))
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(args.seed)
    only = {x.strip() for x in args.only.split(",") if x.strip()} or None
    started = time.perf_counter()
    results = fuzz_readers(args.n, rng, only, args.slow, args.limit)
    fives = 0
    if not args.no_web:
        web, fives = fuzz_web(max(args.n // 4, 1), rng, args.slow, args.limit)
        results.update(web)
    print(f"{'target':<22}{'inputs':>8}{'values':>8}{'errors':>8}{'crashes':>9}{'slow':>6}{'slowest s':>11}")
    for name, t in results.items():
        print(f"{name:<22}{t.inputs:>8}{t.values:>8}{t.errors:>8}{t.crash_count:>9}{t.slow:>6}{t.slowest:>11.2f}")
    total = sum(t.inputs for t in results.values())
    crashes = sum(t.crash_count for t in results.values())
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
