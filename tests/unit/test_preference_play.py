"""Préférence's play and the phases after the auction: the worked examples P1 and P3 of
docs/variants/preference.md §12, the whist round (half-whist, take back, open whist,
Stalingrad) and the sides."""

from __future__ import annotations

import pytest
from preference_helpers import deal_with, rules

from framework.api import FRENCH_32 as DECK
from framework.api import Contract, PhaseTable, RuleViolation
from variants.preference.play import play_rules
from variants.preference.whist import final_calls, phases, sides

N, E, S, W = 0, 1, 2, 3
HEARTS, SPADES = DECK.suits.index("H"), DECK.suits.index("S")


def legal(rules_, hand, trick):
    cards = tuple(DECK.parse(c) for c in trick.split())
    return rules_.legal(DECK.parse_mask(hand), cards, cards[0], False)


def explain(rules_, hand, trick):
    cards = tuple(DECK.parse(c) for c in trick.split())
    return str(rules_.reason(DECK.parse_mask(hand), cards, cards[0], False))


def test_p1_follow_suit_then_trump():
    hearts = play_rules(HEARTS)
    assert DECK.format_mask(legal(hearts, "7S JS 8H AD", "KS")) == "7S JS"
    assert explain(hearts, "7S JS 8H AD", "KS") == "you have spades: follow suit with 7S or JS"
    assert DECK.format_mask(legal(hearts, "9H QH AC", "KS")) == "9H QH"
    assert explain(hearts, "9H QH AC", "KS") == "you have no spades: you must trump (9H, QH)"
    no_trumps = play_rules(None)
    assert legal(no_trumps, "9H QH AC", "KS") == DECK.parse_mask("9H QH AC")
    # the third step names the suit led as the other two do
    assert explain(no_trumps, "9H QH AC", "KS") == (
        "you have no spades and no trump: any card may be played"
    )


def test_the_highest_trump_wins_else_the_highest_of_the_suit_led():
    hearts = play_rules(HEARTS)
    keys = hearts.lead_keys[DECK.parse("KS")]
    assert keys[DECK.parse("7H")] > keys[DECK.parse("AS")] > keys[DECK.parse("KS")]
    assert keys[DECK.parse("AD")] == -1
    assert play_rules(None).trumps == 0 and play_rules(SPADES).trumps == DECK.suit_masks[SPADES]


def run(phase_list, contract, actions, hands=(0, 0, 0), talon=0):
    """Run the phases with the actions ``[(seat, code)]``; the decisions made."""
    decisions = []
    queue = list(actions)
    for phase in phase_list:
        phase.begin(PhaseTable(DECK, S, contract, hands, talon, tuple(decisions)))
        while phase.turn is not None:
            seat, code = queue.pop(0)
            action = phase.find(seat, code)
            phase.apply(seat, action)
            if action.kind == "name":
                contract = action.contract
            if action.kind == "decide":
                decisions.append((seat, action.code))
    assert not queue
    return decisions, contract


def whist_round(contract, actions, **options):
    all_phases = phases(rules(**options), contract, S, 3)
    return run(all_phases[3:], contract, actions)


def game(bid):
    from variants.preference.whist import game_contract

    return game_contract(bid, N)


def test_g5c_half_then_take_back():
    decisions, _ = whist_round(game("6C"), [(E, "pass"), (S, "half"), (E, "whist"), (E, "open")])
    calls, opened = final_calls(decisions, (E, S))
    assert calls == {E: "whist", S: "pass"} and opened


def test_g5_the_half_stands():
    decisions, _ = whist_round(game("6C"), [(E, "pass"), (S, "half"), (E, "pass")])
    assert final_calls(decisions, (E, S)) == ({E: "pass", S: "half"}, False)


