"""Belote family card play: order, points, trick winner and the legal plays of spec §1.6, one
test per branch and per option value (``undertrump``, ``partner_ruff``,
``overtrump_partner_on_trump_lead``, ``at_overtake_partner``, ``at_values``), the words of
``explain``, and a comparison with a set-based transcription of the §1.6 pseudo-code over random
positions."""

import itertools
import random

import pytest

from framework.core.cards import FRENCH_32 as DECK
from variants.belote.rules import play_rules

DEFAULTS = {
    "undertrump": "mandatory",
    "partner_ruff": "must_overtrump",
    "overtrump_partner_on_trump_lead": True,
    "at_overtake_partner": True,
    "at_values": 14,
}


def _rules(den, **options):
    o = {**DEFAULTS, **options}
    return play_rules(
        den,
        o["undertrump"],
        o["partner_ruff"],
        o["overtrump_partner_on_trump_lead"],
        o["at_overtake_partner"],
        o["at_values"],
    )


def _position(trick):
    cards = tuple(DECK.parse_many(trick))
    return cards


def _partner_wins(rules, cards):
    # The player to move sits at position len(cards); the partner played two cards before.
    return len(cards) >= 2 and rules.winner(cards) == len(cards) - 2


def legal(hand, trick, den="H", **options):
    """The legal plays of ``hand`` on ``trick`` (cards in playing order), as sorted names."""
    rules = _rules(den, **options)
    cards = _position(trick)
    mask = rules.legal(
        DECK.parse_mask(hand), cards, rules.best_of(cards), _partner_wins(rules, cards)
    )
    return sorted(DECK.format_mask(mask).split())


def explain(hand, trick, den="H", **options):
    rules = _rules(den, **options)
    cards = _position(trick)
    return rules.reason(
        DECK.parse_mask(hand), cards, rules.best_of(cards), _partner_wins(rules, cards)
    )


def names(text):
    return sorted(text.split())


# ---- order, points, winner -------------------------------------------------------------------


def test_every_contract_totals_162_card_points_with_dix_de_der():
    for den in ("S", "H", "D", "C", "NT", "AT"):
        for at_values in (14, 13):
            assert _rules(den, at_values=at_values).total_points == 162


def test_trump_cards_are_worth_20_14_11_10_4_3_and_plain_cards_11_10_4_3_2():
    r = _rules("H")
    assert [r.points[DECK.parse(c)] for c in ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]] == [
        20,
        14,
        11,
        10,
        4,
        3,
        0,
        0,
    ]
    assert [r.points[DECK.parse(c)] for c in ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]


def test_no_trumps_ace_is_worth_19():
    r = _rules("NT")
    assert [r.points[c] for c in DECK.parse_many("AS TS KS QS JS 9S")] == [19, 10, 4, 3, 2, 0]


@pytest.mark.parametrize(
    ("at_values", "values"), [(14, [14, 9, 6, 5, 3, 1]), (13, [13, 9, 6, 5, 3, 2])]
)
def test_all_trumps_card_values_follow_at_values(at_values, values):
    r = _rules("AT", at_values=at_values)
    assert [r.points[DECK.parse(c)] for c in ["JD", "9D", "AD", "TD", "KD", "QD"]] == values


def test_trump_order_is_jack_nine_ace_ten_king_queen_eight_seven():
    r = _rules("S")
    order = ["7S", "8S", "QS", "KS", "TS", "AS", "9S", "JS"]
    for low, high in itertools.pairwise(order):
        assert r.winner(DECK.parse_many([low, high])) == 1


def test_plain_order_is_ace_ten_king_queen_jack_nine_eight_seven():
    r = _rules("S")
    order = ["7H", "8H", "9H", "JH", "QH", "KH", "TH", "AH"]
    for low, high in itertools.pairwise(order):
        assert r.winner(DECK.parse_many([low, high])) == 1


def test_the_smallest_trump_beats_the_ace_of_the_suit_led():
    assert _rules("S").winner(DECK.parse_many("AH 7S TH")) == 1


def test_no_trumps_only_the_suit_led_wins():
    assert _rules("NT").winner(DECK.parse_many("7H AS JS 9H")) == 3


def test_all_trumps_the_suit_led_wins_in_trump_order():
    assert _rules("AT").winner(DECK.parse_many("AH JS 9H 7C")) == 2


