"""Belote family announcements (spec §1.8) and belote-rebelote (§1.7): values, the best disjoint
combinations of a hand, the comparison between teams, and the record side of both."""

import doctest
import random

import pytest

from framework.core.cards import FRENCH_32 as DECK
from framework.core.errors import RecordError
from framework.core.seats import TEAMS
from framework.rules.schema import Choice, RecordSchema, SuitField
from framework.rules.scoring import MatchContext
from variants.belote import announcements as ann
from variants.belote import records


def declared(seat, hand, den="S", nt_carre_9=100, tiebreak=False):
    return ann.declarations(seat, DECK.parse_mask(hand), den, nt_carre_9, tiebreak)


def shapes(anns):
    return sorted((a.kind, a.points, DECK.format_mask(a.cards)) for a in anns)


# ---- values ---------------------------------------------------------------------------------


def test_a_tierce_is_20_a_quarte_50_and_a_quinte_100():
    assert shapes(declared(0, "7S 8S 9S")) == [("tierce", 20, "7S 8S 9S")]
    assert shapes(declared(0, "7S 8S 9S TS")) == [("quarte", 50, "7S 8S 9S TS")]
    assert shapes(declared(0, "7S 8S 9S TS JS")) == [("quinte", 100, "7S 8S 9S TS JS")]


def test_a_run_of_six_to_eight_cards_counts_once_as_100():
    assert [a.points for a in declared(0, "7H 8H 9H TH JH QH KH AH")] == [100]
    assert [a.points for a in declared(0, "7H 8H 9H TH JH QH AS KS")] == [100]


def test_sequences_follow_the_natural_order_whatever_the_trump():
    # 9 T J is a tierce although the trump order puts the jack above the nine.
    assert shapes(declared(0, "9H TH JH", den="H")) == [("tierce", 20, "9H TH JH")]
    assert declared(0, "9H JH AH", den="H") == ()


@pytest.mark.parametrize(
    ("rank", "suit_value", "nt_value"),
    [
        ("J", 200, 100),
        ("9", 150, 100),
        ("A", 100, 200),
        ("T", 100, 150),
        ("K", 100, 100),
        ("Q", 100, 100),
        ("8", 0, 0),
        ("7", 0, 0),
    ],
)
def test_carre_values_in_suit_all_trumps_and_no_trumps(rank, suit_value, nt_value):
    assert ann.carre_points(rank, "H", 100) == suit_value
    assert ann.carre_points(rank, "AT", 100) == suit_value
    assert ann.carre_points(rank, "NT", 100) == nt_value


def test_no_trumps_carre_of_nines_follows_nt_carre_9():
    assert [a.points for a in declared(0, "9S 9H 9D 9C", den="NT", nt_carre_9=100)] == [100]
    assert declared(0, "9S 9H 9D 9C", den="NT", nt_carre_9=0) == ()


def test_carres_of_eights_and_sevens_are_not_declared():
    assert declared(0, "8S 8H 8D 8C 7S 7H 7D 7C") == ()


# ---- one card, one combination ---------------------------------------------------------------


def test_one_card_serves_one_combination_and_the_best_total_is_declared():
    # Carré of nines (150) + quarte T-K (50) beats the quinte 9-K (100) that takes the 9H.
    assert shapes(declared(0, "9S 9D 9C 9H TH JH QH KH")) == [
        ("carre", 150, "9S 9H 9D 9C"),
        ("quarte", 50, "TH JH QH KH"),
    ]


def test_on_equal_totals_the_carre_is_preferred():
    # Carré of queens (100) or the quinte T-A (100): both use the QH.
    assert shapes(declared(0, "QS QD QC TH JH QH KH AH")) == [("carre", 100, "QS QH QD QC")]


def test_two_sequences_in_two_suits_are_both_declared():
    assert shapes(declared(1, "7S 8S 9S JD QD KD AD 7C")) == [
        ("quarte", 50, "JD QD KD AD"),
        ("tierce", 20, "7S 8S 9S"),
    ]


# ---- comparison between teams ------------------------------------------------------------------


