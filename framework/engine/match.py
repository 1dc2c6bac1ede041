"""A match: deals in sequence, dealer rotation, running totals, carried pots and the end.

:class:`Match` is a score sheet. It keeps the deal records and recomputes everything else from
them through the variant's hooks, so editing or removing a past deal rescores every deal after it.
:class:`MatchState` is where a match stands between two deals (totals, pot, next dealer, the
outcome so far): everything the next deal is scored from, so a store that keeps the state after
each deal (the scorepad) scores a new deal, or rescores from an edited one, without replaying
the deals before it.
The end of the match is the variant's rule (``atout_match_outcome``); :func:`first_to_target`
is the common shape most variants build it from. A match of a fixed number of deals
(:attr:`Rules.match_deals`) ends by the kernel's own rule instead (:func:`after_deals`); a match
whose deals are scored alone (:attr:`Rules.deals_alone`) scores each in a first deal's context
and carries no pot. At the end, the variant's ``atout_settle`` says what each player wins or pays
(:attr:`MatchOutcome.settlement`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from framework.core.errors import RecordError
from framework.core.messages import KERNEL
from framework.core.options import Rules
from framework.core.seats import W, seat_after
from framework.rules.outcome import NOT_OVER, MatchOutcome, SummaryLine, after_deals
from framework.rules.scoring import NO_TOTALS, DealScore, MatchContext, zero_totals

if TYPE_CHECKING:
    from framework.engine.deal import Deal
    from framework.rules.plugins import Variant

_ = KERNEL.message
_n = KERNEL.plural

__all__ = ["Match", "MatchState"]


def _counted(score: DealScore, rules: Rules) -> DealScore:
    """``score`` as the match counts it: a deal scored alone (``rules.deals_alone``) carries
    nothing out, and says so (:meth:`DealScore.scored_alone`)."""
    return score.scored_alone() if rules.deals_alone else score


class MatchState(NamedTuple):
    """Where a match stands between two deals: what the next deal is validated and scored from.

    :ivar deals: how many deals were played.
    :ivar totals: the running totals by score column (``{"NS": int, "EW": int}`` for the
        teams; a match of a variant that declares other columns starts from
        :meth:`start`).
    :ivar pot: the points carried into the next deal.
    :ivar dealer: the dealer of the next deal (the seats take turns in playing order, round
        a table of the variant's seats under the match's rules).
    :ivar outcome: the match's outcome after the last deal (over or not).
    """

    deals: int = 0
    totals: Mapping[str, int] = NO_TOTALS
    pot: int = 0
    dealer: int = W
    outcome: MatchOutcome = NOT_OVER

    @classmethod
    def start(cls, variant: Variant, rules: Rules, dealer: int | None = None) -> MatchState:
        """A match of ``variant`` under ``rules`` before its first deal, dealt first by
        ``dealer`` (default: the table's last seat, ``W`` of ``N E S W``): every score column
        of the table at 0."""
        # (the declared table unless an option shapes it: no call, a match starts every few
        # deals of a simulation)
        table = variant.table(rules) if variant.hooks.shapes_table else variant.info
        if dealer is None:
            dealer = len(table.seats) - 1
        if table.scores_teams:
            return _STARTS.get(dealer) or cls(dealer=dealer)
        return cls(totals=zero_totals(table.column_keys), dealer=dealer)

    def context(self, alone: bool = False) -> MatchContext:
        """The context the next deal is played and scored in.

        :param alone: the deal is scored alone (:attr:`Rules.deals_alone`): every score column
            at 0 and no pot, as in a match's first deal; its number and dealer are its own.
        """
        if self.totals is NO_TOTALS and self.deals == 0 and self.pot == 0:
            # A match's first deal between two teams (a random Coinche match ends after 1.3
            # deals): the context made once per dealer (contexts are immutable).
            first = _FIRST_CONTEXTS.get(self.dealer)
            if first is not None:
                return first
        # (_make of a tuple: a call of the class costs about 1,000 instructions more, callgrind)
        if alone:
            return MatchContext._make(
                (zero_totals(tuple(self.totals)), 0, self.deals + 1, self.dealer)
            )
        return MatchContext._make((self.totals, self.pot, self.deals + 1, self.dealer))

    def check(
        self, variant: Variant, rules: Rules, record: Mapping[str, Any], validated: bool = False
    ) -> tuple[dict[str, Any], DealScore]:
        """Validate and score ``record`` as the next deal (through the variant's hooks).

        :param validated: the record is already normalised — the engine's own record of a deal
            played in this context (``deal.record()``, which the conformance kit checks
            validates to itself) — so it is scored without being validated again.
        :raises RecordError: an invalid record, or the match is over.
        """
        self._refuse_if_over()
        context = self.context(rules.deals_alone)
        clean = dict(record) if validated else variant.hooks.validate_record(rules, record, context)
        return clean, _counted(variant.hooks.score_deal(rules, clean, context), rules)

    def check_played(self, deal: Deal) -> tuple[dict[str, Any], DealScore]:
        """:meth:`check` of the record of ``deal``, a deal the engine played from this state
        (``Deal.new(..., context=state.context(rules.deals_alone))``): its record (the
        variant's own, not validated again) and its score, in the context the deal was played
        in, through the hooks it kept (:meth:`Deal.score`).

        ``atout simulate``'s loop: the same score as ``check(variant, rules, deal.record(),
        validated=True)``, without making the context again, copying the record or looking the
        variant's hooks up (``benchmarks/kernel_callgrind.py``, simulate: about 6,000
        instructions a deal less).

        :raises RecordError: the match is over.
        """
        self._refuse_if_over()
        record = deal.record()
        return record, _counted(deal.score(record), deal.rules)

    def _refuse_if_over(self) -> None:
        """Refuse the next deal of a match that is over (:meth:`check`, :meth:`check_played`).

        :raises RecordError: the match is over.
        """
        if self.outcome.over:
            raise RecordError("record", _("the match is over"))

    def after(
        self, variant: Variant, rules: Rules, score: DealScore, scores: Sequence[DealScore]
    ) -> MatchState:
        """The state once the next deal scored ``score``.

        :param scores: every deal's score so far, this one last: what the variant's
            end-of-match hook reads (any sequence; a store may load the older ones only when
            the hook reads them).
        """
        mine, points = self.totals, score.points  # (ints: a DealScore's points are)
        try:  # (the teams, unrolled: a score the kernel checked has every column, in order)
            totals = MappingProxyType(
                {"NS": mine["NS"] + points["NS"], "EW": mine["EW"] + points["EW"]}
                if len(points) == 2
                else {k: mine.get(k, 0) + v for k, v in points.items()}
            )
        except KeyError:  # (two columns, not the teams)
            totals = MappingProxyType({k: mine.get(k, 0) + v for k, v in points.items()})
        # (the hooks of the match's table, looked up once: they know its seats)
        hooks = variant.hooks.for_deal(rules)
        limit = rules.match_deals
        if limit is None:
            outcome = hooks.match_outcome(rules, totals, scores)  # (settled at the end)
        else:
            outcome = after_deals(limit, self.deals + 1, totals)
            if outcome.over:
                settlement = hooks.settle(rules, totals)
                if settlement:  # (the player who wins the most wins the match)
                    outcome = after_deals(limit, self.deals + 1, settlement).settled(settlement)
        return MatchState._make(  # (a tuple: see context)
            (self.deals + 1, totals, score.pot, seat_after(self.dealer, len(hooks.seats)), outcome)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "totals": dict(self.totals),
            "pot": self.pot,
            "dealer": self.dealer,
            "outcome": self.outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchState:
        """Rebuild a state from :meth:`to_json`.

        >>> s = MatchState(3, {"NS": 100, "EW": 62}, pot=0, dealer=2)
        >>> MatchState.from_json(s.to_json()) == s
        True

        :raises ValueError: for JSON that is not a stored state.
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("totals"), Mapping):
            raise ValueError("a stored match state is an object with 'totals'")
        totals = data["totals"]
        return cls(
            int(data.get("deals", 0)),
            MappingProxyType({str(column): int(total) for column, total in totals.items()}),
            int(data.get("pot", 0)),
            int(data.get("dealer", W)),
            MatchOutcome.from_json(data.get("outcome") or {"over": False}),
        )


