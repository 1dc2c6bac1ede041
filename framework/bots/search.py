"""The search bot: determinized sampling and playouts, for any variant.

:class:`SearchBot` knows no variant. It reads what the kernel gives every variant — legal calls
and plays, the trick winner (the play rules' keys), card points, and the variant's own deal
record and score — and decides by Perfect Information Monte Carlo (PIMC):

1. **Sample.** Deal the hidden cards :attr:`SearchBot.budget` times, consistently with what the
   seat knows (:meth:`framework.engine.infoset.InfoSet.sample`: voids revealed by the play, cards
   shown, belote said, the turn-up, a partner sitting out; a called card dealt like any hidden
   card, the sides following its sampled holder).
2. **Play out.** In each sampled deal, try every candidate action and play the deal to its end
   with the rule bot at every seat (:func:`playout`: each seat sees only its own cards of the
   sample), a rollout that the search improves on. The same samples serve every candidate,
   so their comparison is not blurred by the luck of the deal.
3. **Score.** Each finished deal is scored through the variant's own record and scoring
   (:meth:`framework.engine.deal.Deal.score`), so the bot maximises the expected score-sheet margin
   of its team: contracts, multipliers, capot, belote, litige, hanging points are all the
   variant's.

Bidding and doubling use the same samples, drawn so that the rule bot holding them would have
made the others' calls: each candidate call (the rule bot's own call, pass, each denomination
at a few levels, coinche/kontra and their answers) is evaluated as the contract it would leave
if the others passed; a denomination is played out once per sample and scored for each level
and multiplier. The bot departs from the rule bot's call only for a call that does better on
the same samples by more than two standard errors (the luckiest of many candidates is not
trusted). The seed of every decision is the bot's seed mixed with the information set's
fingerprint (:meth:`InfoSet.seed`), so a decision depends on nothing the seat cannot see, and is
the same on every machine. An optional time cap (``time_cap`` seconds) stops sampling early for
interactive play (results then depend on the machine's speed).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence

from framework.bots.base import Bot, plain_action
from framework.bots.rulebot import RuleBot
from framework.core.cards import bits
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.rules.auction import Call, Contract
from framework.rules.phases import PhaseAction
from framework.rules.played import Event

__all__ = ["SearchBot"]

#: Sampled deals per decision by default: the strength/speed trade-off measured by
#: ``atout duel`` (docs/benchmarks.md). At 8 the bot beat the rule bot in five variants of six
#: on 500 duplicate pairs but not in Bulgarian Belot (+0.60 [-0.07, +1.27]); at 16 it beats it
#: in all six with Coinche's mean decision (the slowest) still under 50 ms of CPU.
DEFAULT_BUDGET = 16

# Bid levels tried per denomination, as positions in the ladder of legal bids of that
# denomination (the lowest, then every other level).
_LEVEL_STEP = 2
_MAX_LEVELS = 3


def playout(deal: Deal) -> Deal:
    """Play ``deal`` (a sampled deal or a copy) to its end with the rule bot at every seat,
    each seeing only its own information set of ``deal``, through the unchecked fast path;
    returns it.

    A rollout of the rule bot: the search then improves on the rule bot's play (one step of
    policy improvement), and a contract is valued as rule bots would play it, not as players
    who see every card (whose play flatters a contract and misleads the choice of card).
    """
    bot = RuleBot(0)  # deterministic in card play
    seats = len(deal.seats)
    views = [InfoSet(deal, s) for s in range(seats)]
    if deal.phase == "phases":  # (the talon, the discard, the decisions: the rule bot's)
        deal.act_to_end([bot.choose_action] * seats, views)
    deal.play_to_end([bot.choose_card] * seats, views)
    return deal


def _card_margin(deal: Deal, seat: int) -> int:
    """The card points ``seat``'s side took in the tricks of the finished ``deal`` minus the
    others', without the last-trick bonus: the tie-break of equal score margins (a lost
    contract loses by the same score whatever the cards, but taking more of them is still the
    better play). Read from the deal's own tally (:attr:`Deal.side_points`)."""
    rules = deal.play_rules
    assert rules is not None
    sides = deal.sides
    team = sides[seat]
    points = deal.side_points
    margin = 2 * points[team] - sum(points)
    bonus = rules.last_trick_bonus
    return margin - bonus if sides[deal.tricks[-1][2]] == team else margin + bonus


