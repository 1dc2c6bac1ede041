"""What the belote family declares, once: the options its hooks implement (card play §1.4–1.6,
announcements §1.8, of ``rules/coinche-and-french-belote.md``), each with its words for players,
and its catalog (``atout_belote``: every word of the package is written with ``_``). A variant
stacked on the family (``atout_bases``) has these options; its presets set them.
"""

from __future__ import annotations

from framework.api import Declaration, Domain, Option

DOMAIN = Domain.beside(__file__, "atout_belote")
_ = DOMAIN.message

PLAY_OPTIONS = (
    Option(
        "undertrump",
        "mandatory",
        _(
            "An opponent has trumped and you cannot overtrump: mandatory = you must still play a "
            "lower trump (S0, S1, S3, FFB-B, PAGAT); optional = you may discard (FFB-C, FFB-K)."
        ),
        choices={"mandatory": _("Yes, a lower trump"), "optional": _("No, any card")},
        label=_("Undertrump when you cannot overtrump"),
        help=_(
            "An opponent has trumped and you cannot beat it: must you still play a lower trump?"
        ),
    ),
    Option(
        "partner_ruff",
        "must_overtrump",
        _(
            "Your partner is master with a trump and you cannot follow: must_overtrump = if you "
            "trump you must beat it if you can (S0, S3); ffb2015 = a lower trump only from an "
            "all-trump hand (FFB 2015); free = any card (FFB-B, FFB-K 2016, S1)."
        ),
        choices={
            "must_overtrump": _("If you trump, beat your partner's trump"),
            "ffb2015": _("Any trump, or discard (FFB 2015)"),
            "free": _("Play any card"),
        },
        label=_("Your partner has trumped"),
        help=_("Your partner wins the trick with a trump and you cannot follow suit."),
    ),
    Option(
        "overtrump_partner_on_trump_lead",
        True,
        _(
            "When trumps are led you must beat the highest trump even if it is your partner's "
            "(all seeds, FFB, PAGAT); false = PAGAT's relaxed variant."
        ),
        label=_("Beat your partner when trumps are led"),
        help=_("When trumps are led, must you beat the best trump even if it is your partner's?"),
    ),
    Option(
        "at_overtake_partner",
        True,
        _(
            "All trumps: you must beat the best card of the suit even if your partner's "
            "(S0, FFB); false = the English Wikipedia variant."
        ),
        label=_("All trumps: beat your partner's card"),
        help=_(
            "In all trumps, must you beat the best card of the suit even if it is your partner's?"
        ),
    ),
    Option(
        "at_values",
        14,
        _(
            "All-trumps card values: 14 = J14 9:9 A6 T5 K3 Q1 (S0, PAGAT, WIKI); "
            "13 = J13 9:9 A6 T5 K3 Q2 (FFB 2015); ffb2016 = every suit at its trump values "
            "(258 in all), each team's card points then scaled by 162/258 to the nearest "
            "integer (FFB 2016: 198 -> 124)."
        ),
        choices={
            14: _("J 14, 9 9, A 6, 10 5, K 3, Q 1"),
            13: _("J 13, 9 9, A 6, 10 5, K 3, Q 2"),
            "ffb2016": _("Full trump values, counted out of 162"),
        },
        label=_("All trumps: card values"),
        help=_("The points of the cards when everything is trump."),
    ),
)

ANNOUNCEMENT_OPTIONS = (
    Option(
        "announcements",
        False,
        _(
            "Sequences and carrés are declared with the first card and scored (§1.8): on in "
            "Coinche ffb/house (FFB-C, S0); off in Coinche bidonly (S1), FFB contrée and "
            "classic belote 'sans annonces'."
        ),
        label=_("Announcements (tierce, quarte, carré…)"),
        help=_("Sequences and carrés declared with the first card score."),
    ),
    Option(
        "nt_carre_9",
        100,
        _(
            "No-trumps: a carré of nines is worth 100 (FFB) or nothing (S0: no carré of nines "
            "or lower)."
        ),
        choices={100: "100", 0: _("Nothing")},
        label=_("No trumps: carré of nines"),
        help=_("What four nines are worth in no trumps."),
    ),
    Option(
        "seq_length_tiebreak",
        False,
        _(
            "Between sequences of equal value the longer one wins before the top card "
            "(S0 only); off = FFB."
        ),
        label=_("Longer sequence wins a tie"),
        help=_(
            "Between two sequences of the same value, the longer one wins "
            "before the top card decides."
        ),
    ),
)

# ---- options of the family's taking games ---------------------------------------------------
# Coinche and French Belote each declare these (their defaults and sources differ); what a
# value means to players is said here once.


def belote_on_failure_option(doc: str) -> Option:
    """``belote_on_failure``: whether takers who fail still score their belote (``keep``, the
    default) or the defenders score it (``to_defenders``); ``doc`` gives the variant's
    sources."""
    return Option(
        "belote_on_failure",
        "keep",
        doc,
        choices={"keep": _("Yes, they keep it"), "to_defenders": _("No, it goes to the defenders")},
        label=_("Takers who fail keep their belote"),
    )


def capot_card_points_option(default: int, doc: str, help: str = "") -> Option:
    """``capot_card_points``: the card points of a team that takes every trick, 252 (the last
    trick counting 100) or 250 flat, the variant's ``default`` first among the choices;
    ``doc`` gives the variant's sources, ``help`` any words for players."""
    words = {252: _("252 (last trick 100)"), 250: "250"}
    return Option(
        "capot_card_points",
        default,
        doc,
        choices={default: words[default], **words},
        label=_("Card points of a capot"),
        help=help,
    )


#: The words of each way :func:`variants.belote.round_score` rounds a deal score.
ROUNDING_WORDS = {
    "half_up": _("To the nearest ten, 5 up"),
    "six_up": _("To the nearest ten, 5 down"),
    "none": _("No rounding"),
}


def rounding_option(doc: str, *values: str) -> Option:
    """``rounding``: how each team's deal score is rounded (:func:`~variants.belote.round_score`),
    one of ``values``, the variant's default first; ``doc`` gives the variant's sources."""
    return Option(
        "rounding",
        values[0],
        doc,
        choices={value: ROUNDING_WORDS[value] for value in values},
        label=_("Rounding of each deal's score"),
    )


#: The family's declaration: the options of its hooks and its catalog (no title, deck or
#: preset: those are the variant's).
DECLARATION = Declaration(options=PLAY_OPTIONS + ANNOUNCEMENT_OPTIONS, catalog=DOMAIN)
