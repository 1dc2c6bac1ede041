"""Running a real server process for a test (``atout serve``, gunicorn): Schemathesis and several
workers. Each test starts its own server on a free port and stops it, by its process id."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

BIN = Path(sys.executable).parent
ATOUT = shutil.which("atout", path=str(BIN)) or "atout"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running(
    command: Sequence[str], port: int, log: Path, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Run ``command`` (a server on ``port``) until the block ends; yields its base URL.

    Its output goes to ``log``; it is stopped with SIGTERM (its process group: gunicorn's
    workers too), then SIGKILL after 10 s.
    """
    with open(log, "wb") as out:
        process = subprocess.Popen(
            list(command),
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise AssertionError(f"the server stopped: {log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}/api/variants", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    raise AssertionError(
                        f"no server on {base}: {log.read_text()[-3000:]}"
                    ) from None
                time.sleep(0.2)
        yield base
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
