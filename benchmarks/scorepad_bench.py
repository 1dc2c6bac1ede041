"""Scorepad latency and load, against a bare WSGI hello-world on the same waitress server.

Starts real servers on loopback (free ports, a temporary SQLite file, or ``--db URL``) and
measures:

0. Game sizes: for games of 10, 100 and :data:`scorepad.games.MAX_DEALS` deals, the latency
   (median and p95 over ``--repeat`` requests) of recording the game's last deal
   (``POST /api/games/<id>/deals`` with the game one deal short, then ``DELETE`` of that deal,
   untimed, before the next try), of the JSON read (``GET /api/games/<id>``) and of the live
   page (``GET /g/<id>``). The games are Coinche at the largest target, so that a match of
   ``MAX_DEALS`` deals does not end: one deal in eight is played (NS and EW take in turn), the
   others are thrown in.
1. ``record_ms``: recording one deal through the JSON API (``POST /api/games/<id>/deals``:
   token check, the deal scored from the stored state, one ``BEGIN IMMEDIATE`` transaction),
   over a keep-alive connection; p50 and p99.
2. ``sheet40_ms``: rendering the live page of a 40-deal game (``GET /g/<id>``: the newest
   deals' stored rows, the full HTML), and its polling fragment when it changed
   (``GET /g/<id>/sheet``).
3. Spectators: N clients, each like a phone's browser, polling the live page's
   ``/g/<id>/sheet?v=<version>`` every 2 s (starts spread over the 2 s), for ``--duration``
   seconds per level; the game does not change, so each poll is the 204 path. Levels double
   from 125 up to ``--max-spectators`` and stop at the first whose p99 exceeds 100 ms. The same
   load against a bare WSGI hello-world (one ``204`` per request) on the same waitress settings
   shows what the server alone costs.

The load generator (asyncio) runs on the same 2-core machine as the server, so the figures are a
floor. Everything is bounded: the number of requests, the levels and the time of each.

Run::

    python benchmarks/scorepad_bench.py                 # about 3 minutes
    python benchmarks/scorepad_bench.py --quick         # a smoke run (under a minute)
    python benchmarks/scorepad_bench.py --sizes-only    # part 0 only (about a minute)
    python benchmarks/scorepad_bench.py --sizes-only --db postgresql://user@host/db
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HELLO = """
from waitress import serve
def app(environ, start_response):
    start_response("204 No Content", [])
    return [b""]
serve(app, host="127.0.0.1", port={port}, threads={threads}, ident="hello",
      connection_limit=2000, asyncore_use_poll=True)
"""

RECORDS = [
    {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
    {"taker": "NS", "bid": 90, "trump": "AT", "taker_points": 120, "coinche": "coinche"},
    {"thrown_in": True},
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited: {process.returncode}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


def start_scorepad(db: str, threads: int) -> tuple[subprocess.Popen, int]:
    port = free_port()
    atout = shutil.which("atout", path=str(Path(sys.executable).parent))
    command = [atout, "serve"] if atout else [sys.executable, "-m", "scorepad"]
    process = subprocess.Popen(
        [
            *command,
            "--port",
            str(port),
            "--db",
            db,
            "--threads",
            str(threads),
            "--public-url",
            f"http://127.0.0.1:{port}",
            "--connection-limit",
            "2000",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_up(port, process)
    return process, port


def start_hello(threads: int) -> tuple[subprocess.Popen, int]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", HELLO.format(port=port, threads=threads)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_up(port, process)
    return process, port


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Client:
    """One keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body=None, token: str | None = None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body)
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        elapsed = (time.perf_counter() - start) * 1000
        return response.status, payload, elapsed


def new_game(client: Client, target: int = 10_000) -> tuple[str, str]:
    status, payload, _ = client.call("POST", "/api/games", {"variant": "coinche", "target": target})
    assert status == 201, payload
    body = json.loads(payload)
    return body["id"], body["edit_token"]


def bench_record(port: int, deals: int) -> dict[str, float]:
    client = Client(port)
    times = []
    done = 0
    while done < deals:  # games of 40 deals, as at a real table
        gid, token = new_game(client)
        for i in range(min(40, deals - done)):
            status, payload, ms = client.call(
                "POST", f"/api/games/{gid}/deals", RECORDS[i % len(RECORDS)], token
            )
            assert status == 201, payload
            times.append(ms)
            done += 1
    return {"record_p50_ms": statistics.median(times), "record_p99_ms": percentile(times, 0.99)}