def test_half_only_on_6_and_7_and_only_for_the_second_after_a_pass():
    phase = phases(rules(), game("8NT"), S, 3)[3]
    phase.begin(PhaseTable(DECK, S, game("8NT"), (0, 0, 0), 0))
    phase.apply(E, phase.find(E, "pass"))
    assert [a.code for a in phase.legal_actions(S)] == ["WHIST", "PASS"]
    with pytest.raises(RuleViolation):
        phase.find(S, "half")
    phase = phases(rules(), game("6S"), S, 3)[3]
    phase.begin(PhaseTable(DECK, S, game("6S"), (0, 0, 0), 0))
    phase.apply(E, phase.find(E, "whist"))
    assert "HALF" not in [a.code for a in phase.legal_actions(S)]


def test_p3_open_whist_the_whister_plays_the_passers_hand():
    phase = phases(rules(), game("7H"), S, 3)[3]
    phase.begin(PhaseTable(DECK, S, game("7H"), (0, 0, 0), 0))
    phase.apply(E, phase.find(E, "whist"))
    phase.apply(S, phase.find(S, "pass"))
    assert phase.turn == E
    opened = phase.find(E, "open")
    assert opened.plays_for == (S,) and opened.shows == (E, S)
    phase.apply(E, opened)
    assert phase.is_over


def test_lone_whist_open_never_and_always():
    decisions, _ = whist_round(game("7H"), [(E, "whist"), (S, "pass")], lone_whist_open="never")
    assert decisions == [(E, "WHIST"), (S, "PASS")]
    phase = phases(rules(lone_whist_open="always"), game("7H"), S, 3)[3]
    phase.begin(PhaseTable(DECK, S, game("7H"), (0, 0, 0), 0))
    phase.apply(E, phase.find(E, "whist"))
    phase.apply(S, phase.find(S, "pass"))
    assert [a.code for a in phase.legal_actions(E)] == ["OPEN"]


def test_stalingrad_6s_must_be_whisted():
    phase = phases(rules(stalingrad=True), game("6S"), S, 3)[3]
    phase.begin(PhaseTable(DECK, S, game("6S"), (0, 0, 0), 0))
    assert [a.code for a in phase.legal_actions(E)] == ["WHIST"]


def test_a6_the_talon_the_discard_and_the_contract_named():
    hands = (DECK.parse_mask("7S 8S 9S TS JS QS KS AS 7H 8H"), 0, 0)
    talon = DECK.parse_mask("9H TH")
    contract = Contract("D", E, 6, extra={"bid": "6D"})
    found = phases(rules(), contract, S, 3)
    take, discard, name = found[:3]
    take.begin(PhaseTable(DECK, S, contract, hands, talon))
    (action,) = take.legal_actions(E)
    assert action.kind == "take" and action.cards == talon and action.public
    name.begin(PhaseTable(DECK, S, contract, hands, 0))
    codes = [a.code for a in name.legal_actions(E)]
    assert codes[:3] == ["6D", "6H", "6NT"] and codes[-1] == "10NT" and "MISERE" not in codes
    assert name.find(E, "7S").contract.value == 7
    with pytest.raises(RuleViolation):
        name.find(E, "6C")
    discard.begin(PhaseTable(DECK, S, contract, (0, hands[0], 0), 0))
    assert discard.find(E, "AS 7S").cards == DECK.parse_mask("7S AS")


def test_misere_phases_and_raspasy_has_none():
    misere = Contract("NT", E, name="misere", extra={"bid": "MISERE"})
    assert len(phases(rules(), misere, S, 3)) == 2
    assert len(phases(rules(misere_open="before_first_lead"), misere, S, 3)) == 2
    raspasy = Contract("NT", N, name="raspasy", extra={"bid": "RASPASY"})
    assert phases(rules(), raspasy, S, 3) is None


#: R8's hands: E holds no spade; the talon is 9S then 7H.
R8_HANDS = {
    N: "7S TS JS 8H 9H 7C 8C 9C 7D 8D",
    E: "KH TH JH QH TC JC QC 9D TD JD",
    S: "8S QS KS AS AH KC AC QD KD AD",
}


def raspasy_r8(**overrides):
    deal = deal_with(R8_HANDS, "9S 7H", S, **overrides)
    while deal.phase == "auction":
        deal.call("PASS")
    assert deal.contract.name == "raspasy" and deal.phase == "play"
    return deal


