"""The deal form at a real table: its height on a 390 px phone and what a typical deal costs.

Starts a real ``atout serve`` (free port, temporary SQLite file), creates a game of every
built-in variant through the API, opens its game page in Debian's Chromium at 390×844 (touch,
like a phone) and, for a typical deal of each variant:

- ``form_px``: the height of the deal form (``#deal-form``) as first shown;
- ``taps`` and ``keys``: what a person does to enter the deal and save it — one tap per button
  pressed (a menu costs two: open it, pick), one tap to focus a number field, one key per
  character typed, one tap for Save;
- ``offscreen``: how many of those controls lie outside the first screen (each costs a scroll);
- ``scroll_px``: how far the page had to scroll to reach them all (from the top).

The typical deals are the fields the issue lists for each variant (taker, bid, trump, points...);
rare parts (announcements, capot, the turned-up card) are left out. Then a Coinche deal with
and without its announcements (:data:`ANNOUNCED`): plain (no belote), with a belote, a tierce
(opened by "More" in the Save bar: the row's team, kind and top card), a tierce and a belote.

Run::

    python benchmarks/table_form.py          # about half a minute
    python benchmarks/table_form.py --json
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}

#: a typical deal of each built-in variant, as (record field, value) in form order
TYPICAL: dict[str, list[tuple[str, Any]]] = {
    "coinche": [
        ("taker", "NS"),
        ("bid", 100),
        ("trump", "H"),
        ("taker_points", 110),
        ("belote", ["NS"]),
    ],
    "french-belote": [
        ("taker", "NS"),
        ("round", 1),
        ("trump", "H"),
        ("taker_points", 100),
        ("belote", ["NS"]),
    ],
    "bulgarian-belot": [
        ("contract", "H"),
        ("declarer", "NS"),
        ("declarer_points", 90),
        ("belot", ["NS"]),
    ],
    "bela": [("trump", "H"), ("caller", "N"), ("caller_points", 100), ("bela", ["NS"])],
    "cuatrola": [("bet", "cuatrola"), ("declarer", "N"), ("trump", "O"), ("tricks", 4)],
}

#: "More" in the Save bar: the folded (rare) fields opened, one tap
MORE = ("", None)
_COINCHE = [("taker", "NS"), ("bid", 100), ("trump", "H"), ("taker_points", 110)]
_TIERCE = [
    MORE,
    ("announcements-0-team", "NS"),
    ("announcements-0-kind", "tierce"),
    ("announcements-0-high", "KH"),
]
#: a Coinche deal with and without its announcements (issue 21, item 4: a typical announcement
#: at most 4 taps more than a plain deal)
ANNOUNCED: dict[str, list[tuple[str, Any]]] = {
    "coinche plain": _COINCHE,
    "coinche belote": [*_COINCHE, ("belote", ["NS"])],
    "coinche tierce": [*_COINCHE, *_TIERCE],
    "coinche tierce+belote": [*_COINCHE, ("belote", ["NS"]), *_TIERCE],
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(db: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    atout = shutil.which("atout", path=str(Path(sys.executable).parent))
    command = [atout, "serve"] if atout else [sys.executable, "-m", "scorepad"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--db", f"sqlite:///{db}", "--public-url", base],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=1).close()
            return process, base
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise SystemExit("atout serve did not start") from None
            time.sleep(0.1)


def _create(base: str, variant: str) -> str:
    body = json.dumps({"variant": variant, "teams": {"NS": "Anne & Paul", "EW": "Léa & Marc"}})
    request = urllib.request.Request(
        base + "/api/games",
        body.encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["urls"]["edit"]


def _controls(page: Any, name: str, value: Any) -> list[tuple[Any, int, str]]:
    """The controls pressed to set one field: (locator, taps, text typed)."""
    if (name, value) == MORE:
        return [(page.locator("[data-open-rare]"), 1, "")]
    box = page.locator(f"#deal-form [data-field='{name}']")
    box.wait_for()  # shown (a field shown by another's value is drawn once that is chosen)
    out: list[tuple[Any, int, str]] = []
    if isinstance(value, list):  # counts: one button per team that has some
        single = box.locator(f"input[type=radio][name='{name}'][value='{json.dumps(value[0])}']")
        if len(value) == 1 and single.count():  # one at most in all: the team's button
            return [(single, 1, "")]
        for j, team in enumerate(("NS", "EW")):
            n = value.count(team)
            if n:
                out.append((box.locator(f"input[name='{name}-{j}'][value='{n}']"), 1, ""))
        return out
    text_input = box.locator(f"input[name='{name}']:not([type=radio]):not([type=checkbox])")
    if text_input.count():
        return [(text_input, 1, str(value))]
    radio = box.locator(  # a card's value is its code as is (the deck's grid)
        f"input[type=radio][name='{name}'][value='{json.dumps(value)}'],"
        f" input[type=radio][name='{name}'][value='{value}']"
    )
    if radio.count():
        return [(radio, 1, "")]
    return [(box.locator(f"select[name='{name}']"), 2, json.dumps(value))]


def measure(page: Any, edit_url: str, fields: list[tuple[str, Any]]) -> dict[str, Any]:
    page.goto(edit_url)
    page.wait_for_selector("#deal-form")
    page.evaluate("window.scrollTo(0, 0)")
    height = page.viewport_size["height"]
    form_px = round(page.locator("#deal-form").bounding_box()["height"])
    taps = keys = offscreen = 0
    scroll_px = 0.0
    last_y = 0.0
    # each field's controls are found when it is its turn: a field shown by another's value
    # (the top card once the kind is a sequence) or folded away ("More") is drawn only then
    steps = [lambda n=name, v=value: _controls(page, n, v) for name, value in fields]
    steps.append(lambda: [(page.locator("[data-save]"), 1, "")])
    plan = (control for step in steps for control in step())
    for control, n_taps, text in plan:
        target = (
            control.locator("xpath=..") if control.get_attribute("type") == "radio" else control
        )
        box = target.bounding_box()
        covered = target.evaluate(  # under the sticky Save bar counts as off screen
            "e => { const r = e.getBoundingClientRect();"
            " const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
            " return !(hit && (e === hit || e.contains(hit) || hit.contains(e))); }"
        )
        if box is None or box["y"] < 0 or box["y"] + box["height"] > height or covered:
            offscreen += 1
        if control.get_attribute("type") == "radio":
            control.check()
        elif control.get_attribute("data-open-rare") is not None:
            control.click()
            page.locator("#rare-fields[open]").wait_for()
        elif n_taps == 2:
            control.select_option(text)
            text = ""
        elif control.get_attribute("data-save") is None:
            control.fill(text)
        else:
            break
        taps += n_taps
        keys += len(text)
        y = page.evaluate("window.scrollY")
        scroll_px += abs(y - last_y)
        last_y = y
    taps += 1  # Save
    return {
        "form_px": form_px,
        "taps": taps,
        "keys": keys,
        "offscreen": offscreen,
        "scroll_px": round(scroll_px),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        process, base = _start(Path(tmp) / "scorepad.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = browser.new_context(**PHONE)
                page = context.new_page()
                for variant, fields in TYPICAL.items():
                    results[variant] = measure(page, _create(base, variant), fields)
                for deal, fields in ANNOUNCED.items():
                    results[deal] = measure(page, _create(base, "coinche"), fields)
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    if options.json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"{'variant':22} {'form_px':>8} {'taps':>5} {'keys':>5} {'offscreen':>9} {'scroll_px':>9}"
    )
    for variant, r in results.items():
        print(
            f"{variant:22} {r['form_px']:>8} {r['taps']:>5} {r['keys']:>5} "
            f"{r['offscreen']:>9} {r['scroll_px']:>9}"
        )


if __name__ == "__main__":
    main()