#: the deals of a long game: one played deal in eight (NS and EW take in turn), the others
#: thrown in, so that MAX_DEALS deals stay under the largest Coinche target
PLAYED = [
    {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90, "belote": ["NS"]},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
]


def long_record(number: int) -> dict:
    """The record of deal ``number`` (from 1) of a benchmark game."""
    i = number - 1
    return PLAYED[(i // 8) % 2] if i % 8 == 0 else {"thrown_in": True}


def stats(times: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(times), 2), "p95": round(percentile(times, 0.95), 2)}


def bench_sizes(port: int, sizes: list[int], repeat: int) -> list[dict]:
    """POST (the game's last deal), API GET and live page, per game size."""
    client = Client(port)
    results = []
    for size in sizes:
        gid, token = new_game(client)
        for number in range(1, size):
            status, payload, _ = client.call(
                "POST", f"/api/games/{gid}/deals", long_record(number), token
            )
            assert status == 201, payload
        post = []
        for attempt in range(repeat + 1):
            status, payload, ms = client.call(
                "POST", f"/api/games/{gid}/deals", long_record(size), token
            )
            assert status == 201, payload
            if attempt < repeat:
                post.append(ms)
                status, payload, _ = client.call(
                    "DELETE", f"/api/games/{gid}/deals/{size}", None, token
                )
                assert status == 200, payload
        api, live = [], []
        for _ in range(repeat):
            status, payload, ms = client.call("GET", f"/api/games/{gid}")
            assert status == 200 and len(json.loads(payload)["deals"]) == size
            api.append(ms)
            status, payload, ms = client.call("GET", f"/g/{gid}")
            assert status == 200, status
            live.append(ms)
        result = {
            "deals": size,
            "post_ms": stats(post),
            "api_get_ms": stats(api),
            "live_page_ms": stats(live),
        }
        results.append(result)
        print(
            f"  {size:4d} deals: POST {result['post_ms']['median']:7.1f} / "
            f"{result['post_ms']['p95']:7.1f} ms, API GET {result['api_get_ms']['median']:7.1f}"
            f" / {result['api_get_ms']['p95']:7.1f} ms, live page "
            f"{result['live_page_ms']['median']:7.1f} / {result['live_page_ms']['p95']:7.1f} ms"
            " (median / p95)",
            flush=True,
        )
    return results


def forty_deal_game(port: int) -> tuple[str, int]:
    client = Client(port)
    gid, token = new_game(client)
    for i in range(40):
        client.call("POST", f"/api/games/{gid}/deals", RECORDS[i % len(RECORDS)], token)
    version = json.loads(client.call("GET", f"/api/games/{gid}")[1])["version"]
    return gid, version


def bench_sheet(port: int, gid: str, repeat: int) -> dict[str, float]:
    from scorepad.games import NEWEST

    client = Client(port)
    page, fragment = [], []
    for _ in range(repeat):
        status, body, ms = client.call("GET", f"/g/{gid}")
        assert status == 200 and body.count(b'<tr class="deal') == min(40, NEWEST)
        page.append(ms)
        status, _body, ms = client.call("GET", f"/g/{gid}/sheet?v=0")
        assert status == 200
        fragment.append(ms)
    return {
        "sheet40_page_p50_ms": statistics.median(page),
        "sheet40_page_p99_ms": percentile(page, 0.99),
        "sheet40_fragment_p50_ms": statistics.median(fragment),
    }


async def spectator(
    port: int, path: str, offset: float, until: float, latencies: list[float], errors: list[str]
) -> None:
    """Poll ``path`` every 2 s, like a phone: reuse the connection while the server keeps it,
    open a new one when it closed it (waitress closes after every 204: a 204 has no
    Content-Length, and waitress keeps HTTP/1.1 connections only for responses that do).
    The time of a poll includes the connect when there is one."""
    await asyncio.sleep(offset)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nHX-Request: true\r\n\r\n".encode()
    loop = asyncio.get_running_loop()
    next_at = loop.time()
    reader = writer = None
    try:
        while loop.time() < until:
            start = time.perf_counter()
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length, close = 0, False
            for line in head.lower().split(b"\r\n"):
                if line.startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line.startswith(b"connection:") and b"close" in line:
                    close = True
            if length:
                await reader.readexactly(length)
            latencies.append((time.perf_counter() - start) * 1000)
            if not head.startswith(b"HTTP/1.1 204"):
                errors.append(head.split(b"\r\n", 1)[0].decode())
            if close:
                writer.close()
                reader = writer = None
            next_at += 2.0
            await asyncio.sleep(max(0.0, next_at - loop.time()))
    except (OSError, asyncio.IncompleteReadError) as exc:
        errors.append(f"io: {exc!r}")
    finally:
        if writer is not None:
            writer.close()


async def load(port: int, path: str, count: int, duration: float) -> dict[str, float]:
    loop = asyncio.get_running_loop()
    until = loop.time() + duration + 2.0
    latencies: list[float] = []
    errors: list[str] = []
    await asyncio.gather(
        *(spectator(port, path, 2.0 * i / count, until, latencies, errors) for i in range(count))
    )
    return {
        "spectators": count,
        "requests": len(latencies),
        "p50_ms": statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": percentile(latencies, 0.99) if latencies else float("nan"),
        "errors": len(errors),
    }


def bench_spectators(port: int, path: str, levels: list[int], duration: float) -> list[dict]:
    results = []
    for count in levels:
        result = asyncio.run(load(port, path, count, duration))
        results.append(result)
        print(
            f"  {count:5d} spectators: {result['requests']} polls, "
            f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, "
            f"errors {result['errors']}",
            flush=True,
        )
        if result["p99_ms"] > 100 or result["errors"]:
            break
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    parser.add_argument("--deals", type=int, default=400, help="deals recorded (latency)")
    parser.add_argument(
        "--duration", type=float, default=20.0, help="seconds of polling per spectator level"
    )
    parser.add_argument("--max-spectators", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=8, help="waitress threads")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--sizes-only",
        action="store_true",
        help="only the game sizes: POST, API GET and live page per size",
    )
    parser.add_argument(
        "--repeat", type=int, default=30, help="requests timed per figure of the game sizes"
    )
    parser.add_argument(
        "--db",
        help="a database URL for the server (default: a temporary "
        "SQLite file); PostgreSQL: a fresh, empty database",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.duration, args.max_spectators = 80, 6.0, 250
        args.repeat = min(args.repeat, 10)
    from scorepad.games import MAX_DEALS

    sizes = [10, 100, MAX_DEALS]
    levels = []
    level = 125
    while level <= args.max_spectators:
        levels.append(level)
        level *= 2
    figures: dict = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "threads": args.threads,
    }
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        figures["database"] = db.split(":", 1)[0]
        server, port = start_scorepad(db, args.threads)
        servers = [server]
        try:
            print(f"game sizes {sizes}, {args.repeat} requests each ...", flush=True)
            figures["sizes"] = bench_sizes(port, sizes, args.repeat)
            if args.sizes_only:
                if args.json:
                    print(json.dumps(figures, indent=2))
                return 0
            hello, hello_port = start_hello(args.threads)
            servers.append(hello)
            print("recording deals ...", flush=True)
            figures.update(bench_record(port, args.deals))
            print("rendering a 40-deal sheet ...", flush=True)
            gid, version = forty_deal_game(port)
            figures.update(bench_sheet(port, gid, 50 if args.quick else 200))
            print("spectators polling the scorepad (204 path) ...", flush=True)
            figures["scorepad_spectators"] = bench_spectators(
                port, f"/g/{gid}/sheet?v={version}", levels, args.duration
            )
            print("spectators polling a bare WSGI hello-world on waitress ...", flush=True)
            figures["hello_spectators"] = bench_spectators(hello_port, "/", levels, args.duration)
        finally:
            for process in servers:
                process.terminate()
                process.wait(timeout=10)

    def held(results: list[dict]) -> int:
        ok = [r["spectators"] for r in results if r["p99_ms"] <= 100 and not r["errors"]]
        return max(ok, default=0)

    figures["scorepad_spectators_held"] = held(figures["scorepad_spectators"])
    figures["hello_spectators_held"] = held(figures["hello_spectators"])
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key in (
            "record_p50_ms",
            "record_p99_ms",
            "sheet40_page_p50_ms",
            "sheet40_page_p99_ms",
            "sheet40_fragment_p50_ms",
        ):
            print(f"{key:28s} {figures[key]:8.2f}")
        print(
            f"{'scorepad spectators held':28s} {figures['scorepad_spectators_held']:8d}"
            " (p99 < 100 ms, polling every 2 s)"
        )
        print(f"{'hello-world spectators held':28s} {figures['hello_spectators_held']:8d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
