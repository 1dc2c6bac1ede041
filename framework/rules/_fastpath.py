"""The engine's fast path to the hooks asked on every deal (private to the kernel).

Every hook is called through pluggy's own hook caller (``pm.hook.atout_x(...)``) except those
of :data:`HOT`, which the deal engine and the match ask on every deal. Through pluggy's caller a
call costs about 8,000 instructions (its keyword arguments checked, its implementations copied,
pluggy's calling loop), against about 410,000 for a whole play-only Coinche deal.
``benchmarks/kernel_callgrind.py`` (150 Coinche deals, main at 22ff947) measured, with these
hooks called through pluggy: 454,812 instead of 409,858 instructions per play-only deal (+11%),
816,983 instead of 589,297 per simulated deal (+39%; the record alone: 207,159 instead of
70,848, four ``atout_find_announcements`` and two more announcement hooks per deal).

So :class:`DealHooks` holds each of these hooks as its implementation functions, taken from
pluggy's own list (``HookCaller.get_hookimpls()``) in pluggy's calling order (the last
registered first, ``tryfirst`` before and ``trylast`` after the others), and answers as pluggy
does: the first answer that is not None (every hot hook is ``firstresult``); an implementation
that takes fewer arguments than the specification gets only its own. A hook with a wrapper
(``hookwrapper``, ``wrapper``) among its implementations, or every hook while a hook-call monitor
is in place (``add_hookcall_monitoring``, ``enable_tracing``), is called through pluggy's caller.

:meth:`framework.rules.plugins.VariantHooks.for_deal` makes a :class:`DealHooks` again when the
plugin manager's plugins or its monitoring change (:attr:`PluginManager.changes` counts both: one
comparison); a deal asks for one when it starts and keeps it. A :class:`DealHooks` also keeps the
two answers that depend only on their arguments and are asked on every deal: the deal pattern per
rules, the play rules per rules and contract (such hooks must answer the same for the same
arguments). They are kept per rules *object* (a game, a match, a block of ``atout simulate``
keeps one), so that no rules are hashed on a deal: a few dozen at most, then forgotten.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, MutableSequence, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pluggy

from framework.core.errors import PluginError
from framework.core.messages import KERNEL
from framework.core.seats import FIXED_PARTNERS, SEATS, TEAMS
from framework.rules.phases import Phase
from framework.rules.play_plan import PlayPlan
from framework.rules.schema import THROWN_IN
from framework.rules.scoring import MatchContext, UnknownScoreColumn, zero_totals

if TYPE_CHECKING:
    from framework.core.options import Rules
    from framework.rules.announcements import Announcement
    from framework.rules.auction import Auction, Call, Contract
    from framework.rules.dealing import DealPattern
    from framework.rules.outcome import MatchOutcome, SummaryLine
    from framework.rules.played import PlayedDeal, Trick
    from framework.rules.scoring import DealScore
    from framework.rules.tricks import PlayRules

_ = KERNEL.message
#: The plan of a variant that answers no ``atout_play_plan``: the seats' cards only.
NO_PLAN = PlayPlan()

#: The hooks asked on every deal, called here rather than through pluggy's caller.
HOT = (
    "atout_deal_pattern",
    "atout_auction",
    "atout_play_rules",
    "atout_phases",
    "atout_sides",
    "atout_first_leader",
    "atout_play_plan",
    "atout_find_announcements",
    "atout_counted_announcements",
    "atout_play_declarations",
    "atout_make_record",
    "atout_score_deal",
    "atout_match_outcome",
    "atout_settle",  # (at every match's end: a simulation ends a match every few deals)
)

#: How many rules objects a :class:`DealHooks` keeps answers for before it forgets them all.
_KEPT_RULES = 32

_Function = Callable[..., Any]


def _monitor(pm: pluggy.PluginManager) -> object:
    """What tells whether ``pm`` has a hook-call monitor: pluggy's calling function, which
    ``add_hookcall_monitoring`` replaces."""
    return pm._inner_hookexec


def _pair(caller: pluggy.HookCaller, through_pluggy: bool) -> tuple[_Function, _Function | None]:
    """A ``firstresult`` hook as (top, below): its answer is ``top``'s, or ``below``'s when
    ``top`` answers None and ``below`` is not None. A stack of one or two implementations (a
    variant's and the kernel's default, often) is its functions themselves; a longer one is
    one function asking them in turn; a hook with a wrapper, or ``through_pluggy``, is
    pluggy's caller taking the arguments positionally."""
    spec = caller.spec
    assert spec is not None and spec.opts.get("firstresult"), caller.name
    argnames = tuple(spec.argnames)
    impls = caller.get_hookimpls()
    if through_pluggy or any(i.hookwrapper or i.wrapper for i in impls):

        def through(*args: Any) -> Any:
            return caller(**dict(zip(argnames, args, strict=True)))

        return through, None
    functions = [
        impl.function
        if tuple(impl.argnames) == argnames
        else _taking(impl.function, [argnames.index(n) for n in impl.argnames])
        for impl in reversed(impls)  # pluggy's own calling order
    ]
    if not functions:
        return _none, None
    if len(functions) <= 2:
        return functions[0], functions[1] if len(functions) == 2 else None

    def first(*args: Any) -> Any:
        for function in functions:
            answer = function(*args)
            if answer is not None:
                return answer
        return None

    return first, None