def winner(ns_hand, ew_hand, den="S", tiebreak=False, nt_carre_9=100):
    d = declared(0, ns_hand, den, nt_carre_9, tiebreak) + declared(
        1, ew_hand, den, nt_carre_9, tiebreak
    )
    team = ann.counting_team(d)
    return None if team is None else TEAMS[team]


def test_the_higher_value_wins():
    assert winner("7H 8H 9H TH", "JD QD KD") == "NS"


def test_at_equal_value_a_carre_beats_a_quinte():
    assert winner("TH JH QH KH AH", "KS KH KD KC") == "EW"


def test_at_equal_value_the_higher_top_card_wins():
    assert winner("8H 9H TH", "JD QD KD") == "EW"


def test_the_longer_sequence_wins_only_with_seq_length_tiebreak():
    ns, ew = "7D 8D 9D TD JD QD", "TH JH QH KH AH"
    assert winner(ns, ew, tiebreak=True) == "NS"
    assert winner(ns, ew, tiebreak=False) == "EW"


def test_in_a_suit_contract_a_trump_sequence_beats_an_equal_plain_one():
    assert winner("9D TD JD", "9S TS JS", den="S") == "EW"
    assert winner("9D TD JD", "9S TS JS", den="D") == "NS"


def test_an_exact_tie_scores_nothing():
    assert winner("9D TD JD", "9S TS JS", den="H") is None
    assert winner("9D TD JD", "9S TS JS", den="NT") is None


def test_in_all_trumps_no_sequence_is_a_trump_sequence():
    assert winner("9D TD JD", "9S TS JS", den="AT") is None


def test_the_winning_team_scores_all_its_combinations_even_weaker_ones():
    d = (
        declared(0, "TH JH QH KH AH 7S 8S 9S")
        + declared(1, "9D 9C 9H 9S JD")
        + declared(2, "7C 8C 9C")
    )
    # EW's carré of nines (150) beats NS's quinte, so NS's tierces do not count either.
    assert [(a.seat, a.points) for a in ann.counted(d)] == [(1, 150)]
    d = declared(0, "TH JH QH KH AH") + declared(1, "7D 8D 9D") + declared(2, "7C 8C 9C")
    assert sorted((a.seat, a.points) for a in ann.counted(d)) == [(0, 100), (2, 20)]


# ---- belote-rebelote ---------------------------------------------------------------------------


def test_belote_is_king_and_queen_of_trump_in_one_hand():
    hands = [DECK.parse_mask("KH QH 7S"), DECK.parse_mask("KS QS"), 0, 0]
    assert [(a.seat, a.kind, a.points) for a in ann.belotes("H", hands)] == [(0, "belote", 20)]


def test_no_belote_when_king_and_queen_of_trump_are_in_two_hands():
    hands = [DECK.parse_mask("KH"), 0, DECK.parse_mask("QH"), 0]
    assert ann.belotes("H", hands) == ()


def test_all_trumps_has_one_belote_per_suit_and_no_trumps_none():
    hands = [DECK.parse_mask("KH QH KC QC"), DECK.parse_mask("KS QS"), 0, 0]
    assert [(a.seat, DECK.format_mask(a.cards)) for a in ann.belotes("AT", hands)] == [
        (1, "QS KS"),
        (0, "QH KH"),
        (0, "QC KC"),
    ]
    assert ann.belote_teams(ann.belotes("AT", hands)) == ["NS", "NS", "EW"]
    assert ann.belotes("NT", hands) == ()


def _schema(enabled=True, nt_carre_9=100):
    """The belote family's trump, belote and announcements fields, as a variant declares them."""
    fields = [
        SuitField(
            "trump", "Trump", DECK, extra=(Choice("NT", "no trumps"), Choice("AT", "all trumps"))
        ),
        records.belote_field(),
    ]
    if enabled:
        fields.append(records.announcements_field())

    def checked(clean, context):
        records.check_announcements(clean.get("announcements", ()), clean["trump"], nt_carre_9)

    return RecordSchema(
        fields,
        checked,
        not_fields={}
        if enabled
        else {"announcements": "this game is played without announcements"},
    )


def belote(record, den):
    return _schema().validate({**record, "trump": den}, MatchContext())["belote"]


