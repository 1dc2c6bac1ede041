"""A deal's phases between the auction and the play (atout_phases), its sides (atout_sides) and a
hand played by another seat, on the toy of toy_talon.py: the events, the refusals, the log."""

from __future__ import annotations

import json
import random

import pytest
import toy_game
import toy_talon

from framework.api import (
    Contract,
    Deal,
    Event,
    InfoSet,
    PlayRules,
    PluginError,
    RuleBot,
    RuleViolation,
    bits,
    hookimpl,
    legal_steps,
    make_bot,
    play_out,
    step,
    variant_from_plugins,
)
from framework.engine.deal_log import deal_line

DECK = toy_game.DECK


@pytest.fixture
def talon_toy():
    return variant_from_plugins("toy-talon", [toy_game, toy_talon])


def after_auction(variant, seed: int = 7, open_talon: bool = False) -> Deal:
    """A deal whose first seat to speak (N, the dealer W) takes in spades."""
    rules = variant.rules(overrides={"open_talon": open_talon})
    deal = Deal.new(variant, rules, dealer=3, seed=seed)
    deal.call("S")
    return deal


def test_the_phases_run_between_the_auction_and_the_play(talon_toy) -> None:
    deal = after_auction(talon_toy)
    talon = deal.talon
    assert talon.bit_count() == 4 and deal.talon_dealt == talon
    assert deal.phase == "phases" and deal.current_seat == 0
    assert deal.legal_calls() == [] and deal.legal_mask() == 0
    (take,) = deal.legal_actions()
    assert (take.kind, take.code, take.cards) == ("take", "TAKE", talon)
    hand = deal.hand(0)
    deal.act("take")
    assert deal.hand(0) == hand | talon and deal.talon == 0
    # The discard: four cards, never an ace, with the reason.
    held = deal.hand(0)
    aces = held & toy_talon.ACES
    assert aces  # (the seed deals the taker an ace)
    ace = DECK.format((aces & -aces).bit_length() - 1)
    others = [DECK.format(c) for c in bits(held & ~toy_talon.ACES)][:3]
    with pytest.raises(RuleViolation, match="aces stay in hand"):
        deal.act(" ".join([ace, *others]))
    with pytest.raises(RuleViolation, match="discards 4 cards, not 1"):
        deal.act(DECK.format(next(bits(held))))
    discard = deal.legal_actions()[0]
    deal.act(discard.code)
    assert deal.discards == discard.cards and deal.hand(0) == held & ~discard.cards
    assert deal.hand(0).bit_count() == 7
    # Name the game: raised to a grand.
    assert [a.code for a in deal.legal_actions()] == ["S", "GRAND S"]
    with pytest.raises(RuleViolation, match="choose one of: S, GRAND S"):
        deal.act("GRAND H")
    deal.act("grand s")
    assert deal.contract == Contract("S", 0, name="grand")
    # Nothing to decide against a grand: the play starts, everyone alone.
    assert deal.phase == "play" and deal.sides == (0, 1, 2, 3)
    assert deal.start_hands[0] == deal.hand(0)
    kinds = [(e.kind, e.seat) for e in deal.events]
    assert kinds == [("call", 0), ("take", 0), ("discard", 0), ("name", 0)]
    events = deal.events
    assert events[1].value == talon and events[2].value == discard.cards
    assert events[3].value == Contract("S", 0, name="grand")


def take_discard_name(deal: Deal, game: str = "S") -> None:
    deal.act("TAKE")
    deal.act(deal.legal_actions()[0])
    deal.act(game)


def test_decisions_fix_the_sides_and_open_whist_gives_a_hand_to_another(talon_toy) -> None:
    deal = after_auction(talon_toy)
    take_discard_name(deal)
    assert deal.phase == "phases" and deal.current_seat == 1
    assert [a.code for a in deal.legal_actions()] == ["WHIST", "PASS"]
    with pytest.raises(RuleViolation, match="it is E's turn"):
        deal.act("WHIST", seat=2)
    deal.act("PASS")
    assert [a.label for a in deal.legal_actions()] == ["whist", "pass", "whist, open"]
    deal.act("OPEN")
    deal.act("PASS")
    assert deal.decisions == ((1, "PASS"), (2, "OPEN"), (3, "PASS"))
    assert deal.phase == "play" and deal.current_seat == 0
    assert deal.sides == (0, 1, 1, 1)
    assert deal.controllers == (0, 2, 2, 3)
    assert deal.shown == (1, 2)
    with pytest.raises(RuleViolation, match="the play has started"):
        deal.act("PASS")
    # Played to the end: the summary says it all.
    while not deal.is_over:
        deal.play(deal.legal_plays()[0])
    played = deal.played()
    assert played.decisions == deal.decisions and played.discards == deal.discards
    assert played.sides == (0, 1, 1, 1) and played.controllers == (0, 2, 2, 3)
    taker = sum(1 for t in played.tricks if t[2] == 0)
    # Each side keyed by its seats' names: N alone against E, S and W.
    assert played.tricks_won == {"N": taker, "ESW": 7 - taker}
    assert played.tricks_by_seat[0] == taker and sum(played.tricks_by_seat) == 7
    assert deal.record() == {"taker": "NS", "tricks": taker}