def _none(*args: Any) -> None:
    return None


def _taking(function: _Function, picks: Sequence[int]) -> _Function:
    """``function`` called with the arguments at positions ``picks`` only (picked by an
    itemgetter, in C: a list comprehension of them is a frame of its own, about 1,000
    instructions more a call, callgrind; Belote's play declarations are asked so on every
    deal)."""
    if not picks:
        return lambda *args: function()
    pick = itemgetter(*picks)
    if len(picks) == 1:  # (an itemgetter of one position gives the argument itself)
        return lambda *args: function(pick(args))

    def call(*args: Any) -> Any:
        return function(*pick(args))

    return call


def not_a_column(variant: str, hook: str, exc: UnknownScoreColumn) -> PluginError:
    """The error of a variant whose ``hook`` answered a score keyed by something that is not a
    score column (``exc``): the hook and the key named, never a silent 0."""
    return PluginError(
        variant,
        _(
            "{hook} answered {field} with {key}, which is not a score column ({columns})",
            hook=hook,
            field=exc.field,
            key=repr(exc.key),
            columns=", ".join(exc.columns),
        ),
    )


def contract_key(contract: Contract) -> Hashable:
    """What a contract's play rules depend on, as a hashable tuple (a contract's own hash
    would hash its ``extra`` mapping, which is not hashable)."""
    extra = tuple(sorted(contract.extra.items())) if contract.extra else ()
    return (
        contract.denomination,
        contract.taker,
        contract.value,
        contract.name,
        contract.doubled,
        contract.sitting_out,
        extra,
        contract.called,
    )


