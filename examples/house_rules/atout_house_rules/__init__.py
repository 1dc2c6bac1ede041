"""Coinche without the undertrump duty: a house rule as a variant of its own.

At many tables a player who cannot follow suit and cannot beat an opponent's trump may discard
instead of playing a lower trump, whatever the rule book says. This plugin is that one change,
and nothing else: it builds on the installed ``coinche`` variant (``atout_bases``), so Coinche's
deal, auction, announcements, record, scoring, options and presets are all inherited. It sits
above Coinche in the stack, so its one hook, :func:`atout_play_rules`, answers first: the belote
family's play rules (from the family's public module) with the option ``undertrump`` set to
``optional``, whatever the preset says.

Registered as the variant ``coinche-no-undertrump`` by the ``atout.variants`` entry point of
``examples/house_rules/pyproject.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence

from framework.api import Contract, Declaration, PlayRules, Rules, hookimpl
from variants.belote import family_play_rules


@hookimpl
def atout_bases() -> Sequence[object]:
    return ["coinche"]


@hookimpl
def atout_declare() -> Declaration:
    return Declaration(
        title="Coinche, undertrumping never required",
        summary="Coinche as installed, with one house rule: a player who cannot follow suit and "
        "cannot beat an opponent's trump may discard instead of undertrumping, whatever the "
        "preset says. Everything else, presets included, is Coinche's.",
    )


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    return family_play_rules(rules, contract, undertrump="optional")
