"""Croatian Bela's declarations (spec §3.5): what a hand declares (HR5, HR8), the single-best
comparison and its tie-break order (HR7), bela in play (HR6)."""

import pytest
from bela_helpers import VARIANT, deal_with, rules, score

from framework.bots.base import RandomBot, play_out
from framework.core.cards import FRENCH_32 as DECK
from framework.core.seats import E, N, W
from framework.rules.auction import Contract


def declared(hand: str, trump: str = "H", seat: int = N, **overrides):
    found = VARIANT.pm.hook.atout_find_announcements(
        rules=rules(**overrides), contract=Contract(trump, N), seat=seat, hand=DECK.parse_mask(hand)
    )
    return [(a.kind, a.points, DECK.format_mask(a.cards)) for a in found]


def winner(declarations, trump="H", dealer="W", **overrides):
    record = {"trump": trump, "caller": "N", "caller_points": 100, "declarations": declarations}
    return score(record, dealer=dealer, **overrides).details["declarations_team"]


# ---- what a hand declares ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "kind", "value"),
    [
        ("7S 8S 9S JH KD AC 7C 9D", "tierce", 20),
        ("7S 8S 9S TS KD AC 7C 9D", "quarte", 50),
        ("7S 8S 9S TS JS AC 7C 9D", "quinte", 100),
        ("7S 8S 9S TS JS QS 7C 9D", "sixte", 100),
        ("7S 8S 9S TS JS QS KS 9D", "septieme", 100),
    ],
)
def test_sequences_of_three_four_and_five_to_seven_are_worth_20_50_and_100(hand, kind, value):
    assert [(k, v) for k, v, _ in declared(hand)] == [(kind, value)]


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("JS JH JD JC 7S 8D AH KC", 200),
        ("9S 9H 9D 9C 7S AD AH KC", 150),
        ("AS AH AD AC 7S 8D JH 9C", 100),
        ("TS TH TD TC 7S 8D AH KC", 100),
        ("KS KH KD KC 7S 8D 9H TC", 100),
        ("QS QH QD QC 7S 8D 9H TC", 100),
    ],
)
def test_carres_are_worth_200_for_jacks_150_for_nines_and_100_for_a_t_k_q(hand, value):
    assert [(k, v) for k, v, _ in declared(hand)] == [("carre", value)]


def test_four_sevens_or_eights_are_no_declaration():
    assert declared("7S 7H 7D 7C 8S 8H 8D 8C") == []


def test_one_card_serves_in_one_declaration_the_best_split_is_declared():
    assert declared("JS JH JD JC 9H TH 7S KD") == [("carre", 200, "JS JH JD JC")]


def test_with_two_way_cards_a_card_serves_in_a_carre_and_a_sequence():
    assert declared("JS JH JD JC 9H TH 7S KD", card_in_two_declarations=True) == [
        ("carre", 200, "JS JH JD JC"),
        ("tierce", 20, "9H TH JH"),
    ]


def test_eight_cards_of_one_suit_are_a_belot():
    assert [k for k, _, _ in declared("7C 8C 9C TC JC QC KC AC")] == ["belot"]
    assert declared("7C 8C 9C TC JC QC KC AC", belot8="points")[0][1] == 1001


# ---- the single best declaration -----------------------------------------------------------


def test_only_the_team_with_the_best_declaration_scores_all_of_its_declarations():
    decls = [
        {"team": "NS", "kind": "quarte", "high": "AS"},
        {"team": "NS", "kind": "tierce", "high": "9D"},
        {"team": "EW", "kind": "quarte", "high": "KH"},
    ]
    result = score({"trump": "C", "caller": "N", "caller_points": 100, "declarations": decls})
    assert result.details["declarations"] == {"NS": 70, "EW": 0}


def test_more_points_win_a_carre_of_nines_beats_a_quinte():
    assert (
        winner(
            [
                {"team": "NS", "kind": "quinte", "high": "AS"},
                {"team": "EW", "kind": "carre", "rank": "9"},
            ]
        )
        == "EW"
    )


