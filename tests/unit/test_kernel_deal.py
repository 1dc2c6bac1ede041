import copy
import json
import pickle

import pytest
import toy_game

from framework.bots.base import RandomBot, play_out
from framework.bots.registry import make_bot
from framework.core.errors import AtoutError, PluginError, RecordError, RuleViolation
from framework.core.messages import Message
from framework.core.seats import E, N, S, W
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.engine.match import Match, MatchState
from framework.rules.outcome import MatchOutcome, first_to_target
from framework.rules.played import Event, PlayedDeal
from framework.rules.plugins import variant_from_plugins
from framework.rules.scoring import DealScore, MatchContext


def test_a_seed_gives_the_same_deal_and_hands_of_the_pattern(toy):
    rules = toy.rules()
    a, b = Deal.new(toy, rules, seed=7), Deal.new(toy, rules, seed=7)
    assert a.order == b.order and a.hands == b.hands
    assert [h.bit_count() for h in a.hands] == [8, 8, 8, 8]
    assert Deal.new(toy, rules, seed=8).order != a.order


def test_the_seat_after_the_dealer_speaks_first(toy):
    deal = Deal.new(toy, toy.rules(), dealer=S, seed=1)
    assert deal.current_seat == W


def test_four_passes_throw_the_deal_in(toy):
    deal = Deal.new(toy, toy.rules(), dealer=W, seed=1)
    for _ in range(4):
        deal.call("pass")
    assert deal.is_over and deal.contract is None
    assert deal.record() == {"thrown_in": True}
    assert deal.score().made is None


def test_an_illegal_call_names_the_legal_ones_and_changes_nothing(toy):
    deal = Deal.new(toy, toy.rules(), seed=1)
    with pytest.raises(RuleViolation, match="legal calls: PASS, S, H, D, C"):
        deal.call("NT")
    with pytest.raises(RuleViolation, match="may not call now; it is N's turn"):
        deal.call("S", seat=E)
    assert deal.events == [] and deal.current_seat == N


def _taken(toy, seed=3):
    deal = Deal.new(toy, toy.rules(), dealer=W, seed=seed)
    deal.call("H")
    return deal


def test_play_must_follow_suit_and_the_error_says_why(toy):
    deal = _taken(toy)
    led = deal.legal_plays()[0]
    deal.play(led)
    hand = deal.hands[E]
    suit = toy.deck.suit_masks[toy.deck.suit_of[led]]
    if hand & suit and hand & ~suit:
        off = (hand & ~suit & -(hand & ~suit)).bit_length() - 1
        with pytest.raises(RuleViolation, match="may not play"):
            deal.play(off)
    with pytest.raises(RuleViolation, match="does not hold"):
        deal.play(led, seat=E)
    with pytest.raises(RuleViolation, match="it is E's turn"):
        deal.play(deal.legal_plays()[0], seat=S)
    with pytest.raises(RuleViolation, match="auction is over"):
        deal.call("PASS")


class _IllegalFrom:
    """A bot that plays legally until its ``n``-th card, which it takes from outside its legal
    plays (another seat's card, then a card of its own hand it may not play when it has one)."""

    name = "illegal"

    def __init__(self, n: int) -> None:
        self.n = n

    def choose_card(self, info, legal):
        self.n -= 1
        if self.n:
            return (legal & -legal).bit_length() - 1
        outside = info.hand & ~legal or info.deck.full & ~info.hand
        return (outside & -outside).bit_length() - 1


@pytest.mark.parametrize("n", [1, 2, 6, 9])
def test_the_card_loop_refuses_an_illegal_card_and_changes_nothing(toy, n):
    deal = _taken(toy)
    bot = _IllegalFrom(n)
    views = [InfoSet(deal, s) for s in range(4)]
    before = []

    def choose(info, legal):
        before.append((deal.actions, deal.hands, deal.trick, deal.tricks, deal.card_points))
        return bot.choose_card(info, legal)

    with pytest.raises(RuleViolation, match=r"may not play|does not hold"):
        deal.play_to_end([choose] * 4, views)
    assert (deal.actions, deal.hands, deal.trick, deal.tricks, deal.card_points) == before[-1]
    assert deal.legal_mask() and not deal.is_over


def test_the_auction_loop_checks_a_call_that_is_not_one_offered(toy):
    # A call equal to one offered but not the object itself goes through the checked path;
    # one that is not legal is refused by name, the auction unchanged.
    from framework.rules.auction import Call

    deal = Deal.new(toy, toy.rules(), dealer=W, seed=3)
    views = [InfoSet(deal, s) for s in range(4)]
    texts = iter(["PASS", "H"])
    deal.call_to_end([lambda info, calls: Call(next(texts), "bid")] * 4, views)
    assert [c.text for _, c in deal.calls] == ["PASS", "H"] and deal.phase == "play"
    fresh = Deal.new(toy, toy.rules(), dealer=W, seed=3)
    with pytest.raises(RuleViolation, match="may not call"):
        fresh.call_to_end([lambda info, calls: Call("NOPE")] * 4, views)
    assert fresh.calls == () and fresh.phase == "auction"


