"""A match: deals in sequence, dealer rotation, running totals, carried pots and the end.

:class:`Match` is a score sheet. It keeps the deal records and recomputes everything else from
them through the variant's hooks, so editing or removing a past deal rescores every deal after it.
:class:`MatchState` is where a match stands between two deals (totals, pot, next dealer, the
outcome so far): everything the next deal is scored from, so a store that keeps the state after
each deal (the scorepad) scores a new deal, or rescores from an edited one, without replaying
the deals before it.
The end of the match is the variant's rule (``atout_match_outcome``); :func:`first_to_target`
is the common shape most variants build it from. A match of a fixed number of deals
(:attr:`Rules.match_deals`) ends by the kernel's own rule instead (:func:`after_deals`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from framework.errors import RecordError
from framework.messages import KERNEL, Message, Team, with_messages
from framework.options import Rules
from framework.scoring import NO_TOTALS, DealScore, LaterText, MatchContext, text_field
from framework.seats import TEAMS, W, next_seat

if TYPE_CHECKING:
    from framework.plugins import Variant

_ = KERNEL.message
_n = KERNEL.plural

__all__ = ["Match", "MatchOutcome", "MatchState", "SummaryLine", "count_teams", "first_to_target"]


@dataclass(frozen=True, init=False, eq=False)
class MatchOutcome:
    """Whether a match is over, and who won.

    :param over: True when no more deals are played.
    :param winner: ``"NS"`` or ``"EW"``, or None (match goes on, or a draw when ``over``).
    :param reason: one line for a person ("NS reach 1000 first"); or a function of no
        arguments that makes it, called when the reason is first read (a simulation ends a
        match every few deals and never shows why: see :func:`~framework.scoring.text_field`).
        Read, it is always the text.
    """

    over: bool
    winner: str | None
    reason: str  # (read through text_field below the class)

    def __init__(self, over: bool, winner: str | None = None, reason: LaterText = "") -> None:
        init = object.__setattr__  # (a frozen dataclass's own __init__ sets its fields so)
        init(self, "over", over)
        init(self, "winner", winner)
        init(self, "_reason", reason)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchOutcome):
            return NotImplemented
        return (self.over, self.winner, self.reason) == (other.over, other.winner, other.reason)

    def __hash__(self) -> int:
        return hash((self.over, self.winner, self.reason))

    def __repr__(self) -> str:
        return f"MatchOutcome(over={self.over!r}, winner={self.winner!r}, reason={self.reason!r})"

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.over, self.winner, self.reason)  # (made: a closure does not pickle)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.__init__(*state)  # type: ignore[misc]

    def to_json(self) -> dict[str, Any]:
        return with_messages(
            {"over": self.over, "winner": self.winner, "reason": self.reason}, "reason"
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchOutcome:
        """Rebuild an outcome from :meth:`to_json` (the reason as its message when it has one).

        :raises ValueError: for JSON that is not a stored outcome.
        """
        if not isinstance(data, Mapping):
            raise ValueError("a stored outcome is an object")
        reason: str = str(data.get("reason", ""))
        if data.get("reason_message") is not None:
            reason = Message.from_json(data["reason_message"])
        winner = data.get("winner")
        return cls(bool(data.get("over")), None if winner is None else str(winner), reason)


text_field(MatchOutcome, "reason")
NOT_OVER = MatchOutcome(False)


class MatchState(NamedTuple):
    """Where a match stands between two deals: what the next deal is validated and scored from.

    :ivar deals: how many deals were played.
    :ivar totals: the running totals, ``{"NS": int, "EW": int}``.
    :ivar pot: the points carried into the next deal.
    :ivar dealer: the dealer of the next deal.
    :ivar outcome: the match's outcome after the last deal (over or not).
    """

    deals: int = 0
    totals: Mapping[str, int] = NO_TOTALS
    pot: int = 0
    dealer: int = W
    outcome: MatchOutcome = NOT_OVER

    def context(self) -> MatchContext:
        """The context the next deal is played and scored in."""
        return MatchContext(self.totals, self.pot, self.deals + 1, self.dealer)

    def check(
        self, variant: Variant, rules: Rules, record: Mapping[str, Any], validated: bool = False
    ) -> tuple[dict[str, Any], DealScore]:
        """Validate and score ``record`` as the next deal (through the variant's hooks).

        :param validated: the record is already normalised — the engine's own record of a deal
            played in this context (``deal.record()``, which the conformance kit checks
            validates to itself) — so it is scored without being validated again.
        :raises RecordError: an invalid record, or the match is over.
        """
        if self.outcome.over:
            raise RecordError("record", _("the match is over"))
        context = self.context()
        clean = dict(record) if validated else variant.hooks.validate_record(rules, record, context)
        return clean, variant.hooks.score_deal(rules, clean, context)

    def after(
        self, variant: Variant, rules: Rules, score: DealScore, scores: Sequence[DealScore]
    ) -> MatchState:
        """The state once the next deal scored ``score``.

        :param scores: every deal's score so far, this one last: what the variant's
            end-of-match hook reads (any sequence; a store may load the older ones only when
            the hook reads them).
        """
        mine, points = self.totals, score.points  # (ints: a DealScore's points are)
        totals = MappingProxyType(
            {"NS": mine["NS"] + points["NS"], "EW": mine["EW"] + points["EW"]}
        )
        limit = rules.match_deals
        return MatchState(
            self.deals + 1,
            totals,
            score.pot,
            next_seat(self.dealer),
            variant.hooks.match_outcome(rules, totals, scores)
            if limit is None
            else after_deals(limit, self.deals + 1, totals),
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
            MappingProxyType({"NS": int(totals.get("NS", 0)), "EW": int(totals.get("EW", 0))}),
            int(data.get("pot", 0)),
            int(data.get("dealer", W)),
            MatchOutcome.from_json(data.get("outcome") or {"over": False}),
        )


#: A match's state before its first deal, per first dealer (states are immutable: every match
#: starts from one of these, its context made once; a simulation starts thousands of matches).
_STARTS = {seat: MatchState(dealer=seat) for seat in range(4)}


@dataclass(frozen=True)
class SummaryLine:
    """One line of a match's summary: something each team did, and how often.

    :param label: what is counted, in the variant's words ("Contracts made"): a message or
        plain text.
    :param counts: ``{"NS": int, "EW": int}``.
    """

    label: str
    counts: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"label": str(self.label), "counts": dict(self.counts)}


def count_teams(label: str, teams: Iterable[str | None]) -> SummaryLine:
    """A summary line counting each team key in ``teams`` (None entries are skipped).

    >>> count_teams("Belotes", ["NS", None, "NS", "EW"]).counts
    {'NS': 2, 'EW': 1}
    """
    counts = dict.fromkeys(TEAMS, 0)
    for team in teams:
        if team in counts:
            counts[team] += 1
    return SummaryLine(label, counts)


def first_to_target(
    totals: Mapping[str, int],
    target: int,
    scores: Sequence[DealScore],
    tie: Literal["extra_deal", "deal_winner", "draw"] = "extra_deal",
    exact: bool = False,
    deal_winner: str | None = None,
    not_yet: Collection[str] = (),
) -> MatchOutcome:
    """The usual end: a team that reaches ``target`` wins; if both do, the higher total wins.

    :param tie: when both reach the target with equal totals: play another deal, give the match
        to the winner of the last deal, or call it a draw.
    :param exact: when True only a total of exactly ``target`` wins (overshooting is handled by
        the variant's scoring).
    :param deal_winner: the team that won the last deal, as the variant's rules say; by default
        the team that scored more in it.
    :param not_yet: teams whose total does not count as reaching the target after this deal
        (Coinche's ``belote_cannot_finish``).
    """
    last = scores[-1] if scores else None
    if last is not None and last.wins_match:
        outright = last.wins_match
        return MatchOutcome(True, outright, lambda: _("{team} win outright", team=Team(outright)))
    if last is not None and not last.can_end_match:
        return NOT_OVER
    if not exact and totals["NS"] < target and totals["EW"] < target:
        return NOT_OVER  # (most deals: nobody there yet)
    reached = []
    for t in TEAMS:  # (a loop, not a comprehension's frame: asked after every deal)
        if t not in not_yet and (totals[t] == target if exact else totals[t] >= target):
            reached.append(t)
    if not reached:
        return NOT_OVER
    if len(reached) == 1:
        return MatchOutcome(
            True,
            reached[0],
            lambda: _("{team} reach {target}", team=Team(reached[0]), target=target),
        )
    ns, ew = totals["NS"], totals["EW"]
    if ns != ew:
        win = "NS" if ns > ew else "EW"
        return MatchOutcome(
            True,
            win,
            lambda: _(
                "both reach {target}; {team} have more ({points})",
                target=target,
                team=Team(win),
                points=max(ns, ew),
            ),
        )
    if tie == "draw":
        return MatchOutcome(
            True,
            None,
            lambda: _("both reach {target} with {points}: a draw", target=target, points=ns),
        )
    if (
        tie == "deal_winner"
        and deal_winner is None
        and last is not None
        and last.points["NS"] != last.points["EW"]
    ):
        deal_winner = "NS" if last.points["NS"] > last.points["EW"] else "EW"
    if tie == "deal_winner" and deal_winner:
        winner = deal_winner
        return MatchOutcome(
            True,
            winner,
            lambda: _("tie at {points}; {team} won the last deal", points=ns, team=Team(winner)),
        )
    return NOT_OVER


def after_deals(limit: int, played: int, totals: Mapping[str, int]) -> MatchOutcome:
    """The end of a match of ``limit`` deals (:attr:`Rules.match_deals`), the kernel's own rule:
    over once ``played`` deals are, the highest total winning, equal highest totals a draw. The
    variant's ``atout_match_outcome`` is not asked, so its target (and a deal that wins the
    match outright, or may not end it) ends no such match.

    >>> after_deals(12, 11, {"NS": 900, "EW": 20}).over
    False
    >>> after_deals(12, 12, {"NS": 90, "EW": 120}).winner
    'EW'
    >>> after_deals(2, 2, {"NS": 50, "EW": 50}).winner is None
    True
    """
    if played < limit:
        return NOT_OVER
    best = max(totals.values())
    leaders = [column for column, total in totals.items() if total == best]
    if len(leaders) > 1:
        return MatchOutcome(
            True,
            None,
            lambda: _n(
                "after {n} deal: a draw at {points}",
                "after {n} deals: a draw at {points}",
                n=played,
                points=best,
            ),
        )
    winner = leaders[0]
    return MatchOutcome(
        True,
        winner,
        lambda: _n(
            "after {n} deal, {team} have the most ({points})",
            "after {n} deals, {team} have the most ({points})",
            n=played,
            team=Team(winner),
            points=best,
        ),
    )


class MatchStateView:
    """Where a match stands, read from its :class:`MatchState` ``state``: the totals, pot
    and outcome that :class:`Match` and the scorepad's sheets both show."""

    state: MatchState

    @property
    def totals(self) -> dict[str, int]:
        """The running totals, ``{"NS": int, "EW": int}`` (a copy of :attr:`state`'s)."""
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

    :param first_dealer: the dealer of the first deal; each next deal is dealt by the next
        seat, thrown-in deals included.
    """

    def __init__(
        self,
        variant: Variant,
        rules: Rules,
        first_dealer: int = W,
        records: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        self.variant = variant
        self.rules = rules
        self.first_dealer = first_dealer
        self.records: list[dict[str, Any]] = []
        self.scores: list[DealScore] = []
        #: where the match stands (what the next deal is scored from)
        self.state = _STARTS.get(first_dealer) or MatchState(dealer=first_dealer)
        for record in records:
            self.add(record)

    @property
    def dealer(self) -> int:
        """The dealer of the next deal."""
        return self.state.dealer

    def context(self) -> MatchContext:
        """The context the next deal is played and scored in."""
        return self.state.context()

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
        from framework.seats import SEATS

        out = []
        totals = {"NS": 0, "EW": 0}
        seat = self.first_dealer
        for n, (record, score) in enumerate(zip(self.records, self.scores, strict=True), 1):
            for team in TEAMS:
                totals[team] += score.points[team]
            out.append(
                {
                    "number": n,
                    "dealer": SEATS[seat],
                    "record": record,
                    "score": score.to_json(),
                    "totals": dict(totals),
                }
            )
            seat = next_seat(seat)
        return out
