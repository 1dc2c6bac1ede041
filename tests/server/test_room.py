"""The server for a room (issue 22 item 6): ``atout serve --workers 2`` (gunicorn) holds 200
slow clients and still answers, and no capability reaches its log.

One real server for the module, on a SQLite file; its output (gunicorn's access log included)
goes to a file the tests read line by line. Everything runs on loopback; every loop is bounded
and the server is stopped (its process group) at the end.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import ATOUT, free_port, running

SLOW_CLIENTS = 200
PROBES = 10


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[str, int, Path]]:
    folder = tmp_path_factory.mktemp("room")
    port = free_port()
    log = folder / "server.log"
    serve = [ATOUT, "serve", "--workers", "2", "--port", str(port)]
    serve += ["--db", f"sqlite:///{folder}/room.db"]
    with running(serve, port, log) as base:
        yield base, port, log


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _opener() -> urllib.request.OpenerDirector:
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect)


def _open(opener, url: str, data: bytes | None = None, headers: dict | None = None):
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def test_no_capability_reaches_the_log(server):
    base, _, log = server
    opener = _opener()
    status, _, body = _open(
        opener,
        f"{base}/api/games",
        json.dumps({"variant": "coinche"}).encode(),
        {"Content-Type": "application/json"},
    )
    assert status == 201
    game = json.loads(body)
    gid, token = game["id"], game["edit_token"]
    edit = f"{base}/g/{gid}?t={token}"
    assert _open(opener, edit)[0] in (200, 303)
    # a later request carries the edit link as its Referer, the token as a header
    _open(opener, f"{base}/api/games/{gid}", headers={"Referer": edit})
    _open(
        opener,
        f"{base}/api/games/{gid}/deals",
        json.dumps({"taker": "NS", "bid": 80, "trump": "S", "taker_points": 100}).encode(),
        {"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    # a play table: its key is in the path
    page = _open(opener, f"{base}/play/")[2].decode()
    csrf = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    status, headers, _ = _open(
        opener, f"{base}/play/", f"variant=coinche&_csrf={csrf}".encode(), {}
    )
    assert status == 303, status
    key = headers["Location"].rstrip("/").rsplit("/", 1)[1]
    assert len(key) >= 20
    assert _open(opener, f"{base}/play/{key}")[0] == 200
    assert _open(opener, f"{base}/play/{key}/state.json")[0] == 200

    # a request line gunicorn refuses is quoted in its warning: the token must not be
    with socket.create_connection(("127.0.0.1", server[1]), timeout=10) as raw:
        raw.sendall(f"GET /g/{gid}?t={token}\r\nHost: x\r\n\r\n".encode())
        assert raw.recv(100).startswith(b"HTTP/1.1 400")

    lines = log.read_text().splitlines()
    access = [line for line in lines if '" 200 ' in line or '" 201 ' in line or '" 303 ' in line]
    # the requests above are in the log, by their route
    assert any('"GET /play/<key> HTTP/1.1" 200' in line for line in access), lines[-20:]
    assert any('"POST /api/games/<gid>/deals HTTP/1.1" 201' in line for line in access)
    assert any('"GET /g/<gid> HTTP/1.1"' in line for line in access)
    for secret in (token, key):
        assert not [line for line in lines if secret in line]
    assert not [line for line in lines if "?t=" in line or "Bearer" in line]
    assert [line for line in lines if "Invalid request from ip=127.0.0.1" in line]


def test_two_hundred_slow_clients_do_not_stop_it_answering(server):
    base, port, _ = server
    slow: list[socket.socket] = []
    try:
        for _ in range(SLOW_CLIENTS):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            # a request that never ends: the headers' last line does not come
            sock.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            slow.append(sock)
        answered = []
        for _ in range(PROBES):
            try:
                with urllib.request.urlopen(f"{base}/api/variants", timeout=10) as response:
                    answered.append(response.status)
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                answered.append(repr(exc))
                break  # one unanswered probe is enough
        assert answered == [200] * PROBES
        # and the slow clients are still held open, not dropped to make room
        still_open = 0
        for sock in slow:
            sock.setblocking(False)
            try:
                still_open += sock.recv(1) != b""
            except BlockingIOError:
                still_open += 1
        assert still_open == SLOW_CLIENTS
    finally:
        for sock in slow:
            sock.close()
