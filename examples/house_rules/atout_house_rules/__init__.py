"""Coinche without the undertrump duty: a house rule as a variant of its own.

At many tables a player who cannot follow suit and cannot beat an opponent's trump may discard
instead of playing a lower trump, whatever the rule book says. This plugin is that one change,
and nothing else: it builds on the installed ``coinche`` variant (``atout_bases``), so Coinche's
deal, auction, announcements, record, scoring, options and presets are all inherited, and it
answers one hook, :func:`atout_play_rules`, with ``tryfirst=True`` so that its answer is taken
before the belote family's.

In no-trumps and all-trumps contracts there is no undertrumping to relax: the hook returns None
and the answer of the plugins below stands. Registered as the variant ``coinche-no-undertrump``
by the ``atout.variants`` entry point of ``examples/house_rules/pyproject.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence

from framework.api import (
    FRENCH_32,
    Contract,
    Declaration,
    PlayRules,
    Rules,
    hookimpl,
)
from variants.belote.rules import play_rules

#: The rule this plugin changes, in the words of the belote family's ``undertrump`` option.
UNDERTRUMP = "optional"


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


@hookimpl(tryfirst=True)
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules | None:
    if contract.denomination not in FRENCH_32.suits:
        return None  # NT and AT: nothing to change, Coinche's answer stands
    return play_rules(
        contract.denomination,
        UNDERTRUMP,
        rules.partner_ruff,
        rules.overtrump_partner_on_trump_lead,
        rules.at_overtake_partner,
        rules.at_values,
    )