def test_a_played_deal_replays_and_round_trips_through_json(toy):
    deal = _taken(toy, seed=11)
    play_out(deal, [RandomBot(i) for i in range(4)])
    assert deal.is_over and len(deal.tricks) == 8
    again = deal.replay()
    assert again.events == deal.events and again.hands == deal.hands
    back = Deal.from_json(toy, json.loads(json.dumps(deal.to_json())))
    assert back.events == deal.events and back.record() == deal.record()
    assert back.score() == deal.score()
    played = deal.played()
    assert sum(played.card_points.values()) == 40
    assert sum(played.tricks_won.values()) == 8
    # The summary is a named tuple built through its constructor: every field, as
    # constructed, its counted declarations the deal's.
    assert played == PlayedDeal(**played._asdict())
    assert played.counted == deal.counted()
    assert copy.copy(played) == played


def test_replaying_an_illegal_log_raises_rule_violation(toy):
    deal = _taken(toy, seed=5)
    first = deal.legal_plays()[0]
    with pytest.raises(RuleViolation):
        deal.replay([Event("call", N, "H"), Event("play", E, first)])


@pytest.mark.parametrize("bot", ["random", "rules"])
def test_bots_play_every_card_once(toy, bot):
    rules = toy.rules()
    for seed in range(20):
        deal = Deal.new(toy, rules, seed=seed)
        play_out(deal, [make_bot(bot, seed + i) for i in range(4)])
        if deal.contract is None:
            continue
        cards = [c for _, trick, _ in deal.tricks for c in trick]
        assert sorted(cards) == list(range(32))


def test_unknown_bot_is_a_clear_error():
    with pytest.raises(AtoutError, match="bots: random, rules"):
        make_bot("clever")


def test_match_rotates_the_dealer_and_sums_scores(toy):
    match = Match(toy, toy.rules("short"), first_dealer=W)
    assert match.dealer == W
    match.add({"taker": "NS", "taker_points": 30})
    assert match.dealer == N and match.totals == {"NS": 30, "EW": 10}
    match.add({"thrown_in": True})
    assert match.dealer == E
    match.add({"taker": "EW", "taker_points": 12})
    assert match.totals == {"NS": 70, "EW": 10}
    assert match.outcome.over and match.outcome.winner == "NS"
    assert [r["totals"]["NS"] for r in match.rows()] == [30, 30, 70]


def test_a_match_of_the_engines_own_records_scores_as_one_validated(toy):
    rules = toy.rules("short")
    trusted, checked = Match(toy, rules, first_dealer=W), Match(toy, rules, first_dealer=W)
    for seed in range(40):
        if trusted.outcome.over:
            break
        deal = play_out(
            Deal.new(toy, rules, trusted.dealer, seed=seed, context=trusted.context()),
            [RandomBot(i) for i in range(4)],
        )
        record = deal.record()
        assert trusted.add(record, validated=True) == checked.add(record)
    assert trusted.records == checked.records and trusted.totals == checked.totals
    assert trusted.outcome == checked.outcome and trusted.outcome.over
    # A state after a deal and its context are named tuples, equal to the same built again.
    state = trusted.state
    assert state == MatchState(
        state.deals, dict(state.totals), state.pot, state.dealer, state.outcome
    )
    assert state.context() == MatchContext(
        dict(state.totals), state.pot, state.deals + 1, state.dealer
    )
    with pytest.raises(RecordError, match="the match is over"):
        trusted.add({"thrown_in": True}, validated=True)


def test_first_to_target_rules():
    s = DealScore({"NS": 10, "EW": 20}, True)
    assert not first_to_target({"NS": 90, "EW": 80}, 100, [s]).over
    assert first_to_target({"NS": 110, "EW": 105}, 100, [s]).winner == "NS"
    tie = first_to_target({"NS": 110, "EW": 110}, 100, [s])
    assert not tie.over
    assert first_to_target({"NS": 110, "EW": 110}, 100, [s], tie="deal_winner").winner == "EW"
    assert first_to_target({"NS": 110, "EW": 110}, 100, [s], tie="draw").over
    no_end = DealScore({"NS": 100}, True, can_end_match=False)
    assert not first_to_target({"NS": 200, "EW": 0}, 100, [no_end]).over
    assert (
        first_to_target(
            {"NS": 110, "EW": 110}, 100, [s], tie="deal_winner", deal_winner="NS"
        ).winner
        == "NS"
    )
    assert first_to_target({"NS": 120, "EW": 90}, 100, [s], not_yet=["NS"]).over is False
    assert first_to_target({"NS": 120, "EW": 105}, 100, [s], not_yet=["NS"]).winner == "EW"
    outright = DealScore({}, True, wins_match="EW")
    assert first_to_target({"NS": 0, "EW": 0}, 100, [outright]).winner == "EW"