#: A match's state before its first deal, per first dealer (states are immutable: every match
#: starts from one of these, its context made once; a simulation starts thousands of matches).
_STARTS = {seat: MatchState(dealer=seat) for seat in range(6)}
#: The context of a first deal between two teams, per dealer (MatchState.context).
_FIRST_CONTEXTS = {seat: MatchContext(NO_TOTALS, 0, 1, seat) for seat in range(6)}


class MatchStateView:
    """Where a match stands, read from its :class:`MatchState` ``state``: the totals, pot
    and outcome that :class:`Match` and the scorepad's sheets both show."""

    state: MatchState

    @property
    def totals(self) -> dict[str, int]:
        """The running totals by score column (a copy of :attr:`state`'s)."""
        return dict(self.state.totals)

    @property
    def pot(self) -> int:
        """The points carried into the next deal."""
        return self.state.pot

    @property
    def outcome(self) -> MatchOutcome:
        """The match's outcome after the last deal (over or not)."""
        return self.state.outcome


class Match(MatchStateView):
    """A score sheet: records in order, and everything derived from them.

    :param first_dealer: the dealer of the first deal (default: the table's last seat, ``W``
        of ``N E S W``); each next deal is dealt by the next seat, thrown-in deals included.
    """

    def __init__(
        self,
        variant: Variant,
        rules: Rules,
        first_dealer: int | None = None,
        records: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        if first_dealer is None:
            first_dealer = len(variant.table(rules).seats) - 1
        self.variant = variant
        self.rules = rules
        self.first_dealer = first_dealer
        self.records: list[dict[str, Any]] = []
        self.scores: list[DealScore] = []
        #: where the match stands (what the next deal is scored from)
        self.state = MatchState.start(variant, rules, first_dealer)
        for record in records:
            self.add(record)

    @property
    def dealer(self) -> int:
        """The dealer of the next deal."""
        return self.state.dealer

    def context(self) -> MatchContext:
        """The context the next deal is played and scored in (under the match's rules: a deal
        scored alone, :attr:`Rules.deals_alone`, in a first deal's)."""
        return self.state.context(self.rules.deals_alone)

    def check(self, record: Mapping[str, Any]) -> tuple[dict[str, Any], DealScore]:
        """Validate and score the next deal without adding it."""
        return self.state.check(self.variant, self.rules, record)

    def add(self, record: Mapping[str, Any], validated: bool = False) -> DealScore:
        """Validate, score and append the next deal; returns its score.

        :param validated: the record is already normalised — a record the engine made
            (``deal.record()`` of a deal played with :meth:`context`, which the conformance kit
            checks validates to itself) — so it is scored without being validated again.
        """
        clean, score = self.state.check(self.variant, self.rules, record, validated)
        self.records.append(clean)
        self.scores.append(score)
        self.state = self.state.after(self.variant, self.rules, score, self.scores)
        return score

    def summary(self) -> list[SummaryLine]:
        """What each team did over the match, counted by the variant (may be empty)."""
        return self.variant.hooks.match_summary(self.rules, self.records, self.scores)

    def rows(self) -> list[dict[str, Any]]:
        """One row per deal: number, dealer, record, score and running totals."""
        table = self.variant.table(self.rules)
        names = table.seats
        out = []
        totals = dict.fromkeys(table.column_keys, 0)
        seat = self.first_dealer
        for n, (record, score) in enumerate(zip(self.records, self.scores, strict=True), 1):
            for column, points in score.points.items():
                totals[column] = totals.get(column, 0) + points
            out.append(
                {
                    "number": n,
                    "dealer": names[seat],
                    "record": record,
                    "score": score.to_json(),
                    "totals": dict(totals),
                }
            )
            seat = seat_after(seat, len(names))
        return out
