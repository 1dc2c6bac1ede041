"""``scripts/with-postgres``, the test run's PostgreSQL: a private cluster per run, in its own
temporary folder on a free port, stopped and removed however the command ends (success, failure,
Ctrl-C), so that the machine is left as it was found and two runs never meet."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "with-postgres"
pytestmark = pytest.mark.skipif(
    not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")),
    reason="needs Debian's PostgreSQL binaries (apt-get install postgresql)",
)

#: the command run inside: says where its server is, writes and reads a row, then does `then`
INSIDE = """
import os, sys, time
import sqlalchemy as sa
url = os.environ["ATOUT_TEST_POSTGRES"]
engine = sa.create_engine(url)
with engine.begin() as conn:
    conn.execute(sa.text("CREATE TABLE t (x int)"))
    conn.execute(sa.text("INSERT INTO t VALUES (7)"))
    assert conn.execute(sa.text("SELECT x FROM t")).scalar() == 7
print(url, flush=True)
then = sys.argv[1]
if then == "sleep":
    time.sleep(60)
sys.exit(int(then) if then.isdigit() else 0)
"""


def _run(then: str, **kwargs) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(SCRIPT), sys.executable, "-c", INSIDE, then],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def _folder(stderr: str) -> Path:
    found = re.search(r"private PostgreSQL in (\S+) on 127\.0\.0\.1:(\d+)", stderr)
    assert found, stderr
    return Path(found[1])


def _port(url: str) -> int:
    found = re.search(r"@127\.0\.0\.1:(\d+)/", url)
    assert found, url
    return int(found[1])


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _servers_in(folder: Path) -> list[str]:
    """The command lines of the processes still running on a data folder inside ``folder``."""
    lines = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    return [line for line in lines.splitlines() if str(folder) in line]


def _assert_gone(folder: Path, port: int) -> None:
    assert not folder.exists()
    assert not _listening(port)
    assert _servers_in(folder) == []


def test_the_command_gets_a_private_server_which_is_removed_after():
    run = _run("0")
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    url = out.strip()
    assert url.startswith("postgresql+psycopg://atout@127.0.0.1:")
    _assert_gone(_folder(err), _port(url))


def test_a_failing_command_keeps_its_exit_status_and_still_cleans_up():
    run = _run("3")
    out, err = run.communicate(timeout=120)
    assert run.returncode == 3
    _assert_gone(_folder(err), _port(out.strip()))


def test_two_runs_at_once_get_two_servers():
    first, second = _run("sleep", start_new_session=True), _run("sleep", start_new_session=True)
    try:
        urls = [first.stdout.readline().strip(), second.stdout.readline().strip()]  # type: ignore[union-attr]
        assert all(urls) and _port(urls[0]) != _port(urls[1])
        assert all(_listening(_port(url)) for url in urls)
    finally:
        for run in (first, second):
            os.killpg(run.pid, signal.SIGTERM)  # as a CI runner stops a job
    for run, url in zip((first, second), urls, strict=True):
        _, err = run.communicate(timeout=60)
        assert run.returncode == 143  # TERM
        _assert_gone(_folder(err), _port(url))


def test_ctrl_c_stops_and_removes_the_server():
    # Ctrl-C at a terminal signals the whole foreground process group: the script and its command
    run = _run("sleep", start_new_session=True)
    url = run.stdout.readline().strip()  # type: ignore[union-attr]
    port = _port(url)
    assert _listening(port)
    os.killpg(run.pid, signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode != 0
    _assert_gone(_folder(err), port)
