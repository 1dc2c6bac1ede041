"""French Belote's deal record: its schema (fields, layout hints, the rules that span several
fields), and the record of a deal played in the engine.

The record is the Coinche record of ``design.md`` without ``bid`` and ``coinche``::

    {"taker": "NS", "round": 1, "trump": "H", "turn_up": "JH", "taker_points": 98,
     "capot": null, "belote": ["NS"]}

plus ``announcements`` when the ``announcements`` option is on, and the thrown-in record
``{"thrown_in": true}``. Sources: ``rules/coinche-and-french-belote.md`` §3.2 (rounds and what
may be named), §1.4 (162 card points), §1.7 (belotes per contract), §1.8 (announcements), and
the scorepad inputs of §4.
"""

from __future__ import annotations

from typing import Any

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    TEAMS,
    CardField,
    Choice,
    ChoiceField,
    MatchContext,
    PlayedDeal,
    RecordError,
    RecordSchema,
    Rules,
    TeamField,
    hookimpl,
    thrown_in_field,
)
from variants import belote
from variants.french_belote.auction import round2_denominations
from variants.french_belote.declaration import _

__all__ = ["atout_make_record", "atout_record_schema"]

SUITS = DECK.suits
# Keys of a Coinche record that French Belote does not have, with the reason.
_NOT_HERE = {
    "bid": _("French Belote has no bids: the taker takes the turned-up card or names a suit"),
    "coinche": _("French Belote has no coinche"),
}


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    """The French Belote record, declared once. A thrown-in deal is the box alone: ticking it
    hides (and leaves out) every other field. A typical deal needs taker, round, trump, points
    and belote; the turned-up card, capot and announcements are rare."""
    fields = [
        thrown_in_field(
            _("Thrown in"), _("all four passed twice: nobody took, the next dealer deals")
        ),
        TeamField("taker", _("Takers"), help=_("the team that took")),
        ChoiceField(
            "round",
            _("Taking round"),
            (Choice(1, _("1: took the turned-up card")), Choice(2, _("2: named a suit"))),
            required=False,
            help=_("optional"),
        ),
        belote.trump_field(rules.round2_nt_at, "round2_nt_at"),
        CardField(
            "turn_up",
            _("Turned-up card"),
            DECK,
            required=False,
            rare=True,
            help=_("optional; checked against the round and the trump"),
        ),
        belote.taker_points_field(
            _("last trick included; the defenders have the rest of 162; may be left out on a capot")
        ),
        belote.capot_field(),
        belote.belote_field(),
        *belote.announced_fields(rules),
    ]

    def check(clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
        return _check(rules, clean)

    return RecordSchema(
        fields,
        check,
        title=_("a French Belote deal record"),
        not_fields={**_NOT_HERE, **belote.not_announced(rules)},
    )


def _check(rules: Rules, clean: dict[str, Any]) -> dict[str, Any]:
    """The rules that span several fields: what a round may name, the turned-up card's suit,
    the capot's card points, the announcements."""
    taking_round, trump, turn_up = clean["round"], clean["trump"], clean["turn_up"]
    if trump in ("NT", "AT") and taking_round == 1:
        raise RecordError(
            "trump",
            _(
                "{trump} can only be named in round 2; round 1 takes the turned-up suit",
                trump=trump,
            ),
        )
    if turn_up is not None and taking_round is not None:
        suit = turn_up[-1]
        if taking_round == 1 and trump != suit:
            raise RecordError(
                "trump",
                _(
                    "a round-1 take plays the turned-up suit {suit}, not {trump}",
                    suit=suit,
                    trump=trump,
                ),
            )
        if taking_round == 2 and trump not in round2_denominations(
            suit, rules.round2_any_suit, rules.round2_nt_at
        ):
            raise RecordError(
                "trump",
                _(
                    "round 2 must name another suit than the turned-up "
                    "{suit} (option round2_any_suit is off)",
                    suit=suit,
                ),
            )
    belote.check_taking(rules, clean)
    # an optional round or turned-up card left out stays out of the normal form
    return {k: v for k, v in clean.items() if v is not None or k not in ("round", "turn_up")}


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a deal played in the engine; it scores exactly as the deal was played."""
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
    taker = TEAMS[contract.taker % 2]
    record: dict[str, Any] = {"taker": taker}
    if "round" in contract.extra:
        record["round"] = contract.extra["round"]
    record["trump"] = contract.denomination
    if played.turn_up is not None:
        record["turn_up"] = DECK.format(played.turn_up)
    return record | belote.played_points(rules, played, contract)
