"""Helpers for the Croatian Bela tests: rules, a deal with chosen hands, legal plays, scores."""

from __future__ import annotations

from framework.core.cards import FRENCH_32 as DECK
from framework.core.seats import SEATS, next_seat
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext
from variants.bela.rules import play_rules

VARIANT = load_variant("bela")


def rules(preset: str | None = None, **overrides):
    return VARIANT.rules(preset, overrides)


def order_for(hands: dict[str, str], dealer: str) -> list[int]:
    """The deck order that deals ``hands`` (seat -> eight cards): 3 + 3 from the first hand
    before the call, then the 2 talon cards, each hand's cards in the order written."""
    first = next_seat(SEATS.index(dealer))
    seats = [SEATS[(first + k) % 4] for k in range(4)]
    parsed = {s: DECK.parse_many(hands[s]) for s in seats}
    order = []
    for lo, hi in ((0, 3), (3, 6), (6, 8)):
        for s in seats:
            order.extend(parsed[s][lo:hi])
    return order


def deal_with(hands: dict[str, str], dealer: str = "W", pot: int = 0, **overrides) -> Deal:
    d = SEATS.index(dealer)
    return Deal(
        VARIANT, rules(**overrides), d, order_for(hands, dealer), MatchContext(pot=pot, dealer=d)
    )


def legal(trump: str, hand: str, trick: str, **overrides) -> str:
    """The legal plays of the seat after the last card of ``trick`` ("W:AS N:8S"), in the
    notation; ``overrides`` are the options HR2-HR4."""
    r = rules(**overrides)
    pr = play_rules(trump, r.must_head_led_suit, r.trump_when_partner_wins, r.must_undertrump)
    cards, best, partner_wins = _trick(pr, trick)
    return DECK.format_mask(pr.legal(DECK.parse_mask(hand), cards, best, partner_wins))


def explain(trump: str, hand: str, trick: str, **overrides) -> str:
    r = rules(**overrides)
    pr = play_rules(trump, r.must_head_led_suit, r.trump_when_partner_wins, r.must_undertrump)
    cards, best, partner_wins = _trick(pr, trick)
    return pr.reason(DECK.parse_mask(hand), cards, best, partner_wins)


def _trick(pr, trick: str):
    played = [(SEATS.index(w.split(":")[0]), DECK.parse(w.split(":")[1])) for w in trick.split()]
    cards = tuple(c for _, c in played)
    win = pr.winner(cards)
    me = next_seat(played[-1][0])
    winner_seat = played[win][0]
    return cards, cards[win], winner_seat != me and (winner_seat - me) % 2 == 0


def score(record, dealer: str = "W", pot: int = 0, totals=None, preset=None, **overrides):
    context = MatchContext(totals=totals or {"NS": 0, "EW": 0}, pot=pot, dealer=SEATS.index(dealer))
    return VARIANT.hooks.score(rules(preset, **overrides), record, context)


def points(record, **kwargs) -> dict[str, int]:
    return dict(score(record, **kwargs).points)