def test_the_log_replays_the_phases_and_refuses_a_changed_one(talon_toy) -> None:
    deal = after_auction(talon_toy, seed=11)
    take_discard_name(deal)
    deal.act("WHIST")
    deal.act("PASS")
    deal.act("WHIST")
    while not deal.is_over:
        deal.play(deal.legal_plays()[-1])
    line = json.loads(json.dumps(deal_line(deal, 1, deal.record(), deal.score())))
    kinds = [e[:2] for e in line["events"][:7]]
    assert kinds == [
        ["call", "N"],
        ["take", "N"],
        ["discard", "N"],
        ["name", "N"],
        ["decide", "E"],
        ["decide", "S"],
        ["decide", "W"],
    ]
    assert line["events"][1][2] == DECK.format_mask(deal.talon_dealt)
    assert line["events"][2][2] == DECK.format_mask(deal.discards)
    assert line["events"][3][2] == "S" and line["events"][4][2] == "WHIST"
    again = Deal.from_json(talon_toy, line)
    assert again.to_json() == deal.to_json()
    assert again.played() == deal.played()
    assert deal.replay().to_json() == deal.to_json()
    # A discard the variant refuses, in a log, is refused with its reason.
    held = again.start_hands[0] | again.discards
    aces = held & toy_talon.ACES
    assert aces  # (the seed deals the taker an ace)
    bad = dict(line)
    others = list(bits(held & ~toy_talon.ACES))[:3]
    ace = (aces & -aces).bit_length() - 1
    cards = DECK.format_many([ace, *others])
    bad["events"] = [*line["events"][:2], ["discard", "N", cards], *line["events"][3:]]
    with pytest.raises(RuleViolation, match="aces stay in hand"):
        Deal.from_json(talon_toy, bad)


def test_events_apply_as_values_codes_or_actions(talon_toy) -> None:
    deal = after_auction(talon_toy)
    talon = deal.talon
    with pytest.raises(RuleViolation, match="choose one of: TAKE"):
        deal.apply(Event("take", 0, talon ^ (talon & -talon)))
    with pytest.raises(RuleViolation, match="the auction is over"):
        deal.apply(Event("call", 1, "PASS"))
    with pytest.raises(RuleViolation, match="the play has not started yet"):
        deal.play(next(bits(deal.hand(0))))
    deal.apply(Event("take", 0, talon))
    discard = deal.legal_actions()[-1]
    deal.apply(Event("discard", 0, discard.cards))
    with pytest.raises(RuleViolation, match="now; choose one of: S, GRAND S"):
        deal.apply(Event("discard", 0, discard.cards))
    deal.apply(Event("name", 0, Contract("S", 0, name="grand")))
    assert deal.phase == "play" and deal.contract.name == "grand"


def test_a_copy_during_the_phases_is_independent(talon_toy) -> None:
    deal = after_auction(talon_toy)
    deal.act("TAKE")
    twin = deal.copy()
    assert twin.to_json() == deal.to_json() and twin.phase == "phases"
    twin.act(twin.legal_actions()[0])
    assert deal.discards == 0 and twin.discards
    take_rest = deal.legal_actions()[1]
    deal.act(take_rest)
    assert deal.discards == take_rest.cards


def test_an_old_log_without_phases_loads_unchanged() -> None:
    from framework.api import load_variant

    variant = load_variant("coinche")
    deal = Deal.new(variant, variant.rules(), seed=3)
    for _ in range(4):
        deal.call("PASS")
    line = deal.to_json()
    assert Deal.from_json(variant, line).to_json() == line
    assert deal.talon == 0 and deal.decisions == () and deal.controllers == (0, 1, 2, 3)


class _BadSides:
    @hookimpl
    def atout_sides(self, rules, contract, decisions):
        return (0, 1, 5)


