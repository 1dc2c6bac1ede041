"""A toy game with a talon and a whist-like decision, for the phases' tests: stacked on
toy_game.py (its auction, its play rules), no rules of any real variant.

Four seats, 32 cards, 7 each (3-4) and 4 left as a talon. The auction's taker takes the talon
(public under the option ``open_talon``), discards four cards (never an ace: "aces stay in
hand"), then names its suit again or raises to a "grand" of the same suit. Each other seat in
turn says WHIST or PASS; after a pass, the next may also say OPEN: it plays the passer's hand
too, both hands face up; three passes end the deal without play. The taker plays alone against
the other three (sides 0 and 1); a grand lets nobody whist: everyone is alone. The record is
the taker's tricks.
"""

from __future__ import annotations

from framework.api import (
    Contract,
    Decide,
    Discard,
    NameContract,
    PhaseAction,
    PhaseTable,
    TakeTalon,
    hookimpl,
)
from framework.core.cards import FRENCH_32 as DECK
from framework.core.options import Option
from framework.core.seats import TEAMS
from framework.rules.dealing import DealPattern
from framework.rules.declaration import Declaration
from framework.rules.played import PlayedDeal
from framework.rules.schema import IntegerField, RecordSchema, TeamField

ACES = DECK.parse_mask("AS AH AD AC")
WHIST = PhaseAction("decide", "WHIST", "whist")
PASS = PhaseAction("decide", "PASS", "pass")


def no_aces(hand: int, cards: int) -> str | None:
    return "aces stay in hand" if cards & ACES else None


@hookimpl
def atout_declare() -> Declaration:
    return Declaration(
        title="Toy talon",
        options=(Option("open_talon", False, "The talon is shown to everyone."),),
    )


@hookimpl
def atout_deal_pattern(rules) -> DealPattern:
    return DealPattern(DECK, 7, (3, 4))


def whist_or_pass(table: PhaseTable, seat: int, made: tuple[tuple[int, str], ...]):
    """WHIST or PASS; after a pass also OPEN (the passer's hand played by this seat, both face
    up); nothing to decide against a grand."""
    if table.contract.name == "grand":
        return []
    if len(made) == 2 and all(code == "PASS" for _, code in made):
        return [WHIST, PhaseAction("decide", "PASS", "pass", ends_deal=True)]
    if made and made[-1][1] == "PASS":
        passer = made[-1][0]
        opened = PhaseAction(
            "decide", "OPEN", "whist, open", plays_for=(passer,), shows=(seat, passer)
        )
        return [WHIST, PASS, opened]
    return [WHIST, PASS]


@hookimpl
def atout_phases(rules, contract, dealer):
    taker = contract.taker
    suit = contract.denomination
    grand = Contract(suit, taker, name="grand")
    games = [
        PhaseAction("name", suit, f"{suit} as bid", contract=contract),
        PhaseAction("name", f"GRAND {suit}", f"grand {suit}", contract=grand),
    ]
    return [
        TakeTalon(taker, public=rules.open_talon),
        Discard(taker, 4, refuse=no_aces),
        NameContract(taker, games),
        Decide.in_turn([(taker + k) % 4 for k in (1, 2, 3)], whist_or_pass),
    ]


@hookimpl
def atout_sides(rules, contract, decisions):
    if contract.name == "grand":
        return (0, 1, 2, 3)
    return tuple(0 if seat == contract.taker else 1 for seat in range(4))


@hookimpl
def atout_record_schema(rules) -> RecordSchema:
    return RecordSchema([TeamField("taker", "Taker"), IntegerField("tricks", "Tricks", 0, 7)])


@hookimpl
def atout_make_record(rules, played: PlayedDeal):
    taker = played.contract.taker
    tricks = sum(1 for _, _, winner in played.tricks if winner == taker)
    return {"taker": TEAMS[taker % 2], "tricks": tricks}


@hookimpl
def atout_score_deal(rules, record, context):
    from framework.rules.scoring import DealScore

    if record.get("thrown_in"):
        return DealScore({}, None, context.pot, "thrown in")
    made = record["tricks"] >= 4
    return DealScore({record["taker"]: 10 if made else 0}, made, 0, "made" if made else "down")


@hookimpl
def atout_bot_action(rules, contract, seat, hand, decisions, actions):
    """The rule bot whists with two aces or more, else passes; the rest is the kernel's."""
    if actions[0].kind != "decide":
        return None
    wanted = "WHIST" if (hand & ACES).bit_count() >= 2 else "PASS"
    return next(a for a in actions if a.code == wanted)
