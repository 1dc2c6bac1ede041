"""The play table's cost for a person: taps per deal, the bots' decision times, the move latency.

For each installed variant, a person plays ``--deals`` deals (random legal choices, passing
often as people do) against the given bot through :mod:`scorepad.play` on a temporary SQLite
file, the path a tap takes on the server (rebuild the deal from its log, apply the move, let the
bots answer, store the log, in one write transaction). Measured:

- ``taps``: the person's taps per deal on the phone page: one per call (two for a bid of the
  level-then-denomination picker: the level, then the denomination), one per card, one for
  "next deal";
- ``bot_ms``: one bot decision (a call or a card), mean and 95th percentile, timed around the
  bot alone on the same deals (as at the table: thinking capped at
  ``framework.app.table.TABLE_TIME_CAP``);
- ``move_ms``: one move request on the server (all the bots' answers included), mean and p95.

Run::

    python benchmarks/play_bench.py                   # every variant, bot "rules", 20 deals each
    python benchmarks/play_bench.py --bot random --deals 50 --variant coinche
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlmodel import Session

from framework.app.table import call_menu
from framework.bots.base import Bot
from framework.core.cards import bits
from framework.core.seats import S
from framework.engine.deal import Deal
from framework.rules.plugins import variant_names


class Timed(Bot):
    """A bot that times the decisions of another."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner = inner
        self.times = times
        self.name = inner.name

    def choose_call(self, *args: Any) -> Any:
        t = time.perf_counter()
        try:
            return self.inner.choose_call(*args)
        finally:
            self.times.append(time.perf_counter() - t)

    def choose_card(self, *args: Any) -> Any:
        t = time.perf_counter()
        try:
            return self.inner.choose_card(*args)
        finally:
            self.times.append(time.perf_counter() - t)


def pctl(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def run(name: str, bot: str, deals: int, seed: int) -> dict[str, Any]:
    import framework.app.table as table_module
    import scorepad.play as tables
    from framework.bots import registry as bots_module
    from scorepad.db import make_engine, upgrade

    rng = random.Random(seed)
    bot_times: list[float] = []
    original = bots_module.make_bot

    def timed_make_bot(bot_name: str, bot_seed: int | None = None, **kw: Any) -> Bot:
        return Timed(original(bot_name, bot_seed, **kw), bot_times)

    table_module.make_bot = timed_make_bot  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        upgrade(engine)
        move_times: list[float] = []
        taps: list[int] = []
        played = 0
        while played < deals:
            _game, key = tables.create(engine, name, None, {}, bot)
            while played < deals:
                with Session(engine) as session:
                    table = tables.load(session, key)
                deal: Deal = table.deal
                count = 0
                while not deal.is_over:
                    if deal.phase == "auction":
                        calls = deal.legal_calls(S)
                        passes = [c for c in calls if c.kind == "pass"]
                        call = passes[0] if passes and rng.random() < 0.7 else rng.choice(calls)
                        menu = call_menu(deal.deck, calls)
                        count += 2 if any(call in bids for _, bids in menu.levels) else 1
                        action, value = "call", call.text
                    else:
                        card = rng.choice(list(bits(deal.legal_mask())))
                        count += 1
                        action, value = "card", deal.deck.format(card)
                    t = time.perf_counter()
                    table = tables.move(engine, key, table.number, deal.event_count, action, value)
                    move_times.append(time.perf_counter() - t)
                    deal = table.deal
                played += 1
                taps.append(count + 1)  # "next deal"
                if table.match_over:
                    break
                table = tables.move(engine, key, table.number, None, "next")
        engine.dispose()
    table_module.make_bot = original  # type: ignore[assignment]
    return {
        "variant": name,
        "bot": bot,
        "deals": deals,
        "taps": {"mean": round(statistics.mean(taps), 1), "min": min(taps), "max": max(taps)},
        "bot_ms": {
            "mean": round(statistics.mean(bot_times) * 1000, 3),
            "p95": round(pctl(bot_times, 0.95) * 1000, 3),
            "decisions": len(bot_times),
        },
        "move_ms": {
            "mean": round(statistics.mean(move_times) * 1000, 1),
            "p95": round(pctl(move_times, 0.95) * 1000, 1),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", help="a variant (repeatable; default: all)")
    parser.add_argument("--bot", default="rules")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [
        run(name, args.bot, args.deals, args.seed) for name in (args.variant or variant_names())
    ]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"{'variant':<24} {'taps/deal':>16} {'bot ms mean':>12} {'p95':>8} "
        f"{'move ms mean':>13} {'p95':>7}"
    )
    for r in results:
        t = r["taps"]
        print(
            f"{r['variant']:<24} {t['mean']:>6} ({t['min']}-{t['max']}){'':>3} "
            f"{r['bot_ms']['mean']:>12} {r['bot_ms']['p95']:>8} "
            f"{r['move_ms']['mean']:>13} {r['move_ms']['p95']:>7}"
        )


if __name__ == "__main__":
    main()