class _NotPhases:
    @hookimpl
    def atout_phases(self, rules, contract, dealer):
        return ["take the talon"]


def test_a_wrong_answer_of_the_hooks_names_the_hook() -> None:
    variant = variant_from_plugins("bad-sides", [toy_game, _BadSides()])
    deal = Deal.new(variant, variant.rules(), dealer=3, seed=1)
    with pytest.raises(PluginError, match=r"atout_sides answered \(0, 1, 5\): one side per seat"):
        deal.call("S")
    variant = variant_from_plugins("not-phases", [toy_game, _NotPhases()])
    deal = Deal.new(variant, variant.rules(), dealer=3, seed=1)
    with pytest.raises(PluginError, match="atout_phases answered 'take the talon'"):
        deal.call("S")


class _SidesOf:
    """Sides of the variant's own (``atout_sides``) and legal plays that read "is my side
    winning" (``partner_wins``): any card then, else follow suit."""

    def __init__(self, sides: tuple[int, ...]) -> None:
        self.sides = sides

    @hookimpl
    def atout_sides(self, rules, contract, decisions):
        return self.sides

    @hookimpl
    def atout_play_rules(self, rules, contract):
        @legal_steps
        def side_winning(hand, trick, best, partner_wins):
            if partner_wins:
                return step(hand, "partner_winning", "your side is winning: any card")
            return step(
                hand & DECK.suit_masks[DECK.suit_of[trick[0]]], "follow", "follow suit"
            ) or step(hand, "any_card", "any card")

        trumps = DECK.suit_masks[DECK.suits.index(contract.denomination)]
        return PlayRules(DECK, toy_game.POWER, trumps, toy_game.POINTS, 0, side_winning)


def test_the_legal_plays_ask_the_variants_sides_not_the_tables() -> None:
    # N and E play together: after N's lead, E's side is winning, whatever the four-seat
    # table's default partners (N with S) would say.
    variant = variant_from_plugins("sides-ne", [toy_game, _SidesOf((0, 0, 1, 1))])
    deal = Deal.new(variant, variant.rules(), dealer=3, seed=1)
    deal.call("S")
    deal.play(next(bits(deal.legal_mask())))
    assert deal.partner_wins(1) and InfoSet(deal, 1).partner_wins()
    assert deal.legal_mask() == deal.hand(1)
    assert deal.play_rules.decision(deal.hand(1), *deal.trick_as_led(1)).step == "partner_winning"
    # Every seat alone (Hearts): N winning the trick is not S's side winning it.
    variant = variant_from_plugins("sides-alone", [toy_game, _SidesOf((0, 1, 2, 3))])
    for seed in range(50):
        deal = Deal.new(variant, variant.rules(), dealer=3, seed=seed)
        deal.call("S")
        deal.play(max(bits(deal.legal_mask()), key=lambda c: toy_game.POWER[c]))
        deal.play(min(bits(deal.legal_mask()), key=lambda c: toy_game.POWER[c]))
        if deal.winning[1] == 0 and deal.hand(2) & DECK.suit_masks[DECK.suit_of[deal.trick[0]]]:
            break
    else:
        raise AssertionError("no deal where N wins the trick and S can follow")
    assert not deal.partner_wins(2) and not InfoSet(deal, 2).partner_wins()
    assert deal.legal_mask() == deal.hand(2) & DECK.suit_masks[DECK.suit_of[deal.trick[0]]]


# ---- what each seat knows, and the bots ------------------------------------------------------


def through_phases(variant, seed: int, open_talon: bool, decisions=("PASS", "OPEN", "PASS")):
    deal = after_auction(variant, seed=seed, open_talon=open_talon)
    take_discard_name(deal)
    for code in decisions:
        deal.act(code)
    return deal


@pytest.mark.parametrize("open_talon", [False, True])
def test_the_talon_is_known_to_the_taker_or_to_all_when_shown(talon_toy, open_talon) -> None:
    deal = through_phases(talon_toy, 7, open_talon)
    taker, other = InfoSet(deal, 0), InfoSet(deal, 1)
    assert taker.talon == deal.talon_dealt and taker.discards == deal.discards
    assert other.talon == (deal.talon_dealt if open_talon else 0)
    assert other.discards == 0  # a discard is known to the discarder only
    take, discard = other.events[1], other.events[2]
    assert take.kind == "take" and take.value == (deal.talon_dealt if open_talon else 0)
    assert discard.kind == "discard" and discard.value == 0
    assert taker.events[2].value == deal.discards
    assert other.decisions == ((1, "PASS"), (2, "OPEN"), (3, "PASS"))
    # The hands face up are known to every seat; the others' are not.
    known = InfoSet(deal, 3).known()
    assert known[1] == deal.hand(1) and known[2] == deal.hand(2) and known[0] == 0
    view = InfoSet(deal, 3).to_json()
    assert view["shown"] == {
        "E": DECK.format_mask(deal.hand(1)),
        "S": DECK.format_mask(deal.hand(2)),
    }
    assert view["controllers"] == ["N", "S", "S", "W"]
    assert InfoSet(deal, 1).key() != InfoSet(deal, 0).key()