def test_an_explanation_given_as_a_function_is_made_once_when_first_read():
    made = []

    def words():
        made.append(1)
        return "made: 90 >= 80"

    lazy = DealScore({"NS": 90, "EW": 72}, True, explanation=words)
    assert made == []
    assert lazy.explanation == "made: 90 >= 80" and lazy.explanation == "made: 90 >= 80"
    assert made == [1]
    eager = DealScore({"NS": 90, "EW": 72}, True, explanation="made: 90 >= 80")
    assert lazy == eager and repr(lazy) == repr(eager)
    assert DealScore({"NS": 1}, None, explanation=lambda: "x").to_json()["explanation"] == "x"
    assert DealScore({"NS": 1}, None).explanation == ""
    with pytest.raises(AttributeError):
        lazy.explanation = "changed"  # type: ignore[misc]


def test_an_outcome_reason_given_as_a_function_is_made_once_when_first_read():
    made = []

    def words():
        made.append(1)
        return "NS reach 100"

    lazy = MatchOutcome(True, "NS", words)
    assert made == [] and lazy == MatchOutcome(True, "NS", "NS reach 100") and made == [1]
    assert lazy.reason == "NS reach 100" and lazy.to_json()["reason"] == "NS reach 100"
    assert made == [1] and MatchOutcome(False).reason == ""
    # first_to_target's reasons are made so, and read as the same message every time.
    end = first_to_target({"NS": 110, "EW": 95}, 100, [DealScore({"NS": 10}, True)])
    assert end.reason == "NS reach 100" and isinstance(end.reason, Message)
    assert end.reason.id == "{team} reach {target}" and end.reason is end.reason
    both = first_to_target({"NS": 120, "EW": 110}, 100, [DealScore({"NS": 10}, True)])
    assert both.reason == "both reach 100; NS have more (120)"
    with pytest.raises(AttributeError):
        lazy.reason = "changed"  # type: ignore[misc]
    # A reason still to be made pickles and copies as its text (a closure does not pickle).
    later = first_to_target({"NS": 110, "EW": 95}, 100, [DealScore({"NS": 10}, True)])
    assert pickle.loads(pickle.dumps(later)) == later == copy.copy(later)
    assert pickle.loads(pickle.dumps(later)).reason.id == "{team} reach {target}"


def test_a_variant_missing_a_required_hook_is_reported_by_name():
    class Half:
        atout_declare = toy_game.atout_declare

    with pytest.raises(PluginError, match="does not implement atout_deal_pattern"):
        variant_from_plugins("half", [Half])


def _fisher_yates(size, seed):
    """The shuffle as the kernel defines it, one step at a time: the BLAKE2b digest of the
    seed as a number, one division per step (framework.engine.deal.shuffled pairs the steps)."""
    import hashlib
    import math

    nbytes = min(64, (int(math.lgamma(size + 1) / math.log(2)) + 64) // 8 + 1)
    x = int.from_bytes(hashlib.blake2b(str(seed).encode(), digest_size=nbytes).digest(), "little")
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@pytest.mark.parametrize("size", [1, 2, 3, 20, 21, 24, 32, 36])
def test_a_seeded_shuffle_is_the_fisher_yates_of_its_digest(size):
    from framework.engine.deal import shuffled

    for seed in [*range(300), 2**48 + 7, -5]:
        assert shuffled(size, seed) == _fisher_yates(size, seed)


def test_a_deals_sides_say_who_plays_with_whom_and_which_column_a_trick_counts_for():
    from framework.bots.base import play_out
    from framework.bots.registry import make_bot
    from framework.core.seats import FIXED_PARTNERS, same_side
    from framework.rules.plugins import load_variant

    coinche = load_variant("coinche")
    deal = Deal.new(coinche, coinche.rules(), seed=4)
    assert deal.sides == FIXED_PARTNERS and InfoSet(deal, 0).sides == FIXED_PARTNERS
    play_out(deal, [make_bot("random", i) for i in range(4)])
    won = [0, 0]
    for _leader, _cards, winner in deal.tricks:
        won[deal.sides[winner]] += 1
    assert tuple(won) == deal.tricks_won
    assert same_side(deal.sides, 0, 2) and not same_side(deal.sides, 1, 2)
