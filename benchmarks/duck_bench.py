"""The rule bot's ducking (``PlayPlan.avoid_tricks``) in Préférence, on and off, same deals.

Two measures, rule bots at every seat, the deals seeded 0, 1, ... (dealer South, North first
hand):

- **misère**: North bids misère, the others pass; how often North takes no trick, when the
  rule bot ducks for it (the hint Préférence's play plan gives) and when it does not (the hint
  hidden: ``InfoSet.avoid_tricks`` answers ``()``);
- **raspasy**: everyone passes; North's mean tricks (of 10) when North alone ducks, and when
  nobody does.

Run (about a minute for 300 deals)::

    python benchmarks/duck_bench.py [--deals N]
"""

from __future__ import annotations

import argparse
from statistics import mean

from framework.app.table import bot_move
from framework.bots.rulebot import RuleBot
from framework.core.seats import N, S
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.rules.plugins import load_variant

VARIANT = load_variant("preference")
RULES = VARIANT.rules()
HINT = InfoSet.avoid_tricks


def norths_tricks(first_calls: list[str], duckers: set[int], deals: int) -> list[int]:
    """North's tricks in each deal, the rule bot ducking only for ``duckers`` of the seats the
    play plan names."""
    InfoSet.avoid_tricks = property(  # type: ignore[method-assign]
        lambda info: tuple(s for s in info._deal.avoid_tricks if s in duckers)
    )
    try:
        out = []
        for seed in range(deals):
            deal = Deal.new(VARIANT, RULES, seed=seed, dealer=S)
            for call in first_calls:
                deal.call(call)
            bots = [RuleBot(seed * 7 + seat) for seat in range(3)]
            while not deal.is_over:
                seat = deal.current_seat
                assert seat is not None
                bot_move(deal, seat, bots[seat])
            out.append(sum(1 for _leader, _cards, winner in deal.tricks if winner == N))
        return out
    finally:
        InfoSet.avoid_tricks = HINT  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    deals = parser.parse_args().deals
    misere = ["MISERE", "PASS", "PASS"]
    on, off = norths_tricks(misere, {N}, deals), norths_tricks(misere, set(), deals)
    print(
        f"misère, {deals} deals: the declarer takes no trick in "
        f"{sum(t == 0 for t in on) / deals:.1%} ducking, {sum(t == 0 for t in off) / deals:.1%} "
        f"not (mean tricks {mean(on):.2f} against {mean(off):.2f})"
    )
    raspasy = ["PASS", "PASS", "PASS"]
    on, off = norths_tricks(raspasy, {N}, deals), norths_tricks(raspasy, set(), deals)
    print(
        f"raspasy, {deals} deals: North takes {mean(on):.2f} tricks of 10 ducking alone, "
        f"{mean(off):.2f} when nobody ducks"
    )


if __name__ == "__main__":
    main()