def _margin(deal: Deal, seat: int) -> float:
    """The score-sheet margin of ``seat``'s side in a finished deal (its sides: the deal's)."""
    return _points_margin(deal, deal.score().points, seat)


def _points_margin(deal: Deal, points: Mapping[str, int], seat: int) -> float:
    """The points of ``seat``'s side in ``deal`` minus the others': by team column (NS, EW)
    for the variants whose score columns are the teams', else the seats' points as players
    (:meth:`~framework.rules.plugins.Variant.player_points`: the variant's settlement)."""
    sides = deal.sides
    team = sides[seat]
    # (a score's points are its columns, in order)
    if deal.variant.table(deal.rules).scores_teams:
        ours, theirs = (points["NS"], points["EW"]) if team == 0 else (points["EW"], points["NS"])
        return float(ours - theirs)
    values = deal.variant.player_points(deal.rules, points)
    ours = sum(v for s, v in enumerate(values) if sides[s] == team)
    return float(2 * ours - sum(values))


class SearchBot(Bot):
    """Determinized search (PIMC) over the kernel's rules: see the module documentation.

    :param seed: mixed with each information set's fingerprint to seed a decision.
    :param budget: sampled deals per decision (default :data:`DEFAULT_BUDGET`).
    :param time_cap: seconds a decision may take at most (None: no cap, reproducible).
    """

    name = "search"

    def __init__(
        self, seed: int | None = None, budget: int | None = None, time_cap: float | None = None
    ) -> None:
        self.seed = seed or 0
        self.budget = max(1, budget if budget is not None else DEFAULT_BUDGET)
        self.time_cap = time_cap

    def _rng(self, info: InfoSet) -> random.Random:
        return random.Random(info.seed(self.seed))

    def _worlds(self, info: InfoSet, rng: random.Random) -> list[Deal]:
        start = time.perf_counter()
        worlds = []
        for _ in range(self.budget):
            worlds.append(info.sample(rng))
            if self.time_cap is not None and time.perf_counter() - start > self.time_cap / 3:
                break
        return worlds

    # ---- card play ----------------------------------------------------------------------

    def choose_card(self, info: InfoSet, legal: int) -> int:
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        seat = info.seat
        cards = list(bits(legal))
        totals = dict.fromkeys(cards, 0.0)
        ties = dict.fromkeys(cards, 0)
        rng = self._rng(info)
        start = time.perf_counter()
        # Early in the play the auction still says most about the hidden hands (a taker's
        # trumps): the samples must explain it; later the cards played say more.
        early = len(info.tricks) < _EXPLAIN_TRICKS
        worlds = self._auction_worlds(info, rng, _PLAY_TRIES) if early else self._worlds(info, rng)
        for world in worlds:
            world.declared()  # found once per sample, kept by its copies
            for card in cards:
                trial = world.copy()
                trial.apply_play(seat, card)
                playout(trial)
                totals[card] += _margin(trial, seat)
                ties[card] += _card_margin(trial, seat)
            if self.time_cap is not None and time.perf_counter() - start > self.time_cap:
                break
        # Equal scores (every sample decided the same whatever the card) are told apart by the
        # card points taken, then by the rule bot's choice.
        rule_card = RuleBot(self.seed).choose_card(info, legal)
        return max(cards, key=lambda c: (totals[c], ties[c], c == rule_card, -c))

    # ---- the phases after the auction ---------------------------------------------------

    def choose_action(self, info: InfoSet, actions: Sequence[PhaseAction]) -> PhaseAction:
        """The rule bot's action unless another does better on the same samples (by more than
        two standard errors, as for calls): each candidate is taken in every sampled deal, the
        rest of the phases and the play are the rule bot's, and the deal is scored for the
        seat's side. The candidates: every action offered, or for a discard the
        :data:`_DISCARDS` weakest and the rule bot's."""
        if len(actions) == 1:
            return actions[0]
        seat = info.seat
        default = RuleBot(self.seed).choose_action(info, actions)
        others = [a for a in actions if a != default]
        if default.kind == "discard":
            others = [a for a in _weakest(info, others) if a != default]
        elif default.kind == "name":
            others = _named(default, others)
        candidates = [default, *others]
        rng = self._rng(info)
        start = time.perf_counter()
        values: list[list[float]] = [[] for _ in candidates]
        for world in self._worlds(info, rng):
            for i, action in enumerate(candidates):
                trial = world.copy()
                trial.apply(Event(action.kind, seat, action))
                playout(trial)
                values[i].append(_margin(trial, seat))
            if self.time_cap is not None and time.perf_counter() - start > self.time_cap:
                break
        return candidates[_cautious_best(values)]

    # ---- bidding ------------------------------------------------------------------------

    def choose_call(self, info: InfoSet, calls: Sequence[Call]) -> Call:
        if len(calls) == 1:
            return calls[0]
        seat = info.seat
        # The rule bot's call is the one to beat: the search departs from it only for a call
        # that does better on the same samples (see _cautious_best).
        default = RuleBot(self.seed).choose_call(info, calls)
        candidates = [default, *(c for c in _candidates(calls) if c != default)]
        rng = self._rng(info)
        start = time.perf_counter()
        worlds = self._auction_worlds(info, rng)
        # The contract each candidate leaves when the others pass: the auction does not depend
        # on the hidden cards, so the first sample answers for all.
        outcomes = [_contract_after(worlds[0], seat, call) for call in candidates]
        if any(ended.phase == "phases" for _, ended in outcomes):
            # Phases follow the auction: the contract is named after the talon, so a bid's
            # level above the lowest is only a commitment; each call is played out on its own
            # (below), the lowest bid of each denomination is enough to compare.
            lowest = _candidates(calls, levels=1)
            kept = [i for i, c in enumerate(candidates) if i == 0 or c in lowest]
            candidates = [candidates[i] for i in kept]
            outcomes = [outcomes[i] for i in kept]
        values: list[list[float]] = [[] for _ in candidates]
        for world in worlds:
            played: dict[tuple[str, int, int | None, int | None], Deal] = {}
            for i, (contract, ended) in enumerate(outcomes):
                if contract is None:
                    values[i].append(_margin(ended, seat))
                    continue
                if ended.phase == "phases":
                    # The level decides what happens before the play (the defenders' whists,
                    # the contract named after the talon): each call is played out on its own
                    # and scored as the deal went.
                    trial = playout(_contract_after(world, seat, candidates[i])[1])
                    values[i].append(_margin(trial, seat))
                    continue
                group = (
                    contract.denomination,
                    contract.taker,
                    contract.sitting_out,
                    contract.called,
                )
                done = played.get(group)
                if done is None:
                    done = played[group] = playout(_contract_after(world, seat, candidates[i])[1])
                values[i].append(_rescored_margin(done, contract, seat))
            if self.time_cap is not None and time.perf_counter() - start > self.time_cap:
                break
        return candidates[_cautious_best(values)]

    def _auction_worlds(self, info: InfoSet, rng: random.Random, tries: int = 0) -> list[Deal]:
        """Samples whose hands explain the others' calls: a sample is kept when the rule bot,
        holding that sample's hand, would have made each call of the others (same kind and
        denomination); after ``tries`` (default :data:`_AUCTION_TRIES`) times the budget of
        samples, the unexplained samples fill the budget."""
        others = [(i, s, c) for i, (s, c) in enumerate(info.calls) if s != info.seat]
        if not others:
            return self._worlds(info, rng)
        model = RuleBot(0)
        kept: list[Deal] = []
        spare: list[Deal] = []
        start = time.perf_counter()
        for _ in range(self.budget * (tries or _AUCTION_TRIES)):
            world = info.sample(rng)
            if _explains(world, info.calls, info.seat, model):
                kept.append(world)
                if len(kept) == self.budget:
                    break
            elif len(spare) < self.budget:
                spare.append(world)
            if self.time_cap is not None and time.perf_counter() - start > self.time_cap / 2:
                break
        return kept + spare[: max(0, self.budget - len(kept))] if kept else spare