def test_belote_record_counts_per_contract():
    assert belote({"belote": ["ns"]}, "H") == ["NS"]
    assert belote({}, "H") == []
    assert belote({"belote": ["EW", "NS", "EW"]}, "AT") == ["NS", "EW", "EW"]
    with pytest.raises(RecordError, match=r"at most 1 when trump is hearts ♥ \(not 2\)$"):
        belote({"belote": ["NS", "EW"]}, "H")
    with pytest.raises(RecordError, match=r"none when trump is no trumps"):
        belote({"belote": ["NS"]}, "NT")
    with pytest.raises(RecordError) as err:
        belote({"belote": ["NS", "XY"]}, "AT")
    assert err.value.field == "belote.1"


# ---- the record side ----------------------------------------------------------------------------


def check(items, den="S", enabled=True, nt_carre_9=100):
    clean = _schema(enabled, nt_carre_9).validate(
        {"trump": den, "announcements": items}, MatchContext()
    )
    return clean.get("announcements", [])


def test_record_items_are_normalised():
    assert check(
        [
            {"team": "ew", "kind": "Carre", "rank": "10"},
            {"team": "NS", "kind": "tierce", "high": "k♥"},
        ]
    ) == [
        {"team": "EW", "kind": "carre", "rank": "T"},
        {"team": "NS", "kind": "tierce", "high": "KH"},
    ]


@pytest.mark.parametrize(
    ("items", "field", "reason"),
    [
        ("tierce", "announcements", "is a list"),
        (
            [{"team": "NS", "kind": "tierce", "high": "KH"}],
            "announcements",
            "without announcements",
        ),
        (["KH"], "announcements.0", "is an object"),
        ([{"kind": "tierce", "high": "KH"}], "announcements.0.team", "Which team announced it?"),
        ([{"team": "NS", "kind": "sixte", "high": "KH"}], "announcements.0.kind", "not one of"),
        ([{"team": "NS", "kind": "tierce"}], "announcements.0.high", "Which card tops the tierce?"),
        ([{"team": "NS", "kind": "tierce", "high": "ZZ"}], "announcements.0.high", "not a card"),
        (
            [{"team": "NS", "kind": "quinte", "high": "TH"}],
            "announcements.0.high",
            "cannot end at TH",
        ),
        (
            [{"team": "NS", "kind": "tierce", "high": "KH", "length": 3}],
            "announcements.0.length",
            "does not apply when kind is tierce",
        ),
        (
            [{"team": "NS", "kind": "quinte", "high": "AH", "length": 9}],
            "announcements.0.length",
            "not between 5 and 8",
        ),
        ([{"team": "NS", "kind": "carre"}], "announcements.0.rank", "A carré of which rank?"),
        ([{"team": "NS", "kind": "carre", "rank": "8"}], "announcements.0.rank", "scores nothing"),
        (
            [{"team": "NS", "kind": "carre", "rank": "J", "high": "JH"}],
            "announcements.0.high",
            "does not apply when kind is carré",
        ),
        (
            [
                {"team": "NS", "kind": "carre", "rank": "J"},
                {"team": "NS", "kind": "tierce", "high": "KH"},
            ],
            "announcements.1",
            "uses JH, already in another announcement of NS",
        ),
    ],
)
def test_bad_announcement_items_name_the_field(items, field, reason):
    with pytest.raises(RecordError) as err:
        check(items, enabled="without" not in reason)
    assert err.value.field == field
    assert reason in err.value.reason


def test_no_trumps_carre_of_nines_is_refused_when_it_scores_nothing():
    assert check([{"team": "NS", "kind": "carre", "rank": "9"}], "NT", nt_carre_9=100)
    with pytest.raises(RecordError, match="scores nothing in a NT contract"):
        check([{"team": "NS", "kind": "carre", "rank": "9"}], "NT", nt_carre_9=0)


def test_a_run_of_seven_keeps_its_length_in_the_record():
    (a,) = declared(2, "8C 9C TC JC QC KC AC", tiebreak=True)
    item = ann.record_item(a)
    assert item == {"team": "NS", "kind": "quinte", "high": "AC", "length": 7}
    (back,) = ann.record_announcements(check([item]), "S", 100, True)
    assert back.key == a.key and back.points == 100