class DealHooks:
    """The hooks of :data:`HOT` of one plugin manager, as it stands, for the deals to come."""

    __slots__ = (
        "_auction",
        "_auction_below",
        "_by_contract",
        "_columns",
        "_counted",
        "_counted_below",
        "_declarations",
        "_declarations_below",
        "_excludes",
        "_excludes_kept",
        "_find",
        "_find_below",
        "_keys",
        "_leader",
        "_leader_below",
        "_name",
        "_outcome",
        "_outcome_below",
        "_pattern",
        "_pattern_below",
        "_patterns",
        "_phases",
        "_phases_below",
        "_plan",
        "_plan_below",
        "_play_rules",
        "_play_rules_below",
        "_record",
        "_record_below",
        "_rules_kept",
        "_score",
        "_score_below",
        "_settle",
        "_settle_below",
        "_sides",
        "_sides_below",
        "_start",
        "_teams",
        "_winners",
        "first_contexts",
        "has_call_excludes",
        "has_phases",
        "has_plan",
        "has_sides",
        "made_for",
        "seats",
    )

    def __init__(
        self,
        name: str,
        pm: PluginManager,
        seats: Sequence[str] = SEATS,
        columns: Sequence[str] = TEAMS,
        groups: Sequence[str] = (),
    ) -> None:
        self._name = name
        #: the table's seats, by name in playing order
        self.seats = tuple(seats)
        #: the score columns' keys, in order, and as a set (what a score's keys are checked
        #: against); the columns and their groups: what wins a match, or counts in a summary
        self._columns = tuple(columns)
        self._keys = frozenset(columns)
        self._teams = self._columns == TEAMS
        self._winners = (*self._columns, *(g for g in dict.fromkeys(groups) if g))
        self._start = MatchContext(zero_totals(self._columns))
        #: a deal's context outside a match, per dealer: the first deal, every column at 0
        self.first_contexts = tuple(self._start._replace(dealer=seat) for seat in range(6))
        #: the count of changes to ``pm``'s plugins and monitoring this was made for
        #: (:attr:`PluginManager.changes`): it stands for ``pm`` while the count is the same
        self.made_for = pm.changes
        through = _monitor(pm) is not _PLUGGY_LOOP
        hook = pm.hook
        self._pattern, self._pattern_below = _pair(hook.atout_deal_pattern, through)
        self._auction, self._auction_below = _pair(hook.atout_auction, through)
        self._play_rules, self._play_rules_below = _pair(hook.atout_play_rules, through)
        self._leader, self._leader_below = _pair(hook.atout_first_leader, through)
        self._phases, self._phases_below = _pair(hook.atout_phases, through)
        self._sides, self._sides_below = _pair(hook.atout_sides, through)
        #: Whether a plugin answers ``atout_phases`` / ``atout_sides``: a deal of a variant that
        #: answers neither asks neither (its play starts as the auction ends, with the kernel's
        #: sides), so the four-seat games pay nothing for them.
        self.has_phases = self._phases is not _none
        self.has_sides = self._sides is not _none
        #: Whether a plugin answers ``atout_play_plan``: the play of a variant that answers it
        #: not is the kernel's (no talon leads, no hand opened), and asks nothing.
        self._plan, self._plan_below = _pair(hook.atout_play_plan, through)
        self.has_plan = self._plan is not _none
        #: Whether a plugin answers ``atout_call_excludes``: the legal calls of a variant that
        #: answers it not are its auction's, whatever the hands (and nothing is asked).
        self._excludes = hook.atout_call_excludes
        self.has_call_excludes = bool(self._excludes.get_hookimpls())
        self._excludes_kept: dict[tuple[int, str], tuple[Rules, int]] = {}
        self._find, self._find_below = _pair(hook.atout_find_announcements, through)
        self._counted, self._counted_below = _pair(hook.atout_counted_announcements, through)
        self._declarations, self._declarations_below = _pair(hook.atout_play_declarations, through)
        self._record, self._record_below = _pair(hook.atout_make_record, through)
        self._score, self._score_below = _pair(hook.atout_score_deal, through)
        self._outcome, self._outcome_below = _pair(hook.atout_match_outcome, through)
        self._settle, self._settle_below = _pair(hook.atout_settle, through)
        self._patterns: dict[int, tuple[Rules, DealPattern]] = {}
        self._rules_kept: dict[tuple[int, Hashable], tuple[Rules, PlayRules]] = {}
        self._by_contract: dict[int, tuple[Rules, Contract, PlayRules]] = {}

    def _missing(self, hook: str) -> PluginError:
        return PluginError(self._name, _("no plugin answers {hook}", hook=hook))

    def deal_pattern(self, rules: Rules) -> DealPattern:
        """How the cards are dealt under ``rules`` (kept per rules)."""
        kept = self._patterns.get(id(rules))
        if kept is not None and kept[0] is rules:
            return kept[1]
        found = self._pattern(rules)
        if found is None and self._pattern_below is not None:
            found = self._pattern_below(rules)
        if found is None:
            raise self._missing("atout_deal_pattern")
        if len(self._patterns) >= _KEPT_RULES:
            self._patterns.clear()
        pattern: DealPattern = found
        self._patterns[id(rules)] = (rules, pattern)
        return pattern

    def auction(
        self, rules: Rules, dealer: int, turn_up: int | None, context: MatchContext
    ) -> Auction:
        """A fresh auction for one deal."""
        found = self._auction(rules, dealer, turn_up, context)
        if found is None and self._auction_below is not None:
            found = self._auction_below(rules, dealer, turn_up, context)
        if found is None:
            raise self._missing("atout_auction")
        auction: Auction = found
        return auction

    def call_excludes(self, rules: Rules, call: Call) -> int:
        """The cards a seat may not hold to make ``call`` (``atout_call_excludes``; 0: none),
        kept per rules and call."""
        key = (id(rules), call.text)
        kept = self._excludes_kept.get(key)
        if kept is not None and kept[0] is rules:
            return kept[1]
        found = self._excludes(rules=rules, call=call) if self.has_call_excludes else None
        cards = 0 if found is None else found
        full = self.deal_pattern(rules).deck.full
        if type(cards) is not int or cards < 0 or cards & ~full:
            raise PluginError(  # (a plugin author's error, in English)
                self._name,
                f"atout_call_excludes answered {found!r} for {call.text!r}, which is not a "
                "bitmask of the deck's cards",
            )
        if len(self._excludes_kept) >= 256:
            self._excludes_kept.clear()
        self._excludes_kept[key] = (rules, cards)
        return cards

    def play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        """Card order, card points and legal plays of ``contract`` (kept per rules and
        contract; asked every time for a contract with an unhashable ``extra`` value).

        Found by the very contract object first: a variant whose auction makes each distinct
        contract once (Coinche's) is answered without making the contract's key
        (:func:`contract_key`; callgrind, simulate: about 2,000 instructions a deal less).
        """
        mine = self._by_contract.get(id(contract))
        if mine is not None and mine[0] is rules and mine[1] is contract:
            return mine[2]
        try:
            key = (id(rules), contract_key(contract))
            kept = self._rules_kept.get(key)
        except TypeError:  # an unhashable value in Contract.extra
            key, kept = None, None
        if kept is not None and kept[0] is rules:
            found = kept[1]
        else:
            found = self._play_rules(rules, contract)
            if found is None and self._play_rules_below is not None:
                found = self._play_rules_below(rules, contract)
            if found is None:
                raise self._missing("atout_play_rules")
            if key is not None:
                if len(self._rules_kept) >= _KEPT_RULES * 16:
                    self._rules_kept.clear()
                self._rules_kept[key] = (rules, found)
        if key is not None:
            if len(self._by_contract) >= _KEPT_RULES * 16:
                self._by_contract.clear()
            # (the contract kept with its answer: its id is not reused while it is kept)
            self._by_contract[id(contract)] = (rules, contract, found)
        play_rules: PlayRules = found
        return play_rules

    def phases(self, rules: Rules, contract: Contract, dealer: int) -> tuple[Phase, ...]:
        """The phases between the auction and the play (empty: none)."""
        found = self._phases(rules, contract, dealer)
        if found is None and self._phases_below is not None:
            found = self._phases_below(rules, contract, dealer)
        phases = tuple(found) if found else ()
        for phase in phases:
            if not isinstance(phase, Phase):
                raise PluginError(
                    self._name,
                    _(
                        "atout_phases answered {value}, which is not a Phase",
                        value=repr(phase),
                    ),
                )
        return phases

    def sides(
        self, rules: Rules, contract: Contract, decisions: Sequence[tuple[int, str]], seats: int
    ) -> tuple[int, ...]:
        """Each seat's side in a deal at a table of ``seats`` seats: the variant's, else the
        fixed partners of four seats, every seat alone at another table. A contract that calls
        a card has the kernel's sides (the deal makes them from the hands): the variant's
        answer for it is refused."""
        found = None
        if self.has_sides:
            decisions = tuple(decisions)
            found = self._sides(rules, contract, decisions)
            if found is None and self._sides_below is not None:
                found = self._sides_below(rules, contract, decisions)
        if found is None:
            return FIXED_PARTNERS if seats == 4 else tuple(range(seats))
        if contract.called is not None:
            raise PluginError(
                self._name,
                _(
                    "atout_sides answered {value} for a contract that calls a card: its sides "
                    "are the kernel's (the taker and the card's holder against the others); "
                    "answer None for it",
                    value=repr(found),
                ),
            )
        sides = tuple(found)
        if len(sides) != seats or not all(type(s) is int and 0 <= s < seats for s in sides):
            raise PluginError(
                self._name,
                _(
                    "atout_sides answered {value}: one side per seat is needed, {n} small ints "
                    "from 0 to {top}",
                    value=repr(found),
                    n=seats,
                    top=seats - 1,
                ),
            )
        return sides

    def first_leader(
        self,
        rules: Rules,
        dealer: int,
        contract: Contract,
        seats: int = 4,
        hands: Sequence[int] = (),
    ) -> int:
        """Who leads the first trick at a table of ``seats`` seats, whose ``hands`` are each
        seat's cards when play starts."""
        found = self._leader(rules, dealer, contract, seats, hands)
        if found is None and self._leader_below is not None:
            found = self._leader_below(rules, dealer, contract, seats, hands)
        if found is None:
            raise self._missing("atout_first_leader")
        leader = int(found)
        if not 0 <= leader < seats:  # (a seat sitting out is the variant's to avoid)
            raise PluginError(
                self._name,
                _(
                    "{hook} answered {reason}",
                    hook="atout_first_leader",
                    reason=_(
                        "{value}, not a seat at the table ({seats})",
                        value=repr(found),
                        seats=", ".join(f"{i} {name}" for i, name in enumerate(self.seats)),
                    ),
                ),
            )
        return leader

    def play_plan(self, rules: Rules, contract: Contract, talon: int, seats: int) -> PlayPlan:
        """What the play does beyond the seats' cards (:class:`PlayPlan`), checked against the
        talon (``talon``: its cards when play starts, bitmask) and the table of ``seats``."""
        found = self._plan(rules, contract)
        if found is None and self._plan_below is not None:
            found = self._plan_below(rules, contract)
        if found is None:
            return NO_PLAN
        # (a plugin author's error, in English, as the deal's other checks of a hook's answer)
        fault = None
        if not isinstance(found, PlayPlan):
            fault = f"{found!r}, which is not a PlayPlan"
        elif not 0 <= found.talon_leads <= talon.bit_count():
            fault = (
                f"{found.talon_leads} talon leads with {talon.bit_count()} cards in the talon "
                "when play starts"
            )
        elif found.after_talon not in ("first_leader", "winner"):
            fault = f"after_talon {found.after_talon!r}, not first_leader or winner"
        elif found.talon_owner is not None and (
            not found.talon_leads or found.talon_owner != contract.sitting_out
        ):
            fault = (
                f"talon_owner {found.talon_owner!r} with {found.talon_leads} talon leads: the "
                f"owner of the talon's leads must be the seat that sits out of the deal "
                f"(the contract's sitting_out, {contract.sitting_out!r})"
            )
        elif found.shown_after < 0 or not all(
            type(s) is int and 0 <= s < seats for s in found.shown
        ):
            fault = (
                f"shown {found.shown!r} after {found.shown_after} cards: seats 0 to "
                f"{seats - 1}, after 0 or more cards"
            )
        elif not all(type(s) is int and 0 <= s < seats for s in found.avoid_tricks):
            fault = f"avoid_tricks {found.avoid_tricks!r}: seats 0 to {seats - 1}"
        if fault is not None:
            raise PluginError(self._name, f"atout_play_plan answered {fault}")
        plan: PlayPlan = found
        return plan

    def find_announcements(
        self, rules: Rules, contract: Contract, seat: int, hand: int
    ) -> tuple[Announcement, ...]:
        """What ``seat`` declares with its first card."""
        found = self._find(rules, contract, seat, hand)
        if found is None and self._find_below is not None:
            found = self._find_below(rules, contract, seat, hand)
        return tuple(found) if found else ()

    def declarations(
        self, rules: Rules, contract: Contract, hands: Sequence[int]
    ) -> tuple[tuple[Announcement, ...], ...]:
        """What each seat declares with its first card, indexed by seat (nothing for a seat
        sitting out)."""
        top, below = self._find, self._find_below
        sitting_out = contract.sitting_out
        out = []
        for seat, hand in enumerate(hands):
            if seat == sitting_out:
                out.append(())
                continue
            found = top(rules, contract, seat, hand)
            if found is None and below is not None:
                found = below(rules, contract, seat, hand)
            out.append(tuple(found) if found else ())
        return tuple(out)

    def counted_announcements(
        self, rules: Rules, contract: Contract, declared: Sequence[Announcement]
    ) -> tuple[Announcement, ...]:
        """Which of the declarations count."""
        declared = tuple(declared)
        found = self._counted(rules, contract, declared)
        if found is None and self._counted_below is not None:
            found = self._counted_below(rules, contract, declared)
        return tuple(found) if found else ()

    def play_declarations(
        self, rules: Rules, contract: Contract, hands: Sequence[int], tricks: Sequence[Trick]
    ) -> tuple[Announcement, ...]:
        """The declarations made in play that count (belote, cantes)."""
        found = self._declarations(rules, contract, hands, tricks)
        if found is None and self._declarations_below is not None:
            found = self._declarations_below(rules, contract, hands, tricks)
        return tuple(found) if found else ()

    def make_record(self, rules: Rules, played: PlayedDeal) -> dict[str, Any]:
        """The deal record of a deal played in the engine: ``{"thrown_in": true}`` for a deal
        thrown in (no contract), the kernel's own record, or the variant's
        (``atout_make_record``)."""
        if played.contract is None:
            return {THROWN_IN: True}
        found = self._record(rules, played)
        if found is None and self._record_below is not None:
            found = self._record_below(rules, played)
        if found is None:
            raise self._missing("atout_make_record")
        return dict(found)

    def score_deal(
        self, rules: Rules, record: Any, context: MatchContext | None = None
    ) -> DealScore:
        """Score a record already validated."""
        if context is None:
            context = self._start
        found = self._score(rules, record, context)
        if found is None and self._score_below is not None:
            found = self._score_below(rules, record, context)
        if found is None:
            raise self._missing("atout_score_deal")
        score: DealScore = found
        if self._teams:  # (a score naming only teams has both, NS first: nothing to do)
            if score.names_others:
                score = self._every_column(score)
        elif score.points.keys() != self._keys:
            score = self._every_column(score)
        if score.wins_match is not None and score.wins_match not in self._winners:
            exc = UnknownScoreColumn("wins_match", score.wins_match, self._winners)
            raise not_a_column(self._name, "atout_score_deal", exc)
        return score

    def _every_column(self, score: DealScore) -> DealScore:
        """``score`` with a point in every score column, in their order (0 where it wrote
        none); a :class:`PluginError` naming the hook for points written in a key that is
        not a column (a key with 0 loses nothing: ``DealScore({})`` names both teams)."""
        points = score.points
        for key, value in points.items():
            if value and key not in self._keys:
                exc = UnknownScoreColumn("points", key, self._columns)
                raise not_a_column(self._name, "atout_score_deal", exc)
        return score.with_points({key: points.get(key, 0) for key in self._columns})

    def first_context(self) -> MatchContext:
        """The context of a deal scored outside a match: every score column at 0."""
        return self._start

    def check_counts(self, summary: Sequence[SummaryLine]) -> None:
        """Refuse a match summary whose counts are keyed by something that is not a score
        column or a group of them (a :class:`PluginError` naming the hook)."""
        for line in summary:
            for key in line.counts:
                if key not in self._winners:
                    exc = UnknownScoreColumn("counts", key, self._winners)
                    raise not_a_column(self._name, "atout_match_summary", exc)

    def match_outcome(
        self, rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
    ) -> MatchOutcome:
        """Whether the match is over after a deal, and who won; settled (:meth:`settle`) when
        it is over.

        A mutable sequence of scores is handed to the hook as a tuple; a read-only one as it is
        (a store's scores may be read from it only when the hook reads them).
        """
        # The hook's own copy of the totals. A match's are a read-only view, copied by its own
        # copy(): dict() of a view reads it key by key, about 600 ns more a deal.
        totals = totals.copy() if type(totals) is MappingProxyType else dict(totals)
        if type(scores) is list or isinstance(scores, MutableSequence):
            scores = tuple(scores)
        found = self._outcome(rules, totals, scores)
        if found is None and self._outcome_below is not None:
            found = self._outcome_below(rules, totals, scores)
        if found is None:
            raise self._missing("atout_match_outcome")
        outcome: MatchOutcome = found
        winner = outcome.winner
        if winner is not None and winner not in self._winners:
            exc = UnknownScoreColumn("winner", winner, self._winners)
            raise not_a_column(self._name, "atout_match_outcome", exc)
        if self._settle is not _none and outcome.over:  # (no call at all for no settlement)
            settlement = self.settle(rules, totals)
            if settlement:
                outcome = outcome.settled(settlement)
        return outcome

    def settle(self, rules: Rules, totals: Mapping[str, int]) -> Mapping[str, int]:
        """What each seat wins or pays at the end of a match (the variant's ``atout_settle``),
        every seat of the table named in order; empty when the variant has no settlement.

        :raises PluginError: naming the hook, for a settlement keyed by something that is not a
            seat, a value that is not an integer, or values that do not sum to zero.
        """
        totals = dict(totals)
        found = self._settle(rules, totals)
        if found is None and self._settle_below is not None:
            found = self._settle_below(rules, totals)
        if found is None:
            return _NO_SETTLEMENT
        return checked_settlement(self._name, self.seats, found)


