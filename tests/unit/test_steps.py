"""Legal plays and their reasons from one step function (framework.rules.steps): the compiled hot
path is the masks alone, the explanation names the step that decided, and a function the
compiler cannot read is refused with where and why."""

from __future__ import annotations

import random

import pytest

from framework.api import (
    FRENCH_32,
    Decision,
    LegalSteps,
    Message,
    PlayRules,
    StepError,
    legal_steps,
    load_variant,
    step,
)

D = FRENCH_32
SUIT_MASKS, SUIT_OF = D.suit_masks, D.suit_of


def _boom() -> str:
    raise AssertionError("a reason was built on the hot path")


def factory(trump: int, built: list[str]) -> LegalSteps:
    trumps = SUIT_MASKS[trump]

    def reason(text: str) -> str:
        built.append(text)
        return text

    @legal_steps
    def decide(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        follow = hand & SUIT_MASKS[SUIT_OF[trick[0]]]
        if follow:
            return step(follow, "follow", reason(f"follow {D.suits[SUIT_OF[trick[0]]]}"))
        mine = hand & trumps
        return (
            step(mine, "trump", reason("trump"))
            if not partner_wins
            else step(0, "never", _boom()) or step(hand, "partner_winning", reason("free"))
        )

    return decide


def test_the_hot_path_is_the_masks_alone_and_never_builds_a_reason() -> None:
    built: list[str] = []
    steps = factory(1, built)
    hand = D.parse_mask("7S 8H 9D")
    assert steps.legal(hand, (D.parse("AS"),), D.parse("AS"), False) == D.parse_mask("7S")
    assert steps.legal(hand, (D.parse("AC"),), D.parse("AC"), False) == D.parse_mask("8H")
    assert steps.legal(hand, (D.parse("AC"),), D.parse("AC"), True) == hand
    assert built == []
    assert "reason" not in steps.legal.__code__.co_freevars  # not even closed over


def test_the_decision_names_the_step_its_reason_and_its_mask() -> None:
    built: list[str] = []
    steps = factory(1, built)
    hand = D.parse_mask("7S 8H 9D")
    assert steps.decide(hand, (D.parse("AS"),), D.parse("AS"), False) == Decision(
        "follow", "follow S", D.parse_mask("7S")
    )
    # "a or b": the first non-empty mask decides; an empty step's reason is never built
    assert steps.decide(hand, (D.parse("AC"),), D.parse("AC"), True) == Decision(
        "partner_winning", "free", hand
    )
    assert steps.explain(hand, (D.parse("AC"),), D.parse("AC"), False) == "trump"
    assert built == ["follow S", "free", "trump"]
    assert steps.names == ("follow", "trump", "never", "partner_winning")


def test_each_factory_call_closes_over_its_own_tables() -> None:
    hearts, clubs = factory(1, []), factory(3, [])
    hand, trick = D.parse_mask("7H 7C"), (D.parse("AS"),)
    assert hearts.legal(hand, trick, trick[0], False) == D.parse_mask("7H")
    assert clubs.legal(hand, trick, trick[0], False) == D.parse_mask("7C")


def test_a_reason_may_be_a_function_of_the_plays_the_step_allows() -> None:
    @legal_steps
    def decide(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        return step(
            hand & SUIT_MASKS[SUIT_OF[trick[0]]] or hand,
            "follow_or_any",
            lambda legal: "any card" if legal == hand else f"play {D.format_mask(legal)}",
        )

    hand, trick = D.parse_mask("7S 8H"), (D.parse("AS"),)
    assert decide.explain(hand, trick, trick[0], False) == "play 7S"
    assert decide.explain(hand, (D.parse("AC"),), D.parse("AC"), False) == "any card"
    assert "<lambda>" not in repr(decide.legal.__code__.co_consts)


def test_the_undecorated_function_is_the_same_rule() -> None:
    def plain(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        return step(hand & SUIT_MASKS[SUIT_OF[trick[0]]], "follow", "f") or step(hand, "any", "a")

    compiled = legal_steps(plain)
    rng = random.Random(3)
    for _ in range(200):
        hand, card = rng.getrandbits(32) | 1, rng.randrange(32)
        assert compiled.legal(hand, (card,), card, False) == plain(hand, (card,), card, False)


def test_play_rules_of_steps_answer_legal_reason_and_decision() -> None:
    steps = factory(1, [])
    rules = PlayRules(D, tuple(range(32)), SUIT_MASKS[1], (0,) * 32, 0, steps)
    hand, trick = D.parse_mask("7S 8H"), (D.parse("AC"),)
    assert rules.legal is steps.legal
    assert rules.reason(hand, trick, trick[0], False) == "trump"
    assert rules.decision(hand, trick, trick[0], False).step == "trump"
    assert rules.decision(hand, (), 0, False) == Decision(
        "lead", rules.reason(hand, (), 0, False), hand
    )


def _no_step(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    if hand:
        return step(hand, "any", "a")
    return hand


def _computed_name(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    name = "any"
    return step(hand, name, "a")


def _in_expression(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    return step(hand, "any", "a") | 1


def _wrong_arity(hand: int, trick: tuple[int, ...]) -> int:
    return step(hand, "any", "a")


def _nested(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    mask = step(hand, "any", "a")
    return step(mask, "any", "a")


@pytest.mark.parametrize(
    ("fn", "words"),
    [
        (_no_step, "every return is a step"),
        (_computed_name, "a step's name is a string literal"),
        (_in_expression, "every return is a step"),
        (_wrong_arity, "takes (hand, trick, best, partner_wins)"),
        (_nested, "only returned"),
    ],
)
def test_a_function_the_compiler_cannot_read_is_refused_with_where_and_why(fn, words) -> None:
    with pytest.raises(StepError, match=r"test_steps\." + fn.__name__) as caught:
        legal_steps(fn)
    assert words in str(caught.value)


@pytest.mark.parametrize(
    ("name", "domains"),
    [
        ("coinche", {"atout_belote"}),
        ("french-belote", {"atout_belote"}),
        # games standing alone on the family's cards: their own reasons, and the family's for
        # the rules they share with it (variants.belote's reasons, its catalog their base's)
        ("bela", {"atout_bela", "atout_belote"}),
        ("bulgarian-belot", {"atout_bulgarian", "atout_belote"}),
        ("cuatrola", {"atout_cuatrola"}),
        ("klaverjas", {"atout_klaverjas"}),
    ],
)
def test_every_built_in_rule_set_decides_with_steps_in_catalogs_it_loads(name, domains) -> None:
    variant = load_variant(name)
    assert domains <= {d.name for d in variant.translations}
    seen = set()
    rng = random.Random(name)
    deck = variant.hooks.deal_pattern(variant.rules()).deck
    for preset in [None, *variant.presets]:
        rules = variant.rules(preset)
        for kind in variant.hooks.contract_kinds(rules):
            if name == "klaverjas" and kind.code not in deck.suits:
                continue  # Klaverjas declares no kinds; the kernel's default offers NT and AT
            play = variant.hooks.play_rules(rules, kind.contract(0))
            for _ in range(60):
                cards = rng.sample(range(deck.size), 10)
                hand = sum(1 << c for c in cards[: rng.randint(1, 7)])
                trick = tuple(cards[7 : 7 + rng.randint(1, 3)])
                best, partner_wins = play.best_of(trick), rng.random() < 0.5
                decision = play.decision(hand, trick, best, partner_wins)
                assert decision.legal == play.legal(hand, trick, best, partner_wins)
                assert isinstance(decision.reason, Message)
                assert decision.reason.domain in domains, decision.reason.id
                seen.add(decision.reason.domain)
    assert seen == domains