#: Standard errors by which a call must beat the rule bot's call on the same samples.
_CAUTION = 2.0
#: Samples tried per kept sample when the others' calls must be explained.
_AUCTION_TRIES = 6
#: The same in card play (where a sample costs more: declarations to match too).
_PLAY_TRIES = 4
#: Card play samples explain the auction during this many first tricks.
_EXPLAIN_TRICKS = 3


def _explains(world: Deal, calls: Sequence[tuple[int, Call]], me: int, model: Bot) -> bool:
    """Whether ``model`` holding the hands of ``world`` makes the others' ``calls``."""
    fresh = Deal(
        world.variant, world.rules, world.dealer, world.order, world.context, world.pattern
    )
    for seat, call in calls:
        if seat != me:
            legal = fresh.legal_calls(seat)
            guess = model.choose_call(InfoSet(fresh, seat), legal)
            if (
                guess.kind != call.kind
                or guess.denomination != call.denomination
                or guess.alone != call.alone
            ):
                return False
        fresh.apply_call(seat, call)
    return True


def _cautious_best(values: Sequence[Sequence[float]]) -> int:
    """The candidate to choose: the first one (the rule bot's call) unless another does better
    on the same samples by more than two standard errors of the difference (a guard against
    picking the luckiest of many candidates)."""
    base = values[0]
    n = len(base)
    best, best_value = 0, 0.0
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], base, strict=True)]
        mean = sum(diffs) / n
        if n > 1:
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            mean -= _CAUTION * (var / n) ** 0.5
        if mean > best_value:
            best, best_value = i, mean
    return best


