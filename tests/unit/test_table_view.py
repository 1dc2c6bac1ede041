"""framework.app.table: one seat's view of a deal, the calls arranged for buttons, the bots round a
person."""

from __future__ import annotations

import logging

import pytest

from framework.app.table import (
    SteadyBot,
    advance,
    bot_move,
    call_menu,
    call_words,
    describe_event,
    hand_order,
    hint,
    seat_view,
)
from framework.bots.base import Bot, play_out
from framework.bots.registry import make_bot
from framework.core.cards import FRENCH_32, SPANISH_20, bits
from framework.core.messages import Translator
from framework.core.seats import FIXED_PARTNERS, S
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant, variant_names


def test_cards_are_named_in_words_from_the_deck():
    assert FRENCH_32.card_name(FRENCH_32.parse("JH")) == "jack of hearts"
    assert FRENCH_32.card_face(FRENCH_32.parse("TS")) == "10♠"
    assert SPANISH_20.card_name(SPANISH_20.parse("NC")) == "caballo of cups"
    assert SPANISH_20.card_face(SPANISH_20.parse("3O")) == "3O"


def test_a_hand_is_sorted_by_suit_with_colours_alternating_and_high_cards_first():
    hand = FRENCH_32.parse_mask("7S AS 9H KD 8C")
    order = [FRENCH_32.format(c) for c in hand_order(FRENCH_32, hand)]
    assert order == ["AS", "7S", "9H", "8C", "KD"]


def test_many_bids_at_several_levels_are_offered_level_then_denomination():
    variant = load_variant("coinche")
    deal = Deal.new(variant, variant.rules(), seed=1)
    calls = deal.legal_calls()
    menu = call_menu(deal, calls)
    assert [c.kind for c in menu.others] == ["pass"]
    assert menu.levels[0][0] == "80" and menu.levels[-1][0] == "capot"
    assert sum(len(bids) for _, bids in menu.levels) == len(calls) - 1


@pytest.mark.parametrize(
    ("lang", "capot"),
    [("en", "capot"), ("ru", "капот"), ("bg", "капо"), ("hr", "kapot"), ("es", "capote")],
)
def test_the_capot_level_is_headed_in_the_variants_words(lang, capot):
    variant = load_variant("coinche")
    deal = Deal.new(variant, variant.rules(), seed=1)
    levels = call_menu(deal, deal.legal_calls()).levels
    say = Translator(lang, variant.translations).render
    assert say(levels[-1][0]) == capot
    assert [say(label) for label, _ in levels[:-1]] == [str(n) for n in range(80, 170, 10)]


def test_a_bid_of_no_level_is_a_button_beside_the_level_picker():
    """Préférence's 26 opening calls: pass and misère (a bid of no goal) are buttons, the 25
    bids from 6 spades to 10 no trumps a picker of five levels (flat, they overflow a phone)."""
    variant = load_variant("preference")
    deal = Deal.new(variant, variant.rules(), seed=1)
    calls = deal.legal_calls()
    menu = call_menu(deal, calls)
    assert [c.text for c in menu.others] == ["PASS", "MISERE"]
    assert [len(bids) for _, bids in menu.levels] == [5, 5, 5, 5, 5]
    assert [label for label, _ in menu.levels] == ["6", "7", "8", "9", "10"]
    assert [b.text for b in menu.levels[0][1]] == ["6S", "6C", "6D", "6H", "6NT"]


@pytest.mark.parametrize("lang", ["ru", "fr", "bg", "hr", "es"])
def test_a_decision_after_the_auction_is_said_in_the_readers_language(lang):
    """Préférence's whist or pass, told to the other players ("East: whist"), in the words of
    the reader's language (the label was once made English text before it was rendered)."""
    variant = load_variant("preference")
    say = Translator(lang, variant.translations).render
    told = []
    for seed in range(40):
        deal = Deal.new(variant, variant.rules(), seed=seed)
        play_out(deal, [make_bot("rules", seed * 3 + s) for s in range(3)])
        for event in deal.events:
            if event.kind == "decide":
                action = next(a for s, a in deal.phase_actions if a.code == event.value)
                told.append((say(describe_event(deal, event, 0)), say(action.label), action))
    # some decision's words differ from the English ones ("pass": "пас", "passe", "dalje")
    assert any(label != str(action.label) for _said, label, action in told), told
    for said, label, _action in told:
        assert said.endswith(f": {label}"), (said, label)


