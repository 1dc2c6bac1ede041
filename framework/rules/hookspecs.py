"""The hook catalogue: everything a variant plugin can tell the kernel, in the order a deal uses it.

A variant is a stack of plugins: optional base plugins (a family such as the belote family),
the variant's own plugin on top, and optional house-rule plugins above it. For a "one answer"
hook (``firstresult``) the top-most plugin that returns something other than None wins, so a house
rule, on top, overrides one hook by answering it (and returns None where it defers).

Hooks are called once per game or once per deal, never per card: they return data, or a small
function that the kernel keeps for the whole deal (see :class:`framework.rules.tricks.PlayRules`).

Every hook is documented in ``docs/hooks.md``; a test checks that the two agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from framework.core.options import Rules
    from framework.rules.announcements import Announcement
    from framework.rules.auction import Auction, Call, Contract, ContractKind
    from framework.rules.dealing import DealPattern
    from framework.rules.declaration import Declaration, TableShape
    from framework.rules.outcome import MatchOutcome, SummaryLine
    from framework.rules.phases import Phase, PhaseAction
    from framework.rules.play_plan import PlayPlan
    from framework.rules.played import PlayedDeal, Trick
    from framework.rules.schema import RecordSchema
    from framework.rules.scoring import DealScore, MatchContext
    from framework.rules.tricks import PlayRules

#: Marks a function of this module as a hook's specification.
hookspec = pluggy.HookspecMarker("atout")
#: Marks a plugin's function as the implementation of a hook (``@hookimpl``,
#: ``@hookimpl(tryfirst=True)``); a plugin imports it from :mod:`framework.api`.
hookimpl = pluggy.HookimplMarker("atout")

# --------------------------------------------------------------------------------------------
# The variant: what it is, what it builds on, its options and presets
# --------------------------------------------------------------------------------------------


@hookspec
def atout_bases() -> Sequence[object]:
    """Name the plugins this plugin builds on.

    Called on each plugin alone, before it is stacked: the kernel registers the bases below it
    (recursively), so the plugin's own hooks run first and the bases answer what it leaves to
    them. A base is a plugin object (a module), or the name of another installed variant, which
    is how a house-rule variant extends an existing one.

    :return: a list of plugin objects or variant names, lowest first; an empty list or None for a
        plugin that stands alone.
    """


@hookspec
def atout_declare() -> Declaration:
    """Declare what the plugin merely states: the variant's title, summary and deck, its rule
    options with their words, its presets and its gettext catalog.

    Collecting: called once when the variant is loaded, on every plugin of the stack, top
    plugin first (a family plugin declares the options it implements and its catalog, the
    variant its title, deck, own options and presets, a house rule what it adds). Declaring
    the same option or preset name twice is an error; a preset may only set declared options;
    the first preset of the top-most plugin that declares presets is the default.

    :return: a :class:`framework.rules.declaration.Declaration`.
    """


@hookspec(firstresult=True)
def atout_table_shape(rules: Rules) -> TableShape | None:
    """Say the table's shape under these rules, when the variant's options change it
    (Préférence's ``players``: three seats, or four with the dealer sitting out).

    Called once per rules (the answer is kept), and for the default preset's rules when the
    variant loads: its answer there is the shape ``atout variants`` and a new game show. Its
    seats and score columns are checked as a declaration's are.

    :param rules: the game's rules.
    :return: a :class:`framework.rules.declaration.TableShape`; None keeps the seats and
        score columns the plugins declared (``atout_declare``). Stops at first non-None result.
    """


# --------------------------------------------------------------------------------------------
# Deal and auction
# --------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Say how the cards are dealt: the deck, the packets before and after the auction, and
    whether a card is turned up.

    Called once per deal.

    :param rules: the game's rules.
    :return: a :class:`framework.rules.dealing.DealPattern`. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    """Start the auction of a deal.

    Called once per deal, after the first packets are dealt.

    :param rules: the game's rules.
    :param dealer: the dealer's seat (0–3: N E S W).
    :param turn_up: the card turned face up (a small int), or None when the pattern turns none.
    :param context: the match so far (some auctions depend on the score, e.g. Cuatrola's exact
        11).
    :return: a fresh :class:`framework.rules.auction.Auction`. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind] | None:
    """List the kinds of contract the variant plays, with their labels.

    Called once per rules (the answer is kept): ``atout legal/trick --contract`` read a
    contract kind through it, and list these kinds when one is unknown; a form, a table or a
    bot offers them.

    :param rules: the game's rules (a preset may allow no-trumps or not).
    :return: the :class:`framework.rules.auction.ContractKind` s, in the order a player is offered
        them; None leaves the kernel's list: each suit of the deck as trumps (no trumps, all
        trumps and any other kind are the variant's to list). Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_call_label(rules: Rules, call: Call) -> str | None:
    """Give the words of one call of the auction for a player (``"110 hearts"`` for ``110H``).

    Called when a call is shown: by the CLI, the play table, a log; and for the heading of a
    level of bids in the play table's call menu, a call whose text is the bids' text less their
    denomination (``CAPOT`` of ``CAPOT S``, no denomination).

    :param call: one of the calls the auction offers, or such a level.
    :return: the words; None leaves the kernel's: ``pass``, or the call's text with its
        contract kind's label for its code (``110H`` → ``110 hearts``). Stops at first non-None
        result.
    """


@hookspec(firstresult=True)
def atout_call_excludes(rules: Rules, call: Call) -> int | None:
    """Say which cards a seat may not hold to make ``call``: what the call shows of the
    caller's hand (a Schafkopf taker may not call an ace it holds).

    Called once per call and rules (the kernel keeps the answer), when the legal calls of a
    seat are listed, when a call is made, and when the search samples the hidden hands. A
    seat holding one of these cards is not offered the call, and making it is refused; every
    information set knows the caller held none of them during the auction.

    :param rules: the game's rules.
    :param call: one of the calls the auction offers.
    :return: the cards, as a bitmask of the deck's cards; None or 0: the call shows nothing.
        Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_phases(rules: Rules, contract: Contract, dealer: int) -> Sequence[Phase] | None:
    """Give the phases of a deal between the auction and the play: take the talon, discard,
    name the game, decisions of other seats (whist or pass).

    Called once per deal, when the auction ends with a contract (never after a throw-in). The
    deal runs the phases in order (:class:`framework.rules.phases.Phase`: whose turn, the legal
    actions with the variant's codes and words, apply), logging each action as an event
    ``("take", seat, cards)``, ``("discard", seat, cards)``, ``("name", seat, contract)`` or
    ``("decide", seat, code)``; the contract and the sides are fixed when the last one ends
    (:func:`atout_sides`), then play starts.

    :param contract: the contract the auction ended with.
    :param dealer: the dealer's seat.
    :return: fresh :class:`framework.rules.phases.Phase` objects, in the order they are run; None
        or an empty list: play starts as the auction ends (the kernel's default, and the
        four-seat games'). Anything else than phases is refused when the deal reaches them,
        naming the hook. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_sides(
    rules: Rules, contract: Contract, decisions: Sequence[tuple[int, str]]
) -> tuple[int, ...] | None:
    """Say who plays with whom in a deal: each seat's side.

    Called once per deal, when the contract is fixed (after the phases, if any). Two seats play
    together when their sides are equal: the legal-play steps ask whether "my side" is winning
    the trick, and the side is the index of the score column a seat's tricks count for.

    :param contract: the contract played (as a ``name`` action left it).
    :param decisions: the decisions made in the phases, as ``(seat, code)`` in order (a defender
        who passes may play on no side of its own).
    :return: one small int per seat of the table, each from 0 to the number of seats less one
        (declarer against the defenders: ``(0, 1, 1)``; everyone alone: ``(0, 1, 2)``). None
        leaves the kernel's: the fixed partners of four seats (``(0, 1, 0, 1)``: N and S against
        E and W), every seat alone at another table. A tuple of another length or with another
        value is refused, naming the hook. A contract that calls a card (``Contract.called``:
        a partner hidden until the card is played) has the kernel's sides, the taker and the
        card's holder against the others: any answer for it is refused. Stops at first
        non-None result.
    """


@hookspec(firstresult=True)
def atout_bot_action(
    rules: Rules,
    contract: Contract,
    seat: int,
    hand: int,
    decisions: Sequence[tuple[int, str]],
    actions: Sequence[PhaseAction],
) -> PhaseAction | None:
    """Choose a phase's action for the rule bot: the variant's judgement of which cards to
    discard, which game to name, whether to whist.

    Called by the kernel's rule bot (and the search bot, whose rollouts play it) at each
    action of a phase it takes for a seat, with what that seat knows.

    :param contract: the contract as it stands (the bid, or as a ``name`` action left it).
    :param seat: the seat to act.
    :param hand: its cards now (bitmask; the talon in it once taken).
    :param decisions: the decisions made so far in the deal, as ``(seat, code)``.
    :param actions: the legal actions, never empty.
    :return: one of ``actions``; None leaves the kernel's choice: discard the weakest cards
        (the contract's trumps kept, then the fewest card points, then the lowest), else the
        first action offered. An action that is not one of ``actions`` is refused by the deal
        like any illegal action. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_first_leader(
    rules: Rules, dealer: int, contract: Contract, seats: int, hands: Sequence[int]
) -> int:
    """Say who leads the first trick.

    Called once per deal, when the contract is known. The kernel's default is the first seat
    after the dealer that plays this deal.

    :param seats: how many seats the table has (``Declaration.seats``); an implementation
        may leave this argument out.
    :param hands: each seat's cards when play starts (bitmasks), for a rule that names a card
        ("the holder of the two of clubs leads"); an implementation may leave it out.
    :return: a seat (0 to ``seats - 1``). Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_play_plan(rules: Rules, contract: Contract) -> PlayPlan | None:
    """Say what the play does beyond the cards the seats play: tricks led by the talon's cards,
    hands laid face up at a point of the play.

    Called once per deal, when play starts (after the phases, if any). The kernel's default is
    none of either.

    :param contract: the contract played (as a ``name`` action left it).
    :return: a :class:`framework.rules.play_plan.PlayPlan`; None: no talon leads, no hand laid
        open during play. Refused, naming the hook: more talon leads than the talon holds cards
        when play starts, a shown seat that is not at the table, a negative count, an
        ``after_talon`` other than ``first_leader`` or ``winner``. Stops at first non-None
        result.
    """


# --------------------------------------------------------------------------------------------
# Card play
# --------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    """Give the card order, the card points and the legal-play function of a contract.

    Called once per deal (and once per query by ``atout legal`` and ``atout trick``). The kernel
    keeps the answer for every card of the deal: this is the hot path, so the answer is tables
    and one pure function over bitmasks. Write the legal plays and their reasons once, as a
    step function (:func:`framework.rules.steps.legal_steps`), and build the answer with
    :class:`PlayRules <framework.rules.tricks.PlayRules>`.

    :param rules: the game's rules.
    :param contract: the contract being played.
    :return: a :class:`framework.rules.tricks.PlayRules`. Stops at first non-None result.
    """


# --------------------------------------------------------------------------------------------
# Announcements
# --------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def atout_find_announcements(
    rules: Rules, contract: Contract, seat: int, hand: int
) -> Sequence[Announcement]:
    """Find what a player declares with their first card: the best combinations of the hand.

    Called once per seat per deal, on the hand held when play starts. The kernel's default
    declares nothing.

    :param seat: the player.
    :param hand: the player's eight (or five) cards, as a bitmask.
    :return: the :class:`framework.rules.announcements.Announcement` s declared (one card in one
        combination). Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_announcement_optional(rules: Rules, announcement: Announcement) -> bool:
    """Say whether a player may keep a declaration quiet (not announce it).

    Asked only when a person plays (the play table, ``atout play``), for each combination
    :func:`atout_find_announcements` found in their hand, before their first card; never on
    the deal's hot path, and bots always announce. A combination kept quiet is not declared,
    not shown and not counted. The kernel's default: no choice, every combination is
    announced.

    :param announcement: a combination found in the player's hand.
    :return: True where the player may choose not to announce it. Stops at first non-None
        result.
    """


@hookspec(firstresult=True)
def atout_counted_announcements(
    rules: Rules, contract: Contract, declared: Sequence[Announcement]
) -> Sequence[Announcement]:
    """Compare the teams' declarations and say which ones count.

    Called once per deal with every seat's declarations. The kernel's default counts them all.

    :param declared: every declaration made, in playing order from the first leader.
    :return: the declarations that score. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_play_declarations(
    rules: Rules, contract: Contract, hands: Sequence[int], tricks: Sequence[Trick]
) -> Sequence[Announcement]:
    """Find the declarations made during play that score: belote-rebelote, cantes.

    Called once at the end of a played deal. The kernel's default finds none.

    :param hands: each seat's hand when play started (bitmasks, indexed by seat).
    :param tricks: every trick as ``(leader, cards in playing order, winner)`` (a
        :data:`~framework.rules.played.Trick`).
    :return: the declarations that count. Stops at first non-None result.
    """


# --------------------------------------------------------------------------------------------
# Deal records and scoring
# --------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def atout_record_schema(rules: Rules) -> RecordSchema:
    """Declare the variant's deal record once: its fields and the rules that span several.

    Called once per rule set (the answer is kept). From the schema the kernel validates every
    record written by a person or a program, the scorepad builds its deal form and its sheet's
    summaries, and the conformance kit generates bad records.

    :return: a :class:`framework.rules.schema.RecordSchema`. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_make_record(rules: Rules, played: PlayedDeal) -> Mapping[str, Any]:
    """Write the deal record of a deal played in the engine.

    Called once at the end of every played deal that has a contract. A deal thrown in (no
    contract) is not asked about: its record is the kernel's, ``{"thrown_in": true}``. The
    record must score, through :func:`atout_score_deal`, exactly as the played deal.

    :param played: the summary of the deal: contract, tricks, card points, counted
        declarations.
    :return: the record, as a JSON-ready mapping. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one valid deal record.

    Called once per deal scored, with a record already validated by the
    :func:`atout_record_schema`.

    :param context: the match so far, including the pot carried in.
    :return: a :class:`framework.rules.scoring.DealScore`. Stops at first non-None result.
    """


# --------------------------------------------------------------------------------------------
# End of the match
# --------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """Say whether the match is over after a deal, and who won.

    Called after every deal scored.

    :param totals: the score sheet's totals after the deal.
    :param scores: every deal's score so far, oldest first.
    :return: a :class:`framework.rules.outcome.MatchOutcome`. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def atout_settle(rules: Rules, totals: Mapping[str, int]) -> Mapping[str, int] | None:
    """Settle a match that is over: what each player wins or pays, as the variant's rules say
    (a Préférence pool becomes whists between each pair of players).

    Called once, when the match ends (by the variant's :func:`atout_match_outcome`, or after
    :attr:`Rules.match_deals <framework.core.options.Rules.match_deals>` deals), with the final
    totals by score column. The answer is kept in :attr:`MatchOutcome.settlement
    <framework.rules.outcome.MatchOutcome.settlement>`.

    :param totals: the score sheet's totals at the end, keyed by the variant's score columns.
    :return: integers keyed by seat name (a seat left out settles 0), summing to zero: where
        the rules divide, the variant rounds so that they still do. None (the kernel's
        default) for a variant with no settlement: the totals say who won. A settlement keyed
        by something that is not a seat, with a value that is not an integer, or that does not
        sum to zero is refused (a ``PluginError`` naming the hook). Stops at first non-None
        result.
    """


@hookspec(firstresult=True)
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> Sequence[SummaryLine] | None:
    """Count what each team did over a match, in the variant's own words.

    Called when a score sheet shows the end of a match (the scorepad's match-end summary), and
    whenever a client asks for the summary. Each line is one count per team: contracts taken,
    made and failed, doublings, capots or valats, belotes — whatever the variant's players
    count, named as they name it.

    :param records: every deal record of the match, validated, oldest first.
    :param scores: every deal's score, in the same order.
    :return: :class:`framework.rules.outcome.SummaryLine` s in the order to show them; an empty list
        or None for no summary (the kernel's default). Stops at first non-None result.
    """