def _candidates(calls: Sequence[Call], levels: int = _MAX_LEVELS) -> list[Call]:
    """The calls worth evaluating: every call that is not a bid (pass first), and for each
    denomination (and alone or not) its lowest bid and every other level above, up to
    ``levels``."""
    others = [c for c in calls if c.kind != "bid"]
    others.sort(key=lambda c: c.kind != "pass")
    groups: dict[tuple[str | None, bool], list[Call]] = {}
    for c in calls:
        if c.kind == "bid":
            groups.setdefault((c.denomination, c.alone), []).append(c)
    bids: list[Call] = []
    for ladder in groups.values():
        ladder.sort(key=lambda c: (c.goal or ("", 0))[1])
        bids.extend(ladder[: _LEVEL_STEP * levels : _LEVEL_STEP])
    return others + bids


def _contract_after(world: Deal, seat: int, call: Call) -> tuple[Contract | None, Deal]:
    """The contract the auction of ``world`` ends with if ``seat`` makes ``call`` and every
    later call is a pass (or the first legal call where a pass is not allowed), and that
    deal, at the start of play (or over, thrown in)."""
    trial = world.copy()
    trial.apply_call(seat, call)
    while trial.phase == "auction":
        who = trial.current_seat
        assert who is not None
        legal = trial.legal_calls(who)
        trial.apply_call(who, next((c for c in legal if c.kind == "pass"), legal[0]))
    return trial.contract, trial


#: How many discards the search bot compares besides the rule bot's: the weakest by the kernel's
#: plain measure (every allowed set would be 66 for two cards of twelve, each played out).
_DISCARDS = 5


def _weakest(info: InfoSet, discards: Sequence[PhaseAction]) -> list[PhaseAction]:
    """The :data:`_DISCARDS` weakest of ``discards`` (the kernel's plain choice, repeated)."""
    left = list(discards)
    chosen: list[PhaseAction] = []
    while left and len(chosen) < _DISCARDS:
        pick = plain_action(info, left)
        chosen.append(pick)
        left.remove(pick)
    return chosen


def _named(default: PhaseAction, others: Sequence[PhaseAction]) -> list[PhaseAction]:
    """The contracts worth naming besides the rule bot's ``default``: the lowest of each kind
    (denomination and name) offered, and one level above the default (every contract offered
    would be some twenty, each played out)."""

    def kind(action: PhaseAction) -> tuple[str, str | None] | None:
        c = action.contract
        return None if c is None else (c.denomination, c.name)

    def level(action: PhaseAction) -> int:
        c = action.contract
        return 0 if c is None or c.value is None else c.value

    lowest: dict[tuple[str, str | None], PhaseAction] = {}
    above: PhaseAction | None = None
    for action in others:
        k = kind(action)
        if k is None:
            continue
        if k not in lowest or level(action) < level(lowest[k]):
            lowest[k] = action
        higher = k == kind(default) and level(action) > level(default)
        if higher and (above is None or level(action) < level(above)):
            above = action
    chosen = list(lowest.values())
    if above is not None and above not in chosen:
        chosen.append(above)
    return chosen


def _rescored_margin(done: Deal, contract: Contract, seat: int) -> float:
    """The margin of ``seat``'s side in the played-out deal ``done`` if its contract had been
    ``contract`` (same denomination, taker and seats: another level or multiplier)."""
    if done.contract == contract:
        return _margin(done, seat)
    variant = done.variant
    played = done.played()._replace(contract=contract)
    record = variant.hooks.make_record(done.rules, played)
    return _points_margin(
        done, variant.hooks.score_deal(done.rules, record, done.context).points, seat
    )
