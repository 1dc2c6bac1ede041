"""``atout serve --workers 4``: gunicorn with four worker processes on one database (PostgreSQL
when ``ATOUT_TEST_POSTGRES`` names a server, and a SQLite file), writers racing and spectators
polling.

Each round, several writers send the same next deal of a game with ``expected_number`` at the
same moment: exactly one gets 201, every other 409 naming ``expected_number``. Spectators poll
the games all along (the API and the live sheet): never a 5xx, a version that never goes back.
At the end every game holds exactly one deal per round, numbered 1..n, nothing lost or doubled.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from servers import ATOUT, free_port, running

POSTGRES = os.environ.get("ATOUT_TEST_POSTGRES")
GAMES, ROUNDS, WRITERS, SPECTATORS = 3, 12, 6, 4
RECORD = {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100}


def call(
    base: str, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        raw, status = exc.read(), exc.code
    kind = "json" if raw[:1] in (b"{", b"[") else "text"
    return status, json.loads(raw) if kind == "json" else raw


@pytest.fixture(
    params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
    if POSTGRES
    else ["sqlite"]
)
def database(request, tmp_path: Path, postgres_schema: Callable[[str], str]) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/workers.db"
    return postgres_schema("w_")


def test_four_workers_race_and_poll_and_lose_nothing(database: str, tmp_path: Path):
    port = free_port()
    log = tmp_path / "gunicorn.log"
    serve = [
        ATOUT,
        "serve",
        "--workers",
        "4",
        "--threads",
        "4",
        "--port",
        str(port),
        "--db",
        database,
    ]
    with running(serve, port, log) as base:
        made = [
            call(base, "POST", "/api/games", {"variant": "coinche", "target": 10000})[1]
            for _ in range(GAMES)
        ]
        problems: list[str] = []
        done = threading.Event()

        def spectator(seat: int) -> None:
            seen = {g["id"]: 0 for g in made}
            while not done.is_set():
                for game in made:
                    gid = game["id"]
                    status, body = call(base, "GET", f"/api/games/{gid}")
                    if status != 200 or body["version"] < seen[gid]:
                        problems.append(f"spectator {seat}: {status} {str(body)[:200]}")
                        return
                    if len(body["deals"]) != body["version"] - 1:
                        problems.append(
                            f"spectator {seat}: version {body['version']} with "
                            f"{len(body['deals'])} deals"
                        )
                    seen[gid] = body["version"]
                    status, _ = call(base, "GET", f"/g/{gid}/sheet?v={seen[gid]}")
                    if status not in (200, 204):
                        problems.append(f"spectator {seat}: sheet {status}")

        watchers = [threading.Thread(target=spectator, args=(i,)) for i in range(SPECTATORS)]
        for w in watchers:
            w.start()
        try:
            for number in range(1, ROUNDS + 1):
                for game in made:
                    answers: list[tuple[int, Any]] = []
                    start = threading.Barrier(WRITERS)

                    def writer(
                        game: dict[str, Any] = game,
                        number: int = number,
                        start: threading.Barrier = start,
                        answers: list[tuple[int, Any]] = answers,
                    ) -> None:
                        start.wait()
                        answers.append(
                            call(
                                base,
                                "POST",
                                f"/api/games/{game['id']}/deals",
                                {**RECORD, "expected_number": number},
                                game["edit_token"],
                            )
                        )

                    threads = [threading.Thread(target=writer) for _ in range(WRITERS)]
                    for t in threads:
                        t.start()
                    for t in threads:
                        t.join()
                    codes = sorted(status for status, _ in answers)
                    assert codes == [201] + [409] * (WRITERS - 1), (number, answers)
                    assert all(
                        body["field"] == "expected_number"
                        for status, body in answers
                        if status == 409
                    ), answers
                    won = next(body for status, body in answers if status == 201)
                    assert won["number"] == number
        finally:
            done.set()
            for w in watchers:
                w.join()
        assert problems == []
        for game in made:
            status, body = call(base, "GET", f"/api/games/{game['id']}")
            assert status == 200
            assert [d["number"] for d in body["deals"]] == list(range(1, ROUNDS + 1))
            assert body["version"] == ROUNDS + 1
            each = body["deals"][0]["points"]["EW"]
            assert body["totals"]["EW"] == ROUNDS * each > 0, body["totals"]
    booted = log.read_text()
    assert booted.count("Booting worker") == 4, booted[-2000:]
    assert " 500 " not in booted and "Traceback" not in booted, booted[-3000:]


def test_gunicorns_own_answers_carry_the_security_headers(tmp_path: Path):
    """docs/scorepad.md: with --workers, gunicorn answers a request it cannot parse itself
    (scorepad.gunicorn_conf), with the app's security headers, as every answer of the app."""
    from scorepad.security import SECURITY_HEADERS

    port = free_port()
    serve = [ATOUT, "serve", "--workers", "2", "--port", str(port)]
    serve += ["--db", f"sqlite:///{tmp_path / 'pad.sqlite3'}"]
    with running(serve, port, tmp_path / "gunicorn.log"):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(b"GARBAGE\r\n\r\n")
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        assert head.startswith("HTTP/1.1 400 ")
        for name, value in SECURITY_HEADERS:
            assert f"\r\n{name}: {value}\r\n" in head + "\r\n", head
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        assert head.startswith(("HTTP/1.1 400 ", "HTTP/1.1 431 ")), head
        assert f"Content-Security-Policy: {SECURITY_HEADERS[0][1]}" in head, head
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/variants") as response:
            for name, value in SECURITY_HEADERS:
                assert response.headers[name] == value


def test_a_worker_freezes_what_it_loaded_out_of_the_full_collections(monkeypatch):
    """A full collection walks every object a worker holds (0.1 to 0.3 s with the app loaded,
    no request answered meanwhile): each worker freezes what it has once the app is loaded,
    and unfreezes it as it exits (the interpreter's clean-up needs them collectable)."""
    import gc

    from gunicorn import util

    from scorepad import gunicorn_conf

    monkeypatch.setattr(util, "write_error", util.write_error)  # put back after the test
    assert gc.get_freeze_count() == 0
    try:
        gunicorn_conf.post_worker_init(object())
        assert gc.get_freeze_count() > 10_000
        assert util.write_error is gunicorn_conf.write_error
    finally:
        gunicorn_conf.worker_exit(object(), object())
    assert gc.get_freeze_count() == 0