# ---- §1.6: leading and no trumps -------------------------------------------------------------


def test_no_trumps_must_follow_suit_without_beating():
    assert legal("7H AH 9S", "KH", "NT") == ["7H", "AH"]


def test_no_trumps_without_the_suit_led_any_card_may_be_played():
    assert legal("7S AD 9C", "KH", "NT") == ["7S", "9C", "AD"]


# ---- §1.6: all trumps ------------------------------------------------------------------------


def test_all_trumps_must_beat_the_best_card_of_the_suit_led():
    assert legal("7H JH AH", "9H", "AT") == ["JH"]


def test_all_trumps_without_a_higher_card_any_card_of_the_suit():
    assert legal("7H 8H AS", "JH", "AT") == ["7H", "8H"]


def test_all_trumps_without_the_suit_led_any_card_may_be_played():
    assert legal("7S 8D AC", "9H", "AT") == ["7S", "8D", "AC"]


def test_all_trumps_must_overtake_the_partner_with_at_overtake_partner():
    # N leads 9H (partner of S), E plays 7H; S must beat 9H.
    assert legal("8H JH", "9H 7H", "AT", at_overtake_partner=True) == ["JH"]


def test_all_trumps_need_not_overtake_the_partner_without_at_overtake_partner():
    assert legal("8H JH", "9H 7H", "AT", at_overtake_partner=False) == ["8H", "JH"]


def test_all_trumps_must_beat_an_opponent_even_without_at_overtake_partner():
    assert legal("8H JH", "9H", "AT", at_overtake_partner=False) == ["JH"]


# ---- §1.6: trumps led ------------------------------------------------------------------------


def test_trump_led_without_trumps_any_card_may_be_played():
    assert legal("7S AD", "9H", "H") == ["7S", "AD"]


def test_trump_led_must_overtrump_an_opponent():
    assert legal("7H AH JH", "9H", "H") == ["JH"]


def test_trump_led_without_a_higher_trump_any_trump():
    assert legal("7H AH KS", "JH", "H") == ["7H", "AH"]


def test_must_overtrump_when_trump_led_even_if_partner_winning():
    assert legal("7H JH", "9H 8H", "H", overtrump_partner_on_trump_lead=True) == ["JH"]


def test_trump_led_partner_winning_need_not_be_beaten_in_the_relaxed_variant():
    assert legal("7H JH", "9H 8H", "H", overtrump_partner_on_trump_lead=False) == ["7H", "JH"]


# ---- §1.6: a plain suit led ------------------------------------------------------------------


def test_must_follow_suit_with_no_need_to_beat():
    assert legal("7S AS JH", "KS TS", "H") == ["7S", "AS"]


def test_must_follow_suit_even_when_the_trick_is_trumped():
    assert legal("7S 9H", "KS JH", "H") == ["7S"]


def test_without_the_suit_and_without_trumps_any_card():
    assert legal("7D AC", "KS", "H") == ["7D", "AC"]


def test_must_trump_when_an_opponent_is_winning_with_a_plain_card():
    assert legal("7H JH AD", "KS", "H") == ["7H", "JH"]


def test_must_overtrump_an_opponent_who_ruffed():
    assert legal("7H JH AD", "KS 9H", "H") == ["JH"]


def test_must_undertrump_when_an_opponent_ruffed_higher_with_undertrump_mandatory():
    assert legal("7H 8H AD", "KS 9H", "H", undertrump="mandatory") == ["7H", "8H"]


def test_may_discard_when_an_opponent_ruffed_higher_with_undertrump_optional():
    assert legal("7H 8H AD", "KS 9H", "H", undertrump="optional") == ["7H", "8H", "AD"]


def test_an_all_trump_hand_undertrumps_whatever_the_option():
    assert legal("7H 8H", "KS 9H", "H", undertrump="optional") == ["7H", "8H"]


@pytest.mark.parametrize("partner_ruff", ["must_overtrump", "ffb2015", "free"])
def test_partner_master_with_a_plain_card_any_card_may_be_played(partner_ruff):
    # S's partner N leads the king, E follows low: S need not trump.
    assert legal("7H JH AD", "KS 7S", "H", partner_ruff=partner_ruff) == ["7H", "AD", "JH"]