def test_r8_the_talon_leads_tricks_1_and_2_and_never_wins():
    deal = raspasy_r8()
    assert deal.current_seat == N and DECK.format(deal.lead) == "9S"
    # The talon's 9S is led: N must follow spades from his own hand.
    assert DECK.format_mask(deal.legal_mask()) == "7S TS JS"
    with pytest.raises(RuleViolation, match="follow suit"):
        deal.play("8H")
    for card in ("7S", "KH", "8S"):
        deal.play(card)
    assert deal.tricks[0] == (N, tuple(DECK.parse_many("7S KH 8S")), S)  # 9S never wins
    # Trick 2: the 7H turned, played again from the first hand, whoever took trick 1.
    assert deal.current_seat == N and DECK.format(deal.lead) == "7H"
    assert [DECK.format(c) for c in deal.talon_leads] == ["9S", "7H"]
    # every seat sees the turned cards; the view a table shows says which one leads now
    from framework.engine.infoset import InfoSet

    for seat in (N, E, S):
        view = InfoSet(deal, seat).to_json()
        assert view["talon_leads"] == ["9S", "7H"] and view["lead"] == "7H"
    for card in ("8H", "TH", "AH"):
        deal.play(card)
    assert deal.tricks[1] == (N, tuple(DECK.parse_many("8H TH AH")), S)
    # Trick 3: led by the first hand (raspasy_third_lead = first_hand), from his hand.
    assert deal.lead is None and deal.current_seat == N
    assert deal.legal_mask() == deal.hand(N)
    assert deal.tricks_by_seat == (0, 0, 2)


def test_r8_trick_3_led_by_the_winner_of_trick_2():
    deal = raspasy_r8(raspasy_third_lead="trick_winner")
    for card in ["7S", "KH", "8S", "8H", "TH", "AH"]:
        deal.play(card)
    assert deal.current_seat == S and deal.lead is None


def test_raspasy_talon_none_the_first_hand_leads_from_his_hand():
    deal = raspasy_r8(raspasy_talon="none")
    assert deal.lead is None and deal.talon_leads == ()
    assert deal.legal_mask() == deal.hand(N)


@pytest.mark.parametrize("bot", ["random", "rules", "search"])
def test_a_raspasy_with_talon_leads_plays_out_replays_and_records(bot):
    from framework.bots.base import play_out
    from framework.bots.registry import make_bot

    deal = raspasy_r8()
    play_out(deal, [make_bot(bot, seed=seat, budget=8) for seat in range(3)])
    assert deal.is_over and sum(deal.tricks_by_seat) == 10
    held = list(deal.start_hands)
    for (leader, cards, winner), lead in zip(
        deal.tricks[:2], DECK.parse_many("9S 7H"), strict=True
    ):
        suit = DECK.suit_masks[DECK.suit_of[lead]]
        assert leader == N
        for seat, card in zip((N, E, S), cards, strict=True):
            assert suit >> card & 1 or not held[seat] & suit  # followed the talon's suit
            held[seat] &= ~(1 << card)
        best = max((c for c in cards if suit >> c & 1), key=lambda c: DECK.rank_of[c])
        assert winner == (N, E, S)[cards.index(best)]
    again = type(deal).from_json(deal.variant, deal.to_json())
    assert again.tricks == deal.tricks and again.record() == deal.record()
    assert again.record()["tricks"] == dict(zip("NES", deal.tricks_by_seat, strict=True))


def raspasy_f2(preset="leningrad", talon="9S 7H", **overrides):
    """§12 F2's table: four players, W deals and sits out, R8's hands for N, E and S."""
    deal = deal_with(R8_HANDS, talon, W, preset, players=4, **overrides)
    while deal.phase == "auction":
        deal.call("PASS")
    assert deal.contract.name == "raspasy" and deal.contract.sitting_out == W
    return deal


