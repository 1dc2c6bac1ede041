"""atout's kernel: cards, seats, deals, auctions, tricks, announcements, scoring, matches, bots.

The kernel knows no game's rules; it reaches them through the pluggy hooks of
:mod:`framework.hookspecs`, answered by the variant plugins of the ``atout.variants`` entry-point
group. A plugin author needs only the names re-exported here and the hook catalogue.
"""

from framework.auction import Auction, Call, Contract
from framework.cards import Card, Deck
from framework.errors import AtoutError, OptionError, PluginError, RecordError, RuleViolation
from framework.plugins import VariantInfo, hookimpl

__all__ = [
    "AtoutError",
    "Auction",
    "Call",
    "Card",
    "Contract",
    "Deck",
    "OptionError",
    "PluginError",
    "RecordError",
    "RuleViolation",
    "VariantInfo",
    "hookimpl",
]