def test_the_games_named_after_the_talon_are_offered_in_words_as_the_bids_were():
    """Préférence's declarer names the game after the talon: its buttons (and the line that
    asks) say "7 hearts", "7 червы", as the auction's bids do, not the notation 7H."""
    variant = load_variant("preference")
    ru = Translator("ru", variant.translations).render
    en = Translator("en", variant.translations).render
    for seed in range(40):
        deal = Deal.new(variant, variant.rules(), seed=seed)
        bots = [make_bot("rules", seed * 3 + s) for s in range(3)]
        while not deal.is_over and not any(a.kind == "name" for a in deal.legal_actions()):
            bot_move(deal, deal.current_seat, bots[deal.current_seat])
        names = [a for a in deal.legal_actions() if a.kind == "name"]
        if names:
            break
    else:
        raise AssertionError("no game named in 40 deals")
    for action in names:
        call = next(c for c in Deal.new(variant, variant.rules(), seed=1).legal_calls()
                    if c.text == action.code)  # fmt: skip
        assert en(action.label) == en(call_words(deal, call)), action
        assert ru(action.label) == ru(call_words(deal, call)) != action.code, action


@pytest.mark.parametrize("name", ["bela", "cuatrola", "french-belote"])
def test_a_few_calls_are_buttons_of_their_own(name):
    variant = load_variant(name)
    deal = Deal.new(variant, variant.rules(), seed=1)
    calls = deal.legal_calls()
    menu = call_menu(deal, calls)
    assert menu.levels == () and list(menu.others) == calls


@pytest.mark.parametrize("name", variant_names())
def test_the_seat_view_holds_the_seats_hand_and_the_legal_cards_with_reasons(name):
    variant = load_variant(name)
    rules = variant.rules()

    def bots(deal, seat):
        return make_bot("rules", seat)

    for seed in range(3):
        deal = Deal.new(variant, rules, seed=seed)
        advance(deal, S, bots)
        while not deal.is_over:
            view = seat_view(deal, S)
            # S's hand, or the one S plays face up for another on its turn (open whist)
            plays_for = deal.phase == "play" and deal.controllers[deal.current_seat] == S
            holder = deal.current_seat if plays_for else S
            assert view.holder == holder and {c.card for c in view.hand} == set(
                bits(deal.hand(holder))
            )
            if deal.sides == FIXED_PARTNERS:  # the two teams' tricks: NS (N and S) and EW
                ns = sum(1 for _leader, _cards, winner in deal.tricks if winner % 2 == 0)
                assert view.tricks_won == {"NS": ns, "EW": len(deal.tricks) - ns}
            else:
                assert sum(view.tricks_won.values()) == len(deal.tricks)
            if view.phase == "play" and view.my_turn:
                assert set(view.legal_cards) == set(bits(deal.legal_mask()))
                assert all(c.reason for c in view.hand if not c.legal)
                found = hint(deal, S, make_bot("rules", 1))
                assert found.card in view.legal_cards and found.why
            else:
                assert view.legal_cards == []
            if deal.phase == "auction":
                deal.apply_call(S, deal.legal_calls(S)[0])
            elif deal.phase == "phases":  # (take the talon, discard, name, whist or pass)
                deal.apply_action(S, deal.legal_actions(S)[0])
            else:  # (S's own hand, or one S plays for another seat: open whist)
                deal.apply_play(deal.current_seat, next(bits(deal.legal_mask())))
            advance(deal, S, bots)


class Broken(Bot):
    name = "broken"

    def choose_call(self, info, calls):
        raise IndexError("a bug")

    def choose_card(self, info, legal):
        raise IndexError("a bug")


