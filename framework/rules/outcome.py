"""The end of a match and its summary, as a variant says them: :class:`MatchOutcome` (the answer
of ``atout_match_outcome``), :class:`SummaryLine` (of ``atout_match_summary``) with the
counts a summary is made of (:func:`count_teams`, :func:`played_deals`, :func:`contract_counts`),
:func:`first_to_target`, the common shape most variants build their end from, and
:func:`after_deals`, the kernel's own end of a match of a fixed number of deals."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from framework.core.messages import KERNEL, Message, Team, with_messages
from framework.core.seats import TEAMS
from framework.rules.schema import THROWN_IN
from framework.rules.scoring import DealScore, LaterText, text_field

_ = KERNEL.message
_n = KERNEL.plural

#: No settlement (read-only: shared by every outcome without one).
_NO_SETTLEMENT: Mapping[str, int] = MappingProxyType({})

__all__ = [
    "NOT_OVER",
    "MatchOutcome",
    "SummaryLine",
    "contract_counts",
    "count_teams",
    "first_to_target",
    "played_deals",
]


@dataclass(frozen=True, init=False, eq=False)
class MatchOutcome:
    """Whether a match is over, who won, and how it settles.

    :param over: True when no more deals are played.
    :param winner: one of the variant's score columns or their groups (``"NS"`` or ``"EW"`` in
        a game of two teams; a seat's name in a game scored per player), or None (match goes
        on, or a draw when ``over``).
    :param reason: one line for a person ("NS reach 1000 first"); or a function of no
        arguments that makes it, called when the reason is first read (a simulation ends a
        match every few deals and never shows why: see :func:`~framework.rules.scoring.text_field`).
        Read, it is always the text.
    :param settlement: what each player wins or pays when the match is over, keyed by seat
        name, summing to zero: the variant's ``atout_settle``, which the kernel asks when the
        match ends; empty for a variant with no settlement (and while the match goes on).
    """

    over: bool
    winner: str | None
    reason: str  # (read through text_field below the class)
    settlement: Mapping[str, int]

    def __init__(
        self,
        over: bool,
        winner: str | None = None,
        reason: LaterText = "",
        settlement: Mapping[str, int] = _NO_SETTLEMENT,
    ) -> None:
        init = object.__setattr__  # (a frozen dataclass's own __init__ sets its fields so)
        init(self, "over", over)
        init(self, "winner", winner)
        init(self, "_reason", reason)
        init(
            self,
            "settlement",
            settlement if settlement is _NO_SETTLEMENT else MappingProxyType(dict(settlement)),
        )

    def _values(self) -> tuple[Any, ...]:
        return (self.over, self.winner, self.reason, tuple(self.settlement.items()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchOutcome):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        settled = f", settlement={dict(self.settlement)!r}" if self.settlement else ""
        return (
            f"MatchOutcome(over={self.over!r}, winner={self.winner!r}, "
            f"reason={self.reason!r}{settled})"
        )

    def __getstate__(self) -> tuple[Any, ...]:
        # (the reason made: a closure does not pickle; the settlement as a dict: nor does a
        # read-only view)
        return (self.over, self.winner, self.reason, dict(self.settlement))

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.__init__(*state)  # type: ignore[misc]

    def settled(self, settlement: Mapping[str, int]) -> MatchOutcome:
        """This outcome with ``settlement`` (its reason kept as it was given: made when read)."""
        return MatchOutcome(self.over, self.winner, vars(self)["_reason"], settlement)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"over": self.over, "winner": self.winner, "reason": self.reason}
        if self.settlement:
            out["settlement"] = dict(self.settlement)
        return with_messages(out, "reason")

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
        settlement = data.get("settlement") or {}
        if not isinstance(settlement, Mapping):
            raise ValueError("a stored outcome's settlement is an object")
        return cls(
            bool(data.get("over")),
            None if winner is None else str(winner),
            reason,
            {str(seat): int(value) for seat, value in settlement.items()},
        )


text_field(MatchOutcome, "reason")
NOT_OVER = MatchOutcome(False)


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


def played_deals(
    records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[tuple[Mapping[str, Any], DealScore]]:
    """The records of a match's deals that were played (not thrown in), each with its score:
    what a match summary counts."""
    return [(r, s) for r, s in zip(records, scores, strict=True) if not r.get(THROWN_IN)]


def contract_counts(
    words: tuple[str, str, str], takers: Sequence[tuple[str | None, DealScore]]
) -> list[SummaryLine]:
    """The three lines of a match summary that count, per team, the contracts taken, made and
    failed, headed by the variant's ``words`` for them (each a :func:`count_teams`).

    :param takers: the team that took each contract (a name of ``TEAMS``, or None) with the
        score of its deal.

    >>> made, failed = DealScore({}, True), DealScore({}, False)
    >>> lines = contract_counts(("taken", "made", "failed"), [("NS", made), ("EW", failed)])
    >>> tuple((line.counts["NS"], line.counts["EW"]) for line in lines)
    ((1, 1), (1, 0), (0, 1))
    """
    taken, made, failed = words
    return [
        count_teams(taken, [team for team, _score in takers]),
        count_teams(made, [team for team, score in takers if score.made]),
        count_teams(failed, [team for team, score in takers if score.made is False]),
    ]


#: The outcome of one team reaching the target, per (team, target): outcomes are immutable, and
#: a simulation ends a match every few deals (a random Coinche match lasts 1.3 deals), each
#: outcome made again costing about 4,000 instructions (callgrind, simulate).
_REACHED: dict[tuple[str, int], MatchOutcome] = {}


def _reached(team: str, target: int) -> MatchOutcome:
    """The match won by ``team``, the only one to reach ``target`` (kept per team and target)."""
    found = _REACHED.get((team, target))
    if found is None:
        if len(_REACHED) >= 64:
            _REACHED.clear()
        found = _REACHED[team, target] = MatchOutcome(
            True, team, lambda: _("{team} reach {target}", team=Team(team), target=target)
        )
    return found


# complexity: one rule with its cases in the order they decide: a deal that wins outright or
# cannot end the match, nobody there, one team there (exactly, or past the target, unless
# not_yet), both there with more or with a tie (another deal, a draw, the last deal's winner).
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
        return _reached(reached[0], target)
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
    match outright, or may not end it) ends no such match. ``totals`` are the score columns'
    totals, or a settlement's results per player (for a variant that settles: the player who
    wins the most wins the match).

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
    named: Team | str = Team(winner) if winner in TEAMS else winner
    return MatchOutcome(
        True,
        winner,
        lambda: _n(
            "after {n} deal, {team} have the most ({points})",
            "after {n} deals, {team} have the most ({points})",
            n=played,
            team=named,
            points=best,
        ),
    )
