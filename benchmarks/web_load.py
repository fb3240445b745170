"""Bounded load test on loopback: `dwz serve` (POST /api/dwz) against elochess-api (POST /update/dwz).

Both servers are started here, each as its own uvicorn process with the same settings (ours with
the protocol `dwz serve` uses); the same asyncio load generator drives one at a time with N
concurrent clients (closed loop: each client sends its next request when the answer arrives) for
a fixed time, in interleaved rounds.  Prints the medians over the rounds of requests/s and p50/p99
latency, the worst p99, the slowest request and the errors, and the throughput ratio per round.
Traffic goes only to 127.0.0.1, and every loop stops by itself (duration and a hard request cap).

    python3 benchmarks/web_load.py                  # 50 clients, 3 rounds of 10 s each
    python3 benchmarks/web_load.py --rounds 5 --duration 6 --numbers
    python3 benchmarks/web_load.py --clients 20 --duration 5 --workers 2
    python3 benchmarks/web_load.py --before ../main/src   # also the code of another checkout, side by side

Needs `pip install 'elochess[api]==0.5.0'` for the comparison (skipped with a note otherwise).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import httpx

HOST = "127.0.0.1"
MAX_REQUESTS = 200_000  # hard cap per run, whatever the duration

OURS_BODY = {"rating": "1650-12", "birth_year": 1985, "end": "2026-09-14",
             "games": ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="]}
# elochess has no birth year or end date: age 41 and index 12 are the same player
ELOCHESS_BODY = {"currentRating": 1650, "opponentRatings": [1580, 1720, 1810, 1600, 1690], "score": 3.0, "age": 41, "index": 12}


@dataclass
class Run:
    name: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0
    sample: Any = None
    sent: int = 0  # requests sent, the warm-up's included
    cpu: float = float("nan")  # the server's CPU seconds meanwhile (Linux: /proc), the warm-up's included

    @property
    def cpu_us(self) -> float:
        """The server's CPU time per request, µs: what load on the machine does not inflate as it does the wall times."""
        return self.cpu / self.sent * 1e6 if self.sent else float("nan")

    def pct(self, p: float) -> float:
        if not self.latencies:
            return float("nan")
        xs = sorted(self.latencies)
        return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (and its reaped children: uvicorn's workers) from /proc; NaN elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _start(cmd: list[str], port: int, src: str | None = None) -> subprocess.Popen[bytes]:
    env = None
    if src is not None:  # another checkout's package first on the path; its bytecode kept out of that tree
        env = {**os.environ, "PYTHONPATH": src, "PYTHONPYCACHEPREFIX": os.path.join(tempfile.gettempdir(), "dwz-bench-pycache")}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/openapi.json", timeout=1):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise RuntimeError(f"server did not start: {' '.join(cmd)}\n{err}") from None
            time.sleep(0.1)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


class RawClient:
    """One keep-alive HTTP/1.1 connection on asyncio streams.

    httpx's pool costs far more CPU per request than the servers under test do, and
    the generator shares the machine with them; this client sends prebuilt bytes and
    reads Content-Length bodies, so the numbers measure the servers, not the client.
    """

    def __init__(self, port: int, path: str, body: bytes) -> None:
        self.port = port
        self.request = (f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n"
                        f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None
        self.writer.write(self.request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            k, _, v = line.partition(b":")
            if k.strip().lower() == b"content-length":
                length = int(v)
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


async def _load(name: str, url: str, body: dict[str, Any], clients: int, duration: float, warmup: float,
                kind: str = "raw") -> Run:
    run = Run(name)
    port = int(url.split(":")[2].split("/")[0])
    path = "/" + url.split("/", 3)[3]
    payload = json.dumps(body).encode()
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(limits=limits, timeout=10.0) as http:
        r = await http.post(url, json=body)
        run.sample = r.json()
        measuring = False
        stop_at = time.perf_counter() + warmup + duration
        sent = 0

        async def client() -> None:
            nonlocal sent
            raw = RawClient(port, path, payload)
            try:
                while time.perf_counter() < stop_at and sent < MAX_REQUESTS:
                    sent += 1
                    t0 = time.perf_counter()
                    try:
                        if kind == "raw":
                            status, _ = await asyncio.wait_for(raw.post(), 10)
                        else:
                            status = (await http.post(url, content=payload, headers={"content-type": "application/json"})).status_code
                        ok = status == 200
                    except (TimeoutError, OSError, asyncio.IncompleteReadError, httpx.HTTPError, ValueError):
                        ok = False
                        await raw.close()
                    if measuring:
                        if ok:
                            run.latencies.append(time.perf_counter() - t0)
                        else:
                            run.errors += 1
            finally:
                await raw.close()

        tasks = [asyncio.create_task(client()) for _ in range(clients)]
        await asyncio.sleep(warmup)
        measuring = True
        t_start = time.perf_counter()
        await asyncio.gather(*tasks)
        run.seconds = time.perf_counter() - t_start
        run.sent = sent
    return run


def _uvicorn(target: str, port: int, workers: int, factory: bool) -> list[str]:
    cmd = [sys.executable, "-m", "uvicorn", target, "--host", HOST, "--port", str(port), "--log-level", "warning",
           "--no-access-log", "--workers", str(workers)]
    if target.startswith("dwz."):
        # what `dwz serve` adds (dwz.web.server.settings): the guarded protocol and its limits
        from dwz.web.server import PROTOCOL

        cmd += ["--http", PROTOCOL, "--timeout-keep-alive", "5", "--h11-max-incomplete-event-size", "16384"]
    return cmd + (["--factory"] if factory else [])


def _summary(runs: list[Run]) -> dict[str, float]:
    lat = [x for r in runs for x in r.latencies]
    return {"rps": statistics.median(r.rps for r in runs), "p50": statistics.median(r.pct(50) for r in runs),
            "p99": statistics.median(r.pct(99) for r in runs), "p99_worst": max(r.pct(99) for r in runs),
            "max": max(lat) * 1000 if lat else float("nan"), "errors": sum(r.errors for r in runs),
            "requests": sum(len(r.latencies) for r in runs), "cpu_us": statistics.median(r.cpu_us for r in runs)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--duration", type=float, default=10.0, help="seconds measured per run")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (each server once per round)")
    ap.add_argument("--warmup", type=float, default=1.0)
    ap.add_argument("--workers", type=int, default=1, help="uvicorn worker processes for both servers")
    ap.add_argument("--numbers", action="store_true", help="also POST /api/dwz?steps=false (numbers only)")
    ap.add_argument("--before", metavar="SRC", help="also serve the dwz package in SRC (another checkout's src/, e.g. main "
                                                    "before a change), side by side in the same rounds")
    ap.add_argument("--client", choices=["raw", "httpx"], default="raw",
                    help="raw: keep-alive asyncio streams (default, cheap); httpx: httpx.AsyncClient (costs more CPU than the servers)")
    args = ap.parse_args()
    if not 1 <= args.clients <= 200 or not 0 < args.duration <= 60 or not 1 <= args.rounds <= 15:
        ap.error("keep it bounded: 1–200 clients, at most 60 s per run, 1–15 rounds")

    # `dwz serve` is this uvicorn call (the command adds the banner and the Host list)
    targets: list[tuple[str, str, bool, str, dict[str, Any], str | None]] = [
        ("dwz serve  POST /api/dwz", "dwz.web.app:create_app", True, "/api/dwz", OURS_BODY, None)]
    if importlib.util.find_spec("elochess.api.app") is not None:
        targets.append(("elochess-api  POST /update/dwz", "elochess.api.app:app", False, "/update/dwz", ELOCHESS_BODY, None))
    else:
        print("elochess[api]==0.5.0 not installed: comparison skipped", file=sys.stderr)
    if args.numbers:
        targets.append(("dwz serve  …/api/dwz?steps=false", "dwz.web.app:create_app", True, "/api/dwz?steps=false", OURS_BODY, None))
    if args.before:
        targets.append(("before  POST /api/dwz", "dwz.web.app:create_app", True, "/api/dwz", OURS_BODY, os.path.abspath(args.before)))
    # Every server runs during the whole measurement (an idle one costs nothing); the runs are
    # interleaved, the order turned round each round, so that the machine's other load falls on all alike.
    procs: list[tuple[subprocess.Popen[bytes], int]] = []
    runs: dict[str, list[Run]] = {t[0]: [] for t in targets}
    try:
        for _, target, factory, _, _, src in targets:
            port = _free_port()
            procs.append((_start(_uvicorn(target, port, args.workers, factory), port, src), port))
        for k in range(args.rounds):
            order = list(range(len(targets)))
            if k % 2:
                order.reverse()
            for i in order:
                name, _, _, path, body, _ = targets[i]
                cpu0 = _cpu_seconds(procs[i][0].pid)
                run = asyncio.run(_load(name, f"http://{HOST}:{procs[i][1]}{path}", body, args.clients,
                                        args.duration, args.warmup, args.client))
                run.cpu = _cpu_seconds(procs[i][0].pid) - cpu0
                runs[name].append(run)
    finally:
        for proc, _ in procs:
            _stop(proc)

    print(f"\n{args.clients} concurrent clients (closed loop), {args.rounds} interleaved rounds of {args.duration:g} s per server, "
          f"{args.workers} worker(s), {os.cpu_count()} CPUs, loopback; load generator: asyncio, "
          + ("keep-alive streams" if args.client == "raw" else f"httpx {httpx.__version__}"))
    print("medians over the rounds (p99 worst: the worst round; max: the slowest request of all rounds)")
    head = (f"{'server':34} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'p99 worst':>10} {'max ms':>8} {'errors':>7}"
            f" {'CPU µs/req':>11}")
    print(head)
    print("-" * len(head))
    sums = {name: _summary(rs) for name, rs in runs.items()}
    for name, m in sums.items():
        print(f"{name:34} {m['requests']:9.0f} {m['rps']:8.0f} {m['p50']:8.1f} {m['p99']:8.1f} {m['p99_worst']:10.1f} "
              f"{m['max']:8.1f} {m['errors']:7.0f} {m['cpu_us']:11.0f}")
    ours = runs[targets[0][0]]
    sample = ours[0].sample or {}
    print(f"\nanswers: dwz new_rating={sample.get('new_rating')} (with Rechenweg, {len(sample.get('steps', []))} steps)"
          + (f"; elochess rating={runs[targets[1][0]][0].sample.get('rating')}" if len(targets) > 1 and "elochess" in targets[1][0] else ""))
    if len(targets) > 1 and "elochess" in targets[1][0]:
        peer = runs[targets[1][0]]
        ratios = [a.rps / b.rps for a, b in zip(ours, peer, strict=True) if b.rps]
        print("ratio req/s dwz / elochess per round: " + ", ".join(f"{r:.2f}" for r in ratios)
              + f"; median {statistics.median(ratios):.2f}")
    if args.before:
        before = runs[targets[-1][0]]
        if len(targets) > 1 and "elochess" in targets[1][0]:
            peer = runs[targets[1][0]]
            ratios = [a.rps / b.rps for a, b in zip(before, peer, strict=True) if b.rps]
            print("ratio req/s before / elochess per round: " + ", ".join(f"{r:.2f}" for r in ratios)
                  + f"; median {statistics.median(ratios):.2f}")
        ratios = [a.rps / b.rps for a, b in zip(ours, before, strict=True) if b.rps]
        print("ratio req/s dwz / before per round: " + ", ".join(f"{r:.2f}" for r in ratios)
              + f"; median {statistics.median(ratios):.2f}")
    m = sums[targets[0][0]]
    goal = m["p99"] < 50 and m["errors"] == 0 and m["max"] < 250
    print(f"goal for dwz (p99 < 50 ms, 0 errors, no request > 250 ms): {'met' if goal else 'NOT met'}")


if __name__ == "__main__":
    main()
