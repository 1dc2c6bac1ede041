"""``atout serve`` as a real process: it serves on waitress, and a deal saved before a crash
or a stop is there after a restart."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent))
RECORDS = [
    {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
    {"thrown_in": True},
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: Path, port: int, env_extra: dict[str, str] | None = None) -> subprocess.Popen:
    command = [ATOUT] if ATOUT else [sys.executable, "-m", "scorepad"]
    env = {**os.environ, **(env_extra or {})}
    process = subprocess.Popen(
        [*command, "serve", "--port", str(port), "--db", f"sqlite:///{db}"]
        if ATOUT
        else [*command, "--port", str(port), "--db", f"sqlite:///{db}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(process.stdout.read().decode())
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                return process
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    process.kill()
    raise AssertionError("atout serve did not start")


def call(port: int, method: str, path: str, body=None, token: str | None = None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null"), response.headers


def stop(process: subprocess.Popen, sig: int) -> None:
    process.send_signal(sig)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    process.stdout.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["stop", "crash"])
def test_every_deal_is_there_after_a_restart(tmp_path, sig):
    db = tmp_path / "scorepad.sqlite3"
    port = free_port()
    server = start(db, port)
    try:
        status, body, headers = call(
            port, "POST", "/api/games", {"variant": "coinche", "teams": {"NS": "A", "EW": "B"}}
        )
        assert status == 201
        assert headers["Server"] == "atout"  # waitress, not the development server
        gid, token = body["id"], body["edit_token"]
        for record in RECORDS:
            assert call(port, "POST", f"/api/games/{gid}/deals", record, token)[0] == 201
        _, before, _ = call(port, "GET", f"/api/games/{gid}")
    finally:
        stop(server, sig)
    port = free_port()
    server = start(db, port)
    try:
        _, after, _ = call(port, "GET", f"/api/games/{gid}")
        assert after == before
        assert len(after["deals"]) == len(RECORDS)
        # and the edit token still works
        assert call(port, "DELETE", f"/api/games/{gid}/deals/3", token=token)[0] == 200
    finally:
        stop(server, signal.SIGTERM)


def test_serve_reports_a_bad_database_in_one_line_with_status_2(tmp_path):
    command = [ATOUT, "serve"] if ATOUT else [sys.executable, "-m", "scorepad"]
    result = subprocess.run(
        [*command, "--db", "nosuchdriver://x/y", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "--db" in result.stderr
    assert "Traceback" not in result.stderr


#: requests waitress cannot read and answers itself, without the app (and what it answers)
UNREADABLE = {
    "a malformed request line": (b"GARBAGE\r\n\r\n", 400),
    "a header too large": (b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 300_000 + b"\r\n\r\n", 431),
    "a bad Content-Length": (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
    "a body too large": (
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n",
        413,
    ),
}


def _answer(port: int, request: bytes) -> bytes:
    """What the server answers ``request``; it may answer and close before reading it all (a
    header too large), so the connection's reset after its answer is its end."""
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            conn.sendall(request)
        with contextlib.suppress(ConnectionResetError):
            while chunk := conn.recv(65536):
                answer += chunk
    return answer


def test_the_servers_own_error_answers_carry_the_security_headers(tmp_path):
    from scorepad.security import SECURITY_HEADERS

    port = free_port()
    process = start(tmp_path / "pad.sqlite3", port)
    try:
        for what, (request, status) in UNREADABLE.items():
            answer = _answer(port, request)
            head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            assert head[0].split(" ")[1] == str(status), (what, head[0])
            headers = dict(line.split(": ", 1) for line in head[1:])
            for name, value in SECURITY_HEADERS:
                assert headers.get(name) == value, (what, name)
    finally:
        stop(process, signal.SIGTERM)
