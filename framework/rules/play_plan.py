"""How a contract's play runs besides its legal plays: :class:`PlayPlan`, the answer of
``atout_play_plan``.

Two things a table does during play that are no seat's card: the talon's cards turned one by one
to set the suit led of the first tricks (a three-hand game's deal that everyone passed; at a
table of four, the cards of the seat that sits out, which may take those tricks), and hands laid
face up at a point of the play (the defenders of a contract to take no trick, once the first
card is led). It also tells the bots which seats play to take no trick. The kernel reads the
plan once per deal, when play starts; the cards' path pays for none of it when a plan asks for
none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["PlayPlan"]


@dataclass(frozen=True)
class PlayPlan:
    """What a deal's play does beyond the cards the seats play.

    :param talon_leads: how many of the first tricks are led by the talon's cards: the talon's
        first card (in the order dealt) is turned face up and sets the suit led of the first
        trick, its second card the second trick's, and so on. Every seat then plays to it in
        turn from the first leader (``atout_first_leader``), following the legal-play function
        as if that card had been led. Unless ``talon_owner`` says whose it is, the talon card
        belongs to nobody: it never wins the trick (the best card played by a seat does), and
        its card points count for no one. Each of
        these tricks starts again from the first leader, whoever won the one before.
    :param after_talon: who leads the trick after the talon's tricks: ``"first_leader"``, the
        seat that started them, or ``"winner"``, the winner of the last of them (as after any
        other trick); when the ``talon_owner``, who holds no card, won it, the first leader.
    :param shown: the seats whose hands are laid face up during play, seen by every seat from
        then on (their cards still played by their own seat).
    :param shown_after: how many cards are played before they are laid face up: 0, before the
        first lead; 1, once the first card is on the table.
    :param talon_owner: the seat whose cards the talon's leading cards are, or None (the
        default): nobody's. The seat must be the one that sits out of the deal
        (``Contract.sitting_out``): it plays no card of its own, and each talon card is its
        card in the trick the card leads. Such a card takes the trick when it is the best card
        of the trick (in the suit it leads), for that seat, and its card points count with the
        trick's. The seats still play to it in turn from the first leader.
    :param avoid_tricks: the seats that play to take as few tricks as they can: a misère's
        declarer, every seat of a deal all passed and played for the fewest tricks
        (Préférence's raspasy). A bots' hint, as :attr:`Call.goal <framework.rules.auction.Call>`
        is in the auction: the rule bot ducks for these seats (and so do the search bot's
        playouts, which are the rule bot's); the score is still the variant's.

    >>> plan = PlayPlan(talon_leads=2)
    >>> plan.talon_leads, plan.talon_owner, plan.after_talon, plan.shown
    (2, None, 'first_leader', ())
    """

    talon_leads: int = 0
    after_talon: Literal["first_leader", "winner"] = "first_leader"
    shown: tuple[int, ...] = ()
    shown_after: int = 0
    talon_owner: int | None = None
    avoid_tricks: tuple[int, ...] = ()
