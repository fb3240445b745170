"""In-process CPU per request: `POST /api/dwz` through the whole ASGI app (our middlewares, FastAPI's
routing and validation, the engine with its Rechenweg, the JSON) against elochess-api's
`POST /update/dwz` — no server, no socket, no load generator: what each request costs the app itself.

Each contender runs in a process of its own (the app built once, warmed up), and the parent asks
each in turn for a batch of requests, the order turned round each round, so that the machine's other
load falls on all alike; a batch's figure is its CPU time (``time.process_time``) per request.
Prints the medians over the rounds and the ratio ours / peer per round.

    python benchmarks/web_inproc.py                            # 7 rounds of 2,000 requests each
    python benchmarks/web_inproc.py --before ../ref/880c0be-web/src   # also another checkout's dwz
    python benchmarks/web_inproc.py --path "/api/dwz?steps=false"
    python benchmarks/web_inproc.py --instructions --before ../ref/880c0be-web/src   # callgrind: load-independent

``--instructions`` counts instructions per request instead (``valgrind --tool=callgrind``, each contender
once with one batch and once without, the difference divided by the batch; ``PYTHONHASHSEED`` fixed).

The bodies are web_load.py's (the same player in both APIs).  Needs `pip install 'elochess[api]==0.5.0'`
for the peer (skipped with a note otherwise).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_load import ELOCHESS_BODY, OURS_BODY  # one definition of the bodies

PEER_PATH = "/update/dwz"


def _app(target: str) -> Any:
    """The ASGI app: ours as `dwz serve` builds it (create_app), the peer's module-level app."""
    if target == "dwz":
        from dwz.web.app import create_app

        return create_app()
    return importlib.import_module("elochess.api.app").app


def _request(app: Any, path: str, body: bytes) -> Callable[[], Awaitable[tuple[int, bytes]]]:
    """One request as uvicorn hands it to the app (a keep-alive HTTP/1.1 POST from loopback)."""
    route, _, query = path.partition("?")
    template = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": route, "raw_path": route.encode(), "query_string": query.encode(), "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode())],
        "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
    }
    disconnected = asyncio.Event()

    async def call() -> tuple[int, bytes]:
        given = False
        status = 0
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            nonlocal given
            if given:  # after the body: the client stays until the answer is sent
                await disconnected.wait()
                return {"type": "http.disconnect"}
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await app(dict(template), receive, send)
        return status, b"".join(chunks)

    return call


def child(target: str, path: str) -> None:
    """A contender: reads a batch size per line from stdin, answers the CPU µs per request of that batch."""
    body = json.dumps(OURS_BODY if target == "dwz" else ELOCHESS_BODY).encode()
    call = _request(_app(target), path, body)
    loop = asyncio.new_event_loop()

    async def batch(n: int) -> float:
        t0 = time.process_time()
        for _ in range(n):
            status, _ = await call()
            if status != 200:
                raise SystemExit(f"{target} {path}: status {status}")
        return (time.process_time() - t0) / n * 1e6

    status, answer = loop.run_until_complete(call())
    if status != 200:
        raise SystemExit(f"{target} {path}: status {status}: {answer[:300]!r}")
    loop.run_until_complete(batch(200))  # warm-up: caches filled, code paths taken once
    print(json.dumps({"ready": True, "steps": len(json.loads(answer).get("steps", []))}), flush=True)
    for line in sys.stdin:
        print(f"{loop.run_until_complete(batch(int(line))):.3f}", flush=True)


class Contender:
    def __init__(self, name: str, target: str, path: str, src: str | None) -> None:
        self.name = name
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", target, "--path", path],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=_env(src))
        assert self.proc.stdout is not None
        ready = self.proc.stdout.readline()
        if not ready:
            raise RuntimeError(f"{name} did not start")
        self.steps = int(json.loads(ready)["steps"])
        self.us: list[float] = []

    def batch(self, n: int) -> float:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{n}\n")
        self.proc.stdin.flush()
        us = float(self.proc.stdout.readline())
        self.us.append(us)
        return us

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _env(src: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if src is not None:  # another checkout's package first on the path; its bytecode kept out of that tree
        env["PYTHONPATH"] = os.path.abspath(src)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(os.environ.get("TMPDIR", "/tmp"), "dwz-bench-pycache")
    return env


def instructions(target: str, path: str, src: str | None, n: int) -> float:
    """Instructions per request of a contender under callgrind: one batch of ``n`` minus none (start, warm-up)."""
    import tempfile

    def collected(batch: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", sys.executable,
                                  os.path.abspath(__file__), "--child", target, "--path", path],
                                 input=f"{batch}\n" if batch else "", env={**_env(src), "PYTHONHASHSEED": "0"},
                                 capture_output=True, text=True, check=True)
        m = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
        if m is None:
            raise RuntimeError(f"no instruction count in callgrind's output:\n{out.stderr[-2000:]}")
        return int(m.group(1))

    return (collected(n) - collected(0)) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=2000, help="requests per batch (one batch per contender and round)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--path", default="/api/dwz", help="our endpoint, with its query")
    ap.add_argument("--before", metavar="SRC", help="also the dwz package in SRC (another checkout's src/), side by side")
    ap.add_argument("--instructions", action="store_true", help="instructions per request under callgrind instead of CPU time")
    ap.add_argument("--child", choices=["dwz", "peer"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.path if args.child == "dwz" else PEER_PATH)
        return
    if not 1 <= args.requests <= 100_000 or not 1 <= args.rounds <= 50:
        ap.error("keep it bounded: 1–100,000 requests per batch, 1–50 rounds")

    specs: list[tuple[str, str, str, str | None]] = [(f"dwz  POST {args.path}", "dwz", args.path, None)]
    if importlib.util.find_spec("elochess.api.app") is not None:
        specs.append((f"elochess-api  POST {PEER_PATH}", "peer", PEER_PATH, None))
    else:
        print("elochess[api]==0.5.0 not installed: comparison skipped", file=sys.stderr)
    if args.before:
        specs.append((f"before  POST {args.path}", "dwz", args.path, args.before))
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("valgrind is not installed: instructions not counted (apt-get install valgrind)")
            return
        n = min(args.requests, 500)
        counted = [(name, instructions(target, path, src, n)) for name, target, path, src in specs]
        print(f"\ninstructions per request (callgrind, a batch of {n} minus none)")
        for name, ir in counted:
            print(f"{name:40} {ir:12,.0f} Ir" + (f"   ratio to it: {counted[0][1] / ir:.2f}" if name != counted[0][0] else ""))
        return
    contenders: list[Contender] = []
    try:
        for spec in specs:
            contenders.append(Contender(*spec))
        for k in range(args.rounds):
            for c in (contenders if k % 2 == 0 else contenders[::-1]):
                c.batch(args.requests)
    finally:
        for c in contenders:
            c.close()

    print(f"\nCPU µs per request in process (time.process_time), {args.rounds} rounds of {args.requests} requests, "
          f"contenders alternating; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'contender':40} {'median':>8} {'min':>8} {'max':>8}  rounds")
    for c in contenders:
        steps = f"  ({c.steps} steps)" if c.steps else ""
        print(f"{c.name:40} {statistics.median(c.us):8.0f} {min(c.us):8.0f} {max(c.us):8.0f}  "
              + " ".join(f"{x:.0f}" for x in c.us) + steps)
    ours = contenders[0]
    for other in contenders[1:]:
        ratios = [a / b for a, b in zip(ours.us, other.us, strict=True)]
        print(f"ratio ours / {other.name.split()[0]} per round: " + ", ".join(f"{r:.2f}" for r in ratios)
              + f"; median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
