"""Browser tests: Debian's Chromium driven by Playwright against a real ``atout serve``.

Opt in with ``pytest --playwright`` (the tests are marked ``playwright``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The longest any wait of a browser test may take: a ceiling for a page that never gives the
#: signal waited for (every wait is for one: an element, an attribute, an htmx answer, never a
#: length of time), the same for actions, waits and ``expect``.
CEILING_MS = 10_000

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real ``atout serve`` on a free port with a temporary database."""
    db = tmp_path_factory.mktemp("scorepad") / "scorepad.sqlite3"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    atout = shutil.which("atout", path=str(Path(sys.executable).parent))
    command = [atout, "serve"] if atout else [sys.executable, "-m", "scorepad"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--db", f"sqlite:///{db}", "--public-url", base],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ),
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=1).close()
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise RuntimeError("atout serve did not start") from None
            time.sleep(0.1)
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect

    expect.set_options(timeout=CEILING_MS)
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is needed for the browser tests (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser):
    """A phone-sized page (390×844, touch)."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(CEILING_MS)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def spectator(browser):
    """A second, independent browser (another phone at the table)."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(CEILING_MS)
    page = context.new_page()
    yield page
    context.close()
