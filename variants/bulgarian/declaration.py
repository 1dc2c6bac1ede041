"""What Bulgarian Belot declares, once: its title, deck, rule options with their words for
players, presets and catalog (``atout_bulgarian``: every word of the package is written with
``_`` or ``_n``).

Source: ``rules/bulgarian-bela-cuatrola.md`` §2 (options OPT-BG1 to OPT-BG13) and §5 (presets).
``standard`` is BG-STD, the S-HIT rules with S-NIK's arithmetic; ``nik`` is the NikolayIT engine
(S-NIK); ``exe`` is the old Windows program reconstructed in S-EXE (single best declaration and
its rounding).
"""

from __future__ import annotations

from framework.api import FRENCH_32, Declaration, Domain, Option, Preset

DOMAIN = Domain.beside(__file__, "atout_bulgarian")
_ = DOMAIN.message
_n = DOMAIN.plural

OPTIONS = (
    Option(
        "overbid_after_double",
        True,
        _(
            "BG1: a higher contract may still be bid over a kontra or rekontra (S-NIK code; S-VER "
            "'от контра и реконтра може да се бяга'); false = a double closes the bidding for "
            "new contracts."
        ),
        label=_("A higher contract may be bid after kontra"),
    ),
    Option(
        "max_double",
        4,
        _(
            "BG2: the highest doubling level: 4 = kontra and rekontra (S-HIT, S-NIK); 8 adds the "
            "local 'сюр-контра' (S-ENWIKI); 2 = kontra only; 1 = no doubling."
        ),
        choices={1: _("No doubling"), 2: _("Kontra"), 4: _("Rekontra"), 8: _("Surkontra")},
        label=_("Highest doubling"),
    ),
    Option(
        "overtrump_over_partner",
        False,
        _(
            "BG3: when your partner wins with a trump and you choose to trump, any trump will do "
            "(S-HIT, S-NIK); true = it must beat your partner's if it can (the French rule of "
            "SEED-0)."
        ),
        label=_("Over your partner's trump you must overtrump"),
    ),
    Option(
        "carre_vs_sequence_overlap",
        "choose",
        _(
            "BG4: a card shared by a carré and a sequence: choose = the player picks (S-HIT; the "
            "engine picks the combination worth most); carre = the carré is always taken and "
            "the sequence keeps what is left (S-NIK)."
        ),
        choices={"choose": _("The player chooses"), "carre": _("The carré counts")},
        label=_("A card in both a carré and a sequence"),
    ),
    Option(
        "seq8",
        100,
        _(
            "BG5: a sequence of all eight cards of a suit is worth 100 like any 5+ sequence "
            "(S-HIT) or 120, a quinte plus a tierce (S-NIK code)."
        ),
        choices=(100, 120),
        label=_("All eight cards in sequence are worth"),
    ),
    Option(
        "carre_rank",
        "J9ATKQ",
        _(
            "BG6: the order of carrés, highest first: J9ATKQ = by trump card value (S-HIT); "
            "J9AKQT = aces, kings, queens, then tens among the 100-carrés (S-NIK)."
        ),
        choices={"J9ATKQ": _("J 9 A 10 K Q"), "J9AKQT": _("J 9 A K Q 10")},
        label=_("Order of carrés"),
    ),
    Option(
        "comparison",
        "separate",
        _(
            "BG7: separate = the best sequence decides which team's sequences count and the best "
            "carré which team's carrés count (S-HIT, S-NIK, S-VER); single_best = only the team "
            "with the single best declaration scores any (S-EXE, the French rule)."
        ),
        choices={
            "separate": _("Best sequence and best carré compared apart"),
            "single_best": _("Only the single best declaration"),
        },
        label=_("Which declarations count"),
    ),
    Option(
        "hang_through_passout",
        True,
        _(
            "BG8: hanging points survive a deal that all four pass (S-HIT); false = a passed-out "
            "deal wipes them (S-NIK code)."
        ),
        label=_("Hanging points survive an all-pass deal"),
    ),
    Option(
        "valat_and_double",
        "multiply",
        _(
            "BG9: a valat under kontra or rekontra: multiply = the 90 is multiplied with "
            "everything else (S-HIT); cancel = a valat deal is scored as if not doubled (S-NIK "
            "code, S-SHARP CapotRemovesDouble)."
        ),
        choices={"multiply": _("Multiplied too"), "cancel": _("Scored as not doubled")},
        label=_("A valat under kontra"),
    ),
    Option(
        "extras_multiplied",
        True,
        _(
            "BG10: declarations and belots are multiplied by kontra and rekontra too (S-HIT, "
            "S-SHARP ExtraPointsAreDoubled); false = they are added once."
        ),
        label=_("Kontra multiplies declarations and belots"),
    ),
    Option(
        "rounding",
        "pair_rule",
        _(
            "BG11: pair_rule = each team rounds its own points, the higher team keeping a 6 "
            "(suit) or 4 (all trumps) down (S-HIT, S-NIK); exe = only the leader is rounded, the "
            "other team gets the rest of the deal's tens but at least 1, and a doubled award is "
            "nudged to an even number of tens (S-EXE)."
        ),
        choices={
            "pair_rule": _("Each team rounds its own points"),
            "exe": _("Only the leader is rounded"),
        },
        label=_("Rounding"),
    ),
    Option(
        "target",
        151,
        _("The score that wins the game (S-HIT, S-NIK: 151)."),
        minimum=1,
        maximum=1000,
        label=_("Points to win"),
    ),
    Option(
        "no_win_with_valat",
        True,
        _(
            "BG12: 'С капо не се излиза': a deal with a valat cannot end the game, one more "
            "played deal follows (S-HIT, S-NIK); false = it can."
        ),
        label=_("A deal with a valat cannot end the game"),
    ),
    Option(
        "winner_must_score_in_last_deal",
        False,
        _(
            "BG13: the winner must have scored in the deal that ends the game (S-NIK code); "
            "false = reaching the target is enough (S-HIT)."
        ),
        label=_("The winner must score in the last deal"),
    ),
)

