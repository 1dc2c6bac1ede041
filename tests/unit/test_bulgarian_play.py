"""Bulgarian Belot card play: order and points (§2.3), legal plays (§2.4, BG3), declarations
and their comparison (§2.5, BG4–BG7), belot conditions."""

from __future__ import annotations

import pytest

from framework.core.cards import FRENCH_32 as D
from variants.bulgarian.rules import (
    Declaration,
    counted_declarations,
    find_belots,
    find_declarations,
    play_rules,
    sequence_points,
)


def legal(contract, hand, trick, partner_wins=False, bg3=False):
    rules = play_rules(contract, bg3)
    cards = tuple(D.parse_many(trick))
    mask = rules.legal(D.parse_mask(hand), cards, rules.best_of(cards), partner_wins)
    return D.format_mask(mask)


def explain(contract, hand, trick, partner_wins=False, bg3=False):
    rules = play_rules(contract, bg3)
    cards = tuple(D.parse_many(trick))
    return rules.reason(D.parse_mask(hand), cards, rules.best_of(cards), partner_wins)


def cards(text):
    return D.format_mask(D.parse_mask(text))


# ---- card order and points -----------------------------------------------------------------


def test_card_points_total_162_in_a_suit_260_in_no_trumps_258_in_all_trumps():
    for contract, total in (("H", 162), ("S", 162), ("NT", 260), ("AT", 258)):
        rules = play_rules(contract)
        assert (sum(rules.points) + rules.last_trick_bonus) * rules.points_scale == total


def test_trump_order_is_j_9_a_t_k_q_8_7_and_plain_a_t_k_q_j_9_8_7():
    h = play_rules("H")
    assert D.format(h.best_of(D.parse_many("AH 9H JH"))) == "JH"
    assert D.format(h.best_of(D.parse_many("9S AS JS"))) == "AS"
    assert D.format(h.best_of(D.parse_many("AS 7H TS"))) == "7H"  # any trump beats
    assert D.format(h.best_of(D.parse_many("KS AD QS"))) == "KS"  # other suits never win
    at = play_rules("AT")
    assert D.format(at.best_of(D.parse_many("AS 9S TS"))) == "9S"
    assert D.format(at.best_of(D.parse_many("7S JD"))) == "7S"
    nt = play_rules("NT")
    assert D.format(nt.best_of(D.parse_many("JS 9S TS"))) == "TS"


def test_all_trumps_every_suit_counts_as_trump_points():
    at = play_rules("AT")
    assert at.trick_points(D.parse_many("JS 9H AD TC")) == 20 + 14 + 11 + 10


# ---- legal plays: suit contract ------------------------------------------------------------


def test_must_overtrump_when_trumps_are_led_even_over_partner():
    assert legal("H", "JH 8H KS", "AH") == cards("JH")
    assert legal("H", "JH 8H KS", "AH", partner_wins=True) == cards("JH")


def test_trumps_led_and_cannot_beat_any_trump_may_be_played():
    assert legal("H", "9H 7H KS", "JH") == cards("9H 7H")


def test_trumps_led_and_none_held_any_card():
    assert legal("H", "KS 7D", "AH") == cards("KS 7D")


def test_plain_suit_must_be_followed_without_duty_to_beat():
    assert legal("H", "7S KS JH", "AS") == cards("7S KS")
    assert legal("H", "7S AS JH", "KS") == cards("7S AS")


def test_no_led_suit_and_no_trump_any_card():
    assert legal("H", "7D KC", "AS") == cards("7D KC")


def test_opponent_winning_with_a_plain_card_you_must_trump_with_any_trump():
    assert legal("H", "8H JH 7D", "AS") == cards("8H JH")


def test_partner_winning_you_need_not_trump():
    assert legal("H", "JH 7D", "7S AS", partner_wins=True) == cards("JH 7D")


