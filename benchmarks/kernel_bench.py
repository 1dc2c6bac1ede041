"""Kernel throughput, side by side with jass-kit, in one run on one core.

Measures:

1. Random full Coinche deals per second: seeded shuffle, deal, auction and play with a
   uniformly random legal bot on every seat (``atout_deals_per_s``, play-only: the work
   jass-kit's loop does); the same followed by the deal record and its score through the
   variant's hooks (``atout_scored_deals_per_s``: the simulate loop); and ``atout simulate``'s
   own loop in one process (``atout_simulate_cli_deals_per_s``: matches, each deal's record
   kept and scored in its match, the match's end checked).
2. Microseconds per legal-play query: the ``legal(hand, trick, best, partner_wins)`` function the
   engine keeps for a deal, over positions sampled from real random deals.
3. The search kernel: a deal's copy, an information set, a sampled deal, a playout with its
   score (``copy_us``, ``infoset_us``, ``sample_us``, ``playout_scored_us``).
4. The same numbers for jass-kit (Schieber Jass, pure Python + numpy, random legal moves):
   its ``GameSim`` driven lean, as its users drive it fast (``jass_deals_per_s``: the valid
   cards from the game state, ``random.choice`` over ``np.flatnonzero(valid).tolist()``), the
   same with numpy's ``rng.choice`` per card (``jass_numpy_choice_deals_per_s``, for
   reference), and ``RuleSchieber.get_valid_cards``. jass-kit counts points as it plays, so
   its play loop is also its simulate loop: ``play_ratio``, ``simulate_ratio`` and
   ``simulate_cli_ratio`` all divide by the lean figure.

The deal loops run in rounds, alternating atout's loops with jass-kit's so that both share the
same moment of the machine's load; each ratio is computed within a round, and every figure
reported is the median over the rounds (``--repeat``). Every figure is CPU time of this process
(``time.process_time``), not the wall clock, which on a shared machine also counts the time
spent waiting for a core. The ratios are the figures to read on a shared machine;
``kernel_callgrind.py`` counts instructions per deal of the same loops, which the load does not
move at all.

Run (with the ``bench`` extra installed: ``pip install -e '.[bench]'``)::

    python benchmarks/kernel_bench.py            # default sizes, about a minute
    python benchmarks/kernel_bench.py --quick    # a smoke run
    python benchmarks/kernel_bench.py --compare-legal   # legal plays before/after the steps
    python benchmarks/kernel_bench.py --compare-legal --baseline REV   # "before" = REV's rules

Targets (issue 11): play-only at least 5x jass-kit's lean loop (aim 8x), the simulate loop
(play, record, score) at least 4x, the record and score at most a third of a deal's cost;
under 1 us per legal-play query.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from framework.bots.base import RandomBot, play_out
from framework.core.options import Rules
from framework.core.seats import next_seat
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.rules.plugins import Variant, load_variant

#: Every figure is this process's CPU time: on a shared machine the wall clock also counts the
#: moments the process waits for a core, which the other work on the machine decides.
clock = time.process_time


def best_of(repeat: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(repeat))


#: The arguments of a legal-play query: hand, trick, best card's index, partner wins.
Position = tuple[int, tuple[int, ...], int, bool]


# ---- atout -------------------------------------------------------------------------------


def atout_deals(deals: int, preset: str | None, score: bool) -> float:
    """Seconds for ``deals`` random Coinche deals: shuffle, deal, auction and play (card points
    counted trick by trick); with ``score``, also the deal record (announcements, belotes) and
    its score through the variant's hooks."""
    variant = load_variant("coinche")
    return play_deals(variant, variant.rules(preset), deals, score)


def play_deals(variant: Variant, rules: Rules, deals: int, score: bool = False) -> float:
    """Seconds for ``deals`` random deals of ``variant`` (seeds 0, 1, ..., the dealer turning),
    a random legal bot on every seat; with ``score``, each deal also scored."""
    bots = [RandomBot(i) for i in range(4)]
    dealer = 3
    start = clock()
    for n in range(deals):
        deal = Deal.new(variant, rules, dealer, seed=n)
        play_out(deal, bots)
        if score:
            deal.score()
        dealer = next_seat(dealer)
    return clock() - start


def record_and_score_share(deals: int, preset: str | None) -> float:
    """The record and score's share of a scored deal's time, both halves timed deal by deal in
    one pass of the scored loop (the clock read after the play and after the score).

    Not ``(scored - play) / scored`` over two passes: on a shared machine each pass runs at its
    own moment of the load, and the difference of two such figures swings by half of itself (it
    read 0.46-0.51 where the deals spent 0.35 of their time on the record and score).
    """
    variant = load_variant("coinche")
    rules = variant.rules(preset)
    bots = [RandomBot(i) for i in range(4)]
    dealer = 3
    after = 0.0
    start = clock()
    for n in range(deals):
        deal = Deal.new(variant, rules, dealer, seed=n)
        play_out(deal, bots)
        played = clock()
        deal.score()
        after += clock() - played
        dealer = next_seat(dealer)
    return after / (clock() - start)


