"""Coinche's deal record: its schema (fields, layout hints, the rules that span several fields),
and the record of a deal played in the engine.

The record is the Coinche record of ``design.md``, declared once in :func:`atout_record_schema`::

    {"taker": "NS", "bid": 110, "trump": "H", "coinche": "none", "taker_points": 94,
     "capot": null, "belote": ["NS"],
     "announcements": [{"team": "NS", "kind": "tierce", "high": "KH"},
                       {"team": "EW", "kind": "carre", "rank": "J"}]}

and the thrown-in record ``{"thrown_in": true}``. A sequence of 6 to 8 cards is a ``quinte``
with ``"length"`` (the only extension: the longer sequence wins with ``seq_length_tiebreak``).
Sources: ``rules/coinche-and-french-belote.md`` §2.2 (bids and denominations), §1.4 (162 card
points, capot), §1.7 (belotes per contract), §1.8 (announcements), and the scorepad inputs of §4.
"""

from __future__ import annotations

from typing import Any

from framework.api import (
    TEAMS,
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
from variants.coinche.declaration import _
from variants.coinche.scoring import COINCHE_LEVELS

__all__ = ["atout_make_record", "atout_record_schema"]

#: The doubling levels in words (the values stay the codes), short: the three chips share one
#: row of a phone's deal form.
_COINCHE_WORDS = {"none": _("none"), "coinche": _("coinche"), "surcoinche": _("surcoinche")}


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    """The Coinche record, declared once: its fields in form order, and the rules that span
    several fields. A typical deal needs taker, bid, trump, coinche, points and belote; capot and
    announcements are rare."""
    opt = rules
    bids = range(80, opt.max_bid + 1, 10)
    fields = [
        thrown_in_field(_("Thrown in"), _("all four passed: no score, the next dealer deals")),
        TeamField("taker", _("Takers"), help=_("the team that won the auction")),
        ChoiceField(
            "bid",
            _("Bid"),
            (*(Choice(v, str(v)) for v in bids), Choice("capot", _("capot"))),
            aliases={str(v): v for v in bids},
            help=_("the contract's number, or capot (all 8 tricks)"),
        ),
        belote.trump_field(opt.nt_at, "nt_at"),
        ChoiceField(
            "coinche",
            _("Coinche"),
            tuple(Choice(c, _COINCHE_WORDS[c]) for c in COINCHE_LEVELS),
            required=False,
            default="none",
        ),
        belote.capot_field(),
        belote.taker_points_field(
            _(
                "last trick included (the defenders have the rest of 162); "
                "needed unless a team took every trick"
            )
        ),
        belote.belote_field(),
        *belote.announced_fields(opt),
    ]

    def check(clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
        if clean["bid"] == "capot" and clean["coinche"] != "none" and not opt.capot_coinchable:
            raise RecordError(
                "coinche",
                _("a capot bid cannot be coinched in these rules (option capot_coinchable is off)"),
            )
        belote.check_taking(opt, clean)
        return clean

    return RecordSchema(
        fields,
        check,
        title=_("a Coinche deal record"),
        not_fields=belote.not_announced(opt),
    )


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a deal played in the engine; it scores exactly as the deal was played.

    ``taker_points`` are the takers' card points with dix de der; ``belote`` comes from the
    declarations made in play; ``announcements`` lists what both teams declared (the scoring
    decides which count).
    """
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
    taker = TEAMS[contract.taker % 2]
    return {
        "taker": taker,
        "bid": "capot" if contract.name == "capot" else contract.value,
        "trump": contract.denomination,
        "coinche": COINCHE_LEVELS[contract.doubled],
        **belote.played_points(rules, played, contract),
    }