def test_partner_has_trumped_any_card_including_a_lower_trump():
    assert legal("H", "8H JH 7D", "AS 9H", partner_wins=True) == cards("8H JH 7D")


def test_opponent_has_trumped_you_must_overtrump_if_you_can():
    assert legal("H", "JH 8H 7D", "AS 9H") == cards("JH")


def test_opponent_has_trumped_and_you_cannot_overtrump_you_need_not_undertrump():
    assert legal("H", "8H 7D", "AS 9H") == cards("8H 7D")


def test_bg3_true_a_trump_over_partners_trump_must_beat_it():
    assert legal("H", "JH 8H 7D", "AS 9H", partner_wins=True, bg3=True) == cards("JH 7D")


def test_bg3_true_cannot_beat_partners_trump_any_card():
    assert legal("H", "9H 8H 7D", "AS JH", partner_wins=True, bg3=True) == cards("9H 8H 7D")


def test_bg3_true_partner_winning_with_a_plain_card_no_duty():
    assert legal("H", "8H 7D", "7S AS", partner_wins=True, bg3=True) == cards("8H 7D")


# ---- legal plays: all trumps and no trumps -------------------------------------------------


def test_all_trumps_must_follow_and_beat_when_you_can():
    assert legal("AT", "JS 7S AH", "9S") == cards("JS")
    assert legal("AT", "JS 7S AH", "9S", partner_wins=True) == cards("JS")


def test_all_trumps_cannot_beat_any_card_of_the_suit():
    assert legal("AT", "9S 7S AH", "JS") == cards("9S 7S")


def test_all_trumps_without_the_suit_any_card():
    assert legal("AT", "9H 7D", "JS") == cards("9H 7D")


def test_all_trumps_beat_the_best_card_of_the_suit_not_the_led_card():
    assert legal("AT", "AS 7S", "8S 9S") == cards("AS 7S")
    assert legal("AT", "JS AS", "8S TS") == cards("JS AS")
    assert legal("AT", "KS AS", "8S TS") == cards("AS")


def test_no_trumps_follow_suit_without_duty_to_beat():
    assert legal("NT", "AS 8S KH", "7S") == cards("AS 8S")
    assert legal("NT", "7S KH", "AS") == cards("7S")


def test_no_trumps_without_the_suit_any_card():
    assert legal("NT", "KH 7D", "AS") == cards("KH 7D")


def test_legal_plays_are_never_empty_and_inside_the_hand():
    import random

    rng = random.Random(7)
    for contract in ("H", "NT", "AT"):
        for bg3 in (False, True):
            rules = play_rules(contract, bg3)
            for _ in range(300):
                deck = list(range(32))
                rng.shuffle(deck)
                hand = sum(1 << c for c in deck[: rng.randint(1, 8)])
                trick = tuple(deck[8 : 8 + rng.randint(1, 3)])
                partner = rng.random() < 0.5
                mask = rules.legal(hand, trick, rules.best_of(trick), partner)
                assert mask and mask & ~hand == 0


# ---- explanations --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "hand", "trick", "partner", "bg3", "words"),
    [
        ("H", "JH 8H KS", "AH", True, False, "even your partner's"),
        ("H", "7S KS JH", "AS", False, False, "must follow suit (spades)"),
        ("H", "8H JH 7D", "AS", False, False, "must trump (hearts)"),
        ("H", "JH 7D", "7S AS", True, False, "need not trump"),
        ("H", "JH 8H 7D", "AS 9H", False, False, "must overtrump"),
        ("H", "8H 7D", "AS 9H", False, False, "no duty to undertrump"),
        ("H", "JH 8H 7D", "AS 9H", True, True, "trump higher"),
        ("AT", "JS 7S AH", "9S", False, False, "beat 9S"),
        ("NT", "AS 8S KH", "7S", False, False, "need not beat"),
    ],
)
def test_the_rule_is_explained_in_player_words(contract, hand, trick, partner, bg3, words):
    assert words in explain(contract, hand, trick, partner, bg3)


