"""Bots written for the first bot API (``choose_card(deal, seat, legal)``, before information
sets) keep working with a DeprecationWarning, and the built-in bots still accept a call in that
form; a bot in the old form sees only its own hand."""

from __future__ import annotations

import warnings
from typing import ClassVar

import pytest

from framework.api import Bot, Deal, RandomBot, RuleBot, RuleViolation, load_variant, play_out
from framework.bots import DealView


@pytest.fixture(scope="module")
def coinche():
    return load_variant("coinche")


def _old_bot_class():
    with pytest.warns(
        DeprecationWarning,
        match=r"choose_(call|card)\(self, deal, seat, "
        r"\.\.\.\) is the bot API before information sets",
    ) as caught:

        class Lowest(Bot):
            seen: ClassVar[list[int]] = []

            def choose_call(self, deal, seat, calls):
                return calls[0]

            def choose_card(self, deal, seat, legal):
                assert deal.hand(seat) & legal == legal  # the deal's old method names
                self.seen.append(seat)
                return (legal & -legal).bit_length() - 1

    assert len(caught) == 2  # one for each method, once, when the class is defined
    return Lowest


def test_an_old_form_bot_plays_a_whole_deal_with_a_warning_at_its_definition(coinche):
    lowest = _old_bot_class()
    deal = Deal.new(coinche, coinche.rules(), 0, seed=5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # playing does not warn again
        play_out(deal, [lowest(), RandomBot(1), lowest(), RandomBot(2)])
    assert deal.is_over
    assert set(lowest.seen) <= {0, 2}


def test_an_old_form_bot_sees_only_its_own_hand(coinche):
    class Peeker(Bot):
        def choose_call(self, info, calls):  # a bid when there is one: the deal is played
            return next((c for c in calls if c.kind == "bid"), calls[0])

    with pytest.warns(DeprecationWarning):

        class OldPeeker(Peeker):
            def choose_card(self, deal, seat, legal):
                return deal.hand((seat + 1) % 4)

    deal = Deal.new(coinche, coinche.rules(), 0, seed=7)
    assert DealView(deal.infoset(2)).hand(2) == deal.hand(2)
    with pytest.raises(RuleViolation, match="only its own hand"):
        play_out(deal, [OldPeeker() for _ in range(4)])


@pytest.mark.parametrize("make", [lambda: RandomBot(3), lambda: RuleBot(3)])
def test_the_built_in_bots_accept_the_old_call_with_a_warning(coinche, make):
    bot, fresh = make(), make()
    deal = Deal.new(coinche, coinche.rules(), 0, seed=11)
    while deal.phase == "auction":
        seat = deal.current_seat
        with pytest.warns(DeprecationWarning, match=r"choose_call\(deal\.infoset\(seat\)"):
            old = bot.choose_call(deal, seat, deal.legal_calls())
        assert old == fresh.choose_call(deal.infoset(seat), deal.legal_calls())
        deal.call(old)
    while not deal.is_over:
        seat = deal.current_seat
        with pytest.warns(DeprecationWarning, match=r"choose_card\(deal\.infoset\(seat\)"):
            card = bot.choose_card(deal, seat, deal.legal_mask())
        assert card == fresh.choose_card(deal.infoset(seat), deal.legal_mask())
        deal.play(card)