def atout_positions(count: int, preset: str | None) -> list[tuple[Callable[..., int], Position]]:
    """Legal-play queries sampled from random Coinche deals: (legal, args) pairs."""
    variant = load_variant("coinche")
    sampled = sample_positions(variant, variant.rules(preset), count)
    return [(deal.play_rules.legal, args) for deal, args in sampled]  # type: ignore[union-attr]


def sample_positions(variant: Variant, rules: Rules, count: int) -> list[tuple[Deal, Position]]:
    """``count`` legal-play queries from random deals of ``variant`` (seeds 10000, 10001, ...):
    the deal each comes from (its contract and play rules) and the arguments of its ``legal``;
    about half of the positions inside a trick, none on a lead."""
    rng = random.Random(1)
    positions: list[tuple[Deal, Position]] = []
    n = 0
    while len(positions) < count:
        deal = Deal.new(variant, rules, 3, seed=10_000 + n)
        n += 1
        bot = RandomBot(n)
        while deal.phase == "auction":
            deal.call(bot.choose_call(InfoSet(deal, deal.current_seat), deal.legal_calls()))
        while not deal.is_over:
            seat = deal.current_seat
            assert seat is not None
            if deal.trick and rng.random() < 0.5:
                positions.append(
                    (
                        deal,
                        (
                            deal.hand(seat),
                            tuple(deal.trick),
                            deal.winning[0],
                            deal.partner_wins(seat),
                        ),
                    )
                )
            deal.apply_play(seat, bot.choose_card(InfoSet(deal, seat), deal.legal_mask()))
    return positions[:count]


def time_queries(
    positions: Sequence[tuple[Callable[..., object], Sequence[object]]], loops: int
) -> float:
    """Microseconds per query, the Python call included (the bare loop subtracted)."""
    start = clock()
    for _ in range(loops):
        for legal, args in positions:
            legal(*args)
    total = clock() - start
    start = clock()
    for _ in range(loops):
        for _legal, _args in positions:
            pass
    empty = clock() - start
    return max(total - empty, 0.0) / (loops * len(positions)) * 1e6


def atout_search_costs(count: int, preset: str | None) -> dict[str, float]:
    """Microseconds of the search kernel, over positions of random Coinche deals: a
    :meth:`Deal.copy` in play, an information set's view (``InfoSet(deal, seat)``), a sampled deal
    (:meth:`InfoSet.sample`, the constraints computed once per position), and a playout of the
    rest of the deal with its score (the search bot's unit of work)."""
    from framework.bots.search import playout

    variant = load_variant("coinche")
    rules = variant.rules(preset)
    deals = []
    for n in range(count):
        deal = Deal.new(variant, rules, 3, seed=20_000 + n)
        bot = RandomBot(n)
        while deal.phase == "auction":
            seat = deal.current_seat
            deal.apply_call(seat, bot.choose_call(InfoSet(deal, seat), deal.legal_calls()))
        if deal.is_over:
            continue
        for _ in range(random.Random(n).randrange(0, 20)):
            seat = deal.current_seat
            deal.apply_play(seat, bot.choose_card(InfoSet(deal, seat), deal.legal_mask()))
        deals.append(deal)
    out: dict[str, float] = {}
    start = clock()
    for deal in deals:
        for _ in range(10):
            deal.copy()
    out["copy_us"] = (clock() - start) / (10 * len(deals)) * 1e6
    start = clock()
    for deal in deals:
        for _ in range(10):
            InfoSet(deal, deal.current_seat)
    out["infoset_us"] = (clock() - start) / (10 * len(deals)) * 1e6
    infos = [InfoSet(deal, deal.current_seat) for deal in deals]
    for info in infos:
        info.sample(random.Random(0))  # the per-position constraints, once
    start = clock()
    worlds = []
    for i, info in enumerate(infos):
        for k in range(5):
            worlds.append(info.sample(random.Random(i * 10 + k)))
    out["sample_us"] = (clock() - start) / len(worlds) * 1e6
    start = clock()
    for world in worlds:
        playout(world.copy()).score()
    out["playout_scored_us"] = (clock() - start) / len(worlds) * 1e6
    return {k: round(v, 1) for k, v in out.items()}


