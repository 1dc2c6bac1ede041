"""A sensible rule-based bot that knows no variant.

It reads what the kernel gives every variant: the calls' kinds, denominations and goals, and the
contract's :class:`~framework.rules.tricks.PlayRules` (strength, trumps, card points). Bidding: it
estimates, for each denomination on offer, the card points and tricks its hand is worth with an
average partner, and makes the highest bid whose goal it reaches with a safety margin (the
highest it reaches at all when no goal leaves one); a goal of every trick counts only half the
partner's share. Play: it cashes master cards, draws trumps when its side took, trumps when
the opponents are winning, beats a trick with its cheapest winning card, gives points to a
partner who is winning, and otherwise discards its cheapest card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from framework.bots.base import Bot, plain_action
from framework.core.cards import bits
from framework.engine.infoset import InfoSet
from framework.rules.auction import Call, Contract
from framework.rules.phases import PhaseAction
from framework.rules.tricks import PlayRules

__all__ = ["RuleBot"]

# What an average partner brings to a contract, in card points and in tricks, as a share of the
# whole deck's points and tricks.
_PARTNER_SHARE = 0.22
# The margin (in card points; a trick counts 20) a bid should keep over its goal. With a ladder
# of goals (Coinche's 80 to 160), bidding the very highest one the estimate reaches is a
# gamble the estimate's error loses about half the time; the bot bids the highest goal with
# this margin, and goes to the edge only when no goal leaves it.
_SAFETY = 10


class RuleBot(Bot):
    """Bids from hand strength; plays master cards, trumps when it should."""

    name = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        # The play rules of each denomination under the rules last played (a bot plays one
        # game's rules at a time: kept per rules object, none hashed on a call).
        self._rules_of_cache: object = None
        self._rules_cache: dict[str, PlayRules] = {}

    # ---- bidding ------------------------------------------------------------------------

    def _play_rules(self, info: InfoSet, denomination: str, seat: int) -> PlayRules:
        if info.rules is not self._rules_of_cache:
            self._rules_of_cache = info.rules
            self._rules_cache.clear()
        found = self._rules_cache.get(denomination)
        if found is None:
            hooks = info.variant.hooks
            kind = next(
                (k for k in hooks.contract_kinds(info.rules) if k.code == denomination), None
            )
            contract = kind.contract(seat) if kind else Contract(denomination, seat)
            found = hooks.play_rules(info.rules, contract)
            self._rules_cache[denomination] = found
        return found

    def _estimate(
        self, info: InfoSet, seat: int, denomination: str, alone: bool
    ) -> tuple[float, float]:
        """Expected (card points, tricks) of ``seat``'s side in ``denomination``; ``alone``
        when the partner sits out."""
        rules = self._play_rules(info, denomination, seat)
        hand = info.hand
        deck = rules.deck
        size = max(1, info.pattern.hand_size)
        points = 0.0
        tricks = 0.0
        for card in bits(hand):
            suit_cards = deck.suit_masks[deck.suit_of[card]]
            above = sum(
                1 for other in bits(suit_cards & ~hand) if rules.power[other] > rules.power[card]
            )
            is_trump = bool(rules.trumps >> card & 1)
            if is_trump:
                chance = (0.95, 0.8, 0.6, 0.45)[min(above, 3)]
            else:
                chance = (0.8, 0.45, 0.2, 0.05)[min(above, 3)]
            points += chance * (rules.points[card] + 6) * rules.points_scale
            tricks += chance
        trump_count = (hand & rules.trumps).bit_count()
        if rules.trumps and trump_count >= 3:
            tricks += 0.3 * (trump_count - 2)  # long trumps ruff the others' suits
            points += 5 * (trump_count - 2) * rules.points_scale
        if not alone:
            points += _PARTNER_SHARE * rules.total_points * rules.points_scale
            tricks += _PARTNER_SHARE * size
        return points, tricks

    def choose_call(self, info: InfoSet, calls: Sequence[Call]) -> Call:
        passes = [c for c in calls if c.kind == "pass"]
        estimates: dict[tuple[str, bool], tuple[float, float]] = {}
        turn_suit = None
        if info.turn_up is not None:
            turn_suit = info.deck.suits[info.deck.suit_of[info.turn_up]]
        candidates = self._bids_made(info, calls, turn_suit, estimates)
        if candidates:
            safe = [c for c in candidates if c[1] >= _SAFETY]
            return max(safe or candidates, key=lambda x: (x[0], x[1]))[2]
        for call in calls:
            if call.kind == "redouble" and self.rng.random() < 0.2:
                return call
        if passes:
            return passes[0]
        # No pass allowed (a forced call): take the strongest denomination on offer.
        bids = [c for c in calls if c.kind == "bid"]
        if bids:
            return max(
                bids,
                key=lambda c: estimates.get(
                    (c.denomination or turn_suit or "", c.alone), (0.0, 0.0)
                )[0],
            )
        return calls[0]

    def _bids_made(
        self,
        info: InfoSet,
        calls: Sequence[Call],
        turn_suit: str | None,
        estimates: dict[tuple[str, bool], tuple[float, float]],
    ) -> list[tuple[int, float, Call]]:
        """The bids the hand expects to make: (the bid's height, the margin it expects, the
        bid). ``estimates`` keeps each denomination's estimate, for a forced call to read."""
        seat = info.seat
        candidates: list[tuple[int, float, Call]] = []
        size = max(1, info.pattern.hand_size)
        for call in calls:
            if call.kind != "bid":
                continue
            denom = call.denomination or turn_suit
            if denom is None:
                continue
            key = (denom, call.alone)
            if key not in estimates:
                estimates[key] = self._estimate(info, seat, denom, call.alone)
            points, tricks = estimates[key]
            kind, need = call.goal or ("points", 82)
            if kind == "tricks" and need >= size and not call.alone:
                # Every trick of the deal: an average partner's share of tricks is no help,
                # each of the partner's cards must win too; count only half of it.
                tricks -= _PARTNER_SHARE * size / 2
            margin = points - need if kind == "points" else (tricks - need + 0.3) * 20
            if margin >= 0:
                candidates.append((need if kind == "points" else need * 30, margin, call))
        return candidates

    # ---- the phases after the auction ---------------------------------------------------

    def choose_action(self, info: InfoSet, actions: Sequence[PhaseAction]) -> PhaseAction:
        """The variant's choice (``atout_bot_action``), else the kernel's plain one
        (:func:`~framework.bots.base.plain_action`)."""
        contract = info.contract
        if contract is not None:
            chosen = info.variant.hooks.bot_action(
                info.rules, contract, info.seat, info.hand, info.decisions, actions
            )
            if chosen is not None:
                return chosen
        return plain_action(info, actions)

    # ---- card play ----------------------------------------------------------------------

    def choose_card(self, info: InfoSet, legal: int) -> int:
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        rules = info.play_rules
        contract = info.contract
        assert rules is not None and contract is not None
        avoid = info.avoid_tricks  # (a misère's declarer, every seat of a raspasy)
        if avoid and info.seat in avoid:  # (before the unseen cards, which ducking never reads)
            return _duck(info, rules, legal)
        deck = rules.deck
        unseen = deck.full & ~info.played & ~info.hand

        def is_master(card: int) -> bool:
            same = deck.suit_masks[deck.suit_of[card]] & unseen
            return not any(rules.power[o] > rules.power[card] for o in bits(same))

        if not info.trick and info.lead is None:
            sides = info.sides
            ours = sides[contract.taker] == sides[info.seat]
            return _lead(rules, legal, ours and bool(unseen & rules.trumps), is_master)
        return _follow(info, rules, legal, is_master)


