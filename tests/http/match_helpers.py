"""Whole matches played by the engine, for the scorepad's tests (a module of its own: every test
directory has a ``conftest``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.options import Rules
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import Variant, load_variant, variant_names

BUILT_IN = ("bela", "bulgarian-belot", "coinche", "cuatrola", "french-belote", "preference")
#: no match of any variant may need more deals than this
MAX_DEALS = 200


def as_json(value: Any) -> Any:
    """What a value looks like once it went through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def play_deal(variant: Variant, rules: Rules, match: Match, seed: int) -> dict[str, Any]:
    """The record of one deal played by rule bots as the next deal of ``match``."""
    deal = Deal.new(variant, rules, match.dealer, seed, match.context())
    seats = range(len(variant.info.seats))
    play_out(deal, [make_bot("rules", seed * 4 + s) for s in seats])
    return as_json(deal.record())


def play_match(variant: Variant, rules: Rules, first: int, seed: int) -> Match:
    """A whole match played by rule bots."""
    match = Match(variant, rules, first)
    while not match.outcome.over:
        assert len(match.records) < MAX_DEALS, f"not over after {MAX_DEALS} deals"
        match.add(play_deal(variant, rules, match, seed * 1000 + len(match.records) + 1))
    return match


def variant_presets() -> list[Any]:
    """pytest params (variant, preset, seed): every preset of a built-in variant, the default
    preset of every other installed variant."""
    out = []
    for name in variant_names():
        v = load_variant(name)
        presets = list(v.presets) if name in BUILT_IN else [v.default_preset]
        for i, preset in enumerate(presets):
            out.append(pytest.param(name, preset, i, id=f"{name}-{preset}"))
    return out