def test_f2_under_dealer_plays_the_sitting_out_dealer_takes_trick_1_with_the_talons_9s():
    """F2: the talon's 9S is W's card; N 7S, E KH (no spades), S 8S: the 9S is the best spade,
    so W takes trick 1 (with lead_suit S's 8S would)."""
    deal = raspasy_f2()
    assert deal.talon_owner == W and deal.current_seat == N and DECK.format(deal.lead) == "9S"
    assert deal.winning == (DECK.parse("9S"), W)  # the dealer's card holds the trick so far
    assert DECK.format_mask(deal.legal_mask()) == "7S TS JS"  # N follows the spade led
    for card in ("7S", "KH", "8S"):
        deal.play(card)
    assert deal.tricks[0] == (N, tuple(DECK.parse_many("7S KH 8S")), W)
    # Trick 2: the 7H, W's too, played again from the first hand; S's AH beats it.
    assert deal.current_seat == N and DECK.format(deal.lead) == "7H"
    for card in ("8H", "TH", "AH"):
        deal.play(card)
    assert deal.tricks[1] == (N, tuple(DECK.parse_many("8H TH AH")), S)
    assert deal.lead is None and deal.current_seat == N  # raspasy_third_lead = first_hand
    assert deal.tricks_by_seat == (0, 0, 1, 1)
    same = raspasy_f2(raspasy_talon="lead_suit")
    for card in ("7S", "KH", "8S"):
        same.play(card)
    assert same.talon_owner is None and same.tricks[0][2] == S


def test_f2_a_seat_that_beats_the_dealers_talon_card_takes_the_trick():
    deal = raspasy_f2()
    deal.play("JS")  # N beats the 9S: his card holds the trick now
    assert deal.winning == (DECK.parse("JS"), N)
    for card in ("KH", "8S"):
        deal.play(card)
    assert deal.tricks[0][2] == N


def test_the_first_hand_leads_after_the_talon_when_the_dealer_took_the_last_talon_trick():
    """Under raspasy_third_lead = trick_winner, a talon trick the dealer took is led on by
    the first hand (the dealer has no card to lead)."""
    deal = raspasy_f2(talon="7H 9S", raspasy_third_lead="trick_winner")
    for card in ("8H", "TH", "AH", "7S", "KH", "8S"):
        deal.play(card)
    assert [t[2] for t in deal.tricks] == [S, W]
    assert deal.lead is None and deal.current_seat == N and deal.phase == "play"


def test_three_players_under_dealer_plays_play_as_lead_suit():
    deal = raspasy_r8(raspasy_talon="dealer_plays")
    assert deal.talon_owner is None
    for card in ("7S", "KH", "8S"):
        deal.play(card)
    assert deal.tricks[0][2] == S


@pytest.mark.parametrize("bot", ["random", "rules", "search"])
def test_f2_a_dealer_plays_raspasy_plays_out_replays_records_and_scores_f3s_way(bot):
    """Played to the end by each bot: the dealer's talon tricks are in the record (F3: W is
    listed, priced like any player's), the log replays, and the conformance kit's checks of
    the talon's tricks and the card points hold."""
    from framework.bots.base import play_out
    from framework.bots.registry import make_bot
    from framework.engine.infoset import InfoSet
    from framework.kit import conformance

    deal = raspasy_f2()
    play_out(deal, [make_bot(bot, seed=seat, budget=8) for seat in range(4)])
    assert deal.is_over and sum(deal.tricks_by_seat) == 10
    taken = deal.tricks_by_seat[W]
    assert taken == sum(1 for t in deal.tricks[:2] if t[2] == W) and deal.start_hands[W] == 0
    again = type(deal).from_json(deal.variant, deal.to_json())
    assert again.tricks == deal.tricks and again.record() == deal.record()
    record = deal.record()
    assert record["dealer"] == "W" and record["tricks"]["W"] == taken
    assert InfoSet(deal, N).to_json()["talon_owner"] == "W"
    plays = [(e.seat, e.value) for e in deal.events if e.kind == "play"]
    where = conformance._Where("preference")
    conformance._check_talon_leads(deal, where, sum(deal.start_hands), plays)
    conformance._check_points(deal, where, deal.played().card_points)
    if taken:  # (F3: his tricks at the price of the first raspasy, 2 under leningrad)
        assert deal.score().details["mountain"]["W"] == 2 * taken


