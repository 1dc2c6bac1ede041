"""Kernel throughput, side by side with jass-kit, in one run on one core.

Measures:

1. Random full Coinche deals per second: seeded shuffle, deal, auction and play with a
   uniformly random legal bot on every seat (``atout_deals_per_s``: the work jass-kit's loop
   does), and the same followed by the deal record and its score through the variant's hooks
   (``atout_scored_deals_per_s``: what ``atout simulate`` does per deal).
2. Microseconds per legal-play query: the ``legal(hand, trick, best, partner_wins)`` function the
   engine keeps for a deal, over positions sampled from real random deals.
3. The search kernel: a deal's copy, an information set, a sampled deal, a playout with its
   score (``copy_us``, ``infoset_us``, ``sample_us``, ``playout_scored_us``).
4. The same numbers for jass-kit (Schieber Jass, pure Python + numpy, random legal moves):
   its ``GameSim`` driven lean, as its users drive it fast (``jass_deals_per_s``: the valid
   cards from the game state, ``random.choice`` over ``np.flatnonzero(valid).tolist()``), the
   same with numpy's ``rng.choice`` per card (``jass_numpy_choice_deals_per_s``, for
   reference), and ``RuleSchieber.get_valid_cards``. jass-kit counts points as it plays, so
   its play loop is also its simulate loop: ``play_ratio`` and ``simulate_ratio`` both divide
   by the lean figure.

Run (with the ``bench`` extra installed: ``pip install -e '.[bench]'``)::

    python benchmarks/kernel_bench.py            # default sizes, about a minute
    python benchmarks/kernel_bench.py --quick    # a smoke run
    python benchmarks/kernel_bench.py --compare-legal   # legal plays before/after the steps

Each figure is the best of ``--repeat`` runs (the least disturbed by the other core's load).
Targets (issue 11): play-only at least 5x jass-kit's lean loop (aim 8x), the simulate loop
(play, record, score) at least 4x, the record and score at most a third of a deal's cost;
under 1 us per legal-play query.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable

from framework.bots import RandomBot, play_out
from framework.deal import Deal
from framework.plugins import load_variant
from framework.seats import next_seat


def best_of(repeat: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(repeat))


# ---- atout -------------------------------------------------------------------------------

def atout_deals(deals: int, preset: str | None, score: bool) -> float:
    """Seconds for ``deals`` random Coinche deals: shuffle, deal, auction and play (card points
    counted trick by trick); with ``score``, also the deal record (announcements, belotes) and
    its score through the variant's hooks."""
    variant = load_variant("coinche")
    rules = variant.rules(preset)
    bots = [RandomBot(i) for i in range(4)]
    dealer = 3
    start = time.perf_counter()
    for n in range(deals):
        deal = Deal.new(variant, rules, dealer, seed=n)
        play_out(deal, bots)
        if score:
            deal.score()
        dealer = next_seat(dealer)
    return time.perf_counter() - start


def atout_positions(count: int, preset: str | None):
    """Legal-play queries sampled from random deals: (legal, args) pairs."""
    variant = load_variant("coinche")
    rules = variant.rules(preset)
    rng = random.Random(1)
    positions = []
    n = 0
    while len(positions) < count:
        deal = Deal.new(variant, rules, 3, seed=10_000 + n)
        n += 1
        bot = RandomBot(n)
        while deal.phase == "auction":
            deal.call(bot.choose_call(deal.infoset(deal.current_seat), deal.legal_calls()))
        while not deal.is_over:
            seat = deal.current_seat
            if deal.trick and rng.random() < 0.5:
                positions.append((deal.play_rules.legal,
                                  (deal.hands[seat], tuple(deal.trick), deal.winning[0],
                                   deal.partner_wins(seat))))
            deal.apply_play(seat, bot.choose_card(deal.infoset(seat), deal.legal_mask()))
    return positions[:count]


def time_queries(positions, loops: int) -> float:
    """Microseconds per query, the Python call included (the bare loop subtracted)."""
    start = time.perf_counter()
    for _ in range(loops):
        for legal, args in positions:
            legal(*args)
    total = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(loops):
        for _legal, _args in positions:
            pass
    empty = time.perf_counter() - start
    return max(total - empty, 0.0) / (loops * len(positions)) * 1e6


def atout_search_costs(count: int, preset: str | None) -> dict[str, float]:
    """Microseconds of the search kernel, over positions of random Coinche deals: a
    :meth:`Deal.copy` in play, an information set's view (``Deal.infoset``), a sampled deal
    (:meth:`InfoSet.sample`, the constraints computed once per position), and a playout of the
    rest of the deal with its score (the search bot's unit of work)."""
    from framework.search import playout

    variant = load_variant("coinche")
    rules = variant.rules(preset)
    deals = []
    for n in range(count):
        deal = Deal.new(variant, rules, 3, seed=20_000 + n)
        bot = RandomBot(n)
        while deal.phase == "auction":
            seat = deal.current_seat
            deal.apply_call(seat, bot.choose_call(deal.infoset(seat), deal.legal_calls()))
        if deal.is_over:
            continue
        for _ in range(random.Random(n).randrange(0, 20)):
            seat = deal.current_seat
            deal.apply_play(seat, bot.choose_card(deal.infoset(seat), deal.legal_mask()))
        deals.append(deal)
    out: dict[str, float] = {}
    start = time.perf_counter()
    for deal in deals:
        for _ in range(10):
            deal.copy()
    out["copy_us"] = (time.perf_counter() - start) / (10 * len(deals)) * 1e6
    start = time.perf_counter()
    for deal in deals:
        for _ in range(10):
            deal.infoset(deal.current_seat)
    out["infoset_us"] = (time.perf_counter() - start) / (10 * len(deals)) * 1e6
    infos = [deal.infoset(deal.current_seat) for deal in deals]
    for info in infos:
        info.sample(random.Random(0))  # the per-position constraints, once
    start = time.perf_counter()
    worlds = []
    for i, info in enumerate(infos):
        for k in range(5):
            worlds.append(info.sample(random.Random(i * 10 + k)))
    out["sample_us"] = (time.perf_counter() - start) / len(worlds) * 1e6
    start = time.perf_counter()
    for world in worlds:
        playout(world.copy()).score()
    out["playout_scored_us"] = (time.perf_counter() - start) / len(worlds) * 1e6
    return {k: round(v, 1) for k, v in out.items()}