#: No settlement (read-only: shared).
_NO_SETTLEMENT: Mapping[str, int] = MappingProxyType({})


def checked_settlement(variant: str, seats: Sequence[str], found: object) -> Mapping[str, int]:
    """``found``, the answer of ``atout_settle``, as every seat's integer in playing order; a
    :class:`PluginError` naming the hook for anything else."""

    def refused(reason: str) -> PluginError:
        return PluginError(
            variant, _("{hook} answered {reason}", hook="atout_settle", reason=reason)
        )

    if not isinstance(found, Mapping):
        raise refused(_("{value}, not a mapping of seats to integers", value=repr(found)))
    for seat, value in found.items():
        if seat not in seats:
            raise refused(
                _(
                    "{key}, which is not a seat ({seats})",
                    key=repr(seat),
                    seats=", ".join(seats),
                )
            )
        if not isinstance(value, int) or isinstance(value, bool):
            raise refused(_("{value} for {seat}, not an integer", value=repr(value), seat=seat))
    settlement = {seat: int(found.get(seat, 0)) for seat in seats}
    balance = sum(settlement.values())
    if balance != 0:
        raise refused(
            _(
                "a settlement that sums to {balance}, not 0 ({settlement})",
                balance=balance,
                settlement=", ".join(f"{s} {v:+d}" for s, v in settlement.items()),
            )
        )
    return MappingProxyType(settlement)