PRESETS = (
    Preset(
        "standard",
        _("BG-STD: the S-HIT rules (belot-rules.hit.bg) with S-NIK's arithmetic; game to 151."),
        title=_("Standard rules (to 151)"),
        description=_("The usual Bulgarian rules, game to 151."),
    ),
    Preset(
        "nik",
        _("BG-NIK: the NikolayIT BelotGameEngine (S-NIK code)."),
        {
            "carre_vs_sequence_overlap": "carre",
            "seq8": 120,
            "carre_rank": "J9AKQT",
            "hang_through_passout": False,
            "valat_and_double": "cancel",
            "winner_must_score_in_last_deal": True,
        },
        title=_("Computer game rules"),
        description=_(
            "The rules of a well-known Belot program: a carré always "
            "wins over a sequence, an all-pass deal clears hanging points."
        ),
    ),
    Preset(
        "exe",
        _(
            "BG-EXE: the Bridge Belot v2.06 program as reconstructed in S-EXE: single "
            "best declaration, leader-only rounding."
        ),
        {
            "comparison": "single_best",
            "rounding": "exe",
        },
        title=_("Bridge Belot rules"),
        description=_(
            "Only the single best declaration counts; only the leader's points are rounded."
        ),
    ),
)

#: What the variant declares: its name for players, deck, options, presets and catalog.
DECLARATION = Declaration(
    title=_("Bulgarian Belot (Bridge-Belot)"),
    summary=_(
        "32 cards, 3+2 dealt before a ranked auction (clubs < diamonds < hearts < spades < no "
        "trumps < all trumps, kontra x2, rekontra x4) and 3 after; sequences, carrés and "
        "belots; points written in tens, game to 151. Presets: standard (belot-rules.hit.bg), "
        "nik (the NikolayIT engine), exe (the Bridge Belot 2.06 program)."
    ),
    deck=FRENCH_32,
    options=OPTIONS,
    presets=PRESETS,
    catalog=DOMAIN,
)