@pytest.mark.parametrize("open_talon", [False, True])
@pytest.mark.parametrize("me", [0, 3])
def test_sampled_deals_agree_with_what_the_seat_knows(talon_toy, open_talon, me) -> None:
    deal = through_phases(talon_toy, 7, open_talon)
    deal.play(deal.legal_plays()[0])  # (N leads)
    view = InfoSet(deal, me)
    rng = random.Random(5)
    for _ in range(20):
        world = view.sample(rng)
        assert world.phase == "play" and world.current_seat == deal.current_seat
        assert world.hand(me) == deal.hand(me)
        assert world.hand(1) == deal.hand(1) and world.hand(2) == deal.hand(2)  # face up
        assert world.decisions == deal.decisions and world.sides == deal.sides
        assert world.controllers == deal.controllers and world.contract == deal.contract
        assert world.hand(0).bit_count() == deal.hand(0).bit_count()
        assert not world.discards & toy_talon.ACES  # a discard the variant allows
        if me == 0:  # the taker knows its talon and its discards
            assert world.talon_dealt == deal.talon_dealt and world.discards == deal.discards
        else:  # the talon is among the taker's cards, kept or discarded
            assert world.talon_dealt & ~(world.start_hands[0] | world.discards) == 0
            if open_talon:  # and, shown, is the one everyone saw
                assert world.talon_dealt == deal.talon_dealt


def test_sampling_during_the_phases(talon_toy) -> None:
    deal = after_auction(talon_toy, seed=7)
    deal.act("TAKE")
    for me in (0, 2):
        world = InfoSet(deal, me).sample(random.Random(1))
        assert world.phase == "phases" and world.current_seat == 0
        assert world.hand(0).bit_count() == 11 and world.hand(me) == deal.hand(me)


@pytest.mark.parametrize("bot", ["random", "rules", "search"])
def test_the_bots_play_the_phases(talon_toy, bot) -> None:
    rules = talon_toy.rules()
    for seed in range(1 if bot == "search" else 4):
        deal = Deal.new(talon_toy, rules, dealer=3, seed=seed)
        play_out(deal, [make_bot(bot, seed=seat) for seat in range(4)])
        assert deal.is_over
        if deal.contract is not None:
            kinds = [e.kind for e in deal.events]
            assert kinds.count("take") == 1 and kinds.count("discard") == 1
            assert not deal.discards & toy_talon.ACES


def test_the_rule_bot_asks_the_variant_then_falls_back_to_the_plain_choice(talon_toy) -> None:
    """atout_bot_action chooses the decisions; the discard and the game are the kernel's."""
    deal = after_auction(talon_toy, seed=7)
    bot = RuleBot(0)
    views = [InfoSet(deal, s) for s in range(4)]
    deal.act_to_end([bot.choose_action] * 4, views)
    assert deal.phase == "play"
    # The plain discard: no trump (spades) while other cards are left, fewest points.
    rules = talon_toy.hooks.play_rules(talon_toy.rules(), Contract("S", 0))
    assert not deal.discards & rules.trumps
    assert deal.contract == Contract("S", 0)  # the first game offered: as bid
    for seat, code in deal.decisions:  # the variant's rule: whist with two aces
        hand = deal.hand(seat)
        assert code == ("WHIST" if (hand & toy_talon.ACES).bit_count() >= 2 else "PASS")


# ---- atout play asks the person the phases' actions -------------------------------------------