def _lead(rules: PlayRules, legal: int, draw_trumps: bool, is_master: Callable[[int], bool]) -> int:
    """Lead: draw trumps with the master trump when our side took and trumps are still out
    (``draw_trumps``); cash plain masters; otherwise lead low from the longest plain suit."""
    points, deck = rules.points, rules.deck
    trumps = legal & rules.trumps
    if draw_trumps and trumps:
        masters = [c for c in bits(trumps) if is_master(c)]
        if masters:
            return masters[0]
    plain_masters = [c for c in bits(legal & ~rules.trumps) if is_master(c)]
    if plain_masters:
        return max(plain_masters, key=lambda c: points[c])
    candidates = legal & ~rules.trumps or legal
    by_suit: dict[int, list[int]] = {}
    for c in bits(candidates):
        by_suit.setdefault(deck.suit_of[c], []).append(c)
    longest = max(by_suit.values(), key=len)
    return min(longest, key=lambda c: (points[c], rules.power[c]))


def _duck(info: InfoSet, rules: PlayRules, legal: int) -> int:
    """Take as few tricks as possible: lead the lowest card; under the trick's best card, the
    highest card that stays under it (or the highest discard), to be rid of it while it is
    safe; when every card would win, the highest when last (the trick is taken anyway), else
    the lowest, which a later card may still beat. Playing first to a talon's card, nothing is
    safe (the talon's card takes nothing): the lowest card."""
    power = rules.power
    trick = info.trick
    if not trick:
        return min(bits(legal), key=lambda c: (power[c], c))
    key = rules.keys[rules.deck.suit_of[trick[0] if info.lead is None else info.lead]]
    best = info.winning[0]
    under = [c for c in bits(legal) if key[c] <= key[best]]
    if under:
        return max(under, key=lambda c: (power[c], c))
    last = len(trick) == info.trick_size - 1
    return (max if last else min)(bits(legal), key=lambda c: (key[c], c))


# complexity: four plain cases (help a partner who holds the trick, win it last, win it with a
# master, throw the cheapest), each a filter of the legal cards; radon counts every filter.
def _follow(info: InfoSet, rules: PlayRules, legal: int, is_master: Callable[[int], bool]) -> int:
    """Follow: give points to a partner who holds the trick (keeping trumps and masters); win
    it as cheaply as possible when last or with a plain master; else throw the cheapest card,
    a non-trump if possible."""
    points = rules.points
    trick = info.trick
    lead = info.lead  # a talon's card leading the trick: it sets the suit, a seat's card wins
    key = rules.keys[rules.deck.suit_of[trick[0] if lead is None else lead]]
    best = info.winning[0] if trick else lead
    assert best is not None
    last = len(trick) == info.trick_size - 1
    if info.partner_wins() and (last or is_master(best) or rules.trumps >> best & 1):
        keep = [c for c in bits(legal) if not rules.trumps >> c & 1]
        pool = keep or list(bits(legal))
        return max(pool, key=lambda c: (points[c], -rules.power[c]))
    winners = [c for c in bits(legal) if key[c] > key[best]]
    if winners:
        if last:
            return min(winners, key=lambda c: (key[c], points[c]))
        masters = [c for c in winners if is_master(c) and not rules.trumps >> c & 1]
        if masters:
            return max(masters, key=lambda c: points[c])
        return min(winners, key=lambda c: (key[c], points[c]))
    pool = [c for c in bits(legal) if not rules.trumps >> c & 1] or list(bits(legal))
    return min(pool, key=lambda c: (points[c], rules.power[c]))