# ---- declarations --------------------------------------------------------------------------


def found(hand, overlap="choose", seq8=100):
    return sorted(
        (shape, D.format_mask(c))
        for shape, c, _r, _n in find_declarations(D.parse_mask(hand), overlap, seq8)
    )


def test_sequences_and_carres_are_found_one_card_in_one_combination():
    hand = "QS KS AS JS JH JD JC 7D"
    for overlap in ("choose", "carre"):
        assert found(hand, overlap) == [("run", "QS KS AS"), ("set", "JS JH JD JC")]


def test_carre_of_sevens_or_eights_is_not_declared():
    assert found("7S 7H 7D 7C 8S 8H 8D 8C") == []


def test_eight_card_sequence_is_worth_seq8():
    assert sequence_points(8) == 100 and sequence_points(8, 120) == 120
    assert sequence_points(5) == sequence_points(7) == 100
    hand = D.parse_mask("7S 8S 9S TS JS QS KS AS")
    assert [(s, n) for s, _c, _r, n in find_declarations(hand, "choose", 120)] == [("run", 8)]


def decl(team, shape, points, length, rank):
    return Declaration(team, shape, points, length, D.ranks.index(rank), 0)


def test_only_the_team_with_the_best_sequence_scores_its_sequences():
    ns = [decl(0, "run", 20, 3, "K"), decl(0, "run", 20, 3, "9")]
    ew = [decl(1, "run", 50, 4, "T")]
    counted = counted_declarations(ns + ew, "separate", "J9ATKQ")
    assert counted == ew


def test_equal_best_sequences_of_both_teams_score_nothing():
    items = [decl(0, "run", 20, 3, "K"), decl(1, "run", 20, 3, "K"), decl(1, "run", 20, 3, "9")]
    assert counted_declarations(items, "separate", "J9ATKQ") == []


def test_between_100_sequences_the_longer_then_the_higher_wins():
    a, b = decl(0, "run", 100, 6, "Q"), decl(1, "run", 100, 5, "A")
    assert counted_declarations([a, b], "separate", "J9ATKQ") == [a]
    c, d = decl(0, "run", 20, 3, "Q"), decl(1, "run", 20, 3, "A")
    assert counted_declarations([c, d], "separate", "J9ATKQ") == [d]


def test_carres_and_sequences_are_compared_separately():
    carre = decl(0, "set", 100, 4, "Q")
    quarte = decl(1, "run", 50, 4, "A")
    tierce = decl(0, "run", 20, 3, "9")
    assert counted_declarations([carre, quarte, tierce], "separate", "J9ATKQ") == [carre, quarte]


def test_carre_order_bg6():
    tens_, kings = decl(0, "set", 100, 4, "T"), decl(1, "set", 100, 4, "K")
    assert counted_declarations([tens_, kings], "separate", "J9ATKQ") == [tens_]
    assert counted_declarations([tens_, kings], "separate", "J9AKQT") == [kings]
    jacks, nines = decl(0, "set", 200, 4, "J"), decl(1, "set", 150, 4, "9")
    assert counted_declarations([nines, jacks], "separate", "J9AKQT") == [jacks]


def test_single_best_only_the_team_with_the_best_declaration_scores_everything():
    carre = decl(0, "set", 100, 4, "Q")
    tierce = decl(0, "run", 20, 3, "9")
    quinte = decl(1, "run", 100, 5, "A")
    # At equal value a carré beats a sequence.
    assert counted_declarations([carre, tierce, quinte], "single_best", "J9ATKQ") == [carre, tierce]
    quarte = decl(1, "run", 50, 4, "A")
    assert counted_declarations([tierce, quarte], "single_best", "J9ATKQ") == [quarte]


# ---- belot ---------------------------------------------------------------------------------