def test_partner_ruffed_free_any_card_even_a_lower_trump():
    assert legal("7H JH AD", "KS 9H 7S", "H", partner_ruff="free") == ["7H", "AD", "JH"]


def test_partner_ruffed_must_overtrump_discard_or_trump_higher():
    # W ruffed with the 9; E (W's partner) has J, 7 of trumps and AD.
    assert legal("7H JH AD", "KS 9H 7S", "H", partner_ruff="must_overtrump") == ["AD", "JH"]


def test_partner_ruffed_must_overtrump_without_a_higher_trump_any_card():
    assert legal("7H 8H AD", "KS 9H 7S", "H", partner_ruff="must_overtrump") == ["7H", "8H", "AD"]


def test_partner_ruffed_ffb2015_discard_or_overtrump_but_no_lower_trump():
    assert legal("7H JH AD", "KS 9H 7S", "H", partner_ruff="ffb2015") == ["AD", "JH"]
    assert legal("7H 8H AD", "KS 9H 7S", "H", partner_ruff="ffb2015") == ["AD"]


def test_partner_ruffed_ffb2015_a_hand_of_only_trumps_plays_any_trump():
    assert legal("7H 8H", "KS 9H 7S", "H", partner_ruff="ffb2015") == ["7H", "8H"]


# ---- explain: the rule, said to a player ------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "trick", "den", "options", "words"),
    [
        ("7H AH", "KH", "NT", {}, "no trumps: you must follow suit (H)"),
        ("7S", "KH", "NT", {}, "no trumps: you have no H, any card may be played"),
        ("7S", "KH", "AT", {}, "all trumps: you have no H, any card may be played"),
        ("7H JH", "9H", "AT", {}, "all trumps: you must follow suit and beat 9H when you can"),
        (
            "7H 8H",
            "JH",
            "AT",
            {},
            "all trumps: you must follow suit (H); nothing of yours beats JH",
        ),
        (
            "8H JH",
            "9H 7H",
            "AT",
            {"at_overtake_partner": False},
            "all trumps: you must follow suit (H); your partner is winning",
        ),
        ("7S", "9H", "H", {}, "trumps were led and you have none: any card may be played"),
        ("7H JH", "9H", "H", {}, "trumps were led: you must overtrump 9H when you can"),
        ("JH", "9H", "H", {}, "trumps were led: you must overtrump 9H when you can"),
        ("7H JH", "9H 8H", "H", {}, "trumps were led: you must overtrump 9H when you can"),
        (
            "7H JH",
            "9H 8H",
            "H",
            {"overtrump_partner_on_trump_lead": False},
            "trumps were led: you must follow with a trump; your partner's 9H need not be beaten",
        ),
        (
            "7H 8H",
            "JH",
            "H",
            {},
            "trumps were led: you must follow with a trump (JH cannot be beaten)",
        ),
        ("7S AS", "KS", "H", {}, "you must follow suit (S)"),
        ("7D", "KS", "H", {}, "you have no S and no trump: any card may be played"),
        ("7H AD", "KS 7S", "H", {}, "your partner is winning with KS: you need not trump"),
        (
            "7H JH AD",
            "KS 9H 7S",
            "H",
            {},
            "your partner has trumped with 9H: discard, or trump higher if you can",
        ),
        (
            "7H JH AD",
            "KS 9H 7S",
            "H",
            {"partner_ruff": "ffb2015"},
            "your partner has trumped with 9H: a lower trump only from a hand of nothing but "
            "trumps",
        ),
        ("7H AD", "KS", "H", {}, "you have no S: you must trump (H)"),
        ("JH AD", "KS 9H", "H", {}, "you have no S and 9H is winning: you must overtrump"),
        (
            "7H AD",
            "KS 9H",
            "H",
            {},
            "you cannot overtrump 9H: you must still play a trump (undertrump)",
        ),
        (
            "7H AD",
            "KS 9H",
            "H",
            {"undertrump": "optional"},
            "you cannot overtrump 9H: any card may be played",
        ),
    ],
)
def test_explain_says_the_rule_that_decided(hand, trick, den, options, words):
    assert explain(hand, trick, den, **options) == words


# ---- the §1.6 pseudo-code, transcribed on sets, against the bitmask version -----------------