def test_a_failing_bot_at_a_persons_table_is_replaced_for_that_decision(caplog):
    variant = load_variant("coinche")
    deal = Deal.new(variant, variant.rules(), seed=2)
    steady = SteadyBot(Broken(), make_bot("rules", 1))
    with caplog.at_level(logging.ERROR, logger="atout.table"):
        advance(deal, S, lambda d, s: steady)
    assert deal.current_seat == S or deal.is_over
    assert "bot broken failed" in caplog.text


@pytest.mark.parametrize(
    ("name", "calls", "lang", "level", "line"),
    [
        ("cuatrola", ["QUINTOLA", "PASS", "PASS", "PASS"], "ru", "кинтола", "контракт: кинтола "),
        ("cuatrola", ["QUINTOLA", "PASS", "PASS", "PASS"], "en", "quintola", "contract: quintola "),
        ("coinche", ["CAPOT S", "PASS", "PASS", "PASS"], "bg", "капо", "игра: капо ♠"),
        ("coinche", ["110H", "PASS", "PASS", "PASS"], "ru", "110", "контракт: 110 "),
    ],
)
def test_a_named_contract_is_said_in_the_variants_words(name, calls, lang, level, line):
    from framework.app.play_cli import _contract_line
    from framework.app.table import contract_level

    variant = load_variant(name)
    deal = Deal.new(variant, variant.rules(), seed=1)
    for call in calls:
        if deal.phase == "auction":
            deal.call(call)
    view = seat_view(deal, 0)
    assert view.contract is not None
    say = Translator(lang, variant.translations).render
    assert say(contract_level(deal, view)) == level
    assert say(_contract_line(deal, view)).startswith(line)


@pytest.mark.parametrize(
    ("calls", "lang", "line"),
    [
        (["MISERE", "PASS", "PASS"], "en", "contract: misère by you"),
        (["MISERE", "PASS", "PASS"], "ru", "контракт: мизер, игрок: вы"),
        (["PASS", "PASS", "PASS"], "en", "contract: raspasy"),
        (["PASS", "PASS", "PASS"], "ru", "контракт: распасы"),
        (["7S", "PASS", "PASS"], "en", "contract: 7 ♠ by you"),
    ],
)
def test_a_contract_kind_named_alone_and_one_nobody_took(calls, lang, line):
    """Préférence's misère and raspasy are said by their kind's word alone (not "misère NT"),
    and the raspasy, which nobody took (``has_taker=False``), names no taker: not "by you",
    though the auction ended on the first hand."""
    from framework.app.play_cli import _contract_line
    from framework.app.table import shown_contract

    variant = load_variant("preference")
    deal = Deal.new(variant, variant.rules(), seed=1)
    for call in calls:
        deal.call(call)
    view = seat_view(deal, 0)
    assert view.contract is not None and view.contract.taker == 0
    say = Translator(lang, variant.translations).render
    assert say(_contract_line(deal, view)) == line
    shown = shown_contract(deal, view)
    assert shown is not None and shown.taker == (None if calls[0] == "PASS" else 0)


@pytest.mark.parametrize(
    ("name", "lang", "word"),
    [
        ("coinche", "en", "carré"),
        ("bulgarian-belot", "en", "carré"),
        ("bela", "en", "carré"),
        ("coinche", "fr", "carré"),
        ("bulgarian-belot", "ru", "каре"),
    ],
)
def test_a_carre_is_said_carre_with_its_accent_and_its_code_stays(name, lang, word):
    from framework.app.table import describe_event
    from framework.rules.auction import Contract
    from framework.rules.played import Event

    variant = load_variant(name)
    rules = variant.rules()
    deck = variant.hooks.deal_pattern(rules).deck
    hand = deck.parse_mask("JS JH JD JC 7S 8H")
    (carre,) = [
        a
        for a in variant.hooks.find_announcements(rules, Contract("H", S), S, hand)
        if a.kind == "carre"
    ]
    assert str(carre.kind) == "carre"  # the code deal events and records keep
    deal = Deal.new(variant, rules, seed=1)
    say = Translator(lang, variant.translations).render
    said = say(describe_event(deal, Event("declare", 1, carre), me=S))
    assert word in said and "carre " not in said + " ", said


