"""Helpers for the Cuatrola tests: a deal with chosen hands, rules, records."""

from __future__ import annotations

from framework.core.cards import SPANISH_20 as DECK
from framework.core.seats import SEATS, next_seat
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext

VARIANT = load_variant("cuatrola")


def rules(preset: str | None = None, **overrides):
    return VARIANT.rules(preset, overrides)


def order_for(hands: dict[str, str], dealer: str) -> list[int]:
    """The deck order that deals ``hands`` (seat -> five cards in the order received), one card
    at a time from the forehand; the dealer's last card is the turned-up trump."""
    seat = next_seat(SEATS.index(dealer))
    seats = [SEATS[(seat + k) % 4] for k in range(4)]
    parsed = {s: DECK.parse_many(hands[s]) for s in seats}
    return [parsed[s][i] for i in range(5) for s in seats]


def deal_with(hands: dict[str, str], dealer: str = "W", totals=None, **overrides) -> Deal:
    d = SEATS.index(dealer)
    context = MatchContext(totals=totals or {"NS": 0, "EW": 0}, dealer=d)
    return Deal(VARIANT, rules(**overrides), d, order_for(hands, dealer), context)


def score(record, totals=None, dealer: str = "W", preset=None, **overrides):
    context = MatchContext(totals=totals or {"NS": 0, "EW": 0}, dealer=SEATS.index(dealer))
    return VARIANT.hooks.score(rules(preset, **overrides), record, context)


def mask(text: str) -> int:
    return DECK.parse_mask(text)


def names(m: int) -> str:
    return DECK.format_mask(m)
