"""What Coinche declares, once: its title, deck, own rule options with their words for players,
its three presets and its catalog (``atout_coinche``: every word of the package is written with
``_``).

Source: ``rules/coinche-and-french-belote.md`` §2 and the table of §4. Options of the belote
family (card play, announcements, ``at_values``) are declared by :mod:`variants.belote`; the
presets here set them too, so each preset spells out every row of the §4 table.

Presets (default first): ``house`` — the seed app's game (S0: to 1000, NT and AT, the 82 rule,
a coinche multiplies the whole deal); ``ffb`` — FFB *Règles officielles de la Belote Coinchée*
2015 (FFB-C); ``bidonly`` — S1 (gamerules.com), close to PAGAT's basic game.
"""

from __future__ import annotations

from framework.api import FRENCH_32, Declaration, Domain, Option, Preset
from variants.belote import belote_on_failure_option, capot_card_points_option, rounding_option

DOMAIN = Domain.beside(__file__, "atout_coinche")
_ = DOMAIN.message

DEAL_PATTERNS = ("3-2-3", "3-3-2", "2-3-3")

OPTIONS = (
    Option(
        "deal_pattern",
        "3-2-3",
        _(
            "Packets of the deal (§2.1): 3-2-3 (S0, FFB), 3-3-2 (S1, FFB), 2-3-3 (FFB); "
            "FFB forbids 4-4."
        ),
        choices=DEAL_PATTERNS,
        label=_("How the cards are dealt"),
        help=_("The packets each player receives in turn."),
    ),
    Option(
        "nt_at",
        True,
        _(
            "No-trumps and all-trumps may be bid (§2.2): always in the S0 app; an organiser's "
            "option for FFB; not in S1."
        ),
        label=_("No trumps and all trumps may be bid"),
    ),
    Option(
        "max_bid",
        160,
        _(
            "The highest numeric bid, below capot (§2.2): 160 (S0, FFB contrée PDF); the FFB "
            "coinche web page allows up to 650; S1 states no cap."
        ),
        choices=tuple(range(80, 651, 10)),
        label=_("Highest bid below capot"),
    ),
    Option(
        "capot_ends_auction",
        False,
        _(
            "A capot bid ends the auction at once (S1); false = the others may still speak "
            "(S0, FFB)."
        ),
        label=_("A capot bid ends the bidding"),
    ),
    Option(
        "capot_coinchable",
        True,
        _("A capot bid may be coinched (S0, FFB: 1000/2000); false = S1, PAGAT."),
        label=_("A capot bid may be coinched"),
    ),
    Option(
        "coinche_timing",
        "in_turn",
        _(
            "in_turn = an opponent coinches on his own turn (S0, FFB); any_time = either "
            "opponent may coinche out of turn while the bid stands (S1)."
        ),
        choices={"in_turn": _("In turn only"), "any_time": _("At any time")},
        label=_("When a coinche may be said"),
    ),
    Option(
        "surcoinche_mult",
        4,
        _(
            "Multiplier of a surcoinche (§2.3): 4 (seeds, FFB-C, PAGAT); 3 (FFB 'Équipe "
            "Ludique', Cannes 2016)."
        ),
        choices=(4, 3),
        label=_("Surcoinche multiplies by"),
    ),
    Option(
        "made_test",
        "house",
        _(
            "When the contract is made (§2.4): ffb = total >= bid and > defenders' total "
            "(FFB-C); house = card points >= 82 and total >= bid (S0); bidonly = card points + "
            "belote >= max(bid, 82) (S1, PAGAT)."
        ),
        choices={
            "ffb": _("Total at least the bid, and more than the defenders"),
            "house": _("At least 82 card points, and total at least the bid"),
            "bidonly": _("Card points and belote at least the bid (and 82)"),
        },
        label=_("When is the contract made?"),
    ),
    Option(
        "litige",
        False,
        _(
            "Equal totals with the bid reached (made_test ffb): the defenders score their total "
            "and the takers' total goes to a pot won by the next deal's winner (FFB-C option); "
            "false = the contract fails."
        ),
        label=_("Equal totals: litige"),
        help=_("Equal totals with the bid reached: the takers' points wait for the next deal."),
    ),
    capot_card_points_option(
        250,
        _(
            "Card points of a team that takes every trick (§1.4): 252, dix de der becomes 100 "
            "(FFB-C, FFB-B, S3, WIKI); 250 flat (S0, S1, PAGAT)."
        ),
        help=_("All eight tricks are worth this."),
    ),
    Option(
        "failed_capot_base",
        250,
        _(
            "The defenders' base when a capot bid fails (§2.5): 250, '500 made or not' (S0, S1, "
            "PAGAT, FFB web); 160, giving 410 (FFB-C text)."
        ),
        choices=(250, 160),
        label=_("A failed capot gives the defenders"),
    ),
    Option(
        "defenders_capot_base",
        250,
        _(
            "The defenders' base on a failed bid when they took every trick, uncoinched (§2.5): "
            "250 (S0); 160 (FFB-C, S1)."
        ),
        choices=(250, 160),
        label=_("Defenders who take every trick score"),
    ),
    Option(
        "capot_transfers_ann",
        False,
        _(
            "When the takers take every trick the defenders' counted announcements go to them "
            "(FFB-C); false = S0."
        ),
        label=_("A capot takes the defenders' announcements"),
    ),
    Option(
        "coinche_scope",
        "whole",
        _(
            "What a coinche multiplies (§2.5): whole = (base + bid + announcements) x M to the "
            "deal's winner (S0, FFB-C); bid_only = only the bid (S1, PAGAT, FFB-K 2016)."
        ),
        choices={"whole": _("The whole deal"), "bid_only": _("The bid only")},
        label=_("What a coinche multiplies"),
    ),
    Option(
        "contract_only",
        False,
        _(
            "The deal's winner scores just the contract, V* x M, not the card points "
            "('points annoncés': vareversat/carg's sumTrickPointsAndContract = false, "
            "fireflo/coinchounet's house rule 'winner scores only the contract'): 90 bid and "
            "made with 120 card points scores 90 to 0; each team keeps its belote, and "
            "announcements count only to make the contract. false = card points and contract "
            "(S0, S1, FFB, every preset)."
        ),
        label=_("The winner scores only the contract"),
        help=_("The team that wins the deal scores the contract, not its card points."),
    ),
    Option(
        "belote_multiplied",
        False,
        _(
            "A coinche also multiplies the belote (the carg transcription of FFB-C); false = "
            "the belote stays outside (S0, FFB 2015 'hors belote')."
        ),
        label=_("A coinche multiplies the belote too"),
    ),
    belote_on_failure_option(
        _(
            "The takers fail: keep = their belote is imprenable, they keep 20 (FFB-C, FFB-B, S0, "
            "S1, PAGAT); to_defenders = the defenders score it (FFB-K, S3)."
        )
    ),
    rounding_option(
        _(
            "Each team's deal score to the nearest ten (§2.5): half_up = 5 goes up (S1, PAGAT, "
            "FFB-C, FFB-K 2016, assumed for S0); six_up = 5 goes down, 6 up (FFB 'Équipe "
            "Ludique', Cannes 2016); none."
        ),
        "half_up",
        "six_up",
        "none",
    ),
    Option(
        "target",
        1000,
        _(
            "Points to win the game (§2.6): 1000 (S0); 2000 (S1, PAGAT, usual FFB); 3000 "
            "(WIKI, with announcements)."
        ),
        minimum=1,
        maximum=10000,
        label=_("Points to win"),
    ),
    Option(
        "end_tie",
        "deal_winner",
        _(
            "Both teams pass the target with equal totals (§2.6): deal_winner = the winner of "
            "that deal (S0); extra_deal = play another deal (FFB; S1 silent); draw (PAGAT "
            "classic)."
        ),
        choices={
            "deal_winner": _("The deal's winner wins"),
            "extra_deal": _("Play one more deal"),
            "draw": _("A draw"),
        },
        label=_("Both teams pass the target with equal totals"),
    ),
    Option(
        "belote_cannot_finish",
        False,
        _(
            "A team that failed or was capot and reaches the target only through its belote "
            "has not won yet (FFB-C special case); false = S0, S1."
        ),
        label=_("The belote alone cannot win the game"),
        help=_("A team that failed and reaches the target only with its belote has not won yet."),
    ),
)