@pytest.mark.parametrize(("equal_value", "team"), [("carre", "EW"), ("sequence", "NS")])
def test_at_equal_points_a_carre_beats_a_sequence_or_the_other_way_round(equal_value, team):
    assert (
        winner(
            [
                {"team": "NS", "kind": "quinte", "high": "JS"},
                {"team": "EW", "kind": "carre", "rank": "Q"},
            ],
            equal_value=equal_value,
        )
        == team
    )


def test_at_equal_points_the_longer_sequence_wins():
    assert (
        winner(
            [
                {"team": "NS", "kind": "quinte", "high": "AS"},
                {"team": "EW", "kind": "sixte", "high": "KD"},
            ]
        )
        == "EW"
    )


def test_at_equal_points_and_length_the_higher_top_card_wins():
    assert (
        winner(
            [
                {"team": "NS", "kind": "quarte", "high": "AS"},
                {"team": "EW", "kind": "quarte", "high": "KH"},
            ]
        )
        == "NS"
    )
    assert (
        winner(
            [
                {"team": "NS", "kind": "carre", "rank": "K"},
                {"team": "EW", "kind": "carre", "rank": "A"},
            ]
        )
        == "EW"
    )


def test_equal_sequences_are_told_apart_by_trump_then_by_seat_order():
    decls = [
        {"team": "EW", "kind": "tierce", "high": "KS", "seat": "W"},
        {"team": "NS", "kind": "tierce", "high": "KD", "seat": "S"},
    ]
    assert winner(decls, trump="D") == "NS"
    assert winner(decls, trump="H", dealer="N") == "NS"  # order E S W N
    assert winner(decls, trump="H", dealer="S") == "EW"  # order W N E S


def test_a_played_deal_writes_the_seats_when_equal_sequences_need_them():
    hands = {
        "W": "KS AS KH AH TC QC 9C AC",
        "N": "9S TS JS 7D 9D JD KD 7C",
        "E": "9H TH JH 8D TD QD AD 8C",
        "S": "7S 8S QS 7H 8H QH KC JC",
    }
    deal = deal_with(hands, dealer="S")
    deal.call("C")
    play_out(deal, [RandomBot(i) for i in range(4)])
    record = deal.record()
    assert record["dealer"] == "S"
    assert [d["seat"] for d in record["declarations"]] == ["N", "E"]
    assert [a.seat for a in deal.played().counted] == [N]  # W N E S: N is earlier
    assert deal.score().details["declarations_team"] == "NS"
    assert score(record, dealer="E") == deal.score()  # the record's dealer wins


# ---- bela ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("call_on", "trick"), [("first_card", 0), ("second_card", 1)])
def test_bela_is_called_with_the_first_or_the_second_of_king_and_queen_of_trump(call_on, trick):
    contract = Contract("H", W)
    hands = [0, DECK.parse_mask("KH QH"), 0, 0]
    tricks = [
        (E, tuple(DECK.parse_many("KH 7H 8H 9H")), W),
        (W, tuple(DECK.parse_many("JH QH TH AH")), W),
    ]
    found = VARIANT.pm.hook.atout_play_declarations(
        rules=rules(bela_call_on=call_on), contract=contract, hands=hands, tricks=tricks
    )
    assert [(a.seat, a.kind, a.points, a.key) for a in found] == [(E, "bela", 20, (trick,))]


def test_no_bela_when_king_and_queen_of_trump_are_in_two_hands():
    hands = [DECK.parse_mask("KH"), DECK.parse_mask("QH"), 0, 0]
    assert (
        VARIANT.pm.hook.atout_play_declarations(
            rules=rules(), contract=Contract("H", W), hands=hands, tricks=[]
        )
        == ()
    )


# ---- a declaration in players' words ---------------------------------------------------------


def test_a_declaration_is_said_in_the_readers_words_not_in_its_codes():
    """A record error names a declaration ("EW septieme to QD"): its kind is said in the
    page's language and its top card in the deck's words, as every other card of a reason."""
    from framework.core.messages import KERNEL, Names, Translator
    from variants.bela.rules import sequence

    septieme = sequence(1, 7, DECK.ranks.index("Q"), DECK.suits.index("D"))
    assert str(septieme.describe()) == "EW septieme to QD"
    french = Translator(
        "fr", [*VARIANT.translations, KERNEL], Names(cards={"QD": "dame de carreau"})
    )
    assert french.render(septieme.describe()) == "septième de EW à dame de carreau"
