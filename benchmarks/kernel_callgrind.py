"""Instructions per deal of the kernel's loops, repeatable on a loaded machine.

``kernel_bench.py``'s timings swing with the machine's load; callgrind's instruction counts do
not, so they are the before/after figures of a change to the kernel. One process, under
``valgrind --tool=callgrind``, loads Coinche once and warms every cache (imports, the hooks, the
play rules of each contract, the messages), freezes the heap it made (``gc.freeze``: no window
pays for a full collection of it), then runs each workload entered through a C function of its
own that nothing in atout calls (itertools' ``takewhile``, ``dropwhile``, ``filterfalse``,
``starmap``, ``compress``, ``accumulate``, ``islice`` and ``functools.reduce``), so that
``callgrind_annotate --inclusive=yes`` gives each workload alone, setup excluded:

- ``play``: ``kernel_bench.play_deals`` (seeds 0, 1, ...: shuffle, deal, auction, play) with
  the variant loaded before (the loaded variant is what ``atout_deals`` times too, but it also
  loads the variant on each call: that load is not a deal's cost);
- ``scored``: the same deals, each also recorded and scored (``Deal.score``);
- ``record`` and ``score``: the two halves of the difference, on the same deals played again
  (``Deal.record()`` of each, then the variant's ``score_deal`` of each record);
- ``record_new``: the record of deals never seen before (seeds from 50,000), whose hands'
  declarations are worked out for the first time (the kept ones are per hand: the first
  thousands of deals of a simulation are such deals);
- ``simulate``: ``atout simulate``'s loop (``framework.app.duel.simulate_block``, one job), less a
  block of no deals (the block loads the variant and makes its bots: not a deal's cost);
- ``jass``: jass-kit's lean loop (``kernel_bench.jass_deals``), when jass-kit is installed (an
  instruction of numpy's C code and one of the interpreter do not cost the same time, so a
  ratio to it in instructions is only indicative).

Run (valgrind installed; about two minutes for the default 150 deals)::

    python benchmarks/kernel_callgrind.py [--deals N] [--json]

prints instructions per deal for each workload and ``record_and_score_share``: the record and
score's share of a scored deal.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENTRIES = {
    "play": "takewhile_next",
    "scored": "dropwhile_next",
    "record": "compress_next",
    "score": "functools_reduce",
    "simulate": "filterfalse_next",
    "simulate_empty": "starmap_next",
    "jass": "accumulate_next",
    "record_new": "islice_next",
}
JASS_SHARE = 5  # jass-kit deals: a fifth of atout's (its deals cost several times more)


def workload(deals: int) -> None:
    """The workloads, in this process (run under valgrind by :func:`measure`)."""
    import functools
    import gc
    import itertools

    sys.path.insert(0, str(HERE))
    import kernel_bench

    from framework.app.duel import BlockSpec, simulate_block
    from framework.bots.base import RandomBot, play_out
    from framework.core.seats import next_seat
    from framework.engine.deal import Deal
    from framework.rules.plugins import load_variant

    variant = load_variant("coinche")
    rules = variant.rules(None)
    rules_json = rules.to_json()
    # Warm: every cache the loops fill on their first deals (play rules per contract, the
    # messages' forms, the announcement tables), outside the counted entries.
    kernel_bench.play_deals(variant, rules, 200, True)
    simulate_block(BlockSpec("coinche", rules_json, "random", 1, 0, 200, False))
    # The heap that loading and warming made, collected once and frozen: else a full collection
    # of it (about 1,700,000 instructions) lands in whichever window the allocation count
    # reaches it, moved by any object added at import (simulate read 610,500 or 599,000 per
    # deal on the same code). Each window still counts the collections of its own deals.
    gc.collect()
    gc.freeze()
    # The scored loop's own deals (seeds 0, 1, ..., the dealer turning from W), played again:
    # the record and score of each are the two halves of that loop's difference from the play.
    played = []
    bots = [RandomBot(i) for i in range(4)]
    dealer = 3
    for n in range(deals):
        deal = Deal.new(variant, rules, dealer, seed=n)
        played.append(play_out(deal, bots))
        dealer = next_seat(dealer)
    # And deals never seen before (seeds from 50,000): their record also works out the
    # declarations of hands no deal held yet (a simulation's first thousands of deals).
    fresh = []
    for n in range(deals):
        deal = Deal.new(variant, rules, n & 3, seed=50_000 + n)
        fresh.append(play_out(deal, bots))
    records: list[dict[str, object]] = []
    score_deal = variant.hooks.score_deal

    def record_all() -> None:
        records.extend(deal.record() for deal in played)

    def record_fresh() -> None:
        for deal in fresh:
            deal.record()

    def score_all() -> None:
        for deal, record in zip(played, records, strict=True):
            score_deal(rules, record, deal.context)

    def simulate(count: int) -> None:
        simulate_block(BlockSpec("coinche", rules_json, "random", 0, 0, count, False))

    list(itertools.takewhile(lambda _: kernel_bench.play_deals(variant, rules, deals) > 0, [0]))
    list(
        itertools.dropwhile(lambda _: kernel_bench.play_deals(variant, rules, deals, True) < 0, [0])
    )
    list(itertools.compress((record_all() for _ in [0]), [1]))
    functools.reduce(lambda a, b: score_all(), [0, 0])
    list(itertools.filterfalse(lambda _: simulate(deals), [0]))
    list(itertools.starmap(lambda: simulate(0), [()]))
    list(itertools.islice((record_fresh() for _ in [0]), 1))
    try:
        import jass  # noqa: F401
    except ImportError:
        return
    import numpy as np

    np.random.seed(0)  # jass-kit deals its hands from numpy's global generator: the same deals
    kernel_bench.jass_deals(20)
    list(
        itertools.accumulate(
            [0, 0], lambda a, b: kernel_bench.jass_deals(max(1, deals // JASS_SHARE))
        )
    )


def measure(deals: int) -> dict[str, float]:
    """Run :func:`workload` under callgrind; instructions per deal of each workload."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--run",
                str(deals),
            ],
            capture_output=True,
            check=True,
        )
        text = subprocess.run(
            ["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    total: dict[str, int] = {}
    for key, symbol in ENTRIES.items():
        match = re.search(r"^\s*([\d,]+)\s.*:" + symbol + r"\b", text, re.M)
        if match:
            total[key] = int(match.group(1).replace(",", ""))
    row: dict[str, float] = {
        f"{key}_ir": round(total[key] / deals)
        for key in ("play", "scored", "record", "score", "record_new")
    }
    row["simulate_ir"] = round((total["simulate"] - total["simulate_empty"]) / deals)
    row["record_and_score_share"] = round((row["scored_ir"] - row["play_ir"]) / row["scored_ir"], 3)
    if "jass" in total:
        row["jass_ir"] = round(total["jass"] / max(1, deals // JASS_SHARE))
        for key in ("play", "scored", "simulate"):
            row[f"{key}_ratio"] = round(row["jass_ir"] / row[f"{key}_ir"], 2)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=150, help="deals per workload")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        print(
            "kernel_callgrind: valgrind is not installed (apt-get install valgrind)",
            file=sys.stderr,
        )
        return 2
    row = measure(args.deals)
    if args.json:
        print(json.dumps(row))
    else:
        for key, value in row.items():
            print(f"{key:>24}: {value:,}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--run"]:
        workload(int(sys.argv[2]))
    else:
        sys.exit(main())
