"""What each kind of request of a club night costs the server, in-process: CPU milliseconds per
request (the view, Flask, SQLAlchemy and the database driver; not gunicorn nor PostgreSQL's own
process), for an event of 100 tables; the longest stretch of CPU between two waits of the
request; and a cProfile of any kind.

A gevent worker runs one request until it waits (a database round trip, the network, a
:func:`scorepad.views.common.let_others_run`): every other request it holds waits for the
stretch, so the longest stretch of a request is what it adds to the polls' latency (the p99 of
``club_bench.py``), and its CPU what it takes from everyone's share of the cores. The objects
loaded with the app are frozen out of the garbage collector, as a worker does
(:mod:`scorepad.gunicorn_conf`).

It makes the event as ``club_bench.py`` does (200 teams, Swiss, rounds of 3 deals of Coinche, on
the new-event form), starts round 1, prints the table cards and records two deals at every
table, then times each kind ``--repeat`` times (best of ``--passes``: the machine is shared)
with Flask's test client, on the database given (``$ATOUT_TEST_POSTGRES`` under
``scripts/with-postgres``). Kinds:

- ``live 204`` / ``wall 204``: an unchanged poll;
- ``live kept`` / ``wall kept``: a changed poll answered from the fragment kept in the worker;
- ``live render`` / ``wall render``: a changed poll whose fragment is rendered (none kept);
- ``live page`` / ``wall page``: a phone opening the page (the wall's fragment rendered);
- ``deal + undo``: a table recording a deal (``POST /api/games/<id>/deals``) and removing it;
- ``director``: the director's page; ``next`` / ``start`` / ``cards``: the round's end (closing
  the round and proposing the next, starting it, printing its cards), once each.

Run (not part of CI)::

    scripts/with-postgres python benchmarks/club_profile.py
    scripts/with-postgres python benchmarks/club_profile.py --profile "wall render"
    scripts/with-postgres python benchmarks/club_profile.py --rounds-before 2   # at round 3
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import re
import secrets
import sys
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import event

import scorepad.views.events as event_pages
from scorepad import create_app
from scorepad.security import CSRF_FIELD
from scorepad.views.events import WALLS
from scorepad.views.live import SHEETS

HX = {"HX-Request": "true"}
RECORDS = [
    {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
]


class Night:
    """An event of ``tables`` tables, round 1 playing, two deals recorded at each table."""

    def __init__(self, client: Any, tables: int) -> None:
        self.client = client
        with client.session_transaction() as session:
            session["csrf"] = self.csrf = secrets.token_urlsafe(24)
        teams = "\n".join(f"Team {i + 1}; A{i + 1}, B{i + 1}" for i in range(2 * tables))
        made = client.post(
            "/events/new",
            data={
                CSRF_FIELD: self.csrf,
                "name": "Club night",
                "variant": "coinche",
                "teams": teams,
                "rounds": "4",
                "match_deals": "3",
                "pairing": "swiss",
            },
        )
        found = re.search(r"/events/([^/]+)/director\?t=([^&]+)", made.headers["Location"])
        assert made.status_code == 303 and found, made.status_code
        self.eid, self.token = found[1], found[2]
        self.round = 0
        self.tables: list[tuple[str, str]] = []

    def form(self, action: str, **fields: str) -> Any:
        response = self.client.post(
            f"/events/{self.eid}/{action}", data={CSRF_FIELD: self.csrf, "t": self.token, **fields}
        )
        assert response.status_code == 200, (action, response.status_code)
        return response

    def start(self) -> None:
        self.round += 1
        self.form("director/start", round=str(self.round))

    def cards(self) -> None:
        page = self.form("cards").get_data(as_text=True)
        found = re.findall(r'data-card="(\d+)".*?/e/([^?"]+)\?t=([^<"&]+)<', page, re.S)
        self.tables = [(gid, token) for _number, gid, token in found]

    def deal(self, table: int, record: dict[str, Any]) -> Any:
        gid, token = self.tables[table]
        response = self.client.post(
            f"/api/games/{gid}/deals", json=record, headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 201, response.get_data(as_text=True)
        return response

    def finish(self) -> None:
        """Every table records the round's last deal."""
        for table in range(len(self.tables)):
            self.deal(table, {"thrown_in": True})


class Waits:
    """The moments (CPU time) a request waits: before and after each SQL statement sent to
    the database, and each :func:`~scorepad.views.common.let_others_run` of the event pages."""

    def __init__(self, app: Any) -> None:
        self.marks: list[float] = []
        for engine in (app.extensions["atout_engine"], app.extensions["atout_poll_engine"]):
            event.listen(engine, "before_cursor_execute", self.mark)
            event.listen(engine, "after_cursor_execute", self.mark)
        event_pages.let_others_run = self.let_others_run

    def mark(self, *_args: Any, **_kwargs: Any) -> None:
        self.marks.append(time.process_time())

    def let_others_run(self) -> None:
        self.mark()
        self.mark()

    def longest(self, func: Callable[[], object]) -> float:
        """The longest stretch of CPU milliseconds between two waits of ``func()``."""
        self.marks.clear()
        start = time.process_time()
        func()
        points = [start, *self.marks, time.process_time()]
        return 1000 * max(points[i + 1] - points[i] for i in range(0, len(points) - 1, 2))


