"""Préférence's rules for a preset and options, without loading the plugin."""

from __future__ import annotations

from typing import Any

from framework.api import FRENCH_32 as DECK
from framework.core.options import resolve_rules
from framework.engine.deal import Deal
from framework.rules.dealing import packet_positions
from framework.rules.plugins import load_variant
from variants.preference.declaration import OPTIONS, PRESETS

BY_NAME = {o.name: o for o in OPTIONS}
BY_PRESET = {p.name: p for p in PRESETS}


def rules(preset: str = "sochi", **overrides: Any):
    return resolve_rules("preference", BY_NAME, BY_PRESET, preset, overrides)


def deal_with(
    hands: dict[int, str], talon: str, dealer: int, preset: str = "sochi", **overrides: Any
) -> Deal:
    """A deal of the loaded variant whose seats hold ``hands`` and whose talon is ``talon``
    (its cards in the order dealt), dealt by ``dealer`` (the deck order made to deal them)."""
    variant = load_variant("preference")
    game = variant.rules(preset, overrides)
    hooks = variant.hooks.for_deal(game)  # (the table the options make: four with players=4)
    pattern = hooks.deal_pattern(game)
    seats = len(hooks.seats)
    out = -1 if pattern.sitting_out is None else (dealer + pattern.sitting_out) % seats
    where, to_talon, _at = packet_positions(
        pattern.before, pattern.hand_size, dealer, out, 0, (0,) * seats
    )
    order = [-1] * DECK.size
    for seat, positions in where.items():
        for position, card in zip(positions, DECK.parse_many(hands[seat]), strict=True):
            order[position] = card
    for position, card in zip(to_talon, DECK.parse_many(talon), strict=True):
        order[position] = card
    return Deal(variant, game, dealer, order)