class PluginManager(pluggy.PluginManager):
    """pluggy's plugin manager, counting the changes to its plugins (every registration,
    removal, block and unblock) and to its monitoring (a hook-call monitor added or removed):
    a :class:`DealHooks` made for it tells whether it still stands by one comparison of that
    count (:attr:`DealHooks.made_for`), not by comparing the plugins themselves.

    ``VariantHooks`` asks that on every hook call it makes (two a simulated deal):
    ``benchmarks/kernel_callgrind.py`` measured the check at about 2,300 instructions a call with
    the comparison of the plugins, about 1,200 with the count and pluggy's calling function
    compared in a method of its own, and about 500 for the count compared where it is asked.
    """

    #: how many times the plugins or the monitoring changed (a change that failed counts too:
    #: a :class:`DealHooks` made again is all it costs)
    changes = 0

    def add_hookcall_monitoring(self, before: Any, after: Any) -> Callable[[], None]:
        # (a monitor replaces pluggy's calling function: the hooks are then called through it)
        undo = super().add_hookcall_monitoring(before, after)
        self.changes += 1

        def undo_and_count() -> None:
            try:
                undo()
            finally:
                self.changes += 1

        return undo_and_count

    def register(self, plugin: object, name: str | None = None) -> str | None:
        try:
            return super().register(plugin, name)
        finally:
            self.changes += 1

    def unregister(self, plugin: object | None = None, name: str | None = None) -> Any | None:
        try:
            return super().unregister(plugin, name)
        finally:
            self.changes += 1

    def set_blocked(self, name: str) -> None:
        try:
            super().set_blocked(name)
        finally:
            self.changes += 1

    def unblock(self, name: str) -> bool:
        try:
            return super().unblock(name)
        finally:
            self.changes += 1


#: pluggy's own calling function, in place while no hook-call monitor is.
_PLUGGY_LOOP = _monitor(pluggy.PluginManager("atout"))