_FFB = {
    "deal_pattern": "3-2-3",
    "nt_at": False,
    "at_values": 13,
    "announcements": True,
    "nt_carre_9": 100,
    "seq_length_tiebreak": False,
    "max_bid": 160,
    "capot_ends_auction": False,
    "capot_coinchable": True,
    "coinche_timing": "in_turn",
    "surcoinche_mult": 4,
    "made_test": "ffb",
    "litige": False,
    "capot_card_points": 252,
    "failed_capot_base": 160,
    "defenders_capot_base": 160,
    "capot_transfers_ann": True,
    "coinche_scope": "whole",
    "belote_multiplied": False,
    "belote_on_failure": "keep",
    "contract_only": False,
    "undertrump": "optional",
    "partner_ruff": "ffb2015",
    "overtrump_partner_on_trump_lead": True,
    "at_overtake_partner": True,
    "rounding": "half_up",
    "target": 2000,
    "end_tie": "extra_deal",
    "belote_cannot_finish": True,
}

_HOUSE = {
    "deal_pattern": "3-2-3",
    "nt_at": True,
    "at_values": 14,
    "announcements": True,
    "nt_carre_9": 0,
    "seq_length_tiebreak": True,
    "max_bid": 160,
    "capot_ends_auction": False,
    "capot_coinchable": True,
    "coinche_timing": "in_turn",
    "surcoinche_mult": 4,
    "made_test": "house",
    "litige": False,
    "capot_card_points": 250,
    "failed_capot_base": 250,
    "defenders_capot_base": 250,
    "capot_transfers_ann": False,
    "coinche_scope": "whole",
    "belote_multiplied": False,
    "belote_on_failure": "keep",
    "contract_only": False,
    "undertrump": "mandatory",
    "partner_ruff": "must_overtrump",
    "overtrump_partner_on_trump_lead": True,
    "at_overtake_partner": True,
    "rounding": "half_up",
    "target": 1000,
    "end_tie": "deal_winner",
    "belote_cannot_finish": False,
}

