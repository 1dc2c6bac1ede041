"""What French Belote declares, once: its title, deck, own rule options with their words for
players, its two presets, ``maison`` (default) and ``classic``, and its catalog
(``atout_french_belote``: every word of the package is written with ``_``).

Source: ``rules/coinche-and-french-belote.md`` §3 (French Belote) and the French Belote table of
§4. The card-play options (``undertrump``, ``partner_ruff``, ``at_values`` …) are declared by the
belote family plugin (``variants/belote``); the presets below set them too.
"""

from __future__ import annotations

from framework.api import FRENCH_32, Declaration, Domain, Option, Preset
from variants.belote import belote_on_failure_option, capot_card_points_option, rounding_option

DOMAIN = Domain.beside(__file__, "atout_french_belote")
_ = DOMAIN.message

OPTIONS = (
    Option(
        "target",
        1000,
        _(
            "Points that win the match: 1000 (PAGAT, WIKI; S3 mentions a 1000 match); 501 "
            "(ibelote), 1001, or 1010 with rounding are also played (spec §3.6)."
        ),
        minimum=1,
        maximum=10000,
        label=_("Points to win"),
    ),
    Option(
        "deal_pattern",
        "3-2",
        _(
            "The first five cards are dealt 3 then 2 (S3, FFB-B, PAGAT); FFB-B also allows 2 then "
            "3 (spec §3.1)."
        ),
        choices={"3-2": _("3 then 2"), "2-3": _("2 then 3")},
        label=_("How the first five cards are dealt"),
    ),
    Option(
        "round2_any_suit",
        False,
        _(
            "In the second round the turned-up suit may be named too; by default only another "
            "suit (S3, PAGAT; FFB-B says only 'the suit of his choice') (spec §3.2)."
        ),
        label=_("Second round: the turned-up suit may be named"),
    ),
    Option(
        "round2_nt_at",
        False,
        _(
            "In the second round a player may also take in no trumps (NT) or all trumps (AT), "
            "with the card values and play of Coinche `house` (the seed app's Maison rules; spec "
            "§3.2, §3.4)."
        ),
        label=_("Second round: no trumps and all trumps"),
    ),
    Option(
        "made_if",
        "greater",
        _(
            "The takers make their contract when their total is greater than the defenders' "
            "(greater: FFB-B, PAGAT) or at least equal to it (at_least: S3); with at_least an "
            "equality is made and the tie option is not used (spec §3.5)."
        ),
        choices={"greater": _("More points than the defenders"), "at_least": _("At least as many")},
        label=_("When is the contract made?"),
    ),
    Option(
        "tie",
        "litige",
        _(
            "Equal totals (with made_if = greater): litige = the defenders score now and the "
            "takers' total waits in a pot for the winner of the next played deal (FFB-B, PAGAT, "
            "WIKI); made (S3); fail = dedans (some tournaments) (spec §3.5)."
        ),
        choices={
            "litige": _("Litige: the takers' points wait for the next deal"),
            "made": _("The contract is made"),
            "fail": _("The contract fails"),
        },
        label=_("Equal totals"),
    ),
    belote_on_failure_option(
        _(
            "The takers fail: keep = they still score their belote, it is imprenable (FFB-B); "
            "to_defenders = the defenders score it (S3) (spec §1.7, §3.5)."
        )
    ),
    capot_card_points_option(
        252,
        _(
            "Card points of a team that takes all eight tricks: 252, the last trick counting 100 "
            "(FFB-B, S3, WIKI); 250 flat (S0, S1, PAGAT) (spec §1.4)."
        ),
    ),
    rounding_option(
        _(
            "Classic belote is scored to the point (none: FFB-B, S3); half_up rounds each team's "
            "deal score to the nearest ten, 5 going up, for counting with tokens (spec §3.5)."
        ),
        "none",
        "half_up",
    ),
    Option(
        "both_reach",
        "higher",
        _(
            "Both teams reach the target on the same deal: higher = the higher total wins and an "
            "exact tie is played off with another deal (FFB); draw = the match is drawn (PAGAT) "
            "(spec §3.6)."
        ),
        choices={"higher": _("The higher total wins"), "draw": _("A draw")},
        label=_("Both teams reach the target on the same deal"),
    ),
)

#: The S2/S3 app's Maison rules: the default.
MAISON = Preset(
    "maison",
    _(
        "The seed app's Maison rules (S2/S3): a tie is made, the belote "
        "goes to the defenders on failure, NT and AT in the second round, partner ruff "
        "must overtrump."
    ),
    {
        "round2_nt_at": True,
        "made_if": "at_least",
        "tie": "made",
        "belote_on_failure": "to_defenders",
        "capot_card_points": 252,
        "rounding": "none",
        "undertrump": "mandatory",
        "partner_ruff": "must_overtrump",
        "at_values": 14,
        "at_overtake_partner": True,
        "announcements": False,
        "nt_carre_9": 0,
        "seq_length_tiebreak": True,
        "target": 1000,
        "both_reach": "higher",
    },
    title=_("House rules"),
    description=_(
        "A tie counts as made; takers who fail give their belote to the defenders; no "
        "trumps and all trumps in the second round; over your partner's trump you must "
        "overtrump."
    ),
)

#: FFB *Règles officielles de la Belote* (27-01-2016), "sans annonces".
CLASSIC = Preset(
    "classic",
    _(
        "FFB classic Belote 2016 without announcements: greater total makes "
        "it, a tie is a litige, the belote is imprenable, free discard on partner's "
        "ruff."
    ),
    {
        "round2_nt_at": False,
        "made_if": "greater",
        "tie": "litige",
        "belote_on_failure": "keep",
        "capot_card_points": 252,
        "rounding": "none",
        "undertrump": "mandatory",
        "partner_ruff": "free",
        "announcements": False,
        "nt_carre_9": 100,
        "seq_length_tiebreak": False,
        "target": 1000,
        "both_reach": "higher",
    },
    title=_("Classic federation rules"),
    description=_(
        "The federation's classic belote without announcements: more points than the "
        "defenders makes it, a tie is a litige, the belote always counts."
    ),
)

PRESETS = (MAISON, CLASSIC)

#: What the variant declares: its name for players, deck, options, presets and catalog.
DECLARATION = Declaration(
    title=_("French Belote (classic, with the turned-up card)"),
    summary=_(
        "Classic belote for four in two teams: five cards each and a card turned up; take it "
        "as trump in round 1 or name another suit in round 2, then everyone is dealt up to "
        "eight. The takers must score more than the defenders or go 'dedans'. Presets: maison "
        "(the seed app's rules, ties made, NT and AT allowed) and classic (FFB 2016, ties in "
        "litige)."
    ),
    deck=FRENCH_32,
    options=OPTIONS,
    presets=PRESETS,
    catalog=DOMAIN,
)