# ---- jass-kit ----------------------------------------------------------------------------

def jass_deals(deals: int, lean: bool = True) -> float:
    """Seconds for ``deals`` random Schieber deals of jass-kit, trump choice included.

    ``lean`` (the fair figure): driven as its users drive it fast — the valid cards straight
    from the game state (``get_valid_cards_from_state``), then ``random.choice`` over
    ``np.flatnonzero(valid).tolist()``. Not lean: each card drawn with numpy's
    ``rng.choice(np.flatnonzero(valid))``, whose per-call overhead slows the anchor about 1.7x
    (the figure this benchmark used to report).
    """
    import numpy as np
    from jass.game.const import next_player
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    rule = RuleSchieber()
    rng = np.random.default_rng(0)
    pick = random.Random(0)
    start = time.perf_counter()
    dealer = 0
    for _ in range(deals):
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=dealer)
        if lean:
            sim.action_trump(pick.randrange(6))
            while not sim.is_done():
                valid = rule.get_valid_cards_from_state(sim.state)
                sim.action_play_card(pick.choice(np.flatnonzero(valid).tolist()))
        else:
            while not sim.is_done():
                valid = rule.get_valid_actions_from_state(sim.state)
                sim.action(int(rng.choice(np.flatnonzero(valid))))
        dealer = next_player[dealer]
    return time.perf_counter() - start


def jass_positions(count: int):
    import numpy as np
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    rule = RuleSchieber()
    rng = np.random.default_rng(1)
    positions = []
    while len(positions) < count:
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=0)
        sim.action_trump(int(rng.integers(0, 6)))
        while not sim.is_done():
            st = sim.state
            hand = st.hands[st.player].copy()
            move = st.nr_cards_in_trick
            if move and rng.random() < 0.5:
                positions.append((rule.get_valid_cards,
                                  (hand, st.current_trick.copy(), move, st.trump)))
            valid = rule.get_valid_cards(hand, st.current_trick, move, st.trump)
            sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))
    return positions[:count]


# ---- main --------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3000, help="atout deals per run")
    parser.add_argument("--jass-deals", type=int, default=600, help="jass-kit deals per run")
    parser.add_argument("--positions", type=int, default=2000, help="legal-play positions")
    parser.add_argument("--loops", type=int, default=200, help="passes over the positions")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    parser.add_argument("--preset", default=None, help="Coinche preset (default: house)")
    parser.add_argument("--quick", action="store_true", help="small sizes, a smoke run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--compare-legal", action="store_true",
                        help="only the legal plays: each rule set's functions before and after "
                        "the step functions (benchmarks/legal_before), alternating, same run")
    args = parser.parse_args(argv)
    if args.compare_legal:
        import legal_before

        figures = legal_before.compare(count=args.positions // 2, loops=args.loops // 2,
                                       repeat=max(args.repeat, 5), deals=args.deals // 6)
        if args.json:
            print(json.dumps(figures))
        else:
            for rule_set, row in figures.items():
                print(f"{rule_set:>10}: " + ", ".join(f"{k} {v}" for k, v in row.items()))
        return 0
    if args.quick:
        args.deals, args.jass_deals, args.positions, args.loops, args.repeat = 300, 60, 300, 20, 1

    out: dict[str, object] = {"python": platform.python_version(),
                              "machine": platform.machine(), "preset": args.preset or "house"}
    sec = best_of(args.repeat, lambda: atout_deals(args.deals, args.preset, False))
    out["atout_deals_per_s"] = round(args.deals / sec)
    sec = best_of(args.repeat, lambda: atout_deals(args.deals, args.preset, True))
    out["atout_scored_deals_per_s"] = round(args.deals / sec)
    play, scored = 1 / out["atout_deals_per_s"], 1 / out["atout_scored_deals_per_s"]
    out["record_and_score_share"] = round((scored - play) / scored, 2)
    positions = atout_positions(args.positions, args.preset)
    out["atout_us_per_legal"] = round(best_of(args.repeat,
                                              lambda: time_queries(positions, args.loops)), 3)
    out.update(atout_search_costs(max(20, args.positions // 20), args.preset))
    try:
        sec = best_of(args.repeat, lambda: jass_deals(args.jass_deals, lean=True))
        out["jass_deals_per_s"] = round(args.jass_deals / sec)
        sec = best_of(args.repeat, lambda: jass_deals(args.jass_deals, lean=False))
        out["jass_numpy_choice_deals_per_s"] = round(args.jass_deals / sec)
        jpos = jass_positions(max(100, args.positions // 4))
        out["jass_us_per_legal"] = round(best_of(args.repeat, lambda: time_queries(
            jpos, max(1, args.loops // 4))), 3)
        # jass-kit counts the points as it plays: its play loop is also its simulate loop.
        out["play_ratio"] = round(out["atout_deals_per_s"] / out["jass_deals_per_s"], 1)
        out["simulate_ratio"] = round(out["atout_scored_deals_per_s"]
                                      / out["jass_deals_per_s"], 1)
    except ImportError:
        out["jass"] = "jass-kit not installed: pip install -e '.[bench]'"
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>30}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