def test_the_terminal_game_asks_the_phases_in_the_variants_words(talon_toy) -> None:
    """A person at N takes the talon, discards, names the game and plays; each prompt is
    answered from the choices the game lists after '?' (the first one offered)."""
    from framework.app.play_cli import play_match

    lines: list[str] = []
    pending: list[str] = []

    def read(prompt: str) -> str:
        lines.append(prompt)
        if pending:
            return pending.pop()
        if "your call" in prompt:
            return "S"
        pending.append("pick")
        return "?"

    def echo(text: str) -> None:
        lines.append(text)
        if pending == ["pick"]:
            pending.clear()
            if "e.g. " in text:  # discard N cards, e.g. 7S 8S TC JC
                pending.append(text.split("e.g. ", 1)[1])
            elif text.strip().startswith("choices: "):
                pending.append(text.split("choices: ", 1)[1].split(" (", 1)[0])
            elif "you may play: " in text:
                pending.append(text.split("you may play: ", 1)[1].split()[0])

    rules = talon_toy.rules(match_deals=1)
    play_match(talon_toy, rules, 0, 5, "rules", read, echo)
    transcript = "\n".join(lines)
    assert "your choice (? for choices, hint, quit):" in transcript
    assert "choices: TAKE (take the talon)" in transcript
    assert "discard 4 cards, e.g. " in transcript
    assert "choices: S (S as bid), GRAND S (grand S)" in transcript
    assert "you take the talon: " in transcript and "you discard " in transcript
    assert "East: " in transcript  # a defender's decision in the variant's words
    # The taker plays alone: once the sides are fixed, nobody is called its partner.
    assert "your partner" not in transcript.split("you: S as bid", 1)[1]
    assert "deal 1: " in transcript and "not allowed" not in transcript


def test_the_search_bot_plays_a_game_scored_per_player() -> None:
    """Its margin is its side's points as players (the variant's settlement) when the sheet
    has other columns than NS and EW (the toy of toy_pools.py: a pool and a mountain each)."""
    import toy_pools

    variant = variant_from_plugins("toy-pools", [toy_pools])
    deal = Deal.new(variant, variant.rules(), dealer=3, seed=2)
    play_out(deal, [make_bot("search", seed=seat) for seat in range(4)])
    assert deal.is_over and "N.pool" in deal.score().points


def test_a_decision_may_end_the_deal_without_play(talon_toy) -> None:
    deal = through_phases(talon_toy, 7, False, decisions=("PASS", "PASS", "PASS"))
    assert deal.is_over and deal.tricks == () and deal.current_seat is None
    assert deal.sides == (0, 1, 1, 1) and deal.record() == {"taker": "NS", "tricks": 0}
    assert deal.played().decisions == ((1, "PASS"), (2, "PASS"), (3, "PASS"))
    again = Deal.from_json(talon_toy, json.loads(json.dumps(deal.to_json())))
    assert again.is_over and again.to_json() == deal.to_json()


@pytest.mark.parametrize("bot", ["random", "rules", "search"])
def test_play_out_plays_a_table_of_three_with_phases(bot) -> None:
    """Préférence (three seats, a talon, whist or pass): play_out takes one bot per seat."""
    import variants.preference as preference

    variant = variant_from_plugins("preference", [preference])
    for seed in range(1 if bot == "search" else 6):
        deal = Deal.new(variant, variant.rules(), seed=seed)
        play_out(deal, [make_bot(bot, seed=seat) for seat in range(3)])
        assert deal.is_over and deal.record()["kind"] in ("game", "misere", "raspasy")


@pytest.mark.parametrize("bot", ["random", "rules"])
def test_the_conformance_kit_checks_deals_with_phases(talon_toy, bot) -> None:
    """check_deal plays the phases through its checking bot (each action offered, with words)
    and accepts a deal that a phase ended without play (the rule bots' three passes, seed 1)."""
    from framework.kit.conformance import check_deal

    deals = [check_deal(talon_toy, seed=seed, bot=bot) for seed in range(6)]
    assert all(deal.phase_actions for deal in deals if deal.contract is not None)
    if bot == "rules":
        assert any(deal.is_over and not deal.tricks and deal.contract for deal in deals)


def test_a_seat_deciding_after_hands_are_laid_face_up(talon_toy) -> None:
    """W decides after S opened (E's and S's hands face up, the play not started): its view's
    fingerprint names the hands shown, and the search bot decides."""
    deal = through_phases(talon_toy, 7, False, decisions=("PASS", "OPEN"))
    assert deal.phase == "phases" and deal.current_seat == 3 and deal.shown == (1, 2)
    view = InfoSet(deal, 3)
    assert view.key() != InfoSet(through_phases(talon_toy, 8, False, ("PASS", "OPEN")), 3).key()
    action = make_bot("search", seed=1).choose_action(view, deal.legal_actions())
    assert action in deal.legal_actions()
