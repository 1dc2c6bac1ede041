"""The rule bot's judgement in Préférence's phases (the ``atout_bot_action`` hook): whether a
defender whists, says half or passes, and which two cards a misère declarer discards. The other
choices are the kernel's (the bid as the contract, the weakest cards discarded, open whist).

A defender counts his likely tricks: each ace, half a trick for a king with a card beside it,
and half a trick for each trump past the second when the contract has trumps. He whists when
that reaches his share of the duty (half of it on a 6 or 7, the whole on an 8 to 10); a second
defender short of it says half after a pass when he may, else passes.
"""

from __future__ import annotations

from collections.abc import Sequence

from framework.api import FRENCH_32 as DECK
from framework.api import Contract, PhaseAction, bits, popcount
from variants.preference.scoring import duty_of_level

#: The four aces, the four kings.
ACES, KINGS = (DECK.rank_masks[DECK.ranks.index(rank)] for rank in "AK")


def likely_tricks(hand: int, trump: str | None) -> float:
    """The tricks a defender's hand is likely to take against a contract with ``trump``."""
    tricks = 0.0
    for suit, mask in zip(DECK.suits, DECK.suit_masks, strict=True):
        held = hand & mask
        if held & ACES:
            tricks += 1
        if held & KINGS and popcount(held) >= 2:
            tricks += 0.5
        if suit == trump:
            tricks += 0.5 * max(0, popcount(held) - 2)
    return tricks


def choose(
    contract: Contract,
    hand: int,
    duties: Sequence[int],
    actions: Sequence[PhaseAction],
) -> PhaseAction | None:
    """The action the rule bot takes, or None for the kernel's choice."""
    codes = {a.code: a for a in actions}
    if actions[0].kind == "discard" and contract.name == "misere":
        # keep the low cards: discard the two with the highest ranks
        def height(action: PhaseAction) -> int:
            return sum(DECK.rank_of[c] for c in bits(action.cards))

        return max(actions, key=height)
    if "WHIST" not in codes or contract.value is None:
        return None
    level = contract.value
    trump = contract.denomination if contract.denomination in DECK.suits else None
    need = duty_of_level(duties, level) / (2 if level in (6, 7) else 1)
    if likely_tricks(hand, trump) >= need:
        return codes["WHIST"]
    return codes.get("HALF", codes.get("PASS"))