def test_the_kit_refuses_a_dealers_talon_trick_given_to_the_seat_that_played_under_it():
    from framework.kit import conformance

    deal = raspasy_f2()
    for card in ("7S", "KH", "8S"):
        deal.play(card)
    plays = [(e.seat, e.value) for e in deal.events if e.kind == "play"]
    where = conformance._Where("preference")
    leader, cards, _winner = deal.tricks[0]
    deal._tricks[0] = (leader, cards, S)
    with pytest.raises(conformance.ConformanceError, match="won by seat 2, not by W whose card 9S"):
        conformance._check_talon_leads(deal, where, sum(deal.start_hands), plays)


def test_a_sampled_dealer_plays_raspasy_keeps_the_dealers_turned_card_winning():
    """The search bot's worlds: the dealer's turned 9S leads and holds the trick in every
    sampled deal; the legal plays and the winner are the table's."""
    import random

    from framework.engine.infoset import InfoSet

    deal = raspasy_f2()
    deal.play("7S")
    info = InfoSet(deal, E)
    assert info.talon_owner == W and info.winning == (DECK.parse("9S"), W)
    rng = random.Random(1)
    for _ in range(20):
        world = info.sample(rng)
        assert world.talon_owner == W and world.winning == deal.winning
        assert world.legal_mask() == deal.legal_mask() and world.hand(W) == 0


def misere_p2(**overrides):
    """P2: E plays a misère; N, the first hand, leads 7D."""
    deal = deal_with(R8_HANDS, "9S 7H", S, **overrides)
    deal.call("PASS")  # N
    deal.call("MISERE")  # E
    while deal.phase == "auction":
        deal.call("PASS")
    deal.act(deal.legal_actions()[0])  # E takes the talon
    deal.act("9S 7H")  # and discards it
    assert deal.phase == "play" and deal.current_seat == N
    return deal


def test_p2_the_catchers_open_their_hands_once_the_first_card_is_led():
    from framework.engine.infoset import InfoSet

    deal = misere_p2()
    assert deal.shown == ()
    deal.play("7D")
    assert deal.shown == (N, S)
    seen_by_e = InfoSet(deal, E).known()
    assert seen_by_e[N] == deal.hand(N) and seen_by_e[S] == deal.hand(S)
    assert InfoSet(deal, N).known()[S] == deal.hand(S)
    assert InfoSet(deal, N).known()[E] == 0  # the declarer's hand stays hidden


def test_p2_before_first_lead_they_open_before_n_leads():
    deal = misere_p2(misere_open="before_first_lead")
    assert deal.shown == (N, S)


def test_sides():
    assert sides(game("7H"), 3) == (0, 1, 1)
    assert sides(Contract("NT", N, name="raspasy"), 3) == (0, 1, 2)
    assert sides(Contract("S", E, 7, sitting_out=W), 4) == (1, 0, 1, 2)


def test_the_rule_bot_whists_with_its_share_and_discards_high_on_a_misere():
    from framework.api import PhaseAction
    from variants.preference.bot import choose, likely_tricks

    assert (
        likely_tricks(DECK.parse_mask("AS KS 7S AH 8H 9H TH 7D 8D 9D"), "H") == 3.5
    )  # AS, KS guarded, AH, two trumps past the second
    offered = [PhaseAction("decide", c, c.lower()) for c in ("WHIST", "PASS", "HALF")]
    strong = DECK.parse_mask("AS KS 7S AH 8H 9H TH 7D 8D 9D")
    weak = DECK.parse_mask("7S 8S 9S 7H 8H 9H 7D 8D 9D 7C")
    duties = (4, 2, 1, 1, 1)
    assert choose(game("6H"), strong, duties, offered).code == "WHIST"
    assert choose(game("6H"), weak, duties, offered).code == "HALF"
    assert choose(game("6H"), weak, duties, offered[:2]).code == "PASS"
    misere = Contract("NT", N, name="misere", extra={"bid": "MISERE"})
    discards = [
        PhaseAction("discard", "7S 8S", "", cards=DECK.parse_mask("7S 8S")),
        PhaseAction("discard", "KS AS", "", cards=DECK.parse_mask("KS AS")),
    ]
    assert choose(misere, 0, duties, discards).code == "KS AS"
    assert choose(game("6H"), strong, duties, discards) is None