@pytest.mark.parametrize("den", ["S", "H", "NT", "AT"])
@pytest.mark.parametrize("tiebreak", [False, True])
def test_the_record_decides_the_same_team_as_the_played_declarations(den, tiebreak):
    rng = random.Random(f"{den}{tiebreak}")
    cards = list(range(32))
    compared = 0
    for _ in range(300):
        rng.shuffle(cards)
        played = ()
        for seat in range(4):
            hand = sum(1 << c for c in cards[seat * 8 : seat * 8 + 8])
            played += ann.declarations(seat, hand, den, 100, tiebreak)
        items = check([ann.record_item(a) for a in played], den)
        from_record = ann.record_announcements(items, den, 100, tiebreak)
        assert [a.key for a in from_record] == [a.key for a in played]
        assert ann.counting_team(from_record) == ann.counting_team(played)
        assert sum(a.points for a in ann.counted(from_record)) == sum(
            a.points for a in ann.counted(played)
        )
        compared += bool(played)
    assert compared > 100


def test_declarations_are_the_best_combinations_of_every_hand():
    rng = random.Random(7)
    cards = list(range(32))
    for _ in range(500):
        rng.shuffle(cards)
        hand = sum(1 << c for c in cards[:8])
        combos = ann.hand_combinations(hand, "D", 100)
        assert [a.cards for a in ann.declarations(0, hand, "D", 100, False)] == [
            c.cards for c in combos
        ]


def test_the_record_list_alone_decides_which_team_counts():
    items = check(
        [
            {"team": "NS", "kind": "quinte", "high": "AH"},
            {"team": "NS", "kind": "tierce", "high": "9S"},
            {"team": "EW", "kind": "carre", "rank": "9"},
        ]
    )
    assert ann.record_counting_team(items, "S", 100, False) == "EW"
    assert ann.record_points(items, "S", 100, False) == {"NS": 0, "EW": 150}
    tie = check(
        [
            {"team": "NS", "kind": "tierce", "high": "JD"},
            {"team": "EW", "kind": "tierce", "high": "JC"},
        ]
    )
    assert ann.record_counting_team(tie, "H", 100, False) is None
    assert ann.record_points(tie, "H", 100, False) == {"NS": 0, "EW": 0}
    assert ann.record_counting_team(tie, "C", 100, False) == "EW"
    assert ann.record_points([], "C", 100, False) == {"NS": 0, "EW": 0}


def test_the_examples_in_the_docstrings_hold():
    assert doctest.testmod(ann).failed == 0


def test_a_hand_declares_what_its_best_combinations_are_suit_by_suit_or_with_a_carre():
    from framework.api import Announcement

    def reference(seat, hand, denomination, nt9, tiebreak):
        trump = "SHDC".find(denomination)
        out = []
        for c in ann.hand_combinations(hand, denomination, nt9):
            if c.shape == "set":
                out.append(
                    Announcement(
                        seat,
                        "carre",
                        c.points,
                        c.cards,
                        ann.combination_key(True, c.points, 4, c.rank, False, tiebreak),
                    )
                )
            else:
                out.append(
                    Announcement(
                        seat,
                        ann.run_kind(c.length),
                        c.points,
                        c.cards,
                        ann.combination_key(
                            False, c.points, c.length, c.rank, c.suit == trump, tiebreak
                        ),
                    )
                )
        return tuple(out)

    rng = random.Random(11)
    for n in range(3000):
        cards = (
            rng.sample(range(32), 8)
            if n % 3
            else ([r + 8 * s for s in range(4) for r in (n % 8,)] + rng.sample(range(32), 4))
        )
        hand = sum(1 << c for c in set(cards))
        for denomination in ("S", "H", "NT", "AT"):
            for nt9, tiebreak in ((100, False), (0, True)):
                assert ann.declarations(n % 4, hand, denomination, nt9, tiebreak) == reference(
                    n % 4, hand, denomination, nt9, tiebreak
                )
