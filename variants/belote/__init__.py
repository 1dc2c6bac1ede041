"""The belote family plugin: the base that Coinche and French Belote stack on (``atout_bases``).

It answers the hooks every game of the family shares: the 32-card deck and an 8-card deal, card
order and card points per contract (suit, no-trumps, all-trumps), the legal-play algorithm with
its options (``rules/coinche-and-french-belote.md`` §1). Its hookimpls run after the variant's
own (``trylast``), so a variant overrides any of them by answering first.
"""

from __future__ import annotations

from collections.abc import Callable

from framework import Contract, hookimpl
from framework.cards import FRENCH_32
from framework.deal import DealPattern
from framework.options import Option, Rules
from framework.tricks import PlayRules
from variants.belote.rules import play_rules

PLAY_OPTIONS = (
    Option("undertrump", "mandatory",
           "An opponent has trumped and you cannot overtrump: mandatory = you must still play a "
           "lower trump (S0, S1, S3, FFB-B, PAGAT); optional = you may discard (FFB-C, FFB-K).",
           choices=("mandatory", "optional")),
    Option("partner_ruff", "must_overtrump",
           "Your partner is master with a trump and you cannot follow: must_overtrump = if you "
           "trump you must beat it if you can (S0, S3); ffb2015 = a lower trump only from an "
           "all-trump hand (FFB 2015); free = any card (FFB-B, FFB-K 2016, S1).",
           choices=("must_overtrump", "ffb2015", "free")),
    Option("overtrump_partner_on_trump_lead", True,
           "When trumps are led you must beat the highest trump even if it is your partner's "
           "(all seeds, FFB, PAGAT); false = PAGAT's relaxed variant."),
    Option("at_overtake_partner", True,
           "All trumps: you must beat the best card of the suit even if your partner's "
           "(S0, FFB); false = the English Wikipedia variant."),
    Option("at_values", 14,
           "All-trumps card values: 14 = J14 9:9 A6 T5 K3 Q1 (S0, PAGAT, WIKI); "
           "13 = J13 9:9 A6 T5 K3 Q2 (FFB 2015).", choices=(14, 13)),
)


@hookimpl(trylast=True)
def atout_register_options(register: Callable[[Option], None]) -> None:
    for option in PLAY_OPTIONS:
        register(option)


@hookimpl(trylast=True)
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Eight cards each, 3-2-3."""
    return DealPattern(FRENCH_32, 8, (3, 2, 3))


@hookimpl(trylast=True)
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    return play_rules(contract.denomination, rules.undertrump, rules.partner_ruff,
                      rules.overtrump_partner_on_trump_lead, rules.at_overtake_partner,
                      rules.at_values)