def test_two_passes_or_a_standing_half_end_the_deal_without_play():
    phase = phases(rules(), game("6C"), S, 3)[3]
    phase.begin(PhaseTable(DECK, S, game("6C"), (0, 0, 0), 0))
    assert not phase.find(E, "pass").ends_deal
    phase.apply(E, phase.find(E, "pass"))
    ends = {a.code: a.ends_deal for a in phase.legal_actions(S)}
    assert ends == {"WHIST": False, "PASS": True, "HALF": False}
    phase.apply(S, phase.find(S, "half"))
    ends = {a.code: a.ends_deal for a in phase.legal_actions(E)}
    assert ends == {"WHIST": False, "PASS": True}


def test_a_sampled_raspasy_keeps_the_turned_talon_card_and_hides_the_next():
    """The search bot's worlds: the talon's turned card leads the same trick in every sampled
    deal, the talon's other card is any card the seat has not seen."""
    import random

    from framework.engine.infoset import InfoSet

    deal = raspasy_r8()
    deal.play("7S")  # N follows the talon's 9S
    info = InfoSet(deal, E)
    assert info.lead == DECK.parse("9S") and info.played >> DECK.parse("9S") & 1
    rng = random.Random(1)
    second = set()
    for _ in range(30):
        world = info.sample(rng)
        assert world.lead == deal.lead and world.talon_leads == deal.talon_leads
        assert world.hand(E) == deal.hand(E) and world.trick == deal.trick
        assert world.current_seat == E and world.legal_mask() == deal.legal_mask()
        second.add(world.talon_dealt & ~(1 << deal.lead))
    assert len(second) > 1  # E has not seen the 7H


def test_a_log_whose_talon_leads_are_not_its_decks_is_refused():
    from framework.api import NotationError

    deal = raspasy_r8()
    deal.play("7S")
    log = deal.to_json()
    assert log["talon_leads"] == ["9S"]
    log["talon_leads"] = ["7H"]
    with pytest.raises(NotationError, match="talon leads"):
        type(deal).from_json(deal.variant, log)


def test_the_kit_refuses_a_talon_trick_won_by_the_wrong_seat():
    """The conformance kit's check of the talon's tricks fails on a trick whose winner is not
    the seat of the best card in the talon card's suit (here N's 7S marked as the winner)."""
    from framework.kit import conformance

    deal = raspasy_r8()
    for card in ["7S", "KH", "8S", "8H", "TH", "AH"]:
        deal.play(card)
    plays = [(e.seat, e.value) for e in deal.events if e.kind == "play"]
    dealt = sum(deal.start_hands)
    where = conformance._Where("preference")
    conformance._check_talon_leads(deal, where, dealt, plays)  # as played: no fault
    leader, cards, _winner = deal.tricks[0]
    deal._tricks[0] = (leader, cards, N)
    with pytest.raises(conformance.ConformanceError, match="won by seat 0, not by S"):
        conformance._check_talon_leads(deal, where, dealt, plays)


@pytest.mark.parametrize(
    ("name", "players", "avoid"),
    [
        ("raspasy", 3, (0, 1, 2)),
        ("raspasy", 4, (0, 1, 3)),  # (seat 2 deals and sits out)
        ("misere", 3, (1,)),
        (None, 3, ()),
    ],
)
def test_who_plays_to_take_no_trick_is_said_to_the_bots(name, players, avoid):
    """Every player of a raspasy and a misère's declarer play to take as few tricks as they can
    (``PlayPlan.avoid_tricks``, the bots' hint); nobody in a game."""
    from variants.preference.whist import play_plan

    r = rules(players=players)
    out = 2 if players == 4 else None
    contract = Contract("NT" if name else "S", 1, 6 if name is None else None, name, 0, out)
    plan = play_plan(r, contract, players)
    assert (plan.avoid_tricks if plan is not None else ()) == avoid