def atout_simulate_cli(deals: int, preset: str | None) -> float:
    """Seconds for ``deals`` deals of ``atout simulate coinche`` in this process (one job):
    matches in sequence, each deal played, its record kept and scored in its match."""
    from framework.app.duel import BlockSpec, simulate_block

    variant = load_variant("coinche")
    rules = variant.rules(preset).to_json()
    start = clock()
    simulate_block(BlockSpec("coinche", rules, "random", 0, 0, deals, False))
    return clock() - start


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
    start = clock()
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
    return clock() - start


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
                positions.append(
                    (rule.get_valid_cards, (hand, st.current_trick.copy(), move, st.trump))
                )
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
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="rounds of the deal loops (medians reported); passes of the rest (best kept)",
    )
    parser.add_argument("--preset", default=None, help="Coinche preset (default: house)")
    parser.add_argument("--quick", action="store_true", help="small sizes, a smoke run")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--compare-legal",
        action="store_true",
        help="only the legal plays: each rule set's functions before and after "
        "the step functions (benchmarks/legal_before), alternating, same run",
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        default=None,
        help="with --compare-legal: the commit whose rule modules are 'before', "
        "read from git history (default: a09db56, main just before the steps)",
    )
    args = parser.parse_args(argv)
    if args.compare_legal:
        import legal_before

        try:
            old = legal_before.load_baseline(args.baseline or legal_before.BASELINE)
        except legal_before.BaselineError as error:
            print(f"kernel_bench: {error}", file=sys.stderr)
            return 2
        figures = legal_before.compare(
            old,
            count=args.positions // 2,
            loops=args.loops // 2,
            repeat=max(args.repeat, 5),
            deals=args.deals // 6,
        )
        if args.json:
            print(json.dumps(figures))
        else:
            for rule_set, row in figures.items():
                print(f"{rule_set:>10}: " + ", ".join(f"{k} {v}" for k, v in row.items()))
        return 0
    if args.quick:
        args.deals, args.jass_deals, args.positions, args.loops, args.repeat = 300, 60, 300, 20, 1

    out: dict[str, object] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "preset": args.preset or "house",
    }
    try:
        import jass  # noqa: F401

        have_jass = True
    except ImportError:
        have_jass = False
    # The deal loops, in rounds: atout's loops alternate with jass-kit's, the ratios are taken
    # within a round, and the medians over the rounds are reported.
    atout_deals(max(1, args.deals // 10), args.preset, True)  # imports and caches, untimed
    atout_simulate_cli(max(1, args.deals // 10), args.preset)
    if have_jass:
        jass_deals(max(1, args.jass_deals // 10))
    rounds: list[dict[str, float]] = []
    for _ in range(args.repeat):
        r: dict[str, float] = {}
        r["atout_deals_per_s"] = args.deals / atout_deals(args.deals, args.preset, False)
        if have_jass:
            r["jass_deals_per_s"] = args.jass_deals / jass_deals(args.jass_deals, lean=True)
        r["atout_scored_deals_per_s"] = args.deals / atout_deals(args.deals, args.preset, True)
        r["atout_simulate_cli_deals_per_s"] = args.deals / atout_simulate_cli(
            args.deals, args.preset
        )
        if have_jass:
            lean = (
                r["jass_deals_per_s"] + args.jass_deals / jass_deals(args.jass_deals, lean=True)
            ) / 2
            r["jass_deals_per_s"] = lean  # before and after atout's scored loops
            r["jass_numpy_choice_deals_per_s"] = args.jass_deals / jass_deals(
                args.jass_deals, lean=False
            )
            r["play_ratio"] = r["atout_deals_per_s"] / lean
            r["simulate_ratio"] = r["atout_scored_deals_per_s"] / lean
            r["simulate_cli_ratio"] = r["atout_simulate_cli_deals_per_s"] / lean
        r["record_and_score_share"] = record_and_score_share(args.deals, args.preset)
        rounds.append(r)
    for key in rounds[0]:
        value = statistics.median(r[key] for r in rounds)
        out[key] = round(value, 2) if key.endswith(("ratio", "share")) else round(value)
    out["rounds"] = len(rounds)
    positions = atout_positions(args.positions, args.preset)
    out["atout_us_per_legal"] = round(
        best_of(args.repeat, lambda: time_queries(positions, args.loops)), 3
    )
    out.update(atout_search_costs(max(20, args.positions // 20), args.preset))
    if have_jass:
        jpos = jass_positions(max(100, args.positions // 4))
        out["jass_us_per_legal"] = round(
            best_of(args.repeat, lambda: time_queries(jpos, max(1, args.loops // 4))), 3
        )
    else:
        out["jass"] = "jass-kit not installed: pip install -e '.[bench]'"
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>30}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