def _open_whist(seeds=range(200)):
    """A Préférence deal in play where one seat plays another's hand (open whist), the hand
    to play not its own, dealt and played by random bots; None when no seed gives one."""
    import variants.preference
    from framework.app.table import actor, bot_move
    from framework.engine.deal import shuffled
    from framework.rules.plugins import variant_from_plugins

    # from its module: the suites that loop over variants do not see it yet (tests/conftest.py)
    variant = variant_from_plugins("preference", [variants.preference])
    rules = variant.rules(None)
    size = variant.hooks.deal_pattern(rules).deck.size
    for seed in seeds:
        deal = Deal(variant, rules, 0, tuple(shuffled(size, seed)))
        bot = make_bot("random", seed)
        while not deal.is_over:
            if deal.phase == "play" and actor(deal) != deal.current_seat:
                return deal
            bot_move(deal, deal.current_seat, bot)
    return None


def test_a_seat_playing_anothers_hand_face_up_is_shown_that_hand_and_plays_it():
    # open whist: the whister plays the passer's hand on its turns (the person at a table too)
    from framework.app.table import actor

    deal = _open_whist()
    assert deal is not None, "no open whist in 200 random deals"
    passer, whister = deal.current_seat, actor(deal)
    view = seat_view(deal, whister)
    assert view.my_turn and view.holder == passer
    assert [c.card for c in view.hand] == hand_order(deal.deck, deal.hand(passer), deal.play_rules)
    assert {c.card for c in view.hand if c.legal} == set(bits(deal.legal_mask()))
    assert not seat_view(deal, passer).my_turn  # the passer's hand is not the passer's to play
    suggested = hint(deal, whister, make_bot("rules", 1))
    assert suggested.card is not None and deal.legal_mask() >> suggested.card & 1


def test_the_bots_play_on_through_the_turns_of_a_hand_the_person_does_not_play():
    # open whist: the whister (a bot) plays the passer's hand; with the person the passer, the
    # table does not stop at the passer's turns (it waited there for a card the person could
    # not play: no card of the page was playable and the table never went on)
    from framework.app.table import actor, advance, waits_for

    deal = _open_whist()
    assert deal is not None, "no open whist in 200 random deals"
    passer, whister = deal.current_seat, actor(deal)
    assert not waits_for(deal, passer)
    assert waits_for(deal, whister)
    advance(deal, passer, lambda _deal, seat: make_bot("random", seat))
    assert deal.is_over or actor(deal) == passer
    assert deal.is_over  # the passer plays no hand of this deal: the bots finish it


def test_a_hint_to_a_seat_that_plays_to_take_no_trick_says_so():
    """In a raspasy every player plays to take no trick (the play plan's ``avoid_tricks``):
    the hint's reason is the ducking one that fits the card (a low card to start a trick, one
    that stays under the winning card, or every card wins), never "it wins the trick"."""
    from framework.app.table import bot_move, hint
    from framework.bots.rulebot import RuleBot

    variant = load_variant("preference")
    said = set()
    for seed in range(6):
        deal = Deal.new(variant, variant.rules(), seed=seed)
        for _ in range(3):
            deal.call("PASS")
        assert deal.contract is not None and deal.contract.name == "raspasy"
        bot = RuleBot(seed)
        while not deal.is_over:
            seat = deal.current_seat
            assert seat is not None
            legal = deal.legal_mask()
            if seat == 0 and legal & (legal - 1):
                h = hint(deal, 0, bot)
                assert h.card is not None
                rules = deal.play_rules
                if not deal.trick:
                    want = "you play to take no trick: a low card"
                else:
                    led, best, _partner = deal.trick_as_led(0)
                    key = rules.keys[deal.deck.suit_of[led[0]]]
                    want = (
                        "you play to take no trick: it stays under the winning card"
                        if key[h.card] <= key[best]
                        else "you play to take no trick, but every card you may play wins this one"
                    )
                assert str(h.why) == want
                said.add(want)
            bot_move(deal, seat, bot)
    assert len(said) == 3  # (each reason met)