def _reference(hand, trick, den, o):
    """``legal(hand, trick)`` of spec §1.6, line by line, on Python sets of card names."""
    rules = _rules(den, **o)
    power = {DECK.format(c): rules.power[c] for c in range(32)}
    suit = {DECK.format(c): DECK.format(c)[-1] for c in range(32)}
    names_ = [DECK.format(c) for c in trick]
    led = suit[names_[0]]
    win = rules.winner(trick)
    pw = len(trick) >= 2 and win == len(trick) - 2
    best = names_[win]
    trump = den if den in "SHDC" else None
    trumps_played = [c for c in names_ if suit[c] == trump]
    top = max(trumps_played, key=power.get) if trumps_played else None
    F = {c for c in hand if suit[c] == led}
    if den == "NT":
        return F or set(hand)
    if den == "AT":
        if not F:
            return set(hand)
        H = {c for c in F if power[c] > power[best]}
        return H if H and (o["at_overtake_partner"] or not pw) else F
    T = {c for c in hand if suit[c] == trump}
    if led == trump:
        if not F:
            return set(hand)
        H = {c for c in F if power[c] > power[top]}
        return H if H and (o["overtrump_partner_on_trump_lead"] or not pw) else F
    if F:
        return F
    if not T:
        return set(hand)
    if pw:
        if top is None or o["partner_ruff"] == "free":
            return set(hand)
        N = set(hand) - T
        H = {c for c in T if power[c] > power[top]}
        if o["partner_ruff"] == "must_overtrump":
            return N | (H or T)
        return T if not N else N | H
    if top is None:
        return T
    H = {c for c in T if power[c] > power[top]}
    if H:
        return H
    return T if o["undertrump"] == "mandatory" else set(hand)


def _claimed(text, hand, trick, den, rules):
    """The set of cards an explanation's words allow, read back from the words alone."""
    led = DECK.suit_of[trick[0]]
    follow = {c for c in hand if DECK.suit_of[c] == led}
    best = rules.best_of(trick)
    trumps = {c for c in hand if rules.trumps >> c & 1}
    beats = {c for c in hand if rules.beats(c, best, led)}
    if "any card may be played" in text or "need not trump" in text:
        return set(hand)
    if (
        "need not be beaten" in text
        or "your partner is winning" in text
        or "cannot be beaten" in text
        or "nothing of yours beats" in text
        or ("must follow suit" in text and "beat" not in text)
    ):
        return follow
    if "follow suit and beat" in text:
        return follow & beats
    if "trumps were led: you must overtrump" in text or "you must overtrump" in text:
        return trumps & beats
    if "discard, or trump higher" in text or "a lower trump only" in text:
        return (set(hand) - trumps) | (trumps & beats)
    if "you must trump" in text or "must still play a trump" in text:
        return trumps
    raise AssertionError(f"unknown explanation {text!r}")


def _random_positions(rng, count):
    cards = list(range(32))
    for _ in range(count):
        rng.shuffle(cards)
        size = rng.randint(1, 8)
        played = rng.randint(1, 3)
        yield cards[:size], tuple(cards[size : size + played])


OPTION_SETS = [
    dict(zip(DEFAULTS, values, strict=True))
    for values in itertools.product(
        ("mandatory", "optional"),
        ("must_overtrump", "ffb2015", "free"),
        (True, False),
        (True, False),
        (14,),
    )
]


@pytest.mark.parametrize("den", ["H", "NT", "AT"])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(map(str, o.values())))
def test_legal_plays_match_the_spec_pseudo_code_and_explain_claims_the_same_set(den, options):
    rules = _rules(den, **options)
    rng = random.Random(f"{den}{options}")
    for hand, trick in _random_positions(rng, 150):
        mask = sum(1 << c for c in hand)
        best = rules.best_of(trick)
        pw = len(trick) >= 2 and rules.winner(trick) == len(trick) - 2
        got = rules.legal(mask, trick, best, pw)
        want = _reference([DECK.format(c) for c in hand], trick, den, options)
        shown = f"hand {DECK.format_many(hand)} trick {DECK.format_many(trick)}"
        assert set(DECK.format_mask(got).split()) == want, shown
        assert got and got & ~mask == 0, shown
        text = rules.reason(mask, trick, best, pw)
        assert {DECK.format(c) for c in _claimed(text, hand, trick, den, rules)} == want, (
            f"{shown}: {text!r}"
        )