def belots(contract, hands, tricks):
    parsed_hands = [D.parse_mask(h) for h in hands]
    parsed = [(leader, tuple(D.parse_many(t)), 0) for leader, t in tricks]
    return [
        ("NESW"[seat], D.suits[suit]) for seat, suit in find_belots(contract, parsed_hands, parsed)
    ]


HANDS = ["KH QH KS QS 7C", "AH 7S 8D", "TH 8S 9D", "9H TS AD"]


def test_belot_counts_when_the_first_of_k_q_of_trump_is_led():
    assert belots("H", HANDS, [(0, "KH AH TH 9H")]) == [("N", "H")]


def test_belot_counts_when_the_first_of_k_q_of_trump_ruffs():
    assert belots("H", HANDS, [(1, "8D 9D AD QH")]) == [("N", "H")]


def test_all_trumps_belot_in_every_suit_when_led_or_following():
    tricks = [(0, "KH AH TH 9H"), (1, "7S 8S TS QS")]
    assert belots("AT", HANDS, tricks) == [("N", "H"), ("N", "S")]


def test_all_trumps_k_or_q_thrown_on_another_suit_loses_the_belot_for_good():
    # N discards QS on diamonds, then leads KS: the second card cannot declare it.
    tricks = [(1, "8D 9D AD QS"), (0, "KS 7S 8S TS")]
    assert belots("AT", HANDS, tricks) == []


def test_no_belot_in_no_trumps_or_without_both_cards():
    assert belots("NT", HANDS, [(0, "KH AH TH 9H")]) == []
    assert belots("S", ["KS 7C", "QS", "7S", "8S"], [(0, "KS QS 7S 8S")]) == []


# ---- the bitmask function against the spec's pseudo-code (§2.4) ----------------------------


def _reference(contract, hand, trick, partner_wins, bg3):
    """§2.4 written out over lists, independently of the masks and 'above' tables."""
    rules = play_rules(contract)
    power, suit_of = rules.power, D.suit_of
    led = suit_of[trick[0]]
    has_led = [c for c in hand if suit_of[c] == led]
    trump = None if contract in ("NT", "AT") else D.suits.index(contract)
    if contract == "AT" or led == trump:
        if has_led:
            best_led = max((c for c in trick if suit_of[c] == led), key=lambda c: power[c])
            return [c for c in has_led if power[c] > power[best_led]] or has_led
        return hand
    if contract == "NT":
        return has_led or hand
    if has_led:
        return has_led
    my_trumps = [c for c in hand if suit_of[c] == trump]
    if not my_trumps:
        return hand
    trick_trumps = [c for c in trick if suit_of[c] == trump]
    top = max(trick_trumps, key=lambda c: power[c]) if trick_trumps else None
    if partner_wins:
        if bg3 and top is not None:
            higher = [c for c in my_trumps if power[c] > power[top]]
            return [c for c in hand if suit_of[c] != trump] + (higher or my_trumps)
        return hand
    if top is not None:
        return [c for c in my_trumps if power[c] > power[top]] or hand
    return my_trumps


def test_legal_plays_match_the_spec_pseudo_code_on_random_tricks():
    import random

    rng = random.Random(2026)
    for contract in ("S", "H", "D", "C", "NT", "AT"):
        for bg3 in (False, True):
            rules = play_rules(contract, bg3)
            for _ in range(400):
                deck = list(range(32))
                rng.shuffle(deck)
                hand = deck[: rng.randint(1, 8)]
                trick = tuple(deck[8 : 8 + rng.randint(1, 3)])
                # The player is the next in the trick; the partner played two cards before.
                partner_wins = len(trick) >= 2 and rules.winner(trick) == len(trick) - 2
                mask = rules.legal(
                    sum(1 << c for c in hand), trick, rules.best_of(trick), partner_wins
                )
                expected = _reference(contract, hand, trick, partner_wins, bg3)
                assert mask == sum(1 << c for c in set(expected)), (
                    contract,
                    bg3,
                    D.format_many(hand),
                    D.format_many(trick),
                )