def cpu_ms(func: Callable[[], object], repeat: int, passes: int) -> float:
    """CPU milliseconds per call: the least of ``passes`` runs of ``repeat`` calls."""
    best = float("inf")
    for _ in range(passes):
        start = time.process_time()
        for _ in range(repeat):
            func()
        best = min(best, time.process_time() - start)
    return 1000 * best / repeat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: $ATOUT_TEST_POSTGRES)")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=200, help="requests a pass (polls)")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--profile", help="the kind to profile (cProfile, by own time)")
    parser.add_argument(
        "--rounds-before", type=int, default=0, help="rounds played out before timing (0-2)"
    )
    args = parser.parse_args(argv)
    db = args.db or os.environ.get("ATOUT_TEST_POSTGRES")
    if not db:
        raise SystemExit("give --db, or run under scripts/with-postgres")
    app = create_app({"TESTING": True, "DATABASE_URL": db})
    gc.collect()
    gc.freeze()
    waits = Waits(app)
    client = app.test_client()
    night = Night(client, args.tables)
    night.start()
    night.cards()
    for _ in range(args.rounds_before):  # the costs of a later round, as the club night's
        for table in range(len(night.tables)):
            for record in RECORDS:
                night.deal(table, record)
        night.finish()
        night.form("director/next")
        night.start()
        night.cards()
    for table in range(len(night.tables)):
        for record in RECORDS:
            night.deal(table, record)
    gid = night.tables[0][0]
    live_version = client.get(f"/api/games/{gid}").json["version"]
    wall_version = client.get(f"/events/{night.eid}/export.json").json["version"]
    live_poll = f"/g/{gid}/sheet?v={live_version}"
    wall_poll = f"/events/{night.eid}/wall?v={wall_version}"

    def get(url: str, status: int, clear: Any = None) -> Callable[[], None]:
        def request() -> None:
            if clear is not None:
                clear._kept.clear()
            response = client.get(url, headers=HX)
            assert response.status_code == status, (url, response.status_code)

        return request

    deal_gid, deal_token = night.tables[1]

    def deal() -> None:  # the table's third deal, removed again (untimed would be best; cheap)
        night.deal(1, {"thrown_in": True})
        removed = client.delete(
            f"/api/games/{deal_gid}/deals/3", headers={"Authorization": f"Bearer {deal_token}"}
        )
        assert removed.status_code in (200, 204), removed.status_code

    kinds: dict[str, tuple[Callable[[], None], int]] = {
        "live 204": (get(live_poll, 204), args.repeat),
        "wall 204": (get(wall_poll, 204), args.repeat),
        "live kept": (get(f"/g/{gid}/sheet?v=1", 200), args.repeat),
        "wall kept": (get(f"/events/{night.eid}/wall?v=1", 200), args.repeat),
        "live render": (get(f"/g/{gid}/sheet?v=1", 200, SHEETS), args.repeat // 4),
        "wall render": (get(f"/events/{night.eid}/wall?v=1", 200, WALLS), args.repeat // 10),
        "live page": (lambda: get(f"/g/{gid}", 200)(), args.repeat // 4),
        "wall page": (lambda: get(f"/events/{night.eid}", 200, WALLS)(), args.repeat // 10),
        "deal + undo": (deal, args.repeat // 10),
        "director": (
            lambda: get(f"/events/{night.eid}/director?t={night.token}", 200)(),
            args.repeat // 20,
        ),
    }
    figures: dict[str, float] = {}
    for kind, (func, repeat) in kinds.items():
        if kind == args.profile:
            profile(func, repeat)
        figures[kind] = cpu_ms(func, max(1, repeat), args.passes)
        stretch = min(waits.longest(func) for _ in range(args.passes))
        print(
            f"{kind:12s} {figures[kind]:8.2f} ms CPU a request, longest stretch {stretch:7.2f} ms",
            flush=True,
        )
    # the round's end, once each: close and propose, start, print the cards
    night.finish()
    for kind, func in (
        ("next", lambda: night.form("director/next")),
        ("start", night.start),
        ("cards", night.cards),
    ):
        if kind == args.profile:
            profile(func, 1)
        else:
            start = time.process_time()
            stretch = waits.longest(func)
            figures[kind] = 1000 * (time.process_time() - start)
            print(f"{kind:12s} {figures[kind]:8.2f} ms CPU, longest stretch {stretch:7.2f} ms")
    app.extensions["atout_engine"].dispose()
    return 0


def profile(func: Callable[[], object], repeat: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(repeat):
        func()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    sys.exit(main())
