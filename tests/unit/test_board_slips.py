"""Board slips (duplicate): every table of a round gets the same hands, each slip holds one
hand's packets in the order the variant deals them, and the engine deals exactly those cards."""

from __future__ import annotations

import random

import pytest

from framework.core.cards import bits
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant, variant_names
from scorepad.events.slips import board_order, board_slips
from scorepad.games import board_dealer

SEED = 20261203


def _variant_rules(name):
    variant = load_variant(name)
    return variant, variant.rules(None)


def _dealt(name, board, bot_seed):
    """A board's deal as a table plays it: the engine on the board's deck order and dealer,
    the auction run by random bots until someone takes."""
    variant, rules = _variant_rules(name)
    pattern = variant.hooks.deal_pattern(rules)
    order = board_order(SEED, 1, board, pattern.deck.size)
    for attempt in range(50):
        deal = Deal(variant, rules, board_dealer(board, 4), order)
        at_auction = deal.hands
        rng = random.Random(bot_seed * 100 + attempt)
        while deal.phase == "auction":
            deal.call(rng.choice(deal.legal_calls()))
        if deal.contract is not None and deal.phase == "play":
            return deal, at_auction, pattern
    raise AssertionError(f"no one took board {board} of {name} in 50 auctions")


#: an event's tables are two teams at four seats: the installed variants played so
FOUR_SEATS = [n for n in variant_names() if len(load_variant(n).info.seats) == 4]


@pytest.mark.parametrize("name", FOUR_SEATS)
def test_every_table_gets_the_same_hands_and_the_slips_hold_them(name):
    variant, rules = _variant_rules(name)
    pattern = variant.hooks.deal_pattern(rules)
    for board in (1, 2, 3, 4):  # each seat deals one
        slips = board_slips(pattern, SEED, 1, board)
        assert slips == board_slips(pattern, SEED, 1, board)  # the same at every table
        seats = [s for s in slips if s.seat is not None]
        assert [s.seat for s in seats] == [0, 1, 2, 3]
        # two auctions going differently, as at two tables: the hands dealt before the
        # auction are each seat's first packet; after it, each hand is its slip's cards, or
        # its first packet and cards of the stock, in the stock's order for the dealer
        for table in (1, 2):
            deal, at_auction, _ = _dealt(name, board, table)
            for slip in seats:
                first = slip.packets[0]
                assert first.phase == 1
                assert set(bits(at_auction[slip.seat])) == set(first.cards)
                if slip.seat == deal.contract.sitting_out:
                    continue  # (a seat that sits the deal out puts its cards away)
                held = set(bits(deal.start_hands[slip.seat]))
                stock = [s for s in slips if s.seat is None]
                if stock:
                    assert set(first.cards) <= held <= set(first.cards) | set(stock[0].cards)
                else:
                    assert held == set(slip.cards)
        used = [c for s in slips for c in s.cards]
        assert len(used) == len(set(used))  # no card on two slips


def test_boards_and_rounds_differ():
    variant, rules = _variant_rules("coinche")
    pattern = variant.hooks.deal_pattern(rules)
    hands = {(r, b): board_slips(pattern, SEED, r, b)[0].cards for r in (1, 2) for b in (1, 2, 3)}
    assert len(set(hands.values())) == 6
    assert board_slips(pattern, SEED + 1, 1, 1)[0].cards != hands[(1, 1)]


def test_a_two_phase_deal_gives_two_packets_per_hand():
    # Bulgarian belot: 3 + 2 before the auction, 3 after, to every seat alike
    variant, rules = _variant_rules("bulgarian-belot")
    slips = board_slips(variant.hooks.deal_pattern(rules), SEED, 1, 1)
    assert len(slips) == 4
    assert all([len(p.cards) for p in s.packets] == [5, 3] for s in slips)
    assert [p.phase for p in slips[0].packets] == [1, 2]


def test_a_turned_card_deal_puts_the_rest_on_a_stock_slip_turned_card_first():
    # French Belote: 5 each, the 21st card turned up for the taker, then 3 each (taker 2)
    variant, rules = _variant_rules("french-belote")
    pattern = variant.hooks.deal_pattern(rules)
    slips = board_slips(pattern, SEED, 1, 2)
    assert [s.seat for s in slips] == [0, 1, 2, 3, None]
    assert all(len(s.cards) == 5 for s in slips[:4])
    stock = slips[4]
    assert len(stock.cards) == 12
    order = board_order(SEED, 1, 2, 32)
    assert stock.cards == order[20:32] and stock.shown == order[20]
    deal, _at, _ = _dealt("french-belote", 2, 7)
    assert deal.turn_up == stock.shown
    taker = deal.contract.taker
    assert deal.turn_up in bits(deal.start_hands[taker])


def test_a_card_shown_by_the_dealer_is_marked_on_the_dealers_slip():
    variant, rules = _variant_rules("cuatrola")
    pattern = variant.hooks.deal_pattern(rules)
    slips = board_slips(pattern, SEED, 1, 1)
    dealer = board_dealer(1, 4)
    deal = Deal(variant, rules, dealer, board_order(SEED, 1, 1, pattern.deck.size))
    assert slips[dealer].shown == deal.turn_up
    assert slips[dealer].shown in slips[dealer].cards
    assert all(s.shown is None for s in slips if s.seat != dealer)


@pytest.mark.parametrize("name", variant_names())
def test_slips_follow_the_variants_own_seats_whatever_their_count(name):
    # an event plays four-seat games only, but the slips crash for no shape of table: one slip
    # per seat the variant declares, each holding the first cards the engine deals that seat
    variant, rules = _variant_rules(name)
    seats = len(variant.info.seats)
    pattern = variant.hooks.deal_pattern(rules)
    for board in (1, 2, seats + 1):
        slips = board_slips(pattern, SEED, 1, board, seats)
        assert [s.seat for s in slips if s.seat is not None] == list(range(seats))
        dealer = board_dealer(board, seats)
        deal = Deal(variant, rules, dealer, board_order(SEED, 1, board, pattern.deck.size))
        for slip in slips[:seats]:
            assert set(bits(deal.hands[slip.seat])) == set(slip.packets[0].cards)
        used = [c for s in slips for c in s.cards]
        assert len(used) == len(set(used))