# S1: the spec's "–" rows (no NT/AT, no announcements) keep the house values, which then never
# come into play.
_BIDONLY = {
    **_HOUSE,
    "deal_pattern": "3-3-2",
    "nt_at": False,
    "announcements": False,
    "capot_ends_auction": True,
    "capot_coinchable": False,
    "coinche_timing": "any_time",
    "made_test": "bidonly",
    "failed_capot_base": 250,
    "defenders_capot_base": 160,
    "coinche_scope": "bid_only",
    "undertrump": "mandatory",
    "partner_ruff": "free",
    "target": 2000,
    "end_tie": "extra_deal",
    "belote_cannot_finish": False,
}

PRESETS = (
    Preset(
        "house",
        _(
            "The seed app's Coinche (S0): to 1000, NT and AT, the 82 rule, a coinche "
            "multiplies the whole deal."
        ),
        _HOUSE,
        title=_("Club rules (to 1000)"),
        description=_(
            "To 1000 points; no trumps and all trumps may be bid; the takers need 82 card "
            "points; a coinche multiplies the whole deal."
        ),
    ),
    Preset(
        "ffb",
        _(
            "FFB Règles officielles de la Belote Coinchée (2015): to 2000, beat the "
            "defenders, capot 252, undertrumping optional."
        ),
        _FFB,
        title=_("Federation rules (to 2000)"),
        description=_(
            "The French federation's official rules: to 2000 points; the takers must beat the "
            "defenders; a capot counts 252; undertrumping is optional."
        ),
    ),
    Preset(
        "bidonly",
        _(
            "gamerules.com Coinche (S1), close to PAGAT: to 2000, no announcements, "
            "a coinche doubles the bid only."
        ),
        _BIDONLY,
        title=_("Simple rules (to 2000)"),
        description=_("To 2000 points, no announcements; a coinche doubles the bid only."),
    ),
)

#: What the variant declares: its name for players, deck, options, presets and catalog.
DECLARATION = Declaration(
    title=_("Coinche (belote coinchée / contrée)"),
    summary=_(
        "Belote for four in two teams with an auction: bid 80 to 160 (or capot) in a suit, "
        "no-trumps or all-trumps, coinche and surcoinche the opponents' contract, then make "
        "the bid in card points, announcements and belote. Presets: house (the seed app's "
        "game to 1000), ffb (FFB official rules 2015), bidonly (gamerules.com / PAGAT)."
    ),
    deck=FRENCH_32,
    options=OPTIONS,
    presets=PRESETS,
    catalog=DOMAIN,
)
